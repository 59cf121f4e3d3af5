"""Markdown tables in an agent's text, found and flattened for readers of prose.

An agent often lays a listing or a receipt out as a table ("| Adding | 2 | $100 |"). The core's
readers of money and counts read sentences and lines; these functions find a table's rows and
cells (:func:`starts_table`, :func:`rows_from`, :func:`cells`), write a table of things by
column one row per thing (:func:`by_column`), and flatten its rows into text those readers
read as they read prose (:func:`bars_blanked`;
:func:`checkers.charges_summary.tables_as_lists` rewrites a table of money moved as a summary's
list).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

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


def headed_tables(lines: Sequence[str], header: re.Pattern[str]) -> Iterator[tuple[int, list[int]]]:
    """Each table of ``lines`` with a column whose header ``header`` finds: the index of its
    header row and those columns' positions (its body is :func:`rows_from` two lines on)."""
    for index, line in enumerate(lines):
        if starts_table(lines, index):
            columns = [k for k, cell in enumerate(cells(line)) if header.search(cell)]
            if columns:
                yield index, columns


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


def by_column(text: str, names: Callable[[str], Sequence[str]]) -> str:
    """``text`` with each markdown table whose header names one thing per column, past its
    first ("| | #W1 | #W2 |" over "| Total | $3,048.69 | $53.72 |"), written one row per
    thing ("| #W1 | Total: $3,048.69 |"): a cell under a header naming a thing is said of that
    thing, as a row naming it is, so a reader of lines binds it. ``names`` reads the things a
    cell names. A table whose body names things of its own, or whose header does not name one
    in each cell past two or more, is left as it is; so is every other line."""
    lines = text.split("\n")
    index, out = 0, []
    while index < len(lines):
        if not starts_table(lines, index):
            out.append(lines[index])
            index += 1
            continue
        body = rows_from(lines, index + 2)
        out += _columns_as_rows(lines[index], body, names) or lines[index : index + 2] + body
        index += 2 + len(body)
    return "\n".join(out)


def _columns_as_rows(
    header: str, body: Sequence[str], names: Callable[[str], Sequence[str]]
) -> list[str]:
    """The rows of a table whose header's cells past the first each name one thing, written one
    per thing (its header cell, then each body row's label and cell); empty for any other."""
    heads = cells(header)[1:]
    if len(heads) < 2 or any(len(names(cell)) != 1 for cell in heads):
        return []
    rows = [cells(row) for row in body]
    if not rows or any(len(row) != len(heads) + 1 or names(" ".join(row)) for row in rows):
        return []
    return [
        "| "
        + " | ".join([head] + [f"{row[0]}: {row[n]}" if row[0] else row[n] for row in rows])
        + " |"
        for n, head in enumerate(heads, start=1)
    ]
