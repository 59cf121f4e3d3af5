"""Finding each domain's meta spec through its plugin (:mod:`checkers.registry`).

The plugin's ``meta_spec`` names a factory ``(min_subjects: int = 1, max_subjects: int = 6) ->
DomainMetaSpec`` (by default ``meta:meta_spec``, the function ``meta_spec`` in the domain's
``meta.py``); its ``oracle``, when it names one, is the oracle the meta-tests use.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from checkers.errors import ConfigError
from checkers.meta.spec import DomainMetaSpec
from checkers.registry import domain_names, find_plugin

SpecFactory = Callable[..., DomainMetaSpec[Any]]


def meta_domains() -> list[str]:
    """Names of the registered domains whose plugin names a meta spec, sorted."""
    return [name for name in domain_names() if find_plugin(name).meta_spec is not None]


def spec_factory(domain: str) -> SpecFactory:
    """The factory of ``domain``'s meta spec. Raises ConfigError naming the known domains, the
    module the spec needs that is not installed, or that the domain has no meta-tests."""
    factory = find_plugin(domain).load_meta_spec_factory()
    if factory is None:
        raise ConfigError(
            f"domain {domain!r} has no meta spec (its plugin sets meta_spec=None); name its "
            "factory in the plugin, e.g. meta_spec='meta:meta_spec'"
        )
    return factory


def parse_subjects(value: str | None) -> tuple[int, int] | None:
    """``"2-6"`` -> (2, 6); ``"50"`` -> (50, 50); empty or None -> None.

    Raises ValueError with an example for anything else.
    """
    if not value:
        return None
    low, _, high = value.partition("-")
    try:
        return int(low), int(high or low)
    except ValueError:
        raise ValueError(f"subjects must be LO-HI or N, e.g. 2-6 or 50, got {value!r}") from None


def load_spec(domain: str, subjects: tuple[int, int] | None = None) -> DomainMetaSpec[Any]:
    """``domain``'s meta spec, generating between ``subjects[0]`` and ``subjects[1]`` subjects
    per scenario (the domain's default range when None)."""
    factory = spec_factory(domain)
    spec = factory() if subjects is None else factory(*subjects)
    if not isinstance(spec, DomainMetaSpec):
        raise ConfigError(
            f"meta_spec of {domain!r} returned {type(spec).__name__}, not a DomainMetaSpec"
        )
    return with_oracle(domain, spec, find_plugin(domain).load_oracle())


def with_oracle(
    domain: str, spec: DomainMetaSpec[Any], oracle: Callable[[Any], Any] | None
) -> DomainMetaSpec[Any]:
    """``spec`` with the oracle the plugin names (None: the spec's own, if any). Raises
    ConfigError when the spec names another one: a domain declares its oracle once."""
    if oracle is None or spec.oracle is oracle:
        return spec
    if spec.oracle is not None:
        raise ConfigError(
            f"the meta spec of {domain!r} and its plugin name two oracles "
            f"({_qualname(spec.oracle)} and {_qualname(oracle)}); declare it once, in the plugin"
        )
    return dataclasses.replace(spec, oracle=oracle)


def _qualname(function: Callable[..., Any]) -> str:
    return f"{getattr(function, '__module__', '?')}.{getattr(function, '__qualname__', function)}"
