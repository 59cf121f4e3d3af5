"""A domain's one declaration to the framework: :class:`DomainPlugin`, where each part lives.

Each domain package declares its plugin (``domains/dining/__init__.py``)::

    PLUGIN = DomainPlugin(
        name="dining",
        subject_noun="guest",
        package=__name__,
        rubrics="rubrics:CHECKER_RUBRIC",
    )

and registers it, as built-in and third-party domains alike do, under the one entry point group
``checkers.domains`` (:mod:`checkers.registry` finds it)::

    [project.entry-points."checkers.domains"]
    dining = "domains.dining:PLUGIN"

Every part is a reference inside the domain's package: ``"module:attribute"`` for objects,
a relative path for files. Nothing is imported until a caller asks for that part, so finding a
domain imports only its package's ``__init__`` (no google-adk, no hypothesis). The defaults are
the layout ``checkers new`` writes: ``metrics.py`` defines ``METRICS``, ``meta.py`` defines
``meta_spec``, the checks live in ``checks.py``, the bundled data in ``data/`` and the agents
in ``agents/``.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Literal, get_args

from checkers.errors import ConfigError
from checkers.metric import Metric

ObjectPart = Literal["metrics", "meta_spec", "rubrics", "oracle"]
"""The fields of :class:`DomainPlugin` that name an object (``module:attribute``)."""
OBJECT_PARTS: tuple[ObjectPart, ...] = get_args(ObjectPart)
PLUGIN_ATTRIBUTE = "PLUGIN"
"""The name a domain package gives its plugin, where :mod:`checkers.registry` looks for it."""


def missing_dependency(module_name: str, error: ModuleNotFoundError) -> ConfigError | None:
    """The error to report when ``module_name`` exists but imports a module that is not
    installed (a domain's metrics module needs google-adk); None when ``module_name`` itself, or
    a package holding it, is what is missing."""
    missing = error.name or ""
    if not missing or module_name == missing or module_name.startswith(missing + "."):
        return None
    return ConfigError(
        f"{module_name} cannot be imported: it needs {missing!r}, which is not installed; "
        "install the project with its dependencies (pip install -e . brings google-adk), or "
        f"install the package that provides {missing!r}"
    )


def _object_ref(part: str, ref: str) -> None:
    """Raise ConfigError unless ``ref`` reads ``module:attribute`` (``part`` names the field)."""
    module, colon, attribute = ref.partition(":")
    names = [*module.split("."), attribute]
    if not colon or not all(name.isidentifier() for name in names):
        raise ConfigError(
            f"DomainPlugin {part}={ref!r} must name an object as 'module:attribute' inside the "
            "domain's package, e.g. 'metrics:METRICS'"
        )


def _file_ref(part: str, ref: str) -> None:
    """Raise ConfigError unless ``ref`` is a relative path that stays inside the package."""
    path = PurePosixPath(ref)
    if not ref or path.is_absolute() or ".." in path.parts or "\\" in ref:
        raise ConfigError(
            f"DomainPlugin {part}={ref!r} must be a path inside the domain's package, with "
            "'/' between parts, e.g. 'checks.py' or 'data'"
        )


@dataclass(frozen=True)
class DomainPlugin:
    """Where a domain's parts live (see the module docstring); each loads when asked for.

    Raises ConfigError when built with a reference that cannot name a part, showing it.
    """

    name: str
    """The domain's name on the command line and in the entry point, e.g. ``"dining"``."""
    subject_noun: str
    """What the domain's subjects are, singular, for people: ``"guest"``, ``"participant"``."""
    package: str
    """The domain's package, e.g. ``"domains.dining"`` (``__name__`` in its ``__init__``);
    every reference below is inside it."""
    metrics: str = "metrics:METRICS"
    """The mapping of metric name to :class:`~checkers.metric.Metric`. Its module may import
    google-adk (it defines the functions eval configs name)."""
    meta_spec: str | None = "meta:meta_spec"
    """The factory ``(min_subjects=1, max_subjects=6) -> DomainMetaSpec`` of the meta-tests;
    None for a domain without meta-tests."""
    mutate: tuple[str, ...] = ("checks.py",)
    """The files ``checkers mutate`` mutates when given no ``--module``: the domain's rules (a
    directory names every ``.py`` file in it: a package of rule families)."""
    data: str = "data"
    """The directory of the bundled scenarios and data files."""
    rubrics: str | None = None
    """The :class:`~checkers.rubric.calibrate.CheckerRubric` that states a requirement the
    checks decide as a rubric, for ``checkers calibrate --against-checker``; None: no such
    rubric."""
    agents: str | None = "agents"
    """The package whose subpackages are the domain's ADK agents (what ``adk eval`` loads);
    None, or no such directory: the domain has no agents."""
    oracle: str | None = None
    """The function ``scenario -> Oracle`` giving the exact truth about any answer, for the
    meta-tests; None when the space of answers is not finite."""
    labelled: str | None = None
    """A JSONL file of answers labelled by people against one of the domain's rubrics (one
    :class:`~checkers.rubric.calibrate.LabelledExample` per line), inside the package, e.g.
    ``"data/labelled_explanations.jsonl"``: what ``checkers calibrate`` measures a judge on when
    given no ``--labels``. None: the domain bundles none."""

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ConfigError(
                f"DomainPlugin name {self.name!r} must be a Python identifier, e.g. 'outings'"
            )
        if not all(part.isidentifier() for part in self.package.split(".")):
            raise ConfigError(
                f"DomainPlugin package {self.package!r} must be a dotted module name, e.g. "
                f"'domains.{self.name}' (write package=__name__ in the package's __init__.py)"
            )
        for part in OBJECT_PARTS:
            ref = getattr(self, part)
            if ref is not None:
                _object_ref(part, ref)
        if isinstance(self.mutate, str) or not self.mutate:
            raise ConfigError(
                f"DomainPlugin mutate={self.mutate!r} must be a non-empty tuple of files, e.g. "
                "('checks.py',)"
            )
        for ref in self.mutate:
            _file_ref("mutate", ref)
        _file_ref("data", self.data)
        if self.labelled is not None:
            _file_ref("labelled", self.labelled)
        if self.agents is not None and not all(p.isidentifier() for p in self.agents.split(".")):
            raise ConfigError(
                f"DomainPlugin agents={self.agents!r} must name a subpackage, e.g. 'agents'"
            )

    def module_of(self, part: ObjectPart) -> str:
        """The full module name of the reference in field ``part``, e.g.
        ``"domains.dining.metrics"`` for ``metrics``."""
        ref = getattr(self, part)
        if ref is None:
            raise ConfigError(f"domain {self.name!r} declares no {part}")
        return f"{self.package}.{ref.partition(':')[0]}"

    def load(self, part: ObjectPart) -> Any:
        """The object the reference in field ``part`` names, importing its module now.

        Raises ConfigError when the field is None, its module or attribute does not exist, or
        its module needs a package that is not installed (naming it)."""
        module_name = self.module_of(part)
        attribute = str(getattr(self, part)).partition(":")[2]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            problem = missing_dependency(module_name, error)
            if problem is not None:
                raise problem from error
            raise ConfigError(
                f"the plugin of domain {self.name!r} names {part}={getattr(self, part)!r}, but "
                f"there is no module {module_name}; fix the reference or add the module"
            ) from error
        try:
            return getattr(module, attribute)
        except AttributeError:
            raise ConfigError(
                f"the plugin of domain {self.name!r} names {part}={getattr(self, part)!r}, but "
                f"{module_name} defines no {attribute}; fix the reference or define it"
            ) from None

    def load_metrics(self) -> dict[str, Metric[Any]]:
        """The domain's metrics by name, in declaration order (the first is the default one).
        Raises ConfigError as :meth:`load` does, or when they are not a non-empty mapping."""
        metrics = self.load("metrics")
        if not isinstance(metrics, Mapping) or not metrics:
            raise ConfigError(
                f"{self.module_of('metrics')}.{self.metrics.partition(':')[2]} must be a "
                "non-empty mapping of metric name to Metric, e.g. "
                "METRICS = {metric.name: metric for metric in (...)}"
            )
        return dict(metrics)

    def load_meta_spec_factory(self) -> Callable[..., Any] | None:
        """The factory of the domain's meta spec (its callers check what it returns), or None
        when the domain has no meta-tests."""
        return self._load_function(
            "meta_spec", "a function meta_spec(min_subjects, max_subjects) -> DomainMetaSpec"
        )

    def load_oracle(self) -> Callable[[Any], Any] | None:
        """The domain's oracle function, or None when it declares none."""
        return self._load_function("oracle", "a function scenario -> Oracle")

    def _load_function(self, part: ObjectPart, shape: str) -> Callable[..., Any] | None:
        """The function ``part`` names, None when it names none; ConfigError (saying ``shape``,
        what it must be) when it names something that cannot be called."""
        if getattr(self, part) is None:
            return None
        found = self.load(part)
        if not callable(found):
            raise ConfigError(
                f"the {part.replace('_', ' ')} of {self.name!r} must be {shape}, got "
                f"{type(found).__name__}"
            )
        return found  # type: ignore[no-any-return]

    def package_dir(self) -> Path:
        """The directory of the domain's package, found without running any of its modules
        beyond the packages holding it."""
        try:
            spec = importlib.util.find_spec(self.package)
        except ModuleNotFoundError:
            spec = None
        locations = list(spec.submodule_search_locations or []) if spec is not None else []
        if not locations:
            raise ConfigError(
                f"the package {self.package!r} of domain {self.name!r} cannot be found; install "
                "the domain or put its root on PYTHONPATH"
            )
        return Path(locations[0])

    def data_dir(self) -> Path:
        """The directory of the bundled scenarios and data files."""
        return self.package_dir() / self.data

    def labelled_file(self) -> Path | None:
        """The file :attr:`labelled` names, or None when the domain bundles no labelled set."""
        return None if self.labelled is None else self.package_dir() / self.labelled

    def project_path(self, ref: str) -> str:
        """The path ``ref`` inside the package, relative to the project root the package is
        under (the form ``checkers mutate --module`` takes): ``"checks.py"`` ->
        ``"domains/dining/checks.py"``."""
        return str(PurePosixPath(*self.package.split("."), ref))

    def mutated_files(self) -> list[str]:
        """The files :attr:`mutate` names, relative to the project root, e.g.
        ``["domains/dining/checks.py"]``."""
        return [self.project_path(ref) for ref in self.mutate]

    def agent_packages(self) -> list[str]:
        """The domain's agents, as the packages ``adk eval`` loads (e.g.
        ``domains.dining.agents.careful``), sorted; none when it declares no agents or their
        directory does not exist. Lists them without importing any (an agent imports
        google-adk)."""
        if self.agents is None:
            return []
        package = f"{self.package}.{self.agents}"
        path = self.package_dir().joinpath(*self.agents.split("."))
        return sorted(
            f"{package}.{found.name}" for found in pkgutil.iter_modules([str(path)]) if found.ispkg
        )
