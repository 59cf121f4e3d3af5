"""The bundled dining catalog and groups: they load, they are consistent, and each group has the
property it was written for, checked by brute force over every restaurant and every start time
in 15-minute steps from 00:00."""

from __future__ import annotations

import itertools
import math
from functools import cache
from typing import get_args

import pytest

from checkers.results import Outcome
from domains.dining.checks import checks
from domains.dining.judge import judge_plan
from domains.dining.models import Diet, Group, Restaurant, Scenario
from domains.dining.scenarios import DINING, bundled_groups, bundled_restaurants

STARTS = range(0, 24 * 60, 15)
"""Every start time tried: 00:00, 00:15, ... 23:45."""
INFEASIBLE = "no-plan-fits"
REQUIREMENT_KINDS = {str(t.model_fields["kind"].default) for t in checks.kinds()} - {
    "opening_hours"  # held implicitly by every guest, never written in the data
}


def scenario(group_id: str) -> Scenario:
    return DINING.load_scenario(group_id)


def top_rated() -> Restaurant:
    return max(bundled_restaurants(), key=lambda r: r.rating)


@cache
def satisfied_counts(group_id: str) -> dict[tuple[str, int], int]:
    """Satisfied guests for every (restaurant id, start) plan of the group."""
    s = scenario(group_id)
    return {
        (r.id, start): judge_plan(s, None, r, start, 1.0).satisfied_count
        for r in s.restaurants
        for start in STARTS
    }


def full_plans(group_id: str) -> dict[str, list[int]]:
    """Restaurant id -> the starts at which every guest of the group is served."""
    size = len(bundled_groups()[group_id].guests)
    plans: dict[str, list[int]] = {}
    for (rid, start), count in satisfied_counts(group_id).items():
        if count == size:
            plans.setdefault(rid, []).append(start)
    return plans


# --- the catalog --------------------------------------------------------------------------------


def test_catalog_loads_with_unique_ids_and_names() -> None:
    restaurants = bundled_restaurants()
    assert len(restaurants) >= 18
    assert len({r.id for r in restaurants}) == len(restaurants)
    assert len({r.name.casefold() for r in restaurants}) == len(restaurants)


def test_one_restaurant_is_clearly_top_rated() -> None:
    ratings = sorted((r.rating for r in bundled_restaurants()), reverse=True)
    assert ratings[0] > ratings[1]
    assert top_rated().id == "r01"


@pytest.mark.parametrize("restaurant", bundled_restaurants(), ids=lambda r: r.id)
def test_restaurant_is_plausible(restaurant: Restaurant) -> None:
    assert 37.76 <= restaurant.location.lat <= 37.80
    assert -122.45 <= restaurant.location.lon <= -122.39
    assert 4 <= len(restaurant.menu) <= 8
    assert len({d.name for d in restaurant.menu}) == len(restaurant.menu)
    hours = sorted(restaurant.hours, key=lambda h: h.opens)
    assert all(a.closes <= b.opens for a, b in itertools.pairwise(hours)), "overlapping hours"


@pytest.mark.parametrize("restaurant", bundled_restaurants(), ids=lambda r: r.id)
def test_diet_tags_agree_with_allergens(restaurant: Restaurant) -> None:
    for dish in restaurant.menu:
        where = f"{restaurant.id} {dish.name}"
        if "vegan" in dish.diets:
            assert "vegetarian" in dish.diets, where
            assert not dish.allergens & {"dairy", "egg"}, where
        if "vegetarian" in dish.diets:
            assert "pescatarian" in dish.diets, where
            assert not dish.allergens & {"fish", "shellfish"}, where
        if "gluten_free" in dish.diets:
            assert "gluten" not in dish.allergens, where


def test_the_catalog_has_the_characters_the_groups_need() -> None:
    by_cuisine = {r.cuisine: r for r in bundled_restaurants()}
    assert not any("vegetarian" in d.diets for d in by_cuisine["steakhouse"].menu)
    assert not any("vegetarian" in d.diets for d in by_cuisine["barbecue"].menu)
    assert all("peanut" in d.allergens and d.spice >= 2 for d in by_cuisine["thai"].menu)
    assert all("gluten" in d.allergens for d in by_cuisine["pizzeria"].menu)
    assert all("vegan" in d.diets for d in by_cuisine["vegan cafe"].menu)
    assert all("kosher" in d.diets for d in by_cuisine["kosher deli"].menu)
    assert all("halal" in d.diets for d in by_cuisine["middle eastern"].menu)
    assert min(d.price for d in by_cuisine["tasting menu"].menu) > 40
    assert [(h.opens, h.closes) for h in by_cuisine["breakfast and lunch"].hours] == [(450, 900)]
    assert any(h.closes == 24 * 60 for h in by_cuisine["late-night diner"].hours)


# --- the groups ---------------------------------------------------------------------------------


def test_groups_load() -> None:
    groups = bundled_groups()
    assert len(groups) >= 8
    assert list(groups) == DINING.scenario_ids()
    sizes = [len(g.guests) for g in groups.values()]
    assert 1 in sizes
    assert max(sizes) >= 8


def _kinds(group: Group) -> set[str]:
    return {r.kind for guest in group.guests for r in guest.requirements}


def test_every_requirement_kind_and_every_diet_appears() -> None:
    groups = bundled_groups().values()
    assert set().union(*map(_kinds, groups)) == REQUIREMENT_KINDS
    diets = {
        r.diet for g in groups for guest in g.guests for r in guest.requirements if r.kind == "diet"
    }
    assert diets == set(get_args(Diet))


def test_some_guests_combine_several_kinds() -> None:
    kinds_per_guest = [
        {r.kind for r in guest.requirements}
        for g in bundled_groups().values()
        for guest in g.guests
    ]
    assert max(map(len, kinds_per_guest)) >= 4
    assert sum(len(k) >= 2 for k in kinds_per_guest) >= 10


def test_every_group_has_a_description_and_a_requested_time() -> None:
    for group in bundled_groups().values():
        assert len(group.description) > 40, group.id
        assert group.requested_time is not None, group.id


# --- the story group ----------------------------------------------------------------------------


def test_story_group_has_six_guests_some_with_non_ascii_names() -> None:
    guests = bundled_groups()["story-six"].guests
    assert len(guests) == 6
    assert sum(not g.name.isascii() for g in guests) >= 2


def test_story_top_rated_plan_feeds_exactly_three_of_six() -> None:
    s = scenario("story-six")
    assert s.group.requested_time is not None
    verdict = judge_plan(s, None, top_rated(), s.group.requested_time, 1.0)
    assert verdict.satisfied_count == 3
    failures = {
        subject.name: [(r.kind, r.outcome, r.reason_code, r.reason) for r in subject.unmet()]
        for subject in verdict.unmet_subjects()
    }
    fail = Outcome.FAIL
    assert failures == {
        "Ana": [
            (
                "diet",
                fail,
                "no_dish_for_diet",
                "Ana is vegetarian; no dish at Ember & Oak is vegetarian",
            ),
            (
                "single_dish",
                fail,
                "food_requirement_unmet",
                "no dish at Ember & Oak suits Ana: nothing is vegetarian",
            ),
        ],
        "Björn": [
            (
                "allergy",
                fail,
                "allergen_in_every_dish",
                "Björn is allergic to dairy; every dish at Ember & Oak contains dairy",
            ),
            (
                "single_dish",
                fail,
                "food_requirement_unmet",
                "no dish at Ember & Oak suits Björn: nothing is free of dairy",
            ),
        ],
        "José": [
            (
                "availability",
                fail,
                "ends_too_late",
                "José is free 17:30-21:00; dinner 19:30-21:30 ends after 21:00",
            ),
        ],
    }


def test_story_group_is_fed_in_full_at_two_or_more_restaurants() -> None:
    plans = full_plans("story-six")
    assert len(plans) >= 2
    assert top_rated().id not in plans
    assert {"r19", "r06"} <= set(plans)  # the two plans the known answers use
    assert 19 * 60 in plans["r19"] and 18 * 60 + 30 in plans["r06"]


def test_story_top_rated_restaurant_fails_only_at_the_requested_time_for_jose() -> None:
    # At 18:30 dinner ends by 21:00, so only the two food failures remain: 4 of 6.
    assert satisfied_counts("story-six")[(top_rated().id, 18 * 60 + 30)] == 4


# --- feasibility --------------------------------------------------------------------------------


def test_infeasible_group_is_infeasible_but_one_guest_short() -> None:
    counts = satisfied_counts(INFEASIBLE)
    size = len(bundled_groups()[INFEASIBLE].guests)
    assert full_plans(INFEASIBLE) == {}
    assert max(counts.values()) == size - 1


def test_infeasible_group_fails_omar_or_lena_in_every_best_plan() -> None:
    s = scenario(INFEASIBLE)
    counts = satisfied_counts(INFEASIBLE)
    best = max(counts.values())
    by_id = {r.id: r for r in s.restaurants}
    for (rid, start), count in counts.items():
        if count == best:
            unmet = [g.name for g in judge_plan(s, None, by_id[rid], start, 1.0).unmet_subjects()]
            assert unmet in (["Omar"], ["Lena"]), (rid, start, unmet)


@pytest.mark.parametrize("group_id", [g for g in bundled_groups() if g != INFEASIBLE])
def test_every_other_group_has_a_plan_that_feeds_everyone(group_id: str) -> None:
    assert full_plans(group_id)


def test_single_dish_group_fails_only_on_the_single_dish_at_the_natural_pick() -> None:
    s = scenario("gluten-free-vegan")
    green_fork = s.restaurant("Green Fork")
    assert green_fork is not None and s.group.requested_time is not None
    verdict = judge_plan(s, None, green_fork, s.group.requested_time, 1.0)
    assert [
        (subject.name, [r.reason_code for r in subject.unmet()])
        for subject in verdict.unmet_subjects()
    ] == [("Farah", ["no_single_dish"])]
    assert math.isclose(verdict.score, 2 / 3)
