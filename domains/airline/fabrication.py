"""``no_fabrication``: every flight number, reservation id, amount, time and flight status the agent
states came from a tool or the customer before it said it, about the entity it states it about.

What the agent had been told grows call by call (:class:`Evidence`, on :class:`checkers.told.
Told`): every response's numbers, the flight numbers and reservation ids it names, and per
flight the prices, times and statuses returned about it; the customer's numbers, ids and
statuses. Each agent sentence is then checked (:func:`sentence_problems`): an id must have been
returned or said; an amount must be an amount returned (a price, a fare, a balance), said or
given by the policy (:data:`POLICY_AMOUNTS`), or plain arithmetic on them
(:meth:`checkers.told.Told.supports_amount`), never another number a response held (a zip
code, a card's last four digits, a year of birth); a
sentence naming one flight binds its amounts, times and statuses to that flight, one naming
several binds what it says of each flight in turn to that flight, its figures written after or
before it (a status after a list of flights to each of them); a figure said as one field of its
flight (departs, arrives; a cabin's fare) must be that field's, a time said as a bound on it
("departs after 8 AM", "lands by 9 PM") one that field's time meets, and so must a next flight's
figure said without its verb ("HAT112 arrives at 01:00 and HAT266 at 13:00"). A status is
stated unless its own clause supposes, asks or offers it (:class:`checkers.stated.Stated`):
"If HAT188 is cancelled, ..." and "Has HAT188 departed?" state nothing, "If you're wondering,
your flight is cancelled" and "Your flight was cancelled, so I could rebook you" state it. The
policy forbids giving information "not provided by the user or available tools"; a figure
computed without the ``calculate`` tool is accepted only as one of those plain derivations.

The agent's report after writes (its first message after them) is held to what they did: an
amount it says was charged must be one the writes charged (a payment, a sum of one write's
payments, or a price per unit of one said as such: "$597 per passenger"), one it says was
refunded one they refunded (:class:`checkers.charges_said.Moved`).
"$597 has been charged" after an upgrade of two passengers that charged $1,194 is
``amount_not_moved``, however well $597 is supported as a figure; a payment method said to have
moved a right amount must be one that moved it ("$326 was charged to your Mastercard" of $123 by
gift card and $203 by Mastercard is ``method_not_moved``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from checkers import dates, questions, tokens, told
from checkers.binding import (
    Group,
    Lists,
    Mark,
    bind,
    of_one_or_each,
    same_as,
    some_of,
    spans_of,
    unopposed,
)
from checkers.charges_said import Method, Moved, Paid, Terms
from checkers.done_claims import (
    ACTION_NOT_TAKEN,
    claims_without_write,
    done_claims,
    done_pattern,
    handoff_without_call,
)
from checkers.passed_on import status_passed_on
from checkers.record_counts import COUNT_REASONS, Counts, count_problems
from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service import appended
from checkers.service_checks import NO_AGENT_MESSAGE, check_for, maker
from checkers.service_fabrication import STATEMENTS_REASONS, statements_result
from checkers.stated import Stated
from checkers.status_words import clause_of, nearest, negated
from checkers.text import fold, fold_lower, sentences
from checkers.told import times_in as times_in
from checkers.unread_language import english_lexicon
from checkers.write_promises import promise_pattern, promises, unkept_promises
from domains.airline.checks import REASONS, AirlineContext, CallRecord, checks
from domains.airline.models import CABIN_WORDS, CABINS, NoFabrication, Reservation
from domains.airline.policy import COMPENSATION, MAX_PASSENGERS
from domains.airline.service import AIRPORTS, BAG_PRICE, INSURANCE_PRICE

FLIGHT = re.compile(r"(?<![A-Za-z0-9])HAT\d{3}(?![A-Za-z0-9])")
"""A flight number as the data writes it; markdown's ``_HAT188_`` and ``HAT188's`` included."""
_FLIGHT_WRITTEN = re.compile(r"(?<![A-Za-z0-9])hat[ \t\-]?(\d{3})(?![0-9])", re.IGNORECASE)
"""A flight number in any case, spaced or hyphenated ("hat188", "HAT 188", "Hat-188")."""
_ID_NAMED_BY = "|".join(
    rf"(?<=(?i:{noun}{after}) )"
    for noun in ("reservation", "reservations", "booking", "bookings")
    for after in ("", ":", " id", " id:", " code", " number")
)
"""Right after a word naming a reservation ("reservation", "booking id:"), where a word of six
letters alone is its id."""
RESERVATION = re.compile(
    r"(?<![A-Za-z0-9])(?!(?:USD|EUR|GBP|CAD|AUD|JPY)\d+(?![A-Za-z0-9]))"
    r"(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{6}(?![A-Za-z0-9])"
    rf"|(?:{_ID_NAMED_BY})[A-Z]{{6}}(?![A-Za-z0-9])"
)
"""A reservation id: six capitals and digits, with a digit ("Z7GOZK"; not an amount glued to
its currency, "USD108"), or six capitals right after "reservation" or "booking" (new bookings'
ids and one in seven of the data's are letters only: "reservation HATHAT")."""
_WHOLE_ID = re.compile(r"[A-Z0-9]{6}")
"""A response's value that is an id by itself (``"reservation_id": "MDCLVA"``)."""


_RESERVATION_WRITTEN = re.compile(
    r"(?<![\w#$@.\-/])(?!(?:usd|eur|gbp|cad|aud|jpy)\d+(?!\w))"
    r"(?!\d+(?:st|nd|rd|th|am|pm|kgs?|lbs?|gb|mb|km|mi|hrs?|h|mins?|m|s|x|k|pc|pcs)(?!\w))"
    r"(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]{6}(?![\w@\-/])",
    re.IGNORECASE,
)
"""A reservation id in any case ("z7gozk", "K67c4w"): six letters and digits with a digit and a
letter, not an amount glued to its currency ("usd108"), a count with its unit ("100kgs") or a
part of an address, a user id or a payment id (glued to "_", "@", "-", "."). An id of letters
alone is read right after a word naming a reservation (:data:`_LETTERS_WRITTEN`)."""
_LETTERS_WRITTEN = re.compile(rf"(?:{_ID_NAMED_BY})(?![A-Z][a-z]{{5}}\b)[A-Za-z]{{6}}(?![\w@\-/])")
"""An id of six letters alone in lower (or mixed) case right after a word naming a reservation
("reservation hathat", "booking id: hxdubj"); not a word of English ("reservation status",
"booking online": :func:`checkers.unread_language.english_lexicon`, which holds no id of the
data's) nor one written as a name ("booking Sophia")."""


def _letters_id(match: re.Match[str]) -> str:
    word = match.group(0)
    return word if word.lower() in english_lexicon() else word.upper()


def plain_ids(folded: str) -> str:
    """``folded`` (:func:`checkers.text.fold` form) with each flight number and reservation id
    written as the data writes them, so that "hat188" or "HAT 188" is read, and checked, as
    HAT188, "z7gozk" as Z7GOZK (:data:`_RESERVATION_WRITTEN`) and "reservation hathat" as
    reservation HATHAT (:data:`_LETTERS_WRITTEN`)."""
    flights = _FLIGHT_WRITTEN.sub(lambda m: f"HAT{m.group(1)}", folded)
    ids = _RESERVATION_WRITTEN.sub(lambda m: m.group(0).upper(), flights)
    return _LETTERS_WRITTEN.sub(_letters_id, ids)


_DEPARTED = r"departed|took off|taken off|flown"
"""Words true of a flight flying or landed (the policy: "flying": "the flight has taken off";
"HAT188 has already flown")."""
STATUS_WORDS = {
    "cancelled": r"cancell?ed|called off|scrapped|scratched|axed|grounded",
    "delayed": r"delayed|postponed|running late|running behind|behind schedule|pushed back"
    r"|is late|are late|was late|were late|be late|been late"
    r"|delay|delays",
    "on time": r"on time|on schedule|on-time|ontime|on-schedule|as planned|as scheduled|punctual",
    "landed": rf"landed|touched down|{_DEPARTED}",
    "flying": rf"flying|in the air|in flight|airborne|en route|{_DEPARTED}",
}
"""The words that state each flight status, in any tense ("was called off", "is running
late"), and the noun "delay" ("the delay of HAT188"; not in "delay compensation"): a status
claim is read by meaning, not by the one word the data uses. Words under several statuses say
one of them: "has departed" is true of a flight flying or landed, its denial of neither."""
STATUS_NOUNS = frozenset({"delay", "delays"})
"""Status words that are nouns: said of a flight by number ("There is a delay on HAT188"), but
of no flight in a sentence naming none ("I cannot tell the reasons for flight delays")."""
_FLOWN_OF_A_FLIGHT = re.compile(
    r"\b(?:flights?|segments?|legs?|trips?|it|they|both)(?: (?:(?:has|have|had|is|are|was|were)"
    r"(?:n't)?|been|already|just|not|never|yet|now|all))* flown$"
)
""""flown" with a flight as its subject ("Your flight has already flown", "It was flown"): in a
sentence naming no flight by number, the only "flown" that says a status; the others are the
customer's flying ("the segments you have flown"), as "flying" is there ("you are flying
economy"), or the policy's ("flown segments cannot be refunded")."""
_STATUS = re.compile(
    r"(?<![a-z0-9])(" + "|".join(STATUS_WORDS.values()) + r")(?![a-z0-9])"
    r"(?![- ](?:compensation|polic|insurance|certificate))"
)
"""A status word, between anything but letters and digits (markdown's ``_delayed_`` too), not
naming a kind of compensation or policy ("delay compensation")."""
_STATUS_OF = [(status, re.compile(rf"^(?:{words})$")) for status, words in STATUS_WORDS.items()]
POLICY_AMOUNTS = frozenset(Decimal(n) for n in (INSURANCE_PRICE, BAG_PRICE, *COMPENSATION.values()))
"""Dollar figures the policy itself gives the agent: insurance per passenger, a bag, the
compensation per passenger."""


_NEITHER_LIST = re.compile(
    r"\b(?:neither|none)\b(?:(?!;|\b(?:but|while|whereas|however|both|all|each)\b).)*$", re.DOTALL
)
"""A "neither" before a status in its clause: "Neither HAT188 nor HAT207 is delayed" denies it
of each. The clause ends at a semicolon, "but" and the like, or words that speak of the flights
together again ("..., and both are on time")."""


Claim = tuple[str, ...]
"""The statuses a status word says one of, in the data's words (``("landed", "flying")`` for
"departed")."""


FLIGHT_STATUSES = Stated(ids=r"hat\d{3}", nouns=r"flights?|segments?|legs?")
"""Which flight statuses a sentence states (:class:`checkers.stated.Stated`)."""


def _said(lowered: str) -> list[tuple[int, int, Claim, bool]]:
    """``(start, end, claim, holds)`` for each flight status a lowered sentence states
    (:data:`FLIGHT_STATUSES`), by :data:`STATUS_WORDS`; ``holds`` is False for a denial ("is
    not delayed", "is no longer delayed", "neither delayed nor cancelled", "Neither HAT188 nor
    HAT207 is delayed": :func:`checkers.status_words.negated`)."""
    matches = list(_STATUS.finditer(lowered))
    stated = FLIGHT_STATUSES.each(lowered, [m.span() for m in matches])
    found = []
    for match in (m for m, says in zip(matches, stated, strict=True) if says):
        denied = negated(lowered, match.start(), match.group(0)) or bool(
            _NEITHER_LIST.search(lowered, 0, match.start())
        )
        claim = tuple(status for status, pattern in _STATUS_OF if pattern.match(match.group(0)))
        found.append((match.start(), match.end(), claim, not denied))
    return found


def statuses_in(text: str) -> list[str]:
    """The flight statuses ``text`` says hold (not the ones it denies, supposes or asks; each
    of the statuses a word says one of), by :data:`STATUS_WORDS`, in the data's words."""
    said = [c for s in sentences(text) for _, _, c, holds in _said(fold_lower(s)) if holds]
    return list(dict.fromkeys(s for claim in said for s in claim))


def _true_of(claim: Claim, holds: bool, known: AbstractSet[str]) -> bool:
    """Whether a status said (``holds``) or denied of a flight is true of one ``known`` to
    have the statuses ``known``: one of them is one the claim says, or (denied) none is and
    some status is known."""
    return bool(set(claim) & known) if holds else bool(known) and not set(claim) & known


def _says(claim: Claim, holds: bool) -> str:
    return f"{'' if holds else 'not '}to be {' or '.join(map(repr, claim))}"


Figures = set[tuple[str, Any]]
"""A flight's prices or times, each with the field it is of (a cabin; "departure" or
"arrival"), "" when that is not known."""
_TIME_FIELDS = ("departure", "arrival")
_TIME_WORDS: dict[str, str] = {
    "departure": r"depart\w*|leaves?|leaving|takes? off|taking off",
    "arrival": r"arriv\w*|lands?|landing|gets? in",
}
_FIELD_WORDS = {
    name: re.compile(rf"\b(?:{words})\b")
    for name, words in [*_TIME_WORDS.items(), *CABIN_WORDS.items()]
}
"""The words that say which field of a flight a figure is: a time its departure or arrival, an
amount a cabin's fare (:data:`~domains.airline.models.CABIN_WORDS`: "business days" name
none)."""


def _prices(record: dict[str, Any], cabin: str) -> Figures:
    """The prices a flight record gives, each with its cabin: a search result's ``prices`` by
    cabin, a segment's ``price`` in its reservation's ``cabin``."""
    prices = record.get("prices")
    by_cabin = [*(prices.items() if isinstance(prices, dict) else [("", prices)])]
    by_cabin.append((cabin, record.get("price")))
    return {(str(c), p) for c, v in by_cabin for p in told.numbers_in(v)}


def _times(record: dict[str, Any]) -> Figures:
    """The times a flight record gives, each with the field its key names."""
    return {
        (next((f for f in _TIME_FIELDS if f in str(key)), ""), time)
        for key, value in record.items()
        for time in told.times_of(value)
    }


def _of(figures: Figures, said_as: str | None) -> set[Any]:
    """The figures of field ``said_as`` and of no known field (all when ``said_as`` is None)."""
    return {value for of, value in figures if said_as in (None, of) or not of}


def _said_as(
    lowered: str, at: int, fields: Sequence[str], of: tuple[int, int], carried: str | None = None
) -> str | None:
    """The field of ``fields`` (:data:`_FIELD_WORDS`) a figure at ``at`` of ``lowered`` is said
    as: the one named in its clause (:func:`checkers.status_words.clause_of`; with the one
    before, when that ends in a colon: "Departure: 08:00"), else, naming none, the one named in
    ``of``, the stretch said of its flight ("At 11:00, HAT056 leaves"), else ``carried``
    (:func:`_carried`); None when the first that names any names several."""
    start, end = clause_of(lowered, at)
    if lowered.endswith(": ", 0, start):
        start = clause_of(lowered, start - 2)[0]
    for first, last in ((start, end), of):
        named = [f for f in fields if _FIELD_WORDS[f].search(lowered, max(first, 0), last)]
        if named:
            return named[0] if len(named) == 1 else None
    return carried


_GAPPED = re.compile(
    r"(?:[\W\d_]|\b(?:hat\d{3}|flights?|at|on|for|is|of|s|then|also|a\.?m|p\.?m|noon|midnight"
    r"|est|usd|dollars)\b)*"
)
"""A clause holding nothing but flight numbers, figures and linking words: its verb, and so the
field its figure is said as, left out ("..., and HAT266 at 13:00", "... and on HAT266 $95")."""


Fielded = list[tuple[tuple[str | None, ...], str | None]]
"""The figures of one kind a sentence said before, in order: the flights each was said of
(``(None,)``: none) and the field it was said as."""


def _carried(lowered: str, at: int, of: tuple[str | None, ...], said: Fielded) -> str | None:
    """The field a figure at ``at`` said of one flight (``of``) in a clause without its verb
    (:data:`_GAPPED`) is said as: the one every figure ``said`` before it of the one flight
    before was said as ("HAT112 arrives at 01:00 and HAT266 at 13:00": HAT266's arrival;
    "Economy on HAT112 is $120 and on HAT266 $95"). None when they were said as several or
    none, or the clause has words of its own ("..., so you can catch HAT266 at 13:00")."""
    earlier = next((flights for flights, _ in reversed(said) if flights != of), (None,))
    start, end = clause_of(lowered, at)
    if None in (*of, *earlier) or len(of) + len(earlier) > 2:
        return None  # said of several flights or none, a figure has no one flight's field
    fields = {field for flights, field in said if flights == earlier}
    return fields.pop() if len(fields) == 1 and _GAPPED.fullmatch(lowered, start, end) else None


def _ids(text: str) -> list[str]:
    """The flight numbers and reservation ids ``text`` names."""
    whole = [text] if _WHOLE_ID.fullmatch(text) else []
    return FLIGHT.findall(text) + RESERVATION.findall(text) + whole


def _flight_records(value: Any) -> list[dict[str, Any]]:
    return list(told.records_where(value, lambda r: isinstance(r.get("flight_number"), str)))


@dataclass
class Flight:
    """What the tools returned about one flight number."""

    prices: Figures = field(default_factory=set)
    times: Figures = field(default_factory=set)
    statuses: set[str] = field(default_factory=set)
    days: set[dates.Day] = field(default_factory=set)
    """The dates a reservation holding it was returned flying it on."""
    legs: set[tuple[str, str]] = field(default_factory=set)
    """Its origin and destination airports, as a reservation holding it returned them."""
    booking_cancelled: bool = False
    """A reservation holding the flight was cancelled: the booking is, the flight is not (it
    supports "your booking on HAT188 is cancelled", never "HAT188 was cancelled by the
    airline", which is what opens compensation)."""


@dataclass
class Evidence(told.Told):
    """What the agent had been told (:class:`checkers.told.Told`), with the flight numbers and
    reservation ids and, per flight, the prices, times and statuses returned about it."""

    given: frozenset[Decimal] = POLICY_AMOUNTS
    multiples: int = MAX_PASSENGERS
    ids: set[str] = field(default_factory=set)
    flights: dict[str, Flight] = field(default_factory=dict)
    heard_statuses: set[str] = field(default_factory=set)
    """Statuses the customer stated of no flight by its number ("my flight was cancelled"):
    of the one flight that phrase can mean (:meth:`customers_flight`)."""
    heard_of_flights: dict[str, set[str]] = field(default_factory=dict)
    """Statuses the customer stated of flights named by number ("HAT188 was cancelled"), by
    flight: said of one flight, a status supports no other."""
    reservations: dict[str, list[str]] = field(default_factory=dict)
    """Each reservation returned, with its flight numbers."""
    flights_ever: dict[str, set[str]] = field(default_factory=dict)
    """Each reservation returned, with the flight numbers of every version of it returned (a
    flight changed away was the reservation's)."""
    found_apart: set[str] = field(default_factory=set)
    """Flight numbers returned outside a reservation (a search, a flight's details)."""
    counts: Counts = field(default_factory=Counts)
    """How many of the customer's records (reservations, payment methods, passengers) the
    tools listed and the customer said."""
    current: str | None = None
    """The reservation the conversation is on: the last one returned or named by the customer
    (what "your flight" means in a sentence naming no flight)."""
    paid: dict[str, set[Decimal]] = field(default_factory=dict)
    """Each reservation returned, with the amounts its record holds (payments, prices)."""
    told_reservations: list[str] = field(default_factory=list)
    """The ids the customer named, in order (a reservation's or not yet known to be)."""
    told_flights: set[str] = field(default_factory=set)
    """The flight numbers the customer named."""
    told_days: set[dates.Day] = field(default_factory=set)
    """The dates the customer named."""
    told_legs: set[tuple[str, str]] = field(default_factory=set)
    """Each pair of airports the customer named in a sentence, the first before the second
    ("from New York to LAX": JFK then LAX)."""

    def flight(self, number: str) -> Flight:
        """What was returned about flight ``number`` (nothing yet, the first time)."""
        return self.flights.setdefault(number, Flight())

    def take_call(self, call: CallRecord) -> None:
        """Take in what ``call`` returned: its amounts are the prices and the figures under
        amount keys, and a refusal's figures too ("gift card ... has 123, not 218" tells the
        agent both; a refusal is prose about the money it refuses). A cancelled reservation's
        flights are no longer booked."""
        seen, records = call.seen, _flight_records(call.seen)
        self.counts.take_response(seen)
        if call.kind == "write" and call.ok:
            self.counts.take_write()
        refused = told.numbers_in(seen) if not call.ok else set()
        self.take_response(seen, {p for f in records for _, p in _prices(f, "")} | refused)
        for scalar in told.scalars(seen):
            self.ids.update(_ids(scalar) if isinstance(scalar, str) else ())
        booked = list(
            told.records_where(
                seen, lambda r: isinstance(r.get("reservation_id"), str) and "flights" in r
            )
        )
        cabins = {
            id(f): str(r.get("cabin") or "") for r in booked for f in _flight_records(r["flights"])
        }
        for record in records:
            if id(record) not in cabins:
                self.found_apart.add(record["flight_number"])
            flight = self.flight(record["flight_number"])
            flight.prices |= _prices(record, cabins.get(id(record), ""))
            flight.times |= _times(record)
            if id(record) in cabins:  # a segment of a reservation: the day and leg it is booked
                flight.days |= dates.iso_days([record.get("date")])
                flight.legs.add((str(record.get("origin")), str(record.get("destination"))))
            status, by_date = record.get("status"), record.get("dates")
            if isinstance(status, str):
                flight.statuses.add(status.lower())
            if isinstance(by_date, dict):
                flight.statuses |= {
                    str(d.get("status")).lower() for d in by_date.values() if isinstance(d, dict)
                }
        for record in told.records_where(seen, lambda r: isinstance(r.get("reservation_id"), str)):
            amounts = told.amounts_under(record)
            self.paid.setdefault(record["reservation_id"], set()).update(amounts)
        for reservation in booked:
            numbers = [f["flight_number"] for f in _flight_records(reservation["flights"])]
            self.reservations[reservation["reservation_id"]] = numbers
            self.flights_ever.setdefault(reservation["reservation_id"], set()).update(numbers)
            self.current = reservation["reservation_id"]
        cancelled = told.records_where(
            seen, lambda r: r.get("status") == "cancelled" and isinstance(r.get("flights"), list)
        )
        for reservation in cancelled:
            for record in _flight_records(reservation.get("flights")):
                self.flight(record["flight_number"]).booking_cancelled = True

    def take_heard(self, text: str) -> None:
        """Take in what the customer said: numbers, times, statuses and ids. A status said in a
        sentence naming flights is bound to them as an agent's is (:func:`_bound_statuses`);
        said of no flight by number, to none."""
        folded = fold(text)
        self.take_words(folded)
        self.counts.take_words(folded.lower())
        for sentence in sentences(folded):
            by_flight, unnamed = statuses_told(sentence)
            self.heard_statuses.update(unnamed)
            for number, statuses in by_flight.items():
                self.heard_of_flights.setdefault(number, set()).update(statuses)
            self.told_days |= {day for _, day in dates.dates_in(fold_lower(sentence))}
            places = airports_in(sentence)
            self.told_legs |= {(a, b) for i, a in enumerate(places) for b in places[i + 1 :]}
        named = _ids(plain_ids(folded).upper())
        self.ids.update(named)
        self.told_flights.update(n for n in named if FLIGHT.fullmatch(n))
        self.told_reservations += [n for n in named if not FLIGHT.fullmatch(n)]
        self.current = next((i for i in reversed(named) if i in self.reservations), self.current)

    def customers_flight(self) -> str | None:
        """The one flight "my flight" can be, None when several can. The flights it may be are
        those of the reservations the conversation is about: the ones the customer named (once
        returned), else every one returned; with none returned, the flights the customer named
        by number. Of several, it is the only one the customer's words name
        (:meth:`_told_of`: "my flight from JFK to LAX on May 5")."""
        named = [r for r in self.told_reservations if r in self.reservations]
        flights = [n for r in named or self.reservations for n in self.reservations[r]]
        pool = list(dict.fromkeys(flights)) or sorted(self.told_flights)
        if len(pool) > 1:
            pool = [n for n in pool if self._told_of(n)]
        return pool[0] if len(pool) == 1 else None

    def _told_of(self, number: str) -> bool:
        """Whether the customer's words name flight ``number``: its number, a date it flies
        (a date said without its year, any year's) or its origin and then its destination."""
        flight = self.flights.get(number, Flight())
        return (
            number in self.told_flights
            or any(dates.among(day, flight.days) for day in self.told_days)
            or bool(flight.legs & self.told_legs)
        )

    def heard_of(self, number: str) -> set[str]:
        """The statuses the customer said that stand in for flight ``number``'s when no tool
        returned one: those said of it by number, and, when it is the one flight "my flight"
        can be (:meth:`customers_flight`), those said of no flight by number. Said of no
        flight, "cancelled" says nothing of a delay, nor, of two flights, which was
        cancelled."""
        unnamed = self.heard_statuses if number == self.customers_flight() else set()
        return self.heard_of_flights.get(number, set()) | unnamed

    def heard_of_yours(self, number: str) -> set[str]:
        """The statuses the customer said that stand in for flight ``number``'s in an agent's
        sentence naming no flight ("Your flight was cancelled" repeats "my flight was
        cancelled"): those said of it by number and those said of no flight by number."""
        return self.heard_of_flights.get(number, set()) | self.heard_statuses


_CITIES = {city.lower(): code for code, city in AIRPORTS.items()}
_AIRPORT = re.compile(
    r"(?<![A-Za-z])(?:(?P<code>"
    + "|".join(AIRPORTS)
    + r")|(?i:(?P<city>"
    + "|".join(map(re.escape, _CITIES))
    + r")))(?![A-Za-z])"
)
"""An airport the flights serve, by its code as the data writes it ("JFK"; not "sea") or its
city in any case ("New York")."""


def airports_in(sentence: str) -> list[str]:
    """The codes of the airports ``sentence`` names (by code or city), in order."""
    return [
        m.group("code") or _CITIES[m.group("city").lower()] for m in _AIRPORT.finditer(sentence)
    ]


def statuses_told(sentence: str) -> tuple[dict[str, set[str]], set[str]]:
    """The flight statuses a customer's sentence says hold: ``(by flight, of none)``. In a
    sentence naming flights each status is bound to the flights it is said of, as an agent's
    (:func:`_bound_statuses`); a status said of some of a list ("one of HAT188 and HAT207 is
    delayed") or by contrast ("unlike HAT207") is bound to none of them, since neither says
    which flight has it. In a sentence naming none, every status is of none."""
    bound = _bound_statuses(sentence)
    if not any(not b.group.contrasted for b in bound):
        return {}, set(statuses_in(sentence))
    by_flight: dict[str, set[str]] = {}
    for b in bound:
        if b.holds and not b.group.some and not b.group.contrasted:
            for number in b.group.names:
                by_flight.setdefault(number, set()).update(b.claim)
    return by_flight, set()


def _amount_problems(
    quantity: tokens.Quantity, about: str | None, said_as: str | None, evidence: Evidence
) -> list[tuple[str, str]]:
    """What is wrong with an amount stated about flight ``about`` (None: about no one flight)
    as cabin ``said_as``'s fare (None: no cabin named): no price of that flight for up to five
    passengers, but another flight's; a price of another cabin; or not derived at all."""
    value, text = quantity.value, quantity.text
    prices = evidence.flights[about].prices if about in evidence.flights else set()

    def priced(cabin: str | None) -> bool:
        return any(value == p * k for p in _of(prices, cabin) for k in range(1, MAX_PASSENGERS + 1))

    if prices and not priced(None):
        others = [n for n, f in evidence.flights.items() if value in _of(f.prices, None)]
        if others:
            what = f"is stated about flight {about}, but it is a price of {', '.join(others[:3])}"
            return [("amount_of_another_flight", f"amount {text} {what}")]
    elif prices and not priced(said_as):
        what = f"is stated as flight {about}'s {said_as} fare, but it is another cabin's"
        return [("amount_of_another_cabin", f"amount {text} {what}")]
    if not evidence.supports_amount(value):
        what = "was never returned or told, nor is it a multiple, sum or difference of amounts"
        return [("unsupported_amount", f"amount {text} {what} that were")]
    return []


def _flight_reservation_problems(
    flights: Sequence[str], reservations: Sequence[str], evidence: Evidence
) -> list[tuple[str, str]]:
    """A flight said in a sentence naming one reservation (its only one) that was never that
    reservation's but is another returned reservation's, and that nothing but a reservation
    returned ("Reservation Z7GOZK flies HAT001 on May 5" when HAT001 is K67C4W's): a fact of
    one booking lent to another. A flight a search or a lookup returned may be proposed for the
    reservation ("I can move Z7GOZK to HAT001"), so it is left alone."""
    if len(reservations) != 1 or reservations[0] not in evidence.flights_ever:
        return []
    (reservation,) = reservations
    problems = []
    for number in flights:
        if number in evidence.flights_ever[reservation] or number in evidence.found_apart:
            continue
        others = [r for r, ns in evidence.flights_ever.items() if r != reservation and number in ns]
        if others:
            what = f"is stated about reservation {reservation}, but it is a flight of"
            problems.append(
                ("flight_of_another_reservation", f"flight {number} {what} {others[0]}")
            )
    return problems


def _reservation_problems(
    quantity: tokens.Quantity, reservations: Sequence[str], evidence: Evidence
) -> list[tuple[str, str]]:
    """What is wrong with an amount bound to no flight in a sentence naming one reservation:
    none of that reservation's amounts (up to five times one, or a sum of them) but another
    reservation's ("Reservation AAAAA0 cost you $303" when AAAAA1 was paid $303)."""
    if len(reservations) != 1 or reservations[0] not in evidence.paid:
        return []
    value, own = quantity.value, evidence.paid[reservations[0]]
    multiples = {a * k for a in own for k in range(1, MAX_PASSENGERS + 1)}
    if value in multiples or value in told.subset_sums(sorted(own)):
        return []
    others = [
        r for r, amounts in evidence.paid.items() if r not in reservations and value in amounts
    ]
    if not others:
        return []
    what = f"is stated about reservation {reservations[0]}, but it is an amount of {others[0]}"
    return [("amount_of_another_reservation", f"amount {quantity.text} {what}")]


_BOUND_BEFORE = re.compile(
    r"\b(?:(?P<after>after|later\s+than)|(?P<from>no\s+earlier\s+than)"
    r"|(?P<before>before|earlier\s+than)|(?P<by>by|no\s+later\s+than))\s+$"
)
"""Words right before a time that make it a bound on the flight's time, not its time ("the
flight that departs after 8 AM is HAT072", "arrives before noon", "lands by 9 PM")."""
_HOLDS: dict[str, Callable[[int, int], bool]] = {
    "after": lambda time, bound: time > bound,
    "from": lambda time, bound: time >= bound,
    "before": lambda time, bound: time < bound,
    "by": lambda time, bound: time <= bound,
}
"""Whether a flight's time (minutes of the day) is within a bound, by the bound's words."""


def _minutes(time: str) -> int:
    hours, minutes = time.split(":")
    return int(hours) * 60 + int(minutes)


def _bound_problems(
    time: str, relation: str, about: str | None, said_as: str | None, evidence: Evidence
) -> list[tuple[str, str]]:
    """What is wrong with ``time`` said as a bound (``relation``, a key of :data:`_HOLDS`) on
    flight ``about``'s ``said_as`` time: no such time of the flight was returned. A bound on no
    flight whose times were returned must itself be a time returned or told (the customer's own
    "after 8 AM"), as any time: "HAT207 arrives before 11 PM" after a lookup that gave no time
    is made up."""
    times = evidence.flights[about].times if about in evidence.flights else set()
    if not times:
        return (
            []
            if time in evidence.times
            else [("unsupported_time", f"time {time} was never returned")]
        )
    holds = _HOLDS[relation]
    if any(holds(_minutes(t), _minutes(time)) for t in _of(times, said_as)):
        return []
    what = f"flight {about} has no {said_as or 'departure or arrival'} time {relation} {time}"
    return [("unsupported_time", what)]


def _time_problems(
    time: str, about: str | None, said_as: str | None, evidence: Evidence
) -> list[tuple[str, str]]:
    """What is wrong with a time stated about flight ``about`` as its ``said_as`` time (None:
    neither departure nor arrival named): not that flight's, not its time of that field, or
    (about no one flight) never returned."""
    times = evidence.flights[about].times if about in evidence.flights else set()
    if times and time not in _of(times, None):
        return [("unsupported_time", f"time {time} is not a time returned for flight {about}")]
    if times and time not in _of(times, said_as):
        return [("unsupported_time", f"time {time} is not flight {about}'s {said_as} time")]
    return (
        [] if time in evidence.times else [("unsupported_time", f"time {time} was never returned")]
    )


_SPACE_RUN = re.compile(r"[ \t\u00a0]+")


@dataclass(frozen=True)
class Bound:
    """A status said of a group of flights."""

    group: Group
    claim: Claim
    holds: bool
    """False for a denial ("... is not delayed")."""


FLIGHT_LISTS = Lists(nouns=r"flights?")
"""How flights are listed in a sentence (:class:`checkers.binding.Lists`)."""


def _marks(cased: str) -> list[Mark]:
    """Where ``cased`` (folded, flight numbers as the data writes them) names each flight."""
    return [(m.start(), m.end(), m.group(0)) for m in FLIGHT.finditer(cased)]


def _groups(cased: str, lowered: str) -> list[Group]:
    """The sentence's flights, lists joined (:meth:`checkers.binding.Lists.groups`)."""
    return FLIGHT_LISTS.groups(lowered, _marks(cased))


Said = tuple[tuple[Claim, bool], ...]
"""What a group of flights was said to be: ``(claim, holds)`` for each status said."""


def _in_turn(
    lowered: str, groups: list[Group], said: list[tuple[int, int, Claim, bool]], carried: Said = ()
) -> list[Bound]:
    """Each status bound to the group before it, when every group is followed by its own status
    before the next ("HAT188 is delayed and HAT207 is on time") or is given the status before
    by leaving it out ("... and HAT207 too", "... and so is HAT207", "... And HAT207.") or its
    denial ("... but HAT207 is not"; after a denial, the same denial): the words of
    :func:`checkers.passed_on.status_passed_on`. ``carried``: what the last flights of the
    sentence before were said to be, the status before the first group ("HAT188 is delayed.
    HAT207 too."). Empty when some group is neither."""
    ends = [g.start for g in groups[1:]] + [len(lowered)]
    bound: list[Bound] = []
    previous = list(carried)  # what the group before was said to be
    since: int | None = None  # where it was said, None: in the sentence before
    for group, next_start in zip(groups, ends, strict=True):
        own = [(c, holds, e) for at, e, c, holds in said if group.end <= at < next_start]
        passed = (
            None
            if own or not previous
            else status_passed_on(FLIGHT_STATUSES, lowered, group.start, group.end, since)
        )
        if own:
            previous, since = [(claim, holds) for claim, holds, _ in own], own[-1][2]
        elif passed is None:
            return []
        elif passed.denied:
            previous, since = [(claim, False) for claim, _ in previous], passed.end
        else:
            since = passed.end
        bound += [Bound(group, claim, holds) for claim, holds in previous]
    return bound


def _bound_statuses(sentence: str, carried: Said = ()) -> list[Bound]:
    """Each status a sentence naming flights states, with the group of flights it is said of:
    in turn when every group has its own or leaves it out after the status before it, the
    sentence before's (``carried``) for the first (:func:`_in_turn`), else the nearest group of
    its clause (:func:`checkers.status_words.nearest`: "HAT002 is cancelled, so you cannot take
    HAT003" says it of HAT002 alone; "Delayed: HAT188, HAT207" of each). A group set against
    the others (:attr:`Group.contrasted`: "..., unlike HAT207") has the opposite of what they
    have; set against no other group ("Unlike HAT207, your flight is delayed"), the opposite
    of what the sentence says, which is then said of flights named by no number
    (:func:`_unnamed_status_problems`)."""
    cased = _SPACE_RUN.sub(" ", fold(sentence))  # fold_lower's text and positions, case kept
    lowered = cased.lower()
    every = _groups(cased, lowered)
    groups = [g for g in every if not g.contrasted]
    said = _said(lowered)
    if not groups:
        bound, claims = [], [(claim, holds) for _, _, claim, holds in said]
    elif not said:
        bound = _in_turn(lowered, groups, said, carried)
        claims = [(b.claim, b.holds) for b in bound]
    else:
        spans = [(g.start, g.end) for g in groups]
        bound = _in_turn(lowered, groups, said) or [
            # groups is not empty, so every status has a nearest group (None only without any)
            Bound(groups[nearest(lowered, at, end, spans) or 0], claim, holds)
            for at, end, claim, holds in said
        ]
        claims = [(b.claim, b.holds) for b in bound]
    opposite = [Bound(g, c, not h) for g in every if g.contrasted for c, h in claims]
    return bound + list(dict.fromkeys(opposite))


_BOOKING = re.compile(r"\b(?:reservations?|bookings?|trips?|itinerar(?:y|ies)|tickets?)\b")
"""Words that make "cancelled" said of the booking, not of the flight's operation."""
_BY_AIRLINE = re.compile(
    r"\b(?:by|from) (?:the |our )?(?:airline|carrier|operator)\b"
    r"|\b(?:airline|carrier|we) (?:has |have |had )?(?:cancell?ed|called off|scrapped)\b"
)
"""Words that make a cancellation the airline's (a disruption), whatever else is said."""


def _of_booking(sentence: str) -> bool:
    """Whether ``sentence`` speaks of a booking (reservation, booking, trip or ticket words, or
    a reservation's id: "Z7GOZK is cancelled"), not of the airline's doing."""
    folded = fold(sentence)
    lowered = folded.lower()
    named = set(RESERVATION.findall(folded)) - set(FLIGHT.findall(folded))
    return bool(_BOOKING.search(lowered) or named) and _BY_AIRLINE.search(lowered) is None


def _returned(number: str, of_booking: bool, evidence: Evidence) -> set[str]:
    """The statuses known of flight ``number`` in a sentence that does (``of_booking``) or does
    not speak of the booking (:func:`_of_booking`): those the tools returned, and "cancelled"
    when the flight's booking was cancelled and the sentence speaks of the booking ("your
    reservation on HAT188 is cancelled")."""
    flight = evidence.flights.get(number, Flight())
    return flight.statuses | ({"cancelled"} if flight.booking_cancelled and of_booking else set())


def last_said(bound: Sequence[Bound]) -> Said:
    """What the last flights a sentence names were said to be: the status a next sentence
    leaving its own out ("HAT207 too.") repeats (a flight set against them is not one:
    "HAT188 is delayed, unlike HAT207. HAT300 too." says HAT300 is delayed)."""
    last = next((b.group for b in reversed(bound) if not b.group.contrasted), None)
    return tuple((b.claim, b.holds) for b in bound if b.group == last)


def _status_problems(
    bound: Sequence[Bound], sentence: str, evidence: Evidence
) -> list[tuple[str, str]]:
    """A status said of a group of flights (``bound``, :func:`_bound_statuses`) must be one
    returned for each of them (for some of them, when said of some: "HAT188 or HAT207 is
    delayed"); a denial must be of a status each is known to be another one than. Where no
    flight of the sentence has a status from a tool, the statuses the customer said of each
    flight stand in, and those said of no flight by number for the one flight "my flight" can
    be (:meth:`Evidence.heard_of`). A
    cancelled booking supports only a cancellation said of the booking (:func:`_returned`)."""
    flights = {n for b in bound for n in b.group.names}
    of_booking = _of_booking(sentence) if flights else False
    # Beside a flight with a returned status, a flight with none has no status to state.
    any_returned = any(_returned(n, of_booking, evidence) for n in flights)
    problems = []
    for claim in bound:
        returned = {n: _returned(n, of_booking, evidence) for n in claim.group.names}
        supported = [
            _true_of(
                claim.claim, claim.holds, r or (set() if any_returned else evidence.heard_of(n))
            )
            for n, r in returned.items()
        ]
        said = _says(claim.claim, claim.holds)
        if claim.group.some and not any(supported):
            numbers = ", ".join(returned)
            what = f"one of flights {numbers} is said {said}; the tools returned none so"
            problems.append(("unsupported_status", what))
        elif not claim.group.some:
            for (number, statuses), holds in zip(returned.items(), supported, strict=True):
                got = ", ".join(sorted(statuses)) if statuses else "no status of it"
                what = f"flight {number} is said {said}; the tools returned {got}"
                problems += [] if holds else [("unsupported_status", what)]
    return problems


_CANNOT = re.compile(
    r"\b(?:cannot|can't|can\s+not|could\s+not|couldn't|won't\s+be\s+able\s+to)"
    r"(?:\s+(?:\w+ly|\w+ly\s+be|yet|still|now))?(?:\s+be)?\s+$"
)
"""A denial of a cancellation by "cannot": what is allowed ("the reservation cannot be
cancelled due to the policy"), not a flight's status."""


_UNNAMED_STATUSES = frozenset({"cancelled", "delayed", "on time", "landed"})
"""The statuses read in a sentence naming no flight: "flying" there is the customer ("you are
flying economy"), not a flight in the air ("departed" says one of landed and flying: read)."""


_PRONOUN = re.compile(r"^\W*(?:it|they|both(?: of them)?|this flight|that flight|these flights)\b")
"""A sentence opening with a word for the flights the sentence before named ("HAT003 is your
flight. It is on time.")."""


def _unnamed_status_problems(
    sentence: str, reservations: list[str], before: Sequence[str], evidence: Evidence
) -> list[tuple[str, str]]:
    """A status a sentence naming no flight says holds ("Your flight has been cancelled by the
    airline", "Z7GOZK's flights were cancelled") is said of the flights of the reservations it
    names; else, opening with "It" or "They", of the flights the sentence ``before`` it named;
    else of the reservation the conversation is on. It must be one returned (or, with none
    returned, one the customer said) for one of them; a denial ("Your flight has not been
    cancelled") must be true of one of them likewise, when any status is known (with none, the
    denial is an inference from the customer's request, not a fact made up). A status supposed,
    asked or offered states nothing (:data:`FLIGHT_STATUSES`)."""
    lowered = fold_lower(sentence)
    said = [
        (claim, holds)
        for start, end, claim, holds in _said(lowered)
        if set(claim) & _UNNAMED_STATUSES
        and lowered[start:end] not in STATUS_NOUNS
        and (lowered[start:end] != "flown" or _FLOWN_OF_A_FLIGHT.search(lowered, 0, end))
        # "it cannot be cancelled": whether the action is allowed, not how a flight runs
        and (holds or "cancelled" not in claim or not _CANNOT.search(lowered, 0, start))
    ]
    if not said:
        return []
    named = [r for r in reservations if r in evidence.reservations]
    flights = [
        n for r in named or [evidence.current or ""] for n in evidence.reservations.get(r, [])
    ]
    # "It" is the flights the sentence before named by number: what the customer said of no
    # flight stands in for them as for a flight named here (Evidence.heard_of)
    heard = evidence.heard_of_yours
    if not named and before and _PRONOUN.search(lowered):
        flights, heard = list(before), evidence.heard_of
    if not flights:
        return []
    of_booking = _of_booking(sentence)
    known = {n: _returned(n, of_booking, evidence) for n in flights}
    problems = []
    for claim, holds in dict.fromkeys(said):
        statuses = [v or heard(n) for n, v in known.items()]
        if not holds and not any(statuses):
            continue  # nothing known to deny: "the airline has not cancelled it", inferred
        if not any(_true_of(claim, holds, v) for v in statuses):
            got = ", ".join(f"{n}: {'/'.join(sorted(v)) or 'none'}" for n, v in known.items())
            what = (
                f"the customer's flights are said {_says(claim, holds)}; the tools returned {got}"
            )
            problems.append(("unsupported_status", what))
    return problems


@dataclass(frozen=True)
class Before:
    """What the sentence before, in the same message, named and said: what "It is delayed" and
    "HAT207 too." are said of."""

    flights: tuple[str, ...] = ()
    said: Said = ()
    """What its last flights were said to be (:func:`last_said`)."""
    reservations: tuple[str, ...] = ()
    """The reservations it named, or, naming none, the one it referred back to
    (:func:`referred_back`)."""


_RESERVATION_PRONOUN = re.compile(
    r"^\W*(?:its?|(?:this|that|the)(?: same)? (?:reservation|booking))\b", re.IGNORECASE
)
"""A sentence opening with a word for the reservation the sentence before named ("Z7GOZK is a
round trip. It flies HAT001."; "Its flights", "This reservation", "That booking", "The
reservation")."""


def referred_back(folded: str, before: Sequence[str]) -> list[str]:
    """The reservation a sentence naming none (``folded``, :func:`plain_ids` form) speaks of by
    opening with a word for it (:data:`_RESERVATION_PRONOUN`): the one the sentence before
    named (``before``), when it named exactly one; else none."""
    return list(before) if len(before) == 1 and _RESERVATION_PRONOUN.search(folded) else []


_REASON_NAME = re.compile(
    r"\bairline[\s_]+cancell?ed[\s_]+flights?\b(?![\W_]*(?:number\W*)?hat[\W_]?\d)",
    re.IGNORECASE,
)
_REASONS_LISTED = re.compile(
    r"\bchange[\s_]+of[\s_]+plans?\b.*\bother[\s_]+reasons?\b", re.I | re.S
)
"""The policy's reasons for cancelling, listed as options ("change of plan, airline cancelled
flight, or other reasons"; "1. Change of plan 2. Airline cancelled flight 3. Other reasons")."""


def without_reason_names(message: str) -> str:
    """``message`` with the policy's reason "airline cancelled flight" blanked out (every
    position kept) where the message lists the reasons as options (:data:`_REASONS_LISTED`):
    naming the option says no flight was cancelled. A message that does not list them, or a
    flight named right after the words ("airline cancelled flight HAT188"), keeps them."""
    if _REASONS_LISTED.search(message) is None:
        return message
    return _REASON_NAME.sub(lambda m: " " * len(m.group(0)), message)


def reservations_named(folded: str, flights: Sequence[str]) -> list[str]:
    """The reservation ids ``folded`` (a sentence through :func:`plain_ids` and ``fold``) names,
    once each in order, leaving out its ``flights`` (a flight number is shaped like one)."""
    return [r for r in dict.fromkeys(RESERVATION.findall(folded)) if r not in flights]


_DONE_VERBS = (
    *("booked", "rebooked", "reserved", "upgraded", "downgraded", "processed", "refunded"),
    "reimbursed",
)
"""Verbs that say a write was done, first person ("I've rebooked") or passive ("has been
upgraded", "You've been refunded $169": no read of the airline's reports a refund, which only a
cancellation or a cheaper change makes), beside the core's
(:data:`checkers.done_claims.SHARED_DONE`: "updated", "switched", "issued" ...)."""
DONE = re.compile(
    done_pattern(
        first_person=(
            *_DONE_VERBS,
            "cancell?ed",
            # The object, and "to" after it, are part of the claim ("added 2 bags to ABC123").
            "made the (?:change|booking|reservation|update)s?(?: to)?",
            r"added (?:the |your |\d+ |one |two |three |an? )?(?:extra )?"
            "(?:checked |travel )?(?:bags?|baggages?|passengers?|insurance)(?: to)?",
        ),
        passive=(*_DONE_VERBS, "added", "made", "confirmed"),
        nouns=("reservation", "booking", "flight", "bag", "baggage", "passenger", "trip", "change"),
        of_nouns=("upgraded", "downgraded", "rebooked"),
    )
)
"""Sentences saying a write was done ("I've updated your reservation", "your booking has been
confirmed", "Done: ..."); "cancelled" said of a reservation is its status, judged as one."""
PROMISED = re.compile(
    promise_pattern(
        ("cancel", "book", "rebook", "reserve", "upgrade", "downgrade", "add", "remove")
    )
)
"""Sentences promising a write ("I'll send you a certificate now", "Let me cancel that", "You'll
receive a refund of $80": :mod:`checkers.write_promises`)."""
KEPT_BY = {
    "certificate": frozenset({"send_certificate"}),
    "refund": frozenset({"cancel_reservation", "update_reservation_flights"}),
    "cancel": frozenset({"cancel_reservation"}),
}
"""The tools that make each kind of write a claim or promise names
(:data:`checkers.done_claims.WRITE_KINDS`): a certificate only by ``send_certificate``, a refund
by a cancellation or a change of flights (a cheaper one refunds the difference)."""


def tried_after(
    events: Sequence[tuple[str, Any]],
) -> list[tuple[frozenset[str], frozenset[str]]]:
    """For each event of ``events`` (:func:`checkers.told.in_order`), the tools of the writes
    tried after it, and the reservations those writes were to (:func:`written_reservations` of
    each, its ``reservation_id`` argument for one that failed)."""
    after: list[tuple[frozenset[str], frozenset[str]]] = []
    tried, to = frozenset[str](), frozenset[str]()
    for kind, item in reversed(events):
        after.append((tried, to))
        if kind == "call" and item.kind == "write":
            tried, to = tried | {item.name}, to | written_reservations(item)
    return after[::-1]


def written_reservations(call: CallRecord) -> set[str]:
    """The reservations a write that succeeded wrote to: its ``reservation_id`` argument, or
    the one its response returns (a booking makes its id)."""
    named = {call.arg("reservation_id")}
    if isinstance(call.seen, dict):
        named.add(call.seen.get("reservation_id"))
    return {r for r in named if isinstance(r, str)}


def sentence_problems(
    sentence: str, evidence: Evidence, before: Before = Before()
) -> tuple[list[tuple[str, str]], Before]:
    """What ``sentence`` states that ``evidence`` does not support, (reason code, what), and
    what it names and says for the sentence after it. A sentence naming one flight binds its
    amounts and times to it; one naming several binds each figure to the one flight its clause
    names, else to the flight just before or after it when every flight has its own figures
    there (:func:`_about`), as the field its words name (:func:`_said_as`), or without its verb
    the one said of the flight before (:func:`_carried`); each status likewise
    (:func:`_bound_statuses`; a flight with none after ``before``'s status, "HAT207 too.", has
    that); one naming none, or only flights set against it ("Unlike HAT207, ..."), binds a
    status to the flights it means (:func:`_unnamed_status_problems`). Its flights and amounts
    are held to the one reservation it names, or, naming none, the one it refers back to
    (:func:`referred_back`: "Z7GOZK is a round trip. It flies HAT001.")."""
    problems: list[tuple[str, str]] = []
    folded = sentence = plain_ids(fold(sentence))
    flights: list[str] = list(dict.fromkeys(FLIGHT.findall(folded)))
    for number in flights:
        if number not in evidence.ids:
            problems.append(("unsupported_flight", f"flight {number} was never returned or told"))
    reservations = reservations_named(folded, flights)
    for reservation in reservations:
        if reservation not in evidence.ids:
            problems.append(
                ("unsupported_reservation", f"reservation {reservation} was never returned or told")
            )
    of_reservations = reservations or referred_back(folded, before.reservations)
    problems += _flight_reservation_problems(flights, of_reservations, evidence)
    lowered = folded.lower()
    groups = _groups(folded, lowered)
    quantities, times = tokens.quantities(folded), told.times_at(folded)
    amounts = [q for q in quantities if told.is_amount(folded, q)]
    figures = [q.start for q in quantities] + [at for at, _ in times]
    placed = [q.start for q in amounts]
    marks = unopposed(_marks(folded), groups)
    spans = spans_of(len(folded), marks, placed, figures)
    said: Fielded = []
    for quantity in amounts:
        stretch, of = bind(lowered, groups, spans, quantity.start, placed)
        of = (*of, *same_as(lowered, groups, of))  # "..., and so does HAT207"
        carried = _carried(lowered, quantity.start, of, said)
        cabin = _said_as(lowered, quantity.start, CABINS, stretch, carried)
        said.append((of, cabin))
        found = [_amount_problems(quantity, f, cabin, evidence) for f in of]
        problems += of_one_or_each(found, some_of(groups, quantity.start))
        if of == (None,):
            problems += _reservation_problems(quantity, of_reservations, evidence)
    placed, said = [s for s, _ in times], []
    spans = spans_of(len(folded), marks, placed, figures)
    for at, time in sorted(times):  # in the order written, for what a field carries to
        stretch, of = bind(lowered, groups, spans, at, placed)
        of = (*of, *same_as(lowered, groups, of))
        carried = _carried(lowered, at, of, said)
        field_of = _said_as(lowered, at, _TIME_FIELDS, stretch, carried)
        said.append((of, field_of))
        limit = _BOUND_BEFORE.search(lowered, max(0, at - 25), at)
        if limit:
            relation = next(k for k, v in limit.groupdict().items() if v is not None)
            found = [_bound_problems(time, relation, f, field_of, evidence) for f in of]
        else:
            found = [_time_problems(time, f, field_of, evidence) for f in of]
        problems += of_one_or_each(found, some_of(groups, at))
    problems += count_problems(lowered, evidence.counts)
    bound = _bound_statuses(sentence, before.said)
    problems += _status_problems(bound, sentence, evidence)
    if all(b.group.contrasted for b in bound):  # no flight by number is what it speaks of
        problems += _unnamed_status_problems(sentence, reservations, before.flights, evidence)
    return list(dict.fromkeys(problems)), Before(
        tuple(flights), last_said(bound), tuple(of_reservations)
    )


def payments_added(call: CallRecord) -> tuple[Reservation, tuple[Paid, ...]] | None:
    """The one reservation a write that took effect changed (a booking's new one included), with
    the payments the write added to it, a refund negative, each with its method as the user's
    profile names it (a cancellation refunds each payment to the method that made it, a flight
    change to the method its call gave: the service records either as the payment's id); None
    when the call took no effect or changed no one reservation."""
    if not call.ok:
        return None
    before, after = call.db_before.reservations, call.db_after.reservations
    changed = appended(before, after, lambda reservation: reservation.payment_history)
    if len(changed) != 1:
        return None
    reservation, added = changed[0]
    user = call.db_after.users.get(reservation.user_id)
    profile = user.payment_methods if user else {}
    earlier = reservation.payment_history[: len(reservation.payment_history) - len(added)]
    paid_before = {p.payment_id for p in earlier if p.amount > 0}
    return reservation, tuple(
        Paid(
            Decimal(str(p.amount)),
            Method.on_profile(p.payment_id, profile.get(p.payment_id)),
            p.payment_id in paid_before if paid_before else None,
        )
        for p in added
    )


WRITE_NAMES = {
    "update_reservation_flights": r"upgrade|downgrade|cabin\s+change|flight\s+change"
    r"|change\s+of\s+flights?",
    "update_reservation_baggages": r"(?:checked\s+)?(?:bags?|baggage|luggage|suitcases?)",
    "book_reservation": r"new\s+(?:booking|reservation)",
    "cancel_reservation": r"cancell?ation",
}
"""The words naming what each write that moves money paid for as a whole ("$218 for the
upgrade", "$50 for the bag"): not a part of it ("the flights" of a booking, whose payment also
pays insurance and bags)."""


WRITE_ACTIONS = {
    "update_reservation_flights": r"upgrad\w*|downgrad\w*|chang\w*|switch\w*|mov(?:e|es|ing)"
    r"|rebook\w*|modif\w*",
    "update_reservation_baggages": r"bags?|baggage|luggage|suitcases?",
    "book_reservation": r"book\w*|reserv\w*",
    "cancel_reservation": r"cancel\w*",
}
"""The words naming each money-moving write's action in a listing before it ("Upgrading Z7GOZK
to economy costs $99", "adding two bags will cost $100"): an amount a verb of cost ties to them is
said as that write's cost (:func:`checkers.charges_cost.action_costs`)."""


def write_terms(call: CallRecord, reservation: Reservation) -> Terms:
    """What a report may say of the money write ``call`` moved on ``reservation`` (as it is
    after the write), beyond its payments: a price per passenger is for its passengers, one per
    flight for its flights, one per bag (of a booking or a bag change) for the bags paid for
    (those over the free allowance the write added); the words naming the write
    (:data:`WRITE_NAMES`); what was paid before it (:func:`_paid_before`)."""
    counts: dict[str, frozenset[int]] = {
        "travellers": frozenset({len(reservation.passengers)}),
        "segments": frozenset({len(reservation.flights)}),
    }
    before = call.db_before.reservations.get(reservation.reservation_id)
    paid_bags = reservation.nonfree_baggages - (before.nonfree_baggages if before else 0)
    if call.name in ("update_reservation_baggages", "book_reservation") and paid_bags > 0:
        counts["bags"] = frozenset({paid_bags})
    return Terms(counts, WRITE_NAMES.get(call.name, ""), _paid_before(before))


def _paid_before(reservation: Reservation | None) -> frozenset[Decimal]:
    """What a report may call paid before a write on ``reservation`` (as it was before; None:
    the write made it): each payment, their sums, what is left after its refunds, and its fare
    (the price of its flights for its passengers)."""
    if reservation is None:
        return frozenset()
    amounts = [Decimal(str(p.amount)) for p in reservation.payment_history]
    paid = told.subset_sums(sorted(a for a in amounts if a > 0)) - {Decimal(0)}
    fare = sum((Decimal(str(s.price)) for s in reservation.flights), Decimal(0))
    figures = {*paid, sum(amounts, Decimal(0)), fare * len(reservation.passengers)}
    return frozenset(f.quantize(Decimal("0.01")) for f in figures if f > 0)


@check_for(
    checks,
    REASONS,
    NoFabrication,
    {
        **STATEMENTS_REASONS,
        **COUNT_REASONS,
        "no_statements": "pass: the agent stated no flight, reservation id, amount, time or status",
        "unsupported_flight": "fail: a flight number no tool returned and the customer did not "
        "give",
        "unsupported_reservation": "fail: a reservation id no tool returned and the customer did "
        "not give",
        "unsupported_amount": "fail: an amount never returned or told, nor plainly derived",
        "amount_of_another_flight": "fail: an amount stated about a flight that is another "
        "flight's price",
        "amount_of_another_cabin": "fail: an amount stated as one cabin's fare of a flight that "
        "is another cabin's",
        "flight_of_another_reservation": "fail: a flight stated about the one reservation a "
        "sentence names that is another reservation's, and that no search or lookup returned",
        "amount_of_another_reservation": "fail: an amount stated about a reservation that is "
        "another reservation's, none of its own",
        "unsupported_time": "fail: a time not returned (for that flight, as its departure or "
        "arrival when the sentence says which)",
        "unsupported_status": "fail: a status not returned for that flight",
        "amount_not_moved": "fail: an amount said as what was charged or refunded, in the "
        "message after writes, that they did not charge or refund (nor per unit, said so)",
        ACTION_NOT_TAKEN: "fail: a sentence says a write was done that no successful write did "
        "(to the reservation it names, when it names one)",
        "method_not_moved": "fail: an amount the writes moved, said in the message after them as "
        "charged or refunded by a payment method (kind, brand, last four, the original one) "
        "that did not move it",
        **NO_AGENT_MESSAGE,
    },
)
def check_no_fabrication(req: NoFabrication, ctx: AirlineContext) -> RequirementResult:
    """Each agent sentence against what the tools and the customer said before it
    (:func:`sentence_problems`)."""
    make, conversation = maker(req), ctx.conversation
    if not conversation.agent_messages:
        return make(ResultOutcome.INCOMPLETE, "no_agent_message", "the agent said nothing to judge")
    evidence, problems, statements, moved = Evidence(), [], 0, Moved()
    written: set[str] = set()
    wrote: set[str] = set()
    handed_off = False
    events = told.in_order(conversation)
    for (kind, item), (wrote_after, to_after) in zip(events, tried_after(events), strict=True):
        if kind == "heard":
            evidence.take_heard(item)
        elif kind == "call":
            evidence.take_call(item)
            if item.kind == "write" and item.ok:
                wrote.add(item.name)
                written |= written_reservations(item)
            handed_off = handed_off or (item.kind == "handoff" and item.ok)
            added = payments_added(item)
            if added:
                moved.take(item, added[1], write_terms(item, added[0]))
        else:
            before, offered = Before(), questions.asks_go_ahead(item)
            for sentence in sentences(without_reason_names(item)):
                found, before = sentence_problems(sentence, evidence, before)
                folded = plain_ids(fold(sentence))
                found += claims_without_write(
                    done_claims(folded, DONE),
                    reservations_named(folded, before.flights),
                    written,
                    wrote,
                    KEPT_BY,
                )
                if not offered:
                    found += unkept_promises(
                        promises(folded, PROMISED),
                        reservations_named(folded, before.flights),
                        to_after,
                        wrote_after,
                        wrote,
                        KEPT_BY,
                    )
                found += handoff_without_call(sentence, handed_off)
                statements += bool(
                    before.flights
                    or times_in(sentence)
                    or any(q.money for q in tokens.quantities(sentence))
                )
                problems += [(code, f"{what}: {sentence[:100]!r}") for code, what in found]
            problems += moved.problems(item)
            moved = Moved()  # the report of those writes is this message, not a later one
    return statements_result(
        make,
        problems,
        statements,
        "flight, reservation id, amount, time or status",
        "flight, reservation id, amount, time and status",
    )
