"""Reading facts out of text and tool responses: order ids, numbers, tracking numbers, statuses.

- Order ids look like ``#W2378156`` (the ``#`` may be left out; case does not matter; a digit
  or letter glued after it makes it another id).
- Numbers are compared by value, read by :func:`checkers.tokens.quantities`: ``625.60`` =
  ``625.6`` = ``$625.60`` = ``625,60 €``; ``8,276.23`` = ``8276.23``. Digits that are part of
  a word (``W2378156``, ``8GB``) are not numbers.
- Amounts are numbers a customer would read as money: with a currency (``$12``, ``75 dollars``,
  ``99,99 EUR``) or with cents (``12.50``).
- Long numbers (9 digits or more) are tracking numbers and item or product ids, read as
  identifiers by :func:`checkers.tokens.identifiers`: ``843 053 632 392`` and ``843-053-632-392``
  are ``843053632392``; ``TBA843053632392`` (glued letters) is another number.
- Statuses are read by :mod:`domains.orders.claims`: a vocabulary per status (verb forms,
  tenses, synonyms, negations), each claim bound to the order it is about.

Every reader matches the :func:`checkers.text.fold` form of the text (zero-width characters
removed, look-alike letters and full-width digits folded to ASCII), so ``#W328\u200b8665`` is an
order id and ``\uff14\uff12`` a number.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal
from functools import lru_cache
from typing import Any

from checkers import tokens
from checkers.text import fold

# Numbers as facts are the core's (shared with the airline domain); named here for orders' modules.
from checkers.tokens import as_number as as_number
from checkers.tokens import numbers as numbers
from checkers.tokens import to_decimal as to_decimal
from checkers.told import scalars as scalars
from domains.orders import claims

_ORDER_ID = re.compile(r"(?<![\w#])#?W(\d{7})(?![\w])", re.IGNORECASE)
_USER_ID = re.compile(r"\b[a-z]+_[a-z]+_\d{4}\b")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+")


def order_ids(text: str) -> list[str]:
    """Order ids in ``text``, normalised to ``#W1234567``, in order, without repeats."""
    return list(dict.fromkeys(f"#W{m.group(1)}" for m in _ORDER_ID.finditer(fold(text))))


def normal_order_id(order_id: str) -> str:
    """``w2378156`` or ``#W2378156`` -> ``#W2378156``; other text is returned stripped."""
    found = order_ids(order_id)
    return found[0] if len(found) == 1 else order_id.strip()


_MONEY_WORDS = re.compile(
    r"\b(?:cost|costs|costing|prices?|priced|refund|refunds|refunded|total|totals|charge|charges"
    r"|charged|pay|pays|paid|payment|balance|amount|dollars?|bucks|usd|eur|euros?|gbp|pounds?"
    r"|fee|fees|credit|credited|worth|spent|owe|owed|difference|back)\b|\$",
    re.IGNORECASE,
)
_COUNTED = re.compile(
    r"\s*(?:(?:-|to|or|and|\u2013)\s*\d+\s*)?(?:business |working |calendar )?"
    r"(?:days?|hours?|weeks?|months?|years?|minutes?|items?|pieces?|units?|orders?|times?"
    r"|packages?|parcels?|%|percent|gb|tb|mb|inch(?:es)?|cm|mm|kg|lbs?|ml|l)\b",
    re.IGNORECASE,
)


_LABELLED = re.compile(
    r"(?:#|\bsuite|\bapt|\bapartment|\bunit|\bzip(?: code)?|\bending (?:in|with)"
    r"|\bends (?:in|with)|\blast (?:four|4)(?: digits)?(?: (?:are|is))?|\bitem|\bproduct|\bid"
    r"|\bnumber|\bno\.)\s*:?\s*$",
    re.IGNORECASE,
)


def amounts(text: str) -> list[tuple[str, Decimal]]:
    """Money-like numbers in ``text``: (as written, value). See :func:`amount_quantities`."""
    return [(q.text, q.value) for q in amount_quantities(text)]


def amount_quantities(text: str) -> list[tokens.Quantity]:
    """The quantities of ``text`` a customer would read as money.

    Money is a number with a currency (``$12``, ``75 dollars``, ``99,99 EUR``) or with cents
    (``12.50``), and in a sentence that speaks of money ("cost", "refund", "paid", "$", ...)
    also a bare number that neither counts something ("5-7 business days", "3 items") nor is
    labelled as something else ("card ending in 1037", "suite 356", "zip 32124"), so a made-up
    amount cannot hide by dropping its currency. A bare one has ``money`` False: callers may
    accept it as any number a tool returned (a street number), not only as an amount, unless
    a money word stands right before it ("the refund is 75": ``money`` True)."""
    folded = fold(text)
    money_talk = _money_word(folded, 0, len(folded))
    found = []
    for quantity in tokens.quantities(text):
        bare = (
            money_talk
            and len(str(quantity.value).replace(".", "")) < 9  # longer: an identifier
            and _LABELLED.search(folded, 0, quantity.start) is None
            and _COUNTED.match(folded, quantity.end) is None
        )
        if quantity.money:
            found.append(quantity)
        elif bare:
            # Right after a money word ("the refund is 75") a bare number is an amount.
            said_as_money = _money_word(folded, max(0, quantity.start - 24), quantity.start)
            found.append(replace(quantity, money=said_as_money))
    return found


def _money_word(folded: str, start: int, end: int) -> bool:
    """Whether ``folded[start:end]`` speaks of money: a money word that is not part of a name.
    A capitalised word inside a sentence is a name's ("Fort Worth", "Back Bay"), not money."""
    for match in _MONEY_WORDS.finditer(folded, start, end):
        word = match.group(0)
        if word[0].isupper() and not _sentence_start(folded, match.start()):
            continue
        return True
    return False


def _sentence_start(text: str, position: int) -> bool:
    before = text[:position].rstrip(" \t\"'(")
    return not before or before[-1] in ".!?:\n"


def long_numbers(text: str) -> list[str]:
    """Identifiers of 9 or more digits (tracking numbers, item ids), in order, each as its
    :func:`checkers.tokens.identifier_key`."""
    return list(dict.fromkeys(i.key for i in tokens.identifiers(text)))


def statuses(text: str) -> list[str]:
    """Statuses ``text`` claims, in order of appearance (:func:`domains.orders.claims.statuses`)."""
    return claims.statuses(text)


def supports(reported: str, claimed: str) -> bool:
    """Whether a state a tool reported makes the status the agent claimed true."""
    return claims.holds(claimed, reported)


def sentences(text: str) -> list[str]:
    """``text`` split into sentences, each as written (stripped), empty ones dropped.

    A sentence ends where a reader sees one end, judged on each character's :func:`fold` form
    so that no disguise hides it: a full stop, ``!`` or ``?`` in any form (``\uff0e``,
    ``\u2026``, ``\u203c``), then any closing quotes or brackets (``."``, ``.)``), then a space;
    an ideographic ``\u3002``, ``\uff01`` or ``\uff1f`` even without a space; a line break of
    any kind; a bullet (``\u2022``, which starts an entry of a list as a line does). Characters
    a reader does not see (zero-width spaces, joiners) are skipped wherever they stand:
    ``"#W1: Pending.\u200b #W2: Pending."`` is two sentences."""
    shape = text.translate(_ASCII_SHAPE) if text.isascii() else "".join(map(_shape, text))
    found, start = [], 0
    for gap in _SENTENCE_GAP.finditer(shape):
        found.append(text[start : gap.start(gap.lastgroup or 0)])
        start = gap.end()
    found.append(text[start:])
    return [s.strip() for s in found if s.strip()]


_BULLETS = frozenset("\u2022\u2023\u2043\u2219\u25aa\u25cf\u25e6")
_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
_CLOSERS = frozenset("\"')]")


@lru_cache(maxsize=4096)
def _shape(char: str) -> str:
    """What ``char`` is to the end of a sentence, as one character: ``.`` an end, ``|`` an
    ideographic end (no space needed), ``"`` a closing quote or bracket, `` `` a space, ``\n`` a
    line break or bullet, ``z`` nothing a reader sees, ``a`` anything else."""
    if char in _LINE_BREAKS or char in _BULLETS:
        return "\n"
    if char in "\u3002\uff01\uff1f":
        return "|"
    if char.isspace():
        return " "
    folded = fold(char)
    if not folded:
        return "z"
    if set(folded) <= set(".!?") and unicodedata.category(char) == "Po" and char not in "\u00bf":
        return "."
    return '"' if set(folded) <= _CLOSERS else "a"


_ASCII_SHAPE = {code: _shape(chr(code)) for code in range(128)}
_SENTENCE_GAP = re.compile(
    r'\.[.z"]*(?P<spaced>[ z]*[ \n][ \nz]*)|\|[z"]*(?P<unspaced>[ \nz]*)|(?P<line>\n[\nz]*)'
)
"""In the shape of a text (:func:`_shape`), what lies between two sentences."""


def user_ids(text: str) -> list[str]:
    """Customer ids such as ``yusuf_rossi_9620`` in ``text``."""
    return list(dict.fromkeys(_USER_ID.findall(fold(text))))


def emails(text: str) -> list[str]:
    """Email addresses in ``text``, lower-cased."""
    return list(dict.fromkeys(e.lower().rstrip(".") for e in _EMAIL.findall(fold(text))))


def normal_text(text: str) -> str:
    """Lower-cased, commas removed, runs of whitespace made one space (for phrase matching)."""
    return " ".join(fold(text).lower().replace(",", "").split())


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
