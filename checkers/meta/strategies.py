"""Domain-agnostic hypothesis strategies: final texts around an answer, prose, unrelated tool
calls, and the ways a required answer field goes missing.

Every strategy here composes from small pieces, so a domain may reuse any of them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from checkers.meta.spec import Answer
from checkers.transcript import ToolCall, ToolResponse, Transcript

PROSE_WORDS = (
    "Here",
    "is",
    "my",
    "proposal",
    "for",
    "the",
    "group",
    "choice",
    "everyone",
    "should",
    "enjoy",
    "it",
    "I",
    "checked",
    "options",
    "times",
    "and",
    "constraints",
    "Have",
    "a",
    "nice",
    "day",
    "café",
    "naïve",
    "Zürich",
    "Crème",
    "—",
    "✓",
    "12",
    "7.5",
    "km",
    "%",
)
"""Words prose is made of: no braces, brackets or backticks, so prose never holds JSON; no
person's name, so prose never explains anything about a subject."""

UNRELATED_TOOLS = ("get_weather", "search_web", "get_time", "translate", "lookup_news")

ANSWER_FORMS = ("bare", "indented", "fenced", "fenced_plain", "inline")
"""How an answer object is written into a final text."""


@st.composite
def prose(draw: st.DrawFn, min_words: int = 0, max_words: int = 12) -> str:
    """A sentence from :data:`PROSE_WORDS`, possibly empty, never holding a JSON value."""
    words = draw(st.lists(st.sampled_from(PROSE_WORDS), min_size=min_words, max_size=max_words))
    end = draw(st.sampled_from(("", ".", "!", ":", "\n")))
    return " ".join(words) + end


def write_answer(answer: Answer, form: str, before: str = "", after: str = "") -> str:
    """The final text holding ``answer`` in ``form`` (one of :data:`ANSWER_FORMS`)."""
    compact = json.dumps(answer, ensure_ascii=False)
    if form == "bare":
        return compact
    if form == "indented":
        return json.dumps(answer, ensure_ascii=False, indent=2)
    if form == "fenced":
        return f"{before}\n\n```json\n{compact}\n```\n\n{after}"
    if form == "fenced_plain":
        return f"{before}\n```\n{compact}\n```\n{after}"
    if form == "inline":
        return f"{before} {compact} {after}"
    raise ValueError(f"unknown answer form {form!r}; use one of {', '.join(ANSWER_FORMS)}")


@st.composite
def final_texts(draw: st.DrawFn, answer: Answer) -> str:
    """A final text that holds ``answer`` as its one JSON object: bare, fenced or in prose."""
    form = draw(st.sampled_from(ANSWER_FORMS))
    return write_answer(answer, form, draw(prose()), draw(prose()))


def with_prose(text: str, before: str, after: str) -> str:
    """``text`` with prose around it (on its own lines, so a bare JSON answer stays readable)."""
    return f"{before}\n{text}\n{after}"


_LEAVES = st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(("x", "r1", ""))
_KEYS = st.sampled_from(("a", "b", "id"))
JSON_VALUES = _LEAVES | st.lists(_LEAVES, max_size=2) | st.dictionaries(_KEYS, _LEAVES, max_size=2)
"""Small JSON values for tool arguments and responses (one level deep: cheap to draw)."""


_RESPONSES = st.dictionaries(st.sampled_from(("result", "status")), JSON_VALUES, max_size=2)


@st.composite
def unrelated_calls(
    draw: st.DrawFn, relevant: frozenset[str], max_calls: int = 3
) -> tuple[tuple[ToolCall, ToolResponse | None], ...]:
    """Calls to tools a metric does not look at, each with a response or none."""
    names = [n for n in UNRELATED_TOOLS if n not in relevant]
    count = draw(st.integers(0, max_calls)) if names else 0
    calls = []
    for index in range(count):
        name = draw(st.sampled_from(names))
        args = draw(
            st.dictionaries(st.sampled_from(("q", "city", "text")), JSON_VALUES, max_size=2)
        )
        call = ToolCall(name=name, args=args, call_id=f"unrelated-{index}")
        body = draw(st.none() | _RESPONSES)
        response = (
            None if body is None else ToolResponse(name=name, response=body, call_id=call.call_id)
        )
        calls.append((call, response))
    return tuple(calls)


def insert_calls(
    transcript: Transcript,
    extra: Sequence[tuple[ToolCall, ToolResponse | None]],
    positions: Sequence[int],
) -> Transcript:
    """``transcript`` with ``extra`` calls inserted at ``positions`` (indexes into the calls
    as they grow), their responses appended; the original calls keep their relative order.

    A transcript recorded turn by turn gets each call inside the turn that holds its position
    (the last turn past the end), so checks that read turns see it too, and the flat call and
    response lists stay the turns' taken together.
    """
    turns = transcript.turns
    # A transcript without turns is treated as one turn holding every call.
    turn_calls = [list(t.tool_calls) for t in turns] or [list(transcript.tool_calls)]
    turn_responses = [list(t.tool_responses) for t in turns] or [list(transcript.tool_responses)]
    for (call, response), position in zip(extra, positions, strict=True):
        index, offset = _turn_position(turn_calls, position)
        turn_calls[index].insert(offset, call)
        if response is not None:
            turn_responses[index].append(response)
    update: dict[str, Any] = {
        "tool_calls": tuple(c for calls in turn_calls for c in calls),
        "tool_responses": tuple(r for responses in turn_responses for r in responses),
    }
    if turns:
        update["turns"] = tuple(
            turn.model_copy(update={"tool_calls": tuple(c), "tool_responses": tuple(r)})
            for turn, c, r in zip(turns, turn_calls, turn_responses, strict=True)
        )
    return transcript.model_copy(update=update)


def _turn_position(turn_calls: Sequence[Sequence[ToolCall]], position: int) -> tuple[int, int]:
    """The turn and the offset in it of flat call index ``position`` (the end of the last turn
    when it is past every call)."""
    for index, calls in enumerate(turn_calls):
        if position <= len(calls):
            return index, position
        position -= len(calls)
    return len(turn_calls) - 1, len(turn_calls[-1])


# --- incomplete answers ------------------------------------------------------------------------

MUTATIONS = ("removed", "emptied", "garbled", "wrong_type")
"""Ways a required field goes missing: key removed, value emptied, garbled, or of the wrong type."""


@dataclass(frozen=True)
class FieldMutation:
    """What was done to one required field of an answer."""

    field: str
    how: str
    value: Any = None
    """The new value (ignored when the key was removed)."""

    def apply(self, answer: Answer) -> Answer:
        """A copy of ``answer`` with this mutation applied."""
        changed = dict(answer)
        if self.how == "removed":
            changed.pop(self.field, None)
        else:
            changed[self.field] = self.value
        return changed

    def describe(self) -> str:
        if self.how == "removed":
            return f"{self.field} removed"
        return f"{self.field} {self.how} to {json.dumps(self.value, ensure_ascii=False)}"


EMPTY_VALUES: tuple[Any, ...] = ("", "   ", None, [], {})
WRONG_TYPES = st.one_of(
    st.integers(-2000, 2400),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.booleans(),
    st.lists(st.sampled_from(("19:00", "r1", 1)), min_size=1, max_size=2),
    st.dictionaries(
        st.sampled_from(("id", "name", "value")),
        st.sampled_from(("r1", "19:00")),
        min_size=1,
        max_size=2,
    ),
)
"""Values of a type no required field accepts (numbers, booleans, arrays, objects)."""


@st.composite
def field_mutations(
    draw: st.DrawFn,
    answer: Answer,
    field_name: str,
    garble: Callable[[str, Any], st.SearchStrategy[Any]],
) -> FieldMutation:
    """One way ``field_name`` of ``answer`` goes missing (see :data:`MUTATIONS`)."""
    how = draw(st.sampled_from(MUTATIONS))
    if how == "removed":
        return FieldMutation(field_name, how)
    if how == "emptied":
        return FieldMutation(field_name, how, draw(st.sampled_from(EMPTY_VALUES)))
    if how == "garbled":
        return FieldMutation(field_name, how, draw(garble(field_name, answer.get(field_name))))
    return FieldMutation(field_name, how, draw(WRONG_TYPES))
