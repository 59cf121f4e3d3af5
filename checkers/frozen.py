"""Frozen pydantic models that cache values derived from their fields.

A frozen model never changes, so a value computed from its fields (a JSON dump, a phrase, a
count) can be computed once with :func:`functools.cached_property`, which keeps it in the
instance's ``__dict__``; pydantic leaves such values out of dumps, equality and hashes. The one
way to get a changed model from a frozen one is ``model_copy(update=...)``, which copies that
``__dict__`` too: :class:`CachingModel` drops the cached values from the copy, so they are
computed again from its own fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, cached_property
from typing import Any

from pydantic import BaseModel
from typing_extensions import Self


@cache
def cached_names(cls: type) -> frozenset[str]:
    """Names of the ``cached_property`` attributes of ``cls`` and its bases."""
    return frozenset(
        name
        for klass in cls.__mro__
        for name, value in vars(klass).items()
        if isinstance(value, cached_property)
    )


class CachingModel(BaseModel):
    """A pydantic model whose ``cached_property`` values never outlive a ``model_copy``."""

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy as pydantic makes it, without cached values (``update`` may change what they
        are computed from)."""
        copied = super().model_copy(update=update, deep=deep)
        for name in cached_names(type(self)):
            copied.__dict__.pop(name, None)
        return copied
