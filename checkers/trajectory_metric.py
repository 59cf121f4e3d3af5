"""A metric made of trajectory requirements: the agent's path must meet every one of them.

The agent is the single subject, so the score is 1.0 when every requirement passes and 0.0
otherwise (an incomplete requirement, such as a call whose response is missing, counts as not
met). Each requirement's result, with its reason, is in the details like any other; tool
responses that answer no call of their turn are ignored, and the verdict's notes name them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from checkers.metric import Domain, Metric
from checkers.results import RequirementResult, SubjectResult, Verdict
from checkers.trajectory import TrajectoryRequirement, check_trajectory, check_trajectory_each
from checkers.transcript import ToolResponse, Transcript, Turn, orphan_notes

S = TypeVar("S")
AGENT_SUBJECT = "agent"


def trajectory_metric(
    name: str,
    domain: Domain[S],
    requirements: Sequence[TrajectoryRequirement],
    scenario_id: Callable[[S], str],
    description: str = "",
) -> Metric[S]:
    """A metric that passes only when the transcript meets every requirement.

    ``scenario_id`` reads the id from a loaded scenario of ``domain`` (for the details).
    Raises ValueError for an empty requirement list, which would pass every agent.
    """
    if not requirements:
        raise ValueError(f"trajectory metric {name!r} needs at least one requirement")
    chosen = tuple(requirements)

    def verdict(
        scenario: S,
        threshold: float,
        results: tuple[RequirementResult, ...],
        notes: tuple[str, ...],
    ) -> Verdict:
        # Built without validation when the values are of their fields' types (as checks build
        # them): Verdict.of and SubjectResult.of validate anything else.
        agent = SubjectResult.of(AGENT_SUBJECT, "the agent", results)
        return Verdict.of(
            domain.name, name, scenario_id(scenario), threshold, (agent,), notes=notes
        )

    def judge(scenario: S, transcript: Transcript, threshold: float) -> Verdict:
        results = tuple(check_trajectory(req, transcript) for req in chosen)
        return verdict(scenario, threshold, results, transcript.pairing.notes())

    def judge_each(scenario: S, turns: Sequence[Turn], threshold: float) -> list[Verdict]:
        # Every prefix at once (linear in the conversation's length): the rules through
        # check_trajectory_each, the notes from the orphans collected turn by turn.
        per_requirement = [check_trajectory_each(req, turns) for req in chosen]
        orphans: list[tuple[int, ToolResponse]] = []
        verdicts = []
        for number, turn in enumerate(turns, 1):
            orphans.extend((number, response) for response in turn.pairing[1])
            results = tuple(each[number - 1] for each in per_requirement)
            verdicts.append(verdict(scenario, threshold, results, orphan_notes(orphans)))
        return verdicts

    return Metric(
        name=name, domain=domain, judge=judge, judge_each=judge_each, description=description
    )
