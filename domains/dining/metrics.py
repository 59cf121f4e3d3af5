"""Dining metrics, as named in eval configs: ``domains.dining.metrics.everyone_ate``."""

from __future__ import annotations

from checkers.metric import Metric, adk_metric
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

everyone_ate = adk_metric(EVERYONE_ATE)

METRICS = {m.name: m for m in (EVERYONE_ATE,)}
