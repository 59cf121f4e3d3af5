"""Loading eval configs and eval sets strictly: a mistake is an error, never a silent default.

ADK is lenient where a gate must not be: ``adk eval`` with a misspelled ``--config_file_path``
falls back to its default criteria, a custom metric whose function cannot be imported is recorded
as NOT_EVALUATED while the case still passes on its other metrics, and a metric listed only in
``custom_metrics`` never runs. :func:`load_eval_config` and :func:`check_eval_set` turn each of
these into a :class:`~checkers.errors.ConfigError` that names the problem and the fix.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_metrics import PrebuiltMetrics
from google.adk.evaluation.eval_set import EvalSet
from pydantic import ValidationError

from checkers.errors import ConfigError
from checkers.scenario_ref import HOW_TO_TAG, rubric_scenario_ids, tagged_scenario_ids
from checkers.transcript import content_text

BUILT_IN_METRICS = frozenset(m.value for m in PrebuiltMetrics)


def _read_json(path: Path, what: str, example: str) -> Any:
    if not path.is_file():
        raise ConfigError(
            f"{what} {str(path)!r} does not exist; "
            f"pass the path of an existing file, e.g. {example}"
        )
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ConfigError(
            f"{what} {str(path)!r} is not valid JSON: line {error.lineno}, column {error.colno}: "
            f"{error.msg}"
        ) from error


def _schema_error(path: Path, what: str, error: ValidationError) -> ConfigError:
    first = error.errors()[0]
    where = ".".join(map(str, first["loc"])) or "(top level)"
    return ConfigError(f"{what} {str(path)!r}: {where}: {first['msg']}")


def check_metric_function(metric: str, dotted: str) -> None:
    """Raise ConfigError unless ``dotted`` (``package.module.function``) imports to a callable."""
    module_name, _, function = dotted.rpartition(".")
    if not module_name:
        raise ConfigError(
            f"custom metric {metric!r}: code_config.name {dotted!r} must be a dotted path "
            "'package.module.function', e.g. 'domains.dining.metrics.everyone_ate'"
        )
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        raise ConfigError(
            f"custom metric {metric!r}: cannot import module {module_name!r} ({error}); check the "
            "spelling, and install the package (pip install -e .) so adk eval can import it"
        ) from error
    if not callable(getattr(module, function, None)):
        public = sorted(n for n in vars(module) if not n.startswith("_") and n.islower())
        raise ConfigError(
            f"custom metric {metric!r}: {module_name} has no function {function!r}; "
            f"names it defines: {', '.join(public[:12])}"
        )


def load_eval_config(path: Path | str) -> EvalConfig:
    """The eval config at ``path``, checked: the file exists and parses, every custom metric's
    function imports, every criterion names a built-in or custom metric, and every custom metric
    is in ``criteria`` (otherwise ADK silently never runs it)."""
    path = Path(path)
    raw = _read_json(path, "eval config", "evalsets/dining/eval_config.json")
    try:
        config = EvalConfig.model_validate(raw)
    except ValidationError as error:
        raise _schema_error(path, "eval config", error) from error
    custom = config.custom_metrics or {}
    for name, metric in custom.items():
        check_metric_function(name, metric.code_config.name)
    for name in config.criteria:
        if name not in custom and name not in BUILT_IN_METRICS:
            raise ConfigError(
                f"eval config {str(path)!r}: criterion {name!r} is neither a built-in metric nor "
                f"in custom_metrics; add it to custom_metrics with its code_config.name, or fix "
                f"the name (custom metrics here: {', '.join(custom) or 'none'})"
            )
    missing = [name for name in custom if name not in config.criteria]
    if missing:
        raise ConfigError(
            f"eval config {str(path)!r}: custom metric(s) {missing} are not in criteria, so ADK "
            f'would never run them; add e.g. "criteria": {{"{missing[0]}": {{"threshold": 1.0}}}}'
        )
    return config


def load_eval_set(path: Path | str) -> EvalSet:
    """The eval set at ``path``; a missing file or a schema error is a ConfigError."""
    path = Path(path)
    raw = _read_json(path, "eval set", "evalsets/dining/dining.evalset.json")
    try:
        return EvalSet.model_validate(raw)
    except ValidationError as error:
        raise _schema_error(path, "eval set", error) from error


def check_eval_set(eval_set: EvalSet) -> None:
    """Raise ConfigError naming every case that does not say which scenario it is about."""
    unnamed = []
    for case in eval_set.eval_cases:
        texts = [content_text(inv.user_content) for inv in case.conversation or []]
        if case.conversation_scenario is not None:
            texts.append(case.conversation_scenario.starting_prompt)
        from_rubrics = [
            r.rubric_content.text_property for r in case.rubrics or [] if r.rubric_content
        ]
        has_rubric = any((t or "").startswith("scenario:") for t in from_rubrics)
        has_tag = any(tagged_scenario_ids(t) for t in texts)
        invocation_rubrics = any(
            rubric_scenario_ids(inv) for inv in case.conversation or [] if inv.rubrics
        )
        if not (has_rubric or has_tag or invocation_rubrics):
            unnamed.append(case.eval_id)
    if unnamed:
        raise ConfigError(
            f"eval set {eval_set.eval_set_id!r}: case(s) {unnamed} do not say which scenario "
            f"they are; {HOW_TO_TAG}"
        )
