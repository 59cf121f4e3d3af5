"""Someone left out in words of one planning domain alone, as tables a reader can check by eye.

Found by a hostile review (2026-12-07): "Zoë will join us on video call." passed dining (a
guest joining a dinner from afar eats at no table of it, where a participant joining a meeting
remotely attends it) and "Only Thomas and Dylan need to attend." passed scheduling (the slot
said to need only some of the participants). Each form fails its domain after the good plan,
each twin passes; on the code before, every form passed.
"""

from __future__ import annotations

import pytest

from tests.test_review_probes_planning_1205 import FENCED, SLOT, dining, slot

REMOTE = (
    "Zoë will join us on video call.",
    "Zoë will join remotely.",
    "Zoë will join by phone.",
    "Zoë will join the dinner via Zoom.",
    "Zoë is going to dial in by video.",
    "Zoë can join online.",
)
"""A guest said to join the dinner from afar: no seat at its table."""
REMOTE_TWINS = (
    "Zoë can call the restaurant by phone to confirm.",
    "Zoë will join us at 17:30 sharp.",
    "Zoë booked it online.",
)
ONLY_SOME = (
    "Only Thomas and Dylan need to attend.",
    "Only Thomas and Dylan have to be there.",
    "Only Thomas and Dylan are required to attend.",
    "Only Thomas and Dylan are needed.",
    "Just Thomas and Dylan must attend.",
)
"""The slot said to need only some of its participants (Jerry is invited too)."""
ONLY_SOME_TWINS = (
    "Only Thomas and Dylan need to bring slides.",
    "Thomas and Dylan need to attend, and Jerry too.",
    "Jerry will join remotely.",
)


@pytest.mark.parametrize("said", REMOTE)
def test_a_guest_joining_from_afar_is_left_out_of_the_dinner(said: str) -> None:
    assert not dining(f"{FENCED}\n\n{said}"), said


@pytest.mark.parametrize("said", REMOTE_TWINS)
def test_a_guest_calling_or_booking_is_not(said: str) -> None:
    assert dining(f"{FENCED}\n\n{said}"), said


@pytest.mark.parametrize("said", ONLY_SOME)
def test_a_slot_said_to_need_only_some_leaves_the_rest_out(said: str) -> None:
    assert not slot(f"{SLOT}\n\n{said}"), said


@pytest.mark.parametrize("said", ONLY_SOME_TWINS)
def test_a_need_of_some_or_everyone_in_is_no_such_slot(said: str) -> None:
    assert slot(f"{SLOT}\n\n{said}"), said


HEADED_FOR_ALL_BUT = (
    "For everyone except Raj:",
    "Here's the plan for everyone but Raj:",
    "Dinner for the whole group except for Raj:",
    "My pick for all of you apart from Raj:",
)
"""The plan headed as for all but a guest (found by the same review: "For everyone except
Mei:" before the plan passed)."""
HEADED_TWINS = (
    "For everyone:",
    "Umi works for everyone except Raj, so here is Green Fork:",
    "I checked vegan options for everyone except Raj, who eats fish.",
)


@pytest.mark.parametrize("said", HEADED_FOR_ALL_BUT)
def test_a_plan_headed_as_for_all_but_a_guest_leaves_them_out(said: str) -> None:
    assert not dining(f"{said}\n{FENCED}"), said


@pytest.mark.parametrize("said", HEADED_TWINS)
def test_a_heading_for_everyone_or_words_of_another_plan_do_not(said: str) -> None:
    assert dining(f"{said}\n{FENCED}"), said
