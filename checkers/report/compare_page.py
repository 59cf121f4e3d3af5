"""The comparison page: ``checkers compare BASELINE CANDIDATE --html OUT`` as one HTML document.

At the top the verdict (significant regression, significant improvement, or no significant
difference with the runs that would show the observed effect), then per metric its test figures
and a table of cases: each variant's pass rate with its Wilson 95% interval drawn as a bar on a
shared 0-1 axis (baseline above, candidate below), and the case's requirement flips, the worse
ones red and the better ones green. Cases whose pass rate fell come first.

Pure: it renders a :class:`~checkers.compare.Comparison` and the runs it was computed from; the
look (CSS, chips, the document around the body) is the report's own
(:mod:`checkers.report.render`). Every piece of text from the inputs is escaped; bars are placed
by numbers the page computes, never by text from the inputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checkers.compare import Comparison, Direction, Flip, MetricComparison, effect_line
from checkers.report.render import chip, esc, page
from checkers.run_records import RunRecord
from checkers.run_stats import CaseStats, case_stats
from checkers.text import plural

__all__ = ["COMPARE_CSS", "Variants", "render_comparison"]

COMPARE_CSS = """
.verdict { font-size: 1.25em; font-weight: 700; padding: .5em .8em; border-radius: .4em;
           margin: .6em 0; display: inline-block; }
.verdict.none { background: #eef0f3; color: #1d1d1f; }
.bars { width: 16em; }
.bar { position: relative; height: .8em; margin: .25em 0; background: #f4f4f6;
       border: 1px solid #ccc; border-radius: .2em; }
.bar .ci { position: absolute; top: 0; bottom: 0; border-radius: .2em; }
.bar .rate { position: absolute; top: -.2em; bottom: -.2em; width: 3px; margin-left: -1px;
             background: #1d1d1f; }
.bar.baseline .ci { background: #9db4d3; }
.bar.candidate .ci { background: #e0a463; }
.bar .mid { position: absolute; left: 50%; top: 0; bottom: 0; border-left: 1px dotted #999; }
.key { display: inline-block; width: 1.4em; height: .8em; vertical-align: middle;
       border-radius: .2em; margin: 0 .2em; }
.key.baseline { background: #9db4d3; }
.key.candidate { background: #e0a463; }
tr.worse td:first-child { border-left: 5px solid #d9534f; }
tr.better td:first-child { border-left: 5px solid #3c9a3c; }
ul.flips { margin: 0; padding-left: 1.1em; }
ul.flips li { margin: .1em 0; padding: 0 .3em; border-radius: .2em; }
.axis { display: flex; justify-content: space-between; width: 16em; color: #555; }
.axis span { font-size: .75em; font-weight: 400; }
"""


@dataclass(frozen=True)
class Variants:
    """The two sides of a comparison: a name for each (a path, an agent) and its runs."""

    baseline_name: str
    candidate_name: str
    baseline: Sequence[RunRecord]
    candidate: Sequence[RunRecord]


_VERDICT_CSS = {
    Direction.REGRESSION: "fail",
    Direction.IMPROVEMENT: "pass",
    Direction.NONE: "none",
    Direction.INCONCLUSIVE: "fail",
}


def _bar(stats: CaseStats | None, side: str) -> str:
    """One variant's pass rate as a dark tick inside its interval, on a 0-1 track; an empty
    track when the variant has no run of the case."""
    if stats is None or stats.rate is None:
        title = "no runs" if stats is None else "no judged run"
        return f'<div class="bar {side}" title="{title}"><span class="mid"></span></div>'
    low, high = stats.interval
    rate = stats.rate
    # Percentages from the page's own numbers: nothing from the inputs reaches a style.
    return (
        f'<div class="bar {side}" role="img" aria-label="{side} pass rate {rate:.2f}, '
        f'95% interval {low:.2f} to {high:.2f}"><span class="mid"></span>'
        f'<span class="ci" style="left:{100 * low:.1f}%;width:{100 * (high - low):.1f}%"></span>'
        f'<span class="rate" style="left:{100 * rate:.1f}%"></span></div>'
    )


def _rate_cell(stats: CaseStats | None) -> str:
    if stats is None:
        return '<td class="none">no runs</td>'
    unscored = f'<br><span class="meta">{stats.unscored} unscored</span>' * bool(stats.unscored)
    if stats.rate is None:
        return f'<td class="none">no judged run{unscored}</td>'
    low, high = stats.interval
    return (
        f'<td class="num">{stats.passed}/{stats.runs} &nbsp;{stats.rate:.2f}'
        f'<br><span class="meta">[{low:.2f}, {high:.2f}]</span>{unscored}</td>'
    )


def _flip_items(case: str, flips: Sequence[Flip]) -> str:
    if not flips:
        return '<td class="none">—</td>'
    items = "".join(
        f'<li class="{"fail" if f.change > 0 else "pass"}">'
        f"{esc(f.sentence().removeprefix(f'{case}: '))}</li>"
        for f in flips
    )
    return f'<td><ul class="flips">{items}</ul></td>'


def _change(before: CaseStats | None, after: CaseStats | None) -> float:
    if before is None or after is None or before.rate is None or after.rate is None:
        return 0.0
    return after.rate - before.rate


def _case_rows(one: MetricComparison, variants: Variants) -> str:
    before = {
        s.case: s for s in case_stats([r for r in variants.baseline if r.metric == one.metric])
    }
    after = {
        s.case: s for s in case_stats([r for r in variants.candidate if r.metric == one.metric])
    }
    cases = sorted(
        before.keys() | after.keys(), key=lambda c: (_change(before.get(c), after.get(c)), c)
    )
    rows = []
    for case in cases:
        flips = [f for f in one.flips if f.case == case]
        change = _change(before.get(case), after.get(case))
        worse = change < 0 or any(f.change > 0 for f in flips)
        better = change > 0 or any(f.change < 0 for f in flips)
        css = "worse" if worse else "better" if better else ""
        rows.append(
            f'<tr class="{css}"><td>{esc(case)}</td>{_rate_cell(before.get(case))}'
            f"{_rate_cell(after.get(case))}"
            f'<td class="bars">{_bar(before.get(case), "baseline")}'
            f"{_bar(after.get(case), 'candidate')}</td>"
            f'<td class="num">{change:+.2f}</td>{_flip_items(case, flips)}</tr>'
        )
    return "".join(rows)


def _figures(one: MetricComparison) -> str:
    lines = [
        f"McNemar exact p = {one.p_value:.4g}, tested at alpha {one.alpha:.3g}; "
        f"{plural(one.pairs, 'paired run')} over {plural(one.cases, 'case')}: both passed "
        f"{one.both_passed}, pass->fail {one.lost}, fail->pass {one.gained}, both failed "
        f"{one.both_failed}"
    ]
    if one.mean_difference is not None and one.interval is not None:
        lines.append(
            f"mean score difference (candidate - baseline) {one.mean_difference:+.3f}, paired "
            f"bootstrap 95% interval [{one.interval[0]:+.3f}, {one.interval[1]:+.3f}] over "
            f"{plural(one.scored_pairs, 'scored pair')}"
        )
    if one.unpaired_baseline or one.unpaired_candidate:
        lines.append(
            f"left out of the test, no partner: {one.unpaired_baseline} baseline and "
            f"{one.unpaired_candidate} candidate runs"
        )
    if one.unscored_pairs:
        lines.append(
            f"left out of the test, unscored (NOT_EVALUATED): {one.unscored_baseline} baseline "
            f"and {one.unscored_candidate} candidate runs, in {plural(one.unscored_pairs, 'pair')}"
            + (f"; not comparable: {', '.join(one.not_comparable)}" if one.not_comparable else "")
        )
    if one.reason:
        lines.append(f"why: {one.reason}")
    if one.direction is Direction.NONE:
        lines.append(effect_line(one))
    return "".join(f'<p class="meta">{esc(line)}</p>' for line in lines)


def render_metric(one: MetricComparison, variants: Variants) -> str:
    """One metric: its verdict, its figures, and the case table with bars and flips."""
    return (
        f'<h2 id="metric-{esc(one.metric)}">{esc(one.metric)} '
        f"{chip(one.direction.value, _VERDICT_CSS[one.direction])}</h2>"
        f"{_figures(one)}"
        '<table class="compare"><thead><tr><th>case</th><th>baseline<br>'
        '<span class="meta">passed/runs, rate [95%]</span></th><th>candidate<br>'
        '<span class="meta">passed/runs, rate [95%]</span></th><th>pass rate, Wilson 95%'
        '<div class="axis"><span>0</span><span>0.5</span><span>1</span></div></th>'
        "<th>change</th><th>requirement flips</th></tr></thead>"
        f"<tbody>{_case_rows(one, variants)}</tbody></table>"
    )


def _verdict_block(comparison: Comparison) -> str:
    direction = comparison.direction
    parts = [f'<div class="verdict {_VERDICT_CSS[direction]}">{esc(direction.value)}</div>']
    items = []
    for one in comparison.metrics:
        flips_worse = sum(f.change > 0 for f in one.flips)
        flips_better = len(one.flips) - flips_worse
        line = (
            f"{one.metric}: {one.direction.value} (p = {one.p_value:.4g}); pass->fail "
            f"{one.lost}, fail->pass {one.gained}; {plural(flips_worse, 'requirement')} worse, "
            f"{flips_better} better"
        )
        if one.reason:
            line += f"; {one.reason}"
        if one.direction is Direction.NONE:
            line += (
                f"; about {one.runs_needed:,} runs of each case would show this effect"
                if one.runs_needed is not None
                else "; no number of runs would show a difference"
            )
        items.append(f'<li><a href="#metric-{esc(one.metric)}">{esc(line)}</a></li>')
    parts.append(f"<ul>{''.join(items)}</ul>")
    return "".join(parts)


def _runs(records: Sequence[RunRecord]) -> str:
    """``"55 case-runs of 11 cases"``: a run counted once whatever the metrics judging it."""
    runs = {(r.case, r.run) for r in records}
    cases = {case for case, _ in runs}
    return f"{plural(len(runs), 'case-run')} of {plural(len(cases), 'case')}"


def render_comparison(
    comparison: Comparison, variants: Variants, title: str = "checkers compare"
) -> str:
    """The whole comparison page: the verdict, a legend, then every metric's section."""
    body = [
        f"<h1>{esc(title)}</h1>",
        f'<p class="meta">baseline: <span class="key baseline"></span>'
        f"<code>{esc(variants.baseline_name)}</code> ({_runs(variants.baseline)}) "
        f'&nbsp; candidate: <span class="key candidate"></span>'
        f"<code>{esc(variants.candidate_name)}</code> ({_runs(variants.candidate)})</p>",
        _verdict_block(comparison),
        '<p class="meta">Runs are paired by case and run number; each metric is tested with '
        "McNemar's exact test on pass/fail (Bonferroni over the metrics). A bar is a variant's "
        "Wilson 95% interval for the case's pass rate, the dark tick its observed rate. A flip "
        "is a requirement not met in a different share of runs: "
        f"{chip('red', 'fail')} worse in the candidate, {chip('green', 'pass')} better.</p>",
    ]
    body += [render_metric(one, variants) for one in comparison.metrics]
    return page(title, "".join(body), COMPARE_CSS)
