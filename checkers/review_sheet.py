"""The review sheet: picked verdicts written for people to rate.

One row per picked item (:class:`checkers.review.Pick`): its ids, domain, metric, evaluator,
verdict, score, reason codes, why it was picked and the text to read (conversation excerpt,
the answer as read, the reasons), then empty columns for the reviewer: the seed chapter's
scales ``accuracy``, ``completeness``, ``politeness`` and ``actionability`` (1 to 5),
``agrees_with_verdict`` (yes or no) and ``feedback``.

Two forms, told apart by the file's suffix: CSV (``.csv``, for a spreadsheet) and JSON lines
(``.jsonl``). In CSV every cell this module writes that a spreadsheet would read as a formula
(starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is prefixed with ``'``,
and so is a cell that starts with ``'`` itself, so reading strips exactly one ``'`` and gives the
text back. Text is written as UTF-8: lone surrogates become U+FFFD.

Each row carries the sample's id and size, its position, and a key over what it says of the
verdict (:func:`row_key`), by which :mod:`checkers.review_read` recognises the rows of a filled
sheet.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from checkers.errors import ConfigError
from checkers.review import Pick, ReviewItem
from checkers.text import cut, without_surrogates

__all__ = [
    "COLUMNS",
    "REVIEWER_COLUMNS",
    "SCALES",
    "neutralise",
    "restore",
    "row_key",
    "sheet_form",
    "sheet_rows",
    "write_sheet",
]

SCALES = ("accuracy", "completeness", "politeness", "actionability")
"""The rating scales, each 1 (worst) to 5 (best)."""
SCALE_MEANING = {
    "accuracy": "1 wholly wrong, 2 partly wrong, 3 mostly right, 4 right, 5 perfect",
    "completeness": "1 misses key facts, 2 misses important ones, 3 mostly complete, "
    "4 complete, 5 beyond what was asked",
    "politeness": "1 offensive, 2 cold, 3 neutral, 4 friendly, 5 very warm",
    "actionability": "1 cannot be acted on, 2 hard to act on, 3 can be acted on, 4 easy, 5 at once",
}
REVIEWER_COLUMNS = (*SCALES, "agrees_with_verdict", "feedback")
ITEM_COLUMNS = (
    "position",
    "item_id",
    "sample_id",
    "sample_size",
    "key",
    "domain",
    "metric",
    "evaluator",
    "case",
    "run",
    "session_id",
    "verdict",
    "score",
    "threshold",
    "unscored",
    "reason_codes",
    "why",
    "text",
)
COLUMNS = (*ITEM_COLUMNS, *REVIEWER_COLUMNS)
"""Every column of a sheet, in order."""
DEFAULT_TEXT_LIMIT = 4000
"""Characters of text to read per row (a spreadsheet cell holds at most 32,767)."""
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "'")


def neutralise(text: str) -> str:
    """``text`` safe in a spreadsheet cell: one ``'`` before a formula-like start (``=``, ``+``,
    ``-``, ``@``, tab, carriage return) or a ``'`` (so :func:`restore` is its exact inverse)."""
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def restore(text: str) -> str:
    """The text :func:`neutralise` was given: one leading ``'`` removed, if there is one."""
    return text[1:] if text.startswith("'") else text


def row_key(sample_id: str, position: int, item: Mapping[str, Any]) -> str:
    """A short hash of what a row says of its verdict, to recognise the row on reading.

    The score enters rounded to 6 places, so a spreadsheet that saves it with fewer digits
    (15 significant ones) keeps the key; the ``k-`` keeps a spreadsheet from reading a key of
    digits and one ``e`` as a number."""
    score = item["score"]
    shown = None if score is None else f"{score:.6f}"
    said = [sample_id, position, item["item_id"], item["verdict"], shown, item["reason_codes"]]
    digest = hashlib.sha256(json.dumps(said, ensure_ascii=True).encode("ascii"))
    return "k-" + digest.hexdigest()[:16]


def sample_id_of(picks: Sequence[Pick], seed: int) -> str:
    """The id of a sample: a hash of its seed and its items' ids (``s-`` and hex digits)."""
    said = json.dumps([seed, [p.item.item_id for p in picks]], ensure_ascii=True)
    return "s-" + hashlib.sha256(said.encode("ascii")).hexdigest()[:12]


def conversation_excerpt(lines: Sequence[str], limit: int) -> str:
    """The conversation's lines within ``limit`` characters: its start and its end, with the
    middle left out and said so (the end is where the verdict was reached)."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    head: list[str] = []
    tail: list[str] = []
    budget = limit - 40
    for first, last in zip(lines, reversed(lines), strict=False):
        if len(first) + 1 > budget // 2 or len(last) + 1 > budget // 2:
            break
        head.append(first)
        tail.insert(0, last)
        budget -= len(first) + len(last) + 2
    left_out = len(lines) - len(head) - len(tail)
    return cut("\n".join([*head, f"[... {left_out} lines left out ...]", *tail]), limit)


def item_text(item: ReviewItem, conversation: Sequence[str], limit: int) -> str:
    """What a reviewer reads: the conversation (excerpt), the answer as read, the reasons of
    what was not met; cut to ``limit`` characters, lone surrogates replaced."""
    parts = []
    if conversation:
        parts.append(conversation_excerpt(conversation, limit // 2))
    if item.answer:
        parts.append(f"answer read: {item.answer}")
    parts += [f"not met: {reason}" for reason in item.reasons]
    return without_surrogates(cut("\n".join(parts), limit))


def sheet_rows(
    picks: Sequence[Pick],
    seed: int,
    conversations: Mapping[str, Sequence[str]] | None = None,
    limit: int = DEFAULT_TEXT_LIMIT,
) -> list[dict[str, Any]]:
    """The sheet's rows (logical values, before any CSV escaping), reviewer columns empty.

    ``conversations`` maps a session id to its conversation's lines, for the text to read.
    """
    sample_id = sample_id_of(picks, seed)
    rows = []
    for position, pick in enumerate(picks, start=1):
        item = pick.item
        row: dict[str, Any] = {
            "position": position,
            "item_id": item.item_id,
            "sample_id": sample_id,
            "sample_size": len(picks),
            "domain": item.domain,
            "metric": item.metric,
            "evaluator": item.evaluator,
            "case": item.case,
            "run": item.run,
            "session_id": item.session_id,
            "verdict": "pass" if item.passed else "fail",
            "score": item.score,
            "threshold": item.threshold,
            "unscored": item.unscored,
            "reason_codes": " ".join(item.reason_codes),
            "why": "; ".join(pick.why),
            "text": item_text(item, (conversations or {}).get(item.session_id, ()), limit),
        }
        row = {k: without_surrogates(v) if isinstance(v, str) else v for k, v in row.items()}
        row["key"] = row_key(sample_id, position, row)
        rows.append({c: row.get(c, "") for c in COLUMNS})
    return rows


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return neutralise(value)
    return str(value)


def write_sheet(path: Path, rows: Sequence[Mapping[str, Any]]) -> None:
    """Write ``rows`` (from :func:`sheet_rows`) as CSV (``.csv``) or JSON lines (``.jsonl``).
    Raises ConfigError for another suffix."""
    form = sheet_form(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if form == "csv":
        buffer = io.StringIO(newline="")
        writer = csv.writer(buffer)
        writer.writerow(COLUMNS)
        for row in rows:
            writer.writerow([_cell(row[c]) for c in COLUMNS])
        path.write_text(buffer.getvalue(), encoding="utf-8", newline="")
    else:
        text = "".join(json.dumps(dict(row), ensure_ascii=False) + "\n" for row in rows)
        path.write_text(text, encoding="utf-8")


def sheet_form(path: Path) -> str:
    if path.suffix.lower() == ".csv":
        return "csv"
    if path.suffix.lower() == ".jsonl":
        return "jsonl"
    raise ConfigError(f"a review sheet is .csv or .jsonl, not {path.name!r}; e.g. --out review.csv")
