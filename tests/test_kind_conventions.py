"""Conventions every registered requirement kind of every domain keeps, checked over the registry
(so a new kind, or a new domain found through its entry point, is held to them at once):

- frozen, and unknown fields rejected (a typo in a scenario file is an error, not ignored);
- its own docstring, saying what the requirement means;
- every field documented (the docstring under it becomes its description in the JSON schema);
- a string ``kind`` discriminator.
"""

from __future__ import annotations

import pytest

from checkers.meta.registry import load_spec, meta_domains
from checkers.meta.spec import kind_name
from checkers.requirements import Requirement

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
