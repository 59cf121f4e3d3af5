"""``checkers score`` as an Apache Beam pipeline: locally on the DirectRunner, or on Dataflow.

The pipeline judges each session as the one-process loop does
(:func:`checkers.score.judge_or_dead_letter`) and writes the same JSONL verdict lines and dead
letters (in another order: a pipeline has none; compare them as sets of lines). Sessions sharing
an app, user and session id are told apart as the loop tells them: each line is read with where
it starts (:class:`PositionedLines`: file name and byte offset, splittable as Beam splits a text
file), the sessions are grouped by their ids, and the one read first is judged, every later one
a dead letter (:class:`FirstOfEachSession`).

Reading:

- ``jsonl:PATH`` (:mod:`checkers.readers.jsonl`): Beam reads the file itself
  (:class:`PositionedLines`, split across workers; ``PATH`` may be a glob, or ``gs://...`` on
  Dataflow; of several files, those whose names sort first count as read first), and each line
  is parsed where it is judged.
- any other source (ADK's session database, other file kinds): the launching process reads it
  through :func:`checkers.sources.open_sessions`, streaming, and stages the sessions as JSONL
  under ``--temp_location`` (a local temporary folder by default), with what their reader found
  beyond the events (:func:`session_line`: a tau-bench run's problem and turns), which the
  pipeline then reads as above. Reading ADK's store takes the launching process's time, but it
  never holds the sessions in memory and the judging is spread as for a file; for Dataflow,
  that store is a PostgreSQL server the launching machine reaches.

Locally (``checkers score --runner beam``) the DirectRunner runs workers on every core
(``direct_num_workers`` = the number of cores, ``direct_running_mode=multi_processing``) and
writes ``--out`` as one file. On Dataflow (``python -m checkers.score_beam``; every option Beam
knows is passed through)::

    python -m build --sdist   # the project's package, for the Dataflow workers
    python -m checkers.score_beam dining \\
        --sessions jsonl:gs://BUCKET/sessions/*.jsonl --out gs://BUCKET/verdicts/verdicts \\
        --runner DataflowRunner --project PROJECT --region REGION \\
        --temp_location gs://BUCKET/tmp --extra_package dist/adk_requirement_checkers-0.1.0.tar.gz

writes ``verdicts-00000-of-000NN.jsonl`` shards and ``verdicts.dead-letters-...`` beside them.
The summary (sessions read = judged + dead letters, passed per metric) comes from Beam's
counters.

Needs the ``beam`` extra: ``pip install '.[beam]'``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import uuid
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import replace
from pathlib import Path
from typing import Any

from checkers.errors import CheckersError, ConfigError
from checkers.score import DeadLetter, ScoreSummary, dead_letter_line, repeated, session_key
from checkers.shared_setting import Restore, SharedSetting

BEAM_MISSING = (
    "the Beam runner needs Apache Beam, which is not installed: pip install '.[beam]' "
    "(or pip install 'adk-requirement-checkers[beam]')"
)

try:
    import apache_beam as beam
    from apache_beam.io.filebasedsource import FileBasedSource
    from apache_beam.io.filesystems import FileSystems
    from apache_beam.metrics.metric import Metrics, MetricsFilter
    from apache_beam.options.pipeline_options import PipelineOptions
except ImportError as error:  # pragma: no cover - exercised where the extra is missing
    raise ConfigError(BEAM_MISSING) from error

from checkers.readers.jsonl import session_of_line  # noqa: E402  (after Beam's check)
from checkers.registry import domain_metrics  # noqa: E402
from checkers.results import AnswerProblem  # noqa: E402
from checkers.score_worker import Scored, judge_for_sinks  # noqa: E402
from checkers.sessions import RecordedSession  # noqa: E402
from checkers.sources import ReadOptions, open_sessions  # noqa: E402
from checkers.transcript import Turn  # noqa: E402

NAMESPACE = "checkers"
DEAD = "dead_letters"


Where = tuple[str, int]
"""Where a session's line starts: its file and byte offset. The loop reads one file in this
order; of sessions sharing ids, the one it reads first is the one judged."""


class PositionedLines(FileBasedSource):
    """The lines of JSONL files, each as ``(file name, byte offset, line)``, split across
    workers as Beam splits a text file (a line belongs to the split its first byte is in).
    Lines end at ``\\n`` alone, as the loop's reader reads them
    (:func:`checkers.readers.jsonl.jsonl_lines`)."""

    def read_records(self, file_name: str, range_tracker: Any) -> Iterator[tuple[str, int, bytes]]:
        start = range_tracker.start_position()
        with self.open_file(file_name) as file:
            position = start
            if start > 0:
                # The line holding byte start - 1 is the split's before; ours begin after it.
                file.seek(start - 1)
                position = start - 1 + len(file.readline())
            while range_tracker.try_claim(position):
                line = file.readline()
                if not line:
                    return
                yield file_name, position, line
                position += len(line)


class JudgeLines(beam.DoFn):
    """Parse a positioned JSONL session line (:func:`checkers.readers.jsonl.session_of_line`)
    and judge it. A session goes out keyed by its ids (:func:`checkers.score.session_key`) with
    where it was read and what it gave, for :class:`FirstOfEachSession`; a reader's dead letter
    (no session: it makes no later session a repeat, as in the loop) goes straight to
    ``dead_letters``."""

    def __init__(
        self,
        domain: str,
        metric_names: Sequence[str],
        options: ReadOptions,
        staged: bool = False,
    ) -> None:
        """``staged``: the lines are this pipeline's staging (:func:`session_line`), read with
        what their reader found (:func:`staged_session_of_line`); else a ``jsonl:`` source's,
        read as the loop reads them."""
        self.domain = domain
        self.metric_names = list(metric_names)
        self.options = options.reading()
        self.staged = staged

    def setup(self) -> None:
        metrics = domain_metrics(self.domain)
        self.metrics = [metrics[name] for name in self.metric_names]
        self.dead = Metrics.counter(NAMESPACE, DEAD)
        self.skipped = Metrics.counter(NAMESPACE, "skipped_eval")

    def process(self, element: tuple[str, int, bytes]) -> Iterator[Any]:
        file_name, position, line = element
        options = self.options.reading()
        read = (staged_session_of_line if self.staged else session_of_line)(line, options)
        if options.skipped_eval:
            self.skipped.inc(options.skipped_eval)
        if read is None:
            return
        if isinstance(read, DeadLetter):
            self.dead.inc()
            yield beam.pvalue.TaggedOutput(DEAD, dead_letter_line(read))
            return
        ids = (read.app_name, read.user_id, read.session_id)
        outcome = judge_for_sinks(self.metrics, read, need_verdicts=False)
        yield session_key(*ids), ((file_name, position), ids, outcome)


class FirstOfEachSession(beam.DoFn):
    """Of the sessions sharing ids (one key of :class:`JudgeLines`' output), the one read first
    is written as it was judged; each later one is a dead letter
    (:func:`checkers.score.repeated`), as the loop writes them
    (:class:`checkers.score.SessionIds`). Counts what it writes."""

    def __init__(self, metric_names: Sequence[str]) -> None:
        self.metric_names = list(metric_names)

    def setup(self) -> None:
        self.judged = Metrics.counter(NAMESPACE, "judged")
        self.dead = Metrics.counter(NAMESPACE, DEAD)
        self.passed = {n: Metrics.counter(NAMESPACE, f"passed:{n}") for n in self.metric_names}
        self.unscored = {n: Metrics.counter(NAMESPACE, f"unscored:{n}") for n in self.metric_names}

    def process(self, keyed: tuple[bytes, Any]) -> Iterator[Any]:
        _, reads = keyed
        ordered: list[tuple[Where, tuple[str, str, str], Scored | DeadLetter]] = sorted(
            reads, key=lambda read: read[0]
        )
        (_, _, outcome), *later = ordered
        for _, ids, _ in later:
            self.dead.inc()
            yield beam.pvalue.TaggedOutput(DEAD, dead_letter_line(repeated(*ids)))
        if isinstance(outcome, DeadLetter):
            self.dead.inc()
            yield beam.pvalue.TaggedOutput(DEAD, dead_letter_line(outcome))
            return
        self.judged.inc()
        for metric, passed, unscored in outcome.results:
            if passed:
                self.passed[metric].inc()
            if unscored:
                self.unscored[metric].inc()
        yield from outcome.lines


STAGED = "staged"
"""Key of a staged line holding what its reader found beyond the events (the session's
:attr:`~checkers.sessions.RecordedSession.problem` and
:attr:`~checkers.sessions.RecordedSession.turns`: a tau-bench run stopped at its step limit, the
text its agent wrote beside a call), which :func:`staged_session_of_line` restores."""


def session_line(session: RecordedSession) -> str:
    """``session`` as the JSONL line :func:`staged_session_of_line` reads back: the session as
    :func:`checkers.readers.jsonl.session_of_line` reads it, and under :data:`STAGED` what its
    reader found that its events cannot say (judged from the events alone, an unfinished
    tau-bench run would be judged, and could pass, where the loop fails it)."""
    import json

    row: dict[str, Any] = {
        "session_id": session.session_id,
        "app_name": session.app_name,
        "user_id": session.user_id,
        "events": list(session.events),
        "state": dict(session.state),
    }
    staged: dict[str, Any] = {}
    if session.problem is not None:
        staged["problem"] = session.problem.model_dump(mode="json")
    if session.turns is not None:
        staged["turns"] = [_dumped(turn) for turn in session.turns]
    if staged:
        row[STAGED] = staged
    return json.dumps(row, ensure_ascii=False)


def _dumped(model: Any) -> Any:
    """``model`` (a pydantic model) as JSON-like values: pydantic's dump, or, for a value nested
    past pydantic's serialization depth (a tool argument 300 deep, which the loop judges), its
    fields taken as they are (the values under them are JSON already)."""
    try:
        return model.model_dump(mode="json")
    except ValueError:
        return _fields(model)


def _fields(value: Any) -> Any:
    from pydantic import BaseModel

    if isinstance(value, BaseModel):
        return {name: _fields(getattr(value, name)) for name in type(value).model_fields}
    if isinstance(value, (list, tuple)):
        return [_fields(item) for item in value]
    return value


def staged_session_of_line(
    line: bytes | str, options: ReadOptions
) -> RecordedSession | DeadLetter | None:
    """The session a staged line holds (:func:`session_line`), with its reader's problem and
    turns restored; any other line as :func:`checkers.readers.jsonl.session_of_line` reads it."""
    import json

    read = session_of_line(line, options)
    if not isinstance(read, RecordedSession):
        return read
    staged = json.loads(line).get(STAGED)
    if not isinstance(staged, dict):
        return read
    try:
        problem = staged.get("problem")
        turns = staged.get("turns")
        return replace(
            read,
            problem=None if problem is None else AnswerProblem.model_validate(problem),
            turns=None if turns is None else tuple(Turn.model_validate(t) for t in turns),
        )
    except ValueError as error:  # a staged line no staging wrote: fail closed
        reason = f"the staged session's {STAGED!r} cannot be read: {error}"
        return DeadLetter(read.session_id, read.app_name, read.user_id, reason)


def stage_sessions(
    source: str, options: ReadOptions, temp_location: str
) -> tuple[str, list[DeadLetter]]:
    """Read ``source`` here and write its sessions as JSONL under ``temp_location`` (local or
    ``gs://``); returns the staged file's path and the reader's dead letters (held: a reader
    gives few)."""
    staged = FileSystems.join(temp_location, f"checkers-sessions-{uuid.uuid4().hex}.jsonl")
    letters: list[DeadLetter] = []
    with FileSystems.create(staged) as out:
        for read in open_sessions(source, options):
            if isinstance(read, DeadLetter):
                letters.append(read)
            else:
                out.write((session_line(read) + "\n").encode("utf-8", "surrogatepass"))
    return staged, letters


def build(
    pipeline: Any,
    domain: str,
    metric_names: Sequence[str],
    lines_pattern: str,
    read_options: ReadOptions,
    out: str,
    dead_letters: str,
    staged_letters: Sequence[DeadLetter] = (),
    single_file: bool = True,
    staged: bool = False,
) -> None:
    """Add the scoring to ``pipeline``: read the JSONL session lines at ``lines_pattern`` (this
    pipeline's staging when ``staged``: :func:`stage_sessions`), judge them, write verdict lines
    to ``out`` and dead letters (with ``staged_letters``) to ``dead_letters``: one file each
    when ``single_file``, else shards ``out-SSSSS-of-NNNNN``."""
    lines = pipeline | "ReadSessions" >> beam.io.iobase.Read(PositionedLines(lines_pattern))
    judge = JudgeLines(domain, metric_names, read_options, staged)
    judged = lines | "Judge" >> beam.ParDo(judge).with_outputs(DEAD, main="sessions")
    # Sessions sharing ids meet here, so that the one read first is judged (a GroupByKey:
    # every verdict line crosses one shuffle, which the single-file write does anyway).
    firsts = (
        judged.sessions
        | "BySession" >> beam.GroupByKey()
        | "FirstOfEach"
        >> beam.ParDo(FirstOfEachSession(metric_names)).with_outputs(DEAD, main="verdicts")
    )
    shards: dict[str, Any] = {"num_shards": 1, "shard_name_template": ""} if single_file else {}
    suffix = "" if single_file else ".jsonl"
    firsts.verdicts | "WriteVerdicts" >> beam.io.WriteToText(out, file_name_suffix=suffix, **shards)
    letters = [dead_letter_line(letter) for letter in staged_letters]
    reader_letters = pipeline | "ReaderDeadLetters" >> beam.Create(letters)
    (
        (judged[DEAD], firsts[DEAD], reader_letters)
        | "AllDeadLetters" >> beam.Flatten()
        | "WriteDeadLetters" >> beam.io.WriteToText(dead_letters, file_name_suffix=suffix, **shards)
    )


def summary_of(result: Any, metric_names: Sequence[str], staged_letters: int) -> ScoreSummary:
    """The run's :class:`~checkers.score.ScoreSummary`, from the pipeline's counters."""
    found = result.metrics().query(MetricsFilter().with_namespace(NAMESPACE))["counters"]
    counts: dict[str, int] = {}
    for counter in found:
        name = counter.key.metric.name
        counts[name] = counts.get(name, 0) + int(counter.committed or counter.attempted or 0)
    summary = ScoreSummary(
        passed={n: counts.get(f"passed:{n}", 0) for n in metric_names},
        unscored={n: counts.get(f"unscored:{n}", 0) for n in metric_names},
    )
    summary.judged = counts.get("judged", 0)
    summary.dead_letters = counts.get(DEAD, 0) + staged_letters
    summary.read = summary.judged + summary.dead_letters
    summary.skipped_eval = counts.get("skipped_eval", 0)
    return summary


def run(
    domain: str,
    metric_names: Sequence[str],
    source: str,
    read_options: ReadOptions,
    out: str,
    dead_letters: str,
    pipeline_options: PipelineOptions,
    single_file: bool,
) -> ScoreSummary:
    """Score ``source`` with a Beam pipeline under ``pipeline_options``; waits for it to end
    and returns its summary. Raises ConfigError when the source cannot be read."""
    kind, sep, rest = source.partition(":")
    staged_letters: list[DeadLetter] = []
    temp = pipeline_options.get_all_options().get("temp_location")
    with tempfile.TemporaryDirectory(prefix="checkers-beam-") as local_temp:
        if sep and kind == "jsonl":
            pattern = rest
        else:
            pattern, staged_letters = stage_sessions(source, read_options, temp or local_temp)
            # The launching reader applied the app and eval filters; the pipeline keeps all.
            read_options = ReadOptions(
                None,
                include_eval=True,
                skipped_eval=read_options.skipped_eval,
                trust_user_tags=read_options.trust_user_tags,
            )
        pipeline = beam.Pipeline(options=pipeline_options)
        build(
            pipeline,
            domain,
            metric_names,
            pattern,
            read_options,
            out,
            dead_letters,
            staged_letters,
            single_file,
            staged=pattern != rest,
        )
        with _temporary_files_in_own_folder():
            result = pipeline.run()
            result.wait_until_finish()
        if pattern != rest:
            FileSystems.delete([pattern])
    summary = summary_of(result, metric_names, len(staged_letters))
    summary.skipped_eval += read_options.skipped_eval
    return summary


def _own_temporary_folder() -> Restore:
    """Python's temporary files and folders made under a folder of their own from now on, and
    how to put ``tempfile``'s folder back and remove that one with all it holds."""
    before = tempfile.tempdir
    folder = tempfile.mkdtemp(prefix="checkers-beam-tmp-")
    tempfile.tempdir = folder

    def restore() -> None:
        tempfile.tempdir = before
        shutil.rmtree(folder, ignore_errors=True)

    return restore


_OWN_TEMPORARY_FOLDER = SharedSetting(_own_temporary_folder)


def _temporary_files_in_own_folder() -> AbstractContextManager[None]:
    """Python's temporary files and folders made under a folder of their own while the block
    runs, removed with all it holds afterwards. Beam's local job server makes a ``beam-temp*``
    folder in the system's temporary folder and never removes it: made there, it goes with the
    folder. Runs that overlap (two threads) share the folder; the last to end removes it and
    gives ``tempfile`` its folder back."""
    return _OWN_TEMPORARY_FOLDER.held()


def local_options(workers: int | None = None) -> PipelineOptions:
    """The DirectRunner with ``workers`` worker processes (default: one per core)."""
    return PipelineOptions(
        runner="DirectRunner",
        direct_num_workers=workers or os.cpu_count() or 1,
        direct_running_mode="multi_processing",
        # The workers' INFO lines (harness started, channels closed) drown the summary.
        default_sdk_harness_log_level="WARNING",
    )


def run_local(
    domain: str,
    metric_names: Sequence[str],
    source: str,
    read_options: ReadOptions,
    out: Path,
    dead_letters: Path,
    workers: int | None = None,
) -> ScoreSummary:
    """``checkers score --runner beam``: the pipeline on the DirectRunner, ``out`` and
    ``dead_letters`` written as one file each."""
    out.parent.mkdir(parents=True, exist_ok=True)
    dead_letters.parent.mkdir(parents=True, exist_ok=True)
    return run(
        domain,
        metric_names,
        source,
        read_options,
        str(out),
        str(dead_letters),
        local_options(workers),
        single_file=True,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m checkers.score_beam``: options of its own, every other one to Beam."""
    parser = argparse.ArgumentParser(
        prog="python -m checkers.score_beam",
        description="Judge recorded sessions with an Apache Beam pipeline (Beam's own options, "
        "e.g. --runner DataflowRunner --project P --region R --temp_location gs://..., are "
        "passed through; without --runner: the DirectRunner on every core).",
    )
    parser.add_argument("domain")
    parser.add_argument(
        "--sessions",
        required=True,
        help="jsonl:PATH (a glob; gs:// too) or a "
        "source checkers score reads, staged under --temp_location",
    )
    parser.add_argument("--app", help="the app whose sessions to judge")
    parser.add_argument(
        "--metric",
        action="append",
        help="metric (repeatable; default: every metric checked by code)",
    )
    parser.add_argument(
        "--out", required=True, help="verdicts: a file, or with --sharded a prefix of shards"
    )
    parser.add_argument("--dead-letters", help="default: OUT.dead-letters.jsonl")
    parser.add_argument("--include-eval", action="store_true")
    parser.add_argument(
        "--trust-user-tags",
        action="store_true",
        help="let [scenario:<id>] tags in user messages name the scenario (see checkers score)",
    )
    parser.add_argument("--sharded", action="store_true", help="write shards (for Dataflow)")
    args, beam_args = parser.parse_known_args(argv)
    try:
        metrics = domain_metrics(args.domain)
        chosen = args.metric or [n for n, m in metrics.items() if m.judge_async is None]
        unknown = [m for m in chosen if m not in metrics]
        if unknown:
            raise ConfigError(f"domain {args.domain!r} has no metric {', '.join(unknown)}")
        options = PipelineOptions(beam_args) if beam_args else local_options()
        dead = args.dead_letters or (
            f"{args.out}.dead-letters" if args.sharded else f"{args.out}.dead-letters.jsonl"
        )
        summary = run(
            args.domain,
            chosen,
            args.sessions,
            ReadOptions(args.app, args.include_eval, trust_user_tags=args.trust_user_tags),
            args.out,
            dead,
            options,
            single_file=not args.sharded,
        )
    except CheckersError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for line in summary.lines():
        print(line, file=sys.stderr)
    print(f"verdicts: {args.out}; dead letters: {dead}", file=sys.stderr)
    return 1 if summary.dead_letters else 0


if __name__ == "__main__":
    sys.exit(main())
