"""The file readers of ``checkers score`` on real files: tau-bench's recorded airline runs, the
eval history ``adk eval`` writes, and exports of ADK's BigQuery eval views (rows built from real
ADK sessions by the view's rules). Each streams, and sessions in = judged + dead letters."""

from __future__ import annotations

import asyncio
import copy
import importlib
import io
import json
import os
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_result import EvalSetResult
from google.adk.events import Event
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.genai import types as genai_types

from checkers.cli import run_batch, verdict_json
from checkers.readers.bigquery import NOT_EVAL_READY, ROWS_NOT_CONSECUTIVE
from checkers.readers.eval_history import case_session
from checkers.readers.lines import json_lines
from checkers.registry import domain_metrics, find_metric
from checkers.score import DeadLetter, SessionVerdict, judge_session, score_sessions
from checkers.sessions import RecordedSession
from checkers.sources import ReadOptions, open_sessions
from domains.airline.data_files import RUNS_FILE
from domains.airline.scenarios import AIRLINE
from tests.adk_helpers import ADK, offline_env

ROOT = Path(__file__).resolve().parents[1]
RUNS = RUNS_FILE  # the 50 recorded gpt-4o airline runs, bundled with the domain
TASK_SUCCESS = find_metric("airline", "task_success")
DINING = [m for m in domain_metrics("dining").values() if m.judge_async is None]


class Collect:
    """A sink keeping what it is given, in order."""

    def __init__(self) -> None:
        self.verdicts: list[SessionVerdict] = []
        self.dead: list[DeadLetter] = []

    def write(self, verdicts: Iterable[SessionVerdict]) -> None:
        self.verdicts.extend(verdicts)

    def dead_letter(self, letter: DeadLetter) -> None:
        self.dead.append(letter)


def read(source: str, app: str | None = None) -> list[RecordedSession | DeadLetter]:
    return list(open_sessions(source, ReadOptions(app)))


def problem_codes(verdict: SessionVerdict) -> list[str]:
    return [p.code for p in verdict.verdict.problems]


# --- tau-bench ----------------------------------------------------------------------------------


def test_tau_bench_runs_are_judged_as_the_batch_command_judges_them() -> None:
    sessions = read(f"tau-bench:{RUNS}")
    rows = [json.loads(line) for line in RUNS.read_text(encoding="utf-8").splitlines()]
    assert len(sessions) == len(rows) == 50
    sink = Collect()
    summary = score_sessions([TASK_SUCCESS], sessions, [sink])
    assert (summary.read, summary.judged, summary.dead_letters) == (50, 50, 0)
    unfinished = []
    for row, session, verdict in zip(rows, sessions, sink.verdicts, strict=True):
        assert isinstance(session, RecordedSession)
        assert session.session_id == f"gpt4o_runs_dev/task-{row['task_id']}/trial-{row['trial']}"
        assert session.user_id == row["info"]["task"]["user_id"]
        if row["info"].get("reward_info") is None:
            unfinished.append(session.session_id)
            assert problem_codes(verdict) == ["run_not_finished"] and not verdict.passed
            assert verdict.verdict.scenario_id == f"task-{row['task_id']}"
            continue
        # `checkers check airline --batch` reads the same line through its own path.
        item = AIRLINE.batch_item(row)
        assert not isinstance(item.scenario, str)
        batch = TASK_SUCCESS.judge(item.scenario, item.transcript, 1.0)
        assert verdict.verdict.scenario_id == f"task-{row['task_id']}"
        assert verdict.verdict.subjects == batch.subjects, session.session_id
        assert verdict.passed == batch.passed == (row["reward"] == 1.0)
    assert unfinished == ["gpt4o_runs_dev/task-2/trial-1", "gpt4o_runs_dev/task-9/trial-2"]
    assert summary.passed == {"task_success": 17}


@pytest.mark.parametrize("metric", sorted(domain_metrics("airline")))
def test_every_airline_metric_judges_a_recorded_run_as_the_batch_command(metric: str) -> None:
    """The whole conversation tau-bench recorded is judged, text written beside a call
    included (it never reached the customer, but the rule "one tool call at a time" reads it):
    ``checkers score`` and ``checkers check --batch`` give each run the same verdict, the two
    runs tau-bench stopped at its step limit included (both fail them as ``run_not_finished``).
    """
    judged = find_metric("airline", metric)
    if judged.judge_async is not None:
        pytest.skip("a model-judged metric")
    sink = Collect()
    score_sessions([judged], read(f"tau-bench:{RUNS}"), [sink])
    out = io.StringIO()
    with RUNS.open(encoding="utf-8") as source:
        run_batch(judged, source, out, 1.0)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == len(sink.verdicts) == 50
    for line, verdict in zip(lines, sink.verdicts, strict=True):
        expected = json.loads(json.dumps(verdict_json(verdict.verdict)))
        assert {k: line[k] for k in expected} == expected, verdict.session.session_id
        assert line["passed"] == verdict.passed


def test_bad_tau_bench_lines_are_dead_letters_and_bad_messages_fail(tmp_path: Path) -> None:
    good = RUNS.read_text(encoding="utf-8").splitlines()[1]
    broken = json.loads(good)
    broken["traj"][3] = ["not", "a", "message"]
    broken["trial"] = 99  # its own session: a repeat of the good run's id is a dead letter
    runs = tmp_path / "runs.jsonl"
    runs.write_text(
        "\n".join([good, "{not json", "[1, 2]", json.dumps(broken), "", '{"trial": 1}']) + "\n",
        encoding="utf-8",
    )
    sessions = read(f"tau-bench:{runs}", app="airline")
    sink = Collect()
    summary = score_sessions([TASK_SUCCESS], sessions, [sink])
    assert (summary.read, summary.judged, summary.dead_letters) == (5, 2, 3)
    assert [d.session_id for d in sink.dead] == ["runs/line-2", "runs/line-3", "runs/line-6"]
    assert "line 2: not JSON" in sink.dead[0].reason
    assert "must be an object with a task_id" in sink.dead[2].reason
    first, second = sink.verdicts
    assert first.passed and first.session.app_name == "airline"
    assert problem_codes(second) == ["unreadable_instance"] and not second.passed
    assert "message 4 of the run is not a chat message" in second.verdict.problems[0].message


def test_a_jsonl_source_is_read_one_line_at_a_time(tmp_path: Path) -> None:
    runs = tmp_path / "runs.jsonl"
    lines = RUNS.read_text(encoding="utf-8").splitlines()
    runs.write_text(lines[0] + "\n", encoding="utf-8")
    reading = open_sessions(f"tau-bench:{runs}", ReadOptions())
    assert isinstance(next(reading), RecordedSession)
    with runs.open("a", encoding="utf-8") as more:  # written after reading began: still read
        more.write(lines[1] + "\n")
    assert [s.session_id for s in reading] == ["runs/task-1/trial-1"]


def test_numbered_lines_skip_blanks_and_name_bad_ones(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"a": 1}\n\n' + "[" * 100_000 + "\n", encoding="utf-8")
    [(one, first), (three, bad)] = list(json_lines(path))
    assert (one, three, first) == (1, 3, {"a": 1})
    assert "x.jsonl, line 3: not JSON (nested too deep)" in bad.reason


# --- ADK eval history ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def eval_history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The eval history `adk eval` wrote for the rating-first dining agent (a copy of its folder,
    so the repository gets no .adk folder)."""
    if not ADK.exists():
        pytest.skip("the adk command is not installed")
    base = tmp_path_factory.mktemp("eval_history")
    agent = base / "rating_first"
    shutil.copytree(
        ROOT / "domains" / "dining" / "agents" / "rating_first",
        agent,
        ignore=shutil.ignore_patterns(".adk", "__pycache__"),
    )
    env = {**os.environ, **offline_env(base / "details"), "PYTHONPATH": str(ROOT)}
    command = [
        *(str(ADK), "eval", str(agent), "evalsets/dining/dining.evalset.json"),
        *("--config_file_path", "evalsets/dining/eval_config.json"),
    ]
    done = subprocess.run(
        command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300, check=False
    )
    [result] = (agent / ".adk" / "eval_history").glob("*.evalset_result.json")
    assert "Tests failed: 11" in done.stdout, done.stdout + done.stderr
    return result


def adk_scores(result: Path) -> dict[tuple[str, str], float | None]:
    """What `adk eval` scored each case's metrics, by (session id, metric)."""
    saved = EvalSetResult.model_validate_json(result.read_text(encoding="utf-8"))
    return {
        (case.session_id, metric.metric_name): metric.score
        for case in saved.eval_case_results
        for metric in case.overall_eval_metric_results
    }


def test_eval_history_sessions_score_as_adk_eval_scored_them(eval_history: Path) -> None:
    # The agent folder: found below it, its name the app.
    sessions = read(f"adk-eval-history:{eval_history.parents[2]}")
    assert len(sessions) == 11
    sink = Collect()
    summary = score_sessions(DINING, sessions, [sink])
    assert (summary.judged, summary.dead_letters) == (11, 0)
    scored = adk_scores(eval_history)
    compared = 0
    for verdict in sink.verdicts:
        assert verdict.session.app_name == "rating_first"
        assert verdict.session.session_id.startswith("adk-eval-session-")
        adk = scored.get((verdict.session.session_id, verdict.metric))
        if adk is not None or (verdict.session.session_id, verdict.metric) in scored:
            assert verdict.score == adk, (verdict.session.session_id, verdict.metric)
            compared += 1
    assert compared == 22  # everyone_ate and menu_before_booking, on 11 cases
    assert {v.score for v in sink.verdicts if v.metric == "everyone_ate"} > {0.0, 0.5}


def test_eval_history_in_camel_case_reads_the_same(eval_history: Path, tmp_path: Path) -> None:
    saved = EvalSetResult.model_validate_json(eval_history.read_text(encoding="utf-8"))
    camel = tmp_path / "camel.evalset_result.json"
    camel.write_text(saved.model_dump_json(by_alias=True), encoding="utf-8")
    assert '"evalCaseResults"' in camel.read_text(encoding="utf-8")
    verdicts = []
    for source in (f"adk-eval-history:{camel}", f"adk-eval-history:{eval_history}"):
        sink = Collect()
        score_sessions(DINING, read(source, app="rating_first"), [sink])
        verdicts.append([(v.session.session_id, v.metric, v.verdict) for v in sink.verdicts])
    assert verdicts[0] == verdicts[1] and len(verdicts[0]) == 33


def test_bad_eval_history_files_and_cases(eval_history: Path, tmp_path: Path) -> None:
    value = json.loads(eval_history.read_text(encoding="utf-8"))
    first, second, third = value["eval_case_results"][:3]
    second["eval_metric_result_per_invocation"] = []
    invocation = third["eval_metric_result_per_invocation"][0]["actual_invocation"]
    invocation["rubrics"].append(
        {"rubric_id": "x", "rubric_content": {"text_property": "scenario:no-such-group"}}
    )
    value["eval_case_results"] = [first, second, third]
    (tmp_path / "a.evalset_result.json").write_text(json.dumps(value), encoding="utf-8")
    (tmp_path / "b.evalset_result.json").write_text("{broken", encoding="utf-8")
    sink = Collect()
    summary = score_sessions(DINING[:1], read(f"adk-eval-history:{tmp_path}"), [sink])
    assert (summary.read, summary.judged, summary.dead_letters) == (4, 2, 2)
    assert "holds no actual invocation" in sink.dead[0].reason
    assert sink.dead[1].session_id == "b.evalset_result.json"
    assert "not an eval set result" in sink.dead[1].reason
    assert problem_codes(sink.verdicts[1]) == ["scenario_conflict"]


def _case(text: str, rubric: str | None = None) -> dict[str, Any]:
    """An eval case result of one invocation whose user said ``text``."""
    invocation: dict[str, Any] = {
        "user_content": {"role": "user", "parts": [{"text": text}]},
        "final_response": {"role": "model", "parts": [{"text": "{}"}]},
    }
    if rubric is not None:
        invocation["rubrics"] = [{"rubric_id": "s", "rubric_content": {"text_property": rubric}}]
    return {
        "eval_id": "e1",
        "session_id": "adk-eval-session-1",
        "eval_metric_result_per_invocation": [{"actual_invocation": invocation}],
    }


def test_an_eval_cases_tags_are_its_authors_and_go_into_the_state() -> None:
    # checkers score does not trust a tag in a user message; in an eval set the author wrote it,
    # so the reader names the scenario in the state, where it is trusted.
    one = case_session(_case("Plan dinner. [scenario:story-six]"), "dining", "r.json#1")
    assert isinstance(one, RecordedSession) and one.state == {"scenario": "story-six"}
    assert not one.tags_trusted and one.problem is None
    both = case_session(_case("[scenario:story-six]", "scenario:no-plan-fits"), "dining", "r#1")
    assert isinstance(both, RecordedSession) and both.problem is not None
    assert both.problem.code == "scenario_conflict"
    plain = case_session(_case("Plan dinner."), "dining", "r#1")
    assert isinstance(plain, RecordedSession) and plain.state == {}


# --- BigQuery eval views ------------------------------------------------------------------------


def _text(event: Event) -> str:
    parts = event.content.parts if event.content else None
    return "".join(p.text for p in parts or [] if p.text and not p.thought)


def _trace_events(events: list[Event]) -> list[dict[str, Any]]:
    """One invocation's events as the eval views' ``events`` array: USER_MESSAGE_RECEIVED as the
    user's text, each TOOL_STARTING a function_call (no id), each TOOL_COMPLETED a
    function_response (a non-object result wrapped), AGENT_RESPONSE the final text."""
    found: list[dict[str, Any]] = []
    for event in events:
        parts = event.content.parts if event.content and event.content.parts else []
        if event.author == "user":
            found.append(
                {"author": "user", "content": {"role": "user", "parts": [{"text": _text(event)}]}}
            )
            continue
        for part in parts:
            if part.function_call:
                call = {"name": part.function_call.name, "args": part.function_call.args or {}}
                found.append(
                    {
                        "author": event.author,
                        "content": {"role": "model", "parts": [{"function_call": call}]},
                    }
                )
            if part.function_response:
                result = part.function_response.response
                response = result if isinstance(result, dict) else {"result": result}
                made = {"name": part.function_response.name, "response": response}
                found.append(
                    {
                        "author": event.author,
                        "content": {"role": "user", "parts": [{"function_response": made}]},
                    }
                )
        if event.is_final_response() and _text(event):
            found.append(
                {
                    "author": event.author,
                    "content": {"role": "model", "parts": [{"text": _text(event)}]},
                }
            )
    return found


@pytest.fixture(scope="module")
def adk_sessions() -> list[tuple[str, list[Event]]]:
    """Real ADK sessions: the careful and rating-first dining agents on two groups."""
    runs = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHECKERS_OFFLINE", "1")
        for agent in ("careful", "rating_first"):
            root = importlib.import_module(f"domains.dining.agents.{agent}.agent").root_agent
            for group, size in (("story-six", 6), ("gluten-free-vegan", 3)):
                runs.append(
                    (f"{agent}-{group}", asyncio.run(_run(root, group, size, f"{agent}-{group}")))
                )
    return runs


async def _run(root: Any, group: str, size: int, session_id: str) -> list[Event]:
    service = InMemorySessionService()
    runner = Runner(agent=root, app_name="dining", session_service=service)
    await service.create_session(app_name="dining", user_id="organiser", session_id=session_id)
    for text in (f"Please plan dinner for our group of {size} at 19:30.", f"Group id: {group}."):
        message = genai_types.Content(role="user", parts=[genai_types.Part(text=text)])
        async for _ in runner.run_async(
            user_id="organiser", session_id=session_id, new_message=message
        ):
            pass
    session = await service.get_session(
        app_name="dining", user_id="organiser", session_id=session_id
    )
    assert session is not None
    return list(session.events)


def _turns(events: list[Event]) -> list[dict[str, Any]]:
    invocations: dict[str, list[Event]] = {}
    for event in events:
        invocations.setdefault(event.invocation_id, []).append(event)
    return [
        {"turn_index": index, "turn_id": invocation, "events": _trace_events(found)}
        for index, (invocation, found) in enumerate(invocations.items())
    ]


def test_eval_view_exports_are_judged_as_the_sessions_themselves(
    adk_sessions: list[tuple[str, list[Event]]], tmp_path: Path
) -> None:
    by_session = tmp_path / "v_eval_session.jsonl"
    by_turn = tmp_path / "v_eval_turn.jsonl"
    with (
        by_session.open("w", encoding="utf-8") as sessions,
        by_turn.open("w", encoding="utf-8") as turns,
    ):
        for session_id, events in adk_sessions:
            trace = {"agents": {}, "turns": _turns(events)}
            row = {
                "session_id": session_id,
                "user_id": "organiser",
                "root_agent": "dining",
                "eval_ready": True,
            }
            sessions.write(json.dumps({**row, "trace": trace}) + "\n")
            for turn in trace["turns"]:
                one = {"agents": {}, "turns": [{**turn, "turn_index": 0}]}
                # A JSON column may come out as its text.
                turns.write(
                    json.dumps(
                        {
                            **row,
                            "invocation_id": turn["turn_id"],
                            "turn_index": turn["turn_index"],
                            "trace": json.dumps(one),
                        }
                    )
                    + "\n"
                )
    stored = [
        RecordedSession(
            session_id,
            "dining",
            "organiser",
            [e.model_dump(mode="json", exclude_none=True) for e in events],
        )
        for session_id, events in adk_sessions
    ]
    expected = [judge_session(DINING, s) for s in stored]
    for export in (by_session, by_turn):
        read_back = read(f"bq-eval-view:{export}")
        assert [s.session_id for s in read_back] == [s for s, _ in adk_sessions]
        for session, wanted in zip(read_back, expected, strict=True):
            assert isinstance(session, RecordedSession) and session.app_name == "dining"
            got = judge_session(DINING, session)
            assert isinstance(got, list) and isinstance(wanted, list)
            assert [(v.metric, v.verdict) for v in got] == [(v.metric, v.verdict) for v in wanted]
    eaten = [v.score for found in expected if isinstance(found, list) for v in found]
    assert 1.0 in eaten and min(eaten) < 1.0  # careful and flawed runs both


def test_eval_view_rows_not_ready_or_unreadable(tmp_path: Path) -> None:
    export = tmp_path / "view.jsonl"
    turn = {
        "turn_index": 0,
        "events": [{"author": "user", "content": {"role": "user", "parts": [{"text": "Hi"}]}}],
    }
    export.write_text(
        "\n".join(
            [
                json.dumps({"session_id": "a", "eval_ready": False, "trace": {"turns": [turn]}}),
                json.dumps({"session_id": "b", "trace": "{not json"}),
                json.dumps({"session_id": "c", "trace": {"turns": [{"events": [3]}]}}),
                json.dumps({"trace": {}}),
                json.dumps({"session_id": "b", "trace": {"turns": [turn]}}),
                json.dumps({"session_id": "adk-eval-session-1", "trace": {"turns": [turn]}}),
            ]
        ),
        encoding="utf-8",
    )
    sink = Collect()
    options = ReadOptions()
    summary = score_sessions(DINING[:1], open_sessions(f"bq-eval-view:{export}", options), [sink])
    assert (summary.read, summary.judged, summary.dead_letters) == (4, 3, 1)
    assert options.skipped_eval == 1
    assert [(v.session.session_id, problem_codes(v)) for v in sink.verdicts] == [
        ("a", [NOT_EVAL_READY]),
        # Its rows are not next to each other: no block of them is the whole session, so it is
        # read once, failing (each block read as a session could pass on a part of it).
        ("b", [ROWS_NOT_CONSECUTIVE]),
        ("c", ["unreadable_instance"]),
    ]


def test_a_run_scored_on_another_task_than_the_bundled_one_is_not_judged_on_it(
    tmp_path: Path,
) -> None:
    """A run's ``info.task`` is the task it was scored on: worded otherwise, it is the bundled
    task (the recorded runs all are); with another customer, actions or outputs under the same
    id (a run of another split), judging it on the bundled task would judge another task, so it
    fails ``task_not_bundled``, never passes."""
    first = json.loads(RUNS.read_text(encoding="utf-8").splitlines()[1])
    reworded = copy.deepcopy(first)
    reworded["info"]["task"]["instruction"] = "Worded otherwise."
    other = copy.deepcopy(first)
    other["trial"] = 7
    other["info"]["task"]["actions"] = []
    runs = tmp_path / "runs.jsonl"
    runs.write_text("\n".join(json.dumps(r) for r in (first, reworded | {"trial": 5}, other)))
    sink = Collect()
    score_sessions([TASK_SUCCESS], read(f"tau-bench:{runs}"), [sink])
    judged, same, refused = sink.verdicts
    assert judged.passed and same.verdict == judged.verdict
    assert problem_codes(refused) == ["task_not_bundled"] and not refused.passed
    assert "not the bundled 'task-1'" in refused.verdict.problems[0].message
