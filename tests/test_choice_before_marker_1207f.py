"""Over every one of the 310 scheduling tasks: a choice of the slot and another time before the
"proposed time:" marker offers two slots (``several_slots``) when a "no" in it says the times
are free ("no conflicts for anyone") or the choice is said in other words ("you pick", "You
could do", "equally viable"); a sentence turning the other time down does not.

Found by a hostile review (2026-12-07, evening; ``tests/test_review_probes_1207e.py``,
``choice_before_marker_unlisted``): ``_choice_before`` exempted any sentence holding "no",
"not" or "n't" as a time turned down, and knew only a few words of a choice. The property was
seen failing on the code before.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.test_busy_tables import _clock, _slot
from tests.test_needs_said_broken_anywhere import TASKS
from tests.test_plan_struck_or_without import _scheduling

CHOICES = (
    "Either {a} or {b} works, no conflicts for anyone.",
    "Both {a} and {b} work \u2014 there's no difference for anyone.",
    "{a} or {b} \u2014 you pick.",
    "You could do {a} or {b}.",
    "I found two options ({a} and {b}); I'd lean toward {a} but {b} is equally viable.",
    "{a} and {b} are both fine; nobody is busy at either.",
    "Either {a} or {b}, it doesn't matter: nothing is blocked.",
)
"""A choice of the slot's start ``{a}`` and another time ``{b}``, a denial in it saying the times
are free, or in words a choice goes by."""
HONEST = (
    "{b} won't work for {p}.",
    "Either way, {b} is too late for {p}.",
    "I checked two options; {b} clashes with {p}'s call.",
    "You could do {b}, but {p} isn't free then.",
    "Both {p} and {q} have no conflicts at {a}.",
    "{b} is not an option for {p}, so there is no choice to make.",
)
"""Reasoning that turns another time down, or names the slot alone."""


SAID = (*((choice, False) for choice in CHOICES), *((honest, True) for honest in HONEST))
"""Each sentence with whether the slot after it passes."""


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(SAID),
    st.sampled_from((-90, -60, -30, 30, 60, 120)),
)
def test_a_choice_of_slots_said_free_or_in_other_words_offers_two(
    task_id: str, said: tuple[str, bool], shift: int
) -> None:
    _, start, end = _slot(task_id)
    other = min(max(start + shift, 0), 23 * 60)
    assume(other not in (start, end))  # the slot's own end is read as the slot's
    names = [participant.name for participant in TASKS[task_id].participants]
    sentence, passes = said
    text = sentence.format(a=_clock(start), b=_clock(other), p=names[0], q=names[-1])
    answer = f"{text}\n{TASKS[task_id].golden or ''}"
    assert _scheduling(task_id, answer) is passes, answer
