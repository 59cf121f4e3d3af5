"""The code stays as the project's own checks want it: ruff's lint and format, and mypy --strict.

Run the same commands by hand (``.venv/bin/ruff format .`` fixes formatting)::

    .venv/bin/ruff check . && .venv/bin/ruff format --check . && .venv/bin/mypy
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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
