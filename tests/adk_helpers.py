"""Building real ADK evaluation objects for tests."""

from __future__ import annotations

from typing import Any

from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import BaseCriterion, EvalMetric
from google.adk.evaluation.eval_rubrics import Rubric, RubricContent
from google.genai import types


def text_content(text: str, role: str) -> types.Content:
    return types.Content(role=role, parts=[types.Part(text=text)])


def invocation(
    answer: str | None,
    user_text: str = "Plan our dinner.",
    scenario_rubric: str | None = None,
    invocation_id: str = "inv-1",
) -> Invocation:
    """An actual invocation with the agent's final text (None: no final response at all)."""
    rubrics = None
    if scenario_rubric is not None:
        rubrics = [
            Rubric(
                rubric_id="scenario",
                rubric_content=RubricContent(text_property=f"scenario:{scenario_rubric}"),
            )
        ]
    return Invocation(
        invocation_id=invocation_id,
        user_content=text_content(user_text, "user"),
        final_response=None if answer is None else text_content(answer, "model"),
        rubrics=rubrics,
    )


def eval_metric(threshold: float | None = 1.0, **extra: Any) -> EvalMetric:
    """The EvalMetric ADK passes a custom metric: the threshold lives on the criterion."""
    if threshold is None and not extra:
        return EvalMetric(metric_name="everyone_ate")
    criterion = BaseCriterion(threshold=1.0 if threshold is None else threshold, **extra)
    return EvalMetric(metric_name="everyone_ate", criterion=criterion)
