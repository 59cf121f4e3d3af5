"""A demo agent for any choice domain, derived from the kit, so a new domain starts with one.

It is a real ADK ``LlmAgent`` with one real tool, ``get_scenario`` (the bundled scenario by id:
the subjects with their requirements, and the plans), whose model offline is the scripted
policy ``<domain>/solver``: it reads the scenario named in the user's message (``... id:
team-four.``), judges every plan with the domain's own checks and answers with the one that
satisfies the most subjects (the first of those), naming who is left out and why. With
``GOOGLE_API_KEY`` set, Gemini follows the same instruction instead
(:func:`~checkers.adk.scripted_model.model_for`). A domain replaces it with its own tools and
agent as it grows::

    app = choice_app(CHOICE, OUTINGS)   # in agents/solver/__init__.py, what adk eval loads
    root_agent = app.root_agent
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from google.adk.apps import App

from checkers.adk.agents import agent_app, scripted_agent
from checkers.adk.scripted_model import Policy, RequestView, Step, call, register_policy, say
from checkers.choice import ChoiceDomain, P, S, Subj
from checkers.scenarios import StoredDomain, example_ids
from checkers.text import plural

__all__ = ["TOOL", "best_answer", "choice_app", "scenario_tool", "solver_policy"]

TOOL = "get_scenario"
_ID = re.compile(r"\bid:?\s+([\w.-]+?)\.?(?=\s|$)", re.IGNORECASE)
"""The scenario id in the user's message: ``Group id: team-four.``"""

INSTRUCTION = """You choose one plan for everyone in a scenario; the user names the scenario's id.
1. Call get_scenario with that id to read every {noun}'s requirements and every plan.
2. Choose the plan that meets every requirement of every {noun}. If none does, say so plainly,
   and name who is left out and why.
3. End your answer with your choice as JSON in a ```json block: {example}."""


def scenario_tool(domain: StoredDomain[S]) -> Callable[[str], dict[str, Any]]:
    """The agent's tool: ``get_scenario(scenario_id)`` answers ``{"status": "ok", "scenario":
    {...}}`` for a bundled scenario, and ``{"status": "error", "error": ...}`` naming known ids
    for any other id, as a real service would (never an exception into the agent loop)."""

    def get_scenario(scenario_id: str) -> dict[str, Any]:
        """Get a scenario by its id: the people in it, each with their requirements, and the
        plans they choose from."""
        found = domain.store.bundled().get(scenario_id)
        if found is None:
            known = example_ids(domain.scenario_ids())
            return {"status": "error", "error": f"unknown id {scenario_id[:80]!r}; known: {known}"}
        return {"status": "ok", "scenario": found.model_dump(mode="json")}

    return get_scenario


def best_answer(choice: ChoiceDomain[S, Subj, P], scenario: S, noun: str = "subject") -> str:
    """What a careful agent answers: the plan satisfying the most subjects (the first of those
    in the scenario's order), in a json block after a sentence that names who is left out and
    why, or says that it suits all."""
    subjects = choice.subjects_of(scenario)
    judged = [
        (plan, [choice.judge_subject(s, plan) for s in subjects])
        for plan in choice.plans_of(scenario)
    ]
    plan, results = max(judged, key=lambda found: sum(s.satisfied for s in found[1]))
    answer = f"```json\n{json.dumps({choice.answer_key: plan.id}, ensure_ascii=False)}\n```"
    left_out = [s for s in results if not s.satisfied]
    if not left_out:
        return f"{plan.name} suits all {plural(len(results), noun)}.\n{answer}"
    reasons = "; ".join(r.reason for s in left_out for r in s.unmet())
    return (
        f"Nothing suits everyone. The best, {plan.name}, suits {len(results) - len(left_out)} "
        f"of {plural(len(results), noun)}; left out: {reasons}.\n{answer}"
    )


def solver_policy(choice: ChoiceDomain[S, Subj, P], noun: str = "subject") -> Policy:
    """The scripted policy: ask for the scenario id when the message names none, read the
    scenario, then answer with :func:`best_answer` (or say why the scenario could not be read)."""

    def solver(view: RequestView) -> Step:
        match = _ID.search(view.latest_user_text)
        if match is None:
            return say("Which scenario is this for? Please tell me its id.")
        if not view.turn_called(TOOL):
            return call(TOOL, scenario_id=match.group(1))
        found = view.last_response(TOOL) or {}
        if found.get("status") != "ok":
            return say(f"I could not read scenario {match.group(1)}: {found.get('error')}")
        scenario = choice.scenario_type.model_validate(found["scenario"])
        return say(best_answer(choice, scenario, noun))

    return solver


def choice_app(choice: ChoiceDomain[S, Subj, P], domain: StoredDomain[S]) -> App:
    """The ``App`` of the solver agent of ``choice`` over ``domain``'s bundled scenarios (see
    the module docstring), its policy registered as ``<domain>/solver``."""
    register_policy(f"{choice.name}/solver", solver_policy(choice, domain.subject_noun))
    instruction = INSTRUCTION.format(noun=domain.subject_noun, example=choice.example)
    tools = [scenario_tool(domain)]
    return agent_app(scripted_agent(choice.name, "solver", instruction, tools, "Solver"))
