"""Tools a customer-service agent calls, as plain functions ADK wraps as function tools.

Each tool checks its arguments, runs the operation of :mod:`domains.orders.service` on the
session's database, and returns a dict: the record asked for (an order, a customer, a product),
or ``{"error_code": 404, "error_message": "..."}`` the way a web service answers (400 bad
arguments, 402 gift card balance too low, 404 not found, 409 wrong order status). An injected
fault from ADK's environment simulation has the same shape (``{"error_code": 503, ...}``).

Each ADK session has its own database: the bundled one plus the writes made so far in that
session, which are kept in the session state under :data:`JOURNAL_KEY`, so concurrent eval cases
never see each other's cancellations (:class:`checkers.service_tools.SessionService`).

Besides the retail tools of the benchmark, three simpler ones come from the customer-service
chapter: ``get_order_status``, ``track_order`` (logistics) and ``get_refund_policy``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from checkers.service_tools import HasState, SessionService, error_payload
from checkers.session_tool import session_tool
from domains.orders.data_files import bundled_database
from domains.orders.service import SERVICE

SESSION = SessionService(SERVICE, bundled_database, "orders_writes")
"""The orders service on each ADK session's own database."""
JOURNAL_KEY = SESSION.journal_key
"""Session-state key holding the session's successful writes, as ``{"name", "kwargs"}`` dicts."""
session_database = SESSION.database
"""The database as this session sees it: bundled data plus the session's writes."""
journal = SESSION.journal
"""The writes a session made, from its state."""
_run = SESSION.run
tool = session_tool(SESSION)
"""A tool that runs the operation of its name with its arguments (its body is its declaration)."""

_ORDER_ID = re.compile(r"#W\d{7}")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_ZIP = re.compile(r"\d{5}")


def _well_formed(value: object, pattern: re.Pattern[str], *, strip: bool = False) -> bool:
    """Whether ``value`` is a string that ``pattern`` matches in full (once stripped of surrounding
    white space, if ``strip``). The model may send any JSON value for a string parameter."""
    if not isinstance(value, str):
        return False
    return pattern.fullmatch(value.strip() if strip else value) is not None


def _bad_order_id(order_id: str) -> dict[str, Any] | None:
    if _well_formed(order_id, _ORDER_ID):
        return None
    return error_payload(
        400, f"order id {order_id!r} is malformed; order ids look like '#W0000000' (with the '#')"
    )


def _order_tool(tool_context: HasState, name: str, order_id: str, **kwargs: Any) -> dict[str, Any]:
    return _bad_order_id(order_id) or _run(tool_context, name, order_id=order_id, **kwargs)


def _identify(tool_context: HasState, name: str, **kwargs: Any) -> dict[str, Any]:
    """Run the identification operation ``name``: ``{"user_id": ...}`` for the customer it found
    (the service answers the bare id), or its error."""
    found = _run(tool_context, name, **kwargs)
    return found if "error_code" in found else {"user_id": found["result"]}


# --- identification ------------------------------------------------------------------------------


def find_user_id_by_email(email: str, tool_context: HasState) -> dict[str, Any]:
    """Find a customer's user id by their email address. Use this first to identify the customer.

    Args:
        email: the customer's email, e.g. "yusuf.rossi7301@example.com".
    """
    if not _well_formed(email, _EMAIL, strip=True):
        return error_payload(400, f"{email!r} is not an email address such as 'name@example.com'")
    return _identify(tool_context, "find_user_id_by_email", email=email.strip())


def find_user_id_by_name_zip(
    first_name: str, last_name: str, zip: str, tool_context: HasState
) -> dict[str, Any]:
    """Find a customer's user id by first name, last name and zip code, when they cannot give
    their email.

    Args:
        first_name: e.g. "Yusuf".
        last_name: e.g. "Rossi".
        zip: the 5-digit zip code of the customer's default address, e.g. "19122".
    """
    if not _well_formed(zip, _ZIP, strip=True):
        return error_payload(400, f"zip {zip!r} must be 5 digits, e.g. '19122'")
    return _identify(
        tool_context,
        "find_user_id_by_name_zip",
        first_name=first_name,
        last_name=last_name,
        zip=zip.strip(),
    )


# --- reads ---------------------------------------------------------------------------------------


@tool
def get_user_details(user_id: str, tool_context: HasState) -> Any:
    """Get a customer's profile: name, default address, email, payment methods (with gift card
    balances) and the ids of their orders.

    Args:
        user_id: the id found by find_user_id_by_email or find_user_id_by_name_zip.
    """


def get_order_details(order_id: str, tool_context: HasState) -> dict[str, Any]:
    """Get an order's status, items (item ids, product ids, prices, options), shipping address,
    shipments with tracking numbers, and payment history.

    Args:
        order_id: e.g. "#W2378156" (with the '#').
    """
    return _order_tool(tool_context, "get_order_details", order_id)


def get_order_status(order_id: str, tool_context: HasState) -> dict[str, Any]:
    """Get just the status of an order: pending, processed (shipped), delivered, cancelled, or a
    return or exchange requested.

    Args:
        order_id: e.g. "#W2378156" (with the '#').
    """
    return _order_tool(tool_context, "get_order_status", order_id)


def track_order(order_id: str, tool_context: HasState) -> dict[str, Any]:
    """Track an order's parcels: shipping status (not shipped yet, in transit, delivered,
    cancelled) and each shipment's tracking numbers and items.

    Args:
        order_id: e.g. "#W2378156" (with the '#').
    """
    return _order_tool(tool_context, "track_order", order_id)


@tool
def get_product_details(product_id: str, tool_context: HasState) -> Any:
    """Get a product type and all its items: each item's id, options, price and availability.

    Args:
        product_id: e.g. "1656367028" (a product id, not an item id).
    """


@tool
def list_all_product_types(tool_context: HasState) -> Any:
    """List the 50 product types of the store: name to product id."""


@tool
def get_refund_policy(topic: str, tool_context: HasState) -> Any:
    """Get the store's policy on refunds: cancelling pending orders, returning and exchanging
    delivered ones, and where and when money is refunded.

    Args:
        topic: a section to narrow to ("return", "exchange", "cancel"), or "" for all of them.
    """


@tool
def calculate(expression: str, tool_context: HasState) -> Any:
    """Calculate an arithmetic expression (numbers, + - * / and parentheses), rounded to cents.

    Args:
        expression: e.g. "153.23 - 135.24".
    """


# --- writes --------------------------------------------------------------------------------------


def cancel_pending_order(order_id: str, reason: str, tool_context: HasState) -> dict[str, Any]:
    """Cancel a pending order; the customer must have confirmed the order id and reason. Its
    payments are refunded: to gift cards at once, otherwise in 5 to 7 business days.

    Args:
        order_id: e.g. "#W2378156".
        reason: "no longer needed" or "ordered by mistake".
    """
    return _order_tool(tool_context, "cancel_pending_order", order_id, reason=reason)


def modify_pending_order_address(
    order_id: str,
    address1: str,
    address2: str,
    city: str,
    state: str,
    country: str,
    zip: str,
    tool_context: HasState,
) -> dict[str, Any]:
    """Change the shipping address of a pending order, after the customer confirmed it.

    Args:
        order_id: e.g. "#W2378156".
        address1: street and number, e.g. "123 Main St".
        address2: suite or apartment, or "".
        city: e.g. "Austin".
        state: e.g. "TX".
        country: e.g. "USA".
        zip: e.g. "78701".
    """
    return _order_tool(
        tool_context,
        "modify_pending_order_address",
        order_id,
        address1=address1,
        address2=address2,
        city=city,
        state=state,
        country=country,
        zip=zip,
    )


def modify_pending_order_payment(
    order_id: str, payment_method_id: str, tool_context: HasState
) -> dict[str, Any]:
    """Pay a pending order with another of the customer's payment methods, after the customer
    confirmed it. A gift card must cover the whole order.

    Args:
        order_id: e.g. "#W2378156".
        payment_method_id: e.g. "gift_card_0000000" or "credit_card_0000000".
    """
    return _order_tool(
        tool_context, "modify_pending_order_payment", order_id, payment_method_id=payment_method_id
    )


def modify_pending_order_items(
    order_id: str,
    item_ids: list[str],
    new_item_ids: list[str],
    payment_method_id: str,
    tool_context: HasState,
) -> dict[str, Any]:
    """Change items of a pending order to other options of the same products (only once per
    order), after the customer confirmed every item; the price difference is paid or refunded
    with the payment method.

    Args:
        order_id: e.g. "#W2378156".
        item_ids: the items to change, e.g. ["1008292230"].
        new_item_ids: the new items, in the same order, each of the same product.
        payment_method_id: pays or receives the price difference.
    """
    return _order_tool(
        tool_context,
        "modify_pending_order_items",
        order_id,
        item_ids=item_ids,
        new_item_ids=new_item_ids,
        payment_method_id=payment_method_id,
    )


@tool
def modify_user_address(
    user_id: str,
    address1: str,
    address2: str,
    city: str,
    state: str,
    country: str,
    zip: str,
    tool_context: HasState,
) -> Any:
    """Change a customer's default address, after the customer confirmed it.

    Args:
        user_id: the identified customer's id.
        address1: street and number.
        address2: suite or apartment, or "".
        city: e.g. "Austin".
        state: e.g. "TX".
        country: e.g. "USA".
        zip: e.g. "78701".
    """


def return_delivered_order_items(
    order_id: str, item_ids: list[str], payment_method_id: str, tool_context: HasState
) -> dict[str, Any]:
    """Request the return of items of a delivered order, after the customer confirmed the items
    and the refund method (the original payment method or a gift card).

    Args:
        order_id: e.g. "#W2378156".
        item_ids: the items to return, e.g. ["1008292230"].
        payment_method_id: where the refund goes.
    """
    return _order_tool(
        tool_context,
        "return_delivered_order_items",
        order_id,
        item_ids=item_ids,
        payment_method_id=payment_method_id,
    )


def exchange_delivered_order_items(
    order_id: str,
    item_ids: list[str],
    new_item_ids: list[str],
    payment_method_id: str,
    tool_context: HasState,
) -> dict[str, Any]:
    """Request an exchange of items of a delivered order for other options of the same products
    (only once per order), after the customer confirmed every item.

    Args:
        order_id: e.g. "#W2378156".
        item_ids: the items to exchange.
        new_item_ids: the new items, in the same order, each of the same product.
        payment_method_id: pays or receives the price difference.
    """
    return _order_tool(
        tool_context,
        "exchange_delivered_order_items",
        order_id,
        item_ids=item_ids,
        new_item_ids=new_item_ids,
        payment_method_id=payment_method_id,
    )


@tool
def transfer_to_human_agents(summary: str, tool_context: HasState) -> Any:
    """Transfer the customer to a human agent, only when the request cannot be handled with
    these tools.

    Args:
        summary: what the customer needs, for the human agent.
    """


TOOLS: list[Callable[..., dict[str, Any]]] = [
    find_user_id_by_email,
    find_user_id_by_name_zip,
    get_user_details,
    get_order_details,
    get_order_status,
    track_order,
    get_product_details,
    list_all_product_types,
    get_refund_policy,
    calculate,
    cancel_pending_order,
    modify_pending_order_address,
    modify_pending_order_payment,
    modify_pending_order_items,
    modify_user_address,
    return_delivered_order_items,
    exchange_delivered_order_items,
    transfer_to_human_agents,
]
"""Every tool an orders agent is given."""
