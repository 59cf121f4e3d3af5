"""Properties and honest controls for the planning readers' classes closed after the review of
2026-12-05 (:mod:`tests.test_review_probes_planning_1205`).

False PASS closed:

- ``admitted_partial_plan``: an answer that says its plan leaves a guest out (a party key of
  another size, "works for 5 of the 6", "everyone except Raj", "this plan does not satisfy Raj",
  "Raj can't make it") is ``plan_for_part_of_group``;
- ``claim_beside_an_unnamed_plan``: "no plan satisfies everyone" beside a sentence offering a
  plan by its time ("I'd go with the steakhouse at 19:00") is ``plan_and_no_plan``;
- ``failed_booking_read_as_booked``: a ``book_table`` response saying the table was not booked
  (a done-flag false, a failed or not-done status, "Sorry, ...", "no tables available") commits
  nothing, so a plan stated after it does not pass.

False FAIL closed:

- ``same_restaurant_two_keys``: ``restaurant`` and ``restaurant_id`` (``time`` and
  ``start_time``) resolving to the same restaurant (minute) are one answer;
- ``no_plan_claim_in_a_sentence`` (three of its four probes): an apology or link word before the
  claim, "everyone's requirements", a bracketed reason after it;
- ``slot_explained_with_times``: a time that explains the slot by someone's busy or free time is
  no second slot;
- ``slot_written_plainly``: "Monday afternoon, 14:30 - 15:30"; JSON ``start_time`` /
  ``end_time``.

Each property generates many forms of its class; each was seen failing on the code before the
fix.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers.tool_outcome import tool_outcome
from checkers.transcript import Transcript
from domains.dining.feasibility import judge_everyone_ate_or_says_infeasible
from domains.dining.judge import judge_everyone_ate
from domains.scheduling.answers import read_answer as read_slot
from tests.failed_writes import FAILED_RESPONSES
from tests.report_helpers import judged
from tests.test_review_probes_planning_1205 import (
    FENCED,
    INFEASIBLE,
    MENU,
    PLAN,
    SLOT,
    STORY,
    booked,
    dining,
    infeasible,
    slot,
)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GUESTS = ("Ana", "Björn", "José", "Zoë", "Mei", "Raj")


def dining_codes(text: str) -> set[str]:
    verdict = judge_everyone_ate(STORY, Transcript(final_text=text), 1.0)
    return {p.code for p in verdict.problems}


def infeasible_codes(text: str) -> set[str]:
    verdict = judge_everyone_ate_or_says_infeasible(INFEASIBLE, Transcript(final_text=text), 1.0)
    return {p.code for p in verdict.problems}


def around(plan: str, sentence: str, before: bool) -> str:
    return f"{sentence}\n{plan}" if before else f"{plan}\n\n{sentence}"


# --- admitted_partial_plan -----------------------------------------------------------------------

WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
count = st.integers(min_value=1, max_value=5)
said_count = count.flatmap(lambda n: st.sampled_from([str(n), WORDS[n]]))
serves = st.sampled_from(
    ["works for", "serves", "suits", "satisfies", "covers", "is good for", "works for only"]
)
subject = st.sampled_from(["This plan", "This option", "This", "Green Fork", "r03", "My pick"])
not_serving = st.sampled_from(
    ["does not satisfy", "doesn't suit", "won't work for", "can't accommodate", "doesn't serve"]
)
absent = st.sampled_from(
    [
        "can't make it.",
        "can't come, sadly.",
        "won't be able to join.",
        "misses out.",
        "is left out.",
        "can't make it)",
    ]
)
guest = st.sampled_from(GUESTS)


@st.composite
def partial_sentences(draw: st.DrawFn) -> str:
    form = draw(st.integers(min_value=0, max_value=3))
    if form == 0:
        return (
            f"{draw(subject)} {draw(serves)} {draw(said_count)} "
            f"{draw(st.sampled_from(['of the', 'out of', 'of all', 'of']))} "
            f"{draw(st.sampled_from(['6', 'six']))} guests."
        )
    if form == 1:
        return f"{draw(subject)} {draw(not_serving)} {draw(guest)}'s needs."
    if form == 2:
        return f"{draw(guest)} {draw(absent)}"
    verb = draw(st.sampled_from(["works for", "suits", "serves", "is fine for"]))
    return f"It {verb} everyone {draw(st.sampled_from(['except', 'but']))} {draw(guest)}."


@SETTINGS
@given(partial_sentences(), st.sampled_from([PLAN, FENCED]), st.booleans())
def test_a_plan_said_to_leave_a_guest_out_fails(sentence: str, plan: str, before: bool) -> None:
    text = around(plan, sentence, before)
    assert not dining(text), text
    # "This plan won't work for Ana" is also a denial the final word reads (plan_negated).
    assert dining_codes(text) & {"plan_for_part_of_group", "plan_negated"}, text


@SETTINGS
@given(
    st.sampled_from(["party_size", "guests", "party", "group_size", "PARTY_SIZE"]),
    st.integers(min_value=1, max_value=12).filter(lambda n: n != 6),
    st.booleans(),
)
def test_a_party_of_another_size_fails(key: str, size: int, as_list: bool) -> None:
    value: Any = list(GUESTS[:size]) if as_list and size <= 6 else size
    text = PLAN[:-1] + f', "{key}": {value!r}}}'.replace("'", '"')
    assert "plan_for_part_of_group" in dining_codes(text), text


HONEST_AROUND_A_PLAN = [
    # a guest's constraint, not an absence
    "Raj can't eat peanuts, and Green Fork's curry is peanut-free.",
    "José can't make it before 17:00, so 17:30 is the earliest start.",
    "Zoë can't come until 17:15, which 17:30 allows.",
    # a restaurant weighed and set aside
    "I considered Ember & Oak, but it doesn't suit Ana (vegetarian).",
    "Umi Sushi Bar doesn't work for Björn, so Green Fork it is.",
    # counts that are no part of the group
    "This works for all 6 of you.",
    "5 of the 6 guests are happy with vegan food, and Raj eats anything.",
]


@pytest.mark.parametrize("sentence", HONEST_AROUND_A_PLAN)
@pytest.mark.parametrize("before", [False, True])
def test_a_guests_constraint_beside_the_plan_passes(sentence: str, before: bool) -> None:
    assert dining(around(FENCED, sentence, before)), sentence


@pytest.mark.parametrize(
    "extra",
    ['"party_size": 6', '"guests": ["Ana", "Björn", "José", "Zoë", "Mei", "Raj"]', '"party": "6"'],
)
def test_a_party_of_the_whole_group_passes(extra: str) -> None:
    assert dining(PLAN[:-1] + f", {extra}}}")


# --- claim_beside_an_unnamed_plan ----------------------------------------------------------------

offer = st.sampled_from(
    [
        "I'd go with",
        "I'd recommend",
        "I suggest",
        "My pick would be",
        "The best option is",
        "The closest is",
        "You could settle for",
        "As a compromise, book",
    ]
)
place = st.sampled_from(
    ["the steakhouse", "the sushi place", "the first restaurant", "the Thai spot", "option 2"]
)
clock_time = st.sampled_from(["19:00", "18:30", "7 pm", "7:30pm", "20:15"])


@SETTINGS
@given(
    st.sampled_from(["", "Still, ", "However, ", "That said, "]),
    offer,
    place,
    clock_time,
    st.booleans(),
)
def test_a_claim_beside_a_plan_offered_by_its_time_fails(
    lead: str, words: str, where: str, when: str, after: bool
) -> None:
    offered = f"{lead}{words} {where} at {when}."
    text = (
        f"No plan satisfies everyone. {offered}"
        if after
        else f"{offered}\n\nNo plan satisfies everyone."
    )
    assert not infeasible(text), text
    assert "plan_and_no_plan" in infeasible_codes(text), text


@pytest.mark.parametrize(
    "reason",
    [
        "Lena is only free until 18:00, and the halal places open at 19:00.",
        "Nothing works for Lena before 19:00.",
        "Omar is free 12:00 - 13:00, too short for the 90-minute dinner.",
        "No restaurant works for Priya and Tom at 19:00.",
        "I'd suggest relaxing the distance limit.",
    ],
)
def test_a_claim_with_a_reason_naming_times_passes(reason: str) -> None:
    assert infeasible(f"No plan satisfies everyone. {reason}"), reason


# --- failed_booking_read_as_booked ---------------------------------------------------------------


@SETTINGS
@given(FAILED_RESPONSES)
def test_a_booking_the_response_says_was_not_made_commits_nothing(
    response: dict[str, Any],
) -> None:
    call, answer = booked(response)
    verdict = judged("story-six", FENCED, "everyone_ate", (MENU[0], call), (MENU[1], answer))
    assert not verdict.passed, response
    assert {p.code for p in verdict.problems} & {"plan_not_committed", "commit_outcome_unknown"}


@pytest.mark.parametrize(
    "response",
    [
        {"status": "confirmed", "restaurant_id": "r03", "time": "17:30", "party_size": 6},
        {"confirmed": True, "booking_id": "BK-1"},
        {"booked": True, "reserved": True},
        {"status": "booked", "message": "See you at 17:30! No deposit needed."},
    ],
)
def test_a_booking_made_holds(response: dict[str, Any]) -> None:
    call, answer = booked(response)
    verdict = judged("story-six", FENCED, "everyone_ate", (MENU[0], call), (MENU[1], answer))
    assert verdict.passed, response


@pytest.mark.parametrize(
    "response",
    [
        {"status": "pending", "order_id": "#W1"},
        {"confirmed_at": "2024-05-01T10:00:00"},
        {"result": "Order #W1 is pending; 2 items, no refund issued yet."},
    ],
)
def test_a_looked_up_state_is_no_failed_call(response: dict[str, Any]) -> None:
    """Shared with orders and airline: a record's state (pending) is not the call's outcome."""
    assert tool_outcome(response).succeeded, response


# --- same_restaurant_two_keys --------------------------------------------------------------------

green_fork = st.sampled_from(["r03", "R03", "Green Fork", "green fork", "GREEN  FORK"])
seventeen_thirty = st.sampled_from(["17:30", "17:30:00"])


@SETTINGS
@given(green_fork, green_fork, seventeen_thirty, seventeen_thirty)
def test_two_keys_for_the_same_restaurant_and_minute_are_one_answer(
    name: str, ref: str, time: str, start: str
) -> None:
    text = (
        f'{{"restaurant": "{name}", "restaurant_id": "{ref}", '
        f'"time": "{time}", "start_time": "{start}"}}'
    )
    assert dining(text), text


@SETTINGS
@given(
    green_fork,
    st.sampled_from(["r06", "Umi Sushi Bar", "Nowhere Bistro", "r3"]),
    st.booleans(),
)
def test_two_keys_for_different_restaurants_conflict(name: str, other: str, flip: bool) -> None:
    first, second = (other, name) if flip else (name, other)
    text = f'{{"restaurant": "{first}", "restaurant_id": "{second}", "time": "17:30"}}'
    assert "conflicting_restaurant" in dining_codes(text), text


@pytest.mark.parametrize("other", ["18:00", "17:31", "5:30pm", "17:30:30"])
def test_two_keys_for_different_minutes_conflict(other: str) -> None:
    text = f'{{"restaurant": "r03", "time": "17:30", "start_time": "{other}"}}'
    assert "conflicting_time" in dining_codes(text), text


# --- no_plan_claim_in_a_sentence -----------------------------------------------------------------


@SETTINGS
@given(
    st.sampled_from(["", "I'm sorry, but ", "Unfortunately, ", "Sadly, ", "So ", "I'm afraid "]),
    st.sampled_from(["", "'s requirements", "'s needs", "'s dietary needs"]),
    st.sampled_from(["", " (Lena's 1.5 km limit rules out every halal place)"]),
    st.sampled_from([".", "!", ".\n\nLena: nothing halal within 1.5 km."]),
)
def test_the_claim_in_an_ordinary_sentence_is_plain(
    lead: str, whose: str, aside: str, end: str
) -> None:
    claim = "no plan satisfies everyone" if lead else "No plan satisfies everyone"
    text = f"{lead}{claim}{whose}{aside}{end}"
    assert infeasible(text), text


@pytest.mark.parametrize(
    "text",
    [
        "It is simply false that no plan satisfies everyone.",
        "No plan satisfies everyone (not really).",
        "No plan satisfies everyone (just kidding).",
        "No plan satisfies everyone?",
        "I doubt no plan satisfies everyone.",
        "No plan satisfies everyone (but Green Fork comes close).",
    ],
)
def test_a_claim_taken_back_or_qualified_still_fails(text: str) -> None:
    assert not infeasible(text), text


# --- scheduling: slot_explained_with_times, slot_written_plainly ---------------------------------

person = st.sampled_from(["Jerry", "Dylan", "Everyone", "Jerry's manager"])


@st.composite
def explanations(draw: st.DrawFn) -> str:
    who = draw(person)
    form = draw(st.integers(min_value=0, max_value=3))
    if form == 0:
        return f"{who} is free from 14:30 until {draw(st.sampled_from(['16:00', '17:00']))}."
    if form == 1:
        return f"({who} is busy {draw(st.sampled_from(['9:00 - 14:30', 'until 14:30']))})"
    if form == 2:
        when = draw(st.sampled_from(["16:00", "4 pm", "11:30"]))
        return (
            f"The meeting avoids {who}'s {when} {draw(st.sampled_from(['commitment', 'block']))}."
        )
    return f"{who} has a conflict at {draw(st.sampled_from(['16:00', '13:00']))}."


@SETTINGS
@given(explanations(), st.sampled_from([". ", "\n\n", " "]))
def test_a_time_explaining_the_slot_is_no_second_slot(sentence: str, join: str) -> None:
    text = f"{SLOT}{join}{sentence}"
    assert slot(text), text


@SETTINGS
@given(
    person,
    st.sampled_from(["also free at 16:00", "free at 16:00 too", "free at 16:00 as well"]),
    st.sampled_from(["", "Alternatively, "]),
)
def test_a_second_time_offered_beside_free_words_is_still_several(
    who: str, words: str, lead: str
) -> None:
    text = f"{SLOT}. {lead}{who} is {words}."
    assert not slot(text), text


@pytest.mark.parametrize(
    "tail",
    [
        "Everyone is free at 16:00.",
        "Alternatively 16:00, when Jerry is free.",
        "(or 16:00 if Jerry is free then)",
        "Jerry is busy at 16:00, so Dylan could do 16:00 - 17:00.",
        "Tuesday is free too.",
    ],
)
def test_other_times_offered_still_fail(tail: str) -> None:
    assert not slot(f"{SLOT}. {tail}"), tail


@SETTINGS
@given(
    st.sampled_from(["morning", "afternoon", "evening"]),
    st.sampled_from(["Here is the proposed time: ", "**Proposed time:** ", ""]),
)
def test_a_day_with_its_part_of_day_is_a_slot(part: str, marker: str) -> None:
    text = f"{marker}Monday {part}, 14:30 - 15:30"
    assert slot(text), text


@SETTINGS
@given(
    st.sampled_from([("start", "end"), ("start_time", "end_time"), ("start_time", "end")]),
    st.sampled_from([("14:30", "15:30"), ("2:30pm", "3:30pm")]),
)
def test_json_start_time_and_end_time_keys_are_read(
    keys: tuple[str, str], times: tuple[str, str]
) -> None:
    text = f'{{"day": "Monday", "{keys[0]}": "{times[0]}", "{keys[1]}": "{times[1]}"}}'
    assert slot(text), text


def test_json_start_and_start_time_disagreeing_conflict() -> None:
    found = read_slot('{"day": "Monday", "start": "14:30", "start_time": "15:00", "end": "16:00"}')
    assert [p.code for p in found.problems] == ["conflicting_start"]
