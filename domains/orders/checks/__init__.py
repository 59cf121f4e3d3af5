"""One pure check per orders requirement kind, over a replayed conversation, by rule family.

Each check takes its requirement and an :class:`OrdersContext` (the scenario and the conversation
replayed on the bundled database, see :mod:`domains.orders.conversation`) and returns a
:class:`~checkers.results.RequirementResult` with a stable reason code and a sentence. Calls are
numbered 1-based in reasons ("call #3").

Every check is ``incomplete`` (``no_agent_turn``) when the agent neither called a tool of the
service nor said anything (white space is not speech; calls to other tools do not count): there
is nothing to judge (:func:`~domains.orders.checks.context.check_for`). Each family's module
lists its reason codes:

- :mod:`~domains.orders.checks.outcome`: ``outcome`` (the database the calls leave);
- :mod:`~domains.orders.checks.conveyed`: ``conveyed``, ``mentions_order_id`` (what the agent
  must tell);
- :mod:`~domains.orders.checks.identity`: ``authenticated_first``, ``own_data_only`` (whose data
  the agent touches);
- :mod:`~domains.orders.checks.policy`: ``policy_valid`` (what a write may do);
- :mod:`~domains.orders.checks.confirmation`: ``confirmed_before_writing`` (the customer's yes);
- :mod:`~domains.orders.checks.fabrication`: ``no_fabrication`` (what the agent may state).

Importing this package registers every check in :data:`checks`.
"""

from domains.orders.checks import (  # noqa: F401  (imported to register their checks)
    confirmation,
    conveyed,
    fabrication,
    identity,
    outcome,
    policy,
)
from domains.orders.checks.context import OrdersContext, checks

__all__ = ["OrdersContext", "checks"]
