"""Run Python code in a fresh interpreter in which some installed packages cannot be imported,
as if they were not installed; it records every import it refused.

A fresh process, so that modules this pytest process already imported hide nothing. The script
given runs after the refusal is in place, with ``refused`` (the list of refused module names)
in scope; ``sys.argv[2:]`` are the arguments given.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ADK = ("google.adk", "google.genai")
"""The packages ``checkers.adk`` alone may import."""
TEST_EXTRAS = ("hypothesis", "pytest", "_pytest")
"""What ``pip install .[test]`` adds and a plain install lacks: judging must not need them."""

_REFUSE = r"""
import importlib.abc, json, os, sys

sys.path.insert(0, sys.argv[1])
refused = []
_REFUSED = tuple(json.loads(os.environ["REFUSED_PACKAGES"]))


class Refuse(importlib.abc.MetaPathFinder):
    # As if the packages were not installed: Python's own error, named.
    def find_spec(self, name, path=None, target=None):
        if name in _REFUSED or name.startswith(tuple(p + "." for p in _REFUSED)):
            refused.append(name)
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by the test)", name=name)
        return None


sys.meta_path.insert(0, Refuse())
"""

IMPORT_EACH = r"""
import importlib

outcomes = {}
for module in sys.argv[2:]:
    refused.clear()
    try:
        importlib.import_module(module)
        error = None
    except Exception as caught:
        error = f"{type(caught).__name__}: {caught}"
    outcomes[module] = {"error": error, "refused": sorted(set(refused))}
print(json.dumps(outcomes))
"""

RUN_CLI = r"""
from checkers.cli import main

sys.exit(main(sys.argv[2:]))
"""


def refusing(packages: Sequence[str], script: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a fresh Python in which ``packages`` (and their submodules) cannot be
    imported."""
    return subprocess.run(
        [sys.executable, "-c", _REFUSE + script, str(ROOT), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, "REFUSED_PACKAGES": json.dumps(list(packages))},
    )


def import_refusing(
    packages: Sequence[str], modules: Sequence[str]
) -> dict[str, dict[str, object]]:
    """Import each of ``modules`` with ``packages`` refused: per module, the error its import
    raised (None) and the refused imports it attempted."""
    done = refusing(packages, IMPORT_EACH, *modules)
    assert done.returncode == 0, done.stderr
    outcomes: dict[str, dict[str, object]] = json.loads(done.stdout.splitlines()[-1])
    return outcomes
