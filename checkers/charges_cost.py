"""The amounts a listing before a write ties to the write's own action by a verb of cost
(:func:`cost_misstated`), beside :func:`checkers.charges_said.cost_stated`: "Upgrading Z7GOZK to
economy costs $99", "The change to HAT056 will cost $39". Such an amount is said as what the
write will charge: when it is not the write's cost, the listing states a wrong cost, whatever
other option it prices at the right one ("premium economy would be $218", "yesterday's quote was
$218").

Only the domain knows the words naming its writes' actions; an amount is tied to the action only
when the subject before the verb names it and no other write of the domain (the subject may
price several writes at once: "upgrading and adding a bag costs $268"), the verb is said outright
(not "would cost": a condition may price another option), and the amount stands alone: not per
unit ("$109 per passenger", "$54 each"), not a term of a sum ("$357 minus $139", "$109 for HAT188
and $109 for HAT207"), not hedged ("$54 or $41").

Pure functions over a folded (lower-cased) text.
"""

from __future__ import annotations

import re
from decimal import Decimal

from checkers import tokens
from checkers.charges_units import PER_UNIT
from checkers.text import fold_lower

_SENTENCE_START = re.compile(r"[.!?;:\n(](?!\d)")
_COST_VERB = re.compile(
    r"\b(?:costs|will\s+cost|is\s+going\s+to\s+cost|comes\s+to|will\s+come\s+to)"
    r"(?:\s+(?:you|only|just))?(?:\s+an?\s+(?:additional|extra)|\s+a\s+total\s+of)?[\s*_]*$"
)
"""A verb of cost said outright, right before an amount ("costs $99", "will cost you an extra
$99"); not "would cost", "used to cost"."""
_NOT_ALONE_AFTER = re.compile(
    rf"\s*(?:{PER_UNIT}|/|for\s+(?:each|every)\b|minus\b|plus\b|less\b|more\b"
    r"|[-+\u2212\u2013\u2014]\s*\$|or\b)"
)
"""Words right after an amount that make it no whole cost of the write: a price per unit
(:data:`checkers.charges_units.PER_UNIT`), a term of a sum, an option among several ("$54/$41",
"$54 or $41"), a difference from another figure ("$30 more than premium")."""
_PARTS_AFTER = re.compile(r"[^.!?;\n$]{0,60}?(?:\band\b|\bplus\b|,)[^.!?;\n$]{0,40}?\$")
"""Another amount joined to one later in its sentence: the first of the parts the cost is said in
("costs $109 for HAT188 and $109 for HAT207")."""


def _subject(folded: str, start: int) -> str:
    """The words of ``folded`` before ``start`` back to the start of its sentence or clause."""
    begin = 0
    for stop in _SENTENCE_START.finditer(folded, 0, start):
        begin = stop.end()
    return folded[begin:start]


def action_costs(folded: str, action: str, other_actions: str = "") -> list[tokens.Quantity]:
    """The amounts of money in ``folded`` said as what the write named by ``action`` (a
    regular-expression source of words, "upgrad\\w*|chang\\w*") costs: right after a verb of
    cost said outright (:data:`_COST_VERB`), whose subject, back to the start of its sentence,
    names the action, no other write (``other_actions``; "" none) and no other amount, and not
    followed by words of a price per unit or a sum (:data:`_NOT_ALONE_AFTER`) nor hedged. None
    when ``action`` is ""."""
    if not action:
        return []
    own = re.compile(rf"\b(?:{action})\b")
    others = re.compile(rf"\b(?:{other_actions})\b") if other_actions else None
    found = []
    for quantity in tokens.quantities(folded):
        if not quantity.money:
            continue
        subject = _subject(folded, quantity.start)
        verb = _COST_VERB.search(subject)
        if verb is None:
            continue
        named = subject[: verb.start()]
        if not own.search(named) or (others is not None and others.search(named)):
            continue
        if "$" in named or any(q.money for q in tokens.quantities(named)):
            continue
        if _NOT_ALONE_AFTER.match(folded, quantity.end) or _PARTS_AFTER.match(folded, quantity.end):
            continue
        if tokens.hedged(folded, quantity.start, quantity.end):
            continue
        found.append(quantity)
    return found


_CORRECTED = re.compile(
    r"(?:^|[.!?\n]\s*)[*_>\s]*(?:actually|correction|sorry|oops|apologies|my mistake|i mean"
    r"|scratch that|wait)\b[^.!?\n$]{0,40}?(?:\bis|'s|\bcomes to|\bwill be|\bcosts?|\bmake that"
    r"|\bbe)(?: only| just| actually| really)?[\s*_]*(?=\$|\d)"
)
"""A sentence taking back what came before, up to the amount it puts in its place ("Actually,
it is only $100.", "Sorry, the total comes to $99.", "Correction: make that $100"): the amount
said last as the cost."""


def corrected_costs(folded: str) -> list[tokens.Quantity]:
    """The amounts of money in ``folded`` that a sentence of correction puts in place of the
    cost (:data:`_CORRECTED`), standing alone (not per unit nor a term of a sum:
    :data:`_NOT_ALONE_AFTER`) and not hedged."""
    starts = {m.end() for m in _CORRECTED.finditer(folded)}
    return [
        q
        for q in tokens.quantities(folded)
        if q.money
        and q.start in starts
        and not _NOT_ALONE_AFTER.match(folded, q.end)
        and not tokens.hedged(folded, q.start, q.end)
    ]


def cost_misstated(
    listing: str, value: Decimal, action: str, other_actions: str = ""
) -> list[tokens.Quantity]:
    """The amounts ``listing`` (the message a customer's yes answers) ties to the write's action
    (:func:`action_costs`) or puts in place of its cost by a correction
    (:func:`corrected_costs`: "Actually, it is only $100.") that are not its cost ``value``
    (positive) nor denied ("it does not cost $99"): "Upgrading Z7GOZK to economy costs $99" of
    an upgrade of 218 states a wrong cost, whatever else the listing says. An amount tied to
    the action may be a new total whose difference from an amount the listing states is the
    cost ("costs $357 in fares; less the $139 you paid, $218"). Only corrections when
    ``action`` is ""."""
    folded = fold_lower(listing)
    # a new total the listing takes a figure it states from to make the cost ("upgrading costs
    # $357 in fares; less the $139 you paid, $218 is charged") says no other cost; a correction
    # takes back what came before, so it makes no total of it
    stated = {q.value for q in tokens.quantities(folded) if q.money}
    tied = [q for q in action_costs(folded, action, other_actions) if q.value - value not in stated]
    return [
        q
        for q in (*tied, *corrected_costs(folded))
        if q.value != value and not tokens.negated(folded, q.start)
    ]
