"""Requirement models and the registry that maps each requirement kind to its check.

A requirement is one typed constraint held by one subject. Domains subclass :class:`Requirement`
with a ``kind`` literal, so a list of requirements loads from JSON through a discriminated union::

    class Allergy(Requirement):
        kind: Literal["allergy"] = "allergy"
        allergen: Allergen

    checks = CheckRegistry[DiningContext]("dining")

    @checks.register(Allergy)
    def check_allergy(req: Allergy, ctx: DiningContext) -> RequirementResult: ...

``register`` returns the function unchanged, so tests call checks directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cached_property
from typing import Any, Generic, NoReturn, TypeVar

from pydantic import ConfigDict

from checkers.frozen import CachingModel
from checkers.results import RequirementResult


class Requirement(CachingModel):
    """Base of every requirement: frozen, unknown fields rejected, a ``kind`` discriminator.

    A field's docstring becomes its description (in the JSON schema judges and tools read), so
    every field of a kind says what it means (tests/test_kind_conventions.py holds every
    registered kind to that)."""

    model_config = ConfigDict(
        frozen=True, extra="forbid", allow_inf_nan=False, use_attribute_docstrings=True
    )

    kind: str

    @cached_property
    def as_json(self) -> dict[str, Any]:
        """The requirement as JSON data (``model_dump(mode="json")``), dumped once: every result
        carries its requirement, and a scenario's requirements are judged for every answer.
        The dict is shared by every result of this requirement; never change it."""
        return self.model_dump(mode="json")


Ctx = TypeVar("Ctx")
Req = TypeVar("Req", bound=Requirement)
Check = Callable[[Any, Ctx], RequirementResult]


class CheckRegistry(Generic[Ctx]):
    """Maps requirement classes to pure check functions ``(requirement, context) -> result``."""

    def __init__(self, domain: str) -> None:
        self.domain = domain
        self._checks: dict[type[Requirement], Check[Ctx]] = {}

    def register(
        self, requirement_type: type[Req]
    ) -> Callable[
        [Callable[[Req, Ctx], RequirementResult]], Callable[[Req, Ctx], RequirementResult]
    ]:
        """Decorator: make ``fn`` the check for ``requirement_type``; returns ``fn`` unchanged.

        Raises ValueError when the kind already has a check, so two modules cannot silently
        fight over one kind.
        """

        def decorate(
            fn: Callable[[Req, Ctx], RequirementResult],
        ) -> Callable[[Req, Ctx], RequirementResult]:
            if requirement_type in self._checks:
                raise ValueError(
                    f"{self.domain}: requirement {requirement_type.__name__} already has a check "
                    f"({self._checks[requirement_type].__name__}); register one check per kind"
                )
            self._checks[requirement_type] = fn
            return fn

        return decorate

    def check(self, requirement: Requirement, context: Ctx) -> RequirementResult:
        """Run the registered check for ``requirement``.

        Raises LookupError naming the kind when no check is registered: a requirement that
        nothing checks must never be reported as met.
        """
        fn = self._checks.get(type(requirement))
        if fn is None:
            self._unknown(requirement)
        return fn(requirement, context)

    def _unknown(self, requirement: Requirement) -> NoReturn:
        known = ", ".join(sorted(t.__name__ for t in self._checks))
        raise LookupError(
            f"{self.domain}: no check registered for requirement kind "
            f"{requirement.kind!r} ({type(requirement).__name__}); known: {known}"
        )

    def check_each(
        self, requirements: Iterable[Requirement], context: Ctx
    ) -> list[RequirementResult]:
        """:meth:`check` of each requirement in turn, in one call (a judge checks every
        requirement of every subject of every answer). Raises LookupError like :meth:`check`."""
        found = self._checks.get
        results = []
        for requirement in requirements:
            fn = found(type(requirement))
            if fn is None:
                self._unknown(requirement)
            results.append(fn(requirement, context))
        return results

    def kinds(self) -> Iterator[type[Requirement]]:
        """The requirement classes that have a check, in registration order."""
        return iter(self._checks)
