"""The ``checkers compare`` and ``checkers stats`` commands: statistics over repeated runs.

Both read eval-history folders or files, details folders, or ``checkers score`` output
(:func:`checkers.run_records.load_records`). ``compare`` exits 1 only on a significant
regression (a gate), 2 on input it cannot use or when unscored (NOT_EVALUATED) runs leave the
verdict inconclusive (a regression they could hide: the gate fails closed), 0 otherwise;
``stats`` exits 0 or 2.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from checkers.compare import Comparison, Direction, MetricComparison, compare_records, effect_line
from checkers.errors import ConfigError
from checkers.report.cli import write_page
from checkers.report.compare_page import Variants, render_comparison
from checkers.run_records import RunRecord, load_all, load_records
from checkers.run_stats import CaseStats, case_stats, kind_stats, metric_stats
from checkers.text import plural, without_surrogates

EXIT_REGRESSION = 1
EXIT_INCONCLUSIVE = 2

COMPARE_EXAMPLES = """\
examples:
  checkers compare careful/.adk/eval_history careless/.adk/eval_history
  checkers compare out/careful/details out/careless/details --metric everyone_ate --json
  checkers compare before.jsonl after.jsonl
  checkers compare careful/details careless/details --html compare.html

Cases are paired by id and run number (run 0 is each case's oldest run). Exit 1 on a
significant regression (McNemar's exact test on pass/fail, Bonferroni over the metrics), 0
otherwise, 2 when the inputs cannot be compared or the verdict is inconclusive. A run reported
NOT_EVALUATED is no pass or failure: the test uses pairs with both runs judged, and a verdict
stands only if no outcome of the unscored runs could overturn it.
"""

STATS_EXAMPLES = """\
examples:
  checkers stats domains/dining/agents/careful/.adk/eval_history
  checkers stats .checkers/details --metric everyone_ate --json
  checkers stats verdicts.jsonl
"""


def _inputs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--metric",
        action="append",
        help="only this metric (repeatable; default: every metric in the inputs)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def add_compare_parsers(subparsers: Any) -> None:
    """Register ``checkers compare`` and ``checkers stats``; handlers are
    ``args.handler(args) -> exit code``."""
    compare: argparse.ArgumentParser = subparsers.add_parser(
        "compare",
        help="compare a candidate's runs with a baseline's: significant regression or not",
        description="Pairs the runs of each case, tests pass/fail with McNemar's exact test, "
        "puts a paired bootstrap 95% interval on the mean score difference, lists the "
        "requirements met in fewer (or more) runs, and says whether the candidate is a "
        "significant regression, a significant improvement, or neither (and then how many "
        "runs would show the observed effect).",
        epilog=COMPARE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    compare.add_argument("baseline", type=Path, help="eval history, details folder or JSONL")
    compare.add_argument("candidate", type=Path, help="the same, for the candidate")
    _inputs(compare)
    compare.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")
    compare.add_argument(
        "--flips", type=int, default=10, help="requirement flips shown per metric (default 10)"
    )
    compare.add_argument(
        "--html",
        metavar="OUT",
        type=Path,
        help="also write the comparison as an HTML page: per case both pass rates with interval "
        "bars, the requirement flips, the verdict at the top",
    )
    compare.add_argument("--title", default="checkers compare", help="the HTML page's title")
    compare.set_defaults(handler=run_compare)
    stats: argparse.ArgumentParser = subparsers.add_parser(
        "stats",
        help="pass rates with intervals, pass^k and flaky cases over repeated runs",
        description="Per case and metric: the pass rate with its Wilson 95% interval and the "
        "unbiased pass^k for k = 1 .. runs; per metric: pass^k over the cases and the flaky "
        "cases (passed some runs, not all); per requirement kind: the failure rate with its "
        "interval (details folders and score output only: eval history lists only failures).",
        epilog=STATS_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    stats.add_argument("inputs", type=Path, nargs="+", help="eval history, details or JSONL")
    _inputs(stats)
    stats.set_defaults(handler=run_stats)


def _chosen(records: list[RunRecord], metrics: Sequence[str] | None, where: str) -> list[RunRecord]:
    if not records:
        raise ConfigError(f"{where} holds no judged case (no metric result with a status)")
    if not metrics:
        return records
    have = {r.metric for r in records}
    missing = [m for m in metrics if m not in have]
    if missing:
        raise ConfigError(
            f"{where} has no results of metric {', '.join(map(repr, missing))}; its metrics: "
            f"{', '.join(sorted(have))}"
        )
    return [r for r in records if r.metric in metrics]


def _interval(pair: tuple[float, float] | None, signed: bool = False) -> str:
    if pair is None:
        return "n/a"
    form = "+.3f" if signed else ".2f"
    return f"[{pair[0]:{form}}, {pair[1]:{form}}]"


def _unscored_lines(one: MetricComparison, shown: int) -> list[str]:
    """The unscored runs of a metric's pairs: per side, then per case (at most ``shown``)."""
    if not one.unscored_pairs:
        return []
    lines = [
        f"  unscored (NOT_EVALUATED, neither pass nor fail): {one.unscored_baseline} baseline "
        f"and {one.unscored_candidate} candidate paired runs; "
        f"{plural(one.unscored_pairs, 'pair')} left out of the test"
    ]
    lines += [f"    {case.sentence()}" for case in one.unscored_cases[:shown]]
    if len(one.unscored_cases) > shown:
        lines.append(f"    ... and {len(one.unscored_cases) - shown} more cases (--json)")
    return lines


def _metric_lines(one: MetricComparison, flips_shown: int) -> list[str]:
    lines = [
        f"metric {one.metric}: {one.direction.value} (McNemar exact p = {one.p_value:.4g}, "
        f"tested at alpha {one.alpha:.3g})",
        f"  {plural(one.pairs, 'paired run')} over {plural(one.cases, 'case')}: "
        f"both passed {one.both_passed}, pass->fail {one.lost}, fail->pass {one.gained}, "
        f"both failed {one.both_failed}",
    ]
    if one.reason:
        lines.append(f"  why: {one.reason}")
    lines += _unscored_lines(one, flips_shown)
    if one.mean_difference is None:
        lines.append("  mean score difference: no pair has two scores")
    else:
        lines.append(
            f"  mean score difference (candidate - baseline): {one.mean_difference:+.3f}, "
            f"paired bootstrap 95% interval {_interval(one.interval, signed=True)} over "
            f"{plural(one.scored_pairs, 'scored pair')}"
        )
    if one.unpaired_baseline or one.unpaired_candidate:
        lines.append(
            f"  left out, no partner: {one.unpaired_baseline} baseline and "
            f"{one.unpaired_candidate} candidate runs"
        )
    if one.direction is Direction.NONE:
        lines.append(f"  {effect_line(one)}")
    if one.flips:
        lines.append("  requirement flips:")
        lines += [f"    {flip.sentence()}" for flip in one.flips[:flips_shown]]
        if len(one.flips) > flips_shown:
            lines.append(f"    ... and {len(one.flips) - flips_shown} more (--flips N)")
    return lines


def verdict_line(comparison: Comparison) -> str:
    """``"verdict: no significant difference; not comparable (every pair has an unscored
    run): c1 (everyone_ate)"``."""
    line = f"verdict: {comparison.direction.value}"
    if comparison.direction is Direction.INCONCLUSIVE:
        line += " (unscored runs; see why below)"
    lost = [f"{case} ({one.metric})" for one in comparison.metrics for case in one.not_comparable]
    if lost:
        line += f"; not comparable (every pair has an unscored run): {', '.join(lost)}"
    return line


def comparison_lines(comparison: Comparison, flips_shown: int = 10) -> list[str]:
    """The comparison as text: the verdict, then per metric its figures, its unscored runs and
    at most ``flips_shown`` requirement flips."""
    lines = [verdict_line(comparison)]
    for one in comparison.metrics:
        lines += _metric_lines(one, flips_shown)
    return lines


def comparison_json(comparison: Comparison) -> dict[str, Any]:
    """The comparison as JSON: the verdict, then every metric's figures, unscored runs and
    flips."""
    metrics = []
    for one in comparison.metrics:
        figures = asdict(one)
        figures["direction"] = one.direction.value
        figures["runs_needed"] = one.runs_needed
        figures["not_comparable"] = list(one.not_comparable)
        figures["unscored_cases"] = [
            {**asdict(c), "comparable": c.comparable} for c in one.unscored_cases
        ]
        figures["flips"] = [{**asdict(f), "sentence": f.sentence()} for f in one.flips]
        metrics.append(figures)
    return {"verdict": comparison.direction.value, "metrics": metrics}


def exit_code(comparison: Comparison) -> int:
    """1 on a significant regression, 2 when inconclusive (unscored runs could hide one), else
    0: the gate never passes what it could not judge."""
    if comparison.direction is Direction.REGRESSION:
        return EXIT_REGRESSION
    if comparison.direction is Direction.INCONCLUSIVE:
        return EXIT_INCONCLUSIVE
    return 0


def run_compare(args: argparse.Namespace) -> int:
    """Print the comparison; exit 1 on a significant regression, 2 when inconclusive, else 0."""
    baseline = _chosen(load_records(args.baseline), args.metric, f"baseline {str(args.baseline)!r}")
    candidate = _chosen(
        load_records(args.candidate), args.metric, f"candidate {str(args.candidate)!r}"
    )
    if args.flips < 0:
        raise ConfigError(f"--flips must be 0 or more, got {args.flips}")
    comparison = compare_records(baseline, candidate, args.metric or (), seed=args.seed)
    variants = Variants(str(args.baseline), str(args.candidate), baseline, candidate)
    return print_comparison(comparison, variants, args)


def print_comparison(comparison: Comparison, variants: Variants, args: argparse.Namespace) -> int:
    """Print ``comparison`` (as JSON with ``args.json``, else as text showing ``args.flips``
    flips), write its page to ``args.html`` when given, and return :func:`exit_code`."""
    if args.html is not None:
        write_page(args.html, render_comparison(comparison, variants, args.title))
    if args.json:
        print(json.dumps(comparison_json(comparison), indent=2, ensure_ascii=False))
    else:
        print(without_surrogates("\n".join(comparison_lines(comparison, args.flips))))
    return exit_code(comparison)


def _hat_text(one: CaseStats) -> str:
    return " ".join(f"{hat:.2f}" for hat in one.pass_hat)


def _case_text(one: CaseStats) -> str:
    """``"4/5  0.80 [0.38, 0.96]  pass^k 0.80 0.60 ...  FLAKY  (1 unscored)"``."""
    unscored = f"  ({one.unscored} unscored)" if one.unscored else ""
    if one.rate is None:
        return f"no judged run: {one.unscored} of {plural(one.unscored, 'run')} unscored"
    return (
        f"{one.passed}/{one.runs}  {one.rate:.2f} {_interval(one.interval)}  pass^k "
        f"{_hat_text(one)}" + ("  FLAKY" if one.flaky else "") + unscored
    )


def stats_json(records: Sequence[RunRecord]) -> dict[str, Any]:
    """Every figure ``checkers stats`` prints, as JSON."""
    cases = case_stats(records)
    return {
        "metrics": [asdict(m) for m in metric_stats(cases)],
        "cases": [{**asdict(c), "flaky": c.flaky, "rate": c.rate} for c in cases],
        "requirement_kinds": [asdict(k) for k in kind_stats(records)],
    }


def stats_lines(records: Sequence[RunRecord]) -> list[str]:
    """``checkers stats`` as text: per metric, its cases, its flaky cases and its kinds."""
    cases = case_stats(records)
    kinds = kind_stats(records)
    lines = []
    for metric in metric_stats(cases):
        # pass^k of k above some case's runs averages only the cases with that many: say so.
        hats = ", ".join(
            f"pass^{k} {hat:.2f}" + (f" ({counted} cases)" if counted < metric.cases else "")
            for k, hat, counted in metric.pass_hat
        )
        unscored = (
            f" ({metric.unscored} more unscored, NOT_EVALUATED: left out of every rate)"
            if metric.unscored
            else ""
        )
        lines += [
            f"metric {metric.metric}: {metric.passed} of {metric.case_runs} case-runs passed "
            f"over {plural(metric.cases, 'case')}{unscored}; {hats or 'no pass^k'}",
            "  case: passed/runs, pass rate [Wilson 95%], pass^k for k = 1..runs",
        ]
        mine = [c for c in cases if c.metric == metric.metric]
        width = max(len(c.case) for c in mine)
        lines += [f"  {c.case:<{width}}  {_case_text(c)}" for c in mine]
        flaky = [c.case for c in mine if c.flaky]
        lines.append(
            f"  flaky cases (passed some runs, not all): {len(flaky)}"
            + (f": {', '.join(flaky)}" if flaky else "")
        )
        its_kinds = [k for k in kinds if k.metric == metric.metric]
        if its_kinds:
            lines.append("  requirement kind: not met/judged, failure rate [Wilson 95%]")
            lines += [
                f"    {k.kind}: {k.not_met}/{k.judged}  {k.not_met / k.judged:.2f} "
                f"{_interval(k.interval)}"
                for k in its_kinds
            ]
        elif any(not r.all_listed for r in records if r.metric == metric.metric):
            lines.append(
                "  requirement kinds: eval history lists only requirements not met, so gives no "
                "failure rate; give the details folder for them"
            )
    return lines


def run_stats(args: argparse.Namespace) -> int:
    """Print the statistics of the runs in every input together (each run once); exit 0."""
    records = _chosen(load_all(args.inputs), args.metric, ", ".join(str(p) for p in args.inputs))
    if args.json:
        print(json.dumps(stats_json(records), indent=2, ensure_ascii=False))
    else:
        print(without_surrogates("\n".join(stats_lines(records))))
    return 0
