"""Mutation triples for any tau-bench tasks (airline or retail), each scored by tau-bench's code.

The bundled ``mutation_triples_dev.jsonl`` files hold triples of airline tasks 0-24 and retail
tasks 0-59 only. This builds them for any tasks of ``tasks_test.jsonl`` the same way
(:func:`candidates`: the gold actions, reads moved first, the last write dropped, reads removed,
the last write duplicated, the last paid write with each other payment method of the customer,
a required output left unsaid; in retail also a cancellation nobody asked for, an item left out
of the last write of several, and a write added to a task that writes nothing; each ending with
the agent's message), and scores each as tau-bench does
(``tau_bench.envs.base.Env.calculate_reward``: the candidate's actions replayed by tau-bench's
own tools on a fresh database, its hash compared with the gold actions' hash, and each required
output looked for in the agent's messages). On the dev tasks it rebuilds every one of the 118
airline and 360 retail dev triples, tools' answers and verdicts alike. Needs a checkout of
sierra-research/tau-bench (its ``tau_bench`` package and data; nothing else of it is
imported)::

    python benchmarks/tau_bench_triples.py --tau-bench ../tau-bench --domain airline \\
        --tasks 25-49 --out triples_25_49.jsonl
    checkers check airline --batch triples_25_49.jsonl   # agreement with tau-bench's reward
    python benchmarks/tau_bench_triples.py --tau-bench ../tau-bench --domain retail \\
        --tasks 60-114 --out retail_60_114.jsonl
    checkers check orders --batch retail_60_114.jsonl

Mutations of the payment method are written for every other method of the customer, and the
unrequested cancellation for every pending order (the dev files hold one of each, picked by a
rule they do not record), so a file holds a few lines more than a dev file for the same tasks.
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
TASKS = {
    "airline": ROOT / "domains" / "airline" / "data" / "tasks_test.jsonl",
    "retail": ROOT / "domains" / "orders" / "data" / "tasks_test.jsonl",
}
"""tau-bench's tasks by its domain name (retail is this project's ``orders``)."""
WRITES = {
    "airline": frozenset(
        {
            "book_reservation",
            "cancel_reservation",
            "update_reservation_flights",
            "update_reservation_baggages",
            "update_reservation_passengers",
            "send_certificate",
        }
    ),
    "retail": frozenset(
        {
            "cancel_pending_order",
            "modify_pending_order_address",
            "modify_pending_order_items",
            "modify_pending_order_payment",
            "modify_user_address",
            "return_delivered_order_items",
            "exchange_delivered_order_items",
        }
    ),
}
PAYMENT = {"airline": "payment_id", "retail": "payment_method_id"}
"""The argument naming the payment method a write charges or refunds."""
TEST_ADDRESS = {
    "address1": "1 Test St",
    "address2": "",
    "city": "Austin",
    "state": "TX",
    "country": "USA",
    "zip": "78701",
}
"""The address of the unrequested write added to a retail task that writes nothing."""
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


def candidates(
    domain: str, task: Task, customer: dict[str, Any], orders: dict[str, Any] | None = None
) -> Iterator[tuple[str, list[Action]]]:
    """``(mutation, actions)`` for each candidate of ``task`` (see the module docstring);
    ``customer`` is the task's user record (their payment methods in their profile's order and,
    in retail, their orders), ``orders`` retail's orders by id."""
    writing = WRITES[domain]
    actions = list(task["actions"])
    writes = [i for i, a in enumerate(actions) if a["name"] in writing]
    reads = [a for a in actions if a["name"] not in writing]
    close = _respond(task)
    yield "gold", [*actions, close]
    if task["outputs"]:
        yield "gold_missing_required_output", [*actions, _respond(task, with_outputs=False)]
    if not writes:
        if domain == "retail":
            address = {"user_id": task["user_id"], **TEST_ADDRESS}
            added = {"name": "modify_user_address", "kwargs": address}
            yield "unrequested_write_on_readonly_task", [*actions, added, close]
        yield "reordered_reads_first", [*reads, close]
        return
    last = writes[-1]
    yield "drop_last_write", [*actions[:last], *actions[last + 1 :], close]
    yield "reads_removed_writes_kept", [*(actions[i] for i in writes), close]
    again = copy.deepcopy(actions[last])
    yield "duplicate_last_write", [*actions[: last + 1], again, *actions[last + 1 :], close]
    yield from _other_payments(domain, actions, writes, list(customer["payment_methods"]), close)
    if domain == "retail":
        yield from _retail_mutations(actions, writes, customer, orders or {}, close)
    yield "reordered_reads_first", [*reads, *(actions[i] for i in writes), close]


def _other_payments(
    domain: str, actions: list[Action], writes: list[int], methods: list[str], close: Action
) -> Iterator[tuple[str, list[Action]]]:
    """The last write that names a payment method, with each other method of the customer."""
    paid = [i for i in writes if PAYMENT[domain] in actions[i]["kwargs"]]
    if not paid:
        return
    at = paid[-1]
    for method in methods:
        if method == actions[at]["kwargs"][PAYMENT[domain]]:
            continue
        changed = copy.deepcopy(actions[at])
        changed["kwargs"][PAYMENT[domain]] = method
        yield "wrong_payment_method", [*actions[:at], changed, *actions[at + 1 :], close]


def _retail_mutations(
    actions: list[Action],
    writes: list[int],
    customer: dict[str, Any],
    orders: dict[str, Any],
    close: Action,
) -> Iterator[tuple[str, list[Action]]]:
    """Retail's own: a cancellation nobody asked for at the end (of each pending order of the
    customer), and the last write of several items with its last item left out."""
    for order in customer["orders"]:
        if orders[order]["status"] == "pending":
            cancel = {
                "name": "cancel_pending_order",
                "kwargs": {"order_id": order, "reason": "no longer needed"},
            }
            yield "extra_unrequested_cancel", [*actions, cancel, close]
    several = [i for i in writes if len(actions[i]["kwargs"].get("item_ids", [])) > 1]
    if several:
        at = several[-1]
        fewer = copy.deepcopy(actions[at])
        for key in ("item_ids", "new_item_ids"):
            if key in fewer["kwargs"]:
                fewer["kwargs"][key] = fewer["kwargs"][key][:-1]
        yield "one_item_omitted", [*actions[:at], fewer, *actions[at + 1 :], close]


class TauBench:
    """tau-bench's tools, data and hash of one of its domains, imported from a checkout."""

    def __init__(self, checkout: Path, domain: str) -> None:
        sys.path.insert(0, str(checkout))
        data = importlib.import_module(f"tau_bench.envs.{domain}.data")
        tools = importlib.import_module(f"tau_bench.envs.{domain}.tools")
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


def triples(tau: TauBench, domain: str, tasks: list[Task]) -> Iterator[dict[str, Any]]:
    """A triple in the dev files' format for each candidate of each task."""
    data = tau.load_data()
    for task in tasks:
        customer = data["users"][task["user_id"]]
        for mutation, actions in candidates(domain, task, customer, data.get("orders")):
            answers, official = tau.reward(task, actions)
            yield {
                "source": "sierra-research/tau-bench (MIT); benchmarks/tau_bench_triples.py",
                "domain": domain,
                "split": "test",
                "task_id": task["task_id"],
                "scenario": {
                    "user_id": task["user_id"],
                    "instruction": task["instruction"],
                    "gold_actions": task["actions"],
                    "required_outputs": task["outputs"],
                    "policy_ref": f"tau_bench/envs/{domain}/wiki.md",
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
    parser.add_argument("--domain", choices=sorted(TASKS), default="airline")
    parser.add_argument("--tasks", type=_task_range, default=range(25, 50), help="e.g. 25-49")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if not (args.tau_bench / "tau_bench" / "envs" / args.domain).is_dir():
        parser.error(f"{args.tau_bench} holds no tau_bench/envs/{args.domain}: pass a checkout")
    tasks = [
        t
        for t in map(json.loads, TASKS[args.domain].read_text().splitlines())
        if t["task_id"] in args.tasks
    ]
    tau = TauBench(args.tau_bench, args.domain)
    with args.out.open("w", encoding="utf-8") as out:
        written = sum(out.write(json.dumps(t) + "\n") > 0 for t in triples(tau, args.domain, tasks))
    print(f"{written} triples of {len(tasks)} tasks to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
