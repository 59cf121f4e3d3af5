"""Flight numbers written another way keep every verdict on the 50 real recorded gpt-4o runs.

A flight number is the same flight however a message writes it ("hat188", "HAT 188",
"Hat-188", markdown's "_HAT188_" and "**HAT188**"): each run's messages (the agent's and the
customer's; never the tool calls, which are data) are rewritten with each number spelled
another way, and every kind of ``policy_compliance`` and ``no_fabrication`` must give the
same outcome and reason code as on the run as recorded. A verdict that moved would be a claim
read as about no flight (a false pass) or a listing missing its flight (a false fail).
"""

from __future__ import annotations

import copy
import itertools
import re
from typing import Any

import pytest

from checkers.data import read_jsonl
from domains.airline.data_files import RUNS_FILE
from domains.airline.metrics import METRICS
from domains.airline.models import Scenario
from domains.airline.scenarios import AIRLINE

pytestmark = pytest.mark.checkers_meta

SPELLINGS = ("hat{}", "HAT {}", "Hat-{}", "_HAT{}_", "**HAT{}**", "HAT{}")
_FLIGHT = re.compile(r"\bHAT(\d{3})\b")


def respelled(row: dict[str, Any], start: int) -> dict[str, Any]:
    """``row`` with each flight number in its messages spelled by :data:`SPELLINGS` in turn,
    from the ``start``-th."""
    ways = itertools.cycle(
        SPELLINGS[start % len(SPELLINGS) :] + SPELLINGS[: start % len(SPELLINGS)]
    )
    copied = copy.deepcopy(row)
    for message in copied["traj"]:
        if message.get("role") in ("user", "assistant") and isinstance(message.get("content"), str):
            message["content"] = _FLIGHT.sub(
                lambda m: next(ways).format(m.group(1)), message["content"]
            )
    return copied


def verdicts(row: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(kind, outcome, reason code) of every kind of the two conduct metrics on ``row``."""
    item = AIRLINE.batch_item(row)
    assert isinstance(item.scenario, Scenario)
    return [
        (subject.subject_id, subject.results[0].outcome.value, subject.results[0].reason_code)
        for name in ("policy_compliance", "no_fabrication")
        for subject in METRICS[name].judge(item.scenario, item.transcript, 1.0).subjects
    ]


RUNS = list(read_jsonl(RUNS_FILE))


@pytest.mark.parametrize("start", range(len(SPELLINGS) - 1))
def test_flight_numbers_spelled_another_way_keep_every_verdict_of_the_recorded_runs(
    start: int,
) -> None:
    moved = [
        (row["task_id"], row["trial"], before, after)
        for row in RUNS
        if (before := verdicts(row)) != (after := verdicts(respelled(row, start)))
    ]
    assert moved == []
