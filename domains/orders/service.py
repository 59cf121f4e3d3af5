"""The retail service: every operation an agent can ask for, as a pure function of the database.

``apply(db, name, kwargs)`` runs one operation and returns a :class:`Step`: what the service
answered (a value, or an error with an HTTP-like code) and the database after it. A rejected
operation never changes anything. ``replay(db, actions)`` runs a whole trajectory.

The rules are the retail policy's and the benchmark database's (``data/policy.md``): only pending
orders are cancelled or modified, only delivered orders returned or exchanged, a new item must be
an available variant of the same product, a gift card must cover what it pays, a return refunds
to the original payment method or a gift card. Where the policy is silent the service does what
the benchmark's service does, to the cent, so a replay ends in the same database as the official
one: a cancellation refunds every transaction of the order, an item change is priced per item and
paid or refunded with the given method, an exchange or return is only *requested* (the order's
status and the ``exchange_*`` / ``return_*`` fields change, no money moves yet).

Operations never check who is asking: identification, ownership and confirmation are the agent's
duties under the policy, and the requirement checks judge them (:mod:`domains.orders.checks`).
"""

from __future__ import annotations

import ast
import inspect
import math
import operator
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from checkers.text import cut
from domains.orders.models import (
    CANCEL_REASONS,
    RESPOND,
    UNREADABLE_ARGS,
    Action,
    Address,
    Database,
    GiftCard,
    Order,
    Transaction,
    User,
)

POLICY_FILE = Path(__file__).parent / "data" / "policy.md"

Kind = Literal["identify", "private_read", "public_read", "write", "handoff"]
"""What an operation does, for the checks: identify a customer, read a customer's private data,
read public data (products, the policy, arithmetic), change the database, or hand off."""


class ServiceError(Exception):
    """The service refused an operation; nothing changed."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Step:
    """One operation as the service ran it."""

    name: str
    kwargs: Mapping[str, Any]
    value: Any
    """What the service returned on success (None on error)."""
    error_code: int | None
    """HTTP-like code on error: 400 bad arguments, 404 not found, 409 wrong state, 402 balance."""
    error: str | None
    db_after: Database

    @property
    def ok(self) -> bool:
        return self.error_code is None


# --- arguments ----------------------------------------------------------------------------------


def _text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ServiceError(400, f"{name} must be text, got {value!r} ({type(value).__name__})")
    return value


def _id_list(name: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ServiceError(
            400, f"{name} must be a list of item ids such as ['1008292230'], got {value!r}"
        )
    return value


def _order(db: Database, order_id: Any) -> Order:
    order = db.orders.get(_text("order_id", order_id))
    if order is None:
        raise ServiceError(404, f"order {order_id!r} not found; order ids look like '#W0000000'")
    return order


def _user(db: Database, user_id: Any) -> User:
    user = db.users.get(_text("user_id", user_id))
    if user is None:
        raise ServiceError(404, f"user {user_id!r} not found")
    return user


def _require_status(order: Order, status: str, action: str) -> None:
    if order.status != status:
        raise ServiceError(
            409, f"order {order.order_id} is {order.status!r}; only {status} orders can be {action}"
        )


def _payment_method(db: Database, order: Order, payment_method_id: Any) -> Any:
    methods = db.users[order.user_id].payment_methods
    method = methods.get(_text("payment_method_id", payment_method_id))
    if method is None:
        known = ", ".join(methods)
        raise ServiceError(
            404, f"payment method {payment_method_id!r} not found for this customer; known: {known}"
        )
    return method


def _items_present(order: Order, item_ids: Sequence[str]) -> None:
    present = [item.item_id for item in order.items]
    for item_id in item_ids:
        if item_ids.count(item_id) > present.count(item_id):
            raise ServiceError(404, f"item {item_id} not found in order {order.order_id}")


def _price_difference(db: Database, order: Order, item_ids: list[str], new_ids: list[str]) -> float:
    """New price minus old price over all pairs; each new item must be an available variant
    of the old item's product."""
    if len(item_ids) != len(new_ids):
        raise ServiceError(
            400,
            f"item_ids has {len(item_ids)} ids but new_item_ids has {len(new_ids)}; "
            "give one new item per item",
        )
    difference: float = 0
    for item_id, new_id in zip(item_ids, new_ids, strict=True):
        item = next(i for i in order.items if i.item_id == item_id)
        variant = db.products[item.product_id].variants.get(new_id)
        if variant is None or not variant.available:
            raise ServiceError(
                409,
                f"new item {new_id} is not an available {item.name} "
                f"(product {item.product_id}); pick an available variant of the same product",
            )
        difference += variant.price - item.price
    return difference


# --- database updates ---------------------------------------------------------------------------


def _put_order(db: Database, order: Order) -> Database:
    return db.model_copy(update={"orders": {**db.orders, order.order_id: order}})


def _put_user(db: Database, user_id: str, user: User) -> Database:
    return db.model_copy(update={"users": {**db.users, user_id: user}})


def _add_to_gift_card(db: Database, user_id: str, card_id: str, amount: float) -> Database:
    user = db.users[user_id]
    card = user.payment_methods[card_id]
    assert isinstance(card, GiftCard)
    card = card.model_copy(update={"balance": round(card.balance + amount, 2)})
    methods = {**user.payment_methods, card_id: card}
    return _put_user(db, user_id, user.model_copy(update={"payment_methods": methods}))


def _address(
    address1: Any, address2: Any, city: Any, state: Any, country: Any, zip: Any
) -> Address:
    fields = {"address1": address1, "address2": address2, "city": city, "state": state}
    fields |= {"country": country, "zip": zip}
    return Address(**{name: _text(name, value) for name, value in fields.items()})


# --- operations ---------------------------------------------------------------------------------

Result = tuple[Any, Database]
"""What an operation returns: its value, and the database after it."""


def find_user_id_by_email(db: Database, email: Any) -> Result:
    wanted = _text("email", email).lower()
    for user_id, user in db.users.items():
        if user.email.lower() == wanted:
            return user_id, db
    raise ServiceError(404, f"no customer with email {email!r}")


def find_user_id_by_name_zip(db: Database, first_name: Any, last_name: Any, zip: Any) -> Result:
    first, last = _text("first_name", first_name).lower(), _text("last_name", last_name).lower()
    zip_code = _text("zip", zip)
    for user_id, user in db.users.items():
        if (user.name.first_name.lower(), user.name.last_name.lower()) == (first, last) and (
            user.address.zip == zip_code
        ):
            return user_id, db
    raise ServiceError(404, f"no customer named {first_name} {last_name} with zip {zip!r}")


def get_user_details(db: Database, user_id: Any) -> Result:
    return _user(db, user_id).model_dump(mode="json"), db


def get_order_details(db: Database, order_id: Any) -> Result:
    return _order(db, order_id).as_json(), db


def get_product_details(db: Database, product_id: Any) -> Result:
    product = db.products.get(_text("product_id", product_id))
    if product is None:
        raise ServiceError(404, f"product {product_id!r} not found; list_all_product_types has ids")
    return product.model_dump(mode="json"), db


def list_all_product_types(db: Database) -> Result:
    names = {p.name: p.product_id for p in db.products.values()}
    return dict(sorted(names.items())), db


_ARITHMETIC: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
}


def _evaluate(node: ast.expr) -> float:
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int | float)
        and not isinstance(node.value, bool)
    ):
        return float(node.value)
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        return _ARITHMETIC[type(node.op)](_evaluate(node.left), _evaluate(node.right))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        value = _evaluate(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    raise ServiceError(400, "only numbers, + - * / and parentheses are allowed, e.g. '2 * (3 + 4)'")


MAX_EXPRESSION = 1000
"""The longest expression ``calculate`` reads (prices and totals need far fewer characters)."""


def calculate(db: Database, expression: Any) -> Result:
    """``expression`` (digits, + - * / and parentheses) evaluated, rounded to cents.

    Anything it cannot evaluate to a finite number (too long, too deeply nested, a number too
    large for a float, a division by zero) is a 400 error naming the problem, as a real
    service would answer; it never raises anything else.
    """
    text = _text("expression", expression)
    shown = cut(text, 60)
    if len(text) > MAX_EXPRESSION:
        raise ServiceError(
            400,
            f"the expression is {len(text)} characters long; give at most {MAX_EXPRESSION}, "
            "e.g. '2 * (3 + 4)'",
        )
    if not re.fullmatch(r"[0-9+\-*/(). ]+", text):
        raise ServiceError(
            400, f"{shown!r} has characters other than digits, + - * / ( ) . and spaces"
        )
    try:
        value = _evaluate(ast.parse(text, mode="eval").body)
    except SyntaxError as error:
        raise ServiceError(
            400, f"{shown!r} is not an arithmetic expression: {error.msg}"
        ) from error
    except ZeroDivisionError as error:
        raise ServiceError(400, f"{shown!r} divides by zero") from error
    except (OverflowError, RecursionError, MemoryError, ValueError) as error:
        raise ServiceError(
            400,
            f"{shown!r} cannot be evaluated ({type(error).__name__}: a number too large or an "
            "expression nested too deeply); split it into smaller steps",
        ) from error
    if not math.isfinite(value):
        raise ServiceError(400, f"{shown!r} is too large to compute; split it into smaller steps")
    return round(value, 2), db


def think(db: Database, thought: Any) -> Result:
    _text("thought", thought)
    return "", db


def transfer_to_human_agents(db: Database, summary: Any) -> Result:
    _text("summary", summary)
    return "Transfer successful", db


def get_order_status(db: Database, order_id: Any) -> Result:
    order = _order(db, order_id)
    return {"order_id": order.order_id, "status": order.status}, db


SHIPPING_STATUS = {
    "pending": "not shipped yet",
    "pending (item modified)": "not shipped yet",
    "processed": "in transit",
    "delivered": "delivered",
    "return requested": "delivered",
    "exchange requested": "delivered",
    "cancelled": "cancelled",
}
"""Where an order's parcels are, by order status: a processed order has shipped."""


def track_order(db: Database, order_id: Any) -> Result:
    order = _order(db, order_id)
    shipments = [
        {"tracking_id": list(f.tracking_id), "item_ids": list(f.item_ids)}
        for f in order.fulfillments
    ]
    value = {
        "order_id": order.order_id,
        "order_status": order.status,
        "shipping_status": SHIPPING_STATUS[order.status],
        "shipments": shipments,
    }
    return value, db


@lru_cache(maxsize=1)
def policy_sections() -> dict[str, str]:
    """The policy's sections by heading (``"Cancel pending order"``, ...), from ``policy.md``."""
    sections: dict[str, list[str]] = {}
    heading = "General"
    for line in POLICY_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("## ") or line.startswith("### "):
            heading = line.lstrip("#").strip()
        elif line.strip() and not line.startswith("# "):
            sections.setdefault(heading, []).append(line.lstrip("- ").strip())
    return {name: " ".join(lines) for name, lines in sections.items()}


REFUND_SECTIONS = ("Cancel pending order", "Return delivered order", "Exchange delivered order")


def get_refund_policy(db: Database, topic: Any = "") -> Result:
    wanted = _text("topic", topic).strip().lower()
    sections = policy_sections()
    chosen = [name for name in sections if wanted and wanted in name.lower()]
    names = chosen or list(REFUND_SECTIONS)
    return {"policy": {name: sections[name] for name in names}}, db


def cancel_pending_order(db: Database, order_id: Any, reason: Any) -> Result:
    order = _order(db, order_id)
    _require_status(order, "pending", "cancelled")
    if reason not in CANCEL_REASONS:
        raise ServiceError(
            400, f"reason {reason!r} is not accepted; use one of {', '.join(CANCEL_REASONS)}"
        )
    refunds = tuple(
        Transaction(
            transaction_type="refund", amount=t.amount, payment_method_id=t.payment_method_id
        )
        for t in order.payment_history
    )
    for refund in refunds:
        if "gift_card" in refund.payment_method_id:  # gift cards are refunded at once
            db = _add_to_gift_card(db, order.user_id, refund.payment_method_id, refund.amount)
    order = order.model_copy(
        update={
            "status": "cancelled",
            "cancel_reason": reason,
            "payment_history": order.payment_history + refunds,
        }
    )
    return order.as_json(), _put_order(db, order)


def modify_pending_order_address(
    db: Database,
    order_id: Any,
    address1: Any,
    address2: Any,
    city: Any,
    state: Any,
    country: Any,
    zip: Any,
) -> Result:
    order = _order(db, order_id)
    _require_status(order, "pending", "modified")
    order = order.model_copy(
        update={"address": _address(address1, address2, city, state, country, zip)}
    )
    return order.as_json(), _put_order(db, order)


def modify_pending_order_payment(db: Database, order_id: Any, payment_method_id: Any) -> Result:
    order = _order(db, order_id)
    _require_status(order, "pending", "modified")
    method = _payment_method(db, order, payment_method_id)
    history = order.payment_history
    if len(history) != 1 or history[0].transaction_type != "payment":
        raise ServiceError(
            409, f"order {order.order_id} must have exactly one payment to change it"
        )
    old = history[0]
    if old.payment_method_id == method.id:
        raise ServiceError(400, f"order {order.order_id} is already paid with {method.id}")
    if isinstance(method, GiftCard) and method.balance < old.amount:
        raise ServiceError(
            402, f"gift card {method.id} has {method.balance} but the order costs {old.amount}"
        )
    moves = (
        Transaction(transaction_type="payment", amount=old.amount, payment_method_id=method.id),
        Transaction(
            transaction_type="refund", amount=old.amount, payment_method_id=old.payment_method_id
        ),
    )
    order = order.model_copy(update={"payment_history": history + moves})
    if isinstance(method, GiftCard):
        db = _add_to_gift_card(db, order.user_id, method.id, -old.amount)
    if "gift_card" in old.payment_method_id:
        db = _add_to_gift_card(db, order.user_id, old.payment_method_id, old.amount)
    return order.as_json(), _put_order(db, order)


def _swap_items(db: Database, order: Order, item_ids: list[str], new_ids: list[str]) -> Order:
    """Each listed item, in turn, becomes its new variant (the first line still holding it)."""
    items = list(order.items)
    for item_id, new_id in zip(item_ids, new_ids, strict=True):
        index = next(i for i, item in enumerate(items) if item.item_id == item_id)
        variant = db.products[items[index].product_id].variants[new_id]
        items[index] = items[index].model_copy(
            update={"item_id": new_id, "price": variant.price, "options": variant.options}
        )
    return order.model_copy(update={"items": tuple(items)})


def modify_pending_order_items(
    db: Database, order_id: Any, item_ids: Any, new_item_ids: Any, payment_method_id: Any
) -> Result:
    order = _order(db, order_id)
    _require_status(order, "pending", "modified")
    old_ids, new_ids = _id_list("item_ids", item_ids), _id_list("new_item_ids", new_item_ids)
    _items_present(order, old_ids)
    difference = _price_difference(db, order, old_ids, new_ids)
    method = _payment_method(db, order, payment_method_id)
    if isinstance(method, GiftCard) and method.balance < difference:
        raise ServiceError(
            402, f"gift card {method.id} has {method.balance}, the new items cost {difference} more"
        )
    transaction = Transaction(
        transaction_type="payment" if difference > 0 else "refund",
        amount=abs(difference),
        payment_method_id=method.id,
    )
    if isinstance(method, GiftCard):
        db = _add_to_gift_card(db, order.user_id, method.id, -difference)
    order = _swap_items(db, order, old_ids, new_ids).model_copy(
        update={
            "status": "pending (item modified)",
            "payment_history": (*order.payment_history, transaction),
        }
    )
    return order.as_json(), _put_order(db, order)


def modify_user_address(
    db: Database,
    user_id: Any,
    address1: Any,
    address2: Any,
    city: Any,
    state: Any,
    country: Any,
    zip: Any,
) -> Result:
    user = _user(db, user_id)
    user = user.model_copy(
        update={"address": _address(address1, address2, city, state, country, zip)}
    )
    return user.model_dump(mode="json"), _put_user(db, str(user_id), user)


def return_delivered_order_items(
    db: Database, order_id: Any, item_ids: Any, payment_method_id: Any
) -> Result:
    order = _order(db, order_id)
    _require_status(order, "delivered", "returned")
    method = _payment_method(db, order, payment_method_id)
    original = order.payment_history[0].payment_method_id
    if not isinstance(method, GiftCard) and method.id != original:
        raise ServiceError(
            400,
            f"a refund goes to the original payment method ({original}) or a gift card, "
            f"not {method.id}",
        )
    ids = _id_list("item_ids", item_ids)
    _items_present(order, ids)
    order = order.model_copy(
        update={
            "status": "return requested",
            "return_items": tuple(sorted(ids)),
            "return_payment_method_id": method.id,
        }
    )
    return order.as_json(), _put_order(db, order)


def exchange_delivered_order_items(
    db: Database, order_id: Any, item_ids: Any, new_item_ids: Any, payment_method_id: Any
) -> Result:
    order = _order(db, order_id)
    _require_status(order, "delivered", "exchanged")
    old_ids, new_ids = _id_list("item_ids", item_ids), _id_list("new_item_ids", new_item_ids)
    _items_present(order, old_ids)
    difference = round(_price_difference(db, order, old_ids, new_ids), 2)
    method = _payment_method(db, order, payment_method_id)
    if isinstance(method, GiftCard) and method.balance < difference:
        raise ServiceError(
            402, f"gift card {method.id} has {method.balance}, the new items cost {difference} more"
        )
    order = order.model_copy(
        update={
            "status": "exchange requested",
            "exchange_items": tuple(sorted(old_ids)),
            "exchange_new_items": tuple(sorted(new_ids)),
            "exchange_payment_method_id": method.id,
            "exchange_price_difference": difference,
        }
    )
    return order.as_json(), _put_order(db, order)


@dataclass(frozen=True)
class Operation:
    """A service operation and what kind of thing it does."""

    run: Callable[..., Result]
    kind: Kind


_KINDS: list[tuple[Callable[..., Result], Kind]] = [
    (find_user_id_by_email, "identify"),
    (find_user_id_by_name_zip, "identify"),
    (get_user_details, "private_read"),
    (get_order_details, "private_read"),
    (get_order_status, "private_read"),
    (track_order, "private_read"),
    (get_product_details, "public_read"),
    (list_all_product_types, "public_read"),
    (get_refund_policy, "public_read"),
    (calculate, "public_read"),
    (think, "public_read"),
    (transfer_to_human_agents, "handoff"),
    (cancel_pending_order, "write"),
    (modify_pending_order_address, "write"),
    (modify_pending_order_payment, "write"),
    (modify_pending_order_items, "write"),
    (modify_user_address, "write"),
    (return_delivered_order_items, "write"),
    (exchange_delivered_order_items, "write"),
]
OPERATIONS: dict[str, Operation] = {fn.__name__: Operation(fn, kind) for fn, kind in _KINDS}
"""Every operation by the name agents call it."""

WRITES = frozenset(name for name, op in OPERATIONS.items() if op.kind == "write")
IDENTIFY = frozenset(name for name, op in OPERATIONS.items() if op.kind == "identify")
PRIVATE_READS = frozenset(name for name, op in OPERATIONS.items() if op.kind == "private_read")


def kind_of(name: str) -> Kind | None:
    """The kind of operation ``name``, or None when the service has no such operation."""
    operation = OPERATIONS.get(name)
    return None if operation is None else operation.kind


def _bind(name: str, run: Callable[..., Result], kwargs: Mapping[str, Any]) -> None:
    parameters = list(inspect.signature(run).parameters.values())[1:]
    allowed = [p.name for p in parameters]
    unknown = sorted(set(kwargs) - set(allowed))
    missing = [p.name for p in parameters if p.default is p.empty and p.name not in kwargs]
    if unknown or missing:
        wants = ", ".join(allowed) or "no arguments"
        problems = [
            f"unknown {unknown}" if unknown else "",
            f"missing {missing}" if missing else "",
        ]
        raise ServiceError(
            400, f"{name} takes {wants}; {' and '.join(p for p in problems if p)} arguments"
        )


def apply(db: Database, name: str, kwargs: Mapping[str, Any]) -> Step:
    """Run operation ``name`` with ``kwargs`` on ``db``; never raises on any input."""
    operation = OPERATIONS.get(name)
    try:
        if operation is None:
            raise ServiceError(404, f"unknown action {name!r}; known: {', '.join(OPERATIONS)}")
        if UNREADABLE_ARGS in kwargs:
            raise ServiceError(
                400,
                f"the arguments of {name} are not a JSON object (got "
                f"{str(kwargs[UNREADABLE_ARGS])[:60]!r}); send them as an object such as "
                '{"order_id": "#W0000000"}',
            )
        _bind(name, operation.run, kwargs)
        value, after = operation.run(db, **kwargs)
    except ServiceError as error:
        return Step(name, dict(kwargs), None, error.code, error.message, db)
    except Exception as error:  # a bug must not crash a judge: a real service answers 500
        message = f"internal error in {name}: {type(error).__name__}: {str(error)[:200]}"
        return Step(name, dict(kwargs), None, 500, message, db)
    return Step(name, dict(kwargs), value, None, None, after)


def replay(db: Database, actions: Sequence[Action]) -> tuple[Step, ...]:
    """Every action of a trajectory, in order, each on the database the previous one left.

    ``respond`` actions (the agent speaking) are skipped: they change nothing.
    """
    steps = []
    for action in actions:
        if action.name == RESPOND:
            continue
        step = apply(db, action.name, action.kwargs)
        steps.append(step)
        db = step.db_after
    return tuple(steps)


def final_database(db: Database, actions: Sequence[Action]) -> Database:
    """The database after replaying ``actions`` on ``db``."""
    steps = replay(db, actions)
    return steps[-1].db_after if steps else db
