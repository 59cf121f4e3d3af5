"""Shadow tests, the part that needs no agent: which recorded sessions to replay, what their
users said, and the paired runs a comparison reads. Pure; the replay itself is
:mod:`checkers.adk.shadow`.

A shadow test replays the user turns of recorded sessions through a candidate agent and judges
both the recorded and the replayed session with the domain's metrics, in the scenario the
recorded one was judged in. Each recorded session is one case of one run, so
:func:`checkers.compare.compare_records` pairs a recording with its replay, metric by metric.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from checkers.events import EventsError
from checkers.run_records import RunRecord, verdict_record
from checkers.score import DeadLetter, SessionVerdict
from checkers.sessions import RecordedSession

__all__ = [
    "REPLAY_FAILED",
    "Sample",
    "Shadowed",
    "replay_records",
    "sample_sessions",
    "unknown_scenario",
    "user_messages",
]


REPLAY_FAILED = "replay_failed"
"""The reason code of every metric on a replay the candidate could not finish."""


@dataclass(frozen=True)
class Sample:
    """Sessions drawn from a source: the drawn ones in the order they were read, how many
    sessions were read, and the dead letters met on the way (never drawn: nothing to replay)."""

    sessions: tuple[RecordedSession, ...]
    read: int
    dead_letters: tuple[DeadLetter, ...] = ()


def sample_sessions(
    stream: Iterable[RecordedSession | DeadLetter], count: int, seed: int
) -> Sample:
    """``count`` sessions drawn uniformly without replacement from ``stream`` (all of them when
    it holds fewer), seeded: the same stream and seed draw the same sessions. One pass,
    holding only the ``count`` drawn (reservoir sampling, Algorithm R), so a source of any size
    can be sampled. Raises ValueError for a negative ``count``."""
    if count < 0:
        raise ValueError(f"count must be 0 or more, got {count}")
    draw = random.Random(seed)
    kept: list[tuple[int, RecordedSession]] = []
    dead: list[DeadLetter] = []
    read = 0
    for item in stream:
        if isinstance(item, DeadLetter):
            dead.append(item)
            continue
        if len(kept) < count:
            kept.append((read, item))
        else:
            slot = draw.randrange(read + 1)
            if slot < count:
                kept[slot] = (read, item)
        read += 1
    return Sample(tuple(s for _, s in sorted(kept, key=lambda k: k[0])), read, tuple(dead))


def user_messages(session: RecordedSession) -> tuple[str, ...]:
    """Every message the user wrote in ``session``, in order; empty when its events cannot be
    read as a conversation (it is then not replayed: see :class:`Shadowed`)."""
    try:
        turns = session.conversation()
    except EventsError:
        return ()
    messages: list[str] = []
    for turn in turns:
        messages += turn.earlier_user_texts
        if turn.user_text is not None:
            messages.append(turn.user_text)
    return tuple(messages)


def unknown_scenario(verdicts: Sequence[SessionVerdict]) -> bool:
    """Whether the judge found no scenario for the recorded session (``"?"``): a replay could
    not be judged in the same one, so the session is left out."""
    return any(v.verdict.scenario_id == "?" for v in verdicts)


@dataclass
class Shadowed:
    """What a shadow test found: the recorded and replayed verdicts, paired by the recorded
    session's id, and every session left out with its reason."""

    pairs: list[tuple[list[SessionVerdict], list[SessionVerdict]]] = field(default_factory=list)
    left_out: list[tuple[str, str]] = field(default_factory=list)
    """``(session id, why)`` for a sampled session not replayed."""
    replay_errors: int = 0
    """Replays the candidate could not finish: each fails every metric (fail closed)."""


def replay_records(shadowed: Shadowed) -> tuple[list[RunRecord], list[RunRecord]]:
    """The recorded and the replayed runs, each recorded session one case of run 0 (named
    ``"<session id> (<scenario id>)"``, the scenario the recording was judged in), so that a
    comparison pairs every recording with its replay."""
    recorded: list[RunRecord] = []
    replayed: list[RunRecord] = []
    for before, after in shadowed.pairs:
        case = f"{before[0].session.session_id} ({before[0].verdict.scenario_id})"
        for side, verdicts in ((recorded, before), (replayed, after)):
            side += [
                verdict_record(case, v.metric, v.verdict, v.score, v.passed, v.session.session_id)
                for v in verdicts
            ]
    return recorded, replayed
