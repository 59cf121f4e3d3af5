"""The words around a status claim that change what it says, for every domain whose agent states
the statuses of things it names (orders, flights): a negation before the status ("has not been
delivered", "is no longer delayed"), and a clause that leaves the status out, saying the same
as the claim before it ("... and #W2 too", "... as is HAT207", "... nor has #W2") or denying it
("... but HAT207 is not").

Written once here, so a form one domain's reader learns the other's reads too. Every pattern
works on :func:`checkers.text.fold_lower` text; the fragments are regular-expression source for
a domain to place around its own ids and nouns.
"""

from __future__ import annotations

import re

__all__ = ["AUX", "NOT_AFTER", "SAME_AFTER", "SAME_BEFORE", "negated"]

AUX = r"(?:was|is|were|are|has|have|had|did|does|do)"
"""The auxiliary verbs that stand in for a status left out ("as *was* #W2", "#W2 *hasn't*")."""

SAME_AFTER = rf"(?:{AUX}\s+)?(?:too|as\s+well|also)"
"""Words after a group of ids that say its status is the one before ("... and HAT207 too")."""

SAME_BEFORE = rf"(?:so|as|nor|neither)\s+{AUX}\s+"
"""Words before a group of ids that say the same ("... and so is HAT207", "... nor has #W2":
after a negative claim, "nor" repeats it)."""

NOT_AFTER = rf"{AUX}(?:n't|\s+not)(?:\s+(?:yet|either))?"
"""Words after a group of ids that leave the status out and deny it ("... but #W2 was not");
after a negative claim they repeat it ("#W1 hasn't shipped and #W2 hasn't either")."""

_NEGATED_BEFORE = re.compile(
    r"(?:\bnot|n't|\bnever|\bno longer|\byet to|\bnor)\s+"
    r"(?:(?:yet|been|be|even|actually|currently|still|really|got|gotten|being|quite)\s+){0,3}$"
)
_NEGATED_INSIDE = re.compile(r"\bnot\b|n't|\bnever\b")
_NEGATION_REACH = 40
"""How far before a status phrase its negation is looked for: a negation and up to three
filler words ("has not actually been")."""


def negated(folded: str, start: int, phrase: str) -> bool:
    """Whether the status ``phrase`` found at ``start`` of ``folded`` is negated: a negation
    just before it ("not", "n't", "never", "no longer", "yet to", "nor", then at most three words
    such as "been" or "actually") or inside it ("did not arrive")."""
    before = folded[max(0, start - _NEGATION_REACH) : start]
    return bool(_NEGATED_BEFORE.search(before) or _NEGATED_INSIDE.search(phrase))
