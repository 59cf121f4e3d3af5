"""The ADK boundary: only ``checkers.adk`` (and the domains' ADK front doors) import google-adk;
and judging needs none of the test extras (hypothesis, pytest), which a plain install lacks.

Each test runs a fresh Python (:mod:`tests.isolation`) that refuses the packages as if they
were not installed, and records every import it refused.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from checkers.registry import domain_names
from tests.isolation import ADK, RUN_CLI, TEST_EXTRAS, import_refusing, refusing

ROOT = Path(__file__).resolve().parents[1]

ADK_FREE = [
    # The public API: ``import checkers`` gives requirements, results and transcripts; the
    # ADK-facing names load on first use.
    "checkers",
    # What a domain is built from: requirement models and their check registry, outcomes and
    # verdicts, the transcript a check judges, reading an answer from a final text.
    "checkers.requirements",
    "checkers.results",
    "checkers.transcript",
    "checkers.answers",
    # Judging plumbing every front door shares (adk eval, checkers check, recorded traffic):
    # domains and metrics, which scenario a case names, trajectory rules, tool outcomes.
    "checkers.metric",
    "checkers.scenario_ref",
    "checkers.trajectory",
    "checkers.trajectory_metric",
    "checkers.tool_outcome",
    "checkers.registry",
    # Where scenarios come from, and the eval sets that name them.
    "checkers.scenarios",
    "checkers.evalset",
    # Evidence read after the fact, possibly on another machine: details files and reports.
    "checkers.details",
    "checkers.report",
    # The command line (check, meta, report, calibrate, new, mutate) parses arguments before
    # any domain is loaded.
    "checkers.cli",
    # The meta-test harness, and its pytest plugin, which pytest loads into every session.
    "checkers.meta",
    "checkers.meta.hostile_invariants",
    "checkers.meta.plugin",
    # Rubric judging: prompt, strict parser, aggregation, cache, scripted judges; the model
    # backends live in checkers.adk.model_judges.
    "checkers.rubric",
    "checkers.rubric.calibrate",
    # Each domain's own rules: models, pure checks, the judge of a transcript, scenario loading.
    "domains.dining.models",
    "domains.dining.checks",
    "domains.dining.judge",
    "domains.dining.scenarios",
    "domains.dining.evalset",
    "domains.orders.models",
    "domains.orders.checks",
    "domains.orders.judge",
    "domains.orders.scenarios",
    "domains.orders.evalset",
    "domains.scheduling.models",
    "domains.scheduling.checks",
    "domains.scheduling.judge",
    "domains.scheduling.scenarios",
    "domains.scheduling.evalset",
    # Each domain's metrics and meta-tests: what `checkers check` and `checkers meta` load. The
    # ADK functions eval configs name are built from METRICS when ADK asks for them.
    "domains.dining.metrics",
    "domains.dining.meta",
    "domains.orders.metrics",
    "domains.orders.meta",
    "domains.scheduling.metrics",
    "domains.scheduling.meta",
]


def without_adk(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a fresh Python whose google-adk and google-genai cannot be imported."""
    return refusing(ADK, script, *args)


def import_without_adk(modules: list[str]) -> dict[str, dict[str, object]]:
    """Import ``modules`` without google-adk: per module, the error its import raised (None)
    and the blocked imports it attempted."""
    return import_refusing(ADK, modules)


def core_modules() -> list[str]:
    """Every module of the ``checkers`` package outside ``checkers.adk``."""
    found = []
    for path in sorted((ROOT / "checkers").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[:2] == ("checkers", "adk") or parts[-1] == "__main__":
            continue
        found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def adk_modules() -> list[str]:
    """Every module inside ``checkers.adk``, the package itself left out."""
    return [
        f"checkers.adk.{path.stem}"
        for path in sorted((ROOT / "checkers" / "adk").glob("*.py"))
        if path.stem != "__init__"
    ]


def test_the_core_and_the_domains_rules_import_without_adk() -> None:
    outcomes = import_without_adk(ADK_FREE)
    broken = {m: o for m, o in outcomes.items() if o["error"] or o["refused"]}
    assert not broken, (
        "these modules must import without google-adk (move what needs ADK into checkers.adk, "
        f"or import ADK types under TYPE_CHECKING): {json.dumps(broken, indent=1)}"
    )


def test_no_module_of_the_core_imports_adk() -> None:
    # Beyond the named list: a new module of checkers/ is ADK-free unless it is in checkers/adk.
    outcomes = import_without_adk(core_modules())
    broken = {m: o for m, o in outcomes.items() if o["error"] or o["refused"]}
    assert len(outcomes) > len([m for m in ADK_FREE if m.startswith("checkers")])
    assert not broken, f"put ADK-facing code in checkers/adk: {json.dumps(broken, indent=1)}"


def test_the_blocker_blocks_every_module_of_checkers_adk() -> None:
    # Proves the blocker works, and that checkers.adk holds only what needs ADK.
    modules = adk_modules()
    assert "checkers.adk.custom_metric" in modules
    outcomes = import_without_adk(modules)
    for module, outcome in outcomes.items():
        assert str(outcome["error"]).startswith("ModuleNotFoundError: No module named 'google."), (
            module
        )
        assert outcome["refused"], module


def test_without_adk_the_command_line_judges_and_an_eval_function_says_what_to_install() -> None:
    # checkers check needs only the domain's METRICS; the function an eval config names is
    # built from them on first use, and only that needs google-adk.
    done = without_adk(RUN_CLI, "check", "dining", "--scenario", "story-six", "--answer", "{}")
    assert done.returncode == 0, done.stderr
    assert "everyone_ate = 0 (0/6) threshold 1: FAILED" in done.stdout, done.stdout
    assert without_adk(RUN_CLI, "--help").returncode == 0
    asked = without_adk("import domains.dining.metrics as m\nm.everyone_ate\n")
    assert "No module named 'google.adk" in asked.stderr, asked.stderr


def test_every_public_name_resolves_and_the_adk_ones_come_from_checkers_adk() -> None:
    import checkers
    from checkers.adk import custom_metric, invocations

    assert [n for n in checkers.__all__ if not hasattr(checkers, n)] == []
    assert checkers.adk_metric is custom_metric.adk_metric
    assert checkers.judge_invocations is custom_metric.judge_invocations
    assert checkers.resolve_scenario_id is invocations.resolve_scenario_id
    assert checkers.transcript_up_to is invocations.transcript_up_to


def judging_modules(domain: str) -> list[str]:
    """What ``checkers check DOMAIN`` and an eval config's metric load for ``domain``."""
    return [f"domains.{domain}.{part}" for part in ("models", "checks", "judge", "metrics")]


def test_judging_needs_none_of_the_test_extras() -> None:
    # hypothesis and pytest come with `.[test]` only: a domain's checks take hypothesis's
    # strategies as an argument (or import them under TYPE_CHECKING), never at import.
    modules = ["checkers.cli", *(m for d in domain_names() for m in judging_modules(d))]
    outcomes = import_refusing(TEST_EXTRAS, modules)
    broken = {m: o for m, o in outcomes.items() if o["error"] or o["refused"]}
    assert not broken, f"judging must not import the test extras: {json.dumps(broken, indent=1)}"
    done = refusing(
        TEST_EXTRAS, RUN_CLI, "check", "dining", "--scenario", "story-six", "--answer", "{}"
    )
    assert "everyone_ate = 0 (0/6) threshold 1: FAILED" in done.stdout, done.stderr
