"""Rewriting an agent's final message around the JSON plan it may hold, for the metamorphic
tests of dining and scheduling (``tests/test_dining_spellings.py``,
``tests/test_scheduling_spellings.py``).

A plan answer is prose with, often, a JSON object in it (``{"restaurant": "r19", "time":
"19:00"}``). The words a person reads are the prose and the strings of that object (its keys
and values); its punctuation, spacing between tokens, numbers and literals (``true``,
``null``) are JSON's syntax, which a rewrite of the words must leave alone: a no-break space
between two tokens, a curly quote for a string's delimiter or a zero-width space inside
``true`` make no JSON at all, which says nothing about whether a checker reads words robustly.

:func:`in_prose` rewrites the prose only (the text outside every JSON object or array);
:func:`in_message` rewrites the prose and the content of every string of the JSON too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

Rewrite = Callable[[str], str]
_DECODER = json.JSONDecoder()
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_CLOCK_OR_RANGE = re.compile(
    r"(?<![\d:])(\d{1,2}):([0-5]\d)(\s*[AaPp]\.?[Mm]\b\.?)?"
    r"(?:(\s*(?:-|\u2013|to)\s*)(\d{1,2}):([0-5]\d)(\s*[AaPp]\.?[Mm]\b\.?)?)?(?![\d:])"
)


def json_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each JSON object or array standing in ``text``, left to right (read by
    the standard library's decoder, not by the checkers' own reader)."""
    found, at = [], 0
    while at < len(text):
        if text[at] in "{[":
            try:
                _, end = _DECODER.raw_decode(text, at)
            except ValueError:
                pass
            else:
                found.append((at, end))
                at = end
                continue
        at += 1
    return found


def _around_json(rewrite: Rewrite, strings: bool) -> Callable[[str | None], str | None]:
    def rewritten(text: str | None) -> str | None:
        if text is None:
            return None
        parts, last = [], 0
        for start, end in json_spans(text):
            parts.append(rewrite(text[last:start]))
            value = text[start:end]
            if strings:
                value = _STRING.sub(lambda m: '"' + rewrite(m[1]) + '"', value)
            parts.append(value)
            last = end
        parts.append(rewrite(text[last:]))
        return "".join(parts)

    return rewritten


def in_prose(rewrite: Rewrite) -> Callable[[str | None], str | None]:
    """``rewrite`` applied to the text outside every JSON value (see the module docstring)."""
    return _around_json(rewrite, strings=False)


def in_message(rewrite: Rewrite) -> Callable[[str | None], str | None]:
    """``rewrite`` applied to the prose and to the content of every JSON string."""
    return _around_json(rewrite, strings=True)


def _twelve(hours: str, minutes: str) -> str:
    hour = int(hours)
    return f"{hour % 12 or 12}:{minutes} {'PM' if hour >= 12 else 'AM'}"


def _clock_or_range(match: re.Match[str]) -> str:
    hours, minutes, meridiem, joint, end_hours, end_minutes, end_meridiem = match.groups()
    if meridiem or end_meridiem or int(hours) > 23 or int(end_hours or 0) > 23:
        return match[0]  # already 12-hour (or one side is: ambiguous as written), or 24:00
    if joint is None:
        return _twelve(hours, minutes)
    return f"{_twelve(hours, minutes)}{joint}{_twelve(end_hours, end_minutes)}"


def twelve_hour(text: str) -> str:
    """Every 24-hour clock time (``14:30``, ``9:00``) written as 12-hour (``2:30 PM``,
    ``9:00 AM``); a range with am/pm on one side only (``2:30 - 3:30pm``, which does not say
    what its other side means) and ``24:00`` stay as they are."""
    return _CLOCK_OR_RANGE.sub(_clock_or_range, text)
