"""Whether a status a sentence names is stated, or only supposed, asked or offered, for every
domain whose agent states the statuses of things (orders, flights).

"If your order was delivered, you can return it", "Has HAT188 departed?" and "once it has
landed" state no status; "If you're wondering, your flight is cancelled", "Your order was
delivered, so I could start a return" and "your cancelled flight" do. What decides is the
status's own clause (:func:`checkers.status_words.clause_of`): a condition elsewhere in the
sentence excuses nothing. A domain builds one :class:`Stated` with the words that name its
things (ids and nouns); the rest is English, written once here. Every position is one of
:func:`checkers.text.fold_lower` text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from checkers.status_words import clause_of

__all__ = ["Stated"]

_POSSIBLE = re.compile(
    r"\b(?:could|would|can(?!not)|(?:might|may)(?:\s+not)?)"
    r"(?:\s+(?:have|be|been|get|possibly|also|still|already|even))*\s+$"
)
"""A modal in the status's own verb ("it may be delayed", "could have been cancelled", "can be
delivered"): a possibility, not a state. Only right before the status: "I can confirm your
flight was cancelled" states it. Denied, "can" and "could" deny the status ("HAT207 cannot be
delayed"; :func:`checkers.status_words.negated`)."""
_CUES = (
    r"\b(?:(?P<condition>if|whether|unless|in case|as long as|provided that|in the event"
    r"|suppose|supposing|assuming|provide|let me know|tell me|choose|select|specify)"
    r"|(?P<temporal>when|whenever|once(?! again| more)|until)"
    r"|(?P<given>since|because|now that|given that|seeing that|so|therefore|thus|hence"
    r"|as(?!\s+(?:soon|long|far|well|if|though|of|to|per|planned|scheduled|expected|usual)\b)"
    r"|know|knew|aware|notice|noticed|see|saw|seen|hear|heard|realiz\w*|realis\w*"
    r"|saying|says|show|shows|showed|showing"
    r"|(?:great|good|nice|glad|happy|sad|sorry|unfortunate|fortunate|lucky|strange|odd"
    r"|surprising|wonderful|shame|pity|pleased|relieved|upset|disappointed)\s+that"
    r"|(?:{ids}|(?<!\ba )(?<!\bany )(?:{nouns}))\s+(?:that|which)))\b"
)
"""Words that make what follows them in a clause a condition or a request for information
("If your flight is cancelled", "whether it was delayed", "Please tell me which order was
delivered"), a time that may come ("once it has landed"), or a given: a cause, a result, what
is known, seen or shown, a thing's relative clause ("since it was cancelled", "as it was
delivered", "..., so your flight is cancelled", "Did you realize your order was delivered?",
"the flight that was cancelled", "Isn't it great that your order was delivered?"; "a flight
that is cancelled" is any such flight, a condition). The last one before a status in its
clause decides, after any aside (:data:`_ASIDES`)."""
_ASIDES = re.compile(
    r"\b(?:(?:if|in case)\s+you(?:'re|\s+are|\s+were)\s+(?:wondering|asking|curious)"
    r"|if\s+you\s+(?:want|need|wish|care)\s+to\s+know|if\s+you\s+must\s+know"
    r"|if\s+you\s+ask(?:\s+me)?|unless\s+i(?:'m|\s+am)\s+(?:mistaken|wrong)"
    r"|whether\s+you\s+like\s+it\s+or\s+not"
    r"|(?:when|once|after|the\s+last\s+time|last\s+time)\s+(?:i|we)"
    r"(?:\s+(?:last|just|first|recently|finally))?\s+(?:checked|looked|reviewed|verified|saw|found"
    r"|pulled|searched|confirmed)(?:\s+(?:it|this|that|again|up|(?:the|your)\s+\w+))*)\b"
)
"""Condition words that only introduce what is stated ("If you're wondering, your flight is
cancelled", with or without its comma; "Unless I am mistaken #W1 is cancelled"), and a time
the agent looked, which is past ("When I last checked #W1 has been cancelled")."""
_NOT_PAST = re.compile(
    r"(?:\b(?:is|are|has|have|gets?|will)|'s|'re|'ve)"
    r"(?:\s+(?:been|be|already|just|not|ever|getting))*\s+$"
)
"""A status not in the past: only then is one after "when" or "once" a time that may come
("when your flight is delayed"), not one that came ("When your flight was cancelled, ...")."""
_FUTURE = re.compile(
    r"\b(?:will|shall|'ll|(?:is|are|am)\s+(?:going|about)\s+to)"
    r"(?:\s+(?:have|be|been|get|now|then|also|soon|automatically|immediately|promptly|fully))*\s+$"
)
"""A status to come in its own verb ("#W1 will be cancelled"): stated unless it is the
consequence of something not yet done (the words of :data:`_CONSEQUENCE_OPENING`)."""
_CONSEQUENCE_WORDS = (
    r"(?:if|once|when|whenever|after|upon|as soon as|unless|provided|as long as|in case)\b"
)
_CONSEQUENCE_OPENING = re.compile(r"[\s*_\"'(\[]*" + _CONSEQUENCE_WORDS)
_CONSEQUENCE_AFTER = re.compile(r"\b" + _CONSEQUENCE_WORDS)
"""Words opening the clause before a status to come ("If you confirm, HAT188 will be
cancelled"), or found after it in its own clause ("#W1 will be cancelled once you confirm"),
that make it the consequence of something not yet done: what the agent will do, not a status.
In a later clause they do not ("HAT188 will be delayed, so if you want to rebook, ...")."""
_NOT_PAST_OPENING = re.compile(r"(?:is|are|has|have|gets?|will)\b")
"""The same, opening the status's own words (a domain's phrase may hold its verb: "has shipped",
"is late")."""
_ALTERNATIVE_TIME = re.compile(r"\b(?:or|only|except)\s+$")
"""Words that make the "when" after them one of the times something holds, whatever its tense
("..., or when the airline cancelled a flight", "only once it has landed"): a condition."""
_SHOULD = re.compile(r"[\s*_\"'(\[]*should\b")
""""Should" opening a clause: a condition ("Should HAT188 be delayed, ..."); elsewhere an
expectation ("Your flight should be on time"), which states it."""
_QUESTION = re.compile(r"\?[\W_]*$")
_ASKING = re.compile(
    r"[\s*_\"'(\[]*(?:or\s+)?(?:is|are|was|were|has|have|had|did|does|do|can|could|will|would"
    r"|shall|should|may|might)(?:n't)?\b"
)
"""A clause of a question opening with its verb ("Has HAT188 departed?", "Is it delayed, or is
it on time?"): what it asks is not stated."""
_WH = re.compile(r"[\s*_\"'(\[]*(?:who|what|which|where)\b")
"""A question word opening the sentence that asks which ("Which flight was cancelled?"); after
a comma it is more often a relative ("..., which is delayed?"), which states. "Why", "when"
and "how" ask about a status they take as given ("Why was HAT188 cancelled?"): stated."""
_PRESUPPOSED = re.compile(r"\b(?:my|your|the|this|that|these|those|our|their)\s+$")
"""A status before the thing's noun after "your" or "the" ("your cancelled flight", "the
delivered items"): taken as given, stated whatever condition or question holds it."""
_AUX_WORD = re.compile(r"\b(?:is|are|was|were|has|have|had|be|been|being)\b")
_JOINED = re.compile(r"\s*,?\s*(?:(?:or|and|nor)\s+)?(?:even\s+|possibly\s+)?")
"""What joins a status to the one before it ("delayed or cancelled", "delayed, even
cancelled"): it is read as that one is."""
_REACH = 300
"""How many characters around a status its clause is read in: a condition's status stands
within a few dozen words of it, and a bound keeps a long sentence's statuses linear. Beyond
it nothing excuses the status, which is then stated."""


def _aside_open(lowered: str, first: int, start: int) -> bool:
    """Whether the status stands inside a parenthesis opened in its clause and not yet closed:
    an aside, which states ("Would you like to return #W1 (delivered)?")."""
    opening = lowered.rfind("(", first, start)
    return opening != -1 and lowered.find(")", opening, start) == -1


def _option(lowered: str, first: int, last: int) -> bool:
    """Whether the clause ``first:last`` holding a status is one of a list of alternatives
    offered, an item without a verb between commas and before ", or" ("(change of plan,
    airline cancelled flight, or other reasons)", the policy's reasons for cancelling)."""
    return (
        lowered.endswith(", ", 0, first)
        and re.match(r",\s+or\s", lowered[last : last + 5]) is not None
        and _AUX_WORD.search(lowered, first, last) is None
    )


@dataclass(frozen=True)
class Stated:
    """How one domain's statuses are read as stated or not, given the words naming its things.

    ``ids`` and ``nouns`` are regular-expression source over lower-case folded text: a thing's
    id (``r"hat\\d{3}"``) and the nouns for the things (``r"flights?|segments?|legs?"``)."""

    ids: str
    nouns: str

    @cached_property
    def _cue(self) -> re.Pattern[str]:
        return re.compile(_CUES.format(ids=self.ids, nouns=self.nouns))

    @cached_property
    def _joined_thing(self) -> re.Pattern[str]:
        # A status joined to the one before by "and"/"or" with its own thing and verb, no comma
        # between ("If HAT188 is delayed and HAT207 is cancelled", "... and it has shipped").
        thing = rf"(?:{self.ids}|(?:the|your|my|this|that)\s+(?:{self.nouns})|it|they)"
        verb = r"(?:\s+(?:is|are|was|were|has|have|had|been|be|got|gets|get))*"
        return re.compile(rf"\s+(?:and|or|nor)\s+{thing}{verb}\s+(?:even\s+|possibly\s+)?")

    @cached_property
    def _noun_after(self) -> re.Pattern[str]:
        return re.compile(rf"\s+(?:{self.nouns})\b")

    @cached_property
    def _id_after(self) -> re.Pattern[str]:
        # a status said as an adjective of a thing named by id ("delivered order #W1")
        return re.compile(rf"\s+(?:(?:{self.nouns})\s+)?(?:{self.ids})\b")

    def asserted(self, lowered: str, start: int, end: int) -> bool:
        """Whether the status at ``start:end`` of a lowered sentence is stated, not only
        supposed, asked or offered: not so when its own verb is a possibility
        (:data:`_POSSIBLE`), the last cue before it in its clause (within :data:`_REACH`)
        makes it a condition or a request (:data:`_CUES`; "should" opening the clause), the
        clause asks it in a question ending in "?" (:data:`_ASKING`, :data:`_WH`), or it is an
        option of a list (:func:`_option`). A status before the thing's noun after "your" or
        "the" is stated in any clause (:data:`_PRESUPPOSED`)."""
        low = max(0, start - _REACH)
        first, last = (low + at for at in clause_of(lowered[low : end + _REACH], start - low))
        opened = first > low or low == 0  # the clause's opening words are within reach
        if self._presupposed(lowered, first, start, end) or _aside_open(lowered, first, start):
            return True
        if _POSSIBLE.search(lowered, first, start) or _option(lowered, first, last):
            return False
        if _FUTURE.search(lowered, first, start) and self._consequence(lowered, first, end, last):
            return False
        asides = [a.end() for a in _ASIDES.finditer(lowered, first, start)]
        cue = next(reversed(list(self._cue.finditer(lowered, max([first, *asides]), start))), None)
        if cue is not None and cue.lastgroup == "given":
            return True
        if cue is not None and (
            cue.lastgroup == "condition"
            or _NOT_PAST.search(lowered, cue.end(), start)
            or _NOT_PAST_OPENING.match(lowered, start)
            or _ALTERNATIVE_TIME.search(lowered, max(0, cue.start() - 10), cue.start())
        ):
            return False
        if opened and _SHOULD.match(lowered, first):
            return False
        asked = (opened and _ASKING.match(lowered, first)) or (first == 0 and _WH.match(lowered))
        return not (asked and _QUESTION.search(lowered, len(lowered) - _REACH))

    @staticmethod
    def _consequence(lowered: str, first: int, end: int, last: int) -> bool:
        """Whether a status to come, in the clause ``first:last`` ending its words at ``end``,
        is the consequence of a condition: one opening the clause before it, or one after it in
        its own clause (the words of :data:`_CONSEQUENCE_OPENING`)."""
        if _CONSEQUENCE_AFTER.search(lowered, end, last):
            return True
        if first == 0:
            return False
        previous, _ = clause_of(lowered, max(0, first - 2))
        return _CONSEQUENCE_OPENING.match(lowered, previous) is not None

    @cached_property
    def _relative_before(self) -> re.Pattern[str]:
        # a relative clause without "that" ("order #W1 we delivered", "the order you cancelled")
        return re.compile(
            rf"(?:{self.ids}|\b(?:{self.nouns}))\s+(?:we|you|they|i)"
            r"(?:\s+(?:have|had|already|just|recently|previously))*\s+$"
        )

    @cached_property
    def _object_before(self) -> re.Pattern[str]:
        # a thing named by id as the object of a preposition or of a verb of looking, its status
        # right after it without a verb: a reduced relative clause ("look for #W1 left at your
        # door", "a return with #W1 now delivered"), not the thing's own verb ("if #W1 shipped")
        return re.compile(
            r"\b(?:for|with|about|on|of|from|regarding|check|find|track|locate|return|review|see)"
            rf"\s+(?:(?:the|your|my|our|this|that)\s+)?(?:(?:{self.nouns})\s+)?(?:{self.ids})"
            r"\s+(?:(?:now|already|just|recently|since|still)\s+)?$"
        )

    def _presupposed(self, lowered: str, first: int, start: int, end: int) -> bool:
        """Whether the status is said as an adjective of a thing: after "your" or "the" and
        before the thing's noun ("your cancelled flight"), before a thing's id ("delivered
        order #W1", "the cancelled HAT188"), after a thing as a relative clause ("order #W1 we
        delivered on Monday") or with no verb after a thing named as an object ("Could you look
        for #W1 left at your door?")."""
        if self._id_after.match(lowered, end):
            return True
        if self._relative_before.search(lowered, first, start):
            return True
        if self._object_before.search(lowered, first, start):
            return True
        return bool(
            _PRESUPPOSED.search(lowered, first, start) and self._noun_after.match(lowered, end)
        )

    def each(self, lowered: str, spans: Sequence[tuple[int, int]]) -> list[bool]:
        """For the statuses at ``spans`` of a lowered sentence (in order, none overlapping),
        whether each is stated (:meth:`asserted`); one joined to the status before it
        ("delayed or cancelled", "delayed, even cancelled", "... delayed and HAT207 is
        cancelled") is read as that one is."""
        found: list[bool] = []
        for index, (start, end) in enumerate(spans):
            gap = (spans[index - 1][1], start) if index else None
            joined = gap and (
                _JOINED.fullmatch(lowered, *gap) or self._joined_thing.fullmatch(lowered, *gap)
            )
            found.append(found[-1] if joined else self.asserted(lowered, start, end))
        return found
