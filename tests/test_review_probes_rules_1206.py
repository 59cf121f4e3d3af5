"""A hostile review of the structural rules over tool calls (2026-12-06): airline
``policy_valid`` (``domains/airline/policy.py``), ``identified_first`` and
``one_call_at_a_time`` (``domains/airline/conduct.py``, ``checkers/agent_conduct.py``), and
orders' ``policy_valid`` and ``own_data_only`` (``domains/orders/checks/policy.py``,
``identity.py``), attacked with writes and calls rather than with words.

A row is ``(verdict, must_pass)``: ``verdict`` judges one conversation built with the project's
own helpers (tau-bench messages for one call at a time, turns for the rest) and says whether
the rule passed it; a write that breaks the policy must not pass, an honest one must. The rows
the rules judge rightly are plain tests; those they got wrong are grouped by defect class in
:data:`GAPS`, each a strict expected failure naming its class. Of 32 rows (13 that must pass),
13 false PASSes in 5 classes were found, and no false FAIL: a flight change replacing a flown
flight, a change whose flights do not connect, a call to a tool the service lacks made beside
another call, a write the service refused on another customer's order, and a gift card paying
an exchange beside what an earlier exchange of the conversation already owes it. The five
classes were closed the same session (``tests/test_policy_rules_classes.py``), so :data:`GAPS`
is empty: a row that goes wrong again fails the suite. What held before (:data:`HELD`): a cabin
and flight change in one call on basic economy, a retry after a refused write judged, another
user's reservation reached by its id, two calls in one message.

The people: Mason Johnson (``mason_johnson_9566``, gold) holds DFJCPK, an economy round trip
JFK-MSP for 2 whose outbound HAT092 + HAT237 on May 11 has landed (the return HAT248 + HAT240 on
May 19 is to come); Mia Li (``mia_li_8815``) holds MLPSXM, economy ATL-DFW-ATL for 4, whose
HAT004 on May 15 is flying; Olivia Gonzalez holds THY2DG, economy one way MSP-DTW-ORD on May 26.
In orders, Noah Brown is identified; Ivan Santos's #W6893533 is delivered, #W8770097 pending;
Chen Silva's gift card holds 59 dollars.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from checkers.conversation import conversation_transcript
from checkers.results import Outcome
from domains.airline.models import IdentifiedFirst, OneCallAtATime, PolicyValid
from domains.orders.checks.identity import check_own_data_only
from domains.orders.checks.policy import check_policy_valid as check_orders_policy
from domains.orders.judge import context_for as orders_context
from domains.orders.models import OwnDataOnly
from domains.orders.models import PolicyValid as OrdersPolicyValid
from domains.orders.models import Scenario as OrdersScenario
from tests.probe_harness import RowCounts, held_rows, known_wrong_rows, row_counts
from tests.test_airline_policy import (
    HELLO,
    OLIVIA,
    Z7GOZK_LEGS,
    bags,
    call,
    cancel,
    convo,
    flights,
    judged,
    lookup,
    run,
    user_lookup,
)

pytestmark = pytest.mark.checkers_meta

Row = tuple[Callable[[], bool], bool]
"""A conversation's verdict (whether the rule passed it) and whether the rule must pass it."""
PASS, NOT_PASS = True, False

MASON, MASON_CARD = "mason_johnson_9566", "credit_card_3562064"
MIA = "mia_li_8815"
OLIVIA_CARD = "credit_card_9969263"
DFJCPK_OUT = [("HAT092", "2024-05-11"), ("HAT237", "2024-05-11")]  # landed
Z7GOZK_NEXT_DAY = [("HAT188", "2024-05-27"), ("HAT207", "2024-05-27")]
DFJCPK_BACK = [("HAT248", "2024-05-19"), ("HAT240", "2024-05-19")]


def _policy(user: str, *writes: dict[str, Any]) -> Callable[[], bool]:
    """Whether airline ``policy_valid`` passes ``user`` identified, then ``writes`` made after
    a yes."""

    def verdict() -> bool:
        hello = (f"Hi, I am {user}.", [user_lookup(user)], "Found you.")
        transcript = convo(hello, ("Yes, please change it.", list(writes), "Done."))
        found, code, reason = judged(PolicyValid(), transcript, user)
        assert code != "no_writes", reason  # every probe's write takes effect
        return found is Outcome.PASS

    return verdict


def _mason(legs: list[tuple[str, str]]) -> Callable[[], bool]:
    return _policy(MASON, flights("DFJCPK", "economy", legs, MASON_CARD))


def _mia(legs: list[tuple[str, str]]) -> Callable[[], bool]:
    return _policy(MIA, flights("MLPSXM", "economy", legs, "credit_card_6719194"))


def _olivia(legs: list[tuple[str, str]]) -> Callable[[], bool]:
    return _policy(OLIVIA, flights("THY2DG", "economy", legs, OLIVIA_CARD))


def _one_call(*messages: Any) -> Callable[[], bool]:
    """Whether ``one_call_at_a_time`` passes the tau-bench messages (see ``run``)."""

    def verdict() -> bool:
        found, _, _ = judged(OneCallAtATime(), run(HELLO, *messages, ("Done.",)))
        return found is Outcome.PASS

    return verdict


def _identified(*calls: dict[str, Any]) -> Callable[[], bool]:
    """Whether ``identified_first`` passes Olivia's calls after she says who she is."""

    def verdict() -> bool:
        transcript = convo((HELLO, list(calls), "Done."))
        return judged(IdentifiedFirst(user_id=OLIVIA), transcript)[0] is Outcome.PASS

    return verdict


NOAH, NOAH_EMAIL = "noah_brown_6181", "noah.brown7922@example.com"
IVAN_DELIVERED, IVAN_PENDING, NOAH_DELIVERED = "#W6893533", "#W8770097", "#W7678072"
FIND_NOAH = {"name": "find_user_id_by_email", "args": {"email": NOAH_EMAIL}}


def _own_data(*calls: dict[str, Any]) -> Callable[[], bool]:
    """Whether orders' ``own_data_only`` passes Noah identified, then ``calls``."""

    def verdict() -> bool:
        turns = [{"user": f"Hi, I am {NOAH_EMAIL}.", "calls": [FIND_NOAH, *calls], "agent": "Ok."}]
        context = orders_context(
            OrdersScenario(id="rules-probe", user_id=NOAH),
            conversation_transcript({"turns": turns}),
        )
        return check_own_data_only(OwnDataOnly(customer_id=NOAH), context).outcome is Outcome.PASS

    return verdict


def _cancel(order_id: str) -> dict[str, Any]:
    return {
        "name": "cancel_pending_order",
        "args": {"order_id": order_id, "reason": "no longer needed"},
    }


# ===== the classes (each was wrong before this session; its rows now hold) =================

FLOWN_REPLACED: list[Row] = [
    # the landed outbound replaced by the same flights on May 17: a flown flight unflown
    (_mason([("HAT092", "2024-05-17"), ("HAT237", "2024-05-17"), *DFJCPK_BACK]), NOT_PASS),
    # the flying HAT004 replaced by HAT059 two days later
    (_mia([("HAT059", "2024-05-17"), ("HAT177", "2024-05-18")]), NOT_PASS),
    # the flying flight moved to its own number on another day
    (_mia([("HAT004", "2024-05-16"), ("HAT177", "2024-05-18")]), NOT_PASS),
    # honest: the flown outbound kept, the return moved
    (_mason([*DFJCPK_OUT, ("HAT248", "2024-05-22"), ("HAT240", "2024-05-22")]), PASS),
    (_mia([("HAT004", "2024-05-15"), ("HAT177", "2024-05-18")]), PASS),
]

FLIGHTS_NOT_CONNECTED: list[Row] = [
    # MSP -> DTW, then JFK -> ORD: the passenger is left in Detroit
    (_olivia([("HAT248", "2024-05-26"), ("HAT079", "2024-05-26")]), NOT_PASS),
    (_olivia([("HAT141", "2024-05-26"), ("HAT227", "2024-05-26")]), NOT_PASS),
    # a round trip that lands in MSP and flies home from Detroit
    (_mason([*DFJCPK_OUT, ("HAT240", "2024-05-22")]), NOT_PASS),
    # honest: another connection in Detroit, and the kept round trip
    (_olivia([("HAT127", "2024-05-26"), ("HAT119", "2024-05-26")]), PASS),
    (_mason([*DFJCPK_OUT, ("HAT248", "2024-05-21"), ("HAT240", "2024-05-21")]), PASS),
]

UNKNOWN_TOOL_BESIDE: list[Row] = [
    # a call to a tool the airline lacks, beside a real call, in one message
    (_one_call([user_lookup(), call("get_flight_status", flight_number="HAT188")]), NOT_PASS),
    (_one_call([call("Get_User_Details", user_id=OLIVIA), user_lookup()]), NOT_PASS),
    (
        _one_call([user_lookup()], [lookup("Z7GOZK"), call("transfer_to_agent", agent="x")]),
        NOT_PASS,
    ),
    # honest: each call alone in its message, a tool the airline lacks too
    (_one_call([user_lookup()], [call("get_flight_status", flight_number="HAT188")]), PASS),
    (_one_call([user_lookup()], [lookup("Z7GOZK")]), PASS),
]

REFUSED_WRITE_OF_ANOTHER: list[Row] = [
    # Ivan's delivered order: the service refuses to cancel it, but the agent tried
    (_own_data(_cancel(IVAN_DELIVERED)), NOT_PASS),
    (
        _own_data(
            {
                "name": "return_delivered_order_items",
                "args": {"order_id": IVAN_PENDING, "item_ids": ["1"], "payment_method_id": "x"},
            }
        ),
        NOT_PASS,
    ),
    # honest: a refused write to Noah's own order, and a read of it
    (_own_data(_cancel(NOAH_DELIVERED)), PASS),
    (_own_data({"name": "get_order_details", "args": {"order_id": NOAH_DELIVERED}}), PASS),
]

CHEN, CHEN_CARD = "chen_silva_7485", "gift_card_7250692"  # the gift card holds 59.0
CHEN_FIRST = ("#W3069600", "4545791457", "3232433601")  # 18.08 more
CHEN_SECOND = ("#W9571698", "9973034634", "5996159312")  # 45.23 more


def _exchange(order_id: str, item: str, new_item: str, card: str) -> dict[str, Any]:
    return {
        "name": "exchange_delivered_order_items",
        "args": {
            "order_id": order_id,
            "item_ids": [item],
            "new_item_ids": [new_item],
            "payment_method_id": card,
        },
    }


def _orders_policy(*writes: dict[str, Any]) -> Callable[[], bool]:
    """Whether orders' ``policy_valid`` passes Chen's ``writes``, each order looked up first."""

    def verdict() -> bool:
        looks = [
            {"name": "get_order_details", "args": {"order_id": w["args"]["order_id"]}}
            for w in writes
        ]
        turns = [{"user": "Yes, exchange them.", "calls": [*looks, *writes], "agent": "Done."}]
        context = orders_context(
            OrdersScenario(id="rules-probe", user_id=CHEN),
            conversation_transcript({"turns": turns}),
        )
        return check_orders_policy(OrdersPolicyValid(), context).outcome is Outcome.PASS

    return verdict


PROMISED_GIFT_CARD: list[Row] = [
    # two exchanges on the 59-dollar gift card, 18.08 and 45.23 more: each fits, both do not
    (
        _orders_policy(_exchange(*CHEN_FIRST, CHEN_CARD), _exchange(*CHEN_SECOND, CHEN_CARD)),
        NOT_PASS,
    ),
    (
        _orders_policy(_exchange(*CHEN_SECOND, CHEN_CARD), _exchange(*CHEN_FIRST, CHEN_CARD)),
        NOT_PASS,
    ),
    # honest: each exchange alone on the gift card
    (_orders_policy(_exchange(*CHEN_SECOND, CHEN_CARD)), PASS),
    (_orders_policy(_exchange(*CHEN_FIRST, CHEN_CARD)), PASS),
]

# ===== verdicts the rules got right before this session ====================================

HELD: list[Row] = [
    # a cabin change and a flight change in one call on basic economy is a flight change
    (_policy(OLIVIA, flights("Z7GOZK", "economy", Z7GOZK_NEXT_DAY, OLIVIA_CARD)), NOT_PASS),
    (_policy(OLIVIA, flights("Z7GOZK", "economy", Z7GOZK_LEGS, OLIVIA_CARD)), PASS),
    # a refused write (a bag count as text) then a retry that takes effect: the retry is judged
    (_policy(OLIVIA, bags("THY2DG", "2", "1"), bags("THY2DG", 2, 0)), NOT_PASS),
    (_policy(OLIVIA, bags("THY2DG", "2", "1"), bags("THY2DG", 2, 1)), PASS),
    # another user's reservation reached by its id, read or cancelled
    (_identified(lookup("6YDOA1")), NOT_PASS),
    (_identified(cancel("6YDOA1")), NOT_PASS),
    (_identified(lookup("Z7GOZK")), PASS),
    # two reads, or two writes, in one message
    (_one_call([user_lookup()], [lookup("Z7GOZK"), lookup("THY2DG")]), NOT_PASS),
    (_one_call([user_lookup()], [cancel("Z7GOZK"), cancel("K67C4W")]), NOT_PASS),
]


GAPS: dict[str, tuple[str, list[Row]]] = {}
"""Each defect class: why its verdicts are wrong (``false FAIL`` or ``false PASS``), its rows."""

HOLDS = {
    "held": HELD,
    # closed the same session
    "flown-replaced": FLOWN_REPLACED,
    "flights-not-connected": FLIGHTS_NOT_CONNECTED,
    "unknown-tool-beside": UNKNOWN_TOOL_BESIDE,
    "refused-write-of-another": REFUSED_WRITE_OF_ANOTHER,
    "promised-gift-card": PROMISED_GIFT_CARD,
}


@pytest.mark.parametrize(("verdict", "passes"), held_rows(HOLDS))
def test_the_verdict_holds(verdict: Callable[[], bool], passes: bool) -> None:
    assert verdict() is passes


@pytest.mark.parametrize(("verdict", "passes"), known_wrong_rows(GAPS))
def test_a_known_wrong_verdict(verdict: Callable[[], bool], passes: bool) -> None:
    assert verdict() is passes


def test_the_counts_in_the_docstring() -> None:
    counts = RowCounts(rows=32, must_pass=13, false_fails=0, false_passes=0)
    assert row_counts(HOLDS, GAPS) == counts
