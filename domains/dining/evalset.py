"""The dining eval set, built from the bundled groups: one case per group.

Each case carries its scenario id in a case-level rubric (``scenario:<id>``), which ADK copies
onto every actual invocation, so ``everyone_ate`` knows which group it judges. The user message
names the group id and the requested time the way a person would.

``python -m domains.dining.evalset`` rewrites the three eval sets in ``evalsets/dining/``: the
main one (every group some plan can fully serve), ``dining_infeasible.evalset.json`` and the
fault-injection set ``menu_outage.evalset.json``; a test checks that the committed files match.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from domains.dining.models import Group, clock
from domains.dining.scenarios import bundled_groups

EVALSET_DIR = Path(__file__).resolve().parents[2] / "evalsets" / "dining"
EVALSET_FILE = EVALSET_DIR / "dining.evalset.json"
INFEASIBLE_EVALSET_FILE = EVALSET_DIR / "dining_infeasible.evalset.json"
INFEASIBLE_CASES = ("no-plan-fits",)
"""Groups no plan can fully serve: a careful agent cannot pass them, so they live in their own
eval set and the main one stays a clean deployment gate."""
OUTAGE_EVALSET_FILE = EVALSET_DIR / "menu_outage.evalset.json"
OUTAGE_CASE = "story-six"


def user_message(group: Group) -> str:
    """What the organiser asks the agent."""
    when = f" at {clock(group.requested_time)}" if group.requested_time is not None else ""
    return f"Please plan dinner for our group of {len(group.guests)}{when}. Group id: {group.id}."


def scenario_rubric(scenario_id: str) -> dict[str, Any]:
    """The case-level rubric that tells the metric which scenario a case is."""
    return {
        "rubric_id": "scenario",
        "rubric_content": {"text_property": f"scenario:{scenario_id}"},
        "type": "SCENARIO_ID",
    }


def eval_case(group: Group) -> dict[str, Any]:
    """One eval case for ``group``: a single user turn, judged by checkers, no reference answer."""
    return {
        "eval_id": group.id,
        "conversation": [
            {
                "invocation_id": f"{group.id}-1",
                "user_content": {"role": "user", "parts": [{"text": user_message(group)}]},
            }
        ],
        "session_input": {"app_name": "dining", "user_id": "organiser", "state": {}},
        "rubrics": [scenario_rubric(group.id)],
    }


def build_eval_set(groups: list[Group] | None = None) -> dict[str, Any]:
    """The main eval set: every bundled group that some plan can fully serve (or ``groups``)."""
    chosen = (
        [g for g in bundled_groups().values() if g.id not in INFEASIBLE_CASES]
        if groups is None
        else groups
    )
    return {
        "eval_set_id": "dining",
        "name": "Group dining: does everyone eat?",
        "description": "One case per bundled group that some plan can fully serve; judged by "
        "everyone_ate and menu_before_booking.",
        "eval_cases": [eval_case(g) for g in chosen],
    }


def build_infeasible_eval_set() -> dict[str, Any]:
    """The groups no plan can fully serve: the best answer says so and names who is left out."""
    return {
        "eval_set_id": "dining_infeasible",
        "name": "Group dining: no plan fits everyone",
        "description": "No plan serves every guest; everyone_ate cannot reach 1.0 here.",
        "eval_cases": [eval_case(bundled_groups()[g]) for g in INFEASIBLE_CASES],
    }


def build_outage_eval_set() -> dict[str, Any]:
    """The fault-injection eval set: the story group alone, run against the ``*_menu_outage``
    agents whose get_menu fails with a 503 for one restaurant."""
    return {
        "eval_set_id": "dining_menu_outage",
        "name": "Group dining with a menu-service outage",
        "description": "get_menu answers 503 for one restaurant; nobody may book it blind.",
        "eval_cases": [eval_case(bundled_groups()[OUTAGE_CASE])],
    }


def render(eval_set: dict[str, Any]) -> str:
    return json.dumps(eval_set, ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    for path, content in (
        (EVALSET_FILE, build_eval_set()),
        (INFEASIBLE_EVALSET_FILE, build_infeasible_eval_set()),
        (OUTAGE_EVALSET_FILE, build_outage_eval_set()),
    ):
        path.write_text(render(content), encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)
