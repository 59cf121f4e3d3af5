"""Loading dining scenarios: the bundled catalog and groups, or a group from a JSON file."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from stat import S_ISREG

from pydantic import TypeAdapter

from checkers.data import read_json, validate
from checkers.errors import ScenarioNotFound
from checkers.metric import Domain
from domains.dining.models import Group, Restaurant, Scenario

DATA_DIR = Path(__file__).parent / "data"
RESTAURANTS_FILE = DATA_DIR / "restaurants.json"
GROUPS_FILE = DATA_DIR / "groups.json"


@lru_cache(maxsize=1)
def bundled_restaurants() -> tuple[Restaurant, ...]:
    """The bundled restaurant catalog."""
    return validate(  # type: ignore[no-any-return]
        TypeAdapter(tuple[Restaurant, ...]), read_json(RESTAURANTS_FILE), RESTAURANTS_FILE
    )


@lru_cache(maxsize=1)
def bundled_groups() -> dict[str, Group]:
    """The bundled groups by id, in file order."""
    groups = validate(TypeAdapter(list[Group]), read_json(GROUPS_FILE), GROUPS_FILE)
    return {g.id: g for g in groups}


def scenario_from_file(path: Path) -> Scenario:
    """A scenario from a JSON file holding either a group (judged against the bundled catalog)
    or ``{"group": {...}, "restaurants": [...]}``.

    Parsed files are cached by absolute path, size and modification time, so an eval that names
    the same file in every case reads it once, and an edited file is read again. Raises
    ScenarioNotFound when there is no such file, DataError when it cannot be read or is invalid.
    """
    try:
        stat = os.stat(path)
    except FileNotFoundError as error:
        raise ScenarioNotFound(f"scenario file {str(path)[:200]!r} does not exist") from error
    except OSError as error:  # e.g. a name longer than the filesystem allows
        raise ScenarioNotFound(f"scenario file {str(path)[:200]!r}: {error.strerror}") from error
    if not S_ISREG(stat.st_mode):
        raise ScenarioNotFound(f"scenario file {str(path)[:200]!r} is not a file")
    # abspath, not resolve(): resolving symlinks costs a system call per path component, and
    # this runs once per invocation judged.
    return _scenario_from_file(os.path.abspath(path), stat.st_size, stat.st_mtime_ns)


@lru_cache(maxsize=64)
def _scenario_from_file(name: str, size: int, mtime_ns: int) -> Scenario:
    path = Path(name)
    raw = read_json(path)
    if isinstance(raw, dict) and "group" in raw:
        if "restaurants" not in raw:
            group = validate(TypeAdapter(Group), raw["group"], path)
            return Scenario(group=group, restaurants=bundled_restaurants())
        return validate(TypeAdapter(Scenario), raw, path)  # type: ignore[no-any-return]
    group = validate(TypeAdapter(Group), raw, path)
    return Scenario(group=group, restaurants=bundled_restaurants())


class DiningDomain(Domain[Scenario]):
    """The group-dining domain."""

    name = "dining"
    subject_noun = "guest"

    def scenario_ids(self) -> list[str]:
        return list(bundled_groups())

    def load_scenario(self, ref: str) -> Scenario:
        if ref.endswith(".json") or "/" in ref or "\\" in ref:
            return scenario_from_file(Path(ref))
        groups = bundled_groups()
        if ref in groups:
            return Scenario(group=groups[ref], restaurants=bundled_restaurants())
        raise ScenarioNotFound(
            f"scenario {ref[:80]!r} not found in domains/dining/data/groups.json; "
            f"known ids: {', '.join(groups)}; or pass the path of a group JSON file"
        )


DINING = DiningDomain()
