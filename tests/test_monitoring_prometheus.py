"""The alert rules under promtool, and a real Prometheus server scraping ``checkers score
--metrics-port`` on tau-bench's recorded airline runs: the server's answers equal the verdicts.

Both need Debian's ``prometheus`` package (``prometheus`` and ``promtool``); without it these
skip, except in CI (``CI=true``), where that is a failure: CI never passes by skipping
(``.ci/run`` installs the package).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest

from domains.airline.data_files import RUNS_FILE
from tests.test_monitoring import expected_by_outcome

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "monitoring" / "alerts.yml"
RULE_TESTS = ROOT / "monitoring" / "alerts_test.yml"
AIRLINE_RUNS = RUNS_FILE  # the 50 recorded gpt-4o airline runs, bundled with the domain
WAIT_SECONDS = 90.0
"""The longest any wait here lasts: scoring 50 runs, Prometheus starting, a scrape landing."""

T = TypeVar("T")


def binary(name: str) -> str:
    """The path of Debian's ``name`` (prometheus, promtool); a skip without it, a failure in CI."""
    found = shutil.which(name)
    if found is not None:
        return found
    message = f"no {name} on PATH (Debian: apt-get install prometheus)"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{message}: .ci/run must install it; CI never passes by skipping")
    pytest.skip(f"{message}; CI runs these tests")


def test_the_rules_file_is_valid() -> None:
    done = subprocess.run(
        [binary("promtool"), "check", "rules", str(RULES)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SUCCESS: 16 rules found" in done.stdout


def test_the_alert_rules_pass_their_unit_tests() -> None:
    done = subprocess.run(
        [binary("promtool"), "test", "rules", str(RULE_TESTS)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=RULE_TESTS.parent,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SUCCESS" in done.stdout


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for(what: str, check: Callable[[], T | None], seconds: float = WAIT_SECONDS) -> T:
    """``check()``'s first value that is not None, polled every 0.2 s for at most ``seconds``;
    a failure naming ``what`` after that."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found is not None:
            return found
        time.sleep(0.2)
    pytest.fail(f"waited {seconds:g} s for {what}")


@contextmanager
def _running(command: list[str], log: Path, **options: Any) -> Iterator[subprocess.Popen[bytes]]:
    """``command`` running with its output in ``log``; always stopped (terminated, then killed
    after 10 s) on the way out."""
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, **options)
        try:
            yield process
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def _query(port: int, promql: str) -> list[dict[str, Any]] | None:
    """The result vector of an instant query on Prometheus, or None when it cannot answer yet."""
    url = f"http://127.0.0.1:{port}/api/v1/query?" + urllib.parse.urlencode({"query": promql})
    try:
        with urllib.request.urlopen(url, timeout=5) as reply:
            body = json.load(reply)
    except OSError:
        return None
    result: list[dict[str, Any]] = body["data"]["result"]
    return result


def test_prometheus_scrapes_checkers_score_and_answers_with_the_verdicts(tmp_path: Path) -> None:
    prometheus = binary("prometheus")
    if not AIRLINE_RUNS.exists():
        pytest.skip(f"{AIRLINE_RUNS} is not here (the shared tau-bench data)")
    out = tmp_path / "verdicts.jsonl"
    score_log = tmp_path / "score.log"
    score = [
        *(sys.executable, "-m", "checkers.cli", "score", "airline"),
        *("--sessions", f"tau-bench:{AIRLINE_RUNS}", "--out", str(out)),
        *("--metrics-port", "0", "--metrics-linger", str(3 * WAIT_SECONDS)),
    ]
    with _running(score, score_log, cwd=ROOT):
        served = _wait_for(
            "checkers score to serve its metrics",
            lambda: re.search(r"metrics: http://127\.0\.0\.1:(\d+)/metrics", score_log.read_text()),
        )
        # Scoring is over once it lingers: every count is final from then on.
        _wait_for("scoring to end", lambda: "more seconds" in score_log.read_text() or None)
        config = tmp_path / "prometheus.yml"
        config.write_text(
            json.dumps(  # JSON is YAML
                {
                    "global": {"scrape_interval": "1s", "evaluation_interval": "1s"},
                    "rule_files": [str(RULES)],
                    "scrape_configs": [
                        {
                            "job_name": "checkers",
                            "static_configs": [{"targets": [f"127.0.0.1:{served.group(1)}"]}],
                        }
                    ],
                }
            )
        )
        port = _free_port()
        server = [
            prometheus,
            f"--config.file={config}",
            f"--web.listen-address=127.0.0.1:{port}",
            f"--storage.tsdb.path={tmp_path / 'data'}",
        ]
        with _running(server, tmp_path / "prometheus.log"):
            expected = expected_by_outcome(out)
            promql = "sum by (metric, outcome) (checkers_evaluations_total{job='checkers'})"

            def counts() -> dict[tuple[str, str], float] | None:
                result = _query(port, promql)
                if not result:
                    return None
                found = {
                    (r["metric"]["metric"], r["metric"]["outcome"]): float(r["value"][1])
                    for r in result
                }
                return found if found == expected else None

            try:
                _wait_for("Prometheus to scrape the final counts", counts)
            except pytest.fail.Exception:
                log = (tmp_path / "prometheus.log").read_text()[-3000:]
                pytest.fail(f"Prometheus never answered {expected}; its log:\n{log}")
            assert sum(expected.values()) == 150  # 50 runs x 3 metrics
            assert expected[("task_success", "pass")] == 17
            fabricated = _query(
                port,
                "sum(checkers_requirement_results_total{kind='no_fabrication', outcome='fail'})",
            )
            assert fabricated is not None and float(fabricated[0]["value"][1]) == 3
            up = _query(port, "up{job='checkers'}")
            assert up is not None and [r["value"][1] for r in up] == ["1"]
            rules = _wait_for("the alert rules to load", lambda: _rule_names(port))
            assert {"CheckersPassRateDrop", "CheckersFabricationSpike"} <= rules


def _rule_names(port: int) -> set[str] | None:
    try:
        url = f"http://127.0.0.1:{port}/api/v1/rules"
        with urllib.request.urlopen(url, timeout=5) as reply:
            groups = json.load(reply)["data"]["groups"]
    except OSError:
        return None
    names = {rule["name"] for group in groups for rule in group["rules"]}
    return names or None
