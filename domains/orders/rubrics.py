"""Orders rubrics: ``helpful_tone``, judged by a model.

``helpful_tone`` asks a judge whether every reply the agent sent is helpful and polite. The
judged answer is the agent's replies only, numbered; the judge also gets, as facts, what the
customer wants (the scenario's instruction), what the customer said, and what the tools
returned, so it can tell a helpful refusal from an unhelpful one
(:mod:`checkers.rubric.conversation`).

The agent is the single subject: the score is 1.0 when the rubric is met and 0.0 otherwise
(unscored counts as not met). The conversation is judged once (``scope="conversation"``). The
default judge, ``scripted:cues``, is an offline stand-in that only looks for courtesy words
(thank, please, sorry, happy to, glad to); set ``"judge": "gemini:gemini-2.5-flash"`` in the
criterion (or ``CHECKERS_JUDGE``) for a real judge.
"""

from __future__ import annotations

from checkers.rubric.conversation import agent_replies, conversation_facts
from checkers.rubric.metric import rubric_metric
from checkers.rubric.requirement import Rubric, RubricSubject, RubricTask
from checkers.transcript import Transcript
from domains.orders.models import Scenario
from domains.orders.scenarios import ORDERS

HELPFUL_TONE_TEXT = (
    "Every reply the agent sent the customer is helpful and polite: it responds to what the "
    "customer asked (or says plainly what the agent cannot do, and why), says what happens next "
    "when there is a next step, and stays courteous and free of blame, even when refusing."
)
COURTESY_CUES = ("thank", "thanks", "thank you", "please", "sorry", "happy to", "glad to")


def tone_task(scenario: Scenario, transcript: Transcript) -> RubricTask:
    """The ``helpful_tone`` task: one rubric held by the agent."""
    rubric = Rubric(id="helpful_tone", text=HELPFUL_TONE_TEXT, cues=COURTESY_CUES)
    return RubricTask(
        scenario_id=scenario.id,
        answer=agent_replies(transcript),
        facts=conversation_facts(scenario.instruction, transcript),
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
