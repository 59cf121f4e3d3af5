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
``__wrapped__``), so the tool's schema and description are the declared ones. A tool that only
runs its operation need not restate the operation's arguments: :func:`operation_tools` declares
it from the operation's own parameters and a docstring. A domain's tools module gives each tool
by its name through :func:`tools_by_name`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from checkers.service_tools import HasState, SessionService

__all__ = ["operation_tools", "session_tool", "tools_by_name"]

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


def _declaration(
    session: SessionService[Any], name: str, doc: str, types: Mapping[str, Any]
) -> Callable[..., Any]:
    """A declared function for operation ``name`` (see :func:`operation_tools`)."""
    arguments = list(inspect.signature(session.service.operations[name].run).parameters)[1:]
    annotations = {a: types.get(a, str) for a in arguments} | {CONTEXT: HasState}

    def declared(*args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(f"{name} is a declaration; session_tool runs it")

    declared.__name__ = declared.__qualname__ = name
    declared.__doc__ = inspect.cleandoc(doc)
    declared.__annotations__ = {**annotations, "return": Any}
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    parameters = [inspect.Parameter(a, kind, annotation=t) for a, t in annotations.items()]
    declared.__signature__ = inspect.Signature(parameters, return_annotation=Any)  # type: ignore[attr-defined]
    return declared


def operation_tools(
    session: SessionService[Any], docs: Mapping[str, str], types: Mapping[str, Any]
) -> list[Callable[..., dict[str, Any]]]:
    """The tools of the operations ``docs`` names, in its order, for tools that only run their
    operation: each declared (:func:`session_tool`) by its docstring in ``docs`` and by its
    operation's own parameters (the database left out) in order, typed by ``types`` (text when
    not listed), then ``tool_context``."""
    tool = session_tool(session)
    return [tool(_declaration(session, name, doc, types)) for name, doc in docs.items()]


def tools_by_name(tools: Iterable[Callable[..., Any]], module: str) -> Callable[[str], Any]:
    """A ``__getattr__`` for the tools module ``module``, giving each of ``tools`` by its name
    (``tools.cancel_reservation``); any other name is an AttributeError, as for a module."""
    by_name = {tool.__name__: tool for tool in tools}

    def attribute(name: str) -> Any:
        if name in by_name:
            return by_name[name]
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return attribute
