"""A roster of the group beside the plan that leaves someone out.

A planning answer often lists who the plan is for: "RSVP: Ana ✅, Björn ✅, Zoë ❌", "Invites
sent to Ana, Björn, José, Zoë and Mei.", "Attendees: Thomas, Dylan". Such a list that names
some of the group but not all of it, or marks one of them with a cross, says the plan is for
part of the group, whatever the plan scores. :func:`roster_leaves_out` reads it:

- a list follows a roster's label (:data:`ROSTER_LABEL`: RSVP, invites sent to, invited,
  attendees, guests, participants, who's coming, confirmed, booked or reserved for) up to the
  end of its line or sentence;
- it names two or more of the group (a name followed by "'s" is someone's thing, no member:
  "Confirmed: Ana's vegan dish") and not all of them, says nothing of the rest ("everyone",
  "all six", "and the others", "+4"), holds no one else ("Thomas, Dylan and you"), and those
  it leaves unnamed are not said to be in elsewhere ("Raj is coming too"); or it marks a
  member with a cross or a no ("Zoë ❌", "Zoë (declined)", "Zoë: no").

A roster naming everyone passes; names without a label ("Ana and Björn love it") are no roster.
Reads :func:`checkers.text.fold_lower` text, where ❌ is ":x:" and ✗ is "x".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

ROSTER_LABEL = re.compile(
    r"\b(?:(?:rsvps?|invited|invitees|invite\s+list|attendees|attending|guests|guest\s+list"
    r"|participants|who(?:'s|\s+is|\s+are)\s+(?:coming|attending|joining|invited)|confirmed)"
    r"\b[*_]*\s*[:\u2013\u2014-]"
    r"|(?:invites?\s+(?:went\s+out\s+|sent\s+|going\s+out\s+)?to|invitations?\s+"
    r"(?:went\s+out\s+|sent\s+)?to|(?:table|booked|booking|reserved|reservation)\s+for)\b)"
)
"""A label a list of the group follows: a word and a colon or dash ("RSVP:", "Confirmed -"),
or words leading to it ("Invites sent to", "Table for"). A word alone is no label ("if the
booking isn't confirmed, Ana can't make it")."""
_LABEL_CUES = (
    *("rsvp", "invit", "attend", "guests", "guest list", "particip", "who", "confirmed"),
    *("table for", "booked for", "booking for", "reserved for", "reservation for"),
)
"""What every match of :data:`ROSTER_LABEL` holds: most answers hold none, and are done with
at C speed."""
_LIST_END = re.compile(r"\n|[.!?](?:\s|$)|$")
_GOES_ON = re.compile(
    r"\b(?:everyone|everybody|all|whole|entire|the group|the others|the rest|rest of|others"
    r"|etc|you|me|myself|yourself|us)\b|\+\s*\d|\u2026|\.\.\."
)
"""Words that say a list goes on past the names it gives, or holds someone else ("Thomas,
Dylan and you": the user may be the one it leaves unnamed)."""
_CROSS = (
    r"\s*(?:[:(\-\u2013\u2014]\s*)?(?::x:|x\b|:no_entry(?:_sign)?:|:thumbsdown:|no\b|declined"
    r"|not\s+coming|can'?t\s+(?:come|make\s+it)|out\b)"
)
"""A cross or a no right after a name: "Zoë ❌" (folded ":x:"), "Zoë (declined)", "Zoë: no"."""


_IN_TOO = r"\b[^.!?\n]{0,40}?\b(?:too|as well|also|is in|is coming|will (?:come|join)|joins)\b"
"""After a member's name elsewhere, words saying they are in ("Raj is coming too")."""


@dataclass(frozen=True)
class _Member:
    """One member's names as patterns: in a list (a cross may follow) and said to be in."""

    listed: re.Pattern[str]
    in_too: re.Pattern[str]


@lru_cache(maxsize=256)
def _members(forms: tuple[tuple[str, ...], ...]) -> tuple[_Member, ...]:
    """Per member, their names (folded, lowered) as a whole word not followed by "'s"."""
    members = []
    for names in forms:
        name = "|".join(re.escape(f) for f in sorted(names, key=len, reverse=True))
        word = rf"(?<![\w'])(?:{name})(?!\w|'s\b|\u2019s\b)"
        members.append(
            _Member(re.compile(rf"{word}(?P<cross>{_CROSS})?"), re.compile(word + _IN_TOO))
        )
    return tuple(members)


def _read_list(segment: str, members: Sequence[_Member]) -> tuple[list[_Member], bool]:
    """Which members ``segment`` leaves unnamed, and whether it marks one with a cross."""
    unnamed = []
    crossed = False
    for member in members:
        match = member.listed.search(segment)
        if match is None:
            unnamed.append(member)
        elif match["cross"]:
            crossed = True
    return unnamed, crossed


def _leaves_out(folded: str, segment: str, members: Sequence[_Member]) -> bool:
    """Whether the list ``segment`` of ``folded`` leaves a member out (module docstring)."""
    unnamed, crossed = _read_list(segment, members)
    if crossed:
        return True
    if len(members) - len(unnamed) < 2 or not unnamed or _GOES_ON.search(segment):
        return False
    # Those left unnamed may be said to be in elsewhere ("Raj is coming too").
    return any(member.in_too.search(folded) is None for member in unnamed)


def roster_leaves_out(folded: str, members: Sequence[Sequence[str]]) -> str | None:
    """The words of ``folded`` (:func:`checkers.text.fold_lower` text) listing the group but
    leaving someone out (see the module docstring), else None. ``members``: each member's names
    as an answer may write them (folded, lowered: "bjorn", "bjorn berg")."""
    if not members or not any(cue in folded for cue in _LABEL_CUES):
        return None
    patterns = _members(tuple(tuple(names) for names in members))
    for label in ROSTER_LABEL.finditer(folded):
        end = _LIST_END.search(folded, label.end())
        segment = folded[label.end() : end.start() if end else len(folded)]
        if _leaves_out(folded, segment, patterns):
            return folded[label.start() : label.end() + len(segment)].strip()
    return None
