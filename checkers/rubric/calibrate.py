"""Calibration: how far a judge can be trusted, measured against people or against code.

``checkers calibrate`` runs a judge through the same pipeline a rubric metric uses (pre-check,
prompt, strict parser, majority over samples, cache) on labelled examples, and prints:

- accuracy: share of examples where the pipeline's verdict equals the label;
- Cohen's kappa: agreement beyond chance, ``(p_o - p_e) / (1 - p_e)``, over the categories
  yes / no / unscored (people never say "unscored", so an unscored example is a disagreement);
  undefined when ``p_e = 1`` (every label and every verdict the same);
- the false-pass rate: share of "no" examples the judge passed (the failure that matters most:
  a gate that lets bad answers through), and the false-fail rate;
- the confusion matrix (rows: people, columns: the judge), and the unscored count;
- the judge's calls, cache hits, tokens and seconds;
- the injection pre-check's precision and recall on a labelled set of injections and ordinary
  answers (``--injections FILE``, default the bundled ``data/injection_precheck.jsonl``; see
  :mod:`checkers.rubric.injections`), with its misses and false alarms. The pre-check needs no
  judge, so these figures are the same for every ``--judge``;
- the consent classifier's precision and recall on labelled customer replies (``--consent
  FILE``, default the bundled ``checkers/consent_replies.jsonl``; see :mod:`checkers.consent`):
  precision is the share of replies read as consent that are consent (a miss there is a false
  pass of ``confirmed_before_writing``), recall the share of consenting replies read as consent.

A gate (``--min-kappa``, ``--min-accuracy``, ``--max-false-pass``) makes the exit code 1 when a
figure misses it; 0 otherwise; 2 for a usage or configuration error.

Two sources of labelled examples:

- ``--labels FILE.jsonl`` (default: the labelled set each installed domain bundles, named by
  its plugin's ``labelled``): one :class:`LabelledExample` per line, labelled by people.
- ``--against-checker DOMAIN``: generated answers of the meta-test harness, labelled by the
  domain's deterministic checker; the domain states the same requirement as a rubric (the
  :class:`CheckerRubric` its plugin names as ``rubrics``), so a judge is measured on a
  requirement code can check, without any human labels.

``--sheet FILLED.csv`` measures verdicts instead of a judge: a review sheet ``checkers sample``
wrote and people filled (:mod:`checkers.review_sheet`), read back (:mod:`checkers.review_read`)
into the agreement of checkers and judges with the reviewers and the mean ratings
(:mod:`checkers.review_figures`); the gates apply to all reviewed rows, accuracy being the
agreement rate.

With scripted judges the figures are known in advance: ``scripted:agree`` scores accuracy 1 and
kappa 1; ``scripted:flip=f`` flips exactly ``round(f * n)`` of the ``n`` examples of each label,
so on a set with as many "yes" as "no" labels (the bundled one: 20 and 20) and ``f * 20`` whole,
accuracy is exactly ``1 - f``, both error rates exactly ``f``, and, since the judge then also
says "yes" exactly half the time, ``p_e = 1/2`` and kappa is exactly ``1 - 2f``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Generic, Literal, TextIO, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from checkers import consent
from checkers.data import read_examples
from checkers.errors import CheckersError, ConfigError, DataError
from checkers.figure_text import ratio_json, ratio_text
from checkers.metric import total_usage
from checkers.registry import domain_names, find_plugin
from checkers.results import Outcome, Verdict
from checkers.rubric import injections
from checkers.rubric.aggregate import Vote
from checkers.rubric.cache import JudgeCache, default_cache_dir
from checkers.rubric.factory import make_judge
from checkers.rubric.judge import Judge
from checkers.rubric.prompt import build_request
from checkers.rubric.requirement import Fact, Rubric, RubricSubject, RubricTask
from checkers.rubric.run import JudgeSettings, TaskJudgement, judge_task
from checkers.rubric.scripted import LabelBook

S = TypeVar("S")
T = TypeVar("T")
JudgeSays = Literal["yes", "no", "unscored"]
LABELS_EXAMPLE = "labels.jsonl"
"""The file name quoted in messages about labelled files."""
EXIT_GATE_FAILED = 1
EXIT_USAGE = 2


class LabelledExample(BaseModel):
    """One answer, one rubric, and what a person (or a checker) says about it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    rubric_id: str
    rubric: str
    """The rubric's text: the property the label is about."""
    cues: tuple[str, ...] = ()
    facts: tuple[Fact, ...] = ()
    answer: str | None
    label: Vote
    source: str = Field(min_length=1)
    """Provenance: ``handwritten``, ``generated``, ``regression`` ..."""
    why: str = ""
    """Why the label is what it is."""
    about: dict[str, str] = Field(default_factory=dict)
    """Where the example comes from (e.g. scenario, guest and restaurant ids)."""

    def as_rubric(self) -> Rubric:
        return Rubric(id=self.rubric_id, text=self.rubric, cues=self.cues)

    def task(self) -> RubricTask:
        """The example as a one-subject, one-rubric task."""
        subject = RubricSubject(subject_id="subject", name="subject", rubrics=(self.as_rubric(),))
        return RubricTask(
            scenario_id=self.id, answer=self.answer, facts=self.facts, subjects=(subject,)
        )


def load_labelled(path: Path) -> list[LabelledExample]:
    """The examples of a JSONL file. Raises DataError naming the file, line and problem."""
    return read_examples(
        path,
        LabelledExample,
        "labelled examples",
        'id, rubric_id, rubric, facts, answer, label ("yes" or "no") and source',
        Path(LABELS_EXAMPLE),
    )


def bundled_label_files() -> list[Path]:
    """The labelled sets the installed domains bundle (:attr:`DomainPlugin.labelled`), in
    domain order. Raises ConfigError as finding a domain does."""
    found = (find_plugin(name).labelled_file() for name in domain_names())
    return [path for path in found if path is not None]


def load_bundled_labelled() -> tuple[list[LabelledExample], str]:
    """Every installed domain's labelled examples, and where they came from. Raises
    ConfigError when no domain bundles any (naming the options that give examples)."""
    paths = bundled_label_files()
    if not paths:
        raise ConfigError(
            "no installed domain bundles labelled examples (DomainPlugin.labelled); give "
            f"--labels {LABELS_EXAMPLE} or --against-checker DOMAIN"
        )
    examples = [example for path in paths for example in load_labelled(path)]
    return examples, ", ".join(map(str, paths))


def label_book(examples: Sequence[LabelledExample]) -> LabelBook:
    """The labels, keyed by the request each example sends, for label-reading scripted judges."""
    book = LabelBook()
    for example in examples:
        if example.answer is None:
            continue
        request = build_request(example.answer, example.facts, (example.as_rubric(),))
        try:
            book.add(request, example.rubric_id, example.label)
        except ValueError as error:
            raise DataError(
                f"example {example.id!r}: {error}; an identical example carries the other "
                "label, so remove or relabel one of them"
            ) from error
    return book


def judge_says(judgement: TaskJudgement, rubric_id: str) -> JudgeSays:
    """What the pipeline concluded on one rubric: a flagged answer is "no" (it cannot pass)."""
    if judgement.flags:
        return "no"
    decision = judgement.contexts[rubric_id].decision
    if decision is None or decision.outcome in (Outcome.INCOMPLETE, Outcome.UNSCORED):
        return "unscored"
    return "yes" if decision.outcome is Outcome.PASS else "no"


# --- the figures --------------------------------------------------------------------------------

HUMAN: tuple[Vote, ...] = ("yes", "no")
JUDGE: tuple[JudgeSays, ...] = ("yes", "no", "unscored")


@dataclass(frozen=True)
class Figures:
    """The agreement figures of ``(label, judge)`` pairs, exact (fractions)."""

    counts: dict[tuple[Vote, JudgeSays], int]

    @classmethod
    def of(cls, pairs: Sequence[tuple[Vote, JudgeSays]]) -> Figures:
        counts = {(h, j): 0 for h in HUMAN for j in JUDGE}
        for pair in pairs:
            counts[pair] += 1
        return cls(counts)

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    def row(self, human: Vote) -> int:
        return sum(self.counts[(human, j)] for j in JUDGE)

    def column(self, judge: JudgeSays) -> int:
        return sum(self.counts[(h, judge)] for h in HUMAN)

    @property
    def agreed(self) -> int:
        return self.counts[("yes", "yes")] + self.counts[("no", "no")]

    @property
    def accuracy(self) -> Fraction | None:
        return Fraction(self.agreed, self.n) if self.n else None

    @property
    def kappa(self) -> Fraction | None:
        """Cohen's kappa over yes / no / unscored; None when undefined (``p_e = 1``)."""
        if not self.n:
            return None
        observed = Fraction(self.agreed, self.n)
        chance = sum(
            (Fraction(self.row(k), self.n) * Fraction(self.column(k), self.n) for k in HUMAN),
            Fraction(0),
        )
        return None if chance == 1 else (observed - chance) / (1 - chance)

    @property
    def false_pass_rate(self) -> Fraction | None:
        """Share of "no" examples the judge passed; None without "no" examples."""
        total = self.row("no")
        return Fraction(self.counts[("no", "yes")], total) if total else None

    @property
    def false_fail_rate(self) -> Fraction | None:
        """Share of "yes" examples the judge did not pass (said no, or unscored)."""
        total = self.row("yes")
        missed = self.counts[("yes", "no")] + self.counts[("yes", "unscored")]
        return Fraction(missed, total) if total else None

    @property
    def unscored(self) -> int:
        return self.column("unscored")


@dataclass(frozen=True)
class Gate:
    """Thresholds the figures must meet; None means not gated."""

    min_kappa: float | None = None
    min_accuracy: float | None = None
    max_false_pass: float | None = None

    def failures(self, figures: Figures) -> list[str]:
        """One sentence per threshold missed (an undefined figure misses its threshold)."""
        missed = []
        checks: list[tuple[str, Fraction | None, float | None, bool]] = [
            ("kappa", figures.kappa, self.min_kappa, True),
            ("accuracy", figures.accuracy, self.min_accuracy, True),
            ("false-pass rate", figures.false_pass_rate, self.max_false_pass, False),
        ]
        for name, value, bound, at_least in checks:
            if bound is None:
                continue
            if value is None:
                missed.append(f"{name} is undefined, so it cannot meet {bound:g}")
            elif (value < bound) if at_least else (value > bound):
                relation = "below the minimum" if at_least else "above the maximum"
                missed.append(f"{name} {float(value):.3f} is {relation} {bound:g}")
        return missed


@dataclass
class Calibration:
    """A finished calibration: every example's outcome, the figures, and the judge's usage."""

    judge: str
    source: str
    results: list[tuple[LabelledExample, JudgeSays, str]] = field(default_factory=list)
    """(example, what the judge said, the reason of the decision)."""
    usage: dict[str, Any] = field(default_factory=dict)
    flagged: int = 0

    @property
    def figures(self) -> Figures:
        return Figures.of([(e.label, said) for e, said, _ in self.results])

    def disagreements(self) -> list[tuple[LabelledExample, JudgeSays, str]]:
        return [r for r in self.results if r[0].label != r[1]]


async def calibrate(
    examples: Sequence[LabelledExample], judge: Judge, settings: JudgeSettings, source: str
) -> Calibration:
    """Judge every example through the rubric pipeline (concurrently, within the settings'
    bound) and collect the outcomes."""
    judgements = await asyncio.gather(*(judge_task(e.task(), judge, settings) for e in examples))
    calibration = Calibration(judge=judge.identity, source=source)
    for example, judgement in zip(examples, judgements, strict=True):
        said = judge_says(judgement, example.rubric_id)
        context = judgement.contexts[example.rubric_id]
        reason = (
            "; ".join(f.sentence() for f in judgement.flags)
            if judgement.flags
            else context.decision.reason
            if context.decision
            else (judgement.problem.message if judgement.problem else "not judged")
        )
        calibration.results.append((example, said, reason))
        calibration.flagged += bool(judgement.flags)
    calibration.usage = total_usage([j.usage.to_json() for j in judgements])
    return calibration


# --- calibrating against a deterministic checker --------------------------------------------------


@dataclass(frozen=True)
class CheckerRubric(Generic[S]):
    """How a domain states a requirement its code checks as a rubric, for calibration without
    people: ``examples(scenario, answer, verdict)`` gives one labelled example per subject,
    labelled "yes" exactly when the checker's ``verdict`` satisfied that subject."""

    description: str
    examples: Callable[[S, dict[str, Any], Verdict], list[LabelledExample]]


def checker_rubric(domain: str) -> CheckerRubric[Any]:
    """The rubric ``domain``'s plugin names (``rubrics``). Raises ConfigError saying what to
    add."""
    plugin = find_plugin(domain)
    if plugin.rubrics is None:
        raise ConfigError(
            f"domain {domain!r} states no requirement as a rubric: its plugin names no rubrics; "
            "define CHECKER_RUBRIC = CheckerRubric(...) (see domains/dining/rubrics.py) and "
            "name it in the plugin: rubrics='rubrics:CHECKER_RUBRIC'"
        )
    found = plugin.load("rubrics")
    if not isinstance(found, CheckerRubric):
        raise ConfigError(
            f"{plugin.module_of('rubrics')}.{plugin.rubrics.partition(':')[2]} is a "
            f"{type(found).__name__}, not a checkers.rubric.calibrate.CheckerRubric"
        )
    return found


def draw(strategy: Any, count: int, seed: int) -> list[Any]:
    """Up to ``count`` examples of a hypothesis strategy, the same ones for the same seed."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as with_seed

    found: list[Any] = []

    @with_seed(seed)
    @settings(
        max_examples=count,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(strategy)
    def collect(value: Any) -> None:
        found.append(value)

    collect()
    return found


def checker_examples(domain: str, count: int, seed: int) -> list[LabelledExample]:
    """``count`` examples (as many "yes" as "no", fewer when the draw gives fewer) from the
    meta-test harness's generated answers of ``domain``, labelled by its checker.

    Answers built to satisfy everyone give "yes" examples; answers that break one requirement
    of one subject give that subject's "no" example (and "yes" for the others).
    """
    try:
        from hypothesis import strategies as st

        from checkers.meta.registry import load_spec
    except ImportError as error:
        raise ConfigError(
            f"--against-checker needs hypothesis and the meta-test harness ({error}); "
            'install the test extra: pip install -e ".[test]"'
        ) from error
    from checkers.transcript import Transcript

    rubric = checker_rubric(domain)
    spec = load_spec(domain)
    cases = st.one_of(
        spec.satisfying.map(lambda c: (c.scenario, c.answer)),
        *(v.map(lambda c: (c.scenario, c.answer)) for _, v in sorted(spec.violations.items())),
    )
    yes: list[LabelledExample] = []
    no: list[LabelledExample] = []
    seen: set[str] = set()
    for index, (scenario, answer) in enumerate(draw(cases, max(2 * count, 10), seed)):
        verdict = spec.metric.judge(scenario, Transcript(final_text=json.dumps(answer)), 1.0)
        for example in rubric.examples(scenario, answer, verdict):
            same = example.model_dump_json(include={"rubric_id", "rubric", "facts", "answer"})
            if same in seen:  # hypothesis may draw a case twice; each prompt counts once
                continue
            seen.add(same)
            renamed = example.model_copy(update={"id": f"{index}-{example.id}"})
            (yes if example.label == "yes" else no).append(renamed)
    rng = random.Random(seed)
    rng.shuffle(yes)
    rng.shuffle(no)
    half = min(len(yes), len(no), count // 2)
    return sorted(yes[:half] + no[:half], key=lambda e: e.id)


# --- the command --------------------------------------------------------------------------------


def report_lines(
    calibration: Calibration,
    gate: Gate,
    show: int = 5,
    precheck: injections.PrecheckFigures | None = None,
    consent_figures: consent.ConsentFigures | None = None,
) -> list[str]:
    """The printed report (see the module docstring)."""
    f = calibration.figures
    c = f.counts
    passed_no = f"{c[('no', 'yes')]}/{f.row('no')} labelled no, judged yes"
    missed_yes = c[("yes", "no")] + c[("yes", "unscored")]
    lines = [
        f"calibrate: judge {calibration.judge} on {calibration.source}",
        f"examples          {f.n}  ({f.row('yes')} labelled yes, {f.row('no')} labelled no)",
        f"accuracy          {ratio_text(f.accuracy, f'{f.agreed}/{f.n}')}",
        f"cohen's kappa     {ratio_text(f.kappa)}",
        f"false-pass rate   {ratio_text(f.false_pass_rate, passed_no)}",
        "false-fail rate   "
        + ratio_text(f.false_fail_rate, f"{missed_yes}/{f.row('yes')} labelled yes, not passed"),
        f"unscored          {f.unscored}",
        f"pre-check flagged {calibration.flagged}  (judged no without a judge call)",
        "confusion matrix (rows: label, columns: judge)",
        "                 yes      no  unscored",
    ]
    for human in HUMAN:
        lines.append(
            f"  label {human:<4} {c[(human, 'yes')]:>6}  {c[(human, 'no')]:>6}  "
            f"{c[(human, 'unscored')]:>8}"
        )
    u = calibration.usage
    lines.append(
        f"judge usage       {u.get('calls', 0)} calls, {u.get('cached', 0)} from cache, "
        f"{u.get('input_tokens', 0)} tokens in, {u.get('output_tokens', 0)} out, "
        f"{u.get('call_seconds', 0):.2f} s in calls; {u.get('timeouts', 0)} timeouts, "
        f"{u.get('errors', 0)} errors, {u.get('refusals', 0)} refusals"
    )
    wrong = calibration.disagreements()
    for example, said, reason in wrong[:show]:
        lines.append(
            f"  disagrees: {example.id}: label {example.label}, judge {said}: {reason[:160]}"
        )
    if len(wrong) > show:
        lines.append(f"  ... {len(wrong) - show} more disagreements (--show N to list more)")
    if precheck is not None:
        lines.extend(injections.report_lines(precheck, show))
    if consent_figures is not None:
        lines.extend(consent.report_lines(consent_figures, show))
    missed = gate.failures(f)
    if gate != Gate():
        lines.append("gate: " + ("FAILED: " + "; ".join(missed) if missed else "passed"))
    return lines


def report_json(
    calibration: Calibration,
    gate: Gate,
    precheck: injections.PrecheckFigures | None = None,
    consent_figures: consent.ConsentFigures | None = None,
) -> dict[str, Any]:
    """The report as JSON (figures as floats, with their exact fractions as strings)."""
    f = calibration.figures
    return {
        "judge": calibration.judge,
        "source": calibration.source,
        "examples": f.n,
        "accuracy": ratio_json(f.accuracy),
        "kappa": ratio_json(f.kappa),
        "false_pass_rate": ratio_json(f.false_pass_rate),
        "false_fail_rate": ratio_json(f.false_fail_rate),
        "unscored": f.unscored,
        "flagged": calibration.flagged,
        "confusion": {h: {j: f.counts[(h, j)] for j in JUDGE} for h in HUMAN},
        "usage": calibration.usage,
        "disagreements": [
            {"id": e.id, "label": e.label, "judge": said, "reason": reason}
            for e, said, reason in calibration.disagreements()
        ],
        "gate": {"failures": gate.failures(f), "passed": not gate.failures(f)},
        "injection_precheck": None if precheck is None else injections.report_json(precheck),
        "consent_classifier": (
            None if consent_figures is None else consent.report_json(consent_figures)
        ),
    }


def _examples_of(args: argparse.Namespace) -> tuple[list[LabelledExample], str]:
    if args.against_checker:
        if args.labels:
            raise ConfigError("give --labels FILE or --against-checker DOMAIN, not both")
        examples = checker_examples(args.against_checker, args.examples, args.seed)
        if not examples:
            raise ConfigError(
                f"the meta-test harness of {args.against_checker!r} gave no examples of both "
                "labels; raise --examples"
            )
        domain = args.against_checker
        return examples, f"{len(examples)} generated answers of {domain}, labelled by its checker"
    if args.labels:
        return load_labelled(Path(args.labels)), str(args.labels)
    return load_bundled_labelled()


def run_calibrate(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """The ``calibrate`` command: returns 0, or 1 when the gate fails. Raises ConfigError (and
    DataError) for usage and data problems, which the command line reports with exit code 2.
    ``out`` defaults to the standard output of the moment of the call."""
    out = out or sys.stdout
    if getattr(args, "sheet", None):
        if args.labels or args.against_checker or args.judge:
            raise ConfigError(
                "--sheet reads people's ratings of verdicts; give it without --labels, "
                "--against-checker or --judge"
            )
        from checkers.review_cli import run_sheet_calibrate

        return run_sheet_calibrate(args, out)
    if not args.judge:
        raise ConfigError(
            "give --judge NAME (e.g. --judge scripted:flip=0.2), or --sheet FILLED.csv to "
            "measure verdicts against a filled review sheet"
        )
    examples, source = _examples_of(args)
    judge = make_judge(args.judge, labels=label_book(examples), seed=args.seed)
    directory = Path(args.cache_dir) if args.cache_dir else default_cache_dir()
    cache = None if args.no_cache else JudgeCache(directory)
    try:
        settings = JudgeSettings(args.num_samples, args.max_concurrent, args.timeout_s, cache)
    except ValueError as error:
        raise ConfigError(str(error)) from error
    calibration = asyncio.run(calibrate(examples, judge, settings, source))
    gate = Gate(args.min_kappa, args.min_accuracy, args.max_false_pass)
    injection_path = Path(args.injections) if args.injections else injections.BUNDLED_INJECTIONS
    precheck = injections.measure(injections.load_injections(injection_path), str(injection_path))
    replies_path = Path(args.consent) if args.consent else consent.BUNDLED_REPLIES
    replies = consent.measure(consent.load_replies(replies_path), str(replies_path))
    if args.json:
        report = report_json(calibration, gate, precheck, replies)
        out.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    else:
        lines = report_lines(calibration, gate, args.show, precheck, replies)
        out.write("\n".join(lines) + "\n")
    return EXIT_GATE_FAILED if gate.failures(calibration.figures) else 0


CALIBRATE_EXAMPLES = """examples:
  checkers calibrate --judge scripted:flip=0.2          # a judge with known noise: 20% flipped
  checkers calibrate --judge gemini:gemini-2.5-flash --num-samples 3 --min-kappa 0.6
  checkers calibrate --labels my_labels.jsonl --judge adk:ollama_chat/llama3.1 --json
  checkers calibrate --against-checker dining --judge gemini --examples 60 --seed 1
  checkers calibrate --sheet review.csv --min-accuracy 0.8   # a sheet checkers sample wrote
default labelled set: each installed domain's own (dining: 40 explanations, 20 yes / 20 no)
exit code: 0, or 1 when a gate (--min-kappa, --min-accuracy, --max-false-pass) fails;
2 for a usage or configuration error
"""


def add_calibrate_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``calibrate`` subcommand on ``subparsers`` (what ``add_subparsers``
    returned); its handler is ``args.handler(args) -> exit code``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "calibrate",
        help="measure a rubric judge against labelled examples (accuracy, kappa, false passes)",
        epilog=CALIBRATE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    source = parser.add_argument_group("labelled examples (one of)")
    source.add_argument(
        "--labels", help="JSONL of labelled examples (default: the installed domains' own sets)"
    )
    source.add_argument(
        "--against-checker",
        metavar="DOMAIN",
        help="label generated answers with DOMAIN's deterministic checker instead of people",
    )
    source.add_argument("--examples", type=int, default=60, help="with --against-checker: how many")
    parser.add_argument(
        "--injections",
        metavar="FILE",
        help="JSONL of labelled injections and ordinary answers for the pre-check's precision "
        "and recall (default: the bundled set)",
    )
    parser.add_argument(
        "--consent",
        metavar="FILE",
        help="JSONL of labelled customer replies for the consent classifier's precision and "
        "recall (default: the bundled set)",
    )
    parser.add_argument(
        "--judge",
        help="judge name: gemini[:<model>], adk:<model>, scripted:... (required unless --sheet)",
    )
    sheet = parser.add_argument_group("human review (instead of a judge on labelled examples)")
    sheet.add_argument(
        "--sheet",
        metavar="FILLED",
        help="a review sheet from checkers sample, filled by people (.csv or .jsonl): report "
        "how far the checkers and judges agree with them, and the mean ratings",
    )
    sheet.add_argument(
        "--partial",
        action="store_true",
        help="with --sheet: report on the reviewed rows, counting the rest (default: a row "
        "not reviewed is an error)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of flips and generated answers")
    parser.add_argument("--num-samples", type=int, default=1, help="samples per example (majority)")
    parser.add_argument("--max-concurrent", type=int, default=4, help="judge calls in flight")
    parser.add_argument("--timeout-s", type=float, default=60.0, help="seconds per judge call")
    parser.add_argument("--no-cache", action="store_true", help="always call the judge")
    parser.add_argument("--cache-dir", help="judge cache (default $CHECKERS_JUDGE_CACHE)")
    gate = parser.add_argument_group("gate (exit code 1 when missed)")
    gate.add_argument("--min-kappa", type=float)
    gate.add_argument("--min-accuracy", type=float)
    gate.add_argument("--max-false-pass", type=float)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--show", type=int, default=5, help="disagreements to list")
    parser.set_defaults(handler=run_calibrate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m checkers.rubric ...``: the ``calibrate`` subcommand on its own, for as long
    as the ``checkers`` command does not register it."""
    parser = argparse.ArgumentParser(prog="checkers")
    add_calibrate_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["calibrate", *(sys.argv[1:] if argv is None else argv)])
    try:
        return int(args.handler(args))
    except CheckersError as error:
        print(f"checkers: error: {error}", file=sys.stderr)
        return EXIT_USAGE
