"""Recorded sessions of every domain, and their verdicts as ``checkers score`` writes them: the
corpus that shows a change to the scoring path changes no verdict.

:func:`corpus` gives, for every domain with code-checked metrics, each known answer as a session
(with its scenario in the state, and without it, so that the domain finds the scenario in the
session itself: the dining group looked up, the orders or airline customer identified), the
synthetic dining sessions of ``benchmarks/synthetic_sessions.py`` when their recordings are
given, the airline runs tau-bench recorded, and the sessions of any ADK session database given
(``checkers generate sessions``), again with and without their scenario.

Run as a script, it writes every verdict line (:func:`checkers.score.verdict_line`) to one file,
so that two versions of the code can be compared byte for byte::

    .venv/bin/python -m tests.score_corpus OUT.jsonl [--recordings R.json] [--db DOMAIN=URL]...
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from checkers.meta.known import case_transcript
from checkers.metric import Metric
from checkers.registry import domain_metrics, domain_names, find_plugin
from checkers.score import DeadLetter, judge_or_dead_letter, verdict_line
from checkers.sessions import RecordedSession
from checkers.sources import ReadOptions, open_sessions
from checkers.transcript import Turn
from domains.airline.data_files import RUNS_FILE
from tests.test_score_domains import turn_events

ROOT = Path(__file__).resolve().parents[1]
TAU_AIRLINE = RUNS_FILE  # the 50 recorded gpt-4o airline runs, bundled with the domain


@cache
def code_checked(domain: str) -> tuple[Metric[Any], ...]:
    """The domain's metrics that code judges (a model-judged one needs a judge to run)."""
    return tuple(m for m in domain_metrics(domain).values() if m.judge_async is None)


def domains() -> list[str]:
    """Every registered domain with a code-checked metric."""
    return [d for d in domain_names() if code_checked(d)]


def _known_answers(domain: str) -> list[dict[str, Any]]:
    spec = importlib.util.find_spec(find_plugin(domain).package)
    if spec is None or spec.origin is None:
        return []
    path = Path(spec.origin).with_name("known_answers.json")
    return list(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else []


def _turns(domain: str, case: dict[str, Any]) -> tuple[Turn, ...]:
    if "answer" in case:
        answer = case["answer"]
        text = answer if isinstance(answer, str) else json.dumps(answer)
        transcript = code_checked(domain)[0].domain.parse_answer(text)
    else:
        transcript = case_transcript(case)
    return transcript.turns or (Turn(user_text="", agent_text=transcript.final_text),)


def _with_and_without_scenario(session: RecordedSession) -> Iterator[RecordedSession]:
    yield session
    if "scenario" in session.state:
        state = {k: v for k, v in session.state.items() if k != "scenario"}
        yield replace(session, session_id=session.session_id + "-unnamed", state=state)


def known_sessions(domain: str) -> Iterator[RecordedSession]:
    """Each of the domain's known answers as a session, named and unnamed."""
    for number, case in enumerate(_known_answers(domain)):
        events = [e for turn in _turns(domain, case) for e in turn_events(turn)]
        session = RecordedSession(
            f"known-{number}", domain, "u", events, {"scenario": case["scenario"]}
        )
        yield from _with_and_without_scenario(session)


def synthetic_dining(recordings: Path, count: int = 60) -> Iterator[RecordedSession | DeadLetter]:
    """``count`` synthetic dining sessions from the recordings saved at ``recordings``."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import synthetic_sessions as synthetic  # type: ignore[import-not-found]

    from checkers.readers.jsonl import session_of_line

    recorded = [synthetic.Recording(**r) for r in json.loads(recordings.read_text())]
    for line in synthetic.session_lines(recorded, count, seed=2, broken=0.05):
        read = session_of_line(line, ReadOptions())
        if read is not None:
            yield read


def corpus(
    domain: str, recordings: Path | None = None, dbs: Sequence[str] = ()
) -> Iterator[RecordedSession | DeadLetter]:
    """The corpus of ``domain`` (see the module docstring)."""
    yield from known_sessions(domain)
    if domain == "dining" and recordings is not None:
        yield from synthetic_dining(recordings)
    if domain == "airline" and TAU_AIRLINE.exists():
        yield from open_sessions(f"tau-bench:{TAU_AIRLINE}", ReadOptions())
    for url in dbs:
        for one in open_sessions(url, ReadOptions(app_name=domain, include_eval=True)):
            yield from [one] if isinstance(one, DeadLetter) else _with_and_without_scenario(one)


def verdict_lines(domain: str, sessions: Iterator[RecordedSession | DeadLetter]) -> Iterator[str]:
    """What ``checkers score`` writes for each session: its verdict lines, or its dead letter's
    reason."""
    metrics = code_checked(domain)
    for session in sessions:
        judged = judge_or_dead_letter(metrics, session)
        if isinstance(judged, DeadLetter):
            yield json.dumps({"dead_letter": judged.as_json()}, ensure_ascii=False)
        else:
            yield from (verdict_line(one) for one in judged)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--recordings", type=Path, help="synthetic_sessions recordings (JSON)")
    parser.add_argument("--db", action="append", default=[], help="DOMAIN=URL of ADK sessions")
    args = parser.parse_args(argv)
    dbs: dict[str, list[str]] = {}
    for item in args.db:
        domain, _, url = item.partition("=")
        dbs.setdefault(domain, []).append(url)
    written = 0
    with args.out.open("w", encoding="utf-8") as out:
        for domain in domains():
            for line in verdict_lines(domain, corpus(domain, args.recordings, dbs.get(domain, []))):
                out.write(line + "\n")
                written += 1
    print(f"{written} lines to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
