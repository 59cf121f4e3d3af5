"""The airline eval set: tau-bench airline tasks played by ADK's user simulation, and a flight
question asked while the flight search is down.

- tau-bench cases have a ``conversation_scenario``: ADK's ``LlmBackedUserSimulator`` plays the
  customer, with the scripted model ``scripted/airline/customer`` (see ``eval_config.json``)
  following the plan written here from the task (:data:`CUSTOMER`): the user id, and
  each write of the task's expected actions as a request, in order, with the reason the task's
  customer gives where the policy needs one (:data:`REASONS`); a task whose right outcome is a
  refusal asks for what it refuses (:data:`REFUSED`). Which tasks are played, and how, is
  written with the why of each in ``data/eval_tasks.json`` (:data:`PLAN_FILE`).
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
from checkers.data import read_json
from checkers.evalset import SimulatedCustomer, write_eval_set
from checkers.service import HANDOFF
from domains.airline.data_files import DATA_DIR, task_scenarios
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

PLAN_FILE = DATA_DIR / "eval_tasks.json"
_PLANS: dict[str, dict[str, Any]] = read_json(PLAN_FILE)["tasks"]
"""How each tau-bench task of the eval set is played, and why it is there (see the file)."""
SIMULATED_TASKS = tuple(sorted(_PLANS, key=lambda t: int(t.split("-")[1])))
"""Every tau-bench task in the eval set, in task order."""


def _planned(key: str) -> dict[str, Any]:
    """``{task: what its plan says under key}`` for each task whose plan says it, in task order."""
    return {t: _PLANS[t][key] for t in SIMULATED_TASKS if key in _PLANS[t]}


SERVED_TASKS = tuple(_planned("served"))
"""tau-bench tasks whose expected writes the careful agent makes, each allowed by the policy."""
Refused = tuple[str, dict[str, Any]]
REFUSED: dict[str, list[Refused]] = {
    t: [(name, kwargs) for name, kwargs in asked] for t, asked in _planned("refused").items()
}
"""Requests the policy forbids that the task's customer makes all the same, before the task's
expected writes (only task 25 has some: a booking after the refusal)."""
QUESTIONS = {t: [free_bags_question(r) for r in ids] for t, ids in _planned("free_bags").items()}
"""Questions the task's customer asks, whose answers are its outputs."""
REASONS: dict[str, str] = _planned("reason")
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
