"""Dining's requirement kinds, each declared once beside its check, and the single-dish rule
that ties the food checks.

Each check takes the requirement and a :class:`DiningContext` (the guest, the group, the chosen
restaurant and start time, each None when the answer did not give a usable value) and returns a
:class:`~checkers.results.RequirementResult`. A check that needs a missing part of the plan is
``incomplete`` with the answer's own problem code; it never assumes a value.

Each :class:`~checkers.kinds.RequirementKind` (:data:`KINDS`) adds the kind's reason codes, its
``holds`` rule over a :class:`~domains.dining.examples.Dinner` (stated plainly, apart from the
check: the meta-tests' oracle scores every plan with these rules, so a wrong check disagrees; a
food rule holds when some dish on offer meets it, and a guest eats when ONE dish meets every
rule), how the meta-tests build requirements a dinner meets or breaks
(:mod:`domains.dining.examples`), and the requirement in words for rubrics.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from checkers.kinds import RequirementKind, register_kinds
from checkers.requirements import CheckRegistry
from checkers.results import AnswerProblem, RequirementResult
from domains.dining import examples
from domains.dining.examples import (
    EVERY_ALLERGY,
    EVERY_DIET,
    EVERY_SPICE,
    Dinner,
    enumerated,
    why_allergy,
    why_closed,
    why_diet,
    why_spice,
)
from domains.dining.models import (
    DIET_SATISFIED_BY,
    SPICE_NAMES,
    Allergy,
    Availability,
    Budget,
    DietRequirement,
    Dish,
    FoodRequirement,
    Group,
    Guest,
    MaxDistance,
    OpeningHours,
    Restaurant,
    SpiceTolerance,
    clock,
    covered,
    distinct,
    money,
)

SINGLE_DISH = "single_dish"


@dataclass(frozen=True)
class DiningContext:
    """What a check may look at: the guest, the group, and the plan's parts that were readable."""

    guest: Guest
    group: Group
    restaurant: Restaurant | None
    start: int | None
    restaurant_problem: AnswerProblem | None = None
    time_problem: AnswerProblem | None = None

    @property
    def end(self) -> int | None:
        return None if self.start is None else self.start + self.group.duration_minutes


checks: CheckRegistry[DiningContext] = CheckRegistry("dining")

RESTAURANT_PROBLEMS = dict.fromkeys(
    ("missing_restaurant", "conflicting_restaurant", "bad_restaurant_type", "unknown_restaurant"),
    "incomplete: the answer's restaurant cannot be used (the answer problem's code)",
)
TIME_PROBLEMS = dict.fromkeys(
    ("missing_time", "conflicting_time", "unparseable_time"),
    "incomplete: the answer's start time cannot be used (the answer problem's code)",
)


def _food_reasons(fail_code: str, when: str) -> dict[str, str]:
    """A food kind's reason codes: ``dish_available``, the one failing ``fail_code``."""
    pass_ = "pass: some dish on the menu meets it"
    return {"dish_available": pass_, fail_code: f"fail: {when}", **RESTAURANT_PROBLEMS}


def _no_restaurant(
    kind: str, ctx: DiningContext, requirement: dict[str, Any] | None = None, whose: str = ""
) -> RequirementResult:
    default = AnswerProblem(code="missing_restaurant", message="")
    return _cannot_judge(kind, ctx, ctx.restaurant_problem or default, requirement, whose)


def _no_time(
    kind: str, ctx: DiningContext, requirement: dict[str, Any], whose: str = ""
) -> RequirementResult:
    default = AnswerProblem(code="missing_time", message="")
    return _cannot_judge(kind, ctx, ctx.time_problem or default, requirement, whose)


def _cannot_judge(
    kind: str,
    ctx: DiningContext,
    problem: AnswerProblem,
    requirement: dict[str, Any] | None,
    whose: str,
) -> RequirementResult:
    """Incomplete with the answer's own problem; ``whose`` defaults to the guest's name."""
    whose = whose or f"{ctx.guest.name}'s"
    return RequirementResult.incomplete(
        kind,
        problem.code,
        f"cannot judge {whose} {kind.replace('_', ' ')}: {problem.message}",
        requirement=requirement,
    )


def _examples(dishes: Sequence[Dish]) -> str:
    """``"Dal (12.00)"``, ``"Dal (12.00), Naan (4.00)"``, ``"... and 3 more"``; at least one."""
    if len(dishes) == 1:
        return dishes[0].label
    shown = f"{dishes[0].label}, {dishes[1].label}"
    return shown if len(dishes) == 2 else f"{shown} and {len(dishes) - 2} more"


# Each reads the requirement's value once, not once per dish (a menu is read for every food
# requirement of every guest of every answer).
def _diet_dishes(req: DietRequirement, dishes: Sequence[Dish]) -> list[Dish]:
    diet = req.diet
    return [d for d in dishes if diet in d.suits]


def _allergy_dishes(req: Allergy, dishes: Sequence[Dish]) -> list[Dish]:
    allergen = req.allergen
    return [d for d in dishes if allergen not in d.allergens]


def _budget_dishes(req: Budget, dishes: Sequence[Dish]) -> list[Dish]:
    limit = req.max_per_person
    return [d for d in dishes if d.price <= limit]


def _spice_dishes(req: SpiceTolerance, dishes: Sequence[Dish]) -> list[Dish]:
    limit = req.max_level
    return [d for d in dishes if d.spice <= limit]


_DISHES_MEETING: dict[type[FoodRequirement], Callable[[Any, Sequence[Dish]], list[Dish]]] = {
    DietRequirement: _diet_dishes,
    Allergy: _allergy_dishes,
    Budget: _budget_dishes,
    SpiceTolerance: _spice_dishes,
}
"""Which dishes meet a food requirement, by its class (a lookup: judged dozens of times per
answer)."""


def dishes_meeting(req: FoodRequirement, dishes: Sequence[Dish]) -> list[Dish]:
    """The dishes that meet one food requirement, in menu order (from a menu, or from the dishes
    another requirement left: one dish must meet them all)."""
    pick = _DISHES_MEETING.get(type(req))
    if pick is None:
        raise TypeError(f"{type(req).__name__} is not a food requirement")
    return pick(req, dishes)


def _food_check(
    req: FoodRequirement,
    ctx: DiningContext,
    need: str,
    fail_code: str,
    why_not: Callable[[Restaurant], str],
) -> RequirementResult:
    """Shared shape of the four food checks: pass when some dish on the menu fits."""
    as_json = req.as_json
    if ctx.restaurant is None:
        return _no_restaurant(req.kind, ctx, as_json)
    good = dishes_meeting(req, ctx.restaurant.menu)
    who = ctx.guest.name
    if good:
        return RequirementResult.passed(
            req.kind,
            "dish_available",
            f"{who} {need}; {ctx.restaurant.name} has {_examples(good)}",
            requirement=as_json,
        )
    return RequirementResult.failed(
        req.kind,
        fail_code,
        f"{who} {need}; {why_not(ctx.restaurant)}",
        requirement=as_json,
    )


def check_diet(req: DietRequirement, ctx: DiningContext) -> RequirementResult:
    """Pass when at least one dish suits the guest's diet (its tag, or a stricter one by the diet
    order :data:`~domains.dining.models.DIET_SATISFIED_BY`: vegan food suits a vegetarian)."""
    return _food_check(
        req,
        ctx,
        f"is {req.need}",
        "no_dish_for_diet",
        lambda r: f"no dish at {r.name} is {req.need}",
    )


def _suits_diet(req: DietRequirement, dinner: Dinner) -> bool:
    return any(DIET_SATISFIED_BY[req.diet] & dish.diets for dish in dinner.menu)


DIET = RequirementKind(
    DietRequirement,
    check_diet,
    reasons=_food_reasons("no_dish_for_diet", "no dish on the menu suits it"),
    holds=_suits_diet,
    examples=lambda st: enumerated(st, EVERY_DIET, _suits_diet, why_diet),
    describe=lambda req: req.need,
)


def check_allergy(req: Allergy, ctx: DiningContext) -> RequirementResult:
    """Pass when at least one dish is free of the allergen."""
    allergen = req.allergen.replace("_", " ")
    return _food_check(
        req,
        ctx,
        f"is allergic to {allergen}",
        "allergen_in_every_dish",
        lambda r: f"every dish at {r.name} contains {allergen}",
    )


def _allergen_free(req: Allergy, dinner: Dinner) -> bool:
    return any(req.allergen not in dish.allergens for dish in dinner.menu)


ALLERGY = RequirementKind(
    Allergy,
    check_allergy,
    reasons=_food_reasons("allergen_in_every_dish", "every dish on the menu contains it"),
    holds=_allergen_free,
    examples=lambda st: enumerated(st, EVERY_ALLERGY, _allergen_free, why_allergy),
    describe=lambda req: f"allergic to {req.allergen.replace('_', ' ')}",
)


def check_budget(req: Budget, ctx: DiningContext) -> RequirementResult:
    """Pass when at least one dish costs no more than the guest's budget."""
    return _food_check(
        req,
        ctx,
        f"can spend at most {money(req.max_per_person)}",
        "over_budget",
        lambda r: f"the cheapest dish at {r.name} costs {money(min(d.price for d in r.menu))}",
    )


BUDGET = RequirementKind(
    Budget,
    check_budget,
    reasons=_food_reasons("over_budget", "the cheapest dish costs more"),
    holds=lambda req, dinner: any(dish.price <= req.max_per_person for dish in dinner.menu),
    examples=examples.budget,
    describe=lambda req: f"at most {req.max_per_person:.2f} per person",
)


def check_spice(req: SpiceTolerance, ctx: DiningContext) -> RequirementResult:
    """Pass when at least one dish is no spicier than the guest tolerates."""
    limit = SPICE_NAMES[req.max_level]
    return _food_check(
        req,
        ctx,
        f"takes spice up to {req.max_level} ({limit})",
        "too_spicy",
        lambda r: (
            f"the mildest dish at {r.name} is level "
            f"{min(d.spice for d in r.menu)} ({SPICE_NAMES[min(d.spice for d in r.menu)]})"
        ),
    )


def _mild_enough(req: SpiceTolerance, dinner: Dinner) -> bool:
    return any(dish.spice <= req.max_level for dish in dinner.menu)


SPICE = RequirementKind(
    SpiceTolerance,
    check_spice,
    reasons=_food_reasons("too_spicy", "the mildest dish is spicier"),
    holds=_mild_enough,
    examples=lambda st: enumerated(st, EVERY_SPICE, _mild_enough, why_spice),
    describe=lambda req: req.need,
)


def check_distance(req: MaxDistance, ctx: DiningContext) -> RequirementResult:
    """Pass when the restaurant is within the guest's maximum distance."""
    as_json = req.as_json
    if ctx.restaurant is None:
        return _no_restaurant(req.kind, ctx, as_json)
    km = req.origin.km_to(ctx.restaurant.location)
    who, name = ctx.guest.name, ctx.restaurant.name
    if km <= req.max_km:
        sentence = f"{who} travels at most {req.max_km:.1f} km; {name} is {km:.1f} km away"
        return RequirementResult.passed(req.kind, "within_distance", sentence, requirement=as_json)
    # Enough decimals that the limit shown is below the distance shown.
    limit, away = distinct(req.max_km, km)
    sentence = f"{who} travels at most {limit} km; {name} is {away} km away"
    return RequirementResult.failed(req.kind, "too_far", sentence, requirement=as_json)


DISTANCE = RequirementKind(
    MaxDistance,
    check_distance,
    reasons={
        "within_distance": "pass: the restaurant is at most max_km from the origin",
        "too_far": "fail: it is farther",
        **RESTAURANT_PROBLEMS,
    },
    holds=lambda req, dinner: req.origin.km_to(dinner.restaurant.location) <= req.max_km,
    examples=examples.distance,
    describe=lambda req: (
        f"within {req.max_km:g} km of their starting point ({req.origin.lat}, {req.origin.lon})"
    ),
)


def check_availability(req: Availability, ctx: DiningContext) -> RequirementResult:
    """Pass when the whole dinner (start to start + duration) lies inside the guest's window
    (a daily window, possibly past midnight: see :func:`~domains.dining.models.daily_spans`).

    Fails ``ends_too_late`` when the guest is free at the start but not until the end, or the
    day's window is already over; ``starts_too_early`` when the window has not begun.
    """
    as_json = req.as_json
    if ctx.start is None or ctx.end is None:
        return _no_time(req.kind, ctx, as_json)
    start, end = ctx.start, ctx.end
    window = req.window
    dinner = f"{clock(start)}-{clock(end)}"
    who = ctx.guest.name
    # A start at the very end of a span is past it ("ends after 02:00"), not before the next.
    until = next((b for a, b in req.spans if a <= start <= b), None)
    if until is None and start < req.available_from:
        return RequirementResult.failed(
            req.kind,
            "starts_too_early",
            f"{who} is free {window}; dinner {dinner} starts before {who} is free",
            requirement=as_json,
        )
    if until is None or end > until:
        last = clock(req.available_until)  # every span ends at this time of day
        return RequirementResult.failed(
            req.kind,
            "ends_too_late",
            f"{who} is free {window}; dinner {dinner} ends after {last}",
            requirement=as_json,
        )
    return RequirementResult.passed(
        req.kind, "available", f"{who} is free {window}, dinner is {dinner}", requirement=as_json
    )


AVAILABILITY = RequirementKind(
    Availability,
    check_availability,
    reasons={
        "available": "pass: the whole dinner lies inside the guest's daily window",
        "starts_too_early": "fail: the window has not begun when dinner starts",
        "ends_too_late": "fail: the window ends before dinner does, or is over for the day",
        **TIME_PROBLEMS,
    },
    holds=lambda req, dinner: covered(
        ((req.available_from, req.available_until),), dinner.start, dinner.end
    ),
    examples=examples.availability,
    describe=lambda req: f"free {req.window}",
)


def check_opening_hours(req: OpeningHours, ctx: DiningContext) -> RequirementResult:
    """Pass when the restaurant is open for the whole dinner. The result does not depend on the
    guest: every guest holds this requirement.

    Opening intervals repeat daily, may close after midnight, and touching or overlapping ones
    are one continuous opening (:func:`~domains.dining.models.daily_spans`), so a dinner may run
    past midnight at a restaurant open then.
    """
    as_json = req.as_json
    # The same for every guest (judge_plan judges it once per plan), so no guest is named.
    if ctx.restaurant is None:
        return _no_restaurant(req.kind, ctx, as_json, whose="the")
    if ctx.start is None or ctx.end is None:
        return _no_time(req.kind, ctx, as_json, whose="the")
    hours = ctx.restaurant.hours_text
    dinner = f"{clock(ctx.start)}-{clock(ctx.end)}"
    name = ctx.restaurant.name
    if ctx.restaurant.open_for(ctx.start, ctx.end):
        return RequirementResult.passed(
            req.kind, "open", f"{name} is open {hours}, dinner is {dinner}", requirement=as_json
        )
    is_open_at_start = any(a <= ctx.start < b for a, b in ctx.restaurant.open_spans)
    code, why = (
        ("closes_during_dinner", "closes before dinner ends")
        if is_open_at_start
        else ("closed_at_start", "is closed when dinner starts")
    )
    return RequirementResult.failed(
        req.kind,
        code,
        f"{name} is open {hours}; dinner {dinner}: it {why}",
        requirement=as_json,
    )


def _open_for_dinner(req: OpeningHours, dinner: Dinner) -> bool:
    hours = tuple((h.opens, h.closes) for h in dinner.restaurant.hours)
    return covered(hours, dinner.start, dinner.end)


OPENING_HOURS = RequirementKind(
    OpeningHours,
    check_opening_hours,
    reasons={
        "open": "pass: the restaurant is open for the whole dinner",
        "closed_at_start": "fail: it is closed when dinner starts",
        "closes_during_dinner": "fail: it closes before dinner ends",
        **RESTAURANT_PROBLEMS,
        **TIME_PROBLEMS,
    },
    holds=_open_for_dinner,
    examples=lambda st: enumerated(st, (OpeningHours(),), _open_for_dinner, why_closed),
    describe=lambda req: req.kind,
)


def check_single_dish(ctx: DiningContext) -> RequirementResult:
    """Derived result: ONE dish must meet all of the guest's food requirements together.

    Fails with ``no_single_dish`` when each food requirement alone is met by some dish but no
    dish meets them all, and with ``food_requirement_unmet`` when one of them is not met at all.
    """
    if ctx.restaurant is None:
        return _no_restaurant(SINGLE_DISH, ctx)
    food = ctx.guest.food_requirements
    menu = ctx.restaurant.menu
    who, name = ctx.guest.name, ctx.restaurant.name
    good: Sequence[Dish] = menu
    for requirement in food:  # narrowing requirement by requirement: one dish must fit all
        good = dishes_meeting(requirement, good)
    needs = ctx.guest.food_needs
    if good:
        return RequirementResult.passed(
            SINGLE_DISH, "dish_fits_all", f"{who} ({needs}) can eat {_examples(good)} at {name}"
        )
    unmet = [r for r in food if not dishes_meeting(r, menu)]
    if unmet:
        return RequirementResult.failed(
            SINGLE_DISH,
            "food_requirement_unmet",
            f"no dish at {name} suits {who}: nothing is {unmet[0].need}",
        )
    return RequirementResult.failed(
        SINGLE_DISH,
        "no_single_dish",
        f"each of {who}'s food needs is met by some dish at {name}, "
        f"but no single dish is {needs} at once",
    )


KINDS = register_kinds(
    checks, (DIET, ALLERGY, BUDGET, SPICE, DISTANCE, AVAILABILITY, OPENING_HOURS)
)
"""Every dining kind's declaration, by name; their checks are registered in :data:`checks`."""

TIME_KINDS = frozenset({"availability", "opening_hours"})
"""The only kinds whose results depend on the start time; every other result (and the single
dish one) reads only the guest and the restaurant, so it is judged once per guest and
restaurant (:func:`domains.dining.judge.judge_guest`,
:func:`domains.dining.feasibility.critical_plans`). The meta-test ``oracle[infeasible-claim]``
compares outcomes with an independent oracle, so a new time-dependent kind missing here fails
it."""

SINGLE_DISH_REASONS = {
    "dish_fits_all": "pass: one dish meets every food requirement of the guest",
    "food_requirement_unmet": "fail: some food requirement is met by no dish at all",
    "no_single_dish": "fail: each is met by some dish, but no dish meets them all",
    **RESTAURANT_PROBLEMS,
}
"""The reason codes of the derived ``single_dish`` result (:func:`check_single_dish`)."""
