"""A rubric metric: a :class:`~checkers.metric.Metric` whose requirements a judge decides.

A domain supplies how to build the :class:`~checkers.rubric.requirement.RubricTask` of a
transcript (the answer, the facts, each subject's rubrics); :func:`rubric_metric` supplies the
rest, and :func:`~checkers.adk.custom_metric.adk_metric` wraps it like any metric::

    EXPLAINS = rubric_metric("explains_each_guest", DINING, explains_task,
                             default_judge="scripted:cues")
    explains_each_guest = adk_metric(EXPLAINS)

The judge is never built inside a check. Its name comes from the criterion in the eval config,
else ``$CHECKERS_JUDGE``, else the metric's default, and ``judges`` (default
:func:`~checkers.rubric.factory.make_judge`) turns the name into a judge. Criterion keys
(:class:`RubricOptions`; any other key is a configuration error)::

    "explains_each_guest": {"threshold": 1.0, "judge": "gemini:gemini-2.5-flash",
                            "num_samples": 3, "max_concurrent": 4, "timeout_s": 60,
                            "cache": true, "cache_dir": ".checkers/judge-cache"}

The score is the share of subjects whose every rubric is met; an unscored rubric is not met.
The details file records the judge's calls, cache hits, tokens and seconds (``judge_usage``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import Field, field_validator

from checkers.metric import Domain, Judged, Metric, MetricOptions, not_blank, report_usage
from checkers.results import Verdict
from checkers.rubric.cache import JudgeCache, default_cache_dir
from checkers.rubric.factory import JudgeFactory, make_judge
from checkers.rubric.requirement import RubricTask
from checkers.rubric.run import JudgeSettings, judge_task, rubric_verdict, run_sync
from checkers.transcript import Transcript

S = TypeVar("S")
JUDGE_ENV = "CHECKERS_JUDGE"
"""Judge of rubric metrics whose criterion names none, e.g. ``gemini:gemini-2.5-flash``."""


class RubricOptions(MetricOptions):
    """Criterion keys of a rubric metric, besides ``threshold``, ``details_dir`` and
    ``write_details``."""

    judge: str | None = None
    """Judge name (see :mod:`checkers.rubric.factory`); default ``$CHECKERS_JUDGE``, else the
    metric's own default."""
    num_samples: int = Field(default=1, ge=1, le=15, strict=True)
    """Samples per answer, decided by strict majority; a tie is unscored."""
    max_concurrent: int = Field(default=4, ge=1, le=64, strict=True)
    """Most calls in flight to one judge at a time, across the cases of one run."""
    timeout_s: float = Field(default=60.0, gt=0, le=600, strict=True)
    """Seconds before a judge call is abandoned (its sample is unscored)."""
    cache: bool = Field(default=True, strict=True)
    """Reuse stored replies for an unchanged prompt (false: always call the judge)."""
    cache_dir: Path | None = None
    """Where replies are stored; default ``$CHECKERS_JUDGE_CACHE``, else
    ``.checkers/judge-cache``."""

    @field_validator("judge", mode="before")
    @classmethod
    def _check_judge(cls, value: object) -> object:
        return not_blank(value, "judge", "a judge name, e.g. 'gemini:gemini-2.5-flash'")

    @field_validator("cache_dir", mode="before")
    @classmethod
    def _check_cache_dir(cls, value: object) -> object:
        return not_blank(value, "cache_dir", "a folder, e.g. '.checkers/judge-cache'")


def settings_of(options: RubricOptions) -> JudgeSettings:
    """The judge settings the options ask for."""
    cache = JudgeCache(options.cache_dir or default_cache_dir()) if options.cache else None
    return JudgeSettings(
        num_samples=options.num_samples,
        max_concurrent=options.max_concurrent,
        timeout_s=options.timeout_s,
        cache=cache,
    )


def judge_name(options: RubricOptions, default: str) -> str:
    """The judge to use: the criterion's, else ``$CHECKERS_JUDGE``, else ``default``."""
    return options.judge or os.environ.get(JUDGE_ENV) or default


def rubric_metric(
    name: str,
    domain: Domain[S],
    task: Callable[[S, Transcript], RubricTask],
    default_judge: str,
    judges: JudgeFactory = make_judge,
    description: str = "",
    default_threshold: float = 1.0,
    scope: Literal["invocation", "conversation"] = "invocation",
) -> Metric[S]:
    """A metric judging the rubrics ``task`` builds for each transcript.

    ``task(scenario, transcript)`` must not raise on agent output (an absent answer is
    ``answer=None``). ``judges`` turns a judge name into a judge (tests pass their own).
    ``judge`` on the returned metric (the command line's entry point) uses default options and
    runs the judge to completion; ADK gets the async path through ``judge_async``.
    """

    async def judge_async(
        scenario: S, transcript: Transcript, threshold: float, options: MetricOptions
    ) -> Judged:
        chosen = options if isinstance(options, RubricOptions) else RubricOptions()
        judge = judges(judge_name(chosen, default_judge))
        built = task(scenario, transcript)
        judgement = await judge_task(built, judge, settings_of(chosen))
        verdict = rubric_verdict(built, judgement, domain.name, name, threshold)
        return Judged(verdict, judgement.usage.to_json())

    def judge(scenario: S, transcript: Transcript, threshold: float) -> Verdict:
        judged = run_sync(judge_async(scenario, transcript, threshold, RubricOptions()))
        report_usage(judged.usage)  # for checkers score's monitoring: calls and seconds
        return judged.verdict

    judge.__name__ = f"judge_{name}"
    return Metric(
        name=name,
        domain=domain,
        judge=judge,
        default_threshold=default_threshold,
        description=description,
        scope=scope,
        options_model=RubricOptions,
        judge_async=judge_async,
    )
