"""Dining metrics, as named in eval configs: ``domains.dining.metrics.<name>``.

- ``everyone_ate``: the share of guests whose every requirement the proposed plan meets; passes
  only at 1.0.
- ``menu_before_booking``: the chosen restaurant's menu was looked up, successfully, before
  ``book_table`` was called for it (vacuously met when nothing was booked).
"""

from __future__ import annotations

from checkers.metric import Metric, adk_metric
from checkers.trajectory import CalledBefore, SameAs, ToolMatch
from checkers.trajectory_metric import trajectory_metric
from domains.dining.judge import judge_everyone_ate
from domains.dining.models import Scenario
from domains.dining.scenarios import DINING

EVERYONE_ATE: Metric[Scenario] = Metric(
    name="everyone_ate",
    domain=DINING,
    judge=judge_everyone_ate,
    default_threshold=1.0,
    description="share of guests whose every requirement the proposed plan meets; "
    "passes only at 1.0",
)

MENU_BEFORE_BOOKING_RULE = CalledBefore(
    first=ToolMatch(name="get_menu", args={"restaurant_id": SameAs("restaurant_id")}, succeeded=True),
    then=ToolMatch(name="book_table"),
)

MENU_BEFORE_BOOKING: Metric[Scenario] = trajectory_metric(
    "menu_before_booking",
    DINING,
    [MENU_BEFORE_BOOKING_RULE],
    scenario_id=lambda s: s.id,
    description="the chosen restaurant's menu was looked up successfully before book_table",
)

everyone_ate = adk_metric(EVERYONE_ATE)
menu_before_booking = adk_metric(MENU_BEFORE_BOOKING)

METRICS = {m.name: m for m in (EVERYONE_ATE, MENU_BEFORE_BOOKING)}
