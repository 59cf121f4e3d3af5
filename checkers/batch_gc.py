"""CPython's cyclic garbage collector, tuned while a long stream of sessions is judged.

Judging a session allocates many short-lived objects (its parsed JSON, its turns, the verdicts),
nearly all of them freed at once by reference counting. The collector counts them anyway: every
700 allocations it scans the young objects, and after enough of those it traverses every object
the process holds, the thousands of models ADK, google-genai and pydantic build on import
included (about 80 ms a time here). Judging 972 dining sessions from ADK's SQLite store spent
about 15% of its CPU in those full traversals, which never find garbage among the imports.

:func:`tuned_for_batch` moves what exists when judging starts (the imports, the metrics, the
scenarios: they live as long as the process) out of the collector's sight (``gc.freeze``), and
lets the young generation reach :data:`YOUNG_THRESHOLD` objects before it is scanned. Cycles are
still found, a little later: the memory held stays bounded (the benchmark's million-session run
holds it flat). Only ``checkers score``'s own processes use it (the command, its workers, its
Beam workers), never a process it is a guest in (``adk eval``).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

YOUNG_THRESHOLD = 20_000
"""Allocations (less deallocations) before the youngest generation is scanned (CPython: 700)."""


def tune_for_batch() -> None:
    """Freeze the objects that exist now and raise the youngest generation's threshold, for the
    rest of the process: a worker that only judges. (No collection first: it would cost as
    much as the ones saved, and a cycle frozen now is at worst kept until the process ends.)"""
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, older, oldest)


@dataclass
class _Tuned:
    """The collector as it was before the first of the blocks under way, and how many are."""

    blocks: int = 0
    thresholds: tuple[int, int, int] = (700, 10, 10)
    caller_froze: bool = False


_tuned = _Tuned()
_tuning = threading.Lock()


@contextmanager
def tuned_for_batch() -> Iterator[None]:
    """:func:`tune_for_batch` while the block runs; the collector as it was afterwards (the
    frozen objects back in its sight), so that a caller running more than judging (a test
    process) keeps its own collector. A caller that froze objects itself keeps them frozen:
    then nothing more is frozen here (unfreezing cannot tell its objects from these), only
    the threshold is raised. Blocks that overlap (two runs in two threads) share the tuning:
    the last to end gives the collector back."""
    with _tuning:
        if _tuned.blocks == 0:
            _tuned.thresholds = gc.get_threshold()
            _tuned.caller_froze = gc.get_freeze_count() > 0
            if _tuned.caller_froze:
                gc.set_threshold(YOUNG_THRESHOLD, *_tuned.thresholds[1:])
            else:
                tune_for_batch()
        _tuned.blocks += 1
    try:
        yield
    finally:
        with _tuning:
            _tuned.blocks -= 1
            if _tuned.blocks == 0:
                gc.set_threshold(*_tuned.thresholds)
                if not _tuned.caller_froze:
                    gc.unfreeze()
