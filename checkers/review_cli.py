"""``checkers sample`` (pick verdicts for people to read, write the review sheet) and
``checkers calibrate --sheet`` (read the filled sheet back, measure evaluators against people).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from checkers.errors import CheckersError, ConfigError
from checkers.review import (
    TRIGGERS,
    Pick,
    ReviewItem,
    SamplePlan,
    covered_strata,
    load_items,
    pick_items,
    strata,
)
from checkers.review_read import read_sheet
from checkers.review_sheet import DEFAULT_TEXT_LIMIT, sheet_rows, write_sheet
from checkers.text import cut

SAMPLE_EXAMPLES = """\
examples:
  checkers sample verdicts.jsonl --random 0.05 --out review.csv
  checkers sample verdicts.jsonl --stratified 30 --trigger unscored,near-threshold --seed 7 \\
      --sessions tau-bench:runs.jsonl --out review.csv
  checkers sample .checkers/details --trigger disagreement --judge-metric explains_each_guest \\
      --out review.jsonl

Inputs: checkers score output (*.jsonl), details folders, eval-history files or folders.
Picking (any together; an item picked twice says both reasons):
  --random SHARE      that share of the verdicts, at random
  --stratified N      every domain, metric, reason code and score band at least once, then
                      filled at random up to N
  --trigger LIST      unscored (failures with unscored requirements), near-threshold (a score
                      below 1 within --near-band of the threshold), disagreement (a checker
                      and a model judge disagreeing on the same session or case run)
The same inputs and --seed give the same sheet. Fill the columns accuracy, completeness,
politeness, actionability (1-5), agrees_with_verdict (yes/no) and feedback, then:
  checkers calibrate --sheet review.csv
"""


def _triggers(text: str) -> frozenset[str]:
    return frozenset(part.strip() for part in text.split(",") if part.strip())


def _share(text: str) -> float:
    try:
        return float(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"a share such as 0.05, got {text!r}") from error


def add_sample_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``checkers sample``; its handler is ``args.handler(args) -> exit code``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "sample",
        help="pick verdicts for people to review and write the review sheet (CSV or JSONL)",
        description="Reads verdicts, picks items for human review (random share, stratified, "
        "triggers), and writes a review sheet with the rating columns for reviewers.",
        epilog=SAMPLE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("inputs", nargs="+", type=Path, help="verdicts to pick from")
    parser.add_argument("--out", type=Path, required=True, help="the sheet: *.csv or *.jsonl")
    parser.add_argument("--random", type=_share, metavar="SHARE", help="a share in (0, 1]")
    parser.add_argument("--stratified", type=int, metavar="N", help="sample size, strata first")
    parser.add_argument(
        "--trigger",
        type=_triggers,
        default=frozenset(),
        metavar="LIST",
        help=f"comma-separated: {','.join(TRIGGERS)}",
    )
    parser.add_argument(
        "--near-band", type=float, default=0.1, help="near-threshold: |score - threshold| <= this"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the random picks")
    parser.add_argument(
        "--judge-metric",
        action="append",
        default=[],
        metavar="NAME",
        help="a metric a model decides (repeatable; the domains' model-judged metrics and "
        "ADK's are known already)",
    )
    parser.add_argument(
        "--sessions",
        metavar="SOURCE",
        help="where the scored sessions are (as for checkers score --sessions), to put a "
        "conversation excerpt in the text to read",
    )
    parser.add_argument("--app", help="with --sessions of ADK's database: the app")
    parser.add_argument(
        "--text-limit",
        type=int,
        default=DEFAULT_TEXT_LIMIT,
        help=f"characters of text to read per row (default {DEFAULT_TEXT_LIMIT})",
    )
    parser.set_defaults(handler=run_sample)
    return parser


def registered_judges(domains: Iterable[str]) -> set[str]:
    """The metrics a model judges in each named, installed domain (others are skipped: a
    verdict's domain need not be installed where it is reviewed)."""
    from checkers.registry import domain_metrics, domain_names

    known = set(domain_names())
    found: set[str] = set()
    for domain in sorted(set(domains) & known):
        try:
            metrics = domain_metrics(domain)
        except CheckersError:
            continue
        found |= {name for name, metric in metrics.items() if metric.judge_async is not None}
    return found


def conversation_lines(
    source: str, app: str | None, wanted: Collection[str]
) -> dict[str, list[str]]:
    """Per session id in ``wanted``, its conversation as lines (``user: ...``, ``tool call:
    ...``, ``agent: ...``), from the sessions at ``source``. A session whose events cannot be
    read gets one line saying why."""
    from checkers.events import EventsError
    from checkers.score import DeadLetter
    from checkers.sources import ReadOptions, open_sessions
    from checkers.transcript import brief_json

    found: dict[str, list[str]] = {}
    for session in open_sessions(source, ReadOptions(app, include_eval=True)):
        if isinstance(session, DeadLetter) or session.session_id not in wanted:
            continue
        try:
            turns = session.conversation()
        except EventsError as error:
            found[session.session_id] = [f"(the conversation cannot be read: {error})"]
            continue
        lines = []
        for turn in turns:
            if turn.user_text:
                lines.append("user: " + cut(" ".join(turn.user_text.split()), 600))
            lines += [
                f"tool call: {call.name}({brief_json(call.args, 200)})" for call in turn.tool_calls
            ]
            if turn.agent_text:
                lines.append("agent: " + cut(" ".join(turn.agent_text.split()), 600))
        found[session.session_id] = lines
    return found


def _classified(items: Sequence[ReviewItem]) -> list[ReviewItem]:
    judges = registered_judges(item.domain for item in items if item.domain)
    return [replace(i, evaluator="judge") if i.metric in judges else i for i in items]


def summary_lines(items: Sequence[ReviewItem], picks: Sequence[Pick], out: Path) -> list[str]:
    """What was picked, by reason, and the strata covered."""
    by_way: dict[str, int] = {}
    for pick in picks:
        for why in pick.why:
            way = why.split(":")[0] if why.startswith("trigger") else why.split(" ")[0]
            by_way[way] = by_way.get(way, 0) + 1
    present = {s for item in items for s in strata(item)}
    covered = covered_strata(picks) & present
    return [
        f"picked {len(picks)} of {len(items)} verdicts ("
        + ", ".join(f"{way} {count}" for way, count in sorted(by_way.items()))
        + ")",
        f"strata covered: {len(covered)} of {len(present)} (domain, metric, reason code, "
        "score band)",
        f"review sheet: {out}; fill accuracy, completeness, politeness, actionability (1-5), "
        f"agrees_with_verdict (yes/no), feedback; then checkers calibrate --sheet {out}",
    ]


def run_sample(args: argparse.Namespace, err: TextIO | None = None) -> int:
    """The ``sample`` command: write the sheet, print a summary on stderr; exit 0. Raises
    ConfigError or DataError for inputs it cannot use (exit 2)."""
    plan = SamplePlan(
        seed=args.seed,
        random_share=args.random,
        stratified=args.stratified,
        triggers=args.trigger,
        near_band=args.near_band,
    )
    if args.text_limit < 200:
        raise ConfigError(f"--text-limit must be 200 or more, got {args.text_limit}")
    if args.out.resolve() in {p.resolve() for p in args.inputs}:
        raise ConfigError(f"--out {args.out} is one of the inputs; give another file")
    items = _classified(load_items(args.inputs, args.judge_metric))
    if not items:
        raise ConfigError("the inputs hold no verdicts to pick from")
    picks = pick_items(items, plan)
    conversations = None
    if args.sessions:
        wanted = {p.item.session_id for p in picks if p.item.session_id}
        conversations = conversation_lines(args.sessions, args.app, wanted)
    write_sheet(args.out, sheet_rows(picks, args.seed, conversations, args.text_limit))
    lines = summary_lines(items, picks, args.out)
    if (
        plan.stratified is not None
        and len(picks) > plan.stratified
        and not (plan.random_share or plan.triggers)
    ):
        lines.insert(
            1, f"covering every stratum took {len(picks)}, more than --stratified {plan.stratified}"
        )
    for line in lines:
        print(line, file=err or sys.stderr)
    return 0


def run_sheet_calibrate(args: argparse.Namespace, out: TextIO) -> int:
    """``checkers calibrate --sheet FILLED``: the agreement report; exit 1 when the gate
    (--min-kappa, --min-accuracy, --max-false-pass, over all reviewed rows; accuracy is the
    agreement rate) fails, else 0. Raises DataError listing every problem of the sheet."""
    from checkers.review_figures import report_lines, sheet_report
    from checkers.rubric.calibrate import Gate

    path = Path(args.sheet)
    rows = read_sheet(path, partial=args.partial)
    report = sheet_report(rows, str(path))
    if not report.reviewed:
        raise ConfigError(f"no row of {path} is reviewed; fill agrees_with_verdict (yes or no)")
    gate = Gate(args.min_kappa, args.min_accuracy, args.max_false_pass)
    if args.json:
        out.write(json.dumps(report.as_json(gate), ensure_ascii=False, indent=2) + "\n")
    else:
        out.write("\n".join(report_lines(report, gate, args.show)) + "\n")
    return 1 if gate.failures(report.overall.figures) else 0
