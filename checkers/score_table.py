"""Verdicts in an SQL table (SQLite or PostgreSQL), for dashboards and queries over production
traffic: one row per session, metric, subject and requirement (:func:`checkers.score.verdict_rows`),
and one per dead letter.

Rows are upserted by a stable key (app, user, session, metric, subject, requirement, position),
and a session's rows that a new judging no longer gives are deleted, so a re-run over the same
sessions leaves the table as it was, and one after a checker changed leaves exactly the new
verdicts. Needs SQLAlchemy (google-adk installs it); PostgreSQL needs a driver: a URL naming
none (``postgresql://...``) is read with psycopg 3 (the ``sessions`` extra installs it).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from checkers.errors import ConfigError, optional_module
from checkers.score import DeadLetter, SessionVerdict, verdict_rows
from checkers.text import without_surrogates

KEY = ("app_name", "user_id", "session_id", "metric", "subject", "requirement", "position")
"""What makes a verdict row unique."""
_SESSION = ("app_name", "user_id", "session_id")
_SYNC_DRIVERS = {"postgresql": "postgresql+psycopg", "postgres": "postgresql+psycopg"}


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
        they no longer give; clear the session's dead letter."""
        sa = self.sa
        with self.engine.begin() as connection:
            for one in verdicts:
                rows = verdict_rows(one)
                self._upsert(connection, self.rows, rows, KEY)
                # As verdict_rows wrote them: a lone surrogate in an id cannot be stored.
                session = {k: without_surrogates(getattr(one.session, k)) for k in _SESSION}
                same = [self.rows.c[k] == v for k, v in session.items()]
                same.append(self.rows.c.metric == one.metric)
                kept = sa.tuple_(*(self.rows.c[k] for k in KEY[4:])).in_(
                    [tuple(r[k] for k in KEY[4:]) for r in rows]
                )
                stale = sa.and_(*same, sa.not_(kept)) if rows else sa.and_(*same)
                connection.execute(self.rows.delete().where(stale))
                connection.execute(
                    self.letters.delete().where(
                        sa.and_(*(self.letters.c[k] == v for k, v in session.items()))
                    )
                )

    def dead_letter(self, letter: DeadLetter) -> None:
        with self.engine.begin() as connection:
            self._upsert(connection, self.letters, [letter.as_json()], _SESSION)

    def close(self) -> None:
        self.engine.dispose()
