"""What the page shows: details runs grouped by label, case and metric, beside adk eval's results.

A label ``<agent>__<eval set>`` (as the dining demo writes) names both; any other label is the
agent, with the eval set unknown (see :func:`checkers.report.loading.run_label`). Runs of one
case and metric under one label are ordered by the time stamp in the file name. Groups come in
the order of the directories given. Each group gets the newest matching eval-history result
(see :mod:`checkers.report.history`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from checkers.errors import ConfigError
from checkers.report.history import HistoryResult, load_eval_history, match_history
from checkers.report.loading import (
    DetailsRun,
    find_details_files,
    load_details_files,
    split_label,
)

__all__ = ["Group", "Report", "build_report", "group_runs", "only_cases"]


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
        passed = sum(1 for r in runs if r.details.overall_status == "PASSED")
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
        by_metric = by_case.setdefault(run.details.scenario_id, {})
        by_metric.setdefault(run.details.metric, []).append(run)
    groups = []
    for label in by_label:
        agent, eval_set = split_label(label)
        cases = {
            case: {m: tuple(sorted(rs, key=_sort_key)) for m, rs in sorted(by_metric.items())}
            for case, by_metric in sorted(by_label[label].items())
        }
        groups.append(Group(label, agent, eval_set, cases, match_history(history, agent, eval_set)))
    return tuple(groups)


def only_cases(runs: Sequence[DetailsRun], cases: Sequence[str]) -> list[DetailsRun]:
    """The runs of the given case ids; all runs when ``cases`` is empty.

    Raises ConfigError naming a case id that no details file holds, with the ids there are.
    """
    if not cases:
        return list(runs)
    known = {r.details.scenario_id for r in runs}
    missing = [c for c in cases if c not in known]
    if missing:
        shown = ", ".join(sorted(known)[:12]) + (" ..." if len(known) > 12 else "")
        raise ConfigError(f"case {missing[0]!r} is in no details file given; cases found: {shown}")
    return [r for r in runs if r.details.scenario_id in cases]


def build_report(
    details_dirs: Sequence[Path],
    history_paths: Sequence[Path] = (),
    title: str = "checkers report",
    cases: Sequence[str] = (),
) -> Report:
    """Load and group everything the page shows; only ``cases`` when given.

    Raises ConfigError for a missing or empty directory, a case no file holds, or a bad
    eval-history path; DataError when no details file can be read or an eval-history file is
    broken. Details files that cannot be read are listed in ``Report.unreadable``.
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
