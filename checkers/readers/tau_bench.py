"""``tau-bench:RUNS.jsonl``: runs tau-bench recorded, as sessions for ``checkers score``.

Each line of the file is one run, as tau-bench writes its results: ``{"task_id", "trial",
"reward", "info": {"task", "reward_info", ...}, "traj"}``. ``traj`` is the whole conversation in
OpenAI chat format, read once (:func:`checkers.conversation.run_messages`); it becomes
ADK-shaped events (:func:`run_events`):

- a ``user`` message: an event of author ``user`` with its text (the simulated customer);
- an ``assistant`` message with ``tool_calls``: one agent event holding a ``function_call`` per
  call (``id`` the call's id, ``args`` its JSON arguments); text beside the calls is left out
  (tau-bench's agent acts on the call alone; that text never reaches the customer, and an ADK
  event would show it);
- a ``tool`` message: an agent event holding the ``function_response`` (ADK files it under the
  role ``user``), its text read as tau-bench's observation
  (:func:`checkers.conversation.observation_response`);
- an ``assistant`` message without calls: the agent's reply;
- ``system`` messages (the policy) are left out.

The session is judged on the conversation :func:`checkers.conversation.run_transcript` reads
(its :attr:`~checkers.sessions.RecordedSession.turns`), as ``checkers check --batch`` judges the
run: each call keeps the message that made it and the text written beside it, for the rule "one
tool call at a time, never beside a reply". The session is
``<file stem>/task-<id>/trial-<n>`` (the line number when the run has no trial),
its user the task's ``user_id``, and its state names the scenario: ``{"scenario":
"task-<id>"}``, the domain's bundled tau-bench task (orders for retail runs, airline for airline
runs), with the official ``reward`` beside it and, when the run recorded it, the task it was
scored on (``"task"``: ``info.task`` with its ``task_id``). A customer-service domain judges the
run on its bundled task only when that is the task recorded, up to the instruction's wording;
a run of another split fails with ``task_not_bundled``
(:meth:`checkers.session_customer.CustomerServiceDomain.recorded_task_problem`), where
``checkers check --batch`` judges it on the task it recorded.

A run tau-bench stopped at its step limit, before the customer or a transfer ended it, has no
``info.reward_info``: tau-bench recorded 0.0 without judging it. It is judged as failing, with
reason code ``run_not_finished`` (the agent did not finish the task in its budget): it was
recorded whole, so it is no dead letter, but what it would have done next is unknown, so it
cannot pass either (``checkers check --batch`` fails the same line alike:
:func:`checkers.conversation.run_item`). A message that is no chat message fails the run the
same way (``unreadable_instance``). A line that is not JSON, not an object, or has no
``task_id`` names no session to judge: it is a dead letter with its line number.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from checkers.conversation import (
    RUN_NOT_FINISHED,
    RUN_NOT_FINISHED_MESSAGE,
    RunMessage,
    run_messages,
    run_transcript_of,
)
from checkers.errors import ConfigError
from checkers.events import UNREADABLE_INSTANCE
from checkers.readers.lines import BadLine, json_lines
from checkers.results import AnswerProblem
from checkers.score import DeadLetter
from checkers.session_customer import RECORDED_TASK
from checkers.sessions import RecordedSession
from checkers.sources import ReadOptions
from checkers.transcript import ToolResponse, Turn, brief_json

AGENT = "tau_bench_agent"
"""The author of the agent's events (tau-bench names no agent)."""
APP_NAME = "tau-bench"
"""The app name of the sessions, unless ``--app`` gives one."""


def _text_event(author: str, role: str, text: str) -> dict[str, Any]:
    return {"author": author, "content": {"role": role, "parts": [{"text": text}]}}


def _calls_event(message: RunMessage) -> dict[str, Any]:
    """The agent event of an assistant message's tool calls (ids as recorded, when text)."""
    given = message.given or {}
    parts = []
    for call, recorded in zip(message.calls, given.get("tool_calls") or [], strict=True):
        made: dict[str, Any] = {"name": call.name, "args": call.args}
        if isinstance(recorded.get("id"), str):
            made["id"] = recorded["id"]
        parts.append({"function_call": made})
    return {"author": AGENT, "content": {"role": "model", "parts": parts}}


def _response_event(message: RunMessage, response: ToolResponse) -> dict[str, Any]:
    """The agent event of a ``tool`` message: the tool's answer as a function response."""
    given = message.given or {}
    answer: dict[str, Any] = {"name": response.name, "response": response.response}
    if isinstance(given.get("tool_call_id"), str):
        answer["id"] = given["tool_call_id"]
    return {
        "author": AGENT,
        "content": {"role": "user", "parts": [{"function_response": answer}]},
    }


def run_events(messages: Sequence[RunMessage]) -> list[dict[str, Any]]:
    """A run's messages, read (:func:`checkers.conversation.run_messages`), as ADK-shaped
    events (see the module docstring)."""
    events: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "user":
            events.append(_text_event("user", "user", message.content or ""))
        elif message.response is not None:
            events.append(_response_event(message, message.response))
        elif message.calls:
            events.append(_calls_event(message))
        elif message.role == "assistant":
            events.append(_text_event(AGENT, "model", message.content or ""))
    return events


def _finished(run: Mapping[str, Any]) -> bool:
    """Whether tau-bench judged the run (its info holds ``reward_info``)."""
    info = run.get("info")
    return isinstance(info, dict) and info.get("reward_info") is not None


def run_session(run: Mapping[str, Any], session_id: str, app_name: str) -> RecordedSession:
    """One recorded run (a parsed line with a ``task_id``) as a session (see the module
    docstring); a run that cannot be judged carries its problem."""
    info = run.get("info")
    task = info.get("task") if isinstance(info, dict) else None
    user_id = task.get("user_id") if isinstance(task, dict) else None
    state: dict[str, Any] = {"scenario": f"task-{run['task_id']}", "reward": run.get("reward")}
    if isinstance(task, dict):  # the task it was scored on: it must be the bundled one
        state[RECORDED_TASK] = {"task_id": run["task_id"], **task}
    problem = None
    events: list[dict[str, Any]] = []
    turns: tuple[Turn, ...] | None = None
    try:
        messages = run_messages(run.get("traj"))  # read once, for the events and the turns
        events = run_events(messages)
        turns = run_transcript_of(messages).turns
    except ConfigError as error:
        problem = AnswerProblem(code=UNREADABLE_INSTANCE, message=str(error))
    if problem is None and not _finished(run):
        problem = AnswerProblem(code=RUN_NOT_FINISHED, message=RUN_NOT_FINISHED_MESSAGE)
    return RecordedSession(
        session_id=session_id,
        app_name=app_name,
        user_id=user_id if isinstance(user_id, str) else "",
        events=events,
        state=state,
        problem=problem,
        turns=turns,
    )


def _session_id(stem: str, number: int, run: Mapping[str, Any]) -> str:
    trial = run.get("trial")
    where = f"trial-{trial}" if isinstance(trial, int) else f"line-{number}"
    return f"{stem}/task-{run['task_id']}/{where}"


def tau_bench_sessions(
    location: str, options: ReadOptions
) -> Iterator[RecordedSession | DeadLetter]:
    """The runs of the JSONL file at ``location``, one session per line, streamed. Raises
    ConfigError when the file cannot be opened."""
    path = Path(location)
    app_name = options.app_name or APP_NAME
    for number, run in json_lines(path):
        where = f"{path.stem}/line-{number}"
        if isinstance(run, BadLine):
            yield DeadLetter(where, app_name, "", run.reason)
        elif not isinstance(run, dict) or not isinstance(run.get("task_id"), int | str):
            reason = (
                f"{path.name}, line {number}: a recorded run must be an object with a task_id, "
                f'"traj" (chat messages) and "info"; got {brief_json(run, 80)}'
            )
            yield DeadLetter(where, app_name, "", reason)
        else:
            yield run_session(run, _session_id(path.stem, number, run), app_name)
