"""The code stays as the project's own checks want it: ruff's lint and format, and mypy --strict;
and so does the code ``checkers new`` writes.

Run the same commands by hand (``.venv/bin/ruff format .`` fixes formatting)::

    .venv/bin/ruff check . && .venv/bin/ruff format --check . && .venv/bin/mypy
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from checkers.cli import main
from tests.test_scaffold import NAME, domain_env

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )


@pytest.mark.parametrize(
    "command",
    [("ruff", "check", "."), ("ruff", "format", "--check", ".")],
    ids=["ruff-check", "ruff-format"],
)
def test_ruff(command: tuple[str, ...]) -> None:
    done = run(str(BIN / command[0]), *command[1:])
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict() -> None:
    done = run(str(BIN / "mypy"))
    assert done.returncode == 0, done.stdout + done.stderr


_NOT_FOLLOWED = re.compile(r'^module = \[([^]]*)\]\nfollow_imports = "skip"$', re.MULTILINE)
TEMPLATE_PYPROJECT = ROOT / "checkers" / "scaffold" / "template" / "project" / "pyproject.toml.tmpl"


def not_followed(pyproject: Path) -> list[str]:
    """The modules a pyproject's mypy overrides do not follow (``follow_imports = "skip"``)."""
    blocks = _NOT_FOLLOWED.findall(pyproject.read_text(encoding="utf-8"))
    return sorted(re.findall(r'"([^"]+)"', "".join(blocks)))


def test_a_scaffolded_project_skips_the_modules_the_project_skips() -> None:
    """The scaffold's mypy follows what the project's follows: the test below checks a new
    domain on a copy of the project's cache, which holds none of the skipped modules."""
    assert not_followed(ROOT / "pyproject.toml"), "pyproject.toml skips no module"
    assert not_followed(TEMPLATE_PYPROJECT) == not_followed(ROOT / "pyproject.toml")


@pytest.mark.slow
def test_a_scaffolded_domain_passes_ruff_and_mypy_strict(tmp_path: Path) -> None:
    """Runs after :func:`test_mypy_strict` (a file's tests run in order on one worker under
    the suite's ``--dist loadfile``), on a copy of its cache: what the new domain imports (the
    checkers, pydantic, google-adk) is checked once, not again from nothing (a minute of the
    suite on two cores). A cache that cannot be copied is left out: mypy then starts cold."""
    root = tmp_path / "project"
    assert main(["new", NAME, "--root", str(root)]) == 0
    env = domain_env(root)
    for command in (["ruff", "check", "domains"], ["ruff", "format", "--check", "domains"]):
        done = subprocess.run(
            command, cwd=root, env=env, capture_output=True, text=True, timeout=600, check=False
        )
        assert done.returncode == 0, done.stdout + done.stderr
    cache = tmp_path / ".mypy_cache"
    if (ROOT / ".mypy_cache").is_dir():
        try:
            shutil.copytree(ROOT / ".mypy_cache", cache)
        except (OSError, shutil.Error):  # being written by another run: start cold
            shutil.rmtree(cache, ignore_errors=True)
    done = subprocess.run(
        ["mypy", "--cache-dir", str(cache), "-p", f"domains.{NAME}"],
        cwd=root,
        env={**env, "MYPYPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
