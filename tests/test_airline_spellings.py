"""The same words written another way keep every verdict on the 50 real recorded gpt-4o runs.

A flight number is the same flight however a message writes it ("hat188", "HAT 188",
"Hat-188", markdown's "_HAT188_" and "**HAT188**"), a space the same space when it is a
no-break one, a word the same word with zero-width spaces inside it, a digit the same digit in
full width, "$414" the same amount as "USD 414" or "414 dollars", 14:00 the same time as
"2:00 PM", a line break the same with a carriage return. Each run's messages (the agent's and
the customer's; never the tool calls, which are data) are rewritten one way at a time, and
every kind of ``policy_compliance`` and ``no_fabrication`` must give the same outcome and
reason code as on the run as recorded: a verdict that moved would be a claim read as about no
flight or no amount (a false pass), or a listing or a yes missed (a false fail).

Not held: the whole text in capitals, where any six capitals after "reservation" read as a
reservation id ("RESERVATION NUMBER"), so a claim may fail that passes in lower case.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from checkers.data import read_jsonl
from domains.airline.data_files import RUNS_FILE
from domains.airline.metrics import METRICS
from domains.airline.models import Scenario
from domains.airline.scenarios import AIRLINE
from tests.rewrites import SAME_MEANING, respelled

pytestmark = pytest.mark.checkers_meta

SPELLINGS = ("hat{}", "HAT {}", "Hat-{}", "_HAT{}_", "**HAT{}**", "HAT{}")
_FLIGHT = re.compile(r"\bHAT(\d{3})\b")
_CLOCK = re.compile(r"\b([01]\d|2[0-3]):([0-5]\d)(?::00)?\b(?!\s*[AaPp]\.?[Mm])")


def _twelve_hour(match: re.Match[str]) -> str:
    hours = int(match.group(1))
    return f"{hours % 12 or 12}:{match.group(2)} {'PM' if hours >= 12 else 'AM'}"


REWRITES: dict[str, Callable[[str], str]] = {
    **{f"flights-{n}": respelled(_FLIGHT, SPELLINGS, n) for n in range(len(SPELLINGS) - 1)},
    **SAME_MEANING,
    "lower-case": str.lower,
    "twelve-hour-clock": lambda text: _CLOCK.sub(_twelve_hour, text),
    "carriage-returns": lambda text: text.replace("\n", "\r\n"),
}


def rewritten(row: dict[str, Any], rewrite: Callable[[str], str]) -> dict[str, Any]:
    """``row`` with ``rewrite`` applied to the text of every customer and agent message."""
    copied = copy.deepcopy(row)
    for message in copied["traj"]:
        if message.get("role") in ("user", "assistant") and isinstance(message.get("content"), str):
            message["content"] = rewrite(message["content"])
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


@cache
def recorded() -> list[tuple[dict[str, Any], list[tuple[str, str, str]]]]:
    """Each recorded run, with its verdicts as recorded."""
    return [(row, verdicts(row)) for row in read_jsonl(RUNS_FILE)]


@pytest.mark.parametrize("rewrite", sorted(REWRITES))
def test_the_same_words_written_another_way_keep_every_verdict_of_the_recorded_runs(
    rewrite: str,
) -> None:
    moved = [
        (
            row["task_id"],
            row["trial"],
            [(b, a) for b, a in zip(before, after, strict=True) if b != a],
        )
        for row, before in recorded()
        if before != (after := verdicts(rewritten(row, REWRITES[rewrite])))
    ]
    assert moved == []
