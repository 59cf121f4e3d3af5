"""Airline's meta spec, through the conversation kit (:mod:`checkers.meta.conversations`).

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

from collections.abc import Sequence
from dataclasses import replace
from functools import cache, partial
from pathlib import Path
from typing import Annotated, Any

from hypothesis import strategies as st
from pydantic import Field

from checkers.conversation import parse_answer_text
from checkers.meta.conversations import (
    Conversation,
    ConversationMeta,
    KindMeta,
    TightenedInTheTask,
)
from checkers.meta.spec import DomainMetaSpec
from checkers.meta.strategies import JSON_VALUES
from checkers.results import RequirementResult
from checkers.service_checks import Conveyed, Outcome
from checkers.transcript import Transcript
from domains.airline import strategies
from domains.airline.checks import REASONS, checks
from domains.airline.data_files import bundled_database, service_scenarios, task_scenarios
from domains.airline.judge import SUBJECT_NAMES, context_for, judge_kinds
from domains.airline.metrics import KINDS_JUDGED, METRICS
from domains.airline.models import (
    Action,
    ConfirmedBeforeWriting,
    IdentifiedFirst,
    NoFabrication,
    OneCallAtATime,
    PolicyValid,
    Scenario,
)
from domains.airline.scenarios import AIRLINE
from domains.airline.service import OPERATIONS, WRITES

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
"""Facts no compliant conversation says."""
_UNSAID = st.sampled_from(UNSAID_FACTS) | st.integers(100001, 9999999).map(
    lambda cents: f"${cents / 100:,.2f}"
)


def describe_task(task: Scenario) -> list[str]:
    """The task's id, customer, writes and facts to tell, for failure messages."""
    writes = [
        " ".join([a.name, str(a.kwargs.get("reservation_id", ""))]).strip()
        for a in task.expected_actions
        if a.name in WRITES
    ]
    parts = [f"{task.id} of {task.user_id} ({', '.join(writes) or 'no write'})"]
    if task.required_outputs:
        parts.append(f"must tell {list(task.required_outputs)}")
    return parts


def _more_facts(task: Scenario) -> st.SearchStrategy[tuple[Scenario, tuple[str, ...], str]]:
    def tighter(facts: list[str]) -> tuple[Scenario, tuple[str, ...], str]:
        told = tuple(facts)
        return task.model_copy(update={"required_outputs": told}), told, "not_conveyed"

    return st.lists(_UNSAID, min_size=1, max_size=2, unique=True).map(tighter)


def _with_facts(task: Scenario, requirement: Conveyed) -> Scenario:
    facts = (*task.required_outputs, *requirement.facts)
    return task.model_copy(update={"required_outputs": tuple(dict.fromkeys(facts))})


def _kinds() -> dict[str, KindMeta[Scenario]]:
    """Every kind's meta declaration, in the order the judge builds them."""
    db = bundled_database()
    known = task_scenarios()
    gold = st.sampled_from(sorted(known)).map(lambda task_id: known[task_id].expected_actions)
    actions = st.lists(
        st.builds(
            Action,
            name=st.sampled_from(sorted(OPERATIONS)),
            kwargs=st.dictionaries(
                st.sampled_from(("reservation_id", "user_id", "amount")), JSON_VALUES
            ),
        ),
        max_size=3,
    ).map(tuple)
    users = st.none() | st.sampled_from(sorted(db.users)[:40]) | st.text(max_size=8)
    by_answer = strategies.BROKEN.__getitem__
    kinds = {
        "outcome": KindMeta(
            st.builds(Outcome, expected_actions=gold | actions),
            by_answer("outcome"),
            lambda task, req: task if req.expected_actions == task.expected_actions else None,
        ),
        "conveyed": KindMeta(
            st.builds(
                Conveyed, facts=st.lists(_UNSAID | st.text(max_size=12), max_size=3).map(tuple)
            ),
            TightenedInTheTask(_more_facts),
            _with_facts,
        ),
        "identified_first": KindMeta(
            st.builds(IdentifiedFirst, user_id=users),
            by_answer("identified_first"),
            lambda task, req: task if req.user_id == task.user_id else None,
        ),
        "confirmed_before_writing": KindMeta(
            st.just(ConfirmedBeforeWriting()), by_answer("confirmed_before_writing")
        ),
        "policy_valid": KindMeta(st.just(PolicyValid()), by_answer("policy_valid")),
        "one_call_at_a_time": KindMeta(st.just(OneCallAtATime()), by_answer("one_call_at_a_time")),
        "no_fabrication": KindMeta(st.just(NoFabrication()), by_answer("no_fabrication")),
    }
    assert tuple(kinds) == tuple(SUBJECT_NAMES), "declare every kind, in the judge's order"
    return kinds


def with_public_read(conversation: Conversation) -> st.SearchStrategy[Conversation]:
    """``conversation``, sometimes with a read of public data at the start of a turn."""
    turns = len(conversation["turns"])
    added = st.builds(
        partial(strategies.add_public_read, conversation),
        st.integers(0, turns - 1),
        strategies.PUBLIC_READS,
    )
    return st.just(conversation) | added


def _any_tasks() -> list[Scenario]:
    known = {**service_scenarios(), **task_scenarios()}
    return [known[ref] for ref in sorted(known)]


VACUOUS = {
    "empty_answer_never_passes": (
        "an agent that does nothing in the airline service (it only talks: prose, or JSON that "
        "holds no conversation; or it only calls other tools) breaks no conduct rule, states "
        "nothing unsupported, and meets a task that asks for no change and no fact: those "
        "requirements pass vacuously, by design (domains/airline/checks.py)"
    ),
}


def _check_added(task: Scenario, read: Transcript, added: Sequence[Any]) -> list[RequirementResult]:
    """``added`` judged on the conversation of ``task``, replayed once for all of them."""
    context = context_for(task, read)
    return [checks.check(requirement, context) for requirement in added]


@cache
def airline_meta() -> ConversationMeta[Scenario]:
    """Airline, as its meta-tests see it (built once: it runs and judges the tasks)."""
    return ConversationMeta(
        domain=AIRLINE,
        task_type=Scenario,
        checks=checks,
        kinds=_kinds(),
        requirement_type=AirlineRequirement,
        judge_kinds=judge_kinds,
        check_added=_check_added,
        read_conversation=parse_answer_text,
        servable=strategies.servable_scenarios,
        any_tasks=_any_tasks,
        compliant=strategies.compliant_conversation,
        varied=with_public_read,
        recorded=strategies.recorded_as,
        with_responses=strategies.recorded,
        describe_task=describe_task,
        metric_kinds=KINDS_JUDGED,
        metrics=METRICS,
        tools=frozenset(OPERATIONS),
        vacuous=VACUOUS,
        reasons={kind: frozenset(codes) for kind, codes in REASONS.items()},
    )


def meta_spec(min_subjects: int = 1, max_subjects: int = len(SUBJECT_NAMES)) -> DomainMetaSpec[Any]:
    """Airline's meta spec, with ``min_subjects`` to ``max_subjects`` requirement kinds in force
    (see :meth:`~checkers.meta.conversations.ConversationMeta.spec` for the limits), and its
    known answers."""
    return replace(airline_meta().spec(min_subjects, max_subjects), known_answers=KNOWN_ANSWERS)
