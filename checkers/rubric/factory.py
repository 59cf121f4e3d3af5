"""Making a judge from its name, as an eval config or the command line gives it.

The model backends (:mod:`checkers.adk.model_judges`) are imported only when a name asks for
one, so the rubric machinery imports without google-adk.

=================================  ==========================================================
``gemini`` / ``gemini:<model>``    Gemini through google-genai (key from ``GOOGLE_API_KEY``
                                   or ``GEMINI_API_KEY``; bare ``gemini`` uses
                                   ``$CHECKERS_JUDGE_MODEL``, default gemini-2.5-flash)
``adk:<model string>``             any model of ADK's registry: ``adk:gemini-2.5-flash``,
                                   ``adk:ollama_chat/llama3.1`` (LiteLLM, a local model),
                                   ``adk:scripted/<policy>``
``scripted:cues``                  offline stand-in: "yes" when the answer holds a cue word
``scripted:always_yes|always_no``  constant verdicts
``scripted:off_menu``              replies "pass" (off the menu): always unscored
``scripted:timeout``               never answers
``scripted:refuses``               the backend reports a refusal
``scripted:error``                 every call fails
``scripted:fooled``                says yes when the answer addresses a judge, else no
``scripted:reply=<text>``          replies exactly ``<text>`` (a malformed or hostile reply:
                                   a 5,000-digit number, ``1e999``, deep nesting)
``scripted:yes_because=<reason>``  "yes" to every rubric, for the reason ``<reason>`` (a
``scripted:no_because=<reason>``   hostile reason: a lone surrogate, control characters)
``scripted:agree``                 the labelled verdict (calibration only: needs labels)
``scripted:flip=<share>``          the labelled verdict, ``share`` of each class flipped with
                                   the seed given (calibration only)
=================================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from checkers.errors import ConfigError
from checkers.rubric import scripted
from checkers.rubric.judge import Judge

JudgeFactory = Callable[[str], Judge]
"""What a rubric metric is given to turn the configured judge name into a judge."""

_SIMPLE: dict[str, Callable[[], Judge]] = {
    "cues": scripted.cues,
    "always_yes": lambda: scripted.always("yes"),
    "always_no": lambda: scripted.always("no"),
    "off_menu": scripted.off_menu,
    "timeout": scripted.timing_out,
    "refuses": scripted.refusing,
    "error": scripted.failing,
    "fooled": scripted.fooled,
}
FORMS = (
    "gemini[:<model>], adk:<model string>, scripted:cues, scripted:always_yes, "
    "scripted:always_no, scripted:off_menu, scripted:timeout, scripted:refuses, scripted:error, "
    "scripted:fooled, scripted:reply=<text>, scripted:yes_because=<reason>, "
    "scripted:no_because=<reason>, scripted:agree, scripted:flip=<share> (the last two in "
    "calibration only)"
)


def _share(spec: str, text: str) -> float:
    try:
        share = float(text)
    except ValueError:
        share = -1.0
    if not 0 <= share <= 1:
        raise ConfigError(
            f"judge {spec!r}: the flip share must be a number from 0 to 1, e.g. 'scripted:flip=0.2'"
        )
    return share


def _scripted(spec: str, name: str, labels: scripted.LabelBook | None, seed: int) -> Judge:
    if name in _SIMPLE:
        return _SIMPLE[name]()
    if name.startswith("reply="):
        text = name.removeprefix("reply=")
        return scripted.replying(text, f"reply#{scripted.digest(text)}")
    for verdict in ("yes", "no"):
        if name.startswith(f"{verdict}_because="):
            return scripted.because(verdict, name.removeprefix(f"{verdict}_because="))
    if name == "agree" or name.startswith("flip="):
        if labels is None:
            raise ConfigError(
                f"judge {spec!r} answers from people's labels, so it works only in "
                "'checkers calibrate'; in an eval config use e.g. 'scripted:cues' or 'gemini'"
            )
        if name == "agree":
            return scripted.agreeing(labels)
        return scripted.flipping(labels, _share(spec, name.removeprefix("flip=")), seed)
    raise ConfigError(f"unknown scripted judge {spec!r}; known judges: {FORMS}")


def make_judge(
    spec: str,
    labels: scripted.LabelBook | None = None,
    seed: int = 0,
    env: Mapping[str, str] | None = None,
) -> Judge:
    """The judge ``spec`` names (see the module docstring).

    ``labels`` feed ``scripted:agree`` and ``scripted:flip``; ``seed`` picks the flipped ones.
    ``env`` replaces ``os.environ`` for the Gemini key and model. Raises ConfigError naming the
    problem and the known forms.
    """
    backend, _, rest = spec.strip().partition(":")
    if backend == "gemini" or (backend == "adk" and rest):
        # The model backends need google-genai or google-adk: imported only for them.
        from checkers.adk.model_judges import AdkJudge, GenaiJudge

        return GenaiJudge.from_env(rest or None, env) if backend == "gemini" else AdkJudge(rest)
    if backend == "scripted" and rest:
        return _scripted(spec, rest, labels, seed)
    raise ConfigError(f"unknown judge {spec!r}; known judges: {FORMS}")
