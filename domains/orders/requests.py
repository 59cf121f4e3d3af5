"""What a customer asks for, in the plain sentences the scripted customer says and the scripted
agents understand.

:func:`request_text` writes a write action as the sentence a customer would say ("Please cancel
order #W6247578 because it is no longer needed."), and :func:`parse_request` reads such a
sentence back, so ``parse_request(request_text(a))`` is ``a``. The customer-service chapter's
questions are understood too: an order's status, "where is my stuff?", the refund policy, and
"that order" for the order named earlier.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from domains.orders.facts import order_ids

_ORDER = r"(#W\d{7})"
_IDS = r"(\d+(?:, \d+)*)"
_ADDRESS = r"([^;]+); ([^;]*); ([^;]+); ([^;]+); ([^;]+); (\d{5})"
ADDRESS_FIELDS = ("address1", "address2", "city", "state", "country", "zip")


@dataclass(frozen=True)
class Request:
    """One thing the customer asked for: a write (``name`` and ``kwargs`` of the tool call), or
    a question (``name`` is ``"status"``, ``"track"``, ``"policy"`` or ``"transfer"``)."""

    name: str
    kwargs: dict[str, Any] = field(default_factory=dict)

    @property
    def order_id(self) -> str | None:
        value = self.kwargs.get("order_id")
        return value if isinstance(value, str) else None


def _ids(text: str) -> list[str]:
    return [part.strip() for part in text.split(",")]


def _address(fields: tuple[str, ...]) -> str:
    return "; ".join(fields)


def request_text(name: str, kwargs: dict[str, Any]) -> str:
    """The sentence that asks for tool call ``name(**kwargs)``. Raises ValueError for a tool
    that is not a customer request (a read)."""
    order = kwargs.get("order_id")
    ids = ", ".join(kwargs.get("item_ids", []))
    new = ", ".join(kwargs.get("new_item_ids", []))
    pay = kwargs.get("payment_method_id")
    address = _address(tuple(str(kwargs.get(f, "")) for f in ADDRESS_FIELDS))
    texts = {
        "cancel_pending_order": (
            f"Please cancel order {order} because it is {kwargs.get('reason')}."
        ),
        "return_delivered_order_items": (
            f"Please return items {ids} of order {order} and refund them to {pay}."
        ),
        "exchange_delivered_order_items": (
            f"Please exchange items {ids} of order {order} for items {new} and use {pay} for the "
            "price difference."
        ),
        "modify_pending_order_items": (
            f"Please change items {ids} of pending order {order} to items {new} and use {pay} "
            "for the price difference."
        ),
        "modify_pending_order_address": (
            f"Please change the shipping address of order {order} to {address}."
        ),
        "modify_pending_order_payment": f"Please pay order {order} with {pay} instead.",
        "modify_user_address": f"Please change my default address to {address}.",
        "transfer_to_human_agents": f"Please transfer me to a human agent: {kwargs.get('summary')}",
    }
    if name not in texts:
        raise ValueError(f"{name} is not something a customer asks for; known: {', '.join(texts)}")
    return texts[name]


_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (
        "cancel_pending_order",
        re.compile(rf"cancel order {_ORDER} because it is (no longer needed|ordered by mistake)"),
    ),
    (
        "return_delivered_order_items",
        re.compile(rf"return items {_IDS} of order {_ORDER} and refund them to (\w+)"),
    ),
    (
        "exchange_delivered_order_items",
        re.compile(
            rf"exchange items {_IDS} of order {_ORDER} for items {_IDS} and use (\w+) for the "
            "price difference"
        ),
    ),
    (
        "modify_pending_order_items",
        re.compile(
            rf"change items {_IDS} of pending order {_ORDER} to items {_IDS} and use (\w+) for "
            "the price difference"
        ),
    ),
    (
        "modify_pending_order_address",
        re.compile(rf"shipping address of (?:order {_ORDER}|(that) order) to {_ADDRESS}"),
    ),
    ("modify_pending_order_payment", re.compile(rf"pay order {_ORDER} with (\w+) instead")),
    ("modify_user_address", re.compile(rf"change my default address to {_ADDRESS}")),
    ("transfer_to_human_agents", re.compile(r"transfer me to a human agent: (.+)", re.DOTALL)),
]


def _write(name: str, groups: tuple[Any, ...]) -> dict[str, Any]:
    if name == "cancel_pending_order":
        return {"order_id": groups[0], "reason": groups[1]}
    if name == "return_delivered_order_items":
        return {"order_id": groups[1], "item_ids": _ids(groups[0]), "payment_method_id": groups[2]}
    if name in ("exchange_delivered_order_items", "modify_pending_order_items"):
        return {
            "order_id": groups[1],
            "item_ids": _ids(groups[0]),
            "new_item_ids": _ids(groups[2]),
            "payment_method_id": groups[3],
        }
    if name == "modify_pending_order_address":
        return {"order_id": groups[0], **dict(zip(ADDRESS_FIELDS, groups[2:], strict=True))}
    if name == "modify_pending_order_payment":
        return {"order_id": groups[0], "payment_method_id": groups[1]}
    if name == "modify_user_address":
        return dict(zip(ADDRESS_FIELDS, groups, strict=True))
    return {"summary": groups[0].strip()}


def parse_request(text: str, earlier_order: str | None = None) -> Request | None:
    """The request ``text`` makes, or None. ``earlier_order`` is what "that order" refers to."""
    for name, pattern in _PATTERNS:
        match = pattern.search(text)
        if match is not None:
            kwargs = _write(name, match.groups())
            if name == "modify_pending_order_address" and match.group(2):
                kwargs["order_id"] = earlier_order
            return Request(name, kwargs)
    lowered = text.lower()
    named = order_ids(text)
    if "that order" in lowered and not named and earlier_order:
        named = [earlier_order]
    if re.search(r"refund policy|return policy|refunds? work", lowered):
        return Request("policy")
    if "where is my stuff" in lowered or "where are my" in lowered:
        return Request("track", {"order_id": named[0]} if named else {})
    if named and re.search(r"status|where is|track", lowered):
        name = "track" if "track" in lowered else "status"
        return Request(name, {"order_id": named[0], "address": "address" in lowered})
    return None


@dataclass(frozen=True)
class Identity:
    """How the customer identifies: an email, or a name and zip code."""

    email: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    zip: str | None = None

    def sentence(self) -> str:
        """What the customer says when asked who they are."""
        if self.email:
            return f"My email is {self.email}."
        return f"I'm {self.first_name} {self.last_name}, zip code {self.zip}."


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+\w")
_NAME_ZIP = re.compile(
    r"(?:I'm|I am|my name is)\s+([A-Z][a-z]+)\s+([A-Z][a-z]+)\b"
    r".*?\bzip(?: code)?(?: is)?\s*(\d{5})",
    re.IGNORECASE | re.DOTALL,
)


def parse_identity(text: str) -> Identity | None:
    """The email, or name and zip code, ``text`` gives, if any."""
    email = _EMAIL.search(text)
    if email:
        return Identity(email=email.group(0))
    match = _NAME_ZIP.search(text)
    if match:
        return Identity(first_name=match.group(1), last_name=match.group(2), zip=match.group(3))
    return None
