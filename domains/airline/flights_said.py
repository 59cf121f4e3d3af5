"""What a listing before a flight change says of each flight it names: a flight the write keeps
must not be said cancelled ("HAT207 will be cancelled" before a change keeping it), and when the
write changes the cabin, every flight it flies takes the new cabin, so none may be said to stay
in another ("HAT207 stays in basic economy") or be the only one changed ("on HAT188 only"); and
no new flight may be said as the one replaced, nor a replaced one as the new one ("HAT056 →
HAT188" before a change from HAT188 to HAT056).

All text is folded and lowered (:func:`checkers.text.fold_lower`), its flight numbers as the
data writes them, lowered ("hat188": :func:`~domains.airline.fabrication.plain_ids`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# the roles of values in a listing (what is replaced, what is put in place) are the orders
# domain's reader; a flight change names its flights in the same forms
from checkers import roles
from checkers.text import word_pattern
from checkers.tokens import denied_before

_FLIGHT_WORDS = r"(?:(?:the|your|this|its|flight|leg|segment|connecting|return|outbound)\s+)*"
_CANCELLED_BEFORE = re.compile(
    rf"\b(?:cancel\w*|remov\w*|drop\w*)\s+{_FLIGHT_WORDS}"
    rf"(?:hat\d{{3}}(?:\s*\([^)]{{0,40}}\))?\s*(?:,|and|&)\s*{_FLIGHT_WORDS})*$"
)
"""Words right before a flight that cancel it, or a list of flights it ends: "cancel HAT207",
"removing the flight HAT207", "cancel HAT188 and HAT207", "cancel the outbound flight HAT188
(May 28) and the return flight HAT207"."""
_CANCELLED_AFTER = re.compile(
    r"(?:\s*\([^)]{0,40}\))?(?:[^.;!?\n()]|\([^()\n]{0,40}\)){0,30}?"
    r"\b(?:will\s+be|is\s+being|gets?|to\s+be|'ll\s+be|is)\s+(?:cancell?ed|removed|dropped)\b"
)
"""Words soon after a flight that cancel it: "HAT207 will be cancelled", "HAT207 (May 28) is
being removed", "HAT188 and HAT207 (May 28) will be cancelled". Not words inside a bracket
opened after it, which are said of what the bracket holds: "HAT188 and HAT195 (HAT207 is
dropped)"."""
_GAP = r"(?:\s*\([^)]{0,40}\))?(?:(?!\bhat\d{3}\b|\bwhile\b|\bbut\b|\bwhereas\b)[^.;!?\n]){0,30}?"
"""What may stand between a flight and what is said of it: an aside in brackets, a few words,
no other flight and no other clause ("HAT188 is upgraded while HAT207 stays ...")."""
_STAYS = re.compile(
    rf"{_GAP}\b(?:stays?|remains?|staying|remaining|(?:is|will\s+be)\s+kept|keeps?|keeping)\s+"
    r"(?:(?:in|at|as|on)\s+)?(?:(?:its|the|your|their|a)\s+)?(?P<what>[^.;,!?\n]{0,40})"
)
"""Words soon after a flight that keep it as it is, and what they keep: "HAT207 stays in
basic economy", "HAT207 remains in its current cabin"."""
_NOT_CHANGED = re.compile(
    rf"{_GAP}\b(?:won't|will\s+not|isn't|is\s+not|not)\s+(?:be\s+|being\s+)?"
    r"(?:upgraded|downgraded)\b"
)
"""Words soon after a flight that leave its cabin as it is: "HAT207 won't be upgraded"."""
_KEPT_CABIN = re.compile(
    r"^(?:current|existing|original|present|same|old)\s+(?:cabin|class|fare|seats?)\b"
)
"""A cabin said kept without its name: "its current cabin", "the same class"."""
_ANY_CABIN = re.compile(r"^(?:basic[\s_-]economy|economy|business|first|premium)\b")
"""A cabin named first in what a flight is said to keep: "basic economy"."""
_ONLY = re.compile(
    r"\bhat\d{3}\s+(?:only|alone)\b"
    r"|\b(?:only|just)\s+(?:(?:on|for|to)\s+)?(?:(?:the|your|flight)\s+)*hat\d{3}\b"
)
"""A flight the change is narrowed to: "on HAT188 only", "only HAT188", "just for flight
HAT188"; not "Just to confirm: ..."."""


def _found(text: str, number: str) -> list[re.Match[str]]:
    return list(re.finditer(word_pattern(number.lower()), text))


def said_cancelled(text: str, kept: Iterable[str]) -> str | None:
    """The first of the flights ``kept`` (those the write keeps) that ``text`` says are
    cancelled or removed (:data:`_CANCELLED_BEFORE`, :data:`_CANCELLED_AFTER`), with no
    denial before in its clause ("HAT207 will not be cancelled" says none)."""
    for number in kept:
        for match in _found(text, number):
            # anchored at the flight and made only of flight words, ids and separators, a
            # match can start anywhere before it: a long list ("cancel your outbound flight
            # HAT188, your return flight HAT207") cancels its last flight as a short one does
            before = _CANCELLED_BEFORE.search(text, 0, match.start())
            if before is None and not _CANCELLED_AFTER.match(text, match.end()):
                continue
            if not denied_before(text, (before or match).start()):
                return number
    return None


def said_kept_in_cabin(text: str, flown: Iterable[str], cabin: re.Pattern[str]) -> str | None:
    """The first of the flights ``flown`` (all of which the write puts in the cabin ``cabin``
    names) that ``text`` says stays in another cabin (:data:`_ANY_CABIN`) or the one it has now
    (:data:`_KEPT_CABIN`), or is not upgraded or downgraded (:data:`_NOT_CHANGED`): "HAT207
    stays in basic economy" before an upgrade of HAT188 and HAT207 to economy. One said to stay
    in the new cabin ("stays in economy"), or to keep something other than a cabin ("stays on
    May 28", "stays the same"), is not."""
    for number in flown:
        for match in _found(text, number):
            if denied_before(text, match.start()):
                continue
            if _NOT_CHANGED.match(text, match.end()):
                return number
            stays = _STAYS.match(text, match.end())
            what = stays.group("what").strip() if stays else ""
            named = _ANY_CABIN.match(what)
            if _KEPT_CABIN.match(what) or (named and not cabin.fullmatch(named.group(0))):
                return number
    return None


def said_only(text: str, flown: Iterable[str], named: set[str]) -> str | None:
    """Where ``text`` narrows the change to a flight (:data:`_ONLY`) when it changes more
    than one of ``flown`` and leaves one unnamed (``named``: the flights ``text`` puts
    forward): "Upgrading Z7GOZK to economy on HAT188 only" before an upgrade of HAT188 and
    HAT207."""
    flights = {n.lower() for n in flown}
    if len(flights) < 2 or flights <= {f.lower() for f in named}:
        return None
    narrowed = _ONLY.search(text)
    return None if narrowed is None else narrowed.group(0)


_FLIGHT = re.compile(r"\bhat\d{3}\b")
_NEXT_FLIGHT = re.compile(r"[\s*_]*(?:(?:the|your|new|flight|to)[\s*_:]+)*(hat\d{3})\b")
"""The flight right after what a clause says is replaced: "**HAT056**", "flight HAT056"."""
_CHANGE_CLAUSE_END = re.compile(r"[.!?;,](?=\s|$)|\n")


def _replacement_pairs(clause: str) -> list[tuple[str, str]]:
    """``(old, new)`` per flight ``clause`` says is replaced (:func:`checkers.roles.in_place`:
    "HAT188 → HAT056", "from HAT188 to HAT056", "HAT188 will be replaced by HAT056") with the
    flight named right after what is replaced."""
    kept, pairs = roles.in_place(clause), []
    for old in _FLIGHT.finditer(clause):
        if kept[old.start() : old.end()].strip():
            continue  # not named as what is replaced
        # what is replaced, "to" or the arrow are blanks in kept: the match skips them
        new = _NEXT_FLIGHT.match(kept, old.end())
        if new is not None:
            pairs.append((old.group(0), new.group(1)))
    return pairs


def _old_on_labelled_lines(text: str) -> list[set[str]]:
    """Per line of ``text``, the flights a table's column or row or a line's label gives as the
    old ones (:func:`checkers.roles.without_old_lines`: "Current flight: HAT188", "|
    Flight | HAT188 | HAT056 |" under "| | Current | New |")."""
    lines = zip(text.split("\n"), roles.without_old_lines(text).split("\n"), strict=True)
    return [
        {f for f in set(_FLIGHT.findall(line)) if _FLIGHT.findall(line).count(f) > kept.count(f)}
        for line, kept in lines
    ]


def said_reversed(
    text: str, new: Iterable[str], removed: Iterable[str], kept: Iterable[str]
) -> str | None:
    """A flight ``text`` says in the other's role before a change that puts the flights ``new``
    in place of ``removed``, keeping ``kept``: a new one said as replaced by one neither new nor
    kept, or a removed one said to replace one neither removed nor kept ("HAT056 → HAT188",
    "from HAT056 to HAT188" before a change from HAT188 to HAT056), or a new one given as the
    old one on a line naming no removed one as old ("Current flight: HAT056"). Legs said one
    after the other ("HAT056 → HAT290" of two new legs, "HAT056 → HAT207" of a new leg and a
    kept one) are neither. Returns what is said, or None."""
    new_flights, removed_flights = {n.lower() for n in new}, {n.lower() for n in removed}
    kept_flights = {n.lower() for n in kept}
    for clause in _CHANGE_CLAUSE_END.split(text):
        for old, replacing in _replacement_pairs(clause):
            if (old in new_flights and replacing not in new_flights | kept_flights) or (
                replacing in removed_flights and old not in removed_flights | kept_flights
            ):
                return f"{old.upper()} replaced by {replacing.upper()}"
    for old_named in _old_on_labelled_lines(text):
        if old_named & new_flights and not old_named & removed_flights:
            return f"{min(old_named & new_flights).upper()} as the current flight"
    return None


_NEW_TRIP = re.compile(
    r"\b(?:new|updated|revised|resulting|final)\s+(?:itinerary|flights?|trip|schedule|route"
    r"|reservation|booking|legs?|segments?)\b(?:\s+(?:is|are|will\s+be|would\s+be))?"
    r"|\bafter\s+the\s+(?:change|update|switch|modification)\b"
    r"|\byou(?:'ll|\s+will|\s+would)\s+(?:now\s+|then\s+)?(?:fly|be\s+(?:on|flying))\b"
    r"|\b(?:trip|itinerary|flights?|reservation|booking)\s+will\s+(?:now\s+|then\s+)?"
    r"(?:be|have|include|consist\s+of)\b"
)
"""Words that open a statement of the trip after a flight change: "New itinerary:", "your
updated flights are", "After the change, you'll fly", "your trip will be"."""
_NEW_TRIP_END = re.compile(r"[.!?;](?=\s|$)|\n(?![ \t]*(?:[-*+\u2022]|\d+[.)]))")
"""Where that statement ends: a sentence's end, or a line's unless a list line follows ("New
flights:\\n- HAT188\\n- HAT195")."""
_SET_ASIDE_BEFORE = re.compile(
    r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of|replac\w*|without|except|excluding"
    r"|minus|not|no\s+longer|swap\w*\s+out|off|from)\s+(?:the\s+|your\s+|flight\s+)*$"
)
"""Words right before a flight that set it apart from the trip they describe: "instead of
HAT207", "without HAT207", "no longer HAT207"."""


def said_in_new_trip(text: str, dropped: Iterable[str], added: Iterable[str]) -> str | None:
    """The first of the flights ``dropped`` (those the change removes) that ``text`` names as
    part of the trip after the change (:data:`_NEW_TRIP`, up to the statement's end): "New
    itinerary: HAT188 → HAT207" or "After the change you'll fly HAT188 and HAT207" before a
    change of HAT207 to HAT195. Not one named as replaced by one of the flights ``added``
    (:func:`_replacement_pairs`: "HAT207 → HAT195", "HAT207 will be replaced by HAT195"; an
    arrow to a flight the change keeps is legs in order), set apart ("instead of HAT207",
    "without HAT207"), said cancelled ("HAT207 is dropped"), or after a negation in its clause
    ("your new trip won't include HAT207")."""
    removed, new = {n.lower() for n in dropped}, {n.lower() for n in added}
    if not removed:
        return None
    for cue in _NEW_TRIP.finditer(text):
        end = _NEW_TRIP_END.search(text, cue.end())
        said = text[cue.end() : len(text) if end is None else end.start()]
        replaced = {old for old, by in _replacement_pairs(said) if by in new}
        for flight in _FLIGHT.finditer(said):
            number = flight.group(0)
            if number not in removed or number in replaced:
                continue
            head = said[: flight.start()]
            if (
                _SET_ASIDE_BEFORE.search(head[-40:])
                or _CANCELLED_AFTER.match(said, flight.end())
                or _CANCELLED_BEFORE.search(head)
                or denied_before(said, flight.start())
            ):
                continue
            return number
    return None
