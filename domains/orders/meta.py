"""Orders' meta spec: conversations whose verdict is known by construction, judged requirement
by requirement.

Orders differs from dining in shape, and the harness's terms map onto it as follows:

- **Subjects are requirement kinds.** An orders verdict has one subject per requirement (see
  :mod:`domains.orders.judge`), and each metric judges a fixed list of kinds. A meta-scenario
  (:class:`InForce`) is therefore a task together with the kinds *in force*, in the order they are
  judged; ``all_requirements`` judges exactly those kinds with the domain's own
  :func:`~domains.orders.judge.judge_kinds`. It is the harness's share metric (an unregistered
  union of the four registered code-checked metrics), so every check is exercised by the
  generated cases; the registered metrics are judged on the meta-scenario's task unchanged.
- **Answers are conversations.** The answer is ``{"turns": [{"user", "calls", "agent"}]}``, the
  JSON ``checkers check orders --answer`` reads; the harness writes it into a final text (bare,
  fenced, inside prose) and ``all_requirements`` reads it back (:func:`read_answer`).

How each kind of case is built (from :mod:`domains.orders.strategies`):

- satisfying: a servable tau-bench task and the conversation a policy-following agent has with
  its customer (:func:`~domains.orders.strategies.compliant_conversation`: identify, read, describe
  each write, an explicit yes, write), sometimes with a read of public data added, judged with a
  random selection of kinds in force, in a random order;
- single violation of a conduct kind (``authenticated_first``, ``own_data_only``,
  ``policy_valid``, ``confirmed_before_writing``, ``no_fabrication``, ``outcome``): these rules
  are broken by the answer, not by the scenario, so the answer is the compliant conversation
  with that one rule broken (:data:`~domains.orders.strategies.BREAKERS`); the base has every
  other selected kind in force (the answer meets them all) and the violation brings the broken
  kind into force. At least two kinds are in force, so the base judges something;
- single violation of ``conveyed`` or ``mentions_order_id``: the compliant conversation stays;
  the task is tightened: a fact it must tell that the agent never says, or an order it must name
  that the agent never names;
- incomplete: the conversation's ``turns`` removed, emptied, garbled or of the wrong type; the
  answer cannot be read, so nothing is judged and every result is ``incomplete``;
- any scenario: any tau-bench task or chapter scenario with any selection of kinds;
- transcripts for the invariants: a compliant or once-broken conversation, or talk without a
  call, with every response recorded (as ADK records them: where only some are recorded, the
  outcome check deliberately treats a write without one as unknown, so an unrelated call's
  recorded response would change it; see ``strategies.recorded``), turn by turn, as a tau-bench
  trajectory (no customer messages, so ``confirmed_before_writing`` is unscored) or flat, judged
  in its own task or, a quarter of the time, in any other; ``all_requirements`` also gets it as
  the final text's JSON answer. A *silent* agent (no call, no reply) is described under a row of
  its own, ``all_requirements/silent_agent``: every result is incomplete (``no_agent_turn``), and
  calls to tools outside the service, added by the invariants, must not change that.

Adding a requirement (the monotonicity invariants): a ``conveyed`` or ``mentions_order_id``
requirement tightens the task's own (more facts to tell, more orders to name); a requirement
equal to the task's own adds nothing. The task holds one requirement of each kind, so any other
(an ``outcome`` with other expected actions, ``own_data_only`` for another customer) is kept
beside it (:attr:`InForce.extra`) and judged as one more result of the subject it was added to.

There is no oracle: the space of conversations is not finite. The bundled known answers use
their own format and are checked by ``tests/test_orders_known_answers.py``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import Any

from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from checkers.answers import extract_json_object
from checkers.errors import ConfigError
from checkers.meta.spec import Answer, Case, DomainMetaSpec, MetricMeta, Violation
from checkers.meta.strategies import JSON_VALUES, final_texts, prose
from checkers.metric import Domain, Metric
from checkers.requirements import Requirement
from checkers.results import Aggregation, AnswerProblem, SubjectResult, Verdict
from checkers.transcript import Transcript, Turn
from domains.orders import strategies
from domains.orders.checks import checks
from domains.orders.conversation import (
    actions_from_json,
    conversation_transcript,
    trajectory_transcript,
)
from domains.orders.data_files import bundled_database, service_scenarios, tau_tasks
from domains.orders.judge import (
    SUBJECT_NAMES,
    context_for,
    judge_kinds,
    orders_at_stake,
)
from domains.orders.metrics import METRICS
from domains.orders.models import (
    Action,
    AuthenticatedFirst,
    ConfirmedBeforeWriting,
    Conveyed,
    MentionsOrderId,
    NoFabrication,
    OrdersRequirement,
    Outcome,
    OwnDataOnly,
    PolicyValid,
    Scenario,
)
from domains.orders.scenarios import ORDERS, parse_answer_text
from domains.orders.service import OPERATIONS, WRITES

KINDS: tuple[str, ...] = tuple(SUBJECT_NAMES)
"""Every orders requirement kind, in the order :func:`~domains.orders.judge.requirements_for`
builds them."""
BROKEN_BY_THE_ANSWER = tuple(sorted(strategies.BREAKERS))
TIGHTENED_IN_THE_TASK = ("conveyed", "mentions_order_id")
ALL_REQUIREMENTS = "all_requirements"
UNSAID_FACTS = ("5 to 7 business days", "mastercard", "polyester", "20 hours", "store credit")
"""Facts no compliant conversation says (its replies are fixed sentences without numbers)."""
CUSTOMER_WORDS = (None, "Can you help me?", "Hi, I have a question about my orders.")
_REQUIREMENT: TypeAdapter[Requirement] = TypeAdapter(OrdersRequirement)


# --- the meta-scenario --------------------------------------------------------------------------


class Added(BaseModel):
    """A requirement the task cannot hold, added beside it to the subject ``subject``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    subject: str
    requirement: OrdersRequirement


class InForce(BaseModel):
    """A task and the requirement kinds judged on it (the subjects), in the order judged."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    task: Scenario
    kinds: tuple[str, ...] = Field(min_length=1)
    extra: tuple[Added, ...] = ()
    """Requirements added beyond the task's own (see the module docstring)."""

    @field_validator("kinds")
    @classmethod
    def _known_and_distinct(cls, kinds: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [k for k in kinds if k not in KINDS]
        if unknown or len(set(kinds)) != len(kinds):
            raise ValueError(
                f"kinds must be distinct requirement kinds of {', '.join(KINDS)}; got {kinds}"
            )
        return kinds

    def __repr__(self) -> str:
        # Hypothesis prints falsifying examples with repr: the task id, not the whole task.
        added = "".join(f"; +{a.requirement.kind} on {a.subject}" for a in self.extra)
        return f"InForce({self.task.id}; in force: {', '.join(self.kinds)}{added})"


class InForceDomain(Domain[InForce]):
    """The orders domain seen by the meta-tests: a scenario id loads that task with every
    requirement kind in force."""

    name = ORDERS.name

    def scenario_ids(self) -> list[str]:
        return ORDERS.scenario_ids()

    def load_scenario(self, ref: str) -> InForce:
        return InForce(task=ORDERS.load_scenario(ref), kinds=KINDS)

    def parse_answer(self, answer: str | None) -> Transcript:
        return ORDERS.parse_answer(answer)


IN_FORCE = InForceDomain()


# --- reading and judging ------------------------------------------------------------------------

PROSE = frozenset({"no_json_object", "no_final_response", "empty_response"})
"""Reader problems that mean the final text holds no JSON answer: it is then the agent's words."""
NOTHING = Transcript(final_text=None)
"""What is judged when the answer cannot be read: nothing, so every check is incomplete."""


def read_answer(transcript: Transcript) -> tuple[Transcript, tuple[AnswerProblem, ...]]:
    """The conversation a transcript holds, and what made it unreadable.

    A transcript that records turns is the conversation. Otherwise, when its final text holds a
    JSON object, that object is read as ``checkers check orders --answer`` reads an answer (a
    conversation or a trajectory); calls the transcript records beside the final text come first,
    as a turn of their own. An object that is neither, a conversation with no turn, or JSON the
    reader refuses (several different objects: two conversations offered; duplicate keys; too
    deep) is an answer problem and nothing is judged: the reader never picks one of several.
    Any other final text (prose holding no JSON) is the agent's only message.
    """
    if transcript.turns:
        return transcript, ()
    found = extract_json_object(transcript.final_text)
    if not isinstance(found, dict):
        if found.code in PROSE:
            return transcript, ()
        return NOTHING, (found,)
    try:
        parsed = parse_answer_text(json.dumps(found))
    except ConfigError as error:
        return NOTHING, (AnswerProblem(code="unreadable_conversation", message=str(error)),)
    if not parsed.turns:
        problem = AnswerProblem(
            code="no_turns", message='the conversation has no turn; give {"turns": [...]}'
        )
        return NOTHING, (problem,)
    return _calls_first(transcript, parsed), ()


def _calls_first(outer: Transcript, conversation: Transcript) -> Transcript:
    if not outer.tool_calls:
        return conversation
    before = Turn(user_text=None, tool_calls=outer.tool_calls, tool_responses=outer.tool_responses)
    return conversation.model_copy(
        update={
            "tool_calls": (*outer.tool_calls, *conversation.tool_calls),
            "tool_responses": (*outer.tool_responses, *conversation.tool_responses),
            "turns": (before, *conversation.turns),
        }
    )


def _with_extra_results(verdict: Verdict, scenario: InForce, read: Transcript) -> Verdict:
    context = context_for(scenario.task, read)
    subjects = tuple(
        SubjectResult(
            subject_id=s.subject_id,
            name=s.name,
            results=(
                *s.results,
                *(
                    checks.check(added.requirement, context)
                    for added in scenario.extra
                    if added.subject == s.subject_id
                ),
            ),
        )
        for s in verdict.subjects
    )
    return verdict.model_copy(update={"subjects": subjects})


def judge_in_force(scenario: InForce, transcript: Transcript, threshold: float) -> Verdict:
    """``all_requirements``: one subject per kind in force, judged by the domain's judge on the
    conversation :func:`read_answer` reads; added requirements are more results of the subject
    they were added to. It scores the share of subjects satisfied (a kind in force is met only
    when its every result is), so adding a requirement never raises its score."""
    read, problems = read_answer(transcript)
    verdict = judge_kinds(
        scenario.kinds, ALL_REQUIREMENTS, scenario.task, read, threshold, Aggregation.SUBJECTS
    )
    if scenario.extra:
        verdict = _with_extra_results(verdict, scenario, read)
    return verdict.model_copy(update={"problems": problems}) if problems else verdict


EVERY_REQUIREMENT: Metric[InForce] = Metric(
    name=ALL_REQUIREMENTS,
    domain=IN_FORCE,
    judge=judge_in_force,
    default_threshold=1.0,
    description="every requirement kind in force met (the meta-tests' share metric)",
    scope="conversation",
)


def on_the_task(metric: Metric[Scenario]) -> Metric[InForce]:
    """A registered metric, judging the meta-scenario's task exactly as it judges a scenario."""

    def judge(scenario: InForce, transcript: Transcript, threshold: float) -> Verdict:
        return metric.judge(scenario.task, transcript, threshold)

    judge.__name__ = f"judge_{metric.name}_on_the_task"
    return Metric(
        name=metric.name,
        domain=IN_FORCE,
        judge=judge,
        default_threshold=metric.default_threshold,
        description=metric.description,
        scope=metric.scope,
    )


# --- describing cases ---------------------------------------------------------------------------


def describe(scenario: InForce, answer: Answer | None = None) -> str:
    """The task, the kinds in force (and the answer's calls), in one line for failure messages."""
    task = scenario.task
    writes = [
        " ".join([a.name, str(a.kwargs.get("order_id", ""))]).strip()
        for a in task.expected_actions
        if a.name in WRITES
    ]
    parts = [
        f"{task.id} of {task.user_id} ({', '.join(writes) or 'no write'})",
        f"in force: {', '.join(scenario.kinds)}",
    ]
    if task.required_outputs:
        parts.append(f"must tell {list(task.required_outputs)}")
    if task.order_ids is not None:
        parts.append(f"about orders {list(task.order_ids)}")
    parts += [f"added {a.requirement.as_json} to {a.subject}" for a in scenario.extra]
    if answer is not None and isinstance(answer.get("turns"), list):
        calls = [
            ", ".join(c.get("name", "?") for c in turn.get("calls") or []) or "-"
            for turn in answer["turns"]
        ]
        parts.append(f"answer: {len(calls)} turns, calls {' | '.join(calls)}")
    return "; ".join(parts)


# --- tasks, kinds in force and conversations ----------------------------------------------------


def tasks_of(task_ids: Sequence[str]) -> st.SearchStrategy[Scenario]:
    """One of these tau-bench tasks."""
    known = tau_tasks()
    return st.sampled_from(tuple(task_ids)).map(lambda task_id: known[task_id])


# Cached: listing the tasks replays some of them, and building a strategy costs more than
# drawing from it; these are drawn from in every example.
@cache
def servable() -> st.SearchStrategy[Scenario]:
    """A servable task (:func:`~domains.orders.strategies.servable_tasks`)."""
    return tasks_of(strategies.servable_tasks())


@cache
def breakable(kind: str) -> st.SearchStrategy[Scenario]:
    """A servable task whose compliant conversation ``BREAKERS[kind]`` breaks."""
    return tasks_of(strategies.breakable_tasks(kind))


@st.composite
def kinds_in_force(draw: st.DrawFn, low: int, high: int, holding: str | None = None) -> list[str]:
    """Between ``low`` and ``high`` distinct kinds in a random order, ``holding`` among them."""
    count = draw(st.integers(low, high))
    order = draw(st.permutations([k for k in KINDS if k != holding]))
    if holding is None:
        return order[:count]
    chosen = order[: count - 1]
    chosen.insert(draw(st.integers(0, len(chosen))), holding)
    return chosen


@st.composite
def with_public_read(draw: st.DrawFn, conversation: strategies.Conversation) -> Answer:
    """``conversation``, sometimes with a read of public data at the start of a turn."""
    if not draw(st.booleans()):
        return conversation
    turn = draw(st.integers(0, len(conversation["turns"]) - 1))
    return strategies.add_public_read(conversation, turn, draw(strategies.PUBLIC_READS))


@st.composite
def satisfying_cases(draw: st.DrawFn, low: int, high: int) -> Case[InForce]:
    """A servable task, its compliant conversation, and any selection of kinds in force."""
    task = draw(servable())
    scenario = InForce(task=task, kinds=tuple(draw(kinds_in_force(low, high))))
    answer = draw(with_public_read(strategies.compliant_conversation(task)))
    return Case(scenario, answer, describe(scenario, answer))


def _writes(conversation: strategies.Conversation) -> list[dict[str, Any]]:
    calls = [c for turn in conversation["turns"] for c in turn["calls"]]
    return [c for c in calls if c["name"] in WRITES]


def evidence(
    kind: str, task: Scenario, conversation: strategies.Conversation
) -> tuple[tuple[str, ...], str]:
    """What the failing reason must name, and its reason code, when ``BREAKERS[kind]`` broke
    the compliant ``conversation`` of ``task``."""
    user_id = str(task.user_id)
    writes = _writes(conversation)
    if kind == "authenticated_first":
        return (writes[0]["name"],), "write_before_identification"
    if kind == "own_data_only":
        other = conversation["turns"][0]["calls"][-1]["args"]["order_id"]
        owner = bundled_database().orders[other].user_id
        return (other, owner, user_id), "other_customer_read"
    if kind == "confirmed_before_writing":
        return (writes[0]["name"], conversation["turns"][2]["user"]), "no_explicit_yes"
    if kind == "outcome":
        last = [a for a in task.expected_actions if a.name in WRITES][-1]
        return (str(last.kwargs.get("order_id", user_id)),), "database_differs"
    if kind == "no_fabrication":
        return (strategies.FABRICATED_NUMBER,), "unsupported_number"
    if kind == "policy_valid":
        refused = str(strategies.refusable_order(user_id))
        return (refused, "cancel_pending_order"), "order_not_pending"
    raise ValueError(f"no breaker for {kind!r}; breakers: {', '.join(BROKEN_BY_THE_ANSWER)}")


@st.composite
def broken_by_the_answer(draw: st.DrawFn, kind: str, low: int, high: int) -> Violation[InForce]:
    """The compliant conversation with ``kind`` broken; the base has the other kinds in force."""
    task = draw(breakable(kind))
    kinds = tuple(draw(kinds_in_force(max(low, 2), high, holding=kind)))
    broken = strategies.BREAKERS[kind](strategies.compliant_conversation(task), str(task.user_id))
    answer = draw(with_public_read(broken))
    base = InForce(task=task, kinds=tuple(k for k in kinds if k != kind))
    scenario = InForce(task=task, kinds=kinds)
    mentions, code = evidence(kind, task, broken)
    return Violation(
        base=base,
        scenario=scenario,
        answer=answer,
        subject_id=kind,
        kind=kind,
        about=f"{kind} broken: {strategies.HOW_BROKEN[kind].rstrip('.')}; "
        + describe(scenario, answer),
        mentions=mentions,
        code=code,
    )


_AMOUNTS = st.integers(1, 99999).map(lambda cents: f"${cents / 100:,.2f}")
_UNSAID = st.sampled_from(UNSAID_FACTS) | _AMOUNTS


@st.composite
def tightened_in_the_task(draw: st.DrawFn, kind: str, low: int, high: int) -> Violation[InForce]:
    """The compliant conversation; the task gains a fact to tell (``conveyed``) or an order to
    name (``mentions_order_id``) that the conversation never says."""
    task = draw(servable())
    kinds = tuple(draw(kinds_in_force(low, high, holding=kind)))
    answer = draw(with_public_read(strategies.compliant_conversation(task)))
    if kind == "conveyed":
        facts = tuple(draw(st.lists(_UNSAID, min_size=1, max_size=2, unique=True)))
        tighter = task.model_copy(update={"required_outputs": facts})
        mentions, code = facts, "not_conveyed"
    else:
        other = draw(orders_of_others(str(task.user_id)))
        tighter = task.model_copy(update={"order_ids": (*orders_at_stake(task), other)})
        mentions, code = (other,), "order_id_not_mentioned"
    scenario = InForce(task=tighter, kinds=kinds)
    return Violation(
        base=InForce(task=task, kinds=kinds),
        scenario=scenario,
        answer=answer,
        subject_id=kind,
        kind=kind,
        about=f"the task now also asks for {', '.join(mentions)}; " + describe(scenario, answer),
        mentions=mentions,
        code=code,
    )


@cache
def _order_ids() -> tuple[str, ...]:
    return tuple(sorted(bundled_database().orders))


def orders_of_others(user_id: str) -> st.SearchStrategy[str]:
    """An order of another customer (a compliant conversation names only its customer's)."""
    orders = bundled_database().orders
    return st.sampled_from(_order_ids()).filter(lambda o: orders[o].user_id != user_id)


def violations(kind: str, low: int, high: int) -> st.SearchStrategy[Violation[InForce]]:
    """Answers that break exactly the requirement of ``kind`` (see the module docstring)."""
    if kind in TIGHTENED_IN_THE_TASK:
        return tightened_in_the_task(kind, low, high)
    return broken_by_the_answer(kind, low, high)


def garbled(field_name: str, value: Any) -> st.SearchStrategy[Any]:
    """Turns that do not read as a conversation: as one string, a turn that is not an object,
    a reply or a customer message that is not text, a call without a name."""
    first = value[0] if isinstance(value, list) and value and isinstance(value[0], dict) else {}
    return st.sampled_from(
        (
            json.dumps(value),
            [json.dumps(first)],
            [{**first, "agent": 7}],
            [{**first, "user": ["Yes"]}],
            [{**first, "calls": [{"args": {}}]}],
        )
    )


# --- any scenario, any requirement --------------------------------------------------------------


@cache
def _any_task() -> st.SearchStrategy[Scenario]:
    known = {**service_scenarios(), **tau_tasks()}
    return st.sampled_from(sorted(known)).map(lambda ref: known[ref])


@st.composite
def any_scenarios(draw: st.DrawFn, low: int, high: int) -> InForce:
    """Any tau-bench task or chapter scenario, with any selection of kinds in force."""
    return InForce(task=draw(_any_task()), kinds=tuple(draw(kinds_in_force(low, high))))


def requirement_strategies() -> dict[str, st.SearchStrategy[Requirement]]:
    """Any valid requirement of each kind, for the round trips and monotonicity."""
    known = tau_tasks()
    db = bundled_database()
    gold = st.sampled_from(sorted(known)).map(lambda task_id: known[task_id].expected_actions)
    actions = st.lists(
        st.builds(
            Action,
            name=st.sampled_from(sorted(OPERATIONS)),
            kwargs=st.dictionaries(st.sampled_from(("order_id", "user_id", "reason")), JSON_VALUES),
        ),
        max_size=3,
    ).map(tuple)
    facts = st.lists(_UNSAID | st.text(max_size=12), max_size=3).map(tuple)
    customers = st.none() | st.sampled_from(sorted(db.users)[:40]) | st.text(max_size=8)
    order_ids = st.sampled_from(sorted(db.orders)[:40]) | st.text(max_size=9)
    return {
        "outcome": st.builds(Outcome, expected_actions=gold | actions),
        "conveyed": st.builds(Conveyed, facts=facts),
        "authenticated_first": st.just(AuthenticatedFirst()),
        "own_data_only": st.builds(OwnDataOnly, customer_id=customers),
        "policy_valid": st.just(PolicyValid()),
        "confirmed_before_writing": st.just(ConfirmedBeforeWriting()),
        "no_fabrication": st.just(NoFabrication()),
        "mentions_order_id": st.builds(
            MentionsOrderId, order_ids=st.lists(order_ids, max_size=3).map(tuple)
        ),
    }


def _tightened(task: Scenario, requirement: Requirement) -> Scenario | None:
    """``task`` with its own requirement of the same kind tightened by ``requirement``; the task
    itself when ``requirement`` adds nothing to it; None when the task cannot hold it."""
    if isinstance(requirement, Conveyed):
        facts = (*task.required_outputs, *requirement.facts)
        return task.model_copy(update={"required_outputs": tuple(dict.fromkeys(facts))})
    if isinstance(requirement, MentionsOrderId):
        ids = (*orders_at_stake(task), *requirement.order_ids)
        return task.model_copy(update={"order_ids": tuple(dict.fromkeys(ids))})
    if isinstance(requirement, Outcome):
        return task if requirement.expected_actions == task.expected_actions else None
    if isinstance(requirement, OwnDataOnly):
        return task if requirement.customer_id == task.user_id else None
    return task  # the task already holds the one requirement of a kind without parameters


def add_requirement(scenario: InForce, subject: str, requirement: Requirement) -> InForce:
    """``scenario`` with ``requirement`` added (see the module docstring)."""
    tighter = _tightened(scenario.task, requirement)
    if tighter is not None:
        return scenario.model_copy(update={"task": tighter})
    added = Added(subject=subject, requirement=requirement)
    return scenario.model_copy(update={"extra": (*scenario.extra, added)})


def reorder_kinds(scenario: InForce, order: Sequence[int]) -> InForce:
    """``scenario`` with its kinds in force judged in the given order."""
    return scenario.model_copy(update={"kinds": tuple(scenario.kinds[i] for i in order)})


def load_requirement(value: Any) -> Requirement:
    """A requirement from its JSON, through the union of every orders kind."""
    return _REQUIREMENT.validate_python(value)


# --- transcripts for the invariants -------------------------------------------------------------

FORMS = ("conversation", "trajectory", "flat")
"""How a conversation is recorded in a transcript: turn by turn (as ADK records it), as a
tau-bench trajectory with observations (no customer messages), or flat (every call and the
last reply, without turns)."""


@st.composite
def conversations(draw: st.DrawFn, task: Scenario) -> strategies.Conversation:
    """Compliant, with one rule broken, or talk without a call (the agent always does something;
    see :func:`silent_transcripts` for an agent that does nothing)."""
    breakers = [k for k in BROKEN_BY_THE_ANSWER if strategies.can_break(k, task)]
    how = draw(st.sampled_from(("compliant", *breakers, "talk")))
    if how == "talk":
        return strategies.only_talk("Can you help me?", draw(prose(min_words=1)))
    conversation = strategies.compliant_conversation(task)
    if how != "compliant":
        conversation = strategies.BREAKERS[how](conversation, str(task.user_id))
    return draw(with_public_read(conversation))


def recorded_transcript(conversation: strategies.Conversation, form: str) -> Transcript:
    """``conversation`` with every response recorded, as a transcript in ``form``."""
    if form == "trajectory":
        return trajectory_transcript(
            *actions_from_json(strategies.recorded_trajectory(conversation))
        )
    transcript = conversation_transcript(strategies.recorded(conversation))
    return transcript if form == "conversation" else transcript.model_copy(update={"turns": ()})


@st.composite
def judged_transcripts(
    draw: st.DrawFn, low: int, high: int, as_text: bool
) -> tuple[InForce, Transcript]:
    """A conversation built for a servable task, judged in that task (or, a quarter of the time,
    in any other), recorded in any of :data:`FORMS`; with ``as_text``, also written as the final
    text's JSON answer (what ``all_requirements`` reads)."""
    task = draw(servable())
    conversation = draw(conversations(task))
    judged_in = draw(_any_task()) if draw(st.integers(0, 3)) == 0 else task
    scenario = InForce(task=judged_in, kinds=tuple(draw(kinds_in_force(low, high))))
    form = draw(st.sampled_from((*FORMS, "text") if as_text else FORMS))
    if form == "text":
        text = draw(final_texts(strategies.recorded(conversation)))
        return scenario, Transcript(final_text=text)
    return scenario, recorded_transcript(conversation, form)


@st.composite
def silent_transcripts(draw: st.DrawFn, low: int, high: int) -> tuple[InForce, Transcript]:
    """A conversation in which the agent neither calls a tool nor says anything (the customer
    may speak), in any scenario: turn by turn, flat, or as the final text's JSON answer. (As a
    trajectory it would not be silent: a ``respond`` without content says ``null``.)"""
    scenario = draw(any_scenarios(low, high))
    conversation = strategies.nothing_said(draw(st.sampled_from(CUSTOMER_WORDS)))
    form = draw(st.sampled_from(("conversation", "flat", "text")))
    if form == "text":
        return scenario, Transcript(final_text=draw(final_texts(conversation)))
    return scenario, recorded_transcript(conversation, form)


# --- the spec -----------------------------------------------------------------------------------

VACUOUS = {
    "empty_answer_never_passes": (
        "an agent that does nothing in the orders service (it only talks: prose, or JSON that "
        "holds no conversation; or it only calls other tools) breaks no conduct rule, states "
        "nothing unsupported, and meets a task that asks for no change, no fact and no order: "
        "those requirements pass vacuously, by design (domains/orders/checks)"
    ),
}
SILENT_AGENT = f"{ALL_REQUIREMENTS}/silent_agent"
"""The share metric, described a second time on conversations in which the agent is silent."""
CONVERSATION_JUDGED = {
    "two_answers_never_pass": (
        "the metric judges the conversation (the calls made, what the tools answered and every "
        "reply), not an answer the final text proposes: a final text is one reply, and "
        "conversations written inside it are words, not calls (no_fabrication and conveyed read "
        "them as words); reading an answer out of the final text, and refusing two, is checked "
        "on all_requirements"
    ),
}
FIXED_KINDS = {
    "subject_order": (
        "the metric judges its own fixed list of requirement kinds (domains/orders/metrics.py), "
        "not the meta-scenario's, so there is no subject order to change; judging the kinds in "
        "any order is checked on all_requirements"
    ),
}


def metric_metas(low: int, high: int) -> dict[str, MetricMeta[InForce]]:
    """A :class:`MetricMeta` for ``all_requirements`` and for every registered metric."""
    tools = frozenset(OPERATIONS)
    plain = judged_transcripts(low, high, as_text=False)
    kinds_of = {
        "task_success": ("outcome", "conveyed"),
        "policy_compliance": (
            "authenticated_first",
            "own_data_only",
            "policy_valid",
            "confirmed_before_writing",
        ),
        "no_fabrication": ("no_fabrication",),
        "mentions_order_id": ("mentions_order_id",),
    }
    metas = {
        ALL_REQUIREMENTS: MetricMeta(
            EVERY_REQUIREMENT,
            judged_transcripts(low, high, as_text=True),
            KINDS,
            relevant_tools=tools,
            exempt=VACUOUS,
        ),
        SILENT_AGENT: MetricMeta(
            EVERY_REQUIREMENT,
            silent_transcripts(low, high),
            KINDS,
            relevant_tools=tools,
            exempt=VACUOUS,
        ),
    }
    for name, metric in METRICS.items():
        kinds = kinds_of.get(name, ())
        # helpful_tone (judged by the offline courtesy-cue judge) has no vacuous pass.
        exempt = {**FIXED_KINDS, **CONVERSATION_JUDGED, **(VACUOUS if kinds else {})}
        metas[name] = MetricMeta(on_the_task(metric), plain, kinds, tools, exempt)
    return metas


def meta_spec(min_subjects: int = 1, max_subjects: int = len(KINDS)) -> DomainMetaSpec[InForce]:
    """Orders' meta spec, with ``min_subjects`` to ``max_subjects`` requirement kinds in force.

    Raises ValueError unless ``1 <= min_subjects <= max_subjects``, ``2 <= max_subjects`` (a
    rule the answer breaks is shown against at least one other) and ``max_subjects <= 8`` (there
    are eight kinds).
    """
    if not (1 <= min_subjects <= max_subjects and 2 <= max_subjects <= len(KINDS)):
        raise ValueError(
            f"orders judges 1 to {len(KINDS)} requirement kinds per scenario, and up to at "
            "least 2 (a rule the answer breaks is shown beside another); got "
            f"{min_subjects}-{max_subjects}; e.g. meta_spec(1, 8)"
        )
    sizes = (min_subjects, max_subjects)
    return DomainMetaSpec(
        domain="orders",
        metric=EVERY_REQUIREMENT,
        checks=checks,
        satisfying=satisfying_cases(*sizes),
        violations={kind: violations(kind, *sizes) for kind in KINDS},
        required_fields=("turns",),
        needs={"turns": frozenset(KINDS)},
        garble=garbled,
        scenarios=any_scenarios(*sizes),
        subject_ids=lambda scenario: scenario.kinds,
        reorder_subjects=reorder_kinds,
        requirements=requirement_strategies(),
        add_requirement=add_requirement,
        load_requirement=load_requirement,
        dump_scenario=lambda scenario: scenario.model_dump(mode="json"),
        load_scenario=InForce.model_validate,
        metrics=metric_metas(*sizes),
        subjects=sizes,
    )
