"""Loading scheduling tasks: the bundled NATURAL PLAN dev tasks by id, or a task from a file.

Bundled ids are ``np-<n>`` for the benchmark's ``calendar_scheduling_example_<n>`` (see
``domains/scheduling/data/README.md``). A path names a JSON file holding either a benchmark row
(``{"id", "prompt_0shot", ...}``, read by :mod:`domains.scheduling.natural_plan`) or a task as
:class:`~domains.scheduling.models.Task` dumps it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from pydantic import TypeAdapter

from checkers.data import validate
from checkers.errors import ConfigError
from checkers.events import scenario_texts
from checkers.metric import BatchItem
from checkers.results import AnswerProblem
from checkers.scenario_ref import named_scenario_id, state_scenario_ids
from checkers.scenarios import ScenarioStore, StoredDomain, example_ids
from checkers.transcript import Transcript
from domains.scheduling import PLUGIN
from domains.scheduling.benchmark import DEV_TASKS, batch_fields
from domains.scheduling.models import Task
from domains.scheduling.natural_plan import (
    PROMPT_KEYS,
    import_row,
    read_rows,
    scenario_id,
    task_text,
)

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


_TASK_ID = re.compile(r"\btask id[:\s]+([A-Za-z0-9_-]+?)\.?(?=\s|$)", re.IGNORECASE)
"""How the demo's users name their task: ``Task id: np-6.``"""


@lru_cache(maxsize=1)
def _bundled_texts() -> dict[str, str]:
    """Each bundled task's text (its prompt's last ``TASK:``, white space collapsed) -> its id."""
    found = {}
    for row in read_rows(TASKS_FILE):
        prompt = next(row[key] for key in PROMPT_KEYS if isinstance(row.get(key), str))
        found[_collapsed(task_text(prompt))] = scenario_id(row["id"])
    return found


def _collapsed(text: str) -> str:
    return " ".join(text.split())


def first_message_tasks(text: str) -> list[str]:
    """The tasks a user's first message names: ``Task id: <id>``, or the text of a bundled task
    (a benchmark prompt's last ``TASK:``, or the task's sentences alone), in that order."""
    named = _TASK_ID.findall(text)
    start = text.rfind("TASK:")
    task = text if start == -1 else text[start + len("TASK:") :].split("SOLUTION:")[0]
    asked = _collapsed(task)
    named += [task_id for known, task_id in _bundled_texts().items() if known and known in asked]
    return list(dict.fromkeys(named))


class SchedulingDomain(StoredDomain[Task]):
    """Meeting scheduling on NATURAL PLAN calendar tasks."""

    def scenario_named_in(
        self, transcript: Transcript, state: Mapping[str, Any], tag_texts: Sequence[str]
    ) -> str | AnswerProblem:
        """The task the session's first user message names (``Task id: np-6``, or the task's
        text), besides the default channels (the session state, trusted ``[scenario:<id>]``
        tags). Only the first message counts: it is the request; a task the agent looked up, or
        one named later, is judged against it, never in its place."""
        said = scenario_texts(transcript)  # a turn's earlier messages too: the first is one
        first = next((text for text in said if text.strip()), "")
        from_state = state_scenario_ids(state)
        if isinstance(from_state, AnswerProblem):
            return from_state
        return named_scenario_id(from_state, tag_texts, first_message_tasks(first))

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
