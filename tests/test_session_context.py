"""Work shared by the metrics of one session changes no verdict.

:func:`checkers.score.judge_session` builds one transcript and one session context for all the
metrics of a session (:mod:`checkers.session_context`: the dining answer read once, a
customer-service conversation replayed once). Every session of every domain's corpus
(:mod:`tests.score_corpus`: the known answers, named and unnamed, and tau-bench's recorded
airline runs) must get, metric by metric, the verdict that metric gives judging it alone, with
a transcript of its own and no context, as before.
"""

from __future__ import annotations

from typing import Any

import pytest

from checkers.metric import Metric, case_score, judge_final
from checkers.score import DeadLetter, judge_session
from checkers.session_context import judging_session, once_per_session
from checkers.sessions import RecordedSession
from checkers.transcript import Transcript
from tests.score_corpus import code_checked, corpus, domains


def _alone(metric: Metric[Any], session: RecordedSession) -> tuple[Any, float, bool]:
    """The verdict, score and pass of ``metric`` judging ``session`` alone, in no context."""
    turns = session.conversation()
    scenario = metric.domain.session_scenario(Transcript.from_turns(turns), session.state)
    verdict = judge_final(metric, scenario, turns, metric.default_threshold)
    score = case_score([verdict], metric.default_threshold)
    return verdict, score.overall, score.passed


@pytest.mark.parametrize("domain", domains())
def test_every_metric_judges_a_session_as_it_judges_it_alone(domain: str) -> None:
    metrics = code_checked(domain)
    judged = 0
    for session in corpus(domain):
        if not isinstance(session, RecordedSession) or session.problem is not None:
            continue
        together = judge_session(metrics, session)
        assert not isinstance(together, DeadLetter)
        for metric, one in zip(metrics, together, strict=True):
            verdict, score, passed = _alone(metric, session)
            assert one.verdict == verdict, (session.session_id, metric.name)
            assert one.verdict.model_dump_json() == verdict.model_dump_json()
            assert (one.score, one.passed) == (score, passed)
        judged += 1
    assert judged >= 10


def test_a_function_marked_once_per_session_runs_once_per_argument_objects() -> None:
    seen: list[tuple[object, ...]] = []

    @once_per_session
    def read(text: str, scenario: object) -> list[str]:
        seen.append((text, scenario))
        return [text]

    text, scenario = "an answer " * 3, object()
    assert read(text, scenario) == read(text, scenario) and len(seen) == 2  # no session: each
    seen.clear()
    with judging_session():
        first = read(text, scenario)
        assert read(text, scenario) is first and len(seen) == 1
        copy = "".join(["an answer "] * 3)  # equal, another object: computed for it
        assert copy == text and read(copy, scenario) == first and len(seen) == 2
        read(text, scenario=scenario)  # keyword arguments are not memoised
        assert len(seen) == 3
    with judging_session():  # a new session forgets the last one's
        assert read(text, scenario) is not first and len(seen) == 4
    assert read(text, scenario) is not first and len(seen) == 5


def test_an_exception_is_raised_afresh_on_every_call() -> None:
    calls = []

    @once_per_session
    def failing(value: object) -> None:
        calls.append(value)
        raise ValueError("no")

    value = object()
    with judging_session():
        for _ in range(2):
            with pytest.raises(ValueError):
                failing(value)
    assert len(calls) == 2
