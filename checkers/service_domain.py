"""A customer-service domain on tau-bench's data (orders, airline): what reading its batch lines
has in common.

Besides the default ``{"scenario", "answer"}`` line, a batch line may be a mutation triple,
``{"task_id", "scenario": {...}, "candidate": {"actions", "observations", "mutation"},
"official": {"reward"}}`` (:func:`checkers.conversation.read_triple`): the candidate judged in
the task the line carries, with the official reward as the reference verdict of
``task_success``, labelled where the data says why it may rightly differ
(:meth:`TauServiceDomain.official_label`). A line with ``traj`` is a run tau-bench recorded,
``{"task_id", "trial", "reward", "info", "traj"}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar, cast

from pydantic import BaseModel

from checkers.conversation import read_triple, run_item
from checkers.metric import BatchItem
from checkers.service import ServiceTask
from checkers.service_checks import official_label
from checkers.session_customer import CustomerServiceDomain

__all__ = ["TauServiceDomain"]

S = TypeVar("S", bound=BaseModel)


class TauServiceDomain(CustomerServiceDomain[S]):
    """A :class:`~checkers.session_customer.CustomerServiceDomain` whose scenarios are
    tau-bench tasks: a subclass also says how a task row (``{"task_id", "user_id", "actions",
    "outputs", ...}``) becomes its scenario (:meth:`task_scenario`)."""

    def task_scenario(self, row: dict[str, Any]) -> S:
        """The scenario of a tau-bench task row."""
        raise NotImplementedError(f"{type(self).__name__} must say how a task row is read")

    def official_label(self, scenario: S, messages: Sequence[str]) -> str | None:
        """Why an official verdict on an answer that said ``messages`` may rightly differ from
        ``task_success`` (:func:`checkers.service_checks.official_label`, the task's expected
        actions replayed on the bundled database), if the data says."""
        task = cast(ServiceTask, scenario)  # every scenario model of such a domain is one
        steps = self.service.replay(self.database(), task.expected_actions)
        return official_label(task.required_outputs, messages, steps, self.service.writes)

    def batch_item(self, row: dict[str, Any]) -> BatchItem[S]:
        """A run tau-bench recorded (a line with ``traj``: :func:`checkers.conversation.run_item`,
        judged against the task it was scored on), a mutation triple (a line with a
        ``candidate`` object), or the default line."""
        if "traj" in row:
            return run_item(row, self.task_scenario, self.store.load, self.official_label)
        if not isinstance(row.get("candidate"), dict):
            return super().batch_item(row)
        triple = read_triple(row)
        scenario = self.task_scenario(triple.task_row)
        return BatchItem(
            scenario=scenario,
            transcript=triple.transcript,
            fields=triple.fields,
            reference_passed=triple.reference,
            label=self.official_label(scenario, triple.messages),
            reference_metric="task_success",
        )
