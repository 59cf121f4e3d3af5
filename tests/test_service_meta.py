"""The customer-service meta builder (checkers.meta.conversations.service_meta): the kinds it
declares for every such domain, the order it checks, and how it describes a task."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from checkers.meta.conversations import describe_service_task
from checkers.service import Action
from domains.orders import meta as orders
from domains.orders.data_files import tau_tasks


@pytest.fixture
def fresh_orders_meta() -> Iterator[None]:
    """The orders meta built anew in the test, and again afterwards by whoever needs it."""
    orders.orders_meta.cache_clear()
    yield
    orders.orders_meta.cache_clear()


def test_outcome_and_conveyed_come_first_then_the_domains_own_kinds(
    fresh_orders_meta: None,
) -> None:
    meta = orders.orders_meta()
    assert list(meta.kinds) == ["outcome", "conveyed", *orders._own_kinds()]
    assert meta.vacuous == {
        "empty_answer_never_passes": (
            "an agent that does nothing in the orders service (it only talks: prose, or JSON that "
            "holds no conversation; or it only calls other tools) breaks no conduct rule, states "
            "nothing unsupported, and meets a task that asks for no change, no fact and no order: "
            "those requirements pass vacuously, by design (domains/orders/checks)"
        )
    }


def test_own_kinds_out_of_the_judges_order_are_refused(
    fresh_orders_meta: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    own = orders._own_kinds()
    monkeypatch.setattr(orders, "_own_kinds", lambda: dict(reversed(list(own.items()))))
    with pytest.raises(ValueError) as caught:
        orders.orders_meta()
    assert str(caught.value) == (
        "orders judges the kinds ['outcome', 'conveyed', 'authenticated_first', 'own_data_only', "
        "'policy_valid', 'confirmed_before_writing', 'no_fabrication', 'mentions_order_id'], in "
        "that order; its meta declares outcome, conveyed and then own_kinds: ['outcome', "
        "'conveyed', 'mentions_order_id', 'no_fabrication', 'confirmed_before_writing', "
        "'policy_valid', 'own_data_only', 'authenticated_first']; declare own_kinds in the "
        "judge's order"
    )


def test_a_task_is_described_by_its_writes_and_facts() -> None:
    task = tau_tasks()["task-0"].model_copy(
        update={
            "expected_actions": (
                Action(name="get_order_details", kwargs={"order_id": "#W1"}),
                Action(name="cancel_pending_order", kwargs={"order_id": "#W1", "reason": "no"}),
                Action(name="modify_user_address", kwargs={"user_id": "u1"}),
            ),
            "required_outputs": ("10.5",),
        }
    )
    writes = {"cancel_pending_order", "modify_user_address"}
    assert describe_service_task(task, writes, "order_id") == [
        f"task-0 of {task.user_id} (cancel_pending_order #W1, modify_user_address)",
        "must tell ['10.5']",
    ]
    silent = task.model_copy(update={"expected_actions": (), "required_outputs": ()})
    assert describe_service_task(silent, writes, "order_id") == [
        f"task-0 of {task.user_id} (no write)"
    ]
