"""Scripted agents that vary: seeded, per-turn slips from a steady policy to a flawed one.

A real model does not take the same path every time; a scripted one does, so repeated runs of it
say nothing. :func:`varying` makes a policy that, at each turn, follows a flawed policy with a
stated probability and the steady one otherwise::

    register_policy(
        "dining/sometimes_careless",
        varying("dining/sometimes_careless", careful, [Slip("rating_first", 0.3, rating_first)]),
    )

Every draw is a pure function of the seed, the policy's name and the conversation up to the turn
(its user texts), never of a shared random stream, so ADK's parallel inference cannot reorder the
draws: the same seed gives the same behaviour on every case, whatever order the cases run in. The
draw is made once per turn, so a turn never switches policies half way.

The seed is the one set by :func:`seeded` (``checkers eval`` sets a different one for each run),
else the integer in ``$CHECKERS_SEED``, else 0, so a plain ``adk eval`` is reproducible too and
``CHECKERS_SEED=7 adk eval ...`` repeats run 7's behaviour.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from checkers.adk.scripted_model import Policy, RequestView, Step, get_policy, register_policy
from checkers.errors import ConfigError

__all__ = [
    "SEED_ENV",
    "SLIP_RATE_ENV",
    "Slip",
    "choose",
    "current_seed",
    "draw",
    "register_varying",
    "run_seed",
    "seeded",
    "slip_rate",
    "varying",
]

SEED_ENV = "CHECKERS_SEED"
"""The environment variable holding the seed when no :func:`seeded` block is active."""
SLIP_RATE_ENV = "CHECKERS_SLIP_RATE"
"""The environment variable that overrides an agent folder's chance of slipping
(:func:`slip_rate`)."""

_SEED: ContextVar[int | None] = ContextVar("checkers_seed", default=None)


def draw(seed: int, key: str) -> float:
    """A number in [0, 1) fixed by ``seed`` and ``key``: the same in every process and run.

    SHA-256, not :func:`hash` (salted per process) nor :mod:`random` (a shared stream whose
    draws concurrent cases would interleave).
    """
    # surrogatepass: a user text may hold lone surrogates, which strict UTF-8 refuses.
    digest = hashlib.sha256(f"{seed}\x00{key}".encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def run_seed(seed: int, run: int) -> int:
    """The seed of run number ``run`` (1-based) of a repeated evaluation started with ``seed``.

    A hash rather than ``seed + run``, so that two evaluations with nearby seeds share no run.
    """
    digest = hashlib.sha256(f"{seed}\x00run\x00{run}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def _env_seed(env: Mapping[str, str]) -> int:
    text = env.get(SEED_ENV, "").strip()
    if not text:
        return 0
    try:
        return int(text)
    except ValueError:
        raise ConfigError(
            f"{SEED_ENV}={text[:40]!r} is not an integer; set it to one, e.g. {SEED_ENV}=7, "
            "or unset it (seed 0)"
        ) from None


def current_seed(env: Mapping[str, str] | None = None) -> int:
    """The seed in force: the innermost :func:`seeded` block's, else ``$CHECKERS_SEED``, else 0.

    Raises ConfigError when ``$CHECKERS_SEED`` is set but not an integer. ``env`` defaults to
    ``os.environ``.
    """
    seed = _SEED.get()
    if seed is not None:
        return seed
    return _env_seed(os.environ if env is None else env)


@contextmanager
def seeded(seed: int) -> Iterator[int]:
    """Run the block with ``seed`` as the seed of every varying policy, then restore the old one.

    A context variable: ``asyncio.run`` inside the block, and the tasks it starts, see it.
    """
    token = _SEED.set(seed)
    try:
        yield seed
    finally:
        _SEED.reset(token)


def slip_rate(default: float, env: Mapping[str, str] | None = None) -> float:
    """An agent folder's chance of slipping per turn: ``$CHECKERS_SLIP_RATE`` when set, else
    ``default``.

    Raises ConfigError when the variable is set but is not a number in [0, 1]. ``env``
    defaults to ``os.environ``.
    """
    text = (os.environ if env is None else env).get(SLIP_RATE_ENV, "").strip()
    if not text:
        return default
    try:
        rate = float(text)
    except ValueError:
        rate = float("nan")
    if not 0.0 <= rate <= 1.0:
        raise ConfigError(
            f"{SLIP_RATE_ENV}={text[:40]!r} is not a chance in [0, 1]; set it to one, e.g. "
            f"{SLIP_RATE_ENV}=0.3, or unset it (the agent's own rate, {default:g})"
        )
    return rate


@dataclass(frozen=True)
class Slip:
    """A flaw a varying policy falls into: follow ``policy`` for a whole turn with chance ``p``."""

    name: str
    """What the flaw is called in the agent's description, e.g. ``"rating_first"``."""
    p: float
    """The chance per turn, in [0, 1]."""
    policy: Policy
    """The policy followed on a turn that slips."""

    def __post_init__(self) -> None:
        if not 0.0 <= self.p <= 1.0:  # also refuses NaN
            raise ValueError(
                f"slip {self.name!r} has p={self.p!r}; a chance per turn must lie in [0, 1], "
                "e.g. Slip('rating_first', 0.3, rating_first)"
            )


def _turn_key(name: str, view: RequestView) -> str:
    # The user texts so far name the case and the turn; the step within the turn is left out
    # so that every step of a turn follows the same policy.
    return "\x00".join((name, *view.user_texts))


def choose(slips: Sequence[Slip], u: float) -> Slip | None:
    """The slip a draw ``u`` in [0, 1) falls into (the first ``p`` of [0, 1) for the first
    slip, the next for the second, ...), or None when it falls past them all."""
    edge = 0.0
    for slip in slips:
        edge += slip.p
        if u < edge:
            return slip
    return None


def varying(name: str, steady: Policy, slips: Sequence[Slip]) -> Policy:
    """A policy that follows ``steady``, except on turns that slip into one of ``slips``.

    ``name`` (the policy's registered name) enters every draw, so two varying policies with the
    same seed slip independently. Raises ValueError when the chances add up to more than 1.
    """
    total = sum(s.p for s in slips)
    if total > 1.0 + 1e-12:
        listed = ", ".join(f"{s.name}={s.p}" for s in slips)
        raise ValueError(
            f"varying policy {name!r}: the slips' chances add up to {total:g} ({listed}); "
            "they share one turn, so their sum must be at most 1"
        )
    kept = tuple(slips)

    def policy(view: RequestView) -> Step:
        slip = choose(kept, draw(current_seed(), _turn_key(name, view)))
        return steady(view) if slip is None else slip.policy(view)

    # Registered again under the same name when the agent module is reloaded (adk web), this
    # policy must count as the same function, whatever its chances now are.
    policy.__module__ = getattr(steady, "__module__", __name__)
    policy.__qualname__ = f"varying[{name}]"
    return policy


def register_varying(domain: str, name: str, steady: str, slips: Mapping[str, float]) -> str:
    """Register the varying policy ``<domain>/<name>``: ``<domain>/<steady>``, slipping into
    ``<domain>/<slip>`` with chance ``p`` per turn for each ``slip: p`` of ``slips``; returns
    its name.

    An agent folder declares its variation with it (``register_varying("dining",
    "sometimes_careless", "careful", {"rating_first": 0.3})``). Raises UnknownPolicy for a
    policy nobody registered, ValueError for a chance outside [0, 1] or chances that add up to
    more than 1.
    """
    full = f"{domain}/{name}"
    chosen = [Slip(slip, p, get_policy(f"{domain}/{slip}")) for slip, p in slips.items()]
    register_policy(full, varying(full, get_policy(f"{domain}/{steady}"), chosen))
    return full
