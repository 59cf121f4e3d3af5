"""The hostile corpus: inputs crafted to fool the checkers, each with the verdict it must get.

Every ``tests/hostile/*.jsonl`` line is one input, run through the same front door a user's run
takes, with the rule it tests. Three targets:

``metric`` (the default): the invocations are built as real ADK ``Invocation`` objects and judged
by the metric's ADK custom-metric function, exactly as ``adk eval`` calls it::

    {"id": "surrogate-in-plan", "class": 1, "rule": "a crash is a FAILED result",
     "domain": "dining", "metric": "everyone_ate", "scenario": "story-six",
     "invocations": [{"user": "Plan dinner", "final": "...",
                      "calls": [{"name": "get_menu", "args": {...}, "id": "c1"}],
                      "responses": [{"name": "get_menu", "response": {...}, "id": "c1"}]}],
     "expect": "fail", "reason_code": "evaluator_error"}

  ``expect`` is ``pass`` or ``fail`` (the case's overall status; ``fail`` never admits
  NOT_EVALUATED), ``reason_code`` (optional) must appear among the answer problems or requirement
  reason codes (a result's own or one of its findings') of the details file the call wrote,
  which must be valid JSON; so must each code of ``reason_codes`` (optional: several rules
  reported at once). ``threshold`` and
  ``criterion`` (extra criterion keys) are optional; ``scenario`` null sends no scenario rubric.

``eval_config``: ``config`` (a JSON value) or ``config_text`` (raw file text) is loaded with
:func:`checkers.adk.eval_checks.load_eval_config`; ``expect`` is ``error`` (a ConfigError whose
message holds ``message_contains``) or ``ok``.

``cli``: ``argv`` is run through :func:`checkers.cli.main` with ``stdin`` (optional) as a batch
file; it must exit with ``exit`` and print ``stdout_contains`` (each string in the list).
"""

from __future__ import annotations

import asyncio
import inspect
import json
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_case import (
    IntermediateData,
    Invocation,
    InvocationEvent,
    InvocationEvents,
)
from google.adk.evaluation.eval_metrics import BaseCriterion, EvalMetric, EvalStatus
from google.adk.evaluation.eval_rubrics import Rubric, RubricContent
from google.genai import types

from checkers.adk.custom_metric import adk_metric
from checkers.errors import ConfigError
from checkers.registry import find_metric

CORPUS_DIR = Path(__file__).parent / "hostile"


def _lines() -> list[dict[str, Any]]:
    rows = []
    for path in sorted(CORPUS_DIR.glob("*.jsonl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                row = json.loads(line)
                row["_where"] = f"{path.name}:{number}"
                rows.append(row)
    return rows


ROWS = _lines()


def _text(text: str | None, role: str) -> types.Content | None:
    return None if text is None else types.Content(role=role, parts=[types.Part(text=text)])


def _invocation(turn: dict[str, Any], scenario: str | None, index: int) -> Invocation:
    rubrics = None
    if scenario is not None:
        content = RubricContent(text_property=f"scenario:{scenario}")
        rubrics = [Rubric(rubric_id="scenario", rubric_content=content)]
    # model_construct, not validation: a model can record args or a response of any shape (a
    # string, a list), and the corpus must be able to say so.
    calls = [
        types.FunctionCall.model_construct(name=c["name"], args=c.get("args"), id=c.get("id"))
        for c in turn.get("calls", [])
    ]
    responses = [
        types.FunctionResponse.model_construct(
            name=r["name"], response=r.get("response"), id=r.get("id")
        )
        for r in turn.get("responses", [])
    ]
    data: IntermediateData | InvocationEvents = IntermediateData(
        tool_uses=calls, tool_responses=responses
    )
    if "events" in turn:
        data = InvocationEvents(invocation_events=[_event(e) for e in turn["events"]])
    return Invocation(
        invocation_id=f"inv-{index}",
        user_content=_text(turn.get("user", "Help me."), "user") or types.Content(),
        final_response=_text(turn.get("final"), "model"),
        intermediate_data=data,
        rubrics=rubrics,
    )


def _event(event: dict[str, Any]) -> InvocationEvent:
    """An agent event as ADK's invocation keeps it: ``{"author", "text", "call": {"name",
    "args"}, "response": {"name", "response"}}``, each of text, call and response optional, in
    that order in the event (the shape ``adk eval`` records, where a turn's other replies sit
    beside its final response, and text may sit beside a call)."""
    parts = [types.Part(text=event["text"])] if "text" in event else []
    if "call" in event:
        parts.append(types.Part(function_call=types.FunctionCall(**event["call"])))
    if "response" in event:
        parts.append(types.Part(function_response=types.FunctionResponse(**event["response"])))
    content = types.Content(role="model", parts=parts)
    return InvocationEvent(author=event.get("author", "agent"), content=content)


def _reason_codes(details: dict[str, Any]) -> set[str]:
    codes: set[str] = set()
    for verdict in details["invocations"]:
        codes |= {p["code"] for p in verdict["problems"]}
        for subject in verdict["subjects"]:
            codes |= {r["reason_code"] for r in subject["results"]}
            codes |= {f["code"] for r in subject["results"] for f in r.get("findings", ())}
    return codes


def _run_metric(row: dict[str, Any], details_dir: Path) -> None:
    metric = find_metric(row["domain"], row["metric"])
    invocations = [
        _invocation(turn, row.get("scenario"), i) for i, turn in enumerate(row["invocations"])
    ]
    options = {"details_dir": str(details_dir), **row.get("criterion", {})}
    criterion = BaseCriterion(threshold=row.get("threshold", 1.0), **options)
    result = adk_metric(metric)(
        EvalMetric(metric_name=row["metric"], criterion=criterion), invocations, None, None
    )
    if inspect.isawaitable(result):  # a model-judged metric: ADK awaits it
        result = asyncio.run(result)
    assert len(result.per_invocation_results) == len(invocations)
    want = EvalStatus.PASSED if row["expect"] == "pass" else EvalStatus.FAILED
    files = sorted(details_dir.glob("*.json"))
    details = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    for md in details_dir.glob("*.md"):
        md.read_text(encoding="utf-8")  # valid UTF-8 whatever the input held
    codes = set().union(*map(_reason_codes, details)) if details else set()
    assert result.overall_eval_status == want, (
        f"{row['id']}: expected {want.name}, got {result.overall_eval_status.name} "
        f"(score {result.overall_score}); codes seen {sorted(codes)}"
    )
    if "reason_code" in row:
        assert row["reason_code"] in codes, f"{row['id']}: codes seen {sorted(codes)}"
    missing = set(row.get("reason_codes", ())) - codes
    assert not missing, f"{row['id']}: {sorted(missing)} not reported; codes seen {sorted(codes)}"


def _run_eval_config(row: dict[str, Any], tmp_path: Path) -> None:
    from checkers.adk.eval_checks import load_eval_config

    path = tmp_path / "eval_config.json"
    text = row["config_text"] if "config_text" in row else json.dumps(row["config"])
    path.write_text(text, encoding="utf-8")
    if row["expect"] == "ok":
        load_eval_config(path)
        return
    with pytest.raises(ConfigError) as caught:
        load_eval_config(path)
    assert row.get("message_contains", "") in str(caught.value)


def _run_cli(row: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from checkers.cli import main

    argv = [a.replace("{tmp}", str(tmp_path)) for a in row["argv"]]
    if "stdin" in row:
        batch = tmp_path / "batch.jsonl"
        batch.write_text(row["stdin"], encoding="utf-8", errors="surrogatepass")
        argv = [str(batch) if a == "{batch}" else a for a in argv]
    code = main(argv)
    out = capsys.readouterr().out
    assert code == row["exit"], f"{row['id']}: exit {code}; printed {out[-2000:]}"
    for wanted in row.get("stdout_contains", []):
        assert wanted in out, f"{row['id']}: {wanted!r} not in {out[-2000:]}"


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['_where']}:{r['id']}" for r in ROWS])
def test_hostile_input_gets_its_verdict(
    row: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = row.get("target", "metric")
    if target == "metric":
        _run_metric(row, tmp_path / "details")
    elif target == "eval_config":
        _run_eval_config(row, tmp_path)
    elif target == "cli":
        _run_cli(row, tmp_path, capsys)
    else:
        raise AssertionError(f"{row['_where']}: unknown target {target!r}")


ISSUE_CLASSES = {12: range(1, 11), 13: range(1, 11)}
"""Classes of each hostile-input issue the corpus must cover (a line's ``issue``: 12 if none)."""


@pytest.mark.parametrize("issue", sorted(ISSUE_CLASSES))
def test_corpus_covers_every_class(issue: int) -> None:
    """Each class of a hostile-input issue has several variants in the corpus."""
    per_class: dict[int, int] = {}
    for row in ROWS:
        if row.get("issue", 12) == issue:
            per_class[row["class"]] = per_class.get(row["class"], 0) + 1
    thin = {c: per_class.get(c, 0) for c in ISSUE_CLASSES[issue] if per_class.get(c, 0) < 3}
    assert not thin, f"classes of issue {issue} with fewer than 3 hostile inputs: {thin}"
