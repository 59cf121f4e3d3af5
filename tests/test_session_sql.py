"""ADK's session store read with plain SQL gives the sessions ADK's ``DatabaseSessionService``
gives, event for event, dead letters included, from SQLite and from PostgreSQL; a store of
another schema is read through ADK's service, with the reason.

The stores are written through ADK's own service: every domain's known answers as sessions
(:mod:`tests.score_corpus`), under two users, with app and user state (ADK keeps those in their
own tables and merges them into each session's state), an eval session and a session with no
event.
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.adk.session_sql import (
    adk_sessions,
    merged_state,
    plain_sql_url,
    unreadable_schema,
)
from checkers.adk.session_store import async_url, sessions_in
from checkers.cli import main
from checkers.score import DeadLetter
from checkers.sessions import RecordedSession
from checkers.sources import ReadOptions
from tests.postgres_server import fresh_database, server_url
from tests.score_corpus import domains, known_sessions

pytestmark = pytest.mark.filterwarnings("ignore:\\[EXPERIMENTAL\\]:UserWarning")

APP = "traffic"


def _stored() -> list[tuple[str, str, dict[str, Any], list[dict[str, Any]]]]:
    """(user, session id, initial state, events) of the sessions written to every store."""
    sessions: list[tuple[str, str, dict[str, Any], list[dict[str, Any]]]] = []
    for domain in domains():
        for number, session in enumerate(known_sessions(domain)):
            if number % 3:  # a third of each domain's: enough, and quick to write
                continue
            user = ("ana", "ben")[number % 2]
            state = {**session.state, "user:tier": user.upper(), "app:release": "2026.12"}
            events = [dict(e) for e in session.events]
            sessions.append((user, f"{domain}-{session.session_id}", state, events))
    first = sessions[0]
    sessions.append(("ana", "adk-eval-session-1", {}, first[3]))
    sessions.append(("ben", "empty", {"scenario": "none"}, []))
    return sessions


async def _write(db_url: str) -> None:
    from google.adk.events import Event
    from google.adk.sessions import DatabaseSessionService

    service = DatabaseSessionService(db_url=async_url(db_url))
    try:
        for user, session_id, state, events in _stored():
            session = await service.create_session(
                app_name=APP, user_id=user, session_id=session_id, state=state
            )
            for event in events:
                await service.append_event(session, Event.model_validate(event))
    finally:
        await service.close()


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sql") / "sessions.db"
    asyncio.run(_write(f"sqlite:///{path}"))
    return path


def _both(db_url: str, include_eval: bool = False) -> tuple[list[Any], list[Any], int, int]:
    """What ADK's service gives and what plain SQL gives, and each one's skipped eval count."""
    by_adk, by_sql = ReadOptions(APP, include_eval), ReadOptions(APP, include_eval)
    adk = list(sessions_in(db_url, APP, by_adk))
    sql = list(adk_sessions(db_url, APP, by_sql))
    assert by_sql.notes == []  # read with SQL, not through ADK's service
    return adk, sql, by_adk.skipped_eval, by_sql.skipped_eval


def _same_sessions(adk: list[Any], sql: list[Any]) -> None:
    assert [type(s) for s in sql] == [type(s) for s in adk]
    assert [s.session_id for s in sql] == [s.session_id for s in adk]
    for ours, theirs in zip(sql, adk, strict=True):
        if isinstance(theirs, RecordedSession):
            assert ours.state == theirs.state
            assert len(ours.events) == len(theirs.events)
            for mine, adks in zip(ours.events, theirs.events, strict=True):
                assert mine == adks
            assert ours == theirs


@pytest.mark.parametrize("include_eval", [False, True])
def test_plain_sql_gives_the_sessions_adks_service_gives(store: Path, include_eval: bool) -> None:
    adk, sql, adk_skipped, sql_skipped = _both(f"sqlite:///{store}", include_eval)
    assert len(adk) == len(_stored()) - (0 if include_eval else 1)
    _same_sessions(adk, sql)
    assert sql_skipped == adk_skipped == (0 if include_eval else 1)
    states = {s.session_id: s.state for s in sql if isinstance(s, RecordedSession)}
    assert states["empty"] == {"scenario": "none", "app:release": "2026.12", "user:tier": "BEN"}
    assert not next(s for s in sql if s.session_id == "empty").events


def _broken(store: Path, tmp_path: Path, sql: str) -> str:
    copy = tmp_path / "broken.db"
    shutil.copy(store, copy)
    with sqlite3.connect(copy) as db:
        db.execute(sql)
    return f"sqlite:///{copy}"


@pytest.mark.parametrize(
    "event_data",
    [
        "'{\"broken'",  # not JSON
        "'[1, 2]'",  # JSON, not an object
        '\'{"author": 5, "invocation_id": "i"}\'',  # an object, not an event
    ],
)
def test_a_session_adk_cannot_load_is_a_dead_letter_both_ways(
    store: Path, tmp_path: Path, event_data: str
) -> None:
    victim = _stored()[2][1]
    url = _broken(
        store,
        tmp_path,
        f"UPDATE events SET event_data = {event_data} WHERE session_id = '{victim}'",
    )
    adk, sql, _, _ = _both(url)
    _same_sessions(adk, sql)
    [letter] = [s for s in sql if isinstance(s, DeadLetter)]
    assert letter.session_id == victim and "ADK could not load the session" in letter.reason


def test_a_store_of_another_schema_is_read_through_adks_service_with_the_reason(
    store: Path, tmp_path: Path
) -> None:
    url = _broken(store, tmp_path, "UPDATE adk_internal_metadata SET value = '9'")
    options = ReadOptions(APP)
    # ADK's service reads a version it does not know as its legacy schema, and can load none
    # of these sessions: each is a dead letter, as ADK read it.
    read = list(adk_sessions(url, APP, options))
    assert len(read) == len(_stored()) - 1 and all(isinstance(s, DeadLetter) for s in read)
    assert options.notes and "schema version is '9'" in options.notes[0]
    assert "DatabaseSessionService" in options.notes[0]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("UPDATE adk_internal_metadata SET value = '0'", "schema version is '0'"),
        ("DELETE FROM adk_internal_metadata", "no schema version"),
        ("DROP TABLE adk_internal_metadata", "no adk_internal_metadata table"),
        ("ALTER TABLE events DROP COLUMN event_data", "events table has no column event_data"),
    ],
)
def test_the_schema_read_is_the_one_this_adk_writes(
    store: Path, tmp_path: Path, change: str, reason: str
) -> None:
    import sqlalchemy as sa

    assert plain_sql_url(f"sqlite:///{store}") is not None
    with sa.create_engine(f"sqlite:///{store}").connect() as connection:
        assert unreadable_schema(connection) is None
    url = _broken(store, tmp_path, change)
    with sa.create_engine(url).connect() as connection:
        found = unreadable_schema(connection)
    assert found is not None and reason in found


def test_asked_for_adks_service_or_given_another_database_adk_reads_it(store: Path) -> None:
    options = ReadOptions(APP, adk_service=True)
    by_service = list(adk_sessions(f"sqlite:///{store}", APP, options))
    assert options.notes == []
    _same_sessions(list(sessions_in(f"sqlite:///{store}", APP)), by_service)
    assert plain_sql_url("mysql://u@h/db") is None
    assert plain_sql_url("sqlite+aiosqlite:///x.db") == "sqlite:///x.db"
    assert plain_sql_url("postgresql://h/db") == "postgresql+psycopg://h/db"
    assert plain_sql_url("postgresql+asyncpg://h/db") == "postgresql+psycopg://h/db"


def test_checkers_score_reads_with_sql_by_default_and_writes_the_same_verdicts(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = {}
    for extra in ([], ["--adk-service"]):
        out = tmp_path / f"verdicts{len(extra)}.jsonl"
        base = ["score", "dining", "--sessions", f"sqlite:///{store}", "--app", APP]
        main([*base, "--out", str(out), *extra])
        lines[len(extra)] = out.read_text(encoding="utf-8")
    assert lines[0] == lines[1] and lines[0].count("\n") > 10
    assert "note:" not in capsys.readouterr().err


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=5,
)
states = st.dictionaries(st.text(max_size=6), json_values, max_size=4)


@given(states, states, states | st.none())
def test_a_state_is_merged_as_adk_merges_it(
    session: dict[str, Any], app: dict[str, Any], user: dict[str, Any] | None
) -> None:
    import json

    from google.adk.sessions.database_session_service import _merge_state

    expected = _merge_state(app, user or {}, session)
    merged = merged_state(json.dumps(session), app, user)
    assert merged == expected and list(merged) == list(expected)


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    yield from server_url()


def test_from_postgresql_too(postgres: str) -> None:
    with fresh_database(postgres) as database:
        asyncio.run(_write(database))
        adk, sql, adk_skipped, sql_skipped = _both(database)
        _same_sessions(adk, sql)
        assert len(sql) == len(_stored()) - 1 and sql_skipped == adk_skipped == 1
