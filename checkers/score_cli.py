"""The ``checkers score`` command: judge recorded ADK sessions and write the verdicts."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import Any, TypeVar

from checkers.batch_gc import tuned_for_batch
from checkers.errors import ConfigError
from checkers.metric import Metric
from checkers.monitoring import Monitor, MonitoringSink, prometheus_metrics
from checkers.progress import Progress
from checkers.registry import domain_metrics
from checkers.score import (
    OutputError,
    ScoreSummary,
    Sink,
    open_jsonl_sink,
    output_failed,
    score_sessions,
)
from checkers.sources import (
    ReadOptions,
    guarded,
    local_paths,
    open_sessions,
    refuse_overwriting_input,
    refuse_shared_outputs,
    refuse_table_on_input,
)
from checkers.worker_pool import CHUNK_TIMEOUT

T = TypeVar("T")

SCORE_EXAMPLES = """\
examples:
  checkers score dining --sessions sqlite:///sessions.db --app dining --out verdicts.jsonl
  checkers score dining --sessions sqlite:///sessions.db --app dining --out verdicts.jsonl \\
      --table sqlite:///verdicts.db --metric everyone_ate
  checkers score airline --sessions tau-bench:runs.jsonl --out verdicts.jsonl
  checkers score dining --sessions adk-eval-history:path/to/agent --out verdicts.jsonl
  checkers score dining --sessions bq-eval-view:v_eval_session.jsonl --out verdicts.jsonl
  checkers score dining --sessions jsonl:sessions.jsonl --out verdicts.jsonl --workers 2
  checkers score dining --sessions jsonl:sessions.jsonl --out verdicts.jsonl --runner beam

Sources: ADK's session database (a URL); tau-bench:RUNS.jsonl (runs tau-bench recorded);
adk-eval-history:PATH (the *.evalset_result.json files adk eval saved, or a folder holding
them); bq-eval-view:EXPORT.jsonl (a JSONL export of ADK's BigQuery v_eval_session or
v_eval_turn view, ordered by session_id); jsonl:SESSIONS.jsonl (one session a line:
session_id, app_name, user_id, events, state). --workers N judges in N processes (output in
the order read); --runner beam runs an Apache Beam pipeline (pip install '.[beam]').

Each session is judged in the scenario it names (dining: the group its agent looked up or its
organiser named; scheduling: the task its first user message names; orders and airline: the
customer its agent identified, judged on the bundled database, with what needs a reference
unscored; any domain: a "scenario" key in the session state). A [scenario:<id>] tag in a user
message is the customer's to type: it must agree with that scenario (else scenario_conflict),
and names one on its own only with --trust-user-tags. Sessions ADK's eval service created are
skipped unless --include-eval is given.
"""


def add_score_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``checkers score`` on the ``checkers`` command's subparsers; its handler is
    ``args.handler(args) -> exit code``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "score",
        help="judge recorded ADK sessions (production traffic) and write the verdicts",
        description="Reads recorded sessions (ADK's session database, tau-bench runs, adk eval's "
        "history, BigQuery eval view exports), judges each "
        "with the domain's metrics, and writes one JSON line per session and metric (and, with "
        "--table, rows in an SQL table). Sessions that cannot be read go to the dead letters.",
        epilog=SCORE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("domain", help="domain name, e.g. dining")
    parser.add_argument(
        "--sessions",
        required=True,
        help="where the sessions are: ADK's session database URL (sqlite:///sessions.db, "
        "postgresql://host/db) or KIND:PATH for a file source (tau-bench:, adk-eval-history:, "
        "bq-eval-view:; see below)",
    )
    parser.add_argument(
        "--app", help="the app whose sessions to judge (needed for ADK's session database)"
    )
    parser.add_argument(
        "--metric",
        action="append",
        help="metric to judge with (repeatable; default: every metric checked by code, none "
        "that calls a model judge)",
    )
    parser.add_argument("--out", type=Path, required=True, help="JSONL file of verdicts")
    parser.add_argument(
        "--dead-letters",
        type=Path,
        help="JSONL file of sessions that could not be read (default: OUT.dead-letters.jsonl)",
    )
    parser.add_argument("--table", help="also upsert rows into this SQL database URL")
    parser.add_argument("--include-eval", action="store_true", help="judge ADK eval sessions too")
    parser.add_argument(
        "--trust-user-tags",
        action="store_true",
        help="let a [scenario:<id>] tag in a user message name the session's scenario (only "
        "when the tags are yours, e.g. test traffic you wrote: by default a tag is the "
        "customer's words and must agree with the scenario the session gives, else the "
        "session fails as scenario_conflict)",
    )
    parser.add_argument(
        "--adk-service",
        action="store_true",
        help="read ADK's session database through ADK's DatabaseSessionService (slower; by "
        "default SQLite and PostgreSQL stores of this ADK's schema are read with plain SQL)",
    )
    parser.add_argument(
        "--workers",
        type=_positive,
        default=1,
        help="judge in this many worker processes (default 1: in this process); the verdict "
        "lines come out in the order read either way. With --runner beam: the DirectRunner's "
        "workers (default: one per core)",
    )
    parser.add_argument(
        "--timeout",
        type=_positive_seconds,
        help="with --workers 2 or more: the longest a worker may judge one chunk of sessions "
        f"(default {CHUNK_TIMEOUT:g} s) before it is killed; a session that takes longer "
        "alone is a dead letter (judging_timed_out), and the others are judged",
    )
    parser.add_argument(
        "--runner",
        choices=["loop", "beam"],
        default="loop",
        help="loop (default): this process and its --workers; beam: an Apache Beam pipeline on "
        "the DirectRunner, workers on every core (pip install '.[beam]'; for Dataflow run "
        "python -m checkers.score_beam)",
    )
    monitoring = parser.add_argument_group(
        "monitoring",
        "Prometheus metrics of the verdicts (pip install '.[monitoring]'); with an "
        "OpenTelemetry logger provider configured (opentelemetry-instrument), one "
        "gen_ai.evaluation.result event per session and metric as well",
    )
    monitoring.add_argument(
        "--metrics-port",
        type=_port,
        help="serve the metrics on http://127.0.0.1:PORT/metrics while scoring (0: a free port, "
        "printed on stderr)",
    )
    monitoring.add_argument(
        "--metrics-linger",
        type=_seconds,
        default=0.0,
        help="with --metrics-port: keep serving this many seconds after scoring ends, so that "
        "Prometheus scrapes the final counts (Ctrl-C stops sooner; default 0)",
    )
    monitoring.add_argument(
        "--metrics-textfile",
        type=Path,
        help="write the metrics to this .prom file for node_exporter's textfile collector, "
        "atomically: at most once a second while scoring, and at the end",
    )
    parser.set_defaults(handler=run_score)
    return parser


def chosen_metrics(
    domain: str, metrics: Mapping[str, Metric[Any]], names: Sequence[str] | None
) -> list[str]:
    """The metrics ``--metric`` names, each once (a metric named twice would judge every
    session twice under one name: two verdicts of one run), or by default every metric checked
    by code (a model judge costs a call per session: judged only when named). Raises ConfigError
    naming an unknown metric and the domain's metrics."""
    named = names or [name for name, m in metrics.items() if m.judge_async is None]
    chosen = list(dict.fromkeys(named))
    unknown = [m for m in chosen if m not in metrics]
    if unknown:
        raise ConfigError(
            f"domain {domain!r} has no metric {', '.join(unknown)}; its metrics: "
            f"{', '.join(metrics)}"
        )
    return chosen


def _positive(text: str) -> int:
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {number}")
    return number


def _positive_seconds(text: str) -> float:
    number = float(text)
    if not 0 < number < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text}")
    return number


def _port(text: str) -> int:
    number = int(text)
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, got {number}")
    return number


def _seconds(text: str) -> float:
    number = float(text)
    if not 0 <= number < float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds, got {text}")
    return number


def _shown(items: Iterable[T], progress: Progress) -> Iterator[T]:
    """``items``, counting each on the progress line once it was handed on."""
    for done, item in enumerate(items, start=1):
        yield item
        progress.update(done)


def run_score(args: argparse.Namespace) -> int:
    """Judge the sessions; print the summary on stderr. Exit 0, or 1 when some session went to
    the dead letters (nothing is lost: they are written with their reason)."""
    metrics = domain_metrics(args.domain)
    chosen = chosen_metrics(args.domain, metrics, args.metric)
    out: Path = args.out
    dead = args.dead_letters or out.with_name(out.name + ".dead-letters.jsonl")
    refuse_overwriting_input(args.sessions, (out, dead))
    tables = [("--table", path) for path in local_paths(args.table)] if args.table else []
    refuse_shared_outputs([("--out", out), ("--dead-letters", dead), *tables])
    refuse_table_on_input(args.sessions, [path for _, path in tables])
    options = ReadOptions(
        args.app,
        args.include_eval,
        adk_service=args.adk_service,
        trust_user_tags=args.trust_user_tags,
    )
    if args.timeout is not None and (args.runner == "beam" or args.workers < 2):
        raise ConfigError(
            f"--timeout {args.timeout:g} stops a worker process that hangs; it needs --workers 2 "
            "or more (this process cannot stop its own judging, nor is a Beam pipeline's "
            "judging timed here)"
        )
    monitor = score_monitor(args)
    if args.runner == "beam":
        if monitor is not None:
            raise ConfigError(
                "--metrics-port and --metrics-textfile are not served by --runner beam; score "
                "with the loop (and --workers)"
            )
        if args.table:
            raise ConfigError(
                "--table is not written by --runner beam; score with the loop, or load the "
                f"JSONL verdicts ({out}) into the table"
            )
        from checkers.score_beam import run_local

        for output in (out, dead):
            _check_output(output)
        workers = args.workers if args.workers > 1 else None  # None: one per core
        summary = run_local(args.domain, chosen, args.sessions, options, out, dead, workers)
        return _report(summary, out, dead, options)
    # ``serving`` is closed last: the metrics server lingers after the summary.
    with ExitStack() as serving, tuned_for_batch():
        if monitor is not None:
            _serve_metrics(monitor, args.metrics_port, args.metrics_linger, serving)
        summary = _score_loop(args, [metrics[m] for m in chosen], options, out, dead, monitor)
        summary.skipped_eval = options.skipped_eval
        if monitor is not None:
            monitor.flush(force=True)  # the final counts, even of a run that read nothing
            for sink, count in monitor.errors.items():
                print(f"monitoring: {count:,} {sink} failures swallowed", file=sys.stderr)
        return _report(summary, out, dead, options)


def _check_output(path: Path) -> None:
    """Raise OutputError when ``path`` cannot be written as an output file (a folder, a
    folder that cannot be made or written in), before a runner that writes it at its end
    (Beam) spends its time."""
    if path.is_dir():
        raise OutputError(f"cannot write to {path}: it is a folder; give a file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise output_failed(str(path.parent), error, started=False) from error
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise OutputError(f"cannot write to {path}: permission denied; give another output")


def _score_loop(
    args: argparse.Namespace,
    chosen: list[Metric[Any]],
    options: ReadOptions,
    out: Path,
    dead: Path,
    monitor: Monitor | None,
) -> ScoreSummary:
    """Score in this process or its ``--workers``, writing JSONL, the table and the monitor."""
    with ExitStack() as stack:
        jsonl, _ = open_jsonl_sink(out, dead)
        stack.callback(jsonl.close)  # flushes: a full disk is an OutputError here too
        sinks: list[Sink] = [jsonl]
        if monitor is not None:
            noun = chosen[0].domain.subject_noun if chosen else "subject"
            sinks.append(MonitoringSink(monitor, args.domain, noun))
        if args.table:
            from checkers.score_table import TableSink

            table = TableSink(args.table)
            stack.callback(table.close)
            sinks.append(table)
        with Progress(f"{args.domain}: judging session", None) as progress:
            if args.workers > 1:
                names = [m.name for m in chosen]
                return _score_in_workers(args, names, options, sinks, progress)
            sessions = _shown(open_sessions(args.sessions, options), progress)
            return score_sessions(chosen, sessions, sinks)


def score_monitor(args: argparse.Namespace) -> Monitor | None:
    """The monitor of a score run: Prometheus metrics when ``--metrics-port`` or
    ``--metrics-textfile`` asks for them, events alone when only an OpenTelemetry provider is
    configured, None when neither (no record is built then). Raises ConfigError for a textfile
    node_exporter would not read (its name must end in .prom) or prometheus-client missing."""
    textfile: Path | None = args.metrics_textfile
    if textfile is not None and textfile.suffix != ".prom":
        raise ConfigError(
            f"--metrics-textfile {str(textfile)!r}: node_exporter's textfile collector reads only "
            f"files ending in .prom; name it e.g. {str(textfile.with_suffix('.prom'))!r}"
        )
    if args.metrics_linger and args.metrics_port is None:
        raise ConfigError(
            f"--metrics-linger {args.metrics_linger:g} keeps the metrics server up after "
            "scoring; it needs --metrics-port PORT"
        )
    if args.metrics_port is None and textfile is None:
        events = Monitor()
        return events if events.enabled() else None
    return Monitor(metrics=prometheus_metrics(), textfile=textfile)


def _serve_metrics(monitor: Monitor, port: int | None, linger: float, stack: ExitStack) -> None:
    """Serve ``monitor``'s metrics on 127.0.0.1:``port`` until ``stack`` closes, lingering
    ``linger`` seconds first (after the run's summary is printed: ``stack`` closes last)."""
    if port is None or monitor.metrics is None:
        return
    try:
        server, _ = monitor.metrics.serve(port)
    except OSError as error:
        raise ConfigError(
            f"--metrics-port {port}: cannot listen on 127.0.0.1:{port} ({error}); choose "
            "another port, or 0 for a free one"
        ) from error
    stack.callback(server.server_close)
    stack.callback(server.shutdown)
    print(f"metrics: http://127.0.0.1:{server.server_port}/metrics", file=sys.stderr, flush=True)
    if linger > 0:
        stack.callback(_linger, linger, server.server_port)


def _linger(seconds: float, port: int) -> None:
    print(
        f"metrics: serving on 127.0.0.1:{port} for {seconds:g} more seconds (Ctrl-C to stop)",
        file=sys.stderr,
        flush=True,
    )
    with suppress(KeyboardInterrupt):
        time.sleep(seconds)


def _score_in_workers(
    args: argparse.Namespace,
    chosen: list[str],
    options: ReadOptions,
    sinks: list[Sink],
    progress: Progress,
) -> ScoreSummary:
    """``--workers N``: a JSONL file's lines are parsed in the workers (the main process only
    reads bytes); any other source is read here and its sessions sent."""
    from checkers.score_parallel import score_sessions_parallel

    timeout = CHUNK_TIMEOUT if args.timeout is None else args.timeout
    kind, _, path = args.sessions.partition(":")
    if kind == "jsonl":
        from checkers.readers.jsonl import jsonl_lines, session_of_line

        lines = _shown(guarded(jsonl_lines(path), args.sessions), progress)
        return score_sessions_parallel(
            args.domain,
            chosen,
            lines,
            sinks,
            args.workers,
            parse=session_of_line,
            options=options,
            timeout=timeout,
        )
    sessions = _shown(open_sessions(args.sessions, options), progress)
    return score_sessions_parallel(
        args.domain, chosen, sessions, sinks, args.workers, timeout=timeout
    )


def _nothing_of_the_app(summary: ScoreSummary, options: ReadOptions) -> list[str]:
    """A note when ``--app`` named an app the source holds no session of: a misspelt app
    reads nothing, and a run that judged nothing must not read as a quiet, clean one."""
    if summary.read or summary.skipped_eval or options.app_name is None:
        return []
    return [
        f"no session of app {options.app_name!r} was read: the source holds none under that "
        "name (app names are case-sensitive); without --app every app is read where the source "
        "tells apps apart"
    ]


def _report(summary: ScoreSummary, out: Path, dead: Path, options: ReadOptions) -> int:
    """Print the summary (and the readers' notes, and :func:`_nothing_of_the_app`'s) on stderr;
    the exit code of a run with it."""
    notes = [*options.notes, *_nothing_of_the_app(summary, options)]
    for line in [*summary.lines(), *(f"note: {note}" for note in notes)]:
        print(line, file=sys.stderr)
    print(f"verdicts: {out}; dead letters: {dead}", file=sys.stderr)
    return 1 if summary.dead_letters else 0
