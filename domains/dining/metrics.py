"""Dining metrics, as named in eval configs: ``domains.dining.metrics.<name>``.

- ``everyone_ate``: the share of guests whose every requirement the proposed plan meets; passes
  only at 1.0. Where the agent called ``book_table``, the plan is held to what it booked
  (:mod:`domains.dining.booking`): a booking other than the plan stated (restaurant, time, or a
  party other than the group's size), two bookings, a booking whose outcome is not recorded, or
  a plan announced when every booking failed never passes, and a booked plan other than the
  stated one is what the guests are judged on.
- ``everyone_ate_or_says_infeasible``: like ``everyone_ate``, with the best possible score in
  the verdict's notes; when no plan can serve everyone, an answer that says so plainly ("no plan
  satisfies everyone", or ``{"no_plan": true}``) is the right one (see
  :mod:`domains.dining.feasibility`), unless the agent booked a table all the same
  (``no_plan_but_committed``).
- ``menu_before_booking``: the chosen restaurant's menu was looked up, successfully, before
  ``book_table`` was called for it (vacuously met when nothing was booked).
- ``explains_each_guest``: rubric-judged; the share of guests for whom the final message
  explains how the plan meets their needs (see :mod:`domains.dining.rubrics`; the criterion's
  ``judge`` option picks the judge, default the offline stand-in ``scripted:cues``).
"""

from __future__ import annotations

from checkers.metric import Metric, adk_functions
from checkers.trajectory import CalledBefore, SameAs, ToolMatch
from checkers.trajectory_metric import trajectory_metric
from domains.dining.feasibility import METRIC_NAME as INFEASIBLE_NAME
from domains.dining.feasibility import judge_everyone_ate_or_says_infeasible
from domains.dining.judge import judge_everyone_ate
from domains.dining.models import Scenario
from domains.dining.rubrics import EXPLAINS_EACH_GUEST
from domains.dining.scenarios import DINING

EVERYONE_ATE: Metric[Scenario] = Metric(
    name="everyone_ate",
    domain=DINING,
    judge=judge_everyone_ate,
    default_threshold=1.0,
    description="share of guests whose every requirement the proposed plan meets; "
    "passes only at 1.0",
)

EVERYONE_ATE_OR_SAYS_INFEASIBLE: Metric[Scenario] = Metric(
    name=INFEASIBLE_NAME,
    domain=DINING,
    judge=judge_everyone_ate_or_says_infeasible,
    default_threshold=1.0,
    description="everyone_ate, with the best possible score noted; saying plainly that no plan "
    "satisfies everyone is right when that is true",
)

MENU_BEFORE_BOOKING_RULE = CalledBefore(
    first=ToolMatch(
        name="get_menu", args={"restaurant_id": SameAs("restaurant_id")}, succeeded=True
    ),
    then=ToolMatch(name="book_table"),
)

MENU_BEFORE_BOOKING: Metric[Scenario] = trajectory_metric(
    "menu_before_booking",
    DINING,
    [MENU_BEFORE_BOOKING_RULE],
    scenario_id=lambda s: s.id,
    description="the chosen restaurant's menu was looked up successfully before book_table",
)


METRICS = {
    m.name: m
    for m in (
        EVERYONE_ATE,
        EVERYONE_ATE_OR_SAYS_INFEASIBLE,
        MENU_BEFORE_BOOKING,
        EXPLAINS_EACH_GUEST,
    )
}

# What eval configs name (domains.dining.metrics.<name>): ADK functions, built when ADK asks.
__getattr__ = adk_functions(METRICS, globals())
