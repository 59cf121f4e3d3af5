"""The airline eval set: tau-bench airline tasks played by ADK's user simulation, and a flight
question asked while the flight search is down.

- tau-bench cases have a ``conversation_scenario``: ADK's ``LlmBackedUserSimulator`` plays the
  customer, with the scripted model ``scripted/airline/customer`` (see ``eval_config.json``)
  following the plan written here from the task (:data:`CUSTOMER`): the user id, and
  each write of the task's expected actions as a request, in order, with the reason the task's
  customer gives where the policy needs one (:data:`REASONS`); a task whose right outcome is a
  refusal asks for what it refuses (:data:`REFUSED`).
- ``svc-flight-search-outage`` is a static case: the customer asks for direct flights while the
  environment simulation makes that search answer 503.

Every case carries its scenario id in a case-level rubric (``scenario:<id>``).
``python -m domains.airline.evalset`` rewrites ``evalsets/airline/airline.evalset.json``; a test
checks that the committed file matches.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from checkers.customer_plan import asked_for
from checkers.evalset import SimulatedCustomer, write_eval_set
from checkers.service import HANDOFF
from domains.airline.data_files import task_scenarios
from domains.airline.models import Scenario
from domains.airline.requests import free_bags_question, request_text
from domains.airline.service import WRITES

EVALSET_DIR = Path(__file__).resolve().parents[2] / "evalsets" / "airline"
EVALSET_FILE = EVALSET_DIR / "airline.evalset.json"
APP_NAME = "airline"
STARTING_PROMPT = "Hi! I need some help with a reservation."

STATIC_TURNS: dict[str, list[str]] = {
    "svc-flight-search-outage": ["Hi, are there any direct flights from JFK to SEA on 2024-05-20?"],
}
"""The customer's turns of each static case, in order."""

SERVED_TASKS = tuple(f"task-{n}" for n in (0, 1, 3, 4, 5, 6, 7, 11, 14, 20, 22, 25, 30, 32, 43))
"""tau-bench tasks whose expected writes the careful agent makes, each allowed by the policy:
bookings (0: a certificate and a card, 3 bags free for a gold member; 11: for a friend; 25:
after a refused cancellation; 32: two passengers on a certificate), cancellations (1: insured,
"I feel unwell"; 30: two, within a day of booking or in business), flight and cabin changes
(6, 7, 20: a one-stop trip made nonstop; 22: an upgrade out of basic economy, then new
flights), a flight change with bags (3), an upgrade, a passenger and bags free by the new cabin
(4 and 5), bags (14), a passenger change (43)."""

Refused = tuple[str, dict[str, Any]]


def _cancel(reservation_id: str) -> Refused:
    return "cancel_reservation", {"reservation_id": reservation_id}


def _basic_flights(reservation_id: str, legs: str, payment_id: str) -> Refused:
    """A basic economy reservation's flights changed to ``legs``, ``"HAT033 2024-05-17, ..."``."""
    flights = [
        dict(zip(("flight_number", "date"), leg.split(), strict=True)) for leg in legs.split(", ")
    ]
    kwargs = {"reservation_id": reservation_id, "cabin": "basic_economy", "flights": flights}
    return "update_reservation_flights", {**kwargs, "payment_id": payment_id}


_JAMES = [
    {"first_name": "James", "last_name": "Patel", "dob": "1995-04-07"},
    {"first_name": "James", "last_name": "Sanchez", "dob": "1956-08-18"},
]
REFUSED: dict[str, list[Refused]] = {
    "task-12": [_cancel("3FRNFB")],
    "task-15": [
        ("update_reservation_passengers", {"reservation_id": "GV1N64", "passengers": _JAMES})
    ],
    "task-18": [_cancel("SI5UKW")],
    "task-25": [_cancel("M20IZO")],
    "task-21": [
        _basic_flights("DF89BM", "HAT033 2024-05-17, HAT263 2024-05-24", "credit_card_6198952")
    ],
    "task-29": [_cancel("UDMOP1")],
    "task-35": [_cancel("PEP4E0")],
    "task-39": [_cancel("H8Q05L")],
    "task-41": [_cancel("3RK2T9")],
    "task-42": [_cancel("3RK2T9")],
    "task-48": [
        _basic_flights(
            "EUJUY6",
            "HAT238 2024-05-14, HAT290 2024-05-14, HAT266 2024-05-18, HAT044 2024-05-18",
            "credit_card_7872117",
        )
    ],
    "task-49": [_cancel("MDCLVA")],
}
"""Requests the policy forbids that the task's customer makes all the same, before the task's
expected writes (only task 25 has some: a booking after the refusal). Cancellations of basic
economy or economy bookings made over a day before, without insurance covering the reason
(12, 18, 25: "I am a silver member", 29: the one-passenger trip, 35, 39, 41: "booked 10 hours
ago" when it was not, 42: sick but uninsured) or with a flight already flown (49); a passenger
removed (15: the count cannot change); basic economy flights moved (21: to a nonstop, 48: the
return two days later)."""

QUESTIONS = {"task-44": [free_bags_question("JMO1MG")]}
"""Questions the task's customer asks, whose answers are its outputs (44: the free bags of a
silver member's two economy passengers, 4)."""

SIMULATED_TASKS = tuple(
    sorted({*SERVED_TASKS, *REFUSED, *QUESTIONS}, key=lambda t: int(t.split("-")[1]))
)
"""Every tau-bench task in the eval set, in task order."""

REASONS = {
    "task-1": "I feel unwell.",
    "task-21": "My cat is really sick and I need to get back home sooner.",
    "task-25": "I am a silver member, so I should get a full refund.",
    "task-29": "I want to give up my seat for someone else who needs it.",
    "task-35": "I have a family emergency.",
    "task-39": "The flight coincides with my best friend's birthday.",
    "task-41": "I booked it 10 hours ago and made a mistake.",
    "task-42": "I am sick and cannot make the flight.",
    "task-48": "My wife passed away yesterday.",
    "task-49": "I was out of town since I booked it.",
}
"""What the task's customer says besides the request (insurance covers health and weather
only, and only where it was bought)."""


def requests_of(scenario: Scenario) -> list[str]:
    """The task's writes (and hand-off), as the sentences the customer says, in order."""
    reason = REASONS.get(scenario.id, "")
    refused = [request_text(name, kwargs, reason) for name, kwargs in REFUSED.get(scenario.id, [])]
    # A refusal's task hands over to a human at most where the customer would not take no for
    # an answer: the customer does not ask for that.
    asked = [
        a
        for a in asked_for(scenario.expected_actions, WRITES)
        if not (refused and a.name == HANDOFF)
    ]
    # The reason goes with what the customer asks first (the cancellation it explains).
    writes = [request_text(a.name, dict(a.kwargs), "" if refused else reason) for a in asked]
    return QUESTIONS.get(scenario.id, []) + refused + writes


CUSTOMER = SimulatedCustomer[Scenario](
    APP_NAME, STARTING_PROMPT, lambda task: f"My user id is {task.user_id}.", requests_of
)
"""How a tau-bench task is played by ADK's user simulation: the customer gives their user id."""


def build_eval_set(tasks: tuple[str, ...] = SIMULATED_TASKS) -> dict[str, Any]:
    """The eval set as JSON-able data."""
    known = task_scenarios()
    return CUSTOMER.eval_set(
        "Airline customer service on tau-bench's airline data",
        "tau-bench airline tasks played by ADK's user simulation with a scripted customer, and a "
        "flight question while the flight search answers 503; judged by task_success, "
        "policy_compliance and no_fabrication.",
        STATIC_TURNS,
        [known[t] for t in tasks],
    )


if __name__ == "__main__":
    write_eval_set(EVALSET_FILE, build_eval_set())
