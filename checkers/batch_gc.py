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
from contextlib import AbstractContextManager

from checkers.shared_setting import Restore, SharedSetting

YOUNG_THRESHOLD = 20_000
"""Allocations (less deallocations) before the youngest generation is scanned (CPython: 700)."""


def tune_for_batch(freeze: bool = True) -> None:
    """Freeze the objects that exist now (unless ``freeze`` is False) and raise the youngest
    generation's threshold, for the rest of the process: a worker that only judges. (No
    collection first: it would cost as much as the ones saved, and a cycle frozen now is at
    worst kept until the process ends.)"""
    if freeze:
        gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, older, oldest)


def _tune_until_restored() -> Restore:
    """:func:`tune_for_batch`, and how to give the collector back as it was. A caller that froze
    objects itself keeps them frozen: then nothing more is frozen (unfreezing cannot tell its
    objects from these), only the threshold is raised."""
    thresholds = gc.get_threshold()
    caller_froze = gc.get_freeze_count() > 0
    tune_for_batch(freeze=not caller_froze)

    def restore() -> None:
        gc.set_threshold(*thresholds)
        if not caller_froze:
            gc.unfreeze()

    return restore


_TUNING = SharedSetting(_tune_until_restored)


def tuned_for_batch() -> AbstractContextManager[None]:
    """:func:`tune_for_batch` while the block runs; the collector as it was afterwards (the
    frozen objects back in its sight), so that a caller running more than judging (a test
    process) keeps its own collector; what a caller froze itself stays frozen. Blocks that
    overlap (two runs in two threads) share the tuning: the last to end gives the collector
    back."""
    return _TUNING.held()
