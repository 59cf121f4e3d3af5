"""How the meta-tests build requirements of each dining kind around a :class:`Dinner`, for the
kinds' declarations in :mod:`domains.dining.checks`.

Each builder takes ``hypothesis.strategies`` (so importing the checks never imports
hypothesis). Around a dinner, values stay on the meta-tests' grid: times on the quarter hour,
places on a 0.001-degree grid around San Francisco, prices in whole cents (the oracle searches
the quarter hours only, which is exact on that grid). ``any`` leaves the grid, for round trips and
monotonicity. A food requirement is met or broken by the dishes of ``Dinner.menu``: the meta-tests
hand ``met_by`` a dinner serving the one dish a guest eats, so all of a guest's food requirements
fit that dish together.

The builders live apart from the checks because ``checkers mutate dining`` mutates
``checks.py``: a strategy's bounds are not a rule, and a mutant of one is no test of the checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, TypeVar, get_args

from checkers.kinds import KindExamples, Strategies
from checkers.requirements import Requirement
from domains.dining.models import (
    DAY,
    SPICE_NAMES,
    Allergen,
    Allergy,
    Availability,
    Budget,
    Diet,
    DietRequirement,
    Dish,
    GeoPoint,
    MaxDistance,
    OpeningHours,
    Restaurant,
    SpiceTolerance,
    covered,
    distinct,
    money,
)

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

SLOT = 15
"""The grid of times, in minutes."""
CENTER = (37.77, -122.42)
EVERY_DIET = tuple(DietRequirement(diet=diet) for diet in get_args(Diet))
EVERY_ALLERGY = tuple(Allergy(allergen=allergen) for allergen in get_args(Allergen))
EVERY_SPICE = tuple(SpiceTolerance(max_level=level) for level in range(len(SPICE_NAMES)))
R = TypeVar("R", bound=Requirement)


@dataclass(frozen=True)
class Dinner:
    """A plan as the kinds' rules see it: the restaurant, when dinner starts and ends (minutes
    from today's midnight; the end may pass midnight), and the dishes on offer (the restaurant's
    menu, or one dish of it: :meth:`serving`)."""

    restaurant: Restaurant
    start: int
    end: int
    menu: tuple[Dish, ...]

    @classmethod
    def at(cls, restaurant: Restaurant, start: int, duration: int) -> Dinner:
        """Dinner at ``restaurant`` from ``start``, ``duration`` minutes long, the whole menu."""
        return cls(restaurant, start, start + duration, restaurant.menu)

    def serving(self, dish: Dish) -> Dinner:
        """The same dinner with ``dish`` the only one on offer (what one guest eats)."""
        return replace(self, menu=(dish,))


@cache  # one strategy per strategies module: the builders below call it on every draw
def points(st: Strategies) -> SearchStrategy[GeoPoint]:
    """A place within about 4.5 km of the centre, on a 0.001-degree grid."""
    offsets = st.integers(-40, 40)
    found: SearchStrategy[GeoPoint] = st.builds(
        lambda lat, lon: GeoPoint(
            lat=round(CENTER[0] + lat / 1000, 3), lon=round(CENTER[1] + lon / 1000, 3)
        ),
        offsets,
        offsets,
    )
    return found


def enumerated(
    st: Strategies,
    every: Sequence[R],
    holds: Callable[[R, Dinner], bool],
    why: Callable[[R, Dinner], tuple[str, tuple[str, ...]]],
) -> KindExamples[R, Dinner]:
    """A kind with few requirements (``every`` one of them): those the dinner meets or breaks,
    by ``holds``; ``why`` gives the failing reason code and words."""

    def some(wanted: bool) -> Callable[[Dinner], SearchStrategy[R]]:
        def pick(dinner: Dinner) -> SearchStrategy[R]:
            found = [req for req in every if holds(req, dinner) is wanted]
            drawn: SearchStrategy[R] = st.sampled_from(found) if found else st.nothing()
            return drawn

        return pick

    return KindExamples(st.sampled_from(every), some(True), some(False), why)


def budget(st: Strategies) -> KindExamples[Budget, Dinner]:
    """At least a dish's price (plus up to 20.00; half the time the price itself, the boundary
    an off-by-one check gets wrong); below the cheapest dish's price."""
    extra = st.just(0) | st.integers(0, 2000)

    def met_by(dinner: Dinner) -> SearchStrategy[Budget]:
        found: SearchStrategy[Budget] = st.sampled_from(dinner.menu).flatmap(
            lambda dish: extra.map(lambda cents: Budget(max_per_person=dish.price + cents / 100))
        )
        return found

    def broken_by(dinner: Dinner) -> SearchStrategy[Budget]:
        cheapest = round(min(d.price for d in dinner.menu) * 100)  # catalog prices: 1.00 up
        found: SearchStrategy[Budget] = st.integers(1, cheapest - 1).map(
            lambda cents: Budget(max_per_person=cents / 100)
        )
        return found

    def why(req: Budget, dinner: Dinner) -> tuple[str, tuple[str, ...]]:
        return "over_budget", (money(req.max_per_person), money(min(d.price for d in dinner.menu)))

    positive = st.floats(min_value=0, max_value=1e6, exclude_min=True, allow_nan=False)
    return KindExamples(st.builds(Budget, max_per_person=positive), met_by, broken_by, why)


def _farther(origin: GeoPoint, place: GeoPoint) -> GeoPoint:
    """``origin``, or a point 0.02 degrees north of ``place`` when ``origin`` is within 10 m."""
    near = origin.km_to(place) < 0.01
    return GeoPoint(lat=round(place.lat + 0.02, 3), lon=place.lon) if near else origin


def distance(st: Strategies) -> KindExamples[MaxDistance, Dinner]:
    """From a grid point: at least as far as the restaurant (plus up to 3 km), or a half, 90% or
    99% of its distance."""
    slack = st.integers(0, 3000)

    def met_by(dinner: Dinner) -> SearchStrategy[MaxDistance]:
        def build(origin: GeoPoint, metres: int) -> MaxDistance:
            km = origin.km_to(dinner.restaurant.location)
            return MaxDistance(max_km=max(km + metres / 1000, 0.001), origin=origin)

        found: SearchStrategy[MaxDistance] = st.builds(build, points(st), slack)
        return found

    def broken_by(dinner: Dinner) -> SearchStrategy[MaxDistance]:
        def build(origin: GeoPoint, share: float) -> MaxDistance:
            far = _farther(origin, dinner.restaurant.location)
            return MaxDistance(max_km=far.km_to(dinner.restaurant.location) * share, origin=far)

        found: SearchStrategy[MaxDistance] = st.builds(
            build, points(st), st.sampled_from((0.5, 0.9, 0.99))
        )
        return found

    def why(req: MaxDistance, dinner: Dinner) -> tuple[str, tuple[str, ...]]:
        away = distinct(req.max_km, req.origin.km_to(dinner.restaurant.location))[1]
        return "too_far", (dinner.restaurant.name, f"{away} km")

    positive = st.floats(min_value=0, max_value=1e6, exclude_min=True, allow_nan=False)
    geo = st.builds(
        GeoPoint, lat=st.floats(-90, 90, allow_nan=False), lon=st.floats(-180, 180, allow_nan=False)
    )
    return KindExamples(
        st.builds(MaxDistance, max_km=positive, origin=geo | points(st)), met_by, broken_by, why
    )


def _window(since: int, until: int) -> Availability:
    return Availability(available_from=since, available_until=until)


def availability(st: Strategies) -> KindExamples[Availability, Dinner]:
    """On the grid: a window from before the dinner to after it (possibly past midnight); one
    that ends during the dinner, or starts after it has begun."""

    def grid(low: int, high: int) -> SearchStrategy[int]:
        """The quarter hours from ``low`` to ``high`` (both on the grid)."""
        found: SearchStrategy[int] = st.integers(low // SLOT, high // SLOT).map(lambda n: n * SLOT)
        return found

    def met_by(dinner: Dinner) -> SearchStrategy[Availability]:
        def until(since: int) -> SearchStrategy[Availability]:
            # At most a quarter hour short of a day; ending past 24:00 is past midnight.
            last = max(DAY, since + DAY - SLOT)
            return grid(dinner.end, last).map(lambda u: _window(since, u if u <= DAY else u - DAY))

        return grid(0, dinner.start).flatmap(until)

    def broken_by(dinner: Dinner) -> SearchStrategy[Availability]:
        start, end = dinner.start, dinner.end
        ends_early = grid(0, start).flatmap(
            lambda since: grid(start + SLOT, end - SLOT).map(lambda u: _window(since, u))
        )
        starts_late = grid(start + SLOT, DAY - SLOT).flatmap(
            lambda since: grid(max(since + SLOT, end), DAY).map(lambda u: _window(since, u))
        )
        # No quarter hour inside a quarter-hour dinner; none after 23:45 to start a window at.
        either: SearchStrategy[Availability] = st.one_of(
            *([ends_early] if end - start > SLOT else []),
            *([starts_late] if start < DAY - SLOT else []),
        )

        return either

    def why(req: Availability, dinner: Dinner) -> tuple[str, tuple[str, ...]]:
        # Too early when the window is neither running at the start nor just over (free the
        # minute before) and today's opens later; otherwise it ends too soon.
        window = ((req.available_from, req.available_until),)
        before = (dinner.start - 1) % DAY
        running = covered(window, dinner.start, dinner.start + 1) or covered(
            window, before, before + 1
        )
        late = not running and req.available_from > dinner.start
        return ("starts_too_early" if late else "ends_too_late"), (req.window,)

    # Any daily window: a start before 24:00 and another end, before the start past midnight.
    windows = st.tuples(st.integers(0, DAY - 1), st.integers(0, DAY)).filter(lambda w: w[0] != w[1])
    return KindExamples(windows.map(lambda w: _window(*w)), met_by, broken_by, why)


def why_spice(req: SpiceTolerance, dinner: Dinner) -> tuple[str, tuple[str, ...]]:
    return "too_spicy", (str(req.max_level), dinner.restaurant.name)


def why_diet(req: DietRequirement, dinner: Dinner) -> tuple[str, tuple[str, ...]]:
    return "no_dish_for_diet", (req.need, dinner.restaurant.name)


def why_allergy(req: Allergy, dinner: Dinner) -> tuple[str, tuple[str, ...]]:
    return "allergen_in_every_dish", (req.allergen.replace("_", " "), dinner.restaurant.name)


def why_closed(req: OpeningHours, dinner: Dinner) -> tuple[str, tuple[str, ...]]:
    """Closed at the start minute, or closing during the dinner."""
    hours = tuple((h.opens, h.closes) for h in dinner.restaurant.hours)
    at_start = covered(hours, dinner.start, dinner.start + 1)
    return ("closes_during_dinner" if at_start else "closed_at_start"), (dinner.restaurant.name,)
