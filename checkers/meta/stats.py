"""What the meta-tests saw while they ran: cases per checker and outcome, examples per test."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from checkers.results import Verdict

SATISFYING = "satisfying"
VIOLATION = "violation"
INCOMPLETE = "incomplete"
ORACLE = "oracle"
KNOWN = "known"
INVARIANT = "invariant"
HOSTILE = "hostile"


@dataclass
class MetaStats:
    """Counters filled by the meta-tests; read by :mod:`checkers.meta.report`.

    ``outcomes[(source, checker)]`` counts results by outcome (``pass``/``fail``/``incomplete``),
    where ``source`` is where the verdict came from (:data:`KNOWN`, :data:`SATISFYING` ...).
    ``targeted[(source, checker)]`` counts generated cases aimed at one checker (a violation of
    it, a field missing). ``examples[check_id]`` counts examples that ran to the end.
    """

    outcomes: dict[tuple[str, str], Counter[str]] = field(default_factory=dict)
    targeted: Counter[tuple[str, str]] = field(default_factory=Counter)
    examples: Counter[str] = field(default_factory=Counter)

    def record(self, source: str, verdict: Verdict) -> None:
        """Count every result of ``verdict`` under ``source``, by kind and outcome."""
        for subject in verdict.subjects:
            for result in subject.results:
                self.outcomes.setdefault((source, result.kind), Counter())[
                    result.outcome.value
                ] += 1

    def record_metric(self, source: str, metric: str, outcome: str) -> None:
        """Count one whole verdict of ``metric`` as ``outcome`` (pass, fail or incomplete)."""
        self.outcomes.setdefault((source, metric), Counter())[outcome] += 1

    def target(self, source: str, checker: str) -> None:
        self.targeted[(source, checker)] += 1

    def seen(self, checker: str) -> Counter[str]:
        """Outcomes of ``checker`` over every source."""
        total: Counter[str] = Counter()
        for (_, name), counts in self.outcomes.items():
            if name == checker:
                total.update(counts)
        return total


def verdict_outcome(verdict: Verdict) -> str:
    """``pass``, ``incomplete`` (the answer had problems) or ``fail``."""
    if verdict.passed:
        return "pass"
    return "incomplete" if verdict.problems else "fail"
