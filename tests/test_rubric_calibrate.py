"""Calibration: the figures, exact on judges with known behaviour, the bundled labelled sets,
calibration against the deterministic checker, and the command's output and exit codes."""

from __future__ import annotations

import argparse
import asyncio
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from checkers.errors import ConfigError, DataError
from checkers.rubric import calibrate as calibrate_module
from checkers.rubric.calibrate import (
    Figures,
    Gate,
    add_calibrate_parser,
    bundled_label_files,
    calibrate,
    checker_examples,
    label_book,
    load_bundled_labelled,
    load_labelled,
    main,
)
from checkers.rubric.factory import make_judge
from checkers.rubric.run import JudgeSettings
from checkers.transcript import ToolCall, ToolResponse, Transcript
from domains.dining.rubrics import explains_task
from domains.dining.scenarios import DINING
from domains.dining.tools import get_menu

DINING_LABELS = Path(__file__).parents[1] / "domains/dining/data/labelled_explanations.jsonl"
INJECTIONS = Path(__file__).parents[1] / "checkers/rubric/data/labelled_injections.jsonl"


def command(*argv: str) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="checkers")
    add_calibrate_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["calibrate", *argv])
    out = io.StringIO()
    code = args.handler(args, out)
    return code, out.getvalue()


def figures_of(judge_spec: str, path: Path = DINING_LABELS, seed: int = 0) -> Figures:
    examples = load_labelled(path)
    judge = make_judge(judge_spec, labels=label_book(examples), seed=seed)
    return asyncio.run(calibrate(examples, judge, JudgeSettings(), str(path))).figures


# --- the figures -------------------------------------------------------------------------------


def test_kappa_and_rates_on_a_hand_computed_table() -> None:
    # 10 yes labels: 8 judged yes, 1 no, 1 unscored; 10 no labels: 3 judged yes, 7 no.
    pairs = [("yes", "yes")] * 8 + [("yes", "no"), ("yes", "unscored")]
    pairs += [("no", "yes")] * 3 + [("no", "no")] * 7
    f = Figures.of(pairs)  # type: ignore[arg-type]
    assert f.accuracy == Fraction(15, 20)  # (8 + 7) / 20
    # p_o = 15/20; p_e = (10/20)(11/20) + (10/20)(8/20) = 190/400; kappa = (300-190)/(400-190)
    assert f.kappa == Fraction(110, 210)
    assert f.false_pass_rate == Fraction(3, 10)
    assert f.false_fail_rate == Fraction(2, 10)  # the unscored one is not a pass
    assert f.unscored == 1


def test_kappa_is_undefined_when_everything_is_one_class() -> None:
    f = Figures.of([("no", "no")] * 12)
    assert f.kappa is None and f.accuracy == 1 and f.false_fail_rate is None
    assert Gate(min_kappa=0.5).failures(f) == ["kappa is undefined, so it cannot meet 0.5"]


# --- judges with known behaviour on the bundled set --------------------------------------------


def test_an_agreeing_judge_scores_one() -> None:
    f = figures_of("scripted:agree")
    assert f.accuracy == 1 and f.kappa == 1
    assert f.false_pass_rate == 0 and f.unscored == 0


@pytest.mark.parametrize("share", ["0.05", "0.1", "0.2", "0.25", "0.3", "0.5"])
@pytest.mark.parametrize("seed", [0, 7])
def test_a_flipping_judge_shows_exactly_the_noise_it_was_given(share: str, seed: int) -> None:
    f = figures_of(f"scripted:flip={share}", seed=seed)
    flipped = Fraction(share)  # 20 * share is whole for each share here
    assert f.accuracy == 1 - flipped
    assert f.false_pass_rate == flipped and f.false_fail_rate == flipped
    # The judge says "yes" to 20 - 20f + 20f = 20 of 40: p_e = 1/2 exactly, so kappa = 1 - 2f.
    assert f.kappa == 1 - 2 * flipped


def test_the_cue_stand_in_is_shown_to_be_a_poor_judge() -> None:
    f = figures_of("scripted:cues")
    assert f.counts[("no", "yes")] == 12  # named the guest but did not explain: passed anyway
    assert f.false_pass_rate == Fraction(12, 20)
    assert f.counts[("yes", "no")] == 1  # "Hyejin" written without the hyphen
    assert f.accuracy == Fraction(27, 40)
    assert f.kappa == Fraction(7, 20)  # p_o = 27/40, p_e = (20*31 + 20*9)/1600 = 1/2


def test_an_off_menu_judge_is_all_unscored_and_never_passes() -> None:
    f = figures_of("scripted:off_menu")
    assert f.unscored == 40 and f.counts[("no", "yes")] == 0 and f.accuracy == 0
    assert f.kappa == 0  # p_o = 0, p_e = 0: the judge's only column is "unscored"


def test_the_precheck_stops_every_injection_that_fools_the_judge() -> None:
    assert figures_of("scripted:fooled", INJECTIONS).false_pass_rate == 0
    examples = load_labelled(INJECTIONS)
    judge = make_judge("scripted:fooled")
    result = asyncio.run(calibrate(examples, judge, JudgeSettings(), "injections"))
    assert result.flagged == len(examples) == 12
    assert judge.calls == 0  # type: ignore[attr-defined]


# --- the bundled data -------------------------------------------------------------------------


def test_the_bundled_set_is_balanced_sourced_and_distinct() -> None:
    examples = load_labelled(DINING_LABELS)
    assert len(examples) == 40
    assert sum(e.label == "yes" for e in examples) == 20
    assert {e.source for e in examples} == {"handwritten"}
    assert all(e.why for e in examples)
    assert len(label_book(examples).items()) == 40  # no two examples send the same prompt


def test_the_bundled_facts_are_what_the_metric_gives_the_judge() -> None:
    for example in load_labelled(DINING_LABELS) + load_labelled(INJECTIONS):
        about = example.about
        menu = get_menu(about["restaurant"])
        transcript = Transcript(
            final_text=example.answer,
            tool_calls=(ToolCall(name="get_menu", args={"restaurant_id": about["restaurant"]}),),
            tool_responses=(ToolResponse(name="get_menu", response=menu),),
        )
        task = explains_task(DINING.load_scenario(about["scenario"]), transcript)
        rubric = next(s for s in task.subjects if s.subject_id == about["guest"]).rubrics[0]
        assert example.facts == task.facts, example.id
        assert (example.rubric_id, example.rubric) == (rubric.id, rubric.text), example.id


def test_a_bad_labelled_file_names_the_line_and_field(tmp_path: Path) -> None:
    rows = DINING_LABELS.read_text(encoding="utf-8").splitlines()[:2]
    broken = json.loads(rows[1]) | {"label": "maybe"}
    path = tmp_path / "labels.jsonl"
    path.write_text(rows[0] + "\n" + json.dumps(broken) + "\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"labels\.jsonl:2: label: Input should be 'yes' or 'no'"):
        load_labelled(path)


# --- against the deterministic checker ------------------------------------------------------------


def test_generated_examples_are_balanced_and_labelled_by_the_checker() -> None:
    examples = checker_examples("dining", 20, seed=3)
    assert len(examples) == 20 and sum(e.label == "yes" for e in examples) == 10
    assert {e.source for e in examples} == {"generated"}
    assert all(e.rubric_id.startswith("serves:") for e in examples)


def test_a_plan_spelled_another_way_gives_the_same_examples() -> None:
    """The examples read the plan as ``everyone_ate`` reads it: keys in capitals and a time in
    full-width digits give the examples the plain plan gives (they gave none)."""
    from domains.dining.metrics import METRICS
    from domains.dining.rubrics import served_examples

    scenario = DINING.load_scenario("story-six")
    plain = {"restaurant": scenario.restaurants[0].id, "time": "19:00"}
    verdict = METRICS["everyone_ate"].judge(scenario, Transcript(final_text=json.dumps(plain)), 1.0)
    spelled = {"RESTAURANT": plain["restaurant"], "Time": "\uff11\uff19:\uff10\uff10"}
    examples = served_examples(scenario, plain, verdict)
    assert len(examples) == len(scenario.group.guests)
    assert served_examples(scenario, spelled, verdict) == examples


def test_calibrating_against_the_checker_reports_the_injected_noise() -> None:
    code, out = command(
        "--against-checker",
        "dining",
        "--examples",
        "40",
        "--judge",
        "scripted:flip=0.1",
        "--no-cache",
    )
    assert code == 0
    assert "on 40 generated answers of dining, labelled by its checker" in out
    assert "accuracy          0.900  (36/40)" in out
    assert "cohen's kappa     0.800" in out
    assert "false-pass rate   0.100  (2/20 labelled no, judged yes)" in out


# --- the command ------------------------------------------------------------------------------


def test_the_report_on_the_noisy_judge() -> None:
    code, out = command("--judge", "scripted:flip=0.2", "--no-cache", "--min-kappa", "0.5")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("calibrate: judge scripted:flip=0.2,seed=0 on ")
    assert lines[1:12] == [
        "examples          40  (20 labelled yes, 20 labelled no)",
        "accuracy          0.800  (32/40)",
        "cohen's kappa     0.600",
        "false-pass rate   0.200  (4/20 labelled no, judged yes)",
        "false-fail rate   0.200  (4/20 labelled yes, not passed)",
        "unscored          0",
        "pre-check flagged 0  (judged no without a judge call)",
        "confusion matrix (rows: label, columns: judge)",
        "                 yes      no  unscored",
        "  label yes      16       4         0",
        "  label no        4      16         0",
    ]
    assert lines[-1] == "gate: passed"


def test_a_missed_gate_exits_one_and_says_which_figure() -> None:
    code, out = command("--judge", "scripted:flip=0.2", "--no-cache", "--min-kappa", "0.7")
    assert code == 1
    assert out.splitlines()[-1] == "gate: FAILED: kappa 0.600 is below the minimum 0.7"
    code, out = command("--judge", "scripted:cues", "--no-cache", "--max-false-pass", "0.1")
    assert code == 1 and "false-pass rate 0.600 is above the maximum 0.1" in out


def test_json_report_carries_exact_figures() -> None:
    code, out = command("--judge", "scripted:flip=0.25", "--no-cache", "--json")
    report = json.loads(out)
    assert code == 0
    assert report["kappa"] == {"value": 0.5, "exact": "1/2"}
    assert report["confusion"] == {
        "yes": {"yes": 15, "no": 5, "unscored": 0},
        "no": {"yes": 5, "no": 15, "unscored": 0},
    }
    assert len(report["disagreements"]) == 10


def test_usage_errors_exit_two_with_the_fix(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--judge", "scripted:psychic"]) == 2
    assert "unknown scripted judge 'scripted:psychic'; known judges:" in capsys.readouterr().err
    assert main(["--judge", "scripted:agree", "--labels", "missing.jsonl"]) == 2
    assert "cannot read labelled examples 'missing.jsonl'" in capsys.readouterr().err
    assert main(["--judge", "scripted:flip=2", "--no-cache"]) == 2
    assert "the flip share must be a number from 0 to 1" in capsys.readouterr().err


def test_the_default_labelled_set_is_each_installed_domains_own() -> None:
    # Found through the plugins (dining's names its set), not a path the core knows.
    assert [p.resolve() for p in bundled_label_files()] == [DINING_LABELS.resolve()]
    examples, source = load_bundled_labelled()
    assert len(examples) == 40 and source.endswith("labelled_explanations.jsonl")


def test_without_a_bundled_labelled_set_calibrate_names_the_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(calibrate_module, "domain_names", lambda: [])
    with pytest.raises(ConfigError, match=r"--labels labels\.jsonl or --against-checker DOMAIN"):
        load_bundled_labelled()
