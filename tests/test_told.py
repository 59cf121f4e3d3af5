"""Times read out of text (``checkers/told.py``): every way an agent or a tool writes a time with
minutes reads back as the same ``H:MM`` on the 24-hour clock, and figures that are no time are
no time. (The property over every hour and minute in every form is
``tests/test_airline_crafted.py::test_a_time_reads_the_same_in_every_way_it_is_written``.)"""

from __future__ import annotations

import pytest

from checkers.told import times_at, times_in

WRITTEN = [
    ("14:00", ["14:00"]),
    ("2:00 PM", ["14:00"]),
    ("2:00pm", ["14:00"]),
    ("06:00:00", ["6:00"]),
    ("12:15 am", ["0:15"]),
    ("12:15 p.m.", ["12:15"]),
    ("5.30 pm", ["17:30"]),
    ("17h30", ["17:30"]),
    ("1730 hours", ["17:30"]),
    ("1730 hrs", ["17:30"]),
    ("leaves at 0530", ["5:30"]),
    ("7 PM", ["19:00"]),
    ("noon", ["12:00"]),
    ("midnight", ["0:00"]),
    # figures that are no time
    ("5.30", []),
    ("costs 1730", []),
    ("room 0530", []),
    ("24:00", []),
    ("13 pm", []),
]


@pytest.mark.parametrize(("text", "times"), WRITTEN)
def test_each_way_of_writing_a_time_reads_as_its_24_hour_clock(text: str, times: list[str]) -> None:
    assert times_in(text) == times


def test_every_time_is_read_at_its_place() -> None:
    assert times_at("HAT1 leaves 14:05, HAT2 at 7 pm, back by noon") == [
        (12, "14:05"),
        (27, "19:00"),
        (41, "12:00"),
    ]
