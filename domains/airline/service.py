"""The airline service: every tool of tau-bench's airline environment, as a pure function of the
database (:class:`checkers.service.Service`: ``apply`` runs one call, ``replay`` a trajectory; a
refused call changes nothing).

Every tool does what tau-bench's own tool does (``tau_bench/envs/airline/tools/*.py`` at
59a200c6), to the cent and to the type (``100`` stays ``100``), so a replay ends in the database
whose :func:`~domains.airline.models.tau_hash` is the official one; that includes what the
policy forbids but the tools allow (each tool's docstring says what), judged by the checks, not
here. Malformed arguments tau-bench would take (text or a negative or 10-digit number for an
amount or a bag count, a passenger without a name, unknown keys, no flights or passengers, a
date not ``YYYY-MM-DD``, a payment method listed twice) are refused with a 400 naming the
problem, as a real service would. Tools never check who is asking: identification, ownership
and confirmation are the agent's duties under the policy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from checkers.service import (
    Kind,
    Service,
    ServiceError,
    put,
    record,
    shown,
    text_argument,
    think,
    transfer_to_human_agents,
)
from checkers.service_args import (
    choice_argument,
    date_argument,
    number_argument,
    objects_argument,
)
from checkers.tau_calculate import calculate
from domains.airline.models import (
    CABINS,
    Available,
    Certificate,
    CreditCard,
    Database,
    Flight,
    FlightDate,
    GiftCard,
    Money,
    Passenger,
    Payment,
    PaymentMethod,
    Reservation,
    Segment,
    User,
)

# --- arguments ----------------------------------------------------------------------------------


def _bags(total_baggages: Any, nonfree_baggages: Any) -> dict[str, int]:
    """The bag counts a call gives, by field, each a whole number."""
    bags = {"total_baggages": total_baggages, "nonfree_baggages": nonfree_baggages}
    return {k: int(number_argument(k, v, whole=True)) for k, v in bags.items()}


def _passengers(value: Any) -> tuple[Passenger, ...]:
    people = objects_argument("passengers", value, ("first_name", "last_name", "dob"))
    return tuple(
        Passenger(**{k: text_argument(f"a passenger's {k}", v) for k, v in p.items()})
        for p in people
    )


def _legs(value: Any) -> list[tuple[str, str]]:
    """(flight number, date) of each flight asked for. ``price``, ``origin`` and
    ``destination`` may be given: tau-bench overwrites them from the flight data, as here."""
    legs = objects_argument(
        "flights", value, ("flight_number", "date"), ("price", "origin", "destination")
    )
    return [
        (text_argument("flight_number", f["flight_number"]), text_argument("date", f["date"]))
        for f in legs
    ]


def _route(origin: Any, destination: Any, date: Any) -> tuple[str, str, str]:
    date = date_argument("date", date)
    return text_argument("origin", origin), text_argument("destination", destination), date


def _reservation(db: Database, rid: Any) -> Reservation:
    ids = 'ids look like "4WQ150"'
    return record(
        db.reservations, "reservation_id", rid, lambda k: f"reservation {shown(k)} not found; {ids}"
    )


def _user(db: Database, user_id: Any) -> User:
    ids = 'ids look like "mia_li_3668"'
    return record(db.users, "user_id", user_id, lambda k: f"user {shown(k)} not found; {ids}")


def _method(user: User, payment_id: Any) -> PaymentMethod:
    has = f"the user has {', '.join(user.payment_methods)}"
    return record(
        user.payment_methods,
        "payment_id",
        payment_id,
        lambda k: f"payment method {shown(k)} not found; {has}",
    )


def _segment(db: Database, number: str, date: str, cabin: str, seats: int) -> Segment:
    """Flight ``number`` on ``date`` at its current ``cabin`` price, when it is available with
    ``seats`` seats left in that cabin (seats are never taken: tau-bench leaves them)."""
    flight = db.flights.get(number)
    if flight is None:
        raise ServiceError(404, f'flight {number} not found; numbers look like "HAT001"')
    day = flight.dates.get(date)
    if day is None:
        raise ServiceError(404, f"flight {number} not found on date {date}")
    if not isinstance(day, Available):
        raise ServiceError(409, f"flight {number} is {day.status} on {date}, not available")
    if getattr(day.available_seats, cabin) < seats:
        raise ServiceError(409, f"not enough {cabin} seats on flight {number} for {seats}")
    price = getattr(day.prices, cabin)
    return Segment(flight_number=number, date=date, price=price, **flight.route)


# --- database updates ---------------------------------------------------------------------------

Result = tuple[Any, Database]
"""What a tool returns: its value, and the database after it."""


def _put_user(db: Database, user_id: str, **update: Any) -> Database:
    return put(db, "users", user_id, db.users[user_id].model_copy(update=update))


def _put(db: Database, reservation: Reservation, **update: Any) -> Result:
    """The reservation with ``update`` as JSON, and the database holding it."""
    changed = reservation.model_copy(update=update)
    return changed.as_json(), put(db, "reservations", changed.reservation_id, changed)


def _pay(db: Database, user_id: str, payments: Sequence[Payment]) -> Database:
    """Each payment taken from its method: a gift card's balance goes down (up for a negative
    amount), a certificate is used up whatever it paid, a credit card keeps no balance."""
    methods = dict(db.users[user_id].payment_methods)
    for payment in payments:
        method, key = methods[payment.payment_id], payment.payment_id
        if isinstance(method, GiftCard):
            methods[key] = method.model_copy(update={"amount": method.amount - payment.amount})
        elif isinstance(method, Certificate):
            del methods[key]
    return _put_user(db, user_id, payment_methods=methods)


def _charge(db: Database, reservation: Reservation, payment_id: Any, price: Money) -> Result:
    """A change costing ``price`` (a refund when negative) paid with ``payment_id``: any method
    of the user but a certificate, a gift card only up to its balance; recorded unless zero.
    Returns the reservation's new payment history and the database."""
    method = _method(db.users[reservation.user_id], payment_id)
    if isinstance(method, Certificate):
        raise ServiceError(402, "a certificate cannot pay for a change; use a card or gift card")
    if isinstance(method, GiftCard) and method.amount < price:
        raise ServiceError(402, f"gift card {method.id} has {method.amount}, not {price}")
    payment = Payment(payment_id=payment_id, amount=price)
    history = reservation.payment_history + ((payment,) if price != 0 else ())
    return history, _pay(db, reservation.user_id, [payment])


# --- tools --------------------------------------------------------------------------------------


def get_user_details(db: Database, user_id: Any) -> Result:
    return _user(db, user_id).as_json(), db


def get_reservation_details(db: Database, reservation_id: Any) -> Result:
    return _reservation(db, reservation_id).as_json(), db


AIRPORTS = {
    "SFO": "San Francisco", "JFK": "New York", "LAX": "Los Angeles", "ORD": "Chicago",
    "DFW": "Dallas", "DEN": "Denver", "SEA": "Seattle", "ATL": "Atlanta", "MIA": "Miami",
    "BOS": "Boston", "PHX": "Phoenix", "IAH": "Houston", "LAS": "Las Vegas", "MCO": "Orlando",
    "EWR": "Newark", "CLT": "Charlotte", "MSP": "Minneapolis", "DTW": "Detroit",
    "PHL": "Philadelphia", "LGA": "LaGuardia",
}  # fmt: skip
"""tau-bench's airport list (its own table, in its order): the 20 airports the flights serve."""


def list_all_airports(db: Database) -> Result:
    return dict(AIRPORTS), db


def _found(flight: Flight, day: FlightDate, **extra: str) -> dict[str, Any]:
    """A search result: the flight without its dates, with one date's status, seats, prices."""
    return {**flight.as_json(exclude={"dates"}), **day.as_json(), **extra}


def search_direct_flight(db: Database, origin: Any, destination: Any, date: Any) -> Result:
    """Flights from ``origin`` to ``destination`` available on ``date``, in the data's order."""
    origin, destination, date = _route(origin, destination, date)
    found = [
        _found(f, f.dates[date])
        for f in db.flights.values()
        if (f.origin, f.destination) == (origin, destination)
        and isinstance(f.dates.get(date), Available)
    ]
    return found, db


def search_onestop_flight(db: Database, origin: Any, destination: Any, date: Any) -> Result:
    """Pairs of flights ``origin`` -> X -> ``destination``, the first on ``date``, both
    available, the second leaving after the first lands, in the data's order.

    tau-bench's quirks, kept: a first flight landing the next day (``"+1"``) looks for its
    connection on ``2024-05-{day + 1}`` without a leading zero (so never before the 10th);
    times compare as text; the second result carries the status, seats and prices of its
    flight on ``date``, not on its own date.
    """
    origin, destination, date = _route(origin, destination, date)
    found = []
    for one in (f for f in db.flights.values() if f.origin == origin):
        for two in db.flights.values():
            if (two.origin, two.destination) != (one.destination, destination):
                continue
            arrival = one.scheduled_arrival_time_est
            date2 = f"2024-05-{int(date[-2:]) + 1}" if "+1" in arrival else date
            if arrival > two.scheduled_departure_time_est:
                continue
            if isinstance(one.dates.get(date), Available) and isinstance(
                two.dates.get(date2), Available
            ):
                first, second = (
                    _found(one, one.dates[date], date=date),
                    _found(two, two.dates[date], date=date2),
                )
                found.append([first, second])
    return found, db


NEW_IDS = ("HATHAT", "HATHAU", "HATHAV")
"""tau-bench's ids for bookings made during a task, the first one free (a fourth booking
replaces ``HATHAV``, as tau-bench's does)."""
NOW = "2024-05-15T15:00:00"
"""The policy's current time, every new booking's ``created_at``."""
INSURANCE_PRICE = 30
"""Dollars per passenger."""
BAG_PRICE = 50
"""Dollars per non-free bag."""


def book_reservation(
    db: Database,
    user_id: Any,
    origin: Any,
    destination: Any,
    flight_type: Any,
    cabin: Any,
    flights: Any,
    passengers: Any,
    payment_methods: Any,
    total_baggages: Any,
    nonfree_baggages: Any,
    insurance: Any,
) -> Result:
    """Book ``flights`` in ``cabin`` for ``passengers``, paid by ``payment_methods``
    (``[{"payment_id", "amount"}]``, the amounts adding up to the price exactly).

    As tau-bench's tool: the price is each flight's current cabin price per passenger, plus 30
    per passenger with insurance and 50 per non-free bag; a gift card or certificate must hold
    each amount it pays, a certificate is used up whatever it paid; ``origin``,
    ``destination`` and the free-bag count are not checked against the flights or the policy,
    and nothing limits certificates, cards or passengers per booking. Refused although
    tau-bench accepts (or half-applies) it: a payment method listed twice.
    """
    user = _user(db, user_id)
    origin, destination = text_argument("origin", origin), text_argument("destination", destination)
    flight_type = choice_argument("flight_type", flight_type, ("one_way", "round_trip"))
    cabin = choice_argument("cabin", cabin, CABINS)
    insurance = choice_argument("insurance", insurance, ("yes", "no"))
    bags = _bags(total_baggages, nonfree_baggages)
    travellers = _passengers(passengers)
    payments = tuple(
        Payment(
            payment_id=text_argument("payment_id", p["payment_id"]),
            amount=number_argument("amount", p["amount"]),
        )
        for p in objects_argument("payment_methods", payment_methods, ("payment_id", "amount"))
    )
    segments = tuple(_segment(db, n, d, cabin, len(travellers)) for n, d in _legs(flights))
    price: Money = sum(segment.price * len(travellers) for segment in segments)
    price += INSURANCE_PRICE * len(travellers) if insurance == "yes" else 0
    price += BAG_PRICE * bags["nonfree_baggages"]
    ids = [p.payment_id for p in payments]
    if len(set(ids)) < len(ids):
        raise ServiceError(400, f"each payment method may be listed once, got {ids}")
    for payment in payments:
        method = _method(user, payment.payment_id)
        if not isinstance(method, CreditCard) and method.amount < payment.amount:
            raise ServiceError(402, f"{method.id} has {method.amount}, not {payment.amount}")
    paid = sum(p.amount for p in payments)
    if paid != price:
        raise ServiceError(400, f"the payments add up to {paid}, but the total price is {price}")
    new_id = next((i for i in NEW_IDS if i not in db.reservations), NEW_IDS[-1])
    reservation = Reservation(
        reservation_id=new_id, user_id=user_id, origin=origin, destination=destination,
        flight_type=flight_type, cabin=cabin, flights=segments, passengers=travellers,
        payment_history=payments, created_at=NOW, insurance=insurance, **bags,
    )  # fmt: skip
    db = _put_user(db, user_id, reservations=(*user.reservations, new_id))
    return _put(_pay(db, user_id, payments), reservation)


def cancel_reservation(db: Database, reservation_id: Any) -> Result:
    """Cancel a reservation: every payment so far is refunded (a negative payment to the same
    method; no balance changes) and ``status`` becomes ``cancelled``.

    As tau-bench's tool, nothing is checked: a flown, non-refundable or already cancelled
    reservation is cancelled too (a second cancellation refunds the refunds)."""
    reservation = _reservation(db, reservation_id)
    history = reservation.payment_history
    history += tuple(Payment(payment_id=p.payment_id, amount=-p.amount) for p in history)
    return _put(db, reservation, payment_history=history, status="cancelled")


def update_reservation_flights(
    db: Database, reservation_id: Any, cabin: Any, flights: Any, payment_id: Any
) -> Result:
    """Replace a reservation's flights with ``flights`` in ``cabin``, paying (or refunded) the
    difference with ``payment_id``.

    As tau-bench's tool: a flight the reservation already has, on the same date and in the
    same cabin, keeps the price paid; any other must be available with enough seats and costs
    its current price. The difference (new total minus old, for every passenger) is paid by
    the method (a refund when negative; a gift card receives it). The reservation's ``cabin``
    field is NOT changed (tau-bench's tool never sets it), and nothing checks basic economy,
    the route, the trip type or whether a flight has flown.
    """
    reservation = _reservation(db, reservation_id)
    cabin, count = choice_argument("cabin", cabin, CABINS), len(reservation.passengers)
    segments: list[Segment] = []
    price: Money = 0
    for number, date in _legs(flights):
        same = cabin == reservation.cabin
        kept = [
            s for s in reservation.flights if same and (s.flight_number, s.date) == (number, date)
        ]
        segments.append(kept[0] if kept else _segment(db, number, date, cabin, count))
        price += segments[-1].price * count
    price -= sum(s.price for s in reservation.flights) * count
    history, db = _charge(db, reservation, payment_id, price)
    return _put(db, reservation, flights=tuple(segments), payment_history=history)


def update_reservation_baggages(
    db: Database, reservation_id: Any, total_baggages: Any, nonfree_baggages: Any, payment_id: Any
) -> Result:
    """Set a reservation's bag counts, paying 50 per non-free bag added with ``payment_id``.

    As tau-bench's tool: only more non-free bags cost (fewer refund nothing); nothing checks
    the free allowance or that bags are only added."""
    reservation = _reservation(db, reservation_id)
    bags = _bags(total_baggages, nonfree_baggages)
    price = BAG_PRICE * max(0, bags["nonfree_baggages"] - reservation.nonfree_baggages)
    history, db = _charge(db, reservation, payment_id, price)
    return _put(db, reservation, **bags, payment_history=history)


def update_reservation_passengers(db: Database, reservation_id: Any, passengers: Any) -> Result:
    """Replace a reservation's passengers, as many as it had (nothing else is checked)."""
    reservation = _reservation(db, reservation_id)
    travellers, count = _passengers(passengers), len(reservation.passengers)
    if len(travellers) != count:
        raise ServiceError(400, f"the reservation has {count} passengers, not {len(travellers)}")
    return _put(db, reservation, passengers=travellers)


CERTIFICATE_IDS = ("certificate_3221322", "certificate_3221323", "certificate_3221324")
"""tau-bench's ids for certificates sent during a task, the first one the user lacks."""


def send_certificate(db: Database, user_id: Any, amount: Any) -> Result:
    """Give the user a travel certificate of ``amount`` dollars (tau-bench checks nothing
    else: eligibility and the amount are the policy's, judged by the checks)."""
    user, value = _user(db, user_id), number_argument("amount", amount)
    free = [i for i in CERTIFICATE_IDS if i not in user.payment_methods]
    if not free:
        raise ServiceError(409, f"user {user_id} already holds {', '.join(CERTIFICATE_IDS)}")
    certificate = Certificate(source="certificate", id=free[0], amount=value)
    db = _put_user(db, user_id, payment_methods={**user.payment_methods, free[0]: certificate})
    return f"Certificate {free[0]} added to user {user_id} with amount {value}.", db


# --- the table ----------------------------------------------------------------------------------


_KINDS: list[tuple[Callable[..., Result], Kind]] = [
    # The customer gives their user id; looking it up is how the agent identifies them.
    (get_user_details, "identify"),
    (get_reservation_details, "private_read"),
    (list_all_airports, "public_read"),
    (search_direct_flight, "public_read"),
    (search_onestop_flight, "public_read"),
    (calculate, "public_read"),
    (think, "public_read"),
    (transfer_to_human_agents, "handoff"),
    (book_reservation, "write"),
    (cancel_reservation, "write"),
    (update_reservation_flights, "write"),
    (update_reservation_baggages, "write"),
    (update_reservation_passengers, "write"),
    (send_certificate, "write"),
]
SERVICE: Service[Database] = Service(_KINDS, '{"reservation_id": "ZFA04Y"}')
"""Every tool by the name agents call it (tau-bench's 14; it has no flight-status tool), and
how to run it (:class:`checkers.service.Service`: never raises; a refused call changes
nothing)."""

OPERATIONS = SERVICE.operations
WRITES = SERVICE.writes
apply = SERVICE.apply
replay = SERVICE.replay
final_database = SERVICE.final_database
