"""Thresholds, rewards and scores read from configuration: any value gives a number or the
project's clear error, never another exception (an integer too large for a float, NaN, a text)."""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.conversation import official_passed
from checkers.errors import ConfigError
from checkers.metric import check_threshold
from checkers.numbers import finite_number, shown_value
from domains.orders.evidence import money_values

HUGE = 10**5000

ANY_VALUE = st.one_of(
    st.integers(),
    st.integers(min_value=10**300, max_value=10**6000),
    st.integers(max_value=-(10**300), min_value=-(10**6000)),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=30),
    st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), max_size=3),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.floats(), max_size=2),
)
"""What a config, a command line or Python code may pass where a number belongs."""


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (HUGE, "<integer of about 5001 digits>"),
        (-HUGE, "<integer of about 5001 digits>"),
        (math.nan, "nan"),
        (math.inf, "inf"),
        ("0.5", "'0.5'"),
        (True, "True"),
        (None, "None"),
        (0, "0"),
        (2, "2"),
    ],
    ids=lambda value: shown_value(value, 20),
)
def test_a_threshold_that_is_no_share_is_a_config_error_showing_it(value: Any, shown: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(f"--threshold: threshold {shown}")):
        check_threshold(value, "--threshold")


@given(ANY_VALUE)
def test_check_threshold_returns_a_share_or_raises_config_error(value: Any) -> None:
    try:
        threshold = check_threshold(value, "where")
    except ConfigError as error:
        assert str(error).startswith("where: threshold ")
        assert "e.g. 1.0" in str(error)
        str(error).encode("utf-8")  # no lone surrogate
    else:
        assert isinstance(threshold, float) and 0 < threshold <= 1
        assert threshold == value


@given(ANY_VALUE)
def test_a_reward_is_a_verdict_or_a_config_error(value: Any) -> None:
    try:
        passed = official_passed({"reward": value})
    except ConfigError as error:
        assert '"official.reward" must be a number from 0 to 1' in str(error)
        str(error).encode("utf-8")
    else:
        assert passed is (value is not None and value == 1) or (value is None and passed is None)


def test_a_huge_reward_is_a_clear_error() -> None:
    with pytest.raises(ConfigError, match=re.escape("got <integer of about 5001 digits> (int)")):
        official_passed({"reward": HUGE})


@given(ANY_VALUE)
def test_finite_number_never_raises_and_gives_only_finite_floats(value: Any) -> None:
    number = finite_number(value)
    if number is not None:
        assert math.isfinite(number) and number == float(value)
        assert not isinstance(value, bool | str)


@given(ANY_VALUE, st.integers(min_value=5, max_value=200))
def test_shown_value_never_raises_and_stays_short(value: Any, limit: int) -> None:
    text = shown_value(value, limit)
    assert len(text) <= limit
    text.encode("utf-8")


def test_an_amount_of_any_length_is_read_whole() -> None:
    assert list(money_values({"price": HUGE}, "")) == [Decimal(HUGE)]
    assert list(money_values({"price": -41.92}, "")) == [Decimal("41.92")]
    assert list(money_values({"price": math.nan, "refund": math.inf}, "")) == []
