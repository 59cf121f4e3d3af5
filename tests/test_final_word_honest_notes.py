"""Honest notes around the plan that the final-answer readers read as a denial, a second plan
or a plan for part of the group (false-FAIL classes of
``tests/test_review_probes_planning_1206.py``), beside the near-miss forms that must still fail.

- ``agent_cannot_book``: the agent saying it cannot do the booking itself denies no plan
  (:func:`checkers.final_word._agent_cannot`): a capability ("I can't book it for you", "I'm not
  able to book tables", "I cannot reserve it directly") said for the user, of bookings in
  general or with the booking handed to the user ("..., so please call them"), or any tense in
  a sentence saying the agent has no means to book ("I don't have a booking tool, so I
  couldn't reserve the table"). A past attempt with no such words ("I couldn't book it", "We
  couldn't book Green Fork for you") is a booking that failed, and "I can't book 17:30 for
  you" names the time as the matter: both still deny the plan, as does a bad state beside the
  inability ("I can't book it for you: Green Fork is fully booked").
- ``another_restaurant_leaves_someone_out``: "leaves out Ana", "fits everyone except José",
  "Ana has nothing to eat", "works for 5 of the 6" said of another restaurant or time (the last
  plan part named before them in their sentence) give a reason for the plan
  (``domains.dining.judge._said_of_another``); said of the plan's own part, of "this plan", of
  nothing named, or of another plan "and so does Green Fork", the plan is for part of the group.
- ``time_of_something_else``: an event's time ("Happy hour runs 16:00-18:00", "Sunset is
  around 19:45"), someone's own engagement ("his 21:00 commitment") and an arrival shortly
  before the plan's start ("Arrive around 17:15 to get settled") are no plan's time
  (:func:`checkers.final_word._time_of_something_else`); offered ("Happy hour at 16:00 would
  also work") or an arrival long after the start ("Arrive around 19:00"), they are.
- ``plan_time_in_relative_or_12_hour_words``: a bare clock time opening a range a 12-hour time
  closes is of the same half of the day ("Dinner runs 5:30-7:30 pm"), and a relative time
  measured from the request describes the plan ("That's 5:30 pm, two hours earlier than you
  asked"); offered ("an hour later than you asked would also work"), it is another plan.
- ``turned_away_in_unread_words_before``: a table's column of issues ("| Option | Time | Issue
  |") sets aside each row naming one, before the JSON or after it
  (:func:`checkers.final_word._issue_in_its_column`); a row with no issue ("-") or a cell that
  still offers ("pricier, but also works") stays a plan offered.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_review_probes_planning_1205 import dining, slot
from tests.test_review_probes_planning_1206 import after, after_slot, before

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- agent_cannot_book ------------------------------------------------------------------------

AGENT = ["I", "Unfortunately I", "Sadly, I", "Just so you know, I"]
CANNOT_NOW = ["can't", "cannot", "am not able to", "'m not able to", "am unable to"]
BOOK = [
    "book",
    "reserve",
    "make the reservation for",
    "make a booking for",
    "call the restaurant to book",
    "secure",
]
OBJECTS = ["it", "this", "the table", "Green Fork", "the reservation", "a table at Green Fork"]
FOR_THE_USER = [
    " for you",
    " directly",
    " on your behalf",
    " myself",
    " from here",
    " for you here",
]
CANNOT_THEN = ["couldn't", "could not", "wasn't able to", "didn't"]
NO_MEANS = [
    "I don't have a booking tool",
    "I don't have booking access",
    "I don't have access to their reservation system",
    "I have no way to book",
    "I don't have the ability to make reservations",
    "there's no booking tool available to me, and I have no access",
]
HANDOFFS = [
    "please call them",
    "you'll need to book it yourself",
    "you can call them at 555-0142",
    "their number is on their site",
    "I'd suggest calling them",
]
ENDS = ["", " to confirm", " when you can", " before 17:00"]


def _agent_phrase(agent: str, cannot: str) -> str:
    return f"{agent}{cannot}" if cannot.startswith("'") else f"{agent} {cannot}"


def _joined(book: str, obj: str) -> str:
    return f"{book} {obj}" if not book.endswith(" for") else f"{book[: -len(' for')]} for {obj}"


@SETTINGS
@given(
    agent=st.sampled_from(AGENT),
    cannot=st.sampled_from(CANNOT_NOW),
    book=st.sampled_from(BOOK),
    obj=st.sampled_from(OBJECTS),
    service=st.sampled_from(FOR_THE_USER),
    handoff=st.sampled_from(["", *HANDOFFS]),
)
def test_the_agent_unable_to_book_for_the_user_keeps_the_pass(
    agent: str, cannot: str, book: str, obj: str, service: str, handoff: str
) -> None:
    said = f"{_agent_phrase(agent, cannot)} {_joined(book, obj)}{service}"
    text = f"{said}, so {handoff}." if handoff else f"{said}."
    assert dining(after(text)), text
    assert dining(before(text)), text


@SETTINGS
@given(
    agent=st.sampled_from(AGENT),
    cannot=st.sampled_from(CANNOT_NOW),
    book=st.sampled_from(BOOK),
    obj=st.sampled_from(OBJECTS),
    handoff=st.sampled_from(HANDOFFS),
)
def test_the_agent_unable_to_book_with_the_booking_handed_over_keeps_the_pass(
    agent: str, cannot: str, book: str, obj: str, handoff: str
) -> None:
    text = f"{_agent_phrase(agent, cannot)} {_joined(book, obj)}, but {handoff}."
    assert dining(after(text)), text


@SETTINGS
@given(
    agent=st.sampled_from(["I", "Unfortunately I"]),
    cannot=st.sampled_from([*CANNOT_THEN, *CANNOT_NOW]),
    book=st.sampled_from(BOOK),
    obj=st.sampled_from(OBJECTS),
    means=st.sampled_from(NO_MEANS),
    means_first=st.booleans(),
    end=st.sampled_from(ENDS),
)
def test_any_tense_beside_no_means_to_book_keeps_the_pass(
    agent: str, cannot: str, book: str, obj: str, means: str, means_first: bool, end: str
) -> None:
    inability = f"{_agent_phrase(agent, cannot)} {_joined(book, obj)}"
    if means_first:
        text = f"{means}, so {inability[0].lower()}{inability[1:]}{end}."
    else:
        text = f"{inability}{end}, since {means}."
    assert dining(after(text)), text


@SETTINGS
@given(
    agent=st.sampled_from(["I", "We", "Unfortunately I", "Unfortunately we"]),
    cannot=st.sampled_from(CANNOT_THEN),
    book=st.sampled_from(BOOK),
    obj=st.sampled_from(OBJECTS),
    tail=st.sampled_from(["", " for you", " at 17:30", " for 17:30", " for six"]),
    handoff=st.sampled_from(["", ", so please call them"]),
)
def test_a_past_attempt_that_failed_still_denies_the_plan(
    agent: str, cannot: str, book: str, obj: str, tail: str, handoff: str
) -> None:
    """With no words saying the agent has no means to book, "couldn't" may be a booking that
    failed: fail closed. (A call that failed is no booking that failed: not read.)"""
    if book.startswith(("call", "secure")):
        book = "book"
    text = f"{_agent_phrase(agent, cannot)} {_joined(book, obj)}{tail}{handoff}."
    assert not dining(after(text)), text


@SETTINGS
@given(
    agent=st.sampled_from(AGENT),
    cannot=st.sampled_from(CANNOT_NOW),
    book=st.sampled_from(BOOK),
    obj=st.sampled_from(OBJECTS),
    service=st.sampled_from(FOR_THE_USER),
    state=st.sampled_from(
        [
            "Green Fork is fully booked at 17:30",
            "they're full",
            "the restaurant is closed tonight",
            "17:30 is taken",
        ]
    ),
)
def test_a_bad_state_beside_the_inability_still_denies_the_plan(
    agent: str, cannot: str, book: str, obj: str, service: str, state: str
) -> None:
    text = f"{_agent_phrase(agent, cannot)} {_joined(book, obj)}{service}: {state}."
    assert not dining(after(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "I can't book it.",
        "I can't book 17:30 for you.",
        "I can't book Green Fork for you at 17:30.",
        "I couldn't book it for you.",
        "We couldn't book it for you.",
        "I couldn't book Green Fork, so please call them.",
        "I couldn't get a table at Green Fork at 17:30.",
        "I wasn't able to book it.",
        "We did not book Green Fork.",
        "I can't book it for you — they're full.",
        "I can't book Green Fork for you; they have no tables at 17:30.",
        "Unfortunately I can't reserve it directly because they're closed tonight.",
        "I'm not able to book it for you since it's not available.",
        "I can't confirm the booking for you, the restaurant declined it.",
        "I don't have a booking tool. I couldn't get a table at 17:30.",
        "I can't book it for you. It's fully booked.",
        "We don't have access to the patio, so we couldn't book the table.",
    ],
)
def test_denials_in_the_first_person(text: str) -> None:
    assert not dining(after(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "I can't schedule it for you, so please send the invite yourself.",
        "I can't send calendar invites directly.",
        "I'm unable to schedule the meeting for you.",
        "I don't have calendar access, so I couldn't send the invite.",
    ],
)
def test_the_agent_unable_to_schedule_keeps_the_slot(text: str) -> None:
    assert slot(after_slot(text)), text


def test_a_failed_scheduling_attempt_still_denies_the_slot() -> None:
    assert not slot(after_slot("I couldn't schedule it."))


# --- another_restaurant_leaves_someone_out ----------------------------------------------------

OTHERS = ["Ember & Oak", "Ember & Oak at 19:30", "Marigold", "Marigold at 19:00", "Umi Sushi Bar"]
LEFT_OUT = [
    "leaves out Ana, Björn and José",
    "would leave out José",
    "fits everyone except José",
    "works for everyone but Mei",
    "suits all of you except Raj",
    "works for 5 of the 6 of you",
    "serves only four of the six",
]
SHAPES = [
    "{other} {left}.",
    "Since {other} {left}, here's what works:",
    "For comparison, {other} {left}.",
    "Green Fork at 17:30 suits all six, unlike {other}, which {left}.",
    "- {other} → {left}",
    "{other} {left}, so Green Fork at 17:30 is the pick.",
]


@SETTINGS
@given(other=st.sampled_from(OTHERS), left=st.sampled_from(LEFT_OUT), shape=st.sampled_from(SHAPES))
def test_another_plan_leaving_someone_out_keeps_the_pass(other: str, left: str, shape: str) -> None:
    text = shape.format(other=other, left=left)
    # After the JSON, "works for" / "suits" name a plan as working: a second plan whoever it
    # leaves out (fail closed), so those are read before the JSON only.
    offers = left.startswith(("works", "suits", "serves"))
    if not offers:
        assert dining(after(text)), text
    if not shape.startswith("-") or not offers:
        assert dining(before(text)) or offers, text


@SETTINGS
@given(
    other=st.sampled_from(["Ember & Oak", "Marigold at 19:00"]),
    guest=st.sampled_from(["Ana", "Björn"]),
)
def test_a_guest_with_nothing_to_eat_at_another_plan_keeps_the_pass(other: str, guest: str) -> None:
    text = f"- {other} → {guest} has nothing to eat\n- Green Fork, 17:30 → everyone is covered"
    assert dining(before(text)), text


@SETTINGS
@given(
    own=st.sampled_from(["Green Fork", "Green Fork at 17:30", "This plan", "It", "Our booking"]),
    left=st.sampled_from(LEFT_OUT),
    lead=st.sampled_from(["", "Unlike Ember & Oak, ", "Sadly, ", "Compared with Marigold, "]),
)
def test_the_plan_leaving_someone_out_still_fails(own: str, left: str, lead: str) -> None:
    """(After "Marigold is nicer, but", "it" is Marigold: the plan is named to be the subject.)"""
    subject = own if not lead or own.startswith("Green Fork") else own[0].lower() + own[1:]
    text = f"{lead}{subject} {left}."
    assert not dining(after(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "Ember & Oak leaves out Ana, and so does Green Fork.",
        "Ember & Oak and Green Fork both leave out Ana.",
        "Ember & Oak leaves out Ana. Green Fork leaves out José.",
        "Green Fork works, but the dinner would run past 21:00, which leaves out José.",
        "| Green Fork | 17:30 | leaves out José |",
        "Ember & Oak is nicer, but this plan leaves out José.",
        "Sadly Green Fork, like Marigold at 19:00, leaves out José.",
        "Unlike Ember & Oak at 19:30, it leaves out José.",
        "Green Fork is 2 km closer than Ember & Oak but leaves out José.",
        "Green Fork (unlike Ember & Oak) leaves out José.",
        # a guest not coming is absent from the dinner, whatever restaurant was named before
        "Ember & Oak is 12 km away, and Raj can't make it.",
        "Umi Sushi Bar at 18:00 is full; Ana isn't joining us.",
    ],
)
def test_the_plan_said_to_leave_someone_out_beside_another(text: str) -> None:
    assert not dining(after(text)), text


# --- time_of_something_else ---------------------------------------------------------------------

EVENTS = [
    "Happy hour runs {a}-{b}",
    "Happy hour is from {a} to {b}",
    "Sunset is around {a}",
    "Sunset is at {a}",
    "Live music starts at {a}",
    "Live music is from {a} to {b}",
    "The fireworks start around {a}",
]
EVENT_TAILS = [
    ", so drinks are discounted when you arrive.",
    ", so you'll catch it on the way out.",
    ".",
    " (nice bonus).",
]
EVENT_TIMES = ["16:00", "18:00", "19:45", "20:00", "21:00", "22:30"]


@SETTINGS
@given(
    event=st.sampled_from(EVENTS),
    a=st.sampled_from(EVENT_TIMES),
    b=st.sampled_from(EVENT_TIMES),
    tail=st.sampled_from(EVENT_TAILS),
)
def test_an_events_time_keeps_the_pass(event: str, a: str, b: str, tail: str) -> None:
    text = event.format(a=a, b=b) + tail
    assert dining(after(text)), text


@SETTINGS
@given(
    offer=st.sampled_from(
        [
            "Happy hour at {a} would also work.",
            "We could also go at {a} for happy hour.",
            "Sunset is at {a}, so Umi Sushi Bar at {a} is lovely too.",
            "Happy hour runs {a}-22:00, so you could go at {a} instead.",
        ]
    ),
    a=st.sampled_from(["16:00", "18:00", "19:45"]),
)
def test_an_events_time_offered_is_another_plan(offer: str, a: str) -> None:
    text = offer.format(a=a)
    assert not dining(after(text)), text


@SETTINGS
@given(
    verb=st.sampled_from(
        ["Arrive", "Try to arrive", "Aim to get there", "Show up", "Plan to be there"]
    ),
    near=st.sampled_from([" around", " at", " about", " by", ""]),
    minutes=st.integers(min_value=0, max_value=59),
    tail=st.sampled_from([" to get settled.", ".", " so you can order drinks first."]),
)
def test_an_arrival_shortly_before_the_start_keeps_the_pass(
    verb: str, near: str, minutes: int, tail: str
) -> None:
    at = 17 * 60 + 30 - minutes
    text = f"{verb}{near} {at // 60}:{at % 60:02d}{tail}"
    assert dining(after(text)), text


@SETTINGS
@given(
    verb=st.sampled_from(["Arrive", "Aim to get there", "Show up"]),
    at=st.sampled_from(["16:00", "18:00", "19:00", "20:30"]),
)
def test_an_arrival_far_from_the_start_is_another_plans_time(verb: str, at: str) -> None:
    text = f"{verb} around {at}."
    assert not dining(after(text)), text


@SETTINGS
@given(
    who=st.sampled_from(
        ["José makes his", "Ana can catch her", "Mei gets to her", "José is in time for José's"]
    ),
    at=st.sampled_from(["21:00", "20:30", "9 pm"]),
    what=st.sampled_from(["commitment", "train", "8:45 flight", "show", "next appointment"]),
)
def test_someones_own_engagement_keeps_the_pass(who: str, at: str, what: str) -> None:
    what = what.replace("8:45 ", "")
    text = f"Plan to leave by 19:30 so {who} {at} {what} comfortably."
    assert dining(after(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "Umi's 18:00 reservation is still open.",
        "Ana's 18:00 slot at Umi works too.",
        "We could also meet José for his 21:00 show.",
        "Umi's happy hour runs 16:00-18:00.",
        "Last orders are at 17:00.",
    ],
)
def test_another_plans_time_beside_a_possessive_or_event(text: str) -> None:
    """(The restaurant's own service is no event: "Last orders are at 17:00" may deny 17:30.)"""
    assert not dining(after(text)), text


# --- plan_time_in_relative_or_12_hour_words --------------------------------------------------


@SETTINGS
@given(
    lead=st.sampled_from(["Dinner runs", "You'll be seated", "Booked", "Table held", "Dinner:"]),
    join=st.sampled_from(["-", " - ", "\u2013", " to "]),
    end=st.sampled_from(["7:30 pm", "7:30 p.m.", "7:30pm", "8 pm", "9:00 PM"]),
)
def test_the_plans_time_opening_a_12_hour_range_keeps_the_pass(
    lead: str, join: str, end: str
) -> None:
    text = f"{lead} 5:30{join}{end}."
    assert dining(after(text)), text


@SETTINGS
@given(
    start=st.sampled_from(["6:00", "6:30", "5:00", "7:30"]),
    join=st.sampled_from(["-", " to "]),
    end=st.sampled_from(["8:30 pm", "9 pm"]),
)
def test_another_time_opening_a_12_hour_range_is_another_plans(
    start: str, join: str, end: str
) -> None:
    text = f"Dinner runs {start}{join}{end}."
    assert not dining(after(text)), text


@SETTINGS
@given(
    lead=st.sampled_from(["That's 5:30 pm, ", "It's ", "This is ", "17:30 is "]),
    amount=st.sampled_from(["two hours", "2 hours", "a couple of hours", "2 hrs"]),
    than=st.sampled_from(
        [
            "than you asked",
            "than you asked for",
            "than you originally wanted",
            "than requested",
            "than the 7:30 pm you asked for",
            "than the 19:30 you requested",
            "than your request",
        ]
    ),
    tail=st.sampled_from(
        ["", ", but it's the only way José can stay for the whole meal", " (sorry!)"]
    ),
)
def test_the_plan_measured_from_the_request_keeps_the_pass(
    lead: str, amount: str, than: str, tail: str
) -> None:
    text = f"{lead}{amount} earlier {than}{tail}."
    assert dining(after(text)), text


@SETTINGS
@given(
    amount=st.sampled_from(["An hour", "Two hours", "Half an hour"]),
    offer=st.sampled_from(["would also work", "works too", "is fine as well"]),
)
def test_a_relative_time_offered_is_another_plan(amount: str, offer: str) -> None:
    text = f"{amount} later than you asked {offer}."
    assert not dining(after(text)), text


# --- turned_away_in_unread_words_before (a table's column of issues) --------------------------

ISSUE_HEADERS = [
    "Issue",
    "Issues",
    "Problem",
    "Drawback",
    "Why not",
    "Conflict",
    "Ruled out because",
]
ISSUES = [
    "4.5 km from Mei",
    "nothing vegetarian for Ana",
    "José leaves at 21:00",
    "over budget",
    "Mei is allergic",
    "closes at 20:00",
]


@SETTINGS
@given(
    header=st.sampled_from(ISSUE_HEADERS),
    other=st.sampled_from(["Umi Sushi Bar", "Marigold", "Ember & Oak"]),
    at=st.sampled_from(["18:00", "19:00", "19:30"]),
    issue=st.sampled_from(ISSUES),
    where=st.sampled_from([before, after]),
)
def test_a_row_with_an_issue_in_its_column_keeps_the_pass(
    header: str, other: str, at: str, issue: str, where: object
) -> None:
    table = (
        f"| Option | Time | {header} |\n|---|---|---|\n| {other} | {at} | {issue} |\n"
        "| Green Fork | 17:30 | none |"
    )
    assert dining(where(table)), table  # type: ignore[operator]


@SETTINGS
@given(
    header=st.sampled_from([*ISSUE_HEADERS, "Notes", "Details"]),
    cell=st.sampled_from(["-", "none", "also works", "great backup", "n/a, also good"]),
    where=st.sampled_from([before, after]),
)
def test_a_row_with_no_issue_or_still_offered_is_another_plan(
    header: str, cell: str, where: object
) -> None:
    """Under "Notes", "none" is read as a rejection (a known false PASS of no class here)."""
    if header in {"Notes", "Details"} and cell.startswith(("none", "n/a")):
        cell = "-"
    table = f"| Option | Time | {header} |\n|---|---|---|\n| Umi Sushi Bar | 18:00 | {cell} |"
    assert not dining(where(table)), table  # type: ignore[operator]


def test_a_notes_column_is_no_column_of_issues() -> None:
    table = "| Option | Time | Notes |\n|---|---|---|\n| Umi Sushi Bar | 18:00 | 4.5 km from Mei |"
    assert not dining(before(table))
