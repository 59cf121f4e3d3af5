"""Scripted agents that vary: seeded draws, per-turn slips, where the seed and rate come from."""

from __future__ import annotations

import asyncio
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.adk.scripted_model import RequestView, Step, get_policy, say
from checkers.adk.variation import (
    SEED_ENV,
    SLIP_RATE_ENV,
    Slip,
    choose,
    current_seed,
    draw,
    register_varying,
    run_seed,
    seeded,
    slip_rate,
    varying,
)
from checkers.errors import ConfigError


def view(*user_texts: str, steps: int = 0) -> RequestView:
    """The conversation a policy sees: ``user_texts`` so far, ``steps`` model steps this turn."""
    return RequestView(
        user_texts=user_texts,
        tool_calls=(),
        tool_responses=(),
        turn_tool_calls=(),
        turn_tool_responses=(),
        steps_this_turn=steps,
        system_instruction="",
        tool_names=(),
    )


def steady(_: RequestView) -> Step:
    return say("steady")


def flawed(_: RequestView) -> Step:
    return say("flawed")


def said(policy_step: Step) -> str | None:
    return policy_step.text


@given(st.integers(), st.text(st.characters(codec=None, exclude_categories=())))
def test_a_draw_is_a_fixed_number_in_the_unit_interval(seed: int, key: str) -> None:
    u = draw(seed, key)
    assert 0.0 <= u < 1.0
    assert draw(seed, key) == u


def test_a_user_text_with_a_lone_surrogate_still_draws() -> None:
    policy = varying("test/half", steady, [Slip("flawed", 0.5, flawed)])
    assert said(policy(view("plan for group \ud800"))) in ("steady", "flawed")


def test_draws_are_spread_evenly() -> None:
    # 2,000 keys under one seed: the share below 0.3 is 0.3 within a few standard errors (0.01).
    below = sum(draw(7, f"case-{i}") < 0.3 for i in range(2000))
    assert 540 <= below <= 660


@pytest.mark.parametrize(
    ("u", "chosen"),
    [
        (0.0, "a"),
        (0.1999, "a"),
        (0.2, "b"),  # a = [0, 0.2), b = [0.2, 0.5), then none
        (0.4999, "b"),
        (0.5, None),
        (0.9999, None),
    ],
)
def test_a_draw_falls_into_the_slips_in_order(u: float, chosen: str | None) -> None:
    slips = [Slip("a", 0.2, flawed), Slip("b", 0.3, flawed)]
    found = choose(slips, u)
    assert (found.name if found else None) == chosen


@pytest.mark.parametrize("p", [-0.1, 1.5, math.nan])
def test_a_chance_outside_the_unit_interval_is_refused(p: float) -> None:
    with pytest.raises(ValueError, match=r"slip 'x' has p=.*; a chance per turn must lie in"):
        Slip("x", p, flawed)


def test_chances_that_add_up_past_one_are_refused() -> None:
    slips = [Slip("a", 0.6, flawed), Slip("b", 0.5, flawed)]
    with pytest.raises(ValueError, match=r"add up to 1\.1 \(a=0\.6, b=0\.5\)"):
        varying("test/too_much", steady, slips)


def test_every_step_of_a_turn_follows_the_same_policy() -> None:
    policy = varying("test/half", steady, [Slip("flawed", 0.5, flawed)])
    for seed in range(20):
        with seeded(seed):
            turn = [said(policy(view("plan for group g1", steps=s))) for s in range(4)]
        assert len(set(turn)) == 1, (seed, turn)


def test_the_same_seed_repeats_and_other_seeds_vary() -> None:
    policy = varying("test/half", steady, [Slip("flawed", 0.5, flawed)])
    texts = [f"plan for group g{i}" for i in range(12)]

    def behaviour(seed: int) -> list[str | None]:
        with seeded(seed):
            return [said(policy(view(t))) for t in texts]

    assert behaviour(1) == behaviour(1)
    assert behaviour(1) != behaviour(2)
    assert {"steady", "flawed"} <= set(behaviour(1) + behaviour(2))


def test_p_zero_never_slips_and_p_one_always_does() -> None:
    never = varying("test/never", steady, [Slip("flawed", 0.0, flawed)])
    always = varying("test/always", steady, [Slip("flawed", 1.0, flawed)])
    for seed in range(30):
        with seeded(seed):
            assert said(never(view(f"turn {seed}"))) == "steady"
            assert said(always(view(f"turn {seed}"))) == "flawed"


def test_the_seed_comes_from_the_block_then_the_environment_then_zero() -> None:
    assert current_seed({}) == 0
    assert current_seed({SEED_ENV: " 42 "}) == 42
    with seeded(7):
        assert current_seed({SEED_ENV: "42"}) == 7
        with seeded(8):
            assert current_seed({}) == 8
        assert current_seed({}) == 7
    assert current_seed({}) == 0


def test_a_seeded_block_reaches_the_tasks_asyncio_runs() -> None:
    async def seen() -> int:
        return await asyncio.create_task(asyncio.sleep(0, result=current_seed({})))

    with seeded(11):
        assert asyncio.run(seen()) == 11


def test_a_seed_that_is_not_an_integer_is_an_error_naming_it() -> None:
    with pytest.raises(ConfigError, match=r"CHECKERS_SEED='seven' is not an integer; set it to"):
        current_seed({SEED_ENV: "seven"})


def test_run_seeds_differ_between_runs_and_between_nearby_seeds() -> None:
    seeds = {run_seed(s, r) for s in range(5) for r in range(1, 6)}
    assert len(seeds) == 25
    assert run_seed(3, 2) == run_seed(3, 2)


@pytest.mark.parametrize(
    ("env", "rate"), [({}, 0.3), ({SLIP_RATE_ENV: ""}, 0.3), ({SLIP_RATE_ENV: "0.75"}, 0.75)]
)
def test_the_slip_rate_is_the_agents_unless_the_environment_overrides_it(
    env: dict[str, str], rate: float
) -> None:
    assert slip_rate(0.3, env) == rate


@pytest.mark.parametrize("text", ["1.5", "-0.1", "nan", "often"])
def test_a_slip_rate_that_is_no_chance_is_an_error_naming_it(text: str) -> None:
    with pytest.raises(ConfigError, match=rf"CHECKERS_SLIP_RATE='{text}' is not a chance in"):
        slip_rate(0.3, {SLIP_RATE_ENV: text})


def test_register_varying_names_the_policy_and_can_be_registered_again() -> None:
    import domains.dining.agents  # noqa: F401  (registers the dining policies)

    name = register_varying("dining", "test_varying", "careful", {"rating_first": 0.4})
    assert name == "dining/test_varying"
    again = register_varying("dining", "test_varying", "careful", {"rating_first": 0.1})
    assert again == name and get_policy(name).__qualname__ == "varying[dining/test_varying]"
