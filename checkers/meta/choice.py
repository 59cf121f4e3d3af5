"""The meta-tests of a choice domain, derived from its kinds' declarations.

For a :class:`~checkers.choice.ChoiceDomain`, :func:`choice_meta_spec` builds the whole
:class:`~checkers.meta.spec.DomainMetaSpec` from each kind's ``examples`` (``any``, ``met_by``,
``broken_by``) and ``holds``, and the domain's plan strategy:

- satisfying answers: plans, one picked, subjects whose every requirement it meets;
- for each kind, answers breaking exactly one requirement of one subject (which must then fail
  exactly that requirement, with a reason code the kind declares, and score (n - 1) / n);
- any scenario: half built around a plan that fits everyone, half whose requirements each fit
  or break a random plan (often none fits all);
- the oracle: every plan scored by the kinds' ``holds`` rules, apart from the checks;
- the reason codes: every result of a generated answer carries a code its kind declares.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Sequence
from fractions import Fraction
from functools import reduce
from pathlib import Path
from typing import Annotated, Any

from hypothesis import strategies as st
from pydantic import BaseModel, Field, TypeAdapter

from checkers.choice import ChoiceDomain, P, S, Subj
from checkers.kinds import KindExamples
from checkers.meta.spec import Answer, Case, DomainMetaSpec, MetricMeta, Oracle, Violation
from checkers.meta.strategies import final_texts, prose
from checkers.metric import Metric
from checkers.requirements import Requirement
from checkers.transcript import Transcript

NAMES = ("Ana", "Björn", "Zoë", "Omar", "Mei", "Raj", "José", "Lin")


def subject_name(index: int) -> str:
    """Distinct names, Unicode included: Ana, Björn, ... Ana 1, Björn 1, ..."""
    base = NAMES[index % len(NAMES)]
    return base if index < len(NAMES) else f"{base} {index // len(NAMES)}"


def _plain(model: Any) -> str:
    """A model's values other than its kind, id, name and requirements, space-separated."""
    assert isinstance(model, BaseModel)
    values = [
        str(v) if not isinstance(v, list | dict) else json.dumps(v, ensure_ascii=False)
        for k, v in model.model_dump(mode="json").items()
        if k not in {"kind", "id", "name", "requirements"}
    ]
    return " ".join(values)


def _model(value: Any) -> BaseModel:
    assert isinstance(value, BaseModel), "choice domains' subjects are pydantic models"
    return value


class _Derived:
    """The strategies and helpers of one choice domain's meta spec."""

    def __init__(self, domain: ChoiceDomain[S, Subj, P], sizes: tuple[int, int]) -> None:
        self.domain = domain
        self.sizes = sizes
        self.examples: dict[str, KindExamples[Any, P]] = {
            kind.name: kind.examples(st) for kind in domain.kinds
        }
        self.names = tuple(sorted(self.examples))
        self.plans = domain.plans(st)
        # Any requirement of the domain, read from JSON by its kind: the union of the kinds.
        models = [kind.model for kind in domain.kinds]
        union: Any = (
            models[0]
            if len(models) == 1
            else Annotated[reduce(operator.or_, models), Field(discriminator="kind")]
        )
        self.loader: TypeAdapter[Any] = TypeAdapter(union)

    # --- building scenarios ---------------------------------------------------------------------

    def subject(self, index: int, requirements: Sequence[Requirement]) -> Any:
        return self.domain.subject_type(  # type: ignore[call-arg]
            id=f"s{index}", name=subject_name(index), requirements=tuple(requirements)
        )

    def scenario(self, plans: Sequence[Any], subjects: Sequence[Any]) -> Any:
        fields = {self.domain.subjects_field: tuple(subjects), self.domain.plans_field: plans}
        return self.domain.scenario_type(id="generated", **fields)

    def describe(self, scenario: Any, answer: Answer | None = None) -> str:
        """The scenario (and the answer) on one line, for failure messages."""
        subjects = "; ".join(
            f"{s.id} {s.name}: {', '.join(f'{r.kind} {_plain(r)}' for r in s.requirements)}"
            for s in self.domain.subjects_of(scenario)
        )
        plans = "; ".join(f"{p.id} {_plain(p)}" for p in self.domain.plans_of(scenario))
        shown = f"answer {answer}; " if answer else ""
        return f"{shown}subjects [{subjects}]; plans [{plans}]"

    def add_requirement(self, scenario: Any, subject_id: str, requirement: Requirement) -> Any:
        subjects = tuple(
            _model(s).model_copy(update={"requirements": (*s.requirements, requirement)})
            if s.id == subject_id
            else s
            for s in self.domain.subjects_of(scenario)
        )
        return scenario.model_copy(update={self.domain.subjects_field: subjects})

    def reorder(self, scenario: Any, order: Sequence[int]) -> Any:
        subjects = self.domain.subjects_of(scenario)
        return scenario.model_copy(
            update={self.domain.subjects_field: tuple(subjects[i] for i in order)}
        )

    # --- strategies -----------------------------------------------------------------------------

    def satisfying(self) -> st.SearchStrategy[Case[Any]]:
        @st.composite
        def cases(draw: st.DrawFn) -> Case[Any]:
            plans = draw(self.plans)
            chosen = draw(st.sampled_from(plans))
            subjects = []
            for index in range(draw(st.integers(*self.sizes))):
                kinds = draw(st.lists(st.sampled_from(self.names), min_size=1, max_size=3))
                met = [draw(self.examples[kind].met_by(chosen)) for kind in kinds]
                subjects.append(self.subject(index, met))
            scenario = self.scenario(plans, subjects)
            answer = {self.domain.answer_key: chosen.id}
            return Case(scenario, answer, self.describe(scenario, answer))

        return cases()

    def violations(self, kind: str) -> st.SearchStrategy[Violation[Any]]:
        @st.composite
        def broken(draw: st.DrawFn) -> Violation[Any]:
            case = draw(self.satisfying())
            chosen = self.domain.read_plan(case.answer, case.scenario)
            target = draw(st.sampled_from(self.domain.subjects_of(case.scenario)))
            requirement = draw(self.examples[kind].broken_by(chosen))  # type: ignore[arg-type]
            scenario = self.add_requirement(case.scenario, target.id, requirement)
            return Violation(
                base=case.scenario,
                scenario=scenario,
                answer=case.answer,
                subject_id=target.id,
                kind=kind,
                about=f"{target.name} ({target.id}) now also holds "
                f"{requirement.model_dump(mode='json')}; {self.describe(scenario, case.answer)}",
                mentions=(target.name,),
            )

        return broken()

    def random_scenarios(self) -> st.SearchStrategy[Any]:
        @st.composite
        def scenarios(draw: st.DrawFn) -> Any:
            plans = draw(self.plans)
            subjects = []
            for index in range(draw(st.integers(*self.sizes))):
                requirements = []
                for kind in draw(st.lists(st.sampled_from(self.names), min_size=1, max_size=3)):
                    plan = draw(st.sampled_from(plans))
                    examples = self.examples[kind]
                    build = examples.met_by if draw(st.booleans()) else examples.broken_by
                    requirements.append(draw(build(plan)))
                subjects.append(self.subject(index, requirements))
            return self.scenario(plans, subjects)

        return scenarios()

    def any_scenarios(self) -> st.SearchStrategy[Any]:
        """Half built around a plan that fits everyone, half drawn at random."""
        return self.satisfying().map(lambda case: case.scenario) | self.random_scenarios()

    def garbled(self, field_name: str, value: Any) -> st.SearchStrategy[Any]:
        """Ids no scenario holds, or that the judge must not guess at."""
        return st.sampled_from(
            (f"{value}?", f"not {value}", str(value).upper(), "zz-999", "the first")
        )

    def transcripts(self, scenarios: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        field = self.domain.answer_key

        @st.composite
        def made(draw: st.DrawFn) -> tuple[Any, Transcript]:
            scenario = draw(scenarios)
            plan_id = draw(st.sampled_from(self.domain.plans_of(scenario))).id
            how = draw(st.sampled_from(("plan", "plan", "garbled", "nothing")))
            if how == "garbled":
                plan_id = draw(self.garbled(field, plan_id))
            text = (
                draw(st.none() | prose())
                if how == "nothing"
                else draw(final_texts({field: plan_id}))
            )
            return scenario, Transcript(final_text=text)

        return made()

    # --- the oracle -----------------------------------------------------------------------------

    def oracle(self, scenario: Any) -> Oracle:
        """Every plan, scored by the kinds' ``holds`` rules (apart from the checks)."""
        holds = {kind.name: kind.holds for kind in self.domain.kinds}
        subjects = self.domain.subjects_of(scenario)
        scores = {
            plan.id: Fraction(
                sum(all(holds[r.kind](r, plan) for r in s.requirements) for s in subjects),
                len(subjects),
            )
            for plan in self.domain.plans_of(scenario)
        }
        field = self.domain.answer_key
        return Oracle(
            best=max(scores.values()),
            answers=tuple({field: plan_id} for plan_id in scores),
            score=lambda answer: scores[answer[field]],
            subjects=len(subjects),
        )


def choice_meta_spec(
    domain: ChoiceDomain[S, Subj, P],
    metric: Metric[S],
    min_subjects: int = 1,
    max_subjects: int = 6,
    known_answers: Path | None = None,
) -> DomainMetaSpec[S]:
    """The meta spec of ``domain`` judged by its share-of-subjects ``metric``, with
    ``min_subjects`` to ``max_subjects`` subjects per scenario (see the module docstring).

    Raises ValueError unless ``1 <= min_subjects <= max_subjects``.
    """
    if not 1 <= min_subjects <= max_subjects:
        raise ValueError(
            f"subjects per scenario must satisfy 1 <= min <= max, got {min_subjects}..."
            f"{max_subjects}; e.g. meta_spec(2, 6)"
        )
    derived = _Derived(domain, (min_subjects, max_subjects))
    scenarios = derived.any_scenarios()
    kinds = derived.names
    return DomainMetaSpec(
        domain=domain.name,
        metric=metric,
        checks=domain.checks,
        satisfying=derived.satisfying(),
        violations={kind: derived.violations(kind) for kind in kinds},
        required_fields=(domain.answer_key,),
        needs={domain.answer_key: frozenset(kinds)},
        garble=derived.garbled,
        scenarios=scenarios,
        subject_ids=lambda scenario: tuple(s.id for s in domain.subjects_of(scenario)),
        reorder_subjects=derived.reorder,
        requirements={kind: derived.examples[kind].any for kind in kinds},
        add_requirement=derived.add_requirement,
        load_requirement=derived.loader.validate_python,
        dump_scenario=lambda scenario: scenario.model_dump(mode="json"),
        load_scenario=domain.scenario_type.model_validate,
        metrics={metric.name: MetricMeta(metric, derived.transcripts(scenarios), kinds)},
        oracle=derived.oracle,
        known_answers=known_answers,
        subjects=(min_subjects, max_subjects),
        reasons={kind.name: frozenset(kind.reasons) for kind in domain.kinds},
    )
