"""Remembering what a loader gave, failures included.

``functools.cache`` remembers only what a function returned: a scenario that does not load (an
unknown id, a file that is not a scenario) was looked up and read again for every turn of every
case that names it. :func:`remembered` keeps the error too, so the second call raises it again
without redoing the work, except an error the caller says may pass (``keep`` false for it: a
file that could not be read for want of permission or a disk fault is read again next time).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import Generic, TypeVar

__all__ = ["Remembered", "remembered"]

V = TypeVar("V")


@dataclass(frozen=True)
class _Outcome(Generic[V]):
    value: V | None
    error: Exception | None


class Remembered(Generic[V]):
    """A function with what it returned or raised remembered per argument tuple (see
    :func:`remembered`); ``cache_clear()`` forgets everything."""

    def __init__(
        self, function: Callable[..., V], maxsize: int | None, keep: Callable[[Exception], bool]
    ) -> None:
        @lru_cache(maxsize=maxsize)
        def outcome(*args: Hashable) -> _Outcome[V]:
            try:
                return _Outcome(function(*args), None)
            except Exception as error:
                if not keep(error):
                    raise
                return _Outcome(None, error)

        self._outcome = outcome
        wraps(function)(self)

    def __call__(self, *args: Hashable) -> V:
        found = self._outcome(*args)
        if found.error is not None:
            # The same error again, with a fresh traceback (raising it as it is would add this
            # call's frames to the traceback it kept, growing it on every call).
            raise found.error.with_traceback(None)
        return found.value  # type: ignore[return-value]  # no error: the function's value

    def cache_clear(self) -> None:
        """Forget every value and error remembered."""
        self._outcome.cache_clear()


def remembered(
    function: Callable[..., V],
    *,
    maxsize: int | None = None,
    keep: Callable[[Exception], bool] = lambda error: True,
) -> Remembered[V]:
    """``function`` (of hashable positional arguments) with what it returns and the errors it
    raises remembered per argument tuple, the ``maxsize`` most recent (None: all): a second call
    returns the same value or raises the same error without calling ``function``.

    An error for which ``keep(error)`` is false is raised but not remembered: the next call tries
    again (a transient failure). Exceptions that are not ``Exception`` (KeyboardInterrupt) are
    never remembered."""
    return Remembered(function, maxsize, keep)
