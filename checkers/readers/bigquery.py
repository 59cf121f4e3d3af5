"""``bq-eval-view:EXPORT.jsonl``: sessions exported from the evaluation views of ADK's BigQuery
agent analytics, for ``checkers score``.

ADK 2.13's ``BigQueryAgentAnalyticsPlugin`` logs every event of an app to a BigQuery table;
with ``create_eval_views=True`` (or ``create_eval_views()``) it also creates two views whose
``trace`` column is a ``google.cloud.aiplatform.v1beta1.AgentData`` JSON trace
(``google/adk/plugins/bigquery_agent_analytics_plugin.py``, ``_EVAL_SESSION_VIEW_SQL_TEMPLATE``
and ``_EVAL_TURN_VIEW_SQL_TEMPLATE``):

- ``v_eval_session``, one row per session: ``session_id``, ``user_id``, ``root_agent``,
  ``eval_ready``, tool and token totals, and ``trace`` = ``{"agents": {...}, "turns":
  [{"turn_index", "turn_id", "events": [{"author", "content", "event_time"}]}]}``;
- ``v_eval_turn``, one row per invocation: the same with ``invocation_id`` and ``turn_index``,
  and a ``trace`` holding that one turn.

An event's ``content`` is a genai Content in proto field names: the user's text (author
``user``), a ``function_call`` (role ``model``), a ``function_response`` (role ``user``, the
agent as author, a non-object result wrapped as ``{"result": ...}``), or the agent's response
text. :mod:`checkers.events` reads them as it reads any ADK event.

EXPORT is the view exported as JSON lines (``bq extract --destination_format
NEWLINE_DELIMITED_JSON``, or ``bq query --format=json`` turned into lines), read one line at a
time; ``trace`` may be an object or its JSON text. Rows of the turn view must come ordered by
``session_id`` then ``turn_index`` (``ORDER BY session_id, turn_index``): consecutive rows of a
session are one session, and only one session is held at a time. The app is the row's
``root_agent`` unless ``--app`` gives one. Sessions ``adk eval`` ran (ids
``adk-eval-session-...``) are skipped, and counted, unless ``--include-eval`` is given.

A session the view marks not ``eval_ready`` (a turn without user text, one not finished, or
none with a trace event: the view's own rule) fails with reason code ``not_eval_ready``: it is
recorded, but not as a conversation that ended. A line that is not JSON, or a row without a
``session_id``, is a dead letter; a ``trace`` that cannot be read fails the session with
``unreadable_instance``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from checkers.events import UNREADABLE_INSTANCE, EventsError, as_records, field_of
from checkers.readers.lines import BadLine, json_lines
from checkers.results import AnswerProblem
from checkers.score import DeadLetter
from checkers.sessions import RecordedSession, is_eval_session
from checkers.sources import ReadOptions
from checkers.transcript import brief_json

APP_NAME = "bigquery"
"""The app name of a row with no ``root_agent``, unless ``--app`` gives one."""
NOT_EVAL_READY = "not_eval_ready"
"""Problem code of a session the eval view marks not ``eval_ready``."""


def _trace(row: Mapping[str, Any]) -> Any:
    """A row's ``trace`` as JSON (an export may hold it as text)."""
    trace = row.get("trace")
    if isinstance(trace, str):
        try:
            return json.loads(trace)
        except (ValueError, RecursionError) as error:
            raise EventsError(
                UNREADABLE_INSTANCE, f"the row's trace is not JSON: {error}"
            ) from error
    return trace


def _turns(rows: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Every turn the rows' traces hold, in ``turn_index`` order (the order they came in when a
    turn has none)."""
    turns = [
        turn for row in rows for turn in as_records(field_of(_trace(row), "turns"), "trace.turns")
    ]

    def position(turn: Mapping[str, Any]) -> int:
        index = field_of(turn, "turn_index", "turnIndex")
        return index if isinstance(index, int) and not isinstance(index, bool) else 0

    return sorted(turns, key=position)


def _not_ready(rows: Sequence[Mapping[str, Any]]) -> bool:
    return any(row.get("eval_ready") is False for row in rows)


def view_session(
    session_id: str, rows: Sequence[Mapping[str, Any]], app_name: str | None
) -> RecordedSession:
    """The session of ``rows`` (one session-view row, or its turn-view rows), see the module
    docstring."""
    first = rows[0]
    user = first.get("user_id")
    root = first.get("root_agent")
    app = app_name or (root if isinstance(root, str) and root else APP_NAME)
    events: list[Mapping[str, Any]] = []
    problem = None
    try:
        for turn in _turns(rows):
            events += as_records(field_of(turn, "events"), "trace.turns[].events")
    except EventsError as error:
        problem = AnswerProblem(code=error.code, message=str(error))
    if problem is None and _not_ready(rows):
        problem = AnswerProblem(
            code=NOT_EVAL_READY,
            message="the eval view marks the session not eval_ready (a turn without user text, "
            "a turn that did not finish with an agent response, or no trace event): it did not "
            "end as a conversation, so it cannot be judged as one",
        )
    return RecordedSession(
        session_id, app, user if isinstance(user, str) else "", events, {}, problem
    )


def _rows(path: Path, app_name: str) -> Iterator[tuple[str, Mapping[str, Any]] | DeadLetter]:
    """Each line as ``(session id, row)``, or the dead letter of a line naming no session."""
    for number, row in json_lines(path):
        where = f"{path.name}#{number}"
        if isinstance(row, BadLine):
            yield DeadLetter(where, app_name, "", row.reason)
        elif not isinstance(row, dict) or not isinstance(row.get("session_id"), str):
            reason = (
                f"{path.name}, line {number}: an eval view row must be an object with a "
                f"session_id and a trace; got {brief_json(row, 80)}"
            )
            yield DeadLetter(where, app_name, "", reason)
        else:
            yield row["session_id"], row


def eval_view_sessions(
    location: str, options: ReadOptions
) -> Iterator[RecordedSession | DeadLetter]:
    """The sessions of an eval view export at ``location`` (see the module docstring),
    streamed: consecutive rows of one session make one session. Raises ConfigError when the
    file cannot be opened."""
    current: str | None = None
    rows: list[Mapping[str, Any]] = []
    for item in _rows(Path(location), options.app_name or APP_NAME):
        if isinstance(item, DeadLetter):
            yield item
            continue
        session_id, row = item
        if session_id != current and rows:
            assert current is not None
            yield from _wanted(current, rows, options)
            rows = []
        current = session_id
        rows.append(row)
    if rows and current is not None:
        yield from _wanted(current, rows, options)


def _wanted(
    session_id: str, rows: Sequence[Mapping[str, Any]], options: ReadOptions
) -> Iterator[RecordedSession]:
    """The session of ``rows``, unless it is eval traffic nobody asked for (then counted)."""
    if is_eval_session(session_id) and not options.include_eval:
        options.skipped_eval += 1
        return
    yield view_session(session_id, rows, options.app_name)
