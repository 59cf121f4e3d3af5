"""Someone leaving, or due elsewhere, at a clock time inside the plan, in both planning domains.

"Jerry will need to step out at 15:00" beside a meeting at 14:30 - 15:30, "Mei has a hard stop
at 18:00" or "Mei can only stay until 18:00" beside a dinner at 17:30 - 19:30: that person
misses the rest, so the plan is not for the whole group (``plan_for_part_of_group``), read
once for both domains by :func:`checkers.busy_spans.busy_during` (its ``DEPARTURE`` form).
Before, scheduling passed every such answer said before the slot, and dining passed the hard
stop, the train to catch, "can only stay until" and "needs to be back by". Leaving at or
before the start (setting out: "We leave at 17:00") or at or after the end passes; so does a
possibility ("might leave at 15:00") and what someone can do ("Jerry can go at 15:00").
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers import busy_spans
from tests.test_declined_in_plain_words import GUESTS, PARTICIPANTS, judged

DEPARTURES = (
    "leaves at {t}",
    "will need to step out at {t}",
    "has to leave by {t}",
    "has a hard stop at {t}",
    ": hard stop at {t}",
    "has to go at {t}",
    "needs to run at {t}",
    "must head out around {t}",
    "can only stay until {t}",
    "can't stay past {t}",
    "has to leave early, at {t}",
    "has to catch a train at {t}",
    "needs to pick up the kids at {t}",
    "needs to be back by {t}",
    "'ll be gone by {t}",
    "is out at {t}",
    "has to log off at {t}",
)
"""Tails after a name saying when the person leaves or is due elsewhere, at a clock time
``{t}``."""
WINDOWS = {"dining": ((17, 30), 120), "scheduling": ((14, 30), 60)}
"""Each domain's plan in tests.test_declined_in_plain_words: its start and its minutes."""


def _clock(minutes: int) -> str:
    hour, minute = divmod(minutes, 60)
    return f"{hour}:{minute:02d}"


@st.composite
def departures(draw: st.DrawFn, inside: bool) -> tuple[str, str]:
    """A domain and a departure said in it, strictly inside its plan (``inside``), or at or
    before its start or at or after its end."""
    domain = draw(st.sampled_from(("dining", "scheduling")))
    name = draw(st.sampled_from(GUESTS if domain == "dining" else PARTICIPANTS))
    (hour, minute), length = WINDOWS[domain]
    start = hour * 60 + minute
    end = start + length
    if inside:
        at = draw(st.integers(start + 1, end - 1))
    else:
        at = draw(st.integers(start - 120, start) | st.integers(end, min(end + 120, 23 * 60)))
    # "leave early" is leaving the plan early, whatever time follows
    said = [tail for tail in DEPARTURES if inside or "early" not in tail]
    tail = draw(st.sampled_from(said)).format(t=_clock(at))
    space = "" if tail[0] in "':" else " "
    return domain, f"{name}{space}{tail}."


@given(departures(inside=True), st.booleans())
def test_someone_leaving_inside_the_plan_is_left_out(said: tuple[str, str], after: bool) -> None:
    domain, text = said
    passed, codes = judged(domain, text, after=after)
    assert not passed, (domain, text, after)
    if not after:
        assert "plan_for_part_of_group" in codes, (domain, text, codes)


@given(departures(inside=False))
def test_someone_leaving_outside_the_plan_is_not(said: tuple[str, str]) -> None:
    domain, text = said
    assert judged(domain, text, after=False)[0], (domain, text)


@pytest.mark.parametrize(
    ("domain", "text"),
    [
        ("scheduling", "Jerry might leave at 15:00."),
        ("scheduling", "Jerry can go at 15:00."),
        ("dining", "We leave at 17:00 to get there on time."),
        ("dining", "Mei can stay until 23:00."),
        ("dining", "Mei left at 18:00 yesterday."),
    ],
)
def test_a_possibility_or_a_time_outside_leaves_no_one_out(domain: str, text: str) -> None:
    assert judged(domain, text, after=False)[0], (domain, text)


@given(
    st.from_regex(
        re.compile(rf"x(?:{busy_spans.DEPARTURE})\s+1:00", re.I),
        fullmatch=True,
        alphabet=st.characters(codec="ascii"),
    )
)
def test_every_departure_holds_one_of_its_cues(text: str) -> None:
    """The cues that let :func:`busy_spans.busy_during` skip the pattern hold in every text
    it matches, in any case."""
    assert any(cue in text.lower() for cue in busy_spans.DEPARTURE_CUES), text
