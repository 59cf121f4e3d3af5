"""The orders domain: loading scenarios, reading answers, and reading mutation-triple lines.

Scenario references:

- ``task-<n>``: tau-bench retail test task ``n`` (0-114);
- ``cs-<name>``: a customer-service chapter scenario from ``data/scenarios.json``;
- ``customer:<user id>``: a recorded session's customer, with no reference (what ``checkers
  score`` judges a session in when it names no scenario: :mod:`checkers.session_customer`);
- a path to a JSON file holding a scenario (``{"id", "user_id", "expected_actions", ...}``), a
  tau-bench task row (``{"task_id", "user_id", "actions", "outputs", ...}``) or a mutation
  triple (its ``scenario``).

Answers (``--answer``) are tau-bench trajectories (a JSON list of ``{"name", "kwargs"}``
actions, ``respond`` carrying the agent's words, or ``{"actions": [...], "observations":
[...]}``), conversations (``{"turns": [{"user", "calls", "agent"}]}``, see
:func:`~domains.orders.conversation.conversation_transcript`), or plain text, read as the agent's
only message. Batch lines are mutation triples,
``{"task_id", "scenario": {...}, "candidate": {"actions", "observations", "mutation"},
"official": {"reward"}}``, or retail runs tau-bench recorded, ``{"task_id", "trial", "reward",
"info", "traj"}`` (judged against the task they were scored on, as ``checkers score`` judges them
from ``tau-bench:RUNS.jsonl``); the official reward is the reference verdict the command line
compares ``task_success`` with (other metrics print it beside their verdict), and lines where the
official replay rightly differs for a reason in the data are labelled
(:class:`checkers.service_domain.TauServiceDomain`; a run tau-bench stopped at its step limit is
``run_not_finished`` and fails every metric).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter

from checkers.conversation import RUN_NOT_FINISHED, task_file_reader
from checkers.conversation import official_passed as official_passed
from checkers.conversation import parse_answer_text as parse_answer_text
from checkers.data import validate
from checkers.scenarios import ScenarioStore
from checkers.service_checks import OFFICIAL_LABELS
from checkers.service_domain import TauServiceDomain
from domains.orders import PLUGIN
from domains.orders.data_files import (
    bundled_database,
    service_scenarios,
    task_scenario,
    tau_tasks,
)
from domains.orders.models import Database, Scenario
from domains.orders.service import SERVICE

LABELS = {
    **OFFICIAL_LABELS,
    RUN_NOT_FINISHED: (
        "the recorded run stopped at tau-bench's step limit before the customer or a transfer "
        "ended it, so tau-bench computed no reward (its info has no reward_info) and recorded "
        "0.0; every metric fails it, as checkers score does"
    ),
}
"""Labels for batch lines whose official verdict rightly differs, or is explained by the data."""


scenario_from_json = task_file_reader(
    task_scenario, lambda raw, where: validate(TypeAdapter(Scenario), raw, where)
)
"""A scenario from a file's JSON: a scenario, a tau-bench task row, or a mutation triple."""


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


class OrdersDomain(TauServiceDomain[Scenario]):
    """Customer service on the tau-bench retail database."""

    scenario_model = Scenario
    service = SERVICE

    def database(self) -> Database:
        return bundled_database()

    def task_scenario(self, row: dict[str, Any]) -> Scenario:
        return task_scenario(row)


ORDERS = OrdersDomain.of(PLUGIN, STORE)
