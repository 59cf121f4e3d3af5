"""The airline domain: loading scenarios, reading answers, and reading batch lines.

Scenario references: ``task-<n>``, tau-bench airline test task ``n`` (0-49), or a path to a JSON
file holding a scenario (``{"id", "user_id", "expected_actions", "required_outputs", ...}``), a
tau-bench task row (``{"task_id", "user_id", "actions", "outputs", ...}``) or a mutation triple
(its ``scenario``).

Answers (``--answer``) are read as orders reads them
(:func:`checkers.conversation.parse_answer_text`): a tau-bench trajectory, a conversation in
JSON, or plain text. Batch lines are either

- mutation triples, ``{"task_id", "scenario": {...}, "candidate": {"actions", "observations",
  "mutation"}, "official": {"reward"}}`` (:func:`checkers.conversation.read_triple`), or
- runs tau-bench recorded, ``{"task_id", "trial", "reward", "info", "traj"}``: ``traj`` is the
  whole conversation as chat messages (:func:`checkers.conversation.run_transcript`), judged
  against the task it was scored on (``info.task``, else bundled task ``task_id``).

Either way the official reward is the reference verdict the command line compares
``task_success`` with, and a line whose official verdict rightly differs for a reason in the
data carries a label (:data:`LABELS`, computed by :func:`official_label`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter

from checkers.conversation import (
    official_passed,
    parse_answer_text,
    read_triple,
    run_replies,
    run_transcript,
)
from checkers.data import validate
from checkers.errors import ConfigError
from checkers.metric import BatchItem
from checkers.scenarios import ScenarioStore, StoredDomain, example_ids
from checkers.service_checks import official_outputs_found, said
from checkers.transcript import Transcript
from domains.airline import PLUGIN
from domains.airline.data_files import bundled_database, task_scenario, task_scenarios
from domains.airline.models import Scenario
from domains.airline.service import WRITES, replay

LABELS = {
    "gold_write_rejected": (
        "a write among the task's gold actions is rejected by the service, so the official "
        "expected database lacks it and a candidate that drops or changes that write still "
        "matches it"
    ),
    "official_substring_match": (
        "tau-bench finds a required output as a substring (so '10' is found in '100'); this "
        "checker compares numbers by value, so the two verdicts on what was said differ"
    ),
    "run_not_finished": (
        "the recorded run stopped at tau-bench's step limit before the customer or a transfer "
        "ended it, so tau-bench computed no reward (its info has no reward_info) and recorded "
        "0.0; this checker judges what the agent did before it stopped"
    ),
}
"""Labels for batch lines whose official verdict rightly differs, or is explained by the data."""


def scenario_from_json(raw: Any, where: str) -> Scenario:
    """A scenario from a file's JSON: a scenario, a tau-bench task row, or a mutation triple."""
    if isinstance(raw, dict) and isinstance(raw.get("scenario"), dict) and "task_id" in raw:
        return task_scenario({"task_id": raw["task_id"], **raw["scenario"]})
    if isinstance(raw, dict) and "task_id" in raw:
        return task_scenario(raw)
    return validate(TypeAdapter(Scenario), raw, where)


STORE = ScenarioStore(
    scenario_from_json,
    task_scenarios,
    known=lambda ids: example_ids(ids, "tau-bench airline test tasks"),
)
"""The tau-bench airline test tasks by id, or a scenario from a JSON file."""


def official_label(scenario: Scenario, messages: Sequence[str]) -> str | None:
    """Why an official verdict on an answer that said ``messages`` may rightly differ from this
    domain's, if the data says: ``official_substring_match`` (tau-bench's substring test and the
    by-value test disagree on the required outputs) or ``gold_write_rejected`` (some gold write
    fails in the replay)."""
    outputs = list(scenario.required_outputs)
    if outputs and official_outputs_found(outputs, messages) != all(
        said(o, messages) for o in outputs
    ):
        return "official_substring_match"
    steps = replay(bundled_database(), scenario.expected_actions)
    if any(s.name in WRITES and not s.ok for s in steps):
        return "gold_write_rejected"
    return None


def _run_scenario(row: dict[str, Any]) -> Scenario:
    """The task a recorded run was scored on: its ``info.task``, else bundled task
    ``task_id``."""
    info = row.get("info")
    task = info.get("task") if isinstance(info, dict) else None
    if isinstance(task, dict):
        return task_scenario({"task_id": row["task_id"], **task})
    return STORE.load(f"task-{row['task_id']}")


def run_item(row: dict[str, Any]) -> BatchItem[Scenario]:
    """A run tau-bench recorded, with its official reward as the reference verdict."""
    if "task_id" not in row:
        raise ConfigError('a recorded run needs "task_id", "reward" and "traj" (chat messages)')
    scenario = _run_scenario(row)
    transcript = run_transcript(row["traj"])
    info = row.get("info")
    finished = isinstance(info, dict) and info.get("reward_info") is not None
    label = official_label(scenario, run_replies(row["traj"]))
    return BatchItem(
        scenario=scenario,
        transcript=transcript,
        fields={"task_id": row["task_id"], "trial": row.get("trial")},
        reference_passed=official_passed({"reward": row.get("reward")}),
        label=label if finished else "run_not_finished",
        reference_metric="task_success",
    )


class AirlineDomain(StoredDomain[Scenario]):
    """Customer service on the tau-bench airline database."""

    def parse_answer(self, answer: str | None) -> Transcript:
        return parse_answer_text(answer)

    def batch_item(self, row: dict[str, Any]) -> BatchItem[Scenario]:
        """A mutation triple, a recorded run, or the default ``{"scenario", "answer"}`` line."""
        if "traj" in row:
            return run_item(row)
        if not isinstance(row.get("candidate"), dict):
            return super().batch_item(row)
        triple = read_triple(row)
        scenario = task_scenario(triple.task_row)
        return BatchItem(
            scenario=scenario,
            transcript=triple.transcript,
            fields=triple.fields,
            reference_passed=triple.reference,
            label=official_label(scenario, triple.messages),
            reference_metric="task_success",
        )


AIRLINE = AirlineDomain.of(PLUGIN, STORE)
