"""Over every bundled dining scenario a plan serves in full and every one of the 310 scheduling
tasks: a roster beside the plan that names some of the group but not all, or crosses one of
them out, leaves someone out (``plan_for_part_of_group``); a roster of everyone, names without
a roster's label and someone's thing ("Ana's vegan dish") do not.

Found by a hostile review (2026-12-07): "RSVP: Ana ✅, Björn ✅, José ✅, Zoë ❌, Mei ✅, Raj ✅",
"Invites sent to Ana, Björn, José, Zoë and Mei." (five of six) and "Monday, 14:30 - 15:30
(Thomas & Dylan)" (Jerry invited too) passed. Each property was seen failing on the code before
(:mod:`checkers.roster`).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domains.dining.scenarios import DINING
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS
from tests.test_plan_struck_or_without import _dining, _dining_plan, _scheduling
from tests.test_review_probes_planning_1205 import FENCED

LABELS = (
    "RSVP: {names}",
    "Invites sent to {names}.",
    "Attendees: {names}",
    "**Guests:** {names}",
    "Who's coming: {names}.",
    "Table for {names}.",
    "Participants - {names}",
)
"""A roster's label and its list."""
HONEST = (
    "Confirmed: {a}'s dish and {b}'s dessert.",
    "{a} and {b} will love it.",
    "Guests: everyone, including {a} and {b}.",
    "Invites sent to {a}, {b} and the others.",
)
"""No roster leaving anyone out: someone's thing, names without a label, a list that goes on."""


def _series(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _group(scenario_id: str, task_id: str, dining: bool) -> tuple[str, list[str]]:
    """The plan and the group's first names, in the dining scenario or the scheduling task."""
    if dining:
        plan, _ = _dining_plan(scenario_id)
        guests = DINING.load_scenario(scenario_id).group.guests
        return plan, [g.name.split()[0] for g in guests]
    task = TASKS[task_id]
    return task.golden or "", [p.name for p in task.participants]


def beside(plan: str, said: str, before: bool) -> str:
    """``said`` in a paragraph of its own before the plan, or after it."""
    return f"{said}\n\n{plan}" if before else f"{plan}\n\n{said}"


def _judge(scenario_id: str, task_id: str, dining: bool, text: str) -> bool:
    return _dining(scenario_id, text) if dining else _scheduling(task_id, text)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(LABELS),
    st.booleans(),
    st.data(),
)
def test_a_roster_of_all_but_one_leaves_them_out_and_of_everyone_does_not(
    scenario_id: str, task_id: str, label: str, dining: bool, data: st.DataObject
) -> None:
    plan, names = _group(scenario_id, task_id, dining)
    if len(names) < 3 or len(set(names)) < len(names):
        return  # a roster of one names no group
    if not dining and label.startswith("Table"):
        return  # a meeting has no table
    missing = data.draw(st.sampled_from(names))
    some = [n for n in names if n != missing]
    wrong = f"{plan}\n\n" + label.format(names=_series(some))
    assert not _judge(scenario_id, task_id, dining, wrong), wrong
    whole = f"{plan}\n\n" + label.format(names=_series(names))
    assert _judge(scenario_id, task_id, dining, whole), whole


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(("\u274c", "\u2717", "(declined)", ": no")),
    st.booleans(),
    st.data(),
)
def test_a_member_crossed_out_in_a_roster_is_left_out(
    scenario_id: str, task_id: str, cross: str, dining: bool, data: st.DataObject
) -> None:
    plan, names = _group(scenario_id, task_id, dining)
    if len(set(names)) < len(names):
        return
    crossed = data.draw(st.sampled_from(names))
    marks = [f"{n} {cross if n == crossed else chr(0x2705)}" for n in names]
    wrong = f"{plan}\n\nRSVP: " + ", ".join(marks)
    assert not _judge(scenario_id, task_id, dining, wrong), wrong
    ticked = f"{plan}\n\nRSVP: " + ", ".join(f"{n} \u2705" for n in names)
    assert _judge(scenario_id, task_id, dining, ticked), ticked


TABLE_HEADERS = (
    ("Guest", "Coming"),
    ("Name", "RSVP"),
    ("Who", "Status"),
    ("Person", "Diet", "Attending"),
    ("Guest", "Will attend"),
)
"""A table of the group with a column of who comes (the last header), maybe another between."""


def _table(headers: tuple[str, ...], rows: list[tuple[str, str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    fill = ["none"] * (len(headers) - 2)
    lines += ["| " + " | ".join([who, *fill, said]) + " |" for who, said in rows]
    return "\n".join(lines)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(TABLE_HEADERS),
    st.sampled_from(("No", "\u274c", "declined", "maybe", None)),
    st.booleans(),
    st.data(),
)
def test_a_table_of_the_group_saying_one_does_not_come_leaves_them_out(
    scenario_id: str,
    task_id: str,
    headers: tuple[str, ...],
    cross: str | None,
    dining: bool,
    data: st.DataObject,
) -> None:
    """Found passing (2026-12-07): "| Guest | Coming |" over six rows, Zoë's "No"; and a table
    of five of the six. ``cross`` None: the member's row left out, which only a table of who
    comes says (a table of each one's "Status" may list those with something to say)."""
    plan, names = _group(scenario_id, task_id, dining)
    if len(names) < 3 or len(set(names)) < len(names):
        return
    if cross is None and headers[-1] == "Status":
        return  # a table of each one's state may list only some ("| Ana | nuts | confirmed |")
    out = data.draw(st.sampled_from(names))
    yes = data.draw(st.sampled_from(("Yes", "\u2705", "\u2713", "confirmed")))
    rows = [(n, cross or "") if n == out else (n, yes) for n in names]
    wrong = beside(plan, _table(headers, [r for r in rows if cross or r[0] != out]), False)
    assert not _judge(scenario_id, task_id, dining, wrong), wrong
    honest = beside(plan, _table(headers, [(n, yes) for n in names]), False)
    assert _judge(scenario_id, task_id, dining, honest), honest


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(TASKS)), st.sampled_from((" & ", " and ", ", ")), st.data())
def test_names_alone_in_brackets_after_the_slot_are_its_roster(
    task_id: str, joiner: str, data: st.DataObject
) -> None:
    plan, names = _group("", task_id, False)
    if len(names) < 3 or len(set(names)) < len(names):
        return
    missing = data.draw(st.sampled_from(names))
    some = joiner.join(n for n in names if n != missing)
    assert not _scheduling(task_id, f"{plan} ({some})"), some
    assert _scheduling(task_id, f"{plan} ({joiner.join(names)})"), names


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(HONEST),
    st.booleans(),
)
def test_names_in_other_words_are_no_roster(
    scenario_id: str, task_id: str, honest: str, dining: bool
) -> None:
    plan, names = _group(scenario_id, task_id, dining)
    if len(names) < 2:
        return
    text = f"{plan}\n\n" + honest.format(a=names[0], b=names[1])
    assert _judge(scenario_id, task_id, dining, text), text


LISTED_OUT = (
    "Guests:\n- Ana\n- Björn\n- José\n- Zoë\n- Mei",
    "RSVP: Ana, Björn, José, Zoë, Mei, ~~Raj~~",
    "RSVP: Ana, Björn, José, Zoë, Mei, Raj (maybe)",
    "Attendees (5): Ana, Björn, José, Zoë, Mei",
    "Seats for Ana, Björn, José, Zoë and Mei.",
    "Coming: Ana, Björn, José, Zoë, Mei",
)
"""Rosters a review of this reader found passing (2026-12-07): a list on lines of its own, a
name struck or marked maybe, a label with a count, "Seats for", "Coming:"."""
LISTED_NOTES = (
    "Guests: Ana, Björn (no dairy), José, Zoë, Mei, Raj - out by 19:30",
    "Allergies confirmed: Ana and Zoë.",
    "Table for 6 \u2014 Ana and Mei asked for a booth.",
    "Guests:\n- Ana\n- Björn\n- José\n- Zoë\n- Mei\n- Raj",
)
"""Notes it failed: a note on a name ("no dairy", "out by" the dinner's end), a word that is no
label inside a sentence, a table for the group's count."""


@pytest.mark.parametrize("listed", LISTED_OUT)
def test_more_rosters_leaving_someone_out(listed: str) -> None:
    assert not _dining("story-six", f"{FENCED}\n{listed}"), listed


@pytest.mark.parametrize("listed", LISTED_NOTES)
def test_notes_on_the_group_leave_no_one_out(listed: str) -> None:
    assert _dining("story-six", f"{FENCED}\n{listed}"), listed


TABLES_NOT_ROSTERS = (
    "| Guest | Allergy | Status |\n|---|---|---|\n| {a} | nuts | confirmed |\n"
    "| {b} | gluten | noted |",
    "| Option | Status |\n|---|---|\n| Umi | \u274c {a} can't eat there |\n| Green Fork | \u2705 |",
)
"""Tables that are no roster: a state of those with something to say, rows of no member
(found failing by a review of this reader, 2026-12-07)."""


@pytest.mark.parametrize("table", TABLES_NOT_ROSTERS)
def test_a_table_of_states_or_of_other_things_leaves_no_one_out(table: str) -> None:
    plan, names = _group("story-six", "", True)
    assert _dining("story-six", beside(plan, table.format(a=names[0], b=names[1]), False))
