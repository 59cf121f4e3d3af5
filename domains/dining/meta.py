"""Dining's meta spec (the ``checkers.meta`` entry point): the cases derived from the kinds'
declarations (:mod:`domains.dining.cases`), and what is dining's own: the shared opening hours
(broken by closing the restaurant, which fails every guest and nothing else: 0/n), the derived
``single_dish`` result (a diet and a budget each met by some dish, no dish meeting both), and the
metrics that judge more than the plan (the booking, the tool-call path)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from hypothesis import strategies as st
from pydantic import TypeAdapter

from checkers.meta.spec import DomainMetaSpec, InfeasibleClaim, MetricMeta, Violation
from checkers.requirements import Requirement
from domains.dining.booking import BOOK_TABLE
from domains.dining.cases import (
    EXAMPLES,
    FOOD,
    GUEST_KINDS,
    add_requirement,
    any_scenarios,
    describe,
    holding,
    planned,
    reference_oracle,
    violations,
)
from domains.dining.checks import KINDS, SINGLE_DISH, SINGLE_DISH_REASONS, checks
from domains.dining.examples import Dinner
from domains.dining.metrics import (
    EVERYONE_ATE,
    EVERYONE_ATE_OR_SAYS_INFEASIBLE,
    MENU_BEFORE_BOOKING,
    METRICS,
)
from domains.dining.models import (
    DAY,
    Budget,
    DietRequirement,
    DiningRequirement,
    Group,
    OpeningHours,
    OpeningInterval,
    Restaurant,
    Scenario,
    clock,
    covered,
)
from domains.dining.transcripts import (
    NO_PLAN_TEXTS,
    booking_transcripts,
    garbled,
    plan_transcripts,
)
from domains.dining.worlds import DIETS, single_dish_menus, worlds

KNOWN_ANSWERS = Path(__file__).with_name("known_answers.json")
_CLOSING = st.tuples(st.integers(0, DAY - 1), st.integers(0, DAY)).filter(lambda h: h[0] != h[1])
"""Any daily opening interval, to the minute."""
_REQUIREMENT: TypeAdapter[Requirement] = TypeAdapter(DiningRequirement)


@st.composite
def closed_violations(draw: st.DrawFn, sizes: tuple[int, int]) -> Violation[Scenario]:
    """The plan's restaurant open only hours, to the minute, that do not hold the dinner:
    every guest's opening hours fail (the kind is shared)."""
    world, case = draw(planned(sizes))
    hours = draw(_CLOSING.filter(lambda h: not covered((h,), world.start, world.dinner.end)))
    interval = OpeningInterval(opens=hours[0], closes=hours[1])
    closed = Restaurant.model_validate({**world.chosen.model_dump(), "hours": [interval]})
    places = tuple(closed if r.id == closed.id else r for r in world.restaurants)
    scenario = Scenario(group=case.scenario.group, restaurants=places)
    why = EXAMPLES["opening_hours"].why_broken
    assert why is not None
    code, words = why(OpeningHours(), Dinner.at(closed, world.start, world.duration))
    return Violation(
        base=case.scenario,
        scenario=scenario,
        answer=case.answer,
        subject_id=case.scenario.group.guests[0].id,
        kind="opening_hours",
        about=f"{closed.id} now open only {clock(hours[0])}-{clock(hours[1])}; "
        + describe(scenario, case.answer),
        shared=True,
        mentions=words,
        code=code,
    )


@st.composite
def single_dish_violations(draw: st.DrawFn, sizes: tuple[int, int]) -> Violation[Scenario]:
    """One guest's diet and budget each met by some dish of the plan, no dish meeting both."""
    diet = draw(st.sampled_from(DIETS))
    world, case = draw(planned(sizes, draw(worlds(single_dish_menus(diet)))))
    menu = world.chosen.menu
    with_diet = min(d.price for d in menu if diet in d.suits)
    cents = draw(st.integers(round(menu[0].price * 100), round(with_diet * 100) - 1))
    target = draw(st.sampled_from(case.scenario.group.guests))
    others = [r for r in target.requirements if r.kind not in FOOD]

    def eating(limit: float) -> Scenario:
        diet_and_budget = (DietRequirement(diet=diet), Budget(max_per_person=limit))
        return holding(case.scenario, target.id, (*diet_and_budget, *others))

    # At the diet dish's price the guest eats it; below it, only dish 0 (lacking the diet) fits.
    base, scenario = eating(with_diet), eating(cents / 100)
    return Violation(
        base=base,
        scenario=scenario,
        answer=case.answer,
        subject_id=target.id,
        kind=SINGLE_DISH,
        about=f"{target.name} ({target.id}) is {diet} with budget {cents / 100:.2f}: each is met "
        f"by some dish, no dish meets both; " + describe(scenario, case.answer),
        mentions=(target.name, world.chosen.name),
        code="no_single_dish",
    )


# --- the spec -----------------------------------------------------------------------------------


def _reorder(scenario: Scenario, order: Sequence[int]) -> Scenario:
    guests = tuple(scenario.group.guests[i] for i in order)
    group = Group.model_validate({**scenario.group.model_dump(), "guests": guests})
    return Scenario(group=group, restaurants=scenario.restaurants)


def meta_spec(min_subjects: int = 1, max_subjects: int = 6) -> DomainMetaSpec[Scenario]:
    """Dining's meta spec, with ``min_subjects`` to ``max_subjects`` guests per scenario.

    Raises ValueError unless ``1 <= min_subjects <= max_subjects <= 200``.
    """
    if not 1 <= min_subjects <= max_subjects <= 200:
        raise ValueError(
            f"guests per scenario must satisfy 1 <= min <= max <= 200, got "
            f"{min_subjects}..{max_subjects}; e.g. meta_spec(2, 6)"
        )
    sizes = (min_subjects, max_subjects)
    scenarios = any_scenarios(*sizes)
    plans = plan_transcripts(scenarios)
    kinds = (*sorted(KINDS), SINGLE_DISH)
    booking = frozenset({BOOK_TABLE})  # the plan is held to what book_table booked
    vacuous = (
        "judges only the tool-call path: with no booking it passes vacuously, whatever the "
        "final text says (by design, see domains/dining/metrics.py)"
    )
    return DomainMetaSpec(
        domain="dining",
        metric=EVERYONE_ATE,
        checks=checks,
        satisfying=planned(sizes).map(lambda built: built[1]),
        violations={
            **{kind: violations(kind, sizes) for kind in GUEST_KINDS},
            "opening_hours": closed_violations(sizes),
            SINGLE_DISH: single_dish_violations(sizes),
        },
        required_fields=("restaurant", "time"),
        needs={
            "restaurant": frozenset(kinds) - {"availability"},
            "time": frozenset({"availability", "opening_hours"}),
        },
        garble=garbled,
        scenarios=scenarios,
        subject_ids=lambda s: tuple(g.id for g in s.group.guests),
        reorder_subjects=_reorder,
        requirements={name: made.any for name, made in EXAMPLES.items()},
        add_requirement=add_requirement,
        load_requirement=_REQUIREMENT.validate_python,
        dump_scenario=lambda s: s.model_dump(mode="json"),
        load_scenario=Scenario.model_validate,
        metrics={
            # Any other metric judges the final text: plan transcripts, reported under its name.
            **{name: MetricMeta(metric, plans, ()) for name, metric in METRICS.items()},
            EVERYONE_ATE.name: MetricMeta(EVERYONE_ATE, plans, kinds, relevant_tools=booking),
            EVERYONE_ATE_OR_SAYS_INFEASIBLE.name: MetricMeta(
                EVERYONE_ATE_OR_SAYS_INFEASIBLE,
                plans,
                (*kinds, "feasibility"),
                relevant_tools=booking,
                exempt={
                    "monotone": "adding a requirement can make 'no plan satisfies everyone' "
                    "true, raising that answer's score from 0 to 1 (by design); plans are judged "
                    "exactly as by everyone_ate, whose monotonicity is checked",
                },
            ),
            MENU_BEFORE_BOOKING.name: MetricMeta(
                MENU_BEFORE_BOOKING,
                booking_transcripts(scenarios),
                ("called_before",),
                relevant_tools=frozenset({"get_menu", "book_table"}),
                exempt={
                    "empty_answer_never_passes": vacuous,
                    "two_answers_never_pass": "judges only the tool-call path (menu looked up "
                    "before book_table); the plans a final text offers are everyone_ate's to "
                    "judge, and it never passes two",
                },
            ),
        },
        derived_kinds=frozenset({SINGLE_DISH}),
        shared_kinds=frozenset({"opening_hours"}),
        oracle=reference_oracle,
        infeasible=InfeasibleClaim(EVERYONE_ATE_OR_SAYS_INFEASIBLE, st.sampled_from(NO_PLAN_TEXTS)),
        known_answers=KNOWN_ANSWERS if KNOWN_ANSWERS.is_file() else None,
        subjects=sizes,
        reasons={
            **{name: frozenset(kind.reasons) for name, kind in KINDS.items()},
            SINGLE_DISH: frozenset(SINGLE_DISH_REASONS),
        },
    )
