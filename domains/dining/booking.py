"""The table a dining agent booked with ``book_table``, held against the plan its answer states.

Dining's :class:`~checkers.committed.CommitRule` (:data:`BOOKING`): a successful ``book_table``
call commits the plan. Where the agent booked, ``everyone_ate`` and
``everyone_ate_or_says_infeasible`` judge the booking, and the stated plan must be it: the same
restaurant, the same start time, and a party of the group's size (the answer's plan is for the
whole group). Each field is read from the tool's response when it states it (the service's
record), else from the call's arguments: ``restaurant_id`` (an id or exact name of the catalog),
``time`` (24-hour ``HH:MM``) and ``party_size`` (a whole number).

The findings and their reason codes are those of :mod:`checkers.committed`: a booking other than
the stated plan (``committed_plan_differs``: "the agent booked r01 (Ember & Oak) at 19:30 for 6
(book_table, call #2, turn 1), but the answer says r03 (Umi Sushi Bar) at 18:00 for 6: restaurant
and time differ"), two bookings, a booking whose outcome is not recorded, a plan announced when
every booking failed, "no plan satisfies everyone" after a booking. With no ``book_table`` call
at all the stated plan is judged alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from checkers.committed import CommitRule, Stated, hold_to_commits
from checkers.results import Verdict
from checkers.transcript import Transcript, brief_json
from domains.dining.models import Restaurant, Scenario, clock, parse_clock

BOOK_TABLE = "book_table"


@dataclass(frozen=True)
class Booking:
    """A table for a party at a restaurant and a start time: booked, or stated in an answer."""

    restaurant_id: str = field(metadata={"label": "restaurant"})
    start: int = field(metadata={"label": "time"})
    """Minutes of the day."""
    party_size: int = field(metadata={"label": "party size"})
    restaurant_name: str = field(default="", compare=False)
    """For reasons only: two bookings at the same restaurant id are the same restaurant."""


def describe_booking(booking: Booking) -> str:
    """``"r01 (Ember & Oak) at 19:30 for 6"``."""
    name = f" ({booking.restaurant_name})" if booking.restaurant_name else ""
    return f"{booking.restaurant_id}{name} at {clock(booking.start)} for {booking.party_size}"


def _field(args: Mapping[str, Any], response: Mapping[str, Any], key: str) -> Any:
    """The response's value of ``key`` when it states one, else the call's argument."""
    value = response.get(key)
    return args.get(key) if value is None else value


def _whole_number(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():  # JSON from a model may say 6.0
        return int(value)
    return None


def read_booking(
    scenario: Scenario, args: Mapping[str, Any], response: Mapping[str, Any]
) -> Booking | str:
    """The booking a successful ``book_table`` call made, or a sentence saying why it cannot be
    read (see the module docstring)."""
    ref = _field(args, response, "restaurant_id")
    restaurant = scenario.restaurant(ref) if isinstance(ref, str) else None
    if restaurant is None:
        return f"restaurant_id {brief_json(ref)} is not a restaurant of the catalog"
    when = _field(args, response, "time")
    start = parse_clock(when) if isinstance(when, str) else None
    if start is None:
        return f"time {brief_json(when)} is not a 24-hour HH:MM time"
    size = _whole_number(_field(args, response, "party_size"))
    if size is None:
        shown = brief_json(_field(args, response, "party_size"))
        return f"party_size {shown} is not a whole number of guests"
    return Booking(restaurant.id, start, size, restaurant.name)


BOOKING: CommitRule[Scenario, Booking] = CommitRule(
    tools=frozenset({BOOK_TABLE}),
    read=read_booking,
    describe=describe_booking,
    did="booked",
    fix="the plan an answer states must be the table booked, for the whole group",
)
"""``book_table`` commits a dining plan."""


def stated_booking(scenario: Scenario, restaurant: Restaurant, start: int) -> Booking:
    """The booking a stated plan stands for: its restaurant and time, for the whole group."""
    return Booking(restaurant.id, start, len(scenario.group.guests), restaurant.name)


def hold_to_booking(
    scenario: Scenario,
    transcript: Transcript,
    stated: Booking | Stated,
    verdict: Verdict,
    judge_booked: Callable[[Restaurant, int], Verdict],
) -> Verdict:
    """``verdict`` held to what the agent booked (:func:`checkers.committed.hold_to_commits`);
    ``judge_booked(restaurant, start)`` judges a booked plan that differs from the stated one."""

    def judge_committed(booking: Booking) -> Verdict:
        restaurant = scenario.restaurant(booking.restaurant_id)
        assert restaurant is not None  # read_booking resolved it in this scenario
        return judge_booked(restaurant, booking.start)

    return hold_to_commits(BOOKING, scenario, transcript, stated, verdict, judge_committed)
