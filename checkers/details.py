"""Details files: per case and run, every subject's requirement results with reasons.

Each metric call (one eval case, one run) writes ``<stem>.json`` and ``<stem>.md`` into the
details directory. The stem is built from the metric, a filesystem-safe form of the scenario id,
a UTC timestamp and a random suffix, and files are opened in exclusive-create mode, so concurrent
cases never overwrite each other whatever the scenario id contains.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import uuid
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from pydantic_core import to_json

from checkers.results import Outcome, Verdict

DETAILS_DIR_ENV = "CHECKERS_DETAILS_DIR"
DEFAULT_DETAILS_DIR = Path(".checkers") / "details"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_MARK = {Outcome.PASS: "pass", Outcome.FAIL: "**FAIL**", Outcome.INCOMPLETE: "*incomplete*"}


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


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def verdict_markdown(verdict: Verdict, heading: str) -> str:
    """A readable table of subject by requirement, with outcomes and reasons."""
    lines = [f"### {heading}", "", verdict.summary(), ""]
    if verdict.answer is not None:
        lines += [f"Answer read: `{json.dumps(verdict.answer, ensure_ascii=False)}`", ""]
    lines += [f"- answer problem `{p.code}`: {_md_cell(p.message)}" for p in verdict.problems]
    lines += [f"- note: {_md_cell(n)}" for n in verdict.notes]
    if verdict.problems or verdict.notes:
        lines.append("")
    if verdict.subjects:
        lines += ["| Subject | Requirement | Outcome | Reason |", "|---|---|---|---|"]
        for subject in verdict.subjects:
            who = _md_cell(f"{subject.name} ({'served' if subject.satisfied else 'NOT served'})")
            lines += [
                f"| {who} | {r.kind} | {_MARK[r.outcome]} | {_md_cell(r.reason)} |"
                for r in subject.results
            ]
        lines.append("")
    return "\n".join(lines)


def write_details(
    directory: Path,
    metric: str,
    verdicts: Sequence[Verdict],
    overall: dict[str, Any],
) -> Path:
    """Write one case-run's details as JSON and Markdown; return the JSON file's path.

    ``overall`` holds the case-level figures (score, status, threshold) as the metric returned
    them to ADK. Raises OSError when the directory cannot be written.
    """
    directory.mkdir(parents=True, exist_ok=True)
    scenario = verdicts[0].scenario_id if verdicts else "no-invocations"
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
    stem = f"{safe_name(metric, 24)}__{safe_name(scenario)}__{stamp}_{uuid.uuid4().hex[:8]}"
    payload = {"metric": metric, "scenario_id": scenario, **overall, "invocations": verdicts}
    json_path = directory / f"{stem}.json"
    with json_path.open("xb") as handle:
        # pydantic's serializer, not json.dump: json's indenting encoder is pure Python and cost
        # several times the judging itself.
        handle.write(to_json(payload, indent=2))
    sections = [f"# {metric}: scenario `{scenario}`", ""]
    sections += [
        verdict_markdown(v, f"Invocation {i + 1} of {len(verdicts)}")
        for i, v in enumerate(verdicts)
    ]
    with (directory / f"{stem}.md").open("x", encoding="utf-8") as handle:
        handle.write("\n".join(sections))
    return json_path
