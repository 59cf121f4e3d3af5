"""Calling a metric exactly as ``adk eval`` does, on a generated scenario and conversation.

The meta-tests generate scenarios that no eval set names, so :func:`call_adk` pins the generated
scenario under :data:`~checkers.meta.pinned.PINNED_REF` (:func:`checkers.meta.pinned.pinned`),
builds real ADK ``Invocation`` objects naming it in a ``scenario:<id>`` rubric, and calls the
function :func:`checkers.adk.custom_metric.adk_metric` returns, with the criterion's threshold and
extra keys, awaiting it when the metric is model-judged.

Hostile records hold values ADK's models reject (call arguments that are a string, a response
that is a list): those objects are built with ``model_construct``, as a record loaded without
validation would hold them.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from google.adk.evaluation.eval_case import IntermediateData, Invocation
from google.adk.evaluation.eval_metrics import BaseCriterion, EvalMetric
from google.adk.evaluation.eval_rubrics import Rubric, RubricContent
from google.adk.evaluation.evaluator import EvaluationResult
from google.genai import types
from pydantic import ValidationError

from checkers.adk.custom_metric import adk_metric
from checkers.meta.hostile import Conversation, RawCall, RawResponse
from checkers.meta.pinned import PINNED_REF, pinned
from checkers.metric import Metric
from checkers.scenario_ref import RUBRIC_PREFIX


def _content(text: str | None, role: str) -> types.Content | None:
    return None if text is None else types.Content(role=role, parts=[types.Part(text=text)])


def _call(call: RawCall) -> types.FunctionCall:
    try:
        return types.FunctionCall(name=call.name, args=call.args, id=call.call_id)
    except ValidationError:
        return types.FunctionCall.model_construct(name=call.name, args=call.args, id=call.call_id)


def _response(response: RawResponse) -> types.FunctionResponse:
    try:
        return types.FunctionResponse(
            name=response.name, response=response.response, id=response.call_id
        )
    except ValidationError:
        return types.FunctionResponse.model_construct(
            name=response.name, response=response.response, id=response.call_id
        )


def invocations(conversation: Conversation, scenario_ref: str) -> list[Invocation]:
    """One ADK invocation per turn, each carrying a ``scenario:<scenario_ref>`` rubric (as ADK
    copies a case's rubrics onto every invocation)."""
    rubric = Rubric(
        rubric_id="scenario",
        rubric_content=RubricContent(text_property=f"{RUBRIC_PREFIX}{scenario_ref}"),
    )
    return [
        Invocation(
            invocation_id=f"inv-{index}",
            user_content=_content(turn.user or "", "user") or types.Content(),
            final_response=_content(turn.final, "model"),
            intermediate_data=IntermediateData(
                tool_uses=[_call(c) for c in turn.calls],
                tool_responses=[_response(r) for r in turn.responses],
            ),
            rubrics=[rubric],
        )
        for index, turn in enumerate(conversation)
    ]


def call_adk(
    metric: Metric[Any],
    scenario: Any,
    conversation: Conversation,
    details_dir: Path | str,
    scenario_ref: str = PINNED_REF,
) -> tuple[EvaluationResult, Sequence[Invocation]]:
    """What ADK gets from ``metric``'s custom-metric function on ``conversation`` in
    ``scenario`` (named by ``scenario_ref``; another id is loaded by the real domain), with
    the metric's default threshold and details written into ``details_dir``.

    Returns the result and the invocations it was given. Whatever the metric raises is raised.
    """
    given = invocations(conversation, scenario_ref)
    criterion = BaseCriterion(threshold=metric.default_threshold, details_dir=str(details_dir))
    evaluate = adk_metric(pinned(metric, scenario))
    # The adapter and the metric log every failure they turn into a FAILED result; the hostile
    # groups provoke hundreds on purpose (unusable details directories), and the verdict is what
    # they check.
    with _quiet("checkers.adk.custom_metric", "checkers.metric"):
        result = evaluate(
            EvalMetric(metric_name=metric.name, criterion=criterion), given, None, None
        )
        if inspect.isawaitable(result):
            result = asyncio.run(_awaited(result))
    if not isinstance(result, EvaluationResult):
        raise TypeError(f"{metric.name} returned {type(result).__name__}, not EvaluationResult")
    return result, given


@contextmanager
def _quiet(*names: str) -> Iterator[None]:
    loggers = [logging.getLogger(name) for name in names]
    before = [logger.disabled for logger in loggers]
    for logger in loggers:
        logger.disabled = True
    try:
        yield
    finally:
        for logger, disabled in zip(loggers, before, strict=True):
            logger.disabled = disabled


async def _awaited(result: Any) -> Any:
    return await result
