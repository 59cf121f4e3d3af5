"""ADK tools declared once: a customer-service tool is its service operation, run on the session's
database.

A tool is declared by its signature and docstring alone, what the agent's model sees; the
decorator runs the service operation of the same name with the tool's arguments on the
session's database (:meth:`checkers.service_tools.SessionService.run`)::

    @session_tool(SESSION)
    def cancel_reservation(reservation_id: str, tool_context: HasState) -> Any:
        \"\"\"Cancel a whole reservation, refunding its payments.

        Args:
            reservation_id: e.g. "ZFA04Y".
        \"\"\"

ADK reads the declaration through ``functools.wraps`` (``inspect.signature`` follows
``__wrapped__``), so the tool's schema and description are the declared ones.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from checkers.service_tools import SessionService

__all__ = ["session_tool"]

CONTEXT = "tool_context"
"""The parameter ADK fills with the tool context (the session state lives there)."""


def session_tool(
    session: SessionService[Any],
) -> Callable[[Callable[..., Any]], Callable[..., dict[str, Any]]]:
    """A decorator making a declared function (its name, arguments, ``tool_context`` among them,
    and docstring; its body never runs) the tool that runs the operation of the same name of
    ``session``'s service with those arguments. Never raises on the service's account: a
    refusal is ``{"error_code", "error_message"}``."""

    def tool(declared: Callable[..., Any]) -> Callable[..., dict[str, Any]]:
        signature = inspect.signature(declared)
        if CONTEXT not in signature.parameters:
            raise TypeError(f"tool {declared.__name__} must take {CONTEXT}, the session's context")

        @functools.wraps(declared)
        def run(*args: Any, **kwargs: Any) -> dict[str, Any]:
            arguments = signature.bind(*args, **kwargs).arguments
            context = arguments.pop(CONTEXT)
            return session.run(context, declared.__name__, **arguments)

        return run

    return tool
