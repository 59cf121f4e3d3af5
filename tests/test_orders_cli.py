"""``checkers check orders``: tau-bench trajectories as answers, mutation triples as batch lines,
agreement with the official verdict, and the README's tables kept current."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from checkers.cli import main
from checkers.data import read_jsonl
from domains.orders.data_files import TRIPLES_FILE
from domains.orders.report import END, README, START, judge_triples, report

SHARED_TRIPLES = (
    Path(__file__).parents[1].parent / "shared/data/tau_bench/retail/mutation_triples_dev.jsonl"
)
GOLD_TASK_0 = [
    {
        "name": "find_user_id_by_name_zip",
        "kwargs": {"first_name": "Yusuf", "last_name": "Rossi", "zip": "19122"},
    },
    {"name": "get_order_details", "kwargs": {"order_id": "#W2378156"}},
    {
        "name": "exchange_delivered_order_items",
        "kwargs": {
            "order_id": "#W2378156",
            "item_ids": ["1151293680", "4983901480"],
            "new_item_ids": ["7706410293", "7747408585"],
            "payment_method_id": "credit_card_9513926",
        },
    },
    {"name": "respond", "kwargs": {"content": "Your exchange for order #W2378156 is requested."}},
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_batch_agrees_with_the_official_reward_on_every_dev_triple(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "check", "orders", "--batch", str(TRIPLES_FILE))
    assert code == 0
    assert "judged 360: 232 passed, 128 failed; 0 unusable lines" in err
    assert "agreement with the reference verdict: 360/360 lines" in err
    assert "UNEXPLAINED" not in err
    assert "labelled lines: gold_write_rejected x14" in err
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 360 and all(line["agrees"] for line in lines)
    first = lines[0]
    assert (first["task_id"], first["mutation"], first["metric"]) == (0, "gold", "task_success")
    assert [s["name"] for s in first["subjects"]] == ["outcome", "conveyed"]


@pytest.mark.skipif(
    not SHARED_TRIPLES.is_file(), reason="the shared data folder is not beside the project"
)
def test_the_bundled_triples_are_the_shared_ones() -> None:
    assert TRIPLES_FILE.read_bytes() == SHARED_TRIPLES.read_bytes()


def test_the_readme_holds_the_current_report() -> None:
    section = report(judge_triples(read_jsonl(TRIPLES_FILE)))
    readme = README.read_text(encoding="utf-8")
    assert f"{START}\n{section}\n{END}" in readme, "run: python -m domains.orders.report --write"


def test_a_trajectory_answer_is_judged(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    answer = tmp_path / "trajectory.json"
    answer.write_text(json.dumps(GOLD_TASK_0), encoding="utf-8")
    code, out, _ = run(
        capsys, "check", "orders", "--scenario", "task-0", "--answer", str(answer), "--json"
    )
    verdict = json.loads(out)
    assert (code, verdict["passed"], verdict["score"]) == (0, True, 1.0)
    code, out, _ = run(
        capsys,
        "check",
        "orders",
        "--metric",
        "policy_compliance",
        "--scenario",
        "task-0",
        "--answer",
        json.dumps(GOLD_TASK_0[2:]),
    )
    assert code == 0
    # No customer messages: confirmation is unscored, counted as not met (1 of 4 met), and named.
    assert "policy_compliance = 0.25 (1/4 requirements met) threshold 1: FAILED" in out
    assert "write_before_identification" in out and "status_not_checked" in out
    assert (
        "unscored (the evaluator could not decide): confirmed before writing [no_user_turns]" in out
    )


def test_a_plain_text_answer_is_the_agents_only_message(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(
        capsys,
        "check",
        "orders",
        "--metric",
        "no_fabrication",
        "--scenario",
        "cs-order-status",
        "--answer",
        "Your order #W3288665 was delivered yesterday.",
        "--json",
    )
    verdict = json.loads(out)
    [subject] = verdict["subjects"]
    result = subject["results"][0]
    assert result["reason_code"] == "unsupported_order_id"  # no customer message gave the id
    assert "(and 1 more unsupported statement)" in result["reason"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--scenario", "task-999", "--answer", "hi"],
            "scenario 'task-999' not found; known ids: cs-order-status",
        ),
        (
            ["--scenario", "task-0", "--answer", '[{"name": '],
            "the answer looks like JSON but does not parse",
        ),
        (
            ["--scenario", "task-0", "--answer", '[{"kwargs": {}}]'],
            "action 1 of the trajectory is not {'name': ..., 'kwargs': {...}}",
        ),
        (
            ["--scenario", "task-0", "--answer", '{"actions": [], "observations": ["x"]}'],
            "the trajectory has 0 actions but 1 observations",
        ),
    ],
)
def test_unusable_input_is_a_usage_error_that_says_how_to_fix_it(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, "check", "orders", *argv)
    assert code == 2
    assert message in err


def test_batch_lines_that_cannot_be_judged_get_an_error_object(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    triple = read_jsonl(TRIPLES_FILE)[0]
    batch = tmp_path / "batch.jsonl"
    batch.write_text(
        "\n".join(
            [
                json.dumps(triple),
                "not json",
                json.dumps({"task_id": 1, "candidate": {"actions": []}}),
                json.dumps(
                    {
                        "id": "plain",
                        "scenario": "cs-refund-policy",
                        "answer": "Refunds go to a gift card in 5 to 7 business days.",
                    }
                ),
            ]
        ),
        encoding="utf-8",
    )
    code, out, err = run(capsys, "check", "orders", "--batch", str(batch))
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert rows[0]["agrees"] is True
    assert rows[1] == {"line": 2, "error": "line is not JSON (Expecting value at column 1)"}
    assert "a mutation triple needs" in rows[2]["error"]
    assert rows[3]["id"] == "plain" and rows[3]["passed"] is True and "agrees" not in rows[3]
    assert "judged 2: 2 passed, 0 failed; 2 unusable lines" in err
    assert "agreement with the reference verdict: 1/1 lines" in err


def test_dining_batch_lines_still_read_the_default_way(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    batch = tmp_path / "dining.jsonl"
    rows = [
        {"id": "a", "scenario": "story-six", "answer": '{"restaurant": "r19", "time": "19:00"}'},
        {"id": "b", "scenario": "story-six", "answer": 7},
    ]
    batch.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    code, out, err = run(capsys, "check", "dining", "--batch", str(batch))
    first, second = (json.loads(line) for line in out.splitlines())
    assert (code, first["passed"]) == (2, True)
    assert second["error"] == '"answer" must be the agent\'s final text (a string) or null'
    assert "agreement" not in err


def test_other_metrics_print_the_official_reward_but_do_not_count_agreement(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    batch = tmp_path / "two.jsonl"
    batch.write_text(
        "\n".join(json.dumps(row) for row in read_jsonl(TRIPLES_FILE)[:2]), encoding="utf-8"
    )
    code, out, err = run(
        capsys, "check", "orders", "--metric", "policy_compliance", "--batch", str(batch)
    )
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and "agreement" not in err
    assert [r["reference_passed"] for r in rows] == [True, False]
    assert all("agrees" not in r for r in rows)


def test_a_batch_counts_the_failures_that_turn_on_unscored_results(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Triples hold no customer messages: confirmation is unscored on every line, so none passes;
    # the summary says how many would pass were it met.
    code, _, err = run(
        capsys, "check", "orders", "--metric", "policy_compliance", "--batch", str(TRIPLES_FILE)
    )
    assert code == 0
    assert (
        "judged 360: 0 passed, 360 failed (218 of them only for results the evaluator could not "
        "decide); 0 unusable lines"
    ) in err


def test_every_reason_is_the_same_in_every_process() -> None:
    # Python salts string hashes per process, so a set of strings iterates in a different order
    # in each: a reason built from one without sorting would change from run to run.
    def batch(seed: str) -> str:
        command = [sys.executable, "-m", "checkers.cli", "check", "orders"]
        command += ["--batch", str(TRIPLES_FILE)]
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        assert done.stdout, done.stderr
        return done.stdout

    first, second = batch("1"), batch("2")
    assert first == second
    assert "not_conveyed" in first and "policy" in first
