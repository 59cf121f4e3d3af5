"""Invariants every metric and every requirement kind must keep, checked on generated cases.

Per metric (on the transcripts its :class:`~checkers.meta.spec.MetricMeta` generates):

- ``deterministic``: judging equal inputs (fresh copies, from JSON) gives the identical verdict;
- ``exact_fraction``: the score is in [0, 1] and equals satisfied subjects / subjects exactly,
  a subject is satisfied only when every result passes, and ``passed`` is exactly
  "no problems, at least one subject, score >= threshold" at any threshold;
- ``subject_order``: listing the subjects in another order changes no subject's results;
- ``irrelevant_calls_and_prose``: calls to tools the metric does not look at, and prose around
  the answer, change no outcome or reason code;
- ``json_round_trip``: the scenario and the verdict load back equal from their JSON;
- ``monotone``: adding a requirement to a subject never raises the score, and never turns that
  subject from not served to served;
- ``empty_answer_never_passes``: no final text, blank text, an empty object or prose without
  an answer serves no subject, so it passes at no threshold above 0.

Per requirement kind: ``json_round_trip`` of the requirement through the domain's union, and
``monotone`` with a requirement of that kind added.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from checkers.answers import extract_json_object
from checkers.meta import stats as sources
from checkers.meta.properties import Runner, comparable, fail, make_runner, outline
from checkers.meta.spec import DomainMetaSpec, MetricMeta
from checkers.meta.stats import MetaStats, verdict_outcome
from checkers.meta.strategies import insert_calls, prose, unrelated_calls, with_prose
from checkers.requirements import Requirement
from checkers.results import Aggregation, Outcome, Verdict
from checkers.transcript import Transcript

METRIC_INVARIANTS = (
    "deterministic",
    "exact_fraction",
    "subject_order",
    "irrelevant_calls_and_prose",
    "json_round_trip",
    "monotone",
    "empty_answer_never_passes",
)
KIND_INVARIANTS = ("json_round_trip", "monotone")

EMPTY_TEXTS: tuple[str | None, ...] = (
    None,
    "",
    "   \n\t",
    "{}",
    "[]",
    "null",
    '""',
    "```json\n```",
)


def _judge(
    mm: MetricMeta[Any], scenario: Any, transcript: Transcript, threshold: float | None = None
) -> Verdict:
    chosen = mm.metric.default_threshold if threshold is None else threshold
    return mm.metric.judge(scenario, transcript, chosen)


def _copy_scenario(spec: DomainMetaSpec[Any], scenario: Any) -> Any:
    return spec.load_scenario(json.loads(json.dumps(spec.dump_scenario(scenario))))


def _record(stats: MetaStats, mm: MetricMeta[Any], verdict: Verdict) -> None:
    stats.record(sources.INVARIANT, verdict)
    stats.record_metric(sources.INVARIANT, mm.row, verdict_outcome(verdict))


def deterministic(spec: DomainMetaSpec[Any], mm: MetricMeta[Any], check_id: str) -> Runner:
    def body(example: tuple[Any, Transcript], stats: MetaStats) -> None:
        scenario, transcript = example
        first = _judge(mm, scenario, transcript).model_dump(mode="json")
        copy = Transcript.model_validate_json(transcript.model_dump_json())
        again = _judge(mm, _copy_scenario(spec, scenario), copy)
        if again.model_dump(mode="json") != first:
            fail(
                f"{mm.row} judged equal inputs differently: first "
                f"{json.dumps(first, ensure_ascii=False)[:600]}, then {outline(again)}"
            )
        _record(stats, mm, again)

    return make_runner(check_id, mm.transcripts, body)


def _expected_share(verdict: Verdict) -> tuple[int, int, str]:
    """``(met, counted, what is counted)`` recomputed by hand from the verdict's results, by its
    declared aggregation (0/0 when there is nothing to count)."""
    outcomes = [[r.outcome is Outcome.PASS for r in s.results] for s in verdict.subjects]
    if verdict.aggregation is Aggregation.SUBJECTS:
        return sum(all(o) for o in outcomes), len(outcomes), "subjects whose every result passes"
    flat = [o for subject in outcomes for o in subject]
    if verdict.aggregation is Aggregation.REQUIREMENTS:
        return sum(flat), len(flat), "requirement results that pass"
    return (int(all(flat)), 1, "all or nothing") if flat else (0, 0, "all or nothing")


def exact_fraction(spec: DomainMetaSpec[Any], mm: MetricMeta[Any], check_id: str) -> Runner:
    thresholds = st.sampled_from((0.0, 0.5, 1.0)) | st.floats(0, 1)
    examples = st.tuples(mm.transcripts, thresholds)

    def body(example: tuple[tuple[Any, Transcript], float], stats: MetaStats) -> None:
        (scenario, transcript), threshold = example
        verdict = _judge(mm, scenario, transcript, threshold)
        served, n, counts = _expected_share(verdict)
        if n and verdict.score_fraction != Fraction(served, n):
            fail(
                f"score must be exactly {served}/{n} ({counts}); "
                f"got {verdict.score_fraction}: {outline(verdict)}"
            )
        if not 0 <= verdict.score <= 1 or verdict.score != float(verdict.score_fraction):
            fail(f"score {verdict.score!r} is not the fraction {verdict.score_fraction} in [0, 1]")
        unscored = any(r.outcome is Outcome.UNSCORED for s in verdict.subjects for r in s.results)
        should_pass = not verdict.problems and not unscored and n > 0 and verdict.score >= threshold
        if verdict.passed != should_pass or verdict.threshold != threshold:
            fail(
                f"at threshold {threshold!r} the verdict must {'pass' if should_pass else 'fail'}"
                f" (score {verdict.score!r}, {len(verdict.problems)} problems); got "
                f"passed={verdict.passed}, threshold={verdict.threshold!r}"
            )
        _record(stats, mm, verdict)

    return make_runner(check_id, examples, body)


def subject_order(spec: DomainMetaSpec[Any], mm: MetricMeta[Any], check_id: str) -> Runner:
    @st.composite
    def examples(draw: st.DrawFn) -> tuple[Any, Transcript, list[int]]:
        scenario, transcript = draw(mm.transcripts)
        order = draw(st.permutations(range(len(spec.subject_ids(scenario)))))
        return scenario, transcript, order

    def body(example: tuple[Any, Transcript, list[int]], stats: MetaStats) -> None:
        scenario, transcript, order = example
        first = _judge(mm, scenario, transcript)
        again = _judge(mm, spec.reorder_subjects(scenario, order), transcript)
        by_id = {s.subject_id: s for s in first.subjects}
        changed = [s.subject_id for s in again.subjects if by_id.get(s.subject_id) != s]
        if (
            changed
            or len(again.subjects) != len(first.subjects)
            or comparable(first) != comparable(again)
        ):
            fail(
                f"listing the subjects in order {order} changed the verdict"
                + (f" of {', '.join(changed)}" if changed else "")
                + f": before {outline(first)}; after {outline(again)}"
            )
        _record(stats, mm, again)

    return make_runner(check_id, examples(), body)


def irrelevant_calls_and_prose(
    spec: DomainMetaSpec[Any], mm: MetricMeta[Any], check_id: str
) -> Runner:
    @st.composite
    def examples(draw: st.DrawFn) -> tuple[Any, Transcript, Transcript]:
        scenario, transcript = draw(mm.transcripts)
        extra = draw(unrelated_calls(mm.relevant_tools))
        size = len(transcript.tool_calls) + len(extra)
        positions = [draw(st.integers(0, size)) for _ in extra]
        changed = insert_calls(transcript, extra, positions)
        text = transcript.final_text
        if text is not None and isinstance(extract_json_object(text), dict):
            changed = changed.model_copy(
                update={"final_text": with_prose(text, draw(prose()), draw(prose()))}
            )
        return scenario, transcript, changed

    def body(example: tuple[Any, Transcript, Transcript], stats: MetaStats) -> None:
        scenario, transcript, changed = example
        first, again = _judge(mm, scenario, transcript), _judge(mm, scenario, changed)
        if comparable(first) != comparable(again):
            fail(
                f"unrelated tool calls or prose changed the verdict of {mm.row}: "
                f"before {outline(first)}; after {outline(again)}; "
                f"final text now {changed.final_text!r}"
            )
        _record(stats, mm, again)

    return make_runner(check_id, examples(), body)


def json_round_trip(spec: DomainMetaSpec[Any], mm: MetricMeta[Any], check_id: str) -> Runner:
    def body(example: tuple[Any, Transcript], stats: MetaStats) -> None:
        scenario, transcript = example
        copy = _copy_scenario(spec, scenario)
        if copy != scenario:
            fail(f"the scenario does not survive a JSON round trip: {spec.dump_scenario(scenario)}")
        verdict = _judge(mm, scenario, transcript)
        text = verdict.model_dump_json()
        try:
            back = Verdict.model_validate_json(text)
        except ValueError as error:
            fail(f"the verdict does not load back from its own JSON: {error}")
        if back != verdict:
            fail(f"the verdict changed in a JSON round trip: {text[:600]}")
        _record(stats, mm, verdict)

    return make_runner(check_id, mm.transcripts, body)


@st.composite
def _added(
    draw: st.DrawFn, spec: DomainMetaSpec[Any], mm: MetricMeta[Any], kind: str | None
) -> tuple[Any, Transcript, str, Requirement]:
    scenario, transcript = draw(mm.transcripts)
    subject = draw(st.sampled_from(spec.subject_ids(scenario)))
    chosen = kind or draw(st.sampled_from(sorted(spec.requirements)))
    return scenario, transcript, subject, draw(spec.requirements[chosen])


def _monotone_body(
    spec: DomainMetaSpec[Any], mm: MetricMeta[Any]
) -> Callable[[tuple[Any, Transcript, str, Requirement], MetaStats], None]:
    def body(example: tuple[Any, Transcript, str, Requirement], stats: MetaStats) -> None:
        scenario, transcript, subject, requirement = example
        before = _judge(mm, scenario, transcript)
        after = _judge(mm, spec.add_requirement(scenario, subject, requirement), transcript)
        served_before = {s.subject_id for s in before.subjects if s.satisfied}
        served_after = {s.subject_id for s in after.subjects if s.satisfied}
        if after.score_fraction > before.score_fraction or (served_after - served_before):
            fail(
                f"adding {requirement.model_dump(mode='json')} to {subject} raised "
                f"{mm.row}: before {outline(before)}; after {outline(after)}"
            )
        _record(stats, mm, after)

    return body


def monotone(spec: DomainMetaSpec[Any], mm: MetricMeta[Any], check_id: str) -> Runner:
    return make_runner(check_id, _added(spec, mm, None), _monotone_body(spec, mm))


def monotone_kind(
    spec: DomainMetaSpec[Any], mm: MetricMeta[Any], kind: str, check_id: str
) -> Runner:
    """``monotone`` with a requirement of ``kind`` added, on ``mm``'s transcripts."""
    return make_runner(check_id, _added(spec, mm, kind), _monotone_body(spec, mm))


def empty_answer_never_passes(
    spec: DomainMetaSpec[Any], mm: MetricMeta[Any], check_id: str
) -> Runner:
    @st.composite
    def examples(draw: st.DrawFn) -> tuple[Any, Transcript]:
        scenario = draw(spec.scenarios)
        text = draw(st.sampled_from(EMPTY_TEXTS) | prose())
        calls = draw(unrelated_calls(mm.relevant_tools))
        empty = insert_calls(Transcript(final_text=text), calls, range(len(calls)))
        return scenario, empty

    def body(example: tuple[Any, Transcript], stats: MetaStats) -> None:
        scenario, transcript = example
        verdict = _judge(mm, scenario, transcript, sys.float_info.min)
        if verdict.passed or verdict.satisfied_count:
            fail(
                f"final text {transcript.final_text!r} holds no answer, so {mm.row} "
                f"must serve nobody and pass at no threshold above 0; got {outline(verdict)}"
            )
        _record(stats, mm, verdict)

    return make_runner(check_id, examples(), body)


def requirement_round_trip(spec: DomainMetaSpec[Any], kind: str, check_id: str) -> Runner:
    def body(requirement: Requirement, stats: MetaStats) -> None:
        text = requirement.model_dump_json()
        back = spec.load_requirement(json.loads(text))
        if back != requirement or type(back) is not type(requirement):
            fail(f"{kind} requirement {text} loads back as {back!r}")
        if back.model_dump(mode="json") != json.loads(text):
            fail(
                f"{kind} requirement {text} dumps differently after loading: "
                f"{back.model_dump(mode='json')}"
            )

    return make_runner(check_id, spec.requirements[kind], body)


MetricBuilder = Callable[[DomainMetaSpec[Any], MetricMeta[Any], str], Runner]
"""How an invariant makes its check of one metric (given the spec, the metric and the check's
id)."""

METRIC_BUILDERS: dict[str, MetricBuilder] = {
    "deterministic": deterministic,
    "exact_fraction": exact_fraction,
    "subject_order": subject_order,
    "irrelevant_calls_and_prose": irrelevant_calls_and_prose,
    "json_round_trip": json_round_trip,
    "monotone": monotone,
    "empty_answer_never_passes": empty_answer_never_passes,
}
