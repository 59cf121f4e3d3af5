"""pytest plugin (entry point ``pytest11``): every registered domain's meta-tests as test items.

What it adds:

- ``--checkers-meta=DOMAINS`` (comma-separated, or ``all``) collects the meta-tests of those
  domains as items ``checkers-meta/<domain>::<id>``, e.g.
  ``checkers-meta/dining::generated[violation-allergy]`` or
  ``checkers-meta/dining::known[story-six-top-rated]``. The ini option ``checkers_meta`` does
  the same for runs that name no paths (plain ``pytest``, which collects ``testpaths``), so a
  project's CI gets the meta-tests without a test file; a run that names paths gets them only
  with the command-line option.
- A known-answers file named on the command line (``pytest domains/dining/known_answers.json``)
  is collected too, one item per case; the domain is the file's parent directory name.
- ``--checkers-meta-profile=ci|thorough`` picks the hypothesis profile (default
  ``$CHECKERS_META_PROFILE`` or ``ci``: 200 examples per property, fixed seed) and
  ``--checkers-meta-subjects=LO-HI`` the number of subjects per generated scenario.

Every item carries the ``checkers_meta`` marker, so ``-m "not checkers_meta"`` leaves them out.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from checkers.meta.profiles import meta_settings
from checkers.meta.registry import load_spec, meta_domains, parse_subjects
from checkers.meta.runner import MetaCheck, failure_text, meta_checks
from checkers.meta.spec import DomainMetaSpec
from checkers.meta.stats import MetaStats

MARKER = "checkers_meta"
KNOWN_ANSWERS_NAME = "known_answers.json"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("checkers-meta", "meta-tests of requirement checkers")
    group.addoption(
        "--checkers-meta",
        metavar="DOMAINS",
        help="collect the meta-tests of these domains (comma-separated, or 'all')",
    )
    group.addoption(
        "--checkers-meta-profile",
        metavar="PROFILE",
        help="hypothesis profile of the meta-tests: ci (default) or thorough",
    )
    group.addoption(
        "--checkers-meta-subjects",
        metavar="LO-HI",
        help="subjects per generated scenario, e.g. 2-6 or 50-50 (default: the domain's)",
    )
    parser.addini(
        "checkers_meta",
        "domains whose meta-tests a run without path arguments collects ('all' for every one)",
        type="linelist",
        default=[],
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"{MARKER}: a meta-test of a requirement checker (checkers.meta plugin)"
    )


def chosen_domains(config: pytest.Config) -> list[str]:
    """The domains whose meta-tests this run collects (see the module docstring)."""
    option = config.getoption("--checkers-meta")
    if option:
        names = [n.strip() for n in str(option).split(",") if n.strip()]
    elif config.args_source == pytest.Config.ArgsSource.TESTPATHS:
        names = list(config.getini("checkers_meta"))
    else:
        names = []
    if "all" in names:
        try:
            return meta_domains()
        except ValueError as error:  # a registered domain that does not load
            raise pytest.UsageError(f"checkers-meta: {error}") from error
    return names


class MetaItem(pytest.Item):
    """One meta-test (see :class:`~checkers.meta.runner.MetaCheck`)."""

    def __init__(self, *, check: MetaCheck, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.check = check
        self.add_marker(MARKER)

    def runtest(self) -> None:
        if self.check.exempt is not None:
            pytest.skip(f"not applicable: {self.check.exempt}")
        profile = self.config.getoption("--checkers-meta-profile")
        try:
            chosen = meta_settings(profile)
        except ValueError as error:
            raise pytest.UsageError(str(error)) from error
        self.check.run(chosen, MetaStats())

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, AssertionError):
            return f"{self.check.domain} {self.check.id} failed:\n{failure_text(excinfo.value)}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"checkers-meta/{self.check.domain}::{self.check.id}"


class MetaDomain(pytest.Collector):
    """The meta-tests of one domain."""

    def __init__(
        self, *, spec: DomainMetaSpec[Any], checks: list[MetaCheck], **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.spec = spec
        self.checks = checks

    def collect(self) -> Iterator[MetaItem]:
        for check in self.checks:
            yield MetaItem.from_parent(self, name=check.id, check=check)


def _spec(config: pytest.Config, domain: str) -> DomainMetaSpec[Any]:
    try:
        subjects = parse_subjects(config.getoption("--checkers-meta-subjects"))
        return load_spec(domain, subjects)
    except (ValueError, LookupError) as error:
        raise pytest.UsageError(f"checkers-meta: {error}") from error


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    for domain in chosen_domains(config):
        spec = _spec(config, domain)
        name = f"checkers-meta/{domain}"
        collector = MetaDomain.from_parent(
            session, name=name, nodeid=name, spec=spec, checks=meta_checks(spec)
        )
        items.extend(collector.collect())


class KnownAnswersFile(pytest.File):
    """A known-answers file named on the command line: one item per case."""

    def collect(self) -> Iterator[MetaItem]:
        spec = _spec(self.config, self.path.parent.name)
        spec = _with_known(spec, self.path)
        for check in meta_checks(spec):
            if check.group == "known":
                yield MetaItem.from_parent(self, name=check.id, check=check)


def _with_known(spec: DomainMetaSpec[Any], path: Path) -> DomainMetaSpec[Any]:
    return replace(spec, known_answers=path)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> KnownAnswersFile | None:
    if file_path.name == KNOWN_ANSWERS_NAME and parent.session.isinitpath(file_path):
        return KnownAnswersFile.from_parent(parent, path=file_path)
    return None
