"""A verdict's reasons as ADK rubric-score entries (checkers/reasons.py): every requirement not
met with its code and reason, then who was satisfied, bounded for a 50-guest group."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.meta.hostile import hostile_strings
from checkers.reasons import MAX_NOT_MET, MAX_SATISFIED, overall_entries, reason_entries
from checkers.results import AnswerProblem, RequirementResult, SubjectResult, Verdict


def _subject(name: str, *results: RequirementResult) -> SubjectResult:
    return SubjectResult(subject_id=name.lower(), name=name, results=results)


def _verdict(*subjects: SubjectResult, problems: tuple[AnswerProblem, ...] = ()) -> Verdict:
    return Verdict(
        domain="d", metric="m", scenario_id="s", threshold=1.0, subjects=subjects, problems=problems
    )


MET = RequirementResult.passed("diet", "dish_available", "fine")
NOT_MET = RequirementResult.failed("diet", "no_dish_for_diet", "Ana is vegan; nothing is")
UNDECIDED = RequirementResult.unscored("tone", "judge_timeout", "the judge timed out")


def test_each_requirement_not_met_then_each_subject_satisfied() -> None:
    verdict = _verdict(_subject("Ana", MET, NOT_MET, UNDECIDED), _subject("Bo", MET))
    entries = [(e.rubric_id, e.rationale, e.score) for e in reason_entries(verdict, "guest")]
    assert entries == [
        ("Ana/diet", "fail (no_dish_for_diet): Ana is vegan; nothing is", 0.0),
        ("Ana/tone", "unscored (judge_timeout): the judge timed out", None),
        ("Bo", "satisfied: every requirement of this guest is met", 1.0),
    ]


def test_an_answer_problem_comes_first() -> None:
    problem = AnswerProblem(code="unparseable_time", message="'7pm' is not HH:MM")
    (first, *_) = reason_entries(_verdict(_subject("Ana", NOT_MET), problems=(problem,)))
    assert (first.rubric_id, first.score) == ("answer/unparseable_time", 0.0)
    assert first.rationale == "answer problem (unparseable_time): '7pm' is not HH:MM"


def test_a_fifty_guest_group_stays_readable() -> None:
    hungry = [_subject(f"Guest {i}", NOT_MET, NOT_MET) for i in range(30)]
    fed = [_subject(f"Fed {i}", MET) for i in range(20)]
    entries = reason_entries(_verdict(*hungry, *fed), "guest")
    assert len(entries) == MAX_NOT_MET + 1 + MAX_SATISFIED + 1
    more_unmet = entries[MAX_NOT_MET]
    assert more_unmet.rubric_id == "more_not_met" and more_unmet.score == 0.0
    assert more_unmet.rationale.startswith("40 more requirements not met (Guest 10, Guest 11,")
    more_fed = entries[-1]
    assert (more_fed.rubric_id, more_fed.score) == ("more_satisfied", 1.0)
    assert more_fed.rationale.startswith("10 more guests satisfied: Fed 10, Fed 11, ")


def test_over_a_case_each_id_keeps_its_worst_score_and_names_the_invocation() -> None:
    served = reason_entries(_verdict(_subject("Ana", MET)))
    hungry = reason_entries(_verdict(_subject("Ana", NOT_MET)))
    undecided = reason_entries(_verdict(_subject("Ana", UNDECIDED)))
    overall = {e.rubric_id: e for e in overall_entries([served, hungry, undecided])}
    assert overall["Ana"].score == 1.0
    assert overall["Ana/diet"].rationale.startswith("invocation 2: fail (no_dish_for_diet)")
    assert overall["Ana/tone"].score is None
    # one invocation: its entries as they are
    assert overall_entries([hungry]) == hungry
    # a decided failure outranks an undecided entry for the same id, in either order
    failed_tone = reason_entries(
        _verdict(_subject("Ana", RequirementResult.failed("tone", "x", "y")))
    )
    for order in ([undecided, failed_tone], [failed_tone, undecided]):
        (tone,) = [e for e in overall_entries(order) if e.rubric_id == "Ana/tone"]
        assert tone.score == 0.0


def test_no_lone_surrogate_reaches_the_results() -> None:
    # A reason may quote the agent; ADK writes its results as JSON, which cannot encode one.
    quoted = RequirementResult.failed("plan", "unknown_restaurant", "no restaurant 'r\ud800'")
    (entry,) = reason_entries(_verdict(_subject("An\udfff", quoted)))
    assert (entry.rubric_id, entry.rationale) == (
        "An\ufffd/plan",
        "fail (unknown_restaurant): no restaurant 'r\ufffd'",
    )
    entry.rationale.encode("utf-8")


@given(
    names=st.lists(hostile_strings(), min_size=1, max_size=4),
    reasons=st.lists(hostile_strings(), min_size=1, max_size=3),
    passed=st.booleans(),
)
@meta_settings("ci")
def test_every_entry_encodes_whatever_the_names_and_reasons_hold(
    names: list[str], reasons: list[str], passed: bool
) -> None:
    make = RequirementResult.passed if passed else RequirementResult.failed
    subjects = [_subject(n, *(make("k", "code", r) for r in reasons)) for n in names]
    problem = AnswerProblem(code="bad", message=reasons[0])
    for verdict in (_verdict(*subjects), _verdict(*subjects, problems=(problem,))):
        entries = reason_entries(verdict)
        for entry in [*entries, *overall_entries([entries, entries])]:
            entry.rubric_id.encode("utf-8")
            entry.rationale.encode("utf-8")
