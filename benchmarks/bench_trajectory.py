"""Cost per turn of ``menu_before_booking`` as a conversation grows (10, 50, 100, 200 turns).

Builds real ADK invocations, one per turn, each with a ``get_menu`` and a ``book_table`` call
whose ids are reused in every turn (``call_0``, ``call_1``, as some models number them), and
times, on the same invocations:

- ``rule``: the trajectory check alone on the whole conversation's transcript, per turn (the
  rule itself; flat when the check is linear in the conversation's length);
- ``metric``: the metric as ``adk eval`` runs it (``judge_invocations``: every invocation is
  judged on the conversation up to it, every prefix in one pass through the metric's
  ``judge_each``); flat when judging a whole conversation is linear in its length;
- ``per-prefix``: the same verdicts with ``judge_each`` switched off (each prefix judged on its
  own transcript, as before issue 13): the work per turn grows with the conversation.

Times are CPU seconds of this process (``time.process_time``), best of ``--repeat`` runs: on a
shared machine, wall-clock time also counts the other processes' time slices. Prints
microseconds per turn for each size. Run::

    .venv/bin/python benchmarks/bench_trajectory.py [--turns 10 50 100 200] [--repeat 5]
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections.abc import Callable
from functools import partial

from google.adk.evaluation.eval_case import IntermediateData, Invocation
from google.adk.evaluation.eval_rubrics import Rubric, RubricContent
from google.genai import types

from checkers.adk.custom_metric import judge_invocations
from checkers.adk.invocations import transcript_up_to
from checkers.trajectory import check_trajectory
from domains.dining.metrics import MENU_BEFORE_BOOKING, MENU_BEFORE_BOOKING_RULE

SCENARIO = "story-six"


def _invocation(index: int) -> Invocation:
    restaurant = f"r{index % 12 + 1:02d}"
    calls = [
        types.FunctionCall(name="get_menu", args={"restaurant_id": restaurant}, id="call_0"),
        types.FunctionCall(
            name="book_table",
            args={"restaurant_id": restaurant, "time": "19:30", "people": 6},
            id="call_1",
        ),
    ]
    responses = [
        types.FunctionResponse(name="get_menu", response={"status": "ok", "menu": []}, id="call_0"),
        types.FunctionResponse(name="book_table", response={"status": "booked"}, id="call_1"),
    ]
    return Invocation(
        invocation_id=f"inv-{index}",
        user_content=types.Content(role="user", parts=[types.Part(text="Plan dinner for six.")]),
        final_response=types.Content(role="model", parts=[types.Part(text="Booked.")]),
        intermediate_data=IntermediateData(tool_uses=calls, tool_responses=responses),
        rubrics=[
            Rubric(
                rubric_id="scenario",
                rubric_content=RubricContent(text_property=f"scenario:{SCENARIO}"),
            )
        ],
    )


def _best_of(repeat: int, run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> None:
    """Print microseconds per turn of the rule and of the metric for each conversation size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, nargs="+", default=[10, 50, 100, 200])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    per_prefix = dataclasses.replace(MENU_BEFORE_BOOKING, judge_each=None)
    print(f"{'turns':>6}  {'rule us/turn':>13}  {'metric us/turn':>15}  {'per-prefix us/turn':>19}")
    for turns in args.turns:
        invocations = [_invocation(i) for i in range(turns)]
        transcript = transcript_up_to(invocations, turns - 1)
        verdicts = judge_invocations(MENU_BEFORE_BOOKING, invocations, 1.0)
        if not all(v.passed for v in verdicts):
            raise SystemExit(f"benchmark conversation of {turns} turns did not pass: {verdicts}")
        if verdicts != judge_invocations(per_prefix, invocations, 1.0):
            raise SystemExit(f"judge_each and per-prefix judging disagree at {turns} turns")
        rule = _best_of(
            args.repeat, partial(check_trajectory, MENU_BEFORE_BOOKING_RULE, transcript)
        )
        metric = _best_of(
            args.repeat, partial(judge_invocations, MENU_BEFORE_BOOKING, invocations, 1.0)
        )
        slow = _best_of(args.repeat, partial(judge_invocations, per_prefix, invocations, 1.0))
        print(
            f"{turns:>6}  {rule / turns * 1e6:>13.1f}  {metric / turns * 1e6:>15.1f}  "
            f"{slow / turns * 1e6:>19.1f}"
        )


if __name__ == "__main__":
    main()
