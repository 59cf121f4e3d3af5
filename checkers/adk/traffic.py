"""Real ADK sessions to judge: a domain's demo agents played through ADK's ``Runner`` with
ADK's ``DatabaseSessionService``, so each session is stored exactly as ADK stores production
traffic (SQLite, or PostgreSQL for many writers).

What the users say comes from the domain's eval sets (every case with a fixed conversation: its
user turns, in order, and the scenario it names); which agent answers is drawn, with a seed, from
every agent the domain declares (:meth:`checkers.plugin.DomainPlugin.agent_packages`: careful
and flawed ones alike), so the traffic is a reproducible mix of good and bad behaviour. The
scenario id goes into the session state (``{"scenario": id}``), the way an app that knows its
task tags a session, which is what :meth:`checkers.metric.Domain.session_scenario` reads.

The agents run on their scripted models (``CHECKERS_OFFLINE=1`` while generating): thousands of
sessions never call a paid model. Sessions are planned and written one at a time: nothing grows
with the count.
"""

from __future__ import annotations

import importlib
import logging
import os
import random
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from google.adk.errors.already_exists_error import AlreadyExistsError
from google.adk.runners import Runner
from google.adk.sessions import DatabaseSessionService
from google.genai import types

from checkers.errors import ConfigError

EVALSETS_DIR = Path(__file__).resolve().parents[2] / "evalsets"
"""Where a domain's eval sets live in a checkout (``evalsets/<domain>/*.evalset.json``)."""
_FAULT_LOGGER = "environment_simulation_logger"
"""ADK's environment simulation warns on every tool call no injected fault matches: thousands of
lines, over a generation, that report nothing wrong."""
USER_ID = "user"
"""The user of a generated session when its eval case names none."""


@dataclass(frozen=True)
class Script:
    """What the user of one session says: the turns of an eval case, about one scenario."""

    case_id: str
    scenario_id: str
    user_turns: tuple[str, ...]
    user_id: str = USER_ID


@dataclass(frozen=True)
class Planned:
    """One session to record: its id, the agent package that answers, and the script."""

    session_id: str
    agent: str
    script: Script


@dataclass
class GenerateSummary:
    """What a generation wrote: sessions per agent, the seconds spent playing and storing them,
    and the seconds spent loading the agents (importing their modules, once each)."""

    app_name: str
    written: int = 0
    seconds: float = 0.0
    loading_seconds: float = 0.0
    by_agent: dict[str, int] = field(default_factory=dict)

    def lines(self) -> list[str]:
        """The summary as a person reads it."""
        rate = self.written / self.seconds if self.seconds > 0 else 0.0
        lines = [
            f"sessions written: {self.written:,} for app {self.app_name!r} in "
            f"{self.seconds:.1f} s ({rate:,.1f} sessions/s; loading the agents took "
            f"{self.loading_seconds:.1f} s more)"
        ]
        lines += [f"  {agent}: {count:,}" for agent, count in sorted(self.by_agent.items())]
        return lines


def scripts_of(paths: Sequence[Path]) -> list[Script]:
    """The scripts of the eval sets at ``paths``: one per case with a fixed conversation that
    names one scenario (a case played by ADK's user simulation has no fixed turns: left out).
    Raises ConfigError when none is found."""
    from checkers.adk.eval_checks import case_scenario_ids, load_eval_set
    from checkers.adk.invocations import content_text

    scripts = []
    for path in paths:
        for case in load_eval_set(path).eval_cases:
            named = case_scenario_ids(case)
            turns = tuple(content_text(i.user_content) or "" for i in case.conversation or [])
            if len(named) != 1 or not turns:
                continue
            user = case.session_input.user_id if case.session_input else USER_ID
            scripts.append(Script(case.eval_id, named[0], turns, user))
    if not scripts:
        raise ConfigError(
            f"no eval case with fixed user turns and one scenario in {[str(p) for p in paths]}; "
            "give eval sets such as evalsets/dining/dining.evalset.json"
        )
    return scripts


def domain_eval_sets(domain: str, root: Path = EVALSETS_DIR) -> list[Path]:
    """The eval sets of ``domain`` in a checkout (``evalsets/<domain>/*.evalset.json``), sorted.
    Raises ConfigError naming the directory when there are none."""
    found = sorted((root / domain).glob("*.evalset.json"))
    if not found:
        raise ConfigError(
            f"no eval set of {domain!r} in {root / domain}; give them with --evalset "
            "(e.g. --evalset evalsets/dining/dining.evalset.json)"
        )
    return found


def plan(
    scripts: Sequence[Script], agents: Sequence[str], count: int, seed: int
) -> Iterator[Planned]:
    """``count`` sessions, each a script and an agent drawn with ``random.Random(seed)``: the
    same arguments give the same sessions. Ids are ``gen-<seed>-<n>-<agent>`` (``n`` from 0),
    unique for a seed."""
    if not scripts or not agents:
        raise ConfigError("generating sessions needs at least one script and one agent")
    draw = random.Random(seed)
    for number in range(count):
        agent, script = draw.choice(agents), draw.choice(scripts)
        name = agent.rpartition(".")[2]
        yield Planned(f"gen-{seed}-{number:07d}-{name}", agent, script)


@contextmanager
def offline() -> Iterator[None]:
    """``CHECKERS_OFFLINE=1`` inside the block (the agents' models are chosen when their
    modules are imported), and ADK's fault-injection warnings quiet; both restored after."""
    before = os.environ.get("CHECKERS_OFFLINE")
    faults = logging.getLogger(_FAULT_LOGGER)
    level = faults.level
    os.environ["CHECKERS_OFFLINE"] = "1"
    faults.setLevel(logging.ERROR)
    try:
        yield
    finally:
        faults.setLevel(level)
        if before is None:
            os.environ.pop("CHECKERS_OFFLINE", None)
        else:
            os.environ["CHECKERS_OFFLINE"] = before


def _runner(agent_package: str, app_name: str, service: Any) -> Any:
    """ADK's Runner for the agent package (its ``app`` when it has one, so its plugins such as
    injected tool faults run; else its ``root_agent``), storing sessions under ``app_name``."""

    module = importlib.import_module(f"{agent_package}.agent")
    app = getattr(module, "app", None)
    if app is not None:
        return Runner(app=app, app_name=app_name, session_service=service)
    return Runner(agent=module.root_agent, app_name=app_name, session_service=service)


def open_service(db_url: str) -> DatabaseSessionService:
    """ADK's session service on the database at ``db_url`` (an SQLAlchemy URL; ``sqlite:///``
    and ``postgresql://`` get their async drivers). Raises ConfigError when it cannot be
    opened."""
    from checkers.adk.session_store import async_url

    try:
        return DatabaseSessionService(db_url=async_url(db_url))
    except Exception as error:
        raise ConfigError(f"cannot open the session database {db_url!r}: {error}") from error


async def play(service: DatabaseSessionService, runner: Any, one: Planned, db_url: str) -> None:
    """Create the session ``one`` names (the scenario id in its state) and play its user turns
    through ``runner``. Raises ConfigError when the session id is already in the database (at
    ``db_url``, named in the message) or the database cannot be written; whatever the agent
    raises while it answers propagates."""
    try:
        await service.create_session(
            app_name=runner.app_name,
            user_id=one.script.user_id,
            session_id=one.session_id,
            state={"scenario": one.script.scenario_id},
        )
    except AlreadyExistsError as error:
        raise ConfigError(
            f"session {one.session_id!r} is already in {db_url!r}; write with another --seed "
            "or into a fresh database"
        ) from error
    except Exception as error:
        # The first write is where an unreachable or unwritable database shows.
        raise ConfigError(
            f"cannot write sessions to {db_url!r}: {type(error).__name__}: {error}"
        ) from error
    for text in one.script.user_turns:
        message = types.Content(role="user", parts=[types.Part(text=text)])
        events: AsyncIterator[Any] = runner.run_async(
            user_id=one.script.user_id, session_id=one.session_id, new_message=message
        )
        async for _ in events:
            pass


async def record(
    db_url: str,
    app_name: str,
    planned: Iterator[Planned],
    on_written: Callable[[int], None] = lambda done: None,
) -> GenerateSummary:
    """Play each planned session through ADK's Runner into the ADK session database at
    ``db_url`` (an SQLAlchemy URL; ``sqlite:///`` and ``postgresql://`` get their async
    drivers), one at a time. Raises ConfigError when the database cannot be opened or written,
    or a session id is already there (generate with another seed, or into a fresh database)."""

    summary = GenerateSummary(app_name)
    service = open_service(db_url)
    runners: dict[str, Any] = {}
    started = time.perf_counter()
    try:
        for one in planned:
            if one.agent not in runners:
                loading = time.perf_counter()
                runners[one.agent] = _runner(one.agent, app_name, service)
                summary.loading_seconds += time.perf_counter() - loading
            await play(service, runners[one.agent], one, db_url)
            summary.written += 1
            name = one.agent.rpartition(".")[2]
            summary.by_agent[name] = summary.by_agent.get(name, 0) + 1
            on_written(summary.written)
    finally:
        for runner in runners.values():
            await runner.close()
        await service.close()
        summary.seconds = time.perf_counter() - started - summary.loading_seconds
    return summary
