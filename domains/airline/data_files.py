"""The bundled data: the tau-bench airline database, policy and test tasks, read by the core
(:class:`checkers.service_data.TauData`).

See ``data/README.md`` for where each file comes from and its licence.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import TypeAdapter

from checkers.data import read_jsonl, validate
from checkers.service_data import TauData
from domains.airline.models import Database, Scenario, Task

DATA_DIR = Path(__file__).parent / "data"
TRIPLES_FILE = DATA_DIR / "mutation_triples_dev.jsonl"
RUNS_FILE = DATA_DIR / "gpt4o_runs_dev.jsonl"
TABLES = ("flights", "reservations", "users")
DATA = TauData(DATA_DIR, Database, TABLES, Scenario, "airline")
TASKS_FILE = DATA.tasks_file
bundled_database = DATA.bundled_database
"""The airline database as bundled (300 flights, 2,000 reservations, 500 users)."""
task_scenario = DATA.task_scenario
task_scenarios = DATA.task_scenarios
"""The 50 tau-bench airline test tasks as scenarios ``task-0`` ... ``task-49``."""
service_scenarios = DATA.service_scenarios
"""Handwritten scenarios on the bundled database (``svc-*``), besides tau-bench's tasks."""
policy_text = DATA.policy_text
"""The airline policy the agents follow (tau-bench's ``wiki.md``, as ``data/policy.md``)."""


@lru_cache(maxsize=1)
def tau_tasks() -> tuple[Task, ...]:
    """The 50 tau-bench airline test tasks, in file order (task ids 0 to 49)."""
    return validate(TypeAdapter(tuple[Task, ...]), read_jsonl(TASKS_FILE), TASKS_FILE)
