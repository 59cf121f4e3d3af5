"""The garbage collector tuned for judging (:mod:`checkers.batch_gc`) still collects cycles, and
gives the collector back as it was."""

from __future__ import annotations

import gc
import weakref

from checkers.batch_gc import YOUNG_THRESHOLD, tuned_for_batch


class _Node:
    """An object in a reference cycle: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_cycles_made_while_tuned_are_still_collected() -> None:
    alive: weakref.WeakSet[_Node] = weakref.WeakSet()
    with tuned_for_batch():
        most = 0
        for _ in range(20 * YOUNG_THRESHOLD):
            alive.add(_Node())
            most = max(most, len(alive))
        # Each young collection frees the cycles made since the last: never more than about
        # one generation's worth of them alive at once, however many were made.
        assert most < 2 * YOUNG_THRESHOLD
        assert len(alive) < 2 * YOUNG_THRESHOLD


def test_the_collector_is_given_back_as_it_was() -> None:
    before = gc.get_threshold()
    frozen_before = gc.get_freeze_count()
    with tuned_for_batch():
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD
        assert gc.get_freeze_count() > frozen_before
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_the_collector_is_given_back_when_judging_raises() -> None:
    before = gc.get_threshold()
    try:
        with tuned_for_batch():
            raise RuntimeError("a reader failed")
    except RuntimeError:
        pass
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_what_a_caller_froze_stays_frozen() -> None:
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with tuned_for_batch():
            assert gc.get_threshold()[0] == YOUNG_THRESHOLD
            # Nothing more frozen (a frozen object may still be freed by its reference count).
            assert gc.get_freeze_count() <= frozen
        assert 0 < gc.get_freeze_count() <= frozen
    finally:
        gc.unfreeze()
