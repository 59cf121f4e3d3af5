"""The page itself: one HTML document from a :class:`~checkers.report.build.Report`.

Per case a grid of subjects (rows) by requirement kind (columns), each cell coloured by outcome
(pass green, fail red, incomplete amber, unscored lavender) with the reason written in it;
several runs of a case stand side by side. Above them a summary of agents, eval sets, cases and
metrics, and adk eval's own status when its history was given.

The page needs no server, no script and nothing from the network: CSS is inline, fonts are the
browser's own. Every piece of text from the files (scenario ids, names, reasons, answers) is
untrusted and escaped.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence

from checkers.details import unscored_line
from checkers.report.build import Group, Report
from checkers.report.history import HistoryCase
from checkers.report.loading import DetailsRun
from checkers.results import Aggregation, RequirementResult, SubjectResult, Verdict

__all__ = ["CSS", "chip", "esc", "page", "render_html"]

_SURROGATE = re.compile("[\ud800-\udfff]")


def esc(value: object) -> str:
    """Text made safe for HTML element content and quoted attribute values.

    A lone surrogate (from a ``"\\ud800"`` escape in a JSON file) cannot be written as UTF-8;
    it is shown as U+FFFD.
    """
    return html.escape(_SURROGATE.sub("\ufffd", str(value)), quote=True)


CSS = """
:root { color-scheme: light; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
       margin: 1.5em; color: #1d1d1f; background: #fff; }
h1 { font-size: 1.6em; margin: 0 0 .3em; }
h2 { font-size: 1.3em; margin: 2em 0 .4em; border-bottom: 2px solid #ccc; padding-bottom: .2em; }
h3 { font-size: 1.12em; margin: 1.4em 0 .3em; }
h4 { font-size: 1em; margin: 1em 0 .3em; }
p.meta, .meta { color: #555; font-size: .92em; }
table { border-collapse: collapse; margin: .3em 0 .8em; }
th, td { border: 1px solid #bbb; padding: .3em .5em; text-align: left; vertical-align: top; }
th { background: #eef0f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.pass { background: #d6f5d6; color: #0b4d0b; }
.fail { background: #fbd3d0; color: #7a1010; }
.incomplete { background: #ffe7a8; color: #6b4a00; }
.unscored { background: #e4e4f4; color: #2f2f6b; }
.none { background: #f4f4f4; color: #888; }
.chip { display: inline-block; padding: 0 .45em; border-radius: .6em; font-weight: 600;
        font-size: .85em; margin: 0 .2em .1em 0; white-space: nowrap; }
.grid td { min-width: 7em; max-width: 24em; }
.grid td.subject { min-width: 7em; font-weight: 600; }
.pass .result { font-size: .9em; }
.result + .result { border-top: 1px dashed currentColor; margin-top: .3em; padding-top: .3em; }
.outcome { font-weight: 700; text-transform: uppercase; font-size: .78em; }
.code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .82em; opacity: .8; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .92em;
            background: #f4f4f6; padding: 0 .25em; white-space: pre-wrap; word-break: break-word; }
.runs { display: grid; grid-auto-flow: column; gap: 1em; overflow-x: auto; align-items: start;
        grid-auto-columns: minmax(min-content, max-content); padding-bottom: .3em; }
.runs.several .grid td { min-width: 6em; }
.run { border: 1px solid #ccc; border-radius: .4em; padding: .5em .7em; }
.run h5 { font-size: .95em; margin: 0 0 .4em; }
section.case { border-left: 4px solid #ccc; padding-left: .9em; margin-top: 1.2em; }
section.case.failed { border-left-color: #d9534f; }
section.case.passed { border-left-color: #3c9a3c; }
ul.problems, ul.notes { margin: .2em 0 .5em; padding-left: 1.3em; }
a { color: #0645ad; }
"""


class _Ids:
    """Unique, safe anchor ids made from untrusted text."""

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def make(self, *parts: str) -> str:
        base = "-".join(re.sub(r"[^a-z0-9_]+", "-", p.lower()).strip("-") or "x" for p in parts)
        anchor, number = base, 1
        while anchor in self._seen:
            number += 1
            anchor = f"{base}-{number}"
        self._seen.add(anchor)
        return anchor


def _status_class(status: str) -> str:
    return {"PASSED": "pass", "FAILED": "fail"}.get(status, "incomplete")


def chip(text: str, css: str) -> str:
    """A small rounded label, coloured by ``css`` (``pass``, ``fail``, ``incomplete``,
    ``unscored``, ``none``); ``text`` is escaped."""
    return f'<span class="chip {css}">{esc(text)}</span>'


def _score(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def _runchip(run: DetailsRun) -> str:
    text = f"{run.details.overall_status} {_score(run.details.overall_score)}"
    return chip(text, _status_class(run.details.overall_status))


def _worst(results: Sequence[RequirementResult]) -> str:
    outcomes = {r.outcome.value for r in results}
    return next((o for o in ("fail", "unscored", "incomplete", "pass") if o in outcomes), "none")


def _kinds(subjects: Sequence[SubjectResult]) -> list[str]:
    kinds: list[str] = []
    for subject in subjects:
        kinds += [r.kind for r in subject.results if r.kind not in kinds]
    return kinds


def render_grid(subjects: Sequence[SubjectResult]) -> str:
    """The subject-by-requirement table: one row per subject, one column per requirement kind.

    A cell holds every result of that kind (a guest may have two allergies), each with its
    outcome, reason and reason code; its colour is the worst outcome (fail, then incomplete).
    """
    if not subjects:
        return '<p class="meta">No subjects were judged.</p>'
    kinds = _kinds(subjects)
    head = "".join(f"<th>{esc(k)}</th>" for k in kinds)
    rows = []
    for subject in subjects:
        mark = chip("satisfied", "pass") if subject.satisfied else chip("NOT satisfied", "fail")
        cells = [f'<td class="subject">{esc(subject.name)}<br>{mark}</td>']
        for kind in kinds:
            results = [r for r in subject.results if r.kind == kind]
            if not results:
                cells.append('<td class="none">—</td>')
                continue
            body = "".join(
                f'<div class="result"><span class="outcome">{esc(r.outcome.value)}</span> '
                f'{esc(r.reason)} <span class="code">[{esc(r.reason_code)}]</span></div>'
                for r in results
            )
            cells.append(f'<td class="{_worst(results)}">{body}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return (
        f'<table class="grid"><thead><tr><th>subject</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def render_invocation(invocation: Verdict) -> str:
    """Who is satisfied, the answer read, answer problems, notes, then the grid."""
    unmet = [s.name for s in invocation.subjects if not s.satisfied]
    total = len(invocation.subjects)
    line = f"{total - len(unmet)} of {total} subjects satisfied"
    if unmet:
        line += "; not satisfied: " + ", ".join(unmet)
    if invocation.aggregation is not Aggregation.SUBJECTS:
        line += f"; scored by {invocation.aggregation.value}: {invocation.tally()}"
    parts = [f'<p class="satisfied">{esc(line)}</p>']
    if invocation.answer is None:
        parts.append('<p class="answer">Answer read: <em>nothing could be read</em></p>')
    else:
        answer = json.dumps(invocation.answer, ensure_ascii=False)
        parts.append(f'<p class="answer">Answer read: <code>{esc(answer)}</code></p>')
    if invocation.problems:
        items = "".join(
            f'<li class="fail">answer problem <span class="code">[{esc(p.code)}]</span>: '
            f"{esc(p.message)}</li>"
            for p in invocation.problems
        )
        parts.append(f'<ul class="problems">{items}</ul>')
    if invocation.notes:
        items = "".join(f"<li>note: {esc(n)}</li>" for n in invocation.notes)
        parts.append(f'<ul class="notes">{items}</ul>')
    parts.append(render_grid(invocation.subjects))
    return "".join(parts)


def render_run(run: DetailsRun, number: int, of: int) -> str:
    """One run of one metric on one case: its status, then each invocation."""
    heading = f"run {number} of {of}: " if of > 1 else ""
    details = run.details
    threshold = "" if details.threshold is None else f" (threshold {details.threshold:g})"
    parts = [
        f'<div class="run"><h5>{esc(heading)}{_runchip(run)}'
        f'<span class="meta">{esc(threshold)}</span></h5>'
    ]
    if details.unscored is not None:
        line = unscored_line(details.model_dump(include={"unscored", "unscored_reason"}))
        parts.append(f'<p class="unscored">{esc(line)}</p>')
    count = len(details.invocations)
    for index, invocation in enumerate(details.invocations, start=1):
        if count > 1:
            parts.append(f"<h6>invocation {index} of {count}</h6>")
        parts.append(render_invocation(invocation))
    if not details.invocations:
        parts.append('<p class="meta">No invocations were judged.</p>')
    parts.append(f'<p class="meta">file: {esc(run.path.name)}</p></div>')
    return "".join(parts)


def _history_case(group: Group, case: str) -> HistoryCase | None:
    if group.history is None:
        return None
    return next((c for c in group.history.cases if c.eval_id == case), None)


def render_history_case(found: HistoryCase) -> str:
    """adk eval's own verdict on a case: its status, and each metric's score and status."""
    metrics = ", ".join(
        f"{name} = {'n/a' if score is None else f'{score:g}'}"
        if status == "INFORMATIONAL"
        else f"{name} {_score(score)} {status.lower()}"
        for name, score, status in found.metrics
    )
    return (
        f'<p class="adk">adk eval: {chip(found.status, _status_class(found.status))} '
        f'<span class="meta">{esc(metrics)}</span></p>'
    )


def render_case(group: Group, case: str, anchor: str) -> str:
    """One case: adk eval's status, then per metric its runs side by side."""
    by_metric = group.cases[case]
    failed = any(r.details.overall_status != "PASSED" for runs in by_metric.values() for r in runs)
    parts = [
        f'<section class="case {"failed" if failed else "passed"}" id="{esc(anchor)}">',
        f'<h3>{esc(case)} <span class="meta">— {esc(group.agent)}'
        f"{' on ' + esc(group.eval_set) if group.eval_set else ''}</span></h3>",
    ]
    found = _history_case(group, case)
    if found is not None:
        parts.append(render_history_case(found))
    for metric, runs in by_metric.items():
        # Side by side; each run at least as wide as its grid, the row scrolling if need be.
        several = " several" if len(runs) > 1 else ""
        parts.append(f"<h4>{esc(metric)}</h4>")
        parts.append(f'<div class="runs{several}">')
        parts += [render_run(run, i, len(runs)) for i, run in enumerate(runs, start=1)]
        parts.append("</div>")
    parts.append("</section>")
    return "".join(parts)


def _counts(passed: int, failed: int) -> str:
    css = "fail" if failed else "pass"
    return f'<td class="{css}">{passed} passed, {failed} failed</td>'


def render_summary(report: Report, anchors: Mapping[str, str]) -> str:
    """One row per agent and eval set: cases, runs, passed and failed per metric, adk eval's."""
    metrics = sorted({m for g in report.groups for m in g.metrics})
    head = "".join(f'<th>{esc(m)}<br><span class="meta">runs</span></th>' for m in metrics)
    rows = []
    for group in report.groups:
        runs = sum(len(rs) for by_metric in group.cases.values() for rs in by_metric.values())
        cells = [
            f'<td><a href="#{esc(anchors[group.label])}">{esc(group.agent)}</a></td>',
            f"<td>{esc(group.eval_set or '—')}</td>",
            f'<td class="num">{len(group.cases)}</td>',
            f'<td class="num">{runs}</td>',
        ]
        for metric in metrics:
            cells.append(
                _counts(*group.passed_failed(metric))
                if metric in group.metrics
                else '<td class="none">—</td>'
            )
        cells.append(
            _counts(*group.history.passed_failed())
            if group.history is not None
            else '<td class="none">no eval history</td>'
        )
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return (
        '<table class="summary"><thead><tr><th>agent</th><th>eval set</th><th>cases</th>'
        f'<th>details files</th>{head}<th>adk eval<br><span class="meta">cases</span></th>'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def render_group(group: Group, anchor: str, ids: _Ids) -> str:
    """One agent and eval set: a case-by-metric table, then every case in full."""
    metrics = group.metrics
    title = esc(group.agent) + (f" on {esc(group.eval_set)}" if group.eval_set else "")
    head = "".join(f"<th>{esc(m)}</th>" for m in metrics)
    if group.history is not None:
        head += "<th>adk eval</th>"
    rows, sections = [], []
    for case, by_metric in group.cases.items():
        case_anchor = ids.make(group.label, case)
        cells = [f'<td><a href="#{esc(case_anchor)}">{esc(case)}</a></td>']
        for metric in metrics:
            runs = by_metric.get(metric, ())
            cells.append(f"<td>{''.join(_runchip(r) for r in runs) or '—'}</td>")
        if group.history is not None:
            found = _history_case(group, case)
            cells.append(
                f"<td>{chip(found.status, _status_class(found.status))}</td>"
                if found
                else '<td class="none">not in eval history</td>'
            )
        rows.append(f"<tr>{''.join(cells)}</tr>")
        sections.append(render_case(group, case, case_anchor))
    source = ""
    if group.history is not None:
        source = f'<p class="meta">adk eval history: {esc(group.history.path)}</p>'
    return (
        f'<h2 id="{esc(anchor)}">{title}</h2>{source}'
        f'<table class="cases"><thead><tr><th>case</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>{''.join(sections)}"
    )


def render_html(report: Report) -> str:
    """The whole page: one HTML document with inline CSS, no script, no external resource."""
    ids = _Ids()
    anchors = {g.label: ids.make("group", g.label) for g in report.groups}
    sources = ", ".join(str(s) for s in report.sources)
    meta = f"read {report.details_count} details files from {sources}"
    if report.history_files:
        meta += f"; {len(report.history_files)} adk eval-history results"
    if report.cases:
        meta += f"; showing only: {', '.join(report.cases)}"
    unmatched = ""
    if report.unmatched_history:
        items = "".join(
            f"<li>{esc(h.app)} on {esc(h.eval_set_id)}: {h.passed_failed()[0]} passed, "
            f"{h.passed_failed()[1]} failed ({esc(h.path.name)})</li>"
            for h in report.unmatched_history
        )
        unmatched = f"<p>adk eval-history results with no details given here:</p><ul>{items}</ul>"
    if report.unreadable:
        items = "".join(f"<li>{esc(reason)}</li>" for _, reason in report.unreadable)
        unmatched += (
            f'<div class="unreadable"><p>{len(report.unreadable)} details file(s) could not be '
            f"read and are left out:</p><ul>{items}</ul></div>"
        )
    body = [
        f"<h1>{esc(report.title)}</h1>",
        f'<p class="meta">{esc(meta)}</p>',
        '<p class="meta">Cells: <span class="chip pass">pass</span> requirement met, '
        '<span class="chip fail">fail</span> not met, <span class="chip incomplete">incomplete'
        '</span> could not be judged (counts as not met), <span class="chip unscored">unscored'
        "</span> the evaluator could not decide (the case fails). A subject is satisfied only "
        "when every requirement passes.</p>",
        render_summary(report, anchors),
        unmatched,
    ]
    body += [render_group(g, anchors[g.label], ids) for g in report.groups]
    return page(report.title, "".join(body))


def page(title: str, body: str, css: str = "") -> str:
    """One HTML document: ``title`` (escaped here), the report's CSS and ``css`` inline, then
    ``body`` (HTML the caller has escaped). No script, nothing from the network."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{CSS}{css}</style></head>"
        f"<body>{body}</body></html>\n"
    )
