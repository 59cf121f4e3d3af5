"""Orders under the meta-test harness: registered, and a wrong orders check is caught.

The meta-tests themselves are collected by the plugin (``pytest --checkers-meta=orders``). Here:
``checkers meta orders`` finds the spec through its entry point, the spec's bounds, and three
plausible wrong checks, each swapped in for the real one while one generated meta-test runs
under the CI profile. Each must fail naming what went wrong, on the smallest case hypothesis
shrinks to: the first task where the bug shows, the fewest kinds in force, the answer bare.
"""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from checkers.cli import main
from checkers.meta.profiles import meta_settings
from checkers.meta.registry import load_spec, meta_domains
from checkers.meta.runner import failure_text, meta_checks
from checkers.meta.stats import MetaStats
from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from domains.orders import facts
from domains.orders.checks import OrdersContext, checks
from domains.orders.data_files import tau_tasks
from domains.orders.judge import context_for, requirements_for
from domains.orders.meta import meta_spec
from domains.orders.models import MentionsOrderId, Outcome, PolicyValid
from domains.orders.scenarios import parse_answer_text
from domains.orders.service import WRITES
from tests.orders_helpers import database_differences, expected_database

ORIGINAL = dict(checks._checks)


def failure_of(check_id: str) -> str:
    """Run one orders meta-test; return its failure text (failing the test if it held)."""
    [check] = [c for c in meta_checks(load_spec("orders")) if c.id == check_id]
    with pytest.raises(AssertionError) as caught:
        check.run(meta_settings("ci"), MetaStats())
    return failure_text(caught.value)


def test_checkers_meta_orders_finds_the_spec_through_its_entry_point(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "orders" in meta_domains()
    assert main(["meta", "orders", "--only", "coverage"]) == 0
    out = capsys.readouterr().out
    assert "checkers meta orders: 1-8 subjects per generated scenario" in out
    assert "ALL HELD: 1 held, 0 failed, 0 not applicable" in out


@pytest.mark.parametrize("sizes", [(1, 9), (1, 1), (3, 2), (0, 4)])
def test_kinds_in_force_are_bounded_by_the_eight_kinds(sizes: tuple[int, int]) -> None:
    with pytest.raises(ValueError) as caught:
        meta_spec(*sizes)
    assert str(caught.value) == (
        "orders judges 1 to 8 requirement kinds per scenario, and up to at least 2 (a rule "
        f"the answer breaks is shown beside another); got {sizes[0]}-{sizes[1]}; "
        "e.g. meta_spec(1, 8)"
    )


def test_the_subjects_option_reaches_the_spec() -> None:
    assert load_spec("orders", (2, 3)).subjects == (2, 3)


def test_an_outcome_check_that_compares_only_orders_is_caught_on_the_one_task_it_misses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def orders_only(req: Outcome, ctx: OrdersContext) -> RequirementResult:
        if ctx.conversation.empty:
            return ORIGINAL[Outcome](req, ctx)
        expected = expected_database(req.expected_actions, ctx.conversation.base)
        actual = ctx.conversation.final_db.model_copy(update={"users": expected.users})
        differences = database_differences(actual, expected)
        if differences:
            return RequirementResult.failed(
                "outcome", "database_differs", " | ".join(differences), requirement=req.as_json
            )
        return RequirementResult.passed("outcome", "same_database", "ok", requirement=req.as_json)

    monkeypatch.setitem(checks._checks, Outcome, orders_only)
    text = failure_of("generated[violation-outcome]")
    # The check misses exactly the tasks whose last write changes only the customer's address
    # (task-33 writes nothing else); leaving that write out must still fail the outcome.
    assert text.startswith(
        "score 1/1 = 1, but breaking exactly one requirement of one of 2 subjects must score "
        "exactly 1/2: the score is a share of subjects, not of requirements; case: outcome "
        "broken: Leave out the last write (the agent no longer says it is done); task-"
    )
    described = text.split("\n")[0]
    assert re.search(r"\(([a-z_]+ #W\d+, )*modify_user_address\); in force: ", described), text
    assert described.endswith(
        "got all_requirements scored 2/2 (passed=True); outcome (outcome): all pass; "
        "conveyed (conveyed): all pass"
    ), text
    assert "Failing test case: generated_violation_outcome(" in text


def test_a_policy_check_that_judges_only_accepted_writes_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def accepted_writes_only(req: PolicyValid, ctx: OrdersContext) -> RequirementResult:
        conversation = ctx.conversation
        kept = tuple(c for c in conversation.calls if c.ok or c.name not in WRITES)
        changed = dataclasses.replace(conversation, calls=kept)
        return ORIGINAL[PolicyValid](req, dataclasses.replace(ctx, conversation=changed))

    monkeypatch.setitem(checks._checks, PolicyValid, accepted_writes_only)
    text = failure_of("generated[violation-policy_valid]")
    assert text.startswith(
        "score 1/1 = 1, but breaking exactly one requirement of one of 2 subjects must score "
        "exactly 1/2: the score is a share of subjects, not of requirements; case: "
        "policy_valid broken: Also cancel, after looking it up, describing it and a yes, an "
        "order that is not pending (the service refuses it, so the database is unchanged); "
        "task-0 of yusuf_rossi_9620 (exchange_delivered_order_items #W2378156); "
        "in force: policy_valid, outcome;"
    )
    assert "| get_order_details | cancel_pending_order; got all_requirements scored 2/2" in text


def test_a_mentions_check_satisfied_by_any_order_id_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def any_order_will_do(req: MentionsOrderId, ctx: OrdersContext) -> RequirementResult:
        result = ORIGINAL[MentionsOrderId](req, ctx)
        said = [o for m in ctx.conversation.agent_messages for o in facts.order_ids(m.text)]
        if result.outcome is ResultOutcome.FAIL and said:
            return RequirementResult.passed(
                "mentions_order_id", "order_id_mentioned", "ok", requirement=req.as_json
            )
        return result

    monkeypatch.setitem(checks._checks, MentionsOrderId, any_order_will_do)
    text = failure_of("generated[violation-mentions_order_id]")
    # One kind in force: the task tightened by an order its conversation never names.
    assert text.startswith(
        "score 1/1 = 1, but breaking exactly one requirement of one of 1 subjects must score "
        "exactly 0/1: the score is a share of subjects, not of requirements; case: the task "
        "now also asks for #W1006327; task-0 of yusuf_rossi_9620 "
        "(exchange_delivered_order_items #W2378156); about orders ['#W2378156', '#W1006327']; "
        "in force: mentions_order_id;"
    )


def _results_for(answer: dict[str, object]) -> dict[str, RequirementResult]:
    task = tau_tasks()["task-10"]
    context = context_for(task, parse_answer_text(json.dumps(answer)))
    return {kind: checks.check(req, context) for kind, req in requirements_for(task).items()}


@pytest.mark.parametrize(
    ("turn", "outside"),
    [
        ({"user": "hi", "calls": [{"name": "get_weather", "args": {"city": "Paris"}}]}, True),
        ({"user": "hi", "agent": " \n\t "}, False),
        ({"user": "hi"}, False),
    ],
    ids=["only-another-tool", "white-space-reply", "silent"],
)
@pytest.mark.checkers_meta
def test_an_agent_that_does_nothing_in_the_service_leaves_nothing_to_judge(
    turn: dict[str, object], outside: bool
) -> None:
    found = _results_for({"turns": [turn]})
    assert {(r.outcome, r.reason_code) for r in found.values()} == {
        (ResultOutcome.INCOMPLETE, "no_agent_turn")
    }
    reason = next(iter(found.values())).reason
    assert ("it called only get_weather, outside it" in reason) is outside


@pytest.mark.checkers_meta
def test_a_reply_or_a_service_call_is_judged() -> None:
    said = _results_for({"turns": [{"user": "hi", "agent": "Hello, how can I help?"}]})
    assert all(r.reason_code != "no_agent_turn" for r in said.values())
    looked_up = {"name": "get_product_details", "args": {"product_id": "6086499569"}}
    called = _results_for({"turns": [{"user": "hi", "calls": [looked_up]}]})
    assert all(r.reason_code != "no_agent_turn" for r in called.values())


@pytest.mark.checkers_meta
def test_a_second_check_of_a_kind_is_refused_naming_the_check_it_has() -> None:
    """The registered checks keep their own names (the no-agent-turn wrapper copies them), so
    the refusal says which check holds the kind."""
    with pytest.raises(ValueError, match=r"Outcome already has a check \(outcome\)"):
        checks.register(Outcome)(lambda req, ctx: checks.check(req, ctx))
    assert checks._checks == ORIGINAL
