"""The dining rules people read into the data (issue 12, class 10), each proved on its own:

- the feasibility search is exact, for windows and hours at any minute (a property against a
  brute-force search of every minute of the day);
- the diet order (:data:`~domains.dining.models.DIET_SATISFIED_BY`): vegan food suits a
  vegetarian, vegetarian food a pescatarian;
- contradictory catalog data is rejected at load time, naming the restaurant, the dish, the fix;
- opening hours that touch or overlap are one opening; hours and windows may run past midnight;
- money and distances in reasons are shown so the comparison stated is true of what is shown.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.errors import DataError
from checkers.transcript import Transcript
from domains.dining.cases import reference_served
from domains.dining.checks import DiningContext, checks
from domains.dining.feasibility import feasibility, judge_everyone_ate_or_says_infeasible
from domains.dining.judge import _CLOCK_MENTION
from domains.dining.models import (
    DAY,
    DIET_EXCLUDES,
    DIET_SATISFIED_BY,
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
    daily_spans,
    distinct,
    money,
)
from domains.dining.scenarios import DINING, scenario_from_file

FEW = settings(max_examples=60, deadline=None)
HERE = GeoPoint(lat=37.78, lon=-122.41)
DIETS = tuple(DIET_SATISFIED_BY)


def place(
    hours: tuple[tuple[int, int], ...] = ((1020, 1320),),
    menu: tuple[Dish, ...] = (Dish(name="Soup", price=10),),
    rid: str = "r1",
) -> Restaurant:
    return Restaurant(
        id=rid,
        name=f"Place {rid}",
        cuisine="bistro",
        rating=4.0,
        location=HERE,
        hours=tuple(OpeningInterval(opens=o, closes=c) for o, c in hours),
        menu=menu,
    )


def ctx(requirements: tuple[Any, ...], where: Restaurant, start: int, minutes: int = 90) -> Any:
    guest = Guest(id="ana", name="Ana", requirements=requirements)
    group = Group(id="t", duration_minutes=minutes, guests=(guest,))
    return DiningContext(guest, group, where, start)


def outcome(requirement: Any, where: Restaurant, start: int, minutes: int = 90) -> tuple[str, str]:
    result = checks.check(requirement, ctx((requirement,), where, start, minutes))
    return result.outcome.value, result.reason_code


# --- exact search -------------------------------------------------------------------------------


@st.composite
def windows(draw: st.DrawFn) -> tuple[int, int]:
    """A daily window at any minute, past midnight too."""
    start = draw(st.integers(0, DAY - 1))
    end = draw(st.integers(0, DAY).filter(lambda m: m != start))
    return start, end


@st.composite
def small_scenarios(draw: st.DrawFn) -> Scenario:
    """One or two restaurants with hours at any minute, one to three guests with a window at
    any minute or none, a dinner of 1 minute to 4 hours."""
    places = tuple(
        place(tuple(draw(st.lists(windows(), min_size=1, max_size=2))), rid=f"r{i}")
        for i in range(draw(st.integers(1, 2)))
    )
    guests = []
    for index in range(draw(st.integers(1, 3))):
        window = draw(st.none() | windows())
        held = (
            ()
            if window is None
            else (Availability(available_from=window[0], available_until=window[1]),)
        )
        guests.append(Guest(id=f"g{index}", name=f"Guest {index}", requirements=held))
    group = Group(id="small", duration_minutes=draw(st.integers(1, 240)), guests=tuple(guests))
    return Scenario(group=group, restaurants=places)


def brute_force(scenario: Scenario) -> tuple[int, tuple[str, int] | None]:
    """The most guests any plan serves, trying every restaurant at every minute of the day, and
    the first plan (catalog order, then time) that serves them."""
    best, first = 0, None
    for where in scenario.restaurants:
        for start in range(DAY):
            served = len(reference_served(scenario, where, start))
            if served > best:
                best, first = served, (where.id, start)
    return best, first


@FEW
@given(scenario=small_scenarios())
def test_feasibility_equals_a_search_of_every_minute(scenario: Scenario) -> None:
    found = feasibility(scenario)
    best, first = brute_force(scenario)
    assert found.served == best
    example = None if found.example is None else (found.example.restaurant.id, found.example.start)
    assert example == first
    claim = judge_everyone_ate_or_says_infeasible(
        scenario, Transcript(final_text="No plan satisfies everyone."), 1.0
    )
    assert claim.passed is (best < len(scenario.group.guests))


def test_an_off_grid_window_is_found_and_a_no_plan_claim_fails() -> None:
    scenario = DINING.load_scenario("domains/dining/data/rules/off-grid.json")
    found = feasibility(scenario)
    assert found.note == "best possible: 1/1 (r1 at 19:07 serves everyone)"
    verdict = judge_everyone_ate_or_says_infeasible(
        scenario, Transcript(final_text="No plan satisfies everyone."), 1.0
    )
    assert not verdict.passed
    assert verdict.subjects[0].results[0].reason == (
        "the answer says no plan satisfies everyone, but Corner Bistro (r1) at 19:07 serves all "
        "1 guests"
    )


def test_off_grid_opening_hours_are_found() -> None:
    guest = Guest(id="g", name="G", requirements=())
    group = Group(id="t", duration_minutes=90, guests=(guest,))
    found = feasibility(Scenario(group=group, restaurants=(place(((1147, 1237),)),)))
    assert (found.served, found.example and found.example.start) == (1, 1147)


# --- the diet order -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("guest", "tags", "suits"),
    [
        ("vegetarian", {"vegan"}, True),
        ("pescatarian", {"vegan"}, True),
        ("pescatarian", {"vegetarian"}, True),
        ("vegan", {"vegetarian"}, False),
        ("vegetarian", {"pescatarian"}, False),
        ("vegan", {"pescatarian"}, False),
        ("halal", {"kosher", "vegan"}, False),
        ("kosher", {"kosher"}, True),
        ("gluten_free", {"vegan"}, False),
    ],
)
def test_diet_order(guest: Any, tags: set[Any], suits: bool) -> None:
    dish = Dish(name="Dish", price=10, diets=frozenset(tags))
    result = outcome(DietRequirement(diet=guest), place(menu=(dish,)), 1140)
    assert result == (("pass", "dish_available") if suits else ("fail", "no_dish_for_diet"))


def test_the_diet_order_is_a_partial_order_and_agrees_with_the_exclusions() -> None:
    for diet, tags in DIET_SATISFIED_BY.items():
        assert diet in tags  # reflexive
        for stricter in tags:
            assert DIET_SATISFIED_BY[stricter] <= tags  # transitive
            # a dish that suits the stricter diet can contain nothing the looser one excludes
            assert DIET_EXCLUDES[diet] <= DIET_EXCLUDES[stricter]


@FEW
@given(
    diet=st.sampled_from(DIETS),
    tags=st.frozensets(st.sampled_from(DIETS), max_size=3),
)
def test_a_dish_suits_a_diet_exactly_when_the_order_says(diet: Any, tags: frozenset[Any]) -> None:
    dish = Dish(name="Dish", price=10, diets=tags)
    passed = outcome(DietRequirement(diet=diet), place(menu=(dish,)), 1140)[0] == "pass"
    assert passed is bool(DIET_SATISFIED_BY[diet] & tags)
    assert passed is (diet in dish.suits)


# --- contradictory catalog data -----------------------------------------------------------------


def _catalog_file(tmp_path: Path, dish: dict[str, Any]) -> Path:
    restaurant = {
        "id": "r9",
        "name": "Green Fork",
        "cuisine": "cafe",
        "rating": 4.0,
        "location": {"lat": 37.78, "lon": -122.41},
        "hours": [{"opens": 1020, "closes": 1320}],
        "menu": [{"name": "Rice", "price": 5}, dish],
    }
    group = {"id": "g", "guests": [{"id": "a", "name": "A"}]}
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps({"group": group, "restaurants": [restaurant]}), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("diets", "allergens", "tag", "clash"),
    [
        (["gluten_free"], ["gluten"], "gluten_free", "gluten"),
        (["vegan"], ["dairy"], "vegan", "dairy"),
        (["vegan", "vegetarian"], ["egg", "peanut"], "vegan", "egg"),
        (["vegan"], ["fish"], "vegan", "fish"),
        (["vegetarian"], ["shellfish"], "vegetarian", "shellfish"),
        (["kosher"], ["shellfish"], "kosher", "shellfish"),
    ],
)
def test_contradictory_dish_is_rejected_naming_restaurant_dish_and_fix(
    tmp_path: Path, diets: list[str], allergens: list[str], tag: str, clash: str
) -> None:
    dish = {"name": "Pasta", "price": 12, "diets": diets, "allergens": allergens}
    with pytest.raises(DataError) as caught:
        scenario_from_file(_catalog_file(tmp_path, dish))
    message = str(caught.value)
    assert (
        "restaurants.0: Value error, restaurant r9 (Green Fork): dish 'Pasta' is tagged " in message
    )
    assert f"is tagged {tag} but lists {clash}" in message
    assert f"remove the {tag} tag or the allergen(s) {clash}" in message


@pytest.mark.parametrize(
    ("diets", "allergens"),
    [(["pescatarian"], ["fish", "shellfish"]), (["halal"], ["shellfish"]), (["vegan"], ["soy"])],
)
def test_consistent_dishes_load(tmp_path: Path, diets: list[str], allergens: list[str]) -> None:
    dish = {"name": "Pasta", "price": 12, "diets": diets, "allergens": allergens}
    assert scenario_from_file(_catalog_file(tmp_path, dish)).restaurants[0].menu[1].name == "Pasta"


# --- opening hours and windows ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hours", "start", "minutes", "expected"),
    [
        (((660, 900), (900, 1320)), 840, 120, ("pass", "open")),  # adjacent: 14:00-16:00
        (((660, 960), (900, 1320)), 840, 120, ("pass", "open")),  # overlapping
        (((660, 899), (900, 1320)), 840, 120, ("fail", "closes_during_dinner")),  # a gap
        (((1080, 120),), 1380, 90, ("pass", "open")),  # bar 18:00-02:00, 23:00-00:30
        (((1080, 120),), 30, 90, ("pass", "open")),  # 00:30-02:00, opened yesterday
        (((1080, 120),), 60, 90, ("fail", "closes_during_dinner")),  # 01:00-02:30
        (((1080, 120),), 180, 60, ("fail", "closed_at_start")),  # 03:00
        (((1080, 120),), 1020, 60, ("fail", "closed_at_start")),  # 17:00
        (((1080, 1440), (0, 180)), 1380, 90, ("pass", "open")),  # 24:00 meets 00:00
        (((1080, 1440),), 1380, 90, ("fail", "closes_during_dinner")),  # closed after midnight
        (((0, 1440),), 1400, 600, ("pass", "open")),  # open around the clock
    ],
)
def test_opening_hours(
    hours: tuple[tuple[int, int], ...], start: int, minutes: int, expected: tuple[str, str]
) -> None:
    assert outcome(OpeningHours(), place(hours), start, minutes) == expected


def test_overnight_reason_shows_the_hours_as_written() -> None:
    result = checks.check(OpeningHours(), ctx((), place(((1080, 120),)), 60))
    assert result.reason == (
        "Place r1 is open 18:00-02:00; dinner 01:00-02:30: it closes before dinner ends"
    )


@pytest.mark.parametrize(
    ("window", "start", "expected", "reason_end"),
    [
        ((1320, 120), 1380, ("pass", "available"), "dinner is 23:00-00:30"),
        ((1320, 120), 30, ("pass", "available"), "dinner is 00:30-02:00"),
        ((1320, 120), 60, ("fail", "ends_too_late"), "ends after 02:00"),
        ((1320, 120), 180, ("fail", "starts_too_early"), "starts before Ana is free"),
        ((1080, 1200), 1260, ("fail", "ends_too_late"), "ends after 20:00"),
        ((1080, 1440), 1380, ("fail", "ends_too_late"), "ends after 24:00"),
        # at the very end of the window (mutation testing): past it, not before the next one
        ((1080, 1440), 0, ("fail", "ends_too_late"), "ends after 24:00"),
        ((1320, 120), 120, ("fail", "ends_too_late"), "ends after 02:00"),
        ((0, 1440), 1400, ("pass", "available"), "dinner is 23:20-00:50"),
    ],
)
def test_availability_windows_past_midnight(
    window: tuple[int, int], start: int, expected: tuple[str, str], reason_end: str
) -> None:
    requirement = Availability(available_from=window[0], available_until=window[1])
    result = checks.check(requirement, ctx((requirement,), place(), start))
    assert (result.outcome.value, result.reason_code) == expected
    assert result.reason.endswith(reason_end)


@pytest.mark.parametrize(
    ("opens", "closes", "message"),
    [
        (1080, 1080, "starts and ends at 18:00 (1080); for all day write 0 and 1440"),
        (1440, 60, "starts at 24:00 (1440); write 00:00 (0)"),
    ],
)
def test_a_window_that_is_no_window_is_an_error_naming_the_fix(
    opens: int, closes: int, message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        OpeningInterval(opens=opens, closes=closes)
    with pytest.raises(ValueError, match=re.escape(message)):
        Availability(available_from=opens, available_until=closes)


@FEW
@given(hours=st.lists(windows(), min_size=1, max_size=3), start=st.integers(0, DAY - 1))
def test_spans_cover_exactly_the_minutes_the_windows_cover(
    hours: list[tuple[int, int]], start: int
) -> None:
    def open_at(minute: int) -> bool:
        clock = minute % DAY
        return any(o <= clock < c if o < c else clock >= o or clock < c for o, c in hours)

    for minutes in (1, 90, 720):
        inside = any(a <= start and start + minutes <= b for a, b in daily_spans(hours))
        assert inside is all(open_at(m) for m in range(start, start + minutes))


@FEW
@given(hours=st.lists(windows(), min_size=1, max_size=2), start=st.integers(0, DAY - 1))
def test_old_hours_mean_what_they_meant(hours: list[tuple[int, int]], start: int) -> None:
    """Back-compatible: with intervals that neither wrap nor touch, a dinner within the day is
    judged as before overnight hours existed (one interval must cover it)."""
    plain = [(o, c) for o, c in hours if o < c]
    spaced = all(a[1] < b[0] or b[1] < a[0] for a in plain for b in plain if a != b)
    if not plain or not spaced or any(o == 0 or c == DAY for o, c in plain):
        return
    end = start + 60
    old = any(o <= start and end <= c for o, c in plain)
    assert place(tuple(plain)).open_for(start, end) is old


def test_the_bundled_night_owl_is_open_across_midnight() -> None:
    owl = DINING.load_scenario("story-six").restaurant("r10")
    assert owl is not None and owl.open_for(23 * 60, 24 * 60 + 75)


# --- money and distance in reasons --------------------------------------------------------------


def test_budget_reason_shows_the_cent_fraction_that_decides() -> None:
    dish = Dish(name="Dal", price=20.004)
    result = checks.check(Budget(max_per_person=20), ctx((), place(menu=(dish,)), 1140))
    assert (result.reason_code, result.reason) == (
        "over_budget",
        "Ana can spend at most 20.00; the cheapest dish at Place r1 costs 20.004",
    )


_NUMBERS = re.compile(r"\d+\.\d+")


@FEW
@given(
    budget=st.floats(0.01, 1000, allow_nan=False),
    extra=st.floats(1e-9, 5, allow_nan=False),
)
def test_a_budget_failure_states_a_true_comparison(budget: float, extra: float) -> None:
    price = budget + extra
    if price <= budget:
        return
    dish = Dish(name="Dal", price=price)
    result = checks.check(Budget(max_per_person=budget), ctx((), place(menu=(dish,)), 1140))
    assert result.reason_code == "over_budget"
    shown_budget, shown_price = (Fraction(n) for n in _NUMBERS.findall(result.reason))
    assert shown_budget < shown_price


@FEW
@given(amount=st.floats(0, 1e9, allow_nan=False))
def test_money_is_shown_exactly(amount: float) -> None:
    shown = money(amount)
    assert float(shown) == amount
    assert re.fullmatch(r"\d+\.\d{2,}", shown)


@FEW
@given(low=st.floats(0.001, 100, allow_nan=False), gap=st.floats(1e-12, 1, allow_nan=False))
def test_distinct_shows_values_apart_in_order(low: float, gap: float) -> None:
    high = low + gap
    if high <= low:
        return
    a, b = distinct(low, high)
    assert float(a) < float(b)


def test_distance_failure_never_reads_equal() -> None:
    origin = GeoPoint(lat=37.77, lon=-122.42)
    km = origin.km_to(HERE)
    result = checks.check(MaxDistance(max_km=km - 1e-6, origin=origin), ctx((), place(), 1140))
    limit, away = (float(n) for n in _NUMBERS.findall(result.reason))
    assert result.reason_code == "too_far" and limit < away


_CLOCK_AS_WRITTEN = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?!\d|:\d)")
"""The clock-time rule of a dining answer's mentions, look-behind first as it reads (a colon
after it is punctuation: "18:00: great option"; seconds are not)."""


@given(st.text(st.sampled_from("0123456789:: a\u0663"), max_size=14))
@settings(max_examples=400)
def test_the_clock_mention_search_finds_what_its_rule_says(text: str) -> None:
    """Property: the pattern that finds clock times in an answer (its look-behind moved after
    the first digit, so that the search skips to digits) finds the same spans as the rule
    written plainly: one or two digits, a colon and two digits, in no longer number or time
    (a colon may follow as punctuation)."""
    found = [m.span() for m in _CLOCK_MENTION.finditer(text)]
    assert found == [m.span() for m in _CLOCK_AS_WRITTEN.finditer(text)]
