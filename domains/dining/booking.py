"""The table a dining agent booked with ``book_table``, held against the plan its answer states.

Dining's :class:`~checkers.committed.CommitRule` (:data:`BOOKING`): a successful ``book_table``
call commits the plan, as does a call to an agent's own booking tool (:data:`BOOKING_TOOLS`:
``reserve_table``, ``make_reservation``, ``bookTable``; never a look-up such as ``get_booking``).
A successful ``cancel_booking`` (:data:`CANCEL_TOOLS`) takes back the booking it names, by the id
the booking's response gave or by its fields; ``update_booking`` (:data:`CHANGE_TOOLS`) moves it.
Where the agent booked, ``everyone_ate`` and
``everyone_ate_or_says_infeasible`` judge the booking, and the stated plan must be it: the same
restaurant, the same start time, and a party of the group's size (the answer's plan is for the
whole group). Each field is read from the tool's response when it states it (the service's
record), else from the call's arguments: ``restaurant_id`` (an id or exact name of the catalog),
``time`` (24-hour ``HH:MM``) and ``party_size`` (a whole number; the service's own record
may give its digits, a call's ``"6"`` stays unreadable). A list of the guests the table is
for (``guests``, ``guest_names`` ...: :data:`GUEST_LIST_KEYS`) is a party size too: alone
it gives the size; beside a ``party_size`` of another count the booking cannot be read (a
table for 6 naming 5 guests is for whom?), so it never passes.

The findings and their reason codes are those of :mod:`checkers.committed`: a booking other than
the stated plan (``committed_plan_differs``: "the agent booked r01 (Ember & Oak) at 19:30 for 6
(book_table, call #2, turn 1), but the answer says r03 (Umi Sushi Bar) at 18:00 for 6: restaurant
and time differ"), two bookings, a booking whose outcome is not recorded, a plan announced when
every booking failed, "no plan satisfies everyone" after a booking, a plan announced when every
booking was cancelled (``commit_undone``), a cancellation naming no booking (``undo_unmatched``),
and "I've booked a table" after tool calls none of which booked (``commit_claimed_not_made``:
:data:`BOOKING_CLAIMS`). With no call at all the stated plan is judged alone: a final text
judged without its calls says nothing of what the agent did.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from checkers.committed import (
    LOOKUP_WORDS,
    CommitRule,
    Stated,
    claimed_not_committed,
    hold_to_commits,
    tool_named,
)
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


GUEST_LIST_KEYS = ("guests", "guest_names", "guest_list", "names", "diners", "attendees", "party")
"""Keys under which a booking may list the guests its table is for."""


def _whole_number(value: Any, digits: bool = False) -> int | None:
    """``value`` as a whole number of guests; a string of digits only with ``digits`` (the
    service's own record: what it booked, however it writes it). A call's ``"6"`` stays
    unreadable: whether the tool took the model's string as six is not known."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():  # JSON from a model may say 6.0
        return int(value)
    if digits and isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        return int(value.strip()) if len(value.strip()) < 4 else None  # a service's "6"
    return None


def _guest_list(args: Mapping[str, Any], response: Mapping[str, Any]) -> tuple[str, int] | None:
    """The first guest list the booking states (the response's, else the call's), as its key
    and its length."""
    for key in GUEST_LIST_KEYS:
        value = _field(args, response, key)
        if isinstance(value, list):
            return key, len(value)
    return None


def _party_size(args: Mapping[str, Any], response: Mapping[str, Any]) -> int | str:
    """The party the booking is for, or why it cannot be read (see the module docstring)."""
    said = _field(args, response, "party_size")
    size = _whole_number(said, digits=response.get("party_size") is not None)
    listed = _guest_list(args, response)
    if listed is not None and said is None:
        return listed[1]
    if size is None:
        return f"party_size {brief_json(said)} is not a whole number of guests"
    if listed is not None and listed[1] != size:
        key, count = listed
        return f"party_size {size}, but its {key} list names {count}: for whom is the table?"
    return size


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
    size = _party_size(args, response)
    if isinstance(size, str):
        return size
    return Booking(restaurant.id, start, size, restaurant.name)


_BOOKING_NOUN = r"\b(?:table|tables|booking|bookings|reservation|reservations|seat|seats)\b"
BOOKING_TOOLS = re.compile(
    rf"^(?!.*{LOOKUP_WORDS})(?!.*\bavailab(?:le|ility)\b)"
    r"(?=.*\b(?:book|reserve|reservation|booking)\b)"
)
"""An agent's own booking tool, by its name in words (:func:`checkers.committed.tool_words`):
``reserve_table``, ``make_reservation``, ``create_booking``, ``bookTable``; never a look-up
(``get_booking``, ``check_availability``)."""
CANCEL_TOOLS = tool_named("cancel|delete|remove|void|release|drop", _BOOKING_NOUN)
"""Tools that cancel a booking: ``cancel_booking``, ``delete_reservation``."""
CHANGE_TOOLS = tool_named("update|modify|change|amend|edit|move|reschedule", _BOOKING_NOUN)
"""Tools that change a booking: ``update_booking``, ``modify_reservation``."""

BOOKING: CommitRule[Scenario, Booking] = CommitRule(
    tools=frozenset({BOOK_TABLE}),
    read=read_booking,
    describe=describe_booking,
    did="booked",
    fix="the plan an answer states must be the table booked, for the whole group",
    named=BOOKING_TOOLS,
    undo=CANCEL_TOOLS,
    change=CHANGE_TOOLS,
    undid="cancelled",
)
"""``book_table`` commits a dining plan, as does an agent's own booking tool; a cancellation
takes a booking back, a change moves it."""


_BOOKED = r"(?:booked|reserved|secured|confirmed|held)"
BOOKING_CLAIMS = re.compile(
    r"\bi(?:'ve| have)?(?: now| just| already| successfully)* (?:booked|reserved|secured)\b"
    r"|\bi(?:'ve| have)?(?: now| just| already)* made (?:a|the|your) (?:reservation|booking)\b"
    rf"|\b(?:table|reservation|booking|seats?)s?(?: (?:at|for|with) [^.!?\n]{{0,40}}?)? "
    rf"(?:is|are|has been|have been|was)(?: now| all)?(?: successfully)? {_BOOKED}\b"
    rf"|\bsuccessfully {_BOOKED}\b"
    r"|^\W*(?:booked|reserved)\b"
    rf"|^\W*(?:your |the )?(?:reservation|booking|table)s? {_BOOKED}\b"
)
"""Sentences saying a table was booked (over folded lower-case text): "I've booked a table",
"I booked Green Fork", "Your table at Green Fork is booked", "Reservation confirmed",
"Booked!"; not a question or an offer ("Shall I book it?"), and not when negated ("I have not
booked anything")."""


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

    held = hold_to_commits(BOOKING, scenario, transcript, stated, verdict, judge_committed)
    claim = claimed_not_committed(BOOKING, transcript, BOOKING_CLAIMS)
    if claim is None:
        return held
    return held.model_copy(update={"problems": (*held.problems, claim)})
