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
from collections.abc import Collection
from dataclasses import replace
from decimal import Decimal

from checkers import tokens
from checkers.record_counts import RECORD_NOUNS
from checkers.text import fold

# Numbers and sentences are read as the core reads them (as in the airline domain); named here
# for orders' modules.
from checkers.text import sentences as sentences
from checkers.tokens import as_number as as_number
from checkers.tokens import numbers as numbers
from checkers.told import scalars as scalars

# Statuses are read by the claims vocabulary (see the module docstring).
from domains.orders.claims import PARTIAL, order_partials
from domains.orders.claims import statuses as statuses

_ORDER_ID = re.compile(r"(?<![\w#])#?W(\d{7})(?![\w])", re.IGNORECASE)


def order_ids(text: str) -> list[str]:
    """Order ids in ``text``, normalised to ``#W1234567``, in order, without repeats."""
    return list(dict.fromkeys(name for _, _, name in order_id_marks(text)))


def order_id_marks(text: str, known: Collection[str] = ()) -> list[tuple[int, int, str]]:
    """``(start, end, order id)`` of each order id of ``text``, normalised, positions on
    :func:`checkers.text.fold` of it (where :func:`amount_quantities` places amounts). Given
    the ``known`` order ids, an order named by its last digits ("the order ending in 8665",
    "Order #8665": :func:`~domains.orders.claims.order_partials`) is the one known id ending
    in them, or ``#W*8665`` (:data:`~domains.orders.claims.PARTIAL`) when none does and the
    word before is "order"; one several end in names none of them."""
    folded = fold(text)
    marks = [(m.start(), m.end(), f"#W{m.group(1)}") for m in _ORDER_ID.finditer(folded)]
    if not known:
        return marks
    for digits, start, end in order_partials(folded):
        fits = [order for order in known if order.endswith(digits)]
        if len(fits) == 1:
            marks.append((start, end, fits[0]))
        elif not fits and _ORDER_BEFORE.search(folded, max(0, start - 24), start):
            marks.append((start, end, PARTIAL + digits))
    return sorted(marks)


_ORDER_BEFORE = re.compile(r"\border(?:\s+(?:number|id|no\.?|#))?\s*$", re.IGNORECASE)
"""An order's own noun before digits it ends in ("the order ending in 9999"): a card's or
a tracking number's ("your card ending in 1037") is no order."""


def as_order_id(text: str) -> str | None:
    """``text`` as one order id, normalised (``w2378156`` -> ``#W2378156``); None when it is
    anything more or less than an order id."""
    match = _ORDER_ID.fullmatch(fold(text).strip())
    return f"#W{match.group(1)}" if match else None


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
    r"\s*(?:(?:-|to|or|and|\u2013)\s*\d+\s*)?-?(?:(?:business|working|calendar)\s+)?"
    r"(?:days?|hours?|weeks?|months?|years?|minutes?|items?|pieces?|units?|orders?|times?"
    rf"|packages?|parcels?|%|percent|gb|tb|mb|inch(?:es)?|cm|mm|kg|lbs?|ml|l|{RECORD_NOUNS})\b",
    re.IGNORECASE,
)
_DROPPED_ZERO = re.compile(r"\d+\.\d")
"""A number with one decimal, as a price prints as a float (``481.5``)."""

_LABELLED = re.compile(
    r"(?:#|\bsuite|\bapt|\bapartment|\bunit|\bzip(?:\s+code)?|\bending\s+(?:in|with)"
    r"|\bends\s+(?:in|with)|\blast\s+(?:four|4)(?:\s+digits)?(?:\s+(?:are|is))?|\bitem"
    r"|\bproduct|\bid"
    # "order 7301" names an order by its last digits (claims.order_partials)
    r"|\border"
    r"|\bnumber|\bno\.)\s*:?\s*$",
    re.IGNORECASE,
)


def amounts(text: str) -> list[tuple[str, Decimal]]:
    """Money-like numbers in ``text``: (as written, value). See :func:`amount_quantities`."""
    return [(q.text, q.value) for q in amount_quantities(text)]


def amount_quantities(text: str) -> list[tokens.Quantity]:
    """The quantities of ``text`` a customer would read as money.

    Money is a number with a currency (``$12``, ``75 dollars``, ``99,99 EUR``) or with cents
    (``12.50``, and ``481.5``: a price as the tools print it, 481.50 with its last zero
    dropped, unless it counts something, "2.5 inches"), and in a sentence that speaks of money
    ("cost", "refund", "paid", "$", ...) also a bare number that neither counts something ("5-7
    business days", "3 items") nor is labelled as something else ("card ending in 1037", "suite
    356", "zip 32124"), so a made-up amount cannot hide by dropping its currency. A bare one
    has ``money`` False: callers may accept it as any number a tool returned (a street number),
    not only as an amount, unless a money word stands right before it ("the refund is 75":
    ``money`` True)."""
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
        elif (
            _DROPPED_ZERO.fullmatch(quantity.text) and _COUNTED.match(folded, quantity.end) is None
        ):
            found.append(replace(quantity, money=True))
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
