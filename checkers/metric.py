"""Domains, their metrics, and judging a conversation turn by turn: no ADK type here.

A :class:`Domain` loads scenarios by id or path, and reads the answers and batch lines of its
command line (``parse_answer``, ``batch_item``; the defaults read an answer as the agent's final
text and a batch line as ``{"scenario", "answer"}``). A :class:`Metric` judges a transcript in a
scenario and returns a :class:`~checkers.results.Verdict`, either per turn (the transcript up
to each one: :func:`judge_turns`) or once for the whole conversation (``scope="conversation"``).
:func:`checkers.adk.custom_metric.adk_metric` wraps a metric as the function an eval config names
in ``custom_metrics``; a domain's metrics module builds those functions on first use with
:func:`adk_functions`, so importing it needs no google-adk::

    "custom_metrics": {"everyone_ate": {"code_config": {
        "name": "domains.dining.metrics.everyone_ate"}}}

Judging fails closed. Any exception while judging becomes a failing verdict with reason code
``evaluator_error`` naming the exception (:meth:`Metric.evaluator_error`), never an exception
into the caller; so does a ``CancelledError`` a judge raises of its own (only a request to stop
goes on up: :func:`judging_failed`). A case the metric could not judge (no or unknown scenario,
an evaluator error, a result the evaluator could not decide, or a final answer with problems:
:func:`unjudgeable`) fails at every threshold. A threshold must be a finite number in (0, 1]
(0 or less would pass anything: :func:`check_threshold`).

A metric with options of its own (a model judge's name, its number of samples) declares them as
a :class:`MetricOptions` subclass in ``Metric.options_model``; unknown keys are rejected. A
model-judged metric sets ``Metric.judge_async``: :func:`judge_turns_async` passes the options to
the judge, which reports what the judging cost (calls, tokens, seconds) beside its verdict. The
whole judging of a case is bounded by the option ``case_timeout_s`` (default
:data:`CASE_TIMEOUT_S`): a judge that hangs leaves the case unscored with reason code
``judge_timeout`` (:meth:`Metric.timed_out_verdict`), never waiting forever.
"""

from __future__ import annotations

import asyncio
import logging
import statistics
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from checkers.errors import CheckersError, ConfigError
from checkers.events import scenario_texts
from checkers.memo import remembered
from checkers.numbers import finite_number, shown_value
from checkers.results import (
    Aggregation,
    AnswerProblem,
    RequirementResult,
    SubjectResult,
    Verdict,
)
from checkers.scenario_ref import (
    named_scenario_id,
    state_scenario_ids,
    tagged_scenario_ids,
    untrusted_tags,
)
from checkers.text import without_surrogates
from checkers.transcript import Transcript, Turn, transcripts_of_turns

log = logging.getLogger(__name__)

EVALUATOR_ERROR = "evaluator_error"
"""Reason code of a verdict whose judging raised: the case fails, with the exception named."""
CASE_LEVEL_PROBLEMS = frozenset(
    {
        "config_error",
        EVALUATOR_ERROR,
        "no_scenario",
        "empty_scenario_id",
        "scenario_conflict",
        "unknown_scenario",
    }
)
"""Answer-problem codes that make a whole case unjudgeable, whichever invocation has them."""


def error_text(error: BaseException, limit: int = 500) -> str:
    """``"<ExceptionClass>: <message>"``, bounded and always printable, whatever the exception
    holds (a ``__str__`` that raises, a message of megabytes, a lone surrogate)."""
    try:
        message = str(error)
    except Exception:  # a hostile __str__
        message = "<message could not be read>"
    if len(message) > limit:
        message = message[:limit] + f"... ({len(message):,} characters)"
    return without_surrogates(f"{type(error).__name__}: {message}")


def describe(error: BaseException, limit: int = 500) -> str:
    """``"<ExceptionClass>: <message>"`` for a reason, bounded and always printable."""
    return (
        f"the evaluator raised {error_text(error, limit)}; the case fails until the cause is "
        "fixed (see the log for the traceback)"
    )


def judging_failed(error: BaseException) -> bool:
    """Whether ``error``, raised while judging, is a failure of the judging (the case then fails
    with :data:`EVALUATOR_ERROR`) rather than a request to stop, which must go on up: a
    KeyboardInterrupt, a SystemExit, the cancellation of the task that is judging.

    A ``CancelledError`` is a request to stop only while the running task is being cancelled;
    one a judge raises of its own (a library leaking it from its own timeout) is a failure like
    any exception: raised on into ADK, it would abort the evaluation, and in ``checkers score``
    end the run and lose every session after it. (Python 3.10 cannot tell whether a task is
    being cancelled: there, one raised inside a running task is taken as a request to stop.)"""
    if isinstance(error, Exception):
        return True
    return isinstance(error, asyncio.CancelledError) and not _task_cancelling()


def _task_cancelling() -> bool:
    """Whether the task running this code (if any) has been asked to cancel."""
    try:
        task = asyncio.current_task()
    except RuntimeError:  # no running event loop: no task of ours to cancel
        return False
    if task is None:
        return False
    cancelling = getattr(task, "cancelling", None)  # Python 3.11 and later
    return True if cancelling is None else bool(cancelling())


def _failure(error: BaseException) -> BaseException:
    """``error`` when it is a failure of the judging (:func:`judging_failed`), for the caller's
    failing verdict; a request to stop is raised on, as it is."""
    if not judging_failed(error):
        raise error
    return error


S = TypeVar("S")
T = TypeVar("T")


@dataclass(frozen=True)
class BatchItem(Generic[S]):
    """One line of a batch file as its domain reads it: what to judge, and what to report."""

    scenario: str | S
    """A scenario id or path to load, or the scenario itself when the line carries it."""
    transcript: Transcript
    fields: dict[str, Any] = field(default_factory=dict)
    """Extra fields to print beside the verdict (e.g. a benchmark's task id)."""
    reference_passed: bool | None = None
    """Another judge's verdict on the same answer (e.g. a benchmark's official reward), if any;
    the command line reports how often the metric agrees with it."""
    label: str | None = None
    """Why the reference verdict may rightly differ from this metric's, when the data says so."""
    reference_metric: str | None = None
    """The metric the reference verdict is comparable with (None: any); another metric's verdict
    is printed beside it but not counted as agreeing or not."""


class Domain(ABC, Generic[S]):
    """A domain: its scenarios (subjects, requirements, facts) and how to load them."""

    name: str
    subject_noun: str = "subject"
    """What the domain's subjects are, singular, for people ("guest", "participant"); the core
    says only "satisfied" or "not satisfied" of them."""

    @abstractmethod
    def scenario_ids(self) -> list[str]:
        """Ids of the scenarios bundled with the domain, in file order."""

    @abstractmethod
    def load_scenario(self, ref: str) -> S:
        """The scenario with id ``ref``, or loaded from the JSON file at path ``ref``.

        Raises ScenarioNotFound (naming the known ids) or DataError (naming the bad field).
        """

    def parse_answer(self, answer: str | None) -> Transcript:
        """The transcript of an answer given on the command line (``--answer``).

        The default reads it as the agent's final text. A domain whose answers are richer (a
        trajectory of tool calls) overrides this. Raises ConfigError for an unreadable answer.
        """
        return Transcript(final_text=answer)

    def session_scenario(
        self, transcript: Transcript, state: Mapping[str, Any], *, trust_tags: bool = False
    ) -> str | AnswerProblem:
        """The scenario a recorded session is about (:mod:`checkers.sessions`), or the problem
        that prevents naming one (none named, or several).

        Found by :meth:`scenario_named_in`: the session ``state``'s ``scenario`` key and the
        domain's own channels. ``[scenario:<id>]`` tags in the user's messages are the user's
        words: unless ``trust_tags`` (the operator's ``--trust-user-tags``: the tags are theirs),
        a tag never names the scenario, it may only agree with the one found without it
        (:func:`checkers.scenario_ref.untrusted_tags`: else ``scenario_conflict``). With
        ``trust_tags`` the tags are one more channel, as in an eval set (every message, the
        earlier ones of a turn too: :func:`checkers.events.scenario_texts`)."""
        said = scenario_texts(transcript)
        found = self.scenario_named_in(transcript, state, said if trust_tags else [])
        if trust_tags:
            return found
        return untrusted_tags(found, [tag for text in said for tag in tagged_scenario_ids(text)])

    def scenario_named_in(
        self, transcript: Transcript, state: Mapping[str, Any], tag_texts: Sequence[str]
    ) -> str | AnswerProblem:
        """The scenario a recorded session names in its ``state`` (``scenario``), in the
        ``[scenario:<id>]`` tags of ``tag_texts`` (the user's messages when their tags are
        trusted, else none) and in the domain's own channels, or the problem that prevents one.
        A domain whose agents look their scenario up (the dining group an agent fetched) adds
        that channel by overriding this."""
        from_state = state_scenario_ids(state)
        if isinstance(from_state, AnswerProblem):
            return from_state
        return named_scenario_id(from_state, tag_texts)

    def batch_item(self, row: dict[str, Any]) -> BatchItem[S]:
        """Read one line of a batch file (already parsed JSON).

        The default reads ``{"id": ..., "scenario": "<id or path>", "answer": "<final text>"}``.
        Raises ConfigError naming what is wrong with the line.
        """
        if not isinstance(row.get("scenario"), str):
            raise ConfigError(
                'each line must be an object with a "scenario" id and an "answer" text'
            )
        answer = row.get("answer")
        if answer is not None and not isinstance(answer, str):
            raise ConfigError('"answer" must be the agent\'s final text (a string) or null')
        return BatchItem(scenario=row["scenario"], transcript=self.parse_answer(answer))


CASE_TIMEOUT_S = 240.0
"""Default bound, in seconds, on judging one case with an async judge (criterion option
``case_timeout_s``). It only has to end a judge that hangs, so it leaves an honest slow case
room: four rounds of judge calls each running to the rubric judges' own default per-call
timeout (60 s), or waits for the judge's concurrency slots, which the cases ADK judges at the
same time share. And it stays below ``checkers score --timeout``'s default (300 s), so that a
session whose judge hangs gets its unscored verdict before the worker judging it is taken for
hung and the session made a dead letter."""
JUDGE_TIMEOUT = "judge_timeout"
"""Reason code of an unscored result whose judge did not answer in time: a rubric judge's call
past its own ``timeout_s`` (:data:`checkers.rubric.aggregate.UNSCORED_CODES`), or the whole
judging of a case past ``case_timeout_s``."""
CANCEL_GRACE_S = 1.0
"""Seconds a judging stopped at its bound is given to finish cancelling (to close its calls)
before the case's verdict is returned without it."""
MIN_NOT_EVALUATED_BOUND_S = 1.0
"""The least ``case_timeout_s`` a criterion reporting unscored cases as NOT_EVALUATED may give:
below it no judge answers in time, and every case would go unjudged yet not fail."""


def check_case_timeout(value: object) -> float:
    """``value`` as the bound on judging one case, in seconds: a finite number greater than 0.
    Raises ValueError naming the option and the fix for anything else (0 or less, NaN, an
    infinity, a bool, a text, None): a bound that cannot end the judging would leave the gate
    waiting forever on a judge that hangs."""
    number = finite_number(value)
    if number is None or number <= 0:
        raise ValueError(
            f"case_timeout_s {shown_value(value)} must be a finite number of seconds greater "
            f"than 0 (the bound on judging one case), e.g. {CASE_TIMEOUT_S:g}; give a larger "
            "number for a slow judge, or leave the key out for the default"
        )
    return number


def not_blank(value: object, key: str, example: str) -> object:
    """``value``, unless it is a text of nothing but spaces: then ValueError naming the
    criterion option ``key`` and ``example``. An empty text would not leave the option out: it
    would name the working directory (a path) or the default (a judge) without saying so."""
    if isinstance(value, str) and not value.strip():
        raise ValueError(
            f"{key} {value!r} is empty; give {example}, or leave the key out for the default"
        )
    return value


class MetricOptions(BaseModel):
    """Options a metric reads from the extra keys of its criterion in the eval config.

    Numbers and switches are taken as JSON gives them, never coerced (``true`` is not 1, ``"no"``
    is not false): a typo in a config is an error naming the key, not a silent change of what is
    judged."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    details_dir: Path | None = None
    """Where details files go; default ``$CHECKERS_DETAILS_DIR`` or ``.checkers/details``."""
    write_details: bool = Field(default=True, strict=True)
    """Set to false to skip writing details files."""
    unscored: Literal["fail", "not_evaluated"] = "fail"
    """What ADK is told about a case that turns on unscored results (:func:`turns_on_unscored`):
    ``"fail"`` (the default: the case FAILS, with the reason in the details file) or
    ``"not_evaluated"`` (the metric reports NOT_EVALUATED with no score on any invocation:
    ``adk eval`` then lets the case pass on its other metrics, ``AgentEvaluator`` fails it as
    not evaluated)."""
    case_timeout_s: float = CASE_TIMEOUT_S
    """Seconds the whole judging of one case may take, for a metric with an async judge
    (``Metric.judge_async``): past them the judging is stopped and the case is unscored with
    reason code ``judge_timeout`` (:func:`judging_within_bound`), reported as ``unscored``
    says. A finite number greater than 0; anything else is a configuration error, never a gate
    without a bound. A metric checked by code never waits, so the bound does not concern it."""

    @field_validator("case_timeout_s", mode="before")
    @classmethod
    def _check_case_timeout(cls, value: object) -> float:
        return check_case_timeout(value)

    @field_validator("details_dir", mode="before")
    @classmethod
    def _check_details_dir(cls, value: object) -> object:
        return not_blank(value, "details_dir", "a folder, e.g. '.checkers/details'")

    @model_validator(mode="after")
    def _check_gate_stays_on(self) -> MetricOptions:
        # A bound no judge answers within leaves every model-judged case unscored; reported as
        # NOT_EVALUATED, adk eval then passes each case on its other metrics: the gate is off.
        if self.unscored == "not_evaluated" and self.case_timeout_s < MIN_NOT_EVALUATED_BOUND_S:
            raise ValueError(
                f"case_timeout_s {self.case_timeout_s:g} with unscored 'not_evaluated' would "
                "leave nearly every model-judged case unjudged, and adk eval passes a case "
                "not evaluated on its other metrics: give a bound of at least "
                f"{MIN_NOT_EVALUATED_BOUND_S:g} s (default {CASE_TIMEOUT_S:g}), or drop "
                "'unscored' so that a case past its bound fails"
            )
        return self


@dataclass(frozen=True)
class Judged:
    """A verdict and what producing it cost, as a model-judged metric returns it.

    ``usage`` holds figures such as ``{"judge": "gemini:gemini-2.5-flash", "calls": 3,
    "cached": 0, "input_tokens": 1200, "output_tokens": 90, "wall_seconds": 1.8}``; it goes into
    the details file, never into the verdict, so equal answers still get equal verdicts.
    """

    verdict: Verdict
    usage: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Metric(Generic[S]):
    """A named way of scoring a transcript in a scenario of one domain."""

    name: str
    domain: Domain[S]
    judge: Callable[[S, Transcript, float], Verdict]
    """Pure: ``(scenario, transcript, threshold) -> Verdict``; never raises on agent output."""
    default_threshold: float = 1.0
    description: str = ""
    aggregation: Aggregation = Aggregation.SUBJECTS
    """How the metric scores (:class:`~checkers.results.Aggregation`); its judge builds verdicts
    with this aggregation, and the verdicts of a case it cannot judge carry it too."""
    scope: Literal["invocation", "conversation"] = "invocation"
    """``invocation``: each invocation is judged on the transcript up to it, and the case score
    is their mean. ``conversation``: the whole conversation is judged once (for requirements on
    where it ended up, such as "the order was cancelled"), and every invocation gets that
    verdict."""
    options_model: type[MetricOptions] = MetricOptions
    """The criterion keys this metric reads: :class:`MetricOptions` or a subclass adding the
    metric's own options (unknown keys are rejected either way)."""
    judge_async: Callable[[S, Transcript, float, Any], Awaitable[Judged]] | None = None
    """For model-judged metrics: ``(scenario, transcript, threshold, options) -> Judged``, with
    ``options`` an instance of ``options_model`` read from the criterion. When set,
    :func:`judge_turns_async` (and so the ADK custom metric) awaits it instead of calling
    ``judge`` (which stays the synchronous entry point of ``checkers check``, with default
    options), and ``checkers score`` awaits it with default options
    (:func:`judge_final_async`), each within the bound ``case_timeout_s``."""
    judge_each: Callable[[S, Sequence[Turn], float], list[Verdict]] | None = None
    """Optional, for ``scope="invocation"``: ``(scenario, turns, threshold) ->`` the verdict on
    each prefix ``turns[:i + 1]``, the same as ``judge`` on that prefix's transcript. A metric
    that can share work between prefixes sets it, so that judging a conversation takes time
    linear in its length rather than quadratic; :func:`judge_turns` uses it when set."""

    def judge_ref(
        self,
        scenario_ref: str,
        transcript: Transcript,
        threshold: float,
        load: Callable[[str], S] | None = None,
    ) -> Verdict:
        """Load the scenario by id (through ``load`` if given, e.g. a memo for one case) and
        judge; an unknown id becomes a failing verdict."""
        try:
            scenario = (load or self.domain.load_scenario)(scenario_ref)
        except (CheckersError, ValueError, OSError) as error:  # ValueError: a NUL byte, say
            return self.problem_verdict(scenario_ref, threshold, "unknown_scenario", str(error))
        except BaseException as error:  # fail closed: see evaluator_error and judging_failed
            return self.evaluator_error(scenario_ref, threshold, _failure(error))
        try:
            return self.judge(scenario, transcript, threshold)
        except BaseException as error:
            return self.evaluator_error(scenario_ref, threshold, _failure(error))

    def judge_each_ref(
        self,
        scenario_ref: str,
        turns: Sequence[Turn],
        threshold: float,
        load: Callable[[str], S] | None = None,
    ) -> list[Verdict]:
        """:meth:`judge_ref` on every prefix of ``turns`` at once, through ``judge_each``: one
        verdict per turn. A problem loading the scenario, an exception, or a verdict count that
        is not one per turn gives every turn the failing verdict that says so."""
        if self.judge_each is None:
            raise TypeError(f"metric {self.name!r} has no judge_each")
        try:
            scenario = (load or self.domain.load_scenario)(scenario_ref)
        except (CheckersError, ValueError, OSError) as error:
            problem = self.problem_verdict(scenario_ref, threshold, "unknown_scenario", str(error))
            return [problem] * len(turns)
        except BaseException as error:
            return [self.evaluator_error(scenario_ref, threshold, _failure(error))] * len(turns)
        try:
            verdicts = self.judge_each(scenario, turns, threshold)
            if len(verdicts) != len(turns):
                raise RuntimeError(
                    f"judge_each gave {len(verdicts)} verdicts for {len(turns)} turns"
                )
        except BaseException as error:
            return [self.evaluator_error(scenario_ref, threshold, _failure(error))] * len(turns)
        return list(verdicts)

    async def judge_ref_async(
        self, scenario_ref: str, transcript: Transcript, threshold: float, options: MetricOptions
    ) -> Judged:
        """Like :meth:`judge_ref`, through ``judge_async`` when the metric has one."""
        try:
            scenario = self.domain.load_scenario(scenario_ref)
        except (CheckersError, ValueError, OSError) as error:
            problem = self.problem_verdict(scenario_ref, threshold, "unknown_scenario", str(error))
            return Judged(problem)
        except BaseException as error:
            return Judged(self.evaluator_error(scenario_ref, threshold, _failure(error)))
        try:
            if self.judge_async is None:
                return Judged(self.judge(scenario, transcript, threshold))
            return await self.judge_async(scenario, transcript, threshold, options)
        except ConfigError:  # bad judge options: the adapter reports them as configuration
            raise
        except BaseException as error:
            return Judged(self.evaluator_error(scenario_ref, threshold, _failure(error)))

    def problem_verdict(self, scenario_id: str, threshold: float, code: str, msg: str) -> Verdict:
        """A failing verdict for a case that could not be judged at all."""
        return Verdict(
            domain=self.domain.name,
            metric=self.name,
            scenario_id=without_surrogates(scenario_id),
            threshold=threshold,
            subjects=(),
            problems=(AnswerProblem(code=code, message=without_surrogates(msg)),),
            aggregation=self.aggregation,
        )

    def timed_out_verdict(self, scenario_id: str, threshold: float, seconds: float) -> Verdict:
        """The verdict of a case whose judging did not finish within ``seconds`` (the criterion's
        ``case_timeout_s``): unscored, reason code :data:`JUDGE_TIMEOUT`. It never passes; the
        case it decides is reported as its ``unscored`` option says (FAILED by default). The
        judge gave no verdict on any subject, so its one result stands for the whole case."""
        reason = (
            f"judging the case did not finish within case_timeout_s = {seconds:g} s and was "
            "stopped (a judge that hangs, or one slower than that); the case is unscored, never "
            "passed: if the judge is only slow, give the criterion a larger case_timeout_s"
        )
        result = RequirementResult.unscored("judging", JUDGE_TIMEOUT, reason)
        return Verdict(
            domain=self.domain.name,
            metric=self.name,
            scenario_id=without_surrogates(scenario_id),
            threshold=threshold,
            subjects=(SubjectResult.of("judging", "the whole case", (result,)),),
            aggregation=self.aggregation,
        )

    def evaluator_error(self, scenario_id: str, threshold: float, error: BaseException) -> Verdict:
        """The failing verdict for an exception raised while judging (reason ``evaluator_error``,
        naming the exception): the evaluator fails closed, never passes what it could not judge.
        """
        log.error("%s raised while judging %r", self.name, scenario_id, exc_info=error)
        return self.problem_verdict(scenario_id, threshold, EVALUATOR_ERROR, describe(error))


def adk_functions(
    metrics: Mapping[str, Metric[Any]], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """A module ``__getattr__`` that gives each of ``metrics`` as the ADK custom-metric function
    of its name, built (importing google-adk) the first time ADK or a test asks for it, and kept
    in ``namespace`` (the module's ``globals()``) from then on. A domain's metrics module ends
    with::

        __getattr__ = adk_functions(METRICS, globals())

    so an eval config names ``domains.<d>.metrics.<metric>`` while ``checkers check`` and the
    meta-tests, which use ``METRICS``, never import google-adk."""

    def __getattr__(name: str) -> Any:
        metric = metrics.get(name)
        if metric is None:
            raise AttributeError(f"module {namespace.get('__name__')!r} has no attribute {name!r}")
        from checkers.adk.custom_metric import adk_metric

        function = namespace[name] = adk_metric(metric)
        return function

    return __getattr__


def not_judged(verdicts: Sequence[Verdict]) -> bool:
    """True when the case as a whole could not be judged: no verdict, a case-level problem
    (:data:`CASE_LEVEL_PROBLEMS`) in any verdict, or problems in the last one (the final
    answer's)."""
    if not verdicts:
        return True
    if any({p.code for p in v.problems} & CASE_LEVEL_PROBLEMS for v in verdicts):
        return True
    return bool(verdicts[-1].problems)


def unjudgeable(verdicts: Sequence[Verdict]) -> bool:
    """True when the case fails at every threshold: it was not judged (:func:`not_judged`) or
    some verdict holds an unscored result."""
    return not_judged(verdicts) or any(v.unscored for v in verdicts)


def turns_on_unscored(verdicts: Sequence[Verdict], threshold: float) -> bool:
    """True when the case's status turns on unscored results: it was judged, holds unscored
    results, and would pass if every one of them were met (the mean of the invocations' scores,
    an undecided verdict at its best, reaching ``threshold``). A case that fails whatever they
    say is a plain failure."""
    if not_judged(verdicts) or not any(v.unscored for v in verdicts):
        return False
    best = [v.best_case_score if v.undecided else reported_score(v) for v in verdicts]
    return sum(best) / len(best) >= threshold


def reported_score(verdict: Verdict, closed: bool = False) -> float:
    """The score ADK is given for one invocation: the verdict's score, or 0.0 when the case is
    ``closed`` (it fails at every threshold) or the verdict fails at a score that reaches its
    threshold. A score ADK sees must agree with the status beside it: ``AgentEvaluator`` infers
    a metric's direction from (score, status) pairs and recomputes the verdict from the scores.
    """
    if closed or (not verdict.passed and verdict.score >= verdict.threshold):
        return 0.0
    return verdict.score


@dataclass(frozen=True)
class CaseScore:
    """How a case scores, from its turns' verdicts: what every evaluation surface reports."""

    scores: tuple[float, ...]
    """Each turn's score as reported (:func:`reported_score`)."""
    overall: float
    """Their mean; 0 for a case with no turn."""
    passed: bool
    """The case was judged and its mean reaches the threshold."""


def case_score(verdicts: Sequence[Verdict], threshold: float) -> CaseScore:
    """The score of a case whose turns got ``verdicts``: the mean of the reported scores, every
    one 0 when the case fails at every threshold (:func:`unjudgeable`); it passes when judged
    and the mean reaches ``threshold``. ADK's adapter and agents-cli's metric report it."""
    closed = unjudgeable(verdicts)
    scores = tuple(reported_score(v, closed) for v in verdicts)
    overall = statistics.fmean(scores) if scores else 0.0
    return CaseScore(scores, overall, bool(scores) and not closed and overall >= threshold)


def unscored_reason(verdicts: Sequence[Verdict], limit: int = 5) -> str:
    """The unscored results of a case, once each, for people: ``"the evaluator could not
    decide: the agent helpful_tone [judge_timeout]: ..."`` (at most ``limit`` of them)."""
    found = list(
        dict.fromkeys(
            f"{s.name} {r.kind} [{r.reason_code}]: {r.reason}"
            for v in verdicts
            for s, r in v.unscored_results()
        )
    )
    more = f" (and {len(found) - limit} more)" if len(found) > limit else ""
    return "the evaluator could not decide: " + "; ".join(found[:limit]) + more


_usage_tap: ContextVar[list[Mapping[str, Any]] | None] = ContextVar(
    "checkers_judge_usage", default=None
)


def report_usage(usage: Mapping[str, Any]) -> None:
    """Hand what a model judge's synchronous entry point (``Metric.judge``) cost to whoever
    collects it (:func:`collecting_usage`); dropped when nobody does. ``judge`` returns a bare
    verdict, so this is how ``checkers score`` learns the judge's calls and seconds without a
    second path through judging."""
    tap = _usage_tap.get()
    if tap is not None and usage:
        tap.append(usage)


@contextmanager
def collecting_usage() -> Iterator[list[Mapping[str, Any]]]:
    """The usage figures :func:`report_usage` hands over inside the ``with`` block (this
    thread's context only), in order."""
    collected: list[Mapping[str, Any]] = []
    token = _usage_tap.set(collected)
    try:
        yield collected
    finally:
        _usage_tap.reset(token)


def total_usage(usages: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Usage figures added up key by key; text values (the judge's name) are kept when they
    agree and listed when they differ."""
    total: dict[str, Any] = {}
    for usage in usages:
        for key, value in usage.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                total[key] = total.get(key, 0) + value
            elif key not in total:
                total[key] = value
            elif total[key] != value:
                known = total[key] if isinstance(total[key], list) else [total[key]]
                total[key] = known if value in known else [*known, value]
    return total


def check_threshold(threshold: object, where: str) -> float:
    """``threshold`` if it is a finite number in (0, 1]; else ConfigError naming ``where``.

    0 or less would pass every answer, even one that could not be judged; above 1 nothing
    could pass; NaN compares false with everything. Whatever ``threshold`` holds (an integer
    too large for a float, a text, any object), the error is a ConfigError, never another
    exception.
    """
    number = finite_number(threshold)
    if number is None or not 0 < number <= 1:
        raise ConfigError(
            f"{where}: threshold {shown_value(threshold)} must be a finite number greater than 0 "
            "and at most 1 (the share of subjects that must be satisfied), e.g. 1.0"
        )
    return number


def judge_turns(
    metric: Metric[Any],
    scenario_id: str | AnswerProblem,
    turns: Sequence[Turn],
    threshold: float,
) -> list[Verdict]:
    """One verdict per turn, each judged on the conversation up to that turn; for a
    conversation-scoped metric, the verdict on the whole conversation, once per turn.

    ``scenario_id`` is the id the case names, or the problem that prevents naming one (every
    turn then gets the failing verdict that says so). The scenario is loaded once per case.
    """
    if isinstance(scenario_id, AnswerProblem):
        return [_unnamed(metric, scenario_id, threshold)] * len(turns)
    if metric.scope == "conversation" and turns:
        whole = metric.judge_ref(scenario_id, Transcript.from_turns(turns), threshold)
        return [whole] * len(turns)
    # Every turn of a case names the same scenario: read it once per case, and a scenario that
    # does not load fails every turn without being looked up again.
    load = remembered(metric.domain.load_scenario)
    if metric.judge_each is not None:
        return metric.judge_each_ref(scenario_id, turns, threshold, load)
    return [
        metric.judge_ref(scenario_id, transcript, threshold, load)
        for transcript in transcripts_of_turns(turns)
    ]


def judge_final(
    metric: Metric[Any],
    scenario_id: str | AnswerProblem,
    turns: Sequence[Turn],
    threshold: float,
    transcript: Transcript | None = None,
) -> Verdict:
    """The verdict on where a conversation ended: the last verdict :func:`judge_turns` gives,
    with the whole conversation judged once (not each of its prefixes), for callers that want
    only the end (a recorded session, say). ``transcript`` is ``Transcript.from_turns(turns)``
    when the caller already built it (one for every metric of a session, so that work they
    share is done once: :mod:`checkers.session_context`)."""
    if isinstance(scenario_id, AnswerProblem):
        return _unnamed(metric, scenario_id, threshold)
    whole = Transcript.from_turns(turns) if transcript is None else transcript
    return metric.judge_ref(scenario_id, whole, threshold)


async def judge_turns_async(
    metric: Metric[Any],
    scenario_id: str | AnswerProblem,
    turns: Sequence[Turn],
    threshold: float,
    options: MetricOptions,
) -> list[Judged]:
    """:func:`judge_turns` for a model-judged metric, with the criterion's ``options``: the
    turns are judged concurrently (the judge bounds its own concurrent calls), all of them
    within ``options.case_timeout_s`` (:func:`judging_within_bound`): past it, every turn gets
    the unscored verdict that says so (:meth:`Metric.timed_out_verdict`)."""
    if isinstance(scenario_id, AnswerProblem):
        return [Judged(_unnamed(metric, scenario_id, threshold))] * len(turns)
    judged = await judging_within_bound(
        _judge_turns_unbounded(metric, scenario_id, turns, threshold, options),
        options.case_timeout_s,
    )
    if judged is None:
        return [_timed_out(metric, scenario_id, threshold, options)] * len(turns)
    return judged


async def _judge_turns_unbounded(
    metric: Metric[Any],
    scenario_id: str,
    turns: Sequence[Turn],
    threshold: float,
    options: MetricOptions,
) -> list[Judged]:
    if metric.scope == "conversation" and turns:
        whole = await metric.judge_ref_async(
            scenario_id, Transcript.from_turns(turns), threshold, options
        )
        return [whole] * len(turns)
    return list(
        await asyncio.gather(
            *(
                metric.judge_ref_async(scenario_id, transcript, threshold, options)
                for transcript in transcripts_of_turns(turns)
            )
        )
    )


async def judge_final_async(
    metric: Metric[Any],
    scenario_id: str | AnswerProblem,
    transcript: Transcript,
    threshold: float,
    options: MetricOptions,
) -> Judged:
    """:func:`judge_final` for a model-judged metric: the whole conversation (``transcript``)
    judged once through ``judge_async`` with ``options``, within ``options.case_timeout_s``
    (past it, the unscored verdict that says so: :meth:`Metric.timed_out_verdict`)."""
    if isinstance(scenario_id, AnswerProblem):
        return Judged(_unnamed(metric, scenario_id, threshold))
    judged = await judging_within_bound(
        metric.judge_ref_async(scenario_id, transcript, threshold, options),
        options.case_timeout_s,
    )
    return _timed_out(metric, scenario_id, threshold, options) if judged is None else judged


def _unnamed(metric: Metric[Any], problem: AnswerProblem, threshold: float) -> Verdict:
    """The failing verdict of a case whose scenario ``problem`` prevents naming."""
    return metric.problem_verdict("?", threshold, problem.code, problem.message)


def _timed_out(
    metric: Metric[Any], scenario_id: str, threshold: float, options: MetricOptions
) -> Judged:
    """The unscored verdict of a case whose judging passed ``options.case_timeout_s``
    (:meth:`Metric.timed_out_verdict`), logged as a warning."""
    seconds = options.case_timeout_s
    log.warning(
        "%s: judging %r did not finish within case_timeout_s = %g s; stopped, the case is unscored",
        metric.name,
        without_surrogates(scenario_id),
        seconds,
    )
    return Judged(metric.timed_out_verdict(scenario_id, threshold, seconds))


async def judging_within_bound(judging: Awaitable[T], seconds: float) -> T | None:
    """What ``judging`` gives (it must never give None), or None when it has not finished
    within ``seconds``: it is then cancelled, and given :data:`CANCEL_GRACE_S` to finish
    cancelling; a judging that ignores its cancellation is left behind rather than waited for.

    What ``judging`` raises is raised here. A request to stop the caller (the caller's task
    cancelled) cancels the judging too and goes on up, as it is: only the bound's own expiry
    is turned into a result. The judging runs as a task of its own, so that its expiry never
    reads as the caller's cancellation, and a judge that swallows a cancellation cannot hold
    the caller past the bound."""
    task = asyncio.ensure_future(judging)
    try:
        done, _ = await asyncio.wait({task}, timeout=seconds)
    except BaseException:
        task.cancel()  # the caller is being stopped: its judging with it
        raise
    if done:
        return task.result()
    task.cancel()
    try:
        await asyncio.wait({task}, timeout=CANCEL_GRACE_S)
    except BaseException:
        _forget(task)
        raise
    _forget(task)
    return None


def _forget(task: asyncio.Future[Any]) -> None:
    """Retrieve what the abandoned ``task`` ends with, now or whenever it ends, so that asyncio
    logs no "exception was never retrieved" for a judging nobody waits for any more."""

    def retrieve(ended: asyncio.Future[Any]) -> None:
        if not ended.cancelled():
            ended.exception()

    task.add_done_callback(retrieve)
