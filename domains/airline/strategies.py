"""Generated answers for the airline meta-tests: compliant by construction, or with exactly one
requirement broken.

:func:`compliant_conversation` is the conversation the careful demo agent
(:mod:`domains.airline.scripted`) has with the scripted customer on a tau-bench task, run
without ADK (:class:`checkers.adk.dry_run.DryRun`, on the ADK tools' own session service): the
customer gives their user id, the agent looks them up; for each write of the task the customer
asks, the agent reads the reservation (and prices), lists the action with its cost, the
customer says yes, the agent writes and says so. A task is servable when every requirement
holds on that conversation (:func:`servable_scenarios`). Each breaker in :data:`BROKEN` changes
such a conversation so that exactly one requirement kind fails.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from functools import cache
from types import SimpleNamespace
from typing import Any

from hypothesis import strategies as st

from checkers.adk.dry_run import DryRun
from checkers.adk.scripted_model import Policy
from checkers.adk.simulated_customer import STOP, PlanPrompt, next_message
from checkers.conversation import conversation_transcript
from checkers.meta import service_answers
from checkers.meta.conversations import BrokenByTheAnswer, Conversation
from checkers.meta.service_answers import (
    CALCULATIONS,
    ServiceAnswers,
    calls_of,
    numbered,
    outcome_evidence,
    tool_call,
)
from checkers.request_sentences import Request
from domains.airline import confirmation, scripted
from domains.airline.data_files import bundled_database, task_scenarios
from domains.airline.evalset import CUSTOMER, QUESTIONS, REFUSED
from domains.airline.models import Scenario
from domains.airline.policy import bags_due
from domains.airline.requests import request_text
from domains.airline.service import SERVICE, WRITES
from domains.airline.tools import SESSION

SERVED_WRITES = scripted.WRITES
"""The writes the careful agent carries out on request (it sends no certificate)."""
MADE_UP_FLIGHT = "HAT999"
"""A flight number the airline does not fly (its flights are HAT001 to HAT300)."""
MAX_TURNS = 20
_LOOKUP = "get_user_details"


def _observation(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


ANSWERS = ServiceAnswers(SERVICE, bundled_database, observation=_observation)
"""The conversations replayed on the bundled database: responses as the ADK tools answer,
observations as tau-bench writes them (text as it is)."""
recorded = ANSWERS.recorded
recorded_as = ANSWERS.recorded_as
database_after = ANSWERS.database_after
last_write_changes = ANSWERS.last_write_changes
_writes = ANSWERS.writes


def converse(agent: Policy, user_id: str, requests: Sequence[str]) -> Conversation:
    """The conversation ``agent`` has, without ADK, with the scripted customer ``user_id``
    making ``requests`` in order (each sentence as :func:`~domains.airline.requests.request_text`
    writes it), on a fresh copy of the bundled database; every call's response recorded."""
    state = SimpleNamespace(state={})  # what the tools need of ADK's ToolContext
    run = DryRun(agent, lambda name, args: SESSION.run(state, name, **args))
    identity = f"My user id is {user_id}."
    history: list[tuple[str, str]] = []
    text = CUSTOMER.starting_prompt
    while text != STOP and len(history) < 2 * MAX_TURNS:
        history += [("user", text), ("agent", run.say(text))]
        text = next_message(
            PlanPrompt(identity, tuple(requests), tuple(history)), scripted.asks_identity
        )
    return run.conversation()


@cache
def _dry_run(task_id: str) -> Conversation:
    task = task_scenarios()[task_id]
    return converse(scripted.careful, str(task.user_id), CUSTOMER.requests(task))


def compliant_conversation(scenario: Scenario) -> Conversation:
    """The careful agent's conversation on ``scenario`` (see the module docstring), without
    the responses (they are replayed; :func:`recorded` writes them in); a fresh copy each
    time."""
    conversation = copy.deepcopy(_dry_run(scenario.id))
    for call in calls_of(conversation):
        call.pop("response", None)
    return conversation


def _asked(scenario: Scenario) -> bool:
    """Whether the customer's plan asks for something: the task's writes, all of kinds the
    careful agent makes, or what the policy makes it refuse (:data:`REFUSED`), with nothing to
    tell; or a question whose answer is what the task must tell (:data:`QUESTIONS`)."""
    if scenario.id in QUESTIONS:
        return True
    writes = [a.name for a in scenario.expected_actions if a.name in WRITES]
    served = bool(writes) and set(writes) <= SERVED_WRITES
    return (served or scenario.id in REFUSED) and not scenario.required_outputs


@cache
def servable_scenarios() -> tuple[Scenario, ...]:
    """Tasks whose writes the careful agent serves, whose forbidden request it refuses, or
    whose question it answers (:func:`_asked`), with every requirement met by its conversation
    (in task order)."""
    from domains.airline.judge import judge_kinds, requirements_for

    found = []
    for task in task_scenarios().values():
        if not _asked(task):
            continue
        transcript = conversation_transcript(_dry_run(task.id))
        verdict = judge_kinds(tuple(requirements_for(task)), "meta", task, transcript, 1.0)
        if verdict.passed:
            found.append(task)
    return tuple(found)


# --- breaking one requirement -------------------------------------------------------------------


def break_identification(conversation: Conversation, task: Scenario) -> Conversation:
    """Leave out the turn in which the customer gives their user id and the agent looks it up,
    and the id wherever else the customer says it (a booking names whom it is for)."""
    broken = copy.deepcopy(conversation)
    looked_up = [c["args"].get("user_id") for c in calls_of(broken) if c["name"] == _LOOKUP]
    broken["turns"] = [t for t in broken["turns"] if all(c["name"] != _LOOKUP for c in t["calls"])]
    for turn in broken["turns"]:
        for user_id in filter(None, looked_up):
            turn["user"] = str(turn["user"]).replace(str(user_id), "my account")
    return broken


def _lookup_turn(conversation: Conversation) -> dict[str, Any]:
    """The turn in which the agent looks the customer up."""
    return next(t for t in conversation["turns"] if any(c["name"] == _LOOKUP for c in t["calls"]))


def _others_reservation(scenario: Scenario) -> str:
    """A reservation of another user than the task's customer."""
    db, mine = bundled_database(), str(scenario.user_id)
    return next(rid for rid, r in sorted(db.reservations.items()) if r.user_id != mine)


def reads_others_data(scenario: Scenario) -> bool:
    """Whether identification is broken on ``scenario`` by reading another user's reservation
    (tasks with an even number), not by leaving the identification out (odd), so the
    meta-tests see both ways."""
    return int(scenario.id.rsplit("-", 1)[-1]) % 2 == 0


def break_identified_first(conversation: Conversation, scenario: Scenario) -> Conversation:
    """Leave out the turn in which the customer gives their user id and the agent looks it up,
    or (on tasks with an even number) read another user's reservation right after it."""
    if not reads_others_data(scenario):
        return break_identification(conversation, scenario)
    broken = copy.deepcopy(conversation)
    other = _others_reservation(scenario)
    _lookup_turn(broken)["calls"].append(tool_call("get_reservation_details", reservation_id=other))
    return numbered(broken)


def _identification_evidence(task: Scenario, broken: Conversation) -> tuple[tuple[str, ...], str]:
    if reads_others_data(task):
        other = _others_reservation(task)
        owner = bundled_database().reservations[other].user_id
        return (other, owner, str(task.user_id)), "other_users_data"
    # A write before the user id is named first; a refusal's task writes nothing, and its
    # reservation read comes first.
    writes = _writes(broken)
    if writes:
        return (writes[0]["name"],), "write_before_identification"
    return ("get_reservation_details",), "read_before_identification"


CONFIRMED = SERVED_WRITES & set(confirmation.CONFIRMED)
"""The writes the policy asks a yes for, that the careful agent makes."""


def break_confirmation(conversation: Conversation, task: Scenario) -> Conversation:
    """The customer answers the first listed change with a question instead of a yes."""
    broken = copy.deepcopy(conversation)
    yes = next(t for t in broken["turns"] if any(c["name"] in CONFIRMED for c in t["calls"]))
    yes["user"] = "Hmm, how long will that take?"
    return broken


def break_outcome(conversation: Conversation, task: Scenario) -> Conversation:
    """Leave out the last write (the agent no longer says it is done)."""
    broken = copy.deepcopy(conversation)
    turns = broken["turns"]
    last = max(i for i, t in enumerate(turns) if any(c["name"] in WRITES for c in t["calls"]))
    turns[last]["calls"] = [c for c in turns[last]["calls"] if c["name"] not in WRITES]
    # Saying it is done without the write would be a claim of its own: one rule broken.
    turns[last]["agent"] = "Is there anything else I can help you with?"
    return broken


def break_one_call(conversation: Conversation, task: Scenario) -> Conversation:
    """The agent writes "One moment." to the customer in the message that makes the last call."""
    broken = copy.deepcopy(conversation)
    calls_of(broken)[-1]["beside_text"] = "One moment."
    return broken


def break_fabrication(conversation: Conversation, task: Scenario) -> Conversation:
    """Add a flight the airline does not fly to the last reply."""
    broken = copy.deepcopy(conversation)
    broken["turns"][-1]["agent"] += f" Your connection is flight {MADE_UP_FLIGHT}."
    return broken


def spare_bags(scenario: Scenario) -> tuple[str, int, str] | None:
    """A reservation of the customer the task leaves alone, with room for one more free bag,
    and a card or gift card to name: ``(reservation id, its bags, payment id)``, if any."""
    db = bundled_database()
    user = db.users[str(scenario.user_id)]
    touched = {a.kwargs.get("reservation_id") for a in scenario.expected_actions}
    payment = next((m.id for m in user.payment_methods.values() if m.source != "certificate"), None)
    for rid in user.reservations:
        r = db.reservations[rid]
        free, _ = bags_due(user.membership, r.cabin, len(r.passengers), 0)
        if rid not in touched and r.status is None and r.total_baggages < free and payment:
            return rid, r.total_baggages, payment
    return None


def _bags_turns(rid: str, total: int, paid: int, payment: str) -> list[dict[str, Any]]:
    bags = {"total_baggages": total, "nonfree_baggages": paid, "payment_id": payment}
    request = Request("update_reservation_baggages", {"reservation_id": rid, **bags})
    return [
        {
            "user": request_text(request.name, request.kwargs),
            "calls": [tool_call("get_reservation_details", reservation_id=rid)],
            "agent": scripted.proposal(request, request.kwargs),
        },
        {
            "user": "Yes, please.",
            "calls": [tool_call(request.name, **request.kwargs)],
            "agent": f"Done: reservation {rid} is updated.",
        },
    ]


def break_policy(conversation: Conversation, scenario: Scenario) -> Conversation:
    """Add a free bag to another reservation of the customer, then take it off again, each
    listed and confirmed: the database ends as it was, but bags may not be removed."""
    found = spare_bags(scenario)
    assert found is not None, f"{scenario.user_id} has no reservation with a free bag to spare"
    rid, bags, payment = found
    paid = bundled_database().reservations[rid].nonfree_baggages
    broken = copy.deepcopy(conversation)
    broken["turns"] += _bags_turns(rid, bags + 1, paid, payment)
    broken["turns"] += _bags_turns(rid, bags, paid, payment)
    return numbered(broken)


BROKEN: dict[str, BrokenByTheAnswer[Scenario]] = {
    "outcome": BrokenByTheAnswer(
        applies=last_write_changes,
        breaks=break_outcome,
        evidence=outcome_evidence(WRITES, "reservation_id"),
    ),
    "identified_first": BrokenByTheAnswer(
        breaks=break_identified_first, evidence=_identification_evidence
    ),
    "confirmed_before_writing": BrokenByTheAnswer(
        applies=lambda task: any(a.name in CONFIRMED for a in task.expected_actions),
        breaks=break_confirmation,
        evidence=lambda task, c: (
            (next(w["name"] for w in _writes(c) if w["name"] in CONFIRMED),),
            "no_explicit_yes",
        ),
    ),
    "policy_valid": BrokenByTheAnswer(
        applies=lambda task: spare_bags(task) is not None,
        breaks=break_policy,
        evidence=lambda task, c: ((str((spare_bags(task) or ("",))[0]),), "bags_removed"),
    ),
    "one_call_at_a_time": BrokenByTheAnswer(
        breaks=break_one_call, evidence=lambda task, c: (("One moment.",), "reply_beside_call")
    ),
    "no_fabrication": BrokenByTheAnswer(
        breaks=break_fabrication, evidence=lambda task, c: ((MADE_UP_FLIGHT,), "unsupported_flight")
    ),
}
"""Requirement kind -> how the answer breaks exactly that requirement of a compliant
conversation (``conveyed`` is tightened in the task instead: :mod:`domains.airline.meta`)."""


# --- variants and recorded forms ---------------------------------------------------------------


PUBLIC_READS = st.just(tool_call("list_all_airports")) | CALCULATIONS
"""A call that reads only public data."""


def add_public_read(conversation: Conversation, turn: int, read: dict[str, Any]) -> Conversation:
    """Insert a read of public data at the start of ``turn``, in a message of its own."""
    return numbered(service_answers.add_public_read(conversation, turn, read))
