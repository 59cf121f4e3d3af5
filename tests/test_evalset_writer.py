"""The eval-set writer: cases that name their scenario in the rubric the metrics read, as ADK's
own EvalSet model loads them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checkers.evalset import (
    eval_case,
    eval_set,
    render,
    scenario_rubric,
    simulated_case,
    write_eval_set,
)
from checkers.scenario_ref import named_scenario_id, rubric_scenario_id


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
