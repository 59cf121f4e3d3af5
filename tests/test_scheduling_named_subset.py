"""Scheduling's reading of two last classes of the 2026-12-06 review
(``tests/test_review_probes_scheduling_1206.py``), each held by a property that generates many
forms of it, with honest controls and near forms.

- the slot said to be for only some of the task's participants by name ("Monday, 14:30 -
  15:30 for Thomas and Dylan" when Jerry is invited too, "Attendees: Thomas, Dylan", "Thomas
  and Dylan can make it", "only works for Thomas and Dylan", an ``attendees`` key):
  ``plan_for_part_of_group``; the reader takes the task's names from the judge. Everyone
  listed, the rest said to be in too ("Jerry is free too"), or a list holding someone the
  task does not name ("for you, Thomas and Dylan": the user may be the third) is no such
  claim.
- the slot's end said as another slot's start in any clock form ("Starting at 3:30 pm would
  also work", "a 15h30 start", "we could also begin at half past three"): another slot. The
  24-hour form was closed first (``tests/test_scheduling_review_classes.py``); the 12-hour
  one was made the slot's own again by the core's 12-hour completion.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from checkers.transcript import Transcript
from domains.scheduling.judge import judge_everyone_can_attend
from domains.scheduling.models import Meeting, Participant, Task, clock
from domains.scheduling.scenarios import bundled_tasks
from domains.scheduling.solver import solve
from tests.test_review_probes_planning_1205 import NP6, SLOT, slot
from tests.test_scheduling_review_classes import END_AS_START

JSON_SLOT = '```json\n{"day": "Monday", "start": "14:30", "end": "15:30"}\n```'


def problems(task: Task, text: str) -> list[str]:
    """The answer problems of ``text`` judged on ``task`` (the judge hands the reader the
    task's participants)."""
    verdict = judge_everyone_can_attend(task, Transcript(final_text=text), 1.0)
    return [p.code for p in verdict.problems]


def judged_slot(task: Task, text: str) -> bool:
    return judge_everyone_can_attend(task, Transcript(final_text=text), 1.0).passed


# --- the slot said to be for only some participants by name -----------------------------------

GROUPS = [
    task
    for task in bundled_tasks().values()
    if len(task.participants) >= 3 and solve(task) is not None
][:40]
"""Bundled tasks of three to seven participants that have a slot working for everyone."""


def day_and_range(task: Task) -> str:
    """The task's earliest slot that works for everyone: ``Monday, 14:30 - 15:30``."""
    found = solve(task)
    assert found is not None
    return f"{found.day}, {clock(found.start)} - {clock(found.end)}"


def the_slot(task: Task) -> str:
    """The benchmark's answer line for the task's earliest slot that works for everyone."""
    return f"Here is the proposed time: {day_and_range(task)}"


def listing(names: list[str], joint: str) -> str:
    """``names`` as a list, joined as ``joint`` says ("and", "oxford", "ampersand")."""
    if len(names) == 1:
        return names[0]
    last = {"and": " and ", "oxford": ", and ", "ampersand": " & "}[joint]
    return ", ".join(names[:-1]) + last + names[-1]


JOINTS = st.sampled_from(("and", "oxford", "ampersand"))
FOR_SOME = (
    "{plan} for {people}.",
    "{plan} (for {people})",
    "{plan} \u2014 for {people}.",
    "{plan} for both {people}.",
    "{plan}\n\nThis is for {people}.",
    "{plan}\n\nThe meeting is for {people}.",
    "{plan}\n\nAttendees: {people}.",
    "{plan}\n\n**Participants:** {people}",
    "{plan}\n\n{people} can make it.",
    "{plan}\n\n{people} can attend.",
    "{plan}\n\n{people} will join.",
    "{plan}\n\nThis only works for {people}.",
    "{plan}\n\nIt is only possible for {people}.",
    "{plan} for {people} only.",
    "{plan}\n\nOnly {people} can make it.",
    "{plan}\n\nJust {people} are free then.",
    "{people} can make the slot below.\n\n{plan}",
    "Proposed time for {people}: {day_and_range}",
    "{plan}\n\nI've booked the meeting for {people}.",
)
"""The slot said to be for a list of people; ``{people}`` is fewer than all participants."""
CAN_COME = (
    "{plan}\n\n{people} can make it.",
    "{plan}\n\n{people} can attend.",
    "{plan}\n\n{people} will join.",
    "{people} can make the slot below.\n\n{plan}",
)
"""Forms saying who can come: a list of two or more that leaves someone out names who is in,
but one participant alone ("Jerry can make it.") is a word on that one, most often the one whose
calendar was in doubt, and says nothing of the others (``tests/test_clock_readings_once.py``)."""


@st.composite
def some_of_a_group(draw: st.DrawFn) -> tuple[Task, list[str]]:
    """A task and a list of fewer than all of its participants, in any order."""
    task = draw(st.sampled_from(GROUPS))
    names = [p.name for p in task.participants]
    size = draw(st.integers(1, len(names) - 1))
    return task, draw(st.permutations(names))[:size]


@given(some_of_a_group(), st.sampled_from(FOR_SOME), JOINTS)
def test_the_slot_for_some_by_name_fails(
    group: tuple[Task, list[str]], form: str, joint: str
) -> None:
    task, named = group
    if form in CAN_COME and len(named) == 1:
        # One name alone says nothing of the others: two of them, still fewer than all.
        named = [*named, next(p.name for p in task.participants if p.name not in named)]
        assume(len(named) < len(task.participants))
    text = form.format(
        plan=the_slot(task), people=listing(named, joint), day_and_range=day_and_range(task)
    )
    assert "plan_for_part_of_group" in problems(task, text), text


NOT_FOR = (
    "{plan}\n\nThis works for {people}, but not for {rest}.",
    "{plan}\n\nIt suits {people} but not {rest}.",
    "{plan}\n\nFree for {people}; not for {rest}, unfortunately.",
)


@given(some_of_a_group(), st.sampled_from(NOT_FOR), JOINTS)
def test_the_slot_said_not_for_some_by_name_fails(
    group: tuple[Task, list[str]], form: str, joint: str
) -> None:
    task, named = group
    rest = [p.name for p in task.participants if p.name not in named]
    text = form.format(plan=the_slot(task), people=listing(named, joint), rest=listing(rest, joint))
    assert "plan_for_part_of_group" in problems(task, text), text


IN_TOO = (
    "{rest} is free too.",
    "{rest} can join as well.",
    "{rest} is also available then.",
    "And {rest} can attend too.",
)
"""Everyone a list leaves out, said to be in too (``{rest}``: one of them at a time)."""


@given(
    some_of_a_group(),
    st.sampled_from([f for f in FOR_SOME if "only" not in f.lower() and "Just" not in f]),
    st.sampled_from(IN_TOO),
    JOINTS,
)
def test_the_rest_said_to_be_in_too_passes(
    group: tuple[Task, list[str]], form: str, in_too: str, joint: str
) -> None:
    task, named = group
    rest = [p.name for p in task.participants if p.name not in named]
    notes = " ".join(in_too.format(rest=name) for name in rest)
    said = form.format(
        plan=the_slot(task), people=listing(named, joint), day_and_range=day_and_range(task)
    )
    text = f"{said}\n\n{notes}"
    assert judged_slot(task, text), (text, problems(task, text))


@given(st.sampled_from(GROUPS), st.sampled_from(FOR_SOME), JOINTS, st.sampled_from(("", "you")))
def test_everyone_listed_or_someone_else_in_the_list_passes(
    task: Task, form: str, joint: str, someone_else: str
) -> None:
    """Every participant listed, or one of them replaced by someone the task does not name
    ("you": the user may be the one left out of the names)."""
    names = [p.name for p in task.participants]
    if someone_else:
        names[-1] = someone_else
    text = form.format(
        plan=the_slot(task), people=listing(names, joint), day_and_range=day_and_range(task)
    )
    assert judged_slot(task, text), (text, problems(task, text))


@pytest.mark.parametrize(
    "text",
    [
        f"{SLOT}\n\nThomas and Dylan are free; Jerry is free too.",
        f"{SLOT} for Thomas, Dylan and Jerry.",
        f"{SLOT} for Thomas, Dylan, and Jerry.",
        f"{SLOT} for all three of you.",
        f"{SLOT} for you, Thomas and Dylan.",
        f"{SLOT} for Thomas, Dylan and yourself.",
        f"{SLOT} for everyone.",
        f"{SLOT}\n\nJerry's meeting ends at 14:30, so 14:30 works for everyone.",
        f"{SLOT}\n\nThomas and Dylan can make it, and Jerry is free from 14:30.",
        f"{SLOT}\n\nThomas and Dylan can make it; Jerry's block ends right at 14:30, so he can "
        "too.",
        f"{SLOT} for both Thomas and Dylan; Jerry can join as well.",
        f"{SLOT}\n\nNot only Thomas and Dylan but also Jerry can make it.",
        f"{SLOT}\n\nThis works for Dylan and Jerry since their blocks end by 14:30.",
        f"{SLOT}\n\nOnly Thomas is free all day.",
        f"{SLOT}\n\nOnly Dylan is busy before 14:00.",
        f"{SLOT}\n\nIf only Thomas and Dylan can make it, let me know.",
        f"{SLOT}\n\nCan Thomas and Dylan make it?",
        f"{SLOT}\n\nIt's not for Jerry to decide, but everyone is free.",
        f"{SLOT}\n\nOnly Jerry is busy until 14:30, so the slot starts then.",
        f"{SLOT}\n\nThomas and Dylan can make it. Jerry is free from 14:30 to 16:00.",
        f"{SLOT}\n\nThis is the first slot after Jerry's block that also suits Thomas and Dylan.",
        f"{SLOT}\n\nI'll send the invite to Thomas, Dylan, and Jerry.",
        f"{SLOT}\n\nIt's a good time for Dylan and Jerry, who both have morning commitments.",
        "Thomas and Dylan are both free from 14:00, and Jerry is available from 14:30 until "
        f"16:00. So the meeting works for Thomas, Dylan and Jerry at:\n\n{SLOT}",
        f"Jerry is only free after 14:30. Thomas and Dylan can make it any time after 14:00.\n\n"
        f"{SLOT}",
        f"{SLOT}\n\nEveryone is free, not just Thomas and Dylan.",
        f"{SLOT}\n\nThis works for Thomas and Dylan, and not only for them: Jerry too.",
        f"{SLOT}\n\nThomas and Dylan's calendars are open all afternoon.",
        f"{SLOT}\n\nYou, Thomas and Dylan can make it.",
        f"Monday, 9:00 - 10:00 only works for Thomas and Dylan.\n\n{SLOT}",
        f"At 9:00 only Thomas and Dylan are free.\n\n{SLOT}",
        "```json\n"
        '{"day": "Monday", "start": "14:30", "end": "15:30", '
        '"attendees": ["Thomas", "Dylan", "Jerry"]}\n```',
    ],
)
def test_honest_mentions_of_the_participants_pass(text: str) -> None:
    assert slot(text), (text, problems(NP6, text))


@pytest.mark.parametrize(
    "text",
    [
        f"{SLOT} for Thomas and Dylan.",
        f"{SLOT} for Thomas and Dylan only; Jerry is free too.",
        f"{SLOT}\n\nThomas and Dylan can make it. Jerry's block runs until 15:00.",
        f"{SLOT}\n\nThomas and Dylan can make it, but Jerry's block runs over.",
        f"{JSON_SLOT}\n\nThis is for Thomas and Dylan.",
        "```json\n"
        '{"day": "Monday", "start": "14:30", "end": "15:30", "attendees": ["Thomas", "Dylan"]}'
        "\n```",
        '{"day": "Monday", "start": "14:30", "end": "15:30", "participants": "Thomas and Dylan"}',
        '{"day": "Monday", "start": "14:30", "end": "15:30", "invitees": ["thomas", "jerry"]}',
    ],
)
def test_the_slot_for_some_fails(text: str) -> None:
    assert "plan_for_part_of_group" in problems(NP6, text), text


def test_the_clash_admitted_keeps_its_reading() -> None:
    """The review's control: "Thomas and Dylan are free" is no list of attendees; the clash
    admitted after it fails as it did."""
    text = f"{SLOT}\n\nThomas and Dylan are free; Jerry is the only one with a clash."
    verdict = judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0)
    assert [p.code for p in verdict.problems] == ["plan_for_part_of_group"]
    assert "'a clash'" in verdict.problems[0].message


def test_a_task_of_two_reads_a_list_of_one() -> None:
    task = Task(
        id="two",
        meeting=Meeting(duration_minutes=60, work_start=540, work_end=1020, days=("Monday",)),
        participants=(Participant(id="a", name="Ana"), Participant(id="b", name="Ben")),
    )
    assert "plan_for_part_of_group" in problems(task, f"{SLOT} for Ana.")
    assert judged_slot(task, f"{SLOT} for Ana and Ben.")
    assert judged_slot(task, f"{SLOT} for you and Ana.")


# --- the end said as a start, in any clock form -----------------------------------------------

FREE_DAY = Task(
    id="free-day",
    meeting=Meeting(duration_minutes=60, work_start=0, work_end=24 * 60, days=("Monday",)),
    participants=(Participant(id="a", name="Ana"), Participant(id="b", name="Ben")),
)
"""Two people free all Monday: any hour-long slot that day works for everyone."""
HOUR_WORDS = [
    "twelve",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
]
PART_WORDS = {15: "a quarter past {h}", 30: "half past {h}"}


def clock_forms(minutes: int) -> list[str]:
    """The ways an answer writes the time ``minutes``: 24-hour, 12-hour in several spellings,
    the "15h30" notation and, on the quarter and half hours, in words."""
    hours, mins = divmod(minutes, 60)
    half = "pm" if hours >= 12 else "am"
    twelve = hours % 12 or 12
    forms = [
        f"{hours:02d}:{mins:02d}",
        f"{twelve}:{mins:02d} {half}",
        f"{twelve}:{mins:02d}{half.upper()}",
        f"{twelve}:{mins:02d} {half[0]}.m.",
        f"{hours}h{mins:02d}",
    ]
    if mins == 0:
        forms.append(f"{twelve} {half}")
    if mins in PART_WORDS:
        forms.append(PART_WORDS[mins].format(h=HOUR_WORDS[hours % 12]))
    return forms


@st.composite
def slots_and_ends(draw: st.DrawFn) -> tuple[str, str]:
    """A one-hour slot on a quarter hour between 8:00 and 19:00, and a clock form of its end."""
    start = draw(st.integers(8 * 4, 19 * 4)) * 15
    plan = f"Here is the proposed time: Monday, {clock(start)} - {clock(start + 60)}"
    return plan, draw(st.sampled_from(clock_forms(start + 60)))


@given(slots_and_ends(), st.sampled_from(END_AS_START))
def test_the_end_said_as_a_start_in_any_form_is_another_slot(
    plan_and_end: tuple[str, str], form: str
) -> None:
    plan, end = plan_and_end
    assert judged_slot(FREE_DAY, plan)
    text = f"{plan}\n\n{form.format(t=end)}"
    assert not judged_slot(FREE_DAY, text), text


END_AS_END = (
    "The meeting ends at {t}.",
    "It wraps up at {t}.",
    "We finish at {t}, with time to spare.",
    "The {t} end leaves everyone a break.",
)


@given(slots_and_ends(), st.sampled_from(END_AS_END))
def test_the_end_said_as_an_end_in_any_form_passes(
    plan_and_end: tuple[str, str], form: str
) -> None:
    plan, end = plan_and_end
    text = f"{plan}\n\n{form.format(t=end)}"
    assert judged_slot(FREE_DAY, text), (text, problems(FREE_DAY, text))


@given(st.integers(8 * 4, 19 * 4).map(lambda k: k * 15), st.sampled_from(END_AS_START[:4]))
def test_the_start_said_as_a_start_in_any_form_passes(start: int, form: str) -> None:
    plan = f"Here is the proposed time: Monday, {clock(start)} - {clock(start + 60)}"
    for said in clock_forms(start):
        note = form.format(t=said).replace(" also", "").replace(" as well", "")
        note = note.replace(" would", " will").replace("could just as well", "will")
        text = f"{plan}\n\n{note}"
        assert judged_slot(FREE_DAY, text), (text, problems(FREE_DAY, text))


@pytest.mark.parametrize(
    "note",
    [
        "Dylan's next call starts at 3:30 pm.",
        "We start at 2:30 pm and finish at 3:30 pm.",
        "Starting at 2:30 pm, the meeting runs until 3:30 pm.",
        "It starts at half past two and ends at half past three.",
        "Jerry's 4 pm meeting starts after we finish at 3:30 pm.",
    ],
)
def test_the_end_in_12_hour_words_said_as_an_end_passes(note: str) -> None:
    text = f"{SLOT}\n\n{note}"
    assert slot(text), (text, problems(NP6, text))
