"""Someone arriving or joining at a clock time after the plan starts, in both planning domains.

"Ana arrives at 19:00" beside a dinner at 17:30, "Jerry can join from 14:45" beside a meeting
at 14:30: that person misses the start, so the plan is not for the whole group
(``plan_for_part_of_group``), read once for both domains by
:func:`checkers.busy_spans.busy_during` (its ``_ARRIVAL`` form). Before, every such answer
passed both domains when said before the plan (after it, the time read as another plan). An
arrival at or before the start ("Ana arrives at 17:15", "at 17:30", "Jerry can join from 14:00")
passes; so does a possibility ("might arrive at 19:00") and someone not of the group ("They
could also arrive at 18:00").
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers import busy_spans
from tests.test_declined_in_plain_words import GUESTS, PARTICIPANTS, judged

ARRIVALS = (
    "arrives at {t}",
    "will arrive around {t}",
    "gets there around {t}",
    "will join at {t}",
    "can join us from {t}",
    "can only join at {t}",
    "lands at {t}",
    "will show up at {t}",
    "can make it by {t}",
    "'ll get in at {t}",
    "is going to arrive straight from work at {t}",
)
"""Tails after a name saying when the person comes, at a clock time ``{t}``."""
DINNER_START, SLOT_START = (17, 30), (14, 30)


def _clock(hour: int, minute: int) -> str:
    return f"{hour}:{minute:02d}"


@st.composite
def arrivals(draw: st.DrawFn, late: bool) -> tuple[str, str]:
    """A domain and an arrival said in it, after its plan's start (``late``) or at or before
    it."""
    domain = draw(st.sampled_from(("dining", "scheduling")))
    name = draw(st.sampled_from(GUESTS if domain == "dining" else PARTICIPANTS))
    start = DINNER_START if domain == "dining" else SLOT_START
    minutes = start[0] * 60 + start[1]
    # Not at the start itself: "Thomas will join at 14:30" beside a 14:30 slot says who joins
    # it, naming one participant alone (a named part of the group, by design).
    at = draw(
        st.integers(minutes + 1, minutes + 45) if late else st.integers(minutes - 120, minutes - 1)
    )
    tail = draw(st.sampled_from(ARRIVALS)).format(t=_clock(*divmod(at, 60)))
    space = "" if tail.startswith("'") else " "
    return domain, f"{name}{space}{tail}."


@given(arrivals(late=True))
def test_someone_arriving_after_the_start_is_left_out(said: tuple[str, str]) -> None:
    domain, text = said
    passed, codes = judged(domain, text, after=False)
    assert not passed and "plan_for_part_of_group" in codes, (domain, text, codes)


@given(arrivals(late=False))
def test_someone_arriving_by_the_start_is_not(said: tuple[str, str]) -> None:
    domain, text = said
    assert judged(domain, text, after=False)[0], (domain, text)


@pytest.mark.parametrize(
    "text",
    [
        "Ana might arrive at 19:00.",
        "They could also arrive at 18:00.",
        "Ana arrives.",
        "Ana arrives at 17:30.",
    ],
)
def test_a_possibility_or_someone_else_leaves_no_one_out(text: str) -> None:
    assert judged("dining", text, after=False)[0], text


@given(st.from_regex(re.compile("x" + busy_spans._ARRIVAL), fullmatch=True))
def test_every_arrival_holds_one_of_its_cues(text: str) -> None:
    """The cues that let :func:`busy_spans.busy_during` skip the pattern hold in every text
    it matches."""
    assert any(cue in text.lower() for cue in busy_spans._ARRIVAL_CUES), text
