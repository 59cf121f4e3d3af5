"""Dining's meta spec: scenarios built around a plan, answers with known verdicts, an oracle.

Every scenario the strategies build is on a 15-minute grid (opening hours, availability windows,
dinner durations and plan times are multiples of 15 minutes), locations on a 0.001-degree grid
around San Francisco, prices in whole cents. On that grid the plans of the solver's grid are
exhaustive: a dinner starting off the grid serves a subset of the guests the grid time before it
serves, so the best score over the grid is the best score over every minute. (Windows off the
grid are covered by ``tests/test_dining_rules.py``, against a minute-by-minute search.) Opening
hours and random availability windows may run past midnight, and dishes follow the catalog rules
of :mod:`domains.dining.models`: the diet order and no tag contradicting an allergen.

How each kind of case is built (the strategies compose from the small ``@composite`` pieces
below):

- satisfying: restaurants and a plan first (the plan's restaurant is open for the whole dinner),
  then guests whose every requirement is drawn from what the plan offers: a dish each guest can
  eat (diet tag, allergen-free, price within budget, spice within tolerance), a distance at
  least as far as the restaurant, a free window around the dinner;
- single violation of kind K for one guest: the plan's menu is drawn so that K can be tightened
  for that guest alone (for ``diet``, one diet no dish at the restaurant has; for ``allergy``,
  one allergen every dish there contains and no other guest is allergic to; for ``budget``,
  ``spice``, ``distance`` and ``availability``, a limit below what the restaurant offers or a
  window the dinner does not fit), then exactly that requirement of that guest is tightened.
  Food requirements also fail the derived ``single_dish`` result (declared in
  ``Violation.also_fails``). ``opening_hours`` is shared: the plan's restaurant gets hours that
  do not cover the dinner, which fails every guest's opening-hours result and nothing else
  (score 0/n). ``single_dish`` alone: the guest's diet and budget are each met by some dish, but
  no dish meets both;
- any scenario (for the oracle and the invariants): half built around a plan as above, half with
  guests whose requirements are drawn at random, so many are infeasible.

The oracle (:func:`reference_served`) is an independent, deliberately plain re-statement of the
dining rules; it shares no code with :mod:`domains.dining.checks`, so a wrong check disagrees
with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, get_args

from hypothesis import strategies as st
from pydantic import TypeAdapter

from checkers.meta.spec import (
    Answer,
    Case,
    DomainMetaSpec,
    InfeasibleClaim,
    MetricMeta,
    Oracle,
    Violation,
)
from checkers.meta.strategies import final_texts, prose
from checkers.requirements import Requirement
from checkers.transcript import ToolCall, ToolResponse, Transcript
from domains.dining.booking import BOOK_TABLE, Booking
from domains.dining.checks import SINGLE_DISH, checks
from domains.dining.judge import read_answer, stated_plan
from domains.dining.metrics import (
    EVERYONE_ATE,
    EVERYONE_ATE_OR_SAYS_INFEASIBLE,
    MENU_BEFORE_BOOKING,
    METRICS,
)
from domains.dining.models import (
    DIET_EXCLUDES,
    DIET_SATISFIED_BY,
    Allergen,
    Allergy,
    Availability,
    Budget,
    Diet,
    DietRequirement,
    DiningRequirement,
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
    clock,
    distinct,
    money,
)

SLOT = 15
DAY = 24 * 60
CENTER = (37.77, -122.42)
DIETS: tuple[Diet, ...] = get_args(Diet)
ALLERGENS: tuple[Allergen, ...] = get_args(Allergen)
FOOD = ("diet", "allergy", "budget", "spice")
GUEST_KINDS = (*FOOD, "distance", "availability")
NAMES = ("Ana", "Björn", "Zoë", "Omar", "Mei", "Raj", "José", "Lin")
CUISINES = ("Bistro", "Trattoria", "Izakaya", "Taquería", "Grill")
KNOWN_ANSWERS = Path(__file__).with_name("known_answers.json")
_REQUIREMENT = TypeAdapter(DiningRequirement)

# Built once: creating and validating strategies inside every draw costs more than drawing.
_OFFSETS = st.integers(-40, 40)
_DIET_TAGS = st.frozensets(st.sampled_from(DIETS), max_size=3)
_ALLERGEN_SETS = st.frozensets(st.sampled_from(ALLERGENS), max_size=3)
_SOME_ALLERGENS = st.frozensets(st.sampled_from(ALLERGENS), min_size=1, max_size=2)
_CENTS = st.integers(100, 6000)
_SPICE = st.integers(0, 4)
_GUEST_KINDS = st.frozensets(st.sampled_from(GUEST_KINDS))
_ANY_DIET = st.sampled_from(DIETS)
_ANY_ALLERGEN = st.sampled_from(ALLERGENS)
_SPELLING = st.integers(0, 3)


# --- small pieces -------------------------------------------------------------------------------


def guest_name(index: int) -> str:
    """Distinct names, Unicode included: Ana, Björn, ... Ana 1, Björn 1, ..."""
    base = NAMES[index % len(NAMES)]
    return base if index < len(NAMES) else f"{base} {index // len(NAMES)}"


@st.composite
def points(draw: st.DrawFn) -> GeoPoint:
    """A place within about 4.5 km of the centre, on a 0.001-degree grid."""
    lat = round(CENTER[0] + draw(_OFFSETS) / 1000, 3)
    lon = round(CENTER[1] + draw(_OFFSETS) / 1000, 3)
    return GeoPoint(lat=lat, lon=lon)


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


@st.composite
def covering(draw: st.DrawFn, start: int, end: int) -> OpeningInterval:
    """An interval on the grid that covers the dinner ``start``-``end``."""
    opens = draw(st.integers(0, start // SLOT)) * SLOT
    closes = end + draw(st.integers(0, (DAY - end) // SLOT)) * SLOT
    return OpeningInterval(opens=opens, closes=closes)


@st.composite
def dishes(
    draw: st.DrawFn,
    index: int,
    without_diet: Diet | None = None,
    with_allergen: Allergen | None = None,
    min_spice: int = 0,
    needs_diet: bool = False,
) -> Dish:
    """A dish: up to three diet tags (never one that suits ``without_diet``), up to three
    allergens (always ``with_allergen``, never one its tags exclude), a price from 1.00 to 60.00,
    a spice level of at least ``min_spice``."""
    never: frozenset[Diet] = frozenset()
    if without_diet is not None:
        never = DIET_SATISFIED_BY[without_diet]
    diets = frozenset(d for d in draw(_DIET_TAGS) - never if with_allergen not in DIET_EXCLUDES[d])
    if needs_diet and not diets:
        diets = frozenset(
            {next(d for d in DIETS if d not in never and with_allergen not in DIET_EXCLUDES[d])}
        )
    allergens = draw(_ALLERGEN_SETS) - frozenset().union(*(DIET_EXCLUDES[d] for d in diets))
    if with_allergen is not None:
        allergens |= {with_allergen}
    price = draw(_CENTS) / 100
    spice = max(min_spice, draw(_SPICE))
    return Dish(name=f"Dish {index}", price=price, diets=diets, allergens=allergens, spice=spice)


@st.composite
def menus(draw: st.DrawFn, /, **dish_options: Any) -> tuple[Dish, ...]:
    """One to three dishes; the first one gets a diet tag when ``needs_diet`` is given."""
    count = draw(st.integers(1, 3))
    return tuple(
        draw(
            dishes(
                i,
                **{**dish_options, "needs_diet": dish_options.get("needs_diet", False) and i == 0},
            )
        )
        for i in range(count)
    )


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


@st.composite
def restaurants(draw: st.DrawFn, index: int) -> Restaurant:
    """Any restaurant: one or two opening intervals, one to three dishes."""
    hours = draw(_HOURS)
    return restaurant(index, draw(points()), hours, draw(menus()))


class World:
    """Restaurants around a plan: the plan's restaurant is open for the whole dinner."""

    def __init__(self, restaurants: tuple[Restaurant, ...], plan: int, start: int, duration: int):
        self.restaurants = restaurants
        self.plan = plan
        self.start = start
        self.duration = duration

    @property
    def chosen(self) -> Restaurant:
        return self.restaurants[self.plan]

    @property
    def end(self) -> int:
        return self.start + self.duration


@st.composite
def worlds(draw: st.DrawFn, menu: st.SearchStrategy[tuple[Dish, ...]] | None = None) -> World:
    """One to three restaurants, a dinner of 15 minutes to 4 hours, and the plan's restaurant
    (with ``menu`` when given) open for all of it."""
    duration = draw(st.integers(1, 16)) * SLOT
    start = draw(st.integers(0, (DAY - duration) // SLOT)) * SLOT
    count = draw(st.integers(1, 3))
    plan = draw(st.integers(0, count - 1))
    chosen_hours = [draw(covering(start, start + duration))]
    chosen_hours += draw(_MORE_HOURS)
    chosen = restaurant(plan, draw(points()), chosen_hours, draw(menus() if menu is None else menu))
    others = [draw(restaurants(i)) for i in range(count) if i != plan]
    return World(tuple([*others[:plan], chosen, *others[plan:]]), plan, start, duration)


@st.composite
def plan_answers(draw: st.DrawFn, world: World) -> Answer:
    """The plan as an agent writes it: the restaurant by id or by name (in any case), the time as
    ``HH:MM`` or ``HH:MM:00``."""
    chosen = world.chosen
    spellings = (chosen.id, chosen.name, chosen.name.upper(), chosen.id.upper())
    name = spellings[draw(_SPELLING)]
    time = clock(world.start) + (":00" if draw(st.booleans()) else "")
    return {"restaurant": name, "time": time}


@st.composite
def requirements_met_by(
    draw: st.DrawFn, world: World, dish: Dish, kinds: frozenset[str]
) -> list[Requirement]:
    """Requirements of the given kinds that the plan meets through ``dish``."""
    found: list[Requirement] = []
    if "diet" in kinds and dish.suits:
        tags = sorted(dish.suits)
        found.append(DietRequirement(diet=tags[draw(st.integers(0, len(tags) - 1))]))
    if "allergy" in kinds:
        free = draw(_SOME_ALLERGENS) - dish.allergens
        if not free:
            free = frozenset({next(a for a in ALLERGENS if a not in dish.allergens)})
        found += [Allergy(allergen=a) for a in sorted(free)]
    if "budget" in kinds:
        found.append(Budget(max_per_person=dish.price + draw(st.integers(0, 2000)) / 100))
    if "spice" in kinds:
        found.append(SpiceTolerance(max_level=max(dish.spice, draw(_SPICE))))
    if "distance" in kinds:
        origin = draw(points())
        km = origin.km_to(world.chosen.location)
        found.append(
            MaxDistance(max_km=max(km + draw(st.integers(0, 3000)) / 1000, 0.001), origin=origin)
        )
    if "availability" in kinds:
        since = draw(st.integers(0, world.start // SLOT)) * SLOT
        until = world.end + draw(st.integers(0, (DAY - world.end) // SLOT)) * SLOT
        found.append(Availability(available_from=since, available_until=until))
    turn = draw(st.integers(0, max(len(found) - 1, 0)))
    return found[turn:] + found[:turn]


@st.composite
def served_guests(
    draw: st.DrawFn,
    world: World,
    index: int,
    must_hold: str | None = None,
    dish: Dish | None = None,
) -> Guest:
    """Guest ``g<index>`` whose every requirement the plan meets (holding ``must_hold`` when
    given, eating ``dish`` when given)."""
    menu = world.chosen.menu
    dish = dish or menu[draw(st.integers(0, len(menu) - 1))]
    kinds = draw(_GUEST_KINDS)
    kinds |= {must_hold} if must_hold else set()
    found = draw(requirements_met_by(world, dish, kinds))
    return Guest(id=f"g{index}", name=guest_name(index), requirements=tuple(found))


def scenario_of(world: World, guests: Sequence[Guest]) -> Scenario:
    group = Group(id="generated", duration_minutes=world.duration, guests=tuple(guests))
    return Scenario(group=group, restaurants=world.restaurants)


def with_guest(scenario: Scenario, index: int, guest: Guest) -> Scenario:
    """``scenario`` with guest number ``index`` replaced."""
    guests = list(scenario.group.guests)
    guests[index] = guest
    group = scenario.group.model_copy(update={"guests": tuple(guests)})
    return Scenario(
        group=Group.model_validate(group.model_dump()), restaurants=scenario.restaurants
    )


def replace_requirement(guest: Guest, kind: str, new: Requirement) -> Guest:
    """``guest`` with its first requirement of ``kind`` replaced by ``new``."""
    position = next(i for i, r in enumerate(guest.requirements) if r.kind == kind)
    requirements: list[Any] = list(guest.requirements)
    requirements[position] = new
    return Guest(id=guest.id, name=guest.name, requirements=tuple(requirements))


# --- describing cases ---------------------------------------------------------------------------


def describe_requirement(requirement: Requirement) -> str:
    """``diet vegan``, ``budget 12.50``, ``free 18:00-21:00`` ..."""
    if isinstance(requirement, DietRequirement):
        return f"diet {requirement.diet}"
    if isinstance(requirement, Allergy):
        return f"allergy {requirement.allergen}"
    if isinstance(requirement, Budget):
        return f"budget {requirement.max_per_person:.2f}"
    if isinstance(requirement, SpiceTolerance):
        return f"spice<={requirement.max_level}"
    if isinstance(requirement, MaxDistance):
        o = requirement.origin
        return f"within {requirement.max_km:.3f} km of ({o.lat}, {o.lon})"
    if isinstance(requirement, Availability):
        return f"free {clock(requirement.available_from)}-{clock(requirement.available_until)}"
    return requirement.kind


def describe_dish(dish: Dish) -> str:
    tags = [f"{dish.price:.2f}", *sorted(dish.diets), f"spice {dish.spice}"]
    tags += [f"has {a}" for a in sorted(dish.allergens)]
    return f"{dish.name} ({', '.join(tags)})"


def describe(scenario: Scenario, answer: Answer | None = None) -> str:
    """The scenario (and the answer) in a few lines' worth of text, for failure messages."""
    guests = "; ".join(
        f"{g.id} {g.name}: "
        + (", ".join(map(describe_requirement, g.requirements)) or "no requirements")
        for g in scenario.group.guests
    )
    places = "; ".join(
        f"{r.id} {r.name!r} at ({r.location.lat}, {r.location.lon}) open "
        f"{', '.join(f'{clock(h.opens)}-{clock(h.closes)}' for h in r.hours)}, menu "
        f"{', '.join(map(describe_dish, r.menu))}"
        for r in scenario.restaurants
    )
    plan = f"answer {answer}; " if answer is not None else ""
    size = len(scenario.group.guests)
    return (
        f"{plan}{size} guest{'s' if size != 1 else ''} [{guests}], dinner "
        f"{scenario.group.duration_minutes} min; restaurants [{places}]"
    )


# --- satisfying and violating cases -------------------------------------------------------------


@st.composite
def satisfying_cases(draw: st.DrawFn, min_subjects: int, max_subjects: int) -> Case[Scenario]:
    """A scenario built around a plan, and that plan as the answer."""
    world = draw(worlds())
    count = draw(st.integers(min_subjects, max_subjects))
    guests = [draw(served_guests(world, i)) for i in range(count)]
    scenario = scenario_of(world, guests)
    answer = draw(plan_answers(world))
    return Case(scenario, answer, describe(scenario, answer))


def _menu_for(kind: str, draw: st.DrawFn) -> tuple[st.SearchStrategy[tuple[Dish, ...]], Any]:
    """The plan's menu for a violation of ``kind`` and the value the tightening will use."""
    if kind == "diet":
        absent = draw(_ANY_DIET)
        return menus(without_diet=absent, needs_diet=True), absent
    if kind == "allergy":
        everywhere = draw(_ANY_ALLERGEN)
        return menus(with_allergen=everywhere), everywhere
    if kind == "spice":
        return menus(min_spice=1), None
    return menus(), None


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


@st.composite
def _tightened(
    draw: st.DrawFn, kind: str, world: World, guest: Guest, value: Any
) -> tuple[Requirement, tuple[str, ...], str]:
    """The failing requirement that replaces ``guest``'s first requirement of ``kind``, the
    words its reason must contain, and its reason code."""
    chosen = world.chosen
    if kind == "diet":
        words = (guest.name, value.replace("_", "-"), chosen.name)
        return DietRequirement(diet=value), words, "no_dish_for_diet"
    if kind == "allergy":
        words = (guest.name, value.replace("_", " "), chosen.name)
        return Allergy(allergen=value), words, "allergen_in_every_dish"
    if kind == "budget":
        cheapest = min(d.price for d in chosen.menu)
        limit = draw(st.integers(1, round(cheapest * 100) - 1)) / 100  # prices start at 1.00
        words = (guest.name, money(limit), money(cheapest))
        return Budget(max_per_person=limit), words, "over_budget"
    if kind == "spice":
        mildest = min(d.spice for d in chosen.menu)
        level = draw(st.integers(0, mildest - 1))
        return SpiceTolerance(max_level=level), (guest.name, str(level), chosen.name), "too_spicy"
    if kind == "distance":
        held = next(r for r in guest.requirements if isinstance(r, MaxDistance))
        origin = held.origin
        km = origin.km_to(chosen.location)
        if km < 0.01:
            origin = GeoPoint(lat=round(chosen.location.lat + 0.02, 3), lon=chosen.location.lon)
            km = origin.km_to(chosen.location)
        limit = km * draw(st.sampled_from((0.5, 0.9, 0.99)))
        words = (guest.name, chosen.name, f"{distinct(limit, km)[1]} km")
        return MaxDistance(max_km=limit, origin=origin), words, "too_far"
    if kind == "availability":
        if draw(st.booleans()):
            since = draw(st.integers(0, world.start))
            until = draw(st.integers(max(since, world.start) + 1, world.end - 1))
            code = "ends_too_late"
        else:
            since = draw(st.integers(world.start + 1, DAY - 1))
            until = draw(st.integers(max(since + 1, world.end), DAY))
            code = "starts_too_early"
        window = f"{clock(since)}-{clock(until)}"
        return Availability(available_from=since, available_until=until), (guest.name, window), code
    raise ValueError(f"no tightening for kind {kind!r}")


@st.composite
def violations(
    draw: st.DrawFn, kind: str, min_subjects: int, max_subjects: int
) -> Violation[Scenario]:
    """A scenario where the plan breaks exactly one requirement of kind ``kind`` of one guest."""
    if kind == "opening_hours":
        return draw(_closed_violations(min_subjects, max_subjects))
    if kind == SINGLE_DISH:
        return draw(_single_dish_violations(min_subjects, max_subjects))
    menu, value = _menu_for(kind, draw)
    world = draw(worlds(menu))
    count = draw(st.integers(min_subjects, max_subjects))
    target = draw(st.integers(0, count - 1))
    dish = world.chosen.menu[0]
    guests = [
        draw(served_guests(world, i, kind, dish) if i == target else served_guests(world, i))
        for i in range(count)
    ]
    base = scenario_of(world, guests)
    tight, mentions, code = draw(_tightened(kind, world, guests[target], value))
    broken = replace_requirement(guests[target], kind, tight)
    scenario = with_guest(base, target, broken)
    answer = draw(plan_answers(world))
    return Violation(
        base=base,
        scenario=scenario,
        answer=answer,
        subject_id=broken.id,
        kind=kind,
        about=f"{broken.name} ({broken.id}) now holds {describe_requirement(tight)}; "
        + describe(scenario, answer),
        also_fails=frozenset({SINGLE_DISH}) if kind in FOOD else frozenset(),
        mentions=mentions,
        code=code,
    )


@st.composite
def _closed_hours(draw: st.DrawFn, start: int, end: int) -> tuple[tuple[OpeningInterval, ...], str]:
    """Opening hours that do not cover the dinner (closing during it, or open only before or
    after its start), and the reason code that says which."""
    how = draw(st.sampled_from(("closes_during", "opens_later", "closed_before")))
    if how == "closes_during":
        opens = draw(st.integers(0, start))
        closes = draw(st.integers(start + 1, end - 1))
        return (OpeningInterval(opens=opens, closes=closes),), "closes_during_dinner"
    if how == "opens_later" or start == 0:
        opens = draw(st.integers(start + 1, DAY - 1))
        closes = draw(st.integers(opens + 1, DAY))
        return (OpeningInterval(opens=opens, closes=closes),), "closed_at_start"
    opens = draw(st.integers(0, start - 1))
    closes = draw(st.integers(opens + 1, start))
    return (OpeningInterval(opens=opens, closes=closes),), "closed_at_start"


@st.composite
def _closed_violations(
    draw: st.DrawFn, min_subjects: int, max_subjects: int
) -> Violation[Scenario]:
    case = draw(satisfying_cases(min_subjects, max_subjects))
    base = case.scenario
    world = _world_of(base, case.answer)
    hours, code = draw(_closed_hours(world.start, world.end))
    closed = Restaurant.model_validate(
        {**world.chosen.model_dump(), "hours": [h.model_dump() for h in hours]}
    )
    places = tuple(closed if r.id == closed.id else r for r in base.restaurants)
    scenario = Scenario(group=base.group, restaurants=places)
    return Violation(
        base=base,
        scenario=scenario,
        answer=case.answer,
        subject_id=base.group.guests[0].id,
        kind="opening_hours",
        about=f"{closed.id} now open only "
        f"{', '.join(f'{clock(h.opens)}-{clock(h.closes)}' for h in hours)}; "
        + describe(scenario, case.answer),
        shared=True,
        mentions=(closed.name,),
        code=code,
    )


def _world_of(scenario: Scenario, answer: Answer) -> World:
    chosen = scenario.restaurant(answer["restaurant"])
    assert chosen is not None
    hours, minutes = answer["time"].split(":")[:2]
    plan = scenario.restaurants.index(chosen)
    return World(
        scenario.restaurants, plan, int(hours) * 60 + int(minutes), scenario.group.duration_minutes
    )


@st.composite
def _single_dish_violations(
    draw: st.DrawFn, min_subjects: int, max_subjects: int
) -> Violation[Scenario]:
    diet = draw(_ANY_DIET)
    world = draw(worlds(single_dish_menus(diet)))
    count = draw(st.integers(min_subjects, max_subjects))
    target = draw(st.integers(0, count - 1))
    menu = world.chosen.menu
    cheap = menu[0]
    with_diet = min(d.price for d in menu if diet in d.suits)
    others = draw(st.frozensets(st.sampled_from(("distance", "availability"))))
    extra = draw(requirements_met_by(world, cheap, others))
    base_guest = Guest(
        id=f"g{target}",
        name=guest_name(target),
        requirements=(DietRequirement(diet=diet), Budget(max_per_person=with_diet), *extra),
    )
    guests = [base_guest if i == target else draw(served_guests(world, i)) for i in range(count)]
    base = scenario_of(world, guests)
    limit = draw(st.integers(round(cheap.price * 100), round(with_diet * 100) - 1)) / 100
    broken = replace_requirement(base_guest, "budget", Budget(max_per_person=limit))
    scenario = with_guest(base, target, broken)
    answer = draw(plan_answers(world))
    return Violation(
        base=base,
        scenario=scenario,
        answer=answer,
        subject_id=broken.id,
        kind=SINGLE_DISH,
        about=f"{broken.name} ({broken.id}) is {diet} with budget {limit:.2f}: each is met by "
        f"some dish, no dish meets both; " + describe(scenario, answer),
        mentions=(broken.name, world.chosen.name),
        code="no_single_dish",
    )


# --- any scenario, any requirement --------------------------------------------------------------


def requirement_strategies() -> dict[str, st.SearchStrategy[Requirement]]:
    """Any valid requirement of each kind, off the grid too (for round trips and monotonicity)."""
    # Any daily window: a start before 24:00 and another end, before the start past midnight.
    windows = st.tuples(st.integers(0, DAY - 1), st.integers(0, DAY)).filter(lambda w: w[0] != w[1])
    positive = st.floats(min_value=0, max_value=1e6, exclude_min=True, allow_nan=False)
    geo = st.builds(
        GeoPoint,
        lat=st.floats(-90, 90, allow_nan=False),
        lon=st.floats(-180, 180, allow_nan=False),
    )
    return {
        "diet": st.builds(DietRequirement, diet=st.sampled_from(DIETS)),
        "allergy": st.builds(Allergy, allergen=st.sampled_from(ALLERGENS)),
        "budget": st.builds(Budget, max_per_person=positive),
        "spice": st.builds(SpiceTolerance, max_level=st.integers(0, 4)),
        "distance": st.builds(MaxDistance, max_km=positive, origin=geo | points()),
        "availability": windows.map(
            lambda w: Availability(available_from=w[0], available_until=w[1])
        ),
        "opening_hours": st.just(OpeningHours()),
    }


@st.composite
def grid_requirements(draw: st.DrawFn, kind: str) -> Requirement:
    """A requirement of ``kind`` drawn at random on the grid (often unmet)."""
    if kind == "budget":
        return Budget(max_per_person=draw(st.integers(100, 6000)) / 100)
    if kind == "distance":
        return MaxDistance(max_km=draw(st.integers(200, 6000)) / 1000, origin=draw(points()))
    if kind == "availability":
        window = draw(intervals())
        return Availability(available_from=window.opens, available_until=window.closes)
    return draw(requirement_strategies()[kind])


@st.composite
def random_guests(draw: st.DrawFn, index: int) -> Guest:
    kinds = draw(st.lists(st.sampled_from(GUEST_KINDS), max_size=4))
    found = tuple(draw(grid_requirements(k)) for k in kinds)
    return Guest(id=f"g{index}", name=guest_name(index), requirements=found)


@st.composite
def random_scenarios(draw: st.DrawFn, min_subjects: int, max_subjects: int) -> Scenario:
    """Restaurants and guests drawn independently: feasible or not, as it falls."""
    places = tuple(draw(restaurants(i)) for i in range(draw(st.integers(1, 3))))
    count = draw(st.integers(min_subjects, max_subjects))
    guests = tuple(draw(random_guests(i)) for i in range(count))
    duration = draw(st.integers(1, 16)) * SLOT
    return Scenario(
        group=Group(id="generated", duration_minutes=duration, guests=guests), restaurants=places
    )


def any_scenarios(min_subjects: int, max_subjects: int) -> st.SearchStrategy[Scenario]:
    """Half built around a plan (feasible), half drawn at random (often infeasible)."""
    built = satisfying_cases(min_subjects, max_subjects).map(lambda case: case.scenario)
    return built | random_scenarios(min_subjects, max_subjects)


# --- the oracle ---------------------------------------------------------------------------------


def reference_served(scenario: Scenario, place: Restaurant, start: int) -> frozenset[str]:
    """Ids of the guests a plan serves, by the dining rules stated plainly.

    A guest is served when the restaurant is open for the whole dinner, the guest is free for
    all of it, the restaurant is within every distance limit, and one dish suits every diet the
    guest keeps (by the diet order :data:`DIET_SATISFIED_BY`), has none of the guest's allergens,
    a price within every budget and a spice level within every tolerance. "Open" and "free" are
    judged minute by minute: every minute of the dinner, taken as a clock time, lies inside one
    of the daily windows (a window ending before it starts runs past midnight).
    """
    end = start + scenario.group.duration_minutes
    if not _covered(tuple((h.opens, h.closes) for h in place.hours), start, end):
        return frozenset()
    served = set()
    for guest in scenario.group.guests:
        ok = True
        for req in guest.requirements:
            if isinstance(req, Availability):
                window = ((req.available_from, req.available_until),)
                ok = ok and _covered(window, start, end)
            if isinstance(req, MaxDistance):
                ok = ok and req.origin.km_to(place.location) <= req.max_km
        if ok and any(_dish_suits(dish, guest) for dish in place.menu):
            served.add(guest.id)
    return frozenset(served)


@lru_cache(maxsize=4096)
def _minutes_inside(windows: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """``counts[m]``: how many of the minutes before ``m`` (from today's 00:00, over two days)
    lie inside one of the daily ``windows``."""
    inside: set[int] = set()
    for opens, closes in windows:
        if opens < closes:
            inside.update(range(opens, closes))
        else:
            inside.update(range(opens, DAY))
            inside.update(range(closes))
    counts = [0]
    for minute in range(2 * DAY):
        counts.append(counts[-1] + (minute % DAY in inside))
    return tuple(counts)


def _covered(windows: tuple[tuple[int, int], ...], start: int, end: int) -> bool:
    """Whether every minute from ``start`` to ``end`` (exclusive) is inside the windows."""
    counts = _minutes_inside(windows)
    return counts[end] - counts[start] == end - start


def _dish_suits(dish: Dish, guest: Guest) -> bool:
    for req in guest.requirements:
        if isinstance(req, DietRequirement) and not DIET_SATISFIED_BY[req.diet] & dish.diets:
            return False
        if isinstance(req, Allergy) and req.allergen in dish.allergens:
            return False
        if isinstance(req, Budget) and dish.price > req.max_per_person:
            return False
        if isinstance(req, SpiceTolerance) and dish.spice > req.max_level:
            return False
    return True


def reference_oracle(scenario: Scenario) -> Oracle:
    """Every restaurant at every 15-minute start of the day, scored by :func:`reference_served`."""
    total = len(scenario.group.guests)
    scores: dict[tuple[str, str], Fraction] = {}
    for place in scenario.restaurants:
        for start in range(0, DAY, SLOT):
            served = reference_served(scenario, place, start)
            scores[(place.id, clock(start))] = Fraction(len(served), total)

    def score(answer: Answer) -> Fraction:
        return scores[(answer["restaurant"], answer["time"])]

    answers = tuple({"restaurant": r, "time": t} for r, t in scores)
    return Oracle(best=max(scores.values()), answers=answers, score=score, subjects=total)


# --- transcripts for the invariants -------------------------------------------------------------

NO_PLAN_TEXTS = (
    "No plan satisfies everyone.",
    "I checked every restaurant and time: no plan satisfies everyone, sorry.",
    "NO PLAN  SATISFIES\nEVERYONE",
    '{"no_plan": true}',
    '```json\n{"no_plan": true, "reason": "nobody serves everyone"}\n```',
)


@st.composite
def garbled(draw: st.DrawFn, field_name: str, value: Any) -> Any:
    """A restaurant no catalog holds, or a time the checker must not guess at."""
    if field_name == "restaurant":
        return draw(st.sampled_from((f"not {value}", f"{value}??", "r999", "the usual place")))
    return draw(
        st.sampled_from(("7pm", "19h00", "25:00", "19:60", "24:00", "7:00", "19:00:30", "tonight"))
        | st.just(f"{value}Z")
        | st.just(f"T{value}")
    )


@st.composite
def answer_texts(draw: st.DrawFn, scenario: Scenario) -> str | None:
    """A final text for ``scenario``: a grid plan (by id or name), a broken plan, a claim that no
    plan works, or no answer at all."""
    place = draw(st.sampled_from(scenario.restaurants))
    time = clock(draw(st.integers(0, DAY // SLOT - 1)) * SLOT)
    answer: dict[str, Any] = {
        "restaurant": draw(st.sampled_from((place.id, place.name))),
        "time": time,
    }
    kind = draw(st.sampled_from(("plan", "plan", "plan", "broken", "no_plan", "nothing")))
    if kind == "broken":
        field_name = draw(st.sampled_from(("restaurant", "time")))
        answer[field_name] = draw(garbled(field_name, answer[field_name]) | st.none())
    if kind == "no_plan":
        return draw(st.sampled_from(NO_PLAN_TEXTS))
    if kind == "nothing":
        return draw(st.none() | prose())
    return draw(final_texts(answer))


@st.composite
def plan_transcripts(
    draw: st.DrawFn, scenarios: st.SearchStrategy[Scenario]
) -> tuple[Scenario, Transcript]:
    """A final text (:func:`answer_texts`); when it states a plan, one time in three after a
    successful ``book_table`` of exactly that plan for the whole group, which must leave the
    verdict as it is (see :mod:`domains.dining.booking`)."""
    scenario = draw(scenarios)
    text = draw(answer_texts(scenario))
    stated = stated_plan(scenario, read_answer(text, scenario))
    if not isinstance(stated, Booking) or draw(st.integers(0, 2)):
        return scenario, Transcript(final_text=text)
    args = {
        "restaurant_id": stated.restaurant_id,
        "time": clock(stated.start),
        "party_size": stated.party_size,
    }
    call = ToolCall(name=BOOK_TABLE, args=args, call_id="book-1")
    response = ToolResponse(
        name=BOOK_TABLE, response={"status": "confirmed", **args}, call_id="book-1"
    )
    return scenario, Transcript(final_text=text, tool_calls=(call,), tool_responses=(response,))


@st.composite
def booking_transcripts(
    draw: st.DrawFn, scenarios: st.SearchStrategy[Scenario]
) -> tuple[Scenario, Transcript]:
    """Calls to ``get_menu``, ``book_table`` and ``find_restaurants`` in any order, with
    successful, failed or missing responses, with or without call ids."""
    scenario = draw(scenarios)
    ids = [r.id for r in scenario.restaurants] + ["r999"]
    calls, responses = [], []
    for index in range(draw(st.integers(0, 5))):
        name = draw(st.sampled_from(("get_menu", "book_table", "find_restaurants")))
        args = {"restaurant_id": draw(st.sampled_from(ids))} if name != "find_restaurants" else {}
        call_id = draw(st.sampled_from((f"c{index}", None)))
        calls.append(ToolCall(name=name, args=args, call_id=call_id))
        outcome = draw(st.sampled_from(("ok", "error", "missing")))
        if outcome != "missing":
            body = {"status": "ok"} if outcome == "ok" else {"status": "error", "error": "no"}
            responses.append(ToolResponse(name=name, response=body, call_id=call_id))
    text = draw(answer_texts(scenario))
    return scenario, Transcript(
        final_text=text, tool_calls=tuple(calls), tool_responses=tuple(responses)
    )


# --- the spec -----------------------------------------------------------------------------------


def _reorder(scenario: Scenario, order: Sequence[int]) -> Scenario:
    guests = tuple(scenario.group.guests[i] for i in order)
    group = Group.model_validate(
        {**scenario.group.model_dump(), "guests": [g.model_dump() for g in guests]}
    )
    return Scenario(group=group, restaurants=scenario.restaurants)


def _add_requirement(scenario: Scenario, subject_id: str, requirement: Requirement) -> Scenario:
    index = next(i for i, g in enumerate(scenario.group.guests) if g.id == subject_id)
    guest = scenario.group.guests[index]
    grown = Guest(id=guest.id, name=guest.name, requirements=(*guest.requirements, requirement))
    return with_guest(scenario, index, grown)


def _load_requirement(value: Any) -> Requirement:
    requirement: Requirement = _REQUIREMENT.validate_python(value)
    return requirement


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
    kinds = (*sorted({"opening_hours", *GUEST_KINDS}), SINGLE_DISH)
    booking = frozenset({BOOK_TABLE})  # the plan is held to what book_table booked
    vacuous = (
        "judges only the tool-call path: with no booking it passes vacuously, whatever the "
        "final text says (by design, see domains/dining/metrics.py)"
    )
    return DomainMetaSpec(
        domain="dining",
        metric=EVERYONE_ATE,
        checks=checks,
        satisfying=satisfying_cases(*sizes),
        violations={kind: violations(kind, *sizes) for kind in kinds},
        required_fields=("restaurant", "time"),
        needs={
            "restaurant": frozenset(kinds) - {"availability"},
            "time": frozenset({"availability", "opening_hours"}),
        },
        garble=garbled,
        scenarios=scenarios,
        subject_ids=lambda s: tuple(g.id for g in s.group.guests),
        reorder_subjects=_reorder,
        requirements=requirement_strategies(),
        add_requirement=_add_requirement,
        load_requirement=_load_requirement,
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
    )
