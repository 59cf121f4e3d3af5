"""Listings of a flight change that the mutants of :mod:`domains.airline.flights_said` left
standing (mutation run of 2026-12-05), each a verdict on a realistic listing beside its honest
twin:

- a flight the change keeps, said cancelled at the end of a list of flights with their words
  ("I'll cancel your outbound flight HAT188, your return flight HAT207"), however long the list,
  an aside in brackets after a flight included ("HAT188 (May 28) and the return flight
  HAT207"), or with the cancelling word opening the listing ("Cancelling HAT207 and ...").
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.results import Outcome
from domains.airline.models import ConfirmedBeforeWriting
from tests.test_airline_listing_gaps_classes import _MOVED, _UPGRADED, IDENTIFIED, _passes
from tests.test_airline_policy import (
    HELLO,
    MOVE,
    UPGRADE,
    Z7GOZK_LEGS,
    convo,
    flights,
    judged,
    user_lookup,
)

pytestmark = pytest.mark.checkers_meta

CANCEL_WORDS = ["I'll cancel", "Cancelling", "We'll remove", "I'm dropping"]
FLIGHT_WORDS = ["", "the ", "your ", "the flight ", "your connecting flight ", "the return flight "]
ASIDES = ["", " (May 28)", " (EWR → IAH)"]
JOINS = [" and ", ", ", " & "]


def _cancelled_list(cancel: str, first: str, aside: str, join: str, second: str) -> str:
    """A sentence cancelling HAT188 (which the change replaces) and HAT207 (which it keeps)."""
    return f" {cancel} {first}HAT188{aside}{join}{second}HAT207."


@pytest.mark.parametrize(
    "said",
    [
        " I'll cancel your outbound flight HAT188, your return flight HAT207.",
        " I'll cancel the connecting flight HAT188 and the connecting flight HAT207.",
        " Cancelling the outbound flight HAT188 (May 28) and the return flight HAT207.",
    ],
)
def test_a_kept_flight_said_cancelled_at_the_end_of_a_long_list(said: str) -> None:
    assert not _passes(MOVE, _MOVED.format(said=said))


@pytest.mark.parametrize(
    "said",
    [
        " I'll cancel your outbound flight HAT188 (May 28) and keep your return flight HAT207.",
        " Your outbound flight HAT188 will be cancelled, and your return flight HAT207 is "
        "unchanged.",
    ],
)
def test_a_kept_flight_named_after_a_long_cancellation_of_another_is_not_said_cancelled(
    said: str,
) -> None:
    assert _passes(MOVE, _MOVED.format(said=said))


def test_a_kept_flight_cancelled_by_the_listings_first_word_is_said_cancelled() -> None:
    """The listing opens the conversation's first reply (the customer identified themselves and
    asked for the change in one message), its first word cancelling the flight kept."""

    def verdict(listing: str) -> bool:
        asked = HELLO + " Please move my HAT188 flight on Z7GOZK to HAT056."
        transcript = convo((asked, [user_lookup()], listing), ("Yes.", [MOVE], "Done."))
        return judged(ConfirmedBeforeWriting(), transcript)[0] is Outcome.PASS

    rest = (
        " HAT207 and changing HAT188 on Z7GOZK to HAT056 on May 28, keeping basic economy. The "
        "fare difference is $11 on your credit card. Shall I proceed?"
    )
    assert not verdict("Cancelling" + rest)
    assert verdict("Keeping" + rest)  # the honest twin


@settings(meta_settings("ci"), max_examples=80)
@given(
    st.sampled_from(CANCEL_WORDS),
    st.sampled_from(FLIGHT_WORDS),
    st.sampled_from(ASIDES),
    st.sampled_from(JOINS),
    st.sampled_from(FLIGHT_WORDS),
)
def test_a_kept_flight_ending_any_list_of_cancelled_flights_is_said_cancelled(
    cancel: str, first: str, aside: str, join: str, second: str
) -> None:
    """Whichever cancelling words, flight words, aside and separator: a list of flights
    cancelled that ends with one the change keeps misstates the change."""
    said = _cancelled_list(cancel, first, aside, join, second)
    assert not _passes(MOVE, _MOVED.format(said=said)), said


# --- every mention of a flight is read, and a denial reaches the whole list ----------------------


def test_a_kept_flight_said_cancelled_after_a_plain_mention_of_it() -> None:
    said = " Your reservation holds HAT207 too, and I'll {verb} HAT207."
    assert not _passes(MOVE, _MOVED.format(said=said.format(verb="cancel")))
    assert _passes(MOVE, _MOVED.format(said=said.format(verb="keep")))  # the honest twin


@pytest.mark.parametrize("denial", ["won't", "will not be"])
def test_a_denial_before_a_long_list_of_flights_cancels_none_of_them(denial: str) -> None:
    """ "I won't cancel your outbound flight HAT188 and your return flight HAT207" of an
    upgrade keeping both: the denial stands before the cancelling word, more than a clause's
    reach before the list's last flight."""
    cancel = "cancel" if denial == "won't" else "cancelling"
    after = (
        f" I {denial} {cancel} your outbound flight HAT188 and your return flight HAT207; both "
        "just move to economy."
    )
    assert _passes(UPGRADE, _UPGRADED.format(on="HAT188 and HAT207", after=after))


def test_a_flight_said_kept_in_its_cabin_after_a_denied_mention_of_it() -> None:
    """A first mention under a denial ("no change to the dates of HAT207") does not hide a
    later one keeping the flight in basic economy, which an upgrade of both flights
    misstates."""
    after = " There's no change to the dates of HAT207.{more}"
    upgraded = _UPGRADED.format(on="HAT188 and HAT207", after=after)
    assert not _passes(UPGRADE, upgraded.format(more=" HAT207 stays in basic economy."))
    assert _passes(UPGRADE, upgraded.format(more=""))  # the honest twin


@pytest.mark.parametrize(
    "after",
    [
        " Both flights move to economy, not just HAT188.",
        " That's both flights, not only HAT207.",
        " Both flights move to economy, not just HAT188; your other booking's HAT137 stays as "
        "it is.",
    ],
)
def test_an_upgrade_naming_every_flight_is_not_narrowed_by_not_just(after: str) -> None:
    """An upgrade of both flights that names both (and perhaps a flight of another booking)
    narrows nothing, "not just HAT188" included."""
    assert _passes(UPGRADE, _UPGRADED.format(on="HAT188 and HAT207", after=after))


# --- an upgrade of four flights narrowed to some -------------------------------------------------

SOFIA = "sofia_anderson_8718"
ROUND_TRIP = [("HAT006", "2024-05-28"), ("HAT055", "2024-05-28")]
ROUND_TRIP += [("HAT038", "2024-05-30"), ("HAT194", "2024-05-30")]
"""The flights of 1OWO6T (basic economy, a round trip of two legs each way)."""
UPGRADE_4 = flights("1OWO6T", "economy", ROUND_TRIP, "credit_card_7385026")
"""1OWO6T upgraded to economy: $1014, paid with Sofia's Mastercard ending 4760."""


@pytest.mark.parametrize(
    ("on", "narrowed"),
    [
        ("HAT006, HAT055, HAT038 and HAT194", False),
        ("all four flights", False),
        ("HAT006 only", True),
        ("just HAT006 and HAT055", True),
    ],
)
def test_an_upgrade_of_four_flights_narrowed_to_some(on: str, narrowed: bool) -> None:
    listing = (
        f"Upgrading 1OWO6T to economy on {on} costs $1014, paid with your Mastercard ending "
        "4760. Shall I proceed?"
    )
    turns = (f"Hi, I am {SOFIA}.", [user_lookup(SOFIA)], "Found you.")
    transcript = convo(turns, ("Upgrade 1OWO6T.", [], listing), ("Yes.", [UPGRADE_4], "Done."))
    found = judged(ConfirmedBeforeWriting(), transcript, SOFIA)[0]
    assert (found is Outcome.PASS) is not narrowed, listing


# --- a reversed change after a flight kept in the same clause ------------------------------------


@pytest.mark.parametrize(
    ("said_old", "said_new", "honest"), [("HAT056", "HAT188", False), ("HAT188", "HAT056", True)]
)
def test_a_change_said_the_other_way_round_after_a_kept_flight(
    said_old: str, said_new: str, honest: bool
) -> None:
    """ "I'll keep HAT207 and change HAT056 to HAT188" of a change from HAT188 to HAT056: the
    kept flight named first in the clause does not hide the reversed pair after it."""
    listing = (
        f"On Z7GOZK I'll keep HAT207 and change {said_old} to {said_new} on May 28, keeping basic "
        "economy. The fare difference is $11 on your credit card. Shall I proceed?"
    )
    assert _passes(MOVE, listing) is honest


# --- a change of the second leg, the trip before and after written as legs -----------------------

MOVE_RETURN = flights(
    "Z7GOZK", "basic_economy", [Z7GOZK_LEGS[0], ("HAT195", "2024-05-28")], "credit_card_9969263"
)
"""Z7GOZK's second leg HAT207 (IAH-EWR, $87 paid) changed to HAT195 ($92): $5 more."""


@pytest.mark.parametrize(
    ("trip", "honest"),
    [
        (" Your trip is HAT188 → HAT207 now and will be HAT188 → HAT195.", True),
        (" Your trip is HAT188 → HAT195 now; your new trip will be HAT188 → HAT207.", False),
    ],
)
def test_legs_written_in_order_before_a_change_of_the_second_leg(trip: str, honest: bool) -> None:
    """A kept first leg written before the removed second one ("HAT188 → HAT207") is the trip
    as it is, legs in order, not HAT207 put in HAT188's place; the trips swapped say the new
    flight is the one removed."""
    listing = (
        "On Z7GOZK I'll keep HAT188 and change HAT207 to HAT195 on May 28, keeping basic "
        f"economy.{trip} The fare difference is $5 on your credit card. Shall I proceed?"
    )
    assert _passes(MOVE_RETURN, listing) is honest, listing


# --- what a reversed or relabelled change is said to be, named in the reason ---------------------

MOVED_RETURN = (
    "On Z7GOZK I'll keep HAT188 and change HAT207 to HAT195 on May 28, keeping basic "
    "economy.{said} The fare difference is $5 on your credit card. Shall I proceed?"
)


@pytest.mark.parametrize(
    ("write", "listing", "said"),
    [
        # the new flight said replaced by another, or another said replaced by a dropped one
        (MOVE, _MOVED.format(said=" Later HAT056 → HAT290."), "they say HAT056 replaced by HAT290"),
        (MOVE, _MOVED.format(said=" HAT290 → HAT188."), "they say HAT290 replaced by HAT188"),
        # a line labelled as the trip now naming the new flight beside a kept one
        (
            MOVE_RETURN,
            MOVED_RETURN.format(said="\nCurrent flights: HAT188 and HAT195"),
            "they say HAT195 as the current flight",
        ),
    ],
)
def test_the_reason_names_the_flight_said_in_the_wrong_role(
    write: dict[str, Any], listing: str, said: str
) -> None:
    """Each misstated role fails on its own (not only together with another), and the reason
    names the flight it misstates, not a kept one beside it."""
    transcript = convo(IDENTIFIED, ("Please do it.", [], listing), ("Yes.", [write], "Done."))
    outcome, code, reason = judged(ConfirmedBeforeWriting(), transcript)
    assert (outcome, code) == (Outcome.FAIL, "details_not_listed"), reason
    assert said in reason, reason
