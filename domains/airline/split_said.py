"""What a listing says each payment method of a write pays: "the Mastercard takes $123 and the
gift card $93" says the Mastercard pays $123. A write splitting its cost between methods must
be listed with each method's own amount, not another's; "your gift card stays at $123" (its
balance) says the gift card pays nothing.

All text is folded and lowered (:func:`checkers.text.fold_lower`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from decimal import Decimal

from checkers import tokens
from checkers.dates import MAY_MODAL

_PARTS = re.compile(r"[,;:\n()]|\band\b|\bwhile\b|[.!?](?=\s|$)")
"""Where a part of a split ends: "$123 on your gift card, $93 on your Mastercard", "the
Mastercard takes $123 and the gift card $93"."""


def amounts(text: str) -> list[Decimal]:
    """The dollar amounts ``text`` states with a dollar sign, in order (read as
    :func:`checkers.tokens.quantities` reads money)."""
    return [q.value for q in tokens.quantities(text) if q.money and q.text.startswith("$")]


def misassigned(
    text: str, paid: Mapping[str, Decimal], named: Callable[[str, str], bool]
) -> tuple[str, Decimal] | None:
    """A payment method of ``paid`` (its id and the amount the write takes from it) that
    ``text`` says pays the amount another of them pays: a part of ``text`` (:data:`_PARTS`)
    that names one method alone (``named(payment_id, part)``) and one amount alone, that
    amount not the method's and another's. None when every such part states the method's own
    amount or none of the write's (a balance, a price), or the write uses one method."""
    if len(paid) < 2:
        return None
    for part in _PARTS.split(text):
        methods = [p for p in paid if named(p, part)]
        said = amounts(part)
        if len(methods) != 1 or len(said) != 1:
            continue
        method, amount = methods[0], said[0]
        if amount != paid[method] and amount in {a for p, a in paid.items() if p != method}:
            return method, amount
    return None


_STAYS = re.compile(
    r"\s+(?:balance\s+)?(?:stays|remains|will\s+(?:stay|remain)|is\s+still)\s+at\s+"
    r"\$\s?(\d+(?:\.\d+)?)"
)
"""A method said to keep a balance right after it is named ("your gift card stays at $123")."""


def kept_at(text: str, end: int, balance: Decimal | None) -> bool:
    """Whether the method named just before ``end`` in ``text`` is said to keep its whole
    ``balance`` (:data:`_STAYS`): it pays nothing. A balance said after paying ("stays at $15")
    is another."""
    match = _STAYS.match(text, end)
    return balance is not None and match is not None and Decimal(match.group(1)) == balance


_EACH_PART = re.compile(r"[,;\n()]|\band\b|\bwhile\b|[.!?](?=\s|$)")
"""Where a method's own amount ends: :data:`_PARTS` but a colon, which may stand between a
method and its amount ("gift card: $100; Mastercard: $8")."""
_MAYBE = re.compile(rf"\b(?:could|would|if|or|alternatively|might|{MAY_MODAL})\b")
"""Words that make a part of a split a possibility, not what the write takes."""


def each_stated(text: str, paid: Mapping[str, Decimal], named: Callable[[str, str], bool]) -> bool:
    """Whether ``text`` states the cost of a write split between methods as its parts: each
    method of ``paid`` (its id and the amount the write takes from it) named alone in a part of
    ``text`` (:data:`_EACH_PART`) with its own amount alone, none said as a possibility ("$100 from
    your gift card and the remaining $8 on your Mastercard" of 100 and 8; the total, 108, left
    unsaid, is their sum). False when the write uses one method."""
    if len(paid) < 2:
        return False
    stated = set()
    for part in _EACH_PART.split(text):
        methods = [p for p in paid if named(p, part)]
        said = amounts(part)
        if len(methods) == 1 and said == [paid[methods[0]]] and not _MAYBE.search(part):
            stated.add(methods[0])
    return stated == set(paid)
