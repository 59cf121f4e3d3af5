"""Airline's meta spec, through the conversation kit (:func:`checkers.meta.conversations.
service_meta`).

What is airline's own: its tasks (tau-bench's, and the handwritten ``svc-*``), the conversation
the careful demo agent has (:func:`~domains.airline.strategies.compliant_conversation`:
identify, read, list each write with its cost, an explicit yes, write) and its variants (a read
of public data added), and per kind how it is broken and added to a task:

- broken by the answer (``outcome``, ``identified_first``, ``confirmed_before_writing``,
  ``policy_valid``, ``one_call_at_a_time``, ``no_fabrication``): the compliant conversation with
  that one rule broken, and what the failing reason must name
  (:data:`~domains.airline.strategies.BROKEN`);
- tightened in the task (``conveyed``): a fact to tell that the agent never says;
- added to a task: more facts to tell tighten the task's own; an ``outcome`` with other
  expected actions, or ``identified_first`` for another user, is kept beside it.

The bundled known answers (``known_answers.json``) run through the kit too.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field

from checkers.meta.conversations import (
    ConversationMeta,
    KindMeta,
    fixed_kinds,
    one_customer_kind,
    service_meta,
)
from checkers.meta.spec import DomainMetaSpec
from checkers.service_checks import Conveyed, Outcome
from domains.airline import judge, strategies
from domains.airline.checks import REASONS, checks
from domains.airline.data_files import bundled_database, service_scenarios, task_scenarios
from domains.airline.metrics import KINDS_JUDGED, METRICS
from domains.airline.models import (
    ConfirmedBeforeWriting,
    IdentifiedFirst,
    NoFabrication,
    OneCallAtATime,
    PolicyValid,
    Scenario,
)
from domains.airline.scenarios import AIRLINE

AirlineRequirement = Annotated[
    Outcome
    | Conveyed
    | IdentifiedFirst
    | ConfirmedBeforeWriting
    | PolicyValid
    | OneCallAtATime
    | NoFabrication,
    Field(discriminator="kind"),
]
"""Every airline requirement kind, read by its ``kind``."""

KNOWN_ANSWERS = Path(__file__).parent / "known_answers.json"
UNSAID_FACTS = ("lounge access", "pet carrier", "seat 14C", "priority boarding", "wifi voucher")
"""Facts no compliant conversation says (nor an amount from $1,000.01 up)."""


def _own_kinds() -> dict[str, KindMeta[Scenario]]:
    """The meta declarations of airline's own kinds, in the order the judge builds them."""
    broken = strategies.BROKEN
    return {
        "identified_first": one_customer_kind(
            IdentifiedFirst, "user_id", bundled_database().users, broken["identified_first"]
        ),
        **fixed_kinds(
            broken, ConfirmedBeforeWriting(), PolicyValid(), OneCallAtATime(), NoFabrication()
        ),
    }


@cache
def airline_meta() -> ConversationMeta[Scenario]:
    """Airline, as its meta-tests see it (built once: it runs and judges the tasks)."""
    return service_meta(
        AIRLINE,
        checks=checks,
        requirement_type=AirlineRequirement,
        reasons=REASONS,
        judge=judge,
        strategies=strategies,
        tasks=task_scenarios(),
        more_tasks=service_scenarios(),
        action_args=("reservation_id", "user_id", "amount"),
        target="reservation_id",
        unsaid_facts=UNSAID_FACTS,
        unsaid_cents=(100001, 9999999),
        own_kinds=_own_kinds(),
        metric_kinds=KINDS_JUDGED,
        metrics=METRICS,
        nothing_asked="no change and no fact",
        checks_at="domains/airline/checks.py",
        known_answers=KNOWN_ANSWERS,
    )


def meta_spec(
    min_subjects: int = 1, max_subjects: int = len(judge.SUBJECT_NAMES)
) -> DomainMetaSpec[Any]:
    """Airline's meta spec, with ``min_subjects`` to ``max_subjects`` requirement kinds in force
    (see :meth:`~checkers.meta.conversations.ConversationMeta.spec` for the limits), and its
    known answers."""
    return airline_meta().spec(min_subjects, max_subjects)
