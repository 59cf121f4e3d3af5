"""The bundled data: the tau-bench airline database, policy and test tasks.

See ``data/README.md`` for where each file comes from and its licence.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from checkers.data import read_json, read_jsonl, validate
from checkers.service import task_fields
from domains.airline.models import Database, Scenario, Task

DATA_DIR = Path(__file__).parent / "data"
TASKS_FILE = DATA_DIR / "tasks_test.jsonl"
TRIPLES_FILE = DATA_DIR / "mutation_triples_dev.jsonl"
RUNS_FILE = DATA_DIR / "gpt4o_runs_dev.jsonl"
TABLES = ("flights", "reservations", "users")
TAU_SOURCE = "sierra-research/tau-bench@59a200c6 (MIT)"


@lru_cache(maxsize=1)
def bundled_database() -> Database:
    """The airline database as bundled (300 flights, 2,000 reservations, 500 users)."""
    raw = {name: read_json(DATA_DIR / f"{name}.json") for name in TABLES}
    return validate(TypeAdapter(Database), raw, "domains/airline/data/*.json")


@lru_cache(maxsize=1)
def tau_tasks() -> tuple[Task, ...]:
    """The 50 tau-bench airline test tasks, in file order (task ids 0 to 49)."""
    return validate(TypeAdapter(tuple[Task, ...]), read_jsonl(TASKS_FILE), TASKS_FILE)


def task_scenario(row: dict[str, Any]) -> Scenario:
    """A tau-bench task row (``task_id``, ``user_id``, ``instruction``, ``actions``,
    ``outputs``), a mutation triple's ``scenario`` with its ``task_id`` (``gold_actions``,
    ``required_outputs``), or a recorded run's ``info.task`` with its ``task_id``, as the
    scenario ``task-<n>``."""
    task_id = row.get("task_id")
    value = {**task_fields(row), "source": f"tau-bench airline test task {task_id} ({TAU_SOURCE})"}
    return validate(TypeAdapter(Scenario), value, f"tau-bench airline task {task_id}")


@lru_cache(maxsize=1)
def task_scenarios() -> dict[str, Scenario]:
    """The 50 tau-bench airline test tasks as scenarios ``task-0`` ... ``task-49``."""
    return {s.id: s for s in map(task_scenario, read_jsonl(TASKS_FILE))}


POLICY_FILE = DATA_DIR / "policy.md"
SCENARIOS_FILE = DATA_DIR / "scenarios.json"


@lru_cache(maxsize=1)
def policy_text() -> str:
    """The airline policy the agents follow (tau-bench's ``wiki.md``, as ``data/policy.md``)."""
    return POLICY_FILE.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def service_scenarios() -> dict[str, Scenario]:
    """Handwritten scenarios on the bundled database (``svc-*``), besides tau-bench's tasks."""
    scenarios = validate(
        TypeAdapter(list[Scenario]), read_json(SCENARIOS_FILE), str(SCENARIOS_FILE)
    )
    return {s.id: s for s in scenarios}
