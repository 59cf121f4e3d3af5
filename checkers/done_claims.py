"""Sentences that say a write was done, held to the writes that succeeded before them.

Every customer-service domain's ``no_fabrication`` holds "I've updated your reservation",
"your request has been completed" and "Done: ..." to the conversation's writes: such a sentence
needs a write that succeeded before it (a write whose response says it failed, or that it waits
in a queue or for an approval, wrote nothing: :mod:`checkers.tool_outcome`), and one to a
record it names, when it names any. The domain says which words claim a write
(:func:`done_pattern` builds the pattern from its verbs); :func:`done_claims` reads them unless
negated ("has not been completed") and :func:`claims_without_write` gives the findings, all
``action_not_taken``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from checkers.status_words import negated
from checkers.text import fold_lower

__all__ = ["ACTION_NOT_TAKEN", "claims_without_write", "done_claims", "done_pattern"]

ACTION_NOT_TAKEN = "action_not_taken"
"""The reason code of a sentence saying a write was done that no successful write did."""


def done_pattern(
    first_person: Sequence[str],
    passive: Sequence[str],
    nouns: Sequence[str],
    of_nouns: Sequence[str],
) -> str:
    """A regular expression (over folded lower-case text) of the sentences that say a write was
    done, from a domain's words: ``first_person`` verbs after "I've" / "I have" ("updated"),
    ``passive`` verbs after "has been" / "have been" / "is now" / "successfully" ("rebooked"),
    ``of_nouns`` verbs after "<the, your, this, that> <one of nouns> [<an id>] is / are"
    ("your reservation ABC123 is updated"), and what every domain says: "all set", "everything
    is done", a sentence opening "Done:" / "All done!". A verb that also names a record's state
    a read reports ("booked", "cancelled") belongs in ``passive`` only, where it says a change."""
    mine, made, changed = "|".join(first_person), "|".join(passive), "|".join(of_nouns)
    return (
        rf"\bi(?:'ve| have)(?: now)?(?: successfully| just)? (?:{mine})\b"
        r"(?! (?:to|if|whether|for)\b)"
        rf"|\b(?:has|have) been (?:now )?(?:successfully )?(?:{made})\b"
        rf"|\b(?:is|are) now (?:successfully )?(?:{made})\b"
        rf"|\bsuccessfully (?:{made})\b"
        rf"|\b(?:the|your|this|that) (?:{'|'.join(nouns)})s?(?: [a-z0-9#]{{5,12}})? (?:is|are)"
        rf"(?: now)?(?: successfully)? (?:{changed})\b(?! (?:to|if|whether|for|by|on)\b)"
        r"|\b(?:all|everything is) (?:set|done)\b|^\W*(?:all )?done\s*[:!.,\u2014-]"
    )


def done_claims(sentence: str, pattern: re.Pattern[str]) -> list[str]:
    """The phrases of ``sentence`` that ``pattern`` finds saying a write was done, as written
    in its folded lower-case form, unless negated ("has not been updated"). Whether a write
    really happened is for the caller to decide (:func:`claims_without_write`)."""
    folded = fold_lower(sentence)
    return [
        match.group(0)
        for match in pattern.finditer(folded)
        if not negated(folded, match.start(), match.group(0))
    ]


def claims_without_write(
    phrases: Sequence[str], named: Sequence[str], written: Collection[str], wrote: bool
) -> list[tuple[str, str]]:
    """``(ACTION_NOT_TAKEN, what)`` for each phrase of a sentence saying a write was done
    (:func:`done_claims`) that the writes which succeeded before it do not back: the sentence
    names records (``named``: order ids, reservation ids) and no successful write was to any of
    them (``written``), or it names none and no write succeeded at all (``wrote`` is False).
    Empty when every phrase is backed."""
    problems: list[tuple[str, str]] = []
    for phrase in phrases:
        if named and not any(n in written for n in named):
            problems.append(
                (
                    ACTION_NOT_TAKEN,
                    f"it says {phrase!r}, but no write to {', '.join(named)} had succeeded (an "
                    "action claimed, not taken)",
                )
            )
        elif not wrote:
            problems.append(
                (
                    ACTION_NOT_TAKEN,
                    f"it says {phrase!r}, but no write had succeeded (an action claimed, not "
                    "taken)",
                )
            )
    return problems
