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
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from checkers.request_sentences import (
    WORD,
    Request,
    SentenceForm,
    Slot,
    read_request,
    write_request,
)
from domains.orders.facts import order_ids

ADDRESS_FIELDS = ("address1", "address2", "city", "state", "country", "zip")
_IDS = Slot(r"(\d+(?:, \d+)*)", ", ".join, lambda text: [p.strip() for p in text.split(",")])
_PART = Slot(r"([^;]+)")
SLOTS = {
    "order_id": Slot(r"(#W\d{7})"),
    "reason": Slot(r"(no longer needed|ordered by mistake)"),
    "item_ids": _IDS,
    "new_item_ids": _IDS,
    "payment_method_id": WORD,
    **dict.fromkeys(ADDRESS_FIELDS, _PART),
    "address2": Slot(r"([^;]*)"),
    "zip": Slot(r"(\d{5})"),
    "summary": Slot(r"(.+)", read=str.strip),
}
"""How each argument of a write stands in a request."""
_THAT_ORDER = Slot(
    r"(order #W\d{7}|that order)",
    lambda order_id: f"order {order_id}",
    lambda text: None if text == "that order" else text.removeprefix("order "),
)
"""An order, or "that order": the one named earlier (:func:`parse_request`)."""
_ADDRESS = "; ".join(f"{{{name}}}" for name in ADDRESS_FIELDS)
_ITEMS = "order_id item_ids new_item_ids payment_method_id"


def _form(template: str, order: str = "") -> SentenceForm:
    return SentenceForm(template, SLOTS, "", order)


FORMS = {
    "cancel_pending_order": _form("[Please ]cancel order {order_id} because it is {reason}[.]"),
    "return_delivered_order_items": _form(
        "[Please ]return items {item_ids} of order {order_id} and refund them to "
        "{payment_method_id}[.]",
        "order_id item_ids payment_method_id",
    ),
    "exchange_delivered_order_items": _form(
        "[Please ]exchange items {item_ids} of order {order_id} for items {new_item_ids} and use "
        "{payment_method_id} for the price difference[.]",
        _ITEMS,
    ),
    "modify_pending_order_items": _form(
        "[Please ]change items {item_ids} of pending order {order_id} to items {new_item_ids} "
        "and use {payment_method_id} for the price difference[.]",
        _ITEMS,
    ),
    "modify_pending_order_address": SentenceForm(
        f"[Please change the ]shipping address of {{order_id}} to {_ADDRESS}[.]",
        {**SLOTS, "order_id": _THAT_ORDER},
        "",
    ),
    "modify_pending_order_payment": _form(
        "[Please ]pay order {order_id} with {payment_method_id} instead[.]"
    ),
    "modify_user_address": _form(f"[Please ]change my default address to {_ADDRESS}[.]"),
    "transfer_to_human_agents": _form("[Please ]transfer me to a human agent: {summary}"),
}
"""The sentence of each write a customer asks for (and the hand-off), tried in this order when
reading; the words in brackets are not needed to read it."""


def request_text(name: str, kwargs: dict[str, Any]) -> str:
    """The sentence that asks for tool call ``name(**kwargs)``. Raises ValueError for a tool
    that is not a customer request (a read)."""
    return write_request(FORMS, name, kwargs)


def parse_request(text: str, earlier_order: str | None = None) -> Request | None:
    """The request ``text`` makes, or None: a write (:data:`FORMS`), or a question (``name``
    ``"status"``, ``"track"`` or ``"policy"``). ``earlier_order`` is what "that order" refers
    to."""
    found = read_request(FORMS, text)
    if found is not None:
        if found.name == "modify_pending_order_address" and found.kwargs["order_id"] is None:
            found.kwargs["order_id"] = earlier_order
        return found
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


def describe(name: str, kw: Mapping[str, Any]) -> str:
    """The write ``name(**kw)`` with its details (order, items, new items, payment method,
    address), as an agent lists it before asking for a yes: what ``confirmed_before_writing``
    needs a listing to name (:mod:`domains.orders.listing`)."""
    order = kw.get("order_id")
    items = ", ".join(kw.get("item_ids", []))
    new = ", ".join(kw.get("new_item_ids", []))
    pay = kw.get("payment_method_id")
    address = ", ".join(str(kw[f]) for f in ADDRESS_FIELDS if kw.get(f))
    texts = {
        "cancel_pending_order": f"cancel order {order} (reason: {kw.get('reason')})",
        "return_delivered_order_items": f"return items {items} of order {order}, refunded to {pay}",
        "exchange_delivered_order_items": (
            f"exchange items {items} of order {order} for items {new}, with {pay} paying or "
            "receiving the price difference"
        ),
        "modify_pending_order_items": (
            f"change items {items} of order {order} to items {new}, with {pay} paying or "
            "receiving the price difference (items can be changed only once per order, so that "
            "must be every item)"
        ),
        "modify_pending_order_address": (
            f"change the shipping address of order {order} to {address}"
        ),
        "modify_pending_order_payment": f"change the payment of order {order} to {pay}",
        "modify_user_address": f"change your default address to {address}",
    }
    return texts[name]


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

    def lookup(self) -> tuple[str, dict[str, str]]:
        """The identification call that finds this customer: its tool and arguments."""
        if self.email:
            return "find_user_id_by_email", {"email": self.email}
        names = {"first_name": self.first_name, "last_name": self.last_name, "zip": self.zip}
        return "find_user_id_by_name_zip", {key: str(value) for key, value in names.items()}


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
