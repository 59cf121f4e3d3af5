"""Airline ``task_success``: known answers for ``outcome`` and ``conveyed`` with their reason
codes, reading tau-bench's recorded runs, and agreement with tau-bench's official reward on the
118 dev mutation triples and the 50 real recorded gpt-4o runs (labelled exceptions aside)."""

from __future__ import annotations

import io
import json
from hashlib import sha256
from pathlib import Path
from typing import Any

import pytest

from checkers.cli import run_batch
from checkers.data import read_jsonl
from checkers.errors import ConfigError
from checkers.meta.known import case_transcript, compare_with_expected, load_cases
from checkers.results import Outcome, Verdict
from domains.airline.checks import REASONS
from domains.airline.data_files import RUNS_FILE, TRIPLES_FILE, bundled_database, tau_tasks
from domains.airline.metrics import METRICS, TASK_SUCCESS
from domains.airline.models import Action, Database
from domains.airline.scenarios import AIRLINE, LABELS, task_label
from domains.airline.service import WRITES, final_database

# Meta-tests: `checkers mutate` runs them against mutants of the code they reach.
pytestmark = pytest.mark.checkers_meta

CANCEL_Z7GOZK = {"name": "cancel_reservation", "kwargs": {"reservation_id": "Z7GOZK"}}
"""Task 1's one gold action."""


def judge(scenario: str, answer: Any) -> Verdict:
    transcript = AIRLINE.parse_answer(answer if isinstance(answer, str) else json.dumps(answer))
    return TASK_SUCCESS.judge(AIRLINE.load_scenario(scenario), transcript, 1.0)


def codes(verdict: Verdict) -> dict[str, tuple[Outcome, str]]:
    return {
        s.subject_id: (s.results[0].outcome, s.results[0].reason_code) for s in verdict.subjects
    }


def reason(verdict: Verdict, kind: str) -> str:
    return next(s.results[0].reason for s in verdict.subjects if s.subject_id == kind)


def respond(text: str) -> dict[str, Any]:
    return {"name": "respond", "kwargs": {"content": text}}


def test_the_metric_is_a_conversation_metric_of_requirements_passing_only_at_one() -> None:
    assert list(METRICS) == ["task_success", "policy_compliance", "no_fabrication"]
    assert (TASK_SUCCESS.scope, TASK_SUCCESS.aggregation.value) == ("conversation", "requirements")
    assert TASK_SUCCESS.default_threshold == 1.0
    tasks = [f"task-{n}" for n in range(50)]
    assert AIRLINE.scenario_ids() == [*tasks, "svc-flight-search-outage"]


# --- outcome ------------------------------------------------------------------------------------


def test_the_gold_actions_leave_the_expected_database() -> None:
    verdict = judge("task-1", [CANCEL_Z7GOZK, respond("Reservation Z7GOZK is cancelled.")])
    assert verdict.passed and verdict.score == 1.0
    assert codes(verdict) == {
        "outcome": (Outcome.PASS, "same_database"),
        "conveyed": (Outcome.PASS, "nothing_to_convey"),
    }
    assert reason(verdict, "outcome") == (
        "the database after cancel_reservation is the one the expected writes "
        "(cancel_reservation) would leave"
    )


def test_a_read_only_task_passes_when_nothing_is_written() -> None:
    assert not any(a.name in WRITES for a in tau_tasks()[12].actions)
    verdict = judge("task-12", [respond("I cannot change that reservation.")])
    assert codes(verdict)["outcome"] == (Outcome.PASS, "same_database")
    assert "with nothing written" in reason(verdict, "outcome")


def test_a_missing_write_fails_naming_the_record_and_field() -> None:
    verdict = judge("task-1", [respond("Done.")])
    assert not verdict.passed and verdict.score == 0.5
    assert codes(verdict)["outcome"] == (Outcome.FAIL, "database_differs")
    assert reason(verdict, "outcome").startswith(
        "1 record differs from what the expected writes (cancel_reservation) would leave: "
        "reservation Z7GOZK: payment_history is ["
    )
    assert 'status is unset, expected "cancelled"' in reason(verdict, "outcome")


def test_a_booking_not_made_names_the_missing_reservation() -> None:
    verdict = judge("task-0", [respond("Booked!")])
    assert codes(verdict)["outcome"] == (Outcome.FAIL, "database_differs")
    assert "reservation HATHAT is missing, expected {" in reason(verdict, "outcome")


def test_a_write_without_a_recorded_response_is_incomplete() -> None:
    turns = {
        "turns": [
            {
                "user": "Cancel Z7GOZK please.",
                "calls": [
                    {
                        "name": "get_reservation_details",
                        "args": {"reservation_id": "Z7GOZK"},
                        "response": {"result": {"reservation_id": "Z7GOZK"}},
                    },
                    {"name": "cancel_reservation", "args": {"reservation_id": "Z7GOZK"}},
                ],
                "agent": "Cancelled.",
            }
        ]
    }
    assert codes(judge("task-1", turns))["outcome"] == (
        Outcome.INCOMPLETE,
        "write_response_missing",
    )


def test_a_write_whose_response_reads_as_neither_is_incomplete() -> None:
    call = {
        "name": "cancel_reservation",
        "args": {"reservation_id": "Z7GOZK"},
        "response": {"ok": "maybe"},
    }
    turns = {"turns": [{"user": "Cancel it.", "calls": [call], "agent": "Cancelled."}]}
    verdict = judge("task-1", turns)
    assert codes(verdict)["outcome"] == (Outcome.INCOMPLETE, "write_outcome_unknown")
    assert 'ok="maybe" is neither true nor false' in reason(verdict, "outcome")


def test_an_agent_that_did_nothing_leaves_nothing_to_judge() -> None:
    verdict = judge("task-1", {"turns": [{"user": "Hello?", "calls": [], "agent": None}]})
    assert codes(verdict) == {
        "outcome": (Outcome.INCOMPLETE, "no_agent_turn"),
        "conveyed": (Outcome.INCOMPLETE, "no_agent_turn"),
    }


# --- conveyed -----------------------------------------------------------------------------------


def gold_2(text: str) -> list[dict[str, Any]]:
    """Task 2's gold writes, then the agent saying ``text``."""
    return [a.model_dump(mode="json") for a in tau_tasks()[2].actions] + [respond(text)]


def test_a_required_number_said_in_any_form_is_conveyed() -> None:
    verdict = judge("task-2", gold_2("You save $23,553.00 in all."))
    assert verdict.passed
    assert codes(verdict)["conveyed"] == (Outcome.PASS, "all_conveyed")


@pytest.mark.parametrize(
    ("said", "label"),
    [
        ("You save $235,530 in all.", "official_substring_match"),  # tau-bench finds 23553
        ("You save either $23,553 or $21,000.", "official_substring_match"),  # hedged
        ("You save a lot.", None),
    ],
)
def test_a_required_number_not_stated_by_value_is_not_conveyed(
    said: str, label: str | None
) -> None:
    verdict = judge("task-2", gold_2(said))
    assert codes(verdict)["conveyed"] == (Outcome.FAIL, "not_conveyed")
    assert reason(verdict, "conveyed").startswith("the agent never told the customer '23553'")
    assert task_label(AIRLINE.load_scenario("task-2"), [said]) == label


def test_calls_without_a_word_convey_nothing() -> None:
    actions = [a.model_dump(mode="json") for a in tau_tasks()[2].actions]
    assert codes(judge("task-2", actions))["conveyed"] == (Outcome.INCOMPLETE, "no_agent_message")


# --- recorded runs ------------------------------------------------------------------------------

RUNS = read_jsonl(RUNS_FILE)


def test_a_recorded_run_reads_as_the_customers_turns_with_the_agents_calls() -> None:
    item = AIRLINE.batch_item(RUNS[0])
    transcript = item.transcript
    traj = RUNS[0]["traj"]
    assert transcript.user_texts == tuple(m["content"] for m in traj if m["role"] == "user")
    assert [c.name for c in transcript.tool_calls] == [
        c["function"]["name"] for m in traj for c in m.get("tool_calls") or []
    ]
    assert len(transcript.tool_responses) == sum(m["role"] == "tool" for m in traj)
    # text beside a tool call never reached the customer: tau-bench's agent acts on the call
    beside = traj[6]
    assert beside["tool_calls"] and beside["content"]
    replies = [t.agent_text for t in transcript.turns if t.agent_text]
    assert beside["content"] not in replies
    assert (item.fields, item.reference_passed, item.label) == (
        {"task_id": 0, "trial": 1},
        False,
        None,
    )


@pytest.mark.parametrize(
    "row",
    [
        {"task_id": 1, "reward": 1.0, "traj": "no messages"},
        {"task_id": 1, "reward": 1.0, "traj": [{"role": "robot", "content": "hi"}]},
        {"task_id": 1, "reward": 1.0, "traj": [{"role": "assistant", "tool_calls": [{}]}]},
        {"task_id": 1, "reward": 1.0, "traj": [{"role": "assistant", "tool_calls": 5}]},
        {"task_id": 1, "reward": 1.0, "traj": [{"role": "user", "content": ["hi"]}]},
        {"task_id": 1, "reward": "high", "traj": []},
        {"reward": 1.0, "traj": []},
    ],
)
def test_an_unreadable_run_is_a_config_error(row: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        AIRLINE.batch_item(row)


def _province_hash(db: Database) -> str:
    """tau-bench's hash of ``db`` with each user's address ``state`` named ``province``."""

    def hashable(item: Any) -> Any:
        if isinstance(item, dict):
            return tuple((key, hashable(value)) for key, value in sorted(item.items()))
        if isinstance(item, list):
            return tuple(hashable(element) for element in item)
        return item

    raw = db.as_json()
    for user in raw["users"].values():
        user["address"]["province"] = user["address"].pop("state")
    return sha256(str(hashable(raw)).encode("utf-8")).hexdigest()


def test_the_runs_were_recorded_on_the_bundled_database_with_state_named_province() -> None:
    # Measured: the expected database tau-bench hashed for each run is the bundled one after the
    # task's gold actions, except that every user's address names its region "province" (an
    # earlier tau-bench data file) where the bundled one says "state". No tool writes an address,
    # so both sides of the outcome comparison are replayed on the bundled database alike.
    judged = [
        r for r in RUNS if "gt_data_hash" in ((r["info"]["reward_info"] or {}).get("info") or {})
    ]
    assert len(judged) == 44
    for run in judged:
        gold = final_database(
            bundled_database(), [Action.model_validate(a) for a in run["info"]["task"]["actions"]]
        )
        assert _province_hash(gold) == run["info"]["reward_info"]["info"]["gt_data_hash"]


# --- agreement with the official reward ---------------------------------------------------------


def batch(path: Any) -> tuple[Any, list[dict[str, Any]]]:
    out = io.StringIO()
    with open(path, encoding="utf-8") as source:
        tally = run_batch(TASK_SUCCESS, source, out, 1.0)
    return tally, [json.loads(line) for line in out.getvalue().splitlines()]


def test_task_success_agrees_with_tau_bench_on_every_dev_triple() -> None:
    tally, _ = batch(TRIPLES_FILE)
    assert (tally.compared, tally.agreed, tally.errors) == (118, 118, 0)
    assert (tally.passed, tally.failed) == (84, 34)
    assert tally.disagreements == [] and not tally.labels


def test_task_success_agrees_with_tau_bench_on_every_dev_run() -> None:
    tally, lines = batch(RUNS_FILE)
    assert (tally.compared, tally.agreed, tally.errors) == (50, 50, 0)
    assert (tally.passed, tally.failed) == (17, 33)
    assert tally.disagreements == []
    # tau-bench gave two runs 0.0 without judging them: they hit its step limit
    unfinished = [(line["task_id"], line["trial"]) for line in lines if line.get("label")]
    assert dict(tally.labels) == {"run_not_finished": 2} and unfinished == [(2, 1), (9, 2)]
    assert all(
        (run["info"]["reward_info"] is None) == ((run["task_id"], run["trial"]) in unfinished)
        for run in RUNS
    )
    assert set(tally.labels) <= set(LABELS)


# --- known answers ------------------------------------------------------------------------------

KNOWN = load_cases(Path(__file__).parents[1] / "domains/airline/known_answers.json")


@pytest.mark.parametrize("case", KNOWN, ids=lambda c: c["id"])
def test_a_known_answer_gets_the_verdict_a_person_worked_out(case: dict[str, Any]) -> None:
    metric = METRICS[case["metric"]]
    scenario = AIRLINE.load_scenario(case["scenario"])
    verdict = metric.judge(scenario, case_transcript(case), metric.default_threshold)
    compare_with_expected(case, verdict)


def test_the_known_answers_show_every_outcome_each_kind_can_give() -> None:
    """Pass, fail and incomplete for every kind, and unscored for every kind whose check can
    give it (identified_first and no_fabrication can always be judged from the conversation)."""
    seen: dict[str, set[str]] = {}
    for case in KNOWN:
        for item in case["expected"]["checked"]:
            seen.setdefault(item["kind"], set()).add(item["outcome"])
    unscored = {
        kind
        for kind, said in REASONS.items()
        if any(d.startswith("unscored") for d in said.values())
    }
    unscored |= {"outcome", "conveyed"}  # unreferenced in a recorded session's scenario
    for kind in REASONS:
        wanted = {"pass", "fail", "incomplete"} | ({"unscored"} if kind in unscored else set())
        assert seen.get(kind) == wanted, kind
