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

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from checkers.service import (
    Kind,
    Service,
    ServiceError,
    calculate,
    put,
    record,
    shown,
    text_argument,
    think,
    transfer_to_human_agents,
)
from checkers.service_records import Address
from domains.orders.data_files import policy_text
from domains.orders.models import (
    CANCEL_REASONS,
    Database,
    GiftCard,
    Order,
    Transaction,
    User,
)

# --- arguments ----------------------------------------------------------------------------------


def _id_list(name: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ServiceError(
            400, f'{name} must be a list of item ids such as ["1008292230"], got {shown(value)}'
        )
    return value


def _order(db: Database, order_id: Any) -> Order:
    return record(
        db.orders,
        "order_id",
        order_id,
        lambda key: f"order {key!r} not found; order ids look like '#W0000000'",
    )


def _user(db: Database, user_id: Any) -> User:
    return record(db.users, "user_id", user_id, lambda key: f"user {key!r} not found")


def _require_status(order: Order, status: str, action: str) -> None:
    if order.status != status:
        raise ServiceError(
            409, f"order {order.order_id} is {order.status!r}; only {status} orders can be {action}"
        )


def _payment_method(db: Database, order: Order, payment_method_id: Any) -> Any:
    methods = db.users[order.user_id].payment_methods
    return record(
        methods,
        "payment_method_id",
        payment_method_id,
        lambda key: (
            f"payment method {key!r} not found for this customer; known: " + ", ".join(methods)
        ),
    )


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


def _new_items(
    db: Database,
    order: Order,
    item_ids: Any,
    new_item_ids: Any,
    payment_method_id: Any,
    rounded: bool = False,
) -> tuple[list[str], list[str], float, Any]:
    """An item change's arguments read: the item ids, the new ones, the price difference (to
    the cent if ``rounded``) and the payment method, which must cover the difference if it is a
    gift card."""
    old_ids, new_ids = _id_list("item_ids", item_ids), _id_list("new_item_ids", new_item_ids)
    _items_present(order, old_ids)
    difference = _price_difference(db, order, old_ids, new_ids)
    difference = round(difference, 2) if rounded else difference
    method = _payment_method(db, order, payment_method_id)
    if isinstance(method, GiftCard) and method.balance < difference:
        raise ServiceError(
            402, f"gift card {method.id} has {method.balance}, the new items cost {difference} more"
        )
    return old_ids, new_ids, difference, method


# --- database updates ---------------------------------------------------------------------------


def _put_order(db: Database, order: Order) -> Database:
    return put(db, "orders", order.order_id, order)


def _add_to_gift_card(db: Database, user_id: str, card_id: str, amount: float) -> Database:
    user = db.users[user_id]
    card = user.payment_methods[card_id]
    assert isinstance(card, GiftCard)
    card = card.model_copy(update={"balance": round(card.balance + amount, 2)})
    methods = {**user.payment_methods, card_id: card}
    return put(db, "users", user_id, user.model_copy(update={"payment_methods": methods}))


def _address(
    address1: Any, address2: Any, city: Any, state: Any, country: Any, zip: Any
) -> Address:
    fields = {"address1": address1, "address2": address2, "city": city, "state": state}
    fields |= {"country": country, "zip": zip}
    return Address(**{name: text_argument(name, value) for name, value in fields.items()})


# --- operations ---------------------------------------------------------------------------------

Result = tuple[Any, Database]
"""What an operation returns: its value, and the database after it."""


def find_user_id_by_email(db: Database, email: Any) -> Result:
    wanted = text_argument("email", email).lower()
    for user_id, user in db.users.items():
        if user.email.lower() == wanted:
            return user_id, db
    raise ServiceError(404, f"no customer with email {email!r}")


def find_user_id_by_name_zip(db: Database, first_name: Any, last_name: Any, zip: Any) -> Result:
    first = text_argument("first_name", first_name).lower()
    last = text_argument("last_name", last_name).lower()
    zip_code = text_argument("zip", zip)
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
    product = record(
        db.products,
        "product_id",
        product_id,
        lambda key: f"product {key!r} not found; list_all_product_types has ids",
    )
    return product.model_dump(mode="json"), db


def list_all_product_types(db: Database) -> Result:
    names = {p.name: p.product_id for p in db.products.values()}
    return dict(sorted(names.items())), db


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
    """The policy's sections by heading (``"Cancel pending order"``, ...)."""
    sections: dict[str, list[str]] = {}
    heading = "General"
    for line in policy_text().splitlines():
        if line.startswith("## ") or line.startswith("### "):
            heading = line.lstrip("#").strip()
        elif line.strip() and not line.startswith("# "):
            sections.setdefault(heading, []).append(line.lstrip("- ").strip())
    return {name: " ".join(lines) for name, lines in sections.items()}


REFUND_SECTIONS = ("Cancel pending order", "Return delivered order", "Exchange delivered order")


def get_refund_policy(db: Database, topic: Any = "") -> Result:
    wanted = text_argument("topic", topic).strip().lower()
    sections = policy_sections()
    chosen = [name for name in sections if wanted and wanted in name.lower()]
    names = chosen or list(REFUND_SECTIONS)
    return {"policy": {name: sections[name] for name in names}}, db


def cancel_pending_order(db: Database, order_id: Any, reason: Any) -> Result:
    order = _order(db, order_id)
    _require_status(order, "pending", "cancelled")
    if reason not in CANCEL_REASONS:
        raise ServiceError(
            400, f"reason {shown(reason)} is not accepted; use one of {', '.join(CANCEL_REASONS)}"
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
    old_ids, new_ids, difference, method = _new_items(
        db, order, item_ids, new_item_ids, payment_method_id
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
    return user.model_dump(mode="json"), put(db, "users", str(user_id), user)


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
    old_ids, new_ids, difference, method = _new_items(
        db, order, item_ids, new_item_ids, payment_method_id, rounded=True
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
SERVICE: Service[Database] = Service(_KINDS, '{"order_id": "#W0000000"}')
"""The retail service: every operation by the name agents call it, and how to run it."""

OPERATIONS = SERVICE.operations
WRITES = SERVICE.writes
IDENTIFY = SERVICE.identify
apply = SERVICE.apply
replay = SERVICE.replay
final_database = SERVICE.final_database
