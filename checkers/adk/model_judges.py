"""Rubric judges backed by a model: Gemini through google-genai, and any model in ADK's registry.

Both answer the :class:`~checkers.rubric.judge.Judge` interface; the factory
(:func:`checkers.rubric.factory.make_judge`) builds them from a judge name.

- :class:`GenaiJudge`: ``gemini:<model>``; the key comes from ``GOOGLE_API_KEY`` or
  ``GEMINI_API_KEY`` (or Vertex AI with ``GOOGLE_GENAI_USE_VERTEXAI=true``); the reply is
  constrained by ``response_json_schema``.
- :class:`AdkJudge`: ``adk:<model string>``, any model ``LLMRegistry.new_llm`` resolves: Gemini,
  a LiteLLM model (``adk:ollama_chat/llama3.1`` for a local model; LiteLLM is installed with
  ``google-adk[extensions]`` or ``pip install litellm``), or a registered ``BaseLlm`` such as
  the project's scripted model. The schema goes in ``config.response_schema``, which ADK's
  Gemini and LiteLLM backends both pass on.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types as genai_types

from checkers.errors import ConfigError
from checkers.rubric.judge import Judge, JudgeCallError, JudgeReply, JudgeRequest

DEFAULT_GEMINI_JUDGE_MODEL = "gemini-2.5-flash"
JUDGE_MODEL_ENV = "CHECKERS_JUDGE_MODEL"
"""Model of a bare ``gemini`` judge spec; default :data:`DEFAULT_GEMINI_JUDGE_MODEL`."""
REFUSAL_REASONS = frozenset(
    {"SAFETY", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "RECITATION", "IMAGE_SAFETY"}
)
"""Finish reasons that mean the model declined to answer (a refusal, not an error)."""


def _texts(parts: Sequence[genai_types.Part] | None) -> str | None:
    texts = [p.text for p in parts or () if p.text is not None and not p.thought]
    return "".join(texts) if texts else None


def _tokens(usage: genai_types.GenerateContentResponseUsageMetadata | None) -> tuple[int, int]:
    if usage is None:
        return 0, 0
    return usage.prompt_token_count or 0, usage.candidates_token_count or 0


def _reason_name(reason: Any) -> str | None:
    if reason is None:
        return None
    return str(getattr(reason, "name", reason))


def reply_from_genai(response: genai_types.GenerateContentResponse) -> JudgeReply:
    """A google-genai response as a judge reply: a blocked prompt, no candidate, or a safety
    finish reason is a refusal; otherwise the first candidate's text (thoughts left out)."""
    tokens = _tokens(response.usage_metadata)
    feedback = response.prompt_feedback
    if feedback is not None and feedback.block_reason is not None:
        why = _reason_name(feedback.block_reason)
        detail = f": {feedback.block_reason_message}" if feedback.block_reason_message else ""
        return JudgeReply(None, f"prompt blocked ({why}){detail}", *tokens)
    if not response.candidates:
        return JudgeReply(None, "the model returned no candidate", *tokens)
    candidate = response.candidates[0]
    finish = _reason_name(candidate.finish_reason)
    if finish in REFUSAL_REASONS:
        return JudgeReply(None, f"the model stopped for {finish}", *tokens)
    return JudgeReply(_texts(candidate.content.parts if candidate.content else None), None, *tokens)


def reply_from_adk(responses: Sequence[LlmResponse]) -> JudgeReply:
    """ADK ``LlmResponse``s of one non-streaming call as a judge reply.

    A safety finish reason is a refusal; any other ``error_code`` raises JudgeCallError naming
    it; otherwise the text of the one complete response (thoughts left out), or of the last
    partial one when none is complete. Two complete responses to one call raise JudgeCallError
    (the sample is unscored): they are two replies, and taking one of them (a yes after a no, a
    text after a refusal) would pick the verdict.
    """
    if not responses:
        raise JudgeCallError("the model yielded no response")
    complete = [r for r in responses if not r.partial]
    if len(complete) > 1:
        raise JudgeCallError(
            f"the model gave {len(complete)} complete responses to one call; a judge gives one "
            "reply, so none of them is read"
        )
    last = complete[-1] if complete else responses[-1]
    tokens = _tokens(last.usage_metadata)
    finish = _reason_name(last.finish_reason)
    if finish in REFUSAL_REASONS or (last.error_code or "") in REFUSAL_REASONS:
        return JudgeReply(None, f"the model stopped for {finish or last.error_code}", *tokens)
    if last.error_code:
        raise JudgeCallError(f"{last.error_code}: {last.error_message or 'no message'}")
    return JudgeReply(_texts(last.content.parts if last.content else None), None, *tokens)


def _config(request: JudgeRequest, schema_key: str, temperature: float | None) -> Any:
    return genai_types.GenerateContentConfig.model_validate(
        {
            "system_instruction": request.system,
            "response_mime_type": "application/json",
            schema_key: dict(request.schema),
            "temperature": temperature,
        }
    )


class GenaiJudge(Judge):
    """Gemini through google-genai: ``gemini:<model>``.

    ``client`` is a ``google.genai.Client``; :meth:`from_env` builds one from the environment.
    ``temperature`` None leaves the model's default (samples then differ, which is what a
    majority vote needs).
    """

    def __init__(self, model: str, client: Any, temperature: float | None = None) -> None:
        self.model = model
        self.client = client
        self.temperature = temperature
        self.identity = f"gemini:{model}" + ("" if temperature is None else f"@t={temperature:g}")

    @classmethod
    def from_env(cls, model: str | None = None, env: Mapping[str, str] | None = None) -> GenaiJudge:
        """A Gemini judge with its key from the environment and its model from ``model``, else
        ``$CHECKERS_JUDGE_MODEL``, else gemini-2.5-flash.

        Raises ConfigError naming the variables to set when there is no key and Vertex AI is
        not configured.
        """
        from google import genai

        env = os.environ if env is None else env
        chosen = model or env.get(JUDGE_MODEL_ENV) or DEFAULT_GEMINI_JUDGE_MODEL
        key = env.get("GOOGLE_API_KEY") or env.get("GEMINI_API_KEY")
        vertex = env.get("GOOGLE_GENAI_USE_VERTEXAI", "").lower() in ("1", "true", "yes")
        if not key and not vertex:
            raise ConfigError(
                f"judge 'gemini:{chosen}' needs a key: set GOOGLE_API_KEY (or GEMINI_API_KEY), "
                "or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT; or use an offline "
                'judge such as "judge": "scripted:cues"'
            )
        client = genai.Client(api_key=key) if key and not vertex else genai.Client()
        return cls(chosen, client)

    async def complete(self, request: JudgeRequest) -> JudgeReply:
        response = await self.client.aio.models.generate_content(
            model=self.model,
            contents=request.prompt,
            config=_config(request, "response_json_schema", self.temperature),
        )
        return reply_from_genai(response)


class AdkJudge(Judge):
    """Any model of ADK's model registry: ``adk:<model string>``, or a ``BaseLlm`` instance."""

    def __init__(self, llm: BaseLlm | str) -> None:
        self.llm = new_llm(llm) if isinstance(llm, str) else llm
        self.identity = f"adk:{llm if isinstance(llm, str) else self.llm.model}"

    async def complete(self, request: JudgeRequest) -> JudgeReply:
        llm_request = LlmRequest(
            model=self.llm.model,
            contents=[
                genai_types.Content(role="user", parts=[genai_types.Part(text=request.prompt)])
            ],
            config=_config(request, "response_schema", None),
        )
        responses = [r async for r in self.llm.generate_content_async(llm_request, stream=False)]
        return reply_from_adk(responses)


def new_llm(model: str) -> BaseLlm:
    """``LLMRegistry.new_llm(model)``, with a ConfigError that says how to name a model."""
    try:
        return LLMRegistry.new_llm(model)
    except (ValueError, ImportError) as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise ConfigError(
            f"ADK's model registry cannot build judge model {model!r} ({first}); name a Gemini "
            "model ('adk:gemini-2.5-flash'), a LiteLLM provider/model ('adk:ollama_chat/llama3.1',"
            " needs litellm), or a registered BaseLlm ('adk:scripted/<policy>')"
        ) from error


__all__ = [
    "DEFAULT_GEMINI_JUDGE_MODEL",
    "AdkJudge",
    "GenaiJudge",
    "reply_from_adk",
    "reply_from_genai",
]
