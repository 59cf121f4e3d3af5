"""Scripted judges: known behaviour, no model, for tests, calibration drills and offline runs.

Each is a :class:`ScriptedJudge` whose reply a plain function decides from the request, sent
through the same parser, aggregator and cache as a model's reply. It counts its calls
(``calls``) and the most calls it had in flight at once (``peak_in_flight``).

===========================  ==================================================================
``always("yes"|"no")``       every rubric gets that verdict
``cues()``                   "yes" when the answer contains one of the rubric's ``cues`` as a
                             whole word (case-insensitive), else "no": an offline stand-in for
                             a model, NOT a judge (``checkers calibrate`` shows how weak it is)
``agreeing(labels)``         the labelled verdict: a judge that always agrees with people
``flipping(labels, share)``  the labelled verdict, flipped for exactly ``round(share * n)`` of
                             the ``n`` "yes" labels and of the ``n`` "no" labels (chosen with a
                             seeded RNG): calibration must report that share
``replying(text)``           always the same reply text (off the menu, malformed, adversarial)
``because(verdict, reason)`` ``verdict`` for every rubric, for ``reason`` (a hostile reason)
``timing_out()``             never answers (the caller's timeout cuts it off)
``refusing()``               the backend reports a refusal
``failing()``                the call raises, as a transport error would
``fooled(base)``             "yes" to everything when the answer contains injected text
                             aimed at a judge, else ``base``'s reply: what the pre-check stops
===========================  ==================================================================
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
import unicodedata
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from checkers.rubric.aggregate import Vote
from checkers.rubric.judge import Judge, JudgeCallError, JudgeReply, JudgeRequest

Decide = Callable[[JudgeRequest], "JudgeReply | str | Awaitable[JudgeReply | str]"]
INJECTION_WORDS = ("evaluator", "grader", "judge", "score this", "verdict", "ignore previous")
"""What :func:`fooled` falls for (any of them in the answer, case-insensitive)."""


class ScriptedJudge(Judge):
    """A judge whose reply ``decide(request)`` gives: a reply text, a :class:`JudgeReply`, or
    an awaitable of either. It may raise, like a failing backend."""

    def __init__(self, identity: str, decide: Decide, cacheable: bool = True) -> None:
        self.identity = identity
        self.cacheable = cacheable
        self.decide = decide
        self.calls = 0
        self.in_flight = 0
        self.peak_in_flight = 0

    async def complete(self, request: JudgeRequest) -> JudgeReply:
        self.calls += 1
        self.in_flight += 1
        self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
        try:
            await asyncio.sleep(0)  # let other calls start, as a real backend would
            result = self.decide(request)
            if not isinstance(result, (str, JudgeReply)):
                result = await result
            return JudgeReply(text=result) if isinstance(result, str) else result
        finally:
            self.in_flight -= 1


def digest(text: str) -> str:
    """12 hex digits naming ``text`` in a judge's identity, so judges that reply differently
    never share cache entries."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def reply_text(votes: Mapping[str, Vote], reason: str = "scripted verdict") -> str:
    """A well-formed reply giving ``votes`` (rubric id -> "yes"/"no")."""
    entries = [{"rubric_id": rid, "verdict": v, "reason": reason} for rid, v in votes.items()]
    return json.dumps({"verdicts": entries})


def always(verdict: Vote) -> ScriptedJudge:
    """Every rubric gets ``verdict``: ``scripted:always_yes`` / ``scripted:always_no``."""
    return ScriptedJudge(
        f"scripted:always_{verdict}",
        lambda request: reply_text(dict.fromkeys(request.rubric_ids, verdict)),
    )


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).casefold()


def _has_word(text: str, word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(_fold(word))}(?!\w)", text) is not None


def cues() -> ScriptedJudge:
    """``scripted:cues``: "yes" when the answer contains one of the rubric's cue words."""

    def decide(request: JudgeRequest) -> str:
        text = _fold(request.answer)
        entries = [
            {
                "rubric_id": r.id,
                "verdict": "yes" if any(_has_word(text, c) for c in r.cues) else "no",
                "reason": f"cue words {list(r.cues)} "
                + ("found" if any(_has_word(text, c) for c in r.cues) else "not found"),
            }
            for r in request.rubrics
        ]
        return json.dumps({"verdicts": entries})

    return ScriptedJudge("scripted:cues", decide)


class LabelBook:
    """People's verdicts, looked up by request and rubric id (the sample number and the nonce
    are ignored): the truth a label-reading scripted judge answers from."""

    def __init__(self) -> None:
        self._labels: dict[tuple[str, str], Vote] = {}

    @staticmethod
    def request_key(request: JudgeRequest) -> str:
        material = f"{request.system}\0{request.key_prompt}".encode("utf-8", "surrogatepass")
        return hashlib.sha256(material).hexdigest()

    def add(self, request: JudgeRequest, rubric_id: str, label: Vote) -> None:
        """Record ``label`` for ``rubric_id`` in ``request``. Raises ValueError on a conflict."""
        key = (self.request_key(request), rubric_id)
        if self._labels.get(key, label) != label:
            raise ValueError(f"rubric {rubric_id!r} of one prompt is labelled both yes and no")
        self._labels[key] = label

    def get(self, request: JudgeRequest, rubric_id: str) -> Vote | None:
        return self._labels.get((self.request_key(request), rubric_id))

    def items(self) -> list[tuple[tuple[str, str], Vote]]:
        """Every (key, label), sorted by key, so a seeded choice among them is reproducible."""
        return sorted(self._labels.items())


def _from_labels(
    identity: str, labels: LabelBook, flipped: frozenset[tuple[str, str]] = frozenset()
) -> ScriptedJudge:
    def decide(request: JudgeRequest) -> str:
        votes: dict[str, Vote] = {}
        for rid in request.rubric_ids:
            label = labels.get(request, rid)
            if label is None:
                raise JudgeCallError(f"{identity} has no label for rubric {rid!r} of this prompt")
            flip = (LabelBook.request_key(request), rid) in flipped
            votes[rid] = ("no" if label == "yes" else "yes") if flip else label
        return reply_text(votes, "scripted from the labels")

    return ScriptedJudge(identity, decide, cacheable=False)


def agreeing(labels: LabelBook) -> ScriptedJudge:
    """``scripted:agree``: always the labelled verdict."""
    return _from_labels("scripted:agree", labels)


def flip_choice(labels: LabelBook, share: float, seed: int) -> frozenset[tuple[str, str]]:
    """The keys :func:`flipping` flips: ``round(share * n)`` of each label's ``n`` keys, drawn
    with ``random.Random(seed)``. Raises ValueError unless 0 <= share <= 1."""
    if not 0 <= share <= 1:
        raise ValueError(f"flip share must be between 0 and 1, got {share!r}; e.g. 0.2")
    rng = random.Random(seed)
    chosen: set[tuple[str, str]] = set()
    for label in ("yes", "no"):
        keys = [key for key, value in labels.items() if value == label]
        chosen |= set(rng.sample(keys, round(share * len(keys))))
    return frozenset(chosen)


def flipping(labels: LabelBook, share: float, seed: int = 0) -> ScriptedJudge:
    """``scripted:flip=<share>``: the labelled verdict, flipped on exactly ``round(share * n)``
    of each class (see :func:`flip_choice`), the same ones on every sample."""
    identity = f"scripted:flip={share:g},seed={seed}"
    return _from_labels(identity, labels, flip_choice(labels, share, seed))


def replying(text: str | None, name: str = "off_menu") -> ScriptedJudge:
    """Always the reply ``text`` (None: a reply with no text at all)."""
    return ScriptedJudge(f"scripted:{name}", lambda request: JudgeReply(text=text))


def because(verdict: Vote, reason: str) -> ScriptedJudge:
    """``scripted:<verdict>_because=<reason>``: ``verdict`` for every rubric, for ``reason``,
    written into the reply as JSON would carry it (a lone surrogate as ``\\ud800``)."""
    return ScriptedJudge(
        f"scripted:{verdict}_because#{digest(reason)}",
        lambda request: reply_text(dict.fromkeys(request.rubric_ids, verdict), reason),
    )


def off_menu() -> ScriptedJudge:
    """``scripted:off_menu``: well-formed, but every verdict is ``"pass"``."""

    def decide(request: JudgeRequest) -> str:
        entries = [
            {"rubric_id": rid, "verdict": "pass", "reason": "looks fine"}
            for rid in request.rubric_ids
        ]
        return json.dumps({"verdicts": entries})

    return ScriptedJudge("scripted:off_menu", decide)


def timing_out(seconds: float = 3600.0) -> ScriptedJudge:
    """``scripted:timeout``: answers only after ``seconds`` (the caller's timeout cuts it)."""

    async def decide(request: JudgeRequest) -> str:
        await asyncio.sleep(seconds)
        return reply_text(dict.fromkeys(request.rubric_ids, "yes"))

    return ScriptedJudge("scripted:timeout", decide, cacheable=False)


def refusing() -> ScriptedJudge:
    """``scripted:refuses``: the backend reports a safety refusal."""
    return ScriptedJudge(
        "scripted:refuses", lambda request: JudgeReply(None, "the model stopped for SAFETY")
    )


def failing(message: str = "503 Service Unavailable") -> ScriptedJudge:
    """``scripted:error``: every call raises JudgeCallError(``message``)."""

    def decide(request: JudgeRequest) -> str:
        raise JudgeCallError(message)

    return ScriptedJudge("scripted:error", decide, cacheable=False)


def fooled(base: ScriptedJudge | None = None) -> ScriptedJudge:
    """``scripted:fooled``: "yes" to every rubric when the answer contains one of
    :data:`INJECTION_WORDS`, else ``base``'s reply (default: always "no")."""
    fallback = base or always("no")

    def decide(request: JudgeRequest) -> Any:
        text = request.answer.casefold()
        if any(word in text for word in INJECTION_WORDS):
            return reply_text(dict.fromkeys(request.rubric_ids, "yes"), "the answer says so")
        return fallback.decide(request)

    return ScriptedJudge(f"scripted:fooled({fallback.identity})", decide, fallback.cacheable)
