"""The domain kit: a requirement kind declared once (checkers.kinds), and a plan domain's judge
(checkers.plans) and meta-tests (checkers.meta.plans) derived from the declarations.

Two toy domains here. A choice domain (checkers.choice, the by-id special case): guests pick one
room; a room has a size; a guest needs a room at least ``min_size`` big. A plan that is not an
id: a party's start hour; a guest arrives by some hour, and the venue's opening hours are a rule
every guest shares. (The scaffold's generated domain is the kit's other client, tested in
tests/test_scaffold.py; scheduling is a plan domain with shared rules of its own.)"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

import pytest
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field

from checkers.choice import ChoiceDomain, Pick
from checkers.kinds import KindExamples, RequirementKind, Strategies, register_kinds
from checkers.meta import meta_checks, meta_settings, run_checks
from checkers.meta.choice import choice_meta_spec
from checkers.meta.plans import PlanMeta
from checkers.meta.spec import DomainMetaSpec
from checkers.metric import Domain, Metric
from checkers.plans import PlanDomain, SharedKind
from checkers.requirements import CheckRegistry, Requirement
from checkers.results import AnswerProblem, Outcome, RequirementResult
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
    """Each toy domain's one metric, as the registry would find it (they have no entry point)."""
    metrics = {
        "hotel": {
            "everyone_fits": Metric(
                name="everyone_fits", domain=HotelDomain(), judge=HOTEL.judge("everyone_fits")
            )
        },
        "party": {"everyone_comes": EVERYONE_COMES},
    }
    for module in ("checkers.meta.runner", "checkers.meta.hostile_invariants"):
        monkeypatch.setattr(f"{module}.domain_metrics", lambda domain: metrics[domain])


def spec_of(choice: ChoiceDomain[Hotel, Guest, Room]) -> DomainMetaSpec[Hotel]:
    metric = Metric(name="everyone_fits", domain=HotelDomain(), judge=choice.judge("everyone_fits"))
    return choice_meta_spec(choice, metric, 1, 4)


def test_every_meta_test_is_derived_from_the_declaration_and_holds() -> None:
    # every group of a toy domain: the derivation is under test, so 100 examples a property
    run = run_checks(meta_checks(spec_of(HOTEL)), meta_settings("mutation"))
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


# --- a plan that is not an id: the hour a party starts --------------------------------------


class ArrivesBy(Requirement):
    """The guest can be there from ``hour`` on: the party must not start earlier."""

    kind: Literal["arrives_by"] = "arrives_by"
    hour: int = Field(ge=0, le=23)
    """The hour the guest arrives."""


class Open(Requirement):
    """The party starts while the venue is open; every guest holds it through the venue."""

    kind: Literal["open"] = "open"


class Partygoer(_Model):
    id: str
    name: str
    requirements: tuple[Annotated[ArrivesBy | Open, Field(discriminator="kind")], ...]


class Venue(_Model):
    opens: int = Field(ge=0, le=23)
    closes: int = Field(ge=1, le=24)


class Party(_Model):
    id: str
    venue: Venue
    guests: tuple[Partygoer, ...]


@dataclass(frozen=True)
class Start:
    """What a party check looks at: the guest, the venue, and the hour the answer gives."""

    guest: Partygoer
    venue: Venue
    hour: int


def check_arrives_by(req: ArrivesBy, ctx: Start) -> RequirementResult:
    reason = f"{ctx.guest.name} arrives at {req.hour}; the party starts at {ctx.hour}"
    if ctx.hour >= req.hour:
        return RequirementResult.passed(req.kind, "there_in_time", reason)
    return RequirementResult.failed(req.kind, "starts_too_early", reason)


def check_open(req: Open, ctx: Start) -> RequirementResult:
    reason = f"the venue is open {ctx.venue.opens} to {ctx.venue.closes}, so {ctx.guest.name} "
    if ctx.venue.opens <= ctx.hour < ctx.venue.closes:
        return RequirementResult.passed(req.kind, "open", reason + "can come in")
    return RequirementResult.failed(req.kind, "closed", reason + "finds it closed")


def _arrives_by_examples(st: Strategies) -> KindExamples[ArrivesBy, int]:
    return KindExamples(
        any=st.builds(ArrivesBy, hour=st.integers(0, 23)),
        met_by=lambda hour: st.builds(ArrivesBy, hour=st.integers(0, hour)),
        broken_by=lambda hour: st.builds(ArrivesBy, hour=st.integers(hour + 1, 23)),
    )


def _venue_broken(st: Strategies) -> Any:
    """The venue opens after the party's hour, or (when it can) closes by it."""

    def broken(party: Party, hour: int) -> SearchStrategy[Party]:
        later = st.integers(hour + 1, 23).flatmap(
            lambda opens: st.builds(Venue, opens=st.just(opens), closes=st.integers(opens + 1, 24))
        )
        earlier = st.integers(0, max(hour - 1, 0)).flatmap(
            lambda opens: st.builds(
                Venue, opens=st.just(opens), closes=st.integers(opens + 1, hour)
            )
        )
        venues = later | earlier if hour >= 1 else later
        moved: SearchStrategy[Party] = venues.map(
            lambda venue: party.model_copy(update={"venue": venue})
        )
        return moved

    return broken


def _venues(st: Strategies) -> SearchStrategy[tuple[Venue, int]]:
    """A venue and an hour it is open at, before 23:00 (so a guest can arrive after it)."""
    venues = st.integers(0, 22).flatmap(
        lambda opens: st.builds(Venue, opens=st.just(opens), closes=st.integers(opens + 1, 24))
    )
    found: SearchStrategy[tuple[Venue, int]] = venues.flatmap(
        lambda venue: st.tuples(st.just(venue), st.integers(venue.opens, min(venue.closes - 1, 22)))
    )
    return found


def read_hour(answer: dict[str, Any], party: Party) -> int | AnswerProblem:
    """``{"hour": "18:00"}`` -> 18: a whole hour, as text."""
    value = answer.get("hour")
    if value is None:
        return AnswerProblem(code="missing_hour", message='no hour; e.g. {"hour": "18:00"}')
    found = re.fullmatch(r"(\d{1,2}):00", value) if isinstance(value, str) else None
    if found is None or int(found[1]) > 23:
        return AnswerProblem(code="bad_hour", message=f"hour {value!r} is not 0:00 to 23:00")
    return int(found[1])


def garbled_hours(field_name: str, value: Any) -> SearchStrategy[Any]:
    return st.sampled_from(("24:00", "8pm", f"{value}?", "20:30", "twenty"))


def make_party(
    open_check: object = check_open, broken: object = _venue_broken
) -> PlanDomain[Party, Partygoer, int, Start]:
    opening: SharedKind[Open, Start, Party, int] = SharedKind(
        Open,
        open_check,  # type: ignore[arg-type]
        reasons={"open": "pass", "closed": "fail"},
        holds=lambda party: lambda hour: party.venue.opens <= hour < party.venue.closes,
        broken=broken,  # type: ignore[arg-type]
    )
    arrives_by: RequirementKind[ArrivesBy, Start, int] = RequirementKind(
        ArrivesBy,
        check_arrives_by,
        reasons={"there_in_time": "pass", "starts_too_early": "fail"},
        holds=lambda req, hour: hour >= req.hour,
        examples=_arrives_by_examples,
    )
    return PlanDomain(
        name="party",
        kinds=(arrives_by,),
        shared=(opening,),
        scenario_type=Party,
        subject_type=Partygoer,
        subjects_field="guests",
        fields=("hour",),
        answer=lambda hour: {"hour": f"{hour}:00"},
        plans=lambda party: range(24),
        context=lambda party, guest, hour: Start(guest, party.venue, hour),
        worlds=_venues,
        build=lambda venue, guests: Party(id="generated", venue=venue, guests=guests),
        read=read_hour,
        example='{"hour": "18:00"}',
        requirements_of=lambda party, guest: (Open(), *guest.requirements),
    )


PARTY = make_party()


class PartyDomain(Domain[Party]):
    name = "party"
    subject_noun = "guest"

    def scenario_ids(self) -> list[str]:
        return [EVENING.id]

    def load_scenario(self, ref: str) -> Party:
        return EVENING


EVERYONE_COMES: Metric[Party] = Metric(
    name="everyone_comes",
    domain=PartyDomain(),
    judge=PARTY.judge("everyone_comes"),
)
EVENING = Party(
    id="p1",
    venue=Venue(opens=17, closes=23),
    guests=(
        Partygoer(id="g1", name="Ana", requirements=(ArrivesBy(hour=18),)),
        Partygoer(id="g2", name="Zoë", requirements=(ArrivesBy(hour=20),)),
    ),
)


def party_spec(domain: PlanDomain[Party, Partygoer, int, Start]) -> DomainMetaSpec[Party]:
    metric = Metric(
        name="everyone_comes", domain=PartyDomain(), judge=domain.judge("everyone_comes")
    )
    return PlanMeta(domain, (1, 4), garble=garbled_hours).spec(metric)


@pytest.mark.parametrize(
    ("text", "score", "codes"),
    [
        ('{"hour": "20:00"}', 1.0, ["open", "there_in_time"] * 2),
        ('{"hour": "19:00"}', 0.5, ["open", "there_in_time", "open", "starts_too_early"]),
        ('{"hour": "23:00"}', 0.0, ["closed", "there_in_time"] * 2),
        ('{"hour": 20}', 0.0, ["bad_hour"] * 4),
    ],
)
def test_a_plan_domain_judges_the_plan_its_reader_reads(
    text: str, score: float, codes: list[str]
) -> None:
    verdict = PARTY.judge("everyone_comes")(EVENING, Transcript(final_text=text), 1.0)
    assert verdict.score == score
    assert [r.reason_code for s in verdict.subjects for r in s.results] == codes


def test_the_plain_rules_count_who_a_plan_serves_apart_from_the_checks() -> None:
    served = PARTY.served(EVENING)
    assert [served(hour) for hour in (16, 18, 20, 23)] == [0, 1, 2, 0]
    assert PARTY.served(EVENING, skip=("open",))(23) == 2
    assert PARTY.feasible(EVENING)
    assert not PARTY.feasible(EVENING.model_copy(update={"venue": Venue(opens=17, closes=19)}))
    assert PARTY.reasons == {
        "arrives_by": {"there_in_time", "starts_too_early"},
        "open": {"open", "closed"},
    }


def test_every_meta_test_of_a_plan_domain_with_a_shared_rule_is_derived_and_holds() -> None:
    spec = party_spec(PARTY)
    assert spec.shared_kinds == {"open"} and set(spec.violations) == {"arrives_by", "open"}
    run = run_checks(meta_checks(spec), meta_settings("mutation"))  # as above: 100 a property
    failed = [f"{r.check.id}: {r.message}" for r in run.results if r.status == "failed"]
    assert run.ok, failed


def _open_at_closing(req: Open, ctx: Start) -> RequirementResult:
    if ctx.venue.opens <= ctx.hour <= ctx.venue.closes:
        return RequirementResult.passed(req.kind, "open", f"{ctx.guest.name} can come in")
    return RequirementResult.failed(req.kind, "closed", f"{ctx.guest.name} finds it closed")


def test_a_wrong_shared_check_is_caught_by_its_derived_violation() -> None:
    spec = party_spec(make_party(_open_at_closing))
    [derived] = [c for c in meta_checks(spec) if c.id == "generated[violation-open]"]
    [result] = run_checks([derived], meta_settings("ci")).results
    assert result.status == "failed"
    assert "breaking the shared open requirement must serve none" in result.message


def test_a_shared_kind_that_cannot_be_broken_needs_the_domains_own_violations() -> None:
    with pytest.raises(ValueError, match="shared kind 'open' declares no broken"):
        party_spec(make_party(broken=None))
