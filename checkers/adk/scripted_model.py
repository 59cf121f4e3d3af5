"""A scripted model that drives real ADK agents offline: a policy decides every step.

:class:`ScriptedLlm` is a ``BaseLlm``, so an ``LlmAgent`` that uses it runs ADK's real flow: real
Python tools execute, tool callbacks and plugins (fault injection included) apply, and each
response carries usage metadata. What the model "says" is decided by a *policy*, a plain function
of the conversation so far::

    def careful(view: RequestView) -> Step:
        if not view.turn_called("search"):
            return call("search", cuisine="thai")
        return say(f"Found: {view.last_response('search')}")

    register_policy("dining/careful", careful)
    agent = LlmAgent(name="planner", model="scripted/dining/careful", tools=[search])

The model string ``"scripted/<policy name>"`` resolves through ADK's ``LLMRegistry`` (so it works
under ``adk eval``, ``AgentEvaluator`` and ``adk web``), and ``ScriptedLlm(policy=careful)`` passes
a policy directly. :func:`model_for` picks Gemini instead when an API key is configured.
"""

from __future__ import annotations

import json
import math
import os
import sys
import uuid
from collections.abc import AsyncGenerator, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, overload

import google.adk.models as adk_models
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types as genai_types
from pydantic import Field

from checkers.adk.invocations import content_text
from checkers.errors import CheckersError
from checkers.transcript import ToolCall, ToolResponse

__all__ = [
    "DEFAULT_GEMINI_MODEL",
    "MODEL_PREFIX",
    "PlannedCall",
    "Policy",
    "PolicyError",
    "RequestView",
    "ScriptedLlm",
    "Step",
    "UnknownPolicy",
    "call",
    "get_policy",
    "known_policies",
    "model_for",
    "parallel",
    "register_policy",
    "say",
    "sequence",
    "view_of",
]

MODEL_PREFIX = "scripted/"
"""Model strings ``"scripted/<policy name>"`` resolve to :class:`ScriptedLlm`."""

DEFAULT_GEMINI_MODEL = "gemini-2.5-flash"


class UnknownPolicy(CheckersError, LookupError):
    """A scripted model string names a policy nobody registered."""


class PolicyError(CheckersError, RuntimeError):
    """A policy raised, returned something that is not a :class:`Step`, or never finished."""


@dataclass(frozen=True)
class PlannedCall:
    """One tool call a policy asks for: the tool's name and its arguments."""

    name: str
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    """What the model does next: call tools (in parallel, in one response) or answer with text.

    Exactly one of ``calls`` (non-empty) and ``text`` is given; build steps with :func:`call`,
    :func:`parallel` and :func:`say`.
    """

    calls: tuple[PlannedCall, ...] = ()
    text: str | None = None

    def __post_init__(self) -> None:
        if bool(self.calls) == (self.text is not None):
            raise ValueError(
                f"a Step is either tool calls or a final text, not {self!r}; "
                "build one with call('get_menu', restaurant_id='r1') or say('Booked.')"
            )


def call(name: str, /, **args: Any) -> Step:
    """A step that calls tool ``name`` with keyword ``args``.

    ``call("get_menu", restaurant_id="r1")``; ``name`` is positional-only, so a tool argument
    may itself be called ``name``.
    """
    return Step(calls=(PlannedCall(name=name, args=dict(args)),))


def say(text: str) -> Step:
    """A step that ends the turn with ``text`` as the final response.

    ADK itself marks an empty or whitespace-only final text as an error
    (``MODEL_RETURNED_NO_CONTENT``).
    """
    return Step(text=text)


def parallel(*steps: Step) -> Step:
    """One step making the tool calls of all ``steps`` at once (parallel function calls)."""
    if not steps or any(s.text is not None for s in steps):
        raise ValueError(
            f"parallel(...) takes one or more call(...) steps, got {steps!r}; "
            "e.g. parallel(call('get_menu', restaurant_id='r1'), call('get_weather', city='Oslo'))"
        )
    return Step(calls=tuple(c for s in steps for c in s.calls))


@dataclass(frozen=True)
class RequestView:
    """The conversation as a policy sees it: read-only, built from one ``LlmRequest``.

    A *turn* starts at the latest user text message; ``turn_*`` fields hold only what happened
    since then, the other fields hold the whole conversation. Tool responses are the dicts the
    tools returned (ADK wraps a non-dict return value as ``{"result": value}``, and answers a
    call to an unknown tool with ``{"error": ...}``). In multi-agent apps ADK passes other
    agents' turns as user messages that start with "For context:".
    """

    user_texts: tuple[str, ...]
    """Texts of the user messages, oldest first (tool responses are not user messages)."""
    tool_calls: tuple[ToolCall, ...]
    """Every tool call the model made so far, in order, with its arguments and call id."""
    tool_responses: tuple[ToolResponse, ...]
    """Every tool response received so far, in order."""
    turn_tool_calls: tuple[ToolCall, ...]
    """The tool calls made since the latest user text."""
    turn_tool_responses: tuple[ToolResponse, ...]
    """The tool responses received since the latest user text."""
    steps_this_turn: int
    """How many model responses were already given since the latest user text (0 on a new turn)."""
    system_instruction: str
    """The system instruction as text ("" when there is none)."""
    tool_names: tuple[str, ...]
    """Names of the tools the agent offers the model."""

    @property
    def latest_user_text(self) -> str:
        """The latest user message's text, or "" when there is none."""
        return self.user_texts[-1] if self.user_texts else ""

    def called(self, name: str) -> bool:
        """Whether tool ``name`` was called at any point in the conversation."""
        return any(c.name == name for c in self.tool_calls)

    def turn_called(self, name: str) -> bool:
        """Whether tool ``name`` was called since the latest user text."""
        return any(c.name == name for c in self.turn_tool_calls)

    def turn_called_with(self, name: str, /, **args: Any) -> bool:
        """Whether the call ``name(**args)``, with exactly these arguments, was made since the
        latest user text."""
        return any(c.name == name and dict(c.args) == args for c in self.turn_tool_calls)

    def turn_response(self, name: str, /, **args: Any) -> dict[str, Any] | None:
        """The response (a copy), since the latest user text, of the call ``name(**args)`` with
        exactly these arguments; None when it was not made, or not answered yet."""
        for made in self.turn_tool_calls:
            if made.name == name and dict(made.args) == args:
                for response in self.turn_tool_responses:
                    if response.call_id == made.call_id:
                        return dict(response.response)
        return None

    def responses(self, name: str) -> tuple[dict[str, Any], ...]:
        """The responses of tool ``name``, oldest first."""
        return tuple(r.response for r in self.tool_responses if r.name == name)

    def last_response(self, name: str) -> dict[str, Any] | None:
        """The latest response of tool ``name``, or None when it never answered."""
        found = self.responses(name)
        return found[-1] if found else None


Policy = Callable[[RequestView], Step]
"""Decides the model's next step from the conversation so far; must be deterministic."""


def _system_text(instruction: Any) -> str:
    if instruction is None:
        return ""
    if isinstance(instruction, str):
        return instruction
    if isinstance(instruction, genai_types.Content):
        return content_text(instruction) or ""
    if isinstance(instruction, genai_types.Part):
        return instruction.text or ""
    if isinstance(instruction, list):
        return "".join(_system_text(item) for item in instruction)
    return str(instruction)


def _is_user_text(content: genai_types.Content) -> bool:
    return content.role == "user" and bool(content_text(content))


def view_of(llm_request: LlmRequest) -> RequestView:
    """The read-only view of ``llm_request`` that a policy receives."""
    contents = list(llm_request.contents)
    user_indexes = [i for i, c in enumerate(contents) if _is_user_text(c)]
    turn_start = user_indexes[-1] if user_indexes else -1
    calls: list[tuple[int, ToolCall]] = []
    responses: list[tuple[int, ToolResponse]] = []
    for index, content in enumerate(contents):
        for part in content.parts or []:
            if part.function_call is not None:
                fc = part.function_call
                calls.append((index, ToolCall(name=fc.name or "", args=fc.args, call_id=fc.id)))
            if part.function_response is not None:
                fr = part.function_response
                responses.append(
                    (
                        index,
                        ToolResponse(name=fr.name or "", response=fr.response, call_id=fr.id),
                    )
                )
    return RequestView(
        user_texts=tuple(content_text(contents[i]) or "" for i in user_indexes),
        tool_calls=tuple(c for _, c in calls),
        tool_responses=tuple(r for _, r in responses),
        turn_tool_calls=tuple(c for i, c in calls if i > turn_start),
        turn_tool_responses=tuple(r for i, r in responses if i > turn_start),
        steps_this_turn=sum(1 for c in contents[turn_start + 1 :] if c.role == "model"),
        system_instruction=_system_text(llm_request.config.system_instruction),
        tool_names=tuple(llm_request.tools_dict),
    )


_POLICIES: dict[str, Policy] = {}


def _same_function(a: Policy, b: Policy) -> bool:
    # A module that is imported again (``adk web`` drops agent modules from ``sys.modules`` to
    # reload them) registers a new function object with the same module and qualified name.
    def origin(fn: Policy) -> tuple[object, object]:
        return getattr(fn, "__module__", None), getattr(fn, "__qualname__", None)

    return a is b or (origin(a) == origin(b) and origin(a) != (None, None))


def _register(name: str, policy: Policy) -> Policy:
    if not name or name != name.strip() or name.startswith("/") or ":" in name:
        raise ValueError(
            f"bad policy name {name!r}: use a non-empty name without ':' or a leading '/', "
            "e.g. 'dining/careful'"
        )
    existing = _POLICIES.get(name)
    if existing is not None and not _same_function(existing, policy):
        old = getattr(existing, "__qualname__", existing)
        new = getattr(policy, "__qualname__", policy)
        raise ValueError(
            f"policy {name!r} is already registered to {old}; pick another name for {new}"
        )
    _POLICIES[name] = policy
    return policy


@overload
def register_policy(name: str) -> Callable[[Policy], Policy]: ...
@overload
def register_policy(name: str, policy: Policy) -> Policy: ...
def register_policy(name: str, policy: Policy | None = None) -> Policy | Callable[[Policy], Policy]:
    """Register ``policy`` under ``name`` so ``"scripted/<name>"`` names a model that follows it.

    Use directly (``register_policy("dining/careful", careful)``) or as a decorator
    (``@register_policy("dining/careful")``); either way the policy is returned unchanged.
    Registering a function with the same module and qualified name again (a reloaded agent
    module) replaces it; a different function under a taken name raises ValueError, as does a
    name that is empty or contains ``:``.
    """
    if policy is None:
        return lambda fn: _register(name, fn)
    return _register(name, policy)


def known_policies() -> list[str]:
    """Names of the registered policies, sorted."""
    return sorted(_POLICIES)


def get_policy(name: str) -> Policy:
    """The policy registered as ``name``. Raises UnknownPolicy listing the known names."""
    try:
        return _POLICIES[name]
    except KeyError:
        known = ", ".join(known_policies()) or "(none registered yet)"
        raise UnknownPolicy(
            f"no scripted policy named {name!r}; known policies: {known}. Register it before the "
            f"agent runs, e.g. register_policy({name!r}, my_policy), in the agent's module"
        ) from None


def sequence(*steps: Step, module: str | None = None) -> Policy:
    """A policy that gives ``steps`` in order within every turn, restarting at each user message.

    The i-th model call of a turn gets ``steps[i]``; calling the model more often than there are
    steps raises (so end with a :func:`say` step). ``module`` (default: the caller's module)
    tells the policy registry where the sequence was defined, as for a ``def``.
    """
    if not steps:
        raise ValueError("sequence() needs at least one step, e.g. sequence(say('Hello.'))")

    def policy(view: RequestView) -> Step:
        if view.steps_this_turn >= len(steps):
            raise IndexError(
                f"the sequence has {len(steps)} steps but the model was called for step "
                f"{view.steps_this_turn + 1} this turn; end the sequence with say(...)"
            )
        return steps[view.steps_this_turn]

    # As collections.namedtuple does: attribute the policy to the module that built it.
    policy.__module__ = module or sys._getframe(1).f_globals.get("__name__", __name__)
    policy.__qualname__ = "sequence"
    return policy


def _policy_name(model: str) -> str:
    # "scripted:<name>" reaches us as "<name>": LLMRegistry strips a class-name prefix.
    return model.removeprefix(MODEL_PREFIX)


def _tokens(chars: int) -> int:
    """A plausible token count for ``chars`` characters (about four characters per token)."""
    return max(1, math.ceil(chars / 4))


def _content_chars(content: genai_types.Content) -> int:
    total = 0
    for part in content.parts or []:
        total += len(part.text or "")
        if part.function_call is not None:
            total += len(part.function_call.name or "")
            total += len(json.dumps(part.function_call.args or {}, default=str))
        if part.function_response is not None:
            total += len(json.dumps(part.function_response.response or {}, default=str))
    return total


def _usage(
    llm_request: LlmRequest, view: RequestView, answer: genai_types.Content
) -> genai_types.GenerateContentResponseUsageMetadata:
    prompt_chars = len(view.system_instruction) + sum(
        _content_chars(c) for c in llm_request.contents
    )
    prompt, candidates = _tokens(prompt_chars), _tokens(_content_chars(answer))
    return genai_types.GenerateContentResponseUsageMetadata(
        prompt_token_count=prompt,
        candidates_token_count=candidates,
        total_token_count=prompt + candidates,
    )


def _content(step: Step) -> genai_types.Content:
    if step.text is not None:
        return genai_types.Content(role="model", parts=[genai_types.Part(text=step.text)])
    parts = [
        genai_types.Part(
            function_call=genai_types.FunctionCall(
                id=f"scripted-{uuid.uuid4().hex[:16]}", name=c.name, args=dict(c.args)
            )
        )
        for c in step.calls
    ]
    return genai_types.Content(role="model", parts=parts)


class ScriptedLlm(BaseLlm):
    """A model whose every response is decided by a policy function; no network, no key.

    Construct it from a model string ``"scripted/<policy name>"`` (what ``LLMRegistry`` does for
    ``LlmAgent(model="scripted/dining/careful")``) or pass ``policy=`` directly. An unknown policy
    name raises UnknownPolicy at construction, which ADK does at the agent's first model call.
    A policy that raises, returns a non-Step, or takes more than ``max_steps_per_turn`` steps
    in one turn makes the run raise PolicyError.
    """

    model: str = MODEL_PREFIX + "inline"
    policy: Policy | None = Field(default=None, exclude=True)
    """The policy to follow; None means: look it up by the policy name in ``model``."""
    max_steps_per_turn: int = Field(default=50, ge=1)
    """Guard against a policy that never answers with text (it would loop until ADK's limit)."""

    def model_post_init(self, context: Any, /) -> None:
        if self.policy is None:
            self.policy = get_policy(self.policy_name)

    @property
    def policy_name(self) -> str:
        """The policy's name as given in the model string."""
        return _policy_name(self.model)

    @classmethod
    def supported_models(cls) -> list[str]:
        """``scripted/<policy name>``."""
        return [r"scripted/.+"]

    if hasattr(adk_models, "LlmCapabilities"):  # google-adk 2.10 and later ask the model

        @property
        def capabilities(self) -> adk_models.LlmCapabilities:
            # The policy can answer with JSON text even when the agent also has tools.
            return adk_models.LlmCapabilities(output_schema_and_tools=True)

    def next_step(self, view: RequestView) -> Step:
        """Ask the policy for the next step; raises PolicyError naming the policy and the state."""
        if view.steps_this_turn >= self.max_steps_per_turn:
            raise PolicyError(
                f"scripted policy {self.policy_name!r} made {view.steps_this_turn} steps this turn "
                f"without a final text (max_steps_per_turn={self.max_steps_per_turn}); make it "
                "return say(...) once its work is done"
            )
        assert self.policy is not None  # set in model_post_init
        try:
            step = self.policy(view)
        except Exception as error:
            done = ", ".join(c.name for c in view.turn_tool_calls) or "none"
            raise PolicyError(
                f"scripted policy {self.policy_name!r} raised {type(error).__name__}: {error} "
                f"(step {view.steps_this_turn + 1} of the turn; tool calls this turn: {done}; "
                f"latest user text: {view.latest_user_text[:80]!r})"
            ) from error
        if not isinstance(step, Step):
            raise PolicyError(
                f"scripted policy {self.policy_name!r} returned {step!r} "
                f"({type(step).__name__}); a policy must return a Step, "
                "e.g. call('get_menu', restaurant_id='r1') or say('Booked.')"
            )
        return step

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        """Yield one complete response (tool calls or final text), streaming or not."""
        view = view_of(llm_request)
        answer = _content(self.next_step(view))
        yield LlmResponse(
            content=answer,
            partial=False,
            turn_complete=True,
            finish_reason=genai_types.FinishReason.STOP,
            model_version=self.model,
            usage_metadata=_usage(llm_request, view, answer),
        )


LLMRegistry.register(ScriptedLlm)


def model_for(policy_name: str, env: Mapping[str, str] | None = None) -> str:
    """The model an agent should use: Gemini when a key is configured, else the scripted policy.

    Returns ``$CHECKERS_GEMINI_MODEL`` (default ``"gemini-2.5-flash"``) when ``GOOGLE_API_KEY``
    is set and ``CHECKERS_OFFLINE`` is not ``"1"``; otherwise ``"scripted/<policy_name>"``.
    ``env`` defaults to ``os.environ``.
    """
    env = os.environ if env is None else env
    if env.get("GOOGLE_API_KEY") and env.get("CHECKERS_OFFLINE") != "1":
        return env.get("CHECKERS_GEMINI_MODEL") or DEFAULT_GEMINI_MODEL
    return MODEL_PREFIX + policy_name
