"""The ``checkers shadow`` command: a candidate agent replayed on recorded sessions, compared.

Exit 1 on a significant regression of the replays against the recordings (the gate of
``checkers compare``), 0 otherwise, 2 on input it cannot use.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from checkers.compare import compare_records
from checkers.compare_cli import print_comparison
from checkers.errors import ConfigError
from checkers.registry import domain_metrics
from checkers.report.compare_page import Variants
from checkers.score_cli import chosen_metrics
from checkers.shadow import REPLAY_FAILED, Sample, Shadowed, replay_records, sample_sessions
from checkers.sources import ReadOptions, open_sessions
from checkers.text import plural, without_surrogates

__all__ = ["add_shadow_parser", "run_shadow"]

SHADOW_EXAMPLES = """\
examples:
  checkers shadow dining domains/dining/agents/sometimes_careless \\
      --sessions sqlite:///sessions.db --app dining --sample 50 --seed 7
  checkers shadow dining path/to/candidate --sessions jsonl:sessions.jsonl --sample 200 \\
      --replayed sqlite:///replays.db --html shadow.html

The sessions are any source checkers score reads (ADK's session database, jsonl:, tau-bench:,
adk-eval-history:, bq-eval-view:). Each sampled session's user messages are sent, in order, to
the candidate (loaded from its folder as adk eval loads it) through ADK's Runner; recording and
replay are judged with the domain's metrics in the recording's scenario and paired by session.
Exit 1 on a significant regression (McNemar's exact test, as checkers compare), 0 otherwise,
2 on input it cannot use.
"""


def add_shadow_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``checkers shadow``; its handler is ``args.handler(args) -> exit code``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "shadow",
        help="replay a candidate agent on recorded sessions' user turns and compare",
        description="A shadow test: samples recorded sessions, replays their user messages "
        "through the candidate agent with ADK's Runner, judges recordings and replays with the "
        "domain's metrics, and compares them paired by session (as checkers compare does).",
        epilog=SHADOW_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("domain", help="domain name, e.g. dining")
    parser.add_argument("agent_dir", type=Path, help="the candidate's agent folder")
    parser.add_argument("--sessions", required=True, help="the recorded sessions' source")
    parser.add_argument("--app", help="the app whose sessions to read (ADK's session database)")
    parser.add_argument(
        "--sample", type=int, default=50, help="sessions to replay, drawn uniformly (default 50)"
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the draw and of a varying agent (default 0)"
    )
    parser.add_argument("--metric", action="append", help="metric to judge with (repeatable)")
    parser.add_argument(
        "--replayed",
        metavar="DB_URL",
        help="keep the replays in this ADK session database (default: a temporary one)",
    )
    parser.add_argument(
        "--offline",
        action="store_true",
        help="run the agent on its scripted model even when GOOGLE_API_KEY is set",
    )
    parser.add_argument(
        "--flips", type=int, default=10, help="requirement flips shown per metric (default 10)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument("--html", metavar="OUT", type=Path, help="also write the comparison page")
    parser.add_argument("--title", default="checkers shadow", help="the HTML page's title")
    parser.set_defaults(handler=run_shadow)
    return parser


@contextmanager
def _replay_database(url: str | None) -> Iterator[str]:
    """``url``, or a fresh SQLite file deleted afterwards."""
    if url is not None:
        yield url
        return
    with tempfile.TemporaryDirectory(prefix="checkers-shadow-") as folder:
        yield f"sqlite:///{Path(folder) / 'replays.db'}"


def summary_lines(sample: Sample, shadowed: Shadowed) -> list[str]:
    """What was read, drawn, replayed and left out, with the reasons."""
    lines = [
        f"sessions read: {sample.read:,}; dead letters: {len(sample.dead_letters):,}; "
        f"sampled: {len(sample.sessions):,}; replayed: {len(shadowed.pairs):,}"
    ]
    if shadowed.replay_errors:
        lines.append(
            f"the candidate could not finish {plural(shadowed.replay_errors, 'replay')}: each "
            f"fails every metric ({REPLAY_FAILED})"
        )
    if shadowed.left_out:
        lines.append(f"left out, not replayable: {len(shadowed.left_out)}")
        lines += [f"  {session}: {why}" for session, why in shadowed.left_out[:10]]
    return lines


def run_shadow(args: argparse.Namespace) -> int:
    """Sample, replay, judge, compare; print the comparison. Exit 1 on a significant
    regression, else 0."""
    from checkers.adk.shadow import shadow
    from checkers.adk.traffic import offline

    if args.sample < 1:
        raise ConfigError(f"--sample must be 1 or more, got {args.sample}")
    if args.flips < 0:
        raise ConfigError(f"--flips must be 0 or more, got {args.flips}")
    if not (args.agent_dir / "__init__.py").is_file():
        raise ConfigError(
            f"agent folder {str(args.agent_dir)!r} has no __init__.py; give the folder adk eval "
            "takes, e.g. domains/dining/agents/careful"
        )
    if args.replayed is not None and args.replayed == args.sessions:
        raise ConfigError(
            f"--replayed {args.replayed} is the database the recorded sessions come from; keep "
            "the replays apart (e.g. --replayed sqlite:///replays.db)"
        )
    metrics = domain_metrics(args.domain)
    chosen = [metrics[m] for m in chosen_metrics(args.domain, metrics, args.metric)]
    sample = sample_sessions(
        open_sessions(args.sessions, ReadOptions(args.app)), args.sample, args.seed
    )
    if not sample.sessions:
        raise ConfigError(f"{args.sessions} holds no session that could be read to replay")
    app_name = args.app or args.domain
    with offline() if args.offline else nullcontext(), _replay_database(args.replayed) as url:
        shadowed = shadow(chosen, args.agent_dir, sample, url, app_name, args.seed)
    for line in summary_lines(sample, shadowed):
        print(without_surrogates(line), file=sys.stderr)
    if not shadowed.pairs:
        raise ConfigError("no sampled session could be replayed (see the reasons above)")
    recorded, replayed = replay_records(shadowed)
    comparison = compare_records(recorded, replayed, seed=args.seed)
    names = (f"recorded: {args.sessions}", f"replayed by {args.agent_dir}")
    return print_comparison(comparison, Variants(*names, recorded, replayed), args)
