"""Reading a domain's bundled data files, with errors that name the file and the bad field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

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
    except UnicodeDecodeError as error:
        raise DataError(
            f"{path} is not UTF-8 text (byte {error.start}: {error.reason}); save it as UTF-8"
        ) from error
    except (ValueError, RecursionError) as error:  # a 5,000-digit number, absurd nesting
        raise DataError(f"{path} cannot be read as JSON ({type(error).__name__})") from error


def read_jsonl(path: Path) -> list[Any]:
    """One parsed JSON value per non-blank line of ``path``."""
    return [value for _, value in numbered_jsonl(path)]


def numbered_jsonl(path: Path) -> list[tuple[int, Any]]:
    """``(line number, parsed JSON value)`` per non-blank line of ``path`` (numbered from 1, so
    a caller's own message can name the line). Raises DataError naming the file and line."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise DataError(f"cannot read {path}: {error.strerror}") from error
    rows = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            rows.append((number, json.loads(line)))
        except json.JSONDecodeError as error:
            raise DataError(f"{path}, line {number}: not JSON ({error.msg})") from error
        except (ValueError, RecursionError) as error:  # a 5,000-digit number, absurd nesting
            raise DataError(
                f"{path}, line {number}: cannot be read as JSON ({type(error).__name__})"
            ) from error
    return rows


V = TypeVar("V")


def validate(adapter: TypeAdapter[V], value: Any, where: str | Path) -> V:
    """``value`` validated by ``adapter``; DataError naming ``where`` and the first bad field."""
    try:
        return adapter.validate_python(value)
    except ValidationError as error:
        first = error.errors()[0]
        loc = ".".join(map(str, first["loc"])) or "the top level"
        raise DataError(
            f"{where}: {loc}: {first['msg']}{_got(first.get('input'))}; "
            f"{error.error_count()} error(s) in all"
        ) from error


def _got(value: Any) -> str:
    """The offending value, quoted only when it is one short scalar: an object or list is the
    file's content itself, and a file named by an untrusted reference must not be copied into
    an error message (which goes into details files)."""
    if isinstance(value, dict):
        return " (got an object)"
    if isinstance(value, (list, tuple)):
        return " (got a list)"
    return f" (got {str(value)[:40]!r})"


E = TypeVar("E", bound=BaseModel)


def read_examples(path: Path, model: type[E], what: str, shape: str, example: Path) -> list[E]:
    """The labelled examples of a JSONL file, one ``model`` per line, ids unique.

    Raises DataError naming the file, the line and the problem: ``what`` names the examples
    (``labelled injections``), ``shape`` says what a line holds (``id, text, injection``),
    ``example`` is a file that loads (quoted in the fix).
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise DataError(
            f"cannot read {what} {str(path)!r}: {error.strerror}; pass a JSONL file, e.g. {example}"
        ) from error
    examples = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            examples.append(model.model_validate_json(line))
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(map(str, first["loc"])) or "(line)"
            raise DataError(
                f"{path}:{number}: {where}: {first['msg']}; each line is one object with {shape}"
            ) from error
    ids = [getattr(e, "id", None) for e in examples]
    repeated = sorted({str(i) for i in ids if ids.count(i) > 1})
    if repeated:
        raise DataError(f"{path}: example ids must be unique; repeated: {repeated}")
    if not examples:
        raise DataError(f"{path} holds no examples")
    return examples
