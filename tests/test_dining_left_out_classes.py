"""The classes of a dinner plan said not to be for everyone, closed on 2026-12-06
(``tests/test_review_probes_dining_left_out_1206.py``), each as a property over many forms.

Every answer holds the story group's good plan (story-six: Green Fork r03 at 17:30), which
passes alone, and one sentence before or after it that says the plan is not for a guest, or
for some only, or holds only on a guest's change, or that no plan suits everyone: read through
:mod:`checkers.left_out` (shared with scheduling) in dining's words
(:mod:`domains.dining.left_out`). The honest sentences beside them, built from the same words,
must still pass.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers.text import fold
from domains.dining.judge import read_answer
from tests.test_review_probes_planning_1205 import FENCED, SLOT, STORY, dining, slot

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = st.sampled_from(["Ana", "Björn", "José", "Zoë", "Mei", "Raj", "ana", "JOSÉ", "She", "he"])
CAPITAL_NAMES = st.sampled_from(["Ana", "Björn", "José", "Zoë", "Mei", "Raj"])
LEADS = st.sampled_from(["", "Note: ", "One caveat: ", "Heads up, ", "Unfortunately, "])
TAILS = st.sampled_from([".", ", sadly.", " -- sorry about that.", "!", ". Enjoy the rest!"])
SIDES = st.booleans()


def _answer(sentence: str, after: bool) -> str:
    return f"{FENCED}\n\n{sentence}" if after else f"{sentence}\n\n{FENCED}"


def _code(text: str) -> str | None:
    read = read_answer(text, STORY)
    return getattr(read, "code", None)


def _fails_with(text: str, codes: set[str]) -> None:
    assert not dining(text), text
    assert _code(text) in codes, (text, _code(text))


PART = {"plan_for_part_of_group"}
INFINITIVES = {
    "is okay with the salad": "be okay with the salad",
    "can leave work early": "leave work early",
    "doesn't mind a taxi": "take a taxi",
    "takes a cab": "take a cab",
    "stretches her budget": "stretch her budget",
    "agrees to skip dessert": "skip dessert",
    "is fine with a vegan menu": "be fine with a vegan menu",
    "eats beforehand": "eat beforehand",
}
"""Each change of :func:`test_a_plan_on_a_guests_change_is_on_a_condition` after "we'll need
NAME to"."""


@SETTINGS
@given(
    lead=LEADS,
    name=NAMES,
    state=st.sampled_from(
        [
            "will be a bit late",
            "will be about 30 minutes late",
            "'ll be a little late",
            "has to leave early",
            "will need to head out early",
            "can only join for the last half",
            "will have to miss the start",
            "can join for dessert",
            "will only come for drinks",
            "will have to sit this one out",
            "is optional",
            "can't make it",
            "won't be joining",
            "will arrive around 30 minutes after everyone else",
            "can meet you there after dinner for dessert",
        ]
    ),
    tail=TAILS,
    after=SIDES,
)
def test_a_guest_late_or_there_for_part_is_for_part_of_the_group(
    lead: str, name: str, state: str, tail: str, after: bool
) -> None:
    space = "" if state.startswith("'") else " "
    _fails_with(_answer(f"{lead}{name}{space}{state}{tail}", after), PART)


@SETTINGS
@given(
    lead=LEADS,
    everyone=st.sampled_from(["Everyone", "Everybody", "All", "The whole group", "everyone"]),
    exception=st.sampled_from(["except", "but", "except for", "apart from", "other than"]),
    name=CAPITAL_NAMES,
    served=st.sampled_from(
        [
            "can eat at Green Fork",
            "is covered",
            "will find something on the menu",
            "has options there",
            "can eat here",
            "is happy with it",
        ]
    ),
    tail=TAILS,
    after=SIDES,
)
def test_all_but_a_guest_is_for_part_of_the_group(
    lead: str, everyone: str, exception: str, name: str, served: str, tail: str, after: bool
) -> None:
    _fails_with(_answer(f"{lead}{everyone} {exception} {name} {served}{tail}", after), PART)


@SETTINGS
@given(
    lead=LEADS,
    some=st.sampled_from(
        [
            "It suits most of the group",
            "Green Fork works for most of you",
            "Five of the six guests are covered",
            "5 out of 6 of you can eat there",
            "The majority of the group will love it",
            "four of the six of you have options",
            "Most of us can eat there",
        ]
    ),
    tail=TAILS,
    after=SIDES,
)
def test_some_of_the_group_is_for_part_of_the_group(
    lead: str, some: str, tail: str, after: bool
) -> None:
    _fails_with(_answer(f"{lead}{some}{tail}", after), PART)


@SETTINGS
@given(
    lead=LEADS,
    name=NAMES,
    makes_do=st.sampled_from(
        [
            "can just have a side salad",
            "can only order drinks",
            "will just get the fries",
            "will have to skip the cheese course",
            "will need to skip the main course",
            "will have to eat beforehand",
            "needs to eat elsewhere",
            "will need to bring her own snacks",
            "will have to make do with bread",
            "can't eat anything there",
            "is the only one who can't eat here",
            "will have to settle for a side dish",
        ]
    ),
    tail=TAILS,
    after=SIDES,
)
def test_a_guest_making_do_is_for_part_of_the_group(
    lead: str, name: str, makes_do: str, tail: str, after: bool
) -> None:
    text = _answer(f"{lead}{name} {makes_do}{tail}", after)
    # After the plan, "can't eat anything there" is the plan denied (final_word) first.
    _fails_with(text, PART | {"plan_negated"})


@SETTINGS
@given(
    claim=st.sampled_from(
        [
            "There's no perfect option, but Green Fork comes closest",
            "This is the best compromise I could find",
            "No restaurant ticks every box, so here's the closest match",
            "There's no ideal restaurant for all six of you",
            "I couldn't find a place that works for everyone",
            "It's the closest compromise",
            "No single restaurant satisfies everyone",
        ]
    ),
    tail=st.sampled_from([".", "!", ":", ". Here it is."]),
    after=SIDES,
)
def test_a_claim_that_no_plan_suits_everyone_is_two_answers(
    claim: str, tail: str, after: bool
) -> None:
    _fails_with(_answer(f"{claim}{tail}", after), {"plan_and_no_plan"})


@SETTINGS
@given(
    plan=st.sampled_from(
        ["This works", "It's a good pick", "Green Fork at 17:30 works", "Book it"]
    ),
    condition=st.sampled_from(
        ["provided", "as long as", "so long as", "assuming", "but only if", "on condition that"]
    ),
    name=CAPITAL_NAMES,
    change=st.sampled_from(
        [
            "is okay with the salad",
            "can leave work early",
            "doesn't mind a taxi",
            "takes a cab",
            "stretches her budget",
            "agrees to skip dessert",
            "is fine with a vegan menu",
            "eats beforehand",
        ]
    ),
    after=SIDES,
    order=st.sampled_from(["plan first", "condition first", "we need"]),
)
def test_a_plan_on_a_guests_change_is_on_a_condition(
    plan: str, condition: str, name: str, change: str, after: bool, order: str
) -> None:
    if order == "plan first":
        sentence = f"{plan}, {condition} {name} {change}."
    elif order == "condition first":
        sentence = f"If {name} {change}, this works."
    else:
        sentence = f"We'll need {name} to {INFINITIVES[change]}."
    _fails_with(_answer(sentence, after), {"plan_on_a_condition"})


@SETTINGS
@given(
    lead=LEADS,
    over=st.sampled_from(["over", "slightly over", "a bit above", "just beyond", "outside"]),
    name=CAPITAL_NAMES,
    whose=st.sampled_from(["{n}'s", "{n}'s $40", "{n}'s 4 km"]),
    limit=st.sampled_from(["budget", "limit", "range", "cap"]),
    tail=TAILS,
    after=SIDES,
    own=st.booleans(),
)
def test_a_guests_limit_passed_is_for_part_of_the_group(
    lead: str, over: str, name: str, whose: str, limit: str, tail: str, after: bool, own: bool
) -> None:
    if own:  # "Mei ... over her limit"
        sentence = f"{lead}{name} will need a taxi, as it's {over} her {limit}{tail}"
    else:
        sentence = f"{lead}It's {over} {whose.format(n=name)} {limit}{tail}"
    _fails_with(_answer(sentence, after), PART)


@SETTINGS
@given(
    name=CAPITAL_NAMES,
    honest=st.sampled_from(
        [
            "{n} can't eat meat, so Green Fork is perfect",
            "{n} can have the side salad or the grain bowl",
            "If {n} is running late, they hold the table for 15 minutes",
            "{n} won't be late: dinner starts at 17:30",
            "Everyone, including {n}, has options",
            "Even {n} can make it",
            "Everyone except {n} eats meat, but that's moot here",
            "{n}'s options include the mushroom bowl",
            "{n} finishes at 17:00, so she won't be late",
            "Let me know if {n} will be late",
            "Will {n} be late?",
            "{n} should avoid the cheese-topped dishes",
            "Nobody is left out, {n} included",
            "It's well within {n}'s limit",
            "It's not over {n}'s budget",
            "It won't go over {n}'s $40 budget",
            "{n} is 2 km away, well within her 4 km limit",
            "If {n} is running late, let them know",
        ]
    ),
    other=st.sampled_from(
        [
            "It's the best compromise between price and distance",
            "Green Fork is the closest option to the station",
            "Three of the five mains are nut-free",
            "It has 4 out of 5 stars",
            "No other restaurant works for everyone",
            "Everyone can eat there",
        ]
    ),
    after=SIDES,
)
def test_honest_notes_beside_the_plan_pass(name: str, honest: str, other: str, after: bool) -> None:
    text = _answer(f"{honest.format(n=name)}. {other}.", after)
    assert dining(text), (text, _code(text))


def test_the_plan_passes_alone() -> None:
    assert dining(FENCED)
    assert fold("Björn") == "Bjorn"


@pytest.mark.parametrize(
    "sentence",
    [
        "{n} will be a bit late.",
        "{n} can only join for the last half.",
        "Everyone except {n} can make it.",
        "{n} is optional.",
        "There's no perfect option, but this comes closest.",
        "This is the best compromise I could find.",
        "This works, provided {n} can move his call.",
    ],
)
def test_one_reading_fails_the_same_form_in_both_domains(sentence: str) -> None:
    """:mod:`checkers.left_out` is read by dining and scheduling alike: a form of a shared class
    fails a dinner plan and a meeting slot."""
    assert not dining(_answer(sentence.format(n="José"), after=True))
    assert not slot(f"{SLOT}\n\n{sentence.format(n='Jerry')}")
