"""Demo dining agents: real ADK ``LlmAgent``s with real tools, offline by default.

Each agent's model is the scripted model ``scripted/dining/<name>`` (see
:mod:`domains.dining.agents.policies`), or Gemini when ``GOOGLE_API_KEY`` is set (model name from
``CHECKERS_GEMINI_MODEL``; ``CHECKERS_OFFLINE=1`` forces the scripted model). The agent folders
``rating_first/``, ``careful/``, ``books_another/`` (careful's words, another restaurant booked)
and ``sometimes_careless/`` (careful, slipping into rating_first on a seeded 30% of turns) are
what ``adk eval``, ``adk web`` and ``AgentEvaluator`` load.

Importing this package also registers the project's custom metrics with ADK's default metric
registry, so they appear in ``adk web``'s Eval tab, which never reads an eval config.
"""

from __future__ import annotations

from collections.abc import Mapping

from google.adk.agents import LlmAgent

from checkers.adk.agents import scripted_agent
from checkers.adk.variation import register_varying
from domains.dining.agents import policies as _policies  # registers the scripted policies
from domains.dining.tools import TOOLS
from domains.dining.web_metrics import register_web_metrics

INSTRUCTION = """You plan group dinners. The user gives a group id and a requested time.
1. Call get_group to read every guest's requirements (diet, allergies, budget, spice, distance,
   availability window; times are minutes after midnight) and the dinner's duration.
2. Call find_restaurants, then get_menu for the candidates. A guest can eat only if ONE dish meets
   all of their food requirements at once, the restaurant is within their distance, and the whole
   dinner fits their availability and the opening hours.
3. Choose the plan that serves every guest; call check_availability, then book_table.
   If no plan serves everyone, say so plainly, do not book, and name who is not served and why.
4. End your answer with the plan as JSON in a ```json block:
   {"restaurant": "<restaurant id>", "time": "HH:MM"} (24-hour time)."""

__all__ = ["INSTRUCTION", "build_agent", "build_varying_agent"]
_ = _policies


def build_agent(policy: str) -> LlmAgent:
    """The dining agent driven by scripted policy ``dining/<policy>`` (or Gemini, see above)."""
    return scripted_agent("dining", policy, INSTRUCTION, TOOLS, "Dining planner")


def build_varying_agent(name: str, steady: str, slips: Mapping[str, float]) -> LlmAgent:
    """The dining agent ``name`` that follows policy ``dining/<steady>`` but, on each turn, slips
    into ``dining/<slip>`` with chance ``p`` for each ``slip: p`` of ``slips``; which turns slip
    is drawn from the seed (:mod:`checkers.adk.variation`)."""
    register_varying("dining", name, steady, slips)
    return build_agent(name)


register_web_metrics()
