"""``checkers score`` on real ADK sessions: the dining demo agents run through ADK's Runner with
its ``DatabaseSessionService`` on SQLite, then judged from the session store."""

from __future__ import annotations

import asyncio
import importlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from google.adk.runners import Runner
from google.adk.sessions import DatabaseSessionService
from google.genai import types as genai_types
from hypothesis import given
from hypothesis import strategies as st

from checkers.adk.session_store import sessions_in
from checkers.cli import main
from checkers.meta import meta_settings
from checkers.meta.hostile import HOSTILE_VALUES, hostile_strings
from checkers.registry import find_metric
from checkers.score import DeadLetter, score_sessions
from checkers.sessions import RecordedSession, session_turns

RUNS = [
    ("careful", "story-six", 6, "19:30"),
    ("rating_first", "story-six", 6, "19:30"),
    ("careful", "gluten-free-vegan", 3, "18:30"),
    ("rating_first", "gluten-free-vegan", 3, "18:30"),
]
EVERYONE_ATE = find_metric("dining", "everyone_ate")


async def _run(url: str, agent: str, group: str, size: int, time: str, session_id: str) -> None:
    root = importlib.import_module(f"domains.dining.agents.{agent}.agent").root_agent
    service = DatabaseSessionService(db_url=url)
    runner = Runner(agent=root, app_name="dining", session_service=service)
    await service.create_session(app_name="dining", user_id="organiser", session_id=session_id)
    text = f"Please plan dinner for our group of {size} at {time}. Group id: {group}."
    message = genai_types.Content(role="user", parts=[genai_types.Part(text=text)])
    async for _ in runner.run_async(
        user_id="organiser", session_id=session_id, new_message=message
    ):
        pass
    await service.close()


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An ADK session database holding the demo agents' runs, and one eval session."""
    path = tmp_path_factory.mktemp("sessions") / "sessions.db"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHECKERS_OFFLINE", "1")
        for number, (agent, group, size, time) in enumerate(RUNS):
            run = _run(
                f"sqlite+aiosqlite:///{path}", agent, group, size, time, f"s{number}-{agent}"
            )
            asyncio.run(run)
        asyncio.run(_run(f"sqlite+aiosqlite:///{path}", *RUNS[0], "adk-eval-session-1"))
    return path


def score(tmp_path: Path, store: Path, *extra: str) -> tuple[int, list[dict[str, Any]]]:
    out = tmp_path / "verdicts.jsonl"
    code = main(
        [
            *("score", "dining", "--sessions", f"sqlite:///{store}", "--app", "dining"),
            *("--out", str(out), "--table", f"sqlite:///{tmp_path / 'verdicts.db'}", *extra),
        ]
    )
    return code, [json.loads(line) for line in out.read_text().splitlines()]


def table(tmp_path: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(tmp_path / "verdicts.db") as db:
        return db.execute("SELECT * FROM checkers_verdicts ORDER BY 1, 2, 3, 4, 5, 6, 7").fetchall()


def test_sessions_are_judged_as_checkers_check_judges_their_answers(
    tmp_path: Path, store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, verdicts = score(tmp_path, store)
    assert code == 0
    assert "sessions read: 4 = judged 4 + dead letters 0 (eval sessions skipped: 1)" in (
        capsys.readouterr().err
    )
    eaten = {v["session_id"]: v for v in verdicts if v["metric"] == "everyone_ate"}
    assert {k: (v["scenario_id"], v["score"]) for k, v in eaten.items()} == {
        "s0-careful": ("story-six", 1.0),
        "s1-rating_first": ("story-six", 0.5),
        "s2-careful": ("gluten-free-vegan", 1.0),
        "s3-rating_first": ("gluten-free-vegan", eaten["s3-rating_first"]["score"]),
    }
    assert eaten["s3-rating_first"]["score"] < 1.0
    assert {v["metric"] for v in verdicts} == {
        "everyone_ate",
        "everyone_ate_or_says_infeasible",
        "menu_before_booking",
    }
    # The same answers given to `checkers check`: the same verdicts.
    finals = {
        s.session_id: session_turns(s.events)[-1].agent_text
        for s in sessions_in(f"sqlite:///{store}", "dining")
        if not isinstance(s, DeadLetter)
    }
    for session_id, judged in eaten.items():
        answer = finals[session_id]
        assert answer is not None
        main(["check", "dining", "--scenario", judged["scenario_id"], "--answer", answer, "--json"])
        printed = json.loads(capsys.readouterr().out)
        assert printed["passed"] == judged["passed"], session_id
        assert printed["score"] == judged["score"], session_id
        assert printed["subjects"] == judged["verdict"]["subjects"], session_id


def test_a_rerun_changes_no_row_and_eval_sessions_are_judged_when_asked(
    tmp_path: Path, store: Path
) -> None:
    score(tmp_path, store)
    first = table(tmp_path)
    assert len(first) > 20 and len({row[:7] for row in first}) == len(first)
    score(tmp_path, store)
    assert table(tmp_path) == first
    _, verdicts = score(tmp_path, store, "--include-eval")
    assert "adk-eval-session-1" in {v["session_id"] for v in verdicts}


def test_a_corrupt_session_is_a_dead_letter_and_the_others_are_judged(
    tmp_path: Path, store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.db"
    broken.write_bytes(store.read_bytes())
    with sqlite3.connect(broken) as db:
        db.execute(
            "UPDATE events SET event_data = '{\"broken' WHERE session_id = 's1-rating_first'"
        )
    code, verdicts = score(tmp_path, broken)
    assert code == 1
    assert "sessions read: 4 = judged 3 + dead letters 1" in capsys.readouterr().err
    assert "s1-rating_first" not in {v["session_id"] for v in verdicts}
    [letter] = [
        json.loads(line)
        for line in (tmp_path / "verdicts.jsonl.dead-letters.jsonl").read_text().splitlines()
    ]
    assert letter["session_id"] == "s1-rating_first" and "could not load" in letter["reason"]


def test_a_session_that_names_no_group_fails_closed() -> None:
    turns = session_turns(
        [
            {"author": "user", "content": {"role": "user", "parts": [{"text": "Dinner for 6"}]}},
            {"author": "careful", "content": {"role": "model", "parts": [{"text": "Done."}]}},
        ]
    )
    assert len(turns) == 1
    from checkers.transcript import Transcript

    named = EVERYONE_ATE.domain.session_scenario(Transcript.from_turns(turns), {})
    assert not isinstance(named, str) and named.code == "no_scenario"
    two = EVERYONE_ATE.domain.session_scenario(
        Transcript.from_turns(turns), {"scenario": "story-six", "x": 1}
    )
    assert two == "story-six"


_EVENT = st.fixed_dictionaries(
    {"author": st.sampled_from(["user", "careful"]) | hostile_strings(4)},
    optional={
        "content": st.fixed_dictionaries(
            {
                "parts": st.lists(
                    st.dictionaries(
                        st.sampled_from(["text", "thought", "function_call"]),
                        HOSTILE_VALUES | hostile_strings(),
                    ),
                    max_size=3,
                )
            }
        )
        | HOSTILE_VALUES
    },
)


@given(st.lists(st.lists(_EVENT | HOSTILE_VALUES, max_size=4), max_size=4))
@meta_settings("ci")
def test_any_sessions_are_judged_or_dead_letters_never_an_exception(
    sessions: list[list[Any]],
) -> None:
    recorded = [
        RecordedSession(f"s{i}", "dining", "u", events) for i, events in enumerate(sessions)
    ]
    written: list[Any] = []

    class Collect:
        def write(self, verdicts: Any) -> None:
            written.extend(verdicts)

        def dead_letter(self, letter: DeadLetter) -> None:
            written.append(letter)

    summary = score_sessions([EVERYONE_ATE], recorded, [Collect()])
    assert summary.read == len(sessions) == summary.judged + summary.dead_letters
    for one in written:
        if not isinstance(one, DeadLetter):
            # No session here names a group the dining catalog holds: none can pass.
            assert not one.passed and one.score == 0.0, one.verdict
