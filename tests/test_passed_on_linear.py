"""The reader of a status passed on (:mod:`checkers.passed_on`) reads however far back the words
deciding it stand, in time linear in the text.

Its look backs were bounded in characters to keep a text naming many things linear: a
relative clause opening more than 200 characters before the thing's clause was not seen (a
false FAIL), nor 160 characters of clauses saying nothing between a status and the thing it
is passed on to, nor "same for" more than 160 characters before the thing (false passes;
``tests/test_mutants_killed_1206.py`` holds those forms). The clauses saying nothing were one
regular expression, which backtracked exponentially inside the bound: "x100 is lost. x101
x102 ... x114 zzz, x200 too." took 12 seconds, each thing more about four times as long. Now
each clause is read once per text and its reading carried forward
(:func:`checkers.passed_on._says_nothing`), relative clauses are found once per text, and
"same for" is looked for a few words back.

- :func:`test_a_long_text_naming_many_things_is_read_in_linear_time`: four times the things,
  about four times the time (a quadratic reading takes sixteen; the exponential one never
  ends). It failed before on the clause naming many things then saying something.
- :func:`test_the_clause_reading_accepts_all_the_pattern_did`: wherever the old pattern read
  words as saying nothing, within its bound, the clause reading does too (no status it passed
  on is lost). It reads more in a few joins the pattern did not list ("x101 but also x105;"),
  and it reads a hyphen between spaces as a break, not a word of a name ("lost - one").
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.passed_on import _LEAD_IN, _MARKS, _says_nothing, _thing, status_passed_on
from checkers.status_words import clause_breaks
from tests.test_status_passed_on_classes_2 import THINGS

pytestmark = pytest.mark.checkers_meta


def _ids(count: int) -> list[str]:
    return [f"x{100 + i % 900:03d}" for i in range(count)]


LONG_TEXTS: dict[str, Callable[[int], str]] = {
    "a list": lambda n: "x100 is lost. " + ", ".join(_ids(n)) + " too.",
    "one clause": lambda n: "x100 is lost. " + " ".join(_ids(n)) + " too.",
    "one clause then words": lambda n: "x100 is lost. " + " ".join(_ids(n)) + " zzz, x200 too.",
    "each too": lambda n: "x100 is lost. " + " ".join(i + " too" for i in _ids(n)) + ".",
    "each same for": lambda n: "x100 is lost. " + " ".join("same for " + i for i in _ids(n)),
    "each and": lambda n: "x100 is lost and " + " and ".join(_ids(n)) + ".",
    "brackets": lambda n: "x100 is lost. " + " ".join("(" + i for i in _ids(n)) + " too.",
    "relative clauses": lambda n: (
        "x100 is lost" + "".join(f", which is lost, and {i} too" for i in _ids(n))
    ),
    "sentence adverbs": lambda n: "x100 is lost. " + "unfortunately, " * n + "x200 too.",
    "a long word": lambda n: "x100 is lost. same for the " + "very-" * n + "big thing x200.",
    "stops": lambda n: "x100 is lost. same for x200" + ";" * n + "?",
}
"""Texts naming many things, or long runs of what the reader looks back over, by size."""


def _read_every_thing(text: str) -> None:
    """What :func:`status_passed_on` gives each thing after the status, as orders asks: the
    status's end fixed, every thing after it."""
    since = text.index("lost") + len("lost")
    for thing in re.finditer(r"x\d{3}", text):
        if thing.start() > since:
            status_passed_on(THINGS, text, thing.start(), thing.end(), since)


def _seconds(shape: Callable[[int], str], sizes: tuple[int, ...]) -> list[float]:
    """The least of five readings of a text of each of ``sizes``, the sizes taking turns (so
    that a change of the machine's load falls on all alike), each reading a new text (the
    reader keeps what it found in a text it read)."""
    best = [float("inf")] * len(sizes)
    for run in range(5):
        for index, size in enumerate(sizes):
            text = f"run {run}. " + shape(size)
            started = time.perf_counter()
            _read_every_thing(text)
            best[index] = min(best[index], time.perf_counter() - started)
    return best


@pytest.mark.parametrize("shape", LONG_TEXTS)
def test_a_long_text_naming_many_things_is_read_in_linear_time(shape: str) -> None:
    """Four times the size takes about four times the time: at most eight (a quadratic
    reading takes sixteen), the smaller text's time floored so that noise in a quick read
    does not decide."""
    small, large = _seconds(LONG_TEXTS[shape], (500, 2_000))
    assert large / max(small, 0.005) < 8, (shape, small, large)


# --- the clause reading accepts all the old pattern did -----------------------------------------

_NAMED = (
    rf"(?:{_thing(THINGS.nouns)}(?:{THINGS.ids})|(?:(?:the|your|my|this|that)\s+)?"
    rf"(?:[a-z-]+\s+){{0,2}}?(?:{THINGS.nouns}|one))"
)
OLD_PATTERN = re.compile(
    rf"{_MARKS}(?:(?:and|plus|but)\s+)?(?:{_MARKS}(?:(?:and|also|plus|but)\s+)?"
    rf"(?:{_LEAD_IN}|{_NAMED})[\s*_]*(?:[,;:\u2013\u2014-]|\s(?:and|plus)\s)?\s*)*{_MARKS}"
)
"""The clauses saying nothing as one pattern, as they were read before (exponential in a
clause naming many things, so read only within its old bound of 160 characters)."""

QUIET = (
    "x101", "the thing x103", "the other one", "your thing", "unfortunately", "as for x104",
    "also x105", "and x106", "both things", "thing number x107", "i'm afraid", "again",
)  # fmt: skip
"""What a clause saying nothing names."""
SAYING = ("zzz", "is lost", "big red")
"""Words saying something: a clause holding them says something."""
JOINS = (" ", ", ", " and ", "; ", ", and ", "\n- ", ". ", " plus ", " but ", ": ", " \u2014 ")
JOINS += (" (", "\n* ")
AFTER_SAYING = (", ", "; ", ". ")
"""What may follow words saying something (not "and" or a space, which the old pattern read
across as the words of a name: "zzz and thing number x107" was one name to it)."""


@st.composite
def _texts(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 7))):
        saying = draw(st.booleans()) and draw(st.booleans())
        parts.append(draw(st.sampled_from(SAYING if saying else QUIET)))
        parts.append(draw(st.sampled_from(AFTER_SAYING if saying else JOINS)))
    return "".join(parts)[:150]


@settings(max_examples=400, deadline=None)
@given(_texts())
def test_the_clause_reading_accepts_all_the_pattern_did(text: str) -> None:
    """At every clause opening (or bracket) of ``text``: what the old pattern read as saying
    nothing from the start, the clause reading reads so too."""
    _, ends = clause_breaks(text)
    for first in sorted({0, *ends, *(i + 1 for i, c in enumerate(text) if c == "(")}):
        if OLD_PATTERN.fullmatch(text, 0, first):
            assert _says_nothing(THINGS, text, 0, first), (text, text[:first])
