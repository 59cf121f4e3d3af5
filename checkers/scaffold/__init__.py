"""``checkers new NAME``: scaffold a small working domain to edit into your own.

:func:`create_domain` writes, under a root directory::

    domains/NAME/      models, checks (each requirement kind declared once, and the domain as
                       the kit sees it), scenarios, metrics, meta (derived by the kit), tools,
                       evalset, known_answers.json, data/, README.md, agents/ (a scripted demo
                       agent; agents/solver/ is what adk eval loads)
    evalsets/NAME/     NAME.evalset.json and eval_config.json, runnable with adk eval
    pyproject.toml     only when the root has none: installs the domain (pip install -e ROOT)
    .gitignore         only when the root has none

The domain picks one option from a catalog for a group of members, with two requirement kinds
(``max_price``, ``needs_tag``) and one metric (``everyone_satisfied``); its meta-tests, derived
from the two kind declarations by :mod:`checkers.meta.choice`, pass as generated, and
``adk eval`` runs its eval set. ``docs/tutorial.md`` walks through it.

The files come from ``template/`` (``.tmpl`` suffix, so no tool collects them as code), with
``{{domain}}``, ``{{Domain}}`` and ``{{DOMAIN}}`` replaced by the name as given, in CamelCase
and in capitals, and a ``DOMAIN`` path segment by the name. ``domains`` is a namespace package
(no ``__init__.py``), so ``domains.NAME`` can live in another distribution, or in any directory
on ``PYTHONPATH``, beside the domains installed here.
"""

from __future__ import annotations

import argparse
import importlib.util
import keyword
import re
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from checkers.errors import ConfigError
from checkers.registry import ENTRY_POINT_GROUP

__all__ = ["add_new_parser", "check_name", "create_domain", "planned_files", "render"]

TEMPLATE_DIR = Path(__file__).resolve().parent / "template"
SUFFIX = ".tmpl"
NAME_PATTERN = re.compile(r"[a-z][a-z0-9_]*")
MAX_NAME = 24
"""Longest name: the generated code stays within 100 columns for names up to this long."""
PROJECT_FILES = {"pyproject.toml.tmpl": "pyproject.toml", "gitignore.tmpl": ".gitignore"}


@dataclass(frozen=True)
class Planned:
    """One file to write: its template and where it goes, relative to the root."""

    template: Path
    target: Path
    only_if_absent: bool = False
    """Project files (pyproject.toml, .gitignore) are never overwritten, not even with force."""


def camel(name: str) -> str:
    """``team_outings`` -> ``TeamOutings``."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def render(text: str, name: str) -> str:
    """A template's text with the domain name filled in (see the module docstring)."""
    return (
        text.replace("{{domain}}", name)
        .replace("{{Domain}}", camel(name))
        .replace("{{DOMAIN}}", name.upper())
    )


def check_name(name: str) -> None:
    """Raise ConfigError unless ``name`` can name a new domain package ``domains.<name>``."""
    if not NAME_PATTERN.fullmatch(name):
        suggestion = re.sub(r"[^a-z0-9_]+", "_", name.lower()).strip("_")
        if not suggestion or not suggestion[0].isalpha():
            suggestion = f"domain_{suggestion}".rstrip("_")
        raise ConfigError(
            f"domain name {name!r} is not a lowercase Python identifier; use lowercase letters, "
            f"digits and underscores, starting with a letter, e.g. {suggestion!r}"
        )
    if len(name) > MAX_NAME:
        raise ConfigError(
            f"domain name {name!r} has {len(name)} characters; use at most {MAX_NAME}, "
            f"e.g. {name[:MAX_NAME].rstrip('_')!r}"
        )
    if keyword.iskeyword(name):
        raise ConfigError(
            f"domain name {name!r} is a Python keyword, so domains.{name} cannot be imported; "
            f"pick another, e.g. {name + '_domain'!r}"
        )


def _registered(name: str) -> str | None:
    """Which entry point registers a domain called ``name``, if any."""
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == name:
            where = f" by {ep.dist.name}" if ep.dist is not None else ""
            return f"entry point {ep.name} = {ep.value!r} in group {ENTRY_POINT_GROUP!r}{where}"
    return None


def _importable_elsewhere(name: str, package_dir: Path) -> Path | None:
    """The directory of an importable ``domains.<name>`` that is not ``package_dir``."""
    try:
        spec = importlib.util.find_spec(f"domains.{name}")
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    found = [Path(p).resolve() for p in locations]
    if not found or package_dir.resolve() in found:
        return None
    return found[0]


def check_unused(name: str, root: Path) -> None:
    """Raise ConfigError when a domain called ``name`` already exists anywhere but in ``root``'s
    own ``domains/<name>`` (an installed domain is never overwritten, not even with force)."""
    registered = _registered(name)
    if registered is not None:
        raise ConfigError(
            f"a domain called {name!r} is already registered ({registered}); pick another name"
        )
    elsewhere = _importable_elsewhere(name, root / "domains" / name)
    if elsewhere is not None:
        raise ConfigError(
            f"a domain called {name!r} already exists: domains.{name} imports from {elsewhere}; "
            "pick another name"
        )


def planned_files(name: str, root: Path) -> list[Planned]:
    """Every file :func:`create_domain` writes for ``name`` under ``root``, in order."""
    plan = []
    for template in sorted((TEMPLATE_DIR / "domain").rglob(f"*{SUFFIX}")):
        relative = template.relative_to(TEMPLATE_DIR / "domain").with_suffix("")
        plan.append(Planned(template, Path("domains", name, relative)))
    for template in sorted((TEMPLATE_DIR / "evalsets").glob(f"*{SUFFIX}")):
        file_name = template.name.removesuffix(SUFFIX).replace("DOMAIN", name)
        plan.append(Planned(template, Path("evalsets", name, file_name)))
    if not (root / "pyproject.toml").exists():
        for source, target in PROJECT_FILES.items():
            plan.append(Planned(TEMPLATE_DIR / "project" / source, Path(target), True))
    return plan


def create_domain(name: str, root: Path, *, force: bool = False) -> list[Path]:
    """Write a new domain ``name`` under ``root`` (see the module docstring); return the paths
    written, relative to ``root``.

    Raises ConfigError, having written nothing, when the name is not a lowercase identifier,
    names a domain that exists elsewhere, or when files would be overwritten without ``force``.
    """
    check_name(name)
    if root.exists() and not root.is_dir():
        raise ConfigError(f"--root {str(root)!r} is a file; give a directory (it may not exist)")
    check_unused(name, root)
    plan = [
        p
        for p in planned_files(name, root)
        if not (p.only_if_absent and (root / p.target).exists())
    ]
    existing = [p.target.as_posix() for p in plan if (root / p.target).exists()]
    if existing and not force:
        more = f" and {len(existing) - 4} more" if len(existing) > 4 else ""
        shown = ", ".join(existing[:4]) + more
        raise ConfigError(
            f"{len(existing)} file(s) of domain {name!r} already exist under {root}: {shown}; "
            "nothing was written. Pass --force to overwrite them, or pick another name or --root"
        )
    for planned in plan:
        target = root / planned.target
        target.parent.mkdir(parents=True, exist_ok=True)
        text = planned.template.read_text(encoding="utf-8")
        target.write_text(render(text, name), encoding="utf-8")
    return [p.target for p in plan]


# --- the command line -------------------------------------------------------------------------

NEW_EXAMPLES = """examples:
  checkers new outings                    # writes domains/outings/ and evalsets/outings/ here
  checkers new outings --root ~/my-domains
  checkers new outings --force            # overwrite the files an earlier run wrote
then, in that directory (a step-by-step walk-through: docs/tutorial.md):
  export PYTHONPATH=$PWD                  # or install it: pip install -e .
  checkers meta outings
  adk eval domains/outings/agents/solver evalsets/outings/outings.evalset.json \\
      --config_file_path evalsets/outings/eval_config.json
exit code: 0 when the files were written; 2 for a bad name, a name in use, or files in the way.
"""


def next_steps(name: str, root: Path) -> list[str]:
    """What to run after scaffolding ``name`` into ``root``, as printed by ``checkers new``."""
    steps = [
        "export PYTHONPATH=$PWD    # or install it: pip install -e .",
        f"checkers meta {name}",
        f"adk eval domains/{name}/agents/solver evalsets/{name}/{name}.evalset.json "
        f"--config_file_path evalsets/{name}/eval_config.json",
    ]
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8") if pyproject.is_file() else ""
    registration = f'{name} = "domains.{name}:PLUGIN"'
    if registration not in text:
        steps += [
            "# and register the domain in your pyproject.toml, then pip install -e . again:",
            f'#   [project.entry-points."{ENTRY_POINT_GROUP}"]  {registration}',
        ]
    return steps


def run_new(args: argparse.Namespace) -> int:
    """The ``checkers new`` handler: scaffold, list the files, say what to run next."""
    root = Path(args.root)
    written = create_domain(args.name, root, force=args.force)
    print(f"created domain {args.name} in {root.resolve()} ({len(written)} files):")
    for path in written:
        print(f"  {path.as_posix()}")
    print(f"next, in {root.resolve()}:")
    for step in next_steps(args.name, root):
        print(f"  {step}")
    return 0


def add_new_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``new`` subcommand on ``subparsers`` (what ``add_subparsers`` returned); its
    handler is ``args.handler(args) -> exit code``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "new",
        help="scaffold a new domain whose meta-tests pass and that adk eval runs",
        description="Writes a small working domain to edit into your own: models, checks, a\n"
        "metric, data, hypothesis strategies, known answers, an eval set and config, and a\n"
        "scripted demo agent. Existing files are never overwritten without --force.",
        epilog=NEW_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("name", help="the domain's name, a lowercase identifier, e.g. outings")
    parser.add_argument(
        "--root", default=".", help="directory to write into (default: the current directory)"
    )
    parser.add_argument(
        "--force", action="store_true", help="overwrite files of the domain that already exist"
    )
    parser.set_defaults(handler=run_new)
    return parser
