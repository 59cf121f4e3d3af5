"""A customer-service conversation as the checks see it: calls, messages and who said what, in
order, replayed on the domain's database (:mod:`checkers.service`).

Three sources give the same shape:

- an ADK conversation (a :class:`~checkers.transcript.Transcript` built from invocations, or a
  conversation in JSON, :func:`conversation_transcript`): each turn is the user's message, the
  tool calls made for it, and the agent's reply;
- a tau-bench trajectory: a list of actions ``{"name", "kwargs"}`` where ``respond`` carries what
  the agent said, optionally with the observation each action returned
  (:func:`trajectory_transcript`). It records no user messages, so every turn's ``user_text`` is
  None, and each ``respond`` ends a turn;
- a run tau-bench recorded (its ``traj``: chat messages with the customer's words, the agent's
  tool calls and replies, :func:`run_transcript`; a whole batch line, :func:`read_run` and
  :func:`run_item`).

The conversation is then replayed on a database (:func:`replay_conversation`): each call is run
through the domain's :class:`~checkers.service.Service` on the database the calls before it
left. Whether a recorded response is a success is the core's tool-outcome model's answer
(:func:`checkers.tool_outcome.tool_outcome`, read once per response as ``ToolResponse.outcome``):
a call whose recorded response failed, in any shape (the service's, an injected fault, ADK's
ReflectAndRetry payload, an MCP ``isError``, error text), changed nothing and is not run; one
whose response reads as neither is not run either, is not a success, and is marked
:attr:`CallRecord.outcome_unknown` (a write that may have changed the database). A write whose
recorded response succeeded as a call but says the write is asked for, not made (pending,
queued, awaiting approval: :func:`checkers.tool_outcome.write_not_done`, unless that status is
the one the replayed write leaves on its record) changed nothing and is not a success. What
the agent *saw* is the recorded response when there is one, else the replayed one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from checkers.errors import ConfigError
from checkers.json_input import loads_unique
from checkers.metric import BatchItem
from checkers.numbers import finite_number, shown_value
from checkers.service import RESPOND, Action, Kind, Service, Step, call_arguments
from checkers.session_context import once_per_session
from checkers.tool_outcome import write_not_done
from checkers.transcript import (
    ToolCall,
    ToolResponse,
    Transcript,
    Turn,
    brief_json,
    pair_turn,
)

D = TypeVar("D")
"""The domain's database."""


@dataclass(frozen=True)
class Message:
    """Something the user or the agent said."""

    turn: int
    text: str
    after_calls: int
    """How many tool calls came before it (it was said after call ``after_calls - 1``)."""


@dataclass(frozen=True)
class CallRecord(Generic[D]):
    """One tool call, with what the agent saw and what the service did with it."""

    index: int
    """0-based position among all tool calls; reasons print it 1-based ("call #3")."""
    turn: int
    name: str
    args: Mapping[str, Any]
    kind: Kind | None
    """The operation's kind (None for a tool the service does not know)."""
    ok: bool
    """Whether the agent got a successful answer."""
    seen: Any
    """The response the agent saw (recorded, else replayed): a dict, a string or a number."""
    recorded: bool
    """Whether the transcript recorded this call's response."""
    db_before: D
    db_after: D
    outcome_unknown: bool = False
    """Whether the recorded response read as neither a success nor a failure: the call is not
    a success (``ok`` is False) and was not replayed, but it may have changed the database."""
    message: int | None = None
    """Which of the agent's messages made the call; calls that share one were made at once
    (:attr:`checkers.transcript.ToolCall.message`). None when the source does not record it."""
    beside_text: str | None = None
    """Text the agent wrote in the same message as the call
    (:attr:`checkers.transcript.ToolCall.beside_text`; where the user saw it, it is also among
    :attr:`Conversation.agent_messages`)."""

    def label(self) -> str:
        """``call #3 cancel_pending_order(order_id="#W1", ...)`` for reasons."""
        args = ", ".join(f"{k}={brief_json(v)}" for k, v in self.args.items())
        return f"call #{self.index + 1} {self.name}({args})"

    def arg(self, name: str) -> str | None:
        """Argument ``name`` when it is text, else None."""
        value = self.args.get(name)
        return value if isinstance(value, str) else None


@dataclass(frozen=True)
class Conversation(Generic[D]):
    """A replayed conversation."""

    calls: tuple[CallRecord[D], ...]
    agent_messages: tuple[Message, ...]
    user_messages: tuple[Message, ...]
    has_user_turns: bool
    """False when the source records no user messages (tau-bench trajectories)."""
    responses_recorded: bool
    """True when the source recorded at least one tool response."""
    base: D
    final_db: D

    @property
    def empty(self) -> bool:
        """The agent neither called a tool of the service nor said anything: nothing to judge.

        Calls to tools the service does not know (another toolset's ``get_weather``, a misspelt
        name) do not count, so they cannot turn a silent agent into one that passes every
        conduct rule vacuously; the reason names them (:meth:`outside_calls`).
        """
        return not self.agent_messages and all(c.kind is None for c in self.calls)

    def outside_calls(self) -> list[str]:
        """Names of the tools called that the service does not know, in call order, once each."""
        return list(dict.fromkeys(c.name for c in self.calls if c.kind is None))

    def user_text_before(self, position: int) -> str:
        """Everything the user said before call ``position`` (all of it for ``len(calls)``)."""
        return "\n".join(m.text for m in self.user_messages if m.after_calls <= position)

    def agent_message_of_turn(self, turn: int) -> Message | None:
        """The last thing the agent said in ``turn`` (its reply, when it gave one), if any."""
        return next((m for m in reversed(self.agent_messages) if m.turn == turn), None)


# --- tau-bench trajectories ---------------------------------------------------------------------


def observation_response(observation: Any) -> dict[str, Any]:
    """A tau-bench observation (the text a tool returned) as a tool-response dict.

    ``"Error: ..."`` and ``"Unknown action ..."`` become ``{"error": text}``; JSON text becomes
    ``{"result": <parsed>}``; any other text ``{"result": text}``.
    """
    if isinstance(observation, str):
        if observation.startswith(("Error", "Unknown action")):
            return {"error": observation}
        try:
            return {"result": loads_unique(observation)}
        except ValueError:  # no JSON, or none to read as one value: a key twice, absurd nesting
            return {"result": observation}
    return {"result": observation}


TRUNCATED = "truncated"
"""Key of the response recorded for an observation that was cut short: a success, value unknown."""


def _truncated(observation: Any) -> bool:
    return isinstance(observation, str) and observation.endswith("...[truncated]")


def trajectory_transcript(
    actions: Sequence[Action], observations: Sequence[Any] | None = None
) -> Transcript:
    """A tau-bench trajectory as a transcript: each ``respond`` ends a turn; no user messages.
    Each action is a message of its own (a call's :attr:`~checkers.transcript.ToolCall.message`
    is its position): a trajectory makes one call at a time.

    ``observations`` (one per action, ``None`` for ``respond``) become the calls' responses; an
    observation cut short (``...[truncated]``) is recorded only as success or error.
    """
    if observations is not None and len(observations) != len(actions):
        raise ConfigError(
            f"the trajectory has {len(actions)} actions but {len(observations)} observations; "
            "give one observation per action (null for respond), or none"
        )
    turns: list[Turn] = []
    calls: list[ToolCall] = []
    responses: list[ToolResponse] = []
    for position, action in enumerate(actions):
        if action.name == RESPOND:
            content = action.kwargs.get("content")
            text = content if isinstance(content, str) else json.dumps(content)
            turns.append(
                Turn(
                    user_text=None,
                    tool_calls=tuple(calls),
                    tool_responses=tuple(responses),
                    agent_text=text,
                )
            )
            calls, responses = [], []
            continue
        call_id = f"action-{position}"
        calls.append(
            ToolCall(name=action.name, args=dict(action.kwargs), call_id=call_id, message=position)
        )
        if observations is not None and observations[position] is not None:
            response = observation_response(observations[position])
            if _truncated(observations[position]) and "error" not in response:
                response = {TRUNCATED: True}
            responses.append(ToolResponse(name=action.name, response=response, call_id=call_id))
    if calls:
        turns.append(Turn(user_text=None, tool_calls=tuple(calls), tool_responses=tuple(responses)))
    return Transcript(
        final_text=next((t.agent_text for t in reversed(turns) if t.agent_text is not None), None),
        tool_calls=tuple(c for t in turns for c in t.tool_calls),
        tool_responses=tuple(r for t in turns for r in t.tool_responses),
        turns=tuple(turns),
    )


def actions_from_json(value: Any) -> tuple[tuple[Action, ...], list[Any] | None]:
    """Actions (and observations, if given) from a trajectory in JSON.

    Accepts a list of actions, ``{"actions": [...], "observations": [...]}`` (a mutation
    triple's ``candidate``), or a whole triple (its ``candidate`` is read). Raises ConfigError
    naming the problem.
    """
    if isinstance(value, dict) and isinstance(value.get("candidate"), dict):
        value = value["candidate"]
    observations = None
    if isinstance(value, dict):
        observations = value.get("observations")
        value = value.get("actions")
    if not isinstance(value, list):
        raise ConfigError(
            'a trajectory is a list of actions such as [{"name": "find_user_id_by_email", '
            '"kwargs": {"email": "a@b.com"}}, {"name": "respond", "kwargs": {"content": "Hi"}}], '
            f"or an object with an 'actions' list; got {type(value).__name__}"
        )
    actions = []
    for position, item in enumerate(value):
        try:
            actions.append(Action.model_validate(item))
        except ValueError as error:
            raise ConfigError(
                f"action {position + 1} of the trajectory is not "
                f"{{'name': ..., 'kwargs': {{...}}}}: "
                f"{str(error).splitlines()[0]} (got {str(item)[:80]!r})"
            ) from error
    if observations is not None and not isinstance(observations, list):
        raise ConfigError(f"'observations' must be a list, got {type(observations).__name__}")
    return tuple(actions), observations


# --- replay -------------------------------------------------------------------------------------


def _turns_of(transcript: Transcript) -> tuple[Turn, ...]:
    if transcript.turns:
        return transcript.turns
    user = "\n".join(transcript.user_texts) if transcript.user_texts else None
    return (
        Turn(
            user_text=user,
            tool_calls=transcript.tool_calls,
            tool_responses=transcript.tool_responses,
            agent_text=transcript.final_text,
        ),
    )


def _pair(
    calls: Sequence[ToolCall], responses: Sequence[ToolResponse]
) -> list[ToolResponse | None]:
    """Each call's response, paired within the turn as every trajectory rule pairs them
    (:func:`checkers.transcript.pair_turn`: by call id and tool name, in order)."""
    indexes, _ = pair_turn(calls, responses)
    return [None if i is None else responses[i] for i in indexes]


def _seen(response: Mapping[str, Any]) -> Any:
    """The value inside a recorded response: tau-bench's ``{"result": x}`` is ``x``."""
    if set(response) == {"result"}:
        return response["result"]
    return dict(response)


def _interim_by_call(turn: Turn) -> dict[int, list[str]]:
    """The turn's interim texts by the number of its calls made before each (white space says
    nothing and is left out): they are said where they came, before the next call."""
    shown: dict[int, list[str]] = {}
    for before, text in turn.interim_texts:
        if text.strip():
            shown.setdefault(before, []).append(text)
    return shown


def _write_not_made(
    service: Service[D], name: str, step: Step[D], response: Mapping[str, Any]
) -> bool:
    """Whether a write's recorded response, a success as a call, says the write is asked for
    but not made (:func:`checkers.tool_outcome.write_not_done`: pending, queued, awaiting
    approval ...), other than by the status the write's own record holds once made (the
    replay's ``step`` tells it: an order is still pending after its address changed)."""
    if service.kind_of(name) != "write":
        return False
    value = step.value if step.ok else None
    carried = value.get("status") if isinstance(value, Mapping) else None
    return write_not_done(response, carried if isinstance(carried, str) else None) is not None


# The session's customer is found by a replay and every metric judges one: judging a recorded
# session, replay it once.
@once_per_session
def replay_conversation(transcript: Transcript, base: D, service: Service[D]) -> Conversation[D]:
    """Replay the transcript's calls on ``base`` through ``service`` (see the module
    docstring)."""
    turns = _turns_of(transcript)
    calls: list[CallRecord[D]] = []
    agent: list[Message] = []
    user: list[Message] = []
    db = base
    recorded_any = bool(transcript.tool_responses)
    for turn_index, turn in enumerate(turns):
        if turn.user_text is not None:
            user.append(Message(turn_index, turn.user_text, len(calls)))
        paired = _pair(turn.tool_calls, turn.tool_responses)
        shown = _interim_by_call(turn)
        for position, (call, response) in enumerate(zip(turn.tool_calls, paired, strict=True)):
            agent += (Message(turn_index, text, len(calls)) for text in shown.get(position, ()))
            outcome = None if response is None else response.outcome
            if response is not None and outcome is not None and not outcome.succeeded:
                # Refused (by the service or an injected fault): it changed nothing. An unknown
                # outcome is not replayed either, and is flagged for the checks that need it.
                after, ok, seen = db, False, _seen(response.response)
            else:
                step = service.apply(db, call.name, call.args)
                after, ok = step.db_after, step.ok
                seen = (
                    step.value if step.ok else {"error": step.error, "error_code": step.error_code}
                )
                if response is not None:
                    ok = True
                    if not response.response.get(TRUNCATED):
                        seen = _seen(response.response)
                    if _write_not_made(service, call.name, step, response.response):
                        after, ok = db, False
            calls.append(
                CallRecord(
                    index=len(calls),
                    turn=turn_index,
                    name=call.name,
                    args=dict(call.args),
                    kind=service.kind_of(call.name),
                    ok=ok,
                    seen=seen,
                    recorded=response is not None,
                    db_before=db,
                    db_after=after,
                    outcome_unknown=outcome is not None and outcome.unknown,
                    message=call.message,
                    beside_text=call.beside_text,
                )
            )
            db = after
        late = (t for p, ts in sorted(shown.items()) if p >= len(turn.tool_calls) for t in ts)
        agent += (Message(turn_index, text, len(calls)) for text in late)
        if turn.agent_text and turn.agent_text.strip():  # white space says nothing
            agent.append(Message(turn_index, turn.agent_text, len(calls)))
    return Conversation(
        calls=tuple(calls),
        agent_messages=tuple(agent),
        user_messages=tuple(user),
        has_user_turns=any(t.user_text is not None for t in turns),
        responses_recorded=recorded_any,
        base=base,
        final_db=db,
    )


SHOWN = "shown"
"""Key of a call, in a conversation or known answer in JSON, holding the text the agent showed
the user before it (see :func:`conversation_transcript`)."""


def shown_before(call: Mapping[str, Any], where: str) -> str | None:
    """The text a call in JSON says the agent showed before it (its :data:`SHOWN`), None when it
    says none. Raises ConfigError, naming ``where``, when it is not text."""
    shown = call.get(SHOWN)
    if shown is None or isinstance(shown, str):
        return shown
    raise ConfigError(
        f'{where}: "shown" is the text the agent showed the user before the call, such as '
        f'"Let me look that up."; got {brief_json(shown)} ({type(shown).__name__})'
    )


def shown_texts(calls: Sequence[Mapping[str, Any]]) -> tuple[tuple[int, str], ...]:
    """A turn's interim texts (:attr:`checkers.transcript.Turn.interim_texts`) from its calls in
    JSON, already checked by :func:`shown_before`: each call's ``shown`` with its position."""
    return tuple((position, call[SHOWN]) for position, call in enumerate(calls) if call.get(SHOWN))


def conversation_transcript(value: Any) -> Transcript:
    """A conversation in JSON as a transcript::

        {"turns": [{"user": "Cancel #W1234567, please.",
                    "calls": [{"name": "get_order_details", "args": {"order_id": "#W1234567"},
                               "response": {...}}],
                    "agent": "Order #W1234567 is pending. Cancel it (yes/no)?"}]}

    ``user`` may be null (not recorded); a call's ``response`` may be left out (it is then
    replayed). A call may say which of the agent's messages made it (``"message": 3``; calls
    sharing a number were made at once) and what that message said beside it without the user
    seeing it (``"beside_text"``, as in a tau-bench run); without numbers, which calls were made
    together is not recorded.

    What the agent *showed* the user before a call (in ADK, text in the same event as the call,
    or a message of its own followed by the call) is the call's ``"shown"``::

        {"name": "get_order_details", "args": {"order_id": "#W1234567"},
         "shown": "Let me look that order up."}

    It is said there, before the call and after the calls before it, and judged like any
    message (:attr:`checkers.transcript.Turn.interim_texts`); the turn's answer is ``agent``
    alone. Raises ConfigError naming the first thing that is wrong (``shown`` that is not text
    included: a claim left unread would be a claim never judged).
    """
    turns_json = value.get("turns") if isinstance(value, dict) else None
    if not isinstance(turns_json, list):
        raise ConfigError(
            'a conversation is {"turns": [{"user": ..., "calls": [...], "agent": ...}]}'
        )
    turns = []
    for number, turn in enumerate(turns_json, start=1):
        if not isinstance(turn, dict):
            raise ConfigError(f"turn {number} must be an object with user, calls and agent")
        calls, responses = [], []
        for position, made in enumerate(turn.get("calls") or [], start=1):
            if not isinstance(made, dict) or not isinstance(made.get("name"), str):
                raise ConfigError(f"turn {number}, call {position}: needs a 'name' and 'args'")
            call_id = f"turn{number}-call{position}"
            shown_before(made, f"turn {number}, call {position}")
            message, beside = made.get("message"), made.get("beside_text")
            calls.append(
                ToolCall(
                    name=made["name"],
                    args=call_arguments(made.get("args")),
                    call_id=call_id,
                    # Which agent message made the call, when the source numbers them.
                    message=message if type(message) is int else None,
                    beside_text=beside if isinstance(beside, str) else None,
                )
            )
            if isinstance(made.get("response"), dict):
                responses.append(
                    ToolResponse(name=made["name"], response=made["response"], call_id=call_id)
                )
        user, agent = turn.get("user"), turn.get("agent")
        if (user is not None and not isinstance(user, str)) or (
            agent is not None and not isinstance(agent, str)
        ):
            raise ConfigError(f"turn {number}: 'user' and 'agent' must be text or null")
        turns.append(
            Turn(
                user_text=user,
                tool_calls=tuple(calls),
                tool_responses=tuple(responses),
                agent_text=agent,
                interim_texts=shown_texts(turn.get("calls") or []),
            )
        )
    return Transcript(
        final_text=turns[-1].agent_text if turns else None,
        tool_calls=tuple(c for t in turns for c in t.tool_calls),
        tool_responses=tuple(r for t in turns for r in t.tool_responses),
        user_texts=tuple(t.user_text for t in turns if t.user_text is not None),
        turns=tuple(turns),
    )


# --- tau-bench recorded runs --------------------------------------------------------------------


def _flush(
    turns: list[Turn],
    user: str | None,
    calls: list[ToolCall],
    responses: list[ToolResponse],
    agent: str | None,
) -> None:
    if user is not None or calls or agent is not None:
        turns.append(
            Turn(
                user_text=user,
                tool_calls=tuple(calls),
                tool_responses=tuple(responses),
                agent_text=agent,
            )
        )


@dataclass(frozen=True)
class RunMessage:
    """One chat message of a run tau-bench recorded, read (:func:`run_messages`)."""

    number: int
    """Its position in the run, from 1."""
    role: str
    """``system``, ``user``, ``assistant`` or ``tool``."""
    content: str | None
    calls: tuple[ToolCall, ...] = ()
    """An assistant message's tool calls (each with :attr:`number` as its message and the
    message's text beside it)."""
    response: ToolResponse | None = None
    """A tool message's answer, its text read as tau-bench's observation."""
    given: Mapping[str, Any] | None = None
    """The message as recorded, for what a reader copies as it was (ids)."""


def _run_calls(number: int, content: str | None, calls: Any) -> tuple[ToolCall, ...]:
    """An assistant message's ``tool_calls``; raises ConfigError for any that is not a call."""
    if not isinstance(calls, list):
        raise ConfigError(
            f"message {number} of the run: tool_calls must be a list, got {brief_json(calls, 80)}"
        )
    beside = content if content and content.strip() else None
    read = []
    for call in calls:
        function = call.get("function") if isinstance(call, dict) else None
        if not isinstance(function, dict) or not isinstance(function.get("name"), str):
            raise ConfigError(
                f"message {number} of the run has a tool call without a function name: "
                f"{brief_json(call, 80)}"
            )
        read.append(
            ToolCall(
                name=function["name"],
                args=call_arguments(function.get("arguments")),
                call_id=call.get("id"),
                message=number,
                beside_text=beside,
            )
        )
    return tuple(read)


def run_messages(traj: Any) -> list[RunMessage]:
    """A run's ``traj`` (OpenAI-style chat messages) read once, for
    :func:`run_transcript_of` and for a reader that also needs them as events. Raises
    ConfigError naming the first message that is not a chat message with a role (system, user,
    assistant or tool) and text content, or holds a tool call that cannot be read."""
    if not isinstance(traj, list):
        raise ConfigError(
            f'a recorded run\'s "traj" must be a list of chat messages, got {type(traj).__name__}'
        )
    read: list[RunMessage] = []
    for number, message in enumerate(traj, start=1):
        role = message.get("role") if isinstance(message, dict) else None
        content = message.get("content") if isinstance(message, dict) else None
        if role not in ("system", "user", "assistant", "tool") or not (
            content is None or isinstance(content, str)
        ):
            raise ConfigError(
                f"message {number} of the run is not a chat message with a role (system, user, "
                f"assistant or tool) and text content: {brief_json(message, 80)}"
            )
        assert isinstance(message, dict) and isinstance(role, str)
        calls: tuple[ToolCall, ...] = ()
        response = None
        if role == "assistant" and message.get("tool_calls"):
            calls = _run_calls(number, content, message["tool_calls"])
        elif role == "tool":
            name = message.get("name")
            response = ToolResponse(
                name=name if isinstance(name, str) else "",
                response=observation_response(content or ""),
                call_id=message.get("tool_call_id"),
            )
        read.append(RunMessage(number, role, content, calls, response, message))
    return read


def run_transcript(traj: Any) -> Transcript:
    """A conversation tau-bench recorded (a run's ``traj``: OpenAI-style chat messages) as a
    transcript: each ``user`` message (the simulated customer's words) opens a turn, the
    assistant's ``tool_calls`` with the ``tool`` messages answering them (paired by
    ``tool_call_id``) are the turn's calls, and an assistant message without tool calls is the
    reply that ends it. ``system`` messages (the policy) are skipped.

    Text an assistant message carries beside a tool call is left out of the replies:
    tau-bench's agent acts on the call alone, so that text never reaches the customer and is
    not a ``respond`` its reward reads. Each call keeps the number of the message that made it
    (1-based, :attr:`~checkers.transcript.ToolCall.message`) and that text
    (:attr:`~checkers.transcript.ToolCall.beside_text`), for the rule "one tool call at a time,
    never beside a reply". Raises ConfigError naming the first message that cannot be read
    (:func:`run_messages`).
    """
    return run_transcript_of(run_messages(traj))


def run_transcript_of(messages: Sequence[RunMessage]) -> Transcript:
    """:func:`run_transcript` of a run's messages already read (:func:`run_messages`)."""
    turns: list[Turn] = []
    user: str | None = None
    calls: list[ToolCall] = []
    responses: list[ToolResponse] = []
    for message in messages:
        if message.role == "user":
            _flush(turns, user, calls, responses, None)
            user, calls, responses = message.content or "", [], []
        elif message.response is not None:
            responses.append(message.response)
        elif message.calls:
            calls += message.calls
        elif message.role == "assistant":
            _flush(turns, user, calls, responses, message.content or "")
            user, calls, responses = None, [], []
    _flush(turns, user, calls, responses, None)
    if not turns:
        return Transcript(final_text=None)
    return Transcript.from_turns(turns)


def run_replies(traj: Sequence[Any]) -> list[str]:
    """What the agent of a recorded run said to the customer, in order: the text of each
    assistant message without tool calls (tau-bench's ``respond`` actions)."""
    return [
        str(m.get("content") or "")
        for m in traj
        if isinstance(m, dict) and m.get("role") == "assistant" and not m.get("tool_calls")
    ]


# --- answers and batch lines --------------------------------------------------------------------


def parse_answer_text(answer: str | None) -> Transcript:
    """An answer given on the command line: a tau-bench trajectory in JSON (see
    :func:`actions_from_json`), a conversation in JSON (``{"turns": [...]}``, see
    :func:`conversation_transcript`), or plain text read as the agent's only message."""
    if answer is None:
        return Transcript(final_text=None)
    stripped = answer.strip()
    if stripped.startswith(("[", "{")):
        try:
            value = loads_unique(stripped)
        except ValueError as error:  # JSONDecodeError, a key twice, a 5,000-digit number ...
            where = (
                f"{error.msg} at line {error.lineno}, column {error.colno}"
                if isinstance(error, json.JSONDecodeError)
                else str(error)[:200]
            )
            raise ConfigError(
                f"the answer looks like JSON but does not parse ({where}); give a trajectory "
                'such as [{"name": "respond", "kwargs": {"content": "Hello"}}], or plain text'
            ) from error
        if isinstance(value, dict) and "turns" in value:
            return conversation_transcript(value)
        actions, observations = actions_from_json(value)
        return trajectory_transcript(actions, observations)
    return Transcript(final_text=answer)


def official_passed(official: Any) -> bool | None:
    """A benchmark's ``{"reward": ...}`` as a reference verdict (``1.0`` passed), None when
    absent.

    Raises ConfigError (the line is reported as unusable, the batch goes on) when the reward is
    not a finite number between 0 and 1: a text such as ``"abc"``, a boolean, NaN.
    """
    if official is None:
        return None
    if not isinstance(official, dict):
        raise ConfigError(
            f'"official" must be an object such as {{"reward": 1.0}}, got {type(official).__name__}'
        )
    reward = official.get("reward")
    if reward is None:
        return None
    number = finite_number(reward)
    if number is None or not 0 <= number <= 1:
        raise ConfigError(
            f'"official.reward" must be a number from 0 to 1 such as 1.0, got '
            f"{shown_value(reward)} ({type(reward).__name__})"
        )
    return number == 1.0


@dataclass(frozen=True)
class Triple:
    """A mutation triple's line, read: ``{"task_id", "scenario": {...}, "candidate":
    {"actions", "observations", "mutation"}, "official": {"reward"}}``."""

    task_row: dict[str, Any]
    """The triple's ``scenario`` with its ``task_id``: a task row for the domain to read."""
    transcript: Transcript
    messages: list[str]
    """What the agent said (its ``respond`` contents), in order."""
    reference: bool | None
    fields: dict[str, Any]
    """``task_id`` and ``mutation``, to print beside the verdict."""


def read_triple(row: dict[str, Any]) -> Triple:
    """A mutation triple's parts; raises ConfigError naming what the line lacks."""
    if not isinstance(row.get("scenario"), dict) or "task_id" not in row:
        raise ConfigError(
            'a mutation triple needs "task_id", a "scenario" object and a "candidate" '
            'object with "actions"'
        )
    actions, observations = actions_from_json(row["candidate"])
    return Triple(
        task_row={"task_id": row["task_id"], **row["scenario"]},
        transcript=trajectory_transcript(actions, observations),
        messages=[str(a.kwargs.get("content", "")) for a in actions if a.name == RESPOND],
        reference=official_passed(row.get("official")),
        fields={"task_id": row["task_id"], "mutation": row["candidate"].get("mutation")},
    )


S = TypeVar("S")


def task_file_reader(
    task_scenario: Callable[[dict[str, Any]], S], read: Callable[[Any, str], S]
) -> Callable[[Any, str], S]:
    """How a domain reads a scenario file's JSON (``reader(value, where)``): a mutation triple
    (its ``scenario`` with its ``task_id``) or a tau-bench task row (it has a ``task_id``)
    through ``task_scenario``, anything else through ``read`` (the domain's own scenario)."""

    def reader(raw: Any, where: str) -> S:
        if isinstance(raw, dict) and isinstance(raw.get("scenario"), dict) and "task_id" in raw:
            return task_scenario({"task_id": raw["task_id"], **raw["scenario"]})
        if isinstance(raw, dict) and "task_id" in raw:
            return task_scenario(raw)
        return read(raw, where)

    return reader


RUN_NOT_FINISHED = "run_not_finished"
"""Label and reason code of a recorded run tau-bench scored without judging it (see
:attr:`Run.finished`): ``checkers score`` and ``checkers check --batch`` both fail it on every
metric with this reason (:data:`RUN_NOT_FINISHED_MESSAGE`)."""
RUN_NOT_FINISHED_MESSAGE = (
    "the run stopped at tau-bench's step limit before the customer or a transfer ended it (its "
    "info has no reward_info; tau-bench recorded 0.0 without judging it): the agent did not "
    "finish the task in its budget, and what it would have done next is unknown"
)
"""Why a run labelled :data:`RUN_NOT_FINISHED` fails: it was recorded whole, yet cannot pass."""


@dataclass(frozen=True)
class Run:
    """A run tau-bench recorded, read: ``{"task_id", "trial", "reward", "info", "traj"}``."""

    task_row: dict[str, Any] | None
    """The task it was scored on (``info.task`` with its ``task_id``), None when not recorded."""
    transcript: Transcript
    messages: list[str]
    """What the agent said to the customer (:func:`run_replies`), in order."""
    reference: bool | None
    finished: bool
    """Whether tau-bench judged it: a run stopped at the step limit, before the customer or a
    transfer ended it, gets no ``info.reward_info`` and the reward 0.0 untested."""
    fields: dict[str, Any]
    """``task_id`` and ``trial``, to print beside the verdict."""


def read_run(row: dict[str, Any]) -> Run:
    """A recorded run's parts; raises ConfigError naming what the line lacks."""
    if "task_id" not in row:
        raise ConfigError('a recorded run needs "task_id", "reward" and "traj" (chat messages)')
    info = row.get("info")
    task = info.get("task") if isinstance(info, dict) else None
    return Run(
        task_row={"task_id": row["task_id"], **task} if isinstance(task, dict) else None,
        transcript=run_transcript(row["traj"]),
        messages=run_replies(row["traj"]),
        reference=official_passed({"reward": row.get("reward")}),
        finished=isinstance(info, dict) and info.get("reward_info") is not None,
        fields={"task_id": row["task_id"], "trial": row.get("trial")},
    )


def run_item(
    row: dict[str, Any],
    task_scenario: Callable[[dict[str, Any]], S],
    load: Callable[[str], S],
    label: Callable[[S, list[str]], str | None],
) -> BatchItem[S]:
    """A run tau-bench recorded as a batch line: judged against the task it was scored on
    (``info.task`` through ``task_scenario``, else ``load("task-<id>")``, the bundled task),
    with its official reward as the reference verdict of ``task_success``. A run tau-bench did
    not judge is labelled :data:`RUN_NOT_FINISHED` (the batch fails it on every metric, as
    ``checkers score`` does); any other is labelled as ``label`` finds from the task and what
    the agent said (None: no reason in the data for the reference to differ). Raises
    ConfigError naming what the line lacks."""
    run = read_run(row)
    if run.task_row is not None:
        scenario = task_scenario(run.task_row)
    else:
        scenario = load(f"task-{run.fields['task_id']}")
    return BatchItem(
        scenario=scenario,
        transcript=run.transcript,
        fields=run.fields,
        reference_passed=run.reference,
        label=label(scenario, run.messages) if run.finished else RUN_NOT_FINISHED,
        reference_metric="task_success",
    )
