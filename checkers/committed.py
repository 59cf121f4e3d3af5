"""What the agent did, held against what it said: the plan its committing actions made.

A domain whose agent commits its plan through a tool (a booking, a write) declares a
:class:`CommitRule`: the tools that commit, and how to read the committed plan from a call and
its response. :func:`read_commits` lists every call to those tools in a transcript with its
outcome, and :func:`commit_problems` holds the plan the final answer states against them. Each
finding is an :class:`~checkers.results.AnswerProblem`, so the answer never passes:

- ``commit_outcome_unknown``: a committing call with no response, or a response that is not a
  JSON object: whether the plan was committed cannot be told;
- ``commit_unreadable``: a successful committing call whose committed plan cannot be read from
  its arguments and response (a missing or malformed field, an id the scenario does not know);
- ``several_committed_plans``: more than one successful committing call (two bookings are two
  tables held; the checker never picks one);
- ``committed_plan_differs``: the committed plan differs from the stated one in any field
  ("booked r01 at 19:30 for 6, but the answer says r03 at 18:00 for 6");
- ``no_plan_but_committed``: the answer says there is no plan after a plan was committed;
- ``undo_unmatched``: a successful call that undoes a commit (:attr:`CommitRule.undo`:
  ``cancel_booking``) or changes one (:attr:`CommitRule.change`: ``update_booking``) names no
  commit made before it, by an id its response gave or by its plan: what is still committed
  cannot be told;
- ``commit_undone``: the answer states a plan although every plan committed was undone
  (booked, then cancelled);
- ``commit_claimed_not_made``: the answer says the plan was committed ("I've booked a table",
  "Reservation confirmed") after tool calls none of which could commit it
  (:func:`claimed_not_committed`, with the domain's words for such a claim).
- ``plan_not_committed``: the answer states a plan although every committing call failed: the
  agent tried to commit, nothing was committed, and the answer presents the plan all the same.
  A response that says the plan is asked for but not made yet (a ``status`` of pending,
  waitlisted, queued, awaiting approval: :data:`NOT_DONE_STATUSES`; "queued for approval" in its
  text, here or one level down: :func:`checkers.tool_outcome.write_not_done`) is such a failure
  here, though the tool-outcome model reads it as a successful call (a looked-up record's
  state).

A committing tool is one of the rule's tools by name, or one whose name, in words
(:func:`tool_words`: ``bookTable`` is "book table"), matches :attr:`CommitRule.named` (an
agent's own ``reserve_table``, ``make_reservation``). A successful undo takes back the commit it
names; a successful change takes it back and commits the plan read from the change's arguments
and response over the old commit's (``update_booking(booking_id, time="18:00")``). An undo or a
change whose outcome is unknown is ``commit_outcome_unknown``; one that failed changed nothing.

Whether a call committed is decided by the tool-outcome model
(:func:`checkers.tool_outcome.tool_outcome`, read once per response as ``ToolResponse.outcome``):
a failure in any known shape did not commit, an outcome it cannot classify is unknown. Calls
pair with responses turn by turn (:attr:`checkers.transcript.Transcript.pairing`). A transcript
with no committing call gets no finding: the stated plan is judged alone, as before.
:func:`hold_to_commits` does the whole step for a domain's judge: findings added to its
verdict, and, when exactly one plan was committed and the answer states another, the committed
plan judged in its place (it is what the subjects actually get). Never raises on agent output;
linear in the number of calls.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from checkers.done_claims import done_claims
from checkers.results import AnswerProblem, Verdict
from checkers.text import plural, sentences, series, without_surrogates
from checkers.tool_outcome import NOT_DONE_STATUSES, write_not_done
from checkers.transcript import Transcript, brief_json

__all__ = [
    "LOOKUP_WORDS",
    "NOT_DONE_STATUSES",
    "CallRole",
    "Commit",
    "CommitOutcome",
    "CommitRule",
    "Stated",
    "claimed_not_committed",
    "commit_problems",
    "hold_to_commits",
    "read_commits",
    "standing_commits",
    "tool_words",
]

S = TypeVar("S")
P = TypeVar("P")


class CommitOutcome(str, Enum):
    """What one committing call did."""

    COMMITTED = "committed"
    """Its response is a success: the plan it names is committed."""
    FAILED = "failed"
    """Its response is a readable failure: nothing was committed."""
    UNKNOWN = "unknown"
    """No response, or one that is not a JSON object: it may or may not have committed."""
    UNDONE = "undone"
    """It committed, and a later call undid or changed what it committed."""


class CallRole(str, Enum):
    """What a call to one of a rule's tools does."""

    COMMIT = "commit"
    UNDO = "undo"
    CHANGE = "change"


class Stated(str, Enum):
    """What an answer states when it states no plan the rule can compare."""

    NO_PLAN = "no_plan"
    """The answer says that no plan fits (a claim of its own, not a plan)."""
    UNREAD = "unread"
    """The answer's plan could not be read; the answer's own problems say why."""


_ROLES_KEPT = 4096
"""How many tool names' roles a rule keeps (:meth:`CommitRule.role`)."""


@dataclass(frozen=True)
class CommitRule(Generic[S, P]):
    """A domain's declaration of the actions that commit its plan.

    ``P`` is the domain's plan as a frozen dataclass; two plans are the same when their fields
    that take part in comparison are equal (``field(compare=False)`` for display-only fields,
    such as a restaurant's name). A field's ``metadata={"label": "time"}`` names it in reasons.
    """

    tools: frozenset[str]
    """Names of the tools whose successful call commits a plan, e.g. ``{"book_table"}``."""
    read: Callable[[S, Mapping[str, Any], Mapping[str, Any]], P | str]
    """``(scenario, call args, response) -> the committed plan``, or a sentence saying why it
    cannot be read. Called only for a successful call; must not raise."""
    describe: Callable[[P], str]
    """A plan in words, e.g. ``"r01 (Ember & Oak) at 19:30 for 6"``."""
    did: str = "committed"
    """The verb for what a committing call does, in the past tense (``"booked"``)."""
    fix: str = "state the plan that was committed"
    """How to mend an answer that disagrees with what was committed."""
    named: re.Pattern[str] | None = None
    """Tool names, in words (:func:`tool_words`), that commit too: an agent's own booking tool
    (``reserve_table``, ``make_reservation``). Matched with ``search``."""
    undo: re.Pattern[str] | None = None
    """Tool names, in words, whose successful call undoes the commit it names
    (``cancel_booking``); tried before ``named``."""
    change: re.Pattern[str] | None = None
    """Tool names, in words, whose successful call changes the commit it names
    (``update_booking``); tried before ``named``."""
    undid: str = "undone"
    """The verb for what an undoing call does, in the past tense (``"cancelled"``)."""

    _roles: dict[str, CallRole | None] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    """Roles read so far, by tool name: a session asks for each of its calls' roles several
    times, and a stream of sessions calls the same few tools."""

    def role(self, name: str) -> CallRole | None:
        """What a call to the tool ``name`` does under this rule, or None (not the rule's)."""
        try:
            return self._roles[name]
        except KeyError:
            role = self._role(name)
        if len(self._roles) < _ROLES_KEPT:  # bounded: tool names come from agent output
            self._roles[name] = role
        return role

    def _role(self, name: str) -> CallRole | None:
        if name in self.tools:
            return CallRole.COMMIT
        words = tool_words(name)
        for role, pattern in (
            (CallRole.UNDO, self.undo),
            (CallRole.CHANGE, self.change),
            (CallRole.COMMIT, self.named),
        ):
            if pattern is not None and pattern.search(words):
                return role
        return None


LOOKUP_WORDS = (
    r"\b(?:get|check|find|list|search|lookup|look|view|show|fetch|read|query|status|details|info|"
    r"propose|suggest|draft|preview|validate|verify|estimate|quote)\b"
)
"""Words in a tool's name (:func:`tool_words`) that make it a look-up or a proposal, never a
commit, whatever else it names (``get_booking``, ``list_events``, ``propose_meeting``): a
domain's :attr:`CommitRule.named` pattern excludes them."""


_HUMP = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NOT_WORD = re.compile(r"[^a-z0-9]+")


def tool_words(name: str) -> str:
    """A tool's name as lower-case words with one space between: ``"bookTable"``,
    ``"book_table"`` and ``"Book-Table"`` are all ``"book table"``."""
    spaced = _HUMP.sub(" ", name[:100])
    return _NOT_WORD.sub(" ", spaced.lower()).strip()


def tool_named(verbs: str, noun: str) -> re.Pattern[str]:
    """The tools whose words (:func:`tool_words`) hold a verb of ``verbs`` and ``noun``
    (patterns), in either order: ``tool_named("cancel|delete", NOUN)`` finds
    ``cancel_booking`` and ``booking_delete``."""
    return re.compile(rf"^(?=.*\b(?:{verbs})\b)(?=.*{noun})")


@dataclass(frozen=True)
class Commit(Generic[P]):
    """One call to a committing tool, with its outcome."""

    tool: str
    position: int
    """The call's number among the transcript's tool calls, from 1."""
    turn: int | None
    """The turn it was made in, from 1; None when the transcript records no turns."""
    outcome: CommitOutcome
    plan: P | None = None
    """The committed plan (outcome COMMITTED and readable), else None."""
    why: str = ""
    """Why the plan cannot be read, or what the response said (for a failure), or which call
    undid it."""
    role: CallRole = CallRole.COMMIT
    ids: frozenset[str] = frozenset()
    """The ids the response gave the committed plan (``booking_id``), by which an undo names
    it."""
    record: Mapping[str, Any] = dataclasses.field(default_factory=dict, compare=False)
    """The call's arguments with the response's values over them: what a change starts from."""

    @property
    def where(self) -> str:
        """``"book_table, call #3, turn 2"``: where to find the call."""
        turn = f", turn {self.turn}" if self.turn is not None else ""
        return f"{without_surrogates(self.tool[:60])}, call #{self.position}{turn}"


def _turn_numbers(transcript: Transcript, by_turn: bool) -> list[int | None]:
    """The turn of each of ``transcript.tool_calls`` (from 1), or None throughout when the
    calls were not paired turn by turn."""
    if not by_turn:
        return [None] * len(transcript.tool_calls)
    return [n for n, turn in enumerate(transcript.turns, 1) for _ in turn.tool_calls]


_ID_KEY = re.compile(r"(?:^|_)(?:id|ids|number|code|ref|reference|confirmation)$|Id$")


def _ids(response: Mapping[str, Any]) -> frozenset[str]:
    """The id-like values of a response and of its ``result``: ``booking_id``, ``id``,
    ``confirmation_number`` ..., as text."""
    found: set[str] = set()
    for body in (response, response.get("result")):
        if isinstance(body, Mapping):
            found |= {
                str(value).strip()
                for key, value in body.items()
                if isinstance(key, str)
                and _ID_KEY.search(key)
                and isinstance(value, str | int)
                and not isinstance(value, bool)
                and str(value).strip()
            }
    return frozenset(found)


def _arg_values(args: Any) -> frozenset[str]:
    """Every text or whole number among a call's arguments, one level of nesting down."""
    values: set[str] = set()
    items = list(args.values()) if isinstance(args, Mapping) else []
    for value in items + [v for i in items if isinstance(i, Mapping) for v in i.values()]:
        if isinstance(value, str | int) and not isinstance(value, bool):
            values.add(str(value).strip())
    return frozenset(values)


def _named_by(commits: Sequence[Commit[P]], args: Any) -> list[int]:
    """The indexes of the standing commits a call's arguments name: by an id the commit's
    response gave, else by every argument the commit's record also holds being equal to it
    (``cancel_booking(restaurant_id="r06", time="18:00")``)."""
    standing = [
        i
        for i, c in enumerate(commits)
        if c.role is CallRole.COMMIT and c.outcome is CommitOutcome.COMMITTED
    ]
    by_id = [i for i in standing if commits[i].ids & _arg_values(args)]
    if by_id or not isinstance(args, Mapping):
        return by_id
    named = []
    for i in standing:
        record = commits[i].record
        shared = [key for key in args if key in record]
        if shared and all(args[key] == record[key] for key in shared):
            named.append(i)
    return named


def read_commits(
    rule: CommitRule[S, P], scenario: S, transcript: Transcript
) -> tuple[Commit[P], ...]:
    """Every call to one of ``rule``'s tools in ``transcript``, in order, with its outcome and,
    when it committed, the plan read by ``rule.read``; a commit a later undo or change took
    back is UNDONE (see the module docstring). Never raises on agent output."""
    if not any(rule.role(call.name) for call in transcript.tool_calls):
        return ()  # nothing to pair: most answers commit nothing
    pairing = transcript.pairing
    turns = _turn_numbers(transcript, pairing.by_turn)
    commits: list[Commit[P]] = []
    for index, (call, response) in enumerate(
        zip(transcript.tool_calls, pairing.responses, strict=True)
    ):
        role = rule.role(call.name)
        if role is None:
            continue
        made = Commit[P](call.name, index + 1, turns[index], CommitOutcome.UNKNOWN, role=role)
        if response is None or not response.readable:
            what = "no response" if response is None else "a response that is not a JSON object"
            commits.append(dataclasses.replace(made, why=what))
            continue
        if response.outcome.unknown:
            commits.append(dataclasses.replace(made, why=response.outcome.evidence))
            continue
        body = response.response
        if not response.outcome.succeeded or write_not_done(body) is not None:
            failed = CommitOutcome.FAILED
            commits.append(dataclasses.replace(made, outcome=failed, why=brief_json(body, 120)))
            continue
        committed = dataclasses.replace(made, outcome=CommitOutcome.COMMITTED)
        if role is not CallRole.COMMIT:
            targets = _named_by(commits, call.args)
            for target in targets:
                commits[target] = dataclasses.replace(
                    commits[target], outcome=CommitOutcome.UNDONE, why=committed.where
                )
            if not targets:
                commits.append(dataclasses.replace(committed, why="names no commit made before it"))
                continue
            if role is CallRole.UNDO:
                commits.append(committed)
                continue
            base = commits[targets[-1]].record
            args = {**base, **call.args} if isinstance(call.args, Mapping) else call.args
        else:
            args = call.args
        if not call.args_readable or not isinstance(args, Mapping):
            commits.append(dataclasses.replace(committed, why="its arguments are unreadable"))
            continue
        plan = rule.read(scenario, args, body)
        record = {**args, **{k: v for k, v in body.items() if v is not None}}
        if isinstance(plan, str):
            commits.append(dataclasses.replace(committed, why=plan, role=CallRole.COMMIT))
        else:
            commits.append(
                dataclasses.replace(
                    committed, plan=plan, ids=_ids(body), record=record, role=CallRole.COMMIT
                )
            )
    return tuple(commits)


def standing_commits(commits: Sequence[Commit[P]]) -> list[Commit[P]]:
    """The commits that stand: committed (readable or not) and not undone since."""
    return [
        c for c in commits if c.role is CallRole.COMMIT and c.outcome is CommitOutcome.COMMITTED
    ]


def _differing(stated: Any, committed: Any) -> list[str]:
    """The compared fields in which two plans differ, by their ``label`` metadata or name
    (``["plan"]`` when the plans are not dataclasses of one type and are not equal)."""
    if not dataclasses.is_dataclass(stated) or type(stated) is not type(committed):
        return [] if stated == committed else ["plan"]
    return [
        f.metadata.get("label", f.name)
        for f in dataclasses.fields(stated)
        if f.compare and getattr(stated, f.name) != getattr(committed, f.name)
    ]


def _problem(code: str, message: str) -> AnswerProblem:
    return AnswerProblem(code=code, message=message)


def commit_problems(
    rule: CommitRule[S, P], commits: Sequence[Commit[P]], stated: P | Stated
) -> tuple[AnswerProblem, ...]:
    """The findings (see the module docstring) for an answer stating ``stated`` after
    ``commits``; empty when there was no committing call, or when exactly one plan was committed
    and it is the stated one."""
    problems: list[AnswerProblem] = []
    for commit in commits:
        did = rule.did if commit.role is CallRole.COMMIT else rule.undid
        if commit.outcome is CommitOutcome.UNKNOWN:
            problems.append(
                _problem(
                    "commit_outcome_unknown",
                    f"{commit.where} got {commit.why}, so whether it {did} anything cannot "
                    "be told; the answer cannot pass until the call's outcome is recorded",
                )
            )
        elif commit.outcome is CommitOutcome.COMMITTED and commit.role is not CallRole.COMMIT:
            if commit.why:
                problems.append(
                    _problem(
                        "undo_unmatched",
                        f"{commit.where} {did} something, but it {commit.why} (by an id its "
                        f"response gave, or by its plan): what is still {rule.did} cannot be "
                        "told",
                    )
                )
        elif commit.outcome is CommitOutcome.COMMITTED and commit.plan is None:
            problems.append(
                _problem(
                    "commit_unreadable",
                    f"{commit.where} succeeded, but what it {rule.did} cannot be read: "
                    f"{commit.why}",
                )
            )
    committed = standing_commits(commits)
    readable = [c for c in committed if c.plan is not None]
    if len(committed) > 1:
        listed = "; ".join(
            f"{rule.describe(c.plan) if c.plan is not None else 'an unreadable plan'} ({c.where})"
            for c in committed[:5]
        )
        more = f" and {len(committed) - 5} more" if len(committed) > 5 else ""
        problems.append(
            _problem(
                "several_committed_plans",
                f"the agent {rule.did} {len(committed)} times: {listed}{more}; that is "
                f"{len(committed)} plans held at once, and the checker will not pick one",
            )
        )
    if stated is Stated.NO_PLAN and committed:
        what = rule.describe(readable[0].plan) if readable and readable[0].plan else "a plan"
        problems.append(
            _problem(
                "no_plan_but_committed",
                f"the agent {rule.did} {what} ({committed[0].where}), but the answer says no "
                "plan fits: what it did and what it said disagree",
            )
        )
    if isinstance(stated, Stated):
        return tuple(problems)
    for commit in readable:
        assert commit.plan is not None  # for mypy: readable commits hold a plan
        fields = _differing(stated, commit.plan)
        if fields:
            problems.append(
                _problem(
                    "committed_plan_differs",
                    f"the agent {rule.did} {rule.describe(commit.plan)} ({commit.where}), but "
                    f"the answer says {rule.describe(stated)}: {series(fields)} "
                    f"{'differs' if len(fields) == 1 else 'differ'}; {rule.fix}",
                )
            )
    undone = [c for c in commits if c.outcome is CommitOutcome.UNDONE]
    if undone and not committed and not problems:
        last = undone[-1]
        what = rule.describe(last.plan) if last.plan is not None else "a plan"
        problems.append(
            _problem(
                "commit_undone",
                f"the answer states {rule.describe(stated)}, but nothing is {rule.did}: the "
                f"agent {rule.did} {what} ({last.where}) and it was {rule.undid} ({last.why}); "
                f"say that it was {rule.undid}",
            )
        )
    failed = [c for c in commits if c.outcome is CommitOutcome.FAILED and c.role is CallRole.COMMIT]
    if failed and not committed and not undone and not problems:
        last = failed[-1]
        problems.append(
            _problem(
                "plan_not_committed",
                f"the answer states {rule.describe(stated)}, but nothing was {rule.did}: "
                f"{plural(len(failed), 'call')} failed (last: {last.where}, which returned "
                f"{last.why}); say that it could not be {rule.did}",
            )
        )
    return tuple(problems)


def claimed_not_committed(
    rule: CommitRule[S, P], transcript: Transcript, claims: re.Pattern[str]
) -> AnswerProblem | None:
    """``commit_claimed_not_made`` when a sentence of the final text says the plan was
    committed, in the words ``claims`` matches over its folded lower-case form (unless
    negated: :func:`checkers.done_claims.done_claims`), after tool calls none of which is to
    one of the rule's tools; None otherwise. A call to one that failed, was undone or has no
    outcome already keeps the answer from passing (:func:`commit_problems`). A transcript with
    no call at all gets None: a final text judged alone (a batch line, an answer recorded
    without its calls) says nothing of what the agent did."""
    text = transcript.final_text
    calls = transcript.tool_calls
    if not text or not calls or any(rule.role(call.name) for call in calls):
        return None
    for sentence in sentences(text):
        said = done_claims(sentence, claims)
        if said:
            return _problem(
                "commit_claimed_not_made",
                f"the answer says {said[0].group(0)!r}, but the agent {rule.did} nothing (it "
                f"called no tool that does): a claim the tool calls do not back; say that "
                f"nothing was {rule.did}",
            )
    return None


def hold_to_commits(
    rule: CommitRule[S, P],
    scenario: S,
    transcript: Transcript,
    stated: P | Stated,
    verdict: Verdict,
    judge_committed: Callable[[P], Verdict],
) -> Verdict:
    """``verdict`` (the stated plan's) held to what the agent committed in ``transcript``.

    With no committing call, ``verdict`` unchanged. Otherwise the findings of
    :func:`commit_problems` are added to its problems; when exactly one plan was committed, it
    is readable and the answer states a different plan, the verdict is ``judge_committed(plan)``
    (the committed plan judged: what the subjects actually get) with a note saying so.
    """
    commits = read_commits(rule, scenario, transcript)
    if not commits:
        return verdict
    problems = commit_problems(rule, commits, stated)
    committed = standing_commits(commits)
    notes = verdict.notes
    if (
        len(committed) == 1
        and committed[0].plan is not None
        and not isinstance(stated, Stated)
        and _differing(stated, committed[0].plan)
    ):
        plan = committed[0].plan
        judged = judge_committed(plan)
        verdict = judged.model_copy(update={"answer": verdict.answer})
        notes = (
            *judged.notes,
            f"judged the plan the agent {rule.did}, {rule.describe(plan)} "
            f"({committed[0].where}), not the one its answer states",
        )
    if not problems and notes is verdict.notes:
        return verdict
    return verdict.model_copy(update={"problems": (*verdict.problems, *problems), "notes": notes})
