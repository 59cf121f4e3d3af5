"""Airline customer service: users, reservations, flights, and the benchmark's tasks.

The records mirror the tau-bench airline database (``data/users.json``, ``reservations.json``,
``flights.json``) field for field, so every bundled record loads and a record written back out is
the same JSON, down to whether a number is written ``100`` or ``100.0``: tau-bench decides a
task by a hash of the whole database (:func:`checkers.tau_hash.tau_hash`), and that hash tells
the two apart. A :class:`Database` is immutable: a write returns a new database that shares
every record it did not touch (see :mod:`domains.airline.service`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

# tau-bench's trajectory format is the core's; named here too for this domain's modules.
from checkers.requirements import Requirement
from checkers.service import RESPOND as RESPOND
from checkers.service import Action as Action
from checkers.service import TaskScenario
from checkers.service_records import Address, Name
from checkers.tau_hash import TauRecord
from checkers.tau_hash import tau_hash as tau_hash

Money = int | float
"""An amount in dollars kept as the JSON wrote it: the data holds whole dollars (``int``), an
agent may pay ``44.5``, and tau-bench's hash tells ``100`` from ``100.0``."""

Cabin = Literal["basic_economy", "economy", "business"]
CABINS: tuple[Cabin, ...] = ("basic_economy", "economy", "business")
_ECONOMY_QUALIFIED = r"[\s_-]*(?:plus|comfort|premium|extra)\b"
"""Words after "economy" that name another cabin ("Economy Plus", "economy comfort")."""
CABIN_WORDS: dict[Cabin, str] = {
    "basic_economy": r"basic[\s_-]economy",
    "economy": rf"(?<!basic[\s_-])(?<!premium[\s_-])economy(?!{_ECONOMY_QUALIFIED})",
    "business": r"business(?![ -](?:days?|hours?|trips?|travel|reasons?|purposes?))",
}
"""The words that name each cabin in folded, lowered text (a pattern, to be used between word
boundaries): "basic economy" is no economy, nor is "premium economy" or "economy plus" (a
qualified name is another cabin: :data:`OTHER_CABIN_WORDS`); "business days" or "a business
trip" name no cabin."""
OTHER_CABIN_WORDS: dict[str, str] = {
    "premium_economy": r"premium[\s_-]economy",
    "economy_plus": rf"economy{_ECONOMY_QUALIFIED}",
    "first_class": r"first[\s_-]class",
}
"""Cabins the airline does not sell, by the words that name them (as :data:`CABIN_WORDS`): a
listing putting one forward puts forward no cabin of the data."""


# --- flights ------------------------------------------------------------------------------------


class PerCabin(TauRecord):
    """A number for each cabin: seats left, or the price of one seat in dollars."""

    basic_economy: int
    economy: int
    business: int


class Available(TauRecord):
    """A flight date still open for booking."""

    status: Literal["available"]
    available_seats: PerCabin
    prices: PerCabin


class Scheduled(TauRecord):
    """A flight date too close to book, with its estimated times (``2024-05-15T06:00:00``)."""

    status: Literal["delayed", "on time"]
    estimated_departure_time_est: str
    estimated_arrival_time_est: str


class Flying(TauRecord):
    """A flight in the air: it left at ``actual_departure_time_est``."""

    status: Literal["flying"]
    actual_departure_time_est: str
    estimated_arrival_time_est: str


class Landed(TauRecord):
    """A flight flown, with its actual times."""

    status: Literal["landed"]
    actual_departure_time_est: str
    actual_arrival_time_est: str


class Cancelled(TauRecord):
    """A flight date the airline cancelled."""

    status: Literal["cancelled"]


FlightDate = Annotated[
    Available | Scheduled | Flying | Landed | Cancelled, Field(discriminator="status")
]
"""What one flight does on one date; the fields depend on its ``status``."""


class Flight(TauRecord):
    """A flight number flown daily between two airports, with what it does on each date."""

    flight_number: str
    """E.g. ``"HAT001"``."""
    origin: str
    """IATA code of the departure airport, e.g. ``"PHL"``."""
    destination: str
    scheduled_departure_time_est: str
    """``"06:00:00"`` (US Eastern)."""
    scheduled_arrival_time_est: str
    """``"07:00:00"``, or ``"02:00:00+1"`` when it lands the next day."""
    dates: dict[str, FlightDate]
    """By date, ``"2024-05-01"`` to ``"2024-05-30"``."""

    @property
    def route(self) -> dict[str, str]:
        """``{"origin": ..., "destination": ...}``, as a reservation's segment repeats it."""
        return {"origin": self.origin, "destination": self.destination}


# --- reservations -------------------------------------------------------------------------------


class Passenger(TauRecord):
    """A traveller, as booked or saved in a profile."""

    first_name: str
    last_name: str
    dob: str
    """Date of birth, ``"1990-04-05"``."""


class Segment(TauRecord):
    """One flight of a reservation, at the price per passenger paid when it was booked."""

    flight_number: str
    date: str
    price: Money
    origin: str
    destination: str


class Payment(TauRecord):
    """A payment (positive amount) or refund (negative) on a reservation."""

    payment_id: str
    """The user's payment method, e.g. ``"gift_card_3576581"``."""
    amount: Money


class Reservation(TauRecord):
    """A booking: its trip, cabin, passengers, money and baggage. ``status`` exists only once
    it is cancelled."""

    reservation_id: str
    """Six characters, e.g. ``"4WQ150"``; bookings made in a task get ``HATHAT``, ``HATHAU``..."""
    user_id: str
    origin: str
    destination: str
    flight_type: Literal["one_way", "round_trip"]
    cabin: Cabin
    flights: tuple[Segment, ...]
    passengers: tuple[Passenger, ...]
    payment_history: tuple[Payment, ...]
    created_at: str
    """When it was booked, ``"2024-05-02T03:10:19"`` (US Eastern)."""
    total_baggages: int
    """Checked bags in all."""
    nonfree_baggages: int
    """Of those, the bags paid for (50 dollars each)."""
    insurance: Literal["yes", "no"]
    """Travel insurance (30 dollars per passenger)."""
    status: Literal["cancelled"] | None = None


# --- users --------------------------------------------------------------------------------------


class CreditCard(TauRecord):
    """A credit card on file: pays any amount."""

    source: Literal["credit_card"]
    id: str
    brand: str
    last_four: str


class GiftCard(TauRecord):
    """A gift card: pays up to its balance ``amount``."""

    source: Literal["gift_card"]
    id: str
    amount: Money
    """The balance in dollars."""


class Certificate(TauRecord):
    """A travel certificate worth ``amount`` dollars, used up by one booking."""

    source: Literal["certificate"]
    id: str
    amount: Money


PaymentMethod = Annotated[CreditCard | GiftCard | Certificate, Field(discriminator="source")]


class User(TauRecord):
    """A customer: profile, payment methods, saved passengers and reservation ids."""

    name: Name
    address: Address
    email: str
    dob: str
    payment_methods: dict[str, PaymentMethod]
    """By id, e.g. ``{"certificate_4856383": {...}}``."""
    saved_passengers: tuple[Passenger, ...]
    membership: Literal["regular", "silver", "gold"]
    reservations: tuple[str, ...]
    """Ids of the user's reservations, cancelled ones included."""


class Database(TauRecord):
    """The whole airline: flights by number, reservations and users by id. Never mutated."""

    flights: dict[str, Flight]
    reservations: dict[str, Reservation]
    users: dict[str, User]


# --- tasks --------------------------------------------------------------------------------------


class Task(TauRecord):
    """A tau-bench airline test task: the customer, what they want, and the reference."""

    task_id: int
    user_id: str
    instruction: str
    """What the simulated customer wants, in words."""
    actions: tuple[Action, ...]
    """The gold tool calls; replayed, they give the database the task expects."""
    outputs: tuple[str, ...]
    """Facts the agent must say (numbers as text, e.g. ``"23553"``)."""


# --- scenarios ----------------------------------------------------------------------------------


class Scenario(TaskScenario):
    """What one airline conversation is judged against (:class:`checkers.service.TaskScenario`:
    the customer, what they want, the expected actions and the facts to tell)."""


# --- requirement kinds of conduct -------------------------------------------------------------
# ``outcome`` and ``conveyed`` are the core's (checkers.service_checks); these are the policy's.


class IdentifiedFirst(Requirement):
    """The customer's user id was obtained (the customer said it, or a user lookup found it)
    before any read of private data or any write, and every reservation or profile touched
    belongs to that user."""

    kind: Literal["identified_first"] = "identified_first"
    user_id: str | None = None
    """The scenario's customer; None means the first user id obtained."""


class ConfirmedBeforeWriting(Requirement):
    """Before each write the policy names (booking, changing flights or cabin, baggage,
    passengers), the agent listed the action's details with its cost, and the customer said an
    explicit yes after that listing and before the call. Unscored when the conversation records
    no customer messages."""

    kind: Literal["confirmed_before_writing"] = "confirmed_before_writing"


class PolicyValid(Requirement):
    """Every write that took effect is one the policy allows at that moment, and no
    compensation is offered before the customer asks for it (see
    :data:`domains.airline.policy.RULES` for each rule)."""

    kind: Literal["policy_valid"] = "policy_valid"


class OneCallAtATime(Requirement):
    """Each of the agent's messages makes at most one tool call, and none makes a call and
    speaks to the customer at once. Unscored when the source does not record which message
    made which call."""

    kind: Literal["one_call_at_a_time"] = "one_call_at_a_time"


class NoFabrication(Requirement):
    """Every flight number, reservation id, amount, time and flight status the agent states came
    from a tool or the customer before it said it, about the entity it states it about."""

    kind: Literal["no_fabrication"] = "no_fabrication"
