"""Rubric-judged requirements: properties of an answer that a model decides, made trustworthy.

Some requirements cannot be checked by code (a polite tone, an explanation that addresses each
guest). A rubric states such a property; a judge decides it. The parts, each replaceable:

- :mod:`~checkers.rubric.requirement`: the ``rubric`` requirement kind, tasks and the pure check;
- :mod:`~checkers.rubric.judge`: the judge interface; :mod:`checkers.adk.model_judges`: the
  Gemini (google-genai) and ADK-registry backends; :mod:`~checkers.rubric.scripted`: judges with
  known behaviour; :mod:`~checkers.rubric.factory`: a judge from its name;
- :mod:`~checkers.rubric.prompt` (answer as delimited data), :mod:`~checkers.rubric.parser`
  (strict: off the menu is unscored), :mod:`~checkers.rubric.aggregate` (majority over samples,
  a tie is unscored), :mod:`~checkers.rubric.precheck` (answers that address the judge fail),
  :mod:`~checkers.rubric.cache` (unchanged prompts make no calls),
  :mod:`~checkers.rubric.run` (all of it, concurrently and bounded);
- :mod:`~checkers.rubric.metric`: a rubric :class:`~checkers.metric.Metric` for eval configs;
- :mod:`~checkers.rubric.calibrate`: ``checkers calibrate``, agreement with people or with code
  (imported on its own: ``from checkers.rubric.calibrate import add_calibrate_parser``).

``import checkers.rubric`` needs no google-adk: ``AdkJudge`` and ``GenaiJudge`` are imported
from :mod:`checkers.adk.model_judges` on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checkers.rubric.aggregate import Decision, SampleVerdict, majority
from checkers.rubric.factory import make_judge
from checkers.rubric.judge import Judge, JudgeReply, JudgeRequest
from checkers.rubric.metric import RubricOptions, rubric_metric
from checkers.rubric.parser import parse_reply
from checkers.rubric.precheck import Flag, precheck
from checkers.rubric.requirement import Fact, Rubric, RubricSubject, RubricTask, check_rubric
from checkers.rubric.run import JudgeSettings, judge_task, rubric_verdict
from checkers.rubric.scripted import ScriptedJudge

if TYPE_CHECKING:
    from checkers.adk.model_judges import AdkJudge, GenaiJudge

_MODEL_JUDGES = frozenset({"AdkJudge", "GenaiJudge"})


def __getattr__(name: str) -> Any:
    # PEP 562: the model backends load google-adk and google-genai only when someone uses one.
    if name in _MODEL_JUDGES:
        from checkers.adk import model_judges

        value = getattr(model_judges, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'checkers.rubric' has no attribute {name!r}")


__all__ = [
    "AdkJudge",
    "Decision",
    "Fact",
    "Flag",
    "GenaiJudge",
    "Judge",
    "JudgeReply",
    "JudgeRequest",
    "JudgeSettings",
    "Rubric",
    "RubricOptions",
    "RubricSubject",
    "RubricTask",
    "SampleVerdict",
    "ScriptedJudge",
    "check_rubric",
    "judge_task",
    "majority",
    "make_judge",
    "parse_reply",
    "precheck",
    "rubric_metric",
    "rubric_verdict",
]
