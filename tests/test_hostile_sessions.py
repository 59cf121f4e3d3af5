"""``checkers score`` attacked through its readers: recorded sessions crafted so that a reader
would judge the wrong scenario, a part of a session, or stop the whole run.

Each attack was a wrong verdict before its fix: a session state naming its scenario as a list
was judged in the group the agent looked up; an agent identifying two customers was judged for
the first; an eval-view export not ordered by session judged each block of a session as a whole
session (its last turn alone could pass); one line holding a 5,000-digit number stopped a
tau-bench or eval-view run with a traceback. Sessions are real: the demo agents run through
ADK's Runner (offline, on their scripted models)."""

from __future__ import annotations

import asyncio
import importlib
import json
import shutil
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from google.adk.events import Event
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.adk.session_store import sessions_in
from checkers.cli import main
from checkers.meta import meta_settings
from checkers.metric import Domain
from checkers.readers.bigquery import ROWS_NOT_CONSECUTIVE, eval_view_sessions
from checkers.readers.lines import BadLine, json_lines
from checkers.registry import domain_metrics, domain_names
from checkers.results import AnswerProblem
from checkers.scenario_ref import UNREADABLE_STATE_SCENARIO
from checkers.score import DeadLetter, SessionVerdict, judge_session
from checkers.session_customer import SEVERAL_CUSTOMERS
from checkers.sessions import RecordedSession
from checkers.sources import ReadOptions, open_sessions
from checkers.transcript import Transcript
from domains.airline.data_files import RUNS_FILE
from domains.dining.scenarios import DINING
from domains.orders.scenarios import ORDERS
from tests.test_readers import _run as run_dining
from tests.test_readers import _turns
from tests.test_score import _run as store_run
from tests.test_session_scenarios import orders_session

DINING_METRICS = [m for m in domain_metrics("dining").values() if m.judge_async is None]
ORDERS_METRICS = [m for m in domain_metrics("orders").values() if m.judge_async is None]
MEI = "mei_martin_4260"


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHECKERS_OFFLINE", "1")


def verdicts_of(metrics: Sequence[Any], session: RecordedSession) -> list[SessionVerdict]:
    judged = judge_session(metrics, session)
    assert not isinstance(judged, DeadLetter), judged
    return judged


def problem_codes(verdicts: Sequence[SessionVerdict]) -> set[tuple[bool, str]]:
    return {(v.passed, p.code) for v in verdicts for p in v.verdict.problems}


# --- a session state naming its scenario in a shape no reader takes ------------------------

NOT_AN_ID = st.one_of(
    st.integers(),
    st.just(10**4400),  # its repr raises: the message must still be made
    st.floats(allow_nan=True),
    st.booleans(),
    st.lists(st.text(max_size=12), max_size=3),
    st.dictionaries(st.text(max_size=6), st.text(max_size=12), max_size=3),
)


@pytest.fixture(scope="module")
def adk_runs() -> list[tuple[str, list[Event]]]:
    """Real ADK sessions of two turns (the request, then the group id): the careful dining
    agent on story-six and on gluten-free-vegan, and the rating-first agent on story-six."""
    runs = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHECKERS_OFFLINE", "1")
        for agent, group, size in (
            ("careful", "story-six", 6),
            ("careful", "gluten-free-vegan", 3),
            ("rating_first", "story-six", 6),
        ):
            root = importlib.import_module(f"domains.dining.agents.{agent}.agent").root_agent
            name = f"{agent}-{group}"
            runs.append((name, asyncio.run(run_dining(root, group, size, name))))
    return runs


@pytest.fixture(scope="module")
def dining_session(adk_runs: list[tuple[str, list[Event]]]) -> RecordedSession:
    """The careful dining agent's session on gluten-free-vegan: every metric passes it."""
    events = dict(adk_runs)["careful-gluten-free-vegan"]
    dumped = [e.model_dump(mode="json", exclude_none=True) for e in events]
    session = RecordedSession("s", "dining", "organiser", dumped, {})
    assert all(v.passed for v in verdicts_of(DINING_METRICS, session))
    return session


def test_a_state_naming_the_scenario_as_a_list_is_not_judged_in_the_group_looked_up(
    dining_session: RecordedSession,
) -> None:
    # The session says it is about story-six; it was judged (and passed) as gluten-free-vegan.
    session = RecordedSession(
        "s", "dining", "organiser", dining_session.events, {"scenario": ["story-six"]}
    )
    verdicts = verdicts_of(DINING_METRICS, session)
    assert problem_codes(verdicts) == {(False, UNREADABLE_STATE_SCENARIO)}
    assert "story-six" in verdicts[0].verdict.problems[0].message


def _registered_domains() -> list[Domain[Any]]:
    """Every registered domain that judges sessions (each one's, not a list kept by hand)."""
    found: dict[str, Domain[Any]] = {}
    for name in domain_names():
        for metric in domain_metrics(name).values():
            found.setdefault(name, metric.domain)
    return list(found.values())


def test_every_registered_domain_is_attacked_below() -> None:
    assert {d.name for d in _registered_domains()} >= {"airline", "dining", "orders", "scheduling"}


@settings(meta_settings("ci"), max_examples=40)
@given(named=NOT_AN_ID)
def test_any_state_scenario_that_is_no_id_fails_closed_in_every_domain(named: Any) -> None:
    """Every domain's own reading of a session (the dining group looked up, the scheduling task
    of the first message, the customer identified) refuses a state scenario that is not text:
    every registered domain, airline included, with and without trusted tags."""
    transcript = Transcript(
        user_texts=("Please plan dinner. Group id: story-six. Task id: np-6. [scenario:x]",),
        final_text="ok",
    )
    for domain in _registered_domains():
        for trusted in (False, True):
            found = domain.session_scenario(transcript, {"scenario": named}, trust_tags=trusted)
            assert isinstance(found, AnswerProblem), (domain.name, found)
            assert found.code == UNREADABLE_STATE_SCENARIO, (domain.name, found)


def test_a_state_with_a_null_or_text_scenario_reads_as_before() -> None:
    transcript = Transcript(user_texts=("Group id: story-six.",), final_text="ok")
    assert DINING.session_scenario(transcript, {"scenario": None}) == "story-six"
    assert DINING.session_scenario(transcript, {"scenario": "story-six"}) == "story-six"


# --- an agent identifying two customers ----------------------------------------------------


def _identify(
    author: str, call_id: str, first: str, last: str, zip_code: str, found: str
) -> list[dict[str, Any]]:
    args = {"first_name": first, "last_name": last, "zip": zip_code}
    name = "find_user_id_by_name_zip"
    return [
        {
            "author": author,
            "content": {
                "role": "model",
                "parts": [{"function_call": {"id": call_id, "name": name, "args": args}}],
            },
        },
        {
            "author": author,
            "content": {
                "role": "user",
                "parts": [
                    {
                        "function_response": {
                            "id": call_id,
                            "name": name,
                            "response": {"user_id": found},
                        }
                    }
                ],
            },
        },
    ]


@pytest.fixture(scope="module")
def mei_session() -> RecordedSession:
    """The careful orders agent on Mei Martin's order status, stored with no scenario: judged
    for the customer it identified."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHECKERS_OFFLINE", "1")
        session = orders_session("careful", "cs-order-status")
    assert {v.verdict.scenario_id for v in verdicts_of(ORDERS_METRICS, session)} == {
        f"customer:{MEI}"
    }
    return session


OTHERS = sorted(u for u in ORDERS.database().users if u != MEI)


@settings(meta_settings("ci"), max_examples=15)
@given(other=st.sampled_from(OTHERS), where=st.integers(min_value=1, max_value=6))
def test_an_agent_identifying_two_customers_is_judged_for_neither(
    mei_session: RecordedSession, other: str, where: int
) -> None:
    """Wherever a second identification falls (before Mei's or after), the session names no
    one customer: every metric fails it, none judges it for the first found."""
    user = ORDERS.database().users[other]
    author = next(e["author"] for e in mei_session.events if e.get("author") != "user")
    extra = _identify(
        author, "x-1", user.name.first_name, user.name.last_name, user.address.zip, other
    )
    events = list(mei_session.events)
    events[where:where] = extra
    session = RecordedSession("s", "orders", "web", events, {})
    verdicts = verdicts_of(ORDERS_METRICS, session)
    assert problem_codes(verdicts) == {(False, SEVERAL_CUSTOMERS)}
    assert all(v.verdict.scenario_id == "?" for v in verdicts)


def test_the_same_customer_identified_twice_is_one_customer(mei_session: RecordedSession) -> None:
    author = next(e["author"] for e in mei_session.events if e.get("author") != "user")
    events = list(mei_session.events)
    events[1:1] = _identify(author, "x-1", "Mei", "Martin", "32124", MEI)
    verdicts = verdicts_of(ORDERS_METRICS, RecordedSession("s", "orders", "web", events, {}))
    assert {v.verdict.scenario_id for v in verdicts} == {f"customer:{MEI}"}


# --- an eval-view export whose rows of one session are scattered ---------------------------


def _turn_rows(adk: list[tuple[str, list[Event]]]) -> list[dict[str, Any]]:
    """The turn-view rows of the dining sessions, ordered by session then turn."""
    return [
        {
            "session_id": session_id,
            "user_id": "organiser",
            "root_agent": "dining",
            "eval_ready": True,
            "turn_index": turn["turn_index"],
            "trace": {"agents": {}, "turns": [turn]},
        }
        for session_id, events in adk
        for turn in _turns(events)
    ]


def _export(tmp_path: Path, rows: list[dict[str, Any]], name: str = "v.jsonl") -> str:
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return str(path)


def _verdicts(location: str) -> list[SessionVerdict]:
    found = []
    for session in eval_view_sessions(location, ReadOptions()):
        assert isinstance(session, RecordedSession)
        found += verdicts_of(DINING_METRICS[:1], session)
    return found


def test_a_session_whose_last_turn_comes_apart_from_its_first_is_read_once_and_fails(
    adk_runs: list[tuple[str, list[Event]]], tmp_path: Path
) -> None:
    rows = _turn_rows(adk_runs)
    first, second = rows[2], rows[3]  # careful on gluten-free-vegan, which passes whole
    assert first["session_id"] == second["session_id"] == "careful-gluten-free-vegan"
    ordered = _verdicts(_export(tmp_path, rows))
    assert [v.passed for v in ordered if v.session.session_id == first["session_id"]] == [True]
    # Its second turn alone names the group and holds the plan: it passed as a session of its own.
    scattered = [first, *rows[4:6], second]
    verdicts = _verdicts(_export(tmp_path, scattered, "scattered.jsonl"))
    assert [v.session.session_id for v in verdicts] == [first["session_id"], rows[4]["session_id"]]
    assert problem_codes(verdicts[:1]) == {(False, ROWS_NOT_CONSECUTIVE)}


@settings(meta_settings("ci"), max_examples=12)
@given(data=st.data())
def test_any_row_order_reads_each_session_once_and_never_makes_a_pass(
    adk_runs: list[tuple[str, list[Event]]], tmp_path_factory: pytest.TempPathFactory, data: Any
) -> None:
    rows = _turn_rows(adk_runs)
    whole = {
        v.session.session_id: v.passed
        for v in _verdicts(_export(tmp_path_factory.mktemp("o"), rows))
    }
    shuffled = data.draw(st.permutations(rows))
    verdicts = _verdicts(_export(tmp_path_factory.mktemp("s"), shuffled))
    first_seen = list(dict.fromkeys(row["session_id"] for row in shuffled))
    assert [v.session.session_id for v in verdicts] == first_seen  # each once, in order
    for verdict in verdicts:
        assert not verdict.passed or whole[verdict.session.session_id]


def test_a_turn_exported_twice_fails_its_session(
    adk_runs: list[tuple[str, list[Event]]], tmp_path: Path
) -> None:
    rows = _turn_rows(adk_runs)
    doubled = [rows[2], rows[3], rows[3]]
    verdicts = _verdicts(_export(tmp_path, doubled))
    assert len(verdicts) == 1
    assert problem_codes(verdicts) == {(False, "unreadable_instance")}
    assert "turn_index 1 more than once" in verdicts[0].verdict.problems[0].message


# --- a line no JSON reader can hold --------------------------------------------------------


@pytest.mark.parametrize("kind", ["tau-bench", "bq-eval-view"])
def test_a_5000_digit_number_is_one_dead_letter_not_the_end_of_the_run(
    kind: str, tmp_path: Path
) -> None:
    path = tmp_path / "runs.jsonl"
    huge = "1" * 5000
    path.write_text(
        f'{{"task_id": 1, "session_id": "a", "n": {huge}}}\n{{"task_id": 2, "session_id": "b"}}\n'
    )
    read = list(open_sessions(f"{kind}:{path}", ReadOptions()))
    assert [type(r) for r in read] == [DeadLetter, RecordedSession]
    assert isinstance(read[0], DeadLetter) and "5000 digits" in read[0].reason


LINE_TEXT = st.text(
    alphabet=st.sampled_from([*'0123456789{}[]":,.-eE \\ud800naNIfity', "\x00", "\ud800"]),
    max_size=60,
)


@settings(meta_settings("ci"), max_examples=200)
@given(lines=st.lists(st.one_of(LINE_TEXT, st.just("1" * 4400), st.just("[" * 5000)), max_size=5))
def test_any_line_is_read_or_a_bad_line_never_an_exception(
    lines: list[str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("lines") / "x.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
    read = list(json_lines(path))
    written = [line for line in "\n".join(lines).split("\n") if line.strip()]
    assert len(read) == len(written)
    for line, (_, item) in zip(written, read, strict=True):
        try:
            json.loads(line)
        except (ValueError, RecursionError):
            assert isinstance(item, BadLine)


# --- an ADK session store with one corrupt row ---------------------------------------------


@pytest.fixture(scope="module")
def adk_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An ADK SQLite session store holding two real dining sessions."""
    path = tmp_path_factory.mktemp("store") / "sessions.db"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHECKERS_OFFLINE", "1")
        for number, run in enumerate([("careful", "story-six", 6, "19:30")] * 2):
            asyncio.run(store_run(f"sqlite+aiosqlite:///{path}", *run, f"s{number}"))
    return path


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        ("{not json", ["dead letter", "judged"]),
        ('{"scenario": ["gluten-free-vegan"]}', [UNREADABLE_STATE_SCENARIO, "judged"]),
    ],
    ids=["state-not-json", "state-scenario-a-list"],
)
def test_one_corrupt_session_row_fails_alone(
    adk_store: Path, tmp_path: Path, state: str, expected: list[str]
) -> None:
    """Before, a state that is not JSON made ADK's list_sessions fail, and the whole store was
    unread (exit 2, every session lost); a state naming its scenario as a list was judged in
    the group the agent looked up."""
    corrupt = tmp_path / "corrupt.db"
    shutil.copy(adk_store, corrupt)
    with sqlite3.connect(corrupt) as db:
        db.execute("UPDATE sessions SET state = ? WHERE id = 's0'", (state,))
    found = []
    for session in sessions_in(f"sqlite:///{corrupt}", "dining"):
        if isinstance(session, DeadLetter):
            assert "Invalid JSON in session state" in session.reason
            found.append("dead letter")
            continue
        verdicts = verdicts_of(DINING_METRICS[:1], session)
        codes = [p.code for p in verdicts[0].verdict.problems]
        found.append(codes[0] if codes else "judged")
    assert found == expected


# --- a lone surrogate in a session's id, app or user ---------------------------------------


@settings(meta_settings("ci"), max_examples=8, deadline=None)
@given(
    ids=st.lists(
        st.text(alphabet=st.sampled_from(["\ud800", "\udfff", "a", "é", "\x00", "/"]), min_size=1),
        min_size=1,
        max_size=3,
        unique_by=lambda text: text.replace("\udfff", "\ud800"),  # distinct once written
    ),
    user=st.sampled_from(["organiser", "u\ud800"]),
)
def test_a_lone_surrogate_in_an_id_is_written_never_the_end_of_the_run(
    dining_session: RecordedSession,
    tmp_path_factory: pytest.TempPathFactory,
    ids: list[str],
    user: str,
) -> None:
    """Before, ``"session_id": "s-\\ud800"`` made the JSONL sink (and the table) raise on
    writing: a traceback, and every verdict of the run lost."""
    base = tmp_path_factory.mktemp("surrogates")
    sessions = base / "sessions.jsonl"
    rows = [
        {
            "session_id": i,
            "app_name": "dining",
            "user_id": user,
            "events": list(dining_session.events),
        }
        for i in ids
    ]
    sessions.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = base / "verdicts.jsonl"
    code = main(
        [
            *("score", "dining", "--sessions", f"jsonl:{sessions}", "--metric", "everyone_ate"),
            *("--out", str(out), "--table", f"sqlite:///{base / 'verdicts.db'}"),
        ]
    )
    assert code == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [line["passed"] for line in lines] == [True] * len(ids)
    with sqlite3.connect(base / "verdicts.db") as db:
        stored = db.execute("SELECT COUNT(DISTINCT session_id) FROM checkers_verdicts").fetchone()
    assert stored == (len(ids),)


# --- two sessions under one id -------------------------------------------------------------

RUNS = RUNS_FILE  # the 50 recorded gpt-4o airline runs, bundled with the domain


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_run_recorded_twice_is_judged_once_and_its_repeat_is_a_dead_letter(
    tmp_path: Path, workers: str
) -> None:
    """Two files of runs concatenated (the same task and trial twice): before, both were judged
    under one session id, and the table kept one of them, so sessions in != rows out."""
    first = RUNS.read_text(encoding="utf-8").splitlines()[0]
    runs = tmp_path / "runs.jsonl"
    runs.write_text(f"{first}\n{first}\n", encoding="utf-8")
    out = tmp_path / "verdicts.jsonl"
    code = main(
        [
            *("score", "airline", "--sessions", f"tau-bench:{runs}", "--metric", "task_success"),
            *("--out", str(out), "--table", f"sqlite:///{tmp_path / 'v.db'}"),
            *("--workers", workers),
        ]
    )
    assert code == 1  # a dead letter
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1
    (letter,) = [
        json.loads(line)
        for line in (tmp_path / "verdicts.jsonl.dead-letters.jsonl").read_text().splitlines()
    ]
    assert "has the same app, user and session id" in letter["reason"]
