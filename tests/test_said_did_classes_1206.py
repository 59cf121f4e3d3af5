"""The classes closed by the said/did review of 2026-12-06 (night), each as a property over the
inputs of its class (``tests/test_review_probes_said_did_1206.py`` holds the probes). Each
property failed on the code before its fix.

- ``record_digits`` (false FAIL): a booking service's record giving the party as digits
  (``"party_size": "6"``) was unreadable;
- ``guest_list_short`` (false PASS): a booking for 6 listing 5 guests (or only 5 guests) passed;
- ``done_flag_named`` (false PASS): a done flag under a name of its own
  (``"booking_confirmed": false``, ``"isBooked": false``) was no failure;
- ``write_not_made`` (false PASS): a write's ``"waitlisted": true`` / ``"available": false`` or
  its text "No table could be reserved" / "We could not confirm your table" was a success;
- ``booking_tool_named`` (false PASS): a booking through the agent's own tool
  (``reserve_table``, ``make_reservation``, ``bookTable``) was never held to the answer;
- ``cancelled`` (false PASS, and a false FAIL): a booking then cancelled still counted as booked,
  and a booking cancelled and replaced by the stated one counted as two;
- ``booking_changed`` (false PASS): a booking moved by ``update_booking`` was held as first made;
- ``claim_without_booking`` (false PASS): "I've booked a table" after look-ups only passed;
- ``calendar_writes`` (false PASS): scheduling never read a calendar write (an invite for
  another slot, without a participant, two invites, one deleted).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta.profiles import meta_settings
from checkers.tool_outcome import tool_outcome, write_not_done
from checkers.transcript import ToolCall, ToolResponse, Transcript
from domains.dining.booking import Booking, read_booking
from domains.dining.judge import judge_everyone_ate
from domains.dining.scenarios import DINING
from domains.scheduling.judge import judge_everyone_can_attend
from domains.scheduling.scenarios import SCHEDULING

FEW = settings(meta_settings("ci"), max_examples=60)
STORY = DINING.load_scenario("story-six")
"""Green Fork (r03) at 17:30 serves all six guests."""
NP6 = SCHEDULING.load_scenario("np-6")
"""Monday 14:30 - 15:30 suits Thomas, Dylan and Jerry."""
FENCED = '```json\n{"restaurant": "r03", "time": "17:30"}\n```'
SLOT = "Here is the proposed time: Monday, 14:30 - 15:30"
GUESTS = [g.name for g in STORY.group.guests]
PEOPLE = [p.name for p in NP6.participants]

Step = tuple[str, dict[str, Any], dict[str, Any] | None]


def transcript(final: str, *steps: Step) -> Transcript:
    """``final`` after the calls ``steps`` (name, arguments, response or None), in one turn."""
    calls = tuple(ToolCall(name=n, args=a, call_id=f"c{i}") for i, (n, a, _) in enumerate(steps))
    responses = tuple(
        ToolResponse(name=n, response=r, call_id=f"c{i}")
        for i, (n, _, r) in enumerate(steps)
        if r is not None
    )
    return Transcript(final_text=final, tool_calls=calls, tool_responses=responses)


def dines(final: str, *steps: Step) -> bool:
    return judge_everyone_ate(STORY, transcript(final, *steps), 1.0).passed


def meets(final: str, *steps: Step) -> bool:
    return judge_everyone_can_attend(NP6, transcript(final, *steps), 1.0).passed


def booking(rid: str = "r03", time: str = "17:30", size: int = 6, tool: str = "book_table",
            **extra: Any) -> Step:  # fmt: skip
    args = {"restaurant_id": rid, "time": time, "party_size": size, **extra}
    number = f"BK-{rid}-{time.replace(':', '')}-{size}"
    return (tool, args, {"status": "confirmed", "booking_id": number, **args})


OTHER_PLANS = st.sampled_from(
    [("r06", "18:00", 6), ("r19", "18:00", 6), ("r03", "18:00", 6), ("r03", "17:30", 5)]
)


def test_the_controls_pass() -> None:
    assert dines(FENCED) and dines(FENCED, booking())
    assert meets(SLOT) and meets(SLOT, invite())


# --- record_digits ------------------------------------------------------------------------------


@FEW
@given(st.integers(1, 40), st.sampled_from(["{}", " {} ", "{}\n"]))
def test_a_party_size_in_digits_reads_as_its_number(size: int, form: str) -> None:
    response = {"status": "confirmed", "party_size": form.format(size)}
    args = {"restaurant_id": "r03", "time": "17:30"}
    assert read_booking(STORY, args, response) == Booking("r03", 17 * 60 + 30, size)


@FEW
@given(st.integers(1, 40), st.sampled_from(["{}", " {} ", "{}\n"]))
def test_a_calls_party_size_in_digits_stays_unreadable(size: int, form: str) -> None:
    """The model's ``"6"`` in a call: whether the tool took it as six is not known
    (``tests/hostile/committed_plan.jsonl``, booking-party-size-as-text); only the service's
    own record is read by its digits."""
    args = {"restaurant_id": "r03", "time": "17:30", "party_size": form.format(size)}
    assert isinstance(read_booking(STORY, args, {"status": "confirmed"}), str)


# --- guest_list_short ---------------------------------------------------------------------------


@FEW
@given(
    st.lists(st.sampled_from(GUESTS), unique=True).filter(lambda g: len(g) != len(GUESTS)),
    st.sampled_from(["guests", "guest_names", "attendees"]),
    st.booleans(),
)
def test_a_booking_listing_other_than_the_whole_group_never_passes(
    guests: list[str], key: str, with_size: bool
) -> None:
    name, args, response = booking(**{key: guests})
    if not with_size:
        del args["party_size"]
        response = {"status": "confirmed"}
    assert not dines(FENCED, (name, args, response))


# --- done_flag_named ----------------------------------------------------------------------------

DONE_WORDS = ("confirmed", "booked", "reserved", "scheduled")


@FEW
@given(
    st.sampled_from(DONE_WORDS),
    st.sampled_from(["is_", "was_", "booking_", "reservation_", "table_", "event_"]),
    st.sampled_from(["snake", "camel", "upper"]),
    st.sampled_from([False, "false", "no"]),
)
def test_a_done_flag_under_its_own_name_saying_no_is_a_failure(
    word: str, before: str, case: str, value: object
) -> None:
    key = before + word
    if case == "camel":
        head, tail = key.split("_")
        key = head + tail.capitalize()
    elif case == "upper":
        key = key.upper()
    assert tool_outcome({"status": "ok", key: value}).failed, key


def test_another_things_confirmation_is_no_done_flag() -> None:
    assert tool_outcome({"status": "ok", "email_confirmed": False}).succeeded


# --- write_not_made -----------------------------------------------------------------------------


@FEW
@given(
    st.sampled_from(["Your table", "The reservation", "Booking", "It", "Green Fork"]),
    st.sampled_from(
        ["could not be", "couldn't be", "cannot be", "was not", "wasn't", "has not been"]
    ),
    st.sampled_from(["booked", "reserved", "confirmed", "made", "secured"]),
    st.sampled_from(["message", "result", "detail"]),
)
def test_a_write_saying_it_was_not_made_is_not_made(
    subject: str, negation: str, verb: str, key: str
) -> None:
    response = {"status": "ok", key: f"{subject} {negation} {verb}."}
    assert write_not_done(response) is not None, response


@given(st.sampled_from([("waitlisted", True), ("on_waitlist", True), ("available", False)]))
def test_a_write_flagged_as_not_made_is_not_made(flag: tuple[str, bool]) -> None:
    assert write_not_done({"status": "ok", flag[0]: flag[1]}) is not None


# --- booking_tool_named -------------------------------------------------------------------------

BOOKING_TOOLS = st.builds(
    lambda verb, noun, case: {
        "snake": f"{verb}_{noun}",
        "camel": verb + noun.capitalize(),
        "kebab": f"{verb}-{noun}",
    }[case],
    st.sampled_from(["book", "reserve", "make", "create", "place", "new"]),
    st.sampled_from(["table", "reservation", "booking"]),
    st.sampled_from(["snake", "camel", "kebab"]),
).filter(lambda name: any(w in name.lower() for w in ("book", "reserv")))


@FEW
@given(BOOKING_TOOLS, OTHER_PLANS)
def test_a_booking_of_another_plan_through_any_booking_tool_never_passes(
    tool: str, plan: tuple[str, str, int]
) -> None:
    assert not dines(FENCED, booking(*plan, tool=tool))
    assert dines(FENCED, booking(tool=tool))


# --- cancelled ----------------------------------------------------------------------------------

CANCEL_TOOLS = st.sampled_from(
    ["cancel_booking", "cancel_reservation", "delete_reservation", "cancelBooking"]
)


@FEW
@given(CANCEL_TOOLS, st.sampled_from(["booking_id", "reservation_id", "id"]))
def test_a_booking_cancelled_never_stands(tool: str, key: str) -> None:
    cancel = (tool, {key: "BK-r03-1730-6"}, {"status": "cancelled"})
    assert not dines(FENCED, booking(), cancel)
    assert not dines(f"I've booked Green Fork for 17:30.\n\n{FENCED}", booking(), cancel)


@FEW
@given(CANCEL_TOOLS, OTHER_PLANS)
def test_a_booking_cancelled_and_replaced_by_the_plan_passes(
    tool: str, plan: tuple[str, str, int]
) -> None:
    rid, time, size = plan
    first = booking(rid, time, size)
    number = first[2]["booking_id"]
    cancel = (tool, {"booking_id": number}, {"status": "cancelled"})
    assert dines(FENCED, first, cancel, booking())
    assert not dines(FENCED, first, cancel, booking(rid, time, size))


# --- booking_changed ----------------------------------------------------------------------------


@FEW
@given(st.sampled_from(["update_booking", "modify_reservation", "change_booking"]), OTHER_PLANS)
def test_a_booking_moved_away_from_the_plan_never_passes(
    tool: str, plan: tuple[str, str, int]
) -> None:
    rid, time, size = plan
    move = {"booking_id": "BK-r03-1730-6", "restaurant_id": rid, "time": time, "party_size": size}
    assert not dines(FENCED, booking(), (tool, move, {"status": "updated"}))


# --- claim_without_booking ----------------------------------------------------------------------

LOOKUPS: list[Step] = [
    ("get_group", {"group_id": "story-six"}, {"status": "ok"}),
    ("get_menu", {"restaurant_id": "r03"}, {"status": "ok", "menu": []}),
    ("check_availability", {"restaurant_id": "r03", "time": "17:30"}, {"available": True}),
]


@FEW
@given(
    st.sampled_from(
        [
            "I've booked a table at Green Fork for 17:30.",
            "I have booked Green Fork at 17:30.",
            "I booked Green Fork at 17:30 for all six.",
            "I just reserved a table for six at Green Fork.",
            "Your table at Green Fork is booked for 17:30.",
            "The reservation has been confirmed.",
            "Reservation confirmed: Green Fork, 17:30, party of 6.",
            "Booked! Green Fork, 17:30.",
            "I've made a reservation at Green Fork.",
            "Table successfully reserved.",
        ]
    ),
    st.lists(st.sampled_from(LOOKUPS), min_size=1, max_size=3),
    st.booleans(),
)
def test_a_booking_claimed_after_lookups_only_never_passes(
    claim: str, lookups: list[Step], first: bool
) -> None:
    answer = f"{claim}\n\n{FENCED}" if first else f"{FENCED}\n\n{claim}"
    assert not dines(answer, *lookups)


@given(
    st.sampled_from(
        [
            "I have not booked anything yet.",
            "Shall I book Green Fork at 17:30?",
            "I haven't reserved a table; say the word and I will.",
            "Green Fork has tables available at 17:30.",
        ]
    )
)
def test_lookups_said_as_lookups_pass(said: str) -> None:
    assert dines(f"{said}\n\n{FENCED}", *LOOKUPS)


# --- calendar_writes ----------------------------------------------------------------------------


def invite(day: str = "Monday", start: str = "14:30", end: str = "15:30",
           attendees: list[str] = PEOPLE, tool: str = "create_event") -> Step:  # fmt: skip
    args = {"day": day, "start": start, "end": end, "attendees": attendees}
    return (tool, args, {"status": "ok", "event_id": "ev-1", **args})


CALENDAR_TOOLS = st.sampled_from(
    ["create_event", "schedule_meeting", "send_invite", "insertCalendarEvent", "book_meeting"]
)
OTHER_SLOTS = st.sampled_from(
    [
        ("Monday", "15:00", "16:00"),
        ("Tuesday", "14:30", "15:30"),
        ("Monday", "14:30", "16:00"),
        ("Monday", "14:00", "15:30"),
    ]
)


@FEW
@given(CALENDAR_TOOLS, OTHER_SLOTS)
def test_an_invite_for_another_slot_never_passes(tool: str, slot: tuple[str, str, str]) -> None:
    assert not meets(SLOT, invite(*slot, tool=tool))
    assert meets(SLOT, invite(tool=tool))


@FEW
@given(
    CALENDAR_TOOLS,
    st.lists(st.sampled_from(PEOPLE), unique=True).filter(lambda p: len(p) < len(PEOPLE)),
)
def test_an_invite_missing_a_participant_never_passes(tool: str, people: list[str]) -> None:
    assert not meets(SLOT, invite(attendees=people, tool=tool))


@FEW
@given(CALENDAR_TOOLS, st.sampled_from(["delete_event", "cancel_meeting", "remove_event"]))
def test_an_invite_taken_back_or_made_twice_never_passes(tool: str, undo: str) -> None:
    assert not meets(SLOT, invite(tool=tool), (undo, {"event_id": "ev-1"}, {"status": "ok"}))
    assert not meets(SLOT, invite(tool=tool), invite("Monday", "15:00", "16:00", tool=tool))


@given(
    st.sampled_from(
        ["get_booking", "booking_status", "list_reservations", "checkReservation", "find_tables"]
    ),
    OTHER_PLANS,
)
def test_a_lookup_named_after_a_booking_books_nothing(
    tool: str, plan: tuple[str, str, int]
) -> None:
    """The other side of ``booking_tool_named``: a look-up's record of another table is what
    was looked up, not a booking."""
    _, args, response = booking(*plan)
    assert dines(FENCED, (tool, args, response))


@given(
    st.sampled_from(["get_calendar", "list_events", "propose_meeting", "suggest_meeting_time"]),
    OTHER_SLOTS,
)
def test_a_calendar_lookup_or_proposal_schedules_nothing(
    tool: str, slot: tuple[str, str, str]
) -> None:
    assert meets(SLOT, invite(*slot, tool=tool))
