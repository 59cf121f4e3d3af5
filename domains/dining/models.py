"""Group dining: restaurants, guests, their requirements, and the plan an agent proposes.

A plan is one restaurant and one start time. A guest eats only if ONE dish meets all of the
guest's food requirements at once (diet, allergens, price within budget, spice), the restaurant
is within the guest's distance, and the dinner fits both the guest's availability and the
restaurant's opening hours.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from checkers.frozen import CachingModel
from checkers.requirements import Requirement
from checkers.scenarios import require_unique_ids
from checkers.text import fold

Diet = Literal["vegetarian", "vegan", "pescatarian", "halal", "kosher", "gluten_free"]
Allergen = Literal[
    "peanut", "tree_nut", "dairy", "egg", "gluten", "shellfish", "fish", "soy", "sesame"
]
SpiceLevel = Annotated[int, Field(ge=0, le=4)]
"""0 = not spicy, 1 = mild, 2 = medium, 3 = hot, 4 = very hot."""
MinuteOfDay = Annotated[int, Field(ge=0, le=24 * 60)]
"""Minutes since midnight; 1440 (24:00) is allowed only as an end."""
DAY = 24 * 60

DIET_SATISFIED_BY: Mapping[Diet, frozenset[Diet]] = MappingProxyType(
    {
        "vegetarian": frozenset({"vegetarian", "vegan"}),
        "vegan": frozenset({"vegan"}),
        "pescatarian": frozenset({"pescatarian", "vegetarian", "vegan"}),
        "halal": frozenset({"halal"}),
        "kosher": frozenset({"kosher"}),
        "gluten_free": frozenset({"gluten_free"}),
    }
)
"""The diet order: a guest on diet ``d`` can eat a dish tagged with any diet in
``DIET_SATISFIED_BY[d]`` (a vegan dish suits a vegetarian; vegetarian food suits a pescatarian).
The one declaration of it: checks, feasibility search and meta oracle all read it."""

DIET_EXCLUDES: Mapping[Diet, frozenset[Allergen]] = MappingProxyType(
    {
        "vegetarian": frozenset({"fish", "shellfish"}),
        "vegan": frozenset({"dairy", "egg", "fish", "shellfish"}),
        "pescatarian": frozenset(),
        "halal": frozenset(),
        "kosher": frozenset({"shellfish"}),
        "gluten_free": frozenset({"gluten"}),
    }
)
"""Allergens a dish suitable for each diet cannot contain; a dish breaking this is contradictory
catalog data and is rejected when its restaurant is loaded."""


def money(amount: float) -> str:
    """An amount as reasons show it: two decimals when they hold it exactly (``20.00``,
    ``9.50``), else every decimal it has (``20.004``), so two amounts shown in one sentence
    compare as the amounts do."""
    shown = f"{amount:.2f}"
    if float(shown) == amount:
        return shown
    return format(Decimal(repr(amount)), "f")


def distinct(low: float, high: float, decimals: int = 1) -> tuple[str, str]:
    """``low`` and ``high`` (``low < high``) with the fewest decimals, at least ``decimals``, that
    show them apart: ``(1.4, 1.43)`` -> ``("1.40", "1.43")``. Rounding keeps order, so the shown
    values compare as the values do."""
    for places in range(decimals, 18):
        shown = (f"{low:.{places}f}", f"{high:.{places}f}")
        if shown[0] != shown[1]:
            return shown
    return repr(low), repr(high)


def daily_spans(windows: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Daily windows ``(start, end)`` (minutes of the day; ``end <= start`` means the next day)
    as the merged spans they cover yesterday, today and tomorrow, in minutes from today's
    midnight: ``[(1080, 120)]`` -> ``((-360, 120), (1080, 1560), (2520, 3000))``.

    A dinner starting today (``0 <= start < 1440``, at most 12 hours long) lies inside these
    spans exactly when the daily windows hold it; touching windows merge into one span.
    """
    pieces = sorted(
        (opens + shift, (closes if closes > opens else closes + DAY) + shift)
        for opens, closes in windows
        for shift in (-DAY, 0, DAY)
    )
    merged: list[tuple[int, int]] = []
    for opens, closes in pieces:
        if merged and opens <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], closes))
        else:
            merged.append((opens, closes))
    return tuple(merged)


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


def covered(windows: tuple[tuple[int, int], ...], start: int, end: int) -> bool:
    """Whether every minute from ``start`` to ``end`` (exclusive, ``0 <= start <= end <= 2880``),
    taken as a clock time, lies inside one of the daily ``windows`` (a window ending before it
    starts runs past midnight).

    The daily-window rule stated plainly, minute by minute, apart from :func:`daily_spans`: the
    kinds' ``holds`` rules (the meta-tests' oracle) use it, the checks use the spans, so a wrong
    span disagrees with it.
    """
    counts = _minutes_inside(windows)
    return counts[end] - counts[start] == end - start


def _window_error(what: str, start: int, end: int) -> str | None:
    """Why ``start``-``end`` is not a daily window, or None."""
    if start == DAY:
        return f"{what} starts at 24:00 (1440); write 00:00 (0) for a window starting at midnight"
    if start == end:
        return (
            f"{what} starts and ends at {clock(start)} ({start}); for all day write 0 and 1440, "
            "and for a window past midnight give an end before the start (1080 and 120 is "
            "18:00-02:00)"
        )
    return None


def minutes_of(clock: str) -> int:
    """``"19:30"`` -> 1170. For data files, which use strict ``HH:MM``; ``"24:00"`` -> 1440."""
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


_CLOCK = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])(?::(00))?")


def parse_clock(value: str) -> int | None:
    """Minutes of the day for ``"HH:MM"`` (or ``"HH:MM:00"``), else None. ``"24:00"`` -> None.
    Read as :func:`checkers.text.fold` reads it: full-width digits (``"\uff11\uff19:\uff10\uff10"``)
    are digits, and invisible characters are not there."""
    # A short value is read once per process: the same few times ("19:30") are read again for
    # every answer (its plan, each clock time it mentions, the booking). A long one, which no
    # cache should hold, is read each time (and so is anything but a str, as it always was).
    if type(value) is str and len(value) <= _REMEMBERED_CLOCK_LENGTH:
        return _remembered_clock(value)
    return _read_clock(value)


_REMEMBERED_CLOCK_LENGTH = 24
"""The longest value :func:`parse_clock` remembers (a clock time padded with a few spaces or
invisible characters fits)."""


@lru_cache(maxsize=4096)
def _remembered_clock(value: str) -> int | None:
    return _read_clock(value)


def _read_clock(value: str) -> int | None:
    match = _CLOCK.fullmatch(fold(value).strip())
    if match is None:
        return None
    return int(match.group(1)) * 60 + int(match.group(2))


def _clock_text(minutes: int) -> str:
    if minutes == 24 * 60:
        return "24:00"
    return f"{(minutes // 60) % 24:02d}:{minutes % 60:02d}"


_CLOCK_TEXTS = tuple(_clock_text(m) for m in range(2 * DAY + 1))
""":func:`clock` of every minute of today and tomorrow, written once: reasons show several
times for every guest of every answer."""


def clock(minutes: int) -> str:
    """1170 -> ``"19:30"``; 1440 -> ``"24:00"``; past midnight wraps (1500 -> ``"01:00"``)."""
    if 0 <= minutes <= 2 * DAY:
        return _CLOCK_TEXTS[minutes]
    return _clock_text(minutes)


class _Model(CachingModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class GeoPoint(_Model):
    """A place, in decimal degrees."""

    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)

    def km_to(self, other: GeoPoint) -> float:
        """Great-circle (haversine) distance in kilometres."""
        p1, p2 = math.radians(self.lat), math.radians(other.lat)
        dp, dl = p2 - p1, math.radians(other.lon - self.lon)
        a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
        return 2 * 6371.0088 * math.asin(min(1.0, math.sqrt(a)))


class Dish(_Model):
    """One dish on a menu."""

    name: str = Field(min_length=1)
    price: float = Field(ge=0)
    """Price per person, in the catalog's currency."""
    diets: frozenset[Diet] = frozenset()
    """Diet tags; the dish also suits every diet these satisfy (:data:`DIET_SATISFIED_BY`: a dish
    tagged vegan suits vegetarians and pescatarians without those tags)."""
    allergens: frozenset[Allergen] = frozenset()
    """Allergens the dish contains."""
    spice: SpiceLevel = 0

    @cached_property
    def label(self) -> str:
        """The dish as reasons name it: ``"Dal (12.00)"``."""
        return f"{self.name} ({money(self.price)})"

    @cached_property
    def suits(self) -> frozenset[Diet]:
        """Every diet the dish suits, by its tags and the diet order."""
        return frozenset(d for d, tags in DIET_SATISFIED_BY.items() if tags & self.diets)

    @cached_property
    def contradictions(self) -> tuple[str, ...]:
        """One sentence with the fix per diet tag whose excluded allergens (:data:`DIET_EXCLUDES`)
        the dish lists; empty for consistent data."""
        found = []
        for diet in sorted(self.diets):
            clash = ", ".join(sorted(self.allergens & DIET_EXCLUDES[diet]))
            if clash:
                found.append(
                    f"dish {self.name!r} is tagged {diet} but lists {clash} among its allergens "
                    f"(a {diet} dish contains no {clash}); remove the {diet} tag or the "
                    f"allergen(s) {clash}"
                )
        return tuple(found)


class OpeningInterval(_Model):
    """The restaurant is open from ``opens`` to ``closes`` (minutes of the day) every day;
    ``closes`` before ``opens`` means the next day (1080 to 120 is 18:00-02:00)."""

    opens: MinuteOfDay
    """Opening time, 0 (00:00) to 1439 (23:59)."""
    closes: MinuteOfDay
    """Closing time, 0 to 1440 (24:00); before ``opens`` when the restaurant closes after
    midnight."""

    @model_validator(mode="after")
    def _daily_window(self) -> OpeningInterval:
        error = _window_error("the opening interval", self.opens, self.closes)
        if error is not None:
            raise ValueError(error)
        return self


class Restaurant(_Model):
    """A restaurant in the catalog."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    cuisine: str
    rating: float = Field(ge=0, le=5)
    location: GeoPoint
    hours: tuple[OpeningInterval, ...] = Field(min_length=1)
    """Daily opening intervals; touching or overlapping ones are one continuous opening."""
    menu: tuple[Dish, ...] = Field(min_length=1)
    """The dishes; a dish whose diet tags contradict its allergens is a data error."""

    @model_validator(mode="after")
    def _consistent_menu(self) -> Restaurant:
        problems = [text for dish in self.menu for text in dish.contradictions]
        if problems:
            raise ValueError(
                f"restaurant {self.id} ({self.name}): {problems[0]}"
                + (f" ({len(problems) - 1} more contradiction(s))" if len(problems) > 1 else "")
            )
        return self

    @cached_property
    def hours_text(self) -> str:
        """The opening hours as reasons show them: ``"11:30-14:30, 17:00-22:00"``."""
        return ", ".join(f"{clock(h.opens)}-{clock(h.closes)}" for h in self.hours)

    @cached_property
    def open_spans(self) -> tuple[tuple[int, int], ...]:
        """The opening hours as merged spans around today (see :func:`daily_spans`)."""
        return daily_spans((h.opens, h.closes) for h in self.hours)

    def open_for(self, start: int, end: int) -> bool:
        """Whether the restaurant is open for the whole dinner ``start``-``end`` (``start`` a
        minute of today, ``end`` possibly past midnight)."""
        return any(opens <= start and end <= closes for opens, closes in self.open_spans)


# --- requirements -----------------------------------------------------------------------------


SPICE_NAMES = ("not spicy", "mild", "medium", "hot", "very hot")


class FoodRequirement(Requirement):
    """A requirement on the guest's dish: ONE dish must meet all of a guest's food requirements
    together (which dishes meet one is decided in :mod:`domains.dining.checks`)."""

    @cached_property
    def need(self) -> str:
        """What the guest needs of a dish, as a phrase: ``"vegetarian"``, ``"free of dairy"``."""
        raise NotImplementedError


class DietRequirement(FoodRequirement):
    """The guest eats only dishes suitable for this diet."""

    kind: Literal["diet"] = "diet"
    diet: Diet
    """The diet (``vegetarian``, ``vegan`` ...); a dish suits it when it carries a tag that
    satisfies it (see ``DIET_SATISFIED_BY``)."""

    @cached_property
    def need(self) -> str:
        return self.diet.replace("_", "-")


class Allergy(FoodRequirement):
    """The guest cannot eat dishes containing this allergen."""

    kind: Literal["allergy"] = "allergy"
    allergen: Allergen
    """The allergen no dish the guest eats may contain."""

    @cached_property
    def need(self) -> str:
        return f"free of {self.allergen.replace('_', ' ')}"


class Budget(FoodRequirement):
    """The guest's dish must cost at most this much."""

    kind: Literal["budget"] = "budget"
    max_per_person: float = Field(gt=0)
    """The most the guest's dish may cost, in the menu's currency."""

    @cached_property
    def need(self) -> str:
        return f"at most {money(self.max_per_person)}"


class SpiceTolerance(FoodRequirement):
    """The guest's dish must be at most this spicy (0 = not spicy ... 4 = very hot)."""

    kind: Literal["spice"] = "spice"
    max_level: SpiceLevel
    """The spiciest level the guest eats, 0 (not spicy) to 4 (very hot)."""

    @cached_property
    def need(self) -> str:
        return f"spice at most {self.max_level} ({SPICE_NAMES[self.max_level]})"


class MaxDistance(Requirement):
    """The restaurant must be within ``max_km`` of ``origin`` (great-circle distance)."""

    kind: Literal["distance"] = "distance"
    max_km: float = Field(gt=0)
    """The farthest the restaurant may be from ``origin``, in kilometres."""
    origin: GeoPoint
    """Where the guest comes from."""


class Availability(Requirement):
    """The guest is free from ``available_from`` until ``available_until`` (minutes of day),
    every day; ``available_until`` before ``available_from`` means the next day (1320 to 120 is
    22:00-02:00), and 0 to 1440 is free at any time.

    The whole dinner (start time + the group's duration) must fit inside the window.
    """

    kind: Literal["availability"] = "availability"
    available_from: MinuteOfDay
    """When the guest's free window starts, in minutes after midnight."""
    available_until: MinuteOfDay
    """When it ends, in minutes after midnight (before ``available_from``: the next day)."""

    @model_validator(mode="after")
    def _daily_window(self) -> Availability:
        error = _window_error("the availability window", self.available_from, self.available_until)
        if error is not None:
            raise ValueError(error)
        return self

    @cached_property
    def spans(self) -> tuple[tuple[int, int], ...]:
        """The window as merged spans around today (see :func:`daily_spans`)."""
        return daily_spans(((self.available_from, self.available_until),))

    @cached_property
    def window(self) -> str:
        """The window as reasons show it: ``"18:00-22:30"``."""
        return f"{clock(self.available_from)}-{clock(self.available_until)}"


class OpeningHours(Requirement):
    """The restaurant must be open for the whole dinner. Every guest holds it implicitly."""

    kind: Literal["opening_hours"] = "opening_hours"


DiningRequirement = Annotated[
    DietRequirement | Allergy | Budget | SpiceTolerance | MaxDistance | Availability | OpeningHours,
    Field(discriminator="kind"),
]


class Guest(_Model):
    """A guest and the requirements they bring."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    requirements: tuple[DiningRequirement, ...] = ()

    @cached_property
    def food_requirements(self) -> tuple[FoodRequirement, ...]:
        """The requirements ONE dish must meet together, in the guest's order."""
        return tuple(r for r in self.requirements if isinstance(r, FoodRequirement))

    @cached_property
    def food_needs(self) -> str:
        """The food requirements as one phrase (``"vegetarian, at most 25.00"``), or
        ``"no food restrictions"``."""
        return ", ".join(r.need for r in self.food_requirements) or "no food restrictions"


class Group(_Model):
    """A dining scenario: the guests, how long dinner lasts, and the time they asked for."""

    id: str = Field(min_length=1)
    description: str = ""
    duration_minutes: int = Field(default=90, gt=0, le=12 * 60)
    requested_time: MinuteOfDay | None = None
    """The time the organiser asked for, if any (agents may propose another)."""
    guests: tuple[Guest, ...] = Field(min_length=1)
    """At least one guest: an empty group has nothing to judge and is a data error."""

    @model_validator(mode="after")
    def _unique_guest_ids(self) -> Group:
        require_unique_ids(guest=self.guests)
        return self


class Scenario(_Model):
    """A group with the catalog it is judged against."""

    group: Group
    restaurants: tuple[Restaurant, ...] = Field(min_length=1)

    @property
    def id(self) -> str:
        return self.group.id

    def __hash__(self) -> int:
        # Scenarios key caches (the feasibility of each): hash the whole catalog once, not on
        # every lookup. The same fields pydantic's hash reads, so equal scenarios hash alike.
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.group, self.restaurants))

    @cached_property
    def _restaurant_index(self) -> dict[str, Restaurant | None]:
        """Each restaurant by the :func:`ref_form` of its id and of its name; None for a form
        two restaurants share (their names, or their ids), which names neither."""
        names = _by_form((r.name, r) for r in self.restaurants)
        ids = _by_form((r.id, r) for r in self.restaurants)
        return {**names, **ids}  # ids last: an id wins over another restaurant's identical name

    def restaurant(self, ref: str) -> Restaurant | None:
        """The restaurant whose id or name is ``ref`` as :func:`ref_form` reads both (case,
        spacing, full-width and invisible characters ignored); None when there is none, or when
        ``ref`` reads as the name (or the id) of two restaurants: the checker does not pick one.
        An id wins over another restaurant's identical name."""
        return self._restaurant_index.get(ref_form(ref))


def ref_form(text: str) -> str:
    """A restaurant's id or name as the dining checker compares it: :func:`checkers.text.fold`,
    casefolded, with every run of spaces one space (``"Umi\u00a0 Sushi  Bar"`` -> ``"umi sushi
    bar"``, ``"r\uff11\uff19"`` -> ``"r19"``). The one form for a plan's restaurant field and for
    a restaurant named in prose."""
    return " ".join(fold(text).casefold().split())


def _by_form(refs: Iterable[tuple[str, Restaurant]]) -> dict[str, Restaurant | None]:
    """Each restaurant by the :func:`ref_form` of its ``ref``; None for a form of two."""
    found: dict[str, Restaurant | None] = {}
    for ref, restaurant in refs:
        form = ref_form(ref)
        found[form] = restaurant if found.get(form, restaurant) is restaurant else None
    return found


class Plan(_Model):
    """What the agent proposed: one restaurant and one start time (minutes of the day)."""

    restaurant_id: str
    start: MinuteOfDay

    @property
    def start_clock(self) -> str:
        return clock(self.start)
