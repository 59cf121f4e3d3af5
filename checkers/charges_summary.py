"""How agents summarise a payment after a write, for :mod:`checkers.charges_said`'s
``amount_not_moved`` and ``method_not_moved``: the words of a payment that are no verb of
charging ("**Payment:** $139 from your Mastercard", "the payment of $600 was processed",
"your gift card covered $123"), a gift card or certificate named by its id's digits
("Certificate 7504069"), a method and an amount on separate lines of one summary block or in
consecutive sentences, and an earlier payment said beside the new charge ("on top of the $139
you paid before").

Pure functions over a folded (lower-cased) text and positions in it; the reading of methods and
of money moved stays :mod:`checkers.charges_said`'s, which passes what these need.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from decimal import Decimal

from checkers import tables

_METHOD_WORD = (
    r"(?:(?:gift|credit|debit)[\s-]?cards?|cards?|pay\s?pal|(?:travel\s+)?certificates?|visa"
    r"|master\s?card|amex|american\s+express)\b"
)
"""A word naming a payment method, the way it may follow "from your" ("from your gift card")."""

PAYMENT_WORDS = re.compile(
    r"\bpayments?\b(?!\s+(?:methods?|options?|source|info\w*|details?|plan)\b)"
    r"|\bpayment\s+methods?[\s*_]*:"
    r"|\b(?:paid|payable)\s+(?:with|by|via|using|from)\b"
    r"|\b(?:used|using|covered|went\s+(?:on|to))\b"
    rf"|\bfrom\s+(?:(?:your|the|my|their)\s+)?(?:[\w-]+\s+)?{_METHOD_WORD}"
)
"""Words that say an amount was paid though no verb of charging does: a payment ("the payment
of $600 was processed", "**Payment:** $139"), a label naming the methods that paid
("**Payment Method:** $299 from Certificate"), a method that covered it or that it was taken
from or went on ("$203 from your gift card", "your gift card covered $123", "$203 went on your
gift card"). Not "payment method" said of no amount ("your payment method on file"). They say
money taken only: never a refund, and never that money was taken when the writes gave it back
(a summary of a cancelled booking may restate how it was paid)."""

PAYMENT_HEADING = re.compile(r"\bpayments?(?:\s+(?:methods?|details|breakdown|summary))?\b")
"""A heading of a list whose entries are the parts of a payment ("**Payment:**", "**Payment
Methods:**" over "- Gift Card: $128")."""

_METHODS_FIGURE_AROUND = re.compile(
    rf"{_METHOD_WORD}[\s*_]*\([\s*_]*$"  # "Travel Certificate ($500)"
)
_METHODS_FIGURE_AFTER = re.compile(rf"[\s*_]*{_METHOD_WORD}")
"""An amount right before a method's name ("your $500 certificate")."""


def methods_own_figure(folded: str, start: int, end: int) -> bool:
    """Whether the amount at ``folded[start:end]`` is the figure of a method it names, its value
    or balance, not what it paid: in brackets right after the method ("Travel Certificate
    ($500)") or right before its name ("your $500 certificate"). Only words of a payment
    (:data:`PAYMENT_WORDS`) are read so; a verb of charging still holds it ("your gift card
    ($203) was charged")."""
    return bool(
        _METHODS_FIGURE_AROUND.search(folded, max(0, start - 40), start)
        or _METHODS_FIGURE_AFTER.match(folded, end)
    )


_PAID_BEFORE_AFTER = re.compile(
    r"[\s*_]*(?:that\s+|which\s+)?you(?:'d|'ve|\s+had|\s+have)?\s+"
    r"(?:already\s+|originally\s+|previously\s+|initially\s+)?paid\b"
)
_PAID_BEFORE_BEFORE = re.compile(r"\bthe[\s*_]*$")
_PAID_EARLIER = re.compile(
    r"\b(?:paid|charged|spent)\b(?:[^.!?;\n]{0,30}?)\b(?:before|previously|earlier)\b"
    r"|\bpreviously\b|\bfor\s+(?:the|your)\s+original\b"
)


def paid_before(folded: str, start: int, end: int, clause: tuple[int, int]) -> bool:
    """Whether the amount at ``folded[start:end]`` is said as paid before the writes, another
    figure than the new charge: "the $139 you paid", "the $139 you had paid for your ticket",
    "$139 charged before", "the $139 charged for the original fare" (in its ``clause``)."""
    you_paid = _PAID_BEFORE_AFTER.match(folded, end) and _PAID_BEFORE_BEFORE.search(
        folded, max(0, start - 6), start
    )
    return bool(you_paid or _PAID_EARLIER.search(folded, *clause))


_ENTRY_OR_KEY = re.compile(r"[ \t]*(?:(?:[-*\u2022]|\d+[.)])\s|[*_]*[\w ()/'-]{1,40}[*_]*:)")
"""A line of a summary block: a list entry ("- Refunded to: ...") or a key and its value
("Payment Method: Visa")."""


def _blocks(folded: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each summary block of ``folded``: a run of consecutive lines each an
    entry of a list or a key and its value (:data:`_ENTRY_OR_KEY`)."""
    blocks: list[tuple[int, int]] = []
    position, current = 0, None
    for line in folded.split("\n"):
        end = position + len(line)
        if _ENTRY_OR_KEY.match(line):
            current = (current[0] if current else position, end)
        else:
            if current:
                blocks.append(current)
            current = None
        position = end + 1
    if current:
        blocks.append(current)
    return blocks


def _lines_of(folded: str, start: int, end: int) -> list[tuple[int, int]]:
    """``(start, end)`` of each line of ``folded[start:end]``."""
    lines, position = [], start
    for line in folded[start:end].split("\n"):
        lines.append((position, position + len(line)))
        position += len(line) + 1
    return lines


Span = tuple[int, int]


def _within(span: Span, outer: Span) -> bool:
    return outer[0] <= span[0] and span[1] <= outer[1]


def apart_ties(
    folded: str,
    phrases: Sequence[Span],
    amounts: Sequence[Span],
    said_moved: Sequence[bool],
    moves: Callable[[int, int], bool],
    stops: Callable[[int, int], Span],
) -> dict[int, list[int]]:
    """The methods said apart from the amount they moved (index of each amount in ``amounts``
    with the indexes of the ``phrases`` naming its method): in a summary block (:func:`_blocks`)
    whose only line naming methods names no amount and whose only line with an amount said moved
    (``said_moved``) names no method ("- **Payment Method**: Visa ending in 7238" and "-
    **Total Amount Charged**: $348"), or a sentence naming methods and saying money moved
    (``moves``) but no amount, right before one whose only amount is said moved and names no
    method ("I've charged your gift card for the upgrade. The amount was $218."). ``stops``
    gives the sentence holding a span."""
    ties: dict[int, list[int]] = {}
    for block in _blocks(folded):
        method_lines, amount_lines = [], []
        for line in _lines_of(folded, *block):
            named = [i for i, p in enumerate(phrases) if _within(p, line)]
            held = [i for i, a in enumerate(amounts) if _within(a, line)]
            if named and not held:
                method_lines.append(named)
            elif held and not named:
                amount_lines.append([i for i in held if said_moved[i]])
        amount_lines = [line for line in amount_lines if line]
        if len(method_lines) == 1 and len(amount_lines) == 1 and len(amount_lines[0]) == 1:
            ties[amount_lines[0][0]] = method_lines[0]
    for index, amount in enumerate(amounts):
        if index in ties or not said_moved[index]:
            continue
        sentence = stops(*amount)
        if any(_within(p, sentence) for p in phrases):
            continue
        if sum(_within(a, sentence) for a in amounts) != 1 or sentence[0] < 2:
            continue
        before = stops(sentence[0] - 2, sentence[0] - 2)
        if "\n" in folded[before[1] : sentence[0]].strip(" "):
            continue  # a sentence of another line or paragraph
        named = [i for i, p in enumerate(phrases) if _within(p, before)]
        if named and not any(_within(a, before) for a in amounts) and moves(*before):
            ties[index] = named
    return ties


def split_part_explained(values: Sequence[Decimal], sums: AbstractSet[Decimal]) -> bool:
    """Whether the amounts said moved by one method (``values``) add up to what it moved (one of
    ``sums``): "your gift card paid $100 for the flight and $23 for insurance" of $123 by gift
    card breaks its part down, no misstatement."""
    return len(values) > 1 and sum(values, Decimal(0)) in sums


_RESPECTIVELY = re.compile(r"\brespectively\b")


def respectively_pairs(
    folded: str,
    phrases: Sequence[Span],
    amounts: Sequence[Span],
    stops: Callable[[int, int], Span],
) -> dict[int, int]:
    """Each amount (index into ``amounts``) with the method (index into ``phrases``) a sentence
    saying "respectively" pairs it with, in order ("your gift card and Mastercard were charged
    $123 and $203 respectively"): only when the sentence names as many methods as amounts.
    ``stops`` gives the sentence holding a span."""
    pairs: dict[int, int] = {}
    for word in _RESPECTIVELY.finditer(folded):
        sentence = stops(word.start(), word.end())
        named = [i for i, p in enumerate(phrases) if _within(p, sentence)]
        held = [i for i, a in enumerate(amounts) if _within(a, sentence)]
        if len(named) == len(held) > 1:
            pairs.update(zip(held, named, strict=True))
    return pairs


def _row_as_entry(
    cells: Sequence[str], moving: Sequence[bool], is_money: Callable[[str], bool]
) -> str | None:
    """A table's body row (``cells``) as the entry of a list under its header's words of money
    moved ("- Upgrade Mastercard: $139"): its one amount after its other words. Of several
    amounts, the one in the column whose header says it moved ("Charged"); None when no one
    amount is so told, or the row holds none."""
    money = [i for i, cell in enumerate(cells) if is_money(cell)]
    if len(money) > 1:
        money = [i for i in money if i < len(moving) and moving[i]]
    if len(money) != 1:
        return None
    words = " ".join(cell for i, cell in enumerate(cells) if cell and not is_money(cell))
    return f"- {words}: {cells[money[0]]}"


def tables_as_lists(
    report: str, says_moved: Callable[[str], bool], is_money: Callable[[str], bool]
) -> str:
    """``report`` with each markdown table whose header says money moved (a cell of which
    ``says_moved``: "| Item | Charged | Method |", "| Refunded to | Amount |") written as the
    list a summary gives ("Charged:" over "- Upgrade Mastercard: $139"), so that each row's
    amount, and the method named in its row, is held as a line of a summary is. A row with no
    amount, or with several none of which its header tells moved, stays as it was (unread); a
    table whose header says no money moved (prices, fares) stays as it was. ``is_money`` tells
    a cell holding an amount of money."""
    lines = report.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        header = tables.cells(line) if tables.starts_table(lines, index) else []
        moving = [says_moved(cell) for cell in header]
        if not any(moving):
            out.append(line)
            index += 1
            continue
        out.append(" ".join(c for c, m in zip(header, moving, strict=True) if m) + ":")
        body = tables.rows_from(lines, index + 2)
        for row in body:
            entry = _row_as_entry(tables.cells(row), moving, is_money)
            out.append(row if entry is None else entry)
        index += 2 + len(body)
    return "\n".join(out)
