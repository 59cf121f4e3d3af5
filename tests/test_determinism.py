"""Every domain judges the same answer the same way in every process: no verdict, reason or
figure depends on Python's per-process string hashing (set or dict order of text)."""

from __future__ import annotations

import os
import subprocess
import sys

from checkers.registry import domain_names

VERDICTS_OF_KNOWN_ANSWERS = """
import json, sys
from pathlib import Path
from checkers.meta.known import case_transcript, load_cases
from checkers.registry import find_plugin

plugin = find_plugin(sys.argv[1])
metrics = plugin.load_metrics()
package = Path(__import__(plugin.package, fromlist=["_"]).__file__).parent
for case in load_cases(package / "known_answers.json"):
    metric = metrics[case.get("metric") or next(iter(metrics))]
    scenario = metric.domain.load_scenario(case["scenario"])
    threshold = case.get("threshold", metric.default_threshold)
    verdict = metric.judge(scenario, case_transcript(case), threshold)
    print(json.dumps(verdict.model_dump(mode="json"), sort_keys=True, ensure_ascii=False))
"""


def verdicts_in_a_process(domain: str, hash_seed: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", VERDICTS_OF_KNOWN_ANSWERS, domain],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
        check=False,
        timeout=600,
    )
    assert done.returncode == 0 and done.stdout, done.stderr[-3000:]
    return done.stdout


def test_every_domains_known_answers_get_the_same_verdicts_whatever_the_hash_seed() -> None:
    for domain in domain_names():
        first, second = verdicts_in_a_process(domain, "1"), verdicts_in_a_process(domain, "2")
        assert first.count("\n") >= 5, (domain, first[:500])
        assert first == second, domain
