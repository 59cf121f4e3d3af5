"""What a customer-service agent says of money, held to what the writes did: the cost a
listing states before a write (:func:`cost_stated`), and after writes the amounts said as
charged or refunded and the methods said to pay them (:class:`Moved`: ``amount_not_moved``,
``method_not_moved``; payment summaries: :mod:`checkers.charges_summary`). Every
customer-service domain shares it: a domain feeds :class:`Moved` each write's payments (with
their methods, :class:`Paid`) and keeps its own words for what it sells.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from itertools import accumulate, pairwise
from typing import Any

from checkers import charges_before, charges_summary, charges_writes, tokens, told
from checkers.charges_units import PER_UNIT_AFTER, UNIT, UNIT_KINDS
from checkers.confirmation import ASIDE
from checkers.conversation import CallRecord
from checkers.status_words import clause_after, clause_of
from checkers.text import blanked, fold_lower

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10,
}  # fmt: skip
_NUMBER_WORD = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\b")


def counts_said(text: str, nouns: str, hedged: bool = False) -> set[Decimal]:
    """Numbers ``text`` states as counts of the things ``nouns`` (regular-expression source,
    "bags?|luggage") names, in digits or as words up to ten: before the noun with at most three
    words between ("3 bags", "two more checked bags"), or after it and at most three words or a
    colon, markdown's bold or a table's bar ("bags: 3", "total baggage to 3", "**Checked
    bags:** 3", "| Checked bags | 3 |"). Any other number of the text ("2 passengers";
    money, "$50", is never a count) is no count of them, nor is one it denies ("not 3") or,
    unless ``hedged`` (what a proposal puts forward: "How about 3 bags?"), hedges ("maybe
    3")."""
    lowered = fold_lower(text)
    stated = tokens.stated_values(text)
    numbers = [
        (q.start, q.end, q.value)
        for q in tokens.quantities(text)
        if not q.money and (q.value in stated or (hedged and not tokens.negated(text, q.start)))
    ]
    numbers += [
        (m.start(), m.end(), Decimal(NUMBER_WORDS[m.group(1)]))
        for m in _NUMBER_WORD.finditer(lowered)
    ]
    before = re.compile(rf"\s+(?:[\w-]+\s+){{0,3}}?(?:{nouns})\b")
    after = re.compile(rf"\b(?:{nouns})\b(?:[\s*_|]*:?|(?:\s+[\w-]+){{0,3}})[\s*_|]*$")
    return {
        value
        for start, end, value in numbers
        if before.match(lowered, end) or after.search(lowered, 0, start)
    }


_EACH_AFTER = re.compile(
    r"^\s*(?:\w+\s+){0,2}?(?:(?:per|each|a|every|/)\s*(?<![a-z])(?:passenger|person|traveller"
    r"|traveler|ticket|seat|head)s?\b|each\b|apiece\b)"
)
"""Words after an amount that make it an amount per passenger ("$319 per passenger",
"$319/passenger", "$319 each", "$319 for each passenger")."""


def per_unit_kinds(folded: str, end: int) -> list[str] | None:
    """The kinds of unit (keys of :data:`UNIT_KINDS`) the amount ending at ``end`` of ``folded``
    is said per, by the words right after it (:data:`checkers.charges_units.PER_UNIT_AFTER`:
    "per bag", "/passenger"; :data:`_EACH_AFTER`: "for each passenger"): empty when they name
    none ("each", "apiece"), None when it is said per no unit."""
    found = PER_UNIT_AFTER.match(folded, end) or _EACH_AFTER.match(folded[end : end + 40])
    if found is None:
        return None
    return [n for n, kind in UNIT_KINDS.items() if re.search(rf"\b(?:{kind})\b", found.group())]


def _of_one(kinds: Sequence[str], units: Mapping[str, int]) -> bool:
    """Whether a price said per ``kinds`` (:func:`per_unit_kinds`; none named: per any unit) is
    for one unit of each, by the write's ``units``: a kind it does not count may be several."""
    named = kinds or [kind for kind in units if units[kind] > 1] or list(units)
    return all(units.get(kind) == 1 for kind in named)


_REFUND_BEFORE = re.compile(
    r"\b(?:refund\w*|credited|credit back|reimburs\w*|get back|returned|back to you|"
    r"you(?:'ll| will)? (?:get|receive|save))\b[^.;!?]*$"
)
"""Words before an amount in its clause that give it to the customer ("you will be refunded
$957"): an amount said so is not what a charge costs."""
_CHARGE_BEFORE = re.compile(
    r"\b(?:costs?|costing|charg\w*|bill\w*|pay|paying|due|owe|additional|extra)\b[^.;!?]*$"
)
"""Words before an amount in its own clause that take it from the customer ("costs you $181",
"an additional $181, charged to your card"): an amount said so is no refund."""
_LESS_AFTER = re.compile(r"\s*(?:less|lower|cheaper|back)\b")
"""Words right after an amount that make it money given back ("costs $181 less")."""


_NOT_THE_COST = re.compile(
    r"\b(?:waived?|free|no charge|complimentary|normally|usually|regularly|up to|at most"
    r"|less than|more than|cheaper|last (?:month|time|week|year)|previously|used to)\b"
    r"|\binstead of\s+(?=\$|usd|\d)"
)
"""Words in an amount's clause that make it some other figure than what will be charged ("the
$218 fee is waived", "free (normally $218)", "$0 instead of $218", "up to $218"; not "instead of
switching to HAT056", which sets aside another flight, not the amount)."""


_COST_WORD = re.compile(
    r"\b(?:costs?|price[sd]?|total|charge[sd]?|fees?|refund\w*|pay\w*|paid|amount|difference"
    r"|fares?|balance|due|owe|extra|additional|bill\w*)\b"
)
"""Words close to a plain number (no currency, no cents) that make it an amount: "the price
difference, 59, is charged", "an extra 218, billed to your card"."""


def _said_as_cost(folded: str, quantity: tokens.Quantity) -> bool:
    """Whether a plain number (no currency, no cents) is said as an amount: a word of cost
    close to it (:data:`_COST_WORD`), and no noun of things counted right after it
    (:data:`checkers.told.COUNTED`)."""
    if told.COUNTED.match(folded, quantity.end):
        return False
    return _COST_WORD.search(folded[max(0, quantity.start - 40) : quantity.end + 15]) is not None


def cost_stated(
    listing: str,
    value: Decimal,
    units: Mapping[str, int],
    charged: bool,
    shared: AbstractSet[str] = frozenset(),
) -> bool:
    """Whether ``listing`` states the cost outright (not hedged or denied): ``value`` as the
    total, said per no unit or per a unit the write has one of (``units``, by kind of
    :data:`UNIT_KINDS`: "$218 per passenger" of one passenger), or the total shared by the units
    of a kind the cost is shared evenly by (``shared``: passengers of a fare, bags of a bag's
    fee) said per that unit ("$319 per passenger", "$50 per bag", "$50 each"); for a charge, not
    in a clause that calls it money given back, for a refund not in its own clause after words
    of money taken (:data:`_CHARGE_BEFORE`: "costs you $181"). Never when the total is said per
    a unit the write has several of ("$957 per passenger" of 957 for three passengers says
    2,871; "$100 per bag" of two bags; "$218 per flight" of two flights), even beside the total
    said plainly, nor when a clause makes it another figure (:data:`_NOT_THE_COST`: "the $218
    fee is waived"). Whether it also ties another amount to the write's action is
    :func:`checkers.charges_cost.cost_misstated`'s."""
    # every reading on the one folded form, so that an amount's place is the same in each (a
    # run of spaces collapsed in one form and not in another moved every clause read after it)
    folded = fold_lower(listing)
    each = {kind: value / count for kind, count in units.items() if kind in shared and count > 1}
    stated = False
    for quantity in tokens.quantities(folded):
        if quantity.value == value or quantity.value in each.values():
            start, end = clause_of(folded, quantity.start)
            if _NOT_THE_COST.search(folded, start, end):
                return False  # the listing makes the cost another figure somewhere
        if tokens.hedged(folded, quantity.start, quantity.end):
            continue
        if tokens.negated(folded, quantity.start):
            continue
        kinds = per_unit_kinds(folded, quantity.end)
        per = kinds is not None and any(
            quantity.value == amount and (not kinds or kind in kinds)
            for kind, amount in each.items()
        )
        if quantity.value != value and not per:
            continue
        if not per and kinds is not None and not _of_one(kinds, units):
            return False  # "$957 per passenger" of a total of 957 for three says 2,871
        if not quantity.money and not _said_as_cost(folded, quantity):
            continue  # "HAT166 (39 seats left)": a plain number is a cost only said as one
        clause = folded[max(0, quantity.start - 60) : quantity.start]
        if charged and _REFUND_BEFORE.search(clause):
            continue
        own = folded[clause_of(folded, quantity.start)[0] : quantity.start]
        taken = _CHARGE_BEFORE.search(own) and not _REFUND_BEFORE.search(own)
        if not charged and taken and not _LESS_AFTER.match(folded, quantity.end):
            continue  # "costs you $181" is no refund of 181; "costs $181 less" is
        stated = True
    return stated or _difference_stated(folded, value, charged)


_DIFFERENCE = re.compile(r"\bdifference\b")
_NOT_A_PRICE = re.compile(
    r"\b(?:balance|remaining|left|available|holds?|certificate|voucher|gift\s+card|credit)\b"
)
"""Words in an amount's clause that make it no price or payment of the trip (a card's balance,
what is left): no term of a difference the listing leaves to subtract."""


def _difference_stated(folded: str, value: Decimal, charged: bool) -> bool:
    """Whether ``folded`` says that "the difference" is charged (or refunded, as ``charged``
    says), in a sentence and a line naming no amount and denying nothing, of two prices or
    payments it states outright whose difference is ``value`` ("The new fare is $207. Your
    original payment was $2787 ... the difference will be refunded" of a refund of 2580). Not
    when the difference is given an amount anywhere near the word ("the difference of $50",
    "| Difference to pay | $200 |": that amount is what it states), nor of a balance ("your gift
    card holds $123")."""
    moved = _TAKEN if charged else _GIVEN_BACK
    money = [q for q in tokens.quantities(folded) if q.money]
    said = False
    for word in _DIFFERENCE.finditer(folded):
        # a sentence ends at a line break: a table row is one
        first, last = _sentence_of(folded, word.start(), word.end())
        if any(first <= q.start < last for q in money):
            return False  # the difference is given its own amount: that is the one said
        ways = [w.start() for w in moved.finditer(folded, first, last)]
        if any(not tokens.denied_before(folded, way) for way in ways):
            said = said or not _NOT_MOVED.search(folded, *clause_of(folded, word.start()))
    if not said:
        return False
    amounts = set()
    for quantity in money:
        clause = clause_of(folded, quantity.start)
        # its label too, from its sentence's start: "- Your gift card balance: $123"
        labelled = _sentence_of(folded, *clause)[0]
        if (
            tokens.hedged(folded, quantity.start, quantity.end)
            or tokens.negated(folded, quantity.start)
            or _NOT_THE_COST.search(folded, *clause)
            or _NOT_A_PRICE.search(folded, labelled, clause[1])
        ):
            continue
        amounts.add(quantity.value)
    return any(a - value in amounts for a in amounts)


_IN_SENTENCE = r"(?:[^.!?;\n]|\.(?=\d))"
"""A character that keeps a run of words in one sentence: any but a sentence's stop or a
semicolon, and the point of an amount's cents ("you'll receive $924.50 back")."""
_TAKEN = re.compile(
    r"\b(?:charged?|charges|charging|billed|debited|deducted|paid|taken)\b|\bput\s+on\b"
)
"""Words of money taken, in an amount's clause: the amount is said as what was charged ("the
additional charge of $597 has been applied", "you paid $139")."""
_GIVEN_BACK = re.compile(
    r"\b(?:refund\w*|credited|reimburs\w*|returned)\b|\bcredit\b(?!\s+card)"
    r"|\bback\s+to\s+(?:you|your)\b"
    rf"|\b(?:get|getting|receive|receiving)\b{_IN_SENTENCE}{{0,40}}\bback\b"
)
"""Words of money given back, in an amount's clause: the amount is said as what was refunded
("$90 was refunded", "$90 is on its way back to your card", "you'll get $90 back")."""
_NOT_MOVED = re.compile(
    r"\b(?:originally|initially|already|still|balance(?!\s+(?:due|owed|to\s+pay))|at\s+booking"
    r"|when\s+you\s+booked|if"
    r"|would|could|whether|compensation|travel\s+credit)\b"
    rf"|\b(?:added|issued|sent|credited)\b{_IN_SENTENCE}{{0,30}}\b(?:certificate|voucher)"
    rf"|\b(?:certificate|voucher)s?\b{_IN_SENTENCE}{{0,30}}\b(?:added|issued|sent)\b"
)
"""Words in an amount's clause that make it no money the writes moved: what was paid before
("originally you were charged $169", "you already paid $169"), a balance left, a condition or a
proposal ("would be charged $50"), a certificate, voucher or travel credit sent as compensation
(no payment of a reservation: "I've credited a $100 travel certificate"; not one that pays:
"we deducted $20 from your certificate")."""
_PART_BEFORE = re.compile(r"\b(?:includes?|including)\b")
"""Words before an amount in its clause that make it a part of a charge ("the charge includes
$60 for insurance"; not "$139 charged, including taxes")."""
_UNIT_KINDS = tuple(UNIT_KINDS.values())
_PER_UNIT_IN = re.compile(
    rf"\b(?:per|each|every)\s+(?:of\s+(?:the|your|these|those|its)\s+)?(?:[\w-]+\s+){{0,2}}?"
    rf"{UNIT}\b"
)
"""Words anywhere in an amount's clause that make it a price per unit ("each bag was charged at
$50", "the upgrade charge per traveler is $319", "charged $50 for each of the three bags")."""
_TIMES_AFTER = re.compile(r"^\s*[x\u00d7*]\s*\d")
"""A multiplication sign and a count right after an amount ("$319 x 3")."""
_TIMES_BEFORE = re.compile(r"\d\s*[x\u00d7*]\s*$")
"""A count and a multiplication sign right before an amount ("2 x $597"; not the ``**`` of
bold type)."""
_TIMES_COUNT_AFTER = re.compile(r"\s*[x\u00d7*]\s*(\d+)(?![.,]?\d)")
"""The count a multiplication sign right after an amount gives it ("$319 x 3": 3)."""
_TIMES_COUNT_BEFORE = re.compile(r"(?<![\d.,])(\d+)\s*[x\u00d7*]\s*$")
"""The count a multiplication sign right before an amount gives it ("2 x $50": 2)."""
_LABEL = re.compile(rf"(?:{_TAKEN.pattern}|{_GIVEN_BACK.pattern})[^\n|:]*(?::|\|)[\W_]*$")
"""A label or table cell naming money taken or given back, right before an amount's clause on
its line ("Total charged: $139", "| Refund | $90 |"), or a heading over a list the amount's
line is an entry of ("Charges:" over "- Upgrade: $139")."""
_ENTRY = re.compile(r"[ \t]*(?:[-*\u2022]|\d+[.)])\s")
"""A list entry's bullet at the start of a line."""
_PAYMENT_METHOD = (
    r"\b(?:(?:credit|debit)\s+)?(?<!gift )cards?\b|\bpaypal\b|\bstatements?\b|\bmastercard\b"
    r"|\bvisa\b|\bamex\b|\bamerican\s+express\b|\bbank\b"
)
"""Words naming where a payment shows (a card, PayPal, a statement); not a gift card, whose
figure is its balance."""
_SHOWN_ON_METHOD = re.compile(
    r"\b(?:will|'ll|should)\s+(?:now\s+)?(?:see|show|reflect|appear|post)\b"
    rf"(?=(?:{_IN_SENTENCE}*?(?:{_PAYMENT_METHOD})))"
    rf"|(?:{_PAYMENT_METHOD}){_IN_SENTENCE}{{0,12}}?"
    r"\b(?:will|'ll|should)\s+(?:now\s+)?(?:see|show|reflect)\b"
)
"""Words saying an amount will show on a payment method, the way it moved unsaid ("your card
will see $139", "$139 will appear on your Mastercard", "you'll see $139 on your statement"):
the amount is said as moved, and held to what was charged or refunded. Not of a gift card,
which shows its balance ("your gift card will now show $292")."""
_CHARGE_NOUN = re.compile(r"charges?\b(?!\s+(?:you|your|it|them|the|\$|usd|\d))")
"""A word of money taken said as a noun, the thing charged ("the $108 charge", "a charge of
$108"), not as a verb with its object ("charge your card", "charge you $108")."""
_GIVEN_BACK_VERB = re.compile(r"(?:refunded|credited|reimbursed|returned)\b")
"""A word of money given back said as a verb ("has been refunded"), not as a noun ("a $169
refund")."""
_DONE = re.compile(r"\b(?:has|have|had)\s+been\b|\b(?:was|were)\b|'ve\s+been\b")
"""Words that say money was moved already ("has been refunded", "you were charged"), not that
it is to be: such a clause is held to the writes even in the other direction."""
MAX_UNITS = 10
"""The most units (passengers, bags) a price per unit is multiplied by."""
_CENT = Decimal("0.01")


def _clause_of_amount(folded: str, quantity: tokens.Quantity) -> tuple[int, int]:
    """The clause an amount is said in: its own (:func:`checkers.status_words.clause_of`),
    with the label before it on its line ("Total charged: $139"), or, when it holds nothing
    but the amount (set off by commas: "The fare difference, $139, has been charged"), with
    the clauses on either side."""
    start, end = clause_of(folded, quantity.start)
    rest = folded[start : quantity.start] + folded[quantity.end : end]
    if not any(c.isalpha() for c in rest):
        start = clause_of(folded, max(0, start - 2))[0]
        end = clause_of(folded, min(len(folded), end + 1))[1]
    after, last = clause_after(folded, end)
    if _MOVED_AFTER.match(folded[after:last]):
        # "The upgrade cost you $139, charged to your card.", "... $5.80 more, which has been
        # charged to your PayPal."
        end = last
    line = folded.rfind("\n", 0, start) + 1
    if _LABEL.search(folded, line, start) or _heading_over(folded, line) is not None:
        start = line
    return start, end


_MOVED_AFTER = re.compile(
    r"\s*(?:(?:which|that|(?:that|this|the)\s+(?:full\s+|total\s+)?(?:amount|sum))\s+"
    r"(?:(?:has|have|had|was|were|is|are|will|'ll)\s+)?(?:been\s+|be\s+)?)?"
    rf"(?:{_TAKEN.pattern}|{_GIVEN_BACK.pattern})"
)
"""The clause after an amount's own that says how it moved, right at its start ("charged to
your card", "which has been charged to your PayPal", "that amount will be charged to your
PayPal"): the amount's clause runs on to its end."""


def _heading_over(folded: str, line: int) -> tuple[int, int] | None:
    """``(start, end)`` of the heading naming money taken or given back ("Charges:") or a
    payment ("**Payment Methods:**", :data:`checkers.charges_summary.PAYMENT_HEADING`) over the
    list whose entry is the line starting at ``line`` ("- Upgrade: $139"): the first line above
    it that is no entry, or an entry indented less (the heading of a nested list); None when
    that line is no entry of such a list."""
    indent = _indent(folded, line)
    while _ENTRY.match(folded, line) and line > 0:
        line = folded.rfind("\n", 0, line - 1) + 1
        if not _ENTRY.match(folded, line) or _indent(folded, line) < indent:
            end = folded.find("\n", line)
            heading = folded[line : end if end != -1 else len(folded)]
            named = heading.rstrip(" \t*_").endswith(":") and (
                _LABEL.search(heading) is not None
                or charges_summary.PAYMENT_HEADING.search(heading) is not None
            )
            return (line, line + len(heading)) if named else None
    return None


def _indent(folded: str, line: int) -> int:
    """How far the line starting at ``line`` is indented."""
    return len(folded[line:].split("\n", 1)[0]) - len(folded[line:].split("\n", 1)[0].lstrip())


def _said_moved(
    folded: str,
    clause: tuple[int, int],
    charged: AbstractSet[Decimal],
    refunded: AbstractSet[Decimal],
) -> AbstractSet[Decimal]:
    """The moved amounts an amount's ``clause`` speaks of (:func:`_said_of`), or, when it names
    no way money moved and is an entry of a list, those its heading speaks of ("Charges:" over
    "- Upgrade: $139": the heading's word is the entry's)."""
    said = _said_of(folded, *clause, charged, refunded)
    if said:
        return said
    line = folded.rfind("\n", 0, clause[0]) + 1
    heading = _heading_over(folded, line)
    if heading:
        return _said_of(folded, *heading, charged, refunded)
    before = _sentence_before(folded, clause[0])
    if before and _THE_AMOUNT.match(folded, clause[0], clause[1]):
        return _said_of(folded, *before, charged, refunded)
    return said


_THE_AMOUNT = re.compile(
    r"\W*(?:the|that|this)\s+(?:(?:total|full)\s+)?(?:amount|sum)\s+"
    r"(?:was|is|will\s+be|came\s+to|comes\s+to)\s*(?:\$|usd|\d)"
)
"""An amount's clause naming it as "the amount" of a movement said before ("The amount was
$139."; not "the amount of your new fare is $357", an amount of something named)."""


def _sentence_before(folded: str, start: int) -> tuple[int, int] | None:
    """``(start, end)`` of the sentence right before the one starting at ``start`` when it says
    money was moved and names no amount ("Done - you've been charged."), whose amount the next
    sentence may then give; None otherwise, or when it asks, or says what was paid before or
    would be (:data:`_NOT_MOVED`)."""
    first, _ = _sentence_of(folded, start, start)
    if first != start and folded[first:start].strip():
        return None  # the clause is not its sentence's first
    end = first - 1
    while end > 0 and not _STOP.match(folded, end):
        end -= 1
    if end <= 0:
        return None
    previous = _sentence_of(folded, end - 1, end - 1)
    if any(previous[0] <= q.start < previous[1] for q in tokens.quantities(folded) if q.money):
        return None
    if folded[end] == "?" or _NOT_MOVED.search(folded, *previous):
        return None  # "You already paid for it. The amount was $169.": paid before, not now
    moved = (_TAKEN, _GIVEN_BACK)
    return previous if any(_undenied_in(folded, w, *previous) for w in moved) else None


def _said_of(
    folded: str, start: int, end: int, charged: AbstractSet[Decimal], refunded: AbstractSet[Decimal]
) -> AbstractSet[Decimal]:
    """The moved amounts the clause ``start:end`` speaks of: ``charged`` when a word of money
    taken stands in it undenied, ``refunded`` when one of money given back does, both when
    both do; none when the writes moved no money that way, unless the clause says it was
    moved already (:data:`_DONE`) and its sentence does not give the money back the way the
    writes did: then no amount is right."""
    said: set[Decimal] = set()
    named = False
    taken = _undenied_in(folded, _TAKEN, start, end)
    given_back = _undenied_in(folded, _GIVEN_BACK, start, end)
    if _charge_given_back(folded, taken, given_back):
        taken = []  # "The $108 charge has been refunded": the charge is what the verb gave back
    # "your card will see $139": moved on the payment method, the way unsaid
    shown = _undenied_in(folded, _SHOWN_ON_METHOD, start, end)
    for found, amounts in ((taken, charged), (given_back, refunded), (shown, charged | refunded)):
        if found:
            said |= amounts
            named = True
    if _undenied_in(folded, charges_summary.PAYMENT_WORDS, start, end):
        said |= charged  # "**Payment:** $139 from your Mastercard": a payment, taken
    if named and not said and _DONE.search(folded, start, end):
        # said done in the direction no write moved ("$218 has been refunded" after a
        # charge): held to no amount, so misstated; unless its sentence also gives the money
        # back the way the writes did ("You were charged $169 for it, and the full amount
        # will be refunded": the charge restated is the one given back)
        first, last = _sentence_of(folded, start, end)
        moved_way = _GIVEN_BACK if refunded else _TAKEN
        if not moved_way.search(folded[first:start] + " " + folded[end:last]):
            return frozenset({Decimal(-1)})
    return said


def _charge_given_back(folded: str, taken: Sequence[int], given_back: Sequence[int]) -> bool:
    """Whether the only words of money taken (at ``taken``) name the charge as a thing and a
    verb of money given back (at ``given_back``) says what happened to it: "The $108 charge has
    been refunded" says a refund, not a charge; "$53.43 has been charged to your gift card and
    refunded to your card" says both, and "a $169 refund against a $108 charge" names two."""
    nouns = bool(taken) and all(_CHARGE_NOUN.match(folded, w) for w in taken)
    return nouns and any(_GIVEN_BACK_VERB.match(folded, w) for w in given_back)


def _undenied_in(folded: str, words: re.Pattern[str], start: int, end: int) -> list[int]:
    """Where ``words`` stand in ``folded[start:end]`` that no negation before them denies."""
    return [
        w.start()
        for w in words.finditer(folded, start, end)
        if not tokens.denied_before(bound_negations_blanked(folded), w.start())
    ]


_STOP = re.compile(r"[.!?](?=\s|$)|\n")
"""Where a sentence ends: a stop before a space or the text's end, or a line break; not the
point of an amount's cents ("$3,048.69")."""


def _sentence_of(folded: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` of the sentence holding ``folded[start:end]``."""
    first = 0
    for stop in _STOP.finditer(folded):
        if stop.start() >= start:
            break
        first = stop.end()
    last = _STOP.search(folded, end)
    return first, last.start() if last else len(folded)


def _per_unit(folded: str, quantity: tokens.Quantity, clause: tuple[int, int]) -> bool:
    """Whether ``quantity`` is said as a price per unit: words of a unit after it or in its
    clause, or a count multiplying it."""
    after = folded[quantity.end : quantity.end + 40]
    return bool(
        PER_UNIT_AFTER.match(after)
        or _TIMES_AFTER.match(after)
        or _TIMES_BEFORE.search(folded, max(0, quantity.start - 4), quantity.start)
        or _PER_UNIT_IN.search(folded, *clause)
    )


def _priced_itself(folded: str, quantity: tokens.Quantity) -> bool:
    """Whether the words right around ``quantity`` make it a price per unit ("$433 each", "2 x
    $50"), not only words elsewhere in its clause ("$957 ($319 per passenger)")."""
    after = folded[quantity.end : quantity.end + 40]
    return bool(
        PER_UNIT_AFTER.match(after)
        or _TIMES_AFTER.match(after)
        or _TIMES_BEFORE.search(folded, max(0, quantity.start - 4), quantity.start)
    )


def _kinds_named(folded: str, quantity: tokens.Quantity, clause: tuple[int, int]) -> list[str]:
    """The kinds (keys of :data:`UNIT_KINDS`) of the units a price per unit is said per by name
    ("$597 per passenger": travellers; "$109 per passenger per segment": travellers and
    segments); none when its words name none ("$50 each", "$319 x 3")."""
    found = PER_UNIT_AFTER.match(folded[quantity.end : quantity.end + 40])
    words = found.group() if found else ""
    words += " " + " ".join(m.group() for m in _PER_UNIT_IN.finditer(folded, *clause))
    return [name for name, kind in UNIT_KINDS.items() if re.search(rf"\b(?:{kind})\b", words)]


def _counts_of(
    folded: str,
    quantity: tokens.Quantity,
    clause: tuple[int, int],
    known: Mapping[str, AbstractSet[int]],
) -> tuple[tuple[int, ...], bool]:
    """The numbers of units a price per unit is for, smallest first, and whether the report
    states them (else they are the writes' own, or none): the count a multiplication
    sign gives it ("$319 x 3", "2 x $50"); else what the counts its sentence states of the units
    it is priced by (every kind when it names none) make, one count of each kind or several
    multiplied ("$433 each" beside "3 passengers"; "$50 apiece, $200 for the four bags"; "$109
    each" beside "2 passengers" and "2 segments": 2 or 4); else, when the report gives none and
    the price names its units, what the writes' own counts of them make (``known``, by kind, as
    :class:`Terms` gives them: "$109 per passenger" of a reservation of one passenger is for 1),
    and when it names none ("$75 each") what the counts of every kind they know make ("$75
    each" of 3 paid bags of one passenger on one flight is for 1 or 3, never 2). None when
    neither gives a count of every kind it names (or, naming none, of any kind): the price may
    then be for any number of units."""
    after = _TIMES_COUNT_AFTER.match(folded, quantity.end)
    before = _TIMES_COUNT_BEFORE.search(folded, max(0, quantity.start - 8), quantity.start)
    times = {int(found.group(1)) for found in (after, before) if found}
    if times:
        return tuple(sorted(times)), True
    first, last = _sentence_of(folded, quantity.start, quantity.end)
    named = _kinds_named(folded, quantity, clause)
    made: set[int] = set()
    for kind in [UNIT_KINDS[name] for name in named] or _UNIT_KINDS:
        stated = counts_said(folded[first:last], kind)
        counts = {int(c) for c in stated if c == c.to_integral_value() and 0 < c <= MAX_UNITS}
        made |= counts | {m * c for m in made for c in counts}
    if made or any(not known.get(name) for name in named):
        return tuple(sorted(made)), bool(made)
    # a price naming no unit ("$75 each") is for some of the units the writes count, of any
    # kind or several multiplied ("$109 each" of 2 flights of one passenger is 218)
    for name in named or [name for name in UNIT_KINDS if known.get(name)]:
        counts = {c for c in known[name] if c > 0}
        made |= counts | {m * c for m in made for c in counts}
    return tuple(sorted(made)), False


def _in_question(folded: str, quantity: tokens.Quantity) -> bool:
    """Whether the sentence holding ``quantity`` ends in a question mark."""
    end = _sentence_of(folded, quantity.start, quantity.end)[1]
    return folded[end : end + 1] == "?"


def charges_misstated(
    report: str,
    charged: AbstractSet[Decimal],
    refunded: AbstractSet[Decimal],
    terms: Sequence[tuple[Terms, Sequence[Decimal]]] = (),
) -> list[tokens.Quantity]:
    """The amounts ``report`` says were charged (or refunded) that are none of ``charged`` (or
    ``refunded``: what the writes it reports moved, each payment and the sums of their
    payments), nor a price per unit of one ("$597 per passenger" of 1194, "2 x $597", "each
    bag was charged at $50"; of the count the report gives it, when it gives one: "3
    passengers at $433 each" is 1299), nor parts of a breakdown (the wrong ones together add up
    to a moved amount or to an amount the report says: "Your refund includes $139 for the
    flights and $30 for the insurance" of a refund of 169). Beside a right amount, the report's
    other figures explain it, but for amounts added to it (:func:`_added_to_right`), a price
    with its count, a total named as such (:func:`_totals_misstated`) and a breakdown set off
    after it that does not add up (:func:`_breakdowns_misstated`). A bound (:func:`_bound`: "up
    to $139", "at least $100", "$139 at most") is misstated when no amount moved that way makes
    it true; an approximation ("roughly $500") when it is far from every amount moved that way
    (:func:`_far_from_all`).

    An amount is said so in a clause (:func:`_clause_of_amount`: with a label before it, "Total
    charged: $139", or a heading over its list) with a word of money taken (:data:`_TAKEN`),
    given back (:data:`_GIVEN_BACK`) or shown on a payment method (:data:`_SHOWN_ON_METHOD`:
    either way), not denied ("$139 was not charged"), or as "the amount" right after a sentence
    saying money moved (:func:`_sentence_before`); a clause of money taken is held
    to what was charged only, so that after a refund "the remaining $1,172 to be charged" (of
    another write to come) is not held to it. No word may make it another figure
    (:data:`_NOT_THE_COST`: "the $50 fee was waived"; :data:`_NOT_MOVED`: "originally", a
    balance, a condition), the sentence is no question, and the amount is not hedged nor
    denied itself ("not $139"); a number is an amount as :func:`checkers.told.is_amount` reads
    one (a card's last four digits are none, nor a count before a multiplication sign). $0 is
    never misstated.

    ``terms`` gives what the domain knows of each write, with the payments it moved
    (:class:`Terms`): a price per unit that names its units and is given no count is for the
    writes' own count of them ("$109 per passenger" of one passenger is 109); an amount said for
    what writes paid for as a whole is held to their payments, and one named the total of the
    writes to what they moved (:mod:`checkers.charges_writes`). None given: a price per unit may
    be for any count, and no amount is held to one write."""
    folded = fold_lower(report)
    known: dict[str, set[int]] = {}
    for write, _ in terms:
        for kind, numbers in write.counts.items():
            known.setdefault(kind, set()).update(numbers)
    right: dict[tokens.Quantity, AbstractSet[Decimal]] = {}  # each with what it is held to
    makes: dict[tokens.Quantity, Decimal] = {}  # what each right one makes: "$109 per segment"
    wrong: list[tokens.Quantity] = []
    loose: list[tokens.Quantity] = []  # amounts said as nothing moved: parts of a breakdown
    wholes: set[Decimal] = set()  # what the wrong ones are held to: the whole they may break down
    others: set[tokens.Quantity] = set()  # amounts said as another figure, not to be added up
    per_unit: set[tokens.Quantity] = set()
    worth: dict[tokens.Quantity, Decimal] = {}  # what each wrong one stands for in a breakdown
    counted: set[tokens.Quantity] = set()  # wrong prices per unit said with their count
    bounds: list[tokens.Quantity] = []  # bounds, or approximations, no amount moved makes true
    for quantity in tokens.quantities(folded):
        if not told.is_amount(folded, quantity) or quantity.value == 0:
            continue
        clause = _clause_of_amount(folded, quantity)
        if _another_figure(folded, quantity, clause):
            others.add(quantity)
        if _per_unit(folded, quantity, clause) and not _named_total(folded, quantity):
            per_unit.add(quantity)  # "$150 total" beside "$50 per bag" is no price per unit
        amounts = _said_moved(folded, clause, charged, refunded)
        if not amounts:
            loose.append(quantity)
            continue
        if quantity in others:
            if _far_from_all(folded, quantity, clause, amounts) and quantity not in per_unit:
                bounds.append(quantity)  # "roughly $500" of a charge of 218
            continue
        bound = _bound(folded, quantity)
        if bound is not None:
            # "up to $139" is true of a refund of 139 or less: false of one of 169 (a bound per
            # unit, "up to $50 per passenger", bounds no amount moved)
            broken = not any(bound.allows(a, quantity.value) for a in amounts)
            if broken and quantity not in per_unit:
                bounds.append(quantity)
            continue
        counts, stated = (
            _counts_of(folded, quantity, clause, known) if quantity in per_unit else ((), False)
        )
        # a price with its count stated is for that many units only ("3 passengers at $433
        # each"); an amount in a clause of prices per unit but not said per unit itself may
        # still be the one moved ("$957 ($319 per passenger x 3)")
        units: Sequence[int] = (1,) if quantity not in per_unit else range(1, MAX_UNITS + 1)
        if counts:
            units = counts if _priced_itself(folded, quantity) else (1, *counts)
        made = next((quantity.value * k for k in units if quantity.value * k in amounts), None)
        if made is not None:
            right[quantity] = amounts
            makes[quantity] = made
        else:
            wrong.append(quantity)
            # a price with its count stated stands for their product in a breakdown: "2 x $50"
            worth[quantity] = quantity.value * (counts[0] if counts else 1)
            # only a count the report states makes a total of its own: a price held to the
            # writes' own counts ("additional bags are charged $50 each", of a fee to come)
            # may still be explained by a right amount beside it
            if stated:
                counted.add(quantity)
            wholes |= amounts
    for quantity in counted:
        if worth[quantity] in _sentence_values(folded, quantity):
            worth[quantity] = Decimal(0)  # "$30 for 3 passengers at $10 each": the $30 again
    judged = [q for q in (*right, *wrong, *loose) if q not in others and q not in per_unit]
    judged = sorted((q for q in judged if _bound(folded, q) is None), key=lambda q: q.start)
    bounds += _writes_misstated(folded, judged, loose, charged | refunded, terms)
    if right:
        # the report says what was moved: its other figures explain it, but for amounts it
        # adds to a right one ("$218 plus a $50 bag fee")
        added_on = set(wrong) | {q for q in loose if q not in others and _elided(folded, q)}
        found = _added_to_right(folded, right, makes, added_on, per_unit)
        # a price with its count stated makes a total of its own, which no right amount
        # explains: "$957 for 3 passengers at $433 each"
        found += [q for q in counted if not _a_part(folded, q, worth, loose, wholes)]
        # what the report sets beside a right amount as its total or its breakdown
        borrowing = [q for q in loose if q not in per_unit and _verbless(folded, q)]
        sharing = [q for q in wrong if _shares_a_clause(folded, q, right)]
        found += _totals_misstated(folded, right, [*borrowing, *sharing], others)
        found += _breakdowns_misstated(folded, right, makes, borrowing, others)
        return sorted({*found, *bounds}, key=lambda q: q.start)
    found = [q for q in wrong if not _a_part(folded, q, worth, loose, wholes)]
    return sorted({*found, *bounds}, key=lambda q: q.start)


def _writes_misstated(
    folded: str,
    judged: Sequence[tokens.Quantity],
    loose: Sequence[tokens.Quantity],
    moved: AbstractSet[Decimal],
    terms: Sequence[tuple[Terms, Sequence[Decimal]]],
) -> list[tokens.Quantity]:
    """The amounts of ``judged`` (said moved or as parts, no other figure nor price per unit)
    said for what writes paid for as a whole that they did not move
    (:func:`checkers.charges_writes.parts_misstated`), and those of ``loose`` (said with no
    word of money moved) named the total of the writes that none moved (``moved``, either way:
    :func:`checkers.charges_writes.total_of_writes`)."""
    amounts = [((q.start, q.end), q.value) for q in judged]
    names = [write.names for write, _ in terms]
    payments = [paid for _, paid in terms]
    found = [judged[i] for i in charges_writes.parts_misstated(folded, amounts, names, payments)]
    totals = [q for q in loose if charges_writes.total_of_writes(folded, q.start)]
    return found + [q for q in totals if q in judged and q.value not in moved]


def _another_figure(
    folded: str, quantity: tokens.Quantity, clause: tuple[int, int], hedges: bool = True
) -> bool:
    """Whether words make ``quantity`` no amount moved, whatever its clause says moved: another
    figure (:data:`_NOT_THE_COST`, :data:`_NOT_MOVED`: waived, original, a balance, a
    condition; paid before, :func:`checkers.charges_summary.paid_before`; a method's own value
    said with only a payment's words, :func:`checkers.charges_summary.methods_own_figure`), a
    part named as included, a question, a hedge (unless not ``hedges``: a hedge qualifies the
    figure, not the method it went to) or a denial of the amount."""
    return bool(
        any(_marks_it(folded, word, quantity) for word in _NOT_THE_COST.finditer(folded, *clause))
        or _NOT_MOVED.search(folded, *clause)
        or charges_summary.paid_before(folded, quantity.start, quantity.end, clause)
        or (
            charges_summary.methods_own_figure(folded, quantity.start, quantity.end)
            and not _moved_by_verb(folded, clause)
        )
        or _in_question(folded, quantity)
        or _in_price_change(folded, quantity)
        or _PART_BEFORE.search(folded, clause[0], quantity.start)
        or (hedges and tokens.hedged(folded, quantity.start, quantity.end))
        or tokens.denied_before(bound_negations_blanked(folded), quantity.start)
    )


_PRICE_AFTER = re.compile(r"\s*(?:-+|=+)?>\s*\$?\d")
_PRICE_BEFORE = re.compile(r"\$?\d[\d,.]*\s*(?:-+|=+)?>\s*$")
"""An arrow from or to another amount, as folded text writes it ("$94.38 → $103.84" folds to
"$94.38 > $103.84")."""


def _in_price_change(folded: str, quantity: tokens.Quantity) -> bool:
    """Whether ``quantity`` is one side of a price changed by an arrow ("$94.38 → $103.84,
    charged to your Visa"): a price before and after, not the money the write moves."""
    return bool(
        _PRICE_AFTER.match(folded, quantity.end)
        or _PRICE_BEFORE.search(folded, max(0, quantity.start - 30), quantity.start)
    )


_APPROXIMATELY = re.compile(
    r"\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|close\s+to"
    r"|something\s+like)[\s*_]*$"
)
"""Words right before an amount that make it an approximation of the money moved ("roughly
$218"), not of several figures offered ("$54 or $41", read by :func:`checkers.tokens.hedged`)."""
APPROXIMATION_SLACK = Decimal("0.10")
APPROXIMATION_MIN_SLACK = Decimal(5)
"""How far an approximation may be from an amount moved and still be of it: a tenth of that
amount, and at least $5 ("about $165" of 169; "about $40" of it is no approximation)."""


def _far_from_all(
    folded: str, quantity: tokens.Quantity, clause: tuple[int, int], moved: AbstractSet[Decimal]
) -> bool:
    """Whether ``quantity`` is an approximation (:data:`_APPROXIMATELY`; no other figure but for
    the hedge) farther than the slack from every amount of ``moved`` (:data:`APPROXIMATION_SLACK`):
    a hedge excuses a few dollars off, not any figure."""
    if not moved or not _APPROXIMATELY.search(folded, max(0, quantity.start - 25), quantity.start):
        return False
    if _another_figure(folded, quantity, clause, hedges=False):
        return False
    return all(
        abs(quantity.value - a) > max(APPROXIMATION_MIN_SLACK, abs(a) * APPROXIMATION_SLACK)
        for a in moved
    )


def _moved_by_verb(folded: str, clause: tuple[int, int]) -> bool:
    """Whether ``clause`` says money moved by a word of money taken, given back or shown on a
    method, not only by a payment's words (:data:`checkers.charges_summary.PAYMENT_WORDS`)."""
    words = (_TAKEN, _GIVEN_BACK, _SHOWN_ON_METHOD)
    return any(_undenied_in(folded, w, *clause) for w in words)


_DESCRIBES = re.compile(r"waived?|free|no charge|complimentary")
"""Words of :data:`_NOT_THE_COST` that describe the thing an amount is the price of ("the $50
fee (waived)"), not a figure of their own."""


# Bound words, each in a group of its kind: below (an upper bound) or above (a lower one), at
# most (the amount itself allowed) or strictly ("less than $100" is false of $100). One pattern
# per side so that the leftmost words win: "no more than" is an upper bound, not "more than".
_BOUND_KINDS = {
    "at_most": r"up\s+to|at\s+(?:the\s+)?most|(?:a\s+)?max(?:imum)?\s+of|capped\s+at"
    r"|(?:no|not)\s+(?:be\s+)?more\s+than|as\s+much\s+as|(?:not|never|[a-z]+n't)\s+(?:to\s+)?exceed",
    "below": r"less\s+than|under|below",
    "at_least": r"at\s+least|(?:a\s+)?min(?:imum)?\s+of|(?:no|not)\s+less\s+than",
    "above": r"more\s+than|over|above|in\s+excess\s+of|upwards\s+of",
}
_BOUND_BEFORE = re.compile(
    r"(?<![\w'])(?:" + "|".join(f"(?P<{k}>{w})" for k, w in _BOUND_KINDS.items()) + r")[\s*_]*$"
)
"""Words right before an amount that make it a bound of the money moved ("your refund will be up
to $139", "at least $100", "no more than $139", "not to exceed $139"), not the amount itself."""
_BOUND_AFTER = re.compile(
    r"[\s*_]*(?:(?P<at_most>at\s+(?:the\s+)?most|or\s+less|max(?:imum)?)"
    r"|(?P<at_least>at\s+least|or\s+more|min(?:imum)?))\b"
)
"""Words right after an amount that make it a bound ("$139 at most", "$100 or more")."""
_FIGURE_BEFORE = re.compile(r"\d[\d,.]*\s*(?:[a-z]+\s+)?$")
"""An amount right before a bound's words: they compare two figures ("$30 more than $139", "$30
less than the fare"), they bound no money moved."""


_BOUND_NEGATION = re.compile(
    r"(?<![\w'])(?:no|not|never|[a-z]+n't)(?=\s+(?:be\s+)?(?:more|less)\s+than\s*(?:\$|usd)?\s*\d"
    r"|\s+(?:to\s+)?exceed\b)"
)
"""The negation of a bound's words ("no more than $139", "won't exceed $139"): it denies no
money moved."""


_ASIDE_DENYING_NOTHING = re.compile(r"\([^()\d$]*\)")
"""An aside in brackets with no figure in it ("(reason: no longer needed)"): a negation in it
denies what it says, nothing after it."""


@lru_cache(maxsize=64)
def bound_negations_blanked(folded: str) -> str:
    """``folded`` with the negations of bounds (:data:`_BOUND_NEGATION`) blanked, and those of
    asides that hold no figure nor word of money moved (:data:`_ASIDE_DENYING_NOTHING`), every
    position kept: read for denials, "No less than $170 has been refunded" denies no refund, nor
    does "I'll cancel it (reason: no longer needed) and refund $924.50"."""
    bounds_blanked = _BOUND_NEGATION.sub(lambda m: " " * len(m.group()), folded)
    return _ASIDE_DENYING_NOTHING.sub(_blank_unless_money, bounds_blanked)


def _blank_unless_money(aside: re.Match[str]) -> str:
    """The ``aside`` blanked, unless it says money moved ("(not charged)" denies a charge)."""
    said = aside.group()
    return said if _TAKEN.search(said) or _GIVEN_BACK.search(said) else " " * len(said)


@dataclass(frozen=True)
class Bound:
    """A bound said of the money moved: ``kind`` (the group of :data:`_BOUND_BEFORE` or
    :data:`_BOUND_AFTER` that matched), the span of its words."""

    kind: str
    start: int
    end: int

    def allows(self, moved: Decimal, said: Decimal) -> bool:
        """Whether an amount ``moved`` makes the bound ``said`` true."""
        return {
            "at_most": moved <= said,
            "below": moved < said,
            "at_least": moved >= said,
            "above": moved > said,
        }[self.kind]


def _bound(folded: str, quantity: tokens.Quantity) -> Bound | None:
    """The bound words right before or after ``quantity`` say it is of the money moved
    (:data:`_BOUND_BEFORE`, :data:`_BOUND_AFTER`), if any; none after another figure ("$30 more
    than $139" compares, :data:`_FIGURE_BEFORE`)."""
    before = _BOUND_BEFORE.search(folded, max(0, quantity.start - 30), quantity.start)
    if before is not None and not _FIGURE_BEFORE.search(
        folded, max(0, before.start() - 20), before.start()
    ):
        kind = before.lastgroup
        assert kind is not None  # every alternative is a named group
        return Bound(kind, before.start(), before.end())
    after = _BOUND_AFTER.match(folded, quantity.end)
    if after is not None and after.lastgroup is not None:
        return Bound(after.lastgroup, after.start(), after.end())
    return None


def _marks_it(folded: str, word: re.Match[str], quantity: tokens.Quantity) -> bool:
    """Whether ``word`` (of :data:`_NOT_THE_COST`) in ``quantity``'s clause makes it another
    figure: not when it stands in brackets without it and brings a figure of its own ("You were
    charged $139 (normally $218)": $218 is the usual price, $139 still the charge), nor when it
    is one of the bound's words (:func:`_bound`: held as a bound, not set aside)."""
    bound = _bound(folded, quantity)
    if bound is not None and bound.start <= word.start() and word.end() <= bound.end:
        return False
    right_before = word.end() <= quantity.start
    if right_before and not folded[word.end() : quantity.start].strip(" *_"):
        return True
    opened = folded.rfind("(", 0, word.start())
    closed = folded.find(")", word.end())
    apart = (
        opened > folded.rfind(")", 0, word.start())
        and closed != -1
        and not opened < quantity.start < closed
    )
    return not apart or _DESCRIBES.match(word.group()) is not None


_ADDED_ON = re.compile(
    r"[^.!?;:()\n$\d]{0,40}?\b(?:plus|and|as\s+well\s+as|on\s+top\s+of|in\s+addition\s+to"
    r"|along\s+with|together\s+with)\s+(?:(?:a|an|the|another|further|additional|extra|separate"
    r"|your|its|their|\w+'s)\s+)*$"
)
"""The words between a right amount and the next of its sentence that add the next one to it
("$218 plus a $50 bag fee", "$218 for the upgrade and $50 for a bag", "$169 has been processed,
plus $30", "$3,048.69, and the grill's $924.50"): a joining word, with only words of what the
first amount is for before it and articles after it."""


_OWN_VERB = re.compile(
    r"\b(?:is|are|was|were|be|been|being|remains?|remained|stays?|stayed|ha[sd]|have|will"
    r"|would|can|could|should|may|might|did|does|do|goes|went|covers?|includ\w*)\b|n't\b"
)
_NO_PAYMENT = re.compile(r"\b(?:certificates?|vouchers?|travel\s+credits?|balance)\b")


def _elided(folded: str, quantity: tokens.Quantity) -> bool:
    """Whether ``quantity``, said as nothing moved in its own clause, borrows the verb of the
    clause before ("$218 for the upgrade and $50 for a checked bag", ", plus $30 for
    insurance"): its clause has no verb of its own after it ("and the $30 insurance remains
    included", "and the $123 on your gift card was not used") and it is no certificate, voucher
    or balance ("plus a $100 travel certificate")."""
    end = clause_of(folded, quantity.start)[1]
    return not (
        _OWN_VERB.search(folded, quantity.end, end) or _NO_PAYMENT.search(folded, quantity.end, end)
    )


def _verbless(folded: str, quantity: tokens.Quantity) -> bool:
    """Whether ``quantity``'s clause has no verb of its own, before or after it ("$100 in
    total", "$218 for the upgrade"), so that it borrows the verb of its sentence, and is no
    certificate, voucher or balance (:func:`_elided`)."""
    start = clause_of(folded, quantity.start)[0]
    return _elided(folded, quantity) and not _OWN_VERB.search(folded, start, quantity.start)


def _held_in_sentence(
    folded: str, quantity: tokens.Quantity, right: Mapping[tokens.Quantity, AbstractSet[Decimal]]
) -> AbstractSet[Decimal]:
    """What the right amounts of ``quantity``'s sentence are held to: what its verb of money
    moved moved."""
    first, last = _sentence_of(folded, quantity.start, quantity.end)
    held: set[Decimal] = set()
    for said, amounts in right.items():
        if first <= said.start < last:
            held |= amounts
    return held


_TOTAL_AFTER = re.compile(
    r"[\s*_]*(?:in\s+total|in\s+all|altogether|all\s+told|total\b(?!\s+[a-z]))"
)
"""Words right after an amount that name it the total ("$100 in total", "($957 total)"; not
"$387 total fare", a total of something else)."""
_TOTAL_BEFORE = re.compile(r"\b(?:a\s+total\s+of|in\s+total,?|altogether,?|all\s+told,?)[\s*_]*$")
"""Words right before an amount that name it the total ("for a total of $957")."""


def _shares_a_clause(
    folded: str, quantity: tokens.Quantity, right: Iterable[tokens.Quantity]
) -> bool:
    """Whether a right amount stands in ``quantity``'s own clause, whose verb says both moved
    ("You were charged $50 per bag ($100 total)"); not one of a clause of its own ("$218 today,
    for a total of $387 paid on this trip")."""
    start, end = clause_of(folded, quantity.start)
    return any(start <= q.start < end for q in right if q != quantity)


def _named_total(folded: str, quantity: tokens.Quantity) -> bool:
    """Whether words right around ``quantity`` name it the total (:data:`_TOTAL_AFTER`,
    :data:`_TOTAL_BEFORE`)."""
    before = _TOTAL_BEFORE.search(folded, max(0, quantity.start - 30), quantity.start)
    return bool(_TOTAL_AFTER.match(folded, quantity.end) or before)


def _totals_misstated(
    folded: str,
    right: Mapping[tokens.Quantity, AbstractSet[Decimal]],
    said: Iterable[tokens.Quantity],
    others: AbstractSet[tokens.Quantity],
) -> list[tokens.Quantity]:
    """The amounts of ``said`` (with no verb of their own, or said moved themselves) named as
    the total in a sentence whose right amount is said moved, that are no amount moved that
    way: "$50 per bag was charged, $100 in total", "$50 per bag was charged ($100 total)" of a
    charge of 150. A total said so is what the sentence says was moved, not a figure beside
    it; not "bringing your order total to $3,091.50" (the order's total, not the charge's)."""
    found = []
    for quantity in said:
        if quantity in others:
            continue
        held = _held_in_sentence(folded, quantity, right)
        if (
            _named_total(folded, quantity)
            and held
            and quantity.value not in held
            and quantity.value != _with_earlier(folded, quantity, right, others)
        ):
            found.append(quantity)
    return found


def _with_earlier(
    folded: str,
    quantity: tokens.Quantity,
    right: Iterable[tokens.Quantity],
    others: Iterable[tokens.Quantity],
) -> Decimal:
    """The right amounts of ``quantity``'s sentence added to the other figures it says
    (``others``): a total of the new charge with what was paid before ("$218 for the upgrade,
    along with the $139 you paid for the original fare, for $357 in total")."""
    first, last = _sentence_of(folded, quantity.start, quantity.end)
    earlier = [q.value for q in others if first <= q.start < last and q != quantity]
    if not earlier:
        return Decimal(-1)  # no figure paid before: the total is the charge's alone
    new = [q.value for q in right if first <= q.start < last and q != quantity]
    return sum(new, Decimal(0)) + sum(earlier, Decimal(0))


_SET_OFF = re.compile(
    r"[\s*_]*(?:(?:in\s+total|total|in\s+all)[\s*_]*)?[,:(\u2014\u2013-]+\s*"
    r"(?:(?:that's|that\s+is|i\.e\.|namely)[\s,]+)?(?:(?:the|a|an)\s+)?"
)
"""What sets a breakdown off right after the amount it breaks down: a comma, colon, dash or
bracket, with the amount's own "in total" before it and "that's" after it ("$268 in total,
$218 for the upgrade and $50 for the bag", "$169 (the $139 fare plus $30 insurance)", "$218 -
that's $157 + $200 ...")."""
_JOINED = re.compile(
    r"[^.!?;:()\n$\d]{0,40}?(?:\b(?:plus|and|as\s+well\s+as)\b|\+|,)\s*"
    r"(?:(?:a|an|the|another|further|additional|extra|separate|your|its|their|\w+'s)\s+)*$"
)
"""The words between two parts of a breakdown that add the second: what the first is for and a
joining word ("$218 for the upgrade and $50", "$38.19 + $4.62", "$139 for the flights, $30")."""
_TAKEN_AWAY = re.compile(
    r"[^.!?;:()\n$\d]{0,40}?\b(?:minus|less)\b(?!\s+than)\s*"
    r"(?:(?:a|an|the|your|its|their|original|\w+'s)\s+)*$"
)
"""The words between two parts of a breakdown that take the second away ("$157 + $200 for the
economy fares less your original $139")."""


def _breakdowns_misstated(
    folded: str,
    right: Mapping[tokens.Quantity, AbstractSet[Decimal]],
    makes: Mapping[tokens.Quantity, Decimal],
    borrowing: Sequence[tokens.Quantity],
    others: AbstractSet[tokens.Quantity],
) -> list[tokens.Quantity]:
    """The parts of a breakdown set off right after a right amount (:data:`_SET_OFF`) that are
    no amount moved, when no run of its parts from the first adds up to what the right amount
    makes: "You were charged $268 in total, $218 for the upgrade and $100 for the bag" of 218 and
    50. Parts are amounts said with no verb of their own (``borrowing``) or right ones, joined
    by :data:`_JOINED` or taken away by :data:`_TAKEN_AWAY`; another figure ("originally")
    counts in the sum but is never the one misstated. A breakdown whose parts add up is not
    checked further: how one payment splits into fare and fees the writes do not say."""
    found: list[tokens.Quantity] = []
    candidates = sorted([*borrowing, *right], key=lambda q: q.start)
    for whole in right:
        after = [q for q in candidates if q.start >= whole.end]
        if not after or not _SET_OFF.fullmatch(folded, whole.end, after[0].start):
            continue
        parts, signs = [after[0]], [1]
        for before, part in pairwise(after):
            if _JOINED.fullmatch(folded, before.end, part.start):
                signs.append(1)
            elif _TAKEN_AWAY.fullmatch(folded, before.end, part.start):
                signs.append(-1)
            else:
                break
            parts.append(part)
        running = accumulate(sign * q.value for sign, q in zip(signs, parts, strict=True))
        if makes[whole] in running:
            continue
        found += [
            q for q in parts if q not in right and q not in others and q.value not in right[whole]
        ]
    return found


def _added_to_right(
    folded: str,
    right: Mapping[tokens.Quantity, AbstractSet[Decimal]],
    makes: Mapping[tokens.Quantity, Decimal],
    unexplained: AbstractSet[tokens.Quantity],
    per_unit: AbstractSet[tokens.Quantity],
) -> list[tokens.Quantity]:
    """The amounts a report adds to a right amount (:data:`_ADDED_ON`) or takes away from it
    (:data:`_TAKEN_AWAY`), each after the one before (``unexplained`` ones: wrong or said as
    nothing moved; right ones moved the same way), when their sum (from what the right one
    ``makes``) is no amount the right one is held to nor a right amount the report states ("You
    were charged $218 plus a $50 bag fee" of a charge of 218, "$20 plus $20" of one of 20, "$109
    per segment, plus $50" of 218: a price per unit adds what it makes; "A refund of $169 was
    issued, minus a $30 fee" of a refund of 169: the net is no refund made); not "You were
    charged $268: $218 for the upgrade and $50 for the bag", nor "$218 for the upgrade and $50
    for the bag" of two charges, nor "$50 per bag and $150 in total" of 150, nor a net of two
    amounts moved ("$169 refunded minus $108 charged")."""
    stated = {q.value for q in right}
    found: list[tokens.Quantity] = []
    ordered = sorted([*right, *unexplained], key=lambda q: q.start)
    for index, first in enumerate(ordered):
        if first not in right:
            continue
        each = first in per_unit
        total = makes[first]  # what it makes: "$109 per segment" of 218 makes 218
        added: list[tokens.Quantity] = []
        for before, after in pairwise(ordered[index:]):
            added_on = _ADDED_ON.fullmatch(folded, before.end, after.start)
            if after in per_unit:
                break
            taken_away = _TAKEN_AWAY.fullmatch(folded, before.end, after.start)
            if not added_on and (not taken_away or after in right):
                break  # a moved amount taken from another is a net of two: "$169 minus $108"
            if each and after.value in right[first]:
                continue  # the total a price per unit makes: "$50 per bag and $150 in total"
            if after in right and right[after] != right[first]:
                break  # said moved the other way: held on its own
            total += after.value if added_on else -after.value
            added.append(after)
        if added and total not in right[first] and total not in stated:
            found += [q for q in added if q not in found]
    return sorted(found, key=lambda q: q.start)


def _sentence_values(folded: str, quantity: tokens.Quantity) -> set[Decimal]:
    """The values of the other amounts of ``quantity``'s sentence."""
    first, last = _sentence_of(folded, quantity.start, quantity.end)
    return {
        q.value
        for q in tokens.quantities(folded)
        if first <= q.start < last and q != quantity and told.is_amount(folded, q)
    }


def _a_part(
    folded: str,
    quantity: tokens.Quantity,
    wrong: Mapping[tokens.Quantity, Decimal],
    loose: Sequence[tokens.Quantity],
    wholes: AbstractSet[Decimal],
) -> bool:
    """Whether ``quantity`` is a part of a breakdown of one of ``wholes`` (the amounts moved the
    way the wrong ones are said moved): the wrong amounts of the report (each as what ``wrong``
    maps it to: "2 x $50" stands for 100) add up to one, or those of its sentence do, alone or
    with the other amounts its sentence says as nothing moved and does not deny ("You were
    charged $105 for HAT188 and $113 for HAT207"); or they add up so to a whole the sentence
    states as nothing moved ("You were refunded $52 for HAT188, $87 for HAT207 and $30
    for insurance, $169 in total"). A whole stated in another sentence explains nothing ("The
    fare difference is $218. I've charged $139 to your card.")."""
    start, end = _sentence_of(folded, quantity.start, quantity.end)
    own = [worth for q, worth in wrong.items() if start <= q.start < end]
    # an amount the sentence denies is no part of what moved: "$139 has been refunded, not
    # the $30 insurance" breaks no refund of 169 down
    beside = [q.value for q in loose if start <= q.start < end and not _denied(folded, q)]
    parts = sum(own) + sum(v for v in beside if v not in wholes)
    return any(total in wholes for total in (sum(wrong.values()), sum(own), parts))


def _denied(folded: str, quantity: tokens.Quantity) -> bool:
    """Whether a negation denies ``quantity``: "not the $30 insurance", "$30 was not refunded"."""
    return tokens.negated(folded, quantity.start) or tokens.denied_before(folded, quantity.start)


CHARGED, REFUNDED = "charged", "refunded"
"""The two ways a write moves money, as :func:`methods_misstated` reads them."""


@dataclass(frozen=True)
class Method:
    """A payment method as the customer's profile gives it: the names a report may call it by."""

    id: str
    """The payment method id the write used (``"credit_card_9969263"``); "" when unknown."""
    kind: str = ""
    """``"credit card"``, ``"gift card"``, ``"certificate"`` or ``"paypal"``; "" when neither
    the profile nor the id says."""
    brand: str = ""
    """A credit card's brand, lower case (``"mastercard"``); "" when the profile gives none."""
    last_four: str = ""
    """A credit card's last four digits; "" when the profile gives none."""

    @classmethod
    def on_profile(cls, payment_id: str, entry: object | None) -> Method:
        """The method ``payment_id`` names, with what the profile's ``entry`` for it gives (any
        record with a ``source``, a card's ``brand`` and ``last_four``; None when the profile
        holds no such method): the kind from the id's own prefix ("gift_card_2200803") when no
        entry says."""
        source = getattr(entry, "source", None)
        if not isinstance(source, str):
            prefix = _KIND_PREFIX.match(payment_id)
            source = prefix[1] if prefix else ""
        brand, last_four = getattr(entry, "brand", ""), getattr(entry, "last_four", "")
        return cls(
            payment_id,
            source.replace("_", " ").lower(),
            brand.lower() if isinstance(brand, str) else "",
            last_four if isinstance(last_four, str) else "",
        )

    def said(self) -> str:
        """How a reason names it: ``"mastercard credit card ending 9475 (credit_card_9969263)"``."""
        words = " ".join(w for w in (self.brand, self.kind) if w) or "a method"
        ending = f" ending {self.last_four}" if self.last_four else ""
        return f"{words}{ending} ({self.id or 'unknown id'})"


_KIND_PREFIX = re.compile(r"(credit_card|gift_card|certificate|paypal)_")
UNKNOWN_METHOD = Method("")
"""The method of a payment a domain gave as a plain amount: it cannot be told."""


class Paid(Decimal):
    """An amount a write moved (a refund negative) with the method it moved by: a Decimal, so
    that a caller that only adds or compares amounts reads it as one."""

    __slots__ = ("method", "original")
    method: Method
    original: bool | None
    """Whether the method had paid the record (the reservation, the order) before the write; None
    when the record had no payment before (a new booking), so "the original payment method"
    names none of its payments either way."""

    def __new__(cls, amount: Decimal | str, method: Method, original: bool | None) -> Paid:
        paid = super().__new__(cls, amount)
        paid.method, paid.original = method, original
        return paid

    def __reduce_ex__(self, protocol: Any) -> tuple[type[Paid], tuple[str, Method, bool | None]]:
        # Decimal's own __reduce__ would rebuild it from its digits alone
        return Paid, (str(self), self.method, self.original)


@dataclass(frozen=True)
class _Name:
    """Words of a report that name a payment method (one of its fields; the others "")."""

    start: int
    end: int
    kind: str = ""
    brand: str = ""
    last_four: str = ""
    original: bool = False
    id: str = ""


_KIND_WORDS = re.compile(
    r"\b(?:(?P<gift>gift[\s-]?cards?)|(?P<credit>credit[\s-]?cards?)|(?P<paypal>pay\s?pal)"
    r"|(?P<certificate>(?:travel\s+)?certificates?))\b"
)
"""A method named by its kind ("gift card", "credit card", "PayPal", "travel certificate"); not a
bare "card", which a gift card is too, nor "debit card", which no profile holds."""
_BRANDS = {"visa": "visa", "mastercard": "mastercard", "amex": "amex", "americanexpress": "amex"}
_BRAND_WORDS = re.compile(r"\b(?:visa|master\s?card|amex|american\s+express)\b")
"""A credit card named by its brand ("Visa", "Mastercard", "Master Card", "Amex")."""
_MASK = r"(?:\*{2,}|\bx{2,}|\.{3})"
"""The masked digits of a card number ("****", "xxxx", "...")."""
_LAST_FOUR = re.compile(
    r"(?:\b(?:that|which)\s+)?\b(?:ending|ends)(?:\s+(?:in|with))?[\s:#*x.-]*(?P<a>\d{4})\b"
    rf"|{_MASK}(?:[\s-]?{_MASK})*\s?-?(?P<b>\d{{4}})\b"
    r"|\blast\s+(?:four|4)(?:\s+digits)?(?:\s+of)?[\s:]*(?P<c>\d{4})\b"
    r"|\b(?:card|visa|mastercard|amex)\s*[(#]?\s*(?P<d>\d{4})\b(?![\d,]|\.\d)"
)
"""A card named by its last four digits ("ending in 9475", "that ends in 9475", "****9475",
"xxxx-xxxx-xxxx-9475", "...9475", "(last 4: 9475)", "Mastercard (9475)", "card 9475", and
"Mastercard 9475." at a sentence's end); four digits after a brand with cents or a thousands
comma ("card 1,234", "Visa 1234.50") are money, not its digits."""
_ID_WORDS = re.compile(r"\b(?:credit_card|gift_card|certificate|paypal)_\d+\b")
"""A method named by its id as the tools give it ("credit_card_9969263")."""
ORIGINAL_WORDS = re.compile(
    r"\boriginal\s+(?:form\s+of\s+payment|payment(?:\s+(?:method|source|card)s?)?"
    r"|(?:card|method)s?(?:\s+of\s+payment)?)\b"
)
"""The method that paid before, unnamed ("the original payment method", "your original form of
payment", "the original card"); not "the same card", which may be the one just named."""
_JOINS_A_NAME = re.compile(
    r"[\s(),:#*'-]*(?:(?:credit\s+)?card(?:\s+number)?|account)?[\s(),:#*'-]*"
)
"""What may stand between two words naming one method ("Mastercard ending in 9475", "credit
card (Visa", "PayPal account", "Mastercard, card number ending 9475"): no "and", no other
method."""
_NAMES_THE_ORIGINAL = re.compile(
    r"[\s*_]*(?:,|[-\u2013\u2014]+|:)[\s*_]*(?:(?:i\.e\.|namely|which\s+is|that\s+is),?\s+)?"
    r"(?:(?:the|your|my)\s+)?(?:card\s+)?"
)
"""What sets off the name of the original payment method right after it ("your original payment
method, the Mastercard ending in 8484", "the original card - your Visa"): both name one
method."""
_RULED_OUT_AFTER = re.compile(
    r"[\s)]*(?:[\w-]+\s+)?(?:(?:won't|will\s+not|wasn't|was\s+not|isn't|is\s+not|weren't|not|never"
    r"|no\s+longer)\s+(?:be\s+|been\s+|being\s+)?(?:charged|used|billed|debited|touched|refunded"
    r"|credited|needed)\b|(?:was|is|remains?|stays?|stayed)\s+(?:untouched|unused|unchanged)\b)"
)
"""Words right after a method that rule it out ("your gift card was not charged", "your gift card
was untouched"): no claim that it moved the amount."""
_CUSTOMER_ASKED = re.compile(
    r"\byou(?:'ve|\s+have)?\s+(?:mentioned|said|suggested|wanted|requested|preferred|asked)\b"
    r"[^.;!?]*$"
)
"""Words before a method in its clause that make it the customer's ("you asked about your
Visa"): what they named, not a claim of what moved the money."""


def _names_in(folded: str) -> list[_Name]:
    """Every name of a payment method in ``folded``, in order: its kind, a card's brand or last
    four digits, "the original payment method", its id."""
    found = [
        _Name(m.start(), m.end(), kind=_KIND_OF_GROUP[m.lastgroup or ""])
        for m in _KIND_WORDS.finditer(folded)
    ]
    found += [
        _Name(m.start(), m.end(), brand=_BRANDS[re.sub(r"\s", "", m.group())])
        for m in _BRAND_WORDS.finditer(folded)
    ]
    for m in _LAST_FOUR.finditer(folded):
        digits = m.lastgroup or ""
        # "card 9475" names the card by its digits only: "card" may be part of "credit card"
        start = m.start(digits) if digits == "d" else m.start()
        found.append(_Name(start, m.end(), last_four=m.group(digits)))
    found += [_Name(m.start(), m.end(), original=True) for m in ORIGINAL_WORDS.finditer(folded)]
    found += [_Name(m.start(), m.end(), id=m.group()) for m in _ID_WORDS.finditer(folded)]
    by_digits = [
        _Name(m.start(), m.end(), id=f"{_ID_PREFIX[kind]}_{m.group('digits')}")
        for m in _ID_DIGITS.finditer(folded)
        for kind in _ID_PREFIX
        if m.group(kind)
    ]
    # "certificate 7504069" names one certificate: its kind alone is no other name of it
    found = [n for n in found if not any(d.start <= n.start < d.end for d in by_digits)]
    return sorted([*found, *by_digits], key=lambda n: (n.start, n.end))


_ID_DIGITS = re.compile(
    r"\b(?:(?P<gift>gift[\s-]?card)|(?P<certificate>(?:travel\s+)?certificate)"
    r"|(?P<credit>credit[\s-]?card))[\s*_]*(?:#|no\.|number|id)?[\s:#*_]*(?P<digits>\d{5,})\b"
)
"""A method named by its kind and the digits of its id, as agents name gift cards and
certificates ("Certificate 7504069", "Gift Card #6847880": ``certificate_7504069``,
``gift_card_6847880``)."""
_ID_PREFIX = {"gift": "gift_card", "certificate": "certificate", "credit": "credit_card"}


_KIND_OF_GROUP = {
    "gift": "gift card",
    "credit": "credit card",
    "paypal": "paypal",
    "certificate": "certificate",
}


def _phrases(
    folded: str, names: Sequence[_Name], claimed_only: bool = True
) -> list[tuple[_Name, ...]]:
    """``names`` grouped into the phrases that each name one method ("Mastercard ending in
    9475": its brand and its last four), those said as a method that moved money
    (:func:`_claimed`) unless not ``claimed_only``."""
    phrases: list[list[_Name]] = []
    for name in names:
        last = phrases[-1][-1] if phrases else None
        if last is not None and name.start < last.end:
            continue  # "card 9475" inside "credit card 9475" names it once
        if last is not None and (
            _JOINS_A_NAME.fullmatch(folded, last.end, name.start)
            or (last.original and _NAMES_THE_ORIGINAL.fullmatch(folded, last.end, name.start))
        ):
            phrases[-1].append(name)
        else:
            phrases.append([name])
    return [tuple(p) for p in phrases if not claimed_only or _claimed(folded, p)]


def original_named(folded: str, method: Method) -> bool:
    """Whether ``folded`` calls ``method`` the original payment method (:data:`ORIGINAL_WORDS`)
    with no name set off after those words that names another ("your original payment method,
    the Mastercard ending in 8484" of the Visa ending 6791 names the Mastercard): a caller knows
    ``method`` is the one that paid before."""
    names = _names_in(folded)
    phrases = [p for p in _phrases(folded, names, claimed_only=False) if p[0].original]
    said_of = Paid(Decimal(0), method, True)
    return bool(phrases) and any(_phrase_names(p, said_of) is not False for p in phrases)


def _claimed(folded: str, phrase: Sequence[_Name]) -> bool:
    """Whether ``phrase`` is said as a method that moved money: not denied before it ("not your
    Visa") nor after it ("your gift card was not charged"), not set aside ("instead of your
    Visa"), not what the customer named ("you asked about your Visa")."""
    start, end = phrase[0].start, phrase[-1].end
    return not (
        tokens.denied_before(folded, start)
        or _RULED_OUT_AFTER.match(folded, end)
        or ASIDE.search(folded, max(0, start - 60), start)
        or _CUSTOMER_ASKED.search(folded, clause_of(folded, start)[0], start)
    )


def _names_it(name: _Name, paid: Paid) -> bool | None:
    """Whether ``name`` names the method of ``paid``; None when what it names is not known of
    that method (its brand or last four not in the profile, a payment of a new record said to
    go to "the original" method). A last four is also right when the method's id ends in it:
    agents name ``credit_card_3577130`` "your card ending in 7130", the id the tools gave."""
    method = paid.method
    if name.original:
        return paid.original
    if name.id:
        return name.id == method.id if method.id else None
    if not method.kind:
        return None
    if name.kind:
        return name.kind == method.kind
    if name.brand:
        if method.kind != "credit card":
            return False
        return name.brand == _BRANDS.get(method.brand, method.brand) if method.brand else None
    if method.id.endswith(name.last_four) or method.last_four == name.last_four:
        return True
    return None if method.kind == "credit card" and not method.last_four else False


def _phrase_names(phrase: Sequence[_Name], paid: Paid) -> bool | None:
    """Whether every name of ``phrase`` names the method of ``paid`` (:func:`_names_it`): False
    when one does not, None when one cannot be told."""
    said = [_names_it(name, paid) for name in phrase]
    if False in said:
        return False
    return None if None in said else True


def _ways_said(folded: str, start: int, end: int) -> frozenset[str]:
    """The ways (:data:`CHARGED`, :data:`REFUNDED`) ``folded[start:end]`` says money moved, as
    :func:`_said_of` reads them: a word of money taken, given back, or shown on a payment method
    (either way), undenied; "the $108 charge has been refunded" says a refund only."""
    taken = _undenied_in(folded, _TAKEN, start, end)
    given_back = _undenied_in(folded, _GIVEN_BACK, start, end)
    if _charge_given_back(folded, taken, given_back):
        taken = []
    shown = bool(_undenied_in(folded, _SHOWN_ON_METHOD, start, end))
    paid = _undenied_in(folded, charges_summary.PAYMENT_WORDS, start, end)
    ways = {CHARGED} if taken or shown or paid else set()
    return frozenset(ways | ({REFUNDED} if given_back or shown else set()))


def _ways_of(folded: str, quantity: tokens.Quantity, clause: tuple[int, int]) -> frozenset[str]:
    """The ways an amount is said moved: by its clause, else by the heading over its list, the
    sentence before it as "the amount" (as :func:`_said_moved` reads them), or, said with no
    verb of its own ("... and $123 to your Mastercard"), by the words of its sentence before it."""
    ways = _ways_said(folded, *clause)
    if ways:
        return ways
    heading = _heading_over(folded, folded.rfind("\n", 0, clause[0]) + 1)
    if heading:
        return _ways_said(folded, *heading)
    before = _sentence_before(folded, clause[0])
    if before and _THE_AMOUNT.match(folded, clause[0], clause[1]):
        return _ways_said(folded, *before)
    if _elided(folded, quantity):
        return _ways_said(folded, _sentence_of(folded, quantity.start, quantity.end)[0], clause[0])
    return frozenset()


def _tied(
    folded: str, phrase: Sequence[_Name], spans: Mapping[tokens.Quantity, tuple[int, int]]
) -> tokens.Quantity | None:
    """The amount ``phrase`` names the method of: the nearest amount whose clause (``spans``)
    holds it on the same line ("$123 to your gift card", "Your Mastercard was charged $203";
    not from one entry of a list to the next, "- Gift card: $39" over "- Card: $124"); None when no
    amount's clause does. A last four after the phrase's other names may run past the
    clause ("your Mastercard (last 4: 9475)", "your Mastercard, card number ending 9475"): it
    names the card the clause already named."""
    start, end = phrase[0].start, _head_end(folded, phrase)
    holding = [
        q
        for q, (first, last) in spans.items()
        if first <= start
        and end <= last
        and "\n" not in folded[min(q.end, end) : max(q.start, start)]
    ]
    return min(holding, key=lambda q: max(start - q.end, q.start - end), default=None)


def _head_end(folded: str, phrase: Sequence[_Name]) -> int:
    """Where ``phrase`` ends but for the last four digits trailing its other names; its end
    when it is nothing but a last four. A phrase led by the original payment method, its name
    set off after it (:data:`_NAMES_THE_ORIGINAL`), ends with it: the names after it only say
    which method that is, and may run past its clause ("to your original payment method, the
    Visa ending in 6791")."""
    first = phrase[0]
    if (
        first.original
        and len(phrase) > 1
        and _NAMES_THE_ORIGINAL.fullmatch(folded, first.end, phrase[1].start)
    ):
        return first.end
    head = [name for name in phrase if not name.last_four] or phrase
    return max(name.end for name in head)


def methods_misstated(report: str, paid: Sequence[Paid]) -> list[tuple[tokens.Quantity, str]]:
    """The amounts ``report`` says were charged (or refunded) by a payment method it names, that
    the writes moved (``paid``: each payment with its method), but not that way by that method:
    ``(amount, the words naming the method)``. "Your Mastercard was charged $326" of $123 by
    gift card and $203 by Mastercard; "Refunded $169 to your Mastercard" of a refund to the gift
    card; "$203 to your gift card and $123 to your Mastercard" swapped.

    Held only where the clause ties the method to the amount (the nearest amount of the
    method's clause, :func:`_tied`), the amount is said moved (:func:`_ways_of`) and is one
    the writes moved that way (a sum of payments; a price per unit said so, of a multiple):
    a wrong amount is ``amount_not_moved``'s, not this. A method named by kind, brand, last
    four digits (of the card or of its id), id or as "the original payment method" (one that paid
    the record before the write) must have moved it, alone or with the other methods its
    phrases name; none denied, set aside or the customer's (:func:`_phrases`). An amount said
    another figure, a bound, in a question or denied is no claim (:func:`_another_figure`);
    a method whose name the profile cannot tell is taken as right."""
    folded = fold_lower(report)
    names = _names_in(folded)
    if not names or not paid:
        return []
    named_at = [(n.start, n.end) for n in names]
    amounts = [
        q
        for q in tokens.quantities(folded)
        if told.is_amount(folded, q)
        and q.value != 0
        and not any(s <= q.start < e for s, e in named_at)  # "ending in 9475" is no amount
    ]
    spans = {q: _clause_of_amount(folded, q) for q in amounts}
    phrases = _phrases(folded, names)
    claims = _claims(folded, phrases, spans)
    claims.update(_apart_claims(folded, phrases, spans, claims))
    claims.update(_respective_claims(folded, phrases, spans, claims))
    found = []
    for quantity, named in claims.items():
        clause = spans[quantity]
        if (
            _another_figure(folded, quantity, clause, hedges=False)
            or _bound(folded, quantity) is not None
        ):
            continue
        ways = _ways_of(folded, quantity, clause)
        moved = [p for p in paid if (CHARGED if p > 0 else REFUNDED) in ways]
        units = range(1, MAX_UNITS + 1) if _per_unit(folded, quantity, clause) else (1,)
        made = {quantity.value * k for k in units}
        by_named = [p for p in moved if any(_phrase_names(ph, p) is not False for ph in named)]
        if not made & _sums(moved):
            # not an amount moved that way: amount_not_moved's to judge, but for a part of a
            # payment split over methods, tied to one of them ("$150 to your gift card and
            # $176 to your Mastercard" of $123 and $203: parts adding up to the total)
            if not _wrong_part(quantity, named, moved, by_named, claims):
                continue
        elif made & _sums(by_named):
            continue
        words = "; ".join(folded[ph[0].start : ph[-1].end] for ph in named)
        found.append((quantity, words))
    return sorted(found, key=lambda f: f[0].start)


def _wrong_part(
    quantity: tokens.Quantity,
    named: Sequence[tuple[_Name, ...]],
    moved: Sequence[Paid],
    by_named: Sequence[Paid],
    claims: Mapping[tokens.Quantity, Sequence[tuple[_Name, ...]]],
) -> bool:
    """Whether ``quantity``, no amount ``moved`` that way, is said as the part of a split
    payment that the methods it is tied to (``named``) moved, and is not theirs: they surely
    moved some of it (``by_named``), other methods moved the rest, and the amounts the report
    ties to those same methods do not add up to what they moved either ("your gift card paid
    $100 for the flight and $23 for insurance" of $123 breaks the gift card's part down)."""
    sure = [p for p in moved if any(_phrase_names(ph, p) is True for ph in named)]
    others = [p for p in moved if not any(p is q for q in by_named)]  # by payment, not amount
    if not sure or not others:
        return False
    said = {_said_names(n) for n in named}
    same = [q.value for q, ph in claims.items() if {_said_names(n) for n in ph} == said]
    return not charges_summary.split_part_explained(same, _sums(by_named))


def _said_names(phrase: Sequence[_Name]) -> tuple[tuple[str, str, str, bool, str], ...]:
    """What ``phrase`` names, wherever it stands: two phrases naming a method alike are one."""
    return tuple((n.kind, n.brand, n.last_four, n.original, n.id) for n in phrase)


def _respective_claims(
    folded: str,
    phrases: Sequence[tuple[_Name, ...]],
    spans: Mapping[tokens.Quantity, tuple[int, int]],
    claims: Mapping[tokens.Quantity, Sequence[tuple[_Name, ...]]],
) -> dict[tokens.Quantity, list[tuple[_Name, ...]]]:
    """Amounts paired with methods by "respectively"
    (:func:`checkers.charges_summary.respectively_pairs`), each in place of the methods its
    clause ties it to: "$123 and $203 were charged to your gift card and Mastercard,
    respectively" ties no method to $123 and both to $203."""
    amounts = list(spans)
    pairs = charges_summary.respectively_pairs(
        folded,
        [(ph[0].start, ph[-1].end) for ph in phrases],
        [(q.start, q.end) for q in amounts],
        lambda start, end: _sentence_of(folded, start, end),
    )
    return {amounts[a]: [phrases[p]] for a, p in pairs.items()}


def _apart_claims(
    folded: str,
    phrases: Sequence[tuple[_Name, ...]],
    spans: Mapping[tokens.Quantity, tuple[int, int]],
    claims: Mapping[tokens.Quantity, Sequence[tuple[_Name, ...]]],
) -> dict[tokens.Quantity, list[tuple[_Name, ...]]]:
    """The methods said apart from the amount they moved, on another line of a summary block
    or in the sentence before (:func:`checkers.charges_summary.apart_ties`), of amounts no
    method is tied to in their own clause."""
    amounts = list(spans)
    if not phrases or all(q in claims for q in amounts):
        return {}
    # only an amount tied to no method may be tied apart; every amount still marks a line
    said_moved = [q not in claims and bool(_ways_of(folded, q, spans[q])) for q in amounts]
    ties = charges_summary.apart_ties(
        folded,
        [(ph[0].start, ph[-1].end) for ph in phrases],
        [(q.start, q.end) for q in amounts],
        said_moved,
        lambda start, end: bool(_ways_said(folded, start, end)),
        lambda start, end: _sentence_of(folded, start, end),
    )
    return {amounts[a]: [phrases[i] for i in found] for a, found in ties.items()}


_COORDINATED = re.compile(
    r"\s*(?:(?:account|card)\b\s*)?(?:,\s*(?:and\s+)?|and\s+|&\s*|plus\s+|as\s+well\s+as\s+)"
    r"(?:(?:your|the|my)\s+)?(?:(?:credit\s+)?card\s+)?"
)
"""What joins two methods named together ("your gift card and Mastercard", "the gift card,
the certificate and your card ending 9475")."""


def _claims(
    folded: str,
    phrases: Sequence[tuple[_Name, ...]],
    spans: Mapping[tokens.Quantity, tuple[int, int]],
) -> dict[tokens.Quantity, list[tuple[_Name, ...]]]:
    """Each amount with the phrases naming the methods it is said moved by (:func:`_tied`);
    methods named together ("$326 was charged to your gift card and Mastercard", where "and"
    ends the amount's clause) all go with the one amount the first of them is tied to."""
    groups: list[list[tuple[_Name, ...]]] = []
    for phrase in phrases:
        if groups and _COORDINATED.fullmatch(folded, groups[-1][-1][-1].end, phrase[0].start):
            groups[-1].append(phrase)
        else:
            groups.append([phrase])
    claims: dict[tokens.Quantity, list[tuple[_Name, ...]]] = {}
    for group in groups:
        tied = [_tied(folded, phrase, spans) for phrase in group]
        amounts = {q for q in tied if q is not None}
        for phrase, quantity in zip(group, tied, strict=True):
            # a method named beside others tied to one amount is named of it too
            quantity = next(iter(amounts)) if len(amounts) == 1 else quantity
            if quantity is not None:
                claims.setdefault(quantity, []).append(phrase)
    return claims


def _sums(paid: Sequence[Paid]) -> set[Decimal]:
    """Every sum of some of ``paid``, as positive amounts."""
    return told.subset_sums(sorted(abs(p) for p in paid))


@dataclass(frozen=True)
class Terms:
    """What a domain knows a report may say of one write's money beyond its payments
    (:meth:`Moved.take`): how many units a price per unit of it is for, and the words naming
    what it paid for as a whole."""

    counts: Mapping[str, AbstractSet[int]] = field(default_factory=dict)
    """For each kind of unit (a key of :data:`UNIT_KINDS`: ``"travellers"``, ``"bags"``,
    ``"segments"``, ``"nights"``, ``"items"``) the numbers of them the write paid for: a price said
    per that unit, with no count the report gives, must make what moved multiplied by one of them
    ("$109 per passenger" of a charge of 218 for one passenger is misstated); one naming no unit
    ("$75 each") by one of any kind given, or several multiplied. A kind left out may be any
    count up to :data:`MAX_UNITS`."""
    names: str = ""
    """Regular-expression source of the words naming what the write paid for as a whole
    (``"upgrade|downgrade"``, ``"bags?|baggage"``): an amount said for them is held to its
    payments (:func:`checkers.charges_writes.parts_misstated`); "" when none do."""
    before: AbstractSet[Decimal] = frozenset()
    """The figures a report may call what was paid before the write, for what it changed (each
    payment, their sum, the fare): an amount said as a difference from them ("$79 more than you
    paid before") must be one moved or the distance from one of them to an amount said or moved
    (:func:`checkers.charges_before.before_misstated`); empty when the domain does not know."""


@dataclass
class Moved:
    """The money the writes since the agent last spoke moved, for the report that follows them
    (its next message): what it may say was charged or refunded
    (:func:`charges_misstated`), and by which payment method (:func:`methods_misstated`). A
    domain gives each write's payments (:meth:`take`)."""

    charges: list[Decimal] = field(default_factory=list)
    """Each payment a write added, to the cent."""
    refunds: list[Decimal] = field(default_factory=list)
    """Each refund a write added, to the cent, as a positive amount."""
    writes: list[str] = field(default_factory=list)
    """Each write that moved money and what it moved, for the reason."""
    paid: list[Paid] = field(default_factory=list)
    """Each payment and refund (negative) a write added, to the cent, with its method
    (:data:`UNKNOWN_METHOD` when the domain gave a plain amount)."""
    paid_by: list[str] = field(default_factory=list)
    """Each write that moved money and by which methods, for the reason."""
    terms: list[tuple[Terms, tuple[Decimal, ...]]] = field(default_factory=list)
    """What the domain knows of each write that moved money (:class:`Terms`), with the
    payments it added."""

    def take(
        self, call: CallRecord[Any], payments: Sequence[Decimal], terms: Terms | None = None
    ) -> None:
        """Take in the ``payments`` write ``call`` added (a refund negative; none: it moved no
        money, and the report is not held to it), each a :class:`Paid` when the domain knows
        its method, and what the domain knows of the write beyond them (``terms``; None: nothing).
        Each is taken to the cent: a difference a service stores as a float
        (38.190000000000055) is said as 38.19."""
        if not payments:
            return
        cents = [p.quantize(_CENT) for p in payments]
        self.terms.append((terms or Terms(), tuple(cents)))
        self.charges += [p for p in cents if p > 0]
        self.refunds += [-p for p in cents if p < 0]
        moved = ", ".join(f"{_way(p)} {_plain(p)}" for p in cents)
        self.writes.append(f"call #{call.index + 1} {call.name} {moved}")
        paid = [
            Paid(c, p.method, p.original) if isinstance(p, Paid) else Paid(c, UNKNOWN_METHOD, None)
            for c, p in zip(cents, payments, strict=True)
        ]
        self.paid += paid
        by = ", ".join(f"{_way(p)} {_plain(p)} by {p.method.said()}" for p in paid)
        self.paid_by.append(f"call #{call.index + 1} {call.name} {by}")

    def problems(self, report: str) -> list[tuple[str, str]]:
        """``("amount_not_moved", what)`` for each amount the message ``report`` says was
        charged or refunded that these writes did not move, then ``("method_not_moved",
        what)`` for each it says they moved by a payment method that did not move it (of the
        amounts not already misstated), with the words around it. A markdown table whose header
        says money moved is read as the list a summary gives
        (:func:`checkers.charges_summary.tables_as_lists`), and quoted so."""
        if not self.writes:
            return []
        report = charges_summary.tables_as_lists(report, _says_moved, _holds_money)
        charged = told.subset_sums(sorted(self.charges))
        refunded = told.subset_sums(sorted(self.refunds))
        folded = fold_lower(report)
        misstated = charges_misstated(report, charged, refunded, self.terms)
        before = {b for write, _ in self.terms for b in write.before}
        misstated += [
            q
            for q in charges_before.before_misstated(folded, charged | refunded, before)
            if q not in misstated
        ]
        found = [
            (
                "amount_not_moved",
                f"amount {q.text} is said as what was charged or refunded, but "
                f"{'; '.join(self.writes)}: {_where_said(folded, q)}",
            )
            for q in misstated
        ]
        methods = [m for m in methods_misstated(report, self.paid) if m[0] not in misstated]
        found += [
            (
                "method_not_moved",
                f"amount {q.text} is said as moved by {method!r}, but "
                f"{'; '.join(self.paid_by)}: {_where_said(folded, q)}",
            )
            for q, method in methods
        ]
        return found + self._refunds_elsewhere(folded, "goes", {m for _, m in methods})

    def listed_problems(self, listing: str) -> list[tuple[str, str]]:
        """For the message these writes followed, the listing a customer's yes answered: the
        amounts it says they will charge or refund that they do not (:func:`charges_misstated`,
        :func:`direction_misstated`: "you'll be charged an extra $4.24" of a refund of 4.24,
        "you'll be refunded $924.50" of one of 3,048.69), as ``amount_not_moved``, then the
        methods it says will move them that do not, as ``method_not_moved``
        (:func:`methods_misstated`). What the listing says was paid or moved before ("you were
        charged $3,048.69", "you paid $193.38") is no word of these writes
        (:func:`_past_blanked`)."""
        if not self.writes:
            return []
        listing = charges_summary.tables_as_lists(listing, _says_moved, _holds_money)
        folded = _past_blanked(fold_lower(listing))
        charged = told.subset_sums(sorted(self.charges))
        refunded = told.subset_sums(sorted(self.refunds))
        misstated = charges_misstated(folded, charged, refunded, self.terms)
        misstated += [
            q for q in direction_misstated(folded, charged, refunded) if q not in misstated
        ]
        found = [
            (
                "amount_not_moved",
                f"amount {q.text} is said as what the writes that followed would charge or "
                f"refund, but {'; '.join(self.writes)}: {_where_said(folded, q)}",
            )
            for q in misstated
        ]
        found += [
            (
                "amount_not_moved",
                f"{folded[start:end].strip()!r} says which way the money of the writes that "
                f"followed would move, but {'; '.join(self.writes)}",
            )
            for start, end in unsaid_way_misstated(folded, charged, refunded)
        ]
        methods = [m for m in methods_misstated(folded, self.paid) if m[0] not in misstated]
        found += [
            (
                "method_not_moved",
                f"amount {q.text} is said as what {method!r} would be charged or refunded, but "
                f"{'; '.join(self.paid_by)}: {_where_said(folded, q)}",
            )
            for q, method in methods
        ]
        return found + self._refunds_elsewhere(folded, "would go", {m for _, m in methods})

    def _refunds_elsewhere(
        self, folded: str, goes: str, said: AbstractSet[str]
    ) -> list[tuple[str, str]]:
        """``("method_not_moved", what)`` for each method ``folded`` names as where a refund
        ``goes`` with no amount, that no refund of these writes went to
        (:func:`refund_methods_misstated`), but those already ``said`` misstated with an
        amount (a summary's "Refunded to: Visa" and "Refund amount: $20" lines)."""
        return [
            (
                "method_not_moved",
                f"{method!r} is said as where the refund {goes}, but {'; '.join(self.paid_by)}",
            )
            for method in refund_methods_misstated(folded, self.paid)
            if method not in said
        ]


_GIVEN_BACK_TO = re.compile(
    r"\b(?:refund\w*|credited|reimburs\w*|returned)\b|\bback\s+(?:to|on|onto)\b"
)
"""Words of money given back, in a sentence that names where it goes with no amount ("The
refund will go to your credit card", "It'll be credited back to your Visa")."""
_NOT_A_REFUND_SAID = re.compile(
    r"\b(?:if|would|could|whether|usually|normally|typically|always|policy|compensation"
    r"|goodwill|voucher|certificate\s+(?:of|for|worth|has|was|is|will))\b|\?"
)
"""Words by which a sentence of a refund's method says no refund made: a condition or a
supposition, the policy in general ("Refunds usually go to ..."), compensation (a certificate
given is no refund of a payment)."""


def refund_methods_misstated(folded: str, paid: Sequence[Paid]) -> list[str]:
    """The words of ``folded`` naming a payment method as where a refund goes with no amount in
    their sentence ("The refund will go to your credit card", "It's been credited back to your
    Visa") when the writes refunded (``paid``: their payments, a refund negative) by methods
    known and none of them is the method named: a refund's method is a fact of the write, said
    with an amount or not (:func:`methods_misstated` holds those with one). Not a method denied
    or set aside ("not your Visa"), nor a sentence that also speaks of a charge, supposes or
    states the policy in general (:data:`_NOT_A_REFUND_SAID`)."""
    refunds = [p for p in paid if p < 0 and p.method.kind]
    if not refunds or _GIVEN_BACK_TO.search(folded) is None:
        return []
    found = []
    for phrase in _phrases(folded, _names_in(folded)):
        start, end = _sentence_of(folded, phrase[0].start, phrase[-1].end)
        if (
            not _undenied_in(folded, _GIVEN_BACK_TO, start, end)
            or _undenied_in(folded, _TAKEN, start, end)
            or _NOT_A_REFUND_SAID.search(folded, start, end)
            or _holds_an_amount(folded[start:end])
        ):
            continue
        if all(_phrase_names(phrase, refund) is False for refund in refunds):
            found.append(folded[phrase[0].start : phrase[-1].end])
    return found


def _holds_an_amount(sentence: str) -> bool:
    """Whether ``sentence`` says an amount of money (not a card's last four)."""
    return any(told.is_amount(sentence, q) for q in tokens.quantities(sentence))


def _where_said(folded: str, quantity: tokens.Quantity) -> str:
    """The words around ``quantity`` in ``folded``, quoted, for a finding's reason."""
    return repr(folded[max(0, quantity.start - 60) : quantity.end + 40].strip())


_BEFORE_NOW = r"(?:\s+(?:already|originally|previously|initially|first))?"
_PAST_MONEY = re.compile(
    r"(?:\b(?:that|which)\s+)?(?:"
    rf"\byou(?:'ve|\s+have|\s+had)?{_BEFORE_NOW}\s+(?:paid|spent)\b"
    r"|(?:\byou\s*)?(?:\b(?:has|have|had)\s+been\b|\b(?:was|were)\b|'ve\s+been\b)"
    rf"{_BEFORE_NOW}(?:\s+(?:charged|paid|billed|debited|spent|taken|refunded|credited)\b)?)"
)
"""Words of an amount's clause that say it moved before, in a listing: "you were charged
$3,048.69", "you paid $193.38 for it", "the $4.24 that was refunded last month", with the
words around them that say so ("that you originally paid", "you were first charged")."""
_MOVED_NOW = re.compile(rf"{_TAKEN.pattern}|{_GIVEN_BACK.pattern}|{_SHOWN_ON_METHOD.pattern}")
"""Words of money moved, outside what a listing says moved before: what its write moves."""


def _past_blanked(folded: str) -> str:
    """``folded`` with what each amount's clause says moved before (:data:`_PAST_MONEY`) set
    aside, every position kept: in a listing such an amount tells what was paid, not what the
    write it proposes will move, and is blanked; but when the clause also says the amount moves
    now ("refund the $924.50 you paid", "the $3,822.06 you were originally charged will be
    refunded"), the amount is what the write moves, and only the words of the past are
    blanked."""
    spans: list[tuple[int, int]] = []
    for quantity in tokens.quantities(folded):
        start, end = _clause_of_amount(folded, quantity)
        past = [m.span() for m in _PAST_MONEY.finditer(folded, start, end)]
        if not past:
            continue
        rest = blanked(folded[start:end], [(first - start, last - start) for first, last in past])
        if _undenied_in(rest, _MOVED_NOW, 0, len(rest)):
            spans += past  # said moved now too: the amount stays, its past goes
        else:
            spans.append((quantity.start, quantity.end))
    return blanked(folded, spans)


_TAKEN_AHEAD = re.compile(
    rf"{_TAKEN.pattern}|\b(?:pay|paying|owe|owed|extra|additional|due|cover|covering)\b"
)
"""Words of money to be taken, in a listing: :data:`_TAKEN`, and "you'll pay", "owe", "an
extra", "an additional", "balance due", "cover a $4.24 difference"."""
_GIVEN_AHEAD = re.compile(
    rf"{_GIVEN_BACK.pattern}|\b(?:saves?|saving|savings)\b"
    r"|\b(?:go|goes|going|come|comes|coming)\s+back\b"
)
"""Words of money to be given back, in a listing: :data:`_GIVEN_BACK`, and "you'll save", "the
difference goes back to your PayPal"."""
_DEARER = re.compile(r"\b(?:more(?:\s+expensive)?|pricier|costlier|higher)\b")
_CHEAPER = re.compile(r"\b(?:less(?:\s+expensive)?|cheaper|lower)\b")
"""Words comparing the new price with the one paid ("$4.24 more", "$18.66 cheaper"): said of
what the write puts in, the dearer costs money, the cheaper gives it back."""
_COMPARED_RIGHT_AFTER = re.compile(rf"[\s*_]*(?:{_DEARER.pattern}|{_CHEAPER.pattern})")
_OLD_SUBJECT = re.compile(
    r"\b(?:current|old|original|existing|previous|present|former)\b"
    r"|\byou(?:'ve|\s+have)?\s+(?:have|paid|bought|own)\b"
)
"""Words of what the customer has, before a comparison's "than" ("your current one is $4.24
more"): the comparison is then of the old price, the other way round, and not read."""
_THAN = re.compile(r"\bthan\b")


def _compared_way(folded: str, start: int, end: int) -> str | None:
    """The way the comparisons of ``folded[start:end]`` (a clause of a listing) say money
    moves: :data:`CHARGED` for "$4.24 more", "more expensive", :data:`REFUNDED` for "$18.66
    cheaper", "less"; None when there is none, both, or the clause's subject is what the
    customer has (:data:`_OLD_SUBJECT` before any "than")."""
    than = _THAN.search(folded, start, end)
    if _OLD_SUBJECT.search(folded, start, than.start() if than else end):
        return None
    dearer = _undenied_in(folded, _DEARER, start, end)
    cheaper = _undenied_in(folded, _CHEAPER, start, end)
    if bool(dearer) == bool(cheaper):
        return None
    return CHARGED if dearer else REFUNDED


def _listed_ways(folded: str, quantity: tokens.Quantity, clause: tuple[int, int]) -> set[str]:
    """The ways a listing says the amount ``quantity`` (in its ``clause``) will move: a
    comparison right after it decides ("you'll pay $4.24 less", "$18.66 cheaper"); else each
    undenied word of money taken (:data:`_TAKEN_AHEAD`), given back (:data:`_GIVEN_AHEAD`) and
    each comparison of the clause, but a charge named as the thing given back ("the $108
    charge will be refunded")."""
    compared = _compared_way(folded, *clause)
    if compared and _COMPARED_RIGHT_AFTER.match(folded, quantity.end):
        return {compared}
    taken = _undenied_in(folded, _TAKEN_AHEAD, *clause)
    given_back = _undenied_in(folded, _GIVEN_AHEAD, *clause)
    if _charge_given_back(folded, taken, given_back):
        taken = []
    ways = {CHARGED} if taken else set()
    ways |= {REFUNDED} if given_back else set()
    return ways | ({compared} if compared else set())


def direction_misstated(
    folded: str, charged: AbstractSet[Decimal], refunded: AbstractSet[Decimal]
) -> list[tokens.Quantity]:
    """The amounts a listing (folded) says will be taken that the writes it proposes refund and
    do not charge, and those it says will be given back that they charge and do not refund
    (:func:`_listed_ways`): the amount is right, the way it moves is not ("You'll pay $5.80
    more" of a refund of 5.80, "$18.66 cheaper" or "you'll get $18.66 back" of a charge of
    18.66, "**Balance due:** $4.24" of a refund). An amount said both ways, or as another
    figure, hedged, denied or asked (:func:`_another_figure`) is not read."""
    found = []
    for quantity in tokens.quantities(folded):
        if not told.is_amount(folded, quantity) or quantity.value == 0:
            continue
        clause = _clause_of_amount(folded, quantity)
        if _another_figure(_comparison_after_blanked(folded, quantity), quantity, clause):
            continue
        ways = _listed_ways(folded, quantity, clause)
        said, other = (refunded, charged) if ways == {CHARGED} else (charged, refunded)
        # said one way only, of an amount moved the other way only
        if len(ways) == 1 and quantity.value in said - other:
            found.append(quantity)
    return found


def _comparison_after_blanked(folded: str, quantity: tokens.Quantity) -> str:
    """``folded`` with the comparison right after ``quantity`` blanked, every position kept:
    "$18.66 cheaper" says the difference itself, which such words otherwise set aside as another
    figure than the money moved (:data:`_NOT_THE_COST`)."""
    compared = _COMPARED_RIGHT_AFTER.match(folded, quantity.end)
    if compared is None:
        return folded
    return folded[: compared.start()] + " " * len(compared.group()) + folded[compared.end() :]


_THE_DIFFERENCE = re.compile(r"\b(?:the|this|that|a)\s+(?:price\s+)?difference\b")
"""The price difference named without its amount ("the difference will be refunded")."""
_NO_CHARGE = re.compile(
    r"\bno\s+(?:additional\s+|extra\s+)?(?:charges?|cost|payment(?!\s+method))\b"
    r"|\bnothing\s+(?:more\s+|extra\s+)?(?:will\s+be\s+|is\s+|to\s+be\s+|gets?\s+)?"
    r"(?:charged|owed|due|to\s+pay)\b"
    r"|\b(?:won't|will\s+not)\s+be\s+charged\b|\bfree\s+of\s+charge\b"
    r"|\bat\s+no\s+(?:extra\s+|additional\s+)?cost\b"
)
_NO_REFUND = re.compile(
    r"\bno\s+refunds?\b|\bnothing\s+(?:will\s+be\s+|is\s+|to\s+be\s+)?(?:refunded|credited)\b"
    r"|\b(?:won't|will\s+not)\s+be\s+(?:refunded|credited)\b"
)
_NO_DIFFERENCE = re.compile(
    r"\bno\s+(?:price\s+)?difference\b|\b(?:the\s+)?same\s+price\b|\bcosts?\s+the\s+same\b"
)
"""Words of a listing denying that money moves: a charge, a refund, either."""
_CONDITION = re.compile(r"\b(?:if|would|could|whether|any|unless|when|once|or|either)\b")
"""Words of a sentence that leave the way money moves open: a condition, a choice ("paying or
receiving the price difference")."""


def unsaid_way_misstated(
    folded: str, charged: AbstractSet[Decimal], refunded: AbstractSet[Decimal]
) -> list[tuple[int, int]]:
    """Where a listing (folded) that states no amount the writes move says, of their money, the
    way it moves with no amount: the price difference said to move the way no write moves it
    ("the price difference will be refunded" of a charge; "it's cheaper, so you'll get the
    difference back"), or money denied to move the way the writes move it ("no price
    difference, so nothing will be charged" of a charge). Not in a question nor under a
    condition ("if the new one is cheaper, the difference will be refunded")."""
    moved = charged | refunded
    if not moved or any(q.value in moved for q in tokens.quantities(folded)):
        return []
    found = []
    for word in _THE_DIFFERENCE.finditer(folded):
        start, end = clause_of(folded, word.start())
        if _unconditional(folded, start, end):
            taken = _undenied_in(folded, _TAKEN_AHEAD, start, end)
            given = _undenied_in(folded, _GIVEN_AHEAD, start, end)
            compared = _compared_way(folded, *_sentence_of(folded, start, end))
            way = {CHARGED} if taken else set()
            way |= {REFUNDED} if given else set()
            way = way or ({compared} if compared else set())
            # said one way only, and no write moves money that way
            if len(way) == 1 and not (charged if CHARGED in way else refunded):
                found.append((start, end))
    denials = ((_NO_CHARGE, charged), (_NO_REFUND, refunded), (_NO_DIFFERENCE, moved))
    for words, denied in denials:
        for word in words.finditer(folded):
            start, end = clause_of(folded, word.start())
            if denied and _unconditional(folded, start, end):
                found.append((start, end))
    return sorted(set(found))


def _unconditional(folded: str, start: int, end: int) -> bool:
    """Whether the clause ``folded[start:end]`` states what moves: not under a condition, in
    its sentence, nor asked."""
    first, last = _sentence_of(folded, start, end)
    return not _CONDITION.search(folded, first, last) and folded[last : last + 1] != "?"


def _says_moved(text: str) -> bool:
    """Whether ``text`` (a table's header cell: "Charged", "Refunded to") says money moved."""
    folded = fold_lower(text)
    return bool(_ways_said(folded, 0, len(folded)))


def _holds_money(text: str) -> bool:
    """Whether ``text`` (a table's cell) holds an amount of money ("$139", "USD 139")."""
    return any(q.money for q in tokens.quantities(fold_lower(text)))


def _way(amount: Decimal) -> str:
    return REFUNDED if amount < 0 else CHARGED


def _plain(amount: Decimal) -> str:
    """``amount`` as a reason writes it: its size, no sign, no trailing zeros ("123")."""
    return format(abs(amount).normalize(), "f")
