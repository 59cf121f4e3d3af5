"""The plan said to be unavailable in words no negation list holds (2026-12-06).

Three false-PASS classes of the fourth hostile review
(``tests/test_review_probes_planning_1206.py``), closed by reading what a sentence claims of the
plan's own parts rather than growing lists of negations:

- ``plan_denied_without_a_negated_verb``: a state in which the plan cannot be had, said of its
  place, its time, a plan noun or a pronoun for it ("The 17:30 slot is gone", "Green Fork has
  nothing left at 17:30", "is out of the question", "This plan falls apart for José"), of a part
  of the place it cannot serve without ("the kitchen is shut tonight"), a closing before the
  plan's start ("Green Fork stops seating at 17:00") and a restriction to the day the plan falls
  on ("closed on Sundays \u2014 and today is Sunday"): :func:`checkers.final_word._unavailable`,
  :func:`~checkers.final_word._early_close`, :func:`~checkers.final_word._restriction_met`.
- ``negated_predicate_with_an_unread_word``: the idioms of "work" negated ("won't fly with
  José", "doesn't cut it"), a progressive after "to be" ("wasn't answering bookings for
  17:30"), a plan noun in the plural beside the plan's own part.
- ``guest_cannot_at_the_plan``: a guest who cannot eat at or get to the plan's place ("Ana
  won't be able to eat anything there", "Björn can't eat anything on their menu", "Mei can't
  get there"), or who finds it too far or too dear ("Mei says Green Fork is too far for her"):
  :func:`~checkers.final_word._cannot_eat_there`, :func:`~checkers.final_word._unavailable`.

Each property draws many forms of its class around the dining plan (Green Fork r03 at 17:30 in
story-six) or the scheduling slot (np-6, Monday 14:30 - 15:30), which pass alone; the honest
controls draw the same words said of something else, negated, hedged, limited to other times or
turned into a constraint, which must keep the pass.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers import plan_words as vocab
from tests.test_review_probes_planning_1205 import FENCED, SLOT, dining, slot

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def after(text: str) -> str:
    return f"{FENCED}\n\n{text}"


def after_slot(text: str) -> str:
    return f"{SLOT}\n\n{text}"


OPENERS = ("", "Sadly, ", "Unfortunately, ", "Heads-up: ", "Note: ", "I just heard that ")
"""How an answer leads into what it says of its plan."""

# --- plan_denied_without_a_negated_verb ----------------------------------------------------------

PLAN_SUBJECTS = (
    "Green Fork",
    "Green Fork (r03)",
    "Green Fork at 17:30",
    "The 17:30 slot",
    "The 17:30 table",
    "The restaurant",
    "This plan",
    "That booking",
    "It",
    "This place",
)
"""The plan's own parts, a plan noun or a pronoun for it, as the subject of a sentence."""
STATES = (
    "is gone",
    "is already gone",
    "is now gone",
    "was gone",
    "is shut tonight",
    "is shut for renovations",
    "is closed tonight",
    "is closed down",
    "is out of the question",
    "is out of the question for Mei",
    "is off the table",
    "is a non-starter",
    "falls apart for José",
    "fell through",
    "falls through for the group",
    "has nothing left at 17:30",
    "has none left tonight",
    "has nothing available at 17:30",
    "is too far for Mei",
    "is too expensive for Zoë",
    "is too early for José",
    "is too late for José",
    "is too small for six",
)
"""States in which the plan cannot be had, in words no negation list holds."""
NOBODYS_STATES = (
    "There's nothing left at 17:30.",
    "Nothing is left at 17:30.",
    "There is nothing available at 17:30 tonight.",
    "The kitchen is shut tonight.",
    "Their kitchen is closed tonight for a private event.",
    "Green Fork's kitchen is shut for renovations.",
    "Kitchen is closed tonight.",
)
"""The state with no plan subject: what follows names the plan, or the subject is a part of
the place it cannot serve without."""
CLOSINGS = (
    "stops seating at",
    "stops taking bookings at",
    "stops accepting guests at",
    "closes at",
    "shuts at",
    "takes its last orders at",
    "is open until",
    "only seats until",
)
EARLY_TIMES = ("17:00", "16:30", "5 pm", "17:15", "4:45 pm")
"""Times before the plan's start (17:30)."""


@SETTINGS
@given(
    opener=st.sampled_from(OPENERS),
    subject=st.sampled_from(PLAN_SUBJECTS),
    state=st.sampled_from(STATES),
)
def test_a_state_said_of_the_plan_denies_it(opener: str, subject: str, state: str) -> None:
    lead = subject if not opener or opener.endswith(": ") else subject[0].lower() + subject[1:]
    if subject.startswith(("Green", "The 17")):
        lead = subject
    text = after(f"{opener}{lead} {state}.")
    assert not dining(text), text


@pytest.mark.parametrize("sentence", NOBODYS_STATES)
def test_a_state_with_no_plan_subject_denies_it(sentence: str) -> None:
    assert not dining(after(sentence)), sentence


@SETTINGS
@given(
    subject=st.sampled_from(("Green Fork", "The restaurant", "It", "The kitchen", "They")),
    closing=st.sampled_from(CLOSINGS),
    time=st.sampled_from(EARLY_TIMES),
)
def test_a_closing_before_the_plan_denies_it(subject: str, closing: str, time: str) -> None:
    text = after(f"{subject} {closing} {time}.")
    assert not dining(text), text


@pytest.mark.parametrize(
    "sentence",
    [
        "Green Fork is closed on Sundays \u2014 and today is Sunday.",
        "Green Fork is closed on Sundays, and today is Sunday.",
        "The restaurant is shut on Mondays and tonight is a Monday.",
        "Green Fork doesn't open on Tuesdays \u2014 it's Tuesday today.",
        "They're fully booked on Fridays, and today's Friday.",
    ],
)
def test_a_restriction_to_the_day_the_plan_falls_on_denies_it(sentence: str) -> None:
    assert not dining(after(sentence)), sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "The office is closed on Mondays.",
        "The 14:30 slot is gone.",
        "That slot is out of the question for Dylan.",
        "Monday afternoon is off the table.",
        "This plan falls apart for Jerry.",
    ],
)
def test_the_slot_said_to_be_unavailable(sentence: str) -> None:
    expect = sentence.startswith("The office")  # no plan subject: the office is no slot
    assert slot(after_slot(sentence)) is expect, sentence


# --- negated_predicate_with_an_unread_word -------------------------------------------------------

IDIOMS = ("won't fly", "will not fly", "doesn't cut it", "won't pan out", "wouldn't fly")
WHO = ("", " with José", " with Mei", " for the group", " with everyone", " with Ana")
PROGRESSIVES = (
    "isn't taking bookings for 17:30",
    "wasn't answering bookings for 17:30",
    "isn't accepting reservations at 17:30",
    "aren't holding tables at 17:30",
    "weren't taking bookings for 17:30 tonight",
    "isn't seating anyone at 17:30",
)


@SETTINGS
@given(
    subject=st.sampled_from(("That", "It", "This plan", "Green Fork", "That time", "This")),
    idiom=st.sampled_from(IDIOMS),
    who=st.sampled_from(WHO),
)
def test_an_idiom_of_working_negated_denies_the_plan(subject: str, idiom: str, who: str) -> None:
    text = after(f"{subject} {idiom}{who}.")
    assert not dining(text), text


@SETTINGS
@given(
    subject=st.sampled_from(("That slot", "It", "That", "Monday at 14:30", "This plan")),
    idiom=st.sampled_from(IDIOMS),
    who=st.sampled_from(("", " with Jerry", " for Dylan", " with everyone")),
)
def test_an_idiom_of_working_negated_denies_the_slot(subject: str, idiom: str, who: str) -> None:
    text = after_slot(f"{subject} {idiom}{who}.")
    assert not slot(text), text


@SETTINGS
@given(
    opener=st.sampled_from(OPENERS),
    subject=st.sampled_from(("Green Fork", "They", "The restaurant", "Green Fork (r03)")),
    predicate=st.sampled_from(PROGRESSIVES),
)
def test_a_progressive_negated_denies_the_plan(opener: str, subject: str, predicate: str) -> None:
    if subject == "They" and predicate.startswith(("isn't", "wasn't")):
        predicate = predicate.replace("isn't", "aren't").replace("wasn't", "weren't")
    if subject != "They" and predicate.startswith(("aren't", "weren't")):
        predicate = predicate.replace("aren't", "isn't").replace("weren't", "wasn't")
    text = after(f"{opener}{subject} {predicate}.")
    assert not dining(text), text


# --- guest_cannot_at_the_plan --------------------------------------------------------------------

GUESTS = ("Ana", "Björn", "Mei", "José", "She", "He")
CANNOT = (
    "can't",
    "cannot",
    "won't be able to",
    "will not be able to",
    "isn't able to",
    "is unable to",
    "couldn't",
    "wouldn't be able to",
)
EATING = (
    "eat anything",
    "eat a single dish",
    "eat a thing",
    "eat",
    "order anything",
    "have anything",
    "have a single dish",
    "dine",
)
PLACES = (
    "there",
    "at Green Fork",
    "on their menu",
    "from their menu",
    "on the menu there",
    "at the restaurant",
    "at r03",
    "there tonight",
    "at Green Fork at 17:30",
)


@SETTINGS
@given(
    guest=st.sampled_from(GUESTS),
    cannot=st.sampled_from(CANNOT),
    eating=st.sampled_from(EATING),
    place=st.sampled_from(PLACES),
)
def test_a_guest_who_cannot_eat_at_the_plan_denies_it(
    guest: str, cannot: str, eating: str, place: str
) -> None:
    text = after(f"{guest} {cannot} {eating} {place}.")
    assert not dining(text), text


@SETTINGS
@given(
    guest=st.sampled_from(GUESTS),
    cannot=st.sampled_from(CANNOT),
    place=st.sampled_from(
        ("get there", "get to Green Fork", "get there by 17:30", "get there in time")
    ),
)
def test_a_guest_who_cannot_get_to_the_plan_denies_it(guest: str, cannot: str, place: str) -> None:
    text = after(f"{guest} {cannot} {place}.")
    assert not dining(text), text


@SETTINGS
@given(
    who=st.sampled_from(("Mei says", "Mei thinks", "Mei told me", "Zoë feels", "I'm afraid")),
    subject=st.sampled_from(("Green Fork", "it", "the restaurant", "17:30")),
    too=st.sampled_from(("too far", "too far away", "too expensive", "too pricey", "too early")),
    whom=st.sampled_from(("for her", "for Mei", "for them", "", "for the group")),
)
def test_a_guest_who_finds_the_plan_too_much_denies_it(
    who: str, subject: str, too: str, whom: str
) -> None:
    text = after(f"{who} {subject} is {too} {whom}".rstrip() + ".")
    assert not dining(text), text


# --- honest controls -----------------------------------------------------------------------------

HONEST = (
    # the same words said of another plan, of something else, or negated
    "Umi Sushi Bar is too far for Mei.",
    "Umi Sushi Bar closes at 17:00, so it was out.",
    "Ember & Oak is lovely, but Ana can't eat anything there.",
    "I looked at Ember & Oak too, but Björn can't eat anything on their menu.",
    "Other places were too far for Mei.",
    "The others are too expensive for Zoë.",
    "It isn't too far for anyone.",
    "Green Fork is not too far for Mei.",
    "Nothing is too far, and nothing is too pricey.",
    "Nobody is left out: nothing is left to chance.",
    "Nothing is left out.",
    "The patio is closed tonight, so you'll sit inside.",
    "The bar closes at 17:00, but dinner service runs late.",
    "The rain should be gone by then.",
    # hedged, or a need rather than a state
    "17:30 might be too early for some, but it's the only time that works.",
    "It's too far to walk, so take a cab.",
    "It's too early to book online, so call them.",
    # limited to other times or days
    "Green Fork is closed on Mondays.",
    "Green Fork is closed on Mondays, and today is Friday.",
    "Kitchen closes at 21:30.",
    "Green Fork closes at 22:00; the kitchen closes at 21:30.",
    "The kitchen is closed after 22:00.",
    "Green Fork is open until 23:00.",
    "Last seating is at 17:30, so be on time.",
    # a constraint of a guest, not the plan denied
    "Ana can't have dairy, so I picked a vegan place.",
    "Ana can't eat anything with nuts there, and the kitchen knows.",
    "Ana can't eat pork, so she'll order the tofu.",
    "Björn can't eat anything spicy, so he'll have the risotto.",
    "You can't get there by car, so take the tram.",
    "Mei can't get there on foot, so I booked her a taxi.",
    # policy and praise
    "They don't take reservations, so arrive at 17:30 sharp.",
    "Green Fork isn't taking reservations, so just walk in at 17:30.",
    "Green Fork isn't taking walk-ins tonight.",
    "It isn't amazing, but everyone can eat there.",
    "It isn't the cheapest option, but everyone can eat there.",
    "You won't need a deposit.",
    "The kitchen can't guarantee nut-free, but the dishes Ana picks contain none.",
    "You originally asked for 19:30, but that's too late for José.",
    "I couldn't find a restaurant closer to Mei.",
    "If it's too far for Mei, she can take a taxi.",
    "Let me know if 17:30 is too early.",
    "Is it too far for Mei?",
)
HONEST_SLOT = (
    "Jerry doesn't have a meeting at 14:30.",
    "The gap before Jerry's call is too short for the meeting.",
    "Jerry can't do mornings, so the afternoon is the only option.",
    "The office is closed on Sundays.",
    "Nothing is left out: everyone is free then.",
)


@pytest.mark.parametrize("sentence", HONEST)
def test_honest_words_keep_the_plan(sentence: str) -> None:
    assert dining(after(sentence)), sentence


@pytest.mark.parametrize("sentence", HONEST_SLOT)
def test_honest_words_keep_the_slot(sentence: str) -> None:
    assert slot(after_slot(sentence)), sentence


@SETTINGS
@given(
    opener=st.sampled_from(OPENERS),
    other=st.sampled_from(("Umi Sushi Bar", "Ember & Oak", "Marigold")),
    state=st.sampled_from(STATES),
)
def test_a_state_said_of_another_plan_before_the_json_keeps_the_pass(
    opener: str, other: str, state: str
) -> None:
    """Before the plan, a state said of a plan weighed and set aside is the reasoning."""
    text = f"I first looked at {other}. {opener}{other} {state}.\n\n{FENCED}"
    assert dining(text), text


# --- cues: the reader's shortcut skips only text holding none ------------------------------------

_ASCII = st.characters(max_codepoint=127)


@pytest.mark.parametrize(
    ("pattern", "cues"),
    [
        (vocab.UNAVAILABLE, (*vocab.DENIAL_CUES, *vocab.UNAVAILABLE_CUES)),
        (vocab.CANNOT_EAT, (*vocab.DENIAL_CUES, *vocab.UNAVAILABLE_CUES)),
        (vocab.CLOSING_EDGE, vocab.CLOSING_EDGE_CUES),
    ],
    ids=["UNAVAILABLE", "CANNOT_EAT", "CLOSING_EDGE"],
)
def test_every_match_holds_a_cue(pattern: re.Pattern[str], cues: tuple[str, ...]) -> None:
    @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.from_regex(pattern, fullmatch=True, alphabet=_ASCII))
    def check(match: str) -> None:
        assert any(cue in match for cue in cues), match

    check()
