"""Meeting scheduling: participants, their calendars and preferences, and the slot an agent
proposes.

A task (the scenario) is one meeting to place: its duration, the work hours, the days it may
be held on, whether the group wants their earliest availability, and the participants. Each
participant holds requirements: the times they are busy, and preferences such as "would rather
not meet on Monday after 14:00". Every participant also holds, implicitly, the meeting's own
rules: the slot is on an allowed day, inside the work hours, of the right duration, and (when the
task asks for it) the earliest slot everyone can attend.

An answer is one slot: a day, a start and an end (minutes of the day).

Times are minutes since midnight and print as the benchmark writes them, ``9:00`` and
``14:30`` (no leading zero).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from checkers.requirements import Requirement
from checkers.scenarios import require_unique_ids

Weekday = Literal["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WEEKDAYS: tuple[Weekday, ...] = get_args(Weekday)
"""The days of the week in calendar order (the order "earliest" uses)."""
MinuteOfDay = Annotated[int, Field(ge=0, le=24 * 60)]
"""Minutes since midnight; 1440 (24:00) is allowed only as an end."""
Said = Literal[
    "can not meet",
    "would rather not meet",
    "would like to avoid more meetings",
    "do not want to meet",
]
"""How the participant put a preference, in the benchmark's words (kept to quote it back)."""

SAID_AS_VERB: dict[str, str] = {
    "can not meet": "cannot meet",
    "would rather not meet": "would rather not meet",
    "would like to avoid more meetings": "would like to avoid meetings",
    "do not want to meet": "does not want to meet",
}
"""Each wording as a reason sentence says it about one person ("Ana does not want to meet")."""


def clock(minutes: int) -> str:
    """540 -> ``"9:00"``; 870 -> ``"14:30"``; 1440 -> ``"24:00"`` (the benchmark's style)."""
    return f"{minutes // 60}:{minutes % 60:02d}"


def day_index(day: Weekday) -> int:
    """Monday -> 0 ... Sunday -> 6."""
    return WEEKDAYS.index(day)


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class Span(_Model):
    """A stretch of time on one day, from ``start`` to ``end`` (minutes of the day)."""

    day: Weekday
    start: MinuteOfDay
    end: MinuteOfDay

    @model_validator(mode="after")
    def _ordered(self) -> Span:
        if self.end <= self.start:
            raise ValueError(
                f"a span must end after it starts; got {self.day} {clock(self.start)}"
                f"-{clock(self.end)}"
            )
        return self

    def text(self) -> str:
        """``Monday 9:00-10:30``."""
        return f"{self.day} {clock(self.start)}-{clock(self.end)}"


# --- requirements ---------------------------------------------------------------------------


class Busy(Requirement):
    """The participant's calendar: the meeting must not overlap any of these busy spans.

    An empty calendar (``"Thomas's calendar is wide open the entire day"``) is met by any slot.
    A meeting that ends exactly when a busy span starts, or starts when it ends, does not
    overlap it.
    """

    kind: Literal["busy"] = "busy"
    spans: tuple[Span, ...] = ()
    """The busy spans, in the order the task lists them."""


class AvoidDay(Requirement):
    """The participant does not want to meet on ``day`` at all."""

    kind: Literal["avoid_day"] = "avoid_day"
    day: Weekday
    """The day the participant does not want."""
    said: Said = "would rather not meet"
    """The participant's wording."""


class _DayLimit(Requirement):
    """A limit in time on one day (its fields follow ``kind``, in this order)."""

    day: Weekday
    """The day the limit applies to."""
    time: MinuteOfDay
    """The limit, in minutes after midnight."""
    said: Said = "would rather not meet"
    """The participant's wording."""


class NotBefore(_DayLimit):
    """On ``day``, the meeting must not start before ``time`` ("can not meet on Monday before
    10:30": a meeting that day starts at 10:30 or later). Other days are not affected."""

    kind: Literal["not_before"] = "not_before"


class NotAfter(_DayLimit):
    """On ``day``, the meeting must be over by ``time`` ("would rather not meet on Monday after
    14:00": a meeting that day ends at 14:00 or earlier). Other days are not affected."""

    kind: Literal["not_after"] = "not_after"


class AllowedDay(Requirement):
    """The meeting is on one of the task's days. Every participant holds it implicitly."""

    kind: Literal["allowed_day"] = "allowed_day"


class WorkHours(Requirement):
    """The whole meeting lies inside the work hours. Every participant holds it implicitly."""

    kind: Literal["work_hours"] = "work_hours"


class Duration(Requirement):
    """The meeting lasts exactly the task's duration. Every participant holds it implicitly."""

    kind: Literal["duration"] = "duration"


class Earliest(Requirement):
    """No slot that starts earlier in the week works for everyone: the group's "earliest
    availability". Every participant holds it when the task asks for it."""

    kind: Literal["earliest"] = "earliest"


SchedulingRequirement = Annotated[
    Busy | AvoidDay | NotBefore | NotAfter | AllowedDay | WorkHours | Duration | Earliest,
    Field(discriminator="kind"),
]
PREFERENCE_KINDS: tuple[type[Requirement], ...] = (AvoidDay, NotBefore, NotAfter)
"""Requirements a participant states as a preference about days and times."""


class Participant(_Model):
    """A participant and the requirements they bring."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    requirements: tuple[SchedulingRequirement, ...] = ()


class Meeting(_Model):
    """The meeting to place: how long, within which hours, on which days."""

    duration_minutes: int = Field(gt=0, le=24 * 60)
    work_start: MinuteOfDay
    work_end: MinuteOfDay
    days: tuple[Weekday, ...] = Field(min_length=1)
    """The days the meeting may be on, in the order the task names them."""
    earliest: bool = False
    """True when the task asks for the group's earliest availability."""

    @model_validator(mode="after")
    def _consistent(self) -> Meeting:
        if self.work_end <= self.work_start:
            raise ValueError(
                f"work hours must end after they start; got {clock(self.work_start)} to "
                f"{clock(self.work_end)}"
            )
        repeated = sorted({d for d in self.days if self.days.count(d) > 1})
        if repeated:
            raise ValueError(f"each day may be listed once; repeated: {repeated}")
        return self

    def hours_text(self) -> str:
        """``9:00 to 17:00``."""
        return f"{clock(self.work_start)} to {clock(self.work_end)}"


class Task(_Model):
    """A scheduling scenario: the meeting and the participants it is judged against."""

    id: str = Field(min_length=1)
    meeting: Meeting
    participants: tuple[Participant, ...] = Field(min_length=1)
    """At least one participant: an empty meeting has nothing to judge and is a data error."""
    source: str | None = None
    """Where the task came from, e.g. the benchmark's ``calendar_scheduling_example_6``."""
    golden: str | None = None
    """The benchmark's single reference answer, kept for comparison; never used in judging."""

    @model_validator(mode="after")
    def _unique_ids(self) -> Task:
        require_unique_ids(participant=self.participants)
        return self


class Slot(_Model):
    """What the agent proposed: a day, a start and an end."""

    day: Weekday
    start: MinuteOfDay
    end: MinuteOfDay

    def text(self) -> str:
        """``Monday, 14:30 - 15:30``: the benchmark's answer format."""
        return f"{self.day}, {clock(self.start)} - {clock(self.end)}"


@dataclass(frozen=True)
class At:
    """A slot as the kinds' plain rules and the meta-tests see it: a plain dataclass, cheap to
    build by the thousand in the oracle, unlike the validated :class:`Slot`."""

    day: Weekday
    start: int
    end: int

    def text(self) -> str:
        """``Monday, 14:30 - 15:30``."""
        return f"{self.day}, {clock(self.start)} - {clock(self.end)}"

    def order(self) -> tuple[int, int]:
        """Where the slot starts in the week (Monday first): what "earliest" compares."""
        return day_index(self.day), self.start
