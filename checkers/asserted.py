"""Whether a reply asserts a value as the value, for a check that needs the value told.

A reply can say a number without telling it: "Is the total $1,093.34?" asks it, "The total is
$1,039.34 instead of $1,093.34" and "~~$1,093.34~~ $1,039.34" replace it, "$1,093.34 is wrong"
and "I cannot confirm whether it's $1,093.34" disown it, "If the total were $1,093.34" supposes
it, "more than $1,093.34" bounds it, and "10%", "10 am" or "-10" are other values. A value is
*asserted* only when none of these holds (beside :func:`checkers.tokens.hedged` and
:func:`checkers.tokens.negated`, which the readers here include):

- its sentence is no question (:func:`_asked`): it ends in "?" and no later clause of it opens a
  question of its own ("$1,093.34 in total - is there anything else?" asserts it; "The total is
  $1,093.34, right?" does not);
- its clause before it neither denies, doubts, supposes, excepts nor replaces it, nor gives it
  as the customer's words (:data:`_DISOWNED_BEFORE`: "not sure it's", "no record of", "if",
  "instead of", "except", "you said"); values joined by "and" or a comma share one reading
  ("Neither $54.04 nor $41.64");
- its clause after it does not disown it (:data:`_DISOWNED_AFTER`: "... is wrong", "... I gave
  earlier was incorrect", "$X would have been the total");
- it is not struck through (markdown ``~~``, ``<del>``, ``<s>``);
- a number is not a bound (:data:`_BOUND_BEFORE`, :data:`_BOUND_AFTER`: "at least", "up to",
  "or more", "plus tax"), nor written with another unit or sign (:data:`_OTHER_UNIT`: "10%",
  "10 am", "10:30", "10 of 12", "-10").

Every reader works on ``fold(text).lower()`` (positions of :func:`checkers.tokens.quantities`
and :func:`checkers.tokens.identifiers`), looks a bounded distance around each value, and never
raises.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from decimal import Decimal
from functools import lru_cache

from checkers import tokens
from checkers.stated import ASKING, WH
from checkers.status_words import clause_of
from checkers.text import fold

__all__ = ["asserted_identifiers", "asserted_phrase", "asserted_values"]

_REACH = 200
"""How many characters around a value its words are read in: what disowns a value stands within
a few dozen words of it, and a bound keeps reading a long reply linear."""
_KNOWING = (
    r"(?:sure|certain|know|knowing|confirm|verify|say|said|saying|tell|find|found|locate|see"
    r"|guarantee|promise|claim|quote|quoted|aware|think|believe|recall|remember|determine)"
)
"""Verbs of knowing, finding and saying: denied, they disown what follows ("I'm not sure it's",
"I cannot confirm whether", "I couldn't find a ... charge", "I never said")."""
_DISOWNED_BEFORE = re.compile(
    rf"(?:\bnot|n't|\bcannot|\bunable\s+to|\bno\s+way\s+to|\bfailed\s+to)\s+(?:\w+\s+){{0,3}}?"
    rf"{_KNOWING}\b"
    r"|\bno\s+(?:record|records|evidence|sign|trace|mention|indication|proof)\b"
    r"|(?:\bnot|n't)\s+(?:\w+\s+)?(?:true|the\s+case|correct|accurate|right)\s+that\b"
    r"|\b(?:false|untrue|incorrect|wrong)\s+that\b"
    r"|\b(?:never|neither|nor|hardly|scarcely|doubt\w*|unsure|uncertain|unclear|unverified"
    r"|unconfirmed"
    # a condition or a counterfactual: a case supposed, not the case
    r"|if|unless|whether|in\s+case|assuming|suppose|supposing|provided|hypothetically"
    r"|(?:would|could|should|might|must)(?:n't)?\s+have|(?:would|could|should|might)'ve"
    # the value replaced or left out
    r"|instead\s+of|rather\s+than|in\s+place\s+of|as\s+opposed\s+to|except|excluding"
    r"|other\s+than|replac\w+"
    # the customer's words, or a figure the agent calls wrong
    r"|you\s+(?:said|say|mentioned|stated|quoted|wrote|claimed|claim|think|thought|believe"
    r"|believed|expected|asked\s+about|asked\s+if|asked\s+whether)|according\s+to\s+you"
    r"|claimed|alleged|supposed|so-called|wrongly|mistakenly|incorrectly|erroneously)\b"
)
"""Words earlier in a value's clause that keep it from being asserted: a denied knowing or
saying, or a doubt ("I'm not sure it's", "I cannot confirm whether", "There is no record of",
"I never said", "It is not true that"), a condition or a counterfactual ("If the total were",
"would have been"), a replacement or an exception ("instead of", "rather than", "except the $X
one"), the customer's words ("You said '$X'"). A negation of anything else in the clause
("your gift card is not enough to cover the cost of $368") leaves the value told; one right
before it is :func:`checkers.tokens.negated`'s."""
_HEDGED_IN_CLAUSE = re.compile(
    r"\b(?:perhaps|maybe|possibly|probably|presumably|apparently|supposedly|seemingly"
    r"|(?:most\s+|very\s+)?(?:un)?likely|in\s+all\s+likelihood|chances\s+are"
    r"|i\s+(?:think|believe|guess|assume|suppose|reckon|imagine|suspect|estimate|would\s+say)"
    r"|i'd\s+(?:say|guess|estimate|think|imagine)|my\s+(?:guess|estimate|understanding)"
    r"|might|(?<!you\s)may(?!\s+(?:\d|i\b))|could\s+(?:\w+\s+)?be|should\s+(?:be|come|total|cost|amount)"
    r"|if\s+i'?m\s+not\s+mistaken|if\s+i\s+recall|as\s+far\s+as\s+i\s+(?:know|can\s+tell)"
    r"|to\s+(?:the\s+best\s+of\s+)?my\s+knowledge|estimated)\b"
)
"""Words earlier in a value's clause, or opening its sentence as a clause of their own, that
offer it as a supposition, not as the value: "Perhaps the total is $X", "I think it's $X",
"The total should be $X", "It might be $X", "If I'm not mistaken, it's $X". Not "should" of
anything but the value itself ("You should receive $X back" tells $X), nor "May" before a day
("May 28"), nor "you may" ("As you may know"); nor "It looks like" or "It appears", in which an
agent reports what a lookup showed."""
_HEDGED_OPENING = re.compile(r"[\s*_\"'(>-]*(?:[\w']+\s+){0,5}?[\w']+\s*,\s")
"""A sentence's opening clause of at most six words ended by a comma ("If I'm not mistaken,",
"Probably,", "As far as I can tell,"): a lead-in, which hedges what follows when it holds a
hedge (not "I believe I have good news: ...", which is a clause of its own)."""
_HEDGED_AFTER = re.compile(
    r"[\s,(*_-]*(?:i\s+(?:think|believe|guess|assume|suppose|reckon)|i'd\s+(?:say|guess)"
    r"|perhaps|maybe|possibly|probably|presumably|if\s+i'?m\s+not\s+mistaken"
    r"|if\s+i\s+recall(?:\s+correctly)?|give\s+or\s+take|(?:most\s+)?likely)"
    r"(?=[\s*_)]*(?:[.!?,;:\n]|$))"
)
"""A hedge right after a value, ending its clause: "$X, I think.", "$X (probably)"."""
_DISOWNED_AFTER = re.compile(
    r"\b(?:wrong|incorrect|inaccurate|mistaken|erroneous|invalid|outdated|bogus"
    r"|(?:a|an)\s+(?:mistake|error|typo|miscalculation|misquote)|in\s+error|no\s+longer"
    r"|(?:is|was|are|were)(?:n't|\s+not)\s+(?:the|your|a|an|correct|right|accurate|valid|true"
    r"|what|how\s+much)\b"
    r"|(?:would|could|might)(?:n't)?\s+have|(?:would|could|might)'ve)\b"
)
"""Words later in a value's clause that disown it ("$X is wrong", "the $X I gave earlier was
incorrect", "$X is not the total") or make it a counterfactual ("$X would have been the
total")."""
_AFTER_END = re.compile(
    r"[.!?](?=[\"')\]*_~]*(?:\s|$))|[;\n|]|:\s|\s-+\s"
    r"|\b(?:but|however|though|although|while|whereas|because|since)\b"
    r"|(?:,|\band)\s+(?:the|my|i|we|your|our|there|you|i'm|i've|we've|we're)\b"
)
"""Where the words that can disown a value end: a sentence, a strong break, a turn ("but"), or
a new subject after "and" or a comma ("The total is $X and the earlier figure was wrong"
disowns only the earlier figure)."""
_JOINED = re.compile(r"[\s,]*(?:(?:and|&|nor|as\s+well\s+as)\s+)?(?:the\s+)?\$?\s*")
"""What joins a value to the one before it as one more of a list ("$54.04 and $41.64",
"54.04, 41.64", "neither $54.04 nor $41.64"): read in that one's clause."""
_BOUND_BEFORE = re.compile(
    r"(?:\b(?:(?:more|less|fewer|greater|higher|lower|bigger|smaller|larger)\s+than"
    r"|under|over|above|below|beyond|exceed\w*|at\s+(?:least|most|minimum|maximum)|up\s+to"
    r"|as\s+(?:much|many|little|few|high|low)\s+as|upwards?\s+of|in\s+excess\s+of"
    r"|(?:north|south)\s+of|nearly|almost|close\s+to|shy\s+of|from|starting\s+at|within"
    r"|max(?:imum)?|min(?:imum)?|minus|negative)|[<>~])\s*(?:of\s+)?$"
)
"""Words right before a number that make it a bound or the value changed from ("more than $X",
"up to 10", "from $X to $Y", "~$X", "minus 10"), not the value."""
_BOUND_AFTER = re.compile(
    r"\s*(?:\+(?!\s*\$?\s*\d)|or\s+(?:more|less|fewer|higher|lower|above|below|over|under|so"
    r"|thereabouts)\b|and\s+(?:up|above|over|under|below)\b|plus\b(?!\s*\$?\s*\d)"
    r"|at\s+(?:most|least|minimum|maximum)\b|max(?:imum)?\b|min(?:imum)?\b|tops\b|-?ish\b)"
)
"""Words right after a number that make it a bound ("10 or more", "$X plus tax", "$X at
most"); "$54.04 plus $41.64" adds two values, each told."""
_OTHER_UNIT = re.compile(
    r"\s*(?:%|percent\b|per\s*cent\b|pct\b|[ap]\.?m\b|o'?clock\b|:\d|x\b|times\b"
    r"|of\s+(?:(?:our|the|your|all|my|its|their|these|those)\s+)?\$?\d)"
)
"""A unit or a whole after a number that makes it another value ("10%", "10 am", "10:30",
"10 of our 12")."""
_DENIED_NEAR = re.compile(r"(?:\bnot|n't|\bnever|\bno)\s+(?:[\w']+\s+){0,3}$")
"""A denial at most three words before a phrase in its clause ("not to your mastercard", "isn't
the camera"): a word said so is not told. (A number has :func:`checkers.tokens.negated`.)"""
_HEDGE_WORD = r"(?:maybe|perhaps|possibly|probably|else|even)\s+"
_ARTICLE = r"(?:(?:the|a|an|your|in)\s+)?"
_WHAT_IT_IS = rf"(?:(?:\b(?:is|are|was|were|be|been|being)|'s|:)\s*(?:either\s+)?{_ARTICLE})"
"""What opens a word said as what something is: a verb of being or a label's colon ("It is",
"It's either", "Color:")."""
_ALTERNATIVE_AFTER = re.compile(
    r"(?:\s+(?:one|ones|color|colour|model|version|option|variant)\b)?[\s,]*\(?\s*"
    rf"(?:\bor\s+(?!(?:you|we|i|if|would|should|could|can|do|does|did|shall|will|let|feel"
    rf"|contact|call|anything|something|otherwise)\b)|/\s*(?=[a-z]))(?:{_HEDGE_WORD})?\w"
)
"""Another word joined right after a required word by "or" or a slash ("white or black",
"white, or maybe black", "the white one or the black one", "white/black"). Not "or" opening a
clause of its own ("..., or would you like ...", "or if you prefer")."""
_OR = rf"[\s,)]*(?:\bor\s+|/\s*)(?:{_HEDGE_WORD})?{_ARTICLE}$"
_ALTERNATIVE_BEFORE = re.compile(
    rf"{_WHAT_IT_IS}(?:[\w-]+\s+){{0,2}}[\w-]+{_OR}|^\W*{_ARTICLE}(?:[\w-]+\s+)?[\w-]+{_OR}"
)
"""Another word said as what something is, joined right before a required word by "or" or a
slash ("It is black or white", "It's black or perhaps the white", "Color: black/white"), or
opening its clause ("Black or white.")."""


def _one_of_several(lowered: str, start: int, end: int) -> bool:
    """Whether the required word at ``start:end`` of ``lowered`` is said as what something is
    with an alternative (:data:`_ALTERNATIVE_AFTER` after :data:`_WHAT_IT_IS`, or
    :data:`_ALTERNATIVE_BEFORE`): one of several, not told. The options a sentence gives with
    another verb stay told ("Refunds go to the original method or a gift card": both are
    true)."""
    clause_start = max(clause_of(lowered, start)[0], start - _REACH)
    before = lowered[clause_start:start]
    if _ALTERNATIVE_AFTER.match(lowered, end) and re.search(rf"(?:^\W*|{_WHAT_IT_IS})$", before):
        return True
    return _ALTERNATIVE_BEFORE.search(before) is not None


_STRUCK = re.compile(r"~~|<(/?)(?:del|s|strike)>")
_SENTENCE_END = re.compile(r"[.!?]+(?=[\"')\]*_~]*(?:\s|$))|\n")
_LATER_QUESTION = re.compile(
    r"(?:[;:]|\s-+\s|,)\s*[*_\"'(]*(?:(?:so|and|but|then|also|now|ok|okay|well)\b[\s,]*)?"
    r"(?:is|are|was|were|has|have|had|did|does|do|can|could|will|would|shall|should|may|might"
    r"|who|what|which|where|when|how|why|anything|any|need|want|let|please)\b"
)
"""A later clause of a sentence that opens a question of its own ("..., shall I proceed?",
"... - is there anything else?"): the "?" is that clause's."""
_SUBJECT = re.compile(r"\s+(?:you|i|we|it|the|this|that|there|your|my|our|he|she|they|a|an)\b")
_TAG = re.compile(
    r"[^?]*?\b(?:is|was|does|did)(?:n't)?\s+(?:that|this|it)\s+(?:right|correct|accurate|ok"
    r"|okay|true|sound\s+right|look\s+right|match)\b"
)
"""A later clause that asks whether the value is right ("..., is that correct?"): the value is
still asked."""


@lru_cache(maxsize=64)
def _lowered(text: str) -> str:
    """``fold(text)`` lowered (fold gives ASCII, so lowering keeps every position)."""
    return fold(text).lower()


@lru_cache(maxsize=64)
def _sentence_ends(lowered: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]:
    """Where each sentence end of ``lowered`` starts and ends, in order, and whether it holds a
    question mark: found once per text, so every value's sentence is found by bisection."""
    found = list(_SENTENCE_END.finditer(lowered))
    return (
        tuple(m.start() for m in found),
        tuple(m.end() for m in found),
        tuple("?" in m.group() for m in found),
    )


@lru_cache(maxsize=64)
def _struck_spans(lowered: str) -> tuple[tuple[int, int], ...]:
    """The spans of ``lowered`` struck through (``~~...~~``, ``<del>...</del>``, ``<s>``,
    ``<strike>``), each within one line; a mark left open strikes to the line's end."""
    spans = []
    opened: int | None = None
    for mark in _STRUCK.finditer(lowered):
        if opened is not None and "\n" in lowered[opened : mark.start()]:
            spans.append((opened, lowered.index("\n", opened)))
            opened = None
        closes = mark.group(1) == "/" or (mark.group() == "~~" and opened is not None)
        if closes and opened is not None:
            spans.append((opened, mark.start()))
            opened = None
        elif not closes:
            opened = mark.end()
    if opened is not None:
        line_end = lowered.find("\n", opened)
        spans.append((opened, len(lowered) if line_end == -1 else line_end))
    return tuple(spans)


def _struck(lowered: str, start: int) -> bool:
    spans = _struck_spans(lowered)
    index = bisect_left(spans, (start + 1,)) - 1
    return index >= 0 and spans[index][0] <= start < spans[index][1]


def _asked(lowered: str, start: int, end: int) -> bool:
    """Whether the value at ``start:end`` is asked: its sentence ends in "?" and the question
    is not a later clause's own (:data:`_LATER_QUESTION`, not a tag asking whether the value is
    right, :data:`_TAG`), unless the sentence or the value's clause opens asking ("Can you
    confirm the total of $X - shall I go on?", "Just to confirm, is it $X, or more?")."""
    ends, after, questions = _sentence_ends(lowered)
    index = bisect_left(ends, end)
    if index == len(ends) or not questions[index]:
        return False
    sentence_start = after[index - 1] if index else 0
    if ASKING.match(lowered, sentence_start) or WH.match(lowered, sentence_start):
        return True
    # a question opening the value's clause after a comma ("Just to confirm, is the total
    # ..."): its verb before a subject, so that a second verb of a statement ("... and will
    # refund $X - anything else?") is no question
    verb = ASKING.match(lowered, clause_of(lowered, start)[0])
    if verb is not None and _SUBJECT.match(lowered, verb.end()):
        return True
    stop = ends[index]
    for later in _LATER_QUESTION.finditer(lowered, end, min(stop, end + _REACH)):
        if not _TAG.match(lowered, later.start() + 1, stop):
            return False
    return True


def _disowned_before(lowered: str, start: int) -> bool:
    clause_start = max(clause_of(lowered, start)[0], start - _REACH)
    return (
        _DISOWNED_BEFORE.search(lowered, clause_start, start) is not None
        or _HEDGED_IN_CLAUSE.search(lowered, clause_start, start) is not None
        or _hedged_opening(lowered, start, clause_start)
    )


def _hedged_opening(lowered: str, start: int, clause_start: int) -> bool:
    """Whether the value's sentence opens with a clause of its own that hedges it ("If I'm not
    mistaken, the total is $X", "Probably, it is $X"): the first clause of the sentence, before
    the value's, holds a hedge (:data:`_HEDGED_IN_CLAUSE`)."""
    ends, after, _ = _sentence_ends(lowered)
    index = bisect_left(ends, start)
    sentence_start = max(after[index - 1] if index else 0, start - _REACH)
    if sentence_start >= clause_start:
        return False
    opening = _HEDGED_OPENING.match(lowered, sentence_start, clause_start)
    return opening is not None and _HEDGED_IN_CLAUSE.search(opening.group()) is not None


def _disowned_after(lowered: str, end: int) -> bool:
    limit = min(len(lowered), end + _REACH)
    stop = _AFTER_END.search(lowered, end, limit)
    return _DISOWNED_AFTER.search(lowered, end, stop.start() if stop else limit) is not None


def _said_as_itself(lowered: str, start: int, end: int, disowned: bool) -> bool:
    """Whether the value at ``start:end`` stands as the value in its sentence (the checks
    shared by numbers and identifiers, beside a hedge and a negation); ``disowned`` is its
    clause's reading before it."""
    return not (
        disowned
        or _struck(lowered, start)
        or _disowned_after(lowered, end)
        or _HEDGED_AFTER.match(lowered, end) is not None
        or _asked(lowered, start, end)
    )


def _plain_number(lowered: str, quantity: tokens.Quantity) -> bool:
    """Whether a number is its own value: no bound, no other unit, no minus sign ("-10", not a
    bullet's "- 10"), not the minutes of a time ("10:30")."""
    start, end = quantity.start, quantity.end
    return not (
        (quantity.text.startswith("-") and not quantity.text[1:2].isspace())
        or _BOUND_BEFORE.search(lowered, max(0, start - 24), start)
        or _BOUND_AFTER.match(lowered, end)
        or _OTHER_UNIT.match(lowered, end)
        or (start >= 2 and lowered[start - 1] == ":" and lowered[start - 2].isdigit())
    )


def _readings(text: str, spans: list[tuple[int, int]]) -> list[bool]:
    """For values at ``spans`` of ``fold(text)`` (in order), whether each stands as itself
    (:func:`_said_as_itself`); a value joined to the one before (:data:`_JOINED`) takes that
    one's clause."""
    lowered = _lowered(text)
    found: list[bool] = []
    disowned = False
    for index, (at, end) in enumerate(spans):
        # a quantity's span may open on the space before it, which may end the sentence before
        start = at + len(lowered[at:end]) - len(lowered[at:end].lstrip())
        joined = index and _JOINED.fullmatch(lowered, spans[index - 1][1], start)
        disowned = disowned if joined else _disowned_before(lowered, start)
        found.append(
            not tokens.hedged(text, at, end)
            and not tokens.negated(text, at)
            and _said_as_itself(lowered, start, end, disowned)
        )
    return found


@lru_cache(maxsize=1024)
def asserted_values(text: str) -> frozenset[Decimal]:
    """The numbers ``text`` asserts as values (see the module docstring): of
    :func:`checkers.tokens.quantities`, those outside an identifier that are neither hedged,
    negated, asked, replaced, disowned, supposed, struck, bounds nor of another unit.

    ``"Your refund is $54.04"`` asserts 54.04; ``"Is it $54.04?"``, ``"not $54.04"``, ``"more
    than $54.04"``, ``"$41.64 instead of $54.04"`` (for 54.04) and ``"10%"`` (for 10) do not.
    """
    lowered = _lowered(text)
    ids = [(i.start, i.end) for i in tokens.identifiers(text)]
    found = [q for q in tokens.quantities(text) if not any(s <= q.start < e for s, e in ids)]
    readings = _readings(text, [(q.start, q.end) for q in found])
    return frozenset(
        q.value
        for q, read in zip(found, readings, strict=True)
        if read and _plain_number(lowered, q)
    )


@lru_cache(maxsize=1024)
def asserted_identifiers(text: str) -> frozenset[str]:
    """The :func:`checkers.tokens.identifier_key` of every identifier ``text`` asserts (read as
    :func:`asserted_values` reads a number, bounds and units aside): ``"Tracking
    843-053-632-392"`` asserts ``"843053632392"``, ``"Is it 843-053-632-392?"`` nothing."""
    found = tokens.identifiers(text)
    readings = _readings(text, [(i.start, i.end) for i in found])
    return frozenset(i.key for i, read in zip(found, readings, strict=True) if read)


@lru_cache(maxsize=1024)
def asserted_phrase(text: str, phrase: str) -> bool:
    """Whether ``text`` asserts ``phrase`` (a word or words a check needs told: "mastercard",
    "943 Maple Drive") somewhere, read as :func:`asserted_values` reads a number, bounds and units
    aside: the phrase as whole words (case, commas and runs of spaces aside, as
    :func:`checkers.tokens.has_phrase` finds it), not only asked ("Was it your mastercard?"),
    hedged ("Perhaps it was the mastercard"), disowned ("I'm not sure it's the camera"),
    denied within three words before it (:data:`_DENIED_NEAR`: "Not to your mastercard"), nor
    said as what something is with an alternative (:func:`_one_of_several`: "It is white or
    black", "It's black or white", "Color: white/black"), as a number joined to another by "or"
    is not (:func:`checkers.tokens.hedged`). An empty phrase is never asserted."""
    words = re.findall(r"[^\s,]+", _lowered(phrase))
    if not words:
        return False
    pattern = (
        (r"(?<!\w)" if words[0][0].isalnum() or words[0][0] == "_" else "")
        + r"[\s,]+".join(map(re.escape, words))
        + (r"(?!\w)" if words[-1][-1].isalnum() or words[-1][-1] == "_" else "")
    )
    lowered = _lowered(text)
    spans = [(m.start(), m.end()) for m in re.finditer(pattern, lowered)]
    return any(
        read
        and not _DENIED_NEAR.search(lowered, clause_of(lowered, start)[0], start)
        and not _one_of_several(lowered, start, end)
        for (start, end), read in zip(spans, _readings(text, spans), strict=True)
    )
