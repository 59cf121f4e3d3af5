"""Outcomes of judging an answer: per requirement, per subject, and for the whole answer.

Four outcomes, never two: a requirement is met (``PASS``), not met (``FAIL``), not judgeable from
the answer (``INCOMPLETE``: the answer left out a field, named something unknown, or was
unreadable; this counts against the answer), or not decided by the evaluator (``UNSCORED``: a
judge timed out, refused or answered off its menu). A verdict holding an unscored result never
passes, whatever its score: the evaluator did not finish judging it.
Every result carries a stable machine-readable ``reason_code`` and a sentence a person understands;
a result that fails for several reasons (several writes, several rules) also lists each one as a
:class:`Finding`, so none hides behind the first.
A subject is satisfied only when every one of its results passes, so an incomplete result never
counts as met.

A metric declares its :class:`Aggregation`, and its verdicts carry it: the share of subjects
satisfied (the default: ``everyone_ate``), the share of requirement results met, or all or
nothing. An incomplete or unscored result counts as not met in every one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    TypeAdapter,
    computed_field,
    model_validator,
)
from typing_extensions import Self

from checkers.frozen import CachingModel, cached_value, unvalidated
from checkers.text import plural


class Outcome(str, Enum):
    """What judging one requirement concluded."""

    PASS = "pass"
    FAIL = "fail"
    INCOMPLETE = "incomplete"
    UNSCORED = "unscored"


_PASS = Outcome.PASS
_UNSCORED = Outcome.UNSCORED
# Read in loops over every result: a module name is several times faster to read than an
# enum member through its class.


class Aggregation(str, Enum):
    """How a verdict's requirement results become its score; a metric declares one.

    Each scores 0.0 when it has nothing to count (no subjects, or no results).
    """

    SUBJECTS = "subjects"
    """Share of subjects whose every result passes (``everyone_ate``: guests who can eat)."""
    REQUIREMENTS = "requirements"
    """Share of requirement results that pass, over every subject (``policy_compliance``)."""
    ALL = "all"
    """1.0 when every result of every subject passes, else 0.0."""


def share(
    aggregation: Aggregation,
    subjects: tuple[SubjectResult, ...],
    met: frozenset[Outcome] = frozenset({Outcome.PASS}),
) -> tuple[int, int]:
    """``(met, counted)`` under ``aggregation``: the numerator and denominator of the score,
    counting the results whose outcome is in ``met`` as met (for the all-or-nothing aggregation
    ``(1, 1)`` or ``(0, 1)``; ``(0, 0)`` when there is nothing to count)."""
    if aggregation is Aggregation.SUBJECTS:
        hits = sum(all(r.outcome in met for r in s.results) for s in subjects)
        return hits, len(subjects)
    outcomes = [r.outcome for s in subjects for r in s.results]
    hits = sum(o in met for o in outcomes)
    if aggregation is Aggregation.ALL and outcomes:
        return int(hits == len(outcomes)), 1
    return hits, len(outcomes)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", ignored_types=(cached_value,))


_unvalidated = unvalidated
"""Results a checker builds by the dozen: :func:`checkers.frozen.unvalidated`."""


class _FrozenWithComputed(_Frozen, CachingModel):
    """A frozen result whose dump carries computed fields, and which loads that dump again.

    Only models with computed fields pay for the validator below: results are built by the
    dozen per invocation, so it stays off :class:`RequirementResult`.
    """

    @model_validator(mode="wrap")
    @classmethod
    def _load_own_dump(cls, data: Any, handler: ModelWrapValidatorHandler[Any]) -> Any:
        """Let a model load its own JSON dump, which carries its computed fields.

        The computed values (``satisfied``, ``score``, ``passed`` ...) are computed again from
        the fields; a dumped value that disagrees is an error, so a hand-edited file that claims
        a pass its results do not support is rejected, never believed.
        """
        names = cls.__pydantic_computed_fields__
        if not isinstance(data, dict) or data.keys().isdisjoint(names):
            return handler(data)
        given = {k: v for k, v in data.items() if k in names}
        model = handler({k: v for k, v in data.items() if k not in names})
        for name, value in given.items():
            if getattr(model, name) != value:
                raise ValueError(
                    f"{name} is {value!r} in the input but {getattr(model, name)!r} computed from "
                    f"its fields; remove {name!r} or correct the fields"
                )
        return model


@dataclass(frozen=True, slots=True)
class Finding:
    """One reason a requirement is not met, when a result has several: one rule broken by one
    part of the answer (one write, one statement).

    The result's own ``reason_code`` is its first finding's; its ``reason`` names them all.
    """

    __pydantic_config__ = ConfigDict(extra="forbid")

    code: str
    """Stable, machine-readable code of the rule broken, e.g. ``"refund_method_not_allowed"``."""
    about: str
    """The part of the answer it is about, e.g. ``"call #5 return_delivered_order_items(...)"``."""
    reason: str
    """What was wrong, for people, e.g. ``"refund to paypal_1, but the order was paid with
    credit_card_2"``."""


@dataclass(frozen=True, slots=True)
class RequirementResult:
    """The verdict on one requirement of one subject.

    A plain frozen dataclass, not a pydantic model: a checker builds dozens per answer, and a
    dataclass costs less than half as much to build. Pydantic still validates it wherever it
    is loaded (a verdict read from JSON checks every field, and unknown keys are rejected); built
    in code, only ``outcome`` is checked, since a string there would never count as a pass.
    """

    __pydantic_config__ = ConfigDict(extra="forbid")

    kind: str
    """The requirement's kind discriminator, e.g. ``"allergy"``."""
    outcome: Outcome
    reason_code: str
    """Stable, machine-readable code, e.g. ``"allergen_in_every_dish"``; see the domain's docs."""
    reason: str
    """One sentence for people: who, what, and why."""
    requirement: dict[str, Any] | None = None
    """The requirement as JSON, or None for results the domain derives (e.g. ``single_dish``)."""
    findings: tuple[Finding, ...] = ()
    """Every reason the requirement is not met, in order, when the check reports several (empty
    when the reason code says it all)."""

    def __post_init__(self) -> None:
        if not isinstance(self.outcome, Outcome):
            raise TypeError(
                f"RequirementResult.outcome must be an Outcome, got {self.outcome!r}; use "
                "RequirementResult.passed / failed / incomplete"
            )

    @classmethod
    def passed(
        cls, kind: str, code: str, reason: str, *, requirement: dict[str, Any] | None = None
    ) -> RequirementResult:
        """A ``PASS`` result."""
        return _made(cls, kind, Outcome.PASS, code, reason, requirement)

    @classmethod
    def failed(
        cls, kind: str, code: str, reason: str, *, requirement: dict[str, Any] | None = None
    ) -> RequirementResult:
        """A ``FAIL`` result."""
        return _made(cls, kind, Outcome.FAIL, code, reason, requirement)

    @classmethod
    def incomplete(
        cls, kind: str, code: str, reason: str, *, requirement: dict[str, Any] | None = None
    ) -> RequirementResult:
        """An ``INCOMPLETE`` result: the answer did not give what is needed to judge."""
        return _made(cls, kind, Outcome.INCOMPLETE, code, reason, requirement)

    @classmethod
    def unscored(
        cls, kind: str, code: str, reason: str, *, requirement: dict[str, Any] | None = None
    ) -> RequirementResult:
        """An ``UNSCORED`` result: the evaluator could not decide (never a pass)."""
        return _made(cls, kind, Outcome.UNSCORED, code, reason, requirement)

    def with_requirement(self, requirement: dict[str, Any] | None) -> RequirementResult:
        """This result carrying ``requirement`` (its JSON, e.g. ``req.as_json``): for a judge
        that attaches each requirement to the result of its check."""
        return RequirementResult(
            self.kind, self.outcome, self.reason_code, self.reason, requirement, self.findings
        )


_SET_RESULT_FIELDS = tuple(
    getattr(RequirementResult, name).__set__
    for name in ("kind", "outcome", "reason_code", "reason", "requirement", "findings")
)


def _made(
    cls: type[RequirementResult],
    kind: str,
    outcome: Outcome,
    code: str,
    reason: str,
    requirement: dict[str, Any] | None,
) -> RequirementResult:
    """``cls(kind, outcome, code, reason, requirement)`` for an ``outcome`` that is an
    :class:`Outcome`, at a third of the cost: checks build these by the dozen per answer, and a
    frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` and then
    runs ``__post_init__``, whose one test the caller has passed already. Slots are set
    through their descriptors, as that ``__init__`` does; a subclass is built the usual way."""
    if cls is not RequirementResult:
        return cls(kind, outcome, code, reason, requirement)
    result = object.__new__(RequirementResult)
    set_kind, set_outcome, set_code, set_reason, set_requirement, set_findings = _SET_RESULT_FIELDS
    set_kind(result, kind)
    set_outcome(result, outcome)
    set_code(result, code)
    set_reason(result, reason)
    set_requirement(result, requirement)
    set_findings(result, ())
    return result


RESULT_ADAPTER: TypeAdapter[RequirementResult] = TypeAdapter(RequirementResult)
"""Loads and dumps one :class:`RequirementResult` on its own: ``RESULT_ADAPTER.dump_json(r)``,
``RESULT_ADAPTER.validate_json(text)`` (verdicts and subject results load and dump theirs)."""


class SubjectResult(_FrozenWithComputed):
    """All requirement results of one subject (a guest, a customer, a participant)."""

    subject_id: str
    name: str
    results: tuple[RequirementResult, ...]

    @computed_field
    @cached_value
    def satisfied(self) -> bool:
        """True only when every result passes; a subject with no results is satisfied."""
        # Cached: scores, summaries and details read it several times per subject.
        return all(r.outcome is _PASS for r in self.results)

    def unmet(self) -> tuple[RequirementResult, ...]:
        """The results that did not pass (failed or incomplete), in order."""
        return tuple(r for r in self.results if r.outcome is not _PASS)

    @classmethod
    def of(cls, subject_id: str, name: str, results: tuple[RequirementResult, ...]) -> Self:
        """``SubjectResult(subject_id=..., name=..., results=...)``, equal to it in every way,
        without validation when the values are already of the fields' exact types (as a
        checker builds them: judging builds one per subject per answer); validated otherwise,
        so a wrong value is still refused."""
        if (
            type(subject_id) is str
            and type(name) is str
            and type(results) is tuple
            and _ONLY_RESULTS.issuperset(map(type, results))
        ):
            values = {"subject_id": subject_id, "name": name, "results": results}
            return _unvalidated(cls, values, {"subject_id", "name", "results"})
        return cls(subject_id=subject_id, name=name, results=results)


class AnswerProblem(_Frozen):
    """Something wrong with the answer as a whole (unparseable, missing field, unknown id)."""

    code: str
    message: str


class Verdict(_FrozenWithComputed):
    """The judgement of one answer in one scenario, scored by one metric.

    ``score`` is the share its ``aggregation`` counts (:class:`Aggregation`: satisfied subjects
    over all subjects by default); ``passed`` is ``score >= threshold``, never for a verdict with
    answer problems or an unscored result. ``answer`` is the plan as read from the agent (None
    when nothing could be read); nothing is ever filled in for the agent. A dump carries
    ``aggregation`` beside ``score`` and ``passed``, and loading it recomputes both, so a dump
    whose aggregation, score or passed was edited to disagree is refused.
    """

    domain: str
    metric: str
    scenario_id: str
    threshold: float
    subjects: tuple[SubjectResult, ...]
    answer: dict[str, Any] | None = None
    problems: tuple[AnswerProblem, ...] = ()
    notes: tuple[str, ...] = Field(default=(), description="Informational remarks, never verdicts.")
    aggregation: Aggregation = Aggregation.SUBJECTS
    """How the results become the score (declared by the metric)."""

    @classmethod
    def of(
        cls,
        domain: str,
        metric: str,
        scenario_id: str,
        threshold: float,
        subjects: tuple[SubjectResult, ...],
        *,
        answer: dict[str, Any] | None = None,
        problems: tuple[AnswerProblem, ...] = (),
        notes: tuple[str, ...] = (),
    ) -> Self:
        """``Verdict(domain=..., metric=..., scenario_id=..., threshold=..., subjects=...,
        answer=..., problems=..., notes=...)`` (the default aggregation), equal to it in every
        way, without validation when the values are already of the fields' exact types (as a
        judge builds them: one verdict per answer); validated otherwise, so a wrong value is
        still refused. The answer dict is held as given, not copied: never change it."""
        if (
            type(domain) is str
            and type(metric) is str
            and type(scenario_id) is str
            and type(threshold) is float
            and type(subjects) is tuple
            and _ONLY_SUBJECTS.issuperset(map(type, subjects))
            and (answer is None or (type(answer) is dict and all(type(k) is str for k in answer)))
            and type(problems) is tuple
            and all(type(p) is AnswerProblem for p in problems)
            and type(notes) is tuple
            and all(type(n) is str for n in notes)
        ):
            values = {
                "domain": domain,
                "metric": metric,
                "scenario_id": scenario_id,
                "threshold": threshold,
                "subjects": subjects,
                "answer": answer,
                "problems": problems,
                "notes": notes,
                "aggregation": Aggregation.SUBJECTS,
            }
            return _unvalidated(cls, values, set(_VERDICT_GIVEN))
        return cls(
            domain=domain,
            metric=metric,
            scenario_id=scenario_id,
            threshold=threshold,
            subjects=subjects,
            answer=answer,
            problems=problems,
            notes=notes,
        )

    @computed_field
    @cached_value
    def satisfied_count(self) -> int:
        # Cached, like score: scores, dumps and reports read them many times (the model is
        # frozen, and model_copy drops cached values).
        return sum(1 for s in self.subjects if s.satisfied)

    @computed_field
    @cached_value
    def score(self) -> float:
        """The share ``aggregation`` counts, in [0, 1]; 0.0 when there is nothing to count."""
        met, counted = self.counted
        # ``float(score_fraction)`` without building the Fraction: both are the exact share
        # rounded once (int division is correctly rounded), so they are the same float.
        return met / counted if counted else 0.0

    @cached_value
    def counted(self) -> tuple[int, int]:
        """``(met, counted)``: the score's numerator and denominator (see :func:`share`)."""
        if self.aggregation is Aggregation.SUBJECTS:  # the common case: reuse the cached count
            return self.satisfied_count, len(self.subjects)
        return share(self.aggregation, self.subjects)

    @property
    def score_fraction(self) -> Fraction:
        """The exact score (``Fraction(3, 6)`` for 3 of 6 subjects satisfied)."""
        met, counted = self.counted
        return Fraction(met, counted) if counted else Fraction(0)

    @computed_field
    @cached_value
    def passed(self) -> bool:
        # Cached like score: the adapter, the details and the report each read it.
        # An answer with problems is never a pass, whatever its score would have been; nor is
        # one the evaluator did not finish judging (an unscored result). Thresholds outside
        # (0, 1] are refused where they enter (criterion, eval config, command line).
        return (
            not self.problems
            and self.counted[1] > 0
            and not self.unscored
            and self.score >= self.threshold
        )

    @cached_value
    def unscored(self) -> bool:
        """True when some requirement result is ``UNSCORED`` (the evaluator could not decide)."""
        return any(r.outcome is _UNSCORED for s in self.subjects for r in s.results)

    @property
    def best_case_score(self) -> float:
        """The score if every unscored result were met (the score itself when none is)."""
        if not self.unscored:
            return self.score
        met, counted = share(self.aggregation, self.subjects, _PASS_OR_UNSCORED)
        return met / counted if counted else 0.0

    @property
    def undecided(self) -> bool:
        """True when the verdict turns on its unscored results: it does not pass, but it would
        if every unscored result were met. A verdict that fails whatever they say (a failed
        requirement too many, an answer problem) is decided: it failed."""
        return (
            self.unscored
            and not self.problems
            and self.counted[1] > 0
            and self.best_case_score >= self.threshold
        )

    def unscored_results(self) -> tuple[tuple[SubjectResult, RequirementResult], ...]:
        """Each unscored result with its subject, in order."""
        return tuple((s, r) for s in self.subjects for r in s.results if r.outcome is _UNSCORED)

    def unmet_subjects(self) -> tuple[SubjectResult, ...]:
        """Subjects with at least one failed or incomplete requirement, in scenario order."""
        return tuple(s for s in self.subjects if not s.satisfied)

    def summary(self, noun: str = "subject") -> str:
        """One line: score, what it counts, verdict and which subjects are not satisfied,
        called by the domain's ``noun`` for them (``Domain.subject_noun``: "guest",
        "participant"), then the unscored results, if any."""
        status = "PASSED" if self.passed else "FAILED"
        tally, threshold = self.tally(), f"{self.threshold:g}"
        line = f"{self.metric} = {self.score:.4g} ({tally}) threshold {threshold}: {status}"
        unmet = [s.name for s in self.unmet_subjects()]
        if unmet:
            line = f"{line}; {plural(len(unmet), noun)} not satisfied: {', '.join(unmet)}"
        # ``unscored`` is cached (``passed`` reads it): most verdicts hold no unscored result,
        # and then every result need not be walked again to find none.
        if self.unscored:
            unscored = [f"{s.name} [{r.reason_code}]" for s, r in self.unscored_results()]
            line = f"{line}; unscored (the evaluator could not decide): {', '.join(unscored)}"
        return line

    def tally(self) -> str:
        """What the score counts: ``3/6`` (subjects satisfied), ``5/8 requirements met``, or
        ``all or nothing: 7/8 requirements met``."""
        if self.aggregation is Aggregation.SUBJECTS:
            return f"{self.satisfied_count}/{len(self.subjects)}"
        met, counted = share(Aggregation.REQUIREMENTS, self.subjects)
        requirements = f"{met}/{counted} requirements met"
        return (
            requirements
            if self.aggregation is Aggregation.REQUIREMENTS
            else (f"all or nothing: {requirements}")
        )


_PASS_OR_UNSCORED = frozenset({Outcome.PASS, Outcome.UNSCORED})
_ONLY_RESULTS = frozenset({RequirementResult})
_ONLY_SUBJECTS = frozenset({SubjectResult})
"""The one type each item must be of for :meth:`SubjectResult.of` and :meth:`Verdict.of` to
skip validation: ``_ONLY_RESULTS.issuperset(map(type, results))`` tests every item at C speed,
where ``all(type(r) is ... for r in results)`` runs a generator."""
_VERDICT_GIVEN = frozenset(
    {"domain", "metric", "scenario_id", "threshold", "subjects", "answer", "problems", "notes"}
)
"""The fields :meth:`Verdict.of` sets: every one but ``aggregation``, as its validated twin."""
