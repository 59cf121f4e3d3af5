"""Cost per turn of the orders ``no_fabrication`` metric as a conversation grows (10 to 200 turns).

Builds real ADK invocations of one customer conversation (scenario ``task-0``): the first turn
identifies the customer, and every turn looks an order up (``get_order_details``) and replies
with its status, an item's price, its tracking number and its order id, so every fact has to be
checked against the responses before it. Times, on the same invocations:

- ``rule``: the ``no_fabrication`` check on the replayed conversation, per turn (flat when the
  check is linear in the conversation's length);
- ``metric``: the metric as ``adk eval`` runs it (``judge_invocations``: a conversation-scoped
  metric judges the whole conversation once; this includes the replay on the database).

Prints microseconds per turn for each size. Run::

    .venv/bin/python benchmarks/bench_no_fabrication.py [--turns 10 50 100 200] [--repeat 3]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from google.adk.evaluation.eval_case import IntermediateData, Invocation
from google.adk.evaluation.eval_rubrics import Rubric, RubricContent
from google.genai import types

from checkers.adk.custom_metric import judge_invocations
from checkers.adk.invocations import transcript_up_to
from domains.orders.checks import OrdersContext
from domains.orders.checks.fabrication import check_no_fabrication
from domains.orders.conversation import replay_conversation
from domains.orders.data_files import bundled_database
from domains.orders.metrics import NO_FABRICATION
from domains.orders.models import NoFabrication
from domains.orders.scenarios import ORDERS
from domains.orders.service import apply

SCENARIO = "task-0"
EMAIL = "yusuf.rossi7301@example.com"
ORDER_IDS = ("#W6247578", "#W9711842", "#W4776164", "#W6679257", "#W2378156")


def _response(name: str, args: dict[str, Any]) -> Any:
    """What the service answers ``name(args)`` on the bundled database."""
    return apply(bundled_database(), name, args).value


def _invocation(index: int) -> Invocation:
    order_id = ORDER_IDS[index % len(ORDER_IDS)]
    calls = [types.FunctionCall(name="get_order_details", args={"order_id": order_id}, id="c1")]
    if index == 0:
        calls.insert(0, types.FunctionCall(name="find_user_id_by_email", args={"email": EMAIL}))
    responses = [
        types.FunctionResponse(
            name=c.name, response=_wrap(_response(c.name or "", c.args or {})), id=c.id
        )
        for c in calls
    ]
    order = bundled_database().orders[order_id]
    item = order.items[0]
    tracking = [t for f in order.fulfillments for t in f.tracking_id]
    shipped = f" Its tracking number is {tracking[0]}." if tracking else ""
    reply = (
        f"Order {order_id} is {order.status}. The {item.name} in it cost ${item.price:.2f}."
        + shipped
    )
    return Invocation(
        invocation_id=f"inv-{index}",
        user_content=types.Content(
            role="user", parts=[types.Part(text=f"My email is {EMAIL}. What about {order_id}?")]
        ),
        final_response=types.Content(role="model", parts=[types.Part(text=reply)]),
        intermediate_data=IntermediateData(tool_uses=calls, tool_responses=responses),
        rubrics=[
            Rubric(
                rubric_id="scenario",
                rubric_content=RubricContent(text_property=f"scenario:{SCENARIO}"),
            )
        ],
    )


def _wrap(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {"result": value}


def _best_of(repeat: int, run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> None:
    """Print microseconds per turn of the rule and of the metric for each conversation size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, nargs="+", default=[10, 50, 100, 200])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    scenario = ORDERS.load_scenario(SCENARIO)
    print(f"{'turns':>6}  {'rule us/turn':>13}  {'metric us/turn':>15}")
    for turns in args.turns:
        invocations = [_invocation(i) for i in range(turns)]
        verdicts = judge_invocations(NO_FABRICATION, invocations, 1.0)
        if not all(v.passed for v in verdicts):
            raise SystemExit(f"benchmark conversation of {turns} turns did not pass: {verdicts[0]}")
        conversation = replay_conversation(
            transcript_up_to(invocations, turns - 1), bundled_database()
        )
        context = OrdersContext(scenario, conversation)
        rule = _best_of(args.repeat, partial(check_no_fabrication, NoFabrication(), context))
        metric = _best_of(args.repeat, partial(judge_invocations, NO_FABRICATION, invocations, 1.0))
        print(f"{turns:>6}  {rule / turns * 1e6:>13.1f}  {metric / turns * 1e6:>15.1f}")


if __name__ == "__main__":
    main()
