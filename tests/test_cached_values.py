"""Values cached for speed stay right: frozen models, their copies, and per-case scenario reads.

Requirements cache their JSON dump and phrases, verdicts their counts and score, guests their food
requirements; results are plain dataclasses. Each cache must agree with a fresh computation, and
``model_copy(update=...)``, the one way to derive a changed model, must never carry a stale value.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.adk.custom_metric import judge_invocations
from checkers.adk.invocations import transcript_up_to, transcripts_up_to_each
from checkers.results import (
    RESULT_ADAPTER,
    Outcome,
    RequirementResult,
    SubjectResult,
    Verdict,
)
from domains.dining.metrics import EVERYONE_ATE
from domains.dining.models import (
    Allergy,
    Availability,
    Budget,
    DietRequirement,
    Dish,
    Guest,
    MaxDistance,
)
from domains.dining.scenarios import DINING
from tests.adk_helpers import invocation

PASS = RequirementResult.passed("diet", "dish_available", "Ana is vegetarian; Dal (9.00)")
HOME = {"lat": 37.77, "lon": -122.42}
FAIL = RequirementResult.failed("allergy", "allergen_in_every_dish", "every dish has dairy")


def test_requirement_json_is_its_dump_and_a_copy_dumps_afresh() -> None:
    budget = Budget(max_per_person=20)
    assert budget.as_json == budget.model_dump(mode="json")
    assert budget.as_json is budget.as_json  # dumped once
    cheaper = budget.model_copy(update={"max_per_person": 10})
    assert cheaper.as_json == {"kind": "budget", "max_per_person": 10}
    assert budget.as_json == {"kind": "budget", "max_per_person": 20.0}


def test_cached_values_leave_equality_hashing_and_dumps_alone() -> None:
    warm, cold = Allergy(allergen="dairy"), Allergy(allergen="dairy")
    assert warm.as_json and warm.need == "free of dairy"
    assert warm == cold and hash(warm) == hash(cold)
    assert warm.model_dump() == cold.model_dump() == {"kind": "allergy", "allergen": "dairy"}


def test_guest_food_requirements_follow_a_copy() -> None:
    ana = Guest(id="a", name="Ana", requirements=(DietRequirement(diet="vegan"),))
    assert ana.food_needs == "vegan"
    changed = ana.model_copy(
        update={"requirements": (Budget(max_per_person=12), MaxDistance(max_km=2, origin=HOME))}
    )
    assert changed.food_requirements == (Budget(max_per_person=12),)
    assert changed.food_needs == "at most 12.00"
    assert ana.food_needs == "vegan"
    bare = ana.model_copy(update={"requirements": ()})
    assert bare.food_needs == "no food restrictions"


def test_dish_label_and_window_follow_a_copy() -> None:
    dal = Dish(name="Dal", price=9)
    assert dal.label == "Dal (9.00)"
    assert dal.model_copy(update={"price": 11.5}).label == "Dal (11.50)"
    window = Availability(available_from=18 * 60, available_until=22 * 60)
    assert window.window == "18:00-22:00"
    later = window.model_copy(update={"available_until": 23 * 60 + 30})
    assert later.window == "18:00-23:30"


def verdict(*subjects: SubjectResult, threshold: float = 1.0) -> Verdict:
    return Verdict(domain="d", metric="m", scenario_id="s", threshold=threshold, subjects=subjects)


def test_verdict_score_follows_a_copy_that_changes_subjects() -> None:
    ana = SubjectResult(subject_id="a", name="Ana", results=(PASS,))
    bo = SubjectResult(subject_id="b", name="Bo", results=(PASS, FAIL))
    half = verdict(ana, bo)
    assert (half.satisfied_count, half.score, half.passed) == (1, 0.5, False)
    whole = half.model_copy(update={"subjects": (ana,)})
    assert (whole.satisfied_count, whole.score, whole.passed) == (1, 1.0, True)
    assert (half.satisfied_count, half.score) == (1, 0.5)


def test_a_dump_whose_cached_score_disagrees_is_rejected() -> None:
    half = verdict(
        SubjectResult(subject_id="a", name="Ana", results=(PASS,)),
        SubjectResult(subject_id="b", name="Bo", results=(FAIL,)),
    )
    dumped = json.loads(half.model_dump_json())
    assert Verdict.model_validate(dumped) == half
    with pytest.raises(ValueError, match=r"score is 1\.0 in the input but 0\.5 computed"):
        Verdict.model_validate({**dumped, "score": 1.0})


def test_a_result_built_with_a_string_outcome_is_refused() -> None:
    with pytest.raises(TypeError, match="must be an Outcome, got 'pass'"):
        RequirementResult("diet", "pass", "ok", "fine")  # type: ignore[arg-type]


def test_one_result_round_trips_and_unknown_keys_are_refused() -> None:
    result = RequirementResult.failed("budget", "over_budget", "too dear", requirement={"a": 1})
    assert RESULT_ADAPTER.validate_json(RESULT_ADAPTER.dump_json(result)) == result
    assert RESULT_ADAPTER.validate_python({**RESULT_ADAPTER.dump_python(result)}) == result
    with pytest.raises(ValueError, match="unexpected"):
        RESULT_ADAPTER.validate_python({**RESULT_ADAPTER.dump_python(result), "score": 1})
    loaded = RESULT_ADAPTER.validate_json(
        '{"kind": "k", "outcome": "pass", "reason_code": "c", "reason": "r"}'
    )
    assert loaded.outcome is Outcome.PASS


ANSWERS = st.sampled_from(
    [
        '{"restaurant": "r01", "time": "19:30"}',
        '{"restaurant": "r03", "time": "18:00"}',
        "no plan at all",
        None,
    ]
)


@given(st.lists(ANSWERS, min_size=1, max_size=5))
def test_transcripts_read_once_equal_transcripts_read_per_invocation(
    answers: list[str | None],
) -> None:
    invocations = [invocation(a, f"turn {i}", invocation_id=f"i{i}") for i, a in enumerate(answers)]
    assert transcripts_up_to_each(invocations) == [
        transcript_up_to(invocations, i) for i in range(len(invocations))
    ]


def test_a_case_reads_its_scenario_file_once(tmp_path: Path, monkeypatch: Any) -> None:
    path = tmp_path / "six.json"
    path.write_text(json.dumps({"group": DINING.load_scenario("story-six").group.model_dump()}))
    reads: list[str] = []
    original = DINING.load_scenario

    def counting(ref: str) -> Any:
        reads.append(ref)
        return original(ref)

    monkeypatch.setattr(DINING, "load_scenario", counting)
    case = [
        invocation(
            '{"restaurant": "r01", "time": "19:30"}',
            invocation_id=f"i{i}",
            scenario_rubric=str(path),
        )
        for i in range(4)
    ]
    verdicts = judge_invocations(EVERYONE_ATE, case, 1.0)
    assert [v.score for v in verdicts] == [0.5] * 4
    assert reads == [str(path)]
    judge_invocations(EVERYONE_ATE, case, 1.0)  # the next case reads it again
    assert reads == [str(path)] * 2


def test_a_result_takes_its_requirement_in_a_copy() -> None:
    budget = Budget(max_per_person=20)
    bare = RequirementResult.failed("budget", "over_budget", "too dear")
    carried = bare.with_requirement(budget.as_json)
    assert (carried.requirement, bare.requirement) == (budget.as_json, None)
    assert carried.reason == bare.reason and carried.outcome is Outcome.FAIL
