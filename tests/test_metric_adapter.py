"""The ADK custom-metric adapter, called the way ADK calls it, with real Invocation objects."""

from __future__ import annotations

import dataclasses
import errno
import json
import math
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_metrics import EvalStatus

from checkers.adk.custom_metric import adk_metric
from domains.dining import metrics as dining_metrics
from domains.dining.metrics import everyone_ate
from tests.adk_helpers import eval_metric, invocation

FEEDS_BOTH = '{"restaurant": "green", "time": "19:00"}'
FEEDS_BO_ONLY = '{"restaurant": "meat", "time": "19:00"}'


def details_files(directory: Path) -> list[Path]:
    return sorted(directory.glob("*.json"))


def test_passing_plan_scores_one_and_writes_details(
    tiny_scenario_path: Path, tmp_path: Path
) -> None:
    out = tmp_path / "details"
    inv = invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))
    result = everyone_ate(eval_metric(1.0, details_dir=str(out)), [inv], None, None)
    assert result.overall_score == 1.0
    assert result.overall_eval_status is EvalStatus.PASSED
    assert [r.eval_status for r in result.per_invocation_results] == [EvalStatus.PASSED]
    (json_file,) = details_files(out)
    payload = json.loads(json_file.read_text())
    assert payload["overall_status"] == "PASSED"
    assert payload["invocations"][0]["satisfied_count"] == 2
    assert (
        json_file.with_suffix(".md").read_text().count("| Ana (satisfied)") == 4
    )  # opening hours, diet, availability, single dish


def test_half_served_fails_and_names_who(
    tiny_scenario_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tiny_scenario_path.parent)
    inv = invocation(FEEDS_BO_ONLY, f"Dinner please [scenario:{tiny_scenario_path.name}]")
    result = everyone_ate(eval_metric(1.0, details_dir=str(tmp_path)), [inv], None, None)
    assert result.overall_score == 0.5  # 1/2: Bo eats, Ana (vegetarian) does not
    assert result.overall_eval_status is EvalStatus.FAILED
    markdown = next(tmp_path.glob("*.md")).read_text()
    assert (
        "Ana (NOT satisfied) | diet | **FAIL** | Ana is vegetarian; no dish at Meat Shack"
        in markdown
    )


def test_adk_results_carry_who_was_not_served_and_why(
    tiny_scenario_path: Path, tmp_path: Path
) -> None:
    invs = [
        invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path), invocation_id="a"),
        invocation(FEEDS_BO_ONLY, scenario_rubric=str(tiny_scenario_path), invocation_id="b"),
    ]
    result = everyone_ate(eval_metric(1.0, details_dir=str(tmp_path)), invs, None, None)
    first, second = (
        [(r.rubric_id, r.score) for r in p.rubric_scores or []]
        for p in result.per_invocation_results
    )
    assert first == [("Ana", 1.0), ("Bo", 1.0)]
    assert ("Ana/diet", 0.0) in second and ("Bo", 1.0) in second
    (diet,) = [
        r for r in result.per_invocation_results[1].rubric_scores or [] if r.rubric_id == "Ana/diet"
    ]
    assert diet.rationale == (
        "fail (no_dish_for_diet): Ana is vegetarian; no dish at Meat Shack is vegetarian"
    )
    overall = {r.rubric_id: r for r in result.overall_rubric_scores or []}
    assert overall["Ana/diet"].score == 0.0
    assert (overall["Ana/diet"].rationale or "").startswith("invocation 2: fail (no_dish_for_diet)")
    assert overall["Bo"].score == 1.0


def test_threshold_comes_from_the_criterion(tiny_scenario_path: Path, tmp_path: Path) -> None:
    inv = invocation(FEEDS_BO_ONLY, scenario_rubric=str(tiny_scenario_path))
    result = everyone_ate(eval_metric(0.5, details_dir=str(tmp_path)), [inv], None, None)
    assert result.overall_eval_status is EvalStatus.PASSED


def test_overall_is_the_mean_of_invocations(tiny_scenario_path: Path, tmp_path: Path) -> None:
    invs = [
        invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path), invocation_id="a"),
        invocation(FEEDS_BO_ONLY, scenario_rubric=str(tiny_scenario_path), invocation_id="b"),
    ]
    result = everyone_ate(eval_metric(1.0, details_dir=str(tmp_path)), invs, None, None)
    assert [r.score for r in result.per_invocation_results] == [1.0, 0.5]
    assert result.overall_score == 0.75  # (1 + 1/2) / 2
    assert result.overall_eval_status is EvalStatus.FAILED


def test_unknown_option_fails_every_invocation_and_names_the_key(
    tiny_scenario_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    invs = [invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))] * 2
    result = everyone_ate(eval_metric(1.0, detail_dir="oops"), invs, None, None)
    assert len(result.per_invocation_results) == 2
    assert result.overall_eval_status is EvalStatus.FAILED
    assert "detail_dir" in caplog.text and "details_dir" in caplog.text


def test_no_scenario_is_a_failure_that_says_how_to_fix(tmp_path: Path) -> None:
    result = everyone_ate(
        eval_metric(1.0, details_dir=str(tmp_path)), [invocation(FEEDS_BOTH)], None, None
    )
    assert result.overall_eval_status is EvalStatus.FAILED
    assert result.overall_score == 0.0
    payload = json.loads(next(tmp_path.glob("*.json")).read_text())
    problem = payload["invocations"][0]["problems"][0]
    assert problem["code"] == "no_scenario"
    assert "[scenario:<id>]" in problem["message"]


def test_unknown_scenario_lists_known_ids(tmp_path: Path) -> None:
    inv = invocation(FEEDS_BOTH, "[scenario:grp-7]")
    result = everyone_ate(eval_metric(1.0, details_dir=str(tmp_path)), [inv], None, None)
    assert result.overall_eval_status is EvalStatus.FAILED
    problem = json.loads(next(tmp_path.glob("*.json")).read_text())["invocations"][0]["problems"][0]
    assert problem["code"] == "unknown_scenario"
    assert "'grp-7' not found" in problem["message"] and "known ids:" in problem["message"]


def test_rubric_and_tag_naming_different_scenarios_is_a_conflict(
    tiny_scenario_path: Path, tmp_path: Path
) -> None:
    inv = invocation(FEEDS_BOTH, "[scenario:other-case]", scenario_rubric=str(tiny_scenario_path))
    out = tmp_path / "details"
    result = everyone_ate(eval_metric(1.0, details_dir=str(out)), [inv], None, None)
    assert result.overall_eval_status is EvalStatus.FAILED
    problem = json.loads(next(out.glob("*.json")).read_text())["invocations"][0]["problems"][0]
    assert problem["code"] == "scenario_conflict"


@pytest.mark.parametrize(
    "ref",
    ["/etc/passwd", "/tmp/x.json", "../secret.json", "a/../../b.json", "C:x.json", "~/x.json"],
)
def test_a_tag_may_not_name_a_file_outside_the_working_directory(ref: str, tmp_path: Path) -> None:
    """A message's text is anyone's: a tag naming any file would have the metric read it."""
    inv = invocation(FEEDS_BOTH, f"Plan our dinner [scenario:{ref}]")
    result = everyone_ate(eval_metric(1.0, details_dir=str(tmp_path)), [inv], None, None)
    assert result.overall_eval_status is EvalStatus.FAILED
    problem = json.loads(next(tmp_path.glob("*.json")).read_text())["invocations"][0]["problems"][0]
    assert problem["code"] == "scenario_path_not_allowed"


def test_a_file_of_another_shape_is_refused_without_quoting_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "secret.json").write_text('{"token": "SECRET-123", "rows": ["SECRET-456"]}')
    inv = invocation(FEEDS_BOTH, "[scenario:secret.json]")
    result = everyone_ate(eval_metric(1.0, details_dir=str(tmp_path / "d")), [inv], None, None)
    assert result.overall_eval_status is EvalStatus.FAILED
    written = next((tmp_path / "d").glob("*.json")).read_text()
    assert "secret.json" in written and "SECRET" not in written


def test_no_invocations_fail_the_case() -> None:
    # Nothing judged is not a pass: ADK counts a NOT_EVALUATED metric as no failure.
    result = everyone_ate(eval_metric(1.0, write_details=False), [], None, None)
    assert result.per_invocation_results == []
    assert result.overall_eval_status is EvalStatus.FAILED


def test_unwritable_details_dir_fails_the_case_and_never_raises(
    tiny_scenario_path: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # Fail closed: a verdict with no readable evidence is not a pass.
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    inv = invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))
    result = everyone_ate(eval_metric(1.0, details_dir=str(blocker / "sub")), [inv], None, None)
    assert result.overall_eval_status is EvalStatus.FAILED
    assert [r.score for r in result.per_invocation_results] == [0.0]
    assert "cannot write details" in caplog.text


def test_concurrent_cases_with_hostile_ids_never_share_a_file(tmp_path: Path) -> None:
    ids = ["../../etc/passwd", "a/b", "a?b", "x" * 300, "x" * 300 + ".json", "名前", ""]
    for scenario_id in ids * 3:
        inv = invocation(FEEDS_BOTH, f"[scenario:{scenario_id}]")
        everyone_ate(eval_metric(1.0, details_dir=str(tmp_path)), [inv], None, None)
    written = list(tmp_path.iterdir())
    assert all(p.parent == tmp_path for p in written)
    assert len(written) == 2 * len(ids) * 3


def _details(directory: Path) -> dict[str, Any]:
    (json_file,) = details_files(directory)
    payload: dict[str, Any] = json.loads(json_file.read_text(encoding="utf-8"))
    json_file.with_suffix(".md").read_text(encoding="utf-8")
    return payload


def _codes(payload: dict[str, Any]) -> set[str]:
    return {p["code"] for inv in payload["invocations"] for p in inv["problems"]}


@pytest.mark.parametrize(
    "answer",
    [
        '{"restaurant": "green", "time": "19:00", "x": "\ud800"}',
        '{"restaurant": "green", "time": "19:00", "x": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"restaurant": "green", "time": "19:00", "x": "' + "\udfff" * 50 + '"}',
    ],
    ids=["lone-surrogate", "deep-nesting", "many-surrogates"],
)
def test_hostile_answers_never_raise_and_leave_valid_details(
    answer: str, tiny_scenario_path: Path, tmp_path: Path
) -> None:
    inv = invocation(answer, scenario_rubric=str(tiny_scenario_path))
    result = everyone_ate(eval_metric(1.0, details_dir=str(tmp_path / "d")), [inv], None, None)
    assert result.overall_eval_status in (EvalStatus.PASSED, EvalStatus.FAILED)
    payload = _details(tmp_path / "d")
    assert payload["overall_status"] == result.overall_eval_status.name


def test_a_checker_that_raises_fails_the_case_with_evaluator_error(
    tiny_scenario_path: Path, tmp_path: Path
) -> None:
    def broken(*_: object) -> None:
        raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")

    metric = dataclasses.replace(dining_metrics.EVERYONE_ATE, judge=broken)
    inv = invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))
    result = adk_metric(metric)(
        eval_metric(1.0, details_dir=str(tmp_path / "d")), [inv], None, None
    )
    assert result.overall_eval_status is EvalStatus.FAILED
    payload = _details(tmp_path / "d")
    assert _codes(payload) == {"evaluator_error"}
    message = payload["invocations"][0]["problems"][0]["message"]
    assert "UnicodeEncodeError" in message


def test_a_write_that_fails_midway_leaves_no_details_file(
    tiny_scenario_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As a full disk would: the bytes start going out, then the write fails.
    real_open = Path.open

    def full_disk(self: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        handle = real_open(self, mode, *args, **kwargs)
        if "x" in mode and self.name.endswith(".json.partial"):
            handle.write(b"{")
            handle.close()
            raise OSError(errno.ENOSPC, "No space left on device")
        return handle

    monkeypatch.setattr(Path, "open", full_disk)
    inv = invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))
    result = everyone_ate(eval_metric(1.0, details_dir=str(tmp_path / "d")), [inv], None, None)
    assert result.overall_eval_status is EvalStatus.FAILED
    assert details_files(tmp_path / "d") == []
    assert not [p for p in (tmp_path / "d").iterdir() if p.name.endswith(".partial")]


@pytest.mark.parametrize("threshold", [0.0, -1.0, 1.5, 100.0, math.nan, math.inf])
def test_thresholds_that_would_disable_the_gate_are_config_errors(
    threshold: float, tiny_scenario_path: Path, tmp_path: Path
) -> None:
    inv = invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path))
    result = everyone_ate(
        eval_metric(threshold, details_dir=str(tmp_path / "d")), [inv], None, None
    )
    assert result.overall_eval_status is EvalStatus.FAILED
    payload = _details(tmp_path / "d")
    assert _codes(payload) == {"config_error"}
    assert "must be a finite number greater than 0 and at most 1" in json.dumps(payload)


@pytest.mark.parametrize(
    "scenario", [None, "no-such-group", "a\x00b"], ids=["none", "unknown", "nul"]
)
@pytest.mark.parametrize("threshold", [0.01, 0.5, 1.0])
def test_a_case_that_cannot_be_judged_fails_at_every_threshold(
    scenario: str | None, threshold: float, tmp_path: Path
) -> None:
    inv = invocation(FEEDS_BOTH, scenario_rubric=scenario)
    result = everyone_ate(
        eval_metric(threshold, details_dir=str(tmp_path / "d")), [inv], None, None
    )
    assert result.overall_eval_status is EvalStatus.FAILED
    assert result.overall_score == 0.0


def test_a_final_answer_with_problems_fails_the_case_whatever_came_before(
    tiny_scenario_path: Path, tmp_path: Path
) -> None:
    invs = [
        invocation(FEEDS_BOTH, scenario_rubric=str(tiny_scenario_path), invocation_id="a"),
        invocation(None, scenario_rubric=str(tiny_scenario_path), invocation_id="b"),
    ]
    result = everyone_ate(eval_metric(0.5, details_dir=str(tmp_path / "d")), invs, None, None)
    assert result.overall_eval_status is EvalStatus.FAILED
    assert [r.score for r in result.per_invocation_results] == [0.0, 0.0]
