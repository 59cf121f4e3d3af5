"""Breaking a dining check on purpose makes the generated meta-tests fail, with a minimal case.

Each test swaps one check (or the aggregation) for a deliberately wrong one, runs one meta-test
under the CI profile, and asserts that it fails with a message naming what went wrong and a
counterexample hypothesis has shrunk to the smallest scenario: one guest, one restaurant, one
dish, the values at their lower bounds. The last tests break what hostile input attacks (a
reader that picks one of two plans, an ADK metric that raises on a lone surrogate) and assert
the ``hostile[...]`` meta-tests catch it.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import Phase, settings

from checkers.adk import metric_calls
from checkers.meta.profiles import meta_settings
from checkers.meta.registry import load_spec
from checkers.meta.runner import failure_text, meta_checks
from checkers.meta.stats import MetaStats
from checkers.results import Outcome, RequirementResult, Verdict
from checkers.transcript import Transcript
from domains.dining.checks import DiningContext, checks
from domains.dining.models import Allergy, Availability, Budget, OpeningHours

ORIGINAL = dict(checks._checks)


def failure_of(check_id: str, shrink: bool = True) -> str:
    """Run one dining meta-test; return its failure text (failing the test if it held).
    Without ``shrink`` the first failing example is reported as found (see
    :func:`hostile_failure_of`)."""
    spec = load_spec("dining")
    [check] = [c for c in meta_checks(spec) if c.id == check_id]
    config = meta_settings("ci")
    if not shrink:
        config = settings(config, phases=[Phase.explicit, Phase.reuse, Phase.generate])
    with pytest.raises(AssertionError) as caught:
        check.run(config, MetaStats())
    return failure_text(caught.value)


def only_guest(text: str) -> list[str]:
    """The requirements of the counterexample's only guest (asserting there is exactly one)."""
    found = re.search(r"; 1 guest \[g0 Ana: ([^\]]*)\]", text)
    assert found is not None, text
    return found.group(1).split(", ")


def as_json(req: Any) -> dict[str, Any]:
    return dict(req.model_dump(mode="json"))


def test_allergy_check_that_always_passes_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def always_passes(req: Allergy, ctx: DiningContext) -> RequirementResult:
        return RequirementResult.passed("allergy", "dish_available", "ok", requirement=as_json(req))

    monkeypatch.setitem(checks._checks, Allergy, always_passes)
    text = failure_of("generated[violation-allergy]")
    assert text.startswith(
        "subject g0 must fail exactly ['allergy', 'single_dish'], but allergy passed; "
        "case: Ana (g0) now also holds allergic to "
    )
    # Shrunk to one dish holding the one allergen Ana is allergic to.
    found = re.search(r"now also holds allergic to ([a-z ]+);", text)
    assert found is not None
    allergen = found.group(1)
    assert only_guest(text) == [f"allergic to {allergen}"]
    assert f"menu Dish 0 (1.00, spice 0, has {allergen.replace(' ', '_')})]" in text
    assert "Ana (g0): single_dish fail [food_requirement_unmet]" in text
    assert "Failing test case: generated_violation_allergy(" in text


def test_scoring_by_requirements_instead_of_guests_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def by_requirements(self: Verdict) -> Fraction:
        results = [r for s in self.subjects for r in s.results]
        passing = sum(r.outcome is Outcome.PASS for r in results)
        return Fraction(passing, len(results)) if results else Fraction(0)

    monkeypatch.setattr(Verdict, "score_fraction", property(by_requirements))
    text = failure_of("generated[violation-budget]")
    # One guest with a budget: opening_hours, budget, single_dish; budget and single_dish fail.
    assert text.startswith(
        "score 1/3 = 0.3333, but breaking exactly one requirement of one of 1 subjects must "
        "score exactly 0/1: the score is a share of subjects, not of requirements; "
        "case: Ana (g0) now also holds at most 0.01 per person;"
    )
    assert "at most 0.01 per person" in only_guest(text)  # the tightened scenario is shown


def test_budget_check_that_rejects_an_exact_budget_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def strict_budget(req: Budget, ctx: DiningContext) -> RequirementResult:
        if ctx.restaurant is None:
            return ORIGINAL[Budget](req, ctx)
        cheap_enough = any(d.price < req.max_per_person for d in ctx.restaurant.menu)
        outcome = RequirementResult.passed if cheap_enough else RequirementResult.failed
        code = "dish_available" if cheap_enough else "over_budget"
        return outcome("budget", code, "?", requirement=as_json(req))

    monkeypatch.setitem(checks._checks, Budget, strict_budget)
    text = failure_of("generated[satisfying]")
    assert text.startswith("an answer built to meet every requirement must pass with score 1;")
    # The shrunk case sits on the boundary: the budget equals the only dish's price.
    assert "at most 1.00 per person" in only_guest(text)
    assert "menu Dish 0 (1.00, spice 0)]" in text
    assert "first unmet: Ana: budget fail [over_budget]" in text


def test_availability_judged_without_a_time_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    original = ORIGINAL[Availability]

    def passes_without_time(req: Availability, ctx: DiningContext) -> RequirementResult:
        if ctx.start is None:
            return RequirementResult.passed(
                "availability", "available", "?", requirement=as_json(req)
            )
        return original(req, ctx)

    monkeypatch.setitem(checks._checks, Availability, passes_without_time)
    text = failure_of("generated[incomplete-time]")
    assert text.startswith("with time removed in an answer that otherwise serves everyone (answer ")
    assert (
        "results that need time must be incomplete, but Ana's availability is pass [available]"
        in text
    )
    assert "free 00:00-00:15" in only_guest(text)
    assert "menu Dish 0 (1.00, spice 0)]" in text
    assert "FieldMutation(field='time', how='removed', value=None)" in text


def test_opening_hours_that_ignore_closing_time_are_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = ORIGINAL[OpeningHours]

    def open_at_start_is_enough(req: OpeningHours, ctx: DiningContext) -> RequirementResult:
        if (
            ctx.restaurant is not None
            and ctx.start is not None
            and any(h.opens <= ctx.start < h.closes for h in ctx.restaurant.hours)
        ):
            return RequirementResult.passed("opening_hours", "open", "?", requirement=as_json(req))
        return original(req, ctx)

    monkeypatch.setitem(checks._checks, OpeningHours, open_at_start_is_enough)
    # Found at once, shrunk in minutes (a scenario of several restaurants and guests): the
    # first failing example is asserted, by its shape.
    text = failure_of("generated[violation-opening_hours]", shrink=False)
    found = re.match(
        r"score 1/1 = 1, but breaking the shared opening_hours requirement must serve none of "
        r"the (\d+) subjects \(0/\1\); case: (r\d+) now open only \d\d:\d\d-\d\d:\d\d; "
        r"answer \{'restaurant': '[^']+', 'time': '[^']+'\}",
        text,
    )
    assert found is not None, text
    assert re.search(rf"restaurants \[.*\b{found[2]} '", text), text
    assert f"got everyone_ate scored {found[1]}/{found[1]} (passed=True)" in text, text


# --- hostile input ------------------------------------------------------------------------------


def hostile_failure_of(spec: Any, check_id: str, shrink: bool = True) -> str:
    """Run one hostile meta-test of ``spec``; return its failure text (failing if it held).

    Without ``shrink`` the first failing example is reported as found: shrinking a hostile
    conversation down to one surrogate takes minutes, and these tests assert the property's
    message and the shape of the example, not its minimal form.
    """
    [check] = [c for c in meta_checks(spec) if c.id == check_id]
    config = meta_settings("ci")
    if not shrink:
        config = settings(config, phases=[Phase.explicit, Phase.reuse, Phase.generate])
    with pytest.raises(AssertionError) as caught:
        check.run(config, MetaStats())
    return failure_text(caught.value)


def test_a_reader_that_picks_the_first_of_two_plans_is_caught() -> None:
    spec = load_spec("dining")
    honest = spec.metrics["everyone_ate"]

    def first_plan_only(scenario: Any, transcript: Transcript, threshold: float) -> Verdict:
        text = transcript.final_text or ""
        start = text.find("{")
        if start >= 0:
            try:
                first, _ = json.JSONDecoder().raw_decode(text, start)
                text = json.dumps(first)
            except ValueError:
                pass
        return honest.metric.judge(scenario, Transcript(final_text=text), threshold)

    picking = replace(honest, metric=replace(honest.metric, judge=first_plan_only))
    broken = replace(spec, metrics={**spec.metrics, "everyone_ate": picking})
    text = hostile_failure_of(broken, "hostile[two_answers_never_pass-everyone_ate]", shrink=False)
    assert text.startswith("everyone_ate passed a final text offering two different answers, ")
    assert "(alone: passes) and " in text and "(alone: fails)" in text
    assert "the reader must refuse, not pick one" in text
    assert "Failing test case: hostile_two_answers_never_pass_everyone_ate(" in text


def test_an_adk_metric_that_raises_on_a_lone_surrogate_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = metric_calls.adk_metric

    def raises_on_surrogates(metric: Any) -> Any:
        evaluate = real(metric)

        def wrapper(eval_metric: Any, invocations: Any, *rest: Any) -> Any:
            for invocation in invocations:
                # repr, not model_dump: a hostile record holds values ADK's models reject.
                try:
                    shown = repr(invocation)
                except ValueError:  # an int past Python's digit limit: no surrogate to see
                    continue
                if re.search(r"\\ud[89a-f][0-9a-f]{2}", shown):
                    raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")
            return evaluate(eval_metric, invocations, *rest)

        return wrapper

    monkeypatch.setattr(metric_calls, "adk_metric", raises_on_surrogates)
    spec = load_spec("dining")
    text = hostile_failure_of(spec, "hostile[never_raises-everyone_ate]", shrink=False)
    assert text.startswith("everyone_ate raised UnicodeEncodeError: ")
    assert "into ADK; ADK then marks the metric NOT_EVALUATED" in text
    assert "(reason code evaluator_error); case: HostileCase(" in text
    assert "Failing test case: hostile_never_raises_everyone_ate(" in text
