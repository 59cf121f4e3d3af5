"""An amount written in words or with a scale is money like one in digits
(:func:`checkers.tokens.quantities`): "fifty-three dollars", "ninety-nine dollars and
ninety-nine cents", "three thousand dollars", "$1.2k". A fabricated figure must not hide in
words, and a required one said in words is told.

Found by a hostile review (2026-12-07): "Order #W3288665 cost fifty-three dollars." (the
total is $53.72) passed ``no_fabrication``, and "There are ten product types." /
"fifty-four dollars and four cents" failed ``conveyed``: only digits were read. The property
was seen failing on the code before.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.tokens import quantities, words_value
from tests.test_done_claims_shared import _orders

_SMALL = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"),
    *("eighteen", "nineteen"),
)
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def in_words(number: int, hyphen: str = "-") -> str:
    """``number`` (0 to 999,999) as a person writes it: "three thousand two hundred ten"."""
    if number < 20:
        return _SMALL[number]
    if number < 100:
        tens, unit = divmod(number, 10)
        return _TENS[tens] + (hyphen + _SMALL[unit] if unit else "")
    if number < 1000:
        hundreds, rest = divmod(number, 100)
        return f"{_SMALL[hundreds]} hundred" + (f" {in_words(rest, hyphen)}" if rest else "")
    thousands, rest = divmod(number, 1000)
    return f"{in_words(thousands, hyphen)} thousand" + (
        f" {in_words(rest, hyphen)}" if rest else ""
    )


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 999_999), st.integers(0, 99), st.sampled_from(("-", " ")))
def test_an_amount_in_words_is_read_as_its_value(dollars: int, cents: int, hyphen: str) -> None:
    said = f"{in_words(dollars, hyphen)} dollars" + (
        f" and {in_words(cents, hyphen)} cents" if cents else ""
    )
    assert words_value(in_words(dollars, hyphen)) == dollars
    read = [q for q in quantities(f"The total is {said}.") if q.money]
    assert [q.value for q in read] == [Decimal(dollars) + Decimal(cents) / 100], said


def test_an_amount_with_a_scale_is_read() -> None:
    assert [q.value for q in quantities("It cost $1.2k.")] == [Decimal("1200.0")]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5000).filter(lambda d: d != 53))
def test_an_amount_in_words_no_tool_gave_is_unsupported_and_the_true_one_is_not(
    dollars: int,
) -> None:
    """Order #W3288665 of Mei's cost $53.72."""
    wrong = f"Order #W3288665 cost {in_words(dollars)} dollars."
    assert _orders(wrong) == ("fail", "unsupported_amount"), wrong
    right = "Order #W3288665 cost fifty-three dollars and seventy-two cents."
    assert _orders(right)[0] == "pass"


def test_idioms_of_nothing_are_no_amounts() -> None:
    for said in ("You won't be charged a cent.", "Not one cent more.", "It's a dollar more."):
        assert not [q for q in quantities(said) if q.money], said


def test_a_long_run_of_number_words_is_read_in_linear_time() -> None:
    """Found by a review of this reader: a run of 12,000 number words before a money word
    took a minute (each word of the run was read as the start of an amount, to the end of
    the run). Read back from the money word within a bound, 8x the words takes about 8x the
    time: best of five, taking turns; a quadratic reader gives 64x."""

    def once(words: int) -> float:
        text = "It cost " + "one " * words + "x dollars."
        return _timed(lambda: quantities.__wrapped__(text))

    # Taking turns, so that a burst of load on a shared machine falls on both sizes alike.
    turns = [(once(1500), once(12000)) for _ in range(5)]
    small, large = min(t[0] for t in turns), min(t[1] for t in turns)
    assert large / small < 24, (small, large)


def _timed(function: Callable[[], object]) -> float:
    started = time.perf_counter()
    function()
    return time.perf_counter() - started
