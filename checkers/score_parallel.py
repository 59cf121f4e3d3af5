"""``checkers score --workers N``: sessions judged in N worker processes.

The main process reads the sessions and writes every sink; the workers judge (and, for a JSONL
file, parse the lines the main process read: ``parse``). Sessions go
to the workers in chunks of ``chunk`` sessions, at most ``2 * workers`` chunks in flight, so the
memory held is bounded whatever the input's size. Each worker judges a chunk with
:func:`checkers.score.judge_or_dead_letter` (as the one-process loop does) and makes the JSON
lines there, so the main process only copies them out: a :class:`~checkers.score.JsonlSink`
gets the lines, any other sink (an SQL table) the verdicts themselves.

Output order is the input order, as with one process: chunks are written in the order they were
sent, whichever worker finishes first.

Workers are started with ``spawn`` (a fresh interpreter each, never a fork of a process whose
reader thread may hold a lock), and find the metrics by domain and metric name.

A worker that dies (killed by the OOM killer or a signal, a segfault in an extension) neither
hangs the run nor loses a session (:mod:`checkers.worker_pool`): the session that kills its
worker alone is a dead letter saying so, and every other session is judged. Nor does one that
hangs: a chunk judged longer than the timeout has its workers killed, and the session that
outlasts it alone is a dead letter saying so. Either way sessions
read = judged + dead letters, and every session judged gets the lines the one-process loop
writes.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future
from typing import Any

from checkers.score import DeadLetter, JsonlSink, ScoreSummary, SessionIds, Sink
from checkers.score_worker import Ids, Judged, Parse, Scored, Task
from checkers.sessions import RecordedSession
from checkers.sources import ReadOptions
from checkers.worker_pool import CHUNK_TIMEOUT, Judging

DEFAULT_CHUNK = 32
"""Sessions per task: large enough that sending a task costs little beside judging it."""


def _chunks(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    """``items`` in lists of ``size``. When reading ``items`` stops with an error, the items
    read before it are still given (the last chunk short), then the error is raised: every
    session read is judged and written before the run stops."""
    chunk: list[Any] = []
    try:
        for item in items:
            chunk.append(item)
            if len(chunk) == size:
                yield chunk
                chunk = []
    except Exception:
        if chunk:
            yield chunk
        raise
    if chunk:
        yield chunk


def write_outcome(
    outcome: Scored | DeadLetter,
    sinks: Sequence[Sink],
    summary: ScoreSummary,
    ids: SessionIds | None = None,
    read: Ids | None = None,
) -> None:
    """Count ``outcome`` in ``summary`` and write it to every sink; a session whose ids
    (``read``) repeat those of one read before (``ids``) is written as a dead letter instead,
    whatever its judging gave, as the one-process loop does."""
    if read is not None and ids is not None:
        outcome = ids.repeat(*read) or outcome
    if isinstance(outcome, DeadLetter):
        summary.count_dead_letter()
        for sink in sinks:
            sink.dead_letter(outcome)
        return
    summary.count_judged(outcome.results)
    for sink in sinks:
        if isinstance(sink, JsonlSink):
            sink.write_lines(outcome.lines)
        else:
            assert outcome.verdicts is not None
            sink.write(outcome.verdicts)


def score_sessions_parallel(
    domain: str,
    metric_names: Sequence[str],
    sessions: Iterable[RecordedSession | DeadLetter] | Iterable[Any],
    sinks: Sequence[Sink],
    workers: int,
    chunk: int = DEFAULT_CHUNK,
    parse: Parse | None = None,
    options: ReadOptions | None = None,
    timeout: float | None = CHUNK_TIMEOUT,
) -> ScoreSummary:
    """:func:`checkers.score.score_sessions` with the judging spread over ``workers``
    processes: the same summary, the same lines in the same order. ``domain`` and
    ``metric_names`` name the metrics (each worker looks them up).

    With ``parse`` (a module-level function, e.g.
    :func:`checkers.readers.jsonl.session_of_line`), ``sessions`` are a source's raw records,
    parsed in the workers under ``options`` (whose ``skipped_eval`` is then added to), so that
    the main process only reads bytes. ``timeout`` is the seconds a worker may judge one
    chunk (None: no end). Raises ValueError for fewer than one worker, an empty chunk or a
    timeout that is not a positive number.

    A worker that dies costs no session and never hangs the run (see the module's docstring):
    a session that kills its worker alone is a dead letter (:data:`WORKER_DIED`), and when
    workers keep dying with no session to blame, the sessions left are
    (:data:`WORKERS_GIVEN_UP`); a session whose judging alone outlasts ``timeout`` is one too
    (:data:`JUDGING_TIMED_OUT`)."""
    if workers < 1 or chunk < 1:
        raise ValueError(f"workers and chunk must be at least 1, got {workers} and {chunk}")
    if timeout is not None and not 0 < timeout < math.inf:
        raise ValueError(
            f"timeout must be a positive number of seconds (None for no end), got {timeout!r}"
        )
    summary = ScoreSummary(passed=dict.fromkeys(metric_names, 0))
    need_verdicts = any(not isinstance(sink, JsonlSink) for sink in sinks)
    options = options if options is not None else ReadOptions()
    pending: deque[tuple[Task, Future[Judged]]] = deque()
    ids = SessionIds()
    judging = Judging(domain, metric_names, workers, timeout)

    def write(judged: Judged) -> None:
        outcomes, skipped = judged
        options.skipped_eval += skipped
        for read, outcome in outcomes:
            write_outcome(outcome, sinks, summary, ids, read)

    def drain(keep: int) -> None:
        while len(pending) > keep:
            task, future = pending.popleft()
            if judging.broke(future) is None:
                write(judging.outcome(task, future))
                continue
            # A worker died (or was killed for hanging), and its pool with it: every chunk in
            # flight was sent to that pool.
            in_flight = [(task, future), *pending]
            pending.clear()
            for judged in judging.recover(in_flight):
                write(judged)

    try:
        try:
            for part in _chunks(sessions, chunk):
                task: Task = (part, need_verdicts, parse, options)
                pending.append((task, judging.send(task)))
                drain(2 * workers)
        except Exception:
            drain(0)  # a reader stopped: what it read is still written, as the loop writes it
            raise
        drain(0)
    finally:
        judging.close()
    return summary
