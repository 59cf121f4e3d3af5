"""The dining eval set, built from the bundled groups: one case per group.

Each case carries its scenario id in a case-level rubric (``scenario:<id>``), which ADK copies
onto every actual invocation, so ``everyone_ate`` knows which group it judges. The user message
names the group id and the requested time the way a person would.

``python -m domains.dining.evalset`` rewrites the three eval sets in ``evalsets/dining/``: the
main one (every group some plan can fully serve), ``dining_infeasible.evalset.json`` and the
fault-injection set ``menu_outage.evalset.json``; a test checks that the committed files match.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from checkers.evalset import eval_set, static_cases, write_eval_set
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


def eval_cases(groups: Iterable[Group]) -> list[dict[str, Any]]:
    """One case per group: a single user turn, judged by checkers, no reference answer."""
    turns = ((group.id, [user_message(group)]) for group in groups)
    return static_cases(turns, app_name="dining", user_id="organiser")


def build_eval_set(groups: list[Group] | None = None) -> dict[str, Any]:
    """The main eval set: every bundled group that some plan can fully serve (or ``groups``)."""
    chosen = (
        [g for g in bundled_groups().values() if g.id not in INFEASIBLE_CASES]
        if groups is None
        else groups
    )
    return eval_set(
        "dining",
        "Group dining: does everyone eat?",
        "One case per bundled group that some plan can fully serve; judged by "
        "everyone_ate and menu_before_booking.",
        eval_cases(chosen),
    )


def build_infeasible_eval_set() -> dict[str, Any]:
    """The groups no plan can fully serve: the best answer says so and names who is left out."""
    return eval_set(
        "dining_infeasible",
        "Group dining: no plan fits everyone",
        "No plan serves every guest; everyone_ate cannot reach 1.0 here.",
        eval_cases(bundled_groups()[g] for g in INFEASIBLE_CASES),
    )


def build_outage_eval_set() -> dict[str, Any]:
    """The fault-injection eval set: the story group alone, run against the ``*_menu_outage``
    agents whose get_menu fails with a 503 for one restaurant."""
    return eval_set(
        "dining_menu_outage",
        "Group dining with a menu-service outage",
        "get_menu answers 503 for one restaurant; nobody may book it blind.",
        eval_cases([bundled_groups()[OUTAGE_CASE]]),
    )


if __name__ == "__main__":
    for path, content in (
        (EVALSET_FILE, build_eval_set()),
        (INFEASIBLE_EVALSET_FILE, build_infeasible_eval_set()),
        (OUTAGE_EVALSET_FILE, build_outage_eval_set()),
    ):
        write_eval_set(path, content)
