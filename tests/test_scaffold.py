"""``checkers new``: a scaffolded domain, in a temporary directory, that installs nowhere and yet
passes its meta-tests and ``adk eval`` at once.

The scaffolded domain is never imported into this process (its policy and metrics would stay
registered): every run of it is a subprocess with the temporary root on ``PYTHONPATH``, which
finds ``domains.<name>`` beside the installed domains because ``domains`` is a namespace
package.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from checkers.cli import main
from checkers.errors import ConfigError
from checkers.scaffold import (
    MAX_NAME,
    TEMPLATE_DIR,
    check_name,
    create_domain,
    planned_files,
    render,
)

ROOT = Path(__file__).resolve().parents[1]
NAME = "probe_outings"
"""A name no real domain uses, so the scaffold never clashes with one."""
VENV_BIN = Path(sys.executable).parent
HYPOTHESIS_CACHE = ROOT / ".hypothesis"


def domain_env(root: Path) -> dict[str, str]:
    """The environment of a scaffolded domain's subprocesses: the domain importable from
    ``root``, the checkers from this checkout (not whichever one is installed)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CHECKERS_", "PYTHONPATH"))}
    env.update(
        PYTHONPATH=f"{root}{os.pathsep}{ROOT}",
        PATH=f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}",
        CHECKERS_OFFLINE="1",
        CHECKERS_DETAILS_DIR=str(root / "details"),
        PYTHONDONTWRITEBYTECODE="1",
        # hypothesis's tables of which characters each codec holds, computed once (seconds
        # each) and kept under its storage directory, else each temporary root computes them
        HYPOTHESIS_STORAGE_DIRECTORY=str(HYPOTHESIS_CACHE),
    )
    return env


def run(args: Sequence[str], root: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(args),
        cwd=root,
        env=domain_env(root),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A domain scaffolded through the command line into a fresh temporary directory."""
    root = tmp_path_factory.mktemp("scaffold") / "project"
    assert main(["new", NAME, "--root", str(root)]) == 0
    return root


# --- names and files ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "Outings",
            "domain name 'Outings' is not a lowercase Python identifier; use lowercase letters, "
            "digits and underscores, starting with a letter, e.g. 'outings'",
        ),
        (
            "team-outings",
            "domain name 'team-outings' is not a lowercase Python identifier; use lowercase "
            "letters, digits and underscores, starting with a letter, e.g. 'team_outings'",
        ),
        (
            "1st",
            "domain name '1st' is not a lowercase Python identifier; use lowercase letters, "
            "digits and underscores, starting with a letter, e.g. 'domain_1st'",
        ),
        (
            "class",
            "domain name 'class' is a Python keyword, so domains.class cannot be imported; "
            "pick another, e.g. 'class_domain'",
        ),
        (
            "a" * 30,
            f"domain name {'a' * 30!r} has 30 characters; use at most {MAX_NAME}, "
            f"e.g. {'a' * MAX_NAME!r}",
        ),
    ],
)
def test_bad_names_are_refused_with_the_fix(name: str, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        check_name(name)
    assert str(caught.value) == message


def test_a_name_in_use_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        create_domain("dining", tmp_path)
    assert str(caught.value).startswith(
        "a domain called 'dining' is already registered (entry point dining = "
        "'domains.dining:PLUGIN' in group 'checkers.domains'"
    )
    assert str(caught.value).endswith("; pick another name")
    assert list(tmp_path.iterdir()) == []


def test_command_line_lists_files_and_next_steps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", NAME, "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"created domain {NAME} in {tmp_path.resolve()} (15 files):"
    assert f"  domains/{NAME}/models.py" in out
    assert f"  evalsets/{NAME}/{NAME}.evalset.json" in out
    assert "  pyproject.toml" in out
    assert out[-1] == (
        f"  adk eval domains/{NAME}/agents/solver evalsets/{NAME}/{NAME}.evalset.json "
        f"--config_file_path evalsets/{NAME}/eval_config.json"
    )


def test_existing_files_are_not_overwritten_without_force(tmp_path: Path) -> None:
    create_domain(NAME, tmp_path)
    models = tmp_path / "domains" / NAME / "models.py"
    models.write_text("# mine\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        create_domain(NAME, tmp_path)
    assert str(caught.value) == (
        f"13 file(s) of domain {NAME!r} already exist under {tmp_path}: "
        f"domains/{NAME}/README.md, domains/{NAME}/__init__.py, "
        f"domains/{NAME}/agents/solver/__init__.py, domains/{NAME}/checks.py and 9 more; "
        "nothing was written. Pass --force to overwrite them, or pick another name or --root"
    )
    assert models.read_text(encoding="utf-8") == "# mine\n"
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("# my project\n", encoding="utf-8")
    written = create_domain(NAME, tmp_path, force=True)
    assert Path("pyproject.toml") not in written, "a project file is never overwritten"
    assert pyproject.read_text(encoding="utf-8") == "# my project\n"
    assert models.read_text(encoding="utf-8") != "# mine\n"


def test_a_root_with_a_pyproject_gets_only_the_domain_and_a_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'mine'\n", encoding="utf-8")
    assert main(["new", NAME, "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert not (tmp_path / ".gitignore").exists()
    hint = f'#   [project.entry-points."checkers.domains"]  {NAME} = "domains.{NAME}:PLUGIN"'
    assert hint in out


def test_a_file_as_root_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "f").write_text("", encoding="utf-8")
    assert main(["new", NAME, "--root", str(tmp_path / "f")]) == 2
    assert capsys.readouterr().err == (
        f"checkers: error: --root {str(tmp_path / 'f')!r} is a file; give a directory "
        "(it may not exist)\n"
    )


def test_every_template_renders_to_a_file_without_placeholders(tmp_path: Path) -> None:
    plan = planned_files(NAME, tmp_path)
    templates = sorted(TEMPLATE_DIR.rglob("*.tmpl"))
    assert sorted(p.template for p in plan) == templates
    for planned in plan:
        text = render(planned.template.read_text(encoding="utf-8"), NAME)
        assert not re.search(r"\{\{\s*\w+\s*\}\}", text), planned.template
        if planned.target.suffix == ".json":
            json.loads(text)


WRITTEN_LINES_AT_MOST = 400
"""A ratchet on the code and data ``checkers new`` writes (its ``.py`` and ``.json`` files; the
README and the project's pyproject.toml and .gitignore are prose and setup, 66 lines more):
1,182 lines before the kit, 874 with kinds declared once and the meta-tests derived, 399 with
the scenario store, the eval-set writer and the demo agent in the core."""
CODE_AND_DATA = (".py", ".json")


def test_a_new_domain_is_small(tmp_path: Path) -> None:
    written = [p for p in create_domain(NAME, tmp_path) if p.suffix in CODE_AND_DATA]
    lines = sum(len((tmp_path / p).read_text(encoding="utf-8").splitlines()) for p in written)
    assert lines <= WRITTEN_LINES_AT_MOST, f"checkers new wrote {lines} lines of code and data"


def test_templates_ship_as_package_data() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"*.tmpl"' in pyproject, "pyproject.toml must list *.tmpl in package-data"
    assert not (ROOT / "domains" / "__init__.py").exists(), "domains must stay a namespace package"


# --- the scaffolded domain, run for real -------------------------------------------------------


def test_scaffolded_domain_judges_answers(scaffolded: Path) -> None:
    done = run(
        ["checkers", "check", NAME, "--scenario", "team-four", "--answer", '{"option": "o1"}'],
        scaffolded,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == (
        "scenario team-four: everyone_satisfied = 0.5 (2/4) threshold 1: FAILED; "
        "2 members not satisfied: Chen, Dee"
    )


def test_scaffolded_eval_set_is_what_its_builder_writes(scaffolded: Path) -> None:
    code = (
        "from checkers.evalset import render\n"
        f"from domains.{NAME}.evalset import EVALSET_FILE, build_eval_set\n"
        "assert EVALSET_FILE.read_text(encoding='utf-8') == render(build_eval_set())\n"
        f"import domains.dining.metrics, domains.{NAME}.metrics\n"
        "print('ok')\n"
    )
    done = run([sys.executable, "-c", code], scaffolded)
    assert done.stdout == "ok\n", done.stderr


# ruff and mypy --strict over the scaffolded code: tests/test_code_quality.py, on the
# project's mypy cache


@pytest.mark.slow
def test_scaffolded_meta_tests_pass_through_the_pytest_plugin(scaffolded: Path) -> None:
    done = run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            f"--checkers-meta={NAME}",
            # the plugin is under test here, not the checks (the tutorial runs them on the CI
            # profile): 100 examples a property
            "--checkers-meta-profile=checkers-mutation",
        ],
        scaffolded,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    # 22 derived from the two kinds and the five known answers, and the four hostile groups of
    # its one metric
    assert re.search(r"\b26 passed\b", done.stdout), done.stdout[-1000:]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("right", "wrong", "caught_by"),
    [
        # the check disagrees with the kind's own rule at the boundary
        (
            "    if option.price <= req.max_price:",
            "    if option.price < req.max_price:",
            "satisfying",
        ),
        # the check gives a reason code its kind does not declare
        (
            '(req.kind, "missing_tag", reason)',
            '(req.kind, "no_tag", reason)',
            "violation-needs_tag",
        ),
    ],
    ids=["boundary", "undeclared-code"],
)
def test_meta_tests_catch_a_broken_check(
    tmp_path: Path, right: str, wrong: str, caught_by: str
) -> None:
    create_domain(NAME, tmp_path)
    checks = tmp_path / "domains" / NAME / "checks.py"
    text = checks.read_text(encoding="utf-8")
    assert text.count(right) == 1
    checks.write_text(text.replace(right, wrong), encoding="utf-8")
    done = run(["checkers", "meta", NAME, "--only", "generated"], tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"  FAILED generated[{caught_by}]" in done.stdout


@pytest.mark.slow
def test_scaffolded_agent_passes_adk_eval(scaffolded: Path) -> None:
    done = run(
        [
            "adk",
            "eval",
            f"domains/{NAME}/agents/solver",
            f"evalsets/{NAME}/{NAME}.evalset.json",
            "--config_file_path",
            f"evalsets/{NAME}/eval_config.json",
        ],
        scaffolded,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    assert "Tests passed: 2\n  Tests failed: 0" in done.stdout, done.stdout
    details = sorted(p.name for p in (scaffolded / "details").glob("*.json"))
    assert [name.split("__")[1].rsplit("-", 1)[0] for name in details] == [
        "budget-pair",
        "team-four",
    ]
    assert not (ROOT / "domains" / NAME).exists(), "the scaffold must not touch the repo"
    assert not (ROOT / "evalsets" / NAME).exists()
