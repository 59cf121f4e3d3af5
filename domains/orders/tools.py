"""Tools a customer-service agent calls, as plain functions ADK wraps as function tools.

Each tool checks its arguments, runs the operation of :mod:`domains.orders.service` on the
session's database, and returns a dict: the record asked for (an order, a customer, a product),
or ``{"error_code": 404, "error_message": "..."}`` the way a web service answers (400 bad
arguments, 402 gift card balance too low, 404 not found, 409 wrong order status). An injected
fault from ADK's environment simulation has the same shape (``{"error_code": 503, ...}``). A
tool that only runs its operation is declared by its docstring (:data:`DOCS`) and its
operation's arguments (:func:`checkers.session_tool.operation_tools`).

Each ADK session has its own database: the bundled one plus the writes made so far in that
session, which are kept in the session state under :data:`JOURNAL_KEY`, so concurrent eval cases
never see each other's cancellations (:class:`checkers.service_tools.SessionService`).

Besides the retail tools of the benchmark, three simpler ones come from the customer-service
chapter: ``get_order_status``, ``track_order`` (logistics) and ``get_refund_policy``.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable
from typing import Any

from checkers.service_tools import HasState, SessionService, error_payload
from checkers.session_tool import operation_tools, tools_by_name
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

_ORDER_ID = re.compile(r"#W\d{7}")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_ZIP = re.compile(r"\d{5}")


def _well_formed(value: object, pattern: re.Pattern[str], *, strip: bool = False) -> bool:
    """Whether ``value`` is a string that ``pattern`` matches in full (once stripped of surrounding
    white space, if ``strip``). The model may send any JSON value for a string parameter."""
    if not isinstance(value, str):
        return False
    return pattern.fullmatch(value.strip() if strip else value) is not None


def _identify(tool_context: HasState, name: str, **kwargs: Any) -> dict[str, Any]:
    """Run the identification operation ``name``: ``{"user_id": ...}`` for the customer it found
    (the service answers the bare id), or its error."""
    found = SESSION.run(tool_context, name, **kwargs)
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


# --- tools that run their operation -----------------------------------------------------------

DOCS = {
    "get_user_details": """
    Get a customer's profile: name, default address, email, payment methods (with gift card
    balances) and the ids of their orders.

    Args:
        user_id: the id found by find_user_id_by_email or find_user_id_by_name_zip.
    """,
    "get_order_details": """
    Get an order's status, items (item ids, product ids, prices, options), shipping address,
    shipments with tracking numbers, and payment history.

    Args:
        order_id: e.g. "#W2378156" (with the '#').
    """,
    "get_order_status": """
    Get just the status of an order: pending, processed (shipped), delivered, cancelled, or a
    return or exchange requested.

    Args:
        order_id: e.g. "#W2378156" (with the '#').
    """,
    "track_order": """
    Track an order's parcels: shipping status (not shipped yet, in transit, delivered,
    cancelled) and each shipment's tracking numbers and items.

    Args:
        order_id: e.g. "#W2378156" (with the '#').
    """,
    "get_product_details": """
    Get a product type and all its items: each item's id, options, price and availability.

    Args:
        product_id: e.g. "1656367028" (a product id, not an item id).
    """,
    "list_all_product_types": """
    List the 50 product types of the store: name to product id.""",
    "get_refund_policy": """
    Get the store's policy on refunds: cancelling pending orders, returning and exchanging
    delivered ones, and where and when money is refunded.

    Args:
        topic: a section to narrow to ("return", "exchange", "cancel"), or "" for all of them.
    """,
    "calculate": """
    Calculate an arithmetic expression (numbers, + - * / and parentheses), rounded to cents.

    Args:
        expression: e.g. "153.23 - 135.24".
    """,
    "cancel_pending_order": """
    Cancel a pending order; the customer must have confirmed the order id and reason. Its
    payments are refunded: to gift cards at once, otherwise in 5 to 7 business days.

    Args:
        order_id: e.g. "#W2378156".
        reason: "no longer needed" or "ordered by mistake".
    """,
    "modify_pending_order_address": """
    Change the shipping address of a pending order, after the customer confirmed it.

    Args:
        order_id: e.g. "#W2378156".
        address1: street and number, e.g. "123 Main St".
        address2: suite or apartment, or "".
        city: e.g. "Austin".
        state: e.g. "TX".
        country: e.g. "USA".
        zip: e.g. "78701".
    """,
    "modify_pending_order_payment": """
    Pay a pending order with another of the customer's payment methods, after the customer
    confirmed it. A gift card must cover the whole order.

    Args:
        order_id: e.g. "#W2378156".
        payment_method_id: e.g. "gift_card_0000000" or "credit_card_0000000".
    """,
    "modify_pending_order_items": """
    Change items of a pending order to other options of the same products (only once per
    order), after the customer confirmed every item; the price difference is paid or refunded
    with the payment method.

    Args:
        order_id: e.g. "#W2378156".
        item_ids: the items to change, e.g. ["1008292230"].
        new_item_ids: the new items, in the same order, each of the same product.
        payment_method_id: pays or receives the price difference.
    """,
    "modify_user_address": """
    Change a customer's default address, after the customer confirmed it.

    Args:
        user_id: the identified customer's id.
        address1: street and number.
        address2: suite or apartment, or "".
        city: e.g. "Austin".
        state: e.g. "TX".
        country: e.g. "USA".
        zip: e.g. "78701".
    """,
    "return_delivered_order_items": """
    Request the return of items of a delivered order, after the customer confirmed the items
    and the refund method (the original payment method or a gift card).

    Args:
        order_id: e.g. "#W2378156".
        item_ids: the items to return, e.g. ["1008292230"].
        payment_method_id: where the refund goes.
    """,
    "exchange_delivered_order_items": """
    Request an exchange of items of a delivered order for other options of the same products
    (only once per order), after the customer confirmed every item.

    Args:
        order_id: e.g. "#W2378156".
        item_ids: the items to exchange.
        new_item_ids: the new items, in the same order, each of the same product.
        payment_method_id: pays or receives the price difference.
    """,
    "transfer_to_human_agents": """
    Transfer the customer to a human agent, only when the request cannot be handled with
    these tools.

    Args:
        summary: what the customer needs, for the human agent.
    """,
}
"""What the agent's model reads of each tool, by name; its arguments are its operation's."""


def _order_id_checked(tool: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    """``tool``, answering a 400 that says how an order id looks for a malformed ``order_id``
    (before the service looks for it)."""
    signature = inspect.signature(tool)
    if "order_id" not in signature.parameters:
        return tool

    @functools.wraps(tool)
    def run(*args: Any, **kwargs: Any) -> dict[str, Any]:
        order_id = signature.bind(*args, **kwargs).arguments["order_id"]
        if _well_formed(order_id, _ORDER_ID):
            return tool(*args, **kwargs)
        return error_payload(
            400,
            f"order id {order_id!r} is malformed; order ids look like '#W0000000' (with the '#')",
        )

    return run


_LISTS = {"item_ids": list[str], "new_item_ids": list[str]}
"""The arguments that are lists of item ids (the others are text)."""
TOOLS: list[Callable[..., dict[str, Any]]] = [
    find_user_id_by_email,
    find_user_id_by_name_zip,
    *map(_order_id_checked, operation_tools(SESSION, DOCS, _LISTS)),
]
"""Every tool an orders agent is given."""
__getattr__ = tools_by_name(TOOLS, __name__)
