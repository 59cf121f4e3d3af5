"""Monitoring: ``gen_ai.evaluation.result`` events on the real OpenTelemetry SDK (in-memory
exporters) and Prometheus metrics (prometheus-client's own registry and text format), from the
ADK metric adapter called as ADK calls it and from ``checkers score`` on tau-bench's recorded
runs. Monitoring never changes a verdict and never raises: a failing processor or an unwritable
textfile is swallowed and counted."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_metrics import EvalStatus
from hypothesis import given
from hypothesis import strategies as st
from opentelemetry._logs import NoOpLoggerProvider
from opentelemetry.sdk._logs import LoggerProvider, LogRecordProcessor, ReadWriteLogRecord
from opentelemetry.sdk._logs.export import (
    InMemoryLogRecordExporter,
    LogRecordExporter,
    LogRecordExportResult,
    SimpleLogRecordProcessor,
)
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.semconv._incubating.attributes import gen_ai_attributes
from prometheus_client.parser import text_string_to_metric_families

from checkers.adk.custom_metric import adk_metric
from checkers.cli import main
from checkers.monitoring import (
    EVENT_NAME,
    TEXTFILE_VARIABLE,
    EventEmitter,
    Monitor,
    MonitoringSink,
    evaluation_record,
    event_attributes,
    install_monitor,
    monitor_from_environment,
)
from checkers.monitoring.prometheus import PrometheusMetrics
from checkers.results import AnswerProblem, Outcome, RequirementResult, SubjectResult, Verdict
from checkers.rubric.cache import CACHE_ENV
from checkers.score import judge_session, score_sessions
from checkers.sessions import RecordedSession
from domains.airline.data_files import RUNS_FILE
from domains.dining import metrics as dining_metrics
from domains.dining.evalset import EVALSET_FILE
from domains.dining.metrics import everyone_ate
from tests.adk_helpers import eval_metric, invocation, run_adk_eval
from tests.isolation import RUN_CLI, import_refusing, refusing
from tests.test_rubric_metric import POLITE, criterion, evaluate, metric_with
from tests.test_score_domains import _agent_says, _user_says

ROOT = Path(__file__).resolve().parent.parent
AIRLINE_RUNS = RUNS_FILE  # the 50 recorded gpt-4o airline runs, bundled with the domain
FEEDS_BOTH = '{"restaurant": "green", "time": "19:00"}'
FEEDS_BO_ONLY = '{"restaurant": "meat", "time": "19:00"}'


class Telemetry:
    """A monitor on a real SDK logger provider with an in-memory exporter, and Prometheus
    metrics, installed as the process's monitor for the test."""

    def __init__(self, processor: LogRecordProcessor | None = None) -> None:
        self.exporter = InMemoryLogRecordExporter()  # type: ignore[no-untyped-call]
        self.provider = LoggerProvider()
        self.provider.add_log_record_processor(processor or SimpleLogRecordProcessor(self.exporter))
        self.metrics = PrometheusMetrics()
        self.monitor = Monitor(EventEmitter(self.provider), self.metrics)

    def events(self) -> list[dict[str, Any]]:
        """The attributes of every evaluation event exported, in order."""
        return [
            dict(r.log_record.attributes or {})
            for r in self.exporter.get_finished_logs()
            if r.log_record.event_name == EVENT_NAME
        ]

    def value(self, name: str, **labels: str) -> float | None:
        return self.metrics.value(name, labels)


@pytest.fixture
def telemetry() -> Iterator[Telemetry]:
    installed = Telemetry()
    previous = install_monitor(installed.monitor)
    yield installed
    install_monitor(previous)
    installed.provider.shutdown()


def test_the_event_names_are_the_semantic_conventions_own() -> None:
    record = evaluation_record([_verdict([Outcome.PASS])], 1.0, True)
    names = set(event_attributes(record))
    assert {
        gen_ai_attributes.GEN_AI_EVALUATION_NAME,
        gen_ai_attributes.GEN_AI_EVALUATION_SCORE_VALUE,
        gen_ai_attributes.GEN_AI_EVALUATION_SCORE_LABEL,
        gen_ai_attributes.GEN_AI_EVALUATION_EXPLANATION,
    } <= names


def test_adapter_results_become_one_event_and_counts_each(
    telemetry: Telemetry, tiny_scenario_path: Path, tmp_path: Path
) -> None:
    criterion_ = eval_metric(1.0, details_dir=str(tmp_path))
    both = invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))
    bo_only = invocation(FEEDS_BO_ONLY, scenario_rubric=str(tiny_scenario_path))
    assert everyone_ate(criterion_, [both], None, None).overall_eval_status is EvalStatus.PASSED
    failed = everyone_ate(criterion_, [bo_only], None, None)
    assert (failed.overall_score, failed.overall_eval_status) == (0.5, EvalStatus.FAILED)

    passed_event, failed_event = telemetry.events()
    assert passed_event["gen_ai.evaluation.score.label"] == "pass"
    assert failed_event == {
        "gen_ai.evaluation.name": "everyone_ate",
        "gen_ai.evaluation.score.value": 0.5,  # 1/2: Bo eats, Ana (vegetarian) does not
        "gen_ai.evaluation.score.label": "fail",
        "gen_ai.evaluation.explanation": (
            "everyone_ate = 0.5 (1/2) threshold 1: FAILED; 1 guest not satisfied: Ana"
        ),
        "checkers.domain": "dining",
        "checkers.reason_code": "no_dish_for_diet",
        "checkers.scenario.id": "tiny",
    }
    labels = {"domain": "dining", "metric": "everyone_ate"}
    assert telemetry.value("checkers_evaluations_total", **labels, outcome="pass", reason_code="ok")
    assert (
        telemetry.value(
            "checkers_evaluations_total", **labels, outcome="fail", reason_code="no_dish_for_diet"
        )
        == 1
    )
    diet = {"kind": "diet", "outcome": "fail", "reason_code": "no_dish_for_diet"}
    assert telemetry.value("checkers_requirement_results_total", **labels, **diet) == 1
    assert telemetry.value("checkers_evaluation_score_count", **labels) == 2
    assert telemetry.value("checkers_evaluation_score_sum", **labels) == 1.5  # 1.0 + 0.5
    assert telemetry.value("checkers_evaluation_score_bucket", **labels, le="0.5") == 1


def test_a_crashing_metric_counts_as_an_evaluator_error(
    telemetry: Telemetry, tiny_scenario_path: Path, tmp_path: Path
) -> None:
    def broken(*_: Any) -> Verdict:
        raise ZeroDivisionError("checker bug")

    metric = adk_metric(dataclasses.replace(dining_metrics.EVERYONE_ATE, judge=broken))
    inv = invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))
    result = metric(eval_metric(1.0, details_dir=str(tmp_path)), [inv], None, None)
    assert result.overall_eval_status is EvalStatus.FAILED
    (event,) = telemetry.events()
    assert (event["gen_ai.evaluation.score.label"], event["error.type"]) == (
        "fail",
        "evaluator_error",
    )
    labels = {"domain": "dining", "metric": "everyone_ate", "reason_code": "evaluator_error"}
    assert telemetry.value("checkers_evaluator_errors_total", **labels) == 1


def test_a_model_judged_metric_counts_its_judge_calls_and_time(
    telemetry: Telemetry, tmp_path: Path
) -> None:
    _, fn = metric_with(_cues())
    result = evaluate(fn, criterion(tmp_path, num_samples=3, cache=False), POLITE)
    assert result.overall_eval_status is EvalStatus.PASSED
    labels = {"domain": "desk", "metric": "helpful_tone"}
    assert telemetry.value("checkers_judge_calls_total", **labels) == 3  # 3 samples, judged once
    assert telemetry.value("checkers_judge_seconds_count", **labels) == 1
    assert telemetry.events()[0]["gen_ai.evaluation.score.label"] == "pass"


def test_checkers_score_counts_what_a_model_judge_spent_on_each_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    metric, _ = metric_with(_cues())
    events = [_user_says("I want a refund for order 17")]
    events.append(_agent_says({"text": "I'm sorry to hear that; thank you for waiting."}))
    session = RecordedSession("s1", "desk", "u1", tuple(events), {"scenario": "refund-late"})
    metrics = PrometheusMetrics()
    sink = MonitoringSink(Monitor(metrics=metrics), "desk")
    summary = score_sessions([metric], [session], [sink])
    assert summary.passed == {"helpful_tone": 1}
    labels = {"domain": "desk", "metric": "helpful_tone"}
    assert metrics.value("checkers_judge_calls_total", labels) == 1
    assert metrics.value("checkers_judge_seconds_count", labels) == 1
    passed = {**labels, "outcome": "pass", "reason_code": "ok"}
    assert metrics.value("checkers_evaluations_total", passed) == 1
    # Judged again, the same session is answered from the judge's cache: no call made.
    (again,) = judge_session([metric], session)  # type: ignore[misc]
    assert (again.usage["calls"], again.usage["cached"]) == (0, 1)


def _cues() -> Any:
    from checkers.rubric import scripted

    return scripted.cues()


def test_an_event_rides_on_the_span_being_evaluated(tiny_scenario_path: Path) -> None:
    spans = InMemorySpanExporter()
    tracer_provider = TracerProvider()
    tracer_provider.add_span_processor(SimpleSpanProcessor(spans))
    # A logger provider that drops everything (the API's default; not the global one, which
    # another test's ADK server may have configured): the span alone carries the event.
    monitor = Monitor(EventEmitter(NoOpLoggerProvider()))
    previous = install_monitor(monitor)
    try:
        assert not monitor.enabled()  # nothing to emit to: no record is built
        with tracer_provider.get_tracer("test").start_as_current_span("invoke_agent"):
            assert monitor.enabled()
            inv = invocation(FEEDS_BO_ONLY, scenario_rubric=str(tiny_scenario_path))
            everyone_ate(eval_metric(1.0, write_details=False), [inv], None, None)
    finally:
        install_monitor(previous)
    (span,) = spans.get_finished_spans()
    (event,) = span.events
    assert event.name == EVENT_NAME
    assert dict(event.attributes or {})["gen_ai.evaluation.score.value"] == 0.5


class Raising(LogRecordProcessor):
    """A processor that fails on every record, as a broken pipeline would."""

    def on_emit(self, log_record: ReadWriteLogRecord) -> None:
        raise ConnectionError("collector unreachable")

    def shutdown(self) -> None:
        pass

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return True


class FailingExporter(LogRecordExporter):
    def export(self, batch: Sequence[Any]) -> LogRecordExportResult:
        raise ConnectionError("collector unreachable")

    def shutdown(self) -> None:
        pass

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return True


@pytest.mark.parametrize(
    "processor, swallowed_by_us",
    [
        (Raising(), 1),
        # The SDK's own processor swallows its exporter's errors: nothing reaches us.
        (SimpleLogRecordProcessor(FailingExporter()), 0),
    ],
    ids=["processor raises", "exporter raises"],
)
def test_failing_telemetry_changes_no_verdict_and_is_counted(
    processor: LogRecordProcessor,
    swallowed_by_us: int,
    tiny_scenario_path: Path,
    tmp_path: Path,
) -> None:
    inv = invocation(FEEDS_BO_ONLY, scenario_rubric=str(tiny_scenario_path))
    criterion_ = eval_metric(1.0, write_details=False)
    unmonitored = everyone_ate(criterion_, [inv], None, None)
    broken = Telemetry(processor)
    # A textfile nobody can write: its directory is a file.
    (tmp_path / "not-a-directory").write_text("")
    broken.monitor.textfile = tmp_path / "not-a-directory" / "checkers.prom"
    previous = install_monitor(broken.monitor)
    try:
        monitored = everyone_ate(criterion_, [inv], None, None)
    finally:
        install_monitor(previous)
    assert monitored.model_dump() == unmonitored.model_dump()
    assert broken.monitor.errors == (
        {"otel": 1, "textfile": 1} if swallowed_by_us else {"textfile": 1}
    )
    assert broken.value("checkers_telemetry_errors_total", sink="textfile") == 1
    assert (
        broken.value(
            "checkers_evaluations_total",
            domain="dining",
            metric="everyone_ate",
            outcome="fail",
            reason_code="no_dish_for_diet",
        )
        == 1
    )


def test_the_environment_names_the_adapter_textfile(tmp_path: Path) -> None:
    path = tmp_path / "checkers.prom"
    monitor = monitor_from_environment({TEXTFILE_VARIABLE: str(path)})
    record = evaluation_record([_verdict([Outcome.FAIL])], 0.0, False, conversation_id="s1")
    monitor.observe([record, record])
    samples = _samples(path.read_text())
    key = (
        "checkers_evaluations_total",
        (("domain", "d"), ("metric", "m"), ("outcome", "fail"), ("reason_code", "code_fail")),
    )
    assert samples[key] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["checkers.prom"]  # no temporary left
    assert monitor_from_environment({}).metrics is None


def _samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a text exposition, by name and sorted labels."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def _by_outcome(
    samples: dict[tuple[str, tuple[tuple[str, str], ...]], float],
) -> dict[tuple[str, str], float]:
    """``checkers_evaluations_total`` summed by (metric, outcome)."""
    found: dict[tuple[str, str], float] = {}
    for (name, labels), value in samples.items():
        if name == "checkers_evaluations_total":
            held = dict(labels)
            key = (held["metric"], held["outcome"])
            found[key] = found.get(key, 0) + value
    return found


def expected_by_outcome(out: Path) -> dict[tuple[str, str], float]:
    """What the JSONL verdicts say the counts must be."""
    found: dict[tuple[str, str], float] = {}
    for line in out.read_text().splitlines():
        row = json.loads(line)
        unscored = any(
            r["outcome"] == "unscored" for s in row["verdict"]["subjects"] for r in s["results"]
        )
        outcome = "pass" if row["passed"] else ("unscored" if unscored else "fail")
        found[(row["metric"], outcome)] = found.get((row["metric"], outcome), 0) + 1
    return found


@pytest.fixture(scope="module")
def airline_runs() -> Path:
    if not AIRLINE_RUNS.exists():
        pytest.skip(f"{AIRLINE_RUNS} is not here (the shared tau-bench data)")
    return AIRLINE_RUNS


@pytest.mark.parametrize("workers", ["1", "2"])
def test_score_writes_the_textfile_the_verdicts_add_up_to(
    airline_runs: Path, tmp_path: Path, workers: str
) -> None:
    out, prom = tmp_path / "verdicts.jsonl", tmp_path / "checkers.prom"
    args = ["score", "airline", "--sessions", f"tau-bench:{airline_runs}", "--out", str(out)]
    assert main([*args, "--metrics-textfile", str(prom), "--workers", workers]) == 0
    samples = _samples(prom.read_text())
    by_outcome = _by_outcome(samples)
    assert by_outcome == expected_by_outcome(out)
    assert sum(by_outcome.values()) == 150  # 50 runs x 3 metrics
    assert by_outcome[("task_success", "pass")] == 17
    assert by_outcome[("policy_compliance", "pass")] == 16  # dev 16/1 offers compensation unasked
    assert by_outcome[("policy_compliance", "unscored")] == 1


def test_score_refuses_a_textfile_node_exporter_would_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            *("score", "airline", "--sessions", f"tau-bench:{AIRLINE_RUNS}"),
            *("--out", str(tmp_path / "v.jsonl"), "--metrics-textfile", str(tmp_path / "m.txt")),
        ]
    )
    assert code == 2
    assert capsys.readouterr().err == (
        f"checkers: error: --metrics-textfile '{tmp_path / 'm.txt'}': node_exporter's textfile "
        f"collector reads only files ending in .prom; name it e.g. '{tmp_path / 'm.prom'}'\n"
    )


OTEL_SCORE = """
import json, sys
from opentelemetry._logs import set_logger_provider
from opentelemetry._logs import NoOpLoggerProvider
from opentelemetry.sdk._logs import LoggerProvider
from opentelemetry.sdk._logs.export import InMemoryLogRecordExporter, SimpleLogRecordProcessor
from checkers.cli import main

exporter = InMemoryLogRecordExporter()
provider = LoggerProvider()
provider.add_log_record_processor(SimpleLogRecordProcessor(exporter))
set_logger_provider(provider)
code = main(sys.argv[1:])
events = [dict(r.log_record.attributes) for r in exporter.get_finished_logs()
          if r.log_record.event_name == "gen_ai.evaluation.result"]
print(json.dumps({"code": code, "events": events}))
"""


def test_score_emits_an_event_per_session_and_metric_when_a_provider_is_set(
    airline_runs: Path, tmp_path: Path
) -> None:
    # A process of its own: a global logger provider can be set only once per process.
    out = tmp_path / "verdicts.jsonl"
    args = ["score", "airline", "--sessions", f"tau-bench:{airline_runs}", "--out", str(out)]
    done = subprocess.run(
        [sys.executable, "-c", OTEL_SCORE, *args, "--metric", "no_fabrication"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.splitlines()[-1])
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert report["code"] == 0 and len(report["events"]) == len(lines) == 50
    for event, line in zip(report["events"], lines, strict=True):
        assert event["gen_ai.conversation.id"] == line["session_id"]
        assert event["gen_ai.evaluation.name"] == "no_fabrication"
        assert event["gen_ai.evaluation.score.value"] == line["score"]
        assert (event["gen_ai.evaluation.score.label"] == "pass") is line["passed"]


# Verdicts of any shape: each requirement's outcome drawn, problems or none.
OUTCOMES = st.sampled_from(list(Outcome))


def _verdict(outcomes: Sequence[Outcome], problems: Sequence[str] = ()) -> Verdict:
    results = tuple(
        RequirementResult(f"kind{i}", outcome, f"code_{outcome.value}", "why")
        for i, outcome in enumerate(outcomes)
    )
    subject = SubjectResult.of("a", "Ana", results)
    return Verdict.of(
        "d",
        "m",
        "s",
        1.0,
        (subject,),
        problems=tuple(AnswerProblem(code=c, message="bad") for c in problems),
    )


@given(
    st.lists(st.lists(OUTCOMES, max_size=4), min_size=1, max_size=3),
    st.lists(st.sampled_from(["unparseable", "evaluator_error"]), max_size=2),
)
def test_a_record_states_its_verdicts_faithfully(
    turns: list[list[Outcome]], problems: list[str]
) -> None:
    verdicts = [_verdict(outcomes) for outcomes in turns[:-1]]
    verdicts.append(_verdict(turns[-1], problems))
    passed = all(v.passed for v in verdicts)
    record = evaluation_record(verdicts, 1.0 if passed else 0.0, passed)
    unscored = any(v.unscored for v in verdicts)
    assert record.label == ("pass" if passed else "unscored" if unscored else "fail")
    assert (record.reason_code == "ok") is passed
    assert len(record.requirements) == len(turns[-1]) + len(problems)
    assert record.evaluator_error is ("evaluator_error" in problems)
    if not passed and problems:
        assert record.reason_code == problems[0]
    if record.label == "unscored" and not problems:
        assert record.reason_code == "code_unscored"


@pytest.mark.slow
def test_adk_eval_writes_the_textfile_the_environment_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    prom = tmp_path / "adk-eval.prom"
    monkeypatch.setenv(TEXTFILE_VARIABLE, str(prom))
    # adk eval does not put the working directory on sys.path: name this checkout's root, so
    # that the metrics it loads are this checkout's.
    paths = [str(ROOT), os.environ.get("PYTHONPATH")]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, paths)))
    eval_set = json.loads(EVALSET_FILE.read_text())
    eval_set["eval_cases"] = [c for c in eval_set["eval_cases"] if c["eval_id"] == "story-six"]
    story = tmp_path / "story.evalset.json"
    story.write_text(json.dumps(eval_set))
    careful = ROOT / "domains" / "dining" / "agents" / "careful"
    config = ROOT / "evalsets" / "dining" / "eval_config.json"
    done = run_adk_eval(careful, story, config, tmp_path / "details")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    samples = _samples(prom.read_text())
    for metric in ("everyone_ate", "menu_before_booking"):
        labels = (("domain", "dining"), ("metric", metric), ("outcome", "pass"))
        assert samples[("checkers_evaluations_total", (*labels, ("reason_code", "ok")))] == 1


def test_the_textfile_is_rewritten_at_most_once_a_second_and_at_the_end(tmp_path: Path) -> None:
    path = tmp_path / "checkers.prom"
    monitor = Monitor(metrics=PrometheusMetrics(), textfile=path, textfile_every=3600)
    record = evaluation_record([_verdict([Outcome.PASS])], 1.0, True)
    total = (
        "checkers_evaluations_total",
        (("domain", "d"), ("metric", "m"), ("outcome", "pass"), ("reason_code", "ok")),
    )
    monitor.observe([record])
    assert _samples(path.read_text())[total] == 1  # the first write is never put off
    monitor.observe([record])
    assert _samples(path.read_text())[total] == 1  # within the interval: not yet
    monitor.flush(force=True)
    assert _samples(path.read_text())[total] == 2


def test_score_serves_its_metrics_on_127_0_0_1_while_it_lingers(
    airline_runs: Path, tmp_path: Path
) -> None:
    out, log = tmp_path / "verdicts.jsonl", tmp_path / "score.log"
    command = [
        *(sys.executable, "-m", "checkers.cli", "score", "airline", "--metric", "task_success"),
        *("--sessions", f"tau-bench:{airline_runs}", "--out", str(out)),
        *("--metrics-port", "0", "--metrics-linger", "120"),
    ]
    with log.open("wb") as written:
        process = subprocess.Popen(command, stdout=written, stderr=subprocess.STDOUT, cwd=ROOT)
    try:
        deadline = time.monotonic() + 90
        while "more seconds" not in log.read_text() and time.monotonic() < deadline:
            assert process.poll() is None, log.read_text()
            time.sleep(0.2)
        port = re.search(r"metrics: http://127\.0\.0\.1:(\d+)/metrics", log.read_text())
        assert port is not None, log.read_text()
        url = f"http://127.0.0.1:{port.group(1)}/metrics"
        with urllib.request.urlopen(url, timeout=10) as reply:
            samples = _samples(reply.read().decode())
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert _by_outcome(samples) == expected_by_outcome(out)
    assert _by_outcome(samples)[("task_success", "pass")] == 17


@pytest.mark.parametrize(
    "extra, message",
    [
        (
            ["--runner", "beam", "--metrics-textfile", "m.prom"],
            "--metrics-port and --metrics-textfile are not served by --runner beam; score with "
            "the loop (and --workers)",
        ),
        (
            ["--metrics-linger", "5"],
            "--metrics-linger 5 keeps the metrics server up after scoring; it needs "
            "--metrics-port PORT",
        ),
    ],
    ids=["beam", "linger without a port"],
)
def test_score_refuses_monitoring_options_it_cannot_honour(
    extra: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["score", "airline", "--sessions", f"tau-bench:{AIRLINE_RUNS}"]
    assert main([*args, "--out", str(tmp_path / "v.jsonl"), *extra]) == 2
    assert capsys.readouterr().err == f"checkers: error: {message}\n"


def test_score_says_when_its_metrics_port_is_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["score", "airline", "--sessions", f"tau-bench:{AIRLINE_RUNS}"]
        code = main([*args, "--out", str(tmp_path / "v.jsonl"), "--metrics-port", str(port)])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"checkers: error: --metrics-port {port}: cannot listen on 127.0.0.1:")
    assert err.endswith("; choose another port, or 0 for a free one\n")


WITHOUT_EXTRAS = ("opentelemetry", "prometheus_client")


def test_the_core_needs_neither_opentelemetry_nor_prometheus_client() -> None:
    # google-adk brings opentelemetry-api, but the core is importable without google-adk, so
    # without it too; prometheus-client is an extra.
    modules = ["checkers.cli", "checkers.score_cli", "checkers.monitoring"]
    outcomes = import_refusing(WITHOUT_EXTRAS, modules)
    assert {m: o["error"] for m, o in outcomes.items()} == dict.fromkeys(modules)


def test_without_prometheus_client_score_says_what_to_install(tmp_path: Path) -> None:
    args = ["score", "airline", "--sessions", f"tau-bench:{AIRLINE_RUNS}"]
    out = ["--out", str(tmp_path / "v.jsonl"), "--metrics-textfile", str(tmp_path / "m.prom")]
    done = refusing(WITHOUT_EXTRAS, RUN_CLI, *args, *out)
    assert done.returncode == 2
    assert "Prometheus metrics need prometheus-client" in done.stderr
    assert "pip install 'adk-requirement-checkers[monitoring]'" in done.stderr
