"""The airline service over the real tau-bench airline data: the bundled database round-trips,
the 50 test tasks' gold actions replay, and tau-bench's own reward (and its database hashes) is
reproduced on every one of the 118 dev mutation triples."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from checkers.data import read_json, read_jsonl
from domains.airline.data_files import (
    DATA_DIR,
    RUNS_FILE,
    TABLES,
    TRIPLES_FILE,
    bundled_database,
    tau_tasks,
)
from domains.airline.models import RESPOND, Action, GiftCard, tau_hash
from domains.airline.service import OPERATIONS, WRITES, apply, final_database, replay
from tests.service_helpers import honest_calls, refusals_are_reasoned

DB = bundled_database()
RAW = {name: read_json(DATA_DIR / f"{name}.json") for name in TABLES}
TRIPLES = read_jsonl(TRIPLES_FILE)


def test_the_bundled_database_loads_and_round_trips_type_for_type() -> None:
    assert (len(DB.flights), len(DB.reservations), len(DB.users)) == (300, 2000, 500)
    # sort_keys text, not ==: 100 == 100.0 in Python, but tau-bench's hash tells them apart
    assert json.dumps(DB.as_json(), sort_keys=True) == json.dumps(RAW, sort_keys=True)


def test_the_bundled_database_hashes_as_tau_benchs_initial_database() -> None:
    # a candidate that writes nothing leaves tau-bench's initial database, so its hash is that
    unchanged = {
        row["official"]["candidate_data_hash"]
        for row in TRIPLES
        if not any(a["name"] in WRITES for a in row["candidate"]["actions"])
    }
    assert unchanged == {tau_hash(DB)}


GOLD_REFUSED: dict[int, str] = {}
"""Test tasks with a gold action the service refuses, and why (from the data): none of the 50."""


def test_every_gold_action_of_the_50_test_tasks_is_accepted() -> None:
    tasks = tau_tasks()
    assert [t.task_id for t in tasks] == list(range(50))
    refused = {
        task.task_id: f"{step.name}: {step.error}"
        for task in tasks
        for step in replay(DB, task.actions)
        if not step.ok
    }
    assert refused == GOLD_REFUSED
    changed = [t.task_id for t in tasks if final_database(DB, t.actions) != DB]
    writing = [t.task_id for t in tasks if any(a.name in WRITES for a in t.actions)]
    assert changed == writing


def outputs_found(outputs: Sequence[str], messages: Sequence[str]) -> dict[str, bool]:
    """tau-bench's output test (``Env.calculate_reward``), per output: whether it, lower-cased,
    is a substring of some ``respond`` message lower-cased with commas removed."""
    return {o: any(o.lower() in m.lower().replace(",", "") for m in messages) for o in outputs}


def actions(raw: list[dict[str, Any]]) -> list[Action]:
    return [Action.model_validate(a) for a in raw]


def reward(row: dict[str, Any]) -> dict[str, Any]:
    """tau-bench's reward of a triple's candidate, recomputed with its parts: ``r_actions``, the
    database after the candidate equals the one after the gold actions; ``outputs_found`` (None
    when the task requires none); ``reward``, both."""
    candidate = actions(row["candidate"]["actions"])
    gold = actions(row["scenario"]["gold_actions"])
    said = [str(a.kwargs.get("content")) for a in candidate if a.name == RESPOND]
    same = final_database(DB, candidate) == final_database(DB, gold)
    found = outputs_found(row["scenario"]["required_outputs"], said) or None
    total = float(same and all((found or {}).values()))
    return {"reward": total, "r_actions": float(same), "outputs_found": found}


PARTS = ("reward", "r_actions", "outputs_found")
"""What :func:`reward` recomputes of a triple's ``official`` verdict."""

LABELLED: dict[tuple[int, str], str] = {}
"""Triples (task id, mutation) whose official reward this service rightly does not reproduce,
and why (from the data): none of the 118."""


def test_the_official_reward_is_reproduced_on_every_dev_triple() -> None:
    assert len(TRIPLES) == 118
    ours = {(row["task_id"], row["candidate"]["mutation"]): reward(row) for row in TRIPLES}
    official = {
        (row["task_id"], row["candidate"]["mutation"]): {key: row["official"][key] for key in PARTS}
        for row in TRIPLES
    }
    disagree = {key: (ours[key], official[key]) for key in ours if ours[key] != official[key]}
    print(f"agreement with tau-bench's reward: {len(ours) - len(disagree)}/{len(ours)}")
    assert set(disagree) == set(LABELLED), f"unexplained (ours, official): {disagree}"
    assert sum(r["reward"] for r in ours.values()) == 84  # 34 candidates fail


@pytest.mark.parametrize(
    "row", TRIPLES, ids=lambda r: f"{r['task_id']}-{r['candidate']['mutation']}"
)
def test_the_final_databases_hash_as_tau_benchs_did(row: dict[str, Any]) -> None:
    official = row["official"]
    gold = final_database(DB, actions(row["scenario"]["gold_actions"]))
    candidate = final_database(DB, actions(row["candidate"]["actions"]))
    assert tau_hash(gold) == official["gt_data_hash"]
    assert tau_hash(candidate) == official["candidate_data_hash"]


RUNS = read_jsonl(RUNS_FILE)


def run_calls(run: dict[str, Any]) -> list[Action]:
    """The tool calls of a recorded tau-bench run, in order (arguments are JSON text)."""
    calls = [c["function"] for m in run["traj"] for c in m.get("tool_calls") or []]
    return [Action(name=c["name"], kwargs=json.loads(c["arguments"])) for c in calls]


def test_real_gpt4o_runs_leave_the_database_tau_bench_judged_they_left() -> None:
    # The runs of tasks 2, 8 and 9 record no r_actions: those tasks require outputs, and
    # tau-bench's reward then keeps the outputs' details in place of the actions'.
    judged = [
        r for r in RUNS if "r_actions" in ((r["info"].get("reward_info") or {}).get("info") or {})
    ]
    assert sorted({r["task_id"] for r in RUNS} - {r["task_id"] for r in judged}) == [2, 8, 9]
    assert len(judged) == 44
    for run in judged:
        gold = final_database(DB, actions(run["info"]["task"]["actions"]))
        same = final_database(DB, run_calls(run)) == gold
        assert float(same) == run["info"]["reward_info"]["info"]["r_actions"], run["task_id"]


def test_each_call_succeeds_or_fails_as_tau_benchs_did_with_the_same_answer() -> None:
    compared = 0
    for row in TRIPLES:
        calls = [a for a in row["candidate"]["actions"] if a["name"] != RESPOND]
        answers = [
            o
            for a, o in zip(
                row["candidate"]["actions"], row["candidate"]["observations"], strict=True
            )
            if a["name"] != RESPOND
        ]
        for step, observed in zip(replay(DB, actions(calls)), answers, strict=True):
            assert step.ok == (not observed.startswith("Error")), (step.name, step.error, observed)
            if step.ok and isinstance(step.value, str | float):
                assert str(step.value) == observed
                compared += 1
            elif step.ok and not observed.endswith("...[truncated]"):  # cut at 400 characters
                assert step.value == json.loads(observed)
                compared += 1
    assert compared == 22  # the other answers are cut short in the file: compared by success


def test_a_write_changes_only_the_new_database() -> None:
    kwargs = {
        "reservation_id": "4WQ150",
        "total_baggages": 6,
        "nonfree_baggages": 1,
        "payment_id": "gift_card_3576581",
    }
    step = apply(DB, "update_reservation_baggages", kwargs)
    assert step.ok and step.value["payment_history"][-1] == {
        "payment_id": "gift_card_3576581",
        "amount": 50,
    }
    card = step.db_after.users["chen_jackson_3290"].payment_methods["gift_card_3576581"]
    before = DB.users["chen_jackson_3290"].payment_methods["gift_card_3576581"]
    assert isinstance(card, GiftCard) and isinstance(before, GiftCard)
    assert card.amount == before.amount - 50
    assert DB.reservations["4WQ150"].nonfree_baggages == 0 and DB.as_json() == RAW


@pytest.mark.parametrize(
    ("name", "kwargs", "code", "message"),
    [
        (
            "get_reservation_details",
            {"reservation_id": "NOPE00"},
            404,
            'reservation "NOPE00" not found; ids look like "4WQ150"',
        ),
        (
            "cancel_reservation",
            {"reservation_id": ["4WQ150"]},
            400,
            'reservation_id must be text, got ["4WQ150"]',
        ),
        (
            "update_reservation_baggages",
            {
                "reservation_id": "4WQ150",
                "total_baggages": 5,
                "nonfree_baggages": 1,
                "payment_id": "certificate_9380982",
            },
            404,
            'payment method "certificate_9380982" not found; the user has gift_card_3576581',
        ),
        (
            "update_reservation_passengers",
            {
                "reservation_id": "4WQ150",
                "passengers": [{"first_name": "A", "last_name": "B", "dob": "2000-01-01"}],
            },
            400,
            "the reservation has 3 passengers, not 1",
        ),
        (
            "calculate",
            {"expression": "1 / 0"},
            400,
            "'1 / 0' cannot be computed (ZeroDivisionError: division by zero)",
        ),
        (
            "calculate",
            {"expression": "__import__('os')"},
            400,
            "\"__import__('os')\" is not an expression of at most 1000 digits",
        ),
        (
            "search_direct_flight",
            {"origin": "JFK", "destination": "SEA", "date": "May 20"},
            400,
            'date must be a date such as "2024-05-20", got "May 20"',
        ),
        (
            "send_certificate",
            {"user_id": "mia_li_3668"},
            400,
            "send_certificate takes user_id, amount; missing ['amount'] arguments",
        ),
        ("fly_me_to_the_moon", {}, 404, 'unknown action "fly_me_to_the_moon"'),
    ],
)
def test_a_refused_call_names_the_problem_and_changes_nothing(
    name: str, kwargs: dict[str, Any], code: int, message: str
) -> None:
    step = apply(DB, name, kwargs)
    assert (step.error_code, step.db_after) == (code, DB)
    assert str(step.error).startswith(message)


def test_calculate_answers_as_python_eval_rounded_to_cents() -> None:
    assert apply(DB, "calculate", {"expression": "(1000 - 327) * 2 / 3"}).value == 448.67
    assert apply(DB, "calculate", {"expression": "2 ** 10 // 3"}).value == 341.0
    assert (
        apply(DB, "calculate", {"expression": "  2 * 3"}).value == 6.0
    )  # as eval, not a syntax error
    assert apply(DB, "calculate", {"expression": "2(3)"}).error_code == 400
    assert apply(DB, "calculate", {"expression": "9 ** 9 ** 9"}).error_code == 400


HONEST = honest_calls(
    OPERATIONS,
    (action for task in tau_tasks() for action in task.actions),
    {
        "list_all_airports": [{}],
        "think": [{"thought": "the cheapest flight is HAT136"}],
        "search_onestop_flight": [{"origin": "JFK", "destination": "SEA", "date": "2024-05-20"}],
    },
)
test_apply_never_raises_and_a_refused_call_changes_nothing = refusals_are_reasoned(
    apply, DB, HONEST
)


def test_no_call_changed_the_bundled_database_in_place() -> None:
    # runs after the calls above (file order): every write made a new database, none edited it
    assert json.dumps(DB.as_json(), sort_keys=True) == json.dumps(RAW, sort_keys=True)
