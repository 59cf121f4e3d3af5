"""The airline tools an ADK agent calls: tau-bench's 14, as typed functions over
:mod:`domains.airline.service`.

Each tool runs its operation on the session's database (:class:`checkers.service_tools.
SessionService`: the bundled database plus the session's own writes) and returns a dict: the
record asked for, ``{"result": ...}`` for a list or a sentence, or ``{"error_code": 404,
"error_message": "..."}`` when the service refuses (400 bad arguments, 402 balance too low, 404
not found, 409 wrong state). Tools check arguments, never the policy: identification,
confirmation and what the policy allows are the agent's duties, judged by the checks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from checkers.service_tools import HasState, SessionService
from checkers.session_tool import session_tool
from domains.airline.data_files import bundled_database
from domains.airline.service import SERVICE

SESSION = SessionService(SERVICE, bundled_database, "airline_writes")
"""The airline service on each ADK session's own database."""
tool = session_tool(SESSION)
"""Each tool below runs the operation of its name (its body is its declaration)."""


# --- reads --------------------------------------------------------------------------------------


@tool
def get_user_details(user_id: str, tool_context: HasState) -> Any:
    """Get a user's profile: name, address, email, membership, payment methods (gift card and
    certificate balances), saved passengers and reservation ids. Use it to identify the user.

    Args:
        user_id: the id the user gives, e.g. "sara_doe_496".
    """


@tool
def get_reservation_details(reservation_id: str, tool_context: HasState) -> Any:
    """Get a reservation: its flights with prices paid, cabin, passengers, payments, bags,
    insurance and when it was booked.

    Args:
        reservation_id: six characters, e.g. "ZFA04Y".
    """


@tool
def list_all_airports(tool_context: HasState) -> Any:
    """List the airports the airline serves: IATA code to city."""


@tool
def search_direct_flight(origin: str, destination: str, date: str, tool_context: HasState) -> Any:
    """Search direct flights between two airports on a date, with seats left and prices per
    cabin.

    Args:
        origin: IATA code, e.g. "JFK".
        destination: IATA code, e.g. "LAX".
        date: "2024-05-20".
    """


@tool
def search_onestop_flight(origin: str, destination: str, date: str, tool_context: HasState) -> Any:
    """Search pairs of flights with one stop between two airports, the first on the date.

    Args:
        origin: IATA code, e.g. "JFK".
        destination: IATA code, e.g. "LAX".
        date: "2024-05-20".
    """


@tool
def calculate(expression: str, tool_context: HasState) -> Any:
    """Calculate an arithmetic expression (numbers, + - * / and parentheses), rounded to cents.

    Args:
        expression: e.g. "2 * (350 - 122)".
    """


# --- writes -------------------------------------------------------------------------------------


@tool
def book_reservation(
    user_id: str,
    origin: str,
    destination: str,
    flight_type: str,
    cabin: str,
    flights: list[dict[str, Any]],
    passengers: list[dict[str, Any]],
    payment_methods: list[dict[str, Any]],
    total_baggages: int,
    nonfree_baggages: int,
    insurance: str,
    tool_context: HasState,
) -> Any:
    """Book a reservation, after the user confirmed every detail and the price.

    Args:
        user_id: the identified user's id.
        origin: IATA code of the trip's start.
        destination: IATA code of the trip's end.
        flight_type: "one_way" or "round_trip".
        cabin: "basic_economy", "economy" or "business".
        flights: each {"flight_number": "HAT001", "date": "2024-05-20"}.
        passengers: each {"first_name", "last_name", "dob": "1990-04-05"}.
        payment_methods: each {"payment_id": "credit_card_7815826", "amount": 420}, adding up
            to the price.
        total_baggages: checked bags in all.
        nonfree_baggages: of those, the bags to pay for (50 dollars each).
        insurance: "yes" (30 dollars per passenger) or "no".
    """


@tool
def cancel_reservation(reservation_id: str, tool_context: HasState) -> Any:
    """Cancel a whole reservation, refunding its payments, once the policy allows it and the
    user confirmed.

    Args:
        reservation_id: e.g. "ZFA04Y".
    """


@tool
def update_reservation_flights(
    reservation_id: str,
    cabin: str,
    flights: list[dict[str, Any]],
    payment_id: str,
    tool_context: HasState,
) -> Any:
    """Change a reservation's flights or cabin, paying or refunding the difference, after the
    user confirmed it. List every flight of the trip, changed or not.

    Args:
        reservation_id: e.g. "ZFA04Y".
        cabin: the cabin for every flight.
        flights: each {"flight_number": "HAT001", "date": "2024-05-20"}.
        payment_id: pays or receives the price difference, e.g. "gift_card_7815826".
    """


@tool
def update_reservation_baggages(
    reservation_id: str,
    total_baggages: int,
    nonfree_baggages: int,
    payment_id: str,
    tool_context: HasState,
) -> Any:
    """Set a reservation's checked bags (50 dollars per added non-free bag), after the user
    confirmed it.

    Args:
        reservation_id: e.g. "ZFA04Y".
        total_baggages: checked bags in all.
        nonfree_baggages: of those, the bags paid for.
        payment_id: pays for the added bags.
    """


@tool
def update_reservation_passengers(
    reservation_id: str, passengers: list[dict[str, Any]], tool_context: HasState
) -> Any:
    """Replace a reservation's passengers (as many as it has), after the user confirmed it.

    Args:
        reservation_id: e.g. "ZFA04Y".
        passengers: each {"first_name", "last_name", "dob": "1990-04-05"}.
    """


@tool
def send_certificate(user_id: str, amount: int, tool_context: HasState) -> Any:
    """Send the user a travel certificate as compensation, only when the policy allows it.

    Args:
        user_id: the identified user's id.
        amount: dollars.
    """


@tool
def transfer_to_human_agents(summary: str, tool_context: HasState) -> Any:
    """Transfer the user to a human agent, only when the request cannot be handled with these
    tools.

    Args:
        summary: what the user needs, for the human agent.
    """


TOOLS: list[Callable[..., dict[str, Any]]] = [
    get_user_details,
    get_reservation_details,
    list_all_airports,
    search_direct_flight,
    search_onestop_flight,
    calculate,
    book_reservation,
    cancel_reservation,
    update_reservation_flights,
    update_reservation_baggages,
    update_reservation_passengers,
    send_certificate,
    transfer_to_human_agents,
]
"""Every tool an airline agent is given (tau-bench's, but ``think``, which changes nothing)."""
