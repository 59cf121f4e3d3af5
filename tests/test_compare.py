"""``checkers compare`` and ``checkers stats`` on real inputs: details files written by the
metric adapter's writer, eval history written by ADK's own results manager (real google-adk
models), ``checkers score`` lines from :class:`SessionVerdict`, and (slow) the real ``adk eval``
CLI on the dining agents."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_metrics import EvalMetricResult, EvalMetricResultDetails
from google.adk.evaluation.eval_result import EvalCaseResult
from google.adk.evaluation.eval_rubrics import RubricScore
from google.adk.evaluation.evaluator import EvalStatus
from google.adk.evaluation.local_eval_set_results_manager import LocalEvalSetResultsManager
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.cli import main
from checkers.compare import Direction, compare_records
from checkers.errors import CheckersError
from checkers.reasons import overall_entries, reason_entries
from checkers.report.history import HISTORY_SUFFIX
from checkers.results import Outcome, Verdict
from checkers.run_records import load_records, read_details, read_eval_history
from checkers.score import SessionVerdict
from checkers.sessions import RecordedSession
from tests.adk_helpers import run_adk_eval
from tests.report_helpers import CAREFUL_ANSWER, RATING_FIRST_ANSWER, judged, write_run

ROOT = Path(__file__).resolve().parents[1]
STORY = "story-six"


def details_runs(directory: Path, answers: Sequence[str]) -> Path:
    """One details file per answer (a run of story-six), in order."""
    for run, answer in enumerate(answers):
        write_run(directory, [judged(STORY, answer)], stamp=f"20260101T0000{run:02d}")
    return directory


def adk_case_result(eval_id: str, verdict: Verdict) -> EvalCaseResult:
    """The case result ADK stores for a checkers metric's verdict: score, status, and the
    reasons as rubric scores (as checkers.adk.custom_metric reports them)."""
    reasons = overall_entries([reason_entries(verdict, "guest")])
    status = EvalStatus.PASSED if verdict.passed else EvalStatus.FAILED
    metric = EvalMetricResult(
        metric_name="everyone_ate",
        threshold=1.0,
        score=verdict.score,
        eval_status=status,
        details=EvalMetricResultDetails(
            rubric_scores=[
                RubricScore(rubric_id=e.rubric_id, rationale=e.rationale, score=e.score)
                for e in reasons
            ]
        ),
    )
    return EvalCaseResult(
        eval_set_id="dining",
        eval_id=eval_id,
        final_eval_status=status,
        overall_eval_metric_results=[metric],
        eval_metric_result_per_invocation=[],
        session_id=f"s-{eval_id}",
    )


def history_runs(agents: Path, app: str, answers: Sequence[str]) -> Path:
    """One eval-history file per answer, written by ADK's own results manager."""
    manager = LocalEvalSetResultsManager(str(agents))
    for answer in answers:
        manager.save_eval_set_result(app, "dining", [adk_case_result(STORY, judged(STORY, answer))])
    return agents / app / ".adk" / "eval_history"


def score_lines(path: Path, answers: Sequence[str]) -> Path:
    """``checkers score`` output: one session per answer."""
    lines = []
    for number, answer in enumerate(answers):
        verdict = judged(STORY, answer)
        session = RecordedSession(f"session-{number}", "dining", "u", [])
        one = SessionVerdict(session, "everyone_ate", verdict, verdict.score, verdict.passed)
        lines.append(json.dumps(one.as_json(), ensure_ascii=False))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def cli(*args: str | Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


CAREFUL_6 = [CAREFUL_ANSWER] * 6
CARELESS_6 = [RATING_FIRST_ANSWER] * 6


def test_details_give_every_requirement_of_every_run(tmp_path: Path) -> None:
    records = read_details([details_runs(tmp_path, [CAREFUL_ANSWER, RATING_FIRST_ANSWER])])
    assert [(r.case, r.run, r.metric, r.passed) for r in records] == [
        (STORY, 0, "everyone_ate", True),
        (STORY, 1, "everyone_ate", False),
    ]
    assert records[0].all_listed and records[0].score == 1.0 and records[1].score == 0.5
    missed = {(r.subject, r.kind, r.outcome, r.reason_code) for r in records[1].not_met()}
    # Ember & Oak: no vegetarian dish for Ana, dairy in every dish for Björn (so neither has
    # a single dish to eat), and dinner ends after José must leave.
    assert {(s, k) for s, k, _, _ in missed} == {
        ("Ana", "diet"),
        ("Ana", "single_dish"),
        ("Björn", "allergy"),
        ("Björn", "single_dish"),
        ("José", "availability"),
    }
    assert all(outcome is Outcome.FAIL for _, _, outcome, _ in missed)
    assert len(records[0].requirements) == len(records[1].requirements) > 6


def test_eval_history_gives_the_requirements_not_met(tmp_path: Path) -> None:
    history = history_runs(tmp_path, "careless", [RATING_FIRST_ANSWER, CAREFUL_ANSWER])
    records = read_eval_history([history])
    assert [(r.case, r.run, r.passed, r.score) for r in records] == [
        (STORY, 0, False, 0.5),
        (STORY, 1, True, 1.0),
    ]
    details = read_details([details_runs(tmp_path / "d", [RATING_FIRST_ANSWER])])
    # The same requirements and reason codes as the details file names.
    assert set(records[0].not_met()) == set(details[0].not_met())
    assert not records[0].all_listed and list(records[1].not_met()) == []


def test_score_output_is_one_run_per_session(tmp_path: Path) -> None:
    records = load_records(score_lines(tmp_path / "v.jsonl", [CAREFUL_ANSWER, RATING_FIRST_ANSWER]))
    assert [(r.case, r.run, r.passed) for r in records] == [(STORY, 0, True), (STORY, 1, False)]
    assert records[1].source.endswith("v.jsonl:2")


def test_five_flips_of_six_are_not_yet_significant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    baseline = details_runs(tmp_path / "careful", CAREFUL_6)
    candidate = details_runs(tmp_path / "careless", CAREFUL_6[:1] + CARELESS_6[:5])
    code, out, _ = cli("compare", baseline, candidate, capsys=capsys)
    # 5 pass->fail of 5 discordant pairs: p = 2 / 2**5 = 0.0625, not below 0.05: no gate.
    assert code == 0
    assert out.startswith("verdict: no significant difference\n")
    assert "McNemar exact p = 0.0625" in out
    assert "pass->fail 5, fail->pass 0" in out
    assert f"{STORY}: Ana's diet now fails in 5 of 6 runs (was 0 of 6)" in out
    assert "mean score difference (candidate - baseline): -0.417" in out  # 5 * -0.5 / 6
    # psi = delta = 5/6: Connor gives 5 pairs, but the exact test needs 6 flips: 6 / (5/6) = 8
    # (its power there is 0.865)
    assert "would need about 8 pairs (8 runs of each of 1 case" in out


def test_six_of_six_flips_are_a_significant_regression(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    baseline = details_runs(tmp_path / "careful", CAREFUL_6)
    candidate = details_runs(tmp_path / "careless", CARELESS_6)
    code, out, _ = cli("compare", baseline, candidate, "--json", capsys=capsys)
    report = json.loads(out)
    assert code == 1 and report["verdict"] == "significant regression"
    (metric,) = report["metrics"]
    assert metric["p_value"] == pytest.approx(2 / 2**6)
    assert metric["lost"] == 6 and metric["gained"] == 0 and metric["pairs"] == 6
    sentences = {f["sentence"] for f in metric["flips"]}
    assert f"{STORY}: José's availability now fails in 6 of 6 runs (was 0 of 6)" in sentences
    # Swapped, the same evidence is an improvement, and no gate.
    code, out, _ = cli("compare", candidate, baseline, capsys=capsys)
    assert code == 0 and out.startswith("verdict: significant improvement")


def test_an_agent_against_itself_is_no_difference_with_the_runs_needed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mixed = [CAREFUL_ANSWER, RATING_FIRST_ANSWER, CAREFUL_ANSWER, CAREFUL_ANSWER]
    baseline = details_runs(tmp_path / "a", mixed)
    candidate = details_runs(tmp_path / "b", [RATING_FIRST_ANSWER, *mixed[1:]])
    code, out, _ = cli("compare", baseline, candidate, capsys=capsys)
    assert code == 0
    assert out.startswith("verdict: no significant difference")
    # One pass->fail flip in 4 pairs: psi = delta = 0.25, Connor's
    # n = (1.95996 * 0.5 + 0.84162 * sqrt(0.25 - 0.0625))**2 / 0.0625 = 28.9, but the exact
    # test's power at 29 pairs is 0.736; it first reaches 0.8 at 31 (0.824).
    assert "would need about 31 pairs (31 runs of each of 1 case" in out
    same = details_runs(tmp_path / "c", mixed)
    code, out, _ = cli("compare", baseline, same, capsys=capsys)
    assert code == 0 and "no number of runs would show a difference" in out


def test_every_source_compares_with_every_other(tmp_path: Path) -> None:
    answers = [CAREFUL_ANSWER, RATING_FIRST_ANSWER, CAREFUL_ANSWER]
    sources = [
        read_details([details_runs(tmp_path / "d", answers)]),
        read_eval_history([history_runs(tmp_path / "agents", "x", answers)]),
        load_records(score_lines(tmp_path / "s.jsonl", answers)),
    ]
    for baseline in sources:
        for candidate in sources:
            if baseline is candidate and baseline is not sources[2]:
                # A run of eval history or details is named wherever it goes: compared with
                # itself, it is refused (tests/test_stats_classes.py, run_on_both_sides).
                with pytest.raises(CheckersError, match="in both the baseline"):
                    compare_records(baseline, candidate)
                continue
            (metric,) = compare_records(baseline, candidate).metrics
            assert (metric.pairs, metric.lost, metric.gained) == (3, 0, 0)
            assert metric.direction is Direction.NONE and metric.flips == ()


def test_stats_prints_intervals_pass_hat_k_flaky_cases_and_kinds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = details_runs(tmp_path, [CAREFUL_ANSWER, RATING_FIRST_ANSWER, CAREFUL_ANSWER])
    code, out, _ = cli("stats", runs, capsys=capsys)
    assert code == 0
    # 2 of 3: Wilson [0.21, 0.94]; pass^2 = C(2,2)/C(3,2) = 1/3; pass^3 = 0.
    assert f"{STORY}  2/3  0.67 [0.21, 0.94]  pass^k 0.67 0.33 0.00  FLAKY" in out
    assert f"flaky cases (passed some runs, not all): 1: {STORY}" in out
    assert "    diet: 1/" in out
    code, out, _ = cli("stats", runs, "--json", capsys=capsys)
    data = json.loads(out)
    assert data["cases"][0]["flaky"] is True and data["cases"][0]["passed"] == 2
    assert data["metrics"][0]["pass_hat"][1] == [2, pytest.approx(1 / 3), 1]


def test_stats_over_eval_history_says_it_has_no_kind_rates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    history = history_runs(tmp_path, "x", [CAREFUL_ANSWER, RATING_FIRST_ANSWER])
    code, out, _ = cli("stats", history, capsys=capsys)
    assert code == 0 and f"{STORY}  1/2  0.50" in out
    assert "eval history lists only requirements not met" in out


BAD_INPUTS: list[tuple[list[str], str]] = [
    (["compare", "{tmp}/nowhere", "{tmp}/d"], "'{tmp}/nowhere' does not exist; give a details"),
    (["compare", "{tmp}/d", "{tmp}/d", "--metric", "nope"], "has no results of metric 'nope'"),
    (["compare", "{tmp}/d", "{tmp}/other.jsonl"], "no case and run is in both"),
    (["compare", "{tmp}/d", "{tmp}/notes.txt"], "is neither an eval-history result"),
    (["compare", "{tmp}/d", "{tmp}/broken.jsonl"], "broken.jsonl:1 is not a checkers score line"),
    (["stats", "{tmp}/empty"], "no details files under"),
]


@pytest.mark.parametrize(("args", "message"), BAD_INPUTS)
def test_bad_input_exits_2_with_the_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    details_runs(tmp_path / "d", [CAREFUL_ANSWER])
    other = judged("solo-celiac", '{"restaurant": "r02", "time": "19:00"}')
    (tmp_path / "other.jsonl").write_text(
        json.dumps(
            SessionVerdict(
                RecordedSession("s", "dining", "u", []),
                "everyone_ate",
                other,
                other.score,
                other.passed,
            ).as_json()
        )
    )
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / "broken.jsonl").write_text('{"metric": "everyone_ate"}\n')
    (tmp_path / "empty").mkdir()
    code, out, err = cli(*[a.format(tmp=tmp_path) for a in args], capsys=capsys)
    assert code == 2 and out == ""
    assert err.startswith("checkers: error: ")
    assert message.format(tmp=tmp_path) in err


def test_a_hand_edited_pass_in_score_output_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = score_lines(tmp_path / "v.jsonl", [RATING_FIRST_ANSWER])
    row: dict[str, Any] = json.loads(path.read_text())
    row["verdict"]["passed"] = True
    path.write_text(json.dumps(row) + "\n")
    code, _, err = cli("stats", path, capsys=capsys)
    assert code == 2 and "v.jsonl:1 is not a checkers score line" in err


# The real adk eval CLI on the dining agents (copied, so that ADK's eval history lands in
# tmp_path, not in the repository's agent folders).
@pytest.fixture(scope="module")
def adk_runs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("adk-runs")
    for agent in ("careful", "rating_first"):
        shutil.copytree(
            ROOT / "domains" / "dining" / "agents" / agent,
            base / agent,
            ignore=shutil.ignore_patterns(".adk", "__pycache__"),
        )
        run = run_adk_eval(
            base / agent,
            ROOT / "evalsets" / "dining" / "dining.evalset.json",
            ROOT / "evalsets" / "dining" / "eval_config.json",
            base / f"{agent}-details",
        )
        assert (base / agent / ".adk" / "eval_history").is_dir(), run.stdout[-2000:] + run.stderr
    return base


@pytest.mark.slow
def test_adk_eval_history_of_a_flawed_agent_is_a_significant_regression(
    adk_runs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    careful = adk_runs / "careful" / ".adk" / "eval_history"
    flawed = adk_runs / "rating_first" / ".adk" / "eval_history"
    code, out, _ = cli(
        "compare", careful, flawed, "--metric", "everyone_ate", "--flips", "100", capsys=capsys
    )
    assert code == 1 and out.startswith("verdict: significant regression")
    assert f"{STORY}: Ana's diet now fails in 1 of 1 run (was 0 of 1)" in out
    # The same runs read from the details files the metric wrote: no difference.
    code, out, _ = cli("compare", careful, adk_runs / "careful-details", capsys=capsys)
    assert code == 0 and out.startswith("verdict: no significant difference")
    code, out, _ = cli("stats", adk_runs / "rating_first-details", capsys=capsys)
    assert code == 0 and "flaky cases (passed some runs, not all): 0" in out


SCALARS = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=12,
)


@st.composite
def history_files(draw: st.DrawFn) -> Any:
    """An eval-history file's JSON with any value at any of its fields."""
    rubric = {"rubric_id": draw(JSON | st.just("Ana/diet")), "rationale": draw(JSON), "score": 0.0}
    metric = {
        "metric_name": draw(JSON | st.just("everyone_ate")),
        "score": draw(JSON),
        "eval_status": draw(JSON | st.sampled_from([1, 2, 3, 4])),
        "details": draw(JSON | st.just({"rubric_scores": draw(JSON | st.just([rubric]))})),
    }
    case = {
        "eval_id": draw(JSON | st.just(STORY)),
        "overall_eval_metric_results": draw(JSON | st.just([metric])),
    }
    return draw(
        JSON | st.just({"eval_set_id": "dining", "eval_case_results": draw(JSON | st.just([case]))})
    )


@settings(max_examples=200)
@given(history_files())
def test_any_history_file_is_read_or_refused_by_name(data: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"x_dining_1.0{HISTORY_SUFFIX}"
        path.write_text(json.dumps(data))
        try:
            records = read_eval_history([path])
        except CheckersError as error:
            assert str(path) in str(error)
            return
    for record in records:
        assert isinstance(record.metric, str) and isinstance(record.passed, bool)
        assert record.score is None or isinstance(record.score, float)
