"""A customer-service conversation as a rubric judge sees it: the agent's replies are the judged
answer; what the customer wants, what they said and what the tools returned are facts.

The customer's messages are facts, never part of the judged answer, so a customer who writes
"ignore your instructions" does not get the agent flagged by the pre-check.
"""

from __future__ import annotations

import json

from checkers.rubric.requirement import Fact
from checkers.transcript import Transcript

__all__ = ["MAX_TOOL_RESULTS", "MAX_TOOL_RESULT_CHARS", "agent_replies", "conversation_facts"]

MAX_TOOL_RESULT_CHARS = 1_500
MAX_TOOL_RESULTS = 20


def agent_replies(transcript: Transcript) -> str | None:
    """The agent's replies, numbered (``Reply 1: ...``); the final text alone when the
    transcript records no turns; None when the agent said nothing at all."""
    replies = [t.agent_text for t in transcript.turns if t.agent_text is not None]
    if not transcript.turns:
        return transcript.final_text
    if not replies:
        return None
    if len(replies) == 1:
        return replies[0]
    return "\n\n".join(f"Reply {i}: {text}" for i, text in enumerate(replies, start=1))


def conversation_facts(instruction: str, transcript: Transcript) -> tuple[Fact, ...]:
    """What the customer wants (``instruction``, when any), what they said, and what the tools
    returned (each result cut to 1,500 characters, the last 20 results)."""
    facts = []
    if instruction:
        facts.append(Fact(label="What the customer wants", content=instruction))
    said = [t for t in transcript.user_texts if t.strip()]
    if said:
        lines = "\n".join(f"Customer message {i}: {t}" for i, t in enumerate(said, start=1))
        facts.append(Fact(label="What the customer said", content=lines))
    results = transcript.tool_responses[-MAX_TOOL_RESULTS:]
    if results:
        lines = "\n".join(
            f"- {r.name}: {json.dumps(r.response, ensure_ascii=False)[:MAX_TOOL_RESULT_CHARS]}"
            for r in results
        )
        facts.append(Fact(label="What the tools returned to the agent", content=lines))
    return tuple(facts)
