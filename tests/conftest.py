"""Shared fixtures: a tiny hand-built dining scenario that does not depend on the bundled data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# Every property here is about what is generated, never how fast: on a loaded 2-core machine a
# draw or an example can take seconds, which must not fail a test. Tests that set their own
# settings inherit this for the fields they leave out.
settings.register_profile(
    "checkers-tests",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("checkers-tests")

TINY_SCENARIO: dict[str, Any] = {
    "group": {
        "id": "tiny",
        "description": "two guests, two restaurants: Green Leaf feeds both, Meat Shack only Bo",
        "duration_minutes": 90,
        "requested_time": 1140,
        "guests": [
            {
                "id": "ana",
                "name": "Ana",
                "requirements": [
                    {"kind": "diet", "diet": "vegetarian"},
                    {"kind": "availability", "available_from": 1080, "available_until": 1320},
                ],
            },
            {"id": "bo", "name": "Bo", "requirements": [{"kind": "allergy", "allergen": "peanut"}]},
        ],
    },
    "restaurants": [
        {
            "id": "green",
            "name": "Green Leaf",
            "cuisine": "vegetarian",
            "rating": 4.2,
            "location": {"lat": 37.77, "lon": -122.42},
            "hours": [{"opens": 1020, "closes": 1380}],
            "menu": [
                {"name": "Lentil stew", "price": 14, "diets": ["vegetarian", "vegan"], "spice": 1}
            ],
        },
        {
            "id": "meat",
            "name": "Meat Shack",
            "cuisine": "bbq",
            "rating": 4.8,
            "location": {"lat": 37.78, "lon": -122.41},
            "hours": [{"opens": 1020, "closes": 1320}],
            "menu": [{"name": "Brisket", "price": 24, "allergens": [], "spice": 2}],
        },
    ],
}


@pytest.fixture
def tiny_scenario_path(tmp_path: Path) -> Path:
    """The tiny scenario written to a JSON file; its path works as a scenario id."""
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(TINY_SCENARIO), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def tiny_ref(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The tiny scenario as a file, once per module (hypothesis tests may not use a
    function-scoped fixture); its path is the scenario id."""
    path = tmp_path_factory.mktemp("tiny") / "tiny.json"
    path.write_text(json.dumps(TINY_SCENARIO), encoding="utf-8")
    return str(path)


LONG_FIRST = (
    "checkers-meta/orders",
    "tests/test_score_attack.py",
    "checkers-meta/dining",
    "tests/test_tutorial.py",
    "checkers-meta/airline",
    "tests/test_scheduling_generators.py",
    "tests/test_meta_breaks.py",
    "tests/test_code_quality.py",
    "tests/test_final_word.py",
    "tests/test_scaffold.py",
    "checkers-meta/scheduling",
)
"""The files (and the meta-test groups of checkers.meta.plugin) that take minutes each, longest
first. ``./dev test`` hands files to its workers in collection order (--no-loadscope-reorder),
so these go first: otherwise they come last (pytest-xdist orders by number of tests, and these
hold few), and one worker runs a long file while the other has nothing left."""


def _long_first(item: pytest.Item) -> int:
    file = item.nodeid.split("::", 1)[0]
    return LONG_FIRST.index(file) if file in LONG_FIRST else len(LONG_FIRST)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_long_first)  # stable: the order within each file, and of the rest, is kept
