"""``confirmed_before_writing``, the parts every customer-service domain shares: which customer
message is the yes to a write, what a refusal or an undecided reply gives, which of the details
a message names it puts forward (:func:`proposed`), whether a yes answers another question
(:func:`last_question`), and which finding decides when a conversation holds several writes.
Whether a listing states a cost, and what is said of money after writes, are
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
from checkers.text import fold_lower, sentences
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
    "(HAT300 was full)"). A negation further off is not read as ruling a match out ("there is
    no fee for HAT166" puts HAT166 forward): a proposal read as ruled out would let an earlier
    listing stand for a yes that answered it."""
    kept = []
    starts = [m.start() for m in found]  # the next match by bisection: linear, not quadratic
    for n, match in enumerate(found):
        if status_words.negated(said, match.start(), said[match.start() : match.end()]):
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


def last_question(message: str) -> str | None:
    """The last sentence of ``message`` that asks something (holds a "?"), None if none does:
    a yes answers it, not the listing before it."""
    asked = [sentence for sentence in sentences(message) if "?" in sentence]
    return asked[-1] if asked else None


_NOT_GOING_AHEAD = re.compile(
    r"\b(?:hold\s+off|wait|think\s+(?:it\s+)?over|leave|keep|rather|prefer|instead|else"
    r"|questions?|e-?mail|human|tomorrow|later)\b"
)
"""Words of a question that asks something other than going ahead ("Anything else?", "Would you
like to think it over?", "Should I hold off on the upgrade?")."""
_INSTEAD = ("instead", "rather", "prefer")
"""Words of :data:`_NOT_GOING_AHEAD` that set the write's own object against another one
("Shall I book HAT056 instead?"), not against going ahead."""
_COURTESY = ("questions", "question", "else")
"""Words of :data:`_NOT_GOING_AHEAD` that, in an alternative, only make the usual offer beside
going ahead ("Shall I proceed, or do you have any questions?")."""
_INVITES_CHANGE = re.compile(
    r"\b(?:any|anything|something)\b(?:\W+\w+){0,4}?\W+(?:chang|modif|edit|adjust|correct)"
)
"""A question inviting a change ("Would you like to make any changes?", "Is there anything
you'd like to change before I proceed?"): a yes asks for one."""
_GO_AHEAD = re.compile(
    r"\b(?:proceed|go\s+ahead|go\s+with|confirm|shall\s+(?:i|we)|should\s+(?:i|we)|can\s+(?:i|we)"
    r"|may\s+i|(?:would|do)\s+you\s+(?:like|want)\s+(?:me\s+to|to|that|this|it|them)"
    r"|want\s+me\s+to|ready|correct|ok|okay|alright|all\s+right|yes\s+or\s+no"
    r"|right|sounds?\s+good|looks?\s+good|work\s+for\s+you|(?:are|is)\s+(?:you|this|that|it)"
    r"\s+(?:ok|okay|fine|alright|happy|sure|good)|agree|approve|book\s+(?:it|this|that)"
    r"|do\s+(?:it|this|that))\b"
)
"""Words of a question asking to go ahead ("Shall I proceed?", "Is that correct?")."""
_REQUEST = re.compile(
    r"\b(?:(?:shall|should|can|could|may)\s+(?:i|we)|(?:would|do)\s+you\s+(?:like|want)\s+"
    r"(?:(?:me|us)\s+)?to|want\s+me\s+to)\s+(?P<also>also\s+)?(?:(?:now|first|just|quickly"
    r"|then)\s+)?(?P<asked>[^\W\d_]+(?:[\W_]+[^\W_]+){0,4})"
)
"""An offer or request in a question, with the five words of what it asks to do ("shall I
change its shipping address", "would you like me to also cancel ...")."""
_GOING_AHEAD = frozenset({
    "proceed", "go", "continue", "confirm", "submit", "process", "place", "complete", "finalize",
    "finalise", "apply", "carry", "execute", "book", "purchase", "buy", "pay", "use", "get",
    "save", "finish", "charge", "accept", "approve", "secure", "create", "include", "reserve",
    "replace", "swap", "reschedule", "transfer", "rebook", "issue", "file", "handle",
    "initiate", "move", "update", "change", "modify", "switch", "authorize", "authorise",
})  # fmt: skip
"""Verbs a request goes ahead with, whatever the write ("Shall I proceed with the return and
email you the label?", "Shall I charge the $218 to your Mastercard?"). A request of any other
verb, not the write's own, asks something else ("Would you like to add checked bags?" after a
booking's listing, "Would you like me to check ...?")."""
_CHANGING = frozenset({"update", "change", "modify", "switch", "replace", "swap", "move"})
"""Verbs of :data:`_GOING_AHEAD` whose object may be another write's action ("Shall I change
its shipping address?" before a cancellation: :func:`other_action_asked`)."""
_PLAIN_GO = frozenset({"proceed", "go", "continue", "confirm"})
_THAT = re.compile(r"\b(?:that|it|this)\b")
"""A plain request to go ahead asked "too" of the write itself ("Would you like me to proceed
with that too?", "Shall I cancel it too?" of a second write) asks to go ahead with it, not for
something more."""
_GOING_WITH_IT = frozenset({"do", "put", "set", "take", "have", "start", "make", "lock"})
"""Verbs that go ahead only with the write as their object ("do it", "put this through", "make
this change"), not with another ("do some more research", "make a note")."""
_WITH_IT = re.compile(r"^\S+\s+(?:it|this|that|them|these|the\s+(?:change|booking|order))\b")
"""A request's words with the write as the object of its verb ("do it", "make this change")."""
_HOW_GOING = frozenset({"instead", "rather", "prefer", "email", "e-mail", "leave", "keep"})
"""Words of :data:`_NOT_GOING_AHEAD` that a request to go ahead may say how it goes with ("...
and email you the label", "... and leave your other order as it is", "... there instead")."""
_OTHER_COURSE = re.compile(r"\b(?:refund|certificate|voucher|credit|cancel|note|quote|hold)")
"""What a request "instead" may ask for that is no write ("process a refund instead")."""
_ADDED = re.compile(r"\b(?:too|as\s+well|in\s+addition)\W*$")
"""A request asked as an addition ("... the address too?", "... as well?")."""
_OR = re.compile(r"\bor\b(?!\W*\d{5})")
"""An "or" between alternatives; not a state's code before its zip ("Portland, OR 97201")."""


def _request(question: str) -> tuple[str, bool]:
    """What ``question`` (folded, lowered) asks to do, its five words after "shall I", "would you
    like (me) to" ... ("" when it asks nothing to be done), and whether it asks it as an
    addition ("also", "too", "as well")."""
    found = _REQUEST.search(question)
    added = _ADDED.search(question.rstrip("?) ")) is not None
    return (found["asked"], added or bool(found["also"])) if found else ("", added)


def _first_word(text: str) -> str:
    found = re.match(r"[^\W_]+", text)
    return found[0] if found else ""


def asks_something_else(
    question: str, action: Sequence[str], *, names_own: bool, names_write: bool
) -> bool:
    """Whether ``question`` (:func:`last_question` of the agent's message before the yes) asks
    something other than going ahead with a write whose action the stems ``action`` name
    ("Anything else I can help with?", "Should I hold off on the upgrade?", "Would you like me
    to check the camera?", "Would you like me to also cancel your subscription?", "Would you
    like to make any changes?"): a yes answers that question, not the listing before it. A
    request to go ahead may say how ("... and email you the label", "... instead"), and an
    alternative after "or" may make the usual offer ("or do you have any questions?").

    ``names_own``: the question names the object the write puts forward (its new flight, its
    order), so "Shall I book HAT056 instead?" asks to go ahead with it; ``names_write``: it
    names what the write acts on, so a question with no word of going ahead ("HAT056 on May
    28?") is about the write."""
    head, *alternatives = _OR.split(fold_lower(question))
    asked, added = _request(head)
    # "Shall I go ahead with the upgrade as well?" of a second write asks to go ahead with it
    verb, that = _first_word(asked), _THAT.search(asked) is not None
    own_verb = any(verb.startswith(stem) for stem in action)
    second = (verb in _PLAIN_GO and (that or any(_starts_word(s, asked) for s in action))) or (
        own_verb and that  # "Shall I cancel it too?"
    )
    if (added and not second) or _INVITES_CHANGE.search(head):
        return True
    excused = _COURTESY + (_INSTEAD if names_own else ())
    for alternative in alternatives:
        if any(w not in excused for w in _NOT_GOING_AHEAD.findall(alternative)):
            return True
        offered = _request(alternative)[0]  # "or should I help you find something else?"
        courtesy = _NO_OBJECT.search(alternative) or _NO_OTHER_COURSE.search(alternative)
        if offered and not courtesy and not _goes_ahead(offered, action):
            return True
    words = _NOT_GOING_AHEAD.findall(head)
    if asked:
        if not _goes_ahead(asked, action):
            return True
        other_course = not names_own and _OTHER_COURSE.search(asked) is not None
        instead = any(w in _INSTEAD for w in words)
        return any(w not in _HOW_GOING for w in words) or (instead and other_course)
    if [w for w in words if not (names_own and w in _INSTEAD)]:
        return True
    if _GO_AHEAD.search(head) or any(stem in head for stem in action):
        return False
    return not names_write


def _goes_ahead(asked: str, action: Sequence[str]) -> bool:
    """Whether what a request asks to do (:func:`_request`) goes ahead with a write whose action
    the stems ``action`` name: its verb goes ahead (:data:`_GOING_AHEAD`, or
    :data:`_GOING_WITH_IT` with the write as its object), or it is a word of the write's
    action ("Shall I cancel it?")."""
    verb = _first_word(asked)
    if verb in _GOING_AHEAD or (verb in _GOING_WITH_IT and _WITH_IT.match(asked)):
        return True
    return any(verb.startswith(stem) for stem in action)


def _starts_word(stem: str, text: str) -> bool:
    return re.search(rf"\b{re.escape(stem.strip())}", text) is not None


def _related(stem: str, action: Sequence[str]) -> bool:
    return any(stem.startswith(own) or own.startswith(stem) for own in action)


def other_action_asked(question: str, action: Sequence[str], actions: Iterable[str]) -> str | None:
    """The stem of another action (one of ``actions``, none of the write's stems ``action``) that
    ``question`` asks to do without naming the write's ("Your order can be cancelled any time.
    Shall I change its shipping address?" before a cancellation): a yes agrees to that action,
    not the write. Only what the question asks to do is read ("Shall I proceed? ... refunded to
    your payment method" asks for no change of payment)."""
    asked = _request(fold_lower(question))[0]
    verb = _first_word(asked)
    going = verb in _GOING_AHEAD and verb not in _CHANGING
    if not asked or going or any(_starts_word(own, asked) for own in action):
        return None
    return next(
        (s.strip() for s in actions if _starts_word(s, asked) and not _related(s.strip(), action)),
        None,
    )


_NO_OBJECT = re.compile(r"\b(?:any|anything|something|else|other)\b")
"""Words of an alternative that names nothing in particular ("or anything else?")."""
_NO_OTHER_COURSE = re.compile(
    r"\b(?:not|no|yes|chang\w*|modif\w*|edit\w*|adjust\w*|correct\w*|questions?|wrong|concerns?"
    r"|help|charged|refunded)\b"
)
"""Words of an alternative that offers no other course ("or not", "or would you like to change
the number of bags?", "or do you have questions?", "charged or refunded via PayPal")."""
_ALTERNATIVE_END = re.compile(rf"[?.;!]|{_OR.pattern}")
"""Where an alternative after "or" ends: the question's end or the next "or"."""


_FILLER = frozenset({
    "the", "your", "you", "with", "for", "and", "would", "like", "want", "that", "this", "use",
    "using", "one", "pay", "paid", "please", "yes", "shall", "should", "can", "could", "my",
})  # fmt: skip
_OPTION_WORDS = 4


def _content(words: Iterable[str]) -> set[str]:
    return {w for w in words if len(w) > 2 and w not in _FILLER}


def picked(question: str, reply: str) -> bool:
    """Whether ``reply`` picks one of the options ``question`` offers with "or": it names words
    of exactly one of them ("... with your gift card or credit card?" "Yes, cover it with my gift
    card."). An option is the few words right before the first "or" or right after each; a word
    two options share ("card") picks neither."""
    head, *alternatives = _OR.split(fold_lower(question))
    words = re.compile(r"[^\W_]+")
    options = [_content(words.findall(head)[-_OPTION_WORDS:])] + [
        _content(words.findall(a)[:_OPTION_WORDS]) for a in alternatives
    ]
    said = set(words.findall(fold_lower(reply)))
    chosen = {
        n
        for n, option in enumerate(options)
        for w in option & said
        if sum(w in o for o in options) == 1
    }
    return len(chosen) == 1


def other_action_offered(
    question: str, action: Sequence[str], actions: Iterable[str], reply: str = ""
) -> str | None:
    """What ``question`` offers after an "or" instead of the write: another action (one of
    ``actions``, none of the write's stems ``action``, at the start of a word: "Would you like
    to return the chair, or exchange it?"), or any other course ("..., or get a refund?", "to
    your PayPal or to a gift card?", "for you, or for Mei?"): a bare yes picks neither. None
    when no alternative offers one ("or would you like to change anything?", "or not?", "or
    do you have any questions?"), or when the customer's ``reply`` picks one (:func:`picked`)."""
    if reply and picked(question, reply):
        return None
    folded = fold_lower(question)
    for conjunction in _OR.finditer(folded):
        end = _ALTERNATIVE_END.search(folded, conjunction.end())
        alternative = folded[conjunction.end() : end.start() if end else len(folded)].strip()
        if not re.search(r"[^\W_]", alternative) or _NO_OBJECT.search(alternative):
            continue
        for word in actions:
            if _starts_word(word, alternative) and not _related(word.strip(), action):
                return word.strip()
        if not _NO_OTHER_COURSE.search(alternative):
            return alternative
    return None
