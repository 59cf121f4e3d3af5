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


EVERY_WORD = [
    # what may stand before the leaving word
    ("also leaves at {t}", 0),
    ("usually leaves at {t}", 0),
    ("only leaves at {t}", 0),
    ("still leaves at {t}", 0),
    ("then leaves at {t}", 0),
    ("just leaves at {t}", 0),
    ("will leave at {t}", 0),
    ("would leave at {t}", 0),
    ("should leave at {t}", 0),
    ("can leave at {t}", 0),
    ("could leave at {t}", 0),
    ("is going to leave at {t}", 0),
    ("are going to leave at {t}", 1),
    ("plans to leave at {t}", 0),
    ("plan to leave at {t}", 1),
    ("wants to leave at {t}", 0),
    ("want to leave at {t}", 1),
    ("has to leave at {t}", 0),
    ("have to leave at {t}", 1),
    ("had to leave at {t}", 0),
    ("need to leave at {t}", 1),
    ("needs to leave at {t}", 0),
    ("'ve to leave at {t}", 1),
    ("got to leave at {t}", 0),
    ("must leave at {t}", 0),
    ("gotta leave at {t}", 0),
    ("'ll leave at {t}", 0),
    ("'d leave at {t}", 0),
    (": leaving at {t}", 0),
    (":** leaving at {t}", 0),
    (":__ leaving at {t}", 0),
    (" (leaving at {t})", 0),
    ("**: leaving at {t}", 0),
    ("are leaving at {t}", 1),
    ("'s leaving at {t}", 0),
    ("'re leaving at {t}", 1),
    (" (with a hard stop at {t})", 0),
    ("'s got to go at {t}", 0),
    # the leaving words
    ("leaves at {t}", 0),
    ("leave at {t}", 1),
    ("is leaving at {t}", 0),
    ("steps out at {t}", 0),
    ("step out at {t}", 1),
    ("is stepping out at {t}", 0),
    ("steps away at {t}", 0),
    ("ducks out at {t}", 0),
    ("is ducking out at {t}", 0),
    ("duck out at {t}", 1),
    ("heads out at {t}", 0),
    ("head off at {t}", 1),
    ("is heading home at {t}", 0),
    ("heads back at {t}", 0),
    ("goes home at {t}", 0),
    ("go home at {t}", 1),
    ("is going home at {t}", 0),
    ("takes off at {t}", 0),
    ("take off at {t}", 1),
    ("is taking off at {t}", 0),
    ("finishes work at {t}", 0),
    ("finish work at {t}", 1),
    ("gets off work at {t}", 0),
    ("get off at {t}", 1),
    ("stops working at {t}", 0),
    ("stop working at {t}", 1),
    ("logs off at {t}", 0),
    ("log off at {t}", 1),
    ("signs off at {t}", 0),
    ("sign off at {t}", 1),
    ("drops off at {t}", 0),
    ("drop out at {t}", 1),
    ("catches a train at {t}", 0),
    ("catches an early flight at {t}", 0),
    ("catches the bus at {t}", 0),
    ("has to catch his plane at {t}", 0),
    ("has to catch her ferry at {t}", 0),
    ("have to catch their ride at {t}", 1),
    ("has to catch my train at {t}", 0),
    ("catch a flight at {t}", 1),
    ("picks up the kids at {t}", 0),
    ("pick up the kids at {t}", 1),
    ("is off at {t}", 0),
    ("are out at {t}", 1),
    ("'s home by {t}", 0),
    ("'re gone by {t}", 1),
    ("will be back at {t}", 0),
    ("will be back home by {t}", 0),
    ("has a hard stop at {t}", 0),
    ("have a hard stop at {t}", 1),
    ("'s got a hard stop at {t}", 0),
    ("has got a hard-stop at {t}", 0),
    (" (hard stop at {t})", 0),
    (": hard stop at {t}", 0),
    # go, run, bounce, dash, split: only when they must
    ("also has to go at {t}", 0),
    ("still has to go at {t}", 0),
    ("then has to go at {t}", 0),
    ("just has to go at {t}", 0),
    ("really has to go at {t}", 0),
    ("will have to go at {t}", 0),
    ("have to go at {t}", 1),
    ("had to go at {t}", 0),
    ("need to go at {t}", 1),
    ("needs to run at {t}", 0),
    ("'ve got to go at {t}", 1),
    ("got to go at {t}", 0),
    ("must go at {t}", 0),
    ("gotta run at {t}", 0),
    ("has to bounce at {t}", 0),
    ("has to dash at {t}", 0),
    ("has to split at {t}", 0),
    # the time
    ("leaves by {t}", 0),
    ("leaves around {t}", 0),
    ("leaves about {t}", 0),
    ("leaves before {t}", 0),
    ("leaves by car at {t}", 0),
    ("leaves early, at {t}", 0),
    ("has to leave the office at {t}", 0),
    # staying
    ("can stay until {t}", 0),
    ("could stay until {t}", 0),
    ("will stay until {t}", 0),
    ("is able to stay until {t}", 0),
    ("'ll stay until {t}", 0),
    ("can only stay till {t}", 0),
    ("stays til {t}", 0),
    ("only stays until {t}", 0),
    ("can't stay past {t}", 0),
    ("cannot stay after {t}", 0),
    ("can not stay beyond {t}", 0),
    ("won't stay later than {t}", 0),
    ("will not stay longer than {t}", 0),
    ("isn't able to stay past {t}", 0),
    ("is unable to stay past {t}", 0),
]
"""Each alternative of :data:`checkers.busy_spans.DEPARTURE` said once, as ``(tail, plural)``:
the tail after a name (two names when ``plural``), at a time inside the plan. Deleting any one
alternative of the pattern makes one of them pass (a mutation run of 2026-12-06, late: 153 of
153 mutants killed by this table, the others of this file and dining's leaving tests)."""


@pytest.mark.parametrize("domain", ["dining", "scheduling"])
@pytest.mark.parametrize(("tail", "plural"), EVERY_WORD)
def test_every_word_of_the_departure_form_leaves_someone_out(
    domain: str, tail: str, plural: int
) -> None:
    one, two, at = (
        ("Mei", "Raj and Mei", "18:15")
        if domain == "dining"
        else ("Jerry", "Dylan and Jerry", "15:00")
    )
    space = "" if tail[0] in "':, *" else " "
    said = f"{two if plural else one}{space}{tail.format(t=at)}."
    passed, codes = judged(domain, said, after=False)
    assert not passed and "plan_for_part_of_group" in codes, (said, codes)


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
