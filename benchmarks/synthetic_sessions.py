"""Synthetic dining sessions for scale: as many as asked, streamed as JSON lines.

The sessions are real ADK sessions, multiplied. First the dining demo agents (``careful``,
``rating_first``, ``books_another``) are run offline (their model is scripted) through ADK's
``Runner`` on each bundled group, and their events recorded as ADK stores them
(``Event.model_dump(mode="json", exclude_none=True)``). Then ``--count`` lines are written, each
one of those recordings under a fresh session id and user id, drawn with ``--seed``: a share
``--flawed`` of flawed agents (half ``rating_first``, which picks the best-rated restaurant
whoever cannot eat there; half ``books_another``, which books another restaurant than the one it
announced) and careful ones otherwise. ``--broken`` makes that share of lines unreadable (cut
short), to exercise the dead letters.

Each line is what ``checkers score --sessions jsonl:PATH`` reads
(:mod:`checkers.readers.jsonl`)::

    {"session_id": ..., "app_name": "dining", "user_id": ..., "events": [...], "state": {}}

A line is about 32 kB (most of it the menus the agent fetched), so a million sessions are about
32 GB: write them to a pipe (``--out -``, or a FIFO) when the disk should not hold them. Run::

    .venv/bin/python benchmarks/synthetic_sessions.py --count 1000 --out sessions.jsonl
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import IO

CAREFUL = "careful"
FLAWED = ("rating_first", "books_another")


@dataclass(frozen=True)
class Recording:
    """One agent's recorded session on one group: its events and state as JSON text."""

    agent: str
    group_id: str
    events_json: str
    state_json: str


async def _record(agent: str, message: str, session_id: str) -> tuple[str, str]:
    from google.adk.runners import Runner
    from google.adk.sessions import InMemorySessionService
    from google.genai import types

    root = importlib.import_module(f"domains.dining.agents.{agent}.agent").root_agent
    service = InMemorySessionService()
    runner = Runner(agent=root, app_name="dining", session_service=service)
    await service.create_session(app_name="dining", user_id="organiser", session_id=session_id)
    content = types.Content(role="user", parts=[types.Part(text=message)])
    async for _ in runner.run_async(
        user_id="organiser", session_id=session_id, new_message=content
    ):
        pass
    session = await service.get_session(
        app_name="dining", user_id="organiser", session_id=session_id
    )
    assert session is not None
    events = [e.model_dump(mode="json", exclude_none=True) for e in session.events]
    return json.dumps(events, ensure_ascii=False), json.dumps(dict(session.state))


def record_agents(
    agents: Sequence[str] = (CAREFUL, *FLAWED), groups: Sequence[str] | None = None
) -> list[Recording]:
    """Each of ``agents`` run offline on each of ``groups`` (default: every bundled dining
    group), the organiser asking as in the dining eval set, recorded. Takes a few seconds."""
    os.environ["CHECKERS_OFFLINE"] = "1"
    from domains.dining.evalset import user_message
    from domains.dining.scenarios import bundled_groups

    chosen = [g for g in bundled_groups().values() if groups is None or g.id in groups]

    async def run_all() -> list[Recording]:
        recorded = []
        for agent in agents:
            for group in chosen:
                events, state = await _record(agent, user_message(group), f"{agent}-{group.id}")
                recorded.append(Recording(agent, group.id, events, state))
        return recorded

    return asyncio.run(run_all())


def session_lines(
    recordings: Sequence[Recording],
    count: int,
    seed: int = 0,
    flawed: float = 0.5,
    broken: float = 0.0,
) -> Iterator[str]:
    """``count`` JSON lines (each ending in a newline), drawn from ``recordings`` as the module
    docstring says; the same arguments give the same lines."""
    rng = random.Random(seed)
    careful = [r for r in recordings if r.agent == CAREFUL]
    bad = [r for r in recordings if r.agent != CAREFUL]
    for number in range(count):
        pool = bad if bad and (not careful or rng.random() < flawed) else careful
        recording = pool[rng.randrange(len(pool))]
        user = f"user-{rng.randrange(1_000_000):06d}"
        line = (
            f'{{"session_id": "syn-{seed}-{number:09d}", "app_name": "dining", '
            f'"user_id": "{user}", "events": {recording.events_json}, '
            f'"state": {recording.state_json}}}'
        )
        if broken and rng.random() < broken:
            line = line[: len(line) // 2]
        yield line + "\n"


async def _store(db_url: str, lines: Iterator[str]) -> int:
    from google.adk.events import Event
    from google.adk.sessions import DatabaseSessionService

    service = DatabaseSessionService(db_url=db_url)
    stored = 0
    try:
        for line in lines:
            row = json.loads(line)
            session = await service.create_session(
                app_name=row["app_name"],
                user_id=row["user_id"],
                session_id=row["session_id"],
                state=row["state"],
            )
            for event in row["events"]:
                await service.append_event(session, Event.model_validate(event))
            stored += 1
    finally:
        await service.close()
    return stored


def store_sessions(db_url: str, lines: Iterator[str]) -> int:
    """Write the sessions of ``lines`` into ADK's session database at ``db_url``
    (``sqlite+aiosqlite:///sessions.db``) through ADK's ``DatabaseSessionService``, event by
    event as a running agent's are; returns how many."""
    return asyncio.run(_store(db_url, lines))


def multiply_store(sqlite_path: str, copies: int) -> int:
    """Make ``copies`` of every session in the ADK SQLite store at ``sqlite_path`` (the sessions
    and their events' rows, each copy's session id suffixed ``-c<k>``): a store of many sessions
    quickly, where writing each through ADK takes a transaction per event. Returns the number of
    sessions then stored."""
    import sqlite3

    with sqlite3.connect(sqlite_path) as db:
        for k in range(1, copies):
            db.execute(
                "INSERT INTO sessions SELECT app_name, user_id, id || ?, state, create_time, "
                "update_time FROM sessions WHERE id NOT LIKE '%-c%'",
                (f"-c{k}",),
            )
            db.execute(
                "INSERT INTO events SELECT id, app_name, user_id, session_id || ?, invocation_id, "
                "timestamp, event_data FROM events WHERE session_id NOT LIKE '%-c%'",
                (f"-c{k}",),
            )
        (count,) = db.execute("SELECT count(*) FROM sessions").fetchone()
    return int(count)


def write_sessions(lines: Iterator[str], out: IO[str]) -> int:
    """Write ``lines`` to ``out``; returns how many."""
    written = 0
    for line in lines:
        out.write(line)
        written += 1
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, required=True, help="how many sessions")
    parser.add_argument("--out", required=True, help="JSONL file to write, or - for stdout")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--flawed", type=float, default=0.5, help="share of flawed agents")
    parser.add_argument("--broken", type=float, default=0.0, help="share of unreadable lines")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    recordings = record_agents()
    lines = session_lines(recordings, args.count, args.seed, args.flawed, args.broken)
    if args.out == "-":
        written = write_sessions(lines, sys.stdout)
        sys.stdout.flush()
    else:
        with open(args.out, "w", encoding="utf-8", buffering=1 << 20) as out:
            written = write_sessions(lines, out)
    print(
        f"{written:,} sessions from {len(recordings)} recordings in "
        f"{time.perf_counter() - started:.1f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
