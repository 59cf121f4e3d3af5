"""``confirmed_before_writing``: before each write the policy names (:data:`CONFIRMED`: booking,
changing flights or cabin, baggage, passengers; not cancelling or sending a certificate), the
agent listed the action's details with its cost, and the customer said yes after that listing
and before the call.

The yes is the customer's last reply since the last write of an earlier turn
(:func:`checkers.confirmation.last_yes`: an explicit yes, nothing after it but information); the
agent's messages since that write and before the yes must name the action, each of its details
(:func:`missing_details`) and its cost (:func:`charge_of`), the total or the amount per
passenger. So the call matches what was confirmed: a listing of other flights, another
passenger or another number of bags does not list this call, nor does one naming only another
reservation (:func:`other_reservation`; one naming none leaves the reservation to the context).

A yes answers the proposal just before it: the agent's last message before the yes must not put
forward other flights (by number, or by their times only: "Or the 10:00 flight?"), other dates
of travel, another cabin, another number of bags, another reservation, another payment method or
a cancellation instead of the write (:func:`other_proposal`, ``yes_to_another_proposal``): "Or
HAT200 for $80. Shall I book HAT200?" is no yes to the HAT100 offered before it, nor is "Or I
can cancel the reservation instead. Shall I?" one to a change. A last message naming none of
these ("Shall I proceed?", "That is $50 in total") leaves the earlier listing standing, though
a bare acknowledgement ("Okay, fine.") of a last message that tells news, naming neither the
action nor an amount and asking nothing ("I can't provide weather information."), is no yes
to it (:func:`_acknowledges_news`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from checkers import charges_cost, consent, dates, questions, roles, status_words, tables
from checkers import charges_said as charges
from checkers import confirmation as core
from checkers.conversation import Message
from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service_checks import check_for, maker, unreplayed_result
from checkers.status_words import clause_of
from checkers.text import each_of, fold, fold_lower, word_pattern
from checkers.tokens import denied_before, undenied
from checkers.told import times_at, times_in
from domains.airline import cost_said
from domains.airline import flights_said as flights_told
from domains.airline import insurance_said as insurance
from domains.airline import listing_counts as counts
from domains.airline import passenger_names as names
from domains.airline import split_said as split
from domains.airline.checks import (
    REASONS,
    AirlineContext,
    CallRecord,
    Conversation,
    checks,
    reservation_before,
)
from domains.airline.fabrication import (
    FLIGHT,
    RESERVATION,
    WRITE_ACTIONS,
    payments_added,
    plain_ids,
    write_terms,
)
from domains.airline.models import (
    CABIN_WORDS,
    OTHER_CABIN_WORDS,
    Certificate,
    ConfirmedBeforeWriting,
    CreditCard,
    Database,
    GiftCard,
    Reservation,
)
from domains.airline.service import NOW

CONFIRMED = {
    "book_reservation": ("book", "reserv", "ticket", "purchas"),
    "update_reservation_flights": (
        "chang", "modif", "updat", "switch", "upgrad", "downgrad", "rebook", "cabin", "class",
        "flight", "economy", "business", "mov",
    ),
    "update_reservation_baggages": ("bag", "luggage", "suitcase"),
    "update_reservation_passengers": ("passenger", "travel", "name", "chang", "updat", "replac"),
}  # fmt: skip
"""The writes the policy asks a yes for, with the stems of words that name each action (in the
agent's listing, and neutral beside the customer's yes): a booking may be listed as the ticket
it buys ("a one-way economy ticket on HAT056")."""

AIRLINE_WORDS = (
    "proceed", "book", "reserv", "flight", "trip", "cabin", "class", "economy", "business",
    "basic", "passeng", "bag", "luggage", "seat", "gift", "certific", "card", "insur", "option",
    "chang", "updat", "upgrad", "downgrad", "modif", "add", "arrang", "visa", "mastercard", "make",
    "use", "cover", "lets",
)  # fmt: skip
"""Stems of airline nouns and verbs a yes may restate ("Yes, book the economy flights"): they
cannot change what the yes means."""


def charge_of(call: CallRecord) -> Decimal | None:
    """What the write charged: the sum of the payments it added to its reservation, negative
    for a refund. None when the call did not take effect, or cancelled its reservation."""
    charged = _charged(call)
    return None if charged is None else charged[1]


def _charged(call: CallRecord) -> tuple[Reservation, Decimal] | None:
    """The reservation the write changed and what it charged (:func:`charge_of`)."""
    added = payments_added(call)
    if added is None or added[0].status == "cancelled":
        return None
    return added[0], sum(added[1], Decimal(0))


def _method_named(db: Database, user_id: str, payment_id: str, text: str) -> bool:
    """Whether ``text`` (folded, lowered) names the payment method, not to rule it out ("gift
    card (not your credit card)" names no credit card) nor as another one
    (:func:`_described_otherwise`: "your Mastercard ending in 1111" of the one ending in 9475):
    its id, its kind ("gift card", "certificate", "credit card"), or a credit card's brand or
    last four digits."""
    user = db.users.get(user_id)
    method = user.payment_methods.get(payment_id) if user else None
    names, balance = [payment_id.lower()], None
    if isinstance(method, CreditCard):
        names += ["credit card", method.brand.lower(), method.last_four]
    elif method is not None:
        names.append(method.source.replace("_", " "))
        balance = Decimal(str(method.amount))
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(n)}s?(?!\w)" for n in names))
    # ruled out before it ("not your credit card") or after it ("your Mastercard won't be
    # charged", "the gift card is not used", "your gift card stays at $123", its balance)
    return any(
        not denied_before(text, m.start())
        and not _NOT_CHARGED.match(text, m.end())
        and not split.kept_at(text, m.end(), balance)
        and not _described_otherwise(text, m, payment_id, method)
        for m in pattern.finditer(text)
    )


_BRANDS = r"visa|master\s?card|amex|american\s+express|discover"
"""Card brands a listing may name (the data's cards are Visa and Mastercard)."""
_METHOD_ID = r"(?:credit_card|gift_card|certificate)_\d+"
_DIGITS_AFTER = re.compile(
    rf"[\s*_]*(?:(?:credit|debit)\s+)?(?:card\s*)?[(:,-]?\s*(?:(?P<id>{_METHOD_ID})"
    r"|(?:(?:ending|ends)(?:\s+(?:in|with))?\s*:?\s*|[*x#\u2022-]+\s*"
    r"|(?:last\s+(?:four|4)(?:\s+digits)?|number|no\.?)\s*:?\s*)?(?P<four>\d{4})(?![\d,.]\d))"
)
"""What may describe a payment method right after its brand or kind: its id, or a card's last
four digits ("Mastercard ending in 9475", "credit card ****9475", "Mastercard (9475)",
"credit card credit_card_9969263")."""
_BRAND_BEFORE = re.compile(
    rf"(?:(?P<brand>{_BRANDS})|(?P<id>{_METHOD_ID}))\s*[(:,-]?\s*(?:(?:credit|debit)\s+)?"
    r"(?:card\s*)?[(:,-]?\s*(?:(?:ending|ends)(?:\s+(?:in|with))?\s*:?\s*|[*x#\u2022-]+\s*"
    r"|(?:last\s+(?:four|4)(?:\s+digits)?|number|no\.?)\s*:?\s*)?$"
)
"""What may describe a payment method right before its last four digits or its kind: a card's
brand or a method's id ("Visa ending in 9475", "Visa credit card")."""


def _described_otherwise(
    text: str,
    named: re.Match[str],
    payment_id: str,
    method: CreditCard | GiftCard | Certificate | None,
) -> bool:
    """Whether the words right around the mention ``named`` of the method ``payment_id`` in
    ``text`` (folded, lowered) describe another method: another id, or for a card another brand
    or other last four digits ("your Mastercard ending in 1111", "your Visa ending in 9475" of a
    Mastercard ending in 9475, "credit card credit_card_1111111"). The customer agreed to the
    method so described, not to the one charged."""
    after = _DIGITS_AFTER.match(text, named.end())
    before = _BRAND_BEFORE.search(text, max(0, named.start() - 40), named.start())
    ids = [found["id"] for found in (after, before) if found is not None and found["id"]]
    if any(i != payment_id.lower() for i in ids):
        return True
    if not isinstance(method, CreditCard):
        return False
    four = after["four"] if after is not None else None
    brand = before["brand"] if before is not None else None
    return (four is not None and four != method.last_four) or (
        brand is not None
        and re.sub(r"\s", "", brand) != method.brand.lower()
        and not (brand.startswith("american") and method.brand.lower() == "amex")
    )


_NOT_CHARGED = re.compile(
    r"(?:'s\s+|\s+(?:(?!(?:and|or|but)\b)[\w'-]+\s+){0,2}?)"
    r"(?:(?:won't|will not|isn't|is not|not|never|no longer)\s+(?:be\s+|being\s+)?"
    r"(?:charged|used|billed|debited|touched|needed|working)\b"
    r"|(?:(?:is|was|got|has\s+been|keeps?\s+getting|gets)\s+)?(?:almost\s+|just\s+|already\s+)?"
    r"(?:maxed|declined|expired|blocked|frozen|cancell?ed|empty|over\s+(?:its|the|my)\s+limit)\b"
    r"|(?:doesn't|does not|won't|will not|isn't|is not|no longer)\s+work\w*\b)"
)
"""A payment method ruled out right after it is named, at most two words between and none of
them "and", "or" or "but" ("your Mastercard won't be charged", "the gift card is not used", "my
credit card is almost maxed out", "the credit card on file is over its limit", "my Mastercard
keeps getting declined", "my credit card no longer works"); not another method's denial further
on ("your Mastercard and the gift card won't be used"). The customer naming a method so does not
choose it."""


_ORIGINAL = re.compile(r"\b(?:original|same) (?:form of )?payment\b|\boriginal (?:card|method)\b")


SHAPES: core.Shapes = {
    "book_reservation": {
        "user_id": str, "flights": list, "passengers": list, "payment_methods": list,
        "total_baggages": int, "cabin": str,
    },
    "update_reservation_flights": {
        "reservation_id": str, "cabin": str, "flights": list, "payment_id": str,
    },
    "update_reservation_baggages": {
        "reservation_id": str, "total_baggages": int, "nonfree_baggages": int, "payment_id": str,
    },
    "update_reservation_passengers": {"reservation_id": str, "passengers": list},
}  # fmt: skip
"""The arguments each confirmed write needs, and their types: a write recorded as done without
them cannot be compared with a listing."""


def _payer(call: CallRecord) -> tuple[str, list[str]]:
    """The customer a write is for, and the payment method ids it charges."""
    reservation = reservation_before(call)
    user_id = reservation.user_id if reservation else str(call.args.get("user_id", ""))
    payments = [str(p.get("payment_id")) for p in call.args.get("payment_methods") or []]
    payments += [call.arg("payment_id") or ""] if call.arg("payment_id") else []
    return user_id, payments


_CABIN_WORDS = {cabin: re.compile(rf"\b(?:{words})\b") for cabin, words in CABIN_WORDS.items()}
"""Each cabin's words (:data:`~domains.airline.models.CABIN_WORDS`), as a pattern."""


def other_details(call: CallRecord, said: str) -> str | None:
    """A detail the customer's yes ``said`` (folded, lowered) names that is not the write's: a
    payment method of theirs the write does not charge ("Yes, use my gift card" before a
    credit-card charge), another cabin ("Yes, upgrade me to business" before an economy
    write), or travel insurance a booking does not buy ("Yes. Add travel insurance too."). None
    when it names none, or names the write's own."""
    db = call.db_before
    user_id, payments = _payer(call)
    user = db.users.get(user_id)
    if (
        user is not None
        and payments
        and not any(_method_named(db, user_id, p, said) for p in payments)
    ):
        others = [p for p in user.payment_methods if _method_named(db, user_id, p, said)]
        if others:
            return f"the payment method {others[0]}"
    cabin = call.arg("cabin")
    if cabin in _CABIN_WORDS and not undenied(said, _CABIN_WORDS[cabin]):
        named = [c for c, words in _CABIN_WORDS.items() if undenied(said, words)]
        if named:
            return f"the cabin {named[0].replace('_', ' ')}"
    no_insurance = call.name == "book_reservation" and call.arg("insurance") == "no"
    if no_insurance and insurance.named_undenied(said):
        return "travel insurance"
    return None


_BAG_NOUNS = r"bags?|baggages?|luggage|suitcases?|pieces?|checked items?"
"""What a bag count is said of: "3 bags", "two pieces of luggage", "total baggage: 3"."""


_CABIN = re.compile(
    "|".join(
        rf"\b(?P<{c}>{words})\b" for c, words in [*CABIN_WORDS.items(), *OTHER_CABIN_WORDS.items()]
    )
)
"""A cabin named in a listing or a proposal, "basic economy" read as one name, by the cabin's
group; a cabin the airline does not sell ("premium economy", "Economy Plus") by its own
(:data:`~domains.airline.models.OTHER_CABIN_WORDS`)."""


_NAME_GAP = r"(?:[\W_]|first\s*name|last\s*name|surname|family\s*name)+"
"""What may stand between a first and a last name: spaces, line breaks, markdown, a table's
bars, the labels of a form ("First name: Olivia / Last name: Gonzalez")."""


def _person_pattern(first: str, last: str) -> str:
    """A person, first name then last name, or last name, then first: "Olivia Gonzalez and Mei
    Johansson" names no Mei Gonzalez."""
    one, other = word_pattern(first), word_pattern(last)
    return rf"{one}{_NAME_GAP}{other}|{other}\s*,\s*{one}"


def _person_named(first: str, last: str, text: str) -> bool:
    """Whether ``text`` (folded, lowered) names the person (:func:`_person_pattern`)."""
    return re.search(_person_pattern(first, last), text) is not None


_TAKEN_OFF_BEFORE = (
    r"\b(?:replac\w*|remov\w*|swap\w*|instead of|in place of|tak\w* off|drop\w*)"
    r"(?:\s+(?:the\s+)?(?:passengers?|travell?ers?))?[\s:*_]*"
)
_TAKEN_OFF_AFTER = (
    r"[\s*_]*(?:will be |is being |is |gets? |to be )?(?:replaced|removed|swapped|taken off|"
    r"dropped|off)\b"
)
"""Words right before or after a passenger a write takes off ("replace passenger Yara Lopez",
"Yara Lopez will be replaced by"); a possessive ("Yara Lopez's date of birth") takes no one
off."""
_DENIED_AFTER = re.compile(r"[^.;:()\n]{0,30}?\b(?:not|n't|no longer)\b")
"""A denial right after a person ("Mei Johansson is not included")."""


def _other_passengers(call: CallRecord, text: str) -> tuple[str, str] | None:
    """People the customer has flown or saved as passengers (their reservation's passengers,
    saved passengers) whom the listing ``text`` (folded, lowered) puts forward though ``call``
    neither flies nor takes off them ("for Olivia Gonzalez and Mei Johansson" before a booking
    for Olivia alone; not "Mei Johansson is not included"), or names as taken off though the
    write keeps them ("replace passenger Mei Johansson" before a write replacing Yara Lopez).
    The customer themself (no saved passenger of theirs in the data) may be named as the one
    paying or booking."""
    people = call.args.get("passengers")
    if not isinstance(people, list):
        return None
    db, reservation = call.db_before, reservation_before(call)
    flying = {_name_of(p) for p in people if isinstance(p, dict)}
    before = {(p.first_name, p.last_name) for p in reservation.passengers} if reservation else set()
    user = db.users.get(_payer(call)[0])
    saved = {(p.first_name, p.last_name) for p in user.saved_passengers} if user else set()
    for first, last in sorted(saved - flying - before):  # those taken off may be named
        named = core.proposed(text, list(re.finditer(_person_pattern(first, last), text)))
        if any(not _DENIED_AFTER.match(text, m.end()) for m in named):
            return f"passenger {first} {last}", "does not fly them"
    for first, last in sorted(before & flying):
        person = rf"(?:{_person_pattern(first, last)})(?!'s)"
        if re.search(rf"{_TAKEN_OFF_BEFORE}{person}|{person}{_TAKEN_OFF_AFTER}", text):
            return f"passenger {first} {last} as taken off", "keeps them"
    return None


def _name_of(person: dict[str, Any]) -> tuple[str, str]:
    return str(person.get("first_name")), str(person.get("last_name"))


def _named_beside(call: CallRecord, messages: Sequence[str]) -> tuple[str, str] | None:
    """A person the listing names beside a passenger ``call`` flies, though it does not fly
    them (:func:`~domains.airline.passenger_names.stranger_beside`). The write's passengers and
    those of the reservation that it keeps may be named, and one it takes off only where the
    listing says so ("the passengers will be Olivia Gonzalez and Yara Lopez" names a Yara it
    takes off as staying)."""
    people = call.args.get("passengers")
    if not isinstance(people, list):
        return None
    flying = {_name_of(p) for p in people if isinstance(p, dict)}
    reservation = reservation_before(call)
    before = {(p.first_name, p.last_name) for p in reservation.passengers} if reservation else set()
    user = call.db_before.users.get(_payer(call)[0])
    saved = {(p.first_name, p.last_name) for p in user.saved_passengers} if user else set()
    said = fold_lower("\n".join(messages))
    taken = {
        (first, last)
        for first, last in before - flying
        if re.search(rf"{_TAKEN_OFF_BEFORE}(?:{_person_pattern(first, last)})", said)
        or re.search(rf"(?:{_person_pattern(first, last)}){_TAKEN_OFF_AFTER}", said)
    }
    full = frozenset(f"{first} {last}".lower() for first, last in flying)
    allowed = full | {f"{first} {last}".lower() for first, last in (before & flying) | taken}
    firsts = {first.lower() for first, _ in saved} - {first.lower() for first, _ in flying | before}
    named = names.stranger_beside(names.People(full, allowed, frozenset(firsts)), messages)
    return None if named is None else (named, "does not fly them")


def _cabins_listed(text: str) -> set[str]:
    """The cabins ``text`` (folded, lowered) puts forward, each by its group ("basic economy"
    names no economy)."""
    plain = _unhedged(text)
    return {str(m.lastgroup) for m in core.proposed(plain, list(_CABIN.finditer(plain)))}


_SENTENCE = re.compile(r"(?:[^.!?;\n]|[.!?](?![\s\"')\]]|$))+")
"""A sentence (or a part of one after a semicolon), a decimal point kept inside it."""
_OPTION_CLAUSE = re.compile(r"(?<=[,;()])(?!\s*(?:or|and/or|alternatively)\b)|(?=[()])")
"""Where a sentence's clauses part, for reading another option's clause apart ("(business
would be $600)", "since business is over your budget, ..."); not before an alternative ("...
to economy, or to business")."""
_CONDITIONAL = re.compile(r"\b(?:would|could|might|if)\b|'d\b")
"""Words of a clause that prices or weighs an option rather than proposing it ("Business would
be $600.")."""


def _cabin_offers(call: CallRecord, text: str) -> list[set[str]]:
    """Per sentence of ``text`` (folded, lowered), in order, the cabins it offers as the one to
    fly in: those it puts forward (:func:`_cabins_listed`) outside the words naming what is
    replaced (:func:`checkers.roles.in_place`, :func:`checkers.roles.without_old_lines`: "from
    economy to business" and "economy \u2192 business" offer business alone, a table's Current
    column nothing), less the reservation's own cabin (the trip as it is: "your basic economy
    ticket"). In a sentence offering the write's cabin, only the clauses naming it offer
    ("to economy or business class" offers both; "since business is over your budget,
    upgrading to economy" and "economy ... (business would be $600)" economy alone); in
    another, each clause but one that prices or weighs its cabin (:data:`_CONDITIONAL`:
    "Business would be $600.")."""
    reservation, cabin = reservation_before(call), call.arg("cabin")
    kept = {reservation.cabin} if reservation else set()
    offers = []
    for sentence in _SENTENCE.finditer(roles.without_old_lines(text)):
        # replaced words read per clause: a cut must not bring a denial beside a cabin ("no
        # change fee, and upgrading you to economy")
        clauses = [roles.in_place(c) for c in _OPTION_CLAUSE.split(sentence.group(0))]
        named = [(clause, _cabins_preferred(clause) - kept) for clause in clauses]
        if any(cabin in cabins for _, cabins in named):
            offers.append(set().union(*(c for _, c in named if cabin in c)))
        else:
            offers.append(
                set().union(*(c for clause, c in named if not _CONDITIONAL.search(clause)))
            )
    return offers


_WEIGHED = re.compile(
    r"\b(?:over|than|compared\s+(?:with|to)|versus|vs\.?|instead\s+of|against)\b[^,;.()]{0,25}$"
)
"""Words before a cabin that weigh it against the one chosen ("economy over business",
"$108 rather than $273 in business", "compared with $613 for business"): it is not offered."""


def _cabins_preferred(clause: str) -> set[str]:
    """The cabins ``clause`` (folded, lowered) puts forward (:func:`_cabins_listed`) but those
    weighed against another (:data:`_WEIGHED`)."""
    plain = _unhedged(clause)
    return {
        str(m.lastgroup)
        for m in core.proposed(plain, list(_CABIN.finditer(plain)))
        if not _WEIGHED.search(plain, 0, m.start())
    }


def _cabin_missing(call: CallRecord, text: str) -> str | None:
    """The new cabin of ``call`` (one it changes to, or books) when none of the sentences of the
    listing ``text`` (folded, lowered) offers it as the one to fly in (:func:`_cabin_offers`:
    "from economy to business class" offers no economy, nor does "to premium economy"), else
    None."""
    cabin = str(call.arg("cabin"))
    if any(cabin in offered for offered in _cabin_offers(call, text)):
        return None
    return f"the cabin {cabin.replace('_', ' ')}"


def _cabin_beside(call: CallRecord, text: str) -> str | None:
    """The other cabins the last sentence of the listing ``text`` (folded, lowered) that offers
    a cabin (:func:`_cabin_offers`), the proposal the yes answers, offers beside the new cabin
    of ``call`` ("to economy or business class"), joined; None when it offers that one alone,
    or the write changes no cabin. A yes to a choice of two picks neither."""
    reservation, cabin = reservation_before(call), call.arg("cabin")
    if not cabin or (reservation is not None and cabin == reservation.cabin):
        return None
    offers = [offered for offered in _cabin_offers(call, text) if offered]
    others = offers[-1] - {cabin} if offers else set()
    return " or ".join(sorted(c.replace("_", " ") for c in others)) or None


def _cabin_listed_otherwise(call: CallRecord, text: str) -> str | None:
    """The cabins the listing ``text`` puts forward when ``call`` keeps its reservation's cabin
    and they are others ("HAT056 in economy" before a change keeping basic economy)."""
    reservation, cabin = reservation_before(call), call.arg("cabin")
    listed = _cabins_listed(text)
    if reservation is None or cabin != reservation.cabin or not listed or cabin in listed:
        return None
    return " or ".join(sorted(c.replace("_", " ") for c in listed))


def _flights_said_otherwise(call: CallRecord, text: str) -> tuple[str, str] | None:
    """What the listing ``text`` (folded, lowered, flight numbers as the data writes them) says
    of a flight change's flights that the write does not do
    (:mod:`~domains.airline.flights_said`): a flight it keeps said cancelled, a new flight said
    as the one replaced or a dropped one as the new one ("HAT056 → HAT188" of a change from
    HAT188 to HAT056), a dropped one named in the trip after the change ("New itinerary:
    HAT188 → HAT207" of a change from HAT207), and when it changes the cabin, a flight it flies
    said to stay in another cabin or the change narrowed to some of its flights ("on HAT188
    only")."""
    reservation = reservation_before(call)
    if call.name != "update_reservation_flights" or reservation is None:
        return None
    flown = [number for number, _ in _legs(call)]
    kept = [s.flight_number for s in reservation.flights if s.flight_number in flown]
    cancelled = flights_told.said_cancelled(text, kept)
    if cancelled is not None:
        return f"flight {cancelled} cancelled", "keeps it"
    had = [s.flight_number for s in reservation.flights]
    added = [n for n in flown if n not in had]
    dropped = [n for n in had if n not in flown]
    swapped = flights_told.said_reversed(text, added, dropped, kept)
    if swapped is not None:
        return swapped, f"puts {', '.join(added)} in place of {', '.join(dropped)}"
    stays = flights_told.said_in_new_trip(text, dropped, added)
    if stays is not None:
        what = f"flight {stays.upper()} in the trip after the change"
        return what, f"puts {', '.join(added)} in place of {', '.join(dropped)}"
    cabin = str(call.arg("cabin"))
    if cabin == reservation.cabin or cabin not in _CABIN_WORDS:
        return None
    new = cabin.replace("_", " ")
    stays = flights_told.said_kept_in_cabin(text, flown, _CABIN_WORDS[cabin])
    if stays is not None:
        return f"flight {stays} kept in its cabin", f"puts it in {new}"
    only = flights_told.said_only(text, flown, proposed_ids(text)[0])
    if only is not None:
        return f"the change narrowed to part of it ({only!r})", f"puts {', '.join(flown)} in {new}"
    return None


def _put_forward(word: str, text: str) -> bool:
    """Whether ``text`` (folded, lowered) names ``word`` (:func:`checkers.text.word_pattern`)
    and puts it forward (:func:`checkers.confirmation.proposed`): "HAT056 is sold out" offers
    no HAT056."""
    return _says(re.compile(word_pattern(word)), _unhedged(text))


_UNHEDGED = re.compile(
    r"\b(?:nearly|almost|close to|about to be|filling up|only a few)\b[^.;,?!)]*"
)
"""A state said with a hedge ("nearly sold out", "almost full"): the flight is still offered."""


def _unhedged(text: str) -> str:
    """``text`` with each :data:`_UNHEDGED` state blanked out, every position kept."""
    return _UNHEDGED.sub(lambda m: " " * len(m.group(0)), text)


_USER_ID = re.compile(r"\b[a-z]+(?:_[a-z]+)+_\d+\b")
"""A user id ("olivia_gonzalez_2305"): the names in it are no passenger named."""


_INSURANCE = insurance.INSURANCE
"""Travel insurance named in a listing or a question."""
_DECLINED = re.compile(
    r"\b(?:declin\w*|without|skip\w*|waiv\w*|no|not|refus\w*|(?:don't|do not) (?:want|need))"
    r"\s+(?:(?:the|any|your|a)\s+)?$"
)
"""A refusal right before insurance ("since you declined travel insurance", "without
insurance"); not one of something else earlier in its clause ("with no bags and add travel
insurance")."""
_ADDING = re.compile(r"\badd(?:s|ed|ing)?\b")
_TOTAL = re.compile(r"\b(?:total|in all|altogether|bring\w*|mak\w*|leav\w*)\b")
"""Words after which a bag count in an "add" clause is the new total, not the number added."""
_MORE = "more|extra|additional|new"
_ADDED_COUNT = re.compile(
    rf"(?<![$\d.,])\b(?P<n>\d+|{'|'.join(charges.NUMBER_WORDS)})\s+(?:{_MORE})\s+(?:[\w-]+\s+){{0,2}}?"
    rf"(?:{_BAG_NOUNS})\b|\b(?P<one>another|a second|an? (?:{_MORE})|one (?:{_MORE}))\s+"
    rf"(?:[\w-]+\s+){{0,2}}?(?:{_BAG_NOUNS})\b"
)
"""A count of bags said to be added by its words ("2 extra checked bags", "2 new bags",
"another bag", "one more suitcase")."""


def _counts_added(text: str) -> set[Decimal]:
    """The bag counts ``text`` (folded, lowered) says are added: those said as more
    (:data:`_ADDED_COUNT`; "$50 extra" is money), and those after "add" in its clause (up to
    80 characters) before any word of a total
    ("adding 2 checked bags", "add 1 more bag for a total of 2" adds 1), neither count of a
    change ("add bags: 1 → 3": :func:`~domains.airline.listing_counts.changes_blanked`); the
    listing of a write adding 1 bag to make 2 must not say "adding 2"."""
    text = counts.changes_blanked(text)  # "add bags: checked bags 1 → 3" adds no 1
    found = {
        Decimal(1 if m.group("one") else charges.NUMBER_WORDS.get(m.group("n")) or m.group("n"))
        for m in _ADDED_COUNT.finditer(text)
    }
    for match in _ADDING.finditer(text):
        # up to the clause's end, at most 80 characters: linear in the listing's length
        stop = _CLAUSE_END.search(text, match.end(), match.end() + 80)
        end = stop.start() if stop else min(len(text), match.end() + 80)
        total = _TOTAL.search(text, match.end(), end)
        found |= charges.counts_said(
            text[match.start() : total.start() if total else end], _BAG_NOUNS
        )
    return found


_CLAUSE_END = re.compile(r"[.;,?!\n]|\b(?:and|but|so)\b")
"""Where the words after "add" stop counting bags added."""
_NUMBER = rf"(?<![$\d.,])\b(?:\d+|{'|'.join(charges.NUMBER_WORDS)})\b"
_BAGS_AFTER = (
    rf"(?!\s+(?:{_MORE})\b)\s+(?:(?!carry|personal|hand)[\w-]+\s+){{0,2}}?(?:{_BAG_NOUNS})\b"
)
"""The bags right after a count, not said as more ("2 checked bags"; not "2 extra bags", nor a
carry-on or personal item)."""
_RESERVATION_WORDS = (
    r"(?:it|the|your|this|its|reservation|booking|total|count|bags?|checked|(?=\w*\d)\w{6})"
)
"""Words between "bring" and "to" when what is brought to a count is the reservation ("bringing
THY2DG to 3 bags"; a reservation id holds a digit), not a passenger ("brings Olivia to 2")."""
_TOTAL_SAID = re.compile(
    rf"\b(?:total|in\s+all)\s*(?:of|to|is|will\s+be|becomes|:)\s*(?P<a>{_NUMBER}){_BAGS_AFTER}"
    rf"|\bbring\w*\s+(?:{_RESERVATION_WORDS}\s+){{0,3}}to\s+(?:a\s+total\s+of\s+)?(?P<b>{_NUMBER})"
    rf"{_BAGS_AFTER}|(?P<c>{_NUMBER}){_BAGS_AFTER}\s+(?:in\s+total|in\s+all|altogether|overall)\b"
    rf"|\b(?:end\s+up\s+with|making\s+it|leaving\s+(?:you\s+|it\s+)?with)\s+(?P<d>{_NUMBER})\b"
)
"""A bag count said as the new total ("for a total of 2 bags", "bringing THY2DG to 2 checked
bags", "2 checked bags in total", "making it 4"); not a count said added ("Total: 2 extra
bags"), nor a person's ("brings Olivia to 2 bags")."""
_ALLOWANCE = re.compile(
    r"\b(?:free|allowance|allow\w*|includ\w*|complimentary|up to|max\w*|entitled|cover\w*"
    r"|at no (?:extra )?(?:cost|charge)|no (?:extra )?(?:cost|charge)|would|could|can|if|later"
    r"|each|per|must)\b"
)
"""Words of a clause whose bag count is an allowance, a rule or a possibility, not what a
write sets ("your fare includes 1 checked bag", "each passenger could bring 1", "if you change
your mind, 1 extra bag is $50")."""
_CLAUSES = re.compile(r"[.;,?!()\n]")
_BAGS_NOW = re.compile(
    r"(?<!\bwill )(?<!ll )(?<!\bwould )\b(?:has|have|holds?|carries|there\s+(?:is|are))\b"
    r"[^.;!?,\n]{0,60}\b(?:now|currently|already|at\s+the\s+moment|so\s+far|at\s+present)\b"
    r"|\b(?:currently|already)\s+(?:has|have|holds?)\b"
)


def _without_bags_now(text: str) -> str:
    """``text`` (folded, lowered) less its clauses that say how many bags there are now and add
    none ("THY2DG has 1 checked bag now.", "instead of the 1 it has so far"): such a count lists
    nothing added. What a reservation will have ("will have 2 checked bags") is kept."""
    kept = (
        clause
        for clause in re.split(r"(?<=[.;,!?\n])", text)
        if not _BAGS_NOW.search(clause) or _ADDING.search(clause)
    )
    return "".join(kept)


def _totals_said(text: str) -> set[Decimal]:
    """The bag counts ``text`` (folded, lowered) says are the new total (:data:`_TOTAL_SAID`),
    in clauses that name no allowance ("your tier allows 3 free bags in total" is no total of
    the write)."""
    found = set()
    for clause in _CLAUSES.split(text):
        if _ALLOWANCE.search(clause):
            continue
        for match in _TOTAL_SAID.finditer(clause):
            number = match["a"] or match["b"] or match["c"] or match["d"]
            found.add(Decimal(charges.NUMBER_WORDS.get(number) or number))
    return found


_ROUND_TRIP = re.compile(r"\bround[\s-]*trip\b")
_ONE_WAY = re.compile(r"\bone[\s-]*way\b")
_A_BAG = re.compile(rf"\b(?:a|an)\s+(?:[\w-]+\s+)?(?:{_BAG_NOUNS})\b")


def _says(pattern: re.Pattern[str], text: str) -> bool:
    """Whether ``text`` (folded, lowered) puts forward a match of ``pattern``
    (:func:`checkers.confirmation.proposed`: "this is not a round trip" puts none forward)."""
    return bool(core.proposed(text, list(pattern.finditer(text))))


_TRIP_TYPES = {"one_way": (_ONE_WAY, _ROUND_TRIP), "round_trip": (_ROUND_TRIP, _ONE_WAY)}
"""Per trip type of a booking, how a listing names it and how it names the other."""


def missing_details(
    call: CallRecord, text: str, heard: str, now: str, messages: Sequence[str] = ()
) -> list[str]:
    """The details of ``call`` that the listing ``text`` (folded, lowered, its flight numbers
    as the data writes them: :func:`~domains.airline.fabrication.plain_ids`) does not name:
    flight numbers put forward (for a change, only the new ones; "HAT056 is sold out" offers
    none), the new cabin (a booking's too), travel insurance a booking buys (and none said bought
    when it buys none: :mod:`~domains.airline.insurance_said`), and the number of
    bags (the new total or the number added; a number said added must be the number added, one
    said as the total the write leaves its total, one said as the count now the reservation's:
    :mod:`~domains.airline.listing_counts`; the bags said of a booking its bags), each method of
    a split payment with its own amount (:mod:`~domains.airline.split_said`); and
    those that neither the listing nor what the customer said since it began (``heard``) names:
    the passengers it adds, by whole name (the customer, as "you" beside another:
    :func:`~domains.airline.passenger_names.customer_as_you`; "you" never for a booking not
    flying them), and the payment method of a write that costs something (the customer often
    chooses it in the yes itself), or, for a refused write, none other than the one it tried.
    Counts that contradict the write's are read in ``now`` (the listing without the report of
    an earlier write in its turn): "THY2DG now has 2 bags" reports the write before, not the
    booking after. What pays is read in the last of the listing's ``messages`` (folded as
    ``text``) that says what pays: a later proposal replaces an earlier one ("... using your
    certificate" before "You can use your gift card and credit card for the payment")."""
    db, args, missing = call.db_before, call.args, []
    reservation = reservation_before(call)
    for number in _flights_of(call)[1]:
        if number and not _put_forward(number, text):
            missing.append(f"flight {number}")
    cabin = call.arg("cabin")
    new_cabin = bool(cabin) and (reservation is None or cabin != reservation.cabin)
    # by its group ("basic economy" names no economy), as the cabin to fly in
    cabin_missing = _cabin_missing(call, text) if new_cabin else None
    if cabin_missing is not None:
        missing.append(cabin_missing)
    said_names = _USER_ID.sub(" ", f"{text}\n{heard}")
    newcomers = _added_passengers(call)
    for person in newcomers:
        first, last = str(person.get("first_name", "")), str(person.get("last_name", ""))
        others = [str(p.get("first_name", "")) for p in newcomers if p is not person]
        if _person_named(first, last, said_names):
            continue
        if _is_customer(call, person) and names.customer_as_you(text, others):
            continue  # "for you and your saved passenger Mei Johansson"
        missing.append(f"passenger {first} {last}".rstrip())
    flown = [p for p in call.args.get("passengers") or [] if isinstance(p, dict)]
    firsts = [str(p.get("first_name", "")) for p in flown]
    customer = _customer(call)
    flies_customer = customer is None or any(_name_of(p) == customer[:2] for p in flown)
    if (
        call.name == "book_reservation"
        and not flies_customer
        and names.customer_as_you(text, firsts)
    ):
        missing.append("the passengers (they name the customer, as you, whom it does not fly)")
    # the last word on insurance: "No problem, no insurance then." after an insured proposal
    insured = [m for m in messages or [text] if _INSURANCE.search(m)]
    if call.arg("insurance") == "yes" and (
        not insurance.named_undenied(insured[-1] if insured else "")
        or insurance.said_declined(insured)  # "Travel insurance: not needed"
    ):
        missing.append("travel insurance")
    if call.arg("insurance") == "no" and insurance.said_bought(messages or [text]):
        missing.append("travel insurance as not bought (they say it is)")
    trip = _TRIP_TYPES.get(str(call.arg("flight_type")))
    if trip is not None and _says(trip[1], text) and not _says(trip[0], text):
        missing.append(f"the trip type {str(call.arg('flight_type')).replace('_', ' ')}")
    bags = args.get("total_baggages") if call.name == "book_reservation" else None
    if isinstance(bags, int) and bags != 0:  # another count may be the allowance ("2 free bags")
        people = max(len(_added_passengers(call)), 1)  # "1 checked bag each" of two is 2
        counted = charges.counts_said(text, _BAG_NOUNS) | set(counts.booked_counts(text, people)[0])
        counted |= {Decimal(1)} if _says(_A_BAG, text) else set()
        if Decimal(bags) not in counted:
            missing.append(f"the bags ({bags})")
    if isinstance(bags, int):
        people = max(len(_added_passengers(call)), 1)
        said, vague = counts.booked_counts(now, people)
        other = {c for c in said if c != bags and c * people != bags}
        if other and sum(said) != bags:  # "Olivia 2 checked bags; Ivan 1 checked bag" of 3
            named = " or ".join(str(c) for c in sorted(other))
            missing.append(f"the bags ({bags}, not {named})")
        elif vague and bags < 2:  # "a couple of checked bags", "several bags"
            missing.append(f"the bags ({bags}, not several)")
    if call.name == "update_reservation_baggages" and reservation is not None:
        total = args.get("total_baggages")
        if isinstance(total, int):
            counted = charges.counts_said(_without_bags_now(text), _BAG_NOUNS)
            counted |= counts.totals_after(now)  # "| After update | 3 |" under "| | Bags |"
            added = total - reservation.total_baggages
            adding = _counts_added(text)
            adding |= counts.added_more(now) | counts.table_counts(now)["added"]
            if {Decimal(total), Decimal(added)}.isdisjoint(counted | adding) or (
                adding and Decimal(added) not in adding
            ):
                missing.append(f"the bags ({total} in all, {added} added)")
            # said as the total once it is done, or as the count before it
            after = counts.totals_after(now) - {Decimal(total)}
            after -= counts.totals_after(messages[-1] if messages else "")  # a proposal's
            before = counts.counts_now(now) - {Decimal(reservation.total_baggages)}
            if after:
                named = " or ".join(str(c) for c in sorted(after))
                missing.append(f"the bags ({total} in all, not {named})")
            elif before:
                named = " or ".join(str(c) for c in sorted(before))
                has = reservation.total_baggages
                missing.append(f"the bags it has now ({has}, not {named})")
    user_id, payments = _payer(call)
    paid_with = {p.payment_id for p in reservation.payment_history} if reservation else set()
    told = text + "\n" + heard
    if charge_of(call):  # a write that costs nothing needs no payment method named
        for payment_id in payments:
            if payment_id in paid_with and undenied(told, _ORIGINAL):
                continue  # "your original payment method" names the one it was paid with
            if not _method_named(db, user_id, payment_id, told):
                missing.append(f"the payment method {payment_id}")
        paid = _split(call)
        wrong = split.misassigned(text, paid, lambda p, part: _method_named(db, user_id, p, part))
        if wrong is not None:  # "the Mastercard takes $123" of the gift card's $123
            method, amount = wrong
            missing.append(
                f"the payment method {method} with its amount ({paid[method]}, not {amount})"
            )
        paying = _other_method(call, _what_pays(call, messages or [text]))
        if paying is not None and not missing:
            last_word = f"their last word on what pays names {paying[0]}"
            missing.append(f"the payment method {', '.join(payments)} as what pays ({last_word})")
    elif not call.ok and _other_method(call, told):  # refused: the one it tried, if any named
        missing.append(f"the payment method {', '.join(payments)}")
    return missing


def _split(call: CallRecord) -> dict[str, Decimal]:
    """The amount a booking takes from each payment method, by the method's id."""
    return {
        str(p["payment_id"]): Decimal(str(p["amount"]))
        for p in call.args.get("payment_methods") or []
        if isinstance(p, dict)
        and isinstance(p.get("amount"), int | float)
        and not isinstance(p.get("amount"), bool)
    }


_PAYS = re.compile(
    r"(?<!originally )(?<!previously )(?<!rather than )(?<!instead of )(?<!not )(?<!you )"
    r"(?<!was )(?<!were )(?<!had )(?<!been )"
    r"\b(?:paid|pay(?:ing|s)?|charg\w*|bill\w*|us(?:e|ing)"
    r"|switch\w*\s+(?:(?:the|your)\s+)?(?:payment(?:\s+method)?\s+)?to)"
    r"(?:\s*,[^,.;!?\n]{1,60},)?\s+"
)
"""Words of paying, then what pays, an aside between commas allowed ("paid, as we discussed,
by your Mastercard")."""


_PAID_WITH_END = re.compile(
    r"[.!?](?=\s|$)|\n|\b(?:rather\s+than|instead\s+of|not|but|and|since|because|as|while"
    r"|whereas)\b"
)
"""Where the words after paying stop naming what pays: the sentence's end, a method set aside
("the gift card will pay for it rather than charging your credit card"), a reason or another
clause ("charged to your Mastercard, since your gift card balance is too low")."""
_PAID_WITH_WORDS = 80
"""The most characters read after words of paying (to the sentence's end)."""


_MAYBE = re.compile(r"\b(?:could|alternatively|if|whether|options?)\b")
"""Words before paying, in its clause, that make it a possibility, not what pays."""


def _paid_with(text: str) -> str:
    """The words of ``text`` (folded, lowered) right after words of paying, to the end of
    their sentence or a method set aside (:data:`_PAID_WITH_END`: "paid with your gift card",
    "charged to your Mastercard", "paid with the unused balance of your gift card"; not the
    next sentence's "Your Mastercard stays on file"): where a listing says what pays. What
    paid before ("originally paid with ...", "you paid with your gift card", "was paid with")
    or is set aside ("rather than charging ..."), denied ("we won't use your credit card",
    "no need to use your Mastercard") or only possible ("you could also use your gift card",
    "alternatively, you could pay with ...") says nothing."""
    said = []
    for match in _PAYS.finditer(text):
        start = clause_of(text, match.start())[0]
        if denied_before(text, match.start()) or _MAYBE.search(text, start, match.start()):
            continue
        end = _PAID_WITH_END.search(text, match.end())
        stop = min(end.start() if end else len(text), match.end() + _PAID_WITH_WORDS)
        said.append(text[match.end() : stop])
    return "\n".join(said)


def _what_pays(call: CallRecord, messages: Sequence[str]) -> str:
    """The words saying what pays (:func:`_paid_with`: "paid with your gift card") in the last
    of ``messages`` whose words say so of one of the customer's payment methods; ``""`` when
    none does."""
    user_id = _payer(call)[0]
    user = call.db_before.users.get(user_id)
    for message in reversed(messages):
        said = _paid_with(message)
        if user and any(
            _method_named(call.db_before, user_id, p, said) for p in user.payment_methods
        ):
            return said
    return ""


def proposed_ids(text: str) -> tuple[set[str], set[str], set[str]]:
    """The flight numbers, reservation ids and cabins (in the data's words) that ``text``
    names and puts forward (:func:`checkers.confirmation.proposed`): "HAT300 is not
    available", "(HAT300 was full)" and "not in business" put none forward. Flight numbers are
    read in any case or spacing ("hat 188"), reservation ids as :mod:`domains.airline
    .fabrication` reads them."""
    plain = plain_ids(fold(text))
    said = plain.lower()  # the folded text is ASCII: lowering keeps every position
    flights = list(FLIGHT.finditer(plain))
    numbers = {m.group(0) for m in flights}
    ids = [m for m in RESERVATION.finditer(plain) if m.group(0) not in numbers]
    cabins = core.proposed(said, list(_CABIN.finditer(said)))
    return (
        {m.group(0) for m in core.proposed(said, flights)},
        {m.group(0) for m in core.proposed(said, ids)},
        {str(m.lastgroup) for m in cabins},
    )


def _flights_of(call: CallRecord) -> tuple[list[str], list[str]]:
    """The flight numbers ``call`` is about (those it flies; for a write of bags or
    passengers, its reservation's), and those it adds to its reservation (all it flies, for a
    booking)."""
    reservation = reservation_before(call)
    old = [s.flight_number for s in reservation.flights] if reservation else []
    if not isinstance(call.args.get("flights"), list):
        return old, []
    numbers = [number for number, _ in _legs(call)]
    return numbers, [n for n in numbers if n not in old]


def _flight_times(db: Database, numbers: Iterable[str]) -> list[str]:
    """The scheduled departure and arrival times (:func:`checkers.told.times_in` form, "6:00")
    of the flights numbered ``numbers`` that ``db`` knows, in order, without repeats."""
    flights = [db.flights[n] for n in numbers if n in db.flights]
    times = (
        t
        for f in flights
        for t in times_in(f"{f.scheduled_departure_time_est} {f.scheduled_arrival_time_est}")
    )
    return list(dict.fromkeys(times))


def _other_times(call: CallRecord, said: str) -> tuple[str, str] | None:
    """Another flight named by its times only: for a write with flights, ``said`` (folded, lowered)
    puts forward clock times (:func:`checkers.told.times_at`,
    :func:`checkers.confirmation.put_forward`: not "after 11 am"), some not of the flights its
    reservation holds (the trip as it is: "moving you off the 2 am flight") and none of the flights
    the write adds (or, adding none, flies). None when the times of the write's flights are
    unknown."""
    if not isinstance(call.args.get("flights"), list):
        return None
    about, new = _flights_of(call)
    reservation, db = reservation_before(call), call.db_before
    held = _flight_times(db, (s.flight_number for s in reservation.flights) if reservation else ())
    own = _flight_times(db, new or about)
    named = list(dict.fromkeys(core.put_forward(said, times_at(said), core.ASIDE_OR_BOUND)))
    others = [t for t in named if t not in held]
    if own and others and not set(named) & set(own):
        return (
            f"a flight at {', '.join(others)}",
            f"flies {', '.join(new or about)} at {', '.join(own)}",
        )
    return None


def _held_days(call: CallRecord) -> set[dates.Day]:
    """Dates a message may name beside a write without proposing another day of travel: those
    of the flights its reservation holds ("moving you from May 26"), the day it was booked,
    its passengers' (and the write's passengers') birth dates, and today ("Today is May 15")."""
    reservation = reservation_before(call)
    people = call.args.get("passengers")
    known: list[object] = [NOW]
    known += (
        [p.get("dob") for p in people if isinstance(p, dict)] if isinstance(people, list) else []
    )
    if reservation is not None:
        known += [p.dob for p in reservation.passengers]
        known += [s.date for s in reservation.flights] + [reservation.created_at]
    return dates.iso_days(known)


def _legs(call: CallRecord) -> list[tuple[str, str]]:
    """``(flight number, date)`` of each flight ``call`` flies, as it gives them."""
    legs = call.args.get("flights")
    return [
        (str(f.get("flight_number")), str(f.get("date")))
        for f in (legs if isinstance(legs, list) else [])
        if isinstance(f, dict)
    ]


_LANDS = re.compile(r"\b(?:land\w*|arriv\w*|gets? in)\b")
"""Words of a landing right before its day ("arriving May 29")."""
_NOT_TRAVEL = re.compile(r"\b(?:born|birth\w*|dob|d\.o\.b\.?|created|booked on|made on)\b")
"""Words of a date that is no day of travel right before it ("DOB 1988-06-13", "created May
13")."""


def _landing(db: Database, legs: Iterable[tuple[str, str]]) -> set[dates.Day]:
    """The days after the days of ``legs`` whose flights land the next day ("02:00:00+1")."""
    flights = [(db.flights.get(number), day) for number, day in legs]
    late = [
        day
        for flight, day in flights
        if flight and flight.scheduled_arrival_time_est.endswith("+1")
    ]
    return {dates.next_day(d) for d in dates.iso_days(late)}


def _other_trips(call: CallRecord) -> list[tuple[set[dates.Day], list[str]]]:
    """For each reservation of the customer other than the write's, its days and the words that
    name it (its id, airports and flight numbers, lowered)."""
    db, own = call.db_before, str(call.arg("reservation_id"))
    user = db.users.get(_payer(call)[0])
    ids = [r for r in (user.reservations if user else ()) if r in db.reservations and r != own]
    trips = [db.reservations[r] for r in ids]
    return [
        (
            dates.iso_days(f.date for f in trip.flights),
            [trip.reservation_id.lower(), trip.origin.lower(), trip.destination.lower()]
            + [f.flight_number.lower() for f in trip.flights],
        )
        for trip in trips
    ]


def _said_of_something_else(call: CallRecord, said: str, start: int, day: dates.Day) -> bool:
    """Whether the date ``day`` at ``start`` of ``said`` (folded, lowered) dates something other
    than a day of travel the write proposes: a birth date or the day a reservation was made
    (:data:`_NOT_TRAVEL` right before it), the next-day landing of one of the write's flights
    said as a landing ("It lands at 1:30 AM on May 29"), or a day of another of the customer's
    trips in a clause that names that trip ("Your MSP trip on May 26 is unaffected")."""
    before = said[max(0, start - 40) : start]
    if _NOT_TRAVEL.search(before) or (
        _LANDS.search(before) and dates.among(day, _landing(call.db_before, _legs(call)))
    ):
        return True
    first, last = clause_of(said, start)
    clause = said[first:last]
    return any(
        dates.among(day, days) and any(re.search(word_pattern(n), clause) for n in names)
        for days, names in _other_trips(call)
    )


def _said_days(days: Iterable[dates.Day]) -> str:
    """``days`` as the data writes dates ("2024-05-30"; "05-30" without a year), joined."""
    return ", ".join("-".join(f"{n:02d}" for n in d if n is not None) for d in days)


def _other_dates(
    call: CallRecord, said: str, held: frozenset[dates.Day] = frozenset()
) -> tuple[str, str] | None:
    """Another day: ``said`` (folded, lowered) puts forward dates
    (:func:`checkers.dates.dates_in`, :func:`checkers.confirmation.put_forward`: not "before May
    30"), some neither among :func:`_held_days` nor ``held`` nor of something else
    (:func:`_said_of_something_else`), and none the write's own: its flights' days, or the
    birth dates of the passengers it adds ("moving you from May 26 to May 28" still names the
    write's May 28; "HAT056 on May 30" before a write flying it on May 28 does not; nor "born
    1990-01-01" before a passenger born 1991-02-02)."""
    flown = dates.iso_days(day for _, day in _legs(call))
    own = flown or dates.iso_days(p.get("dob") for p in _added_passengers(call))
    found = [(p, (p, d)) for p, d in dates.dates_in(said)]
    named = core.put_forward(said, found, core.ASIDE_OR_BOUND)
    known = _held_days(call) | held
    others = list(
        dict.fromkeys(
            d
            for p, d in named
            if not dates.among(d, known) and not _said_of_something_else(call, said, p, d)
        )
    )
    if own and others and not any(dates.among(d, own) for _, d in named):
        days = _said_days(sorted(own))
        does = f"flies on {days}" if flown else f"adds passengers born {days}"
        return f"the date{'s' if len(others) > 1 else ''} {_said_days(others)}", does
    return None


_FLIGHT_FOLDED = re.compile(FLIGHT.pattern.replace("HAT", "hat"))
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)|\n")
_NEAR = 60
"""How far after a flight number a date starts that is read as that flight's ("HAT056 from EWR
to IAH on May 28"), up to the next flight number or sentence end."""


def _misdated_flights(call: CallRecord, said: str) -> tuple[str, str] | None:
    """A flight of ``call`` that ``said`` (folded, lowered, flight numbers as the data writes
    them: the message the yes answers) puts forward only with other dates right after it:
    "HAT188 on May 29 and HAT207 on May 30" before a write flying both on May 29. A flight
    named once with its own day ("HAT056 | May 30 | $39" then "HAT056 on May 28?", "HAT175
    from May 29 to May 30") is listed, and dates of something else
    (:func:`_said_of_something_else`: "DOB 1988-06-13") are left aside."""
    numbers = [m.start() for m in _FLIGHT_FOLDED.finditer(said)]
    stops = (numbers, [m.start() for m in _SENTENCE_END.finditer(said)], dates.dates_in(said))
    for number, day in _legs(call):
        own = dates.iso_days([day])
        dated = [
            (place, found)
            for match in core.proposed(said, list(re.finditer(word_pattern(number), said)))
            for place, found in _dates_after(said, match.end(), stops)
        ]
        if any(dates.among(found, own) for _, found in dated):
            continue
        others = [d for p, d in dated if not _said_of_something_else(call, said, p, d)]
        if others:
            return f"flight {number} on {_said_days(others[:1])}", f"flies it on {day}"
    return None


def _dates_after(
    said: str, end: int, stops: tuple[list[int], list[int], list[tuple[int, dates.Day]]]
) -> list[tuple[int, dates.Day]]:
    """``(where, date)`` of the dates ``said`` puts forward starting in the :data:`_NEAR`
    characters after ``end``, before the next flight number or sentence end; ``stops`` holds
    those (in order) and the text's dates, each read whole."""
    numbers, ends, days = stops
    later = [stop[n] for stop in (numbers, ends) if (n := bisect_left(stop, end)) < len(stop)]
    stop = min([*later, end + _NEAR])
    found = [(p, (p, d)) for p, d in days if end <= p < stop]
    return core.put_forward(said, found, core.ASIDE_OR_BOUND)


_BORN = re.compile(r"\b(?:born|birth\w*|dob|d\.o\.b\.?)\b[^.;?!\d]{0,30}$")
"""Words of a birth date right before a date ("born 1990-01-01", "date of birth: May 2")."""


def _other_birth_dates(call: CallRecord, said: str) -> tuple[str, str] | None:
    """Birth dates ``said`` (folded, lowered) gives (:data:`_BORN` before them) that none of
    the write's passengers has ("born 1990-01-01" before a passenger born 1991-02-02; a date of
    birth corrected to another than the write's)."""
    people = call.args.get("passengers")
    if not isinstance(people, list):
        return None
    own = dates.iso_days(p.get("dob") for p in people if isinstance(p, dict))
    reservation = reservation_before(call)
    # the passengers as they were ("replace Yara Lopez (born 1975-09-15)", "(was 1975-09-15)")
    known = own | dates.iso_days(p.dob for p in reservation.passengers) if reservation else own
    born = [d for start, d in dates.dates_in(said) if _BORN.search(said, max(0, start - 60), start)]
    others = list(dict.fromkeys(d for d in born if not dates.among(d, known)))
    if others:
        return f"the birth date{'s' if len(others) > 1 else ''} {_said_days(others)}", (
            f"gives {_said_days(sorted(own))}"
        )
    return None


def _customer(call: CallRecord) -> tuple[str, str, str] | None:
    """The first name, last name and date of birth of the customer the write is for, from
    their profile; None when the data holds no such customer."""
    user = call.db_before.users.get(_payer(call)[0])
    return None if user is None else (user.name.first_name, user.name.last_name, user.dob)


def _is_customer(call: CallRecord, person: dict[str, Any]) -> bool:
    """Whether ``person`` (as the call gives a passenger) is the customer the write is for: their
    profile's name and date of birth."""
    return (*_name_of(person), str(person.get("dob"))) == _customer(call)


def _added_passengers(call: CallRecord) -> list[dict[str, Any]]:
    """The passengers (as the call gives them) ``call`` adds to its reservation: those not
    among its passengers before, by name."""
    people = call.args.get("passengers")
    reservation = reservation_before(call)
    old = {(p.first_name, p.last_name) for p in reservation.passengers} if reservation else set()
    return [
        p
        for p in (people if isinstance(people, list) else [])
        if isinstance(p, dict) and _name_of(p) not in old
    ]


def trip_days(call: CallRecord, start: Database) -> frozenset[dates.Day]:
    """The days of ``call``'s reservation's flights in ``start`` (the database as the
    conversation began): a listing may describe the trip before an earlier write changed it."""
    first = start.reservations.get(str(call.arg("reservation_id")))
    return frozenset(dates.iso_days(s.date for s in first.flights) if first else ())


_CANCEL = re.compile(
    r"\bcancel(?:s|ing|ling|lation)?\b(?!\s+(?:fees?|charges?|polic(?:y|ies)|penalt(?:y|ies)"
    r"|rules?|terms|windows?|insurance|coverage|protection)\b)"
    r"|(?:(?<=\bwill be )|(?<='ll be )|(?<=\bto be ))cancel+ed\b"
)
"""A cancellation named as something to do ("cancel", "cancelling", "a cancellation", "it
will be cancelled"); not "cannot be cancelled", cancellations in general ("cancellations are
refunded to ...") or the name of a fee or policy ("the cancellation fee")."""
_LATER = re.compile(r"\b(?:within|later|any ?time|up to|until|free of charge)\b")
"""Words after a cancellation, in its clause, that make it a right kept for later ("you can
cancel within 24 hours", "cancel any time"): information beside the write, no offer instead."""


def _offered(said: str, cancel: re.Match[str]) -> bool:
    """Whether the :data:`_CANCEL` match ``cancel`` of ``said`` may offer a cancellation: no
    denial earlier in its clause (:func:`checkers.tokens.denied_before`: "I cannot assist
    with cancelling it" must never read as an offer), and nothing after it in its clause
    making it a right kept for later (:data:`_LATER`)."""
    end = clause_of(said, cancel.start())[1]
    return not denied_before(said, cancel.start()) and not _LATER.search(said, cancel.end(), end)


_OBJECTS = (
    "reserv", "flight", "trip", "cabin", "class", "economy", "business", "travel", "ticket",
)  # fmt: skip
"""Stems of :data:`CONFIRMED` that name what a cancellation may take as its object ("cancel
the reservation", "cancel the business class flight"): beside one, no sign of the write."""
_ACTION_WORDS = {
    name: re.compile(rf"\b(?:{'|'.join(s for s in stems if s not in _OBJECTS)})\w*")
    for name, stems in CONFIRMED.items()
}
"""Per write, the words that name its own action beside a cancellation ("cancel HAT188 and
rebook you on HAT056", "proceed with the change")."""
_CANCELLED = re.compile(
    r"\bcancel\w*\s+(?:(?:the|your|this|that|my|its|current|existing|original|old|entire"
    r"|whole)\s+)*$"
)
"""A cancellation right before a word, with only determiners between: "cancel your booking"
books nothing."""


def _other_action(call: CallRecord, said: str, flights: set[str]) -> tuple[str, str] | None:
    """A cancellation instead of the write (never one itself: :data:`CONFIRMED` holds none):
    ``said`` (folded, lowered) puts forward a cancellation (:data:`_CANCEL`,
    :func:`checkers.confirmation.put_forward`: not "you cannot cancel", "without cancelling",
    "instead of cancelling", "I cannot assist with cancelling", "you can cancel within 24 hours":
    :func:`_offered`) and names nothing of the write's own: no word of its action
    (:data:`_ACTION_WORDS`, not itself set aside: "cancel instead of changing") and none of the
    flights it adds among ``flights`` (the numbers ``said`` puts forward: "I will cancel HAT188 and
    book you on HAT056")."""
    offered = [(m.start(), m) for m in _CANCEL.finditer(said) if _offered(said, m)]
    if not core.put_forward(said, offered):
        return None
    words = [
        (m.start(), m)
        for m in _ACTION_WORDS[call.name].finditer(said)
        if not _CANCELLED.search(said, max(0, m.start() - 80), m.start())
    ]
    if core.put_forward(said, words) or set(_flights_of(call)[1]) & flights:
        return None
    return "a cancellation", "does not cancel"


def _other_flights(call: CallRecord, flights: set[str]) -> tuple[str, str] | None:
    """Other flights by number: ``flights`` (those the message puts forward) are some and hold
    not every flight the write adds or, for a write adding none, none it is about."""
    about, new = _flights_of(call)
    if flights and (not set(new) <= flights if new else not flights & set(about)):
        named = ", ".join(sorted(flights))
        does = f"flies {', '.join(new)}" if new else f"is about {', '.join(about) or 'no flight'}"
        return f"flight{'s' if len(flights) > 1 else ''} {named}", does
    return None


def _other_cabin(call: CallRecord, cabins: set[str]) -> tuple[str, str] | None:
    """Another cabin: ``cabins`` (those put forward) are some and not the write's."""
    cabin = call.arg("cabin")
    if cabin and cabins and cabin not in cabins:
        named = ", ".join(c.replace("_", " ") for c in sorted(cabins))
        return f"the cabin {named}", f"is in {cabin.replace('_', ' ')}"
    return None


def _other_bags(call: CallRecord, last: str) -> tuple[str, str] | None:
    """Other bags, for a bag write: ``last`` counts bags, also with doubt ("How about 3
    bags?"), and neither the write's total nor the number it adds, or says another total than
    the write's or the reservation's ("bringing THY2DG to 2 checked bags in total" before a
    write to 3: :func:`_totals_said`)."""
    reservation, total = reservation_before(call), call.args.get("total_baggages")
    if call.name != "update_reservation_baggages" or not reservation or not isinstance(total, int):
        return None
    # the count it has now, said so ("THY2DG currently has 1 checked bag"), is no proposal
    now = counts.counts_now(fold_lower(last)) & {Decimal(reservation.total_baggages)}
    counted = charges.counts_said(last, _BAG_NOUNS, hedged=True) - now
    added = total - reservation.total_baggages
    # a count said as the total now may be the reservation's; one said as the total once the
    # write is done ("so it will have 1 checked bag in total") must be the write's
    totals = _totals_said(fold_lower(last)) - {Decimal(total), Decimal(reservation.total_baggages)}
    totals |= counts.totals_after(fold_lower(last)) - {Decimal(total)}
    if totals or (counted and not {Decimal(total), Decimal(added)} & counted):
        named = " or ".join(str(c) for c in sorted(totals or counted))
        return (
            f"{named} bags{' in all' if totals else ''}",
            f"sets {total} bags in all, {added} added",
        )
    return None


def _other_method(call: CallRecord, said: str) -> tuple[str, str] | None:
    """Another payment method, for a write that charges or refunds or was refused: ``said``
    (folded, lowered) names the customer's methods and not the write's."""
    user_id, payments = _payer(call)
    user = call.db_before.users.get(user_id)
    methods = (
        [p for p in user.payment_methods if _method_named(call.db_before, user_id, p, said)]
        if user
        else []
    )
    costs = charge_of(call) or not call.ok  # a refused write's cost is unknown: it may have one
    if costs and payments and methods and not set(payments) & set(methods):
        return f"the payment method {', '.join(methods)}", f"charges {', '.join(payments)}"
    return None


def other_proposal(
    call: CallRecord, last: str, held: frozenset[dates.Day] = frozenset()
) -> tuple[str, str] | None:
    """What the agent's ``last`` message before the yes (the proposal the yes answers) puts
    forward that is not ``call``'s, as ``(what it names, what the write does)``, the first of:
    other flights by number (:func:`proposed_ids`: it names flights and not every flight the
    write adds or, for a write that adds none, none it is about); another flight by its times
    only (:func:`_other_times`: "Or the 10:00 flight?"); another day of travel
    (:func:`_other_dates`: "Or the same flights on May 30?"); another cabin, when it names
    cabins and not the write's; other bags, for a bag write (:func:`_other_bags`); another
    reservation, when it names reservation ids and not the write's; another payment method
    (:func:`_other_method`); a cancellation instead of the write (:func:`_other_action`: "Or I
    can cancel the reservation instead."). Days in ``held`` (the trip as the conversation
    began) are no other day. None when it names none of these (the yes stands on
    the earlier listing) or each it names includes the write's own: "replacing HAT050 with
    HAT100", "HAT100 (HAT300 was full)", "economy, not business", "the 6 am flight, not the 10
    am", "moving you from May 26 to May 28", "this fare cannot be cancelled"."""
    flights = proposed_ids(last)[0]
    return (
        _other_terms(call, last, held)
        or _other_action(call, fold_lower(last), flights)
        or _asked_other(call, last, held)
    )


_LAST_SENTENCE = re.compile(r"[.!?][\"')\]]*\s+")
"""Where a sentence ends, quotes and brackets after its stop included."""


def _asked_other(
    call: CallRecord, last: str, held: frozenset[dates.Day] = frozenset()
) -> tuple[str, str] | None:
    """What the question ``last`` ends with asks about that is not ``call``'s: flights neither
    the write's nor its reservation's ("Option 1: HAT056. Option 2: HAT166. Shall I book
    HAT166?" before HAT056), travel insurance for a booking without it (not declined), a choice
    of cabins ("economy or business?"), another number of bags added, or another cabin than the
    write's (the reservation's own, the trip as it is, aside), or another payment method
    (:func:`_other_method`). The yes answers the question, not the options before it."""
    question = questions.last_question(last)
    if question is None:
        return None
    flights, _, cabins = proposed_ids(question)
    about = _flights_of(call)[0]
    reservation = reservation_before(call)
    kept = {s.flight_number for s in reservation.flights} if reservation else set()
    if flights - set(about) - kept:  # "Shall I book HAT056 and HAT166?" before HAT056 alone
        named = ", ".join(sorted(flights))
        return f"flight{'s' if len(flights) > 1 else ''} {named}", f"is about {', '.join(about)}"
    said = fold_lower(question)
    insured = call.name == "book_reservation" and call.arg("insurance") == "no"
    offered = [
        m
        for m in _INSURANCE.finditer(said)
        if not _DECLINED.search(said, max(0, m.start() - 40), m.start())
    ]
    if insured and core.put_forward(said, [(m.start(), m) for m in offered]):
        return "travel insurance", "books without it"
    days = _other_dates(call, said, held)  # "Your trip is May 28. Shall I move it to May 30?"
    if days is not None:
        return days
    # "... on your credit card. Go with the gift card?"; the question's own sentence only, not
    # an aside before it ("(Your gift card holds $50.) Shall I proceed?")
    method = _other_method(call, _LAST_SENTENCE.split(said.strip())[-1])
    if method is not None:
        return method
    # the trip as it is ("upgrade your basic economy ticket?") proposes no cabin
    offered_cabins = cabins - {reservation.cabin} if reservation else cabins
    if len(offered_cabins) > 1:  # "economy or business?": a yes picks neither
        named = " or ".join(sorted(c.replace("_", " ") for c in offered_cabins))
        return f"a choice of {named}", f"is in {str(call.arg('cabin')).replace('_', ' ')}"
    if call.name == "update_reservation_baggages" and reservation is not None:
        adding, total = _counts_added(said), call.args.get("total_baggages")
        added = Decimal(total - reservation.total_baggages) if isinstance(total, int) else None
        if adding and added not in adding:
            return f"{' or '.join(str(n) for n in sorted(adding))} bags added", f"adds {added}"
    return _other_cabin(call, offered_cabins)


def _other_terms(
    call: CallRecord, last: str, held: frozenset[dates.Day] = frozenset()
) -> tuple[str, str] | None:
    """:func:`other_proposal` but for another action: other flights, times, dates, cabin,
    bags, reservation or payment method."""
    said = fold_lower(last)
    flights, reservations, cabins = proposed_ids(last)
    return (
        _other_flights(call, flights)
        or _other_times(call, said)
        or _other_dates(call, said, held)
        or _other_cabin(call, cabins)
        or _other_bags(call, last)
        or _another_reservation(call, reservations)
        or _other_method(call, said)
    )


_OTHER_ACTIONS = ("cancel", "upgrad", "downgrad", "book", "add", "remov", "refund")
"""Stems of actions a question may offer beside the write's ("Shall I upgrade you, or cancel
the trip?")."""


_ASKED_WITH = {
    "update_reservation_baggages": ("add", "register"),
    "update_reservation_passengers": ("add",),
}
"""Verbs a question may ask to do a write by beside :data:`CONFIRMED`'s ("Shall I add it?")."""


def another_question(call: CallRecord, last: str, reply: str = "") -> str | None:
    """The question the agent's ``last`` message before the yes ends with, when it asks
    something other than going ahead with ``call`` ("Anything else I can help with?", "Is
    Olivia the only passenger?", "Should I hold off on the upgrade?"), offers another action
    beside it ("or cancel it?") or asks about a cancellation alone ("Shall I cancel it?" after
    an upgrade's listing) or asks for part of it (:data:`_ONLY`): a yes answers that
    question, not the listing before it. None
    when the message asks nothing, asks to go ahead (its own flight "instead" of another too),
    or names the write's action or flights (:func:`checkers.questions.asks_something_else`). The
    customer's ``reply`` tells which question a yes answers when a courtesy one follows a
    request to go ahead (:func:`checkers.questions.last_question`)."""
    asked = questions.last_question(last, reply)
    if asked is None:
        return None
    about, new = _flights_of(call)
    flights = proposed_ids(asked)[0]
    own, named = bool(flights & set(new or about)), bool(flights & set(about))
    stems = CONFIRMED[call.name] + _ASKED_WITH.get(call.name, ())
    other = questions.asks_something_else(asked, stems, names_own=own, names_write=named)
    offered = questions.other_action_offered(asked, stems, _OTHER_ACTIONS, reply)
    # "Shall I cancel HAT188 and book HAT056?" names the change's own flights
    alone = not (own or named) and questions.other_action_asked(asked, stems, ("cancel",))
    # "... the upgrade on HAT188 only?" before an upgrade of HAT188 and HAT207: part of it
    part = bool(flights) and _ONLY.search(fold_lower(asked)) and set(new or about) - flights
    return asked if other or offered or alone or part else None


_ONLY = re.compile(r"\b(?:only|just)\b")
"""A question narrowing the write to what it names ("... on HAT188 only?"): with some of the
write's flights unnamed, it asks for part of the write."""


def _another_reservation(call: CallRecord, named: set[str]) -> tuple[str, str] | None:
    """Another reservation: ``named`` (the ids put forward) are some and not the write's."""
    others = _other_reservations(call, named)
    if others is None:
        return None
    return f"reservation {others}", f"is on reservation {call.arg('reservation_id')}"


def other_reservation(call: CallRecord, listing: str) -> str | None:
    """The reservation ids the agent's ``listing`` names when none of them is ``call``'s
    (a listing of "Reservation K67C4W: add 1 bag" lists no bag added to THY2DG), else None; a
    listing naming no reservation id leaves the reservation to the context. The caller leaves
    out the report of an earlier write ("Done: K67C4W now has 2 bags"), which lists nothing."""
    return _other_reservations(call, proposed_ids(listing)[1])


def _other_reservations(call: CallRecord, named: set[str]) -> str | None:
    """The reservation ids ``named``, joined, when there are some and none is ``call``'s."""
    rid = call.arg("reservation_id")
    return ", ".join(sorted(named)) if rid and named and rid not in named else None


def _of_the_write(call: CallRecord, listing: str) -> str:
    """``listing`` less its clauses (cut at sentence ends, commas and parentheses) that name a
    flight or cabin neither the write's nor its reservation's and none the write puts in place
    ("(business would be $218)" beside an upgrade to economy; not "Rather than business, I'll
    upgrade you to economy for $218"): an amount said there is another option's, not the
    write's cost."""
    about, new = _flights_of(call)
    reservation = reservation_before(call)
    cabin = str(call.arg("cabin"))
    flights = set(about) | set(new)
    flights |= {s.flight_number for s in reservation.flights} if reservation else set()
    cabins = {cabin} | ({reservation.cabin} if reservation else set())
    kept = []
    for clause in re.split(r"(?<=[.;,!?()\n])|(?=[()])", listing):
        named, _, cabins_named = proposed_ids(clause)
        other = (named - flights) or (cabins_named - cabins)
        own = (named & set(new or about)) or (cabin in cabins_named)
        if own or not other:
            kept.append(clause)
    return "".join(kept)


def _cost_problem(call: CallRecord, listing: str, last: str) -> str | None:
    """The write's cost the listing does not state (None when stated, or nothing was charged
    or refunded): the total, the amount per passenger said as such, or for a split payment each
    method's own amount (:func:`~domains.airline.split_said.each_stated`); a table's cells
    and the difference from what was paid before are read as :mod:`~domains.airline.cost_said`
    reads them. A charge must not be called a refund, nor free
    (:func:`~domains.airline.cost_said.free_said`), and a write that charges nothing must not be
    said to charge (:func:`~domains.airline.cost_said.charge_said`). ``last``, the message the
    customer's yes answers, must not tie another amount to the write's own action by a verb of
    cost ("Upgrading to economy costs $99" of a charge of 218:
    :func:`checkers.charges_cost.cost_misstated`)."""
    found = _charged(call)
    own = _of_the_write(call, listing)
    if found is None or not found[1]:
        # a write that took effect and charged nothing: no charge may be said of it
        said = cost_said.charge_said(fold_lower(own)) if call.ok else None
        return None if said is None else f"no cost (they say it costs {said.text})"
    reservation, charged = found
    cost, count = abs(charged), len(reservation.passengers)
    if charged > 0:
        action = WRITE_ACTIONS.get(call.name, "")
        others = "|".join(words for name, words in WRITE_ACTIONS.items() if name != call.name)
        tied = charges_cost.cost_misstated(_of_the_write(call, last), cost, action, others)
        if tied:
            return f"its cost, {cost} (they say it costs {tied[0].text})"
        free = cost_said.free_said(fold_lower(last))
        if free is not None:
            return f"its cost, {cost} (they say it is free: {free[:60]!r})"
    own = tables.bars_blanked(fold_lower(own))  # "| Adding | 2 | $100 |"
    if call.name == "update_reservation_flights" and charged > 0:
        own = cost_said.than_before_blanked(own, cost)  # "$218 more than you paid"
    units = {kind: min(counts) for kind, counts in write_terms(call, reservation).counts.items()}
    shared = {"travellers"}
    if call.name == "update_reservation_baggages":
        del units["segments"]  # a bag's fee is for the whole trip: "$50 each" is per bag
        shared.add("bags")
    if charges.cost_stated(own, cost, units, charged > 0, frozenset(shared)):
        return None
    user_id = _payer(call)[0]

    def named(payment_id: str, part: str) -> bool:
        return _method_named(call.db_before, user_id, payment_id, part)

    if charged > 0 and split.each_stated(own, _split(call), named):
        return None  # "$100 from your gift card and the remaining $8 on your Mastercard"
    each = f" (or {cost / count} per passenger, said so)" if count > 1 else ""
    return f"its {'cost' if charged > 0 else 'refund'}, {cost}{each}"


def _confirmation(conversation: Conversation, call: CallRecord) -> core.Finding:
    """Whether ``call`` was confirmed (see the module docstring)."""
    start = core.window_start(conversation, call)
    message, reading = core.last_yes(
        conversation, call, start, CONFIRMED[call.name] + AIRLINE_WORDS
    )
    listed = [
        m.text
        for m in conversation.agent_messages
        if message is not None and start <= m.turn < message.turn
    ]
    if message is None or reading is None or not listed:
        return (
            ResultOutcome.FAIL,
            "no_explicit_yes",
            f"{call.label()} was made with no customer reply to an agent's message since the "
            "last write before it",
        )
    said = message.text
    again = core.repeat_of(conversation, call, message, _same_write)
    if again is not None:
        return (
            ResultOutcome.FAIL,
            "yes_used_twice",
            f"{call.label()} follows {again.label()}, which took effect after the same yes "
            f"{said[:60]!r}: a yes confirms one write of a tool per reservation (or booking of "
            "a trip), not a second",
        )
    if reading.consent in (consent.Consent.REFUSAL, consent.Consent.NOT_CONSENT):
        return core.not_consent(call, said, reading, 100)
    for text in (said, *_said_after(conversation, call, message)):
        other = other_details(call, fold_lower(text)) or _proposed(call, text)
        if other is not None:
            return (
                ResultOutcome.FAIL,
                "no_explicit_yes",
                f"the customer's {text[:60]!r} names {other}, which {call.label()} does not use: "
                "a yes to other details is no yes to this write",
            )
    heard = "\n".join(m.text for m in conversation.user_messages if start < m.turn <= call.turn)
    # what a listing must name is read in the sentences that propose: a supposition or a
    # sentence discouraging the write lists nothing; what contradicts it is read everywhere
    agent = core.unframed("\n".join(listed))
    listing = fold_lower(plain_ids(fold(agent)))  # flight numbers as the data writes them
    before = f"before the customer's {said[:40]!r}, the agent's messages did not"
    if not any(stem in listing for stem in CONFIRMED[call.name]):
        named = " / ".join(CONFIRMED[call.name][:4])
        what = f"name the action of {call.label()} ({named})"
        return ResultOutcome.FAIL, "action_not_listed", f"{before} {what}"
    denied = _action_denied(call, listing)
    if denied is not None:
        what = f"name the action of {call.label()} but to say it will not be done ({denied!r})"
        return ResultOutcome.FAIL, "action_not_listed", f"{before} {what}"
    # the agent's messages in the turn of the last write report that write: not a listing
    fresh = [m.text for m in conversation.agent_messages if start < m.turn < message.turn]
    others = other_reservation(call, "\n".join(fresh or listed))
    if others is not None:
        what = f"name reservation {call.arg('reservation_id')} of {call.label()}"
        return (
            ResultOutcome.FAIL,
            "details_not_listed",
            f"{before} {what}: they name only reservation{'s' if ',' in others else ''} {others}",
        )
    listing_now = fold_lower(plain_ids(fold("\n".join(fresh or listed))))
    folded = [fold_lower(plain_ids(fold(m))) for m in listed]
    missing = missing_details(call, listing, fold_lower(heard), listing_now, folded)
    if missing:
        what = f"name {', '.join(missing)} of {call.label()}"
        return ResultOutcome.FAIL, "details_not_listed", f"{before} {what}"
    held = trip_days(call, conversation.base)  # the trip as the conversation began
    elsewhere = other_proposal(call, listed[-1], held)
    if elsewhere is not None:
        named, does = elsewhere
        return (
            ResultOutcome.FAIL,
            "yes_to_another_proposal",
            f"the customer's {said[:40]!r} answers the agent's last message before it "
            f"({listed[-1][:100]!r}), which proposes {named}, while {call.label()} {does}: a yes "
            "to another proposal is no yes to this write",
        )
    question = another_question(call, listed[-1], said)
    if question is not None:
        return core.yes_to_a_question(call, said, question)
    if len(listed) > 1 and _acknowledges_news(call, listed[-1], said):
        return (
            ResultOutcome.FAIL,
            "no_explicit_yes",
            f"the customer's {said[:40]!r} acknowledges the agent's last message before it "
            f"({listed[-1][:100]!r}), which proposes nothing and asks nothing: an "
            f"acknowledgement of news is no yes to the earlier listing of {call.label()}",
        )
    last_folded = fold_lower(plain_ids(fold(listed[-1])))
    days = (
        _other_birth_dates(call, listing_now)
        or _misdated_flights(call, last_folded)
        or _other_dates(call, listing_now, held)
    )
    if days is not None:
        named, does = days
        what = f"name the days of {call.label()}: they name {named}, while it {does}"
        return ResultOutcome.FAIL, "details_not_listed", f"{before} {what}"
    people = _other_passengers(call, listing_now) or _named_beside(
        call, [plain_ids(fold(m)) for m in fresh or listed]
    )
    if people is not None:
        named, does = people
        what = f"name the passengers of {call.label()}: they name {named}, while it {does}"
        return ResultOutcome.FAIL, "details_not_listed", f"{before} {what}"
    cabins = _cabin_listed_otherwise(call, listing_now)
    if cabins is not None:
        kept = str(call.arg("cabin")).replace("_", " ")
        what = f"name the cabin {kept} that {call.label()} keeps: they name {cabins}"
        return ResultOutcome.FAIL, "details_not_listed", f"{before} {what}"
    beside = _cabin_beside(call, listing)
    if beside is not None:
        going = str(call.arg("cabin")).replace("_", " ")
        what = (
            f"name the cabin {going} of {call.label()} alone: their last word on the cabin also "
            f"offers {beside}, and a yes to a choice picks neither"
        )
        return ResultOutcome.FAIL, "details_not_listed", f"{before} {what}"
    told = _flights_said_otherwise(call, listing_now)
    if told is not None:
        named, does = told
        what = f"name the flights of {call.label()}: they say {named}, while it {does}"
        return ResultOutcome.FAIL, "details_not_listed", f"{before} {what}"
    cost = _cost_problem(call, agent, listed[-1])
    if cost is not None:
        return ResultOutcome.FAIL, "cost_not_listed", f"{before} state {cost} of {call.label()}"
    if reading.consent is consent.Consent.AMBIGUOUS:
        return core.undecided(call, said, reading)
    return ResultOutcome.PASS, "confirmed", ""


_RESTATED = {
    "book_reservation": ("book", "reserv", "purchas"),
    "update_reservation_flights": (
        "chang", "modif", "updat", "switch", "upgrad", "downgrad", "rebook", "mov",
    ),
    "update_reservation_baggages": ("add",),
    "update_reservation_passengers": ("chang", "updat", "replac"),
}  # fmt: skip
"""Per write, the stems of the verbs that do it: a negation right before one after the
action's first word denies the action ("your flights to HAT056 will not be changed")."""


def _action_denied(call: CallRecord, listing: str) -> str | None:
    """The first clause of ``listing`` (folded, lowered) naming the action of ``call`` (a stem
    of :data:`CONFIRMED`) when every such clause says it will not be done
    (:func:`checkers.confirmation.denies`, the reading orders' listings get too: "I will not
    upgrade Z7GOZK to economy class"), else None. A clause is cut at line ends and as
    :func:`checkers.status_words.clauses` cuts ("There is no change fee, and I'll upgrade you"
    denies no upgrade)."""
    stems = CONFIRMED[call.name]
    naming = []
    for line in listing.replace("'", "").split("\n"):
        for clause in status_words.clauses(line):
            starts = [clause.find(stem) for stem in stems if stem in clause]
            if starts and not core.denies(clause, starts, _RESTATED[call.name]):
                return None
            naming += [clause.strip()] if starts else []
    return naming[0][:80] if naming else None


_ACKNOWLEDGING = frozenset({
    "ok", "okay", "k", "kk", "fine", "alright", "all", "right", "sure", "great", "thanks",
    "thank", "you", "got", "it", "i", "see", "understood", "cool", "good", "oh", "ah", "well",
    "then", "that", "thats", "makes", "sense", "yes", "yeah", "yep", "sounds", "noted", "gotcha",
})  # fmt: skip
"""The words of a bare acknowledgement ("Okay, fine.", "I see, thanks.", "Got it."): a reply
made of them alone says it heard what the agent said, and goes ahead with nothing."""
_WORD = re.compile(r"[^\W\d_]+")
_MONEY = re.compile(r"\$\s*\d|\b\d[\d,.]*\s*(?:dollars?|usd)\b")
"""An amount of money: a message naming one may restate the write's cost ("That comes to $218
in total.")."""


def _acknowledges_news(call: CallRecord, last: str, said: str) -> bool:
    """Whether the customer's ``said`` only acknowledges (:data:`_ACKNOWLEDGING`) the agent's
    ``last`` message, which tells something other than the write: it names none of the write's
    action words (:data:`CONFIRMED`) and no amount, asks nothing and asks for no go-ahead ("I'm
    sorry, I can't provide weather information." then "Okay, fine."). A yes to that is no yes
    to the listing before it; a reply saying more ("Great, go ahead.", "Okay, use the credit
    card then.") is read as the rest of this check reads it."""
    words = _WORD.findall(fold_lower(said).replace("'", ""))
    if not words or not set(words) <= _ACKNOWLEDGING:
        return False
    told = fold_lower(last)
    if any(stem in told for stem in CONFIRMED[call.name]) or _MONEY.search(told):
        return False
    return "?" not in told and not questions.asks_go_ahead(last)


def _same_write(earlier: CallRecord, call: CallRecord) -> bool:
    """Whether one yes cannot confirm both ``earlier`` and ``call`` (the same tool): the same
    arguments, the same reservation (a second bag added, a second change of its flights), or,
    for bookings, the same flights (a second booking of the trip, with other bags)."""
    rid = call.arg("reservation_id")
    if earlier.args == call.args or (rid is not None and earlier.arg("reservation_id") == rid):
        return True
    return call.name == "book_reservation" and earlier.args.get("flights") == call.args.get(
        "flights"
    )


def _said_after(conversation: Conversation, call: CallRecord, yes: Message) -> list[str]:
    """What the customer said after their ``yes`` and before ``call``."""
    return [
        m.text
        for m in conversation.user_messages
        if yes.turn < m.turn <= call.turn and m.after_calls <= call.index
    ]


def _proposed(call: CallRecord, said: str) -> str | None:
    """Another flight, day, cabin, bag count or reservation the customer names beside or after
    their yes ("Yes. Book HAT166.", "Make it 3 bags.", "Add it to K67C4W."), read as
    :func:`other_proposal` reads an agent's proposal. Another action is not read: a yes may
    ask for two ("Yes, cancel the current booking and book the new one"), and one that undoes
    the proposal is no yes (:func:`checkers.consent.asks_only`)."""
    other = _other_terms(call, said)
    return None if other is None else other[0]


def _guarded(conversation: Conversation, call: CallRecord) -> core.Finding:
    """:func:`_confirmation`, unscored when the write's arguments cannot be read."""
    try:
        core.check_arguments(call, SHAPES)
        return _confirmation(conversation, call)
    except core.READ_ERRORS as error:
        return (
            ResultOutcome.UNSCORED,
            "write_unreadable",
            f"the arguments of {call.label()} cannot be read ({type(error).__name__}: "
            f"{error}), so whether they were listed cannot be judged (unscored)",
        )


@check_for(
    checks,
    REASONS,
    ConfirmedBeforeWriting,
    {
        "confirmed": "pass: every write the policy names followed the customer's explicit yes to "
        "a listing of it with its cost",
        "no_confirmed_writes": "pass: the agent attempted no write the policy asks a yes for",
        "no_explicit_yes": "fail: the customer's message before such a write was no explicit yes",
        "action_not_listed": "fail: the agent's messages before the yes did not name the action",
        "details_not_listed": "fail: they did not name a detail of the call (flight, cabin, "
        "passenger, bags, insurance, payment method), or named another date, birth date, "
        "number of bags added or cabin kept than the call's, or only another reservation",
        "cost_not_listed": "fail: they did not state what the write costs",
        "yes_to_another_proposal": "fail: the agent's last message before the yes proposed other "
        "flights (by number or by their times only), other dates of travel, another cabin, "
        "another number of bags, another reservation or another payment method than the "
        "write's, or a cancellation instead of it",
        "yes_used_twice": "fail: one yes was followed by the same write twice, or by two "
        "writes of one tool to one reservation (both took effect)",
        "ambiguous_reply": "unscored: whether the reply consents cannot be decided",
        "no_user_turns": "unscored: the transcript holds no customer message",
        "write_unreadable": "unscored: a write's arguments cannot be read",
    },
)
def check_confirmed(req: ConfirmedBeforeWriting, ctx: AirlineContext) -> RequirementResult:
    """Each attempted write of :data:`CONFIRMED` confirmed (:func:`_confirmation`). The first
    failing write decides; else the first unscored one; else every write was confirmed."""
    make, conversation = maker(req), ctx.conversation
    if not conversation.has_user_turns:
        return core.no_user_turns(make)
    # what a write that does not replay charged, so the cost to list, is unknown
    unknown = "whether it was confirmed with its cost cannot be judged"
    unreplayed = unreplayed_result(make, conversation, CONFIRMED, unknown)
    if unreplayed is not None:
        return unreplayed
    writes = [c for c in conversation.calls if c.name in CONFIRMED]
    if not writes:
        return make(
            ResultOutcome.PASS,
            "no_confirmed_writes",
            "the agent attempted no booking, flight, cabin, baggage or passenger change",
        )
    return core.decided(
        make,
        [_guarded(conversation, c) for c in writes],
        f"{each_of(len(writes), 'write')} followed the customer's explicit yes to "
        "the agent's listing of it, with its cost",
    )
