"""Bag counts a listing states, read by what each is said to be: the reservation's total after a
bag write ("brings it to 3 bags in total", "takes you up to 3 bags", "so that THY2DG has 3
checked bags"), its count now ("THY2DG currently has 1 checked bag"), the number added ("adding
2 more"), or the bags a booking has ("with 2 checked bags included", "a couple of checked bags",
"2 checked bags each"). Each must be the write's: a listing that says another misstates it.

All text is folded and lowered (:func:`checkers.text.fold_lower`). A count in a clause that
states an allowance, a rule or a possibility ("your fare includes 1 checked bag", "each
passenger could bring 1") is none of these.
"""

from __future__ import annotations

import re
from decimal import Decimal

from checkers import tables
from checkers.charges_said import NUMBER_WORDS
from checkers.dates import MAY_MODAL
from checkers.text import blanked

BAG_NOUNS = r"bags?|baggages?|luggage|suitcases?|pieces?|checked items?"
"""What a bag count is said of: "3 bags", "two pieces of luggage"."""
_NUMBER = rf"(?<![$\d.,])\b(?P<n>\d+|{'|'.join(NUMBER_WORDS)})\b"
_BAGS = (
    rf"\s+(?:(?!carry|personal|hand|more|extra|additional|new)[\w-]+\s+){{0,2}}?(?:{BAG_NOUNS})\b"
)
"""The bags right after a count, not said as more ("2 checked bags"; not "2 extra bags", nor a
carry-on or personal item)."""
_SUBJECT = r"(?:it|you|you'll|you will|(?:the|your) reservation|(?:the|your) booking|[a-z0-9]{6})"
"""Who a total is said of: the reservation ("it", "THY2DG", "you"); not a passenger ("Olivia
will have 2 bags")."""
_RESULT = tuple(
    re.compile(alternative)
    for alternative in (
        rf"\bbring\w*\s+(?:(?:it|the|your|this|its|reservation|booking|total|count|bags?|checked"
        rf"|(?=\w*\d)\w{{6}})\s+){{0,3}}to\s+(?:a\s+total\s+of\s+)?{_NUMBER}{_BAGS}",
        rf"\btak\w*\s+(?:(?:you|it|the|your|this|reservation|booking|(?=\w*\d)\w{{6}})\s+){{0,2}}"
        rf"(?:up\s+)?to\s+(?:a\s+total\s+of\s+)?{_NUMBER}{_BAGS}",
        rf"\b(?:so\s+(?:that\s+)?)?{_SUBJECT}\s+(?:will\s+(?:then\s+|now\s+)?|'ll\s+)(?:have|hold|carry)"
        rf"\s+{_NUMBER}{_BAGS}",
        rf"\bso\s+(?:that\s+)?{_SUBJECT}\s+(?:has|holds|carries)\s+{_NUMBER}{_BAGS}",
    )
)
"""A count said as the reservation's total once the write is done: "brings it to 4 bags",
"takes you up to 4 bags", "THY2DG will then hold 3 checked bags", "so that THY2DG has 2 checked
bags"."""
_NOW_WORD = r"(?:current(?:ly)?|existing)[\s*_]*(?::|\|)[\s*_|:]*"
_NOW_LABEL = (
    rf"(?:(?:current(?:ly)?|existing|present)\s+(?:(?:number\s+of|checked|total)\s+){{0,2}}"
    rf"(?:{BAG_NOUNS})(?:\s+(?:count|total|on\s+file))?"
    rf"|(?:checked\s+)?(?:{BAG_NOUNS})\s+(?:currently|on\s+file))"
)
"""A label of the reservation's bag count before the write: "current checked bags", "existing
bags", "checked bags currently", "bags on file"."""
_LABEL_END = r"[\s*_]*(?::|\||\bis\b|\bare\b)[\s*_|:]*"
"""What ends a label before its value: a colon, a table's bar, "is"; markdown's bold around."""
_NOW = (
    re.compile(
        rf"\b{_SUBJECT}\s+(?:currently|already|now)\s+(?:has|have|holds?)\s+{_NUMBER}{_BAGS}"
    ),
    re.compile(
        rf"(?<!so that )(?<!so )\b{_SUBJECT}\s+(?:has|have|holds?)\s+{_NUMBER}{_BAGS}"
        rf"\s+(?:now|currently|already|at\s+the\s+moment|at\s+present)\b"
    ),
    re.compile(rf"\b{_NOW_LABEL}{_LABEL_END}{_NUMBER}"),
    re.compile(rf"\b{_NOW_WORD}{_NUMBER}{_BAGS}"),
)
"""A count said as the reservation's count before the write: "THY2DG currently has 2 checked
bags", "it has 1 bag now", or under a label of the count now ("Current checked bags: 2", "|
Existing bags | 2 |", "Bags on file: 2", "Currently: 2 checked bags"); not "so that
THY2DG has 2 checked bags now" (the total after)."""
_ADDED_MORE = re.compile(
    rf"\badd\w*\s+{_NUMBER}\s+more\b(?!\s+(?:[\w-]+\s+){{0,2}}?(?:{BAG_NOUNS})\b)"
)
"""A count said added by "more" with the bags left unsaid: "I'm adding 1 more: $50"."""
_HEDGES = re.compile(
    r"\b(?:free|allowance|allow\w*|includes?|including|covers?|covered|complimentary\s+allowance"
    rf"|entitle\w*|eligible|max\w*|would|could|can|{MAY_MODAL}|might|if|later|must|get|gets|receive\w*"
    r"|weigh\w*|limit\w*|up\s+to)\b"
)
"""Words of a clause whose count is an allowance, a rule or a possibility ("includes 1 checked
bag", "you can add 1 later", "Gold members would get 3 bags"): no count of the write's. "takes
you up to 4 bags" is a total, not a limit (:data:`_TAKES_UP_TO`)."""
_TAKES_UP_TO = re.compile(r"\b(tak\w*\s+(?:you\s+|it\s+)?)up\s+to\b")
_CLAUSES = re.compile(r"[.;,?!()\n]")
_SENTENCES = re.compile(r"[.;?!()\n]")


def _number(word: str) -> Decimal:
    return Decimal(NUMBER_WORDS.get(word) or word)


def _read(patterns: tuple[re.Pattern[str], ...], text: str, hedged: bool = True) -> set[Decimal]:
    """The counts ``patterns`` find in the clauses of ``text`` (cut at sentence ends and
    brackets), those of clauses with a hedge (:data:`_HEDGES`) aside unless ``hedged`` is
    False."""
    return {
        _number(m["n"])
        for clause in _SENTENCES.split(_TAKES_UP_TO.sub(r"\1to", text))
        if not (hedged and _HEDGES.search(clause))
        for pattern in patterns
        for m in pattern.finditer(clause)
    }


def _count_as(name: str) -> str:
    """A count, as :data:`_NUMBER` reads it, in the group ``name``."""
    return _NUMBER.replace("?P<n>", f"?P<{name}>")


_CHANGE = (
    rf"(?P<from>\bfrom\s+)?{_count_as('was')}(?:{_BAGS})?"
    rf"(?(from)(?:\s+to\b|[\s*_]*-*>)|[\s*_]*-*>)[\s*_]*{_count_as('after')}"
)
"""A count changed from one number to another: "from 1 to 3", "1 → 3" (folded to "1 > 3"),
"from 1 bag to 3"."""
_CHANGED = (
    re.compile(rf"\b(?:{BAG_NOUNS})\b[^.;!?\n>]{{0,40}}?{_CHANGE}"),
    re.compile(
        _CHANGE.replace("(?:" + _BAGS + ")?", f"(?P<named>{_BAGS})?") + f"(?(named)|{_BAGS})"
    ),
)
"""A bag count changed from what the reservation has to its total once the write is done, the
bags named before the change in its sentence or in it: "Checked bags: 1 → 3", "update the
checked bags on THY2DG from 1 to 3", "| Checked bags | 1 → 3 |", "from 1 to 3 checked bags",
"2 bags → 3"."""


def _changed(text: str, group: str) -> set[Decimal]:
    """The counts in ``group`` ("was" or "after") of the bag counts ``text`` says change
    (:data:`_CHANGED`), in clauses with no hedge (:data:`_HEDGES`) as :func:`_read` reads
    them."""
    return {
        _number(m[group])
        for clause in _SENTENCES.split(_TAKES_UP_TO.sub(r"\1to", text))
        if not _HEDGES.search(clause)
        for pattern in _CHANGED
        for m in pattern.finditer(clause)
    }


def changes_blanked(text: str) -> str:
    """``text`` with its bag counts said to change (:data:`_CHANGED`: "checked bags 1 → 3")
    blanked out, every position kept: neither count of a change is a number of bags added."""
    spans = [
        (m.start("from") if m["from"] else m.start("was"), m.end("after"))
        for pattern in _CHANGED
        for m in pattern.finditer(text)
    ]
    return blanked(text, spans)


def totals_after(text: str) -> set[Decimal]:
    """The bag counts ``text`` says the reservation will have once the write is done
    (:data:`_RESULT`, the second count of a change "from 1 to 3": :data:`_CHANGED`, or a
    table's row of the total: :func:`table_counts`)."""
    return _read(_RESULT, text) | _changed(text, "after") | table_counts(text)["total"]


def counts_now(text: str) -> set[Decimal]:
    """The bag counts ``text`` says the reservation has before the write (:data:`_NOW`, the
    first count of a change "from 1 to 3": :data:`_CHANGED`, or a table's row of the count now:
    :func:`table_counts`)."""
    return _read(_NOW, text) | _changed(text, "was") | table_counts(text)["now"]


def added_more(text: str) -> set[Decimal]:
    """The counts ``text`` says are added as "N more" with no bag noun after (:data:`_ADDED_MORE`):
    in a bag write's listing they are bags."""
    return _read((_ADDED_MORE,), text, hedged=False)


_BOOKED = re.compile(
    rf"{_NUMBER}{_BAGS}(?P<each>\s+(?:each|apiece|per\s+(?:passenger|person|traveler|traveller)))?"
)
_VAGUE = re.compile(
    rf"\b(?:a\s+couple\s+of|several|a\s+few|multiple)\s+(?:[\w-]+\s+){{0,2}}?(?:{BAG_NOUNS})\b"
)
"""Bags said without a number, more than one of them: "a couple of checked bags", "several
bags"."""


def booked_counts(text: str, people: int) -> tuple[list[Decimal], bool]:
    """The bag counts ``text`` says a booking for ``people`` passengers has, in order (a count
    "each" or "per passenger" times ``people``: "2 checked bags each"), in clauses with no hedge
    (:data:`_HEDGES`): "with 2 checked bags included", "3 checked bags complimentary" are the
    booking's, "your fare includes 1 checked bag" is not; and whether it says bags without a
    number, more than one of them (:data:`_VAGUE`)."""
    found, vague = [], False
    for clause in _CLAUSES.split(_TAKES_UP_TO.sub(r"\1to", text)):
        if _HEDGES.search(clause):
            continue
        for match in _BOOKED.finditer(clause):
            found.append(_number(match["n"]) * (people if match["each"] else 1))
        vague = vague or _VAGUE.search(clause) is not None
    return found, vague


_BAG_COLUMN = re.compile(rf"^(?:(?:checked|number\s+of|total)\s+)*(?:{BAG_NOUNS})(?:\s+count)?$")
"""A header cell over bag counts: "Bags", "Checked bags", "Number of bags"."""
_ROW_KINDS = {
    "now": re.compile(r"^(?:already|current(?:ly)?|existing|before|on\s+file|at\s+present)\b"),
    "added": re.compile(r"^(?:add(?:s|ed|ing)?|new\s+bags?|extra|additional)\b"),
    "total": re.compile(r"^(?:after|total|new\s+total|once|final|updated)\b"),
}
"""What a row's label says its bag count is: the count now ("Already on THY2DG", "Current"),
the number added ("Adding"), or the total once the write is done ("After update", "Total")."""
_COUNT_CELL = re.compile(rf"^(?P<n>\d+|{'|'.join(NUMBER_WORDS)})(?:\s+(?:{BAG_NOUNS}))?$")


def _cells(row: str) -> list[str]:
    """The cells of a markdown table's ``row``, stripped of spaces and markdown's emphasis."""
    return [cell.strip("*_").strip() for cell in tables.cells(row)]


def table_counts(text: str) -> dict[str, set[Decimal]]:
    """The bag counts the markdown tables of ``text`` give, by what each row's label says they
    are (:data:`_ROW_KINDS`: ``"now"``, ``"added"``, ``"total"``), read in the column whose
    header names bags (:data:`_BAG_COLUMN`): "| Adding | 2 | $100 |" under "| | Bags | Cost |"
    adds 2. A row whose label says none of these, or whose cell holds no count alone, gives
    none."""
    found: dict[str, set[Decimal]] = {kind: set() for kind in _ROW_KINDS}
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if not tables.starts_table(lines, index):
            continue
        columns = [i for i, cell in enumerate(_cells(line)) if _BAG_COLUMN.match(cell)]
        if len(columns) != 1:
            continue
        for row in tables.rows_from(lines, index + 2):
            cells = _cells(row)
            label = next((cell for cell in cells if cell), "")
            count = _COUNT_CELL.match(cells[columns[0]]) if columns[0] < len(cells) else None
            for kind, words in _ROW_KINDS.items():
                if count is not None and words.match(label) and not _HEDGES.search(row):
                    found[kind].add(_number(count["n"]))
    return found
