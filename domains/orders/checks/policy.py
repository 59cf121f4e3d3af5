"""``policy_valid``: every attempted write is one the policy allows at the moment it is made.

Each check declares its reason codes with it (``reasons=``, collected in
:data:`~domains.orders.checks.context.REASONS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any

from checkers.results import Finding, RequirementResult
from checkers.results import Outcome as ResultOutcome
from checkers.service_checks import maker
from checkers.text import and_more, plural
from checkers.transcript import brief_json
from domains.orders.checks.context import OrdersContext, check_for
from domains.orders.conversation import CallRecord, Conversation
from domains.orders.models import CANCEL_REASONS, GiftCard, Order, OrderItem, PolicyValid
from domains.orders.service import WRITES

STATUS_LOOKUPS = frozenset({"get_order_details", "get_order_status", "track_order"})
"""Calls that tell the agent an order's status."""
EXCHANGE = "exchange_delivered_order_items"
"""The write that requests an exchange: its price difference is paid when the exchange is done."""
ONCE_PER_ORDER = frozenset({"modify_pending_order_items", EXCHANGE})
"""Writes the policy allows once per order."""

RULES = {
    "order_unknown": "the order does not exist",
    "status_not_checked": "the order's status was not looked up before acting on it",
    "order_not_pending": "only pending orders can be cancelled or modified",
    "order_not_delivered": "only delivered orders can be returned or exchanged",
    "bad_cancel_reason": "the reason must be 'no longer needed' or 'ordered by mistake'",
    "once_only_action_repeated": "items of an order can be modified or exchanged only once",
    "item_not_in_order": "every item must be in the order",
    "item_count_mismatch": "each item needs exactly one new item",
    "item_not_same_product": "a new item must be of the same product",
    "item_unchanged": "a new item must be a different option",
    "item_unavailable": "a new item must be available",
    "payment_method_unknown": "the payment method must be the customer's",
    "payment_method_unchanged": "the new payment method must differ from the current one",
    "refund_method_not_allowed": "a refund goes to the original payment method or a gift card",
    "gift_card_insufficient": "a gift card must cover what it pays",
}
"""Reason codes of ``policy_valid`` failures and the rule each one names."""

Violation = tuple[str, str]
"""(reason code, what was wrong) for one attempted write."""


def _status_checked(call: CallRecord, order_id: str, calls: Sequence[CallRecord]) -> bool:
    return any(
        c.name in STATUS_LOOKUPS and c.ok and c.arg("order_id") == order_id
        for c in calls[: call.index]
    )


def _pair_rules(call: CallRecord, item: OrderItem, new_id: Any) -> list[Violation]:
    """The rules one (old item, new item id) pair breaks: same product, another option, available.

    A new id that is no option of the item's product can be judged no further.
    """
    variant = (
        call.db_before.products[item.product_id].variants.get(new_id)
        if isinstance(new_id, str)
        else None
    )
    if variant is None:
        other = call.db_before.product_of_item(new_id) if isinstance(new_id, str) else None
        what = f"a {other.name}" if other else "no known item"
        return [("item_not_same_product", f"new item {new_id} is {what}, not a {item.name}")]
    found = []
    if new_id == item.item_id:
        found.append(
            ("item_unchanged", f"new item {new_id} is the same {item.name} option as before")
        )
    if not variant.available:
        found.append(("item_unavailable", f"new item {new_id} ({item.name}) is not available"))
    return found


def _item_rules(call: CallRecord, order: Order) -> tuple[list[Violation], Decimal | None]:
    """Every item rule the write breaks, and the price difference of its new items (None when
    it has none, or cannot be told because some pair is broken beyond pricing).

    Each rule is reported once per write, naming the first item that breaks it (and how many
    more do).
    """
    old, new = call.args.get("item_ids"), call.args.get("new_item_ids")
    if not isinstance(old, list) or (new is not None and not isinstance(new, list)):
        return [
            ("item_not_in_order", f"item_ids {brief_json(old, 48)} is not a list of item ids")
        ], None
    present = [i.item_id for i in order.items]
    found: list[Violation] = []
    # Listed once each; ids may be of any JSON type, so no set or dict of them.
    over = [i for i in old if old.count(i) > present.count(i)]
    missing = [i for n, i in enumerate(over) if i not in over[:n]]
    if missing:
        found.append(
            (
                "item_not_in_order",
                and_more([f"item {i} is not in order {order.order_id}" for i in missing], "item"),
            )
        )
    if new is None:
        return found, None
    if len(old) != len(new):
        # Which new item replaces which old one cannot be told, so no pair is judged.
        found.append(("item_count_mismatch", f"{len(old)} items but {len(new)} new items"))
        return found, None
    by_code: dict[str, list[str]] = {}
    difference: Decimal | None = Decimal(0)
    for item_id, new_id in zip(old, new, strict=True):
        item = next((i for i in order.items if i.item_id == item_id), None)
        if item is None:
            difference = None
            continue
        pair = _pair_rules(call, item, new_id)
        for code, detail in pair:
            by_code.setdefault(code, []).append(detail)
        if difference is not None and any(code == "item_not_same_product" for code, _ in pair):
            difference = None
        elif difference is not None:
            variant = call.db_before.products[item.product_id].variants[new_id]
            difference += Decimal(str(variant.price)) - Decimal(str(item.price))
    # Rules in a fixed order, so the first finding of a write does not depend on item order.
    for code in ("item_not_same_product", "item_unchanged", "item_unavailable"):
        if code in by_code:
            found.append((code, and_more(by_code[code], "item")))
    return found, difference


def promised(call: CallRecord, calls: Sequence[CallRecord], method_id: Any) -> Decimal:
    """What the exchanges of ``calls`` that took effect before ``call`` promised to take from
    payment method ``method_id`` (their price differences to pay): an exchange is paid when it
    is done, so the balance the service shows after the request still holds what it owes."""
    owed = Decimal(0)
    for earlier in calls[: call.index]:
        if earlier.name != EXCHANGE or not earlier.ok:
            continue
        if earlier.arg("payment_method_id") != method_id:
            continue
        order = earlier.db_after.orders.get(earlier.arg("order_id") or "")
        difference = order.exchange_price_difference if order is not None else None
        if difference is not None and difference > 0:
            owed += Decimal(str(difference))
    return owed


def _payment_rules(
    call: CallRecord, order: Order, needed: Decimal | None, owed: Decimal = Decimal(0)
) -> list[Violation]:
    """``payment_method_unknown`` or ``gift_card_insufficient`` (when ``needed`` is known): a
    gift card must hold ``needed`` beside what it already ``owed`` (:func:`promised`)."""
    method_id = call.arg("payment_method_id")
    methods = call.db_before.users[order.user_id].payment_methods
    method = methods.get(method_id) if method_id is not None else None
    if method is None:
        return [
            (
                "payment_method_unknown",
                f"{method_id!r} is not one of the customer's payment methods "
                f"({', '.join(methods)})",
            )
        ]
    if (
        isinstance(method, GiftCard)
        and needed is not None
        and Decimal(str(method.balance)) < needed + owed
    ):
        beside = f" beside {owed} an earlier exchange owes it" if owed else ""
        return [
            (
                "gift_card_insufficient",
                f"gift card {method.id} holds {method.balance}, {needed} is needed{beside}",
            )
        ]
    return []


def _refund_rules(call: CallRecord, order: Order) -> list[Violation]:
    """A refund goes to a payment method of the customer: the original one or a gift card."""
    found = _payment_rules(call, order, None)
    original = order.payment_history[0].payment_method_id
    method = call.db_before.users[order.user_id].payment_methods.get(
        call.arg("payment_method_id") or ""
    )
    if method is not None and not isinstance(method, GiftCard) and method.id != original:
        found.append(
            (
                "refund_method_not_allowed",
                f"refund to {method.id}, but the order was paid with {original}",
            )
        )
    return found


def _order_rules(call: CallRecord, order: Order, calls: Sequence[CallRecord]) -> list[Violation]:
    """The rules about the order itself: looked up first, once only, in the right status."""
    found: list[Violation] = []
    if not _status_checked(call, order.order_id, calls):
        found.append(
            (
                "status_not_checked",
                f"no lookup of order {order.order_id} ({', '.join(sorted(STATUS_LOOKUPS))}) "
                "succeeded before it",
            )
        )
    earlier = [
        c
        for c in calls[: call.index]
        if c.name == call.name and c.ok and c.arg("order_id") == order.order_id
    ]
    if call.name in ONCE_PER_ORDER and earlier:
        found.append(
            (
                "once_only_action_repeated",
                f"{call.name} already succeeded on {order.order_id} at call "
                f"#{earlier[0].index + 1}",
            )
        )
    wanted = "delivered" if call.name in ("return_delivered_order_items", EXCHANGE) else "pending"
    if order.status != wanted:
        code = "order_not_delivered" if wanted == "delivered" else "order_not_pending"
        found.append((code, f"order {order.order_id} is {order.status!r}"))
    return found


def _cancel_reason_rules(call: CallRecord) -> list[Violation]:
    reason = call.args.get("reason")
    return [] if reason in CANCEL_REASONS else [("bad_cancel_reason", f"reason {reason!r}")]


def _write_violations(call: CallRecord, calls: Sequence[CallRecord]) -> list[Violation]:
    """Every policy rule ``call`` breaks at the moment it was made, in a fixed order (the order,
    then what the write does: its reason, items, payment); empty when it breaks none.

    Rules that need something a broken rule left unknown are not judged: nothing about an order
    that does not exist but the cancel reason; no gift-card balance against a price difference
    that cannot be priced. Such a write already fails, so nothing unjudged can pass.
    """
    if call.name == "modify_user_address":
        return []
    order_id = call.arg("order_id")
    order = call.db_before.orders.get(order_id) if order_id is not None else None
    cancel = _cancel_reason_rules(call) if call.name == "cancel_pending_order" else []
    if order is None:
        return [("order_unknown", f"order {order_id!r} does not exist"), *cancel]
    found = _order_rules(call, order, calls) + cancel
    if call.name in ("cancel_pending_order", "modify_pending_order_address"):
        return found
    if call.name == "modify_pending_order_payment":
        payments = [t for t in order.payment_history if t.transaction_type == "payment"]
        current = payments[-1].payment_method_id
        if call.arg("payment_method_id") == current:
            found.append(
                (
                    "payment_method_unchanged",
                    f"order {order.order_id} is already paid with {current}",
                )
            )
        return found + _payment_rules(call, order, Decimal(str(order.payment_history[0].amount)))
    items, difference = _item_rules(call, order)
    found += items
    if call.name == "return_delivered_order_items":
        return found + _refund_rules(call, order)
    owed = promised(call, calls, call.arg("payment_method_id"))
    return found + _payment_rules(call, order, difference, owed)


def policy_findings(conversation: Conversation) -> list[tuple[CallRecord, Finding]]:
    """Every rule every attempted write of ``conversation`` breaks, write by write (in call
    order), rule by rule: the write and the finding (its code, the write's label, what was
    wrong and the rule). Empty when every write is allowed (or there is none)."""
    calls = conversation.calls
    return [
        (call, Finding(code, call.label(), f"{detail}; {RULES[code]}"))
        for call in calls
        if call.name in WRITES
        for code, detail in _write_violations(call, calls)
    ]


def _findings_sentence(findings: Sequence[Finding]) -> str:
    """``call #3 ...: what [code]; what [code]. call #5 ...: ...``: every finding, grouped by
    the write it is about, each with its code."""
    by_write: dict[str, list[Finding]] = {}
    for finding in findings:
        by_write.setdefault(finding.about, []).append(finding)
    return " ".join(
        f"{about}: " + "; ".join(f"{f.reason} [{f.code}]" for f in group) + "."
        for about, group in by_write.items()
    )


@check_for(
    PolicyValid,
    reasons={
        "all_writes_allowed": "pass: every attempted write was allowed when it was made",
        "no_writes": "pass: the agent attempted no write",
        **{code: f"fail: {rule}" for code, rule in RULES.items()},
    },
)
def check_policy_valid(req: PolicyValid, ctx: OrdersContext) -> RequirementResult:
    """Every attempted write (accepted or refused) is judged against the database at that moment.

    A failure reports every rule every write breaks, each as a :class:`Finding` (code, the
    write, what was wrong) and all of them in the reason; its reason code is the first write's
    first rule.
    """
    make, conversation = maker(req), ctx.conversation
    writes = [c for c in conversation.calls if c.name in WRITES]
    if not writes:
        return make(ResultOutcome.PASS, "no_writes", "the agent attempted no write")
    findings = [finding for _, finding in policy_findings(conversation)]
    if not findings:
        return make(
            ResultOutcome.PASS,
            "all_writes_allowed",
            f"every attempted write ({plural(len(writes), 'write')}) was allowed by the policy "
            "when it was made",
        )
    broken = len({f.about for f in findings})
    return replace(
        make(
            ResultOutcome.FAIL,
            findings[0].code,
            f"{broken} of {plural(len(writes), 'write')} {'breaks' if broken == 1 else 'break'} "
            f"the policy ({plural(len(findings), 'rule')} broken): " + _findings_sentence(findings),
        ),
        findings=tuple(findings),
    )
