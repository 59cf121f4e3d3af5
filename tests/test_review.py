"""Human review: ``checkers sample`` picks verdicts and writes a sheet; people fill it;
``checkers calibrate --sheet`` reads it back into agreement figures.

The round trip runs on real verdicts: ``checkers score`` over tau-bench's recorded airline runs
(shared data), and dining sessions the demo agents leave in ADK's session database, judged by a
checker and by a (scripted) model judge. The sheet is filled as a reviewer would, through the
csv module, and the figures are checked against arithmetic done here on the filled rows.
"""

from __future__ import annotations

import asyncio
import csv
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.cli import main
from checkers.errors import DataError
from checkers.meta import meta_settings
from checkers.review import (
    ALL_MET,
    TRIGGERS,
    ReviewItem,
    SamplePlan,
    covered_strata,
    load_items,
    pick_items,
    score_band,
    strata,
)
from checkers.review_read import read_sheet, sheet_cells
from checkers.review_sheet import COLUMNS, SCALES, neutralise, restore, sheet_rows, write_sheet
from checkers.rubric.calibrate import Figures
from checkers.stats import wilson_interval
from checkers.text import without_surrogates
from domains.airline.data_files import RUNS_FILE
from tests.report_helpers import CAREFUL_ANSWER, RATING_FIRST_ANSWER, judged, write_run

ROOT = Path(__file__).resolve().parents[1]
AIRLINE_RUNS = RUNS_FILE  # the 50 recorded gpt-4o airline runs, bundled with the domain


def cli(*args: str | Path) -> int:
    return main([str(a) for a in args])


# --- real verdicts ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def airline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``checkers score`` output of the 50 recorded gpt-4o airline runs (3 metrics each)."""
    out = tmp_path_factory.mktemp("airline") / "verdicts.jsonl"
    assert cli("score", "airline", "--sessions", f"tau-bench:{AIRLINE_RUNS}", "--out", out) == 0
    return out


def fill(
    sheet: Path,
    out: Path,
    agrees: Callable[[dict[str, str]], bool],
    edit: Callable[[list[dict[str, str]]], None] | None = None,
) -> list[dict[str, str]]:
    """Fill ``sheet`` as a reviewer would in a spreadsheet: ratings by position, ``agrees`` per
    row, a feedback that a spreadsheet would take for a formula; ``edit`` then spoils it."""
    with sheet.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    for row in rows:
        position = int(row["position"])
        for offset, scale in enumerate(SCALES):
            row[scale] = str((position + offset) % 5 + 1)
        row["agrees_with_verdict"] = "yes" if agrees(row) else "no"
        row["feedback"] = f'=SUM(A1) "said", row {position}\nsecond line'
    if edit:
        edit(rows)
    with out.open("w", encoding="utf-8", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(COLUMNS))
        writer.writeheader()
        writer.writerows(rows)
    return rows


def calibrate_json(sheet: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> Any:
    capsys.readouterr()
    code = cli("calibrate", "--sheet", sheet, "--json", *extra)
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return json.loads(captured.out)


def test_an_airline_sheet_round_trips_into_calibrate(
    airline: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet, filled = tmp_path / "review.csv", tmp_path / "filled.csv"
    code = cli(
        *("sample", airline, "--stratified", "20", "--trigger", "unscored", "--seed", "5"),
        *("--sessions", f"tau-bench:{AIRLINE_RUNS}", "--out", sheet),
    )
    assert code == 0
    summary = capsys.readouterr().err
    items = load_items([airline])
    assert len(items) == 150  # 50 runs x 3 metrics
    # The trigger picks every failure with unscored requirements: policy_compliance's one (a
    # yes the consent reading cannot place, task 11).
    unscored = [i for i in items if not i.passed and i.unscored]
    assert [(i.metric, i.case) for i in unscored] == [("policy_compliance", "task-11")]
    assert "trigger unscored 1" in summary
    present = {s for item in items for s in strata(item)}
    assert f"strata covered: {len(present)} of {len(present)}" in summary

    # The reviewer holds that asking for a plain "yes" is too strict, and agrees elsewhere.
    rows = fill(sheet, filled, lambda row: "no_explicit_yes" not in row["reason_codes"].split())
    assert {row["item_id"] for row in rows} >= {i.item_id for i in unscored}
    assert all(row["text"].startswith("user: ") for row in rows)  # the conversation excerpt
    report = calibrate_json(filled, capsys)

    agreed = sum(row["agrees_with_verdict"] == "yes" for row in rows)
    assert report["rows"] == report["reviewed"] == len(rows)
    overall = report["agreement"]
    assert (overall["agreed"], overall["n"]) == (agreed, len(rows))
    assert overall["interval_95"] == list(wilson_interval(agreed, len(rows)))
    # Every disagreement is a failure the reviewer would pass: a false fail, never a false pass.
    pairs: list[tuple[Any, Any]] = [
        (
            ("yes" if row["verdict"] == "pass" else "no")
            if row["agrees_with_verdict"] == "yes"
            else ("no" if row["verdict"] == "pass" else "yes"),
            "yes" if row["verdict"] == "pass" else "no",
        )
        for row in rows
    ]
    expected = Figures.of(pairs)
    assert overall["confusion"]["reviewer fail, verdict pass"] == 0
    assert overall["confusion"]["reviewer pass, verdict fail"] == len(rows) - agreed
    assert overall["kappa"] == pytest.approx(float(expected.kappa or 0))
    by_metric = {a["group"]: a for a in report["by_metric"]}
    assert sum(a["n"] for a in by_metric.values()) == len(rows)
    assert set(by_metric) == {"task_success", "policy_compliance", "no_fabrication"}
    by_code = {a["group"]: a for a in report["by_reason_code"]}
    assert by_code["no_explicit_yes"]["agreed"] == 0
    assert by_code["no_explicit_yes"]["n"] == sum(
        "no_explicit_yes" in row["reason_codes"].split() for row in rows
    )
    for offset, scale in enumerate(SCALES):
        ratings = [(int(row["position"]) + offset) % 5 + 1 for row in rows]
        assert report["ratings"][scale] == {"rated": len(rows), "mean": sum(ratings) / len(rows)}
    first = report["disagreements"][0]
    assert first["feedback"].startswith("=SUM(A1)")  # the reviewer's text, as typed

    # The same inputs and seed write the same sheet.
    again = tmp_path / "again.csv"
    assert (
        cli(
            *("sample", airline, "--stratified", "20", "--trigger", "unscored"),
            *("--seed", "5", "--sessions", f"tau-bench:{AIRLINE_RUNS}", "--out", again),
        )
        == 0
    )
    assert again.read_bytes() == sheet.read_bytes()


def test_the_text_report_names_the_figures(
    airline: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet, filled = tmp_path / "review.csv", tmp_path / "filled.csv"
    assert cli("sample", airline, "--random", "0.1", "--seed", "1", "--out", sheet) == 0
    rows = fill(sheet, filled, lambda row: row["verdict"] == "fail")
    capsys.readouterr()
    assert cli("calibrate", "--sheet", filled, "--min-accuracy", "0.99") == 1
    out = capsys.readouterr().out
    assert len(rows) == 15  # 10% of 150
    agreed = sum(row["verdict"] == "fail" for row in rows)
    low, high = wilson_interval(agreed, 15)
    assert f"{agreed:>4}/15" in out
    assert f"[{low:.3f}, {high:.3f}]" in out
    assert "mean ratings (1-5)" in out
    assert "gate: FAILED: accuracy" in out


def dining_sessions(path: Path) -> str:
    """An ADK session database with story-six planned by careful and by rating_first."""
    from tests.test_score import _run

    url = f"sqlite+aiosqlite:///{path}"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHECKERS_OFFLINE", "1")
        for number, agent in enumerate(("careful", "rating_first")):
            asyncio.run(_run(url, agent, "story-six", 6, "19:30", f"s{number}-{agent}"))
    return f"sqlite:///{path}"


def test_a_checker_and_a_judge_that_disagree_are_picked_and_measured(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = dining_sessions(tmp_path / "sessions.db")
    monkeypatch.setenv("CHECKERS_JUDGE", "scripted:always_yes")
    monkeypatch.setenv("CHECKERS_JUDGE_CACHE", str(tmp_path / "cache"))
    verdicts, sheet = tmp_path / "verdicts.jsonl", tmp_path / "review.jsonl"
    score = ("score", "dining", "--sessions", store, "--app", "dining", "--out", verdicts)
    assert cli(*score, "--metric", "everyone_ate", "--metric", "explains_each_guest") == 0
    pick = ("sample", verdicts, "--trigger", "disagreement", "--out", sheet)
    assert cli(*pick, "--sessions", store, "--app", "dining") == 0
    rows = [json.loads(line) for line in sheet.read_text(encoding="utf-8").splitlines()]
    # rating_first leaves three guests unfed; a judge that says yes to everything passes it.
    assert [(r["metric"], r["evaluator"], r["verdict"], r["session_id"]) for r in rows] == [
        ("everyone_ate", "checker", "fail", "s1-rating_first"),
        ("explains_each_guest", "judge", "pass", "s1-rating_first"),
    ]
    why = "trigger disagreement: checker everyone_ate failed, judge explains_each_guest passed"
    assert [r["why"] for r in rows] == [why, why]
    assert "Ember & Oak" in rows[0]["text"] and "not met: Ana" in rows[0]["text"]
    for row in rows:  # the reviewer sides with the checker
        row.update(accuracy=2, completeness=2, politeness=4, actionability=3)
        row["agrees_with_verdict"] = "yes" if row["evaluator"] == "checker" else "no"
    filled = tmp_path / "filled.jsonl"
    filled.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    report = calibrate_json(filled, capsys)
    by_evaluator = {a["group"]: (a["agreed"], a["n"]) for a in report["by_evaluator"]}
    assert by_evaluator == {"checker": (1, 1), "judge": (0, 1)}
    judge = next(a for a in report["by_evaluator"] if a["group"] == "judge")
    assert judge["false_pass_rate"] == 1.0
    assert report["ratings"]["politeness"] == {"rated": 2, "mean": 4.0}


def test_details_folders_are_read_with_their_answers(tmp_path: Path) -> None:
    write_run(tmp_path / "rating_first__dining", [judged("story-six", RATING_FIRST_ANSWER)])
    write_run(tmp_path / "careful__dining", [judged("story-six", CAREFUL_ANSWER)])
    items = load_items([tmp_path])
    assert sorted((i.passed, i.domain, i.reason_codes[0]) for i in items) == [
        (False, "dining", "no_dish_for_diet"),
        (True, "dining", ALL_MET),
    ]
    failed = next(i for i in items if not i.passed)
    assert failed.answer == '{"restaurant": "r01", "time": "19:30"}'
    assert any("Ana is vegetarian" in reason for reason in failed.reasons)


# --- bad sheets ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def written(airline: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    sheet = tmp_path_factory.mktemp("sheet") / "review.csv"
    assert cli("sample", airline, "--stratified", "8", "--seed", "2", "--out", sheet) == 0
    return sheet


def _set(position: int, column: str, value: str) -> Callable[[list[dict[str, str]]], None]:
    def edit(rows: list[dict[str, str]]) -> None:
        rows[position][column] = value

    return edit


def _drop(position: int) -> Callable[[list[dict[str, str]]], None]:
    def edit(rows: list[dict[str, str]]) -> None:
        del rows[position]

    return edit


def _unreview(position: int) -> Callable[[list[dict[str, str]]], None]:
    def edit(rows: list[dict[str, str]]) -> None:
        for column in (*SCALES, "agrees_with_verdict"):
            rows[position][column] = ""

    return edit


def _twice(rows: list[dict[str, str]]) -> None:
    rows.append(dict(rows[0]))


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (_set(0, "accuracy", "7"), "row 2: accuracy is 7, outside 1 to 5"),
        (_set(1, "politeness", "good"), "row 3: politeness is 'good'; give a whole number 1 to 5"),
        (_set(1, "completeness", "3.5"), "row 3: completeness is '3.5'; give a whole number"),
        (_set(2, "agrees_with_verdict", "maybe"), "row 4: agrees_with_verdict is 'maybe'; write"),
        (_set(0, "item_id", ""), "row 2: item_id is empty; restore the row"),
        (_set(0, "verdict", "pass"), "row 2: item 'policy_compliance|"),
        (_set(3, "sample_id", "0123456789ab"), "is not in sample"),
        (_set(2, "agrees_with_verdict", ""), "row 4: item 'task_success|task-8|0' is rated but"),
        (_unreview(2), "row 4: item 'task_success|task-8|0' is not reviewed (agrees_with_verdict"),
        (_drop(4), "missing positions: 5; restore them"),
        (_twice, "is also at row 2; keep one"),
    ],
)
def test_a_bad_sheet_is_refused_naming_the_row_and_the_fix(
    written: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    edit: Callable[[list[dict[str, str]]], None],
    says: str,
) -> None:
    filled = tmp_path / "filled.csv"
    fill(written, filled, lambda row: True, edit)
    capsys.readouterr()
    assert cli("calibrate", "--sheet", filled) == 2
    err = capsys.readouterr().err
    assert says in err
    assert err.startswith(f"checkers: error: review sheet {filled} has ")


def test_a_partly_reviewed_sheet_needs_partial_and_counts_the_rest(
    written: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    filled = tmp_path / "filled.csv"

    def unreview(rows: list[dict[str, str]]) -> None:
        for row in rows[:3]:
            for column in (*SCALES, "agrees_with_verdict"):
                row[column] = ""

    rows = fill(written, filled, lambda row: True, unreview)
    report = calibrate_json(filled, capsys, "--partial")
    reviewed = len(rows) - 3
    assert (report["rows"], report["reviewed"], report["not_reviewed"]) == (len(rows), reviewed, 3)
    assert report["agreement"]["n"] == reviewed


def test_sheet_needs_no_judge_and_refuses_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli("calibrate") == 2
    assert "give --judge NAME" in capsys.readouterr().err
    assert cli("calibrate", "--sheet", tmp_path / "x.csv", "--judge", "scripted:agree") == 2
    assert "without --labels, --against-checker or --judge" in capsys.readouterr().err
    assert cli("calibrate", "--sheet", tmp_path / "missing.csv") == 2
    assert "does not exist" in capsys.readouterr().err
    assert cli("calibrate", "--sheet", tmp_path / "sheet.xlsx") == 2
    assert "a review sheet is .csv or .jsonl" in capsys.readouterr().err


def test_sampling_needs_a_way_to_pick(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    verdicts = tmp_path / "verdicts.jsonl"
    verdicts.write_text("", encoding="utf-8")
    assert cli("sample", verdicts, "--out", tmp_path / "s.csv") == 2
    assert "say how to pick: --random SHARE" in capsys.readouterr().err
    assert cli("sample", verdicts, "--trigger", "bored", "--out", tmp_path / "s.csv") == 2
    assert "unknown trigger 'bored'" in capsys.readouterr().err
    assert cli("sample", verdicts, "--random", "1.5", "--out", tmp_path / "s.csv") == 2
    assert "--random takes a share in (0, 1], got 1.5" in capsys.readouterr().err


# --- properties -------------------------------------------------------------------------------

CODES = st.sampled_from(["no_dish_for_diet", "database_differs", "not_conveyed", "too_late"])


@st.composite
def review_items(draw: st.DrawFn) -> list[ReviewItem]:
    """Review items of a few domains, metrics, reason codes and scores, each id unique."""
    count = draw(st.integers(0, 30))
    items = []
    for index in range(count):
        score = draw(st.one_of(st.none(), st.floats(0, 1)))
        codes = draw(st.lists(CODES, max_size=3, unique=True))
        items.append(
            ReviewItem(
                item_id=f"m|c{index}|0",
                case=f"c{index // 2}",
                run=0,
                metric=draw(st.sampled_from(["everyone_ate", "task_success", "explains"])),
                domain=draw(st.sampled_from(["dining", "airline", ""])),
                session_id=f"s{index // 2}",
                evaluator=draw(st.sampled_from(["checker", "judge"])),
                passed=not codes,
                score=score,
                threshold=draw(st.sampled_from([None, 1.0, 0.5])),
                reason_codes=tuple(codes) or (ALL_MET,),
                unscored=draw(st.integers(0, 2)),
            )
        )
    return items


PICKING = settings(max_examples=80, deadline=None)
"""Picking is cheap, drawing 30 items is not: fewer examples than the meta profile's."""

plans = st.builds(
    SamplePlan,
    seed=st.integers(0, 2**32),
    random_share=st.one_of(st.none(), st.floats(0.01, 1)),
    stratified=st.one_of(st.none(), st.integers(1, 40)),
    triggers=st.frozensets(st.sampled_from(TRIGGERS), min_size=1),
)


@PICKING
@given(review_items(), plans)
def test_picking_is_deterministic_and_says_why(items: list[ReviewItem], plan: SamplePlan) -> None:
    picks = pick_items(items, plan)
    assert picks == pick_items(list(items), plan)
    assert all(pick.why for pick in picks)
    positions = [items.index(pick.item) for pick in picks]
    assert positions == sorted(set(positions))  # in input order, each once


@PICKING
@given(review_items(), st.integers(0, 2**32), st.integers(1, 40))
def test_stratified_covers_every_stratum_present(
    items: list[ReviewItem], seed: int, size: int
) -> None:
    picks = pick_items(items, SamplePlan(seed=seed, stratified=size))
    present = {s for item in items for s in strata(item)}
    assert covered_strata(picks) == present
    assert len(picks) >= min(size, len(items))


@PICKING
@given(review_items(), st.integers(0, 2**32), st.floats(0.01, 1))
def test_a_random_share_is_that_share(items: list[ReviewItem], seed: int, share: float) -> None:
    picks = pick_items(items, SamplePlan(seed=seed, random_share=share))
    assert len(picks) == (max(1, round(share * len(items))) if items else 0)


@PICKING
@given(review_items())
def test_triggers_pick_exactly_what_they_name(items: list[ReviewItem]) -> None:
    picks = pick_items(items, SamplePlan(triggers=frozenset({"unscored"})))
    assert [p.item for p in picks] == [i for i in items if not i.passed and i.unscored]
    near = pick_items(items, SamplePlan(triggers=frozenset({"near-threshold"}), near_band=0.2))
    assert all(
        p.item.score is not None
        and p.item.threshold is not None
        and abs(p.item.score - p.item.threshold) <= 0.2
        and p.item.score < 1
        for p in near
    )


def test_score_bands() -> None:
    assert [score_band(s) for s in (None, 0.0, 0.24, 0.25, 0.5, 0.99, 1.0)] == [
        "no score", "0-0.25", "0-0.25", "0.25-0.5", "0.5-0.75", "0.75-1", "1",
    ]  # fmt: skip


@meta_settings()
@given(st.text())
def test_neutralise_is_undone_by_restore_and_leaves_no_formula(text: str) -> None:
    safe = neutralise(text)
    assert restore(safe) == text
    assert not safe.startswith(("=", "+", "-", "@", "\t", "\r"))


@meta_settings()
@given(st.text(), st.text(), st.sampled_from(["csv", "jsonl"]))
def test_a_sheet_round_trips_any_text(text: str, case: str, form: str) -> None:
    import tempfile

    item = ReviewItem(
        item_id=f"m|{case}|0",
        case=case,
        run=0,
        metric="m",
        domain="d",
        session_id=case,
        evaluator="checker",
        passed=False,
        score=0.5,
        threshold=1.0,
        reason_codes=("code",),
        unscored=0,
        answer=text,
    )
    plan = SamplePlan(random_share=1.0)
    rows = sheet_rows(pick_items([item], plan), 0, {case: [text]}, limit=100_000)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"sheet.{form}"
        write_sheet(path, rows)
        (_, read), *rest = list(sheet_cells(path))
        assert rest == []
        assert read["case"] == without_surrogates(case)
        assert read["text"] == rows[0]["text"]
        assert without_surrogates(text) in read["text"]
        filled = read_sheet(path, partial=True)
        assert [(f.item_id, f.reviewed) for f in filled] == [
            (without_surrogates(item.item_id), False)
        ]


def test_a_sheet_is_refused_when_it_is_no_sheet(tmp_path: Path) -> None:
    path = tmp_path / "s.csv"
    path.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"lacks the column\(s\) position, item_id"):
        read_sheet(path)
    path.write_bytes("position;item_id\n1;caf\u00e9".encode("cp1252"))
    with pytest.raises(DataError, match=r"is not UTF-8 .*; save it as CSV UTF-8"):
        read_sheet(path)
    path.write_text("position;item_id\n1;x\n", encoding="utf-8")
    with pytest.raises(DataError, match="and save with commas between cells"):
        read_sheet(path)
    jsonl = tmp_path / "s.jsonl"
    jsonl.write_text("[1, 2]\n", encoding="utf-8")
    with pytest.raises(DataError, match="line 1 is not a JSON object"):
        read_sheet(jsonl)


def test_formula_cells_are_neutralised_in_the_file_and_restored_on_reading(
    tmp_path: Path,
) -> None:
    item = ReviewItem(
        item_id="m|=HYPERLINK(1)|0",
        case="=HYPERLINK(1)",
        run=0,
        metric="@metric",
        domain="-d",
        session_id="+s",
        evaluator="checker",
        passed=True,
        score=2 / 3,
        threshold=0.5,
        reason_codes=(ALL_MET,),
        unscored=0,
        answer="'quoted",
    )
    path = tmp_path / "sheet.csv"
    write_sheet(path, sheet_rows(pick_items([item], SamplePlan(random_share=1.0)), 0))
    raw = path.read_text(encoding="utf-8")
    for cell in ("'=HYPERLINK(1)", "'@metric", "'-d", "'+s"):
        assert f",{cell}," in raw
    (_, read), *_ = sheet_cells(path)
    assert (read["case"], read["metric"], read["domain"], read["session_id"]) == (
        "=HYPERLINK(1)", "@metric", "-d", "+s",
    )  # fmt: skip
    assert read["text"] == "answer read: 'quoted"


def test_a_score_a_spreadsheet_saved_with_fewer_digits_keeps_its_row(tmp_path: Path) -> None:
    item = ReviewItem("m|c|0", "c", 0, "m", "d", "", "checker", False, 2 / 3, 1.0, ("x",), 0)
    path = tmp_path / "sheet.csv"
    write_sheet(path, sheet_rows(pick_items([item], SamplePlan(random_share=1.0)), 0))
    text = path.read_bytes().decode("utf-8").replace(repr(2 / 3), "0.666666666666667")
    path.write_bytes(text.replace(",,,,,,\r\n", ",3,3,3,3,yes,\r\n").encode("utf-8"))
    (row,) = read_sheet(path)
    assert row.agrees and row.ratings == dict.fromkeys(SCALES, 3)


def test_eval_history_is_read_as_review_items(tmp_path: Path) -> None:
    from tests.test_compare import history_runs

    history = history_runs(tmp_path, "careless", [RATING_FIRST_ANSWER, CAREFUL_ANSWER])
    items = load_items([history])
    assert [(i.item_id, i.passed, i.domain, i.evaluator) for i in items] == [
        ("everyone_ate|story-six|0", False, "", "checker"),
        ("everyone_ate|story-six|1", True, "", "checker"),
    ]
    assert items[0].reason_codes[0] == "no_dish_for_diet"
    picks = pick_items(items, SamplePlan(stratified=1))
    assert covered_strata(picks) == {s for i in items for s in strata(i)}


@PICKING
@given(review_items())
def test_a_disagreement_is_a_checker_and_a_judge_apart_on_one_session(
    items: list[ReviewItem],
) -> None:
    picks = pick_items(items, SamplePlan(triggers=frozenset({"disagreement"})))
    picked = {p.item.item_id for p in picks}
    for item in items:
        apart = [
            other
            for other in items
            if other.session_id == item.session_id
            and other.evaluator != item.evaluator
            and other.passed != item.passed
        ]
        assert (item.item_id in picked) == bool(apart)


def test_a_reason_holding_a_line_separator_is_read_and_reviewed(
    airline: Path, tmp_path: Path
) -> None:
    # json.dumps(ensure_ascii=False) writes U+2028 raw; it must not end the line.
    row = json.loads(airline.read_text(encoding="utf-8").split("\n")[0])
    row["verdict"]["subjects"][0]["results"][0]["reason"] += "\u2028next\u0085part"
    verdicts = tmp_path / "verdicts.jsonl"
    verdicts.write_text(json.dumps(row, ensure_ascii=False) + "\n", encoding="utf-8")
    (item,) = load_items([verdicts])
    assert any(reason.endswith("\u2028next\u0085part") for reason in item.reasons)
    sheet = tmp_path / "review.jsonl"
    write_sheet(sheet, sheet_rows(pick_items([item], SamplePlan(random_share=1.0)), 0))
    (_, read), *rest = list(sheet_cells(sheet))
    assert rest == [] and "\u2028next\u0085part" in read["text"]
