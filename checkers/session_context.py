"""Work the metrics judging one recorded session share: done once per session, not per metric.

``checkers score`` judges each session with every metric of a domain, and those metrics read the
same things from it: the dining metrics each read the agent's final answer, the orders and
airline metrics each replay the conversation on the bundled database (and the session's
customer is found by one more replay). :func:`judging_session` opens the context of one session
(:func:`checkers.score.judge_session` holds it while its metrics judge); inside it, a function
marked :func:`once_per_session` computes its result once per argument objects and hands the same
result to every later call with the same objects. Outside a session (``adk eval``, ``checkers
check``) it is called as it always was.

The memo is keyed on the identity of the arguments (the session's transcript, the scenario
loaded, the final text it holds), not their value: only the objects of this one session can
match, nothing is hashed, and everything is dropped when the session's context closes, so memory
does not grow with the traffic. The objects are held until then, so no identity is reused
within a session. A marked function must be pure and must not change its arguments or its
result's callers (every metric gets the same result object): the readers it marks return frozen
values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, ParamSpec, TypeVar

__all__ = ["judging_session", "once_per_session"]

P = ParamSpec("P")
R = TypeVar("R")

_Memo = dict[tuple[int, ...], tuple[tuple[Any, ...], Any]]
_SESSION: ContextVar[_Memo | None] = ContextVar("checkers_session_memo", default=None)


@contextmanager
def judging_session() -> Iterator[None]:
    """The context of judging one session: results of :func:`once_per_session` functions are
    shared inside it and dropped when it closes (also on an exception)."""
    token = _SESSION.set({})
    try:
        yield
    finally:
        _SESSION.reset(token)


def once_per_session(function: Callable[P, R]) -> Callable[P, R]:
    """``function``, computed once per session and argument objects (see the module docstring).

    Positional arguments only are memoised; a call with keyword arguments, or outside a
    session, calls ``function`` as is. An exception is not remembered: the next call raises it
    afresh, as before."""
    marker = id(function)

    @wraps(function)
    def shared(*args: P.args, **kwargs: P.kwargs) -> R:
        memo = _SESSION.get()
        if memo is None or kwargs:
            return function(*args, **kwargs)
        key = (marker, *map(id, args))
        found = memo.get(key)
        if found is None:
            result = function(*args, **kwargs)
            # The arguments are kept beside the result so that no id in a key is reused by a
            # new object while the session lasts.
            memo[key] = (args, result)
            return result
        value: R = found[1]
        return value

    return shared
