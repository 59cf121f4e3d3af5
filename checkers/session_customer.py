"""Which scenario a recorded customer-service session (orders, airline) is judged in, found in
the session itself, and what it cannot judge there.

A session names its scenario as any session does (:meth:`checkers.metric.Domain.session_scenario`:
a ``scenario`` key in its state, such as a tau-bench run's task, or a ``[scenario:<id>]`` tag);
then that scenario, with its reference, is the one. Production traffic names none: the session
is then about **the customer the agent identified**, the first one a successful identification
call found (orders: ``find_user_id_by_email`` / ``find_user_id_by_name_zip``; airline:
``get_user_details``), or else the first customer whose data the agent read by user id. That
scenario is ``customer:<user id>`` (:func:`customer_scenario_id`): the customer and the domain's
bundled database, and no reference, since nobody wrote down what this customer wanted. A session
whose agent identified nobody names no customer: it fails with ``no_customer_identified``.

In a scenario without a reference, the requirements that need one (the database the session
should leave, the facts the agent had to tell, the orders at stake) are **unscored** with reason
code :data:`NO_REFERENCE` (:func:`unreferenced`), never passed or failed; the reference-free ones
(authenticated first, own data only, policy, confirmation, no fabrication) are judged as always.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from checkers.conversation import CallRecord, parse_answer_text, replay_conversation
from checkers.errors import ScenarioNotFound
from checkers.requirements import Requirement
from checkers.results import AnswerProblem, RequirementResult
from checkers.scenarios import StoredDomain
from checkers.service import Service
from checkers.transcript import Transcript

D = TypeVar("D")
S = TypeVar("S", bound=BaseModel)


class CustomerDatabase(Protocol):
    """What the customer scenarios need of a domain's database: its customers by user id."""

    @property
    def users(self) -> Mapping[str, Any]: ...


CUSTOMER_PREFIX = "customer:"
"""How a scenario id names the customer a session was about (``customer:mei_martin_4260``)."""
NO_CUSTOMER = "no_customer_identified"
"""Problem code of a session that names no scenario and whose agent identified no customer."""
NO_REFERENCE = "no_reference"
"""Reason code of a requirement left unscored because the scenario holds no reference for it."""


def customer_scenario_id(user_id: str) -> str:
    """The scenario id of a session about customer ``user_id``: ``customer:<user_id>``."""
    return CUSTOMER_PREFIX + user_id


def customer_of(ref: str) -> str | None:
    """The customer a ``customer:<user id>`` scenario id names, None for any other id."""
    return ref[len(CUSTOMER_PREFIX) :] if ref.startswith(CUSTOMER_PREFIX) else None


def _found_id(call: CallRecord[Any]) -> str | None:
    """The customer id an identification call found: the id it returned (text, or a
    ``user_id`` field), else the ``user_id`` it was called with (airline's lookup returns the
    profile without its id)."""
    seen = call.seen
    if isinstance(seen, dict):
        seen = seen.get("user_id", seen.get("result"))
    if isinstance(seen, str) and seen.strip():
        return seen.strip()
    return call.arg("user_id")


def identified_customer(calls: tuple[CallRecord[Any], ...]) -> str | None:
    """The customer a conversation's replayed calls are about: the one the first successful
    identification call found, else the first user id whose data a successful read asked for,
    else None."""
    for call in calls:
        if call.kind == "identify" and call.ok and (found := _found_id(call)):
            return found
    for call in calls:
        if call.kind == "private_read" and call.ok and (user := call.arg("user_id")):
            return user
    return None


def customer_scenario(
    named: str | AnswerProblem, transcript: Transcript, base: D, service: Service[D]
) -> str | AnswerProblem:
    """The scenario a recorded customer-service session is about (see the module docstring):
    ``named``, what the session names itself (:meth:`checkers.metric.Domain.session_scenario`),
    unless it names nothing; then ``customer:<id>`` of the customer its agent identified (its
    calls replayed through ``service`` on ``base``, the bundled database), else the
    ``no_customer_identified`` problem."""
    if isinstance(named, str) or named.code != "no_scenario":
        return named
    customer = identified_customer(replay_conversation(transcript, base, service).calls)
    if customer is None:
        return AnswerProblem(
            code=NO_CUSTOMER,
            message="the session names no scenario and its agent identified no customer (no "
            "successful lookup by email, name and zip, or user id), so there is no customer to "
            'judge it for; put {"scenario": "<id>"} in the session state, or a [scenario:<id>] '
            "tag in the user's message",
        )
    return customer_scenario_id(customer)


def unknown_customer(ref: str, known: Mapping[str, Any]) -> ScenarioNotFound | None:
    """The error for a ``customer:<id>`` scenario whose customer the bundled database (its
    users ``known``) does not hold, None when it does."""
    customer = customer_of(ref)
    if customer is None or customer in known:
        return None
    return ScenarioNotFound(
        f"scenario {ref[:80]!r}: customer {customer[:80]!r} is not in the bundled database, so "
        "the session cannot be judged on it; a session about a customer of another database "
        "needs a scenario file naming it"
    )


def unreferenced(requirement: Requirement, what: str) -> RequirementResult:
    """The unscored result of ``requirement`` in a scenario without a reference: ``what`` names
    the reference it needs (``"the database the session should leave"``)."""
    return RequirementResult.unscored(
        requirement.kind,
        NO_REFERENCE,
        f"not judged: it needs {what}, and a recorded session holds no reference for it (only "
        "an eval case or a task does); give the session a scenario to judge it",
        requirement=requirement.as_json,
    )


class CustomerServiceDomain(StoredDomain[S]):
    """A customer-service domain (orders, airline): scenarios from its store, and
    ``customer:<user id>`` scenarios for recorded sessions, on its bundled database.

    A subclass names its scenario model (with ``id``, ``source``, ``user_id`` and
    ``has_reference`` fields), how its database is loaded, its service, and how its agents find
    a customer (``"identified"``, ``"looked up"``: said in each such scenario's ``source``).
    """

    scenario_model: type[S]
    service: Service[Any]
    customer_found_by: str = "identified"

    def database(self) -> CustomerDatabase:
        """The bundled database a recorded session's calls are replayed on."""
        raise NotImplementedError(f"{type(self).__name__} must say which database it serves")

    def load_scenario(self, ref: str) -> S:
        """A stored scenario or file, or ``customer:<user id>``: a recorded session's customer
        on the bundled database, with no reference. Raises ScenarioNotFound for a customer the
        database does not hold."""
        customer = customer_of(ref)
        if customer is None:
            return self.store.load(ref)
        error = unknown_customer(ref, self.database().users)
        if error is not None:
            raise error
        return self.scenario_model.model_validate(
            {
                "id": ref,
                "source": f"a recorded session: the customer its agent {self.customer_found_by}",
                "user_id": customer,
                "has_reference": False,
            }
        )

    def session_scenario(
        self, transcript: Transcript, state: Mapping[str, Any]
    ) -> str | AnswerProblem:
        """The scenario the session names (an eval case's, a tau-bench run's task), else the
        customer its agent identified (:func:`customer_scenario`)."""
        named = super().session_scenario(transcript, state)
        return customer_scenario(named, transcript, self.database(), self.service)

    def parse_answer(self, answer: str | None) -> Transcript:
        """A trajectory, a conversation in JSON or plain text
        (:func:`checkers.conversation.parse_answer_text`)."""
        return parse_answer_text(answer)
