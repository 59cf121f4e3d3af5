"""The careful airline agent (``domains/airline/scripted.py``) without ADK: what it does on the
eval set's tau-bench tasks, and that it refuses a bag change exactly when ``policy_valid`` would
flag it, in whatever cabin the passengers fly after an upgrade.

Conversations run through :func:`domains.airline.strategies.converse`: the real ADK tools on a
copy of the bundled database, the scripted customer making each request in turn.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from checkers.conversation import conversation_transcript
from checkers.results import Outcome
from domains.airline.checks import checks
from domains.airline.data_files import bundled_database, task_scenarios
from domains.airline.evalset import SIMULATED_TASKS, requests_of
from domains.airline.judge import context_for, judge_kinds, requirements_for
from domains.airline.models import PolicyValid, Scenario
from domains.airline.policy import FREE_BAGS
from domains.airline.requests import free_bags_question, request_text
from domains.airline.scripted import careful
from domains.airline.strategies import converse

# Meta-tests: `checkers mutate` runs them against mutants of the code they reach.
pytestmark = pytest.mark.checkers_meta

DB = bundled_database()
BAGS = "update_reservation_baggages"


def calls(conversation: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return [c for turn in conversation["turns"] for c in turn["calls"] if c["name"] == name]


@pytest.mark.parametrize("task_id", [t for t in SIMULATED_TASKS if t.startswith("task-")])
def test_the_careful_agent_meets_every_requirement_of_the_eval_sets_tasks(task_id: str) -> None:
    task = task_scenarios()[task_id]
    conversation = converse(careful, str(task.user_id), requests_of(task))
    transcript = conversation_transcript(conversation)
    verdict = judge_kinds(tuple(requirements_for(task)), "careful", task, transcript, 1.0)
    assert verdict.passed, verdict.model_dump_json(indent=1)[:3000]


@pytest.mark.parametrize("task_id", ["task-4", "task-5"])
def test_three_bags_are_free_for_a_gold_member_upgraded_to_economy(task_id: str) -> None:
    # Omar Rossi (gold) upgrades FQ8APE from basic economy (2 free bags per passenger) to
    # economy (3): the reservation's cabin field still says basic economy afterwards, as
    # tau-bench's tool leaves it, but 3 bags are now free (tau-bench's gold action: 0 paid).
    task = task_scenarios()[task_id]
    conversation = converse(careful, str(task.user_id), requests_of(task))
    [added] = calls(conversation, BAGS)
    assert (added["args"]["total_baggages"], added["args"]["nonfree_baggages"]) == (3, 0)
    assert added["response"]["cabin"] == "basic_economy"


# --- bags refused exactly when the checker flags them --------------------------------------------


def _card(user_id: str) -> str | None:
    """A credit card of the user (a card has no balance to run short: the service takes any
    charge, so a bag change is refused only by the policy)."""
    cards = [m.id for m in DB.users[user_id].payment_methods.values() if m.source == "credit_card"]
    return min(cards) if cards else None


OPEN = sorted(
    rid for rid, r in DB.reservations.items() if r.status is None and _card(r.user_id) is not None
)
"""Reservations not cancelled whose owner has a credit card."""


@st.composite
def bag_requests(draw: st.DrawFn) -> tuple[str, list[str], dict[str, Any]]:
    """A customer, their requests (an optional cabin change keeping the flights, then a bag
    change) and the bag change's arguments; the paid count is drawn near the allowance so both
    sides of it come up."""
    reservation = DB.reservations[draw(st.sampled_from(OPEN))]
    user = DB.users[reservation.user_id]
    payment = str(_card(reservation.user_id))
    rid, requests = reservation.reservation_id, []
    cabin = draw(
        st.sampled_from(sorted({"basic_economy", "economy", "business"} - {reservation.cabin}))
        | st.none()
    )
    if cabin is not None:
        legs = [{"flight_number": s.flight_number, "date": s.date} for s in reservation.flights]
        change = {"reservation_id": rid, "cabin": cabin, "flights": legs, "payment_id": payment}
        requests.append(request_text("update_reservation_flights", change))
    total = draw(
        st.integers(max(0, reservation.total_baggages - 1), reservation.total_baggages + 4)
    )
    free = FREE_BAGS[user.membership][cabin or reservation.cabin] * len(reservation.passengers)
    paid = max(0, max(0, total - free) + draw(st.sampled_from((0, 0, -1, 1))))
    bags = {
        "reservation_id": rid,
        "total_baggages": total,
        "nonfree_baggages": paid,
        "payment_id": payment,
    }
    requests.append(request_text(BAGS, bags))
    return reservation.user_id, requests, bags


def policy_valid(user_id: str, conversation: dict[str, Any]) -> tuple[Outcome, str]:
    scenario = Scenario(id="bags", user_id=user_id)
    result = checks.check(
        PolicyValid(), context_for(scenario, conversation_transcript(conversation))
    )
    return result.outcome, result.reason_code


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bag_requests())
def test_the_careful_agent_refuses_bags_exactly_when_the_checker_flags_them(
    drawn: tuple[str, list[str], dict[str, Any]],
) -> None:
    user_id, requests, args = drawn
    conversation = converse(careful, user_id, requests)
    assert policy_valid(user_id, conversation)[0] == Outcome.PASS
    event("bags made" if calls(conversation, BAGS) else "bags refused")
    if calls(conversation, BAGS):
        return  # made (or refused by the service): the checker passed it above
    # Refused by the agent: the same write made anyway must be one the checker flags.
    forced = copy.deepcopy(conversation)
    forced["turns"].append(
        {"user": "Do it anyway.", "calls": [{"name": BAGS, "args": args}], "agent": "Done."}
    )
    outcome, code = policy_valid(user_id, forced)
    assert (outcome, code) in {(Outcome.FAIL, "bags_charged_wrong"), (Outcome.FAIL, "bags_removed")}


# --- bookings ----------------------------------------------------------------------------------


def _task_0_booking(**changes: Any) -> dict[str, Any]:
    """Task 0's booking (Mia Li, gold: JFK-SEA economy, 3 bags free, 250 by certificate and 5 by
    card), with ``changes``."""
    [booking] = [
        a for a in task_scenarios()["task-0"].expected_actions if a.name == "book_reservation"
    ]
    return {**dict(booking.kwargs), **changes}


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        # two certificates: the policy allows one per booking
        (
            {
                "payment_methods": [
                    {"payment_id": "certificate_7504069", "amount": 250},
                    {"payment_id": "certificate_4856383", "amount": 5},
                ]
            },
            "at most one certificate",
        ),
        # 3 bags are free for a gold member in economy: one charged is wrong
        ({"nonfree_baggages": 1}, "with 3 free bags, 3 bags make 0 to pay"),
        # a card of someone else's profile
        (
            {"payment_methods": [{"payment_id": "credit_card_0000000", "amount": 255}]},
            "not a payment method of your profile",
        ),
        # the payments must add up to the price the calculator gives
        (
            {"payment_methods": [{"payment_id": "credit_card_4421486", "amount": 200}]},
            "the total is 255, but the payments you named add up to 200",
        ),
    ],
)
def test_the_careful_agent_refuses_a_booking_the_policy_forbids(
    changes: dict[str, Any], refusal: str
) -> None:
    booking = _task_0_booking(**changes)
    conversation = converse(careful, "mia_li_3668", [request_text("book_reservation", booking)])
    assert calls(conversation, "book_reservation") == []
    assert refusal in conversation["turns"][-1]["agent"]


def test_the_careful_agent_books_at_the_price_it_listed() -> None:
    conversation = converse(
        careful, "mia_li_3668", [request_text("book_reservation", _task_0_booking())]
    )
    [booked] = calls(conversation, "book_reservation")
    listing = conversation["turns"][-2]["agent"]
    assert "the total is 255" in listing and "HAT136" in listing and "Mia Li" in listing
    assert booked["response"]["reservation_id"] in conversation["turns"][-1]["agent"]


# --- the free bag question ---------------------------------------------------------------------


def test_the_free_bags_are_the_profiles_tier_and_the_cabin_flown_now() -> None:
    # Omar Rossi is gold; FQ8APE (one passenger) flies basic economy: 2 free bags, and 3 once
    # upgraded to economy, though the reservation's cabin field still says basic economy
    task = task_scenarios()["task-4"]
    upgrade = requests_of(task)[0]
    asked = free_bags_question("FQ8APE")
    again = f"{asked} Now that it is upgraded."
    conversation = converse(careful, "omar_rossi_1241", [asked, upgrade, again])
    answers = [t["agent"] for t in conversation["turns"] if t["user"] in (asked, again)]
    assert [a.split("can take ")[1].split()[0] for a in answers] == ["2", "3"]
