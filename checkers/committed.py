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
- ``plan_not_committed``: the answer states a plan although every committing call failed: the
  agent tried to commit, nothing was committed, and the answer presents the plan all the same.
  A response that says the plan is asked for but not made yet (a ``status`` of pending,
  waitlisted, queued, awaiting approval: :data:`NOT_DONE_STATUSES`; "queued for approval" in its
  text, here or one level down: :func:`checkers.tool_outcome.write_not_done`) is such a failure
  here, though the tool-outcome model reads it as a successful call (a looked-up record's
  state).

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from checkers.results import AnswerProblem, Verdict
from checkers.text import plural, series, without_surrogates
from checkers.tool_outcome import NOT_DONE_STATUSES, write_not_done
from checkers.transcript import Transcript, brief_json

__all__ = [
    "NOT_DONE_STATUSES",
    "Commit",
    "CommitOutcome",
    "CommitRule",
    "Stated",
    "commit_problems",
    "hold_to_commits",
    "read_commits",
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


class Stated(str, Enum):
    """What an answer states when it states no plan the rule can compare."""

    NO_PLAN = "no_plan"
    """The answer says that no plan fits (a claim of its own, not a plan)."""
    UNREAD = "unread"
    """The answer's plan could not be read; the answer's own problems say why."""


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
    """Why the plan cannot be read, or what the response said (for a failure)."""

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


def _maker(
    tool: str, position: int, turn: int | None
) -> Callable[[CommitOutcome, Any, str], Commit[Any]]:
    def made(outcome: CommitOutcome, plan: Any, why: str) -> Commit[Any]:
        return Commit(tool, position, turn, outcome, plan, why)

    return made


def read_commits(
    rule: CommitRule[S, P], scenario: S, transcript: Transcript
) -> tuple[Commit[P], ...]:
    """Every call to one of ``rule.tools`` in ``transcript``, in order, with its outcome and,
    when it committed, the plan read by ``rule.read``. Never raises on agent output."""
    if not any(call.name in rule.tools for call in transcript.tool_calls):
        return ()  # nothing to pair: most answers commit nothing
    pairing = transcript.pairing
    turns = _turn_numbers(transcript, pairing.by_turn)
    commits: list[Commit[P]] = []
    for index, (call, response) in enumerate(
        zip(transcript.tool_calls, pairing.responses, strict=True)
    ):
        if call.name not in rule.tools:
            continue
        made = _maker(call.name, index + 1, turns[index])
        if response is None or not response.readable:
            what = "no response" if response is None else "a response that is not a JSON object"
            commits.append(made(CommitOutcome.UNKNOWN, None, what))
        elif response.outcome.unknown:
            commits.append(made(CommitOutcome.UNKNOWN, None, response.outcome.evidence))
        elif not response.outcome.succeeded or write_not_done(response.response) is not None:
            commits.append(made(CommitOutcome.FAILED, None, brief_json(response.response, 120)))
        elif not call.args_readable:
            commits.append(made(CommitOutcome.COMMITTED, None, "its arguments are unreadable"))
        else:
            plan = rule.read(scenario, call.args, response.response)
            if isinstance(plan, str):
                commits.append(made(CommitOutcome.COMMITTED, None, plan))
            else:
                commits.append(made(CommitOutcome.COMMITTED, plan, ""))
    return tuple(commits)


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
        if commit.outcome is CommitOutcome.UNKNOWN:
            problems.append(
                _problem(
                    "commit_outcome_unknown",
                    f"{commit.where} got {commit.why}, so whether it {rule.did} anything cannot "
                    "be told; the answer cannot pass until the call's outcome is recorded",
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
    committed = [c for c in commits if c.outcome is CommitOutcome.COMMITTED]
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
    failed = [c for c in commits if c.outcome is CommitOutcome.FAILED]
    if failed and not committed and not problems:
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
    committed = [c for c in commits if c.outcome is CommitOutcome.COMMITTED]
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
