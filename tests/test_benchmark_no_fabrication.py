"""The ``no_fabrication`` benchmark still runs (tiny sizes; its figures are for the README, not
asserted: speed is measured in benchmarks, not in timed tests)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_no_fabrication_benchmark_prints_the_cost_per_turn(tmp_path: Path) -> None:
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "bench_no_fabrication.py"),
            "--turns",
            "2",
            "4",
            "--repeat",
            "1",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].split() == ["turns", "rule", "us/turn", "metric", "us/turn"]
    assert [line.split()[0] for line in lines[1:]] == ["2", "4"]
