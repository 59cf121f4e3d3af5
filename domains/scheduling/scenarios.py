"""Loading scheduling tasks: the bundled NATURAL PLAN dev tasks by id, or a task from a file.

Bundled ids are ``np-<n>`` for the benchmark's ``calendar_scheduling_example_<n>`` (see
``domains/scheduling/data/README.md``). A path names a JSON file holding either a benchmark row
(``{"id", "prompt_0shot", ...}``, read by :mod:`domains.scheduling.natural_plan`) or a task as
:class:`~domains.scheduling.models.Task` dumps it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import TypeAdapter

from checkers.data import validate
from checkers.errors import ConfigError
from checkers.metric import BatchItem
from checkers.scenarios import ScenarioStore, StoredDomain, example_ids
from checkers.transcript import Transcript
from domains.scheduling import PLUGIN
from domains.scheduling.benchmark import DEV_TASKS, batch_fields
from domains.scheduling.models import Task
from domains.scheduling.natural_plan import PROMPT_KEYS, import_row, read_rows

TASKS_FILE = DEV_TASKS
_TASK = TypeAdapter(Task)


@lru_cache(maxsize=1)
def bundled_tasks() -> dict[str, Task]:
    """The bundled tasks by scenario id (``np-<n>``), in file order."""
    return {task.id: task for task in map(import_row, read_rows(TASKS_FILE))}


def task_from_json(value: Any, where: str) -> Task:
    """A task from a parsed JSON value: a benchmark row or a dumped :class:`Task`.

    Raises DataError naming ``where`` and the first bad field.
    """
    if isinstance(value, dict) and any(key in value for key in PROMPT_KEYS):
        return import_row(value)
    neither = f"{where}: not a benchmark row (no {' or '.join(PROMPT_KEYS)}) nor a task"
    return validate(_TASK, value, neither)


STORE = ScenarioStore(
    task_from_json,
    bundled_tasks,
    source="domains/scheduling/data/calendar_dev.jsonl",
    file_noun="task",
    known=lambda ids: example_ids(ids, "tasks"),
)
"""The bundled tasks by id, or a task from a JSON file (see the module docstring)."""

task_from_file = STORE.load_file


class SchedulingDomain(StoredDomain[Task]):
    """Meeting scheduling on NATURAL PLAN calendar tasks."""

    def batch_item(self, row: dict[str, Any]) -> BatchItem[Task]:
        """A batch line ``{"task": <benchmark row>, "answer": "<text>"}`` (or the default
        ``{"scenario", "answer"}``). For a benchmark row with a ``golden_plan``, the line
        reports the benchmark's exact-match verdict beside the metric's, and marks tasks where
        several slots work for everyone, where the two may rightly disagree."""
        if "task" not in row:
            return super().batch_item(row)
        answer = row.get("answer")
        if answer is not None and not isinstance(answer, str):
            raise ConfigError('"answer" must be the agent\'s final text (a string) or null')
        task = task_from_json(row["task"], "the line's task")
        fields, exact, label = batch_fields(task, answer)
        return BatchItem(
            scenario=task,
            transcript=Transcript(final_text=answer),
            fields=fields,
            reference_passed=exact,
            label=label,
            reference_metric="everyone_can_attend",
        )


SCHEDULING = SchedulingDomain.of(PLUGIN, STORE)
"""Meeting scheduling: can everyone attend the proposed slot?"""
