"""A PostgreSQL server for the tests: the one ``CHECKERS_TEST_POSTGRES_URL`` names (``.ci/run``
starts one), else a throwaway cluster started from Debian's packaged binaries
(``/usr/lib/postgresql/*/bin``), else a skip, except in CI (``CI=true``), where that is a failure:
CI never passes by skipping.

The cluster listens on 127.0.0.1 only, trusts local connections, lives in a temporary directory
and is stopped and removed at the end. As root (CI) it runs as the ``postgres`` user, since
PostgreSQL refuses to run as root. Each test module takes a database of its own
(:func:`fresh_database`), so modules never see each other's tables.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

URL_VARIABLE = "CHECKERS_TEST_POSTGRES_URL"
"""A server URL given from outside (``postgresql://user@host:port/db``); the tests create and
drop databases on it."""
_SERVER_USER = "postgres"
_INITDB_OPTIONS = ("--auth=trust", "-E", "UTF8", "--no-sync")
"""Whom the cluster runs as when the tests run as root."""


PACKAGED = Path("/usr/lib/postgresql")
"""Where Debian's postgresql packages put each version's binaries (``<version>/bin``)."""


def packaged_binaries(root: Path = PACKAGED) -> Path | None:
    """The newest ``<root>/<version>/bin`` holding a server, or None."""
    found = [
        path.parent
        for path in root.glob("*/bin/postgres")
        if path.parent.name == "bin" and path.parent.parent.name.isdigit()
    ]
    return max(found, key=lambda p: int(p.parent.name), default=None)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run(user: str | None, *command: str | Path) -> None:
    """Run a server binary (as ``user`` when given); its output is shown only when it fails."""
    done = subprocess.run(command, user=user, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"{command[0]} failed ({done.returncode}): {done.stdout}{done.stderr}")


@contextmanager
def throwaway_cluster(binaries: Path) -> Iterator[str]:
    """A new cluster from ``binaries`` on a free port of 127.0.0.1 (its URL), removed after."""
    as_root = os.geteuid() == 0
    user = _SERVER_USER if as_root else None
    # Not pytest's tmp_path: its parents are private to root, where the server user cannot go.
    home = Path(tempfile.mkdtemp(prefix="checkers-pg-"))
    data = home / "data"
    if as_root:
        shutil.chown(home, _SERVER_USER)
    port = _free_port()
    try:
        # Trust: the server listens on 127.0.0.1 only, and lives as long as the tests.
        _run(user, binaries / "initdb", "-D", data, "-U", "postgres", *_INITDB_OPTIONS)
        options = f"-h 127.0.0.1 -p {port} -k {home} -c fsync=off"
        _run(
            user, binaries / "pg_ctl", "-D", data, "-l", home / "log", "-o", options, "-w", "start"
        )
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
        finally:
            _run(user, binaries / "pg_ctl", "-D", data, "-m", "fast", "-w", "stop")
    finally:
        shutil.rmtree(home, ignore_errors=True)


def server_url(root: Path = PACKAGED) -> Iterator[str]:
    """The body of a fixture: the server's URL (see the module docstring); ``root`` is where to
    look for packaged binaries."""
    given = os.environ.get(URL_VARIABLE)
    if given:
        yield given
        return
    binaries = packaged_binaries(root)
    if binaries is None:
        if os.environ.get("CI") == "true":
            pytest.fail(
                f"no PostgreSQL server in CI: .ci/run must install Debian's postgresql and set "
                f"{URL_VARIABLE}"
            )
        pytest.skip(
            f"no PostgreSQL (Debian: apt-get install postgresql, or set {URL_VARIABLE}); CI runs "
            "these tests"
        )
    with throwaway_cluster(binaries) as url:
        yield url


def with_database(url: str, name: str) -> str:
    """``url`` with its database replaced by ``name``."""
    base, _, _ = url.rpartition("/")
    return f"{base}/{name}"


@contextmanager
def fresh_database(url: str, copy_of: str | None = None) -> Iterator[str]:
    """A new database on the server at ``url`` (its URL), dropped after: empty, or a copy of the
    database named by the URL ``copy_of`` (which nothing may be connected to)."""
    import psycopg

    name = f"checkers_test_{uuid.uuid4().hex[:12]}"
    template = "" if copy_of is None else f' TEMPLATE "{copy_of.rpartition("/")[2]}"'
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"{template}')
    try:
        yield with_database(url, name)
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
