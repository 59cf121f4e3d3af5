"""Reading a structured answer (one JSON object) out of an agent's final text.

The rule, in order:

1. No final response is ``no_final_response``; blank text is ``empty_response``; text longer than
   :data:`MAX_RESPONSE_CHARS` is ``response_too_large`` (a plan is a few hundred bytes; a
   megabyte of output is a broken agent, and is not scanned).
2. If the text holds fenced code blocks (````` ```json ... ``` ````` or a bare ````` ``` `````)
   that parse as JSON, only those blocks are read; otherwise the whole text is scanned for JSON
   objects standing in prose. An object nested inside another is part of it, not a candidate.
3. A text that is itself JSON but not an object (an array, a string, a number) is
   ``answer_not_object``: the plan must be one object, not a list of plans to choose from.
4. No object found is ``no_json_object``. Several objects that are not all equal is
   ``several_json_objects``: the checker never picks one for the agent. Repeats of one
   identical object are read as that object.
5. ``NaN`` or ``Infinity`` anywhere in the chosen object is ``non_finite_number``.

Every problem is an :class:`~checkers.results.AnswerProblem` with a message that says how to fix
the answer; nothing is repaired or guessed.
"""

from __future__ import annotations

import json
import re
from typing import Any

from checkers.results import AnswerProblem

MAX_RESPONSE_CHARS = 100_000
"""Longest final text that is scanned for a JSON object."""

_MAX_DECODE_ATTEMPTS = 2_000
_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_-]*)[ \t]*\r?\n(.*?)```", re.DOTALL)


class _NonFinite:
    """Stands for NaN/Infinity while decoding, so the object can be rejected after."""

    def __init__(self, literal: str) -> None:
        self.literal = literal


_DECODER = json.JSONDecoder(parse_constant=_NonFinite)
_JSON_TYPE_NAMES = {list: "array", str: "string", int: "number", float: "number", bool: "boolean"}


def _problem(code: str, message: str) -> AnswerProblem:
    return AnswerProblem(code=code, message=message)


def _decode_at(text: str, start: int) -> tuple[Any, int] | None:
    try:
        return _DECODER.raw_decode(text, start)
    except (ValueError, RecursionError):
        return None


def _decode_whole(text: str) -> tuple[bool, Any]:
    stripped = text.strip()
    found = _decode_at(stripped, 0)
    if found is None or found[1] != len(stripped):
        return False, None
    return True, found[0]


def _objects_in(text: str) -> list[Any]:
    """Top-level JSON objects standing anywhere in ``text``, in order."""
    objects: list[Any] = []
    position = text.find("{")
    attempts = 0
    while position != -1 and attempts < _MAX_DECODE_ATTEMPTS:
        attempts += 1
        found = _decode_at(text, position)
        if found is None:
            position = text.find("{", position + 1)
            continue
        value, end = found
        objects.append(value)
        position = text.find("{", end)
    return objects


def _contains_non_finite(value: Any) -> str | None:
    if isinstance(value, _NonFinite):
        return value.literal
    if isinstance(value, dict):
        children: Any = value.values()
    elif isinstance(value, list):
        children = value
    else:
        return None
    for child in children:
        found = _contains_non_finite(child)
        if found is not None:
            return found
    return None


def _candidates(text: str, example: str) -> list[Any] | AnswerProblem:
    fenced = [m.group(2) for m in _FENCE.finditer(text)]
    decoded_blocks = [value for ok, value in map(_decode_whole, fenced) if ok]
    whole_ok, whole = _decode_whole(text)
    values = decoded_blocks if decoded_blocks else ([whole] if whole_ok else None)
    if values is not None:
        non_objects = [v for v in values if not isinstance(v, dict)]
        if non_objects and not any(isinstance(v, dict) for v in values):
            shown = _JSON_TYPE_NAMES.get(type(non_objects[0]), "value")
            return _problem(
                "answer_not_object",
                f"the answer is a JSON {shown}, not one JSON object; "
                f"return exactly one object such as {example}",
            )
        return [v for v in values if isinstance(v, dict)]
    return [v for v in _objects_in(text) if isinstance(v, dict)]


def extract_json_object(
    text: str | None, example: str = '{"field": "value"}'
) -> dict[str, Any] | AnswerProblem:
    """Return the one JSON object an agent's final text proposes, or the problem that stops it.

    See the module docstring for the rule. ``example`` is a valid answer quoted in problem
    messages so the agent's author sees what to return. Never raises on any input string.
    """
    if text is None:
        return _problem(
            "no_final_response",
            "the agent gave no final response; it must end its turn with the plan as JSON, "
            f"e.g. {example}",
        )
    if not text.strip():
        return _problem(
            "empty_response",
            f"the agent's final response is empty; it must contain the plan, e.g. {example}",
        )
    if len(text) > MAX_RESPONSE_CHARS:
        return _problem(
            "response_too_large",
            f"the final response is {len(text):,} characters, over the {MAX_RESPONSE_CHARS:,} "
            "that are read; answer with a short message holding one JSON object",
        )
    found = _candidates(text, example)
    if isinstance(found, AnswerProblem):
        return found
    distinct = []
    for value in found:
        if value not in distinct:
            distinct.append(value)
    if not distinct:
        return _problem(
            "no_json_object",
            f"no JSON object found in the final response; include one such as {example}",
        )
    if len(distinct) > 1:
        return _problem(
            "several_json_objects",
            f"the final response holds {len(distinct)} different JSON objects and the checker "
            "will not pick one; propose exactly one plan object",
        )
    literal = _contains_non_finite(distinct[0])
    if literal is not None:
        return _problem(
            "non_finite_number",
            f"the JSON object contains {literal}, which is not a number a plan can use; "
            "write a finite number or leave the field out",
        )
    return dict(distinct[0])
