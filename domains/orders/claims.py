"""Status claims: which status a sentence states, about which order, in any phrasing.

An agent can say an order was delivered in many ways ("was delivered", "arrived yesterday",
"was dropped off", "deliv\u200bered", "d\u0435livered" with a Cyrillic letter), and can state
two orders' statuses in one sentence. This module reads both:

- **Normal form.** Every sentence is matched in :func:`checkers.text.fold_lower` form (NFKC,
  format characters removed, look-alike letters folded to ASCII, lower case), so spelling tricks
  cannot hide a word. Reasons quote what the agent wrote, never the folded text.
- **Vocabulary.** Each status has the phrases that claim it (:data:`VOCABULARY`): verb forms,
  tenses and synonyms ("delivered", "arrived", "dropped off", "left at your door" claim
  ``delivered``; "will arrive", "on its way", "out for delivery" claim ``in transit``), and the
  phrases that claim its negation directly ("has yet to ship", "awaiting shipment"). A claim
  preceded by a negation ("has not been delivered", "hasn't arrived") claims the negated status
  (``not delivered``), which is true of every order state the status is not.
- **Binding.** Each claim is bound to the order it is about (:func:`sentence_claims`): the
  nearest group of order ids in the same clause (one before the claim first, as subjects come
  first in English; "#W1 and #W2 are delivered", "#W1 along with #W2", "#W1 / #W2" are one
  group (:data:`LIST_WORDS`), and a claim about a group is a claim about each of its orders),
  else the nearest in the sentence. Clauses end at commas, conjunctions, dashes, sentence ends
  and a slash or bar between entries ("#W1: pending / #W2: delivered"). Orders listed after
  "neither" are claimed the opposite; a clause that leaves the status out ("but #W2 was not",
  "as was #W2") takes the one before it, and so does a sentence of that alone after one
  stating a status ("#W1 is processed. Same for #W2.", :func:`carried_claims`) and an order
  joined to a claim ("delivered along with #W2"); one set against it takes the opposite
  (", not #W2", "unlike #W2"). A "respectively" sentence pairs its statuses with its orders in
  order, and a status label claims its status of the orders listed after it (:func:`labelled`).
  A claim in a sentence that names no order is left unbound; the check decides what it refers
  to.

When the service's states make a claim true is :data:`VOCABULARY` too (``true_in``), so the
meaning of a status is written once, for claims read from the agent and statuses read from tools.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise

from checkers.done_claims import done_claims, done_pattern
from checkers.passed_on import status_passed_on
from checkers.stated import TURNED, Stated
from checkers.status_words import SHARED_BEFORE, clause_of, nearest, negated
from checkers.text import fold_lower
from checkers.tokens import ENDING_IN, partial_references

ORDER_STATES = frozenset(
    {
        "pending",
        "pending (item modified)",
        "processed",
        "delivered",
        "cancelled",
        "return requested",
        "exchange requested",
        "in transit",
        "not shipped yet",
    }
)
"""Every state a tool reports for an order: the order statuses of the data and the shipping
statuses of ``track_order``. A negated claim is true of the states its status is not."""

_PENDING = frozenset({"pending", "pending (item modified)", "not shipped yet"})
_DELIVERED = frozenset({"delivered", "return requested", "exchange requested"})
_SHIPPED = frozenset({"processed", "in transit"})


@dataclass(frozen=True)
class Status:
    """One status an agent can claim, with the phrases that claim it."""

    name: str
    """The claimed status as reasons show it: ``"delivered"``."""
    true_in: frozenset[str]
    """The reported states (``ORDER_STATES``, or words a tool reports, such as a ``"refund"``
    transaction) in which the claim is true."""
    phrases: tuple[str, ...]
    """Regular expressions over folded lower-case text that claim the status."""
    negation: str
    """The name of the negated claim (``"not delivered"``)."""
    negative_phrases: tuple[str, ...] = ()
    """Phrases that claim the negation directly ("awaiting shipment" for ``shipped``)."""


_FUTURE = (
    r"(?:will|shall|should|would|(?:is|are)?\s?(?:expected|due|scheduled|going|set|about|likely)"
    r" to)"
)
_ARRIVE = r"(?:arrive|be delivered|reach you|get to you|be with you|be dropped off|be there|land)"

VOCABULARY: tuple[Status, ...] = (
    Status(
        "pending",
        _PENDING,
        (r"pending(?: \(item modified\))?", r"awaiting processing"),
        "not pending",
    ),
    Status(
        "processed",
        _SHIPPED,
        (r"processed",),
        "not processed",
    ),
    Status(
        "shipped",
        _SHIPPED | _DELIVERED,
        (
            r"shipped",
            r"dispatched",
            r"(?:was|were|has been|have been|got) sent out",
            r"(?:has|have) shipped",
            r"left (?:our|the) (?:warehouse|facility|fulfillment center)",
            r"(?:with|picked up by|handed (?:over )?to) the (?:carrier|courier|shipping company)",
        ),
        "not shipped yet",
        (
            r"awaiting (?:shipment|shipping|dispatch)",
            r"(?:has|have) yet to (?:ship|be shipped|be dispatched|leave)",
            r"yet to (?:ship|be shipped|be dispatched)",
            r"waiting to (?:ship|be shipped|be dispatched)",
            rf"{_FUTURE} (?:ship|be shipped|be dispatched|go out)",
        ),
    ),
    Status(
        "in transit",
        _SHIPPED,
        (
            r"in transit",
            r"out for delivery",
            r"on (?:its|the|their) way",
            r"en route",
            r"arriving",
            r"being delivered",
            r"heading (?:to you|your way)",
            rf"{_FUTURE}(?: not|n't)? (?:yet )?{_ARRIVE}",
            rf"won't {_ARRIVE}",
        ),
        "not in transit",
    ),
    Status(
        "delivered",
        _DELIVERED,
        (
            r"delivered",
            r"delivery (?:is|was|has been) (?:complete|completed|confirmed|made)",
            r"arrived",
            r"dropped (?:it |them )?off",
            r"left (?:at|on|by|in|outside) (?:your|the) "
            r"(?:door|doorstep|front door|porch|mailbox|mail ?room|reception|building)",
            r"handed (?:it |them )?(?:over )?to you",
            r"signed for",
            r"reached you",
            r"got to you",
            r"in your (?:hands|mailbox)",
            r"you(?:'ve| have)? received (?:it|them|your (?:order|package|parcel|items?|shipment))",
        ),
        "not delivered",
        (r"(?:did|does|do|has|have)(?:n't| not) (?:yet )?(?:arrive|arrived|come|reach you)",),
    ),
    Status(
        "cancelled",
        frozenset({"cancelled"}),
        (
            r"cancell?ed",
            r"called off",
            r"voided",
            r"cancellation (?:is|was|has been) (?:complete|completed|confirmed|done|processed)",
        ),
        "not cancelled",
    ),
    Status(
        "refunded",
        frozenset({"cancelled", "refund", "refunded"}),
        (
            # Bare "refunded to paypal_1" describes a proposed return, not a state: an
            # auxiliary makes it a claim, and a "not" or "never" after it denies it ("is not
            # refunded", "hasn't yet been refunded"; read by :func:`negated`).
            r"(?:has|have|had|was|were|is|are|got|been)(?:n't| not| never)?(?: yet| actually)?"
            r"(?: been)?(?: fully)? refunded",
            r"refund (?:has been|was|is) (?:issued|processed|completed|sent|made|done)",
            r"(?:you(?:'ve| have)?|you) (?:been|got|received) (?:a |your |the )?(?:full )?refund",
        ),
        "not refunded",
    ),
    Status(
        "refund due",
        frozenset(
            {"cancelled", "refund", "return requested", "exchange requested"}
            | {"pending (item modified)"}
        ),
        (
            rf"{_FUTURE} (?:be refunded|receive (?:a |your |the )?refund|get (?:a |your |the )?"
            r"refund)",
            rf"refund {_FUTURE} (?:be )?(?:issued|processed|sent|made)",
        ),
        "no refund due",
    ),
    Status(
        "return requested",
        frozenset({"return requested"}),
        (r"return (?:has been |was |is )?(?:requested|initiated|started|opened|submitted)",),
        "no return requested",
    ),
    Status(
        "exchange requested",
        frozenset({"exchange requested"}),
        (r"exchange (?:has been |was |is )?(?:requested|initiated|started|opened|submitted)",),
        "no exchange requested",
    ),
)
"""Every claimable status: its phrases, its negation, and the states it is true in."""

TRUE_IN: dict[str, frozenset[str]] = {
    **{s.name: s.true_in for s in VOCABULARY},
    **{s.negation: ORDER_STATES - s.true_in for s in VOCABULARY},
}
"""For every claim, positive or negated, the reported states in which it is true."""

_PHRASE = re.compile(
    "|".join(
        rf"(?P<s{i}p{j}>\b{phrase}\b)"
        for i, status in enumerate(VOCABULARY)
        for j, phrase in enumerate(status.phrases)
    )
    + "|"
    + "|".join(
        rf"(?P<s{i}n{j}>\b{phrase}\b)"
        for i, status in enumerate(VOCABULARY)
        for j, phrase in enumerate(status.negative_phrases)
    )
)
_ORDER_ID = re.compile(r"(?<![\w#])#?w(\d{7})(?!\d)")
_GROUP_NAME = re.compile(r"s(\d+)([pn])\d+")
LIST_WORDS = (
    "and",
    "or",
    "nor",
    "and/or",
    "plus",
    "as well as",
    "along with",
    "together with",
    "alongside",
    "in addition to",
)
"""Words that join the ids of one list ("#W1 along with #W2 is pending"), each also followed by
"also", "likewise" or "even" ("#W1 and also #W2"). Only ids with nothing but these words, a
list mark (``, / | & +``) and the word "order" between them are one list: in "#W1 was delivered
along with #W2" the claim is bound to #W1 alone."""

_ID_LIST_GAP = re.compile(
    r"\s*(?:,|/|\||&|\+)?\s*(?:(?:"
    # Matched whole (fullmatch), so the alternatives' order does not matter.
    + "|".join(re.escape(w) for w in LIST_WORDS)
    + r")\s+(?:(?:also|likewise|even)\s+)?)?(?:orders?\s+)?"
)


@dataclass(frozen=True)
class Claim:
    """One status claim in a sentence, and the orders it is about."""

    status: str
    """The claimed status (``"delivered"``, ``"not delivered"``, ``"in transit"`` ...)."""
    phrase: str
    """The words that claim it, as matched in the folded sentence."""
    start: int
    end: int
    orders: tuple[str, ...]
    """The order ids it is bound to (``#W1234567``); empty when the sentence names none."""
    ahead: bool = False
    """Said ahead by the claim whose status it leaves out ("#W1 will be cancelled, and #W2
    too"): what is to happen, as that one (:func:`promises`)."""


_PROMISE_BEFORE = re.compile(
    rf"(?:{_FUTURE}|'ll)\s+(?:(?:now|then|also|soon|automatically|fully|promptly)\s+)?"
    rf"(?:be\s+|get\s+)?(?:{TURNED})?$"
)
_CLAIMED = frozenset(s.name for s in VOCABULARY)


def promises(sentence: str, claim: Claim) -> bool:
    """Whether ``claim`` (of ``sentence``) says what is to happen, not what is: a refund due
    ("$4.24 will be refunded", every phrase of it looks ahead) or a status said in the future
    ("order #W1 will be cancelled", "it'll be cancelled", "will be marked as cancelled"). In
    the listing a write answers, that write makes such a claim true or false, not the state
    before it. So is one that leaves out the status of one said ahead (:attr:`Claim.ahead`)."""
    return claim.ahead or _said_ahead(fold_lower(sentence), claim)


def _said_ahead(folded: str, claim: Claim) -> bool:
    """:func:`promises` read on ``claim``'s own words in ``folded``, its sentence."""
    if claim.status == "refund due":
        return True
    if claim.status not in _CLAIMED:
        return False  # a denial ("won't be cancelled") is a statement of what is kept
    return _PROMISE_BEFORE.search(folded, max(0, claim.start - 40), claim.start) is not None


def _ahead_as(folded: str, claim: Claim, status: str) -> bool:
    """Whether ``status``, said of other orders by leaving out ``claim``'s (of ``folded``), is
    said ahead: when ``claim`` is and it is ``claim``'s own ("#W1 will be cancelled, and #W2
    too"); its denial ("..., but #W2 won't") is a statement of what is kept."""
    return status == claim.status and (claim.ahead or _said_ahead(folded, claim))


def holds(claim: str, reported: str) -> bool:
    """Whether a state a tool ``reported`` makes the status ``claim`` true."""
    return reported == claim or reported in TRUE_IN.get(claim, frozenset())


def _status_matches(folded: str) -> list[tuple[int, int, str, str]]:
    """(start, end, claimed status, phrase): every claim, overlaps resolved (longest first)."""
    found: list[tuple[int, int, str, str]] = []
    for match in _PHRASE.finditer(folded):
        parsed = _GROUP_NAME.fullmatch(match.lastgroup or "")
        assert parsed is not None  # every alternative is a named group
        status = VOCABULARY[int(parsed.group(1))]
        phrase = match.group(0)
        denied = parsed.group(2) == "n" or negated(folded, match.start(), phrase)
        claimed = status.negation if denied else status.name
        found.append((match.start(), match.end(), claimed, phrase))
    return found


_COMMA_AND = re.compile(r"\s*,\s*(?:and|or)\s+(?:orders?\s+)?")
_PLAIN_AND = re.compile(r"\s+and\s+(?:orders?\s+)?")
_OWN_VERB = re.compile(
    r"\s*(?:(?:also|already|just|now|still|too|currently)\s+)*"
    r"(?:is|was|has|had|isn't|wasn't|hasn't|hadn't|remains|shows|got|gets|will|won't|can"
    r"|cannot|can't|should|would|may|might"
    r"|costs?|came|comes|totals|ships|contains|includes|holds|goes|went"
    r"|[a-z]+ed|'s\s+(?:[a-z]+\s+){1,2}(?:is|was|has|remains|shows)"
    r"|pending|in\s+transit|on\s+hold|out\s+for\s+delivery|awaiting)\b"
)
"""A verb of a subject's own after an id ("#W2 is processed", "#W2's status is pending"), or
a status said with the verb left out (", and #W2 still pending"): the id opens a clause, no
list's last."""
_SUBJECT_OPENING = re.compile(r"(?:\W|\b(?:the|your|my|both|either|neither|orders?)\b)*")
_PERSON_THEN_OBJECT = re.compile(
    r"\W*(?:i|you|we|they)\s+.*\b(?:for|on|of|to|with|in|from|about)\s+(?:(?:the|your)\s+)?"
    r"(?:orders?\s+)?"
)
"""A clause of a person's verb ending in a preposition before an id ("You paid $53.72 for
#W1"): the id is its object, so "and" after it with a verb of the next id's own joins two
clauses even without a comma. Not a noun's (:data:`_NOUN_THEN_OBJECT`)."""
_NOUN_THEN_OBJECT = re.compile(
    r"\b(?:the|your|its|their|my|our|this|that)\s+(?:[a-z]+\s+)?[a-z]+\s+"
    r"(?:for|on|of|to|with|in|from|about)\s+(?:(?:the|your)\s+)?(?:orders?\s+)?$"
)
"""A noun's preposition before an id ("I can tell you the status for #W1 and #W2 is
pending"): the list after it may be the noun's, said of together."""


def joins_clauses(gap: str, group: tuple[int, int, tuple[str, ...]], folded: str) -> bool:
    """Whether ", and" between one id and the next joins two clauses, not a list ("You paid
    $3048.69 for #W1, and #W2 is processed"): so when the first id ends a clause of its own
    words and a singular verb follows the second. A list of three or more ("#W1, #W2, and
    #W3"), a list opening its clause ("#W1, and #W2 was cancelled"), one said of together
    ("... #W1, and #W2 are pending") or one ending the sentence is one list."""
    if len(group[2]) > 1:
        return False
    opening = clause_of(folded, group[0])[0]
    if not _COMMA_AND.fullmatch(gap) and not (
        _PLAIN_AND.fullmatch(gap)
        and _PERSON_THEN_OBJECT.fullmatch(folded, opening, group[0])
        and not _NOUN_THEN_OBJECT.search(folded, opening, group[0])
    ):
        return False
    if _SUBJECT_OPENING.fullmatch(folded, opening, group[0]):
        return False
    following = _ORDER_ID.match(folded, group[1] + len(gap))
    return following is not None and _OWN_VERB.match(folded, following.end()) is not None


PARTIAL = "#W*"
"""Prefix of an order referred to by its last digits ("the order ending in 8665" is
``#W*8665``) until :class:`Thread` resolves it to the orders it can be."""


def _id_groups(folded: str) -> list[tuple[int, int, tuple[str, ...]]]:
    """Runs of order ids written as one list ("#W1, #W2 and #W3"): (start, end, ids). An order
    referred to by its last digits ("ending in 8665") is a group of its own (``#W*8665``)."""
    groups: list[tuple[int, int, tuple[str, ...]]] = []
    for match in _ORDER_ID.finditer(folded):
        order_id = f"#W{match.group(1)}"
        gap = folded[groups[-1][1] : match.start()] if groups else ""
        if groups and _ID_LIST_GAP.fullmatch(gap) and not joins_clauses(gap, groups[-1], folded):
            start, _, ids = groups[-1]
            groups[-1] = (start, match.end(), tuple(dict.fromkeys((*ids, order_id))))
        else:
            groups.append((match.start(), match.end(), (order_id,)))
    partial: list[tuple[int, int, tuple[str, ...]]] = [
        (start, end, (PARTIAL + digits,))
        for digits, start, end in order_partials(folded)
        if not _METHOD_BEFORE.search(folded, max(0, start - 40), start)
    ]
    return _partials_listed(folded, sorted(groups + partial)) if partial else groups


_ONE_BEFORE_PARTIAL = re.compile(r"(?:(?:the|your|my)\s+(?:other\s+)?(?:one|order)\s+)?")
"""What may stand between a list's joining word and an order named by its last digits ("#W1
and the one ending in 4375")."""


def _partials_listed(folded: str, groups: list[Group]) -> list[Group]:
    """``groups`` (in order) with an order named by its last digits joined to the list of ids
    right before or after it, as :data:`_ID_LIST_GAP` joins ids ("#W1 and the one ending in
    4375", "the one ending in 4375 and #W1"): one list, of which a status said is said of
    both."""
    joined: list[Group] = []
    for group in groups:
        if joined:
            start, end, ids = joined[-1]
            gap = folded[end : group[0]]
            partial_in = any(i.startswith(PARTIAL) for i in (*ids, *group[2]))
            listed = _ID_LIST_GAP.match(gap)
            if (
                partial_in
                and listed is not None
                and _ONE_BEFORE_PARTIAL.fullmatch(gap, listed.end())
                and not joins_clauses(gap, joined[-1], folded)
            ):
                joined[-1] = (start, group[1], tuple(dict.fromkeys((*ids, *group[2]))))
                continue
        joined.append(group)
    return joined


_HASH_DIGITS = re.compile(r"(?<![\w#])#\s?(\d{3,7})(?!\w)")
_NOUN_DIGITS = re.compile(
    r"\border(?:\s+(?:number|no\.?|id))?\s+(\d{3,7})(?![\w/-]|[.,:]\d)", re.IGNORECASE
)
"""The order noun right before an order id's last digits, with no hash ("order 7301", "order
number 7301"): as plain a name of the order as "Order #7301"; not a figure ("order 1,299.00")
or a date ("order 2024-05-01")."""
_ORDER_NOUN_BEFORE = re.compile(
    r"\borders?(?:\s+(?:number|id|no\.?))?\s*(?:#\s?\d{3,7}\s*(?:,|/|&|and|or)\s*)*$",
    re.IGNORECASE,
)
"""The order noun before a hash and an order id's last digits ("Order #7301", "orders #7301 and
#8665"): a hash alone before digits may number anything ("suite #301")."""


def order_partials(text: str) -> list[tuple[str, int, int]]:
    """``(digits, start, end)`` of each reference to an order by its last digits in ``text``
    (folded): the core's (:func:`checkers.tokens.partial_references`: "ending in 7301",
    "...7301"), and a hash before them after the order noun ("Order #7301"), or the noun alone
    ("order 7301", "order number 7301"), which name the order as plainly, or bare digits
    after words passing a status on (:data:`_SHARED_DIGITS`: "Same for 7301."); in order."""
    found = list(partial_references(text))
    found += [
        (match.group(1), match.start(), match.end())
        for match in _HASH_DIGITS.finditer(text)
        if _ORDER_NOUN_BEFORE.search(text, max(0, match.start() - 60), match.start())
    ]
    found += [(match.group(1), *match.span(1)) for match in _NOUN_DIGITS.finditer(text)]
    found += [(match.group(1), *match.span(1)) for match in _SHARED_DIGITS.finditer(text)]
    return sorted(found, key=lambda reference: reference[1])


_SHARED_DIGITS = re.compile(
    r"\b(?:(?:the\s+)?same\s+(?:goes\s+)?(?:for|with|applies\s+to|is\s+true\s+(?:for|of))"
    r"|likewise(?:\s+for)?|ditto(?:\s+for)?|as\s+for|so\s+is|as\s+is)\s+(\d{4,7})"
    r"(?![\w/%$-]|[.,:]\d|\s*(?:dollars|usd|items?|units?|points)\b)",
    re.IGNORECASE,
)
"""Bare digits after the words that pass a status on to another order ("Same for 7301.",
"Likewise 7301", "as is 7301"): an order named by its last digits, as "order 7301" names it;
not an amount or a count ("same for 1200 dollars")."""


_METHOD_BEFORE = re.compile(
    r"\b(?:cards?|visa|master\s?card|amex|american\s+express|discover|paypal|account)"
    r"(?:\s+number)?[\s(,:]*(?:(?:that|which)\s+)?$"
)
"""A payment method's words right before digits it ends in ("your Visa card ending in 6791",
"Mastercard ****8484", "the card that ends in 8484"): a card's last four, no order."""

Group = tuple[int, int, tuple[str, ...]]
"""A run of order ids written as one list: (start, end, ids) in the folded sentence."""


def _bind(folded: str, start: int, end: int, groups: list[Group]) -> Group | None:
    """The group a claim at ``start:end`` is about (:func:`checkers.status_words.nearest`).
    Groups and claims never overlap (an id is no status phrase)."""
    found = nearest(folded, start, end, [(g[0], g[1]) for g in groups])
    return None if found is None else groups[found]


ORDER_STATUSES = Stated(
    ids=rf"#?w\d{{7}}|{ENDING_IN}\d{{2,7}}\b",
    nouns=r"orders?|packages?|parcels?|shipments?|items?",
)
"""Which order statuses a sentence states, not only supposes or asks
(:class:`checkers.stated.Stated`): "If your order was delivered, you can return it" and "Has
#W1 been delivered?" claim nothing."""

_NEITHER = re.compile(r"\bneither (?:of )?(?:the |your )?(?:orders? )?")
"""The words that open a list with "neither"; a group starting where they end is negated."""
_OPPOSITE = {
    **{s.name: s.negation for s in VOCABULARY},
    **{s.negation: s.name for s in VOCABULARY},
}


_NEGATIONS = frozenset(s.negation for s in VOCABULARY)


def _at(claim: Claim) -> int:
    return claim.start


def _elided(
    folded: str, groups: list[Group], claims: list[Claim], supposed: Sequence[Claim] = ()
) -> list[Claim]:
    """Claims made of a group of orders, claimed nothing of its own, by leaving out the status
    of the claim before it ("#W1 was delivered but #W2 was not", "... and #W2 too", "... as
    was #W2", "...; the one ending in 7301, too", "...; and #W2": the words of
    :func:`checkers.passed_on.status_passed_on`). A denial claims the opposite of that status, the
    others claim it. One left out after a claim ``supposed`` (not stated:
    :data:`ORDER_STATUSES`) is not stated either ("If #W1 was delivered and #W2 too, ...")."""
    found: list[Claim] = []
    for start, end, ids in groups:
        if any(claim.orders == ids for claim in claims):
            continue  # its own ("Same for #W2, which is still pending")
        # The status before may itself be one left out ("... but #W2 was not, and #W3 too").
        earlier = [c for c in sorted([*claims, *found], key=_at) if c.end <= start]
        if not earlier or earlier[-1] in supposed:
            continue
        passed = status_passed_on(ORDER_STATUSES, folded, start, end, earlier[-1].end)
        if passed is None:
            continue
        # a denial left out after a negative claim repeats it ("#W1 has not been processed and
        # #W2 hasn't either"); after a positive one it denies it ("... but #W2 was not")
        said = earlier[-1].status
        status = _OPPOSITE[said] if passed.denied and said not in _NEGATIONS else said
        ahead = _ahead_as(folded, earlier[-1], status)
        words = folded[passed.start : passed.end]
        found.append(Claim(status, words, passed.start, passed.end, ids, ahead))
    return found


@lru_cache(maxsize=4096)
def sentence_claims(sentence: str) -> tuple[Claim, ...]:
    """Every status claim ``sentence`` makes, in order, each bound to its orders (see the module
    docstring). A claim about orders listed after "neither" ("Neither #W1 nor #W2 has been
    delivered") claims the opposite of each ("not delivered"; "neither ... is awaiting shipment":
    ``shipped``); a status left out ("#W1 was delivered but #W2 was not") is the one before it
    (:func:`_elided`). Never raises."""
    folded = fold_lower(sentence)
    groups = _id_groups(folded)
    joined = {group: _joined(folded, group) for group in groups}
    neither = {match.end() for match in _NEITHER.finditer(folded)}
    matches = _resolve(_status_matches(folded))
    stated = ORDER_STATUSES.each(folded, [(start, end) for start, end, _, _ in matches])
    found = []
    for start, end, status, phrase in matches:
        group = _bind(folded, start, end, [g for g in groups if joined[g] is None])
        if group is None:
            found.append(Claim(status, phrase, start, end, ()))
            continue
        if (
            group[1] <= start
            and clause_of(folded, group[1]) == clause_of(folded, start)
            and group[0] in neither
        ):
            # only a claim in the clause of the list "neither" opens: "Neither #W1 nor #W2 has
            # any problems; both were delivered" still claims delivered
            status = _OPPOSITE[status]
        found.append(Claim(status, phrase, start, end, group[2]))
    if _RESPECTIVELY.search(folded):
        found = _respectively(groups, found)
    supposed = [claim for claim, says in zip(found, stated, strict=True) if not says]
    kept = [claim for claim in found if claim not in supposed]
    derived = _of_joined(folded, groups, joined, kept)
    unjoined = [group for group in groups if joined[group] is None]
    elided = _elided(folded, unjoined, found, supposed)
    return tuple(sorted(kept + elided + derived, key=_at))


def carried_claims(previous: str, sentence: str) -> tuple[Claim, ...]:
    """The claims ``sentence``, stating no status of its own, makes by leaving out the status
    ``previous`` (the sentence before it, in the same message) states last: "#W1 is processed.
    Same for #W2." (also "The same goes for #W2.", "Likewise #W2.", "So is #W2.", "#W2 too.",
    "Ditto for #W2."; "... #W2 isn't." denies it). The two are read as one sentence
    (:func:`sentence_claims`, which reads what is left out in its clause); the claims of the
    orders ``sentence`` names are returned, placed on its folded text. None when ``sentence``
    asks ("Same for #W2?"), names no order, or ``previous`` states no status of orders at hand
    ("Only pending orders can be changed. #W2 too." passes nothing on)."""
    folded = fold_lower(sentence)
    if folded.rstrip().endswith("?") or not _id_groups(folded):
        return ()
    if sentence_claims(sentence):
        return ()
    before = sentence_claims(previous)
    last = before[-1] if before else None
    if last is None or (not last.orders and _general(fold_lower(previous), last.start)):
        return ()
    # fold_lower gives its own text back, so positions past the join are the sentence's own
    joined = _one_sentence(previous, folded)
    offset = len(joined) - len(folded)
    # a claim's words may start in the join ("; not #W2": set against the status before)
    return tuple(
        replace(claim, start=max(0, claim.start - offset), end=claim.end - offset)
        for claim in sentence_claims(joined)
        if claim.end > offset and claim.orders
    )


def passed_on(previous: str, sentence: str) -> str:
    """What the sentence after ``sentence`` may leave its status out after: ``sentence``, or
    the two joined when it states the status ``previous`` states by leaving it out itself
    ("#W1 is processed. #W2 too. #W3 too.": :func:`carried_claims`)."""
    if carried_claims(previous, sentence):
        return _one_sentence(previous, fold_lower(sentence))
    return sentence


def _one_sentence(previous: str, folded: str) -> str:
    """``previous`` and a sentence (``folded``) after it as one sentence of two clauses."""
    return f"{fold_lower(previous).rstrip(' .!')}; {folded}"


_LABEL_BEFORE = re.compile(
    r"(?:(?:your|the|my)\s+)?(?:orders?\s+)?(?:(?:that|which)\s+(?:are|were|ha(?:ve|s)\s+been)\s+)?"
    r"(?:(?:still|already|currently|now)\s+)?(?:not\s+(?:yet\s+)?)?"
)
_LABEL_AFTER = re.compile(r"(?:\s+(?:orders?|ones|items|packages))?(?:\s*\(\d+\))?")
_LABEL_MARKS = " \t#*_:>\u2022-"


def label_status(label: str) -> tuple[str, str] | None:
    """``(status, phrase)`` a label says of what is listed under it or after its colon, when it
    says nothing else ("Pending:", "**Delivered orders:**", "### Not yet shipped", "Orders
    awaiting shipment (2):"); None for any other text ("Only pending orders can be changed:")."""
    text = fold_lower(label).strip(_LABEL_MARKS)
    matches = _resolve(_status_matches(text))
    if len(matches) != 1:
        return None
    start, end, status, phrase = matches[0]
    if _LABEL_BEFORE.fullmatch(text, 0, start) and _LABEL_AFTER.fullmatch(text, end):
        return status, phrase
    return None


def labelled(sentence: str, heading: str = "") -> tuple[Claim, ...]:
    """The claims a status label makes of the orders ``sentence`` lists: its own label, before
    its colon, of the orders after it up to the next status ("**Pending orders:** #W1, #W2"),
    else the label ``heading`` it stands under ("Pending:" over "- #W1"; :func:`label_status`)."""
    folded = fold_lower(sentence)
    colon = folded.find(":")
    if colon > 0:
        own = label_status(folded[:colon])
        # its orders run up to the next status said ("Processed: #W1 | Pending: #W2")
        until = min((m[0] for m in _status_matches(folded) if m[0] > colon), default=len(folded))
        after = [g for g in _id_groups(folded) if colon < g[0] < until]
        if own is not None and after:
            return tuple(Claim(*own, 0, colon, ids) for _, _, ids in after)
    said = label_status(heading) if heading else None
    if said is None:
        return ()
    return tuple(Claim(*said, 0, 0, ids) for _, _, ids in _id_groups(folded))


_RESPECTIVELY = re.compile(r"\brespectively\b")


def _respectively(groups: Sequence[Group], found: list[Claim]) -> list[Claim]:
    """``found`` with the claims of a "respectively" sentence paired with its orders in order:
    a list of as many orders as the claims bound to it takes the first claim of the first order,
    the second of the second ("#W1 and #W2 are delivered and processed, respectively"). Claims
    of a list of another count stay bound to each of its orders."""
    paired = list(found)
    of: dict[tuple[str, ...], list[int]] = {}
    for n, claim in enumerate(found):
        of.setdefault(claim.orders, []).append(n)
    for ids in dict.fromkeys(ids for _, _, ids in groups):
        theirs = of.get(ids, [])
        if len(ids) > 1 and len(theirs) == len(ids):
            for n, order in zip(theirs, ids, strict=True):
                paired[n] = replace(found[n], orders=(order,))
    return paired


_SHARED_BEFORE = re.compile(rf"{SHARED_BEFORE}(?:(?:the|your)\s+)?(?:orders?\s+)?$")
"""Words joining an order to a thing before it that share its status
(:data:`checkers.status_words.SHARED_BEFORE`: "#W1 was delivered along with #W2", "..., just
like #W2", "#W1, as well as #W2, is pending")."""
_CONTRASTED_BEFORE = re.compile(
    r"(?:(?:,|;|\bbut)\s*not|\bunlike|\brather\s+than|\binstead\s+of|\bas\s+opposed\s+to)"
    r"\s+(?:(?:the|your)\s+)?(?:orders?\s+)?$"
)
"""Words joining an order to a thing before it set against it: it has not the status said of
that thing ("#W1 was delivered, not #W2", "#W1, not #W2, was delivered", "#W1 is pending,
unlike #W2", "rather than #W2")."""
_POSSESSIVE = re.compile(r"'s\b")


def _joined(folded: str, group: Group) -> tuple[int, int, bool] | None:
    """How ``group`` is joined to the thing before it, when it shares its status (False) or is
    set against it (True, :data:`_CONTRASTED_BEFORE`), with where the joining words stand; None
    when it is a thing of its own (or its noun's owner: "along with #W2's tracking update")."""
    if _POSSESSIVE.match(folded, group[1]):
        return None
    for pattern, opposite in ((_SHARED_BEFORE, False), (_CONTRASTED_BEFORE, True)):
        words = pattern.search(folded, max(0, group[0] - 40), group[0])
        if words is not None:
            return words.start(), words.end(), opposite
    return None


def _of_joined(
    folded: str,
    groups: Sequence[Group],
    joined: dict[Group, tuple[int, int, bool] | None],
    kept: list[Claim],
) -> list[Claim]:
    """The claims of each group joined to the thing next to it (:func:`_joined`): the claim
    bound to the group before it (else after it) nearest to it, its status for a group sharing
    it, the opposite for one set against it ("#W1 was delivered, not #W2": #W2 not delivered).
    Linear in the groups and claims (a sentence may list thousands)."""
    starts: dict[tuple[str, ...], list[int]] = {}
    of: dict[tuple[str, ...], list[Claim]] = {}
    for claim in sorted(kept, key=_at):
        starts.setdefault(claim.orders, []).append(claim.start)
        of.setdefault(claim.orders, []).append(claim)
    free = [g for g in groups if joined[g] is None]
    found: list[Claim] = []
    ahead = 0  # the first free group not before the current one
    for group in groups:
        how = joined[group]
        while ahead < len(free) and free[ahead][0] < group[0]:
            ahead += 1
        if how is None:
            continue
        neighbour = free[ahead - 1] if ahead else free[ahead] if free else None
        if neighbour is None or neighbour[2] not in of:
            continue
        theirs, at = of[neighbour[2]], starts[neighbour[2]]
        # the nearest: the last claim before the group, else the first after it
        claim = theirs[max(0, bisect_left(at, group[0]) - 1)]
        start, end, opposite = how
        status = _OPPOSITE[claim.status] if opposite else claim.status
        ahead = _ahead_as(folded, claim, status)
        found.append(Claim(status, claim.phrase, start, end, group[2], ahead))
    return found


def _resolve(found: list[tuple[int, int, str, str]]) -> list[tuple[int, int, str, str]]:
    # One alternation finds the leftmost match; a longer phrase starting inside a shorter one's
    # span cannot appear, so overlaps only arise from phrases that begin at the same place,
    # which the alternation already settles. Kept as a guard against future phrases.
    kept: list[tuple[int, int, str, str]] = []
    for item in sorted(found, key=lambda f: (f[0], -(f[1] - f[0]))):
        if not kept or item[0] >= kept[-1][1]:
            kept.append(item)
    return kept


_OR_BETWEEN = re.compile(r"^\W*(?:(?:or|either|maybe|perhaps|possibly)\b\W*)+$|^\s*/\s*$")


def hedged_claims(sentence: str) -> frozenset[Claim]:
    """The claims of ``sentence`` offered as one of several: two different statuses joined by
    "or" or "/" ("it is either processed or delivered", "pending/processed"). None of them is
    stated; a check that needs a status told must not count them."""
    folded = fold_lower(sentence)
    found = sentence_claims(sentence)
    hedged: set[Claim] = set()
    for first, second in pairwise(found):
        gap = folded[first.end : second.start]
        if first.status != second.status and _OR_BETWEEN.match(gap.replace(",", " ")):
            hedged |= {first, second}
    return frozenset(hedged)


_COMPLETED = re.compile(
    done_pattern(
        first_person=(
            *("made", "placed", "exchanged", "returned", "cancell?ed", "refunded", "processed"),
        ),
        passive=("done",),
        nouns=(
            *("request", "change", "update", "modification", "cancellation", "return"),
            *("exchange", "refund request", "order change", "refund"),
        ),
        of_nouns=("done", "made", "placed", "finali[sz]ed", "successful", "confirmed", "processed"),
        successfully=("exchanged", "returned", "cancell?ed", "placed", "processed"),
    )
)
"""Sentences saying an action was taken, in the orders' words beside the core's
(:func:`checkers.done_claims.done_pattern`): "I've placed the exchange", "your return has
been submitted", "successfully cancelled"; "cancelled" or "returned" after "has been" is a
status a read reports, judged as one."""


def completion_claims(sentence: str) -> list[re.Match[str]]:
    """Where ``sentence`` says an action was taken ("your request has been
    completed", "I've updated the address", "all set"), unless negated ("has not been
    completed"): :func:`checkers.done_claims.done_claims` with the orders' words. Whether a
    write really happened is for the check to decide."""
    return done_claims(sentence, _COMPLETED)


def statuses(text: str) -> list[str]:
    """The statuses ``text`` claims, in order of appearance, without repeats."""
    return list(dict.fromkeys(c.status for c in sentence_claims(text)))


_ANAPHOR = re.compile(
    r"\b(?:it|its|it's|they|their|this order|that order|the package|the parcel"
    r"|the shipment|your order|your package|your parcel|your shipment)\b"
)
_ABOUT_THE_CUSTOMER = re.compile(r"\b(?:your|yours|you've|you have)\b")


def _refers_back(folded: str, position: int) -> bool:
    """Whether the clause holding ``position`` refers back to an order before it ("It was
    delivered", "its status is pending"); a pronoun after the claim, or a general noun such as
    "the order status will be changed to 'cancelled'" in a policy quote, does not."""
    clause_start, _ = clause_of(folded, position)
    return _ANAPHOR.search(folded, clause_start, position) is not None


_ANY_ORDER = re.compile(
    r"\b(?:an?|any|all|every|only|some|most|no)\s+(?:\w+\s+)?(?:orders?|items?|packages?)\b"
    r"|(?<!\byour\s)(?<!\bmy\s)(?<!\bboth\s)(?<!\bthese\s)(?<!\bthose\s)(?<!\bthe\s)"
    r"\b(?:orders|items|packages)\b"
)
"""Orders as a kind, not the ones at hand ("only pending orders", "delivered items", "an
order"): a claim in their clause is a general statement."""


def _general(folded: str, position: int) -> bool:
    """Whether the clause holding ``position`` speaks of orders as a kind (:data:`_ANY_ORDER`:
    "Note: only pending orders can be cancelled"), not of one."""
    return _ANY_ORDER.search(folded, *clause_of(folded, position)) is not None


@dataclass(frozen=True)
class Bound:
    """A claim and what it is about, once the conversation around it is known."""

    claim: Claim
    orders: tuple[str, ...]
    """The orders it is about: bound in its sentence, or the orders the conversation was on
    when the sentence names none but refers back to them ("It was delivered")."""
    about_customer: bool
    """True when it names no order and refers to none, but speaks of the customer's things
    ("your package is on its way"): it is about whichever order a tool described."""


class Thread:
    """Which orders a conversation is on, followed message by message and call by call.

    Feed it everything in order: :meth:`hear` a customer message or a call's order id,
    :meth:`bound` each agent sentence (which it also hears). A claim in a sentence that names
    no order and neither refers back ("it", "that order") nor speaks of "your" things is a
    general statement ("only pending orders can be cancelled") and is not returned.
    """

    def __init__(self) -> None:
        self.current: tuple[str, ...] = ()
        self.heard: dict[str, None] = {}
        """Every full order id heard so far, in order (to resolve "ending in 8665")."""

    def resolve(self, orders: tuple[str, ...]) -> tuple[str, ...]:
        """``orders`` with each partial reference (``#W*8665``) replaced by every order heard
        so far whose id ends in those digits; one that fits no heard order stays as it is (no
        tool described it, so a claim about it is unverified)."""
        resolved: list[str] = []
        for order in orders:
            if order.startswith(PARTIAL):
                digits = order[len(PARTIAL) :]
                fits = [o for o in self.heard if o.endswith(digits)]
                resolved += fits or [order]
            else:
                resolved.append(order)
        return tuple(dict.fromkeys(resolved))

    def hear(self, text: str) -> None:
        """Text that names orders moves the conversation onto the last group it names."""
        groups = _id_groups(fold_lower(text))
        for _, _, ids in groups:
            self.heard.update(dict.fromkeys(i for i in ids if not i.startswith(PARTIAL)))
        if groups:
            self.current = self.resolve(groups[-1][2])

    def bound(self, sentence: str, under: tuple[str, ...] = (), previous: str = "") -> list[Bound]:
        """The checkable claims of an agent ``sentence``, each with what it is about: a claim
        naming no order is about the orders ``under`` when given (the order whose heading the
        sentence stands under, a field line "- Status: Pending"). ``previous``: the sentence
        before it in its message, whose status it may give its orders by leaving it out ("#W1
        is processed. Same for #W2.", :func:`carried_claims`)."""
        folded = fold_lower(sentence)
        found: list[Bound] = []
        for claim in sentence_claims(sentence) or carried_claims(previous, sentence):
            if claim.orders:
                found.append(Bound(claim, self.resolve(claim.orders), False))
            elif under and not _general(folded, claim.start):
                found.append(Bound(claim, under, False))
            elif self.current and (_refers_back(folded, claim.start) or found):
                # "It was handed to the courier and is en route": a claim that continues one
                # about the orders referred back to is about them too.
                found.append(Bound(claim, self.current, False))
            elif _ABOUT_THE_CUSTOMER.search(folded):
                found.append(Bound(claim, (), True))
        self.hear(sentence)
        return found
