"""Which named thing each figure of a sentence is said of, for every domain whose agent states
figures (prices, times) of several things in one sentence (flights, an order's items).

"HAT188 costs $87 and HAT207 costs $52", "$87 for the grill and $52 for the backpack",
"HAT188 and HAT207 cost $87 and $52" and "HAT188, plus $52 for HAT207" each bind every figure
to one thing; "HAT188 and HAT207 cost $52 and $87 and $10" binds none. A domain finds where its
things are named (:data:`Mark`: a flight number, an item's name), builds its lists once
(:class:`Lists`, with the nouns that may stand between the names of a list), and asks, figure by
figure, what it is said of (:func:`bind`). A figure bound to a thing must be true of that thing;
one bound to none is checked as the domain checks a figure of the sentence as a whole. Every
position is one of the same lowered text, the marks' and the figures'.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise

from checkers.status_words import SAME_AFTER, SAME_BEFORE, clause_of

__all__ = ["Group", "Lists", "Mark", "Spans", "bind", "of_one_or_each", "some_of", "spans_of"]

Mark = tuple[int, int, str]
"""``(start, end, name)``: where a sentence names one thing, and the thing."""
Spans = list[tuple[int, int, str]]
"""``(start, end, name)``: a stretch of a sentence whose figures are said of ``name``."""


@dataclass(frozen=True)
class Group:
    """Things written as one list in a sentence ("HAT188 and HAT207"), or one thing."""

    start: int
    end: int
    names: tuple[str, ...]
    some: bool
    """Said of some of them, not each: joined by "or", or after "one of" and the like."""
    contrasted: bool = False
    """Set against what the sentence says ("unlike HAT207"): the opposite holds of it."""
    at: tuple[int, ...] = ()
    """Where each name starts, in order."""


@dataclass(frozen=True)
class Lists:
    """How one domain's things are written as lists, given the nouns for them (regular-expression
    source over lowered text: ``r"flights?"``, ``r"items?"``)."""

    nouns: str

    @cached_property
    def _gap(self) -> re.Pattern[str]:
        # What stands between the names of one list ("HAT188, HAT207 and HAT301", "the grill
        # and the backpack", "neither HAT188 nor HAT207"). One joined by "or" is about some.
        return re.compile(
            r"\s*(?:,|/|&|\+)?\s*(?:(?:(?P<or>or|nor)|and(?:\s+also)?|as well as|plus|along with"
            rf"|together with|alongside)\s+)?(?:(?:the|your)\s+)?(?:(?:{self.nouns})\s+)?"
        )

    @cached_property
    def _some_of(self) -> re.Pattern[str]:
        # Words before a list that make what follows about some of it, not each ("none of"
        # and "neither of" deny it of each: the domain's status reader reads them).
        return re.compile(
            r"\b(?:one|either|any|some|which|whichever)\s+of\s+(?:the\s+|your\s+)?"
            rf"(?:(?:{self.nouns})\s+)?$"
        )

    @cached_property
    def _contrasted(self) -> re.Pattern[str]:
        # Words before a group that say the sentence's status does not hold of it ("HAT188 is
        # delayed, unlike HAT207", "Every flight but not HAT207 is on time").
        return re.compile(
            r"\b(?:unlike|as opposed to|in contrast to|contrary to|but not|not|except(?: for)?)"
            rf"\s+(?:(?:the|your)\s+)?(?:(?:{self.nouns})\s+)?$"
        )

    def groups(self, lowered: str, marks: Sequence[Mark]) -> list[Group]:
        """The sentence's things (``marks``, in order, on ``lowered``), lists joined; a list set
        against the rest ("Unlike HAT207, HAT188 ...") ends at a comma."""
        groups: list[Group] = []
        for start, end, name in marks:
            gap = self._gap.fullmatch(lowered, groups[-1].end, start) if groups else None
            if gap is not None and "," in gap.group(0) and groups[-1].contrasted:
                gap = None
            if gap is not None and name not in groups[-1].names:  # a list names each once
                last = groups[-1]
                some = last.some or gap.group("or") == "or"
                names, at = (*last.names, name), (*last.at, start)
                groups[-1] = Group(last.start, end, names, some, last.contrasted, at)
            else:
                some = self._some_of.search(lowered, 0, start) is not None
                contrasted = self._contrasted.search(lowered, 0, start) is not None
                groups.append(Group(start, end, (name,), some, contrasted, (start,)))
        return groups


def unopposed(marks: Sequence[Mark], groups: Sequence[Group]) -> list[Mark]:
    """``marks`` but those of a group set against the sentence ("The backpack, unlike the grill,
    costs $924.50": the figures are the backpack's)."""
    against = {at for g in groups if g.contrasted for at in g.at}
    return [mark for mark in marks if mark[0] not in against]


def spans_of(length: int, marks: Sequence[Mark], *kinds: Sequence[int]) -> Spans:
    """Where the figures said of each thing of a sentence (``length`` long) naming several
    stand, when every thing has figures of its own there: after it, up to the next ("HAT188
    costs $87 and HAT207 costs $52"), else before it, after the one before ("$87 for HAT188 and
    $52 for HAT207"); judged on the figures at the positions of each of ``kinds`` in turn (a
    figure's own kind, then all). Empty otherwise ("HAT188 and HAT207 cost $52 and $87" binds
    nothing here). A sentence naming one thing (however often) is all said of it."""
    names = list(dict.fromkeys(name for _, _, name in marks))
    if len(names) < 2:
        return [(-1, length + 1, names[0])] if names else []
    pairs = list(pairwise(marks))
    after = [(m[0], n[0], m[2]) for m, n in pairs]
    after.append((marks[-1][0], length + 1, marks[-1][2]))
    before = [(-1, marks[0][0], marks[0][2])]
    before += [(m[1], n[0], n[2]) for m, n in pairs]
    for figures in kinds:
        for spans in (after, before):
            if all(any(a < f < b for f in figures) for a, b, _ in spans):
                return spans
    return []


_COMMA_ARTICLE = re.compile(r",\s*(?:the|your)\s+$")
_FIGURE_NOUN = r"(?:price|amount|total|cost|charge)"
_SAME_BEFORE = re.compile(
    rf"\b(?:{SAME_BEFORE}|(?:(?:just|exactly)\s+)?(?:the\s+)?same\s+(?:{_FIGURE_NOUN}\s+)?"
    r"(?:as|for|with|goes\s+for)\s+|(?:likewise|ditto)\s+(?:for|with)\s+"
    r"|(?:just|exactly)\s+like\s+)(?:(?:the|your)\s+)?$"
)
"""Words before a thing that give it the figure said before ("..., and so is the grill"; also
"the same (price) as", "same for", "just like": a figure has no status words of its own to
say)."""
_SAME_AS_NEXT = re.compile(
    rf"\b(?:(?:just|exactly)\s+)?(?:the\s+)?same\s+(?:{_FIGURE_NOUN}\s+)?as"
    r"|\bas\s+much\s+as"
)
"""Words between a thing and the next that say its figure is the next one's ("The grill is the
same price as the puzzle, $53.72", "... costs as much as the puzzle")."""
_DENIED = re.compile(r"\b(?:not|never|no)\b|n't\b")
_SAME_AFTER = re.compile(rf"\s*,?\s*(?:{SAME_AFTER}|likewise)\s*(?=[.!?;,]|$)")


def _about(lowered: str, groups: Sequence[Group], spans: Spans, at: int) -> Mark | None:
    """The thing a figure at ``at`` is said of, with the stretch said of it: the one thing its
    clause names alone, not in a list ("$87 for HAT188, plus $52 for HAT207, total $139"), with
    the clause (:func:`checkers.status_words.clause_of`); else the stretch of
    :func:`spans_of` holding it."""
    span = next((span for span in spans if span[0] < at < span[1]), None)
    start, end = clause_of(lowered, at)
    touching = [g for g in groups if g.start < end and start < g.end]
    own = {(n, p) for g in touching for n, p in zip(g.names, g.at, strict=True) if start <= p < end}
    if len(touching) != 1 or len(own) != 1:
        return span
    ((name, where),) = own
    # one name in the clause, of a list that does not come before it ("$87 for HAT188, and
    # HAT207 ..."), or joined to it by a comma and an article only ("... for the backpack, the
    # grill remains at $924.50"); "HAT188 and HAT207 cost $87" is said of the list
    alone = (
        len(touching[0].names) == 1
        or touching[0].start >= start
        or _COMMA_ARTICLE.search(lowered, max(0, where - 12), where) is not None
    )
    return (start, end, name) if alone and (span is None or name != span[2]) else span


def _after_list(groups: Sequence[Group], at: int, positions: Sequence[int]) -> tuple[str, ...]:
    """The things a figure at ``at`` bound to no one thing is said of, when the last group
    before it names several and the figures of its kind between that group and the next (at
    ``positions``) are one per thing, in order ("HAT188 and HAT207 cost $87 and $52": HAT188's
    $87, HAT207's $52), or just this one: then said of each ("HAT188 and HAT207 cost $87"), or
    of one of them after "or". Empty otherwise (any other number of figures binds none)."""
    before = [g for g in groups if g.end <= at]
    if not before or len(before[-1].names) < 2:
        return ()
    group = before[-1]
    until = next((g.start for g in groups if g.start >= at), max(positions) + 1)
    own = [p for p in positions if group.end <= p < until]
    if len(own) == len(group.names):
        return (group.names[own.index(at)],)
    return group.names if own == [at] else ()


def _before_list(groups: Sequence[Group], at: int, positions: Sequence[int]) -> tuple[str, ...]:
    """The thing a figure at ``at`` bound to no one thing is said of, when the first group after
    it names several and the figures of its kind (at ``positions``) between the group before
    it (or the start) and that group are one per thing: in order ("The totals are $87 and $52
    for HAT188 and HAT207, respectively": HAT188's $87). Empty otherwise: one figure before a
    list may be their sum ("$139 in total for HAT188 and HAT207")."""
    group = next((g for g in groups if g.start > at), None)
    if group is None or len(group.names) < 2:
        return ()
    since = max((g.end for g in groups if g.end <= at), default=-1)
    own = [p for p in positions if since <= p < group.start]
    return (group.names[own.index(at)],) if len(own) == len(group.names) else ()


def bind(
    lowered: str, groups: Sequence[Group], spans: Spans, at: int, positions: Sequence[int]
) -> tuple[tuple[int, int], tuple[str | None, ...]]:
    """What a figure at ``at`` of ``lowered`` is said of, and the stretch said of it: one thing
    (its clause's alone, else its stretch of ``spans``, :func:`spans_of`), else each thing of
    the list before it when the figures of its kind (at ``positions``) fit that list, else
    ``(None,)``, no one thing; figures before a list of as many things pair with them in
    order first (:func:`_before_list`). The stretch is ``(0, 0)`` when the figure is bound by
    no stretch."""
    groups = [g for g in groups if not g.contrasted]
    # figures before a list, one per thing ("$87 and $52 for HAT188 and HAT207"), pair with it
    # even where a clause break leaves a figure beside one name ("$52 for HAT188")
    paired = _before_list(groups, at, positions)
    if paired:
        return (0, 0), paired
    found = _about(lowered, groups, spans, at)
    if found is not None:
        return (found[0], found[1]), (found[2],)
    return (0, 0), _after_list(groups, at, positions) or _said_alike(lowered, groups, at) or (None,)


_APPOSITION = re.compile(r"\s*[,:(\u2014\u2013-]?\s*(?:(?:at|for|of|namely|i\.?e\.?,?)\s+)?")
"""What may stand between a thing and a figure set after it as its own ("the puzzle, $53.72",
"the puzzle: $53.72", "the puzzle (at $53.72)")."""


def _said_alike(lowered: str, groups: Sequence[Group], at: int) -> tuple[str, ...]:
    """The two things a figure at ``at`` bound to no one thing is said of, when it is set right
    after the second of two said to have the same figure ("The grill is the same price as the
    puzzle, $53.72": the grill's and the puzzle's); empty otherwise."""
    before = [g for g in groups if g.end <= at]
    if len(before) < 2 or not _APPOSITION.fullmatch(lowered, before[-1].end, at):
        return ()
    first, second = before[-2:]
    if len(first.names) != 1 or len(second.names) != 1:
        return ()
    return (*first.names, *second.names) if _same_as_next(lowered, first, second) else ()


def same_as(lowered: str, groups: Sequence[Group], of: tuple[str | None, ...]) -> tuple[str, ...]:
    """The names of the groups after the one holding the single thing ``of`` (what :func:`bind`
    gave) said to have the same figures by leaving them out ("The backpack is $193.38, and so
    is the grill", "..., as does the grill", "... and the grill too"; the words of
    :mod:`checkers.status_words`): a figure said of one thing is said of these too."""
    if len(of) != 1 or of[0] is None:
        return ()
    holding = next((n for n, g in enumerate(groups) if of[0] in g.names), len(groups))
    found: list[str] = []
    if 0 < holding < len(groups) and _same_as_next(lowered, groups[holding - 1], groups[holding]):
        found += groups[holding - 1].names
    for group in groups[holding + 1 :]:
        opening = clause_of(lowered, group.start)[0]
        before = _SAME_BEFORE.search(lowered, opening, group.start)
        if before is not None and _DENIED.search(lowered, opening, before.start()):
            before = None  # "..., not the same as the grill"
        if before is not None or _SAME_AFTER.match(lowered, group.end):
            found += group.names
    return tuple(found)


def _same_as_next(lowered: str, first: Group, second: Group) -> bool:
    """Whether the clause naming ``first`` says its figure is ``second``'s ("The grill is the
    same price as the puzzle, $53.72", "#W1 cost as much as #W2"), not denying it ("is not the
    same price as")."""
    opening, closing = clause_of(lowered, first.end)
    if not opening <= second.start <= closing:
        return False
    said = _SAME_AS_NEXT.search(lowered, first.end, second.start)
    return said is not None and not _DENIED.search(lowered, first.end, said.start())


def some_of(groups: Sequence[Group], at: int) -> bool:
    """Whether the last group before position ``at`` is said of some of its things, not each."""
    return next((g.some for g in reversed(groups) if g.end <= at), False)


def of_one_or_each(found: Sequence[list[tuple[str, str]]], some: bool) -> list[tuple[str, str]]:
    """The problems of a figure said of several things, given its problems as said of each:
    all of them; said of one of them ("HAT188 or HAT207"), none when it is true of one."""
    if some:
        return [] if any(not f for f in found) else found[0]
    return [problem for problems in found for problem in problems]
