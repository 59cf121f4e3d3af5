"""What a listing before a write says of its cost beyond the amount
(:func:`checkers.charges_said.cost_stated` reads that): a write that charges nothing must not
be listed with a charge ("The change fee is $50 on your credit card" before a free passenger
update: :func:`charge_said`), and one that charges must not be called free ("It's free of
charge with your travel insurance" after its $218: :func:`free_said`).

All text is folded and lowered (:func:`checkers.text.fold_lower`).
"""

from __future__ import annotations

import re
from decimal import Decimal

from checkers import tokens
from checkers.dates import MAY_MODAL
from checkers.status_words import clause_of
from checkers.text import sentences

_CHARGE_WORDS = re.compile(
    r"\b(?:costs|costing|charg(?:e|es|ed|ing)|fees?|bill(?:ed|ing)?|due|owe|pay|paying"
    r"|additional|extra|comes\s+to|come\s+to)\b"
)
"""Words before an amount in its clause that say it is taken from the customer ("costs $50",
"the change fee is $50", "it comes to $50"; "$50 will be charged" is read after it:
:data:`_CHARGED_AFTER`)."""
_CHARGED_AFTER = re.compile(
    r"[^.;!?\n]{0,40}?\b(?:will\s+be\s+|is\s+being\s+|gets?\s+)(?:charged|billed|debited)\b"
    r"|\s+(?:on|to)\s+(?:your|the)\s+[\w\s]{0,20}?(?:card|mastercard|visa|amex|certificate)\b"
    r"|\s+(?:[\w-]+\s+)?(?:fee|charge|surcharge)s?\b"
    r"|,?\s+(?:charged|billed|debited)\s+(?:to|on)\b"
)
"""Words right after an amount that say it is taken ("$50 will be charged", "$50 on your
credit card", "a $50 change fee")."""
_NOT_A_CHARGE = re.compile(
    r"\b(?:waived?|free|no\s+(?:extra\s+|additional\s+)?(?:charge|cost|fee)|complimentary"
    rf"|normally|usually|regularly|typically|would|could|if|might|{MAY_MODAL}|can|paid|was|were|had"
    r"|originally|previously|balance|remaining|left|holds?|available|refund\w*|credited"
    r"|(?:travel|store|account)\s+credits?"
    r"|per|each|apiece|instead|rather|not|\w+n't|never|without|same|unchanged|stays?|remains?)\b"
)
"""Words of an amount's sentence that make it no charge of the write: a fee waived or normally
due, a possibility, what was paid before, a balance, a price per unit, a refund, a denial, a
price that stays as it was ("HAT056 costs $108, the same as your current fare")."""
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")


def _sentence_of(text: str, quantity: tokens.Quantity) -> tuple[int, int]:
    """``(start, end)`` of the sentence of ``text`` holding ``quantity``: a line is one."""
    starts = [m.end() for m in _SENTENCE_END.finditer(text, 0, quantity.start)]
    end = _SENTENCE_END.search(text, quantity.end)
    return (starts[-1] if starts else 0), (end.start() if end else len(text))


def charge_said(text: str) -> tokens.Quantity | None:
    """The first amount of money above zero that ``text`` says the write takes from the
    customer: words of a charge before it in its clause (:data:`_CHARGE_WORDS`) or after it
    (:data:`_CHARGED_AFTER`), no word of its sentence making it another figure
    (:data:`_NOT_A_CHARGE`), not hedged nor denied. A write that charges nothing is misstated
    by it."""
    for quantity in tokens.quantities(text):
        if not quantity.money or quantity.value <= 0:
            continue
        start = clause_of(text, quantity.start)[0]
        charged = _CHARGE_WORDS.search(text, start, quantity.start) or _CHARGED_AFTER.match(
            text, quantity.end
        )
        if not charged or _NOT_A_CHARGE.search(text, *_sentence_of(text, quantity)):
            continue
        if tokens.hedged(text, quantity.start, quantity.end):
            continue
        if tokens.negated(text, quantity.start):
            continue
        return quantity
    return None


_FREE = re.compile(
    r"\b(?:(?:the|this|that|your)\s+(?:change|upgrade|update|modification|switch|downgrade"
    r"|booking|reservation|rebooking)|it|this|that)\s*(?:'s|is|will\s+be|comes)\s+"
    r"(?:completely\s+|entirely\s+|totally\s+|also\s+)?(?:free(?:\s+of\s+charge)?"
    r"|at\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge)|complimentary)\b"
    r"|\b(?:it|this|that)\s+(?:won't|will\s+not|doesn't|does\s+not)\s+cost\s+(?:you\s+)?"
    r"(?:anything|a\s+thing)\b"
)
"""The write called free: "It's free of charge", "This change is at no cost", "it won't cost
you anything"."""
_FREE_UNLESS = re.compile(
    r"\b(?:if|would|could|might|unless|except|but|only|however|apart|besides|other\s+than"
    r"|aside|beyond|not)\b|\?"
)
"""Words of a sentence that make the write's freedom a condition, a part or a denial ("it
would be free if ...", "it's free apart from the fare difference")."""


def free_said(text: str) -> str | None:
    """The sentence of ``text`` that calls the write free (:data:`_FREE`) with no amount of
    money in it and no word of a condition, a part or a denial (:data:`_FREE_UNLESS`), if any:
    a write that charges is misstated by it."""
    for sentence in sentences(text):
        if not _FREE.search(sentence) or _FREE_UNLESS.search(sentence):
            continue
        if any(q.money for q in tokens.quantities(sentence)):
            continue
        return sentence.strip()
    return None


_THAN_BEFORE = re.compile(
    r"[\s*_]*(?:more|higher|extra|additional)\s+than\s+(?:(?:the|what)\s+)?(?:\$\s?[\d,.]+\s+)?"
    r"(?:(?:you|your\s+card)(?:'ve|\s+have|\s+had)?(?:\s+(?:originally|first|previously|already))?"
    r"\s+(?:paid|been\s+charged)\b"
    r"|(?:your|the)\s+(?:original|previous|current|old|existing|earlier)\s+[^.;!?\n$]{0,30}?"
    r"(?:fares?|payments?|prices?|costs?|amounts?|tickets?)\b"
    r"|before|originally|previously)"
)
"""Words right after an amount that make it the difference from what was paid before ("$218
more than the $139 you originally paid", "$218 more than your current basic economy fares"):
for a change of flights or cabin, that difference is what the change charges."""


def than_before_blanked(text: str, value: Decimal) -> str:
    """``text`` with the words saying that an amount of ``value`` is more than what was paid
    before (:data:`_THAN_BEFORE`) blanked out, every position kept: such an amount states the
    charge of a change ("costs $218 more than the $139 you paid" of a charge of 218), and
    :func:`checkers.charges_said.cost_stated` reads "more than" as making it another figure."""
    for quantity in tokens.quantities(text):
        if not quantity.money or quantity.value != value:
            continue
        than = _THAN_BEFORE.match(text, quantity.end)
        if than is not None:
            text = text[: than.start()] + " " * len(than.group(0)) + text[than.end() :]
    return text
