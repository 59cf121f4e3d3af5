"""The meta-tests' own generators for scheduling, held to the rules they stand for.

A meta-test proves a check only as far as its generators reach: a ``broken`` that never makes a
meeting end after the work hours leaves ``ends_after_work_hours`` unproven, and the mutation run
cannot tell it from a right one. So each kind's generator is checked against a brute-force
oracle on the 15-minute grid: wherever some grid variant breaks a slot with a failure code
(including slots at the very start and end of the day), the generator reaches that code too.
And the grid of candidate slots is exactly every slot that fits in the day.

Marked ``checkers_meta``, so ``checkers mutate scheduling`` runs these with the plugin's items.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any, get_args

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample
from hypothesis.strategies import SearchStrategy

from checkers.kinds import RequirementKind
from checkers.plans import SharedKind
from checkers.requirements import Requirement
from domains.scheduling.checks import (
    ALLOWED_DAY,
    AVOID_DAY,
    BUSY,
    DAY,
    DURATION,
    NOT_AFTER,
    NOT_BEFORE,
    PLANS,
    STEP,
    WORK_HOURS,
    SlotContext,
    busy_holds,
    checks,
    day_but,
    grid_slots,
    with_meeting,
)
from domains.scheduling.models import (
    WEEKDAYS,
    At,
    Busy,
    Meeting,
    NotAfter,
    NotBefore,
    Participant,
    Said,
    Span,
    Task,
)

pytestmark = pytest.mark.checkers_meta

FIND = settings(
    max_examples=600, database=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
"""For a search that must find its target: a fixed seed, so a reach holds or fails the same on
every run (a miss by chance would fail CI now and then, and kill a mutant by luck)."""
NEVER = settings(FIND, max_examples=150)
"""For a search that must find nothing: a duration's 95 others are all tried (hypothesis does
not draw a value twice), the work hours' thousands are sampled."""
GRID = range(0, DAY + 1, STEP)

EDGE_STARTS = (0, STEP, 9 * 60, DAY - 3 * STEP, DAY - 2 * STEP)
"""Where a 15-minute slot is tried: the day's first two grid places, the middle, the last two
from which the day still leaves room after the slot, and (below) the very last."""


def fresh(day: str) -> str:
    """``day`` as a string object of its own (not the interned literal), so that a rule that
    compares days by identity instead of by value is caught: a day read from JSON is such."""
    return "".join(list(day))


def slot_at(start: int, length: int = STEP, day: str = "Tuesday") -> At:
    return At(fresh(day), start, start + length)  # type: ignore[arg-type]


def edge_slots() -> list[At]:
    """The 15-minute slots at the edges, and two longer ones (an hour, and five hours: long
    enough for a shorter meeting to exist and for minute counts past CPython's small-integer
    cache, so that identity is never mistaken for equality)."""
    return [
        *(slot_at(start) for start in (*EDGE_STARTS, DAY - STEP)),
        slot_at(9 * 60, 60),
        slot_at(8 * 60, 300),
    ]


def task_around(slot: At) -> Task:
    """A task whose own rules the slot meets (the generators' starting point)."""
    meeting = Meeting(
        duration_minutes=slot.end - slot.start, work_start=0, work_end=DAY, days=(slot.day,)
    )
    return Task(id="t", meeting=meeting, participants=(Participant(id="p1", name="Ana"),))


def code_of(task: Task, requirement: Requirement, slot: At) -> str:
    context = SlotContext(task.participants[0], task, slot.day, slot.start, slot.end)
    return checks.check(requirement, context).reason_code


def fail_codes(reasons: dict[str, str]) -> set[str]:
    return {code for code, when in reasons.items() if when.startswith("fail")}


# --- brute force over the grid: every variant of a shared rule, every requirement -------------


def meetings_on_the_grid(task: Task) -> Iterator[Task]:
    """Every task differing from ``task`` in one shared rule, each value on the grid."""
    for start in GRID:
        for end in GRID:
            if start < end:
                yield with_meeting(task, work_start=start, work_end=end)
    for minutes in GRID[1:]:
        yield with_meeting(task, duration_minutes=minutes)
    for mask in range(1, 2 ** len(WEEKDAYS)):
        days = tuple(d for i, d in enumerate(WEEKDAYS) if mask >> i & 1)
        yield with_meeting(task, days=days)


Shared = SharedKind[Any, SlotContext, Task, At]
SHARED: list[Shared] = [ALLOWED_DAY, WORK_HOURS, DURATION]
"""The shared rules that declare a ``broken`` (earliest's violations are the domain's own)."""

CHANGES: dict[str, tuple[str, ...]] = {
    "allowed_day": (),
    "work_hours": ("work_start", "work_end"),
    "duration": ("duration_minutes",),
}
"""The meeting's minute fields each shared rule's ``broken`` changes (days are not minutes)."""

Target = tuple[str, str, int]
"""(failure code, meeting field or "" for any, value): a broken task a generator must reach."""


NEAR_EDGES = [slot_at(2 * STEP), slot_at(DAY - 3 * STEP)]
"""15-minute slots two and three grid places from the day's ends: the ranges around them are
small, so a generator's farthest values (work hours of one step ending where the slot starts)
come up within a few hundred examples, yet a generator that narrows a range misses them."""

REACH_CASES = [
    *((DURATION, slot) for slot in edge_slots()),
    (WORK_HOURS, NEAR_EDGES[0]),
]
"""Where the farthest values are sought: durations are one draw, so at every edge slot; work
hours are two draws, whose corner (work hours of one step, ending one step before the slot
ends) is rare on a whole day's range, so at a slot near the day's start, where the work hours
ending early have little room and those starting late have their whole range."""


@cache
def _verdicts(slot: At, name: str) -> list[tuple[Task, str]]:
    """Every grid variant of the slot's task, with the shared rule's reason code for the slot."""
    shared = next(kind for kind in SHARED if kind.name == name)
    requirement = shared.model()
    return [(v, code_of(v, requirement, slot)) for v in meetings_on_the_grid(task_around(slot))]


def codes_on_the_grid(slot: At, shared: Shared) -> set[str]:
    """The failure codes with which some grid variant of the shared rule breaks ``slot``."""
    failing = fail_codes(dict(shared.reasons))
    return {code for _, code in _verdicts(slot, shared.name) if code in failing}


def farthest_on_the_grid(slot: At, shared: Shared) -> set[tuple[str, str, int]]:
    """For each failure code, the smallest and the largest value of each field the rule's
    ``broken`` changes among the grid variants failing with it: a generator narrower than the
    rule (durations never longer than four hours, work hours never ending one step before the
    slot's start) misses one of them."""
    found: dict[tuple[str, str], list[int]] = {}
    for variant, code in _verdicts(slot, shared.name):
        if code in fail_codes(dict(shared.reasons)):
            for name in CHANGES[shared.name]:
                found.setdefault((code, name), []).append(getattr(variant.meeting, name))
    return {(code, name, f(values)) for (code, name), values in found.items() for f in (min, max)}


def reaches(breaking: SearchStrategy[Task], slot: At, shared: Shared, target: Target) -> bool:
    code, name, value = target
    requirement = shared.model()

    def hits(variant: Task) -> bool:
        reached = not name or getattr(variant.meeting, name) == value
        return reached and code_of(variant, requirement, slot) == code

    try:
        return hits(find(breaking, hits, settings=FIND))
    except NoSuchExample:
        return False


@pytest.mark.parametrize("shared", SHARED, ids=lambda kind: kind.name)
@pytest.mark.parametrize("slot", edge_slots(), ids=lambda slot: slot.text())
def test_a_shared_rules_broken_reaches_every_failure_the_grid_allows(
    slot: At, shared: Shared
) -> None:
    assert shared.broken is not None
    breaking = shared.broken(st)(task_around(slot), slot)
    codes = codes_on_the_grid(slot, shared)
    assert codes  # every slot is broken by some variant (another day, another duration)
    missed = [code for code in sorted(codes) if not reaches(breaking, slot, shared, (code, "", 0))]
    assert not missed


@pytest.mark.parametrize(
    ("shared", "slot"), REACH_CASES, ids=lambda x: x.name if isinstance(x, SharedKind) else x.text()
)
def test_a_shared_rules_broken_reaches_the_farthest_values_the_grid_allows(
    shared: Shared, slot: At
) -> None:
    assert shared.broken is not None
    breaking = shared.broken(st)(task_around(slot), slot)
    targets = farthest_on_the_grid(slot, shared)
    assert targets
    missed = [target for target in sorted(targets) if not reaches(breaking, slot, shared, target)]
    assert not missed


@pytest.mark.parametrize("shared", SHARED, ids=lambda kind: kind.name)
@pytest.mark.parametrize("slot", edge_slots(), ids=lambda slot: slot.text())
def test_a_shared_rules_broken_never_makes_a_task_the_slot_meets(slot: At, shared: Shared) -> None:
    assert shared.broken is not None
    requirement = shared.model()

    def met(variant: Task) -> bool:
        return code_of(variant, requirement, slot) not in fail_codes(dict(shared.reasons))

    with pytest.raises(NoSuchExample):
        find(shared.broken(st)(task_around(slot), slot), met, settings=NEVER)


@pytest.mark.parametrize("shared", SHARED, ids=lambda kind: kind.name)
@pytest.mark.parametrize("slot", edge_slots(), ids=lambda slot: slot.text())
@settings(max_examples=60, database=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_what_a_shared_rules_broken_makes_is_a_valid_task_the_slot_breaks(
    slot: At, shared: Shared, data: st.DataObject
) -> None:
    assert shared.broken is not None
    variant = data.draw(shared.broken(st)(task_around(slot), slot))
    assert Task.model_validate(variant.model_dump()) == variant
    code = code_of(variant, shared.model(), slot)
    assert code in fail_codes(dict(shared.reasons))


@pytest.mark.parametrize("shared", SHARED, ids=lambda kind: kind.name)
@pytest.mark.parametrize("slot", edge_slots(), ids=lambda slot: slot.text())
def test_a_shared_rules_holds_agrees_with_its_check_on_every_grid_variant(
    slot: At, shared: Shared
) -> None:
    """The oracle's plain rule and the check are two statements of one rule: on every grid
    variant of the task they must give the same verdict (the slot's day a string of its own)."""
    failing = fail_codes(dict(shared.reasons))
    wrong = [
        (v.meeting, code)
        for v, code in _verdicts(slot, shared.name)
        if shared.holds(v)(slot) != (code not in failing)
    ]
    assert not wrong[:3]


# --- busy: the calendars met by the slot reach every free span, touching ones included ---------


def spans_around(slot: At) -> list[Span]:
    """Every grid span on the slot's day and on another."""
    return _spans_on(slot.day, next(d for d in WEEKDAYS if d != slot.day))


@cache
def _spans_on(*days: str) -> list[Span]:
    return [
        Span(day=day, start=start, end=end)
        for day in days
        for start in GRID
        for end in GRID
        if start < end
    ]


def free_targets(slot: At) -> set[tuple[str, str, int]]:
    """For the spans the slot does not overlap, grouped by where they lie (before it that day,
    after it, another day), the smallest and largest start and end: a span ending right at
    the slot's start and one starting right at its end are among them."""
    found: dict[tuple[str, str], list[int]] = {}
    for span in spans_around(slot):
        place = (
            "other_day"
            if span.day != slot.day
            else "before"
            if span.end <= slot.start
            else "after"
            if span.start >= slot.end
            else None
        )
        if place is not None:
            for name in ("start", "end"):
                found.setdefault((place, name), []).append(getattr(span, name))
    return {(place, name, f(values)) for (place, name), values in found.items() for f in (min, max)}


def place_of(span: Span, slot: At) -> str:
    if span.day != slot.day:
        return "other_day"
    return "before" if span.end <= slot.start else "after" if span.start >= slot.end else "over"


@pytest.mark.parametrize(
    "slot", [slot_at(STEP), *NEAR_EDGES, slot_at(DAY - 2 * STEP)], ids=lambda slot: slot.text()
)
def test_a_busy_calendar_met_by_a_slot_reaches_every_free_span_at_its_edges(slot: At) -> None:
    met_by = BUSY.examples(st).met_by
    for place, name, value in sorted(free_targets(slot)):

        def hits(req: Busy, place: str = place, name: str = name, value: int = value) -> bool:
            return any(
                place_of(span, slot) == place and getattr(span, name) == value for span in req.spans
            )

        assert hits(find(met_by(slot), hits, settings=FIND)), (place, name, value)


@pytest.mark.parametrize("slot", edge_slots(), ids=lambda slot: slot.text())
def test_busy_holds_agrees_with_its_check_on_every_span_around_the_slot(slot: At) -> None:
    task = task_around(slot)
    wrong = [
        span
        for span in spans_around(slot)
        if busy_holds(Busy(spans=(span,)), slot)
        != (code_of(task, Busy(spans=(span,)), slot) == "free")
    ]
    assert not wrong[:3]


def test_day_but_compares_days_by_value() -> None:
    day = fresh("Tuesday")
    uncached = day_but.__wrapped__(st, day)  # type: ignore[attr-defined]
    with pytest.raises(NoSuchExample):
        find(uncached, lambda drawn: drawn == day, settings=FIND)


# --- the per-participant limits: broken at every edge the grid allows -------------------------


def limits_on_the_grid(slot: At, kind: type[NotBefore] | type[NotAfter]) -> set[int]:
    """The grid times at which a limit of ``kind`` on the slot's day is broken by it."""
    task = task_around(slot)
    return {
        time
        for time in GRID
        if code_of(task, kind(day=slot.day, time=time, said=get_args(Said)[0]), slot).startswith(
            ("starts_too", "ends_too")
        )
    }


@pytest.mark.parametrize("declared", [NOT_BEFORE, NOT_AFTER], ids=lambda k: k.name)
@pytest.mark.parametrize("slot", edge_slots(), ids=lambda slot: slot.text())
def test_a_limits_broken_by_reaches_the_nearest_and_farthest_breaking_time(
    slot: At, declared: RequirementKind[Any, SlotContext, At]
) -> None:
    breaking: Callable[[At], SearchStrategy[NotBefore | NotAfter]] = declared.examples(st).broken_by
    times = limits_on_the_grid(slot, declared.model)
    for time in (min(times), max(times)) if times else ():

        def at(req: NotBefore | NotAfter, time: int = time) -> bool:
            return req.time == time

        assert find(breaking(slot), at, settings=FIND).day == slot.day


# --- the oracle's candidates ------------------------------------------------------------------


@settings(max_examples=200, database=None)
@given(length=st.integers(1, DAY), days=st.lists(st.sampled_from(WEEKDAYS), unique=True))
def test_the_grid_of_slots_is_every_slot_that_fits_in_the_day(length: int, days: list[str]) -> None:
    meeting = Meeting(duration_minutes=length, work_start=0, work_end=DAY, days=("Monday",))
    task = Task(id="t", meeting=meeting, participants=(Participant(id="p1", name="Ana"),))
    expected = [
        At(day, start, start + length)  # type: ignore[arg-type]
        for day in days
        for start in range(0, DAY, STEP)
        if start + length <= DAY
    ]
    assert grid_slots(task, days) == expected  # type: ignore[arg-type]


@settings(max_examples=50, database=None)
@given(data=st.data())
def test_an_allowed_day_broken_takes_only_the_slots_day_away(data: st.DataObject) -> None:
    slot = slot_at(9 * 60)
    days = data.draw(st.lists(st.sampled_from(WEEKDAYS), min_size=1, unique=True))
    task = with_meeting(task_around(slot), days=tuple(dict.fromkeys([slot.day, *days])))
    assert ALLOWED_DAY.broken is not None
    variant = data.draw(ALLOWED_DAY.broken(st)(task, slot))
    others = tuple(d for d in task.meeting.days if d != slot.day)
    assert variant.meeting.days == others or (not others and slot.day not in variant.meeting.days)


def over_targets(slot: At) -> set[tuple[str, int]]:
    """The smallest and largest start and end of the grid spans that share time with the slot."""
    over = [s for s in spans_around(slot) if place_of(s, slot) == "over"]
    return {
        (name, f(getattr(s, name) for s in over)) for name in ("start", "end") for f in (min, max)
    }


@pytest.mark.parametrize("slot", [*NEAR_EDGES, slot_at(9 * 60, 60)], ids=lambda slot: slot.text())
def test_a_busy_calendar_broken_by_a_slot_reaches_every_overlap_at_its_edges(slot: At) -> None:
    """The span that breaks the calendar may start as early as 0:00 or one step before the slot
    ends, and end one step after it starts or at 24:00; it always shares time with the slot."""
    broken_by = BUSY.examples(st).broken_by
    for name, value in sorted(over_targets(slot)):

        def hits(req: Busy, name: str = name, value: int = value) -> bool:
            return any(place_of(s, slot) == "over" and getattr(s, name) == value for s in req.spans)

        assert hits(find(broken_by(slot), hits, settings=FIND)), (name, value)

    def met(req: Busy) -> bool:
        return busy_holds(req, slot)

    with pytest.raises(NoSuchExample):
        find(broken_by(slot), met, settings=NEVER)


def test_any_busy_calendar_reaches_the_days_first_and_last_minute() -> None:
    """Any valid calendar may hold a span starting at 0:00 or at 23:59, or ending at 0:01 or
    24:00 (a narrower ``any`` would leave those spans out of the JSON and monotonicity tests)."""
    any_busy = BUSY.examples(st).any
    for name, value in (("start", 0), ("start", DAY - 1), ("end", 1), ("end", DAY)):

        def hits(req: Busy, name: str = name, value: int = value) -> bool:
            return any(getattr(s, name) == value for s in req.spans)

        assert hits(find(any_busy, hits, settings=FIND)), (name, value)


# --- per-participant rules: holds by value, breadth, and broken never met ----------------------

PER_PARTICIPANT: list[RequirementKind[Any, SlotContext, At]] = [
    AVOID_DAY,
    NOT_BEFORE,
    NOT_AFTER,
    BUSY,
]


@pytest.mark.parametrize("declared", PER_PARTICIPANT, ids=lambda k: k.name)
@pytest.mark.parametrize("slot", edge_slots(), ids=lambda slot: slot.text())
def test_a_per_participant_rules_holds_agrees_with_its_check_on_days_read_apart(
    slot: At, declared: RequirementKind[Any, SlotContext, At]
) -> None:
    """``holds`` (what the oracle and the meta-tests trust) says what the check says, for every
    requirement ``any`` draws, with its days as strings of their own: a day read from JSON is
    never the interned literal, so a ``holds`` comparing days by identity would be wrong."""
    task = task_around(slot)

    def disagrees(req: Requirement) -> bool:
        apart = req.model_copy(update=_days_apart(req))
        passed = declared.reasons[code_of(task, apart, slot)].startswith("pass")
        return bool(declared.holds(apart, slot)) != passed

    with pytest.raises(NoSuchExample):
        find(declared.examples(st).any, disagrees, settings=NEVER)
    on_the_day = declared.examples(st).broken_by(slot)
    with pytest.raises(NoSuchExample):
        find(on_the_day, disagrees, settings=NEVER)


def _days_apart(req: Requirement) -> dict[str, Any]:
    """``req``'s day fields, each a string object of its own (:func:`fresh`)."""
    if isinstance(req, Busy):
        return {"spans": tuple(s.model_copy(update={"day": fresh(s.day)}) for s in req.spans)}
    return {"day": fresh(req.day)}  # type: ignore[attr-defined]


@pytest.mark.parametrize("declared", [NOT_BEFORE, NOT_AFTER], ids=lambda k: k.name)
@pytest.mark.parametrize(
    "slot", [*edge_slots(), slot_at(9 * 60, 75), slot_at(10 * 60, 45)], ids=lambda s: s.text()
)
def test_a_limits_broken_by_never_makes_a_limit_the_slot_meets(
    slot: At, declared: RequirementKind[Any, SlotContext, At]
) -> None:
    """Every limit ``broken_by`` draws is broken by the slot, whatever the slot's end in bits
    (slot ends of 10:15 and 10:45 too: a bound written with ``|`` or ``^`` in place of ``-``
    agrees with the right one on some ends only)."""

    def met(req: NotBefore | NotAfter) -> bool:
        return bool(declared.holds(req, slot))

    with pytest.raises(NoSuchExample):
        find(declared.examples(st).broken_by(slot), met, settings=NEVER)


@pytest.mark.parametrize("declared", [NOT_BEFORE, NOT_AFTER], ids=lambda k: k.name)
def test_any_limit_reaches_the_days_first_and_last_minute(
    declared: RequirementKind[Any, SlotContext, At],
) -> None:
    for value in (0, DAY):

        def at(req: NotBefore | NotAfter, value: int = value) -> bool:
            return req.time == value

        assert find(declared.examples(st).any, at, settings=FIND).time == value


def test_busy_calendars_reach_their_declared_breadth() -> None:
    """Any calendar reaches four spans, one a slot meets three free spans, and one it breaks
    two free spans beside the overlapping one, that one first, between or last: a narrower
    generator tries fewer shapes of calendar (the number of spans is the generators' breadth:
    a wider one is listed as equivalent, as no rule's verdict depends on it)."""
    slot = slot_at(9 * 60, 60)
    examples = BUSY.examples(st)
    assert len(find(examples.any, lambda b: len(b.spans) >= 4, settings=FIND).spans) == 4
    met = find(examples.met_by(slot), lambda b: len(b.spans) >= 3, settings=FIND)
    assert len(met.spans) == 3
    for place in range(3):

        def over_at(req: Busy, place: int = place) -> bool:
            return len(req.spans) == 3 and place_of(req.spans[place], slot) == "over"

        assert over_at(find(examples.broken_by(slot), over_at, settings=FIND))


def test_generated_meetings_reach_the_shortest_and_longest_duration() -> None:
    """The meta-tests' generated meetings last from one step to four hours, both ends reached
    (a meeting never four hours long would leave the longest slots of a day untried)."""
    worlds = PLANS.worlds(st)
    for minutes in (STEP, 240):

        def lasts(world: tuple[Meeting, At], minutes: int = minutes) -> bool:
            return world[0].duration_minutes == minutes

        meeting, slot = find(worlds, lasts, settings=FIND)
        assert slot.end - slot.start == meeting.duration_minutes == minutes


WORLD_EDGES: dict[str, Callable[[Meeting, At], bool]] = {
    "work hours from 0:00": lambda m, s: m.work_start == 0,
    "work hours starting as late as the meeting allows": lambda m, s: (
        m.work_start == DAY - m.duration_minutes
    ),
    "work hours as long as the meeting": lambda m, s: (
        m.work_end - m.work_start == m.duration_minutes
    ),
    "work hours to 24:00": lambda m, s: m.work_end == DAY,
    "the slot at the start of the work hours": lambda m, s: s.start == m.work_start,
    "the slot at their end": lambda m, s: s.end == m.work_end,
    "one allowed day": lambda m, s: len(m.days) == 1,
    "five allowed days": lambda m, s: len(m.days) == 5,
}
"""The farthest worlds the generator allows: each must be reached."""


@pytest.mark.parametrize("edge", WORLD_EDGES, ids=str)
def test_generated_meetings_reach_every_edge_of_their_rules(edge: str) -> None:
    """Each generated world is a meeting and a slot meeting its rules, and the generator reaches
    each edge those rules allow (work hours at the day's ends and as short as the meeting, the
    slot at either end of them, one day and five)."""
    reached = WORLD_EDGES[edge]
    meeting, slot = find(PLANS.worlds(st), lambda w: reached(*w), settings=FIND)
    assert meeting.work_start <= slot.start < slot.end <= meeting.work_end
    assert slot.day in meeting.days
