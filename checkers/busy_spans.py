"""A person said to be busy, or free only part of the time, around a plan: one reading for both
planning domains (dining's guests around a dinner, scheduling's participants around a slot).

:func:`busy_during` finds where a named person (or a pronoun for one) is said to be busy during
part of a plan's window, in any of these forms, each right after the person:

- a busy state and its spans: "José is busy 17:00 - 18:00", "- Ana: busy 15:00 - 16:00,
  17:30 - 18:30", "Mei is tied up until 18:00", "Jerry isn't free until 15:00", "Jerry is at
  the dentist until 15:00", "Jerry is busy from 14:00 for an hour";
- a commitment and its spans: "José works until 18:00", "Ana has a meeting 17:00-18:00", "José
  has a flight at 18:00"; at a time with its length said, as long as that ("Thomas has a
  90-minute call at 14:00", "his 2pm call runs for 45 minutes");
- a commitment of theirs, by its end or its time: "José's shift ends at 18:00", "Jerry's
  meeting runs until 15:00", "José's 18:00 call";
- the spans before the busy word: "José: 17:00-18:00 busy";
- what they cannot do before a time: "José can't get away before 18:00", "won't be free
  until 18:00" (not when they stop work: in a meeting answer that is when they stop being
  available, in a dinner answer when they start);
- when they are free: only at times that do not hold the window ("José is only free after
  18:00"), or from or until a time inside it ("Jerry is free from 15:00").
- when they come: arriving or joining after the window starts ("Ana arrives at 19:00", "Jerry
  can join from 14:45"; :data:`_ARRIVAL`, never read by :func:`busy_times`).

And a busy label before the person, with the spans after them (:data:`_LABELLED`, never read by
:func:`busy_times` either): "Blocked for Jerry: 14:30 - 15:30", "Busy times for Jerry: ...",
"Conflicts for Jerry: ...", "Busy: Jerry 14:30 - 15:30", "Unavailable: Jerry (14:30 -
15:30)".

A time may be an hour alone, in digits or words, where a time is expected ("until 3",
"between two and four", "until half past three", "can join from 3"): :func:`_readings`.

A span ending where the window starts, or starting where it ends, is none ("busy until 17:30"
of a dinner at 17:30). Not a span on another day than the plan's ("busy on Monday 17:00 -
18:00, not today"), nor one no longer held ("yesterday", "cancelled"). Whether the sentence is
a question or a condition is the caller's to read.

:func:`busy_times` finds where a text names someone's busy time at all, whatever the plan: such
a time is no plan's time ("José has a train at 21:00, after dinner").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Collection, Iterator
from functools import lru_cache

from checkers import tables
from checkers.plan_words import (
    CLOCK_TIME,
    HALF_DAY,
    HOUR_ALONE,
    INNER_DOT,
    NOT_AN_HOUR_AFTER,
    OFFERED_AFTER,
    RANGE_JOINER,
    TWELVE_HOUR_CLOCK,
    clock_near,
    hour_alone_near,
)

DAY = 24 * 60
"""The minutes of a day: a span "from" a time runs to its end."""

_STATE = (
    r"(?:still\s+|also\s+)?(?:busy|blocked|booked|tied up|unavailable|occupied|working|at work"
    r"|at the office|(?:stuck|held up)(?: at work| at the office)?"
    r"|(?:in|on) (?:(?:a|his|her|their) )?(?:meetings?|calls?|class)"
    r"|at lunch|on (?:a |the |his |her |their )?(?:plane|train|flight)|travell?ing|commuting"
    r"|flying|in the air|in transit"
    r"|out of (?:the )?office|not (?:free|available))"
)
"""Being busy ("busy", "tied up", "in meetings", "not free")."""
_AWAY = (
    rf"(?:{_STATE}|(?:out|away)(?!\s+(?:of|at|by|around|about)\b)|ooo|offline|afk"
    r"|double[ -]booked|on (?:leave|pto)"
    r"|in (?:back-to-backs?|(?:a |an )?(?:workshop|training|seminar|lecture|offsite|session)s?)"
    r"|(?:at|with) (?:a|an|his|her|their)\b|at the\b(?! (?:restaurant|venue|table|place)\b))"
)
"""Being busy or away ("out", "OOO", "at the dentist", "with a client"), said only after the
person and a verb ("Jerry is at the dentist until 15:00": :data:`_FIRST_SPAN` reads past the
place), never after a time ("Room B: 15:00 with a whiteboard" says no one is busy); never at
the plan's own place ("at the restaurant at 17:30")."""
_COMMITMENT = (
    r"(?:meeting|call|class|shift|appointment|commitment|flight|train|block|stand-?up"
    r"|interview|sync|session|lecture|exam|lunch|conflict|work(?:day)?|focus(?: time)?"
    r"|deep work|heads-down time|errand|school run|pickup|back-to-back|offsite|workshop"
    r"|training|seminar|conference|presentation|all-hands|town ?hall|one-on-one)s?"
)
"""Something a person has to be at: busy time ("a meeting", "his shift", "a train")."""
_IS = (
    r"(?:\s+is|'s|\s+are|'re|\s+will be|'ll be|\s+has been|\s+remains|\s+was|\s+were|\s+had been"
    r"|(?:\*\*|__)?\s*:(?:\*\*|__)?|\s+[\u2013\u2014-])\s+"
)
"""What joins a person to a state ("is", "'s", "will be", a list item's colon or dash; "was",
which :func:`busy_during` reads as no longer held)."""
_CLOCK = rf"(?:{CLOCK_TIME.pattern}|\d{{1,2}}\.\d{{2}}(?!\.?\d))"
"""A clock time as a busy saying holds one: also with a dot ("until 15.00"), which
:data:`~checkers.plan_words.CLOCK_TIME` leaves to money ("15.00") elsewhere."""
_REST = rf"(?P<spans>(?:[^.;!?\n]|{INNER_DOT})*)"
_SPAN_WORDS = "until|till|til|through|thru|before|by|from|after|since|between|at"
COMPACT_FIRST = rf"{HOUR_ALONE}(?=\s*(?:-|\u2013|\u2014|to\b|till?\b|until\b)\s*\d)"
"""An hour alone opening a range ("9" of "9-11", "2 till 4")."""
COMPACT_LAST = (
    rf"{HOUR_ALONE}(?=\s*(?:[,;.)!?\]\n&(]|and\b|on\b|today\b|tomorrow\b|tonight\b"
    r"|in\s+the\s+(?:morning|afternoon|evening)\b|this\s+(?:morning|afternoon|evening)\b|$))"
)
"""An hour alone closing a range, the clause ending after it ("11" of "9-11, 13-14"; not "2-3
meetings")."""
_HOUR_WORDS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_HOUR_NAMES = {word: hour for hour, word in enumerate(_HOUR_WORDS.split("|"), 1)}
_HOUR_ALONE = (
    r"(?:(?:a\s+)?(?:half|quarter)\s+past\s+|(?:a\s+)?quarter\s+to\s+)?"
    rf"(?:{HOUR_ALONE}|\b(?:{_HOUR_WORDS})\b)(?:\s*o'?clock\b)?|\b(?:noon|midday)\b"
)
"""An hour said alone where a time is expected, in digits or words ("3", "three", "half past
three", "3 o'clock", "noon"): :func:`_alone`."""
_CLOSING = (
    r"(?=\s*(?:[,;.)!?\]\n&(]|and\b|on\b|onwards?\b|today\b|tomorrow\b|tonight\b"
    r"|in\s+the\s+(?:morning|afternoon|evening)\b|this\s+(?:morning|afternoon|evening)\b|$))"
)
_AFTER_SPAN_WORD = "|".join(f"(?<={word} )" for word in _SPAN_WORDS.split("|"))
_WORDED_HOUR = (
    rf"(?:{_AFTER_SPAN_WORD})(?:{_HOUR_ALONE})(?:{_CLOSING}|(?=\s*(?:-|\u2013|\u2014|to\b"
    rf"|till?\b|until\b)\s*(?:\d|(?:a\s+)?(?:half|quarter|noon|midday|{_HOUR_WORDS})\b)))"
)
"""An hour alone right after a span's word, closing its clause or opening a range ("until 3.",
"from 4,", "until three.", "between two and four", "from noon to 3", "from two to four")."""
_LENGTH = (
    r"(?:an?|half\s+an?)\s*-?\s*hour|(?:\d+(?:\.\d+)?|one|two|three|four|ninety|thirty"
    r"|forty-five)\s*-?\s*(?:hours?|hrs?|h|minutes?|mins?)\b"
)
"""A length ("an hour", "90 minutes", "two-hour", "45-min"): :func:`_length_minutes`."""
_FOR_LENGTH = rf"(?:\s*,)?\s+for\s+(?:about\s+|around\s+)?(?P<length>{_LENGTH})"
"""A length after a span's start ("from 14:00 for an hour", "at 3 for 30 minutes")."""
_SPAN = (
    rf"(?:\b(?P<word>{_SPAN_WORDS})\s+)?(?P<first>{_CLOCK}|{COMPACT_FIRST}|{_WORDED_HOUR}"
    rf"|(?:{_HOUR_ALONE})(?={_FOR_LENGTH.replace('?P<length>', '')}))"
    rf"(?:\s*(?:{RANGE_JOINER}|and\b)\s*(?P<last>{_CLOCK}|(?:{_HOUR_ALONE}){_CLOSING})"
    rf"|{_FOR_LENGTH})?"
)
BUSY_SPAN = re.compile(_SPAN, re.I)
"""A span as it is said: a range ("17:00 - 18:00", "from 17:00 to 18:00", "between 5 pm and
6 pm", "17:00 -> 18:00"), in compact hours ("9-11", "11:30-3": :func:`span_readings`),
"until 18:00", "from 17:00", "until 3", "between 2 and 4", or a time ("at 18:00", "18:00")."""
_FIRST_SPAN = re.compile(
    r"\s*(?:(?!(?:except|apart|other|save|besides|but|not|never)\b)[^\d\s,]+\s+){0,4}?"
    rf"(?=\d|(?:{_SPAN_WORDS})\s+(?:\d|(?:a\s+)?(?:half|quarter|noon|midday|{_HOUR_WORDS})\b))",
)
"""What may stand before the first span of a list ("busy with work from 17:00", "busy on
Monday 17:00-18:00"); never an exception or a negation ("busy all afternoon except 14:30 -
16:00")."""
_NEXT_SPAN = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+)(?:again\s+|also\s+)?")
"""What joins a list's spans ("15:00 - 16:00, 17:30 - 18:30", "..., and 19:00 - 20:00", "until
noon and again from 3")."""
_TIME_LIST = (
    rf"(?P<spans>{_CLOCK}(?:\s*{RANGE_JOINER}\s*{_CLOCK})?"
    rf"(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+){_CLOCK}"
    rf"(?:\s*{RANGE_JOINER}\s*{_CLOCK})?)*)"
)
"""Times and ranges, listed with nothing before them ("17:00-18:00, 19:00")."""
_TIME = rf"(?P<end>{_CLOCK}|(?:{_HOUR_ALONE}){NOT_AN_HOUR_AFTER})"
"""A time where one is expected ("at 18:00", "at 3", "until three"): :func:`_readings`."""
_FREED = r"no longer|moved|cancel+ed|rescheduled|called off|freed"
_NOT_NOW = re.compile(
    rf"\b(?:was|were|had been|used to|yesterday|last (?:week|night|time|month)|{_FREED})\b"
)
"""Words by which a busy time said is no longer one ("busy 17:00 - 18:00 yesterday", "his
meeting was cancelled")."""
_FREED_NOW = re.compile(rf"\b(?:{_FREED})\b")
"""Words by which a busy time said is free now, and may be offered ("Jerry's 16:00 meeting got
cancelled")."""
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_DAY_WORD = re.compile(rf"\b(?P<day>{_WEEKDAY}|tomorrow|yesterday|weekend|weekdays?)s?\b")
_CLAUSE_END = re.compile(r"[,.;!?\n]|\s(?:but|though|although|so|and then)\b|$")

_SUITS = r"for|well|best|better|fine|great|perfectly|nicely|too|also|as well|ok|okay|out"
"""Words after "works" that make it suit, not work a job ("Thursday works for Jerry at 16:00",
"18:00 works fine")."""
_BUSY_FORMS = (
    # a busy state, then its spans
    (rf"{_IS}{_AWAY}\b{_REST}", False),
    # not free or not in, then its spans ("Jerry isn't free till 3", "won't be back until 3");
    # not "can't be free at 15:00", a reason a time is turned down
    # (tests/test_scheduling_asides_classes.py)
    (
        r"(?:\s+(?:isn't|is\s+not|aren't|are\s+not|won't\s+be|will\s+not\s+be)|'s\s+not"
        r"|'re\s+not|'ll\s+not\s+be)"
        r"\s+(?:(?:really|yet|actually)\s+)?(?:free|available|around|in|back|online|reachable)\b"
        rf"{_REST}",
        False,
    ),
    # a commitment, then its spans
    (
        rf"\s+(?:(?:works|worked)(?!\s+(?:{_SUITS})\b)|is working"
        r"|(?:has|had) (?:a |an |another |his |her |their )?"
        rf"(?:[\w-]+\s+)?{_COMMITMENT})\b{_REST}",
        False,
    ),
    # a commitment of theirs, then its spans ("José's shift is until 18:00")
    # ... or its start ("Jerry's next block starts at 4": taken then)
    (
        rf"'s\s+(?:[\w-]+\s+)?{_COMMITMENT}\s+(?:is|was|runs|ran|lasts|goes|takes|starts|begins"
        rf"|kicks off)\b{_REST}",
        False,
    ),
    # a commitment of theirs by its time ("José's 18:00 call")
    (rf"'s\s+{_TIME_LIST}\s+(?:[\w-]+\s+)?{_COMMITMENT}\b", True),
    # a commitment had or booked by its time ("José has the 22:00 train", "is booked on the
    # 22:00 train")
    (
        r"(?:\s+(?:has|had|has got)|'s got|(?:\s+is|'s|\s+was)\s+(?:booked|booked in|scheduled"
        r"|due)\s+(?:on|for|in|at))\s+(?:the|a|an|his|her|their)\s+"
        rf"{_TIME_LIST}\s+(?:[\w-]+\s+)?{_COMMITMENT}\b",
        True,
    ),
    # the spans, then the busy word ("José: 17:00-18:00 busy")
    (
        rf"(?:[*_]{{0,2}}\s*[:\u2013\u2014-]\s*[*_]{{0,2}}|\s+)\s*{_TIME_LIST}"
        rf"\s*(?:[(\[:,\u2013\u2014-]\s*)?(?:is\s+|are\s+|was\s+)?{_STATE}\b",
        True,
    ),
    # their calendar showing the spans busy ("Jerry's calendar shows 11:30 - 15:00 blocked")
    (
        r"'s\s+(?:calendar|schedule|diary|agenda)\s+(?:shows?|has|says)\s+"
        rf"{_TIME_LIST}\s*(?:as\s+)?{_STATE}\b",
        True,
    ),
    # a commitment of theirs by its end ("José's shift ends at 18:00")
    (
        rf"'s\s+(?:[\w-]+\s+)?{_COMMITMENT}\s+(?:ends?|ended|finishes|wraps up|is over"
        r"|runs (?:until|till)|goes (?:until|till)|lasts (?:until|till))\s+"
        rf"(?:(?:at|by|around)\s+)?{_TIME}",
        False,
    ),
    # what they cannot do before a time ("José can't get away before 18:00")
    (
        r"\s+(?:can't|cannot|can not|won't|will not|couldn't|isn't able to|is not able to"
        r"|is unable to|won't be able to|will not be able to)\s+(?:get away|leave|get off"
        r"|get out|finish|be free|be there|be done|make it|get there|arrive|join|come"
        rf"|be available|start|show up)(?:\s+[\w']+){{0,3}}?\s+(?:before|until|till|til)\s+{_TIME}",
        False,
    ),
)
"""Busy time after a person: its spans as the group ``spans`` (read with a bare time as a
span when the flag says so: :func:`span_minutes`), or up to the time ``end``."""
_ANYONE_BUSY = rf"{_IS}{_STATE}\b{_REST}"
"""The first of :data:`_BUSY_FORMS` as anyone's (:func:`_forms`)."""
_LABEL = (
    r"(?:busy|blocked|booked|unavailable|occupied|not (?:free|available)|conflicts?"
    r"|(?:busy|blocked|booked|unavailable) (?:times?|slots?|blocks?|hours?|periods?))"
)
"""A label saying that the times after it are someone's busy times."""
_LABELLED = rf"\b{_LABEL}\s+(?:for|of)\s+PERSON\s*(?:[*_]{{0,2}}\s*[:\u2013\u2014-]|\()"
"""The label, the person it is for, then the spans ("Blocked for Jerry: 14:30 - 15:30")."""
_HEADING = re.compile(rf"\b{_LABEL}\s*[*_]{{0,2}}\s*[:\u2013\u2014-][^\n]*", re.I)
"""The label as a heading, and the rest of its line: each person named in it with spans right
after them is busy then ("Busy: Jerry 14:30 - 15:30", "Busy: Ana 9:00 - 10:00, Jerry 14:30 -
15:30", "Unavailable: Jerry (14:30 - 15:30)")."""
_HEADED = r"PERSON\s*[*_]{0,2}\s*[,(:]?\s*(?=\d)"
"""A person in a heading's line, with the spans right after them."""
_FREE_FORM = (
    r"(?:\s+(?:is|will be|would be|will|would)|'s|'ll|'ll be|(?:\*\*|__)?\s*:(?:\*\*|__)?)"
    r"(?:\s+(?:really|sadly|unfortunately|actually|now|still))?"
    r"(?:\s+(?P<only>only))?(?:\s+be)?\s+(?:free|available)(?:\s+(?P<only_after>only))?\b" + _REST
)
"""Free time after a person ("Jerry is free from 15:00", "José is only free after 18:00")."""


def _minutes(said: str) -> int | None:
    """The minutes after midnight of a clock time as written, in any case ("3 PM"; None: no
    clock time)."""
    # final_word reads busy times with this module: its clock reader is imported at use.
    from checkers.final_word import clock_minutes

    lowered = said.lower()
    if lowered in ("noon", "midday"):
        return 12 * 60
    # The forms match ignoring case; the clock reader takes lowered text ("3 PM" was no time).
    return clock_minutes(lowered)


_WRITTEN_HOUR = re.compile(
    rf"(?:(?:a\s+)?(?P<past>half|quarter)\s+past\s+|(?:a\s+)?(?P<to>quarter)\s+to\s+)?"
    rf"(?P<hour>1[0-2]|0?[1-9]|{_HOUR_WORDS})(?:\s*o'?clock)?",
    re.I,
)


def _alone(said: str) -> int | None:
    """The minutes of an hour said alone (:data:`_HOUR_ALONE`: "3", "three", "half past three",
    "3 o'clock") in the morning's half of the day, 0 to 719; None when ``said`` is none (a
    clock time, "noon")."""
    written = _WRITTEN_HOUR.fullmatch(said.strip())
    if written is None:
        return None
    hour = written["hour"].lower()
    minutes = int(_HOUR_NAMES.get(hour) or hour) % 12 * 60
    if written["past"]:
        minutes += 30 if written["past"].lower() == "half" else 15
    if written["to"]:
        minutes = (minutes - 15) % 720
    return minutes


def _readings(
    said: str, near: tuple[int, int] | None = None, coming_or_going: bool = False
) -> list[int]:
    """The minutes a time said where one is expected (:data:`_TIME`) may mean: a clock time's
    one; an hour alone in either half of the day, or with ``near`` (a plan's start and end)
    only the reading nearest it (:func:`~checkers.plan_words.hour_alone_near`): people come
    and go around the plan, and "Jerry can join from 9" of a slot at 9:00 is no evening. With
    ``coming_or_going`` (an arrival or a departure) so is a clock time of twelve-hour writing
    (:func:`~checkers.plan_words.clock_near`: "Mei needs to head out by 6:30" of a dinner at
    17:30 is no morning); a busy time's clock is read as written."""
    hour = _alone(said)
    if hour is not None:
        return hour_alone_near(hour, near)
    minutes = _minutes(said)
    if minutes is None:
        return []
    return clock_near(said, minutes, near) if near and coming_or_going else [minutes]


def span_minutes(span: re.Match[str], bare: bool = False) -> tuple[int, int] | None:
    """The minutes a :data:`BUSY_SPAN` match holds as ``[first, last)``: until a time, from it
    to the end of the day, a range, or the minute "at" a time. A time with no word before it
    is a span only when ``bare`` (a list before its busy word); else None: in "busy until
    16:00, 17:30 works" it is what the sentence goes on to."""
    first = _minutes(span["first"])
    last = _minutes(span["last"]) if span["last"] else None
    if first is None or (span["last"] and last is None):
        return None
    if last is not None:
        return first, last
    return _from_one_time(span["word"], first, bare)


def _from_one_time(word: str | None, minutes: int, bare: bool) -> tuple[int, int] | None:
    """The span one time makes with the word before it (:func:`span_minutes`)."""
    word = word.casefold() if word else None
    if word in ("until", "till", "til", "through", "thru", "before", "by"):
        return 0, minutes
    if word in ("from", "after", "since"):
        return minutes, DAY
    return (minutes, minutes + 1) if word == "at" or (bare and word is None) else None


def span_readings(
    span: re.Match[str], bare: bool = False, near: tuple[int, int] | None = None
) -> list[tuple[int, int]]:
    """The spans a :data:`BUSY_SPAN` match may mean: :func:`span_minutes`'s one, or, for a
    range with an hour written alone, each reading of it. Such an hour takes the half of the
    day the other end names ("4-5 pm"), or the first after a clock start ("11:30-3": 11:30 to
    15:00) or the last before a clock end ("2-15:00": 14:00 to 15:00); one alone after its
    word is read in both halves ("until 3": until 03:00 or 15:00), or with ``near`` (a plan's
    start and end) in the half nearest it (:func:`_readings`); two such hours are
    read in the morning and in the evening ("9-11", "6-8": either), or from morning to
    afternoon when the range crosses noon ("9-5"). Reading every half a model may mean fails
    closed: an honest list of busy hours seldom names both."""
    first, last = span["first"], span["last"]
    if span.groupdict().get("length"):
        return _for_a_length(first, span["length"])
    opened_alone = _alone(first)
    closed_alone = None if last is None else _alone(last)
    if last is None and opened_alone is not None:  # "until 3": 03:00 or 15:00
        times = _readings(first, near)
        return [s for m in times if (s := _from_one_time(span["word"], m, bare))]
    if last is None or (opened_alone is None and closed_alone is None):
        one = span_minutes(span, bare)
        return [] if one is None else _clock_readings(one, first, last)
    if opened_alone is not None and closed_alone is not None:
        begin, end = opened_alone, closed_alone
        if end <= begin:
            return [(begin, end + 720)]  # crosses noon: "9-5"
        return [(begin, end), (begin + 720, end + 720)]
    if opened_alone is not None:
        closed = _minutes(last)
        if closed is None:
            return []
        half = _MERIDIEM.search(last)
        if half:
            return _to_a_clock(opened_alone + closed // HALF_DAY * HALF_DAY, closed)
        return [s for c in _clock_and_later(last, closed) for s in _to_a_clock(opened_alone, c)]
    opened = _minutes(first)
    if opened is None or closed_alone is None:
        return []
    return [_from_a_clock(o, closed_alone) for o in _clock_and_later(first, opened)]


def _clock_and_later(said: str, minutes: int) -> list[int]:
    """The readings of a clock time said in a span with an hour alone: as written, and in
    twelve-hour writing of the small hours also twelve hours on (:func:`_later_half`: "2 to
    3:30" is 2:00 - 3:30 or 14:00 - 15:30)."""
    later = _later_half(said, minutes)
    return [minutes] if later is None else [minutes, later]


def _to_a_clock(hour: int, closed: int) -> list[tuple[int, int]]:
    """The span from an hour alone (``hour``: a reading of it) to a clock time (``closed``):
    the hour's last reading before the clock ("2-15:00": 14:00 to 15:00)."""
    while hour + HALF_DAY < closed:
        hour += HALF_DAY
    if hour < closed:
        return [(hour, closed)]
    return [(hour - HALF_DAY, closed)] if hour >= HALF_DAY else []


def _from_a_clock(opened: int, hour: int) -> tuple[int, int]:
    """The span from a clock time (``opened``) to an hour alone (``hour``: its morning
    reading): the hour's first reading after the clock ("11:30-3": 11:30 to 15:00)."""
    while hour <= opened:
        hour += HALF_DAY
    return opened, min(hour, DAY)


def _for_a_length(first: str, length: str) -> list[tuple[int, int]]:
    """The spans from ``first`` (each reading: :func:`_readings`) for ``length`` ("from 14:00
    for an hour"; read by :func:`checkers.plan_length.minutes_of`)."""
    minutes = _length_minutes(length)
    if minutes is None:
        return []
    return [(at, min(at + minutes, DAY)) for at in _readings(first)]


def _length_minutes(length: str) -> int | None:
    """The minutes of a length said (:data:`_LENGTH`), read by
    :func:`checkers.plan_length.minutes_of`; None when it reads none."""
    # plan_length reads its ends with this module: its length reader is imported at use.
    from checkers.plan_length import minutes_of

    minutes = minutes_of(length.replace("ninety", "90").replace("thirty", "30"))
    return minutes_of(length.replace("forty-five", "45")) if minutes is None else minutes


_COMMITMENT_LENGTH = re.compile(
    rf"(?P<before>{_LENGTH})(?:\s*-?\s*long)?\s+(?:[\w-]+\s+)?{_COMMITMENT}\b"
    rf"|\b(?:runs?|lasts?|goes|takes|is)\s+(?:for\s+)?(?:about\s+|around\s+)?(?P<after>{_LENGTH})",
    re.I,
)
"""The length of a commitment said with it ("a 90-minute call", "an hour-long meeting", "a
two-hour workshop", "his 2pm call runs for 45 minutes")."""


def _lasting(
    text: str, match: re.Match[str], spans: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """``spans`` of the busy saying ``match``, each a point of time ("has a call at 2") made
    as long as the commitment's length said in the saying or its clause ("has a 90-minute
    call at 2": 14:00 to 15:30); as they were when no length is said or a span is a range."""
    if not spans or any(last - first > 1 for first, last in spans):
        return spans
    length = _COMMITMENT_LENGTH.search(_clause_of(text, match))
    minutes = None if length is None else _length_minutes(length["before"] or length["after"])
    if minutes is None or minutes <= 1:
        return spans
    return [(first, min(first + minutes, DAY)) for first, _ in spans]


_MERIDIEM = re.compile(r"[ap]\.?\s?m\b", re.I)


_NIGHT_ENDS = 8 * 60
"""When the small hours end: a busy time read as written before it is no one's ("busy 2:30 -
3:30"), so twelve-hour writing there also means the afternoon; "busy until 11:00" is a
morning's."""


def _later_half(said: str, minutes: int) -> int | None:
    """``minutes`` (the clock time ``said``, read as written) twelve hours on when ``said`` is
    twelve-hour writing (:data:`~checkers.plan_words.TWELVE_HOUR_CLOCK`, no am or pm: "2:30";
    not "02:30" nor "3 pm") read as written in the small hours (before :data:`_NIGHT_ENDS`);
    else None."""
    if TWELVE_HOUR_CLOCK.fullmatch(said.strip()) is None or minutes >= _NIGHT_ENDS:
        return None
    return minutes + HALF_DAY


def _clock_readings(span: tuple[int, int], first: str, last: str | None) -> list[tuple[int, int]]:
    """The spans a span of clock times may mean (``span``: as written; ``first``, ``last``:
    its ends as said). An end in twelve-hour writing in the small hours (:func:`_later_half`)
    may mean twelve hours on: "busy 2:30 - 3:30", "until 3:30", "11:30 - 1:30" (11:30 to
    13:30). Both readings stand, as written first; a reading out of order is none. Where one
    end of a range has am or pm, the other shares it as English reads it when the range then
    ends after it starts, else takes the other half (:func:`_shared_half`: "2:30 - 3:30 pm"
    is 14:30 - 15:30 only, "11:30 - 12:30 pm" 11:30 - 12:30)."""
    low, high = span
    if last is None:
        said = _minutes(first)
        if said is None or _later_half(first, said) is None:
            return [span]
        later = (low, high + HALF_DAY) if low == 0 else (low + HALF_DAY, min(high + HALF_DAY, DAY))
        return [span, later] if later[1] <= DAY and later[0] < later[1] else [span]
    if bool(_MERIDIEM.search(first)) != bool(_MERIDIEM.search(last)):
        shared = _shared_half(span, first, last)
        if shared is not None:
            return [shared]
    early, late = _later_half(first, low), _later_half(last, high)
    readings = [span]
    if high <= low and late is not None and low < late:
        readings.append((low, late))  # crosses noon: "11:30 - 1:30"
    afternoon = (low if early is None else early, high if late is None else late)
    if afternoon[0] < afternoon[1] <= DAY:
        readings.append(afternoon)
    return list(dict.fromkeys(readings))


def _shared_half(span: tuple[int, int], first: str, last: str) -> tuple[int, int] | None:
    """The range ``span`` (as written; ``first``, ``last``: its ends as said) with am or pm on
    one end only, its other end in twelve-hour writing
    (:data:`~checkers.plan_words.TWELVE_HOUR_CLOCK`) read in the marked end's half when the
    range then ends after it starts, else in the other half; None when the other end is no
    twelve-hour writing ("14:00 - 3 pm") or neither reading is in order."""
    low, high = span
    if _MERIDIEM.search(last):
        bare, marked_pm = first, high >= HALF_DAY
    else:
        bare, marked_pm = last, low >= HALF_DAY
    if TWELVE_HOUR_CLOCK.fullmatch(bare.strip()) is None:
        return None
    shifted = 0 if (low if bare is first else high) >= HALF_DAY else HALF_DAY
    later = (low + shifted, high) if bare is first else (low, high + shifted)
    readings = [later, span] if marked_pm else [span, later]
    return next(((a, b) for a, b in readings if a < b <= DAY), None)


_HALF_AFTER = re.compile(
    r"\s*(?:(?P<am>in\s+the\s+morning|this\s+morning|before\s+(?:work|noon|lunch)|at\s+breakfast)"
    r"|(?P<pm>in\s+the\s+(?:afternoon|evening)|this\s+(?:afternoon|evening)|tonight))\b",
    re.I,
)
"""The half of the day said right after a span ("6:30-7:30 in the morning", "9-11 tonight")."""


def in_the_half_said(
    readings: list[tuple[int, int]], said: str, after: int
) -> list[tuple[int, int]]:
    """``readings`` of a span, only those in the half of the day ``said`` names right after it
    (:data:`_HALF_AFTER`: "busy 6:30-7:30 in the morning" is no evening), all when it names
    none or none fits."""
    if len(readings) < 2:
        return readings
    half = _HALF_AFTER.match(said, after)
    if half is None:
        return readings
    kept = [r for r in readings if (r[0] < 720) == bool(half["am"])]
    return kept or readings


def listed_spans(
    said: str, bare: bool = False, near: tuple[int, int] | None = None
) -> list[tuple[int, int]]:
    """The spans a list right at the start of ``said`` names, as minutes ``[first, last)``:
    only the list, never a time said after it ("until 17:00, so 17:30 suits him"). ``bare``:
    a time with no word before it is a span (:func:`span_minutes`)."""
    return listed_spans_end(said, bare, near)[0]


def listed_spans_end(
    said: str, bare: bool = False, near: tuple[int, int] | None = None
) -> tuple[list[tuple[int, int]], int]:
    """:func:`listed_spans`, and where the list ends in ``said`` (0: no list)."""
    lead = _FIRST_SPAN.match(said)
    if lead is None:
        return [], 0
    spans = []
    at = end = lead.end()
    while (span := BUSY_SPAN.match(said, at)) is not None:
        readings = in_the_half_said(span_readings(span, bare, near), said, span.end())
        if not readings:
            break
        spans.extend(readings)
        end = span.end()
        joined = _NEXT_SPAN.match(said, end)
        if joined is None:
            break
        at = joined.end()
    return spans, end if spans else 0


def _person(who: str) -> str:
    """A person of ``who`` (a pattern) as a whole word: not inside another word nor after an
    apostrophe ("José's" is no "s")."""
    return rf"(?<![\w'])(?:{who})(?![\w-])"


@lru_cache(maxsize=256)
def _forms(who: str) -> tuple[tuple[tuple[re.Pattern[str], bool], ...], re.Pattern[str]]:
    """The busy forms (each with whether a bare time is a span) and the free form after a
    person of ``who`` (a pattern). Anyone (:func:`busy_times`) is busy in :data:`_STATE` only,
    never away (:data:`_AWAY`): "The call is with a client at 16:00" names no one's busy time,
    but offers the call at 16:00."""
    person = _person(who)
    forms = _BUSY_FORMS if who != _SOMEONE else ((_ANYONE_BUSY, False), *_BUSY_FORMS[1:])
    busy = tuple((re.compile(person + form, re.I), bare) for form, bare in forms)
    return busy, re.compile(person + _FREE_FORM, re.I)


@lru_cache(maxsize=256)
def _labelled(who: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """:data:`_LABELLED` followed by its spans (the group ``spans``), and :data:`_HEADED`, for
    a person of ``who`` (a pattern), ignoring case."""
    person = _person(who)
    labelled = re.compile(_LABELLED.replace("PERSON", person) + _REST, re.I)
    return labelled, re.compile(_HEADED.replace("PERSON", person), re.I)


def _labelled_sayings(text: str, who: str) -> Iterator[tuple[re.Match[str], list[tuple[int, int]]]]:
    """Each busy saying under a label (:data:`_LABELLED`, :data:`_HEADING`) of a person of
    ``who`` in ``text``, with the spans it names (a bare time is one: the label says it is
    busy)."""
    labelled, headed = _labelled(who)
    for match in labelled.finditer(text):
        yield match, listed_spans_end(match["spans"], True)[0]
    for heading in _HEADING.finditer(text):
        for match in headed.finditer(text, heading.start(), heading.end()):
            yield match, listed_spans_end(text[match.end() : heading.end()], True)[0]


_CUES = (
    *("busy", "block", "booked", "tied up", "unavailable", "occupied", "work", "free"),
    *("availab", "office", "stuck", "held up", "flight", "train", "meeting", "call", "class"),
    *("shift", "appointment", "commitment", "stand", "interview", "sync", "session", "lecture"),
    *("exam", "lunch", "conflict", "get", "finish", "n't", "not", "unable", "away"),
    *("plane", "travel", "commuting", "out", "ooo", "offline", "afk", "double", "leave", "pto"),
    *("back-to-back", "workshop", "training", "seminar", "at ", "with ", "focus", "deep work"),
    *("heads-down", "errand", "school run", "pickup", "flying", "in the air", "transit"),
    *("offsite", "conference", "presentation", "all-hands", "town", "one-on-one"),
)
"""Words one of which every match of the forms holds (lowered)."""


def _busy_sayings(
    text: str, who: str, lowered: str, near: tuple[int, int] | None = None
) -> Iterator[tuple[re.Match[str], list[tuple[int, int]], int]]:
    """Each busy saying after a person of ``who`` in ``text`` (``lowered``: it lowered), with
    the spans it names and where the last of them ends in ``text``; a saying up to an hour
    alone ("can't get away before 6") reads it nearest ``near`` (:func:`_readings`)."""
    if not any(map(lowered.__contains__, _CUES)):
        return
    for form, bare in _forms(who)[0]:
        for match in form.finditer(text):
            if match.re.groupindex.get("end") is None:
                spans, end = listed_spans_end(match["spans"], bare, near)
                yield match, _lasting(text, match, spans), match.start("spans") + end
            elif until := _readings(match["end"], near):
                yield match, [(0, minutes) for minutes in until], match.end()


def _clause_of(text: str, match: re.Match[str]) -> str:
    """The saying ``match`` up to its clause's end, lowered."""
    end = _CLAUSE_END.search(text, match.end())
    return text[match.start() : end.start() if end is not None else len(text)].lower()


def _held(text: str, match: re.Match[str], plan_days: Collection[str]) -> bool:
    """Whether the saying ``match`` holds on the plan's day: it names no other day (a day of
    ``plan_days`` is the plan's) and no word by which it is no longer held, up to its
    clause's end."""
    said = _clause_of(text, match)
    if _NOT_NOW.search(said):
        return False
    return all(day["day"] in plan_days for day in _DAY_WORD.finditer(said))


def _free_leaves_out(spans: list[tuple[int, int]], only: bool, window: tuple[int, int]) -> bool:
    """Whether free time ``spans`` leaves part of ``window`` out: said to be the only free
    time (``only``), none holds the window; else one starts or ends inside it. A free time at
    a point bounds nothing ("free at 17:30")."""
    start, end = window
    spans = [(first, last) for first, last in spans if last - first > 1]
    if only and spans and not any(first <= start and end <= last for first, last in spans):
        return True
    # Free only from a time inside the window leaves its start out in every reading of an hour
    # alone ("only free from 3 onwards": from 03:00, or from 15:00).
    return any(start < first < end or start < last < end for first, last in spans)


_ARRIVAL = (
    r"(?:\s+(?:will|can|could|should|only|also|then|is going to|has to|needs to|won't be able"
    r" to|can't|cannot)|'ll)*"
    r"\s+(?:arrives?|arriving|gets?\s+(?:there|in|here)|getting\s+(?:there|in|here)|joins?"
    r"|joining|lands?|landing|shows?\s+up|comes?\s+in|makes?\s+it|be\s+there|get\s+away)"
    r"(?:\s+(?!(?:at|around|about|by|from|after|until|till|before)\s+\d)[\w']+){0,3}?"
    r"\s+(?:at|around|about|by|from|after|(?:no|not)\s+(?:earlier|sooner)\s+than|not\s+before"
    rf"|only\s+at)\s+{_TIME}"
)
"""Someone arriving or joining at a time ("Ana arrives at 19:00", "Jerry can join from 14:45",
"José can't make it until 18:00" is :data:`_BUSY_FORMS`'): away until then. Read only of the
group's own people (:func:`busy_during`), never as no plan's time: "They could also arrive at
18:00" offers 18:00. A possibility ("might arrive at 19:00") is no statement."""


@lru_cache(maxsize=512)
def _after_person(who: str, form: str) -> re.Pattern[str]:
    """``form`` (a pattern ending in the time ``end``) right after a person of ``who`` (a
    pattern), ignoring case."""
    return re.compile(rf"{_person(who)}(?:{form})", re.I)


_ARRIVAL_CUES = ("arriv", "get", "join", "land", "show", "come", "make", "there")
"""Words one of which every match of :data:`_ARRIVAL` holds (lowered)."""

_OBLIGED = r"(?:has|have|had|need|needs|got)\s+to|must|gotta"
_LEAVE = (
    r"leaves?|leaving|step(?:s|ping)?\s+(?:out|away)|duck(?:s|ing)?\s+out"
    r"|head(?:s|ing)?\s+(?:out|off|home|back)|go(?:es|ing)?\s+home|takes?\s+off|taking\s+off"
    r"|finish(?:es)?\s+work|gets?\s+off(?:\s+work)?|stops?\s+working|(?:logs?|signs?)\s+off"
    r"|drops?\s+(?:off|out)|catch(?:es)?\s+(?:a|an|the|his|her|their|my)\s+"
    r"(?:[\w-]+\s+)?(?:train|flight|bus|plane|ferry|ride)"
    r"|picks?\s+up|(?:is|are|'s|'re|be)\s+(?:off|out|home|gone|back(?: home)?)"
    r"|(?:(?:has|have|'s got|has got|with)\s+)?(?:a\s+)?hard[ -]stop"
)
"""Leaving or being elsewhere, whatever comes before it ("leaves", "steps out", "is gone")."""
_BEFORE_LEAVING = (
    r"(?:\s+(?:also|usually|only|still|then|just|will|would|should|can|could|is|are"
    rf"|is going to|are going to|plans? to|wants? to|{_OBLIGED})|'ll|'d|'s|'re|'ve\s+(?:got\s+)?to"
    r"|(?:\*\*)?\s*:(?:\*\*|__)?|\s*\()*"
)
"""What may stand between a person and their leaving ("will", "has to", "is", "'ll", a list
item's colon, a bracket: "Jerry (hard stop at 15:00)")."""
DEPARTURE = (
    rf"(?:{_BEFORE_LEAVING}\s*(?:{_LEAVE})"
    r"|(?:\s+(?:also|still|then|just|really|will))*"
    rf"(?:\s+(?:{_OBLIGED})|'ve\s+(?:got\s+)?to|'s\s+got\s+to)\s+(?:go|run|bounce|dash|split))"
    r"(?:\s+[\w']+){0,3}?,?\s+(?:at|by|around|about"
    r"|before)|(?:\s+(?:can|could|will|is able to)|'ll)?(?:\s+only)?\s+stays?\s+"
    r"(?:until|till|til)"
    r"|\s+(?:can't|cannot|can not|won't|will not|isn't able to|is unable to)\s+stay\s+"
    r"(?:past|after|beyond|later than|longer than)"
)
"""Leaving, or having to be elsewhere, at a clock time (said after this: "will leave at 18:00",
"has to step out at 15:00", "has a hard stop at 15:00", "has to catch a train at 18:00", "can
only stay until 18:00", "can't stay past 18:00"): gone from then on. "Go" and "run" only when they
must ("has to go at 15:00": "can go at 15:00" says they can come). A possibility ("might
leave at 18:00") is no statement. Read only of the group's own people, inside the plan
(:func:`busy_during`), never as no plan's time."""


DEPARTURE_CUES = (
    *("leav", "out", "off", "home", "work", "gone", "back", "away", "stop", "catch", "pick"),
    *("stay", "go", "run", "bounce", "dash", "split"),
)
"""Words one of which every match of :data:`DEPARTURE` holds (lowered)."""


def _said_at(
    text: str,
    form: re.Pattern[str],
    plan_days: Collection[str],
    missed: Callable[[int], bool],
    window: tuple[int, int],
) -> list[tuple[int, int]]:
    """Where ``form`` says someone comes or goes at a time (its group ``end``, an hour alone
    read nearest ``window``: :func:`_readings`) by which they miss part of the plan
    (``missed``, of the time in minutes), on the plan's day."""
    return [
        match.span()
        for match in form.finditer(text)
        if any(map(missed, _readings(match["end"], window, coming_or_going=True)))
        and _held(text, match, plan_days)
    ]


DAY_PARTS = {
    "morning": (5 * 60, 12 * 60),
    "afternoon": (12 * 60, 17 * 60),
    "evening": (17 * 60, 21 * 60),
    "night": (21 * 60, DAY),
    "tonight": (17 * 60, DAY),
    "day": (0, DAY),
}
"""Parts of a day, in minutes, as a busy saying names them ("Jerry is booked all afternoon"):
each the span most readers give it, a dinner at 17:30 in the evening and not the afternoon."""
_DAY_PART = (
    rf"{_IS}{_AWAY}\s+(?:(?:all|the\s+whole|the\s+entire|most\s+of\s+the|for\s+the"
    rf"(?:\s+whole)?|(?:in|during)\s+the|this|that|on)\s+(?:{_WEEKDAY}\s+)?"
    r"(?P<part>morning|afternoon|evening|night|day)"
    rf"|{_WEEKDAY}\s+(?P<weekday_part>morning|afternoon|evening|night)|(?P<tonight>tonight))\b"
    r"(?!\s*(?:,\s*)?(?:except|apart from|other than|save|but not|besides|outside)\b)"
)
"""A person busy for a part of the day ("Jerry is booked all afternoon", "Raj is busy this
evening", "Jerry is in meetings Monday afternoon"): a part with a word before it, so that
"Thomas's working day ends" is none; never with an exception after it ("busy all afternoon
except 14:30 - 16:00")."""
_DAY_PART_CUES = ("morning", "afternoon", "evening", "night", " day")


def _busy_day_part(
    text: str, who: str, window: tuple[int, int], plan_days: Collection[str]
) -> list[tuple[int, int]]:
    """Where a person of ``who`` is said to be busy for a part of the day that shares a minute
    with ``window`` (:data:`DAY_PARTS`), on the plan's day."""
    start, end = window
    found = []
    for match in _after_person(who, _DAY_PART).finditer(text):
        part = (match["part"] or match["weekday_part"] or match["tonight"]).lower()
        low, high = DAY_PARTS[part]
        if low < end and high > start and _held(text, match, plan_days):
            found.append(match.span())
    return found


_BUSY_HEADER = re.compile(
    r"\b(?:busy|blocked|booked|unavailable|conflicts?|meetings?|commitments?|not free|away)\b",
    re.I,
)
"""A table column's header naming busy time ("| Person | Busy |", "| Who | Blocked |")."""


def busy_rows(
    text: str, who: str, window: tuple[int, int], plan_days: Collection[str]
) -> list[tuple[int, int]]:
    """Where a markdown table whose header names busy time (:data:`_BUSY_HEADER`) holds a row
    naming a person of ``who`` with a span in a busy column sharing a minute with ``window``
    ("| Jerry | 11:30-15:00 |" under "| Person | Busy |"), on the plan's day."""
    start, end = window
    lines = text.split("\n")
    offsets = list(itertools.accumulate((len(line) + 1 for line in lines), initial=0))
    person = re.compile(_person(who), re.I)
    found = []
    for index, busy in tables.headed_tables(lines, _BUSY_HEADER):
        for offset, row in enumerate(tables.rows_from(lines, index + 2), index + 2):
            row_cells = tables.cells(row)
            named = [c for k, c in enumerate(row_cells) if k not in busy and person.search(c)]
            spans = [
                span
                for k in busy
                if k < len(row_cells)
                for span in listed_spans(row_cells[k], bare=True)
            ]
            if named and any(first < end and last > start for first, last in spans):
                at = offsets[offset]
                match = person.search(text, at, at + len(row))
                if match is not None and _held(text, match, plan_days):
                    found.append((at, at + len(row)))
    return found


def busy_during(
    text: str,
    who: str,
    window: tuple[int, int],
    plan_days: Collection[str] = (),
    open_ended: bool = True,
) -> list[tuple[int, int]]:
    """Where in ``text`` a person of ``who`` (a pattern: the domain's names, and the pronouns
    it reads as one of them) is said to be busy during part of ``window`` (the plan's start
    and end, in minutes), as ``(start, end)`` offsets of each saying. ``plan_days``: the
    plan's days, lowered ("monday"): a span said on another day is none. ``open_ended``: a
    busy span "from" a time with no end runs to the day's end (dining's reading); else it is
    the block's start alone (scheduling's: "I tried 11:00-12:00, but Jerry is busy from
    11:30")."""
    start, end = window
    lowered = text.lower()
    sayings = [(match, spans) for match, spans, _ in _busy_sayings(text, who, lowered, window)]
    if any(map(lowered.__contains__, _CUES)):
        sayings += _labelled_sayings(text, who)
    found = [
        match.span()
        for match, spans in sayings
        if any(
            first < end and (last if open_ended or last < DAY else first + 1) > start
            for first, last in spans
        )
        and _held(text, match, plan_days)
    ]
    if any(map(lowered.__contains__, _ARRIVAL_CUES)):
        arrival = _after_person(who, _ARRIVAL)
        found += _said_at(text, arrival, plan_days, lambda at: at > start, window)
    if any(map(lowered.__contains__, DEPARTURE_CUES)):
        departure = _after_person(who, rf"(?:{DEPARTURE})\s+{_TIME}")
        found += _said_at(text, departure, plan_days, lambda at: start < at < end, window)
    if "|" in text:
        found += busy_rows(text, who, window, plan_days)
    if any(map(lowered.__contains__, _DAY_PART_CUES)):
        found += _busy_day_part(text, who, window, plan_days)
    if "free" in lowered or "availab" in lowered:
        free = _forms(who)[1]
        found += [
            match.span()
            for match in free.finditer(text)
            if _free_leaves_out(
                listed_spans(match["spans"], near=window),
                bool(match["only"] or match["only_after"]),
                window,
            )
            and _held(text, match, plan_days)
        ]
    return sorted(found)


_SOMEONE = r"[^\W\d_][\w'-]*"
_PERSON = re.compile(_SOMEONE)
_NOT_SOMEONE = frozenset(
    (
        *("it", "that", "this", "there", "which", "what", "also", "too", "everyone", "all"),
        *("both", "one", "slot", "time", "option", "table", "plan", "we", "you", "i"),
        *("nothing", "none", "nobody", "anything", "everything", "something", "either"),
        *("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
        *("today", "tonight", "tomorrow", "morning", "afternoon", "evening", "day"),
        *("the", "a", "an", "its", "our", "your", "their", "his", "her", "my"),
    )
)
"""Words that stand where a person would but say a plan or a time ("it works 18:00 - 19:00",
"Umi also works 18:00 - 19:00", "Thursday works at 16:00")."""


_WORKS = re.compile(r"\s+(?:also\s+|still\s+)?(?:works|worked)\b", re.I)
"""Someone "works" at a point of time: read as busy of a guest or participant named
(:func:`busy_during`), never as no plan's time (:func:`busy_times`): "Brunch works at 11:00"
offers 11:00; "Ana works 12:00 - 12:30" and "works until 17:00" are busy time."""


def busy_times(text: str) -> list[tuple[int, int]]:
    """Where in ``text`` someone's busy time is said (:func:`busy_during`'s busy forms, of
    anyone, on any day, past or not, but not freed: "cancelled", "moved"), as ``(start,
    end)`` offsets from the person to the end of the last span said: a time there is no
    plan's time ("Ana works 12:00 - 12:30", "José has a train at 21:00, after dinner", "José
    was busy 17:00 - 18:00 yesterday"), unless the rest of its sentence offers it (the
    caller's to read: :func:`outside`)."""
    return list(_busy_times(text))


@lru_cache(maxsize=64)
def _busy_times(text: str) -> tuple[tuple[int, int], ...]:
    """:func:`busy_times`, read once per text: a reader asks it of every time the text names,
    and reading the busy sayings anew each time grew with the square of a long list."""
    found = []
    for match, spans, end in _busy_sayings(text, _SOMEONE, text.lower()):
        person = _PERSON.match(text, match.start())
        if not spans or person is None or person.group().lower() in _NOT_SOMEONE:
            continue
        if _WORKS.match(text, person.end()) and all(last - first <= 1 for first, last in spans):
            continue  # "X works at 11:00" as often offers 11:00 as it says X's job
        if _FREED_NOW.search(_clause_of(text, match)) is None:
            found.append((match.start(), end))
    return tuple(found)


def outside(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with ``spans`` (:func:`busy_times`, in any order, maybe overlapping) blanked
    out, positions kept: what the rest of a sentence says beside someone's busy time ("Ana
    works 12:00 - 12:30" offers nothing; "..., so anything after that works" offers)."""
    parts, at = [], 0
    for start, end in sorted(spans):
        if end > at:
            parts += [text[at : max(at, start)], " " * (end - max(at, start))]
            at = end
    return "".join([*parts, text[at:]])


def is_busy_time(
    text: str, start: int, end: int, offers: Callable[[str], bool], plan_parts: Collection[int] = ()
) -> bool:
    """Whether the time at ``text[start:end]`` (a sentence or clause) is someone's busy time
    (:func:`busy_times`) and offered neither right after itself ("José's meeting ends at 16:00,
    which also works": :data:`~checkers.plan_words.OFFERED_AFTER`) nor by the rest of
    ``text`` as ``offers`` (the domain's offer reader) reads it without the busy sayings
    ("..., so anything after that works"). ``plan_parts``: where the text names a plan's part
    (a saying led by one is no person's: "Umi works 18:00 - 19:00")."""
    if OFFERED_AFTER.match(text[end : end + 60].lower()) is not None:
        return False
    # A time's mention may take the period after "pm" that ends its sentence ("at 4:00 pm.").
    end = min(end, len(text))
    said = tuple((a, b) for a, b in _busy_times(text) if a not in plan_parts)
    held = any(a <= start and end <= b for a, b in said)
    return held and not _offered_beside(text, said, offers)


@lru_cache(maxsize=64)
def _offered_beside(
    text: str, said: tuple[tuple[int, int], ...], offers: Callable[[str], bool]
) -> bool:
    """Whether ``offers`` reads an offer in ``text`` with the busy sayings ``said`` blanked
    out: the same for every time of one text, so read once (it was once per time named)."""
    return offers(outside(text, list(said)))
