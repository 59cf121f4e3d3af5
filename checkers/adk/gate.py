"""A deployment gate for pytest: run an agent on an eval set with an eval config, strictly.

::

    def test_dining_agent_is_deployable() -> None:
        evaluate_gate("domains.dining.agents.careful", "evalsets/dining/dining.evalset.json",
                      "evalsets/dining/eval_config.json")

It loads and checks the config and eval set first (see :mod:`checkers.adk.eval_checks`), so a wrong
metric path, a missing file or a case without a scenario fails with a message that says how to
fix it, then runs ADK's ``AgentEvaluator``, which raises AssertionError when a metric fails.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from google.adk.evaluation.agent_evaluator import AgentEvaluator

from checkers.adk.eval_checks import check_eval_set, load_eval_config, load_eval_set


def evaluate_gate(
    agent_module: str,
    eval_set_path: Path | str,
    config_path: Path | str,
    num_runs: int = 1,
    print_detailed_results: bool = False,
) -> None:
    """Run ``AgentEvaluator`` on the agent; raise ConfigError for a broken setup and
    AssertionError (ADK's) when the agent fails a metric.

    ``agent_module`` is an importable module with an ``agent`` member holding ``root_agent``
    (ADK's convention), e.g. ``"domains.dining.agents.careful"``.
    """
    config = load_eval_config(config_path)
    eval_set = load_eval_set(eval_set_path)
    check_eval_set(eval_set)
    asyncio.run(
        AgentEvaluator.evaluate_eval_set(
            agent_module=agent_module,
            eval_set=eval_set,
            eval_config=config,
            num_runs=num_runs,
            print_detailed_results=print_detailed_results,
        )
    )
