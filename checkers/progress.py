"""Progress on a terminal, silence in CI: one line on stderr that rewrites itself.

Long commands (``checkers check --batch``, ``checkers meta``) say how far they are with
:class:`Progress`::

    with Progress("judging", total=360) as progress:
        for number, line in enumerate(lines, start=1):
            ...
            progress.update(number, note=line_id)

It writes only when its stream (stderr by default) is a terminal and the ``CI`` environment
variable is unset or false (GitHub Actions, GitLab CI and most other services set it), so logs,
pipes and CI runs get no progress noise. Results never go through it: they go to stdout.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Mapping
from types import TracebackType
from typing import TextIO

__all__ = ["Progress", "progress_enabled"]

_FALSE = ("", "0", "false", "no")


def progress_enabled(stream: TextIO | None = None, env: Mapping[str, str] | None = None) -> bool:
    """Whether progress should be shown on ``stream`` (default stderr): it is a terminal and
    ``CI`` is not set to a true value in ``env`` (default the process environment)."""
    stream = sys.stderr if stream is None else stream
    env = os.environ if env is None else env
    if env.get("CI", "").strip().lower() not in _FALSE:
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty is not None and isatty())
    except ValueError:  # a closed stream
        return False


class Progress:
    """A progress line ``label done/total note`` on a terminal; does nothing elsewhere.

    Redraws at most every ``interval`` seconds (the last step is always drawn). Call
    :meth:`clear` before printing anything else to the terminal, and :meth:`close` (or leave the
    ``with`` block) when done: both erase the line.
    """

    def __init__(
        self,
        label: str,
        total: int | None = None,
        *,
        stream: TextIO | None = None,
        enabled: bool | None = None,
        interval: float = 0.1,
    ) -> None:
        self.label = label
        self.total = total
        self.stream = sys.stderr if stream is None else stream
        self.enabled = progress_enabled(self.stream) if enabled is None else enabled
        self.interval = interval
        self._last_draw = -float("inf")
        self._shown = 0

    def text(self, done: int, note: str = "") -> str:
        """The line for ``done`` steps: ``judging 12/360 line-12``."""
        count = f"{done}/{self.total}" if self.total is not None else str(done)
        return " ".join(part for part in (self.label, count, note) if part)

    def update(self, done: int, note: str = "") -> None:
        """Show that ``done`` steps are finished (``note``: what the last one was)."""
        if not self.enabled:
            return
        now = time.monotonic()
        last = self.total is not None and done >= self.total
        if now - self._last_draw < self.interval and not last:
            return
        self._last_draw = now
        width = max(20, shutil.get_terminal_size((80, 24)).columns - 1)
        line = self.text(done, note)[:width]
        self.stream.write("\r" + line.ljust(self._shown))
        self.stream.flush()
        self._shown = len(line)

    def clear(self) -> None:
        """Erase the line (the next :meth:`update` draws it again)."""
        if self.enabled and self._shown:
            self.stream.write("\r" + " " * self._shown + "\r")
            self.stream.flush()
            self._shown = 0
            self._last_draw = -float("inf")

    def close(self) -> None:
        """Erase the line for good."""
        self.clear()

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
