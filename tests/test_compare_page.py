"""The comparison page (``checkers compare ... --html``) read as HTML: the verdict on top, both
variants' interval bars where Wilson puts them, flips in the case's row, text escaped, nothing
from the network. The browser's view is in ``tests/test_compare_page_browser.py``."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.cli import main
from checkers.compare import compare_records
from checkers.report.compare_page import Variants, render_comparison
from checkers.results import Outcome
from checkers.run_records import RequirementRecord, RunRecord, read_details
from checkers.stats import wilson_interval
from tests.report_helpers import CAREFUL_ANSWER, RATING_FIRST_ANSWER, judged, write_run

STORY = "story-six"
# Any text but lone surrogates (shown as U+FFFD, so they do not read back: tested in the report).
TEXT = st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=12)
BAR = re.compile(
    r'<div class="bar (baseline|candidate)"[^>]*><span class="mid"></span>'
    r'<span class="ci" style="left:([\d.]+)%;width:([\d.]+)%"></span>'
    r'<span class="rate" style="left:([\d.]+)%"></span></div>'
)


def details_runs(directory: Path, answers: list[str]) -> Path:
    """One details file per answer (a run of story-six), in order, as the metric writes it."""
    for run, answer in enumerate(answers):
        write_run(directory, [judged(STORY, answer)], stamp=f"20260101T0000{run:02d}")
    return directory


def page_of(baseline: list[RunRecord], candidate: list[RunRecord]) -> str:
    comparison = compare_records(baseline, candidate)
    return render_comparison(comparison, Variants("before", "after", baseline, candidate))


def record(case: str, run: int, passed: bool, missed: str | None = None) -> RunRecord:
    """A run of ``case`` under ``m``; ``missed`` names a subject whose diet failed."""
    requirements = (
        (RequirementRecord(missed, "diet", Outcome.FAIL, "no_dish_for_diet"),) if missed else ()
    )
    return RunRecord(case, run, "m", 1.0 if passed else 0.0, passed, requirements, True, "t")


def test_careful_against_careless_puts_the_regression_and_its_flips_first(
    tmp_path: Path,
) -> None:
    before = read_details([details_runs(tmp_path / "careful", [CAREFUL_ANSWER] * 6)])
    after = read_details([details_runs(tmp_path / "careless", [RATING_FIRST_ANSWER] * 6)])
    page = page_of(before, after)
    top = page[: page.index("<h2")]
    assert '<div class="verdict fail">significant regression</div>' in top
    assert "pass-&gt;fail 6, fail-&gt;pass 0" in top  # 6 of 6 pairs lost
    (row,) = re.findall(r'<tr class="worse">.*?</tr>', page)
    assert f"<td>{STORY}</td>" in row
    # Wilson 95% of 6/6 is [0.61, 1.00], of 0/6 [0.00, 0.39]: bars placed by those numbers.
    bars = {side: (float(x), float(w), float(r)) for side, x, w, r in BAR.findall(row)}
    low, high = wilson_interval(6, 6)
    assert bars["baseline"] == pytest.approx((100 * low, 100 * (high - low), 100.0), abs=0.06)
    assert bars["candidate"] == pytest.approx((0.0, 100 * wilson_interval(0, 6)[1], 0.0), abs=0.06)
    flips = re.findall(r'<li class="(fail|pass)">(.*?)</li>', row)
    assert ("fail", "Ana&#x27;s diet now fails in 6 of 6 runs (was 0 of 6)") in flips
    assert {css for css, _ in flips} == {"fail"}  # every flip is worse: all red


def test_no_difference_says_how_many_runs_would_show_the_effect() -> None:
    before = [record("a", run, True) for run in range(4)]
    after = [record("a", 0, False, "Ana")] + [record("a", run, True) for run in range(1, 4)]
    page = page_of(before, after)
    top = page[: page.index("<h2")]
    assert '<div class="verdict none">no significant difference</div>' in top
    # One pass->fail flip in 4 pairs needs 31 pairs (tests/test_compare.py): 31 runs of 1 case.
    assert "about 31 runs of each case would show this effect" in top


@settings(max_examples=60, deadline=None)
@given(
    cases=st.lists(TEXT, min_size=1, max_size=4, unique=True),
    outcomes=st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=5),
    subject=TEXT,
)
def test_any_text_is_escaped_and_every_case_has_two_bars_inside_the_track(
    cases: list[str], outcomes: list[tuple[bool, bool]], subject: str
) -> None:
    before, after = [], []
    for case in cases:
        for run, (was, now) in enumerate(outcomes):
            before.append(record(case, run, was, None if was else subject))
            after.append(record(case, run, now, None if now else subject))
    page = page_of(before, after)
    assert "<script" not in page.lower()  # runs nothing; a case's text is escaped
    assert not re.search(r'<[a-z]+[^>]*\s(src|href)="(?!#)', page)  # fetches nothing
    body = page[page.index("<tbody>") :]
    assert len(re.findall(r"<tr[ >]", body)) == len(cases)
    bars = BAR.findall(body)
    assert len(bars) == 2 * len(cases)
    for _, left, width, rate in bars:
        assert float(left) >= 0 and float(left) + float(width) <= 100.05
        assert float(left) - 0.05 <= float(rate) <= float(left) + float(width) + 0.05
    cells = re.findall(r"<tr[^>]*><td>(.*?)</td>", body, re.S)
    assert sorted(html.unescape(c) for c in cells) == sorted(cases)  # escaped, and read back


def test_compare_writes_the_page_and_keeps_its_exit_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    baseline = details_runs(tmp_path / "careful", [CAREFUL_ANSWER] * 6)
    candidate = details_runs(tmp_path / "careless", [RATING_FIRST_ANSWER] * 6)
    out = tmp_path / "pages" / "compare.html"
    code = main(["compare", str(baseline), str(candidate), "--html", str(out), "--title", "A/B"])
    printed = capsys.readouterr().out
    assert code == 1 and printed.startswith("verdict: significant regression")
    page = out.read_text(encoding="utf-8")
    assert "<title>A/B</title>" in page
    assert f"<code>{baseline}</code>" in page and f"<code>{candidate}</code>" in page


def test_an_unwritable_page_is_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    baseline = details_runs(tmp_path / "careful", [CAREFUL_ANSWER])
    # Another run of the same agent: a run compared with itself is refused before any page.
    candidate = details_runs(tmp_path / "careful-again", [CAREFUL_ANSWER])
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    code = main(["compare", str(baseline), str(candidate), "--html", str(blocker / "c.html")])
    assert code == 2
    assert f"cannot write the report to {str(blocker / 'c.html')!r}" in capsys.readouterr().err
