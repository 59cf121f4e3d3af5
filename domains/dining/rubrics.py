"""Dining rubrics: ``explains_each_guest``, and the plan-serves-a-guest rule as a rubric.

``explains_each_guest`` asks a judge, for each guest, whether "the final message explains how
the plan meets <guest>'s needs". The judge is given the facts it needs: the plan read from the
final message, each guest's requirements in words, and the chosen restaurant's menu as the
agent's ``get_menu`` call returned it (or that the agent never looked it up). The score is the
share of guests explained; it passes only at 1.0. A message with no readable plan is
incomplete for every guest (nothing is sent to the judge). The default judge,
``scripted:cues``, is an offline stand-in that only checks the guest is named; set
``"judge": "gemini:gemini-2.5-flash"`` in the criterion (or ``CHECKERS_JUDGE``) for a real
judge.

``CHECKER_RUBRIC`` states ``everyone_ate``'s rule for one guest ("the plan meets every one of
<guest>'s requirements") as a rubric, so ``checkers calibrate --against-checker dining``
measures a judge against the deterministic checker on generated answers, with no human labels.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from checkers.answers import extract_json_object
from checkers.requirements import Requirement
from checkers.results import AnswerProblem, Verdict
from checkers.rubric.calibrate import CheckerRubric, LabelledExample
from checkers.rubric.metric import rubric_metric
from checkers.rubric.requirement import RUBRIC_ID_PATTERN, Fact, Rubric, RubricSubject, RubricTask
from checkers.tool_outcome import tool_outcome
from checkers.transcript import Transcript
from domains.dining.checks import KINDS
from domains.dining.judge import EXAMPLE_ANSWER, read_restaurant, read_time
from domains.dining.models import (
    SPICE_NAMES,
    Dish,
    Guest,
    MaxDistance,
    Restaurant,
    Scenario,
    clock,
)
from domains.dining.scenarios import DINING

EXPLAINS_TEXT = (
    "The final message explains how the plan meets {name}'s needs ({needs}): it says how the "
    "plan serves each of them, consistently with the menu."
)
SERVES_TEXT = (
    "The plan meets every one of {name}'s requirements ({needs}): one dish on the menu meets "
    "all of {name}'s food needs at once, the restaurant is open for the whole dinner, it is "
    "within {name}'s distance, and the dinner fits {name}'s free time."
)


def requirement_text(requirement: Requirement) -> str:
    """One requirement in words, as its kind describes it: ``vegetarian``, ``allergic to dairy``,
    ``at most 40.00 per person`` ..."""
    kind = KINDS.get(requirement.kind)
    if kind is None or kind.describe is None:
        return str(requirement.kind)
    return kind.describe(requirement)


def needs_text(guest: Guest) -> str:
    """The guest's requirements in words, ``; ``-separated; "no stated requirements" if none."""
    return "; ".join(requirement_text(r) for r in guest.requirements) or "no stated requirements"


def dish_line(dish: Dish) -> str:
    """``- Falafel wrap: 12.00; suits vegan; contains gluten, sesame; spice 1 (mild)``."""
    suits = ", ".join(sorted(dish.suits)) or "no diet tags"
    contains = ", ".join(a.replace("_", " ") for a in sorted(dish.allergens)) or "no allergens"
    spice = f"spice {dish.spice} ({SPICE_NAMES[dish.spice]})"
    return f"- {dish.name}: {dish.price:.2f}; suits {suits}; contains {contains}; {spice}"


def menu_text(menu: Sequence[Any]) -> str:
    """A menu (dishes, or dish objects as a tool returned them) one dish per line; an entry that
    is not a valid dish is shown as its JSON."""
    lines = []
    for entry in menu:
        try:
            dish = entry if isinstance(entry, Dish) else Dish.model_validate(entry)
            lines.append(dish_line(dish))
        except ValidationError:
            lines.append(f"- (unreadable entry) {json.dumps(entry, ensure_ascii=False)[:200]}")
    return "\n".join(lines) or "(an empty menu)"


def looked_up_menu(transcript: Transcript, restaurant_id: str) -> list[Any] | None:
    """The menu the agent's last successful ``get_menu`` call for ``restaurant_id`` returned
    (successful as the tool-outcome model reads it, and with the dining tool's ``status: ok``)."""
    for response in reversed(transcript.tool_responses):
        body = response.response
        if (
            response.name == "get_menu"
            and body.get("status") == "ok"
            and tool_outcome(body).succeeded
            and body.get("restaurant_id") == restaurant_id
            and isinstance(body.get("menu"), list)
        ):
            return list(body["menu"])
    return None


def _rubric_id(prefix: str, guest: Guest, index: int) -> str:
    wanted = f"{prefix}:{guest.id}"
    return wanted if re.fullmatch(RUBRIC_ID_PATTERN, wanted) else f"{prefix}:guest-{index + 1}"


def _plan_fact(scenario: Scenario, restaurant: Restaurant, start: int | None) -> Fact:
    duration = scenario.group.duration_minutes
    when = (
        f"at {clock(start)}, dinner {clock(start)}-{clock(start + duration)} ({duration} minutes)"
        if start is not None
        else "at a time that could not be read"
    )
    return Fact(label="The plan", content=f"{restaurant.name} ({restaurant.id}) {when}")


def explains_task(scenario: Scenario, transcript: Transcript) -> RubricTask:
    """The ``explains_each_guest`` task: one rubric per guest, with the plan, every guest's
    requirements and the chosen restaurant's menu from the agent's tool calls as facts.

    A final message from which no plan can be read (no JSON object, no catalog restaurant) has
    nothing to explain: the task carries that problem, and every rubric is incomplete without a
    judge call.
    """
    text = transcript.final_text
    answer = extract_json_object(text, EXAMPLE_ANSWER)
    facts: list[Fact] = []
    restaurant = answer if isinstance(answer, AnswerProblem) else read_restaurant(answer, scenario)
    if isinstance(restaurant, AnswerProblem):
        facts.append(Fact(label="The plan", content=f"no plan could be read: {restaurant.message}"))
    else:
        start = read_time(answer) if isinstance(answer, dict) else None
        facts.append(_plan_fact(scenario, restaurant, start if isinstance(start, int) else None))
    for guest in scenario.group.guests:
        facts.append(Fact(label=f"{guest.name}'s requirements", content=needs_text(guest)))
    if isinstance(restaurant, Restaurant):
        menu = looked_up_menu(transcript, restaurant.id)
        label = f"Menu of {restaurant.name} ({restaurant.id}), from the agent's get_menu call"
        content = menu_text(menu) if menu is not None else "the agent did not look this menu up"
        facts.append(Fact(label=label, content=content))
    subjects = tuple(
        RubricSubject(
            subject_id=guest.id,
            name=guest.name,
            rubrics=(
                Rubric(
                    id=_rubric_id("explains", guest, index),
                    text=EXPLAINS_TEXT.format(name=guest.name, needs=needs_text(guest)),
                    cues=(guest.name,),
                ),
            ),
        )
        for index, guest in enumerate(scenario.group.guests)
    )
    problem = restaurant if isinstance(restaurant, AnswerProblem) else None
    return RubricTask(
        scenario_id=scenario.id, answer=text, facts=tuple(facts), subjects=subjects, problem=problem
    )


EXPLAINS_EACH_GUEST = rubric_metric(
    "explains_each_guest",
    DINING,
    explains_task,
    default_judge="scripted:cues",
    description="share of guests whose needs the final message explains (one judged rubric per "
    "guest); passes only at 1.0",
)


# --- the checker's rule as a rubric, for calibration without people ----------------------------


def restaurant_facts(restaurant: Restaurant, guest: Guest) -> list[Fact]:
    """What a judge needs to decide whether ``restaurant`` serves ``guest``: hours, the
    distance from each of the guest's starting points, and the menu (from the catalog)."""
    hours = ", ".join(f"{clock(h.opens)}-{clock(h.closes)}" for h in restaurant.hours)
    facts = [Fact(label=f"Opening hours of {restaurant.name}", content=hours)]
    for requirement in guest.requirements:
        if isinstance(requirement, MaxDistance):
            km = requirement.origin.km_to(restaurant.location)
            facts.append(
                Fact(
                    label=f"Distance to {restaurant.name}",
                    content=f"{km:.3f} km from {guest.name}'s starting point "
                    f"({requirement.origin.lat}, {requirement.origin.lon})",
                )
            )
    facts.append(Fact(label=f"Menu of {restaurant.name}", content=menu_text(restaurant.menu)))
    return facts


def served_examples(
    scenario: Scenario, answer: dict[str, Any], verdict: Verdict
) -> list[LabelledExample]:
    """One example per guest: "the plan meets every one of <guest>'s requirements", labelled
    "yes" exactly when the checker's ``verdict`` has the guest satisfied. Empty when the answer
    names no catalog restaurant or no readable time (the rule needs both)."""
    restaurant = read_restaurant(answer, scenario)
    start = read_time(answer)  # the time as everyone_ate reads it ("TIME", full-width digits)
    if isinstance(restaurant, AnswerProblem) or isinstance(start, AnswerProblem):
        return []
    satisfied = {s.subject_id: s.satisfied for s in verdict.subjects}
    examples = []
    for index, guest in enumerate(scenario.group.guests):
        facts = [
            _plan_fact(scenario, restaurant, start),
            Fact(label=f"{guest.name}'s requirements", content=needs_text(guest)),
            *restaurant_facts(restaurant, guest),
        ]
        examples.append(
            LabelledExample(
                id=f"{scenario.id}-{guest.id}",
                rubric_id=_rubric_id("serves", guest, index),
                rubric=SERVES_TEXT.format(name=guest.name, needs=needs_text(guest)),
                cues=(guest.name,),
                facts=tuple(facts),
                answer=json.dumps({"restaurant": restaurant.id, "time": clock(start)}),
                label="yes" if satisfied.get(guest.id) else "no",
                source="generated",
                why="labelled by everyone_ate's deterministic checker",
                about={"scenario": scenario.id, "guest": guest.id, "restaurant": restaurant.id},
            )
        )
    return examples


CHECKER_RUBRIC: CheckerRubric[Scenario] = CheckerRubric(
    description="the plan meets every requirement of a guest (everyone_ate's rule, per guest)",
    examples=served_examples,
)
