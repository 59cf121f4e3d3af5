"""Over every bundled dining scenario a plan serves in full: a sentence after the plan that says
its restaurant cannot have it, in words other than an edge before a time, fails; its honest
twin passes.

Three classes of false PASS found by the review of 2026-12-07
(``tests/test_review_probes_1207e.py``):

- the restaurant shut at the plan's time or for good, said otherwise than "closes at 17:00":
  opening hours as a range ("Hours: 08:00-17:00", "Open 8-5"), meals served ("They're only
  open for lunch"), closed for good ("Green Fork has permanently closed"), an hour in words
  ("Closes at five");
- the restaurant unable to seat the party ("They can only seat four", "Max party size is 4",
  "They don't take groups over four"), a limit held against the scenario's own party size: a
  limit at or above it is a detail of the plan ("They can seat up to 8");
- the agent's doubt that the plan works for all ("I'm not sure this works for Mei").

Each class is drawn over the scenario's own plan (restaurant, start), party size, guests and
dinner length. A judgement call, kept as an example: a doubt about something else than the
plan ("Not sure about dessert, but the mains work for everyone.") passes.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from checkers import plan_words as vocab
from checkers.transcript import Transcript
from domains.dining.judge import judge_everyone_ate
from domains.dining.models import Scenario
from domains.dining.scenarios import DINING
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, _plan

NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
NUMBERS += ("eleven", "twelve")
"""The numbers from 1 to 12 in words."""


def _passes(scenario: Scenario, said: str) -> bool:
    """Whether the answer stating the scenario's good plan, then ``said``, passes."""
    restaurant, _, time = _plan(scenario)
    text = f'```json\n{{"restaurant": "{restaurant}", "time": "{time}"}}\n```\n\n{said}'
    return judge_everyone_ate(scenario, Transcript(final_text=text), 1.0).passed


def _start(scenario: Scenario) -> int:
    """The plan's start, in minutes after midnight."""
    hour, minute = _plan(scenario)[2].split(":")
    return int(hour) * 60 + int(minute)


def _clock(minutes: int) -> str:
    """``minutes`` after midnight (any day) as a 24-hour clock time."""
    minutes %= 24 * 60
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _twelve(minutes: int) -> str:
    """``minutes`` after midnight (within a day) in twelve-hour writing with am or pm."""
    hour, minute = divmod(minutes % (24 * 60), 60)
    half = "PM" if hour >= 12 else "AM"
    said = str(hour % 12 or 12) + (f":{minute:02d}" if minute else "")
    return f"{said} {half}"


def _count(number: int, words: bool) -> str:
    return NUMBERS[number - 1] if words and 1 <= number <= 12 else str(number)


SCENARIOS = st.sampled_from(SERVED_IN_FULL).map(DINING.load_scenario)
"""Every bundled dining scenario a plan serves in full (a failing example shows it whole)."""


# --- closed at the plan's time or for good -------------------------------------------------------

HOURS = (
    "Hours: {a}\u2013{b}.",
    "Opening hours: {a}-{b}.",
    "Opening hours {a}-{b}.",
    "{R} is open {a} to {b}.",
    "They're open {a}\u2013{b}.",
    "Open {a}\u2013{b}.",
    "Open daily {a}-{b}.",
    "{R} hours: {a} - {b}.",
    "Their hours are {a}-{b}.",
)
"""Opening hours as a range, said of the plan's restaurant."""
HONEST_HOURS = tuple(h for h in HOURS if not h.startswith("Their hours are"))
"""The hours whose honest twin passes: "Their hours are 17:00-19:30." is still read as another
plan offered (``several_plans``), a reading of times around the plan this file leaves alone."""


@settings(max_examples=80, deadline=None)
@given(SCENARIOS, st.sampled_from(HOURS), st.integers(1, 22), st.integers(1, 22), st.booleans())
def test_opening_hours_shutting_out_the_plans_start_fail_in_every_scenario(
    scenario: Scenario, sentence: str, opening: int, length: int, twelve: bool
) -> None:
    start = _start(scenario)
    opens, closes = opening * 60, min(23, opening + length) * 60
    assume(opens < closes and not opens <= start < closes)
    form = _twelve if twelve else _clock
    said = sentence.format(R=_plan(scenario)[1], a=form(opens), b=form(closes))
    assert not _passes(scenario, said), said


@settings(max_examples=60, deadline=None)
@given(
    SCENARIOS,
    st.sampled_from(HONEST_HOURS),
    st.integers(0, 5 * 60).map(lambda m: m - m % 30),
    st.integers(0, 4 * 60).map(lambda m: m - m % 30),
)
def test_opening_hours_around_the_whole_dinner_pass_in_every_scenario(
    scenario: Scenario, sentence: str, before: int, after: int
) -> None:
    start = _start(scenario)
    closes = start + scenario.group.duration_minutes + after
    said = sentence.format(R=_plan(scenario)[1], a=_clock(start - before), b=_clock(closes))
    assert _passes(scenario, said), said


MEAL_CORE = {
    "breakfast": (7 * 60, 10 * 60),
    "lunch": (12 * 60, 14 * 60),
    "dinner": (18 * 60, 22 * 60),
}
"""The hours each meal is surely at (from, to)."""
MEALS = (
    "They're only open for {m}.",
    "{R} is {m} only.",
    "{M} only.",
    "{R} only serves {m}.",
    "It's only open for {m}.",
    "They serve {m} only.",
)
"""A restaurant said to serve only at one meal."""


def _meal_away(meal: str, start: int) -> bool:
    """Whether a plan starting at ``start`` is two hours or more from ``meal``'s sure hours
    (so surely not at it, whatever a reader takes the meal's edges to be)."""
    low, high = MEAL_CORE[meal]
    return all(not low - 120 <= s <= high + 120 for s in (start, start + 24 * 60))


@settings(max_examples=60, deadline=None)
@given(SCENARIOS, st.sampled_from(MEALS), st.sampled_from(sorted(MEAL_CORE)))
def test_a_restaurant_serving_only_another_meal_fails_in_every_scenario(
    scenario: Scenario, sentence: str, meal: str
) -> None:
    start = _start(scenario)
    if not _meal_away(meal, start):
        return
    said = sentence.format(R=_plan(scenario)[1], m=meal, M=meal.capitalize())
    assert not _passes(scenario, said), said


@settings(max_examples=40, deadline=None)
@given(SCENARIOS, st.sampled_from(MEALS), st.sampled_from(sorted(MEAL_CORE)))
def test_a_restaurant_serving_only_the_plans_meal_passes_in_every_scenario(
    scenario: Scenario, sentence: str, meal: str
) -> None:
    low, high = MEAL_CORE[meal]
    if not low <= _start(scenario) <= high:
        return
    said = sentence.format(R=_plan(scenario)[1], m=meal, M=meal.capitalize())
    assert _passes(scenario, said), said


CLOSED_FOR_GOOD = (
    "{R} has permanently closed.",
    "{R} shut down for good.",
    "They went out of business last year.",
    "{R} is closed until further notice.",
    "It has closed its doors for good.",
    "{R} is temporarily closed for renovations.",
    "{R} is no longer operating.",
    "Sadly, {R} has closed down.",
)
"""The plan's restaurant said shut for good or for a while."""


@settings(max_examples=40, deadline=None)
@given(SCENARIOS, st.sampled_from(CLOSED_FOR_GOOD))
def test_the_restaurant_closed_for_good_fails_in_every_scenario(
    scenario: Scenario, sentence: str
) -> None:
    said = sentence.format(R=_plan(scenario)[1])
    assert not _passes(scenario, said), said


@settings(max_examples=40, deadline=None)
@given(SCENARIOS, st.integers(1, 12), st.sampled_from(("Closes at {h}.", "{R} closes at {h}.")))
def test_a_closing_hour_in_words_before_the_plan_fails_in_every_scenario(
    scenario: Scenario, hour: int, sentence: str
) -> None:
    start = _start(scenario)
    if not 12 * 60 < (hour + 12) * 60 <= start:
        return  # in words, a place's closing is the afternoon's or the evening's
    said = sentence.format(R=_plan(scenario)[1], h=NUMBERS[hour - 1])
    assert not _passes(scenario, said), said


# --- too small for the party --------------------------------------------------------------------

LIMITS = (
    "They can only seat {k}.",
    "Max party size is {k}.",
    "{R} seats up to {k}.",
    "They don't take groups over {k}.",
    "Parties of {k} or fewer only.",
    "Their largest table seats {k}.",
    "{R} can only take {k} people.",
    "Maximum of {k} guests per table.",
)
"""A limit of room said of the plan's restaurant, the most it seats being ``k``."""
REFUSALS = (
    "They don't take reservations for parties of {n}.",
    "{R} can't seat {n}.",
    "They don't accept groups of {n}.",
    "No groups of {n} or more.",
)
"""A refusal of a party of ``n``."""
LARGER_REFUSED = (
    "They don't take reservations for parties of {n}.",
    "No groups of {n} or more.",
    "They don't take walk-ins for parties of {n}+.",
)
"""A refusal of a party of ``n`` that says nothing of a smaller one (``"{R} can't seat {n}"``
fails whatever ``n``: the plan's restaurant said unable, read before the number is)."""


@settings(max_examples=120, deadline=None)
@given(SCENARIOS, st.sampled_from(LIMITS), st.integers(1, 30), st.booleans())
def test_a_limit_fails_only_below_the_party_in_every_scenario(
    scenario: Scenario, sentence: str, most: int, words: bool
) -> None:
    party = len(scenario.group.guests)
    said = sentence.format(R=_plan(scenario)[1], k=_count(most, words))
    assert _passes(scenario, said) is (most >= party), said


@settings(max_examples=80, deadline=None)
@given(SCENARIOS, st.sampled_from(REFUSALS), st.integers(0, 10), st.booleans())
def test_a_refusal_fails_only_of_the_partys_size_in_every_scenario(
    scenario: Scenario, sentence: str, more: int, words: bool
) -> None:
    if more and sentence not in LARGER_REFUSED:
        return
    said = sentence.format(R=_plan(scenario)[1], n=_count(len(scenario.group.guests) + more, words))
    assert _passes(scenario, said) is (more > 0), said


# --- the plan doubted ---------------------------------------------------------------------------

DOUBTS = (
    "I'm not confident this works for everyone.",
    "I'm not sure this works for {G}.",
    "I doubt it suits everyone.",
    "I'm not certain {G} can eat there.",
    "I can't guarantee it works for {G}.",
    "I'm not 100% sure {R} suits everyone.",
    "Honestly, I'm unsure whether this is right for {G}.",
)
"""The agent not standing by the plan for all or for a guest."""
TRUSTS = (
    "I'm confident this works for everyone.",
    "I have no doubt it suits everyone.",
    "I'm sure {G} can eat there.",
    "No doubt {R} works for everyone.",
    "Not sure about dessert, but the mains work for everyone.",
    "Not sure which dessert {G} will pick, but everything works for {G}.",
    "Let me know if you're not sure this works for {G}.",
    "No one is left out.",
)
"""Honest twins: the plan stood by, or a doubt about something else (a judgement call: a doubt
outside the plan leaves it standing)."""


@settings(max_examples=100, deadline=None)
@given(SCENARIOS, st.sampled_from((*DOUBTS, *TRUSTS)), st.data())
def test_a_doubt_that_the_plan_works_fails_and_trust_passes_in_every_scenario(
    scenario: Scenario, sentence: str, data: st.DataObject
) -> None:
    guest = data.draw(st.sampled_from(scenario.group.guests)).name
    said = sentence.format(R=_plan(scenario)[1], G=guest)
    assert _passes(scenario, said) is (sentence in TRUSTS), said


# --- story-six examples: the review's probes' neighbours -----------------------------------------

STORY = DINING.load_scenario("story-six")
"""Green Fork (r03) at 17:30 for two hours, six guests."""


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("Open 8\u20135.", False),  # 08:00-17:00
        ("Open 11-3.", False),  # 11:00-15:00
        ("Open 5\u201311.", True),  # an opening hour from 1 to 5 is the afternoon's
        ("Open 11:30 AM \u2013 10 PM.", True),
        ("Green Fork is a breakfast-and-lunch spot.", False),
        ("They don't serve dinner.", False),
        ("They're closed for lunch.", True),
        ("Closed for dinner on Mondays.", True),  # another day
        ("If they've closed down, I'll find another place.", True),
        ("Is Green Fork permanently closed?", True),
        ("Umi only seats four, so I chose Green Fork.", True),
        ("Most places can only seat four; Green Fork seats twelve.", True),
        ("They can seat all six of you.", True),
        ("The patio is open 8\u20135.", True),
        ("Happy hour runs 4\u20136.", True),
        ("We're #4 on the waitlist.", False),
        ("I'm not sure if you want me to book it.", True),
        ("Not sure this works for Mei?", False),
    ],
)
def test_story_six_neighbours(said: str, passes: bool) -> None:
    assert _passes(STORY, said) is passes, said


# --- the cue shortcut -----------------------------------------------------------------------------

PATTERNS = (
    vocab.OPEN_HOURS,
    vocab.MEALS_ONLY,
    vocab.MEAL_SHUT,
    vocab.CLOSED_FOR_GOOD,
    vocab.PARTY_LIMIT,
    vocab.PARTY_REFUSED,
    vocab.DOUBT,
)


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: str(p.pattern)[:30])
def test_every_match_holds_a_place_limit_cue(pattern: re.Pattern[str]) -> None:
    @settings(max_examples=300, deadline=None)
    @given(st.from_regex(pattern, fullmatch=True, alphabet=st.characters(max_codepoint=127)))
    def check(match: str) -> None:
        assert any(cue in match for cue in vocab.PLACE_LIMIT_CUES), match

    check()
