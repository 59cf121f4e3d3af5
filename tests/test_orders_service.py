"""The retail service over the real tau-bench database: each operation's effect and refusals,
and that replaying a trajectory reproduces what tau-bench's own replay observed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from checkers.data import read_jsonl
from domains.orders.data_files import TRIPLES_FILE, bundled_database, tau_tasks
from domains.orders.models import RESPOND, Action, GiftCard
from domains.orders.service import OPERATIONS, WRITES, apply, final_database, replay
from tests.service_helpers import honest_calls, refusals_are_reasoned

DB = bundled_database()
TRIPLES = read_jsonl(TRIPLES_FILE)


def test_the_bundled_database_loads_whole_and_consistent() -> None:
    assert (len(DB.users), len(DB.orders), len(DB.products)) == (500, 1000, 50)
    for user_id, user in DB.users.items():
        assert all(DB.orders[o].user_id == user_id for o in user.orders)
    for order in DB.orders.values():
        methods = DB.users[order.user_id].payment_methods
        assert all(t.payment_method_id in methods for t in order.payment_history)


def test_a_record_written_back_is_the_bundled_json() -> None:
    raw = json.loads((TRIPLES_FILE.parent / "orders.json").read_text(encoding="utf-8"))
    assert DB.orders["#W2611340"].as_json() == raw["#W2611340"]


def test_apply_never_changes_the_database_it_is_given() -> None:
    before = DB.orders["#W7017301"]
    step = apply(
        DB, "cancel_pending_order", {"order_id": "#W7017301", "reason": "no longer needed"}
    )
    assert step.ok and step.db_after.orders["#W7017301"].status == "cancelled"
    assert DB.orders["#W7017301"] is before and before.status == "pending"


def test_cancel_refunds_every_payment_and_gift_cards_at_once() -> None:
    # #W9300146 (Aarav Anderson, pending) was paid 153.23 with gift card gift_card_7245904 (17).
    step = apply(
        DB, "cancel_pending_order", {"order_id": "#W9300146", "reason": "ordered by mistake"}
    )
    order = step.db_after.orders["#W9300146"]
    assert order.cancel_reason == "ordered by mistake"
    assert [(t.transaction_type, t.amount) for t in order.payment_history] == [
        ("payment", 153.23),
        ("refund", 153.23),
    ]
    card = step.db_after.users["aarav_anderson_8794"].payment_methods["gift_card_7245904"]
    assert isinstance(card, GiftCard) and card.balance == 170.23  # 17 + 153.23


@pytest.mark.parametrize(
    ("name", "kwargs", "code", "message"),
    [
        (
            "cancel_pending_order",
            {"order_id": "#W5564375", "reason": "no longer needed"},
            409,
            "order #W5564375 is 'delivered'; only pending orders can be cancelled",
        ),
        (
            "cancel_pending_order",
            {"order_id": "#W7017301", "reason": "too expensive"},
            400,
            'reason "too expensive" is not accepted; use one of no longer needed, '
            "ordered by mistake",
        ),
        (
            "get_order_details",
            {"order_id": "#W0000000"},
            404,
            "order '#W0000000' not found; order ids look like '#W0000000'",
        ),
        (
            "return_delivered_order_items",
            {
                "order_id": "#W5490111",
                "item_ids": ["4579334072"],
                "payment_method_id": "paypal_9497703",
            },
            400,
            "a refund goes to the original payment method (credit_card_3124723) or a gift card, "
            "not paypal_9497703",
        ),
        (
            "exchange_delivered_order_items",
            {
                "order_id": "#W2378156",
                "item_ids": ["1151293680"],
                "new_item_ids": ["9612497925"],
                "payment_method_id": "credit_card_9513926",
            },
            409,
            "new item 9612497925 is not an available Mechanical Keyboard (product 1656367028); "
            "pick an available variant of the same product",
        ),
        (
            "calculate",
            {"expression": "2 ** 10"},
            400,
            "only numbers, + - * / and parentheses are allowed, e.g. '2 * (3 + 4)'",
        ),
        (
            "get_order_details",
            {"id": "#W2378156"},
            400,
            "get_order_details takes order_id; unknown ['id'] and missing ['order_id'] arguments",
        ),
        ("delete_everything", {}, 404, 'unknown action "delete_everything"'),
    ],
)
def test_refusals_name_the_problem_and_change_nothing(
    name: str, kwargs: dict[str, Any], code: int, message: str
) -> None:
    step = apply(DB, name, kwargs)
    assert (step.ok, step.error_code) == (False, code)
    assert step.error is not None and step.error.startswith(message)
    assert step.db_after is DB


def test_modify_items_prices_the_difference_and_pays_it_with_the_gift_card() -> None:
    # Task 44's gold change: desk lamp 9190635437 (153.23) -> 5320792178 (135.24), gift card.
    step = apply(
        DB,
        "modify_pending_order_items",
        {
            "order_id": "#W9300146",
            "item_ids": ["9190635437"],
            "new_item_ids": ["5320792178"],
            "payment_method_id": "gift_card_7245904",
        },
    )
    order = step.db_after.orders["#W9300146"]
    assert order.status == "pending (item modified)"
    assert order.items[0].item_id == "5320792178" and order.items[0].price == 135.24
    assert order.payment_history[-1].transaction_type == "refund"
    assert order.payment_history[-1].amount == pytest.approx(17.99)  # 153.23 - 135.24
    card = step.db_after.users["aarav_anderson_8794"].payment_methods["gift_card_7245904"]
    assert isinstance(card, GiftCard) and card.balance == 34.99  # 17 + 17.99


def test_calculate_rounds_to_cents() -> None:
    assert apply(DB, "calculate", {"expression": "(155.33 - 147.05) / 3"}).value == 2.76


def test_every_operation_is_classified() -> None:
    kinds = {op.kind for op in OPERATIONS.values()}
    assert kinds == {"identify", "private_read", "public_read", "write", "handoff"}
    assert {
        "cancel_pending_order",
        "modify_pending_order_address",
        "modify_pending_order_payment",
        "modify_pending_order_items",
        "modify_user_address",
        "return_delivered_order_items",
        "exchange_delivered_order_items",
    } == WRITES


def _observations(row: dict[str, Any]) -> list[tuple[Action, str]]:
    pairs = zip(row["candidate"]["actions"], row["candidate"]["observations"], strict=True)
    return [(Action.model_validate(a), o) for a, o in pairs if a["name"] != RESPOND]


def test_replay_reproduces_every_observation_of_the_official_replay() -> None:
    """All 2,420 calls of the 360 dev triples: success or error always agrees; the 449 values
    not truncated in the file are equal as JSON."""
    calls = compared = 0
    for row in TRIPLES:
        pairs = _observations(row)
        steps = replay(DB, [a for a, _ in pairs])
        for (action, observation), step in zip(pairs, steps, strict=True):
            calls += 1
            refused = observation.startswith(("Error", "Unknown action"))
            assert step.ok is not refused, (row["task_id"], action.name, observation, step.error)
            if refused or observation.endswith("...[truncated]"):
                continue
            try:
                official = json.loads(observation)
            except json.JSONDecodeError:
                official = observation
            mine = step.value
            if isinstance(mine, float):
                assert float(official) == mine, (row["task_id"], action.name)
            else:
                assert official == json.loads(json.dumps(mine)), (row["task_id"], action.name)
            compared += 1
    assert (calls, compared) == (2420, 449)


def test_gold_replays_end_in_the_official_expected_database_hash_groups() -> None:
    """Triples whose official hashes are equal end in equal databases here, and vice versa."""
    for row in TRIPLES:
        gold = [Action.model_validate(a) for a in row["scenario"]["gold_actions"]]
        cand = [Action.model_validate(a) for a in row["candidate"]["actions"]]
        same = final_database(DB, gold) == final_database(DB, cand)
        official = row["official"]
        assert same == (official["candidate_data_hash"] == official["gt_data_hash"]), row["task_id"]


def test_every_task_loads_as_a_scenario() -> None:
    tasks = tau_tasks()
    assert len(tasks) == 115
    assert tasks["task-0"].user_id == "yusuf_rossi_9620"
    assert tasks["task-2"].required_outputs == ("10",)


HONEST = honest_calls(
    OPERATIONS,
    (action for task in tau_tasks().values() for action in task.expected_actions),
    {
        "list_all_product_types": [{}],
        "think": [{"thought": "the order is still pending"}],
        "get_order_status": [{"order_id": "#W2378156"}],
        "track_order": [{"order_id": "#W2378156"}],
        "get_refund_policy": [{"topic": "return"}, {}],
        "transfer_to_human_agents": [{"summary": "the customer wants a supervisor"}],
    },
)
test_apply_never_raises_and_a_refused_call_changes_nothing = refusals_are_reasoned(
    apply, DB, HONEST
)
