"""A guest's need said broken in other words than "over budget" or "nothing vegetarian", over
every bundled dining scenario a plan serves in full (:mod:`domains.dining.needs_broken`).

Review 2026-12-07e found these passing beside story-six's good plan ("It's a bit pricey for
Zoë.", "Mains average $55 per person.", "There's nothing on the menu for Raj.", "This assumes
Raj is okay with a small peanut risk."). Two classes, each drawn here from every scenario's
own guests and needs:

- a figure past a guest's own limit: a sum for a guest or per person above the guest's budget
  (the group's smallest when no guest is named; a sum for the whole table read per guest), a
  trip longer than the guest's distance limit ("Mei would need to travel 6 km"); the same
  sentences with a figure within the limit pass;
- a need said unmet in other words: dear for a guest ("a bit pricey for Zoë", "a stretch for
  her budget"), nothing or no dish for a guest or a guest's allergy or diet, every dish
  holding what a guest cannot eat (no place named), every dish spicy, a risk of
  cross-contamination, the plan assuming a guest accepts a risk or stretches a limit.

Their honest near-misses pass: the need said met ("Raj's peanut allergy is covered: the
kitchen is peanut-free."), a risk denied, a sum within the budget, "nothing for Raj to worry
about", "not everything is spicy", a guest who holds no budget spending more.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domains.dining.models import Allergy, Budget, DietRequirement, Scenario, SpiceTolerance
from domains.dining.needs_broken import ALLERGEN_WORDS
from domains.dining.scenarios import DINING
from tests.test_needs_said_broken_anywhere import (
    SERVED_IN_FULL,
    WITH_LIMITS,
    _beside_plan,
    _distance,
    _limited,
    _plan,
)
from tests.test_plan_breaks_a_need import PLAN, _left_out


def _first(name: str) -> str:
    return name.split()[0]


def _budgets(scenario: Scenario) -> list[tuple[str, float]]:
    """Each guest with a budget: the first name and the budget per person."""
    return [
        (_first(guest.name), r.max_per_person)
        for guest in scenario.group.guests
        for r in guest.requirements
        if isinstance(r, Budget)
    ]


def _holding(scenario: Scenario, kind: type) -> list[tuple[str, object]]:
    """Each guest holding a requirement of ``kind`` (a spice limit only below the top level):
    the first name and the requirement."""
    return [
        (_first(guest.name), r)
        for guest in scenario.group.guests
        for r in guest.requirements
        if isinstance(r, kind) and not (isinstance(r, SpiceTolerance) and r.max_level >= 4)
    ]


WITH_BUDGETS = tuple(s for s in SERVED_IN_FULL if _budgets(DINING.load_scenario(s)))
WITHOUT_BUDGET_GUESTS = tuple(
    s
    for s in WITH_BUDGETS
    if len(_budgets(DINING.load_scenario(s))) < len(DINING.load_scenario(s).group.guests)
)
WITH_ALLERGIES = tuple(s for s in SERVED_IN_FULL if _holding(DINING.load_scenario(s), Allergy))
WITH_SPICE = tuple(s for s in SERVED_IN_FULL if _holding(DINING.load_scenario(s), SpiceTolerance))
WITH_DIETS = tuple(s for s in SERVED_IN_FULL if _holding(DINING.load_scenario(s), DietRequirement))

# --- a figure past a guest's own limit ------------------------------------------------------

SUMS_FOR_A_GUEST = (
    "{G} will need to spend about {A}.",
    "{G} would have to pay {A}.",
    "It'll cost {G} about {A}.",
    "{G}'s share comes to {A}.",
    "That works out to {A} for {G}.",
    "{R} is about {A} for {G}.",
)
"""A sum ``{A}`` said for guest ``{G}`` at restaurant ``{R}``: held to that guest's budget."""
SUMS_PER_PERSON = (
    "Mains average {A} per person.",
    "{R} costs about {A} per person.",
    "Expect to pay around {A} a head.",
    "Dinner is about {A} per person.",
    "Price per person: ~{A}.",
    "Mains at {R} run {A}.",
    "It'll run about {A} each.",
    "Each person will pay about {A}.",
)
"""A sum ``{A}`` said per person: held to the group's smallest budget."""
SUMS_FOR_THE_TABLE = (
    "The bill comes to about {T}.",
    "{R} will come to {T} for the table.",
    "We'll pay about {T} in total.",
)
"""A sum ``{T}`` for the whole group: held per guest to the group's smallest budget."""
MONEY = ("${n}", "{n} dollars", "${n}.50", "$ {n}")
"""How a whole number ``{n}`` of money is written."""


def _sum(limit: float, factor: Fraction, written: str) -> str:
    """``limit`` times ``factor`` as money written as ``written`` shows, rounded away from the
    limit: up past it, down within it (a dollar less where cents are added: "$39.50")."""
    value = limit * float(factor)
    whole = math.ceil(value) if factor > 1 else math.floor(value) - (".50" in written)
    return written.format(n=whole)


@st.composite
def _sum_said(draw: st.DrawFn, factors: st.SearchStrategy[Fraction]) -> tuple[Scenario, str]:
    """A scenario with a budget and a sentence giving a sum of a budget times a factor drawn
    from ``factors``: a named guest's own, the group's smallest per person, or that times the
    group's size for the whole table."""
    scenario = DINING.load_scenario(draw(st.sampled_from(WITH_BUDGETS)))
    budgets = _budgets(scenario)
    smallest = min(budget for _, budget in budgets)
    _, restaurant, _ = _plan(scenario)
    factor, written = draw(factors), draw(st.sampled_from(MONEY))
    kind = draw(st.sampled_from(("guest", "person", "table")))
    if kind == "guest":
        name, budget = draw(st.sampled_from(budgets))
        sentence = draw(st.sampled_from(SUMS_FOR_A_GUEST))
        return scenario, sentence.format(G=name, R=restaurant, A=_sum(budget, factor, written))
    if kind == "person":
        sentence = draw(st.sampled_from(SUMS_PER_PERSON))
        return scenario, sentence.format(R=restaurant, A=_sum(smallest, factor, written))
    size = len(scenario.group.guests)
    sentence = draw(st.sampled_from(SUMS_FOR_THE_TABLE))
    return scenario, sentence.format(R=restaurant, T=_sum(smallest * size, factor, "${n}"))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(WITHOUT_BUDGET_GUESTS), st.data(), st.sampled_from(SUMS_FOR_A_GUEST))
def test_a_sum_for_a_guest_who_holds_no_budget_passes(
    scenario_id: str, data: st.DataObject, sentence: str
) -> None:
    """A guest with no budget has none to break, whatever the group's smallest."""
    scenario = DINING.load_scenario(scenario_id)
    budgeted = {name for name, _ in _budgets(scenario)}
    free = [_first(g.name) for g in scenario.group.guests if _first(g.name) not in budgeted]
    name = data.draw(st.sampled_from(free))
    largest = max(budget for _, budget in _budgets(scenario))
    _, restaurant, _ = _plan(scenario)
    said = sentence.format(G=name, R=restaurant, A=f"${math.ceil(largest * 2)}")
    verdict = _beside_plan(scenario, said, True)
    assert verdict.passed, (scenario_id, said, [p.code for p in verdict.problems])


TRIPS = (
    "{G} would need to travel {D}.",
    "{G} will have to walk {D}.",
    "{G}'s trip there would be {D}.",
    "It's a {D} trip for {G}.",
    "{G} has to drive {D} to get there.",
)
"""Sentences giving guest ``{G}`` a trip of ``{D}`` to the plan's restaurant."""


@st.composite
def _trip_said(draw: st.DrawFn, factors: st.SearchStrategy[Fraction]) -> tuple[Scenario, str]:
    """A scenario with a distance limit and a sentence of :data:`TRIPS` for a guest holding
    one, the trip the limit times a factor drawn from ``factors``, in any unit."""
    scenario = DINING.load_scenario(draw(st.sampled_from(WITH_LIMITS)))
    name, limit = draw(st.sampled_from(_limited(scenario)))
    unit = draw(st.sampled_from(("km", "kilometres", "miles", "mi", "metres")))
    distance = _distance(limit, unit, draw(factors), draw(st.booleans()))
    return scenario, draw(st.sampled_from(TRIPS)).format(G=name, D=distance)


PAST, WITHIN = st.fractions(Fraction(11, 10), Fraction(3)), st.fractions(Fraction(1, 4), 1)
"""Factors of a limit: past it, within it (or at it)."""


@pytest.mark.parametrize(
    ("figures", "passes"),
    [
        (_sum_said(PAST), False),
        (_sum_said(WITHIN), True),
        (_trip_said(PAST), False),
        (_trip_said(WITHIN), True),
    ],
    ids=["sum-past", "sum-within", "trip-past", "trip-within"],
)
@settings(max_examples=120, deadline=None)
@given(data=st.data(), after=st.booleans())
def test_a_figure_is_held_to_the_guests_own_limit_in_every_scenario(
    figures: st.SearchStrategy[tuple[Scenario, str]],
    passes: bool,
    data: st.DataObject,
    after: bool,
) -> None:
    """A sum past a guest's budget or a trip past a guest's distance limit fails, before the
    plan or after it; the same sentences with a figure within the limit pass."""
    scenario, sentence = data.draw(figures)
    verdict = _beside_plan(scenario, sentence, after)
    assert verdict.passed is passes, (scenario.id, sentence, [p.code for p in verdict.problems])
    assert passes or verdict.score < 1


# --- a need said unmet in other words ---------------------------------------------------------

DEAR = (
    "It's a bit pricey for {G}.",
    "{R} is on the expensive side for {G}.",
    "A bit of a stretch for {G}'s budget, though.",
    "It's a little steep for {G}.",
    "Caveat: this assumes {G} can stretch {their} budget.",
    "{G} would need to be okay with going over budget.",
)
"""Guest ``{G}``'s budget said passed in other words."""
ALLERGY_UNMET = (
    "There's nothing on the menu for {G}.",
    "Nothing there is safe for {G}'s {a} allergy.",
    "No dish is safe for {G}.",
    "Every dish contains {w}, so {G} is out of luck.",
    "Everything on the menu has {w}.",
    "This assumes {G} is okay with a small {a} risk.",
    "{G} would need to be OK with cross-contamination.",
    "There's some risk of cross-contamination for {G}.",
    "{G}'s {a} allergy can't be accommodated.",
)
"""Guest ``{G}``'s allergy to ``{a}`` (a word of it: ``{w}``) said unmet."""
DIET_UNMET = (
    "There's nothing on the menu for {G}.",
    "There aren't any options for {G}'s diet.",
    "Nothing there is suitable for {G}.",
    "{G}'s diet isn't catered for.",
    "{G} will go hungry.",
)
"""Guest ``{G}``'s diet said unmet."""
SPICE_UNMET = (
    "Everything is spicy for {G}.",
    "Everything on the menu is spicy.",
    "The food is too spicy for {G}.",
    "Too spicy for {G}, sadly.",
)
"""Guest ``{G}``'s spice limit said passed."""
DEAR_MET = (
    "It's not too pricey for {G}.",
    "{G}'s budget is fine: mains are well within it.",
    "{G} won't need to stretch {their} budget.",
)
ALLERGY_MET = (
    "{G}'s {a} allergy is covered: the kitchen is {a}-free.",
    "No {w} anywhere on the menu, so {G} is safe.",
    "There's nothing for {G} to worry about.",
    "There's no risk of cross-contamination for {G}.",
    "The kitchen is {a}-free, so there's zero {a} risk.",
    "{G} won't need to accept any risk.",
    "Every dish has {a}-free versions.",
    "Not every dish contains {w}.",
    "Nothing on the menu is unsafe for {G}.",
)
DIET_MET = (
    "There's plenty on the menu for {G}.",
    "{G}'s diet is catered for.",
    "{G} won't go hungry.",
)
SPICE_MET = (
    "Not everything is spicy.",
    "Nothing on the menu is too spicy for {G}.",
    "Everything is spicy except the salads, which suit {G}.",
    "None of the food is too spicy for {G}.",
)
NEEDS: dict[type, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    Budget: (WITH_BUDGETS, DEAR, DEAR_MET),
    Allergy: (WITH_ALLERGIES, ALLERGY_UNMET, ALLERGY_MET),
    DietRequirement: (WITH_DIETS, DIET_UNMET, DIET_MET),
    SpiceTolerance: (WITH_SPICE, SPICE_UNMET, SPICE_MET),
}
"""Each kind of need: the scenarios where a guest holds one, sentences saying it unmet, and
their honest near-misses (the need said met, a risk denied)."""


def _allergen_words(requirement: object) -> tuple[str, str]:
    """An allergy's allergen as a sentence names it ("tree nut", "shellfish") and another word
    for what holds it ("nuts", "lobster"); peanut's, for another requirement."""
    words = ALLERGEN_WORDS[requirement.allergen if isinstance(requirement, Allergy) else "peanut"]
    return words[0], words[-1]


@st.composite
def _need_said(draw: st.DrawFn, met: bool) -> tuple[Scenario, str]:
    """A scenario, and a sentence of :data:`NEEDS` saying a need some guest of it holds unmet
    (or, ``met``, its near-miss)."""
    kind = draw(st.sampled_from(sorted(NEEDS, key=lambda k: k.__name__)))
    scenarios, unmet, near_misses = NEEDS[kind]
    scenario = DINING.load_scenario(draw(st.sampled_from(scenarios)))
    name, requirement = draw(st.sampled_from(_holding(scenario, kind)))
    allergen, word = _allergen_words(requirement)
    _, restaurant, _ = _plan(scenario)
    sentence = draw(st.sampled_from(near_misses if met else unmet))
    return scenario, sentence.format(G=name, R=restaurant, a=allergen, w=word, their="their")


@pytest.mark.parametrize("passes", [False, True], ids=["unmet", "met"])
@settings(max_examples=200, deadline=None)
@given(data=st.data(), after=st.booleans())
def test_a_need_said_unmet_in_other_words_fails_in_every_scenario(
    passes: bool, data: st.DataObject, after: bool
) -> None:
    """A need said unmet (:data:`NEEDS`) fails beside the plan, before it or after; its
    near-miss, the need said met, passes."""
    scenario, sentence = data.draw(_need_said(met=passes))
    verdict = _beside_plan(scenario, sentence, after)
    assert verdict.passed is passes, (scenario.id, sentence, [p.code for p in verdict.problems])
    assert passes or verdict.score < 1


STORY = DINING.load_scenario("story-six")
"""Zoë's budget 40, spice <= 1; Mei within 4 km, shellfish allergy; Raj pescatarian, peanut
allergy."""


@pytest.mark.parametrize(
    "said",
    [
        "Raj's peanut allergy is covered: the kitchen is peanut-free.",
        "Zoë's budget of $40 is fine: mains are about $25.",
        "No peanuts anywhere on the menu, so Raj is safe.",
        "Mains average $25 per person.",
        "Green Fork is $55 with wine, about $30 without.",
        "Expect roughly $55 each including drinks.",
        "Zoë would need to be okay with paying about $35.",
        "You'd need to be okay with a short walk from the car park.",
        "They take care to avoid cross-contamination.",
        "There's a small risk of cross-contamination with gluten.",  # no guest avoids gluten
        "Zoë has to stretch her legs after dinner.",
        "Every dish contains peanuts except the grilled fish.",
    ],
)
@pytest.mark.parametrize("after", [True, False])
def test_honest_words_beside_story_sixs_plan_pass(said: str, after: bool) -> None:
    verdict = _beside_plan(STORY, said, after)
    assert verdict.passed, (said, [p.code for p in verdict.problems])


@pytest.mark.parametrize(
    "said",
    [
        "Mains average $55 at Umi Sushi Bar, versus $25 at Green Fork.",
        "Umi Sushi Bar's mains average $55, so I picked Green Fork.",
        "I considered Umi Sushi Bar at 18:00, but there's nothing on the menu for Raj.",
        "I considered Umi Sushi Bar at 18:00: it's a bit pricey for Zoë.",
        "Zoë would spend about $55 at Umi Sushi Bar.",
        "Mei would have to travel 6 km to Umi Sushi Bar.",
    ],
)
def test_another_restaurant_said_to_break_a_need_passes(said: str) -> None:
    """Before the plan, and by this reader after it (where the final word reads a restaurant
    named after the plan as another plan offered: ``several_plans``, its own reading)."""
    verdict = _beside_plan(STORY, said, after=False)
    assert verdict.passed, (said, [p.code for p in verdict.problems])
    assert _left_out(f"{PLAN}\n\n{said}") is None, said


INTERJECTIONS = ("No problem", "No worries", "Not ideal", "Not great", "No", "Never mind")
"""A negation of its own before a clause saying a limit passed: no denial of it."""
DENIALS = (
    "Nothing on the menu is over {g}'s budget.",
    "None of the mains are over {g}'s budget.",
    "No dish there is over {g}'s budget.",
    "{g} won't go over her budget.",
)


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(WITH_BUDGETS),
    st.data(),
    st.sampled_from(INTERJECTIONS),
    st.sampled_from((", ", ": ", ". ", " \u2014 ")),
    st.sampled_from(DENIALS),
    st.booleans(),
)
def test_a_negation_of_its_own_clause_denies_no_limit_passed(
    scenario_id: str,
    data: st.DataObject,
    interjection: str,
    cut: str,
    denial: str,
    after: bool,
) -> None:
    """Found by review (2026-12-08): "No problem, Zoë is over her budget." passed (the "no"
    of the interjection read as denying "over"); "Nothing on the menu is over Zoë's budget."
    failed (no negation read in "nothing")."""
    scenario = DINING.load_scenario(scenario_id)
    guest = data.draw(st.sampled_from(_budgets(scenario)))[0]
    passed = f"{interjection}{cut}{guest} is over her budget."
    verdict = _beside_plan(scenario, passed, after)
    assert not verdict.passed, passed
    denied = denial.format(g=guest)
    verdict = _beside_plan(scenario, denied, after)
    assert verdict.passed, (denied, [p.code for p in verdict.problems])


CANNOT_AFFORD = (
    "{g} can't afford it.",
    "{g} cannot really afford this place.",
    "{g} won't be able to afford the bill.",
    "Sadly, {g} couldn't afford dinner there.",
)
AFFORDS = (
    "{g} can afford it.",
    "{g} can't afford much, so this place suits her.",
    "{g} can't afford to spend more than her budget, and this place is within it.",
)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(WITH_BUDGETS),
    st.data(),
    st.sampled_from(CANNOT_AFFORD),
    st.sampled_from(AFFORDS),
    st.booleans(),
)
def test_a_guest_who_cannot_afford_the_plan_is_left_out(
    scenario_id: str, data: st.DataObject, cannot: str, affords: str, after: bool
) -> None:
    """Found by review (2026-12-08): "Zoë can't afford it." passed ("Zoë cannot afford Green
    Fork" failed: only the restaurant named was read)."""
    scenario = DINING.load_scenario(scenario_id)
    guest = data.draw(st.sampled_from(_budgets(scenario)))[0]
    said = cannot.format(g=guest)
    assert not _beside_plan(scenario, said, after).passed, said
    said = affords.format(g=guest)
    verdict = _beside_plan(scenario, said, after)
    assert verdict.passed, (said, [p.code for p in verdict.problems])
