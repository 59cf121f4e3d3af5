"""Which words of a listing name what a write replaces, not what it puts in place.

A write puts a value in place (a new address, a new item, a payment method) of another, and a
listing often names both: "from X to Y", "X → Y", "X will be replaced by Y", a table of the
current and the new address, "Was: X / Will be: Y". The customer's yes confirms the value named
as the new one, so what the write puts in place must be named outside every passage naming the
old one (orders' listing reader, :func:`domains.orders.listing.listing_problem`, and airline's
flights said, :mod:`domains.airline.flights_said`). These pure functions take the folded
text (:func:`checkers.text.fold_lower`, "→" read as ">") and return it less those passages:

- :func:`without_old_lines`, per line: a table's column or row headed by an old label
  ("| | Current | New |", "| Before | ... |") and a line led by one ("Was: ...");
- :func:`in_place`, per clause: "from X to", "change X to", "X will be replaced by", "X →",
  "off X onto", "send back X and receive";
- :func:`not_as_it_is`, per clause: a statement of the address as it is ("Your current address
  is X", "Your address is X and ...").
"""

from __future__ import annotations

import re

from checkers.text import blanked

OLD_LABEL = re.compile(
    r"(?:before|was|current(?:ly)?|old|previous|existing|present|from)(?:\s+[^\W\d_]+)?"
)
"""A label of the old value: a table's column or row heading, or a line's lead ("Current",
"Before", "Was", "Old address")."""
_OLD_CELL = re.compile(rf"[\s*_]*{OLD_LABEL.pattern}[\s*_:]*")
_OLD_LEAD = re.compile(
    rf"\s*(?:[-*+\u2022]\s*|\d+[.)]\s*)?[*_]*{OLD_LABEL.pattern}(?:\s+[^\W\d_]+)?[*_]*\s*:"
)
_ANY_LABEL = re.compile(r"\s*(?:[-*+\u2022]\s*|\d+[.)]\s*)?[*_]*[^\W\d][^:\n]{0,30}?[*_]*:[\s*_]*")
"""A label alone on its line ("**New address:**"): it ends the block an old label heads."""


def _cells(line: str) -> list[str] | None:
    """The cells of a table row ("| Street | 1 Main St |"), or None for any other line."""
    row = line.strip()
    if not row.startswith("|"):
        return None
    return row.strip("|").split("|")


def without_old_lines(text: str) -> str:
    """``text`` (folded) with what its tables and labelled lines give as the old value blanked:
    the cells of a column headed by an old label (:data:`OLD_LABEL`: "| Field | Current | New
    |"), a row headed by one ("| Before | 100 Main St |"), a line led by one ("Was: 100 Main
    St", "- Current address: ..."), and the lines under one alone on its line ("**Current
    address:**" over the address's lines), up to a blank line or another label. Lines are kept
    (blanked), so lists and paragraphs stay as they were; a table's header is its first row."""
    lines, old_columns = text.split("\n"), set[int]()
    header, old_block = True, False
    for n, line in enumerate(lines):
        cells = _cells(line)
        if cells is None:
            header, old_columns = True, set()
            lead = _OLD_LEAD.match(line)
            if lead:
                # a label alone on its line heads the lines under it ("**Current address:**")
                old_block, lines[n] = not line[lead.end() :].strip(" \t*_"), ""
            elif not line.strip() or _ANY_LABEL.fullmatch(line):
                old_block = False
            elif old_block:
                lines[n] = ""
            continue
        old_block = False
        filled = [c for c in cells if c.strip()]
        if header:
            old_columns = {i for i, c in enumerate(cells) if _OLD_CELL.fullmatch(c)}
        elif filled and _OLD_CELL.fullmatch(filled[0]):
            lines[n] = ""
        else:
            lines[n] = "|".join("" if i in old_columns else c for i, c in enumerate(cells))
        header = False
    return "\n".join(lines)


_REPLACED = re.compile(
    r"\b(?:from|chang|exchang|swap|replac|switch|modif|updat)\w*\b"
    r"(?P<old>(?:(?!\b(?:so|is|are|will|be|making|as|such)\b)[^\n]){0,80}?)"
    r"\b(?:to|for|with|into|by)\b"
    r"|\boff\b(?P<off>[^\n]{0,80}?)\bonto\b"
    r"|\b(?:send|ship|mail|give|bring)\w*\s+back\b(?P<back>[^\n]{0,80}?)\b(?:receive|get)\b"
)
"""What is replaced, between the words naming it so: "from X to", "change X to", "replaced by",
"off X onto", "send back X and receive"."""
_SWAPPED_IN = re.compile(r"^\s*in\b|\bin\s*$")
""""swap in X for Y", "swap X in for Y": X is what is put in place."""
_SOURCE = re.compile(r"\b(?:deduct|charg|paid|pay|taken|withdr[ae]w|debit|refund|bill)\w*\s+$")
_REPLACED_SUBJECT = re.compile(
    r"\b(?:will|would|shall|is|are|gets?|to)\s+(?:be\s+|being\s+)?(?:\w+\s+)?"
    r"(?:chang|updat|replac|switch|swapp|exchang|modifi)ed\s+(?:to|by|with|for|into)\b"
)
"""What follows the old value in a passive change ("X will be replaced by", "X is updated
to")."""
_ARROW = re.compile(r"(?<=\S)\s+(?:-+|=+)?>\s")
"""What follows the old value before the new one: an arrow ("X → Y", "X -> Y")."""
_SUBJECT_START = re.compile(r"\b(?:and|so|then|while|whereas|which|that|but)\b")


def _subject_start(clause: str, end: int) -> int:
    """Where the subject ending at ``end`` starts: the clause's start or its last "and", "so",
    "then", "while", "which" or "that" before (the total in "change the Backpack to the leather
    one and the total will be updated to $5" is what is updated, not the Backpack)."""
    starts = [m.end() for m in _SUBJECT_START.finditer(clause, 0, end)]
    return starts[-1] if starts else 0


def _arrow_subject_start(clause: str, arrow: int, previous: int | None) -> int:
    """Where the value an arrow at ``arrow`` replaces starts: the clause's start or its last
    "and", "so" ... (:func:`_subject_start`), or the table cell the arrow is in ("| Backpack |
    $193.38 → $212.04 |"; the cell before when the arrow opens its own: "| polyester | →
    leather |"); after an earlier arrow of the clause (``previous``, where it ends),
    its last comma after that one ("thickness 6mm → 5mm, material natural rubber → TPE": the
    second arrow replaces the material alone, not the new thickness)."""
    cell = clause.rfind("|", 0, arrow) + 1
    if cell and not clause[cell:arrow].strip(" *_"):  # "| polyester | → leather |"
        cell = clause.rfind("|", 0, cell - 1) + 1
    start = max(_subject_start(clause, arrow), cell)
    if previous is not None and previous > start:
        start = max(previous, clause.rfind(",", previous, arrow) + 1)
    return start


def in_place(clause: str) -> str:
    """``clause`` (folded) less what it says is replaced: from "from" or a word of changing to
    the "to", "for", "with", "into" or "by" after it ("change the polyester backpack to the
    leather one", "from your card ending in 8484 to ..."); the subject of a passive change or
    the words before an arrow, back to the clause's start or its last "and", "so" ...
    (:func:`_subject_start`: "your current address, X, will be changed to", "X will be
    replaced by", "leather → polyester"; an arrow's subject also no further back than its
    table cell or the comma after an earlier arrow: :func:`_arrow_subject_start`); "off X
    onto"; "send back X and receive". What a write puts in place must be named outside them.
    No changing word's span is read past "so", "is", "will", "be", "making" or "as" ("change
    it so that X is the new address for ..."), nor "swap in X for Y" (X is put in place), nor
    after "from" that names where money comes from ("deducted from your PayPal")."""
    cut = [
        m.span()
        for m in _REPLACED.finditer(clause)
        if not (m.group(0).startswith("from") and _SOURCE.search(clause, 0, m.start()))
        and not (m["old"] is not None and _SWAPPED_IN.search(m["old"]))
    ]
    cut += [
        (_subject_start(clause, m.start()), m.end()) for m in _REPLACED_SUBJECT.finditer(clause)
    ]
    previous: int | None = None
    for arrow in _ARROW.finditer(clause):
        cut.append((_arrow_subject_start(clause, arrow.start(), previous), arrow.end()))
        previous = arrow.end()
    return blanked(clause, cut)


_AS_IT_IS = re.compile(
    r"\b(?:(?:current(?:ly)?|existing|old|present|previous)\s+(?:\w+\s+)?address(?:\s+on\s+file)?"
    r"|address\s+(?:currently\s+)?on\s+file)(?:\s+(?:is|was|reads)\b|\s*,)"
    r"|\bcurrently\s+ships?\s+to\b"
    r"|^\s*(?:your|the|its)\s+(?:(?:shipping|delivery|mailing|default|saved)\s+)?address"
    r"(?:\s+(?:of|for|on)\s+(?:order\s+#w\d+|your\s+(?:order|account)))?\s+(?:is|reads)\b"
)
"""A statement of the address as it is: "your current address is", "address on file is", the
current address set beside it ("instead of the current address, 121 Cedar Avenue, ..."),
"currently ships to", or a clause opening with "your address is" (a present "is", no "new")."""
_STATEMENT_END = re.compile(r"\b(?:and|but|while|whereas|will|is|to)\b")


def not_as_it_is(clause: str) -> str:
    """``clause`` (folded) less its statement of the address as it is (:data:`_AS_IT_IS`), up
    to the clause's end or its next "and", "but", "while", "will", "is" or "to" ("Your current
    address is 100 Main Street", "Your address is 100 Main Street and I will change ...", "your
    current address, 121 Cedar Avenue, will be changed to ..."), a comma left in its place:
    what it names is not put forward."""
    found = _AS_IT_IS.search(clause)
    if found is None:
        return clause
    stop = _STATEMENT_END.search(clause, found.end())
    # a comma where it was: what rules out the statement ends with it ("instead of the current
    # address, X, I'll ship it to Y" rules out no Y)
    return clause[: found.start()] + "," + (clause[stop.start() :] if stop else "")
