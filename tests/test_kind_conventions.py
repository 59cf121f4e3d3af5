"""Conventions every registered requirement kind of every domain keeps, checked over the registry
(so a new kind, or a new domain found through its entry point, is held to them at once):

- frozen, and unknown fields rejected (a typo in a scenario file is an error, not ignored);
- its own docstring, saying what the requirement means;
- every field documented (the docstring under it becomes its description in the JSON schema);
- a string ``kind`` discriminator;
- declared once (:class:`~checkers.kinds.RequirementKind`, found by
  :func:`~checkers.kinds.declaration`): every reason code its check gives listed with when it
  gives it, at least one pass and one fail; ``any`` drawing valid requirements of the kind that
  round-trip through JSON, described in words when the kind describes them; and, around a plan of
  the domain, ``met_by`` drawing requirements its ``holds`` rule keeps and ``broken_by`` ones it
  rejects, with the code ``why_broken`` names among the declared ones.

A kind shared by every subject of a plan domain (:class:`checkers.plans.SharedKind`, scheduling's
meeting rules) counts as declared. Domains not yet migrated to declarations (orders) are held to
the model conventions only; a domain that declares one kind must declare all of them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers.kinds import KindExamples, RequirementKind, declaration, shared_declaration
from checkers.meta.registry import load_spec, meta_domains
from checkers.meta.spec import kind_name
from checkers.requirements import Requirement
from domains.dining.worlds import worlds
from domains.scheduling.checks import PLANS as SCHEDULING_PLANS

KINDS = [
    pytest.param(kind, id=f"{domain}-{kind.__name__}")
    for domain in meta_domains()
    for kind in load_spec(domain).checks.kinds()
]


def test_every_domain_registers_kinds() -> None:
    assert {"dining", "orders", "scheduling"} <= set(meta_domains())
    assert len(KINDS) >= 20


@pytest.mark.parametrize("kind", KINDS)
def test_a_kind_is_frozen_and_rejects_unknown_fields(kind: type[Requirement]) -> None:
    assert kind.model_config.get("frozen") is True
    assert kind.model_config.get("extra") == "forbid"


@pytest.mark.parametrize("kind", KINDS)
def test_a_kind_says_what_it_means(kind: type[Requirement]) -> None:
    own = kind.__dict__.get("__doc__") or ""
    assert len(own.split()) >= 5, f"{kind.__name__} needs a docstring saying what it requires"


@pytest.mark.parametrize("kind", KINDS)
def test_every_field_of_a_kind_is_documented(kind: type[Requirement]) -> None:
    undocumented = [
        name for name, info in kind.model_fields.items() if name != "kind" and not info.description
    ]
    assert not undocumented, (
        f"{kind.__name__}: document {', '.join(undocumented)} with a docstring under the field"
    )
    schema = kind.model_json_schema()
    for name in kind.model_fields:
        if name != "kind":
            assert schema["properties"][name].get("description"), (kind.__name__, name)


@pytest.mark.parametrize("kind", KINDS)
def test_a_kind_has_a_string_discriminator(kind: type[Requirement]) -> None:
    assert kind_name(kind).isidentifier()


# --- the declarations ---------------------------------------------------------------------------

PLANS: dict[str, st.SearchStrategy[Any]] = {
    "dining": worlds().map(lambda world: world.dinner),
    "scheduling": SCHEDULING_PLANS.worlds(st).map(lambda world: world[1]),
}
"""Per domain with declared kinds, plans its kinds' ``met_by`` and ``broken_by`` draw around."""
DOMAINS = {
    domain: {kind: declaration(kind) for kind in load_spec(domain).checks.kinds()}
    for domain in meta_domains()
}
DECLARED = [
    pytest.param(domain, declared, id=f"{domain}-{declared.name}")
    for domain, found in DOMAINS.items()
    for declared in found.values()
    if declared is not None
]
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_a_domain_that_declares_a_kind_declares_every_kind() -> None:
    assert all(DOMAINS["dining"].values()), "every dining kind is declared"
    for domain, found in DOMAINS.items():
        missing = sorted(
            kind.__name__
            for kind, declared in found.items()
            if declared is None and shared_declaration(kind) is None
        )
        assert not any(found.values()) or not missing, f"{domain}: declare {missing}"
        assert not any(found.values()) or domain in PLANS, f"{domain}: add its plans to PLANS"


@pytest.mark.parametrize(("domain", "declared"), DECLARED)
def test_a_declared_kind_lists_its_reason_codes(
    domain: str, declared: RequirementKind[Any, Any, Any]
) -> None:
    codes = declared.reasons
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", code) for code in codes), sorted(codes)
    whens = [when.split(":")[0] for when in codes.values()]
    assert set(whens) <= {"pass", "fail", "incomplete"}, codes
    assert "pass" in whens and "fail" in whens, f"{declared.name}: a pass and a fail code"
    assert all(len(when.split()) >= 3 for when in codes.values()), "say when each code is given"


@FEW
@given(data=st.data())
@pytest.mark.parametrize(("domain", "declared"), DECLARED)
def test_a_declared_kind_builds_valid_requirements(
    domain: str, declared: RequirementKind[Any, Any, Any], data: st.DataObject
) -> None:
    made = declared.examples(st)
    assert isinstance(made, KindExamples)
    requirement = data.draw(made.any)
    assert isinstance(requirement, declared.model)
    assert declared.model.model_validate_json(requirement.model_dump_json()) == requirement
    if declared.describe is not None:
        assert declared.describe(requirement).strip()


@FEW
@given(data=st.data())
@pytest.mark.parametrize(("domain", "declared"), DECLARED)
def test_met_by_holds_and_broken_by_does_not(
    domain: str, declared: RequirementKind[Any, Any, Any], data: st.DataObject
) -> None:
    plan = data.draw(PLANS[domain])
    made = declared.examples(st)
    met, broken = made.met_by(plan), made.broken_by(plan)
    if not met.is_empty:
        assert declared.holds(data.draw(met, label="met"), plan)
    if not broken.is_empty:
        requirement = data.draw(broken, label="broken")
        assert not declared.holds(requirement, plan)
        if made.why_broken is not None:
            code, words = made.why_broken(requirement, plan)
            assert declared.reasons.get(code, "").startswith("fail:"), code
            assert all(word.strip() for word in words)
