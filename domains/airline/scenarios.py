"""The airline domain: loading scenarios, reading answers, and reading batch lines.

Scenario references: ``task-<n>``, tau-bench airline test task ``n`` (0-49); ``svc-<name>``, a
handwritten scenario (``data/scenarios.json``); ``customer:<user id>``, a recorded session's
customer, with no reference (:mod:`checkers.session_customer`); or a path to a JSON file holding
a scenario, a tau-bench task row or a mutation triple (its ``scenario``). Answers and batch lines
(mutation triples, runs tau-bench recorded) are read as every tau-bench domain reads them
(:class:`checkers.service_domain.TauServiceDomain`); a line whose official verdict rightly
differs for a reason in the data carries a label (:data:`LABELS`).
"""

from __future__ import annotations

from typing import Any

from checkers.conversation import RUN_NOT_FINISHED, task_file_reader
from checkers.scenarios import ScenarioStore, example_ids
from checkers.service_checks import OFFICIAL_LABELS
from checkers.service_domain import TauServiceDomain
from domains.airline import PLUGIN
from domains.airline.data_files import DATA, bundled_database, task_scenario
from domains.airline.models import Database, Scenario
from domains.airline.service import SERVICE

LABELS = {
    **OFFICIAL_LABELS,
    RUN_NOT_FINISHED: (
        "the recorded run stopped at tau-bench's step limit before the customer or a transfer "
        "ended it, so tau-bench computed no reward (its info has no reward_info) and recorded "
        "0.0; this checker judges what the agent did before it stopped"
    ),
}
"""Labels for batch lines whose official verdict rightly differs, or is explained by the data."""


scenario_from_json = task_file_reader(task_scenario, DATA.scenario)
"""A scenario from a file's JSON: a scenario, a tau-bench task row, or a mutation triple."""


STORE = ScenarioStore(
    scenario_from_json,
    DATA.scenarios,
    known=lambda ids: example_ids(ids, "tau-bench airline test tasks"),
)
"""The tau-bench airline test tasks and the handwritten ``svc-*`` scenarios by id, or a
scenario from a JSON file."""


class AirlineDomain(TauServiceDomain[Scenario]):
    """Customer service on the tau-bench airline database."""

    scenario_model = Scenario
    service = SERVICE
    customer_found_by = "looked up"

    def database(self) -> Database:
        return bundled_database()

    def task_scenario(self, row: dict[str, Any]) -> Scenario:
        return task_scenario(row)


AIRLINE = AirlineDomain.of(PLUGIN, STORE)
task_label = AIRLINE.official_label
"""Why an official verdict on an answer that said ``messages`` may rightly differ from
``task_success``, if the data says."""
