"""Where a domain's scenarios come from: the bundled ones by id, or one from a JSON file by path.

A :class:`ScenarioStore` does what every domain needs and none should write again: it loads the
bundled scenarios once, reads a scenario file once per version (cached by path, size and
modification time, so an eval naming the same file in every case reads it once and an edited
file is read again; a version that is not a scenario is remembered as such too, for the
:data:`MOST_FILES` files named last, and so are bundled scenarios that do not load: see
:func:`lasting` for the failures read again each time), answers a reference that names no
scenario with ScenarioNotFound listing known ids and the fix, and a file that does not load
with DataError naming the file and the bad field. A domain gives only what is its own: how to
read one scenario from parsed JSON, and its bundled scenarios. For scenarios kept as a JSON
array, one line does::

    STORE = ScenarioStore.json_array(Scenario, DATA / "scenarios.json",
                                     defaults={"catalog": DATA / "catalog.json"})
    OUTINGS = StoredDomain.of(PLUGIN, STORE)  # its name and subject noun are the plugin's
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from stat import S_ISREG
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter
from typing_extensions import Self

from checkers.data import read_json, validate
from checkers.errors import CheckersError, DataError, ScenarioNotFound
from checkers.memo import remembered
from checkers.metric import Domain
from checkers.plugin import DomainPlugin
from checkers.scenario_ref import looks_like_path

__all__ = ["ScenarioStore", "StoredDomain", "example_ids", "require_unique_ids", "shown_path"]

S = TypeVar("S")
M = TypeVar("M", bound=BaseModel)

MOST_FILES = 64
"""Scenario file versions a store remembers, loaded or failed (the least recently used beyond
are read again when named)."""


def lasting(error: Exception) -> bool:
    """Whether a failure to load a scenario holds until its file changes, so it is remembered
    like a loaded scenario: an unknown id, a file that is not JSON or not a scenario. A file
    that could not be read (no permission, a disk fault: a DataError caused by an OSError) may
    read next time without changing, so that failure is not remembered; nor is an error of
    the checkers' own (anything but a CheckersError), which is reported as such each time."""
    return isinstance(error, CheckersError) and not isinstance(error.__cause__, OSError)


MOST_IDS_SHOWN = 12
"""A message lists every known id up to this many; beyond, the first two, the last and the
count."""


def example_ids(ids: Sequence[str], plural: str = "scenarios") -> str:
    """Known ids for a message: all of them when there are at most :data:`MOST_IDS_SHOWN`, else
    ``"np-6, np-8 ... np-997 (310 tasks)"`` (``plural`` names what they are)."""
    if len(ids) <= MOST_IDS_SHOWN:
        return ", ".join(ids) or "(none)"
    return f"{ids[0]}, {ids[1]} ... {ids[-1]} ({len(ids)} {plural})"


def require_unique_ids(**groups: Iterable[Any]) -> None:
    """Raise ValueError naming the repeated ids when two items of a group share an ``id``;
    a scenario model's validator calls ``require_unique_ids(member=self.members,
    option=self.catalog)`` ("member ids must be unique; repeated: ['ana']")."""
    for what, items in groups.items():
        ids = [getattr(item, "id", None) for item in items]
        repeated = sorted({str(i) for i in ids if ids.count(i) > 1})
        if repeated:
            raise ValueError(f"{what} ids must be unique; repeated: {repeated}")


def shown_path(path: Path) -> str:
    """``path`` as messages show it: from its ``domains`` folder on
    (``domains/outings/data/scenarios.json``), so a message does not depend on where the project
    lives; the path as given when it is in no ``domains`` folder."""
    parts = path.parts
    if "domains" not in parts:
        return str(path)
    start = len(parts) - 1 - parts[::-1].index("domains")
    return Path(*parts[start:]).as_posix()


class ScenarioStore(Generic[S]):
    """A domain's scenarios: the bundled ones by id, or one from a JSON file (see the module
    docstring)."""

    def __init__(
        self,
        read: Callable[[Any, str], S],
        bundled: Callable[[], Mapping[str, S]],
        *,
        source: str | None = None,
        file_noun: str = "scenario",
        known: Callable[[Sequence[str]], str] = example_ids,
    ) -> None:
        """``read(value, where)`` makes one scenario from parsed JSON (raising DataError that
        names ``where``); ``bundled()`` returns the bundled scenarios by id, in file order (called
        once, on first use). For the not-found message: ``source`` names where the bundled ids
        live, ``file_noun`` what a scenario file holds (``"or pass the path of a group JSON
        file"``), ``known`` how to list the ids."""
        self.read = read
        self.bundled: Callable[[], Mapping[str, S]] = remembered(bundled, keep=lasting)
        self.source = source
        self.file_noun = file_noun
        self.known = known
        self._read_file = remembered(self._read_version, maxsize=MOST_FILES, keep=lasting)

    @classmethod
    def json_array(
        cls,
        model: type[M],
        path: Path,
        *,
        defaults: Mapping[str, Path] | None = None,
        file_noun: str = "scenario",
    ) -> ScenarioStore[M]:
        """Scenarios of pydantic ``model`` (with an ``id``) bundled as a JSON array in ``path``;
        a file holds one such object.

        ``defaults`` maps a field to a JSON file that fills it when a scenario leaves it out (a
        catalog shared by every bundled scenario). Raises DataError for a file that is not an
        array, a scenario that does not validate (naming its place, ``#2``, and field) or a
        repeated id.
        """
        adapter = TypeAdapter(model)
        fillers = dict(defaults or {})

        def read(value: Any, where: str) -> M:
            if isinstance(value, dict):
                missing = {k: read_json(p) for k, p in fillers.items() if k not in value}
                value = {**value, **missing}
            return validate(adapter, value, where)

        def bundled() -> dict[str, M]:
            raw = read_json(path)
            if not isinstance(raw, list):
                raise DataError(
                    f"{path} must hold a JSON array of scenarios, e.g. "
                    f'[{{"id": "first", ...}}], got {type(raw).__name__}'
                )
            found = [read(item, f"{path} #{n}") for n, item in enumerate(raw, 1)]
            ids = [str(getattr(s, "id", "")) for s in found]
            repeated = sorted({i for i in ids if ids.count(i) > 1})
            if repeated:
                raise DataError(f"{path}: scenario ids must be unique; repeated: {repeated}")
            return dict(zip(ids, found, strict=True))

        return ScenarioStore(read, bundled, source=shown_path(path), file_noun=file_noun)

    def ids(self) -> list[str]:
        """The bundled scenarios' ids, in file order."""
        return list(self.bundled())

    def load(self, ref: str) -> S:
        """The scenario ``ref`` names: a bundled id, or a path (a name ending in ``.json`` or
        holding a slash) to a JSON file.

        Raises ScenarioNotFound (listing known ids, and the fix) or DataError (naming the file
        and the bad field).
        """
        if looks_like_path(ref):
            return self.load_file(Path(ref))
        found = self.bundled().get(ref)
        if found is None:
            raise ScenarioNotFound(self.not_found(ref))
        return found

    def not_found(self, ref: str) -> str:
        """The message for a reference that names no scenario: the reference, the known ids and
        the fix."""
        where = f" in {self.source}" if self.source else ""
        return (
            f"scenario {ref[:80]!r} not found{where}; known ids: {self.known(self.ids())}; "
            f"or pass the path of a {self.file_noun} JSON file"
        )

    def load_file(self, path: Path) -> S:
        """The scenario in the JSON file at ``path``, read once per version of the file.

        Raises ScenarioNotFound when there is no such file (or it is a directory), DataError
        when it cannot be read or does not hold a scenario.
        """
        shown = repr(str(path)[:200])
        try:
            stat = os.stat(path)
        except FileNotFoundError as error:
            raise ScenarioNotFound(f"scenario file {shown} does not exist") from error
        except OSError as error:  # e.g. a name longer than the filesystem allows
            raise ScenarioNotFound(f"scenario file {shown}: {error.strerror}") from error
        except ValueError as error:  # a NUL byte in the name
            raise ScenarioNotFound(f"scenario file {shown}: {error}") from error
        if not S_ISREG(stat.st_mode):
            raise ScenarioNotFound(f"scenario file {shown} is not a file")
        # abspath, not resolve(): resolving symlinks costs a system call per path component, and
        # this runs once per invocation judged.
        return self._read_file(os.path.abspath(path), stat.st_size, stat.st_mtime_ns)

    def _read_version(self, name: str, size: int, mtime_ns: int) -> S:
        del size, mtime_ns  # the cache key: another version of the file is read again
        return self.read(read_json(Path(name)), name)


class StoredDomain(Domain[S]):
    """A domain whose scenarios come from a :class:`ScenarioStore`.

    Subclass it to read richer answers or batch lines (``parse_answer``, ``batch_item``).
    """

    def __init__(self, name: str, store: ScenarioStore[S], subject_noun: str = "subject") -> None:
        self.name = name
        self.store = store
        self.subject_noun = subject_noun

    @classmethod
    def of(cls, plugin: DomainPlugin, store: ScenarioStore[S]) -> Self:
        """The domain ``plugin`` declares (its name and subject noun, said once there), its
        scenarios from ``store``."""
        return cls(plugin.name, store, plugin.subject_noun)

    def scenario_ids(self) -> list[str]:
        return self.store.ids()

    def load_scenario(self, ref: str) -> S:
        return self.store.load(ref)
