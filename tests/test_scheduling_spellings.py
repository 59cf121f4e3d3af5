"""The same words written another way keep every scheduling verdict.

A space is the same space when it is a no-break one or two, a word the same word with
zero-width spaces inside it or in other capitals, a digit the same digit in full width, an
apostrophe the same when curly, a line break the same with a carriage return, "14:30 - 15:30"
the same range as "2:30 PM - 3:30 PM" or "14:30 \u2013 15:30". Each answer's final text (the
agent's proposed slot) is rewritten one way at a time, and every result of
``everyone_can_attend`` (outcome and reason code of each participant's every requirement, and
the answer problems) must be what it was as written.

The answers:

- the 25 known answers (``domains/scheduling/known_answers.json``);
- the NATURAL PLAN golden plan ("Here is the proposed time: Monday, 14:30 - 15:30") of 40 of
  the 310 dev tasks, every seventh in file order (:data:`GOLDEN_SAMPLE`; the bundled
  ``domains/scheduling/data/calendar_dev.jsonl``, a verbatim copy of
  ``../shared/data/natural_plan/calendar_dev.jsonl``), all of which pass as written.

Two places a rewrite reaches (:mod:`tests.plan_text`): the words around any JSON (the prose,
which is the whole of most answers), and the whole message (the prose and the content of every
JSON string: keys, the day, the times). JSON's own syntax is never rewritten; a whole-message
pair is tried only where it differs from the prose one.

Left out: ``usd``, ``usd-after``, ``dollars``, as no scheduling answer holds an amount. The
twelve-hour rewrite leaves a range with am/pm on one side only (``2:30 - 3:30pm``) as it is:
the answer does not say what its other side means (``ambiguous_time``), so no rewrite of it can
keep its meaning.

Verdicts that move are findings, marked ``xfail(strict=True)`` case by case (``SAME.moved``);
none moves now. The 68 pairs that moved are settled: a text slot is read on the text's
:func:`checkers.text.fold` form (``"Mo\u200bnday, 14:30 - 15:30"``), and a JSON slot's keys by
their folded form (:func:`checkers.answers.key_form`: ``"DAY"``) and its values folded.
"""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from checkers.meta.known import case_transcript
from domains.scheduling.metrics import METRICS
from domains.scheduling.models import Task
from domains.scheduling.scenarios import SCHEDULING, bundled_tasks
from tests.plan_text import SameVerdicts, Text, Verdicts, rewrites, same_words, twelve_hour

pytestmark = pytest.mark.checkers_meta

KNOWN_ANSWERS_FILE = Path(__file__).parents[1] / "domains" / "scheduling" / "known_answers.json"
GOLDEN_SAMPLE = 40
PROSE_ONLY = (
    "no-break-spaces",
    "double-spaces",
    "curly-quotes",
    "carriage-returns",
    "en-dash",
)
"""Rewrites no JSON string of an answer gives a hold to (no space, apostrophe, line break or
range in one): in the whole message they are the prose's rewrite again."""
_RANGE_HYPHEN = re.compile(r"(?<=\d) - (?=\d)")


def _en_dash(text: str) -> str:
    return _RANGE_HYPHEN.sub(" \u2013 ", text)


REWRITES = rewrites(
    same_words(**{"twelve-hour-clock": twelve_hour, "en-dash": _en_dash}), PROSE_ONLY
)
"""Each rewrite, by where it reaches (``prose/`` or ``message/``) and what it does."""


def _answers() -> dict[str, tuple[str, dict[str, Any]]]:
    """Each answer by name: (task id, case as a known answer holds it)."""
    found: dict[str, tuple[str, dict[str, Any]]] = {}
    for case in json.loads(KNOWN_ANSWERS_FILE.read_text(encoding="utf-8")):
        found[case["id"]] = (case["scenario"], case)
    for task in list(bundled_tasks().values())[::7][:GOLDEN_SAMPLE]:
        found[f"golden-{task.id}"] = (task.id, {"answer_text": task.golden})
    return found


def rewritten(case: dict[str, Any], rewrite: Text) -> dict[str, Any]:
    """``case`` with ``rewrite`` applied to the agent's final text."""
    copied = copy.deepcopy(case)
    copied["answer_text"] = rewrite(copied.get("answer_text"))
    return copied


@cache
def task(ref: str) -> Task:
    return SCHEDULING.load_scenario(ref)


def verdicts(ref: str, case: dict[str, Any]) -> Verdicts:
    """(answer problems) and (participant, kind, outcome, reason code) of every result."""
    verdict = METRICS["everyone_can_attend"].judge(task(ref), case_transcript(case), 1.0)
    return [
        ("problems", *(p.code for p in verdict.problems)),
        *(
            (subject.subject_id, result.kind, result.outcome.value, result.reason_code)
            for subject in verdict.subjects
            for result in subject.results
        ),
    ]


SAME = SameVerdicts(_answers(), REWRITES, verdicts, rewritten, moved={})
"""``moved``: the (rewrite, answer) pairs whose verdicts move, with why (the findings)."""


@pytest.mark.parametrize(("rewrite", "name"), SAME.pairs())
def test_the_same_words_written_another_way_keep_every_verdict(rewrite: str, name: str) -> None:
    SAME.hold(rewrite, name)


def test_the_golden_sample_passes_as_written() -> None:
    golden = [name for name in SAME.answers if name.startswith("golden-")]
    assert len(golden) == GOLDEN_SAMPLE
    assert all(SAME.as_written(name)[0] == ("problems",) for name in golden)


def test_every_rewrite_reaches_some_answer() -> None:
    assert SAME.idle() == []


def test_every_moved_pair_is_a_pair_tried() -> None:
    assert SAME.moved_untried() == set()
