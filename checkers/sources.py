"""Where ``checkers score`` reads recorded sessions from: a source named by one string.

A source string is a database URL (``sqlite:///sessions.db``, ``postgresql://host/db``: ADK's
own session store, read with plain SQL as ADK's ``DatabaseSessionService`` reads it, or through
that service: :mod:`checkers.adk.session_sql`) or ``KIND:PATH`` for a file
source. :func:`open_sessions` streams the sessions of a source, one at a time, as
:class:`~checkers.sessions.RecordedSession` (or a :class:`~checkers.score.DeadLetter` for one
that cannot be read); a reader never holds the whole input in memory.

A reader is registered in :data:`READERS` under its kind; ADK's store is read only when a
database URL is given, so file sources need no google-adk.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

from checkers.errors import CheckersError, ConfigError
from checkers.score import DeadLetter
from checkers.sessions import RecordedSession


@dataclass
class ReadOptions:
    """What a reader is asked for: the app whose sessions to read (``None``: every app the
    source holds, where the source tells apps apart), whether ADK's eval sessions are wanted,
    and a tally of what was left out."""

    app_name: str | None = None
    include_eval: bool = False
    skipped_eval: int = field(default=0)
    adk_service: bool = False
    """Read ADK's session database through ADK's ``DatabaseSessionService`` even where plain
    SQL reads it (:mod:`checkers.adk.session_sql`): slower, ADK's own reading."""
    notes: list[str] = field(default_factory=list)
    """What a reader says about how it read (ADK's store read through ADK's service, and why),
    for the summary."""
    trust_user_tags: bool = False
    """Whether the sessions read may name their scenario by ``[scenario:<id>]`` tags in user
    messages (:attr:`checkers.sessions.RecordedSession.tags_trusted`), set on every session
    :func:`open_sessions` gives."""

    def reading(self) -> ReadOptions:
        """Options asking for what these ask for, with nothing left out or noted yet: what a
        worker parses a chunk of records under."""
        return ReadOptions(self.app_name, self.include_eval, trust_user_tags=self.trust_user_tags)


T = TypeVar("T")


class SourceError(CheckersError):
    """A reader stopped with an error of its own in the middle of a source (a store whose app
    state is corrupt, a disk failing under the file): the sessions after it cannot be counted,
    so scoring stops, saying how far it got, rather than ending in a traceback."""


Reader = Callable[[str, ReadOptions], Iterator[RecordedSession | DeadLetter]]
"""Reads the sessions at a location (the part of the source string after ``KIND:``)."""

DATABASE_SCHEMES = ("sqlite", "postgresql", "postgres", "mysql")


def _adk_store(url: str, options: ReadOptions) -> Iterator[RecordedSession | DeadLetter]:
    from checkers.adk.session_sql import adk_sessions

    if options.app_name is None:
        raise ConfigError("reading ADK's session database needs --app (the app's name)")
    return adk_sessions(url, options.app_name, options)


def _tau_bench(path: str, options: ReadOptions) -> Iterator[RecordedSession | DeadLetter]:
    from checkers.readers.tau_bench import tau_bench_sessions

    return tau_bench_sessions(path, options)


def _eval_history(path: str, options: ReadOptions) -> Iterator[RecordedSession | DeadLetter]:
    from checkers.readers.eval_history import eval_history_sessions

    return eval_history_sessions(path, options)


def _bigquery(path: str, options: ReadOptions) -> Iterator[RecordedSession | DeadLetter]:
    from checkers.readers.bigquery import eval_view_sessions

    return eval_view_sessions(path, options)


def _jsonl(path: str, options: ReadOptions) -> Iterator[RecordedSession | DeadLetter]:
    from checkers.readers.jsonl import read_jsonl

    return read_jsonl(path, options)


READERS: dict[str, Reader] = {
    "jsonl": _jsonl,
    "tau-bench": _tau_bench,
    "adk-eval-history": _eval_history,
    "bq-eval-view": _bigquery,
}
"""File readers by kind (``KIND:PATH``; see :mod:`checkers.readers`), each imported when its
kind is asked for; see :func:`open_sessions`."""


def source_kinds() -> list[str]:
    """The kinds a source string may start with, for help and error messages."""
    return ["a database URL (sqlite:///..., postgresql://...)"] + [f"{k}:PATH" for k in READERS]


def local_paths(source: str) -> list[Path]:
    """The local files or folders ``source`` reads (none for a server database or a remote
    location), so that a caller can refuse to write over its own input."""
    kind, sep, rest = source.partition(":")
    if not sep:
        return []
    if kind.split("+", 1)[0].lower() == "sqlite" and rest.startswith("///"):
        return [Path(rest[3:])]
    if kind in READERS and "://" not in rest:
        return [Path(rest)]
    return []


def _read_by(source: str, paths: Iterable[Path]) -> Path | None:
    """The first of ``paths`` that is a file ``source`` reads (:func:`local_paths`), if any."""
    return next(
        (path for path in paths for read in local_paths(source) if _same_file(path, read)), None
    )


def refuse_overwriting_input(source: str, outputs: Iterable[Path]) -> None:
    """Raise ConfigError when an output file is a file ``source`` reads: opening it for writing
    would erase the sessions before they are read."""
    output = _read_by(source, outputs)
    if output is not None:
        raise ConfigError(
            f"{output} is what --sessions {source} reads; writing verdicts there would erase "
            "the sessions: give another output file"
        )


def refuse_table_on_input(source: str, tables: Iterable[Path]) -> None:
    """Raise ConfigError when the verdict table's SQLite file is a file ``source`` reads (ADK's
    own session store): the store is read in one statement, which holds SQLite's lock, so the
    table could never be written ("database is locked")."""
    table = _read_by(source, tables)
    if table is not None:
        raise ConfigError(
            f"--table {table} is the file --sessions {source} reads; SQLite cannot write the "
            "verdicts while the sessions are being read from it: give the table another file"
        )


def refuse_shared_outputs(outputs: Iterable[tuple[str, Path]]) -> None:
    """Raise ConfigError when two outputs (named, e.g. ``("--out", path)``) are one file:
    written through two handles at once, each would write over the other's lines."""
    seen: list[tuple[str, Path]] = []
    for name, path in outputs:
        for other_name, other in seen:
            if _same_file(path, other):
                raise ConfigError(
                    f"{name} {path} and {other_name} {other} are the same file; each would "
                    "write over the other's lines: give each its own file"
                )
        seen.append((name, path))


def _same_file(one: Path, other: Path) -> bool:
    try:
        if one.exists() and other.exists():
            return os.path.samefile(one, other)
        return one.resolve() == other.resolve()
    except (OSError, RuntimeError):  # a symlink loop, a path the system refuses
        return str(one) == str(other)


def open_sessions(source: str, options: ReadOptions) -> Iterator[RecordedSession | DeadLetter]:
    """The sessions at ``source``, streamed. Raises ConfigError naming the source kinds when
    ``source`` names none."""
    kind, sep, rest = source.partition(":")
    base = kind.split("+", 1)[0].lower()
    if sep and base in DATABASE_SCHEMES and rest.startswith("//"):
        sessions = _adk_store(source, options)
    elif sep and kind in READERS:
        sessions = READERS[kind](rest, options)
    else:
        raise ConfigError(
            f"cannot tell what kind of source {source!r} is; give one of: "
            + ", ".join(source_kinds())
        )
    sessions = guarded(sessions, source)
    return _trusting(sessions) if options.trust_user_tags else sessions


def guarded(records: Iterable[T], source: str) -> Iterator[T]:
    """``records`` read from ``source``, an exception a reader raised (other than the errors
    this package raises on purpose) turned into :class:`SourceError`, which names the source,
    the error, and how many records were read before it: every reader's failures end a run
    the same way, with a message and status 2, never a traceback."""
    count = 0
    try:
        for record in records:
            yield record
            count += 1
    except CheckersError:
        raise
    except Exception as error:
        lines = str(error).splitlines()
        why = f"{type(error).__name__}: {lines[0][:300] if lines else ''}"
        raise SourceError(
            f"reading {source[:300]!r} stopped after {count:,} records: {why}; what was "
            "read before is judged and written, the rest is not: repair the source and run "
            "it again"
        ) from error


def _trusting(
    sessions: Iterator[RecordedSession | DeadLetter],
) -> Iterator[RecordedSession | DeadLetter]:
    """``sessions``, each session's tags trusted."""
    for session in sessions:
        if isinstance(session, RecordedSession):
            session = replace(session, tags_trusted=True)
        yield session
