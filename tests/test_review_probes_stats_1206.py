"""A hostile review of the statistics over repeated runs (2026-12-06): ``checkers compare``,
``checkers stats`` (``checkers/compare.py``, ``checkers/run_stats.py``, read by
``checkers/run_records.py``), attacked with inputs whose evidence is not what it looks like.

The false PASS of a comparison is a verdict the data cannot support: "significant improvement"
or "no significant difference" (exit 0) that hides a regression or is only an artefact of the
inputs. Each probe here gives such input; a right answer is a refusal (exit 2) naming the
problem and the fix. The probes that went wrong are grouped by defect class in :data:`WRONG`,
each a strict expected failure naming its class, once closed in :data:`CLOSED`; the controls
(``test_control_*``) are honest inputs that must keep being compared. Of 18 rows (7
controls), 11 went wrong in 5 classes:

- ``run_read_twice``: one run read twice (an eval-history file copied into a sub-folder, a
  details file copied beside its run, a ``checkers score`` line of one session given twice, a
  ``stats`` input given twice or with its sub-folder) counted as two independent runs: twice
  the pairs, so 3 of 3 flips (p = 0.25) became 6 of 6 (p = 0.031), a "significant improvement"
  from one run's evidence, and a pass rate's interval narrowed;
- ``run_on_both_sides``: a candidate folder holding the baseline's runs (``checkers compare
  runs/careful runs``): the baseline's runs, oldest, were paired with themselves and the
  candidate's 5 failing runs left unpaired: "no significant difference", exit 0, a regression
  hidden;
- ``threshold_changed``: pass/fail compared across thresholds: a candidate judged at 0.5 whose
  scores fell from 1.0 to 0.6 was "no significant difference" (a regression hidden), and the
  same scores judged at 1.0 instead of 0.5 a "significant regression";
- ``eval_set_changed``: one case id from two eval sets read as one case: the runs of
  ``smoke``'s ``case_1`` paired with those of ``full``'s ``case_1`` (another task) gave a
  "significant improvement", and in one folder their runs were pooled into one pass rate;
- ``unscored_counted_failed``: a baseline NOT_EVALUATED in every run of a case (criterion
  option ``unscored: not_evaluated``) counted as failed, so a candidate that passed it was a
  "significant improvement" (exit 0: the gate is not misled, the verdict is).

The first four classes were closed the same session (``tests/test_stats_classes.py``), the
fifth later that day (``tests/test_compare_unscored.py``: an unscored run is neither a pass nor
a failure; the test uses the pairs judged on both sides, and a verdict stands only if no outcome
of the unscored runs could overturn it); a probe of theirs that goes wrong again fails the suite.
:data:`WRONG` is empty.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from checkers.cli import main
from checkers.compare import Direction, compare_records
from checkers.errors import CheckersError
from checkers.run_records import load_all, load_records
from tests.probe_harness import case
from tests.report_helpers import CAREFUL_ANSWER, RATING_FIRST_ANSWER
from tests.test_compare import details_runs, score_lines
from tests.test_stats_classes import history_file, history_runs

Probe = Callable[[Path], None]


def _refused(baseline: Path, candidate: Path, *words: str) -> None:
    """``compare`` of the two must be refused with an error naming ``words``."""
    with pytest.raises(CheckersError) as raised:
        compare_records(load_records(baseline), load_records(candidate))
    for word in words:
        assert word in str(raised.value), (word, str(raised.value))


def _direction(baseline: Path, candidate: Path) -> Direction:
    return compare_records(load_records(baseline), load_records(candidate)).direction


FAILED_3 = [[("c1", False)]] * 3
PASSED_3 = [[("c1", True)]] * 3


def _copied_into_backup(folder: Path) -> None:
    backup = folder / "backup"
    backup.mkdir()
    for path in sorted(folder.glob("*.json")):
        shutil.copy(path, backup / path.name)


def history_copied(tmp: Path) -> None:
    """Both histories hold a copy of every run in ``backup/``: 3 runs read as 6."""
    base, cand = history_runs(tmp / "b", FAILED_3), history_runs(tmp / "c", PASSED_3)
    assert _direction(base, cand) is Direction.NONE  # 3 of 3 flips: p = 0.25
    _copied_into_backup(base)
    _copied_into_backup(cand)
    _refused(base, cand, "read twice", "backup")


def history_copied_stats(tmp: Path) -> None:
    """``stats`` of a history holding a copy: 3 runs read as 6 narrow the interval."""
    folder = history_runs(tmp / "b", PASSED_3)
    _copied_into_backup(folder)
    with pytest.raises(CheckersError, match="read twice"):
        load_records(folder)


def details_copied(tmp: Path) -> None:
    """A details file copied beside its run (``run-1`` copied to ``run-1-copy``)."""
    base = details_runs(tmp / "b" / "run-1", [RATING_FIRST_ANSWER] * 3).parent
    cand = details_runs(tmp / "c" / "run-1", [CAREFUL_ANSWER] * 3).parent
    assert _direction(base, cand) is Direction.NONE
    for folder in (base, cand):
        shutil.copytree(folder / "run-1", folder / "run-1-copy")
    _refused(base, cand, "read twice", "run-1-copy")


def score_line_twice(tmp: Path) -> None:
    """Score output of 3 sessions with every line given twice (two outputs concatenated)."""
    base = score_lines(tmp / "b.jsonl", [RATING_FIRST_ANSWER] * 3)
    cand = score_lines(tmp / "c.jsonl", [CAREFUL_ANSWER] * 3)
    assert _direction(base, cand) is Direction.NONE
    for path in (base, cand):
        path.write_text(path.read_text() * 2)
    _refused(base, cand, "session-0", "twice")


def stats_input_twice(tmp: Path) -> None:
    """``checkers stats s.jsonl ./s.jsonl``, and a history folder with its sub-folder: each
    run is counted once."""
    path = score_lines(tmp / "s.jsonl", [CAREFUL_ANSWER] * 3)
    history_runs(tmp / "h" / "old", PASSED_3)
    for inputs in ([path, tmp / "." / "s.jsonl"], [tmp / "h", tmp / "h" / "old"]):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["stats", *map(str, inputs), "--json"]) == 0
        assert [case["runs"] for case in json.loads(out.getvalue())["cases"]] == [3], inputs


def threshold_laxer(tmp: Path) -> None:
    """The candidate scores 0.6 where the baseline scored 1.0, but was judged at 0.5."""
    base = history_runs(tmp / "b", [[(f"c{i}", True) for i in range(8)]] * 2)
    cand = history_runs(
        tmp / "c", [[(f"c{i}", True) for i in range(8)]] * 2, threshold=0.5, score=0.6
    )
    _refused(base, cand, "threshold", "1", "0.5")


def threshold_stricter(tmp: Path) -> None:
    """The same scores (0.6), judged at 0.5 before and at 1.0 after: not a regression of the
    agent."""
    cases = [f"c{i}" for i in range(8)]
    base = history_runs(tmp / "b", [[(c, True) for c in cases]] * 2, threshold=0.5, score=0.6)
    cand = history_runs(tmp / "c", [[(c, False) for c in cases]] * 2, score=0.6)
    _refused(base, cand, "threshold")


def candidate_holds_baseline(tmp: Path) -> None:
    """``checkers compare runs/careful runs``: the candidate's folder holds the baseline's 5
    passing runs and its own 5 failing ones; the baseline's runs, oldest, pair with themselves
    and the candidate's go unpaired."""
    history_runs(tmp / "runs" / "careful", [[("c1", True), ("c2", True)]] * 5)
    history_runs(tmp / "runs" / "careless", [[("c1", False), ("c2", False)]] * 5, start=5000.0)
    _refused(tmp / "runs" / "careful", tmp / "runs", "in both the baseline", "careful")


def eval_set_changed(tmp: Path) -> None:
    """The baseline ran ``smoke`` (case_1..case_3), the candidate ``full`` (case_1..case_9):
    the ids match, the tasks do not."""
    smoke = [[(f"case_{i}", False) for i in range(1, 4)]] * 2
    full = [[(f"case_{i}", True) for i in range(1, 10)]] * 2
    base = history_runs(tmp / "b", smoke, eval_set="smoke")
    cand = history_runs(tmp / "c", full, eval_set="full")
    _refused(base, cand, "smoke", "full")


def eval_sets_pooled(tmp: Path) -> None:
    """One agent's history holds runs of ``smoke`` and ``full``, both with a ``case_1``: their
    runs must not be pooled into one case's pass rate."""
    folder = tmp / "h"
    history_runs(folder, [[("case_1", True)]] * 2, eval_set="smoke")
    history_runs(folder, [[("case_1", False)]] * 2, eval_set="full", start=2000.0)
    with pytest.raises(CheckersError) as raised:
        load_records(folder)
    assert "case_1" in str(raised.value) and "smoke" in str(raised.value)


def baseline_not_evaluated(tmp: Path) -> None:
    """The baseline's metric reported NOT_EVALUATED on c1 in all 6 runs (criterion option
    ``unscored: not_evaluated``: nothing it could decide), the candidate passed it: an unknown
    baseline is no evidence of a gain."""
    base = history_runs(tmp / "b", [[("c1", False), ("c2", True)]] * 6)
    for path in base.glob("*.json"):
        data = json.loads(path.read_text())
        metric = data["eval_case_results"][0]["overall_eval_metric_results"][0]
        metric.update(eval_status=3, score=None)
        path.write_text(json.dumps(data))
    cand = history_runs(tmp / "c", [[("c1", True), ("c2", True)]] * 6, start=5000.0)
    assert _direction(base, cand) is not Direction.IMPROVEMENT


WRONG: dict[str, tuple[str, Probe]] = {}
"""Probes a defect class still gets wrong, by name: (class, probe), each a strict expected
failure."""

CLOSED: dict[str, tuple[str, Probe]] = {
    "history_copied": ("run_read_twice", history_copied),
    "history_copied_stats": ("run_read_twice", history_copied_stats),
    "details_copied": ("run_read_twice", details_copied),
    "score_line_twice": ("run_read_twice", score_line_twice),
    "stats_input_twice": ("run_read_twice", stats_input_twice),
    "candidate_holds_baseline": ("run_on_both_sides", candidate_holds_baseline),
    "threshold_laxer": ("threshold_changed", threshold_laxer),
    "threshold_stricter": ("threshold_changed", threshold_stricter),
    "eval_set_changed": ("eval_set_changed", eval_set_changed),
    "eval_sets_pooled": ("eval_set_changed", eval_sets_pooled),
    "baseline_not_evaluated": ("unscored_counted_failed", baseline_not_evaluated),
}
"""Probes that went wrong before the session's fixes and are right now."""


@pytest.mark.parametrize(
    "probe", [case(probe, name=name, reason=defect) for name, (defect, probe) in WRONG.items()]
)
def test_a_known_wrong_comparison(probe: Probe, tmp_path: Path) -> None:
    probe(tmp_path)


@pytest.mark.parametrize("probe", [case(probe, name=name) for name, (_, probe) in CLOSED.items()])
def test_the_input_is_refused_or_read_once(probe: Probe, tmp_path: Path) -> None:
    probe(tmp_path)


def test_the_counts_in_the_docstring() -> None:
    rows = {**WRONG, **CLOSED}
    controls = [name for name in globals() if name.startswith("test_") and "control" in name]
    assert (len(rows) + len(controls), len(controls)) == (18, 7)
    assert len({defect.split(":")[0] for defect, _ in rows.values()}) == 5
    assert len(WRONG) == 0


# Controls: honest inputs that must keep being compared.


def test_control_distinct_runs_in_sub_folders_are_all_read(tmp_path: Path) -> None:
    """``checkers eval --runs`` puts each run's details in its own folder: distinct runs."""
    for run in range(3):
        details_runs(tmp_path / "b" / f"run-{run}", [CAREFUL_ANSWER])
        details_runs(tmp_path / "c" / f"run-{run}", [RATING_FIRST_ANSWER])
    (one,) = compare_records(load_records(tmp_path / "b"), load_records(tmp_path / "c")).metrics
    assert (one.pairs, one.lost) == (3, 3)


def test_control_history_files_of_distinct_runs_in_sub_folders_are_all_read(tmp_path: Path) -> None:
    history_runs(tmp_path / "h" / "old", PASSED_3)
    history_runs(tmp_path / "h" / "new", PASSED_3, start=5000.0)
    assert len(load_records(tmp_path / "h")) == 6


def test_control_two_sessions_of_one_scenario_are_two_runs(tmp_path: Path) -> None:
    path = score_lines(tmp_path / "s.jsonl", [CAREFUL_ANSWER] * 2)
    assert [r.run for r in load_records(path)] == [0, 1]


def test_control_the_same_threshold_on_both_sides_is_compared(tmp_path: Path) -> None:
    cases = [f"c{i}" for i in range(8)]
    base = history_runs(tmp_path / "b", [[(c, True) for c in cases]], threshold=0.5)
    cand = history_runs(tmp_path / "c", [[(c, False) for c in cases]], threshold=0.5)
    assert _direction(base, cand) is Direction.REGRESSION


def test_control_two_eval_sets_with_distinct_ids_in_one_history_are_read(tmp_path: Path) -> None:
    history_runs(tmp_path / "h", [[("smoke_1", True)]], eval_set="smoke")
    history_runs(tmp_path / "h", [[("full_1", True)]], eval_set="full", start=2000.0)
    assert {r.case for r in load_records(tmp_path / "h")} == {"smoke_1", "full_1"}


def test_control_the_same_eval_set_on_both_sides_is_compared(tmp_path: Path) -> None:
    base = history_runs(tmp_path / "b", [[("case_1", True), ("case_2", True)]] * 3)
    cand = history_runs(tmp_path / "c", [[("case_1", False), ("case_2", False)]] * 3)
    assert _direction(base, cand) is Direction.REGRESSION


def test_control_a_history_file_given_twice_by_path_is_read_once(tmp_path: Path) -> None:
    path = history_file(tmp_path, "one", [("c1", True)], created=1.0)
    assert len(load_all([path, tmp_path / "." / path.name, tmp_path])) == 1
