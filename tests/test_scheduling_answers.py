"""Reading the proposed slot from an agent's final text: the benchmark's format and its common
variants, JSON, and a clear problem (never a guess) for everything else."""

from __future__ import annotations

from typing import Any

import pytest

from domains.scheduling.answers import clock_minutes, read_answer


def read(text: str | None) -> tuple[Any, ...]:
    """(day, start, end, problem codes) with each missing part shown by its problem's code."""
    found = read_answer(text)
    parts = [v if not hasattr(v, "code") else v.code for v in (found.day, found.start, found.end)]
    return (*parts, [p.code for p in found.problems])


@pytest.mark.parametrize(
    "text",
    [
        "Here is the proposed time: Monday, 14:30 - 15:30 ",
        "Here is the proposed time: Monday, 14:30 - 15:30",
        "Monday, 14:30 - 15:30",
        "Monday 14:30-15:30",
        "monday, 14:30 \u2013 15:30",
        "Monday, 2:30pm-3:30pm",
        "Monday, 2:30 PM - 3:30 PM",
        "Monday from 2:30 p.m. to 3:30 p.m.",
        "Monday between 14:30 and 15:30",
        "14:30 - 15:30 on Monday",
        "Let's meet on Monday, 14:30 - 15:30. Everyone is free then.",
        '{"day": "Monday", "start": "14:30", "end": "15:30"}',
        '```json\n{"day": "monday", "start": "2:30pm", "end": "15:30"}\n```',
        'Here is the proposed time: Monday, 14:30 - 15:30\n{"day": "Monday", "start": "14:30", '
        '"end": "15:30"}',
        "I weighed Monday, 9:00 - 10:00 and Tuesday, 9:00 - 10:00. Here is the proposed time: "
        "Monday, 14:30 - 15:30",
        "Here is the proposed time: Monday, 14:30 - 15:30. Again: Here is the proposed time: "
        "Monday, 14:30 - 15:30",
    ],
)
def test_one_slot_in_any_common_form(text: str) -> None:
    assert read(text) == ("Monday", 870, 930, [])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Monday, 9:00 - 9:30", ("Monday", 540, 570, [])),
        ("Monday, 09:00 - 09:30", ("Monday", 540, 570, [])),
        ("Friday, 12pm - 1pm", ("Friday", 720, 780, [])),
        ("Friday, 12am - 1am", ("Friday", 0, 60, [])),
        ("Tuesday, 2:30 - 3:30", ("Tuesday", 150, 210, [])),  # 24-hour, as written
        ("Sunday, 16:00 - 24:00", ("Sunday", 960, 1440, [])),
    ],
)
def test_times_are_read_as_written(text: str, expected: tuple[Any, ...]) -> None:
    assert read(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (None, ("no_final_response",) * 3 + (["no_final_response"],)),
        ("", ("empty_response",) * 3 + (["empty_response"],)),
        ("I could not find a time.", ("no_slot",) * 3 + (["no_slot"],)),
        ("Monday, 3 to 4 people can come", ("no_slot",) * 3 + (["no_slot"],)),
        ("Monday at 14:30", ("no_slot",) * 3 + (["no_slot"],)),
        ("2:30pm-3:30pm", ("missing_day", 870, 930, ["missing_day"])),
        ("Mon, 14:30 - 15:30", ("missing_day", 870, 930, ["missing_day"])),
        ("Today, 14:30 - 15:30", ("unknown_day", 870, 930, ["unknown_day"])),
        ("Monday, 2:30 - 3:30pm", ("Monday", 870, 930, [])),
        (
            "Monday, 5:00 - 5:00pm",
            ("Monday", "ambiguous_time", "ambiguous_time", ["ambiguous_time"]),
        ),
        ("Monday, 15:30 - 14:30", ("Monday", 930, "end_not_after_start", ["end_not_after_start"])),
        ("Monday, 14:30 - 14:30", ("Monday", 870, "end_not_after_start", ["end_not_after_start"])),
        (
            "Monday, 25:00 - 26:00",
            (
                "Monday",
                "unparseable_start",
                "unparseable_end",
                ["unparseable_start", "unparseable_end"],
            ),
        ),
        ("Monday, 9:75 - 10:00", ("Monday", "unparseable_start", 600, ["unparseable_start"])),
        (
            "Monday, 14:30 - 15:30 or Tuesday, 9:00 - 9:30",
            ("several_slots",) * 3 + (["several_slots"],),
        ),
        (
            'Here is the proposed time: Monday, 9:00 - 9:30 {"day": "Monday", "start": "9:00", '
            '"end": "10:00"}',
            ("several_slots",) * 3 + (["several_slots"],),
        ),
        (
            '{"day": "Monday"} {"day": "Tuesday"}',
            ("several_json_objects",) * 3 + (["several_json_objects"],),
        ),
        ('{"start": "9:00", "end": "9:30"}', ("missing_day", 540, 570, ["missing_day"])),
        ('{"day": "Monday", "end": "9:30"}', ("Monday", "missing_start", 570, ["missing_start"])),
        ('{"day": "Monday", "start": "9:00"}', ("Monday", 540, "missing_end", ["missing_end"])),
        (
            '{"day": 1, "start": 900, "end": ["9:30"]}',
            (
                "unknown_day",
                "unparseable_start",
                "unparseable_end",
                ["unknown_day", "unparseable_start", "unparseable_end"],
            ),
        ),
        (
            '{"day": "Moonday", "start": "9:00", "end": "9:30"}',
            ("unknown_day", 540, 570, ["unknown_day"]),
        ),
        ("[]", ("answer_not_object",) * 3 + (["answer_not_object"],)),
    ],
)
def test_problems_never_guesses(text: str | None, expected: tuple[Any, ...]) -> None:
    assert read(text) == expected


def test_problem_messages_say_how_to_fix_the_answer() -> None:
    found = read_answer("Monday, 5:00 - 5:00pm")
    assert found.problems[0].message == (
        "the range 5:00 - 5:00pm gives am/pm on one side only and no reading of the other side "
        "ends after it starts; write both times as 24-hour H:MM (e.g. 14:30 - 15:30) or give "
        "am/pm on both"
    )
    found = read_answer("Monday, 14:30 - 15:30 or Tuesday, 9:00 - 9:30")
    assert found.problems[0].message == (
        "the answer proposes 2 different slots (Monday, 14:30 - 15:30; Tuesday, 9:00 - 9:30) and "
        "the checker will not pick one; propose exactly one, e.g. Here is the proposed time: "
        "Monday, 14:30 - 15:30"
    )
    found = read_answer(None)
    assert found.problems[0].message == (
        "the agent gave no final response; it must end its turn with the proposed time, e.g. "
        "Here is the proposed time: Monday, 14:30 - 15:30"
    )
    assert read_answer('{"day": "Mon"}').day.message == (  # type: ignore[union-attr]
        "day 'Mon' is not a weekday; write the day in full, e.g. 'Monday'"
    )


def test_what_was_read_and_ignored_is_kept_for_the_verdict() -> None:
    found = read_answer('{"day": "Monday", "start": "9:00", "end": "9:30", "why": "free"}')
    assert found.read == {"day": "Monday", "start": "9:00", "end": "9:30"}
    assert found.ignored == ("why",)
    assert read_answer("Monday, 15:30 - 14:30").read == {"day": "Monday", "start": "15:30"}
    assert read_answer("nothing").read is None


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("0:00", 0),
        ("9:00", 540),
        ("09:05", 545),
        ("24:00", 1440),
        ("12pm", 720),
        ("12:30 am", 30),
        ("1 P.M.", 780),
        ("24:30", None),
        ("13pm", None),
        ("0am", None),
        ("9", None),
        ("9.30", None),
        ("9:5", None),
        ("nine", None),
    ],
)
def test_clock_times(text: str, minutes: int | None) -> None:
    assert clock_minutes(text) == minutes
