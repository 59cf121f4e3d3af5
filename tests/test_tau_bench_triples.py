"""``benchmarks/tau_bench_triples.py`` builds its candidates as the bundled dev triples were
built: run on the dev tasks of each domain, they hold every dev triple's candidate (the scoring
needs a tau-bench checkout and is not run here; on 2026-12-05 it gave each of the 118 airline and
360 retail dev triples its official verdict and its tools' answers, byte for byte)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from tau_bench_triples import TASKS, candidates  # noqa: E402

DEV = {  # tau-bench's domain: (this project's data folder, dev tasks, dev triples, built)
    "airline": ("airline", 25, 118, 137),
    "retail": ("orders", 60, 360, 421),
}


def _key(task_id: int, mutation: str, actions: list[dict[str, object]]) -> str:
    return json.dumps([task_id, mutation, actions], sort_keys=True)


@pytest.mark.parametrize("domain", sorted(DEV))
def test_the_candidates_of_the_dev_tasks_hold_every_dev_triple(domain: str) -> None:
    folder, tasks_before, triples, built_count = DEV[domain]
    data = ROOT / "domains" / folder / "data"
    users = json.loads((data / "users.json").read_text())
    orders = json.loads((data / "orders.json").read_text()) if domain == "retail" else None
    built = {
        _key(task["task_id"], mutation, actions)
        for task in map(json.loads, TASKS[domain].read_text().splitlines())
        if task["task_id"] < tasks_before
        for mutation, actions in candidates(domain, task, users[task["user_id"]], orders)
    }
    dev = [
        json.loads(line) for line in (data / "mutation_triples_dev.jsonl").read_text().splitlines()
    ]
    missing = [
        (t["task_id"], t["candidate"]["mutation"])
        for t in dev
        if _key(t["task_id"], t["candidate"]["mutation"], t["candidate"]["actions"]) not in built
    ]
    assert (len(dev), missing) == (triples, [])
    # the others: every other payment method, every other pending order to cancel
    assert len(built) == built_count
