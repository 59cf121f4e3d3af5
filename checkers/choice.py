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
meta-tests (:func:`checkers.meta.choice.choice_meta_spec`). It is the by-id special case of a
plan domain (:mod:`checkers.plans`): everything is derived there, once.

The judge never picks a plan for the agent: a missing, empty, non-text or unknown id is an
answer problem (``missing_option``, ``bad_option``, ``unknown_option``), every result is
``incomplete`` and the answer cannot pass. Other keys are ignored and listed in the notes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from pydantic import BaseModel

from checkers.kinds import RequirementKind, Strategies
from checkers.plans import PlanDomain, Subject
from checkers.requirements import CheckRegistry
from checkers.results import AnswerProblem, SubjectResult, Verdict
from checkers.text import cut
from checkers.transcript import Transcript

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy


class ChoicePlan(Protocol):
    """A plan the subjects choose from (a pydantic model with these fields)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...


S = TypeVar("S", bound=BaseModel)
Subj = TypeVar("Subj", bound=Subject)
P = TypeVar("P", bound=ChoicePlan)


@dataclass(frozen=True)
class Pick(Generic[Subj, P]):
    """What a check of a choice domain looks at: one subject, and the plan the answer picked."""

    subject: Subj
    plan: P


@dataclass(frozen=True)
class ChoiceDomain(Generic[S, Subj, P]):
    """A domain whose answer picks one plan by id (see the module docstring): a
    :class:`~checkers.plans.PlanDomain` (``plan_domain``) whose reader looks the id up."""

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
    plan_domain: PlanDomain[S, Subj, P, Pick[Subj, P]] = field(init=False)
    checks: CheckRegistry[Pick[Subj, P]] = field(init=False)

    def __post_init__(self) -> None:
        general: PlanDomain[S, Subj, P, Pick[Subj, P]] = PlanDomain(
            name=self.name,
            kinds=self.kinds,
            scenario_type=self.scenario_type,
            subject_type=self.subject_type,
            subjects_field=self.subjects_field,
            fields=(self.answer_key,),
            answer=lambda plan: {self.answer_key: plan.id},
            plans=self.plans_of,
            context=lambda scenario, subject, plan: Pick(subject, plan),
            worlds=self._worlds,
            build=lambda plans, subjects: self.scenario_type(
                id="generated", **{self.subjects_field: subjects, self.plans_field: plans}
            ),
            read=self.read_plan,
            example=self.example,
        )
        object.__setattr__(self, "plan_domain", general)
        object.__setattr__(self, "checks", general.checks)

    def _worlds(self, st: Strategies) -> SearchStrategy[tuple[tuple[P, ...], P]]:
        """A world is the plans; its plan, one of them."""
        worlds: SearchStrategy[tuple[tuple[P, ...], P]] = self.plans(st).flatmap(
            lambda plans: st.tuples(st.just(plans), st.sampled_from(plans))
        )
        return worlds

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
        # A choice domain's checks see the subject and the plan only, never the scenario.
        return self.plan_domain.judge_subject(cast(S, None), subject, plan)

    def judge(self, metric: str) -> Callable[[S, Transcript, float], Verdict]:
        """The judge of the share-of-subjects metric ``metric``: the share of subjects whose
        every requirement the picked plan meets (3 of 4: 0.75), passing at ``threshold``."""
        return self.plan_domain.judge(metric)

    def satisfies_everyone(self, scenario: S, plan: P) -> bool:
        """Whether ``plan`` meets every requirement of every subject (by the checks)."""
        return self.plan_domain.satisfies_everyone(scenario, plan)

    def feasible(self, scenario: S) -> bool:
        """Whether some plan satisfies every subject."""
        return self.plan_domain.feasible(scenario)
