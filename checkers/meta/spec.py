"""What a domain hands the meta-test harness: strategies, constructors and an optional oracle.

A domain builds one :class:`DomainMetaSpec` and names the function that builds it in its plugin
(:class:`checkers.plugin.DomainPlugin`; by default ``meta_spec`` in the domain's ``meta.py``)::

    PLUGIN = DomainPlugin(name="dining", ..., meta_spec="meta:meta_spec")

``meta_spec(min_subjects, max_subjects)`` returns the spec whose generated scenarios hold between
``min_subjects`` and ``max_subjects`` subjects. From it the harness derives every meta-test
(see :mod:`checkers.meta.runner`): satisfying answers, single-violation answers, incomplete
answers, the feasibility oracle, the invariants of every metric and requirement kind, and the
known answers file.

Answers are JSON objects (what :func:`checkers.answers.extract_json_object` reads); the harness
renders them into final texts itself (bare, fenced, inside prose).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Generic, TypeVar

from hypothesis import strategies as st

from checkers.metric import Metric
from checkers.requirements import CheckRegistry, Requirement
from checkers.transcript import Transcript

S = TypeVar("S")

Answer = dict[str, Any]
"""A structured answer: the one JSON object an agent's final text proposes."""


class _Described:
    """Shown by its ``about`` line in hypothesis's "Falsifying example", not field by field."""

    about: str

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.about)


@dataclass(frozen=True, repr=False)
class Case(_Described, Generic[S]):
    """A scenario and an answer that meets every requirement of every subject in it."""

    scenario: S
    answer: Answer
    about: str
    """One line naming what matters: subjects, requirements, the plan (used in failure messages)."""

    def __repr__(self) -> str:
        return f"Case({self.about})"


@dataclass(frozen=True, repr=False)
class Violation(_Described, Generic[S]):
    """An answer that breaks exactly one requirement of exactly one subject.

    ``base`` is the scenario before the requirement was tightened (the answer meets everything
    there); ``scenario`` is the scenario after. The harness asserts: in ``base`` the answer scores
    1.0; in ``scenario`` subject ``subject_id`` fails exactly ``{kind} | also_fails`` (outcome
    ``fail``, never ``incomplete``), every other subject is satisfied, and the score is exactly
    ``(n - 1) / n``.

    A *shared* requirement is one every subject holds through the same fact (dining's opening
    hours belong to the restaurant): breaking it fails ``kind`` for every subject and nothing
    else, so the score is exactly ``0 / n``; ``subject_id`` then names the subject the
    construction started from and is otherwise ignored.

    ``also_fails`` lists *derived* results that must fail with the requirement (dining's
    ``single_dish``, which no food requirement can fail without).
    """

    base: S
    scenario: S
    answer: Answer
    subject_id: str
    kind: str
    about: str
    also_fails: frozenset[str] = frozenset()
    shared: bool = False
    mentions: tuple[str, ...] = ()
    """Words the failing result's reason must contain (the subject's name, the fact that fails)."""
    code: str | None = None
    """The reason code the failing result must carry (e.g. ``closes_during_dinner``), if known."""

    def __repr__(self) -> str:
        return f"Violation({self.about})"


@dataclass(frozen=True, repr=False)
class Oracle(_Described):
    """The exact truth about a scenario with a finite space of answers.

    ``answers`` is the whole space (dining: every restaurant at every slot); ``score`` gives the
    exact share of subjects any answer serves, computed independently of the checks under test;
    ``best`` is the highest score in the space.
    """

    best: Fraction
    answers: tuple[Answer, ...]
    score: Callable[[Answer], Fraction]
    subjects: int

    @property
    def about(self) -> str:  # type: ignore[override]
        return f"Oracle(best {self.best_text()}, {len(self.answers)} answers)"

    def __repr__(self) -> str:
        return self.about

    def best_text(self) -> str:
        """The best score as served/total, e.g. ``"5/6"``; not reduced: ``"3/6"``."""
        return f"{int(self.best * self.subjects)}/{self.subjects}"


@dataclass(frozen=True)
class InfeasibleClaim(Generic[S]):
    """A metric that accepts "no plan satisfies everyone", said plainly, for infeasible scenarios.

    The harness asserts, for any scenario: a ``claims`` text passes if and only if the oracle's
    best score is below 1; and any plan answer's verdict notes say ``best possible: <served>/<n>``
    with the oracle's figure.
    """

    metric: Metric[S]
    claims: st.SearchStrategy[str]
    """Final texts that say, plainly, that no plan satisfies everyone."""


@dataclass(frozen=True)
class MetricMeta(Generic[S]):
    """How to produce what one metric judges, for the invariants.

    ``transcripts`` should cover answers that pass, fail and cannot be judged. ``kinds`` are the
    checker kinds the metric reports (its rows in the table). ``relevant_tools`` are the tool
    names the metric looks at; the harness adds calls to other tools and asserts nothing changes.
    ``exempt`` maps an invariant name to the reason it does not apply to this metric.

    ``DomainMetaSpec.metrics`` maps a report row to a MetricMeta, usually under the metric's own
    name. One metric may be described under two rows when an invariant holds on one family of
    scenarios and not on another (scheduling's ``everyone_can_attend`` is monotone except on tasks
    that ask for the earliest slot): the row is then the MetricMeta's ``label``.
    """

    metric: Metric[S]
    transcripts: st.SearchStrategy[tuple[S, Transcript]]
    kinds: tuple[str, ...]
    relevant_tools: frozenset[str] = frozenset()
    exempt: Mapping[str, str] = field(default_factory=dict)
    label: str = ""
    """The report row the invariants count under; empty means the metric's name. The harness
    sets it from the key in ``DomainMetaSpec.metrics``."""

    @property
    def row(self) -> str:
        """The report row: ``label``, or the metric's name."""
        return self.label or self.metric.name


@dataclass(frozen=True)
class DomainMetaSpec(Generic[S]):
    """Everything the harness needs to prove one domain's checkers (see the module docstring)."""

    domain: str
    metric: Metric[S]
    """The share-of-subjects metric that generated answers are judged by (dining: everyone_ate)."""
    checks: CheckRegistry[Any]
    """The domain's requirement checks; every kind registered here gets meta-tests."""
    satisfying: st.SearchStrategy[Case[S]]
    violations: Mapping[str, st.SearchStrategy[Violation[S]]]
    """One strategy per requirement kind (and per derived kind that can fail alone)."""
    required_fields: tuple[str, ...]
    """Answer keys without which the answer cannot be judged (dining: restaurant, time)."""
    needs: Mapping[str, frozenset[str]]
    """For each required field, the result kinds that cannot be judged without it: they must be
    ``incomplete`` (never pass, never fail) when the field is missing. Every required field is
    assumed needed by every subject, so an answer missing one serves nobody."""
    garble: Callable[[str, Any], st.SearchStrategy[Any]]
    """A strategy of unreadable values for a required field, given the field and its value."""
    scenarios: st.SearchStrategy[S]
    """Any scenario, feasible or not."""
    subject_ids: Callable[[S], tuple[str, ...]]
    reorder_subjects: Callable[[S, Sequence[int]], S]
    """The scenario with its subjects in the given order (a permutation of their indexes)."""
    requirements: Mapping[str, st.SearchStrategy[Requirement]]
    """Any requirement of each kind, for the round-trip and monotonicity invariants."""
    add_requirement: Callable[[S, str, Requirement], S]
    load_requirement: Callable[[Any], Requirement]
    """JSON value -> requirement, through the domain's discriminated union."""
    dump_scenario: Callable[[S], Any]
    load_scenario: Callable[[Any], S]
    metrics: Mapping[str, MetricMeta[S]]
    """Every registered metric of the domain, by report row: its name, or another label when one
    metric is described twice (a registered metric described under no row is a failing
    meta-test)."""
    derived_kinds: frozenset[str] = frozenset()
    """Result kinds the domain derives from several requirements (dining: single_dish)."""
    shared_kinds: frozenset[str] = frozenset()
    """Requirement kinds every subject holds through one shared fact (dining: opening_hours)."""
    oracle: Callable[[S], Oracle] | None = None
    infeasible: InfeasibleClaim[S] | None = None
    known_answers: Path | None = None
    subjects: tuple[int, int] = (1, 6)
    """The range of subject counts the strategies generate (for reports)."""
    text_forms: Callable[[Answer], st.SearchStrategy[str]] | None = None
    """Final texts the domain's reader accepts for one answer besides JSON (scheduling's
    ``Monday, 9:00 - 9:30``), so the hostile meta-tests also offer two answers in those forms;
    None when answers are read from JSON only."""
    reasons: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Per requirement kind, every reason code its check may give when it passes or fails (a
    :class:`~checkers.kinds.RequirementKind`'s ``reasons``): generated answers must get only
    these. Kinds not listed are not checked."""

    def kinds(self) -> tuple[str, ...]:
        """Every requirement kind with a check, then the derived kinds, sorted within each."""
        registered = sorted(kind_name(t) for t in self.checks.kinds())
        return (*registered, *sorted(self.derived_kinds))


def kind_name(requirement_type: type[Requirement]) -> str:
    """The ``kind`` discriminator of a requirement class, e.g. ``Allergy`` -> ``"allergy"``."""
    default = requirement_type.model_fields["kind"].default
    if not isinstance(default, str):
        name = requirement_type.__name__
        raise TypeError(
            f"{name}.kind has no string default; declare it as "
            f'kind: Literal["{name.lower()}"] = "{name.lower()}"'
        )
    return default
