"""The words of a write's new address, and the other addresses a listing may write around it.

A listing of an address write must name every part of the new address
(:data:`ADDRESS_PARTS`, in their usual short and long forms: :data:`SPELLINGS`) and no other
address: :func:`more_than_the_address` says which words of what the listing puts forward name
another one. All text here is folded (:func:`folded`).
"""

from __future__ import annotations

import re
from collections import Counter

from checkers.text import fold_lower, phrase_pattern
from domains.orders.conversation import CallRecord


def folded(text: str) -> str:
    """``text`` for word matching (:func:`checkers.text.fold_lower`), apostrophes dropped
    ("don't" reads "dont")."""
    return fold_lower(text).replace("'", "")


def phrase(value: str) -> str:
    """``value`` as a regex of its words in order (:func:`checkers.text.phrase_pattern`), each
    also in its usual short or long form (:data:`SPELLINGS`)."""
    return phrase_pattern(folded(value), SPELLINGS)


_EITHER_WAY = (
    ("street", "st"), ("avenue", "ave"), ("road", "rd"), ("drive", "dr"), ("lane", "ln"),
    ("court", "ct"), ("apartment", "apt"), ("suite", "ste"),
)  # fmt: skip
"""Words of an address and their short forms, each read for the other ("St" for "Street",
"Apartment" for "Apt")."""
_SHORT_ONLY = (
    ("boulevard", "blvd"), ("place", "pl"), ("highway", "hwy"), ("parkway", "pkwy"),
    ("north", "n"), ("south", "s"), ("east", "e"), ("west", "w"), ("number", "no"),
)  # fmt: skip
"""Words whose short form may stand for them, but not they for it (a lone "n", "s" or "no" of
an address is no "north", "south" or "number")."""
SPELLINGS = {long: (short,) for long, short in _EITHER_WAY + _SHORT_ONLY} | {
    short: (long,) for long, short in _EITHER_WAY
}
"""Usual short and long forms of words of an address (:func:`_named`)."""


_UNIT = re.compile(r"^(?:apt|apartment|unit|suite|ste|#)\W*(?P<number>[^\W_]+)$")
"""A second line that is a unit and its number ("Apt 2", "Unit 12", "Suite #5")."""


def line2_named(call: CallRecord, text: str) -> bool:
    """Whether ``text`` (folded) names the new address's second line: as written ("Apt 2",
    "Apt. #2", "Apartment 2"), or, for a unit, as its number after a number sign right after the
    street, punctuation aside ("100 Main Street #2", "100 Main St., #2", whose "St." a clause
    may end at), which a customer reads as the unit."""
    line2 = str(call.arg("address2") or "")
    if re.search(phrase(line2), text):
        return True
    unit = _UNIT.match(folded(line2).strip())
    street = phrase(str(call.arg("address1") or ""))
    return (
        unit is not None
        and re.search(rf"{street}[^\w#]{{0,4}}#[^\S\n]*{re.escape(unit['number'])}(?![^\W_])", text)
        is not None
    )


ADDRESS_PARTS = {"address1": "street", "address2": "second line", "city": "city", "zip": "zip"}
"""The parts of a new address a listing must name, each as whole words ("Apt 2" is not named by
"Apt 21"). A US zip code fixes the state and country, so those may go unsaid ("Texas" for
"TX")."""


STATES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
    "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
    "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan",
    "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana",
    "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey",
    "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota",
    "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island",
    "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas",
    "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington", "WV": "West Virginia",
    "WI": "Wisconsin", "WY": "Wyoming",
}  # fmt: skip
"""US states by their codes, so that "Austin, Texas" names state TX."""
_ADDRESS_GLUE = frozenset({
    "in", "at", "the", "and", "of", "zip", "code", "postal", "city", "state", "country",
    "line", "address", "usa", "us", "united", "states", "america",
})  # fmt: skip
"""Words an address may be written with beside its parts ("Austin, TX, USA", "zip code")."""


def _own_words(call: CallRecord) -> Counter[str]:
    """How often each word is written in the write's new address (its parts and its state's
    name), a word's short or long forms (:data:`SPELLINGS`) counted with it."""
    said = " ".join(str(call.arg(field) or "") for field in (*ADDRESS_PARTS, "state"))
    said += " " + STATES.get(str(call.arg("state") or "").upper(), "")
    words = re.findall(r"[^\W_]+", folded(said))
    return Counter(words + [s for w in words for s in SPELLINGS.get(w, ())])


def address_words(call: CallRecord) -> frozenset[str]:
    """The words the write's new address may be written with: its parts', their short and long
    forms, its state's name and :data:`_ADDRESS_GLUE`."""
    return frozenset(_own_words(call)) | _ADDRESS_GLUE


_AWAY_FROM = re.compile(
    r"\b(?:rather than|instead of|in place of|replac\w*|not|from|current(?:ly)?|default|old"
    r"|previous|existing|stays?|remains?|still)\b"
)
"""Words after the new address that turn to another one: what it replaces, is not, or the
address that stays ("... rather than 121 Cedar Avenue, Suite 971", "your default address stays
...")."""


def _away_from(text: str, start: int) -> int:
    """Where ``text`` turns to another address after ``start`` (:data:`_AWAY_FROM`), or its
    end."""
    away = _AWAY_FROM.search(text, start)
    return away.start() if away else len(text)


def _between_street_and_zip(call: CallRecord, text: str) -> list[str]:
    """Words ``text`` (folded) writes in the new address, from its street to its zip code on one
    line, that are none of the write's address ("100 Main Street North", "Apt 2" when the write
    has no second line, "Austin, CA 78701" for TX) or are written there more often than in it
    ("100 Main Street, Apt 2, Main Street Austin"): that is another address. A word turning to
    another address (:data:`_AWAY_FROM`) before the zip ends what is read ("100 Main Street,
    Apt 2 rather than Apt 3, Austin ...")."""
    street = re.search(phrase(str(call.arg("address1") or "")), text)
    zip_code = call.arg("zip")
    if street is None or not zip_code:
        return []
    away = _away_from(text, street.end())
    end = re.compile(phrase(str(zip_code))).search(text, street.end(), away)
    stop = end.end() if end else away
    # an address written on one line (a table or a list of fields puts other words between)
    if (end is None and away == len(text)) or "\n" in text[street.end() : stop]:
        return []
    allowed, own = address_words(call), _own_words(call)
    span = re.findall(r"[^\W_]+", text[street.start() : stop])
    said = Counter(w for w in span if w not in _ADDRESS_GLUE)
    return list(dict.fromkeys(w for w in span if w not in allowed or said[w] > own[w]))


_STATE_NAMES = re.compile(
    r"\b(?:"
    + "|".join(sorted((re.escape(n.lower()) for n in STATES.values()), key=len, reverse=True))
    + r")\b"
)


def _other_state_after(call: CallRecord, text: str) -> list[str]:
    """US states ``text`` (folded) names after the new address's street, on its line and before
    a word turning to another address (:data:`_AWAY_FROM`), that are none of the write's
    address ("100 Main Street, Austin 78701, California" for TX; a city
    "Washington, DC" or "New York, NY" names its own city)."""
    street = re.search(phrase(str(call.arg("address1") or "")), text)
    if street is None:
        return []
    own = address_words(call)
    line_end = text.find("\n", street.end())
    end = min(line_end if line_end >= 0 else len(text), _away_from(text, street.end()))
    rest = text[street.end() : end]
    return [m[0] for m in _STATE_NAMES.finditer(rest) if not set(m[0].split()) <= own]


_LABELLED = re.compile(
    r"\b(?:zip(?:\s+code)?|postal\s+code|apt|apartment|suite|ste|unit|floor|room|building|bldg)"
    r"[^\S\n]*[#.:]?[^\S\n]*(?:no\.?[^\S\n]*|number[^\S\n]+)?"
    r"(?P<value>\d[\w-]*|[b-hj-z](?=[^\S\n]|[,;]|$))"
)
"""An address part by its label, with a number or a letter: "Apt 20", "ZIP 78702", "Building
B", "Suite #5" (not "building a ...")."""


def _around_the_street(call: CallRecord, text: str) -> list[tuple[int, int]]:
    """Where ``text`` (folded, a clause a line) writes the new address: from the line naming its
    street up to a word turning to another address after it (:data:`_AWAY_FROM`); not the lines
    before, where a listing states the address as it is ("... is currently set to ship to 786
    Elm Street, Suite 546. I'll change it to: ...")."""
    spans = []
    for street in re.finditer(phrase(str(call.arg("address1") or "")), text):
        start = text.rfind("\n", 0, street.start()) + 1
        spans.append((start, _away_from(text, street.end())))
    return spans


def _labelled_parts(call: CallRecord, text: str) -> list[str]:
    """Address parts ``text`` (folded) names by their label (:data:`_LABELLED`) with a value
    none of the write's address has, where the listing writes the new address
    (:func:`_around_the_street`: "Building B, 100 Main Street", "..., TX 78701, Apt 5", "(ZIP
    78702 for the block)" for 78701); not the current address the listing names before it, nor
    after "rather than", "stays" ...."""
    own = address_words(call)
    return [
        m.group(0)
        for start, end in _around_the_street(call, text)
        for m in _LABELLED.finditer(text, start, end)
        if any(w not in own for w in re.findall(r"[^\W_]+", m["value"]))
    ]


STREET = re.compile(
    r"\b\d+\s+(?:[a-z]+\s+){1,3}?(?:street|st|road|rd|avenue|ave|drive|dr|lane|ln|court|ct"
    r"|boulevard|blvd|place|pl|way|highway|hwy|parkway|pkwy)\b"
)
"""A street address ("5 elm road", "100 main st"), in folded text."""
_WHOLE = re.compile(
    r"(?<![\w$.,-])\d+[a-z]?\s+[a-z].{0,80}?(?<![\w$.,-])\d{5}(?:-\d{4})?(?![\w-])", re.DOTALL
)
"""An address written whole, its house number to its zip code ("200 main street, apt 2,
austin, tx 78701")."""
_OR = re.compile(r"\b(?:or|alternatively)\b(?!\s*(?:\d{5}\b|[,.]|$))")
"""A choice between what stands on either side; not the state code "OR" before a zip or at a
line's end ("Portland, OR 97201")."""
_CHOICE_REACH = 160
"""How far from the write's street an "or" is read, and from the "or" the other address."""


def _place(text: str, own: re.Pattern[str]) -> str | None:
    """A street address other than the write's (``own``: its street), or an address written
    whole (:data:`_WHOLE`), in ``text`` (folded)."""
    street = next((m[0] for m in STREET.finditer(text) if not own.search(m[0])), None)
    whole = _WHOLE.search(text)
    return street or (whole[0] if whole else None)


def _offered_beside(call: CallRecord, text: str) -> list[str]:
    """Another address ``text`` (folded; its clauses may stand on lines of their own) offers
    beside the write's as a choice: an "or" (:data:`_OR`) after the write's street with another
    street or a whole address after it ("to 100 Main Street, ..., or to 200 Main Street, ...",
    "(or 100 Main Street, Apt 2, Dallas, TX 75201)"), or one before the write's street with
    another before it ("to 200 Oak Avenue, ... 78701, or to 100 Main Street"), each within
    :data:`_CHOICE_REACH` characters. A yes to two addresses picks neither."""
    address1 = str(call.arg("address1") or "")
    if not address1.strip():
        return []
    own = re.compile(phrase(address1))
    found = []
    for street in own.finditer(text):
        # no end position: "$" would match right after an "or" cut off there
        for choice in _OR.finditer(text, max(0, street.start() - _CHOICE_REACH)):
            if choice.start() >= street.end() + _CHOICE_REACH:
                break
            if choice.start() >= street.end():
                found.append(_place(text[choice.end() : choice.end() + _CHOICE_REACH], own))
            elif choice.end() <= street.start():
                earlier = text[max(0, choice.start() - _CHOICE_REACH) : choice.start()]
                found.append(_place(earlier, own))
    return [f for f in found if f is not None]


def more_than_the_address(call: CallRecord, text: str) -> list[str]:
    """What ``text`` (folded: what a listing puts forward as the new address, old and current
    addresses left out) writes of an address beside the write's: other words or words repeated
    between its street and zip (:func:`_between_street_and_zip`), another state after its
    street (:func:`_other_state_after`), another labelled number or letter anywhere
    (:func:`_labelled_parts`), another address offered as a choice beside it
    (:func:`_offered_beside`)."""
    found = _between_street_and_zip(call, text) + _other_state_after(call, text)
    found += _labelled_parts(call, text) + _offered_beside(call, text)
    return list(dict.fromkeys(found))
