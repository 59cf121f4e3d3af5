"""How the ``checkers calibrate`` report writes its figures: a rate as text and as JSON, and
the line saying how many listed examples it left out (the judge's, the injection pre-check's and
the consent classifier's parts share them)."""

from __future__ import annotations

from collections.abc import Sized
from fractions import Fraction
from typing import Any


def ratio_text(value: Fraction | None, parts: str = "") -> str:
    """``0.875  (7/8 flagged)``: the rate to three places, then what it counts (if given);
    ``undefined`` when nothing was there to count."""
    if value is None:
        return "undefined"
    return f"{float(value):.3f}" + (f"  ({parts})" if parts else "")


def ratio_json(value: Fraction | None) -> dict[str, Any] | None:
    """The rate as a float and as its exact fraction (a string); None when undefined."""
    return None if value is None else {"value": float(value), "exact": str(value)}


def left_out_line(show: int, *listed: Sized) -> list[str]:
    """The line saying how many examples of ``listed`` were not shown (each list shows its first
    ``show``), or no line when none were left out."""
    hidden = sum(max(0, len(examples) - show) for examples in listed)
    return [f"  ... {hidden} more (--show N to list more)"] if hidden else []
