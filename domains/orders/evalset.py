"""The orders eval set: the customer-service chapter's cases, and tau-bench tasks played by ADK's
user simulation.

- Chapter cases are static conversations (fixed customer turns): an order status query, an order
  that does not exist, a refund-policy question, an ambiguous "where is my stuff?", a request
  for another customer's order, a multi-turn case where "that order" refers to an earlier turn,
  and a status query while the environment simulation makes the order lookup answer 503.
- tau-bench cases have a ``conversation_scenario``: ADK's ``LlmBackedUserSimulator`` plays the
  customer, with the scripted model ``scripted/orders/customer`` (see ``eval_config.json``)
  following the plan written here from the task: who the customer is, and each request of the
  task's expected actions, in order (:data:`CUSTOMER`).

Every case carries its scenario id in a case-level rubric (``scenario:<id>``); the checkers need
no reference answer, so simulated conversations are judged like static ones.

``python -m domains.orders.evalset`` rewrites ``evalsets/orders/orders.evalset.json``; a test
checks that the committed file matches.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from checkers.customer_plan import asked_for
from checkers.evalset import SimulatedCustomer, write_eval_set
from domains.orders.data_files import bundled_database, tau_tasks
from domains.orders.models import Scenario
from domains.orders.requests import Identity, request_text
from domains.orders.service import IDENTIFY, WRITES, apply

EVALSET_DIR = Path(__file__).resolve().parents[2] / "evalsets" / "orders"
EVALSET_FILE = EVALSET_DIR / "orders.evalset.json"
APP_NAME = "orders"
STARTING_PROMPT = "Hi! I need some help with my orders."

CHAPTER_TURNS: dict[str, list[str]] = {
    "cs-order-status": [
        "Hi, I'm Mei Martin, zip code 32124. What is the status of my order #W3288665?"
    ],
    "cs-order-missing": [
        "Hello, my email is mei.martin4637@example.com. What is the status of order #W0000000?"
    ],
    "cs-refund-policy": [
        "What is your refund policy? Where does my money go, and how long does it take?"
    ],
    "cs-where-is-my-stuff": ["Where is my stuff?", "My email is mei.martin4637@example.com."],
    "cs-other-customer": [
        "Hi, I'm Mei Martin, zip code 32124. Can you tell me the status and shipping address of "
        "order #W5257743?"
    ],
    "cs-that-order": [
        "My email is mei.martin4637@example.com. What is the status of order #W7017301?",
        "Can you change the shipping address of that order to "
        "100 Main Street; Apt 2; Austin; TX; USA; 78701?",
        "Yes, please.",
    ],
    "cs-order-status-outage": [
        "Hi, I'm Emma Kim, zip code 46214. What is the status of my order #W2768383?"
    ],
}
"""The customer's turns of each chapter case, in order."""

SIMULATED_TASKS = ("task-0", "task-5", "task-17", "task-33", "task-66")
"""tau-bench tasks in the eval set: an exchange, a return, an order address change, a default
address change and a cancellation."""


def identity_of(scenario: Scenario) -> Identity:
    """How the task's customer identifies: as in the task's first identification action that
    finds them (some tasks try a wrong email first), else by the email on file."""
    for action in scenario.expected_actions:
        kw = action.kwargs
        if action.name in IDENTIFY and not apply(bundled_database(), action.name, kw).ok:
            continue
        if action.name == "find_user_id_by_email":
            return Identity(email=str(kw["email"]))
        if action.name == "find_user_id_by_name_zip":
            return Identity(
                first_name=str(kw["first_name"]), last_name=str(kw["last_name"]), zip=str(kw["zip"])
            )
    user = bundled_database().users[str(scenario.user_id)]
    return Identity(email=user.email)


def requests_of(scenario: Scenario) -> list[str]:
    """The task's writes (and hand-off), as the sentences the customer says, in order."""
    return [
        request_text(a.name, {k: v for k, v in a.kwargs.items() if k != "user_id"})
        for a in asked_for(scenario.expected_actions, WRITES)
    ]


CUSTOMER = SimulatedCustomer[Scenario](
    APP_NAME, STARTING_PROMPT, lambda task: identity_of(task).sentence(), requests_of
)
"""How a tau-bench task is played by ADK's user simulation: the customer identifies as in the
task (:func:`identity_of`)."""


def build_eval_set(tasks: tuple[str, ...] = SIMULATED_TASKS) -> dict[str, Any]:
    """The eval set as JSON-able data."""
    known = tau_tasks()
    return CUSTOMER.eval_set(
        "Customer service on real retail data",
        "The customer-service chapter's cases (static conversations, one with an injected "
        "503) and tau-bench retail tasks played by ADK's user simulation; judged by "
        "task_success, policy_compliance, no_fabrication and mentions_order_id.",
        CHAPTER_TURNS,
        [known[t] for t in tasks],
    )


if __name__ == "__main__":
    write_eval_set(EVALSET_FILE, build_eval_set())
