"""Whether a customer's reply to an agent's proposal is consent: deterministic rules, with evidence.

A write that needs the customer's agreement may follow only an *unconditional affirmative*: a
yes (in any of its usual phrasings, typos and spellings) with nothing that takes it back or puts
it off. :func:`classify` reads the reply's folded text (:func:`checkers.text.fold_lower`, so
case, look-alike letters and zero-width characters change nothing) and returns one of four
:class:`Consent` classes with the phrase that decided it:

- ``REFUSAL``: a no ("No", "nope", "don't", "never mind") and no affirmative;
- ``NOT_CONSENT``: no affirmative at all ("Thanks.", a new request), or an affirmative that is
  qualified: a deferral ("let me check with my husband first", "I will think about it", "hold
  off"), a question (any ``?``, or a clause opened by a question word: "Yes? What do you
  mean?"), a condition ("Yes, but only after ...", "if", "unless", "once"), a hedge ("maybe",
  "I guess") or a negation ("yes, don't change the card");
- ``AMBIGUOUS``: the classifier cannot tell: an affirmative beside a no and nothing else ("No, go
  ahead" may mean either), or an affirmative beside words outside :data:`NEUTRAL` (the
  vocabulary that cannot change what a yes means: politeness, the action's own nouns, ids and
  numbers). A caller must treat it as *could not judge* (unscored), never as consent;
- ``CONSENT``: an affirmative, no qualifier, every other word neutral.

The rules look for qualifiers anywhere in the reply, so a yes cannot outvote them: prefixing or
suffixing a deferral, condition, question or negation to a yes never yields consent (a
hypothesis property in ``tests/test_consent.py``), and a phrasing none of the lists knows makes
the reply ambiguous, not consent. Only the reply is judged here; whether the agent's message
before it described the action is the domain's question (see
:mod:`domains.orders.checks.confirmation`).
The labelled set :data:`BUNDLED_REPLIES` measures the rules; ``checkers calibrate`` prints their
precision and recall (:func:`measure`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from checkers.data import read_examples
from checkers.figure_text import left_out_line, ratio_json, ratio_text
from checkers.text import fold_lower, sentences

BUNDLED_REPLIES = Path(__file__).parent / "consent_replies.jsonl"


class Consent(str, Enum):
    """What a reply to a proposal says about it."""

    CONSENT = "consent"
    REFUSAL = "refusal"
    NOT_CONSENT = "not_consent"
    AMBIGUOUS = "ambiguous"


@dataclass(frozen=True)
class Reading:
    """A reply's class, the phrase that decided it, and why, for a reason sentence."""

    consent: Consent
    evidence: str
    """The deciding words as folded (``"hold off"``, ``"?"``), or ``""`` when nothing matched."""
    why: str
    """``"a deferral ('hold off')"``: completes "the reply is not consent: ..."."""


def _words(*phrases: str) -> str:
    """A regex alternation of whole-word phrases (spaces match any run of spaces)."""
    alternatives = sorted({p.replace(" ", r"\s+") for p in phrases}, key=len, reverse=True)
    return r"\b(?:" + "|".join(alternatives) + r")\b"


# Idioms that hold a negation but say yes; they are read as affirmatives and blanked out before
# negations are looked for, so "no problem, go ahead" is not a no.
_YES_IDIOMS = _words(
    "no problem",
    "not a problem",
    "no worries",
    "no objection",
    "no objections",
    "i have no objection",
    "i have no objections",
    "dont see why not",
    "i dont see why not",
    "thumbsup",
    "white check mark",
    "heavy check mark",
    "ok hand",
    "dont mind",
    "i dont mind",
    "do not mind",
    "i do not mind",
)

_AFFIRMATIVES = _words(
    "yes",
    "yess",
    "yes sir",
    "yeah",
    "yea",
    "yeh",
    "yah",
    "ya",
    "yep",
    "yeap",
    "yup",
    "yus",
    "yas",
    "yse",
    "ye",
    "ys",
    "y",
    "aye",
    "sure",
    "suer",
    "shure",
    "sure thing",
    "ok",
    "okay",
    "okey",
    "oky",
    "okie",
    "oki",
    "okk",
    "k",
    "kk",
    "alright",
    "all right",
    "confirm",
    "confirmed",
    "i confirm",
    "confrim",
    "comfirm",
    "go ahead",
    "go ahed",
    "goahead",
    "proceed",
    "procede",
    "proced",
    "please do",
    "do it",
    "do that",
    "go for it",
    "lets do it",
    "lets do that",
    "sounds good",
    "sounds great",
    "sounds fine",
    "sounds right",
    "thats fine",
    "that is fine",
    "fine",
    "thats acceptable",
    "that is acceptable",
    "acceptable",
    "thats right",
    "that is right",
    "thats correct",
    "that is correct",
    "correct",
    "absolutely",
    "definitely",
    "certainly",
    "of course",
    "affirmative",
    "agreed",
    "i agree",
    "i accept",
    "accepted",
    "approved",
    "i approve",
    "works for me",
    "that works",
    "please go ahead",
    # a yes in another language, as folded: "sí", "oui", "ja", "sim", "claro", "vale",
    # "d'accord", "jawohl", "genau", "はい" (hai), "是的" (shide), "好的" (haode)
    "si",
    "oui",
    "ja",
    "sim",
    "claro",
    "vale",
    "daccord",
    "jawohl",
    "genau",
    "hai",
    "shide",
    "haode",
)

# Qualifiers: each kind names what a yes beside it would be (the reason's words).
_QUALIFIERS: tuple[tuple[str, str], ...] = (
    (
        "a deferral",
        _words(
            "wait",
            "for now",
            "for the moment",
            "for the time being",
            "temporarily",
            "pending",
            "as soon as",
            "hold",
            "hold off",
            "hold on",
            "hang on",
            "later",
            "tomorrow",
            "next week",
            "not yet",
            "not now",
            "not right now",
            "yet",
            "first",
            "think",
            "thinking",
            "sleep on it",
            "check",
            "ask",
            "talk",
            "consult",
            "discuss",
            "let me",
            "get back",
            "moment",
            "minute",
            "sec",
            "second",
            "pause",
            "postpone",
            "delay",
            "decide",
            "consider",
            "undecided",
            "before",
            "until",
            "till",
            "til",
            "stop",
        ),
    ),
    (
        "a condition",
        _words(
            "but",
            "if",
            "only",
            "just one",
            "one of them",
            "one of those",
            "one of these",
            "unless",
            "provided",
            "providing",
            "as long as",
            "so long as",
            "after",
            "once",
            "when",
            "except",
            "excluding",
            "apart from",
            "aside from",
            "other than",
            "besides",
            "assuming",
            "however",
            "though",
            "although",
            "condition",
            "instead",
            "rather",
            "otherwise",
        ),
    ),
    (
        "a hedge",
        _words(
            "maybe",
            "perhaps",
            "probably",
            "possibly",
            "might",
            "guess",
            "suppose",
            "i think",
            "not sure",
            "unsure",
            "dunno",
            "hmm",
            "hm",
            "um",
            "umm",
            "uh",
            "er",
            "erm",
            "in principle",
            "kind of",
            "sort of",
            "kinda",
            "sorta",
        ),
    ),
    (
        # "Yeah right." alone is the idiom of disbelief, not a yes; with a go-ahead after it
        # ("Yeah, right, go ahead") the yes is said.
        "disbelief",
        r"^(?:oh\W+)?(?:yeah|yea|yeh|yah|ya|sure)\W*right\W*$",
    ),
    (
        "a question",
        r"\?|(?:^|[.!;,\n]\s*)(?:what|why|how|which|where|who|whom|whose|huh|pardon)\b",
    ),
    (
        "a negation",
        _words(
            "not",
            "never",
            "neither",
            "nor",
            "dont",
            "do not",
            "doesnt",
            "didnt",
            "cant",
            "cannot",
            "wont",
            "wouldnt",
            "shouldnt",
            "isnt",
            "arent",
            "wasnt",
            "havent",
            "hasnt",
            "forget",
            "changed my mind",
            "cancel that",
            "scratch that",
            "leave it",
        ),
    ),
)

_REFUSALS = _words(
    "no thanks",
    "no thank you",
    "dont",
    "do not",
    "never mind",
    "nevermind",
    "forget it",
    "i changed my mind",
    "i dont want",
    "i do not want",
    "i dont agree",
    "i do not agree",
    "i dont confirm",
    "i do not confirm",
    "cancel that",
    "scratch that",
    "leave it",
    "rather not",
    "id rather not",
    "stop",
    "dont do it",
    "dont do that",
    "do not do it",
    "do not do that",
    "dont proceed",
    "do not proceed",
    "dont go ahead",
    "do not go ahead",
    "absolutely not",
    "definitely not",
    "of course not",
    "not at all",
)

_NEUTRAL_WORDS = """
    a about above account address addresses ahead all also am an and any appreciate appreciated
    are as at away awesome be been below both bunch by bye card cards cheers confirmation cool
    complete correct credit day deal default described detail details did do does done email
    everything everythings exactly excellent finalise finalize for friend gift glad go good
    goodbye great happy has have
    hello help helpful hey hi i id im in info information is it item items its just kind kindly
    like listed look looks lot love lovely maam madam mam me mentioned method methods much my
    need needed new now of on one order orders our payment payments paypal perfect please pls
    plz process processing right said same send shipping sir so sounds stated super thank
    thanks that thats the them then these this those thx to today too ty us very want was
    we what with wonderful would you your youre yours
"""
NEUTRAL = frozenset(_NEUTRAL_WORDS.split())
"""Words that cannot change what a yes means: politeness, fillers, the nouns of orders. A word
outside this set (and not a number, an id, or a word naming the proposed action, see
:func:`classify`) beside a yes makes the reply ambiguous. Verbs of actions ("cancel", "return",
"change") are not here: "yes, cancel it" to a proposed address change does not say yes to it."""

_BARE_NO = _words("no", "nope", "nah")
_OPENING_NO = r"(?:^|[.!;,\n]\s*)(?:no|nope|nah)\b"
_REPEATS = re.compile(r"([a-z])\1{2,}")
_TOKENS = re.compile(r"[#$]?[a-z0-9]+(?:[.,:/-][a-z0-9]+)*")
_ID_LIKE = re.compile(r"#?w\d{7}|\$\d[\d,]*(?:\.\d+)?|\d[\d,]*\.\d+|\d{5,}")
"""Order ids, amounts and long numbers (``#w2378156``, ``$54.04``, ``54.04``, an item id, a zip
code; a payment id ``credit_card_9513926`` reads as ``credit card 9513926``). A short bare number,
a time or a date ("at 10", "17:00", "12/24") may be a condition, so it is no id."""


def _normal(reply: str) -> str:
    """Folded, lowered, apostrophes dropped (``don't`` -> ``dont``), underscores read as spaces
    (``:white_check_mark:``, ``yes_wait``), letter runs of three or more shortened to one
    (``yesss`` -> ``yes``, ``noooo`` -> ``no``)."""
    text = fold_lower(reply).replace("'", "").replace("`", "").replace("_", " ")
    return _REPEATS.sub(r"\1", text).strip()


@lru_cache(maxsize=4096)
def classify(reply: str, action: tuple[str, ...] = ()) -> Reading:
    """The class of ``reply`` (any string; never raises), with the deciding phrase.

    ``action`` holds stems of the words that name the proposed action (``("cancel",)`` for a
    cancellation: "cancellation", "cancelled" start with it); a word starting with one of them
    restates the proposal, so it is neutral beside a yes ("Yes, please cancel it").

    The rules, in order: no affirmative and a refusal -> ``REFUSAL``; any qualifier (deferral,
    condition, hedge, question, negation other than a bare "no") -> ``NOT_CONSENT``, naming the
    first; an affirmative beside a bare "no" -> ``AMBIGUOUS``; no affirmative -> ``NOT_CONSENT``;
    an affirmative beside a word outside :data:`NEUTRAL` -> ``AMBIGUOUS``; else ``CONSENT``.
    An empty or blank reply is ``NOT_CONSENT`` (nothing was said).
    """
    text = _normal(reply)
    if not text:
        return Reading(Consent.NOT_CONSENT, "", "the reply is empty")
    plain = re.sub(_YES_IDIOMS, " yes ", text)
    # an affirmative inside a refusal ("do not proceed", "of course not") is no yes
    affirmative = re.search(_AFFIRMATIVES, re.sub(_REFUSALS, " ", plain))
    refusal = re.search(_REFUSALS, plain) or re.search(_OPENING_NO, plain)
    if refusal is not None and affirmative is None:
        words = refusal.group(0).strip(" .!;,\n")
        return Reading(Consent.REFUSAL, words, f"a refusal ({words!r})")
    qualifiers = sorted(
        (found.start(), kind, found.group(0).strip(" .!;,\n"))
        for kind, pattern in _QUALIFIERS
        if (found := re.search(pattern, plain)) is not None
    )
    if qualifiers:
        _, kind, words = qualifiers[0]
        return Reading(Consent.NOT_CONSENT, words, f"{kind} ({words!r})")
    if affirmative is None:
        return Reading(Consent.NOT_CONSENT, "", "it holds no yes")
    said = affirmative.group(0)
    bare_no = re.search(_BARE_NO, plain)
    if bare_no is not None:
        both = f"{said} / {bare_no.group(0)}"
        return Reading(Consent.AMBIGUOUS, both, f"it says both yes and no ({both!r})")
    rest = re.sub(_AFFIRMATIVES, " ", plain)
    restated = action or ("\0",)
    unknown = [
        w
        for w in _TOKENS.findall(rest)
        if w not in NEUTRAL and not _ID_LIKE.fullmatch(w) and not w.startswith(restated)
    ]
    if unknown:
        shown = " ".join(dict.fromkeys(unknown[:6]))
        return Reading(
            Consent.AMBIGUOUS,
            shown,
            f"a yes ({said!r}) beside words that may qualify it ({shown!r})",
        )
    return Reading(Consent.CONSENT, said, f"an unconditional yes ({said!r})")


def is_consent(reply: str, action: tuple[str, ...] = ()) -> bool:
    """Whether ``reply`` is an unconditional affirmative (:attr:`Consent.CONSENT`) to the
    proposal of ``action`` (see :func:`classify`)."""
    return classify(reply, action).consent is Consent.CONSENT


# --- the labelled set and its figures -------------------------------------------------------------


class LabelledReply(BaseModel):
    """One reply to a proposal and the class a person gives it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    text: str
    label: Consent
    phrasing: str = ""
    """The family (``plain-yes``, ``deferral``, ``condition``, ``lookalike`` ...)."""
    source: str = Field(min_length=1)
    """Provenance: ``handwritten``, ``issue-13`` (the hostile round's examples) ..."""
    action: tuple[str, ...] = ()
    """Stems of the words naming the proposed action (see :func:`classify`), when the reply
    restates it."""
    round: str = ""
    """When the line was written relative to the rules: ``first`` (with them), or a held-out
    round (``held-out-1`` ...: written and measured before the rules were widened to cover it)."""


def load_replies(path: Path = BUNDLED_REPLIES) -> list[LabelledReply]:
    """The labelled replies of a JSONL file. Raises DataError naming the file, line and problem."""
    return read_examples(
        path,
        LabelledReply,
        "labelled consent replies",
        "id, text, label (consent, refusal, not_consent or ambiguous) and source",
        BUNDLED_REPLIES,
    )


@dataclass(frozen=True)
class ConsentFigures:
    """How the classifier's CONSENT agrees with the labels: a false consent is a false pass."""

    source: str
    results: tuple[tuple[LabelledReply, Reading], ...]

    @property
    def true_consent(self) -> int:
        return sum(
            r.consent is Consent.CONSENT and e.label is Consent.CONSENT for e, r in self.results
        )

    @property
    def false_consent(self) -> tuple[tuple[LabelledReply, Reading], ...]:
        """Replies labelled anything but consent that the classifier read as consent."""
        return tuple(
            (e, r)
            for e, r in self.results
            if r.consent is Consent.CONSENT and e.label is not Consent.CONSENT
        )

    @property
    def missed_consent(self) -> tuple[tuple[LabelledReply, Reading], ...]:
        """Replies labelled consent that the classifier did not read as consent."""
        return tuple(
            (e, r)
            for e, r in self.results
            if e.label is Consent.CONSENT and r.consent is not Consent.CONSENT
        )

    @property
    def labelled_consent(self) -> int:
        return sum(e.label is Consent.CONSENT for e, _ in self.results)

    @property
    def precision(self) -> Fraction | None:
        """Replies read as consent that are consent; None when none was read as consent."""
        read = self.true_consent + len(self.false_consent)
        return Fraction(self.true_consent, read) if read else None

    @property
    def recall(self) -> Fraction | None:
        """Consenting replies read as consent; None without consenting replies."""
        total = self.labelled_consent
        return Fraction(self.true_consent, total) if total else None

    @property
    def agreed(self) -> int:
        """Replies whose class equals the label exactly (all four classes)."""
        return sum(r.consent is e.label for e, r in self.results)


def measure(examples: Sequence[LabelledReply], source: str) -> ConsentFigures:
    """The classifier on every example."""
    return ConsentFigures(source, tuple((e, classify(e.text, e.action)) for e in examples))


def report_lines(figures: ConsentFigures, show: int = 5) -> list[str]:
    """The consent classifier's part of the ``checkers calibrate`` report."""
    f = figures
    read = f.true_consent + len(f.false_consent)
    counts = {c: sum(e.label is c for e, _ in f.results) for c in Consent}
    lines = [
        f"consent classifier on {f.source}: {len(f.results)} replies ("
        + ", ".join(f"{n} {c.value}" for c, n in counts.items())
        + ")",
        f"  precision       {ratio_text(f.precision, f'{f.true_consent}/{read} read as consent')}",
        "  recall          "
        + ratio_text(f.recall, f"{f.true_consent}/{f.labelled_consent} consenting replies"),
        f"  same class      {f.agreed}/{len(f.results)}",
    ]
    for example, _ in f.false_consent[:show]:
        lines.append(f"  false consent: {example.id}: {example.text[:100]!r}")
    for example, reading in f.missed_consent[:show]:
        lines.append(f"  missed: {example.id}: {reading.consent.value}, {reading.why[:100]}")
    return lines + left_out_line(show, f.false_consent, f.missed_consent)


def report_json(figures: ConsentFigures) -> dict[str, Any]:
    """The classifier's figures as JSON (floats, with their exact fractions as strings)."""
    return {
        "source": figures.source,
        "replies": len(figures.results),
        "labelled_consent": figures.labelled_consent,
        "precision": ratio_json(figures.precision),
        "recall": ratio_json(figures.recall),
        "same_class": figures.agreed,
        "false_consent": [e.id for e, _ in figures.false_consent],
        "missed_consent": [e.id for e, _ in figures.missed_consent],
    }


# --- a yes among other sentences ------------------------------------------------------------------

_QUESTION_MARKS = re.compile(
    r"\?|(?:^|(?<=[.!;,\n]))\s*(?:what|why|how|which|where|who|whom|"
    r"whose|huh|pardon)\b",
    re.IGNORECASE,
)


_AS_BEFORE = re.compile(
    r"\b(?:as|than) before\b|\b(?:i|you|we|they|was|were|had|have|already) provided\b",
    re.IGNORECASE,
)


_ONCE_DONE = re.compile(
    r"\bafter\s+(?:that|this)\b|\b(?:after|once|when)\s+(?:that|this|it)(?:'?s|\s+is"
    r"|\s+has\s+been)?\s+(?:done|through|complete|completed|processed|finished)\b"
)
"""Words of a question pointing to the proposal once done ("What is my bag allowance after
that?", "Will I get an email once it's done?"): they ask what follows the yes, and set it no
condition, as "after Friday" would."""


_TAKES_BACK = re.compile(
    r"\b(?:kidding|joking|jk|j/k|abort|disregard|never ?mind|scratch that|negative|wrong|mistake"
    r"|take (?:that|it|this) back|forget (?:it|that|about it)|changed? my mind|second thoughts?"
    r"|rather|hold on|hang on|only|alone|just|except|actually|leave (?:out|off)|without"
    r"|skip\w*|exclud\w*|omit\w*"
    r"|no(?! (?:other|more|further|problem|worries|need)\b)|not(?! a problem\b)"
    r"|pass|too (?:expensive|much|pricey|costly|high|steep)"
    r"|keep (?:it|my|the|things|everything|what)|as (?:it |they )?(?:is|are)"
    r"|ignore|undo|reject|decline|refuse|withdraw|revoke|instead|prefer)\b"
)
"""Words that take back or narrow a yes said in another sentence ("Yes. Just kidding.", "Yes.
Abort.", "Yes. Wrong reservation.", "Yes. The outbound flight alone.", "Yes. Actually no.",
"Yes. I'll pass.", "Yes. Keep my current booking as is.", "Yes. Just HAT188.")."""
_UNDOES = re.compile(r"\b(?:cancel\w*|stop\w*|remove\w*|drop\w*)\b")
"""Words that undo the proposal a yes answered ("Yes. Cancel the upgrade."), unless they name
the proposed action itself ("Yes. Cancel it." to a cancellation)."""


_ASKS_TERMS = re.compile(
    r"\b(?:refund\w*|fees?|costs?|charg\w*|pric\w*|how much|penalt\w*|which (?:card|"
    r"account|method))\b"
)
"""Words of a question about the proposal's own terms ("Is it refundable?", "Which card will
you refund?", "How much will it cost?", "Can you tell me the fee?"): the customer is still
weighing it, so the yes beside it waits for the answer."""
_ASKS_TO_DO = re.compile(
    r"\b(?:could|can|would) you\s+(?:please\s+)?(?!tell|confirm|let|check|clarify|explain|say)"
)
"""A request to do something ("Could you ensure the refund goes to my card?"): an instruction
beside the yes, not a question about the terms."""


def asks_only(sentence: str, action: tuple[str, ...]) -> bool:
    """Whether ``sentence`` holds no yes and nothing that would qualify one: a question or a
    request beside the answer ("Could you send the receipt?", "Please use my gift card."), not
    a refusal, deferral, condition, hedge, negation, a question about the proposal's terms
    (:data:`_ASKS_TERMS`), or words that take a yes back, narrow it
    or undo the proposal (:data:`_TAKES_BACK`, :data:`_UNDOES`). ``action``: the stems naming
    the proposed action (see :func:`classify`)."""
    # "the same card as before", "the card I provided" point back: no deferral, no condition
    # (read on the folded text, so that no-break or zero-width spaces hide no "as before")
    plain = _AS_BEFORE.sub(" ", _QUESTION_MARKS.sub(" ", fold_lower(sentence)))
    if "?" in sentence:
        plain = _ONCE_DONE.sub(" ", plain)  # "What's my allowance after that?" sets no condition
    reading = classify(plain, action)
    lowered = fold_lower(sentence).replace("'", "")
    if _TAKES_BACK.search(lowered) is not None:
        return False
    asked = _QUESTION_MARKS.search(sentence) is not None
    if asked and _ASKS_TERMS.search(lowered) and not _ASKS_TO_DO.search(lowered):
        return False
    if any(not word.startswith(action or ("\0",)) for word in _UNDOES.findall(lowered)):
        return False
    return reading.consent is Consent.NOT_CONSENT and reading.why == "it holds no yes"


_OTHER_THING = re.compile(
    r"[\W_]*(?:also|and also|by the way|btw|one more thing|separately|additionally"
    r"|on (?:a|another) (?:different |separate )?note|unrelated(?:ly)?)\b",
    re.IGNORECASE,
)
"""Words opening a sentence that say it is about something else ("Also, do I have other
flights?", "By the way, what is my balance?")."""


def classify_sentences(reply: str, action: tuple[str, ...] = ()) -> Reading:
    """The class of ``reply`` when a yes may come with other sentences: ``CONSENT`` when
    :func:`classify` finds the whole reply consent, or when one of its sentences
    (:func:`checkers.text.sentences`) is consent and each other sentence is consent too or only
    asks or tells something beside it ("Yes, please go ahead. Could you also send me the
    receipt?"): a question or a request in its own sentence does not take the yes back.
    A sentence that refuses, defers, sets a condition, hedges or negates ("Yes. But only after
    Friday.") still makes the reply not consent; otherwise the whole reply's class stands.
    Never raises."""
    whole = classify(reply, action)
    if whole.consent is Consent.CONSENT:
        return whole
    readings = [(s, classify(s, action)) for s in sentences(reply)]
    yes = [r for _, r in readings if r.consent is Consent.CONSENT]
    if yes and all(r.consent is Consent.CONSENT or asks_only(s, action) for s, r in readings):
        return _beside(yes[0], Consent.CONSENT)
    # an undecided yes stays undecided beside questions said to be of other things ("Yes,
    # proceed with those arrangements. Also, do I have other flights?"): no refusal is read
    # into them; a question of the proposal itself ("Could you return the chair alone?") is one
    maybe = [r for _, r in readings if r.consent is Consent.AMBIGUOUS]
    if (
        whole.consent is Consent.NOT_CONSENT
        and maybe
        and all(
            r.consent in (Consent.CONSENT, Consent.AMBIGUOUS)
            or (_OTHER_THING.match(s) is not None and asks_only(s, action))
            for s, r in readings
        )
    ):
        return _beside(maybe[0], Consent.AMBIGUOUS)
    return whole


def _beside(sentence: Reading, consent: Consent) -> Reading:
    """The reply's reading, ``consent``, from the reading of its one ``sentence`` that decides
    it, the others only asking or telling something beside it."""
    why = f"{sentence.why}, the other sentences only asking or telling something beside it"
    return Reading(consent, sentence.evidence, why)
