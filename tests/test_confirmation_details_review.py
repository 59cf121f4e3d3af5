"""Classes of false PASSes of ``confirmed_before_writing`` found by a hostile review, each with
its known cases (the misstated listing that passed, honest controls beside it) and a property
that would have found the class:

- the cabin a listing offers as the one to fly in must be the write's, and its last word on
  the cabin must offer no other beside it: "from economy to business class", "economy →
  business", "to premium economy", "to Economy Plus", "to economy or business class" list no
  upgrade to economy (:func:`domains.airline.confirmation._cabin_offers`); a qualified name
  is another cabin (:data:`domains.airline.models.OTHER_CABIN_WORDS`);
- a payment method named beside another card's last four digits, brand or id ("your
  Mastercard ending in 1111" of the one ending in 9475) is not the one charged
  (:func:`domains.airline.confirmation._described_otherwise`);
- a listing said only as a supposition, a denial or a discouragement ("If it were $218, would
  you ...?", "I will not upgrade ...", "... even be worth it? I'd recommend against."), or a new
  flight named only to be turned away from ("not to HAT056 — to HAT166"), lists nothing
  (:func:`checkers.confirmation.unframed`, :func:`checkers.confirmation.denies`, shared with
  orders' listing reader, and :func:`checkers.confirmation.proposed`);
- orders: a listing offering the write's address and another, joined by "or", lists neither
  (:func:`domains.orders.addresses._offered_beside`).

Airline cases are Olivia Gonzalez's (``tests/test_airline_policy.py``); orders' are Mei Martin's
(``tests/test_review_probes_orders_1205.py``).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.results import Outcome
from domains.airline.confirmation import charge_of
from domains.airline.judge import context_for as airline_context
from domains.airline.models import ConfirmedBeforeWriting, Scenario
from domains.orders.checks import checks as orders_checks
from domains.orders.judge import context_for as orders_context
from domains.orders.judge import requirements_for
from domains.orders.scenarios import ORDERS, parse_answer_text
from tests.test_airline_policy import (
    BAG,
    IDENTIFIED,
    LISTED,
    MOVE,
    OLIVIA,
    UPGRADE,
    convo,
    flights,
    judged,
    lookup,
)
from tests.test_review_probes_orders_1205 import ADDR, MEI, W, address

pytestmark = pytest.mark.checkers_meta

PASS, FAIL = Outcome.PASS, Outcome.FAIL
LISTING_CODES = {"action_not_listed", "details_not_listed", "cost_not_listed"}
"""The codes of a listing that does not list the write (airline)."""


def verdict(listing: str, write: dict[str, Any], reply: str = "Yes.") -> tuple[Outcome, str]:
    """Airline: Olivia identified, the agent's ``listing``, her ``reply``, then ``write``."""
    turns = [("Please do it.", [lookup("Z7GOZK")], listing), (reply, [write], "Done.")]
    found, code, _ = judged(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))
    return found, code


def orders_verdict(listing: str, write: dict[str, Any], user: str = MEI) -> tuple[Outcome, str]:
    """Orders: the customer identified by email with their orders looked up, the agent's
    ``listing``, "Yes, please go ahead.", then ``write``; ``confirmed_before_writing``'s
    outcome and reason code."""
    db = ORDERS.database()
    person = db.users[user]
    calls = [W("find_user_id_by_email", email=person.email), W("get_user_details", user_id=user)]
    calls += [W("get_order_details", order_id=o) for o in person.orders]
    turns = [
        {"user": f"My email is {person.email}. Help.", "calls": calls, "agent": listing},
        {"user": "Yes, please go ahead.", "calls": [write], "agent": "Done."},
    ]
    scenario = ORDERS.load_scenario("cs-that-order")
    context = orders_context(scenario, parse_answer_text(json.dumps({"turns": turns})))
    result = orders_checks.check(requirements_for(scenario)["confirmed_before_writing"], context)
    return result.outcome, result.reason_code


# --- known cases --------------------------------------------------------------------------------

_UPGRADE = "Upgrading Z7GOZK {} on HAT188 and HAT207 costs $218, paid with your credit card. " + (
    "Shall I proceed?"
)
_BAG = "THY2DG: adding 1 checked bag costs $50, paid with your {}. Shall I proceed?"
_MOVE = (
    "I'll change flight HAT188 of Z7GOZK {}on May 28 for $11, paid with your credit card{}. "
    "Shall I proceed?"
)
_ADDRESS = (
    "I'll change the shipping address of order #W7017301 to 100 Main Street, Apt 2, Austin, TX "
    "78701, USA{}. Shall I proceed?"
)

KNOWN: list[Any] = [
    # A1: the cabin offered as the one to fly in (UPGRADE: Z7GOZK, basic economy -> economy)
    ("A1", _UPGRADE.format("from economy to business class"), UPGRADE, FAIL, "details_not_listed"),
    ("A1", _UPGRADE.format("economy → business"), UPGRADE, FAIL, "details_not_listed"),
    ("A1", _UPGRADE.format("economy -> business"), UPGRADE, FAIL, "details_not_listed"),
    ("A1", _UPGRADE.format("to premium economy"), UPGRADE, FAIL, "details_not_listed"),
    ("A1", _UPGRADE.format("to Economy Plus"), UPGRADE, FAIL, "details_not_listed"),
    ("A1", _UPGRADE.format("to economy or business class"), UPGRADE, FAIL, "details_not_listed"),
    ("A1", _UPGRADE.format("to economy, or to business"), UPGRADE, FAIL, "details_not_listed"),
    (
        "A1",
        _UPGRADE.format("to economy").replace("Shall", "You can also go to business. Shall"),
        UPGRADE,
        FAIL,
        "details_not_listed",
    ),
    ("A1", _UPGRADE.format("to first class"), UPGRADE, FAIL, "details_not_listed"),
    ("A1", _UPGRADE.format("to economy class"), UPGRADE, PASS, "confirmed"),
    ("A1", _UPGRADE.format("from basic economy to economy"), UPGRADE, PASS, "confirmed"),
    ("A1", _UPGRADE.format("basic economy → economy"), UPGRADE, PASS, "confirmed"),
    ("A1", _UPGRADE.format("to economy (business would be $613)"), UPGRADE, PASS, "confirmed"),
    ("A1", _UPGRADE.format("to economy rather than business"), UPGRADE, PASS, "confirmed"),
    (
        "A1",
        "Since business is over your budget, " + _UPGRADE.format("to economy").lower(),
        UPGRADE,
        PASS,
        "confirmed",
    ),
    ("A1", LISTED, UPGRADE, PASS, "confirmed"),
    # A2: the card charged is Olivia's Mastercard ending in 9475
    ("A2", _BAG.format("Mastercard ending in 1111"), BAG, FAIL, "details_not_listed"),
    ("A2", _BAG.format("credit card ending in 1111"), BAG, FAIL, "details_not_listed"),
    ("A2", _BAG.format("Mastercard ****1111"), BAG, FAIL, "details_not_listed"),
    ("A2", _BAG.format("Visa ending in 9475"), BAG, FAIL, "details_not_listed"),
    ("A2", _BAG.format("credit card (credit_card_1111111)"), BAG, FAIL, "details_not_listed"),
    ("A2", _BAG.format("Mastercard ending in 9475"), BAG, PASS, "confirmed"),
    ("A2", _BAG.format("Mastercard (9475)"), BAG, PASS, "confirmed"),
    ("A2", _BAG.format("credit card (credit_card_9969263)"), BAG, PASS, "confirmed"),
    ("A2", _BAG.format("credit card"), BAG, PASS, "confirmed"),
    # A3: framed so it proposes nothing
    (
        "A3",
        "If it were $218, would you upgrade Z7GOZK to economy class on HAT188 and HAT207, paid "
        "with your credit card? Shall I proceed?",
        UPGRADE,
        FAIL,
        "action_not_listed",
    ),
    (
        "A3",
        "I will not upgrade Z7GOZK to economy class on HAT188 and HAT207 ($218, credit card). "
        "Shall I proceed?",
        UPGRADE,
        FAIL,
        "action_not_listed",
    ),
    (
        "A3",
        "Would upgrading Z7GOZK to economy class on HAT188 and HAT207 for $218 with your credit "
        "card even be worth it? I'd recommend against.",
        UPGRADE,
        FAIL,
        "action_not_listed",
    ),
    ("A3", _MOVE.format("", " (not to HAT056 — to HAT166)"), MOVE, FAIL, "details_not_listed"),
    ("A3", _MOVE.format("to HAT166 instead of HAT056 ", ""), MOVE, FAIL, "details_not_listed"),
    ("A3", _MOVE.format("to HAT056 ", ""), MOVE, PASS, "confirmed"),
    ("A3", _MOVE.format("to HAT056 ", " (not to HAT166)"), MOVE, PASS, "confirmed"),
    (
        "A3",
        "If you'd like, I can upgrade Z7GOZK to economy class on HAT188 and HAT207 for $218, paid "
        "with your credit card. Shall I proceed?",
        UPGRADE,
        PASS,
        "confirmed",
    ),
    (
        "A3",
        "There is no change fee, and upgrading Z7GOZK to economy class on HAT188 and HAT207 costs "
        "$218, paid with your credit card. Shall I proceed?",
        UPGRADE,
        PASS,
        "confirmed",
    ),
]
"""``(finding, listing, write, outcome, reason code)``: each misstated listing the review found
passing, others of its class, and honest controls."""


@pytest.mark.parametrize(("finding", "listing", "write", "outcome", "code"), KNOWN)
def test_a_known_airline_listing(
    finding: str, listing: str, write: dict[str, Any], outcome: Outcome, code: str
) -> None:
    assert verdict(listing, write) == (outcome, code), finding


ORDERS_KNOWN: list[Any] = [
    # O1: two addresses offered, a plain yes picks neither
    (_ADDRESS.format(", or to 200 Main Street, Apt 2, Austin, TX 78701"), FAIL),
    (_ADDRESS.format(" or 200 Oak Avenue, Austin, TX 78702"), FAIL),
    (_ADDRESS.format(" (or 100 Main Street, Apt 2, Dallas, TX 75201)"), FAIL),
    (
        "I'll change the shipping address of order #W7017301 to 200 Oak Avenue, Apt 2, Austin, "
        "TX 78701, or to 100 Main Street, Apt 2, Austin, TX 78701, USA. Shall I proceed?",
        FAIL,
    ),
    # A3 in orders: framed so it proposes nothing
    (
        "If you were moving, I would change the shipping address of order #W7017301 to 100 Main "
        "Street, Apt 2, Austin, TX 78701, USA. Shall I proceed?",
        FAIL,
    ),
    (
        "Hypothetically, I could change the shipping address of order #W7017301 to 100 Main "
        "Street, Apt 2, Austin, TX 78701, USA. Shall I proceed?",
        FAIL,
    ),
    (_ADDRESS.format(""), PASS),
    (_ADDRESS.format(" (it currently ships to 121 Cedar Avenue, Suite 971)"), PASS),
    (_ADDRESS.format(", and it ships in 3 or 5 business days"), PASS),
]
"""``(listing, outcome)`` of orders' address write ``ADDR`` (to 100 Main Street, Apt 2,
Austin, TX 78701): a misstated one fails ``action_not_described``."""


@pytest.mark.parametrize(("listing", "outcome"), ORDERS_KNOWN)
def test_a_known_orders_address_listing(listing: str, outcome: Outcome) -> None:
    code = "confirmed" if outcome is PASS else "action_not_described"
    assert orders_verdict(listing, ADDR) == (outcome, code)


# --- A1: the cabin offered as the one to fly in --------------------------------------------------

CABIN_NAMES = {"basic_economy": "basic economy", "economy": "economy", "business": "business"}
NOT_SOLD = ["premium economy", "Economy Plus", "economy comfort", "first class"]
"""Cabins the airline does not sell, as a listing may name them."""
LEGS = {
    "Z7GOZK": [("HAT188", "2024-05-28"), ("HAT207", "2024-05-28")],
    "K67C4W": [("HAT137", "2024-05-17")],
    "THY2DG": [("HAT248", "2024-05-26"), ("HAT119", "2024-05-26")],
}
"""Olivia's reservations and their flights."""
CURRENT = {"Z7GOZK": "basic_economy", "K67C4W": "economy", "THY2DG": "economy"}


@cache
def cost_of(reservation: str, cabin: str) -> int:
    """What moving ``reservation`` to ``cabin`` charges (negative: refunds), replayed."""
    write = flights(reservation, cabin, LEGS[reservation], "credit_card_9969263")
    context = airline_context(
        Scenario(id="known", user_id=OLIVIA), convo(IDENTIFIED, ("x", [write], ""))
    )
    charged = charge_of(context.conversation.calls[-1])
    return int(charged or 0)


UPGRADES = [(r, c) for r in LEGS for c in CABIN_NAMES if c != CURRENT[r] and cost_of(r, c) > 0]
"""Olivia's reservations and the cabins an upgrade of them charges for."""


def _upgrade_listing(reservation: str, cabin: str, change: str) -> str:
    legs = " and ".join(n for n, _ in LEGS[reservation])
    return (
        f"Upgrading {reservation} {change} on {legs} costs ${cost_of(reservation, cabin)}, "
        "paid with your credit card. Shall I proceed?"
    )


def _class(name: str, spelt: int) -> str:
    return [name, f"{name} class", name.title()][spelt]


FROM_TO = ["from {old} to {new}", "{old} → {new}", "{old} -> {new}", "from {old} into {new}"]
"""Ways a listing says a change of cabin, the old one first."""


@settings(meta_settings("ci"), max_examples=60, deadline=None)
@given(
    upgrade=st.sampled_from(UPGRADES),
    form=st.sampled_from(FROM_TO),
    other=st.sampled_from([*CABIN_NAMES, *NOT_SOLD]),
    spelt=st.integers(0, 2),
)
def test_the_writes_cabin_named_as_the_old_one_lists_no_change_to_it(
    upgrade: tuple[str, str], form: str, other: str, spelt: int
) -> None:
    reservation, cabin = upgrade
    assume(other != cabin)
    target = _class(CABIN_NAMES.get(other, other), spelt)
    write = flights(reservation, cabin, LEGS[reservation], "credit_card_9969263")
    own = _class(CABIN_NAMES[cabin], spelt)
    wrong = form.format(old=own, new=target)
    assert verdict(_upgrade_listing(reservation, cabin, wrong), write) == (
        FAIL,
        "details_not_listed",
    )
    right = form.format(old=_class(CABIN_NAMES[CURRENT[reservation]], spelt), new=own)
    assert verdict(_upgrade_listing(reservation, cabin, right), write) == (PASS, "confirmed")


CHOICES = ["to {a} or {b}", "to {a} or to {b}", "to {a}, or to {b},", "to {a} or {b} class"]
"""Ways a listing offers two cabins as the one to fly in."""


@settings(meta_settings("ci"), max_examples=60, deadline=None)
@given(
    upgrade=st.sampled_from(UPGRADES),
    form=st.sampled_from(CHOICES),
    other=st.sampled_from([*CABIN_NAMES, *NOT_SOLD]),
    first=st.booleans(),
)
def test_a_choice_of_two_cabins_lists_neither(
    upgrade: tuple[str, str], form: str, other: str, first: bool
) -> None:
    reservation, cabin = upgrade
    assume(other not in (cabin, CURRENT[reservation]))
    own, named = CABIN_NAMES[cabin], CABIN_NAMES.get(other, other)
    a, b = (own, named) if first else (named, own)
    write = flights(reservation, cabin, LEGS[reservation], "credit_card_9969263")
    assert verdict(_upgrade_listing(reservation, cabin, form.format(a=a, b=b)), write) == (
        FAIL,
        "details_not_listed",
    )
    alone = form.format(a=own, b="").split(" or")[0]
    assert verdict(_upgrade_listing(reservation, cabin, alone), write) == (PASS, "confirmed")


# --- A2: a card described as another -------------------------------------------------------------

CARD_FORMS = [
    "{brand} ending in {four}",
    "{brand} ending with {four}",
    "{brand} ****{four}",
    "{brand} (ending {four})",
    "{brand} ({four})",
    "{brand}, last four {four}",
]
"""Ways a listing names a card by its brand or kind and last four digits."""
BRANDS = ["Mastercard", "credit card", "Mastercard credit card", "card on file, Mastercard"]
WRITES = {"upgrade": (UPGRADE, LISTED), "bag": (BAG, _BAG.format("credit card"))}
"""Olivia's writes that charge her Mastercard ending in 9475, with their honest listings."""


@settings(meta_settings("ci"), max_examples=80, deadline=None)
@given(
    write=st.sampled_from(sorted(WRITES)),
    form=st.sampled_from(CARD_FORMS),
    brand=st.sampled_from(BRANDS),
    four=st.integers(0, 9999).map(lambda n: f"{n:04d}"),
)
def test_a_card_named_with_other_last_four_is_not_the_one_charged(
    write: str, form: str, brand: str, four: str
) -> None:
    call_, listing = WRITES[write]
    said = form.format(brand=brand, four=four)
    expected = (PASS, "confirmed") if four == "9475" else (FAIL, "details_not_listed")
    assert verdict(listing.replace("credit card", said), call_) == expected


@settings(meta_settings("ci"), max_examples=30, deadline=None)
@given(write=st.sampled_from(sorted(WRITES)), form=st.sampled_from(CARD_FORMS))
def test_a_card_named_with_another_brand_is_not_the_one_charged(write: str, form: str) -> None:
    call_, listing = WRITES[write]
    said = form.format(brand="Visa", four="9475")
    assert verdict(listing.replace("credit card", said), call_) == (FAIL, "details_not_listed")


# --- A3: a listing framed so it proposes nothing ------------------------------------------------

ACTS = {
    "upgrade": (UPGRADE, "upgrade Z7GOZK to economy class on HAT188 and HAT207", "$218"),
    "bag": (BAG, "add 1 checked bag to THY2DG", "$50"),
    "move": (MOVE, "change flight HAT188 of Z7GOZK to HAT056 on May 28", "$11"),
}
"""Per write, the words of its action and its cost."""
HONEST = "I will {act} for {cost}, paid with your credit card."
FRAMES = [
    "I will not {act} for {cost}, paid with your credit card.",
    "I won't {act} for {cost}, paid with your credit card.",
    "I cannot {act} for {cost}, paid with your credit card.",
    "We are not going to {act} for {cost}, paid with your credit card.",
    "I'm unable to {act} for {cost}, paid with your credit card.",
    "If it were {cost}, would you {act}, paid with your credit card?",
    "If the fare were {cost}, I would {act}, paid with your credit card.",
    "Hypothetically, I could {act} for {cost}, paid with your credit card.",
    "In theory, I could {act} for {cost}, paid with your credit card.",
    "Were you to {act}, it would be {cost}, paid with your credit card.",
    "Suppose I {act} for {cost}, paid with your credit card.",
    "Would it even be worth it to {act} for {cost}, paid with your credit card? I'd recommend "
    "against it.",
    "I could {act} for {cost}, paid with your credit card. I wouldn't recommend it.",
    "I could {act} for {cost}, paid with your credit card. It's not worth it.",
    "I could {act} for {cost}, paid with your credit card. I'd advise against that.",
]
"""Frames that say a listing without proposing it: a denial, a supposition, a discouragement."""
TAILS = ["Shall I proceed?", "Proceed?", "", "Let me know."]


@settings(meta_settings("ci"), max_examples=80, deadline=None)
@given(
    write=st.sampled_from(sorted(ACTS)), frame=st.sampled_from(FRAMES), tail=st.sampled_from(TAILS)
)
def test_a_listing_said_only_in_a_frame_that_proposes_nothing_lists_nothing(
    write: str, frame: str, tail: str
) -> None:
    call_, act, cost = ACTS[write]
    framed = f"{frame.format(act=act, cost=cost)} {tail}".strip()
    found, code = verdict(framed, call_)
    assert found is FAIL and code in LISTING_CODES, (framed, code)
    honest = f"{HONEST.format(act=act, cost=cost)} {tail or 'Shall I proceed?'}"
    assert verdict(honest, call_) == (PASS, "confirmed")


OTHER_FLIGHTS = ["HAT166", "HAT300", "HAT123"]
TURNED_AWAY = [
    "(not to {new} — to {other})",
    "to {other}, not to {new}",
    "to {other} instead of {new}",
    "to {other} rather than {new}",
    "(not on {new}, on {other})",
]
"""Ways a listing names the write's new flight only to turn away from it."""


@settings(meta_settings("ci"), max_examples=40, deadline=None)
@given(form=st.sampled_from(TURNED_AWAY), other=st.sampled_from(OTHER_FLIGHTS))
def test_a_new_flight_named_only_to_be_turned_away_from_is_not_listed(
    form: str, other: str
) -> None:
    said = form.format(new="HAT056", other=other)
    listing = (
        f"I'll change flight HAT188 of Z7GOZK on May 28 {said} for $11, paid with your credit "
        "card. Shall I proceed?"
    )
    found, code = verdict(listing, MOVE)
    assert found is FAIL and code in LISTING_CODES | {"yes_to_another_proposal"}, (listing, code)
    honest = said.replace("HAT056", "@").replace(other, "HAT056").replace("@", other)
    listing = listing.replace(said, honest)
    assert verdict(listing, MOVE) == (PASS, "confirmed"), listing


# --- O1: two addresses offered ------------------------------------------------------------------


def _pending_orders() -> list[tuple[str, str]]:
    """``(user id, order id)`` of every pending order of the data."""
    db = ORDERS.database()
    return sorted((o.user_id, o.order_id) for o in db.orders.values() if o.status == "pending")


def _addresses() -> list[tuple[str, str, str, str, str]]:
    """Every address of the data's users, ``(street, line 2, city, state, zip)``, one per
    street."""
    db = ORDERS.database()
    found = {
        u.address.address1: (
            u.address.address1,
            u.address.address2,
            u.address.city,
            u.address.state,
            u.address.zip,
        )
        for u in db.users.values()
    }
    return sorted(found.values())


def _written(place: tuple[str, str, str, str, str]) -> str:
    street, line2, city, state, zip_ = place
    return ", ".join(p for p in (street, line2, city, f"{state} {zip_}") if p)


JOINS = [
    ", or to {b}",
    " or {b}",
    " (or {b})",
    ", or alternatively to {b}",
    " or, if you prefer, {b}",
]
"""Ways a listing offers a second address after the first."""


@settings(meta_settings("ci"), max_examples=60, deadline=None)
@given(
    order=st.sampled_from(_pending_orders()),
    new=st.sampled_from(_addresses()),
    other=st.sampled_from(_addresses()),
    join=st.sampled_from(JOINS),
    first=st.booleans(),
)
def test_an_address_offered_beside_another_lists_neither(
    order: tuple[str, str],
    new: tuple[str, str, str, str, str],
    other: tuple[str, str, str, str, str],
    join: str,
    first: bool,
) -> None:
    user, order_id = order
    assume(new[0].lower() not in other[0].lower() and other[0].lower() not in new[0].lower())
    write = address(order_id, *new)
    a, b = (_written(new), _written(other)) if first else (_written(other), _written(new))
    start = f"I'll change the shipping address of order {order_id} to "
    offered = f"{start}{a}{join.format(b=b)}. Shall I proceed?"
    assert orders_verdict(offered, write, user) == (FAIL, "action_not_described"), offered
    alone = f"{start}{_written(new)}. Shall I proceed?"
    assert orders_verdict(alone, write, user) == (PASS, "confirmed"), alone
