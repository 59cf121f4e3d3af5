"""Judging a conversation for one orders metric: which requirements, and how they are scored.

Each metric judges a fixed list of requirement kinds, built from the scenario
(:func:`requirements_for`). The verdict has **one subject per requirement** (``outcome``,
``conveyed``, ``authenticated first`` ...), each with that requirement's one result, so
``Verdict.score`` is the share of the metric's requirements met, ``passed`` needs all of them at
the default threshold 1.0, and the summary names the ones not met. An *unscored* result
(``confirmed_before_writing`` on a trajectory without customer messages, reason code
``no_user_turns``) is left out of the subjects and reported in the verdict's notes: it is neither
met nor failed. Every other incomplete result counts as not met.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from checkers.requirements import Requirement
from checkers.results import Outcome as ResultOutcome
from checkers.results import SubjectResult, Verdict
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

UNSCORED = frozenset({"no_user_turns"})
"""Reason codes of incomplete results that are left out of the score (see the module docstring)."""

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


def judge_kinds(
    kinds: Sequence[str],
    metric: str,
    scenario: Scenario,
    transcript: Transcript,
    threshold: float,
) -> Verdict:
    """The verdict of ``metric`` on ``transcript``: one subject per requirement kind."""
    context = context_for(scenario, transcript)
    chosen = requirements_for(scenario)
    subjects = []
    notes = []
    for kind in kinds:
        result = checks.check(chosen[kind], context)
        if result.outcome is ResultOutcome.INCOMPLETE and result.reason_code in UNSCORED:
            notes.append(f"{SUBJECT_NAMES[kind]}: unscored [{result.reason_code}]: {result.reason}")
            continue
        subjects.append(SubjectResult(subject_id=kind, name=SUBJECT_NAMES[kind], results=(result,)))
    return Verdict(
        domain="orders",
        metric=metric,
        scenario_id=scenario.id,
        threshold=threshold,
        subjects=tuple(subjects),
        answer=_answer_summary(context),
        notes=tuple(notes),
    )


def _answer_summary(context: OrdersContext) -> dict[str, Any]:
    conversation = context.conversation
    return {
        "tool_calls": len(conversation.calls),
        "writes": [c.name for c in conversation.calls if c.name in WRITES],
        "agent_messages": len(conversation.agent_messages),
        "customer_messages": len(conversation.user_messages),
    }
