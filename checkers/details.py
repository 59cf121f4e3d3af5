"""Details files: per case and run, every subject's requirement results with reasons.

Each metric call (one eval case, one run) writes ``<stem>.json`` and ``<stem>.md`` into the
details directory. The stem is built from the metric, a filesystem-safe form of the scenario id,
a UTC timestamp and a random suffix, so concurrent cases never overwrite each other whatever the
scenario id contains.

The files are valid JSON (strict: no ``NaN``) and UTF-8 Markdown for ANY verdict, whatever the
agent wrote into it: lone surrogates are escaped, nesting deeper than :data:`MAX_DEPTH` is cut
with a marker, non-finite numbers are written as strings. Each file is written atomically: to a
hidden temporary file beside it (``.<stem>.json.partial``), then renamed, so a crash or a full
disk never leaves a truncated or empty details file behind (the temporary file is removed, and
readers ignore such names anyway).
"""

from __future__ import annotations

import hashlib
import html
import json
import math
import os
import re
import sys
import uuid
from collections.abc import Sequence
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from typing import Any

from pydantic_core import PydanticSerializationError, to_json

from checkers.results import Outcome, Verdict
from checkers.text import without_surrogates

DETAILS_DIR_ENV = "CHECKERS_DETAILS_DIR"
DEFAULT_DETAILS_DIR = Path(".checkers") / "details"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_MARK = {
    Outcome.PASS: "pass",
    Outcome.FAIL: "**FAIL**",
    Outcome.INCOMPLETE: "*incomplete*",
    Outcome.UNSCORED: "*unscored*",
}
MAX_DEPTH = 64
"""Deepest nesting of an agent's values kept in a details file; deeper parts become a marker."""
_MAX_BITS = 10_000
"""Integers longer than this (about 3,000 digits) are written as a marker (:func:`writable`)."""
_LONG_DIGITS = 4000
"""A run of this many digits may be an integer a JSON reader refuses (:func:`has_long_digits`)."""
_SAMPLES_PER_RUN = 8
"""Sampled bytes a run of long digits always covers, consecutive (:func:`has_long_digits`)."""
_DIGITS_AS_ZERO = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_TOO_DEEP = f"<nested deeper than {MAX_DEPTH} levels: omitted>"


def default_details_dir() -> Path:
    """``$CHECKERS_DETAILS_DIR`` if set, else ``.checkers/details`` under the working directory."""
    return Path(os.environ.get(DETAILS_DIR_ENV) or DEFAULT_DETAILS_DIR)


def safe_name(text: str, limit: int = 48) -> str:
    """A file-name fragment for any text: safe characters only, bounded length, never empty.

    A short hash of the original keeps two ids that clean up alike (``a/b`` and ``a?b``) apart.
    """
    cleaned = _UNSAFE.sub("-", text).strip(".-")[:limit] or "unnamed"
    digest = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{cleaned}-{digest}"


def writable(value: Any, depth: int = 0) -> Any:
    """``value`` (JSON-like: dicts, lists, strings, numbers) made safe to write as strict JSON:
    lone surrogates replaced, non-finite floats as strings, nesting cut at :data:`MAX_DEPTH`,
    keys as strings, integers too long for a JSON reader as a marker."""
    if depth >= MAX_DEPTH:
        return _TOO_DEEP
    if isinstance(value, str):
        return without_surrogates(value)
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    if isinstance(value, dict):
        return {without_surrogates(str(k)): writable(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [writable(v, depth + 1) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > _max_bits():
        # Python's json refuses to read integers of more than 4,300 digits.
        return f"<integer of {value.bit_length()} bits: omitted>"
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return without_surrogates(repr(value))


def _md_special(text: str) -> bool:
    """Whether ``text`` holds a character :func:`_md_cell` changes (``|``, a line break, ``&``,
    ``<``, ``>``): most reasons hold none. Five scans at C speed cost a thirtieth of a regular
    expression's search for the five."""
    return "|" in text or "\n" in text or "&" in text or "<" in text or ">" in text


def _md_cell(text: str) -> str:
    if not _md_special(text):
        return text
    return html.escape(text.replace("|", "\\|").replace("\n", " "), quote=False)


_ONE_LINE_JSON = json.JSONEncoder(ensure_ascii=False)
"""``json.dumps(value, ensure_ascii=False)`` as one encoder built once: ``dumps`` builds a new
one for each call that sets an option, and a details file writes one answer per invocation."""


def answer_text(answer: dict[str, Any]) -> str:
    """The answer as one line of JSON for people, for any answer (cut where JSON cannot go)."""
    try:
        return _ONE_LINE_JSON.encode(answer)
    except (ValueError, RecursionError):  # non-finite numbers, nesting beyond the recursion limit
        return _ONE_LINE_JSON.encode(writable(answer))


def verdict_markdown(verdict: Verdict, heading: str, noun: str = "subject") -> str:
    """A readable table of subject (called ``noun``: "guest") by requirement, with outcomes and
    reasons."""
    lines = [f"### {heading}", "", _md_cell(verdict.summary(noun)), ""]
    if verdict.answer is not None:
        lines += [f"Answer read: `{_md_cell(answer_text(verdict.answer))}`", ""]
    lines += [f"- answer problem `{p.code}`: {_md_cell(p.message)}" for p in verdict.problems]
    lines += [f"- note: {_md_cell(n)}" for n in verdict.notes]
    if verdict.problems or verdict.notes:
        lines.append("")
    if verdict.subjects:
        lines += [f"| {_md_cell(noun.capitalize())} | Requirement | Outcome | Reason |"]
        lines.append("|---|---|---|---|")
        lines += _table_rows(verdict)
        lines.append("")
    return "\n".join(lines)


def _table_rows(verdict: Verdict) -> list[str]:
    """The table's rows: one per requirement result, subject by subject."""
    # One search over every name and reason instead of one per cell: most verdicts hold
    # nothing to escape, and then every cell is written as it is (what _md_cell gives it).
    subjects = verdict.subjects
    cells = "\0".join([s.name for s in subjects] + [r.reason for s in subjects for r in s.results])
    escaped = _md_special(cells)
    rows = []
    for subject in subjects:
        who = f"{subject.name} ({'satisfied' if subject.satisfied else 'NOT satisfied'})"
        if escaped:
            who = _md_cell(who)
            rows += [
                f"| {who} | {r.kind} | {_MARK[r.outcome]} | {_md_cell(r.reason)} |"
                for r in subject.results
            ]
        else:  # the same rows, without a call per cell that would change nothing
            rows += [
                f"| {who} | {r.kind} | {_MARK[r.outcome]} | {r.reason} |" for r in subject.results
            ]
    return rows


def _digit_limit() -> int | None:
    """The most digits of an integer Python turns into text or back
    (``sys.get_int_max_str_digits``, 4,300 unless set otherwise), None for no limit."""
    return sys.get_int_max_str_digits() or None


def _max_bits() -> int:
    """:data:`_MAX_BITS`, fewer when Python's digit limit is set lower (3.3 bits a digit)."""
    limit = _digit_limit()
    return _MAX_BITS if limit is None else min(_MAX_BITS, limit * 33 // 10 - 4)


@cache
def _digit_run(length: int) -> bytes:
    return b"0" * length


def has_long_digits(data: bytes) -> bool:
    """Whether ``data`` holds a run of 4,000 digits, or of Python's digit limit when it is set
    lower (an integer a JSON reader may refuse)."""
    limit = _digit_limit()
    length = _LONG_DIGITS if limit is None else min(_LONG_DIGITS, limit)
    # A run of ``length`` digits holds at least _SAMPLES_PER_RUN consecutive bytes of every
    # ``stride``-th one (any ``length`` consecutive positions hold that many multiples of it):
    # samples without such a stretch of digits clear ``data`` after looking at one byte in
    # 500 (a details file of a case is some 150 kB). Else every byte is looked at.
    stride = length // _SAMPLES_PER_RUN
    if stride > 1 and not _digits_in_a_row(data[::stride], _SAMPLES_PER_RUN):
        return False
    return _digits_in_a_row(data, length)


def _digits_in_a_row(data: bytes, length: int) -> bool:
    # Digits to "0", all else to " ", then a substring search: both run in C, several times
    # faster than a regular expression that tries a 4,000-digit match at every digit.
    return _digit_run(length) in data.translate(_DIGITS_AS_ZERO)


def _json_bytes(payload: dict[str, Any]) -> bytes:
    try:
        # pydantic's serializer, not json.dump: json's indenting encoder is pure Python and cost
        # several times the judging itself. Strict JSON: a NaN must not make the file unreadable.
        data = to_json(payload, indent=2, inf_nan_mode="strings")
        if not has_long_digits(data):
            return data
    except (PydanticSerializationError, ValueError, RecursionError):
        pass
    # Text the agent wrote that JSON cannot hold (a lone surrogate, absurd nesting, an integer
    # too long for a JSON reader): the slow path cleans every value first.
    return to_json(writable(_plain(payload)), indent=2, inf_nan_mode="strings")


def _plain(payload: dict[str, Any]) -> Any:
    """``payload`` with its verdicts as plain dicts, so :func:`writable` can clean them."""
    return {
        key: [plain_verdict(v) for v in value] if key == "invocations" else value
        for key, value in payload.items()
    }


def plain_verdict(verdict: Verdict) -> dict[str, Any]:
    """``verdict`` as plain values, for :func:`writable` to clean, whatever its answer holds."""
    # The answer is the agent's own value, the one part that may nest without bound: cut it
    # before the serializer walks it.
    answer = None if verdict.answer is None else writable(verdict.answer)
    dumped: dict[str, Any] = verdict.model_copy(update={"answer": answer}).model_dump()
    return dumped


def _write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a hidden temporary file and a rename; on any failure
    the temporary file is removed and nothing is left at ``path``."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        with partial.open("xb") as handle:
            handle.write(data)
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


UNSCORED_REPORTED = {
    "failed": "FAILED as unscored",
    "not_evaluated": "reported NOT_EVALUATED (criterion option unscored: not_evaluated)",
}
"""How a case that turns on unscored results was reported, by the details file's ``unscored``
value (see :mod:`checkers.adk.custom_metric`)."""


def unscored_line(overall: dict[str, Any]) -> str:
    """``"Case FAILED as unscored: the evaluator could not decide: ..."``, for a case whose
    ``overall`` figures record how its unscored results were reported."""
    how = UNSCORED_REPORTED.get(str(overall.get("unscored")), str(overall.get("unscored")))
    return f"Case {how}: {overall.get('unscored_reason', '')}"


def write_details(
    directory: Path,
    metric: str,
    verdicts: Sequence[Verdict],
    overall: dict[str, Any],
    subject_noun: str = "subject",
) -> Path:
    """Write one case-run's details as JSON and Markdown; return the JSON file's path.

    ``overall`` holds the case-level figures (score, status, threshold) as the metric returned
    them to ADK, and for a case that turns on unscored results ``unscored`` (``"failed"`` or
    ``"not_evaluated"``) and ``unscored_reason``. Both files are valid for any verdict (see the
    module docstring) and appear whole or not at all. Raises OSError when the directory cannot
    be written (including a ``directory`` the file system cannot name, such as one holding a NUL
    byte).
    """
    if "\0" in str(directory):
        raise OSError(f"details directory {str(directory)!r} holds a NUL byte; no file system can")
    directory.mkdir(parents=True, exist_ok=True)
    scenario = verdicts[0].scenario_id if verdicts else "no-invocations"
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
    stem = f"{safe_name(metric, 24)}__{safe_name(scenario)}__{stamp}_{uuid.uuid4().hex[:8]}"
    payload = {"metric": metric, "scenario_id": scenario, **overall, "invocations": verdicts}
    sections = [f"# {_md_cell(metric)}: scenario `{_md_cell(scenario)}`", ""]
    if "unscored" in overall:
        sections += [f"**{_md_cell(unscored_line(overall))}**", ""]
    sections += [
        verdict_markdown(v, f"Invocation {i + 1} of {len(verdicts)}", subject_noun)
        for i, v in enumerate(verdicts)
    ]
    markdown = "\n".join(sections)
    markdown = without_surrogates(markdown)
    json_path = directory / f"{stem}.json"
    # Markdown first: a details JSON file (what the report reads) then always has its twin.
    _write_atomically(directory / f"{stem}.md", markdown.encode("utf-8"))
    _write_atomically(json_path, _json_bytes(payload))
    return json_path
