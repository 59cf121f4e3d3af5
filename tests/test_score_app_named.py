"""``checkers score --app`` naming an app the source holds no session of says so.

Found by the core review of 2026-12-07 (late): a misspelt ``--app`` ("Dining" for "dining")
read nothing and the run ended as a clean one ("sessions read: 0", exit 0) with no word of why;
a monitoring job scoring the wrong app would look quiet, not broken. Now the summary notes that
no session of that app was read.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_score_attack import passing, score


def _source(tmp_path: Path) -> str:
    scenario, events = passing("dining")
    row = {
        "session_id": "s1",
        "app_name": "dining",
        "user_id": "u",
        "events": list(events),
        "state": {"scenario": scenario},
    }
    path = tmp_path / "sessions.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    return f"jsonl:{path}"


@pytest.mark.parametrize("runner", [(), ("--workers", "2"), ("--runner", "beam")])
def test_an_app_with_no_session_is_noted_and_the_right_one_is_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], runner: tuple[str, ...]
) -> None:
    if runner[:1] == ("--runner",):
        pytest.importorskip("apache_beam")
    source = _source(tmp_path)
    missed = score(capsys, tmp_path / "a.jsonl", "dining", source, "--app", "Dining", *runner)
    assert missed.counts() == (0, 0, 0)
    assert "no session of app 'Dining' was read" in missed.err, missed.err
    found = score(capsys, tmp_path / "b.jsonl", "dining", source, "--app", "dining", *runner)
    assert found.counts() == (1, 1, 0)
    assert "no session of app" not in found.err
