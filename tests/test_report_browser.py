"""The report as a person sees it: rendered by a real headless Chromium, from a ``file://`` URL.

The details are what the dining metrics write for story-six: ``rating_first`` books Ember & Oak
at 19:30 and leaves Ana, Björn and José out; ``careful`` serves all six. Three looks:

- the DOM Chromium builds from the page (``--dump-dom``) holds the three guests and reasons;
- a copy of the page with a probe script appended reports the *rendered* text of each case
  (``innerText`` leaves out whatever CSS hides) and the colour each grid cell is painted; the
  report itself has no script;
- a screenshot is a PNG of the window's size.

Chromium is Debian's ``chromium`` package, which ``.ci/run`` installs. Without it the test is
skipped on a developer's machine and fails in CI (``CI=true``), so CI never passes by skipping.
"""

from __future__ import annotations

import html
import json
import re
import struct
from pathlib import Path
from typing import Any

import pytest

from checkers.report import write_report
from tests.browser_helpers import chromium, rgb, run_chromium
from tests.report_helpers import (
    CAREFUL_ANSWER,
    RATING_FIRST_ANSWER,
    STORY_UNMET,
    judged,
    write_run,
    write_story_demo,
)

pytestmark = pytest.mark.slow

WINDOW = (1400, 1400)
PROBE = """<script>
const seen = {sections: {}, cells: []};
for (const s of document.querySelectorAll("section.case")) seen.sections[s.id] = s.innerText;
for (const td of document.querySelectorAll("table.grid td")) {
  seen.cells.push({section: td.closest("section").id, cls: td.className,
                   bg: getComputedStyle(td).backgroundColor,
                   text: td.innerText, height: td.getBoundingClientRect().height});
}
seen.runs = [...document.querySelectorAll(".runs")].map(row => [...row.children].map(run => {
  const box = run.getBoundingClientRect();
  const grid = run.querySelector("table").getBoundingClientRect();
  return {left: box.left, right: box.right, gridLeft: grid.left, gridRight: grid.right};
}));
const out = document.createElement("pre");
out.id = "probe";
out.textContent = JSON.stringify(seen);
document.body.appendChild(out);
</script>"""


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("report")
    dirs = write_story_demo(root / "demo")
    repeated = root / "demo" / "repeated__dining" / "details"
    write_run(repeated, [judged("story-six", RATING_FIRST_ANSWER)], stamp="20260101T000001")
    write_run(repeated, [judged("story-six", CAREFUL_ANSWER)], stamp="20260101T000002")
    return write_report([*dirs, repeated], root / "report.html", title="Dining demo")


@pytest.fixture(scope="module")
def browser() -> str:
    return chromium()


def seen_in_browser(browser: str, report: Path, tmp_path: Path) -> dict[str, Any]:
    """What the probe saw: rendered text per case section, and every grid cell's colour."""
    probed = tmp_path / "probed.html"
    page = report.read_text(encoding="utf-8")
    probed.write_text(page.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    dom = run_chromium(browser, tmp_path / "profile", "--dump-dom", probed.as_uri())
    found = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    assert found, f"the probe did not run; DOM starts {dom[:300]!r}"
    seen: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    return seen


def test_the_dom_shows_the_three_unmet_guests_with_their_reasons(
    browser: str, report: Path, tmp_path: Path
) -> None:
    dom = run_chromium(browser, tmp_path / "profile", "--dump-dom", report.as_uri())
    start = dom.index('id="rating_first__dining-story-six"')
    section = html.unescape(re.sub(r"<[^>]+>", " ", dom[start : dom.index("</section>", start)]))
    text = re.sub(r"\s+", " ", section)
    assert "3 of 6 subjects satisfied; not satisfied: Ana, Björn, José" in text
    for name, reason in STORY_UNMET.items():
        assert f"{name} NOT satisfied" in text
        assert reason in text
    assert "<script" not in dom  # the page runs nothing


def test_a_person_sees_the_reasons_in_coloured_cells(
    browser: str, report: Path, tmp_path: Path
) -> None:
    seen = seen_in_browser(browser, report, tmp_path)
    story = seen["sections"]["rating_first__dining-story-six"]
    assert "not satisfied: Ana, Björn, José" in story
    for reason in STORY_UNMET.values():
        assert reason in story  # rendered text, not hidden and not only a tooltip
    assert "6 of 6 subjects satisfied" in seen["sections"]["careful__dining-story-six"]
    cells = seen["cells"]
    failed = [c for c in cells if c["cls"] == "fail"]
    passed = [c for c in cells if c["cls"] == "pass"]
    unmet = [
        c
        for c in failed
        if c["section"] == "rating_first__dining-story-six"
        and any(r in c["text"] for r in STORY_UNMET.values())
    ]
    assert len(unmet) == 3  # Ana's diet, Björn's allergy, José's availability
    for cell in failed:
        red, green, blue = rgb(cell["bg"])
        assert red > green + 20 and red > blue + 20, cell  # painted red
        assert cell["height"] > 0
    for cell in passed:
        red, green, blue = rgb(cell["bg"])
        assert green > red + 20 and green > blue + 20, cell  # painted green


def test_runs_stand_side_by_side_without_overlapping(
    browser: str, report: Path, tmp_path: Path
) -> None:
    seen = seen_in_browser(browser, report, tmp_path)
    assert "run 1 of 2" in seen["sections"]["repeated__dining-story-six"]
    (pair,) = [row for row in seen["runs"] if len(row) == 2]
    first, second = pair
    assert first["right"] <= second["left"]  # side by side, in order
    for run in pair:
        assert run["left"] <= run["gridLeft"] and run["gridRight"] <= run["right"], run


def test_a_screenshot_is_a_png_of_the_window(browser: str, report: Path, tmp_path: Path) -> None:
    shot = tmp_path / "report.png"
    run_chromium(
        browser,
        tmp_path / "profile",
        f"--window-size={WINDOW[0]},{WINDOW[1]}",
        f"--screenshot={shot}",
        report.as_uri(),
    )
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == WINDOW
    assert len(data) > 20_000  # a blank page compresses to a few kB
