"""The list of meta-tests of one domain, and running them outside pytest.

:func:`meta_checks` turns a :class:`~checkers.meta.spec.DomainMetaSpec` into
:class:`MetaCheck` objects with readable ids; the pytest plugin makes one test item of each and
``checkers meta`` runs them all through :func:`run_checks`, so both run the same tests.

Ids (the part after the domain in a pytest node id)::

    known[story-six-top-rated]
    generated[satisfying]  generated[violation-allergy]  generated[incomplete-time]
    oracle[best-score]  oracle[infeasible-claim]
    invariant[deterministic-everyone_ate]  invariant[monotone-kind:allergy]
    hostile[never_raises-everyone_ate]  hostile[two_answers_never_pass-everyone_ate]
    coverage[metrics-registered]
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import settings

from checkers.meta import generated, hostile_invariants, invariants, known
from checkers.meta.properties import fail
from checkers.meta.spec import DomainMetaSpec, MetricMeta
from checkers.meta.stats import MetaStats
from checkers.registry import domain_metrics

GENERATED = "generated"
ORACLE = "oracle"
INVARIANT = "invariant"
HOSTILE = "hostile"
KNOWN = "known"
COVERAGE = "coverage"


@dataclass(frozen=True)
class MetaCheck:
    """One meta-test: what it covers and how to run it.

    ``checkers`` are the rows of the report it counts for (requirement kinds and metric names).
    ``exempt`` is the reason it does not apply, when it does not (it is then skipped, never run).
    """

    domain: str
    id: str
    group: str
    checkers: tuple[str, ...]
    run: Callable[[settings, MetaStats], None]
    exempt: str | None = None


@dataclass(frozen=True)
class CheckResult:
    """How one meta-test ended: ``held``, ``failed`` or ``exempt``, with the failure message."""

    check: MetaCheck
    status: str
    seconds: float
    message: str = ""


@dataclass
class MetaRun:
    """All results of a run, with the stats the checks counted."""

    results: list[CheckResult] = field(default_factory=list)
    stats: MetaStats = field(default_factory=MetaStats)

    @property
    def ok(self) -> bool:
        return all(r.status != "failed" for r in self.results)


def meta_checks(spec: DomainMetaSpec[Any]) -> list[MetaCheck]:
    """Every meta-test the spec supports: the coverage check and the known answers first (they
    are fast, so ``pytest -x`` stops early on a broken checker), then generated cases, the
    oracle, the invariants, and the invariants on hostile input."""
    coverage = MetaCheck(
        spec.domain,
        "coverage[metrics-registered]",
        COVERAGE,
        tuple(spec.metrics),
        _every_metric_has_generators(spec),
    )
    checks = [coverage, *_known_checks(spec), *_generated_checks(spec), *_oracle_checks(spec)]
    return _distinct(spec.domain, checks + _invariant_checks(spec) + _hostile_checks(spec))


def _distinct(domain: str, checks: list[MetaCheck]) -> list[MetaCheck]:
    """``checks``, once each id is known to name one check: a test runner keeps one test per
    id (pytest-xdist drops the others without a word), so two checks under one id would leave
    one of them unrun. ValueError names the ids given twice."""
    twice = sorted(i for i, n in Counter(c.id for c in checks).items() if n > 1)
    if twice:
        raise ValueError(
            f"{domain}: these meta-test ids name more than one check: {', '.join(twice)} "
            "(a known answer's id, a metric's name or a kind's name is given twice)"
        )
    return checks


def _known_checks(spec: DomainMetaSpec[Any]) -> Iterable[MetaCheck]:
    if spec.known_answers is None:
        return
    for case in known.load_cases(spec.known_answers):
        metric = case.get("metric", spec.metric.name)

        def run(config: settings, stats: MetaStats, case: dict[str, Any] = case) -> None:
            known.check_case(spec, case, stats)
            stats.examples[f"known[{case['id']}]"] += 1

        yield MetaCheck(spec.domain, f"known[{case['id']}]", KNOWN, (metric,), run)


def _generated_checks(spec: DomainMetaSpec[Any]) -> Iterable[MetaCheck]:
    everything = (*spec.kinds(), spec.metric.name)
    yield MetaCheck(
        spec.domain,
        "generated[satisfying]",
        GENERATED,
        everything,
        generated.satisfying(spec, "generated[satisfying]"),
    )
    for kind in sorted(spec.violations):
        check_id = f"generated[violation-{kind}]"
        yield MetaCheck(
            spec.domain,
            check_id,
            GENERATED,
            (kind, spec.metric.name),
            generated.violation(spec, kind, check_id),
        )
    for name in spec.required_fields:
        check_id = f"generated[incomplete-{name}]"
        yield MetaCheck(
            spec.domain, check_id, GENERATED, everything, generated.incomplete(spec, name, check_id)
        )


def _oracle_checks(spec: DomainMetaSpec[Any]) -> Iterable[MetaCheck]:
    if spec.oracle is None:
        return
    covered = (*spec.kinds(), spec.metric.name)
    yield MetaCheck(
        spec.domain,
        "oracle[best-score]",
        ORACLE,
        covered,
        generated.oracle(spec, "oracle[best-score]"),
    )
    if spec.infeasible is not None:
        yield MetaCheck(
            spec.domain,
            "oracle[infeasible-claim]",
            ORACLE,
            (spec.infeasible.metric.name,),
            generated.infeasible_claim(spec, "oracle[infeasible-claim]"),
        )


def _per_metric(
    spec: DomainMetaSpec[Any],
    group: str,
    metrics: Mapping[str, MetricMeta[Any]],
    names: Iterable[str],
    builders: Mapping[str, invariants.MetricBuilder],
) -> list[MetaCheck]:
    """One check ``group[invariant-metric]`` per metric of ``metrics`` and invariant of
    ``names`` (built by ``builders``), exempt where the metric is exempt from the invariant."""
    checks = []
    for name, mm in metrics.items():
        for invariant in names:
            check_id = f"{group}[{invariant}-{name}]"
            build = builders[invariant](spec, mm, check_id)
            exempt = mm.exempt.get(invariant)
            checks.append(
                MetaCheck(spec.domain, check_id, group, (*mm.kinds, name), build, exempt=exempt)
            )
    return checks


def _invariant_checks(spec: DomainMetaSpec[Any]) -> list[MetaCheck]:
    described = {
        name: mm if mm.row == name else replace(mm, label=name) for name, mm in spec.metrics.items()
    }
    checks = _per_metric(
        spec, INVARIANT, described, invariants.METRIC_INVARIANTS, invariants.METRIC_BUILDERS
    )
    share = spec.metrics[spec.metric.name]
    for kind in sorted(spec.requirements):
        check_id = f"invariant[json_round_trip-kind:{kind}]"
        checks.append(
            MetaCheck(
                spec.domain,
                check_id,
                INVARIANT,
                (kind,),
                invariants.requirement_round_trip(spec, kind, check_id),
            )
        )
        check_id = f"invariant[monotone-kind:{kind}]"
        checks.append(
            MetaCheck(
                spec.domain,
                check_id,
                INVARIANT,
                (kind, spec.metric.name),
                invariants.monotone_kind(spec, share, kind, check_id),
                # Run on the share metric's transcripts, so its exemption applies here too.
                exempt=share.exempt.get("monotone"),
            )
        )
    return checks


def _hostile_checks(spec: DomainMetaSpec[Any]) -> list[MetaCheck]:
    return _per_metric(
        spec,
        HOSTILE,
        hostile_invariants.hostile_metrics(spec),
        hostile_invariants.HOSTILE_INVARIANTS,
        hostile_invariants.HOSTILE_BUILDERS,
    )


def _every_metric_has_generators(
    spec: DomainMetaSpec[Any],
) -> Callable[[settings, MetaStats], None]:
    def run(config: settings, stats: MetaStats) -> None:
        registered = set(domain_metrics(spec.domain))
        missing = sorted(registered - {mm.metric.name for mm in spec.metrics.values()})
        if missing:
            fail(
                f"{spec.domain}: metrics {missing} are registered but the meta spec has no "
                "MetricMeta for them, so no invariant checks them; add them to "
                "DomainMetaSpec.metrics"
            )
        if spec.metric.name not in spec.metrics:
            fail(f"{spec.domain}: the share metric {spec.metric.name!r} needs a MetricMeta too")
        kinds = set(spec.kinds()) - spec.derived_kinds
        unviolated = sorted(kinds - set(spec.violations))
        if unviolated:
            fail(
                f"{spec.domain}: requirement kinds {unviolated} have no single-violation "
                "strategy; add one to DomainMetaSpec.violations"
            )
        without_strategy = sorted(kinds - set(spec.requirements))
        if without_strategy:
            fail(
                f"{spec.domain}: requirement kinds {without_strategy} have no requirement "
                "strategy; add one to DomainMetaSpec.requirements"
            )

    return run


def run_checks(
    checks: Iterable[MetaCheck],
    config: settings,
    run: MetaRun | None = None,
    on_result: Callable[[CheckResult], None] | None = None,
) -> MetaRun:
    """Run ``checks`` under ``config``, collecting results and stats (never raises on a failing
    check: its message is kept in the result)."""
    run = run or MetaRun()
    for check in checks:
        started = time.perf_counter()
        if check.exempt is not None:
            result = CheckResult(check, "exempt", 0.0, check.exempt)
        else:
            try:
                check.run(config, run.stats)
            except Exception as error:  # a crashing checker is a failed meta-test, not a crash
                result = CheckResult(
                    check, "failed", time.perf_counter() - started, failure_text(error)
                )
            else:
                result = CheckResult(check, "held", time.perf_counter() - started)
        run.results.append(result)
        if on_result is not None:
            on_result(result)
    return run


def failure_text(error: BaseException) -> str:
    """The failure message with hypothesis's notes (the falsifying example) after it."""
    notes = getattr(error, "__notes__", [])
    return "\n".join([str(error), *notes])
