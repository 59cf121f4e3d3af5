"""What every customer-service domain (orders, airline) judges the same way, on a conversation
replayed through its service (:mod:`checkers.conversation`):

- ``outcome`` (:class:`Outcome`): the database the agent's calls leave equals the one the
  scenario's expected actions leave; a failure lists each record that differs, field by field
  (:func:`database_differences`);
- ``conveyed`` (:class:`Conveyed`): every required fact appears in what the agent said, an
  identifier by its key and a number by value, asserted as the value, not only asked, replaced,
  disowned, supposed or bounded (:func:`said`, :mod:`checkers.asserted`);
- judging a metric's requirement kinds into one verdict, one subject per requirement
  (:func:`judge_requirements`).

A domain gives only what is its own: its tables (:data:`Tables`), its service's writes, its
scenario. Both requirement kinds judge what the agent did, so a conversation in which the agent
neither called a tool of the service nor said anything is ``incomplete``
(:func:`nothing_to_judge`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial, wraps
from typing import Any, Generic, Literal, Protocol, TypeVar

from checkers import tokens
from checkers.asserted import asserted_identifiers, asserted_phrase, asserted_values
from checkers.conversation import CallRecord, Conversation
from checkers.metric import Domain, Metric
from checkers.plans import kind_of
from checkers.requirements import CheckRegistry, Req, Requirement
from checkers.results import Aggregation, RequirementResult, SubjectResult, Verdict
from checkers.results import Outcome as ResultOutcome
from checkers.service import Action, Service, Step
from checkers.session_customer import unreferenced
from checkers.text import fold, plural
from checkers.tool_outcome import tool_outcome
from checkers.transcript import Transcript, brief_json

D = TypeVar("D")
S = TypeVar("S")

# --- requirements ------------------------------------------------------------------------------


class Outcome(Requirement):
    """The database after replaying the answer's calls equals the database after replaying the
    scenario's expected actions (what the customer asked for, done right)."""

    kind: Literal["outcome"] = "outcome"
    expected_actions: tuple[Action, ...] = ()
    """The actions that serve the customer; an empty tuple means "change nothing"."""


class Conveyed(Requirement):
    """Every fact the customer must be told appears in what the agent said.

    A fact that is one number (``"625.60"``) is compared by value with the numbers the agent
    asserted (one only asked, replaced, disowned, supposed or said as a bound is not told:
    :mod:`checkers.asserted`); any other fact (``"mastercard"``, ``"20 hours"``) as a phrase,
    ignoring case, commas and spacing.
    """

    kind: Literal["conveyed"] = "conveyed"
    facts: tuple[str, ...] = ()
    """What the customer must be told, each a number or a phrase."""


Make = Callable[[ResultOutcome, str, str], RequirementResult]
"""``make(outcome, reason_code, reason)``: a result of the requirement the maker was made for."""


def maker(requirement: Requirement) -> Make:
    """Results of ``requirement``, carrying its kind and its JSON dump."""
    return partial(RequirementResult, requirement.kind, requirement=requirement.as_json)


NO_AGENT_TURN = {
    "no_agent_turn": "incomplete: the agent neither called a tool of the service nor said anything"
}
NO_AGENT_MESSAGE = {"no_agent_message": "incomplete: the agent said nothing"}
"""For the kinds judged on what the agent said: it called tools but wrote no reply."""


def nothing_to_judge(conversation: Conversation[Any]) -> str | None:
    """The reason a conversation holds nothing to judge (the agent neither called a tool of the
    service nor said anything: reason code ``no_agent_turn``), None when it holds something."""
    if not conversation.empty:
        return None
    outside = conversation.outside_calls()
    called = f" (it called only {', '.join(outside)}, outside it)" if outside else ""
    return (
        f"the agent neither called a tool of the service{called} nor said anything, "
        "so there is nothing to judge"
    )


class Judged(Protocol):
    """What a customer-service check reads: at least the replayed conversation."""

    @property
    def conversation(self) -> Conversation[Any]: ...


C = TypeVar("C", bound=Judged)
ServiceCheck = Callable[[Req, C], RequirementResult]
"""A check of one requirement kind: ``check(requirement, context) -> result``."""


def check_for(
    registry: CheckRegistry[C],
    reasons_table: dict[str, dict[str, str]],
    requirement_type: type[Req],
    reasons: Mapping[str, str],
) -> Callable[[ServiceCheck[Req, C]], ServiceCheck[Req, C]]:
    """Decorator: register the function in ``registry`` as the check of ``requirement_type``,
    record its reason codes ``reasons`` (code -> when) in ``reasons_table`` under its kind, and
    answer ``no_agent_turn`` (incomplete, :func:`nothing_to_judge`) before it runs: every
    customer-service requirement judges what the agent did."""

    def decorate(judge: ServiceCheck[Req, C]) -> ServiceCheck[Req, C]:
        @wraps(judge)
        def check(req: Req, ctx: C) -> RequirementResult:
            empty = nothing_to_judge(ctx.conversation)
            if empty is not None:
                return maker(req)(ResultOutcome.INCOMPLETE, "no_agent_turn", empty)
            return judge(req, ctx)

        reasons_table[kind_of(requirement_type)] = {**reasons, **NO_AGENT_TURN}
        registry.register(requirement_type)(check)
        return check

    return decorate


def error_of(call: CallRecord[Any]) -> str:
    """What the agent saw for a failed call: the evidence the tool-outcome model found."""
    seen = call.seen
    if isinstance(seen, dict):
        message = seen.get("error_message") or seen.get("error")
        if message:
            return str(message)
        outcome = tool_outcome(seen)
        return str(seen) if outcome.succeeded else outcome.evidence
    return str(seen)


# --- outcome -----------------------------------------------------------------------------------


class Record(Protocol):
    def model_dump(self, *, mode: str, exclude_none: bool) -> Any: ...


Tables = Sequence[tuple[str, str]]
"""A database's tables as ``(attribute, label)``: ``(("users", "customer"), ("orders",
"order"))``; each attribute is a mapping of id to record, and reasons name a record by its
label and id."""


def json_differences(actual: Any, expected: Any, path: str = "") -> list[str]:
    """One line per leaf where two JSON values differ, by dotted path: ``status is "pending",
    expected "cancelled"``; a key on one side only is ``unset``."""
    if actual == expected:
        return []
    if isinstance(actual, dict) and isinstance(expected, dict):
        found = []
        for key in sorted(set(actual) | set(expected), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in actual:
                found.append(f"{where} is unset, expected {brief_json(expected[key], 48)}")
            elif key not in expected:
                found.append(f"{where} is {brief_json(actual[key], 48)}, expected unset")
            else:
                found += json_differences(actual[key], expected[key], where)
        return found
    return [f"{path} is {brief_json(actual, 48)}, expected {brief_json(expected, 48)}"]


def _record_json(record: Record | None) -> Any:
    return None if record is None else record.model_dump(mode="json", exclude_none=True)


def _one_sided(name: str, mine: Record | None, wanted: Record | None) -> str:
    """A record only one database holds: ``reservation HATHAT is missing, expected {...}``."""
    if mine is None:
        return f"{name} is missing, expected {brief_json(_record_json(wanted), 48)}"
    return f"{name} is {brief_json(_record_json(mine), 48)}, expected no such record"


def database_differences(actual: Any, expected: Any, tables: Tables, limit: int = 4) -> list[str]:
    """One line per record that differs, in table order then by id: ``order #W1: status is
    "pending", expected "cancelled"`` (at most ``limit`` fields shown per record), or
    ``reservation HATHAT is missing, expected {...}`` for a record only one side holds."""
    lines = []
    for collection, label in tables:
        ours, theirs = getattr(actual, collection), getattr(expected, collection)
        for key in sorted(set(ours) | set(theirs)):
            mine, wanted = ours.get(key), theirs.get(key)
            if mine is wanted or mine == wanted:
                continue
            if mine is None or wanted is None:
                lines.append(_one_sided(f"{label} {key}", mine, wanted))
                continue
            changes = json_differences(_record_json(mine), _record_json(wanted))
            shown = "; ".join(changes[:limit]) + (
                f"; +{len(changes) - limit} more" if len(changes) > limit else ""
            )
            lines.append(f"{label} {key}: {shown}")
    return lines


def expected_databases(
    final_database: Callable[[D, Sequence[Action]], D], bundled: Callable[[], D]
) -> Callable[[Sequence[Action], D], D]:
    """``expected(actions, base)``: the database after replaying ``actions`` on ``base`` with
    ``final_database`` (the domain's service), cached for the ``bundled()`` database, which
    every scenario's expected actions are replayed on."""

    @lru_cache(maxsize=256)
    def on_bundled(actions_json: str) -> D:
        actions = tuple(Action.model_validate(a) for a in json.loads(actions_json))
        return final_database(bundled(), actions)

    def expected(actions: Sequence[Action], base: D) -> D:
        if base is bundled():
            dumped = json.dumps([a.model_dump(mode="json") for a in actions], sort_keys=True)
            return on_bundled(dumped)
        return final_database(base, actions)

    return expected


OUTCOME_REASONS = {
    "same_database": "pass: the database the calls leave is the one the expected actions leave",
    "database_differs": "fail: some record differs (each is listed)",
    "write_response_missing": "incomplete: a write has no recorded response",
    "write_outcome_unknown": "incomplete: a write's response reads as neither a success nor "
    "a failure (checkers.tool_outcome)",
    "write_not_replayed": "incomplete: a write recorded as done that the replay cannot apply "
    "(the service refuses its arguments, or its tool's name is a write's in other spelling)",
}
"""Every reason code of :func:`check_outcome`, and when it is given."""


def _name_key(name: str) -> str:
    """A tool name without case, spacing or separators: ``" Cancel-Reservation "`` and
    ``cancelReservation`` are ``cancelreservation``."""
    return re.sub(r"[\W_]+", "", fold(name).casefold())


def misspelled_calls(conversation: Conversation[D], names: Iterable[str]) -> list[CallRecord[D]]:
    """Calls recorded as done to a tool the service does not know whose name is one of
    ``names`` in other case, spacing or separators (``Get_Reservation_Details``): the
    service's tool may have run under it, so what it read or wrote cannot be left out."""
    keys = {_name_key(n) for n in names}
    return [
        c
        for c in conversation.calls
        if c.recorded
        and c.ok
        and c.kind is None
        and isinstance(c.name, str)
        and _name_key(c.name) in keys
    ]


def unreplayed_writes(conversation: Conversation[D], writes: Iterable[str]) -> list[CallRecord[D]]:
    """The calls recorded as done whose effect the replay could not reproduce: a write (of
    ``writes``) the service refused on replay although its recorded response says it
    succeeded (the database was left as it was), or a call to a tool the service does not know
    whose name is a write's in other case, spacing or separators (``Cancel_Reservation``): what
    such a call changed cannot be judged, so it must never read as nothing written."""
    names = frozenset(writes)
    keys = {_name_key(w) for w in names}
    return [
        c
        for c in conversation.calls
        if c.recorded
        and c.ok
        and (
            (c.kind == "write" and c.name in names and c.db_after is c.db_before)
            or (c.kind is None and isinstance(c.name, str) and _name_key(c.name) in keys)
        )
    ]


def unreplayed_result(
    make: Make, conversation: Conversation[D], writes: Iterable[str], unknown: str
) -> RequirementResult | None:
    """Unscored ``write_unreadable`` when a write is recorded as done but its replay fails
    (:func:`unreplayed_writes`), saying what that leaves ``unknown`` ("whether it was confirmed
    cannot be judged"); None when every write replays."""
    unreplayed = unreplayed_writes(conversation, writes)
    if not unreplayed:
        return None
    return make(
        ResultOutcome.UNSCORED,
        "write_unreadable",
        f"{unreplayed[0].label()} is recorded as done, but replaying it fails (its arguments are "
        f"refused, or no write has that exact name), so {unknown} (unscored)",
    )


def check_outcome(
    req: Outcome,
    conversation: Conversation[D],
    expected: D,
    tables: Tables,
    writes: Iterable[str],
) -> RequirementResult:
    """The conversation's final database against ``expected`` (the database the requirement's
    expected actions leave on the conversation's base); ``writes`` names the service's write
    operations, for the reason. Incomplete when a write's effect is unknown (no recorded
    response among recorded ones, or a response that reads as neither success nor failure)."""
    make = maker(req)
    unknown = [
        c
        for c in conversation.calls
        if c.kind == "write" and conversation.responses_recorded and not c.recorded
    ]
    if unknown:
        return make(
            ResultOutcome.INCOMPLETE,
            "write_response_missing",
            f"{unknown[0].label()} has no recorded response, so it is unknown whether it "
            "changed the database",
        )
    unclassified = [c for c in conversation.calls if c.kind == "write" and c.outcome_unknown]
    if unclassified:
        return make(
            ResultOutcome.INCOMPLETE,
            "write_outcome_unknown",
            f"{unclassified[0].label()} got a response that reads as neither a success nor a "
            f"failure ({error_of(unclassified[0])[:80]}), so it is unknown whether it changed "
            "the database",
        )
    written = frozenset(writes)
    unreplayed = unreplayed_writes(conversation, written)
    if unreplayed:
        return make(
            ResultOutcome.INCOMPLETE,
            "write_not_replayed",
            f"{unreplayed[0].label()} is recorded as done, but replaying it on the database "
            "fails (its arguments are refused, or no write has that exact name), so what it "
            "changed is unknown",
        )
    differences = database_differences(conversation.final_db, expected, tables)
    wanted = [a.name for a in req.expected_actions if a.name in written]
    goal = f"the expected writes ({', '.join(wanted)})" if wanted else "no change"
    if not differences:
        done = [c.name for c in conversation.calls if c.kind == "write" and c.ok]
        how = f"after {', '.join(done)}" if done else "with nothing written"
        return make(
            ResultOutcome.PASS, "same_database", f"the database {how} is the one {goal} would leave"
        )
    count = len(differences)
    return make(
        ResultOutcome.FAIL,
        "database_differs",
        f"{plural(count, 'record')} differ{'' if count > 1 else 's'} from what "
        f"{goal} would leave: "
        + " | ".join(differences[:5])
        + (f" | +{count - 5} more" if count > 5 else ""),
    )


# --- conveyed ----------------------------------------------------------------------------------


def said(fact: str, messages: Iterable[str]) -> bool:
    """Whether ``fact`` is told in ``messages``: an identifier of 9 digits or more by its key
    (``843-053-632-392`` tells ``843053632392``; ``0843053632392`` does not), a number by value,
    each asserted as the value (:mod:`checkers.asserted`: a value hedged with another, "either
    54.04 or 41.64", denied, "not $54.04", asked, "Is it $54.04?", replaced, disowned, supposed,
    a bound, "more than $54.04", or of another unit, "10%", tells nothing); any other fact as
    whole words ("unprocessed" does not tell "processed"), asserted likewise
    (:func:`checkers.asserted.asserted_phrase`: "Was it your mastercard?" tells nothing)."""
    texts = list(messages)
    identifier = tokens.as_identifier(fact)
    if identifier is not None:
        return any(identifier in asserted_identifiers(text) for text in texts)
    value = tokens.as_number(fact)
    if value is not None:
        return any(value in asserted_values(text) for text in texts)
    return any(asserted_phrase(text, fact) for text in texts)


def official_outputs_found(outputs: Sequence[str], messages: Sequence[str]) -> bool:
    """tau-bench's own output test: each output, lower-cased, is a substring of some message
    lower-cased with commas removed (so ``"10"`` is found in ``"100"``)."""
    return all(any(o.lower() in m.lower().replace(",", "") for m in messages) for o in outputs)


OFFICIAL_LABELS = {
    "gold_write_rejected": (
        "a write among the task's gold actions is rejected by the service, so the official "
        "expected database lacks it and a candidate that drops or changes that write still "
        "matches it"
    ),
    "official_substring_match": (
        "tau-bench finds a required output as a substring (so '10' is found in '100'); this "
        "checker compares numbers by value, so the two verdicts on what was said differ"
    ),
}
"""Labels for batch lines whose tau-bench verdict rightly differs from ``task_success``, or is
explained by the data (:func:`official_label`)."""


def official_label(
    outputs: Sequence[str],
    messages: Sequence[str],
    gold_steps: Iterable[Step[Any]],
    writes: Iterable[str],
) -> str | None:
    """Why tau-bench's verdict on an answer that said ``messages`` may rightly differ from
    ``task_success``, if the data says: ``official_substring_match`` (tau-bench's substring test
    and the by-value test disagree on the required ``outputs``) or ``gold_write_rejected`` (a
    write among the task's gold actions, replayed as ``gold_steps``, failed; ``writes`` names the
    service's write operations)."""
    if outputs and official_outputs_found(outputs, messages) != all(
        said(o, messages) for o in outputs
    ):
        return "official_substring_match"
    written = frozenset(writes)
    if any(s.name in written and not s.ok for s in gold_steps):
        return "gold_write_rejected"
    return None


CONVEYED_REASONS = {
    "all_conveyed": "pass: every required fact was told",
    "nothing_to_convey": "pass: the task asks for no fact (vacuous)",
    "not_conveyed": "fail: a required fact was never told",
    **NO_AGENT_MESSAGE,
}
"""Every reason code of :func:`check_conveyed`, and when it is given."""


def check_conveyed(
    req: Conveyed,
    messages: Sequence[str],
    conveyed: Callable[[str], bool] | None = None,
) -> RequirementResult:
    """Every required fact told in the agent's ``messages``; ``conveyed(fact)`` decides one fact
    (default: :func:`said` in ``messages``). The failure names the facts missing and the numbers
    the agent did say."""
    make = maker(req)
    if not req.facts:
        return make(
            ResultOutcome.PASS, "nothing_to_convey", "no fact had to be told (vacuous pass)"
        )
    if not messages:
        return make(
            ResultOutcome.INCOMPLETE,
            "no_agent_message",
            f"the agent said nothing, so it cannot have told {', '.join(req.facts)}",
        )
    told = conveyed or (lambda fact: said(fact, messages))
    missing = [f for f in req.facts if not told(f)]
    if missing:
        spoken = {str(n) for m in messages for n in tokens.numbers(m)}
        numbers = sorted(spoken, key=lambda n: (len(n), n))[:8]  # the shortest, in a fixed order
        heard = f"; numbers it said: {', '.join(numbers)}" if numbers else ""
        return make(
            ResultOutcome.FAIL,
            "not_conveyed",
            f"the agent never told the customer {', '.join(repr(f) for f in missing)} "
            f"(of {len(req.facts)} required facts){heard}",
        )
    return make(
        ResultOutcome.PASS,
        "all_conveyed",
        f"the agent told the customer every required fact: {', '.join(req.facts)}",
    )


def outcome_check(
    registry: CheckRegistry[C],
    reasons: dict[str, dict[str, str]],
    service: Service[Any],
    bundled: Callable[[], Any],
    tables: Tables,
) -> None:
    """Register ``outcome`` in ``registry`` (its reason codes in ``reasons``): the database the
    agent's calls leave against the one the expected actions leave on the same base through
    ``service`` (cached for the ``bundled`` one), each differing record named by ``tables``
    (:func:`check_outcome`)."""
    expected = expected_databases(service.final_database, bundled)

    @check_for(registry, reasons, Outcome, OUTCOME_REASONS)
    def outcome(req: Outcome, ctx: C) -> RequirementResult:
        """Replay the answer's calls and the expected actions; the two databases must be equal."""
        conversation = ctx.conversation
        wanted = expected(req.expected_actions, conversation.base)
        return check_outcome(req, conversation, wanted, tables, service.writes)


def conveyed_check(
    registry: CheckRegistry[C],
    reasons: dict[str, dict[str, str]],
    told: Callable[[str, Any], bool] | None = None,
) -> None:
    """Register ``conveyed`` in ``registry`` (its reason codes in ``reasons``): every required
    fact in the agent's messages (:func:`check_conveyed`); ``told(fact, conversation)`` decides
    one fact where a domain's facts need binding to its entities (orders' statuses)."""

    @check_for(registry, reasons, Conveyed, CONVEYED_REASONS)
    def conveyed(req: Conveyed, ctx: C) -> RequirementResult:
        """Every required output appears in the agent's messages (numbers by value)."""
        conversation = ctx.conversation
        decide = None if told is None else (lambda fact: told(fact, conversation))
        return check_conveyed(req, [m.text for m in conversation.agent_messages], decide)


# --- verdicts ----------------------------------------------------------------------------------


def answer_summary(conversation: Conversation[Any], writes: Iterable[str]) -> dict[str, Any]:
    """What a verdict shows of the answer: how many calls, which writes, how many messages."""
    written = frozenset(writes)
    return {
        "tool_calls": len(conversation.calls),
        "writes": [c.name for c in conversation.calls if c.name in written],
        "agent_messages": len(conversation.agent_messages),
        "customer_messages": len(conversation.user_messages),
    }


def judge_requirements(
    domain: str,
    metric: str,
    scenario_id: str,
    kinds: Sequence[str],
    check: Callable[[str], RequirementResult],
    subject_names: Mapping[str, str],
    threshold: float,
    answer: dict[str, Any],
    aggregation: Aggregation = Aggregation.REQUIREMENTS,
) -> Verdict:
    """The verdict of ``metric``: one subject per requirement kind (named by
    ``subject_names``), holding ``check(kind)``, scored by ``aggregation`` (the share of
    requirements met unless the caller says otherwise)."""
    subjects = tuple(
        SubjectResult(subject_id=kind, name=subject_names[kind], results=(check(kind),))
        for kind in kinds
    )
    return Verdict(
        domain=domain,
        metric=metric,
        scenario_id=scenario_id,
        threshold=threshold,
        subjects=subjects,
        answer=answer,
        aggregation=aggregation,
    )


class ServiceScenario(Protocol):
    """What :class:`ServiceJudge` reads of a customer-service scenario."""

    @property
    def id(self) -> str: ...

    @property
    def has_reference(self) -> bool:
        """False for a recorded session's customer: no expected database or outputs."""
        ...


class ServiceContext(Protocol):
    """What :class:`ServiceJudge` reads of a domain's check context."""

    @property
    def conversation(self) -> Conversation[Any]: ...


Sc = TypeVar("Sc", bound=ServiceScenario)
Cx = TypeVar("Cx", bound=ServiceContext)


@dataclass(frozen=True)
class ServiceJudge(Generic[Sc, Cx]):
    """How a customer-service domain judges some of its requirement kinds on a conversation:
    its name, each kind's subject name, the kinds that need a reference (unscored in a scenario
    without one, with what each needs), its requirements of a scenario by kind, its context
    (the conversation replayed), its checks and its write operations. :meth:`judge_kinds` is
    the domain's ``judge_kinds``; the rest of judging is the core's."""

    domain: str
    subject_names: Mapping[str, str]
    needs_reference: Mapping[str, str]
    requirements_for: Callable[[Sc], Mapping[str, Requirement]]
    context_for: Callable[[Sc, Transcript], Cx]
    checks: CheckRegistry[Cx]
    writes: frozenset[str]

    def judge_kinds(
        self,
        kinds: Sequence[str],
        metric: str,
        scenario: Sc,
        transcript: Transcript,
        threshold: float,
        aggregation: Aggregation = Aggregation.REQUIREMENTS,
    ) -> Verdict:
        """The verdict of ``metric`` on ``transcript``: one subject per requirement kind,
        scored by ``aggregation`` (the share of requirements met, unless the caller says
        otherwise)."""
        context = self.context_for(scenario, transcript)
        chosen = self.requirements_for(scenario)

        def check(kind: str) -> RequirementResult:
            if not scenario.has_reference and kind in self.needs_reference:
                return unreferenced(chosen[kind], self.needs_reference[kind])
            return self.checks.check(chosen[kind], context)

        summary = answer_summary(context.conversation, self.writes)
        return judge_requirements(
            self.domain,
            metric,
            scenario.id,
            kinds,
            check,
            self.subject_names,
            threshold,
            summary,
            aggregation,
        )


KindsJudge = Callable[[Sequence[str], str, Any, Transcript, float], Verdict]
"""``judge(kinds, metric, scenario, transcript, threshold) -> Verdict``: a domain's judge of
some of its requirement kinds (orders' and airline's ``judge_kinds``)."""


def kinds_metric(
    name: str,
    domain: Domain[S],
    kinds: Sequence[str],
    description: str,
    judge_kinds: KindsJudge,
) -> Metric[S]:
    """The metric ``name`` of ``domain`` judging ``kinds`` once over the whole conversation
    (``scope="conversation"``), scored as the share of its requirements met (aggregation
    ``requirements``), passing only at 1.0 by default."""
    chosen = tuple(kinds)

    def judge(scenario: S, transcript: Transcript, threshold: float) -> Verdict:
        return judge_kinds(chosen, name, scenario, transcript, threshold)

    judge.__name__ = f"judge_{name}"
    return Metric(
        name=name,
        domain=domain,
        judge=judge,
        default_threshold=1.0,
        description=description,
        scope="conversation",
        aggregation=Aggregation.REQUIREMENTS,
    )
