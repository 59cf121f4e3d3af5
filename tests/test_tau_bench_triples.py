"""``benchmarks/tau_bench_triples.py`` builds its candidates as the bundled dev triples were
built: run on tasks 0-24 they hold every dev triple's candidate (the scoring needs a tau-bench
checkout and is not run here; on 2026-12-05 it gave every dev triple's official verdict too)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "domains" / "airline" / "data"
sys.path.insert(0, str(ROOT / "benchmarks"))

from tau_bench_triples import TASKS, candidates  # noqa: E402


def _key(task_id: int, mutation: str, actions: list[dict[str, object]]) -> str:
    return json.dumps([task_id, mutation, actions], sort_keys=True)


def test_the_candidates_of_tasks_0_to_24_hold_every_dev_triple() -> None:
    users = json.loads((DATA / "users.json").read_text())
    tasks = [json.loads(line) for line in TASKS.read_text().splitlines()]
    built = {
        _key(task["task_id"], mutation, actions)
        for task in tasks
        if task["task_id"] < 25
        for mutation, actions in candidates(task, list(users[task["user_id"]]["payment_methods"]))
    }
    dev = [
        json.loads(line) for line in (DATA / "mutation_triples_dev.jsonl").read_text().splitlines()
    ]
    missing = [
        (t["task_id"], t["candidate"]["mutation"])
        for t in dev
        if _key(t["task_id"], t["candidate"]["mutation"], t["candidate"]["actions"]) not in built
    ]
    assert len(dev) == 118 and missing == []
    assert len(built) == 137  # the dev file's 118 and the other payment methods' 19
