"""The meta-tests of a conversation domain, derived from its kinds' meta declarations.

In a conversation domain (orders; customer service in general) the answer is a whole
conversation (calls, tool responses, replies), a metric judges a fixed list of requirement
kinds, and each kind is one subject of the verdict. :class:`ConversationMeta` maps the harness's
terms onto that shape:

- **Scenarios are tasks with kinds in force** (:mod:`checkers.meta.in_force`): a task and the
  kinds judged on it, in the order judged; the share metric (``all_requirements``) judges exactly
  those with the domain's own judge, so the harness can vary the number and order of subjects.
  Requirements a task cannot hold (an ``outcome`` with other expected actions) are kept beside
  it and judged as more results of the subject they were added to. The registered metrics judge
  the meta-scenario's task unchanged.
- **Answers are conversations**, ``{"turns": [...]}``; the harness writes them into a final
  text (bare, fenced, inside prose) and the share metric reads them back, refusing two.

Each kind declares (:class:`KindMeta`) any requirement of it, how a requirement of it is added
to a task, and how it is broken: by the answer (:class:`BrokenByTheAnswer`: the compliant
conversation with that one rule broken, and what the failing reason must name) or by the task
(:class:`TightenedInTheTask`: the task asks for something the compliant conversation does not
do). From these the kit derives satisfying answers (a compliant conversation, any kinds in
force), a single violation per kind, unreadable answers, any scenario, the transcripts of the
invariants (compliant, once broken, or talk, in every recorded form, judged in their own task or
another) and a silent agent, and the whole :class:`~checkers.meta.spec.DomainMetaSpec`.

A customer-service domain (orders, airline: tasks with expected actions and facts to tell,
replayed on a tool service) builds its :class:`ConversationMeta` with :func:`service_meta`,
giving only what is its own: its judge and strategies modules, its tasks, tools and own kinds;
``outcome`` and ``conveyed`` are declared here, once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from hypothesis import strategies as st
from pydantic import TypeAdapter
from typing_extensions import Self

from checkers.conversation import parse_answer_text
from checkers.meta.in_force import ALL_REQUIREMENTS, Added, KindsInForce
from checkers.meta.spec import Answer, Case, DomainMetaSpec, MetricMeta, Violation
from checkers.meta.strategies import JSON_VALUES, final_texts, prose
from checkers.metric import Domain, Metric
from checkers.requirements import CheckRegistry, Requirement
from checkers.results import Aggregation, RequirementResult, Verdict
from checkers.service import Action, ServiceTask
from checkers.service_checks import Conveyed, Outcome
from checkers.session_customer import CustomerServiceDomain
from checkers.transcript import Transcript

S = TypeVar("S")
"""A task of the domain (a pydantic model: meta-scenarios hold it)."""
R = TypeVar("R")
Conversation = dict[str, Any]
"""``{"turns": [{"user": ..., "calls": [...], "agent": ...}, ...]}``."""

SILENT_AGENT = f"{ALL_REQUIREMENTS}/silent_agent"
"""The share metric, described a second time on conversations in which the agent is silent."""
FORMS = ("conversation", "trajectory", "flat")
"""How a conversation is recorded in a transcript: turn by turn (as ADK records it), as a
trajectory of actions with observations (no customer messages), or flat (every call and the last
reply, without turns)."""
CUSTOMER_WORDS = (None, "Can you help me?", "Hi, I have a question about my orders.")
"""What the customer says to an agent that stays silent."""


def _always(task: Any) -> bool:
    return True


@dataclass(frozen=True, kw_only=True)
class BrokenByTheAnswer(Generic[S]):
    """A rule the answer breaks: the compliant conversation with that one rule broken."""

    applies: Callable[[S], bool] = _always
    """Whether :attr:`breaks` breaks the rule in the compliant conversation of a task (leaving
    out a write that changes nothing cannot be seen in the database); every task by default."""
    breaks: Callable[[Conversation, S], Conversation]
    evidence: Callable[[S, Conversation], tuple[tuple[str, ...], str]]
    """For the broken conversation: what the failing reason must name, and its reason code."""
    how: str = ""
    """How the rule is broken, in words, for failure messages; by default :attr:`breaks`'s
    docstring on one line."""

    def __post_init__(self) -> None:
        if not self.how:
            object.__setattr__(self, "how", " ".join((self.breaks.__doc__ or "").split()))


@dataclass(frozen=True)
class TightenedInTheTask(Generic[S]):
    """A rule the task tightens: it asks for something the compliant conversation never does
    (a fact to tell, an order to name)."""

    tighten: Callable[[S], st.SearchStrategy[tuple[S, tuple[str, ...], str]]]
    """A servable task -> (the tighter task, what the failing reason must name, its code)."""


@dataclass(frozen=True)
class KindMeta(Generic[S]):
    """What the meta-tests need of one requirement kind of a conversation domain."""

    any: st.SearchStrategy[Any]
    """Any valid requirement of the kind (round trips, monotonicity)."""
    broken: BrokenByTheAnswer[S] | TightenedInTheTask[S]
    add_to: Callable[[S, Any], S | None] = lambda task, requirement: task
    """The task with ``requirement`` added to its own requirement of the kind (the task itself
    when it adds nothing); None when the task cannot hold it (it is then kept beside the task).
    Default: the kind has no parameters, so the task already holds it."""


@dataclass(frozen=True)
class ConversationMeta(Generic[S]):
    """A conversation domain, as its meta-tests see it (see the module docstring)."""

    domain: Domain[S]
    task_type: type[S]
    checks: CheckRegistry[Any]
    kinds: Mapping[str, KindMeta[S]]
    """Every requirement kind, in the order the domain judges them."""
    requirement_type: Any
    """The union of the kinds' models, discriminated by ``kind``."""
    judge_kinds: Callable[[Sequence[str], str, S, Transcript, float, Aggregation], Verdict]
    """``(kinds, metric name, task, transcript, threshold, aggregation) -> Verdict``: one subject
    per kind, as the domain's metrics judge."""
    check_added: Callable[[S, Transcript, Sequence[Any]], Sequence[RequirementResult]]
    """More requirements judged on the conversation of a task, one result each, in order (for
    :attr:`InForce.extra`; read and replay the conversation once for all of them)."""
    read_conversation: Callable[[str], Transcript]
    """A conversation from JSON text, as the domain's CLI reads it; ConfigError when it is none."""
    servable: Callable[[], Sequence[S]]
    """Tasks a compliant conversation serves."""
    any_tasks: Callable[[], Sequence[S]]
    """Every task, servable or not."""
    compliant: Callable[[S], Conversation]
    """The conversation of an agent that follows every rule on the task."""
    varied: Callable[[Conversation], st.SearchStrategy[Conversation]]
    """Variants of a conversation that keep every verdict (e.g. a read of public data added)."""
    recorded: Callable[[Conversation, str], Transcript]
    """A conversation with every tool response recorded, as a transcript in one of
    :data:`FORMS`."""
    with_responses: Callable[[Conversation], Conversation]
    """The conversation with every tool response written in (what a final text holds)."""
    describe_task: Callable[[S], list[str]]
    """What a failure message says of a task, in parts."""
    metric_kinds: Mapping[str, tuple[str, ...]]
    """The kinds each registered metric judges (a metric judging none has no vacuous pass)."""
    metrics: Mapping[str, Metric[S]]
    tools: frozenset[str]
    """The domain's tool names (calls to others must change nothing)."""
    vacuous: Mapping[str, str] = field(default_factory=dict)
    """Invariants the metrics judging kinds are exempt from, with the reason (what an agent
    that does nothing passes by design)."""
    reasons: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Per kind, every reason code its check declares."""
    known_answers: Path | None = None
    """The domain's known answers in the harness's format, run through the kit too (None:
    the domain has none, or checks its own elsewhere)."""

    @cached_property
    def judging(self) -> KindsInForce[S]:
        """How a task with some of its kinds in force is judged (the share metric)."""
        return KindsInForce(
            domain=self.domain,
            task_type=self.task_type,
            kinds=tuple(self.kinds),
            requirement_type=self.requirement_type,
            judge_kinds=self.judge_kinds,
            check_added=self.check_added,
            read_conversation=self.read_conversation,
        )

    def describe(self, scenario: Any, answer: Answer | None = None) -> str:
        """The task, the kinds in force (and the answer's calls), in one line."""
        parts = [*self.describe_task(scenario.task), f"in force: {', '.join(scenario.kinds)}"]
        parts += [f"added {a.requirement.as_json} to {a.subject}" for a in scenario.extra]
        if answer is not None and isinstance(answer.get("turns"), list):
            calls = [
                ", ".join(c.get("name", "?") for c in turn.get("calls") or []) or "-"
                for turn in answer["turns"]
            ]
            parts.append(f"answer: {len(calls)} turns, calls {' | '.join(calls)}")
        return "; ".join(parts)

    # --- tasks and kinds in force ---------------------------------------------------------------

    @cached_property
    def _servable(self) -> st.SearchStrategy[S]:
        # Built once: listing the tasks may replay them, and a strategy costs more to build
        # than to draw from.
        return st.sampled_from(tuple(self.servable()))

    @cached_property
    def _any_task(self) -> st.SearchStrategy[S]:
        return st.sampled_from(tuple(self.any_tasks()))

    @cached_property
    def _breakable(self) -> dict[str, st.SearchStrategy[S]]:
        servable = self.servable()
        return {
            kind: st.sampled_from([t for t in servable if meta.broken.applies(t)])
            for kind, meta in self.kinds.items()
            if isinstance(meta.broken, BrokenByTheAnswer)
        }

    def kinds_in_force(
        self, low: int, high: int, holding: str | None = None
    ) -> st.SearchStrategy[list[str]]:
        """Between ``low`` and ``high`` distinct kinds in a random order, ``holding`` among
        them."""
        return _some_kinds(tuple(self.kinds), low, high, holding)

    # --- cases ----------------------------------------------------------------------------------

    def satisfying(self, low: int, high: int) -> st.SearchStrategy[Case[Any]]:
        """A servable task, its compliant conversation, and any selection of kinds in force."""

        @st.composite
        def cases(draw: st.DrawFn) -> Case[Any]:
            task = draw(self._servable)
            scenario = self.judging.in_force(task, draw(self.kinds_in_force(low, high)))
            answer = draw(self.varied(self.compliant(task)))
            return Case(scenario, answer, self.describe(scenario, answer))

        return cases()

    def violations(self, kind: str, low: int, high: int) -> st.SearchStrategy[Violation[Any]]:
        """Answers that break exactly the requirement of ``kind``: by the answer (the base has
        the other kinds in force, at least one, and the violation brings ``kind`` in), or by
        the task (a tighter task, the same conversation)."""
        broken = self.kinds[kind].broken

        def violation(
            base: Any, scenario: Any, answer: Answer, about: str, evidence: tuple[Any, str]
        ) -> Violation[Any]:
            mentions, code = evidence
            return Violation(
                base=base,
                scenario=scenario,
                answer=answer,
                subject_id=kind,
                kind=kind,
                about=f"{about}; {self.describe(scenario, answer)}",
                mentions=mentions,
                code=code,
            )

        @st.composite
        def by_the_answer(draw: st.DrawFn) -> Violation[Any]:
            assert isinstance(broken, BrokenByTheAnswer)
            task = draw(self._breakable[kind])
            kinds = draw(self.kinds_in_force(max(low, 2), high, holding=kind))
            conversation = broken.breaks(self.compliant(task), task)
            answer = draw(self.varied(conversation))
            base = self.judging.in_force(task, [k for k in kinds if k != kind])
            about = f"{kind} broken: {broken.how.rstrip('.')}"
            evidence = broken.evidence(task, conversation)
            return violation(base, self.judging.in_force(task, kinds), answer, about, evidence)

        @st.composite
        def by_the_task(draw: st.DrawFn) -> Violation[Any]:
            assert isinstance(broken, TightenedInTheTask)
            task = draw(self._servable)
            kinds = draw(self.kinds_in_force(low, high, holding=kind))
            answer = draw(self.varied(self.compliant(task)))
            tighter, mentions, code = draw(broken.tighten(task))
            about = f"the task now also asks for {', '.join(mentions)}"
            base, scenario = (
                self.judging.in_force(task, kinds),
                self.judging.in_force(tighter, kinds),
            )
            return violation(base, scenario, answer, about, (mentions, code))

        return by_the_answer() if isinstance(broken, BrokenByTheAnswer) else by_the_task()

    def any_scenarios(self, low: int, high: int) -> st.SearchStrategy[Any]:
        """Any task, with any selection of kinds in force."""
        return st.builds(self.judging.in_force, self._any_task, self.kinds_in_force(low, high))

    def add_requirement(self, scenario: Any, subject: str, requirement: Any) -> Any:
        """``scenario`` with ``requirement`` added: to the task's own of its kind when the task
        can hold it, else beside the task (see the module docstring)."""
        tighter = self.kinds[requirement.kind].add_to(scenario.task, requirement)
        if tighter is not None:
            return scenario.model_copy(update={"task": tighter})
        added = Added[Any](subject=subject, requirement=requirement)
        return scenario.model_copy(update={"extra": (*scenario.extra, added)})

    @staticmethod
    def reorder(scenario: Any, order: Sequence[int]) -> Any:
        """``scenario`` with its kinds in force judged in the given order."""
        return scenario.model_copy(update={"kinds": tuple(scenario.kinds[i] for i in order)})

    # --- transcripts for the invariants -------------------------------------------------------

    def conversations(self, task: S) -> st.SearchStrategy[Conversation]:
        """Compliant, with one rule broken, or talk without a call (the agent always does
        something; see :meth:`silent_transcripts` for an agent that does nothing)."""
        return _conversation_of(self, task)

    def judged_transcripts(
        self, low: int, high: int, as_text: bool
    ) -> st.SearchStrategy[tuple[Any, Transcript]]:
        """A conversation built for a servable task, judged in that task (or, a quarter of the
        time, in any other), recorded in any of :data:`FORMS`; with ``as_text``, also written
        as the final text's JSON answer (what the share metric reads)."""

        @st.composite
        def made(draw: st.DrawFn) -> tuple[Any, Transcript]:
            task = draw(self._servable)
            conversation = draw(self.conversations(task))
            judged_in = draw(self._any_task) if draw(st.integers(0, 3)) == 0 else task
            scenario = self.judging.in_force(judged_in, draw(self.kinds_in_force(low, high)))
            form = draw(st.sampled_from((*FORMS, "text") if as_text else FORMS))
            if form == "text":
                text = draw(final_texts(self.with_responses(conversation)))
                return scenario, Transcript(final_text=text)
            return scenario, self.recorded(conversation, form)

        return made()

    def silent_transcripts(self, low: int, high: int) -> st.SearchStrategy[tuple[Any, Transcript]]:
        """A conversation in which the agent neither calls a tool nor says anything (the
        customer may speak), in any scenario: turn by turn, flat, or as the final text's JSON
        answer. (As a trajectory it would not be silent: a reply without content says null.)"""

        @st.composite
        def made(draw: st.DrawFn) -> tuple[Any, Transcript]:
            scenario = draw(self.any_scenarios(low, high))
            conversation = exchange(draw(st.sampled_from(CUSTOMER_WORDS)), None)
            form = draw(st.sampled_from(("conversation", "flat", "text")))
            if form == "text":
                return scenario, Transcript(final_text=draw(final_texts(conversation)))
            return scenario, self.recorded(conversation, form)

        return made()

    # --- the spec -------------------------------------------------------------------------------

    def metric_metas(self, low: int, high: int) -> dict[str, MetricMeta[Any]]:
        """A :class:`MetricMeta` for the share metric (twice: on any conversation, and on a
        silent agent) and for every registered metric, judged on the task."""
        share = self.judging.share_metric
        everything = tuple(self.kinds)
        metas = {
            ALL_REQUIREMENTS: MetricMeta(
                share,
                self.judged_transcripts(low, high, as_text=True),
                everything,
                relevant_tools=self.tools,
                exempt=self.vacuous,
            ),
            SILENT_AGENT: MetricMeta(
                share,
                self.silent_transcripts(low, high),
                everything,
                relevant_tools=self.tools,
                exempt=self.vacuous,
            ),
        }
        plain = self.judged_transcripts(low, high, as_text=False)
        for name, metric in self.metrics.items():
            kinds = self.metric_kinds.get(name, ())
            exempt = {**FIXED_KINDS, **CONVERSATION_JUDGED, **(self.vacuous if kinds else {})}
            metas[name] = MetricMeta(
                self.judging.on_the_task(metric), plain, kinds, self.tools, exempt
            )
        return metas

    def spec(self, min_subjects: int, max_subjects: int) -> DomainMetaSpec[Any]:
        """The whole meta spec, with ``min_subjects`` to ``max_subjects`` kinds in force.

        Raises ValueError unless ``1 <= min_subjects <= max_subjects``, ``2 <= max_subjects``
        (a rule the answer breaks is shown beside another) and ``max_subjects`` is at most the
        number of kinds."""
        count = len(self.kinds)
        if not (1 <= min_subjects <= max_subjects and 2 <= max_subjects <= count):
            raise ValueError(
                f"{self.domain.name} judges 1 to {count} requirement kinds per scenario, and up "
                "to at least 2 (a rule the answer breaks is shown beside another); got "
                f"{min_subjects}-{max_subjects}; e.g. meta_spec(1, {count})"
            )
        sizes = (min_subjects, max_subjects)
        loader: TypeAdapter[Any] = TypeAdapter(self.requirement_type)
        return DomainMetaSpec(
            domain=self.domain.name,
            metric=self.judging.share_metric,
            checks=self.checks,
            satisfying=self.satisfying(*sizes),
            violations={kind: self.violations(kind, *sizes) for kind in self.kinds},
            required_fields=("turns",),
            needs={"turns": frozenset(self.kinds)},
            garble=garbled_turns,
            scenarios=self.any_scenarios(*sizes),
            subject_ids=lambda scenario: scenario.kinds,
            reorder_subjects=self.reorder,
            requirements={kind: meta.any for kind, meta in self.kinds.items()},
            add_requirement=self.add_requirement,
            load_requirement=loader.validate_python,
            dump_scenario=lambda scenario: scenario.model_dump(mode="json"),
            load_scenario=self.judging.load_scenario,
            metrics=self.metric_metas(*sizes),
            subjects=sizes,
            reasons=self.reasons,
            known_answers=self.known_answers,
        )


FIXED_KINDS = {
    "subject_order": (
        "the metric judges its own fixed list of requirement kinds, not the meta-scenario's, so "
        "there is no subject order to change; judging the kinds in any order is checked on "
        f"{ALL_REQUIREMENTS}"
    ),
}
CONVERSATION_JUDGED = {
    "two_answers_never_pass": (
        "the metric judges the conversation (the calls made, what the tools answered and every "
        "reply), not an answer the final text proposes: a final text is one reply, and "
        "conversations written inside it are words, not calls (they are read as words); reading "
        f"an answer out of the final text, and refusing two, is checked on {ALL_REQUIREMENTS}"
    ),
}


# Strategies drawn anew for each example are built at module level: ``st.composite`` reads its
# function's source each time it decorates one, which inside a draw was a tenth of the time.


@st.composite
def _some_kinds(
    draw: st.DrawFn, kinds: tuple[str, ...], low: int, high: int, holding: str | None
) -> list[str]:
    """:meth:`ConversationMeta.kinds_in_force`."""
    count = draw(st.integers(low, high))
    order = draw(st.permutations([k for k in kinds if k != holding]))
    if holding is None:
        return order[:count]
    some = order[: count - 1]
    some.insert(draw(st.integers(0, len(some))), holding)
    return some


@st.composite
def _conversation_of(draw: st.DrawFn, spec: ConversationMeta[Any], task: Any) -> Conversation:
    """:meth:`ConversationMeta.conversations`."""
    breakers = {
        kind: meta.broken
        for kind, meta in spec.kinds.items()
        if isinstance(meta.broken, BrokenByTheAnswer) and meta.broken.applies(task)
    }
    how = draw(st.sampled_from(("compliant", *breakers, "talk")))
    if how == "talk":
        return exchange("Can you help me?", draw(prose(min_words=1)))
    conversation = spec.compliant(task)
    if how != "compliant":
        conversation = breakers[how].breaks(conversation, task)
    return draw(spec.varied(conversation))


def exchange(user: str | None, agent: str | None) -> Conversation:
    """One turn in which the agent calls nothing: the customer says ``user`` (or nothing), the
    agent answers ``agent`` (None: says nothing)."""
    return {"turns": [{"user": user, "calls": [], "agent": agent}]}


def garbled_turns(field_name: str, value: Any) -> st.SearchStrategy[Any]:
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


# --- a customer-service domain ------------------------------------------------------------------


class CopyableTask(ServiceTask, Protocol):
    """What :func:`service_meta` reads of a customer-service task (a frozen pydantic model)."""

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """The task with ``update`` applied (pydantic's)."""
        ...


T = TypeVar("T", bound=CopyableTask)
T_contra = TypeVar("T_contra", bound=CopyableTask, contravariant=True)


class JudgeModule(Protocol[T_contra]):
    """A customer-service domain's judge module: how its metrics judge a task's kinds (its
    ``judge_kinds`` is usually its :class:`checkers.service_checks.ServiceJudge`'s)."""

    @property
    def SUBJECT_NAMES(self) -> Mapping[str, str]:
        """Every requirement kind, in the order judged, with its name in a summary."""
        ...

    def judge_kinds(
        self,
        kinds: Sequence[str],
        metric: str,
        scenario: T_contra,
        transcript: Transcript,
        threshold: float,
        aggregation: Aggregation = ...,
    ) -> Verdict:
        """One subject per kind, as the domain's metrics judge."""
        ...

    def context_for(self, scenario: T_contra, transcript: Transcript) -> Any:
        """What the domain's checks read: the task with the transcript replayed."""
        ...


class ServiceStrategies(Protocol[T]):
    """A customer-service domain's strategies module: the compliant conversation and how each
    rule is broken in it."""

    @property
    def BROKEN(self) -> Mapping[str, BrokenByTheAnswer[T]]:
        """Per kind the answer breaks (``outcome`` among them), how."""
        ...

    @property
    def PUBLIC_READS(self) -> st.SearchStrategy[dict[str, Any]]:
        """A call that reads only public data (it changes no verdict)."""
        ...

    def servable_scenarios(self) -> Sequence[T]:
        """Tasks a compliant conversation serves."""
        ...

    def compliant_conversation(self, scenario: T) -> Conversation:
        """The conversation of an agent that follows every rule on the task."""
        ...

    def add_public_read(
        self, conversation: Conversation, turn: int, read: dict[str, Any]
    ) -> Conversation:
        """``conversation`` with ``read`` made at the start of ``turn``."""
        ...

    def recorded(self, conversation: Conversation) -> Conversation:
        """The conversation with every tool response written in."""
        ...

    def recorded_as(self, conversation: Conversation, form: str) -> Transcript:
        """The conversation, responses recorded, as a transcript in one of :data:`FORMS`."""
        ...


def fixed_kinds(
    broken: Mapping[str, BrokenByTheAnswer[T]], *requirements: Requirement
) -> dict[str, KindMeta[T]]:
    """The declarations of kinds without parameters, in the order given: each one's only
    requirement, broken by the answer as ``broken`` says under its kind."""
    return {r.kind: KindMeta(st.just(r), broken[r.kind]) for r in requirements}


def one_customer_kind(
    model: type[Requirement], field: str, customers: Iterable[str], broken: BrokenByTheAnswer[T]
) -> KindMeta[T]:
    """The declaration of a kind naming one customer in ``field`` (none, one of the first 40
    ``customers`` in order, or any short text): a task holds it for its own customer only (one
    for another is kept beside it)."""
    named = st.none() | st.sampled_from(sorted(customers)[:40]) | st.text(max_size=8)
    return KindMeta(
        st.builds(model, **{field: named}),
        broken,
        lambda task, req: task if getattr(req, field) == task.user_id else None,
    )


def service_meta(
    domain: CustomerServiceDomain[Any],
    *,
    checks: CheckRegistry[Any],
    requirement_type: Any,
    reasons: Mapping[str, Iterable[str]],
    judge: JudgeModule[T],
    strategies: ServiceStrategies[T],
    tasks: Mapping[str, T],
    more_tasks: Mapping[str, T],
    action_args: Sequence[str],
    target: str,
    unsaid_facts: Sequence[str],
    unsaid_cents: tuple[int, int],
    own_kinds: Mapping[str, KindMeta[T]],
    metric_kinds: Mapping[str, tuple[str, ...]],
    metrics: Mapping[str, Metric[T]],
    nothing_asked: str,
    checks_at: str,
    describe_more: Callable[[T], Iterable[str]] = lambda task: (),
    known_answers: Path | None = None,
) -> ConversationMeta[T]:
    """A customer-service domain, as its meta-tests see it, from what is its own.

    ``judge`` and ``strategies`` are the domain's modules of those names (``judge=judge``: a
    module meets a protocol by its names, and mypy checks it does).
    ``outcome`` (the database the expected actions leave; broken by the answer as
    ``strategies.BROKEN["outcome"]`` says) and ``conveyed`` (facts to tell, tightened in the task
    with facts no compliant conversation says: ``unsaid_facts``, or an amount of money in the
    ``unsaid_cents`` range) are declared here; ``own_kinds`` follow them, and together they are
    every kind of ``judge.SUBJECT_NAMES``, in its order (ValueError otherwise).

    ``tasks`` are the benchmark's tasks (their expected actions are requirements of ``outcome``
    too), ``more_tasks`` the domain's own; both are judged in the invariants. A generated
    expected action calls one of the domain's service's tools, with arguments named from
    ``action_args``; a failure message describes a task by its writes and their ``target``
    argument (``order_id``), then ``describe_more``.
    An agent that does nothing meets a task that asks for ``nothing_asked`` ("no change and no
    fact"), by design of the checks in ``checks_at``: the metrics are exempt from
    ``empty_answer_never_passes``. ``known_answers`` are run through the kit too (None: the
    domain checks its own elsewhere).
    """
    tools, writes = domain.service.operations, domain.service.writes
    kinds = {
        "outcome": _outcome_meta(tasks, tools, action_args, strategies.BROKEN["outcome"]),
        "conveyed": _conveyed_meta(
            st.sampled_from(unsaid_facts) | st.integers(*unsaid_cents).map(_dollars)
        ),
        **own_kinds,
    }
    if tuple(kinds) != tuple(judge.SUBJECT_NAMES):
        raise ValueError(
            f"{domain.name} judges the kinds {list(judge.SUBJECT_NAMES)}, in that order; its meta "
            f"declares outcome, conveyed and then own_kinds: {list(kinds)}; declare own_kinds "
            "in the judge's order"
        )
    every_task = {**more_tasks, **tasks}

    def check_added(task: T, read: Transcript, added: Sequence[Any]) -> list[RequirementResult]:
        # One replay of the conversation for every added requirement.
        context = judge.context_for(task, read)
        return [checks.check(requirement, context) for requirement in added]

    def describe_task(task: T) -> list[str]:
        return [*describe_service_task(task, writes, target), *describe_more(task)]

    return ConversationMeta(
        domain=domain,
        task_type=domain.scenario_model,
        checks=checks,
        kinds=kinds,
        requirement_type=requirement_type,
        judge_kinds=judge.judge_kinds,
        check_added=check_added,
        read_conversation=parse_answer_text,
        servable=strategies.servable_scenarios,
        any_tasks=lambda: [every_task[ref] for ref in sorted(every_task)],
        compliant=strategies.compliant_conversation,
        varied=partial(_with_public_read, strategies),
        recorded=strategies.recorded_as,
        with_responses=strategies.recorded,
        describe_task=describe_task,
        metric_kinds=metric_kinds,
        metrics=metrics,
        tools=frozenset(tools),
        vacuous={"empty_answer_never_passes": _does_nothing(domain.name, nothing_asked, checks_at)},
        reasons={kind: frozenset(codes) for kind, codes in reasons.items()},
        known_answers=known_answers,
    )


def describe_service_task(task: ServiceTask, writes: Collection[str], target: str) -> list[str]:
    """A task's id, customer, writes (by name and ``target`` argument) and facts to tell, for
    failure messages."""
    made = [
        " ".join([a.name, str(a.kwargs.get(target, ""))]).strip()
        for a in task.expected_actions
        if a.name in writes
    ]
    parts = [f"{task.id} of {task.user_id} ({', '.join(made) or 'no write'})"]
    if task.required_outputs:
        parts.append(f"must tell {list(task.required_outputs)}")
    return parts


def _dollars(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def _outcome_meta(
    tasks: Mapping[str, T],
    tools: Collection[str],
    action_args: Sequence[str],
    broken: BrokenByTheAnswer[T],
) -> KindMeta[T]:
    """``outcome``: any benchmark task's expected actions, or up to three calls of the tools
    with any arguments; a task holds only its own (another is kept beside it)."""
    gold = st.sampled_from(sorted(tasks)).map(lambda task_id: tasks[task_id].expected_actions)
    actions = st.lists(
        st.builds(
            Action,
            name=st.sampled_from(sorted(tools)),
            kwargs=st.dictionaries(st.sampled_from(tuple(action_args)), JSON_VALUES),
        ),
        max_size=3,
    ).map(tuple)
    return KindMeta(
        st.builds(Outcome, expected_actions=gold | actions),
        broken,
        lambda task, req: task if req.expected_actions == task.expected_actions else None,
    )


def _conveyed_meta(unsaid: st.SearchStrategy[str]) -> KindMeta[T]:
    """``conveyed``: tightened in the task with one or two ``unsaid`` facts; a requirement
    added to a task adds its facts to the task's own."""

    def more_facts(task: T) -> st.SearchStrategy[tuple[T, tuple[str, ...], str]]:
        def tighter(facts: list[str]) -> tuple[T, tuple[str, ...], str]:
            told = tuple(facts)
            return task.model_copy(update={"required_outputs": told}), told, "not_conveyed"

        return st.lists(unsaid, min_size=1, max_size=2, unique=True).map(tighter)

    def with_facts(task: T, requirement: Conveyed) -> T:
        facts = (*task.required_outputs, *requirement.facts)
        return task.model_copy(update={"required_outputs": tuple(dict.fromkeys(facts))})

    return KindMeta(
        st.builds(Conveyed, facts=st.lists(unsaid | st.text(max_size=12), max_size=3).map(tuple)),
        TightenedInTheTask(more_facts),
        with_facts,
    )


def _with_public_read(
    strategies: ServiceStrategies[T], conversation: Conversation
) -> st.SearchStrategy[Conversation]:
    """``conversation``, sometimes with a read of public data at the start of a turn."""
    turns = len(conversation["turns"])
    added = st.builds(
        partial(strategies.add_public_read, conversation),
        st.integers(0, turns - 1),
        strategies.PUBLIC_READS,
    )
    return st.just(conversation) | added


def _does_nothing(name: str, nothing_asked: str, checks_at: str) -> str:
    return (
        f"an agent that does nothing in the {name} service (it only talks: prose, or JSON that "
        "holds no conversation; or it only calls other tools) breaks no conduct rule, states "
        f"nothing unsupported, and meets a task that asks for {nothing_asked}: those "
        f"requirements pass vacuously, by design ({checks_at})"
    )
