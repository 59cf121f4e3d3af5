"""Judging a rubric task: pre-check, samples through cache and judge, majority, verdict.

:func:`judge_task` does, for one :class:`~checkers.rubric.requirement.RubricTask`:

1. The task's own problem (the domain found nothing to judge), no answer, a blank one, or one
   over :data:`MAX_ANSWER_CHARS`: every rubric is incomplete (the problem's code,
   ``no_final_response``, ``empty_response``, ``answer_too_long``); no judge is called.
2. The pre-check (:mod:`checkers.rubric.precheck`): a flagged answer fails every rubric
   (``addresses_judge``); no judge is called.
3. ``num_samples`` requests (one per sample number) go to the judge, concurrently, at most
   ``max_concurrent`` at a time per judge and event loop, each cut off after ``timeout_s``
   seconds. A cached reply is used instead of a call. A timeout, an error or a refusal makes
   that sample unscored; a reply is parsed strictly (:mod:`checkers.rubric.parser`, which never
   raises), and stored in the cache only after it parsed into a verdict for every rubric.
4. Each rubric's samples are decided by majority (:mod:`checkers.rubric.aggregate`).

:func:`rubric_verdict` turns the result into a :class:`~checkers.results.Verdict`: one subject
per task subject, one result per rubric (:func:`~checkers.rubric.requirement.check_rubric`), so
the score is the share of subjects whose every rubric is met. A verdict with any rubric not
judged never passes, at any threshold: a flagged answer or one that could not be sent carries an
answer problem, and an unscored rubric is an unscored result. :class:`Usage` counts the calls,
cache hits, tokens and seconds, for the details file.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import time
import weakref
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from checkers.results import AnswerProblem, Outcome, SubjectResult, Verdict
from checkers.rubric.aggregate import SampleVerdict, majority
from checkers.rubric.cache import JudgeCache, cache_key
from checkers.rubric.judge import Judge, JudgeReply, JudgeRequest
from checkers.rubric.parser import parse_reply
from checkers.rubric.precheck import Flag, precheck
from checkers.rubric.prompt import build_request
from checkers.rubric.requirement import RubricContext, RubricTask, check_rubric
from checkers.text import without_surrogates

log = logging.getLogger(__name__)

MAX_ANSWER_CHARS = 20_000
"""Longest answer sent to a judge; a longer one is unscored (``answer_too_long``)."""
T = TypeVar("T")
Samples = dict[str, SampleVerdict]


@dataclass(frozen=True)
class JudgeSettings:
    """How to ask the judge: samples per answer, concurrency, timeout, and the cache (None:
    no cache)."""

    num_samples: int = 1
    max_concurrent: int = 4
    timeout_s: float = 60.0
    cache: JudgeCache | None = None

    def __post_init__(self) -> None:
        if self.num_samples < 1 or self.max_concurrent < 1 or self.timeout_s <= 0:
            raise ValueError(
                f"num_samples and max_concurrent must be at least 1 and timeout_s above 0; got "
                f"{self.num_samples}, {self.max_concurrent}, {self.timeout_s}"
            )


@dataclass
class Usage:
    """What judging cost: calls made, replies read from the cache, unscored samples by cause,
    tokens, and seconds (``call_seconds`` summed over calls, ``wall_seconds`` elapsed)."""

    judge: str
    samples: int = 0
    calls: int = 0
    cached: int = 0
    timeouts: int = 0
    errors: int = 0
    refusals: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    call_seconds: float = 0.0
    wall_seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The figures as a JSON object (seconds rounded to milliseconds)."""
        payload: dict[str, Any] = dict(vars(self))
        payload["call_seconds"] = round(self.call_seconds, 3)
        payload["wall_seconds"] = round(self.wall_seconds, 3)
        return payload


@dataclass(frozen=True)
class TaskJudgement:
    """The outcome of :func:`judge_task`: a context per rubric id, and what it cost."""

    contexts: dict[str, RubricContext]
    usage: Usage
    flags: tuple[Flag, ...] = ()
    problem: AnswerProblem | None = None
    samples: dict[str, tuple[SampleVerdict, ...]] = field(default_factory=dict)
    """Every sample's verdict per rubric id (empty when no judge was asked)."""


_LIMITERS: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, dict[tuple[str, int], asyncio.Semaphore]
] = weakref.WeakKeyDictionary()


def limiter(identity: str, size: int) -> asyncio.Semaphore:
    """The semaphore bounding calls to judge ``identity`` in the running event loop, shared by
    every metric and case that runs in it."""
    per_loop = _LIMITERS.setdefault(asyncio.get_running_loop(), {})
    return per_loop.setdefault((identity, size), asyncio.Semaphore(size))


def answer_problem(answer: str | None) -> AnswerProblem | None:
    """Why ``answer`` cannot be sent to a judge at all, if it cannot."""
    if answer is None:
        return AnswerProblem(
            code="no_final_response",
            message="the agent gave no final response, so there is nothing to judge",
        )
    if not answer.strip():
        return AnswerProblem(code="empty_response", message="the agent's final response is empty")
    if len(answer) > MAX_ANSWER_CHARS:
        return AnswerProblem(
            code="answer_too_long",
            message=f"the answer is {len(answer):,} characters, over the {MAX_ANSWER_CHARS:,} "
            "sent to a judge; it is unscored",
        )
    return None


def _all(request: JudgeRequest, code: str, reason: str) -> Samples:
    return {rid: SampleVerdict.unscored(code, reason) for rid in request.rubric_ids}


def _read(judge: Judge, request: JudgeRequest, reply: JudgeReply, usage: Usage) -> Samples:
    if reply.refusal is not None:
        usage.refusals += 1
        return _all(request, "judge_refused", f"{judge.identity} refused: {reply.refusal}")
    return parse_reply(reply.text, request.rubric_ids)


async def _sample(
    judge: Judge, request: JudgeRequest, settings: JudgeSettings, usage: Usage
) -> Samples:
    """One sample's verdict per rubric: from the cache when it holds the reply, else from the
    judge. A reply is parsed before it is stored, and stored only when every rubric got a
    verdict, so a reply that could not be scored is asked again on the next run."""
    cache = settings.cache if judge.cacheable else None
    key = cache_key(judge.identity, request) if cache is not None else None
    if cache is not None and key is not None:
        stored = cache.get(key)
        if stored is not None:
            usage.cached += 1
            return _read(judge, request, stored, usage)
    async with limiter(judge.identity, settings.max_concurrent):
        usage.calls += 1
        started = time.perf_counter()
        try:
            reply = await asyncio.wait_for(judge.complete(request), settings.timeout_s)
        except (asyncio.TimeoutError, TimeoutError):
            usage.timeouts += 1
            return _all(
                request,
                "judge_timeout",
                f"{judge.identity} did not answer within {settings.timeout_s:g} s",
            )
        except Exception as error:  # any backend failure is an unscored sample, never a crash
            usage.errors += 1
            said = without_surrogates(str(error))[:200]
            log.warning("judge %s failed: %s: %s", judge.identity, type(error).__name__, said)
            return _all(
                request,
                "judge_error",
                f"the call to {judge.identity} failed: {type(error).__name__}: {said}",
            )
        finally:
            usage.call_seconds += time.perf_counter() - started
    if not isinstance(reply, JudgeReply):
        usage.errors += 1
        return _all(
            request,
            "judge_error",
            f"{judge.identity} returned a {type(reply).__name__}, not a JudgeReply",
        )
    usage.input_tokens += reply.input_tokens if isinstance(reply.input_tokens, int) else 0
    usage.output_tokens += reply.output_tokens if isinstance(reply.output_tokens, int) else 0
    samples = _read(judge, request, reply, usage)
    if cache is not None and key is not None and all(s.verdict for s in samples.values()):
        try:
            cache.put(key, judge.identity, reply)
        except (OSError, ValueError) as error:
            log.error("cannot write the judge cache in %s: %s", cache.directory, error)
    return samples


async def judge_task(task: RubricTask, judge: Judge, settings: JudgeSettings) -> TaskJudgement:
    """Judge every rubric of ``task`` with ``judge`` (see the module docstring). Never raises
    on anything the agent or the judge did."""
    usage = Usage(judge=without_surrogates(judge.identity))
    rubric_ids = [r.id for r in task.rubrics]
    problem = task.problem or answer_problem(task.answer)
    if problem is not None or task.answer is None:
        context = RubricContext(problem=problem)
        return TaskJudgement(dict.fromkeys(rubric_ids, context), usage, problem=problem)
    flags = precheck(task.answer)
    if flags:
        context = RubricContext(flags=flags)
        return TaskJudgement(dict.fromkeys(rubric_ids, context), usage, flags=flags)
    started = time.perf_counter()
    requests = [
        build_request(task.answer, task.facts, task.rubrics, sample)
        for sample in range(settings.num_samples)
    ]
    usage.samples = len(requests)
    results = await asyncio.gather(*(_sample(judge, r, settings, usage) for r in requests))
    usage.wall_seconds = time.perf_counter() - started
    samples = {rid: tuple(result[rid] for result in results) for rid in rubric_ids}
    contexts = {rid: RubricContext(decision=majority(samples[rid])) for rid in rubric_ids}
    return TaskJudgement(contexts, usage, samples=samples)


def rubric_verdict(
    task: RubricTask, judgement: TaskJudgement, domain: str, metric: str, threshold: float
) -> Verdict:
    """The verdict: one subject per task subject, one result per rubric.

    It never passes, at any threshold, when a rubric was not judged: a flagged answer carries an
    ``addresses_judge`` problem, an answer that could not be sent carries its problem, and
    unscored rubrics (timeouts, errors, refusals, replies off the menu, no majority) are
    ``Outcome.UNSCORED`` results, named in a note (the verdict is unscored: the ADK case fails
    as unscored, or is reported NOT_EVALUATED when its criterion opts in). Messages are free of
    lone surrogates.
    """
    subjects = tuple(
        SubjectResult(
            subject_id=subject.subject_id,
            name=subject.name,
            results=tuple(check_rubric(r, judgement.contexts[r.id]) for r in subject.rubrics),
        )
        for subject in task.subjects
    )
    problems: list[AnswerProblem] = []
    notes = [without_surrogates(f"judge: {judgement.usage.judge}")]
    if judgement.flags:
        problems.append(
            AnswerProblem(
                code="addresses_judge",
                message=without_surrogates(
                    "; ".join(f.sentence() for f in judgement.flags)
                    + "; an answer that addresses its judge cannot pass"
                ),
            )
        )
    elif judgement.problem is not None:
        problems.append(judgement.problem)
    else:
        unscored = [r for s in subjects for r in s.results if r.outcome is Outcome.UNSCORED]
        if unscored:
            codes = ", ".join(sorted({r.reason_code for r in unscored}))
            notes.append(
                f"{len(unscored)} of {sum(len(s.results) for s in subjects)} rubrics could not "
                f"be scored ({codes}); a verdict with an unscored rubric never passes"
            )
    return Verdict(
        domain=domain,
        metric=metric,
        scenario_id=task.scenario_id,
        threshold=threshold,
        subjects=subjects,
        problems=tuple(problems),
        notes=tuple(notes),
    )


def run_sync(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to completion from synchronous code, also when an event loop is
    already running in this thread (then in a worker thread with its own loop)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
