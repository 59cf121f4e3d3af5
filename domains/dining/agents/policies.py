"""What the offline dining agents decide, step by step, from what their tools returned.

- ``dining/rating_first`` is flawed the way the talk describes: it asks for restaurants open at the
  requested time, books the top-rated one, and never looks at anyone's needs.
- ``dining/careful`` reads the group's requirements, every restaurant's hours and menu, searches
  every plan for the one that serves the most guests (preferring the requested time), checks
  availability, and books only a plan that serves everyone. A menu that could not be fetched
  rules its restaurant out rather than being guessed. When no plan serves everyone it says so
  plainly, proposes the best plan, names who is left out and why, and books nothing.
- ``dining/books_another`` is flawed in what it does, not in what it says: it reasons exactly as
  ``careful`` and announces careful's plan, but books the best-rated other restaurant open at
  that time. Its answer alone would pass ``everyone_ate``; the booking it made is what the guests
  get, so the checker judges that and fails the disagreement (``committed_plan_differs``).

Policies see only the conversation (user text, tool calls and responses), never the data files.
"""

from __future__ import annotations

import json
import re
from typing import Any

from checkers.adk.scripted_model import (
    PlannedCall,
    RequestView,
    Step,
    call,
    parallel,
    register_policy,
    say,
)
from domains.dining.judge import judge_plan
from domains.dining.models import Group, OpeningInterval, Restaurant, Scenario, clock, parse_clock
from domains.dining.solver import ScoredPlan, best_plans

_GROUP_ID = re.compile(r"group id[:\s]+([A-Za-z0-9_-]+)", re.IGNORECASE)
_AT_TIME = re.compile(r"\bat ([01][0-9]|2[0-3]):([0-5][0-9])\b")
_PARTY = re.compile(r"group of (\d+)", re.IGNORECASE)


def _requested_time(text: str) -> str:
    match = _AT_TIME.search(text)
    return f"{match.group(1)}:{match.group(2)}" if match else "19:00"


def _answer_block(plan: dict[str, str]) -> str:
    return f"```json\n{json.dumps(plan)}\n```"


def rating_first(view: RequestView) -> Step:
    """Books the best-rated restaurant open at the requested time; checks nobody's needs."""
    text = view.latest_user_text
    time = _requested_time(text)
    if not view.turn_called("find_restaurants"):
        return call("find_restaurants", open_at=time)
    found = view.last_response("find_restaurants") or {}
    restaurants = found.get("restaurants") or []
    if not restaurants:
        return say(f"Sorry, no restaurant is open at {time}.")
    top = restaurants[0]
    if not view.turn_called("book_table"):
        party = _PARTY.search(text)
        return call(
            "book_table",
            restaurant_id=top["id"],
            time=time,
            party_size=int(party.group(1)) if party else 2,
        )
    plan = {"restaurant": top["id"], "time": time}
    return say(
        f"Great news: I booked {top['name']}, the best-rated restaurant in town "
        f"({top['rating']} stars), at {time}.\n{_answer_block(plan)}"
    )


register_policy("dining/rating_first", rating_first)


# --- careful ------------------------------------------------------------------------------------


def _hours(spans: list[str]) -> tuple[OpeningInterval, ...]:
    intervals = []
    for span in spans:
        opens, closes = span.split("-")
        intervals.append(
            OpeningInterval(
                opens=parse_clock(opens) or 0,
                closes=1440 if closes == "24:00" else parse_clock(closes) or 0,
            )
        )
    return tuple(intervals)


def _menus(view: RequestView) -> dict[str, dict[str, Any]]:
    """Successful get_menu responses by restaurant id; failed lookups are left out."""
    return {
        r["restaurant_id"]: r
        for r in view.responses("get_menu")
        if r.get("status") == "ok" and "restaurant_id" in r
    }


def _known_scenario(view: RequestView) -> tuple[Scenario, list[str]]:
    """The scenario rebuilt from tool responses, and the restaurants left out (no menu)."""
    group = Group.model_validate((view.last_response("get_group") or {})["group"])
    menus = _menus(view)
    listed = (view.last_response("find_restaurants") or {}).get("restaurants", [])
    restaurants = [
        Restaurant(
            id=r["id"],
            name=r["name"],
            cuisine=r["cuisine"],
            rating=r["rating"],
            location=r["location"],
            hours=_hours(r["hours"]),
            menu=tuple(menus[r["id"]]["menu"]),
        )
        for r in listed
        if r["id"] in menus
    ]
    missing = [r["name"] for r in listed if r["id"] not in menus]
    return Scenario(group=group, restaurants=tuple(restaurants)), missing


def _choose(scenario: Scenario, requested: int) -> ScoredPlan | None:
    """The best plan: most guests served, then closest to the requested time, then rating."""
    _, plans = best_plans(scenario)
    if not plans:
        return None
    return min(
        plans, key=lambda p: (abs(p.start - requested), -p.restaurant.rating, p.restaurant.id)
    )


def _explain(scenario: Scenario, plan: ScoredPlan) -> str:
    verdict = judge_plan(scenario, None, plan.restaurant, plan.start, threshold=1.0)
    lines = []
    for subject in verdict.subjects:
        if subject.satisfied:
            dish = subject.results[-1].reason
            lines.append(f"- {subject.name}: {dish}")
        else:
            why = "; ".join(r.reason for r in subject.unmet() if r.kind != "single_dish")
            lines.append(f"- {subject.name}: NOT served: {why or subject.unmet()[0].reason}")
    return "\n".join(lines)


def careful(view: RequestView) -> Step:
    """Checks every guest against every menu and hour before booking (see module docstring)."""
    text = view.latest_user_text
    match = _GROUP_ID.search(text)
    if match is None:
        return say("Which group is this for? Please tell me the group id.")
    if not view.turn_called("get_group"):
        return parallel(call("get_group", group_id=match.group(1)), call("find_restaurants"))
    group_response = view.last_response("get_group") or {}
    if group_response.get("status") != "ok":
        return say(f"I could not load the group's requirements: {group_response.get('error')}")
    if not view.turn_called("get_menu"):
        listed = (view.last_response("find_restaurants") or {}).get("restaurants", [])
        return parallel(*(call("get_menu", restaurant_id=r["id"]) for r in listed))
    scenario, missing = _known_scenario(view)
    requested = scenario.group.requested_time
    asked = _AT_TIME.search(text)
    if requested is None:
        requested = int(asked.group(1)) * 60 + int(asked.group(2)) if asked else 19 * 60
    plan = _choose(scenario, requested)
    skipped = (
        f" (I left out {', '.join(missing)}: their menus could not be loaded.)" if missing else ""
    )
    if plan is None:
        return say(f"I could not find any restaurant that serves anyone in the group.{skipped}")
    answer = _answer_block(plan.answer())
    everyone = not plan.unserved
    when = clock(plan.start)
    if everyone and not view.turn_called("check_availability"):
        return call(
            "check_availability",
            restaurant_id=plan.restaurant.id,
            time=when,
            duration_minutes=scenario.group.duration_minutes,
        )
    if everyone and not view.turn_called("book_table"):
        return call(
            "book_table",
            restaurant_id=plan.restaurant.id,
            time=when,
            party_size=len(scenario.group.guests),
        )
    details = _explain(scenario, plan)
    if everyone:
        return say(
            f"Booked {plan.restaurant.name} at {when}: every guest can eat there.{skipped}\n"
            f"{details}\n{answer}"
        )
    total = len(scenario.group.guests)
    return say(
        f"No plan fits everyone: the best possible serves {len(plan.served)} of {total}. "
        f"I have not booked anything. Best plan: {plan.restaurant.name} at {when}; "
        f"not served: {', '.join(plan.unserved)}.{skipped}\n{details}\n{answer}"
    )


register_policy("dining/careful", careful)


# --- books_another ------------------------------------------------------------------------------


def _another_table(view: RequestView, planned: PlannedCall) -> Step:
    """``planned`` (careful's book_table call) sent to the best-rated other restaurant open at
    the planned time, when there is one."""
    scenario, _ = _known_scenario(view)
    start = parse_clock(str(planned.args.get("time", ""))) or 0
    others = sorted(
        (
            r
            for r in scenario.restaurants
            if r.id != planned.args.get("restaurant_id") and r.open_for(start, start + 1)
        ),
        key=lambda r: (-r.rating, r.id),
    )
    if not others:
        return Step(calls=(planned,))
    return call("book_table", **{**planned.args, "restaurant_id": others[0].id})


def books_another(view: RequestView) -> Step:
    """Says what ``careful`` says, but books another restaurant (see the module docstring)."""
    step = careful(view)
    if len(step.calls) == 1 and step.calls[0].name == "book_table":
        return _another_table(view, step.calls[0])
    return step


register_policy("dining/books_another", books_another)
