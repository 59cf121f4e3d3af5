"""Orders' meta spec, through the conversation kit (:mod:`checkers.meta.conversations`).

What is orders' own: its tasks (tau-bench's, and the chapter's scenarios), the conversation a
policy-following agent has (:func:`~domains.orders.strategies.compliant_conversation`: identify,
read, describe each write, an explicit yes, write) and its variants (a read of public data
added), and per kind how it is broken and added to a task:

- broken by the answer (``authenticated_first``, ``own_data_only``, ``policy_valid``,
  ``confirmed_before_writing``, ``no_fabrication``, ``outcome``): the compliant conversation with
  that one rule broken, and what the failing reason must name
  (:data:`~domains.orders.strategies.BROKEN`);
- tightened in the task (``conveyed``, ``mentions_order_id``): a fact to tell that the agent
  never says, or an order to name that it never names;
- added to a task: more facts to tell or orders to name tighten the task's own; an ``outcome``
  with other expected actions, or ``own_data_only`` for another customer, is kept beside it.

Transcripts are recorded turn by turn (as ADK records them, every response recorded: where only
some are, the outcome check deliberately treats a write without one as unknown), as a tau-bench
trajectory (no customer messages, so ``confirmed_before_writing`` is unscored) or flat. There is
no oracle: the space of conversations is not finite. The bundled known answers use their own
format and are checked by ``tests/test_orders_known_answers.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, partial
from typing import Any

from hypothesis import strategies as st

from checkers.meta.conversations import (
    Conversation,
    ConversationMeta,
    KindMeta,
    TightenedInTheTask,
)
from checkers.meta.spec import DomainMetaSpec
from checkers.meta.strategies import JSON_VALUES
from checkers.results import RequirementResult
from checkers.transcript import Transcript
from domains.orders import strategies
from domains.orders.checks import checks
from domains.orders.checks.context import REASONS
from domains.orders.data_files import bundled_database, service_scenarios, tau_tasks
from domains.orders.judge import SUBJECT_NAMES, context_for, judge_kinds, orders_at_stake
from domains.orders.metrics import KINDS_JUDGED, METRICS
from domains.orders.models import (
    Action,
    AuthenticatedFirst,
    ConfirmedBeforeWriting,
    Conveyed,
    MentionsOrderId,
    NoFabrication,
    OrdersRequirement,
    Outcome,
    OwnDataOnly,
    PolicyValid,
    Scenario,
)
from domains.orders.scenarios import ORDERS, parse_answer_text
from domains.orders.service import OPERATIONS, WRITES

UNSAID_FACTS = ("5 to 7 business days", "mastercard", "polyester", "20 hours", "store credit")
"""Facts no compliant conversation says (its replies are fixed sentences without numbers)."""
_UNSAID = st.sampled_from(UNSAID_FACTS) | st.integers(1, 99999).map(
    lambda cents: f"${cents / 100:,.2f}"
)


def describe_task(task: Scenario) -> list[str]:
    """The task's id, customer, writes, facts to tell and orders at stake, for failure messages."""
    writes = [
        " ".join([a.name, str(a.kwargs.get("order_id", ""))]).strip()
        for a in task.expected_actions
        if a.name in WRITES
    ]
    parts = [f"{task.id} of {task.user_id} ({', '.join(writes) or 'no write'})"]
    if task.required_outputs:
        parts.append(f"must tell {list(task.required_outputs)}")
    if task.order_ids is not None:
        parts.append(f"about orders {list(task.order_ids)}")
    return parts


# --- tightened in the task ------------------------------------------------------------------


def _more_facts(task: Scenario) -> st.SearchStrategy[tuple[Scenario, tuple[str, ...], str]]:
    def tighter(facts: list[str]) -> tuple[Scenario, tuple[str, ...], str]:
        told = tuple(facts)
        return task.model_copy(update={"required_outputs": told}), told, "not_conveyed"

    return st.lists(_UNSAID, min_size=1, max_size=2, unique=True).map(tighter)


@cache
def _order_ids() -> tuple[str, ...]:
    return tuple(sorted(bundled_database().orders))


def _another_order(task: Scenario) -> st.SearchStrategy[tuple[Scenario, tuple[str, ...], str]]:
    orders = bundled_database().orders

    def tighter(other: str) -> tuple[Scenario, tuple[str, ...], str]:
        ids = (*orders_at_stake(task), other)
        return task.model_copy(update={"order_ids": ids}), (other,), "order_id_not_mentioned"

    # An order of another customer: a compliant conversation names only its customer's.
    mine = str(task.user_id)
    return st.sampled_from(_order_ids()).filter(lambda o: orders[o].user_id != mine).map(tighter)


# --- added to a task ------------------------------------------------------------------------


def _with_facts(task: Scenario, requirement: Conveyed) -> Scenario:
    facts = (*task.required_outputs, *requirement.facts)
    return task.model_copy(update={"required_outputs": tuple(dict.fromkeys(facts))})


def _with_orders(task: Scenario, requirement: MentionsOrderId) -> Scenario:
    ids = (*orders_at_stake(task), *requirement.order_ids)
    return task.model_copy(update={"order_ids": tuple(dict.fromkeys(ids))})


def _kinds() -> dict[str, KindMeta[Scenario]]:
    """Every kind's meta declaration, in the order the judge builds them."""
    db = bundled_database()
    known = tau_tasks()
    gold = st.sampled_from(sorted(known)).map(lambda task_id: known[task_id].expected_actions)
    actions = st.lists(
        st.builds(
            Action,
            name=st.sampled_from(sorted(OPERATIONS)),
            kwargs=st.dictionaries(st.sampled_from(("order_id", "user_id", "reason")), JSON_VALUES),
        ),
        max_size=3,
    ).map(tuple)
    customers = st.none() | st.sampled_from(sorted(db.users)[:40]) | st.text(max_size=8)
    order_ids = st.sampled_from(sorted(db.orders)[:40]) | st.text(max_size=9)
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
        "authenticated_first": KindMeta(
            st.just(AuthenticatedFirst()), by_answer("authenticated_first")
        ),
        "own_data_only": KindMeta(
            st.builds(OwnDataOnly, customer_id=customers),
            by_answer("own_data_only"),
            lambda task, req: task if req.customer_id == task.user_id else None,
        ),
        "policy_valid": KindMeta(st.just(PolicyValid()), by_answer("policy_valid")),
        "confirmed_before_writing": KindMeta(
            st.just(ConfirmedBeforeWriting()), by_answer("confirmed_before_writing")
        ),
        "no_fabrication": KindMeta(st.just(NoFabrication()), by_answer("no_fabrication")),
        "mentions_order_id": KindMeta(
            st.builds(MentionsOrderId, order_ids=st.lists(order_ids, max_size=3).map(tuple)),
            TightenedInTheTask(_another_order),
            _with_orders,
        ),
    }
    assert tuple(kinds) == tuple(SUBJECT_NAMES), "declare every kind, in the judge's order"
    return kinds


# --- conversations and transcripts ----------------------------------------------------------


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
    known = {**service_scenarios(), **tau_tasks()}
    return [known[ref] for ref in sorted(known)]


VACUOUS = {
    "empty_answer_never_passes": (
        "an agent that does nothing in the orders service (it only talks: prose, or JSON that "
        "holds no conversation; or it only calls other tools) breaks no conduct rule, states "
        "nothing unsupported, and meets a task that asks for no change, no fact and no order: "
        "those requirements pass vacuously, by design (domains/orders/checks)"
    ),
}


def _check_added(
    task: Scenario, read: Transcript, added: Sequence[OrdersRequirement]
) -> list[RequirementResult]:
    """``added`` judged on the conversation of ``task``, replayed once for all of them."""
    context = context_for(task, read)
    return [checks.check(requirement, context) for requirement in added]


@cache
def orders_meta() -> ConversationMeta[Scenario]:
    """Orders, as its meta-tests see it (built once: it lists and replays the tasks)."""
    return ConversationMeta(
        domain=ORDERS,
        task_type=Scenario,
        checks=checks,
        kinds=_kinds(),
        requirement_type=OrdersRequirement,
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
    """Orders' meta spec, with ``min_subjects`` to ``max_subjects`` requirement kinds in force
    (see :meth:`~checkers.meta.conversations.ConversationMeta.spec` for the limits)."""
    return orders_meta().spec(min_subjects, max_subjects)
