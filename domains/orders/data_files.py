"""The bundled data: the tau-bench retail database, policy and test tasks, and the
customer-service scenarios, read by the core (:class:`checkers.service_data.TauData`).

See ``data/README.md`` for where each file comes from and its licence.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from checkers.service_data import TauData
from domains.orders.models import Database, Scenario

DATA_DIR = Path(__file__).parent / "data"
TRIPLES_FILE = DATA_DIR / "mutation_triples_dev.jsonl"

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

TABLES = ("users", "orders", "products")
DATA = TauData(DATA_DIR, Database, TABLES, Scenario, "retail", USER_ID_CORRECTIONS)
TASKS_FILE = DATA.tasks_file
bundled_database = DATA.bundled_database
"""The retail database as bundled (500 customers, 1,000 orders, 50 products)."""
task_scenario = DATA.task_scenario
tau_tasks = DATA.task_scenarios
"""The 115 tau-bench retail test tasks as scenarios ``task-0`` ... ``task-114`` (the customer
corrected for the tasks in :data:`USER_ID_CORRECTIONS`)."""
service_scenarios = DATA.service_scenarios
"""The customer-service chapter's scenarios (``cs-*``), on customers of the database."""
policy_text = DATA.policy_text
"""The retail policy the agents follow (tau-bench's ``wiki.md``, as ``data/policy.md``)."""


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
