"""Whether a listing before a booking says the booking buys travel insurance: "with travel
insurance", "travel insurance included", "**Travel insurance:** Yes", or does without it ("no
travel insurance", "Travel insurance: not needed", "insurance waived"). A booking that buys none
must not be listed as buying it, nor one that buys it as doing without (:func:`said_declined`);
one that says nothing of insurance, denies it ("no insurance", "Travel insurance: No",
"insurance is not included") or only offers or prices it ("Would you like travel insurance?",
"Travel insurance is available for $30 per passenger") lists none.

All text is folded and lowered (:func:`checkers.text.fold_lower`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from checkers.dates import MAY_MODAL
from checkers.status_words import clause_of
from checkers.tokens import denied_before

INSURANCE = re.compile(r"\b(?:travel\s+)?insurance\b")
"""Travel insurance named."""
_BOUGHT_BEFORE = re.compile(
    r"\b(?:with|including|plus|add(?:s|ed|ing)?|purchas\w*|buy(?:s|ing)?|bought)"
    r"\s+(?:(?:the|a|your|optional|full)\s+)?$|\+\s*$"
)
"""Words right before insurance that put it in the booking: "with travel insurance", "plus
insurance", "+ insurance"."""
_BOUGHT_AFTER = re.compile(
    r"[\s*_]*(?:(?:is|will\s+be|has\s+been|gets?|was)\s+)?"
    r"(?:included|added|selected|purchased|bought|applied|booked)\b"
    r"|[\s*_]*(?:\(\s*)?(?::|\||-|\u2013|\u2014|=)[\s*_|]*(?:yes|included|added|selected|purchased"
    r"|\$\s?\d|\u2713|\u2714|\u2705)"
)
"""Words right after insurance that put it in the booking: "travel insurance included",
"insurance has been added", "**Travel insurance:** Yes", "| Insurance | $30 |"."""
_DENIED_AFTER = re.compile(
    r"[\s*_:|(=-]*(?:(?:is|was|has\s+been|will\s+be|being|now|included|added|selected"
    r"|purchased)[\s*_:|?=-]*)?(?:(?:no|not|none|n/a|declined|excluded|removed|dropped|deleted"
    r"|skipped|waived|refused|taken\s+off|opted\s+out|without)\b|\u2717|\u2718|\u274c)"
)
"""A denial right after insurance: "Travel insurance included: No", "with the travel insurance
removed", "insurance is not included", "Travel insurance: declined", "Travel insurance: not
needed / none / skipped", "travel insurance waived"."""
_HEDGED = re.compile(
    rf"\b(?:if|would|could|can|{MAY_MODAL}|might|whether|option\w*|available|offer\w*|want"
    r"|like|recommend\w*|eligible|cost|costs|priced|per|each)\b|\?"
)
"""Words of a clause that make insurance named there an offer, a price or a rule ("if you'd
like travel insurance", "travel insurance is available for $30 per passenger"), not a part of
the booking. The month ("on May 28 with travel insurance") is no "may"."""


_NO_OTHER_ITEM = re.compile(
    r"\b(?:no|without)\s+(?!(?:travel\s+)?insurance\b)[\w-]+(?:\s+[\w-]+){0,3}?"
    r"(?:\s*,\s*|\s+)(?:and\s+)?(?:with|including|plus)\s+(?:(?:the|a|your|optional|full)\s+)?$"
)
"""A "no" or "without" of another item, then a preposition putting insurance in: "no checked
bags with travel insurance", "with no checked bags and with travel insurance". The determiner
denies its own noun; the preposition starts a new item of the listing."""


def _denied(text: str, position: int) -> bool:
    """Whether insurance named at ``position`` in ``text`` is denied earlier in its clause
    (:func:`checkers.tokens.denied_before`), a "no" of another item aside
    (:data:`_NO_OTHER_ITEM`) unless a negation stands before that one too ("I won't book it
    with no bags with travel insurance")."""
    other = _NO_OTHER_ITEM.search(text, max(0, position - 60), position)
    if other is not None and other.end() == position:
        return denied_before(text, other.start())
    return denied_before(text, position)


def _bought_at(text: str, match: re.Match[str]) -> bool:
    """Whether insurance named at ``match`` in ``text`` is said bought: with words of buying
    right before or after it, no denial before it in its clause nor right after it
    (:data:`_DENIED_AFTER`), and no word offering or pricing it in its clause
    (:data:`_HEDGED`)."""
    start, end = clause_of(text, match.start())
    if _HEDGED.search(text, start, max(end, match.end())):
        return False
    if _denied(text, match.start()):
        return False
    if _DENIED_AFTER.match(text, match.end()):
        return False
    before = _BOUGHT_BEFORE.search(text, max(0, match.start() - 30), match.start())
    return before is not None or _BOUGHT_AFTER.match(text, match.end()) is not None


def named_undenied(text: str) -> bool:
    """Whether ``text`` (folded, lowered) names travel insurance somewhere no negation in its
    clause denies (:func:`_denied`): "with no bags and with travel insurance" names it, "no
    travel insurance" does not."""
    return any(not _denied(text, m.start()) for m in INSURANCE.finditer(text))


def said_bought(messages: Sequence[str]) -> bool:
    """Whether the last of ``messages`` (folded, lowered) that names travel insurance says the
    booking buys it (:func:`_bought_at`): the last word on it stands ("You'd asked about
    insurance earlier; it's not included" after an offer)."""
    named = [m for m in messages if INSURANCE.search(m)]
    return bool(named) and any(_bought_at(named[-1], m) for m in INSURANCE.finditer(named[-1]))


def _declined_at(text: str, match: re.Match[str]) -> bool:
    """Whether insurance named at ``match`` in ``text`` is said declined: a denial before it in
    its clause ("no travel insurance") or right after it (:data:`_DENIED_AFTER`: "Travel
    insurance: not needed", "| Travel insurance | No |")."""
    return _denied(text, match.start()) or _DENIED_AFTER.match(text, match.end()) is not None


def said_declined(messages: Sequence[str]) -> bool:
    """Whether the last of ``messages`` (folded, lowered) that names travel insurance says, at
    each place it names it, that the booking does without it (:func:`_declined_at`): a booking
    that buys insurance must not be listed so, as one that buys none must not be said to buy it
    (:func:`said_bought`). An offer or a price of it ("Would you like travel insurance?") is no
    refusal."""
    named = [m for m in messages if INSURANCE.search(m)]
    return bool(named) and all(_declined_at(named[-1], m) for m in INSURANCE.finditer(named[-1]))
