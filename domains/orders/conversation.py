"""A conversation as the orders checks see it: the core's (:mod:`checkers.conversation`: calls,
messages and who said what, in order), over the retail database, replayed through the retail
service (:data:`domains.orders.service.SERVICE`)."""

from __future__ import annotations

from checkers import conversation as core
from checkers.conversation import Message as Message
from checkers.transcript import Transcript
from domains.orders.models import Database
from domains.orders.service import SERVICE

CallRecord = core.CallRecord[Database]
Conversation = core.Conversation[Database]


def replay_conversation(transcript: Transcript, base: Database) -> Conversation:
    """The transcript's calls replayed on ``base`` by the retail service (see
    :func:`checkers.conversation.replay_conversation`)."""
    return core.replay_conversation(transcript, base, SERVICE)
