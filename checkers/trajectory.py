"""Requirements on the path an agent took: which tools it called, in which order, how often.

Each requirement matches tool calls with a :class:`ToolMatch` (a tool name, optional argument
constraints, and optionally "its response was not an error") and is judged by a pure check over
a :class:`~checkers.transcript.Transcript`::

    menu_before_booking = CalledBefore(
        first=ToolMatch(name="get_menu", args={"restaurant_id": SameAs("restaurant_id")},
                        succeeded=True),
        then=ToolMatch(name="book_table"),
    )
    check_trajectory(menu_before_booking, transcript).outcome  # pass / fail / incomplete

Positions in reasons are 1-based over the transcript's tool calls ("call #3"). Every rule reads
a call's response through :func:`~checkers.transcript.pair_responses`: within the call's turn,
by call id and tool name, in order (models reuse ``call_0`` in every turn, so ids are not unique
across a conversation). Whether a response is a success is decided by the tool-outcome model
(:func:`checkers.tool_outcome.tool_outcome`, asked through :func:`response_succeeded`), which
fails closed: a failure in any known shape never counts, and an outcome it cannot read is unknown.

When success matters and a call has no response, the check is ``incomplete``
(``response_missing``); likewise for a response that is not a JSON object
(``response_unreadable``) or that reads as neither a success nor a failure
(``response_unclassified``), and, when a match names arguments, for a call whose arguments are not
a JSON object (``args_unreadable``): a call that may or may not count never makes a rule pass.
Checks never raise on agent output (lone surrogates, any nesting depth, huge numbers) and take
time linear in the number of calls.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import operator
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, JsonValue, model_validator

from checkers.requirements import CheckRegistry, Requirement
from checkers.results import Outcome, RequirementResult
from checkers.text import cut, without_surrogates
from checkers.tool_outcome import tool_outcome
from checkers.transcript import (
    UNREADABLE_ARGS,
    ToolCall,
    ToolResponse,
    Transcript,
    Turn,
    brief_json,
    transcripts_of_turns,
)

__all__ = [
    "TRAJECTORY_CHECKS",
    "ArgMatch",
    "CalledAtLeast",
    "CalledAtMost",
    "CalledBefore",
    "CalledInAnyOrder",
    "CalledInOrder",
    "Equals",
    "NeverCalled",
    "SameAs",
    "ToolMatch",
    "TrajectoryRequirement",
    "check_trajectory",
    "check_trajectory_each",
    "is_error_response",
    "response_succeeded",
]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


_UNSET: Any = object()


def _positional(field: str, value: Any, data: dict[str, Any]) -> dict[str, Any]:
    # Pydantic also calls a custom __init__ with keywords while validating a union, so the
    # positional form must be optional.
    return data if value is _UNSET else {field: value, **data}


class Equals(_Model):
    """The argument must equal this JSON value exactly (``True`` does not equal ``1``).

    A plain value in ``ToolMatch.args`` means ``Equals``: ``{"restaurant_id": "r1"}``. Write
    ``Equals({...})`` (JSON ``{"equals": {...}}``) to compare with an object value.
    """

    equals: JsonValue
    """The expected value; an argument the call does not pass never equals anything."""

    def __init__(self, value: Any = _UNSET, /, **data: Any) -> None:
        super().__init__(**_positional("equals", value, data))


class SameAs(_Model):
    """The argument must equal argument ``same_as`` of the ``then`` call of a CalledBefore.

    Only meaningful in ``CalledBefore.first``; other requirements reject it.
    JSON: ``{"same_as": "restaurant_id"}``.
    """

    same_as: str = Field(min_length=1)
    """Name of the argument of the ``then`` call whose value must be repeated."""

    def __init__(self, argument: Any = _UNSET, /, **data: Any) -> None:
        super().__init__(**_positional("same_as", argument, data))


def _plain_value_means_equals(value: Any) -> Any:
    if isinstance(value, Equals | SameAs):
        return value
    if not isinstance(value, dict):
        return {"equals": value}
    if len(value) == 1 and next(iter(value)) in ("equals", "same_as"):
        return value
    raise ValueError(
        f"argument constraint {value!r} is an object: write {{'equals': {value!r}}} to compare "
        "with it, or {'same_as': 'restaurant_id'} to repeat an argument of the `then` call"
    )


ArgMatch = Annotated[Equals | SameAs, BeforeValidator(_plain_value_means_equals)]
"""How one argument must look: a plain value or :class:`Equals`, or :class:`SameAs`."""


class ToolMatch(_Model):
    """Which tool calls count: by name, by arguments, and optionally only successful ones."""

    name: str = Field(min_length=1)
    """The tool's name, exactly as the agent calls it."""
    args: dict[str, ArgMatch] = Field(default_factory=dict)
    """Constraints on arguments; arguments not named here may have any value."""
    succeeded: bool = False
    """If true, only calls whose response is not an error count (see the module docstring)."""

    def references(self) -> dict[str, str]:
        """``{argument: referenced argument of the then call}`` for each :class:`SameAs`."""
        return {arg: m.same_as for arg, m in self.args.items() if isinstance(m, SameAs)}


def _reject_references(match: ToolMatch, where: str) -> None:
    for arg, referenced in match.references().items():
        raise ValueError(
            f"{where}: {arg}=SameAs({referenced!r}) refers to the `then` call of a "
            "called_before requirement and means nothing here; use a plain value such as "
            f"{{{arg!r}: 'r1'}}"
        )


class CalledBefore(Requirement):
    """Every call matching ``then`` is preceded by a call matching ``first``.

    Passes vacuously when ``then`` is never called. ``first`` may use :class:`SameAs` to refer to
    the arguments of each ``then`` call: "the menu of the restaurant being booked".
    """

    kind: Literal["called_before"] = "called_before"
    first: ToolMatch
    """What must have happened earlier; may use SameAs."""
    then: ToolMatch
    """The calls that need a matching earlier call; no SameAs."""

    @cached_property
    def first_tried(self) -> ToolMatch:
        """``first`` but for success: the calls that tried it, whatever their responses say
        (read once per requirement, not once per transcript judged)."""
        return self.first.model_copy(update={"succeeded": False})

    @cached_property
    def first_references(self) -> tuple[tuple[str, str], ...]:
        """``first``'s :meth:`ToolMatch.references`, sorted by argument, read once."""
        return tuple(sorted(self.first.references().items()))

    @model_validator(mode="after")
    def _then_has_no_references(self) -> CalledBefore:
        for arg, referenced in self.then.references().items():
            raise ValueError(
                f"called_before.then: {arg}=SameAs({referenced!r}) would refer to the `then` "
                "call itself; put SameAs only in `first`"
            )
        return self


def _tool_matches(requirement: BaseModel) -> Iterator[tuple[str, ToolMatch]]:
    """Each ToolMatch a requirement holds, with its place: ``("tool", m)``, ``("steps[0]", m)``."""
    for field in type(requirement).model_fields:
        value = getattr(requirement, field)
        if isinstance(value, ToolMatch):
            yield field, value
        elif isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, ToolMatch):
                    yield f"{field}[{index}]", item


class _SelfContained(Requirement):
    """Base of the requirements whose tool matches stand alone: every kind but CalledBefore.

    :class:`SameAs` refers to the ``then`` call of a CalledBefore, so it means nothing here;
    validation rejects it in every ToolMatch the requirement holds.
    """

    @model_validator(mode="after")
    def _no_references(self) -> _SelfContained:
        for where, match in _tool_matches(self):
            _reject_references(match, f"{self.kind}.{where}")
        return self


class NeverCalled(_SelfContained):
    """No call matches ``tool`` (e.g. ``cancel_order`` is never called)."""

    kind: Literal["never_called"] = "never_called"
    tool: ToolMatch
    """The calls that must not happen; with ``succeeded``, failed attempts are allowed."""


class CalledInOrder(_SelfContained):
    """Calls matching ``steps`` occur in this order (other calls may come in between)."""

    kind: Literal["called_in_order"] = "called_in_order"
    steps: list[ToolMatch] = Field(min_length=1)
    """The calls, in the order they must occur; each step needs its own call."""


class CalledInAnyOrder(_SelfContained):
    """Each of ``tools`` is matched by at least one call, in any order.

    One call may satisfy several entries that it matches.
    """

    kind: Literal["called_in_any_order"] = "called_in_any_order"
    tools: list[ToolMatch] = Field(min_length=1)
    """The calls that must all be present."""


class _CallCountLimit(_SelfContained):
    """Base of CalledAtLeast and CalledAtMost: a limit on how many calls match ``tool``."""

    tool: ToolMatch
    """The calls to count."""
    times: int
    """The limit; each subclass says which way it points and how low it may be."""


class CalledAtLeast(_CallCountLimit):
    """At least ``times`` calls match ``tool``."""

    kind: Literal["called_at_least"] = "called_at_least"
    times: int = Field(ge=1)
    """The minimum number of matching calls."""


class CalledAtMost(_CallCountLimit):
    """At most ``times`` calls match ``tool`` (``times=0`` is the same as NeverCalled)."""

    kind: Literal["called_at_most"] = "called_at_most"
    times: int = Field(ge=0)
    """The maximum number of matching calls."""


TrajectoryRequirement = Annotated[
    CalledBefore | NeverCalled | CalledInOrder | CalledInAnyOrder | CalledAtLeast | CalledAtMost,
    Field(discriminator="kind"),
]
"""Any trajectory requirement, loadable from JSON by its ``kind``."""

TRAJECTORY_CHECKS = CheckRegistry[Transcript]("trajectory")


def check_trajectory(requirement: Requirement, transcript: Transcript) -> RequirementResult:
    """Judge one trajectory requirement on ``transcript``; never raises on agent output."""
    return TRAJECTORY_CHECKS.check(requirement, transcript)


def check_trajectory_each(
    requirement: Requirement, turns: Sequence[Turn]
) -> list[RequirementResult]:
    """:func:`check_trajectory` on the transcript of each prefix ``turns[:i + 1]`` (as
    :func:`~checkers.transcript.transcripts_of_turns` builds them), in order.

    A metric judges every invocation on the conversation up to it. A :class:`CalledBefore` is
    judged in one pass over the calls, so the whole costs time linear in the conversation's
    length; the other kinds are judged prefix by prefix.
    """
    if not isinstance(requirement, CalledBefore):
        return [check_trajectory(requirement, t) for t in transcripts_of_turns(turns)]
    each = _CalledBeforeEach(requirement)
    results = []
    for turn in turns:
        responses, _ = turn.pairing
        for call, response in zip(turn.tool_calls, responses, strict=True):
            each.add(call, response)
        outcome, code, reason = each.verdict()
        results.append(
            RequirementResult(requirement.kind, outcome, code, reason, requirement.as_json)
        )
    return results


# --- tool outcomes --------------------------------------------------------------------------


def response_succeeded(response: object) -> bool:
    """Whether a tool response is clearly a success; anything else is not (it fails closed).

    Decided by the tool-outcome model, :func:`checkers.tool_outcome.tool_outcome`: a failure in
    any shape ADK, its plugins, MCP or the project's tools record, and an outcome it cannot
    read (a response that is not a JSON object, :data:`~checkers.transcript.UNREADABLE_RESPONSE`
    included), are not a success. This is the one place every trajectory rule asks.
    """
    return tool_outcome(response).succeeded


def is_error_response(response: object) -> bool:
    """``not response_succeeded(response)``: kept for callers that ask the question this way."""
    return not response_succeeded(response)


# --- matching -------------------------------------------------------------------------------

_NAN_TOKENS = itertools.count()


def _scalar_token(value: Any) -> str | None:
    """The canonical text of a JSON scalar (see :func:`_canonical`), or None for a container."""
    if value is None:
        return "z"
    if isinstance(value, bool):
        return "t" if value else "f"
    if isinstance(value, int):
        return f"i{value:x};"  # hexadecimal: no limit on digits, unlike str(int)
    if isinstance(value, float):
        if math.isnan(value):
            return f"?{next(_NAN_TOKENS)};"  # NaN equals nothing, not even itself
        if math.isfinite(value) and value.is_integer():
            return f"i{int(value):x};"  # 2.0 equals 2
        return f"d{value!r};"
    if isinstance(value, str):
        return f"s{len(value)}:{value}"
    if isinstance(value, Mapping | list | tuple):
        return None
    return f"?{next(_NAN_TOKENS)};"  # not a JSON value: equals nothing


def _key_token(key: object) -> str:
    return _scalar_token(key) or f"?{next(_NAN_TOKENS)};"


def _canonical(value: Any) -> str:
    """A text two JSON values share exactly when they are equal as :class:`Equals` compares them.

    ``True`` is not ``1``, ``2`` is ``2.0``, objects compare regardless of key order (entries
    are written in the order of their keys' texts), NaN equals nothing. Every token is
    self-delimiting, so the text is unambiguous. One pass over the value with an explicit stack,
    writing into one list: linear in the value's size, at any nesting depth and integer size.
    """
    if type(value) is str:
        return f"s{len(value)}:{value}"  # most arguments are one text (an id, a name)
    out: list[str] = []
    # Each entry is a value still to write, or a _Literal (which no JSON value is).
    todo: list[Any] = [value]
    while todo:
        item = todo.pop()
        kind = type(item)
        if kind is _Literal:
            out.append(item.text)
        elif kind is str:
            out.append(f"s{len(item)}:{item}")
        elif isinstance(item, Mapping):
            out.append("{")
            todo.append(_CLOSE_OBJECT)
            if len(item) == 1:
                ((key, child),) = item.items()
                todo.append(child)
                todo.append(_Literal(_key_token(key)))
                continue
            entries = sorted(
                ((_key_token(k), v) for k, v in item.items()),
                key=operator.itemgetter(0),
                reverse=True,
            )
            for key, child in entries:
                todo.append(child)
                todo.append(_Literal(key))
        elif isinstance(item, list | tuple):
            out.append("[")
            todo.append(_CLOSE_LIST)
            todo.extend(reversed(item))
        else:
            out.append(_scalar_token(item) or f"?{next(_NAN_TOKENS)};")
    return "".join(out)


@dataclass(frozen=True, slots=True)
class _Literal:
    """Text :func:`_canonical` writes as it is (a key, a closing bracket)."""

    text: str


_CLOSE_OBJECT = _Literal("}")
_CLOSE_LIST = _Literal("]")


class _Fit(Enum):
    """How a call fits a ToolMatch. The three "maybe" fits carry their reason code."""

    YES = "yes"
    NO = "no"
    NO_RESPONSE = "response_missing"
    """Name and arguments match, but success matters and no response answers the call."""
    BAD_RESPONSE = "response_unreadable"
    """Name and arguments match, but success matters and the response is not a JSON object."""
    UNKNOWN_OUTCOME = "response_unclassified"
    """Name and arguments match, but success matters and the response (a JSON object) reads
    as neither a success nor a failure (:func:`checkers.tool_outcome.tool_outcome`)."""
    BAD_ARGS = "args_unreadable"
    """The name matches, the match names arguments, and the call's are not a JSON object."""


_MAYBE = (_Fit.NO_RESPONSE, _Fit.BAD_RESPONSE, _Fit.UNKNOWN_OUTCOME, _Fit.BAD_ARGS)
_YES_OR_MAYBE = (_Fit.YES, *_MAYBE)
_NEVER = sys.maxsize


@dataclass(frozen=True)
class _Path:
    """The tool calls of a transcript, each with its response (None when it has none).

    The caches are by call position, so a path may grow (:class:`_CalledBeforeEach` appends
    calls to lists) without invalidating them."""

    calls: Sequence[ToolCall]
    responses: Sequence[ToolResponse | None]
    keys: dict[tuple[int, str], str] = dataclasses.field(default_factory=dict, compare=False)
    """Cache of ``_canonical(calls[i].args[arg])`` by ``(i, arg)``."""
    outcomes: dict[int, _Fit] = dataclasses.field(default_factory=dict, compare=False)
    """Cache of :meth:`outcome` by call index."""
    expected: dict[tuple[int, str], str] = dataclasses.field(default_factory=dict, compare=False)
    """Cache of the canonical texts a match compares with, by ``(id(owner), argument)``: the
    owner (a ``then`` call or a constraint) lives as long as the path."""

    @classmethod
    def of(cls, transcript: Transcript) -> _Path:
        return cls(transcript.tool_calls, transcript.pairing.responses)

    def key(self, index: int, arg: str) -> str:
        """The canonical text of argument ``arg`` of call ``index`` (which must have it)."""
        found = self.keys.get((index, arg))
        if found is None:
            found = self.keys[(index, arg)] = _canonical(self.calls[index].args[arg])
        return found

    def outcome(self, index: int) -> _Fit:
        """YES when call ``index`` succeeded, NO when it clearly did not, else why unknown."""
        found = self.outcomes.get(index)
        if found is None:
            response = self.responses[index]
            if response is None:
                found = _Fit.NO_RESPONSE
            elif not response.readable:
                found = _Fit.BAD_RESPONSE
            else:
                outcome = response.outcome
                found = (
                    _Fit.YES
                    if outcome.succeeded
                    else _Fit.NO
                    if outcome.failed
                    else _Fit.UNKNOWN_OUTCOME
                )
            self.outcomes[index] = found
        return found

    def fit(
        self, match: ToolMatch, index: int, ref: ToolCall | None = None, standalone: bool = False
    ) -> _Fit:
        """How call ``index`` fits ``match``; SameAs reads ``ref``'s arguments, or, when
        ``standalone``, is left out (the call need only have the argument)."""
        call = self.calls[index]
        if call.name != match.name:
            return _Fit.NO
        outcome = self.outcome(index) if match.succeeded else _Fit.YES
        if outcome is _Fit.NO:
            return _Fit.NO  # a clear failure never counts, whatever its arguments
        if match.args and not call.args_readable:
            return _Fit.BAD_ARGS
        for arg, constraint in match.args.items():
            if arg not in call.args:
                return _Fit.NO
            if isinstance(constraint, SameAs):
                if standalone:
                    continue
                if ref is None or constraint.same_as not in ref.args:
                    return _Fit.NO
                expected = self._expected(ref, constraint.same_as, ref.args[constraint.same_as])
            else:
                expected = self._expected(constraint, "", constraint.equals)
            if self.key(index, arg) != expected:
                return _Fit.NO
        return outcome

    def _expected(self, owner: object, arg: str, value: Any) -> str:
        found = self.expected.get((id(owner), arg))
        if found is None:
            found = self.expected[(id(owner), arg)] = _canonical(value)
        return found

    def positions(self, match: ToolMatch, fits: tuple[_Fit, ...] = (_Fit.YES,)) -> list[int]:
        """Indexes of the calls whose fit to ``match`` is in ``fits``."""
        return [i for i in range(len(self.calls)) if self.fit(match, i) in fits]


# --- describing -----------------------------------------------------------------------------

_SHOWN_ARGS = 6


def _value(value: Any) -> str:
    return brief_json(value, limit=40)


def _plain(text: str, limit: int = 60) -> str:
    """A name or key from the agent, printable (no lone surrogates) and bounded."""
    return cut(without_surrogates(text), limit)


def _call(path: _Path, index: int) -> str:
    call = path.calls[index]
    shown = [
        f"{_plain(k)}={_value(v)}" for k, v in itertools.islice(call.args.items(), _SHOWN_ARGS)
    ]
    if len(call.args) > _SHOWN_ARGS:
        shown.append(f"... {len(call.args) - _SHOWN_ARGS} more")
    return f"call #{index + 1} {_plain(call.name)}({', '.join(shown)})"


def _match(match: ToolMatch, ref: ToolCall | None = None, ref_name: str = "") -> str:
    parts = []
    for arg, constraint in match.args.items():
        if isinstance(constraint, Equals):
            parts.append(f"{arg}={_value(constraint.equals)}")
        elif ref is not None and constraint.same_as in ref.args:
            parts.append(f"{arg}={_value(ref.args[constraint.same_as])}")
        else:
            parts.append(f"{arg}=<{ref_name or 'then'}'s {constraint.same_as}>")
    text = f"{match.name}({', '.join(parts)})" if parts else match.name
    return f"a successful {text}" if match.succeeded else text


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


_SHOWN_POSITIONS = 10


def _at(indexes: Sequence[int]) -> str:
    """``#2, #5, #9``; beyond the first few positions, how many more (a reason stays short,
    and wording it costs the same however long the conversation)."""
    shown = ", ".join(f"#{i + 1}" for i in indexes[:_SHOWN_POSITIONS])
    more = len(indexes) - _SHOWN_POSITIONS
    return f"{shown} and {more} more" if more > 0 else shown


_HAS = {
    _Fit.NO_RESPONSE: "has no recorded response",
    _Fit.BAD_RESPONSE: "has a response that is not a JSON object",
    _Fit.UNKNOWN_OUTCOME: "has a response that reads as neither a success nor a failure",
    _Fit.BAD_ARGS: "has arguments that are not a JSON object",
}
_HAVE = {
    _Fit.NO_RESPONSE: "have no recorded response",
    _Fit.BAD_RESPONSE: "have a response that is not a JSON object",
    _Fit.UNKNOWN_OUTCOME: "have a response that reads as neither a success nor a failure",
    _Fit.BAD_ARGS: "have arguments that are not a JSON object",
}


def _unsure(fits: Sequence[_Fit]) -> tuple[str, str]:
    """``(reason code, what the calls have)`` for calls whose fit is a maybe, in plural words.

    The code is the first call's; with several kinds of gaps, each is named.
    """
    kinds = list(dict.fromkeys(f for f in fits if f in _MAYBE)) or [_Fit.NO_RESPONSE]
    return kinds[0].value, " or ".join(_HAVE[kind] for kind in kinds)


def _why_unknown(gaps: str) -> str:
    """Why calls that :func:`_unsure` says have ``gaps`` leave unknown whether they count, for
    a reason."""
    if gaps == _HAVE[_Fit.NO_RESPONSE]:
        return "no response was recorded, so it is unknown whether it succeeded"
    return f"those calls {gaps}, so it is unknown whether they count"


# --- checks ---------------------------------------------------------------------------------


_Verdict = tuple[Outcome, str, str]
"""(outcome, reason code, reason): what a check concludes, before it becomes a result."""

_Req = TypeVar("_Req", bound=Requirement)


def _judge(
    requirement: _Req, transcript: Transcript, verdict_of: Callable[[_Req, _Path], _Verdict]
) -> RequirementResult:
    """The result of ``verdict_of`` on ``transcript``'s calls, carrying the requirement's JSON."""
    outcome, code, reason = verdict_of(requirement, _Path.of(transcript))
    return RequirementResult(requirement.kind, outcome, code, reason, requirement.as_json)


def _why_not_preceded(
    req: CalledBefore, path: _Path, index: int, later: Sequence[int] | None = None
) -> _Verdict | None:
    """Why ``then`` call ``index`` is not known to be preceded by ``first``, or None if it is.

    Linear in the calls before ``index``; :class:`_Precedence` answers the same question for
    every ``then`` call at once, and this function words the answer for the one reported.
    ``later`` (default: found here) holds the positions after ``index`` of calls that match
    ``first`` but for success; a ``not_preceded`` reason ends by naming them
    (:func:`_came_later`).
    """
    ref = path.calls[index]
    if req.first_references and not ref.args_readable:
        return (
            Outcome.INCOMPLETE,
            _Fit.BAD_ARGS.value,
            (
                f"{_call(path, index)} {_HAS[_Fit.BAD_ARGS]}, so it is unknown which "
                f"{req.first.name} call had to come before it"
            ),
        )
    missing = [name for name in req.first.references().values() if name not in ref.args]
    if missing:
        return (
            Outcome.INCOMPLETE,
            "reference_missing",
            (
                f"{_call(path, index)} has no argument {missing[0]!r}, so it is unknown which "
                f"{req.first.name} call had to come before it"
            ),
        )
    fits = [path.fit(req.first, i, ref) for i in range(index)]
    if _Fit.YES in fits:
        return None
    unknown = [i for i, fit in enumerate(fits) if fit in _MAYBE]
    if unknown:
        code, gaps = _unsure([fits[i] for i in unknown])
        return (
            Outcome.INCOMPLETE,
            code,
            f"{_call(path, index)} was preceded by {req.first.name} at {_at(unknown)}, but "
            + _why_unknown(gaps),
        )
    wanted = _match(req.first, ref, req.then.name)
    plain = req.first_tried
    tried = [i for i in range(index) if path.fit(plain, i, ref) is _Fit.YES]
    if tried:
        return (
            Outcome.FAIL,
            "preceded_only_by_failed_call",
            (
                f"{_call(path, index)} was preceded by {_match(plain, ref, req.then.name)} only at "
                f"{_at(tried)}, which returned an error; it needs {wanted} before it"
            ),
        )
    if later is None:
        later = _calls_later(req, path, index)
    return (
        Outcome.FAIL,
        "not_preceded",
        f"{_call(path, index)} was not preceded by {wanted}{_came_later(req, later)}",
    )


def _calls_later(req: CalledBefore, path: _Path, index: int) -> list[int]:
    """Positions after ``index`` of the calls matching ``first`` (success aside) for ``then``
    call ``index``."""
    plain = req.first_tried
    ref = path.calls[index]
    return [i for i in range(index + 1, len(path.calls)) if path.fit(plain, i, ref) is _Fit.YES]


def _came_later(req: CalledBefore, later: Sequence[int]) -> str:
    """The end of a ``not_preceded`` reason: where ``first`` came only later, if anywhere."""
    return f" ({req.first.name} came only later, at {_at(later)})" if later else ""


def _then_problem(req: CalledBefore, path: _Path, index: int) -> _Verdict | None:
    """What keeps ``then`` call ``index`` from passing, or None if nothing does."""
    return _as_then_problem(req, path, index, _why_not_preceded(req, path, index))


def _as_then_problem(
    req: CalledBefore, path: _Path, index: int, problem: _Verdict | None
) -> _Verdict | None:
    """:func:`_then_problem`, given what :func:`_why_not_preceded` says of call ``index``."""
    fit = path.fit(req.then, index)
    if problem is None or fit is _Fit.YES:
        return problem
    # A `then` call that may not count at all cannot fail the requirement for sure.
    return (
        Outcome.INCOMPLETE,
        fit.value,
        f"{_call(path, index)} {_HAS[fit]}, so it is unknown whether it counts; if it does: "
        f"{problem[2]}",
    )


@dataclass
class _Earliest:
    """The earliest ``first`` calls with one set of referenced argument values."""

    succeeded: int = _NEVER
    """Position of the earliest that fits (succeeded, when success matters)."""
    maybe: int = _NEVER
    """Position of the earliest whose fit is unknown (no or an unreadable response)."""


class _Precedence:
    """Which ``then`` calls of a CalledBefore lack a ``first`` call, in linear time.

    The ``first`` calls are indexed once by the values of their SameAs arguments (compared as
    canonical texts), so each ``then`` call is judged by one lookup instead of a scan of every
    call before it. Answers agree with :func:`_then_problem`'s outcomes by construction; the
    tests compare the two on generated paths.

    Whether a ``first`` call succeeded (its response's outcome) is read only once a ``then``
    call looks up its values: a conversation that looks up twenty menus and books one table
    needs the outcome of the menu of that one restaurant. The fit is the same, read later.
    """

    def __init__(self, req: CalledBefore, path: _Path) -> None:
        self.path = path
        self.refs = req.first_references
        self.by_values: dict[tuple[str, ...], _Earliest] = {}
        self.pending: dict[tuple[str, ...], list[int]] = {}
        """By values, the ``first`` calls that fit but for their success, not yet read."""
        self.unreadable = _NEVER
        """Position of the earliest ``first`` call whose unreadable arguments might fit."""
        self.first_name = req.first.name
        self.first = req.first
        self.plain = req.first_tried
        """``first`` but for success: its fit needs no response."""
        self.present: tuple[str, ...] | None = (
            tuple(self.plain.args)
            if all(type(c) is SameAs for c in self.plain.args.values())
            else None
        )
        """The arguments ``plain`` names, when it names them all by SameAs alone (the usual
        rule: "the menu of the restaurant being booked"): standalone, it then asks only that
        they are present (:meth:`_fit_standalone`). None when it constrains a value."""
        for index in range(len(path.calls)):
            self.add(index)

    def _fit_standalone(self, index: int) -> _Fit:
        """``path.fit(plain, index, standalone=True)`` of a call named ``first``'s tool: read
        from the presence of the arguments alone when ``plain`` names them by SameAs only (no
        response needed, no value compared), else by :meth:`_Path.fit`."""
        if self.present is None:
            return self.path.fit(self.plain, index, standalone=True)
        if not self.present:
            return _Fit.YES
        args = self.path.calls[index].args
        if UNREADABLE_ARGS in args:
            return _Fit.BAD_ARGS
        for arg in self.present:
            if arg not in args:
                return _Fit.NO
        return _Fit.YES

    def add(self, index: int) -> None:
        """Index call ``index`` of the path (calls are added in order, each once)."""
        if self.path.calls[index].name != self.first_name:
            return
        # Every constraint but SameAs and success; SameAs arguments must be present. A call
        # that fails this fails ``first`` whatever its outcome.
        fit = self._fit_standalone(index)
        if fit is _Fit.NO:
            return
        if fit is _Fit.BAD_ARGS:
            # Unless it clearly failed, the call might fit: read its outcome now (rare).
            if self.path.fit(self.first, index, standalone=True) is _Fit.BAD_ARGS:
                self.unreadable = min(self.unreadable, index)
            return
        refs = self.refs
        if len(refs) == 1:  # the usual rule: one referenced argument
            values: tuple[str, ...] = (self.path.key(index, refs[0][0]),)
        else:
            values = tuple([self.path.key(index, arg) for arg, _ in refs])
        self.pending.setdefault(values, []).append(index)

    def earliest(self, values: tuple[str, ...]) -> _Earliest:
        """The earliest ``first`` calls with ``values``, their outcomes read now if need be."""
        earliest = self.by_values.setdefault(values, _Earliest())
        for index in self.pending.pop(values, ()):
            fit = self.path.outcome(index) if self.first.succeeded else _Fit.YES
            if fit is _Fit.YES:
                earliest.succeeded = min(earliest.succeeded, index)
            elif fit is not _Fit.NO:
                earliest.maybe = min(earliest.maybe, index)
        return earliest

    def outcome(self, index: int, then_fit: _Fit) -> Outcome | None:
        """The outcome :func:`_then_problem` gives ``then`` call ``index`` (whose fit to
        ``then`` is ``then_fit``); None when it is preceded."""
        ref = self.path.calls[index]
        if self.refs and not ref.args_readable:
            outcome: Outcome | None = Outcome.INCOMPLETE
        elif any(referenced not in ref.args for _, referenced in self.refs):
            outcome = Outcome.INCOMPLETE
        else:
            values = tuple(self.path.key(index, referenced) for _, referenced in self.refs)
            earliest = self.earliest(values)
            if earliest.succeeded < index:
                return None
            unsure = min(earliest.maybe, self.unreadable) < index
            outcome = Outcome.INCOMPLETE if unsure else Outcome.FAIL
        return outcome if then_fit is _Fit.YES else Outcome.INCOMPLETE


class _CalledBeforeEach:
    """The verdict of a CalledBefore on a path that grows call by call.

    After any number of :meth:`add` calls, :meth:`verdict` is the verdict on the calls added so
    far: every ``then`` call needs a ``first`` call before it (:class:`_Precedence`, one lookup
    per call); the first failing ``then`` call is reported, else the first incomplete one. A
    metric judges every prefix of a conversation: adding each turn's calls and asking for the
    verdict after each costs time linear in the number of calls in all (a reason names at most
    a few positions, and the reported call is worded once).
    """

    def __init__(self, req: CalledBefore) -> None:
        self.req = req
        self.calls: list[ToolCall] = []
        self.responses: list[ToolResponse | None] = []
        self.path = _Path(self.calls, self.responses)
        self.precedence = _Precedence(req, self.path)
        self.plain = req.first_tried
        self.then_calls: list[int] = []
        self.failed: int | None = None
        """The first ``then`` call that fails the requirement."""
        self.unsure: int | None = None
        """The first ``then`` call (before any failing one) whose verdict is incomplete."""
        self.later: list[int] = []
        """Calls after the reported ``then`` call that match ``first`` but for success."""
        self.worded: tuple[int, _Verdict | None] | None = None
        """``(reported call, why it is not preceded)``: the part of the reason that later calls
        do not change, worded once."""

    def reported(self) -> int | None:
        """The ``then`` call the verdict is about: the first failing one, else the first
        incomplete one, else None."""
        return self.unsure if self.failed is None else self.failed

    def add(self, call: ToolCall, response: ToolResponse | None) -> None:
        """Append one call, with its response (None when it has none)."""
        index = len(self.calls)
        self.calls.append(call)
        self.responses.append(response)
        # A match never fits a call of another name: a call of neither tool only joins the path.
        if call.name == self.plain.name:
            self.precedence.add(index)
            reported = self.unsure if self.failed is None else self.failed  # reported(), inline
            if (
                reported is not None
                and self.path.fit(self.plain, index, self.calls[reported]) is _Fit.YES
            ):
                self.later.append(index)
        if call.name != self.req.then.name:
            return
        then_fit = self.path.fit(self.req.then, index)
        if then_fit not in _YES_OR_MAYBE:
            return
        self.then_calls.append(index)
        if self.failed is not None:
            return
        outcome = self.precedence.outcome(index, then_fit)
        if outcome is Outcome.FAIL:
            # A failure stands whatever the missing responses say, so it outweighs an
            # incomplete call.
            self.failed, self.later = index, []
        elif outcome is not None and self.unsure is None:
            self.unsure, self.later = index, []

    def verdict(self) -> _Verdict:
        """The verdict on the calls added so far."""
        req, path = self.req, self.path
        if not self.then_calls:
            return (
                Outcome.PASS,
                "then_never_called",
                f"{_match(req.then)} was never called, so nothing had to come before it "
                "(vacuous pass)",
            )
        reported = self.reported()
        if reported is None:
            return (
                Outcome.PASS,
                "preceded",
                f"every {_match(req.then)} call ({_at(self.then_calls)}) was preceded by "
                f"{_match(req.first, ref_name=req.then.name)}",
            )
        if self.worded is None or self.worded[0] != reported:
            self.worded = (reported, _why_not_preceded(req, path, reported, later=()))
        problem = self.worded[1]
        if problem is not None and problem[1] == "not_preceded" and self.later:
            problem = (problem[0], problem[1], problem[2] + _came_later(req, self.later))
        problem = _as_then_problem(req, path, reported, problem)
        if problem is not None:
            return problem
        # Unreachable while _Precedence agrees with _why_not_preceded; fail closed if not.
        return (
            Outcome.INCOMPLETE,
            "evaluator_disagreement",
            f"the check could not decide whether {_call(path, reported)} was preceded by "
            f"{_match(req.first, ref_name=req.then.name)}",
        )


def _called_before_verdict(req: CalledBefore, path: _Path) -> _Verdict:
    each = _CalledBeforeEach(req)
    for call, response in zip(path.calls, path.responses, strict=True):
        each.add(call, response)
    return each.verdict()


@TRAJECTORY_CHECKS.register(CalledBefore)
def check_called_before(req: CalledBefore, transcript: Transcript) -> RequirementResult:
    """Every ``then`` call needs a matching ``first`` call earlier; the first failure is reported.

    Codes: pass ``preceded`` / ``then_never_called`` (vacuous); fail ``not_preceded`` /
    ``preceded_only_by_failed_call`` (the only matching earlier calls returned errors);
    incomplete ``reference_missing`` (the ``then`` call lacks an argument that SameAs names) /
    ``response_missing`` / ``response_unreadable`` /
    ``response_unclassified`` / ``args_unreadable``. A failure anywhere
    outweighs an incomplete call elsewhere. Linear in the number of calls.
    """
    return _judge(req, transcript, _called_before_verdict)


def _never_called_verdict(req: NeverCalled, path: _Path) -> _Verdict:
    called = path.positions(req.tool)
    if called:
        return (
            Outcome.FAIL,
            "called",
            f"{_match(req.tool)} must never be called, but was: "
            + "; ".join(_call(path, i) for i in called[:_SHOWN_ARGS])
            + (f"; and {len(called) - _SHOWN_ARGS} more" if len(called) > _SHOWN_ARGS else ""),
        )
    unknown = path.positions(req.tool, _MAYBE)
    if unknown:
        fit = path.fit(req.tool, unknown[0])
        whether = f"{req.tool.name} succeeded" if fit is not _Fit.BAD_ARGS else "it matches"
        return (
            Outcome.INCOMPLETE,
            fit.value,
            f"{_call(path, unknown[0])} {_HAS[fit]}, so it is unknown whether {whether}",
        )
    return Outcome.PASS, "never_called", f"{_match(req.tool)} was never called"


@TRAJECTORY_CHECKS.register(NeverCalled)
def check_never_called(req: NeverCalled, transcript: Transcript) -> RequirementResult:
    """Codes: pass ``never_called``; fail ``called``; incomplete ``response_missing`` /
    ``response_unreadable`` /
    ``response_unclassified`` / ``args_unreadable`` (a call that may match)."""
    return _judge(req, transcript, _never_called_verdict)


def _in_order(path: _Path, steps: Sequence[ToolMatch], fits: tuple[_Fit, ...]) -> list[int]:
    """Earliest positions matching ``steps`` as a subsequence; stops at the first step missed."""
    found: list[int] = []
    start = 0
    for step in steps:
        index = next((i for i in range(start, len(path.calls)) if path.fit(step, i) in fits), None)
        if index is None:
            break
        found.append(index)
        start = index + 1
    return found


def _called_in_order_verdict(req: CalledInOrder, path: _Path) -> _Verdict:
    names = ", ".join(_match(s) for s in req.steps)
    found = _in_order(path, req.steps, (_Fit.YES,))
    if len(found) == len(req.steps):
        return Outcome.PASS, "in_order", f"{names} were called in this order (at {_at(found)})"
    maybe = _in_order(path, req.steps, _YES_OR_MAYBE)
    if len(maybe) == len(req.steps):
        code, gaps = _unsure([path.fit(s, i) for s, i in zip(req.steps, maybe, strict=True)])
        if gaps == _HAVE[_Fit.NO_RESPONSE]:
            only_if = "calls without a recorded response succeeded"
        else:
            only_if = f"calls that {gaps} count"
        return (
            Outcome.INCOMPLETE,
            code,
            f"{names} were called in this order only if {only_if}",
        )
    step, number = req.steps[len(found)], len(found) + 1
    so_far = ""
    if found:
        steps = "step 1 was" if len(found) == 1 else f"steps 1-{len(found)} were"
        so_far = f"{steps} found at {_at(found)}, but "
    anywhere = path.positions(step)
    if not anywhere:
        return (
            Outcome.FAIL,
            "step_missing",
            f"{so_far}no call matches step {number} {_match(step)}; required order: {names}",
        )
    return (
        Outcome.FAIL,
        "step_out_of_order",
        f"{so_far}step {number} {_match(step)} was called only at {_at(anywhere)}, not after "
        f"#{found[-1] + 1}; required order: {names}",
    )


@TRAJECTORY_CHECKS.register(CalledInOrder)
def check_called_in_order(req: CalledInOrder, transcript: Transcript) -> RequirementResult:
    """The steps must match calls in order (a subsequence); the first step not found is reported.

    Codes: pass ``in_order``; fail ``step_missing`` (no call anywhere matches the step) /
    ``step_out_of_order`` (a call matches, but not after the previous step); incomplete
    ``response_missing`` / ``response_unreadable`` /
    ``response_unclassified`` / ``args_unreadable``.
    """
    return _judge(req, transcript, _called_in_order_verdict)


def _called_in_any_order_verdict(req: CalledInAnyOrder, path: _Path) -> _Verdict:
    found = {i: path.positions(tool) for i, tool in enumerate(req.tools)}
    absent = [req.tools[i] for i, at in found.items() if not at]
    if not absent:
        where = "; ".join(f"{_match(t)} at {_at(found[i])}" for i, t in enumerate(req.tools))
        return Outcome.PASS, "all_called", f"every required call was made: {where}"
    definite = [t for t in absent if not path.positions(t, _MAYBE)]
    if definite:
        return Outcome.FAIL, "missing", f"never called: {', '.join(_match(t) for t in definite)}"
    unknown = path.positions(absent[0], _MAYBE)
    code, gaps = _unsure([path.fit(absent[0], i) for i in unknown])
    return (
        Outcome.INCOMPLETE,
        code,
        f"{absent[0].name} was called at {_at(unknown)}, but {_why_unknown(gaps)}",
    )


@TRAJECTORY_CHECKS.register(CalledInAnyOrder)
def check_called_in_any_order(req: CalledInAnyOrder, transcript: Transcript) -> RequirementResult:
    """Codes: pass ``all_called``; fail ``missing``; incomplete ``response_missing`` /
    ``response_unreadable`` /
    ``response_unclassified`` / ``args_unreadable``."""
    return _judge(req, transcript, _called_in_any_order_verdict)


@dataclass(frozen=True)
class _CountLimit:
    """Which way a call-count requirement limits the count, and the words and codes it uses."""

    allows: Callable[[int, int], bool]
    """``allows(count, times)``: whether ``count`` matching calls keep a limit of ``times``."""
    wording: str
    """How the limit reads after the count, ``{times}`` standing for e.g. "2 times"."""
    kept_code: str
    """Reason code of the pass."""
    broken_code: str
    """Reason code of the failure."""

    def verdict(self, req: _CallCountLimit, path: _Path) -> _Verdict:
        """Judge how many calls match ``req.tool`` against ``req.times``.

        A call without a readable response (when ``tool.succeeded`` is set) or without readable
        arguments (when ``tool.args`` is) may or may not count: the verdict is incomplete
        exactly when counting such calls would change it.
        """
        sure = path.positions(req.tool)
        unsure = path.positions(req.tool, _MAYBE)
        limit = self.wording.format(times=_times(req.times))
        counted = f"{_match(req.tool)} was called {_times(len(sure))}, {limit}"
        at = f" (at {_at(sure)})" if sure else ""
        kept_by_sure_calls = self.allows(len(sure), req.times)
        if kept_by_sure_calls != self.allows(len(sure) + len(unsure), req.times):
            code, gaps = _unsure([path.fit(req.tool, i) for i in unsure])
            return (
                Outcome.INCOMPLETE,
                code,
                f"{counted}; {len(unsure)} more at {_at(unsure)} {gaps}",
            )
        if kept_by_sure_calls:
            return Outcome.PASS, self.kept_code, counted + at
        return Outcome.FAIL, self.broken_code, counted + at


_AT_LEAST = _CountLimit(
    allows=operator.ge,
    wording="at least {times} needed",
    kept_code="enough_calls",
    broken_code="too_few_calls",
)
_AT_MOST = _CountLimit(
    allows=operator.le,
    wording="at most {times} allowed",
    kept_code="within_limit",
    broken_code="too_many_calls",
)


@TRAJECTORY_CHECKS.register(CalledAtLeast)
def check_called_at_least(req: CalledAtLeast, transcript: Transcript) -> RequirementResult:
    """Codes: pass ``enough_calls``; fail ``too_few_calls``; incomplete ``response_missing`` /
    ``response_unreadable`` /
    ``response_unclassified`` / ``args_unreadable``."""
    return _judge(req, transcript, _AT_LEAST.verdict)


@TRAJECTORY_CHECKS.register(CalledAtMost)
def check_called_at_most(req: CalledAtMost, transcript: Transcript) -> RequirementResult:
    """Codes: pass ``within_limit``; fail ``too_many_calls``; incomplete ``response_missing`` /
    ``response_unreadable`` /
    ``response_unclassified`` / ``args_unreadable``."""
    return _judge(req, transcript, _AT_MOST.verdict)
