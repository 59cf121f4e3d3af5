"""What the agent's last question before a customer's yes asks: :func:`last_question` finds it
("Yes or no?" read with the sentence before it; a courtesy question after a request to go
ahead passed over when the reply says to go ahead), :func:`asks_something_else` tells a
question asking to go ahead with a write from one asking or offering something else (a fact, a
service, an addition, a wish for a change), and :func:`other_action_offered`,
:func:`other_action_asked` and :func:`picked` read the other actions a question offers beside
the write or instead of it. A yes answers that question, not the listing before it
(:mod:`checkers.confirmation`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from checkers.text import fold_lower, sentences

_OFFERS_INSTEAD = re.compile(
    r"^\W*(?:or|alternatively)\b|^\W*if\s+you(?:'d|\s+would)?\s+(?:prefer|rather)\b"
)
"""Words opening a sentence that offers an alternative to what was said before it ("Or, if you
prefer, I can exchange them for the size 11 pair instead.", "Alternatively, ...")."""


_BARE_WORDS = frozenset({
    "shall", "should", "can", "could", "may", "would", "will", "do", "does", "is", "i", "we",
    "you", "me", "us", "like", "want", "to", "go", "ahead", "with", "proceed", "that", "this",
    "it", "so", "them", "one", "please", "ok", "okay", "work", "for", "sound", "good", "fine",
})  # fmt: skip
"""Words of a question that names nothing of its own ("Shall I do that?", "Would you like
that?", "Shall I proceed?"): it asks about what was said right before it."""


_ASIDE_END = re.compile(r"(?<=[.!?][)\]])\s+")
"""Where a sentence closing an aside ends ("(Your gift card holds $50.) Shall I proceed?")."""


_ANSWER_PROMPT = re.compile(r"^\W*(?:yes|y)\W*(?:or\W+)?(?:no|n)\W*$")
"""A question that only prompts for the answer ("Yes or no?", "Yes/No?", "(y/n)?"): it asks
what the sentence before it said."""
_COURTESY_WORDS = frozenset({
    "is", "are", "there", "anything", "something", "else", "any", "other", "more", "further",
    "questions", "question", "concerns", "you", "need", "i", "we", "can", "could", "may",
    "help", "assist", "do", "for", "with", "today", "have", "in", "the", "meantime", "at", "all",
})  # fmt: skip
"""Words of the usual courtesy question ("Is there anything else you need?", "Anything else I
can help you with today?", "Do you have any questions?"); an unknown word makes it another
question."""
_COURTESY_OWN = frozenset({"else", "questions", "question", "concerns", "further"})
"""Words one of which a courtesy question holds (without one, "Do you need any help?" may ask
about the write)."""
_ASKS_TO_GO = re.compile(
    r"\b(?:confirm|proceed|go\s+ahead|shall\s+(?:i|we)|should\s+(?:i|we)|(?:would|do)\s+you\s+"
    r"(?:like|want)\b|let\s+me\s+know|(?:reply|say|answer)\s+(?:with\s+)?\W?yes)\b"
)
"""Words of a sentence asking for the customer's go-ahead ("Please confirm that you'd like to
proceed.", "Let me know if I should go ahead.", "Reply yes to confirm.")."""
_GOING_AHEAD_SAID = re.compile(
    r"\b(?:go\s+ahead|proceed|confirm(?:ed)?|do\s+it|please\s+do|process\s+it)\b"
)
"""Words of a reply that answer a request to go ahead ("Yes, please go ahead.", "Yes, I
confirm."), not a courtesy question ("Is there anything else you need?")."""


_TELLS_TO_ANSWER = re.compile(
    r"^\W*(?:(?:please|kindly|just|simply)\s+)*(?:confirm|reply|say|answer|let\s+me\s+know)\b"
    r"|\b(?:please|kindly)\s+(?:confirm|reply|let\s+me\s+know)\b"
)
"""A sentence telling the customer to answer ("Please confirm (yes) to proceed.", "Let me know
if I should go ahead."), not one saying what is confirmed ("I can confirm that ...")."""


def asks_go_ahead(message: str) -> bool:
    """Whether ``message`` asks the customer's go-ahead with what it lists: a sentence of it
    asks (a question, or tells the customer to answer: :data:`_TELLS_TO_ANSWER`) for the
    go-ahead (:data:`_ASKS_TO_GO`: "Shall I proceed?", "Would you like me to go ahead?",
    "Please confirm (yes) to proceed."). A courtesy ("Would you like anything else?", "Let me
    know if you have questions.") asks for none unless it names going ahead
    (:data:`_GOING_AHEAD_SAID`)."""
    for sentence in sentences(message):
        lowered = fold_lower(sentence)
        asks = "?" in sentence or _TELLS_TO_ANSWER.search(lowered) is not None
        if not asks or not _ASKS_TO_GO.search(lowered):
            continue
        courtesy = bool(set(re.findall(r"[^\W\d_]+", lowered)) & _COURTESY_OWN)
        if not courtesy or _GOING_AHEAD_SAID.search(lowered):
            return True
    return False


_COURTESY_TOPIC = re.compile(
    r"\s+(?:about|regarding|concerning)\s+(?:this|that|the|your|these|those)\s+[^\W\d_]+"
    r"(?:\s+[^\W\d_]+)?\W*$"
)
"""What a courtesy question may close on, the topic of the questions it invites ("... any other
questions about this order?", "... about your booking?"): one or two words after "this", "the"
or "your"."""


def _courtesy(question: str) -> bool:
    """Whether ``question`` is only the usual courtesy (:data:`_COURTESY_WORDS`), whatever opens
    it as an addition ("Also, is there anything else I can help you with?": the words of
    :data:`_ADDED_BEFORE` add no request) or names its topic at its end (:data:`_COURTESY_TOPIC`:
    "Do you have any other questions about this order?")."""
    folded = fold_lower(question)
    opening = _ADDED_BEFORE.match(folded)
    plain = _COURTESY_TOPIC.sub("", folded[opening.end() if opening else 0 :])
    words = set(re.findall(r"[^\W\d_]+", plain))
    return bool(words & _COURTESY_OWN) and words <= _COURTESY_WORDS


def _request_before(said: Sequence[str], last: int) -> str | None:
    """The sentence nearest before ``said[last]`` that asks something or asks for the go-ahead
    (:data:`_ASKS_TO_GO`), None when none does: a question between is the one it meets."""
    return next(
        (s for s in reversed(said[:last]) if "?" in s or _ASKS_TO_GO.search(fold_lower(s))),
        None,
    )


def last_question(message: str, reply: str = "") -> str | None:
    """The last sentence of ``message`` that asks something (holds a "?"), None if none does:
    a yes answers it, not the listing before it. When that question names nothing of its own
    (:data:`_BARE_WORDS`) and the sentence right before it offers an alternative
    (:data:`_OFFERS_INSTEAD`) to what the message said before that ("I'll exchange them for
    the size 9 pair. Or, if you prefer, I can exchange them for the size 11 pair instead.
    Shall I do that?"), that sentence and the question: a bare yes picks neither, as it picks
    neither option of one question ("..., or the size 11 pair?"). A question naming its own
    stands alone ("If you'd prefer to exchange it, just let me know. Shall I proceed with the
    return?"), and so does one after a message opening with the alternative ("Or 1 more bag.
    Shall I go ahead?" proposes the bag, set against an earlier message).

    A question that only prompts for the answer (:data:`_ANSWER_PROMPT`: "Please confirm: I'll
    return the chair. Yes or no?") asks what the sentence before it says: that sentence and
    the prompt. A courtesy question (:func:`_courtesy`: "Is there anything else you need?")
    after a request to go ahead ("Please confirm that you'd like to proceed.") is not the one
    the customer's ``reply`` answers when the reply says to go ahead ("Yes, please go ahead."):
    then the nearest sentence before it asking something or asking for the go-ahead
    (:func:`_request_before`: "Shall I proceed? Would you like express shipping? Anything
    else?" meets the shipping). A bare "Yes." answers the courtesy question."""
    said = sentences(message)
    asked = [n for n, sentence in enumerate(said) if "?" in sentence]
    if not asked:
        return None
    last = asked[-1]
    # an aside closed by ".)" ends a sentence ("(Your gift card holds $50.) Shall I proceed?")
    parts = [p for p in _ASIDE_END.split(said[last]) if p.strip()]
    said[last] = next(p for p in reversed(parts) if "?" in p)
    if last > 0 and _ANSWER_PROMPT.match(fold_lower(said[last])):
        return f"{said[last - 1]} {said[last]}"
    if _courtesy(said[last]) and _GOING_AHEAD_SAID.search(fold_lower(reply)):
        request = _request_before(said, last)
        if request is not None:
            return request
    bare = set(re.findall(r"[^\W\d_]+", fold_lower(said[last]))) <= _BARE_WORDS
    if bare and last > 1 and _OFFERS_INSTEAD.match(fold_lower(said[last - 1])):
        return f"{said[last - 1]} {said[last]}"
    return said[last]


_NOT_GOING_AHEAD = re.compile(
    r"\b(?:hold\s+off|on\s+hold|postpone|pause|wait|think\s+(?:it\s+)?over|leave|keep|rather"
    r"|prefer|instead|else"
    r"|questions?|e-?mail|human|tomorrow|later)\b"
)
"""Words of a question that asks something other than going ahead ("Anything else?", "Would you
like to think it over?", "Should I hold off on the upgrade?", "Shall I put this on hold?")."""
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
    r"|want\s+me\s+to|ready|correct|accurate|ok|okay|alright|all\s+right|yes\s+or\s+no"
    r"|right|sounds?\s+good|looks?\s+good|work\s+for\s+you|(?:are|is)\s+(?:you|this|that|it)"
    r"\s+(?:ok|okay|fine|alright|happy|sure|good)|agree|approve|book\s+(?:it|this|that)"
    r"|do\s+(?:it|this|that))\b"
)
"""Words of a question asking to go ahead ("Shall I proceed?", "Is that correct?")."""
_REQUEST = re.compile(
    r"\b(?:(?:shall|should|can|could|may)\s+(?:i|we)|(?:would|do)\s+you\s+(?:like|want)\s+"
    r"(?:(?:me|us)\s+)?to|want\s+me\s+to|(?:is|would)\s+it\s+(?:be\s+)?(?:ok|okay|alright"
    r"|all\s+right|fine)\s+(?:if\s+(?:i|we)|for\s+(?:me|us)\s+to)|do\s+you\s+mind\s+if\s+"
    r"(?:i|we))\s+(?P<also>also\s+)?(?:(?:now|first|just|quickly|then)\s+)?"
    r"(?P<asked>[^\W\d_]+(?:[\W_]+[^\W_]+){0,4})"
)
"""An offer or request in a question, with the five words of what it asks to do ("shall I
change its shipping address", "would you like me to also cancel ...", "is it okay if I also
update your default address")."""
_GOING_AHEAD = frozenset({
    "proceed", "go", "continue", "confirm", "submit", "process", "place", "complete", "finalize",
    "finalise", "apply", "carry", "execute", "book", "purchase", "buy", "pay", "use",
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
_GOING_WITH_IT = frozenset({"do", "put", "set", "take", "have", "get", "start", "make", "lock"})
"""Verbs that go ahead only with the write as their object ("do it", "put this through", "make
this change", "get the exchange started"), not with another ("do some more research", "make a
note", "Can I get a phone number ...?", which asks the customer for one)."""
_WITH_IT = re.compile(r"^\S+\s+(?:it|this|that|them|these|the\s+(?:change|booking|order))\b")
"""A request's words with the write as the object of its verb ("do it", "make this change")."""
_OBJECT = re.compile(r"^\S+\s+(?:(?:the|this|that|your)\s+)?(?P<noun>[^\W\d_]+)")
"""A request's verb and the noun of its object ("get the exchange" -> "exchange")."""
_NEW_MEANS = re.compile(r"^(?:use|apply|book|buy|purchase|reserve)\s+(?:a|an|another|some|other)\b")
"""A request to use, apply or buy something the listing did not hold ("use a travel
certificate", "apply a 10% coupon", "book a hotel in Houston"): another payment, discount or
purchase, not the write as listed, unless it names the write's action ("book a seat in
economy" of an upgrade)."""
_HOW_GOING = frozenset({"instead", "rather", "prefer", "email", "e-mail", "leave", "keep"})
"""Words of :data:`_NOT_GOING_AHEAD` that a request to go ahead may say how it goes with ("...
and email you the label", "... and leave your other order as it is", "... there instead")."""
_OTHER_COURSE = re.compile(r"\b(?:refund|certificate|voucher|credit|cancel|note|quote|hold)")
"""What a request "instead" may ask for that is no write ("process a refund instead")."""
_ADDED = re.compile(r"\b(?:too|as\s+well|in\s+addition)\W*$")
"""A request asked as an addition ("... the address too?", "... as well?")."""
_ADDED_BEFORE = re.compile(
    r"^\W*(?:and\s+)?(?:also|additionally|in\s+addition|by\s+the\s+way|btw|separately"
    r"|one\s+more\s+thing)\b"
)
"""Words opening a request asked as an addition ("Also, would you like to switch to express
shipping?", "By the way, shall I update your default address?")."""
_OR = re.compile(r"\bor\b(?!\W*\d{5})")
"""An "or" between alternatives; not a state's code before its zip ("Portland, OR 97201")."""


def _request(question: str) -> tuple[str, bool]:
    """What ``question`` (folded, lowered) asks to do, its five words after "shall I", "would you
    like (me) to" ... ("" when it asks nothing to be done), and whether it asks it as an
    addition ("also", "too", "as well"; "Also, ..." before it)."""
    found = _REQUEST.search(question)
    added = _ADDED.search(question.rstrip("?) ")) is not None or bool(_ADDED_BEFORE.match(question))
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
    folded = fold_lower(question)
    if _OFFERS_INSTEAD.match(folded):  # "Or, I can exchange them for size 11. Shall I?"
        return True
    head, *alternatives = _OR.split(folded)
    asked, added = _request(head)
    # "Shall I go ahead with the upgrade as well?" of a second write asks to go ahead with it
    verb, that = _first_word(asked), _THAT.search(asked) is not None
    own_verb = any(verb.startswith(stem) for stem in action)
    names_action = any(_starts_word(s, asked) for s in action)
    second = (verb in _PLAIN_GO and (that or names_action)) or (
        own_verb and that  # "Shall I cancel it too?"
    )
    if (added and not second) or _INVITES_CHANGE.search(head) or _wants_a_change(head, action):
        return True
    # "Would you like me to apply a coupon first?": something else, done before the write
    if asked and _BEFORE.search(head) and not (verb in _PLAIN_GO or own_verb or names_action):
        return True
    excused = _COURTESY + (_INSTEAD if names_own else ())
    for alternative in alternatives:
        if any(w not in excused for w in _NOT_GOING_AHEAD.findall(alternative)):
            return True
        if _ANOTHER_OPTION.search(alternative):  # "or would you like a different flight?"
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
    if _asks_a_fact(head, action, names_write=names_write):
        return True
    if _GO_AHEAD.search(head) or any(stem in head for stem in action):
        return False
    return not names_write


def _goes_ahead(asked: str, action: Sequence[str]) -> bool:
    """Whether what a request asks to do (:func:`_request`) goes ahead with a write whose action
    the stems ``action`` name: its verb goes ahead (:data:`_GOING_AHEAD`, or
    :data:`_GOING_WITH_IT` with the write as its object: "it", "the change", or a word of its
    action, "get the exchange started"), or it is a word of the write's action ("Shall I cancel
    it?"). Using or applying something new (:data:`_NEW_MEANS`) goes ahead with no write."""
    verb = _first_word(asked)
    own = tuple(stem.strip() for stem in action)
    if _NEW_MEANS.match(asked):
        return any(_starts_word(stem, asked) for stem in own)
    found = _OBJECT.match(asked)
    with_it = _WITH_IT.match(asked) is not None or (
        found is not None and found["noun"].startswith(own)
    )
    if verb in _GOING_AHEAD or (verb in _GOING_WITH_IT and with_it):
        return True
    return verb.startswith(own)


_BEFORE = re.compile(r"\b(?:first|before\s+(?:i|we)\b)")
"""A request to do something before the write ("Would you like me to apply a coupon first?")."""
_HOLDS = re.compile(
    r"^\W*(?:do|does|did)\s+you\s+(?:still\s+)?(?:have|own|know|remember|recall|keep)\b"
)
"""A question of what the customer has or knows ("Do you still have the original box?")."""
_DETAIL_RIGHT = re.compile(
    r"^\W*(?:is|are)\s+(?P<subject>.+?)\s+(?:still\s+)?(?:correct|right|accurate|valid|current"
    r"|up[\s-]to[\s-]date)\W*$"
)
"""A question whether something is right ("Is your phone number on file still correct?")."""
_THE_LISTING = re.compile(
    r"\b(?:that|this|it|these|those|everything|all|above|information|info|details?|summary"
    r"|listed)\b"
)
"""Words naming the listing as a whole ("Is that correct?", "Are the details above right?")."""


_STATE = re.compile(
    r"^\W*(?:is|are)\s+(?:there\s+)?(?:\S+\s+){0,5}?(?:still\s+)?(?:available|in\s+stock|sold\s+out"
    r"|refundable|eligible|included|covered)\W*$"
)
"""A question whether something is so ("Is the economy seat available?", "Are these fares
refundable?"): it asks a fact, whatever it names, not leave to act."""


def _asks_a_fact(head: str, action: Sequence[str], *, names_write: bool) -> bool:
    """Whether the question ``head`` (folded, lowered, no request in it) asks the customer for a
    fact rather than leave to act: what they have or know ("Do you still have the original
    box for the return?"), or whether one detail is right that is neither the listing as a
    whole (:data:`_THE_LISTING`) nor named by the write's action or what it acts on ("Is
    Olivia's date of birth 1988-06-13 correct?", "Is your phone number on file still
    correct?"; "Is the new address correct?" before an address change is about the write), or
    whether something is so (:data:`_STATE`: "Is the economy seat available?")."""
    if _HOLDS.match(head) or _STATE.match(head):
        return True
    right = _DETAIL_RIGHT.match(head)
    if right is None or names_write:
        return False
    subject = right["subject"]
    return not _THE_LISTING.search(subject) and not any(_starts_word(s, subject) for s in action)


_WANTS_CHANGE = re.compile(
    r"^\W*(?:would|do)\s+you\s+(?:like|want|wish|need)\s+to\s+(?:chang|modif|edit|adjust"
    r"|updat|switch)\w*\s+(?P<what>[^?]*)"
)
"""A question whether the customer wants to change something ("Would you like to change the
payment method?")."""
_NEW_VALUE = re.compile(r"\b(?:to|for|with|into|from|it|this|that|them|these)\b")
"""Words of a change that name its new value or the write itself ("... to PayPal", "... it")."""


def _wants_a_change(head: str, action: Sequence[str]) -> bool:
    """Whether the question ``head`` (folded, lowered) asks whether the customer wants to change
    a detail, naming no new value for it and none of the write's action ("Would you like to
    change the payment method?" after a listing of an item change): a yes asks for a change,
    as a yes to "Would you like to make any changes?" does."""
    wanted = _WANTS_CHANGE.match(head)
    if wanted is None:
        return False
    what = wanted["what"]
    return not _NEW_VALUE.search(what) and not any(_starts_word(s, what) for s in action)


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
_ANOTHER_OPTION = re.compile(
    r"\b(?:different|another|alternatives?|find|search|look\s+(?:for|at|into)|explore|browse)\b"
    r"|\bother\s+(?!questions?|concerns?|changes?|details?|information|info|help)[^\W\d_]"
)
"""Words of an alternative that offer another option than the write, not a change to it nor
the usual offer ("or would you like to change to a different flight?", "or is there any
other option you have in mind?", "or should I help you find something else?"): a bare yes
picks neither, as it picks neither of "or would you like me to explain first?"."""
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
