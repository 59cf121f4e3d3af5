"""A customer-service domain's tools under ADK: each session sees its own copy of the database.

A domain's ADK tools are plain typed functions (ADK builds their declarations from the
signature and docstring) that hand the call to a :class:`SessionService`::

    TOOLS_SERVICE = SessionService(SERVICE, bundled_database, "airline_writes")

    def cancel_reservation(reservation_id: str, tool_context: HasState) -> dict[str, Any]:
        \"\"\"Cancel a reservation ...\"\"\"
        return TOOLS_SERVICE.run(tool_context, "cancel_reservation", reservation_id=reservation_id)

The session's database is the bundled one plus the writes that session made, kept in the
session state under the service's journal key, so concurrent eval cases never see each other's
changes. A call the service refuses answers ``{"error_code": 404, "error_message": ...}``, the
shape ADK's environment simulation gives an injected fault (``{"error_code": 503, ...}``), and
is not journalled; a value that is not an object is wrapped as ``{"result": value}`` (what ADK
does with any non-dict return value).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Generic, Protocol, TypeVar

from checkers.service import Action, Service

D = TypeVar("D")

__all__ = ["HasState", "SessionService", "error_payload"]


class HasState(Protocol):
    """What a tool needs from ADK's ``ToolContext``: the session state."""

    @property
    def state(self) -> Any: ...


def error_payload(code: int, message: str) -> dict[str, Any]:
    """A refusal as a web service answers it (and as ADK's fault injection does)."""
    return {"error_code": code, "error_message": message}


class SessionService(Generic[D]):
    """Runs a :class:`~checkers.service.Service`'s operations on a session's database."""

    def __init__(self, service: Service[D], bundled: Callable[[], D], journal_key: str) -> None:
        """``bundled`` returns the database every session starts from; ``journal_key`` is the
        session-state key holding the session's successful writes (``{"name", "kwargs"}``)."""
        self.service = service
        self.bundled = bundled
        self.journal_key = journal_key
        # Each distinct journal is replayed once; sessions replay the same prefixes often.
        self._replayed = lru_cache(maxsize=256)(self._replay)

    def _replay(self, journal: str) -> D:
        actions = [Action.model_validate(a) for a in json.loads(journal)]
        return self.service.final_database(self.bundled(), actions)

    def journal(self, state: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The writes a session made, oldest first, from its state."""
        return list(state.get(self.journal_key) or [])

    def database(self, tool_context: HasState) -> D:
        """The database as this session sees it: the bundled one plus the session's writes."""
        return self._replayed(json.dumps(self.journal(tool_context.state), sort_keys=True))

    def run(self, tool_context: HasState, name: str, **kwargs: Any) -> dict[str, Any]:
        """Run operation ``name`` on the session's database; journal it when it is a write that
        took effect. Never raises: a refusal is an :func:`error_payload`."""
        step = self.service.apply(self.database(tool_context), name, kwargs)
        if not step.ok:
            return error_payload(step.error_code or 500, step.error or "unknown error")
        if name in self.service.writes:
            journal = self.journal(tool_context.state)
            tool_context.state[self.journal_key] = [*journal, {"name": name, "kwargs": kwargs}]
        value = step.value
        return value if isinstance(value, dict) else {"result": value}
