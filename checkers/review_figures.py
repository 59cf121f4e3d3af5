"""How far checkers and judges agree with the people who reviewed their verdicts.

From a filled review sheet (:func:`checkers.review_read.read_sheet`):

- agreement: the share of reviewed verdicts the reviewer agreed with, with its Wilson 95%
  interval (:func:`checkers.stats.wilson_interval`), for all rows, per evaluator (checker or
  judge), per metric and per reason code (a row counts under each of its codes);
- Cohen's kappa of the evaluator's pass/fail against the reviewer's (the verdict when the
  reviewer agrees, its opposite when not), and the false-pass and false-fail rates, from
  :class:`checkers.rubric.calibrate.Figures` (undefined when chance agreement is 1);
- the confusion counts (rows: the reviewer, columns: the evaluator);
- the mean of each rating scale over the rows rated on it, with how many were.

A failing verdict with unscored requirements is a fail here as everywhere (fail closed): a
reviewer who agrees with it holds that the answer should not pass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from checkers.review_read import FilledRow
from checkers.review_sheet import SCALES
from checkers.rubric.aggregate import Vote
from checkers.rubric.calibrate import Figures, Gate, JudgeSays
from checkers.stats import wilson_interval
from checkers.text import cut

__all__ = ["Agreement", "SheetReport", "agreement", "sheet_report"]


def _pair(row: FilledRow) -> tuple[Vote, JudgeSays]:
    """(the reviewer's label, the evaluator's) as yes/no: should it pass, did it pass."""
    return ("yes" if row.reviewer_passes else "no", "yes" if row.passed else "no")


@dataclass(frozen=True)
class Agreement:
    """Agreement of one group of reviewed rows with their reviewers."""

    group: str
    agreed: int
    n: int
    figures: Figures

    @property
    def rate(self) -> float | None:
        return self.agreed / self.n if self.n else None

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of the agreement rate ((0, 1) for no rows)."""
        return wilson_interval(self.agreed, self.n)

    def as_json(self) -> dict[str, Any]:
        f = self.figures
        return {
            "group": self.group,
            "agreed": self.agreed,
            "n": self.n,
            "rate": self.rate,
            "interval_95": list(self.interval),
            "kappa": _float(f.kappa),
            "false_pass_rate": _float(f.false_pass_rate),
            "false_fail_rate": _float(f.false_fail_rate),
            "confusion": {
                "reviewer pass, verdict pass": f.counts[("yes", "yes")],
                "reviewer pass, verdict fail": f.counts[("yes", "no")],
                "reviewer fail, verdict pass": f.counts[("no", "yes")],
                "reviewer fail, verdict fail": f.counts[("no", "no")],
            },
        }


def _float(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def agreement(group: str, rows: Sequence[FilledRow]) -> Agreement:
    """The agreement of reviewed ``rows`` (rows not reviewed are left out by the caller)."""
    return Agreement(
        group, sum(bool(r.agrees) for r in rows), len(rows), Figures.of([_pair(r) for r in rows])
    )


def _grouped(
    rows: Sequence[FilledRow], keys: Callable[[FilledRow], Iterable[str]]
) -> list[Agreement]:
    groups: dict[str, list[FilledRow]] = {}
    for row in rows:
        for key in keys(row):
            groups.setdefault(key, []).append(row)
    return [agreement(key, groups[key]) for key in sorted(groups)]


@dataclass(frozen=True)
class Rating:
    """The mean of one scale over the rows rated on it."""

    scale: str
    rated: int
    mean: float | None


@dataclass(frozen=True)
class SheetReport:
    """Everything :func:`sheet_report` measured on a sheet."""

    source: str
    rows: int
    reviewed: int
    overall: Agreement
    by_evaluator: list[Agreement]
    by_metric: list[Agreement]
    by_reason: list[Agreement]
    ratings: list[Rating]
    disagreements: list[FilledRow]

    def as_json(self, gate: Gate) -> dict[str, Any]:
        return {
            "sheet": self.source,
            "rows": self.rows,
            "reviewed": self.reviewed,
            "not_reviewed": self.rows - self.reviewed,
            "agreement": self.overall.as_json(),
            "by_evaluator": [a.as_json() for a in self.by_evaluator],
            "by_metric": [a.as_json() for a in self.by_metric],
            "by_reason_code": [a.as_json() for a in self.by_reason],
            "ratings": {r.scale: {"rated": r.rated, "mean": r.mean} for r in self.ratings},
            "disagreements": [
                {
                    "where": r.where,
                    "item_id": r.item_id,
                    "verdict": "pass" if r.passed else "fail",
                    "feedback": r.feedback,
                }
                for r in self.disagreements
            ],
            "gate": {
                "failures": gate.failures(self.overall.figures),
                "passed": not gate.failures(self.overall.figures),
            },
        }


def sheet_report(rows: Sequence[FilledRow], source: str) -> SheetReport:
    """The figures of a read sheet (``rows`` may hold rows not reviewed: they are counted, and
    left out of every figure)."""
    reviewed = [r for r in rows if r.reviewed]
    ratings = []
    for scale in SCALES:
        given = [r.ratings[scale] for r in reviewed if r.ratings[scale] is not None]
        values = [v for v in given if v is not None]
        ratings.append(Rating(scale, len(values), sum(values) / len(values) if values else None))
    return SheetReport(
        source=source,
        rows=len(rows),
        reviewed=len(reviewed),
        overall=agreement("all", reviewed),
        by_evaluator=_grouped(reviewed, lambda r: [r.evaluator]),
        by_metric=_grouped(reviewed, lambda r: [r.metric]),
        by_reason=_grouped(reviewed, lambda r: r.reason_codes),
        ratings=ratings,
        disagreements=[r for r in reviewed if not r.agrees],
    )


def _line(a: Agreement, width: int) -> str:
    low, high = a.interval
    rate = "   -  " if a.rate is None else f"{a.rate:.3f}"
    kappa = a.figures.kappa
    shown = "undefined" if kappa is None else f"{float(kappa):.3f}"
    c = a.figures.counts
    return (
        f"  {a.group:<{width}} {a.agreed:>4}/{a.n:<4} {rate}  [{low:.3f}, {high:.3f}]  "
        f"kappa {shown:<9}  pp {c[('yes', 'yes')]} pf {c[('yes', 'no')]} "
        f"fp {c[('no', 'yes')]} ff {c[('no', 'no')]}"
    )


def report_lines(report: SheetReport, gate: Gate, show: int = 5) -> list[str]:
    """The report as a person reads it."""
    groups = [report.overall, *report.by_evaluator, *report.by_metric, *report.by_reason]
    width = max(len(a.group) for a in groups)
    lines = [
        f"calibrate: review sheet {report.source}",
        f"rows {report.rows}, reviewed {report.reviewed}"
        + (
            f", not reviewed {report.rows - report.reviewed}"
            if report.rows > report.reviewed
            else ""
        ),
        "agreement with reviewers: agreed/reviewed, rate, Wilson 95% interval, Cohen's kappa of "
        "pass/fail; confusion (reviewer then verdict: pp pass-pass, pf pass-fail = false fail, "
        "fp fail-pass = false pass, ff fail-fail)",
        _line(report.overall, width),
        "by evaluator",
        *(_line(a, width) for a in report.by_evaluator),
        "by metric",
        *(_line(a, width) for a in report.by_metric),
        "by reason code (a row counts under each of its codes)",
        *(_line(a, width) for a in report.by_reason),
        "mean ratings (1-5)",
    ]
    for rating in report.ratings:
        mean = "-" if rating.mean is None else f"{rating.mean:.2f}"
        lines.append(f"  {rating.scale:<14} {mean:>5}  (rated {rating.rated} of {report.reviewed})")
    for row in report.disagreements[:show]:
        verdict = "pass" if row.passed else "fail"
        lines.append(
            f"  reviewer disagrees: {row.where}: {row.item_id} ({verdict})"
            + (f": {cut(' '.join(row.feedback.split()), 160)}" if row.feedback else "")
        )
    if len(report.disagreements) > show:
        lines.append(f"  ... {len(report.disagreements) - show} more disagreements (--show N)")
    if gate != Gate():
        missed = gate.failures(report.overall.figures)
        lines.append("gate: " + ("FAILED: " + "; ".join(missed) if missed else "passed"))
    return lines
