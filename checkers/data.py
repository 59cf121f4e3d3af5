"""Reading a domain's bundled data files, with errors that name the file and the bad field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from checkers.errors import DataError


def read_json(path: Path) -> Any:
    """Parsed JSON of ``path``; DataError naming the file and the position on failure."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise DataError(f"cannot read {path}: {error.strerror}") from error
    except json.JSONDecodeError as error:
        raise DataError(
            f"{path} is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from error


def read_jsonl(path: Path) -> list[Any]:
    """One parsed JSON value per non-blank line of ``path``."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise DataError(f"cannot read {path}: {error.strerror}") from error
    rows = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise DataError(f"{path}, line {number}: not JSON ({error.msg})") from error
    return rows


def validate(adapter: TypeAdapter[Any], value: Any, where: str | Path) -> Any:
    """``value`` validated by ``adapter``; DataError naming ``where`` and the first bad field."""
    try:
        return adapter.validate_python(value)
    except ValidationError as error:
        first = error.errors()[0]
        loc = ".".join(map(str, first["loc"]))
        raise DataError(
            f"{where}: {loc}: {first['msg']} (got {str(first.get('input'))[:60]!r}); "
            f"{error.error_count()} error(s) in all"
        ) from error
