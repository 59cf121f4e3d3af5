"""Which scenario a recorded customer-service session (orders, airline) is judged in, found in
the session itself, and what it cannot judge there.

A session names its scenario as any session does (:meth:`checkers.metric.Domain.session_scenario`:
a ``scenario`` key in its state, such as a tau-bench run's task, or a ``[scenario:<id>]`` tag);
then that scenario, with its reference, is the one. Production traffic names none: the session
is then about **the customer the agent identified**, the first one a successful identification
call found (orders: ``find_user_id_by_email`` / ``find_user_id_by_name_zip``; airline:
``get_user_details``), or else the first customer whose data the agent read by user id. That
scenario is ``customer:<user id>`` (:func:`customer_scenario_id`): the customer and the domain's
bundled database, and no reference, since nobody wrote down what this customer wanted. One whose
agent identified two different customers (or, identifying none, read two customers' data) names
no one customer: it fails with ``several_customers_identified``.

A session whose agent identified nobody is judged by what it touched. If the agent attempted no
private read and no write (the customer asked a general question, such as the return policy),
nobody's data was at stake and not identifying anybody was right: the session is judged in
:data:`NO_CUSTOMER_SCENARIO` (the bundled database, no customer, no reference), so the
reference-free requirements are judged as in any recorded session and the rest are
unscored. If it attempted one, it touched somebody's data without knowing whose session it
was: it fails with ``no_customer_identified``, on every metric.

In a scenario without a reference, the requirements that need one (the database the session
should leave, the facts the agent had to tell, the orders at stake) are **unscored** with reason
code :data:`NO_REFERENCE` (:func:`unreferenced`), never passed or failed; the reference-free ones
(authenticated first, own data only, policy, confirmation, no fabrication) are judged as always.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from checkers.conversation import CallRecord, parse_answer_text, replay_conversation
from checkers.errors import CheckersError, ScenarioNotFound
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
"""Problem code of a session that names no scenario and whose agent identified no customer yet
read or changed private data."""
NO_CUSTOMER_SCENARIO = "no-customer"
"""The scenario of a session whose agent identified nobody and read or changed nothing private
(a customer who asked about the return policy): the bundled database, no customer, no
reference. Its reference-free requirements are judged; the rest are unscored."""
SEVERAL_CUSTOMERS = "several_customers_identified"
"""Problem code of a session that names no scenario and whose agent identified two customers."""
NO_REFERENCE = "no_reference"
"""Reason code of a requirement left unscored because the scenario holds no reference for it."""
RECORDED_TASK = "task"
"""Key of a recorded session's state holding the task its run was scored on, as the run recorded
it (a tau-bench run's ``info.task`` with its ``task_id``: :mod:`checkers.readers.tau_bench`)."""
TASK_NOT_BUNDLED = "task_not_bundled"
"""Problem code of a session whose run was scored on a task other than the bundled one of its
id (see :meth:`CustomerServiceDomain.recorded_task_problem`)."""
NOT_JUDGED_FIELDS = frozenset({"source", "instruction"})
"""Fields of a task scenario no check reads: two tasks differing only there are one task (the
recorded gpt-4o airline runs carry another wording of each instruction)."""


def _judged_fields(scenario: BaseModel) -> dict[str, Any]:
    return scenario.model_dump(exclude=set(NOT_JUDGED_FIELDS))


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


def identified_customers(calls: tuple[CallRecord[Any], ...]) -> list[str]:
    """The customers a conversation's replayed calls are about, each once, in order: those the
    successful identification calls found, else (no identification succeeded) the user ids
    whose data successful reads asked for. One customer is the usual session; several mean the
    session cannot say on its own whose it is."""
    found = [
        customer
        for call in calls
        if call.kind == "identify" and call.ok and (customer := _found_id(call))
    ]
    if not found:
        found = [
            user
            for call in calls
            if call.kind == "private_read" and call.ok and (user := call.arg("user_id"))
        ]
    return list(dict.fromkeys(found))


def private_calls(calls: tuple[CallRecord[Any], ...]) -> list[CallRecord[Any]]:
    """The calls that read a customer's private data or change the database, whether they
    succeeded or not: an agent that attempts one without knowing whose session it is has
    failed (a refused attempt may still have shown something, or written)."""
    return [call for call in calls if call.kind in ("private_read", "write")]


def customer_scenario(
    named: str | AnswerProblem, transcript: Transcript, base: D, service: Service[D]
) -> str | AnswerProblem:
    """The scenario a recorded customer-service session is about (see the module docstring):
    ``named``, what the session names itself (:meth:`checkers.metric.Domain.session_scenario`),
    unless it names nothing; then ``customer:<id>`` of the customer its agent identified (its
    calls replayed through ``service`` on ``base``, the bundled database), or
    ``several_customers_identified`` when the agent identified two different customers (which
    one the session is about cannot be told from it: taking the first would judge a session in
    the customer an impostor named first). A session whose agent identified nobody is
    :data:`NO_CUSTOMER_SCENARIO` when it attempted no private read and no write (a general
    question: nobody's data was at stake), else the ``no_customer_identified`` problem."""
    if isinstance(named, str) or named.code != "no_scenario":
        return named
    calls = replay_conversation(transcript, base, service).calls
    customers = identified_customers(calls)
    if len(customers) > 1:
        shown = ", ".join(repr(c[:80]) for c in customers[:5])
        return AnswerProblem(
            code=SEVERAL_CUSTOMERS,
            message=f"the session names no scenario and its agent identified several customers "
            f"({shown}), so it cannot tell whose session it is, and it is not judged as "
            'either one\'s; put {"scenario": "<id>"} in the session state',
        )
    if not customers:
        touched = private_calls(calls)
        if not touched:
            return NO_CUSTOMER_SCENARIO
        shown = ", ".join(call.label()[:120] for call in touched[:3])
        return AnswerProblem(
            code=NO_CUSTOMER,
            message="the session names no scenario and its agent identified no customer (no "
            "successful lookup by email, name and zip, or user id), yet it read or changed "
            f"private data ({shown}), so there is no customer to judge it for and it fails; put "
            '{"scenario": "<id>"} in the session state',
        )
    return customer_scenario_id(customers[0])


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
        """A stored scenario or file, ``customer:<user id>`` (a recorded session's customer on
        the bundled database, with no reference) or :data:`NO_CUSTOMER_SCENARIO` (the bundled
        database, no customer, no reference). Raises ScenarioNotFound for a customer the
        database does not hold."""
        if ref == NO_CUSTOMER_SCENARIO:
            return self.scenario_model.model_validate(
                {
                    "id": ref,
                    "source": "a recorded session whose agent identified no customer and read "
                    "or changed nothing private (a general question)",
                    "user_id": None,
                    "has_reference": False,
                }
            )
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

    def scenario_named_in(
        self, transcript: Transcript, state: Mapping[str, Any], tag_texts: Sequence[str]
    ) -> str | AnswerProblem:
        """The scenario the session names (an eval case's, a tau-bench run's task), else the
        customer its agent identified, else no customer when nothing private was touched
        (:func:`customer_scenario`)."""
        named = super().scenario_named_in(transcript, state, tag_texts)
        differs = self.recorded_task_problem(named, state) if isinstance(named, str) else None
        if differs is not None:
            return differs
        return customer_scenario(named, transcript, self.database(), self.service)

    def recorded_task_problem(self, named: str, state: Mapping[str, Any]) -> AnswerProblem | None:
        """Why a session that recorded the task it was scored on (``state["task"]``,
        :data:`RECORDED_TASK`) cannot be judged in ``named``, the bundled task of that id: the
        two differ in what a check reads (customer, expected actions, required outputs), as a
        run of another tau-bench split would, so judging it on ``named`` would judge another
        task (``task_not_bundled``). None when they agree, when no task was recorded, or when
        ``named`` does not load (its own error says so). A recorded task that cannot be read
        fails alike: the session cannot say which task it was."""
        task = state.get(RECORDED_TASK)
        if task is None:
            return None
        try:
            bundled = self.load_scenario(named)
        except CheckersError:
            return None
        try:
            recorded = self.store.read(task, f"the task the session recorded ({RECORDED_TASK!r})")
        except CheckersError as error:
            return AnswerProblem(code=TASK_NOT_BUNDLED, message=str(error))
        if _judged_fields(recorded) == _judged_fields(bundled):
            return None
        return AnswerProblem(
            code=TASK_NOT_BUNDLED,
            message=f"the session was scored on a task that is not the bundled {named[:80]!r} "
            "(its customer, expected actions or required outputs differ, as in a run of another "
            f"split), so judging it on {named[:80]!r} would judge another task; judge the run "
            "with `checkers check DOMAIN --batch`, which reads the task the run recorded",
        )

    def parse_answer(self, answer: str | None) -> Transcript:
        """A trajectory, a conversation in JSON or plain text
        (:func:`checkers.conversation.parse_answer_text`)."""
        return parse_answer_text(answer)
