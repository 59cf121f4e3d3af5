"""A checker as an agents-cli custom metric, under the real ``agents-cli eval grade``.

The dataset is what ``agents-cli eval generate`` would record: the dining demo agents run through
ADK's runner on the story group's request, each run merged into an eval case by agents-cli's own
``merge_events_into_case``. The exported ``everyone_ate`` file is then graded by the real
agents-cli, offline, and called as a plain function on the instances the Agent Platform's SDK
builds (what a remote run would execute).
"""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from google.adk.runners import InMemoryRunner
from google.agents.cli._agent_platform_types import types
from google.agents.cli.eval.cmd_generate import merge_events_into_case
from google.genai import types as genai_types
from hypothesis import given
from hypothesis import strategies as st

from checkers.agents_cli import evaluate_instance, evaluate_instance_of
from checkers.cli import main
from checkers.meta import meta_settings
from checkers.meta.hostile import HOSTILE_VALUES, hostile_strings
from checkers.registry import find_metric

ROOT = Path(__file__).resolve().parents[1]
AGENTS_CLI = Path(sys.executable).with_name("agents-cli")
REQUEST = "Please plan dinner for our group of 6 at 19:30. Group id: story-six."
UNMET = ("Ana/diet", "Björn/allergy", "José/availability")
EVERYONE_ATE = find_metric("dining", "everyone_ate")


async def _record(agent: str) -> types.EvalCase:
    """One run of a dining demo agent on the story group, as ``eval generate`` records it."""
    app = importlib.import_module(f"domains.dining.agents.{agent}.agent").app
    runner = InMemoryRunner(app=app)
    session = await runner.session_service.create_session(app_name=app.name, user_id="u")
    message = genai_types.Content(role="user", parts=[genai_types.Part(text=REQUEST)])
    events = [
        types.evals.AgentEvent(author=event.author, content=event.content)
        async for event in runner.run_async(user_id="u", session_id=session.id, new_message=message)
        if event.content
    ]
    case = types.EvalCase(eval_case_id=f"story-six-{agent}", prompt=message, scenario="story-six")
    return merge_events_into_case(case, events, agents_map={})


@pytest.fixture(scope="module")
def recorded() -> list[types.EvalCase]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHECKERS_OFFLINE", "1")
        return [asyncio.run(_record(agent)) for agent in ("rating_first", "careful")]


def sdk_instance(case: types.EvalCase) -> dict[str, Any]:
    """The instance the SDK hands a custom function (its CustomMetricHandler): the case without
    its responses, the first response, and the prompt."""
    instance = case.model_dump(exclude={"responses"}, mode="json", exclude_none=True)
    assert case.responses and case.responses[0].response and case.prompt
    instance["response"] = case.responses[0].response.model_dump(mode="json", exclude_none=True)
    instance["prompt"] = case.prompt.model_dump(mode="json", exclude_none=True)
    return instance


def export(out: Path, *extra: str) -> int:
    return main(["export", "agents-cli", "dining", "everyone_ate", "--out", str(out), *extra])


def test_export_writes_the_metric_file_and_its_config_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "eval" / "eval_config.json"
    config.parent.mkdir()
    config.write_text(
        json.dumps(
            {
                "metrics_to_run": ["final_response_quality", "everyone_ate"],
                "custom_metrics": [{"name": "everyone_ate", "custom_function_file": "old.py"}],
            }
        )
    )
    assert export(tmp_path / "eval") == 0
    assert json.loads(config.read_text()) == {
        "metrics_to_run": ["final_response_quality", "everyone_ate"],
        "custom_metrics": [{"name": "everyone_ate", "custom_function_file": "everyone_ate.py"}],
    }
    source = (tmp_path / "eval" / "everyone_ate.py").read_text()
    assert 'METRIC = "everyone_ate"' in source and "THRESHOLD = 1.0" in source
    assert "agents-cli eval grade --traces" in capsys.readouterr().out
    assert export(tmp_path / "eval") == 0  # the same file again: nothing to refuse
    assert export(tmp_path / "eval", "--threshold", "0.5") == 2  # says something else
    assert "--force" in capsys.readouterr().err
    assert export(tmp_path / "eval", "--threshold", "0.5", "--force") == 0
    assert export(tmp_path / "eval", "--threshold", "0") == 2  # would pass anything


def test_a_yaml_config_is_kept_yaml(tmp_path: Path) -> None:
    (tmp_path / "eval_config.yaml").write_text("metrics_to_run:\n- tool_use_quality\n")
    assert export(tmp_path) == 0
    text = (tmp_path / "eval_config.yaml").read_text()
    assert "- tool_use_quality\n- everyone_ate\n" in text
    assert "custom_function_file: everyone_ate.py" in text
    assert not (tmp_path / "eval_config.json").exists()


@pytest.mark.slow
def test_agents_cli_grades_the_story_group_with_the_reasons(
    tmp_path: Path, recorded: list[types.EvalCase]
) -> None:
    traces = tmp_path / "traces.json"
    traces.write_text(types.EvaluationDataset(eval_cases=recorded).model_dump_json())
    assert export(tmp_path / "eval") == 0
    # Grading with local metrics only makes no request, but agents-cli 1.11 still builds the
    # Agent Platform client and its storage client, which need Application Default Credentials
    # and a project: placeholders do (no call is made with them).
    adc = tmp_path / "adc.json"
    adc.write_text(
        json.dumps(
            {
                "type": "authorized_user",
                "client_id": "x",
                "client_secret": "x",
                "refresh_token": "x",
            }
        )
    )
    env = {
        **os.environ,
        "GOOGLE_APPLICATION_CREDENTIALS": str(adc),
        "GOOGLE_CLOUD_PROJECT": "offline-placeholder",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    done = subprocess.run(
        [
            *(str(AGENTS_CLI), "eval", "grade", "--traces", str(traces)),
            *("--config", str(tmp_path / "eval" / "eval_config.json"), "--output", str(tmp_path)),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "num_cases_error: 0" in done.stdout and "mean_score: 0.7500" in done.stdout
    [results] = tmp_path.glob("results_*.json")
    graded = [
        case["response_candidate_results"][0]["metric_results"]["everyone_ate"]
        for case in json.loads(results.read_text())["eval_case_results"]
    ]
    flawed, careful = graded
    assert (flawed["score"], careful["score"]) == (0.5, 1.0)
    assert flawed["explanation"].startswith("FAILED: everyone_ate 0.5 (threshold 1.0)\n")
    for unmet in UNMET:
        assert f"\n{unmet}: fail (" in flawed["explanation"], unmet
    assert flawed["explanation"].count("satisfied: every requirement of this guest is met") == 3
    assert careful["explanation"].startswith("PASSED: everyone_ate 1.0 (threshold 1.0)\n")
    # The file as the cloud would run it: a plain function on the SDK's instances, same result.
    source = (tmp_path / "eval" / "everyone_ate.py").read_text()
    namespace: dict[str, Any] = {}
    exec(compile(source, "<custom_metric:everyone_ate>", "exec"), namespace)
    assert [namespace["evaluate"](sdk_instance(case)) for case in recorded] == [
        {"score": g["score"], "explanation": g["explanation"]} for g in graded
    ]


# --- reading instances, failing closed ----------------------------------------------------------


def test_the_scenario_comes_from_the_field_or_a_tag_and_never_from_two(
    recorded: list[types.EvalCase],
) -> None:
    careful = sdk_instance(recorded[1])
    assert evaluate_instance(EVERYONE_ATE, careful)["score"] == 1.0
    untagged = {k: v for k, v in careful.items() if k != "scenario"}
    unnamed = evaluate_instance(EVERYONE_ATE, untagged)
    assert unnamed["score"] == 0.0 and "(no_scenario)" in unnamed["explanation"]
    tagged = {**untagged, "prompt": {"role": "user", "parts": [{"text": "[scenario:story-six]"}]}}
    assert evaluate_instance(EVERYONE_ATE, tagged)["score"] == 1.0
    two = evaluate_instance(EVERYONE_ATE, {**tagged, "scenario": "gluten-free-vegan"})
    assert two["score"] == 0.0 and "(scenario_conflict)" in two["explanation"]
    wrong_type = evaluate_instance(EVERYONE_ATE, {**careful, "scenario": ["story-six"]})
    assert wrong_type["score"] == 0.0 and "(no_scenario)" in wrong_type["explanation"]


def test_a_response_other_than_the_traces_last_reply_is_two_answers(
    recorded: list[types.EvalCase],
) -> None:
    careful = sdk_instance(recorded[1])
    flawed_reply = sdk_instance(recorded[0])["response"]
    both = evaluate_instance(EVERYONE_ATE, {**careful, "response": flawed_reply})
    assert both["score"] == 0.0 and "(conflicting_response)" in both["explanation"]


def test_an_instance_without_a_trace_is_read_from_prompt_and_response(
    recorded: list[types.EvalCase],
) -> None:
    flawed = sdk_instance(recorded[0])
    bare = {k: v for k, v in flawed.items() if k != "agent_data"}
    # The answer alone: everyone_ate judges the plan it states (no booking call to check).
    assert evaluate_instance(EVERYONE_ATE, bare)["score"] == 0.5


@pytest.mark.parametrize(
    ("instance", "code"),
    [
        (None, "unreadable_instance"),
        ([], "unreadable_instance"),
        ({"agent_data": {"turns": "many"}, "scenario": "story-six"}, "unreadable_instance"),
        ({"scenario": "story-six"}, "unreadable_instance"),  # no turn at all
        (
            {"scenario": "no-such-group", "response": {"parts": [{"text": "hi"}]}},
            "unknown_scenario",
        ),
    ],
)
def test_what_cannot_be_read_scores_zero_with_the_reason(instance: Any, code: str) -> None:
    result = evaluate_instance(EVERYONE_ATE, instance)
    assert result["score"] == 0.0 and f"({code})" in result["explanation"], result


def test_a_bad_domain_metric_or_threshold_scores_zero() -> None:
    for domain, metric, threshold in (("nope", "everyone_ate", 1.0), ("dining", "nope", 1.0)):
        result = evaluate_instance_of(domain, metric, {}, threshold)
        assert result["score"] == 0.0 and "config_error" in result["explanation"]
    zero = evaluate_instance(EVERYONE_ATE, {"scenario": "story-six"}, threshold=0.0)
    assert zero["score"] == 0.0 and "(config_error)" in zero["explanation"]


def _hostile_variants(instance: Any) -> st.SearchStrategy[Any]:
    """``instance`` with one value anywhere in it replaced by a hostile one."""

    def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        found = [prefix]
        if isinstance(value, dict):
            for key, inner in value.items():
                found += paths(inner, (*prefix, key))
        elif isinstance(value, list):
            for index, inner in enumerate(value):
                found += paths(inner, (*prefix, index))
        return found

    def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
        if not path:
            return new
        copy = dict(value) if isinstance(value, dict) else list(value)
        copy[path[0]] = replaced(value[path[0]], path[1:], new)
        return copy

    return st.tuples(st.sampled_from(paths(instance)), HOSTILE_VALUES | hostile_strings()).map(
        lambda change: replaced(instance, *change)
    )


@given(data=st.data())
@meta_settings("ci")
def test_any_instance_gets_a_score_and_a_readable_reason_never_an_exception(
    recorded: list[types.EvalCase], data: st.DataObject
) -> None:
    honest = sdk_instance(recorded[data.draw(st.sampled_from([0, 1]))])
    instance = data.draw(_hostile_variants(honest))
    result = evaluate_instance(EVERYONE_ATE, instance)
    assert set(result) == {"score", "explanation"}
    assert isinstance(result["score"], float) and 0.0 <= result["score"] <= 1.0
    json.dumps(result, ensure_ascii=False).encode("utf-8")  # no lone surrogate either
    assert result["explanation"].startswith("PASSED" if result["score"] == 1.0 else "FAILED")
    named = isinstance(instance, dict) and instance.get("scenario") == "story-six"
    if result["score"] > 0 and not named:
        # Only the story group's scenario could have scored this plan.
        assert "[scenario:story-six]" in json.dumps(instance, ensure_ascii=False)
