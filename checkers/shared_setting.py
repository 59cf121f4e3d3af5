"""A process-wide setting held while a block runs, shared by blocks that overlap in threads.

Some settings belong to the whole process (the garbage collector's, ``tempfile``'s folder): two
runs in two threads that each saved the setting, changed it and put back what they saw would
leave it changed when their blocks overlap. A :class:`SharedSetting` is applied by the first
block to enter and put back, as it was before that one, by the last to leave.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Restore = Callable[[], None]
"""Puts back what a setting replaced."""


class SharedSetting:
    """``apply`` (which changes the setting and returns how to put it back) held while any block
    of :meth:`held` runs."""

    def __init__(self, apply: Callable[[], Restore]) -> None:
        self._apply = apply
        self._lock = threading.Lock()
        self._blocks = 0
        self._restore: Restore | None = None

    @contextmanager
    def held(self) -> Iterator[None]:
        """The setting applied while the block runs (applied by the first block under way, put
        back by the last)."""
        with self._lock:
            if self._blocks == 0:
                self._restore = self._apply()
            self._blocks += 1
        try:
            yield
        finally:
            with self._lock:
                self._blocks -= 1
                if self._blocks == 0 and self._restore is not None:
                    restore, self._restore = self._restore, None
                    restore()
