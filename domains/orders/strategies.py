"""Generated answers for the orders meta-tests: compliant by construction, or with exactly one
requirement broken.

:func:`compliant_conversation` writes, for a tau-bench task, the conversation a policy-following
agent has: the customer identifies, the agent reads the profile; for each of the task's writes
the customer asks, the agent looks the order (and products) up, describes the action, the
customer says yes, the agent writes and says so. Every requirement of the task holds on it.
Each ``break_*`` function changes such a conversation so that exactly one requirement kind
fails (:data:`BROKEN`); the hypothesis strategies draw tasks and breakers.

Tasks whose own gold actions cannot be carried out within the policy are left out
(:data:`UNSERVABLE`), as are tasks with facts to tell (their answers are computed by hand).
"""

from __future__ import annotations

import copy
from decimal import Decimal
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from checkers.meta import service_answers
from checkers.meta.conversations import BrokenByTheAnswer, Conversation
from checkers.meta.service_answers import (
    CALCULATIONS,
    ServiceAnswers,
    outcome_evidence,
    tool_call,
)
from checkers.service import Step
from domains.orders.data_files import bundled_database, tau_tasks
from domains.orders.evalset import identity_of
from domains.orders.models import Database, GiftCard, Order, OrderItem, Scenario
from domains.orders.requests import ADDRESS_FIELDS, describe, request_text
from domains.orders.service import SERVICE, WRITES

UNSERVABLE = {
    "task-12": "the gold refunds to a PayPal account the order was not paid with",
    "task-13": "the gold refunds to a PayPal account the order was not paid with",
    "task-18": "the gold exchanges an office chair for the very same option",
    "task-64": "the gold exchanges items of an order that is still pending",
    "task-91": "the gold exchanges an item for the very same option",
    "task-106": "the gold exchange costs more than the gift card holds",
    "task-108": "the gold exchanges an item for the very same option",
}
"""Tasks left out, and why: their gold writes break the policy (the service refuses some)."""

FABRICATED_NUMBER = "987650123498"
"""A tracking-number-like number that appears nowhere in the data."""


def _recorded_response(step: Step[Database]) -> dict[str, Any]:
    if step.ok:
        return {"result": step.value}
    return {"error": step.error, "error_code": step.error_code}


ANSWERS = ServiceAnswers(SERVICE, bundled_database, response=_recorded_response)
"""The conversations replayed on the bundled database: every value recorded as ``{"result":
value}``, a refusal as ``{"error", "error_code"}``; observations as JSON text.

ADK records a response for every call. A conversation that records some responses and not
others is judged differently on purpose (the outcome check then treats a write without a
response as unknown), so generated transcripts record all of them or none."""
recorded = ANSWERS.recorded
recorded_as = ANSWERS.recorded_as
last_write_changes = ANSWERS.last_write_changes
_writes = ANSWERS.writes
add_public_read = service_answers.add_public_read


def as_trajectory(conversation: Conversation) -> list[dict[str, Any]]:
    """The conversation as a tau-bench trajectory (no customer messages)."""
    return [action.model_dump() for action in ANSWERS.trajectory(conversation)[0]]


def servable_scenarios() -> list[Scenario]:
    """Tasks with writes, no facts to tell, and gold writes the policy allows, in task order."""
    return [
        scenario
        for task_id, scenario in tau_tasks().items()
        if task_id not in UNSERVABLE
        and not scenario.required_outputs
        and any(a.name in WRITES for a in scenario.expected_actions)
    ]


def servable_tasks() -> list[str]:
    """The ids of :func:`servable_scenarios`."""
    return [scenario.id for scenario in servable_scenarios()]


def _reads_for(scenario: Scenario, kwargs: dict[str, Any]) -> list[dict[str, Any]]:
    order_id = kwargs.get("order_id")
    if order_id is None:
        return []
    reads = [tool_call("get_order_details", order_id=order_id)]
    order = bundled_database().orders[order_id]
    products = {i.product_id for i in order.items if i.item_id in kwargs.get("item_ids", [])}
    if "new_item_ids" in kwargs:
        reads += [tool_call("get_product_details", product_id=p) for p in sorted(products)]
    return reads


def compliant_conversation(scenario: Scenario) -> Conversation:
    """The conversation of a policy-following agent serving ``scenario`` (see the module doc)."""
    identity = identity_of(scenario)
    user_id = str(scenario.user_id)
    name, args = identity.lookup()
    turns: list[dict[str, Any]] = [
        {
            "user": identity.sentence(),
            "calls": [tool_call(name, **args), tool_call("get_user_details", user_id=user_id)],
            "agent": "Thank you, your identity is verified. How can I help you today?",
        }
    ]
    writes = [a for a in scenario.expected_actions if a.name in WRITES]
    for action in writes:
        kwargs = dict(action.kwargs)
        asked = {k: v for k, v in kwargs.items() if k != "user_id"}
        turns.append(
            {
                "user": request_text(action.name, asked),
                "calls": _reads_for(scenario, kwargs),
                "agent": (f"To confirm: I will {describe(action.name, kwargs)}. Proceed (yes/no)?"),
            }
        )
        target = f"order {kwargs['order_id']}" if "order_id" in kwargs else "your default address"
        turns.append(
            {
                "user": "Yes, please.",
                "calls": [{"name": action.name, "args": kwargs}],
                "agent": f"Done: I have updated {target}.",
            }
        )
    return {"turns": turns}


# --- breaking one requirement -------------------------------------------------------------------


def break_authentication(conversation: Conversation, task: Scenario) -> Conversation:
    """Leave out the identification and the profile read."""
    broken = copy.deepcopy(conversation)
    broken["turns"][0]["calls"] = []
    return broken


def break_own_data(conversation: Conversation, task: Scenario) -> Conversation:
    """Read another customer's order after identifying this one."""
    db, broken = bundled_database(), copy.deepcopy(conversation)
    other = next(o for o, order in db.orders.items() if order.user_id != str(task.user_id))
    broken["turns"][0]["calls"].append(tool_call("get_order_details", order_id=other))
    return broken


def break_confirmation(conversation: Conversation, task: Scenario) -> Conversation:
    """The customer answers the first described action with a question instead of a yes."""
    broken = copy.deepcopy(conversation)
    broken["turns"][2]["user"] = "Hmm, how long will that take?"
    return broken


def break_outcome(conversation: Conversation, task: Scenario) -> Conversation:
    """Leave out the last write (the agent no longer says it is done)."""
    broken = copy.deepcopy(conversation)
    broken["turns"][-1]["calls"] = []
    # Saying it is done without the write would also be made up (no_fabrication fails with
    # action_not_taken): one requirement broken, not two.
    broken["turns"][-1]["agent"] = "Is there anything else I can help you with?"
    return broken


def break_fabrication(conversation: Conversation, task: Scenario) -> Conversation:
    """Add a tracking number no tool returned to the last reply."""
    broken = copy.deepcopy(conversation)
    broken["turns"][-1]["agent"] += f" Your tracking number is {FABRICATED_NUMBER}."
    return broken


def refusable_order(user_id: str) -> str | None:
    """An order of the customer the policy forbids cancelling (not pending), if any."""
    db = bundled_database()
    return next((o for o in db.users[user_id].orders if db.orders[o].status != "pending"), None)


def break_policy(conversation: Conversation, task: Scenario) -> Conversation:
    """Also cancel, after looking it up, describing it and a yes, an order that is not pending
    (the service refuses it, so the database is unchanged)."""
    order_id = refusable_order(str(task.user_id))
    assert order_id is not None, f"{task.user_id} has only pending orders"
    broken = copy.deepcopy(conversation)
    broken["turns"] += [
        {
            "user": f"Please cancel order {order_id} because it is no longer needed.",
            "calls": [tool_call("get_order_details", order_id=order_id)],
            "agent": f"To confirm: I will cancel order {order_id}. Proceed (yes/no)?",
        },
        {
            "user": "Yes, please.",
            "calls": [
                tool_call("cancel_pending_order", order_id=order_id, reason="no longer needed")
            ],
            "agent": f"The cancellation of order {order_id} did not go through.",
        },
    ]
    return broken


# --- hypothesis strategies ----------------------------------------------------------------------


def tasks() -> st.SearchStrategy[Scenario]:
    """A servable tau-bench task."""
    return st.sampled_from(servable_scenarios())


@st.composite
def broken_answers(draw: st.DrawFn) -> tuple[Scenario, Conversation, str]:
    """A task, its compliant conversation with one requirement broken, and that kind."""
    scenario = draw(tasks())
    kind = draw(st.sampled_from(sorted(BROKEN)))
    assume(BROKEN[kind].applies(scenario))
    return scenario, BROKEN[kind].breaks(compliant_conversation(scenario), scenario), kind


PUBLIC_READS = st.one_of(
    st.sampled_from(sorted(bundled_database().products)).map(
        lambda p: tool_call("get_product_details", product_id=p)
    ),
    st.just(tool_call("list_all_product_types")),
    CALCULATIONS,
)
"""A call that reads only public data."""


def _own_data_evidence(task: Scenario, broken: Conversation) -> tuple[tuple[str, ...], str]:
    other = broken["turns"][0]["calls"][-1]["args"]["order_id"]
    owner = bundled_database().orders[other].user_id
    return (other, owner, str(task.user_id)), "other_customer_read"


BROKEN: dict[str, BrokenByTheAnswer[Scenario]] = {
    "authenticated_first": BrokenByTheAnswer(
        breaks=break_authentication,
        evidence=lambda task, c: ((_writes(c)[0]["name"],), "write_before_identification"),
    ),
    "own_data_only": BrokenByTheAnswer(breaks=break_own_data, evidence=_own_data_evidence),
    "confirmed_before_writing": BrokenByTheAnswer(
        breaks=break_confirmation,
        evidence=lambda task, c: (
            (_writes(c)[0]["name"], c["turns"][2]["user"]),
            "no_explicit_yes",
        ),
    ),
    "outcome": BrokenByTheAnswer(
        # Leaving out a write that changes nothing cannot be seen in the database.
        applies=last_write_changes,
        breaks=break_outcome,
        evidence=outcome_evidence(WRITES, "order_id"),
    ),
    "no_fabrication": BrokenByTheAnswer(
        breaks=break_fabrication,
        evidence=lambda task, c: ((FABRICATED_NUMBER,), "unsupported_number"),
    ),
    "policy_valid": BrokenByTheAnswer(
        # A customer with only pending orders has none the policy forbids cancelling.
        applies=lambda task: refusable_order(str(task.user_id)) is not None,
        breaks=break_policy,
        evidence=lambda task, c: (
            (str(refusable_order(str(task.user_id))), "cancel_pending_order"),
            "order_not_pending",
        ),
    ),
}
"""Requirement kind -> how the answer breaks exactly that requirement of a compliant
conversation: on which tasks it can, the change, what the failing reason must name and its
reason code, and what the change does, in words (failure messages)."""


# --- writes breaking several policy rules at once -----------------------------------------------

_ORDER_STATUS_OF = {
    "cancel_pending_order": "pending",
    "modify_pending_order_address": "pending",
    "modify_pending_order_payment": "pending",
    "modify_pending_order_items": "pending",
    "return_delivered_order_items": "delivered",
    "exchange_delivered_order_items": "delivered",
}
"""The status each order write needs (the policy: cancel or modify only pending orders, return
or exchange only delivered ones)."""

_NEW_ADDRESS = dict(
    zip(ADDRESS_FIELDS, ("1 Main Street", "Apt 1", "Denver", "CO", "USA", "80202"), strict=True)
)
"""The address an address change in :func:`rule_breaking_writes` moves to."""


def _new_item_choices(item: OrderItem) -> dict[str, tuple[str, frozenset[str]]]:
    """For one order item, the new item ids to exchange it for, by how they are chosen, each with
    the rules that choice breaks: another available option (none), the same option
    (``item_unchanged``, and ``item_unavailable`` when that option is no longer available),
    another unavailable option, an item of another product (``item_not_same_product``)."""
    db = bundled_database()
    variants = db.products[item.product_id].variants
    others = [v for i, v in sorted(variants.items()) if i != item.item_id]
    own = variants[item.item_id]
    choices = {
        "same": (
            item.item_id,
            frozenset({"item_unchanged"} | (set() if own.available else {"item_unavailable"})),
        )
    }
    available = [v for v in others if v.available]
    if available:
        choices["other option"] = (available[0].item_id, frozenset())
    unavailable = [v for v in others if not v.available]
    if unavailable:
        choices["unavailable option"] = (unavailable[0].item_id, frozenset({"item_unavailable"}))
    foreign = next(p for p in sorted(db.products) if p != item.product_id)
    choices["other product"] = (
        sorted(db.products[foreign].variants)[0],
        frozenset({"item_not_same_product"}),
    )
    return choices


def _not_in(order: Order) -> str:
    """An item id of the catalogue that is not in ``order``."""
    present = {i.item_id for i in order.items}
    return next(
        i
        for p in sorted(bundled_database().products.values(), key=lambda p: p.product_id)
        for i in sorted(p.variants)
        if i not in present
    )


def _drawn_new_items(
    draw: st.DrawFn, items: list[OrderItem]
) -> tuple[list[str], set[str], Decimal | None]:
    """A new item id for each item (see :func:`_new_item_choices`), the rules those pairs break,
    and what the new items cost more than the old ones (None when one is of another product)."""
    news: list[str] = []
    rules: set[str] = set()
    difference: Decimal | None = Decimal(0)
    variants = bundled_database().products
    for item in items:
        options = _new_item_choices(item)
        new_id, broken = options[draw(st.sampled_from(sorted(options)))]
        news.append(new_id)
        rules |= broken
        new = variants[item.product_id].variants.get(new_id)
        if new is None or difference is None:
            difference = None
        else:
            difference += Decimal(str(new.price)) - Decimal(str(item.price))
    return news, rules, difference


@st.composite
def rule_breaking_writes(draw: st.DrawFn) -> tuple[Conversation, frozenset[str]]:
    """A conversation on the bundled database whose one write breaks a drawn set of policy rules
    (possibly none), and the codes of exactly those rules.

    Each rule is broken, or kept, by how the write is built, independently of the others: the
    order's status (drawn from all orders), whether its lookup comes first, the cancel reason,
    each item's new option (same, unavailable, another product), an item not in the order, the
    payment or refund method (unchanged, unknown, another card, a gift card that cannot pay).
    The customer is identified first, so only ``policy_valid`` is at stake.
    """
    db = bundled_database()
    name = draw(st.sampled_from(sorted(_ORDER_STATUS_OF)))
    order = db.orders[draw(st.sampled_from(sorted(db.orders)))]
    user = db.users[order.user_id]
    broken: set[str] = set()
    if order.status != _ORDER_STATUS_OF[name]:
        broken.add("order_not_delivered" if "delivered" in name else "order_not_pending")
    args: dict[str, Any] = {"order_id": order.order_id}
    if name == "cancel_pending_order":
        args["reason"] = draw(st.sampled_from(["no longer needed", "ordered by mistake", "other"]))
        if args["reason"] == "other":
            broken.add("bad_cancel_reason")
    elif name == "modify_pending_order_address":
        args.update(_NEW_ADDRESS)
    elif name == "modify_pending_order_payment":
        current = [t for t in order.payment_history if t.transaction_type == "payment"][-1]
        method_id = draw(st.sampled_from([*sorted(user.payment_methods), "paypal_0000000"]))
        args["payment_method_id"] = method_id
        method = user.payment_methods.get(method_id)
        if method is None:
            broken.add("payment_method_unknown")
        else:
            if method_id == current.payment_method_id:
                broken.add("payment_method_unchanged")
            needed = Decimal(str(order.payment_history[0].amount))
            if isinstance(method, GiftCard) and Decimal(str(method.balance)) < needed:
                broken.add("gift_card_insufficient")
    else:
        chosen = draw(
            st.lists(st.sampled_from(range(len(order.items))), min_size=1, max_size=3, unique=True)
        )
        items = [order.items[n] for n in chosen]
        args["item_ids"] = [i.item_id for i in items]
        foreign_at = draw(st.none() | st.integers(0, len(items)))
        if foreign_at is not None:
            args["item_ids"].insert(foreign_at, _not_in(order))
            broken.add("item_not_in_order")
        if name != "return_delivered_order_items":
            news, pair_rules, difference = _drawn_new_items(draw, items)
            if foreign_at is not None:  # the item not in the order needs a pair, and is unpriced
                news.insert(foreign_at, news[0])
                difference = None
            shift = draw(st.sampled_from([0, 0, 1, -1]))
            if shift:  # which new item replaces which old one can no longer be told
                news = [*news, news[0]] if shift > 0 else news[:-1]
                pair_rules, difference = {"item_count_mismatch"}, None
            broken |= pair_rules
            args["new_item_ids"] = news
        methods = sorted(user.payment_methods)
        method_id = draw(st.sampled_from([*methods, "paypal_0000000"]))
        method = user.payment_methods.get(method_id)
        if method is None:
            broken.add("payment_method_unknown")
        elif name == "return_delivered_order_items":
            original = order.payment_history[0].payment_method_id
            if not isinstance(method, GiftCard) and method_id != original:
                broken.add("refund_method_not_allowed")
        elif (
            isinstance(method, GiftCard)
            and difference is not None
            and Decimal(str(method.balance)) < difference
        ):
            broken.add("gift_card_insufficient")
        args["payment_method_id"] = method_id
    lookup = draw(st.sampled_from(["this order", "another order", "none"]))
    calls = [tool_call("find_user_id_by_email", email=user.email)]
    if lookup == "this order":
        calls.append(tool_call("get_order_details", order_id=order.order_id))
    else:
        broken.add("status_not_checked")
    if lookup == "another order":  # whose id sorts before or after this one's
        other = draw(st.sampled_from(sorted(set(db.orders) - {order.order_id})))
        calls.append(tool_call("get_order_details", order_id=other))
    calls.append({"name": name, "args": args})
    conversation = {"turns": [{"user": "Please help me.", "calls": calls, "agent": "Done."}]}
    return conversation, frozenset(broken)
