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
session are one session, and only one session is held at a time. A first pass over the file
(holding only ids) finds sessions whose rows are scattered; each is read once, failing with
``rows_not_consecutive`` (judging each block would judge a part of the session as if it were
all of it), and two rows holding the same ``turn_index`` fail their session with
``unreadable_instance``. The app is the row's
``root_agent`` unless ``--app`` gives one. Sessions ``adk eval`` ran (ids
``adk-eval-session-...``) are skipped, and counted, unless ``--include-eval`` is given.

A session the view marks not ``eval_ready`` (a turn without user text, one not finished, or
none with a trace event: the view's own rule) fails with reason code ``not_eval_ready``: it is
recorded, but not as a conversation that ended. A line that is not JSON, or a row without a
``session_id`` (or with an empty one), is a dead letter; a ``trace`` that cannot be read fails
the session with ``unreadable_instance``. EXPORT may be a pipe (``bq-eval-view:<(...)``): it is
copied to a temporary file first, since the file is read twice.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from checkers.errors import ConfigError
from checkers.events import UNREADABLE_INSTANCE, EventsError, as_records, field_of
from checkers.json_input import loads_unique
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
ROWS_NOT_CONSECUTIVE = "rows_not_consecutive"
"""Problem code of a session whose rows are scattered through the export (not ordered by
``session_id``): no block of them is the whole session."""


def _trace(row: Mapping[str, Any]) -> Any:
    """A row's ``trace`` as JSON (an export may hold it as text)."""
    trace = row.get("trace")
    if isinstance(trace, str):
        try:
            return loads_unique(trace)
        except ValueError as error:
            raise EventsError(
                UNREADABLE_INSTANCE, f"the row's trace is not JSON: {error}"
            ) from error
    return trace


def _row_index(row: Mapping[str, Any]) -> int | None:
    """A turn-view row's ``turn_index`` column (the turn's place in its session; its trace
    numbers that one turn 0), None for a session-view row."""
    index = row.get("turn_index")
    return index if isinstance(index, int) and not isinstance(index, bool) else None


def _turns(rows: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Every turn the rows' traces hold, in order: by a turn-view row's ``turn_index`` column,
    then by the trace's own ``turn_index`` (the order they came in when neither says). Raises
    EventsError when two turns take the same place (a turn exported twice, or session-view and
    turn-view rows mixed): reading both would repeat a turn, reading one would pick it."""
    placed: list[tuple[tuple[int, int], Mapping[str, Any]]] = []
    seen: dict[tuple[int, int], int] = {}
    for row in rows:
        in_session = _row_index(row)
        for turn in as_records(field_of(_trace(row), "turns"), "trace.turns"):
            own = field_of(turn, "turn_index", "turnIndex")
            own_index = own if isinstance(own, int) and not isinstance(own, bool) else 0
            place = (in_session if in_session is not None else own_index, own_index)
            if place in seen and (own is not None or in_session is not None):
                raise EventsError(
                    UNREADABLE_INSTANCE,
                    f"the session's rows hold turn_index {place[0]} more than once (a turn "
                    "exported twice, or rows of both eval views): export one view, each turn "
                    "once",
                )
            seen[place] = len(placed)
            placed.append((place, turn))
    return [turn for _, turn in sorted(placed, key=lambda item: item[0])]


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
        elif not isinstance(row, dict) or not _session_id(row):
            reason = (
                f"{path.name}, line {number}: an eval view row must be an object with a "
                f"session_id (text, not empty) and a trace; got {brief_json(row, 80)}"
            )
            yield DeadLetter(where, app_name, "", reason)
        else:
            yield row["session_id"], row


def _session_id(row: Mapping[str, Any]) -> bool:
    """Whether ``row`` names its session: a ``session_id`` that is text and not empty (an empty
    id names no session, and every other reader refuses it)."""
    session_id = row.get("session_id")
    return isinstance(session_id, str) and session_id != ""


def _scattered_sessions(path: Path) -> set[str]:
    """The session ids whose rows are not all consecutive in the file at ``path`` (one pass,
    holding only ids): the streaming reader would judge each block as a session of its own."""
    seen: set[str] = set()
    scattered: set[str] = set()
    current: str | None = None
    for _, row in json_lines(path):
        session_id = row.get("session_id") if isinstance(row, dict) else None
        if not isinstance(session_id, str) or not session_id or session_id == current:
            continue
        if session_id in seen:
            scattered.add(session_id)
        seen.add(session_id)
        current = session_id
    return scattered


def _scattered(session_id: str, row: Mapping[str, Any], app_name: str | None) -> RecordedSession:
    """The failing session of ``session_id``, whose rows are scattered through the export."""
    problem = AnswerProblem(
        code=ROWS_NOT_CONSECUTIVE,
        message=f"the rows of session {session_id[:80]!r} are not consecutive in the export, so "
        "no block of them is the whole session (judging each would judge parts of it); export "
        "the view ORDER BY session_id, turn_index",
    )
    session = view_session(session_id, [row], app_name)
    return RecordedSession(session_id, session.app_name, session.user_id, (), {}, problem)


def eval_view_sessions(
    location: str, options: ReadOptions
) -> Iterator[RecordedSession | DeadLetter]:
    """The sessions of an eval view export at ``location`` (see the module docstring),
    streamed: consecutive rows of one session make one session. A session whose rows are not
    all consecutive is read once, failing with ``rows_not_consecutive``. Raises ConfigError
    when the file cannot be opened."""
    with _regular_file(Path(location)) as path:
        yield from _view_sessions(path, options)


@contextmanager
def _regular_file(path: Path) -> Iterator[Path]:
    """``path`` when it is a regular file; else (a pipe: ``bq-eval-view:<(bq extract ...)``)
    its bytes copied to a temporary file, removed after: the export is read twice (once for
    the ids, :func:`_scattered_sessions`), and a pipe gives its lines only once, so the second
    pass would read nothing and every session would be lost without a word. Raises
    ConfigError when ``path`` cannot be read."""
    if path.is_file() or not path.exists():
        yield path  # json_lines says what is wrong with a path that is missing
        return
    if path.is_dir():
        raise ConfigError(f"cannot read {str(path)[:200]!r}: it is a folder; give a JSONL export")
    with tempfile.TemporaryDirectory(prefix="checkers-bq-") as folder:
        copy = Path(folder) / (path.name or "export")  # the lines keep their file's name
        try:
            with path.open("rb") as source, copy.open("wb") as target:
                shutil.copyfileobj(source, target)
        except OSError as error:
            raise ConfigError(
                f"cannot read {str(path)[:200]!r}: {error.strerror or error}"
            ) from error
        yield copy


def _view_sessions(path: Path, options: ReadOptions) -> Iterator[RecordedSession | DeadLetter]:
    scattered = _scattered_sessions(path)
    reported: set[str] = set()
    current: str | None = None
    rows: list[Mapping[str, Any]] = []
    for item in _rows(path, options.app_name or APP_NAME):
        if isinstance(item, DeadLetter):
            yield item
            continue
        session_id, row = item
        if session_id != current and rows:
            assert current is not None
            yield from _wanted(current, rows, options)
            rows = []
        current = session_id
        if session_id not in scattered:
            rows.append(row)
        elif session_id not in reported:
            reported.add(session_id)
            yield from _wanted(session_id, [row], options, scattered=True)
    if rows and current is not None:
        yield from _wanted(current, rows, options)


def _wanted(
    session_id: str,
    rows: Sequence[Mapping[str, Any]],
    options: ReadOptions,
    scattered: bool = False,
) -> Iterator[RecordedSession]:
    """The session of ``rows`` (failing when its rows are ``scattered``), unless it is eval
    traffic nobody asked for (then counted)."""
    if is_eval_session(session_id) and not options.include_eval:
        options.skipped_eval += 1
        return
    if scattered:
        yield _scattered(session_id, rows[0], options.app_name)
        return
    yield view_session(session_id, rows, options.app_name)
