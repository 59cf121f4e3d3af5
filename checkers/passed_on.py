"""A status passed on to a thing that states none of its own, by leaving it out, for every
domain whose agent states the statuses of things it names (orders, flights).

"#W1 is processed. Same for #W2.", "... #W2 too.", "... The one ending in 7301, too.", "... And
#W2.", "... So is HAT207.", "... I believe HAT207 is too." pass the status said before on to
the second thing; "... #W2 isn't." denies it. "Let me know if you need anything else for
HAT207 too." passes nothing on: the "too" there is of the sentence's own verb. What decides is
the clause of the thing (:func:`checkers.status_words.clause_of`): the words around the thing
there, and whether what they say is stated at all (:class:`checkers.stated.Stated`: "Let me
know if #W2 is too." supposes it). The domain says which status came before and what a denial
of a denial is; the words are read here, once for both.
"""

from __future__ import annotations

import re
import sys
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache
from heapq import heappop, heappush
from typing import NamedTuple

from checkers.stated import Stated
from checkers.status_words import (
    AUX,
    NOT_AFTER,
    SAME_AFTER,
    SAME_BEFORE,
    SHARED_BEFORE,
    clause_after,
    clause_breaks,
    clause_of,
)

__all__ = ["PassedOn", "status_passed_on"]


@dataclass(frozen=True)
class PassedOn:
    """The words passing a status on to a thing (``start:end`` of the text read): "same for",
    "too", "is as well", "isn't", the "and" of "And #W2."."""

    start: int
    end: int
    denied: bool
    """Whether they deny the status before ("... #W2 isn't"); after a denial such words repeat
    it ("#W1 hasn't shipped. #W2 hasn't either."), which the domain, knowing its statuses,
    decides."""


_MARKS = r"[\s*_\"'(\[>\u2022-]*"
"""Marks that may open a clause before its words (a bullet, bold, a quote)."""
_ASIDE = r"on\s+the\s+other\s+hand|however|though|in\s+contrast|by\s+contrast|meanwhile"
"""Words set off by commas between a thing and the words leaving its status out ("#W2, on
the other hand, is not")."""
_THE_SAME = (
    r"(?:also\s+)?(?:(?:in|at)\s+)?(?:(?:exactly|just)\s+)?(?:the\s+)?same"
    r"(?:\s+(?:status|situation|state|boat|story|thing|case))?(?:\s+(?:too|as\s+well))?"
    r"(?:\s+as\s+(?:above|before|the\s+(?:first|other|previous)(?:\s+one)?))?"
)
""""The same" said as what a thing is ("#W2 is the same", "HAT207 has the same status",
"#W2 \u2014 same", "**#W2**: same as above")."""
_AFTER = re.compile(
    rf"[\s*_]*(?:,\s*(?:{_ASIDE})\s*,)?[\s*_]*(?:[,:\u2013\u2014-][\s*_]*)?"
    rf"(?:(?P<denied>{NOT_AFTER})|(?P<same>{SAME_AFTER}|likewise|(?:{AUX}\s+)?{_THE_SAME}))\b"
)
"""Words right after the thing that leave its status out ("#W2 too", "HAT207, too", "#W2 is as
well", "#W2 likewise", "#W2 is the same") or deny it ("#W2 isn't", "#W2, on the other hand,
is not")."""
_OWN_VERB = re.compile(rf"{AUX}\b")
"""An auxiliary opening the words after the thing ("#W2 *is* too"): the thing is the subject
of a clause of its own, which a lead-in may state ("I believe #W2 is too") or suppose."""
_LEAD_IN = (
    r"(?:unfortunately|sadly|fortunately|luckily|happily|regrettably|similarly|again"
    r"|currently|meanwhile|as\s+for|as\s+to|regarding|i(?:'m|\s+am)\s+afraid(?:\s+that)?)"
)
"""A sentence adverb or topic before the thing that says nothing of its own ("Unfortunately
HAT207 too.", "As for #W2, same.")."""
_AND_BEFORE = re.compile(r"\s(?:and|plus)\s$")
"""A clause break made by "and" right before the clause ("HAT188 was cancelled and HAT207")."""
_RELATIVE = re.compile(r",\s*(?:which|who|that)\b[^,;.!?]*(?=,)")
"""A relative clause set off by commas, up to its closing comma ("I looked up HAT188*, which
was cancelled*, and HAT207"): the thing after it goes on with what it interrupts, no status
(:func:`_after_relative`)."""
_MARK_RUN = re.compile(r"[\s*_\"'(\[>\u2022-]*+")
"""A run of :data:`_MARKS`, taken whole (possessive: read once, never backtracked into)."""
_JOIN_AFTER_MARKS = re.compile(r"(?:and|plus)\s")
"""A joining word after a relative clause and its marks ("..., and HAT207", "..., (and
HAT207 too)", "...,\n- and HAT207 too")."""


@lru_cache(maxsize=8)
def _thing(nouns: str) -> str:
    """The words naming a thing before its id or last digits ("the order ", "your connecting
    flight ", "the other one ", "order number ", "both "), for a domain's ``nouns``."""
    # up to two words between a determiner and the noun ("your connecting flight", "the
    # other one"), only with both: a verb before a noun ("check the order") is no naming
    described = r"(?:(?:the|your|my|this|that)\s+(?:[a-z-]+\s+){0,2}?)?(?:" + nouns + r"|one)\s+"
    return (
        rf"(?:both\s+)?(?:(?:the|your|my|this|that)\s+(?:other\s+)?|{described})?"
        r"(?:(?:number|no\.|id)\s+)?"
    )


@lru_cache(maxsize=8)
def _bare(nouns: str) -> re.Pattern[str]:
    """A clause's words before its thing when they say nothing of their own: a joining word,
    "also", "not", a sentence adverb, the words naming the thing ("And the one ending in 7301",
    "Also flight HAT207", "Not #W2", "Unfortunately HAT207")."""
    return re.compile(
        rf"{_MARKS}(?:(?P<join>and|plus|but|while|whereas|though|although)\s+)?"
        rf"(?P<not>not\s+)?(?P<also>also\s+)?(?:{_LEAD_IN}[\s,]+)?{_thing(nouns)}"
    )


@lru_cache(maxsize=8)
def _same_before(nouns: str) -> re.Pattern[str]:
    """The words right before a thing that say the same of it ("Same for order 7301", "so is
    HAT207", "the same goes for the one ending in 7301", "Same for the other one, #W2", "...,
    just like HAT207": :data:`checkers.status_words.SHARED_BEFORE`)."""
    appositive = rf"(?:(?:the|your|my|this|that)\s+)?(?:other\s+)?(?:{nouns}|one),\s*"
    return re.compile(
        rf"\b(?P<same>{SAME_BEFORE}|{SHARED_BEFORE})(?:{appositive})?{_thing(nouns)}$"
    )


_SAME_BEFORE_WORDS = 20
"""More words than the words saying the same of a thing, an appositive and the words naming
it span together (:func:`_same_before`; the longest: "and the same can be said of", 7; "the
other one,", 3; "both the big red thing number", 6): a look back this many words, whatever
their length, finds every match, and keeps a text naming many things linear."""
_WORD = re.compile(r"\S+")


@lru_cache(maxsize=16)
def _word_starts(lowered: str) -> tuple[int, ...]:
    """Where each word (a run of anything but spaces) of ``lowered`` starts (found once per
    text)."""
    return tuple(word.start() for word in _WORD.finditer(lowered))


def _words_before(lowered: str, start: int) -> int:
    """Where the word :data:`_SAME_BEFORE_WORDS` words before the one at ``start`` starts."""
    starts = _word_starts(lowered)
    index = bisect_right(starts, start) - 1
    return starts[max(0, index - _SAME_BEFORE_WORDS)] if index >= 0 else 0


@lru_cache(maxsize=8)
def _contents(stated: Stated) -> tuple[re.Pattern[str], ...]:
    """What a clause saying nothing of its own may name: a sentence adverb ("Unfortunately,
    ..."), a thing by id ("your other order #W2", "the one ending in 7301") or by its noun
    alone ("the other one", "your order"), each a pattern matched where it must start."""
    nouns = stated.nouns
    return (
        re.compile(_LEAD_IN),
        re.compile(rf"{_thing(nouns)}(?:{stated.ids})"),
        re.compile(rf"(?:(?:the|your|my|this|that)\s+)?(?:[a-z-]+\s+){{0,2}}?(?:{nouns}|one)"),
    )


_JOIN_OPENING = re.compile(r"(?:and|plus|but)\s++")
"""A joining word opening a clause saying nothing ("And the one ending in 7301, ...")."""
_JOIN_BEFORE_THING = re.compile(r"(?:and|also|plus|but)\s++")
"""A joining word or "also" right before what a clause names ("..., also #W2, ...")."""
_SEPARATOR_MARKS = re.compile(r"[\s*_]*+")
_SEPARATOR_JOIN = re.compile(r"(?:and|plus)\s")
_SEPARATOR_STOP = ",;:\u2013\u2014-"
"""What may part two things named in one clause saying nothing: marks, then one of these
stops or "and"/"plus" between spaces ("x101,x102", "#W1 plus #W2")."""
_STOP_BREAK = re.compile(r"[\s*_]*[,;:\u2013\u2014]\s*")
"""A clause break at a stop ("Unfortunately, #W2", "#W1; #W2")."""
_PLAIN_BREAK = re.compile(r"[\s*_\"'(\[>\u2022-]*(?:(?:and|but)\s+)?")
"""A clause break of marks or a joining word alone ("#W1 and #W2", "#W1 - #W2", a bullet)."""
_BUT = re.compile(r"\bbut\b")
_AND = re.compile(r"\b(?:and|plus)\b")


class _Quiet(NamedTuple):
    """Where the words of a clause from its start say nothing of their own (:func:`_quiet`)."""

    ends: tuple[tuple[int, int], ...]
    """The spans ``(low, high)`` of the positions they may end at: before a thing's clause, or
    before a break of marks or a joining word (" - ", " and ") and a next clause."""
    stops: tuple[tuple[int, int], ...]
    """Those right after something named and the marks a stop may follow
    (:data:`_SEPARATOR_MARKS`): where they may close it before a stop (", ", "; ")."""


def _read_quiet(
    stated: Stated, lowered: str, start: int, end: int, *, opens_region: bool = False
) -> _Quiet:
    """Where ``lowered[start:p]``, ``p`` up to ``end`` (a clause, or its beginning), says
    nothing of its own: marks, a joining word, then things named or sentence adverbs
    (:func:`_contents`), each parted from the next by marks, a stop or "and"/"plus"
    (:func:`_separated`), then marks.

    Read once, forward, carrying the positions where a next name may start (every run of marks
    taken whole): time linear in the clause, where one regular expression for the same words
    backtracked exponentially in a clause naming many things ("x101 x102 ... x114 zzz")."""
    opened = _MARK_RUN.match(lowered, start, end)
    assert opened is not None  # a possessive star matches everywhere
    ends, stops = [(start, opened.end())], []
    waiting = [opened.end()]
    joined = _JOIN_OPENING.match(lowered, opened.end())  # its space may be the break's
    if joined is not None and joined.end() <= end:
        waiting.append(joined.end())
    elif opens_region and joined and opened.end() + len(joined.group().rstrip()) == end:
        ends.append((end, end))  # "And - #W2 too."
    seen = set(waiting)
    while waiting:
        at = heappop(waiting)
        marks = _MARK_RUN.match(lowered, at, end)
        assert marks is not None
        ends.append((at, marks.end()))
        also = _JOIN_BEFORE_THING.match(lowered, marks.end(), end)
        for opening in (marks.end(), *([also.end()] if also else [])):
            for content in _contents(stated):
                found = content.match(lowered, opening, end)
                if found is None or found.end() == opening:
                    continue
                stop = _SEPARATOR_MARKS.match(lowered, found.end())
                assert stop is not None
                stops.append((found.end(), stop.end()))
                for following in _separated(lowered, found.end(), end):
                    if following not in seen:
                        seen.add(following)
                        heappush(waiting, following)
    return _Quiet(_merged(ends), _merged(stops))


def _separated(lowered: str, at: int, end: int) -> list[int]:
    """Where a next name may start after one ending at ``at`` (:func:`_quiet`): right
    there (marks between are the next name's), after a stop, after "and" or "plus"."""
    marks = _SEPARATOR_MARKS.match(lowered, at, end)
    assert marks is not None
    stop = marks.end()
    following = [at]
    if stop < end and lowered[stop] in _SEPARATOR_STOP:
        following.append(stop + 1)
    join = _SEPARATOR_JOIN.match(lowered, stop)  # its space may be the clause break's
    if join is not None and stop > at and lowered[stop - 1].isspace():
        following.append(min(join.end(), end))
    return following


def _closes_quietly(quiet: _Quiet, lowered: str, close: int, opening: int) -> bool:
    """Whether a clause read as ``quiet`` (:func:`_read_quiet`) says nothing up to its end at
    ``close`` and the break from there to the next clause, at ``opening``, goes on to another
    clause that may say nothing: a stop right after something named, marks or a joining word
    after it (not a sentence's end, "while", a comparison, a slash or a bar)."""
    if _STOP_BREAK.fullmatch(lowered, close, opening):
        return _within(quiet.stops, close)
    return _PLAIN_BREAK.fullmatch(lowered, close, opening) is not None and _within(
        quiet.ends, close
    )


def _merged(spans: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """``spans`` sorted, those overlapping or touching joined: no two of the result overlap."""
    merged: list[tuple[int, int]] = []
    for low, high in sorted(spans):
        if merged and low <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(high, merged[-1][1]))
        else:
            merged.append((low, high))
    return tuple(merged)


def _within(spans: tuple[tuple[int, int], ...], position: int) -> bool:
    """Whether ``position`` lies in one of ``spans`` (:func:`_merged`), ends included."""
    index = bisect_right(spans, (position, sys.maxsize)) - 1
    return index >= 0 and spans[index][0] <= position <= spans[index][1]


@dataclass(frozen=True)
class _Clauses:
    """A text's clauses (:func:`checkers.status_words.clause_breaks`), each read once for
    whether it says nothing of its own (:func:`_quiet`)."""

    opens: tuple[int, ...]
    """Where each clause opens, in order (the first at 0)."""
    closes: tuple[int, ...]
    """Where each ends (a break starts, or the text ends)."""
    quiet_since: tuple[int, ...]
    """For each clause, the first of the unbroken run of clauses saying nothing that ends right
    before it, each going on to the next (:func:`_closes_quietly`); itself if none."""


@lru_cache(maxsize=16)
def _clauses(stated: Stated, lowered: str) -> _Clauses:
    """:class:`_Clauses` of ``lowered``, found once per text and domain."""
    starts, ends = clause_breaks(lowered)
    opens, closes = (0, *ends), (*starts, len(lowered))
    quiet_since = [0]
    for index in range(1, len(opens)):
        previous = index - 1
        quiet = _closes_quietly(
            _read_quiet(stated, lowered, opens[previous], closes[previous]),
            lowered,
            closes[previous],
            opens[index],
        )
        quiet_since.append(quiet_since[previous] if quiet else index)
    return _Clauses(opens, closes, tuple(quiet_since))


@lru_cache(maxsize=64)
def _quiet(stated: Stated, lowered: str, start: int, end: int, opens_region: bool) -> _Quiet:
    """:func:`_read_quiet`, once per clause asked (things sharing a clause ask the same)."""
    return _read_quiet(stated, lowered, start, end, opens_region=opens_region)


@lru_cache(maxsize=64)
def _past_marks(lowered: str, at: int) -> int:
    """Where the run of marks from ``at`` ends, across breaks of marks alone ("\n\n- ")."""
    marks = _MARK_RUN.match(lowered, at)
    assert marks is not None
    return marks.end()


def _says_nothing(stated: Stated, lowered: str, after: int, first: int) -> bool:
    """Whether ``lowered[after:first]`` says nothing of its own (``after`` opens a clause):
    marks, then clauses each naming only things or a sentence adverb (:func:`_read_quiet`),
    each going on to the next (:func:`_closes_quietly`), then the beginning of the clause
    opening at ``first``. Any number of clauses: each is read once per text."""
    start = _past_marks(lowered, after)
    if first <= start:
        return True
    clauses = _clauses(stated, lowered)
    head = bisect_right(clauses.opens, start) - 1
    if start > clauses.closes[head]:  # the marks end inside a break: "... and" may end it
        head += 1
        if not _JOIN_OPENING.fullmatch(lowered, start, clauses.opens[head]):
            return False
        start = clauses.opens[head]
    index = bisect_right(clauses.opens, first) - 1
    if index == head:
        return _within(_quiet(stated, lowered, start, clauses.closes[head], True).ends, first)
    close = clauses.closes[head]
    if not (
        _closes_quietly(
            _quiet(stated, lowered, start, close, True), lowered, close, clauses.opens[head + 1]
        )
        and clauses.quiet_since[index] <= head + 1
    ):
        return False
    opening = clauses.opens[index]
    if first == opening:  # the break right before the thing's clause
        before = clauses.closes[index - 1]
        previous = start if index - 1 == head else clauses.opens[index - 1]
        # "but" sets it against the one before ("... #W1 but #W2 too"), "and" must follow
        # something named ("... #W1 and #W2 too")
        return not _BUT.search(lowered, before, opening) and not (
            _AND.search(lowered, before, opening)
            and not _within(
                _quiet(stated, lowered, previous, before, index - 1 == head).stops, before
            )
        )
    return _within(_quiet(stated, lowered, opening, clauses.closes[index], False).ends, first)


@lru_cache(maxsize=16)
def _relative_ends(lowered: str) -> tuple[tuple[int, int], ...]:
    """The spans ``(low, high)`` of the positions a thing's clause may open at right after a
    relative clause set off by commas (:data:`_RELATIVE`) and the marks after it: its closing
    comma, marks, and maybe "and" or "plus" and more marks ("..., which was cancelled, (and
    HAT207 too)"). Found once per text, each relative clause read once."""
    spans: list[tuple[int, int]] = []
    for relative in _RELATIVE.finditer(lowered):
        marks = _MARK_RUN.match(lowered, relative.end() + 1)
        assert marks is not None
        spans.append((relative.end() + 1, marks.end()))
        join = _JOIN_AFTER_MARKS.match(lowered, marks.end())
        if join is not None:
            more = _MARK_RUN.match(lowered, join.end())
            assert more is not None
            spans.append((join.end(), more.end()))
    return _merged(spans)


def _follows(stated: Stated, lowered: str, since: int | None, first: int) -> bool:
    """Whether the clause opening at ``first`` comes right after the clause of a status ending
    at ``since`` (None: opens the text), but clauses saying nothing of their own
    (:func:`_says_nothing`), and not after a relative clause the thing goes on from
    (:func:`_relative_ends`). However far back either stands: each is found once per text."""
    if _within(_relative_ends(lowered), first):
        return False
    after = 0 if since is None else clause_after(lowered, clause_of(lowered, since)[1])[0]
    return first <= after or _says_nothing(stated, lowered, after, first)


@lru_cache(maxsize=16)
def _brackets(lowered: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where each "(" and each ")" of ``lowered`` stands, in order (found once per text)."""
    return (
        tuple(i for i, c in enumerate(lowered) if c == "("),
        tuple(i for i, c in enumerate(lowered) if c == ")"),
    )


def _opening(lowered: str, start: int) -> int:
    """Where the clause of the thing at ``start`` opens: its clause's start, or inside it the
    parenthesis left open before the thing ("... processed (and #W2 too)")."""
    first = clause_of(lowered, start)[0]
    opened, closed = _brackets(lowered)
    index = bisect_left(opened, start) - 1
    if index < 0 or opened[index] < first:
        return first
    bracket = opened[index]
    return first if bisect_left(closed, bracket) < bisect_left(closed, start) else bracket + 1


_STOP_RUN = re.compile(r"[;:,.!?\u2026\s\"')\]*_]*+")
"""The stops and closing marks right after a clause ("#W2;?", "#W2.)")."""
_CLOSING_RUN = re.compile(r"[ .!*_\"')]*+")
"""What may stand between words passing a status on and the end of their clause."""


@lru_cache(maxsize=16)
def _questions(lowered: str) -> tuple[int, ...]:
    """Where each "?" of ``lowered`` stands, in order (found once per text)."""
    return tuple(i for i, c in enumerate(lowered) if c == "?")


def _question_between(lowered: str, low: int, high: int) -> bool:
    questions = _questions(lowered)
    index = bisect_left(questions, low)
    return index < len(questions) and questions[index] < high


def _asks_at_close(lowered: str, last: int) -> bool:
    """Whether the stops closing a clause at ``last`` hold a question mark, after another stop
    or not ("#W2?", "Same for #W2;?")."""
    stops = _STOP_RUN.match(lowered, last)
    assert stops is not None
    return _question_between(lowered, last, stops.end())


def _ends_clause(lowered: str, at: int) -> bool:
    """Whether nothing but a stop stands from ``at`` to the end of its clause, and the clause
    asks nothing ("#W2 too?", "#W2 too;?")."""
    last = clause_of(lowered, at)[1]
    closing = _CLOSING_RUN.match(lowered, at, last)
    assert closing is not None
    return closing.end() == last and not _asks_at_close(lowered, last)


def _asked(lowered: str, end: int) -> bool:
    """Whether the clause holding ``end`` ends in a question mark ("Same for #W2?", "Same for
    #W2;?")."""
    last = clause_of(lowered, end)[1]
    return _question_between(lowered, end, last) or _asks_at_close(lowered, last)


def status_passed_on(
    stated: Stated, lowered: str, start: int, end: int, since: int | None = None
) -> PassedOn | None:
    """The words passing the status said before on to the thing (an id, or a list of them)
    at ``start:end`` of ``lowered`` (:func:`checkers.text.fold_lower` text: a sentence, or two
    read as one), which says no status of its own; None when it is given none.

    Passed on: words after the thing ending its clause ("#W2 too.", "HAT207, too.", "#W2 as
    well.", "#W2 likewise.", "#W2 \u2014 same.", "#W2 isn't." denying it) when the clause opens
    with the thing (but a joining word, "also", a sentence adverb and the words naming it:
    "And the one ending in 7301 too.", "Unfortunately HAT207 too.") or, with an auxiliary, in
    a clause of its own whatever leads in ("I believe HAT207 is too.", "#W2 is the same");
    words before it that say the same ("Same for order 7301.", "..., as is #W2", "The same can
    be said of #W2", :data:`checkers.status_words.SAME_BEFORE`); "and", "plus" or "also" alone
    before it ("And #W2.", "HAT188 was cancelled and HAT207."), and "not", denying it ("Not
    #W2, though."). Not passed on: "too" of the clause's own verb ("Let me know if you need
    anything else for HAT207 too.", "I'll check #W2 as well."), after a relative clause the
    thing goes on from ("I looked up HAT188, which was cancelled, and HAT207 too."), words
    asked ("#W2 too?", "Same for #W2?") or supposed ("Let me know if #W2 is too.": ``stated``
    reads them as it reads a status).

    ``since``: where the status passed on ends in ``lowered`` (None: before it, in the sentence
    before). A thing with nothing but "too" or "and" to pass it on must stand in the clause
    right after the status's (or open the text; a sentence adverb may come between): after
    another clause it goes on from that one ("HAT188 was cancelled. I've rebooked you, and
    HAT207 too.")."""
    first = _opening(lowered, start)
    bare = _bare(stated.nouns).fullmatch(lowered, first, start)
    if bare is not None and not _follows(stated, lowered, since, first):
        bare = None
    after = _AFTER.match(lowered, end)
    if after is not None and _ends_clause(lowered, after.end()):
        kind = "denied" if after.group("denied") else "same"
        words = after.span(kind)
        own_clause = kind == "denied" or _OWN_VERB.match(after.group("same")) is not None
        if (bare or own_clause) and stated.asserted(lowered, *words):
            return PassedOn(*words, denied=kind == "denied")
    same = _same_before(stated.nouns).search(lowered, _words_before(lowered, start), start)
    if same is not None and not lowered.startswith("'s", end):  # "... #W2's tracking": its noun's
        words = same.span("same")
        if _asked(lowered, end) or not stated.asserted(lowered, *words):
            return None
        return PassedOn(*words, denied=False)
    if bare is None or not _ends_clause(lowered, end):
        return None
    for word in ("not", "join", "also"):
        if bare.group(word) and (word != "join" or bare.group(word) in ("and", "plus")):
            return PassedOn(*bare.span(word), denied=word == "not")
    joined_before = _AND_BEFORE.search(lowered, max(0, first - 6), first)
    if joined_before is not None:
        return PassedOn(joined_before.start() + 1, first - 1, denied=False)
    return None
