"""The Gemini judge on the bundled labelled set: runs only with a key, skipped otherwise.

Run it with::

    GOOGLE_API_KEY=... .venv/bin/pytest tests/test_rubric_gemini.py -q
    # optional: CHECKERS_JUDGE_MODEL=gemini-2.5-pro (default gemini-2.5-flash)

It makes 40 calls (no cache, so every run asks again) and
checks that every reply is in the allowed shape and that the judge is good enough to gate on:
kappa at least 0.6 and at most 2 of 20 false passes. The same figures, printed, come from
``checkers calibrate --judge gemini``.
"""

from __future__ import annotations

import asyncio
import os

import pytest

from checkers.rubric.calibrate import calibrate, load_bundled_labelled
from checkers.rubric.factory import make_judge
from checkers.rubric.run import JudgeSettings

pytestmark = pytest.mark.skipif(
    not (os.environ.get("GOOGLE_API_KEY") or os.environ.get("GEMINI_API_KEY")),
    reason="needs GOOGLE_API_KEY or GEMINI_API_KEY (see the module docstring)",
)


def test_gemini_agrees_with_people_on_the_bundled_set() -> None:
    examples, _ = load_bundled_labelled()
    settings = JudgeSettings(num_samples=1, max_concurrent=4, timeout_s=120)
    result = asyncio.run(calibrate(examples, make_judge("gemini"), settings, "bundled"))
    figures = result.figures
    assert figures.unscored == 0, [r for r in result.results if r[1] == "unscored"][:3]
    assert figures.kappa is not None and figures.kappa >= 0.6, result.disagreements()
    assert figures.counts[("no", "yes")] <= 2, result.disagreements()
