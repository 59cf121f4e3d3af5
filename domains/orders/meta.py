"""Orders' meta spec, through the conversation kit (:func:`checkers.meta.conversations.
service_meta`).

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

from functools import cache
from typing import Any

from hypothesis import strategies as st

from checkers.meta.conversations import (
    ConversationMeta,
    KindMeta,
    TightenedInTheTask,
    fixed_kinds,
    one_customer_kind,
    service_meta,
)
from checkers.meta.spec import DomainMetaSpec
from domains.orders import judge, strategies
from domains.orders.checks import checks
from domains.orders.checks.context import REASONS
from domains.orders.data_files import bundled_database, service_scenarios, tau_tasks
from domains.orders.judge import orders_at_stake
from domains.orders.metrics import KINDS_JUDGED, METRICS
from domains.orders.models import (
    AuthenticatedFirst,
    ConfirmedBeforeWriting,
    MentionsOrderId,
    NoFabrication,
    OrdersRequirement,
    OwnDataOnly,
    PolicyValid,
    Scenario,
)
from domains.orders.scenarios import ORDERS

UNSAID_FACTS = ("5 to 7 business days", "mastercard", "polyester", "20 hours", "store credit")
"""Facts no compliant conversation says (its replies are fixed sentences without numbers)."""


def orders_asked(task: Scenario) -> list[str]:
    """The orders a task asks the agent to name, for failure messages."""
    return [f"about orders {list(task.order_ids)}"] if task.order_ids is not None else []


@cache
def _order_ids() -> tuple[str, ...]:
    return tuple(sorted(bundled_database().orders))


def _another_order(task: Scenario) -> st.SearchStrategy[tuple[Scenario, tuple[str, ...], str]]:
    """``mentions_order_id`` tightened: the task also asks to name an order of another customer
    (a compliant conversation names only its customer's)."""
    orders = bundled_database().orders

    def tighter(other: str) -> tuple[Scenario, tuple[str, ...], str]:
        ids = (*orders_at_stake(task), other)
        return task.model_copy(update={"order_ids": ids}), (other,), "order_id_not_mentioned"

    mine = str(task.user_id)
    return st.sampled_from(_order_ids()).filter(lambda o: orders[o].user_id != mine).map(tighter)


def _with_orders(task: Scenario, requirement: MentionsOrderId) -> Scenario:
    ids = (*orders_at_stake(task), *requirement.order_ids)
    return task.model_copy(update={"order_ids": tuple(dict.fromkeys(ids))})


def _own_kinds() -> dict[str, KindMeta[Scenario]]:
    """The meta declarations of orders' own kinds, in the order the judge builds them."""
    db = bundled_database()
    order_ids = st.sampled_from(sorted(db.orders)[:40]) | st.text(max_size=9)
    broken = strategies.BROKEN
    return {
        **fixed_kinds(broken, AuthenticatedFirst()),
        "own_data_only": one_customer_kind(
            OwnDataOnly, "customer_id", db.users, broken["own_data_only"]
        ),
        **fixed_kinds(broken, PolicyValid(), ConfirmedBeforeWriting(), NoFabrication()),
        "mentions_order_id": KindMeta(
            st.builds(MentionsOrderId, order_ids=st.lists(order_ids, max_size=3).map(tuple)),
            TightenedInTheTask(_another_order),
            _with_orders,
        ),
    }


@cache
def orders_meta() -> ConversationMeta[Scenario]:
    """Orders, as its meta-tests see it (built once: it lists and replays the tasks)."""
    return service_meta(
        ORDERS,
        checks=checks,
        requirement_type=OrdersRequirement,
        reasons=REASONS,
        judge=judge,
        strategies=strategies,
        tasks=tau_tasks(),
        more_tasks=service_scenarios(),
        action_args=("order_id", "user_id", "reason"),
        target="order_id",
        unsaid_facts=UNSAID_FACTS,
        unsaid_cents=(1, 99999),
        own_kinds=_own_kinds(),
        metric_kinds=KINDS_JUDGED,
        metrics=METRICS,
        nothing_asked="no change, no fact and no order",
        checks_at="domains/orders/checks",
        describe_more=orders_asked,
    )


def meta_spec(
    min_subjects: int = 1, max_subjects: int = len(judge.SUBJECT_NAMES)
) -> DomainMetaSpec[Any]:
    """Orders' meta spec, with ``min_subjects`` to ``max_subjects`` requirement kinds in force
    (see :meth:`~checkers.meta.conversations.ConversationMeta.spec` for the limits)."""
    return orders_meta().spec(min_subjects, max_subjects)
