"""The metrics an eval config names as ``domains.scheduling.metrics.<name>``.

- ``everyone_can_attend``: the share of participants whose every requirement the proposed slot
  meets (allowed day, work hours, duration, busy times, preferences, and the earliest slot when
  the task asks for it); 2 of 3 can attend: 0.67; passes only at 1.0.

``METRICS`` is what ``checkers check scheduling`` and the meta-tests find (through the
``checkers.domains`` entry point, or by importing this module).
"""

from __future__ import annotations

from checkers.metric import Metric, adk_functions
from domains.scheduling.judge import METRIC_NAME, judge_everyone_can_attend
from domains.scheduling.models import Task
from domains.scheduling.scenarios import SCHEDULING

EVERYONE_CAN_ATTEND: Metric[Task] = Metric(
    name=METRIC_NAME,
    domain=SCHEDULING,
    judge=judge_everyone_can_attend,
    default_threshold=1.0,
    description="share of participants whose every requirement the proposed slot meets "
    "(day, work hours, duration, busy times, preferences, earliest when asked); passes only "
    "at 1.0",
)


METRICS = {m.name: m for m in (EVERYONE_CAN_ATTEND,)}

# What eval configs name (domains.scheduling.metrics.<name>): ADK functions, built when ADK asks.
__getattr__ = adk_functions(METRICS, globals())
