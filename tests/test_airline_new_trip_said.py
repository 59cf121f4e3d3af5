"""A flight change's listing that names a dropped flight in the trip after the change
(``confirmed_before_writing``, :func:`domains.airline.flights_said.said_in_new_trip`).

"I'll change HAT207 to HAT195. New itinerary: HAT188 → HAT207." states the change, then a trip
that keeps the flight it drops: the customer's yes is to two different trips. It passed (found
on 2026-12-06 while killing the mutants of ``said_reversed``): nothing read the trip the
listing says the customer will have. Now a statement of the trip after the change ("New
itinerary:", "your updated flights are", "After the change you'll fly", "your trip will be",
up to its sentence's end or its list lines) must not name a dropped flight, except as replaced
("HAT207 → HAT195"), set apart ("instead of HAT207", "without HAT207"), said dropped ("(HAT207
is removed)") or denied ("won't include HAT207").

Found beside it and closed: a kept flight was said cancelled by words in a bracket opened after
it ("HAT188 and HAT195 (HAT207 is dropped)"): the bracket speaks of what it holds.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.test_airline_binding import PROPERTY
from tests.test_airline_flights_said_mutants import MOVE_RETURN
from tests.test_airline_listing_gaps_classes import _passes
from tests.test_airline_policy import MOVE

pytestmark = pytest.mark.checkers_meta

CHANGES: dict[str, tuple[dict[str, Any], str, str, str, str]] = {
    # write, its listing's first sentence, the kept, dropped and new flight
    "first leg": (
        MOVE,
        "I can change HAT188 on Z7GOZK to HAT056 on May 28, keeping basic economy.",
        "HAT207",
        "HAT188",
        "HAT056",
    ),
    "second leg": (
        MOVE_RETURN,
        "On Z7GOZK I'll keep HAT188 and change HAT207 to HAT195 on May 28, keeping basic economy.",
        "HAT188",
        "HAT207",
        "HAT195",
    ),
}
COST = {"first leg": "$11", "second leg": "$5"}

NEW_TRIP = (
    " New itinerary: {a} → {b}.",
    " Your new flights are {a} and {b}.",
    " Updated itinerary: {a}, {b}.",
    " After the change, you'll fly {a} and {b}.",
    " After the change you will be on {a} then {b}.",
    " Your trip will be {a} → {b}.",
    " Your reservation will then include {a} and {b}.",
    "\nNew flights:\n- {a}\n- {b}\n",
    "\n**Revised itinerary:** {a} → {b}\n",
)
"""Statements of the trip after the change, its two flights in order."""

SET_APART = (
    " After the change, you'll fly {new} instead of {dropped}.",
    " Your new flights are {kept} and {new} (no longer {dropped}).",
    " Your new flights are {kept} and {new} ({dropped} is removed).",
    " After the change, {dropped} will be replaced by {new}.",
    " Your new trip won't include {dropped}.",
    " Your new itinerary: {kept} and {new}, replacing {dropped}.",
    " New itinerary: {dropped} → {new}, keeping {kept}.",
)
"""Statements of the trip after the change that name the dropped flight as what goes."""


def listing(change: str, said: str) -> str:
    first = CHANGES[change][1]
    return (
        f"{first}{said} The fare difference is {COST[change]} on your credit card. Shall I proceed?"
    )


def in_order(change: str, one: str, other: str) -> tuple[str, str]:
    """``one`` and ``other`` in the order the trip flies them (the kept flight's leg first when
    the second leg changes)."""
    return (one, other) if change == "first leg" else (other, one)


@PROPERTY
@given(change=st.sampled_from(sorted(CHANGES)), form=st.sampled_from(NEW_TRIP))
def test_the_trip_after_the_change_names_the_new_flight_not_the_dropped_one(
    change: str, form: str
) -> None:
    write, _, kept, dropped, new = CHANGES[change]
    honest = form.format_map(dict(zip("ab", in_order(change, new, kept), strict=True)))
    stale = form.format_map(dict(zip("ab", in_order(change, dropped, kept), strict=True)))
    assert _passes(write, listing(change, honest)), honest
    assert not _passes(write, listing(change, stale)), stale


@PROPERTY
@given(change=st.sampled_from(sorted(CHANGES)), form=st.sampled_from(SET_APART))
def test_a_dropped_flight_named_as_what_goes_is_no_part_of_the_new_trip(
    change: str, form: str
) -> None:
    write, _, kept, dropped, new = CHANGES[change]
    said = form.format(kept=kept, dropped=dropped, new=new)
    assert _passes(write, listing(change, said)), said


@pytest.mark.parametrize(
    ("said", "honest"),
    [
        (" Your new flights will be HAT188 and HAT195 (HAT207 is dropped).", True),
        (" HAT188 and HAT195 (May 28) will be cancelled.", False),
        (" HAT188 and HAT207 (May 28) will be cancelled.", False),
        (" HAT188 (May 28) will be removed.", False),
    ],
)
def test_words_inside_a_bracket_are_said_of_what_it_holds(said: str, honest: bool) -> None:
    assert _passes(MOVE_RETURN, listing("second leg", said)) is honest, said
