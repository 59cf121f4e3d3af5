"""The per-checker table ``checkers meta`` prints.

One row per checker (each requirement kind, each derived result kind, each metric)::

    checker            known p/f/i   satisfying  violated  incomplete  invariants  pass+fail
    allergy            9/2/3                412       200         388  11/11       yes

- known p/f/i: results of that kind in the known answers' verdicts, by outcome (for a metric:
  known answers by expected outcome);
- satisfying / violated / incomplete: generated cases in which the checker passed in a
  satisfying answer, was the one requirement broken, or was left incomplete by a missing field;
- invariants: invariant meta-tests covering the checker that held, of those that apply
  (exempt ones are listed under the table with their reason);
- pass+fail: whether some known or generated case saw the checker pass and some saw it fail.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from checkers.meta import stats as sources
from checkers.meta.runner import INVARIANT, CheckResult, MetaRun
from checkers.meta.spec import DomainMetaSpec

HEADER = (
    "checker",
    "known p/f/i",
    "satisfying",
    "violated",
    "incomplete",
    "invariants",
    "pass+fail",
)


def checker_rows(spec: DomainMetaSpec[Any]) -> list[str]:
    """Row names: requirement kinds, derived kinds, other kinds metrics report, then metrics."""
    rows = list(spec.kinds())
    for mm in spec.metrics.values():
        rows += [k for k in mm.kinds if k not in rows]
    return rows + [m for m in spec.metrics if m not in rows]


def _triple(counts: Counter[str]) -> str:
    return f"{counts['pass']}/{counts['fail']}/{counts['incomplete']}"


def _covering(results: Iterable[CheckResult], checker: str, group: str) -> list[CheckResult]:
    return [r for r in results if r.check.group == group and checker in r.check.checkers]


def table_rows(spec: DomainMetaSpec[Any], run: MetaRun) -> list[tuple[str, ...]]:
    """The table's rows (see the module docstring), as strings."""
    stats = run.stats
    rows: list[tuple[str, ...]] = []
    none: Counter[str] = Counter()
    for checker in checker_rows(spec):
        known = stats.outcomes.get((sources.KNOWN, checker), none)
        satisfying = stats.outcomes.get((sources.SATISFYING, checker), none)["pass"]
        if checker == spec.metric.name:  # every violation case is judged by the share metric
            violated = sum(n for (src, _), n in stats.targeted.items() if src == sources.VIOLATION)
        else:
            violated = stats.targeted[(sources.VIOLATION, checker)]
        incomplete = stats.outcomes.get((sources.INCOMPLETE, checker), none)["incomplete"]
        covering = _covering(run.results, checker, INVARIANT)
        applying = [r for r in covering if r.status != "exempt"]
        held = sum(r.status == "held" for r in applying)
        seen = stats.seen(checker)
        both = "yes" if seen["pass"] and seen["fail"] else "NO"
        rows.append(
            (
                checker,
                _triple(known),
                str(satisfying) if checker not in spec.metrics or satisfying else "-",
                str(violated),
                str(incomplete),
                f"{held}/{len(applying)}" if applying else "-",
                both,
            )
        )
    return rows


def render_table(spec: DomainMetaSpec[Any], run: MetaRun, seconds: float) -> str:
    """The whole report: the table, exempt invariants with reasons, failures, totals."""
    rows = [HEADER, *table_rows(spec, run)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADER))]
    lines = [
        f"checkers meta {spec.domain}: {spec.subjects[0]}-{spec.subjects[1]} subjects per "
        "generated scenario",
        "",
    ]
    for index, row in enumerate(rows):
        rest = zip(row[1:], widths[1:], strict=True)
        cells = [row[0].ljust(widths[0])] + [cell.rjust(width) for cell, width in rest]
        lines.append("  ".join(cells).rstrip())
        if index == 0:
            lines.append("  ".join("-" * w for w in widths))
    groups: dict[str, list[CheckResult]] = {}
    for result in run.results:
        groups.setdefault(result.check.group, []).append(result)
    lines.append("")
    for group, results in groups.items():
        held = sum(r.status == "held" for r in results)
        applying = sum(r.status != "exempt" for r in results)
        examples = sum(run.stats.examples[r.check.id] for r in results)
        lines.append(
            f"{group:<10} {held}/{applying} held, {examples} examples, "
            f"{sum(r.seconds for r in results):.1f}s"
        )
    exempt = [r for r in run.results if r.status == "exempt"]
    if exempt:
        lines += ["", "not applicable:"]
        lines += [f"  {r.check.id}: {r.message}" for r in exempt]
    failed = [r for r in run.results if r.status == "failed"]
    if failed:
        lines += ["", f"FAILED ({len(failed)}):"]
        for result in failed:
            lines += [
                f"  {result.check.id}:",
                *(f"    {line}" for line in result.message.splitlines()),
            ]
    minimum = min(
        (
            run.stats.examples[r.check.id]
            for r in run.results
            if r.status == "held"
            and r.check.group in ("generated", "oracle", "invariant")
            and run.stats.examples[r.check.id] > 10
        ),
        default=0,
    )
    lines += [
        "",
        f"{'ALL HELD' if run.ok else 'FAILURES'}: {sum(r.status == 'held' for r in run.results)} "
        f"held, {len(failed)} failed, {len(exempt)} not applicable; fewest examples in a "
        f"generated property: {minimum}; {seconds:.1f}s",
    ]
    return "\n".join(lines)
