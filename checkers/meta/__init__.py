"""Meta-tests that prove checkers right: generated answers with known verdicts, invariants, a
feasibility oracle, known answers, and the table that reports them.

A domain supplies a :class:`DomainMetaSpec` (see :mod:`checkers.meta.spec`) through its
plugin (:class:`checkers.plugin.DomainPlugin`); the pytest plugin (:mod:`checkers.meta.plugin`)
and ``checkers meta DOMAIN`` run the same meta-tests from it.
"""

from checkers.meta.profiles import meta_settings
from checkers.meta.registry import load_spec, meta_domains
from checkers.meta.runner import CheckResult, MetaCheck, MetaRun, meta_checks, run_checks
from checkers.meta.spec import (
    Case,
    DomainMetaSpec,
    InfeasibleClaim,
    MetricMeta,
    Oracle,
    Violation,
)

__all__ = [
    "Case",
    "CheckResult",
    "DomainMetaSpec",
    "InfeasibleClaim",
    "MetaCheck",
    "MetaRun",
    "MetricMeta",
    "Oracle",
    "Violation",
    "load_spec",
    "meta_checks",
    "meta_domains",
    "meta_settings",
    "run_checks",
]
