"""``checkers report``: loading, grouping, runs side by side, escaping, errors, the command line.

The page is parsed with the standard library's HTML parser, so the tests see elements and text
as a browser would build them; ``tests/test_report_browser.py`` renders it in a real browser.
"""

from __future__ import annotations

import argparse
import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from checkers.errors import ConfigError, DataError
from checkers.report import add_report_parser, build_report, render_html, write_report
from checkers.report.history import load_eval_history
from checkers.report.loading import find_details_files, load_details_file
from checkers.results import AnswerProblem, RequirementResult, SubjectResult, Verdict
from tests.report_helpers import (
    CAREFUL_ANSWER,
    RATING_FIRST_ANSWER,
    STORY_UNMET,
    judged,
    write_run,
    write_story_demo,
)

# Every element the page may contain: anything else in the output came from the data.
ALLOWED_TAGS = {
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "span",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "div",
    "section",
    "ul",
    "li",
    "code",
    "em",
    "br",
}


class Page(HTMLParser):
    """Elements, attributes and text of a page; text per element id for the sections."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self._in_style = False
        self.feed(page)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if not self._in_style:
            self.text.append(data)

    @property
    def all_text(self) -> str:
        return re.sub(r"\s+", " ", "".join(self.text))


def section(page: str, anchor: str) -> str:
    """The text of the case section whose id is ``anchor`` (up to the next section)."""
    start = page.rindex("<section", 0, page.index(f'id="{anchor}"'))
    end = page.find("<section", start + 1)
    return Page(page[start : end if end > 0 else None]).all_text


def report_page(*dirs: Path, history: tuple[Path, ...] = ()) -> str:
    return render_html(build_report(list(dirs), history))


# ---------------------------------------------------------------- grouping


def test_groups_by_label_case_and_metric_in_the_order_given(tmp_path: Path) -> None:
    rating_first, careful = write_story_demo(tmp_path)
    report = build_report([rating_first, careful])
    assert [(g.label, g.agent, g.eval_set) for g in report.groups] == [
        ("rating_first__dining", "rating_first", "dining"),
        ("careful__dining", "careful", "dining"),
    ]
    assert report.details_count == 4
    group = report.groups[0]
    assert list(group.cases) == ["story-six"]
    assert list(group.cases["story-six"]) == ["everyone_ate", "menu_before_booking"]
    assert group.passed_failed("everyone_ate") == (0, 1)
    assert report.groups[1].passed_failed("everyone_ate") == (1, 0)


def test_a_parent_folder_is_searched_recursively(tmp_path: Path) -> None:
    write_story_demo(tmp_path / "demo")
    report = build_report([tmp_path / "demo"])
    assert sorted(g.label for g in report.groups) == ["careful__dining", "rating_first__dining"]


def test_label_is_the_folder_holding_details_else_the_folder_itself(tmp_path: Path) -> None:
    in_details = write_run(tmp_path / "nightly" / "details", [judged("story-six", CAREFUL_ANSWER)])
    plain = write_run(tmp_path / "plain", [judged("story-six", CAREFUL_ANSWER)])
    nightly = load_details_file(in_details)
    assert (nightly.label, nightly.agent, nightly.eval_set) == ("nightly", "nightly", "")
    run = load_details_file(plain)
    assert (run.label, run.agent, run.eval_set) == ("plain", "plain", "")
    assert (run.details.metric, run.details.scenario_id) == ("everyone_ate", "story-six")
    assert run.details.overall_status == "PASSED"
    assert run.details.invocations == (judged("story-six", CAREFUL_ANSWER),)


def test_the_grid_has_subjects_as_rows_and_requirement_kinds_as_columns(tmp_path: Path) -> None:
    (details, _) = write_story_demo(tmp_path)
    page = report_page(details)
    start = page.index('<table class="grid">')
    grid = page[start : page.index("</table>", start)]
    header = re.findall(r"<th>(.*?)</th>", grid[: grid.index("</thead>")])
    assert header[0] == "subject"
    assert {"diet", "allergy", "availability", "opening_hours", "single_dish"} <= set(header)
    assert len(header) == len(set(header))
    rows = grid.count("<tr>") - 1
    assert rows == 6  # Ana, Björn, José, Zoë, Mei, Raj
    text = Page(grid).all_text
    for name, reason in STORY_UNMET.items():
        assert name in text and reason in text
    assert "NOT satisfied" in text


def test_cells_are_classed_by_outcome_and_show_the_reason_as_text(tmp_path: Path) -> None:
    (details, _) = write_story_demo(tmp_path)
    page = report_page(details)
    cells = re.findall(r'<td class="(pass|fail|incomplete|none)">(.*?)</td>', page)
    fails = [Page(body).all_text for css, body in cells if css == "fail"]
    assert any(STORY_UNMET["Ana"] in f and "[no_dish_for_diet]" in f for f in fails)
    assert any(STORY_UNMET["José"] in f and "[ends_too_late]" in f for f in fails)
    assert "title=" not in page  # reasons are on the page, never only in a tooltip


def test_incomplete_results_are_amber(tmp_path: Path) -> None:
    write_run(tmp_path / "x", [judged("story-six", '{"restaurant": "r01"}')])
    page = report_page(tmp_path / "x")
    assert re.search(
        r'<td class="incomplete"><div class="result"><span class="outcome">'
        r"incomplete</span>",
        page,
    )


def test_answer_problems_and_notes_are_shown(tmp_path: Path) -> None:
    verdict = judged("story-six", '{"restaurant": "r01", "time": "19:30", "why": "top rated"}')
    write_run(tmp_path / "x", [verdict])
    write_run(tmp_path / "y", [judged("story-six", "I booked the best place!")])
    text = Page(report_page(tmp_path / "x", tmp_path / "y")).all_text
    assert 'Answer read: {"restaurant": "r01", "time": "19:30", "why": "top rated"}' in text
    assert verdict.notes and verdict.notes[0] in text
    assert "answer problem [no_json_object]" in text
    assert "Answer read: nothing could be read" in text


# ---------------------------------------------------------------- runs side by side


def test_several_runs_of_a_case_stand_side_by_side_oldest_first(tmp_path: Path) -> None:
    details = tmp_path / "careful__dining" / "details"
    # Written newest first, so the order must come from the time stamps in the names.
    write_run(details, [judged("story-six", CAREFUL_ANSWER)], stamp="20260101T000002")
    write_run(details, [judged("story-six", RATING_FIRST_ANSWER)], stamp="20260101T000001")
    report = build_report([details])
    runs = report.groups[0].cases["story-six"]["everyone_ate"]
    assert [r.details.overall_status for r in runs] == ["FAILED", "PASSED"]
    page = render_html(report)
    assert page.count('<div class="runs several">') == 1
    block = page[page.index('<div class="runs several">') :]
    first, second = block.index("run 1 of 2"), block.index("run 2 of 2")
    assert first < block.index("FAILED 0.50") < second < block.index("PASSED 1.00")
    assert "2 of 2" not in block[:second] and block.count('<div class="run">') == 2
    summary = Page(page[: page.index("<h2")]).all_text
    assert "0 passed, 1 failed" not in summary and "1 passed, 1 failed" in summary


def test_a_case_with_one_run_is_not_numbered(tmp_path: Path) -> None:
    write_story_demo(tmp_path)
    assert "run 1 of" not in report_page(tmp_path)


def test_several_invocations_are_each_shown(tmp_path: Path) -> None:
    first = judged("story-six", RATING_FIRST_ANSWER)
    second = judged("story-six", CAREFUL_ANSWER)
    write_run(tmp_path / "x", [first, second])
    text = Page(report_page(tmp_path / "x")).all_text
    assert "invocation 1 of 2" in text and "invocation 2 of 2" in text
    assert "FAILED 0.75" in text  # (0.5 + 1.0) / 2, below the threshold 1


# ---------------------------------------------------------------- escaping

HOSTILE = '</title><script>alert("x")</script><img src=x onerror=alert(1)>&amp;"\''


def hostile_verdict() -> Verdict:
    result = RequirementResult.failed(
        kind=f"kind{HOSTILE}", code=f"code{HOSTILE}", reason=f"reason {HOSTILE}"
    )
    return Verdict(
        domain="dining",
        metric="everyone_ate",
        scenario_id=f"case {HOSTILE}",
        threshold=1.0,
        subjects=(SubjectResult(subject_id="s1", name=f"name {HOSTILE}", results=(result,)),),
        answer={"restaurant": f"<b>{HOSTILE}</b>"},
        problems=(AnswerProblem(code=f"p{HOSTILE}", message=f"message {HOSTILE}"),),
        notes=(f"note {HOSTILE}",),
    )


def test_hostile_text_is_shown_as_text_and_never_becomes_markup(tmp_path: Path) -> None:
    folder = tmp_path / f"agent{HOSTILE.replace('/', '_')}__set" / "details"
    write_run(folder, [hostile_verdict()])
    page = render_html(build_report([folder], title=f"title {HOSTILE}"))
    parsed = Page(page)
    assert {tag for tag, _ in parsed.tags} <= ALLOWED_TAGS
    for tag, attrs in parsed.tags:
        assert not any(name.startswith("on") or name == "src" for name in attrs), (tag, attrs)
        if tag == "a":
            assert str(attrs["href"]).startswith("#") and re.fullmatch(
                r"#[a-z0-9_-]+", str(attrs["href"])
            )
    text = parsed.all_text
    for shown in ("case ", "name ", "reason ", "message ", "note ", "title ", "kind", "code"):
        assert shown + HOSTILE in text
    assert json.dumps(f"<b>{HOSTILE}</b>", ensure_ascii=False) in text
    assert "<script" not in page and "<img" not in page


def test_lone_surrogates_in_a_file_do_not_break_writing(tmp_path: Path) -> None:
    path = write_run(tmp_path / "x", [judged("story-six", CAREFUL_ANSWER)])
    path.write_text(path.read_text(encoding="utf-8").replace("Ana", "An\\ud800a"), encoding="utf-8")
    out = write_report([tmp_path / "x"], tmp_path / "report.html")
    assert "An\ufffda" in out.read_text(encoding="utf-8")


# ---------------------------------------------------------------- self-contained


def test_the_page_loads_nothing_from_outside(tmp_path: Path) -> None:
    write_story_demo(tmp_path)
    page = report_page(tmp_path)
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    for forbidden in (
        "<script",
        "<link",
        "<img",
        "<iframe",
        "@import",
        "url(",
        "http://",
        "https://",
        "src=",
    ):
        assert forbidden not in page
    assert all(href.startswith("#") for href in re.findall(r'href="([^"]*)"', page))


# ---------------------------------------------------------------- errors


def test_an_empty_directory_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "other.json").write_text("{}", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        find_details_files([tmp_path / "empty"])
    assert str(caught.value) == (
        f"no details files under {str(tmp_path / 'empty')!r}: a checkers metric writes "
        "<metric>-…__<scenario>-…__<time>_<id>.json there during adk eval (criterion option "
        "details_dir, or $CHECKERS_DETAILS_DIR); run the eval first, or give the right folder, "
        "e.g. checkers report .checkers/details --out report.html"
    )


def test_a_missing_directory_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"details directory '.*nowhere' does not exist"):
        build_report([tmp_path / "nowhere"])
    with pytest.raises(ConfigError, match="give at least one details directory"):
        build_report([])


def test_a_broken_details_file_is_named(tmp_path: Path) -> None:
    path = write_run(tmp_path / "x", [judged("story-six", CAREFUL_ANSWER)])
    path.write_text('{"metric": "everyone_ate", "scenario_id": 7}', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        build_report([tmp_path / "x"])
    assert str(caught.value) == (
        f"none of the 1 details files can be read; the first: {path} is not a readable checkers "
        "details file: 'scenario_id' is 7 (int): Input should be a valid string (and 1 more "
        "problem); remove it or regenerate it with adk eval"
    )
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match=r"not JSON \(Expecting property name"):
        build_report([tmp_path / "x"])


def test_a_bad_value_deep_in_a_file_is_named_by_its_place(tmp_path: Path) -> None:
    path = write_run(tmp_path / "x", [judged("story-six", CAREFUL_ANSWER)])
    data = json.loads(path.read_text(encoding="utf-8"))
    data["invocations"][0]["subjects"][1]["results"][0]["outcome"] = "maybe"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_details_file(path)
    assert str(caught.value) == (
        f"{path} is not a readable checkers details file: "
        "'invocations[0].subjects[1].results[0].outcome' is 'maybe' (str): Input should be "
        "'pass', 'fail', 'incomplete' or 'unscored'; remove it or regenerate it with adk eval"
    )


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (
            lambda inv: inv["subjects"][0].update(satisfied=True),
            "invocations[0].subjects[0]: satisfied is True in the input but False computed "
            "from its fields; remove 'satisfied' or correct the fields",
        ),
        (
            lambda inv: inv.update(passed=True),
            "invocations[0]: passed is True in the input but False computed from its fields; "
            "remove 'passed' or correct the fields",
        ),
        (
            lambda inv: inv.update(score=1.0),
            "invocations[0]: score is 1.0 in the input but 0.5 computed from its fields; "
            "remove 'score' or correct the fields",
        ),
    ],
    ids=["satisfied", "passed", "score"],
)
def test_a_hand_edited_pass_is_rejected_and_listed(tmp_path: Path, edit: Any, reason: str) -> None:
    # Ana is not served at Ember & Oak; a file claiming otherwise is not believed.
    write_run(tmp_path / "x", [judged("story-six", CAREFUL_ANSWER)])
    edited = write_run(tmp_path / "x", [judged("story-six", RATING_FIRST_ANSWER)])
    data = json.loads(edited.read_text(encoding="utf-8"))
    edit(data["invocations"][0])
    edited.write_text(json.dumps(data), encoding="utf-8")
    report = build_report([tmp_path / "x"])
    assert report.unreadable == (
        (
            edited,
            f"{edited} is not a readable checkers details file: {reason}; remove it or "
            "regenerate it with adk eval",
        ),
    )
    (run,) = report.groups[0].cases["story-six"]["everyone_ate"]
    assert run.details.overall_status == "PASSED" and run.path != edited
    assert STORY_UNMET["Ana"] not in Page(render_html(report)).all_text


def test_a_case_filter_naming_no_case_lists_the_cases(tmp_path: Path) -> None:
    write_story_demo(tmp_path)
    with pytest.raises(ConfigError) as caught:
        build_report([tmp_path], cases=["story-7"])
    assert str(caught.value) == (
        "case 'story-7' is in no details file given; cases found: story-six"
    )
    assert build_report([tmp_path], cases=["story-six"]).details_count == 4


# ---------------------------------------------------------------- adk eval history


def history_payload(app: str, eval_set: str, created: float, status: int) -> dict[str, Any]:
    """An eval-history result as ADK 2.13 stores it (the fields the report reads)."""
    metric = {"metric_name": "everyone_ate", "threshold": 1.0, "score": 0.5, "eval_status": status}
    info = {"metric_name": "tool_call_count_v1", "threshold": None, "score": 2.0, "eval_status": 4}
    return {
        "eval_set_result_id": f"{app}_{eval_set}_{created}",
        "eval_set_result_name": f"{app}_{eval_set}_{created}",
        "eval_set_id": eval_set,
        "eval_case_results": [
            {
                "eval_set_id": eval_set,
                "eval_id": "story-six",
                "final_eval_status": status,
                "overall_eval_metric_results": [metric, info],
            }
        ],
        "creation_timestamp": created,
    }


def write_history(folder: Path, payload: dict[str, Any], double: bool = False) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{payload['eval_set_result_name']}.evalset_result.json"
    text = json.dumps(payload)
    path.write_text(json.dumps(text) if double else text, encoding="utf-8")
    return path


def test_eval_history_reads_adk_files_newest_per_agent_and_eval_set(tmp_path: Path) -> None:
    from google.adk.evaluation._eval_set_results_manager_utils import create_eval_set_result
    from google.adk.evaluation.eval_metrics import EvalMetricResult, EvalStatus
    from google.adk.evaluation.eval_result import EvalCaseResult

    case = EvalCaseResult(
        eval_set_id="dining",
        eval_id="story-six",
        final_eval_status=EvalStatus.FAILED,
        overall_eval_metric_results=[
            EvalMetricResult(
                metric_name="everyone_ate", threshold=1.0, score=0.5, eval_status=EvalStatus.FAILED
            )
        ],
        eval_metric_result_per_invocation=[],
        session_id="s1",
    )
    real = create_eval_set_result("rating_first", "dining", [case])
    folder = tmp_path / "rating_first" / ".adk" / "eval_history"
    folder.mkdir(parents=True)
    (folder / f"{real.eval_set_result_name}.evalset_result.json").write_text(
        real.model_dump_json(indent=2), encoding="utf-8"
    )
    write_history(folder, history_payload("rating_first", "dining", 1.0, 1))  # older: ignored
    (found,) = load_eval_history([folder])
    assert (found.app, found.eval_set_id) == ("rating_first", "dining")
    assert found.cases[0].status == "FAILED"
    assert found.cases[0].metrics == (("everyone_ate", 0.5, "FAILED"),)
    assert found.passed_failed() == (0, 1)


def test_eval_history_status_is_shown_beside_the_details(tmp_path: Path) -> None:
    rating_first, careful = write_story_demo(tmp_path / "demo")
    history = tmp_path / "history"
    write_history(history, history_payload("rating_first", "dining", 5.0, 2), double=True)
    write_history(history, history_payload("careful", "dining", 5.0, 1))
    write_history(history, history_payload("careful", "dining_menu_outage", 5.0, 1))
    report = build_report([rating_first, careful], [history])
    assert [g.history.eval_set_id if g.history else None for g in report.groups] == [
        "dining",
        "dining",
    ]
    assert [(h.app, h.eval_set_id) for h in report.unmatched_history] == [
        ("careful", "dining_menu_outage")
    ]
    page = render_html(report)
    text = section(page, "rating_first__dining-story-six")
    assert "adk eval: FAILED everyone_ate 0.50 failed, tool_call_count_v1 = 2" in text
    assert "careful on dining_menu_outage: 1 passed, 0 failed" in Page(page).all_text


def test_an_eval_set_file_name_matches_its_prefixed_eval_set_id(tmp_path: Path) -> None:
    details = tmp_path / "careful_menu_outage__menu_outage" / "details"
    write_run(details, [judged("story-six", CAREFUL_ANSWER)])
    history = tmp_path / "careful_menu_outage" / ".adk" / "eval_history"
    write_history(history, history_payload("careful_menu_outage", "dining_menu_outage", 3.0, 1))
    (group,) = build_report([details], [history]).groups
    assert group.history is not None and group.history.eval_set_id == "dining_menu_outage"


def test_eval_history_errors_name_the_path(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"eval history '.*missing' does not exist"):
        load_eval_history([tmp_path / "missing"])
    (tmp_path / "none").mkdir()
    with pytest.raises(ConfigError, match=r"no \*\.evalset_result\.json files under"):
        load_eval_history([tmp_path / "none"])
    bad = tmp_path / "bad.evalset_result.json"
    bad.write_text('{"eval_set_id": "dining"}', encoding="utf-8")
    with pytest.raises(
        DataError,
        match=r"bad\.evalset_result\.json is not a readable adk "
        "eval-history result: no eval_case_results list",
    ):
        load_eval_history([bad])


# ---------------------------------------------------------------- command line


def parser() -> argparse.ArgumentParser:
    """A ``checkers``-like parser with only the report subcommand, as cli.py will register it."""
    root = argparse.ArgumentParser(prog="checkers")
    add_report_parser(root.add_subparsers(dest="command", required=True))
    return root


def test_help_shows_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        parser().parse_args(["report", "--help"])
    assert exited.value.code == 0
    shown = capsys.readouterr().out
    assert "usage: checkers report [-h] [--eval-history DIR] --out OUT" in shown
    assert "checkers report .checkers/details --out report.html" in shown


def test_the_command_writes_the_page_and_prints_its_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_story_demo(tmp_path / "demo")
    out = tmp_path / "out" / "report.html"
    args = parser().parse_args(
        ["report", str(tmp_path / "demo"), "--out", str(out), "--title", "Story"]
    )
    assert args.handler(args) == 0
    assert capsys.readouterr().out == f"{out}\n"
    assert "<title>Story</title>" in out.read_text(encoding="utf-8")


def test_the_command_needs_out(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        parser().parse_args(["report", "somewhere"])
    assert exited.value.code == 2
    assert "the following arguments are required: --out" in capsys.readouterr().err


def test_a_case_filter_limits_adk_eval_counts_to_those_cases(tmp_path: Path) -> None:
    rating_first, _ = write_story_demo(tmp_path / "demo")
    write_run(rating_first, [judged("night-shift", CAREFUL_ANSWER)])
    history = tmp_path / "history"
    payload = history_payload("rating_first", "dining", 5.0, 2)
    other = {**payload["eval_case_results"][0], "eval_id": "night-shift", "final_eval_status": 1}
    payload["eval_case_results"].append(other)
    write_history(history, payload)
    write_history(
        history,
        history_payload("careful", "dining_infeasible", 5.0, 2)
        | {"eval_case_results": [{"eval_id": "no-plan-fits", "final_eval_status": 2}]},
    )
    full = build_report([rating_first], [history])
    assert full.groups[0].history is not None
    assert full.groups[0].history.passed_failed() == (1, 1)
    only = build_report([rating_first], [history], cases=["story-six"])
    assert only.groups[0].history is not None
    assert only.groups[0].history.passed_failed() == (0, 1)
    assert list(only.groups[0].cases) == ["story-six"] and not only.unmatched_history


@pytest.mark.parametrize(
    "damage",
    ["", '{"metric": "everyone_ate", "scenario_id": ', "[" * 100_000, '{"n": ' + "9" * 5000 + "}"],
    ids=["empty", "truncated", "deep", "huge-number"],
)
def test_a_damaged_details_file_is_listed_and_the_rest_reported(
    tmp_path: Path, damage: str
) -> None:
    # As a crashed or interrupted writer of an older version could leave behind.
    write_run(tmp_path / "x", [judged("story-six", CAREFUL_ANSWER)])
    broken = write_run(tmp_path / "x", [judged("story-six", CAREFUL_ANSWER)])
    broken.write_text(damage, encoding="utf-8")
    report = build_report([tmp_path / "x"])
    assert [p for p, _ in report.unreadable] == [broken]
    assert sum(len(r) for g in report.groups for c in g.cases.values() for r in c.values()) == 1
    page = render_html(report)
    assert "1 details file(s) could not be read" in page
    assert broken.name in page


def test_a_fifo_named_like_a_details_file_is_not_opened(tmp_path: Path) -> None:
    good = write_run(tmp_path / "x", [judged("story-six", CAREFUL_ANSWER)])
    fifo = good.parent / good.name.replace(good.name[-13:-5], "0" * 8)
    os.mkfifo(fifo)
    report = build_report([tmp_path / "x"])  # returns: the FIFO is never read
    assert report.unreadable == (
        (
            fifo,
            f"{fifo} is not a readable checkers details file: not a regular file; remove it or "
            "regenerate it with adk eval",
        ),
    )
