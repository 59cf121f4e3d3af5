"""Hostile review (2026-12-07) of the core plumbing, from angles the earlier reviews did not take:
final responses of odd shapes under the ADK metric adapter, scenarios named oddly, criterion
options that are blank, details written where they cannot be, a ``checkers score`` table re-run,
metrics named twice, eval-history statuses nobody can read, a model judge answering twice, and
the report's escaping.

The first rule: an evaluator fails closed. Whatever it is given, it never raises into ADK, never
passes what it could not judge, never picks one of several answers; a comparison never calls a
version better on evidence it could not judge; a score run never loses a session. A probe in
:data:`WRONG` is a strict expected failure (its reason names its class); the others pass.

Attacked and found right (controls below): a final response of two texts, of a thought holding the
plan, of thoughts only, of inline data only, of empty or blank text, with no parts; the plan said
only in an intermediate event, or an intermediate plan differing from the final one; a rubric
naming two scenarios, two rubrics naming two, a tag climbing out of the working directory, a NUL
in a rubric's id, two turns tagging two scenarios; a criterion threshold given as a text (ADK
reads ``"0.5"`` as 0.5), or out of (0, 1] however built; an unknown option, another metric's
option; a details folder that is a file, or below one (a failing case stays failed); no
invocation; a table re-run whose verdict changed (replaced), a session repeated in one run (its
first verdict kept beside the repeat's dead letter); ``compare`` on all-unscored, one-sided or
mismatched runs; HTML and lone surrogates in a verdict (escaped, written as UTF-8).

Wrong behaviours found: 18 probes in 8 classes, all closed the same day by class (the properties
in ``tests/test_core_review_1207f.py``, each seen failing on the code before), so :data:`WRONG`
is empty:

- ``unread_status_counted_failed`` (4, false improvement): an eval-history metric result whose
  ``eval_status`` is missing or none of ADK's (a number past 4, a word), and a details file whose
  status is ``INFORMATIONAL`` (which no checkers metric reports), were read as failed runs: a
  baseline nobody could read made the candidate a "significant improvement". Now the file is
  refused, naming the case and the status.
- ``dead_letter_keeps_old_verdict`` (2, false PASS kept): ``checkers score --table`` re-run over a
  session that can no longer be read (it lost its events, its store row broke) wrote the dead
  letter and kept the verdict rows the run before left, a pass among them: a dashboard kept
  counting the session as passed. Now a dead letter deletes the session's verdict rows an
  earlier run left (never those of this run: a repeat's dead letter keeps the first verdict).
- ``metric_named_twice`` (1): ``checkers score --metric m --metric m`` judged every session twice
  under one name: "passed 2 of 1" in the summary, and an output that ``checkers stats`` and
  ``compare`` refuse as one run read twice. Now a metric named twice is judged once.
- ``blank_option`` (4): a criterion option given as an empty text did not fail the case as a bad
  option: ``"judge": ""`` judged with ``$CHECKERS_JUDGE`` or the metric's offline default
  (``scripted:cues``, which says yes to any answer holding a cue word), ``"details_dir": ""``
  and ``"cache_dir": ""`` wrote into the working directory. Now each is a configuration error
  naming the key (the case fails; ``load_eval_config`` refuses the config).
- ``judge_reply_picked`` (2, false PASS): a model judge through ADK's registry (``adk:<model>``)
  that yielded two complete responses to one call had the last one read: a "yes" after a "no",
  or after a safety refusal, passed the rubric. Now two complete responses are a failed call
  (the sample is unscored, so the case fails).
- ``not_evaluated_believed`` (2, false pass rate): a details file of a failing case whose status
  was edited to NOT_EVALUATED, or deleted (read as NOT_EVALUATED), was read as an unscored run:
  ``checkers stats`` left it out of the pass rate, so two failing runs of three made a pass rate
  of 1.00. The loader held PASSED and FAILED to the invocations, not NOT_EVALUATED; now a case
  NOT_EVALUATED whose invocations fail whatever the evaluator could not decide is refused (one
  that passes only withholds a pass, and is read as it says).
- ``eval_id_shared`` (1): an eval set holding two cases under one ``eval_id`` passed
  :func:`~checkers.adk.eval_checks.check_eval_set`; ADK finds a case by its id, so ``adk eval``
  judges the second case's run as the first case (in its rubrics, so its scenario), and the
  pytest gate and ``checkers eval`` stopped with ADK's ValueError (a traceback). Now the check
  refuses it, naming the id.
- ``threshold_out_of_range_read`` (2, false pass rate): a ``checkers score`` line, or a details
  file, of a failing run edited to pass at threshold 0 (which every surface refuses to judge at)
  was read as a pass by ``stats`` and ``compare``: at 0 a case no subject satisfied passes, so
  the loaders' checks that a status agrees with its verdicts agreed. Now a details file at a
  threshold outside (0, 1], and a score line passing at one, are refused.

Seen and left as they are (no probe): ``adk eval`` takes a final response that holds a function
call beside its text (a long-running tool's event) as the reply, and the adapter judges that text,
where ``checkers score`` reads a text beside a call as no reply (ADK's own rule against the
session reader's); a call held only in ``final_response`` and in no invocation event is not read
as a call (ADK 2.10 and later keep such an event's content among the invocation events too);
``compare`` leaves unpaired the runs a candidate ran fewer of (a case run 5 times before and 3
after): the statistics tests take unequal runs as honest (``tests/test_stats_classes.py``),
though a run that crashed hides there as a missing case would; a model-judged metric whose
criterion names no judge, with ``$CHECKERS_JUDGE`` unset, is judged by its offline default
(``scripted:cues``, a cue-word stand-in) in ``adk eval`` and ``checkers score`` alike, by design;
``checkers score --app`` leaves other apps' sessions out without counting them (eval sessions
are counted), so a misspelt app reads nothing and exits 0.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncGenerator, Callable
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_case import Invocation, InvocationEvent, InvocationEvents
from google.adk.evaluation.eval_metrics import BaseCriterion, EvalMetric
from google.adk.evaluation.eval_rubrics import Rubric, RubricContent
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types

from checkers.adk.eval_checks import check_eval_set, load_eval_config, load_eval_set
from checkers.cli import main
from checkers.compare import Direction, compare_records
from checkers.errors import CheckersError, ConfigError, DataError
from checkers.report.build import build_report
from checkers.report.render import render_html
from checkers.results import RequirementResult, SubjectResult
from checkers.rubric.scripted import reply_text
from checkers.run_records import RunRecord, load_records
from checkers.score import DeadLetter, SessionVerdict, score_sessions
from checkers.score_table import TableSink
from checkers.sessions import RecordedSession
from domains.dining import metrics as dining_metrics
from tests.adk_helpers import eval_metric, invocation, text_content
from tests.probe_harness import Review
from tests.report_helpers import CAREFUL_ANSWER, RATING_FIRST_ANSWER, judged, write_run
from tests.test_review_probes_core_1206 import _Sink
from tests.test_stats_classes import history_runs

pytestmark = pytest.mark.filterwarnings("ignore:\\[EXPERIMENTAL\\]:UserWarning")

WRONG: dict[str, str] = {}
"""Classes of wrong behaviour still open, by name: why the probes marked with them fail."""
REVIEW = Review(WRONG)
wrong = REVIEW.while_open

EVERYONE = CAREFUL_ANSWER
"""story-six: every guest eats (score 1)."""
HALF = RATING_FIRST_ANSWER
"""story-six: three of six guests eat (score 0.5)."""
TAGGED = "Plan our dinner. [scenario:story-six]"
P = types.Part


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CHECKERS_OFFLINE", "1")
    monkeypatch.delenv("CHECKERS_JUDGE", raising=False)
    monkeypatch.setenv("CHECKERS_JUDGE_CACHE", str(tmp_path / "judge-cache"))
    monkeypatch.chdir(tmp_path)


def _status(
    invocations: Any, criterion: EvalMetric | None = None, function: Any = None
) -> tuple[str, float | None]:
    """What the ADK metric (``everyone_ate`` by default) says of ``invocations``."""
    metric = function or dining_metrics.everyone_ate
    called = metric(criterion or eval_metric(1.0, write_details=False), invocations, None, None)
    result = asyncio.run(called) if asyncio.iscoroutine(called) else called
    return result.overall_eval_status.name, result.overall_score


def _final(*parts: P, user: str = TAGGED, events: InvocationEvents | None = None) -> Invocation:
    """An invocation whose final response holds ``parts``."""
    return Invocation(
        user_content=text_content(user, "user"),
        final_response=types.Content(role="model", parts=list(parts)),
        intermediate_data=events,
    )


def _agent_events(*texts: str) -> InvocationEvents:
    """Intermediate agent events, one text each."""
    return InvocationEvents(
        invocation_events=[
            InvocationEvent(author="agent", content=types.Content(role="model", parts=[P(text=t)]))
            for t in texts
        ]
    )


def _rubric(text: str) -> Rubric:
    return Rubric(rubric_id="scenario", rubric_content=RubricContent(text_property=text))


# --- 1. final responses of odd shapes ------------------------------------------------------------

FINAL_SHAPES: dict[str, tuple[Callable[[], Any], str]] = {
    "two-texts": (lambda: [_final(P(text=HALF), P(text=EVERYONE))], "FAILED"),
    "thought-holds-the-plan": (
        lambda: [_final(P(text=EVERYONE, thought=True), P(text=HALF))],
        "FAILED",
    ),
    "thoughts-only": (lambda: [_final(P(text=EVERYONE, thought=True))], "FAILED"),
    "inline-data-only": (
        lambda: [_final(P(inline_data=types.Blob(mime_type="text/plain", data=EVERYONE.encode())))],
        "FAILED",
    ),
    "empty-text": (lambda: [_final(P(text=""))], "FAILED"),
    "blank-text": (lambda: [_final(P(text=" \n\t "))], "FAILED"),
    "no-parts": (
        lambda: [
            Invocation(
                user_content=text_content(TAGGED, "user"),
                final_response=types.Content(role="model", parts=None),
            )
        ],
        "FAILED",
    ),
    "plan-only-in-an-intermediate-event": (
        lambda: [
            Invocation(
                user_content=text_content(TAGGED, "user"),
                final_response=None,
                intermediate_data=_agent_events(EVERYONE),
            )
        ],
        "FAILED",
    ),
    "intermediate-plan-differs-from-the-final": (
        lambda: [_final(P(text=EVERYONE), events=_agent_events(HALF))],
        "FAILED",
    ),
    "control-the-same-plan-twice": (
        lambda: [_final(P(text=EVERYONE), events=_agent_events(EVERYONE))],
        "PASSED",
    ),
}


@pytest.mark.parametrize("shape", sorted(FINAL_SHAPES))
def test_a_final_response_of_any_shape_passes_only_when_it_says_one_passing_plan(
    shape: str,
) -> None:
    build, expected = FINAL_SHAPES[shape]
    status, score = _status(build())
    assert status == expected, (shape, status, score)
    if expected == "FAILED":
        assert score is not None and score < 1.0


# --- 2. the scenario a case names ----------------------------------------------------------------


def _with_rubrics(*texts: str, answer: str = EVERYONE, user: str = "Plan.") -> Invocation:
    found = invocation(answer, user_text=user)
    return found.model_copy(update={"rubrics": [_rubric(t) for t in texts]})


SCENARIO_CASES: dict[str, Callable[[], list[Invocation]]] = {
    "one-rubric-naming-two": lambda: [_with_rubrics("scenario:story-six scenario:no-plan-fits")],
    "two-rubrics-naming-two": lambda: [
        _with_rubrics("scenario:story-six", "scenario:no-plan-fits")
    ],
    "tag-climbing-out": lambda: [invocation(EVERYONE, user_text="[scenario:../../x/story.json]")],
    "nul-in-a-rubric": lambda: [_with_rubrics("scenario:story-six\x00")],
    "two-turns-two-tags": lambda: [
        invocation(EVERYONE, user_text="[scenario:story-six]"),
        invocation(EVERYONE, user_text="[scenario:no-plan-fits]"),
    ],
}


@pytest.mark.parametrize("named", sorted(SCENARIO_CASES))
def test_a_case_naming_no_one_loadable_scenario_fails_and_never_raises(named: str) -> None:
    assert _status(SCENARIO_CASES[named]()) == ("FAILED", 0.0)


def test_control_a_rubric_and_a_tag_naming_one_scenario_pass() -> None:
    case = _with_rubrics("scenario: story-six ", user="[scenario:story-six]")
    assert _status([case]) == ("PASSED", 1.0)


# --- 3. criterion options -------------------------------------------------------------------------


def _constructed(threshold: Any) -> EvalMetric:
    """A criterion holding ``threshold`` as it is (built without validation)."""
    criterion = BaseCriterion.model_construct(threshold=threshold)
    return EvalMetric.model_construct(metric_name="everyone_ate", criterion=criterion)


@pytest.mark.parametrize(
    "threshold", ["0.5", 0, -0.5, 1.5, float("nan"), float("inf"), True, "half", [1.0]]
)
def test_a_threshold_out_of_range_however_given_fails_a_half_served_case(threshold: Any) -> None:
    # Built without validation, the text "0.5" stays a text: refused like any other.
    half = [invocation(HALF, scenario_rubric="story-six")]
    assert _status(half, _constructed(threshold)) == ("FAILED", 0.0)


def test_control_adk_reads_a_threshold_text_as_its_number() -> None:
    criterion = EvalMetric(metric_name="everyone_ate", criterion=BaseCriterion(threshold="0.5"))
    half = [invocation(HALF, scenario_rubric="story-six")]
    assert _status(half, criterion) == ("PASSED", 0.5)


@pytest.mark.parametrize(
    "options",
    [{"thresold": 1.0}, {"judge": "scripted:always_yes"}, {"num_samples": 3}, {"unscored": "skip"}],
    ids=["misspelled", "judge-on-a-code-metric", "samples-on-a-code-metric", "unscored-skip"],
)
def test_an_option_the_metric_does_not_take_fails_a_passing_case(options: dict[str, Any]) -> None:
    everyone = [invocation(EVERYONE, scenario_rubric="story-six")]
    assert _status(everyone, eval_metric(1.0, write_details=False, **options))[0] == "FAILED"


@wrong("blank_option")
def test_a_blank_details_dir_is_a_bad_option_not_the_working_directory(tmp_path: Path) -> None:
    everyone = [invocation(EVERYONE, scenario_rubric="story-six")]
    assert _status(everyone, eval_metric(1.0, details_dir=""))[0] == "FAILED"
    assert not list(tmp_path.glob("everyone_ate-*"))


@wrong("blank_option")
@pytest.mark.parametrize("option", ["judge", "cache_dir"])
def test_a_blank_rubric_option_is_a_bad_option_not_the_default(
    option: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The judge a blank option fell back to: one that says yes to anything.
    monkeypatch.setenv("CHECKERS_JUDGE", "scripted:always_yes")
    everyone = [invocation(EVERYONE, scenario_rubric="story-six")]
    criterion = eval_metric(1.0, write_details=False, **{option: ""})
    assert _status(everyone, criterion, dining_metrics.explains_each_guest)[0] == "FAILED"


def test_control_a_rubric_metric_named_judge_is_used() -> None:
    everyone = [invocation(EVERYONE, scenario_rubric="story-six")]
    criterion = eval_metric(1.0, write_details=False, judge="scripted:always_no")
    assert _status(everyone, criterion, dining_metrics.explains_each_guest)[0] == "FAILED"


# --- 4. details written where they cannot be ------------------------------------------------------


@pytest.mark.parametrize("where", ["a-file", "below-a-file"])
@pytest.mark.parametrize("answer", [EVERYONE, HALF], ids=["passing", "failing"])
def test_details_that_cannot_be_written_fail_the_case_and_never_raise(
    where: str, answer: str, tmp_path: Path
) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    folder = blocker if where == "a-file" else blocker / "details"
    case = [invocation(answer, scenario_rubric="story-six")]
    status, score = _status(case, eval_metric(1.0, details_dir=str(folder)))
    assert (status, score) == ("FAILED", 0.0)


@pytest.mark.parametrize("given", [[], ()], ids=["list", "tuple"])
def test_no_invocation_fails(given: Any) -> None:
    assert _status(given) == ("FAILED", 0.0)


# --- 5. checkers score: the table over re-runs, metrics named twice -------------------------------


def _event(author: str, text: str) -> dict[str, Any]:
    role = "user" if author == "user" else "model"
    return {"author": author, "content": {"role": role, "parts": [{"text": text}]}}


def _session(session_id: str, answer: str | None) -> RecordedSession:
    events = [] if answer is None else [_event("user", "Plan our dinner."), _event("agent", answer)]
    return RecordedSession(session_id, "dining", "u", events, {"scenario": "story-six"})


def _table_run(database: Path, sessions: list[RecordedSession | DeadLetter]) -> None:
    sink = TableSink(f"sqlite:///{database}")
    try:
        score_sessions([dining_metrics.EVERYONE_ATE], sessions, [sink])
    finally:
        sink.close()


def _table(database: Path) -> tuple[set[tuple[str, bool]], set[str]]:
    """The (session, passed) pairs of the verdict rows, and the dead letters' sessions."""
    with sqlite3.connect(database) as connection:
        rows = connection.execute("SELECT session_id, passed FROM checkers_verdicts").fetchall()
        dead = connection.execute("SELECT session_id FROM checkers_verdicts_dead_letters")
        return {(s, bool(p)) for s, p in rows}, {s for (s,) in dead.fetchall()}


@wrong("dead_letter_keeps_old_verdict")
@pytest.mark.parametrize("how", ["lost-its-events", "reader-dead-letter"])
def test_a_rerun_that_cannot_read_a_passed_session_keeps_no_pass_for_it(
    how: str, tmp_path: Path
) -> None:
    database = tmp_path / "verdicts.db"
    _table_run(database, [_session("a", EVERYONE), _session("b", HALF)])
    assert _table(database) == ({("a", True), ("b", False)}, set())
    broken = (
        _session("a", None) if how == "lost-its-events" else DeadLetter("a", "dining", "u", "bad")
    )
    _table_run(database, [broken, _session("b", HALF)])
    assert _table(database) == ({("b", False)}, {"a"})


def test_control_a_rerun_with_a_changed_verdict_replaces_it(tmp_path: Path) -> None:
    database = tmp_path / "verdicts.db"
    _table_run(database, [_session("a", EVERYONE)])
    _table_run(database, [_session("a", HALF)])
    assert _table(database) == ({("a", False)}, set())


def test_control_a_repeat_in_one_run_keeps_the_first_verdict_and_its_dead_letter(
    tmp_path: Path,
) -> None:
    database = tmp_path / "verdicts.db"
    _table_run(database, [_session("a", HALF), _session("a", EVERYONE)])
    rows, dead = _table(database)
    assert rows == {("a", False)} and dead == {"a"}


def test_control_a_dead_letter_then_a_verdict_clears_the_dead_letter(tmp_path: Path) -> None:
    database = tmp_path / "verdicts.db"
    _table_run(database, [_session("a", None)])
    _table_run(database, [_session("a", HALF)])
    assert _table(database) == ({("a", False)}, set())


@wrong("metric_named_twice")
def test_a_metric_named_twice_judges_each_session_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sessions = tmp_path / "sessions.jsonl"
    line = {
        "session_id": "a",
        "app_name": "dining",
        "user_id": "u",
        "events": [_event("user", "Plan our dinner."), _event("agent", EVERYONE)],
        "state": {"scenario": "story-six"},
    }
    sessions.write_text(json.dumps(line) + "\n", encoding="utf-8")
    out = tmp_path / "verdicts.jsonl"
    named = ["--metric", "everyone_ate"] * 2
    code = main(["score", "dining", "--sessions", f"jsonl:{sessions}", *named, "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 0 and "passed 1 of 1" in err, err
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1
    assert main(["stats", str(out)]) == 0


def test_control_sessions_in_are_verdicts_plus_dead_letters() -> None:
    sink = _Sink()
    given: list[RecordedSession | DeadLetter] = [
        _session("a", EVERYONE),
        _session("b", None),
        DeadLetter("c", "dining", "u", "unreadable"),
        _session("a", HALF),
    ]
    summary = score_sessions([dining_metrics.EVERYONE_ATE], given, [sink])
    assert summary.read == len(sink.verdicts) + len(sink.dead) == 4


# --- 6. statistics over runs nobody could read ----------------------------------------------------

CASES = [f"case-{n}" for n in range(8)]


def _history_with_status(folder: Path, status: Any, start: float) -> Path:
    """One ``adk eval`` run where every case passed, its metric statuses then set to
    ``status``."""
    history_runs(folder, [[(case, True) for case in CASES]], start=start)
    for path in folder.glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data["eval_case_results"]:
            for metric in case["overall_eval_metric_results"]:
                metric["eval_status"] = status
        path.write_text(json.dumps(data), encoding="utf-8")
    return folder


@wrong("unread_status_counted_failed")
@pytest.mark.parametrize("status", [None, 7, "unknown"], ids=["missing", "number", "word"])
def test_a_baseline_whose_statuses_cannot_be_read_makes_no_improvement(
    status: Any, tmp_path: Path
) -> None:
    baseline = _history_with_status(tmp_path / "baseline", status, 1000.0)
    candidate = history_runs(tmp_path / "candidate", [[(c, True) for c in CASES]], start=5000.0)
    try:
        found = compare_records(load_records(baseline), load_records(candidate))
    except DataError as error:
        assert "eval_status" in str(error)
        return
    assert found.direction is not Direction.IMPROVEMENT, found.direction


@wrong("unread_status_counted_failed")
def test_a_details_file_saying_informational_is_no_failed_run(tmp_path: Path) -> None:
    folder = tmp_path / "details"
    path = write_run(folder, [judged("story-six", CAREFUL_ANSWER)])
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "overall_status": "INFORMATIONAL"}), encoding="utf-8")
    try:
        records = load_records(folder)
    except CheckersError as error:
        assert "INFORMATIONAL" in str(error)
        return
    assert not [r for r in records if not r.passed and not r.unscored]


@wrong("not_evaluated_believed")
@pytest.mark.parametrize("edit", ["not-evaluated", "no-status"])
def test_failed_runs_edited_to_not_evaluated_leave_no_pass_rate_of_one(
    edit: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "details"
    for number, answer in enumerate([CAREFUL_ANSWER, RATING_FIRST_ANSWER, RATING_FIRST_ANSWER]):
        path = write_run(folder, [judged("story-six", answer)], stamp=f"20260101T0000{number:02d}")
        if answer == RATING_FIRST_ANSWER:
            data = json.loads(path.read_text(encoding="utf-8"))
            data.pop("overall_status")
            if edit == "not-evaluated":
                data["overall_status"] = "NOT_EVALUATED"
            path.write_text(json.dumps({**data, "overall_score": None}), encoding="utf-8")
    code = main(["stats", str(folder)])
    out = capsys.readouterr().out
    assert code == 2 or "1 of 1 case-runs passed" not in out, out


@wrong("threshold_out_of_range_read")
@pytest.mark.parametrize("source", ["score-line", "details-file"])
def test_a_failing_run_edited_to_pass_at_threshold_zero_counts_no_pass(
    source: str, tmp_path: Path
) -> None:
    verdict = judged("story-six", RATING_FIRST_ANSWER).model_copy(update={"threshold": 0.0})
    if source == "score-line":
        path = tmp_path / "verdicts.jsonl"
        one = SessionVerdict(
            RecordedSession("s", "dining", "u", []), "everyone_ate", verdict, 0.5, True
        )
        path.write_text(json.dumps(one.as_json()) + "\n", encoding="utf-8")
    else:
        path = tmp_path / "details"
        written = write_run(path, [judged("story-six", RATING_FIRST_ANSWER)])
        data = json.loads(written.read_text(encoding="utf-8"))
        data.update(threshold=0.0, overall_status="PASSED")
        for invocation_data in data["invocations"]:
            invocation_data.update(threshold=0.0)
            invocation_data.pop("passed", None)
        written.write_text(json.dumps(data), encoding="utf-8")
    try:
        records = load_records(path)
    except DataError as error:
        assert "threshold" in str(error)
        return
    assert not any(r.passed for r in records)


def test_control_history_statuses_by_name_read_as_adk_writes_them(tmp_path: Path) -> None:
    folder = _history_with_status(tmp_path / "h", "passed", 1000.0)
    assert all(r.passed for r in load_records(folder))


def _record(case: str, passed: bool, unscored: bool = False, metric: str = "m") -> RunRecord:
    score = None if unscored else float(passed)
    return RunRecord(case, 0, metric, score, passed, (), True, "test", unscored=unscored)


def test_control_all_unscored_is_inconclusive() -> None:
    baseline = [_record(c, True) for c in CASES]
    candidate = [_record(c, False, unscored=True) for c in CASES]
    assert compare_records(baseline, candidate).direction is Direction.INCONCLUSIVE


def test_control_a_metric_on_one_side_only_is_refused() -> None:
    baseline = [_record(c, True) for c in CASES] + [_record(c, True, metric="n") for c in CASES]
    candidate = [_record(c, True) for c in CASES]
    with pytest.raises(ConfigError, match="has no results of metric 'n'"):
        compare_records(baseline, candidate)


def test_control_cases_the_candidate_left_out_are_refused() -> None:
    baseline = [_record(c, True) for c in CASES]
    candidate = [_record(c, True) for c in CASES[:5]] + [_record("other", True)]
    with pytest.raises(ConfigError, match="has no run of 3 cases"):
        compare_records(baseline, candidate)


# --- 7. the report --------------------------------------------------------------------------------


def test_control_markup_and_lone_surrogates_in_a_verdict_are_escaped(tmp_path: Path) -> None:
    verdict = judged("story-six", RATING_FIRST_ANSWER)
    hostile = "<script>alert(1)</script>\ud800<img src=x onerror=alert(2)>x<b>"
    # A failing result whose reason and code hold markup, in place of Ana's (which fails).
    ana = next(s for s in verdict.subjects if not s.satisfied)
    failed = RequirementResult.failed(ana.unmet()[0].kind, "x<b>", hostile)
    marked = SubjectResult.of(ana.subject_id, f"{ana.name}<i>", (failed,))
    subjects = tuple(marked if s is ana else s for s in verdict.subjects)
    verdict = verdict.model_copy(update={"subjects": subjects, "notes": (hostile,)})
    folder = tmp_path / "agent__dining" / "details"
    write_run(folder, [verdict])
    page = render_html(build_report([tmp_path]))
    page.encode("utf-8")
    assert "<script" not in page and "<img" not in page and "<b>" not in page and "<i>" not in page
    assert "&lt;script&gt;" in page


# --- 8. configs refused before anything runs ------------------------------------------------------


@wrong("blank_option")
def test_an_eval_config_with_a_blank_judge_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "eval_config.json"
    config = {
        "criteria": {"explains_each_guest": {"threshold": 1.0, "judge": ""}},
        "custom_metrics": {
            "explains_each_guest": {
                "code_config": {"name": "domains.dining.metrics.explains_each_guest"}
            }
        },
    }
    path.write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(ConfigError, match="judge"):
        load_eval_config(path)


# --- 9. a model judge answering twice to one call ------------------------------------------------


class TwoRepliesLlm(BaseLlm):
    """A model registered under ``two-replies/<first>-<then>`` answering every call with two
    complete responses: ``no``, ``yes`` (a verdict for every rubric asked about) or
    ``refusal`` (a safety stop)."""

    @classmethod
    def supported_models(cls) -> list[str]:
        return [r"two-replies/.*"]

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        prompt = (llm_request.contents[-1].parts or [P(text="")])[0].text or ""
        ids = [line.split('"')[1] for line in prompt.splitlines() if line.startswith('- id "')]
        for said in self.model.split("/", 1)[1].split("-"):
            if said == "refusal":
                yield LlmResponse(finish_reason=types.FinishReason.SAFETY)
                continue
            text = reply_text(dict.fromkeys(ids, "yes" if said == "yes" else "no"))
            yield LlmResponse(content=types.Content(role="model", parts=[P(text=text)]))


LLMRegistry.register(TwoRepliesLlm)


@wrong("judge_reply_picked")
@pytest.mark.parametrize("replies", ["no-yes", "refusal-yes"])
def test_a_judge_answering_twice_to_one_call_passes_nothing(replies: str) -> None:
    everyone = [invocation(EVERYONE, scenario_rubric="story-six")]
    criterion = eval_metric(1.0, write_details=False, judge=f"adk:two-replies/{replies}")
    assert _status(everyone, criterion, dining_metrics.explains_each_guest)[0] == "FAILED"


def test_control_a_judge_answering_once_is_read() -> None:
    everyone = [invocation(EVERYONE, scenario_rubric="story-six")]
    criterion = eval_metric(1.0, write_details=False, judge="adk:two-replies/yes")
    assert _status(everyone, criterion, dining_metrics.explains_each_guest)[0] == "PASSED"


@wrong("eval_id_shared")
def test_two_cases_under_one_eval_id_are_refused_before_anything_runs(tmp_path: Path) -> None:
    first = {
        "eval_id": "dinner",
        "conversation": [
            {
                "invocation_id": "i1",
                "user_content": {"role": "user", "parts": [{"text": "[scenario:story-six]"}]},
            }
        ],
    }
    second = json.loads(json.dumps(first).replace("story-six", "no-plan-fits"))
    path = tmp_path / "shared.evalset.json"
    path.write_text(json.dumps({"eval_set_id": "s", "eval_cases": [first, second]}))
    with pytest.raises(ConfigError, match="'dinner'"):
        check_eval_set(load_eval_set(path))


def test_every_open_class_has_a_probe() -> None:
    tests = [function for name, function in globals().items() if name.startswith("test_")]
    assert REVIEW.classes_probed(tests) == set(WRONG)
