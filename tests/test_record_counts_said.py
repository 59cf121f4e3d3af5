"""A count of the customer's records said as the whole of them ("You have 3 reservations", "I
found no orders on your account", "Your profile has two gift cards") must be the count a tool
listed or the customer said, in orders and in airline alike (:mod:`checkers.record_counts`).

Before, no domain read a count: "You have 5 reservations" of a customer with two passed
``no_fabrication`` as no statement at all. The property was seen failing on the code before.
Counts of some of the records ("two upcoming reservations", "two reservations that fly on May
15"), plans, limits and questions are no such statement, and pass as before.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.record_counts import NUMBER_WORDS, counts_said
from domains.airline.data_files import bundled_database as airline_database
from domains.airline.models import NoFabrication
from domains.orders.data_files import bundled_database as orders_database
from domains.orders.service import apply
from tests.test_airline_policy import call, convo, judged
from tests.test_orders_hostile import _judge

WORDS = {n: w for w, n in NUMBER_WORDS.items() if w not in {"no", "a single"}}

SAID_AS_WHOLE = (
    "You have {n} {noun}.",
    "I found {n} {noun} under your profile.",
    "I see {n} {noun} on your account.",
    "Your profile has {n} {noun}.",
    "There are {n} {noun} under your name.",
    "You currently have {n} {noun}.",
    "Right now you have only {n} {noun}.",
    "Looking at your account, you have {n} {noun}, listed below.",
    "{n} {noun} are linked to your account.",
)
"""Ways of saying how many of the customer's records there are."""
NOT_THE_WHOLE = (
    "You can make {n} separate {noun}.",
    "You can use up to {n} {noun}.",
    "Do you have {n} {noun}?",
    "You have {n} upcoming {noun}.",
    "You have {n} {noun} that are still open.",
    "If you had {n} {noun}, I could combine them.",
    "There are {n} {noun} available.",
    "Both of your {noun} are listed below.",
    "I couldn't find any {noun} under that name.",
)
"""Counts that are not of the customer's records as a whole: a plan, a limit, a question, a
part of them, a supposition, what is on offer."""

NOUNS = {
    "reservations": ("reservation", "reservations"),
    "orders": ("order", "orders"),
    "payment_methods": ("payment method", "payment methods"),
    "gift_card": ("gift card", "gift cards"),
    "credit_card": ("credit card", "credit cards"),
    "certificate": ("travel certificate", "travel certificates"),
    "saved_passengers": ("saved passenger", "saved passengers"),
}


def _airline_counts(user: dict[str, Any]) -> dict[str, int]:
    sources = [m["source"] for m in user["payment_methods"].values()]
    return {
        "reservations": len(user["reservations"]),
        "payment_methods": len(sources),
        "gift_card": sources.count("gift_card"),
        "credit_card": sources.count("credit_card"),
        "certificate": sources.count("certificate"),
        "saved_passengers": len(user["saved_passengers"]),
    }


def _orders_counts(user: dict[str, Any]) -> dict[str, int]:
    sources = [m["source"] for m in user["payment_methods"].values()]
    return {
        "orders": len(user["orders"]),
        "payment_methods": len(sources),
        "gift_card": sources.count("gift_card"),
        "credit_card": sources.count("credit_card"),
    }


AIRLINE_USERS = sorted(airline_database().users)
ORDERS_USERS = sorted(orders_database().users)


def _airline(user_id: str, reply: str, looked_up: bool = True, heard: str = "") -> str:
    """``no_fabrication``'s reason code for ``reply`` after the user's details were read."""
    calls = [call("get_user_details", user_id=user_id)] if looked_up else []
    talk = convo((f"Hi, I am {user_id}. {heard}", calls, reply))
    return judged(NoFabrication(), talk, user_id)[1]


def _orders(user_id: str, reply: str, looked_up: bool = True, heard: str = "") -> str:
    db = orders_database()
    calls = []
    if looked_up:
        details = apply(db, "get_user_details", {"user_id": user_id}).value
        calls = [{"name": "get_user_details", "args": {"user_id": user_id}, "response": details}]
    turn = {"user": f"My user id is {user_id}. {heard}", "calls": calls, "agent": reply}
    return _judge("cs-order-status", {"turns": [turn]}, "no_fabrication")[1]


def _user(data: st.DataObject, airline: bool) -> tuple[str, dict[str, int]]:
    if airline:
        user_id = data.draw(st.sampled_from(AIRLINE_USERS))
        found = json.loads(airline_database().users[user_id].model_dump_json())
        return user_id, _airline_counts(found)
    user_id = data.draw(st.sampled_from(ORDERS_USERS))
    found = json.loads(orders_database().users[user_id].model_dump_json())
    return user_id, _orders_counts(found)


def _said(data: st.DataObject, template: str, kind: str, count: int) -> str:
    written = data.draw(st.sampled_from([str(count), WORDS.get(count, str(count))]))
    if count == 0:
        written = "no"
    noun = NOUNS[kind][0 if count == 1 else 1]
    return template.format(n=written, noun=noun)


@settings(max_examples=150, deadline=None)
@given(st.data(), st.booleans())
def test_a_count_of_the_customers_records_must_be_the_count_listed(
    data: st.DataObject, airline: bool
) -> None:
    user_id, counts = _user(data, airline)
    judge = _airline if airline else _orders
    kind = data.draw(st.sampled_from(sorted(counts)))
    template = data.draw(st.sampled_from(SAID_AS_WHOLE))
    true = counts[kind]
    wrong = data.draw(st.sampled_from([c for c in range(0, 11) if c != true]))
    said_wrong = _said(data, template, kind, wrong)
    assert judge(user_id, said_wrong) == "unsupported_count", (user_id, said_wrong, true)
    said_true = _said(data, template, kind, true)
    assert judge(user_id, said_true) != "unsupported_count", (user_id, said_true)
    # Said before any tool listed them, even the right count is the agent's guess (none but
    # said when nothing was found) ...
    if true:
        assert judge(user_id, said_true, looked_up=False) == "unsupported_count", said_true
    # ... unless the customer counted them first.
    heard = f"I have {true} {NOUNS[kind][0 if true == 1 else 1]}."
    assert judge(user_id, said_true, looked_up=False, heard=heard) != "unsupported_count"


@settings(max_examples=100, deadline=None)
@given(st.data(), st.booleans(), st.integers(0, 10))
def test_a_count_of_some_records_a_plan_a_limit_or_a_question_is_not_held_to_the_whole(
    data: st.DataObject, airline: bool, count: int
) -> None:
    user_id, counts = _user(data, airline)
    judge = _airline if airline else _orders
    kind = data.draw(st.sampled_from(sorted(counts)))
    said = _said(data, data.draw(st.sampled_from(NOT_THE_WHOLE)), kind, count)
    assert judge(user_id, said) != "unsupported_count", said


def test_a_count_within_one_record_and_a_list_of_counts_are_read() -> None:
    assert [(c.kind, c.count) for c in counts_said("reservation abc123 has 3 passengers.")] == [
        ("passengers", 3)
    ]
    assert [(c.kind, c.count) for c in counts_said("your order #w1234567 contains 4 items.")] == [
        ("items", 4)
    ]
    assert [
        (c.kind, c.count) for c in counts_said("you have 2 gift cards and one credit card.")
    ] == [
        ("gift_card", 2),
        ("credit_card", 1),
    ]
    assert [
        (c.kind, c.count) for c in counts_said("five bookings are linked to your account.")
    ] == [("reservations", 5)]
    assert [(c.kind, c.count) for c in counts_said("you don't have any orders.")] == [("orders", 0)]
    # "both", "all three of your" and "your two" name the records just spoken of, not how many
    # the customer has; a place other than the customer's account narrows the count
    for anaphoric in (
        "both of your reservations are in economy.",
        "all three of your orders were delivered.",
        "your two reservations have been cancelled.",
        "i couldn't find any reservations under that name.",
        "the $100 certificate is now in your account.",  # an amount, not a count
    ):
        assert counts_said(anaphoric) == [], anaphoric


def test_a_count_in_markdown_or_a_summary_label_is_read_and_a_new_bookings_is_not() -> None:
    def read(text: str) -> list[tuple[str, int]]:
        return [(c.kind, c.count) for c in counts_said(text)]

    assert read("you have **3** reservations.") == [("reservations", 3)]
    assert read("- reservations: 3") == read("| reservations | 3 |") == [("reservations", 3)]
    assert read("there are three reservations on file for you.") == [("reservations", 3)]
    assert read("you have the following 2 orders:") == [("orders", 2)]
    # a listing of a new booking labels its own payment and passengers; a label's qualifier
    # narrows the count
    assert read("gift cards: 1") == read("passengers: 2") == read("upcoming reservations: 3") == []


def test_a_count_after_a_write_may_be_one_more_or_less() -> None:
    olivia = "olivia_gonzalez_2305"
    listed = len(airline_database().users[olivia].reservations)
    calls = [
        call("get_user_details", user_id=olivia),
        call("cancel_reservation", reservation_id="Z7GOZK"),
    ]
    talk = convo(
        (
            f"Hi, I am {olivia}. Cancel Z7GOZK please.",
            calls,
            f"You now have {listed - 1} reservations.",
        )
    )
    assert judged(NoFabrication(), talk, olivia)[1] != "unsupported_count"
    talk = convo((f"Hi, I am {olivia}.", calls[:1], f"You now have {listed + 2} reservations."))
    assert judged(NoFabrication(), talk, olivia)[1] == "unsupported_count"
