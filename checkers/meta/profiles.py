"""Hypothesis profiles for the meta-tests.

- ``checkers-ci``: fixed seed (``derandomize``), 200 examples per property, no example database,
  no deadline (CI machines stall); the same examples on every run, so a red CI is reproducible.
- ``checkers-thorough``: 2,000 random examples per property, for a person hunting for bugs.
- ``checkers-mutation``: like ``checkers-ci`` with 100 examples, for ``checkers mutate``, which
  runs the meta-tests once per mutant.

Both suppress hypothesis's ``too_slow`` and ``data_too_large`` health checks: a 50-guest
scenario is slow and large to generate by design (the growth benchmark uses them), and that is
not a defect of the strategy.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

CI = "checkers-ci"
THOROUGH = "checkers-thorough"
MUTATION = "checkers-mutation"
PROFILE_ENV = "CHECKERS_META_PROFILE"
SHORT_NAMES = {"ci": CI, "thorough": THOROUGH, "mutation": MUTATION}

_SLOW_BY_DESIGN = (HealthCheck.too_slow, HealthCheck.data_too_large)

settings.register_profile(
    CI,
    max_examples=200,
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=False,
    suppress_health_check=_SLOW_BY_DESIGN,
)
settings.register_profile(
    THOROUGH,
    max_examples=2000,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SLOW_BY_DESIGN,
)


settings.register_profile(
    MUTATION,
    max_examples=100,
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=False,
    suppress_health_check=_SLOW_BY_DESIGN,
)


def profile_name(name: str | None = None) -> str:
    """The full name of profile ``name`` (``ci`` -> ``checkers-ci``); default as in
    :func:`meta_settings`."""
    chosen = name or os.environ.get(PROFILE_ENV) or CI
    return SHORT_NAMES.get(chosen, chosen)


def meta_settings(name: str | None = None) -> settings:
    """The settings of profile ``name`` (``ci``, ``thorough`` or a full profile name); default
    ``$CHECKERS_META_PROFILE`` or ``checkers-ci``. Raises ValueError naming the known profiles."""
    chosen = name or os.environ.get(PROFILE_ENV) or CI
    full = profile_name(name)
    try:
        return settings.get_profile(full)
    except Exception as error:
        raise ValueError(
            f"unknown hypothesis profile {chosen!r}; use ci or thorough "
            f"(or a profile registered with hypothesis)"
        ) from error
