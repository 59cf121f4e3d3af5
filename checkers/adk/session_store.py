"""Recorded sessions read from ADK's own session store (``DatabaseSessionService``: an SQLite
file, or PostgreSQL for many writers), one at a time.

Each session is loaded with its events through ADK's service, as ADK itself reads it, and becomes
a :class:`~checkers.sessions.RecordedSession` (its events as JSON). A session the service cannot
load (a corrupt event, a state that is not JSON, a row it cannot validate) is a
:class:`~checkers.score.DeadLetter` naming the error, and reading goes on. Sessions ADK's eval
service created are skipped unless asked for.

``checkers score`` reads a store through this only when plain SQL cannot read it (another
schema, another database) or when asked (``--adk-service``): plain SQL gives the same sessions
for a fraction of the cost (:mod:`checkers.adk.session_sql`).
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import AsyncIterator, Iterator

from google.adk.sessions import DatabaseSessionService
from sqlalchemy import text

from checkers.errors import ConfigError
from checkers.score import DeadLetter
from checkers.sessions import RecordedSession, is_eval_session
from checkers.sources import ReadOptions

_ASYNC_DRIVERS = {
    "sqlite": "sqlite+aiosqlite",
    "postgresql": "postgresql+asyncpg",
    "postgres": "postgresql+asyncpg",
}


def async_url(db_url: str) -> str:
    """``db_url`` with the asynchronous driver ADK's session service needs, when it names a
    database but no driver (``sqlite:///x.db`` -> ``sqlite+aiosqlite:///x.db``)."""
    scheme, sep, rest = db_url.partition("://")
    return f"{_ASYNC_DRIVERS.get(scheme, scheme)}{sep}{rest}"


async def read_sessions(
    db_url: str, app_name: str, options: ReadOptions | None = None
) -> AsyncIterator[RecordedSession | DeadLetter]:
    """Every session of ``app_name`` in the ADK session database at ``db_url`` (oldest update
    first), each loaded with its events (eval sessions only when ``options`` asks, counted
    there otherwise). Raises ConfigError when the database cannot be opened."""
    options = options or ReadOptions(app_name)
    try:
        service = DatabaseSessionService(db_url=async_url(db_url))
        listed = await _session_keys(service, app_name)
    except Exception as error:
        raise ConfigError(f"cannot read ADK sessions from {db_url!r}: {error}") from error
    try:
        for user_id, session_id in listed:
            if is_eval_session(session_id) and not options.include_eval:
                options.skipped_eval += 1
                continue
            try:
                session = await service.get_session(
                    app_name=app_name, user_id=user_id, session_id=session_id
                )
                if session is None:
                    raise LookupError("the session disappeared while it was read")
                yield RecordedSession(
                    session_id=session.id,
                    app_name=session.app_name,
                    user_id=session.user_id,
                    events=tuple(
                        e.model_dump(mode="json", exclude_none=True) for e in session.events
                    ),
                    state=dict(session.state),
                )
            except Exception as error:
                reason = f"ADK could not load the session: {type(error).__name__}: {error}"
                yield DeadLetter(session_id, app_name, user_id, reason[:2000])
    finally:
        await service.close()


_SESSION_KEYS = text(
    "SELECT user_id, id FROM sessions WHERE app_name = :app ORDER BY update_time, user_id, id"
)
"""The sessions of an app in the order ADK lists them, read without their state: the table
and columns are the same in every schema ADK's ``DatabaseSessionService`` writes."""


async def _session_keys(service: DatabaseSessionService, app_name: str) -> list[tuple[str, str]]:
    """``(user id, session id)`` of every session of ``app_name``, oldest update first.

    ADK's ``list_sessions`` loads every session's state: one state that is not JSON makes it
    fail for all, and the whole store would be unread. Then the ids are read alone, so that
    loading that one session fails (a dead letter) and the others are judged. Raises what
    ``list_sessions`` raised when the ids cannot be read either (the store itself is
    unreadable)."""
    try:
        listed = await service.list_sessions(app_name=app_name)
    except Exception as error:
        try:
            async with service.db_engine.connect() as connection:
                rows = await connection.execute(_SESSION_KEYS, {"app": app_name})
                return [(str(row[0]), str(row[1])) for row in rows]
        except Exception:
            raise error from None
    return [(stub.user_id, stub.id) for stub in listed.sessions]


def sessions_in(
    db_url: str, app_name: str, options: ReadOptions | None = None
) -> Iterator[RecordedSession | DeadLetter]:
    """:func:`read_sessions` as a plain iterator: ADK's service runs on an event loop of its own
    thread, handing over one session at a time (a few are buffered), so a caller judges each
    while the next is read and never holds them all."""
    handed: queue.Queue[tuple[str, object]] = queue.Queue(maxsize=8)

    async def pump() -> None:
        async for item in read_sessions(db_url, app_name, options):
            handed.put(("item", item))

    def run() -> None:
        try:
            asyncio.run(pump())
            handed.put(("done", None))
        except BaseException as error:
            handed.put(("error", error))

    reader = threading.Thread(target=run, name="checkers-session-reader", daemon=True)
    reader.start()
    while True:
        kind, value = handed.get()
        if kind == "done":
            break
        if kind == "error":
            assert isinstance(value, BaseException)
            raise value
        assert isinstance(value, (RecordedSession, DeadLetter))
        yield value
    reader.join()
