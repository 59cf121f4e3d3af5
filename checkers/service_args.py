"""Reading a service call's arguments as a real service would: each reader returns the value as
given when it has the wanted shape, else refuses with a 400 that names the argument, quotes what
it got and shows an example (:class:`checkers.service.ServiceError`). Text is
:func:`checkers.service.text_argument`'s."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from checkers.service import ServiceError, shown, text_argument

__all__ = ["MAX_NUMBER", "choice_argument", "date_argument", "number_argument", "objects_argument"]

MAX_NUMBER = 10**9
"""The largest amount or count a call may give (no price or balance comes near it)."""


def choice_argument(name: str, value: Any, allowed: Sequence[str]) -> str:
    """``value`` when it is one of ``allowed``."""
    if value not in allowed:
        raise ServiceError(400, f"{name} must be one of {', '.join(allowed)}, got {shown(value)}")
    return str(value)


def number_argument(name: str, value: Any, whole: bool = False) -> int | float:
    """``value`` when it is a number from 0 to :data:`MAX_NUMBER` (a whole one if ``whole``), as
    given: ``100`` stays an int, ``44.5`` a float (a bool is no number)."""
    if type(value) not in ((int,) if whole else (int, float)) or not 0 <= value <= MAX_NUMBER:
        wanted = "a whole number" if whole else "an amount"
        raise ServiceError(
            400, f"{name} must be {wanted} from 0 to {MAX_NUMBER}, got {shown(value)}"
        )
    return value  # type: ignore[no-any-return]  # checked just above


def objects_argument(
    name: str, value: Any, keys: Sequence[str], optional: Sequence[str] = ()
) -> list[Any]:
    """``value`` when it is a non-empty list of objects, each with all of ``keys`` and no other
    keys than ``optional``."""
    example = "{" + ", ".join(f'"{key}": ...' for key in keys) + "}"
    if not isinstance(value, list) or not value:
        raise ServiceError(400, f"{name} must be a non-empty list of {example}, got {shown(value)}")
    for item in value:
        if not isinstance(item, dict) or not set(keys) <= set(item) <= {*keys, *optional}:
            raise ServiceError(400, f"each of {name} must be {example}, got {shown(item)}")
    return value


def date_argument(name: str, value: Any) -> str:
    """``value`` when it is a date written ``YYYY-MM-DD``."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text_argument(name, value)):
        raise ServiceError(400, f'{name} must be a date such as "2024-05-20", got {shown(value)}')
    return str(value)
