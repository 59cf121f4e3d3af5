"""The meta-tests of a choice domain, derived from its kinds' declarations.

A :class:`~checkers.choice.ChoiceDomain` is a plan domain whose answer names a plan by id, so
:func:`choice_meta_spec` is :mod:`checkers.meta.plans` with the choice domain's ways of showing
itself: subjects ``s0``, ``s1`` with one to three requirements each, garbled ids, and the
scenario described as its subjects and plans. Everything is derived there: satisfying answers,
one violation strategy per kind, random scenarios, the oracle over every plan by the kinds'
``holds`` rules, and the reason-code check.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from checkers.choice import ChoiceDomain, P, S, Subj
from checkers.meta.plans import PlanMeta, plain
from checkers.meta.spec import Answer, DomainMetaSpec
from checkers.metric import Metric


def choice_meta_spec(
    domain: ChoiceDomain[S, Subj, P],
    metric: Metric[S],
    min_subjects: int = 1,
    max_subjects: int = 6,
    known_answers: Path | None = None,
) -> DomainMetaSpec[S]:
    """The meta spec of ``domain`` judged by its share-of-subjects ``metric``, with
    ``min_subjects`` to ``max_subjects`` subjects per scenario (see the module docstring).

    Raises ValueError unless ``1 <= min_subjects <= max_subjects``.
    """

    def describe(scenario: S, answer: Answer | None = None) -> str:
        """The scenario (and the answer) on one line, for failure messages."""
        subjects = "; ".join(
            f"{s.id} {s.name}: {', '.join(f'{r.kind} {plain(r)}' for r in s.requirements)}"
            for s in domain.subjects_of(scenario)
        )
        plans = "; ".join(f"{p.id} {plain(p)}" for p in domain.plans_of(scenario))
        shown = f"answer {answer}; " if answer else ""
        return f"{shown}subjects [{subjects}]; plans [{plans}]"

    general: Any = domain.plan_domain
    meta = PlanMeta(general, (min_subjects, max_subjects), describe=describe)
    return meta.spec(metric, known_answers)
