"""The domain kit: a requirement kind declared once (checkers.kinds), and a choice domain's judge
(checkers.choice) and meta-tests (checkers.meta.choice) derived from the declarations.

The toy domain here: guests pick one room; a room has a size; a guest needs a room at least
``min_size`` big. (The scaffold's generated domain is the kit's other client, tested in
tests/test_scaffold.py.)"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field

from checkers.choice import ChoiceDomain, Pick
from checkers.kinds import KindExamples, RequirementKind, Strategies, register_kinds
from checkers.meta import meta_checks, meta_settings, run_checks
from checkers.meta.choice import choice_meta_spec
from checkers.meta.spec import DomainMetaSpec
from checkers.metric import Domain, Metric
from checkers.requirements import CheckRegistry, Requirement
from checkers.results import Outcome, RequirementResult
from checkers.transcript import Transcript

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Room(_Model):
    id: str
    name: str
    size: int


class MinSize(Requirement):
    """The guest needs a room at least ``min_size`` big."""

    kind: Literal["min_size"] = "min_size"
    min_size: int = Field(ge=1)
    """The smallest size the guest accepts."""


class Guest(_Model):
    id: str
    name: str
    requirements: tuple[MinSize, ...]


class Hotel(_Model):
    id: str
    guests: tuple[Guest, ...]
    rooms: tuple[Room, ...]


def check_min_size(req: MinSize, ctx: Pick[Guest, Room]) -> RequirementResult:
    reason = f"{ctx.subject.name} needs {req.min_size}; {ctx.plan.name} is {ctx.plan.size}"
    if ctx.plan.size >= req.min_size:
        return RequirementResult.passed(req.kind, "big_enough", reason)
    return RequirementResult.failed(req.kind, "too_small", reason)


def _min_size_examples(st: Strategies) -> KindExamples[MinSize, Room]:
    return KindExamples(
        any=st.builds(MinSize, min_size=st.integers(1, 100)),
        met_by=lambda room: st.integers(1, room.size).map(lambda n: MinSize(min_size=n)),
        broken_by=lambda room: st.integers(room.size + 1, room.size + 9).map(
            lambda n: MinSize(min_size=n)
        ),
    )


def _rooms(st: Strategies) -> SearchStrategy[tuple[Room, ...]]:
    rooms: SearchStrategy[tuple[Room, ...]] = st.lists(
        st.integers(1, 50), min_size=1, max_size=4
    ).map(
        lambda sizes: tuple(Room(id=f"r{i}", name=f"Room {i}", size=n) for i, n in enumerate(sizes))
    )
    return rooms


def make_kind(check: object = check_min_size) -> RequirementKind[MinSize, Pick[Guest, Room], Room]:
    return RequirementKind(
        MinSize,
        check,  # type: ignore[arg-type]
        reasons={"big_enough": "pass", "too_small": "fail"},
        holds=lambda req, room: room.size >= req.min_size,
        examples=_min_size_examples,
    )


def make_choice(
    kind: RequirementKind[MinSize, Pick[Guest, Room], Room],
) -> ChoiceDomain[Hotel, Guest, Room]:
    return ChoiceDomain(
        name="hotel",
        answer_key="room",
        kinds=(kind,),
        scenario_type=Hotel,
        subject_type=Guest,
        subjects_field="guests",
        plans_field="rooms",
        plans=_rooms,
    )


HOTEL = make_choice(make_kind())
SCENARIO = Hotel(
    id="h1",
    guests=(
        Guest(id="g1", name="Ana", requirements=(MinSize(min_size=10),)),
        Guest(id="g2", name="Zoë", requirements=(MinSize(min_size=30),)),
    ),
    rooms=(Room(id="r1", name="Attic", size=12), Room(id="r2", name="Suite", size=40)),
)


def judged(text: str | None) -> tuple[float, list[str], list[str]]:
    verdict = HOTEL.judge("everyone_fits")(SCENARIO, Transcript(final_text=text), 1.0)
    codes = [r.reason_code for s in verdict.subjects for r in s.results]
    return verdict.score, [p.code for p in verdict.problems], codes


def test_a_kind_knows_its_name_and_registers_its_check_once() -> None:
    kind = make_kind()
    assert kind.name == "min_size"
    registry: CheckRegistry[Pick[Guest, Room]] = CheckRegistry("hotel")
    assert register_kinds(registry, [kind]) == {"min_size": kind}
    assert list(registry.kinds()) == [MinSize]
    with pytest.raises(ValueError, match="two declarations of kind 'min_size'"):
        register_kinds(CheckRegistry("hotel"), [kind, kind])


def test_the_judge_checks_every_subject_against_the_picked_plan() -> None:
    assert judged('{"room": "r2"}') == (1.0, [], ["big_enough", "big_enough"])
    assert judged('I pick {"room": "r1"}') == (0.5, [], ["big_enough", "too_small"])


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"floor": 2}', "missing_room"),
        ('{"room": 2}', "bad_room"),
        ('{"room": "  "}', "bad_room"),
        ('{"room": "Suite"}', "unknown_room"),  # a name, not an id: never guessed
    ],
)
def test_an_answer_naming_no_usable_plan_leaves_everything_incomplete(
    text: str, problem: str
) -> None:
    verdict = HOTEL.judge("everyone_fits")(SCENARIO, Transcript(final_text=text), 1.0)
    assert [p.code for p in verdict.problems] == [problem]
    assert not verdict.passed and verdict.score == 0
    assert {r.outcome for s in verdict.subjects for r in s.results} == {Outcome.INCOMPLETE}


def test_two_plans_in_one_answer_are_never_picked_between() -> None:
    score, problems, _ = judged('{"room": "r2"} or maybe {"room": "r1"}')
    assert score == 0 and problems


def test_feasibility_asks_whether_some_plan_satisfies_everyone() -> None:
    assert HOTEL.feasible(SCENARIO)
    cramped = SCENARIO.model_copy(update={"rooms": SCENARIO.rooms[:1]})
    assert not HOTEL.feasible(cramped)


class HotelDomain(Domain[Hotel]):
    name = "hotel"
    subject_noun = "guest"

    def scenario_ids(self) -> list[str]:
        return [SCENARIO.id]

    def load_scenario(self, ref: str) -> Hotel:
        return SCENARIO


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy domain's one metric, as the registry would find it (it has no entry point)."""
    metrics = {
        "everyone_fits": Metric(
            name="everyone_fits", domain=HotelDomain(), judge=HOTEL.judge("everyone_fits")
        )
    }
    for module in ("checkers.meta.runner", "checkers.meta.hostile_invariants"):
        monkeypatch.setattr(f"{module}.domain_metrics", lambda domain: metrics)


def spec_of(choice: ChoiceDomain[Hotel, Guest, Room]) -> DomainMetaSpec[Hotel]:
    metric = Metric(name="everyone_fits", domain=HotelDomain(), judge=choice.judge("everyone_fits"))
    return choice_meta_spec(choice, metric, 1, 4)


def test_every_meta_test_is_derived_from_the_declaration_and_holds() -> None:
    run = run_checks(meta_checks(spec_of(HOTEL)), meta_settings("ci"))
    failed = [f"{r.check.id}: {r.message}" for r in run.results if r.status == "failed"]
    assert run.ok, failed
    groups = {r.check.group for r in run.results}
    assert {"generated", "oracle", "invariant", "hostile"} <= groups


def _off_by_one(req: MinSize, ctx: Pick[Guest, Room]) -> RequirementResult:
    reason = "wrong at the boundary"
    if ctx.plan.size > req.min_size:
        return RequirementResult.passed(req.kind, "big_enough", reason)
    return RequirementResult.failed(req.kind, "too_small", reason)


def _undeclared(req: MinSize, ctx: Pick[Guest, Room]) -> RequirementResult:
    if ctx.plan.size >= req.min_size:
        return RequirementResult.passed(req.kind, "big_enough", f"{ctx.subject.name} fits")
    return RequirementResult.failed(req.kind, "cramped", f"{ctx.subject.name} does not fit")


@pytest.mark.parametrize(
    ("check", "caught_by", "says"),
    [
        (_off_by_one, "generated[satisfying]", "must pass with score 1"),
        (_undeclared, "generated[violation-min_size]", "which the kind does not declare"),
    ],
    ids=["boundary", "undeclared-code"],
)
def test_the_derived_meta_tests_catch_a_wrong_check(
    check: object, caught_by: str, says: str
) -> None:
    spec = spec_of(make_choice(make_kind(check)))
    [derived] = [c for c in meta_checks(spec) if c.id == caught_by]
    run = run_checks([derived], meta_settings("ci"))
    [result] = run.results
    assert result.status == "failed" and says in result.message
