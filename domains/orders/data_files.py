"""The bundled data: the tau-bench retail database and tasks, and the customer-service scenarios.

See ``data/README.md`` for where each file comes from and its licence.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from checkers.data import read_json, read_jsonl, validate
from checkers.errors import DataError
from checkers.service import task_fields
from domains.orders.models import Database, Scenario

DATA_DIR = Path(__file__).parent / "data"
TASKS_FILE = DATA_DIR / "tasks_test.jsonl"
SCENARIOS_FILE = DATA_DIR / "scenarios.json"
TRIPLES_FILE = DATA_DIR / "mutation_triples_dev.jsonl"
TAU_SOURCE = "sierra-research/tau-bench@59a200c6 (MIT)"


@lru_cache(maxsize=1)
def bundled_database() -> Database:
    """The retail database as bundled (500 customers, 1,000 orders, 50 products)."""
    raw = {name: read_json(DATA_DIR / f"{name}.json") for name in ("users", "orders", "products")}
    return validate(TypeAdapter(Database), raw, "domains/orders/data/*.json")


USER_ID_CORRECTIONS: dict[int, tuple[str, str]] = {
    64: (
        "james_sanchez_3954",
        "the row's user_id is harper_moore_6183, but its instruction ('You are James Sanchez. "
        "You live in Chicago 60623.') and its gold actions identify james_sanchez_3954",
    ),
}
"""Tasks whose ``user_id`` contradicts their own instruction and gold actions: task id ->
(the customer the task is for, why). ``own_data_only`` fails an agent that identifies anybody
but the scenario's customer, so the customer must be the one the task describes."""


def orders_not_owned(user_id: Any, actions: Any) -> list[str]:
    """The orders a task's reference ``actions`` (``[{"name", "kwargs"}, ...]``) are about that
    belong to somebody other than its ``user_id``, in order, once each: a data error of the task
    (tau-bench task 64 is the one; see :data:`USER_ID_CORRECTIONS`). Order ids the database does
    not hold are not counted (tasks 46 and 47 look up ids the customer misremembers, on
    purpose); anything that is not a list of actions has none."""
    if not isinstance(actions, list):
        return []
    db = bundled_database()
    named = [
        a["kwargs"]["order_id"]
        for a in actions
        if isinstance(a, dict)
        and isinstance(a.get("kwargs"), dict)
        and isinstance(a["kwargs"].get("order_id"), str)
    ]
    return [o for o in dict.fromkeys(named) if o in db.orders and db.orders[o].user_id != user_id]


def task_scenario(row: dict[str, Any]) -> Scenario:
    """A tau-bench task row (``task_id``, ``user_id``, ``instruction``, ``actions``,
    ``outputs``), or a mutation triple's ``scenario`` with its ``task_id``, as a scenario
    (with the customer corrected for the tasks in :data:`USER_ID_CORRECTIONS`)."""
    task_id = row.get("task_id")
    correction = USER_ID_CORRECTIONS.get(task_id) if isinstance(task_id, int) else None
    value = {
        **task_fields(row),
        "source": f"tau-bench retail test task {task_id} ({TAU_SOURCE})"
        + (f"; customer corrected: {correction[1]}" if correction else ""),
        "user_id": correction[0] if correction else row.get("user_id"),
    }
    return validate(TypeAdapter(Scenario), value, f"tau-bench task {task_id}")


@lru_cache(maxsize=1)
def tau_tasks() -> dict[str, Scenario]:
    """The 115 tau-bench retail test tasks as scenarios ``task-0`` ... ``task-114``."""
    return {s.id: s for s in map(task_scenario, read_jsonl(TASKS_FILE))}


@lru_cache(maxsize=1)
def service_scenarios() -> dict[str, Scenario]:
    """The customer-service chapter's scenarios (``cs-*``), on customers of the database."""
    scenarios = validate(
        TypeAdapter(list[Scenario]), read_json(SCENARIOS_FILE), str(SCENARIOS_FILE)
    )
    return {s.id: s for s in scenarios}


def tau_task_rows() -> list[dict[str, Any]]:
    """The raw task rows (for the user simulator's conversation plans)."""
    return read_jsonl(TASKS_FILE)


@lru_cache(maxsize=1)
def policy_text() -> str:
    """The retail policy the agents follow (tau-bench's ``wiki.md``, as ``data/policy.md``)."""
    try:
        return (DATA_DIR / "policy.md").read_text(encoding="utf-8")
    except OSError as error:
        raise DataError(f"cannot read {DATA_DIR / 'policy.md'}: {error.strerror}") from error
