"""Loading dining scenarios: the bundled catalog and groups, or a group from a JSON file."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from checkers.data import read_json, validate
from checkers.scenarios import ScenarioStore, StoredDomain
from domains.dining import PLUGIN
from domains.dining.models import Group, Restaurant, Scenario

DATA_DIR = Path(__file__).parent / "data"
RESTAURANTS_FILE = DATA_DIR / "restaurants.json"
GROUPS_FILE = DATA_DIR / "groups.json"


@lru_cache(maxsize=1)
def bundled_restaurants() -> tuple[Restaurant, ...]:
    """The bundled restaurant catalog."""
    return validate(
        TypeAdapter(tuple[Restaurant, ...]), read_json(RESTAURANTS_FILE), RESTAURANTS_FILE
    )


@lru_cache(maxsize=1)
def bundled_groups() -> dict[str, Group]:
    """The bundled groups by id, in file order."""
    groups = validate(TypeAdapter(list[Group]), read_json(GROUPS_FILE), GROUPS_FILE)
    return {g.id: g for g in groups}


def scenario_from_json(raw: Any, where: str) -> Scenario:
    """A scenario from a file's JSON: either a group (judged against the bundled catalog) or
    ``{"group": {...}, "restaurants": [...]}``. Raises DataError naming ``where``."""
    if isinstance(raw, dict) and "group" in raw:
        if "restaurants" not in raw:
            group = validate(TypeAdapter(Group), raw["group"], where)
            return Scenario(group=group, restaurants=bundled_restaurants())
        return validate(TypeAdapter(Scenario), raw, where)
    group = validate(TypeAdapter(Group), raw, where)
    return Scenario(group=group, restaurants=bundled_restaurants())


def _bundled_scenarios() -> dict[str, Scenario]:
    return {
        id_: Scenario(group=group, restaurants=bundled_restaurants())
        for id_, group in bundled_groups().items()
    }


STORE = ScenarioStore(
    scenario_from_json,
    _bundled_scenarios,
    source="domains/dining/data/groups.json",
    file_noun="group",
)
"""The bundled groups by id, or a group (or a whole scenario) from a JSON file."""

scenario_from_file = STORE.load_file

DINING = StoredDomain.of(PLUGIN, STORE)
"""The group-dining domain."""
