"""``checkers compare`` and ``checkers stats`` attacked with inputs that would make a regression
look like no difference: a candidate missing the cases it regressed on, a candidate that no
longer reports the metric it regressed on, a score line edited to pass beside a failing
verdict, a NaN score. Each was read as "no significant difference" (or a pass) before its fix.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.compare import Direction, compare_records
from checkers.errors import ConfigError
from checkers.meta import meta_settings
from checkers.run_records import RunRecord
from tests.report_helpers import CAREFUL_ANSWER, RATING_FIRST_ANSWER
from tests.test_compare import cli, score_lines


def record(case: str, run: int, passed: bool, metric: str = "everyone_ate") -> RunRecord:
    return RunRecord(case, run, metric, 1.0 if passed else 0.0, passed, (), True, "test")


CASES = [f"case-{n}" for n in range(8)]


@settings(meta_settings("ci"), max_examples=60)
@given(
    dropped=st.sets(st.sampled_from(CASES), min_size=1, max_size=len(CASES) - 1),
    runs=st.integers(min_value=1, max_value=3),
)
def test_a_candidate_missing_cases_is_refused_never_no_difference(
    dropped: set[str], runs: int
) -> None:
    """The candidate ran every case but ``dropped`` (they crashed, or were left out), and
    passed what it ran: before, this compared the rest and said "no significant difference"."""
    baseline = [record(c, r, True) for c in CASES for r in range(runs)]
    candidate = [record(c, r, True) for c in CASES if c not in dropped for r in range(runs)]
    with pytest.raises(ConfigError, match="the candidate has no run of") as raised:
        compare_records(baseline, candidate)
    assert sorted(dropped)[0] in str(raised.value)


def test_cases_only_the_candidate_ran_are_unpaired_not_refused() -> None:
    baseline = [record(c, 0, True) for c in CASES[:4]]
    candidate = [record(c, 0, True) for c in CASES]
    (one,) = compare_records(baseline, candidate).metrics
    assert (one.pairs, one.unpaired_candidate, one.direction) == (4, 4, Direction.NONE)


def test_a_candidate_that_stopped_reporting_the_metric_it_regressed_on_is_refused() -> None:
    """The candidate's config dropped ``policy`` (on which it fails every case); before, only
    the metric both report was compared, and it said "no significant difference"."""
    baseline = [record(c, 0, True, m) for c in CASES for m in ("everyone_ate", "policy")]
    candidate = [record(c, 0, True, "everyone_ate") for c in CASES]
    with pytest.raises(ConfigError, match="candidate has no results of metric 'policy'"):
        compare_records(baseline, candidate)
    # Naming the metrics to compare is a choice made in the open.
    (one,) = compare_records(baseline, candidate, ["everyone_ate"]).metrics
    assert one.direction is Direction.NONE


def test_a_score_line_edited_to_pass_beside_its_failing_verdict_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    baseline = score_lines(tmp_path / "base.jsonl", [CAREFUL_ANSWER] * 6)
    candidate = score_lines(tmp_path / "cand.jsonl", [RATING_FIRST_ANSWER] * 6)
    code, out, _ = cli("compare", baseline, candidate, capsys=capsys)
    assert code == 1 and "significant regression" in out
    rows = [json.loads(line) for line in candidate.read_text().splitlines()]
    edited = [{**row, "passed": True, "score": 1.0} for row in rows]
    candidate.write_text("".join(json.dumps(row) + "\n" for row in edited))
    code, _, err = cli("compare", baseline, candidate, capsys=capsys)
    assert code == 2
    assert "cand.jsonl:1: the line says score 1.0 and passed true" in err


@pytest.mark.parametrize("score", ["NaN", "Infinity", "-Infinity"])
def test_a_score_that_is_no_finite_number_is_refused(
    score: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = score_lines(tmp_path / "v.jsonl", [CAREFUL_ANSWER])
    row = json.loads(path.read_text())
    path.write_text(json.dumps(row).replace('"score": 1.0', f'"score": {score}', 1) + "\n")
    code, _, err = cli("stats", path, capsys=capsys)
    assert code == 2 and "is not a finite number" in err
