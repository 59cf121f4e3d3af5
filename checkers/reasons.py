"""A verdict's reasons as short entries for an evaluation tool's own results: who was not
satisfied and why, then who was, bounded so that a 50-guest group stays readable.

ADK shows these as the metric's rubric scores (``adk eval --print_detailed_results``, the eval
history, ``adk web``); :mod:`checkers.adk.custom_metric` wraps each :class:`ReasonEntry` as a
``RubricScore``. The details files keep the whole grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checkers.results import Outcome, Verdict
from checkers.text import plural, without_surrogates

MAX_NOT_MET = 20
"""Requirements not met listed one by one; the rest are counted in one entry."""
MAX_SATISFIED = 10
"""Satisfied subjects listed one by one; the rest are named together in one entry."""


@dataclass(frozen=True)
class ReasonEntry:
    """One line of a verdict's reasons. Its text holds no lone surrogate (a reason may quote
    the agent, and the tool writing these into its results as JSON could not encode one)."""

    rubric_id: str
    """What it is about, readable: ``"Ana/diet"`` (a subject's requirement), ``"Bo"`` (a
    satisfied subject), ``"answer/unparseable_time"`` (the answer as a whole)."""
    rationale: str
    """The outcome, the reason code and the reason."""
    score: float | None
    """1 met, 0 not met, None where the evaluator could not decide (unscored)."""

    def __post_init__(self) -> None:
        # ASCII holds no surrogate: most entries need no pass over their text.
        if not self.rubric_id.isascii():
            object.__setattr__(self, "rubric_id", without_surrogates(self.rubric_id))
        if not self.rationale.isascii():
            object.__setattr__(self, "rationale", without_surrogates(self.rationale))


def _entry(rubric_id: str, rationale: str, score: float | None) -> ReasonEntry:
    """``ReasonEntry(rubric_id, rationale, score)``, equal to it in every way, for a third of
    the cost when both texts are ASCII (which holds no surrogate, so ``__post_init__`` would
    change nothing): an eval case builds several entries per invocation. Otherwise built the
    usual way."""
    if not (rubric_id.isascii() and rationale.isascii()):
        return ReasonEntry(rubric_id, rationale, score)
    entry = object.__new__(ReasonEntry)
    entry.__dict__.update(rubric_id=rubric_id, rationale=rationale, score=score)
    return entry


_OUTCOME_WORDS = {outcome: outcome.value for outcome in Outcome}
"""Each outcome's word: a lookup costs a quarter of reading ``.value`` (an enum property)."""
_PASS, _UNSCORED = Outcome.PASS, Outcome.UNSCORED


def reason_entries(verdict: Verdict, noun: str = "subject") -> list[ReasonEntry]:
    """The verdict's answer problems, then every requirement not met (the first
    :data:`MAX_NOT_MET`, then a count), then the satisfied subjects (the first
    :data:`MAX_SATISFIED`, then the others' names together); ``noun`` names the subjects
    ("guest")."""
    entries = [
        _entry(f"answer/{p.code}", f"answer problem ({p.code}): {p.message}", 0.0)
        for p in verdict.problems
    ]
    not_met = [(s.name, r) for s in verdict.subjects for r in s.results if r.outcome is not _PASS]
    entries += [
        _entry(
            f"{name}/{result.kind}",
            f"{_OUTCOME_WORDS[result.outcome]} ({result.reason_code}): {result.reason}",
            None if result.outcome is _UNSCORED else 0.0,
        )
        for name, result in not_met[:MAX_NOT_MET]
    ]
    if len(not_met) > MAX_NOT_MET:
        rest = not_met[MAX_NOT_MET:]
        entries.append(
            ReasonEntry(
                "more_not_met",
                f"{plural(len(rest), 'more requirement')} not met "
                f"({_names(sorted({name for name, _ in rest}))}); the details file lists them",
                0.0,
            )
        )
    satisfied = [s.name for s in verdict.subjects if s.satisfied]
    met = f"satisfied: every requirement of this {noun} is met"
    entries += [_entry(name, met, 1.0) for name in satisfied[:MAX_SATISFIED]]
    if len(satisfied) > MAX_SATISFIED:
        rest_names = satisfied[MAX_SATISFIED:]
        entries.append(
            ReasonEntry(
                "more_satisfied",
                f"{plural(len(rest_names), f'more {noun}')} satisfied: {_names(rest_names)}",
                1.0,
            )
        )
    return entries


def _names(names: Sequence[str], shown: int = 12) -> str:
    listed = ", ".join(names[:shown])
    return listed if len(names) <= shown else f"{listed} and {len(names) - shown} more"


def overall_entries(per_invocation: Sequence[Sequence[ReasonEntry]]) -> list[ReasonEntry]:
    """One entry per rubric id over a case's invocations: the lowest score any invocation gave
    it (an unscored entry counts as undecided only where no invocation scored it), with the
    rationale of the invocation that gave that score, named by its number when there are
    several."""
    several = len(per_invocation) > 1
    chosen: dict[str, tuple[int, ReasonEntry]] = {}
    for number, entries in enumerate(per_invocation, start=1):
        for entry in entries:
            held = chosen.get(entry.rubric_id)
            if held is None or _lower(entry.score, held[1].score):
                chosen[entry.rubric_id] = (number, entry)
    return [
        _entry(
            entry.rubric_id,
            f"invocation {number}: {entry.rationale}" if several else entry.rationale,
            entry.score,
        )
        for number, entry in chosen.values()
    ]


def _lower(score: float | None, than: float | None) -> bool:
    """Whether ``score`` should replace ``than`` as the worst seen: a decided score below it,
    or any decided score where only undecided was seen."""
    if score is None:
        return False
    return than is None or score < than
