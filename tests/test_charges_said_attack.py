"""An attack on the rule that holds the report after writes to what they charged or refunded
(``amount_not_moved``: :class:`checkers.charges_said.Moved`), kept as data
(``tests/probes/charges_said.json``).

A helper wrote reports the way LLM agents tell a customer what a write did, over real writes of
both customer-service domains (an upgrade, a business upgrade of three passengers, bags, a booking
paid by two methods, cancellations, an upgrade and a bag at once, an orders cancellation, item
change and payment change): 143 honest (labels, tables, breakdowns, per-unit prices, "x" and the
multiplication sign, balances, the original fare, proposals of a next write) and 107 that misstate
what was moved. Every honest report must be read as stating nothing misstated, but for those
failing closed on purpose; the misstated ones the rule still misses must be exactly the known ones.
Only the rule is judged here: the report against the writes of its own turn.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from checkers.charges_said import Moved
from checkers.results import Outcome
from domains.airline.fabrication import payments_added as airline_payments
from domains.airline.fabrication import write_terms
from domains.airline.judge import context_for as airline_context
from domains.airline.models import Scenario as AirlineScenario
from domains.orders.checks.fabrication import moved_before
from domains.orders.judge import context_for as orders_context
from domains.orders.scenarios import ORDERS, parse_answer_text
from tests.listing_slots import Case, attack_tests
from tests.test_airline_policy import (
    BOOKING,
    IDENTIFIED,
    OLIVIA,
    UPGRADE,
    bags,
    call,
    cancel,
    convo,
    flights,
    lookup,
)
from tests.test_orders_facts import MEI, _call

pytestmark = pytest.mark.checkers_meta

ATTACK = json.loads((Path(__file__).parent / "probes" / "charges_said.json").read_text())

EWR_IAH = call("search_direct_flight", origin="EWR", destination="IAH", date="2024-05-28")
IAH_EWR = call("search_direct_flight", origin="IAH", destination="EWR", date="2024-05-28")
LAS_MCO = call("search_direct_flight", origin="LAS", destination="MCO", date="2024-05-17")
TWO_PAID_TWO_WAYS = {
    **BOOKING,
    "args": {
        **BOOKING["args"],
        "passengers": [
            {"first_name": "Olivia", "last_name": "Gonzalez", "dob": "1988-06-13"},
            {"first_name": "Mei", "last_name": "Johansson", "dob": "1981-09-25"},
        ],
        "payment_methods": [
            {"payment_id": "gift_card_2200803", "amount": 123},
            {"payment_id": "credit_card_9969263", "amount": 203},
        ],
        "total_baggages": 1,
        "nonfree_baggages": 1,
        "insurance": "yes",
    },
}
"""HAT056 for two passengers with insurance and a bag: $326, by gift card and credit card."""
BOOKED = "Book HAT056 for me and Mei with insurance and a bag; use my gift card first."
AIRLINE_WRITES: dict[str, list[tuple[str, list[dict[str, Any]]]]] = {
    "UPG": [("Upgrade Z7GOZK to economy.", [lookup("Z7GOZK"), EWR_IAH, IAH_EWR, UPGRADE])],
    "BIZ": [
        (
            "Upgrade K67C4W to business for all three of us.",
            [
                lookup("K67C4W"),
                LAS_MCO,
                flights("K67C4W", "business", [("HAT137", "2024-05-17")], "credit_card_9969263"),
            ],
        )
    ],
    "BAG3": [("Three bags on K67C4W.", [lookup("K67C4W"), bags("K67C4W", 3, 3)])],
    "BOOK2": [(BOOKED, [EWR_IAH, TWO_PAID_TWO_WAYS])],
    "CXL": [("Cancel Z7GOZK, I'm sick.", [lookup("Z7GOZK"), cancel("Z7GOZK")])],
    "UPG+BAG": [
        (
            "Upgrade Z7GOZK to economy and add one bag.",
            [lookup("Z7GOZK"), EWR_IAH, IAH_EWR, UPGRADE, bags("Z7GOZK", 2, 1)],
        )
    ],
    "CXL+BOOK": [
        (
            "Cancel Z7GOZK and book HAT056 instead.",
            [lookup("Z7GOZK"), EWR_IAH, cancel("Z7GOZK"), BOOKING],
        )
    ],
    "BOOK2>CXL": [
        (BOOKED, [EWR_IAH, TWO_PAID_TWO_WAYS]),
        ("Actually cancel HATHAT, I'm unwell.", [lookup("HATHAT"), cancel("HATHAT")]),
    ],
}
BOOKED_REPORT = "Booked: HATHAT, $326 charged ($123 gift card, $203 Mastercard)."

OMAR = {
    "name": "find_user_id_by_email",
    "args": {"email": "omar.kim8981@example.com"},
    "response": {"result": "omar_kim_3528"},
}
MEI_ORDER = _call("get_order_details", order_id="#W7017301")
ORDERS_WRITES: dict[str, tuple[str, list[dict[str, Any]]]] = {
    "O-CANCEL": (
        "Hi, I'm mei.martin4637@example.com. Cancel #W7017301, no longer needed.",
        [
            MEI,
            MEI_ORDER,
            _call("cancel_pending_order", order_id="#W7017301", reason="no longer needed"),
        ],
    ),
    "O-MODIFY": (
        "Hi, I'm mei.martin4637@example.com. Change the grill and the backpack in #W7017301.",
        [
            MEI,
            MEI_ORDER,
            _call("get_product_details", product_id="6819683148"),
            _call("get_product_details", product_id="2524789262"),
            _call(
                "modify_pending_order_items",
                order_id="#W7017301",
                item_ids=["5105441284", "9851293632"],
                new_item_ids=["7082455361", "3928046918"],
                payment_method_id="paypal_2299608",
            ),
        ],
    ),
    "O-PAY": (
        "Hi, I'm omar.kim8981@example.com. Pay #W1080318 with my gift card instead.",
        [
            OMAR,
            _call("get_user_details", user_id="omar_kim_3528"),
            _call("get_order_details", order_id="#W1080318"),
            _call(
                "modify_pending_order_payment",
                order_id="#W1080318",
                payment_method_id="gift_card_3749819",
            ),
        ],
    ),
}


def _airline_moved(case: Case) -> Moved:
    """What the writes of the report's turn moved, replayed on the bundled airline data."""
    turns = AIRLINE_WRITES[case["writes"]]
    said = [BOOKED_REPORT] * (len(turns) - 1) + [case["report"]]
    transcript = convo(IDENTIFIED, *[(u, c, a) for (u, c), a in zip(turns, said, strict=True)])
    conversation = airline_context(AirlineScenario(id="known", user_id=OLIVIA), transcript)
    calls = conversation.conversation.calls
    moved = Moved()
    for record in calls[len(calls) - len(turns[-1][1]) :]:
        added = airline_payments(record)
        if added:
            moved.take(record, added[1], write_terms(record, added[0]))
    return moved


def _orders_moved(case: Case) -> Moved:
    """What the writes before the report moved, replayed on the bundled retail data."""
    user, calls = ORDERS_WRITES[case["writes"]]
    answer = {"turns": [{"user": user, "calls": calls, "agent": case["report"]}]}
    scenario = ORDERS.load_scenario("cs-order-status")
    conversation = orders_context(scenario, parse_answer_text(json.dumps(answer))).conversation
    return moved_before(conversation, None, conversation.agent_messages[-1])


def _verdict(case: Case) -> str:
    """``fail`` when the rule finds an amount the writes did not move, else ``pass``."""
    moved = _airline_moved(case) if case["domain"] == "airline" else _orders_moved(case)
    assert moved.writes, f"the writes of {case['writes']} moved no money"
    return (Outcome.FAIL if moved.problems(case["report"]) else Outcome.PASS).value


(
    test_an_honest_report_states_what_was_moved,
    test_the_misstated_reports_that_pass_are_the_known_ones,
) = attack_tests(ATTACK, _verdict)
