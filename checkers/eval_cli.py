"""The ``checkers eval`` command: ADK's eval run N times in one process, and what the runs say.

It runs as ``adk eval`` does (see :mod:`checkers.adk.repeat`), saves one eval-history file per
run and one details folder per run, and prints per case and metric the pass rate with a Wilson
95% interval and the unbiased pass^k, pass^1..pass^N over the eval set, the flaky cases, and
per requirement kind the share of requirements not met with its interval. The figures are
:mod:`checkers.run_stats`'s over :mod:`checkers.run_records`' reading of those files, as
``checkers stats`` computes them. The exit code is 0 whether cases passed or failed, 2 for a
usage or configuration error.
"""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from checkers.details import default_details_dir
from checkers.errors import ConfigError
from checkers.run_records import RunRecord, read_details, read_eval_history
from checkers.run_stats import CaseStats, KindStats, case_stats, kind_stats, metric_stats

if TYPE_CHECKING:
    from checkers.adk.repeat import EvalRun

__all__ = ["add_eval_parser", "render_summary", "run_eval"]

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
    parser.add_argument(
        "--details",
        type=Path,
        help="folder for the runs' details files, one subfolder per run (default: "
        "$CHECKERS_DETAILS_DIR or .checkers/details, then eval/<agent>-seed<S>-<time>)",
    )
    parser.set_defaults(handler=run_eval)
    return parser


def _interval(pair: tuple[float, float]) -> str:
    return f"[{pair[0]:.2f}, {pair[1]:.2f}]"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows, strict=True)]
    return [
        "  "
        + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in (header, *rows)
    ]


def _case_note(one: CaseStats) -> str:
    """``"flaky"``, ``"2 unscored"`` (NOT_EVALUATED runs, not in the rate), both, or nothing."""
    notes = ["flaky"] * one.flaky + [f"{one.unscored} unscored"] * bool(one.unscored)
    return " ".join(notes)


def _case_rows(cases: Sequence[CaseStats], k: int) -> list[list[str]]:
    return [
        [
            c.metric,
            c.case,
            f"{c.passed}/{c.runs}",
            "-" if c.rate is None else f"{c.rate:.2f}",
            _interval(c.interval),
            f"{c.pass_hat[k - 1]:.2f}" if k <= c.runs else "-",
            _case_note(c),
        ]
        for c in cases
    ]


def _pass_k_lines(cases: Sequence[CaseStats]) -> list[str]:
    metrics = metric_stats(cases)
    most = max((len(m.pass_hat) for m in metrics), default=0)
    rows = [
        [m.metric, *(f"{hat:.2f}" for _, hat, _ in m.pass_hat), *[""] * (most - len(m.pass_hat))]
        for m in metrics
    ]
    return _table(["metric", *(f"pass^{k}" for k in range(1, most + 1))], rows)


def _flaky_lines(cases: Sequence[CaseStats]) -> list[str]:
    by_case: dict[str, list[str]] = {}
    for c in cases:
        if c.flaky:
            by_case.setdefault(c.case, []).append(f"{c.metric} {c.passed}/{c.runs}")
    if not by_case:
        return ["  none: every case passed every run or failed every run"]
    return [f"  {case}: {', '.join(found)}" for case, found in sorted(by_case.items())]


def _kind_lines(kinds: Sequence[KindStats] | None) -> list[str]:
    if kinds is None:
        return [
            "  not available: the runs wrote no details files (the eval config's details_dir "
            "sends them elsewhere, or write_details is false)"
        ]
    if not kinds:
        return ["  none judged: no checkers metric listed a requirement"]
    rows = [
        [
            k.metric,
            k.kind,
            f"{k.not_met}/{k.judged}",
            f"{k.not_met / k.judged:.2f}",
            _interval(k.interval),
        ]
        for k in sorted(kinds, key=lambda k: (k.metric, -k.not_met / k.judged, k.kind))
    ]
    return _table(["metric", "kind", "not met", "rate", "95% interval"], rows)


def render_summary(
    history: Sequence[RunRecord], details: Sequence[RunRecord] | None, k: int
) -> list[str]:
    """The lines ``checkers eval`` prints after its runs: per case and metric from the runs'
    eval ``history``, per requirement kind from their ``details`` (None: none were written),
    with the per-case pass^``k``. The figures are :mod:`checkers.run_stats`'s, as
    ``checkers stats`` prints them for the same files."""
    cases = case_stats(history)
    return [
        "per case and metric (passed runs, pass rate with its Wilson 95% interval, the unbiased "
        f"pass^{k}):",
        *_table(
            ["metric", "case", "passed", "rate", "95% interval", f"pass^{k}", ""],
            _case_rows(cases, k),
        ),
        "pass^k over the eval set (mean over cases of C(c,k)/C(n,k)):",
        *_pass_k_lines(cases),
        "flaky cases (passed some runs, not all):",
        *_flaky_lines(cases),
        "requirement kinds (requirements not met of those judged in the runs' details; Wilson "
        "95% interval):",
        *_kind_lines(None if details is None else kind_stats(details)),
    ]


def _check_counts(runs: int, k: int | None) -> int:
    """``k``, or ``runs`` when None; ConfigError unless ``runs >= 1`` and ``1 <= k <= runs``."""
    if runs < 1:
        raise ConfigError(f"--runs must be at least 1, got {runs}; e.g. --runs 5")
    k = runs if k is None else k
    if not 1 <= k <= runs:
        raise ConfigError(f"--k must be between 1 and --runs ({runs}), got {k}; e.g. --k 1")
    return k


def _run_line(run: EvalRun) -> str:
    """What is printed of one run."""
    passed = sum(1 for r in run.results if r.final_eval_status.name == "PASSED")
    return (
        f"run {run.number} (seed {run.seed}): {passed} of {len(run.results)} cases passed; "
        f"history: {run.history or 'not saved'}"
    )


def _details_root(args: argparse.Namespace, agent: str, seed: int) -> Path:
    if args.details is not None:
        return Path(args.details)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    return default_details_dir() / "eval" / f"{agent}-seed{seed}-{stamp}"


def _read_details(runs: Sequence[EvalRun]) -> list[RunRecord] | None:
    written = [run.details for run in runs if run.details.is_dir()]
    if not written:
        return None
    try:
        return read_details(written)
    except ConfigError:  # a run folder holding no details file
        return None


def run_eval(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    """Run the evaluation ``args`` describe and print (through ``out``) each run as it ends,
    then the summary. Returns 0; raises ConfigError for a usage or configuration error."""
    k = _check_counts(args.runs, args.k)
    # Imported here: only this command needs ADK's eval service.
    from checkers.adk.repeat import run_repeatedly

    seed = secrets.randbelow(2**31) if args.seed is None else args.seed
    agent = args.agent_dir.resolve().name
    details = _details_root(args, agent, seed)
    out(f"checkers eval: {args.runs} runs of {args.eval_set} on {agent}, seed {seed}")
    out(f"details: {details}/run-<n>")
    runs = run_repeatedly(
        args.agent_dir,
        args.eval_set,
        args.config,
        args.runs,
        seed,
        details,
        lambda run: out(_run_line(run)),
    )
    saved = [run.history for run in runs if run.history is not None]
    for line in render_summary(read_eval_history(saved), _read_details(runs), k):
        out(line)
    return 0
