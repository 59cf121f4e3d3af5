"""``identified_first`` without a scenario user: the customer is the first user id obtained, in
the order the conversation obtained them, whatever the ids spell.

A user lookup makes its id known from the call after it; a customer's message, from the call
after the message. When both fall at one position the lookup came first (the message was
written after the lookup it follows), and a message before a lookup came before it.

Where the record carries the customer's words, a lookup identifies only when a customer message
before it gave its id (``tests/test_airline_id_from_customer.py``): these conversations give it
spelt with spaces ("ivan johnson 5613"), which only the lookup reads as the id, so that the
lookup, not the message, is what makes it known.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domains.airline.data_files import bundled_database
from domains.airline.models import IdentifiedFirst
from tests.test_airline_policy import OLIVIA, call, convo, judged, lookup, outcome, run, user_lookup

pytestmark = pytest.mark.checkers_meta

IVAN = "ivan_johnson_5613"
"""Ivan's reservations are 6YDOA1 ..., Olivia's Z7GOZK ...; "ivan" sorts before "olivia", so
an order by spelling would name Ivan the customer whenever the two tie."""
OWN_RESERVATION = {OLIVIA: "Z7GOZK", IVAN: "6YDOA1"}
PUBLIC = call("list_all_airports")


def spaced(user: str) -> str:
    """A user id as a customer may type it, with spaces: a lookup of it is of an id they gave,
    but their message alone names no user id (``olivia gonzalez 2305``)."""
    return user.replace("_", " ")


def judged_first(turns: list[Any]) -> tuple[str, str]:
    found, code = outcome(IdentifiedFirst(user_id=None), convo(*turns), None)
    return found.value, code


@given(
    public_reads=st.integers(0, 3),
    looked_up=st.sampled_from([OLIVIA, IVAN]),
    message_first=st.booleans(),
)
def test_the_customer_is_the_first_user_id_obtained_in_time(
    public_reads: int, looked_up: str, message_first: bool
) -> None:
    said = IVAN if looked_up == OLIVIA else OLIVIA
    opening = ("Hello.", [PUBLIC] * public_reads, "We fly everywhere.")
    read = lookup(OWN_RESERVATION[looked_up])
    if message_first:
        # the message names `said` before the agent looks up another user: `said` is the
        # customer, and the lookup read another user's profile
        turns = [opening, (f"I am {said}.", [user_lookup(looked_up), read], "Here it is.")]
        expected = ("fail", "other_users_data")
    else:
        # the lookup (of the id the customer gave) came first: its user is the customer, whose
        # reservation is read next
        turns = [
            opening,
            (f"Find me: {spaced(looked_up)}.", [user_lookup(looked_up)], "Found you."),
            (f"My friend is {said}.", [read], "Here it is."),
        ]
        expected = ("pass", "identified_first")
    assert judged_first(turns) == expected


@pytest.mark.parametrize("public_reads", range(4))
def test_a_read_after_the_lookup_is_after_identification(public_reads: int) -> None:
    hello = f"Hello, I am {spaced(IVAN)}."
    turns = [(hello, [PUBLIC] * public_reads + [user_lookup(IVAN), lookup("6YDOA1")], "Ok.")]
    assert judged_first(turns) == ("pass", "identified_first")
    early = [(hello, [PUBLIC] * public_reads + [lookup("6YDOA1"), user_lookup(IVAN)], "Ok.")]
    assert judged_first(early) == ("fail", "read_before_identification")


def test_a_misspelled_call_recorded_as_done_leaves_identity_unscored_naming_the_first() -> None:
    misspelled = [call("Get_User_Details", user_id=OLIVIA), call("GET_RESERVATION_DETAILS")]
    recorded = run(f"I am {OLIVIA}.", [misspelled[0]], [misspelled[1]], ("Here.",))
    found, code, reason = judged(IdentifiedFirst(user_id=OLIVIA), recorded)
    assert (found.value, code) == ("unscored", "call_misspelled")
    assert reason.startswith('call #1 Get_User_Details(user_id="olivia_gonzalez_2305") is recorded')
    spelled = run(f"I am {OLIVIA}.", [user_lookup()], [lookup("Z7GOZK")], ("Here.",))
    assert judged(IdentifiedFirst(user_id=OLIVIA), spelled)[1] == "identified_first"


OTHER_USERS = sorted(u for u in bundled_database().users if u != OLIVIA)


@given(other=st.sampled_from(OTHER_USERS))
def test_another_users_id_said_first_does_not_identify_the_customer(other: str) -> None:
    # whatever the other id spells (before or after hers), only Olivia's own id identifies her
    turns = [
        (f"My friend is {other}.", [lookup("Z7GOZK")], "Here it is."),
        (f"I am {OLIVIA}.", [lookup("Z7GOZK")], "Here it is again."),
    ]
    found, code = outcome(IdentifiedFirst(user_id=OLIVIA), convo(*turns))
    assert (found.value, code) == ("fail", "read_before_identification")


@pytest.mark.parametrize("friend", ["aarav_ahmed_6699", "olivia_ito_2789"])
def test_the_reason_names_how_the_customer_was_identified_not_a_friend_named_with_them(
    friend: str,
) -> None:
    turns = [(f"My friend {friend} and I, {OLIVIA}, fly soon.", [lookup("Z7GOZK")], "Here.")]
    _, code, reason = judged(IdentifiedFirst(user_id=OLIVIA), convo(*turns))
    assert code == "identified_first"
    assert reason.startswith(f"the customer said {OLIVIA} before any private read or write")


def test_the_reason_says_whether_the_customer_was_identified_late_or_never() -> None:
    late = [
        ("Z7GOZK and K67C4W?", [lookup("Z7GOZK"), lookup("K67C4W")], "Here."),
        (f"I am {OLIVIA}.", [lookup("THY2DG")], "Here."),
    ]
    _, code, reason = judged(IdentifiedFirst(user_id=OLIVIA), convo(*late))
    assert code == "read_before_identification"
    assert reason == (
        f"2 calls touched private data before the user id {OLIVIA} was obtained; first: "
        'call #1 get_reservation_details(reservation_id="Z7GOZK")'
    )
    last = [late[0], (f"I am {OLIVIA}.", [], "Found you.")]
    _, _, reason = judged(IdentifiedFirst(user_id=OLIVIA), convo(*last))
    assert reason.startswith(f"2 calls touched private data before the user id {OLIVIA} was")
    never = [late[0]]
    _, _, reason = judged(IdentifiedFirst(user_id=OLIVIA), convo(*never))
    assert "and the customer's user id was never obtained" in reason
