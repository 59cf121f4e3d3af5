"""What an agent did in a case: its final text, tool calls and responses, turn by turn.

The models here hold no ADK type: :mod:`checkers.adk.invocations` reads them from ADK
invocations, domains build them from their own records, and checks judge them.

A transcript also keeps the conversation turn by turn (:class:`Turn`: the user's message, the
calls the agent made for it, its reply), for checks that care about order across turns: "the
write came after the user said yes", "the status was looked up before the agent stated it".

Reading never raises on what the agent or a tool produced. Arguments or a response that are not
a JSON object (a string, a list, a number, null) are kept, not dropped: the call's ``args`` become
``{"_unreadable_args": "<the value, shown briefly>"}`` (:data:`UNREADABLE_ARGS`) and the
response ``{"_unreadable_response": "..."}`` (:data:`UNREADABLE_RESPONSE`), so a rule that needs
them cannot read a value it was never given, and a response that cannot be read never counts as
a success. :func:`pair_responses` pairs every call with its response, turn by turn.
"""

from __future__ import annotations

import itertools
import json
import math
import operator
import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pydantic import ConfigDict, Field, field_validator

from checkers.frozen import CachingModel, unvalidated

if TYPE_CHECKING:
    from checkers.tool_outcome import ToolOutcome

__all__ = [
    "UNREADABLE_ARGS",
    "UNREADABLE_RESPONSE",
    "Pairing",
    "ToolCall",
    "ToolResponse",
    "Transcript",
    "Turn",
    "brief_json",
    "orphan_notes",
    "pair_responses",
    "pair_turn",
    "transcripts_of_turns",
]

UNREADABLE_ARGS = "_unreadable_args"
"""The only key of a call's ``args`` when the call's arguments were not a JSON object."""
UNREADABLE_RESPONSE = "_unreadable_response"
"""The only key of a ``response`` when the tool's response was not a JSON object."""

# --- showing any value briefly, without raising -----------------------------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")
_MAX_DEPTH = 6
_MAX_INT_BITS = 200  # about 60 digits; longer integers are shown by their size


def _escape_surrogates(text: str) -> str:
    # A lone surrogate cannot be encoded as UTF-8 (or written to a file); its escape can.
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _brief_parts(value: Any, depth: int, budget: list[int], out: list[str]) -> None:
    """Append the brief JSON text of ``value`` to ``out`` until ``budget[0]`` characters."""
    if budget[0] <= 0:
        return
    text: str
    if value is None or isinstance(value, bool):
        text = json.dumps(value)
    elif isinstance(value, int):
        text = (
            str(value)
            if value.bit_length() <= _MAX_INT_BITS
            else (f"<integer of about {int(value.bit_length() * math.log10(2)) + 1} digits>")
        )
    elif isinstance(value, float):
        text = json.dumps(value)
    elif isinstance(value, str):
        text = _escape_surrogates(json.dumps(value[: budget[0] + 2], ensure_ascii=False))
    elif depth >= _MAX_DEPTH and isinstance(value, Mapping | list | tuple):
        text = "{...}" if isinstance(value, Mapping) else "[...]"
    elif isinstance(value, Mapping):
        out.append("{")
        budget[0] -= 1
        for number, (key, item) in enumerate(value.items()):
            if budget[0] <= 0:
                return
            if number:
                out.append(", ")
                budget[0] -= 2
            _brief_parts(key if isinstance(key, str) else brief_json(key), depth + 1, budget, out)
            out.append(": ")
            budget[0] -= 2
            _brief_parts(item, depth + 1, budget, out)
        text = "}"
    elif isinstance(value, list | tuple):
        out.append("[")
        budget[0] -= 1
        for number, item in enumerate(value):
            if budget[0] <= 0:
                return
            if number:
                out.append(", ")
                budget[0] -= 2
            _brief_parts(item, depth + 1, budget, out)
        text = "]"
    else:
        text = f"<{_escape_surrogates(type(value).__name__)}>"
    out.append(text)
    budget[0] -= len(text)


def brief_json(value: Any, limit: int = 40) -> str:
    """``value`` as short JSON-like text for a reason: at most ``limit`` characters (cut with
    ``...``), lone surrogates escaped (``\\ud800``), nesting beyond a few levels shown as
    ``[...]``, very long integers by their size, other objects by their type. Never raises."""
    out: list[str] = []
    _brief_parts(value, 0, [limit + 1], out)
    text = "".join(out)
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."


# --- calls and responses ----------------------------------------------------------------------


def _json_object(value: Any, unreadable_key: str) -> Any:
    """``value`` as a JSON object with string keys, or ``{unreadable_key: <brief value>}``."""
    if isinstance(value, Mapping) and all(isinstance(k, str) for k in value):
        return dict(value)
    return {unreadable_key: brief_json(value, limit=200)}


def _text_or_none(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return brief_json(value, limit=200)


def _text(value: Any) -> str:
    return _text_or_none(value) or ""


_TEXT_TYPE = frozenset({str})
"""``_TEXT_TYPE.issuperset(map(type, d))``: every key of ``d`` is exactly a ``str``, tested in
C (a generator over the keys costs half as much again, on every call and response read)."""


class _ToolRecord(CachingModel):
    """What a call and a response share: a tool name and a call id, kept as text whatever the
    record held."""

    model_config = ConfigDict(frozen=True)

    name: str
    call_id: str | None = None

    @field_validator("name", mode="before")
    @classmethod
    def _name_text(cls, value: Any) -> str:
        return _text(value)

    @field_validator("call_id", mode="before")
    @classmethod
    def _id_text(cls, value: Any) -> str | None:
        return _text_or_none(value)


class ToolCall(_ToolRecord):
    """One tool call the agent made, in the order it made them.

    Any ``args`` are accepted: None means no arguments, and anything else that is not a JSON
    object with string keys becomes ``{UNREADABLE_ARGS: "<value shown briefly>"}``. A name or
    call id that is not a string is kept as its brief text.
    """

    args: dict[str, Any] = Field(default_factory=dict)
    message: int | None = None
    """Which of the agent's messages made the call (its position in the source): calls that
    share one were made at once. None when the source does not record it (ADK invocations)."""
    beside_text: str | None = None
    """Visible text the agent wrote in the same message as the call, None when there was none or
    the source does not record it. Whether the user saw it depends on the source: ADK shows every
    event (its readers also give the text as one of the turn's :attr:`Turn.interim_texts`);
    tau-bench's agent acts on the call alone, so there the text never reached the customer."""

    @field_validator("args", mode="before")
    @classmethod
    def _readable_args(cls, value: Any) -> Any:
        return {} if value is None else _json_object(value, UNREADABLE_ARGS)

    @classmethod
    def of(
        cls,
        name: Any,
        args: Any,
        call_id: Any,
        message: int | None = None,
        beside_text: str | None = None,
    ) -> ToolCall:
        """``ToolCall(name=name, args=args, call_id=call_id, message=message,
        beside_text=beside_text)``, equal to it in every way, without pydantic's validation when
        the values need none (a text name and id, arguments that are None or a dict with text
        keys, as an event's JSON holds them: a session holds dozens); validated otherwise."""
        if (
            type(name) is str
            and (call_id is None or type(call_id) is str)
            and (args is None or (type(args) is dict and _TEXT_TYPE.issuperset(map(type, args))))
            and (message is None or type(message) is int)
            and (beside_text is None or type(beside_text) is str)
        ):
            values = {
                "name": name,
                "call_id": call_id,
                "args": {} if args is None else dict(args),
                "message": message,
                "beside_text": beside_text,
            }
            return unvalidated(cls, values, set(values))
        return cls(name=name, args=args, call_id=call_id, message=message, beside_text=beside_text)

    @property
    def args_readable(self) -> bool:
        """False when the agent's arguments were not a JSON object (see :data:`UNREADABLE_ARGS`)."""
        return UNREADABLE_ARGS not in self.args


class ToolResponse(_ToolRecord):
    """What a tool returned to the agent.

    Any ``response`` is accepted: anything that is not a JSON object with string keys (None
    included: ADK wraps every tool result in an object) becomes
    ``{UNREADABLE_RESPONSE: "<value shown briefly>"}``, which no check counts as a success.
    """

    response: dict[str, Any] = Field(default_factory=dict)

    @field_validator("response", mode="before")
    @classmethod
    def _readable_response(cls, value: Any) -> Any:
        return _json_object(value, UNREADABLE_RESPONSE)

    @classmethod
    def of(cls, name: Any, response: Any, call_id: Any) -> ToolResponse:
        """``ToolResponse(name=name, response=response, call_id=call_id)``, equal to it in every
        way, without pydantic's validation when the values need none (a text name and id, a dict
        response with text keys, as an event's JSON holds them); validated otherwise."""
        if (
            type(name) is str
            and (call_id is None or type(call_id) is str)
            and type(response) is dict
            and _TEXT_TYPE.issuperset(map(type, response))
        ):
            values = {"name": name, "call_id": call_id, "response": dict(response)}
            return unvalidated(cls, values, {"name", "response", "call_id"})
        return cls(name=name, response=response, call_id=call_id)

    @property
    def readable(self) -> bool:
        """False when the tool's response was not a JSON object (:data:`UNREADABLE_RESPONSE`)."""
        return UNREADABLE_RESPONSE not in self.response

    @cached_property
    def outcome(self) -> ToolOutcome:
        """Whether the call succeeded, as this response shows it
        (:func:`checkers.tool_outcome.tool_outcome`), read once: every prefix of a conversation
        that a metric judges shares the response."""
        # Imported here: checkers.tool_outcome reads this module's UNREADABLE_RESPONSE.
        from checkers.tool_outcome import tool_outcome

        return tool_outcome(self.response)


class Turn(CachingModel):
    """One turn of a conversation: what the user said, the tool calls the agent made for it (with
    their responses), and the agent's reply."""

    model_config = ConfigDict(frozen=True)

    user_text: str | None
    """The user's message (the last of the turn, as ADK keeps it); None when the record holds no
    user messages (a tool trajectory)."""
    earlier_user_texts: tuple[str, ...] = ()
    """Messages the user sent before ``user_text`` in the same turn. ADK's invocation keeps only
    the last, so checks do not read these; they are read only to find the scenario a case names
    (:func:`checkers.events.scenario_texts`)."""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_responses: tuple[ToolResponse, ...] = ()
    agent_text: str | None = None
    """The agent's reply ending the turn; None when it gave none."""
    interim_texts: tuple[tuple[int, str], ...] = ()
    """What else the agent showed the user during the turn, in order, each with how many of the
    turn's calls it made before saying it: text written beside a call (before that call) and
    text-only messages followed by more tool activity (ADK shows every event as it comes).
    Checks of what the agent told the user (no fabrication, identity, confirmation) read these
    as said; the turn's answer is :attr:`agent_text` alone."""

    @cached_property
    def pairing(self) -> tuple[tuple[ToolResponse | None, ...], tuple[ToolResponse, ...]]:
        """``(the response of each call or None, the responses that answer no call)`` of this
        turn (:func:`pair_turn`), computed once: every prefix of a conversation shares it."""
        paired, orphans = pair_turn(self.tool_calls, self.tool_responses)
        return (
            tuple(None if i is None else self.tool_responses[i] for i in paired),
            tuple(self.tool_responses[i] for i in orphans),
        )


class Transcript(CachingModel):
    """The part of a conversation a checker judges.

    ``final_text`` is None when the agent gave no final response at all, and ``""`` when it gave
    one with no text. ``turns`` holds the same conversation turn by turn, in order, when the
    source records it (ADK invocations do); it is empty for a transcript built from a final text
    alone, and its calls and responses, taken together, are ``tool_calls`` and ``tool_responses``.
    """

    model_config = ConfigDict(frozen=True)

    final_text: str | None
    tool_calls: tuple[ToolCall, ...] = ()
    tool_responses: tuple[ToolResponse, ...] = ()
    user_texts: tuple[str, ...] = ()
    turns: tuple[Turn, ...] = ()

    @classmethod
    def from_turns(cls, turns: Sequence[Turn]) -> Transcript:
        """The transcript of a conversation given turn by turn: the last turn's reply as its
        final text, and every call, response and user message of all turns, in order. An
        empty conversation is an error (there is no final text to take)."""
        turns = tuple(turns)
        if not turns:
            raise ValueError("a transcript needs at least one turn")
        values = {
            "final_text": turns[-1].agent_text,
            "tool_calls": tuple(call for turn in turns for call in turn.tool_calls),
            "tool_responses": tuple(resp for turn in turns for resp in turn.tool_responses),
            "user_texts": tuple(turn.user_text or "" for turn in turns),
            "turns": turns,
        }
        if cls is Transcript and all(type(turn) is Turn for turn in turns):
            # Turns hold validated fields of these very types: validating again would only
            # copy them (a transcript per recorded session).
            return unvalidated(cls, values, set(values))
        return cls(**values)

    @cached_property
    def pairing(self) -> Pairing:
        """Each tool call with its response (:func:`pair_responses`), computed once."""
        return pair_responses(self)


def transcripts_of_turns(turns: Sequence[Turn]) -> list[Transcript]:
    """The transcript of each prefix ``turns[:i + 1]``, in order (a metric judges every prefix
    of a conversation; the turns are built once and shared by every prefix)."""
    turns = tuple(turns)
    return [Transcript.from_turns(turns[: i + 1]) for i in range(len(turns))]


# --- pairing calls with responses -------------------------------------------------------------


def pair_turn(
    calls: Sequence[ToolCall], responses: Sequence[ToolResponse]
) -> tuple[list[int | None], list[int]]:
    """Pair the responses of one turn with its calls: ``(response index per call, orphans)``.

    A response pairs with the earliest call of the same turn that has the same call id (or, like
    it, none) and the same tool name and is not answered yet; responses are taken in order, so
    a model that numbers its calls ``call_0``, ``call_1`` afresh in every turn is paired right.
    A call that no response answers gets None ("no response", never a success); a response
    that answers no call is an orphan (its index is listed) and is ignored. Linear time.
    """
    waiting: dict[tuple[str | None, str], deque[int]] = {}
    for index, call in enumerate(calls):
        waiting.setdefault((call.call_id or None, call.name), deque()).append(index)
    paired: list[int | None] = [None] * len(calls)
    orphans: list[int] = []
    for index, response in enumerate(responses):
        queue = waiting.get((response.call_id or None, response.name))
        if queue:
            paired[queue.popleft()] = index
        else:
            orphans.append(index)
    return paired, orphans


@dataclass(frozen=True)
class Pairing:
    """Each tool call of a transcript with its response, and the responses that answer no call."""

    responses: tuple[ToolResponse | None, ...]
    """The response of each of ``transcript.tool_calls``, in order; None for no response."""
    orphans: tuple[tuple[int, ToolResponse], ...]
    """``(turn number from 1, response)`` for each response that answers no call."""
    by_turn: bool
    """Whether calls were paired turn by turn; False when the transcript records no turns (or
    turns that do not hold its calls), so the whole conversation was paired as one turn."""

    def notes(self) -> tuple[str, ...]:
        """Sentences for a verdict's notes: which responses were ignored, if any."""
        return orphan_notes(self.orphans)


def orphan_notes(orphans: Sequence[tuple[int, ToolResponse]]) -> tuple[str, ...]:
    """:meth:`Pairing.notes` for these orphans (``(turn number from 1, response)``, in order);
    reads at most the first five, so wording costs the same however many there are."""
    if not orphans:
        return ()
    shown = "; ".join(
        f"{brief_json(r.name)} (id {brief_json(r.call_id)}, turn {turn})" for turn, r in orphans[:5]
    )
    more = f" and {len(orphans) - 5} more" if len(orphans) > 5 else ""
    return (
        f"{len(orphans)} tool response(s) answer no call of their turn (same id and tool name) "
        f"and were ignored: {shown}{more}",
    )


def _turn_spans(transcript: Transcript) -> list[tuple[range, range]] | None:
    """Where each turn's calls and responses lie in the transcript's flat lists, or None when
    the transcript has no turns or its turns do not hold exactly its calls and responses."""
    if not transcript.turns:
        return None
    spans: list[tuple[range, range]] = []
    call_at = response_at = 0
    for turn in transcript.turns:
        spans.append(
            (
                range(call_at, call_at + len(turn.tool_calls)),
                range(response_at, response_at + len(turn.tool_responses)),
            )
        )
        call_at += len(turn.tool_calls)
        response_at += len(turn.tool_responses)
    if (call_at, response_at) != (len(transcript.tool_calls), len(transcript.tool_responses)):
        return None
    # Pairing reads only names and ids: the turns agree with the flat lists when those do.
    same_calls = _same_keys(
        (c for t in transcript.turns for c in t.tool_calls), transcript.tool_calls
    )
    same_responses = _same_keys(
        (r for t in transcript.turns for r in t.tool_responses), transcript.tool_responses
    )
    return spans if same_calls and same_responses else None


def _turns_are_the_lists(transcript: Transcript) -> bool:
    """Whether the turns' calls and responses are, object for object, the flat lists (as
    every reader here builds them): then each turn's own pairing is the transcript's."""
    turns = transcript.turns
    chain = itertools.chain.from_iterable
    return (
        sum(len(t.tool_calls) for t in turns) == len(transcript.tool_calls)
        and sum(len(t.tool_responses) for t in turns) == len(transcript.tool_responses)
        and all(map(operator.is_, chain(t.tool_calls for t in turns), transcript.tool_calls))
        and all(
            map(operator.is_, chain(t.tool_responses for t in turns), transcript.tool_responses)
        )
    )


def _same_keys(
    ours: Iterable[ToolCall | ToolResponse], theirs: Iterable[ToolCall | ToolResponse]
) -> bool:
    return all(
        a is b or (a.name, a.call_id) == (b.name, b.call_id)
        for a, b in zip(ours, theirs, strict=True)
    )


def pair_responses(transcript: Transcript) -> Pairing:
    """Pair every tool call of ``transcript`` with its response, turn by turn (:func:`pair_turn`).

    Call ids are only unique within a turn (models reuse ``call_0`` in every turn), so a
    response never answers a call of another turn. A transcript without turns (one built from
    a final text and a list of calls) is paired as one turn. Never raises; linear time.
    """
    turns = transcript.turns
    if turns and _turns_are_the_lists(transcript):
        return Pairing(
            tuple(itertools.chain.from_iterable(t.pairing[0] for t in turns)),
            tuple((number, r) for number, t in enumerate(turns, 1) for r in t.pairing[1]),
            by_turn=True,
        )
    spans = _turn_spans(transcript)
    by_turn = spans is not None
    if spans is None:
        spans = [(range(len(transcript.tool_calls)), range(len(transcript.tool_responses)))]
    responses: list[ToolResponse | None] = [None] * len(transcript.tool_calls)
    orphans: list[tuple[int, ToolResponse]] = []
    for turn, (call_span, response_span) in enumerate(spans, 1):
        turn_responses = transcript.tool_responses[response_span.start : response_span.stop]
        paired, lost = pair_turn(
            transcript.tool_calls[call_span.start : call_span.stop], turn_responses
        )
        for offset, answer in enumerate(paired):
            if answer is not None:
                responses[call_span.start + offset] = turn_responses[answer]
        orphans.extend((turn, turn_responses[i]) for i in lost)
    return Pairing(tuple(responses), tuple(orphans), by_turn)
