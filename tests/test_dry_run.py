"""A scripted policy's conversation without ADK: the same views a policy gets under ADK, calls
run in process, messages numbered."""

from __future__ import annotations

from typing import Any

import pytest

from checkers.adk.dry_run import DryRun
from checkers.adk.scripted_model import PolicyError, RequestView, Step, call, parallel, say


def lookup_then_answer(view: RequestView) -> Step:
    """Looks the order up once per turn, then says what it found."""
    found = view.turn_tool_responses
    if not found:
        return call("lookup", order=view.latest_user_text)
    return say(f"{view.latest_user_text} is {found[-1].response['status']}")


def echo(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"status": "pending", "asked": args}


def test_each_turn_runs_the_calls_and_records_the_conversation() -> None:
    run = DryRun(lookup_then_answer, echo)
    assert run.say("#1") == "#1 is pending"
    assert run.say("#2") == "#2 is pending"
    assert run.conversation() == {
        "turns": [
            {
                "user": f"#{n}",
                "calls": [
                    {
                        "name": "lookup",
                        "args": {"order": f"#{n}"},
                        "response": {"status": "pending", "asked": {"order": f"#{n}"}},
                        "message": 2 * (n - 1),
                    }
                ],
                "agent": f"#{n} is pending",
            }
            for n in (1, 2)
        ]
    }


def test_calls_made_at_once_share_their_message() -> None:
    def both(view: RequestView) -> Step:
        if view.turn_tool_calls:
            return say("done")
        return parallel(call("a"), call("b"))

    run = DryRun(both, echo)
    run.say("go")
    assert [c["message"] for c in run.conversation()["turns"][0]["calls"]] == [0, 0]


def test_a_policy_that_never_answers_is_an_error_naming_the_fix() -> None:
    run = DryRun(lambda view: call("lookup"), echo, max_steps_per_turn=3)
    with pytest.raises(PolicyError, match=r"made 3 steps after 'go' without answering"):
        run.say("go")
