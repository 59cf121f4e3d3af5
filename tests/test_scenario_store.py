"""The scenario store every domain loads its scenarios through: bundled ids, files, the cache,
and the messages that name what is wrong and the fix."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field

from checkers.errors import DataError, ScenarioNotFound
from checkers.scenarios import ScenarioStore, StoredDomain, example_ids, shown_path


class Place(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    size: int = Field(ge=1)
    catalog: tuple[str, ...]


def bundle(tmp_path: Path, places: Any, catalog: Any = ("a", "b")) -> ScenarioStore[Place]:
    """A store over ``places`` in ``tmp_path/domains/demo/data/places.json``, with a shared
    catalog file."""
    data = tmp_path / "domains" / "demo" / "data"
    data.mkdir(parents=True, exist_ok=True)
    (data / "places.json").write_text(json.dumps(places), encoding="utf-8")
    (data / "catalog.json").write_text(json.dumps(catalog), encoding="utf-8")
    return ScenarioStore.json_array(
        Place, data / "places.json", defaults={"catalog": data / "catalog.json"}
    )


@pytest.mark.parametrize(
    ("ids", "shown"),
    [
        ([], "(none)"),
        (["a", "b"], "a, b"),
        ([f"g{i}" for i in range(12)], ", ".join(f"g{i}" for i in range(12))),
        ([f"np-{i}" for i in range(310)], "np-0, np-1 ... np-309 (310 tasks)"),
    ],
)
def test_known_ids_are_listed_in_full_or_as_a_range(ids: list[str], shown: str) -> None:
    assert example_ids(ids, "tasks") == shown


def test_a_path_is_shown_from_its_domains_folder() -> None:
    assert shown_path(Path("/x/domains/y/domains/demo/data/s.json")) == "domains/demo/data/s.json"
    assert shown_path(Path("/x/data/s.json")) == "/x/data/s.json"


def test_bundled_scenarios_load_by_id_with_the_shared_catalog(tmp_path: Path) -> None:
    store = bundle(tmp_path, [{"id": "one", "size": 2}, {"id": "two", "size": 1, "catalog": []}])
    assert store.ids() == ["one", "two"]
    assert store.load("one") == Place(id="one", size=2, catalog=("a", "b"))
    assert store.load("two").catalog == ()
    assert store.load("one") is store.load("one"), "bundled scenarios are loaded once"


def test_an_unknown_id_names_the_known_ones_and_the_fix(tmp_path: Path) -> None:
    store = bundle(tmp_path, [{"id": "one", "size": 2}])
    with pytest.raises(ScenarioNotFound) as caught:
        store.load("three")
    assert str(caught.value) == (
        "scenario 'three' not found in domains/demo/data/places.json; known ids: one; "
        "or pass the path of a scenario JSON file"
    )


def test_the_message_says_what_a_file_holds_and_lists_ids_as_told() -> None:
    store = ScenarioStore(
        lambda value, where: str(value),
        lambda: {"a": "A"},
        file_noun="group",
        known=lambda ids: f"{len(ids)} id(s)",
    )
    assert store.not_found("z" * 100) == (
        f"scenario {'z' * 80!r} not found; known ids: 1 id(s); "
        "or pass the path of a group JSON file"
    )


@pytest.mark.parametrize(
    ("places", "message"),
    [
        (
            {"id": "one"},
            'must hold a JSON array of scenarios, e.g. [{"id": "first", ...}], got dict',
        ),
        (
            [{"id": "one", "size": 2}, {"id": "two", "size": 0}],
            "places.json #2: size: Input should be greater than or equal to 1 (got '0'); "
            "1 error(s) in all",
        ),
        (
            [{"id": "one", "size": 2}, {"id": "one", "size": 3}],
            "places.json: scenario ids must be unique; repeated: ['one']",
        ),
    ],
)
def test_bad_bundled_data_is_an_error_naming_the_file(
    tmp_path: Path, places: Any, message: str
) -> None:
    with pytest.raises(DataError) as caught:
        bundle(tmp_path, places).load("one")
    assert str(caught.value).endswith(message)


def test_a_file_is_read_once_per_version(tmp_path: Path) -> None:
    store = bundle(tmp_path, [])
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"id": "mine", "size": 1}), encoding="utf-8")
    first = store.load(str(path))
    assert first == Place(id="mine", size=1, catalog=("a", "b"))
    assert store.load(str(path)) is first
    path.write_text(json.dumps({"id": "mine", "size": 22}), encoding="utf-8")
    os.utime(path, ns=(1, 1))  # another size and time: another version
    assert store.load(str(path)).size == 22


def test_files_that_do_not_load_say_why(tmp_path: Path) -> None:
    store = bundle(tmp_path, [])
    with pytest.raises(ScenarioNotFound, match=r"^scenario file '.*missing\.json' does not exist$"):
        store.load(str(tmp_path / "missing.json"))
    with pytest.raises(ScenarioNotFound, match=r"^scenario file '.*' is not a file$"):
        store.load(str(tmp_path) + "/")
    with pytest.raises(ScenarioNotFound, match="File name too long"):
        store.load("x" * 300 + ".json")
    with pytest.raises(ScenarioNotFound, match="embedded null byte"):
        store.load("a\x00.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(DataError, match=r"bad\.json is not valid JSON \(line 1, column 2"):
        store.load(str(bad))
    bad.write_text(json.dumps({"id": "b", "size": "big"}), encoding="utf-8")
    with pytest.raises(DataError, match=r"bad\.json: size: Input should be a valid integer"):
        store.load(str(bad))


def test_a_stored_domain_loads_through_its_store(tmp_path: Path) -> None:
    domain = StoredDomain("demo", bundle(tmp_path, [{"id": "one", "size": 2}]), "member")
    assert (domain.name, domain.subject_noun) == ("demo", "member")
    assert domain.scenario_ids() == ["one"]
    assert domain.load_scenario("one").size == 2
