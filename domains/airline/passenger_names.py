"""Persons a listing names beside the passengers a write flies, though the write does not fly
them: "for Olivia Gonzalez and John Smith", "Olivia Gonzalez, Mei Gonzalez, and John Smith",
"Olivia Gonzalez plus Mei", "Olivia Gonzalez and her husband John Smith", "- Olivia Gonzalez /
- John Smith" (a list), "| Olivia Gonzalez | ... |" / "| John Smith | ... |" (a table).

A person is a run of one to three capitalised words (:data:`NAME_WORD`: "O'Brien", "McKenzie",
"D'Angelo", "J.", "JOHN", a name in another script) next to a passenger the write flies, named
in full, with only a joiner between (:data:`JOINER`: "and", a comma, "plus", "along with", "/",
an optional tag in brackets after the passenger and a relation word before the person: "(you)
and your friend"), or an item of the same list or table as such a passenger. One capitalised
word alone is a person only as the first name of a saved passenger the write does not fly, or
after a title or a relation word ("Mr. Smith", "her son John"); a word of a field's label,
place, cabin or payment (:data:`NOT_NAMES`) is no one. Names in lower case are not read: they
cannot be told from the other words of a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from checkers.text import word_pattern

NAME_WORD = (
    r"(?!(?:and|AND|And|plus|Plus|PLUS)\b)"
    r"(?:(?:Mrs|Mr|Ms|Dr|Mx)\.|[A-Z]\.(?!\w)|[A-Z]'[A-Z][a-z]+"
    r"|[A-Z][a-z]{0,2}[A-Z]?[a-z]+(?:['-][A-Z]?[a-z]+){0,3}|[A-Z]{2,}(?:['-][A-Z]+)?(?![\w'])"
    r"|[^\W\d_A-Za-z\u00c0-\u024f]+)"
)
"""A capitalised word of a name ("Olivia", "O'Brien", "McKenzie", "J.", "Mr.", "SMITH"), or a
run of letters of a script other than Latin ("李伟"); its parts bounded, so that reading a run
of them takes time linear in its length. "And" is no name ("Olivia Gonzalez And John Smith")."""
_NAMES = re.compile(rf"(?<![\w'.]){NAME_WORD}(?:[ \t]+{NAME_WORD}){{0,2}}")

_RELATIONS = (
    "husband|wife|spouse|partner|son|daughter|child|kid|mother|mom|father|dad|brother|sister|"
    "friend|guest|colleague|coworker|companion|boyfriend|girlfriend|fianc\\w*|cousin|niece|"
    "nephew|aunt|uncle|grand\\w+|boss|assistant"
)
JOINER = re.compile(
    r"(?P<closed>[\s*_]*\))?(?P<tag>[\s*_]*\([^()\n]{0,40}\))?[\s*_]*"
    r"(?:(?P<comma>[,;/+])[\s*_]*(?:(?i:and)[\s*_]+)?"
    r"|(?P<word>(?i:and|&|plus|along\s+with|together\s+with|as\s+well\s+as))[\s*_(]+)"
    rf"(?:(?P<relation>(?:(?:her|his|their|your|my|our|a|an|the)\s+)?(?:{_RELATIONS}))"
    r"[\s*_]*,?[\s*_]*)?"
)
"""What may join a passenger to another person named beside them: "and", "&", a comma (an
Oxford one too), ";", "/", "+", "plus", "along with", "together with", "as well as", after an
optional tag in brackets ("Olivia Gonzalez (you) and"), before an optional relation word ("and
her husband", "and a guest,")."""

NOT_NAME_WORDS = (
    "economy business basic first class visa mastercard amex american express discover gift "
    "card cards certificate certificates credit travel trip insurance checked bag bags baggage "
    "luggage total payment cabin flight flights passenger passengers seat seats meal meals "
    "boarding priority upgrade fee fees refund itinerary reservation booking ticket tickets no "
    "zero none free extra new los las san salt regular silver gold mr mrs ms miss dr mx sir "
    "madam airline airlines team hat dob date birth born from to via the return outgoing "
    "frequent flyer flier member members elite platinum premium status rewards mileage united "
    "states america usa canada mexico international domestic nonstop direct layover connection "
    "departure arrival terminal gate window aisle primary traveler traveller travelers "
    "travellers companion adult adults infant holder account base fare fares subtotal tax taxes "
    "surcharge"
)
NOT_NAMES = frozenset(NOT_NAME_WORDS.split())
"""Words of two capitalised words that are no one's name ("Olivia Gonzalez and Travel
Insurance", "and Priority Boarding", "Best regards, Olivia Gonzalez and HAT Airlines Team")."""
_TITLES = frozenset(["mr", "mrs", "ms", "miss", "dr", "mx", "sir", "madam"])

_ITEM = re.compile(
    rf"^[ \t>]*(?:[-*+\u2022]|\d+[.)])?[\s*_|]*(?P<name>{NAME_WORD}(?:[ \t]+{NAME_WORD}){{0,2}})"
    r"[ \t*_]*(?=$|[(|,]|[-\u2013\u2014]\s)"
)
"""A line of a list or a row of a table that begins with a name and holds only it, or it
before brackets, a bar, a comma or a dash ("- John Smith", "| John Smith | 1990-01-01 |", "2.
John Smith (born 1990-01-01)"); not a label ("- Checked Bags: 0")."""


@dataclass(frozen=True)
class People:
    """Who a listing may name as flying, all lowered: ``flying`` (the write's passengers, in
    full), ``allowed`` (those and the reservation's passengers the write keeps or says it takes
    off), ``firsts`` (first names of saved passengers the write does not fly)."""

    flying: frozenset[str]
    allowed: frozenset[str]
    firsts: frozenset[str]


def stranger_beside(people: People, messages: Iterable[str]) -> str | None:
    """The person the listing names beside a passenger the write flies though the write does
    not fly them (see the module docstring), read in the last of the agent's ``messages``
    (folded, case kept) that names a passenger in full (an earlier proposal the customer cut
    down is no listing), outside what is said not to fly ("and John Smith are not included")
    and tags in brackets ("Olivia Gonzalez (Account Holder) and Mei Gonzalez"). None when it
    names none."""
    listing = next((m for m in reversed(list(messages)) if _any_named(people.flying, m)), "")
    return _joined(people, listing) or _itemised(people, listing) or _added(people, listing)


_DENIED_AFTER = re.compile(r"[^.;:()\n]{0,30}?\b(?:not|n't|no longer)\b", re.IGNORECASE)
"""A denial right after a person ("John Smith is not included")."""


def _joined(people: People, listing: str) -> str | None:
    """A person joined to a passenger named in full (:data:`JOINER`); "and" (or "&") joins
    either way ("John Smith and Olivia Gonzalez"), the other joiners only forward."""
    runs = list(_NAMES.finditer(listing))
    inside = _bracketed(listing, [m.start() for m in runs])
    # a run in brackets is a tag, never the person after a passenger, but may be the
    # passenger itself ("for you (Olivia Gonzalez) and Mei"): each run's next one outside
    following: list[re.Match[str] | None] = []
    after: re.Match[str] | None = None
    for run, tag in zip(reversed(runs), reversed(inside), strict=True):
        following.append(after)
        after = after if tag else run
    for left, right in zip(runs, reversed(following), strict=True):
        if right is None:
            continue
        join = JOINER.fullmatch(listing, left.end(), right.start())
        if join is None or _LABEL.match(listing, right.end()):  # "and Cabin: economy"
            continue
        if _ROUTE_AFTER.match(listing, right.end()):  # "Newark Liberty to Houston": a place
            continue
        one, other = left[0].split(), right[0].split()
        if _any_named(people.flying, left[0]) and not _DENIED_AFTER.match(listing, right.end()):
            named = _unknown(people, other, forward=True, related=bool(join["relation"]))
            if named is not None:
                return named
        tagged = join["tag"] or join["closed"]
        backward = join["word"] and join["word"].lower() in ("and", "&") and not tagged
        if backward and _any_named(people.flying, right[0]) and not join["relation"]:
            named = _unknown(people, one, forward=False, related=False)
            if named is not None and not _DENIED_AFTER.match(listing, left.end()):
                return named
    return None


def _itemised(people: People, listing: str) -> str | None:
    """A person named as an item of the list or table that also holds a passenger the write
    flies, named in full, as an item: a run of lines each an item (:data:`_ITEM`), indented
    alike ("- **Flights:** / - From Houston (IAH) ..." is another list than "- **Passengers:** /
    - Olivia Gonzalez")."""
    items: list[tuple[str, str]] = []
    for line in [*listing.splitlines(), ""]:
        item = _ITEM.match(line)
        indent = line[: len(line) - len(line.lstrip())]
        if item is not None and (not items or items[-1][0] == indent):
            items.append((indent, item["name"]))
            continue
        named = _stranger_among(people, [name for _, name in items])
        if named is not None:
            return named
        items = [(indent, item["name"])] if item is not None else []
    return None


def _stranger_among(people: People, items: list[str]) -> str | None:
    """The first of ``items`` (names) the listing must not name, when one of them is a
    passenger the write flies, named in full."""
    if not any(_any_named(people.flying, item) for item in items):
        return None
    for item in items:
        named = _unknown(people, item.split(), forward=True, related=False)
        if named is not None:
            return named
    return None


_ADDED = re.compile(
    r"\b(?i:add|adding|adds|include|including|includes)\s+(?:(?i:passengers?|travell?ers?)[\s:*_]+)?"
    rf"(?P<name>{NAME_WORD}(?:[ \t]+{NAME_WORD}){{0,2}})"
)
"""A person said to be added ("and add Tom Baker", "adding passenger Tom Baker")."""


def _added(people: People, listing: str) -> str | None:
    """A person the listing says the write adds, though it does not fly them."""
    for match in _ADDED.finditer(listing):
        if not _DENIED_AFTER.match(listing, match.end()):
            named = _unknown(people, match["name"].split(), forward=True, related=False)
            if named is not None:
                return named
    return None


_LABEL = re.compile(r"[\s*_]*:")
_ROUTE_AFTER = re.compile(r"[ \t]+(?:to|via|->|\u2192|\u2013|-)[ \t]+[A-Z]")
"""Words after capitalised words that make them a place of a route, not a person ("Newark
Liberty to Houston Intercontinental", "Newark \u2192 Houston")."""


def _bracketed(text: str, starts: list[int]) -> list[bool]:
    """Per position of ``starts`` (ascending), whether it is inside brackets on its line
    ("(Mei Gonzalez)" is a tag, not a person joined to the one before it); one pass over
    ``text``."""
    found, depth, at = [], 0, 0
    for start in starts:
        for char in text[at:start]:
            depth = 0 if char == "\n" else depth + (char == "(") - (char == ")" and depth > 0)
        found.append(depth > 0)
        at = start
    return found


def _any_named(names: Iterable[str], text: str) -> bool:
    """Whether ``text`` holds one of ``names`` (lowered) as whole words, in any case."""
    lowered = text.lower()
    return any(re.search(word_pattern(name), lowered) for name in names)


def _unknown(people: People, said: list[str], forward: bool, related: bool) -> str | None:
    """The person the capitalised words ``said`` beside a passenger name, when the listing must
    not name them, else None. Titles aside, the two words next to the passenger (the first two
    after them, ``forward``, else the last two) are a full name of which no word is one of
    :data:`NOT_NAMES`, and none of ``people.allowed`` stands within ``said`` nor ``said`` within
    one ("Sister Mei Gonzalez" names Mei Gonzalez, "Ana Garcia Lopez" the passenger of that
    name); or one word, a first name of ``people.firsts``, or after a title or a relation word
    (``related``) none of an allowed person's words ("Mr. Smith", "her son John"; not "Mr.
    Gonzalez" beside Olivia Gonzalez)."""
    said = [re.sub(r"'s$", "", w) for w in said]  # "Mei Johansson's seat" names Mei Johansson
    bare = [w for w in said if w.lower().rstrip(".") not in _TITLES]
    titled = len(bare) < len(said)
    person = bare[:2] if forward else bare[-2:]
    if not person or any(w.lower().rstrip(".") in NOT_NAMES for w in person):
        return None
    named = f"passenger {' '.join(person if len(person) > 1 else said)}"
    if len(person) == 1 and not _OTHER_SCRIPT.fullmatch(person[0]):
        word = person[0].lower().rstrip(".")
        if word in people.firsts:
            return named
        known = {w for name in people.allowed for w in name.split()}
        return named if (titled or related) and word not in known else None
    lowered = " ".join(bare).lower()
    if any(f" {n} " in f" {lowered} " or f" {lowered} " in f" {n} " for n in people.allowed):
        return None
    return named


_OTHER_SCRIPT = re.compile(r"[^\W\d_A-Za-z\u00c0-\u024f]+")
"""A word in a script other than Latin: a whole name ("李伟")."""


_YOU = (
    r"(?:you|yourself)\b(?!['\u2019]|\s+(?:can|will|would|may|might|must|should|could|need"
    r"|want|have|are|pay|get|choose|paid)\b)"
)
"""The customer as "you" or "yourself"; not the subject of a verb ("you'll pay", "you can
choose")."""
_JOIN = r"\s*(?:,|\band\b|&|\+|\bplus\b)\s*"


def customer_as_you(listing: str, others: Iterable[str]) -> bool:
    """Whether ``listing`` (folded, lowered) names the customer as a passenger by "you" beside
    another passenger of the write, by any of ``others`` (their first names): "for you and your
    saved passenger Mei Johansson", "Mei Johansson (DOB 1981-09-25) and yourself", or as the
    first of a list of passengers ("**Passengers:** you and Mei Johansson"). A "you" alone
    ("I'll book this for you") names no passenger: it may be the one booking for others."""
    firsts = "|".join(word_pattern(first.lower()) for first in others if first)
    if not firsts:
        return False
    beside = (
        rf"\b{_YOU}{_JOIN}(?:(?:your|the|my)\s+)?(?:[\w-]+\s+){{0,2}}?(?:{firsts})"
        rf"|(?:{firsts})(?:\s+[\w'-]+)?(?:\s*\([^)]{{0,40}}\))?{_JOIN}(?:for\s+)?{_YOU}"
        rf"|\b(?:passengers?|travell?ers?)\b[\s*_]*:[\s*_]*{_YOU}"
    )
    return re.search(beside, listing) is not None
