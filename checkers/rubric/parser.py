"""Reading a judge's reply strictly: one JSON object, exactly the allowed shape, or unscored.

The only reply that scores is one JSON object (whitespace around it allowed, nothing else)::

    {"verdicts": [{"rubric_id": "explains:ana", "verdict": "yes", "reason": "..."}, ...]}

with exactly these keys, ``verdict`` exactly ``"yes"`` or ``"no"`` (lower case, a string), and
each entry naming a rubric that was asked about. Verdicts are matched to rubrics by id, never by
position or text. Anything else makes every rubric of the reply unscored, with a code:

=============================  ===========================================================
``reply_empty``                no text at all, or only whitespace
``reply_too_long``             over :data:`MAX_REPLY_CHARS` characters (not read)
``reply_not_json``             not exactly one JSON value (prose, a code fence, two objects,
                               trailing text, a byte-order mark)
``reply_duplicate_key``        a key twice in one object (JSON parsers keep the last: a
                               smuggled second ``verdict`` must not win)
``reply_non_finite``           ``NaN``, ``Infinity``, or a number too large for a float
                               (``1e999``)
``reply_huge_number``          an integer of more than :data:`MAX_INT_DIGITS` digits (a
                               5,000-digit number would exceed Python's int-string limit)
``reply_wrong_shape``          not the object above: other or missing keys, a list, a
                               non-string id or reason, a reason over 2,000 characters
``reply_off_menu``             a verdict other than ``"yes"``/``"no"``: ``"Yes"``, ``"pass"``,
                               ``true``, ``1``, ``"yes."``, a look-alike letter
``reply_unknown_rubric_id``    a verdict for a rubric nobody asked about
``reply_duplicate_rubric_id``  two verdicts for one rubric
``reply_unreadable``           anything else that cannot be read (a last resort: the parser
                               is total, it never raises)
=============================  ===========================================================

Numbers are never verdicts: a huge or non-finite one is unscored like any reply off the menu,
never a crash. Lone surrogates in a reason become U+FFFD.

A rubric the reply leaves out is unscored alone (``reply_missing_verdict``); the others keep
their verdicts.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any, NoReturn

from checkers.rubric.aggregate import SampleVerdict, Vote
from checkers.text import cut

ALLOWED_VERDICTS: tuple[Vote, ...] = ("yes", "no")
MAX_REPLY_CHARS = 20_000
"""Longest reply that is read; a judge reply is a few hundred characters per rubric."""
MAX_REASON_CHARS = 2_000
MAX_INT_DIGITS = 100
"""Longest integer read from a reply (no verdict is a number; this only bounds the work)."""
ENTRY_KEYS = frozenset({"rubric_id", "verdict", "reason"})
EXAMPLE_REPLY = '{"verdicts": [{"rubric_id": "<id>", "verdict": "yes", "reason": "<sentence>"}]}'


class ReplyError(ValueError):
    """A reply that cannot be scored; ``code`` is one of the codes in the module docstring."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _reject(code: str, message: str) -> NoReturn:
    raise ReplyError(code, message)


def _show(value: Any, limit: int = 60) -> str:
    return cut(repr(value), limit)


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            _reject("reply_duplicate_key", f"key {_show(key)} appears twice in one object")
        seen[key] = value
    return seen


def _no_constants(literal: str) -> NoReturn:
    _reject("reply_non_finite", f"the reply contains {literal}, which is not valid JSON")


def _bounded_int(literal: str) -> int:
    if len(literal.lstrip("-")) > MAX_INT_DIGITS:
        _reject(
            "reply_huge_number",
            f'the reply holds a {len(literal.lstrip("-")):,}-digit number; verdicts are "yes" '
            'or "no", never numbers',
        )
    return int(literal)


def _finite_float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        _reject("reply_non_finite", f"the reply holds {_show(literal)}, too large for a number")
    return value


def _decode(text: str | None) -> Any:
    if text is None or not text.strip():
        _reject("reply_empty", "the judge's reply is empty")
    if len(text) > MAX_REPLY_CHARS:
        _reject(
            "reply_too_long",
            f"the reply is {len(text):,} characters, over the {MAX_REPLY_CHARS:,} that are read",
        )
    try:
        return json.loads(
            text,
            object_pairs_hook=_unique_pairs,
            parse_constant=_no_constants,
            parse_int=_bounded_int,
            parse_float=_finite_float,
        )
    except json.JSONDecodeError as error:
        _reject(
            "reply_not_json",
            f"the reply is not one JSON object ({error.msg} at line {error.lineno}, column "
            f"{error.colno}): {_show(text)}; expected {EXAMPLE_REPLY}",
        )
    except RecursionError:
        _reject("reply_not_json", "the reply nests JSON too deeply to read")


def _entry(index: int, entry: Any, asked: set[str]) -> tuple[str, SampleVerdict]:
    where = f"verdicts[{index}]"
    if not isinstance(entry, dict) or set(entry) != ENTRY_KEYS:
        keys = sorted(entry) if isinstance(entry, dict) else type(entry).__name__
        _reject(
            "reply_wrong_shape",
            f"{where} must be an object with exactly the keys rubric_id, verdict, reason; "
            f"got {_show(keys)}",
        )
    rubric_id, verdict, reason = entry["rubric_id"], entry["verdict"], entry["reason"]
    if not isinstance(rubric_id, str):
        _reject("reply_wrong_shape", f"{where}.rubric_id must be a string, got {_show(rubric_id)}")
    if not isinstance(verdict, str) or verdict not in ALLOWED_VERDICTS:
        _reject(
            "reply_off_menu",
            f'{where}: verdict {_show(verdict)} for {rubric_id!r} is off the menu (exactly "yes" '
            'or "no")',
        )
    if not isinstance(reason, str) or len(reason) > MAX_REASON_CHARS:
        shown = f"{len(reason):,} characters" if isinstance(reason, str) else _show(reason)
        _reject(
            "reply_wrong_shape",
            f"{where}.reason must be a string of at most {MAX_REASON_CHARS:,} characters, "
            f"got {shown}",
        )
    if rubric_id not in asked:
        _reject(
            "reply_unknown_rubric_id",
            f"{where} judges rubric {_show(rubric_id)}, which was not asked about "
            f"(asked: {', '.join(sorted(asked))})",
        )
    return rubric_id, SampleVerdict.scored(verdict, reason.strip() or "(no reason)")


def _verdicts(value: Any, rubric_ids: Sequence[str]) -> dict[str, SampleVerdict]:
    if not isinstance(value, dict) or set(value) != {"verdicts"}:
        got = f"keys {sorted(value)}" if isinstance(value, dict) else f"a {type(value).__name__}"
        _reject(
            "reply_wrong_shape",
            f"the reply must be an object with exactly the key 'verdicts', got {_show(got, 80)}",
        )
    entries = value["verdicts"]
    if not isinstance(entries, list):
        _reject("reply_wrong_shape", f"'verdicts' must be a list, got {type(entries).__name__}")
    asked = set(rubric_ids)
    found: dict[str, SampleVerdict] = {}
    for index, entry in enumerate(entries):
        rubric_id, sample = _entry(index, entry, asked)
        if rubric_id in found:
            _reject("reply_duplicate_rubric_id", f"rubric {rubric_id!r} has two verdicts")
        found[rubric_id] = sample
    return found


def parse_reply(text: str | None, rubric_ids: Sequence[str]) -> dict[str, SampleVerdict]:
    """One sample verdict per rubric id in ``rubric_ids``, read from a judge's reply text.

    Never raises on any reply: every problem becomes an unscored verdict with its code (see the
    module docstring). A reply-wide problem makes every rubric unscored; a rubric the reply
    leaves out is unscored alone.
    """
    try:
        found = _verdicts(_decode(text), rubric_ids)
    except ReplyError as error:
        return {rid: SampleVerdict.unscored(error.code, str(error)) for rid in rubric_ids}
    except (RecursionError, ValueError, TypeError, MemoryError) as error:
        # the checks above cover every shape we know; this keeps the parser total for any other
        why = f"the reply cannot be read ({type(error).__name__}: {str(error)[:120]})"
        return {rid: SampleVerdict.unscored("reply_unreadable", why) for rid in rubric_ids}
    missing = SampleVerdict.unscored(
        "reply_missing_verdict", "the reply gives no verdict for this rubric"
    )
    return {rid: found.get(rid, missing) for rid in rubric_ids}
