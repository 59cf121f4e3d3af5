"""A dinner plan said not to be for every guest, in dining's words (read through
:mod:`checkers.left_out`, which scheduling's slots are read through too).

:func:`said_not_for_everyone` finds, in an answer's folded and casefolded text, every place
that says the plan is not for the whole group:

- ``part``: a guest left out of the dinner or part of it (late, leaving early, joining for
  dessert, sitting it out, optional: "José will be a bit late"); the plan said to suit all but
  a guest ("Everyone except Björn can eat at Green Fork") or only some ("suits most of the
  group", "five of the six guests"), or booked for another number ("a table for 5" for six
  guests, "Guests: 5"); a guest making do ("Ana can just have a side salad",
  "Björn will have to skip the cheese course", "Raj will have to eat beforehand", "Ana can't
  eat anything there"); a guest's limit passed ("slightly over Zoë's budget", "a bit over her
  4 km limit"; not when denied: "not over Zoë's budget"): ``plan_for_part_of_group``;
- ``need``: the plan's restaurant (or "it", "the restaurant" after it) said to break a need of
  the group ("Green Fork has nothing vegetarian", "Everything at Green Fork has dairy", "It's
  over budget"; read by :mod:`domains.dining.needs_broken`): ``plan_for_part_of_group``;
- ``claim``: a claim that no plan suits everyone ("There's no perfect option", "the best
  compromise I could find"): ``plan_and_no_plan``;
- ``condition``: the plan said to hold only if a guest changes what they do ("provided Ana is
  okay with the salad", "as long as José can leave work early", "If Mei is okay with a taxi,
  this works", "We'll need Zoë to stretch her budget"): ``plan_on_a_condition``.

Not in a question or under a condition ("If José is running late, ..."). Which plan the words
are said of (this one, or a restaurant weighed before it) is the caller's to decide
(:func:`domains.dining.judge._said_of_another`, :func:`said_of_the_last_named`).
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from checkers import left_out, tables
from checkers.busy_spans import DEPARTURE, DEPARTURE_CUES, busy_during
from checkers.final_word import Mention, clock_minutes
from checkers.plan_words import (
    CLOCK_TIME,
    HOUR_ALONE,
    NOT_AN_HOUR_AFTER,
    SENTENCE_CUT,
    TIME_LIKE,
    clock_near,
    hour_alone_near,
)
from checkers.results import AnswerProblem
from checkers.text import holds_any, matches_from
from domains.dining.needs_broken import PLAN_SUBJECT, GroupNeeds, said_broken

_PRONOUNS = r"he|she"
"""Pronouns for one guest ("they" is as often the restaurant: "they can't seat us")."""
_EVENTS = "dinner|meal|evening|table|reservation|booking"
_GROUPS = "group|party|table"
_WHOLES = "us|them|you|group|party|guests|table|diners|people|the group"
_NOT_COUNTED = (
    r"dish(?:es)?|mains?|courses?|items?|restaurants?|places?|options?|stars?|reviews?|km"
    r"|miles?|minutes?|mins?|hours?|times?|tables?|menus?|spots?|choices?"
)
_MODALS = left_out.MODALS
_MEAL_PART = (
    r"(?:the (?:[\w-]+\s+)?(?:course|meal|main|mains|dinner|entree|starter|dessert|appetizer)"
    r"|this one|dinner|the meal)"
)
_SIDE = (
    r"(?:sides?|(?:a |the )?(?:side )?salad|drinks?|bread(?: basket)?|starters?|appetizers?"
    r"|snacks?|desserts?|coffee|tea|fries|rice|chips)"
)
_SERVED = re.compile(
    r"\b(?:can|could|will|'ll) (?:eat|dine|have|find|make it|come|join|get there|enjoy|love"
    r"|like)"
    r"|\b(?:is|are|'s|'re|will be) (?:covered|fine|happy|set|good|sorted|catered for"
    r"|accommodated|within|ok|okay|all set)\b"
    r"(?!\s+with\b(?!\s+(?:it|this|that|the plan|the (?:place|restaurant|choice|pick))\b))"
    r"|\b(?:works?|suits?|fits?|covers?|serves?|accommodates?|on the menu)\b"
    r"|\b(?:has|have) (?:options|something|plenty|choices|a dish)"
)
"""Words that say the plan serves those named: all but a guest or some of the group served
says the plan is not for the others ("Everyone except Björn can eat there", "Five of the six
guests are covered"); with anything else it says something else ("Everyone except Raj eats
meat", "5 of the 6 guests are happy with vegan food")."""
_CONDITION_CHANGES = (
    r"mov(?:e|es|ing)|reschedul\w*|shorten\w*|skip\w*|cancel\w*|shift\w*|free(?:s|ing)? up"
    r"|agree\w*|(?:is|are) willing|giv(?:e|es|ing) up|leav(?:e|es|ing)"
    r"|(?:is|are|'s|be) (?:ok|okay|fine|happy|alright|comfortable|flexible) with"
    r"|(?:doesn't|does not|don't|do not) mind|accept\w*|stretch\w*|settl\w*|tolerat\w*"
    r"|tak(?:e|es|ing) (?:a|the) (?:taxi|cab|car|ride|bus|train|uber|lyft)|gets? a ride"
    r"|eat(?:s|ing)? (?:beforehand|before|first|elsewhere)|bring\w*|mak(?:e|es|ing) do"
    r"|arriv\w* late|relax\w*|waiv\w*|bend\w*"
)
"""What a guest may be asked to change for the plan to hold: their calendar (as scheduling
reads it), their way there, their diet or budget, or what they accept."""
_PLAN_NOUNS = "restaurant|place|option|plan|choice|spot|venue|fit|match"
_NO_PLAN = left_out.no_plan_for_all(
    nouns=_PLAN_NOUNS,
    flat=rf"\bno\s+(?:perfect|ideal)\s+(?:{_PLAN_NOUNS})e?s?\b"
    r"|\bthe closest (?:match|fit|thing|we can get|I could (?:find|get))\b",
    not_after="issues?|problems?|worries|extra|charge|deposit|fee",
    verbs="find|book|fit|get|please|satisfy|accommodate|seat|cover",
    compromise_not_before=r"(?!\s+(?:between|on|in terms of|of|for (?:price|cost|budget)))",
)
_EVERYONE = left_out.everyone(
    "guests|diners|of you", _GROUPS, r"|every (?:box|requirement|need|restriction)"
)
_OVER = r"over|above|exceed(?:s|ing)?|beyond|outside(?: of)?|past|breaks?|blows?"
_LIMIT = r"(?:budget|limit|range|radius|cap|maximum|max)\b"
_DEGREE = (
    r"(?:(?:that|so|too|very)\s+)?(?:much|far|way|a lot|hugely|massively|significantly"
    r"|substantially|terribly|wildly|dramatically)"
)
_DENIED_BEFORE = re.compile(
    r"(?:\b(?:not|never|no|without|nowhere near|nothing|none|no one|nobody)|n't)"
    rf"(?!\s+(?:(?:be|go|going|get|getting|come|run|end up)\s+)?{_DEGREE}\s+$)"
    r"\W+(?:(?!(?:but|and|or|so|yet|though|although|however|while|whereas|because|since"
    r"|still)\b)\w+\W+){0,4}$"
)
"""A negation a few words before "over her budget", in its clause: "not over Zoë's budget",
"won't go over her limit", "without going even slightly over", "not, by any stretch, over",
"nothing on the menu is over her budget"; not one of how far it is over ("not much over her
budget": over, by a little), nor one before "but" or "and" ("not cheap, but slightly over her
budget"), nor one of its own before a break and another subject's verb (:data:`_NEW_CLAUSE`)."""
_NEW_CLAUSE = re.compile(
    r"(?:[,;:!?.\u2014]|\s-+\s)\W*(?:\w+\W+){0,3}?(?:is|are|was|were|will|would|goes|went|'s|'re"
    r"|'ll)\b"
)
"""A clause of its own between a negation and "over": "No problem, Zoë is over her budget",
"Not ideal: she's over her limit" (an interjection, no denial of the limit passed)."""
_CLAIM_CUES = re.compile(r"\bno\b|not|compromise|closest|find|possible")
_NO_PLAN_WORDS = ("perfect", "ideal", "closest", "compromise", "possible")
_SPACED_PLAN_NOUN = re.compile(rf"\s(?:{_PLAN_NOUNS})")


def _may_claim_no_plan(lowered: str) -> bool:
    """False when :data:`_NO_PLAN` finds nothing in ``lowered`` (lowered ASCII text, as the
    reader's folded text is), by words every match holds: its flat claims' words, "possible",
    or a plan noun after a space ("no restaurant", "find a place": a JSON key such as
    ``"restaurant"`` is none). Most answers hold a cue of :data:`_CLAIM_CUES` ("no" in "no food
    restrictions") but none of these, and the pattern costs some 200 us on an answer of 400
    characters (``tests/test_fast_paths_2.py`` draws texts from it)."""
    return holds_any(lowered, _NO_PLAN_WORDS) or _SPACED_PLAN_NOUN.search(lowered) is not None


@dataclass(frozen=True)
class Said:
    """Words that say the plan is not for everyone, and which kind (see the module)."""

    kind: str
    """``part``, ``claim`` or ``condition``."""
    match: re.Match[str]
    """Where in the folded text."""
    of_this_plan: bool = False
    """Said of this plan whatever other plan its sentence names: a guest leaving inside this
    dinner's hours misses part of it, whichever restaurant the sentence speaks of; the plan's
    restaurant said to break a need ("Green Fork has nothing vegetarian")."""
    back: int | None = None
    """Where a word for the restaurant named last stands ("it", "the restaurant", "there"),
    when the words are said of it ("I chose Green Fork. It's over budget."): the caller binds
    them to that restaurant."""


_THEM = r"(?:him|her|them)"
_NOTHING_TO_EAT = (
    r"(?:no|zero)\s+(?:(?:suitable|safe|good|viable|real|possible|available|edible|decent)\s+)?"
    r"(?:options?|dish(?:es)?|mains?|meals?|choices?|food|items?|picks?)"
    rf"(?:\s+(?:for\s+{_THEM}|available|left|there|here|on\s+the\s+menu|at\s+all))*"
    r"|nothing(?:\s+(?:suitable|safe|edible|available|to\s+eat|to\s+order|there|here|at\s+all"
    rf"|for\s+{_THEM}|on\s+(?:the|its|their)\s+menu|(?:works|fits|suits)(?:\s+for)?"
    rf"(?:\s+{_THEM})?))*"
)
"""A status saying a guest has nothing to eat ("no options", "no suitable dishes", "nothing
to eat", "nothing on the menu works for him"); not what a guest does not eat ("no dairy",
"nothing with peanuts") nor a bare "none", which beside a name as often answers a list of
allergies."""
_BARE_NOTHING = r"(?:none|nothing|n/a|-+|\u2014|\u2013|0)"
"""A table cell saying its row's guest has nothing, under a header of what each eats."""
_DISH_HEADER = re.compile(
    r"\b(?:dish(?:es)?|orders?|meals?|food|options?|menu|picks?|mains?|eats?|choices?)\b"
)
"""A table column's header of what each guest eats ("| Guest | Dish |", "| Name | Options |")."""
_NEED_HEADER = re.compile(
    r"\b(?:allerg\w*|diet\w*|restrict\w*|needs?|avoid\w*|notes?|intoleran\w*)\b"
)
"""A header of what a guest cannot have, where "none" and "no ..." say nothing is needed."""
_CELL_NOTHING = re.compile(rf"[*_\s]*(?:{_NOTHING_TO_EAT})[*_\s.!]*")
_CELL_BARE = re.compile(rf"[*_\s]*{_BARE_NOTHING}[*_\s.!]*")


def _names_a_guest(cell: str, guests: _Guests) -> bool:
    """Whether table ``cell`` opens with a guest's name or a pronoun as a whole word."""
    named = guests.start.match(cell)
    return named is not None and not cell[named.end() : named.end() + 1].isalnum()


def _nothing_in_a_table(folded: str, guests: _Guests) -> list[re.Match[str]]:
    """Each row of a markdown table in ``folded`` whose first cell names a guest and one of
    whose cells says they have nothing to eat: :data:`_NOTHING_TO_EAT` under any header but
    one of needs (:data:`_NEED_HEADER`), or a bare "none", "0" or dash under a header of what
    each eats (:data:`_DISH_HEADER`: "| Raj | none |" under "Dish")."""
    if "|" not in folded:
        return []
    lines = folded.split("\n")
    offsets = list(itertools.accumulate((len(line) + 1 for line in lines), initial=0))
    found = []
    for index, line in enumerate(lines):
        if not tables.starts_table(lines, index):
            continue
        headers = tables.cells(line)
        for row_index in range(index + 2, index + 2 + len(tables.rows_from(lines, index + 2))):
            row = lines[row_index]
            cells = tables.cells(row)
            first = next((k for k, c in enumerate(cells) if c), None)
            if first is None or not _names_a_guest(cells[first], guests):
                continue
            for column, cell in enumerate(cells[first + 1 :], first + 1):
                header = headers[column] if column < len(headers) else ""
                if _NEED_HEADER.search(header):
                    continue
                if _CELL_NOTHING.fullmatch(cell) or (
                    _DISH_HEADER.search(header) and _CELL_BARE.fullmatch(cell)
                ):
                    at = offsets[row_index]
                    found.append(_span(folded, at, at + len(row)))
                    break
    return found


_ADVISED = (
    r"\s+(?:should|ought to|might want to|may want to|would want to|'d want to|had better"
    r"|'d better|is advised to)"
)
"""Words advising a guest to do something ("Raj should eat before coming", "might want to")."""
_EAT = (
    r"(?:eat(?:\s+(?:something|a bite|a snack))?|(?:grab|get|have)\s+(?:something(?:\s+to\s+eat)?"
    r"|a bite|a snack|food|dinner))"
)
"""Eating something ("eat", "grab a bite", "have something to eat")."""
_SIDE_ONLY = (
    r"\s+only\s+(?:option|choice|dish|pick)\s+(?:is|would be|will be)\s+(?:a |the |some )?"
    rf"{_SIDE}\b"
)


@dataclass(frozen=True)
class _Led:
    """Words led by a guest ("Raj will be late"), tried only where a guest is named: ``tail``,
    compiled once for every group, right after the guest as ``leader`` reads it (``guest``: a
    name or a pronoun as a word, a name never before "'s", which is mostly a possessive;
    ``person``: the same, also before "'s", for tails that read "'s" as "is" or "has" ("Ana's
    away", "Raj's declined"); ``owner``: a name and "'s": "Ana's only option is a side salad";
    ``name``: a name, the tail saying where it ends)."""

    tail: re.Pattern[str]
    leader: str = "guest"


_LED = (
    _Led(left_out.absent("", _EVENTS), leader="person"),
    _Led(left_out.optional("")),
    _Led(left_out.marked("")),  # "Raj: no", "Zoë: can't make it", "Raj (late)", "Raj ❌"
    _Led(  # joining for dessert, arriving after everyone else (sitting it out: left_out.absent)
        re.compile(
            r"(?:(?:\s+(?:can|could|will|may)|'ll)\s+(?:(?:only\s+|just\s+)?(?:join|come|meet)"
            r"|(?:only|just)\s+stay)"
            r"|(?:\s+is|'s)\s+(?:only|just)\s+(?:coming|joining|stopping by|popping in"
            r"|dropping by|staying))"
            r"(?:\s+[\w']+){0,4}?\s+(?:for|at)\s+(?:dessert|drinks|coffee|the end|after-dinner)"
            rf"|{_MODALS}\s+(?:arrive|join|get there|show up|come)(?:\s+[\w']+){{0,4}}?"
            r"\s+(?:after|later than)\s+(?:everyone else|the others|the rest|the group)"
        )
    ),
    _Led(  # making do
        re.compile(
            r"(?:\s+(?:can|could|will|'ll|may))?\s+(?:just|only)\s+(?:have|order|eat|get)"
            rf"\s+(?:a |the |some )?{_SIDE}\b"
            rf"|{_MODALS}(?:\s+(?:have|need) to)?\s+(?:skip|forgo|go without)\s+{_MEAL_PART}"
            rf"|(?:{_MODALS}|{_ADVISED})(?:\s+(?:have|need) to)?\s+{_EAT}\s+(?:beforehand"
            r"|before(?: coming| dinner)?|first|elsewhere|at home|afterwards)\b"
            rf"|{_MODALS}(?:\s+(?:have|need) to)?\s+(?:bring|pack)\s+(?:his|her|their)\s+own\b"
            rf"|{_MODALS}(?:\s+(?:have|need) to)?\s+(?:make do|settle for)\b"
            rf"|{_MODALS}(?:\s+(?:have|need) to)?\s+(?:go hungry|manage|cope|get by|survive)"
            r"(?=\s*(?:[.,;:!)\]\n]|$|but\b|so\b|and\b))"
            rf"|{_MODALS}(?:\s+(?:have|need) to)?\s+(?:pay|spend)\s+(?:a (?:bit|little)\s+)?more"
            r"\s+than\s+(?:he|she|they)\s+(?:wanted|planned|hoped|budgeted|would like|can afford)"
            rf"|(?:{_MODALS}|\s+can)(?:\s+(?:have|need) to)?\s+stick\s+to\s+(?:the\s+)?{_SIDE}\b"
            r"|\s+(?:can't|cannot|won't be able to|will not be able to|isn't able to"
            r"|is unable to)\s+eat\s+(?:anything|a thing|much)(?=\s*(?:there|here|on the menu"
            r"|at (?:it|the)|[.,;:!]|$))"
            r"|\s+is\s+the\s+only\s+(?:one|guest|person)\s+(?:who|that)\s+(?:can't|cannot"
            r"|won't)\s+(?:eat|make it|come|join)"
            r"|\s+(?:won't|will not|can't|cannot|doesn't|does not|isn't going to|is not going to)"
            r"\s+(?:be able to\s+)?find\s+(?:anything|a thing|much|a single thing)"
            r"(?:\s+(?:(?:he|she|they)\s+(?:can|could)\s+(?:eat|have|order)|to\s+eat|suitable|safe"
            r"|on\s+the\s+menu|there|here))*(?=\s*(?:[.,;:!)\]\n]|$|but\b|so\b|and\b))"
            rf"|(?:{_MODALS}|\s+(?:may|might|could))\s+struggle\s+(?:to\s+(?:find|eat|order)"
            r"|with\s+(?:the|this|that)\s+menu)"
        )
    ),
    _Led(re.compile(_SIDE_ONLY), leader="owner"),
    _Led(re.compile(left_out.beside(_NOTHING_TO_EAT)), leader="name"),  # "Raj: no options"
)
"""The guest-led words of a guest left out of the dinner or part of it (:func:`left_out.absent`,
:func:`left_out.optional`, "Raj will sit this one out", "José can join for dessert") or making
do ("Ana can just have a side salad", "Björn will have to skip the cheese course")."""


@dataclass(frozen=True)
class _Guests:
    """A group's guests as the small patterns :data:`_LED` is tried after (built once per
    group, in well under a millisecond: the long patterns are not compiled per group)."""

    names: str
    """The group's names as one alternation (folded, casefolded, escaped, longest first)."""
    start: re.Pattern[str]
    """Where a name or a pronoun starts: every place a guest-led match can start."""
    leads: dict[str, tuple[re.Pattern[str], ...]]
    """For each leader of :class:`_Led`, the guest as one pattern; or, when one name may start
    where another does ("ana" and "ana maria", "he" and "he-man"), one pattern per name and
    pronoun in the alternation's order, each tried as the alternation's backtracking would."""


@lru_cache(maxsize=4096)
def _guests(names: tuple[str, ...]) -> _Guests:
    """:class:`_Guests` of ``names`` (escaped, in the alternation's order)."""
    alternation = "|".join(names)
    words = (*names, *_PRONOUNS.split("|"))
    overlap = any(a != b and b.startswith(a) for a in words for b in words)
    each = names if overlap else (alternation,)
    pronouns = tuple(_PRONOUNS.split("|")) if overlap else (_PRONOUNS,)
    guests = [rf"(?<!\w)(?:{n})\b(?!'s)" for n in each] + [rf"\b(?:{p})\b" for p in pronouns]
    persons = [rf"(?<!\w)(?:{n})\b" for n in each] + [rf"\b(?:{p})\b" for p in pronouns]
    leads = {
        "guest": guests if overlap else [_guest(alternation)],
        "person": persons if overlap else [_person(alternation)],
        "owner": [rf"(?<!\w)(?:{n})'s" for n in each],
        "name": [rf"(?<!\w)(?:{n})" for n in each],
    }
    return _Guests(
        names=alternation,
        start=re.compile(rf"(?<!\w)(?:{alternation}|{_PRONOUNS})"),
        leads={k: tuple(re.compile(p) for p in v) for k, v in leads.items()},
    )


def _led_matches(
    led: _Led, guests: _Guests, folded: str, starts: Sequence[int]
) -> list[tuple[int, re.Match[str]]]:
    """``finditer`` of ``(?:LEADER)(?:TAIL)`` in ``folded`` (the guest as ``led.leader`` reads
    it, the tail ``led.tail``), tried at ``starts`` alone: at each start not inside an earlier
    match, each way the guest is read there, in order, until the tail matches after it. Each
    match as where it starts and its tail's match. ``tests/test_fast_paths.py`` holds it to
    ``finditer`` of the whole pattern."""
    found: list[tuple[int, re.Match[str]]] = []
    end = 0
    for start in starts:
        if start < end:
            continue
        for lead in guests.leads[led.leader]:
            guest = lead.match(folded, start)
            if guest is not None and (tail := led.tail.match(folded, guest.end())) is not None:
                end = tail.end()
                found.append((start, tail))
                break
    return found


def _led_spans(
    led: _Led, guests: _Guests, folded: str, starts: Sequence[int]
) -> list[re.Match[str]]:
    """:func:`_led_matches` as matches of the whole words, guest and tail."""
    return [
        _span(folded, start, tail.end())
        for start, tail in _led_matches(led, guests, folded, starts)
    ]


_ANY = re.compile(r".+", re.S)


def _span(folded: str, start: int, end: int) -> re.Match[str]:
    """``folded[start:end]`` (not empty) as a match, as the other readers give theirs."""
    return cast(re.Match[str], _ANY.match(folded, start, end))


def _if_condition(guest: str) -> re.Pattern[str]:
    """The plan said to need a guest's change ("We'll need Zoë to stretch her budget", "If Mei
    is okay with a taxi, this works"), ``guest`` a pattern."""
    return re.compile(
        rf"\b(?:we'll|we will|we'd|we would|you'll|you'd|i'd|will|would)\s+need\s+{guest}\s+to"
        rf"\s+(?:{_CONDITION_CHANGES})\b"
        rf"|\bif\s+{guest}(?:'s)?\s+(?:[\w']+\s+){{0,3}}?(?:{_CONDITION_CHANGES})\b"
        r"[^.;!?\n]*?,\s*(?:this|it|that|the plan)(?:\s+(?:works|would work|will work"
        r"|should work)|(?:'s|\s+is)\s+(?:the|a|our|my) (?:plan|pick|option|choice|best))"
    )


_PLAN_HOLDS = (
    r"\b(?:this|it|that|the plan|the booking|everything)(?:'s|\s+(?:works|will work|would work"
    r"|should work|is fine|is good|holds|is set|will be fine))\b"
    r"|\b(?:everyone|everybody|all of (?:you|us|them)|the whole group)(?:'s|\s+(?:is|are|can|will"
    r"|'ll))\s+(?:be\s+)?(?:covered|fine|set|good|sorted|catered for|eat|dine|make it|come|join)\b"
)
"""The plan said to hold, or everyone said served ("this works", "everyone's covered",
"everyone can make it")."""
_IF = r"\b(?:if|only if|provided(?: that)?|providing|assuming(?: that)?|as long as|so long as|once)"
"""A condition's opening word."""


def _holds_if_a_guest(guest: str) -> re.Pattern[str]:
    """The plan said to hold under a condition naming a guest (``guest``, a pattern), whatever
    the condition asks ("Provided the kitchen can make something dairy-free for Björn, this
    works", "Assuming Björn can eat the salad, everyone's covered", "This works if Raj skips
    dessert"): the condition first, a comma, then the plan held, or the plan held then the
    condition, in one sentence. Not a condition naming no guest ("If anyone is late, call
    ahead"), nor one that concedes ("This works even if José is late": the plan holds)."""
    return re.compile(
        rf"(?<!even ){_IF}\s+[^.;:!?\n]{{0,80}}?{guest}[^.;:!?\n]{{0,80}}?,\s*(?:then\s+)?"
        rf"(?:{_PLAN_HOLDS})"
        rf"|(?:{_PLAN_HOLDS})[^.;:!?\n]{{0,30}}?(?<!even )\b(?:if|only if|provided|assuming"
        rf"|as long as|so long as|once)\s+[^.;:!?\n]{{0,80}}?{guest}"
    )


def _guest(names: str) -> str:
    """A guest of ``names`` (an alternation), or a pronoun, as a pattern."""
    return rf"(?:(?<!\w)(?:{names})\b(?!'s)|\b(?:{_PRONOUNS})\b)"


def _person(names: str) -> str:
    """:func:`_guest`, also before "'s" (the ``person`` leader of :class:`_Led`)."""
    return rf"(?:(?<!\w)(?:{names})\b|\b(?:{_PRONOUNS})\b)"


@dataclass(frozen=True)
class _Named:
    """Words with a guest inside them ("everyone except Björn", "over Zoë's budget"), of
    ``kind``: compiled for a group (by ``build``, from its names' alternation) only once an
    answer to it holds ``cue``, which every text the pattern matches holds
    (``tests/test_dining_left_out_cues.py`` draws texts from the patterns); a match stands
    when ``stands`` says so of it."""

    kind: str
    cue: re.Pattern[str]
    build: Callable[[str], re.Pattern[str]]
    stands: Callable[[str, re.Match[str]], bool]
    words: tuple[str, ...]
    """Words one of which every text ``cue`` finds holds: looked for first, at C speed (a cue
    of several words, or on a word boundary, is tried at every character)."""


_NAMED = (
    _Named(  # "Everyone except Björn can eat there"
        "part",
        re.compile(r"but|except|apart from|other than|save for"),
        lambda names: left_out.all_but(_GROUPS, rf"(?:{names})\b(?!'s)"),
        lambda folded, match: _serves(folded, match) or _serves_inside(match),
        ("but", "except", "apart from", "other than", "save for"),
    ),
    _Named(  # "We'll go ahead without Raj"
        "part",
        re.compile(r"without"),
        lambda names: left_out.without(rf"(?:{names})\b(?!'s)"),
        lambda folded, match: True,
        ("without",),
    ),
    _Named(  # "Raj can't."
        "part",
        re.compile(r"can't|cannot|can not|won't|will not"),
        lambda names: left_out.refuses_alone(rf"(?:{names})\b(?!'s)"),
        lambda folded, match: True,
        ("can't", "cannot", "can not", "won't", "will not"),
    ),
    _Named(  # "Raj is the only one who can't make it", "Only Raj can eat there"
        "part",
        re.compile(r"only"),
        # "Raj's the only one ...": the contraction is read by only_one, no possessive
        lambda names: left_out.only_one(rf"(?:{names})\b"),
        lambda folded, match: True,
        ("only",),
    ),
    _Named(  # "Count Mei out", "It's bad for Raj"
        "part",
        re.compile(
            r"count|leave|cross|mark|strike|loop|fill|bring|catch|brief|send|forward"
            r"|share|bad|good|tough|hard|difficult|impossible|problem|tricky|ideal|awkward|a no"
        ),
        lambda names: left_out.left_behind(rf"(?:{names})\b(?!'s)"),
        lambda folded, match: True,
        (
            *("count", "leave", "cross", "mark", "strike", "loop", "fill", "bring", "catch"),
            *("brief", "send", "forward", "share", "bad", "good", "tough", "hard", "difficult"),
            *("impossible", "problem", "tricky", "ideal", "awkward", "a no"),
        ),
    ),
    _Named(  # "slightly over Zoë's budget", not "not over Zoë's budget"
        "part",
        re.compile(_OVER),
        lambda names: re.compile(
            rf"\b(?P<over>{_OVER})\s+(?:{names})'s\s+(?:[\w$.]+\s+){{0,3}}?{_LIMIT}"
            rf"|(?<!\w)(?:{names})\b[^.;!?\n]{{0,60}}?\b(?P<over2>{_OVER})\s+(?:his|her|their)"
            rf"\s+(?:[\w$.]+\s+){{0,3}}?{_LIMIT}"
            rf"|(?<!\w)(?:{names})(?:\s+(?:is|was|will be|would be)|'s|'ll be|'d be)"
            rf"\s+(?:\w+\s+){{0,2}}?(?P<over3>{_OVER})\s+(?:the\s+)?{_LIMIT}"
        ),
        lambda folded, match: not _denied(folded, match),
        ("over", "above", "exceed", "beyond", "outside", "past", "break", "blow"),
    ),
    _Named(  # "a bit far for Mei", not "not too far for Mei"
        "part",
        re.compile(r"far\b"),
        lambda names: re.compile(
            rf"\b(?P<over>(?:too|a bit|a little|a little bit|rather|quite|very|pretty|fairly"
            rf"|somewhat|kind of|a tad)\s+far)\s+for\s+(?:{names})\b(?!'s)"
        ),
        lambda folded, match: not _denied(folded, match),
        ("far",),
    ),
    _Named(  # "Nothing on the menu suits Björn", "there's nothing Björn can eat"
        "part",
        re.compile(r"nothing"),
        lambda names: re.compile(
            r"\bnothing\s+(?:(?:there|here|on\s+(?:the|its|their)\s+menu|at\s+(?:it|the\s+\w+))"
            r"\s+)?(?:really\s+)?(?:suits|works\s+for|fits|is\s+(?:safe|right|suitable)\s+for"
            rf"|agrees\s+with)\s+(?:{names})\b(?!'s)(?!\s+(?:better|more)\b)"
            rf"|\bnothing\s+(?:for\s+)?(?:{names})\b(?!'s)\s+(?:can|could|will|would)\s+eat\b"
            rf"|\bnothing\s+for\s+(?:{names})\b(?!'s)(?:\s+to\s+eat)?"
            r"(?=\s*(?:[.,;:!)\]\n]|$|there\b|at\b|on\b))"
        ),
        lambda folded, match: True,
        ("nothing",),
    ),
    _Named(  # "provided Ana is okay with the salad"
        "condition",
        re.compile(left_out.CONDITIONS),
        lambda names: left_out.on_someones_change(_guest(names), _CONDITION_CHANGES),
        lambda folded, match: True,
        (
            *("provid", "long as", "only", "pending", "subject to", "tentative", "condition"),
            *("assuming", "contingent on", "depending on"),
        ),
    ),
    _Named(  # "Provided the kitchen can adapt a dish for Björn, this works"
        "condition",
        re.compile(r"\b(?:if|provid|assum|long as|once)"),
        lambda names: _holds_if_a_guest(_guest(names)),
        lambda folded, match: True,
        ("if", "provid", "assum", "long as", "once"),
    ),
    _Named(  # "If Mei is okay with a taxi, this works", "We'll need Zoë to stretch her budget"
        "condition",
        re.compile(r"need|if"),
        lambda names: _if_condition(_guest(names)),
        lambda folded, match: True,
        ("need", "if"),
    ),
)


@lru_cache(maxsize=4096)
def _named(index: int, names: str) -> re.Pattern[str]:
    """The pattern of ``_NAMED[index]`` for the group of ``names`` (its alternation)."""
    return _NAMED[index].build(names)


_GROUP_LEAVES = re.compile(
    r"(?<!\w)(?:(?:the|our)\s+(?:whole\s+)?(?:group|party|table|guests)|we|everyone|everybody"
    rf"|all of us)\b(?:\s+(?:all|both))?(?:{DEPARTURE})\s+(?P<time>{CLOCK_TIME.pattern})"
)
"""The whole group said to leave ("The group leaves at 18:00", "We have to be out by 6:30 pm"):
a guest leaving is read with the other busy times (:func:`_busy_during`)."""


def _leaving_during(folded: str, during: tuple[int, int]) -> list[re.Match[str]]:
    """Where the whole group is said to leave at a time strictly inside the dinner ``during``
    (its start and end, in minutes): part of the dinner is missed. At or before its start,
    leaving is as often setting out for it ("We leave at 17:00" for 17:30); at or after its
    end, a limit the plan keeps."""
    if not holds_any(folded, DEPARTURE_CUES):
        return []
    start, end = during
    return [
        said
        for said in _GROUP_LEAVES.finditer(folded)
        if (minutes := clock_minutes(said["time"])) is not None and start < minutes < end
    ]


def _busy_during(
    folded: str, guests: _Guests | None, during: tuple[int, int]
) -> list[re.Match[str]]:
    """Where a guest is said to be busy during part of the dinner ``during`` (its start and
    end, in minutes), as the core reads a person busy during a plan
    (:func:`checkers.busy_spans.busy_during`): "José is busy 17:00 - 18:00" of a 17:30 dinner,
    "José's shift ends at 18:00", "José is only free after 18:00"."""
    if not guests:
        return []
    who = f"{guests.names}|{_PRONOUNS}"
    return [_span(folded, start, end) for start, end in busy_during(folded, who, during)]


_SOME_OF = left_out.some_of(_WHOLES, _NOT_COUNTED)
_SOME_OF_LOWERED = re.compile(_SOME_OF.pattern, _SOME_OF.flags & ~re.IGNORECASE)
""":data:`_SOME_OF` for lowered ASCII text, where ignoring case changes nothing (its pattern
names no capital letter) but costs about twice the time."""
_ANY_COUNT = rf"(?:\d{{1,3}}|{'|'.join(left_out.COUNTS)})\b"
_PARTY_COUNT = rf"(?P<count>{_ANY_COUNT})"
_PARTY_CLAUSE_WORDS = r"(?:that|which|who|and|or|but|not|never|if|when|whose)\b"
"""Words that start another clause: the count after them is not the booking's ("a booking
that flies them, and never for one that does not")."""
_PARTY_PEOPLE = r"people|persons|guests|diners|pax|covers|of (?:us|you)"
"""What a party's count counts, said after it ("5 people", "5 of us"); not a part of it ("2
adults", "4 kids": the party holds more)."""
_NOT_A_PARTY = (
    r"(?!(?<=one)\s+(?:that|which|who|thing|another)\b)"
    r"(?!\s*(?:[:.,]\d|[ap]\.?m\b|o'?clock\b|h\b|(?:more|extra|additional|other)\b"
    r"|(?:minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|km|miles?|euros?|dollars?|percent"
    r"|%|courses?|dishes|of (?:the|them|those|these)\b)"
    # things counted that are no people ("parking for 3 cars"), a deal or a menu named by
    # whom it serves ("a dinner for two deal"), a rule's threshold ("for 2 people minimum")
    r"|(?:cars?|vehicles?|bikes?|bicycles?|bottles?|glasses|portions?|servings?|slices?"
    r"|pieces?|tickets?|rooms?|deals?|specials?|offers?|packages?|menus?|set menus?|combos?"
    r"|platters?|discounts?|vouchers?|promos?|promotions?|prices?|rates?)\b"
    rf"|(?:\s*(?:{_PARTY_PEOPLE}))?\s*(?:or (?:more|over|above)|and (?:up|over|above)|minimum"
    r"|min)\b))"
)
"""What after a count makes it none of a party's: a time ("for 7:30", "for 7 pm"), a length
("for 2 hours"), other things counted ("for 5 of the dishes", "for 3 cars"), a deal ("a dinner
for two deal") or a rule's least number ("for 2 people minimum", "for 8 or more"; not a
most: "a table for 5 max" leaves the sixth guest out, as "for 5 + 1" does not)."""
_PARTY_ENDS = (
    rf"(?:\s+(?:{_PARTY_PEOPLE})\b)?(?=\s*(?:[,.;:!?)\]]|$|(?:in (?:all|total)|altogether"
    r"|total|at|on|by|under|tonight|today|tomorrow|this|so|but|please|including|with"
    rf"|around|max|maximum|tops)\b|for\b(?!\s+{_ANY_COUNT})))"
)
"""What may follow a count said of the party in words that name no booking ("We're 5", "The
table seats 5"): the people it counts, the end of the clause, or a word that goes on to a
time, place or reason ("We're 5 at the table", "We are 5, so ..."); not another noun ("We're
5 minutes away", "Green Fork covers 5 dietary needs"), another count ("covers 2 adults and 4
kids") nor a score ("We're 2 for 2")."""
_OF_US_ENDS = (
    r"\s+of (?:us|you)\b(?=\s*(?:[.;!?)\]]|$|(?:in (?:all|total)|altogether|total|at|for|on"
    r"|tonight|today|tomorrow|this|so|please)\b|(?:will|'ll|are|'re)\s+(?:be\s+)?(?:there"
    r"|going|coming|attending|joining|dining|booked)\b))"
)
"""What may follow a count "of us" said of the party ("There will be 5 of us.", "5 of us will
be there"): not what they do ("5 of us eat meat", "There are two of you who ...") nor who
they are ("Two of you, Ana and Mei, ...")."""
_ANOTHER_TABLE = "".join(
    f"(?<!\\b{word} )"
    for word in (
        *("chef's", "chefs'", "chef", "kitchen", "other", "another", "second", "next"),
        *("each", "every", "per", "any", "largest", "biggest", "smallest", "larger", "bigger"),
        *("smaller", "max", "maximum", "min", "minimum", "neighbouring", "neighboring"),
        *("adjacent", "communal"),
    )
)
"""Words before "table", "booking", "reservation" or "party size" that make it another than
the party's ("the chef's table is only for 4", "each table seats 4", "the largest table is
for 4", "the maximum party size is 4")."""


def _the_partys(words: str) -> str:
    """The alternation ``words`` as a pattern opening on a word boundary, not after a word of
    :data:`_ANOTHER_TABLE`: the words first, so that the look-behinds are tried only where
    one of them starts, not at every character."""
    return rf"\b(?=(?:{words}))(?:{_ANOTHER_TABLE})(?:{words})"


_NOT_THE_BOOKING = (
    r"(?!\s+(?:fees?|deposits?|charges?|costs?|prices?|polic(?:y|ies)|minimums?|limits?|rules"
    r"|terms|systems?|platforms?|apps?|(?:web)?sites?|pages?|links?|forms?|lines?|numbers?"
    r"|codes?|refs?|references?|deals?|offers?|specials?|packages?|menus?|vouchers?|promos?"
    r"|rates?|services?|agents?)\b)"
)
"""A word after "booking", "table" or "dinner" that makes it a modifier of another thing ("the
booking fee is for 2 people minimum", "the dinner menu for 4")."""
_FOR_PARTY = (
    rf"{_the_partys('party|table|group|booking|reservation')}{_NOT_THE_BOOKING}"
    r"\s+(?:size\s+)?(?:of|for)\s+"
)
"""The party said of the count: "a table for 5", "party of five"."""
_BOOKING_WORDS = (
    "table|booking|booked|book|reservation|reserved|reserve|seating|seated|seats?|dinner"
)
_BOOKED_FOR = (
    _the_partys(_BOOKING_WORDS) + rf"\b{_NOT_THE_BOOKING}"
    rf"(?P<gap>[:,]?(?:\s+(?!{_PARTY_CLAUSE_WORDS})[^\s.;!?]+){{0,5}}?)\s+for\s+"
    r"(?:a\s+(?:group|party)\s+of\s+)?"
)
"""A booking, up to five words (the verb's object among them: :func:`_books_the_party`), then
"for" the count: "booked Green Fork at 17:30 for 5", "The reservation is for 5"."""
_PARTY_HEADER = (
    r"(?:^|\n)[^\w\n]*(?:party(?: size)?|group size|guests|guest count|headcount|covers"
    r"|diners|seats|people|pax)\W*[:=]\W*"
)
"""A line opening on a party key: "Guests: 5", "- **Party size:** 5"."""
_WE_ARE = (
    r"\bwe(?:'re|'ll be|'d be| are| will be| would be| shall be)\s+(?:all\s+|only\s+|just\s+)?"
)
"""The party said as "we": "We're 5 at the table", "We'll be five"."""
_BOOKING_SAID = (
    rf"{_the_partys('booking|reservation|table|booth|party|group')}{_NOT_THE_BOOKING}"
    r"\s+(?:(?:now|only|also|still|just)\s+)?(?:covers|holds|is (?:set(?: up)?|made|laid) for"
    r"|(?:will|would|should)\s+(?:cover|hold))\s+(?:all\s+|only\s+|just\s+)?"
    + "|"
    + _the_partys("(?:party|group) size|head ?count|guest count|number of (?:guests|people|diners)")
    + r"(?:\s+(?:is|was|will be|would be|of))?\s*[:=-]?\s*"
)
"""The booking said to hold the count: "The booking covers 5 people", "The party size is 5"."""
_ROOM_SAID = (
    rf"{_the_partys('booking|reservation|table|booth')}{_NOT_THE_BOOKING}"
    r"\s+(?:(?:now|only|also|still|just)\s+)?(?:seats|sits|fits|accommodates|takes"
    r"|has (?:room|space|seats) for|(?:will|would|can|could|should)\s+(?:seat|sit|fit"
    r"|accommodate|take))\s+(?:up to\s+|only\s+|just\s+)?"
)
"""The party's table said to have room for the count ("The table seats 5"): fewer than the
group leaves a guest out; more is room to spare."""
_OF_US = (
    r"(?:\bthere(?:'ll be| will be| are|'re| would be|'d be)|\bit(?:'s| is|'ll be| will be)"
    r"|(?:^|(?<=[.!?;]\s)|(?<=[.!?;]\s\s))(?:so,?\s+|in all,?\s+)?)"
    rf"\s*(?:only\s+|just\s+)?(?:all\s+(?:the\s+)?|the\s+)?(?={_ANY_COUNT}\s+of (?:us|you)\b)"
)
"""The party counted "of us": "There will be 5 of us", "It's just the 5 of you", "5 of us."
(a sentence of its own)."""
_PARTY_SAID_BODY = (
    # the room first: "The table has room for 8" is no booking for 8
    rf"(?:{_FOR_PARTY}|(?P<room>{_ROOM_SAID})|{_BOOKED_FOR}|{_PARTY_HEADER}"
    rf"|(?P<said>{_BOOKING_SAID}))"
    rf"(?:(?:all\s+(?:the\s+)?|the\s+)(?={_ANY_COUNT}\s+of\s+(?:you|us)\b))?"
    rf"{_PARTY_COUNT}{_NOT_A_PARTY}(?(said){_PARTY_ENDS})(?(room){_PARTY_ENDS})"
)
_PARTY_SAID_STARTS = r"(?=\b[bdghnprst]|^|\n)"
"""Where a match of :data:`_PARTY_SAID_BODY` can start: a word on the first letter of one of its
words (party, table, group, booking, reservation, seats, dinner, head count, number), or a
line. Tried first, it spares the pattern's alternatives and look-behinds at every other
character (``tests/test_dining_party_objects.py`` holds the two to the same matches)."""
_PARTY_SAID = re.compile(_PARTY_SAID_STARTS + _PARTY_SAID_BODY, re.MULTILINE)
"""A count the answer says its booking is for: "a table for 5", "party of five", "booked
Green Fork at 17:30 for 5 people", "Guests: 5", "for the five of you" (after "the" or "all",
only a count "of you" or "of us": "a reservation of the two" flights is none); or the booking
said to hold it ("The booking covers 5 people", "The party size is 5"); or the room its table
has (group ``room``: "The table seats 5"). Not a time ("booked for 7:30", "for 7 pm"), a
length ("for 2 hours"), nor a count of other things ("for 5 of the dishes",
:data:`_NOT_A_PARTY`), nor of another table or thing booked (:data:`_ANOTHER_TABLE`,
:data:`_NOT_THE_BOOKING`, :func:`_books_the_party`)."""
_PARTY_AS_WE = re.compile(rf"{_WE_ARE}{_PARTY_COUNT}{_NOT_A_PARTY}{_PARTY_ENDS}", re.MULTILINE)
"""The party's count said as "we": "We're 5 at the table", "We'll be five." Apart from
:data:`_PARTY_SAID`: its words are in most answers ("we "), so the pattern it cannot skip
stays small."""
_PARTY_AS_WE_WORDS = ("we'", "we ")
"""Words one of which every match of :data:`_PARTY_AS_WE` holds."""
_PARTY_OF_US = re.compile(rf"{_OF_US}{_PARTY_COUNT}{_OF_US_ENDS}", re.MULTILINE)
"""The party's count said "of us": "There will be 5 of us", "It's just the 5 of you", "5 of
us." (tried at every sentence start, so only on answers that hold its words)."""
_PARTY_OF_US_WORDS = ("of us", "of you")
"""Words one of which every match of :data:`_PARTY_OF_US` holds."""
_PARTY_COUNTED = re.compile(
    r"(?:\b(?P<booked>book(?:ed|ing)?|reserv(?:e|ed|ing|ation))\s+(?:(?:for|of)\s+)?)?"
    rf"\b{_PARTY_COUNT}"
    r"(?(booked)\s+(?:seats|places|spots|chairs)|(?:-|\s+)(?:tops?|covers|pax))\b"
)
"""A party's count said before the word that counts it: seats booked ("I've booked 5
seats"), or the trade's words ("a five-top", "5 covers", "5 pax")."""
_PARTY_COUNTED_WORDS = ("book", "reserv", "top", "cover", "pax")
"""Words one of which every match of :data:`_PARTY_COUNTED` holds."""
_PARTY_WORDS = (
    *("party", "table", "group", "book", "reserv", "seat", "dinner", "guest", "covers"),
    *("count", "diners", "people", "pax", "booth"),
)
"""Words one of which every match of :data:`_PARTY_SAID` holds."""
_GAP_WORD = re.compile(r"\d+(?::\d+)?|[\w'&-]+|[,:;]")
_BEFORE_OBJECT = frozenset(
    (
        *("also", "just", "already", "then", "now", "even", "instead", "again", "still"),
        *("finally", "successfully", "ahead", "quickly", "it", "this", "that", "one", "us"),
        *("you", "them", "everyone", "everybody", "all"),
    )
)
"""Words a verb's object may follow, or that are the party's booking themselves ("booked it",
"booked us a table", "also reserved a table")."""
_DETERMINERS = frozenset(
    ("a", "an", "the", "some", "your", "our", "my", "their", "his", "her", "this", "that")
)
_OBJECT_ENDS = frozenset(
    (
        *("at", "in", "on", "by", "near", "under", "from", "with", "to", "via", "through"),
        *("inside", "outside", "for", "of", "tonight", "today", "tomorrow", ",", ":", ";"),
    )
)
"""Words that end a verb's object ("a table by the window", "a bottle of wine")."""
_PARTY_OBJECTS = frozenset(
    (
        *("table", "tables", "spot", "spots", "seat", "seats", "place", "places", "room"),
        *("booth", "booths", "area", "section", "space", "corner", "nook", "slot", "sitting"),
        *("seating", "reservation", "booking", "dinner", "supper", "meal", "lunch", "brunch"),
        *("evening", "night", "restaurant", "venue", "terrace", "patio", "garden", "window"),
        *("balcony", "bench", "feast", "celebration", "party", "gathering", "get-together"),
        *("outing", "event", "occasion", "menu"),
    )
)
"""What an answer books for the party: a table, a place, a slot, the dinner (its menu too:
"the tasting menu for 5" is a dinner for five), the restaurant."""
_OTHER_OBJECTS = frozenset(
    (
        *("parking", "valet", "transport", "transportation", "taxi", "taxis", "cab", "cabs"),
        *("uber", "ubers", "lyft", "ride", "rides", "car", "cars", "shuttle", "dessert"),
        *("desserts", "cake", "cakes", "wine", "drinks", "champagne", "flowers", "tickets"),
        *("ticket", "flight", "hotel", "babysitter", "babysitting"),
    )
)
"""Things booked beside the party's table that no restaurant is named ("parking", "a taxi"):
their count is not the party's even with no article before them."""


def _books_the_party(gap: str, own: Callable[[], str | None]) -> bool:
    """Whether the words ``gap`` between a verb of booking and "for N" leave its object the
    party's booking: none ("booked for 5"), a pronoun ("booked it", "booked us"), the party's
    table or place ("a table by the window", "a private room"), the plan's restaurant or time
    (``own``, an alternation asked only for an object with an article: "the Green Fork"),
    or a name (a bare object that is no thing of :data:`_OTHER_OBJECTS`: "booked Green Fork at
    17:30"); not another thing booked ("a dessert", "an Uber", "parking", "a bottle of
    wine"), whose count is not the party's."""
    words = _GAP_WORD.findall(gap)
    at = 0
    while at < len(words) and words[at] in _BEFORE_OBJECT:
        at += 1
    with_article = at < len(words) and words[at] in _DETERMINERS
    start = at + with_article
    end = start
    while end < len(words) and words[end] not in _OBJECT_ENDS:
        end += 1
    if end == start:
        return True
    head = words[end - 1]
    if head in _OTHER_OBJECTS:
        return False
    if head in _PARTY_OBJECTS or not with_article:
        return True
    names = own()
    return names is not None and re.search(names, " ".join(words[start:end])) is not None


_PARTY_READINGS = (
    (_PARTY_SAID, _PARTY_WORDS),
    (_PARTY_AS_WE, _PARTY_AS_WE_WORDS),
    (_PARTY_OF_US, _PARTY_OF_US_WORDS),
    (_PARTY_COUNTED, _PARTY_COUNTED_WORDS),
)
"""Each reading of a party's count, with the words one of which its every match holds."""


def _party_of_another_size(
    folded: str, size: int, own: Callable[[], str | None] = lambda: None
) -> list[re.Match[str]]:
    """Each place ``folded`` says the booking is for another number of people than the
    group's ``size`` ("a table for 5" for six guests): the plan is not for the whole group.
    ``own``: the plan's restaurant and time as an alternation (:func:`_books_the_party`)."""
    said = [
        m
        for pattern, words in _PARTY_READINGS
        if holds_any(folded, words)
        for m in pattern.finditer(folded)
    ]
    return [m for m in said if _another_size(m, size) and _of_the_party(m, own)]


def _another_size(said: re.Match[str], size: int) -> bool:
    """Whether the count :data:`_PARTY_SAID` or :data:`_PARTY_COUNTED` found is not the
    group's ``size``: fewer for the room a table has ("The table seats 8" leaves room to
    spare), any other for a booking's count."""
    count = _count(said["count"])
    return count < size if said.re is _PARTY_SAID and said["room"] is not None else count != size


def _of_the_party(said: re.Match[str], own: Callable[[], str | None]) -> bool:
    """Whether the count found is said of the party's booking: for a verb of booking, its
    object is the party's (:func:`_books_the_party`); the other ways say whose it is."""
    if said.re is not _PARTY_SAID or said["gap"] is None:
        return True
    return _books_the_party(said["gap"], own)


_NOT_PERFECT = re.compile(
    r"\b(?:isn't|is not|won't be|not)\s+(?:perfect|ideal)\s+for\s+(?:everyone|everybody"
    r"|all of (?:you|us|them)|the whole group)"
)
"""The plan said not to suit the whole group ("isn't perfect for everyone")."""
_NOT_PERFECT_WORDS = ("perfect", "ideal")
"""Words one of which every match of :data:`_NOT_PERFECT` holds."""


@lru_cache(maxsize=4)
def _guest_starts(start: re.Pattern[str], folded: str) -> tuple[int, ...]:
    """Every place in ``folded`` where a guest's name or a pronoun starts as a word, overlaps
    included: the only places the guest-led words of :data:`_LED` can match, so each is tried
    there alone (:func:`_led_matches`) instead of at every character. Remembered for the last
    few texts: both readings of an answer (:func:`said_not_for_everyone`,
    :func:`said_left_out`) look for its guests."""
    starts, at = [], 0
    while (found := start.search(folded, at)) is not None:
        starts.append(found.start())
        at = found.start() + 1
    return tuple(starts)


def said_not_for_everyone(
    folded: str,
    names: tuple[str, ...] | None,
    size: int | None,
    during: tuple[int, int] | None = None,
    own: Callable[[], str | None] = lambda: None,
    needs: GroupNeeds | None = None,
) -> list[Said]:
    """Every place in ``folded`` (an answer's text, folded and casefolded) that says a plan is
    not for everyone, in order (see the module docstring), stated (:func:`_stated`: not in a
    question, not under a condition in its clause); ``names``: the group's names, folded,
    casefolded and escaped, longest first (None: no group known), ``size``: how many guests
    it has, ``during``: the dinner's start and end in minutes, when known (a guest or the
    group leaving inside it: :func:`_leaving_during`), ``own``: the plan's restaurant and time
    as an alternation (:func:`_left_out`: "Green Fork doesn't suit Mei"), asked for only when
    the text says that something does not serve; ``needs``: the group's needs, when known
    (a restaurant said to break one, kind ``need``: :mod:`domains.dining.needs_broken`)."""
    found = _left_out(folded, names, own)
    lowered = _lowered_ascii(folded)
    for match in (_SOME_OF_LOWERED if lowered else _SOME_OF).finditer(folded):
        # "five of the six" counts the group only when the whole is its size ("4 out of 5 stars")
        of_the_group = match[2] is None or _count(match[2]) == size
        if left_out.fewer(match) and of_the_group and _serves(folded, match, whole_sentence=True):
            found.append(Said("part", match))
    if size is not None:
        found += (Said("part", m) for m in _party_of_another_size(folded, size, own))
    if (not lowered or _may_claim_no_plan(folded)) and _CLAIM_CUES.search(folded):
        found += (Said("claim", m) for m in _NO_PLAN.finditer(folded))
    guests = _guests(names) if names else None
    starts = _guest_starts(guests.start, folded) if guests else ()
    if during is not None:
        found += (Said("part", m, True) for m in _leaving_during(folded, during))
        if guests:
            found += (
                Said("part", m, True)
                for m in _absent_at_the_plan(folded, guests, starts, during[0])
            )
        found += (Said("part", m, True) for m in _busy_during(folded, guests, during))
    if guests:
        for led in _LED:
            found += (Said("part", m) for m in _led_spans(led, guests, folded, starts))
        found += (Said("part", m) for m in _nothing_in_a_table(folded, guests))
        if holds_any(folded, _NOT_PERFECT_WORDS):
            found += (Said("part", m) for m in _NOT_PERFECT.finditer(folded))
        for index, named in enumerate(_NAMED):
            if holds_any(folded, named.words) and named.cue.search(folded) is not None:
                matches = _named(index, guests.names).finditer(folded)
                found += (Said(named.kind, m) for m in matches if named.stands(folded, m))
        found = _once_each(found)
    broken: list[Said] = []
    if needs is not None:
        guest_names = guests.names if guests else None
        broken = [
            Said("need", b.match, b.back is None, b.back)
            for b in said_broken(folded, needs, guest_names, own)
        ]
    if not found and not broken:
        return []
    cuts = [cut.start() for cut in SENTENCE_CUT.finditer(folded)]
    kept = [(said.match.start(), said) for said in found if _stated(folded, cuts, said)]
    for said in broken:
        if _stated(folded, cuts, said):
            # After the words of another reading it overlaps ("it's over Zoë's budget"), whose
            # problem and message come first when both stand.
            ends = [s.match.end() for _, s in kept if _overlap(s.match, said.match)]
            kept.append((max(ends, default=said.match.start()), said))
    return [said for _, said in sorted(kept, key=lambda placed: placed[0])]


def _once_each(found: list[Said]) -> list[Said]:
    """``found`` without a condition that overlaps one before it: two readings of a plan on a
    guest's change ("If Mei is okay with a taxi, this works") say one thing."""
    kept: list[Said] = []
    for said in found:
        if said.kind == "condition" and any(
            k.kind == "condition" and _overlap(k.match, said.match) for k in kept
        ):
            continue
        kept.append(said)
    return kept


def _overlap(one: re.Match[str], other: re.Match[str]) -> bool:
    """Whether two matches share a character."""
    return one.start() < other.end() and other.start() < one.end()


def _lowered_ascii(text: str) -> bool:
    """Whether ``text`` is ASCII with no capital letter (as the reader's folded and casefolded
    text is): there a pattern that ignores case matches as it does without, and each of its
    words stands in the text as the pattern names it."""
    return text.isascii() and text == text.lower()


def _count(word: str) -> int:
    return left_out.COUNTS.get(word, 0) or (int(word) if word.isdigit() else 0)


def _denied(folded: str, match: re.Match[str]) -> bool:
    """Whether a negation just before its "over" word denies a limit passed ("not over Zoë's
    budget", "won't go over her limit")."""
    over = next(match.start(g) for g in ("over", "over2", "over3") if match[g] is not None)
    denial = _DENIED_BEFORE.search(folded, max(0, over - 60), over)
    return denial is not None and _NEW_CLAUSE.search(denial.group(0)) is None


def _serves(folded: str, match: re.Match[str], whole_sentence: bool = False) -> bool:
    """Whether words of the plan serving those named (:data:`_SERVED`) follow ``match`` in its
    sentence, or stand anywhere in it (``whole_sentence``: "It suits most of the group")."""
    end = SENTENCE_CUT.search(folded, match.end())
    start = match.end()
    if whole_sentence:
        start = max((c.end() for c in SENTENCE_CUT.finditer(folded, 0, match.start())), default=0)
    return _SERVED.search(folded, start, end.start() if end else len(folded)) is not None


def _serves_inside(match: re.Match[str]) -> bool:
    """Whether words of the plan serving those named (:data:`_SERVED`) stand inside ``match``,
    between the whole group and its exception ("Everyone can eat here — well, except
    Björn", "Everyone is covered (except Björn, ...)")."""
    return _SERVED.search(match.group()) is not None


_EVERYONE_HEDGED = re.compile(
    r"\b(?:everyone|everybody|all of (?:you|us|them)|the whole (?:group|party|table))\b"
    r"[^.;!?\n]{0,60}?(?:[,(\u2014\u2013]|\s-|[.!]\s+)\s*(?:well|ok|okay|or|yes)?,?\s*"
    r"(?:almost|nearly|mostly|more or less|for the most part|by and large|kind of|sort of)"
    r"\s*(?=[).!;\n]|$)"
)
"""The whole group said served, then taken down right after ("Everyone can eat here (well,
almost)", "Everyone is covered, more or less", "Everyone can eat here. Well, almost."): some
of the group, when :data:`_SERVED` stands in it; not "almost every dish" (the hedge must end
its clause)."""
_HEDGE_WORDS = ("almost", "nearly", "mostly", "more or less", "most part", "by and large", "of")


def _everyone_hedged(folded: str) -> list[re.Match[str]]:
    """Where the whole group is said served and then taken down (:data:`_EVERYONE_HEDGED`)."""
    if not holds_any(folded, _HEDGE_WORDS):
        return []
    return [m for m in _EVERYONE_HEDGED.finditer(folded) if _serves_inside(m)]


def _stated(folded: str, cuts: list[int], said: Said) -> bool:
    """Whether ``said`` is stated in its sentence (``cuts``: where the text's sentences end):
    not in a question, not under a condition in its clause before it ("If José can't make it,
    let me know" considers a case), and a claim of everyone
    (:func:`checkers.left_out.claims_none_for_all`); a guest left out only in a case with no
    plan is not ("José will miss dinner if the booking fails":
    :func:`checkers.left_out.of_no_plan`)."""
    match = said.match
    index = bisect.bisect_left(cuts, match.start())
    start = cuts[index - 1] + 1 if index > 0 else 0
    end = cuts[index] if index < len(cuts) else len(folded)
    if folded[end : end + 1] == "?" and end >= match.end():
        return False  # a question; not a question mark that is the words' own ("Raj: ?")
    if said.kind == "claim":
        return left_out.claims_none_for_all(folded, match, _EVERYONE, start, end)
    if said.kind not in ("part", "need"):
        return True
    if left_out.hedged(folded, start, match.start()):
        return False
    return not left_out.of_no_plan(folded, match.end(), end)


_NOT_SERVING = re.compile(
    r"(?:does not|doesn't|do not|don't|won't|will not|can't|cannot|isn't able to|is not able to|"
    r"fails to)\s+(?:fully\s+|quite\s+)?(?:satisfy|suit|work (?:out )?for|serve|accommodate|"
    r"cover|fit|meet the needs of|include|please)"
)
"""The plan said not to serve someone ("doesn't suit", "won't work for")."""
_NOT_COMING = (
    r"(?:(?:can't|cannot|won't|will not|isn't able to|is not able to|is unable to|"
    r"won't be able to|will not be able to)\s+(?:make it|come|join(?: us)?|attend|be there"
    r"|be (?:at|present at) (?:the |this |tonight's )?(?:dinner|meal|table))|"
    r"(?:isn't|is not|won't be|will not be)\s+(?:coming|joining(?: us)?|attending))"
)
"""A guest said not to come, after the name and a space ("can't make it", "isn't joining")."""
_CLAUSE_ENDS = r"(?=\s*(?:[.,;:!)\]\n—-]|$|so\b|and\b|but\b))"
_NAME_ABSENT = _Led(
    re.compile(
        rf"\s+(?:{_NOT_COMING}{left_out.NOT_COMING_CLOSERS}{_CLAUSE_ENDS}|"
        r"(?:will\s+)?miss(?:es)? out|(?:is|gets|will be) (?:left out|excluded)|"
        r"has nothing (?:to eat|on the menu)|"
        # joining a dinner from afar is not eating at its table
        r"(?:will|'ll|is going to|can|could)?\s*(?:join|joins|be joining|call|dial|video-?call)"
        r"(?:\s+(?:us|in|the\s+(?:dinner|meal|group)))*\s+(?:remotely|virtually|online|by\s+"
        r"(?:phone|video|zoom|facetime|skype)|on\s+(?:a\s+)?(?:video|zoom|facetime|skype|phone)"
        r"(?:\s+call)?|via\s+(?:video|zoom|facetime|skype|phone)))"
    ),
    leader="name",
)
"""A guest by name said not to come, to miss out, to be left out, to have nothing to eat or to
join from afar ("Zoë will join us on video call")."""
_NAME_ABSENT_AT = _Led(
    re.compile(
        rf"\s+{_NOT_COMING}\s+(?:at|for|by|around)\s+"
        rf"(?P<time>{CLOCK_TIME.pattern}|{HOUR_ALONE}{NOT_AN_HOUR_AFTER})"
        rf"{left_out.NOT_COMING_CLOSERS}{_CLAUSE_ENDS}"
    ),
    leader="name",
)
"""A guest by name said not to come at a time ("Raj can't be there at 17:30"): of this plan
when the time is its start (:func:`_absent_at_the_plan`); another time may be another plan's."""


def _absent_at_the_plan(
    folded: str, guests: _Guests, starts: Sequence[int], start: int
) -> list[re.Match[str]]:
    """Where a guest is said not to come at the plan's ``start`` (in minutes; as written, or in
    twelve-hour writing or as an hour alone read near it: "Raj can't be there at 5:30" of a
    dinner at 17:30): about this plan, as a not coming said with no time is
    (:data:`_NAME_ABSENT_AT`)."""
    found = []
    for at, tail in _led_matches(_NAME_ABSENT_AT, guests, folded, starts):
        said = tail["time"]
        if said.isdigit():
            readings = hour_alone_near(int(said) % 12 * 60, (start, start))
        else:
            minutes = clock_minutes(said)
            readings = [] if minutes is None else clock_near(said, minutes, (start, start))
        if start in readings:
            found.append(_span(folded, at, tail.end()))
    return found


_SERVES = (
    r"(?:works?|serves?|suits?|satisf(?:y|ies)|covers?|fits?|accommodates?|pleases?|meets?|"
    r"includes?|good|fine|ok(?:ay)?)"
)
_COUNT = r"(\d{1,3}|" + "|".join(left_out.COUNTS) + ")"
_SERVES_SOME = re.compile(
    rf"\b{_SERVES}\s+(?:(?:for|the needs of)\s+)?(?:only\s+|just\s+)?{_COUNT}\s*"
    rf"(?:of|out of|/)\s*(?:the\s+|all\s+|your\s+)?{_COUNT}\b"
)
"""A plan said to serve a count of a count ("works for 5 of the 6 guests", "suits four out of
six", "serves 5/6"): some of the group when the first is fewer."""
_SERVES_ALL_BUT = re.compile(
    rf"\b{_SERVES}\s+(?:for\s+)?(?:everyone|everybody|all(?: of (?:you|them)| the guests| "
    r"guests)?)\s+(?:but|except|apart from|other than|save)\b"
)
"""A plan said to serve all but someone ("works for everyone except Raj", "suits all but one")."""
_FOR_ALL_BUT_HEADING = re.compile(
    r"(?:^|[\n.!]\s*|\b(?:plan|option|pick|choice|proposal|booking|reservation|dinner|table)"
    r"\s+)for\s+(?:everyone|everybody|all(?: of (?:you|us|them)| the guests| guests)?"
    r"|the (?:whole )?(?:group|party|table))\s+(?:but|except(?: for)?|apart from|other than"
    r"|save)\s+[^:\n.!?]{1,40}:"
)
"""A plan headed as for all but someone ("For everyone except Mei:", "Here's the plan for
everyone but Mei:"): a heading that ends in a colon, said of the plan it heads."""
# Every match of _SERVES_SOME and _SERVES_ALL_BUT starts with a serving word and a space
# ("works ", "suits "): the places where one stands are found in one scan, and each pattern is
# tried only there. The scan leaves out the word boundary, so that it skips at C speed to the
# letters a serving word starts with; each place it finds is held to the boundary after.
_SERVING_WORD = re.compile(rf"{_SERVES}\s")
_SERVING_WORD_START = re.compile(rf"\b{_SERVES}\s")
_ATTENDANCE = re.compile(
    r"\b(?:make it|come|join|attend|be there|be at|be present|coming|joining|attending)\b"
)
"""A guest said not to come ("Raj can't make it", "Ana isn't joining us"): absent from the
dinner itself, whatever restaurant was named before it (never said of another plan)."""


def _serving_words(folded: str) -> list[int]:
    """Where a serving word ("works", "suits", "fine") followed by a space starts as a word in
    ``folded``, in order: every place where :data:`_SERVES_SOME` or :data:`_SERVES_ALL_BUT`
    may match."""
    return [
        m.start()
        for m in _SERVING_WORD.finditer(folded)
        if _SERVING_WORD_START.match(folded, m.start())
    ]


def _left_out(
    folded: str, names: tuple[str, ...] | None, own: Callable[[], str | None]
) -> list[Said]:
    """Every place in ``folded`` (folded and casefolded) saying that a plan leaves a guest out,
    of this plan or another, unsorted: a guest by name not coming (:data:`_NAME_ABSENT`: "Raj
    can't make it", "Ana has nothing to eat"; said of this plan when of attendance), a count of
    the group served ("works for 5 of the 6") or all but someone ("suits everyone except
    Raj"), the plan leaving one out ("leaves out Raj"), the plan as the subject
    (:data:`PLAN_SUBJECT`, or ``own()``: its restaurant and time as an alternation, asked for
    only then) not serving a guest or everyone ("this plan doesn't suit Ana", "Green Fork
    won't work for everyone"). Nothing is compiled per group but small patterns, and per plan
    only for a text saying that something does not serve."""
    serving = _serving_words(folded)
    some = matches_from(_SERVES_SOME, folded, serving)
    found = [m for m in some if _count(m[1]) < _count(m[2])]
    found += matches_from(_SERVES_ALL_BUT, folded, serving)
    found += _everyone_hedged(folded)
    if "for " in folded and ":" in folded:
        found += _FOR_ALL_BUT_HEADING.finditer(folded)
    alternation = None
    if names:
        guests = _guests(names)
        alternation = guests.names
        starts = _guest_starts(guests.start, folded)
        found += _led_spans(_NAME_ABSENT, guests, folded, starts)
        if "leav" in folded:
            found += _leaves_out(alternation).finditer(folded)
    if _NOT_SERVING.search(folded) is not None:
        found += _not_serving(alternation, own()).finditer(folded)
    return [Said("part", m, _ATTENDANCE.search(m.group()) is not None) for m in found]


@lru_cache(maxsize=4096)
def _leaves_out(names: str) -> re.Pattern[str]:
    """The plan said to leave out a guest of ``names`` ("leaves out Raj")."""
    return re.compile(rf"\b(?:leaves?|leaving) out\s+(?:{names})\b")


@lru_cache(maxsize=1024)
def _not_serving(names: str | None, own: str | None) -> re.Pattern[str]:
    """The plan (:data:`PLAN_SUBJECT` or ``own``) said not to serve a guest of ``names`` or
    everyone (compiled once per group and plan)."""
    subject = rf"(?:{PLAN_SUBJECT}|{own})" if own else PLAN_SUBJECT
    who = r"everyone|everybody|the whole group|one guest|one of"
    who = f"{names}|{who}" if names else who
    return re.compile(rf"\b{subject}\s+{_NOT_SERVING.pattern}\s+(?:\w+\s+)?(?:{who})\b")


_BACK_REFERENCE = re.compile(r"\b(?:it|it's|its|there|they|they're|that one|this one)\b")
"""Words by which a sentence speaks of the plan part named last before it ("I first considered
Umi at 18:00. But it's over Zoë's budget.")."""


def said_of_the_last_named(
    folded: str, mentions: Sequence[Mention], cuts: list[int], match: re.Match[str]
) -> bool:
    """Whether the words at ``match`` speak, by a back reference (:data:`_BACK_REFERENCE`), of
    another plan named last before their sentence: their sentence names no plan part (else
    that sentence decides) and the last plan part named before it is another plan's ("I first
    considered Umi at 18:00. But it's over Zoë's budget."). ``mentions``: the text's plan parts
    in order; ``cuts``: where its sentences end."""
    index = bisect.bisect_left(cuts, match.start())
    start = cuts[index - 1] + 1 if index > 0 else 0
    end = cuts[index] if index < len(cuts) else len(folded)
    low = bisect.bisect_left([m.start for m in mentions], start)
    if low < len(mentions) and mentions[low].start < end:
        return False
    if _BACK_REFERENCE.search(folded, start, end) is None:
        return False
    return low > 0 and not mentions[low - 1].own


_AT_A_PLACE = re.compile(r"\s+(?:at|in|on|from)\s+(?:the\s+)?")
"""Words after a need said broken that go on to name where ("They have nothing vegetarian at
Umi"): the restaurant named there is the one the words speak of."""


def said_of_another_restaurant(
    folded: str, mentions: Sequence[Mention], back: int, end: int
) -> bool:
    """Whether words ending at ``end`` whose subject is a word for a restaurant (at ``back``:
    "it", "they", "the restaurant") speak of another plan's: the one they name right after
    ("They have nothing vegetarian at Umi"), else the one named last before ``back`` (a clock
    time is no restaurant: "José is free from 17:00. It's over budget." speaks of the plan's;
    none named before is the plan's, failing closed: "It's over budget." before the plan's
    JSON). ``mentions``: the text's plan parts, in order."""
    starts = [m.start for m in mentions]
    place = _AT_A_PLACE.match(folded, end)
    if place is not None:
        at = bisect.bisect_left(starts, place.end())
        if at < len(mentions) and mentions[at].start == place.end():
            return not mentions[at].own
    for mention in reversed(mentions[: bisect.bisect_left(starts, back)]):
        if TIME_LIKE.fullmatch(folded, mention.start, mention.end) is None:
            return not mention.own
    return False


_NO_SUBJECT = re.compile(
    r"\W*(?:(?:but|and|also|sadly|unfortunately|however|though|alas)\W+)*", re.ASCII
)
"""What may stand before words with no subject of their own ("Too far for Mei.", "But over
Zoë's budget."): a conjunction or a regret."""
_OTHERS_SUBJECT = re.compile(
    rf"{_NO_SUBJECT.pattern}(?:the\s+|all\s+|every\s+|most\s+|both\s+)?(?:other|others|rest"
    r"|remaining|alternatives?)\b"
)
"""A sentence whose subject is the other plans ("Other places were too far for Mei", "The rest
were over Zoë's budget")."""


def said_of_others(
    folded: str, mentions: Sequence[Mention], cuts: list[int], match: re.Match[str]
) -> bool:
    """Whether the words at ``match``, a limit passed (its group ``over``: "too far for Mei",
    "over Zoë's budget"), are said of other plans than the stated one: their sentence's
    subject is the other plans ("Other places were too far for Mei"), or they have
    no subject ("Too far for Mei.") and the plan part named last before their sentence is
    another plan's ("Umi Sushi Bar at 18:00? Too far for Mei."). After the stated plan, or at
    the start, words with no subject are said of it. ``mentions``, ``cuts``: as
    :func:`said_of_the_last_named`."""
    if "over" not in match.re.groupindex or match["over"] is None:
        return False  # words led by a guest ("Mei will be late") have their own subject
    index = bisect.bisect_left(cuts, match.start())
    start = cuts[index - 1] + 1 if index > 0 else 0
    if _OTHERS_SUBJECT.match(folded, start, match.start()) is not None:
        return True
    if _NO_SUBJECT.fullmatch(folded, start, match.start()) is None:
        return False
    low = bisect.bisect_left([m.start for m in mentions], start)
    return low > 0 and not mentions[low - 1].own


def problem(said: Said) -> AnswerProblem:
    """The answer problem ``said`` is (see the module docstring)."""
    words = said.match.group()[:80]
    if said.kind == "claim":
        return AnswerProblem(
            code="plan_and_no_plan",
            message=f"the answer says no plan suits everyone ({words!r}) beside its plan: that "
            "is two answers; propose one plan every guest is served by, or say only that no "
            "plan satisfies everyone",
        )
    if said.kind == "condition":
        return AnswerProblem(
            code="plan_on_a_condition",
            message=f"the answer says its plan holds only if a guest changes what they do "
            f"({words!r}); propose one plan every guest is served by as things stand",
        )
    if said.kind == "need":
        return AnswerProblem(
            code="plan_for_part_of_group",
            message=f"the answer says its plan's restaurant breaks a need of the group "
            f"({words!r}): a guest who holds that need is left out; propose a plan that serves "
            "every guest, or say that no plan satisfies everyone",
        )
    return for_part_of_group(words)


def for_part_of_group(words: str) -> AnswerProblem:
    """The answer problem of a plan said to be for part of the group in ``words``."""
    return AnswerProblem(
        code="plan_for_part_of_group",
        message=f"the answer says its plan is not for the whole group ({words[:80]!r}); a "
        "plan must serve every guest: propose one that does, or say that no plan satisfies "
        "everyone",
    )
