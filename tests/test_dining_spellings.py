"""The same words written another way keep every dining verdict.

A space is the same space when it is a no-break one or two, a word the same word with
zero-width spaces inside it or in other capitals, a digit the same digit in full width, an
apostrophe the same when curly, a line break the same with a carriage return, 19:00 the same
time as "7:00 PM". Each answer's agent text (the final message, and the agent's messages of
earlier turns; never a tool call or its result, which are data) is rewritten one way at a time,
and every result of every code-checked dining metric (``everyone_ate``,
``everyone_ate_or_says_infeasible``, ``menu_before_booking``: outcome and reason code of each
guest's every requirement, and the answer problems) must be what it was as written.

The answers, all of them:

- the 68 known answers (``domains/dining/known_answers.json``), 11 of them with the bookings
  the agent made, judged as :func:`checkers.meta.known.case_transcript` builds them;
- the 19 dinner-plan messages of the labelled set (``data/labelled_explanations.jsonl``, the
  ``answer`` of each ``about.message``, in the scenario it was written for): long prose that
  explains the plan guest by guest around its JSON.

Two places a rewrite reaches (:mod:`tests.plan_text`): the words around the plan (the prose,
JSON objects untouched), and the whole message (the prose and the content of every JSON
string: keys, the restaurant, the time). JSON's own syntax is never rewritten.

Left out, as they change what the answer says or reach no dining text:

- ``usd``, ``usd-after``, ``dollars``: no answer writes an amount with ``$``;
- the twelve-hour clock inside the JSON: the plan's ``time`` is 24-hour ``HH:MM`` by its
  documented format (:mod:`domains.dining.judge`: "7pm" is ``unparseable_time`` by design), so
  "7:00 PM" there is another answer; in the prose it is tried.

Verdicts that move are findings, marked ``xfail(strict=True)`` case by case (``SAME.moved``);
none moves now. The 229 pairs that moved are settled: plan keys are read by their folded form
(:func:`checkers.answers.key_form`: ``"RESTAURANT"``, ``"res\u200btaurant"``), the restaurant
by :func:`domains.dining.models.ref_form` (``"r\uff11\uff19"``, ``"Umi\u00a0\u00a0Sushi Bar"``)
and the time by :func:`domains.dining.models.parse_clock` on folded text
(``"\uff11\uff19:\uff10\uff10"``).
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from checkers.meta.known import case_transcript
from domains.dining.metrics import METRICS
from domains.dining.models import Scenario
from domains.dining.scenarios import DINING
from tests.plan_text import SameVerdicts, Text, Verdicts, rewrites, same_words, twelve_hour

pytestmark = pytest.mark.checkers_meta

DOMAIN = Path(__file__).parents[1] / "domains" / "dining"
KNOWN_ANSWERS_FILE = DOMAIN / "known_answers.json"
LABELLED_FILE = DOMAIN / "data" / "labelled_explanations.jsonl"
CODE_CHECKED = ("everyone_ate", "everyone_ate_or_says_infeasible", "menu_before_booking")
"""Every dining metric but the rubric-judged ``explains_each_guest``."""
PROSE_ONLY = ("curly-quotes", "carriage-returns")
"""Rewrites no JSON string of an answer gives a hold to (no apostrophe, quote or line break in
one): in the whole message they are the prose's rewrite again."""
REWRITES = rewrites(same_words(), PROSE_ONLY, **{"twelve-hour-clock": twelve_hour})
"""Each rewrite, by where it reaches (``prose/`` or ``message/``) and what it does; the
twelve-hour clock in the prose only (see the module docstring)."""


def _answers() -> dict[str, tuple[str, dict[str, Any]]]:
    """Each answer by name: (scenario reference, case as a known answer holds it)."""
    found: dict[str, tuple[str, dict[str, Any]]] = {}
    for case in json.loads(KNOWN_ANSWERS_FILE.read_text(encoding="utf-8")):
        found[case["id"]] = (case["scenario"], case)
    for line in LABELLED_FILE.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        name = f"labelled-{row['about']['message']}"
        found.setdefault(name, (row["about"]["scenario"], {"answer_text": row["answer"]}))
    return found


def rewritten(case: dict[str, Any], rewrite: Text) -> dict[str, Any]:
    """``case`` with ``rewrite`` applied to the agent's text of every turn (calls untouched)."""
    copied = copy.deepcopy(case)
    for turn in (*copied.get("earlier_turns", []), copied):
        turn["answer_text"] = rewrite(turn.get("answer_text"))
    return copied


@cache
def scenario(ref: str) -> Scenario:
    return DINING.load_scenario(ref)


def verdicts(ref: str, case: dict[str, Any]) -> Verdicts:
    """(metric, answer problems) and (metric, guest, kind, outcome, reason code) of every
    result of every code-checked metric."""
    found: Verdicts = []
    for name in CODE_CHECKED:
        verdict = METRICS[name].judge(scenario(ref), case_transcript(case), 1.0)
        found.append((name, "problems", *(p.code for p in verdict.problems)))
        found += [
            (name, subject.subject_id, result.kind, result.outcome.value, result.reason_code)
            for subject in verdict.subjects
            for result in subject.results
        ]
    return found


SAME = SameVerdicts(_answers(), REWRITES, verdicts, rewritten, moved={})
"""``moved``: the (rewrite, answer) pairs whose verdicts move, with why (the findings)."""


@pytest.mark.parametrize(("rewrite", "name"), SAME.pairs())
def test_the_same_words_written_another_way_keep_every_verdict(rewrite: str, name: str) -> None:
    SAME.hold(rewrite, name)


def test_every_rewrite_reaches_some_answer() -> None:
    assert SAME.idle() == []


def test_every_moved_pair_is_a_pair_tried() -> None:
    assert SAME.moved_untried() == set()
