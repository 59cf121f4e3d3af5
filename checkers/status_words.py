"""The words around a status claim that change what it says, for every domain whose agent states
the statuses of things it names (orders, flights): a negation before the status ("has not been
delivered", "is no longer delayed"), and a clause that leaves the status out, saying the same
as the claim before it ("... and #W2 too", "... as is HAT207", "... nor has #W2") or denying it
("... but HAT207 is not").

Written once here, so a form one domain's reader learns the other's reads too. Every pattern
works on :func:`checkers.text.fold_lower` text; the fragments are regular-expression source for
a domain to place around its own ids and nouns.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import lru_cache

__all__ = [
    "AUX",
    "DENIALS",
    "FILLERS",
    "LABEL",
    "MOST_FILLERS",
    "NOT_AFTER",
    "SAME_AFTER",
    "SAME_BEFORE",
    "SHARED_BEFORE",
    "clause_breaks",
    "clause_of",
    "clauses",
    "nearest",
    "negated",
]

AUX = r"(?:was|is|were|are|has|have|had|did|does|do)"
"""The auxiliary verbs that stand in for a status left out ("as *was* #W2", "#W2 *hasn't*")."""

SAME_AFTER = rf"(?:{AUX}\s+)?(?:too|as\s+well|also)"
"""Words after a group of ids that say its status is the one before ("... and HAT207 too")."""

SAME_BEFORE = (
    rf"(?:(?:so|as|nor|neither)\s+{AUX}|(?:likewise|similarly|ditto)(?:\s+(?:for|with))?"
    r"|(?:and\s+)?(?:the\s+)?same\s+(?:goes|is\s+true|holds|applies|can\s+be\s+said"
    r"|is\s+the\s+case)\s+(?:for|of|to|about|with)"
    r"|(?:this|that|it)(?:'s|\s+is)\s+(?:also\s+|likewise\s+)?(?:the\s+case|true)\s+(?:for|of|with)"
    r"|(?:this|that|it)\s+(?:also\s+)?(?:applies|holds)\s+(?:for|to)"
    r"|(?:this|that)\s+(?:also\s+)?goes\s+for"
    # "same for" said in a clause of its own ("Same for #W2.", "..., same with HAT207"), not
    # the object of a verb ("I can do the same for #W2", "Would you like the same for ...?")
    r"|(?<!\w)(?<!\w\s)(?<!\w\s\s)(?:(?:and|but)\s+)?(?:the\s+)?same"
    r"(?:\s+(?:thing|story|deal|situation|status|case))?\s+(?:for|with))\s+"
)
"""Words before a group of ids that say the same ("... and so is HAT207", "... and likewise
#W2", "The same goes for HAT207", "The same can be said of #W2", "This is also true for #W2",
"That also applies to HAT207", "Same for #W2", "Same deal with HAT207", "Ditto for #W2", "...
nor has #W2": after a negative claim, "nor" repeats it)."""

SHARED_BEFORE = (
    r"(?:\b(?:along|together)\s+with|\bas\s+well\s+as|\bin\s+addition\s+to|\balongside"
    r"|\b(?:just|exactly|much)\s+like|\b(?:the\s+)?same\s+as)\s+"
)
"""Words joining a group of ids to a thing before it that share its status ("#W1 was
delivered along with #W2", "HAT188 was cancelled, just like HAT207", "#W1, as well as #W2, is
pending"); not "like" alone, which may give an example ("Orders, like #W2, ...")."""

NOT_AFTER = rf"{AUX}(?:n't|\s+not)(?:\s+(?:yet|either))?"
"""Words after a group of ids that leave the status out and deny it ("... but #W2 was not");
after a negative claim they repeat it ("#W1 hasn't shipped and #W2 hasn't either")."""

DENIALS = (
    "not", "n't", "cannot", "never", "no longer", "yet to", "nor", "no", "without", "anything but",
    "far from", "in no way", "by no means", "nowhere near", "hardly", "scarcely", "nothing",
    "none", "nobody", "no one",
)  # fmt: skip
"""The words that deny a status said right after them (with at most :data:`MOST_FILLERS` of
:data:`FILLERS` between)."""
FILLERS = (
    "yet", "been", "be", "even", "actually", "currently", "still", "really", "got", "gotten",
    "being", "quite", "at all", "in any way", "in fact", "remotely", "a", "an", "has", "have",
    "had", "is", "are", "was", "were",
)  # fmt: skip
"""Words that may stand between a denial and the status it denies ("has not *actually been*
delivered", "this is not *a* round trip", "nothing *has been* cancelled yet")."""
MOST_FILLERS = 3


def _alternatives(words: Sequence[str]) -> str:
    """``words`` as one alternation, each starting a word (but "n't", which ends one)."""
    return "|".join(("" if w.startswith("n'") else r"\b") + re.escape(w) for w in words)


_NEGATED_BEFORE = re.compile(
    rf"(?:{_alternatives(DENIALS)})\s+(?:(?:{_alternatives(FILLERS)})\s+){{0,{MOST_FILLERS}}}$"
)
_NONE_OF_BEFORE = re.compile(
    r"\b(?:none|neither|not one|not a single one|no one|nothing) of\s+(?:[\w#-]+\s+){0,4}?"
    rf"(?:(?:{_alternatives(FILLERS)})\s+){{0,{MOST_FILLERS}}}$"
)
"""A quantifier of none and its noun before a status ("None of your orders has been
cancelled", "neither of the flights was delayed"): the subject denies it."""
_NEGATED_INSIDE = re.compile(r"\bnot\b|n't|\bnever\b")
_MOST_WORDS = max(len(w.split()) for w in DENIALS) + MOST_FILLERS * max(
    len(w.split()) for w in FILLERS
)
"""How many words before a status phrase its denial is looked for: the longest denial and three
of the longest fillers ("by no means in any way in any way in any way")."""
_DENIED_THAT = re.compile(
    r"\b(?:(?:not|n't)\s+(?:(?:at\s+all|really|actually)\s+)?(?:true|the\s+case|correct|accurate"
    r"|right|so)|false|untrue|incorrect|wrong|a\s+myth|not\s+a\s+fact)\s*,?\s+that\b"
)
"""Words that deny the clause after them ("It is not true that ...", "It's false that ...")."""
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*\s")


@lru_cache(maxsize=1)
def _sentence_starts(folded: str) -> tuple[int, ...]:
    """Where each sentence of ``folded`` starts, in order (the first at 0): found once for a
    text whose every status phrase asks (a scan from the text's start per phrase would take time
    growing with the square of the text)."""
    return (0, *(m.end() for m in _SENTENCE_END.finditer(folded)))


def negated(folded: str, start: int, phrase: str) -> bool:
    """Whether the status ``phrase`` found at ``start`` of ``folded`` is negated: one of
    :data:`DENIALS` just before it ("not", "n't", "never", "no longer", "anything but" ...),
    then at most three :data:`FILLERS` such as "been", "actually" or "at all", or a negation
    inside it ("did not arrive"), or its sentence so far denied as a whole ("It is not true
    that ..."), each undoing the other ("It is false that HAT188 is not delayed" says it is)."""
    starts = _sentence_starts(folded)
    sentence_start = starts[bisect_right(starts, start) - 1]
    # Counted in words, not characters, so that no run of spaces or line breaks between a
    # denial and its status puts the denial out of reach; within the sentence, so no word is
    # cut. (rsplit matches from the end and stops after the words it needs.)
    words = folded[sentence_start:start].rsplit(None, _MOST_WORDS)[-_MOST_WORDS:]
    before = " ".join(words) + " " if words else ""
    local = bool(
        _NEGATED_BEFORE.search(before)
        or _NONE_OF_BEFORE.search(before)
        or _NEGATED_INSIDE.search(phrase)
    )
    return local != _denied_that(folded, sentence_start, start)


@lru_cache(maxsize=1)
def _denials_that(folded: str) -> tuple[tuple[int, int], ...]:
    """Where :data:`_DENIED_THAT` matches in ``folded``, in order: found once for a text whose
    every status phrase asks (one search per phrase over its sentence so far grew with the
    square of a long sentence)."""
    return tuple((m.start(), m.end()) for m in _DENIED_THAT.finditer(folded))


def _denied_that(folded: str, sentence_start: int, start: int) -> bool:
    """Whether :data:`_DENIED_THAT` matches within ``folded[sentence_start:start]``."""
    spans = _denials_that(folded)
    # the first match from the sentence's start: a later one starts after it ends (no two
    # overlap, none crosses a sentence's end), so only it can end before ``start``
    index = bisect_left(spans, (sentence_start, -1))
    return index < len(spans) and spans[index][1] <= start


_CLAUSE_BREAK = re.compile(
    r";|:\s|,\s|\s[-\u2013\u2014]\s|\s(?:and|but|while|whereas|whilst|although|though|however)\s"
    # A comparison sets two things' figures side by side ("The grill is $193.38 vs $924.50 for
    # the backpack"): each side is a clause of its own.
    r"|\s(?:vs\.?|versus|compared\s+(?:to|with)|as\s+(?:against|opposed\s+to))\s"
    # The end of a sentence, and a slash or bar between entries ("#W1: pending / #W2:
    # delivered"), also unspaced before an id ("#W1: pending/#W2: delivered"). Between bare ids
    # either is a list mark: the ids are one group, and a group is about every clause it reaches
    # into ("#W1 / #W2 are pending").
    r"|[.!?][\"')\]]*\s|\s/\s|/(?=#?[a-z]{1,3}\d{3,}\b)|\s*\|\s*"
    # A bullet between entries ("\u2022 #W1: pending \u2022 #W2: delivered"; folded to "*")
    r"|(?:^|\s)\*\s"
)


def clause_of(folded: str, position: int) -> tuple[int, int]:
    """``(start, end)`` of the clause of ``folded`` holding ``position``: clauses end at
    semicolons, a colon or comma before a space, dashes between spaces, joining words ("and",
    "but", "while" ...), a comparison ("vs", "compared to"), sentence ends, and a slash, bar or
    bullet between entries."""
    starts, ends = _clause_breaks(folded)
    # the first break starting at or after position ends the clause; the last one ending at or
    # before it starts the clause (breaks never overlap, so both are in order)
    after, before = bisect_left(starts, position), bisect_right(ends, position)
    end = starts[after] if after < len(starts) else len(folded)
    return (ends[before - 1] if before else 0), end


@lru_cache(maxsize=16)
def _clause_breaks(folded: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where each clause break of ``folded`` starts and ends, found once per text: a reader
    asking for the clause of every match of a long text took time growing with its square."""
    found = list(_CLAUSE_BREAK.finditer(folded))
    return tuple(m.start() for m in found), tuple(m.end() for m in found)


def clause_breaks(folded: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where each clause break of ``folded`` starts, and where each ends, in order (found once
    per text): the clauses :func:`clause_of` bounds lie between them, the first opening at 0
    and the last ending at the text's end."""
    return _clause_breaks(folded)


def clause_after(folded: str, end: int) -> tuple[int, int]:
    """``(start, end)`` of the clause after the one ending at ``end`` (where a break starts, as
    :func:`clause_of` gives it); ``(end, end)`` when none follows."""
    found = _CLAUSE_BREAK.match(folded, end)
    if found is None:
        return end, end
    return found.end(), clause_of(folded, found.end())[1]


def clauses(folded: str) -> list[str]:
    """The clauses of ``folded``, in order, as :func:`clause_of` bounds them."""
    return _CLAUSE_BREAK.split(folded)


LABEL = re.compile(r"\s*[:=\u2192]")
"""What follows a status written as a label of the ids after it ("Delayed: HAT188, HAT207",
"processed: #W1")."""


def nearest(folded: str, start: int, end: int, spans: Sequence[tuple[int, int]]) -> int | None:
    """The index in ``spans`` (the ``(start, end)`` of each group of ids, in order, none
    overlapping the claim) of the group a status claim at ``start:end`` is about: the nearest
    before it in its clause (:func:`clause_of`; subjects come first in English), else the
    nearest after it there, else the same in the whole sentence; after before, for a status
    written as a label (:data:`LABEL`). None when there are no spans."""
    clause_start, clause_end = clause_of(folded, start)
    in_clause = [i for i, (s, e) in enumerate(spans) if s < clause_end and clause_start < e]
    label = LABEL.match(folded, end) is not None
    for pool in (in_clause, range(len(spans))):
        before = next((i for i in reversed(pool) if spans[i][1] <= start), None)
        after = next((i for i in pool if spans[i][0] >= end), None)
        first, second = (after, before) if label else (before, after)
        if first is not None or second is not None:
            return first if first is not None else second
    return None
