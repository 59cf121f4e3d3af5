"""The harness of the hostile-review probe files (``tests/test_review_probes_*.py``), said once.

How to write a probe file
-------------------------
A *probe* is one input written the way an agent (or a user of the tool) writes it, with the
verdict an honest reader gives it: ``expect`` (must pass, or must not). A probe the code judges
wrongly today is a *known wrong verdict*. It stays in the file, as a strict expected failure
(:func:`known_wrong`) whose reason names its defect class and says which way it is wrong: a
``false FAIL`` (an honest input failed) or a ``false PASS`` (a misleading one passed; the worse
of the two). Strict, because once the defect is fixed the probe passes, pytest reports the
unexpected pass as a failure, and whoever fixed it must take the probe out of the map (and
update the counts in the file's docstring): the map is always what is wrong today, and a probe
that goes wrong again after that fails the suite.

The map, ``WRONG`` by convention, takes one of three forms:

- by class, ``{class: reason}``: each wrong probe names its class, a probe naming none must be
  right. Build the probes with a :class:`Review` (``ff``: a false FAIL, an honest input that must
  pass; ``fp``: a false PASS, a misleading one that must fail; ``probe``: either, with
  ``expect``), mark a ``pytest.param`` with ``review.wrong(class)``, or a whole test function
  with ``@review.while_open(class)`` (no mark once the class is closed);
- by probe id, ``{id: reason}``, for probes that carry an ``id`` (named tuples):
  ``review.cases(probes)``;
- rows by class, ``GAPS = {class: (reason, rows)}`` beside ``HOLDS = {group: rows}``, a row being
  the test's arguments, its last whether the row must pass: :func:`held_rows`,
  :func:`known_wrong_rows` and :func:`row_counts`.

Each file keeps a test that its map and its probes agree (``review.classes_probed`` equals the
map's classes; ``review.id_problems`` is empty), so that a class or an id left in the map after
its probes were closed, renamed or removed fails too. For example::

    WRONG: dict[str, str] = {"time_in_words": "false PASS: 'at six' is read as no time"}
    REVIEW = Review(WRONG)
    after, before = around(PLAN)

    PROBES = [
        REVIEW.fp(after("Six works too."), "six-works-too", "time_in_words"),
        REVIEW.ff(after("Enjoy your dinner!"), "pleasantry"),
    ]

    @pytest.mark.parametrize(("text", "expect"), PROBES)
    def test_probe(text: str, expect: bool) -> None:
        assert judge(text) is expect, text

    def test_every_class_has_a_probe() -> None:
        assert REVIEW.classes_probed(PROBES) == set(WRONG)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

import pytest

if TYPE_CHECKING:
    from pytest import ParameterSet

Row = tuple[Any, ...]
"""A row of a rows-by-class file: the test's arguments, the last whether the row must pass."""

FALSE_FAIL, FALSE_PASS = "false FAIL", "false PASS"
"""How a reason starts: which way its verdicts are wrong."""

_Test = TypeVar("_Test", bound=Callable[..., object])


class Identified(Protocol):
    """A probe that carries its own test id."""

    @property
    def id(self) -> str: ...


def known_wrong(reason: str) -> pytest.MarkDecorator:
    """The mark of a known wrong verdict: a failure expected strictly, so a fix fails the run.
    Only a failed assertion is the expected failure: an exception the code under review
    raises (a reader crashing on the probe) fails the run, never passes as the known wrong
    verdict."""
    return pytest.mark.xfail(strict=True, reason=reason, raises=AssertionError)


def case(*values: object, name: str, reason: str | None = None) -> ParameterSet:
    """A parametrize case of ``values`` with the test id ``name``, known wrong for ``reason``
    when one is given."""
    marks = () if reason is None else (known_wrong(reason),)
    return pytest.param(*values, id=name, marks=marks)


class Around(NamedTuple):
    """Builders of an answer holding a plan and a text around it."""

    after: Callable[[str], str]
    """The text after the plan, as a rationale or caveats follow a fenced JSON or a line."""
    before: Callable[[str], str]
    """The text before the plan, as reasoning leads up to it."""


def around(plan: str) -> Around:
    """The builders of answers holding ``plan``, a blank line between it and the text."""

    def after(text: str) -> str:
        return f"{plan}\n\n{text}"

    def before(text: str) -> str:
        return f"{text}\n\n{plan}"

    return Around(after, before)


class Review:
    """One probe file's map of known wrong verdicts, ``reasons`` (a defect class's name, or a
    probe's id, to the reason its probes carry), and the builders of its probes.

    ``judge``: when given, each probe's values start with the name of the judge that reads it
    (this one unless the probe names another), for a file whose probes several judges read;
    otherwise they are ``(text, expect)``."""

    def __init__(self, reasons: Mapping[str, str], *, judge: str | None = None) -> None:
        self.reasons = reasons
        self.judge = judge

    def wrong(self, kind: str) -> pytest.MarkDecorator:
        """The known-wrong mark of class ``kind``; a class no longer in the map raises KeyError
        at collection, so a closed class's probes must drop its name."""
        return known_wrong(self.reasons[kind])

    def while_open(self, kind: str) -> Callable[[_Test], _Test]:
        """A decorator marking a test function known wrong while class ``kind`` is in the map,
        and leaving it unmarked (a plain test) once it is closed."""
        if kind in self.reasons:
            return known_wrong(self.reasons[kind])
        return lambda test: test

    def probe(
        self, text: str, expect: bool, name: str, kind: str | None = None, *, judge: str = ""
    ) -> ParameterSet:
        """A probe: ``text`` whose right verdict is ``expect`` (passes or not), with the test id
        ``name``, known wrong as class ``kind`` when one is given (a class no longer in the map
        raises KeyError at collection, so a closed class's probes must drop its name)."""
        reason = None if kind is None else self.reasons[kind]
        judge = judge or self.judge or ""
        values = (judge, text, expect) if judge else (text, expect)
        return case(*values, name=name, reason=reason)

    def ff(self, text: str, name: str, kind: str | None = None, *, judge: str = "") -> ParameterSet:
        """A false-FAIL probe: an honest answer that must pass (``kind``: the class failing it)."""
        return self.probe(text, True, name, kind, judge=judge)

    def fp(self, text: str, name: str, kind: str | None = None, *, judge: str = "") -> ParameterSet:
        """A false-PASS probe: a misleading answer that must fail (``kind``: the class passing
        it)."""
        return self.probe(text, False, name, kind, judge=judge)

    def cases(self, probes: Iterable[Identified]) -> list[ParameterSet]:
        """Each probe as its own case, named by its id, known wrong when the map holds its id."""
        return [case(p, name=p.id, reason=self.reasons.get(p.id)) for p in probes]

    def classes_probed(self, marked: Iterable[ParameterSet | Callable[..., object]]) -> set[str]:
        """The classes of the map whose reason a strict xfail of ``marked`` (parametrize cases,
        or test functions) carries. A reason that is no class's is kept as itself, so that a
        mark left from a closed class breaks the equality with the map's classes as well."""
        kinds_of: dict[str, set[str]] = {}
        for kind, reason in self.reasons.items():
            kinds_of.setdefault(reason, set()).add(kind)
        probed: set[str] = set()
        for item in marked:
            marks = getattr(item, "pytestmark", []) if callable(item) else item.marks
            for mark in marks:
                if mark.name == "xfail":
                    reason = mark.kwargs.get("reason", "")
                    probed |= kinds_of.get(reason, {reason})
        return probed

    def id_problems(self, probes: Sequence[Identified]) -> list[str]:
        """What is wrong with the probes' ids: an id two probes share, an id of the map that no
        probe has. Empty when every known wrong verdict names exactly one probe."""
        counts = Counter(p.id for p in probes)
        shared = [f"{i}: {n} probes" for i, n in counts.items() if n > 1]
        return shared + [f"{i}: in the map, no probe" for i in self.reasons if i not in counts]


def held_rows(holds: Mapping[str, Sequence[Row]]) -> list[ParameterSet]:
    """The rows judged rightly, each a case named ``{group}-{index}``."""
    return [
        case(*row, name=f"{group}-{i}")
        for group, rows in holds.items()
        for i, row in enumerate(rows)
    ]


def known_wrong_rows(gaps: Mapping[str, tuple[str, Sequence[Row]]]) -> list[ParameterSet]:
    """The rows of each class still open, each a case named ``{class}-{index}``, known wrong
    with its class's reason."""
    return [
        case(*row, name=f"{kind}-{i}", reason=reason)
        for kind, (reason, rows) in gaps.items()
        for i, row in enumerate(rows)
    ]


class RowCounts(NamedTuple):
    """What a rows-by-class file holds, to hold its docstring's counts to."""

    rows: int
    must_pass: int
    false_fails: int
    false_passes: int
    misfiled: tuple[str, ...] = ()
    """Classes holding a row its reason's way contradicts: a ``false FAIL`` class's rows must
    pass (an honest input failed), any other class's must not."""


def row_counts(
    holds: Mapping[str, Sequence[Row]], gaps: Mapping[str, tuple[str, Sequence[Row]]]
) -> RowCounts:
    """The counts of rows held and known wrong, and the classes misfiled."""
    held = [row for rows in holds.values() for row in rows]
    wrong = [(reason, row) for reason, rows in gaps.values() for row in rows]
    rows = held + [row for _, row in wrong]
    misfiled = {
        kind
        for kind, (reason, kind_rows) in gaps.items()
        for row in kind_rows
        if row[-1] is not reason.startswith(FALSE_FAIL)
    }
    return RowCounts(
        rows=len(rows),
        must_pass=sum(row[-1] for row in rows),
        false_fails=sum(reason.startswith(FALSE_FAIL) for reason, _ in wrong),
        false_passes=sum(reason.startswith(FALSE_PASS) for reason, _ in wrong),
        misfiled=tuple(sorted(misfiled)),
    )
