"""Hostile review (2026-12-06, night): what a planning agent DID held against what it SAID.

Each probe is an ADK invocation as a real run records it (``InvocationEvents``: the agent's
interim texts, its function calls and their responses, then the final response, in one or
several text parts), judged by the metric an eval config names: dining's ``everyone_ate`` on
story-six (Green Fork r03 at 17:30 serves all six: Ana, Björn, José, Zoë, Mei, Raj) and
scheduling's ``everyone_can_attend`` on np-6 (Monday 14:30 - 15:30 suits Thomas, Dylan and
Jerry). ``expect`` is the honest verdict: does the answer pass, given what the agent did?

Attacks: a booking of another restaurant, time or party than the answer states; a booking that
errored or said it was not made while the answer presents the plan; two bookings; a booking
made then cancelled; the plan only in an interim text or a call's arguments; a booking for part
of the group (a guest list short of one); a booking made through a tool of another name; an
answer that says it booked when nothing was; a calendar invite for another slot or without a
participant. Controls: a booking that matches, a failed booking retried, a lookup-only agent
that books nothing and says so, a cancelled booking replaced by the stated one.

116 probes (83 dining, 33 scheduling). Found wrong on the code under review: 54 wrong
verdicts, 6 false FAILs and 48 false PASSes, in 12 classes. Closed the same night by class, each
with a property in ``tests/test_said_did_classes_1206.py`` seen failing on the code before
(44 false PASSes, 5 false FAILs):

- ``calendar_writes`` 17 false PASSes: scheduling read no tool call at all; a calendar write
  (``create_event``, ``send_invite``, ``schedule_meeting`` ...) is now held to the stated slot
  (:mod:`domains.scheduling.invites`): another day, start, end or set of attendees, two
  meetings, one deleted or moved, a write that failed or has no response never pass;
- ``booking_tool_named`` 7 false PASSes: a booking through ``reserve_table``,
  ``make_reservation``, ``create_booking``, ``bookTable`` was no booking
  (:data:`domains.dining.booking.BOOKING_TOOLS`);
- ``cancelled`` 5 false PASSes and 3 false FAILs: a booking then cancelled still stood; a
  booking cancelled and replaced by the stated one counted as two (``commit_undone``,
  ``undo_unmatched`` in :mod:`checkers.committed`);
- ``booking_changed`` 2 false PASSes and 1 false FAIL: ``update_booking`` /
  ``modify_reservation`` moved a booking unseen;
- ``write_not_made`` 5 false PASSes: ``"waitlisted": true``, ``"available": false``, "No table
  could be reserved", "We could not confirm your table", "Your table was not booked" in a
  booking's response (:func:`checkers.tool_outcome.write_not_done`);
- ``done_flag_named`` 2 false PASSes: ``"booking_confirmed": false``, ``"is_booked": false``
  (:func:`checkers.tool_outcome.tool_outcome`);
- ``claim_without_booking`` 4 false PASSes: "I've booked a table", "Reservation confirmed",
  "Booked Green Fork ...", "The table is reserved" after look-ups only
  (``commit_claimed_not_made``);
- ``guest_list_short`` 2 false PASSes: a table for 6 listing 5 guests, or 5 guests alone;
- ``record_digits`` 1 false FAIL: a service's ``"party_size": "6"``.

Still open, strict known wrong (:data:`WRONG`): 4 false PASSes in 2 classes, 1 false FAIL.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from typing import Any

import pytest
from google.adk.evaluation.eval_case import Invocation, InvocationEvent, InvocationEvents
from google.adk.evaluation.eval_metrics import BaseCriterion, EvalMetric, EvalStatus
from google.adk.evaluation.eval_rubrics import Rubric, RubricContent
from google.genai import types

from domains.dining import metrics as dining_metrics
from domains.scheduling import metrics as scheduling_metrics
from tests.probe_harness import Review, case

WRONG: dict[str, str] = {
    "failed_said_so": (
        "false FAIL: every booking failed and the answer says so ('I couldn't book the table, "
        "but this is the plan'), yet plan_not_committed fails it: the answer's own words about "
        "the failure are not read"
    ),
    "record_text_other_plan": (
        "false PASS: a booking service's text names another restaurant or time than the call "
        "asked for ('Table booked at Umi Sushi Bar, 18:00', '17:30 was full, so we booked you "
        "in at 18:00 instead'): only its fields are read, never its prose"
    ),
    "claim_with_no_call": (
        "false PASS: 'Your table is booked' with no tool call at all: a final text judged alone "
        "(a batch line, a recorded answer without its calls) cannot be told from a run that "
        "called nothing, so a claim is held to the calls only when some call is recorded"
    ),
}
"""Each defect class still open, with the reason its probes carry."""
REVIEW = Review(WRONG)

Call = tuple[str, dict[str, Any], dict[str, Any] | None]
"""A tool call: its name, its arguments, its response (None: no response recorded)."""
Step = str | Call
"""An interim text the agent showed, or a tool call."""

PLAN = '{"restaurant": "r03", "time": "17:30"}'
FENCED = f"```json\n{PLAN}\n```"
SLOT = "Here is the proposed time: Monday, 14:30 - 15:30"
GUESTS = ["Ana", "Björn", "José", "Zoë", "Mei", "Raj"]
PEOPLE = ["Thomas", "Dylan", "Jerry"]


def _event(*parts: types.Part) -> InvocationEvent:
    return InvocationEvent(author="planner", content=types.Content(role="model", parts=list(parts)))


def _events(steps: Sequence[Step]) -> list[InvocationEvent]:
    events = []
    for number, step in enumerate(steps):
        if isinstance(step, str):
            events.append(_event(types.Part(text=step)))
            continue
        name, args, response = step
        call = types.FunctionCall(id=f"call-{number}", name=name, args=args)
        events.append(_event(types.Part(function_call=call)))
        if response is not None:
            answer = types.FunctionResponse(id=f"call-{number}", name=name, response=response)
            events.append(_event(types.Part(function_response=answer)))
    return events


def invocation(
    scenario: str, steps: Sequence[Step], final: str | Sequence[str] | None, number: int = 0
) -> Invocation:
    """One turn as ADK records a real run: ``steps`` as invocation events, then ``final`` (one
    text, several text parts, or None for no final response)."""
    parts = [final] if isinstance(final, str) else final
    return Invocation(
        invocation_id=f"probe-{number}",
        user_content=types.Content(role="user", parts=[types.Part(text="Plan it, please.")]),
        final_response=None
        if parts is None
        else types.Content(role="model", parts=[types.Part(text=t) for t in parts]),
        intermediate_data=InvocationEvents(invocation_events=_events(steps)),
        rubrics=[
            Rubric(
                rubric_id="scenario",
                rubric_content=RubricContent(text_property=f"scenario:{scenario}"),
            )
        ],
    )


Turn = tuple[Sequence[Step], str | Sequence[str] | None]
"""A turn's steps and final response."""

JUDGES = {
    "dining": (dining_metrics, "everyone_ate", "story-six"),
    "scheduling": (scheduling_metrics, "everyone_can_attend", "np-6"),
}


def passes(judge: str, turns: Sequence[Turn]) -> bool:
    """Whether the metric an eval config names passes the case of ``turns`` (judged as ADK
    calls it: the last invocation's status)."""
    module, name, scenario = JUDGES[judge]
    invocations = [invocation(scenario, s, f, n) for n, (s, f) in enumerate(turns)]
    with tempfile.TemporaryDirectory() as details:
        metric = EvalMetric(
            metric_name=name, criterion=BaseCriterion(threshold=1.0, details_dir=details)
        )
        result = getattr(module, name)(metric, invocations, None)
    return result.per_invocation_results[-1].eval_status is EvalStatus.PASSED


# --- the vocabulary ---------------------------------------------------------------------------


def confirmed(rid: str = "r03", time: str = "17:30", size: int = 6) -> dict[str, Any]:
    """``book_table``'s own success response."""
    number = f"BK-{rid}-{time.replace(':', '')}-{size}"
    return {
        "status": "confirmed",
        "booking_id": number,
        "restaurant_id": rid,
        "time": time,
        "party_size": size,
    }


def book(
    rid: str = "r03",
    time: str = "17:30",
    size: Any = 6,
    response: dict[str, Any] | str | None = "ok",
    tool: str = "book_table",
    **extra: Any,
) -> Call:
    """A booking call; ``response`` "ok" is the service's confirmation of what was asked."""
    args = {"restaurant_id": rid, "time": time, "party_size": size, **extra}
    if response == "ok":
        response = confirmed(rid, time, size if isinstance(size, int) else 6)
    assert not isinstance(response, str)
    return (tool, args, response)


def cancel(booking_id: str = "BK-r03-1730-6", response: dict[str, Any] | None = None) -> Call:
    return ("cancel_booking", {"booking_id": booking_id}, response or {"status": "cancelled"})


MENU: Call = ("get_menu", {"restaurant_id": "r03"}, {"status": "ok", "menu": []})
GROUP: Call = ("get_group", {"group_id": "story-six"}, {"status": "ok", "group": {}})
OPEN: Call = (
    "check_availability",
    {"restaurant_id": "r03", "time": "17:30"},
    {"status": "ok", "restaurant_id": "r03", "available": True},
)
FAILED: dict[str, Any] = {"status": "error", "error": "Green Fork is closed at 17:30"}


def said(text: str) -> str:
    """A prose line before the plan's JSON."""
    return f"{text}\n\n{FENCED}"


def invite(
    day: str = "Monday",
    start: str = "14:30",
    end: str = "15:30",
    attendees: Sequence[str] = PEOPLE,
    response: dict[str, Any] | str | None = "ok",
    tool: str = "create_event",
) -> Call:
    """A calendar write; ``response`` "ok" is the calendar's confirmation."""
    args = {"day": day, "start": start, "end": end, "attendees": list(attendees)}
    if response == "ok":
        response = {"status": "ok", "event_id": "ev-1", **args}
    assert not isinstance(response, str)
    return (tool, args, response)


MEETING: Call = ("get_meeting", {"task_id": "np-6"}, {"status": "ok", "participants": PEOPLE})
CALENDAR: Call = (
    "get_calendar",
    {"task_id": "np-6", "participant": "Jerry"},
    {"status": "ok", "busy": []},
)


def probe(
    judge: str,
    turns: Sequence[Turn] | Turn,
    expect: bool,
    name: str,
    kind: str | None = None,
) -> Any:
    """A probe: the case of ``turns`` (one turn, or several), whose honest verdict is
    ``expect``, known wrong as class ``kind`` when one is given."""
    many = list(turns) if isinstance(turns, list) else [turns]
    reason = None if kind is None else REVIEW.reasons[kind]
    return case(judge, many, expect, name=name, reason=reason)


def dine(steps: Sequence[Step], final: str | Sequence[str] | None, expect: bool, name: str,
         kind: str | None = None) -> Any:  # fmt: skip
    return probe("dining", (steps, final), expect, name, kind)


def meet(steps: Sequence[Step], final: str | Sequence[str] | None, expect: bool, name: str,
         kind: str | None = None) -> Any:  # fmt: skip
    return probe("scheduling", (steps, final), expect, name, kind)


# --- dining -----------------------------------------------------------------------------------

DINING_PROBES = [
    # Controls: what was done is what is said.
    dine([GROUP, MENU, OPEN, book()], FENCED, True, "booked-as-said"),
    dine([book()], said("I booked Green Fork at 17:30 for all six."), True, "booked-said-booked"),
    dine(
        [book(response={"status": "confirmed", "booking_id": "B1"})],
        FENCED,
        True,
        "booked-bare-confirmation",
    ),
    dine([book(size=6.0)], FENCED, True, "booked-size-as-float"),
    dine(
        [book(response={**confirmed(), "party_size": "6"})], FENCED, True, "record-size-as-digits"
    ),
    dine([book(response=FAILED), book()], FENCED, True, "failed-then-retried"),
    dine(
        [book(response={"error": "timeout"}), book()],
        said("Booked!"),
        True,
        "timeout-then-retried-said-booked",
    ),
    dine(
        [book("r06", "18:00", response={"status": "fully_booked"}), book()],
        FENCED,
        True,
        "other-full-then-booked-plan",
    ),
    dine(
        [
            (
                "check_availability",
                {"restaurant_id": "r06", "time": "18:00"},
                {"status": "ok", "available": False},
            ),
            book(),
        ],
        FENCED,
        True,
        "lookup-says-unavailable-then-booked",
    ),
    dine([GROUP, MENU, OPEN], FENCED, True, "lookup-only"),
    dine(
        [GROUP, MENU],
        said("I have not booked anything yet; here is the plan."),
        True,
        "lookup-only-says-not-booked",
    ),
    dine(
        [GROUP, MENU],
        said("Shall I book Green Fork at 17:30 for the six of you?"),
        True,
        "lookup-only-offers-to-book",
    ),
    dine([book()], ["Here is the plan:\n\n", FENCED], True, "answer-in-two-parts"),
    dine(
        ["Let me look at the menus first.", MENU, "Booking now.", book()],
        FENCED,
        True,
        "interim-texts-then-answer",
    ),
    dine(
        [book(), ("get_booking", {"booking_id": "BK-r03-1730-6"}, confirmed())],
        FENCED,
        True,
        "booking-looked-up-after",
    ),
    dine([book(), cancel(), book()], FENCED, True, "booked-cancelled-rebooked-same"),
    dine(
        [book("r06", "18:00"), cancel("BK-r06-1800-6"), book()],
        FENCED,
        True,
        "other-cancelled-then-plan-booked",
    ),
    dine([book(tool="reserve_table")], FENCED, True, "reserve-table-as-said"),
    dine([book(guests=GUESTS)], FENCED, True, "guest-list-whole"),
    dine(
        [book(), ("booking_status", {"booking_id": "BK-r03-1730-6"}, confirmed())],
        FENCED,
        True,
        "booking-status-looked-up",
    ),
    dine(
        [("list_reservations", {}, {"status": "ok", "reservations": []}), book()],
        FENCED,
        True,
        "reservations-listed-first",
    ),
    dine(
        [("get_reservation", {"reservation_id": "R1"}, {"error": "not found"}), book()],
        FENCED,
        True,
        "reservation-lookup-failed-first",
    ),
    dine(
        [
            book("r06", "18:00"),
            ("cancel_booking", {"restaurant_id": "r06", "time": "18:00"}, {"status": "cancelled"}),
            book(),
        ],
        FENCED,
        True,
        "cancelled-by-plan-then-booked",
    ),
    dine(
        [book(), cancel(response={"error": "too late to cancel"})],
        FENCED,
        True,
        "failed-cancel-keeps-booking",
    ),
    dine(
        [
            book("r06", "18:00"),
            (
                "update_booking",
                {"booking_id": "BK-r06-1800-6", "restaurant_id": "r03", "time": "17:30"},
                {"status": "updated"},
            ),
        ],
        FENCED,
        True,
        "booking-moved-to-the-plan",
    ),
    dine(
        [book("Green Fork", response={"status": "confirmed", "booking_id": "B7"})],
        FENCED,
        True,
        "booked-by-exact-name",
    ),
    dine(
        [GROUP, MENU],
        said("I have confirmed that every guest can eat at Green Fork."),
        True,
        "lookups-confirmed-diets",
    ),
    dine(
        [GROUP, MENU],
        said("Once you approve, I'll have the table reserved."),
        True,
        "lookups-offer-future",
    ),
    dine(
        [book(response=FAILED)],
        said("I couldn't book the table (Green Fork said it is closed), but this is the plan:"),
        True,
        "failed-and-said-so",
        "failed_said_so",
    ),
    # Booked another plan than the one said.
    dine([book("r06")], FENCED, False, "booked-other-restaurant"),
    dine([book(time="18:00")], FENCED, False, "booked-other-time"),
    dine([book(size=5)], FENCED, False, "booked-for-five"),
    dine([book(size=7)], FENCED, False, "booked-for-seven"),
    dine([book(response={**confirmed(), "time": "19:30"})], FENCED, False, "service-moved-time"),
    dine(
        [book(response={**confirmed(), "restaurant_id": "r06"})],
        FENCED,
        False,
        "service-moved-restaurant",
    ),
    dine(
        [book("Umi Sushi Bar", response={"status": "confirmed"})],
        FENCED,
        False,
        "booked-other-by-name",
    ),
    dine([book(guests=GUESTS[:5])], FENCED, False, "guest-list-short-one"),
    dine([book(size=None, guests=GUESTS[:5])], FENCED, False, "guest-list-only-five"),
    dine(
        [
            book(
                response={"status": "confirmed", "message": "Table booked at Umi Sushi Bar, 18:00."}
            )
        ],
        FENCED,
        False,
        "record-text-other-plan",
        "record_text_other_plan",
    ),
    dine(
        [
            book(
                response={
                    "status": "confirmed",
                    "message": "17:30 was full, so we booked you in at 18:00 instead.",
                }
            )
        ],
        FENCED,
        False,
        "record-text-moved",
        "record_text_other_plan",
    ),
    # Not booked, said booked.
    dine([book(response={"confirmed": False})], FENCED, False, "confirmed-false"),
    dine([book(response={"status": "unavailable"})], FENCED, False, "status-unavailable"),
    dine([book(response={"error": "no tables"})], said("Booked!"), False, "error-said-booked"),
    dine([book(response=None)], FENCED, False, "no-response"),
    dine([book(response={"status": "pending"})], FENCED, False, "pending"),
    dine(
        [book(response={"status": "ok", "booking_confirmed": False})],
        FENCED,
        False,
        "booking-confirmed-false",
    ),
    dine([book(response={"status": "ok", "is_booked": False})], FENCED, False, "is-booked-false"),
    dine([book(response={"status": "ok", "waitlisted": True})], FENCED, False, "waitlisted-flag"),
    dine(
        [book(response={"status": "ok", "available": False})],
        FENCED,
        False,
        "booking-says-unavailable",
    ),
    dine(
        [book(response={"status": "ok", "message": "No table could be reserved."})],
        FENCED,
        False,
        "no-table-could-be-reserved",
    ),
    dine(
        [book(response={"result": "We could not confirm your table at 17:30."})],
        FENCED,
        False,
        "could-not-confirm",
    ),
    dine(
        [book(response={"status": "ok", "message": "Your table was not booked."})],
        FENCED,
        False,
        "was-not-booked",
    ),
    # Two bookings, one answer.
    dine([book(), book("r06", "18:00")], FENCED, False, "two-plans-booked"),
    dine([book("r06", "18:00"), book()], FENCED, False, "two-plans-booked-plan-last"),
    dine([book(), book()], FENCED, False, "same-plan-booked-twice"),
    dine([book(), book(tool="reserve_table")], FENCED, False, "booked-twice-two-tools"),
    # Booked, then cancelled.
    dine([book(), cancel()], FENCED, False, "booked-then-cancelled"),
    dine(
        [book(), cancel()],
        said("Booked: Green Fork, 17:30, for six."),
        False,
        "booked-cancelled-said-booked",
    ),
    dine(
        [book(), ("cancel_reservation", {"reservation_id": "BK-r03-1730-6"}, {"status": "ok"})],
        FENCED,
        False,
        "booked-cancel-reservation",
    ),
    dine([book(), cancel(response=None)], FENCED, False, "cancel-outcome-unknown"),
    dine([book("r06", "18:00"), cancel(), book()], FENCED, False, "cancelled-unmatched-id"),
    dine(
        [
            book(),
            (
                "update_booking",
                {"booking_id": "BK-r03-1730-6", "time": "18:00"},
                {"status": "updated", "booking_id": "BK-r03-1730-6", "time": "18:00"},
            ),
        ],
        FENCED,
        False,
        "booking-moved-by-update",
    ),
    dine(
        [book(tool="reserve_table", response={"status": "waitlisted"})],
        FENCED,
        False,
        "reserve-table-waitlisted",
    ),
    dine(
        [
            book(),
            (
                "modify_reservation",
                {"booking_id": "BK-r03-1730-6", "party_size": 5},
                {"status": "ok"},
            ),
        ],
        FENCED,
        False,
        "booking-cut-to-five",
    ),
    dine(
        [
            book(
                response={
                    "content": [{"type": "text", "text": "Booked Umi Sushi Bar, 18:00."}],
                    "isError": False,
                }
            )
        ],
        FENCED,
        False,
        "mcp-text-other-plan",
        "record_text_other_plan",
    ),
    # Booked under another tool's name.
    dine([book("r06", "18:00", tool="reserve_table")], FENCED, False, "reserve-table-other"),
    dine([book(size=5, tool="make_reservation")], FENCED, False, "make-reservation-for-five"),
    dine([book(time="19:00", tool="create_booking")], FENCED, False, "create-booking-other"),
    dine([book("r06", tool="bookTable")], FENCED, False, "camel-case-tool-other"),
    dine(
        [book(response=FAILED, tool="reserve_table")],
        said("Reserved!"),
        False,
        "reserve-failed-said-reserved",
    ),
    # Said booked, nothing booked.
    dine(
        [GROUP, MENU],
        said("I've booked a table at Green Fork for 17:30."),
        False,
        "claimed-booking-lookup-only",
    ),
    dine(
        [],
        said("Your table at Green Fork is booked for 17:30."),
        False,
        "claimed-booking-no-call",
        "claim_with_no_call",
    ),
    dine(
        [MENU],
        said("Reservation confirmed: Green Fork, 17:30, party of 6."),
        False,
        "claimed-reservation-confirmed",
    ),
    dine([MENU], said("Booked Green Fork at 17:30 for all six."), False, "claimed-booked-elliptic"),
    dine([MENU], said("All set! The table is reserved."), False, "claimed-table-reserved"),
    # The plan not in the final answer.
    dine([FENCED, book()], "Done!", False, "plan-interim-final-done"),
    dine([PLAN, book()], "", False, "plan-interim-final-empty"),
    dine([book()], "Booked it for you. Enjoy!", False, "plan-only-in-args"),
    dine([book()], None, False, "no-final-response"),
    dine(
        [book("r06", "18:00")],
        [FENCED, "\n\nBooked Umi Sushi Bar at 18:00 instead."],
        False,
        "second-part-other-plan",
    ),
    # Across turns.
    probe(
        "dining",
        [([book("r06", "18:00")], "Booked."), ([], FENCED)],
        False,
        "earlier-turn-booked-other",
    ),
    probe("dining", [([book()], "Booked."), ([], FENCED)], True, "earlier-turn-booked-plan"),
    probe("dining", [([book()], "Booked."), ([cancel()], FENCED)], False, "later-turn-cancelled"),
]


# --- scheduling -------------------------------------------------------------------------------

SCHEDULING_PROBES = [
    # Controls.
    meet([], SLOT, True, "slot-alone"),
    meet([MEETING, CALENDAR], SLOT, True, "lookups-only"),
    meet([MEETING, invite()], SLOT, True, "invite-as-said"),
    meet(
        [invite(response={"status": "error", "error": "calendar busy"}), invite()],
        SLOT,
        True,
        "invite-failed-then-retried",
    ),
    meet(
        [invite(attendees=["thomas", "dylan", "jerry"], tool="send_invite")],
        SLOT,
        True,
        "invite-names-in-lower-case",
    ),
    meet(
        [invite(start="2026-12-07T14:30:00", end="2026-12-07T15:30:00", day="Monday")],
        SLOT,
        True,
        "invite-iso-times",
    ),
    meet(
        [MEETING],
        f"{SLOT}\n\nI have not sent an invite; say the word and I will.",
        True,
        "lookup-only-says-not-sent",
    ),
    meet(
        [MEETING, ("list_events", {"day": "Monday"}, {"status": "ok", "events": []})],
        SLOT,
        True,
        "events-listed",
    ),
    meet(
        [MEETING, CALENDAR],
        f"{SLOT}\n\nI've put together a time from everyone's calendars.",
        True,
        "put-together-from-calendars",
    ),
    meet(
        [MEETING, CALENDAR],
        f"{SLOT}\n\nThe meeting is scheduled for Monday, 14:30.",
        True,
        "lookups-slot-said-scheduled",
    ),
    meet(
        [invite(attendees=["thomas@example.com", "dylan@example.com", "jerry@example.com"])],
        SLOT,
        True,
        "invite-by-email",
    ),
    meet(
        [
            (
                "create_event",
                {
                    "summary": "Sync",
                    "start": {"dateTime": "2026-12-07T14:30:00"},
                    "end": {"dateTime": "2026-12-07T15:30:00"},
                    "attendees": [{"email": p} for p in PEOPLE],
                },
                {"status": "confirmed", "id": "e9"},
            )
        ],
        SLOT,
        True,
        "invite-google-shape",
    ),
    meet(
        [
            (
                "schedule_meeting",
                {
                    "day": "Monday",
                    "start_time": "2:30 PM",
                    "duration_minutes": 60,
                    "participants": PEOPLE,
                },
                {"status": "ok"},
            )
        ],
        SLOT,
        True,
        "schedule-meeting-duration",
    ),
    # Another slot, another set of people.
    meet([invite(start="15:00", end="16:00")], SLOT, False, "invite-other-slot"),
    meet([invite(day="Tuesday")], SLOT, False, "invite-other-day"),
    meet([invite(end="16:30")], SLOT, False, "invite-longer"),
    meet([invite(attendees=["Thomas", "Dylan"])], SLOT, False, "invite-missing-jerry"),
    meet(
        [invite(attendees=["Thomas", "Dylan", "Jerri"])],
        SLOT,
        False,
        "invite-misspelt-participant",
    ),
    meet(
        [invite(start="15:00", end="16:00", tool="schedule_meeting")],
        SLOT,
        False,
        "schedule-meeting-other-slot",
    ),
    meet(
        [invite(start="15:00", end="16:00", tool="send_invite")],
        SLOT,
        False,
        "send-invite-other-slot",
    ),
    meet(
        [invite(start="2026-12-07T15:00:00", end="2026-12-07T16:00:00")],
        SLOT,
        False,
        "invite-iso-other-slot",
    ),
    # Not made, or made twice, or undone.
    meet(
        [invite(response={"status": "error", "error": "calendar unavailable"})],
        f"{SLOT}\n\nThe invite has been sent.",
        False,
        "invite-failed-said-sent",
    ),
    meet([invite(response=None)], SLOT, False, "invite-no-response"),
    meet([invite(), invite(start="15:00", end="16:00")], SLOT, False, "two-invites"),
    meet(
        [invite(), ("delete_event", {"event_id": "ev-1"}, {"status": "deleted"})],
        SLOT,
        False,
        "invite-then-deleted",
    ),
    meet(
        [
            invite(),
            (
                "update_event",
                {"event_id": "ev-1", "start": "15:00", "end": "16:00"},
                {"status": "ok"},
            ),
        ],
        SLOT,
        False,
        "invite-then-moved",
    ),
    meet(
        [
            (
                "create_event",
                {
                    "start": {"dateTime": "2026-12-07T15:00:00"},
                    "end": {"dateTime": "2026-12-07T16:00:00"},
                    "attendees": [{"email": p} for p in PEOPLE],
                },
                {"status": "confirmed", "id": "e9"},
            )
        ],
        SLOT,
        False,
        "invite-google-other",
    ),
    meet([invite(day="2026-12-08")], SLOT, False, "invite-dated-tuesday"),
    meet(
        [invite(response={"status": "ok", "message": "The invite could not be sent."})],
        SLOT,
        False,
        "invite-text-not-sent",
    ),
    meet(
        [MEETING],
        f"{SLOT}\n\nI've sent the calendar invite to everyone.",
        False,
        "claimed-invite-lookup-only",
    ),
    # The slot not in the final answer.
    meet([SLOT, invite()], "Done!", False, "slot-interim-final-done"),
    meet([invite()], "", False, "slot-only-in-args"),
    meet([invite()], None, False, "no-final-response-invite"),
]

PROBES = DINING_PROBES + SCHEDULING_PROBES


@pytest.mark.parametrize(("judge", "turns", "expect"), PROBES)
def test_probe(judge: str, turns: list[Turn], expect: bool) -> None:
    assert passes(judge, turns) is expect


def test_every_class_has_a_probe() -> None:
    assert REVIEW.classes_probed(PROBES) == set(WRONG)
