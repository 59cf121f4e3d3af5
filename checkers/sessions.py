"""Recorded agent sessions as answers: judging production traffic without an eval case.

A :class:`RecordedSession` is one session as a session store holds it: its id, app and user, its
events as JSON (what ADK's ``Event.model_dump(mode="json")`` gives, or the events of an
agents-cli trace) and its state. :func:`session_turns` reads the events as conversation turns (a
new turn at each message the user wrote, :mod:`checkers.events`: the same reading agents-cli's
metric gives a trace), so any metric judges a session as it judges an eval case
(:func:`checkers.metric.judge_turns`).

No eval case says which scenario a session is about: the domain finds it in the session itself
(:meth:`checkers.metric.Domain.session_scenario`: by default a ``scenario`` key in the session
state; a domain adds its own channels: the group the dining agent looked up, the task a
scheduling user's first message names, the customer an orders or airline agent identified,
:mod:`checkers.session_customer`). A ``[scenario:<id>]`` tag in a user message is the
customer's to type: it names the scenario only when the operator trusts the tags
(``tags_trusted``), else it must agree with the scenario found otherwise. A session naming none,
or two, fails closed like an eval case that does.

Where sessions come from: ADK's session store (:mod:`checkers.adk.session_sql`, read with plain
SQL, or :mod:`checkers.adk.session_store`, through ADK's service) or a file
reader (:mod:`checkers.readers`), through :func:`checkers.sources.open_sessions`.

Eval traffic (sessions ADK's eval service created, ids starting ``adk-eval-session-``) is not
production traffic: :func:`is_eval_session` lets a reader skip it.

No ADK type here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from checkers.events import conversation_turns
from checkers.results import AnswerProblem
from checkers.transcript import Turn

EVAL_SESSION_PREFIX = "adk-eval-session-"
"""How ADK's eval service names the sessions it creates."""


@dataclass(frozen=True)
class RecordedSession:
    """One stored session: where it came from, its events' JSON in order, its state, and what
    its reader found that prevents judging it."""

    session_id: str
    app_name: str
    user_id: str
    events: Sequence[Mapping[str, Any]]
    state: Mapping[str, Any] = field(default_factory=dict)
    problem: AnswerProblem | None = None
    """Why the session cannot be judged as recorded, when its reader found out (a tau-bench run
    that stopped at its step limit, a message that is no chat message): every metric fails it
    with this reason code, as it fails an eval case it cannot read. None for the usual session.
    """
    turns: Sequence[Turn] | None = None
    """The conversation, when the reader read it from its source itself because the events
    cannot say all of it (a tau-bench run: text its agent wrote beside a call is kept on the
    call but never reached the customer, which an ADK event cannot express); None: the
    conversation is read from :attr:`events` (:func:`session_turns`)."""
    tags_trusted: bool = False
    """Whether ``[scenario:<id>]`` tags in the user's messages may name the scenario (the
    operator said the tags are theirs: ``checkers score --trust-user-tags``). False by default:
    on recorded traffic a message is the customer's, and a tag only has to agree
    (:meth:`checkers.metric.Domain.session_scenario`)."""

    def conversation(self) -> list[Turn]:
        """The session's turns: its reader's (:attr:`turns`), else read from its events.
        Raises :class:`~checkers.events.EventsError` as :func:`session_turns` does."""
        return list(self.turns) if self.turns is not None else session_turns(self.events)


def is_eval_session(session_id: str) -> bool:
    """Whether ``session_id`` names a session ADK's eval service created."""
    return session_id.startswith(EVAL_SESSION_PREFIX)


def session_turns(events: Iterable[Mapping[str, Any]]) -> list[Turn]:
    """The conversation of a session's events, one turn per message the user wrote (events
    before the first one form a turn of their own), read as ADK reads them
    (:func:`checkers.events.conversation_turns`). Raises
    :class:`~checkers.events.EventsError` for events that cannot be read as a conversation
    (the session is then judged as failing, with that reason: :func:`checkers.score.judge_session`).
    """
    return conversation_turns(events)
