"""Reading the proposed meeting slot (day, start, end) from an agent's final text.

Two forms are read:

- the benchmark's text, with or without its prefix, and common variants of it::

      Here is the proposed time: Monday, 14:30 - 15:30
      Monday 14:30-15:30          Monday, 2:30pm - 3:30pm      Tuesday from 9:00 to 9:30

- a JSON object (in prose or a code fence, see :mod:`checkers.answers`)::

      {"day": "Monday", "start": "14:30", "end": "15:30"}

The rule, in order:

1. No final response, blank text, an oversized text, several different JSON objects, or JSON
   that is not an object: the problem :func:`checkers.answers.extract_json_object` names. A
   sentence anywhere in another language or script ("Nota: Jerry no puede asistir."), which
   no reader reads, is ``unread_language`` (:mod:`checkers.unread_language`; the
   participants' names count for nothing).
2. A JSON object is read by its keys ``day``, ``start`` and ``end`` (or ``start_time`` and
   ``end_time``; both spellings of one field must be the same minute, else
   ``conflicting_start`` / ``conflicting_end``); other keys are ignored and listed in the
   verdict's notes. A text slot elsewhere in the answer that differs from the
   object's is ``several_slots``, and so is a length under a key (``"duration_minutes": 30``)
   other than its times' (:mod:`checkers.plan_length`).
3. Without a JSON object, the text is searched for slots: a day, an optional comma or colon
   and ``from``/``at``/``between``, then a time range (``Monday, 14:30 - 15:30``; a part of the
   day may follow the day: ``Monday afternoon, 14:30 - 15:30``; markdown emphasis may wrap the
   day or the range, and the range may stand in a field of its own: ``**Monday**, 14:30 -
   15:30``, ``**Day:** Monday`` then ``**Time:** 14:30 - 15:30``), or a range then
   ``on`` and a day (``14:30 - 15:30 on Monday``). A range is two times joined by a hyphen, an
   en or em dash, ``to``, ``until`` or ``and``. When the text holds the benchmark's marker
   "proposed time:", the answer is the text from the first marker on (reasoning that weighs
   other slots before it is not the answer). One distinct slot is the answer; several different
   ones are ``several_slots`` (the checker never picks one); none is ``no_slot``, unless the
   text holds exactly one time range without a day, which is read with the problem
   ``missing_day``.
4. **One slot, nothing else offered.** The answer (the text from the first marker on, or the
   whole text; JSON included) may name no other day and no other time than the slot's own:
   every weekday name (``Monday``, ``monday``, ``Mon``, ``Thurs``), ``today``, ``tomorrow``,
   ``tonight`` and a day said relative to the slot (``next week``, ``the day after``, ``the
   following Monday``), and every clock time (``9:00``, ``3pm``, ``noon``, ``midnight``) in it
   must be the slot's day, start or end. ``Monday or Thursday, 9:00 - 9:30``, ``Monday/Thursday``,
   ``Thursday, 9:00 - 9:30 or 15:00 - 15:30``, a second "between ... and ..." or a day after the
   slot are therefore ``several_slots``, whatever joins them. Put reasoning before the marker.
   One exception, for a time only: a time that explains the slot by someone's busy or free
   time is no slot offered ("Jerry is free after his 11:30 - 14:30 block", "ends before Jerry's
   16:00 commitment", "everyone is free from 14:30 until 16:00"): its clause (up to a sentence
   end, a bracket or a quote) names a busy time (busy, blocked, a block, a commitment, a
   conflict, a person's call or meeting: "Dylan has a call at 13:30", "Jerry's 16:00
   meeting"; free time denied: "Jerry wouldn't be free at 11:30") or a free span (free or
   available, with the time in a range or after until, after, before, by or from; busy time
   denied is free), and no word that offers a slot (also, too, or, another, instead, option,
   works, could, cancelled ...: :data:`_OFFERS`; a modal or "works" negated in a statement
   offers nothing: "we can't meet before 14:30", "11:00 doesn't work"; in a question it
   does: "couldn't we meet at 16:00?"). "Everyone is free at 16:00 too" is still
   ``several_slots``. A time ruled out after it by a contrast that refers back to it and
   names no other time is none either ("I checked 9:00 too, but Jerry is busy then"), nor is
   one a negated modal turns down for a reason ("we couldn't use 11:00-11:30: it's only 30
   minutes"), one in a table column headed busy ("| Person | Busy |") or in a list item
   labelled with a name under a heading naming busy time ("Busy times:" then "- Jerry:
   9:00-11:00, 11:30-14:30": its spans are that person's busy time), or one asked about and
   answered busy right after the question ("Why not 9:00? Jerry is busy until 11:00":
   the busy span holds 9:00, or the answer says "then"). Nor is a limit in a clause offering
   nothing: a time after until, by, before, ends, leaves
   (:data:`~checkers.plan_words.STRONG_BOUND`: "The meeting doesn't need to end before 16:00").
   In a clause that offers, a time is read so in its own part of the clause (cut at a comma,
   "so", "since", "because", "which means") when that part offers nothing and the rest offers
   the slot alone, by words of fit only ("Jerry's meeting ends at 14:00, so 14:30 works for
   everyone": :func:`_reason_part`); "..., so 14:00 works as well" still offers 14:00.
5. **The final word.** The answer (from the marker on, or the JSON and the text around it) must
   stand by its slot: "correction: 15:00" is ``plan_corrected``, "no time works" is
   ``plan_and_no_plan``, "(blocked for Jerry)", "that slot is busy" or "we did NOT schedule
   this" is ``plan_negated``, "scratch that" is ``plan_withdrawn``, ", or later" or a
   ``backup`` key is ``several_plans`` (see :mod:`checkers.final_word`; this module gives only
   the slot's words: :data:`PLAN_NOUNS`, its day, start and end). Another day or time named
   beside such words is reported by the more precise code; alone it stays ``several_slots``.
   When rule 4 finds every other time an explanation, the final word does not read a time
   bound to someone's busy time ("Jerry is booked 11:30-14:30") as another slot. After the
   slot, someone away at it denies it (``plan_negated``): a person or pronoun, a state of
   being away ("is out", "is travelling", "has a conflict", "won't be free", "isn't around")
   and the slot itself ("then", "that time", "that slot", "that day", its part of the day, or
   at its start), not under a condition or in a question, in a sentence naming no other day
   or time when it points back. After the slot, or before it (the reasoning before the marker
   included), the slot said not to be for everyone: a participant who cannot attend it, will
   miss it or part of it, will be late or leave early, is made optional or has a clash with it
   ("Jerry is optional", "Jerry has a conflict"), the slot said to suit only some ("Everyone
   except Jerry", "two of the three"): ``plan_for_part_of_group``; a claim that no
   slot suits everyone ("No slot works for everyone, so here's the best compromise"):
   ``plan_and_no_plan``; the slot said to hold only if a participant changes their calendar
   ("provided Jerry can move his call"): ``slot_on_a_condition``. Before the slot, what is said
   of a participant is read only in a paragraph naming no other day or time (reasoning over
   other slots says who misses those). Another slot named by its place next to this one ("the
   next hour", "the slot after that"), a time in words ("from three to four", "a quarter to
   four", "three pm") or the slot's end said as a start, in any clock form ("Starting at 15:30
   would also work", "a 3:30 pm start") is another slot's time for the final word. Given the
   task's participants' names (:func:`read_answer`), the slot said to be for only some of them
   by name ("for Thomas and Dylan", "Attendees: Thomas, Dylan", "Thomas and Dylan can make
   it", "only works for Thomas and Dylan", "but not for Jerry", an ``attendees`` key, a
   roster crossing one out or names alone in brackets after the slot: "Jerry ❌", "(Thomas &
   Dylan)", :mod:`checkers.roster`) is
   ``plan_for_part_of_group``, unless those left out of a plain list are said to be in too
   ("Jerry is free too"); a list with anyone else ("for you, Thomas and Dylan") is no such
   claim, nor is one participant said to join and how ("Jerry will join remotely"). Also
   ``plan_for_part_of_group``: a participant's busy time said to share a minute with the slot,
   or their free time said to begin or end inside it ("Jerry is busy until 15:00", "Jerry is
   only free from 15:00 to 16:00"), whatever the calendars say; a participant marked out in a
   list or table ("\u274c Jerry", "Jerry: conflict", "| Jerry | No |"); a participant's absence
   said as a possibility ("Jerry might not make it"); a participant said to miss part of the
   slot by a length ("Jerry is busy for the first half hour", "Jerry can give us 45
   minutes"); a participant named by a role the answer gave them ("Jerry, our CFO, is out
   until 3", "Jerry is the CFO. The CFO is out until 3."). The slot said tentative or pending
   ("pending Jerry's confirmation", "(to be confirmed)", "Jerry TBD"), or resting on a
   participant's change of calendar ("As long as Jerry moves his 14:00 call, we're good.",
   "This assumes Jerry declines his 14:00 meeting.") is ``slot_on_a_condition``. The task's
   work hours restated ("within working hours (9:00 - 17:00)"), a participant's working hours
   that hold the slot ("Jerry's working hours are 9:00 - 17:00": hours leaving part of it out
   are ``plan_for_part_of_group``) and a participant's preference the slot keeps ("Dylan would
   rather not meet before 14:00") offer no other slot; a preference the slot breaks names
   another time. After the
   slot, a length said of the meeting that is not the slot's ("(90 minutes)", "Duration: 45
   minutes", "This is a 45-minute meeting") or the meeting said to run over ("we can run
   over by 30 minutes") is ``several_slots``; a participant put in another time zone ("Jerry
   is one hour ahead") is ``ambiguous_time``; "next Monday" offered beside a Monday slot ("Next
   Monday at the same time would also work") is another day; a participant said to be out with
   nothing after it ("Jerry's out.") is ``plan_negated``; a "would" of absence with no case
   considered in its sentence ("Jerry would miss it.") is read as said of the slot
   (``plan_for_part_of_group``); the slot's end said as where the meeting meets ("See you
   Monday at 15:30", British "half three") is another slot's start. After the slot, or before
   it in a paragraph naming no other day or time or in a sentence naming the slot's own day or
   time, the slot said to break what the task asks (:data:`_NEEDS`): outside a participant's
   work hours, into their focus time, lunch or a meeting of theirs, a participant
   double-booked, a preference of theirs broken ("a bit late in the day for Jerry", "earlier
   than Dylan would like": the checks hold the slot to a preference as to any requirement),
   "Monday doesn't work for Jerry": ``plan_for_part_of_group`` (``plan_negated`` when no
   participant is named: "outside work hours"); the slot said shorter than the meeting
   ("shorter than the hour requested"): ``plan_negated``; another length said of it ("It is
   only 30 minutes long"): ``several_slots``. Not denied or avoided in its clause ("It doesn't
   clash with Jerry's lunch", "Nobody is double-booked"), asked, under a condition, put on
   another slot ("An earlier slot would cut into Dylan's focus time"), or said of something
   else ("Dylan's standup overlaps Jerry's lunch").

Everything is read as :func:`checkers.text.fold` reads it: the text's slots, days and times on
its folded form (a zero-width space inside ``Mon\u200bday`` or ``2:30p\u200bm``, a full-width
digit, change nothing), the JSON object's keys as :func:`checkers.answers.key_form` reads them
(``"DAY"`` is ``day``) and its values folded.

Days are weekday names in full, in any case; a word ending in "day" that is not a weekday
(``Today``) is ``unknown_day``, as is any non-weekday in JSON (``"Mon"``, a date). Times are
24-hour ``H:MM`` or ``HH:MM`` (``9:00``, ``09:00``, ``14:30``; up to ``24:00``), or 12-hour with
``am``/``pm`` (``2:30pm``, ``2 pm``, ``2:30 p.m.``); in a text range each time has minutes or
am/pm, so "Monday, 3 to 4 people" is no slot. A bare ``2:30`` is 02:30, as written. In a range
with am/pm on only one side, the other side is read as English reads it: it shares that am/pm
when the range then ends after it starts, else takes the other (``2:30 - 3:30pm`` is 14:30 -
15:30, ``11:30 - 12:30pm`` 11:30 - 12:30); when neither reading ends after the start, it is
``ambiguous_time``. An end that is not after the start is ``end_not_after_start``.

A field that cannot be read is an answer problem: the checks that need it are ``incomplete`` and
the answer cannot pass; the checks that do not need it still report.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from checkers import left_out
from checkers.answers import extract_json_object, fields
from checkers.busy_spans import (
    COMPACT_FIRST,
    COMPACT_LAST,
    busy_during,
    busy_rows,
    in_the_half_said,
    is_busy_time,
    listed_spans,
    listed_spans_end,
    outside,
    span_minutes,
    span_readings,
)
from checkers.final_word import (
    Mention,
    MentionFinder,
    PlanVocabulary,
    denied_before,
    final_word,
    plan_span,
)
from checkers.need_relaxed import need_relaxed
from checkers.plan_length import (
    DURATION,
    end_said,
    held_shorter,
    json_length_otherwise,
    length_said,
    minutes_of,
    said_length,
)
from checkers.plan_words import (
    BUSY_WORDS,
    COMMITMENT,
    DAY_RESTRICTION,
    HALF_DAY,
    HOUR_ALONE,
    INNER_DOT,
    NOT_AN_HOUR_AFTER,
    NUMBER_WORDS,
    STOP_EDGE,
    STRONG_BOUND,
    TOO_TIMING,
    TWELVE_HOUR_CLOCK,
    clock_near,
    hour_alone_near,
)
from checkers.results import AnswerProblem
from checkers.roster import roster_leaves_out
from checkers.text import fold, fold_lower, holds_any, series
from checkers.unread_language import unread_language
from domains.scheduling.models import WEEKDAYS, Weekday, clock

EXAMPLE_ANSWER = "Here is the proposed time: Monday, 14:30 - 15:30"
EXAMPLE_JSON = '{"day": "Monday", "start": "14:30", "end": "15:30"}'
FIELDS = ("day", "start", "end")
TIME_KEYS = {"start": ("start", "start_time"), "end": ("end", "end_time")}
"""The keys a JSON slot's start and end may be given under (``start_time`` as dining reads it)."""
PLAN_KEYS = ("day", *TIME_KEYS["start"], *TIME_KEYS["end"])
"""Every key that makes a JSON object a slot."""
MARKER = re.compile(r"proposed time\s*:", re.IGNORECASE)

_MERIDIEM = r"(?:[ap]\.?\s?m\.?(?![a-z]))"
_TIME_TEXT = rf"\d{{1,2}}(?::\d{{2}}(?:\s*{_MERIDIEM})?|\s*{_MERIDIEM})"
"""A time as written in a range: with minutes, or with am/pm, or both (a bare ``3`` is not
read, so "Monday, 3 to 4 people" is no slot)."""
_TIME = re.compile(
    rf"(?P<hours>\d{{1,2}})(?::(?P<minutes>\d{{2}}))?\s*(?P<meridiem>{_MERIDIEM})?",
    re.IGNORECASE,
)


_RANGE_JOIN = r"\s*(?:-|\u2013|\u2014|to|until|and)\s*"
"""What joins a range's two times: a hyphen, an en or em dash, "to", "until" or "and"."""


def _range(suffix: str = "", time: str = _TIME_TEXT) -> str:
    return rf"(?P<start{suffix}>{time}){_RANGE_JOIN}(?P<end{suffix}>{time})(?!\d|[:.]\d)"


_DOTTED_TIME_TEXT = rf"\d{{1,2}}(?:[:.]\d{{2}}(?:\s*{_MERIDIEM})?|\s*{_MERIDIEM})"
"""A slot's time after its day, also with a dot ("Monday, 14.30 - 15.30"): beside a day name
no amount of money."""
_RANGE = _range()
_EMPHASIS = r"[*_]*"
_TIME_LABEL = (
    rf"(?:\s*[\n,;|]\s*(?:[-*\u2022]\s+)?{_EMPHASIS}(?:time|when|hours)"
    rf"{_EMPHASIS}\s*:{_EMPHASIS}\s*)"
)
"""A label that puts a slot's range in a field after its day's ("**Day:** Monday" then
"**Time:** 14:30 - 15:30" on the next line or after a comma)."""


_START_LABELS = r"start(?:s|ing)?(?: time)?|begins?"
_END_LABELS = r"end(?:s|ing)?(?: time)?|finish(?:es)?"


def _labelled_field(labels: str) -> str:
    """A field of its own, labelled by one of ``labels``, on the next line or after a comma
    ("- **Start:** 14:30"), up to its value."""
    return (
        rf"\s*[\n,;|]\s*(?:[-*\u2022]\s+)?{_EMPHASIS}(?:{labels}){_EMPHASIS}\s*:"
        rf"{_EMPHASIS}\s*"
    )


_SLOT = re.compile(
    rf"\b(?P<day>[A-Za-z]+day)\b{_EMPHASIS}(?:\s+(?:morning|afternoon|evening))?{_EMPHASIS}"
    rf"(?:{_TIME_LABEL}|\s*[,:]?\s*{_EMPHASIS}\s*)"
    rf"(?:(?:from|at|between)\s+)?{_EMPHASIS}{_range(time=_DOTTED_TIME_TEXT)}"
    rf"|(?<![\d:])(?:(?:from|between)\s+)?{_range('2')}\s+on\s+(?P<day2>[A-Za-z]+day)\b"
    rf"|\b(?P<day3>[A-Za-z]+day)\b{_EMPHASIS}{_labelled_field(_START_LABELS)}"
    rf"(?P<start3>{_TIME_TEXT}){_EMPHASIS}{_labelled_field(_END_LABELS)}"
    rf"(?P<end3>{_TIME_TEXT})(?!\d|:\d)",
    re.IGNORECASE,
)
"""A slot: ``Monday, 14:30 - 15:30`` (day first) or ``14:30 - 15:30 on Monday``. Day first,
markdown emphasis may wrap the day or the range, a colon may follow the day, and the range may
stand in its own labelled field (``**Monday**, 14:30 - 15:30``, ``Monday: 14:30 - 15:30``,
``**Day:** Monday`` then ``**Time:** 14:30 - 15:30``, or its start and end in fields of their
own: ``- **Start:** 14:30`` then ``- **End:** 15:30``): how models lay out one slot."""
_BARE_RANGE = re.compile(rf"(?<![\d:])(?:(?:from|between)\s+)?{_RANGE}", re.IGNORECASE)
_DAYS_BY_FOLD = {d.casefold(): d for d in WEEKDAYS}
_DAY_MENTION = re.compile(
    r"(?<![A-Za-z])(?:(?P<day>(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday))"
    r"|(?P<short>Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun|MON|TUES?|WED|THU(?:RS?)?|FRI|SAT|SUN)"
    r"|(?P<relative>(?i:today|tomorrow|tonight|(?:next|the following|the coming) week"
    r"|the week after(?: next)?|the day after(?: tomorrow)?|the following day"
    r"|the next day|the (?:following|next) (?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|the same (?:time|slot|hour)\s+(?:on\s+)?next\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|next\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day(?=[^.;!?\n]*?\b(?:(?:at\s+)?the same"
    r"\s+(?:time|slot|hour)|(?:would|could|can|will|might|is)\s+also|also\s+(?:works?|suits?|fits?"
    r"|is|be)|(?:works?|fine|free|open|available|possible|good)\s+(?:too|as well)|instead)\b))))"
    r"(?![A-Za-z])"
)
"""A day an answer names: a weekday in full (any case) or short (capitalised, so "sun" and
"wed" as words are not days), or a day named relative to now or to the slot ("next week",
"the following day"), and "next Monday" offered beside the slot ("Next Monday at the same
time would also work": the same weekday again, a week on; alone, "next Monday" may be the
slot's own day): another day than the slot's."""
_SHORT_DAYS = {d[:3].casefold(): d for d in WEEKDAYS}
_TIME_MENTION = re.compile(
    rf"(?<![\d:])(?P<time>{_TIME_TEXT})(?!\d|:\d)|\b(?P<word>noon|midnight)\b", re.IGNORECASE
)
_TIME_WORDS = {"noon": (720,), "midnight": (0, 24 * 60)}


@dataclass(frozen=True)
class ReadAnswer:
    """The slot as read from an answer: each field's value, or the problem that stops it.

    ``problems`` lists every problem once (a problem that stops the whole answer stands for all
    three fields). ``read`` is what was read, for the verdict (None when nothing was).
    """

    day: Weekday | AnswerProblem
    start: int | AnswerProblem
    end: int | AnswerProblem
    problems: tuple[AnswerProblem, ...] = ()
    read: dict[str, Any] | None = None
    ignored: tuple[str, ...] = ()
    """JSON keys that are not part of a slot."""


def _problem(code: str, message: str) -> AnswerProblem:
    return AnswerProblem(code=code, message=message)


def _whole(problem: AnswerProblem) -> ReadAnswer:
    return ReadAnswer(day=problem, start=problem, end=problem, problems=(problem,))


def parse_day(value: Any) -> Weekday | AnswerProblem:
    """A weekday name in full, any case (``"monday"`` -> ``"Monday"``), or the problem."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return _problem(
            "missing_day", f"the answer gives no day; name a weekday, e.g. {EXAMPLE_ANSWER}"
        )
    folded = fold(value).strip().casefold() if isinstance(value, str) else None
    if folded in _DAYS_BY_FOLD:
        return _DAYS_BY_FOLD[folded]
    shown = repr(value[:40]) if isinstance(value, str) else f"{value!r} ({type(value).__name__})"
    return _problem(
        "unknown_day",
        f"day {shown} is not a weekday; write the day in full, e.g. 'Monday'",
    )


def clock_minutes(text: str) -> int | None:
    """Minutes of the day for ``14:30``, ``09:00``, ``24:00``, ``2:30pm``, ``2 PM``, ``12am``;
    None for anything else (``25:00``, ``9:75``, ``13pm``, ``9``, ``9.30``). Read as
    :func:`checkers.text.fold` reads it (``2:30p\u200bm`` is ``2:30pm``)."""
    match = _TIME.fullmatch(fold(text).strip())
    if match is None:
        return None
    hours = int(match.group("hours"))
    minutes = int(match.group("minutes") or 0)
    if minutes > 59:
        return None
    meridiem = match.group("meridiem")
    if meridiem is None:
        if match.group("minutes") is None or hours > 24 or (hours == 24 and minutes):
            return None
        return hours * 60 + minutes
    if not 1 <= hours <= 12:
        return None
    afternoon = meridiem.casefold().startswith("p")
    return (hours % 12 + (12 if afternoon else 0)) * 60 + minutes


def _has_meridiem(text: str) -> bool:
    match = _TIME.fullmatch(fold(text).strip())
    return match is not None and match.group("meridiem") is not None


def parse_time(value: Any, field: str) -> int | AnswerProblem:
    """The minutes of a ``start`` or ``end`` value, or the problem (``missing_<field>``,
    ``unparseable_<field>``)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return _problem(
            f"missing_{field}", f"the answer gives no {field} time, e.g. {EXAMPLE_ANSWER}"
        )
    minutes = clock_minutes(value) if isinstance(value, str) else None
    if minutes is None:
        shown = repr(value[:40]) if isinstance(value, str) else f"{value!r}"[:60]
        return _problem(
            f"unparseable_{field}",
            f"{field} time {shown} is not a clock time; write 24-hour H:MM such as '14:30' "
            "(or '2:30pm')",
        )
    return minutes


def _ordered(start: int | AnswerProblem, end: int | AnswerProblem) -> int | AnswerProblem:
    """``end``, or the problem when it is not after ``start``."""
    if isinstance(start, int) and isinstance(end, int) and end <= start:
        return _problem(
            "end_not_after_start",
            f"the meeting ends at {clock(end)}, not after it starts at {clock(start)}; "
            "give the end time after the start",
        )
    return end


def _times(start_text: str, end_text: str) -> tuple[int | AnswerProblem, int | AnswerProblem]:
    """Start and end of a written range: with am/pm on both sides or on neither, each as
    written; with it on one side, the other side read as English reads it
    (:func:`_shared_meridiem`: "2:30 - 3:30 PM" is 14:30 - 15:30)."""
    if _has_meridiem(start_text) != _has_meridiem(end_text):
        shared = _shared_meridiem(start_text, end_text)
        if shared is not None:
            return shared
        problem = _problem(
            "ambiguous_time",
            f"the range {start_text.strip()} - {end_text.strip()} gives am/pm on one side only "
            "and no reading of the other side ends after it starts; write both times as 24-hour "
            "H:MM (e.g. 14:30 - 15:30) or give am/pm on both",
        )
        return problem, problem
    start = parse_time(start_text, "start")
    return start, _ordered(start, parse_time(end_text, "end"))


def _shared_meridiem(start_text: str, end_text: str) -> tuple[int, int] | None:
    """A range with am/pm on one side only, read as English reads it: the bare side (an hour of
    1 to 12 with minutes) takes the other side's am/pm when the range then ends after it starts
    (within 12 hours), else the other one ("2:30 - 3:30 PM" is 14:30 - 15:30, "11:30 - 12:30
    PM" 11:30 - 12:30, "2:30 PM - 3:30" 14:30 - 15:30); a bare hour of 0 or 13 to 24 is 24-hour
    as written ("14:30 - 3:30 PM"). None when no reading ends after it starts within 12 hours
    ("5:00 - 5:00 PM"), or one side is no time."""
    marked, bare = (end_text, start_text) if _has_meridiem(end_text) else (start_text, end_text)
    fixed = clock_minutes(marked)
    written = _TIME.fullmatch(fold(bare).strip())
    if fixed is None or written is None or written.group("minutes") is None:
        return None
    as_24 = clock_minutes(bare)
    hours = int(written.group("hours"))
    meridiem = _TIME.fullmatch(fold(marked).strip())
    assert meridiem is not None  # clock_minutes read it
    own = meridiem.group("meridiem")
    other = "am" if own.casefold().startswith("p") else "pm"
    readings = (
        [as_24] if not 1 <= hours <= 12 else [clock_minutes(f"{bare} {m}") for m in (own, other)]
    )
    for reading in readings:
        if reading is None:
            continue
        start, end = (reading, fixed) if bare is start_text else (fixed, reading)
        if start < end < start + 12 * 60:
            return start, end
    return None


def _result(
    day: Weekday | AnswerProblem,
    start: int | AnswerProblem,
    end: int | AnswerProblem,
    ignored: tuple[str, ...] = (),
) -> ReadAnswer:
    problems = tuple(dict.fromkeys(v for v in (day, start, end) if isinstance(v, AnswerProblem)))
    read: dict[str, Any] = {}
    if not isinstance(day, AnswerProblem):
        read["day"] = day
    if isinstance(start, int):
        read["start"] = clock(start)
    if isinstance(end, int):
        read["end"] = clock(end)
    return ReadAnswer(day, start, end, problems, read or None, ignored)


_DOTTED = re.compile(r"(\d{1,2})\.(\d{2})")


def _colon(time: str) -> str:
    """A slot's time with a dot between hours and minutes written with a colon ("14.30" is
    "14:30"), as the clock reader reads it."""
    return _DOTTED.sub(r"\1:\2", time, count=1)


@dataclass(frozen=True)
class _Written:
    """A slot as written in text (before its parts are read)."""

    day: str | None
    start: str
    end: str

    def key(self) -> tuple[Any, ...]:
        """What makes two written slots the same slot."""
        day = parse_day(self.day) if self.day is not None else None
        start, end = _times(self.start, self.end)
        return (day, start, end)

    @classmethod
    def of(cls, match: re.Match[str]) -> _Written:
        """The slot a match of ``_SLOT`` wrote, in either order."""
        if match["day"] is not None:  # only this form reads dotted times ("14.30")
            return cls(match["day"], _colon(match["start"]), _colon(match["end"]))
        if match["day3"] is not None:
            return cls(match["day3"], match["start3"], match["end3"])
        return cls(match["day2"], match["start2"], match["end2"])


def answer_region(text: str) -> str:
    """The part of ``text`` that is the answer: from the first "proposed time:" marker on, when
    a slot or a time range follows it; else the whole text."""
    marker = MARKER.search(text)
    if marker is None:
        return text
    after = text[marker.end() :]
    return after if _SLOT.search(after) or _BARE_RANGE.search(after) else text


def _written_slots(text: str) -> list[_Written]:
    """The slots the text proposes (see rule 3 of the module docstring), in order, read on its
    :func:`checkers.text.fold` form."""
    return [_Written.of(m) for m in _SLOT.finditer(answer_region(fold(text)))]


_CLAUSE_EDGES = frozenset('.!?;\n()[]{}"')
"""What bounds the clause a time is read in (a bracket or a quote holds an aside, a JSON string)."""
_BUSY_WORDS = rf"{BUSY_WORDS}|booked"
"""The core's words for a taken time (:data:`checkers.plan_words.BUSY_WORDS`); in a meeting
answer "booked" is someone's busy time too ("Jerry is booked 9:00 - 11:00")."""
_CLOCK = r"\d{1,2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?"
_POSSESSED_COMMITMENT = (
    r"(?:\b(?!(?:it|that|there|here|what|who|where|how|let|he|she)'s)[a-z]+'s|\b(?:his|her|their))"
    rf"\s+{_CLOCK}(?:\s*(?:-|\u2013|\u2014|to)\s*{_CLOCK})?\s+(?:[\w-]+\s+)?"
    r"(?:calls?|meetings?|appointments?|commitments?|blocks?|stand-?ups?|interviews?|syncs?"
    r"|sessions?|classes|class|lunch)\b"
)
"""A person's commitment named by its time ("Jerry's 16:00 meeting", "his 13:30 - 14:00 call");
never "our 14:30 meeting" (the slot itself) or "it's 16:00" (a verb, not an owner)."""
_NOT_FREE = r"(?:\b(?:not|never)|n't)\s+(?:\w+\s+){0,2}?(?:free|available)\b"
"""Free time denied: busy time ("Jerry wouldn't be free at 11:30", "isn't available")."""
_BUSY = re.compile(
    rf"\b(?:{_BUSY_WORDS}|blocks?|commitments?|conflicts?)\b(?!-free)|{COMMITMENT.pattern}"
    rf"|{_POSSESSED_COMMITMENT}|{_NOT_FREE}",
    re.I,
)
"""Busy time, also as a person's commitment (:data:`checkers.plan_words.COMMITMENT`, or one
named by its time: :data:`_POSSESSED_COMMITMENT`) or free time denied (:data:`_NOT_FREE`)."""
_REJECTED_AFTER = re.compile(
    r"[^.!?;\n]*?\b(?:but|though|although|however|sadly|unfortunately)\b(?P<rest>[^\d]*)$",
    re.I,
)
_DIGIT = re.compile(r"\d")
_STOP_CHAR = re.compile(r"[.!?;\n]")
"""What :data:`_REJECTED_AFTER` reads no contrast across."""
_REJECTION = re.compile(
    rf"\b(?:{_BUSY_WORDS}|too (?:{TOO_TIMING}|soon)"
    r"|(?:doesn't|does not|won't|will not|wouldn't|can't|cannot) (?:work|fit|make)"
    r"|not (?:enough|long enough|possible|free|available))\b",
    re.I,
)
_REFUSED_BEFORE = re.compile(
    r"(?:\b(?:can|could|would|will|should)\s+not|\b(?:can't|cannot|couldn't|wouldn't|won't"
    rf"|shouldn't))\s+(?:[a-z]+\s+){{1,3}}(?:{_TIME_TEXT}\s*(?:-|\u2013|\u2014|to|and)\s*)?$"
)
"""A time (or the end of a range) as what a negated modal refuses, in a statement ("we couldn't
use 11:00-11:30", "Jerry can't do 11:00"): a slot turned down, when its clause says why."""
_TOO_SHORT = re.compile(r"\bonly\s+(?:\d+|half an?|an?)\s*-?\s*(?:min(?:ute)?s?|hours?)\b", re.I)
"""A gap turned down for its length ("it's only 30 minutes")."""
_BACK_REFERENCE = re.compile(r"\b(?:then|that|it|this|there)\b", re.I)
"""A time ruled out after a contrast that refers back to it, naming no other time ("I checked
9:00 too, but Jerry is busy then", "a 30-minute gap at 11:00, but that's too short")."""
_FREE = re.compile(r"\b(?:free|available|open)\b", re.IGNORECASE)
_SPAN_WORD = re.compile(
    r"\b(?:until|till|til|after|before|by|from|between|through)\s*$|[-\u2013\u2014]\s*$|"
    r"\b(?:to|and|until)\s*$",
    re.IGNORECASE,
)
_SPAN_AFTER = re.compile(r"^\s*(?:-|\u2013|\u2014|to\b|until\b|and\b)", re.IGNORECASE)
_OFFERS = re.compile(
    r"\b(?:also|too|or|either|another|other|instead|alternative(?:ly)?|backup|fallback|"
    r"options?|as well|prefer|if|later|earlier|cancel+ed|called off|rescheduled|moved|freed"
    r"|(?P<fits>works?|suits?|fine)|(?P<modal>(?:could|would)(?:n't)?|can(?:'t)?|won't|cannot))\b",
    re.IGNORECASE,
)
_NOT_BUSY = re.compile(r"(?:n't|\bnot|\bnever)\s+(?:\w+\s+)?(?:busy|booked|blocked)\b", re.I)
"""Busy time denied: free time ("Jerry won't be busy at 16:00")."""


def _busy_or_free(clause: str) -> tuple[bool, bool]:
    """Whether ``clause`` names busy time, and free time (a busy word denied is free)."""
    denied = [m.span() for m in _NOT_BUSY.finditer(clause)]
    busy = any(
        not any(low <= m.start() < high for low, high in denied) for m in _BUSY.finditer(clause)
    )
    return busy, bool(denied) or _FREE.search(clause) is not None


"""Words by which a clause offers a slot (or weighs another) rather than explain one: also a
commitment called off ("Jerry's 16:00 meeting got cancelled") and busy time denied ("Jerry
won't be busy at 16:00"); a modal or a word of fit may be negated (:func:`_offers`)."""
_EXCEPT_AFTER = re.compile(r"\s+(?:except|but|apart from|other than|besides|save)\b", re.I)
"""A word of fit negated but for an exception, which it offers ("nothing works except 16:00")."""
_NOT = re.compile(r"\s+not\b", re.IGNORECASE)
_NEXT_WORD = re.compile(r"\s+(?P<next>\w+)")
"""What follows a negated modal ("can't meet", "couldn't use", "would not be")."""
_INVERTED_SUBJECT = frozenset(
    {"i", "we", "you", "they", "he", "she", "it", "that", "this", "there", "the", "a", "an"}
)
"""Words that, right after a negated modal, make it an inverted question or suggestion
("couldn't we meet at 16:00", "wouldn't the 16:00 slot be better"), which offers."""
_NEGATION_BEFORE = re.compile(r"(?:\b(?:not|never)|n't)\s+(?:\w+\s+)?$", re.I)
"""A negation up to a word before a word of fit ("doesn't work", "isn't really fine")."""


def _declared_negation(clause: str, modal: re.Match[str]) -> bool:
    """Whether the ``modal`` is negated in a statement ("we can't meet before 14:30", "Jerry
    wouldn't be free", "could not use"): its negation is followed by a verb, not by a subject
    or a time as in an inverted offer ("can't we do 16:00", "couldn't Jerry ...")."""
    at = modal.end()
    if not modal.group().casefold().endswith(("'t", "cannot")):
        negation = _NOT.match(clause, at)
        if negation is None:
            return False
        at = negation.end()
    following = _NEXT_WORD.match(clause, at)
    if following is None:
        return False
    word = following["next"]
    return word.islower() and word.isalpha() and word not in _INVERTED_SUBJECT


def _offers(clause: str, question: bool) -> bool:
    """Whether ``clause`` offers a slot or weighs another (:data:`_OFFERS`). A negated modal or
    word of fit in a statement offers nothing ("we can't meet before 14:30", "11:00 doesn't
    work"); in a question it still does ("couldn't we meet at 16:00?")."""
    for match in _OFFERS.finditer(clause):
        if question or match.lastgroup is None:
            return True
        if match.lastgroup == "modal" and not _declared_negation(clause, match):
            return True
        window = clause[max(0, match.start() - 24) : match.start()]
        if match.lastgroup == "fits" and (
            _NEGATION_BEFORE.search(window) is None or _EXCEPT_AFTER.match(clause, match.end())
        ):
            return True
    return False


def _offers_in_statement(clause: str) -> bool:
    """:func:`_offers` of a clause that is no question (a busy time's rest:
    :func:`checkers.busy_spans.is_busy_time`)."""
    return _offers(clause, question=False)


_BUSY_RANGE = re.compile(
    rf"(?:\b(?P<word>until|till|til|before|from|after|since|between)\s+)?"
    rf"(?P<first>{_TIME_TEXT}|{COMPACT_FIRST})(?:\s*(?:-?>|=>|-|\u2013|\u2014|to\b|until\b|and\b)"
    rf"\s*(?P<last>{_TIME_TEXT}|{COMPACT_LAST}))?"
    r"|\b(?P<part>morning|afternoon|evening)\b",
    re.IGNORECASE,
)
"""A span of time as an answer names one: a range (its ends joined by an arrow too: "14:00 ->
16:00"; in compact hours: "9-11", "11:30-3"), "until 11:00", "from 11:30", "all morning"."""
_DAY_PARTS = {"morning": (0, 720), "afternoon": (720, 1080), "evening": (1020, 24 * 60)}
_BACK_TO_QUESTION = re.compile(
    r"\bthen\b|\bat that (?:time|hour)\b|^\s*(?:because\s+)?(?:it|that)\b", re.I
)
"""An answer to a question about a time that refers back to it ("Jerry is busy then", "It's
inside Jerry's block")."""


def _span(match: re.Match[str]) -> tuple[int, int] | None:
    """The minutes ``[from, to)`` a :data:`_BUSY_RANGE` match spans, as the core reads a span
    (:func:`checkers.busy_spans.span_minutes`, a bare time the minute at it), or a part of the
    day (None: a time unread)."""
    if match["part"] is not None:
        return _DAY_PARTS[match["part"].casefold()]
    return span_minutes(match, bare=True)


def _busy_covers(answer: str, minutes: int | None) -> bool:
    """Whether ``answer`` says ``minutes`` is someone's busy time: it names busy time, offers
    nothing, and refers back to the time asked about or names a busy span holding it ("Jerry is
    busy until 11:00" holds 9:00; a span after a free word is free time, which does not)."""
    if _BUSY.search(answer) is None or _offers(answer, question=False):
        return False
    if _BACK_TO_QUESTION.search(answer):
        return True
    if minutes is None:
        return False
    said = sorted(
        [(m.start(), True) for m in _BUSY.finditer(answer)]
        + [(m.start(), False) for m in _FREE.finditer(answer)]
    )
    for match in _BUSY_RANGE.finditer(answer):
        before = [busy for at, busy in said if at < match.start()]
        span = _span(match)
        if before and before[-1] and span is not None and span[0] <= minutes < span[1]:
            return True
    return False


_REASON_CUT = re.compile(
    r",\s*(?:and\s+)?(?:so|which means|that means|meaning|which is why|hence|thus|therefore"
    r"|as|since|because)\b|,|\b(?:so|because|since|given that|which means|that means|hence"
    r"|therefore|thus)\b",
    re.I,
)
"""What parts a sentence into a reason and what follows from it: a comma, "so", "because",
"since", "which means" ("Jerry's meeting ends at 14:00, so 14:30 works"); "as" only after a
comma (not "as well")."""
_BEYOND_THE_PLAN = re.compile(
    r"^\W*(?:and\s+)?(?:which|that|then|there|those)\b"
    r"|\b(?:then|there|any\w*|whenever|after(?:wards?)?|before|onwards?|beyond)\b",
    re.I,
)
"""Words by which what follows a reason may offer more than the slot: a word pointing back at
the reason's time ("..., which also works", "so that works too") or a vague other time ("so
anything after that works", "so any time works")."""


def _reason_part(text: str, left: int, start: int, end: int, right: int) -> tuple[int, int] | None:
    """The bounds of the part of the clause ``text[left:right]`` holding the time at
    ``text[start:end]``, when that part offers nothing and the rest of the clause offers the
    slot alone: its only words of offer are words of fit ("works", "suits", "fine": "so 14:30
    works for everyone", "so this works"), with no other offering word (too, also, or, either,
    instead, a modal: :data:`_OFFERS`) and nothing by which it may reach past the slot
    (:data:`_BEYOND_THE_PLAN`). None otherwise: the time is read with its whole clause, so a
    time said again where the slot is offered ("so 14:00 works as well") stays offered."""
    low, high = left, right
    for cut in _REASON_CUT.finditer(text, left, right):
        if cut.end() <= start:
            low = cut.end()
        elif cut.start() >= end:
            high = cut.start()
            break
    # A participant's stop is no offer ("finishes work at 16:00": the "work" fits nothing).
    part = _STOPS_EARLY.sub(" ", text[low:high])
    if (low, high) == (left, right) or _offers(part, question=False):
        return None
    for rest in _REASON_CUT.split(f"{text[left:low]},{text[high:right]}"):
        if _BEYOND_THE_PLAN.search(rest) is not None:
            return None
        if any(m.lastgroup != "fits" for m in _OFFERS.finditer(rest)):
            return None
    return low, high


_INNER_DOT = re.compile(INNER_DOT)


def _sentences(text: str) -> list[str]:
    """``text`` cut after each ".", "!", ";" and newline, but not after a dot that ends no
    sentence (:data:`~checkers.plan_words.INNER_DOT`): "Jerry stops working at 5:00 p.m." and
    "Jerry is busy until 15.00." are one sentence each."""
    dots = {m.start() for m in _INNER_DOT.finditer(text)} if "." in text else set()
    cuts = [at + 1 for at, c in enumerate(text) if c in ".!;\n" and at not in dots]
    return [text[low:high] for low, high in itertools.pairwise([0, *cuts, len(text)])]


_LISTED_PERSON = re.compile(
    r"[ \t]*(?:[-*+\u2022]|\d{1,2}[.)])[ \t]+[*_]*(?P<label>[a-z][\w'.-]*(?: [a-z][\w'.-]*)?)"
    r"[*_]*\s*(?::|[-\u2013\u2014]\s)",
    re.I,
)
"""A list item opening with a word or two as its label ("- Jerry: 9:00-11:00", "* **Dylan** -
..."); the final word reads it casefolded. A day as the label names no one
(:func:`_busy_listed`)."""


def _busy_listed(text: str) -> list[tuple[int, int]]:
    """The spans of ``text``'s list items that give a person's busy times by the heading they
    stand under: an item opening with a name (:data:`_LISTED_PERSON`) below a line ending in a
    colon (or a markdown heading) that names busy time and offers nothing ("Busy times:" then
    "- Jerry: 9:00-11:00, 11:30-14:30"), as a table column headed busy does. Blank lines may
    stand between; any other line ends the list. An item naming no one stays read alone."""
    spans: list[tuple[int, int]] = []
    busy = False
    at = 0
    for line in text.split("\n"):
        item = _LISTED_PERSON.match(line)
        if item is not None:
            if busy and _DAY_MENTION.search(item["label"]) is None:
                spans.append((at, at + len(line)))
        elif line.strip():
            words = line.strip().strip("*_# ")
            heading = words.endswith(":") or line.lstrip().startswith("#")
            busy = heading and _BUSY.search(words) is not None and not _offers(words, False)
        at += len(line) + 1
    return spans


class _Asides:
    """Which times of one text explain the slot (the exception to rule 4 in the module
    docstring). Each clause is read once, so that a text of many times is read in linear time."""

    def __init__(self, text: str, slot: tuple[int, int] | None = None) -> None:
        self.text = text
        self.slot = slot
        """The slot's start and end minutes, by which a preference restated is read as kept
        (:func:`_task_limit`); None when not known."""
        # A dot of "p.m." or of "15.00" ends no clause (the last of "p.m." may end the sentence).
        dots = {m.start() for m in _INNER_DOT.finditer(text)} if "." in text else set()
        self.edges = [i for i, c in enumerate(text) if c in _CLAUSE_EDGES and i not in dots]
        self.clauses: dict[int, tuple[bool, bool, bool]] = {}
        self.headers: dict[int, list[str]] | None = None
        self.listed: list[tuple[int, int]] | None = None
        self.marks: tuple[list[int], list[int]] | None = None
        """Where the text's digits and stops stand (:meth:`_ruled_out_after`)."""

    def _clause(self, start: int) -> tuple[int, int, tuple[bool, bool, bool]]:
        """The bounds of the clause holding ``start`` (up to the nearest :data:`_CLAUSE_EDGES`),
        and whether it offers a slot, names a busy time, names free time."""
        at = bisect.bisect_left(self.edges, start)
        left = self.edges[at - 1] + 1 if at > 0 else 0
        right = self.edges[at] if at < len(self.edges) else len(self.text)
        if left not in self.clauses:
            clause = self.text[left:right]
            self.clauses[left] = (
                _offers(clause, question=self.text[right : right + 1] == "?"),
                *_busy_or_free(clause),
            )
        return left, right, self.clauses[left]

    def _read_in(self, start: int, end: int) -> tuple[int, int, tuple[bool, bool, bool]]:
        """The bounds of the text the time at ``text[start:end]`` is read in, and what it says
        (as :meth:`_clause`): its clause; or, when the clause offers a slot, the reason part of
        it holding the time (:func:`_reason_part`: "Jerry's meeting ends at 14:00" in "...,
        so 14:30 works for everyone"), so that a busy bound given as the reason for the slot
        is read as it is in a clause offering nothing."""
        left, right, said = self._clause(start)
        if not said[0]:
            return left, right, said
        part = _reason_part(self.text, left, start, end, right)
        if part is None:
            return left, right, said
        low, high = part
        return low, high, (False, *_busy_or_free(self.text[low:high]))

    def _ruled_out_after(self, end: int, right: int) -> bool:
        """Whether the rest of the clause after a time rules it out: a contrast that refers
        back to it with a rejection and names no other time. The contrast stands after the
        clause's last digit (what follows it names no time) with no stop between the time and
        it: read from there, so that a clause of many times is read once, not once a time."""
        if self.marks is None:
            self.marks = (
                [m.start() for m in _DIGIT.finditer(self.text)],
                [m.start() for m in _STOP_CHAR.finditer(self.text)],
            )
        digits, stops = self.marks
        last = bisect.bisect_left(digits, right) - 1
        start = max(end, digits[last] + 1) if last >= 0 else end
        if bisect.bisect_left(stops, start) > bisect.bisect_left(stops, end):
            return False  # a stop between the time and where a contrast may stand
        match = _REJECTED_AFTER.match(self.text, start, right)
        if match is None:
            return False
        rest = match["rest"]
        return bool(_REJECTION.search(rest) and _BACK_REFERENCE.search(rest))

    def _answered_busy(self, start: int, end: int, right: int) -> bool:
        """Whether the time at ``text[start:end]``, asked about in a question ("Why not 9:00?"),
        is answered busy by the clause right after the question ("Jerry is busy until 11:00")."""
        if self.text[right : right + 1] != "?":
            return False
        at = bisect.bisect_right(self.edges, right)
        answer_end = self.edges[at] if at < len(self.edges) else len(self.text)
        return _busy_covers(self.text[right + 1 : answer_end], _minutes_at(self.text[start:end]))

    def _refused(self, left: int, start: int, right: int) -> bool:
        """Whether the time at ``start`` is what a negated modal turns down in a statement, its
        clause giving a reason ("We couldn't use 11:00-11:30: it's only 30 minutes")."""
        if _REFUSED_BEFORE.search(self.text, max(left, start - 60), start) is None:
            return False
        # A busy word denied is no reason ("Jerry won't be busy at 16:00").
        clause = _NOT_BUSY.sub(" ", self.text[left:right])
        return bool(_REJECTION.search(clause) or _TOO_SHORT.search(clause))

    def _column_header(self, start: int) -> str | None:
        """The header cell of the markdown table column holding ``start`` (None: no table)."""
        if self.headers is None:
            self.headers = _table_headers(self.text)
        line = self.text.rfind("\n", 0, start) + 1
        cells = self.headers.get(line)
        if cells is None:
            return None
        column = self.text.count("|", line, start)
        return cells[column] if column < len(cells) else None

    def _busy_column(self, start: int) -> bool:
        """Whether the time at ``start`` is in a table column whose header names busy time and
        offers nothing ("| Person | Busy |": the row's times are that person's busy times)."""
        header = self._column_header(start)
        return (
            header is not None
            and _BUSY.search(header) is not None
            and not _offers(header, question=False)
        )

    def _busy_item(self, start: int) -> bool:
        """Whether the time at ``start`` is in a list item of someone's busy times by its
        heading (:func:`_busy_listed`: "Busy times:" then "- Jerry: 9:00-11:00")."""
        if self.listed is None:
            self.listed = _busy_listed(self.text)
        at = bisect.bisect_right(self.listed, (start, len(self.text) + 1)) - 1
        return at >= 0 and start < self.listed[at][1]

    def bound(self, start: int, end: int) -> bool:
        """Whether the time at ``text[start:end]`` is someone's busy time by how the sentence is
        built, not only by a busy word somewhere in its clause: the task's own limits
        (:func:`_task_limit`), right after a busy word ("Jerry is booked 11:30-14:30",
        "wouldn't be free at 11:30"), a person's commitment's time or
        end ("Jerry's 16:00 meeting", "Dylan's 13:30 call ends at 14:00"), a busy table column
        or list item under a busy heading (:meth:`_busy_item`), a question answered busy, a slot
        turned down for a reason; its clause offers nothing."""
        limit = _task_limit(self.text, start, self.slot)
        if limit is not None:
            return limit
        left, right, (offers, _, _) = self._read_in(start, end)
        if is_busy_time(self.text[left:right], start - left, end - left, _offers_in_statement):
            return True
        if offers:
            return False
        before = self.text[max(left, start - 80) : start]
        if _BOUND_BEFORE.search(before) or _COMMITMENT_ENDS.search(before):
            return True
        window = self.text[max(left, start - 40) : min(right, end + 60)]
        at = start - max(left, start - 40)
        if any(m.start() <= at < m.end() for m in _POSSESSED.finditer(window)):
            return True
        return (
            self._busy_column(start)
            or self._busy_item(start)
            or self._answered_busy(start, end, right)
            or self._refused(left, start, right)
        )

    def explains(self, start: int, end: int) -> bool:
        """Whether the time at ``text[start:end]`` explains the slot by someone's busy or free
        time, or is a limit in a clause offering nothing ("The meeting doesn't need to end
        before 16:00": :data:`~checkers.plan_words.STRONG_BOUND`), or the task's own limits
        restated (:func:`_task_limit`), rather than offer another."""
        limit = _task_limit(self.text, start, self.slot)
        if limit is not None:
            return limit
        if self._ruled_out_after(end, self._clause(start)[1]):
            return True
        left, right, (offers, busy, free) = self._read_in(start, end)
        if is_busy_time(self.text[left:right], start - left, end - left, _offers_in_statement):
            return True
        if offers:
            return False
        if STRONG_BOUND.search(self.text, max(left, start - 40), start) is not None:
            return True
        if self._answered_busy(start, end, right) or self._refused(left, start, right):
            return True
        busy = busy or self._busy_column(start) or self._busy_item(start)
        if not (busy or free):
            return False
        if busy:
            return True
        before = self.text[max(left, start - 24) : start]
        return _SPAN_WORD.search(before) is not None or bool(
            _SPAN_AFTER.match(self.text[end : min(right, end + 12)])
        )

    def stops_after(self, start: int, end: int, slot_end: int) -> bool:
        """Whether the time at ``text[start:end]`` is when a person or a place stops doing
        something (:data:`~checkers.plan_words.STOP_EDGE`: "Dylan stops taking calls at
        17:00", or at 5:00: :func:`_stop_minutes`) at or after the slot's end ``slot_end``, in a
        clause offering nothing: a limit
        the slot keeps. Before the slot's end it may say the slot cannot be had, so it stays
        another time named."""
        left, _, (offers, _, _) = self._read_in(start, end)
        if offers:
            return False
        head = self.text[max(left, start - 50) : start].lower()
        minutes = _stop_minutes(self.text[start:end], (slot_end, slot_end))
        return STOP_EDGE.search(head) is not None and minutes is not None and minutes >= slot_end

    def person_stops_after(self, start: int, end: int, slot_end: int) -> bool:
        """Whether the time at ``text[start:end]`` is when a participant stops being available
        (:data:`_STOPS_EARLY`: "Jerry finishes work at 16:00", "Jerry leaves the office at
        5:00": :func:`_stop_minutes`) at or after the slot's end ``slot_end``, the rest of its
        clause offering
        nothing: a limit the slot keeps. The stop's own words are left out of what may offer
        (the "work" of "finishes work" fits nothing)."""
        left, right, _ = self._clause(start)
        for stop in _STOPS_EARLY.finditer(self.text, left, right):
            if stop.start("time") != start:
                continue
            minutes = _stop_minutes(stop["time"], (slot_end, slot_end))
            rest = f"{self.text[left : stop.start()]} {self.text[stop.end() : right]}"
            question = self.text[right : right + 1] == "?"
            return minutes is not None and minutes >= slot_end and not _offers(rest, question)
        return False


_WORK_HOURS = re.compile(
    r"(?:\b(?:work(?:ing)?|business|office|core)\s+(?:hours|day)|\bworkday|'s\s+hours)"
    r"(?:\s+(?:for|of)\s+\w+)?\s*(?:[:(]\s*|\s(?:are|is|runs?|of|from|between)\s+)*$",
    re.I,
)
"""The task's work hours, or a participant's, right before a time ("within working hours
(9:00 - 17:00)", "work hours: 9:00 to 17:00", "Jerry's hours are 9:00 - 17:00", "Working
hours for Jerry: 9:00 - 17:00"): hours that leave the slot out are :func:`_works_outside`'s."""
_PREFERENCE = re.compile(
    r"\b(?:(?:would|'d)\s+(?:rather|prefer)\s+not(?:\s+to)?|prefers?\s+not\s+to"
    r"|(?:doesn't|does not|don't|do not)\s+(?:want|like)\s+to|(?:wants|likes|prefers|would"
    r"\s+like|'d like)\s+to\s+avoid|avoids?)\s+(?:[\w-]+\s+){0,3}?(?:before|after|until|past)\s+$",
    re.I,
)
"""A participant's preference restated, the time its limit ("Dylan would rather not meet
before 14:00", "Jerry prefers to avoid meetings after 16:00")."""
_RANGE_START_BEFORE = re.compile(rf"{_TIME_TEXT}{_RANGE_JOIN}$", re.I)


def _task_limit(text: str, start: int, slot: tuple[int, int] | None) -> bool | None:
    """Whether the time at ``text[start:]`` (or the range it ends) is one of the task's own
    limits restated and kept: True for its work hours (:data:`_WORK_HOURS`) or a participant's
    preference (:data:`_PREFERENCE`) that the slot ``slot`` (its start and end minutes) keeps
    ("would rather not meet after 16:00" of a slot ending by 16:00); False for a preference the
    slot breaks, or with no slot known (the time then stays another time named, however else
    its clause reads: "prefers to avoid meetings before 15:00" of a 14:30 slot); None for no
    such limit. A slot offered beside them ("..., so 16:00 works too") is not one."""
    head = text[max(0, start - 60) : start]
    opening = _RANGE_START_BEFORE.search(head)
    if opening is not None:
        head = head[: opening.start()]
    if _WORK_HOURS.search(head) is not None:
        return True
    preference = _PREFERENCE.search(head)
    time = _TIME_MENTION.match(text, start)
    if preference is None or opening is not None or time is None:
        return None
    minutes = _minutes_at(time.group())
    if slot is None or minutes is None:
        return False
    if preference.group().rstrip().casefold().endswith(("after", "past")):
        return slot[1] <= minutes
    return minutes <= slot[0]


_BUSY_JOIN = r"\s*(?:-?>|=>|-|\u2013|\u2014|to|until|and)\s*"
"""What joins a busy span's ends: :data:`_RANGE_JOIN` or an arrow ("11:30 -> 14:30")."""
_RANGE_OR_TIME = rf"{_TIME_TEXT}(?:{_BUSY_JOIN}{_TIME_TEXT})?"
_BOUND_BEFORE = re.compile(
    rf"(?:\b(?:{_BUSY_WORDS})|{_NOT_FREE})\s+"
    r"(?:(?:from|until|till|til|between|at|before|after|since|through)\s+)?"
    rf"(?:{_RANGE_OR_TIME}\s*(?:,\s*and\b|,|and\b)\s*)*(?:{_TIME_TEXT}{_BUSY_JOIN})?$",
    re.I,
)
"""What puts a time right after a busy word, as its span or in a list of them ("booked
11:30-14:30", "busy from 9:00", "blocked 9:00-11:00, and 11:30 -> 14:30")."""
_POSSESSED = re.compile(_POSSESSED_COMMITMENT, re.I)
_COMMITMENT_ENDS = re.compile(
    rf"(?:{_POSSESSED_COMMITMENT}|{COMMITMENT.pattern})[^,;:]{{0,30}}?"
    r"\b(?:ends?|finish(?:es)?|wraps? up|is over)\s+(?:at|by|around)\s*$",
    re.I,
)
"""A person's commitment's end ("Dylan's 13:30 call ends at 14:00")."""
_TABLE_SEPARATOR = re.compile(r"\s*\|?\s*:?-{3,}")


def _table_headers(text: str) -> dict[int, list[str]]:
    """The header cells of each markdown table body row in ``text``, by the row's start: a
    table is a run of lines starting with "|" whose second line is a separator ("|---|")."""
    headers: dict[int, list[str]] = {}
    header: list[str] | None = None
    previous: str | None = None
    at = 0
    for line in text.split("\n"):
        if not line.lstrip().startswith("|"):
            header, previous = None, None
        elif header is None and previous is not None and _TABLE_SEPARATOR.match(line):
            header = previous.split("|")
        elif header is not None:
            headers[at] = header
        else:
            previous = line
        at += len(line) + 1
    return headers


def _minutes_at(written: str) -> int | None:
    """The minutes of a time as written ("9:00", "3pm", "noon"; None: a word of two times)."""
    word = _TIME_WORDS.get(written.strip().casefold())
    if word is not None:
        return word[0] if len(word) == 1 else None
    return clock_minutes(written)


def _other_mention(found: ReadAnswer, text: str) -> str | None:
    """The first day or time the answer names that is not the read slot's (rule 4)."""
    region = answer_region(fold(text))
    if isinstance(found.day, str):
        for match in _DAY_MENTION.finditer(region):
            if _day_named(match) != found.day:
                return match.group()
    if isinstance(found.start, int) and isinstance(found.end, int):
        own = {found.start, found.end}
        asides = _Asides(region, _slot_minutes(found))
        for match in _TIME_MENTION.finditer(region):
            if _task_limit(region, match.start(), asides.slot) is False:
                return match.group().strip()  # a preference the slot breaks, at any time
            if own.intersection(_minutes_named(match)) or asides.explains(*match.span()):
                continue
            if not (
                asides.stops_after(*match.span(), slot_end=found.end)
                or asides.person_stops_after(*match.span(), slot_end=found.end)
            ):
                return match.group().strip()
    return None


def _day_named(match: re.Match[str]) -> str | None:
    """The canonical day a :data:`_DAY_MENTION` match names (None: a day word of no one day)."""
    if match["day"] is not None:
        return _DAYS_BY_FOLD[match["day"].casefold()]
    if match["short"] is not None:
        return _SHORT_DAYS[match["short"][:3].casefold()]
    return None


_MARKED_AFTER = re.compile(rf"{_RANGE_JOIN}(?P<time>\d{{1,2}}(?::\d{{2}})?\s*{_MERIDIEM})", re.I)
_MARKED_BEFORE = re.compile(rf"(?P<time>\d{{1,2}}(?::\d{{2}})?\s*{_MERIDIEM}){_RANGE_JOIN}$", re.I)


def _minutes_named(match: re.Match[str]) -> tuple[int | None, ...]:
    """The clock minutes a :data:`_TIME_MENTION` match may mean (a word like noon: its own). A
    time without am/pm joined in a range to one with it means what :func:`_shared_meridiem`
    reads ("2:30" in "2:30 - 3:30 PM" is 14:30), as well as what it says as written; one
    alone, in twelve-hour writing, also its afternoon
    (:data:`~checkers.plan_words.TWELVE_HOUR_CLOCK`)."""
    if match["time"] is None:
        return _TIME_WORDS[match["word"].casefold()]
    written = clock_minutes(match["time"])
    if _has_meridiem(match["time"]):
        return (written,)
    text = match.string
    after = _MARKED_AFTER.match(text, match.end())
    before = _MARKED_BEFORE.search(text[max(0, match.start() - 20) : match.start()])
    if after is not None:
        shared = _shared_meridiem(match["time"], after["time"])
        return (written,) if shared is None else (written, shared[0])
    if before is not None:
        shared = _shared_meridiem(before["time"], match["time"])
        return (written,) if shared is None else (written, shared[1])
    if written is not None and TWELVE_HOUR_CLOCK.fullmatch(match["time"].strip()):
        return (written, written + HALF_DAY)  # "2:30" restating a 14:30 slot
    return (written,)


def _alone(found: ReadAnswer, text: str) -> ReadAnswer:
    """``found``, or ``several_slots`` when the answer names another day or time (rule 4)."""
    other = _other_mention(found, text)
    if other is None:
        return found
    read = found.read or {}
    shown = f"{read.get('day', '?')}, {read.get('start', '?')} - {read.get('end', '?')}"
    return _whole(
        _problem(
            "several_slots",
            f"besides the slot {shown} the answer names {other[:40]!r}, so it offers more than "
            "one slot and the checker will not pick one; after 'Here is the proposed time:' "
            f"name exactly one day and one time range, e.g. {EXAMPLE_ANSWER}",
        )
    )


PLAN_NOUNS = ("meeting", "call", "day", "window", "appointment", "session")
"""Nouns a scheduling answer calls its slot by (see :class:`checkers.final_word.PlanVocabulary`)."""


def plan_vocabulary(found: ReadAnswer, asides: bool = False) -> PlanVocabulary:
    """The words for the slot ``found``: its day and its start and end (any written form) are
    its own; every other day or time is another slot's, and so is its end said as a start,
    in any form a reader reads (:func:`_said_as_a_start`: "Starting at 3:30 pm would also
    work" offers the slot after this one). With ``asides``, a time bound to someone's busy
    time by how its sentence is built (:meth:`_Asides.bound`) is no slot's and is not named
    at all."""
    start = found.start if isinstance(found.start, int) else None
    own_times = {v for v in (found.start, found.end) if isinstance(v, int)}
    every_form = _as_the_core_reads(_slot_mentions(found, own_times, asides))
    start_forms = _as_the_core_reads(_slot_mentions(found, own_times & {start}, asides))

    def mentions(text: str) -> list[Mention]:
        found_here = list(every_form(text))
        said = {m for m in found_here if m.own and _said_as_a_start(text, m.start, m.end)}
        if not said:
            return found_here
        # Only a time that may mean the slot's start is the slot's own when said as a start:
        # read the text again with the start alone as the slot's time.
        a_start = _overlapping([(m.start, m.end) for m in start_forms(text) if m.own])
        return [
            Mention(m.start, m.end, False) if m in said and not a_start(m) else m
            for m in found_here
        ]

    # Already completed by the core (every_form is); completing it again would read a 12-hour
    # end said as a start ("3:30 pm") as its 24-hour form alone, the slot's own.
    mentions.completed = True  # type: ignore[attr-defined]
    return PlanVocabulary(nouns=PLAN_NOUNS, mentions=mentions, example=EXAMPLE_ANSWER)


def _slot_minutes(found: ReadAnswer) -> tuple[int, int] | None:
    """The start and end minutes of ``found``, when both were read."""
    if isinstance(found.start, int) and isinstance(found.end, int):
        return found.start, found.end
    return None


def _overlapping(spans: list[tuple[int, int]]) -> Callable[[Mention], bool]:
    """Whether a mention shares a character with one of ``spans``, in logarithmic time."""
    spans = sorted(spans)
    starts = [low for low, _ in spans]
    # The furthest end among the spans starting at or before each.
    reach = list(itertools.accumulate((high for _, high in spans), max))

    def overlaps(mention: Mention) -> bool:
        at = bisect.bisect_left(starts, mention.end) - 1
        return at >= 0 and reach[at] > mention.start

    return overlaps


def _as_the_core_reads(finder: MentionFinder) -> MentionFinder:
    """``finder`` completed as the core completes every vocabulary's (12-hour times, hours in
    words, times relative to the plan: :class:`checkers.final_word.PlanVocabulary`)."""
    return PlanVocabulary(nouns=PLAN_NOUNS, mentions=finder, example=EXAMPLE_ANSWER).mentions


def _slot_mentions(found: ReadAnswer, own_times: set[int], asides: bool) -> MentionFinder:
    """The days and times scheduling reads in a text, each the slot's own when it is
    ``found``'s day or one of ``own_times``; ``asides`` as :func:`plan_vocabulary` takes it."""

    def mentions(text: str) -> list[Mention]:
        found_here = []
        for match in _DAY_MENTION.finditer(text):
            own_day = _day_named(match) == found.day
            found_here.append(Mention(match.start(), match.end(), own_day))
        explained = _Asides(text, _slot_minutes(found)) if asides else None
        for match in _TIME_MENTION.finditer(text):
            own = bool(own_times.intersection(_minutes_named(match)))
            if own or explained is None or not explained.bound(*match.span()):
                found_here.append(Mention(match.start(), match.end(), own))
        for match in _RELATIVE_SLOT.finditer(text):
            if not _relative_is_own(text, match, explained):
                found_here.append(Mention(*match.span(), False))
        found_here += _worded_times(text, own_times)
        return found_here

    return mentions


_START_BEFORE = re.compile(
    r"(?:^|[.!?;:\n(]|\b(?:we|it|the meeting|the call|you)(?:\s+[\w']+){0,4}?"
    r"|\b(?:why not|how about|what about|wouldn't|shouldn't|couldn't)(?:\s+[\w']+){0,2}?)"
    r"\s*(?:start(?:ing)?|begin(?:ning)?|kick(?:ing)? off)\s+(?:at\s+)?$"
    r"|\b(?:see you|meet(?:ing)?|we'll meet|let's meet)\s+(?:(?:on\s+)?[A-Z]?[a-z]+day\s+)?"
    r"(?:at|from)\s+$",
    re.I,
)
"""What says the time after it is a slot's start: "Starting at", "we could also start at",
a suggestion ("Why not start at", "How about starting at", "Wouldn't starting at") or where
the meeting meets ("See you Monday at", "let's meet at")."""
_START_AFTER = re.compile(r"\s+start\b", re.I)


def _said_as_a_start(text: str, start: int, end: int) -> bool:
    """Whether the time at ``text[start:end]`` is said as a slot's start: "Starting at 15:30
    would also work", "we could also start at 3:30 pm", "a 15:30 start", "See you Monday at
    half three" (when the meeting begins); never someone else's
    start ("Dylan's call starts at 15:30"). When it is the slot's end, it names another slot,
    one that begins where this one ends (:func:`plan_vocabulary`)."""
    head = text[max(0, start - 40) : start]
    article = re.search(r"\b(?:an?|the)\s+$", head, re.I)
    return bool(_START_BEFORE.search(head)) or bool(article and _START_AFTER.match(text, end))


_RELATIVE_SLOT = re.compile(
    r"\bthe\s+(?:following|next|previous|preceding|subsequent)\s+(?:(?:available|free|open)\s+)?"
    r"(?:hour|half[- ]hour|(?:30|thirty|60|sixty) minutes|slot|time slot|window|one)\b"
    r"|\bthe\s+(?:hour|half[- ]hour|(?:30|thirty|60|sixty) minutes|slot|time slot|window|one)\s+"
    r"(?:(?:right|just|immediately|directly)\s+)?(?:after|before)\s+"
    r"(?:it|this|that|ours|the meeting|this one|that one)\b",
    re.I,
)
"""Another slot named by its place next to this one ("the following hour", "the next
available slot", "the slot right after this one", "the half hour after it"): another slot's
time, which the final word reads as any other (offered, unless its sentence rules it out)."""
_IS_THIS = re.compile(r"\b(?:this|it|that)(?:'s|\s+is|\s+was|\s+would be)\s+(?:\w+\s+)?$", re.I)
"""The slot itself as the subject: "This is the next available slot" describes it."""


def _relative_is_own(text: str, match: re.Match[str], explained: _Asides | None) -> bool:
    """Whether a :data:`_RELATIVE_SLOT` match names no other slot: the slot itself described
    ("This is the next available slot after Jerry's block"), or, read with the asides, a span
    someone is busy in ("Jerry is booked the hour after it", "Jerry has another meeting the
    following hour")."""
    if _IS_THIS.search(text, max(0, match.start() - 30), match.start()):
        return True
    if explained is None:
        return False
    _, _, (_, busy, free) = explained._clause(match.start())
    return busy and not free


_WORDED_TIME = re.compile(
    rf"\b(?:from|between)\s+(?P<first>{NUMBER_WORDS})\s+(?:to|until|till|and)\s+"
    rf"(?P<last>{NUMBER_WORDS})\b(?!\s+(?:of|people|persons|participants|attendees|members"
    r"|guests|others|hours|minutes|days|slots|times|meetings|options|blocks)\b)"
    rf"|\b(?P<meridiem>{NUMBER_WORDS})\s?[ap]\.?\s?m\b"
    rf"|\b(?P<part>(?:a\s+)?quarter|half|twenty|ten|five)\s+(?P<way>past|after|to|till)\s+"
    rf"(?P<of>{NUMBER_WORDS})\b"
    rf"|\b(?P<hour>{NUMBER_WORDS})[- ](?P<minutes>thirty|fifteen|forty[- ]five)\b(?![- ]?min)"
    rf"|\bhalf\s+(?P<british>{NUMBER_WORDS}|1[0-2]|[1-9])\b(?![:.]\d)"
    r"(?!\s*(?:-|of|people|persons|participants|attendees|hours?|minutes?|days?|slots?|times?"
    r"|ways?|[ap]\.?m\b))",
    re.I,
)
"""A clock time in words no other reader reads: an hour range ("from three to four"), an hour
before am/pm ("three pm"), a part of an hour ("a quarter past three", "half past two") or its
minutes in words ("three-thirty"), or the British half hour ("half three": 3:30)."""
_PART_MINUTES = {"quarter": 15, "a quarter": 15, "half": 30, "twenty": 20, "ten": 10, "five": 5}
_WORD_MINUTES = {"thirty": 30, "fifteen": 15, "forty-five": 45, "forty five": 45}
_HOURS_BY_WORD = {w: n for n, w in enumerate(NUMBER_WORDS[3:-1].split("|"), 1)}


def _either_half(hour_word: str, minutes: int = 0) -> set[int]:
    """The minutes of the day an hour said in words may mean, in either half of the day."""
    hour = _HOURS_BY_WORD[hour_word.casefold()] % 12
    return {hour * 60 + minutes, (hour + 12) * 60 + minutes}


def _worded_times(text: str, own_times: set[int]) -> list[Mention]:
    """The times :data:`_WORDED_TIME` finds in ``text``, each the slot's own when it may mean
    the slot's start or end (a range when both its ends may), another slot's otherwise."""
    found = []
    for match in _WORDED_TIME.finditer(text):
        if match["first"] is not None:
            own = all(own_times & _either_half(match[g]) for g in ("first", "last"))
        elif match["meridiem"] is not None:
            own = bool(own_times & _either_half(match["meridiem"]))
        elif match["part"] is not None:
            part = _PART_MINUTES[re.sub(r"\s+", " ", match["part"].casefold())]
            hour = match["of"]
            if match["way"].casefold() in {"to", "till"}:
                own = bool(own_times & {m - 60 for m in _either_half(hour, 60 - part)})
            else:
                own = bool(own_times & _either_half(hour, part))
        elif match["british"] is not None:
            hour = match["british"]
            word = NUMBER_WORDS[3:-1].split("|")[int(hour) - 1] if hour.isdigit() else hour
            own = bool(own_times & _either_half(word, 30))
        else:
            minutes = _WORD_MINUTES[match["minutes"].casefold().replace("\u2010", "-")]
            own = bool(own_times & _either_half(match["hour"], minutes))
        found.append(Mention(*match.span(), own))
    return found


def _stands_by(
    found: ReadAnswer, text: str, span: tuple[int, int] | None, asides: bool = False
) -> ReadAnswer:
    """``found``, or the whole-answer problem when the text around its slot (at ``span``)
    withdraws, denies, corrects or adds to it (see :mod:`checkers.final_word`); ``asides`` as
    :func:`plan_vocabulary` takes it."""
    if found.problems or span is None:
        return found
    answer = None
    if text[span[0] : span[0] + 1] == "{":
        answer = extract_json_object(text[span[0] : span[1]])
    problem = final_word(text, span, plan_vocabulary(found, asides), answer)
    return found if problem is None else _whole(problem)


def _final(
    found: ReadAnswer,
    text: str,
    region: str,
    span: tuple[int, int] | None,
    names: tuple[str, ...] = (),
) -> ReadAnswer:
    """``found`` after rule 4 and the final word: a slot beside another day or time is
    ``several_slots``, unless the words around it say more precisely what they do (withdraw,
    deny or correct it). When rule 4 finds every other time an explanation of the slot, the
    final word reads again without the times bound to someone's busy time ("Jerry is booked
    11:30-14:30" is no second plan): which times a meeting answer offers is this reader's to
    say, but a time merely beside a busy word ("Jerry is busy at 11:00, so let's go with
    16:00") is still the final word's to read. ``names``: the task's participants, by which
    the slot said to be for only some of them is read (:func:`_for_some_by_name`)."""
    said = _stands_by(found, region, span)
    alone = _alone(found, text)
    if alone is not found and (said is found or said.problems[0].code == "several_plans"):
        return alone
    if alone is found and said is not found and said.problems[0].code == "several_plans":
        said = _stands_by(found, region, span, asides=True)
    away = (
        _someone_away(found, region[span[1] :])
        or _someone_stops_early(found, region[span[1] :])
        or _out_flat(found, region[span[1] :], names)
        if said is found and span
        else None
    )
    if away is not None:
        return _whole(
            _problem(
                "plan_negated",
                f"the answer says someone is away at its own slot ({away[:60]!r}), so it does "
                f"not stand by it; state exactly one slot everyone can attend, e.g. "
                f"{EXAMPLE_ANSWER}",
            )
        )
    if said is found and span:
        otherwise = _said_otherwise(found, region[span[1] :])
        if otherwise is not None:
            return _whole(otherwise)
        before = text[: len(text) - len(region) + span[0]]
        left_out = (
            _not_for_everyone(found, region[span[1] :], before)
            or _for_some_by_name(found, region[span[1] :], before, names)
            or _roster_left_out(text, names)
        )
        busy = (
            None
            if left_out is not None
            else _busy_during(found, region[span[1] :], before, names)
            or _marked_out(region[span[1] :], names)
            or _works_outside(found, region[span[1] :])
            or _part_of_the_slot(found, region[span[1] :])
        )
        if busy is not None:
            left_out = _problem(
                "plan_for_part_of_group",
                f"the answer says a participant is busy during part of its slot "
                f"({busy[:60]!r}); propose one slot every participant can attend, e.g. "
                f"{EXAMPLE_ANSWER}",
            )
        if left_out is None:
            left_out = _need_broken_problem(found, region[span[1] :], before, names)
        if left_out is not None:
            return _whole(left_out)
        if len(region) < len(text):
            # The answer follows a "proposed time:" marker: the reasoning before it may still
            # deny the very slot proposed ("The 14:30 slot is unavailable.").
            offset = len(text) - len(region)
            plan = (offset + span[0], offset + span[1])
            denied = denied_before(text, plan, plan_vocabulary(found))
            if denied is not None:
                return _whole(denied)
            choice = _choice_before(found, text[: plan[0]])
            if choice is not None:
                return _whole(
                    _problem(
                        "several_slots",
                        f"the answer leaves a choice of slots before its proposed time "
                        f"({choice[:60]!r}) and the checker will not pick one; propose exactly "
                        f"one, e.g. {EXAMPLE_ANSWER}",
                    )
                )
    return said


_CHOICE = re.compile(
    r"\beither\b(?!\s+way)|\bboth\b[^.!?\n]{0,40}?\b(?:work|fit|suit|fine|good|ok|okay|viable"
    r"|feasible|doable|possible|options?)|\bwhichever\b|\bpick (?:one|any|either)\b"
    r"|\byour (?:choice|call|pick|preference)\b|\bup to you\b|\byou(?:'d| can| could| may)? "
    r"(?:pick|choose|decide)\b|\b(?:you|we) (?:could|can|might) (?:do|go with|try|use|book)\b"
    r"|\b(?:equally|just as|also) (?:\w+ )?(?:good|fine|well|viable|valid|feasible|doable)\b"
    r"|\b(?:also|would also|could also) (?:work|fit|suit)s?\b|\bworks? (?:too|as well)\b"
    r"|\bany of (?:these|those|them|the)\b|\bno (?:difference|preference)\b"
    r"|\bdoesn't matter\b|\b(?:two|several|multiple|a few) (?:options|choices|slots)\b",
    re.I,
)
"""Words leaving the user a choice of plans ("Either slot (14:30 or 15:00) is fine", "Both 10:00
and 14:30 work", "15:00 also works", "your call", "you pick", "You could do 14:30 or 15:00",
"15:00 is equally viable")."""
_TAKEN = re.compile(
    rf"\b(?P<taken>{_BUSY_WORDS}|blocked|conflicts?|clash(?:es)?|overlaps?|too (?:late|early"
    r"|soon)|ruled? out|rather than|instead of)\b"
    r"|(?:\bnot|n't|\bnever|\bno longer)\s+(?:\w+\s+){0,2}?(?:work|fit|suit|possible|available"
    r"|free|an option|viable|feasible|doable|ok|okay|good)\w*\b",
    re.I,
)
"""Words by which a sentence's times are someone's busy time or turned down ("Jerry is busy at
15:00", "15:00 won't work for Jerry", "too late"), not offered: a word of a taken time only when
nothing before it denies it (:data:`_DENIED_BEFORE`)."""
_DENIED_BEFORE = re.compile(
    r"(?:\b(?:no|not|none|nobody|no one|without|zero|any)|n't)\W+(?:\w+\W+){0,3}$"
)
"""A taken time's word denied ("no conflicts for anyone", "nobody is busy", "isn't blocked"):
the times are free, and may be a choice."""


def _turned_down(sentence: str) -> bool:
    """Whether ``sentence`` names its times as busy or turned down (:data:`_TAKEN`)."""
    for said in _TAKEN.finditer(sentence):
        head = sentence[max(0, said.start() - 40) : said.start()]
        if said["taken"] is None or _DENIED_BEFORE.search(head) is None:
            return True
    return False


def _choice_before(found: ReadAnswer, before: str) -> str | None:
    """The sentence of ``before`` (the reasoning before a "proposed time:" marker) that leaves a
    choice of slots (:data:`_CHOICE`) naming another day or time than the slot proposed, and
    no one's busy time nor a time turned down ("Either slot (14:30 or 15:00) is fine:" before
    14:30 - 15:30; "Either works, no conflicts for anyone"): the answer offers two plans,
    whichever the marker names. Else None."""
    if _CHOICE.search(before) is None:
        return None
    for sentence in _sentences(before):
        if (
            _CHOICE.search(sentence) is not None
            and not _turned_down(sentence)
            and _other_named(found, sentence)
        ):
            return " ".join(sentence.split())
    return None


_NEED_BROKEN_SAYS = {
    "plan_for_part_of_group": "its slot breaks what a participant needs",
    "plan_negated": "its slot breaks what the task asks",
    "several_slots": "its slot is another length than the one it states",
}


def _roster_left_out(text: str, names: tuple[str, ...]) -> AnswerProblem | None:
    """The ``plan_for_part_of_group`` problem when the answer's roster leaves a participant out
    (:mod:`checkers.roster`: "RSVP: Thomas ✅, Dylan ✅, Jerry ❌", "Invites sent to Thomas and
    Dylan"; a list under "Attendees:" is :func:`_for_some_by_name`'s too) or it says it relaxed
    a need (:mod:`checkers.need_relaxed`: "I ignored Jerry's lunch block"), else None."""
    members = tuple((fold_lower(name),) for name in names)
    folded = fold_lower(text)
    said = roster_leaves_out(folded, members) or need_relaxed(folded)
    if said is None:
        return None
    return _problem(
        "plan_for_part_of_group",
        f"the answer says its slot leaves a participant or their need out ({said[:60]!r}); "
        f"propose one slot every participant can attend, e.g. {EXAMPLE_ANSWER}",
    )


def _need_broken_problem(
    found: ReadAnswer, after: str, before: str, names: tuple[str, ...]
) -> AnswerProblem | None:
    """The problem :func:`_need_broken` finds, with its message."""
    broken = _need_broken(found, after, before, names)
    if broken is None:
        return None
    code, words = broken
    return _problem(
        code,
        f"the answer says {_NEED_BROKEN_SAYS[code]} ({words[:60]!r}); propose one slot of the "
        f"meeting's length that every participant can attend, e.g. {EXAMPLE_ANSWER}",
    )


def _said_otherwise(found: ReadAnswer, after: str) -> AnswerProblem | None:
    """The problem when the text after the slot says the meeting is another slot than the one
    written: another length (:func:`_length_said_otherwise`: ``several_slots``), or its times
    on one participant's clock with another in another time zone (:func:`_other_time_zone`:
    ``ambiguous_time``)."""
    length = _length_said_otherwise(found, after)
    if length is not None:
        return _problem(
            "several_slots",
            f"the answer gives its meeting another length than its slot's, or lets it run on "
            f"({length[:60]!r}), so it names more than one slot; state exactly one slot of the "
            f"meeting's length, e.g. {EXAMPLE_ANSWER}",
        )
    zone = _other_time_zone(found, after)
    if zone is not None:
        return _problem(
            "ambiguous_time",
            f"the answer puts a participant in another time zone ({zone[:60]!r}), so its slot "
            f"is another time for someone; state the slot in the task's own times, e.g. "
            f"{EXAMPLE_ANSWER}",
        )
    return None


def _not_for_everyone(found: ReadAnswer, after: str, before: str) -> AnswerProblem | None:
    """The problem when the answer says its slot is not for everyone: after the slot (``after``)
    or before it (``before``, the reasoning before the "proposed time" marker included), a
    participant who cannot attend it, will miss it or part of it, will be late or leave early
    ("Jerry can't attend", "Jerry will be 15 minutes late"), is made optional ("Jerry is
    optional"), has a clash with it ("Jerry has a conflict", "overlaps slightly with Jerry's
    block"), the slot said to suit only some ("Everyone except Jerry is free then", "two of the
    three participants are free"): ``plan_for_part_of_group``; the slot said to hold only if a
    participant changes their calendar (:data:`_ON_SOMEONES_CHANGE`): ``slot_on_a_condition``;
    a claim that no slot suits everyone ("No slot works for everyone, so here's the best
    compromise", "There's no perfect slot"): ``plan_and_no_plan``.

    Not in a question or under a condition. A claim or a condition is read in a sentence naming
    no other day, time or part of the day; what is said of a participant, after the slot, in a
    sentence naming none after it ("Jerry's block runs until 15:00, so he'll miss the first half
    hour" says it of the slot; "Jerry will miss the morning session" does not), and before the
    slot only in a paragraph naming no other day or time (reasoning over other slots says who
    misses those)."""
    for sentence, paragraph_clear, lead_in in _sentences_of(found, after, before):
        if sentence.rstrip().endswith("?"):
            continue
        if not (_other_named(found, sentence) or _other_day_part(found, sentence)):
            problem = _claim_or_condition(sentence)
            if problem is not None:
                return problem
        problem = _changed_calendar(found, sentence)
        if problem is not None:
            return problem
        if lead_in and not paragraph_clear:
            continue
        said = _said_of_someone(found, sentence, lead_in)
        if said is not None:
            return _problem(
                "plan_for_part_of_group",
                f"the answer says its slot is not for everyone ({said[:60]!r}); propose one "
                f"slot every participant can attend, e.g. {EXAMPLE_ANSWER}",
            )
    return None


def _changed_calendar(found: ReadAnswer, sentence: str) -> AnswerProblem | None:
    """``slot_on_a_condition`` when ``sentence`` says the slot holds only if a participant
    changes their calendar (:data:`_ON_SOMEONES_CHANGE`, :func:`_rests_on_a_change`), reading
    the times of their own commitments it names as what is changed ("as long as Jerry moves
    his 14:00 call"), in a sentence naming no other day, time or part of the day beside them."""
    bare = _without_owned_times(sentence)
    if bare == sentence and _other_named(found, sentence):
        return None
    if _other_named(found, bare) or _other_day_part(found, bare):
        return None
    condition = _ON_SOMEONES_CHANGE.search(sentence) or _rests_on_a_change(sentence)
    if condition is None:
        return None
    return _problem(
        "slot_on_a_condition",
        f"the answer says its slot holds only if someone changes their calendar "
        f"({condition.group()[:60]!r}); propose one slot everyone can attend as their "
        f"calendars stand, e.g. {EXAMPLE_ANSWER}",
    )


def _claim_or_condition(sentence: str) -> AnswerProblem | None:
    """A claim in ``sentence`` that no slot suits everyone (``plan_and_no_plan``), or the slot
    said to hold only if a participant changes their calendar, or to be tentative or pending
    a participant (:data:`_TENTATIVE`) (``slot_on_a_condition``)."""
    claim = _NO_SLOT_FOR_ALL.search(sentence)
    if claim is not None and left_out.claims_none_for_all(sentence, claim, _EVERYONE):
        return _problem(
            "plan_and_no_plan",
            f"the answer says no slot suits everyone ({claim.group()[:60]!r}) beside its slot; "
            f"propose one slot everyone can attend, e.g. {EXAMPLE_ANSWER}",
        )
    condition = _ON_SOMEONES_CHANGE.search(sentence) or _TENTATIVE.search(sentence)
    if condition is not None:
        return _problem(
            "slot_on_a_condition",
            f"the answer says its slot holds only if someone changes their calendar, or is "
            f"not settled yet ({condition.group()[:60]!r}); propose one slot everyone can "
            f"attend as their calendars stand, e.g. {EXAMPLE_ANSWER}",
        )
    return None


def _said_of_someone(found: ReadAnswer, sentence: str, lead_in: bool) -> str | None:
    """The words of ``sentence`` that say the slot is not for a participant (see
    :func:`_not_for_everyone`), if any. ``lead_in``: the sentence is before the slot, where the
    slot said to suit only some, or a clash, must be said of the slot ("can make the slot
    below"), not of the calendars ("Everyone except Jerry is free all day")."""
    if lead_in and (_other_named(found, sentence) or _other_day_part(found, sentence)):
        return None
    stated = None if lead_in else _counterfactual_stated(sentence)
    for pattern in (
        *(_LEFT_OUT, _OPTIONAL, _WITHOUT, _LEFT_BEHIND, _REFUSES, _MAY_BE_OUT, _ALL_BUT),
        _ONLY_ONE,
        _SOME_OF,
        _CLASH,
    ):
        match = pattern.search(sentence)
        if match is None and stated is not None and pattern is _LEFT_OUT:
            # "Jerry would miss it" right after the slot: read as "Jerry will miss it".
            match = pattern.search(stated)
            sentence = stated if match is not None else sentence
        if match is None or left_out.hedged(sentence, 0, match.start()):
            continue
        if left_out.of_no_plan(sentence, match.end()):
            continue  # "Jerry will miss it if the slot moves": of no slot
        if _put_elsewhere(sentence, match, own=pattern in (_LEFT_OUT, _OPTIONAL)):
            continue
        if _other_named(found, sentence[match.end() :]):
            continue  # "Jerry will be late to the 9:00 one": another slot's
        if _other_day_part(found, sentence[match.end() :]):
            continue
        if pattern is _SOME_OF and not left_out.fewer(match):
            continue
        if pattern is _CLASH and not _clash_with_the_slot(sentence, match):
            continue
        if (
            lead_in
            and pattern not in (_LEFT_OUT, _OPTIONAL, _WITHOUT)
            and not _OF_THE_SLOT.search(sentence)
        ):
            continue
        return match.group()
    return None


def _put_elsewhere(sentence: str, match: re.Match[str], own: bool) -> bool:
    """Whether a word of :data:`_ELSEWHERE` in ``sentence`` puts what ``match`` says on another
    slot ("Any earlier and Jerry can't make it"). With ``own`` (a participant's own words, as
    :func:`checkers.left_out.absent` and :func:`checkers.left_out.optional` read them), one
    inside the match is theirs and puts nothing elsewhere: "Jerry can be briefed later",
    "Jerry will send someone instead"."""
    return any(
        not (own and match.start() <= word.start() and word.end() <= match.end())
        for word in _ELSEWHERE.finditer(sentence)
    )


def _clash_with_the_slot(sentence: str, match: re.Match[str]) -> bool:
    """Whether a :data:`_CLASH` match says a participant's time clashes with the slot: a
    participant is named, nothing before it denies or avoids the clash ("No one has a
    conflict", "to avoid a clash with Jerry"), and no bound puts it elsewhere ("Jerry's one
    conflict ends at 14:30", "has a conflict right after")."""
    if _ATTENDEE_NAMED.search(sentence) is None:
        return False
    if _DENIED_BEFORE.search(sentence, 0, match.start()):
        return False
    return _BOUND_WORD.search(sentence) is None


_LIST_ITEM = (
    r"(?:\b[A-Z][A-Za-z'-]*(?<!'s)(?![\w'])"
    r"|\b(?:you|yourself|yourselves|me|myself|us|ourselves|them|everyone|everybody|all)\b)"
)
"""One item of a list of people: a capitalised word (a name, never a possessive: "Dylan's") or
a pronoun or word for the group, which no list of only some participants holds."""


def _people(group: str) -> str:
    """A whole list of people as the group ``group`` ("Thomas and Dylan", "Thomas, Dylan, and
    Jerry"), never the first part of a longer one ("Thomas and Dylan and the team")."""
    return (
        rf"(?P<{group}>{_LIST_ITEM}(?:(?:\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+){_LIST_ITEM})*)"
        r"(?!\s*,?\s*(?:and|&|plus|as well as|along with|together with|with|including)\b)"
    )


def _people_of(match: re.Match[str]) -> str:
    """The list of people a match of :func:`_people` groups (``people``, ``people2``, ...)."""
    return next(v for k, v in match.groupdict().items() if k.startswith("people") and v)


_BOTH = r"(?:(?i:both|only|just)\s+)?"
_FOR_THE_SLOT_AFTER = re.compile(
    r"\A\s*(?:[,(\u2014\u2013:-]\s*)?[*_]*\s*(?:(?i:only|just)\s+)?(?i:for)\s+"
    rf"{_BOTH}{_people('people')}"
    rf"|\A\s*\(\s*{_BOTH}{_people('people2')}\s*\)"
)
"""The slot's line going on with whom it is for ("Monday, 14:30 - 15:30 for Thomas and
Dylan", "... (for Thomas and Dylan)", "... (Thomas & Dylan)")."""
_HEADED_FOR_SOME = re.compile(
    r"\A\s*(?:[-*\u2022]\s+)?[*_]*(?i:attendees|participants|invitees|who)[*_]*\s*:[*_]*\s*"
    rf"{_people('people')}"
    r"|\b(?i:(?:proposed|suggested)\s+(?:time|slot|meeting)|meeting|invite|invitation|session)"
    rf"\s+(?i:for)\s+{_BOTH}{_people('people2')}"
)
"""The slot headed by whom it is for ("Attendees: Thomas, Dylan", "Proposed time for Thomas
and Dylan: ...", "I've booked the meeting for Thomas and Dylan")."""
_FOR_SOME = re.compile(
    r"\A\s*(?:[-*\u2022]\s+)?[*_]*(?i:attendees|participants|invitees|who|rsvps?|guests"
    r"|guest list|invited|invite list|confirmed|attending|who(?:'s| is| are) (?:coming"
    r"|attending|joining))[*_]*\s*[:\u2013\u2014-][*_]*\s*"
    rf"{_people('people')}"
    r"|\b(?i:(?:proposed|suggested)\s+(?:time|slot|meeting)|meeting|invite|invitation|session)"
    rf"\s+(?i:for)\s+{_BOTH}{_people('people2')}"
    r"|\b(?i:invites?|invitations?)\s+(?i:went\s+out\s+|sent\s+|going\s+out\s+)?(?i:to)\s+"
    rf"{_people('people3')}"
)
"""The slot headed by whom it is for ("Attendees: Thomas, Dylan", "RSVP: Thomas, Dylan",
"Proposed time for Thomas and Dylan: ...", "I've booked the meeting for Thomas and Dylan",
"Invites sent to Thomas and Dylan"): the labels of :data:`checkers.roster.ROSTER_LABEL`."""
_FOR_SOME = re.compile(
    r"\b(?i:meeting|slot|time|call|invite|invitation|session|booking|this|it|that)"
    r"(?i:'s|\s+is|\s+would be|\s+will be)\s+(?i:for)\s+"
    rf"{_BOTH}{_people('people')}"
    r"|(?<!,)(?<!, )(?<!& )(?<!and )(?<!also )(?<!well as )"
    rf"{_people('people2')}\s+(?i:can|could|will|are able to|are free to)\s+"
    r"(?:(?i:both|all)\s+)?(?i:make it|make (?:the|this|that) (?:slot|time|meeting|call)|attend"
    r"|join|come|be there)\b(?!\s+(?i:too|as well)\b)"
)
"""The slot said to be for a list of people ("This is for Thomas and Dylan", "Thomas and Dylan
can make it"), which may leave someone out; never people added to others ("and Jerry can join
as well")."""
_NOT_ONLY = r"(?<![Nn]ot )(?<!n't )"
_ONLY_FOR_SOME = re.compile(
    rf"{_NOT_ONLY}\b(?i:only|just)\s+(?:(?i:works?|suits?|fits?|possible|available|open|free)"
    rf"\s+)?(?i:for)\s+{_BOTH}{_people('people')}"
    rf"|\b(?i:for)\s+{_BOTH}{_people('people2')}\s+(?i:only|alone)\b"
)
"""The slot said to be for only a list of people ("only works for Thomas and Dylan", "for
Thomas and Dylan only"): no one else is in, whatever else is said."""
_ONLY_SOME = re.compile(
    rf"{_NOT_ONLY}\b(?i:only|just)\s+{_people('people')}\s+(?i:can|could|will|are|is|would)"
    r"(?:\s+(?i:be|both|all|also|actually|really))*\s+"
    r"(?i:free|available|open|make it|make (?:the|this|that)|attend|join|come|be there)\b"
)
"""Only a list of people said to be in ("Only Thomas and Dylan are free then"), read of the
slot when its sentence speaks of it (:data:`_OF_THE_SLOT`; "Only Thomas is free all day"
speaks of a calendar)."""
_ONLY_NEEDED = re.compile(
    rf"{_NOT_ONLY}\b(?i:only|just)\s+{_people('people')}\s+"
    r"(?:(?i:need|needs|have|has|must|should)(?:\s+(?i:to))?(?:\s+(?i:really|all|both))*\s+"
    r"(?i:attend|join|come|be there|be present)|(?i:are|is)\s+(?i:needed|required|expected)"
    r"(?:\s+(?i:to)\s+(?i:attend|join|come|be there))?)\b"
)
"""Only a list of people said to be needed ("Only Thomas and Dylan need to attend", "Only
Thomas and Dylan are required"): a meeting needing only them, whatever else is said."""
_NOT_FOR = re.compile(
    rf"(?:\b(?i:but|and|though|yet)\s+not\s+(?:(?i:for)\s+)?{_people('people')}"
    rf"|\b(?i:not)\s+(?i:for)\s+{_people('people2')})"
    r"(?=\s*(?:[.,;:!)\]\n\u2014]|$|(?i:though|however|unfortunately|since|because|as)\b))"
)
"""A list of people said to be left out ("works for Thomas and Dylan, but not for Jerry"),
the list ending its clause ("not for Jerry to decide" is no such list)."""
_IN_TOO = re.compile(
    r"\b(?:free|available|open|too|as well|also|can|could|will|joins?|joining|attends?"
    r"|attending|included|including|fine|works?|ok|okay|clear)\b",
    re.I,
)
"""Words by which a participant is said to be in the slot ("Jerry is free too")."""
_NOT_IN = re.compile(
    r"\b(?:not|never|no|cannot|unable|busy|booked|blocked|conflicts?|clash\w*|miss\w*|late"
    r"|early|optional|away|except|unless|without|but|however|though|although|unfortunately"
    r"|sadly)\b|n't",
    re.I,
)
"""Words by which a participant may be said to be out of it (which no word of being in
outweighs)."""
_BY_NAME = (
    (_ONLY_FOR_SOME, "only"),
    (_ONLY_SOME, "only"),
    (_ONLY_NEEDED, "only"),
    (_NOT_FOR, "out"),
    (_HEADED_FOR_SOME, "some"),
    (_FOR_SOME, "some"),
)
"""What a sentence may say of the slot by names: for only these (``only``), not for these
(``out``), for these (``some``: unless the others are said to be in too)."""


def _for_some_by_name(
    found: ReadAnswer, after: str, before: str, names: tuple[str, ...]
) -> AnswerProblem | None:
    """``plan_for_part_of_group`` when the answer says its slot is for only some of the task's
    participants (``names``) by name: the slot's line going on "for Thomas and Dylan", "This is for
    Thomas and Dylan", "Attendees: Thomas, Dylan", "Thomas and Dylan can make it", unless everyone
    these leave out is said to be in too ("Jerry is free too", "Jerry can join as well"); or said to
    be for only them ("only works for Thomas and Dylan", "Only Thomas and Dylan are free then",
    "Only Thomas and Dylan need to attend") or not for others ("but not for Jerry"), whatever else
    is said. A list that holds anyone but the task's participants ("for you, Thomas and Dylan": the
    user may be the third) says nothing of the kind, nor does one of them all, nor one participant
    alone said to come (:func:`_said_to_come`: "Jerry can make it"). Read where
    :func:`_not_for_everyone` reads what is said of a participant: not in a question, under a
    condition or in a sentence naming another day, time or slot, and before the slot only of the
    slot ("can make the slot below", "Proposed time for Thomas and Dylan:")."""
    order = _folded_names(names)
    invited = set(order)
    if len(invited) < 2:
        return None
    claims = [(_FOR_THE_SLOT_AFTER.match(after), "some")]
    for sentence, paragraph_clear, lead_in in _sentences_of(found, after, before):
        if sentence.rstrip().endswith("?") or (lead_in and not paragraph_clear):
            continue
        if _other_named(found, sentence) or _other_day_part(found, sentence):
            continue
        if _ELSEWHERE.search(sentence):
            continue
        of_the_slot = _OF_THE_SLOT.search(sentence) is not None
        for pattern, kind in _BY_NAME:
            # Before the slot, only a heading or words of the slot speak of it; "Only Thomas
            # is free" speaks of it only with them ("then"), else of a calendar.
            of_it = pattern is _HEADED_FOR_SOME or not (lead_in or pattern is _ONLY_SOME)
            if not (of_it or of_the_slot):
                continue
            for match in pattern.finditer(sentence):
                if not left_out.hedged(sentence, 0, match.start()):
                    claims.append((match, kind))
    listed = [
        (match, kind, people)
        for match, kind in claims
        if match is not None
        and (people := set(re.findall(_LIST_ITEM, _people_of(match))))
        and people <= invited
        and not (_said_to_come(match) and len(people) == 1)
    ]
    # Everyone named as in, in one list or another ("for Thomas and Dylan; Jerry can join as
    # well"), or said to be in elsewhere, is in.
    named_in = set().union(*(people for _, kind, people in listed if kind == "some"))
    for match, kind, people in listed:
        if kind == "out":
            left = people
        elif kind == "only":
            left = invited - people
        else:
            left = {name for name in invited - named_in if not _said_to_be_in(name, before + after)}
        if not left or left == invited:
            continue
        return _problem(
            "plan_for_part_of_group",
            f"the answer says its slot is not for {series(sorted(left, key=order.index))} "
            f"({match.group().strip()[:60]!r}); propose one slot every participant can attend, "
            f"e.g. {EXAMPLE_ANSWER}",
        )
    return None


def _said_to_come(match: re.Match[str]) -> bool:
    """Whether a :data:`_FOR_SOME` match says people can come ("Jerry can make it", "Jerry
    will join remotely"), which of one participant alone is a word on that one, most often
    the one whose calendar was in doubt ("Good news: Jerry can make it!"), and says nothing
    of the others; a list of two or more that leaves someone out ("Thomas and Dylan can make
    it") names who is in, and "only" (:data:`_ONLY_SOME`: "Only Jerry can make it") or "for
    Jerry only" says no one else is."""
    return match.re is _FOR_SOME and match["people2"] is not None


def _said_to_be_in(name: str, text: str) -> bool:
    """Whether ``text`` says ``name`` is in the slot too: a sentence naming them with a word of
    being in ("Jerry is free too", "Jerry can join as well"), with no word of being out and no
    condition before the name."""
    for sentence in re.split(r"(?<=[.!?;\n])", text):
        for at in re.finditer(rf"(?<![\w']){re.escape(name)}(?![\w-])", sentence):
            if _HEDGE.search(sentence, 0, at.start()) or sentence.rstrip().endswith("?"):
                continue
            if _IN_TOO.search(sentence) and not _NOT_IN.search(sentence):
                return True
    return False


def _folded_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """The task's participants' names as the answer's text is read (:func:`checkers.text.fold`),
    in the task's order."""
    return tuple(dict.fromkeys(fold(name).strip() for name in names))


_ATTENDEE_KEYS = ("attendees", "participants", "invitees")


def _attendees_key(answer: dict[str, Any], names: tuple[str, ...]) -> AnswerProblem | None:
    """``plan_for_part_of_group`` when a JSON slot lists its attendees (``attendees``,
    ``participants`` or ``invitees``, a list of names or one string of them) and the list
    names only some of the task's participants (``names``); None when it names them all, or
    anyone else (a list the checker cannot place), or no such key is given."""
    # A key's value is data, not prose: "thomas" is Thomas.
    by_key = {name.casefold(): name for name in _folded_names(names)}
    for key in _ATTENDEE_KEYS:
        value = _field(answer, key)
        if isinstance(value, str):
            value = re.split(r"\s*(?:,|&|\band\b)\s*", value)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            continue
        listed = {fold(v).strip().casefold() for v in value} - {""}
        if listed and listed < set(by_key) and len(by_key) > 1:
            left = [name for folded, name in by_key.items() if folded not in listed]
            return _problem(
                "plan_for_part_of_group",
                f"the answer's {key} leave out {series(left)}; propose one slot every "
                f"participant can attend, e.g. {EXAMPLE_JSON}",
            )
    return None


def _sentences_of(found: ReadAnswer, after: str, before: str) -> Iterator[tuple[str, bool, bool]]:
    """The sentences after the slot, then those before it, each with whether what it says of a
    participant is read (:func:`_not_for_everyone`: after the slot always, before it only in a
    paragraph naming no other day or time) and whether it is before the slot."""
    for sentence in re.split(r"(?<=[.!?;\n])", after):
        yield sentence, True, False
    for paragraph in re.split(r"\n\s*\n", before):
        clear = not _other_named(found, paragraph)
        for sentence in re.split(r"(?<=[.!?;\n])", paragraph):
            yield sentence, clear, True


def _other_day_part(found: ReadAnswer, sentence: str) -> bool:
    """Whether ``sentence`` names a part of the day the slot's start is not in ("the morning
    session" for a 14:30 slot)."""
    if not isinstance(found.start, int):
        return False
    for match in _DAY_PART.finditer(sentence):
        low, high = _DAY_PART_OF[match.group().casefold()]
        if not low <= found.start < high:
            return True
    return False


_ATTENDEE = (
    r"(?:\b(?!(?:No|Nobody|None|Neither|Nothing|It|That|This|There|Here|What|Which|Who"
    r"|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?|Mornings?|Afternoons?|Evenings?|Lunch"
    r"|Lunchtime|Today|Tomorrow|Tonight|Weekends?|Weekdays?|Noon)\b)"
    r"[A-Z][a-z]+|\b(?:he|she|they|someone|everyone)\b)"
)
"""Who may be away: a name (capitalised) or a pronoun for one; never "nobody", nor a day or
a part of one ("Mornings are out", "Friday is a no": a time ruled out, not a person)."""
_AWAY = re.compile(
    rf"{_ATTENDEE}(?:"
    r"(?:'s|'re|\s+is|\s+are|\s+will\s+be|'ll\s+be)(?:\s+(?:still|also|now|actually|probably))?"
    rf"\s+(?:out|away|off|travel+ing|on (?:leave|vacation|holiday|a trip|a flight|PTO|pto"
    rf"|sick leave|annual leave)|{_BUSY_WORDS}|OOO|ooo|off sick|out sick"
    r"|sick|ill|tied up|out of (?:the )?office|in (?:a|another) (?:meeting|call|class)"
    r"|at (?:the|a|an) (?:dentist|doctor|doctor's|hospital|clinic|airport|conference|offsite))"
    r"|(?:\s+(?:isn't|is not|won't be|will not be|can't be|cannot be|aren't|are not)|'s not)"
    r"\s+(?:free|available|around|there|in|reachable)"
    r"|\s+(?:can't|cannot|won't|will not)\s+(?:make it|attend|join|come|be there)"
    r"|\s+(?:has|have|'s got|'ve got)\s+(?:a|an|another)\s+(?:[\w-]+\s+)?"
    r"(?:conflict|clash|commitment|appointment|meeting|call|class|flight)"
    r"|'s\s+(?:calendar|schedule|diary)\s+(?:shows|has)\s+(?:a|an)\s+(?:conflict|clash|block)"
    r")(?P<between>(?:\s+[\w'-]+){0,4}?)\s+(?P<ref>"
    r"(?<!until )(?<!till )(?<!before )(?<!since )(?<!by )(?<!after )(?<!to )then\b"
    r"|(?:at|during|for|with|in) (?:that|this|the) (?:time|hour|slot|window|meeting)\b"
    r"|that (?:day|morning|afternoon|evening)\b"
    r"|(?:on\s+)?(?P<day>(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day)\b"
    rf"|(?:at|from|around|during)\s+(?P<time>{_TIME_TEXT}))",
)
"""Someone away at a time ("Jerry is out that afternoon", "Dylan is at the dentist during that
time", "Jerry has a conflict at 14:30", "Jerry won't be free then"): said of the slot, it
denies the slot."""
_TIME_IN_SENTENCE = re.compile(
    rf"(?<![\d:])(?P<time>{_TIME_TEXT})(?!\d|:\d)|\b(?P<word>noon|midnight)\b", re.IGNORECASE
)
"""A time in a sentence, also before a colon ("We can't meet at 9:00: Jerry is busy then")."""
_HEDGE = left_out.HEDGE
_TURN = re.compile(
    r"\b(?:but|though|yet|although|however|and|so|free|available|until|till|before|after|since"
    r"|except|instead|otherwise)\b",
    re.I,
)
"""Words between someone's state and "then" that turn away from the state ("Jerry is busy
early but free then")."""
_DAY_PART_OF = {"morning": (0, 720), "afternoon": (720, 1080), "evening": (1020, 24 * 60)}
_OF_THE_SLOT = re.compile(
    r"\b(?:then|at that time|(?:this|that|the|our) (?:slot|time|meeting|call|window)|below"
    r"|make it|attend|join|(?:it|this|that) (?:suits|works|fits))\b",
    re.I,
)
"""Words by which a sentence before the slot speaks of the slot ("Everyone except Jerry can
make the slot below"), not of the participants' calendars ("Everyone except Jerry is free all
day")."""
_OPTIONAL = left_out.optional(_ATTENDEE)
"""A participant made optional or to be told afterwards ("(Jerry optional)", "Jerry is
optional for this one", "Jerry can be briefed afterwards"): the slot is not for them."""
_CLASH = re.compile(
    rf"{_ATTENDEE}(?:\s+(?:is|was)|'s)?\s+(?:double[- ]booked|still in (?:his|her|their|a|an|the)"
    r"\s+(?:[\w:\u2013-]+\s+){0,2}?(?:block|meeting|call|session))"
    r"|\b(?:a|one|the|some|slight|small|minor|short)\s+(?:\w+\s+)?(?:clash|conflict|overlap)\b"
    r"(?!-)"
    r"|\b(?:overlaps?|clash(?:es)?|conflicts?)\s+(?:\w+\s+){0,2}?with\s+"
    r"(?:[A-Z][a-z]+'s|his|her|their)\b"
)
"""A clash admitted ("Jerry has a conflict", "Jerry is double-booked", "Jerry is the only one
with a clash", "This slot overlaps slightly with Jerry's block", "Jerry is still in his
11:30-15:00 block at the start"), read by :func:`_clash_with_the_slot`."""
_ATTENDEE_NAMED = re.compile(_ATTENDEE)
_DENYING_WORDS = (
    r"no|not|never|nobody|no one|none|neither|nor|nothing|without|avoid\w*|free of|clear of"
    r"|prevent\w*"
)
"""Words that deny or avoid what follows them in a clause ("no clash", "avoids Jerry's block")."""
_DENIED_BEFORE = re.compile(rf"(?:\b(?:{_DENYING_WORDS})|n't)\b", re.I)
_BOUND_WORD = re.compile(
    r"\b(?:ends?|ended|until|till|before|after|by|finish\w*|wraps?|over|earlier|later)\b", re.I
)
_ELSEWHERE = re.compile(r"\b(?:earlier|later|otherwise|instead|another|any other)\b", re.I)
"""Words that put what a sentence says of a participant on another slot ("Any earlier and
Jerry can't make it")."""
_DAY_PART = re.compile(r"\b(?:morning|afternoon|evening)\b", re.I)
_LEFT_OUT = left_out.absent(_ATTENDEE, "meeting|call|slot")
"""A participant who will not attend the slot, or only part of it
(:func:`checkers.left_out.absent`: "Jerry can't attend", "will miss the first 15 minutes",
"will be 15 minutes late")."""
_WITHOUT = left_out.without(r"(?:[A-Z][a-z]+\b(?!'s)|\b(?:him|her|them)\b)")
"""The slot said to go on without a participant ("We'll go ahead without Jerry")."""
_LEFT_BEHIND = left_out.left_behind(r"(?:[A-Z][a-z]+\b(?!'s)|\b(?:him|her|them)\b)")
"""A participant counted out or told afterwards ("We'll loop Jerry in afterwards", "I'll send
Jerry a recap"), or the slot said to be bad for them."""
_ONLY_ONE = left_out.only_one(_ATTENDEE)
"""A participant set apart as the only one who cannot come, or the only one who can ("Jerry is
the only one who can't make it", "Only Jerry is free then")."""
_REFUSES = left_out.refuses_alone(_ATTENDEE)
"""A participant who only cannot or will not ("Jerry can't.")."""
_MAY_BE_OUT = re.compile(
    rf"{_ATTENDEE}\s+(?:might|may|could)\s+(?:well\s+|also\s+)?(?:not\s+(?:be able to\s+)?"
    r"(?:make it|attend|join|come|be there|be free|be available)"
    r"|(?:have|need) to\s+(?:leave|skip|miss|drop off|step out|head out)"
    r"(?:\s+(?:it|this|this one|the meeting|the call))?"
    r"(?=\s*(?:early|before the end|halfway|partway|midway|[.,;!)\n]|$))"
    r"|miss\s+(?:it|this|that|part|some|the (?:start|beginning|end|first|last|meeting|call))"
    r"|be\s+(?:unavailable|away|out|double[- ]booked))\b"
    rf"|\b(?:not|n't)\s+(?:\S+\s+){{0,2}}?(?:sure|certain|convinced)\s+(?:that\s+|whether\s+|if\s+)?"
    rf"{_ATTENDEE}\s+(?:is|will be|can|'s|'ll be|would be)\s+(?:free|available|able|there|make)"
)
"""A participant's absence from the slot, or part of it, said as a possibility ("Jerry might
not make it", "Jerry may have to leave early", "I'm not 100% sure Jerry is free then"): the
answer does not stand by the slot for everyone. Never a minute's lateness ("he might be a
couple of minutes late"), which :func:`checkers.left_out.absent` leaves out too, nor a
stop at a time ("Jerry may need to leave right at 15:30": a limit the reader weighs
elsewhere)."""
_ALL_BUT = left_out.all_but(
    "team|group",
    r"(?!(?:For|The|His|Her|Their|When|Where|That|This|Then|On|In|At)\b)[A-Z][a-z]+\b(?!'s)",
)
"""The slot said to suit all but someone ("Everyone except Jerry is free then", "All but Jerry
are available"); never an exception of a thing ("except for Jerry's 16:00 meeting")."""
_SOME_OF = left_out.some_of(
    "us|them|you|team|group|participants|attendees|people|invitees",
    "minutes?|mins?|hours?|slots?|days?|blocks?|meetings?|options?|windows?|calls?|times?",
)
"""The slot said to suit some of the participants: "two of the three", "most of the team"."""
_NO_SLOT_FOR_ALL = left_out.no_plan_for_all(
    nouns="slot|time|window|option|opening",
    flat=r"\bno\s+(?:perfect|ideal)\s+(?:slot|time|option|window)s?\b"
    r"|\bthe closest (?:option|alternative|I could (?:find|get))\b",
    not_after="conflicts?|clash|issues?|problems?|zones?",
    verbs="find|schedule|fit|get",
)
"""A claim that no slot is had ("No slot works for everyone", "I couldn't find a time when all
three are free", "It isn't possible to find a time that suits everyone"); it claims it of
everyone only beside :data:`_EVERYONE`, unless it says so itself (``flat``: "There's no perfect
slot", "the best compromise")."""
_EVERYONE = left_out.everyone("participants|attendees", "team|group")
_TENTATIVE = re.compile(
    r"(?<!not )(?<!n't )(?<!no longer )(?<!never )\b(?i:tentative(?:ly)?|provisional(?:ly)?"
    r"|unconfirmed|penciled in|pencilled in|to be (?:confirmed|determined))\b|\b(?:TBC|TBD)\b"
    r"|\b(?i:pending|subject to|awaiting)\s+(?!(?i:your)\b)(?:[\w']+\s+){0,2}?(?i:confirmation"
    r"|availability|response|reply|RSVP)\b"
    rf"|{_ATTENDEE}\s+(?i:hasn't|has not|haven't|have not|didn't|did not|has yet to|have yet to)"
    r"\s+(?:(?i:yet)\s+)?(?i:confirm|accept|RSVP)\w*"
    rf"|\b(?i:waiting (?:on|for|to hear (?:back )?from))\s+{_ATTENDEE}"
)
"""The slot said to be tentative or pending a participant ("This slot is tentative", "pending
Jerry's confirmation", "(to be confirmed)", "Jerry TBD", "Jerry hasn't confirmed yet"): not
one slot everyone can attend as things stand; never the user's own go-ahead ("pending your
confirmation", "pending approval": whose is not said) or the word denied ("This slot isn't
tentative")."""
_CALENDAR_CHANGES = (
    r"mov(?:e|es|ing)|reschedul\w*|shorten\w*|skip\w*|cancel\w*|drop\w*|shift\w*"
    r"|free(?:s|ing)? up|push\w*|rearrang\w*|agree\w*|(?:is|are) willing|giv(?:e|es|ing) up"
    r"|swap\w*|declin\w*|clear\w*|bump\w*"
)
"""A participant's change of calendar ("moves his call", "declines his 14:00 meeting")."""
_ON_SOMEONES_CHANGE = left_out.on_someones_change(_ATTENDEE, _CALENDAR_CHANGES)
"""A slot said to hold only if a participant changes their calendar ("provided Jerry can move
his afternoon call", "only if Jerry agrees to shorten his block", "This only works if Dylan
skips his stand-up"): no slot everyone can attend as their calendars stand."""
_RESTS_ON_CHANGE = re.compile(
    r"(?:^|(?<=[.!?:;\n]))\s*(?i:provided(?: that)?|providing|as long as|so long as|assuming"
    r"(?: that)?|only if|on (?:the )?condition(?: that)?)\s+"
    r"|\b(?i:this|that|it|the slot|the time|the plan)\s+(?i:assumes|presumes|requires|needs"
    r"|(?:depends|relies|hinges|is contingent|rests) on)\s+(?:that\s+)?"
)
"""What opens a condition the slot rests on at a sentence's start ("Provided Jerry moves his
call, ...", "As long as ...") or says the slot rests on what follows ("This assumes Jerry
declines his 14:00 meeting", "It depends on Jerry moving his call"):
:func:`_rests_on_a_change`."""
_CHANGE_AFTER = re.compile(rf"{_ATTENDEE}(?:'s)?\s+(?:[\w']+\s+){{0,3}}?(?:{_CALENDAR_CHANGES})\b")


def _rests_on_a_change(sentence: str) -> re.Match[str] | None:
    """Where ``sentence`` says the slot holds only if a participant changes their calendar by
    words :data:`_ON_SOMEONES_CHANGE` leaves out (:data:`_RESTS_ON_CHANGE`), or None."""
    for opening in _RESTS_ON_CHANGE.finditer(sentence):
        change = _CHANGE_AFTER.match(sentence, opening.end())
        if change is not None:
            return change
    return None


_OWNED_TIME = re.compile(rf"(?:\b(?:his|her|their)|'s)\s+(?P<time>{_TIME_TEXT})(?=\s+[\w-]+)", re.I)
"""A time naming a participant's own commitment ("his 14:00 meeting", "Jerry's 2:00 block")."""


def _without_owned_times(sentence: str) -> str:
    """``sentence`` with the times of participants' own commitments blanked out
    (:data:`_OWNED_TIME`), positions kept: in a condition on a change of calendar ("as long as
    Jerry moves his 14:00 call") such a time names what is changed, no other slot."""
    return _OWNED_TIME.sub(
        lambda m: m.group()[: m.start("time") - m.start()] + " " * len(m["time"]), sentence
    )


_MEETING = r"(?:meeting|call|slot|session|sync|catch-?up|block)"
_RUNS_OVER = re.compile(
    r"\b(?:we|it|things|the (?:meeting|call|session|discussion)|this(?: meeting| call| one)?)"
    r"(?:'ll|'d)?(?:\s+(?:can|could|may|might|will|would|should|probably|also|easily|just))*"
    r"\s+(?:(?:run|go|spill)(?:s|ing)?\s+(?:a\s+(?:bit|little)\s+)?(?:over(?!\s+(?:the|our|your"
    r"|it|this|that|what|details?|notes?|agenda)\b)|long|past\s+(?:the\s+hour|\d)|beyond)"
    r"|overrun|extend(?:s|ing)?\s+(?:it|this|the\s+\w+)\s+(?:by|to|until))\b",
    re.I,
)
"""The meeting said to run past its end ("we can run over by 30 minutes", "it may run long",
"we could extend it by half an hour"), its subject the meeting or the group: a longer slot
than the one stated; never denied ("so it doesn't run over": no modal of a possibility), nor
said of someone's block ("Jerry's block runs over")."""


def _length_said_otherwise(found: ReadAnswer, after: str) -> str | None:
    """The words of ``after`` (the text after the slot) that give the meeting another length
    than its slot's ("(90 minutes)" beside 14:30 - 15:30, "Duration: 45 minutes") or say it may
    run past its end ("we can run over by 30 minutes"): a slot other than the one stated. Not
    in a sentence naming another day or time ("Dylan has a 30-minute call at 13:30")."""
    slot = _slot_minutes(found)
    if slot is None:
        return None
    length = slot[1] - slot[0]
    first = length_said(_MEETING).match(after)
    if first is not None and minutes_of(first["first"] or "") not in (None, length):
        return first.group().strip()
    opening = True  # the first sentence with words, whose "it" is the slot's meeting
    for sentence in _sentences(after):
        ended = _other_end(found, sentence, it_is_plan=opening)
        opening = opening and not any(char.isalpha() for char in sentence)
        if ended is not None:
            return ended
        if _other_named(found, sentence):
            continue
        over = _RUNS_OVER.search(sentence)
        if over is not None:
            return over.group()
        for said in length_said(_MEETING).finditer(sentence):
            if said["first"] is None and said_length(said) not in (None, length):
                return said.group().strip()
    return held_shorter(after, length)


def _other_end(found: ReadAnswer, sentence: str, it_is_plan: bool) -> str | None:
    """The words of ``sentence`` giving the meeting another end than its slot's ("The meeting
    will end at 15:00", "we need to wrap up by 15:00" of a slot to 15:30, and with
    ``it_is_plan``, the sentence right after the slot, "It ends at 15:00";
    :func:`checkers.plan_length.end_said`), unless it names another day than the slot's. A
    deadline after the slot's end ("we must be done by 16:00") is met, no other end."""
    slot = _slot_minutes(found)
    if slot is None or any(_day_named(m) != found.day for m in _DAY_MENTION.finditer(sentence)):
        return None
    for readings, deadline, words in end_said(sentence, _ENDING_NOUNS, it_is_plan, slot):
        if slot[1] not in readings and not (deadline and max(readings) > slot[1]):
            return words
    return None


_ENDING_NOUNS = "meeting|call|session|sync|catch-?up"
"""What the meeting is called when said to end: not a slot or a block, which may be someone's
("the block ends at 15:00")."""


_HOURS_APART = re.compile(
    r"\b(?:\d+|an|one|two|three|four|five|six|half an)\s*-?\s*hours?\s+(?:ahead|behind)\b"
    r"(?!\s+of\s+(?:the|this|that|schedule|time|his|her|their|[A-Z][a-z]+'s)\b)"
    r"|(?<!not )(?<!n't )(?<!never )\b(?:in|on|from)\s+(?:a\s+)?(?:different|another|other"
    r"|separate)\s+time\s*-?\s*zones?\b"
    r"|\btime\s+(?:difference|offset)\s+(?:of|is)\b",
    re.I,
)
"""A participant said to be in another time zone ("Jerry is one hour ahead", "Jerry is in a
different time zone", "a time difference of one hour"): the slot's times are then one
participant's clock and another time on someone else's; never a span before something ("an
hour ahead of the meeting") nor one time zone restated ("All times are in your local time
zone")."""


def _other_time_zone(found: ReadAnswer, after: str) -> str | None:
    """The words of ``after`` that put a participant in another time zone than the slot's
    times (:data:`_HOURS_APART`), not in a question or under a condition."""
    for sentence in _sentences(after):
        if sentence.rstrip().endswith("?"):
            continue
        said = _HOURS_APART.search(sentence)
        if said is not None and not left_out.hedged(sentence, 0, said.start()):
            return said.group()
    return None


def _out_flat(found: ReadAnswer, after: str, names: tuple[str, ...]) -> str | None:
    """The words of ``after`` that say a participant is out, with nothing after ("Thomas and
    Dylan are in; Jerry's out."), in a sentence naming no other day or time: out of the slot.
    Out of something ("Jerry's out of his block by then") or until a time ("out until 14:30")
    is not this. Scheduling's alone: in dining the same words rule a restaurant out."""
    who = _participant(names)
    flat = re.compile(
        rf"(?:{who})(?:'s|\s+is|\s+are|\s+will\s+be|'ll\s+be)\s+(?:also\s+|still\s+)?out"
        r"(?=\s*(?:$|[.;,!)\n]|(?:for|on|at)\s+(?:this|that|the)\s+(?:one|meeting|call|slot)\b))",
        re.I if names else 0,
    )
    for sentence in _sentences(after):
        if sentence.rstrip().endswith("?") or _other_named(found, sentence):
            continue
        said = flat.search(sentence)
        if said is not None and not left_out.hedged(sentence, 0, said.start()):
            return said.group()
    return None


_WOULD = re.compile(rf"(?P<who>{_ATTENDEE})(?:\s+would|'d)(?=\s)")
_CASE_CONSIDERED = re.compile(
    r"\b(?:if|unless|otherwise|else|in that case|in which case|with|without|had|were|instead"
    r"|rather|chose|picked|went with)\b"
    r"|^\W*(?:at|for|on|in|under|by|from)\s+[^,.;:]{1,40},",
    re.I,
)
"""What makes a "would" a case considered, not what happens at the slot: a condition, another
way ("otherwise", "instead", "so I chose Green Fork") or a case set before it ("At Umi, José
would be late")."""


def _counterfactual_stated(sentence: str) -> str | None:
    """``sentence`` with a participant's "would" read as "will" when nothing in it makes a
    case considered (a condition, "otherwise", "with ..."): right after the slot, "Jerry
    would miss it" says what happens at the slot (a case considered names its case: "If we
    met at 9:00, Jerry would miss it"). None when it holds no such "would"."""
    if _WOULD.search(sentence) is None or _CASE_CONSIDERED.search(sentence):
        return None
    return _WOULD.sub(lambda m: f"{m['who']} will", sentence)


def _someone_away(found: ReadAnswer, after: str) -> str | None:
    """The words of ``after`` (the text after the slot) that say someone is away at the slot:
    at its start ("has a conflict at 14:30"), or "then", "that time", "that slot", "that day",
    its part of the day ("out that afternoon") in a sentence naming no other day or time; not
    in a question or under a condition ("if Jerry is busy then")."""
    if not isinstance(found.start, int):
        return None
    for sentence in _sentences(after):
        if sentence.rstrip().endswith("?"):
            continue
        for match in _AWAY.finditer(sentence):
            if left_out.hedged(sentence, 0, match.start()) or _TURN.search(match["between"]):
                continue
            if _refers_to_slot(found, sentence, match):
                return match.group()
    return None


_AT_WORK = (
    r"(?:works?|working|is\s+(?:(?:only|just)\s+)?(?:working|available|free|around|in(?:\s+the"
    r"\s+office)?|online)|'s\s+(?:(?:only|just)\s+)?(?:working|available|free|around|in(?:\s+the"
    r"\s+office)?|online))"
)
_WORKS_ONLY = re.compile(
    rf"(?P<who>{_ATTENDEE})(?P<part_time>(?:\s+(?:is|works)|'s)\s+part[ -]time(?:,|\s+and)?)?"
    r"(?:\s+(?:only|just|usually|normally|also|currently))*"
    rf"(?(part_time)(?:\s+{_AT_WORK})?|\s+{_AT_WORK})"
    r"(?:\s+(?:only|just))?\s+"
    r"(?:(?:in\s+the\s+|on\s+|during\s+the\s+)?(?P<part>mornings?|afternoons?|evenings?)"
    r"(?:\s+only)?\b|(?:until|till|to|before)\s+"
    rf"(?P<until>(?i:{_TIME_TEXT})|{HOUR_ALONE}{NOT_AN_HOUR_AFTER})|(?P<spans>(?:from|between)\s.*))"
)
"""A participant said to work only a part of the day or up to a time ("Jerry works mornings
only", "Jerry only works until 2", "Jerry is part-time, mornings"): out of them, they are taken
(:func:`_works_outside`)."""
_HOURS_NOUN = (
    r"(?:(?:usual|normal|regular|standard)\s+)?(?:(?:working|work|office|business|core)\s+"
    r"(?:hours|day)|workday|hours)\b"
)
"""What names a person's hours of work ("working hours", "office hours", "workday", "hours")."""
_WORKING_HOURS = re.compile(
    rf"(?:(?P<owner>{_ATTENDEE})(?:'s\s+|\s*(?:\*\*|__)?\s*[:(\u2013\u2014-]\s*(?:\*\*|__)?\s*)"
    rf"|\b(?:[Hh]is|[Hh]er|[Tt]heir)\s+){_HOURS_NOUN}"
    rf"|\b(?i:{_HOURS_NOUN})\s+(?:for|of)\s+(?P<labelled>{_ATTENDEE})"
)
"""A participant's hours of work named before their span ("Jerry's working hours are 9:00 -
17:00", "his workday runs from 9:00 to 17:00", "- Jerry: working hours 9:00 - 17:00",
"Working hours for Jerry: 9:00 - 17:00"): when they are at work, so free for a meeting
(:func:`_working_hours`)."""
_HOURS_VERB = re.compile(
    r"(?:\s*[:(]\s*|\s+(?:are|is|run|runs|span|spans|go|goes|normally|usually|typically)\b\s*)*",
    re.I,
)
"""What joins the hours' name to their span ("are", "run", a colon)."""


def _working_hours(text: str, slot: tuple[int, int]) -> Iterator[tuple[int, int, bool]]:
    """Each saying of a participant's hours of work in ``text`` (:data:`_WORKING_HOURS`) with
    their spans, as its start, its end and whether the hours hold all of ``slot`` (its start
    and end minutes; twelve-hour writing read near it: "9 to 5" is 9:00 - 17:00)."""
    for match in _WORKING_HOURS.finditer(text):
        said = text[_HOURS_VERB.match(text, match.end()).end() :]  # type: ignore[union-attr]
        spans, end = listed_spans_end(said, bare=True, near=slot)
        if spans:
            held = any(first <= slot[0] and slot[1] <= last for first, last in spans)
            yield match.start(), len(text) - len(said) + end, held


def _without_working_hours(text: str, slot: tuple[int, int]) -> str:
    """``text`` with each participant's hours of work that hold ``slot`` blanked out,
    positions kept: being at work then is no busy time in a meeting answer ("Jerry's working
    hours are 9:00 - 17:00"), though the core reads work as a commitment (a dinner guest at
    work is taken)."""
    spans = [(start, end) for start, end, held in _working_hours(text, slot) if held]
    return outside(text, spans) if spans else text


_ONLY = re.compile(r"\b(?:only|just)\b", re.I)
"""What makes working hours the only ones ("works mornings only", "is just in until 2")."""


def _works_outside(found: ReadAnswer, after: str) -> str | None:
    """The words of ``after`` (the text after the slot) saying a participant works or is
    available only in a part of the day or a span (:data:`_WORKS_ONLY`: "only", "just" or
    "part-time" said; or hours of work named: :data:`_WORKING_HOURS`, "Jerry's working hours
    are 15:00 - 17:00") that does not hold the whole slot: they are
    busy during part of it ("Jerry works mornings only" of a slot at 14:30). Scheduling's
    alone: in dining a guest's working hours say when they are taken, not free. Not in a
    question, under a condition or in a sentence naming another day."""
    if not (isinstance(found.start, int) and isinstance(found.end, int)):
        return None
    slot = (found.start, found.end)
    for sentence in _sentences(after):
        if sentence.rstrip().endswith("?"):
            continue
        if any(_day_named(day) != found.day for day in _DAY_MENTION.finditer(sentence)):
            continue
        for match in _WORKS_ONLY.finditer(sentence):
            if left_out.hedged(sentence, 0, match.start()):
                continue
            if not (match["part_time"] or _ONLY.search(match.group())):
                continue
            elif match["part"] is not None:
                spans = [_DAY_PARTS[match["part"].lower().rstrip("s")]]
            elif match["until"] is not None:
                # Working until a time is stopping then, read as a stop is (_stop_minutes).
                until = _stop_minutes(match["until"], slot)
                spans = [] if until is None else [(0, until)]
            else:
                spans = listed_spans(match["spans"], near=slot)
            held = any(first <= slot[0] and slot[1] <= last for first, last in spans)
            if spans and not held:
                return match.group().strip()
        for start, end, held in _working_hours(sentence, slot):
            if not held and not left_out.hedged(sentence, 0, start):
                return sentence[start:end].strip()
    return None


_GROUP_SUBJECT = r"\b(?:[Tt]he|[Oo]ur)\s+(?:whole\s+)?(?:team|group)\b|\b[Ww]e\b"
"""The participants together as a subject ("The team leaves at 15:00", "We stop at 15:00")."""
_STOPS_EARLY = re.compile(
    rf"(?:{_ATTENDEE}|{_GROUP_SUBJECT})(?:(?:\s+(?:is|works)|'s)\s+part[ -]time(?:,|\s+and))?"
    r"(?:\s+(?:also|usually|normally|typically|only|always"
    r"|has to|needs to|must|will|'ll|plans to|wants to|would like to))*\s+"
    r"(?:(?:stops?|stopping|stopped)(?!\s+(?:by|in|over)\b)(?:\s+[a-z'-]+ing(?:\s+[\w'-]+){0,2}?)?"
    r"(?:\s+for the day)?"
    r"|(?:finish(?:es|ed)?|wraps? up|wrapped up)\s+(?:work(?:ing)?|for the day|(?:the|his|her"
    r"|their) (?:day|shift|workday))"
    r"|(?:leaves?|leaving|left)(?:\s+(?:the office|work|for the day|early|the building))?"
    r"|(?:logs?|logged|signs?|signed|clocks?|clocked)\s+(?:off|out)(?:\s+for the day)?"
    r"|(?:gets?|got)\s+off(?:\s+work)?"
    r"|(?:heads?|headed|goes|went)\s+home"
    r"|(?:(?:is|'s|will be|'ll be|be)\s+|(?<=\band )|(?<=, ))(?:done|off|out|gone)"
    r"(?:\s+(?:work|for the day))?)"
    # am/pm in any case ("3:30 PM"), though a name's capital is part of the pattern.
    rf"\s+(?:at|by|around|from|after)\s+(?P<time>(?i:{_TIME_TEXT})|{HOUR_ALONE}{NOT_AN_HOUR_AFTER})",
)
"""A participant who stops being available at a time: stops doing something or stops
("Jerry stops working at 14:00", "Dylan stops taking calls at 14:30"), finishes work or the
day, leaves ("leaves the office at 15:00"), logs off, gets off work, heads home, is done for
the day (at 3:30 PM as at 3:30 pm, at 3 as at 3:00: :func:`_stop_minutes`), is part-time and
off ("Jerry is part-time and off after 2"). Never the meeting or someone's commitment ending ("The
meeting stops at 15:30", "Dylan's last call ends at 14:00": busy before, free after)."""


def _someone_stops_early(found: ReadAnswer, after: str) -> str | None:
    """The words of ``after`` (the text after the slot) that say a participant stops being
    available (:data:`_STOPS_EARLY`) before the slot's end: from then on the person cannot
    attend, whether the stop falls before the slot or inside it ("stops taking calls at 14:30"
    for a 14:30 slot). Not in a question, under a condition, or in a sentence naming another
    day ("Jerry stops working at 14:00 on Fridays" says nothing of a Monday). A stop at or
    after the end is a limit the slot keeps (:meth:`_Asides.stops_after`)."""
    if not (isinstance(found.start, int) and isinstance(found.end, int)):
        return None
    for sentence in _sentences(after):
        if sentence.rstrip().endswith("?"):
            continue
        if any(_day_named(day) != found.day for day in _DAY_MENTION.finditer(sentence)):
            continue
        weekly = DAY_RESTRICTION.search(sentence.lower())
        if weekly and not str(found.day).lower().startswith(weekly["day"]):
            continue  # "on Fridays": another weekday's habit
        for match in _STOPS_EARLY.finditer(sentence):
            minutes = _stop_minutes(match["time"], (found.start, found.end))
            if left_out.hedged(sentence, 0, match.start()) or minutes is None:
                continue
            if minutes < found.end:
                return match.group()
    return None


_PART_LENGTH = (
    r"(?P<length>(?:half\s+an?|half|an?|\d+(?:\.\d+)?|one|two|ten|fifteen|twenty|thirty"
    r"|forty-five)\s*-?\s*(?:hours?|hrs?|h|minutes?|mins?)\b)"
)
_LENGTH_WORDS = {"ten": "10", "fifteen": "15", "twenty": "20", "thirty": "30", "forty-five": "45"}
_EDGE = r"(?:the\s+)?(?P<edge>first|last|opening|final|initial|closing)\s+"
_SLOT_PART = re.compile(
    rf"(?P<who>{_ATTENDEE})(?:'s|'ll(?:\s+be)?|\s+(?:is|are|will\s+be|would\s+be|can|could"
    r"|will|would))?(?:\s+(?:only|just|still|also|probably|likely|be))*\s+"
    r"(?:(?P<busy>busy|tied\s+up|occupied|unavailable|booked|blocked|out|away|(?:in|on)\s+"
    r"(?:a|another|his|her|their)\s+(?:meeting|call))"
    r"|(?P<free>free|available|around|there|online|in|present)"
    r"|(?P<gives>give\s+us|spare|do|stay(?:\s+for)?|attend(?:\s+for)?|be\s+there\s+for|join"
    r"\s+for))"
    rf"(?:\s+(?:only|just))?\s+(?:for\s+)?(?:(?:only|just)\s+)?(?:{_EDGE})?{_PART_LENGTH}",
)
"""A participant said busy for part of the slot by its length ("Jerry is busy for the first half
hour"), free only for part of it ("Dylan is only free for the first 30 minutes", "Jerry is
free for the last half hour"), or able to give it less than its length ("Jerry can give us 45
minutes"): :func:`_part_of_the_slot`."""


def _part_of_the_slot(found: ReadAnswer, after: str) -> str | None:
    """The words of ``after`` (the text after the slot) by which a participant misses part of
    it, said by a length rather than a time (:data:`_SLOT_PART`): busy for its first or last
    part, or free, there or able to give it only a length shorter than the slot. Not in a
    question, under a condition, or in a sentence naming another day; a length as long as
    the slot ("free for the whole hour", "can give us an hour") leaves nothing out."""
    slot = _slot_minutes(found)
    if slot is None:
        return None
    for sentence in _sentences(after):
        if sentence.rstrip().endswith("?") or _other_day_named(found, sentence):
            continue
        for match in _SLOT_PART.finditer(sentence):
            length = match["length"].lower()
            for word, digits in _LENGTH_WORDS.items():
                length = length.replace(word, digits)
            minutes = minutes_of(length)
            if minutes is None or left_out.hedged(sentence, 0, match.start()):
                continue
            if match["busy"] and match["edge"] and minutes > 0:
                return match.group()
            if not match["busy"] and minutes < slot[1] - slot[0]:
                return match.group()
    return None


def _stop_minutes(said: str, slot: tuple[int, int]) -> int | None:
    """The minutes of the time ``said`` a participant stops at, read near the ``slot`` (its
    start and end) when it may be in either half of the day: an hour alone ("off after 2",
    :func:`~checkers.plan_words.hour_alone_near`) or twelve-hour writing with no am or pm
    ("leaves at 4:30": 16:30 beside a slot to 15:30; :func:`~checkers.plan_words.clock_near`),
    the earlier when both are as near."""
    if said.isdigit():
        return min(hour_alone_near(int(said) % 12 * 60, slot))
    minutes = _minutes_at(said)
    return None if minutes is None else min(clock_near(said, minutes, slot))


_PRONOUN_SUBJECT = r"\b(?:he|she|they|his|her|their|everyone|everybody)\b"


def _participant(names: tuple[str, ...]) -> str:
    """A pattern of one of the task's participants by name (``names``), as the answer's text
    is read (:func:`checkers.text.fold`); without them, any name as :data:`_ATTENDEE` reads
    one."""
    if not names:
        return _ATTENDEE
    listed = "|".join(re.escape(n) for n in _folded_names(names))
    return rf"(?<![\w'])(?:{listed})(?![\w-])"


def _subject(names: tuple[str, ...], roles: list[str] | None = None) -> re.Pattern[str]:
    """Who a busy or free time is said of: one of the task's participants (``names``; without
    them, any name, as :data:`_ATTENDEE` reads one), a role the answer gives one (``roles``:
    :func:`_roles`), or a pronoun for one. Someone else busy during the slot ("José is busy
    until 17:00") leaves no participant out."""
    who = "|".join([_participant(names), *(roles or ()), _PRONOUN_SUBJECT])
    return re.compile(who, re.I if names else 0)


_ENDS_AT = re.compile(
    r"\b(?:ends?|ending|ended|finish(?:es|ed)?|wraps? up|is over|clears?|runs? (?:until|till|to))"
    r"\s+(?:\w+\s+)?(?:(?:at|by|around)\s+)?$",
    re.I,
)
"""A time said as the end of a busy span ("Jerry's block ends at 14:30"): busy until then."""
_EXCEPT_WORD = re.compile(r"\b(?:except|apart from|other than|save for|besides)\b", re.I)
"""An exception to a busy time, which marks none ("busy all afternoon except 14:30 - 16:00")."""
_NOT_NOW = re.compile(
    r"\b(?:moved|cancel+ed|rescheduled|freed|called off|no longer|used to|was|were|had been)\b",
    re.I,
)
"""Words by which a busy time said is no longer one ("Jerry was busy until 15:00, but he moved
it")."""


_CONSEQUENCE = re.compile(
    r"\b(?:so|therefore|thus|hence|which means|that means|meaning)\b(?!\s+(?:is|are|was)\b)"
)
"""A word opening a consequence: what follows is a new statement, which a busy or free word
before it does not mark ("Jerry's block ends at 14:30, so 14:30 - 15:30 is available")."""


def _marked_spans(
    sentence: str, own: set[int], subject: re.Pattern[str], listed_busy: bool = False
) -> Iterator[tuple[tuple[int, int], bool]]:
    """Each span of time a participant is said to be busy or free in ``sentence``: its minutes,
    and whether busy (else free; free said to be the only free time is the core's to read:
    :func:`checkers.busy_spans.busy_during`). A span is marked by
    the last busy or free word before it (a busy word denied, or an exception, marks none; nor
    does one before a consequence word: :data:`_CONSEQUENCE`),
    said after ``subject`` (a participant or a pronoun: :func:`_subject`); a time after "ends
    at" is the end of a busy span; a part of the day marks nothing (too loose: "busy all
    afternoon except 14:30 - 16:00"), nor does a free time at a point or a busy one at one of
    ``own`` (the slot's start and end). ``listed_busy``: the sentence is a list item under a
    heading naming busy time (:func:`_busy_listed`), which marks its spans busy from the
    subject on, as a busy word right after it would."""
    said_of = subject.search(sentence)
    if said_of is None:
        return
    denied = [m.span() for m in _NOT_BUSY.finditer(sentence)]
    markers = sorted(
        [(m.start(), "busy") for m in _BUSY.finditer(sentence)]
        + [(m.start(), "free") for m in _FREE.finditer(sentence)]
        + [(low, "denied") for low, _ in denied]
        + [(m.start(), "denied") for m in _EXCEPT_WORD.finditer(sentence)]
        + ([(said_of.end(), "busy")] if listed_busy else [])
    )
    for match in _BUSY_RANGE.finditer(sentence):
        said = [(at, kind) for at, kind in markers if said_of.start() <= at < match.start()]
        # Each reading of a range in compact hours ("9-11": morning or evening) is marked.
        readings = (
            []
            if match["part"] is not None
            else in_the_half_said(span_readings(match, bare=True), sentence, match.end())
        )
        if not said or not readings:
            continue
        at, kind = said[-1]
        if _CONSEQUENCE.search(sentence, at, match.start()):
            continue  # "Jerry's block ends at 14:30, so 14:30 - 15:30 is available"
        if kind == "busy" and any(low <= at < high for low, high in denied):
            continue
        if kind == "denied":
            continue
        point = match["last"] is None and not match["word"]
        if point and (kind == "free" or any(first in own for first, _ in readings)):
            # A free time at a point bounds nothing ("the earliest time everyone is free is
            # 14:30"); a busy one at the slot's own start or end is its edge ("To avoid a
            # clash with Jerry's block, it starts at 14:30", "so we end by 15:30"), read as
            # someone away at it.
            continue
        head = sentence[max(0, match.start() - 30) : match.start()]
        ends = kind == "busy" and point and _ENDS_AT.search(head) is not None
        for first, last in readings:
            if ends:
                # Every reading of the end ("ends at 2:30": 02:30 or 14:30) is an end.
                first, last = 0, first
            elif kind == "busy" and last == 24 * 60 and match["last"] is None:
                # "busy from 11:30" names a block's start, not a day taken up to midnight.
                last = first + 1
            yield (first, last), kind == "busy"


_ROLE = r"(?P<role>[A-Za-z][\w&/-]*(?:\s+[A-Za-z][\w&/-]*){0,2}?)"
_ROLE_FORMS = (
    rf"NAME\s*,\s*(?:our|the|his|her|their)\s+{_ROLE}\s*,",
    rf"NAME\s*\(\s*(?:our\s+|the\s+)?{_ROLE}\s*\)",
    rf"NAME\s+(?:is|'s)\s+(?:our|the)\s+{_ROLE}(?=\s*[.,;:!\n)]|\s+and\b|$)",
    rf"\b(?:our|the)\s+{_ROLE}\s*(?:,\s*)?NAME\b",
)
"""How an answer gives a participant a role ("Jerry, our CFO, ...", "Jerry (CFO)", "Jerry is
the CFO.", "our CFO, Jerry"), by which it may then speak of them ("The CFO is out until 3")."""
_NOT_A_ROLE = frozenset(("only", "one", "same", "best", "slot", "meeting", "time", "person"))


def _roles(text: str, names: tuple[str, ...]) -> list[str]:
    """The roles ``text`` gives the task's participants (``names``, :data:`_ROLE_FORMS`), each
    a pattern of how the answer may then name one ("the CFO", "our CFO")."""
    if not names:
        return []
    name = _participant(names)
    roles = {
        match["role"].lower()
        for form in _ROLE_FORMS
        for match in re.finditer(form.replace("NAME", name), text, re.I)
        if match["role"].lower() not in _NOT_A_ROLE
    }
    return [rf"\b(?:the|our)\s+{re.escape(role)}" for role in sorted(roles)]


_APPOSITIVE = re.compile(
    r"(?<=[a-z])(?:\s*,\s*(?:our|the|his|her|their)\s+[\w&/-]+(?:\s+[\w&/-]+){0,2}?\s*,"
    r"|\s*\(\s*(?:our\s+|the\s+)?[A-Za-z][\w&/ -]{0,30}\))"
    r"(?=\s*(?:[\u2013\u2014:-]\s*)?[a-z])"
)
"""A role set between a name and what is said of them ("Jerry, our CFO, is out", "Jerry (CFO)
is out", "Jerry (CFO) \u2014 out")."""


def _without_appositives(text: str) -> str:
    """``text`` with each role set between a name and its predicate blanked out, positions kept
    (:data:`_APPOSITIVE`): "Jerry, our CFO, is out until 3" is read as "Jerry is out until 3"."""
    return _APPOSITIVE.sub(lambda m: " " * len(m.group()), text)


_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


def _listed_sentences(
    text: str, paragraph_kept: Callable[[str], bool] | None = None
) -> Iterator[tuple[str, bool]]:
    """The sentences of ``text`` (:func:`_sentences`), each with whether it stands in a list
    item of someone's busy times by its heading (:func:`_busy_listed`, read over the whole
    text: a blank line may part heading and items). With ``paragraph_kept``, only those of
    the paragraphs it keeps."""
    listed = _busy_listed(text)
    if paragraph_kept is None:
        pieces = [(0, text)]
    else:
        # The paragraphs as re.split(r"\n\s*\n", text) makes them, each with where it starts.
        edges = [(m.start(), m.end()) for m in _PARAGRAPH_BREAK.finditer(text)]
        lows, highs = [0, *(end for _, end in edges)], [*(start for start, _ in edges), len(text)]
        spans = zip(lows, highs, strict=True)
        pieces = [(low, text[low:high]) for low, high in spans if paragraph_kept(text[low:high])]
    index = 0
    for at, piece in pieces:
        for sentence in _sentences(piece):
            while index < len(listed) and listed[index][1] <= at:
                index += 1
            yield sentence, index < len(listed) and listed[index][0] <= at
            at += len(sentence)


def _busy_during(found: ReadAnswer, after: str, before: str, names: tuple[str, ...]) -> str | None:
    """The sentence that says a participant is busy during part of the slot ``found``, or free
    only at times not holding it, after the slot or before it in a paragraph naming no other
    day: the slot is not for everyone, whatever the calendars say. Read as the core reads a
    person busy during a plan, for dining too (:func:`checkers.busy_spans.busy_during`: "Jerry
    is busy until 15:00", "Jerry's shift ends at 15:00", "Jerry is only free after 15:00"), and
    by the busy or free word before each span (:func:`_marked_spans`: "Jerry's lunch block
    runs until 15:00", under a busy heading). Not in a question, under a condition, in a
    sentence naming another day or a busy time no longer one ("was busy", "moved"), nor
    a participant's hours of work that hold the slot ("Jerry's working hours are 9:00 -
    17:00": :func:`_without_working_hours`). ``names``: the task's participants
    (:func:`_subject`)."""
    if not (isinstance(found.start, int) and isinstance(found.end, int)):
        return None
    low, high = found.start, found.end
    roles = _roles(f"{before}\n{after}", names)
    after = _without_appositives(_without_working_hours(after, (low, high)))
    before = _without_appositives(_without_working_hours(before, (low, high)))
    subject = _subject(names, roles)
    who = f"{_participant(names)}|{_PRONOUN_SUBJECT}" if names else f"(?-i:{_ATTENDEE})"
    who = "|".join([who, *roles])
    days = (str(found.day).lower(),)

    def kept(paragraph: str) -> bool:
        return not _other_day_named(found, paragraph)

    for text in (after, before):
        # A table's rows are sentences of their own: read whole, under its header.
        rows = busy_rows(text, who, (low, high), days) if "|" in text else []
        if rows:
            return text[rows[0][0] : rows[0][1]].strip()
        # A label's list split by semicolons is one list: "Busy: Thomas 9:00; Jerry 14:30".
        for line in _BUSY_LABEL_LINE.finditer(text) if ";" in text else ():
            unsplit = line.group().replace(";", ",")
            if not _other_day_named(found, unsplit) and busy_during(
                unsplit, who, (low, high), days, open_ended=False
            ):
                return line.group().strip()
    for whole, listed in [*_listed_sentences(after), *_listed_sentences(before, kept)]:
        # An answer to a question about a time speaks from that time on ("Why not 16:00?
        # Jerry is busy until 17:00": 16:00 - 17:00).
        asked, _, sentence = whole.rpartition("?")
        if not sentence.strip() or _other_day_named(found, whole):
            continue
        if _NOT_NOW.search(sentence) or left_out.hedged(sentence, 0, len(sentence)):
            continue
        times = [_minutes_at(m.group()) for m in _TIME_IN_SENTENCE.finditer(asked)]
        since = next((t for t in reversed(times) if t is not None), 0)
        if not since and busy_during(sentence, who, (low, high), days, open_ended=False):
            return whole.strip()
        for (first, last), busy in _marked_spans(sentence, {low, high}, subject, listed):
            first = since if busy and first == 0 else first
            if busy and first < high and last > low:
                return whole.strip()
            if not busy and (low < first < high or low < last < high):
                return whole.strip()
    return None


_BUSY_LABEL_LINE = re.compile(
    r"^[ \t>*_-]*(?:busy|blocked|booked|unavailable|conflicts?)\b[^\n:]{0,20}:[^\n]*;[^\n]*$",
    re.I | re.M,
)
"""A line opening with a busy label whose list is split by semicolons ("Busy times: Thomas
9:00 - 10:00; Jerry 14:30 - 15:30"), which the sentence reader would cut from its label."""


_WHOSE_TOKEN, _PERSON_TOKEN = "<whose>", "<person>"
"""Where a :class:`_Need` form puts the task's participants (:func:`_participant`): as a
possessor ("Jerry's", "his"), or as a person ("Jerry", "him")."""


@dataclass(frozen=True)
class _Need:
    """One way an answer says its own slot breaks what the task asks of it (read by
    :func:`_need_broken`).

    ``form``: the pattern, ignoring case, with :data:`_WHOSE_TOKEN` and :data:`_PERSON_TOKEN`
    where a participant stands; ``cues``: groups of words, every match holding one word of each
    group (lowered), so a sentence lacking one is never tried; ``of_the_slot``: the words are
    said of a subject, which must be the slot (:func:`_said_of_the_slot`), not someone's
    commitment ("Dylan's standup overlaps Jerry's lunch"); ``code``: the problem when found
    (``plan_for_part_of_group`` turns into ``plan_negated`` when no participant is named)."""

    name: str
    form: str
    cues: tuple[tuple[str, ...], ...]
    of_the_slot: bool = True
    code: str = "plan_for_part_of_group"

    def pattern(self, names: tuple[str, ...]) -> re.Pattern[str]:
        """The form with the task's participants ``names`` in it (any name without them, by
        its capital, as :data:`_ATTENDEE` reads one)."""
        return _need_pattern(self.form, _participant(names), bool(names))

    def cued(self, lowered: str) -> bool:
        """Whether ``lowered`` (a lowered sentence) holds a word of each of the cue groups."""
        return all(holds_any(lowered, group) for group in self.cues)


@functools.lru_cache(maxsize=64)
def _need_pattern(form: str, who: str, by_name: bool) -> re.Pattern[str]:
    person = who if by_name else f"(?-i:{who})"
    whose = rf"(?:(?:{person})'s|\b(?:his|her|their)\b)"
    anyone = rf"(?:(?:{person})(?!'s)|\b(?:him|her|them)\b)"
    text = form.replace(_WHOSE_TOKEN, whose).replace(_PERSON_TOKEN, anyone)
    return re.compile(f"(?i:{text})")


_OWN_HOURS = (
    r"(?:work(?:ing)?[ -]?(?:hours|day)|workday|office hours|business hours|core hours"
    r"|availability|available hours|hours)"
)
"""A participant's hours, the slot outside them a slot they cannot attend."""
_SOMEONES_HOURS = (
    rf"(?:{_WHOSE_TOKEN}\s+|the\s+|our\s+|everyone's\s+)?"
    rf"(?:(?:normal|usual|regular|stated|set|official)\s+)?{_OWN_HOURS}"
)
"""Whose hours a slot is outside or not within ("Jerry's working hours", "the usual hours")."""
_COMMITMENT_NOUN = (
    r"(?:meetings?|calls?|blocks?|commitments?|appointments?|sessions?|stand-?ups?|syncs?"
    r"|interviews?|classes|class|events?|busy (?:time|period|block)s?)"
)
_PROTECTED_TIME = (
    r"(?:focus|heads-?down|deep[- ]work|no[- ]meetings?|protected|blocked|lunch)"
    r"(?:[ -]?(?:time|block|hours?|session|break|period|window))?"
)
_NEED_NOUN = (
    r"(?:[\w-]+\s+)?(?:preferences?|constraints?|requirements?|limits?|rules?|wish(?:es)?"
    r"|requests?|availability|needs)"
)
_OVERLAP_CUES = ("in", "overlap", "clash", "conflict", "collid", "top")
_BUSY_NOUN_CUES = (
    "meet", "call", "block", "commitment", "appointment", "session", "stand", "sync",
    "interview", "class", "event", "busy", "focus", "heads", "deep", "protected", "lunch",
)  # fmt: skip
_SHORT_CUES = (
    "short", "enough", "less", "fewer", "under", "full", "whole", "fit", "hold", "cover", "allow",
)  # fmt: skip
_NEEDS = (
    _Need(
        "outside_hours",
        r"\b(?:outside|beyond|past|after|before|out of)\s+(?:of\s+)?"
        rf"{_SOMEONES_HOURS}\b"
        r"(?!\s+(?:\w+\s+)?(?:start|begin|open|end|finish|close|run|is over|wrap|\d))",
        (("outside", "beyond", "past", "after", "before", "out"),),
    ),
    _Need(
        "not_within_hours",
        r"(?:\bnot|n't)\s+(?:(?:quite|really|entirely|fully|wholly|completely)\s+)?"
        r"(?:within|inside|during)\s+"
        rf"{_SOMEONES_HOURS}\b",
        (("n't", "not"),),
    ),
    _Need(
        "protected_time",
        r"\b(?:(?:cuts?|cutting|eats?|eating|bites?|biting|runs?|running|digs?|encroach(?:es"
        r"|ing)?|intrudes?|bleeds?|spills?)\s+into|overlap(?:s|ping)?(?:\s+with)?"
        r"|clash(?:es|ing)?\s+with|conflict(?:s|ing)?\s+with|collid(?:es|ing)\s+with"
        r"|interfer(?:es|ing)\s+with|interrupt(?:s|ing)?"
        r"|(?:falls?|lands?|is|'s|sits?)\s+(?:right\s+|squarely\s+)?(?:in|during|within|inside"
        r"|in the middle of|on top of)|during)"
        r"\s+(?:(?:one|part|some|all|most|the (?:start|end|first|last)(?: \w+)?) of\s+)?"
        rf"(?:{_WHOSE_TOKEN}\s+(?:[\w-]+\s+){{0,2}}?{_COMMITMENT_NOUN}"
        rf"|(?:{_WHOSE_TOKEN}\s+|the\s+)?(?:[\w-]+\s+)?{_PROTECTED_TIME})\b",
        (_OVERLAP_CUES, _BUSY_NOUN_CUES),
    ),
    _Need(
        "double_booked",
        rf"{_PERSON_TOKEN}\s+(?:(?:would|will|might|could|may|is going to)\s+(?:be|end up|get)"
        r"|'d\s+be|'ll\s+be|is|'s|gets|ends up)\s+(?:also\s+|then\s+|effectively\s+"
        rf"|actually\s+)?double[- ]booked|\bdouble[- ]book(?:s|ing)?\s+{_PERSON_TOKEN}",
        (("double",),),
        of_the_slot=False,
    ),
    _Need(
        "preference",
        r"(?:\b(?:a\s+(?:bit|little|touch)|too|rather|quite|very|somewhat|fairly|pretty"
        r"|kind of)\s+)*\b(?:late|early)(?:\s+in\s+the\s+(?:day|afternoon|morning|week))?"
        rf"\s+for\s+{_PERSON_TOKEN}"
        rf"|\b(?:earlier|later)\s+than\s+{_PERSON_TOKEN}\s+(?:would\s+(?:like|prefer|want)"
        r"|'d\s+(?:like|prefer)|likes?|wants?|prefers?|is comfortable with|asked for|requested)"
        r"|\b(?:against|breaks?|violates?|ignores?|disregards?)\s+(?:one of\s+)?"
        rf"{_WHOSE_TOKEN}\s+{_NEED_NOUN}\b",
        (("late", "earl", "against", "break", "violat", "ignor", "disregard"),),
    ),
    _Need(
        "not_for_them",
        r"(?:\b(?:does|will|would|can|is)\s+not|n't|\bcannot|\bfails\s+to)\s+(?:really\s+"
        r"|quite\s+|fully\s+)?(?:work|suit|fit|be (?:good|ideal|possible|ok|okay)|good|ideal"
        r"|possible|ok|okay|meet|satisfy|respect|honou?r)\s+"
        rf"(?:for\s+{_PERSON_TOKEN}\b|{_PERSON_TOKEN}\b"
        rf"|(?:for\s+|with\s+)?{_WHOSE_TOKEN}\s+(?:{_NEED_NOUN}|{_OWN_HOURS}))",
        (("n't", "not", "fails"),),
    ),
    _Need(
        "too_short",
        r"(?:\btoo\s+short|\bshorter\s+than|(?:\bnot|n't)\s+long\s+enough"
        r"|\b(?:less|fewer)\s+than\s+(?:an?|one|the|a full)\s+(?:full\s+)?hour"
        r"|\bunder\s+(?:an|one|a full)\s+hour|\bnot\s+(?:a\s+)?(?:full|whole)\s+hour"
        r"|(?:n't|\bnot|\bcannot)\s+(?:fit|hold|cover|allow(?:\s+for)?)\s+(?:the|a|an)\s+"
        r"(?:(?:full|whole|entire)\s+)?(?:hour|meeting))\b",
        (_SHORT_CUES,),
        code="plan_negated",
    ),
    _Need(
        "other_length",
        r"\b(?:is|'s|was|would be|will be|lasts?|runs?|takes?)\s+(?:only|just|merely)\s+"
        rf"(?P<length>{DURATION})(?:\s*-?\s*long)?"
        r"(?!\s*(?:after|before|from|until|past|later|earlier|away|ahead|behind|of|into)\b)",
        (("only", "just", "merely"),),
        code="several_slots",
    ),
)
"""Each way an answer says its own slot breaks what the task asks: outside a participant's
hours ("The slot is outside Jerry's work hours", "past his working hours", "It isn't within
Jerry's hours"), into their
protected or busy time ("This cuts into Dylan's focus time", "14:30 clashes with Jerry's
lunch", "It conflicts with one of Jerry's meetings"), a participant double-booked ("Jerry
would be double-booked"), their preference broken ("a bit late in the day for Jerry",
"earlier than Dylan would like": the task holds the slot to a preference as to any
requirement), the slot said not to do for them ("Monday doesn't work for Jerry", "doesn't
meet Jerry's constraints"), or shorter than the meeting ("shorter than the hour requested",
"It is only 30 minutes long")."""
_NEED_DENIED = re.compile(rf"(?:\b(?:{_DENYING_WORDS}|rather than|instead of)|n't)\b", re.I)
"""A word before a need's words in their clause that denies or avoids the break ("It doesn't
clash with Jerry's lunch", "Nobody is double-booked", "to avoid Dylan's focus time")."""
_NEED_CLAUSE_CUT = re.compile(
    r"[,;:\u2013\u2014(]|\s-\s|\b(?:and|but|so|because|since|as|while|whereas|though|although"
    r"|which|however)\b",
    re.I,
)
_OTHER_SUBJECT = re.compile(
    r"(?:\b(?!(?:it|that|there|here|what|this|which|let|one|everyone|everybody)'s)[a-z]+'s"
    r"|\b(?:his|her|their|your|my))\s+\S"
    r"|\b(?:any|other|another|those|these|every|each|earlier|later|shorter|longer|morning"
    r"|mornings|evening|evenings|early|late)\b|\b(?:a|an)\s+(?!bit\b|little\b|touch\b)\w",
    re.I,
)
"""A subject in a need's clause that is not the slot: someone's commitment ("Dylan's standup
overlaps Jerry's lunch"), or a slot in general ("Any earlier slot", "a 30-minute gap")."""


_WRAPPED_LINE = re.compile(r"(?<!\n)\n(?=[a-z])")
"""A line break inside a sentence (the next line goes on in lower case): the need's words and
what denies them ("never makes a\nmeeting end after the work hours") are one sentence."""


def _said_of_the_slot(head: str) -> bool:
    """Whether ``head`` (a need's clause up to its words, the slot's own day and times
    removed) names no other subject than the slot: "The slot is", "That's", "Monday", "14:30",
    "It would", or nothing."""
    own = _TIME_IN_SENTENCE.sub(" ", _DAY_MENTION.sub(" ", head))
    return _OTHER_SUBJECT.search(own) is None


def _need_broken(
    found: ReadAnswer, after: str, before: str, names: tuple[str, ...]
) -> tuple[str, str] | None:
    """The problem code and the words when the answer says its own slot breaks what the task
    asks (:data:`_NEEDS`): after the slot, or before it in a paragraph naming no other day or
    time or in a sentence naming the slot's own day or time (two readings, one denying the
    slot: the answer fails closed). Not in a question, under a condition, in a sentence
    naming another day or time, or another slot ("An earlier slot would clash with ..."),
    nor denied or avoided before it in its clause ("It doesn't clash with Jerry's lunch",
    "Nobody is double-booked"). ``plan_for_part_of_group`` becomes ``plan_negated`` when the
    words name no participant ("The slot is outside work hours"); ``several_slots`` is a
    length said of the slot that is not its own ("It is only 30 minutes long")."""
    slot = _slot_minutes(found)
    if slot is None:
        return None
    subject = _subject(names)
    after, before = _WRAPPED_LINE.sub(" ", after), _WRAPPED_LINE.sub(" ", before)
    for sentence, paragraph_clear, lead_in in _sentences_of(found, after, before):
        lowered = sentence.lower()
        cued = [need for need in _NEEDS if need.cued(lowered)]
        if not cued or sentence.rstrip().endswith("?") or _other_named(found, sentence):
            continue
        if _other_day_part(found, sentence):
            continue
        own_named = _DAY_MENTION.search(sentence) or _TIME_IN_SENTENCE.search(sentence)
        if lead_in and not (paragraph_clear or own_named):
            continue
        for need in cued:
            for match in need.pattern(names).finditer(sentence):
                said = _need_said(sentence, match, need)
                if said is None:
                    continue
                if need.code == "several_slots":
                    if minutes_of(match["length"]) in (None, slot[1] - slot[0]):
                        continue
                    return need.code, said
                named = subject.search(said) is not None
                return (need.code if named else "plan_negated"), said
    return None


def _need_said(sentence: str, match: re.Match[str], need: _Need) -> str | None:
    """The words of ``match`` when they state a break of ``need`` of the slot: not hedged,
    denied or avoided in their clause, put on another slot (:data:`_ELSEWHERE` outside the
    words) or, for a need said of a subject, said of something else."""
    start, end = match.span()
    if left_out.hedged(sentence, 0, start):
        return None
    cuts = [cut.end() for cut in _NEED_CLAUSE_CUT.finditer(sentence, 0, start)]
    head = sentence[cuts[-1] if cuts else 0 : start]
    if _NEED_DENIED.search(head):
        return None
    if any(not start <= w.start() < end for w in _ELSEWHERE.finditer(sentence)):
        return None
    if need.of_the_slot and not _said_of_the_slot(head):
        return None
    return match.group()


_CROSS = left_out.OUT_MARKS
"""A mark of "no" in a list or table of who can attend (:data:`checkers.left_out.OUT_MARKS`)."""
_OUT_WORD = left_out.OUT_STATUS
"""A cell or label that marks a participant out of the slot, late to it, or not settled in it
(:data:`checkers.left_out.OUT_STATUS`)."""
_NOT_OUT_HEADER = re.compile(
    rf"\b(?:{_BUSY_WORDS}|busy|conflicts?|blocks?|meetings?|calls?)\b", re.I
)
"""A column whose cells are busy times ("| Person | Busy |"): a "No" there is no mark out."""


def _marked_out(after: str, names: tuple[str, ...]) -> str | None:
    """The line of ``after`` (the text after the slot) that marks a participant out of it: a
    cross before a name ("\u274c Jerry"), a mark or status beside it
    (:func:`checkers.left_out.marked`: "Jerry \u274c", "Jerry: conflict", "Jerry -
    unavailable", "Jerry (late)", "Jerry \u23f3"), or a
    table row of a name with such a cell ("| Jerry | No |"), unless its column is of busy times
    ("| Person | Busy |"). Names are the task's (:func:`_participant`)."""
    who = rf"(?:{_participant(names)})"
    crossed = re.compile(rf"{_CROSS}\s*[*_]*{who}", re.I if names else 0)
    labelled = re.compile(left_out.marked(who).pattern, re.I if names else 0)
    headers = _table_headers(after)
    at = 0
    for line in after.split("\n"):
        found = crossed.search(line) or labelled.search(line)
        if found is not None:
            return found.group().strip()
        cells = line.split("|")
        if line.lstrip().startswith("|") and len(cells) > 2 and re.search(who, cells[1]):
            header = headers.get(at)
            for column, cell in enumerate(cells[2:], 2):
                mark = cell.strip().strip("*_ ")
                if not (re.fullmatch(_OUT_WORD, mark) or re.search(_CROSS, mark)):
                    continue
                if header is None or not _NOT_OUT_HEADER.search(header[column]):
                    return line.strip()
        at += len(line) + 1
    return None


def _other_day_named(found: ReadAnswer, text: str) -> bool:
    """Whether ``text`` names a day that is not the slot's, or a weekly habit of another day."""
    if any(_day_named(day) != found.day for day in _DAY_MENTION.finditer(text)):
        return True
    weekly = DAY_RESTRICTION.search(text.lower())
    return bool(weekly and not str(found.day).lower().startswith(weekly["day"]))


def _refers_to_slot(found: ReadAnswer, sentence: str, match: re.Match[str]) -> bool:
    """Whether the reference of an :data:`_AWAY` match is to the slot ``found``: its start, or
    a word pointing back to it in a sentence that names no other day or time."""
    if match["time"] is not None:
        return clock_minutes(match["time"]) == found.start
    if match["day"] is not None:
        # "on Monday morning" of a 14:30 slot is another part of its day.
        return match["day"] == found.day and not (
            _other_named(found, sentence) or _other_day_part(found, sentence)
        )
    if _other_named(found, sentence):
        return False
    part = match["ref"].rsplit(" ", 1)[-1]
    if part in _DAY_PART_OF and isinstance(found.start, int):
        low, high = _DAY_PART_OF[part]
        return low <= found.start < high
    return True


def _other_named(found: ReadAnswer, sentence: str) -> bool:
    """Whether ``sentence`` names a day or time that is not the slot's."""
    own = {found.start, found.end}
    days = (_day_named(m) for m in _DAY_MENTION.finditer(sentence))
    times = (_minutes_named(m) for m in _TIME_IN_SENTENCE.finditer(sentence))
    return any(day != found.day for day in days) or any(not own.intersection(t) for t in times)


def _distinct(slots: list[_Written]) -> list[_Written]:
    seen: dict[tuple[Any, ...], _Written] = {}
    for slot in slots:
        seen.setdefault(slot.key(), slot)
    return list(seen.values())


def _several(slots: list[_Written]) -> AnswerProblem:
    shown = "; ".join(f"{s.day}, {s.start.strip()} - {s.end.strip()}" for s in slots[:3])
    return _problem(
        "several_slots",
        f"the answer proposes {len(slots)} different slots ({shown}) and the checker will not "
        f"pick one; propose exactly one, e.g. {EXAMPLE_ANSWER}",
    )


def read_text_slot(text: str, names: tuple[str, ...] = ()) -> ReadAnswer:
    """The slot written in plain text (rule 3 of the module docstring). Every pattern reads the
    text's :func:`checkers.text.fold` form, and every position is one in that form: a zero-width
    space or a full-width digit inside the slot changes nothing. ``names``: the task's
    participants (see :func:`read_answer`)."""
    text = fold(text)
    slots = _distinct(_written_slots(text))
    if len(slots) > 1:
        return _whole(_several(slots))
    if slots:
        slot = slots[0]
        start, end = _times(slot.start, slot.end)
        found = _result(parse_day(slot.day), start, end)
        region = answer_region(text)
        first = _SLOT.search(region)
        first_span = first.span() if first is not None else None
        return _final(found, text, region, first_span, names)
    ranges = {(m["start"].strip(), m["end"].strip()) for m in _BARE_RANGE.finditer(text)}
    if len(ranges) == 1:
        start_text, end_text = next(iter(ranges))
        start, end = _times(start_text, end_text)
        return _result(parse_day(None), start, end)
    return _whole(
        _problem(
            "no_slot",
            "no meeting time found in the final response; answer with one day and time "
            f"range, e.g. {EXAMPLE_ANSWER}",
        )
    )


def _field(answer: dict[str, Any], key: str) -> Any:
    """The value of ``answer``'s ``key``, read by its folded form (``"DAY"`` is ``day``, see
    :func:`checkers.answers.key_form`); None when absent. A dict that holds the key more than
    once (no object :func:`checkers.answers.extract_json_object` reads does) gives the list of
    its values, which no field reads: the checker does not pick one."""
    values = list(fields(answer, (key,)).values())
    return values[0] if len(values) == 1 else (values or None)


def _json_time(answer: dict[str, Any], field: str) -> int | AnswerProblem:
    """The minutes of the slot's ``start`` or ``end``, under any of its keys
    (:data:`TIME_KEYS`): two keys at the same minute agree, at different ones (or one that is no
    time) they are ``conflicting_<field>``."""
    given = {k: v for k, v in fields(answer, TIME_KEYS[field]).items() if v is not None}
    if len(given) <= 1:
        return parse_time(next(iter(given.values()), None), field)
    read = [parse_time(v, field) for v in given.values()]
    if all(isinstance(m, int) for m in read) and len(set(read)) == 1:
        return read[0]
    return _problem(
        f"conflicting_{field}",
        f"the answer gives different {field} values {given}; give one, e.g. {EXAMPLE_JSON}",
    )


def read_json_slot(answer: dict[str, Any], text: str, names: tuple[str, ...] = ()) -> ReadAnswer:
    """The slot of a JSON answer; a different slot written in the text around it is
    ``several_slots``; a list of attendees naming only some of the task's participants
    (``names``) is ``plan_for_part_of_group`` (:func:`_attendees_key`)."""
    start = _json_time(answer, "start")
    found = _result(
        parse_day(_field(answer, "day")),
        start,
        _ordered(start, _json_time(answer, "end")),
        tuple(sorted(set(answer) - set(fields(answer, PLAN_KEYS)))),
    )
    written = _distinct(_written_slots(text))
    own = (found.day, found.start, found.end)
    others = [w for w in written if w.key() != own]
    if others:
        day = found.day if isinstance(found.day, str) else "?"
        times = [clock(v) if isinstance(v, int) else "?" for v in (found.start, found.end)]
        return _whole(_several([_Written(day, times[0], times[1]), *others]))
    listed = _attendees_key(answer, names)
    if listed is not None and not found.problems:
        return _whole(listed)
    if isinstance(found.start, int) and isinstance(found.end, int):
        length = found.end - found.start
        other = json_length_otherwise(answer, found.start, length, end_keys=False)
        if other is not None:
            return _whole(
                _problem(
                    "several_slots",
                    f"the answer gives its slot another length ({other[:60]}) than its times "
                    f"({length} minutes) and the checker will not pick one; propose exactly one "
                    f"slot, e.g. {EXAMPLE_JSON}",
                )
            )
    return _final(found, text, text, plan_span(text), names)


def read_answer(text: str | None, names: tuple[str, ...] = ()) -> ReadAnswer:
    """The slot an agent's final text proposes, or the problems that stop it (see the module
    docstring). ``names``: the task's participants, as the task names them; with them, the
    slot said to be for only some of them by name ("for Thomas and Dylan" when Jerry is
    invited too) is ``plan_for_part_of_group``; without them that is not read. Never raises on
    any input string."""
    answer = extract_json_object(text, EXAMPLE_JSON, plan_keys=PLAN_KEYS)
    if isinstance(answer, dict) or answer.code == "no_json_object":
        unread = unread_language(text, EXAMPLE_ANSWER, names)
        if unread is not None:
            return _whole(unread)
    if isinstance(answer, dict):
        return read_json_slot(answer, text or "", names)
    if answer.code == "no_final_response":
        return _whole(
            _problem(
                "no_final_response",
                f"the agent gave no final response; it must end its turn with the proposed "
                f"time, e.g. {EXAMPLE_ANSWER}",
            )
        )
    if answer.code == "empty_response":
        return _whole(
            _problem(
                "empty_response",
                f"the agent's final response is empty; it must hold the proposed time, e.g. "
                f"{EXAMPLE_ANSWER}",
            )
        )
    if answer.code != "no_json_object" or text is None:
        return _whole(answer)
    return read_text_slot(text, names)
