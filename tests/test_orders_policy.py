"""policy_valid reports every rule each write breaks, and the orders report says which findings
come from how the data was built.

The property: a write built to break rules R1..Rk (any k, on the bundled database) is reported
with exactly those k codes. Known answers from the dev triples show findings the first-rule-only
result used to hide, and the report's labelling is checked on hand-built rows.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given

from checkers.conversation import conversation_transcript
from checkers.data import read_jsonl
from checkers.results import RESULT_ADAPTER, Finding, Outcome, RequirementResult
from domains.orders.checks.policy import RULES, check_policy_valid, policy_findings
from domains.orders.conversation import replay_conversation
from domains.orders.data_files import (
    TASKS_FILE,
    TRIPLES_FILE,
    USER_ID_CORRECTIONS,
    bundled_database,
    orders_not_owned,
)
from domains.orders.judge import context_for
from domains.orders.models import Database, GiftCard, PolicyValid, Scenario
from domains.orders.report import (
    POLICY_KINDS,
    Row,
    caught_table,
    from_data,
    judge_triples,
    reference_lines,
    reference_table,
)
from domains.orders.scenarios import ORDERS
from domains.orders.strategies import rule_breaking_writes

# Marked so that `checkers mutate orders` runs these deterministic checks against each mutant.
pytestmark = pytest.mark.checkers_meta

ANYONE = Scenario(id="policy-probe")
"""policy_valid does not depend on the scenario: any one will do."""


def policy_result(conversation: dict[str, Any]) -> RequirementResult:
    context = context_for(ANYONE, conversation_transcript(conversation))
    return check_policy_valid(PolicyValid(), context)


# --- the property -------------------------------------------------------------------------------


@given(rule_breaking_writes())
def test_a_write_breaking_k_rules_reports_all_k_codes(
    drawn: tuple[dict[str, Any], frozenset[str]],
) -> None:
    conversation, broken = drawn
    result = policy_result(conversation)
    codes = [f.code for f in result.findings]
    assert set(codes) == broken, (codes, sorted(broken))
    assert len(codes) == len(broken), f"a rule reported twice for one write: {codes}"
    if not broken:
        assert (result.outcome, result.reason_code) == (Outcome.PASS, "all_writes_allowed")
        return
    assert result.outcome is Outcome.FAIL
    assert result.reason_code == codes[0]
    write = conversation["turns"][0]["calls"][-1]["name"]
    for finding in result.findings:
        assert finding.about.startswith(f"call #{len(conversation['turns'][0]['calls'])} {write}(")
        assert f"[{finding.code}]" in result.reason and RULES[finding.code] in finding.reason


# --- known answers: the edges the property cannot reach by chance -------------------------------


def findings_on(
    db: Database, user_email: str, write: dict[str, Any], times: int = 1, lookups: int = 1
) -> list[tuple[str, str]]:
    """(code, reason) of each finding on a write made ``times`` times after the customer is
    identified and the order looked up ``lookups`` times, replayed on ``db``."""
    lookup = {"name": "get_order_details", "args": {"order_id": write["args"]["order_id"]}}
    calls = [
        {"name": "find_user_id_by_email", "args": {"email": user_email}},
        *[lookup] * lookups,
        *[write] * times,
    ]
    conversation = {"turns": [{"user": "Please help me.", "calls": calls, "agent": "Done."}]}
    replayed = replay_conversation(conversation_transcript(conversation), db)
    return [(f.code, f.reason) for _, f in policy_findings(replayed)]


def with_gift_balance(balance: str) -> Database:
    """The bundled database with raj_sanchez_2970's gift card holding ``balance``."""
    db = bundled_database()
    user = db.users["raj_sanchez_2970"]
    card = user.payment_methods["gift_card_2259499"]
    assert isinstance(card, GiftCard)
    methods = {**user.payment_methods, card.id: card.model_copy(update={"balance": balance})}
    users = {**db.users, "raj_sanchez_2970": user.model_copy(update={"payment_methods": methods})}
    return db.model_copy(update={"users": users})


RAJ = bundled_database().users["raj_sanchez_2970"].email
"""raj_sanchez_2970: order #W1067251 (delivered) holds earbuds 6452271382 and grill 7848293342
(942.71); grill 3876764226 (981.47) is another available option, 38.76 dearer."""


def exchange(old: Any, new: list[Any], method: str = "gift_card_2259499") -> dict[str, Any]:
    args = {"order_id": "#W1067251", "item_ids": old, "new_item_ids": new}
    return {"name": "exchange_delivered_order_items", "args": {**args, "payment_method_id": method}}


@pytest.mark.parametrize(
    ("balance", "insufficient"), [("38.76", False), ("38.75", True), ("1000", False)]
)
@pytest.mark.parametrize("with_unchanged_pair", [False, True])
def test_a_gift_card_must_hold_the_exact_price_difference(
    balance: str, insufficient: bool, with_unchanged_pair: bool
) -> None:
    old, new = ["7848293342"], ["3876764226"]
    if with_unchanged_pair:  # an item exchanged for itself costs nothing more, and is reported
        old, new = ["6452271382", *old], ["6452271382", *new]
    found = findings_on(with_gift_balance(balance), RAJ, exchange(old, new))
    expected = ["item_unchanged"] if with_unchanged_pair else []
    if insufficient:
        expected.append("gift_card_insufficient")
    assert [code for code, _ in found] == expected
    if insufficient:
        assert f"holds {balance}, 38.76 is needed" in found[-1][1]


def test_a_new_item_is_named_by_what_it_is() -> None:
    db = bundled_database()
    earbuds = db.product_of_item("6452271382")
    assert earbuds is not None
    found = findings_on(db, RAJ, exchange(["7848293342"], ["6452271382"], "credit_card_3362387"))
    assert found == [
        (
            "item_not_same_product",
            f"new item 6452271382 is a {earbuds.name}, not a Grill; "
            f"{RULES['item_not_same_product']}",
        )
    ]
    found = findings_on(db, RAJ, exchange(["7848293342"], ["0000000000"], "credit_card_3362387"))
    assert [reason.split(";")[0] for _, reason in found] == [
        "new item 0000000000 is no known item, not a Grill"
    ]


@pytest.mark.parametrize("old", ["7848293342", {"item": "7848293342"}, None])
def test_item_ids_that_are_not_a_list_are_said_so(old: Any) -> None:
    found = findings_on(bundled_database(), RAJ, exchange(old, ["3876764226"]))
    assert [code for code, _ in found] == ["item_not_in_order"]
    assert "is not a list of item ids" in found[0][1]


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        (["3876764226", "3876764226"], "1 items but 2 new items"),
        ([], "1 items but 0 new items"),
    ],
)
def test_unpaired_new_items_are_a_count_mismatch_and_no_pair_is_judged(
    new: list[str], expected: str
) -> None:
    found = findings_on(bundled_database(), RAJ, exchange(["7848293342"], new))
    assert [(code, reason.split(";")[0]) for code, reason in found] == [
        ("item_count_mismatch", expected)
    ]


def test_hundreds_of_items_are_counted_by_value() -> None:
    # lengths past CPython's small-int cache are distinct objects: equal, but not identical
    found = findings_on(
        bundled_database(),
        RAJ,
        exchange(["7848293342"] * 300, ["3876764226"] * 300, "credit_card_3362387"),
    )
    assert [code for code, _ in found] == ["item_not_in_order"]


def test_a_long_item_ids_value_is_quoted_briefly() -> None:
    found = findings_on(bundled_database(), RAJ, exchange("x" * 100, ["3876764226"]))
    assert [reason.split(";")[0] for _, reason in found] == [
        'item_ids "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... is not a list of item ids'
    ]


@pytest.mark.parametrize("lookups", [1, 2])
def test_a_repeated_once_only_write_names_the_call_that_succeeded(lookups: int) -> None:
    write = exchange(["7848293342"], ["3876764226"], "credit_card_3362387")
    found = findings_on(bundled_database(), RAJ, write, times=2, lookups=lookups)
    assert [reason.split(";")[0] for _, reason in found] == [
        f"exchange_delivered_order_items already succeeded on #W1067251 at call #{lookups + 2}",
        "order #W1067251 is 'exchange requested'",
    ]


def with_payments(*history: tuple[str, str, float]) -> Database:
    """The bundled database with order #W2564042 (yusuf_garcia_3055, pending) paid as
    ``history`` says: (transaction type, payment method, amount) each."""
    db = bundled_database()
    order = db.orders["#W2564042"]
    first = order.payment_history[0]
    payments = tuple(
        first.model_copy(
            update={"transaction_type": kind, "payment_method_id": method, "amount": amount}
        )
        for kind, method, amount in history
    )
    order = order.model_copy(update={"payment_history": payments})
    return db.model_copy(update={"orders": {**db.orders, order.order_id: order}})


PAID_THEN_CHANGED = (("payment", "gift_card_7588375", 3532.75), ("payment", "paypal_7503218", 10.0))
PAID_THEN_REFUNDED = (
    ("payment", "credit_card_8405687", 3532.75),
    ("refund", "paypal_7503218", 10.0),
)


@pytest.mark.parametrize(
    ("history", "method", "expected"),
    [
        # the current method is the last payment's; the total is the first payment's
        (PAID_THEN_CHANGED, "paypal_7503218", ["payment_method_unchanged"]),
        (PAID_THEN_CHANGED, "gift_card_7588375", ["gift_card_insufficient"]),
        (PAID_THEN_CHANGED, "credit_card_8405687", []),
        # a refund is no payment: the card paid last is still the current method
        (PAID_THEN_REFUNDED, "credit_card_8405687", ["payment_method_unchanged"]),
        (PAID_THEN_REFUNDED, "paypal_7503218", []),
    ],
)
def test_a_payment_change_is_judged_on_the_current_method_and_the_total(
    history: tuple[tuple[str, str, float], ...], method: str, expected: list[str]
) -> None:
    db = with_payments(*history)
    write = {
        "name": "modify_pending_order_payment",
        "args": {"order_id": "#W2564042", "payment_method_id": method},
    }
    email = db.users["yusuf_garcia_3055"].email
    assert [code for code, _ in findings_on(db, email, write)] == expected


@pytest.mark.parametrize(
    ("times", "opening"),
    [
        (1, "1 of 1 write breaks the policy (1 rule broken): "),
        (2, "2 of 2 writes break the policy (4 rules broken): "),
    ],
)
def test_the_reason_counts_writes_and_rules_in_words(times: int, opening: str) -> None:
    write = exchange(["7848293342"], ["3876764226"], "credit_card_3362387")
    calls = [{"name": "find_user_id_by_email", "args": {"email": RAJ}}, *[write] * times]
    result = policy_result({"turns": [{"user": "Hi", "calls": calls, "agent": "Done."}]})
    assert result.reason.startswith(opening), result.reason


def test_every_pair_is_judged_after_an_item_not_in_the_order() -> None:
    found = findings_on(
        bundled_database(),
        RAJ,
        exchange(["1111111111", "7848293342"], ["3876764226", "6452271382"], "credit_card_3362387"),
    )
    assert [code for code, _ in found] == ["item_not_in_order", "item_not_same_product"]


@pytest.mark.parametrize(("times", "in_order"), [(1, True), (2, True), (3, False)])
def test_an_item_the_order_holds_twice_may_be_listed_twice(times: int, in_order: bool) -> None:
    # order #W1840144 (harper_brown_7363, delivered, paid with paypal_2306935) holds item
    # 8590708195 twice
    write = {
        "name": "return_delivered_order_items",
        "args": {
            "order_id": "#W1840144",
            "item_ids": ["8590708195"] * times,
            "payment_method_id": "paypal_2306935",
        },
    }
    db = bundled_database()
    email = db.users["harper_brown_7363"].email
    codes = [code for code, _ in findings_on(db, email, write)]
    assert codes == ([] if in_order else ["item_not_in_order"])


def test_a_refund_goes_to_the_first_payment_method() -> None:
    # yara_lee_7701's delivered order #W1341845, paid with credit_card_6450164: a later payment
    # with her other card does not make that card the original
    db = bundled_database()
    order = db.orders["#W1341845"]
    first = order.payment_history[0]
    later = first.model_copy(update={"payment_method_id": "credit_card_6680679"})
    order = order.model_copy(update={"payment_history": (first, later)})
    db = db.model_copy(update={"orders": {**db.orders, order.order_id: order}})
    email = db.users["yara_lee_7701"].email

    def refund_to(method: str) -> list[str]:
        args = {"order_id": order.order_id, "item_ids": [order.items[0].item_id]}
        args["payment_method_id"] = method
        write = {"name": "return_delivered_order_items", "args": args}
        return [code for code, _ in findings_on(db, email, write)]

    assert refund_to("credit_card_6450164") == []
    assert refund_to("credit_card_6680679") == ["refund_method_not_allowed"]


# --- known answers: the dev triples, every finding -----------------------------------------------


def triple(task_id: int, mutation: str) -> dict[str, Any]:
    return next(
        row
        for row in read_jsonl(TRIPLES_FILE)
        if row["task_id"] == task_id and row["candidate"]["mutation"] == mutation
    )


@pytest.mark.parametrize(
    ("task_id", "mutation", "expected"),
    [
        # refund to a disallowed method, hidden behind status_not_checked before
        (12, "reads_removed_writes_kept", "1 status_not_checked, 1 refund_method_not_allowed"),
        # an item exchanged for the very same option, hidden the same way
        (18, "reads_removed_writes_kept", "1 status_not_checked, 1 item_unchanged"),
        # a repeated once-only exchange behind the status the reference never looked up
        (
            29,
            "duplicate_last_write",
            "6 status_not_checked, 7 status_not_checked, 7 once_only_action_repeated, "
            "7 order_not_delivered",
        ),
        # a repeated modification: repeated, no longer pending, its items already replaced
        (
            3,
            "duplicate_last_write",
            "14 once_only_action_repeated, 14 order_not_pending, 14 item_not_in_order",
        ),
        (13, "duplicate_last_write", "5 refund_method_not_allowed, 7 order_not_delivered"),
        (0, "gold", ""),
    ],
)
def test_every_finding_of_a_dev_triple(task_id: int, mutation: str, expected: str) -> None:
    item = ORDERS.batch_item(triple(task_id, mutation))
    assert isinstance(item.scenario, Scenario)
    context = context_for(item.scenario, item.transcript)
    found = ", ".join(f"{c.index + 1} {f.code}" for c, f in policy_findings(context.conversation))
    assert found == expected
    result = check_policy_valid(PolicyValid(), context)
    assert [f.code for f in result.findings] == expected.replace(",", "").split()[1::2]


def test_the_reason_names_every_write_and_rule_and_the_code_is_the_first() -> None:
    conversation = {
        "turns": [
            {
                "user": "Return my keyboard to PayPal, and cancel #W2378156 too.",
                "calls": [
                    {
                        "name": "return_delivered_order_items",
                        "args": {
                            "order_id": "#W5490111",
                            "item_ids": ["4579334072"],
                            "payment_method_id": "paypal_9497703",
                        },
                    },
                    {
                        "name": "cancel_pending_order",
                        "args": {"order_id": "#W0000000", "reason": "changed my mind"},
                    },
                ],
                "agent": "Done.",
            }
        ]
    }
    result = policy_result(conversation)
    assert result.reason_code == "status_not_checked"
    assert [(f.about.split("(")[0], f.code) for f in result.findings] == [
        ("call #1 return_delivered_order_items", "status_not_checked"),
        ("call #1 return_delivered_order_items", "refund_method_not_allowed"),
        ("call #2 cancel_pending_order", "order_unknown"),
        ("call #2 cancel_pending_order", "bad_cancel_reason"),
    ]
    assert result.reason.startswith("2 of 2 writes break the policy (4 rules broken): call #1 ")
    assert "reason 'changed my mind'; the reason must be" in result.reason


def test_a_result_with_findings_survives_a_json_round_trip() -> None:
    result = RequirementResult(
        "policy_valid",
        Outcome.FAIL,
        "status_not_checked",
        "...",
        {"kind": "policy_valid"},
        (Finding("status_not_checked", "call #1 cancel_pending_order()", "no lookup"),),
    )
    assert RESULT_ADAPTER.validate_json(RESULT_ADAPTER.dump_json(result)) == result
    loaded = json.loads(RESULT_ADAPTER.dump_json(result))
    assert loaded["findings"] == [
        {
            "code": "status_not_checked",
            "about": "call #1 cancel_pending_order()",
            "reason": "no lookup",
        }
    ]


# --- what comes from the data -------------------------------------------------------------------


def test_the_one_task_whose_user_id_does_not_own_its_orders_is_the_corrected_one() -> None:
    found = {
        row["task_id"]: orders_not_owned(row["user_id"], row["actions"])
        for row in read_jsonl(TASKS_FILE)
    }
    wrong = {task: orders for task, orders in found.items() if orders}
    assert wrong == {64: ["#W7464385", "#W8499625", "#W1279004"]}
    assert set(wrong) == set(USER_ID_CORRECTIONS)


@pytest.mark.parametrize("bad", [None, "x", [1, {"kwargs": 3}], [{"kwargs": {"order_id": 7}}]])
def test_orders_not_owned_reads_anything(bad: Any) -> None:
    assert orders_not_owned("someone", bad) == []


def row(task_id: int, mutation: str, *findings: tuple[str, str, str], **kw: Any) -> Row:
    passed = {"task_success": True}
    return Row(task_id, mutation, True, None, passed, tuple(findings), **kw)


STATUS = ("policy_valid", "status_not_checked", 'exchange_delivered_order_items("#W1")')
REPEAT = ("policy_valid", "once_only_action_repeated", 'exchange_delivered_order_items("#W1")')
OTHER = ("policy_valid", "status_not_checked", 'cancel_pending_order("#W2")')
READ = ("own_data_only", "other_customer_read", "")


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ([row(1, "gold", STATUS)], [{STATUS}]),  # the reference is the data
        ([row(1, "gold", STATUS), row(1, "dup", STATUS, REPEAT)], [{STATUS}, {STATUS}]),
        ([row(1, "gold", STATUS), row(1, "x", OTHER)], [{STATUS}, set()]),  # another write
        ([row(1, "gold", STATUS), row(2, "x", STATUS)], [{STATUS}, set()]),  # another task
        ([row(1, "x", STATUS)], [set()]),  # no reference line: nothing is put down to the data
        ([row(1, "x", READ, STATUS, not_owned=("#W1",))], [{READ}]),  # a data error
    ],
)
def test_from_data(rows: list[Row], expected: list[set[Any]]) -> None:
    assert [from_data(rows)[n] for n in range(len(rows))] == expected


def test_the_table_counts_lines_caused_by_the_candidate() -> None:
    rows = [row(1, "gold", STATUS), row(1, "dup", STATUS, REPEAT), row(2, "dup", OTHER)]
    table = caught_table(rows).splitlines()
    assert table[2].startswith("| dup | 2 | 0 | 0 | 2 | 0 | 2 | 2 | ")
    assert "`status_not_checked` x2 (1 data), `once_only_action_repeated` x1" in table[2]
    assert table[3].startswith("| gold | 1 | 0 | 0 | 1 | 0 | 1 | 0 | ")


def test_the_reference_table_groups_tasks_and_names_the_data_error() -> None:
    rows = [
        row(70, "gold", ("authenticated_first", "write_before_identification", ""), STATUS),
        row(71, "gold", ("authenticated_first", "write_before_identification", ""), STATUS),
        row(73, "gold", ("authenticated_first", "write_before_identification", ""), STATUS),
        row(24, "gold", ("policy_valid", "no_agent_turn", "")),
        row(64, "gold", not_owned=("#W1",)),
        row(1, "gold", ("no_fabrication", "unsupported_amount", "")),
    ]
    assert reference_table(rows).splitlines() == [
        "| tasks | reference actions fail | count |",
        "|---|---|---:|",
        "| 70-71, 73 | authenticated_first `write_before_identification`, policy_valid "
        "`status_not_checked` | 3 |",
        "| **any** | | **3** of 6 |",
        "",
        "Task 24 lists no action at all: nothing to judge.",
        "",
        "Data error: task 64's `user_id` does not own #W1.",
    ]


def test_judging_the_references_of_two_tasks() -> None:
    tasks = [r for r in read_jsonl(TASKS_FILE) if r["task_id"] in (0, 70)]
    judged = judge_triples(reference_lines(tasks))
    assert [
        (r.task_id, sorted({c for k, c, _ in r.findings if k in POLICY_KINDS})) for r in judged
    ] == [
        (0, []),
        (70, ["status_not_checked", "write_before_identification"]),
    ]
