"""``jsonl:PATH``: recorded sessions as JSON lines, one session a line.

Each line is one :class:`~checkers.sessions.RecordedSession`::

    {"session_id": "s1", "app_name": "dining", "user_id": "u1", "events": [...], "state": {}}

``events`` are ADK events as JSON (``Event.model_dump(mode="json")``), in order; ``app_name``,
``user_id`` and ``state`` may be left out (empty). A line that is not such an object (not JSON,
not UTF-8, a field of the wrong type, a key twice in one object: two event lists, two texts of
one part, never judged on the last one: :mod:`checkers.json_input`) is a
:class:`~checkers.score.DeadLetter` whose reason says what is wrong; its session id is the
line's own when it has a readable one, else ``unreadable-<hash of the line>`` (the same wherever
the line is read, so that a Beam pipeline reading lines out of order names it as the plain loop
does). Blank lines are skipped.

With an app name in the :class:`~checkers.sources.ReadOptions`, only that app's sessions are
read; ADK's eval sessions are skipped (and counted) unless asked for. The file is streamed.
A lone surrogate in an id (``"\\ud800"``) is replaced as every sink writes it.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterator, Mapping
from typing import Any

from checkers.errors import ConfigError
from checkers.json_input import DuplicateKeyError, loads_unique
from checkers.score import DeadLetter
from checkers.sessions import RecordedSession, is_eval_session
from checkers.sources import ReadOptions
from checkers.text import without_surrogates

_REASON_LIMIT = 2000


def _unreadable(line: bytes, reason: str) -> DeadLetter:
    digest = hashlib.sha1(line).hexdigest()[:16]
    return DeadLetter(f"unreadable-{digest}", "", "", reason[:_REASON_LIMIT])


def _text(row: Mapping[str, Any], key: str) -> str:
    value = row.get(key, "")
    if not isinstance(value, str):
        raise TypeError(f'"{key}" must be a string, not {type(value).__name__} {value!r:.80}')
    return value


def session_of_line(line: bytes | str, options: ReadOptions) -> RecordedSession | DeadLetter | None:
    """The session one line holds, its dead letter, or None for a blank line or a session the
    ``options`` leave out (another app's; an eval session, counted in ``options``)."""
    raw = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
    raw = raw.rstrip(b"\r\n")
    if not raw.strip():
        return None
    try:
        row = loads_unique(raw)
    except DuplicateKeyError as error:  # two answers, two event lists: never judge one
        return _unreadable(raw, f"the line is not one session: {error}")
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError, nested too deep
        return _unreadable(raw, f"the line is not JSON: {error}")
    if not isinstance(row, dict):
        return _unreadable(raw, f"the line is a JSON {type(row).__name__}, not an object")
    try:
        session_id = _text(row, "session_id")
        if not session_id:
            raise TypeError('"session_id" is missing or empty')
        app_name, user_id = _text(row, "app_name"), _text(row, "user_id")
    except TypeError as error:
        return _unreadable(raw, str(error))
    if options.app_name is not None and app_name != options.app_name:
        return None
    if is_eval_session(session_id) and not options.include_eval:
        options.skipped_eval += 1
        return None
    # Ids as every sink writes them (a lone surrogate replaced): Beam encodes a session's ids
    # as UTF-8 to group them, and a lone surrogate there ended the whole pipeline.
    session_id, app_name, user_id = (without_surrogates(x) for x in (session_id, app_name, user_id))
    events, state = row.get("events"), row.get("state", {})
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        reason = f'"events" must be a list of event objects, not {type(events).__name__}'
        return DeadLetter(session_id, app_name, user_id, reason)
    if not isinstance(state, dict):
        reason = f'"state" must be an object, not {type(state).__name__}'
        return DeadLetter(session_id, app_name, user_id, reason)
    return RecordedSession(
        session_id, app_name, user_id, events, state, tags_trusted=options.trust_user_tags
    )


def jsonl_lines(path: str) -> Iterator[bytes]:
    """The lines of the JSONL file at ``path`` (``-``: standard input), unparsed, streamed: what
    :func:`session_of_line` reads (``checkers score --workers`` parses them in its workers).
    Raises ConfigError naming the path when the file cannot be opened."""
    if path == "-":
        yield from sys.stdin.buffer
        return
    try:
        file = open(path, "rb")  # noqa: SIM115  (closed below, after the last line)
    except OSError as error:
        raise ConfigError(
            f"cannot read sessions from {path!r}: {error.strerror or error}; give a JSONL "
            "file of sessions, e.g. jsonl:sessions.jsonl"
        ) from error
    with file:
        yield from file


def read_jsonl(path: str, options: ReadOptions) -> Iterator[RecordedSession | DeadLetter]:
    """The sessions of the JSONL file at ``path`` (``-``: standard input), streamed. Raises
    ConfigError naming the path when the file cannot be opened."""
    for line in jsonl_lines(path):
        read = session_of_line(line, options)
        if read is not None:
            yield read
