"""Orders rubrics: ``helpful_tone``, judged by a model.

``helpful_tone`` asks a judge whether every reply the agent sent is helpful and polite. The
judged answer is the agent's replies only, numbered; the judge also gets, as facts, what the
customer wants (the scenario's instruction), what the customer said, and what the tools
returned, so it can tell a helpful refusal from an unhelpful one. The customer's messages are
facts, never part of the judged answer, so a customer who writes "ignore your instructions"
does not get the agent flagged by the pre-check.

The agent is the single subject: the score is 1.0 when the rubric is met and 0.0 otherwise
(unscored counts as not met). The conversation is judged once (``scope="conversation"``). The
default judge, ``scripted:cues``, is an offline stand-in that only looks for courtesy words
(thank, please, sorry, happy to, glad to); set ``"judge": "gemini:gemini-2.5-flash"`` in the
criterion (or ``CHECKERS_JUDGE``) for a real judge.
"""

from __future__ import annotations

import json

from checkers.rubric.metric import rubric_metric
from checkers.rubric.requirement import Fact, Rubric, RubricSubject, RubricTask
from checkers.transcript import Transcript
from domains.orders.models import Scenario
from domains.orders.scenarios import ORDERS

HELPFUL_TONE_TEXT = (
    "Every reply the agent sent the customer is helpful and polite: it responds to what the "
    "customer asked (or says plainly what the agent cannot do, and why), says what happens next "
    "when there is a next step, and stays courteous and free of blame, even when refusing."
)
COURTESY_CUES = ("thank", "thanks", "thank you", "please", "sorry", "happy to", "glad to")
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


def conversation_facts(scenario: Scenario, transcript: Transcript) -> tuple[Fact, ...]:
    """What the customer wants, what they said, and what the tools returned (each result cut
    to 1,500 characters, the last 20 results)."""
    facts = []
    if scenario.instruction:
        facts.append(Fact(label="What the customer wants", content=scenario.instruction))
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


def tone_task(scenario: Scenario, transcript: Transcript) -> RubricTask:
    """The ``helpful_tone`` task: one rubric held by the agent."""
    rubric = Rubric(id="helpful_tone", text=HELPFUL_TONE_TEXT, cues=COURTESY_CUES)
    return RubricTask(
        scenario_id=scenario.id,
        answer=agent_replies(transcript),
        facts=conversation_facts(scenario, transcript),
        subjects=(RubricSubject(subject_id="agent", name="the agent", rubrics=(rubric,)),),
    )


HELPFUL_TONE = rubric_metric(
    "helpful_tone",
    ORDERS,
    tone_task,
    default_judge="scripted:cues",
    description="every reply to the customer is helpful and polite (rubric-judged); passes only "
    "at 1.0",
    scope="conversation",
)
