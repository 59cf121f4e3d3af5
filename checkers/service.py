"""A tool service as pure functions of a database, for the customer-service domains (orders,
airline): the judge replays an agent's tool calls on a copy of the database to know what each
call did, what the agent saw and what the database holds at the end.

A domain declares its operations once (:class:`Service`): each a function
``run(db, **kwargs) -> (value, db_after)`` that raises :class:`ServiceError` to refuse, with the
kind of thing it does (:data:`Kind`). The service then runs any call, whatever its arguments:
:meth:`Service.apply` never raises (a refused call, unknown arguments or a bug are an error
step with an HTTP-like code, and change nothing), :meth:`Service.replay` runs a trajectory.

Tau-bench's trajectory format (:class:`Action`, ``respond`` for the agent speaking) and its
tools that belong to no domain (``calculate``, ``think``, ``transfer_to_human_agents``) live
here too.
"""

from __future__ import annotations

import ast
import inspect
import json
import math
import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, JsonValue, field_validator

from checkers.text import cut
from checkers.transcript import brief_json

D = TypeVar("D")
"""The domain's database (a frozen pydantic model)."""

Kind = Literal["identify", "private_read", "public_read", "write", "handoff"]
"""What an operation does, for the checks: identify a customer, read a customer's private data,
read public data (products, flights, the policy, arithmetic), change the database, or hand off."""


class ServiceError(Exception):
    """The service refused an operation; nothing changed."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Step(Generic[D]):
    """One operation as the service ran it."""

    name: str
    kwargs: Mapping[str, Any]
    value: Any
    """What the service returned on success (None on error)."""
    error_code: int | None
    """HTTP-like code on error: 400 bad arguments, 404 not found, 409 wrong state, 402 balance,
    500 a fault of the service itself."""
    error: str | None
    db_after: D

    @property
    def ok(self) -> bool:
        return self.error_code is None


# --- tau-bench's trajectory format -----------------------------------------------------------

RESPOND = "respond"
"""tau-bench's name for the agent speaking to the customer instead of calling a tool."""

UNREADABLE_ARGS = "__unreadable_arguments__"
"""The key under which :func:`call_arguments` keeps arguments that are not a JSON object."""


def call_arguments(value: Any) -> dict[str, Any]:
    """A call's arguments as an object, whatever the record holds; never raises.

    An object is kept; JSON text of an object is parsed (some model APIs send arguments as a
    string); null is no arguments; anything else (other text, a list, a number) is kept as
    ``{UNREADABLE_ARGS: value}``, which the service refuses with a 400 naming the problem, so
    the call counts as attempted and failed instead of crashing the judge.
    """
    if value is None:
        return {}
    if isinstance(value, dict):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except (ValueError, RecursionError):
            parsed = None
        if isinstance(parsed, dict):
            return {str(k): v for k, v in parsed.items()}
        if value.strip() == "":
            return {}
    return {UNREADABLE_ARGS: value if isinstance(value, str) else repr(value)[:200]}


class Action(BaseModel):
    """One step of a tau-bench trajectory: a tool call, or ``respond`` with the agent's words."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    name: str = Field(min_length=1)
    """The tool's name, or ``"respond"`` for a message to the customer."""
    kwargs: dict[str, JsonValue] = Field(default_factory=dict)
    """The call's arguments; ``respond`` carries ``{"content": "..."}``. Arguments given as
    anything but an object are read by :func:`call_arguments`."""

    @field_validator("kwargs", mode="before")
    @classmethod
    def _readable(cls, value: Any) -> dict[str, Any]:
        return call_arguments(value)


def task_fields(row: Mapping[str, Any]) -> dict[str, Any]:
    """A tau-bench task row (``task_id``, ``user_id``, ``instruction``, ``actions``,
    ``outputs``), or a mutation triple's ``scenario`` with its ``task_id`` (``gold_actions``,
    ``required_outputs``), as the fields of the scenario ``task-<n>`` (unvalidated; a domain
    adds its ``source``)."""
    return {
        "id": f"task-{row.get('task_id')}",
        "user_id": row.get("user_id"),
        "instruction": row.get("instruction", ""),
        "expected_actions": row.get("actions", row.get("gold_actions", [])),
        "required_outputs": row.get("outputs", row.get("required_outputs", [])),
    }


class TaskScenario(BaseModel):
    """What one customer-service conversation is judged against: the customer, what they want,
    the actions that serve them (``expected_actions``, replayed on the bundled database to get
    the database the conversation should leave) and the facts the agent must tell them
    (``required_outputs``), the fields :func:`task_fields` reads from a tau-bench task. A
    domain's scenario is one, with any fields of its own added."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    id: str = Field(min_length=1)
    source: str = ""
    """Where the scenario comes from, e.g. ``"tau-bench airline test task 5"``."""
    user_id: str | None = None
    instruction: str = ""
    """What the customer wants, in words (tau-bench's user instruction)."""
    expected_actions: tuple[Action, ...] = ()
    required_outputs: tuple[str, ...] = ()
    has_reference: bool = True
    """Whether ``expected_actions`` and ``required_outputs`` were written for this conversation.
    False for a recorded session's customer scenario (``customer:<user id>``,
    :mod:`checkers.session_customer`): the requirements that need them are then unscored, not
    judged against an empty reference."""


# --- the service -------------------------------------------------------------------------------


class ServiceTask(Protocol):
    """What the core reads of a customer-service task (orders' and airline's ``Scenario``)."""

    @property
    def id(self) -> str: ...
    @property
    def user_id(self) -> str | None: ...
    @property
    def instruction(self) -> str: ...
    @property
    def expected_actions(self) -> tuple[Action, ...]: ...
    @property
    def required_outputs(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Operation:
    """A service operation and what kind of thing it does."""

    run: Callable[..., tuple[Any, Any]]
    kind: Kind


def _bind(name: str, run: Callable[..., Any], kwargs: Mapping[str, Any]) -> None:
    """Refuse arguments the operation does not take, and missing ones, by name."""
    parameters = list(inspect.signature(run).parameters.values())[1:]
    allowed = [p.name for p in parameters]
    unknown = sorted(k if isinstance(k, str) else shown(k) for k in kwargs if k not in allowed)
    missing = [p.name for p in parameters if p.default is p.empty and p.name not in kwargs]
    if unknown or missing:
        wants = ", ".join(allowed) or "no arguments"
        problems = [
            f"unknown {unknown}" if unknown else "",
            f"missing {missing}" if missing else "",
        ]
        raise ServiceError(
            400, f"{name} takes {wants}; {' and '.join(p for p in problems if p)} arguments"
        )


def shown(value: Any) -> str:
    """``value`` as an error message quotes it: short JSON-like text, whatever it is (never
    raises: see :func:`checkers.transcript.brief_json`)."""
    return brief_json(value, limit=80)


def _arguments(kwargs: Any) -> dict[str, Any]:
    """A refused call's arguments as its step records them: keys as text, whatever they were."""
    if not isinstance(kwargs, Mapping):
        return {}
    return {k if isinstance(k, str) else shown(k): v for k, v in kwargs.items()}


def _said(error: Exception) -> str:
    """What ``error`` says, cut short; never raises (an error may carry a value it cannot
    print, such as an int of more than 4,300 digits)."""
    try:
        return str(error)[:200]
    except Exception:
        return "(its message cannot be printed)"


class Service(Generic[D]):
    """A domain's operations by the name agents call them, and how to run them."""

    def __init__(
        self, operations: Iterable[tuple[Callable[..., tuple[Any, D]], Kind]], example_args: str
    ) -> None:
        """``operations``: each function (named as agents call it) with its kind;
        ``example_args``: an argument object to quote when a call's arguments are no object."""
        self.operations: dict[str, Operation] = {
            run.__name__: Operation(run, kind) for run, kind in operations
        }
        self.example_args = example_args
        self.writes = self._of("write")
        self.identify = self._of("identify")
        self.private_reads = self._of("private_read")

    def _of(self, kind: Kind) -> frozenset[str]:
        return frozenset(name for name, op in self.operations.items() if op.kind == kind)

    def kind_of(self, name: str) -> Kind | None:
        """The kind of operation ``name``, or None when the service has no such operation."""
        operation = self.operations.get(name) if isinstance(name, str) else None
        return None if operation is None else operation.kind

    def apply(self, db: D, name: str, kwargs: Mapping[str, Any]) -> Step[D]:
        """Run operation ``name`` with ``kwargs`` on ``db``; never raises on any input (a name,
        arguments or argument keys that are no text or no object included: they come from the
        agent's calls)."""
        label = name if isinstance(name, str) else f"<{type(name).__name__}>"
        try:
            operation = self.operations.get(label) if isinstance(name, str) else None
            if operation is None:
                known = ", ".join(self.operations)
                raise ServiceError(404, f"unknown action {shown(name)}; known: {known}")
            if not isinstance(kwargs, Mapping):
                raise ServiceError(
                    400, f"the arguments of {label} must be an object, got {shown(kwargs)}"
                )
            if UNREADABLE_ARGS in kwargs:
                raise ServiceError(
                    400,
                    f"the arguments of {label} are not a JSON object (got "
                    f"{shown(kwargs[UNREADABLE_ARGS])}); send them as an object such as "
                    f"{self.example_args}",
                )
            _bind(label, operation.run, kwargs)
            value, after = operation.run(db, **kwargs)
        except ServiceError as error:
            return Step(label, _arguments(kwargs), None, error.code, error.message, db)
        except Exception as error:  # a bug must not crash a judge: a real service answers 500
            message = f"internal error in {label}: {type(error).__name__}: {_said(error)}"
            return Step(label, _arguments(kwargs), None, 500, message, db)
        return Step(label, dict(kwargs), value, None, None, after)

    def replay(self, db: D, actions: Sequence[Action]) -> tuple[Step[D], ...]:
        """Every action of a trajectory, in order, each on the database the previous one left.

        ``respond`` actions (the agent speaking) are skipped: they change nothing.
        """
        steps = []
        for action in actions:
            if action.name == RESPOND:
                continue
            step = self.apply(db, action.name, action.kwargs)
            steps.append(step)
            db = step.db_after
        return tuple(steps)

    def final_database(self, db: D, actions: Sequence[Action]) -> D:
        """The database after replaying ``actions`` on ``db``."""
        steps = self.replay(db, actions)
        return steps[-1].db_after if steps else db


# --- tools every tau-bench domain has ----------------------------------------------------------


def text_argument(name: str, value: Any) -> str:
    """``value`` when it is text, else a 400 naming the argument and what it got."""
    if not isinstance(value, str):
        raise ServiceError(400, f"{name} must be text, got {shown(value)} ({type(value).__name__})")
    return value


R = TypeVar("R")
E = TypeVar("E")
M = TypeVar("M", bound=BaseModel)


def record(table: Mapping[str, R], name: str, key: Any, not_found: Callable[[str], str]) -> R:
    """The record of ``table`` under ``key``, the argument ``name`` of a call: a 400 when it is
    no text, a 404 saying ``not_found(key)`` when the table has no such record."""
    found = table.get(text_argument(name, key))
    if found is None:
        raise ServiceError(404, not_found(key))
    return found


def put(db: M, table: str, key: str, value: Any) -> M:
    """A copy of ``db`` whose ``table`` (a dict field) holds ``value`` under ``key``, sharing
    every other record."""
    return db.model_copy(update={table: {**getattr(db, table), key: value}})


def changed_records(before: Mapping[str, R], after: Mapping[str, R]) -> list[R]:
    """The records of ``after`` that ``before`` does not hold as they are (new or changed), in
    ``after``'s order. A record :func:`put` shares is the same object in both, so an unchanged
    one is passed over without comparing its fields (a table of thousands, on every write)."""
    return [r for key, r in after.items() if (old := before.get(key)) is not r and old != r]


def appended(
    before: Mapping[str, R], after: Mapping[str, R], log: Callable[[R], Sequence[E]]
) -> list[tuple[R, Sequence[E]]]:
    """Each record :func:`changed_records` gives, with the entries of its ``log`` (a history a
    write only appends to, such as its payments) that ``before``'s record does not hold: every
    entry of a new record."""
    return [
        (record, log(record)[len(log(old)) if old is not None else 0 :])
        for key, record in after.items()
        if (old := before.get(key)) is not record and old != record
    ]


_ARITHMETIC: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
}


def _evaluate(node: ast.expr) -> float:
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int | float)
        and not isinstance(node.value, bool)
    ):
        return float(node.value)
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        return _ARITHMETIC[type(node.op)](_evaluate(node.left), _evaluate(node.right))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        value = _evaluate(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    raise ServiceError(400, "only numbers, + - * / and parentheses are allowed, e.g. '2 * (3 + 4)'")


MAX_EXPRESSION = 1000
"""The longest expression ``calculate`` reads (prices and totals need far fewer characters)."""


def calculate(db: D, expression: Any) -> tuple[float, D]:
    """``expression`` (digits, + - * / and parentheses) evaluated, rounded to cents.

    Anything it cannot evaluate to a finite number (too long, too deeply nested, a number too
    large for a float, a division by zero) is a 400 error naming the problem, as a real
    service would answer; it never raises anything else.
    """
    text = text_argument("expression", expression)
    shown = cut(text, 60)
    if len(text) > MAX_EXPRESSION:
        raise ServiceError(
            400,
            f"the expression is {len(text)} characters long; give at most {MAX_EXPRESSION}, "
            "e.g. '2 * (3 + 4)'",
        )
    if not re.fullmatch(r"[0-9+\-*/(). ]+", text):
        raise ServiceError(
            400, f"{shown!r} has characters other than digits, + - * / ( ) . and spaces"
        )
    try:
        value = _evaluate(ast.parse(text, mode="eval").body)
    except SyntaxError as error:
        raise ServiceError(
            400, f"{shown!r} is not an arithmetic expression: {error.msg}"
        ) from error
    except ZeroDivisionError as error:
        raise ServiceError(400, f"{shown!r} divides by zero") from error
    except (OverflowError, RecursionError, MemoryError, ValueError) as error:
        raise ServiceError(
            400,
            f"{shown!r} cannot be evaluated ({type(error).__name__}: a number too large or an "
            "expression nested too deeply); split it into smaller steps",
        ) from error
    if not math.isfinite(value):
        raise ServiceError(400, f"{shown!r} is too large to compute; split it into smaller steps")
    return round(value, 2), db


def think(db: D, thought: Any) -> tuple[str, D]:
    """tau-bench's scratchpad tool: the thought must be text; it changes nothing."""
    text_argument("thought", thought)
    return "", db


def transfer_to_human_agents(db: D, summary: Any) -> tuple[str, D]:
    """Hand the customer to a person, with a summary (text); it changes nothing."""
    text_argument("summary", summary)
    return "Transfer successful", db


HANDOFF = transfer_to_human_agents.__name__
"""The hand-off tool's name: a customer asks for it as for a write, and a scripted agent calls
it once (:func:`checkers.adk.service_agent.hand_off`)."""
