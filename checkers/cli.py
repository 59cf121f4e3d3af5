"""The ``checkers`` command line.

``checkers check DOMAIN --scenario ID_OR_PATH --answer PATH_OR_TEXT [--json]`` judges one answer;
``checkers check DOMAIN --batch FILE.jsonl`` judges many (one JSON object per line in, one per
line out). The exit code is 0 whether answers pass or fail; 2 for usage or configuration errors,
with a message that names the problem and the fix.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from checkers.errors import CheckersError, ConfigError
from checkers.metric import Metric
from checkers.registry import find_metric
from checkers.results import Outcome, Verdict
from checkers.transcript import Transcript

EXIT_USAGE = 2

CHECK_EXAMPLES = """examples:
  checkers check dining --scenario story-six --answer '{"restaurant": "r01", "time": "19:00"}'
  checkers check dining --scenario my_group.json --answer answer.txt --json
  checkers check dining --batch answers.jsonl > verdicts.jsonl
batch lines look like: {"id": "a1", "scenario": "story-six", "answer": "<agent final text>"}
"""


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """The verdict as the JSON the CLI prints: score, passed, and per subject the results."""
    payload = verdict.model_dump(mode="json")
    payload["score_fraction"] = str(verdict.score_fraction)
    payload["unmet_subjects"] = [s.name for s in verdict.unmet_subjects()]
    return payload


def verdict_text(verdict: Verdict) -> str:
    """A readable verdict: the summary line, answer problems, then each unmet guest's reasons."""
    lines = [f"scenario {verdict.scenario_id}: {verdict.summary()}"]
    if verdict.answer is not None:
        lines.append(f"answer read: {json.dumps(verdict.answer, ensure_ascii=False)}")
    lines += [f"answer problem [{p.code}]: {p.message}" for p in verdict.problems]
    lines += [f"note: {n}" for n in verdict.notes]
    for subject in verdict.subjects:
        mark = "served" if subject.satisfied else "NOT served"
        lines.append(f"  {subject.name}: {mark}")
        for result in subject.results:
            if result.outcome is not Outcome.PASS:
                lines.append(
                    f"    {result.outcome.value:<10} {result.kind} [{result.reason_code}]: "
                    f"{result.reason}"
                )
    return "\n".join(lines)


def read_answer_arg(value: str) -> str:
    """``--answer`` is a file's path when such a file exists, otherwise the answer text."""
    path = Path(value)
    try:
        if len(value) < 4096 and path.is_file():
            return path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot read answer file {value!r}: {error}") from error
    return value


def _judge(metric: Metric[Any], scenario: str, answer: str | None, threshold: float) -> Verdict:
    scenario_obj = metric.domain.load_scenario(scenario)
    return metric.judge(scenario_obj, Transcript(final_text=answer), threshold)


def _batch_rows(handle: TextIO) -> Iterator[tuple[int, dict[str, Any] | str]]:
    for number, line in enumerate(handle, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            yield number, f"line is not JSON ({error.msg} at column {error.colno})"
            continue
        if not isinstance(row, dict) or not isinstance(row.get("scenario"), str):
            yield number, 'each line must be an object with a "scenario" id and an "answer" text'
            continue
        if row.get("answer") is not None and not isinstance(row["answer"], str):
            yield number, '"answer" must be the agent\'s final text (a string) or null'
            continue
        yield number, row


def run_batch(
    metric: Metric[Any], source: TextIO, out: TextIO, threshold: float
) -> tuple[int, int, int]:
    """Judge every line of ``source``; write one JSON line per input line to ``out``.

    A line that cannot be judged at all (bad JSON, unknown scenario) gets an ``error`` object in
    its place. Returns (passed, failed, errors).
    """
    passed = failed = errors = 0
    for number, row in _batch_rows(source):
        if isinstance(row, str):
            errors += 1
            out.write(json.dumps({"line": number, "error": row}) + "\n")
            continue
        try:
            verdict = _judge(metric, row["scenario"], row.get("answer"), threshold)
        except CheckersError as error:
            errors += 1
            out.write(json.dumps({"line": number, "id": row.get("id"), "error": str(error)}) + "\n")
            continue
        passed += verdict.passed
        failed += not verdict.passed
        out.write(
            json.dumps({"line": number, "id": row.get("id"), **verdict_json(verdict)}) + "\n"
        )
    return passed, failed, errors


def _cmd_check(args: argparse.Namespace) -> int:
    metric = find_metric(args.domain, args.metric)
    threshold = metric.default_threshold if args.threshold is None else args.threshold
    if args.batch is not None:
        if args.scenario or args.answer is not None:
            raise ConfigError("--batch reads scenarios and answers from the file; drop --scenario/--answer")
        try:
            with open(args.batch, encoding="utf-8") as source:
                passed, failed, errors = run_batch(metric, source, sys.stdout, threshold)
        except OSError as error:
            raise ConfigError(f"cannot read batch file {args.batch!r}: {error.strerror}") from error
        print(f"judged {passed + failed}: {passed} passed, {failed} failed; {errors} unusable lines",
              file=sys.stderr)
        return EXIT_USAGE if errors else 0
    if not args.scenario or args.answer is None:
        raise ConfigError("give --scenario ID_OR_PATH and --answer PATH_OR_TEXT, or --batch FILE")
    verdict = _judge(metric, args.scenario, read_answer_arg(args.answer), threshold)
    if args.json:
        print(json.dumps(verdict_json(verdict), ensure_ascii=False, indent=2))
    else:
        print(verdict_text(verdict))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``checkers`` command."""
    parser = argparse.ArgumentParser(
        prog="checkers", description="Requirement checkers for constraint-based agents."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser(
        "check",
        help="judge one answer, or a batch of answers",
        epilog=CHECK_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    check.add_argument("domain", help="domain name, e.g. dining")
    check.add_argument("--scenario", help="scenario id, or path of a scenario JSON file")
    check.add_argument("--answer", help="the agent's final text, or the path of a file holding it")
    check.add_argument("--batch", help="JSONL file: one {scenario, answer} object per line")
    check.add_argument("--metric", help="metric name (default: the domain's first metric)")
    check.add_argument("--threshold", type=float, help="pass threshold (default: the metric's)")
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")
    check.set_defaults(handler=_cmd_check)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except CheckersError as error:
        print(f"checkers: error: {error}", file=sys.stderr)
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
