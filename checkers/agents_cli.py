"""A :class:`~checkers.metric.Metric` as an agents-cli custom metric: ``def evaluate(instance)``.

Google's ``agents-cli`` (``agents-cli eval grade``) and the Agent Platform's evaluation service
score a case with a custom metric by calling ``evaluate(instance)``, where ``instance`` is the
eval case as JSON (``eval_case_id``, ``prompt``, ``response``, ``reference``, ``agent_data`` with
the conversation's turns and their events, and any extra field the dataset gives the case), and
read ``{"score": ..., "explanation": ...}`` back. ``checkers export agents-cli DOMAIN METRIC``
writes that file for a metric (:func:`metric_file`) with the config entry naming it
(:func:`config_entry`); the file calls :func:`evaluate_instance_of`.

What an instance is judged on, read with no Google library:

- **the conversation**: ``agent_data.turns``, each turn's events in order (the user's text; the
  agent's function calls, function responses and text, the last text being the turn's reply),
  with ``prompt`` as the last turn's user message (``eval generate`` records only the agent's
  events there). An instance without ``agent_data`` is read from ``conversation_history``,
  ``prompt`` and ``response``. A ``response`` that says something other than the trace's last
  reply is two answers in one, and the case fails (``conflicting_response``) rather than
  judging either.
- **the scenario**: the case's ``scenario`` field (a dataset's cases may carry extra fields;
  agents-cli keeps them through ``eval generate``), or a ``[scenario:<id>]`` tag in a user
  message, as for ADK (:mod:`checkers.scenario_ref`: none, or two different ids, fails the case).

The score is what ADK's adapter gives the same conversation (:func:`checkers.metric.case_score`:
the mean of the turns' scores, 0 for a case that could not be judged), and the explanation starts
with PASSED or FAILED at the metric's threshold, then the reasons ADK shows as rubric scores
(:mod:`checkers.reasons`): who was not satisfied and why, then who was.

It fails closed. agents-cli records an exception from a custom metric as that case's error and
leaves the case out of the metric's mean, so a metric that raised on a bad case would raise the
mean: :func:`evaluate_instance` never raises, and a case it cannot read or judge scores 0 with the
reason in its explanation.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from checkers.errors import ConfigError
from checkers.metric import (
    EVALUATOR_ERROR,
    Metric,
    case_score,
    check_threshold,
    describe,
    judge_turns,
    judge_turns_async,
)
from checkers.reasons import overall_entries, reason_entries
from checkers.results import AnswerProblem, Verdict
from checkers.scenario_ref import named_scenario_id
from checkers.text import without_surrogates
from checkers.transcript import ToolCall, ToolResponse, Turn

log = logging.getLogger(__name__)

SCENARIO_FIELD = "scenario"
"""The eval case field naming the scenario a case is judged in (a bundled id or a JSON path)."""
CONFLICTING_RESPONSE = "conflicting_response"
"""Reason code of a case whose ``response`` differs from the last reply in its trace."""
UNREADABLE_INSTANCE = "unreadable_instance"
"""Reason code of an instance that is not an eval case's JSON (not an object, turns not a
list)."""


class InstanceError(ValueError):
    """An instance that cannot be read as an eval case; its ``code`` is the reason code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# --- reading an instance ------------------------------------------------------------------------


def _items(value: Any, where: str) -> list[Any]:
    """``value`` as a list (None as empty); anything else is an unreadable instance."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise InstanceError(
            UNREADABLE_INSTANCE, f"{where} must be a list, got {type(value).__name__}"
        )
    return value


def _get(record: Any, *names: str) -> Any:
    """The first of ``names`` that ``record`` (an object) holds, else None: the JSON of Google's
    types may spell a field in snake_case or camelCase."""
    if not isinstance(record, Mapping):
        return None
    for name in names:
        if name in record:
            return record[name]
    return None


def _parts(content: Any) -> list[Any]:
    return [p for p in _items(_get(content, "parts"), "content.parts") if isinstance(p, Mapping)]


def content_text(content: Any) -> str | None:
    """The visible text of a content's JSON (thought parts left out), or None when it has no
    text part."""
    texts = [
        p["text"]
        for p in _parts(content)
        if isinstance(p.get("text"), str) and p["text"] and not p.get("thought")
    ]
    return "".join(texts) if texts else None


def _tool_call(part: Mapping[str, Any]) -> ToolCall | None:
    call = _get(part, "function_call", "functionCall")
    if not isinstance(call, Mapping):
        return None
    name = call.get("name")
    return ToolCall(
        name=name if isinstance(name, str) else "", args=call.get("args"), call_id=call.get("id")
    )


def _tool_response(part: Mapping[str, Any]) -> ToolResponse | None:
    response = _get(part, "function_response", "functionResponse")
    if not isinstance(response, Mapping):
        return None
    name = response.get("name")
    return ToolResponse(
        name=name if isinstance(name, str) else "",
        response=response.get("response"),
        call_id=response.get("id"),
    )


def _is_user(event: Any) -> bool:
    author = _get(event, "author")
    if isinstance(author, str):
        return author == "user"
    return bool(_get(_get(event, "content"), "role") == "user")


def turn_of_events(events: Sequence[Any]) -> Turn:
    """One conversation turn from its events' JSON: the user's text, the agent's calls and
    responses in order, and the agent's last text as its reply."""
    user: list[str] = []
    calls: list[ToolCall] = []
    responses: list[ToolResponse] = []
    reply: str | None = None
    for event in events:
        content = _get(event, "content")
        text = content_text(content)
        if _is_user(event):
            if text is not None:
                user.append(text)
            continue
        for part in _parts(content):
            call, response = _tool_call(part), _tool_response(part)
            if call is not None:
                calls.append(call)
            if response is not None:
                responses.append(response)
        if text is not None:
            reply = text
    return Turn(
        user_text="\n".join(user),
        tool_calls=tuple(calls),
        tool_responses=tuple(responses),
        agent_text=reply,
    )


def _reply_forms(events: Sequence[Any]) -> set[str | None]:
    """The last reply among ``events`` as a response may give it: its visible text, or all its
    text (agents-cli's ``eval generate`` keeps thought parts in the response it records)."""
    for event in reversed(events):
        if _is_user(event):
            continue
        parts = _parts(_get(event, "content"))
        every = "".join(p["text"] for p in parts if isinstance(p.get("text"), str))
        if every:
            return {content_text(_get(event, "content")), every}
    return {None}


def _history_turns(instance: Mapping[str, Any]) -> list[Turn]:
    """Turns of an instance without ``agent_data``: its history's messages, the prompt and the
    response, a new turn at each user message."""
    messages = [
        {"author": _get(m, "author"), "content": _get(m, "content")}
        for m in _items(_get(instance, "conversation_history"), "conversation_history")
    ]
    if _get(instance, "prompt") is not None:
        messages.append({"author": "user", "content": instance["prompt"]})
    if _get(instance, "response") is not None:
        messages.append({"author": "agent", "content": instance["response"]})
    turns: list[list[Any]] = []
    for message in messages:
        if _is_user(message) or not turns:
            turns.append([])
        turns[-1].append(message)
    return [turn_of_events(events) for events in turns]


def instance_turns(instance: Any) -> list[Turn]:
    """The conversation an instance holds, turn by turn (see the module docstring).

    Raises :class:`InstanceError` for an instance that is not an eval case's JSON, or whose
    ``response`` says other than the last reply of its trace."""
    if not isinstance(instance, Mapping):
        raise InstanceError(
            UNREADABLE_INSTANCE,
            f"an instance must be an eval case object, got {type(instance).__name__}",
        )
    agent_data = _get(instance, "agent_data", "agentData")
    events = [
        _items(_get(turn, "events"), "agent_data.turns[].events")
        for turn in _items(_get(agent_data, "turns"), "agent_data.turns")
    ]
    turns = [turn_of_events(turn_events) for turn_events in events]
    if not turns:
        return _history_turns(instance)
    prompt = content_text(_get(instance, "prompt"))
    if prompt is not None and prompt not in (turns[-1].user_text or "").split("\n"):
        # agents-cli's ``eval generate`` keeps a single-turn case's message in ``prompt`` and
        # records only the agent's events in the turn it sent it in.
        last = turns[-1]
        said_before = [last.user_text] if last.user_text else []
        turns[-1] = last.model_copy(update={"user_text": "\n".join([*said_before, prompt])})
    said = content_text(_get(instance, "response"))
    if said is not None and said not in _reply_forms(events[-1]):
        raise InstanceError(
            CONFLICTING_RESPONSE,
            f"the case's response ({said[:80]!r}) is not the last reply of its trace "
            f"({(turns[-1].agent_text or '')[:80]!r}): two answers in one case, neither is "
            "judged; give the response the trace ends with, or no response",
        )
    return turns


def instance_scenario_id(instance: Mapping[str, Any], turns: Sequence[Turn]) -> str | AnswerProblem:
    """The one scenario the case names: its ``scenario`` field or ``[scenario:<id>]`` tags in
    its user messages (or a simulated user's starting prompt), or the problem that prevents it."""
    field = instance.get(SCENARIO_FIELD)
    if field is not None and not isinstance(field, str):
        return AnswerProblem(
            code="no_scenario",
            message=f'the case\'s "{SCENARIO_FIELD}" must be a scenario id (text), '
            f"got {type(field).__name__}",
        )
    texts = [turn.user_text or "" for turn in turns]
    starting = _get(_get(instance, "user_scenario", "userScenario"), "starting_prompt")
    if isinstance(starting, str):
        texts.append(starting)
    return named_scenario_id([field] if field is not None else [], texts)


# --- judging ------------------------------------------------------------------------------------


def _judged(metric: Metric[Any], instance: Any, threshold: float) -> list[Verdict]:
    """The verdict on each turn of the instance's conversation (a failing one when it cannot be
    read)."""
    try:
        turns = instance_turns(instance)
    except InstanceError as error:
        return [metric.problem_verdict("?", threshold, error.code, str(error))]
    if not turns:
        return [
            metric.problem_verdict("?", threshold, UNREADABLE_INSTANCE, "the case has no turns")
        ]
    scenario_id = instance_scenario_id(instance, turns)
    if metric.judge_async is None:
        return judge_turns(metric, scenario_id, turns, threshold)
    options = metric.options_model(write_details=False)
    judging = judge_turns_async(metric, scenario_id, turns, threshold, options)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        # A fresh event loop of its own, whether or not the caller runs one.
        judged = pool.submit(asyncio.run, judging).result()
    return [j.verdict for j in judged]


def explanation(metric: Metric[Any], verdicts: Sequence[Verdict], threshold: float) -> str:
    """PASSED or FAILED with the score and threshold, then one line per reason (who was not
    satisfied and why, then who was)."""
    score = case_score(verdicts, threshold)
    noun = metric.domain.subject_noun
    lines = [
        f"{'PASSED' if score.passed else 'FAILED'}: {metric.name} {round(score.overall, 4)!r} "
        f"(threshold {threshold!r})"
    ]
    entries = overall_entries([reason_entries(v, noun) for v in verdicts])
    lines += [f"{e.rubric_id}: {e.rationale}" for e in entries]
    return without_surrogates("\n".join(lines))


def evaluate_instance(
    metric: Metric[Any], instance: Any, threshold: float | None = None
) -> dict[str, Any]:
    """``{"score", "explanation"}`` for one agents-cli instance (see the module docstring);
    ``threshold`` defaults to the metric's. Never raises: a case that cannot be read or judged
    scores 0 with the reason."""
    limit = metric.default_threshold if threshold is None else threshold
    try:
        limit = check_threshold(limit, f"agents-cli metric {metric.name!r}")
        verdicts = _judged(metric, instance, limit)
        return {
            "score": case_score(verdicts, limit).overall,
            "explanation": explanation(metric, verdicts, limit),
        }
    except Exception as error:  # fail closed: a case nobody judged scores 0, never an error
        log.exception("%s crashed while judging an agents-cli instance", metric.name)
        code = "config_error" if isinstance(error, ConfigError) else EVALUATOR_ERROR
        message = str(error) if isinstance(error, ConfigError) else describe(error)
        return {"score": 0.0, "explanation": without_surrogates(f"FAILED ({code}): {message}")}


def evaluate_instance_of(
    domain: str, metric: str, instance: Any, threshold: float | None = None
) -> dict[str, Any]:
    """:func:`evaluate_instance` for the metric ``metric`` of ``domain``, found through the
    domain registry (what an exported metric file calls). Never raises."""
    try:
        from checkers.registry import find_metric

        found = find_metric(domain, metric)
    except Exception as error:
        message = str(error) if isinstance(error, ConfigError) else describe(error)
        return {
            "score": 0.0,
            "explanation": without_surrogates(f"FAILED (config_error): {message}"),
        }
    return evaluate_instance(found, instance, threshold)


# --- export -------------------------------------------------------------------------------------


def metric_file(domain: str, metric: Metric[Any], threshold: float) -> str:
    """The source of the single-file agents-cli custom metric for ``metric`` of ``domain``."""
    description = " ".join(metric.description.split()) or f"the {domain} domain's {metric.name}"
    return f'''"""{metric.name} ({domain}): an agents-cli custom metric written by
``checkers export agents-cli {domain} {metric.name}``.

{description}

Each case names its scenario in a "{SCENARIO_FIELD}" field (or a [scenario:<id>] tag in a user
message). The score is what ``adk eval`` gives the same conversation; the explanation starts with
PASSED or FAILED at threshold {threshold!r}, then says who was not satisfied and why. A case that
cannot be read or judged scores 0, with the reason.

Runs where the adk-requirement-checkers package is installed: agents-cli's local execution (the
default). The Agent Platform's sandbox (``execution: remote``) cannot import it.
"""

from checkers.agents_cli import evaluate_instance_of

DOMAIN = {json.dumps(domain)}
METRIC = {json.dumps(metric.name)}
THRESHOLD = {threshold!r}


def evaluate(instance):
    return evaluate_instance_of(DOMAIN, METRIC, instance, THRESHOLD)
'''


def config_entry(metric: str, file_name: str) -> dict[str, Any]:
    """The ``custom_metrics`` entry of an agents-cli eval config naming an exported file."""
    return {"name": metric, "custom_function_file": file_name}


def merged_config(config: Mapping[str, Any], metric: str, file_name: str) -> dict[str, Any]:
    """``config`` (an agents-cli eval config) with ``metric`` in ``metrics_to_run`` and its
    ``custom_metrics`` entry added, or replacing one of the same name.

    Raises ConfigError for a config whose ``metrics_to_run`` or ``custom_metrics`` is not a
    list."""
    to_run, custom = config.get("metrics_to_run", []), config.get("custom_metrics", [])
    if not isinstance(to_run, list) or not isinstance(custom, list):
        raise ConfigError(
            "the eval config's metrics_to_run and custom_metrics must be lists; fix the file or "
            "export into another directory"
        )
    kept = [m for m in custom if not (isinstance(m, Mapping) and m.get("name") == metric)]
    return {
        **config,
        "metrics_to_run": to_run if metric in to_run else [*to_run, metric],
        "custom_metrics": [*kept, config_entry(metric, file_name)],
    }
