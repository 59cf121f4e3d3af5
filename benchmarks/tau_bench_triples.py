"""Airline mutation triples for any tau-bench tasks, each scored by tau-bench's own code.

The bundled ``mutation_triples_dev.jsonl`` holds triples of tasks 0-24 only. This builds them
for any tasks of ``tasks_test.jsonl`` the same way (:func:`candidates`: the gold actions, reads
moved first, the last write dropped, reads removed, the last write duplicated, the last paid
write with each other payment method of the customer, a required output left unsaid; each
ending with the agent's message), and scores each as tau-bench does
(``tau_bench.envs.base.Env.calculate_reward``: the candidate's actions replayed by tau-bench's
own tools on a fresh database, its hash compared with the gold actions' hash, and each required
output looked for in the agent's messages). On tasks 0-24 it rebuilds every one of the 118 dev
triples, actions and verdicts alike. Needs a checkout of sierra-research/tau-bench (its
``tau_bench`` package and data; nothing else of it is imported)::

    python benchmarks/tau_bench_triples.py --tau-bench ../tau-bench --tasks 25-49 \\
        --out triples_25_49.jsonl
    checkers check airline --batch triples_25_49.jsonl   # agreement with tau-bench's reward

Mutations of the payment method are written for every other method of the customer (the dev
file holds one of them, picked by a rule it does not record), so a file may hold a few lines
more than the dev file for the same tasks.
"""

from __future__ import annotations

import argparse
import copy
import importlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TASKS = ROOT / "domains" / "airline" / "data" / "tasks_test.jsonl"
WRITES = frozenset(
    {
        "book_reservation",
        "cancel_reservation",
        "update_reservation_flights",
        "update_reservation_baggages",
        "update_reservation_passengers",
        "send_certificate",
    }
)
DONE = "Your request has been completed. Is there anything else?"
TERMINATE = "transfer_to_human_agents"
"""tau-bench's terminating tool: its reward replays the gold actions without it."""

Action = dict[str, Any]
Task = dict[str, Any]


def _respond(task: Task, with_outputs: bool = True) -> Action:
    """The agent's closing message: the task's required outputs, or the plain closing."""
    if task["outputs"] and with_outputs:
        said = "Here is the information you asked for: " + ", ".join(task["outputs"]) + "."
        return {"name": "respond", "kwargs": {"content": said}}
    return {"name": "respond", "kwargs": {"content": DONE}}


def candidates(task: Task, payment_methods: list[str]) -> Iterator[tuple[str, list[Action]]]:
    """``(mutation, actions)`` for each candidate of ``task`` (see the module docstring);
    ``payment_methods`` are the customer's, in their profile's order."""
    actions = list(task["actions"])
    writes = [i for i, a in enumerate(actions) if a["name"] in WRITES]
    reads = [a for a in actions if a["name"] not in WRITES]
    close = _respond(task)
    yield "gold", [*actions, close]
    if task["outputs"]:
        yield "gold_missing_required_output", [*actions, _respond(task, with_outputs=False)]
    if writes:
        last = writes[-1]
        yield "drop_last_write", [*actions[:last], *actions[last + 1 :], close]
        yield "reads_removed_writes_kept", [*(actions[i] for i in writes), close]
        again = copy.deepcopy(actions[last])
        yield "duplicate_last_write", [*actions[: last + 1], again, *actions[last + 1 :], close]
        paid = [i for i in writes if "payment_id" in actions[i]["kwargs"]]
        if paid:
            at = paid[-1]
            for method in payment_methods:
                if method == actions[at]["kwargs"]["payment_id"]:
                    continue
                changed = copy.deepcopy(actions[at])
                changed["kwargs"]["payment_id"] = method
                yield "wrong_payment_method", [*actions[:at], changed, *actions[at + 1 :], close]
    yield "reordered_reads_first", [*reads, *(actions[i] for i in writes), close]


class TauBench:
    """tau-bench's airline tools, data and hash, imported from a checkout."""

    def __init__(self, checkout: Path) -> None:
        sys.path.insert(0, str(checkout))
        data = importlib.import_module("tau_bench.envs.airline.data")
        tools = importlib.import_module("tau_bench.envs.airline.tools")
        base = importlib.import_module("tau_bench.envs.base")
        self.load_data: Callable[[], dict[str, Any]] = data.load_data
        self.tools = {t.get_info()["function"]["name"]: t for t in tools.ALL_TOOLS}
        self.hash: Callable[[Any], str] = lambda d: base.consistent_hash(base.to_hashable(d))

    def replay(self, actions: list[Action]) -> tuple[dict[str, Any], list[str | None]]:
        """The database after ``actions`` on a fresh copy, and each tool's answer (as
        ``Env.step`` gives it: an exception as ``"Error: ..."``)."""
        data, answers = self.load_data(), list[str | None]()
        for action in actions:
            if action["name"] == "respond":
                answers.append(None)
                continue
            try:
                answers.append(self.tools[action["name"]].invoke(data=data, **action["kwargs"]))
            except Exception as error:  # tau-bench's Env.step does the same
                answers.append(f"Error: {error}")
        return data, answers

    def reward(self, task: Task, actions: list[Action]) -> tuple[list[str | None], dict[str, Any]]:
        """Each tool's answer, and the official verdict as ``calculate_reward`` computes it."""
        data, answers = self.replay(actions)
        gold, _ = self.replay([a for a in task["actions"] if a["name"] != TERMINATE])
        candidate_hash, gold_hash = self.hash(data), self.hash(gold)
        same = candidate_hash == gold_hash
        official: dict[str, Any] = {
            "reward": 1.0 if same else 0.0,
            "r_actions": 1.0 if same else 0.0,
            "r_outputs": None,
            "outputs_found": None,
            "candidate_data_hash": candidate_hash,
            "gt_data_hash": gold_hash,
        }
        if task["outputs"]:
            said = [
                a["kwargs"]["content"].lower().replace(",", "")
                for a in actions
                if a["name"] == "respond"
            ]
            found = {o: any(o.lower() in s for s in said) for o in task["outputs"]}
            official["outputs_found"] = found
            official["r_outputs"] = 1.0 if all(found.values()) else 0.0
            if not all(found.values()):
                official["reward"] = 0.0
        return answers, official


def _cut(answer: str | None) -> str | None:
    """A tool's answer as the dev file keeps it: over 400 characters cut."""
    return answer if answer is None or len(answer) <= 400 else answer[:400] + "...[truncated]"


def triples(tau: TauBench, tasks: list[Task]) -> Iterator[dict[str, Any]]:
    """A triple in the dev file's format for each candidate of each task."""
    users = tau.load_data()["users"]
    for task in tasks:
        methods = list(users[task["user_id"]]["payment_methods"])
        for mutation, actions in candidates(task, methods):
            answers, official = tau.reward(task, actions)
            yield {
                "source": "sierra-research/tau-bench (MIT); benchmarks/tau_bench_triples.py",
                "domain": "airline",
                "split": "test",
                "task_id": task["task_id"],
                "scenario": {
                    "user_id": task["user_id"],
                    "instruction": task["instruction"],
                    "gold_actions": task["actions"],
                    "required_outputs": task["outputs"],
                    "policy_ref": "tau_bench/envs/airline/wiki.md",
                },
                "candidate": {
                    "kind": "synthetic_mutation_of_gold",
                    "mutation": mutation,
                    "actions": actions,
                    "observations": [_cut(a) for a in answers],
                },
                "official": official,
                "verdict_derivation": "tau_bench.envs.base.Env.calculate_reward after replaying "
                "candidate actions on a fresh DB (scratch replay, LLM user disabled)",
            }


def _task_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tau-bench", type=Path, required=True, help="a tau-bench checkout")
    parser.add_argument("--tasks", type=_task_range, default=range(25, 50), help="e.g. 25-49")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if not (args.tau_bench / "tau_bench" / "envs" / "airline").is_dir():
        parser.error(f"{args.tau_bench} holds no tau_bench/envs/airline: pass a tau-bench checkout")
    tasks = [
        t for t in map(json.loads, TASKS.read_text().splitlines()) if t["task_id"] in args.tasks
    ]
    with args.out.open("w", encoding="utf-8") as out:
        written = sum(
            out.write(json.dumps(t) + "\n") > 0 for t in triples(TauBench(args.tau_bench), tasks)
        )
    print(f"{written} triples of {len(tasks)} tasks to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
