"""``checkers export``: a domain's metric as another evaluation tool's custom metric.

``checkers export agents-cli DOMAIN METRIC`` writes ``METRIC.py`` (the single-file
``def evaluate(instance)`` metric of :mod:`checkers.agents_cli`) into agents-cli's eval folder
(``tests/eval`` by default) and adds the metric to the eval config there (``eval_config.yaml`` when
it exists, else ``eval_config.json``), so that ``agents-cli eval grade`` scores it.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from checkers.agents_cli import SCENARIO_FIELD, merged_config, metric_file
from checkers.errors import ConfigError, optional_module
from checkers.json_input import loads_unique
from checkers.metric import check_threshold
from checkers.registry import find_metric

EXPORT_EXAMPLES = """\
examples:
  checkers export agents-cli dining everyone_ate
  checkers export agents-cli dining everyone_ate --out tests/eval --threshold 1.0
  agents-cli eval grade --traces traces.json --config tests/eval/eval_config.json --output results

Each case of the dataset names its scenario in a "scenario" field (or a [scenario:<id>] tag in a
user message).
"""


def add_export_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``checkers export`` on the ``checkers`` command's subparsers (what
    ``add_subparsers`` returned); its handler is ``args.handler(args) -> exit code``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "export",
        help="write a metric as another evaluation tool's custom metric (agents-cli)",
        description="Writes a domain's metric as an agents-cli custom metric (a file defining "
        "evaluate(instance)) and adds it to the agents-cli eval config beside it.",
        epilog=EXPORT_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("tool", choices=("agents-cli",), help="the tool to export to")
    parser.add_argument("domain", help="domain name, e.g. dining")
    parser.add_argument("metric", help="metric name, e.g. everyone_ate")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("tests/eval"),
        help="folder to write into (default: tests/eval, agents-cli's eval folder)",
    )
    parser.add_argument(
        "--config",
        type=Path,
        help="eval config to add the metric to (default: eval_config.yaml in --out when it "
        "exists, else eval_config.json there)",
    )
    parser.add_argument(
        "--threshold", type=float, help="the score a case must reach (default: the metric's)"
    )
    parser.add_argument(
        "--force", action="store_true", help="overwrite a metric file that says something else"
    )
    parser.set_defaults(handler=run_export)
    return parser


def _read_config(path: Path) -> dict[str, Any]:
    """The eval config at ``path`` as an object (empty when the file does not exist)."""
    if not path.exists():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
        data = _yaml().safe_load(text) if path.suffix in (".yaml", ".yml") else loads_unique(text)
    except (OSError, ValueError) as error:
        raise ConfigError(f"cannot read the eval config {str(path)!r}: {error}") from error
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"the eval config {str(path)!r} is not an object; fix or remove it")
    return data


def _write_config(path: Path, config: dict[str, Any]) -> None:
    if path.suffix in (".yaml", ".yml"):
        text = _yaml().safe_dump(config, sort_keys=False, allow_unicode=True)
    else:
        text = json.dumps(config, indent=2, ensure_ascii=False) + "\n"
    path.write_text(text, encoding="utf-8")


def _yaml() -> Any:
    return optional_module(
        "yaml",
        "a YAML eval config",
        "pip install pyyaml, which agents-cli installs; or pass --config with a .json file",
    )


def run_export(args: argparse.Namespace) -> int:
    """Write the metric file and add it to the eval config; print what was written and the
    command that grades with it. Raises ConfigError for an unknown domain or metric, a bad
    threshold, a metric file that says something else (without ``--force``) or a bad config."""
    metric = find_metric(args.domain, args.metric)
    threshold = check_threshold(
        metric.default_threshold if args.threshold is None else args.threshold, "--threshold"
    )
    out: Path = args.out
    target = out / f"{metric.name}.py"
    source = metric_file(args.domain, metric, threshold)
    if target.exists() and target.read_text(encoding="utf-8") != source and not args.force:
        raise ConfigError(f"{target} exists and says something else; pass --force to replace it")
    config_path: Path = args.config or (
        out / "eval_config.yaml"
        if (out / "eval_config.yaml").exists()
        else out / "eval_config.json"
    )
    relative = os.path.relpath(target.resolve(), config_path.resolve().parent)
    config = merged_config(_read_config(config_path), metric.name, Path(relative).as_posix())
    out.mkdir(parents=True, exist_ok=True)
    config_path.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(source, encoding="utf-8")
    _write_config(config_path, config)
    print(f"wrote {target} (threshold {threshold!r}) and added {metric.name} to {config_path}")
    print(
        f'each case names its scenario in a "{SCENARIO_FIELD}" field or a [scenario:<id>] tag; '
        f"grade with:\n  agents-cli eval grade --traces TRACES.json --config {config_path} "
        "--output RESULTS_DIR"
    )
    return 0
