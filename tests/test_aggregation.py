"""Declared aggregation and the unscored outcome: how a verdict scores, what a dump may claim,
and what the ADK adapter reports for a case that turns on results the evaluator could not decide.

A verdict is written in a tiny vocabulary: ``"PF|P"`` is two subjects, the first with a passing
and a failing result, the second with one passing result (``I`` incomplete, ``U`` unscored).
"""

from __future__ import annotations

import asyncio
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_metrics import EvalStatus
from hypothesis import assume, given
from hypothesis import strategies as st

from checkers.adk.custom_metric import adk_metric
from checkers.adk.eval_checks import load_eval_config
from checkers.cli import run_batch
from checkers.errors import ConfigError, ScenarioNotFound
from checkers.metric import Domain, Metric, turns_on_unscored
from checkers.report import build_report, render_html
from checkers.report.loading import find_details_files, load_details_files
from checkers.results import (
    Aggregation,
    Outcome,
    RequirementResult,
    SubjectResult,
    Verdict,
)
from checkers.transcript import Transcript
from tests.adk_helpers import eval_metric, invocation

LETTERS = {"P": Outcome.PASS, "F": Outcome.FAIL, "I": Outcome.INCOMPLETE, "U": Outcome.UNSCORED}
SUBJECTS, REQUIREMENTS, ALL = Aggregation.SUBJECTS, Aggregation.REQUIREMENTS, Aggregation.ALL


def verdict(
    spec: str, aggregation: Aggregation = SUBJECTS, threshold: float = 1.0, **more: Any
) -> Verdict:
    """The verdict ``spec`` describes (see the module docstring); ``""`` has no subjects."""
    subjects = tuple(
        SubjectResult(
            subject_id=f"s{i}",
            name=f"S{i}",
            results=tuple(
                RequirementResult(f"k{j}", LETTERS[c], f"code_{c}", f"S{i} k{j} {c}")
                for j, c in enumerate(part)
            ),
        )
        for i, part in enumerate(spec.split("|") if spec else [])
    )
    return Verdict(
        domain="d",
        metric="m",
        scenario_id="x",
        threshold=threshold,
        subjects=subjects,
        aggregation=aggregation,
        **more,
    )


@pytest.mark.parametrize(
    ("spec", "aggregation", "score"),
    [
        ("PF|P", SUBJECTS, Fraction(1, 2)),  # S1 satisfied, S0 not
        ("PF|P", REQUIREMENTS, Fraction(2, 3)),  # 2 of 3 results pass
        ("PF|P", ALL, Fraction(0)),  # one result fails
        ("PP|P", ALL, Fraction(1)),
        ("PU|P", REQUIREMENTS, Fraction(2, 3)),  # unscored counts as not met
        ("PI|IP|PP", SUBJECTS, Fraction(1, 3)),
        ("PI|IP|PP", REQUIREMENTS, Fraction(4, 6)),
        ("|P", SUBJECTS, Fraction(1)),  # a subject with no results is vacuously satisfied
        ("|P", REQUIREMENTS, Fraction(1)),  # ... and adds no requirement
        ("", SUBJECTS, Fraction(0)),  # nothing to count scores 0
        ("|", REQUIREMENTS, Fraction(0)),
        ("|", ALL, Fraction(0)),
    ],
)
def test_each_aggregation_scores_its_own_share(
    spec: str, aggregation: Aggregation, score: Fraction
) -> None:
    judged = verdict(spec, aggregation)
    assert (judged.score_fraction, judged.score) == (score, float(score))
    assert judged.passed is (score == 1 and "U" not in spec)


def test_the_summary_says_what_is_counted_and_names_the_unscored() -> None:
    assert verdict("PF|P").summary() == (
        "m = 0.5 (1/2) threshold 1: FAILED; 1 subject not satisfied: S0"
    )
    assert verdict("PF|P", REQUIREMENTS).summary("requirement") == (
        "m = 0.6667 (2/3 requirements met) threshold 1: FAILED; 1 requirement not satisfied: S0"
    )
    assert verdict("PP|U", ALL).summary() == (
        "m = 0 (all or nothing: 2/3 requirements met) threshold 1: FAILED; 1 subject not "
        "satisfied: S1; unscored (the evaluator could not decide): S1 [code_U]"
    )


# --- property: the score is a plain recomputation, and a dump cannot claim otherwise -----------

SPECS = st.lists(st.text("PFIU", max_size=4), max_size=5).map("|".join)
AGGREGATIONS = st.sampled_from(list(Aggregation))
THRESHOLDS = st.sampled_from([0.25, 0.5, 1.0]) | st.floats(0.01, 1.0)


def recomputed(spec: str, aggregation: Aggregation) -> Fraction:
    """The score by hand, from the vocabulary's letters."""
    parts = spec.split("|") if spec else []
    if aggregation is SUBJECTS:
        return Fraction(sum(set(p) <= {"P"} for p in parts), len(parts)) if parts else Fraction(0)
    letters = "".join(parts)
    if not letters:
        return Fraction(0)
    if aggregation is REQUIREMENTS:
        return Fraction(letters.count("P"), len(letters))
    return Fraction(set(letters) == {"P"})


@given(SPECS, AGGREGATIONS, THRESHOLDS)
def test_score_and_passed_are_a_plain_recomputation(
    spec: str, aggregation: Aggregation, threshold: float
) -> None:
    judged = verdict(spec, aggregation, threshold)
    expected = recomputed(spec, aggregation)
    assert judged.score_fraction == expected and judged.score == float(expected)
    counted = judged.counted[1] > 0
    assert judged.passed is (counted and "U" not in spec and float(expected) >= threshold)
    # Undecided: not passing, but would pass if every unscored result were met.
    best = recomputed(spec.replace("U", "P"), aggregation)
    assert judged.undecided is ("U" in spec and counted and float(best) >= threshold)


@given(st.lists(SPECS, max_size=6), AGGREGATIONS, THRESHOLDS)
def test_a_batch_counts_a_failed_line_as_undecided_exactly_when_it_turns_on_unscored_results(
    specs: list[str], aggregation: Aggregation, threshold: float
) -> None:
    def letters(scenario: str, transcript: Transcript, at: float) -> Verdict:
        return verdict(transcript.final_text or "", aggregation, at)

    metric = Metric(name="letters", domain=Turns(), judge=letters, aggregation=aggregation)
    lines = "".join(json.dumps({"scenario": "turns", "answer": spec}) + "\n" for spec in specs)
    out = io.StringIO()
    tally = run_batch(metric, io.StringIO(lines), out, threshold)
    passed = [
        "U" not in spec and verdict(spec, aggregation).counted[1] > 0 and score >= threshold
        for spec in specs
        for score in [float(recomputed(spec, aggregation))]
    ]
    # Undecided: failed, but every unscored result met would make it pass.
    undecided = [
        "U" in spec
        and verdict(spec, aggregation).counted[1] > 0
        and float(recomputed(spec.replace("U", "P"), aggregation)) >= threshold
        for spec in specs
    ]
    assert (tally.passed, tally.failed, tally.undecided) == (
        sum(passed),
        len(specs) - sum(passed),
        sum(undecided),
    )
    assert [json.loads(line)["passed"] for line in out.getvalue().splitlines()] == passed
    (summary,) = tally.report()
    because = f" ({sum(undecided)} of them only for results the evaluator could not decide)"
    assert summary == (
        f"judged {len(specs)}: {sum(passed)} passed, {len(specs) - sum(passed)} failed"
        f"{because if any(undecided) else ''}; 0 unusable lines"
    )


@given(SPECS, AGGREGATIONS, THRESHOLDS)
def test_a_dump_loads_back_equal(spec: str, aggregation: Aggregation, threshold: float) -> None:
    judged = verdict(spec, aggregation, threshold)
    dumped = json.loads(judged.model_dump_json())
    assert dumped["aggregation"] == aggregation.value
    assert Verdict.model_validate(dumped) == judged


@given(SPECS, AGGREGATIONS, THRESHOLDS, st.data())
def test_a_dump_with_a_flipped_score_passed_or_aggregation_is_refused(
    spec: str, aggregation: Aggregation, threshold: float, data: st.DataObject
) -> None:
    dumped = json.loads(verdict(spec, aggregation, threshold).model_dump_json())
    field = data.draw(st.sampled_from(["score", "passed", "aggregation"]))
    if field == "score":
        dumped["score"] = data.draw(
            st.sampled_from([0.0, 0.5, 1.0]).filter(lambda s: s != dumped["score"])
        )
    elif field == "passed":
        dumped["passed"] = not dumped["passed"]
    else:
        other = data.draw(st.sampled_from([a for a in Aggregation if a is not aggregation]))
        # A flip the figures cannot tell from the truth changes nothing a reader is told.
        assume(verdict(spec, other, threshold).score != dumped["score"])
        dumped["aggregation"] = other.value
    with pytest.raises(ValueError, match="in the input but"):
        Verdict.model_validate(dumped)


# --- when a case turns on unscored results ---------------------------------------------------


@pytest.mark.parametrize(
    ("specs", "threshold", "turns"),
    [
        (["PU"], 1.0, True),  # met but for the unscored one
        (["FU"], 1.0, False),  # fails whatever the unscored one says
        (["FU|P|P|P"], 0.5, True),  # 3/4 reached 0.5 ... but an unscored result never passes
        (["P", "PU"], 1.0, True),  # invocation scope: the second turn is undecided
        (["F", "PU"], 1.0, False),  # the first turn failed: the mean cannot reach 1
        (["PP"], 1.0, False),  # nothing unscored
    ],
)
def test_a_case_turns_on_unscored_results_only_when_they_decide_it(
    specs: list[str], threshold: float, turns: bool
) -> None:
    verdicts = [verdict(s, SUBJECTS, threshold) for s in specs]
    assert turns_on_unscored(verdicts, threshold) is turns


def test_an_answer_problem_is_a_plain_failure_whatever_is_unscored() -> None:
    from checkers.results import AnswerProblem

    broken = verdict("PU", problems=(AnswerProblem(code="no_answer", message="-"),))
    assert not broken.undecided and not turns_on_unscored([broken], 1.0)


# --- the ADK adapter --------------------------------------------------------------------------


class Turns(Domain[str]):
    """One scenario, 'turns': the judge reads each turn's final text as the verdict's letters."""

    name = "turns"

    def scenario_ids(self) -> list[str]:
        return ["turns"]

    def load_scenario(self, ref: str) -> str:
        if ref != "turns":
            raise ScenarioNotFound(f"scenario {ref!r} not found; known ids: turns")
        return ref


def _letters(scenario: str, transcript: Transcript, threshold: float) -> Verdict:
    return verdict(transcript.final_text or "", REQUIREMENTS, threshold)


LETTERS_METRIC = adk_metric(
    Metric(
        name="letters",
        domain=Turns(),
        judge=_letters,
        aggregation=Aggregation.REQUIREMENTS,
    )
)


def _run(answers: list[str], tmp_path: Path, **criterion: Any) -> Any:
    invocations = [
        invocation(a, scenario_rubric="turns", invocation_id=f"inv-{i}")
        for i, a in enumerate(answers)
    ]
    return LETTERS_METRIC(
        eval_metric(1.0, details_dir=str(tmp_path), **criterion), invocations, None, None
    )


def _details(tmp_path: Path) -> dict[str, Any]:
    (found,) = tmp_path.glob("*.json")
    payload: dict[str, Any] = json.loads(found.read_text(encoding="utf-8"))
    return payload


def test_by_default_a_case_that_turns_on_unscored_results_fails_with_the_reason(
    tmp_path: Path,
) -> None:
    result = _run(["PP", "PU"], tmp_path)
    assert result.overall_eval_status is EvalStatus.FAILED
    assert [r.score for r in result.per_invocation_results] == [0.0, 0.0]
    payload = _details(tmp_path)
    assert (payload["unscored"], payload["overall_status"]) == ("failed", "FAILED")
    assert payload["unscored_reason"] == "the evaluator could not decide: S0 k1 [code_U]: S0 k1 U"
    markdown = next(tmp_path.glob("*.md")).read_text(encoding="utf-8")
    assert "**Case FAILED as unscored: the evaluator could not decide: S0 k1" in markdown


def test_opted_in_the_case_is_not_evaluated_with_no_score_on_any_invocation(
    tmp_path: Path,
) -> None:
    # The first turn passed: a score left on it would let AgentEvaluator's mean pass the case.
    result = _run(["PP", "PU"], tmp_path, unscored="not_evaluated")
    assert (result.overall_eval_status, result.overall_score) == (EvalStatus.NOT_EVALUATED, None)
    assert [(r.score, r.eval_status) for r in result.per_invocation_results] == [
        (None, EvalStatus.NOT_EVALUATED),
        (None, EvalStatus.NOT_EVALUATED),
    ]
    payload = _details(tmp_path)
    assert (payload["unscored"], payload["overall_status"]) == ("not_evaluated", "NOT_EVALUATED")


def test_opted_in_a_case_that_fails_anyway_still_fails(tmp_path: Path) -> None:
    result = _run(["FU"], tmp_path, unscored="not_evaluated")
    assert result.overall_eval_status is EvalStatus.FAILED
    assert "unscored" not in _details(tmp_path)


def test_a_bad_unscored_option_fails_the_case_and_names_the_allowed_values(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The criterion's own details_dir is not read from a criterion that cannot be read.
    monkeypatch.setenv("CHECKERS_DETAILS_DIR", str(tmp_path))
    result = _run(["PP"], tmp_path, unscored="skip")
    assert result.overall_eval_status is EvalStatus.FAILED
    [problem] = _details(tmp_path)["invocations"][0]["problems"]
    assert "unscored: Input should be 'fail' or 'not_evaluated'" in problem["message"]


def test_the_eval_config_check_refuses_a_bad_unscored_option(tmp_path: Path) -> None:
    config = {
        "criteria": {"everyone_ate": {"threshold": 1.0, "unscored": "skip"}},
        "custom_metrics": {
            "everyone_ate": {"code_config": {"name": "domains.dining.metrics.everyone_ate"}}
        },
    }
    path = tmp_path / "eval_config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_eval_config(path)
    assert str(caught.value) == (
        f"eval config {str(path)!r}: criterion of metric 'everyone_ate' has bad options "
        "(unscored: Input should be 'fail' or 'not_evaluated'); allowed extra keys are: "
        "threshold, details_dir, write_details, unscored, case_timeout_s"
    )
    config["criteria"]["everyone_ate"]["unscored"] = "not_evaluated"
    path.write_text(json.dumps(config), encoding="utf-8")
    assert load_eval_config(path).criteria["everyone_ate"] is not None


def test_the_synchronous_path_also_runs_inside_an_event_loop(tmp_path: Path) -> None:
    async def inside() -> Any:
        return _run(["PP"], tmp_path)

    assert asyncio.run(inside()).overall_eval_status is EvalStatus.PASSED


@pytest.mark.parametrize(
    ("criterion", "said"),
    [
        ({}, "Case FAILED as unscored: the evaluator could not decide: S0 k1 [code_U]"),
        (
            {"unscored": "not_evaluated"},
            "Case reported NOT_EVALUATED (criterion option unscored: not_evaluated): the "
            "evaluator could not decide: S0 k1 [code_U]",
        ),
    ],
)
def test_the_report_says_how_an_unscored_case_was_reported(
    tmp_path: Path, criterion: dict[str, str], said: str
) -> None:
    details = tmp_path / "careful__letters" / "details"
    _run(["PP", "PU"], details, **criterion)
    (run,) = load_details_files(find_details_files([tmp_path]))[0]
    assert run.details.unscored == ("not_evaluated" if criterion else "failed")
    page = render_html(build_report([tmp_path]))
    assert f'<p class="unscored">{said}: S0 k1 U</p>' in page
    assert "scored by requirements: 1/2 requirements met" in page  # the second invocation
