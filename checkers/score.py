"""``checkers score``: judge recorded sessions with a domain's metrics and write the verdicts.

For each session (:class:`~checkers.sessions.RecordedSession`) and each metric: the session's
conversation is judged in the scenario the session names
(:meth:`~checkers.metric.Domain.session_scenario`), and the verdict on where it ended (its last
turn, what ``checkers check`` gives the same final answer) is written out, failing closed as
everywhere (:func:`checkers.metric.case_score`); a metric with an async judge is judged
through it, with its default options, within their ``case_timeout_s``
(:func:`judge_async_bounded`: a judge that hangs leaves the session unscored,
``judge_timeout``). A session whose events cannot be read as a conversation fails every metric
with the reason (:mod:`checkers.events`). A session that cannot
be read at all (its store could not load it, it holds no event) is a :class:`DeadLetter`,
written with its reason: sessions in = sessions judged + dead letters, always
(:class:`ScoreSummary`).

Sinks: :class:`JsonlSink` (one line per session and metric, the whole verdict) and
:class:`checkers.score_table.TableSink` (one row per session, metric, subject and requirement in
an SQL table, upserted by a stable key so that a re-run writes no duplicate).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

from pydantic_core import PydanticSerializationError, to_json

from checkers.details import has_long_digits, plain_verdict, writable
from checkers.errors import CheckersError, ConfigError
from checkers.events import EventsError
from checkers.metric import (
    Metric,
    case_score,
    check_threshold,
    collecting_usage,
    error_text,
    judge_final,
    judge_final_async,
    judging_failed,
    total_usage,
)
from checkers.results import AnswerProblem, SubjectResult, Verdict
from checkers.session_context import judging_session
from checkers.sessions import RecordedSession
from checkers.text import has_surrogates, one_line, without_surrogates
from checkers.transcript import Transcript


class OutputError(CheckersError):
    """A sink could not write (a full disk, an output that is a folder, a table that refused a
    row): scoring stops there, and what was written before is incomplete. ``checkers score``
    exits with its message (status 2), never with a traceback, and never with a summary that
    counts sessions whose verdicts were not written."""


def output_failed(where: str, error: BaseException, started: bool = True) -> OutputError:
    """The :class:`OutputError` of ``error`` raised writing to ``where`` (``started``: after
    scoring began, so what was written is incomplete; else on opening the output)."""
    lines = str(error).splitlines()
    why = getattr(error, "strerror", None) or (lines[0][:300] if lines else type(error).__name__)
    if not started:
        return OutputError(f"cannot write to {where[:300]}: {why}; give another output")
    return OutputError(
        f"cannot write to {where[:300]}: {why}; scoring stopped, and what it wrote is "
        "incomplete: free the space or give another output, then run it again"
    )


@dataclass(frozen=True)
class DeadLetter:
    """A session that could not be read, and why."""

    session_id: str
    app_name: str
    user_id: str
    reason: str

    def as_json(self) -> dict[str, Any]:
        return {
            "session_id": without_surrogates(self.session_id),
            "app_name": without_surrogates(self.app_name),
            "user_id": without_surrogates(self.user_id),
            "reason": without_surrogates(self.reason),
        }


@dataclass(frozen=True)
class SessionVerdict:
    """One metric's verdict on one session: where the session ended."""

    session: RecordedSession
    metric: str
    verdict: Verdict
    score: float
    passed: bool
    usage: Mapping[str, Any] = field(default_factory=dict)
    """What a model judge cost for this verdict (``calls``, ``wall_seconds``: see
    :class:`checkers.metric.Judged`); empty for a metric checked by code. For monitoring only:
    it is not written with the verdict, so equal sessions still give equal lines."""

    def head(self) -> dict[str, Any]:
        """What the JSONL line says before the verdict: the session, the metric, the score."""
        return {
            "session_id": self.session.session_id,
            "app_name": self.session.app_name,
            "user_id": self.session.user_id,
            "metric": self.metric,
            "scenario_id": self.verdict.scenario_id,
            "score": self.score,
            "passed": self.passed,
        }

    def as_json(self) -> dict[str, Any]:
        try:
            verdict = self.verdict.model_dump(mode="json")
        except (ValueError, RecursionError):  # an answer nested past the serializer's depth
            verdict = writable(plain_verdict(self.verdict))
        return {**self.head(), "verdict": verdict}


def judge_session(
    metrics: Sequence[Metric[Any]], session: RecordedSession
) -> list[SessionVerdict] | DeadLetter:
    """Each metric's verdict on ``session``, or the dead letter of a session with no event.

    A session whose events cannot be read as a conversation (:class:`~checkers.events.EventsError`:
    an unreadable event, two final replies in a turn, too many events), or whose reader found a
    problem (``session.problem``), was loaded, so it is no dead letter: every metric fails it with
    that reason code, as an eval case that cannot be read fails. A metric whose own threshold is
    outside (0, 1] fails every session with ``config_error`` (:func:`threshold_problem`)."""
    if session.problem is not None:
        code, message = session.problem.code, session.problem.message
        return [failed_verdict(metric, session, code, message) for metric in metrics]
    try:
        turns = session.conversation()
    except EventsError as error:
        return [failed_verdict(metric, session, error.code, str(error)) for metric in metrics]
    if not turns:
        return DeadLetter(
            session.session_id, session.app_name, session.user_id, "the session holds no event"
        )
    # One transcript for every metric, and one session context around them, so that what they
    # all read from it (the final answer, a replay of the calls) is read once.
    transcript = Transcript.from_turns(turns)
    judged: list[SessionVerdict] = []
    with judging_session():
        # Metrics of one domain find the session's scenario the same way: once per domain.
        scenarios = {
            id(domain): domain.session_scenario(
                transcript, session.state, trust_tags=session.tags_trusted
            )
            for domain in {id(m.domain): m.domain for m in metrics}.values()
        }
        for metric in metrics:
            threshold = metric.default_threshold
            refused = threshold_problem(metric)
            if refused is not None:
                judged.append(failed_verdict(metric, session, "config_error", refused))
                continue
            scenario = scenarios[id(metric.domain)]
            if metric.judge_async is not None:
                final, spent = judge_async_bounded(metric, scenario, transcript, threshold)
            else:
                with collecting_usage() as usage:
                    final = judge_final(metric, scenario, turns, threshold, transcript)
                spent = total_usage(usage) if usage else {}
            score = case_score([final], threshold)
            judged.append(
                SessionVerdict(session, metric.name, final, score.overall, score.passed, spent)
            )
    return judged


def judge_async_bounded(
    metric: Metric[Any],
    scenario: str | AnswerProblem,
    transcript: Transcript,
    threshold: float,
) -> tuple[Verdict, dict[str, Any]]:
    """The verdict of a metric with an async judge on a whole session, and what judging it
    cost: ``judge_async`` awaited here with the metric's default options
    (:func:`checkers.metric.judge_final_async`), so within their ``case_timeout_s``. A judge
    that hangs gives the session an unscored verdict (``judge_timeout``), never a wait without
    end nor a dead letter. Options the metric cannot build, or a judge they cannot build, fail
    the session with ``evaluator_error``, as the synchronous entry point's exception did."""
    from checkers.rubric.run import run_sync  # only model-judged metrics need it

    try:
        options = metric.options_model()
        judged = run_sync(judge_final_async(metric, scenario, transcript, threshold, options))
    except (ConfigError, ValueError) as error:  # ValueError: options that do not validate
        named = scenario if isinstance(scenario, str) else "?"
        return metric.evaluator_error(named, threshold, error), {}
    return judged.verdict, total_usage([judged.usage]) if judged.usage else {}


def threshold_problem(metric: Metric[Any]) -> str | None:
    """Why ``metric``'s own threshold (``default_threshold``, what ``checkers score`` judges
    with) cannot be used, or None: it must be a finite number in (0, 1], as on every other
    surface (:func:`checkers.metric.check_threshold`): 0 or less would pass a session in which
    no subject was satisfied. Such a metric fails every session with ``config_error``."""
    try:
        check_threshold(metric.default_threshold, f"metric {metric.name!r} (default_threshold)")
    except ConfigError as error:
        return str(error)
    return None


def failed_verdict(
    metric: Metric[Any], session: RecordedSession, code: str, message: str
) -> SessionVerdict:
    """The failing verdict of ``metric`` on a session that cannot be judged, and why (``code``
    is the reason code); in the scenario its state names, when it names one (a tau-bench run's
    task), else ``"?"``."""
    threshold = metric.default_threshold
    named = session.state.get("scenario")
    verdict = metric.problem_verdict(
        named if isinstance(named, str) else "?", threshold, code, message
    )
    score = case_score([verdict], threshold)
    return SessionVerdict(session, metric.name, verdict, score.overall, score.passed)


class Sink(Protocol):
    """Where verdicts and dead letters go."""

    def write(self, verdicts: Sequence[SessionVerdict]) -> None: ...

    def dead_letter(self, letter: DeadLetter) -> None: ...


@dataclass
class JsonlSink:
    """Verdicts as JSON lines (one per session and metric); dead letters to their own file.

    A file that cannot be written (a full disk) raises :class:`OutputError`, on writing or on
    :meth:`close`, which flushes what is buffered: never an ``OSError`` traceback."""

    verdicts: IO[str]
    dead_letters: IO[str]

    def write(self, verdicts: Sequence[SessionVerdict]) -> None:
        self.write_lines(verdict_lines(verdicts))

    def write_lines(self, lines: Sequence[str]) -> None:
        """Write verdict lines already made by :func:`verdict_lines` (in a worker process)."""
        _write(self.verdicts, "".join(line + "\n" for line in lines))

    def dead_letter(self, letter: DeadLetter) -> None:
        _write(self.dead_letters, dead_letter_line(letter) + "\n")

    def close(self) -> None:
        """Flush and close both files; raises OutputError when what is buffered cannot be
        written (both are closed either way)."""
        failed: OutputError | None = None
        for file in (self.verdicts, self.dead_letters):
            try:
                file.close()
            except OSError as error:
                failed = failed or output_failed(_name(file), error)
        if failed is not None:
            raise failed


def _name(file: IO[str]) -> str:
    return str(getattr(file, "name", "the output"))


def _write(file: IO[str], text: str) -> None:
    try:
        file.write(text)
    except OSError as error:
        raise output_failed(_name(file), error) from error


@dataclass
class ScoreSummary:
    """What a score run did: every session read is judged or a dead letter."""

    read: int = 0
    judged: int = 0
    dead_letters: int = 0
    skipped_eval: int = 0
    passed: dict[str, int] = field(default_factory=dict)
    unscored: dict[str, int] = field(default_factory=dict)
    """Per metric, the sessions not passed because some requirement could not be judged (no
    reference in a recorded session, a judge that could not decide): not failures of the agent,
    not passes either."""

    def lines(self) -> list[str]:
        """The summary as a person reads it."""
        lines = [
            f"sessions read: {self.read:,} = judged {self.judged:,} + dead letters "
            f"{self.dead_letters:,}"
            + (f" (eval sessions skipped: {self.skipped_eval:,})" if self.skipped_eval else "")
        ]
        lines += [
            f"  {metric}: passed {count:,} of {self.judged:,}"
            + (f" (unscored {self.unscored[metric]:,})" if self.unscored.get(metric) else "")
            for metric, count in self.passed.items()
        ]
        return lines

    def count_judged(self, results: Iterable[tuple[str, bool, bool]]) -> None:
        """Count one judged session: per metric, its name, whether the session passed, and
        whether some requirement could not be judged (unscored)."""
        self.read += 1
        self.judged += 1
        for metric, passed, unscored in results:
            self.passed[metric] = self.passed.get(metric, 0) + passed
            self.unscored[metric] = self.unscored.get(metric, 0) + unscored

    def count_dead_letter(self) -> None:
        """Count one session that went to the dead letters."""
        self.read += 1
        self.dead_letters += 1


REPEATED_REASON = (
    "another session read earlier in this run has the same app, user and session id "
    "({where}); two sessions under one id cannot be told apart in the verdicts (a table keeps "
    "one of them), so this one is not judged: give each session its own id (a file holding "
    "the same runs twice, or two exports of one session, is read once)"
)


def session_key(app_name: str, user_id: str, session_id: str) -> bytes:
    """A 16-byte digest of a session's app, user and session id as written (lone surrogates
    replaced, so ids that are written alike are alike): two sessions with one key cannot be
    told apart in the verdicts."""
    written = [without_surrogates(x) for x in (app_name, user_id, session_id)]
    return hashlib.blake2b(json.dumps(written).encode(), digest_size=16).digest()


def repeated(app_name: str, user_id: str, session_id: str) -> DeadLetter:
    """The dead letter of a session whose key (:func:`session_key`) a session read before it
    had: the first one read is judged, every later one is this."""
    written = [without_surrogates(x) for x in (app_name, user_id, session_id)]
    where = f"app {written[0][:60]!r}, user {written[1][:60]!r}, session {written[2][:80]!r}"
    return DeadLetter(session_id, app_name, user_id, REPEATED_REASON.format(where=where))


@dataclass
class SessionIds:
    """The sessions a run has read, by :func:`session_key`, to tell a repeat. Holds a 16-byte
    digest per session, not the ids."""

    seen: set[bytes] = field(default_factory=set)

    def repeat(self, app_name: str, user_id: str, session_id: str) -> DeadLetter | None:
        """The dead letter of a session whose ids were seen before in this run, else None
        (and the ids are remembered)."""
        digest = session_key(app_name, user_id, session_id)
        if digest not in self.seen:
            self.seen.add(digest)
            return None
        return repeated(app_name, user_id, session_id)

    def repeat_of(self, session: RecordedSession | DeadLetter) -> DeadLetter | None:
        """:meth:`repeat` for a session read; None for a reader's dead letter."""
        if isinstance(session, DeadLetter):
            return None
        return self.repeat(session.app_name, session.user_id, session.session_id)


def judge_or_dead_letter(
    metrics: Sequence[Metric[Any]], session: RecordedSession | DeadLetter
) -> list[SessionVerdict] | DeadLetter:
    """:func:`judge_session`, with a reader's dead letter passed on, and a session whose judging
    raised made a dead letter naming the exception (the metrics themselves never raise, so this
    is a reader's malformed record; its reason reads the exception's text safely and bounded:
    :func:`checkers.metric.error_text`). Every way of scoring (one process, workers, a Beam
    pipeline) judges through this, so they give the same verdicts."""
    if isinstance(session, DeadLetter):
        return session
    try:
        return judge_session(metrics, session)
    except BaseException as error:  # a request to stop goes on up: judging_failed
        if not judging_failed(error):
            raise
        # Its text read as a reason always can be (a __str__ that raises, megabytes of it).
        reason = error_text(error, _RAISED_REASON_LIMIT)
        return DeadLetter(session.session_id, session.app_name, session.user_id, reason)


_RAISED_REASON_LIMIT = 2000
"""Characters of an exception's message kept in the dead letter of a session whose judging
raised it."""


def verdict_line(one: SessionVerdict) -> str:
    """The JSONL line of one verdict (no newline): what :class:`JsonlSink` writes,
    ``one.as_json()`` as :func:`_json_line` writes it. The verdict, most of the line, is written
    by pydantic's serializer (a third of the cost) where that gives the same JSON value
    (:func:`_verdict_json`; ``tests/test_fast_paths.py`` compares the two on hostile verdicts)."""
    verdict = _verdict_json(one.verdict)
    if verdict is None:
        return _json_line(one.as_json())
    return f'{_json_line(one.head())[:-1]},"verdict":{verdict}}}'


def verdict_lines(verdicts: Sequence[SessionVerdict]) -> list[str]:
    """:func:`verdict_line` of each of ``verdicts`` (one session's), in order: the very same
    lines, with the subjects that two verdicts share written once. A metric whose verdict is
    another's copied under its own name (dining's ``everyone_ate_or_says_infeasible`` is
    ``everyone_ate``'s with a note) holds the same subjects object, most of the line. What is
    written once is keyed on that object's identity within this call (the objects are held
    until it returns), so nothing of it reaches another session's lines;
    ``tests/test_fast_paths_4.py`` holds the lines equal to :func:`verdict_line`'s."""
    counts = Counter(id(one.verdict.subjects) for one in verdicts)
    written: dict[int, bytes | None] = {}
    lines = []
    for one in verdicts:
        verdict = one.verdict
        key = id(verdict.subjects)
        if counts[key] < 2 or not _subjects_shareable(verdict):
            lines.append(verdict_line(one))
            continue
        if key not in written:
            written[key] = _subjects_json(verdict.subjects)
        subjects = written[key]
        text = None if subjects is None else _verdict_json(verdict, subjects)
        if text is None:
            lines.append(verdict_line(one))
        else:
            lines.append(f'{_json_line(one.head())[:-1]},"verdict":{text}}}')
    return lines


def _subjects_shareable(verdict: Verdict) -> bool:
    """Whether ``verdict``'s subjects, serialized alone, are what its own serializer writes
    for them: a verdict and subjects of exactly their declared types (a subclass is written by
    the declared type's schema within a verdict, by its own alone)."""
    return type(verdict) is Verdict and all(type(s) is SubjectResult for s in verdict.subjects)


def _subjects_json(subjects: tuple[SubjectResult, ...]) -> bytes | None:
    """``subjects`` as pydantic's serializer writes them within a verdict, or None where it
    refuses them (a lone surrogate, nesting too deep): that verdict then takes the usual way."""
    try:
        return to_json(subjects)
    except (PydanticSerializationError, ValueError, RecursionError):
        return None


_SUBJECTS_FIELD = {"subjects"}  # a set, as the serializer takes it; never changed
_AFTER_SUBJECTS = b',"answer":'
"""Where a verdict's JSON without its subjects continues past them: its ``answer`` key, always
written (null when there is none). Before it come only the texts ``domain``, ``metric`` and
``scenario_id`` and the number ``threshold``; a quote inside a JSON text is escaped, so these
bytes are the key itself."""


def _verdict_json(verdict: Verdict, subjects: bytes | None = None) -> str | None:
    """``verdict`` as strict JSON by pydantic's serializer, or None wherever that could differ
    from what :func:`_json_line` makes of its ``model_dump(mode="json")``: a lone surrogate (the
    serializer refuses it), an integer too long for a JSON reader, nesting too deep to
    serialize, a non-finite threshold. Non-finite numbers in the agent's values come out null
    either way (the model's own setting); the threshold, a float field of the model, the long
    way writes as text ("nan"), so such a verdict takes the long way. ``subjects``: the
    verdict's subjects as :func:`_subjects_json` wrote them, put in their place rather than
    written again."""
    if not math.isfinite(verdict.threshold):
        return None
    try:
        if subjects is None:
            data = to_json(verdict)
        else:
            rest = to_json(verdict, exclude=_SUBJECTS_FIELD)
            at = rest.find(_AFTER_SUBJECTS)
            if at < 0:
                return None
            data = b"".join((rest[:at], b',"subjects":', subjects, rest[at:]))
    except (PydanticSerializationError, ValueError, RecursionError):
        return None
    return None if has_long_digits(data) else one_line(data.decode())


def dead_letter_line(letter: DeadLetter) -> str:
    """The JSONL line of one dead letter (no newline)."""
    return _json_line(letter.as_json())


_COMPACT = (",", ":")
"""JSON separators without spaces, as pydantic's serializer writes them."""
_STRICT_JSON = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=_COMPACT)
"""``json.dumps(value, ensure_ascii=False, allow_nan=False, separators=_COMPACT)`` is
``_STRICT_JSON.encode(value)``: the encoder made once (``json.dumps`` makes one per call when
given options; it keeps no state between calls)."""


def _json_line(value: dict[str, Any]) -> str:
    """``value`` as one line of strict UTF-8 JSON: a lone surrogate anywhere (a session id
    read from ``"\\ud800"``) is replaced, and a value strict JSON cannot hold (NaN, an
    infinity, an integer of more digits than a JSON reader takes, nesting too deep) written as
    :func:`checkers.details.writable` writes it, since writing it as it is would raise and end
    the whole run, or write ``NaN``, which no strict reader takes. Line breaks JSON keeps raw
    are escaped (:func:`checkers.text.one_line`): a line is one verdict for any reader."""
    try:
        line = _STRICT_JSON.encode(value)
    except (ValueError, RecursionError):
        line = _STRICT_JSON.encode(writable(value))
    else:
        if has_surrogates(line):
            line = _STRICT_JSON.encode(writable(value))
    return one_line(line)


def score_sessions(
    metrics: Sequence[Metric[Any]],
    sessions: Iterable[RecordedSession | DeadLetter],
    sinks: Sequence[Sink],
) -> ScoreSummary:
    """Judge each session (or pass a reader's dead letter on: :func:`judge_or_dead_letter`) and
    write to every sink, in the order read; returns the summary. A session whose app, user and
    session id repeat one read before is a dead letter (:class:`SessionIds`)."""
    summary = ScoreSummary(passed={m.name: 0 for m in metrics})
    ids = SessionIds()
    for session in sessions:
        outcome = ids.repeat_of(session) or judge_or_dead_letter(metrics, session)
        if isinstance(outcome, DeadLetter):
            summary.count_dead_letter()
            for sink in sinks:
                sink.dead_letter(outcome)
            continue
        summary.count_judged(
            (one.metric, one.passed, bool(one.verdict.unscored)) for one in outcome
        )
        for sink in sinks:
            sink.write(outcome)
    return summary


def open_jsonl_sink(path: Path, dead_letters: Path) -> tuple[JsonlSink, list[IO[str]]]:
    """A JSONL sink writing to ``path`` and ``dead_letters`` (both truncated), and the files to
    close (:meth:`JsonlSink.close` closes both, saying when what was buffered could not be
    written). Raises OutputError naming the file that cannot be opened (a folder, a folder
    that cannot be made, no permission)."""
    files: list[IO[str]] = []
    try:
        for file in (path, dead_letters):
            file.parent.mkdir(parents=True, exist_ok=True)
            files.append(file.open("w", encoding="utf-8"))
    except OSError as error:
        for opened in files:
            opened.close()
        where = str(getattr(error, "filename", None) or path)
        raise output_failed(where, error, started=False) from error
    return JsonlSink(files[0], files[1]), files


def verdict_rows(one: SessionVerdict) -> list[dict[str, Any]]:
    """The table rows of one verdict: one per subject and requirement (``subject`` is the
    subject's id, unique in its scenario; ``position`` tells apart two requirements of a kind),
    and one per answer problem (``subject`` empty, ``requirement`` ``problem:<code>``: no
    requirement kind holds a colon)."""
    base: Mapping[str, Any] = {
        "app_name": one.session.app_name,
        "user_id": one.session.user_id,
        "session_id": one.session.session_id,
        "metric": one.metric,
        "scenario_id": one.verdict.scenario_id,
        "score": one.score,
        "passed": one.passed,
    }
    rows = [
        {
            **base,
            "subject": "",
            "subject_name": "",
            "requirement": f"problem:{problem.code}",
            "position": position,
            "outcome": "problem",
            "reason_code": problem.code,
            "reason": problem.message,
        }
        for position, problem in enumerate(one.verdict.problems)
    ]
    for subject in one.verdict.subjects:
        rows += [
            {
                **base,
                "subject": subject.subject_id,
                "subject_name": subject.name,
                "requirement": result.kind,
                "position": position,
                "outcome": result.outcome.value,
                "reason_code": result.reason_code,
                "reason": result.reason,
            }
            for position, result in enumerate(subject.results)
        ]
    return [
        {k: without_surrogates(v) if isinstance(v, str) else v for k, v in r.items()} for r in rows
    ]
