"""A scheduling answer naming many times is read in time linear in its length.

A list of busy times after the slot ("Thomas is busy 1:00-1:05, 2:07-2:12, ...") took 3.7 s at
17 KB, twice the text three times as long (found 2026-12-07): each time read the rest of its
clause again for a contrast ruling it out
("..., but that's too late"), and a list is one clause. The contrast is now looked for after
the clause's last digit only (what follows it names no time), found once per clause
(``domains/scheduling/answers.py``, ``_Asides._ruled_out_after``). Same-run ratios, not timings:
eight times the text takes at most sixteen times as long (a quadratic reading takes 64).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from checkers.transcript import Transcript
from domains.scheduling.judge import judge_everyone_can_attend
from tests.test_review_probes_planning_1205 import NP6, SLOT

pytestmark = pytest.mark.checkers_meta


def _clock(i: int, shift: int) -> str:
    return f"{1 + i % 7}:{(i * 7 + shift) % 60:02d}"


LONG_ANSWERS: dict[str, Callable[[int], str]] = {
    "a busy list after the slot": lambda n: (
        SLOT
        + "\n\nThomas is busy "
        + ", ".join(f"{_clock(i, 0)}-{_clock(i, 5)}" for i in range(n))
        + "."
    ),
    "busy sentences after the slot": lambda n: (
        SLOT
        + "\n\n"
        + " ".join(f"Dylan is busy {_clock(i, 0)}-{_clock(i, 5)} on Tuesday." for i in range(n))
    ),
    "times checked before the slot": lambda n: (
        " ".join(f"I checked {_clock(i, 0)} on Tuesday." for i in range(n)) + "\n\n" + SLOT
    ),
}
"""Answers naming ``n`` times, each as a model may write many."""


def _seconds(shape: Callable[[int], str], sizes: tuple[int, ...]) -> list[float]:
    """The least of three judgings of an answer of each of ``sizes``, the sizes taking turns
    (a change of the machine's load falls on all alike), each a new text."""
    best = [float("inf")] * len(sizes)
    for run in range(3):
        for index, size in enumerate(sizes):
            text = f"Run {run}.\n" + shape(size)
            started = time.perf_counter()
            judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0)
            best[index] = min(best[index], time.perf_counter() - started)
    return best


@pytest.mark.parametrize("shape", LONG_ANSWERS)
def test_a_long_answer_is_read_in_linear_time(shape: str) -> None:
    small, large = _seconds(LONG_ANSWERS[shape], (200, 1600))
    assert large / max(small, 0.005) < 16, (shape, small, large)
