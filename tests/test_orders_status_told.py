"""A required status is told only by a claim of it about an order it is true of, at the moment
it is said: a property over generated conversations, against an oracle that replays the
service turn by turn.

The compliant conversations of the meta spec never tell a status (their replies are fixed
sentences), so ``conveyed``'s status rule is proven here: into a servable task's compliant
conversation a sentence about one of the customer's orders is put at some moment (before any
call, or after any turn), and ``conveyed`` of a status word must pass exactly when the oracle
says the order was in a state that makes the word true at that moment.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.results import Outcome as ResultOutcome
from domains.orders import claims, strategies
from domains.orders.checks import checks
from domains.orders.data_files import bundled_database
from domains.orders.judge import context_for
from domains.orders.models import Conveyed, Scenario
from domains.orders.service import apply

# Marked so that `checkers mutate orders` runs these properties against each mutant.
pytestmark = pytest.mark.checkers_meta

WORDS = ("pending", "processed", "delivered", "cancelled", "exchange requested", "return requested")
"""Status words a reply can claim, each naming one status."""

PROPERTY = settings(meta_settings(), max_examples=120)


def _states_by_moment(conversation: dict[str, Any], order_id: str) -> list[str]:
    """The order's state before any call (index 0) and after each turn's calls (index i + 1),
    replaying the turns' calls on the bundled database: the oracle."""
    db = bundled_database()
    states: list[str] = [db.orders[order_id].status]
    for turn in conversation["turns"]:
        for call in turn["calls"]:
            db = apply(db, call["name"], call["args"]).db_after
        states.append(db.orders[order_id].status)
    return states


@cache
def _customers_orders(user_id: str) -> tuple[str, ...]:
    db = bundled_database()
    return tuple(sorted(o for o, order in db.orders.items() if order.user_id == user_id))


def _told_at(conversation: dict[str, Any], moment: int, sentence: str) -> dict[str, Any]:
    """``conversation`` with ``sentence`` said at ``moment``: 0 is a first turn in which the
    agent speaks before any call; i > 0 is the end of turn i's reply."""
    changed = copy.deepcopy(conversation)
    if moment == 0:
        changed["turns"].insert(0, {"user": "Hello.", "calls": [], "agent": sentence})
    else:
        turn = changed["turns"][moment - 1]
        turn["agent"] = f"{turn['agent']} {sentence}"
    return changed


def _conveyed(task: Scenario, conversation: dict[str, Any], fact: str) -> ResultOutcome:
    transcript = strategies.recorded_as(conversation, "conversation")
    return checks.check(Conveyed(facts=(fact,)), context_for(task, transcript)).outcome


@st.composite
def _moments(draw: st.DrawFn) -> tuple[Scenario, dict[str, Any], str, int]:
    """A servable task, its compliant conversation, one of the customer's orders (most often
    one the task writes to, whose state changes) and a moment."""
    task = draw(st.sampled_from(strategies.servable_scenarios()))
    conversation = strategies.compliant_conversation(task)
    written = sorted(
        {str(a.kwargs["order_id"]) for a in task.expected_actions if "order_id" in a.kwargs}
    )
    order_id = draw(st.sampled_from(written) | st.sampled_from(_customers_orders(task.user_id)))
    moment = draw(st.integers(0, len(conversation["turns"])))
    return task, conversation, order_id, moment


@PROPERTY
@given(case=_moments(), word=st.sampled_from(WORDS))
def test_a_status_is_told_exactly_when_true_of_the_order_when_said(
    case: tuple[Scenario, dict[str, Any], str, int], word: str
) -> None:
    task, conversation, order_id, moment = case
    state = _states_by_moment(conversation, order_id)[moment]
    told = _told_at(conversation, moment, f"Order {order_id} is {word}.")
    expected = ResultOutcome.PASS if claims.holds(word, state) else ResultOutcome.FAIL
    assert _conveyed(task, told, word) is expected, (task.id, order_id, moment, state)


@PROPERTY
@given(case=_moments(), word=st.sampled_from(WORDS), data=st.data())
def test_a_hedge_about_one_order_does_not_stop_a_claim_about_another(
    case: tuple[Scenario, dict[str, Any], str, int], word: str, data: st.DataObject
) -> None:
    task, conversation, order_id, moment = case
    other = data.draw(st.sampled_from([w for w in WORDS if w != word]))
    hedged = data.draw(st.sampled_from([o for o in _customers_orders(task.user_id)]))
    state = _states_by_moment(conversation, order_id)[moment]
    sentence = f"Order {hedged} is {word} or {other}, and order {order_id} is {word}."
    told = _told_at(conversation, moment, sentence)
    expected = ResultOutcome.PASS if claims.holds(word, state) else ResultOutcome.FAIL
    assert _conveyed(task, told, word) is expected, (task.id, sentence, moment, state)


@PROPERTY
@given(case=_moments(), word=st.sampled_from(WORDS), data=st.data())
def test_a_hedged_denied_or_general_status_tells_nothing(
    case: tuple[Scenario, dict[str, Any], str, int], word: str, data: st.DataObject
) -> None:
    task, conversation, order_id, moment = case
    other = data.draw(st.sampled_from([w for w in WORDS if w != word]))
    sentence = data.draw(
        st.sampled_from(
            (
                f"Order {order_id} is {word} or {other}.",
                f"Order {order_id} is either {other} or {word}.",
                f"Order {order_id} is not {word}.",
                f"'{word.capitalize()}' is one of the statuses an order can have.",
            )
        )
    )
    told = _told_at(conversation, moment, sentence)
    assert _conveyed(task, told, word) is ResultOutcome.FAIL, (task.id, sentence, moment)


@PROPERTY
@given(case=_moments(), pair=st.permutations(WORDS).map(lambda words: words[:2]))
def test_a_fact_naming_two_statuses_is_told_by_its_words(
    case: tuple[Scenario, dict[str, Any], str, int], pair: list[str]
) -> None:
    # Such a fact is no single status to bind to an order: it is told by saying it.
    task, conversation, _, moment = case
    fact = f"{pair[0]} and then {pair[1]}"
    assert len(claims.statuses(fact)) == 2
    said = _told_at(conversation, moment, f"Your order went {fact}.")
    assert _conveyed(task, said, fact) is ResultOutcome.PASS
    assert _conveyed(task, conversation, fact) is ResultOutcome.FAIL
