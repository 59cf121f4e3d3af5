"""The meta-tests' cases for dining, derived from the kinds' declarations
(:data:`domains.dining.checks.KINDS`) around dining's worlds (:mod:`domains.dining.worlds`).

- satisfying (:func:`planned`): a world and its plan; each guest eats one dish of the plan's
  menu, and every requirement is drawn from its kind's ``met_by`` of the dinner serving that dish;
- a violation of guest kind K (:func:`violations`): a world whose menu K can break; one guest also
  gets a requirement from K's ``broken_by``, which must fail with the code and words K's
  ``why_broken`` gives (food kinds also fail the derived ``single_dish``);
- any scenario (:func:`any_scenarios`): half built around a plan, half with requirements each met
  or broken by a random dinner (many infeasible).

On the grid of the worlds the quarter hours are exhaustive: a dinner starting off the grid serves
a subset of the guests the grid time before it serves, so the best score over the grid is the
best over every minute (windows off the grid are covered by ``tests/test_dining_rules.py``). The
oracle (:func:`reference_served`) scores a plan by the kinds' ``holds`` rules alone: a guest eats
when some dish, with the rest of the plan, meets every requirement; the checks play no part, so a
wrong check disagrees with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from checkers.kinds import KindExamples
from checkers.meta.spec import Case, Oracle, Violation
from checkers.requirements import Requirement
from domains.dining.checks import KINDS, SINGLE_DISH
from domains.dining.examples import SLOT, Dinner
from domains.dining.models import (
    DAY,
    FoodRequirement,
    Group,
    Guest,
    OpeningHours,
    Restaurant,
    Scenario,
    clock,
)
from domains.dining.worlds import World, menus, plan_answers, restaurants, worlds

GUEST_KINDS = tuple(name for name in KINDS if name != "opening_hours")
"""The kinds a guest holds in generated scenarios (every guest holds the opening hours)."""
FOOD = frozenset(name for name, kind in KINDS.items() if issubclass(kind.model, FoodRequirement))
NAMES = ("Ana", "Björn", "Zoë", "Omar", "Mei", "Raj", "José", "Lin")
EXAMPLES: dict[str, KindExamples[Any, Dinner]] = {n: k.examples(st) for n, k in KINDS.items()}
_SOME_KINDS = st.lists(st.sampled_from(GUEST_KINDS), max_size=6)
"""Built once: a strategy made inside every draw is validated anew each time."""


def guest_name(index: int) -> str:
    """Distinct names, Unicode included: Ana, Björn, ... Ana 1, Björn 1, ..."""
    base = NAMES[index % len(NAMES)]
    return base if index < len(NAMES) else f"{base} {index // len(NAMES)}"


def describe_requirement(req: Requirement) -> str:
    """The requirement in its kind's words (``allergic to peanut``, ``free 18:00-21:00``)."""
    describe = KINDS[req.kind].describe
    return describe(req) if describe is not None else req.kind


def describe(scenario: Scenario, answer: dict[str, Any] | None = None) -> str:
    """The scenario (and the answer) in a few lines' worth of text, for failure messages."""
    guests = "; ".join(
        f"{g.id} {g.name}: "
        + (", ".join(map(describe_requirement, g.requirements)) or "no requirements")
        for g in scenario.group.guests
    )
    places = "; ".join(
        f"{r.id} {r.name!r} at ({r.location.lat}, {r.location.lon}) open "
        f"{', '.join(f'{clock(h.opens)}-{clock(h.closes)}' for h in r.hours)}, menu "
        + ", ".join(
            f"{d.name} ({', '.join([f'{d.price:.2f}', *sorted(d.diets), f'spice {d.spice}'])}"
            + "".join(f", has {a}" for a in sorted(d.allergens))
            + ")"
            for d in r.menu
        )
        for r in scenario.restaurants
    )
    plan = f"answer {answer}; " if answer is not None else ""
    size = len(scenario.group.guests)
    return (
        f"{plan}{size} guest{'s' if size != 1 else ''} [{guests}], dinner "
        f"{scenario.group.duration_minutes} min; restaurants [{places}]"
    )


@st.composite
def held(draw: st.DrawFn, dinner: Dinner, met: bool = True) -> list[Requirement]:
    """Requirements of any guest kinds, each met (or each met or broken) by ``dinner``."""
    found = []
    for kind in draw(_SOME_KINDS):
        made = EXAMPLES[kind]
        strategy = made.met_by(dinner) if met or draw(st.booleans()) else made.broken_by(dinner)
        if not strategy.is_empty:  # a dish with no diet tag meets no diet
            found.append(draw(strategy))
    return found


@st.composite
def served_guests(draw: st.DrawFn, world: World, index: int) -> Guest:
    """Guest ``g<index>``, eating one dish of the plan's menu, whose every requirement the plan
    meets."""
    dish = draw(st.sampled_from(world.chosen.menu))
    found = draw(held(world.dinner.serving(dish)))
    return Guest(id=f"g{index}", name=guest_name(index), requirements=tuple(found))


def scenario_of(world: World, guests: Sequence[Guest]) -> Scenario:
    group = Group(id="generated", duration_minutes=world.duration, guests=tuple(guests))
    return Scenario(group=group, restaurants=world.restaurants)


def holding(scenario: Scenario, subject_id: str, requirements: Sequence[Any]) -> Scenario:
    """``scenario`` with guest ``subject_id`` holding exactly ``requirements``."""
    guests = tuple(
        g.model_copy(update={"requirements": tuple(requirements)}) if g.id == subject_id else g
        for g in scenario.group.guests
    )
    group = Group.model_validate({**scenario.group.model_dump(), "guests": guests})
    return Scenario(group=group, restaurants=scenario.restaurants)


def add_requirement(scenario: Scenario, subject_id: str, requirement: Requirement) -> Scenario:
    guest = next(g for g in scenario.group.guests if g.id == subject_id)
    return holding(scenario, subject_id, (*guest.requirements, requirement))


@st.composite
def planned(
    draw: st.DrawFn, sizes: tuple[int, int], world: World | None = None
) -> tuple[World, Case[Scenario]]:
    """A scenario built around a plan (in ``world`` when given), and that plan as the answer."""
    world = world or draw(worlds())
    guests = [draw(served_guests(world, i)) for i in range(draw(st.integers(*sizes)))]
    scenario = scenario_of(world, guests)
    answer = draw(plan_answers(world))
    return world, Case(scenario, answer, describe(scenario, answer))


@st.composite
def violations(draw: st.DrawFn, kind: str, sizes: tuple[int, int]) -> Violation[Scenario]:
    """A scenario where the plan breaks exactly one requirement of guest kind ``kind``."""
    world = draw(worlds(menus(tight=True)))
    breaking = EXAMPLES[kind].broken_by(world.dinner)
    assume(not breaking.is_empty)
    tight = draw(breaking)
    _, case = draw(planned(sizes, world))
    target = draw(st.sampled_from(case.scenario.group.guests))
    scenario = add_requirement(case.scenario, target.id, tight)
    why = EXAMPLES[kind].why_broken
    code, words = why(tight, world.dinner) if why is not None else (None, ())
    return Violation(
        base=case.scenario,
        scenario=scenario,
        answer=case.answer,
        subject_id=target.id,
        kind=kind,
        about=f"{target.name} ({target.id}) now also holds {describe_requirement(tight)}; "
        + describe(scenario, case.answer),
        also_fails=frozenset({SINGLE_DISH}) if kind in FOOD else frozenset(),
        mentions=(target.name, *words),
        code=code,
    )


@st.composite
def random_guests(draw: st.DrawFn, index: int, places: Sequence[Restaurant], minutes: int) -> Guest:
    """Guest ``g<index>`` whose requirements are each met or broken by some dinner (of
    ``minutes``) at one of ``places``: feasible or not, as it falls."""
    start = draw(st.integers(0, (DAY - minutes) // SLOT)) * SLOT
    dinner = Dinner.at(draw(st.sampled_from(places)), start, minutes)
    found = draw(held(dinner, met=False))
    return Guest(id=f"g{index}", name=guest_name(index), requirements=tuple(found))


@st.composite
def random_scenarios(draw: st.DrawFn, sizes: tuple[int, int]) -> Scenario:
    places = tuple(draw(restaurants(i)) for i in range(draw(st.integers(1, 3))))
    minutes = draw(st.integers(1, 16)) * SLOT
    count = draw(st.integers(*sizes))
    guests = tuple(draw(random_guests(i, places, minutes)) for i in range(count))
    group = Group(id="generated", duration_minutes=minutes, guests=guests)
    return Scenario(group=group, restaurants=places)


def any_scenarios(min_subjects: int, max_subjects: int) -> st.SearchStrategy[Scenario]:
    """Half built around a plan (feasible), half drawn at random (often infeasible)."""
    sizes = (min_subjects, max_subjects)
    return planned(sizes).map(lambda built: built[1].scenario) | random_scenarios(sizes)


# --- the oracle ---------------------------------------------------------------------------------


def reference_served(scenario: Scenario, place: Restaurant, start: int) -> frozenset[str]:
    """Ids of the guests a plan serves, by the kinds' ``holds`` rules alone: the restaurant is
    open for the whole dinner (every guest holds that), and some dish, with the rest of the
    plan, meets every requirement of the guest."""
    dinner = Dinner.at(place, start, scenario.group.duration_minutes)
    if not KINDS["opening_hours"].holds(OpeningHours(), dinner):
        return frozenset()
    one_dish = [dinner.serving(dish) for dish in place.menu]
    return frozenset(
        guest.id
        for guest in scenario.group.guests
        if any(all(KINDS[r.kind].holds(r, one) for r in guest.requirements) for one in one_dish)
    )


def reference_oracle(scenario: Scenario) -> Oracle:
    """Every restaurant at every 15-minute start of the day, scored by :func:`reference_served`."""
    total = len(scenario.group.guests)
    scores = {
        (place.id, clock(start)): Fraction(len(reference_served(scenario, place, start)), total)
        for place in scenario.restaurants
        for start in range(0, DAY, SLOT)
    }
    return Oracle(
        best=max(scores.values()),
        answers=tuple({"restaurant": r, "time": t} for r, t in scores),
        score=lambda answer: scores[(answer["restaurant"], answer["time"])],
        subjects=total,
    )
