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
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from multiprocessing.pool import AsyncResult
from typing import Any

from checkers.errors import CheckersError
from checkers.metric import Metric
from checkers.registry import domain_metrics
from checkers.score import (
    DeadLetter,
    JsonlSink,
    ScoreSummary,
    SessionIds,
    SessionVerdict,
    Sink,
    judge_or_dead_letter,
    verdict_line,
)
from checkers.sessions import RecordedSession
from checkers.sources import ReadOptions

DEFAULT_CHUNK = 32
"""Sessions per task: large enough that sending a task costs little beside judging it."""


@dataclass(frozen=True)
class Scored:
    """One session judged in a worker, ready for the sinks: what crosses back to the main
    process (the session's events stay behind)."""

    results: tuple[tuple[str, bool, bool], ...]
    """Each metric's name, whether the session passed it, and whether some requirement could
    not be judged (:meth:`checkers.score.ScoreSummary.count_judged`)."""
    lines: tuple[str, ...]
    """The JSONL lines (:func:`checkers.score.verdict_line`)."""
    verdicts: tuple[SessionVerdict, ...] | None
    """The verdicts, their session without events, when a sink other than JSONL needs them."""


Ids = tuple[str, str, str]
"""A session's app, user and session id (:class:`checkers.score.SessionIds`)."""

Outcome = tuple["Ids | None", "Scored | DeadLetter"]
"""One session read, judged in a worker: the ids of the session (None for a reader's dead
letter, which is no session: it never makes a later session a repeat, as in the loop) and what
goes to the sinks."""


Parse = Callable[[Any, ReadOptions], "RecordedSession | DeadLetter | None"]
"""Reads one raw record of a source (a JSONL line) as a session, its dead letter, or None for a
record left out (counting an eval session in the options, as a reader does)."""

Task = tuple[list[Any], bool, "Parse | None", ReadOptions]
"""The arguments of :func:`_judge_chunk` for one chunk, kept in the main process until its
outcomes are written (at most ``2 * workers + 1`` chunks), so that a chunk a worker could not
take is judged here."""

_metrics: list[Metric[Any]] = []


def _start_worker(domain: str, metric_names: Sequence[str]) -> None:
    metrics = domain_metrics(domain)
    _metrics[:] = [metrics[name] for name in metric_names]


def judge_for_sinks(
    metrics: Sequence[Metric[Any]], session: RecordedSession | DeadLetter, need_verdicts: bool
) -> Scored | DeadLetter:
    """``session`` judged (:func:`checkers.score.judge_or_dead_letter`) and made ready for the
    sinks: JSON lines, and the verdicts without the session's events when ``need_verdicts``."""
    outcome = judge_or_dead_letter(metrics, session)
    if isinstance(outcome, DeadLetter):
        return outcome
    verdicts = None
    if need_verdicts and outcome:
        bare = replace(outcome[0].session, events=(), state={}, turns=None)
        verdicts = tuple(replace(one, session=bare) for one in outcome)
    return Scored(
        tuple((one.metric, one.passed, bool(one.verdict.unscored)) for one in outcome),
        tuple(verdict_line(one) for one in outcome),
        verdicts,
    )


def ids_of(read: RecordedSession | DeadLetter) -> Ids | None:
    """The ids of a session read (what makes a later one a repeat), None for a reader's dead
    letter."""
    if isinstance(read, DeadLetter):
        return None
    return (read.app_name, read.user_id, read.session_id)


def _judged(read: RecordedSession | DeadLetter, need_verdicts: bool) -> Outcome:
    return ids_of(read), judge_for_sinks(_metrics, read, need_verdicts)


def _judge_chunk(
    chunk: list[Any], need_verdicts: bool, parse: Parse | None, options: ReadOptions
) -> tuple[list[Outcome], int]:
    """The chunk's sessions judged (each record parsed first when ``parse`` is given), and the
    number of eval sessions parsing left out."""
    if parse is None:
        return [_judged(session, need_verdicts) for session in chunk], 0
    options = options.reading()
    judged = []
    for record in chunk:
        session = parse(record, options)
        if session is not None:
            judged.append(_judged(session, need_verdicts))
    return judged, options.skipped_eval


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
) -> ScoreSummary:
    """:func:`checkers.score.score_sessions` with the judging spread over ``workers``
    processes: the same summary, the same lines in the same order. ``domain`` and
    ``metric_names`` name the metrics (each worker looks them up).

    With ``parse`` (a module-level function, e.g.
    :func:`checkers.readers.jsonl.session_of_line`), ``sessions`` are a source's raw records,
    parsed in the workers under ``options`` (whose ``skipped_eval`` is then added to), so that
    the main process only reads bytes. Raises ValueError for fewer than one worker or an empty
    chunk."""
    if workers < 1 or chunk < 1:
        raise ValueError(f"workers and chunk must be at least 1, got {workers} and {chunk}")
    summary = ScoreSummary(passed=dict.fromkeys(metric_names, 0))
    need_verdicts = any(not isinstance(sink, JsonlSink) for sink in sinks)
    context = multiprocessing.get_context("spawn")
    options = options if options is not None else ReadOptions()
    pending: deque[tuple[Task, AsyncResult[tuple[list[Outcome], int]]]] = deque()
    ids = SessionIds()

    def drain(keep: int) -> None:
        while len(pending) > keep:
            task, result = pending.popleft()
            try:
                outcomes, skipped = result.get()
            except Exception:
                # The chunk could not cross to a worker or back (a value nested deeper than
                # pickle goes): judged here instead, as the one-process loop judges it.
                outcomes, skipped = _judge_here(domain, metric_names, task)
            options.skipped_eval += skipped
            for read, outcome in outcomes:
                write_outcome(outcome, sinks, summary, ids, read)

    with context.Pool(workers, _start_worker, (domain, list(metric_names))) as pool:
        try:
            for part in _chunks(sessions, chunk):
                task: Task = (part, need_verdicts, parse, options)
                pending.append((task, pool.apply_async(_judge_chunk, task)))
                drain(2 * workers)
        except CheckersError:
            drain(0)  # a reader stopped: what it read is still written, as the loop writes it
            raise
        drain(0)
    return summary


def _judge_here(domain: str, metric_names: Sequence[str], task: Task) -> tuple[list[Outcome], int]:
    """:func:`_judge_chunk` in this process, with the metrics loaded here: for a chunk that
    could not be pickled to a worker, or whose outcomes could not be pickled back. Judging is
    the same wherever it runs, so the lines are those the loop writes."""
    _start_worker(domain, metric_names)
    return _judge_chunk(*task)
