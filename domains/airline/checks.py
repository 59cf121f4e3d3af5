"""One pure check per airline requirement kind, over a conversation replayed on the bundled
database through the airline service (:func:`replay`).

Each check takes its requirement and an :class:`AirlineContext` and returns a
:class:`~checkers.results.RequirementResult` with a stable reason code (listed in
:data:`REASONS`) and a sentence; calls are numbered 1-based in reasons ("call #3"). Every check is
``incomplete`` (``no_agent_turn``) when the agent neither called a tool of the service nor said
anything.

- ``outcome``: the database the agent's calls leave equals the one the expected actions leave
  (:func:`checkers.service_checks.check_outcome`: each differing record listed);
- ``conveyed``: every required output said, a number by value
  (:func:`checkers.service_checks.check_conveyed`);

both registered as every customer-service domain's (:func:`checkers.service_checks.
outcome_check`, :func:`checkers.service_checks.conveyed_check`).
"""

from __future__ import annotations

from dataclasses import dataclass

from checkers import conversation as core
from checkers.requirements import CheckRegistry
from checkers.service_checks import conveyed_check, outcome_check
from checkers.transcript import Transcript
from domains.airline.data_files import bundled_database
from domains.airline.models import Database, Reservation, Scenario
from domains.airline.service import SERVICE

Conversation = core.Conversation[Database]
CallRecord = core.CallRecord[Database]

TABLES = (("users", "user"), ("reservations", "reservation"), ("flights", "flight"))
"""The database's tables as reasons name their records: ``reservation 4WQ150: ...``."""

checks: CheckRegistry[AirlineContext] = CheckRegistry("airline")
REASONS: dict[str, dict[str, str]] = {}
"""Per requirement kind, every reason code its check gives and when."""


@dataclass(frozen=True)
class AirlineContext:
    """What a check may look at: the scenario and the replayed conversation."""

    scenario: Scenario
    conversation: Conversation


def reservation_before(call: CallRecord) -> Reservation | None:
    """The reservation ``call`` names (its ``reservation_id``) as it stood before the call:
    None for a call naming none (a booking) or one the database does not hold."""
    return call.db_before.reservations.get(call.arg("reservation_id") or "")


def replay(transcript: Transcript) -> Conversation:
    """The transcript's calls replayed on the bundled database by the airline service (see
    :func:`checkers.conversation.replay_conversation`)."""
    return core.replay_conversation(transcript, bundled_database(), SERVICE)


outcome_check(checks, REASONS, SERVICE, bundled_database, TABLES)
conveyed_check(checks, REASONS)
