"""How many of a customer's records an agent says there are, against what the tools returned.

"You have 3 reservations" of a customer with two, or "I found no orders on your account" of
one with five, misleads as much as a wrong price: ``no_fabrication`` holds a count said of the
customer's records to the count a tool returned (or the customer said). Shared by the
customer-service domains, whose responses list a customer's records under the same keys
(tau-bench's shapes):

- a user's ``reservations`` or ``orders`` (lists of ids), ``payment_methods`` (by id, each with
  a ``source``: ``gift_card``, ``credit_card``, ``certificate``, ``paypal``) and
  ``saved_passengers``;
- a reservation's ``passengers``; an order's ``items``.

A count is read only where it is said of the customer's records as a whole
(:func:`counts_said`): after "you have", "I found", "I see", "your profile has", "there are
... on your account", "five bookings are linked to your account", "you don't have any", a
summary's label ("Reservations: 3"), or "the reservation has 3 passengers". A count of some of
them ("two reservations that fly on May 15", "two upcoming reservations", "no other orders"),
a plan ("you can make three reservations"), a limit ("up to three gift cards"), a question,
and the records just spoken of ("both of your reservations", "your two reservations", "all
three of your orders": often the two the customer named, of more) are not read.

A count stands (:meth:`Counts.supports`) when a response listed that many, give or take one
for each successful write since (a booking adds a reservation, a cancellation of an order may
not remove it), or when the customer said that many of them ("I have two gift cards"); of
reservations or orders no response listed as a whole, when it is how many the responses
described one by one ("I found three orders" after three lookups), and none of them when no
response listed or described any ("I couldn't find any orders" after a lookup that failed).
A count of records no tool listed and the customer never counted is unsupported: the agent
could not know it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from checkers.told import records_where

NUMBER_WORDS = {
    "no": 0, "zero": 0, "one": 1, "a single": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
"""Counts said in words (digits are read as they are)."""

KINDS: dict[str, str] = {
    "reservations": r"reservations?|bookings?",
    "orders": r"orders?",
    "payment_methods": r"payment methods?|payment options?|methods? of payment|forms? of payment",
    "gift_card": r"gift cards?",
    "credit_card": r"credit cards?",
    "certificate": r"(?:travel )?certificates?|travel vouchers?",
    "paypal": r"paypal accounts?",
    "saved_passengers": r"saved passengers?|passengers? saved",
    "passengers": r"passengers?|travell?ers?",
    "items": r"items?|products?",
}
"""Each kind of record counted, with the nouns that name it (regular-expression source)."""

RECORD_NOUNS = "|".join(KINDS.values())
"""Every noun of a customer's records: a number right before one counts them, never money."""

_LABELLED = frozenset({"reservations", "orders", "saved_passengers"})
"""Kinds also read as a label's count in a profile's summary ("Reservations: 3"); not the
payment methods or passengers a listing of a new booking labels the same way ("Gift cards:
1")."""

_OF_A_RECORD = {"passengers": r"reservation|booking|trip", "items": r"order"}
"""Kinds counted within one record, with the nouns that name that record: these are read only
as that record's ("the reservation has 3 passengers", "3 items in your order")."""

_NUMBER = r"\d{1,3}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_WHOLE = r"(?:(?:only|just|exactly|a total of|in total|altogether|the following)\s+)?"
_CUE = (
    r"\byou(?:\s+(?:currently|now|still|only|also))?\s+(?:have|hold|own)(?:\s+got)?"
    r"|\byou've(?:\s+(?:currently|now|still|only|also))?\s+got"
    r"|\bi\s+(?:found|see|can see|located|count(?:ed)?)"
    r"|\bi'm\s+seeing|\bi\s+am\s+seeing"
    r"|\b(?:your|the)\s+(?:profile|account|file|record)\s+(?:has|shows|lists|contains|holds"
    r"|includes)"
)
"""Words after which a count is said of the customer's records as a whole."""
_PLACE = (
    r"(?:(?:on|under|in|associated with|linked to|tied to|attached to|saved (?:on|in|to|under)"
    r"|registered (?:to|under)|listed (?:on|under|in))\s+(?:your|the|this)\s+"
    r"(?:profile|account|name|user(?: id)?|file|record)|on file|in (?:our|the) system)"
)
"""Where the customer's records are kept: "under your profile"."""
_NONE = (
    r"\byou\s+(?:don't|do not|dont)\s+(?:currently\s+|yet\s+)?have\s+any"
    r"|\bi\s+(?:don't|do not|dont|can't|cannot|couldn't|could not)\s+(?:see|find|locate)\s+any"
    r"|\bthere\s+(?:aren't|are not|isn't|is not)\s+any"
)
"""Words that say there are none of the records after them ("you don't have any orders")."""
_PLACE_AFTER = re.compile(rf"\s+{_PLACE}")
_NOT_WHOLE_AFTER = re.compile(
    r"\s+(?:that|which|who|with|for|from|to|on|in|at|under|by|of|departing|flying|going|booked|scheduled"
    r"|matching|match|where|whose|made|between|during|before|after|since|this|next|left"
    r"|remaining|still|currently|active|open|pending|eligible|available|you|i|we)\b"
)
"""Words after the noun that narrow the count to some of the records ("two reservations that
fly on May 15", "two orders you placed last week")."""


@dataclass(frozen=True)
class CountSaid:
    """A count of the customer's records said in a sentence: ``kind`` (a key of :data:`KINDS`),
    ``count`` and where its number stands."""

    kind: str
    count: int
    start: int
    end: int


def _value(number: str) -> int:
    return int(number) if number.isdigit() else NUMBER_WORDS[number]


def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    """For each kind, one pattern of every way :func:`counts_said` reads a count of it; a
    group named ``n...`` holds the number, one named ``none`` says there are none."""
    made = []
    for kind, nouns in KINDS.items():
        noun = rf"(?:{nouns})\b"
        ways = [
            rf"(?:{_CUE})\s+{_WHOLE}(?P<n>{_NUMBER})\s+{noun}",
            rf"\bthere\s+(?:are|is)\s+{_WHOLE}(?P<n2>{_NUMBER})\s+{noun}(?=\s+{_PLACE})",
            rf"(?<![\w$£€.,-])(?P<n3>{_NUMBER})\s+{noun}\s+(?:are|is)\s+(?:currently\s+|now\s+|still\s+)?"
            rf"(?:saved\s+|listed\s+|stored\s+|kept\s+)?(?={_PLACE})",
            rf"(?P<none>{_NONE})\s+{noun}",
            # the next of a list the cue counts: "you have 2 gift cards and one credit card"
            rf"(?:{_CUE})\s+[^.;:!?]*?(?:,|\band)\s+(?P<n4>{_NUMBER})\s+{noun}",
        ]
        if kind in _LABELLED:
            ways.append(
                rf"(?:^|(?<=[\n|\-]))\s*(?:your\s+)?(?:total\s+|number\s+of\s+)?{noun}\s*[:|]\s*"
                rf"(?P<n5>\d{{1,3}})(?!\s*[\w$])"
            )
        if kind in _OF_A_RECORD:
            record = rf"(?:{_OF_A_RECORD[kind]})"
            ways = [
                rf"\b(?:(?:your|the|this|that)\s+)?{record}(?:\s+#?[a-z0-9]{{6,8}})?\s+(?:has|holds"
                rf"|includes|contains|lists|is for|covers)\s+{_WHOLE}(?P<n6>{_NUMBER})\s+{noun}",
                rf"(?<![\w$£€.,-])(?P<n7>{_NUMBER})\s+{noun}\s+(?:on|in)\s+(?:your|the|this|that)\s+"
                rf"{record}\b",
            ]
        made.append((kind, re.compile("|".join(f"(?:{w})" for w in ways))))
    return made


_COUNTED = _patterns()
_ANY_NOUN = re.compile(rf"\b(?:{RECORD_NOUNS})\b")
_EMPHASIS = re.compile(r"[*_`]+")
_QUESTION_END = re.compile(r"\?\s*$")


def counts_said(lowered: str) -> list[CountSaid]:
    """Every count of the customer's records ``lowered`` (a sentence, folded and lowercased)
    states as the whole of them (see the module docstring), in order. A question states
    none."""
    if _QUESTION_END.search(lowered) or _ANY_NOUN.search(lowered) is None:
        return []
    lowered = _EMPHASIS.sub("", lowered)  # "you have **3** reservations"
    found = []
    for kind, pattern in _COUNTED:
        for match in pattern.finditer(lowered):
            if _NOT_WHOLE_AFTER.match(lowered, match.end()) and not _PLACE_AFTER.match(
                lowered, match.end()
            ):
                continue
            name, number = next((k, v) for k, v in match.groupdict().items() if v is not None)
            count = 0 if name == "none" else _value(number)
            found.append(CountSaid(kind, count, *match.span(name)))
    return _longest_nouns(sorted(found, key=lambda c: (c.start, c.kind)))


def _longest_nouns(found: list[CountSaid]) -> list[CountSaid]:
    """One count per number: "two saved passengers" is read as saved passengers, not also as
    passengers (the kinds whose nouns end another's are listed after it in :data:`KINDS`)."""
    kept: dict[int, CountSaid] = {}
    order = list(KINDS)
    for said in found:
        other = kept.get(said.start)
        if other is None or order.index(said.kind) < order.index(other.kind):
            kept[said.start] = said
    return list(kept.values())


def told_counts(lowered: str) -> Iterator[tuple[str, int]]:
    """Counts the customer said of their records, however said ("I have two gift cards", "my
    3 reservations"): a number right before one of the nouns."""
    for kind, pattern in _TOLD:
        for match in pattern.finditer(lowered):
            yield kind, _value(match[1])


_TOLD = [
    (kind, re.compile(rf"(?<![\w$£€.,-])({_NUMBER})\s+(?:{nouns})\b"))
    for kind, nouns in KINDS.items()
]
"""For each kind, a number right before one of its nouns (:func:`told_counts`), compiled once:
read on every customer message."""


def _listed(value: Any) -> Iterator[tuple[str, int]]:
    """Every count a JSON response lists, by kind: the length of each list or mapping under a
    key of :data:`KINDS`, and of a mapping of payment methods, how many of each source."""
    if isinstance(value, dict):
        for key, child in value.items():
            if key in KINDS and isinstance(child, list | dict):
                yield key, len(child)
                if key == "payment_methods":
                    yield from _sources(child)
            yield from _listed(child)
    elif isinstance(value, list):
        for child in value:
            yield from _listed(child)


def _sources(methods: list[Any] | dict[str, Any]) -> Iterator[tuple[str, int]]:
    entries = list(methods.values()) if isinstance(methods, dict) else methods
    sources = [e.get("source") for e in entries if isinstance(e, dict)]
    for source in ("gift_card", "credit_card", "certificate", "paypal"):
        yield source, sources.count(source)


_ID_KEYS = {"reservations": "reservation_id", "orders": "order_id"}
"""The key of each kind's record that names it."""


def _has_an_id(record: dict[str, Any]) -> bool:
    return any(key in record for key in _ID_KEYS.values())


@dataclass
class Counts:
    """The counts of a customer's records the conversation gave, grown in order."""

    listed: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    """Each kind's counts as responses listed them, with the writes made before each."""
    told: set[tuple[str, int]] = field(default_factory=set)
    """Counts the customer said."""
    writes: int = 0
    """Successful writes so far."""
    looked_up: dict[str, set[str]] = field(default_factory=dict)
    """The ids of each kind's records the responses described one by one (an order's details:
    its ``order_id``), for a kind no response listed as a whole."""

    def take_response(self, seen: Any) -> None:
        """Take in a tool's response: every count it lists, and the records it describes."""
        for kind, count in _listed(seen):
            self.listed.setdefault(kind, []).append((count, self.writes))
        for record in records_where(seen, _has_an_id):
            for kind, key in _ID_KEYS.items():
                if isinstance(named := record.get(key), str):
                    self.looked_up.setdefault(kind, set()).add(named)

    def take_write(self) -> None:
        """A write succeeded: a count may have changed by one since."""
        self.writes += 1

    def take_words(self, lowered: str) -> None:
        """Take in what the customer said (lowercased)."""
        self.told.update(told_counts(lowered))

    def supports(self, said: CountSaid) -> bool:
        """Whether ``said`` is a count the agent was given (see the module docstring)."""
        if (said.kind, said.count) in self.told:
            return True
        described = self.looked_up.get(said.kind, set())
        if said.kind not in self.listed and said.count == len(described):
            # "I found three orders" of the three the agent looked up one by one; "I found no
            # orders" when none was found (a lookup that failed): nothing listed says otherwise
            return True  # "I found three orders" of the three the agent looked up, one by one
        return any(
            abs(said.count - count) <= self.writes - before
            for count, before in self.listed.get(said.kind, ())
        )


def count_problems(lowered: str, counts: Counts) -> list[tuple[str, str]]:
    """``("unsupported_count", what)`` for each count ``lowered`` (a sentence, folded and
    lowercased) says of the customer's records that ``counts`` does not support."""
    return [
        ("unsupported_count", _described(said, counts))
        for said in counts_said(lowered)
        if not counts.supports(said)
    ]


def _described(said: CountSaid, counts: Counts) -> str:
    noun = said.kind.replace("_", " ")
    listed = sorted({c for c, _ in counts.listed.get(said.kind, ())})
    given = f"the tools listed {' or '.join(map(str, listed))}" if listed else "no tool listed any"
    return f"{said.count} {noun} said of the customer's records; {given}"


COUNT_REASONS = {
    "unsupported_count": "fail: a count of the customer's records (reservations, orders, "
    "payment methods, a reservation's passengers, an order's items) that no tool listed and "
    "the customer did not say",
}
"""The reason code a domain's ``no_fabrication`` adds for counts, with its meaning."""
