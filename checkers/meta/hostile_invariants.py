"""Invariants every metric must keep on hostile input (the ``hostile[...]`` meta-tests).

Per registered metric of a domain (and the domain's share metric), on answers built by
:mod:`checkers.meta.hostile` from the metric's own honest transcripts and the spec's satisfying
answers:

- ``never_raises``: called as ADK calls it (:func:`checkers.adk.custom_metric.adk_metric` on
  real ADK invocations, see :mod:`checkers.adk.metric_calls`), the metric returns exactly one
  result per invocation, a finite overall score in [0, 1], and PASSED or FAILED everywhere:
  never raises, never NOT_EVALUATED (ADK leaves a NOT_EVALUATED metric out of the case status,
  so a crash would pass the case);
- ``details_valid``: the details files it writes hold valid JSON (no ``NaN``) and valid UTF-8
  Markdown for any input, and the JSON states the status ADK got;
- ``two_answers_never_pass``: a final text offering two different honest answers never passes
  (the reader refuses, it never picks one). Checked in each answer's scenario unless both
  answers pass there alone (then the two cannot be told apart by the verdict: they may be one
  plan spelled twice);
- ``honest_unicode``: legitimate non-ASCII prose (accents, combining marks, emoji, look-alike
  letters) around an honest final text changes no outcome, reason code, problem or score:
  normalising text for matching never changes a verdict on honest text. (Prose in another
  script is no such text: a reader of English cannot tell it from a denial of the plan, and the
  planning domains refuse it: :mod:`checkers.unread_language`.)

A metric for which an invariant does not apply declares it, with the reason, in
``MetricMeta.exempt`` under the invariant's name. A property that saw no example it could check
fails, naming that fix, rather than hold vacuously.

The ADK-path invariants import :mod:`checkers.adk.metric_calls` when they run, so this module
(and ``checkers meta``) imports without google-adk.
"""

from __future__ import annotations

import json
import math
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from hypothesis import settings
from hypothesis import strategies as st

from checkers.meta import stats as sources
from checkers.meta.hostile import (
    Conversation,
    honest_unicode_texts,
    hostile_conversations,
    hostile_strings,
    two_answer_texts,
)
from checkers.meta.invariants import MetricBuilder
from checkers.meta.pinned import PINNED_REF
from checkers.meta.properties import Runner, comparable, fail, outline, run_property
from checkers.meta.spec import Case, DomainMetaSpec, MetricMeta, _Described
from checkers.meta.stats import MetaStats, verdict_outcome
from checkers.registry import domain_metrics
from checkers.results import Verdict
from checkers.transcript import Transcript

if TYPE_CHECKING:
    from google.adk.evaluation.eval_case import Invocation
    from google.adk.evaluation.evaluator import EvaluationResult

T = TypeVar("T")

HOSTILE_INVARIANTS = ("never_raises", "details_valid", "two_answers_never_pass", "honest_unicode")

ADK_SHARE = 4
"""The ADK-path properties (a call and two files per example) run ``max_examples // 4``."""
VERDICT_SHARE = 2
"""The verdict properties (several judgings per example) run ``max_examples // 2``."""

_FINE = frozenset({"PASSED", "FAILED"})
"""The names of the only ADK ``EvalStatus`` values a metric may return."""


def hostile_metrics(spec: DomainMetaSpec[Any]) -> dict[str, MetricMeta[Any]]:
    """The metrics the hostile invariants cover, by name: every registered metric of the
    domain and the share metric, each described by the row of ``spec.metrics`` named after it
    (else its first row)."""
    wanted = set(domain_metrics(spec.domain)) | {spec.metric.name}
    chosen: dict[str, MetricMeta[Any]] = {}
    for row, mm in spec.metrics.items():
        name = mm.metric.name
        if name in wanted and (name not in chosen or row == name):
            chosen[name] = replace(mm, label=name)
    return chosen


def _short(text: str | None, limit: int = 160) -> str:
    if text is None or len(text) <= limit:
        return repr(text)
    return f"{text[: limit // 2]!r} ... {text[-limit // 4 :]!r} ({len(text):,} chars)"


def _shown(value: Any, limit: int = 80) -> str:
    """``repr(value)``, shortened; an int past Python's digit limit for ``str`` cannot be shown
    (repr raises ValueError), so a failing example holding one says so instead of crashing."""
    try:
        return _short(repr(value), limit)
    except ValueError:
        return f"<{type(value).__name__} holding an int too long to show>"


@dataclass(frozen=True, repr=False)
class HostileCase(_Described):
    """A generated scenario, a hostile conversation in it, and how the call names it."""

    scenario: Any
    conversation: Conversation
    scenario_ref: str = PINNED_REF
    details: str = "fresh"
    """Where details go: ``fresh`` (a new directory) or a hostile variant (see DETAILS_DIRS)."""

    @property
    def about(self) -> str:  # type: ignore[override]
        turns = []
        for turn in self.conversation:
            calls = ", ".join(f"{c.name!r}({_shown(c.args)})" for c in turn.calls)
            responses = ", ".join(_shown(r.response) for r in turn.responses)
            turns.append(
                f"user {_short(turn.user, 60)}; calls [{calls}]; responses [{responses}]; "
                f"final {_short(turn.final)}"
            )
        ref = "" if self.scenario_ref == PINNED_REF else f"; scenario ref {self.scenario_ref!r}"
        where = "" if self.details == "fresh" else f"; details_dir {self.details}"
        return f"HostileCase({self.scenario!r}{ref}{where}; turns: " + " | ".join(turns) + ")"


DETAILS_DIRS = ("fresh", "nul_byte", "surrogate", "is_a_file", "name_too_long")
"""Details directories a configuration may name: a usable one, or one that cannot be written."""

_REFS = st.sampled_from(("", "\x00", "\ud800", "../nowhere.json", "a/b\x00c.json", "x" * 300))


@st.composite
def hostile_cases(
    draw: st.DrawFn, mm: MetricMeta[Any], details: tuple[str, ...] = ("fresh",)
) -> HostileCase:
    """A hostile conversation built from one of ``mm``'s honest transcripts; one in ten names
    a hostile scenario id, and the details directory is one of ``details``."""
    scenario, transcript = draw(mm.transcripts)
    conversation = draw(hostile_conversations(transcript, mm.relevant_tools))
    ref = PINNED_REF
    if draw(st.integers(0, 9)) == 0:
        ref = draw(_REFS | hostile_strings(5))
    return HostileCase(scenario, conversation, ref, draw(st.sampled_from(details)))


def _details_dir(root: Path, how: str) -> Path:
    if how == "nul_byte":
        return root / "details\x00dir"
    if how == "surrogate":
        return root / "details\ud800"
    if how == "is_a_file":
        (root / "file").write_text("not a directory", encoding="utf-8")
        return root / "file"
    if how == "name_too_long":
        return root / ("d" * 300)
    return root / "details"


def _call(mm: MetricMeta[Any], case: HostileCase, details_dir: Path) -> EvaluationResult:
    from checkers.adk.metric_calls import call_adk  # needs google-adk: only when this runs

    try:
        result, given = call_adk(
            mm.metric, case.scenario, case.conversation, details_dir, case.scenario_ref
        )
    except Exception as error:
        fail(
            f"{mm.row} raised {type(error).__name__}: {_short(str(error), 300)} into ADK; "
            "ADK then marks the metric NOT_EVALUATED, leaves it out of the case status and may "
            "pass the case. Any exception while judging or writing must become a FAILED result "
            f"(reason code evaluator_error); case: {case.about}"
        )
    _well_formed(mm, case, result, given)
    return result


def _well_formed(
    mm: MetricMeta[Any],
    case: HostileCase,
    result: EvaluationResult,
    given: Sequence[Invocation],
) -> None:
    per = result.per_invocation_results
    if len(per) != len(given):
        fail(
            f"{mm.row} returned {len(per)} per-invocation results for {len(given)} "
            f"invocations; ADK needs exactly one each; case: {case.about}"
        )
    statuses = {result.overall_eval_status.name, *(r.eval_status.name for r in per)}
    if not statuses <= _FINE:
        fail(
            f"{mm.row} returned status {sorted(statuses)}; only PASSED or "
            "FAILED may reach ADK (NOT_EVALUATED is left out of the case status, so the case "
            f"may pass); case: {case.about}"
        )
    scores = [result.overall_score, *(r.score for r in per)]
    if any(s is None or not math.isfinite(s) or not 0 <= s <= 1 for s in scores):
        fail(f"{mm.row} returned scores {scores}; each must be a number in [0, 1]; {case.about}")
    reasons = [
        *(result.overall_rubric_scores or []),
        *(s for r in per for s in r.rubric_scores or []),
    ]
    try:
        for reason in reasons:
            reason.model_dump_json()
    except ValueError as error:
        fail(
            f"{mm.row} returned a rubric score ADK cannot write into its eval history: "
            f"{_short(str(error))}; every reason must be JSON-encodable; case: {case.about}"
        )


def never_raises(spec: DomainMetaSpec[Any], mm: MetricMeta[Any], check_id: str) -> Runner:
    def body(case: HostileCase, stats: MetaStats) -> bool:
        with tempfile.TemporaryDirectory() as root:
            result = _call(mm, case, _details_dir(Path(root), case.details))
        stats.record_metric(sources.HOSTILE, mm.row, _status_outcome(result))
        return True

    return _runner(check_id, hostile_cases(mm, DETAILS_DIRS), body, ADK_SHARE, "")


def _reject_constant(literal: str) -> None:
    raise ValueError(f"{literal} is not JSON")


def details_valid(spec: DomainMetaSpec[Any], mm: MetricMeta[Any], check_id: str) -> Runner:
    def body(case: HostileCase, stats: MetaStats) -> bool:
        with tempfile.TemporaryDirectory() as root:
            details = Path(root) / "details"
            result = _call(mm, case, details)
            files = sorted(details.iterdir()) if details.is_dir() else []
            _check_files(mm, case, result, files)
        stats.record_metric(sources.HOSTILE, mm.row, _status_outcome(result))
        return True

    return _runner(check_id, hostile_cases(mm), body, ADK_SHARE, "")


def _check_files(
    mm: MetricMeta[Any], case: HostileCase, result: EvaluationResult, files: list[Path]
) -> None:
    names = [f.name for f in files]
    found = {suffix: [f for f in files if f.suffix == suffix] for suffix in (".json", ".md")}
    if not found[".json"] or not found[".md"]:
        fail(
            f"{mm.row} wrote {names or 'no files'} into its details directory; every call "
            f"writes one .json and one .md details file, whatever the input; case: {case.about}"
        )
    for path in files:
        if path.suffix not in found:
            continue
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as error:
            fail(f"details file {path.name} is not valid UTF-8 ({error}); case: {case.about}")
        if not text.strip():
            fail(f"details file {path.name} is empty; case: {case.about}")
        if path.suffix == ".md":
            if not text.startswith("# "):
                fail(f"details file {path.name} does not start with a heading: {_short(text)}")
            continue
        try:
            payload = json.loads(text, parse_constant=_reject_constant)
        except (ValueError, RecursionError) as error:
            fail(
                f"details file {path.name} is not valid JSON ({type(error).__name__}: "
                f"{_short(str(error), 200)}): {_short(text)}; case: {case.about}"
            )
        status = payload.get("overall_status") if isinstance(payload, dict) else None
        if status is not None and status != result.overall_eval_status.name:
            fail(
                f"details file {path.name} says overall_status {status!r}, but ADK got "
                f"{result.overall_eval_status.name}; case: {case.about}"
            )


def _status_outcome(result: EvaluationResult) -> str:
    return "pass" if result.overall_eval_status.name == "PASSED" else "fail"


# --- verdict invariants ------------------------------------------------------------------------


def _judge(mm: MetricMeta[Any], scenario: Any, transcript: Transcript, about: str) -> Verdict:
    try:
        return mm.metric.judge(scenario, transcript, mm.metric.default_threshold)
    except Exception as error:
        fail(
            f"{mm.row} raised {type(error).__name__}: {_short(str(error), 300)} on "
            f"final text {_short(transcript.final_text)}; {about}"
        )


def _alone(answer: Any) -> Transcript:
    return Transcript(final_text=json.dumps(answer, ensure_ascii=False))


@st.composite
def _answer_pairs(draw: st.DrawFn, spec: DomainMetaSpec[Any]) -> tuple[Case[Any], Case[Any], str]:
    first, second = draw(spec.satisfying), draw(spec.satisfying)
    return first, second, draw(two_answer_texts(first.answer, second.answer, spec.text_forms))


def two_answers_never_pass(spec: DomainMetaSpec[Any], mm: MetricMeta[Any], check_id: str) -> Runner:
    def body(example: tuple[Case[Any], Case[Any], str], stats: MetaStats) -> bool:
        first, second, text = example
        checked = False
        for case, rival in ((first, second), (second, first)):
            about = f"scenario: {case.about}"
            alone = _judge(mm, case.scenario, _alone(case.answer), about)
            other = _judge(mm, case.scenario, _alone(rival.answer), about)
            if alone.passed and other.passed:
                continue
            checked = True
            both = _judge(mm, case.scenario, Transcript(final_text=text), about)
            if both.passed:
                fail(
                    f"{mm.row} passed a final text offering two different answers, "
                    f"{json.dumps(case.answer, ensure_ascii=False)} (alone: "
                    f"{'passes' if alone.passed else 'fails'}) and "
                    f"{json.dumps(rival.answer, ensure_ascii=False)} (alone: "
                    f"{'passes' if other.passed else 'fails'}); an answer offering more than "
                    f"one never passes (the reader must refuse, not pick one); final text "
                    f"{_short(text, 400)}; {about}; got {outline(both)}"
                )
            stats.record_metric(sources.HOSTILE, mm.row, verdict_outcome(both))
        return checked

    vacuous = (
        f"in no example did {mm.row} fail one of two different honest answers alone, so it "
        "never judged a text offering both; if it does not judge the answer a final text offers "
        "(e.g. it judges tool calls), declare MetricMeta.exempt['two_answers_never_pass'] "
        "with that reason"
    )
    return _runner(check_id, _answer_pairs(spec), body, VERDICT_SHARE, vacuous)


def _with_final(transcript: Transcript, text: str) -> Transcript:
    """``transcript`` with final text ``text`` (and the last turn's reply, when it was it)."""
    update: dict[str, Any] = {"final_text": text}
    turns = transcript.turns
    if turns and turns[-1].agent_text == transcript.final_text:
        last = turns[-1].model_copy(update={"agent_text": text})
        update["turns"] = (*turns[:-1], last)
    return transcript.model_copy(update=update)


@st.composite
def _unicode_examples(
    draw: st.DrawFn, mm: MetricMeta[Any]
) -> tuple[Any, Transcript, Transcript | None]:
    scenario, transcript = draw(mm.transcripts)
    text = transcript.final_text
    if text is None or not text.strip():
        return scenario, transcript, None
    return scenario, transcript, _with_final(transcript, draw(honest_unicode_texts(text)))


def honest_unicode(spec: DomainMetaSpec[Any], mm: MetricMeta[Any], check_id: str) -> Runner:
    def body(example: tuple[Any, Transcript, Transcript | None], stats: MetaStats) -> bool:
        scenario, transcript, changed = example
        if changed is None:
            return False
        first = _judge(mm, scenario, transcript, f"scenario {scenario!r}")
        again = _judge(mm, scenario, changed, f"scenario {scenario!r}")
        if comparable(first) != comparable(again):
            fail(
                f"non-ASCII prose around an honest answer changed the verdict of {mm.row}: "
                f"final text {_short(transcript.final_text, 300)} gave {outline(first)}; "
                f"{_short(changed.final_text, 400)} gave {outline(again)}"
            )
        stats.record(sources.HOSTILE, again)
        stats.record_metric(sources.HOSTILE, mm.row, verdict_outcome(again))
        return True

    vacuous = f"no honest transcript of {mm.row} had a final text to write prose around"
    return _runner(check_id, _unicode_examples(mm), body, VERDICT_SHARE, vacuous)


def _runner(
    check_id: str,
    strategy: st.SearchStrategy[T],
    body: Callable[[T, MetaStats], bool],
    share: int,
    vacuous: str,
) -> Runner:
    """Like :func:`checkers.meta.properties.make_runner`, on ``max_examples // share``
    examples; ``body`` says whether the example could be checked, and a run that checked none
    fails with ``vacuous``."""
    name = "".join(c if c.isalnum() else "_" for c in check_id).strip("_")

    def run(config: settings, stats: MetaStats) -> None:
        checked: Counter[bool] = Counter()

        def counted(example: T) -> None:
            checked[body(example, stats)] += 1
            stats.examples[check_id] += 1

        # One bug, shrunk once: hostile examples are costly to shrink, and one is enough.
        fewer = settings(
            config, max_examples=max(1, config.max_examples // share), report_multiple_bugs=False
        )
        run_property(name, strategy, counted, fewer)
        if vacuous and not checked[True]:
            fail(f"{check_id}: {vacuous} ({checked[False]} examples seen)")

    return run


HOSTILE_BUILDERS: dict[str, MetricBuilder] = {
    "never_raises": never_raises,
    "details_valid": details_valid,
    "two_answers_never_pass": two_answers_never_pass,
    "honest_unicode": honest_unicode,
}
