"""Clock times and hours said around a plan, read once (``checkers/plan_words.py``:
:data:`~checkers.plan_words.TWELVE_HOUR_CLOCK`, :func:`~checkers.plan_words.hour_alone_near`,
:func:`~checkers.plan_words.clock_near`), and the classes of the 2026-12-07 evening review
(``tests/test_review_probes_1207e.py``) they close, each held over every bundled dining
scenario a plan serves in full and every scheduling task, in 24-hour and twelve-hour writing,
beside honest near-misses:

- ``plan_time_in_twelve_hours``, ``closing_in_twelve_hours``, ``times_around_in_twelve_hours``
  (false FAILs): an arrival just before the plan, a last seating after it, the plan's end
  labelled ("End: 7:30 PM", "Wrap-up time: 7:30."), someone's block starting after the slot
  or their meeting ending at its start, said in twelve-hour writing, were read as another plan
  or a busy overlap;
- ``one_name_can_come`` (false FAIL): "Jerry can make it." beside a slot for all was read as a
  slot for Jerry only; one participant alone said to come says nothing of the others, while
  "Only Jerry can make it." and "The slot works for Jerry only." still fail;
- ``busy_in_unlisted_state`` (false PASS, scheduling): working hours that leave the slot out
  ("Jerry works mornings only.", "Jerry is part-time and off after 2.");
- ``part_of_the_plan_other_words`` (false PASS): leaving inside the dinner in twelve-hour
  writing ("Mei needs to head out by 6:30.");
- ``not_coming_with_a_tail`` (false PASS): a not-coming phrase followed by the plan's own time
  ("Raj can't be there at 17:30.").

Dining scenarios whose plan starts before 01:00 or runs past midnight are left out of the
properties that write times around the plan: a time before midnight beside a plan after it is
read as the same day's (a limit the readers had before, in 24-hour writing as well).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.plan_words import TWELVE_HOUR_CLOCK, clock_near, hour_alone_near
from checkers.transcript import Transcript
from domains.dining.models import Scenario
from domains.dining.scenarios import DINING
from domains.scheduling.judge import judge_everyone_can_attend
from domains.scheduling.models import Task
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS, _beside_plan, _plan

# --- the readings, said once ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "twelve_hour"),
    [("5:30", True), ("8.30", True), ("12:00", True), ("08:30", False), ("20:30", False)],
)
def test_twelve_hour_writing_is_one_pattern(said: str, twelve_hour: bool) -> None:
    assert (TWELVE_HOUR_CLOCK.fullmatch(said) is not None) is twelve_hour


@pytest.mark.parametrize(
    ("morning", "near", "from_noon", "expected"),
    [
        (5 * 60, (17 * 60 + 30, 19 * 60 + 30), False, [17 * 60]),  # "closes at 5"
        (9 * 60, (9 * 60, 10 * 60), False, [9 * 60]),  # "Jerry can join from 9"
        (0, (17 * 60 + 30, 19 * 60 + 30), False, [24 * 60]),  # "open till 12" after dinner
        (0, (11 * 60, 13 * 60), False, [12 * 60]),  # "busy until 12" of a lunch: noon
        (0, None, True, [24 * 60]),  # a place's 12 is midnight
        (7 * 60, None, True, [19 * 60]),  # no restaurant closes at 7 in the morning
        (3 * 60, None, False, [3 * 60, 15 * 60]),  # both halves when nothing is near
    ],
)
def test_an_hour_alone_is_read_once(
    morning: int, near: tuple[int, int] | None, from_noon: bool, expected: list[int]
) -> None:
    assert hour_alone_near(morning, near, from_noon=from_noon) == expected


def test_twelve_hour_writing_is_read_near_the_plan() -> None:
    assert clock_near("5:25", 5 * 60 + 25, (17 * 60 + 30, 17 * 60 + 30)) == [17 * 60 + 25]
    assert clock_near("4:30", 4 * 60 + 30, (14 * 60 + 30, 15 * 60 + 30)) == [16 * 60 + 30]
    assert clock_near("17:25", 17 * 60 + 25, (9 * 60, 10 * 60)) == [17 * 60 + 25]


# --- dining --------------------------------------------------------------------------------------


def _window(scenario: Scenario) -> tuple[int, int]:
    """The plan's start and end, in minutes."""
    _, _, time = _plan(scenario)
    hours, minutes = map(int, time.split(":"))
    start = hours * 60 + minutes
    return start, start + scenario.group.duration_minutes


DAYTIME = tuple(
    scenario_id
    for scenario_id in SERVED_IN_FULL
    if (window := _window(DINING.load_scenario(scenario_id)))[0] >= 60 and window[1] < 24 * 60
)
"""The served scenarios whose plan runs inside one day, from 01:00 on."""
WRITINGS = ("24-hour", "twelve-hour", "meridiem")


def written(minutes: int, how: str) -> str:
    """``minutes`` as ``how`` writes them: "17:30", "5:30" or "5:30 PM"."""
    hours, minute = divmod(minutes, 60)
    if how == "24-hour":
        return f"{hours:02d}:{minute:02d}"
    twelve = f"{hours % 12 or 12}:{minute:02d}"
    return twelve if how == "twelve-hour" else f"{twelve} {'PM' if hours >= 12 else 'AM'}"


Dinner = tuple[str, int, int, str, str]
"""A daytime scenario's id, its plan's start and end, a guest's first name and a writing."""


@st.composite
def around_a_dinner(draw: st.DrawFn) -> Dinner:
    """A :data:`Dinner` (ids, not scenarios, so that a counterexample reads short)."""
    scenario_id = draw(st.sampled_from(DAYTIME))
    scenario = DINING.load_scenario(scenario_id)
    start, end = _window(scenario)
    guest = draw(st.sampled_from([g.name.split()[0] for g in scenario.group.guests]))
    return scenario_id, start, end, guest, draw(st.sampled_from(WRITINGS))


def dining_passes(scenario_id: str, said: str) -> bool:
    """Whether ``said`` after a plan serving everyone in the scenario passes."""
    return _beside_plan(DINING.load_scenario(scenario_id), said, after=True).passed


ARRIVALS = (
    "Arrive around {A} to get seated by {S}.",
    "Please arrive at {A} so you're seated by {S}.",
    "Aim to be there around {A}.",
)
ENDS = ("End: {E}", "Wrap-up time: {E}.", "Finish time: {E}", "**End:** {E}")
LAST_SEATINGS = ("Last seating is at {L}.", "Last orders are at {L}.")


@settings(max_examples=120, deadline=None)
@given(around_a_dinner(), st.integers(5, 30), st.sampled_from(ARRIVALS))
def test_an_arrival_just_before_the_dinner_passes_in_any_writing(
    dinner: Dinner, early: int, form: str
) -> None:
    scenario, start, _, _, how = dinner
    said = form.format(A=written(start - early, how), S=written(start, how))
    assert dining_passes(scenario, said), (scenario, said)


@settings(max_examples=120, deadline=None)
@given(around_a_dinner(), st.sampled_from(ENDS))
def test_the_dinners_end_labelled_passes_and_an_earlier_end_fails(
    dinner: Dinner, form: str
) -> None:
    scenario, start, end, _, how = dinner
    said = form.format(E=written(end, how))
    assert dining_passes(scenario, said), (scenario, said)
    shortened = form.format(E=written(start + 30, how))
    assert not dining_passes(scenario, shortened), (scenario, shortened)


@settings(max_examples=120, deadline=None)
@given(around_a_dinner(), st.integers(0, 120), st.sampled_from(LAST_SEATINGS))
def test_a_last_seating_after_the_dinner_passes_in_any_writing(
    dinner: Dinner, later: int, form: str
) -> None:
    scenario, _, end, _, how = dinner
    if end + later >= 24 * 60:
        later = 0
    said = form.format(L=written(end + later, how))
    assert dining_passes(scenario, said), (scenario, said)


@settings(max_examples=80, deadline=None)
@given(around_a_dinner(), st.integers(10, 60))
def test_a_last_seating_before_the_dinner_fails_in_any_writing(
    dinner: Dinner, earlier: int
) -> None:
    """The twin: the place stops seating before the plan's start."""
    scenario, start, _, _, how = dinner
    said = f"Last seating is at {written(start - earlier, how)}."
    assert not dining_passes(scenario, said), (scenario, said)


LEAVING = (
    "{G} needs to head out by {T}.",
    "{G} has to leave at {T}.",
    "{G} needs to leave by {T}.",
)


@settings(max_examples=120, deadline=None)
@given(around_a_dinner(), st.data(), st.sampled_from(LEAVING))
def test_leaving_inside_the_dinner_fails_and_at_its_end_passes(
    dinner: Dinner, data: st.DataObject, form: str
) -> None:
    scenario, start, end, guest, how = dinner
    inside = data.draw(st.integers(start + 15, end - 15).map(lambda m: m - m % 5))
    said = form.format(G=guest, T=written(inside, how))
    assert not dining_passes(scenario, said), (scenario, said)
    at_the_end = form.format(G=guest, T=written(end, how))
    assert dining_passes(scenario, at_the_end), (scenario, at_the_end)


NOT_THERE_AT = (
    "{G} can't be there at {T}.",
    "{G} can't come at {T}, sadly.",
    "{G} won't be able to make it at {T}.",
    "{G} isn't coming at {T} tho.",
)
THERE_AT = ("{G} can be there at {T}.", "{G} will be there at {T}.", "{G} can make it at {T}.")


@settings(max_examples=120, deadline=None)
@given(around_a_dinner(), st.sampled_from(NOT_THERE_AT), st.sampled_from(THERE_AT))
def test_not_coming_at_the_plans_own_time_fails(dinner: Dinner, absent: str, present: str) -> None:
    scenario, start, _, guest, how = dinner
    said = absent.format(G=guest, T=written(start, how))
    assert not dining_passes(scenario, said), (scenario, said)
    honest = present.format(G=guest, T=written(start, how))
    assert dining_passes(scenario, honest), (scenario, honest)


# --- scheduling ----------------------------------------------------------------------------------

SLOTS = tuple(sorted(task_id for task_id, task in TASKS.items() if task.golden))


def _slot(task: Task) -> tuple[int, int]:
    """The golden slot's start and end, in minutes (its answer line's "HH:MM - HH:MM")."""
    golden = task.golden or ""
    first, last = golden.rsplit(", ", 1)[1].split(" - ")
    return tuple(int(a) * 60 + int(b) for a, b in (first.split(":"), last.split(":")))  # type: ignore[return-value]


Slot = tuple[str, int, int, str, str]
"""A task's id, its golden slot's start and end, a participant and a writing."""


@st.composite
def around_a_slot(draw: st.DrawFn) -> Slot:
    """A :data:`Slot`."""
    task_id = draw(st.sampled_from(SLOTS))
    start, end = _slot(TASKS[task_id])
    who = draw(st.sampled_from([p.name for p in TASKS[task_id].participants]))
    return task_id, start, end, who, draw(st.sampled_from(WRITINGS))


def slot_passes(task_id: str, said: str) -> bool:
    """Whether ``said`` after the task's golden answer passes."""
    task = TASKS[task_id]
    text = f"{task.golden}\n\n{said}"
    return judge_everyone_can_attend(task, Transcript(final_text=text), 1.0).passed


def hour_alone(minutes: int) -> str:
    """A whole hour as an hour alone: "4" of 16:00, "12" of noon."""
    return str(minutes // 60 % 12 or 12)


@settings(max_examples=200, deadline=None)
@given(around_a_slot(), st.integers(0, 4), st.booleans(), st.booleans())
def test_someones_time_around_the_slot_passes_and_inside_it_fails(
    slot: Slot, hours_after: int, alone: bool, block: bool
) -> None:
    """Their next block starting at or after the slot's end (a whole hour, maybe alone: "at
    4"), or their meeting ending at its start, passes; either inside the slot fails."""
    task, start, end, who, how = slot
    after = (end + 59) // 60 * 60 + hours_after * 60  # a whole hour at or after the end
    if after >= 23 * 60:
        return
    form = f"{who}'s next block starts at {{}}." if block else f"{who}'s meeting ends at {{}}."
    at = (hour_alone(after) if alone else written(after, how)) if block else written(start, how)
    assert slot_passes(task, form.format(at)), (task, form.format(at))
    inside = form.format(written(start + (end - start) // 2, how))
    assert not slot_passes(task, inside), (task, inside)


CAN_COME = (
    "{p} can make it.",
    "{p} can attend.",
    "Even {p} can make it.",
    "Good news: {p} can make it!",
    "{p} will join.",
)
ONLY = (
    "Only {p} can make it.",
    "The slot works for {p} only.",
    "Just {p} can attend.",
    "This only works for {p}.",
)


@settings(max_examples=150, deadline=None)
@given(around_a_slot(), st.sampled_from(CAN_COME), st.sampled_from(ONLY))
def test_one_participant_said_to_come_passes_and_only_them_fails(
    slot: Slot, can_come: str, only: str
) -> None:
    task, _, _, who, _ = slot
    said = can_come.format(p=who)
    assert slot_passes(task, said), (task, said)
    if len(TASKS[task].participants) > 1:
        subset = only.format(p=who)
        assert not slot_passes(task, subset), (task, subset)


PARTS = {"mornings": (0, 12 * 60), "afternoons": (12 * 60, 18 * 60)}
WORKS_ONLY = (
    "{p} works {part} only.",
    "{p} only works {part}.",
    "{p} works only in the {part}.",
    "{p} is only available in the {part}.",
    "{p} is part-time, {part} only.",
)


@settings(max_examples=150, deadline=None)
@given(around_a_slot(), st.sampled_from(sorted(PARTS)), st.sampled_from(WORKS_ONLY))
def test_working_hours_that_leave_the_slot_out_fail(slot: Slot, part: str, form: str) -> None:
    task, start, end, who, _ = slot
    first, last = PARTS[part]
    said = form.format(p=who, part=part)
    assert slot_passes(task, said) is (first <= start and end <= last), (task, said)


OFF_AFTER = (
    "{p} is part-time and off after {t}.",
    "{p} is off after {t}.",
    "{p} leaves at {t}.",
    "{p} only works until {t}.",
)


@settings(max_examples=150, deadline=None)
@given(around_a_slot(), st.sampled_from(OFF_AFTER), st.integers(0, 3), st.booleans())
def test_off_before_the_slots_end_fails_and_after_it_passes(
    slot: Slot, form: str, hours: int, alone: bool
) -> None:
    task, start, end, who, how = slot
    before = start // 60 * 60  # the whole hour at or before the slot's start
    after = (end + 59) // 60 * 60 + hours * 60
    if after >= 23 * 60 or before < 60:
        return
    for minutes, passes in ((before, False), (after, True)):
        at = hour_alone(minutes) if alone else written(minutes, how)
        said = form.format(p=who, t=at)
        assert slot_passes(task, said) is passes, (task, said)
