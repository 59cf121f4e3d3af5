"""``checkers score --workers N`` when a worker process dies: the run ends, and no session is lost.

Before, the workers were a ``multiprocessing.Pool``: a worker killed (the OOM killer, SIGKILL, a
segfault in an extension) was replaced, but the chunk it held was lost and the run waited for it
forever. Now a worker's death fails the chunks in flight, which are judged again alone to find
the session to blame (:mod:`checkers.worker_pool`).

Every run here is bounded by :func:`within`, so that a run that hangs fails its test instead of
hanging the suite. Workers are made to die by a domain that exists only in a test's temporary
folder (:func:`probe_domain`): a package ``domains.<name>`` on the path, which the spawned
workers import as they import any domain (they are given the parent's ``sys.path``), whose one
metric is dining's ``everyone_ate`` except on a session whose user says one of its words. It
never acts in the test's own process, where the one-process loop judges the same sessions.
"""

from __future__ import annotations

import importlib
import io
import json
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

from checkers import worker_pool
from checkers.readers.jsonl import session_of_line
from checkers.registry import domain_metrics
from checkers.score import DeadLetter, JsonlSink, ScoreSummary, score_sessions
from checkers.score_parallel import score_sessions_parallel
from checkers.sessions import RecordedSession
from tests.test_score_domains import CASES_OF, _user_says, code_checked, turn_events

pytestmark = pytest.mark.filterwarnings("ignore:\\[EXPERIMENTAL\\]:UserWarning")

T = TypeVar("T")

RUN_SECONDS = 240
"""Time a run is given before its test fails as hung: each worker pool started costs a fresh
interpreter importing the domain, seconds on a loaded machine; a hang is forever."""

PROBE = "probe_dying"
"""The name of the test domain (:func:`probe_domain`)."""


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHECKERS_OFFLINE", "1")


def within(seconds: float, run: Callable[[], T]) -> T:
    """``run()``'s result (or its exception), run in a thread; the test fails when it takes more
    than ``seconds``. The thread of a run that hangs is left behind, a daemon."""
    results: list[T] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            results.append(run())
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"scoring did not end within {seconds} s: a dead worker hangs the run")
    if errors:
        raise errors[0]
    return results[0]


@dataclass
class Written:
    """What a run wrote through a :class:`JsonlSink`: its verdict and dead-letter lines."""

    verdicts: list[str]
    letters: list[dict[str, Any]]


def scored(run: Callable[[Sequence[JsonlSink]], ScoreSummary]) -> tuple[ScoreSummary, Written]:
    """The summary of ``run`` given one JSONL sink writing to memory, and what it wrote; bounded
    by :func:`within`."""
    verdicts, letters = io.StringIO(), io.StringIO()
    summary = within(RUN_SECONDS, lambda: run([JsonlSink(verdicts, letters)]))
    written = Written(
        verdicts.getvalue().splitlines(),
        [json.loads(line) for line in letters.getvalue().splitlines()],
    )
    return summary, written


def dining_sessions(count: int, saying: dict[int, str] | None = None) -> list[RecordedSession]:
    """``count`` dining sessions, each its own id, on the domain's known answers in turn (some
    pass, some fail); the user's first message of session ``n`` is ``saying[n]``, else a plain
    request."""
    cases = CASES_OF["dining"]
    sessions = []
    for number in range(count):
        _, scenario, turns = cases[number % len(cases)]
        events = [event for turn in turns for event in turn_events(turn)]
        events[0] = _user_says((saying or {}).get(number, "Please plan our dinner."))
        state = {"scenario": scenario}
        sessions.append(RecordedSession(f"s{number}", "dining", "u", events, state))
    return sessions


# --- the test domain ----------------------------------------------------------------------------

PROBE_METRICS = '''"""everyone_ate, except in a worker process on a session whose user says:

- DIE:SIGKILL or DIE:EXIT: the worker ends (SIGKILL, or exit code 71), every time: a test's
  stand-in for a segfault in an extension or the OOM killer;
- HOLD: the first time, the worker writes its pid to {held} and waits to be killed; any later
  time, it judges;
- HANG: the worker waits (ten minutes), every time: a checker that loops;
- SLOW:<seconds>: the worker waits that long, then judges.
"""

import multiprocessing
import os
import signal
import time
from dataclasses import replace
from pathlib import Path

from domains.dining.metrics import EVERYONE_ATE

HELD = Path({held!r})


def _judge(scenario, transcript, threshold):
    said = transcript.user_texts[0] if transcript.user_texts else ""
    if multiprocessing.parent_process() is not None:
        if said == "DIE:SIGKILL":
            os.kill(os.getpid(), signal.SIGKILL)
        if said == "DIE:EXIT":
            os._exit(71)
        if said == "HOLD" and not HELD.exists():
            written = HELD.with_suffix(".tmp")
            written.write_text(str(os.getpid()))
            written.replace(HELD)
            time.sleep(600)
        if said == "HANG":
            time.sleep(600)
        if said.startswith("SLOW:"):
            time.sleep(float(said.removeprefix("SLOW:")))
    return EVERYONE_ATE.judge(scenario, transcript, threshold)


METRICS = {{EVERYONE_ATE.name: replace(EVERYONE_ATE, judge=_judge)}}
'''


def write_domain(root: Path, name: str, metrics: str) -> None:
    """A domain package ``domains.<name>`` under ``root`` whose metrics module is ``metrics``."""
    package = root / "domains" / name
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from checkers.plugin import DomainPlugin\n"
        f'PLUGIN = DomainPlugin(name="{name}", subject_noun="guest", package=__name__)\n',
        encoding="utf-8",
    )
    (package / "metrics.py").write_text(metrics, encoding="utf-8")


@pytest.fixture
def domain_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on ``sys.path`` (the workers' too) to write test domains in; the domains
    imported from it are forgotten after the test."""
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    yield tmp_path
    for module in [m for m in sys.modules if m.startswith("domains.probe_")]:
        del sys.modules[module]


@pytest.fixture
def probe_domain(domain_on_path: Path) -> Path:
    """The test domain :data:`PROBE` written (:data:`PROBE_METRICS`); the file where a worker
    holding a session writes its pid."""
    held = domain_on_path / "held.pid"
    write_domain(domain_on_path, PROBE, PROBE_METRICS.format(held=str(held)))
    return held


def probe_names() -> list[str]:
    return list(domain_metrics(PROBE))


def loop_of(sessions: Sequence[RecordedSession | DeadLetter]) -> tuple[ScoreSummary, Written]:
    """What the one-process loop writes for ``sessions`` with the test domain's metrics."""
    metrics = list(domain_metrics(PROBE).values())
    return scored(lambda sinks: score_sessions(metrics, sessions, sinks))


# --- a worker killed in the middle of a chunk -----------------------------------------------------


def wait_for_pid(path: Path, seconds: float = 120) -> int:
    """The pid a worker writes to ``path``, once it has."""
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert time.monotonic() < deadline, f"no worker wrote {path} within {seconds} s"
        time.sleep(0.05)
    return int(path.read_text(encoding="utf-8"))


def kill(pid: int) -> None:
    """SIGKILL the worker process ``pid`` (a child of this process), waiting until it is dead."""
    [worker] = [child for child in multiprocessing.active_children() if child.pid == pid]
    os.kill(pid, signal.SIGKILL)
    assert multiprocessing.connection.wait([worker.sentinel], timeout=30), "the worker lived on"


def killing_the_holder(
    sessions: Sequence[RecordedSession | DeadLetter], at: int, held: Path, killed: list[int]
) -> Iterator[RecordedSession | DeadLetter]:
    """``sessions``; before session ``at`` is given, the worker holding the session that says
    HOLD is killed (its pid added to ``killed``), while the run has more to send."""
    for number, session in enumerate(sessions):
        if number == at:
            pid = wait_for_pid(held)
            kill(pid)
            killed.append(pid)
        yield session


def test_a_worker_killed_mid_chunk_loses_no_session_and_the_lines_are_the_loops(
    probe_domain: Path,
) -> None:
    """The worker is killed while it judges a chunk (before, that chunk was lost and the run
    waited for it forever), and the sessions include a reader's dead letter."""
    sessions: list[RecordedSession | DeadLetter] = [*dining_sessions(15, saying={1: "HOLD"})]
    sessions.insert(9, DeadLetter("unreadable-1", "", "", "the line is not JSON"))
    loop, by_loop = loop_of(sessions)
    killed: list[int] = []
    spread, by_workers = scored(
        lambda sinks: score_sessions_parallel(
            PROBE,
            probe_names(),
            killing_the_holder(sessions, 5, probe_domain, killed),
            sinks,
            workers=2,
            chunk=2,
        )
    )
    assert len(killed) == 1
    assert (spread.read, spread.judged, spread.dead_letters) == (16, 15, 1)
    assert spread == loop
    assert by_workers == by_loop
    assert len(by_workers.verdicts) == 15


# --- a session that kills its worker every time ---------------------------------------------------


def jsonl_line(session: RecordedSession) -> str:
    """``session`` as a line of a JSONL sessions file."""
    return json.dumps(
        {
            "session_id": session.session_id,
            "app_name": session.app_name,
            "user_id": session.user_id,
            "events": list(session.events),
            "state": session.state,
        }
    )


def the_one_dead_letter(
    sessions: list[RecordedSession], at: int, records: list[Any], **run: Any
) -> dict[str, Any]:
    """The dead letter of session ``at`` when two workers judge ``records`` (``sessions``, or
    their lines) with ``run`` (:func:`score_sessions_parallel`'s keywords), having checked that
    it is the one dead letter and that every other session is written as the loop writes it."""
    others = sessions[:at] + sessions[at + 1 :]
    loop, by_loop = loop_of(others)
    spread, by_workers = scored(
        lambda sinks: score_sessions_parallel(PROBE, probe_names(), records, sinks, 2, **run)
    )
    assert (spread.read, spread.judged, spread.dead_letters) == (len(sessions), len(others), 1)
    assert (spread.passed, spread.unscored) == (loop.passed, loop.unscored)
    assert by_workers.verdicts == by_loop.verdicts
    [letter] = by_workers.letters
    assert letter["session_id"] == sessions[at].session_id
    return letter


@pytest.mark.parametrize(
    ("death", "how", "as_lines"),
    [
        ("DIE:SIGKILL", "killed by signal 9 (SIGKILL)", False),
        ("DIE:EXIT", "exit code 71", True),
    ],
    ids=["sigkill-sessions", "exit-jsonl-lines"],
)
def test_a_session_that_kills_its_worker_is_a_dead_letter_and_the_others_are_judged(
    probe_domain: Path, death: str, how: str, as_lines: bool
) -> None:
    """The session is read by the main process and sent (any source but JSONL), or sent as its
    JSONL line and parsed in the worker: either way its dead letter names the session."""
    sessions = dining_sessions(11, saying={4: death})
    records: list[Any] = [jsonl_line(s) for s in sessions] if as_lines else sessions
    parse = session_of_line if as_lines else None
    letter = the_one_dead_letter(sessions, 4, records, chunk=3, parse=parse)
    assert (letter["app_name"], letter["user_id"]) == ("dining", "u")
    assert letter["reason"] == worker_pool.WORKER_DIED.format(how=how)
    assert "the run's other sessions were judged" in letter["reason"]


# --- a session that hangs its worker -------------------------------------------------------------

TIMEOUT = 6.0
"""The runs' timeout: long enough for a fresh worker's start-up on a loaded machine, whose first
chunk's time holds it, short enough for the suite."""


def test_a_session_that_hangs_its_worker_is_a_dead_letter_and_the_others_are_judged(
    probe_domain: Path,
) -> None:
    """Before, the run waited for it forever. Its chunk outlasts the timeout, then again alone,
    then the session by itself: a dead letter saying so."""
    sessions = dining_sessions(9, saying={4: "HANG"})
    letter = the_one_dead_letter(sessions, 4, sessions, chunk=3, timeout=TIMEOUT)
    assert letter["reason"] == worker_pool.JUDGING_TIMED_OUT.format(seconds=TIMEOUT)
    assert letter["reason"].startswith("judging_timed_out: not judged: ")


def test_a_chunk_that_outlasts_the_timeout_only_in_sum_loses_no_session(
    probe_domain: Path,
) -> None:
    """Two sessions that each take 60% of the timeout make a chunk that outlasts it, twice:
    judged one by one, each is judged, and nothing is a dead letter."""
    slow = f"SLOW:{TIMEOUT * 0.6:g}"
    sessions = dining_sessions(5, saying={1: slow, 3: slow})
    loop, by_loop = loop_of(sessions)
    spread, by_workers = scored(
        lambda sinks: score_sessions_parallel(
            PROBE, probe_names(), sessions, sinks, workers=2, chunk=5, timeout=TIMEOUT
        )
    )
    assert (spread.read, spread.judged, spread.dead_letters) == (5, 5, 0)
    assert spread == loop
    assert by_workers == by_loop


@pytest.mark.parametrize("timeout", [0.0, -1.0, float("nan"), float("inf")])
def test_a_timeout_that_is_no_positive_number_is_refused(timeout: float) -> None:
    with pytest.raises(ValueError, match="timeout must be a positive number of seconds"):
        score_sessions_parallel(PROBE, [], [], [], workers=2, timeout=timeout)


# --- workers that keep dying with no session to blame ---------------------------------------------


def killing_any_worker(
    sessions: Sequence[RecordedSession], at: int, killed: list[int]
) -> Iterator[RecordedSession]:
    """``sessions``; before session ``at`` is given, a worker of the run is killed (its pid
    added to ``killed``), busy or idle: the pool has lost it before the next chunk is sent."""
    for number, session in enumerate(sessions):
        if number == at:
            children = multiprocessing.active_children()
            assert children and children[0].pid is not None, "no worker process to kill"
            kill(children[0].pid)
            killed.append(children[0].pid)
        yield session


def test_when_workers_keep_dying_for_no_session_the_rest_are_dead_letters_saying_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Here one death with no session to blame is enough to give up on workers: the sessions
    judged before are written as the loop writes them, every session after is a dead letter
    with the reason, and the run ends."""
    monkeypatch.setattr(worker_pool, "UNEXPLAINED_DEATHS", 1)
    sessions = dining_sessions(30)
    metrics = list(code_checked("dining"))
    names = [metric.name for metric in metrics]
    killed: list[int] = []
    spread, by_workers = scored(
        lambda sinks: score_sessions_parallel(
            "dining", names, killing_any_worker(sessions, 4, killed), sinks, workers=2, chunk=2
        )
    )

    assert len(killed) == 1
    assert spread.read == 30 == spread.judged + spread.dead_letters
    assert spread.dead_letters > 0
    given_up = worker_pool.WORKERS_GIVEN_UP.format(deaths=1)
    assert {letter["reason"] for letter in by_workers.letters} == {given_up}
    # Those judged are the first sessions read, those not judged the last.
    judged = sessions[: spread.judged]
    assert [letter["session_id"] for letter in by_workers.letters] == [
        s.session_id for s in sessions[spread.judged :]
    ]
    _, by_loop = scored(lambda sinks: score_sessions(metrics, judged, sinks))
    assert by_workers.verdicts == by_loop.verdicts


# --- workers that cannot load the metrics ---------------------------------------------------------

WORKERLESS_METRICS = '''"""The dining metrics, which refuse to load in a worker process."""

import multiprocessing

from domains.dining.metrics import METRICS

if multiprocessing.parent_process() is not None:
    raise ImportError("this domain loads only in the test's own process")
'''


def test_workers_that_cannot_load_the_metrics_leave_the_judging_to_the_main_process(
    domain_on_path: Path,
) -> None:
    """A worker whose initializer fails ends at once, which must neither read as a death that
    sessions caused (every session a dead letter) nor hang the run: each chunk is judged in the
    main process, as one that cannot be sent is."""
    write_domain(domain_on_path, "probe_workerless", WORKERLESS_METRICS)
    metrics = domain_metrics("probe_workerless")
    sessions = dining_sessions(5)
    loop, by_loop = scored(lambda sinks: score_sessions(list(metrics.values()), sessions, sinks))
    spread, by_workers = scored(
        lambda sinks: score_sessions_parallel(
            "probe_workerless", list(metrics), sessions, sinks, workers=2, chunk=2
        )
    )
    assert (spread.read, spread.judged, spread.dead_letters) == (5, 5, 0)
    assert spread == loop
    assert by_workers == by_loop


STILLBORN_METRICS = '''"""The dining metrics, whose import ends a worker process (exit code 3)."""

import multiprocessing
import os

from domains.dining.metrics import METRICS

if multiprocessing.parent_process() is not None:
    os._exit(3)
'''


def test_workers_that_die_on_starting_blame_no_session_and_the_run_gives_up_on_them(
    domain_on_path: Path,
) -> None:
    """A worker that dies before it is given a session (here, importing the metrics) is a death
    no session explains: no session is a dead letter as the one that killed its worker, and
    after :data:`~checkers.worker_pool.UNEXPLAINED_DEATHS` such deaths every session is a
    dead letter saying why; the run ends."""
    write_domain(domain_on_path, "probe_stillborn", STILLBORN_METRICS)
    names = list(domain_metrics("probe_stillborn"))
    sessions = dining_sessions(7)
    spread, by_workers = scored(
        lambda sinks: score_sessions_parallel(
            "probe_stillborn", names, sessions, sinks, workers=2, chunk=2
        )
    )
    assert (spread.read, spread.judged, spread.dead_letters) == (7, 0, 7)
    assert by_workers.verdicts == []
    deaths = worker_pool.UNEXPLAINED_DEATHS
    assert [(letter["session_id"], letter["reason"]) for letter in by_workers.letters] == [
        (s.session_id, worker_pool.WORKERS_GIVEN_UP.format(deaths=deaths)) for s in sessions
    ]
