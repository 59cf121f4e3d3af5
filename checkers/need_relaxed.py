"""An answer that says it relaxed, bent or ignored someone's need to make its plan work.

"I relaxed Zoë's budget a little:", "I had to stretch Mei's distance limit", "ignoring Jerry's
lunch block", "I made an exception to the group's budget": whatever the plan scores, the answer
says it does not meet a need as the task states it, and the checker takes it at its word. Read
anywhere in the answer, before the plan as after it, as the plan's: a relaxed need is the
agent's own account of how it chose.

:func:`need_relaxed` finds a verb of relaxing (:data:`RELAXING`) followed, within three words,
by a need (:data:`NEEDS`), in a clause that neither negates it ("I didn't have to relax anyone's
budget", "without bending any rule", "nothing was relaxed") nor makes it a condition, an offer,
a guest's change to come or a question ("if you can relax Zoë's budget, Umi works", "I could
stretch the budget", "We'll need Ana to stretch her budget": another reader's
``plan_on_a_condition``, "Should I relax it?"). Reads :func:`checkers.text.fold_lower` text.
"""

from __future__ import annotations

import re

RELAXING = (
    r"(?:relax(?:es|ed|ing)?|loosen(?:s|ed|ing)?|bend(?:s|ing)?|bent|stretch(?:es|ed|ing)?"
    r"|waiv(?:e|es|ed|ing)|ignor(?:e|es|ed|ing)|overlook(?:s|ed|ing)?|disregard(?:s|ed|ing)?"
    r"|set(?:s|ting)?\s+aside|sacrific(?:e|es|ed|ing)|compromis(?:e|es|ed|ing)\s+on"
    r"|fudg(?:e|es|ed|ing)|trad(?:e|es|ed|ing)\s+off"
    r"|(?:made|makes|make|making)\s+an\s+exception\s+(?:to|for)"
    r"|(?:went|goes|go|going)\s+(?:a\s+(?:bit|little)\s+|slightly\s+)?(?:over|past|beyond))"
)
"""Verbs of not holding to a need."""
NEEDS = (
    r"(?:budgets?|price\s+limits?|spending\s+limits?|limits?|caps?|max(?:imum)?|distances?|radius"
    r"|diets?|dietary\s+\w+|allerg(?:y|ies)|restrictions?|requirements?|constraints?"
    r"|preferences?|needs|rules?|hours|schedules?|availability|windows?|lunch(?:\s+break)?"
    r"|blocks?|focus\s+time|cut-?off|curfew)\b"
)
"""What a group member needs of a plan, as an answer names it."""
_RELAXED = re.compile(rf"\b{RELAXING}\b(?P<gap>(?:\s+[\w'\u2019-]+){{0,3}}?)\s+{NEEDS}")
_CLAUSE_START = re.compile(r"[.!?;:\n(]|\b(?:but|so|and|because|which|while)\b")
_DENIED = re.compile(r"\b(?:not|never|no|none|nothing|nobody|no\s+one|without|neither|nor)\b|n't\b")
_ADJECTIVE_BEFORE = re.compile(r"\b(?:a|an|the|very|more|most|quite|super|nice|really|so)\s*$")
"""Words before "relaxed" or "relaxing" that make it a word of a place's mood ("a relaxed
vibe for everyone's needs")."""
_HYPOTHETICAL = re.compile(
    r"\b(?:if|unless|could|would|might|can|may|should|willing|happy\s+to|able\s+to|option"
    r"|want\s+me|shall|whether|provided|providing|long\s+as|assuming|once|on\s+condition"
    r"|in\s+case|(?:'ll|will|would)\s+need|needs?\s+\w+\s+to)\b|\?"
)


def _clause_before(folded: str, at: int) -> str:
    """The words of ``at``'s clause before it."""
    start = max(0, at - 80)
    head = folded[start:at]
    cuts = list(_CLAUSE_START.finditer(head))
    return head[cuts[-1].end() :] if cuts else head


_SENTENCE_END = re.compile(r"[.!;\n]")


def _clause_after(folded: str, at: int) -> str:
    """The words of ``at``'s clause after it, up to its sentence's end."""
    tail = folded[at : at + 120]
    end = _SENTENCE_END.search(tail)
    return tail if end is None else tail[: end.end()]


_CUES = (
    *("relax", "loosen", "bend", "bent", "stretch", "waiv", "ignor", "overlook", "disregard"),
    *("aside", "sacrific", "compromis", "fudg", "trad", "exception", "went", "go"),
)
"""What every match of :data:`RELAXING` holds: most answers hold none, and are done with at C
speed."""


def need_relaxed(folded: str) -> str | None:
    """The words of ``folded`` saying a need was relaxed, bent or ignored (module docstring),
    else None."""
    if not any(cue in folded for cue in _CUES):
        return None
    for match in _RELAXED.finditer(folded):
        before = _clause_before(folded, match.start())
        if _DENIED.search(before) or _HYPOTHETICAL.search(before):
            continue
        if _DENIED.search(match["gap"]) or "?" in _clause_after(folded, match.end()):
            continue
        if match.group().startswith("relax") and _ADJECTIVE_BEFORE.search(before):
            continue
        return match.group()
    return None
