"""Reading facts out of text and tool responses: order ids, numbers, tracking numbers, statuses.

- Order ids look like ``#W2378156`` (the ``#`` may be left out; case does not matter).
- Numbers are compared by value: ``625.60`` = ``625.6`` = ``$625.60``; ``8,276.23`` = ``8276.23``.
  Digits that are part of a word (``W2378156``) are not numbers.
- Amounts are numbers a customer would read as money: with a ``$`` or with decimals.
- Long numbers (9 digits or more) are tracking numbers and item or product ids.
- Statuses are the order and shipping statuses the service reports; "shipped", "on its way" and
  "in transit" all claim the parcel left (a ``processed`` order), and "not shipped yet" that it
  has not (a ``pending`` one). A negated status ("not delivered") still counts as a statement
  about the status: the checker does not parse negation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

_ORDER_ID = re.compile(r"(?<![\w#])#?W(\d{7})(?!\d)", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.])\$?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d])")
_AMOUNT = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)|(?<![\w.$])(\d[\d,]*\.\d+)(?!\d)")
_LONG_NUMBER = re.compile(r"(?<![\w.])(\d{9,})(?!\d)")
_WHOLE_NUMBER = re.compile(r"\s*-?\$?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_USER_ID = re.compile(r"\b[a-z]+_[a-z]+_\d{4}\b")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+")

STATUS_PHRASES: tuple[tuple[str, str], ...] = (
    ("pending (item modified)", "pending"),
    ("not shipped yet", "not shipped yet"),
    ("not yet shipped", "not shipped yet"),
    ("has not shipped", "not shipped yet"),
    ("hasn't shipped", "not shipped yet"),
    ("return requested", "return requested"),
    ("exchange requested", "exchange requested"),
    ("out for delivery", "in transit"),
    ("in transit", "in transit"),
    ("on its way", "in transit"),
    ("on the way", "in transit"),
    ("shipped", "in transit"),
    ("pending", "pending"),
    ("processed", "processed"),
    ("delivered", "delivered"),
    ("cancelled", "cancelled"),
    ("canceled", "cancelled"),
)
"""Phrases that state a status, longest first, with the status each one claims."""

SUPPORTED_BY: dict[str, frozenset[str]] = {
    "in transit": frozenset({"in transit", "processed"}),
    "not shipped yet": frozenset({"not shipped yet", "pending"}),
    "processed": frozenset({"processed", "in transit"}),
    "pending": frozenset({"pending", "not shipped yet"}),
}
"""Which reported statuses support a claimed one (default: itself only)."""


def order_ids(text: str) -> list[str]:
    """Order ids in ``text``, normalised to ``#W1234567``, in order, without repeats."""
    return list(dict.fromkeys(f"#W{m.group(1)}" for m in _ORDER_ID.finditer(text)))


def normal_order_id(order_id: str) -> str:
    """``w2378156`` or ``#W2378156`` -> ``#W2378156``; other text is returned stripped."""
    found = order_ids(order_id)
    return found[0] if len(found) == 1 else order_id.strip()


def to_decimal(text: str) -> Decimal | None:
    """``"$1,234.50"`` -> ``Decimal("1234.50")``; None when it is not a number."""
    try:
        return Decimal(text.replace(",", "").replace("$", "").strip())
    except InvalidOperation:
        return None


def numbers(text: str) -> set[Decimal]:
    """Every number standing in ``text``, by value."""
    found = (to_decimal(m.group(1)) for m in _NUMBER.finditer(text))
    return {n for n in found if n is not None}


def amounts(text: str) -> list[tuple[str, Decimal]]:
    """Money-like numbers in ``text`` (``$12``, ``12.50``): (as written, value)."""
    found = []
    for match in _AMOUNT.finditer(text):
        value = to_decimal(match.group(1) or match.group(2))
        if value is not None:
            found.append((match.group(0).strip(), value))
    return found


def long_numbers(text: str) -> list[str]:
    """Digit strings of 9 or more digits (tracking numbers, item ids), in order."""
    return list(dict.fromkeys(m.group(1) for m in _LONG_NUMBER.finditer(text)))


def as_number(fact: str) -> Decimal | None:
    """The value of a fact that is one number (``"625.60"``, ``"$1,093.34"``), else None."""
    match = _WHOLE_NUMBER.fullmatch(fact)
    return None if match is None else to_decimal(match.group(1))


def statuses(text: str) -> list[str]:
    """Statuses ``text`` states, as claimed statuses, in order of appearance."""
    lowered = text.lower()
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []
    for phrase, claim in STATUS_PHRASES:
        for match in re.finditer(rf"\b{re.escape(phrase)}", lowered):
            span = match.span()
            if any(start < span[1] and span[0] < end for start, end in taken):
                continue
            taken.append(span)
            found.append((span[0], claim))
    return list(dict.fromkeys(claim for _, claim in sorted(found)))


def supports(reported: str, claimed: str) -> bool:
    """Whether a status the service reported supports the status the agent claimed."""
    return reported in SUPPORTED_BY.get(claimed, frozenset({claimed}))


def sentences(text: str) -> list[str]:
    """``text`` split into sentences (at ``. ``, ``! ``, ``? `` and line breaks)."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def user_ids(text: str) -> list[str]:
    """Customer ids such as ``yusuf_rossi_9620`` in ``text``."""
    return list(dict.fromkeys(_USER_ID.findall(text)))


def emails(text: str) -> list[str]:
    """Email addresses in ``text``, lower-cased."""
    return list(dict.fromkeys(e.lower().rstrip(".") for e in _EMAIL.findall(text)))


def normal_text(text: str) -> str:
    """Lower-cased, commas removed, runs of whitespace made one space (for phrase matching)."""
    return " ".join(text.lower().replace(",", "").split())


def scalars(value: Any) -> Iterator[Any]:
    """Every string and number inside a JSON value, dict keys included."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield key
            yield from scalars(child)
    elif isinstance(value, list | tuple):
        for child in value:
            yield from scalars(child)
    elif isinstance(value, str | int | float) and not isinstance(value, bool):
        yield value


def records_about(value: Any, order_id: str) -> Iterator[dict[str, Any]]:
    """The objects inside a response that describe order ``order_id`` (``"order_id"`` field)."""
    if isinstance(value, dict):
        if (
            isinstance(value.get("order_id"), str)
            and normal_order_id(value["order_id"]) == order_id
        ):
            yield value
        for child in value.values():
            yield from records_about(child, order_id)
    elif isinstance(value, list | tuple):
        for child in value:
            yield from records_about(child, order_id)
