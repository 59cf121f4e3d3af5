"""What a report says each write moved, for :mod:`checkers.charges_said`'s ``amount_not_moved``:
an amount said for what one write paid for as a whole ("$238 for the upgrade", "- Bag: $30", "$218
for the upgrade and the bag") and an amount named the total of the writes ("your total for this
change was $139").

Only a domain knows the words naming a write (:class:`checkers.charges_said.Terms`); an amount
said for them is held to that write's own payments, so that two writes' parts that add up to
their sum but swap money between them ("$238 for the upgrade and $30 for the bag" of $218 and
$50) are no breakdown. How one write's payment splits into fare and fees the writes do not say:
parts named by no write's words stay unchecked.

Pure functions over a folded (lower-cased) text and positions in it; the reading of money moved
stays :mod:`checkers.charges_said`'s, which passes what these need.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from decimal import Decimal
from itertools import product

from checkers import told

Span = tuple[int, int]

_FOR_AFTER = re.compile(r"[\s*_]*(?:(?:in\s+total|in\s+all|total)\s+)?for\s+")
"""The words right after an amount that say what it paid for ("$238 for the upgrade", "$268 in
total for the upgrade and the bag")."""
_FOR_ENDS = re.compile(r"[.!?;,:()\n$\u2014\u2013]|\d")
"""Where the words of what an amount paid for end: a stop, a bracket, another amount."""
_ENTRY_LABEL = re.compile(
    r"[ \t]*(?:[-*\u2022]|\d+[.)])\s+[*_]*(?P<label>[^:\n$\d]{1,40}?)[*_]*:[\s*_]*$"
)
"""An entry of a list labelled by what its amount paid for, up to the amount ("- Upgrade: ",
"* **Bag**: ")."""


def _what_for(folded: str, amount: Span) -> Span | None:
    """``(start, end)`` of the words saying what the amount at ``amount`` paid for: after "for"
    right after it, up to a stop, a bracket or another amount, or the label of the list entry it
    is the amount of; None when neither says."""
    found = _FOR_AFTER.match(folded, amount[1])
    if found:
        end = _FOR_ENDS.search(folded, found.end())
        return found.end(), end.start() if end else len(folded)
    line = folded.rfind("\n", 0, amount[0]) + 1
    entry = _ENTRY_LABEL.fullmatch(folded, line, amount[0])
    return entry.span("label") if entry else None


def _writes_named(folded: str, words: Span, names: Sequence[str]) -> frozenset[int]:
    """The writes (indexes into ``names``, each the regular-expression source of the words naming
    one write as a whole) ``folded[words[0]:words[1]]`` names; none when one of its words names
    two writes (it tells them apart no more than no word does)."""
    spans: list[tuple[int, int, int]] = []
    for index, name in enumerate(names):
        if name:
            spans += [
                (m.start(), m.end(), index)
                for m in re.finditer(rf"\b(?:{name})\b", folded[words[0] : words[1]])
            ]
    for (s1, e1, i1), (s2, e2, i2) in product(spans, spans):
        if i1 != i2 and s1 < e2 and s2 < e1:
            return frozenset()
    return frozenset(index for _, _, index in spans)


def _made_by(writes: AbstractSet[int], payments: Sequence[Sequence[Decimal]]) -> set[Decimal]:
    """What ``writes`` paid together: some of each one's payments (as positive amounts), added."""
    each = [told.subset_sums(sorted(abs(p) for p in payments[w])) - {Decimal(0)} for w in writes]
    return {sum(chosen, Decimal(0)) for chosen in product(*each)}


def parts_misstated(
    folded: str,
    amounts: Sequence[tuple[Span, Decimal]],
    names: Sequence[str],
    payments: Sequence[Sequence[Decimal]],
) -> list[int]:
    """The amounts (indexes into ``amounts``: each its span and value, every amount of the report
    said moved or as a part, none another figure nor a price per unit) said for what writes paid
    for as a whole (:func:`_what_for`, :func:`_writes_named`: ``names[i]`` the words naming write
    ``i``, ``payments[i]`` what it moved) that those writes did not move: "$238 for the upgrade
    and $30 for the bag" of $218 and $50; "$218 for the upgrade and the bag" (one write's amount
    said as both's); "that's $139 for the upgrade and $79 in fees" of an upgrade of $218. The
    amounts said for the same writes may break what they moved down ("$105 for the upgrade of
    HAT188 and $113 for the upgrade of HAT207") or restate it: they are misstated only when
    their sum is none of it either."""
    groups: dict[frozenset[int], list[int]] = {}
    for index, (span, _) in enumerate(amounts):
        words = _what_for(folded, span)
        writes = _writes_named(folded, words, names) if words else frozenset()
        if writes:
            groups.setdefault(writes, []).append(index)
    found: list[int] = []
    for writes, indexes in groups.items():
        made = _made_by(writes, payments)
        values = [amounts[i][1] for i in indexes]
        if sum(values, Decimal(0)) in made or all(v in made for v in values):
            continue
        found += [i for i in indexes if amounts[i][1] not in made]
    return sorted(found)


_TOTAL_OF_WRITES = re.compile(
    r"\b(?:(?:your|the)\s+total\s+(?:for|of)\s+(?:this|these|the|today's|your)\s+(?:[\w-]+\s+)?"
    r"(?:changes?|modifications?|updates?|upgrades?|transactions?)"
    r"|today's\s+total|(?:your|the)\s+total\s+today)"
    r"\s+(?:is|was|comes\s+to|came\s+to|will\s+be|amounts\s+to|amounted\s+to)[\s*_:]*$"
)
"""Words right before an amount that name it the total of the writes just made ("your total for
this change was $139", "today's total is $268"); not a total of something else ("your new order
total is $3,091.50", "your total trip cost is now $387")."""


def total_of_writes(folded: str, start: int) -> bool:
    """Whether the words right before the amount at ``start`` name it the total of the writes
    the report follows (:data:`_TOTAL_OF_WRITES`): what they moved, whatever verb it lacks."""
    return _TOTAL_OF_WRITES.search(folded, max(0, start - 80), start) is not None
