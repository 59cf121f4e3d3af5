"""ADK's session store read with plain SQL, streamed: the sessions ADK's
``DatabaseSessionService`` gives, without loading each one through it.

ADK's service costs about 10 ms of CPU a session (an ORM query per session, its events validated
as ``Event`` models and dumped again, the state deep-copied). This reader runs one SQL query for
a whole app (SQLAlchemy core on a synchronous driver: ``sqlite3``, psycopg 3 for PostgreSQL),
the rows in the order ADK lists sessions (oldest update first, then user and id) and each
session's events in the order ADK gives them (timestamp, then id), fetched in batches
(PostgreSQL: a server-side cursor), so one session is in memory at a time.

Each session is what ADK's ``get_session`` gives, dumped as :mod:`checkers.adk.session_store`
dumps it (``tests/test_session_sql.py`` compares them, event for event, on generated stores):

- its state: the session's own, then the app's keys prefixed ``app:``, then the user's prefixed
  ``user:`` (ADK's ``_merge_state``);
- each event: its stored JSON (``event_data``, which ADK writes as the event's
  ``model_dump(mode="json", exclude_none=True)``) with the row's ``id`` and ``invocation_id``,
  and its own ``timestamp`` (the row's when the JSON has none), as ADK's ``to_event`` merges
  them. Each event is still held to what ADK's ``Event`` model loads
  (:func:`checkers.adk.event_shape.loads_as_event`: ordinary events by their shapes, any other
  by ADK itself), so that a session ADK could not load (an event that is not JSON, or not an
  event) is a dead letter here too, with the reason ``ADK could not load the session: ...`` as
  when ADK's service reads it.

It reads only the schema this ADK version writes: schema version
``LATEST_SCHEMA_VERSION`` (``"1"``, JSON events) in ``adk_internal_metadata``, with the tables and
columns read here. Any other store (the legacy pickled schema, a newer version, missing
columns) is read through ADK's service instead, and the reason is noted
(:attr:`~checkers.sources.ReadOptions.notes`): see :func:`adk_sessions`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime, timezone
from typing import Any

from google.adk.sessions.migration._schema_check_utils import (
    LATEST_SCHEMA_VERSION,
    SCHEMA_VERSION_KEY,
)
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import Connection

from checkers.adk.event_shape import loads_as_event
from checkers.errors import ConfigError
from checkers.json_input import loads_unique
from checkers.score import DeadLetter
from checkers.sessions import RecordedSession, is_eval_session
from checkers.sources import ReadOptions

_SYNC_DRIVERS = {
    "sqlite": "sqlite",
    "sqlite+aiosqlite": "sqlite",
    "sqlite+pysqlite": "sqlite",
    "postgresql": "postgresql+psycopg",
    "postgres": "postgresql+psycopg",
    "postgresql+asyncpg": "postgresql+psycopg",
    "postgresql+psycopg": "postgresql+psycopg",
}
"""The synchronous driver this reader uses for each URL scheme it reads."""

COLUMNS: Mapping[str, frozenset[str]] = {
    "adk_internal_metadata": frozenset({"key", "value"}),
    "sessions": frozenset({"app_name", "user_id", "id", "state", "update_time"}),
    "events": frozenset(
        {"id", "app_name", "user_id", "session_id", "invocation_id", "timestamp", "event_data"}
    ),
    "app_states": frozenset({"app_name", "state"}),
    "user_states": frozenset({"app_name", "user_id", "state"}),
}
"""The tables and columns read here: ADK's schema v1 (``google.adk.sessions.schemas.v1``)."""

BATCH = 500
"""Rows fetched at a time."""

_REASON_LIMIT = 2000

_SESSIONS_SQL = text(
    "SELECT s.user_id, s.id, s.state, u.state, e.id, e.invocation_id, e.timestamp, "
    "e.event_data "
    "FROM sessions s "
    "LEFT JOIN user_states u ON u.app_name = s.app_name AND u.user_id = s.user_id "
    "LEFT JOIN events e ON e.app_name = s.app_name AND e.user_id = s.user_id "
    "AND e.session_id = s.id "
    "WHERE s.app_name = :app "
    "ORDER BY s.update_time, s.user_id, s.id, e.timestamp, e.id"
)
"""Every session of an app with its user's state and its events, in ADK's orders
(``list_sessions``: update time, user, id; ``get_session``: timestamp, id). One statement, so
one snapshot of a store that agents are writing to."""


def plain_sql_url(db_url: str) -> str | None:
    """``db_url`` with the synchronous driver this reader uses (``sqlite+aiosqlite:///x.db`` ->
    ``sqlite:///x.db``, ``postgresql://h/db`` -> ``postgresql+psycopg://h/db``), or None for a
    database it does not read (MySQL, say: ADK's service reads it)."""
    scheme, sep, rest = db_url.partition("://")
    driver = _SYNC_DRIVERS.get(scheme.lower())
    return f"{driver}{sep}{rest}" if driver and sep else None


def unreadable_schema(connection: Connection) -> str | None:
    """Why the store at ``connection`` is not the schema this reader reads (see the module
    docstring), or None when it is."""
    inspector = inspect(connection)
    for table, needed in COLUMNS.items():
        if not inspector.has_table(table):
            return f"it has no {table} table"
        missing = needed - {c["name"] for c in inspector.get_columns(table)}
        if missing:
            return f"its {table} table has no column {', '.join(sorted(missing))}"
    key = inspector.dialect.identifier_preparer.quote("key")
    row = connection.execute(
        text(f"SELECT value FROM adk_internal_metadata WHERE {key} = :key"),
        {"key": SCHEMA_VERSION_KEY},
    ).first()
    if row is None:
        return "it records no schema version"
    if row[0] != LATEST_SCHEMA_VERSION:
        return (
            f"its schema version is {str(row[0])[:40]!r}, and this ADK writes "
            f"{LATEST_SCHEMA_VERSION!r}"
        )
    return None


def _json_object(value: Any, what: str) -> dict[str, Any]:
    """A JSON column's value as an object: text is parsed (SQLite), an object taken as is
    (PostgreSQL's JSONB). Raises ValueError naming ``what`` otherwise."""
    if isinstance(value, str | bytes):
        try:
            # A key twice (two contents, two authors) is refused, never read as its last value.
            value = loads_unique(value)
        except ValueError as error:
            raise ValueError(f"Invalid JSON in {what}: {error}") from error
    if not isinstance(value, dict):
        raise ValueError(f"{what} is not a JSON object")
    return value


def _timestamp(value: Any) -> float:
    """An event row's ``timestamp`` column as ADK reads it (a naive UTC time, or a number of
    seconds since the epoch, as its ``PreciseTimestamp`` reads one) in seconds."""
    if isinstance(value, int | float):
        return datetime.fromtimestamp(value, timezone.utc).timestamp()
    when = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.timestamp()


def event_json(row_id: str, invocation_id: str, when: Any, data: Any) -> dict[str, Any]:
    """One event as ADK's ``StorageEvent.to_event`` builds it from its row, as JSON: its
    stored JSON with the row's id and invocation id, and its own timestamp, else the row's.
    Raises what ADK's ``Event`` raises for what it cannot load (a pydantic ValidationError)."""
    stored = _json_object(data, "event_data") if data is not None else {}
    timestamp = stored.get("timestamp")
    merged = {
        **stored,
        "id": row_id,
        "invocation_id": invocation_id,
        "timestamp": _timestamp(when) if timestamp is None else timestamp,
    }
    loads_as_event(merged)
    return merged


def merged_state(
    session: Any, app: Mapping[str, Any], user: Mapping[str, Any] | None
) -> dict[str, Any]:
    """A session's state as ADK gives it: its own keys, then ``app:`` and ``user:`` ones."""
    state = _json_object(session, "session state")
    state.update({f"app:{k}": v for k, v in app.items()})
    state.update({f"user:{k}": v for k, v in (user or {}).items()})
    return state


def _session(
    app_name: str, rows: Sequence[Sequence[Any]], app_state: Mapping[str, Any] | ValueError
) -> RecordedSession | DeadLetter:
    """The session whose rows (one per event, or one with no event) are ``rows``; a dead
    letter when ``app_state`` is the error reading the app's state (ADK loads no session of
    it)."""
    user_id, session_id, state, user_state = rows[0][:4]
    if type(user_id) is not str or type(session_id) is not str:
        return DeadLetter(
            str(session_id),
            app_name,
            str(user_id),
            "ADK could not load the session: its id and user id must be text, got "
            f"{type(session_id).__name__} and {type(user_id).__name__}",
        )
    try:
        if isinstance(app_state, ValueError):
            raise app_state
        user = None if user_state is None else _json_object(user_state, "user state")
        events = tuple(event_json(*row[4:8]) for row in rows if row[4] is not None)
        return RecordedSession(
            session_id, app_name, user_id, events, merged_state(state, app_state, user)
        )
    except Exception as error:
        reason = f"ADK could not load the session: {type(error).__name__}: {error}"
        return DeadLetter(session_id, app_name, user_id, reason[:_REASON_LIMIT])


def _app_state(connection: Connection, app_name: str) -> dict[str, Any]:
    row = connection.execute(
        text("SELECT state FROM app_states WHERE app_name = :app"), {"app": app_name}
    ).first()
    return {} if row is None else _json_object(row[0], "app state")


def _grouped(rows: Iterator[Sequence[Any]]) -> Iterator[list[Sequence[Any]]]:
    """The rows of each session together (they come ordered by session)."""
    current: list[Sequence[Any]] = []
    for row in rows:
        if current and (row[0], row[1]) != (current[0][0], current[0][1]):
            yield current
            current = []
        current.append(row)
    if current:
        yield current


def sql_sessions(
    connection: Connection, app_name: str, options: ReadOptions
) -> Iterator[RecordedSession | DeadLetter]:
    """Every session of ``app_name`` in the store at ``connection``, which must hold the schema
    read here (:func:`unreadable_schema`), streamed (eval sessions only when ``options`` asks,
    counted there otherwise)."""
    app_state: dict[str, Any] | ValueError
    try:
        app_state = _app_state(connection, app_name)
    except ValueError as error:  # each session a dead letter, as ADK's service makes it
        app_state = error
    result = connection.execution_options(stream_results=True, yield_per=BATCH).execute(
        _SESSIONS_SQL, {"app": app_name}
    )
    rows = (tuple(row) for row in result)
    for group in _grouped(rows):
        session_id = group[0][1]
        if isinstance(session_id, str) and is_eval_session(session_id) and not options.include_eval:
            options.skipped_eval += 1
            continue
        yield _session(app_name, group, app_state)


def adk_sessions(
    db_url: str, app_name: str, options: ReadOptions | None = None
) -> Iterator[RecordedSession | DeadLetter]:
    """The sessions of ``app_name`` in ADK's store at ``db_url``: read with SQL when the store
    holds the schema this ADK writes and ``options`` does not ask for ADK's service; otherwise
    through ADK's ``DatabaseSessionService`` (:func:`checkers.adk.session_store.sessions_in`),
    with the reason in ``options.notes``. Raises ConfigError when the store cannot be opened."""
    from checkers.adk.session_store import sessions_in

    options = options or ReadOptions(app_name)
    url = None if options.adk_service else plain_sql_url(db_url)
    if url is None:
        if not options.adk_service:
            options.notes.append(
                f"read {db_url.partition('://')[0]} through ADK's DatabaseSessionService "
                "(plain SQL reads SQLite and PostgreSQL)"
            )
        yield from sessions_in(db_url, app_name, options)
        return
    try:
        engine = create_engine(url)
        connection = engine.connect()
    except Exception as error:
        raise ConfigError(f"cannot read ADK sessions from {db_url!r}: {error}") from error
    try:
        try:
            reason = unreadable_schema(connection)
        except Exception as error:
            raise ConfigError(f"cannot read ADK sessions from {db_url!r}: {error}") from error
        if reason is None:
            yield from sql_sessions(connection, app_name, options)
            return
    finally:
        connection.close()
        engine.dispose()
    options.notes.append(
        f"read through ADK's DatabaseSessionService, not plain SQL: {reason} (the plain SQL "
        "reader reads the schema this ADK version writes)"
    )
    yield from sessions_in(db_url, app_name, options)
