"""Exhaustive search over plans: every restaurant at every start time on a fixed grid.

The answer space of a dining scenario is finite (restaurant x start time), so the best score any
plan can reach, and every plan that reaches it, can be computed exactly. The careful demo agent
uses this to choose; the meta-tests use it as a feasibility oracle.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from domains.dining.judge import judge_plan
from domains.dining.models import Restaurant, Scenario, clock

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
        for start in range(0, 24 * 60, step)
        if any(h.opens <= start < h.closes for h in restaurant.hours)
    ]


def scored_plans(scenario: Scenario, step: int = SLOT_MINUTES) -> Iterator[ScoredPlan]:
    """Every grid plan with the guests it serves (restaurants in catalog order, times ascending).

    Plans starting while the restaurant is closed serve nobody (every guest holds the opening
    hours requirement) and are left out.
    """
    for restaurant in scenario.restaurants:
        for start in candidate_starts(restaurant, step):
            verdict = judge_plan(scenario, None, restaurant, start, threshold=1.0)
            served = tuple(s.name for s in verdict.subjects if s.satisfied)
            unserved = tuple(s.name for s in verdict.subjects if not s.satisfied)
            yield ScoredPlan(restaurant, start, served, unserved)


def best_plans(scenario: Scenario, step: int = SLOT_MINUTES) -> tuple[Fraction, list[ScoredPlan]]:
    """The best share of guests any grid plan serves, and every plan that reaches it.

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
