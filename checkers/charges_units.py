"""A price said per unit: the units a price may be said per, and the words right after an
amount that say it is one ("$597 per passenger", "$50 a bag", "$50/bag", "$50 each").

One vocabulary for every reader of money said: an amount said per unit is no whole figure of
what moved (:mod:`checkers.charges_said`), of a difference from what was paid before
(:mod:`checkers.charges_before`) or of a write's cost (:mod:`checkers.charges_cost`).

Matched on folded, lower-cased text (:func:`checkers.text.fold_lower`).
"""

from __future__ import annotations

import re

UNIT_KINDS = {
    "travellers": r"passengers?|persons?|people|travell?ers?|tickets?|seats?|heads?|adults?"
    r"|guests?|children|child|infants?",
    "bags": r"bags?|pieces?|suitcases?",
    "items": r"items?|products?|units?",
    "segments": r"segments?|flights?|legs?",
    "nights": r"nights?",
}
"""The nouns of units a price is said per, one pattern per kind of unit, by the kind's name (the
key a domain gives counts by, :class:`checkers.charges_said.Terms`): a count of travellers
counts the units of a price per passenger, not of one per bag."""
UNIT = "(?:" + "|".join(UNIT_KINDS.values()) + ")"
"""A noun of any kind of unit (:data:`UNIT_KINDS`)."""
PER_UNIT = (
    rf"(?:/\s*{UNIT}|(?:per|each|every)\s+(?:[\w-]+\s+){{0,2}}?{UNIT}\b|an?\s+{UNIT}\b"
    r"|each\b|apiece\b)"
)
"""The words that make an amount before them a price per unit ("per passenger", "per checked
bag", "a bag", "/bag", "each", "apiece"): a unit named after "per", "each", "every", "a" or a
slash, or "each" or "apiece" alone. "Per" naming no unit ("per the fare rules") is none."""
PER_UNIT_AFTER = re.compile(rf"\s*{PER_UNIT}")
"""Matched right after an amount: it is said as a price per unit."""
