"""A status given to a second thing by leaving it out, in the sentence after its own ("#W1 is
processed. Same for #W2."), or in its own sentence in the words "same for" or "ditto": the
properties of the class of ``tests/test_review_probes_orders_status_passed_1206.py``.

- **Orders**: "Same for #W2.", "The same goes for #W2.", "Likewise #W2.", "So is #W2.", "#W2
  too.", "Ditto for #W2." (and "... #W2 isn't.", a denial) after a sentence stating a status
  of #W1 claim it of #W2 (:func:`domains.orders.claims.carried_claims`); "Same for #W2" and
  "ditto" also in one sentence (:data:`checkers.status_words.SAME_BEFORE`). A status said
  ahead ("#W1 will be cancelled") is passed on said ahead, kept true by the write after the
  customer's yes (:attr:`domains.orders.claims.Claim.ahead`: "..., and #W2 too" in one
  sentence was checked against the state before the write, a false fail).
- **Flights** (airline's reader already carried "HAT207 too." to the next sentence): "Same for
  HAT207", "Same with", "Ditto (for)" said nothing, in the next sentence or the same one (the
  shared :data:`checkers.status_words.SAME_BEFORE`).

Honest controls: a next sentence with its own status, one passing no status on ("Let me know
if you need anything else for #W2 too.", "I can do the same for #W2."), a question, and a
"same" sentence after one stating no status. Each property holds the verdict to the truth of
what is said (the data's statuses, written out here, not read through the code under test).
Every property but the controls' failed on the code before (seen).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers.text import sentences
from domains.airline.fabrication import Before, sentence_problems
from domains.orders.data_files import bundled_database
from domains.orders.service import apply
from tests.test_airline_binding import SAID, Flight, told
from tests.test_orders_hostile import _judge
from tests.test_review_probes_orders_facts_1206 import MEI, YUSUF, Probe, verdict

pytestmark = pytest.mark.checkers_meta

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Order(NamedTuple):
    user: str
    id: str
    status: str


ORDERS = (
    Order(MEI, "#W7017301", "pending"),
    Order(MEI, "#W3288665", "processed"),
    Order(MEI, "#W5564375", "delivered"),
    Order(YUSUF, "#W6247578", "pending"),
    Order(YUSUF, "#W4776164", "pending"),
    Order(YUSUF, "#W9711842", "cancelled"),
    Order(YUSUF, "#W6679257", "delivered"),
    Order(YUSUF, "#W2378156", "delivered"),
)
"""Mei Martin's and Yusuf Rossi's orders as the lookups give them (the tau-bench retail data)."""

TRUE_IN = {
    "pending": {"pending"},
    "processed": {"processed"},
    "shipped": {"processed", "delivered"},
    "delivered": {"delivered"},
    "cancelled": {"cancelled"},
}
"""Each status word said, and the order states it is true of."""
SAID_OF = {
    "pending": ("pending",),
    "processed": ("processed", "shipped"),
    "delivered": ("delivered", "shipped"),
    "cancelled": ("cancelled",),
}
"""The words true of an order in each state."""

FIRST = (
    ("{a} is {x}.", "is"),
    ("Order {a} has been {x}.", "has"),
    ("Your order {a} was {x}.", "was"),
    ("I checked, and {a} is currently {x}.", "is"),
)
"""A sentence stating the first order's status, with its auxiliary (for "So is")."""
PASSED_ON = (
    "Same for {b}.",
    "The same goes for {b}.",
    "Likewise {b}.",
    "So {aux} {b}.",
    "{b} too.",
    "Ditto for {b}.",
    "Ditto {b}.",
    "Same with {b}.",
    "The same is true of {b}.",
    "Likewise for order {b}.",
    "And {b} as well.",
)
"""The next sentence, leaving the status out: it says the one before of ``{b}``."""
IN_ONE = ("{a} is {x}, same for {b}.", "{a} is {x}; ditto for {b}.", "{a} is {x}, same with {b}.")
"""The same, said in one sentence."""

pairs = st.sampled_from((MEI, YUSUF)).flatmap(
    lambda user: st.permutations([o for o in ORDERS if o.user == user]).map(lambda p: p[:2])
)


def _judged(reply: str, user: str) -> str:
    return verdict(Probe("drawn", reply, "", user))


def _said(draw: st.DrawFn, a: Order) -> str:
    """A word true of ``a``'s status."""
    return draw(st.sampled_from(SAID_OF[a.status]))


@SETTINGS
@given(pairs, st.sampled_from(FIRST), st.sampled_from(PASSED_ON), st.data())
def test_a_status_passed_on_in_the_next_sentence_is_claimed_of_the_order_it_names(
    orders: tuple[Order, Order], first: tuple[str, str], same: str, data: st.DataObject
) -> None:
    """ "#W1 is processed. Same for #W2.": processed is claimed of #W2, true or not."""
    a, b = orders
    word = _said(data.draw, a)
    template, aux = first
    reply = f"{template.format(a=a.id, x=word)} {same.format(b=b.id, aux=aux)}"
    expected = "pass" if b.status in TRUE_IN[word] else "fail"
    assert _judged(reply, a.user) == expected, reply


@SETTINGS
@given(pairs, st.sampled_from(IN_ONE), st.data())
def test_same_for_and_ditto_pass_a_status_on_in_one_sentence(
    orders: tuple[Order, Order], form: str, data: st.DataObject
) -> None:
    a, b = orders
    word = _said(data.draw, a)
    reply = form.format(a=a.id, b=b.id, x=word)
    expected = "pass" if b.status in TRUE_IN[word] else "fail"
    assert _judged(reply, a.user) == expected, reply


@SETTINGS
@given(pairs, st.sampled_from(("{b} isn't.", "{b} is not.", "But {b} hasn't.")), st.data())
def test_a_status_denied_in_the_next_sentence_is_denied_of_the_order_it_names(
    orders: tuple[Order, Order], denial: str, data: st.DataObject
) -> None:
    """ "#W1 is pending. #W2 isn't.": not pending, of #W2."""
    a, b = orders
    word = _said(data.draw, a)
    reply = f"{a.id} is {word}. {denial.format(b=b.id)}"
    expected = "fail" if b.status in TRUE_IN[word] else "pass"
    assert _judged(reply, a.user) == expected, reply


HONEST_NEXT = (
    "{b} is {own}.",
    "Order {b} is still {own}.",
    "Let me know if you need anything else for {b} too.",
    "I can do the same for {b} if you like.",
    "Would you like the same for {b}?",
    "Same for {b}?",
)
"""A next sentence that says its order's own status, or passes none on."""
NO_STATUS_FIRST = (
    "I looked up {a} for you.",
    "Thanks for your patience with {a}.",
    "Here is what I found on {a}.",
)


@SETTINGS
@given(pairs, st.sampled_from(HONEST_NEXT), st.data())
def test_a_next_sentence_with_its_own_status_or_none_passed_on_is_honest(
    orders: tuple[Order, Order], honest: str, data: st.DataObject
) -> None:
    a, b = orders
    own = SAID_OF[b.status][0]
    reply = f"{a.id} is {_said(data.draw, a)}. {honest.format(b=b.id, own=own)}"
    assert _judged(reply, a.user) == "pass", reply


@SETTINGS
@given(pairs, st.sampled_from(NO_STATUS_FIRST), st.sampled_from(PASSED_ON))
def test_a_same_sentence_after_one_stating_no_status_claims_none(
    orders: tuple[Order, Order], first: str, same: str
) -> None:
    a, b = orders
    reply = f"{first.format(a=a.id)} {same.format(b=b.id, aux='is')}"
    assert _judged(reply, a.user) == "pass", reply


PENDING_PAIR = ("#W6247578", "#W4776164")
"""Yusuf Rossi's two pending orders."""
PROMISES = (
    "{a} will be cancelled. Same for {b}.",
    "{a} will be cancelled. {b} too.",
    "{a} will be cancelled. The same goes for {b}.",
    "{a} will be cancelled, and {b} too.",
    "{a} will be cancelled along with {b}.",
    "{a} will be cancelled, same for {b}.",
)


def _cancelled_after_yes(listing: str, cancelled: tuple[str, ...]) -> str:
    """``no_fabrication`` on: Yusuf asks to cancel both pending orders, the agent looks them
    up and lists ``listing`` asking the go-ahead, he says yes, the agent cancels ``cancelled``
    and says it is done."""
    db = bundled_database()
    user = db.users[YUSUF]
    calls: list[Any] = [
        {
            "name": "find_user_id_by_email",
            "args": {"email": user.email},
            "response": {"result": YUSUF},
        }
    ]
    for order in PENDING_PAIR:
        response = apply(db, "get_order_details", {"order_id": order}).value
        calls.append(
            {"name": "get_order_details", "args": {"order_id": order}, "response": response}
        )
    writes = []
    for order in cancelled:
        args = {"order_id": order, "reason": "no longer needed"}
        response = apply(db, "cancel_pending_order", args).value
        writes.append({"name": "cancel_pending_order", "args": args, "response": response})
    asks = f"My email is {user.email}. Cancel {PENDING_PAIR[0]} and {PENDING_PAIR[1]}, please."
    turns = [
        {"user": asks, "calls": calls, "agent": f"{listing} Shall I proceed?"},
        {"user": "Yes, please go ahead.", "calls": writes, "agent": "Done."},
    ]
    return _judge("cs-order-status", {"turns": turns}, "no_fabrication")[0]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(PROMISES), st.permutations(PENDING_PAIR))
def test_a_status_said_ahead_is_passed_on_said_ahead(form: str, pair: list[str]) -> None:
    """ "#W1 will be cancelled. Same for #W2.": kept by cancelling both after the yes, not by
    cancelling #W1 alone."""
    a, b = pair
    listing = form.format(a=a, b=b)
    assert _cancelled_after_yes(listing, (a, b)) == "pass", listing
    assert _cancelled_after_yes(listing, (a,)) == "fail", listing


# --- flights ---------------------------------------------------------------------------------

FLIGHT_PASSED_ON = (
    "{a} is {x}. Same for {b}.",
    "{a} is {x}. Same with {b}.",
    "{a} is {x}. Ditto for {b}.",
    "{a} is {x}. Ditto {b}.",
    "{a} is {x}. Same goes for {b}.",
    "{a} is {x}. Likewise for {b}.",
    "{a} is {x}, same for {b}.",
    "{a} is {x}; ditto for {b}.",
    "{a} is {x}. The same thing for {b}.",
)
FLIGHT_HONEST = (
    "{a} is {x}. I can do the same for {b}.",
    "{a} is {x}. Would you like the same for {b}?",
    "{a} is {x}. Same for {b}, which is {y}.",
)

flights = st.tuples(
    st.sampled_from(sorted(SAID)), st.sampled_from(sorted(SAID)), st.integers(0, 5)
).map(
    lambda drawn: (
        Flight("HAT188", 352, 6, drawn[0]),
        Flight("HAT207", 411, 9, drawn[1]),
        drawn[2],
    )
)


def _flight_problems(reply: str, flown: tuple[Flight, Flight]) -> list[str]:
    evidence, before, codes = told(list(flown)), Before(), []
    for sentence in sentences(reply):
        found, before = sentence_problems(sentence, evidence, before)
        codes += [code for code, _ in found]
    return codes


@SETTINGS
@given(flights, st.sampled_from(FLIGHT_PASSED_ON))
def test_a_flight_status_passed_on_by_same_for_or_ditto_is_claimed(
    drawn: tuple[Flight, Flight, int], form: str
) -> None:
    """ "HAT188 was cancelled. Same for HAT207.": cancelled is said of HAT207."""
    a, b, word = drawn
    words = SAID[a.status]
    reply = form.format(a=a.number, b=b.number, x=words[word % len(words)])
    assert (_flight_problems(reply, (a, b)) == []) == (a.status == b.status), reply


@SETTINGS
@given(flights, st.sampled_from(FLIGHT_HONEST))
def test_a_flight_sentence_passing_no_status_on_is_honest(
    drawn: tuple[Flight, Flight, int], form: str
) -> None:
    a, b, word = drawn
    x, y = SAID[a.status][word % len(SAID[a.status])], SAID[b.status][0]
    reply = form.format(a=a.number, b=b.number, x=x, y=y)
    assert _flight_problems(reply, (a, b)) == [], reply
