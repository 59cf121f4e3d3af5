"""Reading a conversation from its events' JSON, as ADK reads them: the core every front door
shares (``checkers score`` on recorded sessions, agents-cli's ``evaluate(instance)``).

An event is what ``Event.model_dump(mode="json")`` gives, or an agents-cli / Agent Platform
trace's event: ``{"author", "content": {"role", "parts": [...]}}``. What is read:

- **the user's text**: an event whose author is ``user`` (in any case, as ADK reads it); one
  without an author is the user's when its content's role says so, unless it holds a tool's
  response (ADK records those with role ``user``: they are the agent's side). Of several
  messages in one turn the last is the turn's, as ADK keeps the last user event as the
  invocation's ``user_content``; the earlier ones are kept apart
  (:attr:`~checkers.transcript.Turn.earlier_user_texts`) and read only to find the scenario a
  case names (:func:`scenario_texts`: a tag in an earlier message can name a second scenario,
  and that case fails rather than being judged in one of them);
- **the agent's function calls and responses**, in order;
- **the reply**: the visible text (thought parts left out) of the last agent event that holds no
  call or response (ADK's final response: a plan said beside a call is no reply);
- **everything else the agent showed the user** (:attr:`~checkers.transcript.Turn.interim_texts`):
  text beside a call (also kept on the call, :attr:`~checkers.transcript.ToolCall.beside_text`,
  with the number of the event that made it), and text-only events followed by more tool
  activity. ADK streams every event to the user, so none of it is dropped: a status made up
  beside a lookup is as said as one in the reply.

Fields may be spelled in snake_case or camelCase (``functionCall``), and a content may be plain
text. Nothing is read by picking one of several answers or by skipping what cannot be read:
:class:`EventsError` says why, with a stable reason code the caller turns into a failing verdict
(never a pass): two different final replies after a turn's last tool call
(:data:`CONFLICTING_REPLIES`); a part, event or turn that is not an object, a text that is not a
string, a thought flag that is neither true nor false, two spellings of a field that differ
(:data:`UNREADABLE_INSTANCE`); more than :data:`MAX_EVENTS` events or :data:`MAX_PARTS` parts
(:data:`TOO_LARGE`). The codes keep the words agents-cli's metric first gave them: an "instance"
is whatever is judged, an eval case or a recorded session.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from checkers.text import cut
from checkers.transcript import ToolCall, ToolResponse, Transcript, Turn, brief_json

UNREADABLE_INSTANCE = "unreadable_instance"
"""Reason code of events that cannot be read as a conversation (an event or part that is not an
object, turns not a list, a text that is not a string, two spellings of a field that differ)."""
CONFLICTING_REPLIES = "conflicting_replies"
"""Reason code of a turn that ends in two different final replies (after its last tool call)."""
TOO_LARGE = "instance_too_large"
"""Reason code of a conversation past :data:`MAX_EVENTS` or :data:`MAX_PARTS`."""


class EventsError(ValueError):
    """Events that cannot be read as a conversation; its ``code`` is the reason code
    (:data:`UNREADABLE_INSTANCE`, :data:`CONFLICTING_REPLIES`, :data:`TOO_LARGE`) and its
    message says what was wrong and how to fix it."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


MAX_PARTS = 10_000
"""Content parts (texts, calls, responses) one conversation may hold, over all its events."""
MAX_EVENTS = 20_000
"""Events and messages one conversation may hold, parts or none."""

_THOUGHT_WORDS = {
    **dict.fromkeys(("1", "on", "t", "true", "y", "yes"), True),
    **dict.fromkeys(("0", "off", "f", "false", "n", "no"), False),
}
"""How genai's ``Part.thought`` (a pydantic bool) reads a text flag, as ADK would load it."""


class Budget:
    """What is left of :data:`MAX_EVENTS` and :data:`MAX_PARTS` while one conversation is read."""

    def __init__(self) -> None:
        self.events = MAX_EVENTS
        self.parts = MAX_PARTS

    def spend(self, parts: int) -> None:
        """Count one event with ``parts`` parts; EventsError once the conversation is
        too large."""
        self.events -= 1
        self.parts -= parts
        if self.events < 0 or self.parts < 0:
            raise EventsError(
                TOO_LARGE,
                f"the conversation holds more than {MAX_EVENTS:,} events or {MAX_PARTS:,} content "
                "parts; it is not judged (judging it would take too long): split it",
            )


def as_list(value: Any, where: str) -> list[Any]:
    """``value`` as a list (None as empty); anything else is unreadable."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise EventsError(
            UNREADABLE_INSTANCE, f"{where} must be a list, got {type(value).__name__}"
        )
    return value


def as_records(value: Any, where: str) -> list[Mapping[str, Any]]:
    """``value`` as a list of objects (turns, events, messages, parts: None as empty); an item
    that is not an object is unreadable, since skipping it could hide a call or an answer."""
    items = as_list(value, where)
    for item in items:
        if type(item) is not dict and not isinstance(item, Mapping):
            raise EventsError(
                UNREADABLE_INSTANCE, f"each of {where} must be an object, got {type(item).__name__}"
            )
    return items


def same_json(one: Any, other: Any) -> bool:
    """Whether two JSON values are equal; values too deep to compare count as different."""
    try:
        return bool(one is other or one == other)
    except RecursionError:
        return False


_ABSENT = object()


def field_of(record: Any, *names: str) -> Any:
    """The value of the field ``names`` spell (snake_case, then camelCase: the JSON of Google's
    types may use either) in ``record`` (an object), else None.

    Two spellings holding different values are two answers to one question: EventsError."""
    # A JSON object is a dict: the exact type check first spares the ABC's slower one.
    if type(record) is not dict and not isinstance(record, Mapping):
        return None
    found: Any = _ABSENT
    for name in names:
        if name not in record:
            continue
        if found is _ABSENT:
            found = record[name]
        elif not same_json(found, record[name]):
            raise EventsError(
                UNREADABLE_INSTANCE,
                f"the fields {' and '.join(n for n in names if n in record)} both hold a value "
                "and they differ: two versions of one field, neither is read; keep one",
            )
    return None if found is _ABSENT else found


def as_content(value: Any, where: str) -> Mapping[str, Any] | None:
    """A genai Content's JSON (an object with ``parts``), a plain text read as one text part,
    or None for no content; anything else is unreadable (:data:`UNREADABLE_INSTANCE`)."""
    if value is None or type(value) is dict or isinstance(value, Mapping):
        return value
    if isinstance(value, str):
        return {"parts": [{"text": value}]}
    raise EventsError(
        UNREADABLE_INSTANCE, f"{where} must be a content object or text, got {type(value).__name__}"
    )


def parts_of(content: Any) -> list[Mapping[str, Any]]:
    """The parts of a content's JSON, each an object (anything else is unreadable: a part
    skipped could hide a second answer or a tool call)."""
    return as_records(field_of(content, "parts"), "content.parts")


def _text(part: Mapping[str, Any]) -> str | None:
    """The part's text (None when it has none); a text that is not a string is unreadable."""
    text = part.get("text")
    if text is None or isinstance(text, str):
        return text
    raise EventsError(
        UNREADABLE_INSTANCE, f"a part's text must be a string, got {type(text).__name__}"
    )


def _thought(part: Mapping[str, Any]) -> bool:
    """Whether the part is a thought, read as genai's pydantic model reads the flag (``"false"``
    is False); a flag that model would refuse is unreadable (the text could be either)."""
    flag = part.get("thought")
    if flag is None or isinstance(flag, bool):
        return bool(flag)
    if isinstance(flag, int | float) and flag in (0, 1):
        return bool(flag)
    if isinstance(flag, str) and flag.strip().lower() in _THOUGHT_WORDS:
        return _THOUGHT_WORDS[flag.strip().lower()]
    raise EventsError(
        UNREADABLE_INSTANCE, f"a part's thought flag must be true or false, got {brief_json(flag)}"
    )


def texts_of(parts: Sequence[Mapping[str, Any]]) -> tuple[str, str]:
    """``(visible text, all text)`` of parts: thought parts are left out of the first only."""
    visible, every = [], []
    for part in parts:
        text = _text(part)
        if text:
            every.append(text)
            if not _thought(part):
                visible.append(text)
    return "".join(visible), "".join(every)


def content_text(content: Any) -> str | None:
    """The visible text of a content's JSON (thought parts left out), or None when it has no
    visible text."""
    return texts_of(parts_of(content))[0] or None


def _record(part: Mapping[str, Any], snake: str, camel: str) -> Mapping[str, Any] | None:
    """The function call or response a part holds (under ``snake`` or ``camel``), or None; one
    that is not an object is unreadable (skipping it could hide a call)."""
    # A JSON part spells the field one way: a dict without the other spelling needs no
    # comparison of the two.
    value = (
        part.get(snake)
        if type(part) is dict and camel not in part
        else field_of(part, snake, camel)
    )
    if value is None or type(value) is dict or isinstance(value, Mapping):
        return value
    raise EventsError(
        UNREADABLE_INSTANCE, f"a part's {snake} must be an object, got {type(value).__name__}"
    )


_PlainEvent = tuple[int, bool, str, str, list[dict[str, Any]], list[dict[str, Any]]]
"""An event read in one pass: its number of parts, whether it is the user's, its visible and
all text (:func:`texts_of`), and the function call and response records of its parts."""


def _plain_event(event: dict[str, Any]) -> _PlainEvent | None:
    """An event in the shape ADK's JSON gives it (a non-empty text author, a content object
    whose parts are objects, text that is a string, a thought flag that is true, false or
    absent, calls and responses as objects under their snake_case names), read in one pass;
    None for any other shape, which the long way reads (:func:`event_parts`, :func:`is_user`,
    :func:`texts_of`, :meth:`TurnReading.read_parts`) and which says what is wrong with it.
    What it reads is what the long way reads (``tests/test_fast_paths.py`` holds it so): every
    event a session holds is read, and most are in this shape."""
    author = event.get("author")
    content = event.get("content")
    if type(author) is not str or not author or type(content) is not dict:
        return None
    parts = content.get("parts")
    if type(parts) is not list:
        return None
    visible: list[str] = []
    every: list[str] = []
    calls: list[dict[str, Any]] = []
    responses: list[dict[str, Any]] = []
    for part in parts:
        if type(part) is dict and len(part) == 1:
            # A part holding a call or a response alone, as most do: one look-up reads it.
            response = part.get("function_response")
            if type(response) is dict:
                responses.append(response)
                continue
            call = part.get("function_call")
            if type(call) is dict:
                calls.append(call)
                continue
        if type(part) is not dict or "functionCall" in part or "functionResponse" in part:
            return None
        text = part.get("text")
        if text is not None:
            if type(text) is not str:
                return None
            if text:
                thought = part.get("thought")
                if thought is None or thought is False:
                    visible.append(text)
                elif thought is not True:
                    return None
                every.append(text)
        call = part.get("function_call")
        if call is not None:
            if type(call) is not dict:
                return None
            calls.append(call)
        response = part.get("function_response")
        if response is not None:
            if type(response) is not dict:
                return None
            responses.append(response)
    return len(parts), author.lower() == "user", "".join(visible), "".join(every), calls, responses


def is_user(event: Any, parts: Sequence[Mapping[str, Any]]) -> bool:
    """Whether an event (or message) is the user's: its author is ``user`` (in any case, as ADK
    reads it). One without an author is the user's when its content's role says so, unless it
    holds a tool's response (ADK records those with role ``user``: they are the agent's side)."""
    author = field_of(event, "author")
    if isinstance(author, str) and author:
        return author.lower() == "user"
    if field_of(field_of(event, "content"), "role") != "user":
        return False
    return not any(field_of(p, "function_response", "functionResponse") is not None for p in parts)


class TurnReading:
    """One turn read event by event, as ADK reads an invocation's events (see the module
    docstring): :meth:`read` takes an event's JSON; :meth:`user_message`, :meth:`agent_event` and
    :meth:`reply` take what an event holds, so that ADK's adapter
    (:func:`checkers.adk.invocations.reply_problem`) keeps the same rules over ADK's types."""

    def __init__(self) -> None:
        self.user: list[str] = []
        self.calls: list[ToolCall] = []
        self.responses: list[ToolResponse] = []
        self.final: tuple[str, str] | None = None  # (visible, all text) of ADK's final response
        self.replies: list[tuple[int, str]] = []  # (calls before, visible final reply) since the
        # last tool activity: more tool activity makes them interim texts
        self.interim: list[tuple[int, str]] = []  # (calls before, text) shown before the end
        self.last_text: tuple[str, str] | None = None  # the last agent text, as agents-cli keeps it
        self.events = 0  # events read: an event's number names the message that made its calls

    def read(
        self, event: Any, budget: Budget, parts: Sequence[Mapping[str, Any]] | None = None
    ) -> None:
        """One event's JSON (``parts``: its :func:`event_parts`, if read already); EventsError
        for one that cannot be read."""
        if parts is None:
            parts = event_parts(event)
        budget.spend(len(parts))
        texts = texts_of(parts)
        self.read_parts(parts, texts, is_user(event, parts))

    def read_parts(
        self, parts: Sequence[Mapping[str, Any]], texts: tuple[str, str], users: bool
    ) -> None:
        """:meth:`read` of an event already counted in the budget, given its parts, their
        :func:`texts_of` and whether it is the user's (:func:`is_user`)."""
        if users or not parts:
            self.read_records(len(parts), users, *texts, [], [])
            return
        # Most parts hold neither (a text): a look for the key spares reading them as records.
        calls = [
            c
            for p in parts
            if ("function_call" in p or "functionCall" in p)
            and (c := _record(p, "function_call", "functionCall")) is not None
        ]
        responses = [
            r
            for p in parts
            if ("function_response" in p or "functionResponse" in p)
            and (r := _record(p, "function_response", "functionResponse")) is not None
        ]
        self.read_records(len(parts), users, *texts, calls, responses)

    def read_records(
        self,
        parts: int,
        users: bool,
        visible: str,
        every: str,
        calls: Sequence[Mapping[str, Any]],
        responses: Sequence[Mapping[str, Any]],
    ) -> None:
        """:meth:`read_parts` of an event read already: its number of parts, whether it is the
        user's, its visible and all text, and its call and response records (:func:`_record`)."""
        self.events += 1
        if users:
            self.user_message(visible)
            return
        if not parts:
            return  # ADK reads only events with parts
        message, beside = self.events, visible.strip() or None
        self.agent_event(
            [
                ToolCall.of(c.get("name") or "", c.get("args"), c.get("id"), message, beside)
                for c in calls
            ],
            [
                ToolResponse.of(r.get("name") or "", r.get("response"), r.get("id"))
                for r in responses
            ],
            visible,
            every,
        )

    def user_message(self, visible: str) -> None:
        """A user event, by its visible text. One without text (a tool's response a client sends
        under the user's role) is no message: ADK would keep its empty content as the turn's,
        hiding the message the user typed."""
        if visible:
            self.user.append(visible)

    def agent_event(
        self,
        calls: Sequence[ToolCall] = (),
        responses: Sequence[ToolResponse] = (),
        visible: str = "",
        every: str = "",
    ) -> None:
        """An agent event with parts: its calls, responses, visible text and all its text
        (thought parts included). Visible text beside a call or response, and final replies
        that more tool activity follows, become interim texts: the user saw them."""
        if every:
            self.last_text = (visible, every)
        if calls or responses:
            self.interim += self.replies
            self.replies.clear()
            if visible.strip():
                self.interim.append((len(self.calls), visible))
            self.calls += calls
            self.responses += responses
            return
        # ADK's final response: the last event with neither call nor response, one with text
        # preferred over a later one without (Event.is_final_response and its invocation reader).
        if self.final is None or not self.final[1] or every:
            self.final = (visible, every)
        self.reply(visible)

    def reply(self, visible: str) -> None:
        """A final reply said after the turn's tool activity, counted for :meth:`problem` (ADK's
        invocation gives its final response apart from its events). Replies that differ only in
        surrounding white space are one."""
        if visible and visible.strip() not in (r.strip() for _, r in self.replies):
            self.replies.append((len(self.calls), visible))

    def problem(self) -> EventsError | None:
        """Why the turn cannot be judged (two different final replies after its last call or
        response: two answers, none is picked), or None."""
        if len(self.replies) < 2:
            return None
        return EventsError(
            CONFLICTING_REPLIES,
            f"the agent gave {len(self.replies)} different final replies in one turn "
            f"({cut(self.replies[0][1], 80)!r}, then {cut(self.replies[-1][1], 80)!r}): "
            "several answers, none is judged; end each turn with one reply",
        )

    def turn(self) -> Turn:
        """The turn: the user's last message (as ADK keeps it; the earlier ones apart, read only
        for scenario tags), the calls and responses in order, and ADK's final response as the
        reply. Raises :meth:`problem`'s EventsError."""
        problem = self.problem()
        if problem is not None:
            raise problem
        return Turn(
            user_text=self.user[-1] if self.user else "",
            earlier_user_texts=tuple(self.user[:-1]),
            tool_calls=tuple(self.calls),
            tool_responses=tuple(self.responses),
            agent_text=None if self.final is None else self.final[0],
            interim_texts=tuple(self.interim),
        )

    def reply_forms(self) -> set[str]:
        """The texts a case's ``response`` may give for this turn's reply: agents-cli records the
        last agent text (thought parts included) and ADK judges the final response's visible
        text."""
        return {t for pair in (self.last_text, self.final) if pair for t in pair if t}


def scenario_texts(turns: Iterable[Turn] | Transcript) -> list[str]:
    """Every message the user sent, in order, the earlier ones of a turn included: where
    ``[scenario:<id>]`` tags are looked for (ADK judges only a turn's last message, but a tag in
    an earlier one still names a scenario, and two different ones make the case fail)."""
    if isinstance(turns, Transcript):
        if not turns.turns:
            return list(turns.user_texts)
        turns = turns.turns
    return [text for turn in turns for text in (*turn.earlier_user_texts, turn.user_text or "")]


def turn_of_events(events: Sequence[Any]) -> Turn:
    """One conversation turn from its events' JSON, read as ADK reads an invocation: the user's
    text, the agent's calls and responses in order, and as its reply the visible text of the
    last agent event that holds no call or response (ADK's final response). Raises
    EventsError for events it cannot read, or two different final replies after the turn's
    last tool call (two answers)."""
    reading = TurnReading()
    budget = Budget()
    for event in events:
        reading.read(event, budget)
    return reading.turn()


def event_parts(event: Any) -> list[Mapping[str, Any]]:
    """The parts of an event's content; EventsError for a content or a part that cannot be
    read."""
    return parts_of(as_content(field_of(event, "content"), "an event's content"))


def conversation_turns(events: Iterable[Any]) -> list[Turn]:
    """The turns of a whole conversation's events (a recorded session's), a new turn at each
    message the user wrote; events before the first one form a turn of their own. The limits
    (:data:`MAX_EVENTS`, :data:`MAX_PARTS`) hold for the whole conversation. Raises
    EventsError as :func:`turn_of_events` does."""
    readings: list[TurnReading] = []
    budget = Budget()
    for event in events:
        # Most events are in ADK's usual shape: read in one pass, as the long way below reads
        # them (an event that is no object, or any other shape, is read the long way).
        plain = _plain_event(event) if type(event) is dict else None
        if plain is not None:
            if not readings or (plain[1] and plain[2]):  # the first event, or a user's message
                readings.append(TurnReading())
            budget.spend(plain[0])
            readings[-1].read_records(*plain)
            continue
        # Skipped, it could hide a call or an answer. (A JSON object is a dict: the exact type
        # check first spares the ABC's slower one.)
        if type(event) is not dict and not isinstance(event, Mapping):
            raise EventsError(
                UNREADABLE_INSTANCE, f"each event must be an object, got {type(event).__name__}"
            )
        parts = event_parts(event)
        if not readings:
            readings.append(TurnReading())
            readings[-1].read(event, budget, parts)
            continue
        # A later event is read as TurnReading.read reads one, but whose it is and (for the
        # user's) its texts come first, to tell whether it opens a turn: each is read once, in
        # the order this reading always took (of two unreadable things in one event, the
        # error names the one read first).
        users = is_user(event, parts)
        texts = texts_of(parts) if users else None
        if texts is not None and texts[0]:  # a message the user wrote
            readings.append(TurnReading())
        budget.spend(len(parts))
        readings[-1].read_parts(parts, texts_of(parts) if texts is None else texts, users)
    return [reading.turn() for reading in readings]
