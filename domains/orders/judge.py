"""Judging a conversation for one orders metric: which requirements, and how they are scored.

Each metric judges a fixed list of requirement kinds, built from the scenario
(:func:`requirements_for`), and scores the share of them met (aggregation ``requirements``):
one subject per requirement (``outcome``, ``conveyed``, ``authenticated first`` ...), so the
summary names the requirements not met; ``passed`` needs all of them at the default threshold
1.0, and an incomplete or unscored result counts as not met. In a scenario without a reference
(a recorded session's customer), the kinds that need one (:data:`NEEDS_REFERENCE`) are unscored
with reason ``no_reference``; ``confirmed_before_writing`` on a tau-bench trajectory (no
customer messages) is unscored with reason ``no_user_turns``, so under ADK the case fails as
unscored unless its criterion opts into NOT_EVALUATED.
"""

from __future__ import annotations

from checkers.requirements import Requirement
from checkers.service_checks import ServiceJudge
from checkers.transcript import Transcript
from domains.orders.checks import OrdersContext, checks
from domains.orders.conversation import replay_conversation
from domains.orders.data_files import bundled_database
from domains.orders.models import (
    AuthenticatedFirst,
    ConfirmedBeforeWriting,
    Conveyed,
    MentionsOrderId,
    NoFabrication,
    Outcome,
    OwnDataOnly,
    PolicyValid,
    Scenario,
)
from domains.orders.service import WRITES

SUBJECT_NAMES = {
    "outcome": "outcome",
    "conveyed": "conveyed",
    "authenticated_first": "authenticated first",
    "own_data_only": "own data only",
    "policy_valid": "policy-valid actions",
    "confirmed_before_writing": "confirmed before writing",
    "no_fabrication": "no fabrication",
    "mentions_order_id": "mentions order id",
}


NEEDS_REFERENCE = {
    "outcome": "the database the conversation should leave (the expected actions)",
    "conveyed": "the facts the customer had to be told",
    "mentions_order_id": "the orders the conversation is about",
}
"""The kinds judged against a reference, and what each needs: unscored in a scenario without
one (a recorded session's customer, :mod:`checkers.session_customer`)."""


def orders_at_stake(scenario: Scenario) -> tuple[str, ...]:
    """The orders the conversation is about: ``order_ids`` when given, else the orders the
    expected actions write to."""
    if scenario.order_ids is not None:
        return scenario.order_ids
    found = [a.kwargs.get("order_id") for a in scenario.expected_actions if a.name in WRITES]
    return tuple(dict.fromkeys(o for o in found if isinstance(o, str)))


def requirements_for(scenario: Scenario) -> dict[str, Requirement]:
    """Every requirement of the scenario, by kind."""
    found: list[Requirement] = [
        Outcome(expected_actions=scenario.expected_actions),
        Conveyed(facts=scenario.required_outputs),
        AuthenticatedFirst(),
        OwnDataOnly(customer_id=scenario.user_id),
        PolicyValid(),
        ConfirmedBeforeWriting(),
        NoFabrication(),
        MentionsOrderId(order_ids=orders_at_stake(scenario)),
    ]
    return {r.kind: r for r in found}


def context_for(scenario: Scenario, transcript: Transcript) -> OrdersContext:
    """The scenario with the transcript replayed on the bundled database."""
    return OrdersContext(scenario, replay_conversation(transcript, bundled_database()))


JUDGE: ServiceJudge[Scenario, OrdersContext] = ServiceJudge(
    "orders", SUBJECT_NAMES, NEEDS_REFERENCE, requirements_for, context_for, checks, WRITES
)
judge_kinds = JUDGE.judge_kinds
"""The verdict of a metric on a transcript: one subject per requirement kind, scored by its
aggregation (:meth:`checkers.service_checks.ServiceJudge.judge_kinds`)."""
