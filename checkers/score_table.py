"""Verdicts in an SQL table (SQLite or PostgreSQL), for dashboards and queries over production
traffic: one row per session, metric, subject and requirement (:func:`checkers.score.verdict_rows`),
and one per dead letter.

Rows are upserted by a stable key (app, user, session, metric, subject, requirement, position),
and a session's rows that a new judging no longer gives are deleted, so a re-run over the same
sessions leaves the table as it was, and one after a checker changed leaves exactly the new
verdicts; a session that a re-run could not read (a dead letter) keeps no verdict an earlier run
left for it. Every value is stored as every database takes it (:func:`storable`: no NUL, no short
text past 255 characters), the same on SQLite and PostgreSQL; every dead letter of a run is a
row, two under one session's ids included. A database that refuses a write stops the run with
:class:`~checkers.score.OutputError`. Needs SQLAlchemy (google-adk installs it); PostgreSQL
needs a driver: a URL naming none (``postgresql://...``) is read with psycopg 3 (the
``sessions`` extra installs it).
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from checkers.errors import ConfigError, optional_module
from checkers.score import DeadLetter, OutputError, SessionVerdict, verdict_rows
from checkers.text import without_surrogates

KEY = ("app_name", "user_id", "session_id", "metric", "subject", "requirement", "position")
"""What makes a verdict row unique."""
_SESSION = ("app_name", "user_id", "session_id")
_SYNC_DRIVERS = {"postgresql": "postgresql+psycopg", "postgres": "postgresql+psycopg"}
_TEXT_LIMIT = 255
"""The length of the table's short text columns (``String(255)``: ids, names, codes)."""
_LONG_TEXT = ("reason",)
"""The columns of unlimited text (``Text``)."""
_SHORTENED = "\u2026#"
"""What marks a value :func:`storable` shortened: the hash of the whole value follows."""


def storable(column: str, value: Any) -> Any:
    """``value`` as column ``column`` can hold it on every database (PostgreSQL refuses a NUL
    character in text, and a value longer than its ``String(255)`` columns): a lone surrogate
    or a NUL replaced, and a short-text value that is longer than 255 characters, holds a NUL,
    or holds the mark of a shortened value, shortened to its first 200 characters, the mark
    and a hash of the whole value. The same on every run (so a re-run upserts the same keys)
    and on SQLite and PostgreSQL alike; values that differ stay different (up to the hash).
    Anything but text is as given."""
    if not isinstance(value, str):
        return value
    text = without_surrogates(value)
    if column in _LONG_TEXT:
        return text.replace("\x00", "\ufffd")
    if len(text) <= _TEXT_LIMIT and "\x00" not in text and _SHORTENED not in text:
        return text
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()
    return f"{text[:200].replace(chr(0), chr(0xFFFD))}{_SHORTENED}{digest}"


def storable_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """Every value of ``row`` as :func:`storable` makes it."""
    return {column: storable(column, value) for column, value in row.items()}


def sync_url(db_url: str) -> str:
    """``db_url`` with psycopg 3 as the driver when it names PostgreSQL but no driver
    (SQLAlchemy would take psycopg2, which the project does not install):
    ``postgresql://h/db`` -> ``postgresql+psycopg://h/db``; any other URL as it is."""
    scheme, sep, rest = db_url.partition("://")
    return f"{_SYNC_DRIVERS.get(scheme, scheme)}{sep}{rest}"


def _sqlalchemy() -> Any:
    return optional_module(
        "sqlalchemy",
        "writing verdicts to a database",
        "pip install sqlalchemy; google-adk installs it",
    )


class TableSink:
    """Verdict rows in table ``table`` (and dead letters in ``<table>_dead_letters``) of the
    database at ``url`` (an SQLAlchemy URL: ``sqlite:///verdicts.db``), created if missing.

    Raises ConfigError for a URL SQLAlchemy cannot open, naming it."""

    def __init__(self, url: str, table: str = "checkers_verdicts") -> None:
        sa = self.sa = _sqlalchemy()
        self.judged: set[bytes] = set()
        """The sessions of this run that got verdicts (:func:`_digest`): a dead letter of one
        read later under the same ids (a repeat) leaves those verdicts, where a dead letter
        clears the verdicts a run before left."""
        self.lettered: dict[bytes, int] = {}
        """The dead letters of this run, by session (:func:`_digest`): a verdict of a session
        read later under the same ids (a broken record, then a readable one) leaves them, where
        a verdict clears the dead letter a run before left; a second dead letter under the same
        ids is a row of its own (:func:`_repeat_id`), so the table holds every one."""
        try:
            self.engine = sa.create_engine(sync_url(url))
        except Exception as error:
            raise ConfigError(f"cannot open the verdict database {url!r}: {error}") from error
        text, number = sa.String(255), sa.Float()
        metadata = sa.MetaData()
        self.rows = sa.Table(
            table,
            metadata,
            *(sa.Column(name, sa.Integer() if name == "position" else text) for name in KEY),
            sa.Column("subject_name", text),
            sa.Column("scenario_id", text),
            sa.Column("score", number),
            sa.Column("passed", sa.Boolean()),
            sa.Column("outcome", text),
            sa.Column("reason_code", text),
            sa.Column("reason", sa.Text()),
            sa.PrimaryKeyConstraint(*KEY),
        )
        self.letters = sa.Table(
            f"{table}_dead_letters",
            metadata,
            *(sa.Column(name, text) for name in _SESSION),
            sa.Column("reason", sa.Text()),
            sa.PrimaryKeyConstraint(*_SESSION),
        )
        try:
            metadata.create_all(self.engine)
        except Exception as error:
            raise ConfigError(f"cannot create the verdict tables in {url!r}: {error}") from error

    def _upsert(
        self, connection: Any, table: Any, rows: list[dict[str, Any]], key: Sequence[str]
    ) -> None:
        """Insert ``rows``, updating those whose ``key`` is already there."""
        if not rows:
            return
        dialect = self.engine.dialect.name
        if dialect not in ("sqlite", "postgresql"):
            for row in rows:  # portable: replace each row
                where = self.sa.and_(*(table.c[k] == row[k] for k in key))
                connection.execute(table.delete().where(where))
            connection.execute(table.insert(), rows)
            return
        insert = importlib.import_module(f"sqlalchemy.dialects.{dialect}").insert(table)
        others = {c.name: insert.excluded[c.name] for c in table.columns if c.name not in key}
        connection.execute(
            insert.on_conflict_do_update(index_elements=list(key), set_=others), rows
        )

    def write(self, verdicts: Sequence[SessionVerdict]) -> None:
        """Upsert the rows of ``verdicts``; delete rows of the same session and metric that
        they no longer give; clear the session's dead letter. Raises OutputError when the
        database refuses."""
        try:
            self._write(verdicts)
        except self.sa.exc.SQLAlchemyError as error:
            raise _refused(self.engine.url, error) from error

    def _write(self, verdicts: Sequence[SessionVerdict]) -> None:
        sa = self.sa
        with self.engine.begin() as connection:
            for one in verdicts:
                rows = [storable_row(row) for row in verdict_rows(one)]
                self._upsert(connection, self.rows, rows, KEY)
                # As the rows hold them (storable: a lone surrogate or a NUL cannot be stored).
                session = {k: storable(k, getattr(one.session, k)) for k in _SESSION}
                same = [self.rows.c[k] == v for k, v in session.items()]
                same.append(self.rows.c.metric == storable("metric", one.metric))
                kept = sa.tuple_(*(self.rows.c[k] for k in KEY[4:])).in_(
                    [tuple(r[k] for k in KEY[4:]) for r in rows]
                )
                stale = sa.and_(*same, sa.not_(kept)) if rows else sa.and_(*same)
                connection.execute(self.rows.delete().where(stale))
                self.judged.add(_digest(session))
                if _digest(session) in self.lettered:
                    continue  # a dead letter of this run under the same ids: both stay
                connection.execute(
                    self.letters.delete().where(
                        sa.and_(*(self.letters.c[k] == v for k, v in session.items()))
                    )
                )

    def dead_letter(self, letter: DeadLetter) -> None:
        """Upsert the dead letter's row, and delete the session's verdict rows an earlier run
        left (none of this run's: a repeat's dead letter leaves the first one's verdicts).
        Raises OutputError when the database refuses."""
        try:
            stored = storable_row(letter.as_json())
            digest = _digest(stored)
            seen = self.lettered.get(digest, 0)
            row = {**stored, "session_id": _repeat_id(stored["session_id"], seen + 1)}
            with self.engine.begin() as connection:
                self._upsert(connection, self.letters, [row if seen else stored], _SESSION)
                if digest not in self.judged:
                    # The session cannot be judged now: a verdict an earlier run left for it
                    # (a pass, say) is no longer what the table can say of it.
                    same = [self.rows.c[k] == stored[k] for k in _SESSION]
                    connection.execute(self.rows.delete().where(self.sa.and_(*same)))
            self.lettered[digest] = seen + 1
        except self.sa.exc.SQLAlchemyError as error:
            raise _refused(self.engine.url, error) from error

    def close(self) -> None:
        self.engine.dispose()


def _repeat_id(session_id: str, number: int) -> str:
    """The stored session id of the ``number``-th dead letter of one session in a run (2 and
    on): the id, the mark of a changed value and the number. No id read is stored so (an id
    holding the mark is stored hashed: :func:`storable`), and a re-run numbers them alike."""
    suffix = f"{_SHORTENED}{number}"
    return session_id[: _TEXT_LIMIT - len(suffix)] + suffix


def _digest(row: Mapping[str, Any]) -> bytes:
    """A 16-byte digest of the app, user and session id a stored row holds."""
    key = "\x00".join(str(row[k]) for k in _SESSION)  # stored values hold no NUL
    return hashlib.blake2b(key.encode("utf-8"), digest_size=16).digest()


def _refused(url: Any, error: Exception) -> OutputError:
    """The OutputError of a database that refused to store verdicts (gone away, locked, full)."""
    lines = str(error).splitlines()
    shown = url.render_as_string(hide_password=True) if hasattr(url, "render_as_string") else url
    return OutputError(
        f"cannot write the verdicts to the table at {str(shown)[:300]!r}: "
        f"{type(error).__name__}: {lines[0][:300] if lines else ''}; scoring stopped, and the "
        "table is incomplete: run it again once the database takes writes (a re-run upserts)"
    )
