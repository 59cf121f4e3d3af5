"""Writing ADK eval sets whose cases the checkers can judge: each case names its scenario.

ADK never tells a metric which eval case it judges, so every case carries its scenario id in a
case-level rubric ``scenario:<id>`` (ADK copies case rubrics onto every actual invocation, where
:mod:`checkers.scenario_ref` reads it). The cases need no reference answer::

    cases = [eval_case(s.id, [f"Plan dinner for group {s.id}."], app_name="dining")
             for s in STORE.bundled().values()]
    write_eval_set(EVALSET_FILE, eval_set("dining", "Group dining", "One case per group.", cases))

Cases of fixed turns, several at once: :func:`static_cases`. A customer-service domain's tasks
played by ADK's user simulation, whose customer follows a plan written from the task:
:class:`SimulatedCustomer`.

The dictionaries are ADK's ``EvalSet`` JSON, key for key, so :func:`render` writes the file
``adk eval`` reads; a test of the domain compares the committed file with what its builder
renders.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from checkers.customer_plan import conversation_plan
from checkers.scenario_ref import RUBRIC_PREFIX
from checkers.service import ServiceTask
from checkers.text import plural

__all__ = [
    "SimulatedCustomer",
    "eval_case",
    "eval_set",
    "render",
    "scenario_rubric",
    "simulated_case",
    "static_cases",
    "write_eval_set",
]

RUBRIC_ID = "scenario"
RUBRIC_TYPE = "SCENARIO_ID"


def scenario_rubric(scenario_id: str) -> dict[str, Any]:
    """The case-level rubric that tells the metrics which scenario a case is."""
    return {
        "rubric_id": RUBRIC_ID,
        "rubric_content": {"text_property": f"{RUBRIC_PREFIX}{scenario_id}"},
        "type": RUBRIC_TYPE,
    }


def _session(app_name: str, user_id: str) -> dict[str, Any]:
    return {"app_name": app_name, "user_id": user_id, "state": {}}


def eval_case(
    scenario_id: str, turns: Sequence[str], *, app_name: str, user_id: str = "user"
) -> dict[str, Any]:
    """A case of fixed user ``turns`` (one invocation each, ``<id>-1``, ``<id>-2`` ...) in
    scenario ``scenario_id``, which is also the case's ``eval_id``.

    Raises ValueError when there is no turn (ADK would run nothing).
    """
    if not turns:
        raise ValueError(
            f"eval case {scenario_id!r} has no user turn; give at least one, e.g. "
            f"eval_case({scenario_id!r}, ['Plan dinner for group {scenario_id}.'], app_name=...)"
        )
    return {
        "eval_id": scenario_id,
        "conversation": [
            {
                "invocation_id": f"{scenario_id}-{n}",
                "user_content": {"role": "user", "parts": [{"text": text}]},
            }
            for n, text in enumerate(turns, 1)
        ],
        "session_input": _session(app_name, user_id),
        "rubrics": [scenario_rubric(scenario_id)],
    }


def static_cases(
    turns: Iterable[tuple[str, Sequence[str]]], *, app_name: str, user_id: str = "user"
) -> list[dict[str, Any]]:
    """One case of fixed user turns (:func:`eval_case`) per ``(scenario id, its user turns in
    order)``, in order: ``static_cases(TURNS.items(), app_name="orders")``.

    Raises ValueError when a scenario has no turn; a repeated id is refused by :func:`eval_set`.
    """
    return [eval_case(i, said, app_name=app_name, user_id=user_id) for i, said in turns]


def simulated_case(
    scenario_id: str, starting_prompt: str, plan: str, *, app_name: str, user_id: str = "user"
) -> dict[str, Any]:
    """A case whose user ADK's user simulator plays: it opens with ``starting_prompt`` and
    follows the conversation ``plan``."""
    return {
        "eval_id": scenario_id,
        "conversation_scenario": {"starting_prompt": starting_prompt, "conversation_plan": plan},
        "session_input": _session(app_name, user_id),
        "rubrics": [scenario_rubric(scenario_id)],
    }


T = TypeVar("T", bound=ServiceTask)


@dataclass(frozen=True)
class SimulatedCustomer(Generic[T]):
    """How a customer-service domain's tasks are played by ADK's user simulation: each task's
    customer (its ``user_id``, in a session of ``app_name``) opens with ``starting_prompt`` and
    follows the plan written from the task (:func:`checkers.customer_plan.conversation_plan`):
    the task's instruction, the ``identity`` sentence when asked who they are, and the task's
    ``requests`` in order, word for word."""

    app_name: str
    starting_prompt: str
    identity: Callable[[T], str]
    """The sentence the task's customer says when asked who they are."""
    requests: Callable[[T], Sequence[str]]
    """What the task's customer asks for, in order, each in the words the scripted customer
    says (a domain writes them from the task's expected actions)."""

    def plan(self, task: T) -> str:
        """The user simulator's plan for ``task`` (the scripted customer parses it)."""
        return conversation_plan(task.instruction, self.identity(task), self.requests(task))

    def case(self, task: T) -> dict[str, Any]:
        """``task`` as a case played by ADK's user simulation (:func:`simulated_case`)."""
        return simulated_case(
            task.id,
            self.starting_prompt,
            self.plan(task),
            app_name=self.app_name,
            user_id=str(task.user_id),
        )

    def eval_set(
        self,
        name: str,
        description: str,
        static_turns: Mapping[str, Sequence[str]],
        tasks: Iterable[T],
    ) -> dict[str, Any]:
        """The domain's eval set, named by :attr:`app_name`: a case of fixed turns per scenario
        of ``static_turns`` (the session's user is ``customer``; :func:`static_cases`), then
        each of ``tasks`` played by ADK's user simulation (:meth:`case`)."""
        static = static_cases(static_turns.items(), app_name=self.app_name, user_id="customer")
        return eval_set(
            self.app_name, name, description, static + [self.case(task) for task in tasks]
        )


def eval_set(
    eval_set_id: str, name: str, description: str, cases: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """An eval set of ``cases``. Raises ValueError when two cases share an ``eval_id``."""
    ids = [case["eval_id"] for case in cases]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise ValueError(f"eval set {eval_set_id!r}: eval ids must be unique; repeated: {repeated}")
    return {
        "eval_set_id": eval_set_id,
        "name": name,
        "description": description,
        "eval_cases": list(cases),
    }


WIDTH = 100
"""Columns a line of an eval set file may take before an object or array on it is broken up."""


def render(content: dict[str, Any]) -> str:
    """An eval set as its file holds it: JSON indented by two, where an object or array that
    fits on its line (within :data:`WIDTH` columns) stays on one line; non-ASCII kept, newline
    ended."""
    return _layout(content, 0, 0) + "\n"


def _layout(value: Any, indent: int, column: int) -> str:
    """``value`` as JSON whose first line starts at ``column`` of a line indented ``indent``."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or not value or column + len(flat) + 1 <= WIDTH:
        return flat  # the + 1: room for the comma that may follow
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            head = f"{pad}{json.dumps(key, ensure_ascii=False)}: "
            lines.append(head + _layout(item, indent + 2, len(head)))
        brackets = "{}"
    else:
        lines = [pad + _layout(item, indent + 2, len(pad)) for item in value]
        brackets = "[]"
    return brackets[0] + "\n" + ",\n".join(lines) + "\n" + " " * indent + brackets[1]


def write_eval_set(
    path: Path,
    content: dict[str, Any],
    left_out: Sequence[str] = (),
    why: str = "no plan satisfies everyone",
) -> None:
    """Write ``content`` to ``path`` (creating its folder) and say so on stderr: how many cases
    went to which file, and which scenarios were ``left_out`` and ``why``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(content), encoding="utf-8")
    print(f"wrote {plural(len(content['eval_cases']), 'case')} to {path.name}", file=sys.stderr)
    if left_out:
        print(f"left out, as {why}: {', '.join(left_out)}", file=sys.stderr)
