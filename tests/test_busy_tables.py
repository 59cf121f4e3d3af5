"""Over every one of the 310 scheduling tasks: a markdown table of busy times beside the slot
("| Person | Busy |") with a participant's row sharing a minute with the slot leaves them out;
the task's own busy times, which the golden slot avoids, leave no one out.

Found by a hostile review (2026-12-07): "| Jerry | 11:30-15:00 |" under "| Person | Busy |"
after the 14:30 slot passed: each row is a sentence of its own to the reader, cut off from the
header that says what its times are (:func:`checkers.busy_spans.busy_rows`). The property was
seen failing on the code before.
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from domains.scheduling.models import Busy
from tests.test_needs_said_broken_anywhere import TASKS
from tests.test_plan_struck_or_without import _scheduling
from tests.test_roster import beside


def _clock(minutes: int) -> str:
    return f"{minutes // 60}:{minutes % 60:02d}"


def _slot(task_id: str) -> tuple[str, int, int]:
    """The golden slot's day, start and end."""
    slot = (TASKS[task_id].golden or "").rpartition(": ")[2]
    day, _, times = slot.partition(", ")
    begin, end = (int(h) * 60 + int(m) for h, m in (t.split(":") for t in times.split(" - ")))
    return day, begin, end


def _table(rows: list[tuple[str, str]]) -> str:
    return "| Person | Busy |\n|---|---|\n" + "\n".join(f"| {n} | {s} |" for n, s in rows)


def _own_spans(
    task_id: str, written: Callable[[int], str] = _clock, on_the_hour: bool = False
) -> list[tuple[str, list[str]]]:
    """Each participant's busy times on the slot's day, as the task holds them, each end
    ``written`` so; with ``on_the_hour``, only those starting and ending on the hour."""
    day, _, _ = _slot(task_id)
    return [
        (
            participant.name,
            [
                f"{written(span.start)}-{written(span.end)}"
                for requirement in participant.requirements
                if isinstance(requirement, Busy)
                for span in requirement.spans
                if span.day == day and not (on_the_hour and (span.start % 60 or span.end % 60))
            ],
        )
        for participant in TASKS[task_id].participants
    ]


def _own_rows(task_id: str) -> list[tuple[str, str]]:
    """Each participant's busy times on the slot's day, as a table's row lists them."""
    return [(name, ", ".join(spans) or "-") for name, spans in _own_spans(task_id)]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(TASKS)), st.booleans(), st.data())
def test_a_busy_row_sharing_a_minute_with_the_slot_leaves_them_out(
    task_id: str, before: bool, data: st.DataObject
) -> None:
    golden = TASKS[task_id].golden or ""
    _, start, end = _slot(task_id)
    rows = _own_rows(task_id)
    honest = beside(golden, _table(rows), before)
    assert _scheduling(task_id, honest), honest
    index = data.draw(st.integers(0, len(rows) - 1))
    overlap = data.draw(st.integers(max(0, start - 120), end - 15).map(lambda m: m - m % 15))
    name, spans = rows[index]
    clash = f"{_clock(overlap)}-{_clock(overlap + 60)}"
    rows[index] = (name, clash if spans == "-" else f"{spans}, {clash}")
    if overlap + 60 <= start:
        return  # the drawn span ends before the slot: no clash to read
    table = _table(rows)
    wrong = beside(golden, table, before)
    assert not _scheduling(task_id, wrong), wrong


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(TASKS)), st.data())
def test_a_busy_labels_list_split_by_semicolons_is_one_list(
    task_id: str, data: st.DataObject
) -> None:
    """Found by the same review: "Busy times: Thomas 9:00 - 10:00; Jerry 14:30 - 15:30."
    before the slot passed (the sentence reader cut the list from its label at each ";").
    Before the slot, where reasoning lists busy times: after it, a time of the list beside no
    busy word of its own reads as another slot (an open false fail of the review)."""
    golden = TASKS[task_id].golden or ""
    _, start, end = _slot(task_id)
    rows = [(name, spans) for name, spans in _own_rows(task_id) if spans != "-"]
    if not rows:
        return
    index = data.draw(st.integers(0, len(rows) - 1))

    def said(listed: list[tuple[str, str]]) -> str:
        line = "Busy times: " + "; ".join(f"{name} {spans}" for name, spans in listed) + "."
        return f"{line}\n\n{golden}"

    assert _scheduling(task_id, said(rows)), said(rows)
    name, spans = rows[index]
    rows[index] = (name, f"{spans}, {_clock(start)}-{_clock(end)}")
    assert not _scheduling(task_id, said(rows)), said(rows)


def _compact(minutes: int) -> str:
    """A time as a list in compact hours writes it: the hour alone on the hour, in twelve
    hours ("15:00" is "3"), else the clock time."""
    hour, minute = divmod(minutes, 60)
    return str((hour - 1) % 12 + 1) if minute == 0 else _clock(minutes)


_COMPACT_FORMS = ("{name}'s blocks: {spans}.", "- {name}: busy {spans}")
"""How a list of someone's busy hours is written ("- Jerry: busy 9-11" right after the slot
was read as the slot said busy, 2026-12-07)."""


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(TASKS)), st.sampled_from(_COMPACT_FORMS), st.booleans(), st.data())
def test_busy_times_in_compact_hours_are_read(
    task_id: str, form: str, before: bool, data: st.DataObject
) -> None:
    """Found by the review of 2026-12-07: "Jerry's blocks: 9-11, 11:30-3, 4-5." before the
    14:30 slot passed, no hour alone being read as a time. An hour alone may be morning or
    evening ("9-11"), and either reading counts; the task's own busy times, so written, before
    or after the slot, leave no one out."""
    golden = TASKS[task_id].golden or ""
    _, start, _ = _slot(task_id)
    own = _own_spans(task_id, _compact, on_the_hour=True)
    said = "\n".join(form.format(name=name, spans=", ".join(spans)) for name, spans in own if spans)
    assert _scheduling(task_id, beside(golden, said, before)), said
    name, spans = own[data.draw(st.integers(0, len(own) - 1))]
    hour = start - start % 60
    clash = f"{_compact(hour)}-{_compact(hour + 60)}"
    wrong = beside(golden, form.format(name=name, spans=", ".join([*spans, clash])), before)
    assert not _scheduling(task_id, wrong), wrong


def _twelve_hours(minutes: int) -> str:
    """A time as twelve-hour writing with no am or pm gives it ("15:30" is "3:30")."""
    hour, minute = divmod(minutes, 60)
    return f"{(hour - 1) % 12 + 1}:{minute:02d}"


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(TASKS)), st.booleans(), st.data())
def test_busy_times_in_twelve_hours_with_no_am_or_pm_are_read_in_the_afternoon_too(
    task_id: str, before: bool, data: st.DataObject
) -> None:
    """Found the same day: "Jerry is busy 2:30-3:30." beside the 14:30 slot passed, "2:30"
    read as the small hours only. A time from 1:00 to 7:59 with no am or pm and no leading
    zero is read both ways; the task's own busy times, so written, leave no one out."""
    golden = TASKS[task_id].golden or ""
    _, start, end = _slot(task_id)
    own = [(name, spans) for name, spans in _own_spans(task_id, _twelve_hours) if spans]
    said = " ".join(f"{name} is busy {', '.join(spans)}." for name, spans in own)
    assert _scheduling(task_id, beside(golden, said, before)), said
    if not own:
        return
    name, spans = own[data.draw(st.integers(0, len(own) - 1))]
    clash = f"{_twelve_hours(start)}-{_twelve_hours(end)}"
    wrong = beside(golden, f"{name} is busy {', '.join([*spans, clash])}.", before)
    assert not _scheduling(task_id, wrong), wrong


_BARE_FORMS = ("between {a} and {b}", "{a} till {b}", "{a} until {b}")
"""Ranges of two hours written alone, each as a model may join them."""


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(TASKS)), st.sampled_from(_BARE_FORMS), st.booleans(), st.data())
def test_busy_hours_written_alone_after_a_span_word_are_read(
    task_id: str, form: str, before: bool, data: st.DataObject
) -> None:
    """Found by the review of 2026-12-07: "Jerry is busy until 3.", "Jerry is busy between 2
    and 4." and "Jerry: busy 2 till 4." beside the 14:30 slot passed, an hour alone being read
    only where a dash joins it to another. An hour alone after a span's word ("until 3", "from
    2", "between 2 and 4") is read in both halves of the day, as compact hours are; the task's
    own busy times on the hour, so written, leave no one out."""
    golden = TASKS[task_id].golden or ""
    _, start, end = _slot(task_id)
    own = [(n, s) for n, s in _own_spans(task_id, _compact, on_the_hour=True) if s]
    ranges = [
        (name, [form.format(a=a, b=b) for a, b in (s.split("-") for s in spans)])
        for name, spans in own
    ]
    said = " ".join(f"{name} is busy {', '.join(written)}." for name, written in ranges)
    assert _scheduling(task_id, beside(golden, said, before)), said
    name = data.draw(st.sampled_from([p.name for p in TASKS[task_id].participants]))
    hour = start - start % 60
    clash = data.draw(
        st.sampled_from(
            (
                form.format(a=_compact(hour), b=_compact(hour + 60)),
                f"until {_compact(hour + 60)}",
                # scheduling reads "from" a time alone as the block's start
                f"from {_compact(start)}" if start == hour else f"until {_compact(hour + 60)}",
                f"at {_compact(hour + 60)}" if hour + 60 < end else f"until {_compact(hour + 60)}",
            )
        )
    )
    wrong = beside(golden, f"{name} is busy {clash}.", before)
    assert not _scheduling(task_id, wrong), wrong
