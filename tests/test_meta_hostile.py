"""The hostile-input meta-tests: their strategies, the ADK call they make, and which metrics they
cover (the properties themselves run as ``hostile[...]`` items of the meta plugin)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from google.adk.evaluation.eval_metrics import EvalStatus
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.adk.metric_calls import call_adk, invocations
from checkers.answers import extract_json_object
from checkers.meta import load_spec, meta_checks, meta_domains, meta_settings, run_checks
from checkers.meta.hostile import (
    EVALUATOR_ADDRESSED,
    HONEST_UNICODE,
    HOSTILE_VALUES,
    TWO_ANSWER_FORMS,
    RawCall,
    RawResponse,
    RawTurn,
    conversation_of,
    deep_texts,
    deep_value,
    disguised,
    honest_unicode_texts,
    hostile_args,
    huge_number_texts,
    offer_both,
)
from checkers.meta.hostile_invariants import HOSTILE_INVARIANTS, hostile_metrics
from checkers.meta.pinned import PINNED_REF
from checkers.registry import domain_metrics
from checkers.text import fold, fold_lower
from checkers.transcript import ToolCall, Transcript
from domains.dining.metrics import EVERYONE_ATE
from domains.dining.scenarios import DINING

FEW = settings(meta_settings("ci"), max_examples=40)
A = {"restaurant": "r01", "time": "19:00"}
B = {"restaurant": "r19", "time": "20:30"}


@pytest.mark.parametrize("form", TWO_ANSWER_FORMS[:-1])
def test_every_two_answer_form_holds_both_answers(form: str) -> None:
    text = offer_both(form, A, B)
    assert "r01" in text and "r19" in text and "19:00" in text and "20:30" in text
    assert extract_json_object(text) not in (A, B), f"{form}: a reader may not pick one"


def test_the_domain_text_form_joins_the_domains_own_texts() -> None:
    text = offer_both("domain_text", A, B, texts=("Monday, 9:00", "Thursday, 9:00"))
    assert text == "Monday, 9:00 or Thursday, 9:00"
    with pytest.raises(ValueError) as caught:
        offer_both("domain_text", A, B)
    assert str(caught.value).startswith("unknown form 'domain_text' (domain_text needs texts)")


@FEW
@given(data=st.data())
def test_deep_and_huge_texts_are_as_deep_and_long_as_promised(data: st.DataObject) -> None:
    deep = data.draw(deep_texts())
    assert max(deep.count("["), deep.count("{")) >= 1_200
    number = data.draw(huge_number_texts())
    assert sum(c.isdigit() for c in number) > 4_300


@FEW
@given(
    data=st.data(),
    honest=HOSTILE_VALUES | st.builds(deep_value, st.integers(1_100, 1_300)),
    rounds=st.integers(1, 4),
)
def test_hostile_arguments_can_be_made_of_any_arguments_they_made(
    data: st.DataObject, honest: object, rounds: int
) -> None:
    # Every domain's hostile calls change arguments an earlier change already made hostile
    # (an int JSON cannot write, nesting deeper than the recursion limit); the generator must
    # never raise on its own output, or a domain's hostile suite stops at the draw, not the check.
    args = honest
    for _ in range(rounds):
        args = data.draw(hostile_args(args))
    assert args is None or isinstance(args, (dict, list, str))


@FEW
@given(data=st.data(), text=st.sampled_from(("r01", "Bistro 0", "19:00", "Sushi Zen")))
def test_a_disguised_id_looks_alike_but_differs(data: st.DataObject, text: str) -> None:
    changed = data.draw(disguised(text))
    assert changed != text
    assert len(fold(changed)) >= len(text) - 1  # nothing is dropped but invisible characters


def test_honest_unicode_prose_says_nothing_a_checker_reads() -> None:
    meaningful = {"no", "not", "or", "and", "yes", "plan", "pm", "am", "thank", "thanks", "please"}
    for phrase in HONEST_UNICODE:
        assert not any(c.isdigit() for c in phrase), phrase
        words = set(fold_lower(phrase).replace(":", " ").split())
        assert not words & meaningful, (phrase, words & meaningful)
        assert not phrase.isascii(), phrase


@FEW
@given(data=st.data(), text=st.sampled_from(('{"restaurant": "r01", "time": "19:00"}', "No plan.")))
def test_honest_unicode_texts_keep_the_text(data: st.DataObject, text: str) -> None:
    changed = data.draw(honest_unicode_texts(text))
    assert text in changed and changed != text
    if text.startswith("{"):
        assert extract_json_object(changed) == A


def test_evaluator_addressed_texts_address_an_evaluator() -> None:
    roles = ("judge", "reviewer", "grader", "gemini", "evaluator", "checker", "system")
    assert all(any(r in fold_lower(t) for r in roles) for t in EVALUATOR_ADDRESSED)


def test_a_transcript_becomes_adk_invocations_naming_the_scenario() -> None:
    flat = Transcript(
        final_text="done", tool_calls=(ToolCall(name="get_menu", args={"restaurant_id": "r1"}),)
    )
    [turn] = conversation_of(flat, user="Plan dinner")
    assert turn == RawTurn(
        "Plan dinner", (RawCall("get_menu", {"restaurant_id": "r1"}),), (), "done"
    )
    hostile = RawTurn(
        "hi", (RawCall("get_menu", "r1\ud800", "call_0"),), (RawResponse("get_menu", ["x"]),)
    )
    [invocation] = invocations((hostile,), "story-six")
    assert invocation.rubrics is not None
    assert invocation.rubrics[0].rubric_content.text_property == "scenario:story-six"
    assert invocation.intermediate_data is not None
    assert invocation.intermediate_data.tool_uses[0].args == "r1\ud800"  # kept as ADK got it
    assert invocation.final_response is None


def test_call_adk_judges_the_pinned_scenario_and_writes_details(tmp_path: Path) -> None:
    scenario = DINING.load_scenario("story-six")
    honest = (RawTurn("Plan dinner", final=json.dumps({"restaurant": "r19", "time": "19:00"})),)
    result, given_ = call_adk(EVERYONE_ATE, scenario, honest, tmp_path / "details")
    assert len(given_) == 1 and result.overall_eval_status is EvalStatus.PASSED
    assert {p.suffix for p in (tmp_path / "details").iterdir()} == {".json", ".md"}
    unknown, _ = call_adk(EVERYONE_ATE, scenario, honest, tmp_path / "more", "no-such-scenario")
    assert unknown.overall_eval_status is EvalStatus.FAILED
    assert PINNED_REF not in DINING.scenario_ids()


@pytest.mark.parametrize("domain", meta_domains())
def test_every_registered_metric_gets_every_hostile_invariant(domain: str) -> None:
    spec = load_spec(domain)
    covered = hostile_metrics(spec)
    assert set(domain_metrics(domain)) <= set(covered)
    assert spec.metric.name in covered
    ids = {c.id for c in meta_checks(spec) if c.group == "hostile"}
    assert ids == {f"hostile[{inv}-{name}]" for name in covered for inv in HOSTILE_INVARIANTS}


def test_a_hostile_invariant_is_exempted_through_metric_meta() -> None:
    spec = load_spec("dining")
    mm = spec.metrics["menu_before_booking"]
    reason = "judges the tool calls, not the answer the final text offers"
    exempted = replace(
        spec,
        metrics={
            **spec.metrics,
            "menu_before_booking": replace(mm, exempt={"two_answers_never_pass": reason}),
        },
    )
    by_id = {c.id: c for c in meta_checks(exempted)}
    assert by_id["hostile[two_answers_never_pass-menu_before_booking]"].exempt == reason
    assert by_id["hostile[never_raises-menu_before_booking]"].exempt is None


def test_a_property_that_checked_nothing_fails_naming_the_exemption() -> None:
    spec = load_spec("dining")
    mm = replace(spec.metrics["menu_before_booking"], exempt={})
    bare = replace(spec, metrics={**spec.metrics, "menu_before_booking": mm})
    [check] = [
        c
        for c in meta_checks(bare)
        if c.id == "hostile[two_answers_never_pass-menu_before_booking]"
    ]
    run = run_checks([check], settings(meta_settings("ci"), max_examples=40))
    [result] = run.results
    assert result.status == "failed"
    assert result.message.startswith(
        "hostile[two_answers_never_pass-menu_before_booking]: in no example did "
        "menu_before_booking fail one of two different honest answers alone"
    )
    assert "declare MetricMeta.exempt['two_answers_never_pass']" in result.message
