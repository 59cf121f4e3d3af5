"""How long a plan is said to last, and when it is said to end.

Both planning domains judge a plan of one length: a meeting's slot from its start to its end, a
dinner for the group's duration. An answer that gives its plan another length states another
plan than the one judged, and the checker will not pick one: a length said of the plan
("(90 minutes)", "Duration: 1 hour", "a one-hour dinner", "The meeting lasts 45 minutes"), a
length or an end under a key of the plan's JSON (``"duration_minutes": 60``, ``"end":
"18:30"``), a range the plan's start opens and another time closes ("Dinner runs 17:30 - 18:30"),
or the plan, its place or its table said to end or close inside it ("Green Fork closes at
18:30", "We have the table until 18:30" of a dinner to 19:30).

The domains give the words: the nouns their plan goes by, and what names it (its place).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from checkers.busy_spans import DAY
from checkers.final_word import clock_minutes, key_words, opening_hours
from checkers.left_out import COUNTS
from checkers.plan_words import (
    CLOCK_TIME,
    END_LABEL,
    HALF_DAY,
    HOUR_ALONE,
    NOT_AN_HOUR_AFTER,
    OPEN_HOURS,
    RANGE_JOINER,
    TWELVE_HOUR_CLOCK,
    hour_alone_near,
    nearest,
)

AMOUNT = (
    r"(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|half an?|one and a half"
    r"|an? hour and a half)"
)
DURATION = rf"{AMOUNT}(?:\s*-?\s*(?:hours?|hrs?|h|minutes?|mins?)\b(?:\s+and\s+a\s+half)?)?"
"""A length in words or digits, its unit optional ("90 minutes", "1.5 hours", "an hour and a
half", "45-minute"); read by :func:`minutes_of`."""
_AMOUNTS = {"a": 1, "an": 1, **COUNTS}
_UNIT = re.compile(r"(hours?|hrs?|h|minutes?|mins?)\b")
_AMOUNT_WORD = re.compile(r"[\d.]+|an?|one|two|three|four|five|six|half")


def minutes_of(said: str) -> int | None:
    """The minutes a length matched by :data:`DURATION` says (None: no unit, so no length:
    "(a meeting)"; or no amount)."""
    text = said.casefold()
    unit = _UNIT.search(text)
    if unit is None and "hour" not in text:
        return None
    amount = _AMOUNT_WORD.match(text)
    if amount is None:
        return None
    word = amount.group()
    try:
        value = 0.5 if word == "half" else _AMOUNTS.get(word) or float(word)
    except ValueError:  # "1.2.3"
        return None
    if "half" in text[amount.end() :]:
        value += 0.5
    per = 60 if unit is None or unit.group().startswith("h") else 1
    minutes = _whole_minutes(value * per)
    return _NO_LENGTH if minutes is None else minutes


_NO_LENGTH = 10**7
"""The minutes a length too great to be one gives ("9999...9 minutes", 1e308 hours): no plan's
length, so never the one judged."""


def _whole_minutes(value: float) -> int | None:
    """``value`` rounded, None when it is not finite or past :data:`_NO_LENGTH` (rounding an
    infinity raises)."""
    return round(value) if math.isfinite(value) and abs(value) < _NO_LENGTH else None


@lru_cache(maxsize=8)
def length_said(nouns: str) -> re.Pattern[str]:
    """A length said of the plan called by one of ``nouns`` (a regex alternation: "meeting|call")
    after the plan: right after it ("(90 minutes)", "(a 45-minute meeting)", "an hour and a
    half" on a line of its own: group ``first``), in a field ("Duration: 90 minutes":
    ``field``) or of the plan ("The meeting lasts 90 minutes": ``lasts``; "This is a 45-minute
    meeting", "the 45-minute call": ``noun``); never of someone's own call ("Dylan has a
    30-minute call") or of a plan in general ("a 15-minute slot is tried")."""
    plan = rf"(?:{nouns})"
    near = r"(?:about\s+|around\s+|roughly\s+|~\s*)?"
    return re.compile(
        rf"^\s*(?:```\s*)?[(\[,\u2013\u2014-]?[ \t]*(?:for[ \t]+|lasting[ \t]+)?(?:an?[ \t]+)?"
        rf"(?P<first>{DURATION})(?:[ \t]*-?[ \t]*long)?(?:[ \t]*-?[ \t]*{plan})?[ \t]*"
        r"(?=[)\].,;!\n]|$)"
        rf"|(?im:^[ \t>*_-]*(?:(?:{nouns}|reservation|booking|table|slot|event)[ \t]+)?"
        rf"(?:duration|length)[*_ \t]*:[*_ \t]*{near}(?P<field>{DURATION}))"
        rf"|(?i:\b(?:the|this|our)\s+{plan}\s+(?:will\s+|would\s+|should\s+)?(?:lasts?|runs?|is"
        rf"|takes?|be|last|run|take)\s+(?:for\s+|about\s+|around\s+)?(?P<lasts>{DURATION}))"
        rf"|(?i:(?:\b(?:this|that|it)(?:'s|\s+is|\s+will\s+be|\s+would\s+be)\s+an?|\b(?:the|this"
        rf"|our)|(?:^|(?<=[.!?\n]))[ \t*_>-]*an?)\s+(?P<noun>{DURATION})\s*-?\s*(?:long\s+)?"
        rf"{plan}\b)"
        rf"|(?i:\b{plan}\s*[(\[]\s*{near}(?P<aside>{DURATION})\s*[)\]])"
        rf"|(?i:(?:^|(?<=[.!?\n]))[ \t*_>-]*(?:let's\s+|we'll\s+|please\s+)?(?:plan|budget)\s+"
        rf"(?:for\s+)?{near}(?P<plan_for>{DURATION})(?=\s*(?:[.!;\n]|$|for\s+(?:the\s+|this\s+"
        rf"|our\s+)?{plan}\b)))"
        rf"|(?i:\bkeep\s+(?:it|this|things|the\s+{plan})\s+(?:to|under|within|at)\s+{near}"
        rf"(?P<keep>{DURATION}))"
        rf"|(?i:\b(?:can|could)\s+only\s+(?:do|spare|give\s+(?:us|it)|manage)\s+{near}"
        rf"(?P<only>{DURATION}))",
    )


def said_length(match: re.Match[str]) -> int | None:
    """The minutes a :func:`length_said` match gives, whichever of its forms matched."""
    groups = ("first", "field", "lasts", "noun", "aside", "plan_for", "keep", "only")
    group = next((g for g in groups if match[g]), None)
    return None if group is None else minutes_of(match[group])


_UNIT_CUE = re.compile(r"hour|hr|min|\dh\b", re.I)
"""What every length :func:`minutes_of` reads holds: its unit."""


def _other(said: int | None, length: int, at_least: bool) -> bool:
    """Whether a length ``said`` (None: none) is another than ``length``: any other, or with
    ``at_least`` a shorter one or one of more than a day (no dinner's)."""
    if said is None:
        return False
    return said < length or said > DAY if at_least else said != length


def length_said_otherwise(
    after: str, nouns: str, length: int, at_least: bool = False
) -> str | None:
    """The words of ``after`` (the text after the plan) giving the plan, called by one of
    ``nouns``, another length than ``length`` minutes (:func:`length_said`; with ``at_least``,
    a shorter one: a dinner may go on), else None."""
    if _UNIT_CUE.search(after) is None:
        return None  # every length read holds a unit
    pattern = length_said(nouns)
    first = pattern.match(after)
    if first is not None and _other(minutes_of(first["first"] or ""), length, at_least):
        return first.group().strip()
    for said in pattern.finditer(after):
        if said["first"] is None and _other(said_length(said), length, at_least):
            return said.group().strip()
    return None


LENGTH_KEYS = (
    "duration",
    "duration_minutes",
    "duration_mins",
    "duration_min",
    "duration_hours",
    "length",
    "length_minutes",
    "length_min",
)
"""Keys under which a plan's JSON may give its length (not a bare ``hours`` or ``minutes``:
opening hours and meeting minutes go by those)."""
END_KEYS = ("end", "end_time", "ends", "ends_at", "end_at", "until", "finish", "finish_time")
"""Keys under which a plan's JSON may give its end."""


def _key_minutes(key: str, value: Any) -> set[int] | None:
    """The lengths in minutes a value under a length key may mean (a bare number under
    ``duration`` is minutes or hours), None when it gives none."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    if isinstance(value, str):
        read = _iso_or_clock_length(value.strip())
        read = minutes_of(value.strip()) if read is None else read
        return None if read is None else {read}
    per = (60,) if "hour" in key else (1,) if "min" in key else (1, 60)
    lengths = {_whole_minutes(value * each) for each in per}
    return None if None in lengths else {m for m in lengths if m is not None}


_ISO_LENGTH = re.compile(r"p?t?(?:(\d{1,3})h)?(?:(\d{1,4})m)?", re.I)
_CLOCK_LENGTH = re.compile(r"(\d{1,2}):(\d{2})")


def _iso_or_clock_length(said: str) -> int | None:
    """The minutes of a length written as ISO 8601 ("PT2H", "PT1H30M") or as hours and minutes
    ("02:00"), else None."""
    clock = _CLOCK_LENGTH.fullmatch(said)
    if clock is not None:
        return int(clock[1]) * 60 + int(clock[2])
    iso = _ISO_LENGTH.fullmatch(said)
    if iso is None or not said.upper().startswith("PT") or not (iso[1] or iso[2]):
        return None
    return int(iso[1] or 0) * 60 + int(iso[2] or 0)


def json_length_otherwise(
    answer: dict[str, Any], start: int, length: int, end_keys: bool = True, at_least: bool = False
) -> str | None:
    """The key and value of ``answer`` (a plan's JSON; a key read in any case and spacing:
    "endTime", "End Time") that give the plan another length than
    ``length`` minutes from ``start`` (``"duration_minutes": 60`` of a two-hour dinner, ``"end":
    "18:30"``), or a length or end that cannot be read as one (``"duration": "long"``), else
    None. ``end_keys``: whether :data:`END_KEYS` are read here (a domain whose plan states its
    end reads that itself); ``at_least``: only a shorter length or an earlier end is another
    (a dinner may go on past its length, a meeting's slot is exact)."""
    for key, value in answer.items():
        form = "".join(key_words(str(key)))
        if value is None or not (form in _LENGTH_FORMS or (end_keys and form in _END_FORMS)):
            continue
        if form in _LENGTH_FORMS:
            lengths = _key_minutes(form, value)
            if lengths is None or not (length in lengths or (at_least and min(lengths) > length)):
                return f'"{key}": {value!r}'
            continue
        end = clock_minutes(value.strip().lower()) if isinstance(value, str) else None
        if end is None or _other(_length_to(start, end), length, at_least):
            return f'"{key}": {value!r}'
    return None


def _length_to(start: int, end: int) -> int:
    """The minutes from ``start`` to ``end``, past midnight if need be (a whole day when they
    are one time)."""
    return (end - start) % DAY or DAY


_LENGTH_FORMS = frozenset("".join(key_words(key)) for key in LENGTH_KEYS)
_END_FORMS = frozenset("".join(key_words(key)) for key in END_KEYS)
"""The keys' words run together: "endTime", "End Time", "end-time" and "end_time" are one."""


_ENDING_BEFORE = re.compile(
    r"\b(?:clos(?:es|ing|e)|shuts?|shutting|ends?|ending|finish(?:es|ing)?|is over|wraps? up"
    r"|(?:need|needs|wants?) (?:the table|it|us out) back|until|till|up to|only (?:until|till|to)"
    r"|must (?:be out|leave|vacate)|kicks? us out|(?:be|are|'re)\s+(?:done|finished|wrapped up)"
    r"|vacate(?: the table)?|clear out)\s+(?:at\s+|by\s+|around\s+|about\s+)?$"
)
"""Words ending something at the time that follows: "closes at", "until", "need the table
back by", "be done by", "vacate the table by"; not last orders or a kitchen that stops
serving, which leave the dinner going (``tests/test_final_word_honest_notes_2.py``)."""
_RANGE_BEFORE = re.compile(rf"(?P<opened>{CLOCK_TIME.pattern})\s*{RANGE_JOINER}\s*$")
"""A time and a range's joiner, the range's end to follow: "17:30 - "."""
_CLOCK_AT = re.compile(CLOCK_TIME.pattern)


_MERIDIEM = re.compile(r"[ap]\.?\s?m\b\.?")


def _opened_at(opened: str, closed: str) -> int | None:
    """The minutes of a range's first time, which takes the half of the day its last time
    names when it names none ("5:30 - 6:30 pm" opens at 17:30)."""
    half = _MERIDIEM.search(closed)
    if half is not None and _MERIDIEM.search(opened) is None:
        return clock_minutes(f"{opened.strip()} {half.group()}")
    return clock_minutes(opened)


@lru_cache(maxsize=64)
def _subject_before(subjects: str) -> re.Pattern[str]:
    """One of ``subjects`` ending a text but for 40 characters of its sentence at most."""
    return re.compile(rf"\b(?:{subjects})\b[^.!?;\n]{{0,40}}$")


_GROUP = re.compile(r"\b(?:you|we|the group|us)\b[^.!?;\n]{0,40}$")
"""The group, whose end is the plan's when it is done with it ("You should be done by 18:30",
"We need to vacate the table by 18:30": :data:`_DONE`, a deadline: "You'll be done at
18:00" is left to ``tests/test_final_word_rationale.py``, which holds it no plan); its
leaving is each one's
(:data:`checkers.busy_spans.DEPARTURE`: "We must be out by 18:00")."""
_DONE = re.compile(
    r"(?:\b(?:be|are|'re)\s+(?:done|finished|wrapped up)|vacate(?: the table)?|clear out)\s+by\b"
)
_NO_SUBJECT = re.compile(
    r"(?:^|[.!?\n])[\s*_>#-]*(?:(?:from|between|so|please|expect\s+to|plan\s+to|aim\s+to)\s+)?$",
    re.I,
)
"""A sentence opening with the end or the range, no subject said: the plan's ("Until 18:30.",
"17:30 to 18:30.", "Expect to be done by 18:30.")."""


def _plans_end(head: str, ending: int, subjects: str, cut: bool) -> int | None:
    """Where in ``head`` (the text before a time, ``cut`` when its sentence may start before
    it) the words ending something at ``ending`` have the plan as their subject: one of
    ``subjects`` or the group, not a time a table waits nor a place where something else
    happens, or no subject at all. None when the end is another thing's."""
    subject = _subject_before(subjects).search(head, 0, ending)
    if subject is None and _DONE.match(head, ending):
        subject = _GROUP.search(head, 0, ending)
    if subject is None:
        bare = _NO_SUBJECT.search(head, 1 if cut else 0, ending)
        return None if bare is None else bare.start() + (bare.group()[:1] in ".!?\n")
    if _NOT_ITS_END.search(head, subject.start(), ending):
        return None
    if _PREPOSITION_BEFORE.search(head, 0, subject.start()):
        return None  # "Happy hour at Green Fork ends at 18:00": the subject is the happy hour
    return subject.start()


def _readings(clock: str) -> tuple[int, ...]:
    """The minutes a clock time may mean: one of twelve-hour writing with no am or pm ("6:30",
    :data:`~checkers.plan_words.TWELVE_HOUR_CLOCK`) is 06:30 or 18:30."""
    minutes = clock_minutes(clock)
    if minutes is None:
        return ()
    if TWELVE_HOUR_CLOCK.fullmatch(clock.strip()):
        return (minutes, minutes + HALF_DAY)
    return (minutes,)


def ended_otherwise(folded: str, subjects: str, start: int, end: int) -> str | None:
    """The words of ``folded`` (folded, lowered text) in which the plan, named by one of
    ``subjects`` (a regex alternation: its nouns, its place's names), ends inside it ("Green
    Fork closes at 18:30", "we have the table until 18:30", "End: 18:30" of a dinner from 17:30
    to 19:30) or runs from its start to an end inside it ("Dinner runs 17:30 - 18:30"), else
    None. An end
    after the plan's ("open until 22:00", "Dinner runs 5:30 - 8 pm": a dinner may go on) and a
    range starting elsewhere ("busy 15:00 - 16:00") say nothing of its length. Read from each
    clock time back, as clock times are few."""
    for clock in _CLOCK_AT.finditer(folded):
        readings = _readings(clock.group())
        if not readings:
            continue
        minutes = readings[0]
        head = folded[max(0, clock.start() - 80) : clock.start()]
        inside = any(start < m < end for m in readings)
        ending = (_ENDING_BEFORE.search(head) or END_LABEL.search(head)) if inside else None
        if ending is None:
            ranged = _RANGE_BEFORE.search(head)
            if ranged is None or _opened_at(ranged["opened"], clock.group()) != start:
                continue
            # A range the plan's start opens shortens it when it ends inside it; one that would
            # run over 12 hours ("17:30 -> 11:00") is no span of a plan.
            if _length_to(start, minutes) > 12 * 60 or _length_to(start, minutes) >= end - start:
                continue
            ending = ranged
        said = _plans_end(head, ending.start(), subjects, clock.start() > 80)
        if said is not None:
            return head[said:] + clock.group()
    return _ended_at_an_hour(folded, subjects, start, end) or _hours_end_inside(
        folded, subjects, start, end
    )


def _hours_end_inside(folded: str, subjects: str, start: int, end: int) -> str | None:
    """The words of ``folded`` giving the plan's place opening hours (one of ``subjects`` their
    subject, or none: "Hours: 16:00-19:00.", "Green Fork is open 4-7") that are open at the
    plan's start but close inside it, else None: the dinner is cut short. Hours closing at or
    before the start shut the plan out (:mod:`checkers.final_word`'s to read); hours another
    place keeps ("Umi is open 16:00-19:00") say nothing of the plan."""
    for said in OPEN_HOURS.finditer(folded):
        hours = opening_hours(said["open"], said["close"])
        if hours is None or not hours[0] <= start < hours[1] < end:
            continue
        cut = max(0, said.start() - 80)
        head = folded[cut : said.end()]
        subject = _plans_end(head, said.start() - cut, subjects, cut > 0)
        if subject is not None:
            return head[subject:]
    return None


_HOUR_ALONE = re.compile(HOUR_ALONE + NOT_AN_HOUR_AFTER)
"""An hour written alone ("closes at 6")."""
_ENDING_AT_AN_HOUR = re.compile(
    r"\b(?:clos(?:es|ing|e)|shuts?|shutting|ends?|ending|finish(?:es|ing)?|until|till)"
    r"\s+(?:at\s+|by\s+|around\s+|about\s+)?$"
)
"""The words of :data:`_ENDING_BEFORE` that end something at an hour written alone; not "up to"
("seats up to 6" is a party's size)."""


def _ended_at_an_hour(folded: str, subjects: str, start: int, end: int) -> str | None:
    """The words of ``folded`` in which the plan (one of ``subjects``) ends at an hour written
    alone inside it, read after noon as a place's closing is
    (:func:`~checkers.plan_words.hour_alone_near`: "Green Fork closes at 6" of a dinner from
    17:30 to 19:30 is 18:00, "open till 12" midnight), else None (:func:`ended_otherwise`)."""
    for hour in _HOUR_ALONE.finditer(folded):
        readings = hour_alone_near(int(hour.group()) % 12 * 60, from_noon=True)
        if not any(start < minutes < end for minutes in readings):
            continue
        head = folded[max(0, hour.start() - 80) : hour.start()]
        ending = _ENDING_AT_AN_HOUR.search(head)
        if ending is None:
            continue
        said = _plans_end(head, ending.start(), subjects, hour.start() > 80)
        if said is not None:
            return head[said:] + hour.group()
    return None


_NOT_ITS_END = re.compile(r"\b(?:hold|holds|held|keep|keeps|kept|sav(?:e|es|ed|ing)|grace)\b")
"""Words by which a time is how long a table waits, no end of the dinner ("they hold the table
until 17:45")."""
_PREPOSITION_BEFORE = re.compile(r"\b(?:at|in|near|by|from|of|outside|behind|next to)\s+$")
"""A word making the plan's name a place where something else happens, not the subject."""


_HELD_FOR = re.compile(
    r"\b(?P<holder>table|room|reservation|booking|seating|seat(?:s|ing)?\s+us)s?\b"
    r"(?P<between>[^.!?;\n]{0,30}?)"
    r"\b(?:for|to)\s+(?:about\s+|around\s+|only\s+|just\s+|up\s+to\s+|at\s+most\s+|a\s+max(?:imum)?"
    rf"\s+of\s+)?(?P<held>{DURATION})"
    rf"|\b(?:an?|the|our)\s+(?P<long>{DURATION})\s*-?\s*(?:table|room|reservation|booking|seating)\b"
    rf"|\b(?:booked|reserved|got|have|holding)\s+(?:an?|the|our)\s+(?P<slot>{DURATION})\s*-?\s*slot\b",
    re.I,
)
"""A table, room or booking said to be had for a length ("The table is ours for 60 minutes",
"We have the room for 30 minutes", "Seating is limited to 90 minutes", "They seat us for 1
hour", "a 60-minute table", "I booked a 1-hour slot")."""
_WAITS = re.compile(r"\b(?:hold|holds|held|keep|keeps|kept|sav(?:e|es|ed|ing)|grace|wait|late)")
"""Words by which a length is how long a table waits for the group, not how long it is had."""


def held_shorter(after: str, length: int) -> str | None:
    """The words of ``after`` (the text after the plan) saying the plan's table, room or
    booking is had for less than its ``length`` minutes (:data:`_HELD_FOR`; "the table is ours
    for 60 minutes" of a two-hour dinner), else None. A longer hold is no other plan ("we have
    the room for 2 hours" of a one-hour meeting), and neither is a grace time ("they hold the
    table for 15 minutes")."""
    if _UNIT_CUE.search(after) is None:
        return None
    for said in _HELD_FOR.finditer(after):
        minutes = minutes_of(said["held"] or said["long"] or said["slot"])
        if minutes is None or minutes >= length:
            continue
        opened = max(after.rfind(end, 0, said.start()) for end in ".!?;\n") + 1
        length_at = said.start("held" if said["held"] else "long" if said["long"] else "slot")
        if not _WAITS.search(after, opened, length_at):
            return said.group()
    return None


def end_said(
    after: str, nouns: str, it_is_plan: bool = False, near: tuple[int, int] | None = None
) -> list[tuple[tuple[int, ...], bool, str]]:
    """The ends ``after`` (the text after the plan) gives the plan called by one of ``nouns``
    (a regex alternation), or "we" or "let's": each as the minutes after midnight it may mean
    (a small hour with no am or pm, "3:30", is 03:30 or 15:30, and so is an hour alone, "3"),
    whether it is a deadline ("by 15:00", "before 15:00": an end at that time or earlier), and
    its words ("The meeting will end at 15:00", "we'll wrap up by 15:00", "Let's end at 3";
    with ``it_is_plan``, for the sentence right after the plan, "It ends at 15:00" opening
    it); not someone's own ("Jerry's call ends at 14:00"), nor
    an end before something else ("ends before Jerry's 16:00 call"). ``near``: the plan's start
    and end, to keep only the readings nearest it (:func:`checkers.plan_words.nearest`: "we can
    wrap by 11" of a slot to 12:00 is no 23:00)."""
    found: list[tuple[tuple[int, ...], bool, str]] = []
    for said in _ending(nouns, it_is_plan).finditer(after):
        at = said["at"].strip().lower()
        if at.isdigit():
            readings = tuple(hour_alone_near(int(at) % 12 * 60, near))
        else:
            readings = _readings(at)
            readings = readings if near is None else tuple(nearest(readings, near))
        if readings:
            found.append((readings, said["how"].lower() in ("by", "before"), said.group()))
    return found


@lru_cache(maxsize=8)
def _ending(nouns: str, it_is_plan: bool) -> re.Pattern[str]:
    """The plan, or "we", said to end at a clock time (see :func:`end_said`)."""
    opening_it = r"|\A[\s.!?)*_]*it(?:'ll)?" if it_is_plan else ""
    return re.compile(
        rf"(?:\b(?:the|this|our)\s+(?:{nouns})|(?:^|(?<=[.!?\n]))\s*(?:{nouns})|\bwe(?:'ll|'d)?"
        rf"|\blet's|\blet\s+us{opening_it})"
        r"(?:\s+(?:will|would|should|must|can|could|need\s+to|have\s+to|has\s+to|is\s+going\s+to"
        r"|are\s+going\s+to|is\s+set\s+to|is\s+scheduled\s+to|be))*"
        r"\s+(?:ends?|ending|finish(?:es)?|wraps?(?:\s+(?:it\s+)?up)?|be\s+(?:done|over|finished"
        r"|wrapped\s+up)"
        r"|is\s+over|runs?\s+until"
        r"|runs?\s+till|lasts?\s+until|goes\s+until|stops?)"
        rf"\s+(?P<how>at|by|before|around|about|until|till)\s+(?P<at>{CLOCK_TIME.pattern}"
        rf"|{HOUR_ALONE}{NOT_AN_HOUR_AFTER})",
        re.I,
    )
