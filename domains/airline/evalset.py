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
from checkers.evalset import SimulatedCustomer, eval_set, static_cases, write_eval_set
from domains.airline.data_files import task_scenarios
from domains.airline.models import Scenario
from domains.airline.requests import request_text
from domains.airline.service import WRITES

EVALSET_DIR = Path(__file__).resolve().parents[2] / "evalsets" / "airline"
EVALSET_FILE = EVALSET_DIR / "airline.evalset.json"
APP_NAME = "airline"
STARTING_PROMPT = "Hi! I need some help with a reservation."

STATIC_TURNS: dict[str, list[str]] = {
    "svc-flight-search-outage": ["Hi, are there any direct flights from JFK to SEA on 2024-05-20?"],
}
"""The customer's turns of each static case, in order."""

SIMULATED_TASKS = ("task-1", "task-6", "task-35", "task-43")
"""tau-bench tasks in the eval set: a cancellation covered by insurance, a flight and cabin
change with a refund, a basic economy cancellation the policy refuses, a passenger change."""

REASONS = {"task-1": "I feel unwell.", "task-35": "I have a family emergency."}
"""What the task's customer says besides the request (insurance covers health, not family)."""

REFUSED = {"task-35": [("cancel_reservation", {"reservation_id": "PEP4E0"})]}
"""Tasks whose right outcome is a refusal: what the customer asks for all the same."""


def requests_of(scenario: Scenario) -> list[str]:
    """The task's writes (and hand-off), as the sentences the customer says, in order."""
    reason = REASONS.get(scenario.id, "")
    if scenario.id in REFUSED:
        return [request_text(name, kwargs, reason) for name, kwargs in REFUSED[scenario.id]]
    return [
        request_text(a.name, dict(a.kwargs), reason)
        for a in asked_for(scenario.expected_actions, WRITES)
    ]


CUSTOMER = SimulatedCustomer[Scenario](
    APP_NAME, STARTING_PROMPT, lambda task: f"My user id is {task.user_id}.", requests_of
)
"""How a tau-bench task is played by ADK's user simulation: the customer gives their user id."""


def build_eval_set(tasks: tuple[str, ...] = SIMULATED_TASKS) -> dict[str, Any]:
    """The eval set as JSON-able data."""
    known = task_scenarios()
    return eval_set(
        "airline",
        "Airline customer service on tau-bench's airline data",
        "tau-bench airline tasks played by ADK's user simulation with a scripted customer, and a "
        "flight question while the flight search answers 503; judged by task_success, "
        "policy_compliance and no_fabrication.",
        static_cases(STATIC_TURNS.items(), app_name=APP_NAME, user_id="customer")
        + [CUSTOMER.case(known[t]) for t in tasks],
    )


if __name__ == "__main__":
    write_eval_set(EVALSET_FILE, build_eval_set())
