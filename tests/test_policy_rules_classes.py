"""The classes of wrong verdicts of the structural rules over tool calls closed after the review
of 2026-12-06 (``tests/test_review_probes_rules_1206.py``), each with a property generating
many forms of the class and an honest control beside it:

- a flight change that leaves out a flown (landed or flying) flight of the reservation breaks
  the policy (``flown_segment_changed``): what has flown cannot be replaced or removed, while
  the flights still to come may change (``domains/airline/policy.py``);
- a flight change keeps its route only when its flights connect, each leaving from where the one
  before landed (:func:`domains.airline.policy.connected`): the same end airports reached through
  a gap are no trip the passenger can fly (``route_changed``);
- a call to a tool the airline service lacks, made in one message beside a call to one of its
  tools, is still a second call at once (``checkers/agent_conduct.py``);
- orders' ``own_data_only`` judges every attempted write: one the service refused on another
  customer's order (not pending, items not in it, a payment method not theirs) was still a task
  for another customer (``domains/orders/checks/identity.py``);
- an orders gift card pays an exchange only beside what earlier exchanges of the conversation
  already owe it (:func:`domains.orders.checks.policy.promised`): an exchange is paid when it is
  done, so the balance the service shows still holds what it owes.

Each property was run against the code before the fix and failed there.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.conversation import conversation_transcript
from checkers.meta import meta_settings
from checkers.results import Outcome
from domains.airline.data_files import bundled_database
from domains.airline.models import Available, OneCallAtATime, PolicyValid, Reservation
from domains.airline.policy import _route_kept
from domains.airline.service import OPERATIONS
from domains.orders.checks.identity import check_own_data_only
from domains.orders.checks.policy import check_policy_valid as check_orders_policy
from domains.orders.data_files import bundled_database as orders_database
from domains.orders.judge import context_for as orders_context
from domains.orders.models import GiftCard, OwnDataOnly
from domains.orders.models import PolicyValid as OrdersPolicyValid
from domains.orders.models import Scenario as OrdersScenario
from domains.orders.service import WRITES as ORDERS_WRITES
from tests.test_airline_policy import HELLO, call, convo, flights, judged, lookup, run, user_lookup

pytestmark = pytest.mark.checkers_meta

FLOWN = ("landed", "flying")
Leg = tuple[str, str]

# --- a flight change keeps every flown flight --------------------------------------------------


def _later_date(flight: str, date: str, cabin: str, seats: int) -> str | None:
    """The first date after ``date`` on which ``flight`` can be booked for ``seats`` in
    ``cabin`` (the service refuses any other), None when there is none."""
    days = bundled_database().flights[flight].dates
    return next(
        (
            day
            for day, status in sorted(days.items())
            if day > date
            and isinstance(status, Available)
            and getattr(status.available_seats, cabin) >= seats
        ),
        None,
    )


def _status(leg: Leg) -> str:
    day = bundled_database().flights[leg[0]].dates.get(leg[1])
    return day.status if day is not None else "unknown"


@cache
def _partly_flown() -> list[tuple[Reservation, str]]:
    """Reservations of the data, neither basic economy nor cancelled, with a flown flight and
    one to come, whose customer holds a credit card (no balance can refuse the change)."""
    db = bundled_database()
    found = []
    for reservation in db.reservations.values():
        legs = [(s.flight_number, s.date) for s in reservation.flights]
        statuses = [_status(leg) for leg in legs]
        cards = [
            key for key, m in db.users[reservation.user_id].payment_methods.items()
            if m.source == "credit_card"
        ]  # fmt: skip
        if (
            reservation.cabin != "basic_economy"
            and reservation.status != "cancelled"
            and any(s in FLOWN for s in statuses)
            and "available" in statuses
            and cards
        ):
            found.append((reservation, cards[0]))
    return found


def _changed(reservation: Reservation, card: str, legs: list[Leg]) -> tuple[Outcome, str, str]:
    """``policy_valid`` on the reservation's customer changing its flights to ``legs``."""
    user = reservation.user_id
    hello = (f"I am {user}.", [user_lookup(user)], "Found you.")
    write = flights(reservation.reservation_id, reservation.cabin, legs, card)
    return judged(PolicyValid(), convo(hello, ("Yes, change it.", [write], "Done.")), user)


def _moved(reservation: Reservation, moving: str) -> tuple[list[Leg], bool] | None:
    """The reservation's flights with each one of status ``moving`` (flown, or still to come)
    on a later date; whether any moved. None when one of them can be moved nowhere."""
    legs, moved = [], False
    for segment in reservation.flights:
        leg = (segment.flight_number, segment.date)
        if (_status(leg) in FLOWN) is (moving == "flown"):
            later = _later_date(leg[0], leg[1], reservation.cabin, len(reservation.passengers))
            if later is None:
                return None
            leg, moved = (leg[0], later), True
        legs.append(leg)
    return legs, moved


@settings(meta_settings("ci"), max_examples=30)
@given(st.data())
def test_a_flight_change_leaving_out_a_flown_flight_breaks_the_policy(data: st.DataObject) -> None:
    reservation, card = data.draw(st.sampled_from(_partly_flown()))
    moved = _moved(reservation, "flown")
    if moved is None:
        return
    legs, _ = moved
    found, code, reason = _changed(reservation, card, legs)
    if code == "no_writes":
        return  # the service refused the change (a price it cannot pay): nothing to judge
    assert found is Outcome.FAIL, reason


@settings(meta_settings("ci"), max_examples=30)
@given(st.data())
def test_a_flight_change_keeping_the_flown_flights_is_no_flown_change(data: st.DataObject) -> None:
    reservation, card = data.draw(st.sampled_from(_partly_flown()))
    moved = _moved(reservation, "to come")
    if moved is None:
        return
    legs, _ = moved
    _, code, reason = _changed(reservation, card, legs)
    assert code != "flown_segment_changed", reason
    assert "has flown" not in reason


def test_the_partly_flown_reservations_are_many() -> None:
    assert len(_partly_flown()) >= 50


# --- a flight change keeps its route only when its flights connect ------------------------------


@cache
def _routes() -> list[Reservation]:
    return list(bundled_database().reservations.values())


@cache
def _flights_from() -> dict[str, list[str]]:
    """Flight numbers by the airport they leave from."""
    found: dict[str, list[str]] = {}
    for flight in bundled_database().flights.values():
        found.setdefault(flight.origin, []).append(flight.flight_number)
    return found


@settings(meta_settings("ci"), max_examples=200)
@given(st.data())
def test_flights_that_do_not_connect_keep_no_route(data: st.DataObject) -> None:
    db = bundled_database()
    reservation = data.draw(st.sampled_from(_routes()))
    legs = [(s.flight_number, s.date) for s in reservation.flights]
    # a gap: after leg ``at``, a flight leaving from an airport other than where it landed
    at = data.draw(st.integers(0, len(legs) - 1))
    landed = db.flights[legs[at][0]].destination
    elsewhere = sorted(a for a in _flights_from() if a != landed)
    gap = data.draw(st.sampled_from(_flights_from()[data.draw(st.sampled_from(elsewhere))]))
    broken = [*legs[: at + 1], (gap, legs[at][1]), *legs[at + 1 :]]
    assert not _route_kept(db, reservation, broken)


@settings(meta_settings("ci"), max_examples=200)
@given(st.sampled_from(_routes()))
def test_a_reservations_own_flights_keep_its_route(reservation: Reservation) -> None:
    legs = [(s.flight_number, s.date) for s in reservation.flights]
    assert _route_kept(bundled_database(), reservation, legs)


# --- a call to a tool the service lacks, beside one of its calls, is two calls at once ----------

_SERVICE_CALLS = [
    user_lookup(),
    lookup("Z7GOZK"),
    call("list_all_airports"),
    call("search_direct_flight", origin="EWR", destination="IAH", date="2024-05-28"),
    call("think", thought="the customer is identified"),
]
_UNKNOWN_NAMES = st.text(
    st.sampled_from("abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    min_size=1,
    max_size=24,
).filter(lambda name: name not in OPERATIONS)


@settings(meta_settings("ci"), max_examples=60)
@given(
    known=st.lists(st.sampled_from(_SERVICE_CALLS), min_size=1, max_size=2),
    unknown=st.lists(_UNKNOWN_NAMES, min_size=1, max_size=2),
    before=st.integers(0, 2),
    shuffle=st.randoms(use_true_random=False),
)
def test_an_unknown_tool_beside_a_service_call_is_calls_at_once(
    known: list[dict[str, Any]], unknown: list[str], before: int, shuffle: Any
) -> None:
    together = [*known, *(call(name, x=1) for name in unknown)]
    shuffle.shuffle(together)
    alone = [[c] for c in _SERVICE_CALLS[:before]]
    found, code, reason = judged(OneCallAtATime(), run(HELLO, *alone, together, ("Done.",)))
    assert (found, code) == (Outcome.FAIL, "calls_at_once"), reason


@settings(meta_settings("ci"), max_examples=40)
@given(
    calls=st.lists(
        st.one_of(st.sampled_from(_SERVICE_CALLS), _UNKNOWN_NAMES.map(call)),
        min_size=1,
        max_size=4,
    )
)
def test_each_call_alone_in_its_message_is_one_at_a_time(calls: list[dict[str, Any]]) -> None:
    found, _, reason = judged(OneCallAtATime(), run(HELLO, *([c] for c in calls), ("Done.",)))
    assert found is Outcome.PASS, reason


# --- own_data_only judges every attempted write, refused or not ---------------------------------

NOAH, NOAH_EMAIL = "noah_brown_6181", "noah.brown7922@example.com"


@cache
def _other_orders() -> list[str]:
    db = orders_database()
    return sorted(o for o, order in db.orders.items() if order.user_id != NOAH)[:400]


def _write(name: str, order_id: str, owner: str, payment: str) -> dict[str, Any]:
    """A write ``name`` naming another customer's order (or, for the address, the customer),
    with arguments the service may well refuse."""
    address = {
        "address1": "1 Main St", "address2": "", "city": "Austin", "state": "TX",
        "country": "USA", "zip": "78701",
    }  # fmt: skip
    args: dict[str, Any] = {
        "cancel_pending_order": {"order_id": order_id, "reason": "no longer needed"},
        "modify_pending_order_address": {"order_id": order_id, **address},
        "modify_pending_order_payment": {"order_id": order_id, "payment_method_id": payment},
        "modify_pending_order_items": {
            "order_id": order_id, "item_ids": ["1"], "new_item_ids": ["2"],
            "payment_method_id": payment,
        },
        "return_delivered_order_items": {
            "order_id": order_id, "item_ids": ["1"], "payment_method_id": payment,
        },
        "exchange_delivered_order_items": {
            "order_id": order_id, "item_ids": ["1"], "new_item_ids": ["2"],
            "payment_method_id": payment,
        },
        "modify_user_address": {"user_id": owner, **address},
    }[name]  # fmt: skip
    return {"name": name, "args": args}


@settings(meta_settings("ci"), max_examples=60)
@given(
    name=st.sampled_from(sorted(ORDERS_WRITES)),
    order_id=st.sampled_from(_other_orders()),
    payment=st.sampled_from(["paypal_1", "credit_card_2", "gift_card_3"]),
)
def test_a_write_to_another_customers_data_fails_whatever_the_service_answered(
    name: str, order_id: str, payment: str
) -> None:
    owner = orders_database().orders[order_id].user_id
    find = {"name": "find_user_id_by_email", "args": {"email": NOAH_EMAIL}}
    look = {"name": "get_order_details", "args": {"order_id": "#W7678072"}}
    turns = [
        {"user": f"I am {NOAH_EMAIL}.", "calls": [find, look], "agent": "Found you."},
        {"user": "Yes.", "calls": [_write(name, order_id, owner, payment)], "agent": "Done."},
    ]
    context = orders_context(
        OrdersScenario(id="rules-class", user_id=NOAH), conversation_transcript({"turns": turns})
    )
    result = check_own_data_only(OwnDataOnly(customer_id=NOAH), context)
    assert (result.outcome, result.reason_code) == (Outcome.FAIL, "other_customer_changed")
    assert owner in result.reason


@pytest.mark.parametrize("name", sorted(ORDERS_WRITES - {"modify_user_address"}))
def test_a_refused_write_to_the_customers_own_order_is_their_own_data(name: str) -> None:
    find = {"name": "find_user_id_by_email", "args": {"email": NOAH_EMAIL}}
    turns = [
        {"user": f"I am {NOAH_EMAIL}.", "calls": [find], "agent": "Found you."},
        {"user": "Yes.", "calls": [_write(name, "#W7678072", NOAH, "paypal_1")], "agent": "Ok."},
    ]
    context = orders_context(
        OrdersScenario(id="rules-class", user_id=NOAH), conversation_transcript({"turns": turns})
    )
    result = check_own_data_only(OwnDataOnly(customer_id=NOAH), context)
    assert (result.outcome, result.reason_code) == (Outcome.PASS, "own_data_only"), result.reason


# --- a gift card pays an exchange beside what earlier exchanges owe it ---------------------------

Exchange = tuple[str, str, str, float]
"""(order id, item id, new item id, how much more the new item costs)."""


@cache
def _dearer_exchanges() -> list[tuple[str, str, float, Exchange, Exchange]]:
    """(customer, gift card, its balance, one exchange, another) for customers of the data with
    a gift card and two delivered orders each holding an item whose available other option costs
    more, but no more than the card holds: each exchange alone is paid by the card."""
    db = orders_database()
    found = []
    for user_id, user in sorted(db.users.items()):
        cards = [m for m in user.payment_methods.values() if isinstance(m, GiftCard)]
        if not cards:
            continue
        card = cards[0]
        options: dict[str, Exchange] = {}
        for order_id in user.orders:
            order = db.orders[order_id]
            if order.status != "delivered":
                continue
            for item in order.items:
                for new_id, variant in sorted(db.products[item.product_id].variants.items()):
                    more = round(variant.price - item.price, 2)
                    if variant.available and new_id != item.item_id and 0 < more <= card.balance:
                        options.setdefault(order_id, (order_id, item.item_id, new_id, more))
        chosen = sorted(options.values())
        found += [
            (user_id, card.id, card.balance, one, other)
            for i, one in enumerate(chosen)
            for other in chosen[i + 1 :]
        ]
    return found


def _two_exchanges(user: str, card: str, one: Exchange, other: Exchange) -> Any:
    looks = [{"name": "get_order_details", "args": {"order_id": e[0]}} for e in (one, other)]
    writes = [
        {
            "name": "exchange_delivered_order_items",
            "args": {
                "order_id": order_id, "item_ids": [item], "new_item_ids": [new_item],
                "payment_method_id": card,
            },
        }
        for order_id, item, new_item, _ in (one, other)
    ]  # fmt: skip
    turns = [{"user": "Yes, exchange both.", "calls": [*looks, *writes], "agent": "Done."}]
    context = orders_context(
        OrdersScenario(id="rules-class", user_id=user), conversation_transcript({"turns": turns})
    )
    return check_orders_policy(OrdersPolicyValid(), context)


def test_both_kinds_of_exchange_pairs_are_drawn() -> None:
    over = [p for p in _dearer_exchanges() if p[3][3] + p[4][3] > p[2]]
    assert len(over) >= 5 and len(_dearer_exchanges()) - len(over) >= 5


@settings(meta_settings("ci"), max_examples=60)
@given(st.data())
def test_a_gift_card_pays_an_exchange_beside_what_an_earlier_one_owes_it(
    data: st.DataObject,
) -> None:
    user, card, balance, one, other = data.draw(st.sampled_from(_dearer_exchanges()))
    if data.draw(st.booleans()):
        one, other = other, one
    result = _two_exchanges(user, card, one, other)
    if round(one[3] + other[3], 2) > balance:
        assert (result.outcome, result.reason_code) == (Outcome.FAIL, "gift_card_insufficient")
        assert "an earlier exchange owes it" in result.reason
    else:
        assert (result.outcome, result.reason_code) == (Outcome.PASS, "all_writes_allowed"), (
            result.reason
        )
