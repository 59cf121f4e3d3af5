"""Hostile review (2026-12-06) of the entry points: the ADK metric adapter's configuration,
``checkers check DOMAIN --batch``, ``checkers score`` and its readers, ``checkers report``,
``stats`` and ``compare``.

The first rule: an evaluator fails closed. Whatever it is given, it never raises (into ADK, or
out of a command as a traceback), never passes what it could not judge, and never picks one of
several answers; sessions in = verdicts out + dead letters. A probe in :data:`WRONG` is a strict
expected failure (its reason names its class); the others pass.

Covered already elsewhere and not repeated: thresholds 0, -0.0, negative, NaN, infinite, huge,
text and true on a criterion, in an eval config and on the command line; a criterion's
``case_timeout_s`` that is 0, NaN, infinite, a text or a bool; an eval config with a key twice or
an unknown metric; hostile JSONL session lines (a lone surrogate, a NUL, two objects on a line,
a truncated line, a 5,000-digit number, 400-deep events, a byte order mark, the same id twice);
a 50 MB session; an output that is a folder, on ``/dev/full``, or the sessions file itself
(``tests/test_metric_adapter.py``, ``tests/test_judge_bound.py``, ``tests/test_score_attack.py``,
``tests/test_hostile_sessions.py``, ``tests/test_review_probes_core_1206.py``).

Attacked and found right (scratch runs): a batch line whose scenario is ``/dev/zero`` (refused:
not a file); a batch line whose id is a list 900 deep (judged, the id printed as text);
``--out`` or ``--dead-letters`` naming the sessions file (refused); a criterion's threshold as the
text ``"1e-400"`` (ADK reads 0.0: refused) or ``true`` at run time (ADK reads 1.0, the strictest).

Wrong behaviours found: 17 probes in 5 classes, all closed the same day by class (the properties
in ``tests/test_intake_classes_1206.py``, each seen failing on the code before), so :data:`WRONG`
is empty:

- ``two_values_for_one_key`` (7, false PASS): every reader kept the last of two values of one
  key. A batch line ``{"answer": <failing plan>, "answer": <passing plan>}`` passed, so did one
  naming two scenarios; a session line holding two ``events`` lists (or two ``state``\\s, or an
  event's ``text`` twice) was judged on the last; a tau-bench run, an eval-history file and a
  details file holding a key twice were read, the details file showing the pass it ended with.
  Now :func:`checkers.json_input.loads_unique` reads them all: the line is an unusable line or a
  dead letter, the file unreadable, with a reason naming the key.
- ``batch_line_ends_the_batch`` (4, traceback, lines lost): one line of ``checkers check
  --batch`` holding bytes that are not UTF-8, JSON nested too deep or a 5,000-digit number ended
  the whole batch with a traceback (no verdict for any line after it); a file saved with a byte
  order mark had its first line "not JSON" (a false error).
- ``results_file_raises`` (2, traceback): ``checkers report --eval-history`` on a history file
  nested too deep or holding a 5,000-digit number, and ``checkers stats`` on score output nested
  too deep, ended with a RecursionError or ValueError.
- ``output_write_raises`` (2, traceback, misleading error): ``checkers check`` with standard
  output on a full disk ended in a traceback; ``--batch`` said "cannot read batch file".
- ``case_status_believed`` (2, false PASS): a details file whose ``overall_status`` was edited to
  PASSED (its invocations failing), or whose ``overall_score`` was edited, was read as it said:
  ``checkers stats`` and ``compare`` counted the failing case as a pass. The loader checked each
  verdict against its results, not the case against its verdicts; now it does both.

Seen and left as they are (no probe): a criterion's ``case_timeout_s`` may be tiny (the suite's
own bound tests use 0.05 s); with ``"unscored": "not_evaluated"`` a bound too short for any
judge makes every case NOT_EVALUATED, which ``adk eval`` passes on the case's other metrics.
The bound's range is :func:`checkers.metric.check_case_timeout`'s (not this review's files);
refusing a bound under a second there, for that option, would close it. A ``jsonl:`` file whose
lines end in a lone CR is read as one line (one dead letter for all its sessions: nothing passes).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from checkers.cli import main
from checkers.errors import DataError
from checkers.readers.jsonl import session_of_line
from checkers.readers.lines import BadLine, json_lines
from checkers.report.history import load_history_file
from checkers.report.loading import load_details_file
from checkers.score import DeadLetter
from checkers.sources import ReadOptions
from tests.probe_harness import Review, case
from tests.report_helpers import CAREFUL_ANSWER, RATING_FIRST_ANSWER, judged, write_run

WRONG: dict[str, str] = {}
REVIEW = Review(WRONG)

ROOT = Path(__file__).resolve().parents[1]


def _batch(tmp_path: Path, capsys: pytest.CaptureFixture[str], *lines: bytes) -> tuple[int, str]:
    """``checkers check dining --batch`` on ``lines``: its status and standard output."""
    path = tmp_path / "batch.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    capsys.readouterr()
    code = main(["check", "dining", "--batch", str(path)])
    return code, capsys.readouterr().out


def _line(answer: str = CAREFUL_ANSWER, scenario: str = "story-six") -> dict[str, Any]:
    return {"id": "x", "scenario": scenario, "answer": answer}


def _session(answer: str) -> dict[str, Any]:
    return {
        "session_id": "s",
        "app_name": "dining",
        "user_id": "u",
        "events": [_event("user", "Book a table for the six of us."), _event("agent", answer)],
        "state": {"scenario": "story-six"},
    }


def _event(author: str, text: str) -> dict[str, Any]:
    role = "user" if author == "user" else "model"
    return {"author": author, "content": {"role": role, "parts": [{"text": text}]}}


def _with(text: str, key: str, value: Any) -> str:
    """The JSON object ``text`` with ``key`` added again at its end."""
    return f"{text[:-1]}, {json.dumps(key)}: {json.dumps(value)}}}"


# --- two_values_for_one_key ---------------------------------------------------------------------


def batch_answer_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _with(json.dumps(_line(RATING_FIRST_ANSWER)), "answer", CAREFUL_ANSWER)
    code, out = _batch(tmp_path, capsys, text.encode())
    (row,) = map(json.loads, out.splitlines())
    assert code == 2 and "'answer' appears twice" in row["error"], row


def batch_scenario_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _with(json.dumps(_line(scenario="no-plan-fits")), "scenario", "story-six")
    code, out = _batch(tmp_path, capsys, text.encode())
    (row,) = map(json.loads, out.splitlines())
    assert code == 2 and "'scenario' appears twice" in row["error"], row


def session_events_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = _session(CAREFUL_ANSWER)
    text = _with(json.dumps(_session(RATING_FIRST_ANSWER)), "events", good["events"])
    read = session_of_line(text.encode(), ReadOptions())
    assert isinstance(read, DeadLetter) and "'events' appears twice" in read.reason


def session_state_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = {**_session(CAREFUL_ANSWER), "state": {"scenario": "no-plan-fits"}}
    text = _with(json.dumps(session), "state", {"scenario": "story-six"})
    read = session_of_line(text.encode(), ReadOptions())
    assert isinstance(read, DeadLetter) and "'state' appears twice" in read.reason


def session_text_twice_in_a_part(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    part = json.dumps({"text": RATING_FIRST_ANSWER})
    text = json.dumps(_session("PART")).replace(json.dumps({"text": "PART"}), part)
    text = text.replace(part, _with(part, "text", CAREFUL_ANSWER))
    read = session_of_line(text.encode(), ReadOptions())
    assert isinstance(read, DeadLetter) and "'text' appears twice" in read.reason


def tau_bench_run_reward_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "runs.jsonl"
    path.write_text(_with('{"task_id": 1, "reward": 0.0, "traj": []}', "reward", 1.0) + "\n")
    ((_, row),) = list(json_lines(path))
    assert isinstance(row, BadLine) and "'reward' appears twice" in row.reason


def details_file_invocations_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    failing = write_run(tmp_path / "f", [judged("story-six", RATING_FIRST_ANSWER)])
    passing = json.loads(
        write_run(tmp_path / "p", [judged("story-six", CAREFUL_ANSWER)]).read_text()
    )
    text = failing.read_text(encoding="utf-8").rstrip()
    for key in ("invocations", "overall_score", "overall_status"):
        text = _with(text, key, passing[key])
    failing.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match="appears twice"):
        load_details_file(failing)


# --- batch_line_ends_the_batch ------------------------------------------------------------------

GOOD = json.dumps(_line()).encode()


def _unusable_then_judged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: bytes, why: str
) -> None:
    code, out = _batch(tmp_path, capsys, bad, GOOD)
    first, second = map(json.loads, out.splitlines())
    assert code == 2 and why in first["error"], first
    assert second["line"] == 2 and second["passed"] is True


def batch_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = GOOD.replace(b"story-six", b"story-\xffsix")
    _unusable_then_judged(tmp_path, capsys, bad, "not UTF-8")


def batch_nested_too_deep(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = b'{"scenario": "story-six", "answer": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    _unusable_then_judged(tmp_path, capsys, bad, "nested too deep")


def batch_long_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = GOOD[:-1] + b', "id": ' + b"7" * 5_000 + b"}"
    _unusable_then_judged(tmp_path, capsys, bad, "4300 digits")


def batch_byte_order_mark(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _batch(tmp_path, capsys, b"\xef\xbb\xbf" + GOOD + b"\r", GOOD)
    assert code == 0 and [json.loads(r)["passed"] for r in out.splitlines()] == [True, True]


# --- results_file_raises ------------------------------------------------------------------------


def history_nested_too_deep(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.evalset_result.json"
    path.write_text('{"eval_case_results": ' + "[" * 100_000)
    with pytest.raises(DataError, match="nested too deep"):
        load_history_file(path)


def stats_on_score_output_nested_too_deep(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "score.jsonl"
    path.write_text('{"verdict": ' + "[" * 100_000 + "\n")
    assert main(["stats", str(path)]) == 2
    assert "score.jsonl:1 is not a checkers score line" in capsys.readouterr().err


# --- output_write_raises ------------------------------------------------------------------------


def _check_on_dev_full(*args: str) -> subprocess.CompletedProcess[str]:
    with open("/dev/full", "w") as full:
        return subprocess.run(
            [sys.executable, "-m", "checkers.cli", "check", "dining", *args],
            cwd=ROOT,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )


def check_one_answer_on_a_full_disk(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    done = _check_on_dev_full("--scenario", "story-six", "--answer", CAREFUL_ANSWER)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("checkers: error:") and "No space left" in done.stderr


def check_batch_on_a_full_disk(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_bytes(GOOD + b"\n")
    done = _check_on_dev_full("--batch", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "No space left" in done.stderr and "cannot read batch file" not in done.stderr


# --- case_status_believed -----------------------------------------------------------------------


def _edited_failing_run(tmp_path: Path, **edits: Any) -> Path:
    """A failing case's details file (story-six, half the guests served), edited."""
    folder = tmp_path / "agent__dining" / "details"
    path = write_run(folder, [judged("story-six", RATING_FIRST_ANSWER)])
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["overall_status"] == "FAILED"
    path.write_text(json.dumps({**data, **edits}), encoding="utf-8")
    return folder


def stats_on_a_status_edited_to_passed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _edited_failing_run(tmp_path, overall_status="PASSED", overall_score=1.0)
    capsys.readouterr()
    assert main(["stats", str(folder), "--json"]) == 2
    assert "overall_status is PASSED, but its invocations fail" in capsys.readouterr().err


def details_with_an_edited_score(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _edited_failing_run(tmp_path, overall_score=0.9)
    (path,) = folder.glob("*.json")
    with pytest.raises(DataError, match=r"overall_score is 0\.9, but its invocations score 0\.5"):
        load_details_file(path)


Probe = Callable[[Path, pytest.CaptureFixture[str]], None]
PROBES = [
    case(probe, name=probe.__name__)
    for probe in (
        batch_answer_twice,
        batch_scenario_twice,
        session_events_twice,
        session_state_twice,
        session_text_twice_in_a_part,
        tau_bench_run_reward_twice,
        details_file_invocations_twice,
        batch_not_utf8,
        batch_nested_too_deep,
        batch_long_number,
        batch_byte_order_mark,
        history_nested_too_deep,
        stats_on_score_output_nested_too_deep,
        check_one_answer_on_a_full_disk,
        check_batch_on_a_full_disk,
        stats_on_a_status_edited_to_passed,
        details_with_an_edited_score,
    )
]


@pytest.mark.parametrize("probe", PROBES)
def test_probe(probe: Probe, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    probe(tmp_path, capsys)


def test_the_map_names_exactly_the_classes_still_open() -> None:
    assert REVIEW.classes_probed(PROBES) == set(WRONG)


# --- controls: honest input read as before ------------------------------------------------------


def test_control_one_key_in_many_objects_is_no_repeat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every event has an ``author`` and every part a ``text``: keys repeat across objects."""
    session = _session(CAREFUL_ANSWER)
    session["events"] *= 2
    read = session_of_line(json.dumps(session).encode(), ReadOptions())
    assert not isinstance(read, DeadLetter)
    code, out = _batch(tmp_path, capsys, GOOD, b"   ", GOOD + b"\r")
    assert code == 0 and [json.loads(r)["line"] for r in out.splitlines()] == [1, 3]


def test_control_a_failing_answer_fails_and_a_passing_one_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (json.dumps(_line(RATING_FIRST_ANSWER)).encode(), GOOD)
    code, out = _batch(tmp_path, capsys, *lines)
    assert code == 0 and [json.loads(r)["passed"] for r in out.splitlines()] == [False, True]
