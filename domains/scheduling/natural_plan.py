"""Reading a NATURAL PLAN calendar-scheduling task into a :class:`~domains.scheduling.models.Task`.

A benchmark row holds a prompt (``prompt_0shot`` or ``prompt_5shot``) whose last ``TASK:`` is the
one to solve; the solved examples before it are not the task. The text of that task is read by a
strict grammar, sentence by sentence, and every sentence must be one of these forms (``N`` is a
participant named in the first sentence, ``DAY`` a weekday, ``T`` a time ``H:MM``):

request (first)
    ``You need to schedule a meeting for N1, N2 and N3 for DURATION between the work hours of
    T to T on DAYS.`` where ``DAYS`` is ``Monday`` or ``either Monday, Tuesday or Wednesday``
    and ``DURATION`` is ``half an hour``, ``one hour``, ``90 minutes``, ``two hours`` ...
header
    ``Here are the existing schedules for everyone during the day:`` (or ``days``)
calendar (one per participant)
    ``N is busy on | N has blocked their calendar on | N has meetings on`` followed by
    ``DAY during T to T, T to T, DAY during T to T;``, or a free calendar: ``N's calendar is
    wide open the entire day.``, ``N is free the entire day.``, ``N has no meetings the whole
    day.`` (``day`` or ``week``; the benchmark drops the space before ``has``: ``Davidhas no
    meetings the whole day.``); a calendar sentence ends with ``;`` or ``.``
preference
    ``N can not meet | would rather not meet | would like to avoid more meetings | do not want
    to meet`` (also ``cannot meet``, ``does not want to meet``) ``on DAY.``, ``on DAY before
    T.`` or ``on DAY after T.``
continuation
    ``DAY.``, ``DAY before T.`` or ``DAY after T.`` right after a preference: the same person,
    in the same words, about another day (``Ashley would like to avoid more meetings on Monday.
    Thursday.``)
earliest
    ``The group would like to meet at their earlist availability.`` or ``You would like to
    schedule the meeting at their earlist availability.`` (the subject may also be a
    participant; ``earliest`` spelled right is read too)
closing
    ``Find a time that works for everyone's schedule and constraints.``

Names are whatever the request lists (split at ``,`` and the last ``and``), so names with
spaces, hyphens, apostrophes or accents read as well as plain ones; each must start with a
letter. What the sentences mean:

- busy spans: the meeting must not overlap them;
- ``before T``: on that day the meeting starts at ``T`` or later; ``after T``: on that day it
  ends by ``T``; a bare ``DAY``: not on that day (the benchmark's golden answers respect every
  preference, including the "would rather not" ones, so each is a requirement);
- earliest: no slot that starts earlier in the week (Monday first) works for everyone.

Anything else (an unknown sentence, a name the request does not list, a participant without a
calendar or with two, a time like ``25:00``, a span that ends before it starts) is a
:class:`TaskTextError` that quotes the text; nothing is guessed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from checkers.data import numbered_jsonl
from checkers.errors import DataError
from checkers.text import cut
from domains.scheduling.models import (
    WEEKDAYS,
    AvoidDay,
    Busy,
    Meeting,
    NotAfter,
    NotBefore,
    Participant,
    Said,
    Span,
    Task,
    Weekday,
)

PROMPT_KEYS = ("prompt_0shot", "prompt_5shot")
"""Row keys holding the task text, in the order they are tried."""
TASK_ID_PREFIX = "calendar_scheduling_example_"
SCENARIO_PREFIX = "np-"


class TaskTextError(DataError):
    """Task text the importer cannot read; the message quotes it and names the task."""


# --- small pieces of the grammar -------------------------------------------------------------

_DAY = "(?:" + "|".join(WEEKDAYS) + ")"
_TIME = r"\d{1,2}:\d{2}"
_NAME = re.compile(r"[^\W\d_][\w'\u2019.\- ]*")
_SAID_FORMS: dict[str, Said] = {
    "can not meet": "can not meet",
    "cannot meet": "can not meet",
    "would rather not meet": "would rather not meet",
    "would like to avoid more meetings": "would like to avoid more meetings",
    "do not want to meet": "do not want to meet",
    "does not want to meet": "do not want to meet",
}
_SAID = "(?P<said>" + "|".join(sorted(map(re.escape, _SAID_FORMS), key=len, reverse=True)) + ")"
_LIMIT = rf"(?P<day>{_DAY})(?: (?P<side>before|after) (?P<time>{_TIME}))?"

_REQUEST = re.compile(
    r"You need to schedule a meeting for (?P<names>.+?) for (?P<duration>[a-z0-9 -]+?) "
    rf"between the work hours of (?P<start>{_TIME}) to (?P<end>{_TIME}) "
    r"on (?P<days>(?:either )?[A-Za-z ,]+?)\."
)
_HEADER = re.compile(r"Here are the existing schedules for everyone during the days?:")
_CLOSING = re.compile(r"Find a time that works for everyone's schedule and constraints\.")
_CONTINUATION = re.compile(_LIMIT + r"\.")
_SPANS = rf"{_TIME} to {_TIME}(?:, {_TIME} to {_TIME})*"
_DAY_SPANS = rf"{_DAY} during {_SPANS}"
_BUSY_LIST = rf"(?P<busy>{_DAY_SPANS}(?:, {_DAY_SPANS})*)"
_ONE_DAY_SPANS = re.compile(rf"(?P<day>{_DAY}) during (?P<spans>{_SPANS})")
_ONE_SPAN = re.compile(rf"(?P<start>{_TIME}) to (?P<end>{_TIME})")

_NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "ten": 10,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "forty-five": 45,
    "forty five": 45,
    "sixty": 60,
    "ninety": 90,
}
_DURATION_FIXED = {
    "half an hour": 30,
    "a half hour": 30,
    "a quarter of an hour": 15,
    "an hour": 60,
    "an hour and a half": 90,
}
_DURATION = re.compile(
    r"(?P<count>\d+|[a-z]+(?:[- ][a-z]+)?)(?P<half> and a half)? (?P<unit>hours?|minutes?)"
)

_SOURCE_CUT = 160


def _quote(text: str, limit: int = _SOURCE_CUT) -> str:
    return repr(cut(text, limit))


@dataclass
class _Reader:
    """The state of reading one task: the names, what was read so far, where the text is."""

    task_id: str
    text: str
    names: tuple[str, ...] = ()
    pos: int = 0

    def fail(self, problem: str) -> TaskTextError:
        return TaskTextError(f"task {self.task_id}: {problem}")

    def sentence_here(self) -> str:
        """The text from the current position to the end of its sentence (for messages)."""
        rest = self.text[self.pos :]
        end = re.search(r"[.;:](?:\s|$)", rest)
        return rest[: end.end()].strip() if end else rest.strip()

    def minutes(self, value: str, where: str) -> int:
        """``"9:30"`` -> 570; raises TaskTextError quoting ``where`` for ``25:00`` or ``9:75``."""
        hours, minutes = value.split(":")
        total = int(hours) * 60 + int(minutes)
        if int(minutes) > 59 or total > 24 * 60:
            raise self.fail(f"time {value!r} is not a clock time (H:MM, up to 24:00) in {where}")
        return total


# --- the request ------------------------------------------------------------------------------


def split_names(text: str) -> list[str]:
    """``"A, B and C"`` -> ``["A", "B", "C"]``; also ``"A and B"``, ``"A, B, and C"``, ``"A"``."""
    head, sep, last = text.rpartition(" and ")
    if not sep:
        return [text.strip()]
    parts = [p.strip() for p in head.split(",")] + [last.strip()]
    if parts[-2] == "":  # the Oxford comma: "A, B, and C"
        del parts[-2]
    return parts


def parse_duration(text: str) -> int | None:
    """Minutes in ``half an hour``, ``one hour``, ``an hour and a half``, ``two hours``,
    ``one and a half hours``, ``90 minutes``, ``forty-five minutes`` ...; None otherwise."""
    if text in _DURATION_FIXED:
        return _DURATION_FIXED[text]
    match = _DURATION.fullmatch(text)
    if match is None:
        return None
    count_text = match.group("count")
    count = int(count_text) if count_text.isdigit() else _NUMBER_WORDS.get(count_text)
    if count is None or count == 0:
        return None
    hours = match.group("unit").startswith("hour")
    plural = match.group("unit").endswith("s")
    if plural != (count != 1 or bool(match.group("half"))):
        return None  # "one hours", "two hour", "one and a half hour"
    if match.group("half"):
        return count * 60 + 30 if hours else None
    return count * 60 if hours else count


def _days(reader: _Reader, text: str) -> tuple[Weekday, ...]:
    """``Monday``, ``either Monday or Tuesday``, ``either Monday, Tuesday or Wednesday``."""
    body = text.removeprefix("either ")
    parts = [p.strip() for p in re.split(r",\s*(?:or\s+)?|\s+or\s+", body)]
    days = [p for p in parts if p in WEEKDAYS]
    if len(days) != len(parts) or (text.startswith("either ") and len(days) < 2):
        raise reader.fail(
            f"cannot read the meeting days {text!r}; write e.g. 'Monday' or "
            "'either Monday, Tuesday or Wednesday'"
        )
    return tuple(days)


def _read_request(reader: _Reader) -> Meeting:
    match = _REQUEST.match(reader.text)
    if match is None:
        raise reader.fail(
            f"the task must start with 'You need to schedule a meeting for <names> for "
            f"<duration> between the work hours of <H:MM> to <H:MM> on <days>.'; it starts "
            f"{_quote(reader.sentence_here())}"
        )
    names = split_names(match.group("names"))
    for name in names:
        if not _NAME.fullmatch(name) or name.endswith((" ", "-", "'")):
            raise reader.fail(
                f"participant name {name!r} in {match.group('names')!r} is not a name (a name "
                "starts with a letter and holds letters, spaces, hyphens, apostrophes or dots)"
            )
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise reader.fail(f"participants {repeated} are listed twice in {match.group('names')!r}")
    duration = parse_duration(match.group("duration"))
    if duration is None:
        raise reader.fail(
            f"cannot read the meeting duration {match.group('duration')!r}; write e.g. 'half an "
            "hour', 'one hour' or '90 minutes'"
        )
    where = _quote(match.group(0))
    start = reader.minutes(match.group("start"), where)
    end = reader.minutes(match.group("end"), where)
    if end <= start:
        raise reader.fail(f"the work hours end before they start in {where}")
    reader.names = tuple(names)
    reader.pos = match.end()
    return Meeting(
        duration_minutes=duration,
        work_start=start,
        work_end=end,
        days=_days(reader, match.group("days")),
    )


# --- the sentences after it -------------------------------------------------------------------


@dataclass(frozen=True)
class _Calendar:
    name: str
    spans: tuple[Span, ...]


@dataclass(frozen=True)
class _Preference:
    name: str
    said: Said
    day: Weekday
    side: str | None
    time: int | None


@dataclass(frozen=True)
class _Other:
    what: str
    """``header``, ``closing`` or ``earliest``."""


_Sentence = _Calendar | _Preference | _Other


class _Grammar:
    """The sentence forms of one task, built around its participants' names."""

    def __init__(self, names: tuple[str, ...]) -> None:
        # Longest names first, so "Anna" is tried before "Ann".
        alternatives = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
        name = f"(?P<name>{alternatives})"
        self.busy = re.compile(
            rf"{name} (?:is busy|has blocked their calendar|has meetings) on {_BUSY_LIST}[;.]"
        )
        self.free = re.compile(
            rf"{name}(?:'s calendar is wide open the entire| is free the entire"
            r"| ?has no meetings the whole) (?:day|week)[.;]"
        )
        self.preference = re.compile(rf"{name} {_SAID} on {_LIMIT}\.")
        self.earliest = re.compile(
            rf"(?:The group|You|{name}) would like to (?:meet|schedule the meeting) at their "
            r"(?:earlist|earliest) availability\."
        )


def _spans(reader: _Reader, text: str, where: str) -> tuple[Span, ...]:
    spans = []
    for block in _ONE_DAY_SPANS.finditer(text):
        day = block.group("day")
        for span in _ONE_SPAN.finditer(block.group("spans")):
            start = reader.minutes(span.group("start"), where)
            end = reader.minutes(span.group("end"), where)
            if end <= start:
                raise reader.fail(
                    f"busy span {span.group(0)!r} on {day} ends before it starts in {where}"
                )
            spans.append(Span(day=day, start=start, end=end))
    return tuple(spans)


def _sentences(reader: _Reader) -> Iterator[_Sentence]:
    """Every sentence after the request, in order; raises TaskTextError at the first unknown."""
    grammar = _Grammar(reader.names)
    previous: _Preference | None = None
    while True:
        while reader.pos < len(reader.text) and reader.text[reader.pos].isspace():
            reader.pos += 1
        if reader.pos >= len(reader.text):
            return
        at = reader.pos
        found: _Sentence | None = None
        if match := _HEADER.match(reader.text, at):
            found = _Other("header")
        elif match := _CLOSING.match(reader.text, at):
            found = _Other("closing")
        elif match := grammar.busy.match(reader.text, at):
            where = _quote(match.group(0))
            found = _Calendar(match.group("name"), _spans(reader, match.group("busy"), where))
        elif match := grammar.free.match(reader.text, at):
            found = _Calendar(match.group("name"), ())
        elif match := grammar.preference.match(reader.text, at):
            found = _preference(reader, match, match.group("name"), _SAID_FORMS[match["said"]])
        elif match := grammar.earliest.match(reader.text, at):
            found = _Other("earliest")
        elif match := _CONTINUATION.match(reader.text, at):
            if previous is None:
                raise reader.fail(
                    f"{_quote(match.group(0))} continues a preference, but no preference "
                    "sentence comes right before it"
                )
            found = _preference(reader, match, previous.name, previous.said)
        if found is None or match is None:
            raise reader.fail(
                f"cannot read {_quote(reader.sentence_here())}; it is none of the sentence "
                f"forms of a calendar task (participants: {', '.join(reader.names)}; see "
                "domains/scheduling/natural_plan.py)"
            )
        previous = found if isinstance(found, _Preference) else None
        reader.pos = match.end()
        yield found


def _preference(reader: _Reader, match: re.Match[str], name: str, said: Said) -> _Preference:
    time = match.group("time")
    return _Preference(
        name=name,
        said=said,
        day=match.group("day"),  # type: ignore[arg-type]  # the pattern only matches weekdays
        side=match.group("side"),
        time=None if time is None else reader.minutes(time, _quote(match.group(0))),
    )


# --- the whole task ---------------------------------------------------------------------------


def task_text(prompt: str, task_id: str = "?") -> str:
    """The text of the last ``TASK:`` of a prompt, without its ``SOLUTION:`` line.

    Raises TaskTextError when there is no ``TASK:``, no ``SOLUTION:`` after it, or a solution
    already written after the last one (then it is a solved example, not the task).
    """
    start = prompt.rfind("TASK:")
    if start == -1:
        raise TaskTextError(
            f"task {task_id}: the prompt has no 'TASK:'; it starts {_quote(prompt.strip())}"
        )
    body = prompt[start + len("TASK:") :]
    text, sep, solution = body.partition("SOLUTION:")
    if not sep:
        raise TaskTextError(f"task {task_id}: the last TASK: has no 'SOLUTION:' line after it")
    if solution.strip():
        raise TaskTextError(
            f"task {task_id}: the last TASK: is already solved ({_quote(solution.strip())}); "
            "the task to solve ends with an empty 'SOLUTION:'"
        )
    return text


def _preference_requirement(found: _Preference) -> AvoidDay | NotBefore | NotAfter:
    if found.side is None or found.time is None:
        return AvoidDay(day=found.day, said=found.said)
    if found.side == "before":
        return NotBefore(day=found.day, time=found.time, said=found.said)
    return NotAfter(day=found.day, time=found.time, said=found.said)


def parse_task(prompt: str, task_id: str, source: str | None = None) -> Task:
    """The task of ``prompt`` (its last ``TASK:``), as scenario ``task_id``.

    Raises TaskTextError quoting the first piece of text that does not read (see the module
    docstring for the grammar).
    """
    reader = _Reader(task_id=task_id, text=" ".join(task_text(prompt, task_id).split()))
    meeting = _read_request(reader)
    calendars: dict[str, tuple[Span, ...]] = {}
    preferences: dict[str, list[AvoidDay | NotBefore | NotAfter]] = {n: [] for n in reader.names}
    earliest = False
    for sentence in _sentences(reader):
        if isinstance(sentence, _Calendar):
            if sentence.name in calendars:
                raise reader.fail(f"{sentence.name}'s calendar is given twice")
            calendars[sentence.name] = sentence.spans
        elif isinstance(sentence, _Preference):
            preferences[sentence.name].append(_preference_requirement(sentence))
        elif sentence.what == "earliest":
            earliest = True
    missing = [n for n in reader.names if n not in calendars]
    if missing:
        raise reader.fail(f"no calendar is given for {', '.join(missing)}")
    participants = tuple(
        Participant(
            id=name,
            name=name,
            requirements=(Busy(spans=calendars[name]), *preferences[name]),
        )
        for name in reader.names
    )
    return Task(
        id=task_id,
        meeting=meeting.model_copy(update={"earliest": earliest}),
        participants=participants,
        source=source,
    )


def scenario_id(row_id: str) -> str:
    """``calendar_scheduling_example_6`` -> ``np-6``; any other id is kept as it is."""
    if row_id.startswith(TASK_ID_PREFIX) and row_id[len(TASK_ID_PREFIX) :].isdigit():
        return SCENARIO_PREFIX + row_id[len(TASK_ID_PREFIX) :]
    return row_id


def import_row(row: Any) -> Task:
    """The task of one benchmark row (``id``, ``prompt_0shot`` or ``prompt_5shot``, and
    optionally ``golden_plan``), with scenario id ``np-<n>``.

    Raises TaskTextError naming what is missing or unreadable.
    """
    if not isinstance(row, dict):
        raise TaskTextError(
            f"a benchmark row must be a JSON object with 'id' and 'prompt_0shot', not "
            f"{type(row).__name__}"
        )
    row_id = row.get("id")
    if not isinstance(row_id, str) or not row_id:
        raise TaskTextError("the benchmark row has no 'id' (e.g. 'calendar_scheduling_example_6')")
    prompt = next((row[k] for k in PROMPT_KEYS if isinstance(row.get(k), str)), None)
    if prompt is None:
        raise TaskTextError(
            f"task {row_id}: the row has no prompt text (expected one of {', '.join(PROMPT_KEYS)})"
        )
    golden = row.get("golden_plan")
    try:
        task = parse_task(prompt, scenario_id(row_id), source=row_id)
    except ValidationError as error:  # a model rule the grammar does not state (kept as a net)
        raise TaskTextError(f"task {row_id}: {error.errors()[0]['msg']}") from error
    return task.model_copy(update={"golden": golden.strip() if isinstance(golden, str) else None})


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of a benchmark JSONL file. Raises DataError naming the file and line."""
    rows = []
    for number, row in numbered_jsonl(path):
        if not isinstance(row, dict):
            raise DataError(f"{path}, line {number}: must be a JSON object (a benchmark row)")
        rows.append(row)
    return rows


def import_file(path: Path) -> list[Task]:
    """Every task of a benchmark JSONL file, in file order; raises at the first that does not
    read."""
    return [import_row(row) for row in read_rows(path)]
