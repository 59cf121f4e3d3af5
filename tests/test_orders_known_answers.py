"""Known answers for every orders requirement kind, read from domains/orders/known_answers.json.

Each case names a scenario, an answer (a tau-bench trajectory or a conversation), the outcome
and reason code expected of some requirement kinds, and optionally the exact score of some
metrics. Every case runs through the pure checks; conversation cases also run through the ADK
custom-metric functions with real ADK invocations, which must give the same verdicts.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_case import Invocation, InvocationEvent, InvocationEvents
from google.adk.evaluation.eval_metrics import BaseCriterion, EvalMetric, EvalStatus
from google.adk.evaluation.eval_rubrics import Rubric, RubricContent
from google.genai import types

from checkers.transcript import Transcript
from domains.orders import metrics
from domains.orders.checks import checks
from domains.orders.checks.context import REASONS
from domains.orders.judge import context_for, requirements_for
from domains.orders.metrics import METRICS
from domains.orders.scenarios import ORDERS, parse_answer_text

# Marked so that `checkers mutate orders` runs these deterministic checks against each mutant.
pytestmark = pytest.mark.checkers_meta

KNOWN_ANSWERS_FILE = Path(__file__).parents[1] / "domains" / "orders" / "known_answers.json"
CASES: list[dict[str, Any]] = json.loads(KNOWN_ANSWERS_FILE.read_text(encoding="utf-8"))
KINDS = {str(t.model_fields["kind"].default) for t in checks.kinds()}


def transcript_of(case: dict[str, Any]) -> Transcript:
    return parse_answer_text(json.dumps(case["answer"]))


def fraction(text: str) -> Fraction:
    satisfied, total = text.split("/")
    return Fraction(int(satisfied), int(total)) if int(total) else Fraction(0)


def param(case: dict[str, Any]) -> Any:
    return pytest.param(case, id=case["id"])


# --- the data file itself -----------------------------------------------------------------------


def test_case_ids_are_unique_and_scenarios_known() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids))
    assert {c["scenario"] for c in CASES} <= set(ORDERS.scenario_ids())


def test_every_case_has_provenance_and_a_reason() -> None:
    for case in CASES:
        assert case["source"] in {"handwritten", "regression", "generated"}, case["id"]
        assert case["why"].strip() and case["expected"], case["id"]


def test_every_kind_is_seen_passing_failing_and_incomplete_or_unscored() -> None:
    seen = Counter((kind, e["outcome"]) for c in CASES for kind, e in c["expected"].items())
    for kind in KINDS:
        for outcome in ("pass", "fail", "incomplete"):
            assert seen[(kind, outcome)], (kind, outcome)


# --- running the cases --------------------------------------------------------------------------


@pytest.mark.parametrize("case", [param(c) for c in CASES])
def test_pure_checks(case: dict[str, Any]) -> None:
    scenario = ORDERS.load_scenario(case["scenario"])
    context = context_for(scenario, transcript_of(case))
    wanted = requirements_for(scenario)
    for kind, expected in case["expected"].items():
        result = checks.check(wanted[kind], context)
        assert (result.outcome.value, result.reason_code) == (
            expected["outcome"],
            expected["reason_code"],
        ), (kind, result.reason)
        assert result.reason and result.kind == kind
        assert result.reason_code in REASONS[kind], f"{kind} gives an undeclared code"
        # A reason is read by people: cases may pin the words that must appear in it.
        for words in expected.get("reason_has", ()):
            assert words in result.reason, (kind, result.reason)
    for name, score in case.get("metrics", {}).items():
        verdict = METRICS[name].judge(scenario, transcript_of(case), 1.0)
        # The share of the metric's requirements met; an unscored one counts as not met.
        assert verdict.score_fraction == fraction(score)
        assert verdict.passed is (fraction(score) == 1)


def _agent_event(*parts: types.Part) -> InvocationEvent:
    return InvocationEvent(author="agent", content=types.Content(role="model", parts=list(parts)))


def _turn_events(number: int, turn: dict[str, Any]) -> list[InvocationEvent]:
    """A turn's calls as ADK's invocation events: what the agent showed before a call
    (``shown``) in a message of its own, then the call, then its response (if any)."""
    events = []
    for position, made in enumerate(turn["calls"]):
        call_id = f"c{number}-{position}"
        if made.get("shown"):
            events.append(_agent_event(types.Part(text=made["shown"])))
        call = types.FunctionCall(id=call_id, name=made["name"], args=made["args"])
        events.append(_agent_event(types.Part(function_call=call)))
        if "response" in made:
            response = types.FunctionResponse(
                id=call_id, name=made["name"], response=made["response"]
            )
            events.append(_agent_event(types.Part(function_response=response)))
    return events


def _invocations(case: dict[str, Any]) -> list[Invocation]:
    rubric = Rubric(
        rubric_id="scenario",
        rubric_content=RubricContent(text_property=f"scenario:{case['scenario']}"),
    )
    invocations = []
    for number, turn in enumerate(case["answer"]["turns"]):
        agent = turn["agent"]
        invocations.append(
            Invocation(
                invocation_id=f"{case['id']}-{number}",
                user_content=types.Content(role="user", parts=[types.Part(text=turn["user"])]),
                final_response=None
                if agent is None
                else types.Content(role="model", parts=[types.Part(text=agent)]),
                intermediate_data=InvocationEvents(invocation_events=_turn_events(number, turn)),
                rubrics=[rubric],
            )
        )
    return invocations


DETERMINISTIC = {name: m for name, m in METRICS.items() if m.judge_async is None}
"""The code-checked metrics (the model-judged helpful_tone is tested in test_rubric_domains.py)."""

CONVERSATIONS = [
    c
    for c in CASES
    if isinstance(c["answer"], dict) and all(t["user"] is not None for t in c["answer"]["turns"])
]


@pytest.mark.parametrize("case", [param(c) for c in CONVERSATIONS])
def test_adk_metric_functions_agree_with_the_pure_judges(
    case: dict[str, Any], tmp_path: Path
) -> None:
    invocations = _invocations(case)
    scenario = ORDERS.load_scenario(case["scenario"])
    for name, metric in DETERMINISTIC.items():
        function = getattr(metrics, name)
        criterion = BaseCriterion(threshold=1.0, details_dir=str(tmp_path))
        result = function(
            EvalMetric(metric_name=name, criterion=criterion), invocations, None, None
        )
        verdict = metric.judge(scenario, transcript_of(case), 1.0)
        assert result.overall_score == verdict.score, name
        status = EvalStatus.PASSED if verdict.passed else EvalStatus.FAILED
        assert result.overall_eval_status is status, name
        assert [r.score for r in result.per_invocation_results] == [verdict.score] * len(
            invocations
        )
    details = sorted(tmp_path.glob("*.json"))
    assert len(details) == len(DETERMINISTIC)
    payload = json.loads(details[0].read_text(encoding="utf-8"))
    assert len(payload["invocations"]) == 1, "a conversation-scoped verdict is written once"
