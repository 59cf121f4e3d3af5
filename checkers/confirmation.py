"""``confirmed_before_writing``, the parts every customer-service domain shares: which customer
message is the yes to a write, what a refusal or an undecided reply gives, which of the details
a message names it puts forward (:func:`proposed`), and which finding decides when a
conversation holds several writes. Whether a yes answers another question than the listing's is
:mod:`checkers.questions`'s (its :func:`~checkers.questions.last_question`,
:func:`~checkers.questions.asks_something_else`, :func:`~checkers.questions.other_action_asked`,
:func:`~checkers.questions.other_action_offered` and :func:`~checkers.questions.picked`, which
the domains call). Whether a listing states a cost, and what is said of money after writes, are
:mod:`checkers.charges_said`'s.

A domain keeps what is its own: which writes need a yes, the words that name each action, the
details and cost a listing must give (:mod:`domains.airline.confirmation`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from checkers import consent, plan_words, status_words
from checkers.conversation import CallRecord, Conversation, Message
from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service_checks import Make
from checkers.status_words import clause_of
from checkers.text import blanked, sentences
from checkers.transcript import brief_json

Finding = tuple[ResultOutcome, str, str]
"""``(outcome, reason code, reason)`` for one write."""

READ_ERRORS = (KeyError, TypeError, ValueError, AttributeError, OverflowError)
"""What reading a write's arguments raises when they are not what the service takes: such a
write is unscored (``write_unreadable``), never passed."""


def decisive(found: Sequence[Finding]) -> Finding | None:
    """The finding that names the result: the first failure, else the first unscored one;
    None when every write passed."""
    for wanted in (ResultOutcome.FAIL, ResultOutcome.UNSCORED):
        first = next((f for f in found if f[0] is wanted), None)
        if first is not None:
            return first
    return None


def decided(make: Make, found: Sequence[Finding], passed: str) -> RequirementResult:
    """The result of a check over several writes, each with its finding in ``found``: the one
    :func:`decisive` names, else a pass (``confirmed``) with the sentence ``passed``."""
    first = decisive(found)
    if first is not None:
        return make(*first)
    return make(ResultOutcome.PASS, "confirmed", passed)


def no_user_turns(make: Make) -> RequirementResult:
    """The result when the answer records no customer message: unscored (``no_user_turns``)."""
    return make(
        ResultOutcome.UNSCORED,
        "no_user_turns",
        "the answer records no customer messages, so whether the customer said yes cannot be "
        "judged (unscored)",
    )


def not_consent(call: CallRecord[Any], said: str, reading: consent.Reading, width: int) -> Finding:
    """``no_explicit_yes``: ``call`` was made after a reply that refuses or does not consent
    (the first ``width`` characters of it quoted)."""
    return (
        ResultOutcome.FAIL,
        "no_explicit_yes",
        f"{call.label()} was made after the customer said {said[:width]!r}, not an explicit "
        f"yes: {reading.why}",
    )


def undecided(call: CallRecord[Any], said: str, reading: consent.Reading) -> Finding:
    """``ambiguous_reply``: whether ``said`` consents to ``call`` cannot be decided."""
    return (
        ResultOutcome.UNSCORED,
        "ambiguous_reply",
        f"whether the customer's {said[:80]!r} consents to {call.label()} cannot be decided: "
        f"{reading.why} (unscored, never a pass)",
    )


def yes_to_a_question(call: CallRecord[Any], said: str, question: str) -> Finding:
    """``yes_to_another_proposal``: the customer's ``said`` answers the agent's ``question``,
    which asks something other than going ahead with ``call``."""
    return (
        ResultOutcome.FAIL,
        "yes_to_another_proposal",
        f"the customer's {said[:40]!r} answers the agent's question {question[:80]!r}, which "
        f"asks something other than going ahead with {call.label()}: a yes to it is no yes "
        "to this write",
    )


def window_start(conversation: Conversation[Any], call: CallRecord[Any]) -> int:
    """The turn of the last write that took effect in a turn before ``call``'s (-1 when none):
    what the customer said yes to before it was for that write (a refused write changed
    nothing, so the yes before it still stands)."""
    return max(
        (
            c.turn
            for c in conversation.calls[: call.index]
            if c.kind == "write" and c.ok and c.turn < call.turn
        ),
        default=-1,
    )


def last_yes(
    conversation: Conversation[Any], call: CallRecord[Any], start: int, stems: tuple[str, ...]
) -> tuple[Message | None, consent.Reading | None]:
    """The customer's yes to ``call``: the last of their messages since turn ``start`` (up to
    the call) that is a yes (or ambiguous), read with :func:`checkers.consent.classify_sentences`
    (``stems`` name the action, neutral beside a yes), provided every message after it only
    tells or asks something (a payment method asked for after the yes, "Could you send me a
    confirmation email?": :func:`checkers.consent.asks_only`, which no question about the
    proposal's terms passes): ``(message, reading)``. When a later message refuses, qualifies
    or takes the yes back ("Actually, keep my booking as it is."), or there is no yes, ``(that
    message or the last one, its reading)`` with a reading that is not consent; ``(None,
    None)`` when the customer said nothing since."""
    heard = [
        (m, consent.classify_sentences(m.text, stems))
        for m in conversation.user_messages
        if start < m.turn <= call.turn and m.after_calls <= call.index
    ]
    if not heard:
        return None, None
    yeses = [
        n
        for n, (_, r) in enumerate(heard)
        if r.consent in (consent.Consent.CONSENT, consent.Consent.AMBIGUOUS)
    ]
    if not yeses:
        return heard[-1]
    later = [
        (m, r if r.why != "it holds no yes" else _TAKEN_BACK)
        for m, r in heard[yeses[-1] + 1 :]
        if r.consent is consent.Consent.REFUSAL
        or not all(consent.asks_only(s, stems) for s in sentences(m.text))
    ]
    return later[0] if later else heard[yeses[-1]]


_TAKEN_BACK = consent.Reading(
    consent.Consent.NOT_CONSENT, "", "a later message takes the yes back or changes it"
)


def _same_args(earlier: CallRecord[Any], call: CallRecord[Any]) -> bool:
    return earlier.args == call.args


def repeat_of(
    conversation: Conversation[Any],
    call: CallRecord[Any],
    yes: Message,
    same: Callable[[CallRecord[Any], CallRecord[Any]], bool] = _same_args,
) -> CallRecord[Any] | None:
    """An earlier write that took effect after the customer's ``yes`` with the same tool as
    ``call`` and, by ``same`` (the same arguments unless a domain says more), the same write (a
    second booking, a second charge for one confirmed change), else None. A retry after a
    refusal is no repeat: the refused call changed nothing."""
    return next(
        (
            c
            for c in conversation.calls[yes.after_calls : call.index]
            if c.ok and c.name == call.name and same(c, call)
        ),
        None,
    )


def proposed(said: str, found: Sequence[re.Match[str]]) -> list[re.Match[str]]:
    """The matches ``found`` (in order, on a text as long as ``said``, its folded, lowered
    form) that ``said`` puts forward rather than rules out: none denied right before it
    (:func:`checkers.status_words.negated`: "not HAT100", "no longer HAT100"), nor said after
    it, up to the next match or its clause's end (:func:`checkers.status_words.clause_of`), to
    be unavailable or taken (:data:`checkers.plan_words.NEGATED`, or
    :data:`checkers.plan_words.BAD_STATE` not itself negated: "HAT300 is not available",
    "(HAT300 was full)"), nor set aside right before it (:data:`ASIDE`: "to HAT166 instead of
    HAT056") or turned away from by a denied preposition (:data:`_NOT_TOWARD`: "not to HAT056
    — to HAT166"). A negation further off is not read as ruling a match out ("there is no
    fee for HAT166" puts HAT166 forward): a proposal read as ruled out would let an earlier
    listing stand for a yes that answered it."""
    kept = []
    starts = [m.start() for m in found]  # the next match by bisection: linear, not quadratic
    for n, match in enumerate(found):
        if status_words.negated(said, match.start(), said[match.start() : match.end()]):
            continue
        before = said[max(0, match.start() - 60) : match.start()]
        if ASIDE.search(before) or _NOT_TOWARD.search(before):
            continue
        stop = clause_of(said, match.start())[1]
        following = bisect_left(starts, match.end(), n + 1)
        stop = min(stop, starts[following]) if following < len(starts) else stop
        after = said[match.end() : stop]
        if plan_words.NEGATED.search(after) or any(
            not plan_words.STATE_NEGATORS.search(after, 0, bad.start())
            for bad in plan_words.BAD_STATE.finditer(after)
        ):
            continue
        kept.append(match)
    return kept


T = TypeVar("T")
_SET_ASIDE = (
    r"\b(?:instead of|rather than|other than|in place of|no need to)\s+(?:[\w'-]+\s+){0,2}$"
)
ASIDE = re.compile(_SET_ASIDE)
"""Words that set aside what follows them ("instead of cancelling", "rather than the 10:00
one"): it is no proposal."""
ASIDE_OR_BOUND = re.compile(
    rf"{_SET_ASIDE}|\b(?:after|before|until|till|by|than|prior to|between)\s+(?:the\s+)?$"
)
""":data:`ASIDE`, and words that make the time or date after them a bound ("after 11 am", "no
later than 9:00", "before May 30"), not a flight or day put forward."""
_WORD = re.compile(r"\S+")
_NOT_TOWARD = re.compile(
    r"\b(?:not|never|no\s+longer)\s+(?:to|for|on|onto|into|in|with|via|at|by)\s+"
    r"(?:[\w'-]+\s+){0,2}$"
)
"""A denied preposition right before a value, at most two words between ("not to HAT056", "not
on flight HAT056", "not in business"): the value is turned away from, not put forward."""


NEGATION = re.compile(
    r"\b(?:not|never|no longer|dont|wont|cant|cannot|unable|wouldnt|shouldnt|isnt|arent|"
    r"wasnt|didnt|doesnt|neither|nor|no)\b"
)
"""A negation, in text folded with its apostrophes dropped ("won't" reads "wont")."""


def denies(clause: str, starts: Sequence[int], restates: Iterable[str]) -> bool:
    """Whether ``clause`` (folded, lowered, apostrophes dropped), which names a write's action
    at each of ``starts`` (not empty), says the action will not be done: a negation
    (:data:`NEGATION`) before its first word ("I will NOT change the address", "I will not
    upgrade Z7GOZK to economy"), or one right before a word restating it after that word, at
    most two words between (``restates``, stems of verbs: "the address won't be changed"). A
    negation elsewhere denies something else ("cancel it, yes or no?"). The caller chooses
    what a clause is (a domain may blank words that only sound like a denial first, as orders
    does a cancellation's reason "no longer needed")."""
    first = min(starts)
    if NEGATION.search(clause, 0, first):
        return True
    stems = "|".join(map(re.escape, restates))
    return (
        bool(stems)
        and re.search(rf"{NEGATION.pattern}\W+(?:\w+\W+){{0,2}}?(?:{stems})", clause[first:])
        is not None
    )


_COUNTERFACTUAL = re.compile(
    r"\bif\b[^.;:!?\n]{0,60}?\b(?:were|had\s+been)\b"
    r"|\b(?:were|had)\s+(?:it|you|we|they|i|the\s+\w+)\s+(?:to|been)\b"
    r"|\b(?:hypothetical(?:ly)?|supposing|in\s+theory|theoretically)\b"
    r"|^\W*(?:lets\s+)?(?:suppose|imagine|say)\b",
    re.IGNORECASE,
)
"""Words that make a sentence a supposition, not a proposal: a condition against the facts
("If it were $218, would you ...?", "were you to upgrade", "had it been"), "hypothetically",
"in theory", a sentence opening "Suppose" or "Imagine". "If you'd like, I can ..." proposes."""
_DISCOURAGED = re.compile(
    r"(?:\b(?:recommend|advise|suggest|caution)\w*\s+against"
    r"|\b(?:not|dont|wont|wouldnt|cant|cannot|never)\s+(?:really\s+|personally\s+)?"
    r"(?:recommend|advise|suggest)\w*"
    r"|\b(?:not|isnt|wouldnt\s+be|even|really|actually)\s+(?:be\s+)?(?:worth|advisable|wise"
    r"|a\s+good\s+idea)(?:\s+it)?)"
    r"(?:\s+(?:it|this|that|doing\s+(?:so|it|this|that)|(?:the|this|that)\s+\w+))?\s*(?=[,;.!?]|$)",
    re.IGNORECASE,
)
"""Words that discourage what a sentence names, said of it and nothing else ("I'd recommend
against it.", "I wouldn't recommend the upgrade.", "would it even be worth it?", "It's not
worth it."); not of another thing ("I wouldn't recommend business, it is $600 more")."""
_SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?](?![\s\"')\]]|$))+[.!?\"')\]]*")
_SHORT = 8
"""The most words a sentence that discourages may have to be about the sentence before it
("I'd recommend against.")."""


def unframed(text: str) -> str:
    """``text`` (as written, or folded) with each sentence that puts nothing forward blanked, every
    position kept: a supposition (:data:`_COUNTERFACTUAL`: "If it were $218, would you upgrade
    ...?") and one discouraging what it names (:data:`_DISCOURAGED`: "Would upgrading ... even
    be worth it?"); a short sentence that discourages (:data:`_SHORT` words at most: "I'd
    recommend against.") blanks the one before it too. A listing said only so is no listing:
    the customer's yes answers no proposal of the write."""
    found = [m.span() for m in _SENTENCE.finditer(text)]
    spans = []
    for n, (start, end) in enumerate(found):
        sentence = re.sub("['\u2019]", "", text[start:end])
        if _COUNTERFACTUAL.search(sentence.strip()):
            spans.append((start, end))
        elif _DISCOURAGED.search(sentence):
            spans.append((start, end))
            if n and len(sentence.split()) <= _SHORT:
                spans.append(found[n - 1])
    return blanked(text, spans)


def put_forward(
    said: str, found: Iterable[tuple[int, T]], aside: re.Pattern[str] = ASIDE
) -> list[T]:
    """The values of ``found`` (``(where each is named in said, value)``) that ``said``
    (folded, lowered) puts forward, in order: those :func:`proposed` keeps ("(the 10:00 flight
    is full)", "not May 30" put none forward) and ``aside`` does not match right before."""
    spans = sorted(found, key=lambda f: f[0])
    # proposed reads the words around each place: the word starting there stands for it
    words = [w for start, _ in spans if (w := _WORD.match(said, start)) is not None]
    kept = {w.start() for w in proposed(said, words)}
    return [
        value
        for start, value in spans
        if start in kept and not aside.search(said, max(0, start - 60), start)
    ]


Shapes = Mapping[str, Mapping[str, type | tuple[type, ...]]]
"""Per write, the arguments it needs and their types."""


def check_arguments(call: CallRecord[Any], shapes: Shapes) -> None:
    """Raise ValueError naming the first argument of ``call`` (of those ``shapes`` lists for its
    tool) missing or of the wrong type; a list must hold objects."""
    for name, kind in shapes.get(call.name, {}).items():
        value = call.args.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(f"{name} is {brief_json(value)}")
        if isinstance(value, list) and not all(isinstance(v, dict) for v in value):
            raise ValueError(f"{name} is {brief_json(value)}")
