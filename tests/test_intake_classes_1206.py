"""The entry points read what they are given, by class: the four classes the 2026-12-06 intake
review found (``tests/test_review_probes_intake_1206.py``), each as a property over many forms.
Every property here was seen failing on the code before the fix. They reach the code only
through the entry points that were there before it (``checkers.cli.main``, the readers, the
report and compare loaders), so that they run against that code too.

1. ``two_values_for_one_key``: a JSON object holding one key twice, anywhere in a batch line, a
   session line (``jsonl:``), a tau-bench run, an eval-history file, a details file or a score
   output, is refused with a reason naming the key: never read last-value-wins, so never
   judged on one of its two answers (a batch line and a session line holding a failing answer
   and then a passing one passed).
2. ``batch_line_ends_the_batch``: whatever one line of ``checkers check --batch`` holds (bytes
   that are not UTF-8, JSON nested too deep, a number of thousands of digits, arbitrary bytes),
   it gets one output line, an error or a verdict, and every other line gets its own; nothing
   raises, the exit status is 2 exactly when a line was unusable, and no line that is not one
   JSON object passes. A byte order mark starts no error.
3. ``results_file_raises``: a results file nested too deep or holding a 5,000-digit number
   (``checkers report --eval-history``; ``checkers stats``/``compare`` on score output) is a
   DataError naming the file, never a RecursionError or ValueError out of the command.
4. ``output_write_raises``: when writing standard output fails (a full disk, an I/O error),
   ``checkers check`` stops with status 2 and a message saying so, never a traceback, and never
   blames the batch file it read.
5. ``case_status_believed``: a details file is read (by ``checkers report``, ``stats`` and
   ``compare``) only when its case's ``overall_status`` and ``overall_score`` are what its
   invocations give at its threshold: every file the ADK metric writes is read, whatever the
   answers, threshold and metric; the same file with its status flipped, or its score changed,
   is refused (a hand edit claiming a pass was counted as one).
"""

from __future__ import annotations

import errno
import itertools
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers.adk.custom_metric import adk_metric
from checkers.cli import main
from checkers.errors import ConfigError, DataError
from checkers.meta import meta_settings
from checkers.readers.jsonl import session_of_line
from checkers.readers.lines import BadLine, json_lines
from checkers.registry import domain_metrics
from checkers.report.history import load_history_file
from checkers.report.loading import load_details_file
from checkers.run_records import read_eval_history, read_score_output
from checkers.score import DeadLetter
from checkers.sources import ReadOptions
from tests.adk_helpers import eval_metric, invocation

SETTINGS = settings(
    meta_settings("ci"),
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

PASSING = '{"restaurant": "r03", "time": "17:30"}'
"""A plan serving all six of story-six (``tests/report_helpers.py``)."""
FAILING = '{"restaurant": "r01", "time": "19:30"}'
"""A plan leaving Ana, Björn and José of story-six unserved."""

# --- JSON with one key twice -------------------------------------------------------------------

KEYS = st.text(st.characters(codec="utf-8", exclude_characters='"\\'), min_size=1, max_size=6)
LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-9, 9), st.text(max_size=5))
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(KEYS, inner, min_size=1, max_size=3)
    ),
    max_leaves=12,
)


def _objects(value: Any) -> int:
    """How many objects ``value`` holds, itself included."""
    if isinstance(value, dict):
        return 1 + sum(_objects(v) for v in value.values())
    if isinstance(value, list):
        return sum(_objects(v) for v in value)
    return 0


def _with_a_key_twice(value: Any, target: int, other: Any) -> str:
    """``value`` as JSON text, the ``target``-th object of it (in document order) holding its
    first key twice: first with ``other``, then with its own value, which a reader keeping the
    last value reads back as ``value``."""
    count = [0]

    def text(item: Any) -> str:
        if isinstance(item, list):
            return "[" + ", ".join(text(v) for v in item) + "]"
        if not isinstance(item, dict):
            return json.dumps(item, ensure_ascii=False)
        here = count[0]
        count[0] += 1
        pairs = [f"{json.dumps(k, ensure_ascii=False)}: {text(v)}" for k, v in item.items()]
        if here == target:
            first = next(iter(item))
            pairs.insert(0, f"{json.dumps(first, ensure_ascii=False)}: {json.dumps(other)}")
        return "{" + ", ".join(pairs) + "}"

    return text(value)


@st.composite
def key_twice(draw: st.DrawFn, carrier: dict[str, Any]) -> str:
    """``carrier`` (a batch or session line) as JSON text with one key twice: its own top-level
    key ``answer`` or ``events`` given a failing value first, or any object of a value added
    under ``meta``."""
    value = {**carrier, "meta": draw(VALUES)}
    target = draw(st.integers(0, _objects(value) - 1))
    other = draw(st.one_of(LEAVES, st.just(FAILING)))
    return _with_a_key_twice(value, target, other)


def _batch_line(answer: str = PASSING) -> dict[str, Any]:
    return {"id": "x", "scenario": "story-six", "answer": answer}


def _session_line() -> dict[str, Any]:
    user = {"author": "user", "content": {"role": "user", "parts": [{"text": "Book for us."}]}}
    agent = {"author": "agent", "content": {"role": "model", "parts": [{"text": PASSING}]}}
    return {
        "session_id": "s",
        "app_name": "dining",
        "user_id": "u",
        "events": [user, agent],
        "state": {"scenario": "story-six"},
    }


def _batch_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[bytes]
) -> tuple[int, list[dict[str, Any]], str]:
    """``checkers check dining --batch`` on ``lines``: its status, output rows and stderr."""
    path = tmp_path / "batch.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    capsys.readouterr()
    code = main(["check", "dining", "--batch", str(path)])
    out, err = capsys.readouterr()
    return code, [json.loads(row) for row in out.splitlines()], err


@SETTINGS
@given(text=key_twice(_batch_line()))
def test_a_batch_line_with_a_key_twice_is_an_error_never_a_verdict(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = json.dumps(_batch_line(), ensure_ascii=False)
    code, rows, _ = _batch_rows(tmp_path, capsys, [text.encode(), good.encode()])
    assert code == 2
    assert [row["line"] for row in rows] == [1, 2]
    assert "appears twice in one object" in rows[0]["error"]
    assert "passed" not in rows[0]
    assert rows[1]["passed"] is True  # the honest line beside it: judged as ever


@SETTINGS
@given(text=key_twice(_session_line()))
def test_a_session_line_with_a_key_twice_is_a_dead_letter(text: str) -> None:
    read = session_of_line(text.encode("utf-8", "surrogatepass"), ReadOptions())
    assert isinstance(read, DeadLetter)
    assert "appears twice in one object" in read.reason


@SETTINGS
@given(text=key_twice({"task_id": 1, "reward": 1.0, "traj": []}))
def test_a_line_of_a_run_or_eval_view_export_with_a_key_twice_is_a_bad_line(
    text: str, tmp_path: Path
) -> None:
    path = tmp_path / "runs.jsonl"
    path.write_text(text + "\n", encoding="utf-8", errors="surrogatepass")
    ((_, row),) = list(json_lines(path))
    assert isinstance(row, BadLine)
    assert "appears twice in one object" in row.reason


@SETTINGS
@given(text=key_twice({"eval_set_id": "e", "eval_case_results": []}))
def test_a_results_file_with_a_key_twice_is_refused_by_every_loader(
    text: str, tmp_path: Path
) -> None:
    history = tmp_path / "a.evalset_result.json"
    history.write_text(text, encoding="utf-8", errors="surrogatepass")
    details = tmp_path / "m__s__20261206T000000_0123abcd.json"
    details.write_text(text, encoding="utf-8", errors="surrogatepass")
    for load in (load_history_file, load_details_file):
        with pytest.raises(DataError, match="appears twice in one object"):
            load(history if load is load_history_file else details)
    with pytest.raises(DataError, match="appears twice in one object"):
        read_eval_history([history])


def test_control_a_key_repeated_in_different_objects_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same key in sibling or nested objects (every event has an ``author``) is no repeat."""
    session = _session_line()
    read = session_of_line(json.dumps(session).encode(), ReadOptions())
    assert not isinstance(read, DeadLetter)
    line = {**_batch_line(), "meta": [{"id": 1}, {"id": 2, "more": {"id": 3}}]}
    code, rows, _ = _batch_rows(tmp_path, capsys, [json.dumps(line).encode()])
    assert code == 0
    assert rows[0]["passed"] is True


# --- one batch line, whatever it holds -----------------------------------------------------------


@st.composite
def hostile_line(draw: st.DrawFn) -> bytes:
    """One line of a batch file that no reader can take as one answer."""
    form = draw(
        st.sampled_from(["deep", "long number", "not utf-8", "bytes", "key twice", "two objects"])
    )
    good = json.dumps(_batch_line(FAILING if draw(st.booleans()) else PASSING)).encode()
    if form == "deep":
        depth = draw(st.integers(2_000, 60_000))
        opener = draw(st.sampled_from([b"[", b'{"a": ', b'{"answer": [']))
        return b'{"id": "x", "scenario": "story-six", "answer": ' + opener * depth
    if form == "long number":
        digits = draw(st.integers(4_301, 8_000))
        where = draw(st.sampled_from([b'"id": ', b'"reference_passed": ', b'"n": ']))
        return good[:-1] + b", " + where + b"7" * digits + b"}"
    if form == "not utf-8":
        cut = draw(st.integers(0, len(good)))
        bad = draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80\x80", b"\xfe"]))
        return good[:cut] + bad + good[cut:]
    if form == "key twice":
        return good[:-1] + b', "answer": ' + json.dumps(PASSING).encode() + b"}"
    if form == "two objects":
        return good + json.dumps(_batch_line(PASSING)).encode()
    raw = draw(st.binary(min_size=1, max_size=60))
    return raw.replace(b"\n", b" ").replace(b"\r", b" ")


@SETTINGS
@given(lines=st.lists(hostile_line(), min_size=1, max_size=4), honest_at=st.integers(0, 4))
def test_every_batch_line_gets_one_output_line_and_no_hostile_line_passes(
    lines: list[bytes], honest_at: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    honest = json.dumps(_batch_line(PASSING)).encode()
    lines.insert(min(honest_at, len(lines)), honest)
    code, rows, err = _batch_rows(tmp_path, capsys, lines)
    read = [
        number
        for number, line in enumerate(lines, start=1)
        if line.decode("utf-8", "surrogateescape").strip()
    ]
    assert [row["line"] for row in rows] == read  # in = out, in order
    honest_line = lines.index(honest) + 1
    for row in rows:
        if row["line"] != honest_line:
            assert row.get("passed") is not True, row
    assert next(row for row in rows if row["line"] == honest_line)["passed"] is True
    errors = sum("error" in row for row in rows)
    assert f"{errors} unusable lines" in err
    assert code == (2 if errors else 0)


@pytest.mark.parametrize("newline", [b"\n", b"\r\n"])
def test_control_a_batch_file_saved_with_a_byte_order_mark_is_judged(
    newline: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file saved on Windows (a byte order mark, CRLF), or two such files concatenated."""
    line = json.dumps(_batch_line()).encode()
    ending = newline.removesuffix(b"\n")  # the lines are joined with "\n"
    code, rows, _ = _batch_rows(tmp_path, capsys, [b"\xef\xbb\xbf" + line + ending] * 2)
    assert code == 0
    assert [row["passed"] for row in rows] == [True, True]


# --- results files -------------------------------------------------------------------------------


@st.composite
def unreadable_json(draw: st.DrawFn) -> str:
    """A results file's text that is no JSON value a reader can hold."""
    if draw(st.booleans()):
        depth = draw(st.integers(2_000, 60_000))
        return '{"eval_case_results": ' + draw(st.sampled_from(["[", '{"a": '])) * depth
    digits = draw(st.integers(4_301, 8_000))
    return '{"eval_set_id": "e", "n": ' + "7" * digits + ', "eval_case_results": []}'


@SETTINGS
@given(text=unreadable_json())
def test_an_unreadable_results_file_is_a_data_error_naming_it(text: str, tmp_path: Path) -> None:
    history = tmp_path / "a.evalset_result.json"
    history.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"a\.evalset_result\.json"):
        load_history_file(history)
    score = tmp_path / "score.jsonl"
    score.write_text(text.replace('"eval_case_results"', '"verdict"') + "\n", encoding="utf-8")
    with pytest.raises((DataError, ConfigError), match=r"score\.jsonl"):
        read_score_output(score)


# --- standard output that cannot be written ------------------------------------------------------


class _FailingOutput:
    """Standard output that takes ``room`` characters, then raises OSError(``code``)."""

    def __init__(self, code: int, room: int) -> None:
        self.code, self.room = code, room

    def write(self, text: str) -> int:
        if len(text) > self.room:
            raise OSError(self.code, errno.errorcode.get(self.code, "error"))
        self.room -= len(text)
        return len(text)

    def flush(self) -> None:
        pass


@SETTINGS
@given(
    code=st.sampled_from([errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EROFS]),
    room=st.integers(0, 400),
    batch=st.booleans(),
    as_json=st.booleans(),
)
def test_output_that_cannot_be_written_stops_with_a_message(
    code: int,
    room: int,
    batch: bool,
    as_json: bool,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_text(json.dumps(_batch_line()) + "\n", encoding="utf-8")
    given_args = ["--batch", str(path)] if batch else ["--scenario", "story-six"]
    given_args += [] if batch else ["--answer", PASSING] + (["--json"] if as_json else [])
    capsys.readouterr()
    with monkeypatch.context() as patched:
        patched.setattr(sys, "stdout", _FailingOutput(code, room))
        status = main(["check", "dining", *given_args])
    err = capsys.readouterr().err
    if status == 0:  # it all fitted
        return
    assert status == 2
    assert err.startswith("checkers: error:")
    assert "cannot read batch file" not in err


# --- details files: the case as its invocations give it ------------------------------------------

CODE_CHECKED = sorted(name for name, m in domain_metrics("dining").items() if m.judge_async is None)
RUNS = itertools.count()


@SETTINGS
@given(
    name=st.sampled_from(CODE_CHECKED),
    answers=st.lists(
        st.sampled_from([PASSING, FAILING, "Sorry, nothing fits.", None]), min_size=1, max_size=3
    ),
    scenario=st.sampled_from(["story-six", "story-six", "no-such-scenario"]),
    threshold=st.sampled_from([1.0, 0.75, 0.5, 0.2]),
    edit=st.sampled_from(["status", "score"]),
)
def test_a_details_file_is_read_only_when_its_case_is_what_its_invocations_give(
    name: str,
    answers: list[str | None],
    scenario: str,
    threshold: float,
    edit: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = tmp_path / f"run{next(RUNS)}" / "agent__dining" / "details"
    invocations = [
        invocation(answer, scenario_rubric=scenario, invocation_id=f"inv-{i}")
        for i, answer in enumerate(answers)
    ]
    metric = adk_metric(domain_metrics("dining")[name])
    metric(eval_metric(threshold, details_dir=str(folder)), invocations, None, None)
    (path,) = folder.glob("*.json")
    load_details_file(path)  # as the metric wrote it: read
    written = json.loads(path.read_text(encoding="utf-8"))
    if written["overall_status"] not in ("PASSED", "FAILED"):
        return
    if edit == "status":
        flipped = "FAILED" if written["overall_status"] == "PASSED" else "PASSED"
        edited = {**written, "overall_status": flipped}
    else:
        edited = {**written, "overall_score": 1.0 if written["overall_score"] < 1 else 0.0}
    path.write_text(json.dumps(edited), encoding="utf-8")
    with pytest.raises(DataError, match="but its invocations"):
        load_details_file(path)
    capsys.readouterr()
    assert main(["stats", str(folder)]) == 2
    assert "but its invocations" in capsys.readouterr().err
