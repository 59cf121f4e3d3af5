"""The ``checkers eval`` command: ADK's eval run N times in one process, and what the runs say.

It runs as ``adk eval`` does (see :mod:`checkers.adk.repeat`), saves one eval-history file per
run, and prints per case and metric the pass rate with a Wilson 95% interval and the unbiased
pass^k, pass^1..pass^N over the eval set, the flaky cases, and per requirement kind how often
it was not met (:mod:`checkers.run_stats`). The exit code is 0 whether cases passed or failed,
2 for a usage or configuration error.
"""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from checkers.errors import ConfigError
from checkers.run_stats import CASE_METRIC, KindRate, MetricRun, PassRate, kind_rates, mean_pass_k
from checkers.run_stats import pass_rates as compute_pass_rates

if TYPE_CHECKING:
    from checkers.adk.repeat import EvalRun

__all__ = ["add_eval_parser", "add_runs_parser", "render_summary", "run_eval", "run_runs"]

EVAL_EXAMPLES = """\
examples:
  checkers eval domains/dining/agents/sometimes_careless evalsets/dining/dining.evalset.json \\
      --config evalsets/dining/eval_config.json --runs 5 --seed 7
  CHECKERS_SLIP_RATE=0.5 checkers eval domains/dining/agents/sometimes_careless \\
      evalsets/dining/dining.evalset.json --config evalsets/dining/eval_config.json --runs 10

Run i uses its own seed, printed beside it; `CHECKERS_SEED=<that seed> adk eval ...` repeats that
run alone. The same --seed repeats every run. Each run's results are saved where adk eval saves
them: AGENT_DIR/.adk/eval_history/*.evalset_result.json.
"""


def add_eval_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``checkers eval`` on the ``checkers`` command's subparsers; its handler is
    ``args.handler(args) -> exit code``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "eval",
        help="run ADK's eval N times in one process; pass rates with intervals, pass^k, flaky "
        "cases",
        description="Runs an eval set on an agent folder with ADK's own eval service, as adk\n"
        "eval does, N times in one process (each run under its own seed, so a varying\n"
        "scripted agent varies), saves each run's eval history, and prints per case and\n"
        "metric the pass rate with a Wilson 95% interval and the unbiased pass^k, the\n"
        "flaky cases, and per requirement kind how often it was not met. Exit code 0\n"
        "whether cases passed or failed, 2 for a usage or configuration error.",
        epilog=EVAL_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("agent_dir", type=Path, help="the agent folder, as adk eval takes it")
    parser.add_argument("eval_set", type=Path, help="the eval set file (*.evalset.json)")
    parser.add_argument("--config", type=Path, required=True, help="the eval config file")
    parser.add_argument("--runs", type=int, default=5, help="how many runs (default 5)")
    parser.add_argument(
        "--seed", type=int, help="seed of the whole evaluation (default: a random one, printed)"
    )
    parser.add_argument("--k", type=int, help="k of the per-case pass^k (default: --runs)")
    parser.set_defaults(handler=run_eval)
    return parser


def _interval(low: float, high: float) -> str:
    return f"[{low:.2f}, {high:.2f}]"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]
    return [
        "  "
        + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in (header, *rows)
    ]


def _rate_rows(rates: Sequence[PassRate]) -> list[list[str]]:
    return [
        [
            r.case,
            r.metric,
            f"{r.passed}/{r.runs}",
            f"{r.rate:.2f}",
            _interval(r.low, r.high),
            "-" if r.pass_k is None else f"{r.pass_k:.2f}",
            ("flaky" if r.flaky else "")
            + (f" ({r.not_evaluated} not evaluated)" if r.not_evaluated else ""),
        ]
        for r in rates
    ]


def _pass_k_lines(rates: Sequence[PassRate], runs: int) -> list[str]:
    metrics = list(dict.fromkeys(r.metric for r in rates))
    ks = range(1, runs + 1)
    rows = []
    for metric in metrics:
        means = [mean_pass_k(rates, metric, k) for k in ks]
        rows.append([metric, *("-" if m is None else f"{m:.2f}" for m in means)])
    return _table(["metric", *(f"pass^{k}" for k in ks)], rows)


def _flaky_lines(rates: Sequence[PassRate]) -> list[str]:
    by_case: dict[str, list[str]] = {}
    for r in rates:
        if r.flaky:
            by_case.setdefault(r.case, []).append(f"{r.metric} {r.passed}/{r.runs}")
    if not by_case:
        return ["  none: every case passed every run or failed every run"]
    return [f"  {case}: {', '.join(found)}" for case, found in by_case.items()]


def _kind_lines(kinds: Sequence[KindRate], truncated: int) -> list[str]:
    if not kinds:
        return ["  none: every requirement was met in every run"]
    rows = [
        [
            k.metric,
            k.kind,
            f"{k.not_met}/{k.runs}",
            f"{k.rate:.2f}",
            _interval(k.low, k.high),
            str(k.unscored),
        ]
        for k in kinds
    ]
    lines = _table(["metric", "kind", "not met", "rate", "95% interval", "unscored"], rows)
    if truncated:
        lines.append(
            f"  ({truncated} case runs listed only their first requirements not met; the kinds "
            "of the rest are not counted)"
        )
    return lines


def render_summary(records: Sequence[MetricRun], runs: int, k: int) -> list[str]:
    """The lines ``checkers eval`` prints after the runs, for ``records`` of ``runs`` runs and
    the per-case pass^``k``."""
    rates = compute_pass_rates(records, k)
    header = ["case", "metric", "passed", "rate", "95% interval", f"pass^{k}", ""]
    return [
        f"per case and metric (pass rate with its Wilson 95% interval; {CASE_METRIC} is ADK's "
        "verdict on the case):",
        *_table(header, _rate_rows(rates)),
        "pass^k over the eval set (mean over cases of the unbiased estimate C(c,k)/C(n,k)):",
        *_pass_k_lines(rates, runs),
        "flaky cases (passed some runs, not all):",
        *_flaky_lines(rates),
        "requirement kinds not met (share of case runs, Wilson 95% interval):",
        *_kind_lines(kind_rates(records), sum(r.truncated for r in records)),
    ]


def _check_counts(runs: int, k: int | None, what: str = "--runs") -> int:
    """``k``, or ``runs`` when None; ConfigError unless ``1 <= k <= runs``. ``what`` names
    where ``runs`` came from in the message."""
    if runs < 1:
        raise ConfigError(f"--runs must be at least 1, got {runs}; e.g. --runs 5")
    k = runs if k is None else k
    if not 1 <= k <= runs:
        raise ConfigError(f"--k must be between 1 and {what} ({runs}), got {k}; e.g. --k 1")
    return k


def _run_line(run: EvalRun) -> str:
    """What is printed of one run."""
    passed = sum(1 for r in run.results if r.final_eval_status.name == "PASSED")
    seed = "" if run.seed is None else f" (seed {run.seed})"
    return (
        f"run {run.number}{seed}: {passed} of {len(run.results)} cases passed; "
        f"history: {run.history or 'not saved'}"
    )


def run_eval(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    """Run the evaluation ``args`` describe and print (through ``out``) each run as it ends,
    then the summary. Returns 0; raises ConfigError for a usage or configuration error."""
    k = _check_counts(args.runs, args.k)
    # Imported here: only this command needs ADK's eval service.
    from checkers.adk.repeat import metric_runs, run_repeatedly

    seed = secrets.randbelow(2**31) if args.seed is None else args.seed
    agent = args.agent_dir.resolve().name
    out(f"checkers eval: {args.runs} runs of {args.eval_set} on {agent}, seed {seed}")
    records: list[MetricRun] = []

    def report(run: EvalRun) -> None:
        out(_run_line(run))
        records.extend(metric_runs(run.number, run.results))

    run_repeatedly(args.agent_dir, args.eval_set, args.config, args.runs, seed, report)
    for line in render_summary(records, args.runs, k):
        out(line)
    return 0


RUNS_EXAMPLES = """\
examples:
  checkers runs domains/dining/agents/careful/.adk/eval_history
  checkers runs run1.evalset_result.json run2.evalset_result.json run3.evalset_result.json --k 2

Every file is one run (oldest first); they must be runs of one eval set. Cases missing from some
runs get statistics over the runs that hold them.
"""


def add_runs_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``checkers runs`` (the statistics of ``checkers eval`` over eval-history files
    already saved, e.g. by separate ``adk eval`` runs)."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "runs",
        help="the statistics of checkers eval over saved eval-history files",
        description="Reads eval-history files (*.evalset_result.json, from adk eval or\n"
        "checkers eval), one run each, and prints what checkers eval prints after its runs.",
        epilog=RUNS_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "history", type=Path, nargs="+", help="eval-history files, or folders holding them"
    )
    parser.add_argument("--k", type=int, help="k of the per-case pass^k (default: the runs)")
    parser.set_defaults(handler=run_runs)
    return parser


def run_runs(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    """Print the statistics of the saved runs ``args.history`` names. Returns 0; raises
    ConfigError (or DataError) for paths that hold no usable history."""
    from checkers.adk.repeat import history_runs, metric_runs

    runs = history_runs(args.history)
    k = _check_counts(len(runs), args.k, "the number of runs")
    records: list[MetricRun] = []
    for run in runs:
        out(_run_line(run))
        records.extend(metric_runs(run.number, run.results))
    for line in render_summary(records, len(runs), k):
        out(line)
    return 0
