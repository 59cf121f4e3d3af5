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

from typing import Any

from checkers.service_tools import SessionService
from checkers.session_tool import operation_tools, tools_by_name
from domains.airline.data_files import bundled_database
from domains.airline.service import SERVICE

SESSION = SessionService(SERVICE, bundled_database, "airline_writes")
"""The airline service on each ADK session's own database."""

TYPES = {
    "flights": list[dict[str, Any]],
    "passengers": list[dict[str, Any]],
    "payment_methods": list[dict[str, Any]],
    "total_baggages": int,
    "nonfree_baggages": int,
    "amount": int,
}
"""The arguments that are not text, and their types (the service reads every argument as given)."""

DOCS = {
    "get_user_details": """
    Get a user's profile: name, address, email, membership, payment methods (gift card and
    certificate balances), saved passengers and reservation ids. Use it to identify the user.

    Args:
        user_id: the id the user gives, e.g. "sara_doe_496".
    """,
    "get_reservation_details": """
    Get a reservation: its flights with prices paid, cabin, passengers, payments, bags,
    insurance and when it was booked.

    Args:
        reservation_id: six characters, e.g. "ZFA04Y".
    """,
    "list_all_airports": """
    List the airports the airline serves: IATA code to city.""",
    "search_direct_flight": """
    Search direct flights between two airports on a date, with seats left and prices per
    cabin.

    Args:
        origin: IATA code, e.g. "JFK".
        destination: IATA code, e.g. "LAX".
        date: "2024-05-20".
    """,
    "search_onestop_flight": """
    Search pairs of flights with one stop between two airports, the first on the date.

    Args:
        origin: IATA code, e.g. "JFK".
        destination: IATA code, e.g. "LAX".
        date: "2024-05-20".
    """,
    "calculate": """
    Calculate an arithmetic expression (numbers, + - * / and parentheses), rounded to cents.

    Args:
        expression: e.g. "2 * (350 - 122)".
    """,
    "book_reservation": """
    Book a reservation, after the user confirmed every detail and the price.

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
    """,
    "cancel_reservation": """
    Cancel a whole reservation, refunding its payments, once the policy allows it and the
    user confirmed.

    Args:
        reservation_id: e.g. "ZFA04Y".
    """,
    "update_reservation_flights": """
    Change a reservation's flights or cabin, paying or refunding the difference, after the
    user confirmed it. List every flight of the trip, changed or not.

    Args:
        reservation_id: e.g. "ZFA04Y".
        cabin: the cabin for every flight.
        flights: each {"flight_number": "HAT001", "date": "2024-05-20"}.
        payment_id: pays or receives the price difference, e.g. "gift_card_7815826".
    """,
    "update_reservation_baggages": """
    Set a reservation's checked bags (50 dollars per added non-free bag), after the user
    confirmed it.

    Args:
        reservation_id: e.g. "ZFA04Y".
        total_baggages: checked bags in all.
        nonfree_baggages: of those, the bags paid for.
        payment_id: pays for the added bags.
    """,
    "update_reservation_passengers": """
    Replace a reservation's passengers (as many as it has), after the user confirmed it.

    Args:
        reservation_id: e.g. "ZFA04Y".
        passengers: each {"first_name", "last_name", "dob": "1990-04-05"}.
    """,
    "send_certificate": """
    Send the user a travel certificate as compensation, only when the policy allows it.

    Args:
        user_id: the identified user's id.
        amount: dollars.
    """,
    "transfer_to_human_agents": """
    Transfer the user to a human agent, only when the request cannot be handled with these
    tools.

    Args:
        summary: what the user needs, for the human agent.
    """,
}
"""What the agent's model reads of each tool, by name; its arguments are its operation's."""

TOOLS = operation_tools(SESSION, DOCS, TYPES)
"""Every tool an airline agent is given (tau-bench's, but ``think``, which changes nothing)."""
__getattr__ = tools_by_name(TOOLS, __name__)
