"""``checkers score`` on generated ADK traffic, from SQLite and from PostgreSQL.

``checkers generate sessions`` plays the demo agents of three domains (careful and flawed) through
ADK's Runner into ADK's ``DatabaseSessionService``: once into an SQLite file and once, with the
same seed, into a PostgreSQL server (:mod:`tests.postgres_server`: the server ``.ci/run`` starts,
or a throwaway cluster; skipped without PostgreSQL, a failure in CI). The verdicts must be the
same from both stores, and the same as ``checkers check`` gives the same answers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from hypothesis import given
from hypothesis import strategies as st

from checkers.adk.session_store import sessions_in
from checkers.adk.traffic import Script, domain_eval_sets, plan, scripts_of
from checkers.cli import main
from checkers.errors import ConfigError
from checkers.registry import find_plugin
from checkers.score_table import KEY, TableSink, sync_url
from checkers.sessions import RecordedSession, session_turns
from checkers.transcript import Turn
from tests.postgres_server import URL_VARIABLE, fresh_database, server_url

pytestmark = pytest.mark.filterwarnings("ignore:\\[EXPERIMENTAL\\]:UserWarning")

TRAFFIC = {"dining": 6, "orders": 6, "scheduling": 4}
"""Sessions generated per domain (its app name is the domain's): a few dozen in all."""
SEED = 7
FINAL_TEXT_METRICS = {
    "dining": ("everyone_ate", "everyone_ate_or_says_infeasible"),
    "scheduling": ("everyone_can_attend",),
}
"""Metrics that judge the final text alone: ``checkers check`` is given the session's last reply.
Every other metric reads tool calls; orders' are given the whole conversation as JSON."""
BOOKED_ANOTHER = "committed_plan_differs"
"""The problem a dining session has when its tool calls booked another plan than its reply
names."""


def generate(db_url: str) -> None:
    for domain, count in TRAFFIC.items():
        code = main(
            [
                *("generate", "sessions", domain, "--db", db_url),
                *("--count", str(count), "--seed", str(SEED)),
            ]
        )
        assert code == 0


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """A PostgreSQL server's URL (see tests.postgres_server)."""
    yield from server_url()


@pytest.fixture(scope="module")
def stores(postgres: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The same generated traffic in an SQLite file and in a PostgreSQL database, by name."""
    sqlite = f"sqlite:///{tmp_path_factory.mktemp('traffic') / 'sessions.db'}"
    with fresh_database(postgres) as database:
        generate(sqlite)
        generate(database)
        yield {"sqlite": sqlite, "postgresql": database}


def score(
    tmp_path: Path, db_url: str, domain: str, *extra: str
) -> tuple[int, list[dict[str, Any]]]:
    out = tmp_path / f"{domain}.jsonl"
    code = main(
        [
            *("score", domain, "--sessions", db_url, "--app", domain, "--out", str(out)),
            *extra,
        ]
    )
    return code, [json.loads(line) for line in out.read_text().splitlines()]


def table_rows(db_url: str) -> list[tuple[Any, ...]]:
    """The verdict table, sorted by its key, read through its typed columns (SQLite keeps a
    boolean as 0 or 1)."""
    sink = TableSink(db_url)
    try:
        with sink.engine.connect() as connection:
            query = sa.select(sink.rows).order_by(*(sink.rows.c[k] for k in KEY))
            return [tuple(row) for row in connection.execute(query)]
    finally:
        sink.close()


def same_but_argument_order(one: str, other: str) -> bool:
    """Whether two reasons are equal, or differ only in the order of a call's arguments: ADK
    stores events on PostgreSQL as JSONB, which keeps an object's keys in an order of its own
    (shorter keys first), so a call read back from PostgreSQL lists its arguments so."""
    return one == other or ("(" in one and sorted(one) == sorted(other))


def conversation(turns: list[Turn]) -> str:
    """The turns as the conversation JSON ``checkers check`` reads (``{"turns": [...]}``)."""
    written = []
    for turn in turns:
        responses = turn.pairing[0]
        calls = [
            {"name": call.name, "args": call.args}
            | ({} if response is None else {"response": response.response})
            for call, response in zip(turn.tool_calls, responses, strict=True)
        ]
        written.append({"user": turn.user_text, "calls": calls, "agent": turn.agent_text})
    return json.dumps({"turns": written})


def problem_codes(verdict: dict[str, Any]) -> set[str]:
    return {problem["code"] for problem in verdict["problems"]}


def checked_answer(domain: str, metric: str, session: RecordedSession) -> str | None:
    """What ``checkers check`` is given for ``session``: its last reply, or for a metric that
    reads tool calls, the whole conversation (None: no such form for this metric)."""
    turns = session_turns(session.events)
    if metric in FINAL_TEXT_METRICS.get(domain, ()):
        return turns[-1].agent_text
    return conversation(turns) if domain == "orders" else None


def test_the_plan_is_seeded_and_draws_every_agent_and_script() -> None:
    scripts = scripts_of(domain_eval_sets("orders"))
    agents = find_plugin("orders").agent_packages()
    first = list(plan(scripts, agents, 60, seed=3))
    assert first == list(plan(scripts, agents, 60, seed=3))
    assert first != list(plan(scripts, agents, 60, seed=4))
    assert (
        {p.agent for p in first}
        == set(agents)
        == {
            "domains.orders.agents.careful",
            "domains.orders.agents.flawed",
        }
    )
    assert {p.script.case_id for p in first} == {s.case_id for s in scripts}
    # tau-bench cases are played by ADK's user simulation: no fixed turns to replay.
    assert not any(s.case_id.startswith("task-") for s in scripts)
    assert {s.scenario_id for s in scripts} >= {"cs-order-status", "cs-that-order"}


@given(st.integers(0, 40), st.integers(0, 2**32))
def test_planned_session_ids_are_unique_and_name_their_seed(count: int, seed: int) -> None:
    scripts = [Script("c", "s", ("hi",))]
    planned = list(plan(scripts, ["pkg.careful", "pkg.flawed"], count, seed))
    assert len(planned) == count == len({p.session_id for p in planned})
    assert all(p.session_id.startswith(f"gen-{seed}-") for p in planned)


def test_a_session_already_there_an_unknown_agent_or_no_server_is_refused(
    stores: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    again = ["generate", "sessions", "scheduling", "--db", stores["sqlite"], "--seed", str(SEED)]
    assert main([*again, "--count", "1"]) == 2
    err = capsys.readouterr().err
    assert "session 'gen-7-0000000-" in err and "' is already in 'sqlite:///" in err
    assert main(["generate", "sessions", "scheduling", "--db", "sqlite://", "--agent", "x"]) == 2
    assert "no agent x; the domain's agents: first_slot, solver" in capsys.readouterr().err
    nobody = "postgresql://postgres@127.0.0.1:1/nowhere"
    assert main(["generate", "sessions", "scheduling", "--db", nobody, "--count", "1"]) == 2
    assert f"cannot write sessions to '{nobody}': ConnectionRefusedError" in (
        capsys.readouterr().err
    )


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_generated_sessions_are_judged_as_checkers_check_judges_their_answers(
    store: str, stores: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_url = stores[store]
    for domain, count in TRAFFIC.items():
        code, verdicts = score(tmp_path, db_url, domain)
        assert code == 0
        assert f"sessions read: {count} = judged {count} + dead letters 0" in (
            capsys.readouterr().err
        )
        sessions = {
            s.session_id: s for s in sessions_in(db_url, domain) if isinstance(s, RecordedSession)
        }
        assert len(sessions) == count
        # A mix: more than one agent answered, and some verdicts pass while others fail.
        assert len({sid.rpartition("-")[2] for sid in sessions}) > 1, domain
        assert {v["passed"] for v in verdicts} == {True, False}, domain
        compared = caught = 0
        for judged in verdicts:
            answer = checked_answer(domain, judged["metric"], sessions[judged["session_id"]])
            if answer is None:
                continue
            main(
                [
                    *("check", domain, "--scenario", judged["scenario_id"]),
                    *("--metric", judged["metric"], "--answer", answer, "--json"),
                ]
            )
            printed = json.loads(capsys.readouterr().out)
            where = (judged["session_id"], judged["metric"])
            if BOOKED_ANOTHER in problem_codes(judged["verdict"]):
                # The session shows a booking its reply does not name (books_another): the
                # reply alone cannot show that; the session fails, whatever the reply says.
                assert BOOKED_ANOTHER not in problem_codes(printed), where
                assert (judged["passed"], judged["score"]) == (False, 0.0), where
                caught += 1
                continue
            assert printed["passed"] == judged["passed"], where
            assert printed["score"] == judged["score"], where
            assert printed["subjects"] == judged["verdict"]["subjects"], where
            compared += 1
        assert compared >= count, domain
        assert caught or domain != "dining", "no session of books_another was generated"


def test_both_stores_give_the_same_verdicts_and_a_rerun_changes_no_row(
    stores: dict[str, str], postgres: str, tmp_path: Path
) -> None:
    with fresh_database(postgres) as verdicts_db:
        by_store = {}
        for store, db_url in stores.items():
            table = verdicts_db if store == "postgresql" else f"sqlite:///{tmp_path / 'v.db'}"
            for domain in TRAFFIC:
                score(tmp_path, db_url, domain, "--table", table)
            by_store[store] = table_rows(table)
        first = by_store["postgresql"]
        reason = len(first[0]) - 1
        assert [row[:reason] for row in first] == [row[:reason] for row in by_store["sqlite"]]
        for row, twin in zip(first, by_store["sqlite"], strict=True):
            assert same_but_argument_order(row[reason], twin[reason]), (row, twin)
        assert len(first) > 100 and len({row[:7] for row in first}) == len(first)
        assert {row[0] for row in first} == set(TRAFFIC)
        for domain in TRAFFIC:
            score(tmp_path, stores["postgresql"], domain, "--table", verdicts_db)
        assert table_rows(verdicts_db) == first


def test_a_corrupt_session_in_postgres_is_a_dead_letter_and_nothing_is_lost(
    stores: dict[str, str], postgres: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A copy of the generated store, broken with SQL.
    with fresh_database(postgres, copy_of=stores["postgresql"]) as broken:
        engine = sa.create_engine(sync_url(broken))
        with engine.begin() as connection:
            victim = connection.execute(
                sa.text("SELECT id FROM sessions WHERE app_name = 'orders' ORDER BY id LIMIT 1")
            ).scalar_one()
            # Valid JSON, but no event ADK can load: a timestamp that is not a number.
            connection.execute(
                sa.text(
                    'UPDATE events SET event_data = \'{"timestamp": "noon"}\'::jsonb '
                    "WHERE session_id = :victim"
                ),
                {"victim": victim},
            )
        engine.dispose()
        code, verdicts = score(tmp_path, broken, "orders", "--table", broken)
        count = TRAFFIC["orders"]
        assert code == 1
        assert f"sessions read: {count} = judged {count - 1} + dead letters 1" in (
            capsys.readouterr().err
        )
        judged = {v["session_id"] for v in verdicts}
        assert victim not in judged and len(judged) == count - 1
        [letter] = [
            json.loads(line)
            for line in (tmp_path / "orders.jsonl.dead-letters.jsonl").read_text().splitlines()
        ]
        assert letter["session_id"] == victim and "ADK could not load" in letter["reason"]
        assert "timestamp" in letter["reason"]
        engine = sa.create_engine(sync_url(broken))
        with engine.connect() as connection:
            stored = connection.execute(
                sa.text("SELECT session_id, reason FROM checkers_verdicts_dead_letters")
            ).all()
        engine.dispose()
        assert [(sid, reason) for sid, reason in stored] == [(victim, letter["reason"])]


def test_the_verdict_table_url_gets_a_driver_the_project_installs() -> None:
    assert sync_url("postgresql://u@h:5/db") == "postgresql+psycopg://u@h:5/db"
    assert sync_url("postgres://h/db") == "postgresql+psycopg://h/db"
    assert sync_url("postgresql+pg8000://h/db") == "postgresql+pg8000://h/db"
    assert sync_url("sqlite:///v.db") == "sqlite:///v.db"


@pytest.mark.parametrize(
    ("ci", "outcome", "says"),
    [
        ("true", pytest.fail.Exception, "no PostgreSQL server in CI: .ci/run must install"),
        ("", pytest.skip.Exception, "no PostgreSQL (Debian: apt-get install postgresql"),
    ],
)
def test_without_postgres_the_tests_skip_except_in_ci(
    ci: str,
    outcome: type[BaseException],
    says: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(URL_VARIABLE, raising=False)
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match=re.escape(says)):
        next(server_url(root=tmp_path))


def test_without_eval_cases_to_replay_generation_says_what_to_give(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as missing:
        domain_eval_sets("dining", root=tmp_path)
    assert str(missing.value) == (
        f"no eval set of 'dining' in {tmp_path / 'dining'}; give them with --evalset "
        "(e.g. --evalset evalsets/dining/dining.evalset.json)"
    )
    empty = tmp_path / "empty.evalset.json"
    empty.write_text(json.dumps({"eval_set_id": "empty", "eval_cases": []}), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"no eval case with fixed user turns and one scenario"):
        scripts_of([empty])
