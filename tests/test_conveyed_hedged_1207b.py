"""``conveyed`` (orders and airline) counts a required value told only when the reply asserts it
(:mod:`checkers.asserted`): a value only supposed ("Perhaps the total is $X", "I think it's
$X", "It should be $X", "If I'm not mistaken, it's $X", "$X, I think") is not told, and
neither is a required word (not a number: "mastercard", "camera", "20 hours") only asked ("Was
it your mastercard?"), supposed, disowned or denied.

Found by a hostile review (2026-12-07): the hedges were read only right before the value
("maybe $X"), and a required word was found as whole words wherever it stood. Both properties
were seen failing on the code before :func:`checkers.asserted.asserted_phrase` and
:data:`checkers.asserted._HEDGED_IN_CLAUSE`; the honest twins (a hedge word about something
else, a plain statement) pass.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers import tokens
from checkers.conversation import parse_answer_text
from checkers.results import Outcome
from domains.orders.checks import checks as orders_checks
from domains.orders.checks.conveyed import said
from domains.orders.judge import context_for, requirements_for
from domains.orders.scenarios import ORDERS
from tests.test_conveyed_plainly import PLAIN, Task, _conveyed, _tasks, _written

Frame = Callable[[str], str]
HEDGED: list[Frame] = [
    lambda v: f"Perhaps the amount is {v}.",
    lambda v: f"Maybe it's {v}.",
    lambda v: f"It's probably {v}.",
    lambda v: f"I think it's {v}.",
    lambda v: f"I believe the amount is {v}.",
    lambda v: f"It might be {v}.",
    lambda v: f"It should be {v}.",
    lambda v: f"It may be {v}.",
    lambda v: f"Possibly {v}.",
    lambda v: f"If I'm not mistaken, it's {v}.",
    lambda v: f"As far as I can tell, it is {v}.",
    lambda v: f"It's {v}, I think.",
    lambda v: f"It is {v} (probably).",
    lambda v: f"It is most likely {v}.",
    lambda v: f"I guess it's {v}.",
    lambda v: f"I'd say it is {v}.",
]
"""A value offered as a supposition."""
HONEST: list[Frame] = [
    lambda v: f"You should receive {v}.",
    lambda v: f"It's {v}. It may take 5 to 7 days to show.",
    lambda v: f"As you may know, it's {v}.",
    lambda v: f"It's {v}, which should appear soon.",
    lambda v: f"I believe I have good news: it is {v}.",
    lambda v: f"It's {v}, and I think that's everything.",
    lambda v: f"Perhaps you'd like a summary. It is {v}.",
    lambda v: f"On May 28 it came to {v}.",
]
"""A value told plainly, a word of hedging about something else in the reply."""


@pytest.mark.parametrize("frame", HEDGED)
def test_a_hedged_total_is_not_told(frame: Frame) -> None:
    assert not said("1093.34", [frame("$1,093.34")])


@pytest.mark.parametrize("frame", HONEST)
def test_a_total_told_beside_a_hedge_of_something_else_is_told(frame: Frame) -> None:
    assert said("1093.34", [frame("$1,093.34")])


@st.composite
def _one_hedged(draw: st.DrawFn) -> tuple[Task, str, bool]:
    """A task, a reply telling all its values plainly but one, which is either hedged or told
    plainly beside a hedge of something else, and whether it was hedged."""
    task = draw(st.sampled_from(_tasks()))
    grouped = draw(st.booleans())
    index = draw(st.integers(0, len(task.values) - 1))
    hedged = draw(st.booleans())
    frame = draw(st.sampled_from(HEDGED if hedged else HONEST))
    sentences = [
        frame(_written(f, grouped))
        if i == index
        else draw(st.sampled_from(PLAIN))(_written(f, grouped), "")
        for i, f in enumerate(task.values)
    ]
    words = [f"Noted: {', '.join(task.words)}."] if task.words else []
    return task, "\n".join([*sentences, *words]), hedged


@settings(max_examples=200, deadline=None)
@given(_one_hedged())
def test_a_required_value_only_supposed_is_not_conveyed(case: tuple[Task, str, bool]) -> None:
    task, reply, hedged = case
    expected = Outcome.FAIL if hedged else Outcome.PASS
    assert _conveyed(task, reply) == expected, (task.domain, task.id, reply)


# --- a required word -------------------------------------------------------------------------

STATUSES = ("processed", "pending", "delivered")


@dataclass(frozen=True)
class WordTask:
    """An orders task whose required outputs hold a word (not a number, an identifier, an order
    id or a status), told by a claim of its own."""

    id: str
    words: tuple[str, ...]
    others: tuple[str, ...]


def _is_word(output: str) -> bool:
    return (
        tokens.as_number(output) is None
        and tokens.as_identifier(output) is None
        and not output.startswith("#")
        and output not in STATUSES
    )


@cache
def _word_tasks() -> tuple[WordTask, ...]:
    found = []
    for task_id in ORDERS.scenario_ids():
        outputs = ORDERS.load_scenario(task_id).required_outputs
        if any(o in STATUSES for o in outputs):
            continue  # a status is told by a claim about an order
        words = tuple(o for o in outputs if _is_word(o))
        if words:
            found.append(WordTask(task_id, words, tuple(o for o in outputs if not _is_word(o))))
    return tuple(found)


def test_the_word_property_covers_several_tasks() -> None:
    assert len(_word_tasks()) >= 5


NOT_TELLING: list[Frame] = [
    lambda w: f"Is it {w}?",
    lambda w: f"Was it the {w}?",
    lambda w: f"Can you confirm it is {w}?",
    lambda w: f"Perhaps it is {w}.",
    lambda w: f"I think it's {w}.",
    lambda w: f"It might be {w}.",
    lambda w: f"I'm not sure it's {w}.",
    lambda w: f"I cannot confirm whether it is {w}.",
    lambda w: f"It is not {w}.",
    lambda w: f"Not the {w}.",
    lambda w: f"If it were {w}, I would tell you.",
    lambda w: f"It's {w}, is that right?",
]
"""A required word said without being told."""
TELLING: list[Frame] = [
    lambda w: f"It is {w}.",
    lambda w: f"Noted: {w}.",
    lambda w: f"Yes, it's {w}.",
    lambda w: f"It's {w}. Anything else?",
    lambda w: f"The answer is {w}, shall I go on?",
]


def _words_conveyed(task: WordTask, reply: str) -> Outcome:
    scenario = ORDERS.load_scenario(task.id)
    steps = [{"name": a.name, "kwargs": a.kwargs} for a in scenario.expected_actions]
    steps.append({"name": "respond", "kwargs": {"content": reply}})
    context = context_for(scenario, parse_answer_text(json.dumps(steps)))
    outcome: Outcome = orders_checks.check(requirements_for(scenario)["conveyed"], context).outcome
    return outcome


@st.composite
def _one_word(draw: st.DrawFn) -> tuple[WordTask, str, bool]:
    """A task, a reply telling every required output plainly but one word, said in a frame
    that tells it or one that does not, and whether it tells it."""
    task = draw(st.sampled_from(_word_tasks()))
    index = draw(st.integers(0, len(task.words) - 1))
    tells = draw(st.booleans())
    frame = draw(st.sampled_from(TELLING if tells else NOT_TELLING))
    plain = [
        f"It is {_written(o, draw(st.booleans()))}." for o in task.others
    ]  # numbers, identifiers, order ids: told as they are
    words = [frame(w) if i == index else f"It is {w}." for i, w in enumerate(task.words)]
    order = draw(st.permutations([*plain, *words]))
    return task, "\n".join(order), tells


@settings(max_examples=200, deadline=None)
@given(_one_word())
def test_a_required_word_only_asked_or_supposed_is_not_conveyed(
    case: tuple[WordTask, str, bool],
) -> None:
    task, reply, tells = case
    expected = Outcome.PASS if tells else Outcome.FAIL
    assert _words_conveyed(task, reply) == expected, (task.id, reply)
