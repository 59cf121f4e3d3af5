"""Judging a task with some of its requirement kinds in force: the share metric of a
conversation domain's meta-tests (see :mod:`checkers.meta.conversations`).

A meta-scenario (:class:`InForce`) is a task and the kinds judged on it, in the order judged;
the share metric ``all_requirements`` judges exactly those with the domain's own judge, reading
the ``{"turns": [...]}`` conversation out of the final text (and refusing two). Requirements a
task cannot hold are kept beside it (:attr:`InForce.extra`) and judged as more results of the
subject they were added to.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from checkers.answers import extract_json_object
from checkers.errors import ConfigError
from checkers.metric import Domain, Metric
from checkers.results import Aggregation, AnswerProblem, RequirementResult, Verdict
from checkers.transcript import Transcript, Turn

S = TypeVar("S")
"""A task of the domain (a pydantic model: meta-scenarios hold it)."""
R = TypeVar("R")

ALL_REQUIREMENTS = "all_requirements"
PROSE = frozenset({"no_json_object", "no_final_response", "empty_response"})
"""Reader problems that mean the final text holds no JSON answer: it is then the agent's words."""
NOTHING = Transcript(final_text=None)
"""What is judged when the answer cannot be read: nothing, so every check is incomplete."""


class Added(BaseModel, Generic[R]):
    """A requirement the task cannot hold, added beside it to the subject ``subject``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    subject: str
    requirement: R


class InForce(BaseModel, Generic[S, R]):
    """A task and the requirement kinds judged on it (the subjects), in the order judged."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    task: S
    kinds: tuple[str, ...] = Field(min_length=1)
    extra: tuple[Added[R], ...] = ()
    """Requirements added beyond the task's own (see the module docstring)."""

    def __repr__(self) -> str:
        # Hypothesis prints falsifying examples with repr: the task id, not the whole task.
        added = "".join(
            f"; +{getattr(a.requirement, 'kind', '?')} on {a.subject}" for a in self.extra
        )
        return f"InForce({getattr(self.task, 'id', '?')}; in force: {', '.join(self.kinds)}{added})"


@dataclass(frozen=True)
class KindsInForce(Generic[S]):
    """A conversation domain's judge, applied to the kinds in force of a meta-scenario."""

    domain: Domain[S]
    task_type: type[S]
    kinds: tuple[str, ...]
    """Every requirement kind of the domain, in the order it judges them."""
    requirement_type: Any
    """The union of the kinds' models, discriminated by ``kind``."""
    judge_kinds: Callable[[Sequence[str], str, S, Transcript, float, Aggregation], Verdict]
    """``(kinds, metric name, task, transcript, threshold, aggregation) -> Verdict``."""
    check_added: Callable[[S, Transcript, Sequence[Any]], Sequence[RequirementResult]]
    """More requirements judged on the conversation of a task, one result each, in order (the
    conversation is read and replayed once for all of them)."""
    read_conversation: Callable[[str], Transcript]
    """A conversation from JSON text; ConfigError when it is none."""

    @cached_property
    def scenario_type(self) -> Any:
        """``InForce`` of this domain's tasks and requirements (a pydantic model)."""
        return InForce.__class_getitem__((self.task_type, self.requirement_type))

    def in_force(self, task: S, kinds: Sequence[str], extra: Sequence[Any] = ()) -> Any:
        """The meta-scenario; ValueError unless ``kinds`` are distinct kinds of the domain."""
        unknown = [k for k in kinds if k not in self.kinds]
        if unknown or len(set(kinds)) != len(kinds):
            raise ValueError(
                f"kinds must be distinct requirement kinds of {', '.join(self.kinds)}; "
                f"got {tuple(kinds)}"
            )
        return self.scenario_type(task=task, kinds=tuple(kinds), extra=tuple(extra))

    def load_scenario(self, value: Any) -> Any:
        """A meta-scenario from its JSON (kinds checked as :meth:`in_force` does)."""
        loaded = self.scenario_type.model_validate(value)
        return self.in_force(loaded.task, loaded.kinds, loaded.extra)

    @cached_property
    def share_domain(self) -> Domain[Any]:
        """The domain seen by the share metric: a scenario id loads that task with every kind
        in force."""
        meta = self

        class EveryKindInForce(Domain[Any]):
            name = meta.domain.name
            subject_noun = meta.domain.subject_noun

            def scenario_ids(self) -> list[str]:
                return meta.domain.scenario_ids()

            def load_scenario(self, ref: str) -> Any:
                return meta.in_force(meta.domain.load_scenario(ref), tuple(meta.kinds))

            def parse_answer(self, answer: str | None) -> Transcript:
                return meta.domain.parse_answer(answer)

        return EveryKindInForce()

    def read_answer(self, transcript: Transcript) -> tuple[Transcript, tuple[AnswerProblem, ...]]:
        """The conversation a transcript holds, and what made it unreadable.

        A transcript that records turns is the conversation. Otherwise, when its final text
        holds a JSON object, that object is read as the domain's CLI reads an answer; calls the
        transcript records beside the final text come first, as a turn of their own. An object
        that is no conversation, a conversation with no turn, or JSON the reader refuses
        (several different objects: two conversations offered; duplicate keys; too deep) is an
        answer problem and nothing is judged: the reader never picks one of several. Any other
        final text (prose holding no JSON) is the agent's only message.
        """
        if transcript.turns:
            return transcript, ()
        found = extract_json_object(transcript.final_text)
        if not isinstance(found, dict):
            return (transcript, ()) if found.code in PROSE else (NOTHING, (found,))
        try:
            parsed = self.read_conversation(json.dumps(found))
        except ConfigError as error:
            return NOTHING, (AnswerProblem(code="unreadable_conversation", message=str(error)),)
        if not parsed.turns:
            problem = AnswerProblem(
                code="no_turns", message='the conversation has no turn; give {"turns": [...]}'
            )
            return NOTHING, (problem,)
        return _calls_first(transcript, parsed), ()

    def judge_in_force(self, scenario: Any, transcript: Transcript, threshold: float) -> Verdict:
        """``all_requirements``: one subject per kind in force, judged by the domain's judge on
        the conversation :meth:`read_answer` reads; added requirements are more results of the
        subject they were added to. It scores the share of subjects satisfied (a kind in force
        is met only when its every result is), so adding a requirement never raises its score."""
        read, problems = self.read_answer(transcript)
        verdict = self.judge_kinds(
            scenario.kinds, ALL_REQUIREMENTS, scenario.task, read, threshold, Aggregation.SUBJECTS
        )
        if scenario.extra:
            added = zip(
                scenario.extra,
                self.check_added(scenario.task, read, [a.requirement for a in scenario.extra]),
                strict=True,
            )
            by_subject: dict[str, list[RequirementResult]] = {}
            for requirement, result in added:
                by_subject.setdefault(requirement.subject, []).append(result)
            subjects = tuple(
                s.model_copy(update={"results": (*s.results, *by_subject.get(s.subject_id, ()))})
                for s in verdict.subjects
            )
            verdict = verdict.model_copy(update={"subjects": subjects})
        return verdict.model_copy(update={"problems": problems}) if problems else verdict

    @cached_property
    def share_metric(self) -> Metric[Any]:
        """The share metric every kind in force is judged by (the meta-tests' own)."""
        return Metric(
            name=ALL_REQUIREMENTS,
            domain=self.share_domain,
            judge=self.judge_in_force,
            default_threshold=1.0,
            description="every requirement kind in force met (the meta-tests' share metric)",
            scope="conversation",
        )

    def on_the_task(self, metric: Metric[S]) -> Metric[Any]:
        """A registered metric, judging the meta-scenario's task exactly as it judges a task."""

        def judge(scenario: Any, transcript: Transcript, threshold: float) -> Verdict:
            return metric.judge(scenario.task, transcript, threshold)

        judge.__name__ = f"judge_{metric.name}_on_the_task"
        return Metric(
            name=metric.name,
            domain=self.share_domain,
            judge=judge,
            default_threshold=metric.default_threshold,
            description=metric.description,
            scope=metric.scope,
        )


def _calls_first(outer: Transcript, conversation: Transcript) -> Transcript:
    """``conversation``, after a turn of the calls ``outer`` records beside its final text."""
    if not outer.tool_calls:
        return conversation
    before = Turn(user_text=None, tool_calls=outer.tool_calls, tool_responses=outer.tool_responses)
    return conversation.model_copy(
        update={
            "tool_calls": (*outer.tool_calls, *conversation.tool_calls),
            "tool_responses": (*outer.tool_responses, *conversation.tool_responses),
            "turns": (before, *conversation.turns),
        }
    )
