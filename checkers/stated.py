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

from checkers.status_words import clause_after, clause_of

__all__ = ["ASKING", "WH", "Stated"]

TURNED = (
    r"(?:(?:marked|set|changed|updated|moved|switched|listed|shown)\s+(?:as|to)"
    r"|(?:change|move|switch|go|turn|show|appear|read|update)\s+(?:as|to))\s+"
)
"""A verb a status turns to a thing by, between the verb's auxiliary and the status ("will be
marked as cancelled", "would change to cancelled", "will show as cancelled"): the auxiliary
is the status's own (a status to come, or a possibility)."""
_POSSIBLE = re.compile(
    r"\b(?:could|would|can(?!not)|(?:might|may)(?:\s+not)?)"
    r"(?:\s+(?:have|be|been|get|possibly|also|still|already|even|well|very|probably|likely"
    r"|easily|certainly|definitely|then|now|just|simply|instead|automatically|immediately))*"
    rf"\s+(?:{TURNED})?$"
    r"|\b(?:can(?!not)|(?:might|may)(?:\s+not)?)\s+(?:only|always|just)\s+(?:be|get)\s+$"
)
"""A modal in the status's own verb ("it may be delayed", "could have been cancelled", "can be
delivered", "can only be cancelled within 24 hours", "would then be cancelled", "would change
to cancelled"; not "could only have been cancelled by the airline", an inference): a
possibility, not a state. Only right before the status: "I can confirm your flight was
cancelled" states it. Denied, "can" and "could" deny the status ("HAT207 cannot be delayed";
:func:`checkers.status_words.negated`; airline reads "cannot be cancelled" as what is
allowed)."""
_POSSIBLE_OPENING = re.compile(r"(?:could|would|might|may)\b")
"""The same, opening the status's own words (a domain's phrase may hold its modal: "would be
refunded", "would arrive")."""
_CUES = (
    r"\b(?:(?P<condition>if|whether|unless|in case|as long as|provided(?: that)?|in the event"
    r"|suppose|supposing|assuming|provide|let me know|tell me|choose|select|specify"
    r"|you(?:'re|\s+are)?\s+(?:saying|say|said|mentioned|claim|claimed)"
    r"|maybe|perhaps|it(?:'s|\s+is)\s+possible|not\s+sure|unsure|(?:don't|do\s+not)\s+think"
    r"|doubt|hope|hoping|wish|verify|so\s+that)"
    r"|(?P<temporal>when|whenever|once(?! again| more)|until|till|before|after(?! all\b)"
    r"|as soon as|by the time)"
    r"|(?P<given>since|because|now that|given that|seeing that|so|therefore|thus|hence"
    r"|as(?!\s+(?:soon|long|far|well|if|though|of|to|per|planned|scheduled|expected|usual)\b)"
    r"|considering|due to|(?:now|given)(?=\s+(?:{ids}|it|they|(?:the|your|my)\s+(?:{nouns}))\b)"
    r"|(?:great|good|nice|glad|happy|sad|sorry|unfortunate|fortunate|lucky|strange|odd"
    r"|surprising|wonderful|shame|pity|pleased|relieved|upset|disappointed)\s+that"
    r"|pity|shame|relief|glad|surprised|excited|annoyed|upset|disappointed|thankful|grateful"
    r"|(?:{ids}|(?<!\ba )(?<!\bany )(?:{nouns}))\s+(?:that|which))"
    r"|(?P<report>know|knew|aware|notice|noticed|see|saw|seen|hear|heard|realiz\w*|realis\w*"
    r"|forget|forgot|remember|notified|informed|told|saying|says|show|shows|showed|showing"
    r"|confirming|(?:news|notice|notification|email|text|message|alert|update)\s+that))\b"
)
"""Words that make what follows them in a clause a condition or a request for information
("If your flight is cancelled", "whether it was delayed", "Please tell me which order was
delivered"), a time that may come ("once it has landed"), or a given: a cause, a result, what
is known, seen or shown, a thing's relative clause ("since it was cancelled", "as it was
delivered", "..., so your flight is cancelled", "Did you realize your order was delivered?",
"the flight that was cancelled", "Isn't it great that your order was delivered?"; "a flight
that is cancelled" is any such flight, a condition), or a report: what is known, seen, shown or
said ("Did you realize your order was delivered?", "the email saying ..."), a given unless a
condition comes before it in the clause ("If you notice it was delivered to the wrong address,
..."); what the customer is said to say is theirs ("You said #W1 was delivered, but ..."). The
last one before a status in its clause decides, after any aside (:data:`_ASIDES`)."""
_ASIDES = re.compile(
    r"\b(?:(?:if|in case)\s+you(?:'re|\s+are|\s+were)\s+(?:wondering|asking|curious)"
    r"|if\s+you\s+(?:want|need|wish|care)\s+to\s+know|if\s+you\s+must\s+know"
    r"|if\s+you\s+ask(?:\s+me)?|unless\s+i(?:'m|\s+am)\s+(?:mistaken|wrong)"
    r"|whether\s+you\s+like\s+it\s+or\s+not"
    r"|(?:when|once|after|the\s+last\s+time|last\s+time)\s+(?:i|we)"
    r"(?:\s+(?:last|just|now|first|recently|finally|quickly|again|also))*"
    r"\s+(?:[\w-]+ed|ran|saw|found|had|did|took|got|went|made|pulled)"
    r"(?:\s+(?:it|this|that|again|up|now|(?:a|an|the|your|our|my)\s+[\w-]+))*)\b"
)
"""Condition words that only introduce what is stated ("If you're wondering, your flight is
cancelled", with or without its comma; "Unless I am mistaken #W1 is cancelled"), and a time
the agent looked, which is past ("When I last checked #W1 has been cancelled", "When I ran the
lookup ...", "When I had a look ...")."""
_NOT_PAST = re.compile(
    r"(?:\b(?:is|are|has|have|gets?|will)|'s|'re|'ve)"
    r"(?:\s+(?:been|be|already|just|not|ever|getting))*\s+$"
)
"""A status not in the past: only then is one after "when" or "once" a time that may come
("when your flight is delayed"), not one that came ("When your flight was cancelled, ...")."""
_FUTURE = re.compile(
    r"(?:\b(?:will|shall|(?:is|are|am)\s+(?:going\s+|about\s+)?to)|'ll|'s\s+going\s+to"
    r"|'re\s+going\s+to)"
    r"(?:\s+(?:have|be|get|now|then|also|soon|automatically|immediately|promptly|fully|finally"
    rf"|right\s+away))*\s+(?:{TURNED})?$"
)
_FUTURE_OPENING = re.compile(
    r"(?:will|shall|(?:is|are)\s+(?:going|about|expected|due|scheduled|set|likely)\s+to)\b"
)
_PRESENT = re.compile(
    r"\bgets?(?:\s+(?:now|then|also|automatically|immediately|promptly|fully|finally))*\s+$"
)
"""A status to come in its own verb ("#W1 will be cancelled", "is going to be", "will arrive"),
or one made to happen ("#W1 gets cancelled"): either is no status when it is what the agent
will do once the customer agrees (:data:`_CONSENT`), and one to come is none after a condition
opening the sentence ("If #W1 ships today, it will arrive Friday"). A status in the present
("Once you confirm, HAT188 is delayed") is stated: a condition in another clause does not reach
it."""
_CONSENT = (
    r"(?:(?:once|when|whenever|as soon as|after|if|upon|provided(?: that)?|as long as|should)"
    r"\s+(?:you|we)(?:\s+(?:just|simply|kindly|can|could|do|have|'ve))?"
    r"\s+(?:confirm|approve|agree|accept|authori[sz]e|say|reply|give|proceed|go\s+ahead"
    r"|sign\s+off|confirmed|approved|agreed|accepted|said)"
    r"|(?:once|when|if|after|upon|as soon as)\s+(?:confirmed|approved|authori[sz]ed|agreed)"
    r"|(?:once|when|after|as soon as)\s+\S+\s+(?:ships|has\s+shipped|is\s+(?:shipped"
    r"|dispatched|processed))"
    r"|(?:with|upon|on|pending|after|following|subject\s+to)\s+(?:your\s+)?(?:confirmation"
    r"|approval|go-ahead|consent|agreement|authori[sz]ation|ok|okay|yes))\b"
)
_OPENING = r"[\s,;:*_\"'(\[\u2013\u2014-]*"
_CONSENT_AFTER = re.compile(r"\b" + _CONSENT)
_CONSENT_OPENING = re.compile(
    _OPENING + rf"(?:{_CONSENT}|(?:(?:please|just|simply|kindly)\s+)*(?:confirm|approve|agree"
    r"|(?:say|reply|answer|respond)\s+(?:with\s+)?[\"'*_]*yes)\b)"
)
"""The customer's agreement a status is promised on: "... once you confirm", "pending your
approval", "Please confirm, and ...", "Just say yes and ...", "Reply 'yes' and ...". Read
after the status in its own clause, opening the clause before it, or (a status to come)
opening the clause after it ("HAT188 will be cancelled, once you confirm"); not "after all",
"once again", "after 5 pm"."""
_CONDITION_OPENING = re.compile(
    _OPENING + r"(?:if|should|assuming|provided(?:\s+that)?|in\s+case|suppose|supposing)\s+\S"
    r"|" + _OPENING + r"(?:when|whenever|once(?!\s+(?:again|more)\b)|after(?!\s+all\b)"
    r"|as\s+soon\s+as(?!\s+possible\b)|by\s+the\s+time)\s+(?![\w-]+ing\b)\S"
)
"""A condition, or a time to come, opening the clause before a status to come ("If #W1 ships
today, it will arrive Friday", "Once I submit the request, #W1 will be cancelled", "When #W1
is cancelled, you will get a refund"): what is to come then is no status of now. An aside
there ("If you're wondering, ...", "When I checked, ...") is none, nor a look the agent took
("After reviewing your account, ...") or "as soon as possible"."""
_AND_JOIN = re.compile(r"[\s,]*\b(?:and|then|and\s+then)\s+$")
"""What joins a clause to the one before it as a second part of the same main clause
("Once you confirm, I'll cancel #W1 and it will be refunded"): a condition opening the first
part reaches it."""
_NOT_PAST_OPENING = re.compile(r"(?:is|are|has|have|gets?|will)\b")
"""The same, opening the status's own words (a domain's phrase may hold its verb: "has shipped",
"is late")."""
_ALTERNATIVE_TIME = re.compile(r"\b(?:or|only|except)\s+$")
"""Words that make the "when" after them one of the times something holds, whatever its tense
("..., or when the airline cancelled a flight", "only once it has landed"): a condition."""
_SHOULD = re.compile(r"[\s*_\"'(\[]*(?:should|had|were)\b(?!.*\?)")
""""Should", "had" or "were" opening a clause of no question: a condition ("Should HAT188 be
delayed, ...", "Had #W1 been delivered, you could return it"); elsewhere "should" is an
expectation ("Your flight should be on time"), which states it."""
_PURPOSE = re.compile(
    r"[^,;]*?\b(?:gets?|will|'ll|can|could|would|may|might)(?:\s+(?:be|get|now|also))*\s+$"
)
"""What makes "so" a purpose, not a result: a status to come or to be made ("I'll change the
address so #W1 gets delivered to your office")."""
_GENERIC_BEFORE = re.compile(
    r"(?:^|[^\w\s'*_]|\b(?:a|an|any|only|all|most|some|no|every|for|of|to|on|with|about))"
    r"[\s*_\"']*$"
)
"""Words before a status said as an adjective of a noun that make it any such thing ("Only
delivered orders can be returned", "a cancelled flight", "Compensation applies only to delayed
flights"): a general statement, not of one thing."""
_QUESTION = re.compile(r"\?[\W_]*$")
ASKING = re.compile(
    r"[\s*_\"'(\[>\u2022-]*(?:(?:so|and|but|then|also|now|ok|okay|well)\b[\s,]*)?(?:or\s+)?"
    r"(?:is|are|was|were|has|have|had|did|does|do|can|could|will|would|shall|should|may|might)"
    r"(?:n't)?\b"
)
"""A clause of a question opening with its verb ("Has HAT188 departed?", "Is it delayed, or is
it on time?", "So has it shipped?", a bullet or a quote mark before it): what it asks is not
stated."""
WH = re.compile(r"[\s*_\"'(\[>\u2022-]*(?:who|what|which|where)\b")
_WHICH_ONE = re.compile(r"\bwhich\s+(?:of|one)\b|\bor\b")
"""A question word opening the sentence that asks which ("Which flight was cancelled?"); after
a comma it is more often a relative ("..., which is delayed?"), which states. "Why", "when"
and "how" ask about a status they take as given ("Why was HAT188 cancelled?"): stated; so does
one that names the thing by id ("What day was #W1 delivered?"), unless it asks which of some
(:data:`_WHICH_ONE`)."""
_PRESUPPOSED = re.compile(r"\b(?:my|your|the|this|that|these|those|our|their)\s+$")
"""A status before the thing's noun after "your" or "the" ("your cancelled flight", "the
delivered items"): taken as given, stated whatever condition or question holds it."""
_MARKED = r"(?:marked|listed|shown|showing|flagged|recorded|set)(?:\s+(?:as|to))?"
"""A participle a status is given to a thing by, without a verb of its own ("#W1 now marked as
delivered"): the status is the thing's as much as "#W1 now delivered" is."""
_AUX_WORD = re.compile(r"\b(?:is|are|was|were|has|have|had|be|been|being)\b")
_JOINED = re.compile(r"\s*,?\s*(?:(?:or|and|nor)\s+)?(?:even\s+|possibly\s+)?")
"""What joins a status to the one before it ("delayed or cancelled", "delayed, even
cancelled"): it is read as that one is."""
_REACH = 300
"""How many characters around a status its clause is read in: a condition's status stands
within a few dozen words of it, and a bound keeps a long sentence's statuses linear. Beyond
it nothing excuses the status, which is then stated."""


_BEFORE_ASIDE = re.compile(r"[\s*_\"'\[>\u2022-]*")
"""Marks that may open a clause before a parenthesis opening it (a bullet, bold)."""


def _aside_open(lowered: str, first: int, start: int) -> bool:
    """Whether the status stands inside a parenthesis opened in its clause and not yet closed:
    an aside, which states ("Would you like to return #W1 (delivered)?"). A parenthesis
    opening the clause holds a sentence, read as one ("#W1 is delivered. (Let me know if #W2
    is too.)" supposes it)."""
    opening = lowered.rfind("(", first, start)
    if opening == -1 or lowered.find(")", opening, start) != -1:
        return False
    return not _BEFORE_ASIDE.fullmatch(lowered, first, opening)


def _option(lowered: str, first: int, last: int) -> bool:
    """Whether the clause ``first:last`` holding a status is one of a list of alternatives
    offered, an item without a verb between commas and before ", or" ("(change of plan,
    airline cancelled flight, or other reasons)", the policy's reasons for cancelling)."""
    return (
        lowered.endswith(", ", 0, first)
        and re.match(r",\s+or\s", lowered[last : last + 5]) is not None
        and _AUX_WORD.search(lowered, first, last) is None
    )


def _promised(lowered: str, first: int, start: int, end: int, last: int) -> bool:
    """Whether a status in the clause ``first:last`` (its words at ``start:end``) is what the
    agent will do once the customer agrees, not a status: a status to come or in the present
    (:data:`_FUTURE`, :data:`_PRESENT`) with the customer's agreement after it in its clause,
    opening the clause before it or, to come, the clause after it (:data:`_CONSENT_OPENING`);
    or a status to come after a condition or a time opening the clause before
    (:data:`_CONDITION_OPENING`). A clause joined to the one before by "and" (:data:`_AND_JOIN`)
    is read with it: the opening before that one reaches it. The clause before is no condition
    when it is an aside ("If you're wondering, ...")."""
    future = _FUTURE.search(lowered, first, start) or _FUTURE_OPENING.match(lowered, start)
    if not future and not _PRESENT.search(lowered, first, start):
        return False
    if _CONSENT_AFTER.search(lowered, end, last):
        return True
    if future and last < len(lowered):
        after = clause_after(lowered, last)
        if _CONSENT_OPENING.match(lowered, after[0]) or _CONSENT_AFTER.search(lowered, *after):
            return True
    while first > 0 and start - first < _REACH:
        joined = _AND_JOIN.search(lowered, max(0, first - 12), first)
        previous = clause_of(lowered, joined.start() if joined else max(0, first - 2))[0]
        if _ASIDES.search(lowered, previous, first):
            return False
        if _CONSENT_OPENING.match(lowered, previous) or (
            future and _CONDITION_OPENING.match(lowered, previous)
        ):
            return True
        if joined is None:
            return False
        first = previous  # a second part of a main clause: read the first part's opening
    return False


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
    def _of_id_after(self) -> re.Pattern[str]:
        # a status named as a noun of a thing named by id ("the delay of HAT188")
        return re.compile(
            rf"\s+of\s+(?:(?:the|your|my)\s+)?(?:(?:{self.nouns})\s+)?(?:{self.ids})\b"
        )

    @cached_property
    def _id_after(self) -> re.Pattern[str]:
        # a status said as an adjective of a thing named by id ("delivered order #W1")
        return re.compile(rf"\s+(?:(?:{self.nouns})\s+)?(?:{self.ids})\b")

    def asserted(self, lowered: str, start: int, end: int) -> bool:
        """Whether the status at ``start:end`` of a lowered sentence is stated, not only
        supposed, asked, wanted, offered or promised: not so when its own verb is a possibility
        (:data:`_POSSIBLE`), it is what someone wants or will get done ("You want #W1
        cancelled?", "I can get it cancelled"), what the agent will do once the customer agrees
        (:func:`_promised`), the last cue before it in its clause (within :data:`_REACH`)
        makes it a condition, a request or a time to come (:data:`_CUES`; "should" opening the
        clause), the clause asks it in a question ending in "?" (:data:`ASKING`, :data:`WH`),
        or it is an option of a list (:func:`_option`). A status said of a thing as an
        adjective or a relative clause is stated in any clause (:meth:`_presupposed`), and so
        is one in a time that came ("Was anything missing when #W1 was delivered?")."""
        low = max(0, start - _REACH)
        first, last = (low + at for at in clause_of(lowered[low : end + _REACH], start - low))
        opened = first > low or low == 0  # the clause's opening words are within reach
        if self._presupposed(lowered, first, start, end) or _aside_open(lowered, first, start):
            return True
        if _POSSIBLE.search(lowered, first, start) or _option(lowered, first, last):
            return False
        if _POSSIBLE_OPENING.match(lowered, start):
            return False
        if self._wanted.search(lowered, first, start) or _promised(
            lowered, first, start, end, last
        ):
            return False
        cue = self._last_cue(lowered, first, start)
        if cue is not None and cue.group() == "so" and _PURPOSE.match(lowered, cue.end(), start):
            return False  # "... so #W1 gets delivered to your office": a purpose
        if cue is not None and cue.lastgroup in ("given", "report"):
            return True
        if cue is not None and cue.lastgroup == "temporal":
            return not (
                _NOT_PAST.search(lowered, cue.end(), start)
                or _NOT_PAST_OPENING.match(lowered, start)
                or not lowered[cue.end() : start].strip()  # "once delivered": a time to come
                or _ALTERNATIVE_TIME.search(lowered, max(0, cue.start() - 10), cue.start())
            )
        if cue is not None:  # a condition
            return False
        if opened and _SHOULD.match(lowered, first):
            return False
        if self._generic(lowered, first, start, end):
            return False
        asked = (opened and ASKING.match(lowered, first)) or (
            first == 0 and WH.match(lowered) and not self._named_in_wh(lowered, start)
        )
        return not (asked and _QUESTION.search(lowered, len(lowered) - _REACH))

    def _last_cue(self, lowered: str, first: int, start: int) -> re.Match[str] | None:
        """The cue deciding a status at ``start`` in the clause opening at ``first``: the last
        one after any aside (:data:`_ASIDES`), but "so" opening the clause ("So has it
        shipped?") or of a purpose ("... so #W1 gets delivered to your office"), and "as" right
        before the status ("marked as delivered"); a report after a condition is the condition
        ("If you notice it was delivered ...")."""
        asides = [a.end() for a in _ASIDES.finditer(lowered, first, start)]
        cues = [
            cue
            for cue in self._cue.finditer(lowered, max([first, *asides]), start)
            if not (cue.group() == "so" and not lowered[first : cue.start()].strip(" *_\"'(>-"))
            and not (cue.group() == "as" and not lowered[cue.end() : start].strip())
        ]
        if not cues:
            return None
        if cues[-1].lastgroup == "report":
            return next((c for c in cues if c.lastgroup == "condition"), cues[-1])
        return cues[-1]

    def _named_in_wh(self, lowered: str, start: int) -> bool:
        """Whether a question opening with "what", "which" or "where" names by id the thing
        whose status it asks about ("What day was #W1 delivered?"), taking the status as given,
        and does not ask which of some ("Which of #W1 or #W2 was delivered?")."""
        return bool(self._id.search(lowered, 0, start)) and not _WHICH_ONE.search(lowered, 0, start)

    @cached_property
    def _id(self) -> re.Pattern[str]:
        return re.compile(self.ids)

    @cached_property
    def _wanted(self) -> re.Pattern[str]:
        # a status someone wants or will get done: "You want #W1 cancelled?", "I can get it
        # cancelled", "Let me have HAT188 cancelled", "for #W1 to be cancelled", "... that #W1
        # be cancelled", "#W1 needs to be cancelled", "the flight you want cancelled"
        thing = (
            rf"(?:(?:the|your|my|this|that)\s+)?(?:(?:{self.nouns})\s+)?"
            rf"(?:{self.ids}|it|them|(?:{self.nouns}))"
        )
        return re.compile(
            r"(?:\b(?:want|wants|wanted|like|need|needs|prefer|make\s+sure|ensure)"
            r"|(?:\b(?:can|will|could|would|shall|should|to|me|us|let's)|'ll|'d)\s+(?:get|have))"
            rf"\s+{thing}(?:\s+(?:is|be|gets|to\s+be))?"
            r"(?:\s+(?:fully|now|also|immediately|promptly))?\s+$"
            rf"|\b(?:for|that)\s+{thing}\s+(?:to\s+)?be\s+$"
            rf"|(?:{self.ids}|\bit|\bthey)\s+(?:needs?|has|have|ought)\s+to\s+be\s+$"
            r"|\b(?:want|wants|wanted|like|need|needs|prefer)\s+$"
        )

    @cached_property
    def _relative_before(self) -> re.Pattern[str]:
        # a relative clause without "that" ("order #W1 we delivered", "the order you cancelled")
        return re.compile(
            rf"(?:{self.ids}|\b(?:{self.nouns}))\s+(?:we|you|they|i|(?:the|our|your)\s+[\w-]+)"
            r"(?:'ve|'d|\s+(?:have|had|already|just|recently|previously))*\s+$"
        )

    @cached_property
    def _object_before(self) -> re.Pattern[str]:
        # a thing named by id (or "it") as the object of a preposition or of a verb of looking,
        # its status (or its status's) right after it without a verb of its own: a reduced
        # relative clause ("look for #W1 left at your door", "a return with #W1 now delivered",
        # "with it now marked as delivered"), not the thing's own verb ("if #W1 shipped")
        mark = r"[\s*_`\"'\[\]()\u2013\u2014-]"
        return re.compile(
            r"\b(?:for|with|about|on|of|off|from|in|than|regarding|check\w*|find\w*|track\w*"
            r"|locat\w*|return\w*|review\w*|see|receiv\w*|open\w*|reorder\w*|exchang\w*"
            r"|replac\w*|refund\w*|reship\w*|rebook\w*|chang\w*|cancel)"
            rf"\s+(?:(?:the|your|my|our|this|that)\s+)?(?:(?:{self.nouns}|number|no\.)\s+)*"
            rf"{mark}*(?:{self.ids}|it|them){mark}*(?:\s+(?:{self.nouns}))?(?:'s\s+status)?"
            rf"(?:\s+(?:now|already|just|recently|since|still|finally|successfully|being))?"
            rf"(?:\s+{_MARKED})?{mark}*$"
            rf"|\b(?:for|with|about|on|of|regarding)\s+(?:the|your|my|our)\s+(?:{self.nouns})"
            r"(?:\s+(?:now|already|just|recently|finally|being))?\s+$"
        )

    def _generic(self, lowered: str, first: int, start: int, end: int) -> bool:
        """Whether the status is an adjective of the domain's noun that says any such thing
        (:data:`_GENERIC_BEFORE`), not one thing: "Only delivered orders can be returned". One
        of a thing named by id is not ("a delivered order #W1")."""
        if not self._noun_after.match(lowered, end) or self._id_after.match(lowered, end):
            return False
        return _GENERIC_BEFORE.search(lowered, first, start) is not None

    def _presupposed(self, lowered: str, first: int, start: int, end: int) -> bool:
        """Whether the status is said as an adjective of a thing: after "your" or "the" and
        before the thing's noun ("your cancelled flight"), before a thing's id ("delivered
        order #W1", "the cancelled HAT188"), after a thing as a relative clause ("order #W1 we
        delivered on Monday", "the flight the airline cancelled"), as a noun of it ("the delay
        of HAT188") or with no verb after a thing named by id as an object ("Could you look
        for #W1 left at your door?", "Shall I rebook **HAT188** cancelled this morning?")."""
        if self._id_after.match(lowered, end):
            return True
        if self._relative_before.search(lowered, first, start):
            return True
        if self._object_before.search(lowered, first, start):
            return True
        return bool(
            _PRESUPPOSED.search(lowered, first, start)
            and (self._noun_after.match(lowered, end) or self._of_id_after.match(lowered, end))
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
