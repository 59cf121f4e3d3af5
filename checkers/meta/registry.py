"""Finding each domain's meta spec through the ``checkers.meta`` entry point group.

The entry point names a factory ``(min_subjects: int = 1, max_subjects: int = 6) ->
DomainMetaSpec``::

    [project.entry-points."checkers.meta"]
    dining = "domains.dining.meta:meta_spec"

A domain importable as ``domains.<name>.meta`` with a ``meta_spec`` function is found too, so a
domain in a working tree gets its meta-tests before it is installed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from checkers.errors import ConfigError
from checkers.meta.spec import DomainMetaSpec
from checkers.registry import missing_dependency

ENTRY_POINT_GROUP = "checkers.meta"
SpecFactory = Callable[..., DomainMetaSpec[Any]]


def meta_domains() -> list[str]:
    """Names of the domains that register a meta spec, sorted."""
    return sorted({ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)})


def spec_factory(domain: str) -> SpecFactory:
    """The factory of ``domain``'s meta spec. Raises ConfigError naming the known domains, or
    the module the spec needs that is not installed."""
    found = {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}
    if domain in found:
        try:
            factory = found[domain].load()
        except ModuleNotFoundError as error:
            problem = missing_dependency(found[domain].module, error)
            if problem is None:
                raise
            raise problem from error
    else:
        module_name = f"domains.{domain}.meta"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            problem = missing_dependency(module_name, error)
            if problem is not None:
                raise problem from error
            known = ", ".join(meta_domains()) or "none"
            raise ConfigError(
                f"domain {domain!r} has no meta spec (no entry point in group "
                f"{ENTRY_POINT_GROUP!r} and no module {module_name}); domains with one: {known}"
            ) from error
        factory = getattr(module, "meta_spec", None)
    if not callable(factory):
        raise ConfigError(
            f"the meta spec of {domain!r} must be a function meta_spec(min_subjects, "
            f"max_subjects) -> DomainMetaSpec, got {type(factory).__name__}"
        )
    return factory  # type: ignore[no-any-return]


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
    return spec
