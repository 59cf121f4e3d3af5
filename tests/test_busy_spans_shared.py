"""One reading of a person busy during a plan, for both planning domains
(:mod:`checkers.busy_spans`).

Dining read a guest busy during the dinner, and scheduling a participant busy during the slot,
each with its own copy of the words, and both passed busy time said otherwise: "José's shift
ends at 18:00", "José: 17:00-18:00 busy", "José can't get away before 18:00" (and dining "José
is only free after 18:00", which scheduling already failed). Here every busy phrasing either
reader knew, and the new ones, said of each domain's people: a span reaching into the plan is
``plan_for_part_of_group`` in both domains; one ending at or before its start, or starting at
or after its end, passes. On the code before the shared reader the property failed (dining:
"José's shift ends at 18:00." passed; scheduling: "Jerry's shift ends at 15:00." passed).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import example, given, settings
from hypothesis import strategies as st

from checkers import busy_spans
from checkers.busy_spans import busy_during, busy_times
from checkers.transcript import Transcript
from domains.dining.judge import judge_everyone_ate
from domains.scheduling.judge import judge_everyone_can_attend
from tests.test_review_probes_planning_1205 import FENCED, NP6, SLOT, STORY

DINNER = (17 * 60 + 30, 17 * 60 + 30 + STORY.group.duration_minutes)
MEETING = (14 * 60 + 30, 15 * 60 + 30)
GUESTS = tuple(guest.name for guest in STORY.group.guests)
PARTICIPANTS = ("Jerry", "Dylan")

RANGE_FORMS = (
    "{who} is busy {a} - {b}.",
    "{who} is busy from {a} to {b}.",
    "{who} is busy between {a} and {b}.",
    "- {who}: busy {a}-{b}",
    "{who} is unavailable {a} - {b}.",
    "{who} is tied up {a} - {b}.",
    "{who} is in meetings {a} - {b}.",
    "{who} has a meeting {a} - {b}.",
    "{who} has a shift {a} - {b}.",
    "{who} works {a} - {b}.",
    "{who}: {a}-{b} busy",
    "- {who}: {a} - {b} (blocked)",
    "{who}'s still busy {a} - {b}, sadly.",
    "{who}'s calendar shows {a} - {b} blocked.",
    "{who} is on a plane {a} - {b}.",
    "{who} is travelling {a} - {b}.",
    "{who} has the {a} - {b} shift.",
    "{who} is booked on the {a} - {b} flight.",
)
"""Busy from ``a`` to ``b``."""
UNTIL_FORMS = (
    "{who} is busy until {b}.",
    "{who} is stuck at work till {b}.",
    "{who} is not free until {b}.",
    "{who}'s shift ends at {b}.",
    "{who}'s meeting runs until {b}.",
    "{who}'s class wraps up at {b}.",
    "{who} can't get away before {b}.",
    "{who} won't be free until {b}.",
    "{who} is only free after {b}.",
    "{who} will only be available from {b}.",
    "{who} is at lunch until {b}.",
    "{who} is out of office until {b}.",
)
"""Busy until ``b``."""
FROM_FORMS = (
    "{who} is busy from {a}.",
    "{who} has a meeting from {a}.",
    "{who} is only free until {a}.",
)
"""Busy from ``a`` to the end of the day."""
HALF_HOURS = st.integers(18, 46).map(lambda n: n * 30)  # 9:00 to 23:00


def clock(minutes: int) -> str:
    hour, minute = divmod(minutes, 60)
    return f"{hour}:{minute:02d}"


def dining(text: str, after: bool) -> tuple[bool, set[str]]:
    answer = f"{FENCED}\n\n{text}" if after else f"{text}\n\n{FENCED}"
    return verdict(judge_everyone_ate(STORY, Transcript(final_text=answer), 1.0))


def scheduling(text: str, after: bool) -> tuple[bool, set[str]]:
    answer = f"{SLOT}\n\n{text}" if after else f"{text}\n\n{SLOT}"
    return verdict(judge_everyone_can_attend(NP6, Transcript(final_text=answer), 1.0))


def verdict(judged: object) -> tuple[bool, set[str]]:
    codes = {
        result.reason_code
        for subject in judged.subjects  # type: ignore[attr-defined]
        for result in subject.results
        if result.outcome.value != "pass"
    }
    return judged.passed, codes  # type: ignore[attr-defined]


DOMAINS: tuple[
    tuple[Callable[[str, bool], tuple[bool, set[str]]], tuple[str, ...], tuple[int, int]], ...
] = (
    (dining, GUESTS, DINNER),
    (scheduling, PARTICIPANTS, MEETING),
)


@st.composite
def said_busy(draw: st.DrawFn) -> tuple[int, str, tuple[int, int]]:
    """A domain, a busy saying of one of its people, and the minutes it holds."""
    domain = draw(st.integers(0, len(DOMAINS) - 1))
    who = draw(st.sampled_from(DOMAINS[domain][1]))
    kind = draw(st.sampled_from(("range", "until", "from")))
    if kind == "range":
        a, b = sorted(draw(st.sets(HALF_HOURS, min_size=2, max_size=2)))
        form = draw(st.sampled_from(RANGE_FORMS))
        return domain, form.format(who=who, a=clock(a), b=clock(b)), (a, b)
    time = draw(HALF_HOURS)
    if kind == "until":
        form = draw(st.sampled_from(UNTIL_FORMS))
        return domain, form.format(who=who, b=clock(time)), (0, time)
    form = draw(st.sampled_from(FROM_FORMS))
    # Scheduling reads a busy span "from" a time with no end as the block's start alone ("I
    # tried 11:00-12:00, but Jerry is busy from 11:30"); dining to the day's end.
    block = domain == 1 and "free" not in form
    return domain, form.format(who=who, a=clock(time)), (time, time + 1 if block else 24 * 60)


@settings(max_examples=400, deadline=None)
@given(said=said_busy(), after=st.booleans())
# Found by this property: the bracketed state after someone's range ending at the plan's time
# was read as said of the plan (final_word's clause with no subject).
@example(said=(0, "- Ana: 9:00 - 17:30 (blocked)", (540, 1050)), after=True)
@example(said=(0, "Ana: 15:00 - 17:30 (busy)", (900, 1050)), after=True)
def test_a_person_busy_during_the_plan_is_left_out_and_busy_around_it_is_not(
    said: tuple[int, str, tuple[int, int]], after: bool
) -> None:
    domain, text, (first, last) = said
    judge, _, (start, end) = DOMAINS[domain]
    passed, codes = judge(text, after)
    # After the plan another reader may read a busy time as another plan first (scheduling's
    # slot reader: "Jerry works 16:00 - 17:00" after the slot is several_slots, failing either
    # way); before it, busy time is what the plan is for, or is the plan's reason.
    if first < end and last > start:
        assert not passed, (text, after, codes)
        assert after or "plan_for_part_of_group" in codes, (text, codes)
    elif not after or judge is dining:
        assert passed, (text, after, codes)


@settings(max_examples=200, deadline=None)
@given(said=said_busy())
def test_the_core_reads_busy_around_the_window_as_the_domains_do(
    said: tuple[int, str, tuple[int, int]],
) -> None:
    domain, text, (first, last) = said
    _, people, window = DOMAINS[domain]
    who = "|".join(name.casefold() for name in people)
    during = first < window[1] and last > window[0]
    found = busy_during(text.casefold(), who, window, open_ended=domain == 0)
    assert bool(found) is during, text


def test_busy_on_another_day_or_no_longer_is_none() -> None:
    for text in (
        "josé is busy on monday 17:00-18:00, not today.",
        "josé was busy 17:00 - 18:00 yesterday.",
        "josé's boss is busy until 18:00.",
        "josé is busy all evening except 17:00 - 20:00.",
    ):
        assert busy_during(text, "josé", DINNER) == [], text
    assert busy_during("jerry is busy on monday 14:00-15:00.", "jerry", MEETING, ("monday",))


def test_someones_busy_time_is_no_plans_time_but_an_offer_beside_it_is() -> None:
    for text in (
        "ana works 12:00 - 12:30",
        "josé has a train at 21:00, after dinner",
        "josé was busy 17:00 - 18:00 yesterday",
    ):
        assert busy_times(text), text
    assert busy_times("umi also works 18:00 - 19:00") == []
    spans = busy_times("josé has a train at 21:00, umi at 18:00 also works")
    assert all(end <= len("josé has a train at 21:00") for _, end in spans)


@settings(max_examples=160, deadline=None)
@given(data=st.data(), index=st.integers(0, len(busy_spans._BUSY_FORMS) - 1))
def test_every_text_a_busy_form_finds_holds_one_of_its_cues(
    data: st.DataObject, index: int
) -> None:
    """The cue words gate the forms (:data:`checkers.busy_spans._CUES`): every text a form
    finds, in any case, holds one of them lowered."""
    form, _ = busy_spans._forms("ana")[0][index]
    text = data.draw(st.from_regex(form, alphabet=st.characters(codec="ascii")))
    lowered = text.lower()
    assert any(cue in lowered for cue in busy_spans._CUES), text


LABEL_FORMS = (
    "Blocked for {who}: {a} - {b}.",
    "Busy for {who}: {a}-{b}",
    "Busy times for {who}: {a} - {b}.",
    "Conflicts for {who}: {a} - {b}.",
    "**Blocked for {who}:** {a} - {b}",
    "- Unavailable: {who} ({a} - {b})",
    "Busy: {who} {a} - {b}.",
    "Booked: {who}, {a} - {b}.",
    "**Busy:** {who} {a} - {b}",
)
"""Busy from ``a`` to ``b``, said under a label before the person (a scheduling reasoning's
"Blocked for Jerry: 14:30 - 15:30." passed before the slot it denies)."""


@st.composite
def said_under_a_label(draw: st.DrawFn) -> tuple[int, str, tuple[int, int]]:
    """A domain, a labelled busy saying of one of its people, and the minutes it holds."""
    domain = draw(st.integers(0, len(DOMAINS) - 1))
    who = draw(st.sampled_from(DOMAINS[domain][1]))
    a, b = sorted(draw(st.sets(HALF_HOURS, min_size=2, max_size=2)))
    form = draw(st.sampled_from(LABEL_FORMS))
    return domain, form.format(who=who, a=clock(a), b=clock(b)), (a, b)


@settings(max_examples=200, deadline=None)
@given(said=said_under_a_label())
def test_a_person_busy_under_a_label_is_left_out_and_busy_around_the_plan_is_not(
    said: tuple[int, str, tuple[int, int]],
) -> None:
    """Before the plan (after it, a time the label reader exempts from the plans offered is
    still read as another plan's: dining fails "Busy for José: 15:00 - 16:00." there, closed)."""
    domain, text, (first, last) = said
    judge, people, (start, end) = DOMAINS[domain]
    passed, codes = judge(text, False)
    during = first < end and last > start
    assert passed is not during, (text, codes)
    assert passed or "plan_for_part_of_group" in codes, (text, codes)
    who = "|".join(name.casefold() for name in people)
    assert bool(busy_during(text.casefold(), who, (start, end))) is during, text


MERIDIEMS = (("AM", "PM"), ("A.M.", "P.M."), ("am", "pm"), ("a.m.", "p.m."))
"""How people write the two halves of the day."""


def in_twelve_hours(text: str, meridiem: tuple[str, str] = ("AM", "PM")) -> str:
    """``text`` with each 24-hour clock time ("15:00") written as people often write it, in
    twelve hours with a meridiem as ``meridiem`` spells it ("3:00 PM", "3:00 P.M.")."""

    def twelve(match: re.Match[str]) -> str:
        hour, minute = int(match[1]), match[2]
        return f"{(hour - 1) % 12 + 1}:{minute} {meridiem[hour >= 12]}"

    return re.sub(r"\b(\d{1,2}):(\d{2})\b", twelve, text)


@settings(max_examples=200, deadline=None)
@given(said=said_busy(), meridiem=st.sampled_from(MERIDIEMS))
def test_the_core_reads_twelve_hour_times_in_upper_case_as_the_same_times(
    said: tuple[int, str, tuple[int, int]], meridiem: tuple[str, str]
) -> None:
    """ "Jerry is busy until 3 PM." was read as no time (the clock reader takes lowered text),
    and passed beside a slot at 14:30, while "3 pm" failed."""
    domain, text, _ = said
    _, people, window = DOMAINS[domain]
    who = "|".join(name.casefold() for name in people)
    said_24 = busy_during(text.casefold(), who, window, open_ended=domain == 0)
    twelve = in_twelve_hours(text, meridiem)
    said_12 = busy_during(twelve, who, window, open_ended=domain == 0)
    assert bool(said_12) is bool(said_24), twelve
    if "." in meridiem[0]:
        # The judges' plan mentions read no range of dotted meridiems yet ("3:30 P.M. - 4:00
        # P.M." before a slot to 15:30 is read as the slot's end denied: a false fail,
        # tests/test_review_probes_1207.py); the core reader is held to them above.
        return
    judge = DOMAINS[domain][0]
    assert judge(twelve, False)[0] is judge(text, False)[0], twelve


@settings(max_examples=200, deadline=None)
@given(said=said_busy())
def test_busy_time_with_a_dot_is_read_as_with_a_colon(
    said: tuple[int, str, tuple[int, int]],
) -> None:
    """The busy time "Jerry is busy until 15.00." passed beside a slot at 14:30 (the busy
    reader's clock time left a dot to money, and scheduling cut its sentence at the dot),
    while "15:00" failed; in both domains, by the core reader and by the judge before the
    plan."""
    domain, text, _ = said
    judge, people, window = DOMAINS[domain]
    dotted = re.sub(r"\b(\d{1,2}):(\d{2})\b", r"\1.\2", text)
    who = "|".join(name.casefold() for name in people)
    colon = busy_during(text.casefold(), who, window, open_ended=domain == 0)
    assert bool(busy_during(dotted, who, window, open_ended=domain == 0)) is bool(colon), dotted
    assert judge(dotted, False)[0] is judge(text, False)[0], dotted
