"""Reading a JSONL file one line at a time, for the readers of :mod:`checkers.readers`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkers.errors import ConfigError
from checkers.json_input import loads_unique

_BLANK = " \t\n\r\x0b\x0c"
"""What a blank line may hold: the whitespace ``bytes.strip`` drops, as the jsonl: reader
(:mod:`checkers.readers.jsonl`) tells a blank line."""


@dataclass(frozen=True)
class BadLine:
    """A line that is not JSON: its reader makes it a dead letter, and reading goes on."""

    reason: str


def json_lines(path: Path) -> Iterator[tuple[int, Any]]:
    """``(line number, parsed value or BadLine)`` for each non-blank line of ``path``, numbered
    from 1, one line in memory at a time (bytes that are not UTF-8 are kept as lone surrogates,
    which every sink writes out replaced). Raises ConfigError when the file cannot be opened (the
    whole source is missing: a usage error, not a dead letter)."""
    try:
        handle = path.open(encoding="utf-8", errors="surrogateescape")
    except OSError as error:
        raise ConfigError(
            f"cannot read {str(path)[:200]!r}: {error.strerror}; give the path of a JSONL file"
        ) from error
    with handle:
        for number, line in enumerate(handle, start=1):
            # Blank as the jsonl: reader tells it (ASCII whitespace): a line of other
            # characters str.strip() drops (U+2028, U+001C) is no blank, it is a dead letter.
            if not line.strip(_BLANK):
                continue
            # A byte order mark (a file saved on Windows, or several such files concatenated)
            # is no part of the line's JSON, as the jsonl: reader reads it.
            line = line.removeprefix("\ufeff")
            try:
                yield number, loads_unique(line)
            except ValueError as error:
                # ValueError beyond JSONDecodeError: an integer of more digits than Python
                # converts (4,300) raises a plain ValueError; one such line is a dead letter,
                # never the end of the whole run.
                yield number, BadLine(f"{path.name}, line {number}: not JSON ({_why(error)})")


def _why(error: ValueError) -> str:
    """What is wrong with a line :func:`~checkers.json_input.loads_unique` refused, in a few
    words."""
    if isinstance(error, json.JSONDecodeError):
        return error.msg
    return str(error)[:200]
