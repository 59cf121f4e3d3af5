"""tau-bench's ``calculate`` tool, to the letter: what its airline and retail environments answer.

``calculate(db, expression)`` evaluates digits, ``+ - * / ( ) .`` and spaces as Python's
``eval`` does (so ``**`` and ``//`` too, ints kept exact until the final rounding) and answers
the value rounded to cents as a float; anything tau-bench answers ``Error: ...`` for is a 400
naming the problem. The airline service uses it; orders' service keeps the plainer
:func:`checkers.service.calculate` (no ``**`` or ``//``, its own messages).
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable
from typing import Any, TypeVar

from checkers.service import ServiceError, text_argument
from checkers.text import cut

__all__ = ["MAX_BITS", "MAX_EXPRESSION", "calculate"]

D = TypeVar("D")


_OPERATORS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Pow: operator.pow,
}
"""What Python's ``eval`` does with the characters tau-bench allows (``**`` and ``//`` too)."""

MAX_BITS = 4096
"""The largest integer power ``calculate`` computes, in bits (``9**9**9`` would never end)."""


def _evaluate(node: ast.expr) -> int | float:
    """``node`` as Python evaluates it, ints kept exact until the final rounding."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value  # type: ignore[return-value]  # an int or float literal
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        value = _evaluate(node.operand)
        return -value if isinstance(node.op, ast.USub) else +value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _evaluate(node.left), _evaluate(node.right)
        ints = isinstance(left, int) and isinstance(right, int)
        if (
            isinstance(node.op, ast.Pow)
            and ints
            and right * (abs(int(left)).bit_length() - 1) > MAX_BITS
        ):
            raise OverflowError("the power is too large")
        return _OPERATORS[type(node.op)](left, right)  # type: ignore[no-any-return]
    raise ServiceError(400, "only numbers, + - * / ** // and parentheses are allowed")


MAX_EXPRESSION = 1000
"""The longest expression ``calculate`` reads (prices and totals need far fewer characters)."""


def calculate(db: D, expression: Any) -> tuple[float, D]:
    """``expression`` (digits, ``+ - * / ( ) .`` and spaces) evaluated as Python does, rounded
    to cents as a float (tau-bench answers its text: ``3.0``, ``1234.57``).

    Anything it cannot evaluate to a finite number is a 400 naming the problem (tau-bench
    answers ``Error: ...``): a syntax error, a division by zero, a number too large, an
    expression too long or too deeply nested.
    """
    text = text_argument("expression", expression)
    shown = cut(text, 60)
    if len(text) > MAX_EXPRESSION or not all(c in "0123456789+-*/(). " for c in text):
        raise ServiceError(
            400,
            f"{shown!r} is not an expression of at most {MAX_EXPRESSION} digits, "
            "+ - * / ( ) . and spaces, e.g. '2 * (3 + 4)'",
        )
    try:
        # eval skips leading spaces, ast.parse would call them an indent
        value = float(_evaluate(ast.parse(text.lstrip(" "), mode="eval").body))
    except SyntaxError as error:
        raise ServiceError(400, f"{shown!r} is not arithmetic: {error.msg}") from error
    except (ArithmeticError, RecursionError, MemoryError, ValueError, TypeError) as error:
        raise ServiceError(
            400, f"{shown!r} cannot be computed ({type(error).__name__}: {error})"
        ) from error
    if not math.isfinite(value):
        raise ServiceError(400, f"{shown!r} is too large to compute; split it into steps")
    return round(value, 2), db
