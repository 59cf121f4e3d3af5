"""Shortcuts of judging a session and writing its verdicts, each held to its slow twin on
generated inputs (more of ``tests/test_fast_paths.py``): a session's lines written with the
subjects its verdicts share written once are the lines written verdict by verdict, and a
CalledBefore rule that names its arguments by SameAs alone reads a call's fit as the general
fit does."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.results import RequirementResult, SubjectResult, Verdict
from checkers.score import SessionVerdict, verdict_line, verdict_lines
from checkers.sessions import RecordedSession
from checkers.trajectory import CalledBefore, SameAs, ToolMatch, _Path, _Precedence
from tests.test_fast_paths import _HOSTILE_JSON, outcomes, texts
from tests.test_trajectory import tool_match_st
from tests.test_trajectory_hostile import conversation, mixed_call_st

# --- a session's verdict lines, shared subjects written once --------------------------------

_WRITTEN = texts | st.sampled_from(["\ud800", "a\u2028b", "é 名", '","answer":', "\x85"])
"""Texts as verdicts hold them, with what a line must not carry raw: a lone surrogate (the
serializer refuses it), the line breaks JSON leaves raw, and the bytes the line is joined at."""

_RESULTS = st.lists(
    st.builds(
        RequirementResult,
        _WRITTEN,
        outcomes,
        _WRITTEN,
        _WRITTEN,
        st.none() | st.dictionaries(st.text(max_size=4), _HOSTILE_JSON, max_size=2),
    ),
    max_size=3,
).map(tuple)
_SUBJECTS = st.lists(st.builds(SubjectResult.of, _WRITTEN, _WRITTEN, _RESULTS), max_size=3).map(
    tuple
)
_ANSWERS = st.none() | st.dictionaries(st.text(max_size=4), _HOSTILE_JSON, max_size=3)
_THRESHOLDS = st.sampled_from([1.0, 0.5, math.nan, math.inf])


@st.composite
def _session_verdicts(draw: st.DrawFn, session_id: str | None = None) -> list[SessionVerdict]:
    """One session's verdicts: some of them copies of another under their own metric name and
    notes (holding the very same subjects, as ``everyone_ate_or_says_infeasible`` holds
    ``everyone_ate``'s), some with subjects equal to another's but not the same object."""
    session = RecordedSession(
        session_id if session_id is not None else draw(_WRITTEN), "dining", draw(_WRITTEN), ()
    )
    verdicts: list[Verdict] = []
    for number in range(draw(st.integers(1, 4))):
        how = draw(st.sampled_from(["new", "copy", "equal"])) if verdicts else "new"
        if how == "new":
            verdicts.append(
                Verdict.of(
                    "dining",
                    f"m{number}",
                    draw(_WRITTEN),
                    draw(_THRESHOLDS),
                    draw(_SUBJECTS),
                    answer=draw(_ANSWERS),
                    notes=tuple(draw(st.lists(_WRITTEN, max_size=2))),
                )
            )
            continue
        other = draw(st.sampled_from(verdicts))
        if how == "copy":
            notes = (*other.notes, draw(_WRITTEN))
            verdicts.append(other.model_copy(update={"metric": f"m{number}", "notes": notes}))
        else:
            verdicts.append(Verdict.of("dining", f"m{number}", "s", 1.0, tuple(other.subjects)))
    return [
        SessionVerdict(session, v.metric, v, draw(st.floats(0, 1)), draw(st.booleans()))
        for v in verdicts
    ]


@settings(max_examples=300)
@given(_session_verdicts())
def test_a_sessions_lines_are_its_verdicts_lines_one_by_one(verdicts: list[SessionVerdict]) -> None:
    assert verdict_lines(verdicts) == [verdict_line(one) for one in verdicts]


@settings(max_examples=200)
@given(_session_verdicts("session-a"), _session_verdicts("session-b"))
def test_no_line_carries_what_another_sessions_verdicts_hold(
    first: list[SessionVerdict], second: list[SessionVerdict]
) -> None:
    """What is written once is kept within one call: two sessions written one after the other,
    or together, give each verdict its own line, whatever the first one's subjects were."""
    apart = verdict_lines(first) + verdict_lines(second)
    assert apart == [verdict_line(one) for one in [*first, *second]]
    assert verdict_lines([*first, *second]) == apart
    assert all('"session_id":"session-b"' in line for line in apart[len(first) :])


def test_shared_subjects_are_written_in_their_place() -> None:
    subject = SubjectResult.of(
        "ana", "Ana", (RequirementResult.passed("diet", "ok", "Ana eats here"),)
    )
    plan = Verdict.of("dining", "everyone_ate", "s", 1.0, (subject,), answer={"time": "18:00"})
    copy = plan.model_copy(update={"metric": "other", "notes": ("best 1/1",)})
    session = RecordedSession("s1", "dining", "u1", ())
    lines = verdict_lines([SessionVerdict(session, v.metric, v, 1.0, True) for v in (plan, copy)])
    assert lines[1].startswith(
        '{"session_id":"s1","app_name":"dining","user_id":"u1","metric":"other",'
        '"scenario_id":"s","score":1.0,"passed":true,"verdict":{"domain":"dining",'
        '"metric":"other","scenario_id":"s","threshold":1.0,"subjects":[{"subject_id":"ana",'
    )
    assert '"answer":{"time":"18:00"},"problems":[],"notes":["best 1/1"]' in lines[1]


# --- a CalledBefore's first calls fitted by their arguments' presence ---------------------------


@settings(max_examples=300)
@given(
    first=tool_match_st(references=True)
    | st.builds(
        ToolMatch,
        name=st.sampled_from(["get_menu", "book_table"]),
        args=st.dictionaries(
            st.sampled_from(["restaurant_id", "time"]),
            st.sampled_from([SameAs("restaurant_id"), SameAs("time")]),
            max_size=2,
        ),
        succeeded=st.booleans(),
    ),
    then=tool_match_st(),
    turns=st.lists(st.lists(mixed_call_st, max_size=4), min_size=1, max_size=3),
)
def test_a_first_call_fitted_by_its_arguments_is_fitted_as_path_fit_fits_it(
    first: ToolMatch, then: ToolMatch, turns: list[list[Any]]
) -> None:
    path = _Path.of(conversation(*turns))
    precedence = _Precedence(CalledBefore(first=first, then=then), path)
    plain = precedence.plain
    for index, call in enumerate(path.calls):
        if call.name == plain.name:
            assert precedence._fit_standalone(index) is path.fit(plain, index, standalone=True)
