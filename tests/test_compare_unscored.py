"""``unscored_counted_failed`` closed by class (``tests/test_review_probes_stats_1206.py``): a run
whose metric reported NOT_EVALUATED (criterion option ``unscored: not_evaluated``: the evaluator
could not judge it) is neither a pass nor a failure, on either side of ``checkers compare`` and
in ``checkers stats``.

- It is read as unscored from eval history (``eval_status`` 3) and details files
  (``overall_status`` ``NOT_EVALUATED``), and counted per side and per case in the text and the
  JSON of ``compare``, and per case in ``stats``, never in a pass rate.
- ``compare`` tests the pairs judged on both sides; a case with no such pair is *not
  comparable* and the verdict line names it; a verdict stands only if no outcome of the unscored
  runs could overturn it, and when they could hide a significant regression the verdict is
  *inconclusive* (exit 2: the gate fails closed).
- Properties (each seen failing on the code before): whatever the unscored runs had been, an
  improvement (or regression) called with them is one called without them; an agent compared
  with itself, with runs made unscored at random on one side, is called better (or worse) no
  more often than the test's alpha (with 30% of one side's runs unscored it was called better
  in 32% of comparisons and worse in 28%).

Beside it, the bootstrap's draws made faster (one of the reviews' findings: 20,000 pairs took
about 16 s) are checked to be the draws it made before.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import checkers.compare as compare_module
import checkers.stats as stats_module
from checkers.cli import main
from checkers.compare import ALPHA, Direction, compare_records
from checkers.run_records import RunRecord, load_records
from checkers.run_stats import case_stats
from tests.report_helpers import CAREFUL_ANSWER
from tests.test_compare import details_runs
from tests.test_stats_classes import history_runs

PASS, FAIL, UNSCORED = "pass", "fail", "unscored"


def _not_evaluated(folder: Path, case: str) -> None:
    """Every history file in ``folder`` reports ``case`` NOT_EVALUATED with no score, as ADK
    saves a metric whose criterion says ``unscored: not_evaluated``."""
    for path in folder.glob("*.json"):
        data = json.loads(path.read_text())
        for result in data["eval_case_results"]:
            if result["eval_id"] == case:
                result["overall_eval_metric_results"][0].update(eval_status=3, score=None)
        path.write_text(json.dumps(data))


def _history(folder: Path, runs: Sequence[Sequence[tuple[str, str]]], start: float) -> Path:
    """One history file per run; each case ``(id, "pass" | "fail" | "unscored")``."""
    history_runs(folder, [[(c, o == PASS) for c, o in run] for run in runs], start=start)
    for number, run in enumerate(runs):
        path = folder / f"app_dining_{start + number}.evalset_result.json"
        data = json.loads(path.read_text())
        for result, (_, outcome) in zip(data["eval_case_results"], run, strict=True):
            if outcome == UNSCORED:
                result["overall_eval_metric_results"][0].update(eval_status=3, score=None)
        path.write_text(json.dumps(data))
    return folder


@cache
def _templates() -> dict[str, RunRecord]:
    """A passed, a failed and an unscored run as the eval-history reader gives them (so the
    properties run on any version of the reader)."""
    with tempfile.TemporaryDirectory() as folder:
        runs = [[("p", PASS), ("f", FAIL), ("u", UNSCORED)]]
        records = {r.case: r for r in load_records(_history(Path(folder), runs, 1.0))}
    return {PASS: records["p"], FAIL: records["f"], UNSCORED: records["u"]}


def _record(outcome: str, case: str, run: int) -> RunRecord:
    return replace(_templates()[outcome], case=case, run=run, score=None, run_id="")


def _records(outcomes: Sequence[Sequence[str]]) -> list[RunRecord]:
    """``outcomes[case][run]`` as records of case ``c<case>``."""
    return [
        _record(outcome, f"c{case}", run)
        for case, runs in enumerate(outcomes)
        for run, outcome in enumerate(runs)
    ]


def _compare(baseline: Path, candidate: Path, *flags: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["compare", str(baseline), str(candidate), *flags])
    return code, out.getvalue()


# --- reading ---------------------------------------------------------------------------------


def test_history_and_details_read_not_evaluated_as_unscored(tmp_path: Path) -> None:
    folder = _history(tmp_path / "h", [[("c1", UNSCORED), ("c2", FAIL)]], 1.0)
    assert [(r.case, r.unscored, r.passed) for r in load_records(folder)] == [
        ("c1", True, False),
        ("c2", False, False),
    ]
    details = details_runs(tmp_path / "d", [CAREFUL_ANSWER, CAREFUL_ANSWER])
    first = sorted(details.glob("*.json"))[0]
    data = json.loads(first.read_text())
    data.update(overall_status="NOT_EVALUATED", overall_score=None)
    first.write_text(json.dumps(data))
    assert [(r.unscored, r.passed) for r in load_records(details)] == [(True, False), (False, True)]


# --- compare ---------------------------------------------------------------------------------


def test_an_unjudged_baseline_case_is_not_comparable_and_no_gain(tmp_path: Path) -> None:
    """The probe's shape through the command line: no improvement, c1 named not comparable,
    the unscored runs counted in text and JSON."""
    base = _history(tmp_path / "b", [[("c1", UNSCORED), ("c2", PASS)]] * 6, 1000.0)
    cand = _history(tmp_path / "c", [[("c1", PASS), ("c2", PASS)]] * 6, 5000.0)
    code, text = _compare(base, cand)
    assert code == 0
    assert text.splitlines()[0] == (
        "verdict: no significant difference; not comparable (every pair has an unscored run): "
        "c1 (everyone_ate)"
    )
    assert "6 baseline and 0 candidate paired runs; 6 pairs left out of the test" in text
    assert "c1: baseline 6 of 6 runs unscored, candidate 0 of 6 (not comparable)" in text
    code, out = _compare(base, cand, "--json")
    (metric,) = json.loads(out)["metrics"]
    assert json.loads(out)["verdict"] == "no significant difference"
    assert (metric["pairs"], metric["unscored_pairs"], metric["not_comparable"]) == (6, 6, ["c1"])
    assert (metric["unscored_baseline"], metric["unscored_candidate"]) == (6, 0)
    assert metric["unscored_cases"] == [
        {
            "case": "c1",
            "pairs": 6,
            "baseline": 6,
            "candidate": 0,
            "judged_pairs": 0,
            "comparable": False,
        }
    ]


def test_an_unjudged_candidate_where_the_baseline_passed_is_inconclusive(tmp_path: Path) -> None:
    """Read as failures these runs were a regression; left out, a hidden one: neither may pass
    the gate silently, so the verdict is inconclusive and the exit code 2."""
    base = _history(tmp_path / "b", [[("c1", PASS), ("c2", PASS)]] * 6, 1000.0)
    cand = _history(tmp_path / "c", [[("c1", UNSCORED), ("c2", PASS)]] * 6, 5000.0)
    code, text = _compare(base, cand)
    assert code == 2
    assert text.startswith("verdict: inconclusive")
    assert "a regression cannot be ruled out: had the candidate's 6 unscored runs failed" in text


def test_an_unjudged_candidate_where_the_baseline_failed_hides_nothing(tmp_path: Path) -> None:
    base = _history(tmp_path / "b", [[("c1", FAIL), ("c2", PASS)]] * 6, 1000.0)
    cand = _history(tmp_path / "c", [[("c1", UNSCORED), ("c2", PASS)]] * 6, 5000.0)
    assert _compare(base, cand)[0] == 0
    (one,) = compare_records(load_records(base), load_records(cand)).metrics
    assert (one.direction, one.not_comparable) == (Direction.NONE, ("c1",))


def test_a_gain_the_unscored_runs_could_explain_is_no_improvement() -> None:
    """7 judged fail->pass pairs (p = 0.016), but had the baseline's 4 unscored runs passed
    where the candidate failed, it would be 7 against 4."""
    base = _records([[FAIL] * 7 + [UNSCORED] * 4])
    cand = _records([[PASS] * 7 + [FAIL] * 4])
    (one,) = compare_records(base, cand).metrics
    assert (one.gained, one.lost, one.direction) == (7, 0, Direction.NONE)
    assert one.reason.startswith("the judged pairs alone show an improvement (p = 0.01562)")


def test_a_gain_the_unscored_runs_cannot_explain_stands() -> None:
    base = _records([[FAIL] * 12 + [UNSCORED]])
    cand = _records([[PASS] * 12 + [FAIL]])
    assert compare_records(base, cand).direction is Direction.IMPROVEMENT


def test_a_regression_the_unscored_runs_cannot_explain_stands(tmp_path: Path) -> None:
    """8 pass->fail pairs; the baseline's unscored runs of c2, which the candidate failed, can
    be no gain whatever they had been."""
    base = _history(tmp_path / "b", [[("c1", PASS), ("c2", UNSCORED)]] * 8, 1000.0)
    cand = _history(tmp_path / "c", [[("c1", FAIL), ("c2", FAIL)]] * 8, 5000.0)
    code, text = _compare(base, cand)
    assert code == 1 and text.startswith("verdict: significant regression")


def test_a_regression_the_unscored_runs_could_explain_is_inconclusive() -> None:
    """6 judged pass->fail pairs (p = 0.031); had the candidate's 3 unscored runs passed where
    the baseline failed, 6 against 3."""
    base = _records([[PASS] * 6 + [FAIL] * 3])
    cand = _records([[FAIL] * 6 + [UNSCORED] * 3])
    (one,) = compare_records(base, cand).metrics
    assert one.direction is Direction.INCONCLUSIVE
    assert "it would not hold had the candidate's 3 unscored runs passed" in one.reason


def test_no_judged_pair_is_inconclusive() -> None:
    comparison = compare_records(_records([[UNSCORED] * 4]), _records([[PASS] * 4]))
    assert comparison.direction is Direction.INCONCLUSIVE
    assert "no pair has both runs judged" in comparison.metrics[0].reason


def test_the_comparison_page_shows_unscored_runs(tmp_path: Path) -> None:
    base = _history(tmp_path / "b", [[("c1", UNSCORED), ("c2", PASS)]] * 3, 1000.0)
    cand = _history(tmp_path / "c", [[("c1", PASS), ("c2", PASS)]] * 3, 5000.0)
    page = tmp_path / "page.html"
    assert _compare(base, cand, "--html", str(page))[0] == 0
    html = page.read_text()
    assert "no judged run" in html and "3 unscored" in html and "not comparable: c1" in html


def test_control_without_unscored_runs_nothing_changes() -> None:
    base = _records([[PASS] * 8, [FAIL, PASS] * 4])
    cand = _records([[FAIL] * 8, [PASS, PASS] * 4])
    (one,) = compare_records(base, cand).metrics
    assert (one.pairs, one.lost, one.gained, one.direction) == (16, 8, 4, Direction.NONE)
    assert (one.unscored_pairs, one.unscored_cases, one.reason) == (0, (), "")


# --- stats -----------------------------------------------------------------------------------


def test_stats_leave_unscored_runs_out_of_the_pass_rate(tmp_path: Path) -> None:
    runs = [[("c1", UNSCORED), ("c2", PASS)], [("c1", UNSCORED), ("c2", UNSCORED)]]
    runs += [[("c1", UNSCORED), ("c2", FAIL)]]
    folder = _history(tmp_path / "h", runs, 1000.0)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["stats", str(folder), "--json"]) == 0
    cases = {c["case"]: c for c in json.loads(out.getvalue())["cases"]}
    assert (cases["c2"]["runs"], cases["c2"]["passed"], cases["c2"]["unscored"]) == (2, 1, 1)
    assert (cases["c1"]["runs"], cases["c1"]["rate"], cases["c1"]["unscored"]) == (0, None, 3)
    with contextlib.redirect_stdout(io.StringIO()) as text:
        assert main(["stats", str(folder)]) == 0
    lines = text.getvalue()
    assert "1 of 2 case-runs passed over 2 cases (4 more unscored" in lines
    assert "c1  no judged run: 3 of 3 runs unscored" in lines
    assert "c2  1/2  0.50" in lines and "(1 unscored)" in lines


# --- properties ------------------------------------------------------------------------------


@contextlib.contextmanager
def _verdict_only() -> Iterator[None]:
    """The verdict rests on McNemar alone: the reported figures (score interval, pairs needed)
    are left out, to keep thousands of comparisons within seconds."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compare_module, "paired_bootstrap_interval", lambda d, seed: (0.0, 0.0))
        patch.setattr(compare_module, "pairs_needed", lambda *a, **k: None)
        yield


OUTCOME = st.sampled_from([PASS, FAIL, UNSCORED])
PAIRS = st.lists(
    st.lists(st.tuples(OUTCOME, OUTCOME), min_size=1, max_size=14), min_size=1, max_size=3
)


def _side(cases: Sequence[Sequence[tuple[str, str]]], index: int) -> list[list[str]]:
    return [[pair[index] for pair in runs] for runs in cases]


@settings(max_examples=300, deadline=None)
@given(cases=PAIRS, fills=st.lists(st.booleans(), min_size=84, max_size=84))
def test_no_outcome_of_the_unscored_runs_overturns_a_verdict(
    cases: list[list[tuple[str, str]]], fills: list[bool]
) -> None:
    """Whatever the unscored runs had been (``fills``), a difference called with them is the
    one called with every run judged: never "better" (or "worse") from runs nobody judged."""
    base, cand = _side(cases, 0), _side(cases, 1)
    supply = iter(fills)

    def filled(side: list[list[str]]) -> list[list[str]]:
        return [[(PASS if next(supply) else FAIL) if o == UNSCORED else o for o in r] for r in side]

    with _verdict_only():
        found = compare_records(_records(base), _records(cand)).direction
        truth = compare_records(_records(filled(base)), _records(filled(cand))).direction
    if found in (Direction.IMPROVEMENT, Direction.REGRESSION):
        assert truth is found, (found, truth)


@settings(max_examples=200, deadline=None)
@given(cases=PAIRS)
def test_unscored_runs_are_counted_apart(cases: list[list[tuple[str, str]]]) -> None:
    base, cand = _records(_side(cases, 0)), _records(_side(cases, 1))
    with _verdict_only():
        (one,) = compare_records(base, cand).metrics
    judged = [(b, a) for runs in cases for b, a in runs if UNSCORED not in (b, a)]
    assert one.pairs == len(judged)
    assert (one.lost, one.gained) == (judged.count((PASS, FAIL)), judged.count((FAIL, PASS)))
    assert one.unscored_baseline == sum(b == UNSCORED for runs in cases for b, _ in runs)
    assert one.unscored_candidate == sum(a == UNSCORED for runs in cases for _, a in runs)
    assert set(one.not_comparable) == {
        f"c{i}" for i, runs in enumerate(cases) if all(UNSCORED in pair for pair in runs)
    }
    for stats in case_stats(base):
        runs = [b for b, _ in cases[int(stats.case[1:])]]
        assert (stats.runs, stats.passed) == (len(runs) - runs.count(UNSCORED), runs.count(PASS))


EXPERIMENTS = 1000
MARGIN = 0.015
"""Three standard errors of a simulated rate of alpha over 1,000 experiments."""


def _equal_agents(rng: random.Random, rates: Sequence[float], runs: int) -> list[list[str]]:
    return [[PASS if rng.random() < rate else FAIL for _ in range(runs)] for rate in rates]


def _masked(rng: random.Random, side: list[list[str]], share: float) -> list[list[str]]:
    return [[UNSCORED if rng.random() < share else o for o in runs] for runs in side]


def _called(share: float, seed: int) -> dict[Direction, float]:
    """How often an agent compared with itself (10 cases, 6 runs each) is called each way,
    with a ``share`` of the runs of one side (chosen at random) unscored."""
    rng = random.Random(seed)
    rates = [0.3, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.5, 0.75]
    called: dict[Direction, int] = dict.fromkeys(Direction, 0)
    for _ in range(EXPERIMENTS):
        base, cand = _equal_agents(rng, rates, 6), _equal_agents(rng, rates, 6)
        if rng.random() < 0.5:
            base = _masked(rng, base, share)
        else:
            cand = _masked(rng, cand, share)
        called[compare_records(_records(base), _records(cand)).direction] += 1
    return {direction: count / EXPERIMENTS for direction, count in called.items()}


@pytest.mark.parametrize("share", [0.1, 0.3])
def test_an_agent_with_unscored_runs_is_not_called_better_or_worse_past_alpha(
    share: float,
) -> None:
    """Equal agents: the exact test calls either direction at most alpha/2 each when every run
    is judged; unscored runs, read the least favourable way, may only lower that. Counted as
    failures, they made an equal candidate better (or worse) in about a third of comparisons at
    a share of 0.3."""
    with _verdict_only():
        rates = _called(share, seed=int(share * 100))
    assert rates[Direction.IMPROVEMENT] <= ALPHA + MARGIN, rates
    assert rates[Direction.REGRESSION] <= ALPHA + MARGIN, rates


# --- speed: the bootstrap draws each index at C speed, the same draws as before -------------


@settings(max_examples=60, deadline=None)
@given(
    values=st.lists(st.sampled_from([-1.0, -0.5, 0.0, 0.25, 1.0]), min_size=1, max_size=300),
    seed=st.integers(0, 2**32),
    count=st.integers(1, 40),
)
def test_the_bootstrap_resamples_are_those_of_randrange(
    values: list[float], seed: int, count: int
) -> None:
    """:func:`checkers.stats._resamples` draws as one ``randrange`` call per draw did, so a
    seed gives the interval it gave before, about five times faster."""
    rng = random.Random(seed)
    expected = [[values[rng.randrange(len(values))] for _ in values] for _ in range(count)]
    assert list(stats_module._resamples(values, random.Random(seed), count)) == expected
