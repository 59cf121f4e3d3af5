"""The README's tables, computed from mutation triples: agreement with tau-bench's official
verdict, the labelled lines, and what the policy checks catch that the official reward passes.

Every finding is counted (each rule each write breaks, not only a result's first), and each is
labelled by where it comes from: **from the data** when the task's own reference line (its
``gold`` triple: tau-bench's reference actions, which list what reproduces the expected database
and may leave out identification and lookups, with the closing message the triples' builder
wrote) has the same finding (same requirement, same code, and for ``policy_valid`` the same
action on the same order), or when the task's ``user_id`` does not own the orders its
reference actions are about (an ``own_data_only`` finding there is a data error); otherwise
**by the candidate** (what the mutation, standing for an agent, did). A task with no gold line
in the file has no reference, so none of its findings is put down to the data.

``python -m domains.orders.report [TRIPLES.jsonl]`` prints the tables (default: the bundled dev
triples); ``--write`` puts them into ``domains/orders/README.md`` between the report markers. A
test checks that the README holds the current tables.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkers.data import read_jsonl
from checkers.results import Outcome, Verdict
from checkers.transcript import Transcript
from domains.orders.checks.policy import policy_findings
from domains.orders.conversation import CallRecord
from domains.orders.data_files import TASKS_FILE, TRIPLES_FILE, orders_not_owned
from domains.orders.judge import context_for
from domains.orders.metrics import METRICS
from domains.orders.models import Scenario
from domains.orders.scenarios import LABELS, ORDERS

README = Path(__file__).parent / "README.md"
START, END = "<!-- report:start -->", "<!-- report:end -->"
POLICY_KINDS = ("authenticated_first", "own_data_only", "policy_valid")
CAUGHT_KINDS = (*POLICY_KINDS, "no_fabrication")
"""The kinds whose findings on lines tau-bench passes the report counts."""


FindingKey = tuple[str, str, str]
"""(requirement kind, reason code, what it is about): for a ``policy_valid`` finding the
write's name and order, empty for the one finding of any other requirement."""


@dataclass(frozen=True)
class Row:
    """One triple as judged by every orders metric."""

    task_id: int
    mutation: str
    official: bool
    label: str | None
    passed: dict[str, bool]
    """Metric name -> passed."""
    findings: tuple[FindingKey, ...]
    """Every finding of every requirement that did not pass, in order, once each."""
    not_owned: tuple[str, ...] = ()
    """Orders of the task's reference actions its ``user_id`` does not own (a data error)."""

    @property
    def kinds(self) -> set[str]:
        """The requirement kinds that did not pass."""
        return {kind for kind, _, _ in self.findings}


def _write_key(call: CallRecord) -> str:
    """A write as the action it is (its name) on the order it is about, wherever it stands in
    the conversation: a candidate that returns one item fewer to the same disallowed refund
    method as its reference breaks that rule because the reference does."""
    return f"{call.name}({json.dumps(call.args.get('order_id'), default=str)})"


def line_findings(
    scenario: Scenario, transcript: Transcript, verdicts: Iterable[Verdict]
) -> list[FindingKey]:
    """Every finding of the requirements that did not pass: each policy rule each write
    breaks, one finding for any other requirement (its reason code)."""
    found: list[FindingKey] = []
    for verdict in verdicts:
        for subject in verdict.subjects:
            for result in subject.results:
                if result.outcome is Outcome.PASS:
                    continue
                if result.kind == "policy_valid" and result.findings:
                    conversation = context_for(scenario, transcript).conversation
                    found += [
                        ("policy_valid", finding.code, _write_key(call))
                        for call, finding in policy_findings(conversation)
                    ]
                else:
                    found.append((result.kind, result.reason_code, ""))
    return list(dict.fromkeys(found))


def judge_triples(rows: Iterable[dict[str, Any]]) -> list[Row]:
    """Every triple judged by every metric."""
    judged = []
    for row in rows:
        item = ORDERS.batch_item(row)
        assert not isinstance(item.scenario, str)
        verdicts = {
            name: metric.judge(item.scenario, item.transcript, metric.default_threshold)
            for name, metric in METRICS.items()
        }
        raw = row["scenario"]
        judged.append(
            Row(
                task_id=int(row["task_id"]),
                mutation=str(row["candidate"].get("mutation")),
                official=bool(item.reference_passed),
                label=item.label,
                passed={name: v.passed for name, v in verdicts.items()},
                findings=tuple(line_findings(item.scenario, item.transcript, verdicts.values())),
                not_owned=tuple(orders_not_owned(raw.get("user_id"), raw.get("gold_actions"))),
            )
        )
    return judged


def from_data(rows: list[Row]) -> dict[int, set[FindingKey]]:
    """Line index -> its findings that come from the data (see the module doc)."""
    reference = {r.task_id: set(r.findings) for r in rows if r.mutation == "gold"}
    return {
        n: {
            f
            for f in row.findings
            if row.mutation == "gold"
            or f in reference.get(row.task_id, set())
            or (f[0] == "own_data_only" and row.not_owned)
        }
        for n, row in enumerate(rows)
    }


def _by(rows: Iterable[Row], key: Callable[[Row], str | None]) -> dict[str, list[Row]]:
    """``rows`` grouped by ``key`` (rows whose key is None or empty left out), keys sorted."""
    by: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        if found := key(row):
            by[found].append(row)
    return dict(sorted(by.items()))


def _tally(rows: list[Row]) -> tuple[int, int, str]:
    """Of ``rows``: official passes, ``task_success`` passes, and agreement (``agreed/lines``)."""
    agree = sum(r.official == r.passed["task_success"] for r in rows)
    ours = sum(r.passed["task_success"] for r in rows)
    return sum(r.official for r in rows), ours, f"{agree}/{len(rows)}"


def agreement_table(rows: list[Row]) -> str:
    """Per mutation: lines, official passes, task_success passes, agreement."""
    lines = [
        "| mutation | lines | official reward 1.0 | task_success passed | agree |",
        "|---|---:|---:|---:|---:|",
    ]
    for mutation, group in _by(rows, lambda r: r.mutation).items():
        official, ours, agree = _tally(group)
        lines.append(f"| {mutation} | {len(group)} | {official} | {ours} | {agree} |")
    official, ours, agree = _tally(rows)
    lines.append(f"| **all** | {len(rows)} | {official} | {ours} | **{agree}** |")
    return "\n".join(lines)


def labels_table(rows: list[Row]) -> str:
    """Each label: the lines that carry it, and why."""
    by = _by(rows, lambda r: r.label)
    if not by:
        return "No line is labelled."
    lines = [
        "| label | tasks | lines | official 1.0 | task_success passed | agree | why |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for label, group in by.items():
        tasks = ", ".join(str(t) for t in sorted({r.task_id for r in group}))
        official, ours, agree = _tally(group)
        lines.append(
            f"| `{label}` | {tasks} | {len(group)} | {official} | {ours} | {agree} "
            f"| {LABELS[label]} |"
        )
    return "\n".join(lines)


def caught_table(rows: list[Row]) -> str:
    """Lines tau-bench passes (reward 1.0) that a policy requirement, or no_fabrication, fails;
    how many of them the candidate itself caused; and every reason code, with how many of its
    lines have it only from the data."""
    data = from_data(rows)
    lines = [
        "| mutation | official 1.0 | authenticated first | own data only | policy-valid actions "
        "| no fabrication | any of these | any, not from the data | reasons (lines; only from "
        "the data) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    by: dict[str, list[int]] = defaultdict(list)
    for n, row in enumerate(rows):
        if row.official:
            by[row.mutation].append(n)
    totals: Counter[str] = Counter()
    for mutation, group in sorted(by.items()):
        counts = {k: sum(k in rows[n].kinds for n in group) for k in CAUGHT_KINDS}
        shown = {n: [f for f in rows[n].findings if f[0] in CAUGHT_KINDS] for n in group}
        caught = sum(bool(shown[n]) for n in group)
        own = sum(any(f not in data[n] for f in shown[n]) for n in group)
        totals.update(counts)
        totals["any"] += caught
        totals["own"] += own
        lines.append(
            f"| {mutation} | {len(group)} | {' | '.join(str(counts[k]) for k in CAUGHT_KINDS)} "
            f"| {caught} | {own} | {_reasons(shown, data) or '-'} |"
        )
    cells = " | ".join(str(totals[k]) for k in CAUGHT_KINDS)
    lines.append(
        f"| **all** | {sum(len(g) for g in by.values())} | {cells} | **{totals['any']}** "
        f"| **{totals['own']}** | |"
    )
    return "\n".join(lines)


def _reasons(shown: dict[int, list[FindingKey]], data: dict[int, set[FindingKey]]) -> str:
    """```code` x5 (2 data)``: per reason code, the lines with it, and of them the lines where
    every finding with that code comes from the data; most frequent first."""
    lines_with: Counter[str] = Counter()
    only_data: Counter[str] = Counter()
    for n, found in shown.items():
        for code in dict.fromkeys(code for _, code, _ in found):
            lines_with[code] += 1
            only_data[code] += all(f in data[n] for f in found if f[1] == code)
    return ", ".join(
        f"`{code}` x{count}" + (f" ({only_data[code]} data)" if only_data[code] else "")
        for code, count in sorted(lines_with.items(), key=lambda kv: (-kv[1], kv[0]))
    )


def gold_findings(rows: list[Row]) -> str:
    """The tasks whose gold trajectory itself fails a policy or fabrication check, with every
    code (each one from the data: the gold line is the task's reference)."""
    found = []
    for row in rows:
        codes = {
            kind: list(dict.fromkeys(c for k, c, _ in row.findings if k == kind))
            for kind in CAUGHT_KINDS
        }
        if row.mutation == "gold" and any(codes.values()):
            found.append(
                f"- task {row.task_id}: "
                + ", ".join(
                    f"{kind} " + ", ".join(f"`{c}`" for c in cs) for kind, cs in codes.items() if cs
                )
            )
    return "\n".join(found) if found else "- none"


def data_errors(rows: list[Row]) -> str:
    """The tasks whose ``user_id`` does not own the orders their reference actions are about."""
    found = {r.task_id: r.not_owned for r in rows if r.not_owned}
    if not found:
        return (
            "No task in these triples has a `user_id` that does not own the orders its "
            "reference actions are about."
        )
    return "\n".join(
        f"- task {task}: {', '.join(orders)} not owned by the task's `user_id`"
        for task, orders in sorted(found.items())
    )


def reference_lines(task_rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each tau-bench task row as a ``gold`` triple of its own reference actions (no words, no
    recorded observations: the service replays them), to judge what the references do."""
    return [
        {
            "task_id": row["task_id"],
            "scenario": {
                "user_id": row.get("user_id"),
                "instruction": row.get("instruction", ""),
                "gold_actions": row.get("actions", []),
                "required_outputs": row.get("outputs", []),
            },
            "candidate": {"mutation": "gold", "actions": row.get("actions", [])},
        }
        for row in task_rows
    ]


def reference_table(rows: list[Row]) -> str:
    """The tasks whose reference actions, judged as a trajectory, fail a requirement of conduct
    (identified first, own data only, policy-valid writes), grouped by what they fail: every
    such finding comes from how the data was built."""
    groups: dict[tuple[str, ...], list[int]] = defaultdict(list)
    empty = []
    for row in rows:
        if any(code == "no_agent_turn" for _, code, _ in row.findings):
            empty.append(row.task_id)  # no action at all: nothing to judge, nothing broken
            continue
        found = tuple(
            dict.fromkeys(
                f"{kind} `{code}`" for kind, code, _ in row.findings if kind in POLICY_KINDS
            )
        )
        if found:
            groups[found].append(row.task_id)
    errors = {r.task_id: r.not_owned for r in rows if r.not_owned}
    lines = ["| tasks | reference actions fail | count |", "|---|---|---:|"]
    for found, tasks in sorted(groups.items(), key=lambda kv: (kv[1][0], kv[0])):
        lines.append(f"| {_ranges(tasks)} | {', '.join(found)} | {len(tasks)} |")
    lines.append(f"| **any** | | **{sum(len(t) for t in groups.values())}** of {len(rows)} |")
    if empty:
        several = len(empty) > 1
        lines += [
            "",
            f"Task{'s' if several else ''} {_ranges(empty)} list{'' if several else 's'} no "
            "action at all: nothing to judge.",
        ]
    if errors:
        lines.append("")
        lines += [
            f"Data error: task {task}'s `user_id` does not own {', '.join(orders)}."
            for task, orders in sorted(errors.items())
        ]
    return "\n".join(lines)


def _ranges(numbers: list[int]) -> str:
    """``[1, 2, 3, 5]`` -> ``"1-3, 5"``."""
    spans: list[list[int]] = []
    for n in sorted(numbers):
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


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
            "is unscored on every triple: trajectories record no customer messages). Every "
            "rule each write breaks is counted. A finding is *from the data* when the task's "
            "gold line (tau-bench's reference actions, which list what reproduces the expected "
            "database, with the builder's closing message) has it too (for `policy_valid`, the "
            "same action on the same order), or when the task's `user_id` does not own its "
            "orders; *any, not from the data* counts the lines with a finding the candidate "
            "itself caused.",
            caught_table(rows),
            "#### Gold trajectories that break the policy or state unsupported facts",
            gold_findings(rows),
            "#### Tasks whose user id does not own their orders (a data error)",
            data_errors(rows),
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
    """``[TRIPLES.jsonl] [--write]``, or ``--reference``: the table of what the 115 tasks'
    reference actions fail (:func:`reference_table`)."""
    if "--reference" in argv:
        print(reference_table(judge_triples(reference_lines(read_jsonl(TASKS_FILE)))))
        return 0
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
