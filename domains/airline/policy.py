"""``policy_valid``: every write that took effect is one the airline policy allows at that moment.

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
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service_checks import check_for, maker, unreplayed_writes
from checkers.text import and_more, fold_lower, plural
from domains.airline.checks import REASONS, AirlineContext, CallRecord, Conversation, checks
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
    "route_changed": "changed flights keep the origin, destination and trip type",
    "cancellation_not_allowed": "a cancellation needs a booking made within 24 hours, a flight "
    "the airline cancelled, business class, or insurance covering the stated reason",
    "segment_flown": "a trip with a flown segment cannot be cancelled",
    "already_cancelled": "a cancelled reservation cannot be cancelled again",
    "compensation_not_asked": "a certificate is offered only when the customer asks for "
    "compensation",
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
COVERED_REASON = re.compile(
    r"\b(?:health|medical|sick|ill|illness|unwell|not feeling well|flu|fever|covid|pregnan\w*|"
    r"hospital\w*|injur\w*|surgery|doctor|emergency|"
    r"weather|storm\w*|hurricane|snow\w*|blizzard|flood\w*|tornado)\b"
)
"""What the customer says when the reason to cancel is health or weather (what insurance
covers)."""
_DENIED_BEFORE = re.compile(r"(?:\bnot|n't|\bno|\bnever|\bnothing|\bwithout|\bnone)\b[^.;!?]*$")
"""A negation earlier in the clause: "I'm not sick", "nothing to do with my health"."""
_CLAUSE_START = re.compile(
    r".*(?:[.;!?,:]|\bbut\b|\bjust\b|\bbecause\b|\bsince\b|\bas\b|\bdue to\b)", re.DOTALL
)
COMPENSATION_ASKED = re.compile(
    r"\b(?:compensat\w*|certificate|voucher|credit|reimburs\w*|refund\w*|make up for|"
    r"gesture|goodwill)\b"
)
"""Words of a customer asking for something in return for a disruption."""
_PAYING_WITH = re.compile(
    r"\b(?:credit|gift|debit)\s+cards?\b|"
    r"\b(?:pay|paying|paid|use|using|with)\s+(?:by\s+|with\s+)?(?:my\s+|the\s+|a\s+|your\s+)?"
    r"(?:travel\s+)?(?:certificates?|vouchers?|credits?)\b"
)
"""A payment method named ("my credit card", "pay with my certificate"): not a request for
compensation, though it holds the words."""


def reason_given(said: str, words: re.Pattern[str]) -> bool:
    """Whether ``said`` (folded, lowered) holds a match of ``words`` that its own clause does
    not deny: "I am unwell" gives a health reason, "I'm not sick, plans changed" does not."""
    for match in words.finditer(said):
        before = said[max(0, match.start() - 60) : match.start()]
        clause = _CLAUSE_START.sub("", before)
        if not _DENIED_BEFORE.search(clause):
            return True
    return False


def compensation_asked(said: str) -> bool:
    """Whether the customer asked for something in return (:data:`COMPENSATION_ASKED`), payment
    methods they named left out ("pay with my credit card" asks for nothing)."""
    return reason_given(_PAYING_WITH.sub(" ", said), COMPENSATION_ASKED)


Violation = tuple[str, str]
"""(reason code, what was wrong) for one write."""


def _said(conversation: Conversation, call: CallRecord) -> str:
    return fold_lower(conversation.user_text_before(call.index))


def _free_bags(db: Database, reservation: Reservation, cabin: str) -> int:
    membership = db.users[reservation.user_id].membership
    return FREE_BAGS[membership][cabin] * len(reservation.passengers)


def _cabin_now(conversation: Conversation, reservation: Reservation, before: int) -> str:
    """The reservation's cabin before call ``before``: the cabin of its last successful flight
    update (tau-bench's tool never writes the ``cabin`` field), else the booked one."""
    updates = [
        c.arg("cabin")
        for c in conversation.calls[:before]
        if c.name == "update_reservation_flights"
        and c.ok
        and c.arg("reservation_id") == reservation.reservation_id
    ]
    return next((u for u in reversed(updates) if u), reservation.cabin)


def _bags_rule(total: int, nonfree: int, free: int, who: str) -> list[Violation]:
    wanted = max(0, total - free)
    if nonfree == wanted:
        return []
    return [
        (
            "bags_charged_wrong",
            f"{plural(total, 'bag')} for {who} ({free} free) make {wanted} to pay, but "
            f"{nonfree} {'was' if nonfree == 1 else 'were'} charged",
        )
    ]


def _book(conversation: Conversation, call: CallRecord) -> list[Violation]:
    db, args = call.db_before, call.args
    user = db.users[str(args["user_id"])]
    passengers = len(args["passengers"])
    found: list[Violation] = []
    if passengers > MAX_PASSENGERS:
        found.append(("too_many_passengers", f"it books {passengers} passengers"))
    kinds = Counter(
        user.payment_methods[str(p["payment_id"])].source for p in args["payment_methods"]
    )
    over = [f"{n} {k.replace('_', ' ')}s" for k, n in kinds.items() if n > PAYMENT_LIMITS[k]]
    if over:
        found.append(("too_many_payment_methods", f"it pays with {', '.join(over)}"))
    cabin = str(args["cabin"])
    free = FREE_BAGS[user.membership][cabin] * passengers
    seats = plural(passengers, cabin.replace("_", " ") + " passenger")
    who = f"{seats} of a {user.membership} member"
    found += _bags_rule(int(args["total_baggages"]), int(args["nonfree_baggages"]), free, who)
    return found


def _segments_status(db: Database, reservation: Reservation) -> list[tuple[str, str, str]]:
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
    if reservation.status == "cancelled":
        return [("already_cancelled", f"reservation {reservation.reservation_id} was cancelled")]
    statuses = _segments_status(db, reservation)
    flown = [f"{n} on {d} ({s})" for n, d, s in statuses if s in ("landed", "flying")]
    if flown:
        return [("segment_flown", f"flight {', '.join(flown)} has already flown")]
    booked = datetime.fromisoformat(reservation.created_at)
    if datetime.fromisoformat(NOW) - booked <= timedelta(hours=24):
        return []
    cabin = _cabin_now(conversation, reservation, call.index)  # a downgrade left business
    if any(s == "cancelled" for _, _, s in statuses) or cabin == "business":
        return []
    said = _said(conversation, call)
    if reservation.insurance == "yes" and reason_given(said, COVERED_REASON):
        return []
    why = (
        "it has insurance, but the customer gave no health or weather reason"
        if reservation.insurance == "yes"
        else "it has no insurance"
    )
    return [
        (
            "cancellation_not_allowed",
            f"{cabin.replace('_', ' ')} reservation {reservation.reservation_id} "
            f"was booked {reservation.created_at}, over 24 hours before {NOW}, no flight of it "
            f"was cancelled by the airline, and {why}",
        )
    ]


def _route_kept(db: Database, reservation: Reservation, legs: Sequence[tuple[str, str]]) -> bool:
    """Whether flights ``legs`` (number, date) keep the reservation's origin, destination and
    trip type: they leave from its origin and end at its destination (one way), or reach its
    destination and come back to its origin (round trip)."""
    route = [(db.flights[n].origin, db.flights[n].destination) for n, _ in legs if n in db.flights]
    if len(route) != len(legs) or not route:
        return True  # a flight the data lacks was refused by the service
    start, end = route[0][0], route[-1][1]
    if reservation.flight_type == "one_way":
        return (start, end) == (reservation.origin, reservation.destination)
    reached = any(to == reservation.destination for _, to in route)
    return (start, end) == (reservation.origin, reservation.origin) and reached


def _legs(value: Any) -> list[tuple[str, str]]:
    return [(str(f["flight_number"]), str(f["date"])) for f in value]


def _update_flights(conversation: Conversation, call: CallRecord) -> list[Violation]:
    db = call.db_before
    reservation = db.reservations[str(call.args["reservation_id"])]
    legs = _legs(call.args["flights"])
    old = [(s.flight_number, s.date) for s in reservation.flights]
    if sorted(legs) == sorted(old):
        return []  # a cabin change: allowed for every reservation
    found: list[Violation] = []
    cabin = _cabin_now(conversation, reservation, call.index)
    if cabin == "basic_economy":
        found.append(
            (
                "basic_economy_modified",
                f"basic economy reservation {reservation.reservation_id}'s flights "
                f"{', '.join(n for n, _ in old)} were changed to {', '.join(n for n, _ in legs)}",
            )
        )
    if not _route_kept(db, reservation, legs):
        trip = reservation.flight_type.replace("_", " ")
        found.append(
            (
                "route_changed",
                f"the new flights {', '.join(n for n, _ in legs)} do not make the {trip} trip "
                f"{reservation.origin}-{reservation.destination} of {reservation.reservation_id}",
            )
        )
    return found


def _update_bags(conversation: Conversation, call: CallRecord) -> list[Violation]:
    db = call.db_before
    reservation = db.reservations[str(call.args["reservation_id"])]
    total, nonfree = int(call.args["total_baggages"]), int(call.args["nonfree_baggages"])
    if total < reservation.total_baggages:
        return [
            (
                "bags_removed",
                f"reservation {reservation.reservation_id} had "
                f"{plural(reservation.total_baggages, 'bag')}; the call sets {total}",
            )
        ]
    cabin = _cabin_now(conversation, reservation, call.index)
    membership = db.users[reservation.user_id].membership
    who = (
        f"{plural(len(reservation.passengers), cabin.replace('_', ' ') + ' passenger')} of a "
        f"{membership} member"
    )
    return _bags_rule(total, nonfree, _free_bags(db, reservation, cabin), who)


def _touched(conversation: Conversation, call: CallRecord, user_id: str) -> list[Reservation]:
    """The user's reservations the calls before ``call`` named, in order, once each, as they
    stood when first named: the disruption complained about is on the flights of then (a
    delayed flight the agent then changed is still the delay compensated)."""
    seen: dict[str, Reservation] = {}
    for earlier in conversation.calls[: call.index]:
        key = earlier.arg("reservation_id") or ""
        reservation = earlier.db_before.reservations.get(key)
        if reservation is not None and reservation.user_id == user_id and key not in seen:
            seen[key] = reservation
    return list(seen.values())


def _changed_before(conversation: Conversation, call: CallRecord, reservation_id: str) -> bool:
    """Whether a flight change or a cancellation of ``reservation_id`` took effect before
    ``call``."""
    return any(
        c.ok
        and c.name in ("update_reservation_flights", "cancel_reservation")
        and c.arg("reservation_id") == reservation_id
        for c in conversation.calls[: call.index]
    )


def _compensation(conversation: Conversation, call: CallRecord) -> list[Violation]:
    """A certificate is sent once, when asked, to an eligible customer, for a disrupted
    reservation that is itself eligible (its customer silver or gold, or it insured or business
    now), of the policy's amount for that reservation."""
    db = call.db_before
    user_id = str(call.args["user_id"])
    user = db.users[user_id]
    amount = call.args["amount"]
    earlier = [
        c
        for c in conversation.calls[: call.index]
        if c.name == "send_certificate" and c.ok and c.arg("user_id") == user_id
    ]
    if earlier:
        return [
            (
                "compensation_repeated",
                f"a certificate of {amount} was sent after {earlier[0].label()} had already "
                f"compensated {user_id}",
            )
        ]
    if not compensation_asked(_said(conversation, call)):
        return [
            (
                "compensation_not_asked",
                f"a certificate of {amount} was sent, but the customer never asked for "
                "compensation",
            )
        ]
    touched = _touched(conversation, call, user_id)

    def eligible(reservation: Reservation) -> bool:
        cabin = _cabin_now(conversation, reservation, call.index)
        return user.membership != "regular" or reservation.insurance == "yes" or cabin == "business"

    disrupted = [
        r for r in touched if {s for _, _, s in _segments_status(db, r)} & {"cancelled", "delayed"}
    ]
    if not any(eligible(r) for r in (disrupted or touched)):
        return [
            (
                "compensation_not_eligible",
                f"the customer is a regular member, and no reservation "
                f"{'with a disrupted flight ' if disrupted else ''}discussed "
                f"({', '.join(r.reservation_id for r in (disrupted or touched)) or 'none'}) has "
                "insurance or business class",
            )
        ]
    due: set[int] = set()
    unchanged: set[int] = set()
    for reservation in disrupted:
        if not eligible(reservation):
            continue  # another reservation's insurance does not cover this one
        states = {s for _, _, s in _segments_status(db, reservation)}
        count = len(reservation.passengers)
        if "cancelled" in states:
            due.add(100 * count)
        if "delayed" in states:  # only once the reservation was changed or cancelled
            changed = _changed_before(conversation, call, reservation.reservation_id)
            (due if changed else unchanged).add(50 * count)
    if amount not in due and amount in unchanged:
        return [
            (
                "compensation_before_change",
                f"a certificate of {amount} was sent for a delayed flight, but the reservation "
                "was neither changed nor cancelled before it",
            )
        ]
    if amount not in due:
        owed = " or ".join(str(d) for d in sorted(due)) or (
            "nothing (no flight of them was cancelled or delayed)"
        )
        return [
            (
                "compensation_amount_wrong",
                f"a certificate of {amount} was sent; the policy's amount for the reservations "
                f"discussed is {owed}",
            )
        ]
    return []


WriteRules = Callable[[Conversation, CallRecord], list[Violation]]
JUDGED: dict[str, WriteRules] = {
    "book_reservation": _book,
    "cancel_reservation": _cancel,
    "update_reservation_flights": _update_flights,
    "update_reservation_baggages": _update_bags,
    "send_certificate": _compensation,
}
"""The rules of each write (updating passengers has none the service does not enforce)."""


UNREADABLE = "write_unreadable"
"""The code of a write recorded as a success whose arguments the rules cannot read."""


def violations(conversation: Conversation) -> list[tuple[CallRecord, Violation]]:
    """Every rule each successful write breaks, in call order; a write whose arguments cannot
    be read (a recorded success the service would have refused) gives ``write_unreadable``."""
    found: list[tuple[CallRecord, Violation]] = []
    for call in conversation.calls:
        if not call.ok or call.name not in JUDGED:
            continue
        try:
            found += [(call, v) for v in JUDGED[call.name](conversation, call)]
        except (KeyError, TypeError, ValueError, AttributeError) as error:
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
    """Each successful write against the rules of :data:`RULES`; the first broken rule names
    the result, and the reason counts the rest."""
    make, conversation = maker(req), ctx.conversation
    unreplayed = unreplayed_writes(conversation, WRITES)
    if unreplayed:  # its effect, and the state later writes are judged on, are unknown
        return make(
            ResultOutcome.UNSCORED,
            UNREADABLE,
            f"{unreplayed[0].label()} is recorded as done, but replaying it fails (its "
            "arguments are refused, or no write has that exact name), so what it changed and "
            "which rules apply cannot be judged (unscored)",
        )
    written = [c for c in conversation.calls if c.kind == "write" and c.ok]
    if not written:
        return make(ResultOutcome.PASS, "no_writes", "no write took effect")
    everything = violations(conversation)
    found = [(c, v) for c, v in everything if v[0] != UNREADABLE]
    if found:
        lines = [f"{c.label()}: {RULES[code]}: {what}" for c, (code, what) in found]
        return make(ResultOutcome.FAIL, found[0][1][0], and_more(lines, "violation"))
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
