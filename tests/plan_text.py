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
:class:`SameVerdicts` is the test: every answer, every rewrite, the same verdicts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.rewrites import SAME_MEANING

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


# --- the metamorphic test itself, for any domain whose answers are plan text -----------------

Text = Callable[[str | None], str | None]
Verdicts = list[tuple[str, ...]]
NO_AMOUNTS = ("usd", "usd-after", "dollars")
"""Rewrites of amounts (``$``): no plan answer writes one."""


def same_words(**more: Rewrite) -> dict[str, Rewrite]:
    """The rewrites of words that keep their meaning (:data:`tests.rewrites.SAME_MEANING` but
    amounts, other capitals, carriage returns), and ``more`` of a domain's own."""
    return {
        **{name: rw for name, rw in SAME_MEANING.items() if name not in NO_AMOUNTS},
        "lower-case": str.lower,
        "all-capitals": str.upper,
        "carriage-returns": lambda text: text.replace("\n", "\r\n"),
        **more,
    }


def rewrites(
    words: dict[str, Rewrite], prose_only: Iterable[str], **prose: Rewrite
) -> dict[str, Text]:
    """Each rewrite by where it reaches: ``prose/<name>`` for every one of ``words`` and of
    ``prose``, ``message/<name>`` for those of ``words`` not in ``prose_only`` (rewrites no
    JSON string of the answers gives a hold to, which in the whole message would be the
    prose's rewrite again)."""
    skipped = set(prose_only)
    return {
        **{f"prose/{name}": in_prose(rewrite) for name, rewrite in {**words, **prose}.items()},
        **{f"message/{n}": in_message(rw) for n, rw in words.items() if n not in skipped},
    }


Case = dict[str, Any]


@dataclass
class SameVerdicts:
    """Every answer (``answers``: name -> (scenario reference, case)) rewritten every way
    (``rewrites``) must keep its ``verdicts``; ``moved`` names the (rewrite, answer) pairs
    known to move, with why: the findings, marked ``xfail(strict=True)``."""

    answers: dict[str, tuple[str, Case]]
    rewrites: dict[str, Text]
    verdicts: Callable[[str, Case], Verdicts]
    rewritten: Callable[[Case, Text], Case]
    moved: dict[tuple[str, str], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._written: dict[str, Verdicts] = {}

    def as_written(self, name: str) -> Verdicts:
        if name not in self._written:
            self._written[name] = self.verdicts(*self.answers[name])
        return self._written[name]

    def changed(self, rewrite: str, name: str) -> bool:
        """Whether ``rewrite`` changes the answer's text (a whole-message rewrite: beyond what
        the same rewrite of its prose changes, so that no pair is tried twice)."""
        case = self.answers[name][1]
        changed = self.rewritten(case, self.rewrites[rewrite])
        prose = self.rewrites.get("prose/" + rewrite.removeprefix("message/"))
        if not rewrite.startswith("message/") or prose is None:
            return changed != case
        return changed != case and changed != self.rewritten(case, prose)

    def pairs(self) -> list[Any]:
        """The (rewrite, answer) pairs that change an answer, as pytest parameters."""
        return [
            pytest.param(
                rewrite,
                name,
                id=f"{rewrite}-{name}",
                marks=[pytest.mark.xfail(strict=True, reason=self.moved[rewrite, name])]
                if (rewrite, name) in self.moved
                else [],
            )
            for rewrite in self.rewrites
            for name in self.answers
            if self.changed(rewrite, name)
        ]

    def hold(self, rewrite: str, name: str) -> None:
        """Assert that the answer ``name`` rewritten by ``rewrite`` keeps every verdict."""
        ref, case = self.answers[name]
        after = self.verdicts(ref, self.rewritten(case, self.rewrites[rewrite]))
        before = self.as_written(name)
        assert [(b, a) for b, a in zip(before, after, strict=False) if b != a] == []
        assert len(after) == len(before)

    def idle(self) -> list[str]:
        """The rewrites that change no answer (each should reach one)."""
        return [r for r in self.rewrites if not any(self.changed(r, n) for n in self.answers)]

    def moved_untried(self) -> set[tuple[str, str]]:
        """The pairs listed as moved that are no pair tried (stale listings)."""
        tried = {(r, n) for r in self.rewrites for n in self.answers if self.changed(r, n)}
        return set(self.moved) - tried
