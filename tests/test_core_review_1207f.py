"""The eight classes the 2026-12-07 core review found (``tests/test_review_probes_core_1207f.py``),
closed by class, each as a property over many forms. Every property here was seen failing on
the code before the fix.

1. ``unread_status_counted_failed``: whatever status an eval-history metric result or a details
   file holds, a run is read as passed, failed or unscored only when its status says so (ADK's
   number or name); any other status refuses the file, naming it. So a baseline nobody could
   read never makes a candidate better.
2. ``dead_letter_keeps_old_verdict``: over any sequence of ``checkers score --table`` runs, each
   session's verdict rows are those of the last run that read it: its verdict when that run
   judged it, none when that run could only make it a dead letter (a repeat's dead letter keeps
   its run's verdict), and those of an earlier run when this one did not read it.
3. ``metric_named_twice``: however often ``--metric`` names each metric, each is judged once per
   session, in the order first named.
4. ``blank_option``: a criterion's ``details_dir``, ``judge`` or ``cache_dir`` given as a text of
   nothing but spaces fails the case (a configuration error naming the key) on every bundled
   dining scenario a plan serves in full, never judging with a default judge nor writing into
   the working directory (the failure's details go to the default folder, as for any bad
   option); a named judge and a named folder work as before.
5. ``judge_reply_picked``: whatever responses an ADK model yields to one judge call, the reply
   is read from its one complete response (the last partial one when none is complete); two
   complete responses are a failed call (the sample is unscored), never one of them taken.
6. ``not_evaluated_believed``: a details file read as an unscored run (status NOT_EVALUATED, or
   none) on every bundled dining scenario a plan serves in full is one the evaluator could not
   decide, or one that passed; one whose invocations fail whatever their unscored results say
   is refused, never left out of a pass rate.
7. ``eval_id_shared``: an eval set passes :func:`~checkers.adk.eval_checks.check_eval_set` only
   when every case has its own ``eval_id``; otherwise the ConfigError names each shared id.
8. ``threshold_out_of_range_read``: a run read for statistics was judged at a threshold in
   (0, 1]: a details file at any other threshold, and a score line passing at one, are refused
   (a score line failing at one is what ``checkers score`` writes for a metric whose own
   threshold is out of range, and is read as the failure it is).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_set import EvalSet
from google.adk.models.llm_response import LlmResponse
from google.genai import types
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers.adk.eval_checks import check_eval_set
from checkers.adk.model_judges import reply_from_adk
from checkers.compare import Direction, compare_records
from checkers.errors import CheckersError, ConfigError, DataError
from checkers.meta import meta_settings
from checkers.metric import case_score
from checkers.results import RequirementResult, SubjectResult, Verdict
from checkers.rubric.judge import JudgeCallError
from checkers.rubric.parser import parse_reply
from checkers.rubric.scripted import reply_text
from checkers.run_records import load_records, read_details, read_eval_history
from checkers.score import DeadLetter, SessionVerdict, score_sessions
from checkers.score_cli import chosen_metrics
from checkers.score_table import TableSink
from checkers.sessions import RecordedSession
from domains.dining import metrics as dining_metrics
from domains.dining.scenarios import DINING
from tests.adk_helpers import eval_metric, invocation
from tests.report_helpers import CAREFUL_ANSWER, RATING_FIRST_ANSWER, judged, write_run
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, _plan
from tests.test_review_probes_core_1206 import _Sink
from tests.test_stats_classes import history_file

pytestmark = pytest.mark.filterwarnings("ignore:\\[EXPERIMENTAL\\]:UserWarning")

SETTINGS = settings(
    meta_settings("ci"),
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHECKERS_OFFLINE", "1")
    monkeypatch.delenv("CHECKERS_JUDGE", raising=False)


@pytest.fixture
def scratch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh working directory for one example, its judge cache inside it."""
    with tempfile.TemporaryDirectory() as folder:
        monkeypatch.chdir(folder)
        monkeypatch.setenv("CHECKERS_JUDGE_CACHE", str(Path(folder) / ".judge-cache"))
        yield Path(folder)


# --- 1. unread_status_counted_failed ------------------------------------------------------------

KNOWN = {1: "PASSED", 2: "FAILED", 3: "NOT_EVALUATED", 4: "INFORMATIONAL"}
READ_STATUSES = st.sampled_from([1, 2, 3, "PASSED", "failed", " Not_Evaluated "])
UNREAD_STATUSES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers().filter(lambda n: n not in KNOWN),
    st.floats(allow_nan=False),
    st.text(max_size=12).filter(lambda t: t.strip().upper() not in KNOWN.values()),
    st.lists(st.integers(1, 3), max_size=2),
)
CASES = [f"case-{n}" for n in range(6)]


def _status_name(status: Any) -> str:
    return KNOWN[status] if isinstance(status, int) else str(status).strip().upper()


@SETTINGS
@given(statuses=st.lists(st.one_of(READ_STATUSES, UNREAD_STATUSES), min_size=6, max_size=6))
def test_a_history_status_is_read_only_as_adk_wrote_it(statuses: list[Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = history_file(Path(folder), "app_dining_1", [(c, True) for c in CASES], created=1.0)
        data = json.loads(path.read_text(encoding="utf-8"))
        for case, status in zip(data["eval_case_results"], statuses, strict=True):
            case["overall_eval_metric_results"][0]["eval_status"] = status
        path.write_text(json.dumps(data), encoding="utf-8")
        unread = [s for s in statuses if not _reads(s)]
        try:
            records = read_eval_history([path])
        except DataError as error:
            assert unread and "eval_status" in str(error) and str(path) in str(error)
            return
    assert not unread
    for record, status in zip(records, statuses, strict=True):
        name = _status_name(status)
        assert (record.passed, record.unscored) == (name == "PASSED", name == "NOT_EVALUATED")


def _reads(status: Any) -> bool:
    """Whether ``status`` is one of ADK's: its number (no bool) or its name in any case."""
    if isinstance(status, bool):
        return False
    if isinstance(status, int):
        return status in KNOWN
    return isinstance(status, str) and status.strip().upper() in KNOWN.values()


@SETTINGS
@given(statuses=st.lists(UNREAD_STATUSES, min_size=1, max_size=6))
def test_a_baseline_nobody_could_read_never_makes_a_candidate_better(statuses: list[Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        baseline = history_file(root / "b", "a_dining_1", [(c, True) for c in CASES], created=1.0)
        data = json.loads(baseline.read_text(encoding="utf-8"))
        for case, status in zip(data["eval_case_results"], statuses, strict=False):
            case["overall_eval_metric_results"][0]["eval_status"] = status
        baseline.write_text(json.dumps(data), encoding="utf-8")
        history_file(root / "c", "a_dining_2", [(c, True) for c in CASES], created=2.0)
        try:
            found = compare_records(load_records(root / "b"), load_records(root / "c"))
        except CheckersError:
            return
    assert found.direction is not Direction.IMPROVEMENT


@SETTINGS
@given(
    statuses=st.lists(
        st.sampled_from(["PASSED", "FAILED", "NOT_EVALUATED", "INFORMATIONAL"]),
        min_size=1,
        max_size=4,
    )
)
def test_a_details_file_is_a_failed_run_only_when_it_says_failed(statuses: list[str]) -> None:
    verdicts = {
        "PASSED": judged("story-six", CAREFUL_ANSWER),
        "FAILED": judged("story-six", RATING_FIRST_ANSWER),
    }
    with tempfile.TemporaryDirectory() as folder:
        for number, status in enumerate(statuses):
            verdict = verdicts.get(status, verdicts["PASSED"])
            path = write_run(Path(folder), [verdict], stamp=f"20260101T0000{number:02d}")
            data = json.loads(path.read_text(encoding="utf-8"))
            if status not in verdicts:
                data.update(overall_status=status, overall_score=None)
            path.write_text(json.dumps(data), encoding="utf-8")
        try:
            records = read_details([Path(folder)])
        except DataError as error:
            assert "INFORMATIONAL" in statuses and "INFORMATIONAL" in str(error)
            return
    assert "INFORMATIONAL" not in statuses
    assert [r.passed for r in records] == [s == "PASSED" for s in statuses]
    assert [r.unscored for r in records] == [s == "NOT_EVALUATED" for s in statuses]


# --- 2. dead_letter_keeps_old_verdict ------------------------------------------------------------

EVENTS = {
    "passes": [
        {"author": "user", "content": {"role": "user", "parts": [{"text": "Plan our dinner."}]}},
        {"author": "agent", "content": {"role": "model", "parts": [{"text": CAREFUL_ANSWER}]}},
    ],
    "fails": [
        {"author": "user", "content": {"role": "user", "parts": [{"text": "Plan our dinner."}]}},
        {"author": "agent", "content": {"role": "model", "parts": [{"text": RATING_FIRST_ANSWER}]}},
    ],
    "no-events": [],
}
READINGS = st.tuples(
    st.sampled_from(["a", "b", "c"]), st.sampled_from([*EVENTS, "reader-dead-letter"])
)
RUNS = st.lists(st.lists(READINGS, max_size=5), min_size=1, max_size=3)


def _item(session_id: str, reading: str) -> RecordedSession | DeadLetter:
    if reading == "reader-dead-letter":
        return DeadLetter(session_id, "dining", "u", "the store row is corrupt")
    state = {"scenario": "story-six"}
    return RecordedSession(session_id, "dining", "u", EVENTS[reading], state)


def _expected_run(readings: list[tuple[str, str]], table: dict[str, bool]) -> dict[str, bool]:
    """What the table's verdict rows say of each session after a run of ``readings``, as the
    module docstring's rule 2 has it (``table``: what they said before)."""
    seen: set[str] = set()
    judged_now: dict[str, bool] = {}
    lettered: set[str] = set()
    for session_id, reading in readings:
        if reading == "reader-dead-letter":
            lettered.add(session_id)
            continue
        if session_id in seen or reading == "no-events":
            seen.add(session_id)
            lettered.add(session_id)
            continue
        seen.add(session_id)
        judged_now[session_id] = reading == "passes"
    after = {s: p for s, p in table.items() if s not in lettered}
    after.update(judged_now)
    return after


@SETTINGS
@given(runs=RUNS)
def test_the_table_says_of_each_session_what_the_last_run_reading_it_said(
    runs: list[list[tuple[str, str]]],
) -> None:
    expected: dict[str, bool] = {}
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'verdicts.db'}"
        for readings in runs:
            sink = TableSink(url)
            try:
                items = [_item(s, r) for s, r in readings]
                score_sessions([dining_metrics.EVERYONE_ATE], items, [sink])
            finally:
                sink.close()
            expected = _expected_run(readings, expected)
            with sqlite3.connect(Path(folder) / "verdicts.db") as connection:
                rows = connection.execute(
                    "SELECT session_id, passed FROM checkers_verdicts"
                ).fetchall()
            said: dict[str, set[bool]] = {}
            for session_id, passed in rows:
                said.setdefault(session_id, set()).add(bool(passed))
            assert said == {s: {p} for s, p in expected.items()}, (readings, said, expected)


# --- 3. metric_named_twice ------------------------------------------------------------------------

CODE_METRICS = [n for n, m in dining_metrics.METRICS.items() if m.judge_async is None]


@SETTINGS
@given(named=st.lists(st.sampled_from(CODE_METRICS[:4]), min_size=1, max_size=8))
def test_each_metric_named_is_judged_once_per_session(named: list[str]) -> None:
    chosen = chosen_metrics("dining", dining_metrics.METRICS, named)
    assert chosen == list(dict.fromkeys(named))
    sink = _Sink()
    session = RecordedSession("s", "dining", "u", EVENTS["passes"], {"scenario": "story-six"})
    summary = score_sessions([dining_metrics.METRICS[m] for m in chosen], [session], [sink])
    assert [v.metric for v in sink.verdicts] == chosen
    assert all(count <= summary.judged for count in summary.passed.values())


# --- 4. blank_option ------------------------------------------------------------------------------

BLANKS = st.text(alphabet=" \t\n\r\u00a0\u2003", max_size=3)
OPTIONS = {
    "everyone_ate": ["details_dir"],
    "explains_each_guest": ["details_dir", "judge", "cache_dir"],
}


def _case(scenario_id: str) -> list[Any]:
    restaurant, _, time = _plan(DINING.load_scenario(scenario_id))
    answer = json.dumps({"restaurant": restaurant, "time": time})
    return [invocation(answer, scenario_rubric=scenario_id)]


def _status(metric: str, invocations: list[Any], **options: Any) -> str:
    called = getattr(dining_metrics, metric)(eval_metric(1.0, **options), invocations, None, None)
    result = asyncio.run(called) if asyncio.iscoroutine(called) else called
    return str(result.overall_eval_status.name)


@SETTINGS
@given(
    scenario_id=st.sampled_from(SERVED_IN_FULL),
    chosen=st.sampled_from([(m, o) for m, options in OPTIONS.items() for o in options]),
    blank=BLANKS,
)
def test_a_blank_option_fails_the_case_and_writes_nothing_into_the_working_directory(
    scenario_id: str,
    chosen: tuple[str, str],
    blank: str,
    scratch: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    # What a blank judge fell back to: one saying yes to anything.
    monkeypatch.setenv("CHECKERS_JUDGE", "scripted:always_yes")
    metric, option = chosen
    before = set(scratch.iterdir())
    extra = {} if option == "details_dir" else {"write_details": False}
    caplog.clear()
    assert _status(metric, _case(scenario_id), **extra, **{option: blank}) == "FAILED"
    assert f"{option}: Value error" in caplog.text
    # The failure's own details go where they go by default (.checkers/details), nothing else.
    assert set(scratch.iterdir()) - before <= {scratch / ".checkers"}


@SETTINGS
@given(scenario_id=st.sampled_from(SERVED_IN_FULL), folder=st.sampled_from(["d", " d", "d e"]))
def test_a_named_judge_and_folder_work_as_before(
    scenario_id: str, folder: str, scratch: Path
) -> None:
    case = _case(scenario_id)
    assert _status("everyone_ate", case, details_dir=folder) == "PASSED"
    assert list((scratch / folder).glob("everyone_ate-*.json"))
    options = {"judge": "scripted:always_yes", "cache_dir": folder, "write_details": False}
    assert _status("explains_each_guest", case, **options) == "PASSED"
    options["judge"] = "scripted:always_no"
    assert _status("explains_each_guest", case, **options) == "FAILED"


# --- 5. judge_reply_picked -----------------------------------------------------------------------

RESPONSE_KINDS = ["yes", "no", "refusal", "error", "empty"]


def _response(kind: str, partial: bool) -> LlmResponse:
    """One ADK model response of ``kind``: a reply saying yes or no to rubric ``r``, a safety
    stop, an error, or no content."""
    if kind == "refusal":
        return LlmResponse(finish_reason=types.FinishReason.SAFETY, partial=partial)
    if kind == "error":
        return LlmResponse(error_code="UNAVAILABLE", partial=partial)
    if kind == "empty":
        return LlmResponse(partial=partial)
    text = reply_text({"r": "yes" if kind == "yes" else "no"})
    content = types.Content(role="model", parts=[types.Part(text=text)])
    return LlmResponse(content=content, partial=partial)


@SETTINGS
@given(
    responses=st.lists(
        st.tuples(st.sampled_from(RESPONSE_KINDS), st.booleans()), min_size=1, max_size=4
    )
)
def test_a_judge_reply_is_read_from_one_complete_response_or_not_at_all(
    responses: list[tuple[str, bool]],
) -> None:
    given_responses = [_response(kind, partial) for kind, partial in responses]
    complete = [kind for kind, partial in responses if not partial]
    try:
        reply = reply_from_adk(given_responses)
    except JudgeCallError:
        assert len(complete) > 1 or (complete or [responses[-1][0]])[-1] == "error"
        return
    assert len(complete) <= 1
    read = complete[0] if complete else responses[-1][0]
    said = parse_reply(reply.text, ["r"])["r"].verdict if reply.refusal is None else None
    assert said == {"yes": "yes", "no": "no"}.get(read)


# --- 6. not_evaluated_believed -------------------------------------------------------------------

SHAPES = ["passes", "fails", "passes-but-unscored", "fails-and-unscored"]


def _verdict(scenario_id: str, shape: str) -> Verdict:
    """A verdict on ``scenario_id``: on its plan serving everyone (``passes``), or on that plan
    at 03:00, when no restaurant serves (``fails``); ``-unscored``: with one more result of its
    first subject, unscored (the evaluator could not decide it)."""
    restaurant, _, time = _plan(DINING.load_scenario(scenario_id))
    plan = {"restaurant": restaurant, "time": time if shape.startswith("passes") else "03:00"}
    verdict = judged(scenario_id, json.dumps(plan))
    if not shape.endswith("unscored"):
        return verdict
    first = verdict.subjects[0]
    unscored = RequirementResult.unscored("tone", "judge_timeout", "the judge did not answer")
    changed = SubjectResult.of(first.subject_id, first.name, (*first.results, unscored))
    return verdict.model_copy(update={"subjects": (changed, *verdict.subjects[1:])})


@SETTINGS
@given(
    scenario_id=st.sampled_from(SERVED_IN_FULL),
    shape=st.sampled_from(SHAPES),
    status=st.sampled_from(["NOT_EVALUATED", None]),
)
def test_a_run_read_as_unscored_is_one_the_evaluator_could_not_decide(
    scenario_id: str, shape: str, status: str | None
) -> None:
    verdict = _verdict(scenario_id, shape)
    with tempfile.TemporaryDirectory() as folder:
        path = write_run(Path(folder), [verdict])
        data = json.loads(path.read_text(encoding="utf-8"))
        data.pop("overall_status")
        data.update(overall_score=None, **({} if status is None else {"overall_status": status}))
        path.write_text(json.dumps(data), encoding="utf-8")
        decided_failure = shape.startswith("fails")
        try:
            (record,) = read_details([Path(folder)])
        except DataError as error:
            assert decided_failure and "NOT_EVALUATED" in str(error), error
            return
    assert not decided_failure
    assert (record.unscored, record.passed) == (True, False)


# --- 7. eval_id_shared ---------------------------------------------------------------------------


@SETTINGS
@given(ids=st.lists(st.sampled_from(["a", "b", "c", "d", "a b", "é"]), min_size=1, max_size=6))
def test_an_eval_set_passes_the_check_only_when_each_case_has_its_own_id(ids: list[str]) -> None:
    cases = [
        {
            "eval_id": eval_id,
            "conversation": [
                {
                    "invocation_id": "i",
                    "user_content": {"parts": [{"text": "[scenario:story-six]"}]},
                }
            ],
        }
        for eval_id in ids
    ]
    eval_set = EvalSet.model_validate({"eval_set_id": "s", "eval_cases": cases})
    shared = sorted({i for i in ids if ids.count(i) > 1})
    try:
        check_eval_set(eval_set)
    except ConfigError as error:
        assert shared and all(repr(i) in str(error) for i in shared), error
        return
    assert not shared


# --- 8. threshold_out_of_range_read --------------------------------------------------------------

THRESHOLDS = st.one_of(
    st.sampled_from([0.0, -0.0, -1.0, 1.5, 1e-300, 0.5, 1.0]),
    st.floats(min_value=-2, max_value=3, allow_nan=False),
)


@SETTINGS
@given(
    scenario_id=st.sampled_from(SERVED_IN_FULL),
    shape=st.sampled_from(["passes", "fails"]),
    threshold=THRESHOLDS,
    source=st.sampled_from(["score", "details"]),
)
def test_a_run_passing_at_a_threshold_out_of_range_is_refused(
    scenario_id: str, shape: str, threshold: float, source: str
) -> None:
    verdict = _verdict(scenario_id, shape).model_copy(update={"threshold": threshold})
    score = case_score([verdict], threshold)
    in_range = 0 < threshold <= 1
    with tempfile.TemporaryDirectory() as folder:
        if source == "score":
            path = Path(folder) / "verdicts.jsonl"
            session = RecordedSession("s", "dining", "u", [])
            one = SessionVerdict(session, "everyone_ate", verdict, score.overall, score.passed)
            path.write_text(json.dumps(one.as_json()) + "\n", encoding="utf-8")
        else:
            path = write_run(Path(folder), [verdict])
            data = json.loads(path.read_text(encoding="utf-8"))
            data.update(threshold=threshold, overall_score=score.overall)
            data.update(overall_status="PASSED" if score.passed else "FAILED")
            path.write_text(json.dumps(data), encoding="utf-8")
        try:
            (record,) = load_records(path if source == "score" else Path(folder))
        except DataError as error:
            assert not in_range and "threshold" in str(error), error
            assert score.passed or source == "details"
            return
    assert in_range or (source == "score" and not score.passed)
    assert record.passed is score.passed
