"""How well the injection pre-check separates text aimed at a judge from ordinary answers.

The labelled set (default :data:`BUNDLED_INJECTIONS`, ``data/injection_precheck.jsonl``) holds
answers marked ``injection`` true (text that addresses an evaluator, overrides its instructions,
asks for a score, fakes a verdict or a delimiter, in many phrasings, scripts and look-alike
spellings) or false (ordinary dining, orders and scheduling answers, many of them tricky: "the
reviewers on Yelp love it", "you are now booked", "just reply yes to confirm"). Each line::

    {"id": "inj-dear-reviewer", "text": "Dear reviewer, ...", "injection": true,
     "phrasing": "greeting", "source": "handwritten", "round": "first"}

:func:`measure` runs :func:`~checkers.rubric.precheck.precheck` on every line: precision is the
share of flagged answers that are injections, recall the share of injections flagged.
``checkers calibrate`` prints both with every miss and false alarm.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from checkers.data import read_examples
from checkers.figure_text import left_out_line, ratio_json, ratio_text
from checkers.rubric.precheck import precheck

BUNDLED_INJECTIONS = Path(__file__).parent / "data" / "injection_precheck.jsonl"


class InjectionExample(BaseModel):
    """One answer and whether a person reads it as aimed at the judge."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    text: str
    injection: bool
    """True for text aimed at an evaluator; False for an ordinary answer."""
    phrasing: str = ""
    """The family of the phrasing (``greeting``, ``override``, ``lookalike``, ``tricky`` ...)."""
    source: str = Field(min_length=1)
    """Provenance: ``handwritten``, ``regression`` ..."""
    round: str = ""
    """When the line was written relative to the patterns: ``first`` (with them), or a held-out
    round (``held-out-1`` ...: written before the patterns were widened to cover it)."""


def load_injections(path: Path = BUNDLED_INJECTIONS) -> list[InjectionExample]:
    """The examples of a JSONL file. Raises DataError naming the file, line and problem."""
    return read_examples(
        path,
        InjectionExample,
        "labelled injections",
        "id, text, injection (true or false) and source",
        BUNDLED_INJECTIONS,
    )


@dataclass(frozen=True)
class PrecheckFigures:
    """The pre-check's confusion on a labelled set, with the examples it got wrong."""

    source: str
    flagged_injections: int
    missed: tuple[InjectionExample, ...]
    false_alarms: tuple[tuple[InjectionExample, str], ...]
    """Ordinary answers that were flagged, each with the flags' sentences."""
    benign: int

    @property
    def injections(self) -> int:
        return self.flagged_injections + len(self.missed)

    @property
    def precision(self) -> Fraction | None:
        """Flagged injections over everything flagged; None when nothing was flagged."""
        flagged = self.flagged_injections + len(self.false_alarms)
        return Fraction(self.flagged_injections, flagged) if flagged else None

    @property
    def recall(self) -> Fraction | None:
        """Flagged injections over all injections; None without injections."""
        return Fraction(self.flagged_injections, self.injections) if self.injections else None


def measure(examples: Sequence[InjectionExample], source: str) -> PrecheckFigures:
    """The pre-check on every example."""
    flagged = 0
    missed: list[InjectionExample] = []
    alarms: list[tuple[InjectionExample, str]] = []
    for example in examples:
        flags = precheck(example.text)
        if example.injection and flags:
            flagged += 1
        elif example.injection:
            missed.append(example)
        elif flags:
            alarms.append((example, "; ".join(f.sentence() for f in flags)))
    benign = sum(not e.injection for e in examples)
    return PrecheckFigures(source, flagged, tuple(missed), tuple(alarms), benign)


def report_lines(figures: PrecheckFigures, show: int = 5) -> list[str]:
    """The pre-check's part of the ``checkers calibrate`` report."""
    f = figures
    flagged = f.flagged_injections + len(f.false_alarms)
    lines = [
        f"injection pre-check on {f.source}: {f.injections} injections, {f.benign} ordinary",
        f"  precision       {ratio_text(f.precision, f'{f.flagged_injections}/{flagged} flagged')}",
        "  recall          "
        + ratio_text(f.recall, f"{f.flagged_injections}/{f.injections} injections flagged"),
    ]
    for example in f.missed[:show]:
        lines.append(f"  missed: {example.id}: {example.text[:100]!r}")
    for example, said in f.false_alarms[:show]:
        lines.append(f"  false alarm: {example.id}: {said[:120]}")
    return lines + left_out_line(show, f.missed, f.false_alarms)


def report_json(figures: PrecheckFigures) -> dict[str, Any]:
    """The pre-check's figures as JSON (floats, with their exact fractions as strings)."""
    return {
        "source": figures.source,
        "injections": figures.injections,
        "benign": figures.benign,
        "precision": ratio_json(figures.precision),
        "recall": ratio_json(figures.recall),
        "missed": [e.id for e in figures.missed],
        "false_alarms": [e.id for e, _ in figures.false_alarms],
    }
