"""Finding a domain's metrics by name.

Built-in domains register through the same path as third-party ones: the ``checkers.domains``
entry point group, whose value names a module with a ``METRICS`` mapping (metric name to
:class:`~checkers.metric.Metric`)::

    [project.entry-points."checkers.domains"]
    dining = "domains.dining.metrics"

A domain that is importable as ``domains.<name>.metrics`` but not installed as an entry point
(a package created in a working tree) is found too.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from checkers.errors import ConfigError
from checkers.metric import Metric

ENTRY_POINT_GROUP = "checkers.domains"


def domain_modules() -> dict[str, str]:
    """Registered domain names and the module holding each one's ``METRICS``."""
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def missing_dependency(module_name: str, error: ModuleNotFoundError) -> ConfigError | None:
    """The error to report when ``module_name`` exists but imports a module that is not
    installed (a domain's metrics module needs google-adk); None when ``module_name`` itself, or
    a package holding it, is what is missing."""
    missing = error.name or ""
    if not missing or module_name == missing or module_name.startswith(missing + "."):
        return None
    return ConfigError(
        f"{module_name} cannot be imported: it needs {missing!r}, which is not installed; "
        "install the project with its dependencies (pip install -e . brings google-adk), or "
        f"install the package that provides {missing!r}"
    )


def domain_metrics(domain: str) -> dict[str, Metric[Any]]:
    """The metrics of ``domain``, by name. Raises ConfigError naming the known domains, or the
    module a domain's metrics need that is not installed."""
    module_name = domain_modules().get(domain, f"domains.{domain}.metrics")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        problem = missing_dependency(module_name, error)
        if problem is not None:
            raise problem from error
        known = ", ".join(sorted(domain_modules())) or "none"
        raise ConfigError(
            f"unknown domain {domain!r} (no module {module_name}); known domains: {known}"
        ) from error
    metrics = getattr(module, "METRICS", None)
    if not isinstance(metrics, dict) or not metrics:
        raise ConfigError(
            f"{module_name} defines no METRICS mapping; add "
            "METRICS = {metric.name: metric for metric in (...)}"
        )
    return metrics


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
