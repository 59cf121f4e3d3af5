"""The comparison page as a person sees it: rendered by a real headless Chromium from a
``file://`` URL, as the report is (``tests/test_report_browser.py``).

The runs are what the dining metrics write for story-six: six careful runs (everyone eats) as the
baseline, a candidate that books like ``rating_first`` in three of its six (Ana, Björn and José
left out). A copy of the page with a probe script appended reports what was painted: the
verdict, each interval bar's box and colours, the flips' colours, and any element that would load
something; the page itself, run without the probe, must write nothing to the console.
"""

from __future__ import annotations

import html
import json
import re
import struct
from pathlib import Path
from typing import Any

import pytest

from checkers.cli import main
from tests.browser_helpers import chromium, rgb, run_chromium, run_chromium_logged
from tests.report_helpers import CAREFUL_ANSWER, RATING_FIRST_ANSWER, judged, write_run

pytestmark = pytest.mark.slow

WINDOW = (1400, 900)
PROBE = """<script>
const box = el => { const r = el.getBoundingClientRect();
                    return {left: r.left, right: r.right, width: r.width, height: r.height}; };
const seen = {verdict: document.querySelector(".verdict").innerText,
              verdictBg: getComputedStyle(document.querySelector(".verdict")).backgroundColor,
              loaders: document.querySelectorAll("[src], link, object, iframe, embed").length,
              bars: [], flips: []};
for (const bar of document.querySelectorAll(".bar")) {
  seen.bars.push({side: bar.classList.contains("baseline") ? "baseline" : "candidate",
                  track: box(bar), ci: box(bar.querySelector(".ci")),
                  tick: box(bar.querySelector(".rate")),
                  ciBg: getComputedStyle(bar.querySelector(".ci")).backgroundColor});
}
for (const li of document.querySelectorAll("ul.flips li")) {
  seen.flips.push({text: li.innerText, bg: getComputedStyle(li).backgroundColor});
}
seen.row = document.querySelector("tr.worse").innerText;
const out = document.createElement("pre");
out.id = "probe";
out.textContent = JSON.stringify(seen);
document.body.appendChild(out);
</script>"""


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("compare")
    answers = {
        "baseline": [CAREFUL_ANSWER] * 6,
        "candidate": [CAREFUL_ANSWER, RATING_FIRST_ANSWER] * 3,
    }
    for side, given in answers.items():
        for run, answer in enumerate(given):
            write_run(root / side, [judged("story-six", answer)], stamp=f"20260101T0000{run:02d}")
    out = root / "compare.html"
    code = main(["compare", str(root / "baseline"), str(root / "candidate"), "--html", str(out)])
    assert code == 0  # 3 pass->fail of 6 pairs: p = 0.25, no significant difference
    return out


@pytest.fixture(scope="module")
def browser() -> str:
    return chromium()


def probed(browser: str, page: Path, tmp_path: Path) -> dict[str, Any]:
    copy = tmp_path / "probed.html"
    copy.write_text(
        page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"), encoding="utf-8"
    )
    dom = run_chromium(browser, tmp_path / "profile", "--dump-dom", copy.as_uri())
    found = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    assert found, f"the probe did not run; DOM starts {dom[:300]!r}"
    seen: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    return seen


def test_the_page_renders_without_console_messages_or_loads(
    browser: str, page: Path, tmp_path: Path
) -> None:
    dom, console = run_chromium_logged(browser, tmp_path / "profile", "--dump-dom", page.as_uri())
    assert console == ""
    assert "no significant difference" in dom and "<script" not in dom
    assert probed(browser, page, tmp_path)["loaders"] == 0  # no element that fetches anything
    assert "url(" not in page.read_text(encoding="utf-8")  # nor any style


def test_both_bars_are_painted_where_the_intervals_are(
    browser: str, page: Path, tmp_path: Path
) -> None:
    seen = probed(browser, page, tmp_path)
    assert seen["verdict"] == "no significant difference"
    bars = {bar["side"]: bar for bar in seen["bars"]}
    assert len(seen["bars"]) == 2
    for side, (low, high, rate) in {
        # Wilson 95% of 6/6 is [0.610, 1.000]; of 3/6, [0.188, 0.812].
        "baseline": (0.610, 1.0, 1.0),
        "candidate": (0.188, 0.812, 0.5),
    }.items():
        track, ci, tick = bars[side]["track"], bars[side]["ci"], bars[side]["tick"]
        inner = track["width"] - 2  # the track's 1px borders
        assert ci["height"] > 0 and tick["height"] > ci["height"]  # the tick stands out
        assert ci["left"] - track["left"] - 1 == pytest.approx(low * inner, abs=2)
        assert ci["width"] == pytest.approx((high - low) * inner, abs=2)
        assert tick["left"] + tick["width"] / 2 - track["left"] - 1 == pytest.approx(
            rate * inner, abs=2
        )
    assert bars["baseline"]["ciBg"] != bars["candidate"]["ciBg"]  # told apart by colour


def test_flips_are_red_in_the_case_row(browser: str, page: Path, tmp_path: Path) -> None:
    seen = probed(browser, page, tmp_path)
    assert "story-six" in seen["row"]
    texts = {flip["text"] for flip in seen["flips"]}
    assert "Ana's diet now fails in 3 of 6 runs (was 0 of 6)" in texts
    assert "José's availability now fails in 3 of 6 runs (was 0 of 6)" in texts
    for flip in seen["flips"]:
        red, green, blue = rgb(flip["bg"])
        assert red > green + 20 and red > blue + 20, flip  # painted red: worse


def test_a_screenshot_is_a_png_of_the_window(browser: str, page: Path, tmp_path: Path) -> None:
    shot = tmp_path / "compare.png"
    run_chromium(
        browser,
        tmp_path / "profile",
        f"--window-size={WINDOW[0]},{WINDOW[1]}",
        f"--screenshot={shot}",
        page.as_uri(),
    )
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == WINDOW
    assert len(data) > 20_000  # a blank page compresses to a few kB
