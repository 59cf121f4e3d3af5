"""A tau-bench customer-service domain's bundled data folder, read the same way for every domain:
the database (one JSON file a table), the test tasks as scenarios ``task-<n>`` (with the customer
corrected where a task's own data names the wrong one), the handwritten scenarios and the policy
the agents follow.

Each reader validates what it reads (:func:`checkers.data.validate`: a
:class:`~checkers.errors.DataError` naming the file and the field) and reads it once.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

from checkers.data import read_json, read_jsonl, validate
from checkers.errors import DataError
from checkers.service import TaskScenario, task_fields

__all__ = ["TAU_SOURCE", "TauData"]

TAU_SOURCE = "sierra-research/tau-bench@59a200c6 (MIT)"
"""Where the bundled tau-bench files come from, and their licence."""

D = TypeVar("D", bound=BaseModel)
S = TypeVar("S", bound=TaskScenario)


class TauData(Generic[D, S]):
    """The files of ``folder``: ``<table>.json`` for each of ``tables`` (the fields of the
    ``database`` model), ``tasks_test.jsonl``, ``scenarios.json`` and ``policy.md``. A task is
    named "tau-bench ``benchmark`` test task 5" (``benchmark``: ``"airline"``). ``corrections``
    are the tasks whose ``user_id`` contradicts their own instruction and gold actions: task id
    -> (the customer the task is for, why); such a task's scenario is that customer's, and its
    source says why."""

    def __init__(
        self,
        folder: Path,
        database: type[D],
        tables: tuple[str, ...],
        scenario: type[S],
        benchmark: str,
        corrections: Mapping[int, tuple[str, str]] | None = None,
    ) -> None:
        self.folder, self.tables, self.benchmark = folder, tables, benchmark
        self.corrections = dict(corrections or {})
        self.tasks_file = folder / "tasks_test.jsonl"
        self.scenarios_file = folder / "scenarios.json"
        self.policy_file = folder / "policy.md"
        self._database = TypeAdapter(database)
        self._scenario = TypeAdapter(scenario)
        self._scenarios: TypeAdapter[list[S]] = TypeAdapter(list[scenario])  # type: ignore[valid-type]
        # Each file is read once, for the life of the process.
        self.bundled_database = cache(self._bundled_database)
        self.task_scenarios = cache(self._task_scenarios)
        self.service_scenarios = cache(self._service_scenarios)
        self.policy_text = cache(self._policy_text)

    def _bundled_database(self) -> D:
        """The database as bundled."""
        raw = {name: read_json(self.folder / f"{name}.json") for name in self.tables}
        return validate(self._database, raw, f"domains/{self.folder.parent.name}/data/*.json")

    def task_scenario(self, row: dict[str, Any]) -> S:
        """A tau-bench task row (``task_id``, ``user_id``, ``instruction``, ``actions``,
        ``outputs``), a mutation triple's ``scenario`` with its ``task_id`` (``gold_actions``,
        ``required_outputs``), or a recorded run's ``info.task`` with its ``task_id``, as the
        scenario ``task-<n>`` (with the customer corrected for the tasks in ``corrections``)."""
        task_id, benchmark = row.get("task_id"), self.benchmark
        correction = self.corrections.get(task_id) if isinstance(task_id, int) else None
        source = f"tau-bench {benchmark} test task {task_id} ({TAU_SOURCE})"
        value = {**task_fields(row), "source": source}
        if correction is not None:
            value |= {
                "user_id": correction[0],
                "source": f"{source}; customer corrected: {correction[1]}",
            }
        return validate(self._scenario, value, f"tau-bench {benchmark} task {task_id}")

    def _task_scenarios(self) -> dict[str, S]:
        """The test tasks as scenarios ``task-0``, ``task-1`` ..., by id."""
        return {s.id: s for s in map(self.task_scenario, read_jsonl(self.tasks_file))}

    def _service_scenarios(self) -> dict[str, S]:
        """The handwritten scenarios on the bundled database, by id."""
        raw = read_json(self.scenarios_file)
        return {s.id: s for s in validate(self._scenarios, raw, str(self.scenarios_file))}

    def scenario(self, raw: Any, where: str) -> S:
        """A scenario from JSON ``raw``, read at ``where`` (named in the error when it is none)."""
        return validate(self._scenario, raw, where)

    def scenarios(self) -> dict[str, S]:
        """Every bundled scenario by id: the test tasks, then the handwritten ones."""
        return {**self.task_scenarios(), **self.service_scenarios()}

    def _policy_text(self) -> str:
        """The policy the agents follow (tau-bench's ``wiki.md``, as ``policy.md``); a
        DataError naming the file when it cannot be read."""
        try:
            return self.policy_file.read_text(encoding="utf-8")
        except OSError as error:
            raise DataError(f"cannot read {self.policy_file}: {error.strerror}") from error
