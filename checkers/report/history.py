"""adk eval's own results: the ``*.evalset_result.json`` files it stores per agent.

``adk eval`` writes ``<agent>/.adk/eval_history/<app>_<eval set>_<time>.evalset_result.json``.
Per agent (ADK's app name) and eval set only the newest result file is read. A details group is
matched to a result when the agent names match and the eval sets match exactly or one ends with
``_`` plus the other (the demo's ``menu_outage.evalset.json`` holds the eval set
``dining_menu_outage``).

These files are ADK's format, not this project's, and are read by hand: the report never imports
ADK.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkers.errors import ConfigError, DataError
from checkers.json_input import loads_unique
from checkers.numbers import finite_number

__all__ = [
    "HISTORY_SUFFIX",
    "HistoryCase",
    "HistoryResult",
    "history_files",
    "load_eval_history",
    "load_history_file",
    "match_history",
]

HISTORY_SUFFIX = ".evalset_result.json"
# ADK's EvalStatus values as stored in eval-history files (google.adk.evaluation.eval_metrics).
_ADK_STATUS = {1: "PASSED", 2: "FAILED", 3: "NOT_EVALUATED", 4: "INFORMATIONAL"}


@dataclass(frozen=True)
class HistoryCase:
    """adk eval's result for one eval case: its final status and per metric score and status."""

    eval_id: str
    status: str
    metrics: tuple[tuple[str, float | None, str], ...]
    """``(metric name, score, status)``; ADK's own metrics are ``INFORMATIONAL``."""


@dataclass(frozen=True)
class HistoryResult:
    """One ``*.evalset_result.json`` file: one ``adk eval`` of one agent on one eval set."""

    path: Path
    app: str
    eval_set_id: str
    created: float
    cases: tuple[HistoryCase, ...]

    def passed_failed(self) -> tuple[int, int]:
        """How many case results adk eval counted as passed, and as not passed."""
        passed = sum(1 for c in self.cases if c.status == "PASSED")
        return passed, len(self.cases) - passed


def _eval_sets_match(label_set: str, eval_set_id: str) -> bool:
    if not label_set or label_set == eval_set_id:
        return True
    return eval_set_id.endswith("_" + label_set) or label_set.endswith("_" + eval_set_id)


def match_history(
    history: Sequence[HistoryResult], agent: str, eval_set: str
) -> HistoryResult | None:
    """The eval-history result for ``agent`` on ``eval_set``: an exact eval-set match first,
    else the newest whose eval set matches as the module docstring says; None when none does."""
    candidates = [
        h for h in history if h.app == agent and _eval_sets_match(eval_set, h.eval_set_id)
    ]
    if not candidates:
        return None
    exact = [h for h in candidates if h.eval_set_id == eval_set]
    return max(exact or candidates, key=lambda h: h.created)


def _number(value: Any) -> float | None:
    # A history file is read back as written; a hand-edited one may hold anything.
    return finite_number(value)


def _history_status(value: Any) -> str:
    if isinstance(value, int) and value in _ADK_STATUS:
        return _ADK_STATUS[value]
    return str(value).upper() if value is not None else "NOT_EVALUATED"


def _history_fail(path: Path, what: str) -> DataError:
    return DataError(
        f"{path} is not a readable adk eval-history result: {what}; leave it out of "
        "--eval-history or rerun adk eval"
    )


def load_history_file(path: Path) -> HistoryResult:
    """Read one ``*.evalset_result.json``. Raises DataError naming the file when it is not one.

    Older ADK versions stored the JSON double-encoded (a JSON string holding the object); both
    forms are read. The agent is ADK's app name, taken from the result id
    ``<app>_<eval set>_<time>``, else from the folder holding ``.adk/eval_history``.
    """
    try:
        data = loads_unique(path.read_text(encoding="utf-8"))
        if isinstance(data, str):
            data = loads_unique(data)
    except (OSError, UnicodeDecodeError) as error:
        raise _history_fail(path, f"cannot read it ({error})") from error
    except json.JSONDecodeError as error:
        raise _history_fail(path, f"not JSON ({error.msg} at line {error.lineno})") from error
    except ValueError as error:  # a 5,000-digit number, absurd nesting, a key twice
        raise _history_fail(path, f"cannot be read as JSON ({str(error)[:200]})") from error
    if not isinstance(data, dict) or not isinstance(data.get("eval_case_results"), list):
        raise _history_fail(path, "no eval_case_results list")
    eval_set_id = str(data.get("eval_set_id", ""))
    result_id = str(data.get("eval_set_result_id") or data.get("eval_set_result_name") or "")
    named = re.match(rf"^(.+)_{re.escape(eval_set_id)}_[0-9.eE+-]+$", result_id)
    folder = path.parent
    fallback = folder.parent.parent.name if folder.parent.name == ".adk" else folder.name
    cases = []
    for case in data["eval_case_results"]:
        if not isinstance(case, dict) or not isinstance(case.get("eval_id"), str):
            raise _history_fail(path, f"an eval case result without an eval_id: {case!r:.80}")
        metrics = tuple(
            (
                str(m.get("metric_name", "")),
                _number(m.get("score")),
                _history_status(m.get("eval_status")),
            )
            for m in case.get("overall_eval_metric_results") or ()
            if isinstance(m, dict)
        )
        status = _history_status(case.get("final_eval_status"))
        cases.append(HistoryCase(case["eval_id"], status, metrics))
    return HistoryResult(
        path=path,
        app=named.group(1) if named else fallback,
        eval_set_id=eval_set_id,
        created=_number(data.get("creation_timestamp")) or 0.0,
        cases=tuple(cases),
    )


def history_files(paths: Sequence[Path]) -> Iterator[Path]:
    """The eval-history files ``paths`` name: a file itself, a folder's ``*.evalset_result.json``
    files (searched recursively, in name order). Raises ConfigError for a path that is missing
    or a folder that holds none."""
    for path in paths:
        if path.is_file():
            yield path
        elif path.is_dir():
            here = sorted(path.rglob(f"*{HISTORY_SUFFIX}"))
            if not here:
                raise ConfigError(
                    f"no *{HISTORY_SUFFIX} files under {str(path)!r}; adk eval writes them into "
                    "<agent folder>/.adk/eval_history/, e.g. "
                    "domains/dining/agents/careful/.adk/eval_history"
                )
            yield from here
        else:
            raise ConfigError(
                f"eval history {str(path)!r} does not exist; give an adk eval-history folder "
                "(<agent folder>/.adk/eval_history) or one *.evalset_result.json file"
            )


def load_eval_history(paths: Sequence[Path]) -> tuple[HistoryResult, ...]:
    """The newest eval-history result per agent and eval set found in ``paths``.

    Each path is a ``*.evalset_result.json`` file or a directory searched recursively for them;
    a missing path, or a directory holding none, is a ConfigError.
    """
    newest: dict[tuple[str, str], HistoryResult] = {}
    for path in history_files(paths):
        result = load_history_file(path)
        key = (result.app, result.eval_set_id)
        if key not in newest or result.created > newest[key].created:
            newest[key] = result
    return tuple(sorted(newest.values(), key=lambda h: (h.app, h.eval_set_id)))
