"""Framework pieces the orders domain needs, tested on their own: turns in transcripts built
from ADK invocations, conversation-scoped metrics, and long answers on the command line."""

from __future__ import annotations

from google.adk.evaluation.eval_case import IntermediateData, Invocation
from google.genai import types

from checkers.adk.custom_metric import judge_invocations
from checkers.adk.invocations import transcript_up_to
from checkers.cli import read_answer_arg
from domains.orders.metrics import NO_FABRICATION
from tests.adk_helpers import text_content


def _invocation(user: str, agent: str | None, calls: list[types.FunctionCall]) -> Invocation:
    return Invocation(
        invocation_id=user[:8],
        user_content=text_content(f"[scenario:cs-order-status] {user}", "user"),
        final_response=None if agent is None else text_content(agent, "model"),
        intermediate_data=IntermediateData(tool_uses=calls),
    )


INVOCATIONS = [
    _invocation(
        "I'm Mei Martin, zip code 32124.",
        "Thanks.",
        [
            types.FunctionCall(
                id="a",
                name="find_user_id_by_name_zip",
                args={"first_name": "Mei", "last_name": "Martin", "zip": "32124"},
            )
        ],
    ),
    _invocation("Status of #W3288665?", "Order #W3288665 was delivered.", []),
    _invocation(
        "And now?",
        None,
        [types.FunctionCall(id="b", name="get_order_status", args={"order_id": "#W3288665"})],
    ),
]


def test_a_transcript_keeps_the_conversation_turn_by_turn() -> None:
    transcript = transcript_up_to(INVOCATIONS, 2)
    assert [t.agent_text for t in transcript.turns] == [
        "Thanks.",
        "Order #W3288665 was delivered.",
        None,
    ]
    assert [len(t.tool_calls) for t in transcript.turns] == [1, 0, 1]
    assert transcript.final_text is None
    assert [c.name for c in transcript.tool_calls] == [
        "find_user_id_by_name_zip",
        "get_order_status",
    ]
    assert transcript.user_texts[1].endswith("Status of #W3288665?")
    assert len(transcript_up_to(INVOCATIONS, 0).turns) == 1


def test_a_conversation_scoped_metric_judges_once_and_gives_every_invocation_that_verdict() -> None:
    verdicts = judge_invocations(NO_FABRICATION, INVOCATIONS, 1.0)
    assert len(verdicts) == 3 and all(v is verdicts[0] for v in verdicts)
    [subject] = verdicts[0].subjects
    # The second reply states a status before any lookup: judged on the whole conversation, the
    # later lookup does not excuse it.
    assert subject.results[0].reason_code == "claim_about_unverified_order"


def test_a_long_answer_text_is_not_mistaken_for_a_path() -> None:
    text = "[" + ", ".join(['{"name": "respond", "kwargs": {"content": "Hello"}}'] * 20) + "]"
    assert len(text) > 255
    assert read_answer_arg(text) == text
