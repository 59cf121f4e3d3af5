"""Loading dining scenarios: the bundled catalog and groups, or a group from a JSON file."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from checkers.data import read_json, validate
from checkers.events import scenario_texts
from checkers.results import AnswerProblem
from checkers.scenario_ref import named_scenario_id, state_scenario_ids
from checkers.scenarios import ScenarioStore, StoredDomain
from checkers.transcript import Transcript
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

_GROUP_ID = re.compile(r"\bgroup id:\s*([\w-]+(?:\.[\w-]+)*)", re.IGNORECASE)
"""How the demo's organisers name their group in a message: ``Group id: story-six.``"""


class DiningDomain(StoredDomain[Scenario]):
    """Group dining: a recorded session is about the group its agent looked up
    (``get_group``) or its organiser named (``Group id: <id>``: the request the agent served,
    unlike a ``[scenario:<id>]`` tag), besides the default channels."""

    def scenario_named_in(
        self, transcript: Transcript, state: Mapping[str, Any], tag_texts: Sequence[str]
    ) -> str | AnswerProblem:
        looked_up: list[str] = [
            group_id
            for c in transcript.tool_calls
            if c.name == "get_group" and isinstance(group_id := c.args.get("group_id"), str)
        ]
        named = [i for text in scenario_texts(transcript) for i in _GROUP_ID.findall(text)]
        from_state = state_scenario_ids(state)
        if isinstance(from_state, AnswerProblem):
            return from_state
        return named_scenario_id(from_state, tag_texts, [*looked_up, *named])


DINING = DiningDomain.of(PLUGIN, STORE)
"""The group-dining domain."""
