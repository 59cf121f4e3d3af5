"""A filled review sheet read back: every cell checked, every problem reported with its fix.

:func:`read_sheet` reads a sheet :mod:`checkers.review_sheet` wrote (CSV or JSON lines)
after people filled its reviewer columns, and refuses, naming the row (as a spreadsheet numbers it)
and the fix: a rating outside 1 to 5 or not a whole number, ``agrees_with_verdict`` other than
yes or no, a rated row without it, an empty item id, a row of another sample or whose verdict
columns were edited (its key no longer matches), a row given twice, rows missing from the
sample. Nothing is skipped in silence.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkers.errors import ConfigError, DataError
from checkers.json_input import loads_unique
from checkers.review_sheet import (
    COLUMNS,
    REVIEWER_COLUMNS,
    SCALE_MEANING,
    SCALES,
    restore,
    row_key,
    sheet_form,
)

__all__ = ["FilledRow", "read_sheet", "sheet_cells"]

_SHOWN_ERRORS = 10


@dataclass(frozen=True)
class FilledRow:
    """One reviewed row: the verdict it shows and what the reviewer said of it."""

    position: int
    item_id: str
    domain: str
    metric: str
    evaluator: str
    passed: bool
    unscored: int
    reason_codes: tuple[str, ...]
    ratings: dict[str, int | None]
    """Each scale's rating, None where the reviewer left it empty."""
    agrees: bool | None
    """Whether the reviewer agrees with the verdict; None for a row not reviewed."""
    feedback: str
    where: str
    """``row N`` (CSV, as a spreadsheet numbers it: the header is row 1) or ``line N``."""

    @property
    def reviewed(self) -> bool:
        return self.agrees is not None

    @property
    def reviewer_passes(self) -> bool:
        """Whether the reviewer holds the answer should pass: the verdict, or its opposite."""
        return self.passed if self.agrees else not self.passed


def sheet_cells(path: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(where, row)`` of each row of a sheet as written (CSV cells restored: the text
    :func:`write_sheet` was given), unchecked. Raises ConfigError for a missing file, DataError
    for a file that is no sheet at all (not UTF-8, not CSV or JSON lines, columns missing)."""
    form = sheet_form(path)
    try:
        # Bytes, not read_text: universal newlines would turn a "\r" inside a cell into "\n".
        text = path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError as error:
        raise ConfigError(f"review sheet {str(path)!r} does not exist") from error
    except UnicodeDecodeError as error:
        raise DataError(
            f"cannot read review sheet {str(path)!r}: it is not UTF-8 ({error}); save it as "
            'CSV UTF-8 (a spreadsheet\'s "CSV UTF-8 (comma delimited)")'
        ) from error
    except OSError as error:
        raise DataError(f"cannot read review sheet {str(path)!r}: {error}") from error
    if form == "jsonl":
        # Split on newlines alone: JSON escapes them in strings, but not U+2028 and the like,
        # which str.splitlines would also split on.
        for number, line in enumerate(text.split("\n"), start=1):
            if not line.strip():
                continue
            try:
                row = loads_unique(line)
            except ValueError as error:
                raise DataError(f"{path} line {number} is not JSON ({error})") from error
            if not isinstance(row, dict):
                raise DataError(f"{path} line {number} is not a JSON object of a sheet row")
            yield f"line {number}", row
        return
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
        if header is None:
            raise DataError(f"{path} is empty; give the sheet checkers sample wrote, filled in")
        missing = [c for c in COLUMNS if c not in header]
        if missing:
            raise DataError(
                f"{path} lacks the column(s) {', '.join(missing)}; keep every column "
                "checkers sample wrote (fill only the reviewer columns), and save with commas "
                "between cells"
            )
        # A spreadsheet numbers rows, not lines (a cell may hold newlines): the header is row 1.
        for number, cells in enumerate(reader, start=2):
            if not any(cell.strip() for cell in cells):
                continue
            row = {name: cells[i] if i < len(cells) else "" for i, name in enumerate(header)}
            restored = {k: v if k in REVIEWER_COLUMNS else restore(v) for k, v in row.items()}
            yield f"row {number}", restored
    except csv.Error as error:
        raise DataError(f"{path} is not readable CSV ({error})") from error


def _text(row: Mapping[str, Any], column: str) -> str:
    value = row.get(column)
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value)


def _rating(value: Any, scale: str) -> int | None:
    """A rating cell as 1 to 5, None when empty; raises ValueError saying what is wrong."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise ValueError(f"{scale} is {value!r}; give a whole number 1 to 5")
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.strip().isdecimal():
        number = int(value.strip())
    else:
        raise ValueError(
            f"{scale} is {str(value)[:40]!r}; give a whole number 1 to 5 "
            f"({SCALE_MEANING[scale]}) or leave it empty"
        )
    if not 1 <= number <= 5:
        raise ValueError(f"{scale} is {number}, outside 1 to 5 ({SCALE_MEANING[scale]})")
    return number


def _agrees(value: Any) -> bool | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in ("yes", "no"):
        return word == "yes"
    raise ValueError(f"agrees_with_verdict is {str(value)[:40]!r}; write yes or no")


def _int(value: Any, column: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdecimal():
        return int(value.strip())
    raise ValueError(f"{column} is {str(value)[:40]!r}, not a whole number")


@dataclass(frozen=True)
class _Header:
    sample_id: str
    size: int


def _filled(where: str, row: Mapping[str, Any], header: _Header) -> FilledRow:
    """One row, checked: raises ValueError naming the first problem and its fix."""
    item_id = _text(row, "item_id").strip()
    if not item_id:
        raise ValueError("item_id is empty; restore the row from the sheet checkers sample wrote")
    if _text(row, "sample_id") != header.sample_id:
        raise ValueError(
            f"item {item_id!r} is not in sample {header.sample_id} (its sample_id is "
            f"{_text(row, 'sample_id')[:20]!r}); review each sample on its own sheet"
        )
    position = _int(row.get("position"), "position")
    logical = {c: row.get(c) for c in ("item_id", "verdict", "reason_codes")}
    logical["score"] = _score(row.get("score"))
    if row_key(header.sample_id, position, logical) != _text(row, "key"):
        raise ValueError(
            f"item {item_id!r} at position {position} is not a row of this sample as written "
            "(its position, item_id, verdict, score or reason_codes were changed, or it came "
            "from elsewhere); fill only the reviewer columns: " + ", ".join(REVIEWER_COLUMNS)
        )
    ratings: dict[str, int | None] = {}
    for scale in SCALES:
        ratings[scale] = _rating(row.get(scale), scale)
    agrees = _agrees(row.get("agrees_with_verdict"))
    if agrees is None and any(r is not None for r in ratings.values()):
        raise ValueError(
            f"item {item_id!r} is rated but agrees_with_verdict is empty; write yes or no"
        )
    return FilledRow(
        position=position,
        item_id=item_id,
        domain=_text(row, "domain"),
        metric=_text(row, "metric"),
        evaluator=_text(row, "evaluator"),
        passed=_text(row, "verdict") == "pass",
        unscored=_int(row.get("unscored") or 0, "unscored"),
        reason_codes=tuple(_text(row, "reason_codes").split()),
        ratings=ratings,
        agrees=agrees,
        feedback=_text(row, "feedback"),
        where=where,
    )


def _score(value: Any) -> float | None:
    """A score cell as the float it was written from (None for an empty cell)."""
    if value is None or value == "":
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    try:
        return float(str(value))
    except ValueError:
        return None  # the key then differs, and the row is refused with the fix


def read_sheet(path: Path, partial: bool = False) -> list[FilledRow]:
    """The rows of a filled sheet, every cell checked.

    Raises DataError listing every problem, each with its row and fix: a rating outside 1 to 5
    or not a number, ``agrees_with_verdict`` other than yes or no, an empty item id, a row of
    another sample or whose verdict columns were edited, a row given twice, rows missing from
    the sample. A row with no ``agrees_with_verdict`` is not reviewed: an error unless
    ``partial`` (then it is returned, with ``agrees`` None, for the caller to count).
    """
    raw = list(sheet_cells(path))
    if not raw:
        raise DataError(f"{path} holds no rows; give the sheet checkers sample wrote, filled in")
    first = raw[0][1]
    try:
        header = _Header(_text(first, "sample_id"), _int(first.get("sample_size"), "sample_size"))
    except ValueError as error:
        raise DataError(
            f"{path} {raw[0][0]}: {error}; restore it from the original sheet"
        ) from error
    problems: list[str] = []
    rows: list[FilledRow] = []
    seen: dict[str, str] = {}
    for where, row in raw:
        try:
            filled = _filled(where, row, header)
        except ValueError as error:
            problems.append(f"{where}: {error}")
            continue
        if filled.item_id in seen:
            problems.append(
                f"{where}: item {filled.item_id!r} is also at {seen[filled.item_id]}; keep one"
            )
            continue
        seen[filled.item_id] = where
        if not filled.reviewed and not partial:
            problems.append(
                f"{where}: item {filled.item_id!r} is not reviewed (agrees_with_verdict is "
                "empty); write yes or no, or give --partial to report on the reviewed rows"
            )
        rows.append(filled)
    present = {r.position for r in rows}
    gone = [p for p in range(1, header.size + 1) if p not in present]
    if gone and not problems:
        problems.append(
            f"the sheet holds {len(rows)} of the {header.size} rows of sample "
            f"{header.sample_id}; missing positions: {', '.join(map(str, gone[:20]))}"
            + (" ..." if len(gone) > 20 else "")
            + "; restore them from the sheet checkers sample wrote"
        )
    if problems:
        shown = problems[:_SHOWN_ERRORS]
        more = len(problems) - len(shown)
        raise DataError(
            f"review sheet {path} has {len(problems)} problem(s):\n  "
            + "\n  ".join(shown)
            + (f"\n  ... and {more} more" if more else "")
        )
    return rows
