"""Hostile review of the 2026-12-05 commits (event shapes, verdict lines, the tuned garbage
collector, worker deaths, Beam's temporary folder).

A probe marked ``xfail(strict=True)`` documents a defect (its reason says which): it fails today,
and turns the suite red once fixed, so that the mark is removed. The other probes hold a claim
on inputs the existing tests do not reach.

Probes that start worker processes are bounded in time (:func:`within`, a subprocess timeout),
so that a hang fails instead of blocking the suite.
"""

from __future__ import annotations

import asyncio
import decimal
import enum
import gc
import importlib
import io
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from google.adk.events import Event
from google.genai import types
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from checkers.adk.event_shape import fits_event_shapes
from checkers.adk.session_sql import adk_sessions
from checkers.adk.session_store import async_url, sessions_in
from checkers.batch_gc import YOUNG_THRESHOLD, tuned_for_batch
from checkers.registry import domain_metrics
from checkers.results import Verdict
from checkers.score import (
    DeadLetter,
    JsonlSink,
    SessionVerdict,
    _json_line,
    score_sessions,
    verdict_line,
)
from checkers.score_beam import _temporary_files_in_own_folder
from checkers.score_parallel import score_sessions_parallel
from checkers.sessions import RecordedSession
from checkers.sources import ReadOptions, SourceError
from checkers.worker_pool import PARSED_HERE_UP_TO, WORKER_DIED
from tests.test_event_shape import _adk_loads
from tests.test_score_worker_death import dining_sessions, jsonl_line, within, write_domain

pytestmark = pytest.mark.filterwarnings("ignore:\\[EXPERIMENTAL\\]:UserWarning")

REPO = Path(__file__).resolve().parents[1]
RUN_SECONDS = 120
"""Time a run with worker processes is given before its probe fails as hung."""


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHECKERS_OFFLINE", "1")


# --- 1. event shapes: fits the shapes => ADK loads it ---------------------------------------------

_BASE_EVENT: dict[str, Any] = {"id": "e", "invocation_id": "i", "author": "a", "timestamp": 1.0}


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = {"k": [value]}
    return value


@pytest.mark.parametrize(
    "change",
    [
        {"timestamp": 2**63 - 1},  # the largest integer the shapes take
        {"timestamp": -(2**63) + 1},
        {"timestamp": -0.0},
        {"timestamp": 5e-324},
        {"timestamp": 1.7976931348623157e308},
        {"usage_metadata": {"total_token_count": 2**63 - 1, "prompt_token_count": -1}},
        {"actions": {"artifact_delta": {"f": -(2**63) + 1}}},
        {"actions": {"state_delta": {"\ud800": float("nan"), "k": {"": 2**70}}}},
        {"actions": {}},
        {"content": {"parts": []}},
        {"content": {"parts": [{}]}},
        {"content": {}},
        {"content": {"role": "\x00\u2028"}},
        {"author": "\udfff"},
        {"content": {"parts": [{"function_call": {"args": {"\udc80": [None, 2**80]}}}]}},
        {"custom_metadata": _nested(600)},
        {"long_running_tool_ids": ["c", "c"]},
        {"id": ""},
        *({"finish_reason": reason.value} for reason in types.FinishReason),
    ],
)
def test_edge_events_that_fit_the_shapes_are_events_adk_loads(change: dict[str, Any]) -> None:
    """Boundaries the generated property reaches only by chance: every one of these is taken on
    its shapes (no ADK model built), and ADK loads each."""
    event = {**_BASE_EVENT, **change}
    assert fits_event_shapes(event)
    assert _adk_loads(event)


# --- 2. ADK's store read with plain SQL: rows ADK's own schema allows ---------------------------

APP = "app"


async def _write_store(db_url: str) -> None:
    from google.adk.sessions import DatabaseSessionService

    service = DatabaseSessionService(db_url=async_url(db_url))
    try:
        for session_id in ("a1", "a2", "a3"):
            session = await service.create_session(
                app_name=APP, user_id="u", session_id=session_id, state={"k": 1}
            )
            event = {
                "author": "user",
                "invocation_id": "i",
                "content": {"role": "user", "parts": [{"text": "hi"}]},
            }
            await service.append_event(session, Event.model_validate(event))
    finally:
        await service.close()


@pytest.fixture(scope="module")
def base_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An ADK session store (SQLite, written by ADK's service): sessions a1, a2, a3 of user u,
    one event each."""
    path = tmp_path_factory.mktemp("rp1205") / "sessions.db"
    asyncio.run(_write_store(f"sqlite:///{path}"))
    return path


def _altered(base: Path, tmp_path: Path, script: str) -> str:
    copy = tmp_path / "altered.db"
    shutil.copy(base, copy)
    with sqlite3.connect(copy) as db:
        db.executescript(script)
    return f"sqlite:///{copy}"


def test_a_blob_user_id_is_a_dead_letter_and_never_crashes_scoring(
    base_store: Path, tmp_path: Path
) -> None:
    url = _altered(base_store, tmp_path, "UPDATE sessions SET user_id = X'75' WHERE id = 'a2';")
    read = list(adk_sessions(url, APP, ReadOptions(APP)))
    verdicts, letters = io.StringIO(), io.StringIO()
    metrics = [domain_metrics("dining")["everyone_ate"]]
    summary = score_sessions(metrics, read, [JsonlSink(verdicts, letters)])
    assert summary.read == 3 == summary.judged + summary.dead_letters
    assert isinstance(read[1], DeadLetter)  # as ADK's service reads it


def test_a_blob_session_id_does_not_end_the_read(base_store: Path, tmp_path: Path) -> None:
    url = _altered(
        base_store,
        tmp_path,
        "UPDATE sessions SET id = X'ff' WHERE id = 'a2';"
        "UPDATE events SET session_id = X'ff' WHERE session_id = 'a2';",
    )
    read = list(adk_sessions(url, APP, ReadOptions(APP)))
    assert len(read) == 3
    assert [s.session_id for s in read if isinstance(s, RecordedSession)] == ["a1", "a3"]


def test_a_real_row_timestamp_is_read_as_adk_reads_it(base_store: Path, tmp_path: Path) -> None:
    url = _altered(
        base_store,
        tmp_path,
        "UPDATE events SET timestamp = 1.5, event_data = json_remove(event_data, '$.timestamp') "
        "WHERE session_id = 'a2';",
    )
    by_adk = list(sessions_in(url, APP, ReadOptions(APP)))
    by_sql = list(adk_sessions(url, APP, ReadOptions(APP)))
    assert [type(s) for s in by_adk] == [RecordedSession] * 3
    assert [type(s) for s in by_sql] == [type(s) for s in by_adk]


# --- 3. verdict lines: the serializer's line is the long way's ----------------------------------


class _Small(enum.IntEnum):
    ONE = 1


class _Word(str, enum.Enum):
    X = "x"


class _Float(float):
    pass


def _session_verdict(answer: dict[str, Any] | None, session_id: str = "s") -> SessionVerdict:
    verdict = Verdict.of("dining", "everyone_ate", "s", 1.0, (), answer=answer)
    session = RecordedSession(session_id, "dining", "u", ())
    return SessionVerdict(session, "everyone_ate", verdict, 0.0, False)


def _strict(line: str) -> Any:
    def refuse(constant: str) -> None:
        raise AssertionError(f"not strict JSON: {constant}")

    return json.loads(line, parse_constant=refuse)


@pytest.mark.parametrize(
    "value",
    [
        {1: "int key"},
        {None: "none key", True: "bool key", 1.5: "float key"},
        {(1, "a"): "tuple key"},
        {"\ud800": "a lone surrogate in a nested key"},
        (1, (2, 3)),
        {1, 2},
        frozenset({"x"}),
        b"bytes",
        b"\xff",
        decimal.Decimal("1.5"),
        decimal.Decimal("NaN"),
        _Small.ONE,
        _Word.X,
        _Float(1.5),
        -0.0,
        1e308,
        1e16,
        float("inf"),
        2**64 + 1,
        -(2**63) - 1,
        pytest.param(10**3998, id="3999-digits"),  # 3,999 digits: the serializer writes it
        pytest.param(10**4298, id="4299-digits"),  # 4,299 digits: the long way
        pytest.param(10**4299, id="4300-digits"),  # 4,300 digits, the most a JSON reader takes
        pytest.param(10**4300, id="4301-digits"),  # 4,301 digits: omitted
        "\u2028\u2029\x00\x7f\x85",
        "1" * 4000,
        _nested(126),  # 252 levels: just inside the serializer's depth
        _nested(128),  # 256 levels: past it
    ],
)
def test_a_verdict_line_holds_the_long_ways_value_whatever_the_answer_holds(value: Any) -> None:
    """Values a domain's own code may put in an answer (not only parsed JSON: tuples, sets,
    bytes, enums, non-text keys, numbers at the limits): both ways give one strict line, and
    the same JSON value, compared exactly (``1 == 1.0 == True`` in Python; not here)."""
    one = _session_verdict({"a": value})
    fast, slow = verdict_line(one), _json_line(one.as_json())
    assert "\n" not in fast and "\r" not in fast
    fast.encode("utf-8")
    assert json.dumps(_strict(fast), sort_keys=True) == json.dumps(_strict(slow), sort_keys=True)


def test_a_verdict_line_is_written_under_a_lower_integer_limit() -> None:
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        line = verdict_line(_session_verdict({"n": 10**999, "s": "\ud800"}))
        _strict(line)
    finally:
        sys.set_int_max_str_digits(before)


# --- 4. the garbage collector tuned for judging ---------------------------------------------------


def test_nested_tuning_keeps_the_outer_tuning_and_gives_the_collector_back() -> None:
    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    with tuned_for_batch():
        frozen = gc.get_freeze_count()
        with tuned_for_batch():
            assert gc.get_freeze_count() == frozen
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD  # the outer block is still tuned
        assert gc.get_freeze_count() == frozen
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def _overlapping(first: Callable[[], Any], second: Callable[[], Any]) -> None:
    """Two context managers (made by ``first`` and ``second``) used by two threads whose blocks
    overlap: the first thread's block starts first and ends first (two runs in one process)."""
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()

    def one() -> None:
        with first():
            first_in.set()
            second_in.wait(10)
        first_out.set()

    def two() -> None:
        first_in.wait(10)
        with second():
            second_in.set()
            first_out.wait(10)

    threads = [threading.Thread(target=one), threading.Thread(target=two)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)


def test_overlapping_runs_in_two_threads_give_the_collector_back() -> None:
    before = gc.get_threshold()
    try:
        _overlapping(tuned_for_batch, tuned_for_batch)
        assert gc.get_threshold() == before
        assert gc.get_freeze_count() == 0
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


# --- 5. Beam's temporary files under the run's folder ---------------------------------------------


def test_overlapping_beam_runs_give_the_temporary_folder_back(tmp_path: Path) -> None:
    before = tempfile.tempdir
    try:
        _overlapping(_temporary_files_in_own_folder, _temporary_files_in_own_folder)
        assert tempfile.tempdir == before
    finally:
        tempfile.tempdir = before


# --- 6. checkers score --workers ------------------------------------------------------------------


def _written(verdicts: io.StringIO, letters: io.StringIO) -> tuple[list[str], list[Any]]:
    lines = verdicts.getvalue().splitlines()
    return lines, [json.loads(x) for x in letters.getvalue().splitlines()]


def _failing_after(sessions: list[RecordedSession], error: Exception) -> Iterator[RecordedSession]:
    yield from sessions
    raise error


def _score_until_error(
    run: Callable[[list[JsonlSink]], Any], error: type[Exception]
) -> tuple[list[str], list[Any]]:
    """What ``run`` writes to a JSONL sink before it raises ``error`` (which it must)."""
    verdicts, letters = io.StringIO(), io.StringIO()

    def scoring() -> None:
        with pytest.raises(error):
            run([JsonlSink(verdicts, letters)])

    within(RUN_SECONDS, scoring)
    return _written(verdicts, letters)


def test_a_reader_failing_otherwise_still_has_every_session_read_written() -> None:
    sessions = dining_sessions(3)
    metrics = [domain_metrics("dining")["everyone_ate"]]
    by_loop = _score_until_error(
        lambda sinks: score_sessions(metrics, _failing_after(sessions, OSError(5, "EIO")), sinks),
        OSError,
    )
    by_workers = _score_until_error(
        lambda sinks: score_sessions_parallel(
            "dining",
            ["everyone_ate"],
            _failing_after(sessions, OSError(5, "EIO")),
            sinks,
            workers=1,
            chunk=1,
        ),
        OSError,
    )
    assert len(by_loop[0]) == 3
    assert by_workers == by_loop


TERMINATING_METRICS = '''"""everyone_ate, except in a worker process on a session whose user
says DIE:TERM: the worker sends itself SIGTERM (a process stopped from outside, politely)."""

import multiprocessing
import os
import signal
import time
from dataclasses import replace

from domains.dining.metrics import EVERYONE_ATE


def _judge(scenario, transcript, threshold):
    said = transcript.user_texts[0] if transcript.user_texts else ""
    if multiprocessing.parent_process() is not None and said == "DIE:TERM":
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(60)
    return EVERYONE_ATE.judge(scenario, transcript, threshold)


METRICS = {EVERYONE_ATE.name: replace(EVERYONE_ATE, judge=_judge)}
'''

TERMINATING = "probe_rp1205_term"


@pytest.fixture
def terminating_domain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A test domain (on the workers' path too) whose judge SIGTERMs its worker on DIE:TERM."""
    monkeypatch.syspath_prepend(str(tmp_path))
    write_domain(tmp_path, TERMINATING, TERMINATING_METRICS)
    importlib.invalidate_caches()
    yield TERMINATING
    for module in [m for m in sys.modules if m.startswith(f"domains.{TERMINATING}")]:
        del sys.modules[module]


def test_a_sigterm_death_and_a_reader_error_at_once_lose_no_session_read(
    terminating_domain: str,
) -> None:
    """A worker ends by SIGTERM (not SIGKILL, not an exit) on one session while the reader stops
    with its error: the recovery still runs before the error ends the run, every session read is
    written (the dying one a dead letter naming SIGTERM), the others as the loop writes them."""
    sessions = dining_sessions(6, saying={2: "DIE:TERM"})
    metrics = list(domain_metrics(terminating_domain).values())
    names = [metric.name for metric in metrics]
    stopped = SourceError("reading 'probe' stopped after 6 records: the disk went away")
    others = [s for s in sessions if s.session_id != "s2"]
    by_loop = _score_until_error(
        lambda sinks: score_sessions(metrics, _failing_after(others, stopped), sinks), SourceError
    )
    verdicts, letters = _score_until_error(
        lambda sinks: score_sessions_parallel(
            terminating_domain, names, _failing_after(sessions, stopped), sinks, workers=2, chunk=1
        ),
        SourceError,
    )
    assert verdicts == by_loop[0]
    [letter] = letters
    assert letter["session_id"] == "s2"
    assert letter["reason"] == WORKER_DIED.format(how="killed by signal 15 (SIGTERM)")


LETHAL_PARSE = '''"""A JSONL line parser that, on a line holding LETHAL-1205, kills the
process parsing it (a stand-in for a line whose parsing exhausts memory, a line longer than the
main process parses: the OOM killer's SIGKILL)."""

import os
import signal

from checkers.readers.jsonl import session_of_line


def parse(line, options):
    raw = line if isinstance(line, bytes) else line.encode("utf-8", "surrogatepass")
    if b"LETHAL-1205" in raw:
        os.kill(os.getpid(), signal.SIGKILL)
    return session_of_line(line, options)
'''

LETHAL_RUN = """import io, json, sys
sys.path.insert(0, sys.argv[1])
from rp1205_lethal import parse
from checkers.score import JsonlSink
from checkers.score_parallel import score_sessions_parallel

if __name__ == "__main__":
    lines = open(sys.argv[2], encoding="utf-8").read().splitlines()
    verdicts, letters = io.StringIO(), io.StringIO()
    summary = score_sessions_parallel(
        "dining", ["everyone_ate"], lines, [JsonlSink(verdicts, letters)],
        workers=1, chunk=1, parse=parse,
    )
    print(json.dumps({
        "read": summary.read, "judged": summary.judged, "dead_letters": summary.dead_letters,
        "letters": letters.getvalue().splitlines(),
    }))
"""


def test_a_line_whose_parsing_kills_its_worker_does_not_kill_the_run(tmp_path: Path) -> None:
    (tmp_path / "rp1205_lethal.py").write_text(LETHAL_PARSE, encoding="utf-8")
    script = tmp_path / "run.py"
    script.write_text(LETHAL_RUN, encoding="utf-8")
    lines = tmp_path / "sessions.jsonl"
    sessions = dining_sessions(3, saying={1: "LETHAL-1205" + " " * PARSED_HERE_UP_TO})
    lines.write_text("".join(jsonl_line(s) + "\n" for s in sessions), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script), str(tmp_path), str(lines)],
        cwd=REPO,
        env={**os.environ, "CHECKERS_OFFLINE": "1"},
        capture_output=True,
        text=True,
        timeout=150,
        check=False,
    )
    assert done.returncode == 0, f"the run died: exit {done.returncode}"
    result = json.loads(done.stdout.splitlines()[-1])
    assert (result["read"], result["judged"], result["dead_letters"]) == (3, 2, 1)


_SQL_VALUES = st.one_of(
    st.text(max_size=8).map(lambda t: "'" + t.replace("'", "''").replace("\x00", "") + "'"),
    st.integers(-(2**63), 2**63 - 1).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.binary(max_size=6).map(lambda b: f"X'{b.hex()}'"),
    st.just("NULL"),
    st.sampled_from(["'not json'", "'[1, 2]'", "'{\"content\": 5}'", "'2026-01-01 10:00:00'"]),
)
"""A value SQLite may hold in any column, whatever the column's declared type, as SQL."""
_COLUMNS = [
    ("sessions", "user_id"),
    ("sessions", "state"),
    ("user_states", "state"),
    ("app_states", "state"),
    ("events", "timestamp"),
    ("events", "event_data"),
    ("events", "invocation_id"),
    ("events", "id"),
]
"""The columns the plain SQL reader reads a session from (not the keys it joins on)."""
_OF_A2 = {
    "sessions": " WHERE id = 'a2'",
    "events": " WHERE session_id = 'a2'",
    "user_states": " WHERE user_id = 'u'",
    "app_states": "",
}
"""Which rows of each table a change alters: session a2's (its user's and app's state are every
session's)."""


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.tuples(st.sampled_from(_COLUMNS), _SQL_VALUES), min_size=1, max_size=3))
def test_any_stored_value_is_read_or_a_dead_letter_and_scoring_never_raises(
    base_store: Path, tmp_path: Path, changes: list[tuple[tuple[str, str], str]]
) -> None:
    """What found the bytes ids, generalised: whatever value of whatever type a column the reader
    reads holds, for session a2, reading and scoring never raise, and every session read is
    judged or a dead letter."""
    script = "".join(
        f"UPDATE {table} SET {column} = {value}{_OF_A2[table]};"
        for (table, column), value in changes
    )
    try:
        url = _altered(base_store, tmp_path, script)
    except sqlite3.IntegrityError:  # a value the store's own schema refuses: no store holds it
        reject()
    read = list(adk_sessions(url, APP, ReadOptions(APP)))
    verdicts, letters = io.StringIO(), io.StringIO()
    metrics = [domain_metrics("dining")["everyone_ate"]]
    summary = score_sessions(metrics, read, [JsonlSink(verdicts, letters)])
    assert summary.read == len(read) == summary.judged + summary.dead_letters
    for line in (verdicts.getvalue() + letters.getvalue()).splitlines():
        json.loads(line)
