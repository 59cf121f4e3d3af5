"""``checkers shadow``: candidate agents replayed on real recorded ADK sessions.

The recordings are dining sessions the careful demo agent played through ADK's Runner into ADK's
SQLite session store (``checkers generate sessions``). Replayed by ``rating_first`` (books the
top-rated restaurant without reading the group) they are a significant regression with the
guests it leaves out as flips; replayed by ``careful`` itself, no difference; replayed by an
agent whose model is down, every replay fails (fail closed) and the gate closes. The sampling
is a seeded reservoir: properties over any stream.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.adk.traffic import domain_eval_sets, plan, scripts_of
from checkers.cli import main
from checkers.score import DeadLetter
from checkers.sessions import RecordedSession
from checkers.shadow import sample_sessions, user_messages
from checkers.sources import ReadOptions, open_sessions

pytestmark = [pytest.mark.filterwarnings("ignore:\\[EXPERIMENTAL\\]:UserWarning")]

AGENTS = Path(__file__).resolve().parents[1] / "domains" / "dining" / "agents"
CAREFUL = "domains.dining.agents.careful"
COUNT, SEED = 10, 3
CRASHING_AGENT = """
from domains.dining.agents import build_agent


def model_down(callback_context, llm_request):
    raise RuntimeError("the model is down")


root_agent = build_agent("careful")
root_agent.before_model_callback = model_down
"""


def session(number: int) -> RecordedSession:
    return RecordedSession(f"s{number}", "app", "u", ())


def stream_of(items: list[bool]) -> list[RecordedSession | DeadLetter]:
    """A session for each True, a dead letter for each False, numbered by position."""
    return [
        session(n) if readable else DeadLetter(f"d{n}", "app", "u", "unreadable")
        for n, readable in enumerate(items)
    ]


@given(items=st.lists(st.booleans(), max_size=40), count=st.integers(0, 12), seed=st.integers())
def test_a_sample_is_a_seeded_ordered_subset_of_the_readable_sessions(
    items: list[bool], count: int, seed: int
) -> None:
    stream = stream_of(items)
    drawn = sample_sessions(stream, count, seed)
    readable = [s for s in stream if isinstance(s, RecordedSession)]
    assert drawn.read == len(readable)
    assert len(drawn.dead_letters) == len(stream) - len(readable)
    assert len(drawn.sessions) == min(count, len(readable))
    order = [readable.index(s) for s in drawn.sessions]
    assert order == sorted(set(order))  # distinct, in the order read
    assert sample_sessions(stream, count, seed) == drawn


def test_every_session_is_drawn_equally_often() -> None:
    stream = [session(n) for n in range(10)]
    drawn = Counter(
        s.session_id for seed in range(3000) for s in sample_sessions(stream, 3, seed).sessions
    )
    # Each is drawn in 3/10 of 3,000 samples: 900, standard deviation sqrt(3000 * .3 * .7) = 25.
    assert all(abs(times - 900) < 5 * 25 for times in drawn.values()), drawn


def test_a_negative_sample_is_refused() -> None:
    with pytest.raises(ValueError, match="count must be 0 or more, got -1"):
        sample_sessions([], -1, 0)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Dining sessions of the careful agent in ADK's SQLite session store."""
    url = f"sqlite:///{tmp_path_factory.mktemp('recorded') / 'sessions.db'}"
    code = main(
        [
            *("generate", "sessions", "dining", "--db", url, "--agent", "careful"),
            *("--count", str(COUNT), "--seed", str(SEED)),
        ]
    )
    assert code == 0
    return url


def read(url: str) -> list[RecordedSession]:
    """The sessions of app ``dining`` in the ADK session database at ``url``."""
    return [s for s in open_sessions(url, ReadOptions("dining")) if not isinstance(s, DeadLetter)]


def shadow(
    recorded: str, agent: Path, capsys: pytest.CaptureFixture[str], *more: str
) -> tuple[int, str, str]:
    code = main(
        [
            *("shadow", "dining", str(agent), "--sessions", recorded, "--app", "dining"),
            *("--sample", "8", "--seed", "1", "--offline", *more),
        ]
    )
    out, err = capsys.readouterr()
    return code, out, err


def test_user_messages_are_what_the_users_said(recorded: str) -> None:
    scripts = {
        p.session_id: p.script.user_turns
        for p in plan(scripts_of(domain_eval_sets("dining")), [CAREFUL], COUNT, SEED)
    }
    sessions = [
        s for s in open_sessions(recorded, ReadOptions("dining")) if not isinstance(s, DeadLetter)
    ]
    assert len(sessions) == COUNT
    for one in sessions:
        assert user_messages(one) == scripts[one.session_id]


def test_a_flawed_candidate_is_a_significant_regression_with_its_flips(
    recorded: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "shadow.html"
    code, out, err = shadow(recorded, AGENTS / "rating_first", capsys, "--html", str(page))
    assert "sessions read: 10; dead letters: 0; sampled: 8; replayed: 8" in err
    assert code == 1 and out.startswith("verdict: significant regression")
    # Every replay books without reading a menu: 8 of 8 pairs pass -> fail, p = 2 / 2**8,
    # below 0.05 / 3 metrics.
    assert "metric menu_before_booking: significant regression (McNemar exact p = 0.007812" in out
    assert "pass->fail 8, fail->pass 0" in out
    # A case is a recorded session and the scenario both sides were judged in.
    assert re.search(
        r"gen-3-\d{7}-careful \([a-z-]+\): the agent's called_before now fails in 1 of 1 run "
        r"\(was 0 of 1\)",
        out,
    )
    text = page.read_text(encoding="utf-8")
    assert '<div class="verdict fail">significant regression</div>' in text
    assert f"replayed by {AGENTS / 'rating_first'}" in text


def test_the_recorded_agent_replayed_is_no_difference(
    recorded: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    replays = f"sqlite:///{tmp_path / 'replays.db'}"
    code, out, _ = shadow(recorded, AGENTS / "careful", capsys, "--json", "--replayed", replays)
    report = json.loads(out)
    assert code == 0 and report["verdict"] == "no significant difference"
    for metric in report["metrics"]:
        assert metric["lost"] == metric["gained"] == 0 and metric["flips"] == []
    kept = [
        s for s in open_sessions(replays, ReadOptions("dining")) if not isinstance(s, DeadLetter)
    ]
    assert len(kept) == 8 and all(s.session_id.startswith("shadow-gen-3-") for s in kept)
    # The same replays again would overwrite them: refused, naming the database.
    code, _, err = shadow(recorded, AGENTS / "careful", capsys, "--replayed", replays)
    assert code == 2 and "is already in" in err and replays in err


def test_a_candidate_that_cannot_answer_fails_every_replay(
    recorded: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    agent = tmp_path / "crashing_candidate"
    agent.mkdir()
    (agent / "__init__.py").write_text("from . import agent\n", encoding="utf-8")
    (agent / "agent.py").write_text(CRASHING_AGENT, encoding="utf-8")
    code, out, err = shadow(recorded, agent, capsys, "--json")
    assert (
        "the candidate could not finish 8 replays: each fails every metric (replay_failed)" in err
    )
    report = json.loads(out)
    assert code == 1 and report["verdict"] == "significant regression"
    flips = {f["kind"] for m in report["metrics"] for f in m["flips"]}
    assert "problem:replay_failed" in flips


def test_a_folder_that_is_no_agent_or_replays_over_the_recordings_are_refused(
    recorded: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = shadow(recorded, tmp_path, capsys)
    assert code == 2
    assert f"agent folder {str(tmp_path)!r} has no __init__.py" in err
    code, _, err = shadow(recorded, AGENTS / "careful", capsys, "--replayed", recorded)
    assert code == 2
    assert f"--replayed {recorded} is the database the recorded sessions come from" in err
