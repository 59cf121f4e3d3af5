"""A roster of the group beside the plan that leaves someone out.

A planning answer often lists who the plan is for: "RSVP: Ana ✅, Björn ✅, Zoë ❌", "Invites
sent to Ana, Björn, José, Zoë and Mei.", "Attendees: Thomas, Dylan". Such a list that names
some of the group but not all of it, or marks one of them with a cross, says the plan is for
part of the group, whatever the plan scores. :func:`roster_leaves_out` reads it:

- a list follows a roster's label (:data:`ROSTER_LABEL`: RSVP, invites sent to, invited,
  attendees, guests, participants, roster, headcount, who's coming, confirmed, booked or
  reserved for) up to the end of its line or sentence;
- it names two or more of the group (a name followed by "'s" is someone's thing, no member:
  "Confirmed: Ana's vegan dish") and not all of them, says nothing of the rest ("everyone",
  "all six", "and the others", "+4"), holds no one else ("Thomas, Dylan and you"), and those
  it leaves unnamed are not said to be in elsewhere ("Raj is coming too"); or it marks a
  member with a cross or a no ("Zoë ❌", "Zoë (declined)", "Zoë: no").

A markdown table with a column of who comes ("| Guest | Coming |", "| Name | RSVP |") is read as
such a list, its status cell after each name: "| Zoë | No |" is "Zoë (no)".

A roster naming everyone passes; names without a label ("Ana and Björn love it") are no roster.
Reads :func:`checkers.text.fold_lower` text, where ❌ is ":x:" and ✗ is "x".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from checkers import tables
from checkers.left_out import OUT_MARKS, OUT_STATUS

ROSTER_LABEL = re.compile(
    r"(?:^|(?<=\n))[ \t>]*(?:[-*\u2022]\s+|\d+[.)]\s+)?[*_]*(?:rsvps?|invited|invitees|roster"
    r"|headcount|attendance"
    r"|invite\s+list|attendees|attending|guests|guest\s+list|participants|coming|party"
    r"|going|joining|in|yes|available|can\s+(?:come|make\s+it|attend|join)"
    r"|who(?:'s|\s+is|\s+are)\s+(?:coming|attending|joining|invited|going)|confirmed)"
    r"[*_]*(?:\s*\([^)\n]{0,20}\))?[*_]*\s*[:\u2013\u2014-]"
    r"|\b(?:invites?\s+(?:went\s+out\s+|sent\s+|going\s+out\s+)?to|invitations?\s+"
    r"(?:went\s+out\s+|sent\s+)?to|(?:table|booked|booking|reserved|reservation|seats?)\s+for)\b",
    re.MULTILINE,
)
"""A label a list of the group follows: a word and a colon or dash opening a line or list item
("RSVP:", "**Guests:**", "Attendees (5):", "- Confirmed -"), or words leading to the list
("Invites sent to", "Table for"). A word inside a sentence is no label ("if the booking isn't
confirmed, Ana can't make it", "Allergies confirmed: ...")."""
_OUT_LABEL = re.compile(
    r"(?:^|(?<=\n)|(?<=[.;!]\s))[ \t>]*(?:[-*\u2022]\s+|\d+[.)]\s+)?[*_]*"
    r"(?:optional|not\s+(?:coming|attending|joining|going|invited|confirmed)"
    r"|can'?t\s+(?:come|make\s+it|attend|join)|cannot\s+(?:come|make\s+it|attend|join)"
    r"|declined|regrets|absent|away|out|maybe|tentative|pending"
    r"|undecided|unconfirmed|no|late|(?:arriving|joining|coming)\s+late|leaving\s+early"
    r"|no\s+(?:response|reply)(?:\s+yet)?|fyi|cc|excused|skipping|unavailable)"
    r"[*_]*(?:\s*\([^)\n]{0,20}\))?[*_]*\s*[:\u2013\u2014]",
    re.MULTILINE,
)
"""A label of those out of the plan, late to it or undecided, opening a line or list item
("Optional: Jerry", "Not coming: Raj", "Pending: Jerry"): a member listed after it is out,
unless the list gives times (:data:`_DIGIT`: "Unavailable: Ana (9:00 - 9:30)" lists busy
times, which the busy readers weigh against the plan)."""
_DIGIT = re.compile(r"\d")
_LABEL_CUES = (
    *("rsvp", "invit", "attend", "guests", "guest list", "particip", "who", "confirmed"),
    *("roster", "headcount", "going", "joining", "in", "yes", "available", "can "),
    *("coming", "party", "table for", "booked for", "booking for", "reserved for"),
    *("reservation for", "seats for", "seat for"),
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
    r"\s*(?:[:(\-\u2013\u2014]\s*)?(?:(?::x:|x|:no_entry(?:_sign)?:|:thumbsdown:"
    r"|:negative_squared_cross_mark:|no|nope|out|maybe|tentative|pending|tbc|tbd|\?"
    r"|skipping|absent|away|sick|ill|unavailable|excused|optional|regrets|late|no-show)"
    r"(?=\s*(?:[),;.!\n]|$))|declined|not\s+(?:coming|attending|joining)"
    r"|can'?t\s+(?:come|make\s+it|attend|join)|cannot\s+(?:come|make\s+it|attend|join)"
    r"|won'?t\s+(?:come|make\s+it|attend|join)|out\s+sick|sends?\s+regrets)"
)
"""A cross, a no or an absence right after a name, ending its item: "Zoë ❌" (folded ":x:"),
"Zoë (declined)", "Zoë: no", "Zoë (maybe)", "Raj - skipping", "Mei: late", "Ana (can't
make it)"; not a note that goes on ("Björn (no dairy)", "Raj - out by 19:30")."""
_STRUCK_NAME = re.compile(r"~~([^~\n]{1,40})~~")
"""A name struck through in a list ("~~Raj~~"): crossed out."""


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
    if not members:
        return None
    patterns = _members(tuple(tuple(names) for names in members))
    if "|" in folded:
        for table, attendance in _table_rosters(folded, patterns):
            _, crossed = _read_list(table, patterns)
            if crossed or (attendance and _leaves_out(folded, table, patterns)):
                return table
        row = marked_row(folded, patterns)
        if row is not None:
            return row
    for label in _OUT_LABEL.finditer(folded):
        segment = _list_after(folded, label.end())
        if _DIGIT.search(segment) is None and any(m.listed.search(segment) for m in patterns):
            return folded[label.start() : label.end() + len(segment)].strip()
    if not any(cue in folded for cue in _LABEL_CUES):
        return None
    for label in ROSTER_LABEL.finditer(folded):
        segment = _list_after(folded, label.end())
        if not any(member.listed.match(segment, _lead(segment)) for member in patterns):
            continue  # a list of the group starts with a member ("Table for 6 - Ana asked...")
        if _leaves_out(folded, _STRUCK_NAME.sub(r"\1 :x:", segment), patterns):
            return folded[label.start() : label.end() + len(segment)].strip()
    return None


_ITEM = re.compile(r"\n[ \t]*(?:[-*\u2022]|\d+[.)])[ \t]+[^\n]*")
_LEAD = re.compile(r"[\s*_>|-]*(?:(?:only|just|both)\s+)?")


def _list_after(folded: str, at: int) -> str:
    """The list after a label ending at ``at``: the rest of its line or sentence, or, when the
    label ends its line, the list items on the lines that follow."""
    end = _LIST_END.search(folded, at)
    segment = folded[at : end.start() if end else len(folded)]
    if segment.strip(" *_:"):
        return segment
    items = []
    position = at + len(segment)
    while (item := _ITEM.match(folded, position)) is not None:
        items.append(item.group())
        position = item.end()
    return ",".join(items) if items else segment


def _lead(segment: str) -> int:
    """Where a list's first item starts: past spaces, markdown and "only"."""
    lead = _LEAD.match(segment)
    return lead.end() if lead else 0


_STATUS_HEADER = re.compile(
    r"\b(?:coming|attending|attends|attendance|rsvps?|going|joining|invited|comes|will\s+attend"
    r"|can\s+(?:come|make\s+it)|in\?|available|status|confirmed|response)\b"
)
"""A table column's header saying whether each one comes ("| Guest | Coming |"), or a state of
each ("| Guest | Status |")."""
_ATTENDANCE_HEADER = re.compile(
    r"\b(?:coming|attending|attends|attendance|rsvps?|going|joining|invited|comes|will\s+attend"
    r"|can\s+(?:come|make\s+it)|in\?)\b"
)
"""A header that is about coming alone: a table under it lists the group, and one it leaves
out is out. Under a state of any kind ("Status", "Confirmed": of an allergy, a dish) only a
cross or a no counts."""


def _table_rosters(folded: str, members: Sequence[_Member]) -> list[tuple[str, bool]]:
    """Each markdown table of ``folded`` with a column of who comes or of each one's state
    (:data:`_STATUS_HEADER`) whose rows name two members or more, as a list: per row naming a
    member, that cell and the status in brackets ("zoë (no)"); with whether the table is one
    of attendance (:data:`_ATTENDANCE_HEADER`), so that one left out of it is out."""
    lines = folded.split("\n")
    found = []
    for index, status in tables.headed_tables(lines, _STATUS_HEADER):
        headers = tables.cells(lines[index])
        attendance = any(_ATTENDANCE_HEADER.search(headers[k]) for k in status)
        items = []
        for row in tables.rows_from(lines, index + 2):
            cells = tables.cells(row)
            who = next((c for k, c in enumerate(cells) if k not in status and c), None)
            if who is None or not any(m.listed.search(who) for m in members):
                continue
            said = " ".join(cells[k] for k in status if k < len(cells))
            items.append(f"{who} ({said})" if said else who)
        if len(items) >= 2:
            found.append((", ".join(items), attendance))
    return found


_CELL_OUT = re.compile(rf"[*_\s]*(?:{OUT_STATUS}|{OUT_MARKS})[*_\s.!]*")
"""A cell that marks its row's member out of the plan, late to it or undecided: a cross or a
status alone ("\u274c", "No", "TBD", "can't make it"; :data:`checkers.left_out.OUT_STATUS`)."""
_OF_COMING = re.compile(
    r"(?:not (?:coming|attending|joining|going)|can'?t|cannot|won'?t|late|early|declined"
    r"|skipping|absent|away|sick|regrets|bail|no-show|out|tbd|tbc|pending|tentative|maybe"
    r"|undecided|unconfirmed|cancel)"
)
"""Words of a status cell that speak of coming, whatever the column is called ("| Raj | can't
make it |" under "Notes"); a bare no, cross or "busy" speaks of the column's header."""
_NO_IS_NOT_OUT = re.compile(
    r"\b(?:busy|booked|blocked|conflicts?|clash\w*|blocks?|meetings?|calls?|allerg\w*"
    r"|contains?|issues?|problems?|risks?|concerns?|restrict\w*|diet\w*|vegan|vegetarian"
    r"|pescatarian|dairy|gluten|nuts?|peanuts?|shellfish|spic\w*|meat|halal|kosher|alcohol"
    r"|drinks?|needs?|avoid\w*|excluded?|notes?|comments?|remarks?)\b"
)
"""A column whose cells say what a member has or needs, or their busy times ("| Guest |
Allergies |", "| Person | Busy |"): a no or a cross there is no mark out of the plan ("| Raj
| No |" under "Busy" is free)."""


def marked_row(folded: str, members: Sequence[_Member]) -> str | None:
    """The first row of a markdown table in ``folded`` (:func:`checkers.text.fold_lower` text)
    whose first cell naming someone names a member and which marks them out
    (:data:`_CELL_OUT`: "| Raj | \u274c |", "| Raj | can't make it |"), unless a no there is
    of what the column holds (:data:`_NO_IS_NOT_OUT`: "| Person | Busy |"); else None. A
    cell of a status of coming (:data:`_OF_COMING`) marks its member out under any column
    but one of busy times."""
    lines = folded.split("\n")
    for index, line in enumerate(lines):
        if not tables.starts_table(lines, index):
            continue
        headers = tables.cells(line)
        for row in tables.rows_from(lines, index + 2):
            cells = tables.cells(row)
            first = next((k for k, c in enumerate(cells) if c), None)
            if first is None or not any(m.listed.search(cells[first]) for m in members):
                continue
            for column, cell in enumerate(cells[first + 1 :], first + 1):
                if _CELL_OUT.fullmatch(cell) is None:
                    continue
                header = headers[column] if column < len(headers) else ""
                if _NO_IS_NOT_OUT.search(header) is None:
                    return row.strip()
                if _OF_COMING.search(cell) and _TIME_HEADER.search(header) is None:
                    return row.strip()
    return None


_TIME_HEADER = re.compile(r"\b(?:busy|booked|blocked|blocks?|meetings?|calls?)\b")
"""A column of busy times, where a status of coming is a meeting's ("| Jerry | Busy | late
|")."""
