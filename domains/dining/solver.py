"""Exhaustive search over plans: every restaurant at every start time that can matter.

The answer space of a dining scenario is finite (restaurant x minute of the day), and only a few
start times can matter: a time-dependent requirement (opening hours, a guest's availability) holds
for the starts of a closed range ``[opens, closes - duration]`` per span of its daily window, so
the set of guests a plan serves changes only at the ends of those ranges. Any start serves no
more guests than the latest range start at or before it that it shares every range with
(:func:`critical_starts`), so searching those starts finds the best score, and the earliest plan
reaching it, exactly: with windows at any minute, not only on a grid.

The careful demo agent chooses among :func:`best_plans`, which adds the quarter hours (a time a
person would book) to the critical starts; the feasibility note searches the critical starts alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from domains.dining.judge import judge_plan
from domains.dining.models import DAY, Availability, Restaurant, Scenario, clock

SLOT_MINUTES = 15


@dataclass(frozen=True)
class ScoredPlan:
    """A plan and how many guests it serves."""

    restaurant: Restaurant
    start: int
    served: tuple[str, ...]
    """Names of the guests the plan serves, in group order."""
    unserved: tuple[str, ...]

    @property
    def score(self) -> Fraction:
        return Fraction(len(self.served), len(self.served) + len(self.unserved))

    def answer(self) -> dict[str, str]:
        """The plan as the JSON answer an agent gives."""
        return {"restaurant": self.restaurant.id, "time": clock(self.start)}


def candidate_starts(restaurant: Restaurant, step: int = SLOT_MINUTES) -> list[int]:
    """Start times on the grid (multiples of ``step`` minutes) at which the restaurant is open."""
    return [
        start
        for start in range(0, DAY, step)
        if any(opens <= start < closes for opens, closes in restaurant.open_spans)
    ]


def critical_starts(scenario: Scenario, restaurant: Restaurant) -> list[int]:
    """Every start time of the day at which a time-dependent requirement starts or stops holding
    and the restaurant is open for the whole dinner, ascending.

    For each span ``[a, b]`` of the opening hours and of every guest's availability, the dinner
    fits for starts ``a`` to ``b - duration``: both ends (``a`` clamped to 00:00) are candidates.
    Every start serves a subset of the guests some candidate at or before it serves, and the
    earliest start of a best plan is a candidate (see the module docstring).
    """
    duration = scenario.group.duration_minutes
    spans = list(restaurant.open_spans)
    for guest in scenario.group.guests:
        for requirement in guest.requirements:
            if isinstance(requirement, Availability):
                spans += requirement.spans
    found = {0}
    for opens, closes in spans:
        found.update((max(opens, 0), closes - duration))
    today = (start for start in found if 0 <= start < DAY)
    return sorted(start for start in today if restaurant.open_for(start, start + duration))


def plan_starts(scenario: Scenario, restaurant: Restaurant, step: int = SLOT_MINUTES) -> list[int]:
    """The grid starts at which the restaurant is open, and every critical start, ascending."""
    return sorted({*candidate_starts(restaurant, step), *critical_starts(scenario, restaurant)})


def scored_plans(scenario: Scenario, step: int = SLOT_MINUTES) -> Iterator[ScoredPlan]:
    """Every plan of :func:`plan_starts` with the guests it serves (restaurants in catalog order,
    times ascending).

    Plans starting while the restaurant is closed serve nobody (every guest holds the opening
    hours requirement) and are left out.
    """
    for restaurant in scenario.restaurants:
        for start in plan_starts(scenario, restaurant, step):
            verdict = judge_plan(scenario, None, restaurant, start, threshold=1.0)
            served = tuple(s.name for s in verdict.subjects if s.satisfied)
            unserved = tuple(s.name for s in verdict.subjects if not s.satisfied)
            yield ScoredPlan(restaurant, start, served, unserved)


def best_plans(scenario: Scenario, step: int = SLOT_MINUTES) -> tuple[Fraction, list[ScoredPlan]]:
    """The best share of guests any plan serves (exact: the critical starts are searched), and
    every plan of :func:`scored_plans` that reaches it.

    Ties keep catalog order then time order, so the first plan is deterministic.
    """
    best = Fraction(0)
    winners: list[ScoredPlan] = []
    for plan in scored_plans(scenario, step):
        if plan.score > best:
            best, winners = plan.score, [plan]
        elif plan.score == best and best > 0:
            winners.append(plan)
    return best, winners
