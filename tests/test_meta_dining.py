"""Dining's side of the meta-tests: the independent oracle against the solver and the checks,
the feasibility explanation, and ``everyone_ate_or_says_infeasible``.

Marked ``checkers_meta``, so ``checkers mutate dining`` runs these with the plugin's items.
"""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from checkers.meta.profiles import meta_settings
from checkers.results import AnswerProblem
from checkers.transcript import Transcript
from domains.dining.cases import any_scenarios, describe, reference_oracle, reference_served
from domains.dining.checks import DiningContext, check_single_dish, checks
from domains.dining.feasibility import (
    critical_plans,
    feasibility,
    judge_everyone_ate_or_says_infeasible,
)
from domains.dining.judge import judge_plan, says_no_plan
from domains.dining.meta import meta_spec
from domains.dining.metrics import METRICS, everyone_ate_or_says_infeasible
from domains.dining.models import (
    Allergy,
    Availability,
    Budget,
    DietRequirement,
    Dish,
    GeoPoint,
    Group,
    Guest,
    MaxDistance,
    OpeningHours,
    OpeningInterval,
    Restaurant,
    Scenario,
    SpiceTolerance,
)
from domains.dining.scenarios import DINING
from domains.dining.solver import best_plans, scored_plans
from tests.adk_helpers import eval_metric, invocation

pytestmark = pytest.mark.checkers_meta
FEW = settings(meta_settings("ci"), max_examples=60)


def test_reference_oracle_agrees_with_the_checks_on_every_bundled_plan() -> None:
    for scenario_id in DINING.scenario_ids():
        scenario = DINING.load_scenario(scenario_id)
        for plan in scored_plans(scenario):
            served = reference_served(scenario, plan.restaurant, plan.start)
            by_name = {g.id: g.name for g in scenario.group.guests}
            assert tuple(by_name[i] for i in by_name if i in served) == plan.served, (
                scenario_id,
                plan.restaurant.id,
                plan.start,
            )


@FEW
@given(scenario=any_scenarios(1, 5))
def test_solver_best_score_is_the_oracle_best(scenario: Scenario) -> None:
    best, winners = best_plans(scenario)
    oracle = reference_oracle(scenario)
    assert best == oracle.best
    for plan in winners:
        assert oracle.score(plan.answer()) == best


@FEW
@given(scenario=any_scenarios(1, 5))
def test_fast_critical_plans_are_solver_plans_with_the_same_best(scenario: Scenario) -> None:
    fast = [(p.restaurant.id, p.start, p.served, p.unserved) for p in critical_plans(scenario)]
    slow = [(p.restaurant.id, p.start, p.served, p.unserved) for p in scored_plans(scenario)]
    assert set(fast) <= set(slow)
    best = max((len(p[2]) for p in slow), default=0)
    assert max((len(p[2]) for p in fast), default=0) == best
    if best:  # the first best plan (catalog order, then time) is a critical one
        assert next(p for p in fast if len(p[2]) == best) == next(
            p for p in slow if len(p[2]) == best
        )


def test_infeasible_bundled_group_is_explained() -> None:
    found = feasibility(DINING.load_scenario("no-plan-fits"))
    assert found.best == Fraction(3, 4)
    assert found.note == (
        "best possible: 3/4 (r04 at 18:00 serves everyone but Lena); no restaurant suits both "
        "Lena and Omar (r01, r05, r07 and 2 more suit Lena; r04, r13 suit Omar)"
    )


def test_every_other_bundled_group_is_feasible() -> None:
    for scenario_id in DINING.scenario_ids():
        found = feasibility(DINING.load_scenario(scenario_id))
        assert (found.best == 1) is (scenario_id != "no-plan-fits"), (scenario_id, found.note)


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        ("No plan satisfies everyone.", True),
        ("I looked hard.\nno plan   SATISFIES\teveryone, sorry", True),
        ('{"no_plan": true}', True),
        ('{"no_plan": true, "reason": "Omar and Lena"}', True),
        ('```json\n{"no_plan": true}\n```', True),
        ('{"no_plan": false}', False),
        ('{"no_plan": "yes"}', False),
        ('{"no_plan": true, "restaurant": "r04"}', False),
        ('No plan satisfies everyone, but try {"restaurant": "r04", "time": "18:00"}', False),
        ("Every plan fails someone.", False),
        ("", False),
        (None, False),
    ],
)
def test_what_counts_as_saying_no_plan_plainly(text: str | None, claims: bool) -> None:
    assert says_no_plan(text)[0] is claims


def test_saying_no_plan_is_right_for_the_infeasible_group() -> None:
    scenario = DINING.load_scenario("no-plan-fits")
    verdict = judge_everyone_ate_or_says_infeasible(
        scenario, Transcript(final_text="No plan satisfies everyone."), 1.0
    )
    assert verdict.passed and verdict.score == 1.0
    [subject] = verdict.subjects
    [result] = subject.results
    assert (subject.subject_id, result.kind, result.reason_code) == (
        "group",
        "feasibility",
        "no_plan_serves_everyone",
    )
    assert result.reason.startswith(
        "the answer says no plan satisfies everyone, which is right: best possible: 3/4"
    )


def test_saying_no_plan_is_wrong_when_a_plan_serves_everyone() -> None:
    scenario = DINING.load_scenario("story-six")
    verdict = judge_everyone_ate_or_says_infeasible(
        scenario, Transcript(final_text='{"no_plan": true}'), 1.0
    )
    assert not verdict.passed and verdict.score == 0.0
    [result] = verdict.subjects[0].results
    assert result.reason_code == "a_plan_serves_everyone"
    assert result.reason == (
        "the answer says no plan satisfies everyone, but Green Fork (r03) at 17:30 serves "
        "all 6 guests"
    )
    assert verdict.notes == ("best possible: 6/6 (r03 at 17:30 serves everyone)",)


def test_a_plan_is_judged_as_everyone_ate_judges_it_with_the_best_score_noted() -> None:
    scenario = DINING.load_scenario("no-plan-fits")
    text = '{"restaurant": "r04", "time": "18:00"}'
    verdict = judge_everyone_ate_or_says_infeasible(scenario, Transcript(final_text=text), 1.0)
    assert verdict.metric == "everyone_ate_or_says_infeasible"
    assert verdict.score_fraction == Fraction(3, 4) and not verdict.passed
    assert [s.name for s in verdict.unmet_subjects()] == ["Lena"]
    assert verdict.notes[-1].startswith("best possible: 3/4 (r04 at 18:00")


def test_the_metric_is_registered_and_runs_through_adk(tmp_path: Path) -> None:
    assert "everyone_ate_or_says_infeasible" in METRICS
    inv = invocation("No plan satisfies everyone.", user_text="[scenario:no-plan-fits] Plan it.")
    result = everyone_ate_or_says_infeasible(
        eval_metric(1.0, details_dir=str(tmp_path)), [inv], None
    )
    assert result.overall_score == 1.0
    [details] = tmp_path.glob("*.json")
    [verdict] = json.loads(details.read_text(encoding="utf-8"))["invocations"]
    assert verdict["notes"][0].startswith("best possible: 3/4")


def test_meta_spec_rejects_a_bad_guest_range() -> None:
    with pytest.raises(ValueError) as caught:
        meta_spec(3, 2)
    assert str(caught.value) == (
        "guests per scenario must satisfy 1 <= min <= max <= 200, got 3..2; e.g. meta_spec(2, 6)"
    )


def test_describe_names_guests_restaurants_and_the_answer() -> None:
    scenario = DINING.load_scenario("solo-celiac")
    text = describe(scenario, {"restaurant": "r02", "time": "19:00"})
    assert text.startswith("answer {'restaurant': 'r02', 'time': '19:00'}; 1 guest [")
    assert "Łucja: gluten-free, allergic to shellfish" in text and "restaurants [r01 " in text


def test_every_plan_judged_directly_matches_the_oracle_for_a_bundled_group() -> None:
    scenario = DINING.load_scenario("spice-split")
    oracle = reference_oracle(scenario)
    for place in scenario.restaurants:
        for start in range(0, 24 * 60, 60):
            verdict = judge_plan(scenario, None, place, start, 1.0)
            served = frozenset(s.subject_id for s in verdict.subjects if s.satisfied)
            assert served == reference_served(scenario, place, start)
    assert oracle.best == 1


def test_a_check_context_cannot_be_changed_by_a_check() -> None:
    scenario = DINING.load_scenario("solo-celiac")
    guest = scenario.group.guests[0]
    ctx = DiningContext(guest, scenario.group, scenario.restaurants[0], 1140)
    with pytest.raises(FrozenInstanceError):
        ctx.start = 0  # type: ignore[misc]
    assert ctx.end == 1140 + scenario.group.duration_minutes
    assert hash(ctx) == hash(DiningContext(guest, scenario.group, scenario.restaurants[0], 1140))


# --- every check's sentences, exactly (a reason is part of the verdict people read) ------------

LOTUS = Restaurant(
    id="r1",
    name="Lotus",
    cuisine="thai",
    rating=4.5,
    location=GeoPoint(lat=37.78, lon=-122.41),
    hours=(OpeningInterval(opens=1020, closes=1320),),
    menu=(
        Dish(
            name="Tofu curry",
            price=14,
            diets=frozenset({"vegan", "vegetarian"}),
            allergens=frozenset({"soy"}),
            spice=2,
        ),
        Dish(name="Green salad", price=9.5, diets=frozenset({"vegan", "vegetarian"}), spice=0),
        Dish(
            name="Pad thai",
            price=16,
            diets=frozenset({"vegetarian"}),
            allergens=frozenset({"peanut", "tree_nut"}),
            spice=1,
        ),
    ),
)
HOME = GeoPoint(lat=37.77, lon=-122.42)


def _ctx(
    requirements: tuple[Any, ...], start: int | None = 1140, place: Any = LOTUS
) -> DiningContext:
    guest = Guest(id="ana", name="Ana", requirements=requirements)
    group = Group(id="t", duration_minutes=90, guests=(guest,))
    return DiningContext(guest, group, place, start)


@pytest.mark.parametrize(
    ("requirement", "start", "outcome", "code", "reason"),
    [
        (
            DietRequirement(diet="vegan"),
            1140,
            "pass",
            "dish_available",
            "Ana is vegan; Lotus has Tofu curry (14.00), Green salad (9.50)",
        ),
        (
            DietRequirement(diet="gluten_free"),
            1140,
            "fail",
            "no_dish_for_diet",
            "Ana is gluten-free; no dish at Lotus is gluten-free",
        ),
        (
            Allergy(allergen="tree_nut"),
            1140,
            "pass",
            "dish_available",
            "Ana is allergic to tree nut; Lotus has Tofu curry (14.00), Green salad (9.50)",
        ),
        (
            Budget(max_per_person=9.5),
            1140,
            "pass",
            "dish_available",
            "Ana can spend at most 9.50; Lotus has Green salad (9.50)",
        ),
        (
            Budget(max_per_person=9.49),
            1140,
            "fail",
            "over_budget",
            "Ana can spend at most 9.49; the cheapest dish at Lotus costs 9.50",
        ),
        (
            SpiceTolerance(max_level=4),
            1140,
            "pass",
            "dish_available",
            "Ana takes spice up to 4 (very hot); Lotus has Tofu curry (14.00), Green salad (9.50) "
            "and 1 more",
        ),
        (
            MaxDistance(max_km=1.4, origin=HOME),
            1140,
            "fail",
            "too_far",
            # 1.4 < 1.42...: shown with the decimals that tell them apart, never "1.4; 1.4"
            "Ana travels at most 1.40 km; Lotus is 1.42 km away",
        ),
        (
            MaxDistance(max_km=1.5, origin=HOME),
            1140,
            "pass",
            "within_distance",
            "Ana travels at most 1.5 km; Lotus is 1.4 km away",
        ),
        (
            Availability(available_from=1080, available_until=1230),
            1140,
            "pass",
            "available",
            "Ana is free 18:00-20:30, dinner is 19:00-20:30",
        ),
        (
            Availability(available_from=1080, available_until=1229),
            1140,
            "fail",
            "ends_too_late",
            "Ana is free 18:00-20:29; dinner 19:00-20:30 ends after 20:29",
        ),
        (
            Availability(available_from=1141, available_until=1300),
            1140,
            "fail",
            "starts_too_early",
            "Ana is free 19:01-21:40; dinner 19:00-20:30 starts before Ana is free",
        ),
        (OpeningHours(), 1230, "pass", "open", "Lotus is open 17:00-22:00, dinner is 20:30-22:00"),
        (
            OpeningHours(),
            1231,
            "fail",
            "closes_during_dinner",
            "Lotus is open 17:00-22:00; dinner 20:31-22:01: it closes before dinner ends",
        ),
        (
            OpeningHours(),
            1019,
            "fail",
            "closed_at_start",
            "Lotus is open 17:00-22:00; dinner 16:59-18:29: it is closed when dinner starts",
        ),
        (
            OpeningHours(),
            1320,
            "fail",
            "closed_at_start",
            "Lotus is open 17:00-22:00; dinner 22:00-23:30: it is closed when dinner starts",
        ),
    ],
)
def test_check_sentences(
    requirement: Any, start: int, outcome: str, code: str, reason: str
) -> None:
    result = checks.check(requirement, _ctx((requirement,), start))
    assert (result.kind, result.outcome.value, result.reason_code, result.reason) == (
        requirement.kind,
        outcome,
        code,
        reason,
    )
    assert result.requirement == requirement.model_dump(mode="json")


def test_spice_failure_names_the_mildest_dish_level() -> None:
    hot = LOTUS.model_copy(update={"menu": (LOTUS.menu[0], LOTUS.menu[2])})
    result = checks.check(SpiceTolerance(max_level=0), _ctx((), place=hot))
    assert (result.reason_code, result.reason) == (
        "too_spicy",
        "Ana takes spice up to 0 (not spicy); the mildest dish at Lotus is level 1 (mild)",
    )


def test_allergy_failure_names_the_allergen() -> None:
    nutty = LOTUS.model_copy(update={"menu": (LOTUS.menu[2],)})
    result = checks.check(Allergy(allergen="tree_nut"), _ctx((), place=nutty))
    assert (result.reason_code, result.reason) == (
        "allergen_in_every_dish",
        "Ana is allergic to tree nut; every dish at Lotus contains tree nut",
    )


@pytest.mark.parametrize(
    ("requirements", "outcome", "code", "reason"),
    [
        (
            (),
            "pass",
            "dish_fits_all",
            "Ana (no food restrictions) can eat Tofu curry (14.00), Green salad (9.50) and 1 more "
            "at Lotus",
        ),
        (
            (DietRequirement(diet="vegan"), Budget(max_per_person=10)),
            "pass",
            "dish_fits_all",
            "Ana (vegan, at most 10.00) can eat Green salad (9.50) at Lotus",
        ),
        (
            (DietRequirement(diet="vegan"), SpiceTolerance(max_level=1), Allergy(allergen="soy")),
            "pass",
            "dish_fits_all",
            "Ana (vegan, spice at most 1 (mild), free of soy) can eat Green salad (9.50) at Lotus",
        ),
        (
            (
                DietRequirement(diet="vegetarian"),
                SpiceTolerance(max_level=1),
                Budget(max_per_person=15),
            ),
            "pass",
            "dish_fits_all",
            "Ana (vegetarian, spice at most 1 (mild), at most 15.00) can eat Green salad (9.50) "
            "at Lotus",
        ),
        (
            (
                DietRequirement(diet="vegetarian"),
                Allergy(allergen="soy"),
                Budget(max_per_person=14),
            ),
            "pass",
            "dish_fits_all",
            "Ana (vegetarian, free of soy, at most 14.00) can eat Green salad (9.50) at Lotus",
        ),
        (
            (Budget(max_per_person=9), MaxDistance(max_km=9, origin=HOME)),
            "fail",
            "food_requirement_unmet",
            "no dish at Lotus suits Ana: nothing is at most 9.00",
        ),
        (
            (DietRequirement(diet="kosher"),),
            "fail",
            "food_requirement_unmet",
            "no dish at Lotus suits Ana: nothing is kosher",
        ),
        (
            (
                Allergy(allergen="soy"),
                SpiceTolerance(max_level=0),
                DietRequirement(diet="vegetarian"),
                Budget(max_per_person=9),
            ),
            "fail",
            "food_requirement_unmet",
            "no dish at Lotus suits Ana: nothing is at most 9.00",
        ),
        (
            (
                SpiceTolerance(max_level=1),
                DietRequirement(diet="vegetarian"),
                Budget(max_per_person=12),
            ),
            "pass",
            "dish_fits_all",
            "Ana (spice at most 1 (mild), vegetarian, at most 12.00) can eat Green salad (9.50) "
            "at Lotus",
        ),
        (
            (
                DietRequirement(diet="vegan"),
                Budget(max_per_person=9.49),
                SpiceTolerance(max_level=4),
            ),
            "fail",
            "food_requirement_unmet",
            "no dish at Lotus suits Ana: nothing is at most 9.49",
        ),
        (
            (Allergy(allergen="peanut"), SpiceTolerance(max_level=0), Budget(max_per_person=16)),
            "pass",
            "dish_fits_all",
            "Ana (free of peanut, spice at most 0 (not spicy), at most 16.00) can eat Green salad "
            "(9.50) at Lotus",
        ),
        (
            (
                SpiceTolerance(max_level=1),
                Budget(max_per_person=9.5),
                DietRequirement(diet="vegan"),
                Allergy(allergen="soy"),
            ),
            "pass",
            "dish_fits_all",
            "Ana (spice at most 1 (mild), at most 9.50, vegan, free of soy) can eat Green salad "
            "(9.50) at Lotus",
        ),
        (
            (
                DietRequirement(diet="vegetarian"),
                SpiceTolerance(max_level=1),
                Allergy(allergen="peanut"),
                Budget(max_per_person=15),
            ),
            "pass",
            "dish_fits_all",
            "Ana (vegetarian, spice at most 1 (mild), free of peanut, at most 15.00) can eat Green "
            "salad (9.50) at Lotus",
        ),
        (
            (
                SpiceTolerance(max_level=2),
                Budget(max_per_person=12),
                DietRequirement(diet="vegetarian"),
            ),
            "pass",
            "dish_fits_all",
            "Ana (spice at most 2 (medium), at most 12.00, vegetarian) can eat Green salad "
            "(9.50) at Lotus",
        ),
    ],
)
def test_single_dish_sentences(
    requirements: tuple[Any, ...], outcome: str, code: str, reason: str
) -> None:
    result = check_single_dish(_ctx(requirements))
    assert (result.kind, result.outcome.value, result.reason_code, result.reason) == (
        "single_dish",
        outcome,
        code,
        reason,
    )
    assert result.requirement is None


def test_single_dish_fails_when_no_dish_meets_every_need_at_once() -> None:
    requirements = (
        DietRequirement(diet="vegetarian"),
        SpiceTolerance(max_level=0),
        Allergy(allergen="soy"),
        Budget(max_per_person=14.5),
    )
    cheap_hot = LOTUS.model_copy(update={"menu": (LOTUS.menu[0], LOTUS.menu[2])})
    result = check_single_dish(_ctx(requirements[:2], place=cheap_hot))
    assert (result.outcome.value, result.reason_code, result.reason) == (
        "fail",
        "food_requirement_unmet",
        "no dish at Lotus suits Ana: nothing is spice at most 0 (not spicy)",
    )
    result = check_single_dish(
        _ctx((requirements[0], requirements[3], requirements[2]), place=cheap_hot)
    )
    assert (result.outcome.value, result.reason_code, result.reason) == (
        "fail",
        "no_single_dish",
        "each of Ana's food needs is met by some dish at Lotus, but no single dish is vegetarian, "
        "at most 14.50, free of soy at once",
    )


@pytest.mark.parametrize(
    ("requirement", "code", "reason"),
    [
        (
            DietRequirement(diet="vegan"),
            "missing_restaurant",
            "cannot judge Ana's diet: the plan has no restaurant",
        ),
        (
            MaxDistance(max_km=1, origin=HOME),
            "missing_restaurant",
            "cannot judge Ana's distance: the plan has no restaurant",
        ),
        (
            OpeningHours(),
            "missing_restaurant",
            "cannot judge the opening hours: the plan has no restaurant",
        ),
    ],
)
def test_incomplete_without_a_restaurant(requirement: Any, code: str, reason: str) -> None:
    problem = AnswerProblem(code="missing_restaurant", message="the plan has no restaurant")
    guest = Guest(id="ana", name="Ana", requirements=(requirement,))
    group = Group(id="t", guests=(guest,))
    ctx = DiningContext(guest, group, None, 1140, restaurant_problem=problem)
    result = checks.check(requirement, ctx)
    assert (result.outcome.value, result.reason_code, result.reason) == ("incomplete", code, reason)
    assert result.requirement == requirement.model_dump(mode="json")
    single = check_single_dish(ctx)
    assert (single.outcome.value, single.reason) == (
        "incomplete",
        "cannot judge Ana's single dish: the plan has no restaurant",
    )


@pytest.mark.parametrize(
    "requirement", [Availability(available_from=0, available_until=60), OpeningHours()]
)
def test_incomplete_without_a_time(requirement: Any) -> None:
    problem = AnswerProblem(code="unparseable_time", message="time '7pm' is not HH:MM")
    guest = Guest(id="ana", name="Ana", requirements=(requirement,))
    ctx = DiningContext(guest, Group(id="t", guests=(guest,)), LOTUS, None, time_problem=problem)
    result = checks.check(requirement, ctx)
    # Opening hours are the same for every guest, so their sentence names no guest.
    whose = "the" if isinstance(requirement, OpeningHours) else "Ana's"
    what = requirement.kind.replace("_", " ")
    assert (result.outcome.value, result.reason_code, result.reason) == (
        "incomplete",
        "unparseable_time",
        f"cannot judge {whose} {what}: time '7pm' is not HH:MM",
    )
    assert result.requirement == requirement.model_dump(mode="json")


def test_missing_parts_without_a_stated_problem_get_default_codes() -> None:
    guest = Guest(id="ana", name="Ana", requirements=())
    group = Group(id="t", guests=(guest,))
    no_place = checks.check(OpeningHours(), DiningContext(guest, group, None, 1140))
    no_time = checks.check(OpeningHours(), DiningContext(guest, group, LOTUS, None))
    assert (no_place.reason_code, no_place.reason) == (
        "missing_restaurant",
        "cannot judge the opening hours: ",
    )
    assert (no_time.reason_code, no_time.reason) == (
        "missing_time",
        "cannot judge the opening hours: ",
    )


def test_examples_count_the_dishes_not_shown() -> None:
    dishes = tuple(
        Dish(name=f"Bowl {i}", price=10 + i, diets=frozenset({"vegan"})) for i in range(5)
    )
    result = checks.check(
        DietRequirement(diet="vegan"), _ctx((), place=LOTUS.model_copy(update={"menu": dishes}))
    )
    assert result.reason == "Ana is vegan; Lotus has Bowl 0 (10.00), Bowl 1 (11.00) and 3 more"


@pytest.mark.parametrize(
    ("hours", "start", "code"),
    [
        ((1140, 1200), 1140, "closes_during_dinner"),  # opens exactly at the start, too short
        ((1020, 1320), 1380, "closed_at_start"),  # starts after closing time
        ((1200, 1320), 1140, "closed_at_start"),  # starts before opening time
    ],
)
def test_opening_hours_say_whether_closed_at_start_or_during(
    hours: tuple[int, int], start: int, code: str
) -> None:
    interval = OpeningInterval(opens=hours[0], closes=hours[1])
    place = LOTUS.model_copy(update={"hours": (interval,)})
    result = checks.check(OpeningHours(), _ctx((), start, place))
    assert (result.outcome.value, result.reason_code) == ("fail", code)


def test_single_dish_names_the_first_unmet_food_requirement() -> None:
    requirements = (DietRequirement(diet="kosher"), Budget(max_per_person=9))
    result = check_single_dish(_ctx(requirements))
    assert result.reason == "no dish at Lotus suits Ana: nothing is kosher"
