"""Dining's worlds for the meta-tests: restaurants and menus on the 15-minute grid, and a dinner
planned at one of them (hypothesis strategies).

Opening hours and dinner durations are multiples of 15 minutes, locations on a 0.001-degree grid
around San Francisco, prices in whole cents; hours may run past midnight, and dishes follow the
catalog rules of :mod:`domains.dining.models` (the diet order, no tag contradicting an allergen).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import get_args

from hypothesis import strategies as st

from checkers.meta.spec import Answer
from domains.dining.examples import SLOT, Dinner, points
from domains.dining.models import (
    DAY,
    DIET_EXCLUDES,
    DIET_SATISFIED_BY,
    Allergen,
    Diet,
    Dish,
    GeoPoint,
    OpeningInterval,
    Restaurant,
    clock,
)

DIETS: tuple[Diet, ...] = get_args(Diet)
ALLERGENS: tuple[Allergen, ...] = get_args(Allergen)
CUISINES = ("Bistro", "Trattoria", "Izakaya", "Taquería", "Grill")
POINTS = points(st)
# Built once (and the builders below cached by their arguments): creating and validating
# strategies inside every draw costs more than drawing.
_DIET_TAGS = st.frozensets(st.sampled_from(DIETS), max_size=3)
_ALLERGEN_SETS = st.frozensets(st.sampled_from(ALLERGENS), max_size=3)
_CENTS = st.integers(100, 6000)
_SPICE = st.integers(0, 4)


@st.composite
def intervals(draw: st.DrawFn) -> OpeningInterval:
    """Any opening interval on the grid, past midnight too (closing before it opens)."""
    opens = draw(st.integers(0, DAY // SLOT - 1)) * SLOT
    if opens and draw(st.booleans()):
        return OpeningInterval(opens=opens, closes=draw(st.integers(0, opens // SLOT - 1)) * SLOT)
    closes = draw(st.integers(opens // SLOT + 1, DAY // SLOT)) * SLOT
    return OpeningInterval(opens=opens, closes=closes)


_HOURS = st.lists(intervals(), min_size=1, max_size=2)
_MORE_HOURS = st.lists(intervals(), max_size=1)


@cache
@st.composite
def dishes(
    draw: st.DrawFn,
    index: int,
    without_diet: Diet | None = None,
    with_allergen: Allergen | None = None,
    min_spice: int = 0,
) -> Dish:
    """A dish: up to three diet tags (never one that suits ``without_diet``), up to three
    allergens (always ``with_allergen``, never one its tags exclude), a price from 1.00 to 60.00,
    a spice level of at least ``min_spice``."""
    never = DIET_SATISFIED_BY[without_diet] if without_diet is not None else frozenset()
    diets = frozenset(d for d in draw(_DIET_TAGS) - never if with_allergen not in DIET_EXCLUDES[d])
    allergens = draw(_ALLERGEN_SETS) - frozenset().union(*(DIET_EXCLUDES[d] for d in diets))
    if with_allergen is not None:
        allergens |= {with_allergen}
    price = draw(_CENTS) / 100
    spice = max(min_spice, draw(_SPICE))
    return Dish(name=f"Dish {index}", price=price, diets=diets, allergens=allergens, spice=spice)


@cache
@st.composite
def menus(draw: st.DrawFn, tight: bool = False) -> tuple[Dish, ...]:
    """One to three dishes. ``tight``: often lacking a diet, sharing an allergen and all spicy,
    so that every food kind can often be broken at the restaurant."""
    diet = draw(st.none() | st.sampled_from(DIETS)) if tight else None
    allergen = draw(st.none() | st.sampled_from(ALLERGENS)) if tight else None
    spicy = draw(st.integers(0, 1)) if tight else 0
    return tuple(draw(dishes(i, diet, allergen, spicy)) for i in range(draw(st.integers(1, 3))))


def restaurant(
    index: int, location: GeoPoint, hours: Sequence[OpeningInterval], menu: Sequence[Dish]
) -> Restaurant:
    """Restaurant ``r<index>``, named "<Cuisine> <index>"."""
    cuisine = CUISINES[index % len(CUISINES)]
    return Restaurant(
        id=f"r{index}",
        name=f"{cuisine} {index}",
        cuisine=cuisine.lower(),
        rating=4.0,
        location=location,
        hours=tuple(hours),
        menu=tuple(menu),
    )


@cache
@st.composite
def restaurants(draw: st.DrawFn, index: int) -> Restaurant:
    """Any restaurant: one or two opening intervals, one to three dishes."""
    return restaurant(index, draw(POINTS), draw(_HOURS), draw(menus()))


@dataclass(frozen=True)
class World:
    """Restaurants around a plan: the plan's restaurant is open for the whole dinner."""

    restaurants: tuple[Restaurant, ...]
    plan: int
    start: int
    duration: int

    @property
    def chosen(self) -> Restaurant:
        return self.restaurants[self.plan]

    @property
    def dinner(self) -> Dinner:
        return Dinner.at(self.chosen, self.start, self.duration)


@cache
@st.composite
def worlds(draw: st.DrawFn, menu: st.SearchStrategy[tuple[Dish, ...]] | None = None) -> World:
    """One to three restaurants, a dinner of 15 minutes to 4 hours, and the plan's restaurant
    (with ``menu`` when given) open for all of it."""
    duration = draw(st.integers(1, 16)) * SLOT
    start = draw(st.integers(0, (DAY - duration) // SLOT)) * SLOT
    count = draw(st.integers(1, 3))
    plan = draw(st.integers(0, count - 1))
    end = start + duration
    opens = draw(st.integers(0, start // SLOT)) * SLOT
    closes = end + draw(st.integers(0, (DAY - end) // SLOT)) * SLOT
    hours = [OpeningInterval(opens=opens, closes=closes), *draw(_MORE_HOURS)]
    chosen = restaurant(plan, draw(POINTS), hours, draw(menus() if menu is None else menu))
    others = [draw(restaurants(i)) for i in range(count) if i != plan]
    return World(tuple([*others[:plan], chosen, *others[plan:]]), plan, start, duration)


@st.composite
def plan_answers(draw: st.DrawFn, world: World) -> Answer:
    """The plan as an agent writes it: the restaurant by id or by name (in any case), the time as
    ``HH:MM`` or ``HH:MM:00``."""
    chosen = world.chosen
    spellings = (chosen.id, chosen.name, chosen.name.upper(), chosen.id.upper())
    name = spellings[draw(st.integers(0, 3))]
    time = clock(world.start) + (":00" if draw(st.booleans()) else "")
    return {"restaurant": name, "time": time}


@cache
@st.composite
def single_dish_menus(draw: st.DrawFn, diet: Diet) -> tuple[Dish, ...]:
    """A menu where the cheapest dish lacks ``diet`` and every ``diet`` dish costs more."""
    cheap = draw(dishes(0, without_diet=diet))
    rest = []
    for index in range(1, draw(st.integers(2, 3))):
        dish = draw(dishes(index))
        if index == 1 and diet not in dish.suits:
            dish = Dish(
                name=dish.name,
                price=dish.price,
                diets=dish.diets | {diet},
                allergens=dish.allergens - DIET_EXCLUDES[diet],
                spice=dish.spice,
            )
        if diet in dish.suits and dish.price <= cheap.price:
            dish = dish.model_copy(update={"price": cheap.price + draw(st.integers(1, 500)) / 100})
        rest.append(dish)
    return (cheap, *rest)
