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
from typing import Any, TypeVar, cast, overload

from pydantic import BaseModel
from typing_extensions import Self

T = TypeVar("T")


_MISSING = object()


class cached_value(cached_property[T]):
    """:func:`functools.cached_property` without the lock Python 3.11 takes on every first
    read (3.12 dropped it): results are built by the dozen per answer, and each of their
    cached values is read first once. Pydantic takes it as a ``cached_property`` (a computed
    field may use it), and so does :class:`CachingModel`."""

    _key: str

    def __set_name__(self, owner: type[Any], name: str) -> None:
        super().__set_name__(owner, name)
        self._key = name

    @overload
    def __get__(self, instance: None, owner: type[Any] | None = None) -> Self: ...

    @overload
    def __get__(self, instance: object, owner: type[Any] | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type[Any] | None = None) -> T | Self:
        if instance is None:
            return self
        values = instance.__dict__
        value = values.get(self._key, _MISSING)
        if value is _MISSING:
            value = values[self._key] = self.func(instance)
        return cast(T, value)


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


_ModelT = TypeVar("_ModelT", bound=BaseModel)

# The slots every pydantic model instance holds, set through their descriptors: no attribute
# lookup through the class (``object.__setattr__`` looks each one up again on every call).
_SET_DICT = BaseModel.__dict__["__dict__"].__set__
_SET_FIELDS_SET = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_SET_EXTRA = BaseModel.__dict__["__pydantic_extra__"].__set__
_SET_PRIVATE = BaseModel.__dict__["__pydantic_private__"].__set__
_new = object.__new__


def unvalidated(cls: type[_ModelT], values: dict[str, Any], given: set[str]) -> _ModelT:
    """An instance of ``cls`` holding ``values`` (every field, in field order) with ``given``
    as its set fields, as ``model_construct`` builds one but for a fraction of its cost: for
    models built by the dozen per answer from values already of their fields' exact types (the
    caller checks that; a value of another type must go through validation). ``cls`` must not
    define ``__new__``, which this does not call (pydantic's models do not).
    tests/test_fast_paths.py holds that of each model built here, and what it builds (results,
    tool calls and responses, transcripts) equal to the validated model, attribute by attribute,
    on generated values."""
    model = _new(cls)
    _SET_DICT(model, values)
    _SET_FIELDS_SET(model, given)
    _SET_EXTRA(model, None)
    _SET_PRIVATE(model, None)
    return model
