"""``checkers eval`` end to end: ADK's real eval service run three times in this process on the
dining agent that sometimes slips, its eval history, and the statistics it prints."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from math import comb
from pathlib import Path

import pytest
from google.adk.evaluation.eval_result import EvalSetResult

from checkers.adk.variation import run_seed
from checkers.cli import main
from checkers.stats import wilson_interval
from domains.dining.evalset import EVALSET_FILE
from tests.adk_helpers import run_adk_eval, set_offline_env

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "evalsets" / "dining" / "eval_config.json"
AGENT = ROOT / "domains" / "dining" / "agents" / "sometimes_careless"
CASES = ("story-six", "spice-split", "solo-celiac")
RUNS = 3
ROW = re.compile(
    r"^  (?P<metric>\S+)\s+(?P<case>\S+)\s+(?P<passed>\d+)/(?P<runs>\d+)\s+(?P<rate>[\d.]+)\s+"
    r"\[(?P<low>[\d.]+), (?P<high>[\d.]+)\]\s+(?P<pass_k>[\d.]+|-)\s*(?P<flaky>flaky)?$"
)


@contextlib.contextmanager
def offline(details: Path) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as monkeypatch:
        set_offline_env(monkeypatch, details)
        monkeypatch.delenv("CHECKERS_SLIP_RATE", raising=False)
        monkeypatch.delenv("CHECKERS_SEED", raising=False)
        yield


def small_eval_set(directory: Path) -> Path:
    eval_set = json.loads(EVALSET_FILE.read_text())
    eval_set["eval_cases"] = [c for c in eval_set["eval_cases"] if c["eval_id"] in CASES]
    path = directory / "small.evalset.json"
    path.write_text(json.dumps(eval_set))
    return path


def agent_copy(directory: Path) -> Path:
    """The agent folder copied under ``directory``, so its eval history lands there."""
    copy = directory / "sometimes_careless"
    shutil.copytree(AGENT, copy, ignore=shutil.ignore_patterns(".adk", "__pycache__"))
    return copy


def checkers_eval(agent: Path, eval_set: Path, *options: str) -> tuple[int, str]:
    """``checkers eval`` run in this process, offline: its exit code and what it printed."""
    argv = ["eval", str(agent), str(eval_set), "--config", str(CONFIG), *options]
    printed = io.StringIO()
    with (
        offline(agent.parent / "details"),
        contextlib.redirect_stdout(printed),
        contextlib.redirect_stderr(printed),
    ):
        code = main(argv)
    return code, printed.getvalue()


@dataclass(frozen=True)
class Evaluation:
    """One ``checkers eval`` of the small eval set: the agent folder it ran, what it printed."""

    agent: Path
    seed: int
    code: int
    output: str


def evaluate(directory: Path, seed: int) -> Evaluation:
    agent = agent_copy(directory)
    code, output = checkers_eval(
        agent, small_eval_set(directory), "--runs", str(RUNS), "--seed", str(seed)
    )
    return Evaluation(agent, seed, code, output)


@pytest.fixture(scope="module")
def seed_5(tmp_path_factory: pytest.TempPathFactory) -> Evaluation:
    """Three runs under seed 5, shared by the tests that read them (ADK takes seconds a case)."""
    return evaluate(tmp_path_factory.mktemp("seed-5"), 5)


def histories(agent: Path) -> list[EvalSetResult]:
    files = sorted((agent / ".adk" / "eval_history").glob("*.evalset_result.json"))
    results = [EvalSetResult.model_validate_json(f.read_text()) for f in files]
    return sorted(results, key=lambda r: r.creation_timestamp)


def statuses(agent: Path) -> list[dict[tuple[str, str], str]]:
    """Per run (oldest first), each case's metric statuses as ADK saved them."""
    found = []
    for history in histories(agent):
        run: dict[tuple[str, str], str] = {}
        for case in history.eval_case_results:
            for metric in case.overall_eval_metric_results:
                if metric.eval_status.name == "INFORMATIONAL":  # ADK's token counts, durations
                    continue
                run[(case.eval_id, metric.metric_name)] = metric.eval_status.name
        found.append(run)
    return found


def printed_rows(output: str) -> dict[tuple[str, str], re.Match[str]]:
    rows = {}
    table = output[output.index("per case and metric") : output.index("pass^k over")]
    for line in table.splitlines():
        match = ROW.match(line)
        if match:
            rows[(match["case"], match["metric"])] = match
    return rows


def test_three_runs_save_three_histories_and_print_what_they_hold(seed_5: Evaluation) -> None:
    agent, output = seed_5.agent, seed_5.output
    assert seed_5.code == 0, output
    runs = statuses(agent)
    assert len(runs) == RUNS
    assert all({case for case, _ in run} == set(CASES) for run in runs)
    for number in range(1, RUNS + 1):
        assert re.search(
            rf"^run {number} \(seed {run_seed(5, number)}\): \d of 3 cases passed; "
            rf"history: {re.escape(str(agent))}/\.adk/eval_history/\S+\.evalset_"
            "result.json$",
            output,
            re.MULTILINE,
        ), output
    rows = printed_rows(output)
    assert set(rows) == set(runs[0])  # every case, each metric and the case's own verdict
    passes: dict[tuple[str, str], int] = defaultdict(int)
    for run in runs:
        for key, status in run.items():
            passes[key] += status == "PASSED"
    for key, row in rows.items():
        c = passes[key]
        assert (int(row["passed"]), int(row["runs"])) == (c, RUNS), key
        low, high = wilson_interval(c, RUNS)
        assert (row["low"], row["high"]) == (f"{low:.2f}", f"{high:.2f}"), key
        assert row["pass_k"] == f"{comb(c, RUNS) / comb(RUNS, RUNS):.2f}", key
        assert bool(row["flaky"]) == (0 < c < RUNS), key
    flaky = [key for key, c in passes.items() if 0 < c < RUNS]
    assert flaky, "seed 5 makes some case slip in some runs, not all"
    section = output[output.index("flaky cases") :]
    for case, metric in flaky:
        assert re.search(
            rf"^  {case}: .*{re.escape(metric)} {passes[case, metric]}/3", section, re.MULTILINE
        ), (case, metric)
    # A slip books the top-rated restaurant without reading any menu: menu_before_booking's one
    # requirement (called_before) is not met in exactly the runs where the metric failed, as
    # the runs' details files say.
    menu_failures = sum(
        run[case, "menu_before_booking"] == "FAILED" for run in runs for case in CASES
    )
    kinds = output[output.index("requirement kinds") :]
    assert re.search(
        rf"^  menu_before_booking\s+called_before\s+{menu_failures}/9\s", kinds, re.MULTILINE
    ), kinds
    details = re.search(r"^details: (\S+)/run-<n>$", output, re.MULTILINE)
    assert details is not None, output
    for number in range(1, RUNS + 1):
        assert len(list(Path(details[1], f"run-{number}").glob("everyone_ate-*.json"))) == 3


def test_the_same_seed_repeats_the_runs_and_another_seed_does_not(
    seed_5: Evaluation, tmp_path: Path
) -> None:
    found = {"first": statuses(seed_5.agent)}
    for name, seed in (("again", 5), ("other", 6)):
        again = evaluate(tmp_path / name, seed)
        assert again.code == 0, again.output
        found[name] = statuses(again.agent)
        assert len(found[name]) == RUNS
    assert found["first"] == found["again"]
    # 9 turns, each slipping with chance 0.3: two seeds agree on all with chance 0.58**9 < 1%
    # (and these two, drawn by hash, do not).
    assert found["first"] != found["other"]


@pytest.mark.slow
def test_adk_eval_under_a_runs_seed_repeats_that_run(
    seed_5: Evaluation, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # adk eval does not put the working directory on sys.path: name this checkout's root, so
    # its agents and metrics are the ones that run.
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.setenv("CHECKERS_SEED", str(run_seed(5, 2)))
    monkeypatch.delenv("CHECKERS_SLIP_RATE", raising=False)
    agent = agent_copy(tmp_path)
    done = run_adk_eval(agent, small_eval_set(tmp_path), CONFIG, tmp_path / "details")
    assert done.returncode in (0, 1), done.stderr[-2000:]
    [alone] = statuses(agent)
    assert alone == statuses(seed_5.agent)[1]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--runs", "0"], "--runs must be at least 1, got 0; e.g. --runs 5"),
        (["--runs", "2", "--k", "3"], "--k must be between 1 and --runs (2), got 3"),
    ],
)
def test_bad_counts_are_usage_errors(tmp_path: Path, options: list[str], message: str) -> None:
    code, output = checkers_eval(AGENT, small_eval_set(tmp_path), *options)
    assert code == 2
    assert f"checkers: error: {message}" in output


def test_a_folder_that_is_no_agent_is_a_usage_error(tmp_path: Path) -> None:
    code, output = checkers_eval(tmp_path, small_eval_set(tmp_path), "--runs", "1")
    assert code == 2
    assert "has no __init__.py; give the folder adk eval takes" in output
    assert not (tmp_path / ".adk").exists()


def test_a_folder_without_a_root_agent_is_a_usage_error(tmp_path: Path) -> None:
    agent = tmp_path / "empty_agent"
    agent.mkdir()
    (agent / "__init__.py").write_text('"""No agent here."""\n')
    code, output = checkers_eval(agent, small_eval_set(tmp_path), "--runs", "1")
    assert code == 2
    assert re.search(
        r"cannot load the agent in '.*empty_agent': ValueError: .*root_agent.*; its __init__\.py "
        r"must import a module 'agent'",
        output,
    ), output


def test_checkers_stats_on_the_saved_files_gives_the_same_figures(seed_5: Evaluation) -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = main(["stats", str(seed_5.agent / ".adk" / "eval_history"), "--json"])
    assert code == 0
    figures = json.loads(printed.getvalue())
    from_stats = {(c["case"], c["metric"]): (c["passed"], c["runs"]) for c in figures["cases"]}
    rows = printed_rows(seed_5.output)
    assert from_stats == {key: (int(r["passed"]), int(r["runs"])) for key, r in rows.items()}
