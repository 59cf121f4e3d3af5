"""``checkers report``: the details of an evaluation as one self-contained HTML page.

Reads the details files the metrics wrote (one JSON per case, metric and run; see
:mod:`checkers.details`) from one or more directories, searched recursively, and optionally the
eval-history results ``adk eval`` stores (``<agent>/.adk/eval_history/*.evalset_result.json``).
The page has a summary of agents, eval sets, cases and metrics, then per case a grid of subjects
(rows) by requirement kind (columns), each cell coloured by outcome (pass green, fail red,
incomplete amber) with the reason written in it; several runs of a case stand side by side.

The page needs no server, no script and nothing from the network: CSS is inline, fonts are the
browser's own. Every piece of text from the files (scenario ids, names, reasons, answers) is
untrusted and escaped.

Grouping. The *label* of a details file is the name of the folder its directory sits in when
that directory is called ``details`` (``out/careful__dining/details/x.json`` is in
``careful__dining``), else the directory's own name. A label ``<agent>__<eval set>`` (as the
dining demo writes) splits into agent and eval set; any other label is the agent, with the eval
set unknown. Runs of one case and metric under one label are ordered by the time stamp in the
file name. Groups come in the order of the directories given.

Eval history. Per agent (ADK's app name) and eval set only the newest result file is read. Its
case statuses are shown beside a details group when the agent names match and the eval sets
match exactly or one ends with ``_`` plus the other (the demo's ``menu_outage.evalset.json``
holds the eval set ``dining_menu_outage``).
"""

from __future__ import annotations

import argparse
import html
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from checkers.errors import ConfigError, DataError

__all__ = [
    "DetailsRun",
    "HistoryCase",
    "HistoryResult",
    "Report",
    "add_report_parser",
    "build_report",
    "find_details_files",
    "load_details_file",
    "load_eval_history",
    "render_html",
    "write_report",
]

DETAILS_FILE = re.compile(r"^.+__.+__\d{8}T\d{6}_[0-9a-f]{8}\.json$")
"""The name :func:`checkers.details.write_details` gives a details file."""
HISTORY_SUFFIX = ".evalset_result.json"
_OUTCOMES = ("pass", "fail", "incomplete", "unscored")
# ADK's EvalStatus values as stored in eval-history files (google.adk.evaluation.eval_metrics).
_ADK_STATUS = {1: "PASSED", 2: "FAILED", 3: "NOT_EVALUATED", 4: "INFORMATIONAL"}

REPORT_EXAMPLES = """examples:
  checkers report .checkers/details --out report.html
  checkers report .checkers/demo --case story-six --out story.html
  checkers report .checkers/demo/rating_first__dining .checkers/demo/careful__dining \\
      --eval-history domains/dining/agents/rating_first/.adk/eval_history \\
      --eval-history domains/dining/agents/careful/.adk/eval_history --out report.html

Each DETAILS_DIR is searched recursively for the files a checkers metric writes
(<metric>-…__<scenario>-…__<time>_<id>.json). A file in out/<label>/details/ is grouped under
<label>; a label <agent>__<eval set> names both. --eval-history reads adk eval's
*.evalset_result.json files (a file, or a directory searched recursively): the newest per agent
and eval set gives adk eval's own status per case and metric. Open the page in any browser.
"""


@dataclass(frozen=True)
class Result:
    """One requirement result as a details file recorded it."""

    kind: str
    outcome: str
    """``pass``, ``fail``, ``incomplete`` or ``unscored``."""
    reason_code: str
    reason: str


@dataclass(frozen=True)
class Subject:
    """One subject (guest, customer, the agent) and its results."""

    subject_id: str
    name: str
    satisfied: bool
    results: tuple[Result, ...]


@dataclass(frozen=True)
class Invocation:
    """The verdict on one invocation: subjects, the answer read, problems and notes."""

    subjects: tuple[Subject, ...]
    answer: Any
    """The answer as the metric read it (JSON), or None when nothing could be read."""
    problems: tuple[tuple[str, str], ...]
    """``(code, message)`` per problem with the answer as a whole."""
    notes: tuple[str, ...]
    score: float | None
    passed: bool | None


@dataclass(frozen=True)
class DetailsRun:
    """One details file: one metric's judgement of one case in one run."""

    path: Path
    label: str
    """The group it belongs to (see the module docstring)."""
    agent: str
    eval_set: str
    """The eval set named by the label, or ``""`` when the label names none."""
    metric: str
    scenario_id: str
    threshold: float | None
    overall_score: float | None
    overall_status: str
    """As the metric returned it to ADK: ``PASSED``, ``FAILED`` or ``NOT_EVALUATED``."""
    invocations: tuple[Invocation, ...]
    stamp: str
    """The UTC time stamp in the file name (``20261130T020428``), for ordering runs."""


@dataclass(frozen=True)
class HistoryCase:
    """adk eval's result for one eval case: its final status and per metric score and status."""

    eval_id: str
    status: str
    metrics: tuple[tuple[str, float | None, str], ...]
    """``(metric name, score, status)``; ADK's own metrics are ``INFORMATIONAL``."""


@dataclass(frozen=True)
class HistoryResult:
    """One ``*.evalset_result.json`` file: one ``adk eval`` of one agent on one eval set."""

    path: Path
    app: str
    eval_set_id: str
    created: float
    cases: tuple[HistoryCase, ...]

    def passed_failed(self) -> tuple[int, int]:
        """How many case results adk eval counted as passed, and as not passed."""
        passed = sum(1 for c in self.cases if c.status == "PASSED")
        return passed, len(self.cases) - passed


@dataclass(frozen=True)
class Group:
    """The details of one label (agent and eval set): case -> metric -> runs, oldest first."""

    label: str
    agent: str
    eval_set: str
    cases: Mapping[str, Mapping[str, tuple[DetailsRun, ...]]]
    history: HistoryResult | None

    @property
    def metrics(self) -> list[str]:
        """Every metric with details in this group, sorted."""
        return sorted({m for by_metric in self.cases.values() for m in by_metric})

    def passed_failed(self, metric: str) -> tuple[int, int]:
        """Passed and not-passed runs of ``metric`` over all cases (each case-run counts once)."""
        runs = [r for by_metric in self.cases.values() for r in by_metric.get(metric, ())]
        passed = sum(1 for r in runs if r.overall_status == "PASSED")
        return passed, len(runs) - passed


@dataclass(frozen=True)
class Report:
    """Everything the page shows."""

    title: str
    groups: tuple[Group, ...]
    sources: tuple[Path, ...]
    details_count: int
    history_files: tuple[Path, ...]
    """The eval-history files read (the newest per agent and eval set)."""
    unmatched_history: tuple[HistoryResult, ...]
    """Eval-history results no details group matched."""
    cases: tuple[str, ...] = ()
    """The case ids the page is limited to; empty for every case."""
    unreadable: tuple[tuple[Path, str], ...] = ()
    """Details files that could not be read (a crashed or interrupted writer, a hand edit),
    each with the reason: listed on the page, never silently dropped, never fatal."""


# ---------------------------------------------------------------- loading details


def _fail(path: Path, what: str) -> DataError:
    return DataError(
        f"{path} is not a readable checkers details file: {what}; "
        "remove it or regenerate it with adk eval"
    )


def _field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], path: Path) -> Any:
    """``data[key]``, which must be of ``kind``; a DataError naming the file otherwise."""
    if key not in data:
        raise _fail(path, f"missing key {key!r}")
    value = data[key]
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise _fail(path, f"{key!r} is {value!r} ({type(value).__name__}), expected {names}")
    return value


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _result(data: Any, path: Path) -> Result:
    if not isinstance(data, dict):
        raise _fail(path, f"a result is {data!r}, expected an object")
    outcome = _field(data, "outcome", str, path)
    if outcome not in _OUTCOMES:
        raise _fail(path, f"outcome {outcome!r} is not one of {', '.join(_OUTCOMES)}")
    return Result(
        kind=_field(data, "kind", str, path),
        outcome=outcome,
        reason_code=str(data.get("reason_code", "")),
        reason=str(data.get("reason", "")),
    )


def _subject(data: Any, path: Path) -> Subject:
    if not isinstance(data, dict):
        raise _fail(path, f"a subject is {data!r}, expected an object")
    results = tuple(_result(r, path) for r in _field(data, "results", list, path))
    satisfied = data.get("satisfied")
    return Subject(
        subject_id=str(data.get("subject_id", "")),
        name=str(_field(data, "name", str, path)),
        satisfied=satisfied
        if isinstance(satisfied, bool)
        else all(r.outcome == "pass" for r in results),
        results=results,
    )


def _invocation(data: Any, path: Path) -> Invocation:
    if not isinstance(data, dict):
        raise _fail(path, f"an invocation is {data!r}, expected an object")
    problems = []
    for problem in data.get("problems") or ():
        if not isinstance(problem, dict):
            raise _fail(path, f"a problem is {problem!r}, expected an object")
        problems.append((str(problem.get("code", "")), str(problem.get("message", ""))))
    passed = data.get("passed")
    return Invocation(
        subjects=tuple(_subject(s, path) for s in _field(data, "subjects", list, path)),
        answer=data.get("answer"),
        problems=tuple(problems),
        notes=tuple(str(n) for n in data.get("notes") or ()),
        score=_number(data.get("score")),
        passed=passed if isinstance(passed, bool) else None,
    )


def split_label(label: str) -> tuple[str, str]:
    """``(agent, eval set)`` named by a label: ``careful__dining`` -> ``("careful", "dining")``;
    a label without ``__`` is the agent, with the eval set ``""`` (unknown)."""
    agent, separator, eval_set = label.partition("__")
    return (agent, eval_set) if separator else (label, "")


def run_label(path: Path) -> tuple[str, str, str]:
    """``(label, agent, eval set)`` of a details file, from the folders it sits in."""
    folder = path.parent
    label = folder.parent.name if folder.name == "details" and folder.parent.name else folder.name
    return (label, *split_label(label))


def load_details_file(path: Path) -> DetailsRun:
    """Read one details file. Raises DataError naming the file when it is not one."""
    try:
        if not path.is_file():  # a FIFO or a device named like a details file would block
            raise _fail(path, "not a regular file")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise _fail(path, f"cannot read it ({error})") from error
    except json.JSONDecodeError as error:
        raise _fail(path, f"not JSON ({error.msg} at line {error.lineno})") from error
    except (ValueError, RecursionError) as error:  # a 5,000-digit number, absurd nesting
        raise _fail(path, f"cannot be read as JSON ({type(error).__name__})") from error
    if not isinstance(data, dict):
        raise _fail(path, f"the top level is a {type(data).__name__}, expected an object")
    label, agent, eval_set = run_label(path)
    stamp = re.search(r"__(\d{8}T\d{6})_[0-9a-f]{8}\.json$", path.name)
    return DetailsRun(
        path=path,
        label=label,
        agent=agent,
        eval_set=eval_set,
        metric=_field(data, "metric", str, path),
        scenario_id=_field(data, "scenario_id", str, path),
        threshold=_number(data.get("threshold")),
        overall_score=_number(data.get("overall_score")),
        overall_status=str(data.get("overall_status", "NOT_EVALUATED")),
        invocations=tuple(_invocation(i, path) for i in _field(data, "invocations", list, path)),
        stamp=stamp.group(1) if stamp else "",
    )


def find_details_files(directories: Sequence[Path]) -> list[Path]:
    """Every details file under each directory (recursively): directories in the order given,
    files sorted by path within each, each file once.

    Raises ConfigError when no directory is given, a directory does not exist, or one holds no
    details file; other files (the ``.md`` twins, logs, other JSON) are ignored.
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


def _sort_key(run: DetailsRun) -> tuple[str, int, str]:
    try:
        mtime = run.path.stat().st_mtime_ns
    except OSError:
        mtime = 0
    return run.stamp, mtime, run.path.name


def group_runs(
    runs: Iterable[DetailsRun], history: Sequence[HistoryResult] = ()
) -> tuple[Group, ...]:
    """Group details by label, then case, then metric; runs oldest first.

    Labels keep the order in which their first file comes; cases and metrics are sorted.
    Each group gets the newest matching eval-history result, if any (see the module docstring).
    """
    by_label: dict[str, dict[str, dict[str, list[DetailsRun]]]] = {}
    for run in runs:
        by_case = by_label.setdefault(run.label, {})
        by_case.setdefault(run.scenario_id, {}).setdefault(run.metric, []).append(run)
    groups = []
    for label in by_label:
        agent, eval_set = split_label(label)
        cases = {
            case: {m: tuple(sorted(rs, key=_sort_key)) for m, rs in sorted(by_metric.items())}
            for case, by_metric in sorted(by_label[label].items())
        }
        groups.append(Group(label, agent, eval_set, cases, match_history(history, agent, eval_set)))
    return tuple(groups)


# ---------------------------------------------------------------- loading eval history


def _eval_sets_match(label_set: str, eval_set_id: str) -> bool:
    if not label_set or label_set == eval_set_id:
        return True
    return eval_set_id.endswith("_" + label_set) or label_set.endswith("_" + eval_set_id)


def match_history(
    history: Sequence[HistoryResult], agent: str, eval_set: str
) -> HistoryResult | None:
    """The eval-history result for ``agent`` on ``eval_set``: an exact eval-set match first,
    else the newest whose eval set matches as the module docstring says; None when none does."""
    candidates = [
        h for h in history if h.app == agent and _eval_sets_match(eval_set, h.eval_set_id)
    ]
    if not candidates:
        return None
    exact = [h for h in candidates if h.eval_set_id == eval_set]
    return max(exact or candidates, key=lambda h: h.created)


def _history_status(value: Any) -> str:
    if isinstance(value, int) and value in _ADK_STATUS:
        return _ADK_STATUS[value]
    return str(value).upper() if value is not None else "NOT_EVALUATED"


def _history_fail(path: Path, what: str) -> DataError:
    return DataError(
        f"{path} is not a readable adk eval-history result: {what}; leave it out of "
        "--eval-history or rerun adk eval"
    )


def load_history_file(path: Path) -> HistoryResult:
    """Read one ``*.evalset_result.json``. Raises DataError naming the file when it is not one.

    Older ADK versions stored the JSON double-encoded (a JSON string holding the object); both
    forms are read. The agent is ADK's app name, taken from the result id
    ``<app>_<eval set>_<time>``, else from the folder holding ``.adk/eval_history``.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, str):
            data = json.loads(data)
    except (OSError, UnicodeDecodeError) as error:
        raise _history_fail(path, f"cannot read it ({error})") from error
    except json.JSONDecodeError as error:
        raise _history_fail(path, f"not JSON ({error.msg} at line {error.lineno})") from error
    if not isinstance(data, dict) or not isinstance(data.get("eval_case_results"), list):
        raise _history_fail(path, "no eval_case_results list")
    eval_set_id = str(data.get("eval_set_id", ""))
    result_id = str(data.get("eval_set_result_id") or data.get("eval_set_result_name") or "")
    named = re.match(rf"^(.+)_{re.escape(eval_set_id)}_[0-9.eE+-]+$", result_id)
    folder = path.parent
    fallback = folder.parent.parent.name if folder.parent.name == ".adk" else folder.name
    cases = []
    for case in data["eval_case_results"]:
        if not isinstance(case, dict) or not isinstance(case.get("eval_id"), str):
            raise _history_fail(path, f"an eval case result without an eval_id: {case!r:.80}")
        metrics = tuple(
            (
                str(m.get("metric_name", "")),
                _number(m.get("score")),
                _history_status(m.get("eval_status")),
            )
            for m in case.get("overall_eval_metric_results") or ()
            if isinstance(m, dict)
        )
        status = _history_status(case.get("final_eval_status"))
        cases.append(HistoryCase(case["eval_id"], status, metrics))
    return HistoryResult(
        path=path,
        app=named.group(1) if named else fallback,
        eval_set_id=eval_set_id,
        created=_number(data.get("creation_timestamp")) or 0.0,
        cases=tuple(cases),
    )


def _history_files(paths: Sequence[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_file():
            yield path
        elif path.is_dir():
            here = sorted(path.rglob(f"*{HISTORY_SUFFIX}"))
            if not here:
                raise ConfigError(
                    f"no *{HISTORY_SUFFIX} files under {str(path)!r}; adk eval writes them into "
                    "<agent folder>/.adk/eval_history/, e.g. --eval-history "
                    "domains/dining/agents/careful/.adk/eval_history"
                )
            yield from here
        else:
            raise ConfigError(
                f"eval history {str(path)!r} does not exist; give an adk eval-history folder "
                "(<agent folder>/.adk/eval_history) or one *.evalset_result.json file"
            )


def load_eval_history(paths: Sequence[Path]) -> tuple[HistoryResult, ...]:
    """The newest eval-history result per agent and eval set found in ``paths``.

    Each path is a ``*.evalset_result.json`` file or a directory searched recursively for them;
    a missing path, or a directory holding none, is a ConfigError.
    """
    newest: dict[tuple[str, str], HistoryResult] = {}
    for path in _history_files(paths):
        result = load_history_file(path)
        key = (result.app, result.eval_set_id)
        if key not in newest or result.created > newest[key].created:
            newest[key] = result
    return tuple(sorted(newest.values(), key=lambda h: (h.app, h.eval_set_id)))


def only_cases(runs: Sequence[DetailsRun], cases: Sequence[str]) -> list[DetailsRun]:
    """The runs of the given case ids; all runs when ``cases`` is empty.

    Raises ConfigError naming a case id that no details file holds, with the ids there are.
    """
    if not cases:
        return list(runs)
    known = {r.scenario_id for r in runs}
    missing = [c for c in cases if c not in known]
    if missing:
        shown = ", ".join(sorted(known)[:12]) + (" ..." if len(known) > 12 else "")
        raise ConfigError(f"case {missing[0]!r} is in no details file given; cases found: {shown}")
    return [r for r in runs if r.scenario_id in cases]


def build_report(
    details_dirs: Sequence[Path],
    history_paths: Sequence[Path] = (),
    title: str = "checkers report",
    cases: Sequence[str] = (),
) -> Report:
    """Load and group everything the page shows; only ``cases`` when given.

    Raises ConfigError or DataError (see the functions above).
    """
    files = find_details_files(details_dirs)
    history = load_eval_history(history_paths)
    loaded, unreadable = load_details_files(files)
    runs = only_cases(loaded, cases)
    if cases:
        # adk eval's counts must cover the same cases as the details shown beside them.
        history = tuple(
            replace(h, cases=kept)
            for h in history
            if (kept := tuple(c for c in h.cases if c.eval_id in cases))
        )
    groups = group_runs(runs, history)
    used = {g.history.path for g in groups if g.history is not None}
    return Report(
        title=title,
        groups=groups,
        sources=tuple(details_dirs),
        details_count=len(files),
        history_files=tuple(h.path for h in history),
        unmatched_history=tuple(h for h in history if h.path not in used),
        cases=tuple(cases),
        unreadable=unreadable,
    )


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
        raise unreadable_error(unreadable)
    return runs, tuple(unreadable)


def unreadable_error(unreadable: Sequence[tuple[Path, str]]) -> DataError:
    """The error for a set of details files none of which can be read."""
    return DataError(
        f"none of the {len(unreadable)} details files can be read; the first: {unreadable[0][1]}"
    )


# ---------------------------------------------------------------- rendering


_SURROGATE = re.compile("[\ud800-\udfff]")


def esc(value: object) -> str:
    """Text made safe for HTML element content and quoted attribute values.

    A lone surrogate (from a ``"\\ud800"`` escape in a JSON file) cannot be written as UTF-8;
    it is shown as U+FFFD.
    """
    return html.escape(_SURROGATE.sub("\ufffd", str(value)), quote=True)


CSS = """
:root { color-scheme: light; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
       margin: 1.5em; color: #1d1d1f; background: #fff; }
h1 { font-size: 1.6em; margin: 0 0 .3em; }
h2 { font-size: 1.3em; margin: 2em 0 .4em; border-bottom: 2px solid #ccc; padding-bottom: .2em; }
h3 { font-size: 1.12em; margin: 1.4em 0 .3em; }
h4 { font-size: 1em; margin: 1em 0 .3em; }
p.meta, .meta { color: #555; font-size: .92em; }
table { border-collapse: collapse; margin: .3em 0 .8em; }
th, td { border: 1px solid #bbb; padding: .3em .5em; text-align: left; vertical-align: top; }
th { background: #eef0f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.pass { background: #d6f5d6; color: #0b4d0b; }
.fail { background: #fbd3d0; color: #7a1010; }
.incomplete { background: #ffe7a8; color: #6b4a00; }
.unscored { background: #e4e4f4; color: #2f2f6b; }
.none { background: #f4f4f4; color: #888; }
.chip { display: inline-block; padding: 0 .45em; border-radius: .6em; font-weight: 600;
        font-size: .85em; margin: 0 .2em .1em 0; white-space: nowrap; }
.grid td { min-width: 7em; max-width: 24em; }
.grid td.subject { min-width: 7em; font-weight: 600; }
.pass .result { font-size: .9em; }
.result + .result { border-top: 1px dashed currentColor; margin-top: .3em; padding-top: .3em; }
.outcome { font-weight: 700; text-transform: uppercase; font-size: .78em; }
.code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .82em; opacity: .8; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .92em;
            background: #f4f4f6; padding: 0 .25em; white-space: pre-wrap; word-break: break-word; }
.runs { display: grid; grid-auto-flow: column; gap: 1em; overflow-x: auto; align-items: start;
        grid-auto-columns: minmax(min-content, max-content); padding-bottom: .3em; }
.runs.several .grid td { min-width: 6em; }
.run { border: 1px solid #ccc; border-radius: .4em; padding: .5em .7em; }
.run h5 { font-size: .95em; margin: 0 0 .4em; }
section.case { border-left: 4px solid #ccc; padding-left: .9em; margin-top: 1.2em; }
section.case.failed { border-left-color: #d9534f; }
section.case.passed { border-left-color: #3c9a3c; }
ul.problems, ul.notes { margin: .2em 0 .5em; padding-left: 1.3em; }
a { color: #0645ad; }
"""


class _Ids:
    """Unique, safe anchor ids made from untrusted text."""

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def make(self, *parts: str) -> str:
        base = "-".join(re.sub(r"[^a-z0-9_]+", "-", p.lower()).strip("-") or "x" for p in parts)
        anchor, number = base, 1
        while anchor in self._seen:
            number += 1
            anchor = f"{base}-{number}"
        self._seen.add(anchor)
        return anchor


def _status_class(status: str) -> str:
    return {"PASSED": "pass", "FAILED": "fail"}.get(status, "incomplete")


def _chip(text: str, css: str) -> str:
    return f'<span class="chip {css}">{esc(text)}</span>'


def _score(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def _run_chip(run: DetailsRun) -> str:
    text = f"{run.overall_status} {_score(run.overall_score)}"
    return _chip(text, _status_class(run.overall_status))


def _worst(results: Sequence[Result]) -> str:
    outcomes = {r.outcome for r in results}
    return next((o for o in ("fail", "unscored", "incomplete", "pass") if o in outcomes), "none")


def _kinds(subjects: Sequence[Subject]) -> list[str]:
    kinds: list[str] = []
    for subject in subjects:
        kinds += [r.kind for r in subject.results if r.kind not in kinds]
    return kinds


def render_grid(subjects: Sequence[Subject]) -> str:
    """The subject-by-requirement table: one row per subject, one column per requirement kind.

    A cell holds every result of that kind (a guest may have two allergies), each with its
    outcome, reason and reason code; its colour is the worst outcome (fail, then incomplete).
    """
    if not subjects:
        return '<p class="meta">No subjects were judged.</p>'
    kinds = _kinds(subjects)
    head = "".join(f"<th>{esc(k)}</th>" for k in kinds)
    rows = []
    for subject in subjects:
        mark = _chip("satisfied", "pass") if subject.satisfied else _chip("NOT satisfied", "fail")
        cells = [f'<td class="subject">{esc(subject.name)}<br>{mark}</td>']
        for kind in kinds:
            results = [r for r in subject.results if r.kind == kind]
            if not results:
                cells.append('<td class="none">—</td>')
                continue
            body = "".join(
                f'<div class="result"><span class="outcome">{esc(r.outcome)}</span> '
                f'{esc(r.reason)} <span class="code">[{esc(r.reason_code)}]</span></div>'
                for r in results
            )
            cells.append(f'<td class="{_worst(results)}">{body}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return (
        f'<table class="grid"><thead><tr><th>subject</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def render_invocation(invocation: Invocation) -> str:
    """Who is satisfied, the answer read, answer problems, notes, then the grid."""
    unmet = [s.name for s in invocation.subjects if not s.satisfied]
    total = len(invocation.subjects)
    line = f"{total - len(unmet)} of {total} subjects satisfied"
    if unmet:
        line += "; not satisfied: " + ", ".join(unmet)
    parts = [f'<p class="satisfied">{esc(line)}</p>']
    if invocation.answer is None:
        parts.append('<p class="answer">Answer read: <em>nothing could be read</em></p>')
    else:
        answer = json.dumps(invocation.answer, ensure_ascii=False)
        parts.append(f'<p class="answer">Answer read: <code>{esc(answer)}</code></p>')
    if invocation.problems:
        items = "".join(
            f'<li class="fail">answer problem <span class="code">[{esc(code)}]</span>: '
            f"{esc(message)}</li>"
            for code, message in invocation.problems
        )
        parts.append(f'<ul class="problems">{items}</ul>')
    if invocation.notes:
        items = "".join(f"<li>note: {esc(n)}</li>" for n in invocation.notes)
        parts.append(f'<ul class="notes">{items}</ul>')
    parts.append(render_grid(invocation.subjects))
    return "".join(parts)


def render_run(run: DetailsRun, number: int, of: int) -> str:
    """One run of one metric on one case: its status, then each invocation."""
    heading = f"run {number} of {of}: " if of > 1 else ""
    threshold = "" if run.threshold is None else f" (threshold {run.threshold:g})"
    parts = [
        f'<div class="run"><h5>{esc(heading)}{_run_chip(run)}'
        f'<span class="meta">{esc(threshold)}</span></h5>'
    ]
    count = len(run.invocations)
    for index, invocation in enumerate(run.invocations, start=1):
        if count > 1:
            parts.append(f"<h6>invocation {index} of {count}</h6>")
        parts.append(render_invocation(invocation))
    if not run.invocations:
        parts.append('<p class="meta">No invocations were judged.</p>')
    parts.append(f'<p class="meta">file: {esc(run.path.name)}</p></div>')
    return "".join(parts)


def _history_case(group: Group, case: str) -> HistoryCase | None:
    if group.history is None:
        return None
    return next((c for c in group.history.cases if c.eval_id == case), None)


def render_history_case(found: HistoryCase) -> str:
    """adk eval's own verdict on a case: its status, and each metric's score and status."""
    metrics = ", ".join(
        f"{name} = {'n/a' if score is None else f'{score:g}'}"
        if status == "INFORMATIONAL"
        else f"{name} {_score(score)} {status.lower()}"
        for name, score, status in found.metrics
    )
    return (
        f'<p class="adk">adk eval: {_chip(found.status, _status_class(found.status))} '
        f'<span class="meta">{esc(metrics)}</span></p>'
    )


def render_case(group: Group, case: str, anchor: str) -> str:
    """One case: adk eval's status, then per metric its runs side by side."""
    by_metric = group.cases[case]
    failed = any(r.overall_status != "PASSED" for runs in by_metric.values() for r in runs)
    parts = [
        f'<section class="case {"failed" if failed else "passed"}" id="{esc(anchor)}">',
        f'<h3>{esc(case)} <span class="meta">— {esc(group.agent)}'
        f"{' on ' + esc(group.eval_set) if group.eval_set else ''}</span></h3>",
    ]
    found = _history_case(group, case)
    if found is not None:
        parts.append(render_history_case(found))
    for metric, runs in by_metric.items():
        # Side by side; each run at least as wide as its grid, the row scrolling if need be.
        several = " several" if len(runs) > 1 else ""
        parts.append(f"<h4>{esc(metric)}</h4>")
        parts.append(f'<div class="runs{several}">')
        parts += [render_run(run, i, len(runs)) for i, run in enumerate(runs, start=1)]
        parts.append("</div>")
    parts.append("</section>")
    return "".join(parts)


def _counts(passed: int, failed: int) -> str:
    css = "fail" if failed else "pass"
    return f'<td class="{css}">{passed} passed, {failed} failed</td>'


def render_summary(report: Report, anchors: Mapping[str, str]) -> str:
    """One row per agent and eval set: cases, runs, passed and failed per metric, adk eval's."""
    metrics = sorted({m for g in report.groups for m in g.metrics})
    head = "".join(f'<th>{esc(m)}<br><span class="meta">runs</span></th>' for m in metrics)
    rows = []
    for group in report.groups:
        runs = sum(len(rs) for by_metric in group.cases.values() for rs in by_metric.values())
        cells = [
            f'<td><a href="#{esc(anchors[group.label])}">{esc(group.agent)}</a></td>',
            f"<td>{esc(group.eval_set or '—')}</td>",
            f'<td class="num">{len(group.cases)}</td>',
            f'<td class="num">{runs}</td>',
        ]
        for metric in metrics:
            cells.append(
                _counts(*group.passed_failed(metric))
                if metric in group.metrics
                else '<td class="none">—</td>'
            )
        cells.append(
            _counts(*group.history.passed_failed())
            if group.history is not None
            else '<td class="none">no eval history</td>'
        )
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return (
        '<table class="summary"><thead><tr><th>agent</th><th>eval set</th><th>cases</th>'
        f'<th>details files</th>{head}<th>adk eval<br><span class="meta">cases</span></th>'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def render_group(group: Group, anchor: str, ids: _Ids) -> str:
    """One agent and eval set: a case-by-metric table, then every case in full."""
    metrics = group.metrics
    title = esc(group.agent) + (f" on {esc(group.eval_set)}" if group.eval_set else "")
    head = "".join(f"<th>{esc(m)}</th>" for m in metrics)
    if group.history is not None:
        head += "<th>adk eval</th>"
    rows, sections = [], []
    for case, by_metric in group.cases.items():
        case_anchor = ids.make(group.label, case)
        cells = [f'<td><a href="#{esc(case_anchor)}">{esc(case)}</a></td>']
        for metric in metrics:
            runs = by_metric.get(metric, ())
            cells.append(f"<td>{''.join(_run_chip(r) for r in runs) or '—'}</td>")
        if group.history is not None:
            found = _history_case(group, case)
            cells.append(
                f"<td>{_chip(found.status, _status_class(found.status))}</td>"
                if found
                else '<td class="none">not in eval history</td>'
            )
        rows.append(f"<tr>{''.join(cells)}</tr>")
        sections.append(render_case(group, case, case_anchor))
    source = ""
    if group.history is not None:
        source = f'<p class="meta">adk eval history: {esc(group.history.path)}</p>'
    return (
        f'<h2 id="{esc(anchor)}">{title}</h2>{source}'
        f'<table class="cases"><thead><tr><th>case</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>{''.join(sections)}"
    )


def render_html(report: Report) -> str:
    """The whole page: one HTML document with inline CSS, no script, no external resource."""
    ids = _Ids()
    anchors = {g.label: ids.make("group", g.label) for g in report.groups}
    sources = ", ".join(str(s) for s in report.sources)
    meta = f"read {report.details_count} details files from {sources}"
    if report.history_files:
        meta += f"; {len(report.history_files)} adk eval-history results"
    if report.cases:
        meta += f"; showing only: {', '.join(report.cases)}"
    unmatched = ""
    if report.unmatched_history:
        items = "".join(
            f"<li>{esc(h.app)} on {esc(h.eval_set_id)}: {h.passed_failed()[0]} passed, "
            f"{h.passed_failed()[1]} failed ({esc(h.path.name)})</li>"
            for h in report.unmatched_history
        )
        unmatched = f"<p>adk eval-history results with no details given here:</p><ul>{items}</ul>"
    if report.unreadable:
        items = "".join(f"<li>{esc(reason)}</li>" for _, reason in report.unreadable)
        unmatched += (
            f'<div class="unreadable"><p>{len(report.unreadable)} details file(s) could not be '
            f"read and are left out:</p><ul>{items}</ul></div>"
        )
    body = [
        f"<h1>{esc(report.title)}</h1>",
        f'<p class="meta">{esc(meta)}</p>',
        '<p class="meta">Cells: <span class="chip pass">pass</span> requirement met, '
        '<span class="chip fail">fail</span> not met, <span class="chip incomplete">incomplete'
        '</span> could not be judged (counts as not met), <span class="chip unscored">unscored'
        "</span> the evaluator could not decide (the case fails). A subject is satisfied only "
        "when every requirement passes.</p>",
        render_summary(report, anchors),
        unmatched,
    ]
    body += [render_group(g, anchors[g.label], ids) for g in report.groups]
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(report.title)}</title><style>{CSS}</style></head>"
        f"<body>{''.join(body)}</body></html>\n"
    )


def write_report(
    details_dirs: Sequence[Path],
    out: Path,
    history_paths: Sequence[Path] = (),
    title: str = "checkers report",
    cases: Sequence[str] = (),
) -> Path:
    """Build the report and write it to ``out`` (parent folders made); return ``out``.

    Raises ConfigError for bad arguments or an unwritable ``out``, DataError for a broken file.
    """
    page = render_html(build_report(details_dirs, history_paths, title, cases))
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(page, encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot write the report to {str(out)!r}: {error.strerror}") from error
    return out


# ---------------------------------------------------------------- command line


def _cmd_report(args: argparse.Namespace) -> int:
    out = write_report(
        args.details_dirs, args.out, args.eval_history or (), args.title, args.case or ()
    )
    print(out)
    return 0


def add_report_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``checkers report`` on the ``checkers`` command's subparsers; return its parser.

    ``subparsers`` is what ``ArgumentParser.add_subparsers()`` returned. The handler is stored as
    ``handler`` (the ``checkers`` main calls ``args.handler(args)``); it prints the page's path.
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "report",
        help="turn details files (and adk eval history) into one HTML page",
        description="Turn the details files of an evaluation into one self-contained HTML page.",
        epilog=REPORT_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "details_dirs",
        metavar="DETAILS_DIR",
        nargs="+",
        type=Path,
        help="a folder the metrics wrote details files into (searched recursively)",
    )
    parser.add_argument(
        "--eval-history",
        metavar="DIR",
        action="append",
        type=Path,
        help="adk eval's eval-history folder or result file; repeat for several agents",
    )
    parser.add_argument("--out", required=True, type=Path, help="the HTML file to write")
    parser.add_argument("--title", default="checkers report", help="the page's title")
    parser.add_argument(
        "--case",
        metavar="ID",
        action="append",
        help="show only this case (eval id = scenario id); repeat for several",
    )
    parser.set_defaults(handler=_cmd_report)
    return parser
