"""Shadow tests on ADK: a candidate agent replays the user turns of recorded sessions.

Each sampled session (:func:`checkers.shadow.sample_sessions`) is judged as recorded
(:func:`checkers.score.judge_session`); its user messages are then played, one ``run_async`` per
message as the user sent them, through ADK's ``Runner`` on the candidate agent folder (loaded as
``adk eval`` loads it), into ADK's ``DatabaseSessionService`` with the recorded session's
scenario in the state (as :mod:`checkers.adk.traffic` records traffic), read back through the
same reader ``checkers score`` uses, and judged the same way. The replay is the session
``shadow-<recorded id>``.

Fail closed: a replay the candidate could not finish (its model raised, a tool crashed) fails
every metric with reason code ``replay_failed``, so a crashing candidate is a regression, never
a session quietly dropped. A session the judge found no scenario for, or with no user message,
is left out with its reason (nothing to replay it against).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from google.adk.agents.base_agent import BaseAgent
from google.adk.apps import App
from google.adk.runners import Runner

from checkers.adk.repeat import agent_parts
from checkers.adk.session_store import sessions_in
from checkers.adk.traffic import Planned, Script, open_service, play
from checkers.adk.variation import seeded
from checkers.errors import ConfigError
from checkers.metric import Metric
from checkers.score import DeadLetter, SessionVerdict, failed_verdict, judge_session
from checkers.sessions import RecordedSession
from checkers.shadow import REPLAY_FAILED, Sample, Shadowed, unknown_scenario, user_messages

__all__ = ["replay_id", "shadow"]


def replay_id(session_id: str) -> str:
    """The id of a recorded session's replay."""
    return f"shadow-{session_id}"


def _runner(parts: tuple[App | None, BaseAgent], app_name: str, service: Any) -> Runner:
    app, root_agent = parts
    if app is not None:
        return Runner(app=app, app_name=app_name, session_service=service)
    return Runner(agent=root_agent, app_name=app_name, session_service=service)


async def _replay(
    parts: tuple[App | None, BaseAgent], db_url: str, app_name: str, planned: Sequence[Planned]
) -> dict[str, str]:
    """Play every planned session; return why each replay that raised did (by session id).
    A database that cannot be opened or written raises ConfigError (no replay is possible)."""
    service = open_service(db_url)
    errors: dict[str, str] = {}
    try:
        runner = _runner(parts, app_name, service)
        try:
            for one in planned:
                try:
                    await play(service, runner, one, db_url)
                except ConfigError:
                    raise
                except Exception as error:  # the candidate's failure: this replay fails
                    errors[one.session_id] = f"{type(error).__name__}: {error}"[:2000]
        finally:
            await runner.close()
    finally:
        await service.close()
    return errors


def _failed_replay(
    metrics: Sequence[Metric[Any]], one: Planned, app_name: str, why: str
) -> list[SessionVerdict]:
    stub = RecordedSession(
        one.session_id, app_name, one.script.user_id, (), {"scenario": one.script.scenario_id}
    )
    message = f"the candidate could not replay session {one.script.case_id!r}: {why}"
    return [failed_verdict(metric, stub, REPLAY_FAILED, message) for metric in metrics]


def _planned(
    metrics: Sequence[Metric[Any]], agent_dir: Path, sample: Sample, shadowed: Shadowed
) -> tuple[list[Planned], dict[str, list[SessionVerdict]]]:
    """The replays to play and the recorded verdicts by replay id; the sessions that cannot be
    replayed go to ``shadowed.left_out``."""
    planned, recorded = [], {}
    for session in sample.sessions:
        judged = judge_session(metrics, session)
        messages = user_messages(session)
        if isinstance(judged, DeadLetter):
            shadowed.left_out.append((session.session_id, judged.reason))
        elif unknown_scenario(judged):
            shadowed.left_out.append(
                (session.session_id, "the judge found no scenario in it to replay it against")
            )
        elif not messages:
            shadowed.left_out.append((session.session_id, "it holds no user message to replay"))
        else:
            script = Script(
                session.session_id, judged[0].verdict.scenario_id, messages, session.user_id
            )
            one = Planned(replay_id(session.session_id), str(agent_dir), script)
            planned.append(one)
            recorded[one.session_id] = judged
    return planned, recorded


def shadow(
    metrics: Sequence[Metric[Any]],
    agent_dir: Path,
    sample: Sample,
    db_url: str,
    app_name: str,
    seed: int = 0,
) -> Shadowed:
    """Replay ``sample`` through the agent folder ``agent_dir`` into the ADK session database
    at ``db_url`` (under ``app_name``; a fresh database, or one without these replays), judge
    recordings and replays with ``metrics``, and pair them. ``seed`` is the seed of a varying
    scripted agent's draws (:mod:`checkers.adk.variation`).

    Raises ConfigError for an agent folder that cannot be loaded, or a database that cannot be
    opened or written or already holds a replay's id."""
    shadowed = Shadowed()
    planned, recorded = _planned(metrics, agent_dir, sample, shadowed)
    if not planned:
        return shadowed
    parts = agent_parts(agent_dir)  # ADK's loader runs an event loop of its own: not inside ours
    with seeded(seed):
        errors = asyncio.run(_replay(parts, db_url, app_name, planned))
    wanted = set(recorded)
    replays = {
        s.session_id: s
        for s in sessions_in(db_url, app_name)
        if isinstance(s, RecordedSession) and s.session_id in wanted
    }
    for one in planned:
        replay = replays.get(one.session_id)
        why = errors.get(one.session_id)
        judged = judge_session(metrics, replay) if replay is not None and why is None else None
        if judged is None or isinstance(judged, DeadLetter):
            shadowed.replay_errors += 1
            reason = why or (judged.reason if judged else "the replayed session was not stored")
            judged = _failed_replay(metrics, one, app_name, reason)
        shadowed.pairs.append((recorded[one.session_id], judged))
    return shadowed
