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

Positions in reasons are 1-based over the transcript's tool calls ("call #3"). A call's response
is found by call id, or, for calls without one, by order among same-named calls. A response is an
error when it has a non-empty ``"error"`` or ``"error_code"`` key (ADK's own error payloads and
its environment-simulation fault injection use these) or ``"status": "error"``. When success
matters and a call has no response at all, the check is ``incomplete`` (``response_missing``).
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, JsonValue, model_validator

from checkers.requirements import CheckRegistry, Requirement
from checkers.results import Outcome, RequirementResult
from checkers.transcript import ToolCall, ToolResponse, Transcript

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
    "is_error_response",
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


# --- matching -------------------------------------------------------------------------------


def _no_value(value: Any) -> bool:
    return value is None or value is False or value == "" or value == [] or value == {}


def is_error_response(response: Mapping[str, Any]) -> bool:
    """Whether a tool response reports an error (see the module docstring for the rule)."""
    status = response.get("status")
    return (
        not _no_value(response.get("error"))
        or not _no_value(response.get("error_code"))
        or (isinstance(status, str) and status.lower() == "error")
    )


def _json_equal(actual: Any, expected: Any) -> bool:
    if isinstance(actual, bool) or isinstance(expected, bool):
        return type(actual) is type(expected) and actual == expected
    if isinstance(actual, dict) and isinstance(expected, dict):
        return actual.keys() == expected.keys() and all(
            _json_equal(actual[k], expected[k]) for k in actual
        )
    if isinstance(actual, list | tuple) and isinstance(expected, list | tuple):
        return len(actual) == len(expected) and all(map(_json_equal, actual, expected))
    return bool(actual == expected)


class _Fit(Enum):
    YES = "yes"
    NO = "no"
    UNKNOWN = "unknown"
    """Name and arguments match, but success matters and the call has no response."""


@dataclass(frozen=True)
class _Path:
    """The tool calls of a transcript, each with its response (None when it has none)."""

    calls: tuple[ToolCall, ...]
    responses: tuple[ToolResponse | None, ...]

    @classmethod
    def of(cls, transcript: Transcript) -> _Path:
        by_id = {r.call_id: r for r in transcript.tool_responses if r.call_id}
        unpaired: dict[str, list[ToolResponse]] = {}
        for response in transcript.tool_responses:
            if not response.call_id:
                unpaired.setdefault(response.name, []).append(response)
        responses: list[ToolResponse | None] = []
        for call in transcript.tool_calls:
            if call.call_id:
                responses.append(by_id.get(call.call_id))
            else:
                queue = unpaired.get(call.name, [])
                responses.append(queue.pop(0) if queue else None)
        return cls(transcript.tool_calls, tuple(responses))

    def fit(self, match: ToolMatch, index: int, ref: ToolCall | None = None) -> _Fit:
        """How call ``index`` fits ``match``; SameAs reads ``ref``'s arguments."""
        call = self.calls[index]
        if call.name != match.name:
            return _Fit.NO
        for arg, constraint in match.args.items():
            if arg not in call.args:
                return _Fit.NO
            if isinstance(constraint, SameAs):
                if ref is None or constraint.same_as not in ref.args:
                    return _Fit.NO
                expected = ref.args[constraint.same_as]
            else:
                expected = constraint.equals
            if not _json_equal(call.args[arg], expected):
                return _Fit.NO
        if not match.succeeded:
            return _Fit.YES
        response = self.responses[index]
        if response is None:
            return _Fit.UNKNOWN
        return _Fit.NO if is_error_response(response.response) else _Fit.YES

    def positions(self, match: ToolMatch, fits: tuple[_Fit, ...] = (_Fit.YES,)) -> list[int]:
        """Indexes of the calls whose fit to ``match`` is in ``fits``."""
        return [i for i in range(len(self.calls)) if self.fit(match, i) in fits]


# --- describing -----------------------------------------------------------------------------


def _value(value: Any) -> str:
    text = json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _call(path: _Path, index: int) -> str:
    call = path.calls[index]
    args = ", ".join(f"{k}={_value(v)}" for k, v in call.args.items())
    return f"call #{index + 1} {call.name}({args})"


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


def _at(indexes: Sequence[int]) -> str:
    return ", ".join(f"#{i + 1}" for i in indexes)


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


def _why_not_preceded(req: CalledBefore, path: _Path, index: int) -> _Verdict | None:
    """Why ``then`` call ``index`` is not known to be preceded by ``first``, or None if it is."""
    ref = path.calls[index]
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
    if _Fit.UNKNOWN in fits:
        unknown = [i for i, fit in enumerate(fits) if fit is _Fit.UNKNOWN]
        return (
            Outcome.INCOMPLETE,
            "response_missing",
            (
                f"{_call(path, index)} was preceded by {req.first.name} at {_at(unknown)}, but no "
                "response was recorded, so it is unknown whether it succeeded"
            ),
        )
    wanted = _match(req.first, ref, req.then.name)
    plain = req.first.model_copy(update={"succeeded": False})
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
    later = [i for i in range(index + 1, len(path.calls)) if path.fit(plain, i, ref) is _Fit.YES]
    after = f" ({req.first.name} came only later, at {_at(later)})" if later else ""
    return Outcome.FAIL, "not_preceded", f"{_call(path, index)} was not preceded by {wanted}{after}"


def _then_problem(req: CalledBefore, path: _Path, index: int) -> _Verdict | None:
    """What keeps ``then`` call ``index`` from passing, or None if nothing does."""
    problem = _why_not_preceded(req, path, index)
    if problem is None or path.fit(req.then, index) is _Fit.YES:
        return problem
    # A `then` call whose own success is unknown may not count at all.
    return (
        Outcome.INCOMPLETE,
        "response_missing",
        (
            f"{_call(path, index)} has no recorded response, so it is unknown whether it counts; "
            f"if it does: {problem[2]}"
        ),
    )


def _called_before_verdict(req: CalledBefore, path: _Path) -> _Verdict:
    then_calls = path.positions(req.then, (_Fit.YES, _Fit.UNKNOWN))
    if not then_calls:
        return (
            Outcome.PASS,
            "then_never_called",
            f"{_match(req.then)} was never called, so nothing had to come before it (vacuous pass)",
        )
    problems = [p for i in then_calls if (p := _then_problem(req, path, i)) is not None]
    if problems:
        # A failure stands whatever the missing responses say, so it outweighs an incomplete call.
        failures = [p for p in problems if p[0] is Outcome.FAIL]
        return (failures or problems)[0]
    return (
        Outcome.PASS,
        "preceded",
        f"every {_match(req.then)} call ({_at(then_calls)}) was preceded by "
        f"{_match(req.first, ref_name=req.then.name)}",
    )


@TRAJECTORY_CHECKS.register(CalledBefore)
def check_called_before(req: CalledBefore, transcript: Transcript) -> RequirementResult:
    """Every ``then`` call needs a matching ``first`` call earlier; the first failure is reported.

    Codes: pass ``preceded`` / ``then_never_called`` (vacuous); fail ``not_preceded`` /
    ``preceded_only_by_failed_call`` (the only matching earlier calls returned errors);
    incomplete ``reference_missing`` (the ``then`` call lacks an argument that SameAs names) /
    ``response_missing``. A failure anywhere outweighs an incomplete call elsewhere.
    """
    return _judge(req, transcript, _called_before_verdict)


def _never_called_verdict(req: NeverCalled, path: _Path) -> _Verdict:
    called = path.positions(req.tool)
    if called:
        return (
            Outcome.FAIL,
            "called",
            f"{_match(req.tool)} must never be called, but was: "
            + "; ".join(_call(path, i) for i in called),
        )
    unknown = path.positions(req.tool, (_Fit.UNKNOWN,))
    if unknown:
        return (
            Outcome.INCOMPLETE,
            "response_missing",
            f"{_call(path, unknown[0])} has no recorded response, so it is unknown whether "
            f"{req.tool.name} succeeded",
        )
    return Outcome.PASS, "never_called", f"{_match(req.tool)} was never called"


@TRAJECTORY_CHECKS.register(NeverCalled)
def check_never_called(req: NeverCalled, transcript: Transcript) -> RequirementResult:
    """Codes: pass ``never_called``; fail ``called``; incomplete ``response_missing``."""
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
    if len(_in_order(path, req.steps, (_Fit.YES, _Fit.UNKNOWN))) == len(req.steps):
        return (
            Outcome.INCOMPLETE,
            "response_missing",
            f"{names} were called in this order only if calls without a recorded response "
            "succeeded",
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
    ``response_missing``.
    """
    return _judge(req, transcript, _called_in_order_verdict)


def _called_in_any_order_verdict(req: CalledInAnyOrder, path: _Path) -> _Verdict:
    found = {i: path.positions(tool) for i, tool in enumerate(req.tools)}
    absent = [req.tools[i] for i, at in found.items() if not at]
    if not absent:
        where = "; ".join(f"{_match(t)} at {_at(found[i])}" for i, t in enumerate(req.tools))
        return Outcome.PASS, "all_called", f"every required call was made: {where}"
    definite = [t for t in absent if not path.positions(t, (_Fit.UNKNOWN,))]
    if definite:
        return Outcome.FAIL, "missing", f"never called: {', '.join(_match(t) for t in definite)}"
    unknown = path.positions(absent[0], (_Fit.UNKNOWN,))
    return (
        Outcome.INCOMPLETE,
        "response_missing",
        f"{absent[0].name} was called at {_at(unknown)}, but no response was recorded, so it is "
        "unknown whether it succeeded",
    )


@TRAJECTORY_CHECKS.register(CalledInAnyOrder)
def check_called_in_any_order(req: CalledInAnyOrder, transcript: Transcript) -> RequirementResult:
    """Codes: pass ``all_called``; fail ``missing``; incomplete ``response_missing``."""
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

        A call without a recorded response may or may not count when ``tool.succeeded`` is set:
        the verdict is incomplete exactly when counting such calls would change it.
        """
        sure = path.positions(req.tool)
        unsure = path.positions(req.tool, (_Fit.UNKNOWN,))
        limit = self.wording.format(times=_times(req.times))
        counted = f"{_match(req.tool)} was called {_times(len(sure))}, {limit}"
        at = f" (at {_at(sure)})" if sure else ""
        kept_by_sure_calls = self.allows(len(sure), req.times)
        if kept_by_sure_calls != self.allows(len(sure) + len(unsure), req.times):
            return (
                Outcome.INCOMPLETE,
                "response_missing",
                f"{counted}; {len(unsure)} more at {_at(unsure)} have no recorded response",
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
    """Codes: pass ``enough_calls``; fail ``too_few_calls``; incomplete ``response_missing``."""
    return _judge(req, transcript, _AT_LEAST.verdict)


@TRAJECTORY_CHECKS.register(CalledAtMost)
def check_called_at_most(req: CalledAtMost, transcript: Transcript) -> RequirementResult:
    """Codes: pass ``within_limit``; fail ``too_many_calls``; incomplete ``response_missing``."""
    return _judge(req, transcript, _AT_MOST.verdict)
