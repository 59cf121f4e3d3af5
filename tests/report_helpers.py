"""Details files for the report tests, written exactly as the metrics write them.

Verdicts come from the real dining judge on the bundled scenarios, and files from
:func:`checkers.details.write_details`, so the report is tested on the files ``adk eval`` leaves.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from pathlib import Path

from checkers.details import write_details
from checkers.registry import find_metric
from checkers.results import Verdict
from checkers.transcript import ToolCall, ToolResponse

RATING_FIRST_ANSWER = '{"restaurant": "r01", "time": "19:30"}'
"""What ``rating_first`` books for story-six: Ember & Oak, which leaves Ana, Björn and José out."""
CAREFUL_ANSWER = '{"restaurant": "r03", "time": "17:30"}'
"""A plan that serves all six of story-six (the solver's first best plan)."""
STORY_UNMET = {
    "Ana": "Ana is vegetarian; no dish at Ember & Oak is vegetarian",
    "Björn": "Björn is allergic to dairy; every dish at Ember & Oak contains dairy",
    "José": "José is free 17:30-21:00; dinner 19:30-21:30 ends after 21:00",
}


RATING_FIRST_CALLS = (
    ToolCall(name="book_table", args={"restaurant_id": "r01", "time": "19:30", "party_size": 6}),
)
"""rating_first books without reading the menu."""
CAREFUL_CALLS = (
    ToolCall(name="get_menu", args={"restaurant_id": "r03"}, call_id="c1"),
    ToolCall(
        name="book_table",
        args={"restaurant_id": "r03", "time": "17:30", "party_size": 6},
        call_id="c2",
    ),
)
CAREFUL_RESPONSES = (
    ToolResponse(name="get_menu", response={"menu": []}, call_id="c1"),
    ToolResponse(name="book_table", response={"status": "booked"}, call_id="c2"),
)


def judged(
    scenario_id: str,
    answer: str,
    metric: str = "everyone_ate",
    calls: Sequence[ToolCall] = (),
    responses: Sequence[ToolResponse] = (),
) -> Verdict:
    """The dining ``metric``'s verdict at threshold 1 on ``answer`` (an agent's final text)
    after the tool ``calls`` and ``responses``."""
    found = find_metric("dining", metric)
    transcript = found.domain.parse_answer(answer).model_copy(
        update={"tool_calls": tuple(calls), "tool_responses": tuple(responses)}
    )
    return found.judge(found.domain.load_scenario(scenario_id), transcript, 1.0)


def write_run(directory: Path, verdicts: Sequence[Verdict], stamp: str | None = None) -> Path:
    """Write one case-run's details as the ADK metric does; return the JSON file.

    ``stamp`` (``20260101T000000``) replaces the time in the file names, to order runs.
    """
    score = statistics.fmean(v.score for v in verdicts)
    overall = {
        "threshold": verdicts[0].threshold,
        "overall_score": score,
        "overall_status": "PASSED" if score >= verdicts[0].threshold else "FAILED",
    }
    path = write_details(directory, verdicts[0].metric, verdicts, overall)
    if stamp is None:
        return path
    stem = re.sub(r"__\d{8}T\d{6}_", f"__{stamp}_", path.stem)
    path.with_suffix(".md").rename(directory / f"{stem}.md")
    return path.rename(directory / f"{stem}.json")


def write_story_demo(root: Path) -> list[Path]:
    """story-six as the demo lays it out: ``rating_first__dining`` then ``careful__dining``.

    Returns the two details directories, in that order.
    """
    agents = (
        ("rating_first__dining", RATING_FIRST_ANSWER, RATING_FIRST_CALLS, ()),
        ("careful__dining", CAREFUL_ANSWER, CAREFUL_CALLS, CAREFUL_RESPONSES),
    )
    dirs = []
    for label, answer, calls, responses in agents:
        details = root / label / "details"
        write_run(details, [judged("story-six", answer)])
        write_run(details, [judged("story-six", answer, "menu_before_booking", calls, responses)])
        dirs.append(details)
    return dirs
