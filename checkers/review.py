"""Human review: the verdicts people should read, picked at random, by stratum or by trigger.

Automatic checks cannot judge everything (tone, reasoning in a hard case, whether a model judge
was right), so a share of the verdicts goes to people. This module reads verdicts into
:class:`ReviewItem` (one metric's verdict on one case in one run, from ``checkers score``
output, details directories or ADK eval history: :func:`checkers.run_records.load_records`)
and picks items with :func:`pick_items`:

- a random share (``random``);
- stratified (``stratified N``): every domain, metric, reason code and score band present in
  the verdicts gets at least one item, then the rest up to N is filled at random;
- triggers: ``unscored`` (a failure with requirements the evaluator could not decide),
  ``near-threshold`` (a score below 1 within a band of the threshold), ``disagreement`` (a
  checker and a model judge disagreeing on the same session, where both judged it).

Picking is deterministic: the same items and seed give the same picks, each with the reasons
it was picked. The sheet people fill is :mod:`checkers.review_sheet`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checkers.errors import ConfigError
from checkers.report.loading import load_details_file
from checkers.results import Outcome, Verdict
from checkers.run_records import RunRecord, load_records

__all__ = [
    "ALL_MET",
    "SCORE_BANDS",
    "TRIGGERS",
    "Pick",
    "ReviewItem",
    "SamplePlan",
    "covered_strata",
    "item_of",
    "load_items",
    "pick_items",
    "score_band",
    "strata",
]

ALL_MET = "(all_met)"
"""The reason code of an item that met every requirement (so passing items form a stratum)."""
NO_SCORE = "no score"
SCORE_BANDS = ("0-0.25", "0.25-0.5", "0.5-0.75", "0.75-1", "1")
"""The score bands of stratified sampling: four quarters (upper bound open) and a perfect 1."""
TRIGGERS = ("unscored", "near-threshold", "disagreement")

# ADK's own metrics that a model decides (google.adk.evaluation.eval_metrics.PrebuiltMetrics);
# every other metric is taken as code unless the caller names it a judge.
ADK_JUDGE_METRICS = frozenset(
    {
        "final_response_match_v2",
        "rubric_based_final_response_quality_v1",
        "rubric_based_tool_use_quality_v1",
        "hallucinations_v1",
        "safety_v1",
        "per_turn_user_simulator_quality_v1",
    }
)


@dataclass(frozen=True)
class ReviewItem:
    """One metric's verdict on one case in one run: what a reviewer reads and rates."""

    item_id: str
    """``metric|case|run``: unique within a set of verdicts (runs are numbered per case)."""
    case: str
    run: int
    metric: str
    domain: str
    """The verdict's domain; ``""`` when the source does not say (ADK eval history)."""
    session_id: str
    """The recorded session (``checkers score`` output); ``""`` for eval cases."""
    evaluator: str
    """``"checker"`` (code decides) or ``"judge"`` (a model decides)."""
    passed: bool
    score: float | None
    threshold: float | None
    """The threshold the verdict was judged at; None when the source does not say."""
    reason_codes: tuple[str, ...]
    """The codes of the requirements not met, each once, in order; ``(ALL_MET,)`` for none."""
    unscored: int
    """How many requirements the evaluator could not decide."""
    answer: str = ""
    """The answer as the evaluator read it (one line of JSON), ``""`` when unknown."""
    reasons: tuple[str, ...] = ()
    """A sentence per requirement not met (``"Ana: diet [excluded_by_diet]: ..."``)."""
    source: str = ""


def _reason_codes(record: RunRecord) -> tuple[str, ...]:
    codes = tuple(dict.fromkeys(r.reason_code for r in record.not_met()))
    return codes or (ALL_MET,)


def _verdict_reasons(verdicts: Sequence[Verdict]) -> tuple[str, ...]:
    """One sentence per answer problem and per requirement not met, each once, in order."""
    found: dict[str, None] = {}
    for verdict in verdicts:
        for problem in verdict.problems:
            found[f"answer problem [{problem.code}]: {problem.message}"] = None
        for subject in verdict.subjects:
            for result in subject.results:
                if result.outcome is not Outcome.PASS:
                    found[
                        f"{subject.name}: {result.outcome.value} {result.kind} "
                        f"[{result.reason_code}]: {result.reason}"
                    ] = None
    return tuple(found)


@dataclass(frozen=True)
class _Seen:
    """What the source holds beside a record: its verdicts and the session it judged."""

    verdicts: tuple[Verdict, ...] = ()
    session_id: str = ""


def _score_lines(path: str, cache: dict[str, list[str]]) -> list[str]:
    if path not in cache:
        # Numbered as read_score_output numbers them: split on newlines alone.
        cache[path] = Path(path).read_text(encoding="utf-8").split("\n")
    return cache[path]


def _seen(record: RunRecord, cache: dict[str, list[str]]) -> _Seen:
    """The verdicts and session behind ``record``, read again from its source (the file and
    line :func:`load_records` validated); nothing for eval history, which holds no verdict."""
    where, colon, line = record.source.rpartition(":")
    if colon and line.isdigit() and where.endswith(".jsonl"):
        row: dict[str, Any] = json.loads(_score_lines(where, cache)[int(line) - 1])
        verdict = Verdict.model_validate(row["verdict"])
        return _Seen((verdict,), str(row.get("session_id") or ""))
    path = Path(record.source)
    if path.suffix == ".json" and not path.name.endswith(".evalset_result.json"):
        return _Seen(load_details_file(path).details.invocations)
    return _Seen()


def _answer(verdicts: Sequence[Verdict]) -> str:
    from checkers.details import answer_text

    answers = [v.answer for v in verdicts if v.answer is not None]
    return answer_text(answers[-1]) if answers else ""


def item_of(record: RunRecord, seen: _Seen, judges: Collection[str]) -> ReviewItem:
    """The review item of one record and what its source holds beside it."""
    verdicts = seen.verdicts
    last = verdicts[-1] if verdicts else None
    return ReviewItem(
        item_id=f"{record.metric}|{record.case}|{record.run}",
        case=record.case,
        run=record.run,
        metric=record.metric,
        domain=last.domain if last else "",
        session_id=seen.session_id,
        evaluator="judge" if record.metric in judges else "checker",
        passed=record.passed,
        score=record.score,
        threshold=last.threshold if last else None,
        reason_codes=_reason_codes(record),
        unscored=sum(r.outcome is Outcome.UNSCORED for r in record.requirements),
        answer=_answer(verdicts),
        reasons=_verdict_reasons(verdicts),
        source=record.source,
    )


def load_items(paths: Sequence[Path], judges: Collection[str] = ()) -> list[ReviewItem]:
    """The review items of every verdict in ``paths`` (each a ``checkers score`` JSONL file, a
    details folder, or an eval-history file or folder), in the order read.

    ``judges`` names the metrics a model decides, besides ADK's own model-judged metrics; every
    other metric counts as a checker. Raises ConfigError or DataError as
    :func:`~checkers.run_records.load_records` does, and ConfigError when two inputs hold the
    same item (a file given twice would count its verdicts twice).
    """
    judge_names = ADK_JUDGE_METRICS | frozenset(judges)
    cache: dict[str, list[str]] = {}
    items: list[ReviewItem] = []
    where: dict[str, Path] = {}
    for path in paths:
        for record in load_records(path):
            item = item_of(record, _seen(record, cache), judge_names)
            if item.item_id in where:
                raise ConfigError(
                    f"item {item.item_id!r} is in {where[item.item_id]} and again in {path}; "
                    "give each set of verdicts once"
                )
            where[item.item_id] = path
            items.append(item)
    return items


# --- picking ------------------------------------------------------------------------------------


def score_band(score: float | None) -> str:
    """The band of a score: one of :data:`SCORE_BANDS`, or ``"no score"`` for None."""
    if score is None:
        return NO_SCORE
    if score >= 1.0:
        return "1"
    index = min(max(int(score * 4), 0), 3)
    return SCORE_BANDS[index]


def strata(item: ReviewItem) -> list[tuple[str, str]]:
    """The strata an item belongs to: its domain, metric, each reason code and its score band,
    as ``(dimension, value)`` pairs."""
    return [
        ("domain", item.domain or "(unknown)"),
        ("metric", item.metric),
        *(("reason code", code) for code in item.reason_codes),
        ("score band", score_band(item.score)),
    ]


@dataclass(frozen=True)
class SamplePlan:
    """How to pick: any of a random share, a stratified sample and triggers, together.

    ``random_share`` in (0, 1]: that share of the items (rounded, at least one); ``stratified``:
    at least one item of every stratum, filled at random up to that many; ``triggers``: names
    from :data:`TRIGGERS`; ``near_band``: how close to the threshold a near-threshold score is.
    """

    seed: int = 0
    random_share: float | None = None
    stratified: int | None = None
    triggers: frozenset[str] = field(default_factory=frozenset)
    near_band: float = 0.1

    def __post_init__(self) -> None:
        if self.random_share is not None and not 0 < self.random_share <= 1:
            raise ConfigError(
                f"--random takes a share in (0, 1], got {self.random_share!r}; e.g. --random 0.05"
            )
        if self.stratified is not None and self.stratified < 1:
            raise ConfigError(f"--stratified takes a count of 1 or more, got {self.stratified}")
        unknown = sorted(self.triggers - set(TRIGGERS))
        if unknown:
            raise ConfigError(
                f"unknown trigger {', '.join(map(repr, unknown))}; known: {','.join(TRIGGERS)} "
                "(e.g. --trigger unscored,near-threshold)"
            )
        if not 0 <= self.near_band <= 1:
            raise ConfigError(f"--near-band takes 0 to 1, got {self.near_band!r}")
        if self.random_share is None and self.stratified is None and not self.triggers:
            raise ConfigError(
                "say how to pick: --random SHARE, --stratified N and/or --trigger "
                + ",".join(TRIGGERS)
            )


@dataclass(frozen=True)
class Pick:
    """A picked item and every reason it was picked."""

    item: ReviewItem
    why: tuple[str, ...]


def _random(items: Sequence[ReviewItem], share: float, rng: random.Random) -> dict[int, str]:
    count = max(1, round(share * len(items))) if items else 0
    return {i: f"random {share:g}" for i in rng.sample(range(len(items)), count)}


def _stratified(items: Sequence[ReviewItem], size: int, rng: random.Random) -> dict[int, str]:
    """Indices of a cover of every stratum (the first item of a seeded order holding each
    stratum still uncovered, strata in sorted order), then others at random up to ``size``."""
    order = list(range(len(items)))
    rng.shuffle(order)
    holding: dict[tuple[str, str], list[int]] = {}
    for index in order:
        for stratum in strata(items[index]):
            holding.setdefault(stratum, []).append(index)
    picked: dict[int, str] = {}
    covered: set[tuple[str, str]] = set()
    for stratum in sorted(holding):
        if stratum in covered:
            continue
        index = holding[stratum][0]
        picked[index] = f"stratum {stratum[0]} {stratum[1]}"
        covered.update(strata(items[index]))
    for index in order:
        if len(picked) >= size:
            break
        picked.setdefault(index, "stratified fill")
    return picked


def _unscored(items: Sequence[ReviewItem]) -> dict[int, str]:
    return {
        i: f"trigger unscored: failed with {item.unscored} unscored"
        for i, item in enumerate(items)
        if not item.passed and item.unscored
    }


def _near(items: Sequence[ReviewItem], band: float) -> dict[int, str]:
    return {
        i: f"trigger near-threshold: score {item.score:g}, threshold {item.threshold:g}"
        for i, item in enumerate(items)
        if item.score is not None
        and item.threshold is not None
        and item.score < 1.0  # every requirement met: nothing borderline, whatever the threshold
        and abs(item.score - item.threshold) <= band
    }


def _occasion(item: ReviewItem) -> tuple[str, ...]:
    """What a checker and a judge both judged: the session, or the case and run."""
    return ("session", item.session_id) if item.session_id else ("case", item.case, str(item.run))


def _disagreements(items: Sequence[ReviewItem]) -> dict[int, str]:
    by_occasion: dict[tuple[str, ...], list[int]] = {}
    for index, item in enumerate(items):
        by_occasion.setdefault(_occasion(item), []).append(index)
    found: dict[int, str] = {}
    for indices in by_occasion.values():
        checkers = [i for i in indices if items[i].evaluator == "checker"]
        judges = [i for i in indices if items[i].evaluator == "judge"]
        for c in checkers:
            for j in judges:
                if items[c].passed != items[j].passed:
                    verb = {True: "passed", False: "failed"}
                    why = (
                        f"trigger disagreement: checker {items[c].metric} "
                        f"{verb[items[c].passed]}, judge {items[j].metric} "
                        f"{verb[items[j].passed]}"
                    )
                    found.setdefault(c, why)
                    found.setdefault(j, why)
    return found


def pick_items(items: Sequence[ReviewItem], plan: SamplePlan) -> list[Pick]:
    """The items ``plan`` picks, in their input order, each with every reason it was picked.

    Deterministic: the same items and plan give the same picks. Each way of picking draws from
    its own generator seeded from ``plan.seed``, so adding a trigger never changes which items
    the random share picks.
    """
    reasons: dict[int, list[str]] = {}

    def add(found: dict[int, str]) -> None:
        for index, why in found.items():
            reasons.setdefault(index, []).append(why)

    if plan.random_share is not None:
        add(_random(items, plan.random_share, random.Random(f"random:{plan.seed}")))
    if plan.stratified is not None:
        add(_stratified(items, plan.stratified, random.Random(f"stratified:{plan.seed}")))
    if "unscored" in plan.triggers:
        add(_unscored(items))
    if "near-threshold" in plan.triggers:
        add(_near(items, plan.near_band))
    if "disagreement" in plan.triggers:
        add(_disagreements(items))
    return [Pick(items[i], tuple(reasons[i])) for i in sorted(reasons)]


def covered_strata(picks: Iterable[Pick]) -> set[tuple[str, str]]:
    """Every stratum some pick belongs to."""
    return {stratum for pick in picks for stratum in strata(pick.item)}
