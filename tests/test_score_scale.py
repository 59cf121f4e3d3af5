"""``checkers score`` at scale: worker processes and the Beam pipeline write what the one-process
loop writes, on real ADK sessions (the dining demo agents recorded through ADK's Runner, then
multiplied by the synthetic generator), and the JSONL reader fails closed on any line."""

from __future__ import annotations

import importlib.util
import io
import itertools
import json
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.cli import main
from checkers.meta import meta_settings
from checkers.readers.jsonl import session_of_line
from checkers.score import DeadLetter
from checkers.sessions import RecordedSession
from checkers.sources import ReadOptions, open_sessions

ROOT = Path(__file__).resolve().parents[1]


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "synthetic_sessions", ROOT / "benchmarks" / "synthetic_sessions.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """60 sessions as JSONL: a careful and a flawed agent (which leaves three of six guests
    hungry) on the story group, some lines cut short, an eval session and another app's."""
    generator = _generator()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHECKERS_OFFLINE", "1")
        recordings = generator.record_agents(("careful", "rating_first"), ["story-six"])
    path = tmp_path_factory.mktemp("sessions") / "sessions.jsonl"
    lines = list(generator.session_lines(recordings, 60, seed=7, broken=0.1))
    first = json.loads(lines[0])
    lines.append(json.dumps({**first, "session_id": "adk-eval-session-9"}) + "\n")
    lines.append(json.dumps({**first, "session_id": "other-1", "app_name": "orders"}) + "\n")
    path.write_text("".join(lines), encoding="utf-8")
    return path


def score(
    out: Path, source: str, *extra: str, capsys: pytest.CaptureFixture[str]
) -> tuple[int, list[str], list[str], str]:
    """Run ``checkers score dining``; its exit code, verdict lines, dead letters, summary."""
    capsys.readouterr()
    code = main(
        ["score", "dining", "--sessions", source, "--app", "dining", "--out", str(out), *extra]
    )
    summary = capsys.readouterr().err
    verdicts = out.read_text(encoding="utf-8").splitlines()
    letters = out.with_name(out.name + ".dead-letters.jsonl").read_text(encoding="utf-8")
    return code, verdicts, letters.splitlines(), summary.split("verdicts:")[0]


def test_two_workers_write_the_lines_one_process_writes_in_the_same_order(
    tmp_path: Path, sessions: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = score(tmp_path / "one.jsonl", f"jsonl:{sessions}", capsys=capsys)
    two = score(
        tmp_path / "two.jsonl",
        f"jsonl:{sessions}",
        "--workers",
        "2",
        "--timeout",
        "120",
        capsys=capsys,
    )
    assert one == two
    code, verdicts, letters, summary = one
    assert code == 1 and letters  # the lines cut short
    read = 60 - len(letters)
    assert f"sessions read: 60 = judged {read} + dead letters {len(letters)}" in summary
    assert "(eval sessions skipped: 1)" in summary
    assert len(verdicts) == 3 * read  # three metrics checked by code
    assert {json.loads(v)["passed"] for v in verdicts} == {True, False}
    assert all("not JSON" in json.loads(d)["reason"] for d in letters)


def test_workers_upsert_the_rows_one_process_upserts(
    tmp_path: Path, sessions: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tables = []
    for workers in ("1", "2"):
        db = tmp_path / f"verdicts-{workers}.db"
        source = f"jsonl:{sessions}"
        score(
            tmp_path / "v.jsonl",
            source,
            "--workers",
            workers,
            "--table",
            f"sqlite:///{db}",
            capsys=capsys,
        )
        with sqlite3.connect(db) as connection:
            rows = connection.execute(
                "SELECT * FROM checkers_verdicts ORDER BY 1, 2, 3, 4, 5, 6, 7"
            )
            tables.append(rows.fetchall())
    assert tables[0] == tables[1] and len(tables[0]) > 100


def test_the_beam_pipeline_writes_what_the_loop_writes(
    tmp_path: Path,
    sessions: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("apache_beam", reason="the beam extra: pip install '.[beam]'")
    loop = score(tmp_path / "loop.jsonl", f"jsonl:{sessions}", capsys=capsys)
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    beam = score(tmp_path / "beam.jsonl", f"jsonl:{sessions}", "--runner", "beam", capsys=capsys)
    assert beam[0] == loop[0] and beam[3] == loop[3]
    # A pipeline keeps no order: the same lines, in any order.
    assert sorted(beam[1]) == sorted(loop[1]) and sorted(beam[2]) == sorted(loop[2])
    # Beam's local job server leaves its beam-temp* folder behind unless told where to make it.
    assert not list(temporary.iterdir())


@pytest.fixture(scope="module")
def repeats(tmp_path_factory: pytest.TempPathFactory, sessions: Path) -> Path:
    """Sessions whose ids repeat: a line twice, two different sessions under one id (the first
    read a failing one), a reader's dead letter and then a session under its id, and a session
    with no event and then one under its id."""
    lines = [line for line in sessions.read_text(encoding="utf-8").splitlines() if line[-1:] == "}"]
    rows = [row for row in map(json.loads, lines) if row["app_name"] == "dining"][:6]
    a, b, c, d = rows[:4]
    extra = [
        a,  # the same session again
        {**b, "events": c["events"]},  # another session under b's ids
        {**d, "session_id": "bad-then-good", "events": {}},  # a reader's dead letter
        {**d, "session_id": "bad-then-good"},  # then a session under its ids: judged
        {**d, "session_id": "empty-then-full", "events": []},  # no event: a dead letter
        {**d, "session_id": "empty-then-full"},  # then one under its ids: a repeat
    ]
    path = tmp_path_factory.mktemp("repeats") / "repeats.jsonl"
    # b first with no event: the loop judges it (a dead letter) and takes every later b as a
    # repeat, so a runner judging another b than the first writes otherwise.
    body = [json.dumps(row) for row in [{**b, "events": []}, *rows, *extra]]
    path.write_text("\n".join(body) + "\n", encoding="utf-8")
    return path


def test_sessions_sharing_ids_give_the_same_verdicts_and_dead_letters_on_every_runner(
    tmp_path: Path, repeats: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("apache_beam", reason="the beam extra: pip install '.[beam]'")
    source = f"jsonl:{repeats}"
    loop = score(tmp_path / "loop.jsonl", source, capsys=capsys)
    two = score(tmp_path / "two.jsonl", source, "--workers", "2", capsys=capsys)
    beam = score(tmp_path / "beam.jsonl", source, "--runner", "beam", capsys=capsys)
    assert two == loop
    assert beam[0] == loop[0] == 1 and beam[3] == loop[3]
    assert sorted(beam[1]) == sorted(loop[1]) and sorted(beam[2]) == sorted(loop[2])
    letters = [json.loads(line) for line in loop[2]]
    repeated = [d["session_id"] for d in letters if "same app, user and session id" in d["reason"]]
    lines = repeats.read_text(encoding="utf-8").splitlines()
    a, b = (json.loads(line)["session_id"] for line in lines[1:3])
    assert sorted(repeated) == sorted([a, b, b, "empty-then-full"])
    judged = {json.loads(v)["session_id"] for v in loop[1]}
    assert "bad-then-good" in judged and not {b, "empty-then-full"} & judged and a in judged


@given(
    st.lists(st.binary(max_size=24).map(lambda b: b.replace(b"\n", b"")), max_size=8),
    st.lists(st.integers(1, 250), max_size=4),
    st.booleans(),
)
@meta_settings("ci")
def test_a_file_split_anywhere_gives_each_line_once_with_where_it_starts(
    lines: list[bytes], cuts: list[int], last_newline: bool
) -> None:
    """Property: however Beam splits a file, the splits' lines are the file's lines, each once,
    at its byte offset: what the loop reads, in its order."""
    pytest.importorskip("apache_beam", reason="the beam extra: pip install '.[beam]'")
    from apache_beam.io.range_trackers import OffsetRangeTracker

    from checkers.score_beam import PositionedLines

    content = b"\n".join(lines) + (b"\n" if last_newline and lines else b"")
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "s.jsonl")
        Path(path).write_bytes(content)
        source = PositionedLines(path)  # type: ignore[no-untyped-call]  # Beam is untyped
        bounds = sorted({0, len(content), *(c for c in cuts if c < len(content))})
        read = [
            one
            for start, stop in itertools.pairwise(bounds)
            for one in source.read_records(path, OffsetRangeTracker(start, stop))  # type: ignore[no-untyped-call]
        ]
    starts = [0]
    for line in io.BytesIO(content):
        starts.append(starts[-1] + len(line))
    expected = list(zip([path] * len(starts), starts, io.BytesIO(content), strict=False))
    assert read == expected


def test_the_beam_pipeline_judges_an_adk_store_it_stages(
    tmp_path: Path, sessions: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("apache_beam", reason="the beam extra: pip install '.[beam]'")
    generator = _generator()
    store = tmp_path / "sessions.db"
    lines = [
        line
        for line in sessions.read_text(encoding="utf-8").splitlines()[:8]
        if line.endswith("}")  # whole lines: ADK's store holds no cut session
    ]
    assert generator.store_sessions(f"sqlite+aiosqlite:///{store}", iter(lines)) == len(lines)
    loop = score(tmp_path / "loop.jsonl", f"sqlite:///{store}", capsys=capsys)
    beam = score(tmp_path / "beam.jsonl", f"sqlite:///{store}", "--runner", "beam", capsys=capsys)
    assert loop[0] == beam[0] == 0 and beam[3] == loop[3]
    assert sorted(beam[1]) == sorted(loop[1]) and len(loop[1]) == 3 * len(lines)
    assert not list(tmp_path.glob("checkers-sessions-*"))  # the staged copy is gone


def test_without_beam_the_runner_says_how_to_install_it(tmp_path: Path, sessions: Path) -> None:
    code = (
        "import sys; sys.modules['apache_beam'] = None\n"
        "from checkers.cli import main\n"
        f"sys.exit(main(['score', 'dining', '--sessions', 'jsonl:{sessions}', "
        f"'--out', '{tmp_path / 'v.jsonl'}', '--runner', 'beam']))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert run.returncode != 0
    assert "pip install '.[beam]'" in run.stderr and "Traceback" not in run.stderr


def test_the_jsonl_reader_names_what_is_wrong_with_a_line() -> None:
    options = ReadOptions("dining")
    assert session_of_line(b"\n", options) is None
    broken = b'{"session_id": "s1", "app_name": "dining", "events": {}}\n'
    assert session_of_line(broken, options) == DeadLetter(
        "s1", "dining", "", '"events" must be a list of event objects, not dict'
    )
    # A line naming no app is another app's when one is asked for.
    bare = b'{"session_id": "s1", "events": []}'
    assert session_of_line(bare, options) is None
    assert session_of_line(bare, ReadOptions()) == RecordedSession("s1", "", "", [], {})
    cut = session_of_line(b'{"session_id": "s1", "ev', options)
    assert isinstance(cut, DeadLetter) and cut.session_id.startswith("unreadable-")
    # Where it is read (with or without its newline), a line is named the same.
    assert session_of_line(b'{"session_id": "s1", "ev\r\n', options) == cut
    number = session_of_line(b'{"session_id": 7, "events": []}', options)
    assert isinstance(number, DeadLetter)
    assert number.reason == '"session_id" must be a string, not int 7'


def test_a_missing_file_is_a_config_error_naming_it(tmp_path: Path) -> None:
    from checkers.errors import ConfigError

    with pytest.raises(ConfigError, match=r"cannot read sessions from .*nowhere\.jsonl"):
        list(open_sessions(f"jsonl:{tmp_path / 'nowhere.jsonl'}", ReadOptions()))


@pytest.mark.parametrize("kind", ["jsonl", "tau-bench", "sqlite"])
@pytest.mark.parametrize("which", ["--out", "--dead-letters"])
def test_an_output_that_is_the_input_is_refused_and_the_input_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, which: str
) -> None:
    # Opening the output for writing would erase the sessions before they were read.
    source = tmp_path / "sessions.data"
    source.write_text('{"session_id": "s1"}\n', encoding="utf-8")
    spec = f"sqlite:///{source}" if kind == "sqlite" else f"{kind}:{source}"
    other = tmp_path / "other.jsonl"
    outputs = {"--out": other, "--dead-letters": tmp_path / "dead.jsonl"}
    outputs[which] = tmp_path / "." / "sessions.data"  # the same file, spelled otherwise
    args = ["score", "dining", "--sessions", spec, "--app", "dining"]
    args += [part for flag, path in outputs.items() for part in (flag, str(path))]
    assert main(args) == 2
    assert "would erase the sessions" in capsys.readouterr().err
    assert source.read_text(encoding="utf-8") == '{"session_id": "s1"}\n'


@pytest.mark.parametrize("runner", [[], ["--workers", "1"], ["--runner", "beam", "--workers", "2"]])
def test_a_timeout_without_worker_processes_is_refused_saying_what_it_needs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], runner: list[str]
) -> None:
    # This process cannot stop its own judging: a timeout it could not keep is no timeout.
    out = tmp_path / "v.jsonl"
    args = ["score", "dining", "--sessions", f"jsonl:{tmp_path / 's.jsonl'}", "--out", str(out)]
    assert main([*args, *runner, "--timeout", "30"]) == 2
    assert "--timeout 30 stops a worker process that hangs; it needs --workers 2" in (
        capsys.readouterr().err
    )
    assert not out.exists()


@given(
    st.binary(max_size=200)
    | st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass"))
)
@meta_settings("ci")
def test_any_line_is_a_session_a_dead_letter_or_left_out_never_an_exception(line: bytes) -> None:
    read = session_of_line(line, ReadOptions("dining"))
    assert read is None or isinstance(read, (RecordedSession, DeadLetter))
    if isinstance(read, DeadLetter):
        json.dumps(read.as_json())  # writable as a dead-letter line


def test_a_store_copied_session_by_session_reads_back_whole(tmp_path: Path, sessions: Path) -> None:
    generator = _generator()
    store = tmp_path / "sessions.db"
    line = sessions.read_text(encoding="utf-8").splitlines()[0]
    generator.store_sessions(f"sqlite+aiosqlite:///{store}", iter([line]))
    shutil.copy(store, tmp_path / "copy.db")
    assert generator.multiply_store(str(tmp_path / "copy.db"), 3) == 3
    read = [s for s in open_sessions(f"sqlite:///{tmp_path / 'copy.db'}", ReadOptions("dining"))]
    assert all(isinstance(s, RecordedSession) for s in read)
    assert len({s.session_id for s in read}) == 3
    events = {len(s.events) for s in read if isinstance(s, RecordedSession)}
    assert events == {len(json.loads(line)["events"])}


def test_the_beam_pipeline_judges_tau_bench_runs_as_the_loop_does(tmp_path: Path) -> None:
    """A staged session keeps what its reader found beyond its events: the two runs tau-bench
    stopped at its step limit fail as ``run_not_finished`` and the text written beside calls is
    read, as in the loop (from the events alone the pipeline passed 4 more ``policy_compliance``
    and 2 more ``no_fabrication`` verdicts of the 50 recorded runs)."""
    pytest.importorskip("apache_beam", reason="the beam extra: pip install '.[beam]'")
    from domains.airline.data_files import RUNS_FILE

    written = {}
    for runner in ([], ["--runner", "beam"]):
        out = tmp_path / f"{len(runner)}.jsonl"
        command = ["score", "airline", "--sessions", f"tau-bench:{RUNS_FILE}", "--out", str(out)]
        assert main([*command, *runner]) == 0
        written[len(runner)] = sorted(out.read_text(encoding="utf-8").splitlines())
    loop, beam = written.values()
    assert beam == loop and len(loop) == 3 * 50
    unfinished = [json.loads(line) for line in loop if '"run_not_finished"' in line]
    assert len(unfinished) == 3 * 2 and not any(v["passed"] for v in unfinished)
