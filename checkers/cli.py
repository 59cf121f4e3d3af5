"""The ``checkers`` command line.

``checkers check DOMAIN --scenario ID_OR_PATH --answer PATH_OR_TEXT [--json]`` judges one answer;
``checkers check DOMAIN --batch FILE.jsonl`` judges many (one JSON object per line in, one per
line out: a line that cannot be judged, whatever it holds, gets an ``error`` object in its place,
and a key given twice in one object is such a line, never judged on one of its two values). The
exit code is 0 whether answers pass or fail; 2 for usage or configuration errors, an unusable
batch line, or output that cannot be written, with a message that names the problem and the fix.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from checkers.compare_cli import add_compare_parsers
from checkers.conversation import RUN_NOT_FINISHED, RUN_NOT_FINISHED_MESSAGE
from checkers.details import answer_text, writable
from checkers.errors import CheckersError, ConfigError
from checkers.eval_cli import add_eval_parser
from checkers.export import add_export_parser
from checkers.generate_cli import add_generate_parser
from checkers.json_input import DuplicateKeyError, loads_unique
from checkers.metric import BatchItem, Metric, check_threshold, describe, error_text
from checkers.progress import Progress
from checkers.registry import find_metric
from checkers.report import add_report_parser
from checkers.results import Outcome, Verdict
from checkers.review_cli import add_sample_parser
from checkers.rubric.calibrate import add_calibrate_parser
from checkers.scaffold import add_new_parser
from checkers.score_cli import add_score_parser
from checkers.shadow_cli import add_shadow_parser
from checkers.text import one_line, without_surrogates
from checkers.transcript import Transcript

EXIT_USAGE = 2

CHECK_EXAMPLES = """examples:
  checkers check dining --scenario story-six --answer '{"restaurant": "r01", "time": "19:00"}'
  checkers check dining --scenario my_group.json --answer answer.txt --json
  checkers check dining --batch answers.jsonl > verdicts.jsonl
  checkers check orders --scenario task-0 --answer trajectory.json --json
  checkers check orders --batch mutation_triples_dev.jsonl > verdicts.jsonl
batch lines look like: {"id": "a1", "scenario": "story-six", "answer": "<agent final text>"}
(a domain may read richer answers and lines: orders reads tau-bench trajectories and
mutation triples, and reports agreement with their official verdicts)
"""


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """The verdict as the JSON the CLI prints: score, passed, and per subject the results."""
    payload = verdict.model_dump(mode="json")
    payload["score_fraction"] = str(verdict.score_fraction)
    payload["unmet_subjects"] = [s.name for s in verdict.unmet_subjects()]
    return payload


def verdict_text(verdict: Verdict, noun: str = "subject") -> str:
    """A readable verdict: the summary line, answer problems, then each subject (called
    ``noun``: "guest") with the reasons of what it did not get."""
    lines = [f"scenario {verdict.scenario_id}: {verdict.summary(noun)}"]
    if verdict.answer is not None:
        lines.append(f"answer read: {answer_text(verdict.answer)}")
    lines += [f"answer problem [{p.code}]: {p.message}" for p in verdict.problems]
    lines += [f"note: {n}" for n in verdict.notes]
    for subject in verdict.subjects:
        mark = "satisfied" if subject.satisfied else "NOT satisfied"
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
        is_file = len(value) < 4096 and path.is_file()
    except OSError:  # e.g. "File name too long": an answer text, not a path
        return value
    if not is_file:
        return value
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot read answer file {value!r}: {error}") from error


def _load(metric: Metric[Any], scenario: Any) -> Any:
    """``scenario`` loaded when it is an id or path; ConfigError when it names nothing loadable."""
    if not isinstance(scenario, str):
        return scenario
    try:
        return metric.domain.load_scenario(scenario)
    except (ValueError, OSError) as error:
        if isinstance(error, CheckersError):
            raise
        raise ConfigError(
            f"scenario {without_surrogates(scenario)[:200]!r} cannot be loaded ({error}); give a "
            f"scenario id such as {', '.join(metric.domain.scenario_ids()[:3])} or a JSON file"
        ) from error


def _scenario_id(scenario: Any) -> str:
    """The id a verdict names: the id or path given, or a loaded scenario's id."""
    return scenario if isinstance(scenario, str) else str(getattr(scenario, "id", "?"))


def _judge_item(metric: Metric[Any], item: BatchItem[Any], threshold: float) -> Verdict:
    """The verdict on one batch line. A run tau-bench stopped at its step limit (labelled
    :data:`~checkers.conversation.RUN_NOT_FINISHED`) fails with that reason, unjudged, as
    ``checkers score`` fails the same run: what the agent would have done next is unknown, so
    neither path may pass it."""
    if item.label == RUN_NOT_FINISHED:
        return metric.problem_verdict(
            _scenario_id(item.scenario), threshold, RUN_NOT_FINISHED, RUN_NOT_FINISHED_MESSAGE
        )
    return _judge(metric, item.scenario, item.transcript, threshold)


def _judge(metric: Metric[Any], scenario: Any, transcript: Transcript, threshold: float) -> Verdict:
    """Judge ``transcript``; ``scenario`` is an id or path to load, or a loaded scenario.

    Raises ConfigError (or ScenarioNotFound) when the scenario cannot be loaded; an exception
    while judging becomes a failing verdict with reason ``evaluator_error``, never a traceback.
    """
    loaded = _load(metric, scenario)
    scenario_id = _scenario_id(scenario)
    try:
        return metric.judge(loaded, transcript, threshold)
    except Exception as error:
        return metric.evaluator_error(scenario_id, threshold, error)


def _print(text: str, file: TextIO | None = None) -> None:
    # Agent text may hold lone surrogates, which no terminal encoding accepts.
    print(without_surrogates(text), file=file)


def _batch_rows(handle: Iterable[str]) -> Iterator[tuple[int, dict[str, Any] | str]]:
    """``(line number, the object or what is wrong with the line)`` for each non-blank line."""
    for number, line in enumerate(handle, start=1):
        if line.strip():
            yield number, _batch_row(line)


_NOT_UTF8 = re.compile("[\udc80-\udcff]")
"""What a byte that is not UTF-8 becomes in a line read with ``errors="surrogateescape"``."""


def _batch_row(line: str) -> dict[str, Any] | str:
    """The object one batch line holds, or what is wrong with it: never an exception, so one
    line (bytes that are not UTF-8, JSON nested too deep, a 5,000-digit number, a key given
    twice) is one unusable line, not the end of the batch."""
    if _NOT_UTF8.search(line):
        return "line is not UTF-8 text; save the file as UTF-8"
    try:
        # A byte order mark (a file saved on Windows) is no part of the line's JSON.
        row = loads_unique(line.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        return f"line is not JSON ({error.msg} at column {error.colno})"
    except DuplicateKeyError as error:  # two answers, two scenarios: never judge one of them
        return f"line is not one answer: {error}"
    except ValueError as error:
        return f"line is not JSON ({str(error)[:200]})"
    if not isinstance(row, dict):
        return 'each line must be an object with a "scenario" id and an "answer" text'
    return row


def _open_batch(path: str) -> TextIO:
    """The batch file at ``path``, its bytes that are not UTF-8 kept as lone surrogates
    (:func:`_batch_row` refuses their lines). Raises ConfigError naming ``path``."""
    try:
        return open(path, encoding="utf-8", errors="surrogateescape")
    except OSError as error:
        raise ConfigError(f"cannot read batch file {path!r}: {error.strerror}") from error


def _read_lines(source: TextIO, path: str) -> Iterator[str]:
    """The lines of the batch file ``source``; ConfigError naming ``path`` when reading fails."""
    while True:
        try:
            line = source.readline()
        except OSError as error:
            raise ConfigError(f"cannot read batch file {path!r}: {error.strerror}") from error
        if not line:
            return
        yield line


@dataclass
class BatchTally:
    """What a batch run found: verdicts, unusable lines, and agreement with reference verdicts."""

    passed: int = 0
    failed: int = 0
    undecided: int = 0
    """Failed lines that turn on unscored results (they would pass were those met)."""
    errors: int = 0
    compared: int = 0
    """Lines that carried a reference verdict."""
    agreed: int = 0
    disagreements: list[tuple[int, str | None]] = field(default_factory=list)
    """(line number, label) of each line whose verdict differs from its reference."""
    labels: Counter[str] = field(default_factory=Counter)
    """How many lines carry each label, agreeing or not."""

    def report(self) -> list[str]:
        """The summary lines printed after a batch (to stderr)."""
        undecided = (
            f" ({self.undecided} of them only for results the evaluator could not decide)"
            if self.undecided
            else ""
        )
        lines = [
            f"judged {self.passed + self.failed}: {self.passed} passed, {self.failed} failed"
            f"{undecided}; {self.errors} unusable lines"
        ]
        if not self.compared:
            return lines
        lines.append(f"agreement with the reference verdict: {self.agreed}/{self.compared} lines")
        unexplained = [n for n, label in self.disagreements if label is None]
        explained = [(n, label) for n, label in self.disagreements if label is not None]
        if explained:
            lines.append(
                "disagreements explained by a label: "
                + "; ".join(f"line {n} [{label}]" for n, label in explained)
            )
        if unexplained:
            lines.append(f"UNEXPLAINED disagreements on lines: {', '.join(map(str, unexplained))}")
        if self.labels:
            lines.append(
                "labelled lines: " + ", ".join(f"{k} x{v}" for k, v in sorted(self.labels.items()))
            )
        return lines


def run_batch(
    metric: Metric[Any],
    source: Iterable[str],
    out: TextIO,
    threshold: float,
    progress: Progress | None = None,
) -> BatchTally:
    """Judge every line of ``source``; write one JSON line per input line to ``out``.

    The metric's domain reads each line (:meth:`~checkers.metric.Domain.batch_item`). A line
    that cannot be judged at all (bad JSON, unknown scenario) gets an ``error`` object in its
    place. A line carrying a reference verdict gets ``reference_passed`` and ``agrees``.
    ``progress`` is told each line number as it is read (shown on a terminal only).
    """
    tally = BatchTally()
    for number, row in _batch_rows(source):
        if progress is not None:
            progress.update(number)
        if isinstance(row, str):
            tally.errors += 1
            out.write(json.dumps({"line": number, "error": row}) + "\n")
            continue
        try:
            item = metric.domain.batch_item(row)
            verdict = _judge_item(metric, item, threshold)
        except Exception as error:  # one bad line never stops the batch
            tally.errors += 1
            message = str(error) if isinstance(error, CheckersError) else describe(error)
            line = {"line": number, "id": _printable(row.get("id")), "error": message}
            out.write(one_line(without_surrogates(json.dumps(line, ensure_ascii=False))) + "\n")
            continue
        tally.passed += verdict.passed
        tally.failed += not verdict.passed
        tally.undecided += verdict.undecided
        extra: dict[str, Any] = dict(item.fields)
        if item.label is not None:
            extra["label"] = item.label
            tally.labels[item.label] += 1
        comparable = item.reference_metric in (None, metric.name)
        if item.reference_passed is not None and not comparable:
            extra["reference_passed"] = item.reference_passed
        if item.reference_passed is not None and comparable:
            agrees = item.reference_passed == verdict.passed
            extra |= {"reference_passed": item.reference_passed, "agrees": agrees}
            tally.compared += 1
            tally.agreed += agrees
            if not agrees:
                tally.disagreements.append((number, item.label))
        payload = {
            "line": number,
            "id": _printable(row.get("id")),
            **extra,
            **verdict_json(verdict),
        }
        out.write(_json_line(payload))
    return tally


def _printable(value: Any) -> Any:
    """A line's id as given when JSON can print it back, else its text form."""
    return value if value is None or isinstance(value, (str, int, float, bool)) else repr(value)


def _json_line(payload: dict[str, Any]) -> str:
    try:
        text = json.dumps(payload, ensure_ascii=False)
    except (ValueError, RecursionError):  # an answer nested beyond the recursion limit
        text = json.dumps(writable(payload), ensure_ascii=False)
    return one_line(without_surrogates(text)) + "\n"


def _cmd_check(args: argparse.Namespace) -> int:
    metric = find_metric(args.domain, args.metric)
    threshold = metric.default_threshold if args.threshold is None else args.threshold
    check_threshold(threshold, "--threshold")
    if args.batch is not None:
        if args.scenario or args.answer is not None:
            raise ConfigError(
                "--batch reads scenarios and answers from the file; drop --scenario/--answer"
            )
        # Bytes that are not UTF-8 are kept (as lone surrogates) for _batch_row to refuse
        # their line alone. Only reading is a ConfigError here: an error writing the verdicts
        # goes on up to main(), which says so.
        with _open_batch(args.batch) as source:
            total = sum(1 for _ in _read_lines(source, args.batch))
            source.seek(0)
            with Progress(f"{args.domain}: judging line", total) as progress:
                lines = _read_lines(source, args.batch)
                tally = run_batch(metric, lines, sys.stdout, threshold, progress)
        for line in tally.report():
            _print(line, sys.stderr)
        return EXIT_USAGE if tally.errors else 0
    if not args.scenario or args.answer is None:
        raise ConfigError("give --scenario ID_OR_PATH and --answer PATH_OR_TEXT, or --batch FILE")
    transcript = metric.domain.parse_answer(read_answer_arg(args.answer))
    verdict = _judge(metric, args.scenario, transcript, threshold)
    if args.json:
        try:
            shown = json.dumps(verdict_json(verdict), ensure_ascii=False, indent=2)
        except (ValueError, RecursionError):
            shown = json.dumps(writable(verdict_json(verdict)), ensure_ascii=False, indent=2)
        _print(shown)
    else:
        _print(verdict_text(verdict, metric.domain.subject_noun))
    return 0


META_EXAMPLES = """examples:
  checkers meta dining                 # the CI profile: 200 examples per property, fixed seed
  checkers meta dining --profile thorough
  checkers meta dining --subjects 50-50 --only generated
  checkers meta                        # every domain that registers a meta spec
exit code: 0 when every meta-test held, 1 when one failed, 2 for usage errors.
"""


def _cmd_meta(args: argparse.Namespace) -> int:
    # Imported here: the meta harness needs hypothesis, which `checkers check` does not.
    from checkers.meta.cli import run_meta

    return run_meta(args.domain, args.profile, args.subjects, args.only, sys.stdout)


def _cmd_mutate(args: argparse.Namespace) -> int:
    from checkers.meta.mutation import render_report, run_mutation

    report = run_mutation(
        args.domain,
        workers=args.workers,
        profile=args.profile,
        modules=args.module or None,
        limit=args.limit,
        lines=args.line or (),
        all_tests=args.all_tests,
        journal=args.journal,
        run_equivalent=args.run_equivalent,
    )
    render_report(report, print)
    return 0


MUTATE_EXAMPLES = """examples:
  checkers mutate dining                      # every mutant of domains/dining/checks.py
  checkers mutate dining --limit 10           # a smoke run: the first ten mutants
  checkers mutate dining --line 142 --workers 4
  checkers mutate orders                      # checks.py and claims.py, as its plugin names
  checkers mutate orders --module domains/orders/claims.py   # only this file
  checkers mutate orders --journal /tmp/orders.jsonl   # stop any time; the same command resumes
prints each surviving or crashing mutant as it is judged (a progress line on a terminal), then the
share killed and every survivor's diff.
"""

TOP_EXAMPLES = """examples:
  checkers check dining --scenario story-six --answer '{"restaurant": "r01", "time": "19:30"}'
  checkers meta dining
  checkers new outings              # scaffold a new domain (walk-through: docs/tutorial.md)
run `checkers COMMAND --help` for a command's options and examples.
"""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``checkers`` command."""
    parser = argparse.ArgumentParser(
        prog="checkers",
        description="Requirement checkers for constraint-based agents.",
        epilog=TOP_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
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
    check.add_argument(
        "--answer",
        help="the answer (the agent's final text, or what the domain reads, e.g. a trajectory), "
        "or the path of a file holding it",
    )
    check.add_argument(
        "--batch", help="JSONL file: one {scenario, answer} object per line (or the domain's form)"
    )
    check.add_argument("--metric", help="metric name (default: the domain's first metric)")
    check.add_argument("--threshold", type=float, help="pass threshold (default: the metric's)")
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")
    check.set_defaults(handler=_cmd_check)
    add_calibrate_parser(commands)
    add_sample_parser(commands)
    add_report_parser(commands)
    meta = commands.add_parser(
        "meta",
        help="run the meta-tests that prove a domain's checkers, and print a table per checker",
        epilog=META_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    meta.add_argument("domain", nargs="?", help="domain name (default: every registered one)")
    meta.add_argument("--profile", help="hypothesis profile: ci (default) or thorough")
    meta.add_argument("--subjects", help="subjects per generated scenario, LO-HI or N, e.g. 2-6")
    meta.add_argument(
        "--only",
        choices=("known", "generated", "oracle", "invariant", "hostile", "coverage"),
        action="append",
        help="run only these groups of meta-tests (repeatable)",
    )
    meta.set_defaults(handler=_cmd_meta)
    mutate = commands.add_parser(
        "mutate",
        help="mutation-test a domain's checks with cosmic-ray; print the share of mutants killed",
        description="Runs the domain's meta-tests against every cosmic-ray mutant of the files "
        "its plugin names (default domains/DOMAIN/checks.py), in temporary copies of the "
        "project (needs the mutation extra: pip install -e '.[mutation]'). Each mutant runs "
        "only the meta-tests that execute its lines (coverage of one unmutated run). Slow: "
        "minutes per hundred mutants.",
        epilog=MUTATE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    mutate.add_argument("domain", help="domain name, e.g. dining")
    mutate.add_argument("--workers", type=int, default=2, help="parallel copies (default 2)")
    mutate.add_argument(
        "--profile", default="checkers-mutation", help="hypothesis profile (default: mutation)"
    )
    mutate.add_argument(
        "--module",
        action="append",
        help="file to mutate, relative to the project (repeatable; default: the domain "
        "plugin's mutate files)",
    )
    mutate.add_argument("--limit", type=int, help="mutate only the first N mutants (a smoke run)")
    mutate.add_argument(
        "--line", type=int, action="append", help="mutate only this line (repeatable)"
    )
    mutate.add_argument(
        "--all-tests",
        action="store_true",
        help="try each mutant against every meta-test, not only those that execute its lines",
    )
    mutate.add_argument(
        "--run-equivalent",
        action="store_true",
        help="also run the mutants listed as equivalent (skipped by default: they survive by "
        "construction), to check that each listing still holds",
    )
    mutate.add_argument(
        "--journal",
        type=Path,
        help="append each outcome to this JSON-lines file; a run given the same file reuses "
        "its kills of unchanged modules (resume a stopped run, or re-run after adding tests)",
    )
    mutate.set_defaults(handler=_cmd_mutate)
    add_new_parser(commands)
    add_export_parser(commands)
    add_score_parser(commands)
    add_shadow_parser(commands)
    add_compare_parsers(commands)
    add_eval_parser(commands)
    add_generate_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except CheckersError as error:
        print(f"checkers: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader (e.g. `| head`) closed the pipe: stop quietly, as Unix tools do.
        _drop_standard_output()
        return 0
    except OSError as error:
        # Writing the output failed (a full disk, standard output sent to /dev/full): say so,
        # and leave what is still buffered for standard output unwritten, so that exiting
        # raises no second error.
        print(f"checkers: error: {error_text(error)}; the command stopped there", file=sys.stderr)
        _drop_standard_output()
        return EXIT_USAGE


def _drop_standard_output() -> None:
    """Point standard output at the null device, so that what is still buffered for it is
    dropped at exit rather than raising again (a closed pipe, a full disk). Standard output
    that is no file (a test's capture) is left as it is."""
    # io.UnsupportedOperation (no file behind the stream) is an OSError and a ValueError.
    with contextlib.suppress(OSError, ValueError, AttributeError):
        descriptor = sys.stdout.fileno()
        os.dup2(os.open(os.devnull, os.O_WRONLY), descriptor)


if __name__ == "__main__":
    sys.exit(main())
