"""One entry point per domain: each bundled domain's ``DomainPlugin``, found through the
``checkers.domains`` group, and every part it names; the errors for what is unknown, misnamed or
registered the earlier way."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest

import domains.dining
from checkers import registry
from checkers.errors import ConfigError
from checkers.meta.mutation import PROJECT_ROOT, modules_under, run_mutation
from checkers.meta.registry import load_spec, meta_domains, with_oracle
from checkers.meta.spec import DomainMetaSpec
from checkers.registry import ENTRY_POINT_GROUP, domain_names, find_metric, find_plugin
from checkers.rubric.calibrate import CheckerRubric, checker_rubric
from checkers.scaffold import create_domain

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ["airline", "dining", "orders", "scheduling"]
"""The domains with every part: meta-tests, agents, data."""
REGISTERED = BUNDLED
"""Every bundled domain."""
DISTRIBUTION = "adk-requirement-checkers"


def ours(group: str) -> dict[str, str]:
    """This project's entry points in ``group``: name -> value."""
    return {
        ep.name: ep.value
        for ep in entry_points(group=group)
        if ep.dist is not None and ep.dist.name == DISTRIBUTION
    }


def registered_as(monkeypatch: pytest.MonkeyPatch, *found: EntryPoint) -> None:
    """Make ``found`` the only installed entry points (of any group)."""
    monkeypatch.setattr(
        registry, "entry_points", lambda group: [ep for ep in found if ep.group == group]
    )


def test_each_bundled_domain_is_registered_once_by_its_plugin() -> None:
    assert ours(ENTRY_POINT_GROUP) == {name: f"domains.{name}:PLUGIN" for name in REGISTERED}
    assert ours("checkers.meta") == {}, "the checkers.meta group is retired"
    assert set(REGISTERED) <= set(domain_names())
    assert find_plugin("dining") is domains.dining.PLUGIN
    assert set(BUNDLED) <= set(meta_domains())


@pytest.mark.parametrize("name", BUNDLED)
def test_every_part_a_bundled_plugin_names_loads(name: str) -> None:
    plugin = find_plugin(name)
    assert (plugin.name, plugin.package) == (name, f"domains.{name}")
    metrics = plugin.load_metrics()
    assert metrics, name
    # The plugin's noun is the one the metrics' domain shows people (details, check output).
    assert {m.domain.subject_noun for m in metrics.values()} == {plugin.subject_noun}
    assert find_metric(name) is next(iter(metrics.values()))
    spec = load_spec(name)
    assert isinstance(spec, DomainMetaSpec)
    assert spec.domain == name
    if plugin.oracle is not None:
        assert spec.oracle is plugin.load_oracle()
    assert sorted(plugin.data_dir().iterdir()), f"{plugin.data_dir()} holds no data"
    assert modules_under(ROOT, plugin.mutated_files())
    agents = plugin.agent_packages()
    assert agents, name
    for package in agents:
        assert (ROOT / package.replace(".", "/") / "agent.py").is_file(), package
    if plugin.rubrics is not None:
        assert isinstance(checker_rubric(name), CheckerRubric)


def test_what_each_bundled_plugin_declares() -> None:
    airline, dining, orders, scheduling = (find_plugin(name) for name in BUNDLED)
    assert [p.subject_noun for p in (airline, dining, orders, scheduling)] == [
        "requirement",
        "guest",
        "requirement",
        "participant",
    ]
    assert dining.mutated_files() == ["domains/dining/checks.py"]
    assert airline.mutated_files() == [
        f"domains/airline/{name}.py"
        for name in (
            "checks",
            "conduct",
            "confirmation",
            "policy",
            "fabrication",
            "listing_counts",
            "passenger_names",
            "split_said",
            "cost_said",
            "flights_said",
            "insurance_said",
        )
    ]
    assert airline.agent_packages() == [
        "domains.airline.agents.careful",
        "domains.airline.agents.flawed",
    ]
    assert orders.mutated_files() == [
        "domains/orders/checks",
        "domains/orders/claims.py",
        "domains/orders/listing.py",
        "domains/orders/addresses.py",
        "domains/orders/options.py",
    ]
    assert dining.rubrics == "rubrics:CHECKER_RUBRIC"
    assert (orders.rubrics, scheduling.rubrics, orders.oracle) == (None, None, None)
    assert "domains.dining.agents.careful" in dining.agent_packages()
    assert scheduling.agent_packages() == [
        "domains.scheduling.agents.first_slot",
        "domains.scheduling.agents.solver",
    ]


FIND_ALL = r"""
import json, sys
from checkers.registry import domain_names, find_plugin

plugins = [find_plugin(name) for name in domain_names()]
heavy = sorted(
    m for m in sys.modules
    if m.startswith(("google.adk", "google.genai", "hypothesis"))
    or m.endswith((".metrics", ".meta", ".rubrics", ".checks", ".agents"))
)
print(json.dumps({"found": [p.name for p in plugins], "heavy": heavy}))
"""


def test_finding_every_domain_imports_nothing_heavy() -> None:
    done = subprocess.run(
        [sys.executable, "-c", FIND_ALL],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    outcome = json.loads(done.stdout)
    assert set(BUNDLED) <= set(outcome["found"])
    assert outcome["heavy"] == []


def test_an_unknown_domain_names_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    known = ", ".join(domain_names())
    expected = (
        "unknown domain 'nosuch': no entry point nosuch in group 'checkers.domains' and no "
        f"package domains.nosuch; known domains: {known}"
    )
    for find in (find_plugin, registry.domain_metrics, load_spec, checker_rubric):
        with pytest.raises(ConfigError) as caught:
            find("nosuch")
        assert str(caught.value) == expected, find
    from checkers.cli import main

    assert main(["check", "no such", "--scenario", "x", "--answer", "{}"]) == 2
    assert "unknown domain 'no such': " in capsys.readouterr().err


OLD_FIX = (
    "registers the domain the earlier way; register its plugin instead, once, in "
    'pyproject.toml: [project.entry-points."checkers.domains"] outings = '
    '"domains.outings:PLUGIN" (a checkers.plugin.DomainPlugin in domains.outings), remove any '
    "'checkers.meta' entry points, and reinstall the distribution (pip install -e .)"
)


def test_an_entry_point_of_the_earlier_shape_says_how_to_register_the_plugin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registered_as(
        monkeypatch,
        EntryPoint("outings", "domains.outings.metrics", ENTRY_POINT_GROUP),
        EntryPoint("outings", "domains.outings.meta:meta_spec", "checkers.meta"),
    )
    with pytest.raises(ConfigError) as caught:
        find_plugin("outings")
    assert str(caught.value) == (
        "entry point outings = 'domains.outings.metrics' in group 'checkers.domains' " + OLD_FIX
    )


def test_a_domain_registered_only_in_the_retired_group_says_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registered_as(
        monkeypatch, EntryPoint("outings", "domains.outings.meta:meta_spec", "checkers.meta")
    )
    with pytest.raises(ConfigError) as caught:
        find_plugin("outings")
    assert str(caught.value) == (
        "entry point outings = 'domains.outings.meta:meta_spec' in group 'checkers.meta' " + OLD_FIX
    )


def test_an_entry_point_naming_something_else_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    registered_as(
        monkeypatch,
        EntryPoint("dining", "domains.dining:__doc__", ENTRY_POINT_GROUP),
        EntryPoint("eating", "domains.dining:PLUGIN", ENTRY_POINT_GROUP),
        EntryPoint("gone", "domains.dining:NOPE", ENTRY_POINT_GROUP),
    )
    with pytest.raises(ConfigError) as caught:
        find_plugin("dining")
    assert str(caught.value) == (
        "domains.dining:__doc__ is a str, not a checkers.plugin.DomainPlugin; declare "
        'PLUGIN = DomainPlugin(name="dining", subject_noun="...", package=__name__)'
    )
    with pytest.raises(ConfigError) as caught:
        find_plugin("eating")
    assert str(caught.value) == (
        "domain 'eating' is registered with a plugin named 'dining'; give the entry point and "
        "DomainPlugin(name=...) the same name"
    )
    with pytest.raises(ConfigError) as caught:
        find_plugin("gone")
    assert str(caught.value) == (
        "entry point gone = 'domains.dining:NOPE' in group 'checkers.domains': domains.dining "
        "defines no NOPE; add NOPE = DomainPlugin(...) there"
    )


def write_package(root: Path, name: str, body: str) -> None:
    package = root / "domains" / name
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(body, encoding="utf-8")


def test_a_package_on_the_path_is_found_without_an_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_package(
        tmp_path,
        "probe_plugin",
        "from checkers.plugin import DomainPlugin\n"
        'PLUGIN = DomainPlugin(name="probe_plugin", subject_noun="member", package=__name__,'
        ' metrics="absent:METRICS", data="files")\n',
    )
    write_package(tmp_path, "probe_bare", '"""No plugin here."""\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("probe_plugin", "probe_bare"):
        monkeypatch.delitem(sys.modules, f"domains.{name}", raising=False)
    plugin = find_plugin("probe_plugin")
    assert "probe_plugin" not in domain_names()
    assert plugin.data_dir() == tmp_path / "domains" / "probe_plugin" / "files"
    assert plugin.agent_packages() == []
    with pytest.raises(ConfigError) as caught:
        plugin.load_metrics()
    assert str(caught.value) == (
        "the plugin of domain 'probe_plugin' names metrics='absent:METRICS', but there is no "
        "module domains.probe_plugin.absent; fix the reference or add the module"
    )
    with pytest.raises(ConfigError) as caught:
        find_plugin("probe_bare")
    assert str(caught.value) == (
        "domains.probe_bare defines no PLUGIN, so it is no domain; declare one in its "
        '__init__.py: PLUGIN = DomainPlugin(name="probe_bare", subject_noun="...", '
        "package=__name__) (see checkers/plugin.py)"
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"metrics": "domains.dining.metrics"},
            "DomainPlugin metrics='domains.dining.metrics' must name an object as "
            "'module:attribute' inside the domain's package, e.g. 'metrics:METRICS'",
        ),
        (
            {"mutate": ("../checkers/plugin.py",)},
            "DomainPlugin mutate='../checkers/plugin.py' must be a path inside the domain's "
            "package, with '/' between parts, e.g. 'checks.py' or 'data'",
        ),
        (
            {"mutate": "checks.py"},
            "DomainPlugin mutate='checks.py' must be a non-empty tuple of files, e.g. "
            "('checks.py',)",
        ),
        (
            {"package": "domains/dining"},
            "DomainPlugin package 'domains/dining' must be a dotted module name, e.g. "
            "'domains.dining' (write package=__name__ in the package's __init__.py)",
        ),
        (
            {"name": "team-outings"},
            "DomainPlugin name 'team-outings' must be a Python identifier, e.g. 'outings'",
        ),
    ],
    ids=["object-without-colon", "path-outside", "mutate-not-a-tuple", "package-path", "name"],
)
def test_a_reference_that_cannot_name_a_part_is_refused_when_declared(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        replace(domains.dining.PLUGIN, **changes)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_a_missing_attribute_and_a_domain_without_rubric_say_what_to_add() -> None:
    misnamed = replace(domains.dining.PLUGIN, oracle="meta:no_such_oracle")
    with pytest.raises(ConfigError) as caught:
        misnamed.load_oracle()
    assert str(caught.value) == (
        "the plugin of domain 'dining' names oracle='meta:no_such_oracle', but "
        "domains.dining.meta defines no no_such_oracle; fix the reference or define it"
    )
    with pytest.raises(ConfigError) as caught:
        checker_rubric("orders")
    assert str(caught.value) == (
        "domain 'orders' states no requirement as a rubric: its plugin names no rubrics; "
        "define CHECKER_RUBRIC = CheckerRubric(...) (see domains/dining/rubrics.py) and name it "
        "in the plugin: rubrics='rubrics:CHECKER_RUBRIC'"
    )


def test_the_plugins_oracle_fills_a_spec_without_one_and_is_declared_once() -> None:
    dining = load_spec("dining")
    oracle = find_plugin("dining").load_oracle()
    assert oracle is not None
    bare = replace(dining, oracle=None)
    assert with_oracle("dining", bare, oracle).oracle is oracle
    assert with_oracle("dining", dining, None) is dining
    another = find_plugin("scheduling").load_oracle()
    with pytest.raises(ConfigError) as caught:
        with_oracle("dining", replace(dining, oracle=another), oracle)
    assert str(caught.value).startswith("the meta spec of 'dining' and its plugin name two oracles")
    assert str(caught.value).endswith("; declare it once, in the plugin")


def test_the_mutation_runner_mutates_what_the_plugin_names(tmp_path: Path) -> None:
    # An empty root holds none of the plugin's files, so the runner stops before cosmic-ray.
    with pytest.raises(ConfigError) as caught:
        run_mutation("orders", root=tmp_path)
    assert str(caught.value) == (
        "nothing to mutate: domains/orders/checks, domains/orders/claims.py, "
        "domains/orders/listing.py, domains/orders/addresses.py, domains/orders/options.py not "
        f"found under {tmp_path}"
    )


def test_a_meta_spec_or_oracle_that_cannot_be_called_is_named_with_its_shape() -> None:
    dining = find_plugin("dining")
    with pytest.raises(ConfigError) as caught:
        replace(dining, meta_spec="checks:ALLERGY").load_meta_spec_factory()
    assert str(caught.value) == (
        "the meta spec of 'dining' must be a function meta_spec(min_subjects, max_subjects) -> "
        "DomainMetaSpec, got RequirementKind"
    )
    with pytest.raises(ConfigError) as caught:
        replace(dining, oracle="checks:checks").load_oracle()
    assert str(caught.value) == (
        "the oracle of 'dining' must be a function scenario -> Oracle, got CheckRegistry"
    )
    assert replace(dining, oracle=None).load_oracle() is None


def test_a_directory_to_mutate_names_every_python_file_in_it() -> None:
    assert modules_under(PROJECT_ROOT, ["domains/orders/checks", "domains/orders/claims.py"]) == [
        "domains/orders/checks/__init__.py",
        "domains/orders/checks/confirmation.py",
        "domains/orders/checks/context.py",
        "domains/orders/checks/conveyed.py",
        "domains/orders/checks/fabrication.py",
        "domains/orders/checks/identity.py",
        "domains/orders/checks/outcome.py",
        "domains/orders/checks/policy.py",
        "domains/orders/claims.py",
    ]


def test_a_scaffolded_domain_registers_through_the_one_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = "probe_registered"
    create_domain(name, tmp_path)
    project = (tmp_path / "pyproject.toml").read_text(encoding="utf-8")
    assert f'[project.entry-points."{ENTRY_POINT_GROUP}"]\n{name} = "domains.{name}:PLUGIN"\n' in (
        project
    )
    assert project.count("[project.entry-points.") == 1
    # Before it is installed, the package on the path is found by its PLUGIN (only its
    # __init__ is imported: its metrics and agents stay out of this process).
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, f"domains.{name}", raising=False)
    plugin = find_plugin(name)
    assert (plugin.subject_noun, plugin.package) == ("member", f"domains.{name}")
    assert plugin.agent_packages() == [f"domains.{name}.agents.solver"]
    assert [(tmp_path / path).is_file() for path in plugin.mutated_files()] == [True]
    assert f"domains.{name}.metrics" not in sys.modules
