"""The meta-tests of a plan domain, derived from its kinds' declarations.

For a :class:`~checkers.plans.PlanDomain`, :class:`PlanMeta` derives the strategies and
:meth:`PlanMeta.spec` the whole :class:`~checkers.meta.spec.DomainMetaSpec`, from each kind's
``examples`` (``any``, ``met_by``, ``broken_by``) and ``holds``, each shared kind's ``holds`` and
``broken``, and the domain's worlds:

- satisfying answers: a world and a plan fitting it, subjects whose every requirement the plan
  meets (then, optionally, the domain's ``variant`` of the scenario and plan);
- for each per-subject kind, answers breaking exactly one requirement of one subject (which must
  then fail exactly that requirement, with a reason code the kind declares, and score
  (n - 1) / n); for each shared kind, the world changed so the plan breaks it (every subject
  fails it and nothing else: 0 / n);
- any scenario: half built around a plan that fits everyone, half whose requirements each fit
  or break a random plan (often none fits all);
- the oracle: every plan the domain enumerates, scored by the kinds' ``holds`` rules, apart
  from the checks;
- the reason codes: every result of a generated answer carries a code its kind declares.

A domain with rules of its own (scheduling's earliest slot) adds violation strategies and metric
rows through :meth:`PlanMeta.spec`, built from the derived strategies.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cached_property, reduce
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar

from hypothesis import strategies as st
from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from checkers.kinds import KindExamples
from checkers.meta.spec import Answer, Case, DomainMetaSpec, MetricMeta, Oracle, Violation
from checkers.meta.strategies import final_texts, prose
from checkers.metric import Metric
from checkers.plans import P, PlanDomain, S
from checkers.requirements import Requirement
from checkers.transcript import Transcript

M = TypeVar("M", bound=BaseModel)


def validated(model: M, made_by: str) -> M:
    """``model`` as its class validates it from its fields, or an error naming ``made_by``.

    Generators build models with ``model_copy`` and other paths that skip validation; a
    generated value no loaded scenario could hold (work hours ending before they start, a
    negative size) tests nothing, so it fails where it is made, not as a puzzling verdict."""
    try:
        return type(model).model_validate(model.model_dump())
    except ValidationError as error:
        raise AssertionError(
            f"{made_by} generated a {type(model).__name__} its model rejects: {error}"
        ) from error


NAMES = ("Ana", "Björn", "Zoë", "Omar", "Mei", "Raj", "José", "Lin")


def subject_name(index: int, names: Sequence[str] = NAMES) -> str:
    """Distinct names, Unicode included: Ana, Björn, ... Ana 1, Björn 1, ..."""
    base = names[index % len(names)]
    return base if index < len(names) else f"{base} {index // len(names)}"


def plain(model: Any) -> str:
    """A model's values other than its kind, id, name and requirements, space-separated."""
    assert isinstance(model, BaseModel)
    values = [
        str(v) if not isinstance(v, list | dict) else json.dumps(v, ensure_ascii=False)
        for k, v in model.model_dump(mode="json").items()
        if k not in {"kind", "id", "name", "requirements"}
    ]
    return " ".join(values)


def garbled_ids(field_name: str, value: Any) -> st.SearchStrategy[Any]:
    """Ids no scenario holds, or that the judge must not guess at."""
    return st.sampled_from((f"{value}?", f"not {value}", str(value).upper(), "zz-999", "the first"))


def _requirement_loader(models: Sequence[type[Requirement]]) -> TypeAdapter[Any]:
    """Any requirement of the domain, read from JSON by its kind: the union of the kinds."""
    union: Any = (
        models[0]
        if len(models) == 1
        else Annotated[reduce(operator.or_, models), Field(discriminator="kind")]
    )
    return TypeAdapter(union)


class PlanMeta(Generic[S, P]):
    """The derived strategies of one plan domain's meta spec.

    ``sizes``: subjects per scenario; ``per_subject``: how many requirements of its own kinds
    each subject draws. The rest tell how the domain shows itself: ``spell`` writes a plan as an
    agent may (``answer`` by default), ``garble`` gives unreadable values of an answer key,
    ``describe`` puts a scenario and answer on one line, ``mentions`` are the plan's words a
    failing reason must name (besides the subject's name), ``names`` the subjects' names and
    ``prefix`` their ids' (``p0``, ``p1``). ``variant``, when given, turns a satisfying scenario
    and plan into another pair the plan's answer still satisfies (scheduling: the task asks for
    the earliest slot, and the plan becomes the first that works); per-subject violations start
    from it, shared ones do not (the change could break the variant's rule as well).
    """

    def __init__(
        self,
        domain: PlanDomain[S, Any, P, Any],
        sizes: tuple[int, int] = (1, 6),
        *,
        per_subject: tuple[int, int] = (1, 3),
        spell: Callable[[P], st.SearchStrategy[Answer]] | None = None,
        garble: Callable[[str, Any], st.SearchStrategy[Any]] = garbled_ids,
        describe: Callable[[S, Answer | None], str] | None = None,
        mentions: Callable[[P], tuple[str, ...]] = lambda plan: (),
        names: Sequence[str] = NAMES,
        prefix: str = "s",
        variant: Callable[[S, P], st.SearchStrategy[tuple[S, P]]] | None = None,
    ) -> None:
        if not 1 <= sizes[0] <= sizes[1]:
            raise ValueError(
                f"subjects per scenario must satisfy 1 <= min <= max, got {sizes[0]}..."
                f"{sizes[1]}; e.g. meta_spec(2, 6)"
            )
        self.domain = domain
        self.sizes = sizes
        self.per_subject = per_subject
        self.examples: dict[str, KindExamples[Any, P]] = {
            kind.name: kind.examples(st) for kind in domain.kinds
        }
        self.names = tuple(sorted(self.examples))
        self.shared = {kind.name: kind for kind in domain.shared}
        self.worlds = domain.worlds(st)
        self.spell = spell or (lambda plan: st.just(domain.answer(plan)))
        self.garble = garble
        self.describe = describe or self._describe
        self.mentions = mentions
        self.subject_names = tuple(names)
        self.prefix = prefix
        self.variant = variant
        models = [kind.model for kind in domain.kinds] + [kind.model for kind in domain.shared]
        self.loader = _requirement_loader(models)

    # --- building scenarios ---------------------------------------------------------------------

    def subject(self, index: int, requirements: Sequence[Requirement]) -> Any:
        return self.domain.subject_type(
            id=f"{self.prefix}{index}",
            name=subject_name(index, self.subject_names),
            requirements=tuple(requirements),
        )

    def _describe(self, scenario: S, answer: Answer | None = None) -> str:
        """The scenario (and the answer) on one line: its subjects, then its other fields."""
        subjects = "; ".join(
            f"{s.id} {s.name}: {', '.join(f'{r.kind} {plain(r)}' for r in s.requirements)}"
            for s in self.domain.subjects_of(scenario)
        )
        rest = "; ".join(
            f"{key} {json.dumps(value, ensure_ascii=False)}"
            for key, value in scenario.model_dump(mode="json").items()
            if key not in {"id", self.domain.subjects_field}
        )
        shown = f"answer {answer}; " if answer else ""
        return f"{shown}subjects [{subjects}]; {rest}"

    def add_requirement(self, scenario: S, subject_id: str, requirement: Requirement) -> S:
        """``scenario`` with ``requirement`` added to subject ``subject_id``."""
        subjects = tuple(
            s.model_copy(update={"requirements": (*s.requirements, requirement)})
            if s.id == subject_id
            else s
            for s in self.domain.subjects_of(scenario)
        )
        return scenario.model_copy(update={self.domain.subjects_field: subjects})

    def reorder(self, scenario: S, order: Sequence[int]) -> S:
        """``scenario`` with its subjects in the given order."""
        subjects = self.domain.subjects_of(scenario)
        return scenario.model_copy(
            update={self.domain.subjects_field: tuple(subjects[i] for i in order)}
        )

    @cached_property
    def _some_kinds(self) -> st.SearchStrategy[list[str]]:
        low, high = self.per_subject
        return st.lists(st.sampled_from(self.names), min_size=low, max_size=high)

    # --- strategies -----------------------------------------------------------------------------

    # Each strategy below is built once per PlanMeta (cached_property): a composite made anew at
    # every draw is validated anew too, which cost more than the draws themselves.

    @cached_property
    def built(self) -> st.SearchStrategy[tuple[S, P]]:
        """A scenario (no variant) and a plan that meets every requirement of every subject."""

        @st.composite
        def built(draw: st.DrawFn) -> tuple[S, P]:
            world, plan = draw(self.worlds)
            subjects = []
            for index in range(draw(st.integers(*self.sizes))):
                met = [
                    validated(draw(self.examples[k].met_by(plan)), f"{k}'s met_by")
                    for k in draw(self._some_kinds)
                ]
                subjects.append(self.subject(index, met))
            return self.domain.build(world, tuple(subjects)), plan

        return built()

    @cached_property
    def satisfying_plans(self) -> st.SearchStrategy[tuple[S, P]]:
        """:attr:`built`, through the domain's ``variant`` when it has one."""
        variant = self.variant
        if variant is None:
            return self.built
        return self.built.flatmap(lambda found: variant(*found))

    def satisfying(self) -> st.SearchStrategy[Case[S]]:
        @st.composite
        def cases(draw: st.DrawFn) -> Case[S]:
            scenario, plan = draw(self.satisfying_plans)
            answer = draw(self.spell(plan))
            return Case(scenario, answer, self.describe(scenario, answer))

        return cases()

    def violations(self, kind: str) -> st.SearchStrategy[Violation[S]]:
        """Answers breaking exactly one requirement of ``kind`` (shared or per subject)."""
        return self._shared_violations(kind) if kind in self.shared else self._violations(kind)

    def _violations(self, kind: str) -> st.SearchStrategy[Violation[S]]:
        @st.composite
        def broken(draw: st.DrawFn) -> Violation[S]:
            base, plan = draw(self.satisfying_plans)
            answer = draw(self.spell(plan))
            target = draw(st.sampled_from(self.domain.subjects_of(base)))
            requirement = validated(
                draw(self.examples[kind].broken_by(plan)), f"{kind}'s broken_by"
            )
            scenario = self.add_requirement(base, target.id, requirement)
            return Violation(
                base=base,
                scenario=scenario,
                answer=answer,
                subject_id=target.id,
                kind=kind,
                about=f"{target.name} ({target.id}) now also holds "
                f"{requirement.model_dump(mode='json')}; {self.describe(scenario, answer)}",
                mentions=(target.name, *self.mentions(plan)),
            )

        return broken()

    def _shared_violations(self, kind: str) -> st.SearchStrategy[Violation[S]]:
        make = self.shared[kind].broken
        if make is None:
            raise ValueError(
                f"{self.domain.name}: shared kind {kind!r} declares no broken; give its "
                "violations to PlanMeta.spec(violations=...)"
            )
        breaking = make(st)

        @st.composite
        def broken(draw: st.DrawFn) -> Violation[S]:
            base, plan = draw(self.built)
            answer = draw(self.spell(plan))
            scenario = validated(draw(breaking(base, plan)), f"shared kind {kind!r}'s broken")
            first = self.domain.subjects_of(base)[0]
            return Violation(
                base=base,
                scenario=scenario,
                answer=answer,
                subject_id=first.id,
                kind=kind,
                about=f"the scenario now breaks {kind}; {self.describe(scenario, answer)}",
                shared=True,
                mentions=(first.name,),
            )

        return broken()

    @cached_property
    def random_scenarios(self) -> st.SearchStrategy[S]:
        """Subjects whose requirements each fit or break a random plan: often none fits all."""

        @st.composite
        def scenarios(draw: st.DrawFn) -> S:
            world, _ = draw(self.worlds)
            subjects = []
            for index in range(draw(st.integers(*self.sizes))):
                requirements = []
                for kind in draw(self._some_kinds):
                    _, plan = draw(self.worlds)
                    examples = self.examples[kind]
                    build = examples.met_by if draw(st.booleans()) else examples.broken_by
                    requirements.append(draw(build(plan)))
                subjects.append(self.subject(index, requirements))
            return self.domain.build(world, tuple(subjects))

        return scenarios()

    @cached_property
    def any_scenarios(self) -> st.SearchStrategy[S]:
        """Half built around a plan that fits everyone, half drawn at random."""
        return self.built.map(lambda found: found[0]) | self.random_scenarios

    def transcripts(self, scenarios: st.SearchStrategy[S]) -> st.SearchStrategy[Any]:
        """Final texts naming a candidate plan, a garbled one, or none."""

        @st.composite
        def made(draw: st.DrawFn) -> tuple[S, Transcript]:
            scenario = draw(scenarios)
            answer = draw(self.spell(draw(st.sampled_from(list(self.domain.plans(scenario))))))
            how = draw(st.sampled_from(("plan", "plan", "garbled", "nothing")))
            if how == "garbled":
                key = draw(st.sampled_from(self.domain.fields))
                answer = {**answer, key: draw(self.garble(key, answer.get(key)))}
            text = draw(st.none() | prose()) if how == "nothing" else draw(final_texts(answer))
            return scenario, Transcript(final_text=text)

        return made()

    # --- the oracle -----------------------------------------------------------------------------

    def oracle(self, scenario: S) -> Oracle:
        """Every plan the domain enumerates, scored by the kinds' plain rules."""
        return plan_oracle(self.domain, scenario)

    # --- the spec -------------------------------------------------------------------------------

    def spec(
        self,
        metric: Metric[S],
        known_answers: Path | None = None,
        *,
        violations: Mapping[str, st.SearchStrategy[Violation[S]]] | None = None,
        metrics: Mapping[str, MetricMeta[S]] | None = None,
        scenarios: st.SearchStrategy[S] | None = None,
        text_forms: Callable[[Answer], st.SearchStrategy[str]] | None = None,
        oracle: Callable[[S], Oracle] | None = None,
    ) -> DomainMetaSpec[S]:
        """The meta spec of the domain judged by its share-of-subjects ``metric``. The domain's
        own ``violations`` (for shared kinds that declare no ``broken``), ``metrics`` rows,
        ``scenarios`` and ``oracle`` (a module-level function its plugin names, usually
        :func:`plan_oracle` bound to the domain) are used beside, or instead of, the derived
        ones."""
        domain = self.domain
        kinds = tuple(sorted({*self.names, *self.shared}))
        own = dict(violations or {})
        derived = {k: self.violations(k) for k in kinds if k not in own}
        scenarios = scenarios if scenarios is not None else self.any_scenarios
        rows = metrics or {metric.name: MetricMeta(metric, self.transcripts(scenarios), kinds)}
        return DomainMetaSpec(
            domain=domain.name,
            metric=metric,
            checks=domain.checks,
            satisfying=self.satisfying(),
            violations={**derived, **own},
            required_fields=domain.fields,
            needs={
                part: frozenset(k for k in kinds if part in domain.needs.get(k, domain.fields))
                for part in domain.fields
            },
            garble=self.garble,
            scenarios=scenarios,
            subject_ids=lambda scenario: tuple(s.id for s in domain.subjects_of(scenario)),
            reorder_subjects=self.reorder,
            requirements={
                **{kind: self.examples[kind].any for kind in self.names},
                **{kind: st.just(self.shared[kind].model()) for kind in self.shared},
            },
            add_requirement=self.add_requirement,
            load_requirement=self.loader.validate_python,
            dump_scenario=lambda scenario: scenario.model_dump(mode="json"),
            load_scenario=domain.scenario_type.model_validate,
            metrics=rows,
            shared_kinds=frozenset(self.shared),
            oracle=oracle or self.oracle,
            known_answers=known_answers,
            subjects=self.sizes,
            text_forms=text_forms,
            reasons=domain.reasons,
        )


def plan_oracle(domain: PlanDomain[S, Any, P, Any], scenario: S) -> Oracle:
    """The exact truth about ``scenario``: every plan the domain enumerates, scored by the
    kinds' plain rules (:meth:`~checkers.plans.PlanDomain.served`), apart from the checks."""
    served = domain.served(scenario)
    total = len(domain.subjects_of(scenario))
    plans = list(domain.plans(scenario))
    answers = tuple(domain.answer(plan) for plan in plans)
    scores = {
        _key(answer): Fraction(served(plan), total)
        for plan, answer in zip(plans, answers, strict=True)
    }
    return Oracle(
        best=max(scores.values()),
        answers=answers,
        score=lambda answer: scores[_key(answer)],
        subjects=total,
    )


def _key(answer: Answer) -> str:
    return json.dumps(answer, sort_keys=True)


def plan_meta_spec(
    domain: PlanDomain[S, Any, P, Any],
    metric: Metric[S],
    min_subjects: int = 1,
    max_subjects: int = 6,
    known_answers: Path | None = None,
) -> DomainMetaSpec[S]:
    """The meta spec of ``domain`` with every strategy derived (see the module docstring), with
    ``min_subjects`` to ``max_subjects`` subjects per scenario.

    Raises ValueError unless ``1 <= min_subjects <= max_subjects``.
    """
    return PlanMeta(domain, (min_subjects, max_subjects)).spec(metric, known_answers)
