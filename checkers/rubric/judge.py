"""The judge interface: what a rubric judge is asked, and what it answers.

A judge answers one :class:`JudgeRequest` (a system instruction, a prompt, the JSON schema of
the allowed reply) with one :class:`JudgeReply` (the raw text, or the refusal the backend
reported, and the tokens it used)::

    class Judge(ABC):
        identity: str        # names the model: "gemini:gemini-2.5-flash"
        cacheable: bool      # may its replies be reused for the same prompt?
        async def complete(self, request: JudgeRequest) -> JudgeReply: ...

A judge never parses its reply (that is :mod:`checkers.rubric.parser`, the same for every
backend) and never decides anything itself. Transport errors are raised (they become unscored
``judge_error`` samples); timeouts are imposed by the caller. Checks never build a judge: it is
made from the eval config's ``judge`` option by :func:`checkers.rubric.factory.make_judge` and
passed in.

The backends: :mod:`checkers.rubric.scripted` (judges with known behaviour, offline) and
:mod:`checkers.adk.model_judges` (Gemini through google-genai, any model of ADK's registry).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from checkers.rubric.requirement import Rubric

NONCE_PLACEHOLDER = "NONCE"
"""What stands for the per-call nonce in :attr:`JudgeRequest.stable_prompt`."""


@dataclass(frozen=True)
class JudgeRequest:
    """One request to a judge: what model backends send, and what scripted judges read.

    Backends send ``system``, ``prompt`` and ``schema`` only. ``rubrics`` and ``answer`` are the
    same content, structured, for scripted judges (which cannot read prose); ``sample`` numbers
    the samples of one prompt (0, 1, ...), so each gets its own cache entry. ``nonce`` is the
    random code delimiting the answer in ``prompt``; ``stable_prompt`` is the same prompt with
    :data:`NONCE_PLACEHOLDER` in its place, what caches and label books key on.
    """

    system: str
    prompt: str
    schema: Mapping[str, Any]
    rubrics: tuple[Rubric, ...]
    answer: str
    sample: int = 0
    nonce: str = ""
    stable_prompt: str = ""

    @property
    def key_prompt(self) -> str:
        """The prompt without its per-call nonce (``prompt`` itself when it has none)."""
        return self.stable_prompt or self.prompt

    @property
    def rubric_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.rubrics)


@dataclass(frozen=True)
class JudgeReply:
    """What a judge answered: the raw text (None when there was none), or the refusal its
    backend reported, and the tokens the call used (0 when the backend does not say)."""

    text: str | None
    refusal: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "refusal": self.refusal,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
        }

    @classmethod
    def from_json(cls, value: Any) -> JudgeReply:
        """The reply stored by :meth:`to_json`. Raises ValueError for anything else."""
        if not isinstance(value, dict) or set(value) != {
            "text",
            "refusal",
            "input_tokens",
            "output_tokens",
        }:
            raise ValueError(f"not a stored judge reply: {str(value)[:80]}")
        text, refusal = value["text"], value["refusal"]
        tokens = (value["input_tokens"], value["output_tokens"])
        if not all(v is None or isinstance(v, str) for v in (text, refusal)) or not all(
            type(t) is int and t >= 0 for t in tokens
        ):
            raise ValueError(f"a stored judge reply has wrongly typed fields: {str(value)[:80]}")
        return cls(text=text, refusal=refusal, input_tokens=tokens[0], output_tokens=tokens[1])


class JudgeCallError(RuntimeError):
    """A backend answered with an error instead of a reply (the sample is unscored)."""


class Judge(ABC):
    """A model (or a scripted stand-in) that answers judge requests; see the module docstring."""

    identity: str
    """Names the judge and its model, e.g. ``"gemini:gemini-2.5-flash"``; part of the cache key
    and of the details."""
    cacheable: bool = True
    """False for judges whose reply depends on more than the request (e.g. a scripted judge
    that reads labels), so their replies are never reused."""

    @abstractmethod
    async def complete(self, request: JudgeRequest) -> JudgeReply:
        """One reply to ``request``. Raises on transport errors; reports a model's refusal in
        ``JudgeReply.refusal``."""


__all__ = [
    "NONCE_PLACEHOLDER",
    "Judge",
    "JudgeCallError",
    "JudgeReply",
    "JudgeRequest",
]
