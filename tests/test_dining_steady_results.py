"""A guest's results that do not depend on the time are judged once per guest and restaurant
(:func:`domains.dining.judge.judge_guest`): every result must be the one the checks give the
context afresh, cold or warm, and a restaurant that is another object (another menu under the
same id) must never get the results of the first."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.results import RequirementResult
from domains.dining.cases import any_scenarios
from domains.dining.checks import DiningContext, check_single_dish, checks
from domains.dining.judge import OPENING_HOURS, judge_guest
from domains.dining.models import Dish, Restaurant, Scenario
from domains.dining.scenarios import DINING
from domains.dining.solver import critical_starts


def plain_results(ctx: DiningContext) -> tuple[RequirementResult, ...]:
    """What judge_guest gives, read afresh: the opening, every requirement, the single dish."""
    opening = checks.check(OPENING_HOURS, ctx)
    return (opening, *checks.check_each(ctx.guest.requirements, ctx), check_single_dish(ctx))


def judged(ctx: DiningContext) -> tuple[RequirementResult, ...]:
    return judge_guest(ctx, checks.check(OPENING_HOURS, ctx)).results


def starts(scenario: Scenario, place: Restaurant) -> list[int | None]:
    """Every critical start, a minute when it is closed, and no time at all."""
    return [*critical_starts(scenario, place)[:4], 4 * 60 + 7, None]


def assert_steady_results_are_plain(scenario: Scenario) -> None:
    group = scenario.group
    for place in scenario.restaurants:
        for start in starts(scenario, place):
            for guest in group.guests:
                ctx = DiningContext(guest, group, place, start)
                assert judged(ctx) == plain_results(ctx)  # cold, then warm
                assert judged(ctx) == plain_results(ctx)


@settings(max_examples=60, deadline=None)
@given(scenario=any_scenarios(1, 4))
def test_judge_guest_gives_the_plain_results(scenario: Scenario) -> None:
    assert_steady_results_are_plain(scenario)


def test_judge_guest_gives_the_plain_results_on_every_bundled_scenario() -> None:
    for scenario_id in DINING.scenario_ids():
        assert_steady_results_are_plain(DINING.load_scenario(scenario_id))


@settings(max_examples=40, deadline=None)
@given(scenario=any_scenarios(1, 4), price=st.sampled_from([0.0, 9999.0]))
def test_another_restaurant_under_the_same_id_is_judged_afresh(
    scenario: Scenario, price: float
) -> None:
    place = scenario.restaurants[0]
    group = scenario.group
    for guest in group.guests:
        judged(DiningContext(guest, group, place, None))  # warm for the first object
    # Same id, one plain dish at another price: the food results may differ.
    other = place.model_copy(update={"menu": (Dish(name="Plain rice", price=price),)})
    for guest in group.guests:
        ctx = DiningContext(guest, group, other, None)
        assert judged(ctx) == plain_results(ctx)
