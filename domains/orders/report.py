"""The README's tables, computed from mutation triples: agreement with tau-bench's official
verdict, the labelled lines, and what the policy checks catch that the official reward passes.

``python -m domains.orders.report [TRIPLES.jsonl]`` prints the tables (default: the bundled dev
triples); ``--write`` puts them into ``domains/orders/README.md`` between the report markers. A
test checks that the README holds the current tables.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkers.data import read_jsonl
from checkers.results import Outcome
from domains.orders.data_files import TRIPLES_FILE
from domains.orders.metrics import METRICS
from domains.orders.scenarios import LABELS, ORDERS

README = Path(__file__).parent / "README.md"
START, END = "<!-- report:start -->", "<!-- report:end -->"
POLICY_KINDS = ("authenticated_first", "own_data_only", "policy_valid")


@dataclass(frozen=True)
class Row:
    """One triple as judged by every orders metric."""

    task_id: int
    mutation: str
    official: bool
    label: str | None
    passed: dict[str, bool]
    """Metric name -> passed."""
    codes: dict[str, str]
    """Requirement kind -> reason code of each requirement that did not pass."""


def judge_triples(rows: Iterable[dict[str, Any]]) -> list[Row]:
    """Every triple judged by every metric."""
    judged = []
    for row in rows:
        item = ORDERS.batch_item(row)
        passed, codes = {}, {}
        for name, metric in METRICS.items():
            assert not isinstance(item.scenario, str)
            verdict = metric.judge(item.scenario, item.transcript, metric.default_threshold)
            passed[name] = verdict.passed
            for subject in verdict.subjects:
                for result in subject.results:
                    if result.outcome is not Outcome.PASS:
                        codes[result.kind] = result.reason_code
        judged.append(
            Row(
                task_id=int(row["task_id"]),
                mutation=str(row["candidate"].get("mutation")),
                official=bool(item.reference_passed),
                label=item.label,
                passed=passed,
                codes=codes,
            )
        )
    return judged


def agreement_table(rows: list[Row]) -> str:
    """Per mutation: lines, official passes, task_success passes, agreement."""
    lines = [
        "| mutation | lines | official reward 1.0 | task_success passed | agree |",
        "|---|---:|---:|---:|---:|",
    ]
    by: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        by[row.mutation].append(row)
    for mutation, group in sorted(by.items()):
        agree = sum(r.official == r.passed["task_success"] for r in group)
        lines.append(
            f"| {mutation} | {len(group)} | {sum(r.official for r in group)} | "
            f"{sum(r.passed['task_success'] for r in group)} | {agree}/{len(group)} |"
        )
    agree = sum(r.official == r.passed["task_success"] for r in rows)
    lines.append(
        f"| **all** | {len(rows)} | {sum(r.official for r in rows)} | "
        f"{sum(r.passed['task_success'] for r in rows)} | **{agree}/{len(rows)}** |"
    )
    return "\n".join(lines)


def labels_table(rows: list[Row]) -> str:
    """Each label: the lines that carry it, and why."""
    by: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        if row.label:
            by[row.label].append(row)
    if not by:
        return "No line is labelled."
    lines = [
        "| label | tasks | lines | official 1.0 | task_success passed | agree | why |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for label, group in sorted(by.items()):
        tasks = ", ".join(str(t) for t in sorted({r.task_id for r in group}))
        official = sum(r.official for r in group)
        ours = sum(r.passed["task_success"] for r in group)
        agree = sum(r.official == r.passed["task_success"] for r in group)
        lines.append(
            f"| `{label}` | {tasks} | {len(group)} | {official} | {ours} | {agree}/{len(group)} "
            f"| {LABELS[label]} |"
        )
    return "\n".join(lines)


def caught_table(rows: list[Row]) -> str:
    """Lines tau-bench passes (reward 1.0) that a policy requirement, or no_fabrication, fails."""
    passed = [r for r in rows if r.official]
    kinds = (*POLICY_KINDS, "no_fabrication")
    lines = [
        "| mutation | official 1.0 | authenticated first | own data only | policy-valid actions "
        "| no fabrication | any of these | reasons |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    by: dict[str, list[Row]] = defaultdict(list)
    for row in passed:
        by[row.mutation].append(row)
    totals: Counter[str] = Counter()
    for mutation, group in sorted(by.items()):
        counts = {k: sum(k in r.codes for r in group) for k in kinds}
        caught = sum(any(k in r.codes for k in kinds) for r in group)
        totals.update(counts)
        totals["any"] += caught
        reasons = Counter(f"`{r.codes[k]}`" for r in group for k in kinds if k in r.codes)
        why = ", ".join(f"{code} x{n}" for code, n in reasons.most_common())
        cells = " | ".join(str(counts[k]) for k in kinds)
        lines.append(f"| {mutation} | {len(group)} | {cells} | {caught} | {why or '-'} |")
    cells = " | ".join(str(totals[k]) for k in kinds)
    lines.append(f"| **all** | {len(passed)} | {cells} | **{totals['any']}** | |")
    return "\n".join(lines)


def gold_findings(rows: list[Row]) -> str:
    """The tasks whose gold trajectory itself fails a policy or fabrication check."""
    gold = [r for r in rows if r.mutation == "gold"]
    found = [
        f"- task {r.task_id}: "
        + ", ".join(
            f"{k} `{r.codes[k]}`" for k in (*POLICY_KINDS, "no_fabrication") if k in r.codes
        )
        for r in gold
        if any(k in r.codes for k in (*POLICY_KINDS, "no_fabrication"))
    ]
    return "\n".join(found) if found else "- none"


def report(rows: list[Row]) -> str:
    """All tables, as the README section."""
    return "\n\n".join(
        [
            "#### Agreement of `task_success` with tau-bench's official reward",
            agreement_table(rows),
            "#### Labelled lines",
            labels_table(rows),
            "#### What the policy checks catch that the official reward passes",
            "Lines with official reward 1.0 that fail a requirement (`confirmed_before_writing` "
            "is unscored on every triple: trajectories record no customer messages).",
            caught_table(rows),
            "#### Gold trajectories that break the policy or state unsupported facts",
            gold_findings(rows),
        ]
    )


def with_report(readme: str, section: str) -> str:
    """``readme`` with the text between the report markers replaced by ``section``."""
    head, _, rest = readme.partition(START)
    _, _, tail = rest.partition(END)
    if not rest:
        raise ValueError(f"{README} has no {START} ... {END} markers")
    return f"{head}{START}\n{section}\n{END}{tail}"


def main(argv: list[str]) -> int:
    """``[TRIPLES.jsonl] [--write]``."""
    paths = [a for a in argv if not a.startswith("--")]
    source = Path(paths[0]) if paths else TRIPLES_FILE
    section = report(judge_triples(read_jsonl(source)))
    if "--write" in argv:
        README.write_text(
            with_report(README.read_text(encoding="utf-8"), section), encoding="utf-8"
        )
        print(f"wrote the report into {README}", file=sys.stderr)
    else:
        print(section)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
