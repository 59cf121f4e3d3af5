"""Rewrites of a message's words that keep what it means, for the metamorphic tests over real
conversations (``tests/test_airline_spellings.py``, ``tests/test_orders_spellings.py``): a
checker must give a conversation rewritten so the verdict it gave the conversation as written.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence

Rewrite = Callable[[str], str]
DOLLARS = re.compile(r"\$(\d[\d,]*(?:\.\d\d)?)")
_INSIDE_WORD = re.compile(r"(?<=[A-Za-z])(?=[A-Za-z0-9])")


def respelled(pattern: re.Pattern[str], spellings: Sequence[str], start: int) -> Rewrite:
    """A rewrite writing each match of ``pattern`` (an id whose one group holds its digits) by
    ``spellings`` (``"hat{}"``: the digits go in the braces) in turn, from the ``start``-th."""
    ways = itertools.cycle([*spellings[start:], *spellings[:start]])
    return lambda text: pattern.sub(lambda m: next(ways).format(m.group(1)), text)


def zero_width(text: str) -> str:
    """A zero-width space inside every third word-joint (between letters and digits too)."""
    count = itertools.count()
    return _INSIDE_WORD.sub(lambda _: "\u200b" if next(count) % 3 == 0 else "", text)


def curly(text: str) -> str:
    """Straight quotes and apostrophes made typographic ones."""
    return re.sub(r'"([^"]*)"', "\u201c\\1\u201d", text).replace("'", "\u2019")


SAME_MEANING: dict[str, Rewrite] = {
    "usd": lambda text: DOLLARS.sub(r"USD \1", text),
    "usd-after": lambda text: DOLLARS.sub(r"\1 USD", text),
    "dollars": lambda text: DOLLARS.sub(r"\1 dollars", text),
    "no-break-spaces": lambda text: text.replace(" ", "\u00a0"),
    "double-spaces": lambda text: text.replace(" ", "  "),
    "zero-width-spaces": zero_width,
    "full-width-digits": lambda text: re.sub(r"\d", lambda m: chr(0xFF10 + int(m[0])), text),
    "curly-quotes": curly,
}
"""Rewrites any conversation keeps its meaning under, by name."""
