"""Numbers read from configuration and records: finite, or refused; never an exception.

A threshold, a reward or a score may come from JSON, a command line or Python code, and any of
them can hold what a float cannot: ``10**5000`` (``float()`` raises OverflowError, ``str()``
ValueError past 4,300 digits), NaN (which compares false with everything, so a range check
passes it), infinities, a bool (an int to Python, never a number to a person), or a text.
:func:`finite_number` reads all of them without raising, and :func:`shown_value` quotes any of
them in an error message without raising, so the caller's message, not an exception, reaches the
person.
"""

from __future__ import annotations

import math

from checkers.text import cut, without_surrogates
from checkers.transcript import brief_json

__all__ = ["finite_number", "shown_value"]

_MAX_SHOWN_BITS = 200
"""Integers longer than this (about 60 digits) are shown by their size, not their digits."""


def finite_number(value: object) -> float | None:
    """``value`` as a float when it is a number (an int or a float, not a bool) that a float
    holds finitely; None for anything else: NaN, an infinity, an integer too large for a float
    (``10**5000``), a bool, a text (``"0.5"`` is not read as a number), None. Never raises."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except Exception:  # OverflowError; or a subclass whose __float__ raises anything
        return None
    return number if math.isfinite(number) else None


def shown_value(value: object, limit: int = 80) -> str:
    """``value`` as an error message quotes it: its ``repr`` (``'abc'``, ``nan``, ``2``) at
    most ``limit`` characters, a very long integer by its size (``<integer of about 5001
    digits>``), a container as short JSON-like text. Never raises, and holds no lone
    surrogate."""
    if (
        isinstance(value, int)
        and not isinstance(value, bool)
        and (value.bit_length() > _MAX_SHOWN_BITS)
    ):
        return brief_json(value, limit)
    if not isinstance(value, str | int | float | bool | None):
        return without_surrogates(brief_json(value, limit))
    try:
        text = repr(value if not isinstance(value, str) else value[: limit + 2])
    except Exception:  # a subclass with a hostile __repr__
        text = f"<{type(value).__name__}>"
    return without_surrogates(cut(text, limit))
