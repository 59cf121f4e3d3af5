"""A customer-service domain's tools, built from a table, as attributes of its tools module."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["by_name"]


def by_name(tools: Iterable[Callable[..., Any]], module: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` giving each of ``tools`` by its ``__name__``, so a tool built
    from a table reads as ``tools.cancel_reservation``; any other name raises AttributeError as
    Python does. A domain's tools module ends with ``__getattr__ = by_name(TOOLS, __name__)``."""
    found = {tool.__name__: tool for tool in tools}

    def attribute(name: str) -> Any:
        if name in found:
            return found[name]
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return attribute
