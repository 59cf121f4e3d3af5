"""The cues that spare dining's "not for everyone" reading its longer patterns hold for every
text those patterns match.

:func:`domains.dining.left_out.said_not_for_everyone` compiles a pattern with the group's names
inside it ("everyone except Björn", "provided Ana is okay with the salad") only for an answer
that holds its cue. A cue a matched text can lack is a false pass: the cue for a plan on a
guest's change once left out "contingent on" and "tentatively until", so "Green Fork at 17:30
works, contingent on Ana agreeing to the salad" passed. Here each cue is held to texts drawn
from its own pattern, and every condition word the core reads (:data:`checkers.left_out.
CONDITIONS`) is held to a failed answer.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers import left_out
from domains.dining import left_out as dining_left_out
from tests.test_dining_left_out_classes import _answer, _fails_with
from tests.test_review_probes_planning_1205 import dining

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ("ana", "björn", "josé", "zoë", "mei", "raj")


@SETTINGS
@given(data=st.data(), index=st.integers(0, len(dining_left_out._NAMED) - 1))
def test_every_text_a_named_pattern_matches_holds_its_cue(data: st.DataObject, index: int) -> None:
    named = dining_left_out._NAMED[index]
    pattern = dining_left_out._named(index, "|".join(NAMES))
    text = data.draw(st.from_regex(pattern)).casefold()  # as the reader reads an answer
    if pattern.search(text):
        assert named.cue.search(text), (index, text)


@SETTINGS
@given(data=st.data())
def test_every_text_the_no_plan_claim_matches_holds_its_cue(data: st.DataObject) -> None:
    text = data.draw(st.from_regex(dining_left_out._NO_PLAN)).casefold()
    if dining_left_out._NO_PLAN.search(text):
        assert dining_left_out._CLAIM_CUES.search(text), text


CONDITIONS = (
    "provided",
    "provided that",
    "providing",
    "as long as",
    "so long as",
    "only if",
    "but only if",
    "pending",
    "subject to",
    "tentative until",
    "tentatively until",
    "on condition that",
    "on the condition that",
    "assuming",
    "assuming that",
    "contingent on",
    "depending on whether",
)
"""Every condition :data:`checkers.left_out.CONDITIONS` reads (held to it below)."""


def test_the_conditions_above_are_the_cores() -> None:
    for condition in CONDITIONS:
        assert re.fullmatch(left_out.CONDITIONS, f"{condition} "), condition


@SETTINGS
@given(
    plan=st.sampled_from(["This works", "Green Fork at 17:30 works", "Book it", "It's my pick"]),
    condition=st.sampled_from(CONDITIONS),
    name=st.sampled_from(["Ana", "Björn", "José", "Zoë", "Mei", "Raj"]),
    change=st.sampled_from(
        [
            "agreeing to the salad",
            "agrees to skip dessert",
            "is okay with a taxi",
            "moving her call",
        ]
    ),
    after=st.booleans(),
)
def test_a_plan_on_any_condition_of_a_guests_change_fails(
    plan: str, condition: str, name: str, change: str, after: bool
) -> None:
    _fails_with(_answer(f"{plan}, {condition} {name} {change}.", after), {"plan_on_a_condition"})


NO_GUESTS_CHANGE = (
    "This works, provided the weather holds.",
    "Book it, subject to availability on the night.",
    "Green Fork at 17:30 works, contingent on the restaurant confirming by email.",
)


def test_the_same_words_of_no_guest_keep_the_pass() -> None:
    assert all(dining(_answer(sentence, after=True)) for sentence in NO_GUESTS_CHANGE)
