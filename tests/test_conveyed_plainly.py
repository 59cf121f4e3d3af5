"""``conveyed`` (orders and airline) counts a required number or identifier told only when the
reply asserts it as the value (:mod:`checkers.asserted`): said only in a question, as the value
replaced or struck, under a denial, a doubt or a counterfactual, as a bound, or with another
unit or sign, it is not told; said plainly, it is, whatever question or correction follows in
another clause or sentence.

Both the known cases and the property over the real tau-bench tasks were seen failing on the
code before :mod:`checkers.asserted` (it read only hedges and a negation right before the
value); the property runs each task's gold actions, then one reply.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers import tokens
from checkers.conversation import parse_answer_text
from checkers.results import Outcome
from domains.airline import judge as airline_judge
from domains.airline.scenarios import AIRLINE
from domains.orders import judge as orders_judge
from domains.orders.checks.conveyed import said
from domains.orders.scenarios import ORDERS

# --- known cases -------------------------------------------------------------------------------

NOT_TOLD = [
    # only in a question
    ("1093.34", "Is the total $1,093.34?"),
    ("1093.34", "Can you confirm the total of $1,093.34?"),
    ("1093.34", "The total is $1,093.34, right?"),
    ("1093.34", "Just to confirm, is the total $1,093.34 - shall I go on?"),
    ("10", "Are there 10 product types?"),
    ("54.04|41.64", "Would a refund of $54.04 and $41.64 work for you?"),
    # the value replaced or struck
    ("1093.34", "The total is $1,039.34 instead of $1,093.34."),
    ("1093.34", "Rather than $1,093.34, the total is $1,039.34."),
    ("1093.34", "The total is ~~$1,093.34~~ $1,039.34."),
    ("1093.34", "The total is <del>$1,093.34</del> $1,039.34."),
    ("1093.34", "Neither $1,093.34 nor $1,039.34 is the total."),
    ("54.04|41.64", "Neither $54.04 nor $41.64 is your refund."),
    ("1093.34", "Every order except the $1,093.34 one was refunded."),
    # disowned, doubted, denied
    ("1093.34", "The total of $1,093.34 I gave earlier was incorrect."),
    ("1093.34", "$1,093.34 is wrong; I don't have the total."),
    ("54.04|41.64", "$54.04 and $41.64 are both wrong."),
    ("1093.34", "I cannot confirm whether the total is $1,093.34."),
    ("1093.34", "I'm not sure it's $1,093.34."),
    ("1093.34", "I don't know if it's $1,093.34."),
    ("1093.34", "There is no record of a $1,093.34 total."),
    ("10", "I never said there are 10 product types."),
    # the customer's words
    ("1093.34", 'You said "$1,093.34", but I can\'t confirm the total.'),
    ("10", 'You said "10 product types" but that is wrong.'),
    # counterfactual
    ("1093.34", "If the total were $1,093.34, you'd owe nothing more."),
    ("1093.34", "It would have been $1,093.34 had the coupon applied."),
    ("10", "If there were 10 product types, I'd list them."),
    ("54.04|41.64", "If the items were eligible you'd get $54.04 and $41.64, but they are not."),
    # a bound
    ("1093.34", "The total is more than $1,093.34."),
    ("1093.34", "The total is under $1,093.34."),
    ("1093.34", "Over $1,093.34."),
    ("1093.34", "At least $1,093.34."),
    ("1093.34", "Up to $1,093.34."),
    ("1093.34", "$1,093.34 plus tax."),
    ("10", "There are 10 or more product types."),
    # another unit or sign
    ("10", "You get a 10% discount."),
    ("10", "Call us at 10 am."),
    ("10", "It opens at 9:10."),
    ("10", "There are -10 product types."),
    ("10", "10 of our 12 types are in stock."),
    # an identifier asked or disowned
    ("746342064230", "Is your tracking number 746342064230?"),
    ("746342064230", "The tracking number 746342064230 is wrong."),
]
TOLD = [
    ("1093.34", "The total is $1,093.34."),
    ("1093.34", "Your refund of $1,093.34 is on its way."),
    ("54.04|41.64", "You'll get $54.04 and $41.64 back."),
    ("54.04|41.64", "Refunds: $54.04, $41.64."),
    ("10", "There are 10 product types."),
    ("1093.34", "The total comes to $1,093.34 (tax included)."),
    ("1093.34", "| Item | Price |\n|---|---|\n| Total | $1,093.34 |"),
    ("1093.34", "Yes, the total is $1,093.34."),
    ("1093.34", "$1,093.34 in total \u2014 is there anything else?"),
    ("1093.34", "The total refund is $1,093.34. Would you like to proceed?"),
    ("1093.34", "The total is $1,093.34, shall I proceed?"),
    ("1093.34", "The total is $1,093.34 and the earlier figure was wrong."),
    ("1093.34", "No problem, the total is $1,093.34."),
    ("1093.34", "If you confirm, you'll get $1,093.34 back."),
    ("1093.34", "- $1,093.34 in total"),
    ("1093.34", "The total is $1,093.34, not $1,039.34 as I said before."),
    ("746342064230", "Your tracking number is 746342064230."),
    # a question or a negation of something else in the sentence leaves the value told
    ("1093.34", "I've processed the return and will refund $1,093.34 - anything else?"),
    ("368", "Your gift card is not sufficient to cover the additional cost of $368."),
]


@pytest.mark.parametrize(("facts", "reply"), NOT_TOLD)
def test_a_value_not_asserted_is_not_told(facts: str, reply: str) -> None:
    assert not all(said(fact, [reply]) for fact in facts.split("|")), reply


@pytest.mark.parametrize(("facts", "reply"), TOLD)
def test_a_value_asserted_plainly_is_told(facts: str, reply: str) -> None:
    assert all(said(fact, [reply]) for fact in facts.split("|")), reply


# --- the property, over the real tasks ---------------------------------------------------------


@dataclass(frozen=True)
class Task:
    """A tau-bench task whose required outputs hold a number or an identifier."""

    domain: str
    id: str
    values: tuple[str, ...]
    """The required outputs that are one number or one identifier, told by value."""
    words: tuple[str, ...]
    """The other required outputs, told as words (in a sentence of their own)."""


_JUDGES: dict[str, tuple[Any, Any]] = {
    "orders": (ORDERS, orders_judge),
    "airline": (AIRLINE, airline_judge),
}


def _by_value(fact: str) -> bool:
    return tokens.as_number(fact) is not None or tokens.as_identifier(fact) is not None


@cache
def _tasks() -> tuple[Task, ...]:
    found = []
    for name, (domain, _) in _JUDGES.items():
        for task_id in domain.scenario_ids():
            outputs = domain.load_scenario(task_id).required_outputs
            values = tuple(o for o in outputs if _by_value(o))
            words = tuple(o for o in outputs if not _by_value(o))
            # a required status is told by a claim about an order, not by its word alone
            if values and not any(w in ("processed", "pending", "delivered") for w in words):
                found.append(Task(name, task_id, values, words))
    return tuple(found)


def test_the_property_covers_both_domains() -> None:
    assert {t.domain for t in _tasks()} == {"orders", "airline"}
    assert len(_tasks()) >= 30


def _conveyed(task: Task, reply: str) -> Outcome:
    """``conveyed`` on the task's gold actions followed by ``reply``."""
    domain, judge = _JUDGES[task.domain]
    scenario = domain.load_scenario(task.id)
    steps = [{"name": a.name, "kwargs": a.kwargs} for a in scenario.expected_actions]
    steps.append({"name": "respond", "kwargs": {"content": reply}})
    context = judge.context_for(scenario, parse_answer_text(json.dumps(steps)))
    result = judge.checks.check(judge.requirements_for(scenario)["conveyed"], context)
    outcome: Outcome = result.outcome
    return outcome


def _written(fact: str, grouped: bool) -> str:
    """A value as an agent writes it: an amount with its dollar sign (``$1,093.34``), a count or
    an identifier as it is (``10``)."""
    number = tokens.as_number(fact)
    if tokens.as_identifier(fact) is not None or number is None or "." not in fact:
        return fact
    return f"${number:,.2f}" if grouped else f"${number:.2f}"


def _other(fact: str) -> str:
    """Another value of the same shape, for the frames that set the value against another."""
    number = tokens.as_number(fact)
    if tokens.as_identifier(fact) is not None or number is None:
        return str(int(fact) + 7) if fact.isdigit() else fact + "7"
    other = number + (Decimal("11.11") if "." in fact else 3)
    return f"${other:,.2f}" if "." in fact else str(other)


Frame = Callable[[str, str], str]
NOT_ASSERTING: dict[str, list[Frame]] = {
    "question": [
        lambda v, o: f"Is the amount {v}?",
        lambda v, o: f"Can you confirm the amount of {v}?",
        lambda v, o: f"Would {v} work for you?",
        lambda v, o: f"So it comes to {v}?",
        lambda v, o: f"It's {v}, is that correct?",
    ],
    "replaced": [
        lambda v, o: f"The amount is {o} instead of {v}.",
        lambda v, o: f"Rather than {v}, the amount is {o}.",
        lambda v, o: f"The amount is ~~{v}~~ {o}.",
        lambda v, o: f"Neither {v} nor {o} is right.",
        lambda v, o: f"Every entry except the {v} one was updated.",
    ],
    "disowned": [
        lambda v, o: f"The {v} I gave earlier was incorrect.",
        lambda v, o: f"{v} is wrong.",
        lambda v, o: f"I'm not sure it's {v}.",
        lambda v, o: f"I cannot confirm whether it is {v}.",
        lambda v, o: f"There is no record of {v}.",
        lambda v, o: f'You said "{v}", but I can\'t confirm that.',
        lambda v, o: f"I never said {v}.",
    ],
    "counterfactual": [
        lambda v, o: f"If the amount were {v}, you would owe nothing.",
        lambda v, o: f"It would have been {v} had the coupon applied.",
        lambda v, o: f"Suppose it was {v}; that still would not help.",
    ],
}
BOUNDS: list[Frame] = [
    lambda v, o: f"The amount is more than {v}.",
    lambda v, o: f"It is at least {v}.",
    lambda v, o: f"Up to {v}.",
    lambda v, o: f"It is under {v}.",
    lambda v, o: f"It is {v} or more.",
    lambda v, o: f"{v} plus fees.",
]
"""Bounds, for a number (an identifier bounds nothing)."""
PLAIN: list[Frame] = [
    lambda v, o: f"The amount is {v}.",
    lambda v, o: f"You'll get {v}.",
    lambda v, o: f"Here it is: {v}.",
    lambda v, o: f"| Amount | {v} | due |",
    lambda v, o: f"Yes, it's {v}.",
    lambda v, o: f"{v} in total \u2014 is there anything else?",
    lambda v, o: f"It comes to {v} (all included).",
    lambda v, o: f"That's {v}. Would you like anything else?",
    lambda v, o: f"It is {v}, shall I go ahead?",
]


def _reply(task: Task, sentences: list[str]) -> str:
    words = [f"Noted: {', '.join(task.words)}."] if task.words else []
    return "\n".join([*sentences, *words])


@st.composite
def _plain_reply(draw: st.DrawFn) -> tuple[Task, str]:
    task = draw(st.sampled_from(_tasks()))
    grouped = draw(st.booleans())
    said = [draw(st.sampled_from(PLAIN))(_written(f, grouped), "") for f in task.values]
    return task, _reply(task, said)


@st.composite
def _one_not_asserted(draw: st.DrawFn) -> tuple[Task, str, str]:
    """A task, a reply telling all but one of its values plainly and that one in a drawn frame
    that does not assert it, and the frame's kind."""
    task = draw(st.sampled_from(_tasks()))
    grouped = draw(st.booleans())
    index = draw(st.integers(0, len(task.values) - 1))
    fact = task.values[index]
    kinds = dict(NOT_ASSERTING)
    if tokens.as_identifier(fact) is None:
        kinds["bound"] = BOUNDS
    kind = draw(st.sampled_from(sorted(kinds)))
    frame = draw(st.sampled_from(kinds[kind]))
    said = [
        frame(_written(f, grouped), _other(f))
        if i == index
        else draw(st.sampled_from(PLAIN))(_written(f, grouped), "")
        for i, f in enumerate(task.values)
    ]
    return task, _reply(task, said), kind


@settings(max_examples=150, deadline=None)
@given(_one_not_asserted())
def test_a_required_value_said_without_asserting_it_is_not_conveyed(
    case: tuple[Task, str, str],
) -> None:
    task, reply, kind = case
    assert _conveyed(task, reply) == Outcome.FAIL, (task.domain, task.id, kind, reply)


@settings(max_examples=60, deadline=None)
@given(_plain_reply())
def test_every_required_value_said_plainly_is_conveyed(case: tuple[Task, str]) -> None:
    task, reply = case
    assert _conveyed(task, reply) == Outcome.PASS, (task.domain, task.id, reply)
