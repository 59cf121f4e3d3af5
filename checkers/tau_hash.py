"""tau-bench's database hash (``Env.get_data_hash``), by which it scores a task, on immutable
pydantic records that cache their share of it.

A database is a :class:`TauRecord` whose fields are tables (dicts of records by id); every
record of a table is a :class:`TauRecord` too. :func:`tau_hash` is sha256 of ``str`` of the
database's JSON as nested tuples sorted by key, built from each record's cached
:attr:`TauRecord.tau_text`: a write shares every record it leaves alone, so hashing a database
after it is cheap. ``100`` and ``100.0`` hash differently, as in tau-bench.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from hashlib import sha256
from typing import Any

from pydantic import BaseModel, ConfigDict
from typing_extensions import Self

__all__ = ["TauRecord", "tau_hash"]


class TauRecord(BaseModel):
    """A frozen record of a tau-bench database, written back out as the data file holds it."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    def as_json(self, exclude: set[str] | None = None) -> dict[str, Any]:
        """The record as the service returns it and the data file holds it (unset fields out,
        and the fields in ``exclude``)."""
        return self.model_dump(mode="json", exclude_none=True, exclude=exclude)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` applied; the cached :attr:`tau_text` is not carried over."""
        copy = super().model_copy(update=update, deep=deep)
        copy.__dict__.pop("tau_text", None)  # pydantic copies the instance dict, cache and all
        return copy

    @cached_property
    def tau_text(self) -> str:
        """The record as tau-bench's hash writes it (see :func:`tau_hash`), computed once: a
        write shares every record it leaves alone, so hashing a database after it is cheap."""
        return str(_hashable(self.as_json()))


def _hashable(item: Any) -> Any:
    """tau-bench's ``to_hashable``: objects as tuples of (key, value) sorted by key."""
    if isinstance(item, dict):
        return tuple((key, _hashable(value)) for key, value in sorted(item.items()))
    if isinstance(item, list | tuple):
        return tuple(_hashable(element) for element in item)
    return item


def _tuple_text(parts: list[str]) -> str:
    """``str`` of a tuple whose elements' ``repr`` are ``parts``."""
    return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"


def _table_text(name: str, table: Mapping[str, TauRecord]) -> str:
    rows = [f"({key!r}, {record.tau_text})" for key, record in sorted(table.items())]
    return _tuple_text([repr(name), _tuple_text(rows)])


def tau_hash(db: TauRecord) -> str:
    """tau-bench's ``Env.get_data_hash`` of ``db``: sha256 of ``str`` of the database's JSON as
    nested tuples sorted by key (``str(to_hashable(data))``), built from each record's cached
    :attr:`~TauRecord.tau_text`. tau-bench scores a task by it; ``100`` and ``100.0`` differ."""
    text = _tuple_text(
        [_table_text(name, getattr(db, name)) for name in sorted(type(db).model_fields)]
    )
    return sha256(text.encode("utf-8")).hexdigest()
