"""Domains whose answer picks one plan: the judge, derived from the kinds' declarations.

A *choice* domain's scenario holds subjects (each with an ``id``, a ``name`` and
``requirements``) and the plans they choose from (each with an ``id`` and a ``name``); the agent
answers with one JSON object naming a plan by id, ``{"option": "o4"}``. A subject is satisfied
when the plan meets every one of its requirements. The domain declares::

    OUTINGS_CHOICE = ChoiceDomain(
        name="outings", answer_key="option", kinds=(MAX_PRICE, NEEDS_TAG),
        scenario_type=Scenario, subject_type=Member,
        subjects_field="members", plans_field="catalog", plans=_catalogs,
    )

and gets its judge (:meth:`ChoiceDomain.judge`), its checks registry, feasibility, and its
meta-tests (:func:`checkers.meta.choice.choice_meta_spec`).

The judge never picks a plan for the agent: a missing, empty, non-text or unknown id is an
answer problem (``missing_option``, ``bad_option``, ``unknown_option``), every result is
``incomplete`` and the answer cannot pass. Other keys are ignored and listed in the notes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from checkers.answers import extract_json_object
from checkers.kinds import RequirementKind, Strategies, register_kinds
from checkers.requirements import CheckRegistry, Requirement
from checkers.results import AnswerProblem, RequirementResult, SubjectResult, Verdict
from checkers.text import cut
from checkers.transcript import Transcript

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy


class ChoiceSubject(Protocol):
    """A subject of a choice domain (a pydantic model with these fields)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def requirements(self) -> Sequence[Requirement]: ...


class ChoicePlan(Protocol):
    """A plan the subjects choose from (a pydantic model with these fields)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...


S = TypeVar("S", bound=BaseModel)
Subj = TypeVar("Subj", bound=ChoiceSubject)
P = TypeVar("P", bound=ChoicePlan)


@dataclass(frozen=True)
class Pick(Generic[Subj, P]):
    """What a check of a choice domain looks at: one subject, and the plan the answer picked."""

    subject: Subj
    plan: P


@dataclass(frozen=True)
class ChoiceDomain(Generic[S, Subj, P]):
    """A domain whose answer picks one plan by id (see the module docstring)."""

    name: str
    """The domain's name, e.g. ``"outings"``."""
    answer_key: str
    """The answer key naming the plan, e.g. ``"option"``."""
    kinds: tuple[RequirementKind[Any, Pick[Subj, P], P], ...]
    scenario_type: type[S]
    subject_type: type[Subj]
    subjects_field: str
    """The scenario's field holding the subjects, e.g. ``"members"``."""
    plans_field: str
    """The scenario's field holding the plans, e.g. ``"catalog"``."""
    plans: Callable[[Strategies], SearchStrategy[tuple[P, ...]]]
    """For the meta-tests: plan lists with unique ids, each plan meeting and breaking some
    requirement of every kind (so ``met_by`` and ``broken_by`` can always draw)."""
    checks: CheckRegistry[Pick[Subj, P]] = field(init=False)

    def __post_init__(self) -> None:
        registry: CheckRegistry[Pick[Subj, P]] = CheckRegistry(self.name)
        register_kinds(registry, self.kinds)
        object.__setattr__(self, "checks", registry)

    @property
    def example(self) -> str:
        """An answer's shape, for messages: ``{"option": "<id>"}``."""
        return f'{{"{self.answer_key}": "<id>"}}'

    def subjects_of(self, scenario: S) -> tuple[Subj, ...]:
        return tuple(getattr(scenario, self.subjects_field))

    def plans_of(self, scenario: S) -> tuple[P, ...]:
        return tuple(getattr(scenario, self.plans_field))

    def read_plan(self, answer: dict[str, Any], scenario: S) -> P | AnswerProblem:
        """The plan the answer names, or the problem that stops it from naming one."""
        value = answer.get(self.answer_key)
        if value is None:
            return AnswerProblem(
                code=f"missing_{self.answer_key}",
                message=f"the answer names no {self.answer_key}; give its id, e.g. {self.example}",
            )
        if not isinstance(value, str) or not value.strip():
            return AnswerProblem(
                code=f"bad_{self.answer_key}",
                message=f"{self.answer_key} must be an id (a non-empty string), got "
                f"{cut(repr(value), 80)} ({type(value).__name__}); e.g. {self.example}",
            )
        plans = self.plans_of(scenario)
        found = next((plan for plan in plans if plan.id == value), None)
        if found is None:
            known = ", ".join(plan.id for plan in plans)
            return AnswerProblem(
                code=f"unknown_{self.answer_key}",
                message=f"{self.answer_key} {value[:80]!r} is not an id in the {self.plans_field}; "
                f"use one of: {known}",
            )
        return found

    def judge_subject(self, subject: Subj, plan: P | AnswerProblem) -> SubjectResult:
        """Every requirement of ``subject``: checked against ``plan``, or incomplete when the
        answer named no usable plan. Each result carries its requirement."""
        results = []
        for requirement in subject.requirements:
            if isinstance(plan, AnswerProblem):
                # The verdict's problems say what is wrong with the answer; here, only that it is.
                why = (
                    f"cannot judge {subject.name}'s {requirement.kind}: "
                    f"{plan.code.replace('_', ' ')}"
                )
                result = RequirementResult.incomplete(requirement.kind, plan.code, why)
            else:
                result = self.checks.check(requirement, Pick(subject, plan))
            results.append(result.with_requirement(requirement.as_json))
        return SubjectResult(subject_id=subject.id, name=subject.name, results=tuple(results))

    def judge(self, metric: str) -> Callable[[S, Transcript, float], Verdict]:
        """The judge of the share-of-subjects metric ``metric``: the share of subjects whose
        every requirement the picked plan meets (3 of 4: 0.75), passing at ``threshold``."""

        def judge(scenario: S, transcript: Transcript, threshold: float) -> Verdict:
            answer = extract_json_object(transcript.final_text, self.example)
            plan = answer if isinstance(answer, AnswerProblem) else self.read_plan(answer, scenario)
            ignored = sorted(set(answer) - {self.answer_key}) if isinstance(answer, dict) else []
            return Verdict(
                domain=self.name,
                metric=metric,
                scenario_id=str(getattr(scenario, "id", "")),
                threshold=threshold,
                subjects=tuple(self.judge_subject(s, plan) for s in self.subjects_of(scenario)),
                answer=answer if isinstance(answer, dict) else None,
                problems=(plan,) if isinstance(plan, AnswerProblem) else (),
                notes=(f"ignored answer fields: {', '.join(ignored)}",) if ignored else (),
            )

        return judge

    def satisfies_everyone(self, scenario: S, plan: P) -> bool:
        """Whether ``plan`` meets every requirement of every subject (by the checks)."""
        return all(self.judge_subject(s, plan).satisfied for s in self.subjects_of(scenario))

    def feasible(self, scenario: S) -> bool:
        """Whether some plan satisfies every subject."""
        return any(self.satisfies_everyone(scenario, plan) for plan in self.plans_of(scenario))
