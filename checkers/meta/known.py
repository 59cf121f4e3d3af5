"""Known answers: data files of answers whose verdict a person worked out, run as meta-tests.

A known-answers file is a JSON array of cases::

    {"id": "story-six-top-rated", "scenario": "story-six", "metric": "everyone_ate",
     "answer_text": "{\\"restaurant\\": \\"r07\\", \\"time\\": \\"19:00\\"}",
     "expected": {"score_expr": "3/6", "passed": false, "unmet": ["Ana", "Björn", "José"],
                  "problems": [], "reason_codes": {"Ana": ["no_dish_for_diet", "..."]},
                  "checked": [{"subject": "Ana", "kind": "diet", "outcome": "fail",
                               "reason_code": "no_dish_for_diet"}]},
     "source": "handwritten", "why": "..."}

``metric`` defaults to the domain's share metric; ``answer_text`` may be null (no final
response). A case may record what the agent did, for domains that judge it (a booking held
against the plan stated): ``calls``, the tool calls of the answer's turn, each
``{"name", "args", "response"}`` (no ``response`` key: the call got none), optionally with
``message``, the number of the agent's message that made it (calls sharing one were made at
once; leave it out where the source does not record it), ``beside_text``, text the agent
wrote in that message that never reached the customer (as in a tau-bench run), and ``shown``,
text the agent showed the customer before the call (beside it in ADK, or in a message just
before it: :func:`checkers.conversation.conversation_transcript`); ``earlier_turns``,
the turns before it, each ``{"user", "calls", "answer_text"}``; ``user``, the last turn's
message (see :func:`case_transcript`). In ``checked`` items ``subject`` names the subject.
``score_expr`` is arithmetic over integers (``"(5/7 + 2/3) / 2"``), compared exactly.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from checkers.conversation import shown_before, shown_texts
from checkers.data import read_json
from checkers.errors import DataError
from checkers.meta import stats as sources
from checkers.meta.properties import fail, outline
from checkers.meta.spec import DomainMetaSpec
from checkers.meta.stats import MetaStats, verdict_outcome
from checkers.results import Verdict
from checkers.transcript import ToolCall, ToolResponse, Transcript, Turn

_OPERATORS: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
}


def exact(expression: str) -> Fraction:
    """The exact value of an arithmetic string such as ``"3/6"`` or ``"(5/7 + 2/3) / 2"``.

    Raises DataError for anything but integers, + - * / and parentheses.
    """

    def value(node: ast.expr) -> Fraction:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return Fraction(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
            return Fraction(_OPERATORS[type(node.op)](value(node.left), value(node.right)))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        raise DataError(
            f"score_expr {expression!r}: only integers and + - * / are allowed, e.g. '5/6'"
        )

    try:
        tree = ast.parse(expression, mode="eval")
    except SyntaxError as error:
        raise DataError(f"score_expr {expression!r} is not arithmetic: {error.msg}") from error
    return value(tree.body)


def load_cases(path: Path) -> list[dict[str, Any]]:
    """The cases of a known-answers file. Raises DataError naming the file and the problem."""
    cases = read_json(path)
    if not isinstance(cases, list):
        raise DataError(f"{path} must hold a JSON array of cases, not {type(cases).__name__}")
    for index, case in enumerate(cases):
        if not isinstance(case, dict) or not {"id", "scenario", "expected"} <= case.keys():
            raise DataError(
                f"{path}: case #{index + 1} needs at least 'id', 'scenario' and 'expected'"
            )
    return cases


def case_outcome(case: dict[str, Any]) -> str:
    """``pass``, ``fail`` or ``incomplete`` (expected problems), as the case expects."""
    expected = case["expected"]
    if expected.get("passed"):
        return "pass"
    return "incomplete" if expected.get("problems") else "fail"


def _turn(turn: dict[str, Any]) -> Turn:
    calls = turn.get("calls", [])
    for position, call in enumerate(calls, start=1):
        shown_before(call, f"call {position}")
    return Turn(
        user_text=turn.get("user", ""),
        tool_calls=tuple(
            ToolCall(
                name=c["name"],
                args=c.get("args"),
                call_id=f"call_{i}",
                message=c.get("message"),
                beside_text=c.get("beside_text"),
            )
            for i, c in enumerate(calls)
        ),
        tool_responses=tuple(
            ToolResponse(name=c["name"], response=c["response"], call_id=f"call_{i}")
            for i, c in enumerate(calls)
            if "response" in c
        ),
        agent_text=turn.get("answer_text"),
        interim_texts=shown_texts(calls),
    )


def case_transcript(case: dict[str, Any]) -> Transcript:
    """What a known answer is judged on: its final text alone, or, when it records tool calls
    (``calls``, ``earlier_turns``), the whole conversation turn by turn, as ADK records it."""
    if "calls" not in case and "earlier_turns" not in case:
        return Transcript(final_text=case.get("answer_text"))
    return Transcript.from_turns([_turn(t) for t in (*case.get("earlier_turns", []), case)])


def check_case(spec: DomainMetaSpec[Any], case: dict[str, Any], stats: MetaStats) -> Verdict:
    """Judge one known answer and compare with its expectation; raises MetaFailure on the
    first difference, naming the case."""
    metric_name = case.get("metric", spec.metric.name)
    metric = spec.metrics[metric_name].metric if metric_name in spec.metrics else None
    if metric is None:
        fail(
            f"known answer {case['id']}: unknown metric {metric_name!r}; "
            f"known: {sorted(spec.metrics)}"
        )
    scenario = metric.domain.load_scenario(case["scenario"])
    transcript = case_transcript(case)
    verdict = metric.judge(scenario, transcript, case.get("threshold", metric.default_threshold))
    compare_with_expected(case, verdict)
    stats.record(sources.KNOWN, verdict)
    stats.record_metric(sources.KNOWN, metric.name, verdict_outcome(verdict))
    return verdict


def compare_with_expected(case: dict[str, Any], verdict: Verdict) -> None:
    """Fail (an AssertionError naming the case and the difference) unless ``verdict`` is what
    the known-answer ``case`` expects: its score, and whichever of ``passed``, ``unmet``,
    ``problems``, ``reason_codes`` and ``checked`` the case states."""
    expected = case["expected"]
    where = f"known answer {case['id']} ({case.get('why', 'no reason given')})"
    want = exact(expected["score_expr"])
    if verdict.score_fraction != want:
        fail(f"{where}: score must be {expected['score_expr']}; got {outline(verdict)}")
    if "passed" in expected and verdict.passed is not expected["passed"]:
        fail(f"{where}: passed must be {expected['passed']}; got {outline(verdict)}")
    if "unmet" in expected:
        unmet = [s.name for s in verdict.unmet_subjects()]
        if unmet != expected["unmet"]:
            fail(f"{where}: unmet subjects must be {expected['unmet']}; got {unmet}")
    if "problems" in expected:
        codes = [p.code for p in verdict.problems]
        if codes != expected["problems"]:
            fail(f"{where}: answer problems must be {expected['problems']}; got {codes}")
    by_name = {s.name: s for s in verdict.subjects}
    for name, codes in expected.get("reason_codes", {}).items():
        got = [r.reason_code for r in by_name[name].unmet()] if name in by_name else None
        if got != codes:
            fail(f"{where}: {name}'s unmet reason codes must be {codes}; got {got}")
    for item in expected.get("checked", []):
        who = item.get("subject")
        if not isinstance(who, str):
            fail(f'{where}: each \'checked\' item names its subject: {{"subject": "Ana", ...}}')
        results = by_name[who].results if who in by_name else ()
        found = [(r.outcome.value, r.reason_code) for r in results if r.kind == item["kind"]]
        if (item["outcome"], item["reason_code"]) not in found:
            fail(
                f"{where}: {who}'s {item['kind']} must be {item['outcome']} "
                f"[{item['reason_code']}]; got {found}"
            )
