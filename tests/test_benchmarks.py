"""The benchmark scripts still run (tiny sizes; their figures are for the README, not asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_everyone_ate_benchmark_times_both_metrics_on_both_workloads(tmp_path: Path) -> None:
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "bench_everyone_ate.py"),
            "--cases",
            "2",
            "--invocations",
            "2",
            "--repeat",
            "1",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("ratio everyone_ate / ROUGE-1:") == 2
    assert re.search(r"as-data .*\n.*everyone_ate \(no details files\): +\d+\.\d us", run.stdout)
    assert "heavy (4 requirements per guest)" in run.stdout
    assert not list((tmp_path / ".checkers").iterdir())  # its details files are cleaned up
