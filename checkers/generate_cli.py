"""The ``checkers generate`` command: traffic to judge. ``checkers generate sessions`` records
real ADK sessions of a domain's demo agents (:mod:`checkers.adk.traffic`)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from checkers.errors import ConfigError
from checkers.progress import Progress

GENERATE_EXAMPLES = """\
examples:
  checkers generate sessions dining --db sqlite:///sessions.db --count 1000 --seed 1
  checkers generate sessions orders --db postgresql://user@127.0.0.1:5432/sessions --count 500
  checkers score dining --sessions sqlite:///sessions.db --app dining --out verdicts.jsonl

Each session is one eval case's user turns (a case with fixed turns, from the domain's eval
sets) played by one of the domain's demo agents, careful and flawed alike, drawn with the seed;
ADK's Runner stores it with DatabaseSessionService, the scenario id in its state. The agents run
on their scripted models, offline. A PostgreSQL URL needs the sessions extra (asyncpg).
"""


def add_generate_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``checkers generate`` (with its ``sessions`` kind) on the ``checkers`` command's
    subparsers; the handler is ``args.handler(args) -> exit code``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "generate",
        help="generate traffic to judge (real ADK sessions of the demo agents)",
        epilog=GENERATE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    kinds = parser.add_subparsers(dest="kind", required=True)
    sessions = kinds.add_parser(
        "sessions",
        help="record ADK sessions of a domain's demo agents in ADK's session database",
        description="Plays the user turns of the domain's eval cases through its demo agents "
        "with ADK's Runner, storing each session through ADK's DatabaseSessionService.",
        epilog=GENERATE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sessions.add_argument("domain", help="domain name, e.g. dining")
    sessions.add_argument(
        "--db",
        required=True,
        help="ADK session database URL: sqlite:///sessions.db or postgresql://user@host:port/db",
    )
    sessions.add_argument("--count", type=int, default=100, help="sessions to write (default 100)")
    sessions.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    sessions.add_argument(
        "--app", help="the app name the sessions are stored under (default: the domain's name)"
    )
    sessions.add_argument(
        "--evalset",
        action="append",
        type=Path,
        help="eval set whose cases' user turns to play (repeatable; default: every "
        "evalsets/DOMAIN/*.evalset.json of this checkout)",
    )
    sessions.add_argument(
        "--agent",
        action="append",
        help="agent to play (repeatable, e.g. careful; default: every agent of the domain)",
    )
    sessions.set_defaults(handler=run_generate_sessions)
    return parser


def chosen_agents(available: list[str], names: list[str] | None) -> list[str]:
    """The agent packages ``names`` picks (by last component) from ``available``, all of them
    when ``names`` is None. Raises ConfigError naming the unknown and the known agents."""
    if not names:
        return available
    by_name = {package.rpartition(".")[2]: package for package in available}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise ConfigError(
            f"no agent {', '.join(unknown)}; the domain's agents: {', '.join(by_name) or 'none'}"
        )
    return [by_name[n] for n in names]


def run_generate_sessions(args: argparse.Namespace) -> int:
    """Write the sessions; print what was written on stderr. Exit 0."""
    from checkers.adk.traffic import domain_eval_sets, offline, plan, record, scripts_of
    from checkers.registry import find_plugin

    if args.count < 0:
        raise ConfigError(f"--count must be 0 or more, got {args.count}")
    agents = chosen_agents(find_plugin(args.domain).agent_packages(), args.agent)
    if not agents:
        raise ConfigError(f"domain {args.domain!r} declares no agents to play")
    scripts = scripts_of(args.evalset or domain_eval_sets(args.domain))
    app_name = args.app or args.domain
    with offline(), Progress(f"{args.domain}: writing session", args.count) as progress:
        planned = plan(scripts, agents, args.count, args.seed)
        summary = asyncio.run(record(args.db, app_name, planned, progress.update))
    for line in summary.lines():
        print(line, file=sys.stderr)
    return 0
