"""Which things a line of a reply is said of because it stands under their heading.

Agents lay out several things as a heading naming each and its fields below it::

    **Order #W7017301**
    - Status: Pending
    - Total: $3,048.69

    1. **Order #W3288665** (processed)
       - Tracking: 101031430076

A field line names no thing of its own, yet a customer reads it as said of the thing its
heading names, as surely as "#W7017301 is pending". :func:`headed_things` gives, for each
sentence of a reply, the things it stands under (one, or several under "### Orders #W1 and
#W2"), so that a domain binds the sentence's statuses and figures to them; a table's rows
under a heading naming a thing stand under it. A domain gives the reader of its things' names
(order ids, flight numbers).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from checkers.tables import ROW, RULE

__all__ = ["headed_labels", "headed_things"]

_ENTRY = re.compile(r"[ \t]*(?:[-*+\u2022\u25cf\u25aa\u2013\u2014]|\d{1,2}[.)])[ \t]+")
"""A list entry's marker, with the indentation before it."""
_MARKDOWN_HEADING = re.compile(r"[ \t]*#{1,6}[ \t]+")
_BOLD_LINE = re.compile(r"(?:\*\*|__)[^*_\n]+?(?:\*\*|__)\s*(?:\([^()\n]*\))?\s*:?\s*$")
"""A line written wholly in bold, a remark in brackets allowed after it ("**Order #W7017301**",
"**#W7017301:**", "**Order #W7017301** (placed May 5)")."""
_FIELD = re.compile(r"[*_]{0,2}[A-Za-z][\w ()/'&-]{0,30}?[*_]{0,2}\s*:[*_]{0,2}(?:\s|$)")
"""A field line not in a list: a short label, then a colon ("Status: Pending", "**Total:**
$53.72")."""
_ELSEWHERE = re.compile(
    r"\b(?:others?|besides|aside|apart|except|excluding|beyond|remaining|rest|unlike"
    r"|instead|also|too)\b",
    re.IGNORECASE,
)
"""Words of a heading whose lines may be of other things than the one it names ("Besides
#W7017301, your other orders:")."""
_SENTENCE_END = re.compile(r"[.!?](?:\s|\*|$)")
_MOST_LINES = 40
"""The most lines a heading heads: a section is short, and the bound keeps reading a reply of
many headings linear in its length."""


def _is_heading(line: str) -> bool:
    """Whether ``line`` (not a list entry) has a heading's shape: a markdown heading, a line
    wholly in bold, or one sentence ending in a colon ("Here is order #W7017301:")."""
    text = line.strip()
    if _MARKDOWN_HEADING.match(line) or _BOLD_LINE.fullmatch(text):
        return True
    bare = text.rstrip("*_ \t")
    return bare.endswith(":") and _SENTENCE_END.search(bare[:-1]) is None


@dataclass(frozen=True)
class _Line:
    """One line of a reply, read once: what it names, its indentation, and its text after a
    list entry's marker (``entry``: whether it has one)."""

    text: str
    named: tuple[str, ...]
    indent: int
    entry: bool
    content: str

    @classmethod
    def of(cls, text: str, names: Callable[[str], Sequence[str]]) -> _Line:
        marker = _ENTRY.match(text)
        content = text[marker.end() :] if marker else text
        indent = len(text) - len(text.lstrip(" \t"))
        return cls(text, tuple(dict.fromkeys(names(text))), indent, marker is not None, content)


def _scopes(
    text: str, names: Callable[[str], Sequence[str]]
) -> list[tuple[int, int, str, tuple[str, ...]]]:
    """``(start, end, heading, things)``: the stretches of ``text`` under a heading, with the
    heading's line and the things it names (one, several or none). A list entry heads the lines
    indented deeper below it; a heading line (:func:`_is_heading`) heads the field lines below
    it (list entries, "Label: value" lines, blank lines) up to any other line (:func:`_ends`),
    at most :data:`_MOST_LINES`. Under a heading naming things, a line naming a thing itself
    ends the stretch (it is said of what it names); under one naming none ("Pending:"), those
    lines are its entries, and another heading ends it."""
    found: list[tuple[int, int, str, tuple[str, ...]]] = []
    lines = [_Line.of(line, names) for line in text.split("\n")]
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line.text) + 1)
    for index, line in enumerate(lines):
        if line.text.lstrip().startswith("|"):
            continue
        if _ELSEWHERE.search(line.text) or not (line.entry or _is_heading(line.text)):
            continue
        end, last = index + 1, min(len(lines), index + 1 + _MOST_LINES)
        while end < last and not _ends(line, lines[end]):
            end += 1
        if end > index + 1:
            found.append((offsets[index + 1], offsets[end], line.text, line.named))
    return found


def _ends(heading: _Line, below: _Line) -> bool:
    """Whether line ``below`` ends the stretch under ``heading``: a line naming a thing under a
    heading naming one; under a list entry, a line indented no deeper, but for a field
    ("Status: Pending", listed or not) beside an entry shaped as a heading ("- **Order #W1**"
    over "- Status: Pending"); under a heading line, another heading (under one naming nothing)
    or a line that is neither a list entry nor a field (a table's row is one under a heading
    naming a thing). A blank line ends nothing."""
    if not below.text.strip():
        return False
    if heading.named and below.named:
        return True
    if heading.entry:
        if below.indent > heading.indent:
            return False
        return not (
            _is_heading(heading.content) and _FIELD.match(below.content.strip()) is not None
        )
    if not heading.named and _is_heading(below.text):
        return True
    if heading.named and (ROW.fullmatch(below.text) or RULE.fullmatch(below.text)):
        return False  # a table under a thing's heading: its rows naming none are of that thing
    return not (below.entry or _FIELD.match(below.text.strip()))


def _placed(text: str, sentences: Sequence[str]) -> list[int]:
    """Where each of ``sentences`` (in order, each as written in ``text``) starts; -1 for one
    not found."""
    found, position = [], 0
    for sentence in sentences:
        at = text.find(sentence, position)
        found.append(at)
        position = at + len(sentence) if at >= 0 else position
    return found


def headed_labels(
    text: str, sentences: Sequence[str], names: Callable[[str], Sequence[str]]
) -> list[str]:
    """For each of ``sentences`` (the sentences of ``text``, in order): the line of the heading
    naming no thing it stands under ("Pending:" over "- #W1"), or ``""``. ``names`` reads the
    things a line names. A domain reads what the label says of the entries below it."""
    scopes = [(start, end, line) for start, end, line, named in _scopes(text, names) if not named]
    return [
        next((line for start, end, line in scopes if start <= at < end), "") if at >= 0 else ""
        for at in _placed(text, sentences)
    ]


def headed_things(
    text: str, sentences: Sequence[str], names: Callable[[str], Sequence[str]]
) -> list[tuple[str, ...]]:
    """For each of ``sentences`` (the sentences of ``text``, in order, each as written in it):
    the things it stands under a heading of, or ``()``: one ("**Order #W1**"), or several
    ("### Orders #W1 and #W2": a line under it is bound to no one of them, and a domain must
    hold it true of each it may be of). ``names`` reads the things a line names; a sentence
    naming one of its own is said of that, and gets ``()``."""
    scopes = [(start, end, named) for start, end, _, named in _scopes(text, names) if named]
    found: list[tuple[str, ...]] = []
    for sentence, at in zip(sentences, _placed(text, sentences), strict=True):
        under = next((named for start, end, named in scopes if start <= at < end), ())
        found.append(under if at >= 0 and not names(sentence) else ())
    return found
