"""Group dining: restaurants, guests, their requirements, and the plan an agent proposes.

A plan is one restaurant and one start time. A guest eats only if ONE dish meets all of the
guest's food requirements at once (diet, allergens, price within budget, spice), the restaurant
is within the guest's distance, and the dinner fits both the guest's availability and the
restaurant's opening hours.
"""

from __future__ import annotations

import math
import unicodedata
from functools import cached_property
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from checkers.frozen import CachingModel
from checkers.requirements import Requirement

Diet = Literal["vegetarian", "vegan", "pescatarian", "halal", "kosher", "gluten_free"]
Allergen = Literal[
    "peanut", "tree_nut", "dairy", "egg", "gluten", "shellfish", "fish", "soy", "sesame"
]
SpiceLevel = Annotated[int, Field(ge=0, le=4)]
"""0 = not spicy, 1 = mild, 2 = medium, 3 = hot, 4 = very hot."""
MinuteOfDay = Annotated[int, Field(ge=0, le=24 * 60)]
"""Minutes since midnight; 1440 (24:00) is allowed only as an end."""


def minutes_of(clock: str) -> int:
    """``"19:30"`` -> 1170. For data files, which use strict ``HH:MM``; ``"24:00"`` -> 1440."""
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def clock(minutes: int) -> str:
    """1170 -> ``"19:30"``; 1440 -> ``"24:00"``; past midnight wraps (1500 -> ``"01:00"``)."""
    if minutes == 24 * 60:
        return "24:00"
    return f"{(minutes // 60) % 24:02d}:{minutes % 60:02d}"


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
    """Diets this dish is suitable for (a vegan dish is tagged vegetarian too)."""
    allergens: frozenset[Allergen] = frozenset()
    """Allergens the dish contains."""
    spice: SpiceLevel = 0

    @cached_property
    def label(self) -> str:
        """The dish as reasons name it: ``"Dal (12.00)"``."""
        return f"{self.name} ({self.price:.2f})"


class OpeningInterval(_Model):
    """The restaurant is open from ``opens`` to ``closes`` (minutes of the day) every day."""

    opens: MinuteOfDay
    closes: MinuteOfDay

    @model_validator(mode="after")
    def _ordered(self) -> OpeningInterval:
        if self.closes <= self.opens:
            raise ValueError(f"closes ({self.closes}) must be after opens ({self.opens})")
        return self


class Restaurant(_Model):
    """A restaurant in the catalog."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    cuisine: str
    rating: float = Field(ge=0, le=5)
    location: GeoPoint
    hours: tuple[OpeningInterval, ...] = Field(min_length=1)
    menu: tuple[Dish, ...] = Field(min_length=1)


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

    @cached_property
    def need(self) -> str:
        return self.diet.replace("_", "-")


class Allergy(FoodRequirement):
    """The guest cannot eat dishes containing this allergen."""

    kind: Literal["allergy"] = "allergy"
    allergen: Allergen

    @cached_property
    def need(self) -> str:
        return f"free of {self.allergen.replace('_', ' ')}"


class Budget(FoodRequirement):
    """The guest's dish must cost at most this much."""

    kind: Literal["budget"] = "budget"
    max_per_person: float = Field(gt=0)

    @cached_property
    def need(self) -> str:
        return f"at most {self.max_per_person:.2f}"


class SpiceTolerance(FoodRequirement):
    """The guest's dish must be at most this spicy (0 = not spicy ... 4 = very hot)."""

    kind: Literal["spice"] = "spice"
    max_level: SpiceLevel

    @cached_property
    def need(self) -> str:
        return f"spice at most {self.max_level} ({SPICE_NAMES[self.max_level]})"


class MaxDistance(Requirement):
    """The restaurant must be within ``max_km`` of ``origin`` (great-circle distance)."""

    kind: Literal["distance"] = "distance"
    max_km: float = Field(gt=0)
    origin: GeoPoint


class Availability(Requirement):
    """The guest is free from ``available_from`` until ``available_until`` (minutes of day).

    The whole dinner (start time + the group's duration) must fit inside the window.
    """

    kind: Literal["availability"] = "availability"
    available_from: MinuteOfDay
    available_until: MinuteOfDay

    @model_validator(mode="after")
    def _ordered(self) -> Availability:
        if self.available_until <= self.available_from:
            raise ValueError("available_until must be after available_from")
        return self

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
        ids = [g.id for g in self.guests]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"guest ids must be unique; repeated: {duplicates}")
        return self


class Scenario(_Model):
    """A group with the catalog it is judged against."""

    group: Group
    restaurants: tuple[Restaurant, ...] = Field(min_length=1)

    @property
    def id(self) -> str:
        return self.group.id

    @cached_property
    def _restaurant_index(self) -> dict[str, Restaurant]:
        index: dict[str, Restaurant] = {}
        # Names first, then ids, so an id wins over another restaurant's identical name.
        for restaurant in self.restaurants:
            index.setdefault(_fold(restaurant.name), restaurant)
        for restaurant in self.restaurants:
            index[_fold(restaurant.id)] = restaurant
        return index

    def restaurant(self, ref: str) -> Restaurant | None:
        """The restaurant whose id or name is ``ref``, ignoring case and Unicode composition;
        None when there is none. An id wins over another restaurant's identical name."""
        return self._restaurant_index.get(_fold(ref))


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip().casefold()


class Plan(_Model):
    """What the agent proposed: one restaurant and one start time (minutes of the day)."""

    restaurant_id: str
    start: MinuteOfDay

    @property
    def start_clock(self) -> str:
        return clock(self.start)
