"""The statistics' defect classes found by ``tests/test_review_probes_stats_1206.py``, closed by
class, each with a property that generates many forms of it (each seen failing on the code
before), beside simulations and independent computations of what must stay right:

- ``run_read_twice``: any copy of a run (eval-history file, details file, scored session) is
  refused by every source, and an input given again (``./x``, a folder with its sub-folder) is
  read once, so no run is counted as two;
- ``run_on_both_sides``: a run on both sides (the candidate's folder holds the baseline's, or
  a copy of one of its runs) is refused;
- ``threshold_changed``: pairs judged at different thresholds are refused, pairs at one
  threshold compared as before;
- ``eval_set_changed``: one case id from two eval sets is refused, in one source and across
  the two sides;
- the false alarms of ``compare_records`` itself (not only of its test) stay under its alpha by
  simulation, for one case or one run, mixed cases, several metrics at once, unequal runs;
- Wilson's interval, pass^k and McNemar's p agree with scipy's independent computations.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import random
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy import stats as scipy_stats

import checkers.compare as compare_module
from checkers.cli import main
from checkers.compare import ALPHA, Direction, compare_records
from checkers.errors import CheckersError
from checkers.run_records import RunRecord, load_records
from checkers.stats import mcnemar_exact, pass_hat_k, wilson_interval
from tests.report_helpers import CAREFUL_ANSWER, RATING_FIRST_ANSWER
from tests.test_compare import details_runs, score_lines

Case = tuple[str, float, bool]
"""``(eval_id, score, passed)`` of one case in one run."""


def history_file(
    folder: Path,
    name: str,
    cases: Sequence[tuple[str, bool]] | Sequence[Case],
    *,
    created: float,
    eval_set: str = "dining",
    threshold: float = 1.0,
    metric: str = "everyone_ate",
    score: float | None = None,
) -> Path:
    """One ``adk eval`` run as ADK saves it: each case ``(eval_id, passed)`` (scored 1.0 or 0.0,
    or ``score``) or ``(eval_id, score, passed)``, judged at ``threshold``."""
    folder.mkdir(parents=True, exist_ok=True)
    results = []
    for case in cases:
        if len(case) == 2:
            eval_id, passed = case  # type: ignore[misc]
            value = (1.0 if passed else 0.0) if score is None else score
        else:
            eval_id, value, passed = case  # type: ignore[misc]
        status = 1 if passed else 2
        metrics = [
            {"metric_name": metric, "threshold": threshold, "score": value, "eval_status": status}
        ]
        results.append(
            {
                "eval_set_id": eval_set,
                "eval_id": eval_id,
                "final_eval_status": status,
                "overall_eval_metric_results": metrics,
            }
        )
    # ADK names a run by app, eval set and time to the microsecond: only a copy repeats it.
    run_id = f"{folder.resolve()}_{eval_set}_{created}"
    data = {
        "eval_set_result_id": run_id,
        "eval_set_result_name": run_id,
        "eval_set_id": eval_set,
        "eval_case_results": results,
        "creation_timestamp": created,
    }
    path = folder / f"{name}.evalset_result.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def history_runs(
    folder: Path,
    runs: Sequence[Sequence[tuple[str, bool]]] | Sequence[Sequence[Case]],
    *,
    start: float = 1000.0,
    eval_set: str = "dining",
    threshold: float = 1.0,
    score: float | None = None,
) -> Path:
    """One history file per run, in time order (``start``, ``start + 1``, ...); ``folder``."""
    for number, cases in enumerate(runs):
        history_file(
            folder,
            f"app_{eval_set}_{start + number}",
            cases,
            created=start + number,
            eval_set=eval_set,
            threshold=threshold,
            score=score,
        )
    return folder


# --- run_read_twice ------------------------------------------------------------------------------

SOURCES = ("history", "details", "score")


def _source(kind: str, folder: Path, runs: Sequence[bool]) -> Path:
    """Runs of story-six (passed or not, in order) written as ``kind`` writes them."""
    answers = [CAREFUL_ANSWER if passed else RATING_FIRST_ANSWER for passed in runs]
    if kind == "history":
        return history_runs(folder, [[("story-six", passed)] for passed in runs])
    if kind == "details":
        for number, answer in enumerate(answers):
            details_runs(folder / f"run-{number}", [answer])
        return folder
    folder.mkdir(parents=True)
    return score_lines(folder / "verdicts.jsonl", answers)


def _copy_runs(kind: str, source: Path, copied: set[int]) -> None:
    """Copy the runs numbered ``copied`` (of the source's runs in order) beside the others."""
    if kind == "score":
        lines = source.read_text().splitlines()
        source.write_text("\n".join(lines + [lines[i] for i in sorted(copied)]) + "\n")
        return
    files = sorted(source.rglob("*.json"), key=lambda p: str(p))
    if kind == "history":
        files.sort(key=lambda p: json.loads(p.read_text())["creation_timestamp"])
    for number in sorted(copied):
        copy = source / "copy" / str(number)
        copy.mkdir(parents=True)
        shutil.copy(files[number], copy / files[number].name)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    kind=st.sampled_from(SOURCES),
    runs=st.lists(st.booleans(), min_size=1, max_size=4),
    data=st.data(),
)
def test_a_copy_of_any_run_is_refused_by_every_source(
    kind: str, runs: list[bool], data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    source = _source(kind, tmp_path_factory.mktemp(kind) / "runs", runs)
    assert [r.passed for r in load_records(source)] == runs  # honest: every run once
    copied = data.draw(st.sets(st.integers(0, len(runs) - 1), min_size=1), label="copied")
    _copy_runs(kind, source, copied)
    with pytest.raises(CheckersError, match="read twice"):
        load_records(source)


def _stats_runs(*inputs: Path) -> list[int]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["stats", *map(str, inputs), "--json"]) == 0
    return [case["runs"] for case in json.loads(out.getvalue())["cases"]]


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    kind=st.sampled_from(SOURCES),
    runs=st.integers(1, 3),
    again=st.lists(st.sampled_from(["same", "dotted", "parent"]), min_size=1, max_size=3),
)
def test_an_input_given_again_is_read_once_by_stats(
    kind: str, runs: int, again: list[str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """``checkers stats X ./X`` or ``stats folder folder/sub``: each run counted once."""
    root = tmp_path_factory.mktemp(kind)
    source = _source(kind, root / "runs" / "sub", [True] * runs)
    forms = {
        "same": source,
        "dotted": source.parent / "." / source.name,
        "parent": source.parent if kind != "score" else source,
    }
    assert _stats_runs(*[source] + [forms[form] for form in again]) == [runs]


# --- run_on_both_sides ----------------------------------------------------------------------------


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    kind=st.sampled_from(("history", "details")),
    runs=st.integers(1, 4),
    how=st.sampled_from(("parent", "copied")),
    data=st.data(),
)
def test_a_run_on_both_sides_is_refused(
    kind: str, runs: int, how: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The candidate is the folder holding both sides (``parent``), or holds a copy of some of
    the baseline's runs (``copied``); two separate folders are compared."""
    root = tmp_path_factory.mktemp(kind)
    base = _source(kind, root / "base", [True] * runs)
    cand = _source(kind, root / "cand", [False] * runs)
    (one,) = compare_records(load_records(base), load_records(cand)).metrics
    assert one.lost == runs  # separate folders: compared
    if how == "parent":
        cand = root
    else:
        copied = data.draw(st.sets(st.integers(0, runs - 1), min_size=1), label="copied")
        for number, path in enumerate(sorted(base.rglob("*.json"), key=str)):
            if number in copied:
                shutil.copy(path, cand / f"x-{path.name}" if kind == "history" else cand)
    with pytest.raises(CheckersError, match="in both the baseline"):
        compare_records(load_records(base), load_records(cand))


# --- threshold_changed ---------------------------------------------------------------------------

THRESHOLDS = (0.5, 0.75, 0.9, 1.0)
SCORES = (0.0, 0.4, 0.6, 0.8, 0.95, 1.0)


def _judged_runs(scores: Sequence[Sequence[float]], threshold: float) -> list[list[Case]]:
    """Per run, each case ``c<i>`` with its score, passed when it reaches ``threshold``."""
    return [[(f"c{i}", s, s >= threshold) for i, s in enumerate(run)] for run in scores]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    cases=st.integers(1, 5),
    runs=st.integers(1, 3),
    thresholds=st.tuples(st.sampled_from(THRESHOLDS), st.sampled_from(THRESHOLDS)),
    data=st.data(),
)
def test_pairs_judged_at_different_thresholds_are_refused(
    cases: int,
    runs: int,
    thresholds: tuple[float, float],
    data: st.DataObject,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    grid = st.lists(
        st.lists(st.sampled_from(SCORES), min_size=cases, max_size=cases),
        min_size=runs,
        max_size=runs,
    )
    before, after = data.draw(grid, label="before"), data.draw(grid, label="after")
    root = tmp_path_factory.mktemp("thresholds")
    base_runs, cand_runs = _judged_runs(before, thresholds[0]), _judged_runs(after, thresholds[1])
    base = history_runs(root / "b", base_runs, threshold=thresholds[0])
    cand = history_runs(root / "c", cand_runs, threshold=thresholds[1])
    if thresholds[0] != thresholds[1]:
        with pytest.raises(CheckersError, match="threshold"):
            compare_records(load_records(base), load_records(cand))
        return
    # One threshold: compared, and the flips are what an independent count finds.
    (one,) = compare_records(load_records(base), load_records(cand)).metrics
    pairs = [
        (b[2], a[2])
        for rb, ra in zip(base_runs, cand_runs, strict=True)
        for b, a in zip(rb, ra, strict=True)
    ]
    assert (one.pairs, one.lost, one.gained) == (
        cases * runs,
        sum(b and not a for b, a in pairs),
        sum(a and not b for b, a in pairs),
    )


# --- eval_set_changed ----------------------------------------------------------------------------

IDS = [f"case_{i}" for i in range(1, 6)]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    smoke=st.sets(st.sampled_from(IDS), min_size=1, max_size=3),
    full=st.sets(st.sampled_from(IDS), min_size=1),
    together=st.booleans(),
    smoke_passes=st.booleans(),
)
def test_one_case_id_from_two_eval_sets_is_refused(
    smoke: set[str],
    full: set[str],
    together: bool,
    smoke_passes: bool,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """``smoke`` and ``full`` runs in one history (``together``) or one per side (the
    candidate also ran the smoke cases it lacks, so no case is missing)."""
    root = tmp_path_factory.mktemp("sets")
    smoke_runs = [[(c, smoke_passes) for c in sorted(smoke)]] * 3
    full_runs = [[(c, not smoke_passes) for c in sorted(full)]] * 3
    shared = smoke & full
    if together:
        folder = history_runs(root / "h", smoke_runs, eval_set="smoke")
        history_runs(folder, full_runs, eval_set="full", start=2000.0)
        if shared:
            with pytest.raises(CheckersError, match=min(shared)):
                load_records(folder)
        else:
            assert len(load_records(folder)) == 3 * (len(smoke) + len(full))
        return
    base = history_runs(root / "b", smoke_runs, eval_set="smoke")
    cand = history_runs(root / "c", full_runs, eval_set="full")
    extra = [[(c, smoke_passes) for c in sorted(smoke - full)]] * 3
    history_runs(cand, extra, eval_set="smoke", start=2000.0)
    if shared:
        with pytest.raises(CheckersError, match=r"eval set 'smoke'.*eval set 'full'"):
            compare_records(load_records(base), load_records(cand))
    else:
        (one,) = compare_records(load_records(base), load_records(cand)).metrics
        assert (one.lost, one.gained) == (0, 0)


# --- false alarms of compare_records, by simulation ----------------------------------------------

EXPERIMENTS = 2000
CASES = [0.3, 0.5, 0.7, 0.9, 0.95, 0.6, 0.8, 0.99, 0.4, 0.85]


def _runs(rng: random.Random, rates: Sequence[float], runs: int, metrics: int) -> list[RunRecord]:
    """``runs`` runs of each case under ``metrics`` metrics; a run that fails the first metric
    fails the others too more often than not (metrics of one agent are correlated)."""
    found = []
    for case, rate in enumerate(rates):
        for run in range(runs):
            first = rng.random() < rate
            for m in range(metrics):
                passed = first if m == 0 or rng.random() < 0.7 else rng.random() < rate
                score = 1.0 if passed else 0.0
                found.append(RunRecord(f"c{case}", run, f"m{m}", score, passed, (), True, "s"))
    return found


def _false_alarms(rates: Sequence[float], runs: tuple[int, int], metrics: int, seed: int) -> float:
    """The share of comparisons of two samples of one agent that ``compare_records`` calls
    significant either way; the candidate also ran two cases the baseline did not."""
    rng = random.Random(seed)
    called = 0
    for _ in range(EXPERIMENTS):
        baseline = _runs(rng, rates, runs[0], metrics)
        candidate = _runs(rng, [*rates, 0.5, 0.9], runs[1], metrics)
        called += compare_records(baseline, candidate).direction is not Direction.NONE
    return called / EXPERIMENTS


# The test is exact and conservative, so its true false-alarm rate is at most alpha; a simulated
# rate has standard error at most sqrt(0.05 * 0.95 / 2000) = 0.0049, and the margin of 3 of them
# is what a true rate of exactly alpha needs to pass with probability 0.9987 (seeded, so it is
# the same figure every run). A rate doubled by a bug (a run read twice) lands near 0.1.
MARGIN = 3 * math.sqrt(ALPHA * (1 - ALPHA) / EXPERIMENTS)


@pytest.mark.parametrize(
    ("rates", "runs", "metrics"),
    [
        ([0.5], (1, 1), 1),  # one case, one run: never enough for a verdict
        ([0.5], (12, 12), 1),  # one case, many runs
        (CASES, (1, 1), 1),
        (CASES, (5, 5), 3),  # three metrics at once: Bonferroni
        (CASES, (5, 3), 2),  # unequal runs: the extra baseline runs unpaired
        ([1.0, 0.0, 1.0], (4, 4), 1),  # all pass or all fail: no variance
    ],
)
def test_an_agent_against_itself_is_called_different_at_most_alpha(
    rates: list[float], runs: tuple[int, int], metrics: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The verdict rests on McNemar alone: the bootstrap interval and the pairs needed are
    # reported, not tested, so they are left out to keep 2,000 comparisons within seconds.
    monkeypatch.setattr(compare_module, "paired_bootstrap_interval", lambda d, seed: (0.0, 0.0))
    monkeypatch.setattr(compare_module, "pairs_needed", lambda *a, **k: None)
    rate = _false_alarms(rates, runs, metrics, seed=len(rates) + sum(runs) + metrics)
    assert rate <= ALPHA + MARGIN, rate


def test_a_run_counted_twice_raises_false_alarms_past_alpha() -> None:
    """Why ``run_read_twice`` matters: the same flips counted twice, as a copied run was."""
    rng = random.Random(3)
    alarms = 0
    for _ in range(EXPERIMENTS):
        lost = gained = 0
        for rate in CASES:
            for _ in range(3):
                before, after = rng.random() < rate, rng.random() < rate
                lost += before and not after
                gained += after and not before
        alarms += compare_module.decide(2 * lost, 2 * gained)[0] is not Direction.NONE
    assert alarms / EXPERIMENTS > 2 * ALPHA


# --- independent computations -------------------------------------------------------------------


def test_wilson_agrees_with_scipy_for_every_count_up_to_60() -> None:
    for n in range(1, 61):
        for successes in range(n + 1):
            theirs = scipy_stats.binomtest(successes, n).proportion_ci(0.95, method="wilson")
            ours = wilson_interval(successes, n)
            assert ours == pytest.approx((theirs.low, theirs.high), abs=1e-12), (successes, n)


def test_pass_hat_k_is_the_hypergeometric_chance_that_k_drawn_runs_all_passed() -> None:
    for n in range(1, 16):
        for c in range(n + 1):
            for k in range(1, n + 1):
                theirs = scipy_stats.hypergeom.pmf(k, n, c, k)
                assert pass_hat_k(c, n, k) == pytest.approx(theirs, abs=1e-12), (c, n, k)


def test_mcnemar_is_scipys_two_sided_binomial_test_on_the_discordant_pairs() -> None:
    for lost in range(41):
        for gained in range(41 - lost):
            if lost + gained == 0:
                continue
            theirs = scipy_stats.binomtest(lost, lost + gained, 0.5).pvalue
            assert mcnemar_exact(lost, gained) == pytest.approx(theirs, rel=1e-9), (lost, gained)
