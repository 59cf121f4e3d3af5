"""Reading the proposed meeting slot (day, start, end) from an agent's final text.

Two forms are read:

- the benchmark's text, with or without its prefix, and common variants of it::

      Here is the proposed time: Monday, 14:30 - 15:30
      Monday 14:30-15:30          Monday, 2:30pm - 3:30pm      Tuesday from 9:00 to 9:30

- a JSON object (in prose or a code fence, see :mod:`checkers.answers`)::

      {"day": "Monday", "start": "14:30", "end": "15:30"}

The rule, in order:

1. No final response, blank text, an oversized text, several different JSON objects, or JSON
   that is not an object: the problem :func:`checkers.answers.extract_json_object` names.
2. A JSON object is read by its keys ``day``, ``start`` and ``end`` (or ``start_time`` and
   ``end_time``; both spellings of one field must be the same minute, else
   ``conflicting_start`` / ``conflicting_end``); other keys are ignored and listed in the
   verdict's notes. A text slot elsewhere in the answer that differs from the
   object's is ``several_slots``.
3. Without a JSON object, the text is searched for slots: a day, an optional comma and
   ``from``/``at``/``between``, then a time range (``Monday, 14:30 - 15:30``; a part of the day
   may follow the day: ``Monday afternoon, 14:30 - 15:30``), or a range then
   ``on`` and a day (``14:30 - 15:30 on Monday``). A range is two times joined by a hyphen, an
   en or em dash, ``to``, ``until`` or ``and``. When the text holds the benchmark's marker
   "proposed time:", the answer is the text from the first marker on (reasoning that weighs
   other slots before it is not the answer). One distinct slot is the answer; several different
   ones are ``several_slots`` (the checker never picks one); none is ``no_slot``, unless the
   text holds exactly one time range without a day, which is read with the problem
   ``missing_day``.
4. **One slot, nothing else offered.** The answer (the text from the first marker on, or the
   whole text; JSON included) may name no other day and no other time than the slot's own:
   every weekday name (``Monday``, ``monday``, ``Mon``, ``Thurs``), ``today``, ``tomorrow`` and
   ``tonight``, and every clock time (``9:00``, ``3pm``, ``noon``, ``midnight``) in it must be
   the slot's day, start or end. ``Monday or Thursday, 9:00 - 9:30``, ``Monday/Thursday``,
   ``Thursday, 9:00 - 9:30 or 15:00 - 15:30``, a second "between ... and ..." or a day after the
   slot are therefore ``several_slots``, whatever joins them. Put reasoning before the marker.
   One exception, for a time only: a time that explains the slot by someone's busy or free
   time is no slot offered ("Jerry is free after his 11:30 - 14:30 block", "ends before Jerry's
   16:00 commitment", "everyone is free from 14:30 until 16:00"): its clause (up to a sentence
   end, a bracket or a quote) names a busy time (busy, blocked, a block, a commitment, a
   conflict, a person's call or meeting: "Dylan has a call at 13:30") or a free span (free
   or available, with the time in a range or after until, after, before, by or from), and no
   word that offers a slot (also, too, or, another,
   instead, option, works, could ...: :data:`_OFFERS`). "Everyone is free at 16:00 too" is
   still ``several_slots``. A time ruled out after it by a contrast that refers back to it and
   names no other time is none either ("I checked 9:00 too, but Jerry is busy then").
   Nor is a limit in a clause offering nothing: a time after until, by, before, ends, leaves
   (:data:`~checkers.plan_words.STRONG_BOUND`: "The meeting doesn't need to end before
   16:00").
5. **The final word.** The answer (from the marker on, or the JSON and the text around it) must
   stand by its slot: "correction: 15:00" is ``plan_corrected``, "no time works" is
   ``plan_and_no_plan``, "(blocked for Jerry)", "that slot is busy" or "we did NOT schedule
   this" is ``plan_negated``, "scratch that" is ``plan_withdrawn``, ", or later" or a
   ``backup`` key is ``several_plans`` (see :mod:`checkers.final_word`; this module gives only
   the slot's words: :data:`PLAN_NOUNS`, its day, start and end). Another day or time named
   beside such words is reported by the more precise code; alone it stays ``several_slots``.

Everything is read as :func:`checkers.text.fold` reads it: the text's slots, days and times on
its folded form (a zero-width space inside ``Mon\u200bday`` or ``2:30p\u200bm``, a full-width
digit, change nothing), the JSON object's keys as :func:`checkers.answers.key_form` reads them
(``"DAY"`` is ``day``) and its values folded.

Days are weekday names in full, in any case; a word ending in "day" that is not a weekday
(``Today``) is ``unknown_day``, as is any non-weekday in JSON (``"Mon"``, a date). Times are
24-hour ``H:MM`` or ``HH:MM`` (``9:00``, ``09:00``, ``14:30``; up to ``24:00``), or 12-hour with
``am``/``pm`` (``2:30pm``, ``2 pm``, ``2:30 p.m.``); in a text range each time has minutes or
am/pm, so "Monday, 3 to 4 people" is no slot. A bare ``2:30`` is 02:30, as written. A range
with am/pm on only one side (``2:30 - 3:30pm``) is ``ambiguous_time``: the checker does not
decide what the other side meant. An end that is not after the start is
``end_not_after_start``.

A field that cannot be read is an answer problem: the checks that need it are ``incomplete`` and
the answer cannot pass; the checks that do not need it still report.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Any

from checkers.answers import extract_json_object, fields
from checkers.final_word import Mention, PlanVocabulary, final_word, plan_span
from checkers.plan_words import BUSY_WORDS, COMMITMENT, STRONG_BOUND, TOO_TIMING
from checkers.results import AnswerProblem
from checkers.text import fold
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


def _range(suffix: str = "") -> str:
    return (
        rf"(?P<start{suffix}>{_TIME_TEXT})\s*(?:-|\u2013|\u2014|to|until|and)\s*"
        rf"(?P<end{suffix}>{_TIME_TEXT})(?!\d|:\d)"
    )


_RANGE = _range()
_SLOT = re.compile(
    rf"\b(?P<day>[A-Za-z]+day)\b(?:\s+(?:morning|afternoon|evening))?,?\s*"
    rf"(?:(?:from|at|between)\s+)?{_RANGE}"
    rf"|(?<![\d:])(?:(?:from|between)\s+)?{_range('2')}\s+on\s+(?P<day2>[A-Za-z]+day)\b",
    re.IGNORECASE,
)
"""A slot: ``Monday, 14:30 - 15:30`` (day first) or ``14:30 - 15:30 on Monday``."""
_BARE_RANGE = re.compile(rf"(?<![\d:])(?:(?:from|between)\s+)?{_RANGE}", re.IGNORECASE)
_DAYS_BY_FOLD = {d.casefold(): d for d in WEEKDAYS}
_DAY_MENTION = re.compile(
    r"(?<![A-Za-z])(?:(?P<day>(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday))"
    r"|(?P<short>Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun|MON|TUES?|WED|THU(?:RS?)?|FRI|SAT|SUN)"
    r"|(?P<relative>(?i:today|tomorrow|tonight)))(?![A-Za-z])"
)
"""A day an answer names: a weekday in full (any case) or short (capitalised, so "sun" and
"wed" as words are not days), or a day named relative to now."""
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
    """Start and end of a written range, with am/pm on both sides or on neither."""
    if _has_meridiem(start_text) != _has_meridiem(end_text):
        problem = _problem(
            "ambiguous_time",
            f"the range {start_text.strip()} - {end_text.strip()} gives am/pm on one side only; "
            "write both times as 24-hour H:MM (e.g. 14:30 - 15:30) or give am/pm on both",
        )
        return problem, problem
    start = parse_time(start_text, "start")
    return start, _ordered(start, parse_time(end_text, "end"))


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
        if match["day"] is not None:
            return cls(match["day"], match["start"], match["end"])
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
_BUSY = re.compile(
    rf"\b(?:{_BUSY_WORDS}|blocks?|commitments?|conflicts?)\b|{COMMITMENT.pattern}", re.I
)
"""Busy time, also as a person's commitment (:data:`checkers.plan_words.COMMITMENT`)."""
_REJECTED_AFTER = re.compile(
    r"[^.!?;\n]*?\b(?:but|though|although|however|sadly|unfortunately)\b(?P<rest>[^\d]*)$",
    re.I,
)
_REJECTION = re.compile(
    rf"\b(?:{_BUSY_WORDS}|too (?:{TOO_TIMING}|soon)"
    r"|(?:doesn't|does not|won't|will not|wouldn't|can't|cannot) (?:work|fit|make)"
    r"|not (?:enough|long enough|possible|free|available))\b",
    re.I,
)
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
    r"options?|as well|works?|suits?|fine|could|would|can|prefer|if|later|earlier)\b",
    re.IGNORECASE,
)
"""Words by which a clause offers a slot (or weighs another) rather than explain one."""


class _Asides:
    """Which times of one text explain the slot (the exception to rule 4 in the module
    docstring). Each clause is read once, so that a text of many times is read in linear time."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.edges = [i for i, c in enumerate(text) if c in _CLAUSE_EDGES]
        self.clauses: dict[int, tuple[bool, bool, bool]] = {}

    def _clause(self, start: int) -> tuple[int, int, tuple[bool, bool, bool]]:
        """The bounds of the clause holding ``start`` (up to the nearest :data:`_CLAUSE_EDGES`),
        and whether it offers a slot, names a busy time, names free time."""
        at = bisect.bisect_left(self.edges, start)
        left = self.edges[at - 1] + 1 if at > 0 else 0
        right = self.edges[at] if at < len(self.edges) else len(self.text)
        if left not in self.clauses:
            clause = self.text[left:right]
            self.clauses[left] = (
                _OFFERS.search(clause) is not None,
                _BUSY.search(clause) is not None,
                _FREE.search(clause) is not None,
            )
        return left, right, self.clauses[left]

    def _ruled_out_after(self, end: int, right: int) -> bool:
        """Whether the rest of the clause after a time rules it out: a contrast that refers
        back to it with a rejection and names no other time."""
        match = _REJECTED_AFTER.match(self.text, end, right)
        if match is None:
            return False
        rest = match["rest"]
        return bool(_REJECTION.search(rest) and _BACK_REFERENCE.search(rest))

    def explains(self, start: int, end: int) -> bool:
        """Whether the time at ``text[start:end]`` explains the slot by someone's busy or free
        time, or is a limit in a clause offering nothing ("The meeting doesn't need to end
        before 16:00": :data:`~checkers.plan_words.STRONG_BOUND`), rather than offer another."""
        left, right, (offers, busy, free) = self._clause(start)
        if self._ruled_out_after(end, right):
            return True
        if offers:
            return False
        if STRONG_BOUND.search(self.text, max(left, start - 40), start) is not None:
            return True
        if not (busy or free):
            return False
        if busy:
            return True
        before = self.text[max(left, start - 24) : start]
        return _SPAN_WORD.search(before) is not None or bool(
            _SPAN_AFTER.match(self.text[end : min(right, end + 12)])
        )


def _other_mention(found: ReadAnswer, text: str) -> str | None:
    """The first day or time the answer names that is not the read slot's (rule 4)."""
    region = answer_region(fold(text))
    if isinstance(found.day, str):
        for match in _DAY_MENTION.finditer(region):
            if _day_named(match) != found.day:
                return match.group()
    if isinstance(found.start, int) and isinstance(found.end, int):
        own = {found.start, found.end}
        asides = _Asides(region)
        for match in _TIME_MENTION.finditer(region):
            if not own.intersection(_minutes_named(match)) and not asides.explains(*match.span()):
                return match.group().strip()
    return None


def _day_named(match: re.Match[str]) -> str | None:
    """The canonical day a :data:`_DAY_MENTION` match names (None: a day word of no one day)."""
    if match["day"] is not None:
        return _DAYS_BY_FOLD[match["day"].casefold()]
    if match["short"] is not None:
        return _SHORT_DAYS[match["short"][:3].casefold()]
    return None


def _minutes_named(match: re.Match[str]) -> tuple[int | None, ...]:
    """The clock minutes a :data:`_TIME_MENTION` match may mean (a word like noon: its own)."""
    if match["time"] is not None:
        return (clock_minutes(match["time"]),)
    return _TIME_WORDS[match["word"].casefold()]


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


def plan_vocabulary(found: ReadAnswer) -> PlanVocabulary:
    """The words for the slot ``found``: its day and its start and end (any written form) are
    its own; every other day or time is another slot's."""
    own_times = {v for v in (found.start, found.end) if isinstance(v, int)}

    def mentions(text: str) -> list[Mention]:
        found_here = []
        for match in _DAY_MENTION.finditer(text):
            own_day = _day_named(match) == found.day
            found_here.append(Mention(match.start(), match.end(), own_day))
        for match in _TIME_MENTION.finditer(text):
            own = bool(own_times.intersection(_minutes_named(match)))
            found_here.append(Mention(match.start(), match.end(), own))
        return found_here

    return PlanVocabulary(nouns=PLAN_NOUNS, mentions=mentions, example=EXAMPLE_ANSWER)


def _stands_by(found: ReadAnswer, text: str, span: tuple[int, int] | None) -> ReadAnswer:
    """``found``, or the whole-answer problem when the text around its slot (at ``span``)
    withdraws, denies, corrects or adds to it (see :mod:`checkers.final_word`)."""
    if found.problems or span is None:
        return found
    answer = None
    if text[span[0] : span[0] + 1] == "{":
        answer = extract_json_object(text[span[0] : span[1]])
    problem = final_word(text, span, plan_vocabulary(found), answer)
    return found if problem is None else _whole(problem)


def _final(found: ReadAnswer, text: str, region: str, span: tuple[int, int] | None) -> ReadAnswer:
    """``found`` after rule 4 and the final word: a slot beside another day or time is
    ``several_slots``, unless the words around it say more precisely what they do (withdraw,
    deny or correct it)."""
    said = _stands_by(found, region, span)
    alone = _alone(found, text)
    if alone is not found and (said is found or said.problems[0].code == "several_plans"):
        return alone
    return said


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


def read_text_slot(text: str) -> ReadAnswer:
    """The slot written in plain text (rule 3 of the module docstring). Every pattern reads the
    text's :func:`checkers.text.fold` form, and every position is one in that form: a zero-width
    space or a full-width digit inside the slot changes nothing."""
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
        return _final(found, text, region, first.span() if first is not None else None)
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


def read_json_slot(answer: dict[str, Any], text: str) -> ReadAnswer:
    """The slot of a JSON answer; a different slot written in the text around it is
    ``several_slots``."""
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
    return _final(found, text, text, plan_span(text))


def read_answer(text: str | None) -> ReadAnswer:
    """The slot an agent's final text proposes, or the problems that stop it (see the module
    docstring). Never raises on any input string."""
    answer = extract_json_object(text, EXAMPLE_JSON, plan_keys=PLAN_KEYS)
    if isinstance(answer, dict):
        return read_json_slot(answer, text or "")
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
    return read_text_slot(text)
