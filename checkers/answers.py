"""Reading a structured answer (one JSON object) out of an agent's final text.

The rule, in order:

1. No final response is ``no_final_response``; blank text is ``empty_response``; text longer than
   :data:`MAX_RESPONSE_CHARS` is ``response_too_large`` (a plan is a few hundred bytes; a
   megabyte of output is a broken agent, and is not scanned).
2. The whole text is scanned, once, for JSON objects and arrays standing anywhere in it: in a
   code fence (````` ```json ... ``` `````) or in prose alike, after any number of stray braces.
   A value nested inside another is part of it, not a candidate of its own. Brackets nested more
   than :data:`MAX_JSON_DEPTH` deep are ``nesting_too_deep`` (a plan is two or three levels deep;
   the checker does not read what it cannot read whole).
3. Every JSON value found must be readable: a key repeated in one object (``"restaurant"``
   twice, or two spellings that differ only in case, look-alike letters or invisible
   characters) is ``duplicate_key`` (never "the last one wins"); ``NaN``, ``Infinity`` or a number
   too large for a float (``1e999``) is ``non_finite_number``; an integer of more than
   :data:`MAX_INT_DIGITS` digits is ``number_too_large``.
4. The answers offered are the objects found, plus every object listed in an array found (at
   any depth of arrays): a list of plans is several plans. A text whose JSON is only arrays of
   objects, or that is itself (or holds in a whole code fence) a JSON array, string, number or
   literal, is ``answer_not_object``; an array of plain values standing in prose (``[1]``) is
   not an answer. No object found is ``no_json_object``.
5. Several answers that are not all equal is ``several_json_objects``: the checker never picks
   one for the agent. Repeats of one identical object are read as that object.
6. With ``plan_keys`` (the keys that make an object a plan, e.g. ``restaurant`` and ``time``),
   an object nested anywhere inside the answer that holds one of those keys with other values
   (``{"restaurant": "r01", "options": [{"restaurant": "r02"}]}``) is a second plan:
   ``several_json_objects``.

The scan is linear in the length of the text: no candidate is decoded twice and there is no
give-up counter (see :func:`scan_json`). Every problem is an
:class:`~checkers.results.AnswerProblem` with a message that says how to fix the answer; nothing
is repaired or guessed. The reader never raises, whatever the text holds (lone surrogates,
control characters, deep nesting).
"""

from __future__ import annotations

import bisect
import json
import math
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from checkers.results import AnswerProblem
from checkers.text import fold_lower

MAX_RESPONSE_CHARS = 100_000
"""Longest final text that is scanned for a JSON object."""
MAX_JSON_DEPTH = 64
"""Deepest nesting of JSON objects and arrays that is read."""
MAX_INT_DIGITS = 300
"""Longest integer (in digits) that is read as a number."""

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_-]*)[ \t]*\r?\n(.*?)```", re.DOTALL)
_QUOTE = re.compile('"')
_OPENER = re.compile(r"[\[{]")
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_STRING_BODY = re.compile(r'(?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*')
_LITERAL = re.compile(r"true|false|null|NaN|-?Infinity")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_VALUE_STARTS = frozenset('"-0123456789tfnNI')
"""The characters a value the JSON decoder reads can start with (besides ``{`` and ``[``):
a string, a number, true, false, null, NaN, Infinity, -Infinity."""
_JSON_TYPE_NAMES = {
    list: "array",
    str: "string",
    int: "number",
    float: "number",
    bool: "boolean",
    type(None): "null",
}

# Parser states of one open object or array.
_KEY_OR_CLOSE, _KEY, _COLON, _VALUE, _VALUE_OR_CLOSE, _COMMA_OR_CLOSE = range(6)


@dataclass
class JsonScan:
    """Where JSON objects and arrays stand in a text (see :func:`scan_json`)."""

    spans: list[tuple[int, int]] = field(default_factory=list)
    """``(start, end)`` of each outermost JSON object or array, in order of start."""
    too_deep_at: int | None = None
    """Where brackets first nested deeper than :data:`MAX_JSON_DEPTH`, if anywhere."""
    steps: int = 0
    """Characters and tokens the scan examined: at most a small multiple of the text length."""
    values: dict[tuple[int, int], Any] = field(default_factory=dict)
    """The JSON value read at each span, once :func:`read_json_object` has read them (spans
    that could not be read are absent), for a reader that looks at a value again."""


def _delimiter_quotes(text: str) -> list[int]:
    """Positions of the quotes that open or close a string in any valid JSON value: those not
    preceded by an odd run of backslashes (a backslash outside a string is never valid JSON, so
    the rule does not depend on where a value starts)."""
    found = []
    for match in _QUOTE.finditer(text):
        end = match.start()
        start = end
        while start > 0 and text[start - 1] == "\\":
            start -= 1
        if (end - start) % 2 == 0:
            found.append(end)
    return found


def _scan_phase(text: str, quotes: list[int], phase: int, scan: JsonScan) -> list[tuple[int, int]]:
    """Outermost valid JSON objects and arrays that start after an even (``phase`` 0) or odd
    (``phase`` 1) number of delimiter quotes.

    Inside a valid value the string state of every position is the parity of the delimiter
    quotes since the value's start, so one pass per parity sees every value with the right
    string state. The pass is a JSON parser that, on any error, drops all open values (none of
    them can be valid past that point) and goes on from the same character; values that closed
    before the error stay candidates. Each character is examined a bounded number of times.
    """
    spans: list[tuple[int, int]] = []
    stack: list[list[Any]] = []  # [closer, start, state] per open object or array
    size = len(text)
    at = 0
    while at < size:
        scan.steps += 1
        if not stack:
            opener = _OPENER.search(text, at)
            if opener is None:
                break
            at = opener.start()
            if bisect.bisect_left(quotes, at) % 2 != phase:
                at += 1
                continue
            state = _KEY_OR_CLOSE if text[at] == "{" else _VALUE_OR_CLOSE
            stack.append(["}" if text[at] == "{" else "]", at, state])
            at += 1
            continue
        at = _WHITESPACE.match(text, at).end()  # type: ignore[union-attr]
        if at >= size:
            break
        char = text[at]
        frame = stack[-1]
        state = frame[2]
        if char == frame[0] and state in (_KEY_OR_CLOSE, _VALUE_OR_CLOSE, _COMMA_OR_CLOSE):
            stack.pop()
            start = frame[1]
            while spans and spans[-1][0] > start:
                spans.pop()  # values nested in this one are part of it
            spans.append((start, at + 1))
            at += 1
            continue
        ok = True
        if state == _COMMA_OR_CLOSE:
            if char == ",":
                frame[2] = _KEY if frame[0] == "}" else _VALUE
                at += 1
            else:
                ok = False
        elif state == _COLON:
            if char == ":":
                frame[2] = _VALUE
                at += 1
            else:
                ok = False
        elif state in (_KEY_OR_CLOSE, _KEY):
            end = _string_end(text, at, scan) if char == '"' else None
            if end is None:
                ok = False
            else:
                frame[2] = _COLON
                at = end
        elif char in "{[":
            if len(stack) >= MAX_JSON_DEPTH:
                if scan.too_deep_at is None:
                    scan.too_deep_at = at
                ok = False
            else:
                frame[2] = _COMMA_OR_CLOSE
                inner = _KEY_OR_CLOSE if char == "{" else _VALUE_OR_CLOSE
                stack.append(["}" if char == "{" else "]", at, inner])
                at += 1
        else:
            end = _scalar_end(text, at, scan)
            if end is None:
                ok = False
            else:
                frame[2] = _COMMA_OR_CLOSE
                at = end
        if not ok:
            stack.clear()  # the character is examined again, as a possible start
    return spans


def _string_end(text: str, at: int, scan: JsonScan) -> int | None:
    """End of the JSON string whose opening quote is at ``at``, or None if it is not one."""
    body = _STRING_BODY.match(text, at + 1)
    assert body is not None  # the pattern matches the empty string
    end = body.end()
    scan.steps += end - at
    return end + 1 if end < len(text) and text[end] == '"' else None


def _scalar_end(text: str, at: int, scan: JsonScan) -> int | None:
    if text[at] == '"':
        return _string_end(text, at, scan)
    match = _LITERAL.match(text, at) or _NUMBER.match(text, at)
    if match is None:
        return None
    scan.steps += match.end() - at
    return match.end()


def scan_json(text: str) -> JsonScan:
    """Where the outermost JSON objects and arrays stand in ``text``, in one linear pass.

    A value is found wherever it starts: after prose, after 2,000 stray ``{``, inside a broken
    value. A value inside another found value (nested, or inside one of its strings) is part of
    it. Two values that overlap without one holding the other are both kept (the text can be
    read both ways, so both are offered). ``steps`` counts the work done, for tests.
    """
    scan = JsonScan()
    quotes = _delimiter_quotes(text)
    scan.steps += len(quotes) + 1
    found = _scan_phase(text, quotes, 0, scan) + _scan_phase(text, quotes, 1, scan)
    found.sort(key=lambda span: (span[0], -span[1]))
    reach = -1
    for start, end in found:
        if end > reach:
            scan.spans.append((start, end))
            reach = end
    return scan


@dataclass
class _Decoded:
    """The values of a scan, and what makes any of them unreadable."""

    values: list[tuple[int, int, Any]] = field(default_factory=list)
    duplicate: tuple[str, str] | None = None
    non_finite: str | None = None
    too_large: str | None = None
    unreadable: str | None = None


def _decoder(found: _Decoded) -> json.JSONDecoder:
    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, str] = {}
        for key, _ in items:
            folded = key_form(key)
            if folded in seen and found.duplicate is None:
                found.duplicate = (seen[folded], key)
            seen.setdefault(folded, key)
        return dict(items)

    def constant(literal: str) -> None:
        found.non_finite = found.non_finite or literal

    def number(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):
            found.non_finite = found.non_finite or literal[:40]
        return value

    def integer(literal: str) -> int:
        if len(literal.lstrip("-")) > MAX_INT_DIGITS:
            found.too_large = found.too_large or f"{literal[:20]}... ({len(literal):,} digits)"
            return 0
        return int(literal)

    return json.JSONDecoder(
        object_pairs_hook=pairs, parse_constant=constant, parse_float=number, parse_int=integer
    )


def _decode(text: str, scan: JsonScan) -> _Decoded:
    found = _Decoded()
    decoder = _decoder(found)
    for start, end in scan.spans:
        scan.steps += end - start
        try:
            value, stop = decoder.raw_decode(text, start)
        except (ValueError, RecursionError) as error:  # the scan's grammar is the decoder's
            found.unreadable = found.unreadable or f"{type(error).__name__}: {error}"[:200]
            continue
        if stop != end:
            found.unreadable = found.unreadable or f"a value at {start} ends at {stop}, not {end}"
        else:
            scan.values[start, end] = value
        found.values.append((start, end, value))
    return found


def _whole_values(text: str, decoded: _Decoded) -> list[Any]:
    """Values that are a whole answer on their own: the text itself, or a whole code fence,
    when it is JSON that is not an object."""
    by_span = {(start, end): value for start, end, value in decoded.values}
    regions = [(0, len(text))]
    regions += [(m.start(2), m.end(2)) for m in _FENCE.finditer(text)]
    wholes = []
    for start, end in regions:
        chunk = text[start:end]
        stripped = chunk.strip()
        if not stripped:
            continue
        first = start + len(chunk) - len(chunk.lstrip())
        last = first + len(stripped)
        if stripped[0] in "{[":
            value = by_span.get((first, last))
            if isinstance(value, list):
                wholes.append(value)
            continue
        if stripped[0] not in _VALUE_STARTS:
            continue  # no JSON value starts so: the decoder would fail at once, calling no hook
        try:
            value, stop = _decoder(decoded).raw_decode(stripped)
        except (ValueError, RecursionError):
            continue
        if stop == len(stripped):
            wholes.append(value)
    return wholes


def _listed_objects(value: Any) -> Iterator[dict[str, Any]]:
    """Objects reached from ``value`` through arrays only (an array of plans, at any depth)."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            yield item
        elif isinstance(item, list):
            pending.extend(reversed(item))


def _nodes(value: Any) -> Iterator[tuple[str, Any]]:
    """Every object and array inside ``value`` (itself first) with its path, depth first."""
    pending: list[tuple[str, Any]] = [("", value)]
    while pending:
        path, item = pending.pop()
        yield path, item
        if isinstance(item, dict):
            children = [(f"{path}.{k}" if path else k, v) for k, v in item.items()]
        elif isinstance(item, list):
            children = [(f"{path}[{i}]", v) for i, v in enumerate(item)]
        else:
            continue
        pending.extend(reversed([c for c in children if isinstance(c[1], dict | list)]))


def _identity(value: Any) -> str:
    """Equal for equal JSON values, different for ``1`` and ``true`` (which Python equates)."""
    return json.dumps(value, sort_keys=True)


def _problem(code: str, message: str) -> AnswerProblem:
    return AnswerProblem(code=code, message=message)


def _unreadable(decoded: _Decoded, scan: JsonScan, example: str) -> AnswerProblem | None:
    if scan.too_deep_at is not None:
        return _problem(
            "nesting_too_deep",
            f"the final response nests brackets more than {MAX_JSON_DEPTH} levels deep (at "
            f"character {scan.too_deep_at:,}); a plan is one flat object such as {example}",
        )
    if decoded.unreadable is not None:
        return _problem(
            "unreadable_json",
            f"a JSON value in the final response could not be read ({decoded.unreadable}); "
            f"answer with one plain JSON object such as {example}",
        )
    if decoded.duplicate is not None:
        first, second = decoded.duplicate
        same = "twice" if first == second else f"as {first!r} and {second!r}"
        return _problem(
            "duplicate_key",
            f"a JSON object in the final response gives the key {first!r} {same}; the checker "
            "will not pick one value: give each key once",
        )
    if decoded.non_finite is not None:
        return _problem(
            "non_finite_number",
            f"the JSON holds {decoded.non_finite}, which is not a finite number a plan can use; "
            "write a finite number or leave the field out",
        )
    if decoded.too_large is not None:
        return _problem(
            "number_too_large",
            f"the JSON holds the integer {decoded.too_large}, longer than the "
            f"{MAX_INT_DIGITS} digits that are read; write a plain number or leave the field out",
        )
    return None


def key_form(key: str) -> str:
    """A JSON key as answers' keys are compared: :func:`checkers.text.fold_lower`, stripped.
    ``"RESTAURANT"``, ``"res\u200btaurant"`` and ``"restaurant"`` are one key: a reader finds
    its fields by this form (:func:`fields`), and two keys of one object with the same form are
    ``duplicate_key`` (rule 3 of the module docstring)."""
    if plain_key(key):  # read for every key of every answer: most are plain
        return key
    return fold_lower(key).strip()


def plain_key(key: str) -> bool:
    """Whether ``key`` is an ASCII identifier without capitals (``start_time``: the keys agents
    write), which :func:`checkers.text.fold_lower` and stripping leave as it is."""
    return key.isascii() and key.isidentifier() and key.islower()


@lru_cache(maxsize=64)
def _key_forms(keys: tuple[str, ...]) -> frozenset[str]:
    """``keys`` as an answer's keys are compared with them (a domain's plan keys: the same for
    every answer)."""
    return frozenset(key_form(k) for k in keys)


def fields(answer: dict[str, Any], keys: Collection[str]) -> dict[str, Any]:
    """The entries of ``answer`` whose key is one of ``keys`` by :func:`key_form` (``"TIME"`` is
    the key ``time``), as written, in the answer's order. An object read by
    :func:`extract_json_object` holds each key form at most once; any other dict may hold
    several entries for one of ``keys``, and the caller must not pick one of them."""
    forms = _key_forms(tuple(keys))
    return {k: v for k, v in answer.items() if isinstance(k, str) and key_form(k) in forms}


def _nested_plan(answer: dict[str, Any], plan_keys: Collection[str]) -> str | None:
    """The path of an object inside ``answer`` that is a different plan, if any."""
    if not any(isinstance(v, dict | list) for v in answer.values()):
        return None  # nothing nested: no object inside can be a second plan
    keys = _key_forms(tuple(plan_keys))

    def plan_part(item: dict[str, Any]) -> str | None:
        part = {f: v for k, v in item.items() if (f := key_form(k)) in keys}
        return _identity(part) if part else None

    own = plan_part(answer)
    for path, item in _nodes(answer):
        if not path or not isinstance(item, dict):
            continue
        part = plan_part(item)
        if part is not None and part != own:
            if own is not None:
                return path
            own = part  # the first plan-like object is the plan; a second different one is not
    return None


def extract_json_object(
    text: str | None,
    example: str = '{"field": "value"}',
    plan_keys: Collection[str] = (),
) -> dict[str, Any] | AnswerProblem:
    """Return the one JSON object an agent's final text proposes, or the problem that stops it.

    See the module docstring for the rule. ``example`` is a valid answer quoted in problem
    messages so the agent's author sees what to return; ``plan_keys`` are the keys that make an
    object a plan (rule 6; none by default). Never raises on any input string.
    """
    return read_json_object(text, example, plan_keys)[0]


def read_json_object(
    text: str | None,
    example: str = '{"field": "value"}',
    plan_keys: Collection[str] = (),
) -> tuple[dict[str, Any] | AnswerProblem, JsonScan | None]:
    """:func:`extract_json_object`, with the :func:`scan_json` of ``text`` it read (None when
    the text was not scanned: none, blank or too large), for a reader that looks at where the
    JSON stands too."""
    if text is None:
        return _problem(
            "no_final_response",
            "the agent gave no final response; it must end its turn with the plan as JSON, "
            f"e.g. {example}",
        ), None
    problem = _not_scanned(text, example)
    if problem is not None:
        return problem, None
    scan = scan_json(text)
    return _one_object(text, scan, example, plan_keys), scan


def _not_scanned(text: str, example: str) -> AnswerProblem | None:
    """Why ``text`` is not scanned at all (blank, too large), or None to scan it."""
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
    return None


def _one_object(
    text: str, scan: JsonScan, example: str, plan_keys: Collection[str]
) -> dict[str, Any] | AnswerProblem:
    """The one JSON object ``text`` (scanned as ``scan``) proposes, or the problem (rules 2 to
    6 of the module docstring)."""
    decoded = _decode(text, scan)
    wholes = _whole_values(text, decoded) if scan.too_deep_at is None else []
    problem = _unreadable(decoded, scan, example)
    if problem is not None:
        return problem
    objects = [v for _, _, v in decoded.values if isinstance(v, dict)]
    listed = [o for _, _, v in decoded.values if isinstance(v, list) for o in _listed_objects(v)]
    non_objects = [v for v in wholes if not isinstance(v, dict)]
    if not objects:
        if not listed and not non_objects:
            return _problem(
                "no_json_object",
                f"no JSON object found in the final response; include one such as {example}",
            )
        shown = _JSON_TYPE_NAMES.get(type(non_objects[0]), "value") if non_objects else "array"
        return _problem(
            "answer_not_object",
            f"the answer is a JSON {shown}, not one JSON object; "
            f"return exactly one object such as {example}",
        )
    candidates = [*objects, *listed]
    # One candidate is one answer: its identity (a JSON dump) matters only beside others.
    distinct = {_identity(v): v for v in candidates} if len(candidates) > 1 else {"": objects[0]}
    # A whole fence holding a string or a list of plain values is one more answer offered.
    others = [v for v in non_objects if not any(True for _ in _listed_objects(v))]
    offered = len(distinct) + len(others)
    if offered > 1:
        extra = f", {len(listed)} of them listed in an array" if listed else ""
        return _problem(
            "several_json_objects",
            f"the final response offers {offered} different JSON values{extra} and the checker "
            "will not pick one; propose exactly one plan object",
        )
    answer = next(iter(distinct.values()))
    nested = _nested_plan(answer, plan_keys) if plan_keys else None
    if nested is not None:
        return _problem(
            "several_json_objects",
            f"the answer object holds a second, different plan at {nested!r}; the checker will "
            "not pick one: propose exactly one plan and no alternatives",
        )
    return dict(answer)
