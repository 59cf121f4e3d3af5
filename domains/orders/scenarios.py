"""The orders domain: loading scenarios, reading answers, and reading batch lines.

Scenario references: ``task-<n>``, tau-bench retail test task ``n`` (0-114); ``cs-<name>``, a
customer-service chapter scenario (``data/scenarios.json``); ``customer:<user id>``, a recorded
session's customer, with no reference (:mod:`checkers.session_customer`); or a path to a JSON
file holding a scenario, a tau-bench task row or a mutation triple (its ``scenario``). Answers
(tau-bench trajectories, conversations, or plain text: :func:`parse_answer_text`) and batch
lines (mutation triples, runs tau-bench recorded) are read as every tau-bench domain reads them
(:class:`checkers.service_domain.TauServiceDomain`); a line whose official verdict rightly
differs for a reason in the data carries a label (:data:`LABELS`), and a run tau-bench stopped
at its step limit (``run_not_finished``) fails every metric.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from checkers.conversation import RUN_NOT_FINISHED, task_file_reader
from checkers.conversation import official_passed as official_passed
from checkers.conversation import parse_answer_text as parse_answer_text
from checkers.scenarios import ScenarioStore
from checkers.service_checks import OFFICIAL_LABELS
from checkers.service_domain import TauServiceDomain
from domains.orders import PLUGIN
from domains.orders.data_files import DATA, bundled_database, task_scenario
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


scenario_from_json = task_file_reader(task_scenario, DATA.scenario)
"""A scenario from a file's JSON: a scenario, a tau-bench task row, or a mutation triple."""


def _known(ids: Sequence[str]) -> str:
    """The chapter ids in full, the tau-bench tasks as a range."""
    tasks = list(DATA.task_scenarios())
    chapter = ", ".join(DATA.service_scenarios())
    return f"{chapter}, {tasks[0]} ... {tasks[-1]} (tau-bench retail test tasks)"


STORE = ScenarioStore(
    scenario_from_json, lambda: {**DATA.service_scenarios(), **DATA.task_scenarios()}, known=_known
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
