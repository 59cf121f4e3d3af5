"""Generated answers whose verdict is known by construction, and the feasibility oracle.

Each function returns a runner ``(hypothesis settings, stats) -> None`` that raises
:class:`~checkers.meta.properties.MetaFailure` (after hypothesis shrinks it to a minimal case)
when the domain's checkers disagree with what the construction guarantees:

- :func:`satisfying`: an answer built to meet everything scores 1.0 and passes, every result
  passing;
- :func:`violation`: an answer that breaks exactly one requirement of exactly one subject fails
  exactly that requirement (plus the derived results the domain declares) and scores exactly
  ``(n - 1) / n``; a shared requirement fails for everyone and scores ``0 / n``;
- :func:`incomplete`: an answer with a required field removed, emptied, garbled or of the wrong
  type is reported as a problem, has incomplete results, and never passes;
- :func:`oracle`: for domains with a finite answer space, every answer scores exactly what the
  independent oracle says, and passes at the best achievable score if and only if it reaches it;
- :func:`infeasible_claim`: "no plan satisfies everyone" passes exactly when the oracle says no
  answer serves everyone, and plan verdicts report the best possible score.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from checkers.meta import stats as sources
from checkers.meta.properties import (
    Runner,
    fail,
    has_outcome,
    judge,
    make_runner,
    outline,
    unmet_kinds,
)
from checkers.meta.spec import Answer, Case, DomainMetaSpec, Oracle, Violation
from checkers.meta.stats import MetaStats, verdict_outcome
from checkers.meta.strategies import FieldMutation, field_mutations, final_texts
from checkers.results import Outcome


@st.composite
def _with_text(draw: st.DrawFn, cases: st.SearchStrategy[Any]) -> tuple[Any, str]:
    case = draw(cases)
    return case, draw(final_texts(case.answer))


@st.composite
def _incomplete_examples(
    draw: st.DrawFn, spec: DomainMetaSpec[Any], field_name: str
) -> tuple[Case[Any], FieldMutation, str]:
    case = draw(spec.satisfying)
    mutation = draw(field_mutations(case.answer, field_name, spec.garble))
    return case, mutation, draw(final_texts(mutation.apply(case.answer)))


def satisfying(spec: DomainMetaSpec[Any], check_id: str) -> Runner:
    """Answers built to meet every requirement must pass with score 1.0."""

    def body(example: tuple[Case[Any], str], stats: MetaStats) -> None:
        case, text = example
        verdict = judge(spec.metric, case.scenario, text)
        not_passing = [
            f"{s.name}: {r.kind} {r.outcome.value} [{r.reason_code}] {r.reason}"
            for s in verdict.subjects
            for r in s.unmet()
        ]
        if verdict.score_fraction != 1 or not verdict.passed or verdict.problems or not_passing:
            fail(
                f"an answer built to meet every requirement must pass with score 1; "
                f"case: {case.about}; final text {text!r}; got {outline(verdict)}"
                + (f"; first unmet: {not_passing[0]}" if not_passing else "")
            )
        _declared_codes_only(spec, verdict, case.about)
        stats.record(sources.SATISFYING, verdict)
        stats.record_metric(sources.SATISFYING, spec.metric.name, verdict_outcome(verdict))

    return make_runner(check_id, _with_text(spec.satisfying), body)


def violation(spec: DomainMetaSpec[Any], kind: str, check_id: str) -> Runner:
    """Answers that break exactly one requirement must fail exactly it (see :class:`Violation`)."""

    def body(example: tuple[Violation[Any], str], stats: MetaStats) -> None:
        case, text = example
        before = judge(spec.metric, case.base, text)
        if before.score_fraction != 1 or not before.passed:
            fail(
                f"before {case.kind} was tightened the answer must serve everyone; "
                f"case: {case.about}; got {outline(before)}"
            )
        verdict = judge(spec.metric, case.scenario, text)
        ids = spec.subject_ids(case.scenario)
        n = len(ids)
        expected = Fraction(0) if case.shared else Fraction(n - 1, n)
        if verdict.score_fraction != expected:
            fail(
                f"score {verdict.score_fraction.numerator}/{verdict.score_fraction.denominator} "
                f"= {float(verdict.score_fraction):.4g}, but breaking "
                + (
                    f"the shared {case.kind} requirement must serve none of the {n} subjects "
                    f"(0/{n})"
                    if case.shared
                    else f"exactly one requirement of one of {n} subjects must score exactly "
                    f"{n - 1}/{n}: the score is a share of subjects, not of requirements"
                )
                + f"; case: {case.about}; got {outline(verdict)}"
            )
        if verdict.passed and expected < verdict.threshold:
            fail(f"a violated answer passed; case: {case.about}; got {outline(verdict)}")
        _exactly_the_broken_kind(spec, case, verdict, ids)
        _declared_codes_only(spec, verdict, case.about)
        stats.record(sources.VIOLATION, verdict)
        stats.target(sources.VIOLATION, case.kind)
        stats.record_metric(sources.VIOLATION, spec.metric.name, verdict_outcome(verdict))

    return make_runner(check_id, _with_text(spec.violations[kind]), body)


def _declared_codes_only(spec: DomainMetaSpec[Any], verdict: Any, about: str) -> None:
    """Every passing or failing result of a kind that declares its reason codes carries one of
    them (a code nobody documented is a code nobody can act on)."""
    for subject in verdict.subjects:
        for result in subject.results:
            declared = spec.reasons.get(result.kind)
            judged = result.outcome in (Outcome.PASS, Outcome.FAIL)
            if declared is not None and judged and result.reason_code not in declared:
                fail(
                    f"{subject.name}'s {result.kind} gave reason code {result.reason_code!r}, "
                    f"which the kind does not declare (declared: {', '.join(sorted(declared))})"
                    f"; case: {about}"
                )


def _exactly_the_broken_kind(
    spec: DomainMetaSpec[Any], case: Violation[Any], verdict: Any, ids: tuple[str, ...]
) -> None:
    if verdict.problems:
        fail(
            f"the answer is complete, yet the verdict reports problems; case: {case.about}; "
            f"got {outline(verdict)}"
        )
    for subject_id in ids:
        broken = case.shared or subject_id == case.subject_id
        want = {case.kind} | set(case.also_fails) if broken else set()
        got = unmet_kinds(verdict, subject_id)
        if got != want:
            missing, extra = sorted(want - got), sorted(got - want)
            fail(
                f"subject {subject_id} must fail exactly {sorted(want) or 'nothing'}"
                + (f", but {', '.join(missing)} passed" if missing else "")
                + (f", but {', '.join(extra)} also did not pass" if extra else "")
                + f"; case: {case.about}; got {outline(verdict)}"
            )
    target = next(s for s in verdict.subjects if s.subject_id == case.subject_id)
    for result in target.unmet():
        if result.outcome is not Outcome.FAIL:
            fail(
                f"{result.kind} of {case.subject_id} is {result.outcome.value}, but the answer "
                f"gave everything needed, so it must be fail; case: {case.about}"
            )
        if result.kind == case.kind:
            absent = [word for word in case.mentions if word not in result.reason]
            if absent or not result.reason_code:
                fail(
                    f"the reason for {case.kind} must name {', '.join(case.mentions)}; it is "
                    f"{result.reason!r} [{result.reason_code}], missing {absent}; "
                    f"case: {case.about}"
                )
            if case.code is not None and result.reason_code != case.code:
                fail(
                    f"{case.kind} of {case.subject_id} must fail with code {case.code}, not "
                    f"{result.reason_code} ({result.reason!r}); case: {case.about}"
                )


def incomplete(spec: DomainMetaSpec[Any], field_name: str, check_id: str) -> Runner:
    """Answers missing a required field are problems with incomplete results and never pass."""

    def body(example: tuple[Case[Any], FieldMutation, str], stats: MetaStats) -> None:
        case, mutation, text = example
        verdict = judge(spec.metric, case.scenario, text)
        about = f"{mutation.describe()} in an answer that otherwise serves everyone ({case.about})"
        if verdict.passed:
            fail(f"an answer with {about} passed; got {outline(verdict)}")
        if not verdict.problems:
            fail(f"an answer with {about} must report an answer problem; got {outline(verdict)}")
        if not has_outcome(verdict, Outcome.INCOMPLETE):
            fail(
                f"an answer with {about} must leave the results that need {field_name} "
                f"incomplete, not judged; got {outline(verdict)}"
            )
        judged = [
            f"{s.name}'s {r.kind} is {r.outcome.value} [{r.reason_code}]"
            for s in verdict.subjects
            for r in s.results
            if r.kind in spec.needs.get(field_name, ()) and r.outcome is not Outcome.INCOMPLETE
        ]
        if judged:
            fail(
                f"with {about}, results that need {field_name} must be incomplete, but "
                f"{judged[0]}; got {outline(verdict)}"
            )
        satisfied = [s.name for s in verdict.subjects if s.satisfied]
        if satisfied:
            fail(
                f"{field_name} is needed to judge every subject, yet with {about} these were "
                f"counted as satisfied: {', '.join(satisfied)}; got {outline(verdict)}"
            )
        stats.record(sources.INCOMPLETE, verdict)
        stats.target(sources.INCOMPLETE, f"{field_name}:{mutation.how}")
        stats.record_metric(sources.INCOMPLETE, spec.metric.name, verdict_outcome(verdict))

    return make_runner(check_id, _incomplete_examples(spec, field_name), body)


@st.composite
def _oracle_examples(
    draw: st.DrawFn, spec: DomainMetaSpec[Any], oracle_of: Callable[[Any], Oracle]
) -> tuple[Any, Oracle, tuple[Answer, ...]]:
    scenario = draw(spec.scenarios)
    found = oracle_of(scenario)
    winners = [a for a in found.answers if found.score(a) == found.best]
    chosen = [draw(st.sampled_from(winners))] if winners else []
    chosen += draw(st.lists(st.sampled_from(found.answers), min_size=1, max_size=4))
    return scenario, found, tuple(chosen)


def oracle(spec: DomainMetaSpec[Any], check_id: str) -> Runner:
    """Every answer scores what the oracle says; at the best score, pass iff it reaches it."""
    oracle_of = _need_oracle(spec)

    def body(example: tuple[Any, Oracle, tuple[Answer, ...]], stats: MetaStats) -> None:
        scenario, found, answers = example
        for answer in answers:
            expected = found.score(answer)
            if expected > found.best:
                fail(f"oracle inconsistent: {answer} scores {expected} above its best {found.best}")
            text = json.dumps(answer)
            at_best = judge(spec.metric, scenario, text, float(found.best))
            if at_best.score_fraction != expected:
                fail(
                    f"answer {text} serves {expected.numerator}/{expected.denominator} by the "
                    f"oracle, but the metric says {outline(at_best)}; best possible "
                    f"{found.best_text()}"
                )
            if at_best.passed != (expected == found.best):
                fail(
                    f"at threshold best={found.best_text()}, answer {text} (oracle "
                    f"{expected}) must {'pass' if expected == found.best else 'fail'}; "
                    f"got {outline(at_best)}"
                )
            strict = judge(spec.metric, scenario, text, 1.0)
            if strict.passed != (expected == 1):
                fail(
                    f"at threshold 1, answer {text} must pass if and only if it serves everyone "
                    f"(oracle {expected}); got {outline(strict)}"
                )
            stats.record(sources.ORACLE, at_best)
            stats.record_metric(sources.ORACLE, spec.metric.name, verdict_outcome(strict))
        stats.target(sources.ORACLE, "feasible" if found.best == 1 else "infeasible")

    return make_runner(check_id, _oracle_examples(spec, oracle_of), body)


def infeasible_claim(spec: DomainMetaSpec[Any], check_id: str) -> Runner:
    """A plain "no plan satisfies everyone" passes iff the scenario is infeasible; plan
    verdicts say the best possible score."""
    oracle_of = _need_oracle(spec)
    claim = spec.infeasible
    if claim is None:
        raise ValueError(f"{spec.domain}: infeasible_claim needs DomainMetaSpec.infeasible")

    @st.composite
    def examples(draw: st.DrawFn) -> tuple[Any, Oracle, str, Answer]:
        scenario, found, answers = draw(_oracle_examples(spec, oracle_of))
        return scenario, found, draw(claim.claims), answers[0]

    def body(example: tuple[Any, Oracle, str, Answer], stats: MetaStats) -> None:
        scenario, found, text, answer = example
        said = judge(claim.metric, scenario, text)
        infeasible = found.best < 1
        if said.passed != infeasible:
            fail(
                f"{text!r} must {'pass' if infeasible else 'fail'}: the best possible score is "
                f"{found.best_text()}; got {outline(said)}"
            )
        plan = judge(claim.metric, scenario, json.dumps(answer))
        wanted = f"best possible: {found.best_text()}"
        if not any(wanted in note for note in plan.notes):
            fail(f"the verdict on plan {answer} must note {wanted!r}; its notes: {plan.notes}")
        if plan.score_fraction != found.score(answer):
            fail(
                f"plan {answer} must score {found.score(answer)} as by the oracle; "
                f"got {outline(plan)}"
            )
        stats.record_metric(sources.ORACLE, claim.metric.name, verdict_outcome(said))
        stats.record_metric(sources.ORACLE, claim.metric.name, verdict_outcome(plan))
        stats.target(sources.ORACLE, "claim_right" if infeasible else "claim_wrong")

    return make_runner(check_id, examples(), body)


def _need_oracle(spec: DomainMetaSpec[Any]) -> Callable[[Any], Oracle]:
    if spec.oracle is None:
        raise ValueError(f"{spec.domain}: this meta-test needs DomainMetaSpec.oracle")
    return spec.oracle
