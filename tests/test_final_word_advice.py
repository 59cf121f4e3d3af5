"""Advice and busy time around the plan keep the pass; a real withdrawal, alternative, denial or
second slot still fails.

The second hostile review (``tests/test_review_probes_planning_1205b.py``) found honest notes
read as taking the plan back or adding one: a cancellation policy ("You can cancel the booking
free of charge up to 2 hours before"), how to go ("don't show up late"), something not worth
doing ("don't bother bringing cash", "forget about parking"), a need gone ("no longer has to
rush") matched :data:`checkers.plan_words.WITHDRAW`; a dish ("a dairy-free alternative") matched
:data:`checkers.plan_words.ALTERNATIVE`; and in the plan's own object a note with a subject of
its own ("The patio is unavailable in winter") was read as denying the plan; and in scheduling
the busy calendar restated after the slot ("Jerry is busy 9:00-11:00, 11:30-14:30 and
16:00-17:00", "Dylan has a call at 13:30", "I checked 9:00 too, but Jerry is busy then") was
read as more slots. The properties
write each honest form many ways and its twin that takes back, adds to or denies the plan.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_final_word_fail_closed import OTHER_PLACES, OTHER_TIMES, PLAN, SLOT, dining, slot

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = tuple(ref for ref in OTHER_PLACES if not ref.startswith("r"))


def after(text: str) -> str:
    """``text`` after the fenced plan, as a rationale follows the JSON."""
    return f"```json\n{json.dumps(PLAN)}\n```\n\n{text}"


def noted(note: str) -> str:
    """The plan's JSON object with ``note`` as its ``notes``."""
    return json.dumps({**PLAN, "notes": note})


# --- withdraw_words_in_advice -----------------------------------------------------------------

WHO = ("You", "You", "They", "Guests", "Everyone")
MODALS = ("can", "could", "may", "can still", "can always")
CANCELLED = ("cancel the booking", "cancel the reservation", "cancel it", "cancel that")
POLICIES = (
    "free of charge up to 2 hours before.",
    "without a fee until 15:00.",
    "online if plans change.",
    "by calling them.",
    ".",
)
MANNERS = ("late", "too late", "early", "more than 10 minutes late", "without a jacket")
GO = ("show up", "go", "come")
THINGS = ("parking", "cash", "dessert", "the dress code", "the bus", "a jacket")
GERUNDS = ("bringing cash", "printing anything", "dressing up", "ordering starters")
RELIEF = ("rush", "leave early", "worry about the time", "skip lunch")
WITHDRAWALS = (
    "Actually, cancel it.",
    "Cancel the booking.",
    "Let's not go.",
    "Don't go.",
    "Don't book it.",
    "Forget about it.",
    "Forget about the reservation.",
    "Don't bother going.",
    "We no longer need to go.",
    "Never mind, scratch that.",
)

advice = st.one_of(
    st.builds(
        lambda w, m, c, p: f"{w} {m} {c} {p}",
        st.sampled_from(WHO),
        st.sampled_from(MODALS),
        st.sampled_from(CANCELLED),
        st.sampled_from(POLICIES),
    ),
    st.builds(
        lambda g, m: f"Please don't {g} {m}; they hold tables for 15 minutes.",
        st.sampled_from(GO),
        st.sampled_from(MANNERS),
    ),
    st.builds(lambda t: f"Forget about {t}; it's easy.", st.sampled_from(THINGS)),
    st.builds(lambda g: f"Don't bother {g}.", st.sampled_from(GERUNDS)),
    st.builds(
        lambda who, r: f"{who} no longer {'has' if who == 'José' else 'have'} to {r}.",
        st.sampled_from(("José", "You", "The kids")),
        st.sampled_from(RELIEF),
    ),
)
"""Advice about the plan that holds a withdrawal word."""


@SETTINGS
@given(advice)
def test_advice_about_the_plan_is_no_withdrawal(text: str) -> None:
    assert dining(after(text)), text


@pytest.mark.parametrize("text", WITHDRAWALS)
def test_a_withdrawal_still_fails(text: str) -> None:
    assert not dining(after(text)), text


# --- alternative_as_menu_word ------------------------------------------------------------------

DIETS = ("dairy-free", "gluten-free", "vegan", "plant-based", "oat-milk", "nut-free", "halal")
DISHES = ("for most dishes", "to butter", "on request", "for the dessert", "")
SAYS = ("They offer a {d} alternative {x}.", "Ask for the {d} alternative {x}.")


@SETTINGS
@given(st.sampled_from(SAYS), st.sampled_from(DIETS), st.sampled_from(DISHES), st.booleans())
def test_an_alternative_on_the_menu_is_no_other_plan(
    say: str, diet: str, dish: str, in_json: bool
) -> None:
    sentence = say.format(d=diet, x=dish).replace(" .", ".")
    text = noted(sentence) if in_json else after(sentence)
    assert dining(text), text


@SETTINGS
@given(st.sampled_from(NAMES), OTHER_TIMES, st.sampled_from(DIETS))
def test_an_alternative_restaurant_still_fails(name: str, time: str, diet: str) -> None:
    for sentence in (
        f"Alternatively, {name} at {time}.",
        f"A {diet} alternative: {name} at {time}.",
        f"There's also an alternative: {name}.",
        "I also have a backup in mind.",
    ):
        assert not dining(after(sentence)), sentence


# --- state_word_about_something_else_in_json ---------------------------------------------------

SUBJECTS = ("The patio", "The terrace", "Street parking", "The garden room", "A high chair")
STATES = ("is unavailable in winter", "is often full", "is closed on Mondays", "can be full")
PLAN_DENIALS = (
    "Fully booked at 17:30.",
    "It is unavailable tonight.",
    "The restaurant is closed tonight.",
    "The table is unavailable.",
    "Everyone is busy then.",
    "The group is busy at 17:30.",
    "Jerry's calendar is busy.",
)


@SETTINGS
@given(st.sampled_from(SUBJECTS), st.sampled_from(STATES))
def test_a_note_about_something_else_does_not_deny_the_plan(subject: str, state: str) -> None:
    note = f"{subject} {state}; use the garage."
    assert dining(noted(note)), note


@pytest.mark.parametrize("note", PLAN_DENIALS)
def test_a_note_denying_the_plan_still_fails(note: str) -> None:
    assert not dining(noted(note)), note


# --- slot_rationale_after_marker -----------------------------------------------------------------

PEOPLE = ("Jerry", "Dylan", "Thomas")
SPANS = ("9:00\u201311:00", "11:30\u201312:00", "16:00\u201317:00", "10:00-10:30")
COMMITMENTS = (
    "{p} has a call at {t}.",
    "{p} has an appointment at {t}.",
    "{p}'s next meeting is at {t}.",
    "{p} has a team meeting at {t}.",
)
TIMES = ("9:00", "10:30", "13:00", "16:00", "17:00")
REJECTED = (
    "I checked {t} too, but {p} is busy then.",
    "There's a 30-minute gap at {t}, but that's too short.",
    "{t} was an option, but {p} is unavailable then.",
)
SECOND_SLOTS = (
    "{p} is busy 9:00\u201311:00, but 16:00\u201317:00 also works.",
    "{p} has a call at 13:00, so 16:00 works too.",
    "{t} works too.",
    "Let's have a meeting at {t} instead.",
    "Our meeting could also be at {t}.",
    "I checked {t} too, and it works for {p}.",
)


def after_slot(text: str) -> str:
    return f"{SLOT}\n\n{text}"


@SETTINGS
@given(
    st.sampled_from(PEOPLE),
    st.lists(st.sampled_from(SPANS), min_size=2, max_size=4, unique=True),
    st.sampled_from((", ", " and ")),
)
def test_a_list_of_busy_spans_is_all_busy(person: str, spans: list[str], last: str) -> None:
    listed = ", ".join(spans[:-1]) + ("," if last == ", " else "") + f" and {spans[-1]}"
    text = after_slot(f"{person} is busy {listed}.")
    assert slot(text), text


@SETTINGS
@given(st.sampled_from(COMMITMENTS + REJECTED), st.sampled_from(PEOPLE), st.sampled_from(TIMES))
def test_a_commitment_or_a_time_ruled_out_is_no_slot(form: str, person: str, time: str) -> None:
    text = after_slot(form.format(p=person, t=time))
    assert slot(text), text


@pytest.mark.parametrize("form", SECOND_SLOTS)
def test_a_second_slot_still_fails(form: str) -> None:
    text = after_slot(form.format(p="Jerry", t="16:00"))
    assert not slot(text), text
