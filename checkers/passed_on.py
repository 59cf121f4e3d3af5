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
from dataclasses import dataclass
from functools import lru_cache

from checkers.stated import Stated
from checkers.status_words import (
    AUX,
    NOT_AFTER,
    SAME_AFTER,
    SAME_BEFORE,
    SHARED_BEFORE,
    clause_after,
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
_RELATIVE_BEFORE = re.compile(
    rf",\s*(?:which|who|that)\b[^,;.!?]*,{_MARKS}(?:(?:and|plus)\s+{_MARKS})?$"
)
"""A relative clause set off by commas right before the thing's clause ("I looked up HAT188,
which was cancelled, and HAT207", marks between too: "..., (and HAT207 too)", "...,\n- and
HAT207 too"): the thing goes on with what it interrupts, no status."""
_CLOSING = " .!*_\"')"
"""What may stand between words passing a status on and the end of their clause."""


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


@lru_cache(maxsize=8)
def _lead_only(stated: Stated) -> re.Pattern[str]:
    """Clauses that say nothing of their own before a thing's: a sentence adverb's
    ("Unfortunately, ..."), a thing named alone ("Your other order, #W2, too", "#W1 and the
    one ending in 7301 too"), and the marks opening a clause ("(#W2 too.)", "- And HAT207.")."""
    named = (
        rf"(?:{_thing(stated.nouns)}(?:{stated.ids})|(?:(?:the|your|my|this|that)\s+)?"
        rf"(?:[a-z-]+\s+){{0,2}}?(?:{stated.nouns}|one))"
    )
    clause = rf"{_MARKS}(?:(?:and|also|plus|but)\s+)?(?:{_LEAD_IN}|{named})"
    separator = r"[\s*_]*(?:[,;:\u2013\u2014-]|\s(?:and|plus)\s)?\s*"
    # marks around the joining word and before the thing's clause: a next sentence in brackets
    # or as a list item passes a status on as a plain one does (else "#W1 is delivered. (#W2
    # too.)" and "- And HAT207." said nothing of the second thing)
    return re.compile(rf"{_MARKS}(?:(?:and|plus|but)\s+)?(?:{clause}{separator})*{_MARKS}")


def _follows(stated: Stated, lowered: str, since: int | None, first: int) -> bool:
    """Whether the clause opening at ``first`` comes right after the clause of a status ending
    at ``since`` (None: opens the text), but clauses saying nothing of their own
    (:func:`_lead_only`), and not after a relative clause the thing goes on from
    (:data:`_RELATIVE_BEFORE`)."""
    if _RELATIVE_BEFORE.search(lowered, max(0, first - 200), first):
        return False
    after = 0 if since is None else clause_after(lowered, clause_of(lowered, since)[1])[0]
    if first <= after:
        return True
    # a few clauses at most between (a bound keeps the match's backtracking short)
    return first - after < 160 and _lead_only(stated).fullmatch(lowered, after, first) is not None


def _opening(lowered: str, start: int) -> int:
    """Where the clause of the thing at ``start`` opens: its clause's start, or inside it the
    parenthesis left open before the thing ("... processed (and #W2 too)")."""
    first = clause_of(lowered, start)[0]
    bracket = lowered.rfind("(", first, start)
    return first if bracket == -1 or ")" in lowered[bracket:start] else bracket + 1


def _ends_clause(lowered: str, at: int) -> bool:
    """Whether nothing but a stop stands from ``at`` to the end of its clause, and the clause
    asks nothing ("#W2 too?")."""
    last = clause_of(lowered, at)[1]
    return not lowered[at:last].strip(_CLOSING) and not lowered.startswith("?", last)


def _asked(lowered: str, end: int) -> bool:
    """Whether the clause holding ``end`` ends in a question mark ("Same for #W2?")."""
    last = clause_of(lowered, end)[1]
    return "?" in lowered[end : last + 1]


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
    # the words stand right before the thing (or its appositive): a bounded look back keeps a
    # text naming many things linear
    same = _same_before(stated.nouns).search(lowered, max(0, start - 160), start)
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
