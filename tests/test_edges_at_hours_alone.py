"""Over every bundled dining scenario a plan serves in full: the plan's restaurant said to close
at an hour written alone before the dinner starts or inside it fails the plan; one after the
dinner, or in the night after an evening dinner, does not.

Found (2026-12-07): "Green Fork closes at 5." and "Green Fork closes at 6." beside a dinner
from 17:30 to 19:30 passed (a false pass: an hour alone was no time to the readers of a
place's closing, :func:`checkers.final_word._early_close`, nor of the plan's end,
:func:`checkers.plan_length.ended_otherwise`); "Green Fork is open until 1 AM." and "closes
at 00:30" failed it as a closing before the start (a false fail: the night after the dinner
read as the morning before it). An hour alone at a place's edge is read in the afternoon or
evening, as no restaurant closes at 5 in the morning; a small hour is the night's only when
written so (a leading zero, "am"). Seen failing on the code before.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domains.dining.scenarios import DINING
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, _plan
from tests.test_plan_struck_or_without import _dining, _dining_plan


def dinner(scenario_id: str) -> tuple[str, int, int, str]:
    """The restaurant's name, start and end minutes of a plan serving everyone, and the plan as
    fenced JSON."""
    scenario = DINING.load_scenario(scenario_id)
    _, name, time = _plan(scenario)
    start = int(time[:2]) * 60 + int(time[3:])
    return name, start, start + scenario.group.duration_minutes, _dining_plan(scenario_id)[0]


EDGES = ("{r} closes at {h}.", "{r} is open until {h}.", "{r} stops seating at {h}.")
"""A place's edge at an hour ``{h}`` written alone (``{r}``: the restaurant's name)."""
NIGHT = ("{r} is open until {n} AM.", "{r} closes at 0{n}:30.", "{r} is open until {n}am.")
"""An edge in the night after the dinner (``{n}``: 1 to 4)."""


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(EDGES),
    st.sampled_from(NIGHT),
    st.integers(1, 11),
    st.integers(1, 4),
)
def test_a_closing_at_an_hour_alone_is_read_in_the_evening(
    scenario_id: str, edge: str, night: str, hour: int, small: int
) -> None:
    name, start, end, plan = dinner(scenario_id)
    assume(start >= 12 * 60)  # a lunch's edges are read the same way, its night is not
    closes = (hour + 12) * 60
    said = edge.format(r=name, h=hour)
    text = f"{plan}\n\n{said}"
    if closes < end and not (edge.startswith("{r} stops") and closes > start):
        assert not _dining(scenario_id, text), text
    elif closes >= end:
        assert _dining(scenario_id, text), text
    late = f"{plan}\n\n{night.format(r=name, n=small)}"
    assert _dining(scenario_id, late), late
