"""The demo agents: real ADK ``LlmAgent``s with real tools, offline by default.

Their model is scripted (see ``policy.py``: ``solver`` reads every calendar, ``first_slot``
proposes the first slot in the work hours and reads none), or Gemini when ``GOOGLE_API_KEY`` is
set (``CHECKERS_GEMINI_MODEL`` names the model; ``CHECKERS_OFFLINE=1`` forces the scripted one).
The folders ``solver/`` and ``first_slot/`` are what ``adk eval`` and ``adk web`` load.

Importing this package also registers the domain's metrics with ADK's default metric registry,
so ``adk web`` lists them in its Eval tab (it never reads an eval config).
"""

from __future__ import annotations

from google.adk.agents import LlmAgent

from checkers.adk.agents import scripted_agent
from checkers.adk.web_registration import register_web_metrics
from domains.scheduling import metrics
from domains.scheduling.agents import policy as _policy
from domains.scheduling.tools import TOOLS

INSTRUCTION = """You schedule meetings. The user gives a task id.
1. Call get_meeting for the participants, the duration, the work hours, the allowed days, and
   whether the group wants their earliest availability.
2. Call get_calendar for every participant: their busy times and preferences (days or times
   they would rather not meet; respect them).
3. Choose a slot of exactly the meeting's duration, on an allowed day, inside the work hours,
   that overlaps nobody's busy times and respects every preference. When the group wants their
   earliest availability, choose the earliest such slot (Monday first).
4. End your answer with one line: Here is the proposed time: <Day>, <H:MM> - <H:MM>"""

__all__ = ["INSTRUCTION", "build_agent"]
_ = _policy  # imported for what importing does: it registers the scripted policies


def build_agent(policy: str) -> LlmAgent:
    """The agent whose scripted model follows ``scheduling/<policy>`` (or Gemini, see above)."""
    return scripted_agent("scheduling", policy, INSTRUCTION, TOOLS, "Meeting scheduler")


register_web_metrics(metrics.__name__, metrics.METRICS)
