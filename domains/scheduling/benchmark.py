"""Measuring ``everyone_can_attend`` against NATURAL PLAN's own exact-match scorer.

NATURAL PLAN scores a proposed meeting time by exact match with one golden answer
(``evaluate_calendar_scheduling.py``: the first ``Day, H:MM - H:MM`` in the response must
equal the golden one). Yet many tasks have more than one slot that works for everyone. This
module re-states that scorer (:func:`exact_match`), checks that every golden answer passes
``everyone_can_attend``, and counts the tasks where another valid slot exists that exact match
would reject::

    python -m domains.scheduling.benchmark [../shared/data/natural_plan/calendar_dev.jsonl]
    python -m domains.scheduling.benchmark --write-batch slots.jsonl
    checkers check scheduling --batch slots.jsonl > verdicts.jsonl
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checkers.transcript import Transcript
from domains.scheduling.judge import judge_everyone_can_attend
from domains.scheduling.models import Slot, Task, clock
from domains.scheduling.natural_plan import import_row, read_rows
from domains.scheduling.solver import grid_minutes, valid_slots

_BENCHMARK_SLOT = re.compile(r"[A-Za-z]+, [0-9]+:[0-9]+ - [0-9]+:[0-9]+")
DEV_TASKS = Path(__file__).parent / "data" / "calendar_dev.jsonl"
"""The bundled dev split (the default file to measure)."""
SEVERAL_VALID = "several_valid_slots"
"""Batch label of tasks where more than one slot works for everyone."""


def _hour(text: str) -> float:
    # As the benchmark computes it: ":30" is half an hour, any other minutes count as ":00".
    hours, minutes = text.split(":")
    return float(hours) + (0.5 if minutes == "30" else 0.0)


def benchmark_reading(response: str) -> tuple[str, float, float]:
    """The (day, start, end) NATURAL PLAN reads from a response: its first ``Day, H:MM - H:MM``,
    or ``("", -1, -1)`` when there is none."""
    found = _BENCHMARK_SLOT.findall(response)
    if not found:
        return "", -1, -1
    day, _, hours = found[0].partition(",")
    start, _, end = hours.partition("-")
    return day.strip(), _hour(start.strip()), _hour(end.strip())


def exact_match(response: str, golden: str) -> bool:
    """NATURAL PLAN's verdict: the response's slot equals the golden one as the benchmark reads
    both (see :func:`benchmark_reading`)."""
    return benchmark_reading(response) == benchmark_reading(golden)


def benchmark_text(slot: Slot) -> str:
    """``Here is the proposed time: Monday, 14:30 - 15:30``: an answer in the benchmark's form."""
    return f"Here is the proposed time: {slot.text()}"


def batch_fields(task: Task, answer: str | None) -> tuple[dict[str, Any], bool | None, str | None]:
    """What a batch line of ``checkers check scheduling --batch`` reports beside the verdict:
    the benchmark id, the exact-match verdict (None without a golden answer), the number of
    valid slots on the task's grid, and the label of tasks with several valid slots."""
    count = len(valid_slots(task))
    exact = None if task.golden is None else exact_match(answer or "", task.golden)
    fields: dict[str, Any] = {"task_id": task.source, "exact_match": exact, "valid_slots": count}
    return fields, exact, SEVERAL_VALID if count > 1 else None


@dataclass(frozen=True)
class Alternative:
    """A task where exact match rejects slots that work for everyone."""

    task: Task
    golden: str
    rejected: tuple[Slot, ...]
    """Valid slots (on the task's grid) the exact-match scorer would reject."""


@dataclass
class Measurement:
    """What :func:`measure` found."""

    tasks: int = 0
    golden_passed: int = 0
    golden_failures: list[tuple[str, str]] = field(default_factory=list)
    """(task id, the verdict's summary) of each golden answer that did not pass."""
    earliest_tasks: int = 0
    alternatives: list[Alternative] = field(default_factory=list)

    def report(self, examples: int = 3) -> list[str]:
        """The lines ``python -m domains.scheduling.benchmark`` prints."""
        rejected = sum(len(a.rejected) for a in self.alternatives)
        lines = [
            f"tasks: {self.tasks} ({self.earliest_tasks} ask for the earliest slot)",
            f"golden plan passes everyone_can_attend: {self.golden_passed}/{self.tasks}",
            f"tasks where another slot works for everyone but exact match rejects it: "
            f"{len(self.alternatives)}/{self.tasks} ({rejected} such slots on the tasks' grids)",
        ]
        lines += [f"  golden FAILED {task}: {why}" for task, why in self.golden_failures]
        for alt in self.alternatives[:examples]:
            shown = ", ".join(s.text() for s in alt.rejected[:3])
            more = f" and {len(alt.rejected) - 3} more" if len(alt.rejected) > 3 else ""
            lines.append(
                f"  {alt.task.id} ({alt.task.source}): golden {alt.golden!r}; "
                f"also valid: {shown}{more}"
            )
        return lines


def measure(tasks: Sequence[Task]) -> Measurement:
    """Judge every task's golden answer and count valid slots exact match would reject."""
    found = Measurement(tasks=len(tasks))
    for task in tasks:
        if task.golden is None:
            continue
        found.earliest_tasks += task.meeting.earliest
        verdict = judge_everyone_can_attend(task, Transcript(final_text=task.golden), 1.0)
        if verdict.passed:
            found.golden_passed += 1
        else:
            found.golden_failures.append((task.id, verdict.summary()))
        rejected = tuple(
            s for s in valid_slots(task) if not exact_match(benchmark_text(s), task.golden)
        )
        if rejected:
            found.alternatives.append(Alternative(task, task.golden, rejected))
    return found


def batch_lines(rows: Sequence[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Lines for ``checkers check scheduling --batch``: per benchmark row, its golden answer,
    then each valid slot exact match rejects, in the benchmark's answer form."""
    for row in rows:
        task = import_row(row)
        yield {"id": f"{task.id}-golden", "task": row, "answer": row.get("golden_plan")}
        for slot in valid_slots(task):
            text = benchmark_text(slot)
            if task.golden is not None and not exact_match(text, task.golden):
                yield {
                    "id": f"{task.id}-{slot.day}-{clock(slot.start)}",
                    "task": row,
                    "answer": text,
                }


def main(argv: Sequence[str] | None = None) -> int:
    """Print the measurement for a benchmark JSONL file (default: the bundled dev tasks)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", nargs="?", default=str(DEV_TASKS), help="benchmark JSONL file")
    parser.add_argument("--examples", type=int, default=5, help="alternatives to show")
    parser.add_argument(
        "--write-batch",
        metavar="OUT.jsonl",
        help="also write a batch for `checkers check scheduling --batch`: each golden answer and "
        "each valid slot exact match rejects",
    )
    args = parser.parse_args(argv)
    rows = read_rows(Path(args.path))
    tasks = [import_row(row) for row in rows]
    if args.write_batch:
        with open(args.write_batch, "w", encoding="utf-8") as out:
            for batch_line in batch_lines(rows):
                out.write(json.dumps(batch_line, ensure_ascii=False) + "\n")
    grids = sorted({grid_minutes(t) for t in tasks})
    result = measure(tasks)
    for line in result.report(args.examples):
        print(line)
    print(f"time grids (minutes): {grids}")
    return 0 if result.golden_passed == result.tasks else 1


if __name__ == "__main__":
    sys.exit(main())
