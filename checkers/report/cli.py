"""The ``checkers report`` command, and :func:`write_report`: build the report, render it,
write the page."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from checkers.errors import ConfigError
from checkers.report.build import build_report
from checkers.report.render import render_html

__all__ = ["REPORT_EXAMPLES", "add_report_parser", "write_page", "write_report"]

REPORT_EXAMPLES = """examples:
  checkers report .checkers/details --out report.html
  checkers report .checkers/demo --case story-six --out story.html
  checkers report .checkers/demo/rating_first__dining .checkers/demo/careful__dining \\
      --eval-history domains/dining/agents/rating_first/.adk/eval_history \\
      --eval-history domains/dining/agents/careful/.adk/eval_history --out report.html

Each DETAILS_DIR is searched recursively for the files a checkers metric writes
(<metric>-…__<scenario>-…__<time>_<id>.json). A file in out/<label>/details/ is grouped under
<label>; a label <agent>__<eval set> names both. --eval-history reads adk eval's
*.evalset_result.json files (a file, or a directory searched recursively): the newest per agent
and eval set gives adk eval's own status per case and metric. Open the page in any browser.
"""


def write_report(
    details_dirs: Sequence[Path],
    out: Path,
    history_paths: Sequence[Path] = (),
    title: str = "checkers report",
    cases: Sequence[str] = (),
) -> Path:
    """Build the report and write it to ``out`` (parent folders made); return ``out``.

    Raises ConfigError for bad arguments or an unwritable ``out``, DataError for a broken file.
    """
    return write_page(out, render_html(build_report(details_dirs, history_paths, title, cases)))


def write_page(out: Path, page: str) -> Path:
    """Write the HTML ``page`` to ``out`` (parent folders made); return ``out``. Raises
    ConfigError naming ``out`` when it cannot be written."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(page, encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot write the report to {str(out)!r}: {error.strerror}") from error
    return out


def _cmd_report(args: argparse.Namespace) -> int:
    out = write_report(
        args.details_dirs, args.out, args.eval_history or (), args.title, args.case or ()
    )
    print(out)
    return 0


def add_report_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``checkers report`` on the ``checkers`` command's subparsers; return its parser.

    ``subparsers`` is what ``ArgumentParser.add_subparsers()`` returned. The handler is stored as
    ``handler`` (the ``checkers`` main calls ``args.handler(args)``); it prints the page's path.
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "report",
        help="turn details files (and adk eval history) into one HTML page",
        description="Turn the details files of an evaluation into one self-contained HTML page.",
        epilog=REPORT_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "details_dirs",
        metavar="DETAILS_DIR",
        nargs="+",
        type=Path,
        help="a folder the metrics wrote details files into (searched recursively)",
    )
    parser.add_argument(
        "--eval-history",
        metavar="DIR",
        action="append",
        type=Path,
        help="adk eval's eval-history folder or result file; repeat for several agents",
    )
    parser.add_argument("--out", required=True, type=Path, help="the HTML file to write")
    parser.add_argument("--title", default="checkers report", help="the page's title")
    parser.add_argument(
        "--case",
        metavar="ID",
        action="append",
        help="show only this case (eval id = scenario id); repeat for several",
    )
    parser.set_defaults(handler=_cmd_report)
    return parser
