"""Domains whose answer is a plan: the checks registry, the judge and the plain rules, derived
from the kinds' declarations.

A *plan* domain's answer names one plan (a restaurant at a time, a meeting slot, an option by
id). Each subject of a scenario holds requirements; a subject is satisfied when the plan meets
every one. The domain declares, once:

- its per-subject kinds (:class:`~checkers.kinds.RequirementKind`, whose ``holds`` and
  ``examples`` speak of one plan);
- its shared kinds (:class:`SharedKind`): rules every subject holds through one fact of the
  scenario (scheduling's meeting days), restated over the scenario, and how to change the
  scenario so a plan breaks them;
- how plans are written and read (``answer``, ``read``), every candidate plan of a scenario
  (``plans``: the oracle's enumeration), and, for the meta-tests, a strategy of *worlds* (a
  scenario without its subjects) each with a plan that fits it (``worlds``, ``build``).

From that the kit derives the checks registry, the judge of JSON answers
(:meth:`PlanDomain.judge`), feasibility, the plain rules the oracle scores plans with
(:meth:`PlanDomain.served`), and the meta-tests (:mod:`checkers.meta.plans`). A domain whose
answer picks a plan by id is the special case :class:`checkers.choice.ChoiceDomain`.

The declarations that build strategies receive hypothesis's strategies module from the
meta-tests, so importing a domain never imports hypothesis.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from checkers.answers import extract_json_object
from checkers.kinds import RequirementKind, Strategies, record_shared, register_kinds
from checkers.requirements import CheckRegistry, Requirement
from checkers.results import AnswerProblem, RequirementResult, SubjectResult, Verdict
from checkers.transcript import Transcript

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy


class Subject(Protocol):
    """A subject of a plan domain (a pydantic model with these fields)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def requirements(self) -> Sequence[Requirement]: ...


S = TypeVar("S", bound=BaseModel)
Subj = TypeVar("Subj", bound=Subject)
P = TypeVar("P")
C = TypeVar("C")
R = TypeVar("R", bound=Requirement)


def kind_of(model: type[Requirement]) -> str:
    """The ``kind`` discriminator of a requirement model, e.g. ``"busy"``."""
    default = model.model_fields["kind"].default
    if not isinstance(default, str):
        raise TypeError(f"{model.__name__}.kind needs a string default")
    return default


@dataclass(frozen=True)
class SharedKind(Generic[R, C, S, P]):
    """A rule every subject holds through one fact of the scenario: scheduling's allowed days
    belong to the meeting, so a slot on another day fails every participant's ``allowed_day``
    and nothing else (a score of 0/n).

    The domain says which shared requirements a scenario imposes through
    ``PlanDomain.requirements_of``; a subject may also hold one explicitly (it means the same).
    """

    model: type[R]
    """The frozen pydantic model, with a ``kind`` literal (often no other field)."""
    check: Callable[[R, C], RequirementResult]
    """The pure check, as for a :class:`~checkers.kinds.RequirementKind`."""
    reasons: Mapping[str, str]
    """Every reason code the check gives, with when it gives it."""
    holds: Callable[[S], Callable[[P], bool]]
    """The rule restated plainly, apart from ``check``: given the scenario, whether a plan meets
    it. Prepared once per scenario, so a rule that looks at the whole scenario (scheduling's
    earliest slot) is worked out once for every plan the oracle scores."""
    broken: Callable[[Strategies], Callable[[S, P], SearchStrategy[S]]] | None = None
    """Given ``hypothesis.strategies``: the scenario changed so that the plan, which meets
    everything in it, breaks this rule and nothing else. None when the domain's meta spec builds
    this kind's violations itself."""

    @property
    def name(self) -> str:
        """The ``kind`` discriminator, e.g. ``"allowed_day"``."""
        return kind_of(self.model)


@dataclass(frozen=True)
class PlanDomain(Generic[S, Subj, P, C]):
    """A domain whose answer is one plan (see the module docstring)."""

    name: str
    """The domain's name, e.g. ``"scheduling"``."""
    kinds: tuple[RequirementKind[Any, C, P], ...]
    """The kinds a subject holds on its own."""
    scenario_type: type[S]
    subject_type: type[Subj]
    subjects_field: str
    """The scenario's field holding the subjects, e.g. ``"participants"``."""
    fields: tuple[str, ...]
    """The answer keys a plan is written with, e.g. ``("day", "start", "end")``."""
    answer: Callable[[P], dict[str, Any]]
    """A plan as an answer, e.g. ``{"day": "Monday", "start": "9:00", "end": "9:30"}``."""
    plans: Callable[[S], Iterable[P]]
    """Every candidate plan of a scenario (the oracle scores each; feasibility tries each)."""
    context: Callable[[S, Subj, P], C]
    """What a check of ``subject`` looks at when the answer is ``plan``."""
    worlds: Callable[[Strategies], SearchStrategy[tuple[Any, P]]]
    """For the meta-tests: worlds (a scenario without its subjects) each with a plan that meets
    the world's own rules (every shared kind). Every per-subject kind must be able to draw a
    requirement the plan meets and one it breaks."""
    build: Callable[[Any, tuple[Subj, ...]], S]
    """A world and its subjects -> the scenario."""
    shared: tuple[SharedKind[Any, C, S, P], ...] = ()
    read: Callable[[dict[str, Any], S], P | AnswerProblem] | None = None
    """The plan an answer object names, or the problem that stops it; None when the domain
    reads answers itself (then :meth:`judge` is not available)."""
    example: str = '{"field": "value"}'
    """An answer's shape, quoted in problem messages."""
    requirements_of: Callable[[S, Subj], Sequence[Requirement]] | None = None
    """Everything a subject is judged on, in report order (its own requirements and the shared
    ones the scenario imposes); None: its own requirements."""
    needs: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Per kind, the answer keys its check reads (without one the result is incomplete); a kind
    not listed reads them all."""
    checks: CheckRegistry[C] = field(init=False)

    def __post_init__(self) -> None:
        registry: CheckRegistry[C] = CheckRegistry(self.name)
        known = register_kinds(registry, self.kinds)
        for shared in self.shared:
            if shared.name in known:
                raise ValueError(f"{self.name}: two declarations of kind {shared.name!r}")
            registry.register(shared.model)(shared.check)
            record_shared(shared.model, shared)
        object.__setattr__(self, "checks", registry)

    @property
    def reasons(self) -> dict[str, frozenset[str]]:
        """Every kind's declared reason codes, by kind."""
        own = {kind.name: frozenset(kind.reasons) for kind in self.kinds}
        return own | {kind.name: frozenset(kind.reasons) for kind in self.shared}

    def subjects_of(self, scenario: S) -> tuple[Subj, ...]:
        return tuple(getattr(scenario, self.subjects_field))

    def requirements(self, scenario: S, subject: Subj) -> Sequence[Requirement]:
        """Everything ``subject`` is judged on (see ``requirements_of``)."""
        if self.requirements_of is None:
            return subject.requirements
        return self.requirements_of(scenario, subject)

    # --- judging ----------------------------------------------------------------------------

    def judge_subject(self, scenario: S, subject: Subj, plan: P | AnswerProblem) -> SubjectResult:
        """Every requirement of ``subject``: checked against ``plan``, or incomplete when the
        answer named no usable plan. Each result carries its requirement."""
        results = []
        for requirement in self.requirements(scenario, subject):
            if isinstance(plan, AnswerProblem):
                # The verdict's problems say what is wrong with the answer; here, only that it is.
                why = (
                    f"cannot judge {subject.name}'s {requirement.kind}: "
                    f"{plan.code.replace('_', ' ')}"
                )
                result = RequirementResult.incomplete(requirement.kind, plan.code, why)
            else:
                result = self.checks.check(requirement, self.context(scenario, subject, plan))
            results.append(result.with_requirement(requirement.as_json))
        return SubjectResult(subject_id=subject.id, name=subject.name, results=tuple(results))

    def judge(self, metric: str) -> Callable[[S, Transcript, float], Verdict]:
        """The judge of the share-of-subjects metric ``metric``: the share of subjects whose
        every requirement the answer's plan meets (3 of 4: 0.75), passing at ``threshold``.
        Raises TypeError when the domain declares no ``read``."""
        read = self.read
        if read is None:
            raise TypeError(f"{self.name} reads its answers itself; it declares no read")

        def judge(scenario: S, transcript: Transcript, threshold: float) -> Verdict:
            answer = extract_json_object(transcript.final_text, self.example)
            plan = answer if isinstance(answer, AnswerProblem) else read(answer, scenario)
            ignored = sorted(set(answer) - set(self.fields)) if isinstance(answer, dict) else []
            subjects = self.subjects_of(scenario)
            return Verdict(
                domain=self.name,
                metric=metric,
                scenario_id=str(getattr(scenario, "id", "")),
                threshold=threshold,
                subjects=tuple(self.judge_subject(scenario, s, plan) for s in subjects),
                answer=answer if isinstance(answer, dict) else None,
                problems=(plan,) if isinstance(plan, AnswerProblem) else (),
                notes=(f"ignored answer fields: {', '.join(ignored)}",) if ignored else (),
            )

        return judge

    def satisfies_everyone(self, scenario: S, plan: P) -> bool:
        """Whether ``plan`` meets every requirement of every subject (by the checks)."""
        subjects = self.subjects_of(scenario)
        return all(self.judge_subject(scenario, s, plan).satisfied for s in subjects)

    def feasible(self, scenario: S) -> bool:
        """Whether some plan satisfies every subject (by the checks)."""
        return any(self.satisfies_everyone(scenario, plan) for plan in self.plans(scenario))

    # --- the plain rules (the oracle's) -------------------------------------------------------

    def rule(self, scenario: S, skip: Collection[str] = ()) -> Callable[[Requirement, P], bool]:
        """Whether a plan meets a requirement, by the kinds' ``holds`` (apart from the checks),
        with the shared rules prepared once for ``scenario``; kinds in ``skip`` always hold."""
        prepared = {k.name: k.holds(scenario) for k in self.shared if k.name not in skip}
        own = {k.name: k.holds for k in self.kinds}

        def holds(requirement: Requirement, plan: P) -> bool:
            if requirement.kind in skip:
                return True
            if requirement.kind in prepared:
                return prepared[requirement.kind](plan)
            return own[requirement.kind](requirement, plan)

        return holds

    def served(self, scenario: S, skip: Collection[str] = ()) -> Callable[[P], int]:
        """How many subjects a plan serves by the plain rules (see :meth:`rule`)."""
        holds = self.rule(scenario, skip)
        judged = [self.requirements(scenario, s) for s in self.subjects_of(scenario)]

        def served(plan: P) -> int:
            return sum(all(holds(r, plan) for r in requirements) for requirements in judged)

        return served
