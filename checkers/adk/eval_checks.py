"""Loading eval configs and eval sets strictly: a mistake is an error, never a silent default.

ADK is lenient where a gate must not be: ``adk eval`` with a misspelled ``--config_file_path``
falls back to its default criteria, a custom metric whose function cannot be imported is recorded
as NOT_EVALUATED while the case still passes on its other metrics, and a metric listed only in
``custom_metrics`` never runs. :func:`load_eval_config` and :func:`check_eval_set` turn each of
these into a :class:`~checkers.errors.ConfigError` that names the problem and the fix, and so is
a checkers metric's criterion option it does not take or a bad value of one (``"unscored":
"fail"`` or ``"not_evaluated"``; ``"skip"`` is an error naming both).
"""

from __future__ import annotations

import importlib
import inspect
import json
import math
from collections import Counter
from pathlib import Path
from typing import Any

from google.adk.evaluation.eval_case import EvalCase
from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_metrics import BaseCriterion, EvalMetric, PrebuiltMetrics
from google.adk.evaluation.eval_set import EvalSet
from pydantic import ValidationError

from checkers.adk.custom_metric import read_options
from checkers.adk.invocations import content_text, rubric_scenario_ids
from checkers.errors import ConfigError
from checkers.metric import MetricOptions, check_threshold, error_text
from checkers.scenario_ref import HOW_TO_TAG, rubric_scenario_id, tagged_scenario_ids

BUILT_IN_METRICS = frozenset(m.value for m in PrebuiltMetrics)


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _DuplicateKey(key)
        seen[key] = value
    return seen


def _no_constants(literal: str) -> Any:
    raise ValueError(f"{literal} is not a JSON number")


def _read_json(path: Path, what: str, example: str) -> Any:
    try:
        is_file = path.is_file()
    except (OSError, ValueError):  # a NUL byte or an over-long name
        is_file = False
    if not is_file:
        raise ConfigError(
            f"{what} {str(path)!r} does not exist; "
            f"pass the path of an existing file, e.g. {example}"
        )
    try:
        return json.loads(
            path.read_text(encoding="utf-8"),
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constants,
        )
    except json.JSONDecodeError as error:
        raise ConfigError(
            f"{what} {str(path)!r} is not valid JSON: line {error.lineno}, column {error.colno}: "
            f"{error.msg}"
        ) from error
    except _DuplicateKey as error:
        raise ConfigError(
            f"{what} {str(path)!r} has the key {error.args[0]!r} twice in one object; JSON "
            "readers keep only the last one silently: keep exactly one"
        ) from error
    except (ValueError, RecursionError, UnicodeDecodeError) as error:
        raise ConfigError(f"{what} {str(path)!r} cannot be read: {error}") from error


def _schema_error(path: Path, what: str, error: ValidationError) -> ConfigError:
    first = error.errors()[0]
    where = ".".join(map(str, first["loc"])) or "(top level)"
    return ConfigError(f"{what} {str(path)!r}: {where}: {first['msg']}")


def check_metric_function(metric: str, dotted: str) -> Any:
    """The custom-metric function ``dotted`` (``package.module.function``) names; ConfigError
    unless it imports to a function named ``metric`` (not a class or a builtin) that takes
    ADK's four arguments, and, when it is a checkers metric, the metric of that name."""
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
    except Exception as error:  # a relative name, a module that raises or does not compile
        raise _import_failed(metric, module_name, error) from error
    try:
        found = getattr(module, function, None)
    except Exception as error:  # a module __getattr__ that raises (a metric it cannot build)
        raise _import_failed(metric, dotted, error) from error
    if not callable(found):
        # A domain's metrics module builds its functions on first use: name them all.
        built = set(getattr(module, "METRICS", {}))
        public = sorted(built | {n for n in vars(module) if not n.startswith("_") and n.islower()})
        raise ConfigError(
            f"custom metric {metric!r}: {module_name} has no function {function!r}; "
            f"names it defines: {', '.join(public[:12])}"
        )
    if function != metric:
        raise ConfigError(
            f"custom metric {metric!r} points at {dotted!r}, a function of another name: the "
            "score would be reported under the wrong metric; name the metric after its "
            f'function ("{function}") or point it at {module_name}.{metric}'
        )
    _check_metric_signature(metric, dotted, found)
    return found


def _import_failed(metric: str, name: str, error: Exception) -> ConfigError:
    """The ConfigError of custom metric ``metric`` whose ``name`` (its module, or the function
    in it) raised ``error`` when imported: ADK would record the metric NOT_EVALUATED and pass
    the case on its other metrics, and the gate must say what to fix, not end in a traceback."""
    return ConfigError(
        f"custom metric {metric!r}: importing {name!r} raised {error_text(error, 300)}; give "
        "code_config.name as an absolute dotted path 'package.module.function' whose module "
        "imports, e.g. 'domains.dining.metrics.everyone_ate'"
    )


def _check_metric_signature(metric: str, dotted: str, found: Any) -> None:
    named = getattr(found, "__name__", None)
    if not inspect.isfunction(found) or named != metric:
        raise ConfigError(
            f"custom metric {metric!r}: {dotted!r} is {type(found).__name__} {named!r}, not a "
            f"custom-metric function named {metric!r}; point code_config.name at the function "
            "the domain's metrics module defines, e.g. 'domains.dining.metrics.everyone_ate'"
        )
    try:
        inspect.signature(found).bind(None, [], None, None)
    except TypeError as error:
        raise ConfigError(
            f"custom metric {metric!r}: {dotted!r} does not take ADK's four arguments "
            f"(eval_metric, actual_invocations, expected_invocations, conversation_scenario): "
            f"{error}"
        ) from error


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
    if not config.criteria:
        raise ConfigError(
            f"eval config {str(path)!r} has no criteria, so nothing would be judged and every "
            'case would pass; add e.g. "criteria": {"everyone_ate": {"threshold": 1.0}}'
        )
    custom = config.custom_metrics or {}
    for name, criterion in config.criteria.items():
        threshold = criterion if isinstance(criterion, (int, float)) else criterion.threshold
        where = f"eval config {str(path)!r}: criterion {name!r}"
        _check_threshold_as_written(raw, name, where)
        if name in custom or (isinstance(threshold, float) and not math.isfinite(threshold)):
            # ADK's own metrics keep their own scales; ours are shares in (0, 1].
            check_threshold(threshold, where)
        elif not threshold > 0:
            # Every built-in metric scores 0 or more, so a threshold of 0 or less passes every
            # case, whatever the agent did: a gate that cannot fail.
            raise ConfigError(
                f"{where}: threshold {threshold} passes every case (ADK's metrics score 0 or "
                "more); give a threshold greater than 0 on the metric's scale, e.g. 0.8"
            )
    for name, metric in custom.items():
        function = check_metric_function(name, metric.code_config.name)
        options_model = getattr(function, "options_model", None)
        given = config.criteria.get(name)
        if isinstance(given, BaseCriterion) and options_model is not None:
            _check_options(path, name, given, options_model)
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


def _check_threshold_as_written(raw: Any, name: str, where: str) -> None:
    """Raise ConfigError when criterion ``name`` gives its threshold as ``true`` or ``false``
    (as JSON wrote it, before ADK's models read ``true`` as 1.0 and ``false`` as 0.0, which
    passes every case): a threshold is a number."""
    criteria = raw.get("criteria") if isinstance(raw, dict) else None
    given = criteria.get(name) if isinstance(criteria, dict) else None
    written = given.get("threshold") if isinstance(given, dict) else given
    if isinstance(written, bool):
        raise ConfigError(
            f"{where}: threshold {str(written).lower()} is not a number (it would be read as "
            f"{float(written)}); give a number, e.g. 1.0"
        )


def _check_options(
    path: Path, name: str, criterion: BaseCriterion, options_model: type[MetricOptions]
) -> None:
    """Raise ConfigError naming the key, its allowed values and the allowed keys when a checkers
    metric's criterion has an option it does not take, or a bad value (``"unscored": "skip"``):
    the same check the metric makes on every case, made before anything runs."""
    try:
        read_options(EvalMetric(metric_name=name, criterion=criterion), options_model)
    except ConfigError as error:
        raise ConfigError(f"eval config {str(path)!r}: {error}") from error


def load_eval_set(path: Path | str) -> EvalSet:
    """The eval set at ``path``; a missing file or a schema error is a ConfigError."""
    path = Path(path)
    raw = _read_json(path, "eval set", "evalsets/dining/dining.evalset.json")
    try:
        return EvalSet.model_validate(raw)
    except ValidationError as error:
        raise _schema_error(path, "eval set", error) from error


def case_scenario_ids(case: EvalCase) -> list[str]:
    """Every scenario id an eval case names, in any channel the metrics read (case rubrics,
    invocation rubrics, tags in any user turn or the simulated user's starting prompt)."""
    texts = [content_text(inv.user_content) or "" for inv in case.conversation or []]
    if case.conversation_scenario is not None:
        texts.append(case.conversation_scenario.starting_prompt)
    from_case = (
        rubric_scenario_id(r.rubric_content.text_property)
        for r in case.rubrics or []
        if r.rubric_content
    )
    named = [i for i in from_case if i is not None]
    named += [i for inv in case.conversation or [] for i in rubric_scenario_ids(inv)]
    named += [i for text in texts for i in tagged_scenario_ids(text)]
    return list(dict.fromkeys(named))


def check_eval_set(eval_set: EvalSet) -> None:
    """Raise ConfigError naming every eval id two cases share (ADK finds a case by its id:
    ``adk eval`` judges the second case's run as the first case, in its rubrics and so its
    scenario, and ``AgentEvaluator`` stops with a ValueError), then every case that does not
    say which one scenario it is about (none named, an empty id, or different ids in different
    places of the case)."""
    counted = Counter(case.eval_id for case in eval_set.eval_cases)
    shared = [eval_id for eval_id, count in counted.items() if count > 1]
    if shared:
        raise ConfigError(
            f"eval set {eval_set.eval_set_id!r}: eval id(s) {shared} name more than one case; "
            "ADK keys cases and their results by id, so one of them would not be judged: give "
            "each case its own eval_id"
        )
    unnamed, conflicting = [], []
    for case in eval_set.eval_cases:
        named = case_scenario_ids(case)
        if not named or "" in named:
            unnamed.append(case.eval_id)
        elif len(named) > 1:
            conflicting.append(f"{case.eval_id} ({', '.join(named)})")
    if unnamed:
        raise ConfigError(
            f"eval set {eval_set.eval_set_id!r}: case(s) {unnamed} do not say which scenario "
            f"they are; {HOW_TO_TAG}"
        )
    if conflicting:
        raise ConfigError(
            f"eval set {eval_set.eval_set_id!r}: case(s) {'; '.join(conflicting)} name several "
            "scenarios; one case is judged in one scenario: name exactly one"
        )
