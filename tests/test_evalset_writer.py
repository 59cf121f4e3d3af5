"""The eval-set writer: cases that name their scenario in the rubric the metrics read, as ADK's
own EvalSet model loads them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checkers.customer_plan import asked_for, conversation_plan, read_prompt
from checkers.evalset import (
    SimulatedCustomer,
    eval_case,
    eval_set,
    render,
    scenario_rubric,
    simulated_case,
    static_cases,
    write_eval_set,
)
from checkers.scenario_ref import named_scenario_id, rubric_scenario_id
from checkers.service import Action


def test_the_rubric_names_the_scenario_with_its_type() -> None:
    rubric = scenario_rubric("team-four")
    assert rubric == {
        "rubric_id": "scenario",
        "rubric_content": {"text_property": "scenario:team-four"},
        "type": "SCENARIO_ID",
    }
    assert rubric_scenario_id(rubric["rubric_content"]["text_property"]) == "team-four"
    assert named_scenario_id(["team-four"], []) == "team-four"


def test_a_case_has_one_invocation_per_turn() -> None:
    case = eval_case("g1", ["Hi.", "Yes, please."], app_name="demo", user_id="organiser")
    assert case == {
        "eval_id": "g1",
        "conversation": [
            {
                "invocation_id": "g1-1",
                "user_content": {"role": "user", "parts": [{"text": "Hi."}]},
            },
            {
                "invocation_id": "g1-2",
                "user_content": {"role": "user", "parts": [{"text": "Yes, please."}]},
            },
        ],
        "session_input": {"app_name": "demo", "user_id": "organiser", "state": {}},
        "rubrics": [scenario_rubric("g1")],
    }


def test_a_case_without_turns_is_refused() -> None:
    with pytest.raises(ValueError) as caught:
        eval_case("g1", [], app_name="demo")
    assert str(caught.value) == (
        "eval case 'g1' has no user turn; give at least one, e.g. "
        "eval_case('g1', ['Plan dinner for group g1.'], app_name=...)"
    )


def test_repeated_eval_ids_are_refused() -> None:
    case = eval_case("g1", ["Hi."], app_name="demo")
    with pytest.raises(ValueError) as caught:
        eval_set("demo", "Demo", "Two of one.", [case, case])
    assert str(caught.value) == "eval set 'demo': eval ids must be unique; repeated: ['g1']"


def test_what_fits_in_a_line_stays_on_it() -> None:
    content = {"a": [1, 2], "b": {}, "long": ["x" * 50, "y" * 50], "c": {"d": "é"}}
    assert render(content) == (
        "{\n"
        '  "a": [1, 2],\n'
        '  "b": {},\n'
        '  "long": [\n'
        f'    "{"x" * 50}",\n'
        f'    "{"y" * 50}"\n'
        "  ],\n"
        '  "c": {"d": "é"}\n'
        "}\n"
    )


def test_a_line_may_take_exactly_the_width() -> None:
    def second_line(n: int) -> str:
        return render({"k": ["z" * n], "m": 1}).splitlines()[1]

    assert second_line(88) == f'  "k": ["{"z" * 88}"],'  # 100 columns, the comma included
    assert len(second_line(88)) == 100
    assert second_line(89) == '  "k": ['


def test_adk_loads_what_the_writer_renders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from google.adk.evaluation.eval_set import EvalSet

    content = eval_set(
        "demo",
        "Demo: does everyone get what they need?",
        "Für alle.",
        [
            eval_case("g1", ["Pick one for group g1."], app_name="demo"),
            simulated_case("t1", "Hi!", "Ask for a refund.", app_name="demo", user_id="u7"),
        ],
    )
    path = tmp_path / "evalsets" / "demo" / "demo.evalset.json"
    write_eval_set(path, content, left_out=["g2", "g3"])
    assert capsys.readouterr().err == (
        "wrote 2 cases to demo.evalset.json\nleft out, as no plan satisfies everyone: g2, g3\n"
    )
    text = path.read_text(encoding="utf-8")
    assert text == render(content) and text.endswith("}\n") and "Für alle." in text
    loaded = EvalSet.model_validate(json.loads(text))
    assert [c.eval_id for c in loaded.eval_cases] == ["g1", "t1"]
    simulated = loaded.eval_cases[1]
    assert simulated.conversation_scenario is not None
    assert simulated.conversation_scenario.conversation_plan == "Ask for a refund."
    rubrics = loaded.eval_cases[0].rubrics or []
    assert [r.rubric_content.text_property for r in rubrics] == ["scenario:g1"]


def test_static_cases_are_one_case_per_scenario_in_order() -> None:
    turns = {"cs-2": ["Where is my stuff?", "Yes."], "cs-1": ["Hi."]}
    assert static_cases(turns.items(), app_name="orders", user_id="customer") == [
        eval_case("cs-2", ["Where is my stuff?", "Yes."], app_name="orders", user_id="customer"),
        eval_case("cs-1", ["Hi."], app_name="orders", user_id="customer"),
    ]


def test_a_scenario_given_twice_is_refused_by_the_eval_set() -> None:
    cases = static_cases([("g1", ["Hi."]), ("g1", ["Hello."])], app_name="demo")
    with pytest.raises(ValueError) as caught:
        eval_set("demo", "Demo", "Twice.", cases)
    assert str(caught.value) == "eval set 'demo': eval ids must be unique; repeated: ['g1']"


class Task:
    """A customer-service task, as far as the core reads one."""

    def __init__(self, id: str, user_id: str | None, instruction: str) -> None:
        self.id, self.user_id, self.instruction = id, user_id, instruction
        self.expected_actions: tuple[Action, ...] = ()
        self.required_outputs: tuple[str, ...] = ()


def test_a_simulated_customer_plays_the_task_as_its_user_with_the_plan_from_the_task() -> None:
    customer = SimulatedCustomer[Task](
        "airline",
        "Hi! I need some help.",
        lambda task: f"My user id is {task.user_id}.",
        lambda task: [f"Please cancel reservation {task.id.upper()}."],
    )
    task = Task("r1", "ana_7", "You want to cancel.")
    plan = conversation_plan(
        "You want to cancel.", "My user id is ana_7.", ["Please cancel reservation R1."]
    )
    assert customer.plan(task) == plan
    assert customer.case(task) == simulated_case(
        "r1", "Hi! I need some help.", plan, app_name="airline", user_id="ana_7"
    )
    read = read_prompt(f"# Conversation Plan\n{plan}\n# Conversation History\n")
    assert read is not None and read.requests == ("Please cancel reservation R1.",)


def test_a_customer_asks_for_the_writes_and_the_hand_off_not_the_reads() -> None:
    actions = [
        Action(name="get_user_details", kwargs={"user_id": "ana_7"}),
        Action(name="cancel_reservation", kwargs={"reservation_id": "R1"}),
        Action(name="calculate", kwargs={"expression": "1 + 1"}),
        Action(name="transfer_to_human_agents", kwargs={"summary": "refund"}),
        Action(name="send_certificate", kwargs={"user_id": "ana_7", "amount": 50}),
    ]
    asked = asked_for(actions, {"cancel_reservation", "send_certificate"})
    assert [a.name for a in asked] == [
        "cancel_reservation",
        "transfer_to_human_agents",
        "send_certificate",
    ]
