"""Known answers for ``everyone_ate``, read from domains/dining/known_answers.json.

Every case runs twice over: through the pure checker (``judge_everyone_ate``, or the judge of the
case's ``metric``) and through that metric's ADK custom-metric function with real ADK objects
(the scenario named once by a ``[scenario:<id>]`` tag in the user message, once by a case
rubric). Both must give the case's exact score, status, unmet guests, answer problems and reason
codes. A case's ``scenario`` is a bundled group id, or a file under domains/dining/data/rules/
that shows one rule (the diet order, continuous and overnight hours, a plan off the grid).

Two optional expectation fields go beyond score and status:

- ``reason_codes``: for each guest listed, the reason codes of that guest's failed or incomplete
  results, in verdict order (opening hours, the guest's requirements in file order, single dish);
- ``checked``: results that must be present, as ``{guest, kind, outcome, reason_code}``; this is
  how passing results are asserted, and how every requirement kind is shown passing and failing.

A case may also record what the agent did (the booking is judged against the plan stated, see
domains/dining/booking.py): ``calls``, the tool calls of the answer's turn, each
``{name, args, response}`` (no ``response`` key: the call got none); ``earlier_turns``, turns
before it, each ``{user, calls, answer_text}``; ``user``, the last turn's message. Such a case is
judged on the transcript of those invocations. Through ADK, a case with answer problems reports
0.0 (the adapter closes a case it could not judge), whatever share of guests its verdict holds.
"""

from __future__ import annotations

import ast
import json
import operator
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_case import IntermediateData, Invocation
from google.adk.evaluation.eval_metrics import BaseCriterion, EvalMetric, EvalStatus
from google.adk.evaluation.eval_rubrics import Rubric, RubricContent
from google.genai import types

from checkers.adk.invocations import transcript_up_to
from checkers.meta.known import compare_with_expected
from checkers.results import Outcome, Verdict
from checkers.transcript import Transcript
from domains.dining import metrics
from domains.dining.checks import SINGLE_DISH, checks
from domains.dining.judge import judge_everyone_ate
from domains.dining.scenarios import DINING

KNOWN_ANSWERS_FILE = Path(__file__).parents[1] / "domains" / "dining" / "known_answers.json"
RULE_SCENARIOS = "domains/dining/data/rules/"
"""Scenario files (paths from the project root) that show one rule each: the diet order,
continuous and overnight hours, a plan off the quarter-hour grid."""
CASES: list[dict[str, Any]] = json.loads(KNOWN_ANSWERS_FILE.read_text(encoding="utf-8"))
SOURCES = {"handwritten", "regression", "generated"}
REQUIRED_PROBLEMS = {
    "no_json_object",
    "missing_time",
    "missing_restaurant",
    "unknown_restaurant",
    "unparseable_time",
    "empty_response",
    "no_final_response",
}
ALL_KINDS = {str(t.model_fields["kind"].default) for t in checks.kinds()} | {SINGLE_DISH}

_OPERATORS = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
}


def exact(expression: str) -> Fraction:
    """The exact value of an arithmetic string such as ``"3/6"`` or ``"(5/7 + 2/3) / 2"``."""

    def value(node: ast.expr) -> Fraction:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return Fraction(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
            return Fraction(_OPERATORS[type(node.op)](value(node.left), value(node.right)))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        raise ValueError(f"score_expr {expression!r}: only integers and + - * / are allowed")

    return value(ast.parse(expression, mode="eval").body)


def outcome_of(case: dict[str, Any]) -> str:
    expected = case["expected"]
    if expected["passed"]:
        return "pass"
    return "incomplete" if expected["problems"] else "fail"


def case_param(case: dict[str, Any]) -> Any:
    return pytest.param(case, id=case["id"])


# --- the data file itself -----------------------------------------------------------------------


def test_case_ids_are_unique_and_name_known_scenarios() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), sorted(i for i, n in Counter(ids).items() if n > 1)
    refs = {c["scenario"] for c in CASES}
    assert {r for r in refs if not r.startswith(RULE_SCENARIOS)} <= set(DINING.scenario_ids())
    assert all(Path(r).is_file() for r in refs if r.startswith(RULE_SCENARIOS))


def test_each_rule_of_issue_12_has_known_answers() -> None:
    rules = {Path(c["scenario"]).stem for c in CASES if c["scenario"].startswith(RULE_SCENARIOS)}
    assert rules == {"diet-order", "late-hours", "off-grid"}
    metric_names = {c.get("metric", "everyone_ate") for c in CASES}
    assert metric_names == {"everyone_ate", "everyone_ate_or_says_infeasible"}


def test_every_case_has_provenance_and_a_reason() -> None:
    for case in CASES:
        assert case["source"] in SOURCES, case["id"]
        assert case["why"].strip(), case["id"]


def test_score_is_written_as_arithmetic_that_matches_the_number() -> None:
    for case in CASES:
        expected = case["expected"]
        assert expected["score"] == pytest.approx(float(exact(expected["score_expr"])), abs=5e-5)


def test_cases_are_balanced_between_pass_fail_and_incomplete() -> None:
    counts = Counter(outcome_of(c) for c in CASES)
    assert set(counts) == {"pass", "fail", "incomplete"}
    assert min(counts.values()) * 4 >= len(CASES), counts


def test_every_answer_problem_the_brief_names_has_a_case() -> None:
    seen = {code for c in CASES for code in c["expected"]["problems"]}
    assert seen >= REQUIRED_PROBLEMS, REQUIRED_PROBLEMS - seen


def test_every_requirement_kind_is_seen_passing_and_failing() -> None:
    checked = [item for c in CASES for item in c["expected"].get("checked", [])]
    for outcome in ("pass", "fail"):
        kinds = {item["kind"] for item in checked if item["outcome"] == outcome}
        assert kinds >= ALL_KINDS, (outcome, ALL_KINDS - kinds)


def test_story_group_has_its_top_rated_plan_and_two_valid_plans() -> None:
    story = [c for c in CASES if c["scenario"] == "story-six" and not acted(c)]
    top = [c for c in story if c["expected"]["score_expr"] == "3/6"]
    assert [c["expected"]["unmet"] for c in top] == [["Ana", "Björn", "José"]]
    valid = [c for c in story if c["expected"]["passed"]]
    texts = [c["answer_text"] for c in valid]
    assert len(valid) >= 2
    assert any(t.lstrip().startswith("{") for t in texts)
    assert any("```json" in t and not t.lstrip().startswith("```") for t in texts)
    scenario = DINING.load_scenario("story-six")
    restaurants = set()
    for text in texts:
        answer = judge_everyone_ate(scenario, Transcript(final_text=text), 1.0).answer
        assert answer is not None
        restaurant = scenario.restaurant(answer["restaurant"])
        assert restaurant is not None
        restaurants.add(restaurant.id)
    assert len(restaurants) >= 2, restaurants


# --- running the cases --------------------------------------------------------------------------


def assert_verdict_matches(verdict: dict[str, Any], case: dict[str, Any]) -> None:
    """Compare a verdict, as JSON (the form details files hold), with the case's expectation;
    the verdict must load back (computed fields agreeing with its results)."""
    assert {"unmet", "problems", "passed"} <= case["expected"].keys(), case["id"]
    compare_with_expected(case, Verdict.model_validate(verdict))


def acted(case: dict[str, Any]) -> bool:
    """Whether the case records tool calls (then it is judged on its invocations)."""
    return "calls" in case or "earlier_turns" in case


def test_booking_cases_cover_every_disagreement() -> None:
    codes = {code for c in CASES if acted(c) for code in c["expected"]["problems"]}
    assert codes >= {
        "committed_plan_differs",
        "several_committed_plans",
        "plan_not_committed",
        "no_plan_but_committed",
        "commit_outcome_unknown",
        "commit_unreadable",
    }
    assert any(c["expected"]["passed"] for c in CASES if acted(c))


def case_transcript(case: dict[str, Any]) -> Transcript:
    """What the pure checker judges: the final text, or the case's invocations."""
    if not acted(case):
        return Transcript(final_text=case["answer_text"])
    invocations = case_invocations(case, "rubric")
    return transcript_up_to(invocations, len(invocations) - 1)


@pytest.mark.parametrize("case", [case_param(c) for c in CASES])
def test_pure_checker(case: dict[str, Any]) -> None:
    scenario = DINING.load_scenario(case["scenario"])
    judge = metrics.METRICS[case["metric"]].judge if "metric" in case else judge_everyone_ate
    verdict = judge(scenario, case_transcript(case), 1.0)
    assert verdict.scenario_id == scenario.id
    assert verdict.score_fraction == exact(case["expected"]["score_expr"])
    assert verdict.score == float(exact(case["expected"]["score_expr"]))
    assert verdict.passed is case["expected"]["passed"]
    assert [s.name for s in verdict.unmet_subjects()] == case["expected"]["unmet"]
    assert all(r.outcome is not Outcome.PASS for s in verdict.unmet_subjects() for r in s.unmet())
    assert_verdict_matches(verdict.model_dump(mode="json"), case)


def _content(text: str, role: str) -> types.Content:
    return types.Content(role=role, parts=[types.Part(text=text)])


def _intermediate(calls: list[dict[str, Any]]) -> IntermediateData:
    uses = [
        types.FunctionCall(name=c["name"], args=c["args"], id=f"call_{i}")
        for i, c in enumerate(calls)
    ]
    responses = [
        types.FunctionResponse(name=c["name"], response=c["response"], id=f"call_{i}")
        for i, c in enumerate(calls)
        if "response" in c
    ]
    return IntermediateData(tool_uses=uses, tool_responses=responses)


def _invocation(
    case: dict[str, Any], channel: str, turn: dict[str, Any], number: int
) -> Invocation:
    scenario = case["scenario"]
    user_text = turn.get("user", "Plan our dinner, please.")
    rubrics = None
    if channel == "tag":
        user_text = f"[scenario:{scenario}] {user_text}"
    else:
        rubrics = [
            Rubric(
                rubric_id="scenario",
                rubric_content=RubricContent(text_property=f"scenario:{scenario}"),
            )
        ]
    answer = turn["answer_text"]
    return Invocation(
        invocation_id=f"{case['id']}-{channel}" + (f"-{number}" if number else ""),
        user_content=_content(user_text, "user"),
        final_response=None if answer is None else _content(answer, "model"),
        intermediate_data=_intermediate(turn.get("calls", [])),
        rubrics=rubrics,
    )


def case_invocations(case: dict[str, Any], channel: str) -> list[Invocation]:
    """The case as ADK invocations: its earlier turns, then the answer's own turn."""
    turns = [*case.get("earlier_turns", []), case]
    return [_invocation(case, channel, turn, n) for n, turn in enumerate(turns)]


@pytest.mark.parametrize("channel", ["tag", "rubric"])
@pytest.mark.parametrize("case", [case_param(c) for c in CASES])
def test_adk_metric(case: dict[str, Any], channel: str, tmp_path: Path) -> None:
    name = case.get("metric", "everyone_ate")
    metric = EvalMetric(
        metric_name=name,
        criterion=BaseCriterion(threshold=1.0, details_dir=str(tmp_path)),
    )
    invocations = case_invocations(case, channel)
    result = getattr(metrics, name)(metric, invocations, None)

    # A case with answer problems cannot be judged: ADK is told 0.0 (see checkers/metric.py).
    verdict_score = float(exact(case["expected"]["score_expr"]))
    score = 0.0 if case["expected"]["problems"] else verdict_score
    status = EvalStatus.PASSED if case["expected"]["passed"] else EvalStatus.FAILED
    assert result.overall_eval_status is status
    per_invocation = result.per_invocation_results[-1]
    assert len(result.per_invocation_results) == len(invocations)
    assert per_invocation.score == score
    assert per_invocation.eval_status is status
    assert per_invocation.actual_invocation is invocations[-1]
    if len(invocations) == 1:
        assert result.overall_score == score

    [json_file] = sorted(tmp_path.glob("*.json"))
    [md_file] = sorted(tmp_path.glob("*.md"))
    assert json_file.stem == md_file.stem
    details = json.loads(json_file.read_text(encoding="utf-8"))
    assert details["metric"] == name
    assert details["scenario_id"] == DINING.load_scenario(case["scenario"]).id
    assert details["overall_score"] == result.overall_score
    assert details["overall_status"] == status.name
    verdict = details["invocations"][-1]
    assert verdict["score"] == verdict_score
    assert_verdict_matches(verdict, case)
    markdown = md_file.read_text(encoding="utf-8")
    assert f"scenario `{DINING.load_scenario(case['scenario']).id}`" in markdown
    for name in case["expected"]["unmet"]:
        assert f"{name} (NOT satisfied)" in markdown
    for code in case["expected"]["problems"]:
        assert f"answer problem `{code}`" in markdown
