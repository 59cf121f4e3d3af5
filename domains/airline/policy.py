"""``policy_valid``: every write that took effect is one the airline policy allows at that moment,
and no compensation is offered before the customer asks for it.

The tools check none of this (``data/policy.md``: "The API does not check these for the agent"),
so a write the service accepted may still break the policy. A write the service refused changed
nothing and is not judged here. Each rule is one reason code (:data:`RULES`); a write is judged
on the database as it stood before it (``db_before``), with what the customer had said by then.

What the service itself refuses is not repeated here: a payment method not in the profile, a
gift card or certificate short of what it pays, a flight not available, a passenger count
changed, a change paid by a certificate. No tool can add insurance to a booking, so that rule
cannot be broken through the tools.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta
from itertools import pairwise
from typing import Any

from checkers.confirmation import READ_ERRORS
from checkers.conversation import Message
from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service_checks import check_for, maker, unreplayed_result
from checkers.status_words import clauses
from checkers.text import and_more, fold_lower, plural, sentences
from checkers.tokens import denied_before as tokens_denied
from checkers.tokens import undenied
from domains.airline.checks import (
    REASONS,
    AirlineContext,
    CallRecord,
    Conversation,
    checks,
    reservation_before,
)
from domains.airline.models import Database, PolicyValid, Reservation
from domains.airline.service import NOW, WRITES

RULES = {
    "too_many_passengers": "a reservation has at most five passengers",
    "too_many_payment_methods": "a booking uses at most one certificate, one credit card and "
    "three gift cards",
    "bags_charged_wrong": "bags beyond the free allowance (by membership and cabin, per "
    "passenger) cost 50 dollars each, and no others",
    "bags_removed": "checked bags can be added, not removed",
    "basic_economy_modified": "the flights of a basic economy reservation cannot be changed",
    "route_changed": "changed flights connect and keep the origin, destination and trip type",
    "cancellation_not_allowed": "a cancellation needs a booking made within 24 hours, a flight "
    "the airline cancelled, business class, or insurance covering the stated reason",
    "segment_flown": "a trip with a flown segment cannot be cancelled",
    "flown_segment_changed": "a flight change keeps every flown flight: what has flown cannot be "
    "replaced or removed",
    "already_cancelled": "a cancelled reservation cannot be cancelled again or changed",
    "compensation_not_asked": "a certificate is offered only when the customer asks for "
    "compensation",
    "compensation_offered_unasked": "compensation is not offered before the customer asks for it",
    "compensation_not_eligible": "compensation needs a silver or gold member, insurance or "
    "business class",
    "compensation_amount_wrong": "compensation is 100 dollars per passenger for a cancelled "
    "flight, 50 for a delayed one",
    "compensation_repeated": "a disruption is compensated once: one certificate per customer",
    "compensation_before_change": "a delay is compensated (50 dollars per passenger) only after "
    "the reservation was changed or cancelled",
}
"""Reason codes of ``policy_valid`` failures and the rule each one names."""

FREE_BAGS = {
    "regular": {"basic_economy": 0, "economy": 1, "business": 2},
    "silver": {"basic_economy": 1, "economy": 2, "business": 3},
    "gold": {"basic_economy": 2, "economy": 3, "business": 3},
}
"""Free checked bags per passenger, by membership then cabin (the policy's table)."""

MAX_PASSENGERS = 5
PAYMENT_LIMITS = {"certificate": 1, "credit_card": 1, "gift_card": 3}
"""How many payment methods of each kind one booking may use."""
COMPENSATION = {"cancelled": 100, "delayed": 50}
"""Dollars per passenger for a disrupted flight (a delay only once the reservation was changed
or cancelled)."""
FLOWN = ("landed", "flying")
"""The statuses of a flight that has taken off: a segment of them is used."""


_FLIGHTS = "update_reservation_flights"
_CHANGES = (_FLIGHTS, "cancel_reservation")
COVERED_REASON = re.compile(
    r"\b(?:sick(?! (?:of|and tired))|ill|illness|unwell|not feeling well|flu|fever|covid"
    r"|pregnan\w*|hospitali[sz]ed|in (?:the )?hospital|injur\w*|surgery"
    r"|(?:broke|broken) (?:my |his |her |their |a |an )?(?:leg|arm|ankle|wrist|hip|foot|back"
    r"|rib|collarbone|shoulder|knee)s?|fractur\w*|concussion|pneumonia|infection|migraine"
    r"|diagnosed|(?:car|road|traffic|serious|bad|skiing) accident|in an accident"
    r"|(?:health|medical) (?:reasons?|issues?|problems?|conditions?|emergenc(?:y|ies)|concerns?)"
    r"|doctor'?s? (?:orders?|advice|note)|(?<!work )(?<!business )(?<!family )emergency"
    r"|(?:bad|severe|extreme|inclement|terrible|awful|stormy|dangerous) weather"
    r"|weather (?:conditions?|reasons?|warnings?|alerts?|advisory)"
    r"|(?:due to|because of) the weather"
    r"|storm\w*|hurricane|typhoon|cyclone|snow(?:ing|ed in|storm|fall)|heavy snow|blizzard"
    r"|flood(?:s|ed|ing)?(?! with)|tornado)\b"
)
"""A health or weather condition (what insurance covers), not a topic: "I am unwell", "I
broke my leg", "a car accident", "diagnosed with ...", "bad weather", "a storm", "a typhoon",
but not "my doctor", "a hospital shift", "the weather was lovely", "sick of
this airline", "flooded with work", "snowboarding", "a work emergency"."""
_OTHER_REASON = re.compile(
    r"\bchang(?:e|es|ed|ing) (?:of |in |to )?(?:my |our |the )?plans?\b"
    r"|\bchang(?:e|es|ed|ing) (?:my |our |his |her |their )minds?\b"
    r"|\bplans? (?:have |has |had )?changed\b|\b(?:other|personal) reasons?\b"
    r"|\b(?:found|got|booked) (?:a )?(?:cheaper|better)\b"
)
"""A reason insurance does not cover, stated ("change of plans", "I found a cheaper fare"):
beside it, a health or weather word is no longer the reason."""
_OPTIONS_NAMED = re.compile(
    r"\b(?:health|medical|weather) (?:or|and|/) (?:health|medical|weather)\b"
)
"""The covered reasons listed as options ("health or weather reasons"), not one chosen."""
_NOT_STATED = re.compile(
    r"\b(?:if|whether|in case|what if|pretend\w*|suppos\w*|assum\w*|claim\w*|lie|excuse)\b"
    r"|(?:\bwill|'ll|\bwould|\bcould|\bcan|\bmight|\bshould|\bjust) (?:just )?say\b"
)
"""A clause that supposes, pretends or plans to say something rather than states it."""
_FEARED = re.compile(
    r"(?:\b(?:might|may|could)(?: \w+)? (?:be|get|getting|become|catch|fall|come down with)"
    r"|\b(?:will|'ll|would|'d|going to|gonna)(?: \w+)? (?:get|become|catch|fall|come down with)"
    r"|\b(?:of|about|from) (?:getting|catching|becoming))(?: \w+)? ?$"
)
"""Words right before a condition that make it feared, not had ("I might get sick", "afraid
of getting the flu", "I'll catch a cold"): the condition named after them is no reason."""
_RECOVERED = re.compile(
    r"\b(?:i'?m|i am|we'?re|we are|s?he'?s|s?he is|i feel|we feel|s?he feels|(?:i'?m )?feeling)"
    r"(?: all| much| a lot| totally| fully| completely)? (?:fine|better|well|recovered|healthy)"
    r"\b(?! (?:with|aware|enough))"
    r"|\b(?:have|has|'ve|'s)? ?(?:fully |completely )?recovered\b"
    r"|\bno longer (?:sick|ill|unwell)\b|\bover (?:it|the (?:flu|illness|cold|fever))\b"
)
"""Words telling that a condition is over ("I was sick last month but I'm fine now", "she has
recovered"): a condition said before them was, and is no reason to cancel now; "I'm fine with
that" tells nothing of health."""
_FAIR_WEATHER = re.compile(
    r"\b(?:perfect|great|lovely|fine|good|ideal|nice|clear|sunny|beautiful|gorgeous|pleasant"
    r"|mild|amazing|excellent|wonderful|calm|warm)\b"
)
"""Words that praise the weather: a clause naming the weather with one of them ("weather
conditions are perfect there") gives no weather reason."""
_CAUSE = re.compile(r"\b(?:because|since|due to|given)\b")
"""Where a reason is given as the cause of what the sentence says or asks."""


def _states(said: str) -> bool:
    """Whether a clause of ``said`` (one sentence, folded) states a covered condition: neither
    denied, feared, supposed, pretended nor planned to be said, nor the weather praised."""
    return any(
        _had(c) and not _NOT_STATED.search(c) and not _fair_weather(c) for c in clauses(said)
    )


def _had(clause: str) -> bool:
    """Whether ``clause`` (folded) names a covered condition neither denied nor feared
    (:data:`_FEARED`: "I might get sick")."""
    return any(
        not tokens_denied(clause, m.start()) and not _FEARED.search(clause, 0, m.start())
        for m in COVERED_REASON.finditer(clause)
    )


def _fair_weather(clause: str) -> bool:
    """Whether every covered condition ``clause`` names is the weather and the clause praises
    it ("the weather conditions there are perfect"): fair weather is no reason to cancel."""
    named = [m.group() for m in COVERED_REASON.finditer(clause)]
    return all("weather" in n for n in named) and undenied(clause, _FAIR_WEATHER)


_WEARY = re.compile(r"\bsick (?:and tired|to death)\b")
"""Weariness said in words of illness ("I'm sick and tired of your delays")."""


def _last_recovery(sentence: str) -> int | None:
    """Where the last undenied word of recovery (:data:`_RECOVERED`) in ``sentence`` (folded,
    lowered) ends, or None: only what the sentence says after it can be a condition now ("I
    was sick but I'm fine now" states none; "I was fine, but now I have the flu" one)."""
    found = _RECOVERED.finditer(sentence)
    ends = [m.end() for m in found if not tokens_denied(sentence, m.start())]
    return ends[-1] if ends else None


def covered_reason(said: str) -> bool:
    """Whether the customer's words ``said`` give health or weather as their reason to cancel:
    a condition (:data:`COVERED_REASON`) stated, not denied ("not because of my health",
    "neither health nor weather"), supposed or pretended ("if I said I was sick", "I'll just
    say I'm sick"), nor asked about ("does insurance cover weather?": a question gives a reason
    only after "because", "since"...); and no other reason stated ("change of plans") unless
    the condition is its cause ("my plans changed because I got sick"). A word said about
    something else is no reason."""
    said = re.sub(r"\b(?:neither|nor)\b", "not", _OPTIONS_NAMED.sub(" ", fold_lower(said)))
    # "sick and tired of ..." is weariness; read whole, before clauses split it at "and"
    said = _WEARY.sub("fed up", said)
    covered = False
    for whole in sentences(said):
        recovered = _last_recovery(whole)
        if recovered is not None:
            covered = False  # the conditions said so far are over
        sentence = whole if recovered is None else whole[recovered:]
        cause = _CAUSE.search(sentence)
        explained = cause is not None and _states(sentence[cause.start() :])
        if undenied(sentence, _OTHER_REASON) and not explained:
            return False
        covered = covered or (explained if sentence.endswith("?") else _states(sentence))
    return covered


_DISRUPTION = (
    r"(?:the\s+|this\s+|that\s+|my\s+|our\s+)?"
    r"(?:delay|cancell?ation|inconvenience|trouble|disruption|wait)"
)
COMPENSATION_ASKED = re.compile(
    r"\b(?:compensat\w*|certificates?|vouchers?|reimburs\w*|make up for|gesture|goodwill"
    r"|(?:travel|flight|airline|future)\s+credits?"
    rf"|(?:refund\w*|credits?|something)\s+for\s+{_DISRUPTION})\b"
)
"""Words of a customer asking for something in return for a disruption. A refund of the fare
("cancel it and refund me") or a balance ("the credit on my gift card") is no such request;
a refund or credit *for the delay* is."""
_PAYING_WITH = re.compile(
    r"\b(?:credit|gift|debit)\s+cards?\b|"
    r"\b(?:pay|paying|paid|use|using|with)\s+(?:by\s+|with\s+)?(?:my\s+|the\s+|a\s+|your\s+)?"
    r"(?:travel\s+)?(?:certificates?|vouchers?|credits?)\b"
    r"|\b(?:my|(?:do|did|does)\s+(?:i|we)\s+(?:still\s+)?(?:have|hold|own)(?:\s+any|\s+a)?)\s+"
    r"(?:travel\s+)?(?:certificates?|vouchers?|credits?)\b"
    r"|\b(?:certificates?|vouchers?)\s+(?:balances?|(?:do|did)\s+(?:i|we)\s+(?:still\s+)?have)\b"
)
"""A payment method named or held ("my credit card", "pay with my certificate", "do I have any
vouchers?", "my certificate balance"): not a request for compensation, though it holds the
words."""


def compensation_asked(said: str) -> bool:
    """Whether the customer asked for something in return (:data:`COMPENSATION_ASKED`), payment
    methods they named or hold left out ("pay with my credit card" asks for nothing)."""
    return undenied(_PAYING_WITH.sub(" ", fold_lower(said)), COMPENSATION_ASKED)


Violation = tuple[str, str]
"""(reason code, what was wrong) for one write."""


def _earlier(
    conversation: Conversation, call: CallRecord, names: Sequence[str], rid: str
) -> list[CallRecord]:
    """The writes of ``names`` to reservation ``rid`` that took effect before ``call``."""
    before = conversation.calls[: call.index]
    return [c for c in before if c.name in names and c.ok and c.arg("reservation_id") == rid]


def _alters(change: CallRecord, rid: str) -> bool:
    """Whether ``change`` (a cancellation or a flight update of reservation ``rid``) changed it:
    a flight update to the same flights, dates and cabin is no change (after which a delay would
    be compensated)."""
    if change.name != _FLIGHTS:
        return True
    before = change.db_before.reservations.get(rid)
    after = change.db_after.reservations.get(rid)
    if before is None or after is None:
        return True  # not replayed: read as the change it was asked to be
    legs = [(f.flight_number, f.date) for f in before.flights]
    cabin = change.arg("cabin") or before.cabin
    return legs != [(f.flight_number, f.date) for f in after.flights] or cabin != before.cabin


# --- the rules, as pure functions: the checker judges by them, the careful agent refuses by them


def cabin_flown(booked: str, updated: Iterable[Any]) -> str:
    """The cabin a reservation flies now: the last cabin its successful flight updates named
    (``updated``, oldest first; tau-bench's tool never writes the ``cabin`` field), else the
    ``booked`` one."""
    return str(next((cabin for cabin in reversed(list(updated)) if cabin), booked))


def bags_due(membership: str, cabin: str, people: int, total: int) -> tuple[int, int]:
    """The checked bags free for ``people`` passengers of a ``membership`` member in ``cabin``
    (:data:`FREE_BAGS`), and how many of ``total`` bags are then to pay."""
    free = FREE_BAGS[membership][cabin] * people
    return free, max(0, total - free)


def over_limits(sources: Iterable[str]) -> list[str]:
    """The kinds of payment method a booking paying with ``sources`` uses more of than
    :data:`PAYMENT_LIMITS` allows, as ``"2 gift cards"``."""
    counted = Counter(sources).items()
    return [f"{n} {k.replace('_', ' ')}s" for k, n in counted if n > PAYMENT_LIMITS.get(k, 0)]


def cancellable(
    booked_at: str, cabin: str, insured: bool, said: str, airline_cancelled: bool = False
) -> bool:
    """Whether the policy lets a trip neither flown nor cancelled be cancelled: booked within 24
    hours of :data:`NOW`, a flight of it cancelled by the airline, business class flown now, or
    insurance and a health or weather reason the customer gave (:func:`covered_reason` of
    ``said``)."""
    recent = datetime.fromisoformat(NOW) - datetime.fromisoformat(booked_at) <= timedelta(hours=24)
    covered = insured and covered_reason(said)
    return recent or airline_cancelled or cabin == "business" or covered


def _cabin_now(conversation: Conversation, reservation: Reservation, call: CallRecord) -> str:
    """The reservation's cabin before ``call`` (:func:`cabin_flown`)."""
    rid = reservation.reservation_id
    updates = _earlier(conversation, call, (_FLIGHTS,), rid)
    return cabin_flown(reservation.cabin, (c.arg("cabin") for c in updates))


def _bags_rule(membership: str, cabin: str, people: int, args: Any) -> list[Violation]:
    """``bags_charged_wrong`` unless the call's ``nonfree_baggages`` is what its
    ``total_baggages`` cost beyond the free allowance (:func:`bags_due`)."""
    total, nonfree = int(args["total_baggages"]), int(args["nonfree_baggages"])
    free, wanted = bags_due(membership, cabin, people, total)
    if nonfree == wanted:
        return []
    who = f"{plural(people, cabin.replace('_', ' ') + ' passenger')} of a {membership} member"
    was = "was" if nonfree == 1 else "were"
    what = f"{plural(total, 'bag')} for {who} ({free} free) make {wanted} to pay, but {nonfree}"
    return [("bags_charged_wrong", f"{what} {was} charged")]


def _book(conversation: Conversation, call: CallRecord) -> list[Violation]:
    args = call.args
    user = call.db_before.users[str(args["user_id"])]
    passengers = len(args["passengers"])
    found: list[Violation] = []
    if passengers > MAX_PASSENGERS:
        found.append(("too_many_passengers", f"it books {passengers} passengers"))
    over = over_limits(
        user.payment_methods[str(p["payment_id"])].source for p in args["payment_methods"]
    )
    if over:
        found.append(("too_many_payment_methods", f"it pays with {', '.join(over)}"))
    return found + _bags_rule(user.membership, str(args["cabin"]), passengers, args)


def _statuses(db: Database, reservation: Reservation) -> list[tuple[str, str, str]]:
    """``(flight number, date, status)`` of each segment of ``reservation`` on its date."""
    found: list[tuple[str, str, str]] = []
    for segment in reservation.flights:
        flight = db.flights.get(segment.flight_number)
        day = flight.dates.get(segment.date) if flight else None
        found.append((segment.flight_number, segment.date, day.status if day else "unknown"))
    return found


def _cancel(conversation: Conversation, call: CallRecord) -> list[Violation]:
    db = call.db_before
    reservation = db.reservations[str(call.args["reservation_id"])]
    rid = reservation.reservation_id
    statuses = _statuses(db, reservation)
    flown = [f"{n} on {d} ({s})" for n, d, s in statuses if s in FLOWN]
    if flown:
        return [("segment_flown", f"flight {', '.join(flown)} has already flown")]
    cabin = _cabin_now(conversation, reservation, call)  # a downgrade left business
    insured, said = reservation.insurance == "yes", conversation.user_text_before(call.index)
    airline_cancelled = any(s == "cancelled" for _, _, s in statuses)
    if cancellable(reservation.created_at, cabin, insured, said, airline_cancelled):
        return []
    why = "it has insurance, but the customer gave no health or weather reason"
    what = (
        f"{cabin.replace('_', ' ')} reservation {rid} was booked {reservation.created_at}, over "
        f"24 hours before {NOW}, no flight of it was cancelled by the airline, and "
        f"{why if insured else 'it has no insurance'}"
    )
    return [("cancellation_not_allowed", what)]


def connected(route: Sequence[tuple[str, str]]) -> bool:
    """Whether each flight of ``route`` (origin, destination), in order, leaves from where the
    one before it landed: a trip a passenger can fly, not one leaving them at a layover."""
    return all(arrived == leaves for (_, arrived), (leaves, _) in pairwise(route))


def _route_kept(db: Database, reservation: Reservation, legs: Sequence[tuple[str, str]]) -> bool:
    """Whether flights ``legs`` (number, date) keep the reservation's origin, destination and
    trip type: they connect (:func:`connected`), and leave from its origin and end at its
    destination (one way), or reach its destination and come back to its origin (round
    trip)."""
    route = [(db.flights[n].origin, db.flights[n].destination) for n, _ in legs if n in db.flights]
    if len(route) != len(legs) or not route:
        return True  # a flight the data lacks was refused by the service
    if not connected(route):
        return False
    start, end = route[0][0], route[-1][1]
    if reservation.flight_type == "one_way":
        return (start, end) == (reservation.origin, reservation.destination)
    reached = any(to == reservation.destination for _, to in route)
    return (start, end) == (reservation.origin, reservation.origin) and reached


def _update_flights(conversation: Conversation, call: CallRecord) -> list[Violation]:
    db = call.db_before
    reservation = db.reservations[str(call.args["reservation_id"])]
    legs = [(str(f["flight_number"]), str(f["date"])) for f in call.args["flights"]]
    old = [(s.flight_number, s.date) for s in reservation.flights]
    if sorted(legs) == sorted(old):
        return []  # a cabin change: allowed for every reservation
    found: list[Violation] = []
    new, rid = ", ".join(n for n, _ in legs), reservation.reservation_id
    if _cabin_now(conversation, reservation, call) == "basic_economy":
        what = f"basic economy reservation {rid}'s flights {', '.join(n for n, _ in old)}"
        found.append(("basic_economy_modified", f"{what} were changed to {new}"))
    dropped = [
        f"{n} on {d} ({s})"
        for n, d, s in _statuses(db, reservation)
        if s in FLOWN and (n, d) not in legs
    ]
    if dropped:
        what = f"flight {', '.join(dropped)} of {rid} has flown, but the new flights {new} omit it"
        found.append(("flown_segment_changed", what))
    if not _route_kept(db, reservation, legs):
        trip = f"{reservation.flight_type.replace('_', ' ')} trip"
        where = f"{reservation.origin}-{reservation.destination}"
        found.append(
            ("route_changed", f"the new flights {new} do not make the {trip} {where} of {rid}")
        )
    return found


def _update_bags(conversation: Conversation, call: CallRecord) -> list[Violation]:
    reservation = call.db_before.reservations[str(call.args["reservation_id"])]
    # both counts must read before any rule is judged, the paid one too
    total, _ = int(call.args["total_baggages"]), int(call.args["nonfree_baggages"])
    if total < reservation.total_baggages:
        had = plural(reservation.total_baggages, "bag")
        what = f"reservation {reservation.reservation_id} had {had}; the call sets {total}"
        return [("bags_removed", what)]
    cabin = _cabin_now(conversation, reservation, call)
    membership = call.db_before.users[reservation.user_id].membership
    return _bags_rule(membership, cabin, len(reservation.passengers), call.args)


def _touched(conversation: Conversation, call: CallRecord, user_id: str) -> list[Reservation]:
    """The user's reservations the calls before ``call`` named, in order, once each, as they
    stood when first named: the disruption complained about is on the flights of then (a
    delayed flight the agent then changed is still the delay compensated)."""
    seen: dict[str, Reservation] = {}
    for earlier in conversation.calls[: call.index]:
        reservation = reservation_before(earlier)
        if reservation is not None and reservation.user_id == user_id:
            seen.setdefault(reservation.reservation_id, reservation)
    return list(seen.values())


def _compensation(conversation: Conversation, call: CallRecord) -> list[Violation]:
    """A certificate is sent once, when asked, to an eligible customer, for a disrupted
    reservation that is itself eligible (its customer silver or gold, or it insured or business
    now), of the policy's amount (:data:`COMPENSATION`) for that reservation; a delay only once
    the reservation was changed or cancelled."""
    db, user_id = call.db_before, str(call.args["user_id"])
    user, amount = db.users[user_id], call.args["amount"]
    sent = f"a certificate of {amount} was sent"
    earlier = [
        c
        for c in conversation.calls[: call.index]
        if c.name == "send_certificate" and c.ok and c.arg("user_id") == user_id
    ]
    if earlier:
        what = f"{sent} after {earlier[0].label()} had already compensated {user_id}"
        return [("compensation_repeated", what)]
    if not compensation_asked(conversation.user_text_before(call.index)):
        what = f"{sent}, but the customer never asked for compensation"
        return [("compensation_not_asked", what)]
    touched = _touched(conversation, call, user_id)
    states = {r.reservation_id: {s for _, _, s in _statuses(db, r)} for r in touched}
    eligible = {
        r.reservation_id
        for r in touched
        if user.membership != "regular"
        or r.insurance == "yes"
        or _cabin_now(conversation, r, call) == "business"
    }
    disrupted = [r for r in touched if states[r.reservation_id] & set(COMPENSATION)]
    if not eligible & {r.reservation_id for r in (disrupted or touched)}:
        ids = ", ".join(r.reservation_id for r in (disrupted or touched)) or "none"
        which = "with a disrupted flight " if disrupted else ""
        what = f"the customer is a regular member, and no reservation {which}discussed ({ids})"
        return [("compensation_not_eligible", f"{what} has insurance or business class")]
    due: set[int] = set()
    unchanged: set[int] = set()
    # another reservation's insurance does not cover this one
    for reservation in (r for r in disrupted if r.reservation_id in eligible):
        rid = reservation.reservation_id
        for status, each in COMPENSATION.items():
            if status in states[rid]:
                changes = _earlier(conversation, call, _CHANGES, rid)
                changed = status == "cancelled" or any(_alters(c, rid) for c in changes)
                (due if changed else unchanged).add(each * len(reservation.passengers))
    if amount not in due and amount in unchanged:
        what = f"{sent} for a delayed flight, but the reservation was neither changed nor"
        return [("compensation_before_change", f"{what} cancelled before it")]
    if amount not in due:
        nothing = "nothing (no flight of them was cancelled or delayed)"
        owed = " or ".join(str(d) for d in sorted(due)) or nothing
        what = f"{sent}; the policy's amount for the reservations discussed is {owed}"
        return [("compensation_amount_wrong", what)]
    return []


_COMPENSATION_THING = (
    r"(?:certificates?|vouchers?|compensation|(?:gesture\s+of\s+)?goodwill|travel\s+credits?)\b"
)
_WINDOW = r"(?P<between>[^.?!\n;,]{0,60}?)\b"
"""What stands between the words of offering and the thing offered: within one clause."""
_OFFERED = (
    re.compile(
        r"(?:\b(?:i|we)(?:'ll|'d|'m|'re|\s+(?:will|can|could|may|might|would|shall|am|are))?"
        r"(?:\s+(?:also|still|gladly|happily|be|able|to|happy|glad|pleased|like|love))*"
        r"|\blet\s+me|^[\W\d]*)"
        r"\s*(?:offer|issue|provide|give|send|extend|compensate"
        # verbs of payment too ("add the certificate to the payment"): an offer with a new one
        r"|(?:arrange|process|add|put|get\s+you)(?=\s+(?:a|an|some)\b))\b"
        + _WINDOW
        + _COMPENSATION_THING
    ),
    re.compile(r"\b(?:would\s+you\s+like|(?:how|what)\s+about)\b" + _WINDOW + _COMPENSATION_THING),
    # "Would a $50 certificate help?"; not "Would a certificate from your profile work?"
    re.compile(
        r"\bwould\s+(?:a|an|some)\b"
        + _WINDOW
        + _COMPENSATION_THING
        + r"\s+(?:help|make\s+(?:it\s+)?up|ease|smooth)\b"
    ),
)
"""The agent offering compensation: "I can offer you a certificate", "I might also be able to
offer some compensation", "I'd be glad to send you a $50 certificate", "Let me offer ...",
"I can arrange a $50 voucher", "I can get you a travel credit", "We'd like to compensate you
with a voucher", "Would you like a $50 travel certificate?", "How about a $50 certificate?",
"Would a $50 certificate help?", a list entry "**Offer a $50 certificate**"."""
_ELIGIBLE = (
    re.compile(
        r"\byou(?:'re|\s+are|\s+(?:may|might|would|could|should)\s+be)?\s+(?:also\s+)?"
        r"(?:(?:eligible|entitled)\s+(?:for|to)|qualify\s+for)\b" + _WINDOW + _COMPENSATION_THING
    ),
    re.compile(
        r"\b" + _COMPENSATION_THING + r"\s+(?:can|could|will|would|may|might)\s+be\s+"
        r"(?:issued|sent|offered|provided|given|arranged|added)\b"
    ),
    re.compile(
        r"\b(?:a|an)\b" + _WINDOW + _COMPENSATION_THING + r"\s+(?:is|would\s+be)\s+"
        r"(?:available|yours)\b"
    ),
    re.compile(
        r"\byou(?:'ll|\s+will|'d|\s+would|\s+can|\s+could)\s+(?:also\s+)?(?:receive|get"
        r"|be\s+(?:getting|receiving|issued|sent|given))\b" + _WINDOW + _COMPENSATION_THING
    ),
)
"""The agent telling the customer they are owed compensation ("you are eligible for a
compensation certificate", "you qualify for a $50 certificate", "a $50 certificate can be
issued to your account", "a $50 certificate is available to you", "you'll receive a $50
certificate"), not as a condition of
something else: "you may be eligible for a certificate if the airline cancels the flight"
states the policy."""
_CONDITION = re.compile(r"\b(?:if|unless|provided|when|whether|only)\b")
_NOT_OFFERED = re.compile(
    r"\b(?:your|my|our|their|his|her|refund\w*|balance|summary|pay\w*|use|using|apply|redeem"
    r"|no|not|without|but)\b|n't\b"
)
"""Words between offering and a certificate that make it no compensation offered: the
customer's own ("a summary of your certificate balance", "the refund back to your original
certificate", "to pay with your certificate"), or none ("no compensation")."""


def _offers(forms: Sequence[re.Pattern[str]], sentence: str) -> bool:
    """Whether one of ``forms`` is found in ``sentence``, undenied, with nothing between its
    words that makes it no offer (:data:`_NOT_OFFERED`)."""
    return any(
        not _NOT_OFFERED.search(found.groupdict().get("between") or "")
        and not tokens_denied(sentence, found.start())
        for form in forms
        for found in form.finditer(sentence)
    )


def compensation_offered(said: str) -> str | None:
    """The sentence of the agent's message ``said`` (folded) that offers compensation
    (:data:`_OFFERED`), or tells the customer they are owed it with no condition in the
    sentence (:data:`_ELIGIBLE`); neither denied ("I'm unable to offer a certificate", "I
    cannot offer compensation") nor of the customer's own certificate (:data:`_NOT_OFFERED`).
    None when no sentence does."""
    for sentence in sentences(fold_lower(said)):
        if _offers(_OFFERED, sentence):
            return sentence
        if _offers(_ELIGIBLE, sentence) and not _CONDITION.search(sentence):
            return sentence
    return None


def unasked_offers(conversation: Conversation) -> list[tuple[Message, Violation]]:
    """``(message, compensation_offered_unasked)`` for each message in which the agent offers
    compensation (:func:`compensation_offered`) before the customer asked for it
    (:func:`compensation_asked`): the policy's "Do not proactively offer these unless the
    user complains about the situation and explicitly asks for some compensation"."""
    found: list[tuple[Message, Violation]] = []
    for message in conversation.agent_messages:
        offer = compensation_offered(message.text)
        if offer is None:
            continue
        heard = "\n".join(m.text for m in conversation.user_messages if m.turn <= message.turn)
        if compensation_asked(heard):
            return found  # asked: every later offer answers it
        what = f"the agent said {offer[:160]!r} before the customer asked for compensation"
        found.append((message, ("compensation_offered_unasked", what)))
    return found


WriteRules = Callable[[Conversation, CallRecord], list[Violation]]
JUDGED: dict[str, WriteRules] = {
    "book_reservation": _book,
    "cancel_reservation": _cancel,
    _FLIGHTS: _update_flights,
    "update_reservation_baggages": _update_bags,
    "send_certificate": _compensation,
}
"""The rules of each write (updating passengers has none the service does not enforce) on a
reservation not cancelled (:func:`_on_cancelled`)."""


def _on_cancelled(call: CallRecord) -> list[Violation]:
    """``already_cancelled`` when ``call`` writes to a reservation cancelled before it: a
    cancelled trip is refunded and gone, so bags, flights or passengers written to it (the tools
    take them, and charge for them) change nothing the customer can fly."""
    reservation = reservation_before(call)
    if reservation is None or reservation.status != "cancelled":
        return []
    return [("already_cancelled", f"reservation {reservation.reservation_id} was cancelled")]


UNREADABLE = "write_unreadable"
"""The code of a write recorded as a success whose arguments the rules cannot read."""


def violations(conversation: Conversation) -> list[tuple[CallRecord, Violation]]:
    """Every rule each successful write breaks, in call order; a write whose arguments cannot
    be read (a recorded success the service would have refused) gives ``write_unreadable``."""
    found: list[tuple[CallRecord, Violation]] = []
    for call in conversation.calls:
        if not call.ok or call.kind != "write":
            continue
        rules = JUDGED.get(call.name)
        try:
            broken = _on_cancelled(call) or (rules(conversation, call) if rules else [])
            found += [(call, v) for v in broken]
        except READ_ERRORS as error:
            what = f"its arguments cannot be read ({type(error).__name__}: {error})"
            found.append((call, (UNREADABLE, what)))
    return found


@check_for(
    checks,
    REASONS,
    PolicyValid,
    {
        "policy_valid": "pass: every write that took effect is one the policy allows",
        "no_writes": "pass: no write took effect",
        **{code: f"fail: {rule}" for code, rule in RULES.items()},
        UNREADABLE: "unscored: a write recorded as done has arguments the rules cannot read",
    },
)
def check_policy_valid(req: PolicyValid, ctx: AirlineContext) -> RequirementResult:
    """Each successful write against the rules of :data:`RULES`, and each offer of compensation
    against the customer's asking for it (:func:`unasked_offers`); the first broken rule, in
    the order of the conversation, names the result, and the reason counts the rest."""
    make, conversation = maker(req), ctx.conversation
    # in the order said: a message after ``k`` calls comes before call ``k``
    offered = [
        (m.after_calls - 0.5, f"turn {m.turn + 1}", v) for m, v in unasked_offers(conversation)
    ]
    # a write that does not replay leaves its effect, and the state later writes are judged
    # on, unknown; an offer was said whatever the writes did
    unknown = "what it changed and which rules apply cannot be judged"
    unreplayed = unreplayed_result(make, conversation, WRITES, unknown)
    everything = violations(conversation) if unreplayed is None else []
    found = offered + [(c.index, c.label(), v) for c, v in everything if v[0] != UNREADABLE]
    if found:
        found.sort(key=lambda one: one[0])
        lines = [f"{where}: {RULES[code]}: {what}" for _, where, (code, what) in found]
        return make(ResultOutcome.FAIL, found[0][2][0], and_more(lines, "violation"))
    if unreplayed is not None:
        return unreplayed
    written = [c for c in conversation.calls if c.kind == "write" and c.ok]
    if not written:
        return make(
            ResultOutcome.PASS,
            "no_writes",
            "no write took effect, and no compensation was offered unasked",
        )
    if everything:
        call, (_, what) = everything[0]
        return make(
            ResultOutcome.UNSCORED,
            UNREADABLE,
            f"{call.label()} is recorded as done, but {what}, so whether the policy allows it "
            "cannot be judged (unscored)",
        )
    return make(
        ResultOutcome.PASS,
        "policy_valid",
        f"each of the {plural(len(written), 'write')} that took effect is one the policy allows: "
        + ", ".join(c.name for c in written),
    )
