"""Results of repeated runs, read for statistics: one :class:`RunRecord` per case, run and metric.

Three sources, told apart by :func:`load_records`:

- ADK's eval history (``<agent>/.adk/eval_history/*.evalset_result.json``, one file per
  ``adk eval``): the case is ADK's ``eval_id``; the requirements are the metric's rubric scores
  (:mod:`checkers.reasons`), which name only what was not met (a run that lists none met them
  all). Read by hand, as :mod:`checkers.report.history` does: importing ADK costs seconds.
- The details directories the metric adapter writes (:mod:`checkers.details`): the case is the
  scenario id; every requirement of every subject is there.
- ``checkers score`` output (JSON lines, :meth:`checkers.score.SessionVerdict.as_json`): the case
  is the scenario id, each session one run of it.

Runs are numbered per case and metric in the order they happened (history files by their
creation time, details files by their time stamp, score lines in file order), from 0, so run 2
of a case in one source pairs with run 2 of that case in another.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from checkers.errors import ConfigError, DataError
from checkers.json_input import loads_unique
from checkers.numbers import shown_value
from checkers.report.history import HISTORY_SUFFIX, history_files
from checkers.report.loading import find_details_files, load_details_file
from checkers.results import Outcome, Verdict

__all__ = [
    "RequirementRecord",
    "RunRecord",
    "load_all",
    "load_records",
    "read_details",
    "read_eval_history",
    "read_score_output",
    "verdict_record",
]

ANSWER = "(answer)"
"""The subject of an answer problem (the answer as a whole, not one subject)."""

# Worst first: a requirement judged in several invocations counts by its worst outcome.
_SEVERITY = {Outcome.FAIL: 3, Outcome.INCOMPLETE: 2, Outcome.UNSCORED: 1, Outcome.PASS: 0}
# adk's EvalStatus values as stored in eval-history files (google.adk.evaluation.evaluator).
_STATUS = {1: "PASSED", 2: "FAILED", 3: "NOT_EVALUATED", 4: "INFORMATIONAL"}
_NOT_EVALUATED = "NOT_EVALUATED"
# A rubric score's rationale (checkers.reasons): "[invocation N: ]fail (reason_code): reason".
_RATIONALE = re.compile(r"^(?:invocation \d+: )?(fail|incomplete|unscored) \(([^)]*)\): ")


@dataclass(frozen=True)
class RequirementRecord:
    """One requirement of one subject in one run, and how it came out."""

    subject: str
    """The subject's name (``"Ana"``), or ``"(answer)"`` for a problem with the whole answer."""
    kind: str
    """The requirement kind (``"diet"``), or ``"problem:<code>"`` for an answer problem."""
    outcome: Outcome
    reason_code: str


@dataclass(frozen=True)
class RunRecord:
    """One metric's result on one case in one run."""

    case: str
    """The eval case id (eval history) or scenario id (details, score output)."""
    run: int
    """The run's number among this case's runs under this metric, from 0, in time order."""
    metric: str
    score: float | None
    """The case's score as reported; None when the metric reported none (NOT_EVALUATED)."""
    passed: bool
    """ADK said PASSED; False for a failed run and for an unscored one (see :attr:`unscored`)."""
    requirements: tuple[RequirementRecord, ...]
    all_listed: bool
    """True when ``requirements`` lists every requirement judged (details, score output); False
    when only those not met are listed (eval history), so a requirement missing was met."""
    source: str
    """Where it was read: the file, and the line for score output."""
    threshold: float | None = None
    """The threshold the metric judged this run at; None when the source does not say."""
    eval_set: str = ""
    """The eval set the case is from (eval history); empty when the source does not say
    (details and score output name a case by its scenario id, which names the task itself)."""
    run_id: str = ""
    """What names the run wherever it is copied: ADK's ``eval_set_result_id`` (eval history),
    the file's name (details: the metric gives each a random id); empty for score output, whose
    sessions two versions of a metric may both score."""
    unscored: bool = False
    """The metric reported NOT_EVALUATED (criterion option ``unscored: not_evaluated``): the
    evaluator could not judge the run, so it is neither a pass nor a failure and statistics
    leave it out of pass rates and tests (:mod:`checkers.run_stats`, :mod:`checkers.compare`)."""

    def not_met(self) -> Iterator[RequirementRecord]:
        """The requirements that did not pass (failed, incomplete or unscored)."""
        return (r for r in self.requirements if r.outcome is not Outcome.PASS)


def _numbered(records: Iterable[RunRecord]) -> list[RunRecord]:
    """``records`` (in time order) with each one's run number among its case and metric."""
    seen: dict[tuple[str, str], int] = {}
    numbered = []
    for record in records:
        key = (record.case, record.metric)
        numbered.append(replace(record, run=seen.get(key, 0)))
        seen[key] = seen.get(key, 0) + 1
    return numbered


def _verdict_requirements(verdicts: Sequence[Verdict]) -> tuple[RequirementRecord, ...]:
    """Every requirement of the verdicts, each once, at its worst outcome over the invocations
    (a conversation judged after each turn fails a requirement if any turn failed it)."""
    worst: dict[tuple[str, str, int], RequirementRecord] = {}
    for verdict in verdicts:
        for position, problem in enumerate(verdict.problems):
            key = (ANSWER, f"problem:{problem.code}", position)
            worst[key] = RequirementRecord(key[0], key[1], Outcome.FAIL, problem.code)
        for subject in verdict.subjects:
            for position, result in enumerate(subject.results):
                key = (subject.name, result.kind, position)
                held = worst.get(key)
                if held is None or _SEVERITY[result.outcome] > _SEVERITY[held.outcome]:
                    worst[key] = RequirementRecord(
                        subject.name, result.kind, result.outcome, result.reason_code
                    )
    return tuple(worst.values())


def read_details(directories: Sequence[Path]) -> list[RunRecord]:
    """The runs in the details directories (searched recursively), in time-stamp order.

    Raises ConfigError when a directory is missing or holds no details file, DataError naming
    the first details file that cannot be read (statistics over a silently shortened set of runs
    would mislead) or a run read twice (two files of one name: the metric names each file by
    its time and a random id, so a second one is a copy).
    """
    files = find_details_files(directories)
    _refuse_repeats(
        ((path.name, path) for path in files),
        "details file",
        "a copy of a run counts as a second run and overstates the evidence",
    )
    runs = sorted(
        (load_details_file(path) for path in files),
        key=lambda r: (r.stamp, str(r.path)),
    )
    records = []
    for run in runs:
        details = run.details
        if details.overall_status == "INFORMATIONAL":
            # Neither pass nor failure nor unscored: counted as a failure, it would make the
            # other side of a comparison look better on a run nobody judged.
            raise DataError(
                f"{run.path}: overall_status is INFORMATIONAL, which a checkers metric never "
                "reports (a case is PASSED, FAILED or NOT_EVALUATED), so whether the run passed "
                "cannot be told; leave the file out or rerun the evaluation"
            )
        records.append(
            RunRecord(
                case=details.scenario_id,
                run=0,
                metric=details.metric,
                score=details.overall_score,
                passed=details.overall_status == "PASSED",
                unscored=details.overall_status == _NOT_EVALUATED,
                requirements=_verdict_requirements(details.invocations),
                all_listed=True,
                source=str(run.path),
                threshold=details.threshold,
                run_id=run.path.name,
            )
        )
    return _numbered(records)


def _history_fail(path: Path, what: str) -> DataError:
    return DataError(
        f"{path} is not a readable adk eval-history result: {what}; leave it out or rerun adk eval"
    )


def _field(data: Any, snake: str) -> Any:
    """A field of ADK's models by its name or its camelCase alias (ADK reads both); None when
    ``data`` is not an object."""
    if not isinstance(data, dict):
        return None
    if snake in data:
        return data[snake]
    head, *rest = snake.split("_")
    return data.get(head + "".join(part.capitalize() for part in rest))


def _objects(value: Any) -> list[dict[str, Any]]:
    """The objects in a list field; an absent field is empty. Raises ValueError for a value
    that is not a list (the caller names the file)."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValueError(f"expected a list, got {type(value).__name__}")
    return [item for item in value if isinstance(item, dict)]


def _number(value: Any) -> float | None:
    """A JSON number as a float; None for anything else, and for NaN and the infinities (JSON
    as Python reads it holds them, and one NaN score would make every mean it enters NaN)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value)
        return number if math.isfinite(number) else None
    return None


def _score(value: Any, where: str) -> float | None:
    """A result's score: None when it has none, DataError naming ``where`` for a score that is
    not a finite number (NaN, infinite, text): such a result cannot be compared, and reading it
    as no score would hide it."""
    if value is None:
        return None
    number = _number(value)
    if number is None:
        raise DataError(
            f"{where}: the score {str(value)[:40]} is not a finite number; leave the file out or "
            "rerun the evaluation"
        )
    return number


def _status(value: Any, where: str) -> str:
    """A metric result's ``eval_status`` as the name of ADK's ``EvalStatus`` (its number, as
    ADK writes it, or its name in any case). DataError naming ``where`` for any other value (none,
    another number, another word): a run whose status cannot be read was not judged as far as
    anyone can tell, and counted as a failure it would make the other side look better."""
    if isinstance(value, int) and not isinstance(value, bool) and value in _STATUS:
        return _STATUS[value]
    if isinstance(value, str) and value.strip().upper() in _STATUS.values():
        return value.strip().upper()
    raise DataError(
        f"{where}: eval_status {shown_value(value, 40)} is none of ADK's statuses (1 PASSED, "
        "2 FAILED, 3 NOT_EVALUATED, 4 INFORMATIONAL), so whether the run passed cannot be told; "
        "leave the file out or rerun the evaluation"
    )


def _rubric_requirements(metric: dict[str, Any]) -> tuple[RequirementRecord, ...]:
    """The requirements not met, from a metric result's rubric scores (``"Ana/diet"`` with the
    rationale ``"fail (excluded_by_diet): ..."``); satisfied subjects and the ``more_...``
    summaries carry no requirement and are left out."""
    found = []
    for rubric in _objects(_field(_field(metric, "details"), "rubric_scores")):
        rubric_id = str(_field(rubric, "rubric_id") or "")
        match = _RATIONALE.match(str(rubric.get("rationale") or ""))
        subject, slash, kind = rubric_id.partition("/")
        if not slash:
            continue
        if subject == "answer":
            found.append(RequirementRecord(ANSWER, f"problem:{kind}", Outcome.FAIL, kind))
        elif match:
            found.append(RequirementRecord(subject, kind, Outcome(match[1]), match[2]))
    return tuple(found)


@dataclass(frozen=True)
class _HistoryRun:
    """One eval-history file: one ``adk eval`` of one eval set."""

    path: Path
    created: float
    copy_key: str
    """ADK's ``eval_set_result_id`` (unique per run), else the file's text: what a copy shares."""
    records: list[RunRecord]


def _history_records(path: Path) -> _HistoryRun:
    try:
        text = path.read_text(encoding="utf-8")
        data = loads_unique(text)
        if isinstance(data, str):  # older ADK versions double-encoded the file
            data = loads_unique(data)
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise _history_fail(path, f"cannot read it as JSON ({error})") from error
    cases = _field(data, "eval_case_results") if isinstance(data, dict) else None
    if not isinstance(cases, list):
        raise _history_fail(path, "no eval_case_results list")
    created = _field(data, "creation_timestamp")
    result_id = _field(data, "eval_set_result_id")
    named = result_id if isinstance(result_id, str) else ""
    file_eval_set = _field(data, "eval_set_id")
    records = []
    for case in cases:
        eval_id = _field(case, "eval_id") if isinstance(case, dict) else None
        if not isinstance(eval_id, str):
            raise _history_fail(path, f"an eval case result without an eval_id: {case!r:.80}")
        eval_set = _field(case, "eval_set_id") or file_eval_set
        try:
            metrics = _objects(_field(case, "overall_eval_metric_results"))
            for metric in metrics:
                _objects(_field(_field(metric, "details"), "rubric_scores"))
        except ValueError as error:
            raise _history_fail(path, f"case {eval_id!r}: {error}") from error
        for metric in metrics:
            name = _field(metric, "metric_name")
            if not isinstance(name, str):
                raise _history_fail(path, f"case {eval_id!r}: a metric result without a name")
            where = f"{path}, case {eval_id!r}, {name}"
            status = _status(_field(metric, "eval_status"), where)
            if status == "INFORMATIONAL":  # reported, never judged against a threshold
                continue
            records.append(
                RunRecord(
                    case=eval_id,
                    run=0,
                    metric=name,
                    score=_score(_field(metric, "score"), where),
                    passed=status == "PASSED",
                    unscored=status == _NOT_EVALUATED,
                    requirements=_rubric_requirements(metric),
                    all_listed=False,
                    source=str(path),
                    threshold=_number(_field(metric, "threshold")),
                    eval_set=eval_set if isinstance(eval_set, str) else "",
                    run_id=named or str(path.resolve()),
                )
            )
    return _HistoryRun(
        path,
        _number(created) or 0.0,
        named or text,
        records,
    )


def _refuse_repeats(keyed: Iterable[tuple[str, Path]], what: str, why: str) -> None:
    """Raise DataError naming the first two files of one key: one run read twice."""
    first: dict[str, Path] = {}
    for key, path in keyed:
        if key in first:
            raise DataError(
                f"{first[key]} and {path} are the same {what}: one run read twice ({why}); "
                "give each run once: move the copy out of the folder"
            )
        first[key] = path


def _refuse_mixed_eval_sets(records: Sequence[RunRecord], where: str) -> None:
    """Raise ConfigError when one case id comes from two eval sets: the runs of two tasks would
    be read as runs of one case (pooled into one pass rate, paired with each other)."""
    seen: dict[str, RunRecord] = {}
    for record in records:
        held = seen.setdefault(record.case, record)
        if record.eval_set and held.eval_set and record.eval_set != held.eval_set:
            raise ConfigError(
                f"case {record.case!r} is in eval set {held.eval_set!r} ({held.source}) and in "
                f"eval set {record.eval_set!r} ({record.source}) under {where}: the runs of two "
                "tasks would be read as runs of one case; give the history of one eval set: its "
                f"files (named <app>_<eval set>_<time>{HISTORY_SUFFIX}), or a folder holding "
                "only them"
            )


def read_eval_history(paths: Sequence[Path]) -> list[RunRecord]:
    """The runs in eval-history files or folders (searched recursively), oldest file first.

    Every file is one ``adk eval``: one run of each case in it. Raises ConfigError for a path
    that is missing or holds no result file, or when one case id comes from two eval sets;
    DataError naming a file that cannot be read, or two files of one run (the same
    ``eval_set_result_id``: a copy, which would count as a second run).
    """
    loaded = [_history_records(f) for f in dict.fromkeys(history_files(paths))]
    _refuse_repeats(
        ((run.copy_key, run.path) for run in loaded),
        "adk eval run (one eval_set_result_id)",
        "a copy counts as a second run and overstates the evidence",
    )
    loaded.sort(key=lambda run: run.created)
    records = _numbered(r for run in loaded for r in run.records)
    _refuse_mixed_eval_sets(records, ", ".join(repr(str(p)) for p in paths))
    return records


def read_score_output(path: Path) -> list[RunRecord]:
    """The runs in a ``checkers score`` JSONL file: one per line (session and metric).

    Raises DataError naming the line that is not a score verdict (including a verdict whose
    dumped score or pass its results do not support) or that scores a session and metric an
    earlier line scored (one session read twice would count as two runs), ConfigError when the
    file is missing.
    """
    try:
        # Newlines alone end a line: json.dumps(ensure_ascii=False) leaves U+2028 and the like
        # raw inside strings, where str.splitlines would cut the line.
        lines = path.read_text(encoding="utf-8").split("\n")
    except FileNotFoundError as error:
        raise ConfigError(f"score output {str(path)!r} does not exist") from error
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(f"cannot read score output {str(path)!r}: {error}") from error
    records = []
    scored: dict[tuple[Any, ...], int] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            row = loads_unique(line)  # ValueError: not JSON, nested too deep, a key twice
            verdict = Verdict.model_validate(row["verdict"])
            metric, score, passed = row["metric"], row["score"], row["passed"]
        except (ValueError, KeyError, TypeError, ValidationError) as error:
            raise DataError(
                f"{where} is not a checkers score line ({type(error).__name__}: {error!s:.200}); "
                "give the --out file of checkers score"
            ) from error
        if not isinstance(metric, str) or not isinstance(passed, bool):
            raise DataError(f"{where}: metric must be text and passed true or false")
        _check_line_agrees(where, verdict, _score(score, where), passed)
        _refuse_session_again(where, row, metric, scored, number)
        records.append(
            verdict_record(
                verdict.scenario_id, metric, verdict, _score(score, where), passed, where
            )
        )
    return _numbered(records)


def _refuse_session_again(
    where: str, row: dict[str, Any], metric: str, scored: dict[tuple[Any, ...], int], number: int
) -> None:
    """Raise DataError when the line's session (app, user and id) was scored under ``metric``
    by an earlier line (``scored``, updated): a session is one run, and given twice (two outputs
    concatenated) it would count as two and overstate the evidence. A line without a session id
    is not checked."""
    session = row.get("session_id")
    if not isinstance(session, str) or not session:
        return
    key = (row.get("app_name"), row.get("user_id"), session, metric)
    if key in scored:
        raise DataError(
            f"{where}: session {session!r} under metric {metric!r} was already scored on line "
            f"{scored[key]}: one run read twice (it would count as two runs and overstate the "
            "evidence); give each session once (was one output written twice into the file?)"
        )
    scored[key] = number


def verdict_record(
    case: str, metric: str, verdict: Verdict, score: float | None, passed: bool, source: str
) -> RunRecord:
    """Run 0 of ``case``: one metric's ``verdict`` (every requirement listed) with the score
    and pass it was given."""
    return RunRecord(
        case=case,
        run=0,
        metric=metric,
        score=score,
        passed=passed,
        requirements=_verdict_requirements([verdict]),
        all_listed=True,
        source=source,
        threshold=verdict.threshold,
    )


def _check_line_agrees(where: str, verdict: Verdict, score: float | None, passed: bool) -> None:
    """Raise DataError when a score line's own ``score`` or ``passed`` (what statistics read)
    is not what its verdict gives (:func:`checkers.metric.case_score`), or it passes at a
    threshold outside (0, 1]: a line edited to pass while its verdict fails must not count as a
    pass."""
    # The metric machinery, only for score output.
    from checkers.metric import case_score, check_threshold

    try:
        check_threshold(verdict.threshold, f"{where}: the verdict")
    except ConfigError as error:
        # checkers score fails every session of a metric whose own threshold is out of range
        # (config_error), at that threshold: only a pass there cannot be its output.
        if passed:
            raise DataError(
                f"{error}; checkers score passes no session at such a threshold (at 0 a session "
                "no subject satisfied would pass): give the --out file of checkers score as it "
                "wrote it"
            ) from error
    expected = case_score([verdict], verdict.threshold)
    if passed != expected.passed or score is None or not math.isclose(score, expected.overall):
        raise DataError(
            f"{where}: the line says score {score} and passed {str(passed).lower()}, but its "
            f"verdict gives score {expected.overall:.4g} and passed "
            f"{str(expected.passed).lower()}; the line was edited or is not checkers score "
            "output: give the --out file of checkers score as it wrote it"
        )


def _kind_of(path: Path) -> str:
    if path.is_file():
        if path.name.endswith(HISTORY_SUFFIX):
            return "history"
        if path.suffix == ".jsonl":
            return "score"
        raise ConfigError(
            f"{str(path)!r} is neither an eval-history result (*{HISTORY_SUFFIX}) nor checkers "
            "score output (*.jsonl); give one of those, or a details or eval-history folder"
        )
    if not path.is_dir():
        raise ConfigError(
            f"{str(path)!r} does not exist; give a details folder (.checkers/details), an "
            "eval-history folder (<agent>/.adk/eval_history) or checkers score output (*.jsonl)"
        )
    if next(path.rglob(f"*{HISTORY_SUFFIX}"), None) is not None:
        return "history"
    return "details"


def load_records(path: Path) -> list[RunRecord]:
    """The runs in ``path``: an eval-history file or folder, a details folder, or ``checkers
    score`` output, told apart by name (a folder holding any eval-history file is read as eval
    history). Raises ConfigError (missing, holds nothing readable) or DataError (a bad file)."""
    kind = _kind_of(path)
    if kind == "history":
        return read_eval_history([path])
    if kind == "score":
        return read_score_output(path)
    return read_details([path])


def load_all(paths: Sequence[Path]) -> list[RunRecord]:
    """The runs in every path together (each as :func:`load_records` reads it), each run once:
    a path given twice, or a file inside a folder also given, is read once; a copy of a run
    (another file of one eval-history run, details file or scored session) is refused, as
    :func:`load_records` refuses it. Eval-history files are read as one history, so one case id
    from two eval sets is refused across the paths too."""
    unique: dict[Path, Path] = {}
    for path in paths:
        unique.setdefault(path.resolve(), path)
    kinds = [(_kind_of(path), path) for path in unique.values()]
    records: list[RunRecord] = []
    history = [path for kind, path in kinds if kind == "history"]
    details = [path for kind, path in kinds if kind == "details"]
    if history:
        records += read_eval_history(history)
    if details:
        records += read_details(details)
    for kind, path in kinds:
        if kind == "score":
            records += read_score_output(path)
    return records
