"""Mutation testing of a domain's checks with cosmic-ray, killed by the domain's meta-tests.

``checkers mutate DOMAIN`` does, in a temporary directory (the working tree is never touched):

1. copies the project's files (``git ls-files``: tracked and untracked, not ignored) once per
   worker;
2. lists the mutants of the files the domain's plugin names (``mutate``, by default
   ``domains/<domain>/checks.py``) with ``cosmic-ray init`` (every operator cosmic-ray has:
   comparisons, arithmetic, boolean operators, constants, ``not``, decorators removed, loops
   skipped ...);
3. runs the meta-tests once on the unmutated copy under coverage.py, each test's lines recorded
   under its node id (:mod:`checkers.meta.mutation_plugin`); they must pass;
4. runs ``cosmic-ray mutate-and-test`` for each mutant, spread over the workers, each in its own
   copy; the test command is the domain's meta-tests through the pytest plugin
   (``-x``: the first failing meta-test kills the mutant) with its test files marked
   ``checkers_meta``; for a module other domains import too (a core module such as
   ``checkers/status_words.py``), also theirs and the module's own marked tests (see
   :func:`meta_tests_for`). The run is narrowed to the meta-tests that
   execute the mutated lines. A line no meta-test executes cannot change any test's outcome, so
   its mutants survive without a run; a line executed outside any test (at import or
   collection) gets every meta-test. ``--all-tests`` runs every meta-test for every mutant;
5. prints the share of mutants killed and every survivor with its diff, marking those listed in
   ``domains/<domain>/equivalent_mutants.json`` with the reason they are equivalent (a mutant
   that no test can kill because it does not change behaviour).

mutmut was tried first and rejected: it does not mutate decorated functions, and every check is
registered with ``@checks.register``, so it left the checks themselves unmutated.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import hashlib
import json
import math
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path, PurePosixPath
from queue import Queue
from typing import Any, TextIO

from checkers.errors import ConfigError
from checkers.meta.mutation_plugin import ONLY_OPTION, TIMINGS_OPTION
from checkers.meta.plugin import MARKER
from checkers.progress import Progress
from checkers.registry import find_plugin

PROJECT_ROOT = Path(__file__).resolve().parents[2]
EQUIVALENT_FILE = "equivalent_mutants.json"


NUMBER_DELTAS = (1, -1)
"""What cosmic-ray's ``NumberReplacer`` adds to a number, in the order it numbers the mutants
(its ``OFFSETS``)."""


@dataclass(frozen=True)
class Mutant:
    """One mutation cosmic-ray can make."""

    module: str
    operator: str
    occurrence: int
    line: int
    definition: str
    source_line: str
    """The line as it reads before mutation (stripped), for matching equivalence records."""
    annotation: bool = False
    """The mutation is inside a type annotation (equivalent by construction, not run)."""
    end_line: int = 0
    """The last line the mutated node spans (0: ``line``)."""
    offset: int = -1
    """Where the mutated node starts in ``source_line`` (-1: not known): which of two like
    operators on one line a listing means."""

    @property
    def lines(self) -> range:
        return range(self.line, max(self.line, self.end_line) + 1)

    def key(self) -> tuple[str, str, str]:
        return (self.definition, self.operator, self.source_line)

    @property
    def delta(self) -> int | None:
        """For a mutated number, what cosmic-ray adds to it: its ``NumberReplacer`` makes two
        mutants of each number, +1 then -1, numbered one after the other, so the occurrence's
        parity says which. None for other operators."""
        if self.operator != "core/NumberReplacer":
            return None
        return NUMBER_DELTAS[self.occurrence % len(NUMBER_DELTAS)]

    def label(self) -> str:
        return f"{self.module}:{self.line} {self.definition}: {self.operator} #{self.occurrence}"


@dataclass(frozen=True)
class Outcome:
    """What happened to one mutant: ``killed``, ``survived``, ``timeout`` or ``error`` (the
    mutant crashed the test run before any test, e.g. at import: also a kill)."""

    mutant: Mutant
    status: str
    seconds: float
    diff: str = ""
    equivalent: str | None = None
    tests: int | None = None
    """How many meta-tests the mutant was tried against (None: all of them; 0: none reaches
    its lines, so it survives without a run)."""
    reused: bool = False
    """Taken from the journal of an earlier run, not run again."""
    reported: bool = False
    """For an ``error``: pytest ran and reported it (the mutated module failed to import or to
    collect), so it is as settled as a kill; False when the run itself broke off."""


@dataclass
class MutationReport:
    domain: str
    outcomes: list[Outcome] = field(default_factory=list)
    seconds: float = 0.0
    meta_tests: int = 0
    """How many meta-tests the unmutated run executed (each mutant is tried against those of
    them that reach its lines)."""

    def count(self, *statuses: str) -> int:
        return sum(o.status in statuses for o in self.outcomes)

    def count_unreached(self) -> int:
        """Mutants no meta-test reaches (survivors that were not run)."""
        return sum(o.tests == 0 for o in self.outcomes)

    @property
    def equivalent(self) -> list[Outcome]:
        """Survivors listed (or, in annotations, known) to be equivalent."""
        return [o for o in self.outcomes if o.status == "survived" and o.equivalent]

    @property
    def killed_share(self) -> float:
        """Killed (including timeouts and crashes) / mutants not known to be equivalent."""
        total = len(self.outcomes) - len(self.equivalent)
        return self.count("killed", "timeout", "error") / total if total else 1.0

    @property
    def raw_killed_share(self) -> float:
        """Killed / every mutant, equivalent ones included."""
        total = len(self.outcomes)
        return self.count("killed", "timeout", "error") / total if total else 1.0

    @property
    def unexplained(self) -> list[Outcome]:
        """Survivors not listed as equivalent: each needs a new test or an equivalence reason."""
        return [o for o in self.outcomes if o.status == "survived" and not o.equivalent]


def domain_test_files(root: Path, domain: str) -> list[str]:
    """The test files under ``root/tests`` whose name holds ``domain`` as a word
    (``test_meta_dining.py``, ``test_dining_checks.py``) and that mark tests ``checkers_meta``;
    those tests run against every mutant, beside the plugin's items. (Files without the marker
    are left out: collecting them for every mutant would cost seconds and run nothing.)"""
    return sorted(
        f"tests/{path.name}"
        for path in (root / "tests").glob("test_*.py")
        if domain in path.stem.split("_") and marks_meta(path.read_text(encoding="utf-8"))
    )


def marks_meta(source: str) -> bool:
    """Whether the test file ``source`` marks tests ``checkers_meta``: a module-level
    ``pytestmark`` or a decorator naming it (the words inside a string or a comment do not
    count). Unparsable source marks nothing."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    marks = [
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
    ] + [
        decorator
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        for decorator in node.decorator_list
    ]
    return any(
        isinstance(name, ast.Attribute) and name.attr == MARKER
        for mark in marks
        for name in ast.walk(mark)
    )


def module_name(path: str) -> str:
    """The dotted name of the project file ``path``: ``checkers/status_words.py`` ->
    ``checkers.status_words``; a package's ``__init__.py`` is the package."""
    parts = list(PurePosixPath(path).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(source: str) -> set[str]:
    """Every dotted name ``source`` imports: ``import a.b`` gives ``a.b``; ``from a import b``
    gives ``a`` and ``a.b`` (``b`` may be a module or a name in ``a``); relative imports are
    left out (the project imports absolutely). Unparsable source imports nothing."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def importers(root: Path, files: Sequence[str], modules: Sequence[str]) -> list[str]:
    """Those of ``files`` (project Python files) that import one of ``modules``, directly or
    through another of ``files``, with ``modules`` themselves: the code a mutant of
    ``modules`` can change the behaviour of."""
    imports = {f: imported_names((root / f).read_text(encoding="utf-8")) for f in files}
    reached = set(modules)
    names = {module_name(m) for m in reached}
    grown = True
    while grown:
        found = {f for f, imported in imports.items() if f not in reached and imported & names}
        reached |= found
        names |= {module_name(f) for f in found}
        grown = bool(found)
    return sorted(reached)


def _parts(path: str) -> tuple[str, ...]:
    return PurePosixPath(path).parts


@dataclass(frozen=True)
class MutantTests:
    """What runs against a mutant: the domains whose plugin items (meta-tests generated from
    their specs) are collected, and the test files whose ``checkers_meta`` tests run beside
    them."""

    domains: tuple[str, ...]
    files: tuple[str, ...]


def meta_tests_for(root: Path, domain: str, modules: Sequence[str]) -> MutantTests:
    """The meta-tests that can kill a mutant of ``modules``: ``domain``'s; every other domain's
    whose package imports one of them (directly or through a core module: a mutant of
    ``checkers/status_words.py`` changes airline's verdicts as much as orders'); and the test
    files marked ``checkers_meta`` that import one of them or their importers
    (``tests/test_status_words.py``)."""
    sources = [
        f
        for f in project_files(root)
        if f.endswith(".py") and f.startswith(("checkers/", "domains/"))
    ]
    reached = importers(root, sources, modules)
    using = {parts[1] for parts in map(_parts, reached) if parts[0] == "domains" and len(parts) > 2}
    domains = [domain, *sorted(using - {domain})]
    names = {module_name(f) for f in reached}
    own = [f for d in domains for f in domain_test_files(root, d)]
    importing = [
        f"tests/{path.name}"
        for path in sorted((root / "tests").glob("test_*.py"))
        if marks_meta(text := path.read_text(encoding="utf-8")) and imported_names(text) & names
    ]
    return MutantTests(tuple(domains), tuple(dict.fromkeys(own + importing)))


PLUGIN = "checkers.meta.mutation_plugin"
COVERAGE_FILE = ".mutation-coverage"
TIMINGS_FILE = ".mutation-timings.json"


def meta_test_args(domain: str, profile: str, files: Sequence[str] = ()) -> list[str]:
    """pytest's arguments for ``domain``'s meta-tests (and only those; ``domain`` may name
    several, comma-separated) in a project copy: the plugin's items and the tests marked
    ``checkers_meta`` in ``files``."""
    return [
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        PLUGIN,
        f"--checkers-meta={domain}",
        f"--checkers-meta-profile={profile}",
        "-m",
        "checkers_meta",
        # The hostile groups attack the ADK adapter and the answer readers, not the rules
        # a mutant of checks.py changes; each writes details files through ADK's models,
        # which would multiply the run's time for no mutant they alone could kill.
        "-k",
        "not hostile",
        *files,
    ]


def files_holding(tests: Iterable[str], files: Sequence[str]) -> list[str]:
    """Those of ``files`` that hold one of ``tests`` (node ids): a mutant's run collects only
    them, since collecting every test file of a domain costs seconds per mutant. The plugin's
    own items need no file, but pytest given none collects the whole suite (and one outside
    ``tests/`` loads no conftest, so no plugin items): then the first of ``files``, whose tests
    the run's node-id filter leaves out."""
    wanted = {test.split("::", 1)[0] for test in tests}
    return [file for file in files if file in wanted] or list(files[:1])


def meta_test_command(domain: str, profile: str, files: Sequence[str] = ()) -> str:
    """The command that runs ``domain``'s meta-tests in a project copy (see
    :func:`meta_test_args`)."""
    return shlex.join([sys.executable, "-m", "pytest", *meta_test_args(domain, profile, files)])


LineTests = dict[str, dict[int, frozenset[str]]]
"""Per module (as given to cosmic-ray), per line: the node ids of the meta-tests executing it
(``""`` among them: executed outside any test, at import or collection)."""


@dataclass(frozen=True)
class Baseline:
    """What the unmutated run learned: which meta-tests execute each line, and each test's
    seconds."""

    line_tests: LineTests
    seconds: dict[str, float]

    @cached_property
    def tests(self) -> frozenset[str]:
        """Every meta-test the run executed (computed once: every mutant asks)."""
        covering = {
            test
            for by_line in self.line_tests.values()
            for tests in by_line.values()
            for test in tests
        }
        return frozenset(self.seconds) | (covering - {""})

    def time_limit(self, tests: Iterable[str], ceiling: float) -> float:
        """Seconds a mutant's run of ``tests`` may take: ten times what they took unmutated plus
        a minute to start, at most ``ceiling`` (``ceiling`` when one was not timed). A mutant
        that loops forever then costs minutes, not the ceiling's half hour."""
        taken = [self.seconds.get(test) for test in tests]
        if any(seconds is None for seconds in taken):
            return ceiling
        return min(ceiling, 60.0 + 10.0 * math.fsum(s for s in taken if s is not None))

    def quickest_first(self, tests: Iterable[str]) -> list[str]:
        """``tests`` ordered by their baseline seconds (unknown ones last): under ``-x`` a mutant
        then dies at the cheapest test that kills it."""
        return sorted(tests, key=lambda test: (self.seconds.get(test, math.inf), test))


def run_under_coverage(copy: Path, args: Sequence[str], modules: Sequence[str]) -> Baseline:
    """Run the meta-tests once in ``copy`` under coverage.py, each test's lines recorded under its
    node id: which tests execute each line of ``modules``, and how long each took. Raises
    ConfigError if they fail."""
    try:
        from coverage import CoverageData
    except ImportError as error:
        raise ConfigError(
            "coverage is not installed; install it with: pip install -e '.[mutation]'"
        ) from error
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "coverage",
            "run",
            f"--data-file={COVERAGE_FILE}",
            f"--include={','.join(modules)}",
            "-m",
            "pytest",
            *args,
            f"{TIMINGS_OPTION}={TIMINGS_FILE}",
        ],
        cwd=copy,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise ConfigError(
            "the meta-tests fail on the unmutated project, so no mutant can be judged:\n"
            + done.stdout[-2000:]
        )
    data = CoverageData(basename=str(copy / COVERAGE_FILE))
    data.read()
    line_tests = {
        module: {
            line: frozenset(contexts)
            for line, contexts in data.contexts_by_lineno(str((copy / module).resolve())).items()
        }
        for module in modules
    }
    seconds = json.loads((copy / TIMINGS_FILE).read_text(encoding="utf-8"))
    return Baseline(line_tests, {str(test): float(took) for test, took in seconds.items()})


def reaching_tests(mutant: Mutant, line_tests: LineTests) -> frozenset[str] | None:
    """The meta-tests that execute ``mutant``'s lines; None: every meta-test (a line also runs
    outside any test, so a test's outcome may depend on it through state set up there)."""
    by_line = line_tests.get(mutant.module, {})
    found: set[str] = set()
    for line in mutant.lines:
        found |= by_line.get(line, frozenset())
    if "" in found:
        return None
    return frozenset(found)


def project_files(root: Path) -> list[str]:
    """Files to copy: tracked and untracked, not ignored. Raises ConfigError outside git."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-co", "--exclude-standard"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError) as error:
        raise ConfigError(
            f"checkers mutate needs a git checkout of the project at {root}: {error}"
        ) from error
    return [f for f in listed if (root / f).is_file() and not f.startswith(("mutants/", ".venv/"))]


def copy_project(root: Path, files: Sequence[str], target: Path) -> Path:
    for name in files:
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, destination)
    return target


MEMORY_LIMIT = 6 * 2**30
"""Bytes of address space a mutant's test run may take. A mutant can turn ``24 * 60`` into
``24 ** 60`` and a range over it into tens of gigabytes; capped, it dies of MemoryError in
seconds (a kill) instead of pushing the machine into swap or the OOM killer. An unmutated run
needs under 2 GB."""


def _limit_memory(pid: int) -> None:
    """Cap process ``pid``'s address space (children it starts later inherit the cap). Set from
    the parent after the start, not in a ``preexec_fn`` (unsafe beside the runner's threads);
    where the platform has no ``prlimit`` the run is uncapped."""
    try:
        import resource

        resource.prlimit(pid, resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, AttributeError, OSError):
        pass


def _descendants(pid: int) -> list[int]:
    """The processes descended from ``pid`` (children first), read from Linux's ``/proc``; none
    where it cannot be read."""
    found: list[int] = []
    waiting = [pid]
    while waiting:
        parent = waiting.pop()
        try:
            children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
        except OSError:
            continue
        for child in map(int, children):
            found.append(child)
            waiting.append(child)
    return found


def _cosmic_ray(
    *args: str, cwd: Path, timeout: float | None = None
) -> subprocess.CompletedProcess[str]:
    """Run cosmic-ray in its own process group, its address space capped (inherited by the test
    run it starts). On ``timeout`` the whole group is killed (cosmic-ray and the tests it runs),
    then TimeoutExpired is raised: the caller must restore the mutated module."""
    executable = Path(sys.executable).with_name("cosmic-ray")
    if not executable.exists():
        raise ConfigError(
            "cosmic-ray is not installed; install it with: pip install -e '.[mutation]'"
        )
    with subprocess.Popen(
        [str(executable), *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    ) as process:
        _limit_memory(process.pid)
        try:
            stdout, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            # cosmic-ray starts the tests in a session of their own: kill every process
            # descended from it, each with its group, then cosmic-ray's group.
            for pid in _descendants(process.pid):
                with contextlib.suppress(OSError):
                    os.killpg(os.getpgid(pid), signal.SIGKILL)
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            raise
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


UNREACHED = "(not run: no meta-test executes this line on the unmutated code)"
ANNOTATION_REASON = (
    "inside a type annotation: with `from __future__ import annotations` an annotation is a "
    "string that nothing evaluates, so the mutant cannot change behaviour"
)


def annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """(start, end) positions, as (line, column), of every annotation in ``source``."""
    spans = []
    for node in ast.walk(ast.parse(source)):
        found: list[ast.expr | None] = []
        if isinstance(node, ast.AnnAssign | ast.arg):
            found.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.append(node.returns)
        for expr in found:
            if expr is not None and expr.end_lineno is not None and expr.end_col_offset is not None:
                spans.append(
                    ((expr.lineno, expr.col_offset), (expr.end_lineno, expr.end_col_offset))
                )
    return spans


def in_annotation(
    position: tuple[int, int], spans: Sequence[tuple[tuple[int, int], tuple[int, int]]]
) -> bool:
    return any(start <= position < end for start, end in spans)


def list_mutants(work: Path, modules: Sequence[str], command: str) -> list[Mutant]:
    """Every mutant cosmic-ray makes of ``modules`` (paths relative to ``work``)."""
    paths = ", ".join(json.dumps(m) for m in modules)
    config = work / "cosmic-ray.toml"
    config.write_text(
        "[cosmic-ray]\n"
        f"module-path = [{paths}]\n"
        "timeout = 1800.0\n"
        "excluded-modules = []\n"
        f"test-command = {json.dumps(command)}\n\n"
        '[cosmic-ray.distributor]\nname = "local"\n',
        encoding="utf-8",
    )
    done = _cosmic_ray("init", str(config), "session.sqlite", cwd=work)
    if done.returncode != 0:
        raise ConfigError(f"cosmic-ray init failed: {done.stderr.strip()[-800:]}")
    dumped = _cosmic_ray("dump", "session.sqlite", cwd=work).stdout
    mutants = []
    for line in dumped.splitlines():
        item, _ = json.loads(line)
        for spec in item["mutations"]:
            source = (work / spec["module_path"]).read_text(encoding="utf-8")
            row, column = spec["start_pos"]
            end_row = spec.get("end_pos", [row])[0]
            line = source.splitlines()[row - 1]
            mutants.append(
                Mutant(
                    spec["module_path"],
                    spec["operator_name"],
                    spec["occurrence"],
                    row,
                    spec.get("definition_name") or "<module>",
                    line.strip(),
                    in_annotation((row, column), annotation_spans(source)),
                    end_row,
                    column - (len(line) - len(line.lstrip())),
                )
            )
    return sorted(mutants, key=lambda m: (m.module, m.line, m.operator, m.occurrence))


EquivalentKey = tuple[str, str, str, int | None, int | None]
"""(definition, operator, source line, offset in the line or None for any, for a number what
the mutant adds to it or None for either)."""


def load_equivalent(path: Path) -> dict[EquivalentKey, str]:
    """Equivalent mutants recorded for a domain: (definition, operator, source line, offset,
    delta) -> reason. A record's optional ``offset`` (where the mutated operator starts in the
    stripped source line) names one of several like operators on the line; without it, the
    record covers every mutant of that operator on the line. For a number, the optional
    ``delta`` (+1 or -1, :attr:`Mutant.delta`) names one of its two mutants."""
    if not path.is_file():
        return {}
    records = json.loads(path.read_text(encoding="utf-8"))
    return {
        (r["definition"], r["operator"], r["source_line"], r.get("offset"), r.get("delta")): r[
            "reason"
        ]
        for r in records
    }


def listed_reason(mutant: Mutant, listed: Mapping[EquivalentKey, str]) -> str | None:
    """Why ``mutant`` is listed as equivalent: the record naming its place on the line (and,
    for a number, its change), else its place, else (for a number) its change anywhere on the
    line, else its whole line; None when not listed."""
    places = ((mutant.offset, mutant.delta), (mutant.offset, None), (None, mutant.delta))
    for place in (*places, (None, None)):
        reason = listed.get((*mutant.key(), *place))
        if reason:
            return reason
    return None


def _status(result: dict[str, Any]) -> str:
    if result.get("worker_outcome") == "no-test":
        return "skipped"
    if result.get("worker_outcome") != "normal":
        return "error"
    output = result.get("output") or ""
    if result.get("test_outcome") == "survived":
        return "survived"
    if output == "timeout":
        return "timeout"
    lines = output.strip().splitlines()
    last = lines[-1] if lines else ""
    if "INTERNALERROR" in output or (" error" in last and " failed" not in last):
        return "error"
    return "killed"


def run_one(
    mutant: Mutant,
    copy: Path,
    command: str,
    timeout: float,
    tests: Sequence[str] | None = None,
    narrowed: bool = True,
) -> Outcome:
    """Apply ``mutant`` in ``copy``, run ``command`` (only ``tests``, node ids, in that order,
    unless None), restore the file; the outcome. ``narrowed`` False: ``tests`` are every
    meta-test (only reordered), reported as such."""
    started = time.perf_counter()
    pristine = (copy / mutant.module).read_bytes()
    if tests is not None:
        chosen = copy / f".mutation-tests-{mutant.occurrence}-{mutant.line}"
        chosen.write_text("\n".join(tests) + "\n", encoding="utf-8")
        command += " " + shlex.quote(f"{ONLY_OPTION}={chosen}")
    try:
        done = _cosmic_ray(
            "mutate-and-test",
            mutant.module,
            mutant.operator,
            str(mutant.occurrence),
            command,
            cwd=copy,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        # Killed mid-run, cosmic-ray could not put the module back: restore it from the
        # project, or every later mutant in this copy would run on top of this one.
        (copy / mutant.module).write_bytes(pristine)
        return Outcome(mutant, "timeout", time.perf_counter() - started)
    try:
        result = json.loads(done.stdout)
    except json.JSONDecodeError:
        result = {"worker_outcome": "exception", "output": done.stdout + done.stderr}
    diff = (
        "".join(result.get("diff") or [])
        if isinstance(result.get("diff"), list)
        else str(result.get("diff") or "")
    )
    tried = len(tests) if tests is not None and narrowed else None
    status = _status(result)
    return Outcome(
        mutant,
        status,
        time.perf_counter() - started,
        diff,
        tests=tried,
        reported=status == "error" and result.get("worker_outcome") == "normal",
    )


REUSABLE = frozenset({"killed", "timeout"})
"""Recorded outcomes a resumed run keeps: a kill stays a kill while the code it mutates is
unchanged, and so does a crash pytest reported (``Outcome.reported``). Survivors run again
(tests may have been added since); so do other crashes, which an interrupted run can record
for a mutant it never judged."""


def _settled(record: Mapping[str, Any]) -> bool:
    status = record.get("status")
    return status in REUSABLE or (status == "error" and record.get("reported") is True)


def _digest(text: str | bytes) -> str:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()[:16]


def statement_spans(source: str) -> list[tuple[int, int, str]]:
    """(first line, last line, digest of its text) of each top-level statement of ``source``
    (a function or class with its decorators, an assignment ...), in order."""
    lines = source.splitlines(keepends=True)
    spans = []
    for node in ast.parse(source).body:
        decorators = getattr(node, "decorator_list", [])
        first = min([node.lineno, *(d.lineno for d in decorators)])
        last = node.end_lineno or node.lineno
        spans.append((first, last, _digest("".join(lines[first - 1 : last]))))
    return spans


def statement_keys(root: Path, mutants: Iterable[Mutant]) -> dict[Mutant, str]:
    """Each mutant's key by the top-level statement it mutates: the module, the digest of that
    statement's text, the operator and which of the operator's mutants in the statement it is
    (``domains/x/checks.py$3fa2...:core/NumberReplacer#2``). It stays the same while that
    statement's text does, wherever else the module changes; a mutant outside every statement
    (none in practice) gets no key."""
    spans: dict[str, list[tuple[int, int, str]]] = {}
    placed: dict[Mutant, tuple[str, str]] = {}
    for mutant in mutants:
        if mutant.module not in spans:
            spans[mutant.module] = statement_spans((root / mutant.module).read_text("utf-8"))
        found = [d for first, last, d in spans[mutant.module] if first <= mutant.line <= last]
        if found:
            placed[mutant] = (found[0], mutant.operator)
    first_of: dict[tuple[str, str, str], int] = {}
    for mutant, (digest, operator) in placed.items():
        group = (mutant.module, digest, operator)
        first_of[group] = min(first_of.get(group, mutant.occurrence), mutant.occurrence)
    return {
        mutant: f"{mutant.module}${digest}:{operator}"
        f"#{mutant.occurrence - first_of[(mutant.module, digest, operator)]}"
        for mutant, (digest, operator) in placed.items()
    }


class Journal:
    """Outcomes appended to a JSON-lines file as mutants are judged, so that a run stopped
    half-way, or repeated after tests were added or the module changed, resumes: a mutant
    recorded as killed is not run again while the code it mutates is unchanged, i.e. its
    module's text or (given ``mutants``, the run's list) the text of the top-level statement it
    mutates, as mutmut keys its results by function. Lines that do not parse (a write cut short)
    are ignored, so their mutants run again."""

    def __init__(self, path: Path, root: Path, mutants: Iterable[Mutant] = ()) -> None:
        self.path = path
        self.root = root
        self._digests: dict[str, str] = {}
        self._statements = statement_keys(root, mutants)
        self.recorded: dict[str, dict[str, Any]] = {}
        if path.is_file():
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if not isinstance(record, dict):
                    continue
                for field_name in ("key", "statement"):
                    if isinstance(record.get(field_name), str):
                        self.recorded[record[field_name]] = record

    def key(self, mutant: Mutant) -> str:
        """The mutant, and the text of the module it mutates."""
        if mutant.module not in self._digests:
            self._digests[mutant.module] = _digest((self.root / mutant.module).read_bytes())
        digest = self._digests[mutant.module]
        return f"{mutant.module}@{digest}:{mutant.operator}#{mutant.occurrence}"

    def statement_key(self, mutant: Mutant) -> str | None:
        """The mutant, and the text of the top-level statement it mutates (see
        :func:`statement_keys`); None when the journal was not given the run's mutants."""
        return self._statements.get(mutant)

    def reused(self, mutant: Mutant) -> Outcome | None:
        """The recorded kill of ``mutant``, if there is one."""
        record = self.recorded.get(self.key(mutant))
        placed = self.statement_key(mutant)
        if (record is None or not _settled(record)) and placed is not None:
            record = self.recorded.get(placed)
        if record is None or not _settled(record):
            return None
        tests = record.get("tests")
        outcome = Outcome(
            mutant,
            str(record["status"]),
            float(record.get("seconds") or 0.0),
            str(record.get("diff") or ""),
            tests=tests if isinstance(tests, int) else None,
            reused=True,
            reported=record.get("reported") is True,
        )
        if placed is not None and record.get("statement") != placed:
            # Recorded before statements were keyed: record it again under both keys, so
            # the kill outlives a change elsewhere in the module.
            self.record(outcome)
            self.recorded[placed] = {**record, "statement": placed}
        return dataclasses.replace(outcome, seconds=0.0)

    def record(self, outcome: Outcome) -> None:
        entry = {
            "key": self.key(outcome.mutant),
            "statement": self.statement_key(outcome.mutant),
            "status": outcome.status,
            "reported": outcome.reported,
            "seconds": round(outcome.seconds, 1),
            "tests": outcome.tests,
            "diff": outcome.diff,
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as journal:
            journal.write(json.dumps(entry) + "\n")


def modules_under(root: Path, refs: Sequence[str]) -> list[str]:
    """The Python files ``refs`` name under ``root``: a file as given, a directory (a package of
    rule families, ``domains/orders/checks``) as every ``.py`` file in it, sorted.

    Raises :class:`ConfigError` naming every ref that is neither."""
    missing = [ref for ref in refs if not (root / ref).is_file() and not (root / ref).is_dir()]
    if missing:
        raise ConfigError(f"nothing to mutate: {', '.join(missing)} not found under {root}")
    found: list[str] = []
    for ref in refs:
        if (root / ref).is_dir():
            found += sorted(p.relative_to(root).as_posix() for p in (root / ref).rglob("*.py"))
        else:
            found.append(ref)
    return list(dict.fromkeys(found))


def equivalent_outcome(
    mutant: Mutant, listed: Mapping[EquivalentKey, str], run_listed: bool = False
) -> Outcome | None:
    """The outcome of a mutant known to be equivalent without running it: one inside a type
    annotation, or one ``listed`` with its reason (unless ``run_listed``); ``None`` for a mutant
    that must run."""
    if mutant.annotation:
        return Outcome(mutant, "survived", 0.0, equivalent=ANNOTATION_REASON)
    reason = listed_reason(mutant, listed)
    if reason and not run_listed:
        return Outcome(mutant, "survived", 0.0, equivalent=reason)
    return None


def run_mutation(
    domain: str,
    workers: int = 2,
    profile: str = "checkers-mutation",
    modules: Sequence[str] | None = None,
    out: TextIO = sys.stdout,
    root: Path = PROJECT_ROOT,
    timeout: float = 1800.0,
    limit: int | None = None,
    lines: Sequence[int] = (),
    all_tests: bool = False,
    journal: Path | None = None,
    run_equivalent: bool = False,
) -> MutationReport:
    """Mutation-test ``domain``'s checks (see the module docstring); prints progress to ``out``.
    ``all_tests``: try every mutant against every meta-test, not only those reaching it.
    ``journal``: a file the outcomes are appended to, whose recorded kills are reused (see
    :class:`Journal`). A mutant listed as equivalent is not run (its listing says why no test
    can tell it apart, and running it to survival costs every test reaching it); with
    ``run_equivalent`` it runs, to check that each listing still holds."""
    plugin = find_plugin(domain)
    chosen = modules_under(root, modules or plugin.mutated_files())
    selection = meta_tests_for(root, domain, chosen)
    domains = ",".join(selection.domains)
    test_files = list(selection.files)
    args = meta_test_args(domains, profile, test_files)
    command = meta_test_command(domains, profile, test_files)
    equivalent = load_equivalent(root / plugin.project_path(EQUIVALENT_FILE))
    report = MutationReport(domain)
    started = time.perf_counter()
    files = project_files(root)
    with tempfile.TemporaryDirectory(prefix="checkers-mutate-") as tmp:
        copies = [copy_project(root, files, Path(tmp) / f"w{i}") for i in range(max(1, workers))]
        every = list_mutants(copies[0], chosen, command)
        mutants = [m for m in every if not lines or m.line in lines][:limit]
        print(
            f"{len(mutants)} mutants of {', '.join(chosen)}; {len(copies)} workers; "
            f"tests: {command}",
            file=out,
            flush=True,
        )
        baseline = run_under_coverage(copies[0], args, chosen)
        report.meta_tests = len(baseline.tests)
        # Keyed on the full list: a mutant's place among its statement's mutants does not
        # depend on which of them this run tries.
        kept = Journal(journal, root, every) if journal is not None else None
        free: Queue[Path] = Queue()
        for copy in copies:
            free.put(copy)

        def work(mutant: Mutant) -> Outcome:
            known = equivalent_outcome(mutant, equivalent, run_equivalent)
            if known is not None:
                return known
            reused = kept.reused(mutant) if kept is not None else None
            if reused is not None:
                return reused
            tests = None if all_tests else reaching_tests(mutant, baseline.line_tests)
            if tests is not None and not tests:
                return Outcome(mutant, "survived", 0.0, UNREACHED, tests=0)
            narrowed_command = (
                command
                if tests is None
                else meta_test_command(domains, profile, files_holding(tests, test_files))
            )
            tried = baseline.tests if tests is None else tests
            copy = free.get()
            try:
                outcome = run_one(
                    mutant,
                    copy,
                    narrowed_command,
                    baseline.time_limit(tried, timeout),
                    baseline.quickest_first(tried),
                    narrowed=tests is not None,
                )
            finally:
                free.put(copy)
            if kept is not None:
                kept.record(outcome)
            return outcome

        with (
            ThreadPoolExecutor(len(copies)) as pool,
            Progress("mutants", total=len(mutants)) as progress,
        ):
            for index, outcome in enumerate(pool.map(work, mutants), start=1):
                reason = listed_reason(outcome.mutant, equivalent)
                if reason:
                    outcome = dataclasses.replace(outcome, equivalent=reason)
                report.outcomes.append(outcome)
                # Killed mutants (and those inside annotations, never run) only move the
                # progress line (a terminal, not CI); the others are what a reader acts on, so
                # they are printed as they come.
                if outcome.status != "killed" and not outcome.mutant.annotation:
                    progress.clear()
                    listed = (
                        ""
                        if not outcome.equivalent
                        else " (listed as equivalent)"
                        if run_equivalent
                        else " (listed as equivalent, not run)"
                    )
                    print(
                        f"[{index}/{len(mutants)}] {outcome.status:<8} {outcome.seconds:5.1f}s "
                        f"{outcome.mutant.label()}{listed}",
                        file=out,
                        flush=True,
                    )
                progress.update(index, note=outcome.mutant.label())
    report.seconds = time.perf_counter() - started
    return report


def render_report(report: MutationReport, show: Callable[[str], None]) -> None:
    """Print the summary, then each survivor with its diff and, if listed, why it is equivalent."""
    total = len(report.outcomes)
    show("")
    in_annotations = [o for o in report.outcomes if o.mutant.annotation]
    show(
        f"{report.domain}: {total} mutants, {report.count('killed')} killed by a failing "
        f"meta-test, {report.count('error')} by a crash, {report.count('timeout')} by a timeout, "
        f"{report.count('survived')} survived: {len(in_annotations)} inside type annotations "
        f"(not run), {len(report.equivalent) - len(in_annotations)} listed as equivalent, "
        f"{len(report.unexplained)} unexplained"
    )
    show(
        f"killed {report.killed_share:.1%} of the {total - len(report.equivalent)} mutants not "
        f"known to be equivalent ({report.raw_killed_share:.1%} of all {total}) in "
        f"{report.seconds / 60:.1f} min"
    )
    reused = sum(o.reused for o in report.outcomes)
    if reused:
        show(f"{reused} kills taken from the journal of an earlier run (module unchanged)")
    narrowed = [o.tests for o in report.outcomes if o.tests]
    unreached = report.count_unreached()
    if narrowed or unreached:
        show(
            f"{unreached} not reached by any meta-test (survived without a run); "
            f"{len(narrowed)} tried against the meta-tests reaching their lines, "
            f"{sum(narrowed) / max(1, len(narrowed)):.1f} of {report.meta_tests} on average"
        )
    for outcome in report.outcomes:
        if outcome.status != "survived" or outcome.mutant.annotation:
            continue
        why = f"equivalent: {outcome.equivalent}" if outcome.equivalent else "NOT EXPLAINED"
        show(f"\nsurvived {outcome.mutant.label()} ({why})")
        show(outcome.diff.strip() or outcome.mutant.source_line)
