"""The offline demo: ``adk eval`` catches a flawed dining agent and passes a careful one.

Runs the real ``adk eval`` CLI (no network, no model key: the agents' model is scripted) for

- ``rating_first`` and ``careful`` on the dining eval set (one case per bundled group),
- ``books_another`` (careful's answer, another restaurant booked) on the same eval set, and
- both again with ``get_menu`` failing (HTTP 503) for one restaurant, via ADK's environment
  simulation,

then reads the details files ``everyone_ate`` and ``menu_before_booking`` wrote, prints one line
per case, who was left out and why, and where everything is. Exit code 0 when the demo shows what
it should (``rating_first`` fails the story group at 0.5 on a vegetarian, an allergy and a time
requirement; ``careful`` passes every case that some plan can pass; ``books_another`` fails the
story group because what it booked is not what it announced), 1 otherwise.

    ./dev demo [--out DIR] [--num-runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from checkers.adk.eval_checks import check_eval_set, load_eval_config, load_eval_set
from checkers.errors import CheckersError
from checkers.report import HISTORY_SUFFIX, write_report
from domains.dining.evalset import (
    EVALSET_DIR,
    EVALSET_FILE,
    INFEASIBLE_EVALSET_FILE,
    OUTAGE_CASE,
    OUTAGE_EVALSET_FILE,
)
from domains.dining.scenarios import DINING
from domains.dining.solver import best_plans

ROOT = Path(__file__).resolve().parents[2]
AGENTS_DIR = Path(__file__).resolve().parent / "agents"
CONFIG_FILE = EVALSET_DIR / "eval_config.json"
STORY = "story-six"
STORY_FAILURES = {"diet", "allergy", "availability"}
BOOKING_DIFFERS = "committed_plan_differs"
"""The answer problem of a booking other than the plan announced (see domains/dining/booking.py)."""


@dataclass(frozen=True)
class Run:
    """One ``adk eval`` run of one agent on one eval set."""

    agent: str
    label: str
    """``<agent>__<eval set>``: the folder under ``--out`` this run writes into."""
    eval_set: Path
    details_dir: Path
    exit_code: int
    summary: str


def run_adk_eval(agent: str, eval_set: Path, out: Path, num_runs: int) -> Run:
    """Run the real ``adk eval`` CLI for ``agent``, ``num_runs`` times (``adk eval`` has no
    repeat option, so each run is its own process); logs and details files go under
    ``out/<agent>__<eval set>/``, emptied first so only these runs' files are read."""
    label = f"{agent}__{eval_set.name.removesuffix('.evalset.json')}"
    details = out / label / "details"
    details.mkdir(parents=True, exist_ok=True)
    for stale in details.glob("*"):
        stale.unlink()
    adk = Path(sys.executable).with_name("adk")
    command = [
        str(adk),
        "eval",
        str(AGENTS_DIR / agent),
        str(eval_set),
        "--config_file_path",
        str(CONFIG_FILE),
        "--print_detailed_results",
    ]
    env = {**os.environ, "CHECKERS_DETAILS_DIR": str(details), "CHECKERS_OFFLINE": "1"}
    summaries, exit_code = [], 0
    for number in range(1, num_runs + 1):
        done = subprocess.run(
            command, capture_output=True, text=True, env=env, cwd=ROOT, check=False
        )
        suffix = f".{number}" if num_runs > 1 else ""
        log = out / label / f"adk_eval{suffix}.log"
        log.write_text(done.stdout + done.stderr, encoding="utf-8")
        found = re.search(r"Tests passed: (\d+)\s+Tests failed: (\d+)", done.stdout)
        summaries.append(
            f"{found.group(1)} passed, {found.group(2)} failed"
            if found
            else f"no summary (exit code {done.returncode}; see {log})"
        )
        exit_code = exit_code or done.returncode
    return Run(agent, label, eval_set, details, exit_code, "; ".join(summaries))


def read_details(details: Path, metric: str) -> dict[str, list[dict[str, Any]]]:
    """The details files of ``metric`` in ``details``, grouped by scenario id, oldest first."""
    by_case: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(details.glob(f"{metric}-*.json")):
        payload = json.loads(path.read_text(encoding="utf-8"))
        payload["path"] = str(path)
        by_case.setdefault(payload["scenario_id"], []).append(payload)
    return by_case


def _who_and_why(invocation: dict[str, Any]) -> list[str]:
    lines = []
    for problem in invocation["problems"]:
        lines.append(f"      answer problem [{problem['code']}]: {problem['message']}")
    for subject in invocation["subjects"]:
        if subject["satisfied"]:
            continue
        for result in subject["results"]:
            if result["outcome"] != "pass" and result["kind"] != "single_dish":
                lines.append(f"      {subject['name']}: {result['kind']} - {result['reason']}")
    return lines


def best_possible(scenario_id: str) -> Fraction:
    """The best share of guests any plan can serve in a bundled scenario."""
    best, _ = best_plans(DINING.load_scenario(scenario_id))
    return best


def report_run(run: Run) -> list[str]:
    """Printable lines for one run: a line per case and, for failed cases, who and why."""
    eaten = read_details(run.details_dir, "everyone_ate")
    menus = read_details(run.details_dir, "menu_before_booking")
    lines = [f"\n== {run.agent} on {run.eval_set.name}: adk eval says {run.summary}"]
    for case in sorted(eaten):
        for number, payload in enumerate(eaten[case], start=1):
            invocation = payload["invocations"][-1]
            served = f"{invocation['satisfied_count']}/{len(invocation['subjects'])}"
            menu = menus.get(case, [{}])[min(number, len(menus.get(case, [{}]))) - 1]
            run_label = f" run {number}" if len(eaten[case]) > 1 else ""
            lines.append(
                f"  {case:<18}{run_label} everyone_ate {payload['overall_score']:.2f} ({served}) "
                f"{payload['overall_status']:<7} menu_before_booking "
                f"{menu.get('overall_status', 'n/a')}"
            )
            if menu.get("overall_status") == "FAILED":
                lines += _who_and_why(menu["invocations"][-1])
            if payload["overall_status"] != "PASSED":
                best = best_possible(case)
                if best < 1:
                    lines.append(
                        f"      (best possible for this group: {best}; no plan fits everyone)"
                    )
                lines += _who_and_why(invocation)
    lines.append(f"  details: {run.details_dir}")
    return lines


def expectations(runs: dict[str, Run]) -> list[str]:
    """What the demo must show; returns the ones that did not hold."""
    broken = []
    story = read_details(runs["rating_first__dining"].details_dir, "everyone_ate").get(STORY, [])
    if not story:
        broken.append("rating_first produced no everyone_ate details for the story group")
    for payload in story:
        invocation = payload["invocations"][-1]
        failed_kinds = {
            r["kind"]
            for s in invocation["subjects"]
            for r in s["results"]
            if r["outcome"] == "fail" and r["kind"] != "single_dish"
        }
        if payload["overall_score"] != 0.5 or failed_kinds != STORY_FAILURES:
            broken.append(
                f"rating_first on {STORY}: expected 0.5 failing on {sorted(STORY_FAILURES)}, got "
                f"{payload['overall_score']} failing on {sorted(failed_kinds)}"
            )
    for case, payloads in read_details(runs["careful__dining"].details_dir, "everyone_ate").items():
        feasible = best_possible(case) == 1
        for payload in payloads:
            if feasible and payload["overall_status"] != "PASSED":
                broken.append(f"careful failed feasible case {case}")
    switched = read_details(runs["books_another__dining"].details_dir, "everyone_ate")
    for payload in switched.get(STORY, [{}]):
        codes = {p["code"] for p in payload.get("invocations", [{}])[-1].get("problems", [])}
        if payload.get("overall_status") != "FAILED" or BOOKING_DIFFERS not in codes:
            broken.append(
                f"books_another on {STORY}: expected FAILED with {BOOKING_DIFFERS}, got "
                f"{payload.get('overall_status')} with {sorted(codes)}"
            )
    outage = read_details(
        runs["careful_menu_outage__menu_outage"].details_dir, "menu_before_booking"
    )
    if any(p["overall_status"] != "PASSED" for p in outage.get(OUTAGE_CASE, [{}])):
        broken.append("careful booked blind during the menu outage")
    blind = read_details(
        runs["rating_first_menu_outage__menu_outage"].details_dir, "menu_before_booking"
    )
    if any(p["overall_status"] != "FAILED" for p in blind.get(OUTAGE_CASE, [{}])):
        broken.append("menu_before_booking did not fail rating_first during the outage")
    return broken


def eval_history_files() -> set[Path]:
    """Every eval-history result ``adk eval`` has stored for the demo agents so far."""
    return set(AGENTS_DIR.glob(f"*/.adk/eval_history/*{HISTORY_SUFFIX}"))


def write_demo_report(runs: dict[str, Run], out: Path, history: list[Path]) -> str:
    """Write the HTML report of this demo's runs to ``out/report.html``; return a line to print.

    ``history`` is the eval-history files this demo's ``adk eval`` runs wrote. A report that
    cannot be made is said, never raised: the demo's own verdict does not depend on it.
    """
    try:
        path = write_report(
            [run.details_dir for run in runs.values()],
            out / "report.html",
            history,
            title="Dining demo: adk eval with the checkers metrics",
        )
    except CheckersError as error:
        return f"report not written: {error}"
    return f"report: {path}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Offline demo: adk eval of a flawed and a careful dining agent.",
        epilog="example: ./dev demo --out /tmp/demo --num-runs 2",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / ".checkers" / "demo",
        help="where logs and details go (default: .checkers/demo)",
    )
    parser.add_argument("--num-runs", type=int, default=1, help="repeat each case N times")
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    plan = [
        ("rating_first", EVALSET_FILE),
        ("careful", EVALSET_FILE),
        ("careful", INFEASIBLE_EVALSET_FILE),
        ("books_another", EVALSET_FILE),
        ("rating_first_menu_outage", OUTAGE_EVALSET_FILE),
        ("careful_menu_outage", OUTAGE_EVALSET_FILE),
    ]
    # adk eval silently falls back to default criteria on a bad config: check it first.
    load_eval_config(CONFIG_FILE)
    for eval_set in dict.fromkeys(path for _, path in plan):
        check_eval_set(load_eval_set(eval_set))
    runs: dict[str, Run] = {}
    history_before = eval_history_files()
    for agent, eval_set in plan:
        print(f"running adk eval: {agent} on {eval_set.relative_to(ROOT)} ...", flush=True)
        run = run_adk_eval(agent, eval_set, out, args.num_runs)
        runs[run.label] = run
        print("\n".join(report_run(run)), flush=True)
    broken = expectations(runs)
    print(f"\nlogs and details: {out}")
    print(write_demo_report(runs, out, sorted(eval_history_files() - history_before)))
    if broken:
        print("DEMO DID NOT SHOW WHAT IT SHOULD:\n- " + "\n- ".join(broken))
        return 1
    print(
        "demo OK: everyone_ate caught rating_first on the story group (3 of 6 fed: vegetarian, "
        "allergy and time failures); careful passed every case some plan can pass; "
        "everyone_ate failed books_another, which booked another restaurant than it announced; "
        "menu_before_booking failed the agent that never read a menu."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
