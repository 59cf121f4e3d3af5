"""Finding and reading the details files the metrics write, as :class:`DetailsRun` objects.

A details file (see :func:`checkers.details.write_details`) holds one metric's verdicts on one
case in one run: the :class:`~checkers.results.Verdict` of each invocation, dumped as JSON, and
the figures the metric returned to ADK. It is read back through the same pydantic models, so the
report shows exactly what was judged: every field is checked, unknown keys are rejected, and a
verdict or subject whose dumped ``passed``, ``score`` or ``satisfied`` disagrees with its results,
or a case whose ``overall_status`` or ``overall_score`` is not what its invocations give (a hand
edit claiming a pass), is refused, never believed.

A file that cannot be read is never fatal on its own: :func:`load_details_files` returns it, with
the reason, beside the runs of the others (a crashed writer of an older version, an interrupted
copy, a hand edit); only a set of files none of which can be read is an error.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from checkers.errors import ConfigError, DataError
from checkers.json_input import DuplicateKeyError, loads_unique
from checkers.metric import case_score, check_threshold, turns_on_unscored
from checkers.results import Verdict

__all__ = [
    "DETAILS_FILE",
    "DetailsFile",
    "DetailsRun",
    "find_details_files",
    "load_details_file",
    "load_details_files",
    "run_label",
    "split_label",
]

DETAILS_FILE = re.compile(r"^.+__.+__\d{8}T\d{6}_[0-9a-f]{8}\.json$")
"""The name :func:`checkers.details.write_details` gives a details file."""
_STAMP = re.compile(r"__(\d{8}T\d{6})_[0-9a-f]{8}\.json$")


class DetailsFile(BaseModel):
    """What one details file holds: a metric's verdicts on one case in one run, and the
    case-level figures it returned to ADK (as :mod:`checkers.metric` writes them)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    metric: str
    """The metric's name, e.g. ``"everyone_ate"``."""
    scenario_id: str
    """The case's scenario id (``"?"`` when the case named none it could be judged in)."""
    threshold: float | None = None
    """The criterion's threshold the case was judged at."""
    overall_score: float | None = None
    """The case's score as ADK got it (0.0 for a case that could not be judged)."""
    overall_status: Literal["PASSED", "FAILED", "NOT_EVALUATED", "INFORMATIONAL"] = "NOT_EVALUATED"
    """The case's status as ADK got it (the name of ADK's ``EvalStatus``)."""
    unscored: Literal["failed", "not_evaluated"] | None = None
    """For a case that turned on unscored results: whether it FAILED as unscored (the default)
    or was reported NOT_EVALUATED (criterion option ``unscored``); None for any other case."""
    unscored_reason: str | None = None
    """Which results the evaluator could not decide, when ``unscored`` is set."""
    judge_usage: dict[str, Any] | None = None
    """What a model judge cost (calls, tokens, seconds), for model-judged metrics."""
    invocations: tuple[Verdict, ...]
    """The verdict on each invocation, in order (one for a conversation-scoped metric)."""


@dataclass(frozen=True)
class DetailsRun:
    """One details file: where it lies, the group it belongs to, and what it holds."""

    path: Path
    label: str
    """The group it belongs to (see :func:`run_label`)."""
    agent: str
    eval_set: str
    """The eval set named by the label, or ``""`` when the label names none."""
    stamp: str
    """The UTC time stamp in the file name (``20261130T020428``), for ordering runs."""
    details: DetailsFile


def split_label(label: str) -> tuple[str, str]:
    """``(agent, eval set)`` named by a label: ``careful__dining`` -> ``("careful", "dining")``;
    a label without ``__`` is the agent, with the eval set ``""`` (unknown)."""
    agent, separator, eval_set = label.partition("__")
    return (agent, eval_set) if separator else (label, "")


def run_label(path: Path) -> tuple[str, str, str]:
    """``(label, agent, eval set)`` of a details file, from the folders it sits in.

    The label is the name of the folder holding the file's directory when that directory is
    called ``details`` (``out/careful__dining/details/x.json`` is in ``careful__dining``), else
    the directory's own name.
    """
    folder = path.parent
    label = folder.parent.name if folder.name == "details" and folder.parent.name else folder.name
    return (label, *split_label(label))


def _fail(path: Path, what: str) -> DataError:
    return DataError(
        f"{path} is not a readable checkers details file: {what}; "
        "remove it or regenerate it with adk eval"
    )


def _where(location: Sequence[int | str]) -> str:
    """A field's place in the file: ``invocations[0].subjects[2].results[1].outcome``."""
    text = ""
    for part in location:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text.lstrip(".")


def _first_problem(error: ValidationError) -> str:
    """The first thing wrong in a file that does not validate: where, the value, and why."""
    first = error.errors(include_url=False)[0]
    where = _where(first["loc"])
    more = error.error_count() - 1
    tail = f" (and {more} more {'problem' if more == 1 else 'problems'})" if more else ""
    if first["type"] == "missing":
        return f"missing key {where!r}{tail}"
    value = first["input"]
    cause = first.get("ctx", {}).get("error")
    why = str(cause) if first["type"] == "value_error" and cause is not None else first["msg"]
    if isinstance(value, (dict, list)):  # a whole object: too long to show, its place says it
        return f"{where or 'the top level'}: {why}{tail}"
    return f"{where!r} is {value!r:.80} ({type(value).__name__}): {why}{tail}"


def _read_json(path: Path) -> Any:
    if not path.is_file():  # a FIFO or a device named like a details file would block
        raise _fail(path, "not a regular file")
    try:
        return loads_unique(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise _fail(path, f"cannot read it ({error})") from error
    except json.JSONDecodeError as error:
        raise _fail(path, f"not JSON ({error.msg} at line {error.lineno})") from error
    except DuplicateKeyError as error:  # two verdicts, two statuses: never show one
        raise _fail(path, f"cannot be read as JSON ({error})") from error
    except ValueError as error:  # a 5,000-digit number, absurd nesting
        raise _fail(path, f"cannot be read as JSON ({type(error).__name__})") from error


def load_details_file(path: Path) -> DetailsRun:
    """Read one details file. Raises DataError naming the file and what is wrong with it when
    it is not one (unreadable, not JSON, a field of the wrong type, a dumped pass its results
    do not support)."""
    data = _read_json(path)
    if not isinstance(data, dict):
        raise _fail(path, f"the top level is a {type(data).__name__}, expected an object")
    try:
        # From the decoded JSON, not the text: pydantic's JSON parser refuses a lone surrogate
        # (``"\ud800"``), which the page shows as U+FFFD instead.
        details = DetailsFile.model_validate(data)
    except ValidationError as error:
        raise _fail(path, _first_problem(error)) from error
    disagreement = _case_disagreement(details)
    if disagreement is not None:
        raise _fail(path, disagreement)
    label, agent, eval_set = run_label(path)
    stamp = _STAMP.search(path.name)
    return DetailsRun(path, label, agent, eval_set, stamp.group(1) if stamp else "", details)


def _case_disagreement(details: DetailsFile) -> str | None:
    """What is wrong when a details file's case status or score is not the one its invocations
    give at its threshold (:func:`checkers.metric.case_score`, as the metric computed them):
    a hand edit claiming a pass, or a fail, that ``stats`` and ``compare`` would count. A case
    NOT_EVALUATED (or with no status) whose invocations fail whatever the evaluator could not
    decide is a failure: read as unscored, ``stats`` would leave it out of the pass rate (a
    passing case reported NOT_EVALUATED only withholds a pass, and is read as it says). None
    when they agree, or when the case holds no invocation or was INFORMATIONAL. A threshold
    outside (0, 1], the case's or an invocation's, is wrong whatever the status: every surface
    refuses to judge at one (at 0 a case no subject satisfied passes)."""
    thresholds = [("threshold", details.threshold)]
    thresholds += [
        (f"invocations[{n}].threshold", v.threshold) for n, v in enumerate(details.invocations)
    ]
    for where, value in thresholds:
        if value is not None and not _in_range(value):
            return f"{where} is {value!r}, outside (0, 1]: no metric judges at it"
    if details.overall_status not in ("PASSED", "FAILED", "NOT_EVALUATED"):
        return None
    if not details.invocations:
        return None
    threshold = details.threshold
    if threshold is None:
        threshold = details.invocations[0].threshold
    expected = case_score(details.invocations, threshold)
    if details.overall_status == "NOT_EVALUATED":
        if expected.passed or turns_on_unscored(details.invocations, threshold):
            return None
        return (
            f"overall_status is NOT_EVALUATED, but its invocations fail at threshold "
            f"{threshold!r} whatever the evaluator could not decide (a metric reports "
            "NOT_EVALUATED only for a case that turns on unscored results)"
        )
    if (details.overall_status == "PASSED") is not expected.passed:
        result = "pass" if expected.passed else "fail"
        return (
            f"overall_status is {details.overall_status}, but its invocations {result} at "
            f"threshold {threshold!r}"
        )
    score = details.overall_score
    if score is not None and not math.isclose(score, expected.overall, abs_tol=1e-9):
        return f"overall_score is {score!r}, but its invocations score {expected.overall!r}"
    return None


def _in_range(threshold: float) -> bool:
    """Whether ``threshold`` is one a metric judges at (:func:`checkers.metric.check_threshold`)."""
    try:
        check_threshold(threshold, "threshold")
    except ConfigError:
        return False
    return True


def load_details_files(
    files: Sequence[Path],
) -> tuple[list[DetailsRun], tuple[tuple[Path, str], ...]]:
    """The runs of every readable file, and each unreadable one with the reason.

    Raises DataError only when no file at all can be read (nothing to show).
    """
    runs: list[DetailsRun] = []
    unreadable: list[tuple[Path, str]] = []
    for path in files:
        try:
            runs.append(load_details_file(path))
        except DataError as error:
            unreadable.append((path, str(error)))
    if files and not runs:
        raise DataError(
            f"none of the {len(unreadable)} details files can be read; "
            f"the first: {unreadable[0][1]}"
        )
    return runs, tuple(unreadable)


def find_details_files(directories: Sequence[Path]) -> list[Path]:
    """Every details file under each directory (recursively): directories in the order given,
    files sorted by path within each, each file once.

    Raises ConfigError when no directory is given, a directory does not exist, or one holds no
    details file; other files (the ``.md`` twins, logs, other JSON, the hidden ``.partial``
    file of a write that failed) are ignored.
    """
    if not directories:
        raise ConfigError("give at least one details directory, e.g. .checkers/details")
    found: list[Path] = []
    for directory in directories:
        if not directory.is_dir():
            raise ConfigError(
                f"details directory {str(directory)!r} does not exist or is not a directory; "
                "give the folder a checkers metric wrote into (criterion option details_dir, "
                "$CHECKERS_DETAILS_DIR, default .checkers/details)"
            )
        here = sorted(p for p in directory.rglob("*.json") if DETAILS_FILE.match(p.name))
        if not here:
            raise ConfigError(
                f"no details files under {str(directory)!r}: a checkers metric writes "
                "<metric>-…__<scenario>-…__<time>_<id>.json there during adk eval (criterion "
                "option details_dir, or $CHECKERS_DETAILS_DIR); run the eval first, or give "
                "the right folder, e.g. checkers report .checkers/details --out report.html"
            )
        found += [p for p in here if p not in found]
    return found
