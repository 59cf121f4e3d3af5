"""A rubric metric through ADK's custom-metric contract: options, the judge chosen by name,
details with the judge's usage, the cache (an unchanged re-run makes zero judge calls), and a
customer-service conversation judged once for its tone."""

from __future__ import annotations

import asyncio
import inspect
import json
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import BaseCriterion, EvalMetric, EvalStatus

from checkers.adk.custom_metric import adk_metric, read_options
from checkers.errors import ScenarioNotFound
from checkers.metric import Domain, Metric, MetricOptions
from checkers.rubric import scripted
from checkers.rubric.cache import CACHE_ENV, JudgeCache, cache_key, default_cache_dir
from checkers.rubric.judge import Judge, JudgeReply
from checkers.rubric.metric import JUDGE_ENV, RubricOptions, rubric_metric
from checkers.rubric.prompt import build_request
from checkers.rubric.requirement import Fact, Rubric, RubricSubject, RubricTask
from checkers.transcript import Transcript
from tests.adk_helpers import text_content

TONE = Rubric(
    id="helpful_tone",
    text="Every reply is helpful and polite, even when refusing.",
    cues=("sorry", "thank you", "happy to"),
)


class Desk(Domain[dict[str, str]]):
    """A tiny customer-service domain: one scenario, 'refund-late', whose policy is given."""

    name = "desk"

    def scenario_ids(self) -> list[str]:
        return ["refund-late"]

    def load_scenario(self, ref: str) -> dict[str, str]:
        if ref != "refund-late":
            raise ScenarioNotFound(f"scenario {ref!r} not found; known ids: refund-late")
        return {"id": ref, "policy": "Refunds only within 30 days of delivery."}


def tone_task(scenario: dict[str, str], transcript: Transcript) -> RubricTask:
    replies = [t.agent_text for t in transcript.turns if t.agent_text]
    said = "\n".join(f"Customer: {t}" for t in transcript.user_texts)
    return RubricTask(
        scenario_id=scenario["id"],
        answer="\n\n".join(replies) if replies else None,
        facts=(
            Fact(label="Policy", content=scenario["policy"]),
            Fact(label="Customer", content=said),
        ),
        subjects=(RubricSubject(subject_id="agent", name="the agent", rubrics=(TONE,)),),
    )


class Counting(Judge):
    """Wraps a judge and counts the calls that reach it."""

    def __init__(self, inner: Judge) -> None:
        self.inner = inner
        self.identity = inner.identity
        self.calls = 0

    async def complete(self, request: Any) -> JudgeReply:
        self.calls += 1
        return await self.inner.complete(request)


def metric_with(judge: Judge) -> tuple[Metric[dict[str, str]], Any]:
    metric = rubric_metric(
        "helpful_tone",
        Desk(),
        tone_task,
        default_judge="scripted:cues",
        judges=lambda name: judge,
        scope="conversation",
    )
    return metric, adk_metric(metric)


def turn(user: str, agent: str, index: int) -> Invocation:
    return Invocation(
        invocation_id=f"t{index}",
        user_content=text_content(f"{user} [scenario:refund-late]", "user"),
        final_response=text_content(agent, "model"),
    )


POLITE = [
    turn(
        "I want a refund for order 17, it came 45 days ago.",
        "I'm sorry to hear that. Let me check order 17.",
        1,
    ),
    turn(
        "Well?",
        "Thank you for waiting. It was delivered 45 days ago, past our 30-day window, "
        "so I cannot refund it; I am happy to help with a repair instead.",
        2,
    ),
]
RUDE = [
    turn("I want a refund for order 17, it came 45 days ago.", "No.", 1),
    turn("Why not?", "Read the policy.", 2),
]


def criterion(tmp_path: Path, **extra: Any) -> EvalMetric:
    extra.setdefault("details_dir", str(tmp_path / "details"))
    extra.setdefault("cache_dir", str(tmp_path / "cache"))
    return EvalMetric(metric_name="helpful_tone", criterion=BaseCriterion(threshold=1.0, **extra))


def evaluate(fn: Any, eval_metric: EvalMetric, invocations: list[Invocation]) -> Any:
    result = fn(eval_metric, invocations, None, None)
    assert inspect.isawaitable(result)  # ADK awaits an async custom metric

    async def awaited() -> Any:
        return await result

    return asyncio.run(awaited())


def details(tmp_path: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted((tmp_path / "details").glob("*.json"))]


def test_a_polite_conversation_passes_and_a_rude_one_fails(tmp_path: Path) -> None:
    _, fn = metric_with(scripted.cues())
    polite = evaluate(fn, criterion(tmp_path), POLITE)
    assert polite.overall_eval_status is EvalStatus.PASSED
    assert [r.score for r in polite.per_invocation_results] == [1.0, 1.0]  # judged once
    rude = evaluate(fn, criterion(tmp_path), RUDE)
    assert rude.overall_eval_status is EvalStatus.FAILED and rude.overall_score == 0.0


def test_the_judge_sees_the_agent_replies_as_the_answer_and_the_customer_as_facts(
    tmp_path: Path,
) -> None:
    seen: list[Any] = []

    def decide(request: Any) -> str:
        seen.append(request)
        return scripted.reply_text({"helpful_tone": "yes"})

    _, fn = metric_with(scripted.ScriptedJudge("scripted:spy", decide))
    evaluate(fn, criterion(tmp_path, cache=False), POLITE)
    (request,) = seen
    assert request.answer.startswith("I'm sorry to hear that.")
    assert "Customer: I want a refund" in request.prompt
    answer_tag = f"<answer-{request.nonce}>"
    assert request.prompt.index("Customer: I want a refund") < request.prompt.index(answer_tag)


def test_details_record_the_judge_calls_tokens_and_time(tmp_path: Path) -> None:
    _, fn = metric_with(scripted.cues())
    evaluate(fn, criterion(tmp_path, num_samples=3), POLITE)
    (payload,) = details(tmp_path)
    usage = payload["judge_usage"]
    assert usage["judge"] == "scripted:cues"
    assert (usage["samples"], usage["calls"], usage["cached"]) == (3, 3, 0)
    assert {"input_tokens", "output_tokens", "call_seconds", "wall_seconds"} <= usage.keys()
    assert payload["invocations"][0]["subjects"][0]["results"][0]["reason_code"] == "rubric_met"


def test_rerunning_an_unchanged_eval_makes_zero_judge_calls(tmp_path: Path) -> None:
    judge = Counting(scripted.cues())
    _, fn = metric_with(judge)
    first = evaluate(fn, criterion(tmp_path, num_samples=3), POLITE)
    assert judge.calls == 3
    second = evaluate(fn, criterion(tmp_path, num_samples=3), POLITE)
    assert judge.calls == 3  # nothing new reached the judge
    assert second.overall_score == first.overall_score
    # The details of the two runs: one made 3 calls, the other read the same 3 from the cache.
    usage = sorted(
        (d["judge_usage"]["calls"], d["judge_usage"]["cached"]) for d in details(tmp_path)
    )
    assert usage == [(0, 3), (3, 0)]
    changed = [*POLITE[:1], turn("Well?", "Thank you. I cannot refund it.", 2)]
    evaluate(fn, criterion(tmp_path, num_samples=3), changed)
    assert judge.calls == 6  # a changed answer is a changed prompt: asked again


def test_cache_false_always_calls_the_judge(tmp_path: Path) -> None:
    judge = Counting(scripted.cues())
    _, fn = metric_with(judge)
    for _ in range(2):
        evaluate(fn, criterion(tmp_path, cache=False), POLITE)
    assert judge.calls == 2


def test_errors_and_timeouts_are_not_cached(tmp_path: Path) -> None:
    judge = Counting(scripted.failing())
    _, fn = metric_with(judge)
    for _ in range(2):
        result = evaluate(fn, criterion(tmp_path), POLITE)
        assert result.overall_eval_status is EvalStatus.FAILED
    assert judge.calls == 2
    assert not list((tmp_path / "cache").rglob("*.json"))


def test_a_timing_out_judge_fails_the_case_without_crashing(tmp_path: Path) -> None:
    _, fn = metric_with(scripted.timing_out())
    result = evaluate(fn, criterion(tmp_path, timeout_s=0.05), POLITE)
    assert result.overall_eval_status is EvalStatus.FAILED
    (payload,) = details(tmp_path)
    verdict = payload["invocations"][0]
    assert verdict["subjects"][0]["results"][0]["reason_code"] == "judge_timeout"
    assert verdict["problems"] == [] and verdict["passed"] is False
    assert (payload["unscored"], payload["overall_status"]) == ("failed", "FAILED")
    assert "the agent rubric [judge_timeout]: helpful_tone" in payload["unscored_reason"]
    assert payload["judge_usage"]["timeouts"] == 1


def test_rubric_options_are_read_and_unknown_keys_name_the_allowed_ones(tmp_path: Path) -> None:
    metric, fn = metric_with(scripted.cues())
    _, options = read_options(
        criterion(tmp_path, judge="gemini", num_samples=5), metric.options_model
    )
    assert isinstance(options, RubricOptions)
    assert (options.judge, options.num_samples, options.timeout_s) == ("gemini", 5, 60.0)
    with pytest.raises(Exception, match="judge_model"):
        read_options(criterion(tmp_path, judge_model="x"), metric.options_model)
    result = evaluate(fn, criterion(tmp_path, judge_model="x"), POLITE)
    assert result.overall_eval_status is EvalStatus.FAILED
    # The plain options are unchanged for deterministic metrics: a rubric key is unknown there.
    with pytest.raises(
        Exception,
        match=(
            r"allowed extra keys are: threshold, details_dir, write_details, unscored, "
            r"case_timeout_s$"
        ),
    ):
        read_options(criterion(tmp_path, num_samples=3), MetricOptions)


def test_bad_option_values_are_configuration_failures(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _, fn = metric_with(scripted.cues())
    result = evaluate(fn, criterion(tmp_path, num_samples=0), POLITE)
    assert result.overall_eval_status is EvalStatus.FAILED
    assert "num_samples: Input should be greater than or equal to 1" in caplog.text


@pytest.mark.parametrize(
    "option",
    [
        {"num_samples": True},
        {"num_samples": 3.0},
        {"max_concurrent": "4"},
        {"cache": "no"},
        {"timeout_s": True},
        {"write_details": "false"},
    ],
    ids=str,
)
def test_option_values_are_never_coerced(
    option: dict[str, Any], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """``true`` read as 1 sample or ``"no"`` read as false would change what is judged."""
    _, fn = metric_with(scripted.cues())
    result = evaluate(fn, criterion(tmp_path, **option), POLITE)
    assert result.overall_eval_status is EvalStatus.FAILED
    assert f"{next(iter(option))}: Input should be a valid" in caplog.text


def test_the_judge_is_chosen_by_name_from_the_criterion_else_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def judges(name: str) -> Judge:
        asked.append(name)
        return scripted.always("yes")

    metric = rubric_metric("helpful_tone", Desk(), tone_task, "scripted:cues", judges=judges)
    fn = adk_metric(metric)
    evaluate(fn, criterion(tmp_path, judge="adk:my-model"), POLITE[:1])
    monkeypatch.setenv(JUDGE_ENV, "gemini:gemini-2.5-pro")
    evaluate(fn, criterion(tmp_path), POLITE[:1])
    monkeypatch.delenv(JUDGE_ENV)
    evaluate(fn, criterion(tmp_path), POLITE[:1])
    assert asked == ["adk:my-model", "gemini:gemini-2.5-pro", "scripted:cues"]


def test_a_judge_that_cannot_be_built_fails_every_invocation_with_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    for name in ("GOOGLE_API_KEY", "GEMINI_API_KEY", "GOOGLE_GENAI_USE_VERTEXAI"):
        monkeypatch.delenv(name, raising=False)
    metric = rubric_metric("helpful_tone", Desk(), tone_task, "scripted:cues", scope="conversation")
    result = evaluate(adk_metric(metric), criterion(tmp_path, judge="gemini"), POLITE)
    assert len(result.per_invocation_results) == 2
    assert result.overall_eval_status is EvalStatus.FAILED
    assert "needs a key: set GOOGLE_API_KEY" in caplog.text


def test_the_synchronous_judge_runs_from_the_command_line_and_inside_a_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    metric, _ = metric_with(scripted.always("no"))
    transcript = Transcript(final_text="Read the policy.")
    assert metric.judge({"id": "refund-late", "policy": "-"}, transcript, 1.0).score == 0.0

    async def inside() -> float:
        return metric.judge({"id": "refund-late", "policy": "-"}, transcript, 1.0).score

    assert asyncio.run(inside()) == 0.0


# --- the cache ----------------------------------------------------------------------------------


def test_the_cache_key_changes_with_model_prompt_and_sample() -> None:
    base = build_request("answer", (), (TONE,))
    key = cache_key("gemini:gemini-2.5-flash", base)
    assert key != cache_key("gemini:gemini-2.5-pro", base)
    assert key != cache_key("gemini:gemini-2.5-flash", build_request("answer!", (), (TONE,)))
    assert key != cache_key("gemini:gemini-2.5-flash", build_request("answer", (), (TONE,), 1))
    assert key == cache_key("gemini:gemini-2.5-flash", build_request("answer", (), (TONE,)))


def test_the_cache_round_trips_and_treats_a_corrupt_entry_as_a_miss(tmp_path: Path) -> None:
    cache = JudgeCache(tmp_path)
    reply = JudgeReply('{"verdicts": []}', None, 12, 3)
    cache.put("ab" * 32, "gemini:x", reply)
    assert cache.get("ab" * 32) == reply
    assert cache.get("cd" * 32) is None
    (tmp_path / "ab" / f"{'ab' * 32}.json").write_text("{not json")
    assert cache.get("ab" * 32) is None


def test_the_cache_directory_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(CACHE_ENV, raising=False)
    assert default_cache_dir() == Path(".checkers") / "judge-cache"
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    assert default_cache_dir() == tmp_path


def test_the_rubric_package_surface_is_sorted_and_importable() -> None:
    import checkers.rubric as package

    assert package.__all__ == sorted(package.__all__)
    assert all(hasattr(package, name) for name in package.__all__)
