"""Finding a domain by name: its :class:`~checkers.plugin.DomainPlugin`, then any of its parts.

Built-in domains register through the same path as third-party ones: the ``checkers.domains``
entry point group, whose value names the domain's plugin object::

    [project.entry-points."checkers.domains"]
    dining = "domains.dining:PLUGIN"

A domain importable as ``domains.<name>`` with a ``PLUGIN`` but not installed as an entry point
(a package created in a working tree, on ``PYTHONPATH``) is found too. The meta-test harness,
the mutation runner, calibration and the command line all find domains here.

An entry point of the earlier shape (a ``checkers.domains`` value naming a metrics module, or a
``checkers.meta`` group entry, which is no longer read) is an error saying how to declare the
plugin instead.
"""

from __future__ import annotations

import importlib
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from checkers.errors import ConfigError
from checkers.metric import Metric
from checkers.plugin import PLUGIN_ATTRIBUTE, DomainPlugin, missing_dependency

__all__ = [
    "ENTRY_POINT_GROUP",
    "domain_metrics",
    "domain_names",
    "find_metric",
    "find_plugin",
    "missing_dependency",
]

ENTRY_POINT_GROUP = "checkers.domains"
RETIRED_GROUP = "checkers.meta"
"""The group meta specs were once registered in; the plugin names the meta spec now."""


def _entry_points(group: str) -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=group)}


def domain_names() -> list[str]:
    """The names of the registered domains, sorted (nothing is imported)."""
    return sorted(_entry_points(ENTRY_POINT_GROUP))


def _where(ep: EntryPoint) -> str:
    return f" (declared by {ep.dist.name})" if ep.dist is not None else ""


def old_shape(name: str, ep: EntryPoint) -> ConfigError:
    """The error for an entry point registering ``name`` the earlier way, with the fix."""
    package = ep.module.removesuffix(".metrics").removesuffix(".meta")
    return ConfigError(
        f"entry point {name} = {ep.value!r} in group {ep.group!r}{_where(ep)} registers the "
        f"domain the earlier way; register its plugin instead, once, in pyproject.toml: "
        f'[project.entry-points."{ENTRY_POINT_GROUP}"] {name} = "{package}:{PLUGIN_ATTRIBUTE}" '
        f"(a checkers.plugin.DomainPlugin in {package}), remove any {RETIRED_GROUP!r} entry "
        "points, and reinstall the distribution (pip install -e .)"
    )


def _unknown(name: str) -> ConfigError:
    retired = _entry_points(RETIRED_GROUP).get(name)
    if retired is not None:
        return old_shape(name, retired)
    known = ", ".join(domain_names()) or "none"
    return ConfigError(
        f"unknown domain {name!r}: no entry point {name} in group {ENTRY_POINT_GROUP!r} and no "
        f"package domains.{name}; known domains: {known}"
    )


def _load_entry_point(name: str, ep: EntryPoint) -> object:
    if ep.attr is None:
        raise old_shape(name, ep)
    try:
        return ep.load()
    except ModuleNotFoundError as error:
        problem = missing_dependency(ep.module, error)
        if problem is not None:
            raise problem from error
        raise ConfigError(
            f"entry point {name} = {ep.value!r} in group {ENTRY_POINT_GROUP!r}{_where(ep)} names "
            f"no module {ep.module}; fix it in pyproject.toml and reinstall (pip install -e .)"
        ) from error
    except AttributeError as error:
        raise ConfigError(
            f"entry point {name} = {ep.value!r} in group {ENTRY_POINT_GROUP!r}{_where(ep)}: "
            f"{ep.module} defines no {ep.attr}; add {ep.attr} = DomainPlugin(...) there"
        ) from error


def _load_from_package(name: str) -> object:
    package = f"domains.{name}"
    try:
        module = importlib.import_module(package)
    except ModuleNotFoundError as error:
        problem = missing_dependency(package, error)
        if problem is not None:
            raise problem from error
        raise _unknown(name) from error
    if not hasattr(module, PLUGIN_ATTRIBUTE):
        raise ConfigError(
            f"{package} defines no {PLUGIN_ATTRIBUTE}, so it is no domain; declare one in its "
            f'__init__.py: PLUGIN = DomainPlugin(name="{name}", subject_noun="...", '
            "package=__name__) (see checkers/plugin.py)"
        )
    return getattr(module, PLUGIN_ATTRIBUTE)


def find_plugin(name: str) -> DomainPlugin:
    """The plugin of domain ``name``: registered under ``checkers.domains``, else the
    ``PLUGIN`` of an importable package ``domains.<name>``. Imports only the module holding it.

    Raises ConfigError naming the known domains, the package a domain needs that is not
    installed, or the fix of an entry point of the earlier shape.
    """
    ep = _entry_points(ENTRY_POINT_GROUP).get(name)
    if ep is not None:
        found = _load_entry_point(name, ep)
    elif name.isidentifier():
        found = _load_from_package(name)
    else:
        raise _unknown(name)
    if not isinstance(found, DomainPlugin):
        source = ep.value if ep is not None else f"domains.{name}:{PLUGIN_ATTRIBUTE}"
        raise ConfigError(
            f"{source} is a {type(found).__name__}, not a checkers.plugin.DomainPlugin; "
            f'declare PLUGIN = DomainPlugin(name="{name}", subject_noun="...", package=__name__)'
        )
    if found.name != name:
        raise ConfigError(
            f"domain {name!r} is registered with a plugin named {found.name!r}; give the entry "
            "point and DomainPlugin(name=...) the same name"
        )
    return found


def domain_metrics(domain: str) -> dict[str, Metric[Any]]:
    """The metrics of ``domain``, by name. Raises ConfigError naming the known domains, or the
    module a domain's metrics need that is not installed."""
    return find_plugin(domain).load_metrics()


def find_metric(domain: str, name: str | None = None) -> Metric[Any]:
    """The metric ``name`` of ``domain``, or the domain's first metric when ``name`` is None."""
    metrics = domain_metrics(domain)
    if name is None:
        return next(iter(metrics.values()))
    if name not in metrics:
        raise ConfigError(
            f"domain {domain!r} has no metric {name!r}; its metrics: {', '.join(metrics)}"
        )
    return metrics[name]
