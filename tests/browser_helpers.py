"""Real headless Chromium for the HTML pages' browser tests.

Chromium is Debian's ``chromium`` package, which ``.ci/run`` installs. Without it a browser test
is skipped on a developer's machine and fails in CI (``CI=true``), so CI never passes by skipping.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--enable-logging=stderr",  # the page's console messages, for tests that forbid them
    "--v=0",
]


def chromium() -> str:
    """The Chromium binary; skips without one, except in CI, where that is a failure."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    if os.environ.get("CI") == "true":
        pytest.fail("chromium is not installed in CI; .ci/run must apt-get install chromium")
    pytest.skip("chromium is not installed (Debian: apt-get install chromium); CI runs this test")


def run_chromium(binary: str, profile: Path, *args: str) -> str:
    """Run headless Chromium with a throwaway profile; return its stdout."""
    return run_chromium_logged(binary, profile, *args)[0]


def run_chromium_logged(binary: str, profile: Path, *args: str) -> tuple[str, str]:
    """Run headless Chromium with a throwaway profile, logging to stderr; return its stdout and
    the messages the page wrote to its console (Chromium logs each as ``INFO:CONSOLE``)."""
    done = subprocess.run(
        [binary, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"chromium exited {done.returncode}: {done.stderr[-2000:]}"
    console = "\n".join(line for line in done.stderr.splitlines() if ":CONSOLE" in line)
    return done.stdout, console


def rgb(css: str) -> tuple[int, int, int]:
    red, green, blue = (int(v) for v in re.findall(r"\d+", css)[:3])
    return red, green, blue
