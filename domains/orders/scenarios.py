"""The orders domain: loading scenarios, reading answers, and reading mutation-triple lines.

Scenario references:

- ``task-<n>``: tau-bench retail test task ``n`` (0-114);
- ``cs-<name>``: a customer-service chapter scenario from ``data/scenarios.json``;
- a path to a JSON file holding a scenario (``{"id", "user_id", "expected_actions", ...}``), a
  tau-bench task row (``{"task_id", "user_id", "actions", "outputs", ...}``) or a mutation
  triple (its ``scenario``).

Answers (``--answer``) are tau-bench trajectories (a JSON list of ``{"name", "kwargs"}``
actions, ``respond`` carrying the agent's words, or ``{"actions": [...], "observations":
[...]}``), conversations (``{"turns": [{"user", "calls", "agent"}]}``, see
:func:`~domains.orders.conversation.conversation_transcript`), or plain text, read as the agent's
only message. Batch lines are mutation triples:
``{"task_id", "scenario": {...}, "candidate": {"actions", "observations", "mutation"},
"official": {"reward"}}``; the official reward is the reference verdict the command line compares
``task_success`` with (other metrics print it beside their verdict), and lines where the
official replay rightly differs for a reason in the data are labelled (:func:`triple_label`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter

from checkers.conversation import official_passed as official_passed
from checkers.conversation import parse_answer_text as parse_answer_text
from checkers.conversation import read_triple
from checkers.data import validate
from checkers.metric import BatchItem
from checkers.scenarios import ScenarioStore, StoredDomain
from checkers.service_checks import official_outputs_found, said
from checkers.transcript import Transcript
from domains.orders import PLUGIN
from domains.orders.data_files import (
    bundled_database,
    service_scenarios,
    task_scenario,
    tau_tasks,
)
from domains.orders.models import Scenario
from domains.orders.service import WRITES, replay

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
}
"""Labels for batch lines whose official verdict rightly differs, or is explained by the data."""


def scenario_from_json(raw: Any, where: str) -> Scenario:
    """A scenario from a file's JSON: a scenario, a tau-bench task row, or a mutation triple."""
    if isinstance(raw, dict) and isinstance(raw.get("scenario"), dict) and "task_id" in raw:
        return task_scenario({"task_id": raw["task_id"], **raw["scenario"]})
    if isinstance(raw, dict) and "task_id" in raw:
        return task_scenario(raw)
    return validate(TypeAdapter(Scenario), raw, where)


def _known(ids: Sequence[str]) -> str:
    """The chapter ids in full, the tau-bench tasks as a range."""
    tasks = list(tau_tasks())
    chapter = ", ".join(service_scenarios())
    return f"{chapter}, {tasks[0]} ... {tasks[-1]} (tau-bench retail test tasks)"


STORE = ScenarioStore(
    scenario_from_json, lambda: {**service_scenarios(), **tau_tasks()}, known=_known
)
"""The chapter scenarios and tau-bench tasks by id, or a scenario from a JSON file."""

scenario_from_file = STORE.load_file


def triple_label(scenario: Scenario, messages: list[str]) -> str | None:
    """Why a triple's official verdict may rightly differ from this domain's, if the data says.

    ``gold_write_rejected``: some gold write fails in the replay. ``official_substring_match``:
    tau-bench's substring test and the by-value test disagree on the required outputs.
    """
    outputs = list(scenario.required_outputs)
    if outputs and official_outputs_found(outputs, messages) != all(
        said(o, messages) for o in outputs
    ):
        return "official_substring_match"
    steps = replay(bundled_database(), scenario.expected_actions)
    if any(s.name in WRITES and not s.ok for s in steps):
        return "gold_write_rejected"
    return None


class OrdersDomain(StoredDomain[Scenario]):
    """Customer service on the tau-bench retail database."""

    def parse_answer(self, answer: str | None) -> Transcript:
        return parse_answer_text(answer)

    def batch_item(self, row: dict[str, Any]) -> BatchItem[Scenario]:
        """A mutation triple, or the default ``{"scenario", "answer"}`` line."""
        if not isinstance(row.get("candidate"), dict):
            return super().batch_item(row)
        triple = read_triple(row)
        scenario = task_scenario(triple.task_row)
        return BatchItem(
            scenario=scenario,
            transcript=triple.transcript,
            fields=triple.fields,
            reference_passed=triple.reference,
            label=triple_label(scenario, triple.messages),
            reference_metric="task_success",
        )


ORDERS = OrdersDomain.of(PLUGIN, STORE)
