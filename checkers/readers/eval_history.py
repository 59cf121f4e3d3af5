"""``adk-eval-history:PATH``: the eval results ``adk eval`` saved, as sessions for ``checkers
score``.

``adk eval`` writes one ``*.evalset_result.json`` per run under ``<agent>/.adk/eval_history/``
(ADK's ``LocalEvalSetResultsManager``): an ``EvalSetResult`` whose ``eval_case_results`` each
hold the case's ``session_id``, ``user_id`` and, per invocation
(``eval_metric_result_per_invocation``), the ``actual_invocation`` the agent produced. PATH is
one such file or a folder searched for them (an agent folder, its eval history); files are read
one at a time, each whole (one eval set's results).

Each eval case result becomes one session (its ``session_id``; the app is the agent folder's
name, unless ``--app`` gives one): each actual invocation's events in the order ADK recorded
them, the user's message, the ``invocation_events`` (calls, responses, texts), and the
``final_response`` where ADK took it out of its event (an invocation event with no content), or
after them. An invocation recorded in ADK's older shape (``tool_uses``, ``tool_responses``) gives
its calls, then their responses; its ``intermediate_responses`` are left out, as ADK's own
metrics leave them out. The case's scenario rubric (``scenario:<id>``, copied by ADK onto each
actual invocation), or a ``[scenario:<id>]`` tag in its user messages (the eval author's, not a
customer's), goes into the session state as ``scenario``; two different ids, or an empty one,
fail the session with that problem. Fields may be in snake_case or camelCase.

These are eval sessions (ids ``adk-eval-session-...``), read because they were asked for:
``--include-eval`` is not needed. A file that is not an eval set result, or a case result with no
session id or no actual invocation, is a dead letter naming the file (and the case).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from checkers.errors import ConfigError
from checkers.events import UNREADABLE_INSTANCE, EventsError, as_list, as_records, field_of
from checkers.json_input import loads_unique
from checkers.results import AnswerProblem
from checkers.scenario_ref import named_scenario_id, rubric_scenario_id, tagged_scenario_ids
from checkers.score import DeadLetter
from checkers.sessions import RecordedSession
from checkers.sources import ReadOptions
from checkers.transcript import brief_json

SUFFIX = ".evalset_result.json"
"""How ADK names an eval set result file."""


def result_files(location: str) -> Iterator[Path]:
    """The eval set result files at ``location`` (a file, or a folder searched below, in name
    order). Raises ConfigError when there is nothing there."""
    path = Path(location)
    if path.is_file():
        yield path
        return
    if not path.is_dir():
        raise ConfigError(
            f"{location[:200]!r} is neither an eval set result file nor a folder; give an agent "
            f"folder, its .adk/eval_history folder, or a *{SUFFIX} file"
        )
    yield from sorted(path.rglob(f"*{SUFFIX}"))


def _app_name(path: Path) -> str:
    """The agent folder a result file was saved under (``<agent>/.adk/eval_history/``)."""
    if path.parent.name == "eval_history" and path.parent.parent.name == ".adk":
        return path.parents[2].name
    return path.parent.name


def _agent_events(data: Any) -> list[Mapping[str, Any]]:
    """The events an invocation's ``intermediate_data`` holds, in ADK's either shape."""
    events = field_of(data, "invocation_events", "invocationEvents")
    if events is not None:
        return [dict(e) for e in as_records(events, "invocation_events")]
    calls = as_records(field_of(data, "tool_uses", "toolUses"), "tool_uses")
    responses = as_records(field_of(data, "tool_responses", "toolResponses"), "tool_responses")
    found = _progress_events(field_of(data, "intermediate_responses", "intermediateResponses"))
    if calls:
        parts = [{"function_call": c} for c in calls]
        found.append({"author": "agent", "content": {"role": "model", "parts": parts}})
    if responses:
        parts = [{"function_response": r} for r in responses]
        found.append({"author": "agent", "content": {"role": "user", "parts": parts}})
    return found


def _progress_events(progress: Any) -> list[Mapping[str, Any]]:
    """The older shape's progress messages (``intermediate_responses``: ``[author, parts]``
    pairs) as events. Where they came among the calls is not recorded, so they are put before
    them: said before any tool answered, the strictest reading, as ``adk eval``'s adapter reads
    them (:func:`checkers.adk.invocations.turn_of`). Raises EventsError for a pair that cannot
    be read (skipping it could hide what the user was told)."""
    events: list[Mapping[str, Any]] = []
    for pair in as_list(progress, "intermediate_responses"):
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise EventsError(
                UNREADABLE_INSTANCE,
                f"each of intermediate_responses must be [author, parts], got {brief_json(pair)}",
            )
        author, parts = pair
        content = {"role": "model", "parts": as_records(parts, "intermediate_responses parts")}
        # A progress message is the agent's by definition: never let it pass as the user's.
        agent = author if isinstance(author, str) and author.lower() != "user" else "agent"
        events.append({"author": agent, "content": content})
    return events


def invocation_events(invocation: Any) -> list[Mapping[str, Any]]:
    """One actual invocation as events (see the module docstring). Raises EventsError for an
    invocation whose parts cannot be read."""
    events: list[Mapping[str, Any]] = [
        {"author": "user", "content": field_of(invocation, "user_content", "userContent")}
    ]
    final = field_of(invocation, "final_response", "finalResponse")
    agent = _agent_events(field_of(invocation, "intermediate_data", "intermediateData"))
    placed = final is None
    for event in agent:
        if field_of(event, "content") is None and not placed:
            # ADK took the final response's text out of its own event: put it back there.
            event = {**event, "content": final}
            placed = True
        events.append(event)
    if not placed and not any(field_of(e, "content") == final for e in agent):
        author = next((field_of(e, "author") for e in reversed(agent)), None) or "agent"
        events.append({"author": author, "content": final})
    return events


def _scenario(invocations: list[Any]) -> str | AnswerProblem | None:
    """The scenario the case names (None when it names none): its rubrics, and the
    ``[scenario:<id>]`` tags of its user messages, which in an eval set are the eval author's
    (:func:`checkers.scenario_ref.named_scenario_id`), so they go into the state, where
    ``checkers score`` takes them, rather than staying user words it does not trust."""
    ids = [
        found
        for invocation in invocations
        for rubric in as_records(field_of(invocation, "rubrics"), "rubrics")
        if (found := rubric_scenario_id(_text_property(rubric))) is not None
    ]
    texts = _user_texts(invocations)
    if not ids and not any(tagged_scenario_ids(text) for text in texts):
        return None
    return named_scenario_id(ids, texts)


def _user_texts(invocations: list[Any]) -> list[str]:
    """The text parts of each invocation's user message, in order."""
    texts: list[str] = []
    for invocation in invocations:
        parts = field_of(field_of(invocation, "user_content", "userContent"), "parts")
        if isinstance(parts, list):
            texts += [t for p in parts if isinstance(t := field_of(p, "text"), str)]
    return texts


def _text_property(rubric: Mapping[str, Any]) -> str | None:
    content = field_of(rubric, "rubric_content", "rubricContent")
    value = field_of(content, "text_property", "textProperty")
    return value if isinstance(value, str) else None


def case_session(case: Any, app_name: str, where: str) -> RecordedSession | DeadLetter:
    """One eval case result as a session, or the dead letter of one naming no session or
    holding no actual invocation."""
    session_id = field_of(case, "session_id", "sessionId")
    user_id = field_of(case, "user_id", "userId")
    user = user_id if isinstance(user_id, str) else ""
    eval_id = field_of(case, "eval_id", "evalId")
    if not isinstance(session_id, str) or not session_id:
        return DeadLetter(
            f"{where}/{eval_id}", app_name, user, f"{where}: case {eval_id!r} has no session_id"
        )
    per_invocation = as_records(
        field_of(case, "eval_metric_result_per_invocation", "evalMetricResultPerInvocation"),
        "eval_metric_result_per_invocation",
    )
    invocations = [field_of(p, "actual_invocation", "actualInvocation") for p in per_invocation]
    if not invocations:
        reason = (
            f"{where}: case {eval_id!r} holds no actual invocation (ADK recorded no run of it: "
            "its inference failed, or no metric was evaluated)"
        )
        return DeadLetter(session_id, app_name, user, reason)
    scenario = _scenario(invocations)
    state = {"scenario": scenario} if isinstance(scenario, str) else {}
    events = [e for invocation in invocations for e in invocation_events(invocation)]
    problem = scenario if isinstance(scenario, AnswerProblem) else None
    return RecordedSession(session_id, app_name, user, events, state, problem)


def _file_name(path: Path, location: Path) -> str:
    """How the dead letters of a result file name it: its path below the folder read (two
    files of one name in two folders are two dead letters, not one row of a table), or its
    name when one file is read."""
    try:
        return path.relative_to(location).as_posix() if location.is_dir() else path.name
    except ValueError:
        return path.name


def _cases(path: Path) -> list[Any]:
    """The eval case results of one file. Raises ValueError (JSON's, or one naming what is
    missing) for a file that is not an eval set result."""
    value = loads_unique(path.read_text(encoding="utf-8-sig"))  # a byte order mark is no JSON
    if isinstance(value, str):  # ADK's older files hold the JSON as a JSON string
        value = loads_unique(value)
    cases = field_of(value, "eval_case_results", "evalCaseResults")
    if not isinstance(cases, list):
        raise ValueError("it holds no eval_case_results list")
    return cases


def eval_history_sessions(
    location: str, options: ReadOptions
) -> Iterator[RecordedSession | DeadLetter]:
    """The sessions of every eval case result at ``location`` (see the module docstring),
    streamed file by file. Raises ConfigError when ``location`` names no file or folder."""
    for path in result_files(location):
        app_name = options.app_name or _app_name(path)
        name = _file_name(path, Path(location))
        try:
            cases = _cases(path)
        except (OSError, ValueError, RecursionError, EventsError) as error:
            reason = f"{path}: not an eval set result ADK wrote ({type(error).__name__}: {error})"
            yield DeadLetter(name, app_name, "", reason[:2000])
            continue
        for number, case in enumerate(cases, start=1):
            where = f"{name}#{number}"
            try:
                yield case_session(case, app_name, where)
            except EventsError as error:
                session_id = case.get("session_id") if isinstance(case, dict) else None
                yield RecordedSession(
                    session_id if isinstance(session_id, str) and session_id else where,
                    app_name,
                    "",
                    (),
                    problem=AnswerProblem(code=error.code, message=f"{where}: {error}"),
                )
