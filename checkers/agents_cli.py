"""A :class:`~checkers.metric.Metric` as an agents-cli custom metric: ``def evaluate(instance)``.

Google's ``agents-cli`` (``agents-cli eval grade``) and the Agent Platform's evaluation service
score a case with a custom metric by calling ``evaluate(instance)``, where ``instance`` is the
eval case as JSON (``eval_case_id``, ``prompt``, ``response``, ``reference``, ``agent_data`` with
the conversation's turns and their events, and any extra field the dataset gives the case), and
read ``{"score": ..., "explanation": ...}`` back. ``checkers export agents-cli DOMAIN METRIC``
writes that file for a metric (:func:`metric_file`) with the config entry naming it
(:func:`config_entry`); the file calls :func:`evaluate_instance_of`.

What an instance is judged on, read with no Google library:

- **the conversation**: ``agent_data.turns``, each turn's events read as ADK reads an
  invocation's events (:mod:`checkers.events`, shared with ``checkers score`` and, for the
  rules, ADK's adapter): the user's text (an event whose author is ``user``, in any case; of
  several in a turn, the last, as ADK keeps it, the earlier ones read only for scenario tags);
  the agent's function calls and responses in order (a tool's response with role ``user`` is the
  agent's side); and as the turn's reply the visible text (thought parts left out) of the last
  agent event that holds no call or response (ADK's final response: a plan said beside a call is
  no reply). ``prompt`` is the last turn's user message when no turn holds it (``eval generate``
  records only the agent's events there), and an earlier message of that turn when it holds
  another. An instance without ``agent_data`` is read from ``conversation_history``, ``prompt``,
  ``intermediate_events`` and ``response``. Fields may be spelled in snake_case or camelCase
  (``functionCall``, ``agentData``); a content may be plain text.
- **the scenario**: the case's ``scenario`` field (a dataset's cases may carry extra fields;
  agents-cli keeps them through ``eval generate``), or a ``[scenario:<id>]`` tag in a user
  message or the user scenario's starting prompt, as for ADK (:mod:`checkers.scenario_ref`:
  none, or two different ids, fails the case). An agent's or a tool's text names none.

Several answers are never judged by picking one; the case fails with the reason instead: two
different final replies after a turn's last tool call (``conflicting_replies``), a ``response``
(or any of its candidates) that says other than the trace's last reply, or ``intermediate_events``
that differ from the trace (``conflicting_response``), two spellings of a field that differ, or
anything a lenient reader would skip and that could hide an answer or a call: a part, event or
turn that is not an object, a text that is not a string, a thought flag that is neither true nor
false (``unreadable_instance``). A case too large to judge in reasonable time (:data:`MAX_TURNS`,
:data:`checkers.events.MAX_EVENTS`, :data:`checkers.events.MAX_PARTS`) fails as
``instance_too_large``.

The score is what ADK's adapter gives the same conversation (:func:`checkers.metric.case_score`:
the mean of the turns' scores, 0 for a case that could not be judged), and the explanation starts
with PASSED or FAILED at the metric's threshold, then the reasons ADK shows as rubric scores
(:mod:`checkers.reasons`): who was not satisfied and why, then who was; at most
:data:`MAX_EXPLANATION` characters, with no lone surrogate, whatever the instance held.

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
from checkers.events import (
    TOO_LARGE,
    UNREADABLE_INSTANCE,
    Budget,
    EventsError,
    TurnReading,
    as_content,
    as_list,
    as_records,
    content_text,
    field_of,
    is_user,
    parts_of,
    scenario_texts,
    turn_of_events,
)
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
from checkers.text import cut, without_surrogates
from checkers.transcript import Turn

log = logging.getLogger(__name__)

SCENARIO_FIELD = "scenario"
"""The eval case field naming the scenario a case is judged in (a bundled id or a JSON path)."""
CONFLICTING_RESPONSE = "conflicting_response"
"""Reason code of a case whose ``response`` differs from the last reply in its trace."""

MAX_TURNS = 200
"""Turns an instance may hold. Each turn is judged on the conversation up to it, so the cost grows
with the square of the length: a longer case fails (``instance_too_large``) rather than keep the
grader busy for hours. Real conversations are far shorter."""
MAX_REASON = 1_000
"""Characters of one reason line in an explanation; a longer one is cut."""
MAX_EXPLANATION = 12_000
"""Characters of an explanation; the reasons past it are counted, not listed."""


def _history_events(instance: Mapping[str, Any]) -> list[Any]:
    """The messages of an instance without ``agent_data``: its history, the prompt, the
    recorded intermediate events, and the response."""
    history = field_of(instance, "conversation_history", "conversationHistory")
    messages: list[Any] = [
        {"author": field_of(m, "author"), "content": field_of(m, "content")}
        for m in as_records(history, "conversation_history")
    ]
    if field_of(instance, "prompt") is not None:
        messages.append({"author": "user", "content": field_of(instance, "prompt")})
    intermediate = field_of(instance, "intermediate_events", "intermediateEvents")
    messages += as_records(intermediate, "intermediate_events")
    for said in _responsetexts_of(instance)[:1]:
        messages.append(
            {"author": "agent", "content": {"role": "model", "parts": [{"text": said}]}}
        )
    return messages


def _responsetexts_of(instance: Mapping[str, Any]) -> list[str]:
    """Every final reply the case states beside its trace, each once: its ``response`` (a
    content, a text, or a model response's ``candidates``) and its ``responses`` candidates."""
    given: list[Any] = []
    response = field_of(instance, "response")
    candidates = field_of(response, "candidates")
    if candidates is not None:
        given += [field_of(c, "content") for c in as_records(candidates, "response.candidates")]
    else:
        given.append(response)
    for candidate in as_list(field_of(instance, "responses"), "responses"):
        # agents-cli's ResponseCandidate holds its content under "response".
        wrapped = isinstance(candidate, Mapping) and "response" in candidate
        given.append(field_of(candidate, "response") if wrapped else candidate)
    texts = (content_text(as_content(g, "a response")) for g in given)
    return list(dict.fromkeys(t for t in texts if t is not None))


def _too_many_turns(count: int) -> EventsError:
    return EventsError(
        TOO_LARGE,
        f"the case has {count:,} turns, more than {MAX_TURNS}; it is not judged (judging every "
        "turn would take too long): split it",
    )


def instance_turns(instance: Any) -> list[Turn]:
    """The conversation an instance holds, turn by turn (see the module docstring).

    Raises :class:`EventsError` for an instance that is not an eval case's JSON, that is too
    large (:data:`MAX_TURNS`, :data:`~checkers.events.MAX_EVENTS`,
    :data:`~checkers.events.MAX_PARTS`), whose turn gives two
    different final replies, or whose ``response`` says other than the last reply of its trace.
    """
    if not isinstance(instance, Mapping):
        raise EventsError(
            UNREADABLE_INSTANCE,
            f"an instance must be an eval case object, got {type(instance).__name__}",
        )
    agent_data = field_of(instance, "agent_data", "agentData")
    if agent_data is not None and not isinstance(agent_data, Mapping):
        raise EventsError(
            UNREADABLE_INSTANCE,
            f"agent_data must be an object, got {type(agent_data).__name__}",
        )
    budget = Budget()
    readings: list[TurnReading] = []
    for turn in as_records(field_of(agent_data, "turns"), "agent_data.turns"):
        if len(readings) == MAX_TURNS:
            raise _too_many_turns(len(field_of(agent_data, "turns")))
        reading = TurnReading()
        for event in as_records(field_of(turn, "events"), "agent_data.turns[].events"):
            reading.read(event, budget)
        readings.append(reading)
    if not readings:
        return _history_turns(instance, budget)
    turns = [r.turn() for r in readings]
    _check_intermediate(instance, turns[-1])
    prompt = content_text(as_content(field_of(instance, "prompt"), "prompt"))
    said_anywhere = {said for r in readings for said in r.user}
    if prompt is not None and prompt not in said_anywhere:
        # agents-cli's ``eval generate`` keeps a single-turn case's message in ``prompt`` and
        # records only the agent's events in the turn it sent it in. It was sent before them:
        # a message the turn records came after it, and is the one ADK keeps.
        last = turns[-1]
        update = (
            {"earlier_user_texts": (prompt, *last.earlier_user_texts)}
            if last.user_text
            else {"user_text": prompt}
        )
        turns[-1] = last.model_copy(update=update)
    forms = readings[-1].reply_forms()
    for said in _responsetexts_of(instance):
        if said not in forms:
            raise EventsError(
                CONFLICTING_RESPONSE,
                f"the case's response ({cut(said, 80)!r}) is not the last reply of its trace "
                f"({cut(turns[-1].agent_text or '', 80)!r}): two answers in one case, neither "
                "is judged; give the response the trace ends with, or no response",
            )
    return turns


def _check_intermediate(instance: Mapping[str, Any], last: Turn) -> None:
    """A case's ``intermediate_events`` (the Agent Platform SDK records a single-turn run's
    events but the last there too) must hold the calls and responses of the trace's last turn:
    two different records of one run are two answers."""
    intermediate = as_records(
        field_of(instance, "intermediate_events", "intermediateEvents"), "intermediate_events"
    )
    if not intermediate:
        return
    held = turn_of_events(intermediate)
    if (_made(held), held.tool_responses) != (_made(last), last.tool_responses):
        raise EventsError(
            CONFLICTING_RESPONSE,
            "the case's intermediate_events do not hold the tool calls and responses of the last "
            "turn of its agent_data: two records of one run, neither is judged; keep one",
        )


def _made(turn: Turn) -> list[tuple[str, dict[str, Any], str | None]]:
    """What the turn's calls asked for (which event made each is numbered per record, so two
    records of one run number them differently)."""
    return [(c.name, c.args, c.call_id) for c in turn.tool_calls]


def _history_turns(instance: Mapping[str, Any], budget: Budget) -> list[Turn]:
    """Turns of an instance without ``agent_data``: its history's messages, the prompt, the
    recorded intermediate events and the response, a new turn at each user message."""
    if len(_responsetexts_of(instance)) > 1:
        raise EventsError(
            CONFLICTING_RESPONSE,
            "the case gives several different responses and no trace: several answers, none is "
            "judged; give one",
        )
    readings: list[TurnReading] = []
    for message in _history_events(instance):
        parts = parts_of(as_content(field_of(message, "content"), "a message's content"))
        if is_user(message, parts) or not readings:
            if len(readings) == MAX_TURNS:
                raise _too_many_turns(MAX_TURNS + 1)
            readings.append(TurnReading())
        readings[-1].read(message, budget)
    return [r.turn() for r in readings]


def instance_scenario_id(instance: Mapping[str, Any], turns: Sequence[Turn]) -> str | AnswerProblem:
    """The one scenario the case names: its ``scenario`` field or ``[scenario:<id>]`` tags in
    its user messages (or a simulated user's starting prompt), or the problem that prevents it.

    Raises EventsError for a user scenario that is not an object, or a starting prompt that is
    neither text nor a content (a tag in it could name a second scenario)."""
    field = instance.get(SCENARIO_FIELD)
    if field is not None and not isinstance(field, str):
        return AnswerProblem(
            code="no_scenario",
            message=f'the case\'s "{SCENARIO_FIELD}" must be a scenario id (text), '
            f"got {type(field).__name__}",
        )
    texts = scenario_texts(turns)
    scenario = field_of(instance, "user_scenario", "userScenario")
    if scenario is not None and not isinstance(scenario, Mapping):
        raise EventsError(
            UNREADABLE_INSTANCE, f"user_scenario must be an object, got {type(scenario).__name__}"
        )
    starting = content_text(
        as_content(field_of(scenario, "starting_prompt", "startingPrompt"), "starting_prompt")
    )
    if starting is not None:
        texts.append(starting)
    return named_scenario_id([field] if field is not None else [], texts)


# --- judging ------------------------------------------------------------------------------------


def _judged(metric: Metric[Any], instance: Any, threshold: float) -> list[Verdict]:
    """The verdict on each turn of the instance's conversation (a failing one when it cannot be
    read)."""
    try:
        turns = instance_turns(instance)
        if not turns:
            raise EventsError(UNREADABLE_INSTANCE, "the case has no turns")
        scenario_id = instance_scenario_id(instance, turns)
    except EventsError as error:
        return [metric.problem_verdict("?", threshold, error.code, str(error))]
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
    return _bounded([*lines, *(f"{e.rubric_id}: {e.rationale}" for e in entries)])


def _bounded(lines: Sequence[str]) -> str:
    """``lines`` joined, each cut to :data:`MAX_REASON` characters and the whole kept under
    :data:`MAX_EXPLANATION` (the lines past it are counted), with no lone surrogate: a reason
    may quote a huge or hostile text, and the explanation must stay readable JSON."""
    kept: list[str] = []
    size = 0
    for number, line in enumerate(lines):
        line = cut(without_surrogates(line), MAX_REASON)
        if kept and size + len(line) + 1 > MAX_EXPLANATION - 60:
            kept.append(f"... and {len(lines) - number:,} more reasons")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)


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
        return {"score": 0.0, "explanation": _bounded([f"FAILED ({code}): {message}"])}


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
        return {"score": 0.0, "explanation": _bounded([f"FAILED (config_error): {message}"])}
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
