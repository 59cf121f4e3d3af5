"""A guest said to be busy during the dinner, or to miss it, is left out of it.

Beside a plan for story-six (Green Fork at 17:30, a dinner of two hours: 17:30 - 19:30),
"José is busy 17:00 - 18:00", "Mei is tied up until 18:00", "Ana has a meeting from 19:00" and
"José will miss dinner" passed dining: the reader knew a guest leaving at a time inside the
dinner and "will miss the dinner", not a guest's busy time nor the event without its article.
Now a busy span reaching into the dinner is ``plan_for_part_of_group``
(:func:`domains.dining.left_out._busy_during`), as scheduling reads its slot, and a span ending
where the dinner starts or starting where it ends is none; "will miss dinner" is read by the
core's :func:`checkers.left_out.absent`, for both planning domains.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_review_probes_planning_1205 import FENCED, STORY, dining

START = 17 * 60 + 30
END = START + STORY.group.duration_minutes
DAY = 24 * 60
GUESTS = tuple(guest.name for guest in STORY.group.guests)

BUSY_FORMS = (
    "{who} is busy {spans}.",
    "{who} is unavailable {spans}.",
    "{who} has a meeting {spans}.",
    "- {who}: busy {spans}",
    "* **{who}**: blocked {spans}",
    "{who}'s still busy {spans}, sadly.",
)
"""Busy lists the final word reads as busy time, whatever the times: around the dinner they
pass."""
BUSY_FORMS_READ_AS_OTHER_TIMES = (
    "{who} is tied up {spans}.",
    "{who} works {spans}.",
    "{who} is busy with work {spans}.",
)
"""Busy lists whose times the final word read as other plans ("Ana works 12:00 - 12:30" after
the plan: ``several_plans``, a false FAIL closed by :func:`checkers.busy_spans.busy_times`):
held here to fail when the guest is busy during the dinner."""
JOINS = (" - ", "-", " to ", " \u2013 ", " until ", " -> ")
HALF_HOURS = st.integers(24, 46).map(lambda n: n * 30)  # 12:00 to 23:00


def placed(text: str, after_plan: bool) -> str:
    """The answer: the plan's JSON, and ``text`` after it or before it."""
    return f"{FENCED}\n\n{text}" if after_plan else f"{text}\n\n{FENCED}"


def clock(minutes: int, twelve_hour: bool) -> str:
    hour, minute = divmod(minutes, 60)
    if not twelve_hour:
        return f"{hour}:{minute:02d}"
    said = f"{hour % 12 or 12}:{minute:02d}" if minute else f"{hour % 12 or 12}"
    return f"{said} {'pm' if hour >= 12 else 'am'}"


@st.composite
def spans(draw: st.DrawFn) -> tuple[str, list[tuple[int, int]]]:
    """A busy list as a calendar gives one: spans in the order of the day, none overlapping,
    maybe "until" a time first and "from" a time last; as said, and the minutes each holds."""
    bounds = sorted(draw(st.sets(HALF_HOURS, min_size=1, max_size=6)))
    twelve_hour = draw(st.booleans())
    said: list[str] = []
    held: list[tuple[int, int]] = []
    if len(bounds) % 2 or draw(st.booleans()):
        until, bounds = bounds[0], bounds[1:]
        said.append(f"until {clock(until, twelve_hour)}")
        held.append((0, until))
    alone = len(bounds) == 2 and not said  # "between" reads as one span, not an item of many
    for first, last in zip(bounds[0::2], bounds[1::2], strict=False):
        between = alone and draw(st.booleans())
        join = " and " if between else draw(st.sampled_from(JOINS))
        a, b = clock(first, twelve_hour), clock(last, twelve_hour)
        said.append(f"{'between ' if between else ''}{a}{join}{b}")
        held.append((first, last))
    if len(bounds) % 2:
        said.append(f"from {clock(bounds[-1], twelve_hour)}")
        held.append((bounds[-1], DAY))
    return ", ".join(said), held


@settings(max_examples=300)
@given(
    form=st.sampled_from(BUSY_FORMS),
    who=st.sampled_from(GUESTS),
    busy=spans(),
    after_plan=st.booleans(),
)
def test_a_guest_busy_during_the_dinner_is_left_out_and_busy_around_it_is_not(
    form: str, who: str, busy: tuple[str, list[tuple[int, int]]], after_plan: bool
) -> None:
    said, held = busy
    text = form.format(who=who, spans=said)
    answer = placed(text, after_plan)
    during = any(first < END and last > START for first, last in held)
    assert dining(answer) is not during, text


@given(
    form=st.sampled_from(BUSY_FORMS_READ_AS_OTHER_TIMES),
    who=st.sampled_from(GUESTS),
    busy=spans(),
    after_plan=st.booleans(),
)
def test_a_guest_busy_during_the_dinner_in_other_words_is_left_out(
    form: str, who: str, busy: tuple[str, list[tuple[int, int]]], after_plan: bool
) -> None:
    said, held = busy
    text = form.format(who=who, spans=said)
    answer = placed(text, after_plan)
    if any(first < END and last > START for first, last in held):
        assert not dining(answer), text


MISSES = (
    "{who} will miss dinner.",
    "{who} will have to miss dinner.",
    "{who}'ll miss tonight's dinner, unfortunately.",
    "{who} has to miss our dinner.",
    "{who} misses the meal.",
)
KEEPS = (
    "{who} won't miss dinner for anything.",
    "If {who} misses dinner, we'll save a plate.",
    "Would {who} miss dinner?",
    "{who} would hate to miss dinner.",
)


@given(form=st.sampled_from(MISSES), who=st.sampled_from(GUESTS), after_plan=st.booleans())
def test_a_guest_who_will_miss_dinner_is_left_out(form: str, who: str, after_plan: bool) -> None:
    text = form.format(who=who)
    answer = placed(text, after_plan)
    assert not dining(answer), text


@given(form=st.sampled_from(KEEPS), who=st.sampled_from(GUESTS), after_plan=st.booleans())
def test_missing_dinner_denied_considered_or_asked_leaves_no_one_out(
    form: str, who: str, after_plan: bool
) -> None:
    text = form.format(who=who)
    answer = placed(text, after_plan)
    assert dining(answer), text
