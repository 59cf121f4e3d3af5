"""What a ``checkers score --workers`` worker process runs: its metrics loaded once
(:func:`start_worker`), then chunks of sessions judged (:func:`judge_chunk`) into what the main
process writes (:class:`Scored`, or a dead letter). The main process runs the same judging on a
chunk that cannot cross to a worker (:func:`judge_here`), so a session's lines are the same
wherever it was judged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from checkers.batch_gc import tune_for_batch
from checkers.metric import Metric
from checkers.registry import domain_metrics
from checkers.score import DeadLetter, SessionVerdict, judge_or_dead_letter, verdict_lines
from checkers.sessions import RecordedSession
from checkers.sources import ReadOptions


@dataclass(frozen=True)
class Scored:
    """One session judged in a worker, ready for the sinks: what crosses back to the main
    process (the session's events stay behind)."""

    results: tuple[tuple[str, bool, bool], ...]
    """Each metric's name, whether the session passed it, and whether some requirement could
    not be judged (:meth:`checkers.score.ScoreSummary.count_judged`)."""
    lines: tuple[str, ...]
    """The JSONL lines (:func:`checkers.score.verdict_lines`)."""
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
"""The arguments of :func:`judge_chunk` for one chunk, kept in the main process until its
outcomes are written (at most ``2 * workers + 1`` chunks), so that a chunk a worker could not
take, or lost when it died, is judged again."""

Judged = tuple[list[Outcome], int]
"""What :func:`judge_chunk` gives for one chunk: the outcome of each session, and the number of
eval sessions parsing left out."""

_metrics: list[Metric[Any]] = []
_load_failure: list[Exception] = []
"""In a worker, the error its initializer met loading the metrics, raised by each chunk."""


def load_metrics(domain: str, metric_names: Sequence[str]) -> None:
    metrics = domain_metrics(domain)
    _metrics[:] = [metrics[name] for name in metric_names]


def start_worker(domain: str, metric_names: Sequence[str]) -> None:
    """Each worker's initializer: the metrics loaded. An error loading them is kept and raised
    by every chunk the worker is given, so that the chunk is judged in the main process (which
    raises the error itself if it cannot load them either): an initializer that raises ends its
    worker, which would read as a worker that a session killed. The worker only judges: its
    garbage collector is tuned for that (:mod:`checkers.batch_gc`)."""
    try:
        load_metrics(domain, metric_names)
    except Exception as error:
        _load_failure[:] = [error]
    tune_for_batch()


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
        tuple(verdict_lines(outcome)),
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


def judge_chunk(
    chunk: list[Any], need_verdicts: bool, parse: Parse | None, options: ReadOptions
) -> Judged:
    """The chunk's sessions judged (each record parsed first when ``parse`` is given), and the
    number of eval sessions parsing left out. Raises the error the worker met loading the
    metrics, if it met one (:func:`start_worker`)."""
    if _load_failure:
        raise _load_failure[0]
    if parse is None:
        return [_judged(session, need_verdicts) for session in chunk], 0
    options = options.reading()
    judged = []
    for record in chunk:
        session = parse(record, options)
        if session is not None:
            judged.append(_judged(session, need_verdicts))
    return judged, options.skipped_eval


def judge_here(domain: str, metric_names: Sequence[str], task: Task) -> Judged:
    """:func:`judge_chunk` in this process, with the metrics loaded here: for a chunk that
    could not be pickled to a worker, or whose outcomes could not be pickled back. Judging is
    the same wherever it runs, so the lines are those the loop writes."""
    load_metrics(domain, metric_names)
    return judge_chunk(*task)
