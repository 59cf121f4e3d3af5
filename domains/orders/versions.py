"""Another version of a write in the agent's last question: a payment method, a street address
or an option of the new item that the write does not carry ("Do you want me to proceed with
refunding to a gift card?" before a refund to PayPal, "... to your office instead, at 5 Elm
Road?", "... with the black pair?"). A yes to it agrees to that version, not to the write.
All text here is folded (:func:`domains.orders.addresses.folded`).
"""

from __future__ import annotations

import re

from checkers import tokens
from checkers.text import blanked
from domains.orders import addresses, listing
from domains.orders.conversation import CallRecord
from domains.orders.models import CreditCard, GiftCard, PaymentMethod

_SET_ASIDE = re.compile(
    r"\b(?:rather\s+than|instead\s+of|not|than)\b[^,;:?]*|\bfrom\b(?:(?!\bto\b)[^,;:?])*"
)
"""What a question sets against the version it asks for ("the Mastercard rather than your
current card", "from your gift card" in "from your gift card to ..."): it names no version
asked for."""
_METHOD = re.compile(
    r"\b(?P<kind>gift\s+card|store\s+credit|paypal|visa|mastercard)\b"
    r"|\bending\s+(?:in\s+)?(?P<four>\d{4})\b"
)
"""A payment method named by its kind or brand (the data's cards are Visa and Mastercard), or a
card by its last four digits."""


def _own_kinds(method: PaymentMethod) -> set[str]:
    if isinstance(method, GiftCard):
        return {"gift card", "store credit"}
    if isinstance(method, CreditCard):
        return {method.brand.lower()}
    return {"paypal"}


def _other_method(call: CallRecord, text: str) -> str | None:
    """A payment method ``text`` names that is not the write's (none for a write paying or
    refunding by no method it names)."""
    method_id = call.arg("payment_method_id")
    user = next((u for u in call.db_before.users.values() if method_id in u.payment_methods), None)
    if method_id is None or user is None:
        return None
    method = user.payment_methods[method_id]
    four = method.last_four if isinstance(method, CreditCard) else None
    for found in _METHOD.finditer(text):
        kind = re.sub(r"\s+", " ", found["kind"]) if found["kind"] else None
        if (kind and kind not in _own_kinds(method)) or (found["four"] and found["four"] != four):
            return found.group(0)
    return None


def _other_street(call: CallRecord, text: str) -> str | None:
    """A street address ``text`` names that is not the write's new one."""
    street = call.arg("address1")
    if not street:
        return None
    own = re.compile(addresses.phrase(street))
    return next(
        (m.group(0) for m in addresses.STREET.finditer(text) if not own.search(m.group(0))), None
    )


def _value_spans(option: str, value: str, text: str) -> list[tuple[int, int]]:
    """Where ``text`` names an option's ``value`` as written."""
    return [m.span() for m in re.finditer(addresses.phrase(value), text)]


def _other_option(call: CallRecord, text: str) -> str | None:
    """A value of an option ("black") that a product of the write's new items comes in and
    ``text`` says of it, that neither a new item of it nor an item it replaces has
    (:func:`domains.orders.listing.other_values_said`; amounts of money, as
    :func:`checkers.tokens.quantities` reads them, left out: "$8" names no size 8)."""
    money = [(q.start, q.end) for q in tokens.quantities(text) if q.money]
    found = listing.other_values_said(call, blanked(text, money), _value_spans)
    return found[0] if found else None


def other_version(question: str, call: CallRecord) -> str | None:
    """What ``question`` (the agent's last question before the yes) asks for of ``call``'s
    kind that ``call`` does not carry: another payment or refund method, another street
    address, another option of its new item; what the question sets aside ("rather than your
    current card") is not asked for. None when it names none ("Shall I go ahead and use your
    Mastercard ending in 8484 instead?" before a write paying by that card)."""
    text = _SET_ASIDE.sub(" ", addresses.folded(question))
    return _other_method(call, text) or _other_street(call, text) or _other_option(call, text)
