"""What a report after writes says of the difference from what was paid before them, for
:mod:`checkers.charges_said`'s ``amount_not_moved``: "$218 charged, which is $79 more than you
paid before", "your new fare is $218 higher than your original fare".

Such an amount is a difference of two figures, one of them what was paid before the writes,
which only the domain knows (:attr:`checkers.charges_said.Terms.before`): it must be an amount
moved ("you paid $218 more than before") or the distance from one of those earlier figures to an
amount the report states or the writes moved ($218 charged is $79 more than the $139 paid
before). An amount said so that is neither implies a wrong earlier payment ("$218 charged, which
is $30 more than you paid before": that says $188 was paid). Without the domain's earlier
figures no such amount is held.

Pure functions over a folded (lower-cased) text.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from decimal import Decimal

from checkers import tokens
from checkers.charges_units import PER_UNIT

_THAN_BEFORE = re.compile(
    r"[\s*_]*(?:more|less|higher|lower|cheaper|over|under)\s+than\s+"
    r"(?:(?:what|the\s+amount|the\s+price)\s+)?(?:you|your\s+card)"
    r"(?:'d|'ve|\s+had|\s+have|\s+were|\s+originally|\s+first|\s+previously|\s+already)*\s+"
    r"(?:paid|been\s+charged|charged|spent)\b"
    r"|[\s*_]*(?:more|less|higher|lower|cheaper|over|under)\s+than\s+(?:your|the)\s+"
    r"(?:original|previous|earlier|old|first|current)\s+(?:fare|payment|price|cost|amount|charge"
    r"|ticket)s?\b"
    r"|[\s*_]*(?:more|less|higher|lower|cheaper)\s+than\s+(?:before|originally|previously)\b"
)
"""Words right after an amount that make it a difference from what was paid before ("$79 more
than you paid before", "$79 higher than your original fare", "$79 more than before")."""
_PER_UNIT = re.compile(rf"[^.!?;\n]{{0,30}}?(?<!\w){PER_UNIT}")
"""Words of a price per unit (:data:`checkers.charges_units.PER_UNIT`) soon after the
difference ("$109 more than you paid for each flight"): a difference per unit, held to no
earlier payment."""


def before_misstated(
    folded: str, moved: AbstractSet[Decimal], before: AbstractSet[Decimal]
) -> list[tokens.Quantity]:
    """The amounts of money ``folded`` says as a difference from what was paid before the
    writes (:data:`_THAN_BEFORE`; not per unit, :data:`_PER_UNIT`, nor hedged nor denied) that
    are none of ``moved`` (each amount the writes moved and their sums) nor the distance from
    one of ``before`` (the figures the domain knows were paid before: each payment, their sum,
    the fare) to an amount the report states or one of ``moved``. None when ``before`` is
    empty."""
    if not before:
        return []
    money = [q for q in tokens.quantities(folded) if q.money]
    figures = {q.value for q in money} | set(moved)
    differences = {abs(f - b) for f in figures for b in before}
    return [
        q
        for q in money
        if (than := _THAN_BEFORE.match(folded, q.end))
        and not _PER_UNIT.match(folded, than.end())
        and q.value not in moved
        and q.value not in differences
        and not tokens.hedged(folded, q.start, q.end)
        and not tokens.negated(folded, q.start)
    ]
