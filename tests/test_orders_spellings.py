"""The same words written another way keep every orders verdict.

An order id is the same order however a message writes it ("W2378156", "#w2378156",
markdown's "**#W2378156**" and "`#W2378156`", "order number W2378156"), an amount the same
amount as "USD 54.04", "54.04 USD" or "54.04 dollars", with a thousands separator ("8,276.23")
or its last zero ("481.50" for "481.5"), a tracking number or item id the same identifier in
groups ("746 342 064 230", "115-129-3680"), a space the same space when it is a no-break one or
two, a word the same word with zero-width spaces inside it or in other capitals, a digit the
same digit in full width, an apostrophe the same when curly, sentences the same on lines of
their own (CRLF). The text of every customer and agent message is rewritten one way at a time
(never tool calls or their results, which are data), and every kind of every code-checked
metric of :data:`domains.orders.metrics.METRICS` (``KINDS_JUDGED``: ``task_success``'s
``outcome`` and ``conveyed`` too) must give the same outcome and reason code as before.

The conversations, all of them, each judged once as written (:func:`recorded_triples`,
:func:`conversations`) and again only when a rewrite changes its text:

- 173 of the 360 tau-bench retail mutation triples (``mutation_triples_dev.jsonl``, read as
  ``checkers check orders --batch`` reads them: :meth:`ORDERS.batch_item`). Their text is thin:
  each candidate's one ``respond`` is one of 21 one-line replies, with no customer message and
  no order id, so they try the numbers. The 138 whose reply tells facts ("Here is the
  information you asked for: camera, 481.5.") are all tried; of the 222 whose reply is the
  generic :data:`GENERIC_REPLY`, which holds no fact, id or number, only the 35 gold ones (their
  other mutations differ from them only in calls, which no rewrite touches), to keep the module
  under a minute;
- the 39 known answers (``known_answers.json``), 30 of them conversations with the customer's
  words, order ids, statuses, amounts and confirmations;
- the compliant conversation of each of the 66 servable tau-bench tasks
  (:func:`domains.orders.strategies.compliant_conversation`), whose confirmations list item
  ids, payment methods and addresses.

The rewrites of ids, amounts and long numbers touch only digits standing alone: never a digit
glued to a word, so item and product names ("64GB", "1000W"), payment method ids and emails
stay as they are; the whole-text rewrites (capitals, zero-width spaces, full-width digits) reach
names too, and must, as the checks read folded text.

Left out: "#W 2378156" (a space inside the id): order ids are read with the digits glued to the
W (``domains.orders.facts`` and ``claims``; only the "#" and the case are free), so it names no
order, by design; and 24-hour times, which no orders conversation holds.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from checkers.data import read_jsonl
from checkers.transcript import Transcript
from domains.orders.data_files import TRIPLES_FILE
from domains.orders.metrics import KINDS_JUDGED, METRICS
from domains.orders.models import Scenario
from domains.orders.scenarios import ORDERS, parse_answer_text
from domains.orders.strategies import compliant_conversation, servable_scenarios
from tests.rewrites import SAME_MEANING, respelled

pytestmark = pytest.mark.checkers_meta

GENERIC_REPLY = "Your request has been completed. Is there anything else?"
KNOWN_ANSWERS_FILE = Path(__file__).parents[1] / "domains" / "orders" / "known_answers.json"
ORDER_SPELLINGS = ("W{}", "#w{}", "**#W{}**", "`#W{}`", "#W{}")
_ORDER = re.compile(r"#W(\d{7})\b")
_ORDER_WORD = re.compile(r"\b([Oo]rder) #W(\d{7})\b")
_THOUSANDS = re.compile(r"(?<![\w.,#-])(\d{1,3})(\d{3})(\.\d\d?)(?!\d)")
_ONE_DECIMAL = re.compile(r"(?<![\w.,])\d+\.\d(?![\d.,]\d)(?!\d)")
_LONG = re.compile(r"(?<![\w.,-])\d{9,}(?![\w.,-]\w)(?!\w)")
_SENTENCE_GAP = re.compile(r"(?<=[.?!]) (?=[A-Z])")


def _grouped(digits: str, separator: str) -> str:
    """``746342064230`` as ``746 342 064 230``: groups of three, a last lone digit joined to
    the group before it (``115 129 3680``)."""
    groups = [digits[i : i + 3] for i in range(0, len(digits), 3)]
    if len(groups[-1]) == 1:
        groups[-2:] = [groups[-2] + groups[-1]]
    return separator.join(groups)


REWRITES: dict[str, Callable[[str], str]] = {
    **{
        f"orders-{n}": respelled(_ORDER, ORDER_SPELLINGS, n)
        for n in range(len(ORDER_SPELLINGS) - 1)
    },
    "order-number": lambda text: _ORDER_WORD.sub(r"\1 number W\2", text),
    "thousands-separators": lambda text: _THOUSANDS.sub(r"\1,\2\3", text),
    "cents-padded": lambda text: _ONE_DECIMAL.sub(r"\g<0>0", text),
    "long-numbers-spaced": lambda text: _LONG.sub(lambda m: _grouped(m[0], " "), text),
    "long-numbers-hyphened": lambda text: _LONG.sub(lambda m: _grouped(m[0], "-"), text),
    **SAME_MEANING,
    "line-breaks": lambda text: _SENTENCE_GAP.sub("\r\n", text),
    "all-capitals": str.upper,
    "lower-case": str.lower,
}

Verdicts = list[tuple[str, str, str]]


def rewritten_answer(answer: Any, rewrite: Callable[[str], str]) -> Any:
    """``answer`` (a conversation's turns, or a tau-bench trajectory's actions) with
    ``rewrite`` applied to the customer's and the agent's words; calls stay as they are."""
    copied = copy.deepcopy(answer)
    if isinstance(copied, dict):
        for turn in copied["turns"]:
            for who in ("user", "agent"):
                if isinstance(turn.get(who), str):
                    turn[who] = rewrite(turn[who])
    else:
        for action in copied:
            if action["name"] == "respond" and isinstance(action["kwargs"].get("content"), str):
                action["kwargs"]["content"] = rewrite(action["kwargs"]["content"])
    return copied


def rewritten_triple(row: dict[str, Any], rewrite: Callable[[str], str]) -> dict[str, Any]:
    """``row`` with ``rewrite`` applied to its candidate's replies (observations untouched)."""
    actions = rewritten_answer(row["candidate"]["actions"], rewrite)
    return {**row, "candidate": {**row["candidate"], "actions": actions}}


def verdicts(scenario: Scenario, transcript: Transcript) -> Verdicts:
    """(kind, outcome, reason code) of every kind of every code-checked metric."""
    return [
        (subject.subject_id, subject.results[0].outcome.value, subject.results[0].reason_code)
        for name in KINDS_JUDGED
        for subject in METRICS[name].judge(scenario, transcript, 1.0).subjects
    ]


def triple_verdicts(row: dict[str, Any]) -> Verdicts:
    item = ORDERS.batch_item(row)
    assert isinstance(item.scenario, Scenario)
    return verdicts(item.scenario, item.transcript)


def answer_verdicts(scenario: Scenario, answer: Any) -> Verdicts:
    return verdicts(scenario, parse_answer_text(json.dumps(answer)))


@cache
def recorded_triples() -> list[tuple[dict[str, Any], Verdicts]]:
    """Each mutation triple, with its verdicts as recorded."""
    return [(row, triple_verdicts(row)) for row in read_jsonl(TRIPLES_FILE) if _chosen(row)]


def _chosen(row: dict[str, Any]) -> bool:
    """The triples tried (see the module docstring): every one whose reply tells something,
    and of those with the generic reply only the gold ones."""
    replies = [a["kwargs"].get("content") for a in row["candidate"]["actions"]]
    return row["candidate"]["mutation"] == "gold" or GENERIC_REPLY not in replies


@cache
def conversations() -> list[tuple[str, Scenario, Any, Verdicts]]:
    """Each known answer and compliant conversation: (name, scenario, answer, verdicts)."""
    cases = json.loads(KNOWN_ANSWERS_FILE.read_text(encoding="utf-8"))
    found = [(c["id"], ORDERS.load_scenario(c["scenario"]), c["answer"]) for c in cases]
    found += [(s.id, s, compliant_conversation(s)) for s in servable_scenarios()]
    return [(name, s, a, answer_verdicts(s, a)) for name, s, a in found]


def _changes(before: Verdicts, after: Verdicts) -> list[tuple[Any, Any]]:
    return [(b, a) for b, a in zip(before, after, strict=True) if b != a]


@pytest.mark.parametrize("rewrite", sorted(REWRITES))
def test_the_same_words_written_another_way_keep_every_verdict_of_the_triples(
    rewrite: str,
) -> None:
    moved = []
    for row, before in recorded_triples():
        changed = rewritten_triple(row, REWRITES[rewrite])
        if changed != row and before != (after := triple_verdicts(changed)):
            moved.append((row["task_id"], row["candidate"]["mutation"], _changes(before, after)))
    assert moved == []


@pytest.mark.parametrize("rewrite", sorted(REWRITES))
def test_the_same_words_written_another_way_keep_every_verdict_of_the_conversations(
    rewrite: str,
) -> None:
    moved = []
    for name, scenario, answer, before in conversations():
        changed = rewritten_answer(answer, REWRITES[rewrite])
        if changed != answer and before != (after := answer_verdicts(scenario, changed)):
            moved.append((name, _changes(before, after)))
    assert moved == []


def test_the_rewrites_reach_the_text() -> None:
    """Every rewrite changes some conversation or triple: none is a no-op on this data."""
    idle = [
        name
        for name, rewrite in REWRITES.items()
        if all(rewritten_answer(a, rewrite) == a for _, _, a, _ in conversations())
        and all(rewritten_triple(r, rewrite) == r for r, _ in recorded_triples())
    ]
    assert idle == []
