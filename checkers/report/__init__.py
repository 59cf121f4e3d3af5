"""``checkers report``: the details of an evaluation as one self-contained HTML page.

Reads the details files the metrics wrote (one JSON per case, metric and run; see
:mod:`checkers.details`) from one or more directories, searched recursively, and optionally the
eval-history results ``adk eval`` stores (``<agent>/.adk/eval_history/*.evalset_result.json``).
The page has a summary of agents, eval sets, cases and metrics, then per case a grid of subjects
(rows) by requirement kind (columns), each cell coloured by outcome with the reason written in
it; several runs of a case stand side by side.

One module per step:

- :mod:`~checkers.report.loading`: find the details files and read each into the
  :class:`~checkers.results.Verdict` objects it holds, listing any that cannot be read;
- :mod:`~checkers.report.history`: read adk eval's own results;
- :mod:`~checkers.report.build`: group runs by agent and eval set, case and metric, beside adk
  eval's results (the :class:`Report`);
- :mod:`~checkers.report.render`: the HTML page;
- :mod:`~checkers.report.cli`: the ``checkers report`` command and :func:`write_report`;
- :mod:`~checkers.report.compare_page`: the page of ``checkers compare ... --html`` (both
  variants' pass rates with interval bars, the requirement flips, the verdict), in the same look.
"""

from __future__ import annotations

from checkers.report.build import Report, build_report
from checkers.report.cli import add_report_parser, write_report
from checkers.report.history import HISTORY_SUFFIX
from checkers.report.render import render_html

__all__ = [
    "HISTORY_SUFFIX",
    "Report",
    "add_report_parser",
    "build_report",
    "render_html",
    "write_report",
]
