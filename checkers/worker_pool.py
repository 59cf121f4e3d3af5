"""Worker processes that may die: chunks of sessions judged in a pool that survives its
workers' deaths, and the session to blame for one found (see :mod:`checkers.score_parallel`).

The workers are a :class:`~concurrent.futures.ProcessPoolExecutor`, which fails every chunk in
flight with ``BrokenProcessPool`` when one of its workers dies (where ``multiprocessing.Pool``
waited forever for the chunk the dead worker held). The chunks in flight are then judged again,
in order, each alone in a pool of one worker, to find the one that kills it; a fresh pool takes
the chunks read after them. A chunk that kills its worker alone is judged one session at a time;
a session that kills its worker alone is a dead letter saying so, with the worker's exit code or
signal (:data:`WORKER_DIED`). When workers keep dying with no session to blame
(:data:`UNEXPLAINED_DEATHS` times; a worker that dies before it is given a session blames none),
the sessions left are dead letters saying why (:data:`WORKERS_GIVEN_UP`).

A worker that hangs is made a worker that died: a chunk not judged within the run's timeout
(:data:`CHUNK_TIMEOUT` seconds by default) has its pool's workers killed, and the search above
finds the session to blame, whose dead letter then says it took too long
(:data:`JUDGING_TIMED_OUT`). A chunk is timed from when every chunk sent before it is done: the
pool takes chunks in the order sent, so it has been judged at least that long.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import signal
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.process import BaseProcess
from typing import Any

from checkers.score import DeadLetter
from checkers.score_worker import (
    Judged,
    Outcome,
    Parse,
    Task,
    ids_of,
    judge_chunk,
    judge_here,
    start_worker,
)
from checkers.sessions import RecordedSession
from checkers.sources import ReadOptions

UNEXPLAINED_DEATHS = 3
"""How many times workers may die with no session to blame before the run gives up on them: a
death is unexplained when every chunk that was in flight (or every session of a chunk that
killed its worker alone) is then judged alone without a worker dying. Such deaths come from
outside the sessions (the machine out of memory, a process killed by hand), so judging on in
workers would keep losing pools; deaths a session explains cost one pool each and end with its
dead letter, so they need no bound."""

WORKER_DIED = (
    "worker_died: the worker process judging this session alone died ({how}), after a worker "
    "died judging the chunk of sessions holding it; the run's other sessions were judged without "
    "it. Judging it crashes the process (a segfault in an extension, memory running out, a "
    "kill): judge this session by itself to see why"
)
"""The reason of a session that killed the worker judging it alone; ``how`` is the worker's exit
(e.g. ``killed by signal 9 (SIGKILL)``)."""

WORKERS_GIVEN_UP = (
    "workers_given_up: not judged: worker processes died {deaths} times with no session to blame "
    "(the machine out of memory, a process killed from outside, a worker too slow to start or "
    "judge within the run's --timeout), so this run stopped judging in them; the sessions left "
    "are dead letters rather than judged in the process writing the output, which the same cause "
    "could kill with the run's output unwritten. Score them again"
)
"""The reason of each session left when the run gives up on workers (:data:`UNEXPLAINED_DEATHS`)."""

CHUNK_TIMEOUT = 300.0
"""Seconds a worker may judge one chunk of sessions (and so one session) before it is killed
(``checkers score --timeout``): a chunk of dining sessions takes about 30 ms, a chunk of long
airline conversations a few seconds."""

JUDGING_TIMED_OUT = (
    "judging_timed_out: not judged: judging this session alone took more than {seconds:g} s, "
    "after the chunk of sessions holding it took that long, so its worker was stopped; the run's "
    "other sessions were judged without it. A checker loops or crawls on it: judge this session "
    "by itself to see why, or score it again with a longer --timeout"
)
"""The reason of a session whose judging alone outlasted the run's timeout."""


class Judging:
    """Chunks judged in a pool of workers that survives their deaths: a chunk lost with a dead
    worker is judged again alone, and its sessions one by one when it kills its worker alone,
    until the session to blame is found (:meth:`recover`)."""

    def __init__(
        self,
        domain: str,
        metric_names: Sequence[str],
        workers: int,
        timeout: float | None = CHUNK_TIMEOUT,
    ) -> None:
        self._domain = domain
        self._metric_names = list(metric_names)
        self._timeout = timeout
        """Seconds a chunk may be judged before its pool's workers are killed (None: no end)."""
        self._pool = _Pool(workers, domain, self._metric_names)
        self._unexplained = 0
        """Deaths no session explained (:data:`UNEXPLAINED_DEATHS`)."""

    def _given_up(self) -> bool:
        return self._unexplained >= UNEXPLAINED_DEATHS

    def _count_unexplained(self) -> None:
        """Count a death no session explains (no more once the run has given up, so that every
        dead letter of the sessions left gives the same count)."""
        if not self._given_up():
            self._unexplained += 1

    def send(self, task: Task) -> Future[Judged]:
        """``task`` sent to a worker; once the run has given up on workers, a future holding the
        dead letters of its sessions."""
        if self._given_up():
            return _done(self._given_up_on(task))
        return self._pool.submit(task)

    def broke(self, future: Future[Judged]) -> BrokenProcessPool | None:
        """The error of ``future``, sent to the run's pool and the first not yet written, when
        its pool broke (a worker died, or was killed for taking longer than the timeout); None
        once it is done."""
        return self._pool.wait(future, self._timeout)

    def outcome(self, task: Task, future: Future[Judged]) -> Judged:
        """What ``future``, which did not break its pool, gave ``task``."""
        try:
            return future.result()
        except Exception:
            # The chunk could not cross to a worker or back (a value nested deeper than pickle
            # goes), or the worker could not load the metrics: judged here instead, as the
            # one-process loop judges it.
            return judge_here(self._domain, self._metric_names, task)

    def recover(self, in_flight: Sequence[tuple[Task, Future[Judged]]]) -> list[Judged]:
        """After a worker died: what each chunk that was in flight gave, in order. The chunks
        its pool finished keep their outcomes; the others are judged again, each alone in a pool
        of one worker, so that only the chunk to blame can kill it (:meth:`_alone`). A fresh
        pool takes the chunks sent after."""
        self._pool.restart()
        alone = _Pool(1, self._domain, self._metric_names)
        judged: list[Judged] = []
        blamed = False
        try:
            for task, future in in_flight:
                if broke(future) is None:
                    judged.append(self.outcome(task, future))
                    continue
                outcome, killed = self._alone(alone, task)
                judged.append(outcome)
                blamed = blamed or killed
        finally:
            alone.close()  # no worker left idle beside the fresh pool
        if not blamed:
            self._count_unexplained()
        return judged

    def _alone(self, alone: _Pool, task: Task) -> tuple[Judged, bool]:
        """``task`` judged with nothing else in flight in ``alone``, and whether it killed the
        worker; its sessions judged one by one when it did (:meth:`_one_by_one`)."""
        if len(task[0]) == 1:  # judged alone, its one session is judged by itself
            return self._by_itself(alone, task)
        if not self._ready(alone):
            return self._given_up_on(task), False
        future = alone.submit(task)
        if alone.wait(future, self._timeout) is None:
            return self.outcome(task, future), False
        alone.restart()
        return self._one_by_one(alone, task), True

    def _one_by_one(self, alone: _Pool, task: Task) -> Judged:
        """Each session of ``task`` judged by itself in ``alone`` (:meth:`_by_itself`)."""
        records, need_verdicts, parse, options = task
        outcomes: list[Outcome] = []
        skipped = 0
        blamed = False
        for record in records:
            judged, killed = self._by_itself(alone, ([record], need_verdicts, parse, options))
            outcomes += judged[0]
            skipped += judged[1]
            blamed = blamed or killed
        if not blamed:
            self._count_unexplained()
        return outcomes, skipped

    def _by_itself(self, alone: _Pool, single: Task) -> tuple[Judged, bool]:
        """The one session of ``single`` judged in ``alone``, and whether it killed the worker:
        then it is a dead letter (:data:`WORKER_DIED`), with the worker's exit, and a fresh
        worker judges the next."""
        if not self._ready(alone):
            return self._given_up_on(single), False
        future = alone.submit(single)
        broken = alone.wait(future, self._timeout)
        if broken is None:
            return self.outcome(single, future), False
        timed_out = alone.timed_out
        ended = alone.restart()
        if timed_out:
            return _dead_letters(single, JUDGING_TIMED_OUT.format(seconds=self._timeout)), True
        return _dead_letters(single, WORKER_DIED.format(how=_how_broke(broken, ended))), True

    def _ready(self, alone: _Pool) -> bool:
        """Whether ``alone`` has a worker up (started, its metrics loaded) to be given a chunk,
        started again while the run has not given up on workers. A worker that dies before it
        is given a session is a death no session explains: blaming the session sent next would
        make every session a dead letter on a machine where no worker can start."""
        while not self._given_up():
            if alone.ready(self._timeout):
                return True
            alone.restart()
            self._count_unexplained()
        return False

    def _given_up_on(self, task: Task) -> Judged:
        # Giving up makes the sessions left dead letters rather than judging them in this
        # process: whatever killed the workers (memory running out, above all) could kill this
        # one too, and with it every verdict buffered and the summary; a dead letter fails
        # closed: the session is never passed unjudged, the run still accounts for it and ends
        # with the status of a run with dead letters, and the reason says to score it again.
        return _dead_letters(task, WORKERS_GIVEN_UP.format(deaths=self._unexplained))

    def close(self) -> None:
        """Stop the workers (those judging finish their chunk first)."""
        self._pool.close()


class _Pool:
    """A :class:`ProcessPoolExecutor` of ``size`` spawned workers holding the metrics, started
    again when it breaks, that remembers the worker processes it ran to say how they ended."""

    def __init__(self, size: int, domain: str, metric_names: list[str]) -> None:
        self._size = size
        self._initargs = (domain, metric_names)
        self._executor = self._start()
        self._processes: dict[int, BaseProcess] = {}
        self.timed_out = False
        """Whether this executor's workers were killed for taking too long (:meth:`wait`)."""

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self._size,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=start_worker,
            initargs=self._initargs,
        )

    def submit(self, task: Task) -> Future[Judged]:
        """``task`` sent to a worker: a future holding BrokenProcessPool when the pool has
        already broken."""
        future: Future[Judged]
        try:
            future = self._executor.submit(judge_chunk, *task)
        except BrokenProcessPool as error:  # a worker died since the last chunk was sent
            future = Future()
            future.set_exception(error)
        # The executor starts its workers as chunks come and forgets them when it shuts down:
        # kept here to read how they ended (CPython's executor has no public list of them).
        self._processes.update(self._executor._processes or {})
        return future

    def ready(self, timeout: float | None) -> bool:
        """Whether a worker takes a task that does nothing and gives its result back within
        ``timeout`` seconds (starting the worker first, when it is not up yet)."""
        try:
            future = self._executor.submit(_nothing)
        except BrokenProcessPool:
            return False
        self._processes.update(self._executor._processes or {})
        return self.wait(future, timeout) is None

    def wait(self, future: Future[Any], timeout: float | None) -> BrokenProcessPool | None:
        """Wait for ``future``, sent to this pool: the error of its breaking (a worker died),
        else None once it is done. When it is not done within ``timeout`` seconds (None: no
        end), every worker of the pool is killed, which breaks it: a hung worker becomes a
        dead one, and :attr:`timed_out` says so."""
        try:
            future.exception(timeout)
        except FutureTimeout:
            self.timed_out = True
            for process in list(self._processes.values()):
                process.kill()  # the executor sees the death and fails every future in flight
        return broke(future)

    def restart(self) -> list[int | None]:
        """A fresh executor in place of the broken one; the exit codes of the broken one's
        workers (negative: the signal that ended one; None: not known)."""
        # The broken executor has stopped its workers already: this waits until they are reaped.
        self._executor.shutdown(wait=True)
        ended = [process.exitcode for process in self._processes.values()]
        self._processes = {}
        self._executor = self._start()
        self.timed_out = False
        return ended

    def close(self) -> None:
        """Shut the executor down: chunks not yet started are dropped (their outcomes are
        not wanted), those running finish."""
        self._executor.shutdown(wait=True, cancel_futures=True)


def broke(future: Future[Any]) -> BrokenProcessPool | None:
    """The error of a future lost when a worker of its pool died, else None (it waits for the
    future to finish)."""
    error = future.exception()
    return error if isinstance(error, BrokenProcessPool) else None


def _nothing() -> None:
    """The task of :meth:`_Pool.ready`."""


def _done(judged: Judged) -> Future[Judged]:
    future: Future[Judged] = Future()
    future.set_result(judged)
    return future


def _exit_described(code: int | None) -> str:
    """How a process with exit code ``code`` ended, for people: ``killed by signal 9
    (SIGKILL)``, ``exit code 1``, or ``an exit not known`` for None."""
    if code is None:
        return "an exit not known"
    if code >= 0:
        return f"exit code {code}"
    try:
        name = signal.Signals(-code).name
    except ValueError:
        return f"killed by signal {-code}"
    return f"killed by signal {-code} ({name})"


def _how_broke(error: BrokenProcessPool, exit_codes: Sequence[int | None]) -> str:
    """How a pool of one worker broke: the worker's exit, and what the executor says went
    wrong when it is more than the worker's death (a result it could not read)."""
    how = ", ".join(_exit_described(code) for code in exit_codes) or "an exit not known"
    cause = error.__cause__
    if cause is not None:
        last = next((x for x in reversed(str(cause).splitlines()) if x.strip("'\" ")), "")
        how += f"; the pool said: {last.strip()[:300]}"
    return how


PARSED_HERE_UP_TO = 1_000_000
"""Bytes of a raw record (a JSONL line) the main process parses to name the dead letter of a
session that killed its worker: Python's JSON parser cannot crash on such a line, and memory
cannot run out reading it. A longer one may be what killed the worker (its parsing run out of
memory), so it is not parsed here (:func:`_unparsed_letter`)."""


def _unparsed_letter(raw: bytes, reason: str) -> DeadLetter:
    """The dead letter of a raw record too long to parse here (:data:`PARSED_HERE_UP_TO`),
    named as the reader names a line it cannot read (a digest of the line), its reason showing
    how the line begins, to find it by."""
    digest = hashlib.sha1(raw).hexdigest()[:16]
    start = raw[:120].decode("utf-8", "replace")
    why = f"{reason} (the line was not parsed, so its ids are not known; it begins {start!r})"
    return DeadLetter(f"unparsed-{digest}", "", "", why)


def _read_here(
    record: Any, parse: Parse | None, options: ReadOptions, reason: str
) -> tuple[RecordedSession | DeadLetter | None, int]:
    """A chunk's record as a session (parsed here when ``parse`` is given and the record is
    short enough, as the one-process loop's reader parses every record in this process; a
    longer one is a dead letter with ``reason``, unparsed), and the eval sessions left out."""
    if parse is None:
        return record, 0
    raw = record.encode("utf-8", "surrogatepass") if isinstance(record, str) else record
    if isinstance(raw, bytes) and len(raw) > PARSED_HERE_UP_TO:
        return _unparsed_letter(raw, reason), 0
    reading = options.reading()
    return parse(record, reading), reading.skipped_eval


def _dead_letters(task: Task, reason: str) -> Judged:
    """Each session of ``task`` as a dead letter with ``reason``, unjudged; a reader's dead
    letter is passed on as it is (it was never to be judged), and a record parsing leaves out
    is left out and counted, as judging would have. A record too long to parse here is a dead
    letter unparsed (:data:`PARSED_HERE_UP_TO`)."""
    records, _, parse, options = task
    outcomes: list[Outcome] = []
    skipped = 0
    for record in records:
        read, left_out = _read_here(record, parse, options, reason)
        skipped += left_out
        if isinstance(read, RecordedSession):
            letter = DeadLetter(read.session_id, read.app_name, read.user_id, reason)
            outcomes.append((ids_of(read), letter))
        elif read is not None:
            outcomes.append((None, read))
    return outcomes, skipped
