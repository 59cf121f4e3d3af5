"""The rubric requirement kind: a property of the answer that a judge decides.

A :class:`Rubric` is a requirement like any other (frozen, unknown fields rejected, a ``kind``)
held by one subject, except that a model decides it rather than code. A domain describes what
to judge as a :class:`RubricTask`: the answer, the facts the judge needs (the subjects'
requirements, tool results), and each subject's rubrics::

    RubricTask(
        scenario_id="story-six",
        answer=final_text,
        facts=(Fact(label="Ana's requirements", content="vegetarian; spice at most 2"),),
        subjects=(RubricSubject(subject_id="ana", name="Ana", rubrics=(
            Rubric(id="explains:ana", text="The final message explains how the plan meets "
                   "Ana's needs.", cues=("Ana",)),)),),
    )

Judging happens before the check (:mod:`checkers.rubric.run`, with an injected judge); the check
itself, :func:`check_rubric`, is pure: it turns the decision on one rubric, or the reason there
is none, into a :class:`~checkers.results.RequirementResult`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from checkers.requirements import CheckRegistry, Requirement
from checkers.results import AnswerProblem, Outcome, RequirementResult
from checkers.rubric.aggregate import Decision
from checkers.rubric.precheck import Flag
from checkers.text import without_surrogates

RUBRIC_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:@/+-]{0,79}$"


class Rubric(Requirement):
    """A property the answer must have, decided by a judge: one sentence that is true or false
    of the answer, given the facts."""

    kind: Literal["rubric"] = "rubric"
    id: str = Field(pattern=RUBRIC_ID_PATTERN)
    """Stable id (letters, digits and ``_.:@/+-``, at most 80), e.g. ``"explains:ana"``; the
    judge's verdicts are matched to rubrics by it, never by text or position."""
    text: str = Field(min_length=1, max_length=2000)
    """The property, e.g. "The final message explains how the plan meets Ana's needs."."""
    cues: tuple[str, ...] = ()
    """Words the offline stand-in judge ``scripted:cues`` looks for (e.g. the guest's name);
    model judges never see them."""


class Fact(BaseModel):
    """A piece of what the judge needs to know: a requirement list, a menu, a tool result."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str = Field(min_length=1, max_length=200)
    """What it is, e.g. "Menu of Green Fork (r03), from get_menu"."""
    content: str = Field(max_length=50_000)


class RubricSubject(BaseModel):
    """One subject (a guest, a customer, the agent) and the rubrics it holds."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    subject_id: str
    name: str
    rubrics: tuple[Rubric, ...] = Field(min_length=1)


class RubricTask(BaseModel):
    """Everything one rubric verdict judges: the answer, the facts, the subjects' rubrics.

    ``answer`` is None when the agent gave no final response. ``problem`` is set by a domain
    when the answer lacks what every rubric is about (a dining message with no plan to explain):
    every rubric is then incomplete and no judge is called. At least one subject; rubric ids and
    subject ids are unique within the task (a ValueError names the repeated ones).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    scenario_id: str
    answer: str | None
    facts: tuple[Fact, ...] = ()
    subjects: tuple[RubricSubject, ...] = Field(min_length=1)
    problem: AnswerProblem | None = None

    @model_validator(mode="after")
    def _unique_ids(self) -> RubricTask:
        for what, ids in (
            ("rubric", [r.id for s in self.subjects for r in s.rubrics]),
            ("subject", [s.subject_id for s in self.subjects]),
        ):
            repeated = sorted({i for i in ids if ids.count(i) > 1})
            if repeated:
                raise ValueError(f"{what} ids must be unique within a task; repeated: {repeated}")
        return self

    @property
    def rubrics(self) -> tuple[Rubric, ...]:
        """Every rubric of every subject, in order."""
        return tuple(r for s in self.subjects for r in s.rubrics)


@dataclass(frozen=True)
class RubricContext:
    """What the check of one rubric knows: the decision on it, or why there is none.

    ``flags`` (from the pre-check) win over everything: a flagged answer fails. Then
    ``problem`` (no answer, an empty one, one too long to send): incomplete. Then ``decision``.
    """

    decision: Decision | None = None
    flags: tuple[Flag, ...] = ()
    problem: AnswerProblem | None = None


rubric_checks: CheckRegistry[RubricContext] = CheckRegistry("rubric")


@rubric_checks.register(Rubric)
def check_rubric(rubric: Rubric, ctx: RubricContext) -> RequirementResult:
    """The result of one rubric: met, not met, or unscored, with the judge's reason.

    A flagged answer fails (``addresses_judge``) whatever a judge said; an answer problem is
    ``incomplete``; an undecided judge (``judge_timeout``, ``reply_off_menu``,
    ``judge_no_majority`` ..., or no decision at all: ``not_judged``) is ``unscored``, so it
    never counts as met. Every reason is free of lone surrogates (the judge's text included).
    """
    as_json = rubric.model_dump(mode="json")
    if ctx.flags:
        said = "; ".join(flag.sentence() for flag in ctx.flags)
        return RequirementResult.failed(
            rubric.kind,
            "addresses_judge",
            without_surrogates(
                f"{rubric.id}: {said}; an answer that addresses its judge cannot pass"
            ),
            requirement=as_json,
        )
    if ctx.problem is not None:
        why = without_surrogates(f"{rubric.id}: {ctx.problem.message}")
        return RequirementResult.incomplete(rubric.kind, ctx.problem.code, why, requirement=as_json)
    if ctx.decision is None:
        return RequirementResult.unscored(
            rubric.kind,
            "not_judged",
            f"{rubric.id}: no judge decided this rubric; it does not count as met",
            requirement=as_json,
        )
    decision = ctx.decision
    build = {
        Outcome.PASS: RequirementResult.passed,
        Outcome.FAIL: RequirementResult.failed,
        Outcome.INCOMPLETE: RequirementResult.incomplete,
        Outcome.UNSCORED: RequirementResult.unscored,
    }[decision.outcome]
    reason = without_surrogates(f"{rubric.id}: {decision.reason}")
    return build(rubric.kind, decision.code, reason, requirement=as_json)
