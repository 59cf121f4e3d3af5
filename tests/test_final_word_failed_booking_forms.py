"""The plan denied in forms the planning reader did not know (false PASSes of 2026-12-06).

Four classes, each confirmed passing on the code before, closed by reading the general form:

- ``failed_booking_forms``: a booking the agent or the party tried and did not get, in any
  form of failing ("was unable to", "wasn't able to", "failed to", "didn't manage to",
  "haven't been able to") and any verb of getting a booking ("reserve", "secure", "lock in",
  "hold", "get", "grab", "confirm"), of the plan, a pronoun for it or nothing
  (:func:`checkers.final_word._failed_booking`). The agent's lack of a tool ("I can't book it
  for you", "I'm unable to make reservations directly") and a failure of something else ("I
  couldn't find a closer restaurant", "couldn't get an earlier table") keep the pass.
- ``negation_cancelled_across_clauses``: a negation earlier in the clause cancels a second one
  only in the same predicate (:func:`checkers.final_word._earlier_negation`): "I don't have a
  booking tool, and I couldn't get a table at 17:30" denies the plan; "There's nothing on
  their menu Ana can't eat" still praises it.
- ``nothing_left_with_no_subject``: "There's no table left", "no seats left" after the plan,
  with nothing after them but the plan's words (:func:`checkers.final_word._none_left`); said
  after another plan, of another time or thing, before an exception or under a condition, they
  keep the pass.
- ``opening_after_the_plan``: the plan's place, or a part it cannot serve without, opening
  after the plan's start ("The kitchen opens at 18:00", "Doors open at 18:00", "Green Fork only
  opens at 18:00" for a plan at 17:30; :func:`checkers.final_word._late_opening`, the mirror of
  ``_early_close``); an opening at or before the start, or of another part ("the patio opens
  at 18:00"), keeps the pass.

In scheduling the failed booking of the slot and nothing left are read the same way ("I was
unable to secure it", "There are no slots left" after "Monday, 14:30 - 15:30"); a room opening
after the slot's start already failed there.

The dining plan is Green Fork (r03) at 17:30 (story-six), the slot np-6's Monday 14:30 - 15:30.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers import plan_words as vocab
from tests.test_review_probes_planning_1205 import dining, slot
from tests.test_review_probes_planning_1206 import after, after_slot, before

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

OPENERS = ("", "Sadly, ", "Unfortunately, ", "Heads-up: ", "Note: ", "Just so you know, ")
"""How an answer leads into what it says of its plan."""


def sentence(opener: str, text: str) -> str:
    """``text`` after ``opener``, capitalised as a sentence starts."""
    return f"{opener}{text[0].upper() if not opener else text[0]}{text[1:]}"


# --- failed_booking_forms ------------------------------------------------------------------------

SUBJECTS = ("I", "We", "I really", "We unfortunately", "I just")
FAILED = (
    "was unable to",
    "wasn't able to",
    "was not able to",
    "couldn't",
    "could not",
    "failed to",
    "didn't manage to",
    "did not manage to",
    "never managed to",
    "haven't been able to",
    "am unable to",
)
VERBS = ("reserve", "secure", "lock in", "hold", "get", "grab", "confirm", "book", "snag")
PLAN_OBJECTS = (
    "it",
    "this",
    "that",
    "the table",
    "the 17:30 table",
    "a table at 17:30",
    "Green Fork",
    "Green Fork at 17:30",
    "a table at Green Fork",
    "the booking",
    "the reservation",
    "a table for us",
    "a table for six tonight",
)
"""The plan's own parts, a plan noun or a pronoun for it."""


def failed(subject: str, form: str, verb: str, said: str) -> str:
    """A failed booking; "lock in" takes a pronoun inside it ("lock it in")."""
    if verb == "lock in" and said in {"it", "this", "that"}:
        return f"{subject} {form} lock {said} in."
    return f"{subject} {form} {verb} {said}."


FAILED_BOOKINGS = [
    "I was unable to reserve it.",
    "I couldn't secure it.",
    "I wasn't able to lock in the 17:30 table.",
    "I failed to get a table at 17:30.",
    "I didn't manage to grab the 17:30 table.",
    "We tried to book, but couldn't get one.",
    "Unable to lock it in.",
    "I'm not able to secure it.",
    "I haven't been able to confirm the booking.",
]


@pytest.mark.parametrize("text", FAILED_BOOKINGS)
def test_a_failed_booking_denies_the_plan(text: str) -> None:
    assert not dining(after(text))


@pytest.mark.parametrize(
    "text",
    [
        "I can't book it for you.",
        "I'm unable to make reservations directly.",
        "I can't secure it on your behalf; please call them.",
        "I'm not able to get you a table directly, so please call them.",
        "I don't have a booking tool, so I couldn't reserve the table.",
        "I couldn't find a closer restaurant.",
        "I couldn't find a cheaper restaurant for Zoë.",
        "I couldn't get an earlier table.",
        "I couldn't get a table anywhere closer to Mei.",
        "I couldn't get Ana to confirm her allergy, so I picked a menu with options.",
        "I couldn't get enough of their desserts last time.",
        "We couldn't get a hold of the manager, but the table is booked.",
        "I couldn't get a table at 19:30, so I picked 17:30.",
        "I couldn't get a table at Ember & Oak, so I picked Green Fork.",
        "I couldn't confirm it yet; I'll follow up.",
        "I couldn't get the table by the window, but ours is just as nice.",
        "I failed to confirm it online, so I called and they confirmed it.",
        "I couldn't get over how good their reviews are.",
        "If I can't secure it, I'll let you know.",
        "Let me know if I couldn't hold it.",
    ],
)
def test_the_agents_lack_or_another_failure_keeps_the_plan(text: str) -> None:
    assert dining(after(text))


@SETTINGS
@given(
    st.sampled_from(OPENERS),
    st.sampled_from(SUBJECTS),
    st.sampled_from(FAILED),
    st.sampled_from(VERBS),
    st.sampled_from(PLAN_OBJECTS),
)
def test_every_form_of_a_failed_booking_denies_the_plan(
    opener: str, subject: str, form: str, verb: str, said: str
) -> None:
    assert not dining(after(sentence(opener, failed(subject, form, verb, said))))


OTHER_ATTEMPTS = (
    "find a closer restaurant",
    "find a quieter spot",
    "find anything cheaper",
    "get an earlier table",
    "grab an earlier table",
    "get a table anywhere closer to Mei",
    "get a table at 19:30",
    "secure a table at Ember & Oak",
    "get Ana to commit",
    "get the parking sorted",
)
"""What a failed attempt may be of besides the plan: a reason for it."""


@SETTINGS
@given(
    st.sampled_from(OPENERS),
    st.sampled_from(SUBJECTS),
    st.sampled_from(FAILED),
    st.sampled_from(OTHER_ATTEMPTS),
)
def test_a_failure_of_something_else_keeps_the_plan(
    opener: str, subject: str, form: str, attempt: str
) -> None:
    text = sentence(opener, f"{subject} {form} {attempt}, so I chose Green Fork at 17:30.")
    assert dining(after(text))


@SETTINGS
@given(
    st.sampled_from(("I can't", "I cannot", "I'm unable to", "I'm not able to")),
    st.sampled_from(("book", "reserve", "secure", "hold", "confirm")),
    st.sampled_from(("it", "the table", "a table at Green Fork")),
    st.sampled_from(
        (" for you", " directly", " on your behalf", ", so please call them", " from this chat")
    ),
)
def test_the_agents_lack_of_a_tool_keeps_the_plan(
    cannot: str, verb: str, said: str, service: str
) -> None:
    assert dining(after(f"{cannot} {verb} {said}{service}."))


@pytest.mark.parametrize(
    "text",
    [
        "I was unable to secure it.",
        "I couldn't lock it in.",
        "I failed to get it.",
        "I didn't manage to grab the slot.",
        "We weren't able to book the 14:30 slot.",
    ],
)
def test_a_failed_booking_denies_the_slot(text: str) -> None:
    assert not slot(after_slot(text))


@pytest.mark.parametrize(
    "text",
    [
        "I can't book it for you; please send the invite yourself.",
        "I couldn't find a shorter slot that works for everyone.",
        "I couldn't get Jerry to move his 11:00 call, so this slot avoids it.",
    ],
)
def test_another_failure_keeps_the_slot(text: str) -> None:
    assert slot(after_slot(text))


# --- negation_cancelled_across_clauses -----------------------------------------------------------

FIRST_NEGATIONS = (
    "I don't have a booking tool",
    "There's no dress code",
    "Ana doesn't eat meat",
    "Nobody needs parking",
    "I don't have their phone number",
    "It's not far from Mei",
)
"""Honest negated notes that may open a clause."""
SECOND_DENIALS = (
    "I couldn't get a table at 17:30",
    "Green Fork can't seat us at 17:30",
    "they aren't open at 17:30",
    "I couldn't grab it",
    "the restaurant doesn't have a table for us",
)


@SETTINGS
@given(
    st.sampled_from(FIRST_NEGATIONS),
    st.sampled_from((", and ", "; and ", ", plus ", " and ")),
    st.sampled_from(SECOND_DENIALS),
)
def test_a_denial_after_another_negated_clause_is_read(first: str, join: str, second: str) -> None:
    assert not dining(after(f"{first}{join}{second}."))


@pytest.mark.parametrize(
    "text",
    [
        "There's nothing on their menu Ana can't eat.",
        "Nobody in the group can't make 17:30.",
        "Not one of you can't make it.",
        "I don't have a booking tool, and I can't book it for you.",
        "There's no dress code, and nothing Ana can't eat.",
    ],
)
def test_a_negation_in_the_same_predicate_still_cancels(text: str) -> None:
    assert dining(after(text))


def test_a_denial_after_a_negated_clause_before_the_plan() -> None:
    assert not dining(before("Ana doesn't eat meat, and Green Fork can't seat us at 17:30."))


# --- nothing_left_with_no_subject ----------------------------------------------------------------

NONE_LEFT = (
    "there's no table left",
    "there are no tables left",
    "there is no availability left",
    "there were no seats available",
    "there's simply no room left",
    "no tables left",
    "no seats left",
    "there are no spots remaining",
)
PLAN_WORDS_AFTER = ("", " tonight", " at 17:30", " for us", " for six", " there", " at Green Fork")


@SETTINGS
@given(
    st.sampled_from(OPENERS),
    st.sampled_from(NONE_LEFT),
    st.sampled_from(PLAN_WORDS_AFTER),
)
def test_nothing_left_after_the_plan_denies_it(opener: str, said: str, words: str) -> None:
    assert not dining(after(sentence(opener, f"{said}{words}.")))


@pytest.mark.parametrize(
    "text",
    [
        "There's no table left at 19:30, so I picked 17:30.",
        "No table left at 19:30, so I picked 17:30.",
        "Ember & Oak is packed: there's no table left.",
        "There's no table left at Ember & Oak.",
        "There's no room left in the budget for dessert.",
        "There are no seats left on the patio, but our table is inside.",
        "There are no tables left, except at 17:30, which I booked.",
        "If there's no table left when you arrive, call me.",
        "There's no parking left nearby, so take a taxi.",
    ],
)
def test_nothing_left_of_something_else_keeps_the_plan(text: str) -> None:
    assert dining(after(text))


@pytest.mark.parametrize("text", ["There are no slots left.", "No slots left."])
def test_nothing_left_after_the_slot_denies_it(text: str) -> None:
    assert not slot(after_slot(text))


# --- opening_after_the_plan ----------------------------------------------------------------------

OPENING_SUBJECTS = (
    "The kitchen",
    "Green Fork",
    "Green Fork's kitchen",
    "Their kitchen",
    "It",
    "The restaurant",
    "The dining room",
)
OPENINGS = (
    "opens at",
    "only opens at",
    "doesn't open until",
    "starts seating at",
    "starts serving at",
    "opens again at",
)
LATER = ("18:00", "18:30", "19:00", "6 pm", "17:45", "6:30 p.m.")
NOT_LATER = ("17:00", "17:30", "5 pm", "16:30", "11:00", "5:15 pm")


@SETTINGS
@given(
    st.sampled_from(OPENERS),
    st.sampled_from(OPENING_SUBJECTS),
    st.sampled_from(OPENINGS),
    st.sampled_from(LATER),
)
def test_an_opening_after_the_plan_denies_it(
    opener: str, subject: str, opening: str, time: str
) -> None:
    assert not dining(after(sentence(opener, f"{subject} {opening} {time}.")))


@pytest.mark.parametrize(
    "text",
    [
        "The kitchen opens at 18:00.",
        "Doors open at 18:00.",
        "Green Fork only opens at 18:00.",
        "They open at 18:00.",
        "First seating is at 18:00.",
        "Dinner service starts at 18:30.",
    ],
)
def test_the_places_late_opening_denies_the_plan(text: str) -> None:
    assert not dining(after(text))


@SETTINGS
@given(
    st.sampled_from(OPENERS),
    st.sampled_from(OPENING_SUBJECTS),
    st.sampled_from(("opens at", "only opens at", "opens again at")),
    st.sampled_from(NOT_LATER),
)
def test_an_opening_at_or_before_the_plan_keeps_it(
    opener: str, subject: str, opening: str, time: str
) -> None:
    assert dining(after(sentence(opener, f"{subject} {opening} {time}.")))


@SETTINGS
@given(
    st.sampled_from(
        ("The patio", "The bar", "The terrace", "The rooftop", "Happy hour", "The gift shop")
    ),
    st.sampled_from(("opens at", "only opens at", "opens again at")),
    st.sampled_from(LATER),
)
def test_another_part_opening_later_keeps_the_plan(subject: str, opening: str, time: str) -> None:
    assert dining(after(f"{subject} {opening} {time}, but our table is inside."))


@pytest.mark.parametrize(
    "text",
    [
        "It's still open at 22:00, so no rush.",
        "Green Fork opens at 18:00 on Sundays.",
        "If the kitchen opens at 18:00, I'll let you know.",
        "The kitchen might open at 18:00 on busy nights.",
        "Does the kitchen open at 18:00?",
        "The kitchen opens at 18:00 for the tasting menu; the à la carte is served from 17:00.",
        "Ember & Oak only opens at 18:00, so I picked Green Fork.",
    ],
)
def test_an_opening_not_said_of_the_plan_keeps_it(text: str) -> None:
    assert dining(after(text))


def test_a_late_opening_of_the_slots_room_still_fails() -> None:
    assert not slot(after_slot("The room only opens at 15:00."))


# --- cues: the reader's shortcut skips only text holding none ------------------------------------

_ASCII = st.characters(max_codepoint=127)


@pytest.mark.parametrize(
    ("pattern", "cues"),
    [
        (vocab.FAILED_ATTEMPT, (*vocab.DENIAL_CUES, *vocab.UNAVAILABLE_CUES)),
        (vocab.EXISTENTIAL_NONE_LEFT, (*vocab.DENIAL_CUES, *vocab.UNAVAILABLE_CUES)),
        (vocab.OPENING_EDGE, vocab.OPENING_CUES),
    ],
    ids=["FAILED_ATTEMPT", "EXISTENTIAL_NONE_LEFT", "OPENING_EDGE"],
)
def test_every_match_holds_a_cue(pattern: re.Pattern[str], cues: tuple[str, ...]) -> None:
    @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.from_regex(pattern, fullmatch=True, alphabet=_ASCII))
    def check(match: str) -> None:
        assert any(cue in match for cue in cues), match

    check()
