"""The domain-agnostic meta-test harness: its pieces, the pytest plugin, and ``checkers meta``."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.answers import extract_json_object
from checkers.cli import main
from checkers.errors import ConfigError, DataError
from checkers.meta import load_spec, meta_checks, meta_domains, meta_settings, mutation, run_checks
from checkers.meta.known import exact, load_cases
from checkers.meta.mutation import (
    EQUIVALENT_FILE,
    MEMORY_LIMIT,
    NUMBER_DELTAS,
    PLUGIN,
    PROJECT_ROOT,
    Baseline,
    EquivalentKey,
    Journal,
    Mutant,
    MutationReport,
    Outcome,
    _limit_memory,
    _status,
    domain_test_files,
    equivalent_outcome,
    files_holding,
    imported_names,
    listed_reason,
    load_equivalent,
    meta_test_command,
    meta_tests_for,
    module_name,
    modules_under,
    reaching_tests,
)
from checkers.meta.stats import MetaStats
from checkers.meta.strategies import ANSWER_FORMS, FieldMutation, insert_calls, write_answer
from checkers.registry import domain_names, find_plugin
from checkers.results import Verdict
from checkers.transcript import ToolCall, ToolResponse, Transcript, Turn
from domains.dining.judge import judge_everyone_ate
from domains.dining.scenarios import DINING

pytest_plugins = ["pytester"]
ANSWER = {"restaurant": "r19", "time": "19:00", "why": "Zoë {braces} and `ticks`"}


# --- pieces ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expression", "value"),
    [("5/6", Fraction(5, 6)), ("(5/7 + 2/3) / 2", Fraction(29, 42)), ("-1 + 2*3", Fraction(5))],
)
def test_exact_evaluates_score_arithmetic(expression: str, value: Fraction) -> None:
    assert exact(expression) == value


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("2**3", "score_expr '2**3': only integers and + - * / are allowed, e.g. '5/6'"),
        ("0.5", "score_expr '0.5': only integers and + - * / are allowed, e.g. '5/6'"),
        ("5/", "score_expr '5/' is not arithmetic: invalid syntax"),
    ],
)
def test_exact_rejects_anything_else(expression: str, message: str) -> None:
    with pytest.raises(DataError) as caught:
        exact(expression)
    assert str(caught.value) == message


def test_known_answers_file_problems_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "known_answers.json"
    path.write_text('{"id": 1}', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_cases(path)
    assert str(caught.value) == f"{path} must hold a JSON array of cases, not dict"
    path.write_text('[{"id": "a"}]', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_cases(path)
    assert str(caught.value) == f"{path}: case #1 needs at least 'id', 'scenario' and 'expected'"


@pytest.mark.parametrize("form", ANSWER_FORMS)
@settings(max_examples=30, deadline=None)
@given(words=st.lists(st.sampled_from(("Here", "is", "Zoë", "—", "12")), max_size=5))
def test_every_answer_form_reads_back_as_the_answer(form: str, words: list[str]) -> None:
    text = write_answer(ANSWER, form, " ".join(words), " ".join(reversed(words)))
    assert extract_json_object(text) == ANSWER


def test_field_mutations_apply_to_a_copy() -> None:
    answer = {"restaurant": "r1", "time": "19:00"}
    assert FieldMutation("time", "removed").apply(answer) == {"restaurant": "r1"}
    assert FieldMutation("time", "wrong_type", 1900).apply(answer) == {
        "restaurant": "r1",
        "time": 1900,
    }
    assert answer == {"restaurant": "r1", "time": "19:00"}
    assert FieldMutation("time", "garbled", "7pm").describe() == 'time garbled to "7pm"'
    assert FieldMutation("restaurant", "removed").describe() == "restaurant removed"


def test_a_verdict_survives_a_json_round_trip_and_a_tampered_one_is_refused() -> None:
    scenario = DINING.load_scenario("story-six")
    verdict = judge_everyone_ate(
        scenario, Transcript(final_text='{"restaurant": "r01", "time": "19:00"}'), 1.0
    )
    dumped = json.loads(verdict.model_dump_json())
    assert Verdict.model_validate(dumped) == verdict
    dumped["passed"] = True
    with pytest.raises(ValueError) as caught:
        Verdict.model_validate(dumped)
    assert (
        "passed is True in the input but False computed from its fields; remove 'passed' "
        "or correct the fields" in str(caught.value)
    )


def test_profiles() -> None:
    assert meta_settings("ci").max_examples == 200
    assert meta_settings("ci").derandomize is True
    assert meta_settings("thorough").max_examples == 2000
    with pytest.raises(ValueError) as caught:
        meta_settings("fast")
    assert str(caught.value) == (
        "unknown hypothesis profile 'fast'; use ci or thorough (or a profile registered with "
        "hypothesis)"
    )


def test_unknown_domain_names_the_known_ones() -> None:
    with pytest.raises(ConfigError) as caught:
        load_spec("nosuch")
    assert str(caught.value) == (
        "unknown domain 'nosuch': no entry point nosuch in group 'checkers.domains' and no "
        "package domains.nosuch; known domains: airline, dining, orders, scheduling"
    )


def test_a_metric_without_generators_fails_the_coverage_check() -> None:
    spec = load_spec("dining")
    partial = replace(
        spec, metrics={k: v for k, v in spec.metrics.items() if k != "menu_before_booking"}
    )
    [coverage] = [c for c in meta_checks(partial) if c.id == "coverage[metrics-registered]"]
    run = run_checks([coverage], meta_settings("ci"))
    [result] = run.results
    assert result.status == "failed"
    assert result.message == (
        "dining: metrics ['menu_before_booking'] are registered but the meta spec has no "
        "MetricMeta for them, so no invariant checks them; add them to DomainMetaSpec.metrics"
    )


def test_checks_have_readable_unique_ids() -> None:
    checks = meta_checks(load_spec("dining"))
    ids = [c.id for c in checks]
    assert len(ids) == len(set(ids))
    assert "generated[violation-allergy]" in ids
    assert "known[story-six-top-rated]" in ids
    assert "invariant[subject_order-everyone_ate]" in ids
    assert "oracle[infeasible-claim]" in ids


def test_known_answers_run_through_the_runner() -> None:
    spec = load_spec("dining")
    known = [c for c in meta_checks(spec) if c.group == "known"]
    stats = MetaStats()
    run = run_checks(known, meta_settings("ci"))
    assert run.ok and len(run.results) == len(load_cases(spec.known_answers or Path()))
    assert stats.examples == {}  # each run counts into its own stats
    assert run.stats.outcomes[("known", "allergy")]["fail"] >= 1


def test_a_wrong_known_answer_fails_with_the_difference(tmp_path: Path) -> None:
    cases = [
        {
            "id": "wrong",
            "scenario": "story-six",
            "answer_text": '{"restaurant": "r19", "time": "19:00"}',
            "expected": {"score_expr": "5/6", "passed": False},
            "why": "deliberately wrong",
        }
    ]
    path = tmp_path / "known_answers.json"
    path.write_text(json.dumps(cases), encoding="utf-8")
    spec = replace(load_spec("dining"), known_answers=path)
    run = run_checks([c for c in meta_checks(spec) if c.group == "known"], meta_settings("ci"))
    [result] = run.results
    assert result.status == "failed"
    assert result.message.startswith(
        "known answer wrong (deliberately wrong): score must be 5/6; got everyone_ate scored 6/6"
    )


# --- mutation report ----------------------------------------------------------------------------


def _mutant(definition: str = "check_budget") -> Mutant:
    return Mutant(
        "domains/dining/checks.py",
        "core/ReplaceComparisonOperator_LtE_Lt",
        0,
        142,
        definition,
        "lambda d: d.price <= req.max_per_person,",
    )


def test_mutation_share_and_equivalents(tmp_path: Path) -> None:
    report = MutationReport(
        "dining",
        [
            Outcome(_mutant(), "killed", 1.0),
            Outcome(_mutant(), "error", 1.0),
            Outcome(_mutant(), "survived", 1.0, equivalent="same behaviour"),
            Outcome(_mutant("x"), "survived", 1.0),
        ],
    )
    assert report.killed_share == 2 / 3  # the equivalent survivor is left out
    assert report.raw_killed_share == 0.5
    assert [o.mutant.definition for o in report.unexplained] == ["x"]
    path = tmp_path / "equivalent_mutants.json"
    record = {
        "definition": "check_budget",
        "operator": "core/ReplaceComparisonOperator_LtE_Lt",
        "source_line": "lambda d: d.price <= req.max_per_person,",
        "reason": "why",
    }
    path.write_text(json.dumps([record]), encoding="utf-8")
    assert load_equivalent(path) == {(*_mutant().key(), None, None): "why"}


def test_a_listing_with_an_offset_means_that_operator_of_the_line_alone(tmp_path: Path) -> None:
    # "o != customer and c.kind != 'write'": only the second != is equivalent under the mutation.
    line = 'if o != customer and c.kind != "write"'
    second = line.rindex("!=")
    operator = "core/ReplaceComparisonOperator_NotEq_Lt"
    record = {
        "definition": "check",
        "operator": operator,
        "source_line": line,
        "offset": second,
        "reason": "why",
    }
    path = tmp_path / "equivalent_mutants.json"
    path.write_text(json.dumps([record]), encoding="utf-8")
    listed = load_equivalent(path)

    def at(offset: int) -> Mutant:
        return Mutant("m.py", operator, 0, 1, "check", line, offset=offset)

    assert listed_reason(at(second), listed) == "why"
    assert listed_reason(at(line.index("!=")), listed) is None
    assert equivalent_outcome(at(line.index("!=")), listed) is None


def test_a_listing_can_name_one_of_a_numbers_two_mutants(tmp_path: Path) -> None:
    # "g[1] <= start": g[0] (-1) may be equivalent where g[2] (+1) is not.
    line = "before = next((g for g in reversed(pool) if g[1] <= start), None)"
    record = {
        "definition": "_bind",
        "operator": "core/NumberReplacer",
        "source_line": line,
        "offset": line.index("1]"),
        "delta": -1,
        "reason": "why",
    }
    path = tmp_path / "equivalent_mutants.json"
    path.write_text(json.dumps([record]), encoding="utf-8")
    listed = load_equivalent(path)
    plus, minus = (
        Mutant("m.py", "core/NumberReplacer", n, 1, "_bind", line, offset=line.index("1]"))
        for n in (30, 31)
    )
    assert (plus.delta, minus.delta) == (1, -1)
    assert listed_reason(minus, listed) == "why"
    assert listed_reason(plus, listed) is None


def test_a_listing_can_name_a_numbers_change_without_its_place(tmp_path: Path) -> None:
    # "grid(st, 0, end)": 0 -> 1 floors back to 0 on the grid; 0 -> -1 is a real change.
    line = "start = draw(grid(st, 0, end))"
    record = {"definition": "f", "operator": "core/NumberReplacer", "source_line": line}
    path = tmp_path / "equivalent_mutants.json"
    path.write_text(json.dumps([{**record, "delta": 1, "reason": "why"}]), encoding="utf-8")
    listed = load_equivalent(path)
    plus, minus = (
        Mutant("m.py", "core/NumberReplacer", n, 1, "f", line, offset=line.index("0"))
        for n in (30, 31)
    )
    assert listed_reason(plus, listed) == "why"
    assert listed_reason(minus, listed) is None


def test_the_number_deltas_are_the_order_cosmic_ray_makes_them() -> None:
    cosmic_ray = pytest.importorskip("cosmic_ray.operators.number_replacer")
    assert tuple(cosmic_ray.OFFSETS) == NUMBER_DELTAS


def test_a_listed_equivalent_mutant_is_not_run_unless_asked() -> None:
    listed: dict[EquivalentKey, str] = {(*_mutant().key(), None, None): "same behaviour"}
    known = equivalent_outcome(_mutant(), listed)
    assert known is not None
    assert (known.status, known.equivalent, known.seconds) == ("survived", "same behaviour", 0.0)
    assert equivalent_outcome(_mutant(), listed, run_listed=True) is None
    assert equivalent_outcome(_mutant("another_definition"), listed) is None


@pytest.mark.parametrize(
    ("result", "status"),
    [
        (
            {"worker_outcome": "normal", "test_outcome": "survived", "output": "3 passed"},
            "survived",
        ),
        (
            {"worker_outcome": "normal", "test_outcome": "killed", "output": "1 failed, 3 passed"},
            "killed",
        ),
        ({"worker_outcome": "normal", "test_outcome": "killed", "output": "timeout"}, "timeout"),
        (
            {"worker_outcome": "normal", "test_outcome": "killed", "output": "1 error in 0.2s"},
            "error",
        ),
        ({"worker_outcome": "exception", "output": "boom"}, "error"),
        ({"worker_outcome": "no-test"}, "skipped"),
    ],
)
def test_mutant_status(result: dict[str, Any], status: str) -> None:
    assert _status(result) == status


# --- the pytest plugin and the CLI --------------------------------------------------------------


def test_plugin_collects_meta_tests_with_readable_ids(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_nothing="def test_nothing():\n    pass\n")
    result = pytester.runpytest(
        "--checkers-meta=dining", "--collect-only", "-q", "-p", "no:cacheprovider"
    )
    lines = result.stdout.lines
    assert "checkers-meta/dining::known[story-six-top-rated]" in lines
    assert "checkers-meta/dining::generated[violation-allergy]" in lines
    assert "checkers-meta/dining::invariant[json_round_trip-everyone_ate]" in lines
    assert "test_nothing.py::test_nothing" in lines


def test_plugin_runs_selected_meta_tests(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest(
        "--checkers-meta=dining",
        "-k",
        "known and story-six or coverage",
        "-p",
        "no:cacheprovider",
    )
    source = Path(__file__).parents[1] / "domains" / "dining" / "known_answers.json"
    story_six = [
        c for c in json.loads(source.read_text(encoding="utf-8")) if "story-six" in c["id"]
    ]
    result.assert_outcomes(passed=len(story_six) + 1)  # and the one coverage item


def test_plugin_collects_a_known_answers_file_named_on_the_command_line(
    pytester: pytest.Pytester,
) -> None:
    folder = pytester.mkdir("dining")
    source = Path(__file__).parents[1] / "domains" / "dining" / "known_answers.json"
    cases = json.loads(source.read_text(encoding="utf-8"))[:3]
    (folder / "known_answers.json").write_text(json.dumps(cases), encoding="utf-8")
    result = pytester.runpytest("dining/known_answers.json", "-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines([f"*known_answers.json::known[[]{cases[0]['id']}[]] PASSED*"])


def test_mutation_plugin_runs_only_the_listed_tests(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_three="def test_a(): pass\ndef test_b(): pass\ndef test_c(): pass\n")
    listed = pytester.path / "only.txt"
    listed.write_text("test_three.py::test_b\ntest_three.py::test_c\n", encoding="utf-8")
    result = pytester.runpytest(
        "-p", PLUGIN, f"--checkers-mutation-only={listed}", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=2, deselected=1)


def test_mutation_plugin_runs_everything_when_no_listed_test_exists(
    pytester: pytest.Pytester,
) -> None:
    """A stale list must not make pytest run nothing (exit 5), which would count as a kill."""
    pytester.makepyfile(test_two="def test_a(): pass\ndef test_b(): pass\n")
    listed = pytester.path / "only.txt"
    listed.write_text("test_gone.py::test_x\n", encoding="utf-8")
    result = pytester.runpytest(
        "-p", PLUGIN, f"--checkers-mutation-only={listed}", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=2)


def test_mutation_plugin_runs_the_listed_tests_in_the_listed_order(
    pytester: pytest.Pytester,
) -> None:
    """The runner lists the quickest tests first, so that under -x a mutant dies cheaply."""
    pytester.makepyfile(
        test_one="def test_a(): pass\ndef test_b(): pass\n",
        test_two="def test_c(): pass\n",
    )
    listed = pytester.path / "only.txt"
    listed.write_text("test_two.py::test_c\ntest_one.py::test_b\ntest_one.py::test_a\n")
    result = pytester.runpytest(
        "-p", PLUGIN, f"--checkers-mutation-only={listed}", "-p", "no:cacheprovider", "-v"
    )
    ran = [line.split(" ")[0] for line in result.stdout.lines if " PASSED" in line]
    assert [r.split("::")[1] for r in ran] == ["test_c", "test_b", "test_a"]


def test_mutation_plugin_writes_each_tests_seconds(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_slow="import time\ndef test_quick(): pass\ndef test_slow(): time.sleep(0.2)\n"
    )
    timings = pytester.path / "timings.json"
    pytester.runpytest_subprocess(
        "-p", PLUGIN, f"--checkers-mutation-timings={timings}", "-p", "no:cacheprovider"
    ).assert_outcomes(passed=2)
    seconds = json.loads(timings.read_text())
    assert set(seconds) == {"test_slow.py::test_quick", "test_slow.py::test_slow"}
    assert seconds["test_slow.py::test_slow"] >= 0.2 > seconds["test_slow.py::test_quick"]
    baseline = Baseline({}, seconds)
    assert baseline.quickest_first([*seconds, "t::unknown"]) == [
        "test_slow.py::test_quick",
        "test_slow.py::test_slow",
        "t::unknown",
    ]


def test_a_mutant_may_take_ten_times_its_tests_unmutated_seconds_plus_a_minute() -> None:
    baseline = Baseline({}, {"t::a": 2.0, "t::b": 0.5})
    assert baseline.time_limit(["t::a", "t::b"], 1800.0) == 85.0
    assert baseline.time_limit(["t::a"], 70.0) == 70.0  # never above the ceiling
    assert baseline.time_limit(["t::a", "t::never_timed"], 1800.0) == 1800.0


@pytest.mark.skipif(sys.platform != "linux", reason="prlimit is Linux's")
def test_a_mutant_run_that_would_take_gigabytes_dies_of_memory_error() -> None:
    """A mutant such as ``24 * 60`` -> ``24 ** 60`` must die quickly, not fill the machine."""
    grab = f"import time; time.sleep(0.5); bytearray({MEMORY_LIMIT + 2**30})"
    with subprocess.Popen(
        [sys.executable, "-c", grab], stderr=subprocess.PIPE, text=True
    ) as process:
        _limit_memory(process.pid)
        _, stderr = process.communicate(timeout=60)
    assert process.returncode != 0 and "MemoryError" in stderr


STARTS_TESTS_IN_A_SESSION = """
import subprocess, sys, time
subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], start_new_session=True)
time.sleep(60)
"""
"""What cosmic-ray does: its test run goes in a session (and process group) of its own."""


def _gone(pid: int) -> bool:
    stat = Path(f"/proc/{pid}/stat")
    return not stat.exists() or stat.read_text().split()[2] == "Z"


@pytest.mark.skipif(sys.platform != "linux", reason="read from Linux's /proc")
def test_the_tests_a_run_started_in_their_own_session_are_found_to_be_killed() -> None:
    with subprocess.Popen(
        [sys.executable, "-c", STARTS_TESTS_IN_A_SESSION], start_new_session=True
    ) as parent:
        found: list[int] = []
        for _ in range(600):
            found = mutation._descendants(parent.pid)
            # Between fork and setsid the child is still in the parent's group: wait it out.
            if found and os.getpgid(found[0]) != parent.pid:
                break
            time.sleep(0.05)
        assert len(found) == 1 and os.getpgid(found[0]) != parent.pid
        for pid in found:
            os.killpg(os.getpgid(pid), signal.SIGKILL)
        os.killpg(parent.pid, signal.SIGKILL)
    for _ in range(200):
        if _gone(found[0]):
            break
        time.sleep(0.05)
    assert _gone(found[0])


def test_a_mutant_that_runs_past_its_limit_is_a_timeout_and_its_copy_is_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = tmp_path / "domains" / "x" / "checks.py"
    module.parent.mkdir(parents=True)
    module.write_text("LIMIT = 3\n", encoding="utf-8")

    def mutate_then_hang(*args: str, cwd: Path, timeout: float | None = None) -> None:
        # cosmic-ray applied the mutant, then its tests ran past the limit and it was killed
        module.write_text("LIMIT = 4\n", encoding="utf-8")
        raise subprocess.TimeoutExpired(list(args), timeout or 0.0)

    monkeypatch.setattr(mutation, "_cosmic_ray", mutate_then_hang)
    mutant = Mutant("domains/x/checks.py", "core/NumberReplacer", 0, 1, "<module>", "LIMIT = 3")
    outcome = mutation.run_one(mutant, tmp_path, "pytest", 0.1)
    assert outcome.status == "timeout"
    assert module.read_text(encoding="utf-8") == "LIMIT = 3\n"


def test_a_journal_keeps_kills_of_an_unchanged_module_and_reruns_the_rest(
    tmp_path: Path,
) -> None:
    (tmp_path / "m.py").write_text("x = 1\n")
    path = tmp_path / "journal" / "m.jsonl"
    killed, survived, crashed = (replace(_mutant(), module="m.py", occurrence=i) for i in range(3))
    journal = Journal(path, tmp_path)
    journal.record(Outcome(killed, "killed", 3.0, "diff", tests=4))
    journal.record(Outcome(survived, "survived", 80.0))
    journal.record(Outcome(crashed, "error", 1.0))  # an interrupted run records crashes too
    failed_import = replace(_mutant(), module="m.py", occurrence=3)
    journal.record(Outcome(failed_import, "error", 1.0, reported=True))  # pytest reported it
    with path.open("a") as cut_short:
        cut_short.write('{"key": "m.py@')
    resumed = Journal(path, tmp_path)
    kept = resumed.reused(killed)
    assert kept is not None and (kept.status, kept.tests, kept.reused) == ("killed", 4, True)
    assert resumed.reused(survived) is None  # tests may have been added since: run it again
    assert resumed.reused(crashed) is None
    settled = resumed.reused(failed_import)
    assert settled is not None and (settled.status, settled.reported) == ("error", True)
    (tmp_path / "m.py").write_text("x = 2\n")  # the module changed: its mutants are new
    assert Journal(path, tmp_path).reused(killed) is None


def test_a_journal_keeps_a_kill_while_the_statement_it_mutates_is_unchanged(
    tmp_path: Path,
) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f(x):\n    return x + 1 + 2\n\n\nLIMIT = 3\n")
    add = "core/ReplaceBinaryOperator_Add_Sub"
    first, second = (
        Mutant("m.py", add, i, 2, "f", "return x + 1 + 2", offset=o) for i, o in ((0, 9), (1, 13))
    )
    limit = Mutant("m.py", "core/NumberReplacer", 0, 5, "<module>", "LIMIT = 3")
    mutants = [first, second, limit]
    path = tmp_path / "m.jsonl"
    journal = Journal(path, tmp_path, mutants)
    for mutant in mutants:
        journal.record(Outcome(mutant, "killed", 1.0))
    # Another statement changes and moves f down: f's kills stay, LIMIT's go.
    module.write_text('"""Doc."""\n\n\ndef f(x):\n    return x + 1 + 2\n\n\nLIMIT = 4\n')
    moved = [replace(m, line=m.line + 3) for m in mutants]
    resumed = Journal(path, tmp_path, moved)
    assert [resumed.reused(m) is not None for m in moved] == [True, True, False]
    # Each kill is the one of the same mutant of the statement, not its neighbour's.
    assert resumed.statement_key(moved[0]) != resumed.statement_key(moved[1])
    assert resumed.statement_key(moved[1]) == journal.statement_key(second)
    # A kill recorded before statements were keyed gains its statement key when reused.
    old = tmp_path / "old.jsonl"
    Journal(old, tmp_path).record(Outcome(moved[2], "killed", 2.0, "diff"))
    assert Journal(old, tmp_path, moved).reused(moved[2]) is not None
    module.write_text('"""Doc."""\n\n\ndef f(x):\n    return x + 1 + 2\n\n\nLIMIT = 4\n\n')
    assert Journal(old, tmp_path, moved).reused(moved[2]) is not None
    # f itself changes: its mutants run again.
    module.write_text("def f(x):\n    return x + 1 + 3\n\n\nLIMIT = 3\n")
    assert all(Journal(path, tmp_path, mutants).reused(m) is None for m in mutants[:2])


def test_a_mutant_is_tried_against_the_tests_reaching_any_of_its_lines() -> None:
    line_tests = {
        "m.py": {
            10: frozenset({"t::a"}),
            11: frozenset({"t::b"}),
            20: frozenset({"", "t::a"}),
        }
    }
    spanning = replace(_mutant(), module="m.py", line=10, end_line=11)
    assert reaching_tests(spanning, line_tests) == {"t::a", "t::b"}
    # run at import or collection too: any test may depend on it, so every test runs
    assert reaching_tests(replace(spanning, line=20, end_line=20), line_tests) is None
    assert reaching_tests(replace(spanning, line=30, end_line=0), line_tests) == frozenset()


def test_plugin_rejects_a_bad_subject_range(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--checkers-meta=dining", "--checkers-meta-subjects=two")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*subjects must be LO-HI or N, e.g. 2-6 or 50, got 'two'*"])


def test_cli_meta_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meta", "dining", "--only", "known", "--only", "coverage"]) == 0
    out = capsys.readouterr().out
    assert "checker " in out and "known p/f/i" in out and "pass+fail" in out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()}
    assert rows["allergy"][-1] == "yes"
    # Known answers of everyone_ate by expected outcome: pass, fail, incomplete (has problems).
    cases = load_cases(Path(__file__).parents[1] / "domains" / "dining" / "known_answers.json")
    mine = [c["expected"] for c in cases if c.get("metric", "everyone_ate") == "everyone_ate"]
    incomplete = sum(bool(e.get("problems")) for e in mine)
    passing = sum(bool(e["passed"]) for e in mine)
    assert rows["everyone_ate"][1] == f"{passing}/{len(mine) - passing - incomplete}/{incomplete}"
    assert f"ALL HELD: {len(cases) + 1} held, 0 failed, 0 not applicable" in out


def test_cli_meta_unknown_domain_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meta", "nosuch"]) == 2
    assert "unknown domain 'nosuch'" in capsys.readouterr().err


def test_an_exempt_share_metric_exempts_the_monotone_checks_per_kind() -> None:
    spec = load_spec("dining")
    share = spec.metrics[spec.metric.name]
    reason = "adding a requirement may raise the score here"
    exempted = replace(
        spec,
        metrics={**spec.metrics, spec.metric.name: replace(share, exempt={"monotone": reason})},
    )
    by_id = {c.id: c for c in meta_checks(exempted)}
    share_and_kinds = [spec.metric.name, *(f"kind:{k}" for k in sorted(spec.requirements))]
    assert {by_id[f"invariant[monotone-{name}]"].exempt for name in share_and_kinds} == {reason}
    assert by_id["invariant[monotone-menu_before_booking]"].exempt is None  # another metric
    unchanged = {c.id: c for c in meta_checks(spec)}
    assert all(unchanged[f"invariant[monotone-{n}]"].exempt is None for n in share_and_kinds)


def test_one_metric_under_two_rows_counts_each_row_apart() -> None:
    spec = load_spec("scheduling")
    earliest = "everyone_can_attend/earliest_tasks"
    assert spec.metrics[earliest].metric is spec.metric  # the same judge, not a renamed copy
    wanted = {
        f"invariant[deterministic-{earliest}]",
        "invariant[deterministic-everyone_can_attend]",
    }
    run = run_checks([c for c in meta_checks(spec) if c.id in wanted], meta_settings("ci"))
    assert run.ok and len(run.results) == 2
    assert ("invariant", earliest) in run.stats.outcomes
    assert ("invariant", "everyone_can_attend") in run.stats.outcomes
    [exempt] = [c for c in meta_checks(spec) if c.id == f"invariant[monotone-{earliest}]"]
    assert exempt.exempt is not None and "earliest" in exempt.exempt


def test_mutation_runs_the_domains_own_test_files(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    marked = "pytestmark = pytest.mark.checkers_meta\n"
    for name, text in [
        ("test_meta_dining.py", marked),
        ("test_dining_data.py", marked),
        ("test_dining_adk.py", "import pytest\n"),  # no meta-tests: not collected per mutant
        ("test_scheduling_meta.py", marked),
        ("test_meta_harness.py", marked),
        ("helpers_dining.py", marked),
    ]:
        (tests / name).write_text(text)
    assert domain_test_files(tmp_path, "dining") == [
        "tests/test_dining_data.py",
        "tests/test_meta_dining.py",
    ]
    assert domain_test_files(tmp_path, "scheduling") == ["tests/test_scheduling_meta.py"]
    command = meta_test_command("scheduling", "ci", ["tests/test_scheduling_meta.py"])
    assert command.endswith(
        "--checkers-meta=scheduling --checkers-meta-profile=ci -m checkers_meta "
        "-k 'not hostile' tests/test_scheduling_meta.py"
    )


def test_a_core_modules_mutants_meet_the_tests_of_every_domain_using_it(tmp_path: Path) -> None:
    """A mutant of a module in ``checkers/`` can change any domain importing it, directly or
    through another module: those domains' meta-tests and the module's own tests run."""
    marked = "import pytest\npytestmark = pytest.mark.checkers_meta\n"
    files = {
        "checkers/words.py": "X = 1\n",
        "checkers/claims.py": "from checkers.words import X\n",
        "domains/orders/claims.py": "from checkers import words\n",
        "domains/airline/reading.py": "import checkers.claims\n",
        "domains/dining/checks.py": "import checkers.text\n",
        "tests/test_words.py": marked + "from checkers.words import X\n",
        "tests/test_claims.py": "import checkers.claims\n",  # not marked: never collected
        "tests/test_text.py": marked + "import checkers.text\n",
        # the marker's words inside a string mark nothing
        "tests/test_docs.py": 'MARK = """\npytestmark = pytest.mark.checkers_meta\n"""\n'
        "import checkers.words\n",
        "tests/test_orders_claims.py": marked,
        "tests/test_airline_reading.py": marked,
        "tests/test_dining_checks.py": marked,
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    chosen = meta_tests_for(tmp_path, "orders", ["checkers/words.py"])
    assert chosen.domains == ("orders", "airline")
    assert chosen.files == (
        "tests/test_orders_claims.py",
        "tests/test_airline_reading.py",
        "tests/test_words.py",
    )
    own = meta_tests_for(tmp_path, "orders", ["domains/orders/claims.py"])
    assert own.domains == ("orders",)
    assert own.files == ("tests/test_orders_claims.py",)


def test_a_mutant_collects_only_the_files_holding_its_tests() -> None:
    files = ["tests/test_orders_facts.py", "tests/test_orders_policy.py", "tests/test_x.py"]
    tests = [
        "checkers-meta/orders::known[refund]",
        "tests/test_orders_policy.py::test_gift_cards[1]",
        "tests/test_orders_policy.py::test_refund",
        "tests/test_orders_facts.py::test_swap",
    ]
    assert files_holding(tests, files) == [
        "tests/test_orders_facts.py",
        "tests/test_orders_policy.py",
    ]
    only_plugin_items = ["checkers-meta/orders::known[refund]"]
    assert files_holding(only_plugin_items, files) == ["tests/test_orders_facts.py"]


def test_inserted_calls_land_inside_the_turns() -> None:
    def call(name: str) -> ToolCall:
        return ToolCall(name=name, args={})

    def turn(*names: str) -> Turn:
        return Turn(
            user_text="hi",
            tool_calls=tuple(call(n) for n in names),
            tool_responses=tuple(ToolResponse(name=n, response={"ok": True}) for n in names),
            agent_text="done",
        )

    turns = (turn("a", "b"), turn("c"))
    recorded = Transcript(
        final_text="done",
        tool_calls=tuple(c for t in turns for c in t.tool_calls),
        tool_responses=tuple(r for t in turns for r in t.tool_responses),
        turns=turns,
    )
    extra = [(call("x"), ToolResponse(name="x", response={})), (call("y"), None)]
    changed = insert_calls(recorded, extra, [1, 9])
    assert [[c.name for c in t.tool_calls] for t in changed.turns] == [["a", "x", "b"], ["c", "y"]]
    assert [c.name for c in changed.tool_calls] == ["a", "x", "b", "c", "y"]
    assert [r.name for r in changed.tool_responses] == ["a", "b", "x", "c"]
    flat = insert_calls(Transcript(final_text="t", tool_calls=(call("a"),)), extra, [0, 5])
    assert ([c.name for c in flat.tool_calls], flat.turns) == (["x", "a", "y"], ())


@pytest.mark.parametrize("domain", meta_domains())
def test_every_meta_test_of_a_domain_has_its_own_id(domain: str) -> None:
    # A runner keeps one test per id (pytest-xdist dropped four orders meta-tests whose kind
    # shares its name with a metric), so meta_checks refuses an id given twice.
    ids = [c.id for c in meta_checks(load_spec(domain))]
    assert len(ids) == len(set(ids))


def test_an_id_given_twice_is_refused_with_its_name() -> None:
    spec = load_spec("dining")
    share = spec.metrics[spec.metric.name]
    twice = replace(spec, metrics={**spec.metrics, "kind:allergy": share})
    with pytest.raises(ValueError, match=r"dining: these meta-test ids name more than one check"):
        meta_checks(twice)


@pytest.mark.parametrize("domain", domain_names())
def test_every_equivalent_listing_names_a_line_its_modules_still_have(domain: str) -> None:
    """A listing whose line is gone matches nothing: it only misleads a reader (and would
    silently match again if the line came back with another meaning)."""
    plugin = find_plugin(domain)
    listed = load_equivalent(PROJECT_ROOT / plugin.project_path(EQUIVALENT_FILE))
    # A domain's listings may also name lines of its package's other modules and of the core
    # modules its package imports, mutated with ``--module`` (``checkers mutate dining --module
    # domains/dining/left_out.py``, ``checkers mutate orders --module checkers/status_words.py``).
    python = [f for f in mutation.project_files(PROJECT_ROOT) if f.endswith(".py")]
    own = [f for f in python if f.startswith(plugin.project_path("") + "/")]
    used = set().union(*(imported_names((PROJECT_ROOT / f).read_text("utf-8")) for f in own))
    core = [f for f in python if f.startswith("checkers/") and module_name(f) in used]
    lines: set[str] = set()
    for module in modules_under(PROJECT_ROOT, plugin.mutated_files()) + own + core:
        text = (PROJECT_ROOT / module).read_text(encoding="utf-8")
        lines |= {line.strip() for line in text.splitlines()}
    stale = sorted({f"{key[0]}: {key[2]}" for key in listed if key[2] not in lines})
    assert not stale, f"{domain}: equivalent listings of lines no longer in the code: {stale}"


def test_no_marked_test_file_or_test_is_named_as_the_mutation_runs_deselect() -> None:
    # mutation runs pass `-k "not hostile"` to leave out the plugin's hostile groups: a marked
    # test file or test whose name holds the word would silently kill no mutant
    root = Path(__file__).parents[1]
    named = [
        f"{path.name}::{name}"
        for path in sorted((root / "tests").glob("test_*.py"))
        if mutation.marks_meta(source := path.read_text(encoding="utf-8"))
        for name in [path.stem, *re.findall(r"^def (test_\w+)", source, re.MULTILINE)]
        if "hostile" in name.lower()
    ]
    assert named == []
