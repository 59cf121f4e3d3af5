"""Reading JSON that comes from outside: a batch line, a session line, a results file.

:func:`loads_unique` reads JSON as :func:`json.loads` does, with two differences a fail-closed
reader needs:

- an object holding one key twice is refused (:class:`DuplicateKeyError`). Python's reader
  keeps the last value silently, so a line holding two answers (``"answer": "...", "answer":
  "..."``), two event lists or two scenarios would be judged on whichever came last: the
  evaluator would pick one of several answers, and pass a session whose other answer fails;
- JSON nested deeper than the interpreter recurses is a :class:`NestedTooDeepError`, a
  ValueError like every other reason the text is no JSON value (a 5,000-digit number is one
  too), so a caller catching ValueError catches them all, and no RecursionError ends a run.
"""

from __future__ import annotations

import json
from typing import Any

from checkers.numbers import shown_value

__all__ = ["DuplicateKeyError", "NestedTooDeepError", "loads_unique"]


class DuplicateKeyError(ValueError):
    """An object of the JSON holds one key twice; the message names the key and the fix."""


class NestedTooDeepError(ValueError):
    """The JSON nests deeper than the interpreter can read."""


def loads_unique(text: str | bytes) -> Any:
    """``text`` parsed as JSON (bytes in UTF-8, UTF-16 or UTF-32, as :func:`json.loads` reads
    them). Raises ValueError for anything that is not one JSON value: JSONDecodeError, a
    number too long to convert, :class:`DuplicateKeyError`, :class:`NestedTooDeepError`; a
    UnicodeDecodeError for bytes that are not text."""
    try:
        return json.loads(text, object_pairs_hook=_unique_object)
    except RecursionError as error:
        raise NestedTooDeepError("nested too deep") from error


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # dict() first: a key seldom repeats, and comparing two lengths is the cheap check.
    found = dict(pairs)
    if len(found) == len(pairs):
        return found
    key = shown_value(_first_repeated(pairs))
    raise DuplicateKeyError(
        f"the key {key} appears twice in one object, and a JSON reader keeps only the last "
        "value silently; keep exactly one"
    )


def _first_repeated(pairs: list[tuple[str, Any]]) -> str:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return key
        seen.add(key)
    return ""  # not reached: the caller saw a repeat
