"""Hostile review (2026-12-05) of the two planning domains' answer readers and checks.

Attacked: dining ``everyone_ate`` (``domains/dining/judge.py``: ``read_answer``, ``_stands_by``,
``NoPlanClaim``; ``checkers/final_word.py``; ``checkers/answers.py``), the booking hold
(``domains/dining/booking.py``, ``checkers/committed.py``), ``everyone_ate_or_says_infeasible``
(the plain "no plan satisfies everyone" claim), and scheduling ``everyone_can_attend``
(``domains/scheduling/answers.py``) on NATURAL PLAN's np-6. Every answer is written the way
gpt-4o, Gemini and Claude write them: markdown, tables, fenced JSON, hedges, alternatives, a
recommendation then a backup, prose and JSON disagreeing, corrections without the listed cue
words, a plan for part of the group, a question back, "no plan" beside a plan.

Each probe holds a plan that passes on its own (dining: Green Fork r03 at 17:30 serves all six
of story-six; scheduling: Monday 14:30 - 15:30 suits everyone in np-6), so the words around it
are the only thing that may change the verdict. ``expect`` is the right verdict.

95 probes: 68 wrong verdicts found (51 false PASSes, 17 false FAILs), 27 right ones kept as
regression tests (plus a control that each plan passes alone, and a check that every class has
a probe). All were closed by class the same day (``checkers/final_word.py`` fails closed on
any other plan named around the stated one unless the text rules it out:
``tests/test_final_word_fail_closed.py``; the readers' own classes:
``tests/test_planning_reader_classes.py``), the last, "... or move to another day" after the
no-plan claim read as a correction, in ``tests/test_final_word_denials.py`` (a move "to"
something that names no plan part suggests relaxing the task): :data:`WRONG` is empty.

False PASS (51), by class:

- ``second_plan_in_plain_words`` 14: another plan offered after the plan without a listed cue
  ("Runner-up: Umi Sushi Bar at 18:00", "Umi Sushi Bar is equally good", "(an hour later works
  too)", a table of options); "Either works ... Marigold at 18:00 is fine too" fails right after
  a bare JSON object but passes after a fenced one;
- ``alternative_under_unlisted_key`` 4: ``runner_up``, ``option_2``, ``also_works``;
- ``other_plan_before_the_json`` 6: "I recommend Umi Sushi Bar at 18:00." then the JSON of
  another plan; "Backup if it's full:" before it; a question offering two plans;
- ``no_plan_said_before_the_json`` 2: "No restaurant works for all six of you, but here's the
  closest:" then a plan;
- ``overridden_after_the_json`` 9: "Final call: Umi Sushi Bar at 18:00", "Ignore the JSON
  above", "~~Green Fork at 17:30~~ Umi Sushi Bar at 18:00", "See you there at 19:30!";
- ``denied_in_unlisted_words`` 6: "has no table left at 17:30", "can't seat six", "the
  reservation failed", "the booking request was rejected";
- ``admitted_partial_plan`` 4: "This plan works for 5 of the 6 guests", ``"party_size": 5``;
- ``claim_beside_an_unnamed_plan`` 2: "No plan satisfies everyone. Still, I'd go with the
  steakhouse at 19:00" passes ``everyone_ate_or_says_infeasible``;
- ``failed_booking_read_as_booked`` 4: ``book_table`` answered ``{"confirmed": false}``,
  ``{"reserved": false}``, "No tables available" is a committed booking.

False FAIL (17), by class:

- ``same_restaurant_two_keys`` 2: ``{"restaurant": "Green Fork", "restaurant_id": "r03"}`` is
  ``conflicting_restaurant``; ``"time": "17:30"`` beside ``"start_time": "17:30:00"``;
- ``advice_or_offer_read_as_second_plan`` 5: "I'd suggest arriving 10 minutes early, around
  17:20", "Let me know if you want a backup option", "If that doesn't work, I can look for
  another slot";
- ``no_plan_claim_in_a_sentence`` 4: "I'm sorry, but no plan satisfies everyone.", "No plan
  satisfies everyone (reason).", "Options: ... move to another day" read as a correction;
- ``slot_explained_with_times`` 4: "Everyone is free from 14:30 until 16:00." after the slot
  (``several_slots``, rule 4 of the scheduling reader reaches the explanation);
- ``slot_written_plainly`` 2: "Monday afternoon, 14:30 - 15:30"; JSON ``start_time`` /
  ``end_time`` (which dining accepts as ``start_time``).
"""

from __future__ import annotations

from typing import Any

import pytest

from checkers.transcript import ToolCall, ToolResponse, Transcript
from domains.dining.feasibility import judge_everyone_ate_or_says_infeasible
from domains.dining.judge import judge_everyone_ate
from domains.dining.scenarios import DINING
from domains.scheduling.judge import judge_everyone_can_attend
from domains.scheduling.scenarios import SCHEDULING
from tests.probe_harness import Review
from tests.report_helpers import judged

STORY = DINING.load_scenario("story-six")
"""Green Fork (r03) at 17:30 serves all six; Umi Sushi Bar (r06) and Marigold (r19) at 18:00 too."""
INFEASIBLE = DINING.load_scenario("no-plan-fits")
"""No plan serves all four guests: the plain claim is the right answer."""
NP6 = SCHEDULING.load_scenario("np-6")
"""Monday 9:00-17:00, one hour: 14:30 - 15:30 and 15:00 - 16:00 suit everyone."""

PLAN = '{"restaurant": "r03", "time": "17:30"}'
FENCED = f"```json\n{PLAN}\n```"
SLOT = "Here is the proposed time: Monday, 14:30 - 15:30"
SLOT_JSON = '{"day": "Monday", "start": "14:30", "end": "15:30"}'

WRONG: dict[str, str] = {}
"""Each defect class found, with the reason its probes carry."""
REVIEW = Review(WRONG)
wrong = REVIEW.wrong


def dining(text: str) -> bool:
    return judge_everyone_ate(STORY, Transcript(final_text=text), 1.0).passed


def infeasible(text: str) -> bool:
    return judge_everyone_ate_or_says_infeasible(
        INFEASIBLE, Transcript(final_text=text), 1.0
    ).passed


def slot(text: str) -> bool:
    return judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0).passed


def test_the_plans_pass_alone() -> None:
    """The controls: each probe's plan passes with nothing around it."""
    assert dining(PLAN) and dining(FENCED)
    assert slot(SLOT) and slot(SLOT_JSON)
    assert infeasible("No plan satisfies everyone.")


# --- dining: everyone_ate ------------------------------------------------------------------------

DINING_PROBES = [
    # false PASS: a second plan in plain words after the plan
    pytest.param(
        f"{PLAN}\n\n18:30 would also work if people prefer later.",
        False,
        id="also-work-later",
    ),
    pytest.param(
        f"{PLAN}\n\nUmi Sushi Bar is equally good.",
        False,
        id="equally-good",
    ),
    pytest.param(
        f"{PLAN}\n\nIf Green Fork is full, Umi Sushi Bar at 18:00.",
        False,
        id="if-own-is-full",
    ),
    pytest.param(
        f"{FENCED}\n\n**Runner-up:** Umi Sushi Bar at 18:00.",
        False,
        id="runner-up",
    ),
    pytest.param(
        f"{FENCED}\n\nSecond-best: Marigold at 18:00.",
        False,
        id="second-best-hyphen",
    ),
    pytest.param(
        f"{FENCED}\n\nHonorable mention: Marigold (r19) at 18:00.",
        False,
        id="honorable-mention",
    ),
    pytest.param(
        f"{FENCED}\n\nUmi Sushi Bar at 18:00 is a good choice too.",
        False,
        id="good-choice-too",
    ),
    pytest.param(
        f"{FENCED}\n\nWe could also go at 18:00 — same result — but 17:30 gives José more slack.",
        False,
        id="could-also-go-at",
    ),
    pytest.param(
        f"{FENCED}\n\n| Option | Restaurant | Time |\n|---|---|---|\n"
        "| A | Green Fork | 17:30 |\n| B | Umi Sushi Bar | 18:00 |",
        False,
        id="options-table-after",
    ),
    pytest.param(
        # Unfenced, the same words fail ("either" right after the JSON); fenced, they pass.
        f"{FENCED}\n\nEither works, but I'd lean toward this one; Marigold at 18:00 is fine too.",
        False,
        id="either-works-fenced",
    ),
    # false PASS: an alternative under a key the lexicon does not list
    pytest.param(
        '{"restaurant": "r03", "time": "17:30", "runner_up": "r06"}',
        False,
        id="key-runner-up",
    ),
    pytest.param(
        '{"restaurant": "r03", "time": "17:30", "option_2": "Umi Sushi Bar at 18:00"}',
        False,
        id="key-option-2",
    ),
    pytest.param(
        '{"restaurant": "r03", "time": "17:30", "also_works": ["r06", "r19"]}',
        False,
        id="key-also-works",
    ),
    # false PASS: another plan before the JSON
    pytest.param(
        f"I recommend **Umi Sushi Bar at 18:00**.\n\n{FENCED}",
        False,
        id="prose-recommends-other",
    ),
    pytest.param(
        f"**My pick: Umi Sushi Bar (r06), 6 pm.**\n\n{FENCED}",
        False,
        id="my-pick-other-before",
    ),
    pytest.param(
        f"I recommend Ember & Oak (r01) at 19:00. Backup if it's full:\n{FENCED}",
        False,
        id="json-is-the-backup",
    ),
    pytest.param(
        "**Option A (recommended):** Ember & Oak at 19:00.\n"
        f"**Option B:** if you'd rather, here's the other one:\n{PLAN}",
        False,
        id="option-a-prose-option-b-json",
    ),
    pytest.param(
        "| Option | Restaurant | Time |\n|---|---|---|\n| A | Green Fork | 17:30 |\n"
        f"| B | Umi Sushi Bar | 18:00 |\n\n{FENCED}",
        False,
        id="options-table-before",
    ),
    pytest.param(
        f"Would you prefer Green Fork at 17:30 or Umi Sushi Bar at 18:00?\n{FENCED}",
        False,
        id="question-offering-two",
    ),
    # false PASS: "no plan works" before the plan
    pytest.param(
        f"No restaurant works for all six of you, but here's the closest:\n{FENCED}",
        False,
        id="no-restaurant-works-then-plan",
    ),
    pytest.param(
        f"Nothing satisfies everyone, so here is a compromise:\n{FENCED}",
        False,
        id="nothing-satisfies-then-plan",
    ),
    # false PASS: the plan overridden after the JSON
    pytest.param(
        f"{FENCED}\n\n**Final:** Umi Sushi Bar at 18:00.",
        False,
        id="final-other",
    ),
    pytest.param(
        f"{FENCED}\n\nFinal call: Umi Sushi Bar at 18:00.",
        False,
        id="final-call-other",
    ),
    pytest.param(
        f"{FENCED}\n\nGoing with Umi Sushi Bar at 18:00 after all.",
        False,
        id="going-with-after-all",
    ),
    pytest.param(
        f"{FENCED}\n\nActually, Umi Sushi Bar at 18:00.",
        False,
        id="actually-other",
    ),
    pytest.param(
        f"{FENCED}\n\nP.S. Ignore the JSON above, Umi at 18:00 is the final call.",
        False,
        id="ignore-the-json-above",
    ),
    pytest.param(
        f"{FENCED}\n\n~~Green Fork at 17:30~~ Umi Sushi Bar at 18:00",
        False,
        id="strikethrough-own",
    ),
    pytest.param(
        f"{FENCED}\n\nSee you there at 19:30!",
        False,
        id="prose-time-disagrees",
    ),
    pytest.param(
        f"{FENCED}\n\nThat's Umi Sushi Bar at 18:00 for all six of you.",
        False,
        id="summary-names-other",
    ),
    pytest.param(
        f"{PLAN}\n\nHmm, on reflection Marigold at 18:00 is better.",
        False,
        id="on-reflection",
    ),
    # false PASS: the plan denied in words the lexicon lacks
    pytest.param(
        f"{FENCED}\n\nUnfortunately Green Fork has no table left at 17:30.",
        False,
        id="no-table-left",
    ),
    pytest.param(
        f"{FENCED}\n\nGreen Fork has no availability at 17:30.",
        False,
        id="no-availability",
    ),
    pytest.param(
        f"{FENCED}\n\nGreen Fork can't seat six people at that time.",
        False,
        id="cant-seat-six",
    ),
    pytest.param(
        f"{FENCED}\n\nGreen Fork won't accommodate a group of six.",
        False,
        id="wont-accommodate",
    ),
    pytest.param(
        f"{FENCED}\n\nThe reservation failed.",
        False,
        id="reservation-failed",
    ),
    pytest.param(
        f"{FENCED}\n\nThe booking request was rejected by Green Fork.",
        False,
        id="request-rejected",
    ),
    # false PASS: the answer admits its plan leaves someone out
    pytest.param(
        f"{FENCED}\n\nThis plan works for 5 of the 6 guests.",
        False,
        id="five-of-six",
    ),
    pytest.param(
        f"{FENCED}\n\nThis plan does not satisfy Raj's peanut allergy.",
        False,
        id="does-not-satisfy-raj",
    ),
    pytest.param(
        "Plan: Green Fork at 17:30 for Ana, Björn, José, Zoë and Mei (Raj can't make it).\n" + PLAN,
        False,
        id="subset-named-before",
    ),
    pytest.param(
        '{"restaurant": "r03", "time": "17:30", "party_size": 5}',
        False,
        id="party-size-five",
    ),
    # false FAIL: the same restaurant or time under both keys
    pytest.param(
        '{"restaurant": "Green Fork", "restaurant_id": "r03", "time": "17:30"}',
        True,
        id="name-and-id",
    ),
    pytest.param(
        '{"restaurant": "r03", "time": "17:30", "start_time": "17:30:00"}',
        True,
        id="time-and-start-time",
    ),
    # false FAIL: advice or an offer read as a second plan
    pytest.param(
        f"{FENCED}\n\nI'd suggest arriving 10 minutes early, around 17:20.",
        True,
        id="arrive-early",
    ),
    pytest.param(
        f"{FENCED}\n\nI'd recommend booking soon — Green Fork usually fills up by 18:30.",
        True,
        id="book-soon-fills-up",
    ),
    pytest.param(
        f"{FENCED}\n\nLet me know if you want a backup option.",
        True,
        id="offer-backup-search",
    ),
    pytest.param(
        f"{FENCED}\n\nIf Green Fork is full when you call, let me know and I'll find another "
        "option.",
        True,
        id="offer-to-find-another",
    ),
    # right today: honest answers pass
    pytest.param(
        "## Recommendation\n\n**Green Fork** at **17:30** works for all six guests:\n\n"
        "- **Ana** (vegetarian, mild): plenty of veggie dishes\n"
        f"- **Björn** (no dairy): dairy-free options\n\n{FENCED}\n\nWant me to book it?",
        True,
        id="markdown-explained",
    ),
    pytest.param(
        f"{FENCED}\n\nI haven't booked yet — shall I go ahead and reserve a table for 6?",
        True,
        id="not-booked-yet-question",
    ),
    pytest.param(
        "I first looked at Ember & Oak at 19:00, but José has to leave by 21:00. So:\n" + FENCED,
        True,
        id="earlier-idea-before",
    ),
    pytest.param(
        f"{FENCED}\n\nI picked 17:30 rather than 19:00 so José can leave on time.",
        True,
        id="rather-than-time",
    ),
    pytest.param(
        "### Plan\n| Field | Value |\n|---|---|\n| Restaurant | Green Fork (r03) |\n"
        f"| Time | 5:30 PM |\n\n{FENCED}",
        True,
        id="table-twelve-hour-before",
    ),
    pytest.param(
        f"{FENCED}\n\nNo need for a backup: Green Fork has plenty of room.",
        True,
        id="no-need-for-backup",
    ),
    pytest.param(
        f"{FENCED}\n\nJosé is free until 21:00, so a 17:30 start gives a comfortable buffer "
        "(dinner ends 19:30).",
        True,
        id="times-in-reasoning",
    ),
    # right today: misleading answers fail
    pytest.param(
        f"{PLAN} Actually, let's go with Umi Sushi Bar instead.",
        False,
        id="actually-instead",
    ),
    pytest.param(
        f"{FENCED}\n\nUPDATE: Umi Sushi Bar at 18:00 is better.",
        False,
        id="update-other",
    ),
    pytest.param(
        f"{PLAN}\n\nEither works, but I'd lean toward this one; Marigold at 18:00 is fine too.",
        False,
        id="either-works",
    ),
    pytest.param(
        f"{FENCED}\n\nIf you'd prefer a different time, 18:00 or 18:30 also work for everyone.",
        False,
        id="other-times-or",
    ),
    pytest.param(
        '{"restaurant": "r03", "time": "17:30"}\n\nThen: {"restaurant": "r06", "time": "18:00"}',
        False,
        id="two-json-plans",
    ),
]


@pytest.mark.parametrize(("text", "expect"), DINING_PROBES)
def test_dining_answer(text: str, expect: bool) -> None:
    assert dining(text) is expect, text


# --- dining: everyone_ate_or_says_infeasible -----------------------------------------------------

INFEASIBLE_PROBES = [
    pytest.param(
        "No plan satisfies everyone. Still, I'd go with the steakhouse at 19:00 — only the "
        "vegetarian misses out.",
        False,
        id="claim-then-steakhouse",
    ),
    pytest.param(
        "No plan satisfies everyone. However, if you're okay leaving out one guest, the 19:00 "
        "slot at the first restaurant works for the others.",
        False,
        id="claim-then-first-restaurant",
    ),
    pytest.param(
        "I'm sorry, but no plan satisfies everyone.",
        True,
        id="sorry-but-claim",
    ),
    pytest.param(
        "No plan satisfies everyone (Lena's 1.5 km limit rules out every halal place).",
        True,
        id="claim-bracketed-reason",
    ),
    pytest.param(
        "No plan satisfies everyone's requirements.",
        True,
        id="claim-everyones-requirements",
    ),
    pytest.param(
        "No plan satisfies everyone. Options: drop the distance limit, or move to another day.",
        True,
        id="claim-then-relaxations",
    ),
    pytest.param("Unfortunately, no plan satisfies everyone.", True, id="unfortunately-comma"),
    pytest.param("**No plan satisfies everyone.**", True, id="bold-claim"),
    pytest.param(
        "No plan satisfies everyone.\n\n```json\n"
        '{"no_plan": true, "reason": "no vegetarian option within budget"}\n```',
        True,
        id="claim-and-json",
    ),
    pytest.param(
        '{"no_plan": true, "best_partial": "r01 at 19:00"}', False, id="no-plan-key-and-partial"
    ),
    pytest.param("No plan satisfies everyone?", False, id="claim-as-question"),
]


@pytest.mark.parametrize(("text", "expect"), INFEASIBLE_PROBES)
def test_infeasible_answer(text: str, expect: bool) -> None:
    assert infeasible(text) is expect, text


# --- dining: the booking hold --------------------------------------------------------------------

MENU = (
    ToolCall(name="get_menu", args={"restaurant_id": "r03"}, call_id="m1"),
    ToolResponse(name="get_menu", response={"status": "ok", "menu": []}, call_id="m1"),
)


def booked(response: dict[str, Any], time: str = "17:30") -> tuple[ToolCall, ToolResponse]:
    args = {"restaurant_id": "r03", "time": time, "party_size": 6}
    return (
        ToolCall(name="book_table", args=args, call_id="b1"),
        ToolResponse(name="book_table", response=response, call_id="b1"),
    )


BOOKING_PROBES = [
    pytest.param(
        {"confirmed": False, "reason": "no tables"},
        False,
        id="confirmed-false",
    ),
    pytest.param(
        {"reserved": False},
        False,
        id="reserved-false",
    ),
    pytest.param(
        {"status": "waitlisted", "message": "No tables available; added to waitlist"},
        False,
        id="waitlisted",
    ),
    pytest.param(
        {"message": "Sorry, no tables available at 17:30"},
        False,
        id="sorry-no-tables",
    ),
    pytest.param(
        {"status": "confirmed", "restaurant_id": "r03", "time": "17:30", "party_size": 6},
        True,
        id="confirmed",
    ),
    pytest.param({"error": "fully booked"}, False, id="error-fully-booked"),
    pytest.param({"status": "booked", "time": "19:30"}, False, id="service-moved-the-time"),
]


@pytest.mark.parametrize(("response", "expect"), BOOKING_PROBES)
def test_plan_held_to_booking(response: dict[str, Any], expect: bool) -> None:
    call, answer = booked(response)
    verdict = judged("story-six", FENCED, "everyone_ate", (MENU[0], call), (MENU[1], answer))
    assert verdict.passed is expect, response


# --- scheduling: everyone_can_attend -------------------------------------------------------------

SLOT_PROBES = [
    # false PASS: another slot in words
    pytest.param(
        f"{SLOT} (an hour later works too).",
        False,
        id="hour-later-too",
    ),
    pytest.param(
        f"{SLOT}. Half an hour later would be equally fine.",
        False,
        id="half-hour-later-equally",
    ),
    pytest.param(
        f"{SLOT}\n\nRunner-up: Monday at three.",
        False,
        id="runner-up-at-three",
    ),
    pytest.param(
        f"{SLOT}. A slightly later start would also do.",
        False,
        id="later-start-also-do",
    ),
    pytest.param(
        '{"day": "Monday", "start": "14:30", "end": "15:30", "option_2": "an hour later"}',
        False,
        id="json-option-2",
    ),
    # false FAIL
    pytest.param(
        f"{SLOT}. If that doesn't work, I can look for another slot.",
        True,
        id="offer-to-look-again",
    ),
    pytest.param(
        "Here is the proposed time: **Monday, 14:30 - 15:30**\n\nEveryone is free from 14:30 "
        "until 16:00.",
        True,
        id="free-window-explained",
    ),
    pytest.param(
        f"{SLOT} (Jerry is free after his 11:30 - 14:30 block).",
        True,
        id="busy-block-in-brackets",
    ),
    pytest.param(
        f"{SLOT}\n\nThe meeting ends before Jerry's 16:00 commitment.",
        True,
        id="ends-before-commitment",
    ),
    pytest.param(
        '{"day": "Monday", "start": "14:30", "end": "15:30", "reason": "Jerry is free '
        '14:30-16:00"}',
        True,
        id="json-reason-with-window",
    ),
    pytest.param(
        "Here is the proposed time: Monday afternoon, 14:30 - 15:30",
        True,
        id="monday-afternoon",
    ),
    pytest.param(
        '{"day": "Monday", "start_time": "14:30", "end_time": "15:30"}',
        True,
        id="json-start-time-keys",
    ),
    # right today
    pytest.param("**Proposed time:** Monday, 14:30 - 15:30", True, id="bold-marker"),
    pytest.param("Here is the proposed time: Monday, 2:30 PM - 3:30 PM", True, id="twelve-hour"),
    pytest.param(
        "After checking everyone's calendars:\n\n| Person | Busy |\n|---|---|\n"
        "| Jerry | 9:00-11:00, 11:30-14:30, 16:00-17:00 |\n| Dylan | 10:30-11:00, 13:30-14:00 |"
        f"\n\n{SLOT}",
        True,
        id="busy-table-before-marker",
    ),
    pytest.param(
        f"{SLOT}\n\nWhy not earlier? Jerry is busy until 14:30.", True, id="why-not-earlier"
    ),
    pytest.param(f"{SLOT}. Tomorrow afternoon is also open.", False, id="tomorrow-also-open"),
    pytest.param(
        "Here is the proposed time: Monday, 11:00 - 12:00 (Jerry will be 30 minutes late).",
        False,
        id="slot-for-a-subset",
    ),
    pytest.param(
        "Here is the proposed time: Monday, 9:00 - 10:00. Wait, Jerry is busy then. " + SLOT,
        False,
        id="retracted-then-restated",
    ),
]


@pytest.mark.parametrize(("text", "expect"), SLOT_PROBES)
def test_slot_answer(text: str, expect: bool) -> None:
    assert slot(text) is expect, text


def test_every_class_has_a_probe() -> None:
    probes = DINING_PROBES + INFEASIBLE_PROBES + BOOKING_PROBES + SLOT_PROBES
    assert REVIEW.classes_probed(probes) == set(WRONG)
