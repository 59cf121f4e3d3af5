"""The bundled data: the tau-bench airline database, policy and test tasks.

See ``data/README.md`` for where each file comes from and its licence.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import TypeAdapter

from checkers.data import read_json, read_jsonl, validate
from domains.airline.models import Database, Task

DATA_DIR = Path(__file__).parent / "data"
TASKS_FILE = DATA_DIR / "tasks_test.jsonl"
TRIPLES_FILE = DATA_DIR / "mutation_triples_dev.jsonl"
RUNS_FILE = DATA_DIR / "gpt4o_runs_dev.jsonl"
TABLES = ("flights", "reservations", "users")


@lru_cache(maxsize=1)
def bundled_database() -> Database:
    """The airline database as bundled (300 flights, 2,000 reservations, 500 users)."""
    raw = {name: read_json(DATA_DIR / f"{name}.json") for name in TABLES}
    return validate(TypeAdapter(Database), raw, "domains/airline/data/*.json")


@lru_cache(maxsize=1)
def tau_tasks() -> tuple[Task, ...]:
    """The 50 tau-bench airline test tasks, in file order (task ids 0 to 49)."""
    return validate(TypeAdapter(tuple[Task, ...]), read_jsonl(TASKS_FILE), TASKS_FILE)
