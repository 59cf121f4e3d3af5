"""Judging a conversation for one airline metric: which requirements, and how they are scored.

Each metric judges a fixed list of requirement kinds, built from the scenario
(:func:`requirements_for`), and scores the share of them met (aggregation ``requirements``):
one subject per requirement, so the summary names the requirements not met; ``passed`` needs
all of them at the default threshold 1.0. An incomplete result counts as not met. In a scenario
without a reference (a recorded session's customer), both kinds are unscored with reason
``no_reference``.
"""

from __future__ import annotations

from checkers.requirements import Requirement
from checkers.service_checks import Conveyed, Outcome, ServiceJudge
from checkers.transcript import Transcript
from domains.airline import conduct, confirmation, fabrication, policy  # noqa: F401 (registers)
from domains.airline.checks import AirlineContext, checks, replay
from domains.airline.models import (
    ConfirmedBeforeWriting,
    IdentifiedFirst,
    NoFabrication,
    OneCallAtATime,
    PolicyValid,
    Scenario,
)
from domains.airline.service import WRITES

SUBJECT_NAMES = {
    "outcome": "outcome",
    "conveyed": "conveyed",
    "identified_first": "identified first",
    "confirmed_before_writing": "confirmed before writing",
    "policy_valid": "policy-valid writes",
    "one_call_at_a_time": "one tool call at a time",
    "no_fabrication": "no fabrication",
}
NEEDS_REFERENCE = {
    "outcome": "the database the conversation should leave (the task's expected actions)",
    "conveyed": "the outputs the customer had to be told",
}
"""The kinds judged against a reference, and what each needs: unscored in a scenario without
one (a recorded session's customer, :mod:`checkers.session_customer`)."""


def requirements_for(scenario: Scenario) -> dict[str, Requirement]:
    """Every requirement of the scenario, by kind."""
    found: list[Requirement] = [
        Outcome(expected_actions=scenario.expected_actions),
        Conveyed(facts=scenario.required_outputs),
        IdentifiedFirst(user_id=scenario.user_id),
        ConfirmedBeforeWriting(),
        PolicyValid(),
        OneCallAtATime(),
        NoFabrication(),
    ]
    return {r.kind: r for r in found}


def context_for(scenario: Scenario, transcript: Transcript) -> AirlineContext:
    """The scenario with the transcript replayed on the bundled database."""
    return AirlineContext(scenario, replay(transcript))


JUDGE: ServiceJudge[Scenario, AirlineContext] = ServiceJudge(
    "airline", SUBJECT_NAMES, NEEDS_REFERENCE, requirements_for, context_for, checks, WRITES
)
judge_kinds = JUDGE.judge_kinds
"""The verdict of a metric on a transcript: one subject per requirement kind, scored by its
aggregation (:meth:`checkers.service_checks.ServiceJudge.judge_kinds`)."""
