"""A requirement kind, declared once: its model, its check, its reason codes, the rule restated
for the oracle, and how the meta-tests build requirements a plan meets or breaks.

A domain declares each kind next to its check and hands the declarations to the kit
(:mod:`checkers.choice` for domains whose answer picks one plan); the judge, the meta-tests, the
oracle and the checks registry are derived from them, so changing a rule means changing one
place::

    def _max_price_examples(st: Strategies) -> KindExamples[MaxPrice, Option]:
        return KindExamples(
            any=st.builds(MaxPrice, max_price=st.floats(0.01, 1e6)),
            met_by=lambda option: st.integers(0, 5000).map(
                lambda extra: MaxPrice(max_price=option.price + extra / 100)),
            broken_by=lambda option: st.integers(1, round(option.price * 100) - 1).map(
                lambda cents: MaxPrice(max_price=cents / 100)),
        )

    MAX_PRICE = RequirementKind(
        MaxPrice,
        check_max_price,
        reasons={"within_price": "pass: ...", "too_expensive": "fail: ..."},
        holds=lambda req, option: option.price <= req.max_price,
        examples=_max_price_examples,
    )

The meta examples are built only by the meta-tests, from hypothesis's strategies module handed in
(hypothesis is a test dependency): importing a domain's checks never imports hypothesis.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Concatenate, Generic, ParamSpec, TypeVar

from checkers.requirements import CheckRegistry, Requirement
from checkers.results import RequirementResult

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy

R = TypeVar("R", bound=Requirement)
C = TypeVar("C")
P = TypeVar("P")

Strategies = ModuleType
"""``hypothesis.strategies``, handed to a kind's ``examples`` by the meta-tests."""

T = TypeVar("T")
Args = ParamSpec("Args")


def composite(
    st: Strategies,
) -> Callable[[Callable[Concatenate[DrawFn, Args], T]], Callable[Args, SearchStrategy[T]]]:
    """``st.composite``, typed: a kind's examples build strategies from ``draw`` functions
    (``@composite(st)`` over ``def broken(draw: DrawFn, task: Task, slot: At) -> Task``) and
    stay checked by mypy, although ``st`` is handed in as a module."""
    return st.composite  # type: ignore[no-any-return]


@dataclass(frozen=True)
class KindExamples(Generic[R, P]):
    """How the meta-tests build requirements of one kind, around a plan ``P``."""

    any: SearchStrategy[R]
    """Any valid requirement of the kind (JSON round trips; adding one never raises a score)."""
    met_by: Callable[[P], SearchStrategy[R]]
    """Requirements of the kind that the plan meets (satisfying answers)."""
    broken_by: Callable[[P], SearchStrategy[R]]
    """Requirements of the kind that the plan breaks: the check must fail them (answers that
    break exactly one requirement of one subject)."""
    why_broken: Callable[[R, P], tuple[str, tuple[str, ...]]] | None = None
    """Optional: for a requirement drawn from ``broken_by(plan)``, the reason code the check must
    fail it with and words its reason must hold (``("too_far", ("Lotus", "1.42 km"))``), so the
    meta-tests also catch a check that fails for the wrong reason. None: any declared code."""


@dataclass(frozen=True)
class RequirementKind(Generic[R, C, P]):
    """One requirement kind: everything the checkers, the judge and the meta-tests know of it."""

    model: type[R]
    """The frozen pydantic model, with a ``kind`` literal and a docstring on every field."""
    check: Callable[[R, C], RequirementResult]
    """The pure check: ``(requirement, context) -> result``; never raises on agent output."""
    reasons: Mapping[str, str]
    """Every reason code the check gives, with when it gives it (``"too_expensive": "fail: the
    plan costs more than the most the subject pays"``). The meta-tests fail on a code not
    listed here."""
    holds: Callable[[R, P], bool]
    """The rule restated plainly, apart from ``check``: the oracle scores every plan with it, so
    a wrong check disagrees with it."""
    examples: Callable[[Strategies], KindExamples[R, P]]
    """Given ``hypothesis.strategies``, how the meta-tests build requirements of the kind."""
    describe: Callable[[R], str] | None = None
    """Optional: the requirement in words for a person or a judge (``"allergic to peanut"``),
    for rubrics and failure messages. None: its kind and field values."""

    @property
    def name(self) -> str:
        """The ``kind`` discriminator, e.g. ``"max_price"``."""
        default = self.model.model_fields["kind"].default
        if not isinstance(default, str):
            raise TypeError(f"{self.model.__name__}.kind needs a string default")
        return default


_DECLARED: dict[type[Requirement], RequirementKind[Any, Any, Any]] = {}
"""Every declaration :func:`register_kinds` registered, by model (for :func:`declaration`)."""


def declaration(model: type[Requirement]) -> RequirementKind[Any, Any, Any] | None:
    """The declaration whose check :func:`register_kinds` registered for ``model``; None for a
    kind whose check was registered without one (the convention tests find kinds this way)."""
    return _DECLARED.get(model)


_SHARED: dict[type[Requirement], Any] = {}
"""Every shared declaration (:class:`checkers.plans.SharedKind`) a plan domain registered."""


def record_shared(model: type[Requirement], shared: Any) -> None:
    """Note that ``shared`` (a :class:`checkers.plans.SharedKind`) declares ``model``."""
    _SHARED[model] = shared


def shared_declaration(model: type[Requirement]) -> Any | None:
    """The :class:`checkers.plans.SharedKind` declaring ``model``, or None (the convention
    tests count a kind declared either way)."""
    return _SHARED.get(model)


def register_kinds(
    registry: CheckRegistry[C], kinds: Sequence[RequirementKind[Any, C, Any]]
) -> dict[str, RequirementKind[Any, C, Any]]:
    """Register every kind's check in ``registry``; the kinds by name. Raises ValueError when
    two declarations share a name, or a model already has a check."""
    by_name: dict[str, RequirementKind[Any, C, Any]] = {}
    for kind in kinds:
        if kind.name in by_name:
            raise ValueError(f"{registry.domain}: two declarations of kind {kind.name!r}")
        registry.register(kind.model)(kind.check)
        by_name[kind.name] = kind
        _DECLARED[kind.model] = kind
    return by_name
