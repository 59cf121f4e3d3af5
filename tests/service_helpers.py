"""What every customer-service domain's tests prove of its tool service, over its real data."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta.hostile import service_calls
from checkers.service import Action


def honest_calls(
    operations: Iterable[str], actions: Iterable[Action], extra: Mapping[str, Sequence[Any]]
) -> dict[str, list[dict[str, Any]]]:
    """Each operation's arguments in real calls: ``actions`` (e.g. a benchmark's tasks') and
    ``extra`` for operations those never call. Raises AssertionError naming an operation left
    with none, so that no operation escapes the properties built on these."""
    honest: dict[str, list[dict[str, Any]]] = {name: [] for name in operations}
    for action in actions:
        honest[action.name].append(dict(action.kwargs))
    for name, calls in extra.items():
        honest[name] += [dict(call) for call in calls]
    assert all(honest.values()), [name for name, calls in honest.items() if not calls]
    return honest


def refusals_are_reasoned(
    apply: Callable[[Any, str, Any], Any], db: Any, honest: Mapping[str, Sequence[Any]]
) -> Callable[..., None]:
    """A test: every operation, called with honest, mixed or hostile arguments
    (:func:`checkers.meta.hostile.service_calls`), never raises and never answers 500 (a bad
    argument is the caller's error, named), and a refused call leaves ``db`` as it was."""

    @pytest.mark.parametrize("operation", sorted(honest))
    @settings(max_examples=60)
    @given(data=st.data())
    def test(operation: str, data: st.DataObject) -> None:
        call = data.draw(service_calls({operation: honest[operation]}))
        step = apply(db, *call)
        assert step.error_code != 500, step.error
        assert step.ok or step.db_after is db

    return test
