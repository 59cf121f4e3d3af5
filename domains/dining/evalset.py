"""The dining eval set, built from the bundled groups: one case per group.

Each case carries its scenario id in a case-level rubric (``scenario:<id>``), which ADK copies
onto every actual invocation, so ``everyone_ate`` knows which group it judges. The user message
names the group id and the requested time the way a person would.

``python -m domains.dining.evalset`` rewrites ``evalsets/dining/dining.evalset.json``; a test
checks that the committed file matches the groups.
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
    """The eval set as JSON-able data (every bundled group unless ``groups`` is given)."""
    chosen = list(bundled_groups().values()) if groups is None else groups
    return {
        "eval_set_id": "dining",
        "name": "Group dining: does everyone eat?",
        "description": "One case per bundled group; judged by everyone_ate and menu_before_booking.",
        "eval_cases": [eval_case(g) for g in chosen],
    }


def render(eval_set: dict[str, Any]) -> str:
    return json.dumps(eval_set, ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    EVALSET_FILE.write_text(render(build_eval_set()), encoding="utf-8")
    print(f"wrote {EVALSET_FILE}", file=sys.stderr)
