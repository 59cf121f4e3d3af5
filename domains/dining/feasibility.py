"""The best score any plan can reach, why nobody can do better, and "no plan satisfies everyone".

:func:`feasibility` searches every plan (restaurant x every start time at which a requirement
starts or stops holding: :func:`domains.dining.solver.critical_starts`, exact for windows at any
minute, not a grid), so it knows the best achievable share of guests and explains in one
sentence who cannot be served and why::

    best possible: 3/4 (r01 at 12:00 serves everyone but Omar); Omar: no restaurant serves a
    dish that is halal, free of tree nut and at most 20.00

:func:`judge_everyone_ate_or_says_infeasible` is the metric ``everyone_ate_or_says_infeasible``:
a plan is judged exactly as ``everyone_ate`` judges it, with the best possible score added to
the verdict's notes; an answer that says, plainly, that no plan satisfies everyone is right
(score 1.0) when no plan serves every guest, and wrong (score 0.0) when one does. The verdict on
such a claim has a single subject, ``group``, with one ``feasibility`` result.

Said plainly is defined by the answer reader, :func:`domains.dining.judge.read_answer`: a JSON
answer ``{"no_plan": true}`` without plan keys, or a text holding no JSON object whose own clause
says "no plan satisfies everyone". An answer that offers a plan AND says no plan fits (a
``no_plan`` key beside plan keys, the words beside a plan object, a claim naming a restaurant or
beside a sentence offering a plan at a time) is two answers (``plan_and_no_plan``), and a
negated or embedded claim ("it is false that no plan satisfies everyone") is
``no_plan_claim_not_plain``: neither ever passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from checkers.committed import Stated
from checkers.frozen import cached_value
from checkers.requirements import Requirement
from checkers.results import Outcome, RequirementResult, SubjectResult, Verdict
from checkers.text import series
from checkers.transcript import Transcript
from domains.dining.booking import hold_to_booking
from domains.dining.checks import TIME_KINDS, DiningContext, check_single_dish, checks
from domains.dining.judge import (
    OPENING_HOURS,
    judge_everyone_ate,
    judge_plan,
    says_no_plan,
)
from domains.dining.models import (
    Availability,
    Guest,
    MaxDistance,
    Restaurant,
    Scenario,
    clock,
)
from domains.dining.solver import ScoredPlan, critical_starts

METRIC_NAME = "everyone_ate_or_says_infeasible"
FEASIBILITY = "feasibility"
GROUP_SUBJECT = "group"


@dataclass(frozen=True)
class Feasibility:
    """The best share of guests any plan serves, an example plan reaching it, and why the
    guests it leaves out cannot be served."""

    served: int
    total: int
    example: ScoredPlan | None
    """The first best plan (catalog order, then time), or None when no plan serves anyone."""
    reasons: tuple[str, ...]

    @property
    def best(self) -> Fraction:
        return Fraction(self.served, self.total)

    @cached_value
    def note(self) -> str:
        """``best possible: 5/6 (...)``, then the reasons, for the verdict's notes (worded once
        per scenario: :func:`feasibility` is cached, and every answer's verdict carries it)."""
        head = f"best possible: {self.served}/{self.total}"
        if self.example is not None:
            plan = f"{self.example.restaurant.id} at {clock(self.example.start)}"
            left_out = ", ".join(sorted(self.example.unserved))
            head += (
                f" ({plan} serves everyone but {left_out})"
                if left_out
                else f" ({plan} serves everyone)"
            )
        return "; ".join((head, *self.reasons))


def why_never_served(scenario: Scenario, guest: Guest) -> str:
    """One sentence on why no plan at all serves ``guest`` (assumes none does)."""
    group = scenario.group
    window = next((r for r in guest.requirements if isinstance(r, Availability)), None)
    # The longest span, not until - from: a window past midnight ends before it starts.
    if window is not None and max(b - a for a, b in window.spans) < group.duration_minutes:
        return (
            f"{guest.name} is free {window.window}, shorter than the "
            f"{group.duration_minutes}-minute dinner"
        )
    contexts = [DiningContext(guest, group, r, None) for r in scenario.restaurants]
    if all(check_single_dish(ctx).outcome is not Outcome.PASS for ctx in contexts):
        food = [r.need for r in guest.food_requirements]
        return f"{guest.name}: no restaurant serves a dish that is {series(food)}"
    distances = [r for r in guest.requirements if isinstance(r, MaxDistance)]
    if distances and all(
        any(checks.check(d, ctx).outcome is not Outcome.PASS for d in distances) for ctx in contexts
    ):
        return f"{guest.name}: no restaurant is within {min(d.max_km for d in distances):.1f} km"
    return (
        f"{guest.name}: no restaurant that suits {guest.name} is open for the whole dinner "
        f"while {guest.name} is free"
    )


def _few(ids: list[str]) -> str:
    return ", ".join(ids[:3]) + (f" and {len(ids) - 3} more" if len(ids) > 3 else "")


def conflicts(plans: list[ScoredPlan], names: list[str], limit: int = 2) -> list[str]:
    """Sentences on pairs of guests that no plan serves together (at most ``limit``)."""
    serving = {name: {i for i, p in enumerate(plans) if name in p.served} for name in names}
    found: list[str] = []
    for index, first in enumerate(names):
        for second in names[index + 1 :]:
            if serving[first] & serving[second] or len(found) >= limit:
                continue
            suits_first = sorted({plans[i].restaurant.id for i in serving[first]})
            suits_second = sorted({plans[i].restaurant.id for i in serving[second]})
            common = sorted(set(suits_first) & set(suits_second))
            found.append(
                f"no restaurant suits both {first} and {second} ({_few(suits_first)} suit "
                f"{first}; {_few(suits_second)} suit {second})"
                if not common
                else f"{first} and {second} are never both free while a restaurant that suits "
                f"both ({_few(common)}) is open"
            )
    return found


def critical_plans(scenario: Scenario) -> list[ScoredPlan]:
    """The plans at every critical start (:func:`domains.dining.solver.critical_starts`), with
    the guests each serves as :func:`domains.dining.judge.judge_plan` judges them, faster:
    results that do not depend on the time are judged once per restaurant, and at each start
    only the time-dependent requirements of the guests the rest leaves in."""
    group = scenario.group
    timed = [tuple(r for r in g.requirements if r.kind in TIME_KINDS) for g in group.guests]
    plans = []
    for place in scenario.restaurants:
        starts = critical_starts(scenario, place)
        if not starts:
            continue
        first = judge_plan(scenario, None, place, starts[0], threshold=1.0)
        steady = [
            all(r.outcome is Outcome.PASS for r in s.results if r.kind not in TIME_KINDS)
            for s in first.subjects
        ]
        for start in starts:
            opening = checks.check(
                OPENING_HOURS, DiningContext(group.guests[0], group, place, start)
            )
            is_open = opening.outcome is Outcome.PASS
            served: list[str] = []
            unserved: list[str] = []
            for guest, ok, own in zip(group.guests, steady, timed, strict=True):
                fits = (
                    ok
                    and is_open
                    and (not own or _all_pass(own, DiningContext(guest, group, place, start)))
                )
                (served if fits else unserved).append(guest.name)
            plans.append(ScoredPlan(place, start, tuple(served), tuple(unserved)))
    return plans


def _all_pass(requirements: tuple[Requirement, ...], ctx: DiningContext) -> bool:
    """Whether every one of ``requirements`` passes in ``ctx``."""
    return all(checks.check(r, ctx).outcome is Outcome.PASS for r in requirements)


@lru_cache(maxsize=256)
def feasibility(scenario: Scenario) -> Feasibility:
    """The best achievable score of ``scenario`` and why (cached per scenario)."""
    plans = critical_plans(scenario)
    total = len(scenario.group.guests)
    best = max(plans, key=lambda p: len(p.served), default=None)
    served = len(best.served) if best is not None else 0
    if served == total:
        return Feasibility(served, total, best, ())
    ever_served = {name for p in plans for name in p.served}
    # Guests sorted by name, so the explanation does not depend on the order they are listed in.
    guests = sorted(scenario.group.guests, key=lambda g: (g.name, g.id))
    never = [g for g in guests if g.name not in ever_served]
    reasons = [why_never_served(scenario, g) for g in never]
    if not never:
        reasons += conflicts(plans, [g.name for g in guests]) or [
            f"every guest is served by some plan, but no plan serves more than {served} of "
            f"the {total} together"
        ]
    return Feasibility(served, total, best if served else None, tuple(reasons))


def claim_result(scenario: Scenario, found: Feasibility) -> RequirementResult:
    """The ``feasibility`` result of an answer that says no plan satisfies everyone."""
    if found.served < found.total:
        return RequirementResult.passed(
            FEASIBILITY,
            "no_plan_serves_everyone",
            f"the answer says no plan satisfies everyone, which is right: {found.note}",
        )
    assert found.example is not None  # served == total >= 1, so a best plan exists
    plan = found.example
    return RequirementResult.failed(
        FEASIBILITY,
        "a_plan_serves_everyone",
        f"the answer says no plan satisfies everyone, but {plan.restaurant.name} "
        f"({plan.restaurant.id}) at {clock(plan.start)} serves all {found.total} guests",
    )


def _never(restaurant: Restaurant, start: int) -> Verdict:
    raise AssertionError("a no-plan claim has no stated plan to replace")


def judge_everyone_ate_or_says_infeasible(
    scenario: Scenario, transcript: Transcript, threshold: float
) -> Verdict:
    """``everyone_ate_or_says_infeasible`` (see the module docstring)."""
    found = feasibility(scenario)
    claims, answer = says_no_plan(transcript.final_text, scenario)
    if claims:
        subject = SubjectResult(
            subject_id=GROUP_SUBJECT, name="the group", results=(claim_result(scenario, found),)
        )
        verdict = Verdict(
            domain="dining",
            metric=METRIC_NAME,
            scenario_id=scenario.id,
            threshold=threshold,
            subjects=(subject,),
            answer=answer,
            notes=(found.note,),
        )
        # A claim states no plan: held to the bookings, it fails after any (no plan to judge
        # in its place, so judge_booked is never called).
        return hold_to_booking(scenario, transcript, Stated.NO_PLAN, verdict, _never)
    verdict = judge_everyone_ate(scenario, transcript, threshold)
    return verdict.model_copy(update={"metric": METRIC_NAME, "notes": (*verdict.notes, found.note)})
