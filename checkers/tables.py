"""Markdown tables in an agent's text, found and flattened for readers of prose.

An agent often lays a listing or a receipt out as a table ("| Adding | 2 | $100 |"). The core's
readers of money and counts read sentences and lines; these functions find a table's rows and
cells (:func:`starts_table`, :func:`rows_from`, :func:`cells`) and flatten its rows into text
those readers read as they read prose (:func:`bars_blanked`;
:func:`checkers.charges_summary.tables_as_lists` rewrites a table of money moved as a summary's
list).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

ROW = re.compile(r"[ \t]*\|.*\|[ \t]*")
"""A row of a markdown table (one line, matched whole): cells between bars."""
RULE = re.compile(r"[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+(?:[ \t]*:?-+:?[ \t]*)?")
"""The rule under a markdown table's header ("|---|---|"), matched whole."""
_ROW_LINE = re.compile(rf"^{ROW.pattern}$", re.MULTILINE)


def cells(row: str) -> list[str]:
    """The cells of a markdown table's ``row``, stripped of spaces ("| a | b |": a, b)."""
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def starts_table(lines: Sequence[str], index: int) -> bool:
    """Whether ``lines[index]`` is a table's header: a row with the header rule under it."""
    return (
        index + 1 < len(lines)
        and ROW.fullmatch(lines[index]) is not None
        and RULE.fullmatch(lines[index + 1]) is not None
    )


def rows_from(lines: Sequence[str], index: int) -> list[str]:
    """The table rows from ``lines[index]`` on, up to the first line that is no row (a table's
    body, given the index after its header rule)."""
    rows = []
    for line in lines[index:]:
        if not ROW.fullmatch(line):
            break
        rows.append(line)
    return rows


def bars_blanked(text: str) -> str:
    """``text`` with the bars between the cells of its markdown tables' rows blanked out,
    every position kept: "| Adding | 2 | $100 |" says $100 as plainly as "Adding 2: $100"
    (:func:`checkers.tokens.hedged` reads a bar between two numbers as one of two options,
    "$54 | $41"). A row's last bar becomes a semicolon: a row stays a clause of its own, so
    "| Checked bags | 1 (free) |" over "| Total | $108 |" makes no $108 free. Every line with
    bars at both ends is a row, under a header rule or not."""
    return _ROW_LINE.sub(lambda row: _row_blanked(row.group(0)), text)


def _row_blanked(row: str) -> str:
    """A table row with its bars blanked and its last one a semicolon, every position kept."""
    last = row.rfind("|")
    return row[:last].replace("|", " ") + ";" + row[last + 1 :]
