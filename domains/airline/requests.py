"""What an airline customer asks for, in the plain sentences the scripted customer says and the
scripted agents understand.

:func:`request_text` writes a write action as a sentence ("Please cancel reservation Z7GOZK. I
feel unwell."), and :func:`parse_request` reads it back: ``parse_request(request_text(a))`` has
``a``'s name and arguments. A sentence may end with the customer's reason, which the policy
needs for a cancellation (insurance covers health and weather). Flight questions ("Are there
direct flights from JFK to SEA on 2024-05-20?") and questions about a reservation's free bag
allowance (:func:`free_bags_question`) are understood too.
"""

from __future__ import annotations

import re
from typing import Any

from checkers.request_sentences import (
    COUNT,
    WORD,
    Request,
    SentenceForm,
    Slot,
    read_request,
    write_request,
)

_RESERVATION = r"([A-Z0-9]{6})"
_DATE = r"(\d{4}-\d{2}-\d{2})"
_NAME = r"[A-Z][\w'-]*"
_PERSON = re.compile(rf"(?P<first_name>{_NAME}) (?P<last_name>{_NAME}) \(born (?P<dob>{_DATE})\)")
_LEG = re.compile(rf"(?P<flight_number>[A-Z]{{3}}\d{{3}}) on (?P<date>{_DATE})")
_PAYMENT = re.compile(r"(\d+(?:\.\d+)?) with ([a-z]+_[a-z_]*\d+)")
USER_ID = re.compile(r"\b[a-z]+_[a-z]+_\d{4}\b")
"""A user id as the database writes them (``sara_doe_4960``)."""


def _number(text: str) -> int | float:
    """An amount as written: a whole number stays an int (as tau-bench's tasks write them)."""
    value = float(text)
    return int(value) if value.is_integer() else value


def people_text(passengers: list[dict[str, Any]]) -> str:
    """Passengers as a request names them: ``Mia Li (born 1990-04-05), ...``."""
    return ", ".join(f"{p['first_name']} {p['last_name']} (born {p['dob']})" for p in passengers)


def legs_text(flights: list[dict[str, Any]]) -> str:
    """Flights as a request names them: ``HAT136 on 2024-05-20, ...``."""
    return ", ".join(f"{f['flight_number']} on {f['date']}" for f in flights)


_LISTED = r"(.+?)"
SLOTS = {
    "reservation_id": Slot(_RESERVATION),
    "total_baggages": COUNT,
    "nonfree_baggages": COUNT,
    "cabin": WORD,
    "flight_type": Slot(r"(one_way|round_trip)"),
    "origin": Slot(r"([A-Z]{3})"),
    "destination": Slot(r"([A-Z]{3})"),
    "insurance": Slot(r"(yes|no)"),
    "summary": Slot(r"(.+)"),
    "passengers": Slot(
        _LISTED,
        people_text,
        lambda text: [m.groupdict() for m in _PERSON.finditer(text)],
    ),
    "flights": Slot(
        _LISTED,
        legs_text,
        lambda text: [m.groupdict() for m in _LEG.finditer(text)],
    ),
    "payment_methods": Slot(
        _LISTED,
        lambda ms: ", ".join(f"{m['amount']} with {m['payment_id']}" for m in ms),
        lambda text: [{"payment_id": i, "amount": _number(a)} for a, i in _PAYMENT.findall(text)],
    ),
}
"""How each argument of a write stands in a request (any other: a word without spaces)."""
_ENDED = r"(?:\s|$)(.*)"  # a list slot ends at a full stop followed by a space or the end

FORMS = {
    "cancel_reservation": SentenceForm("Please cancel reservation {reservation_id}.", SLOTS),
    "update_reservation_passengers": SentenceForm(
        "Please change the passengers of reservation {reservation_id} to {passengers}.",
        SLOTS,
        _ENDED,
    ),
    "update_reservation_baggages": SentenceForm(
        "Please set the checked bags of reservation {reservation_id} to {total_baggages} in all, "
        "{nonfree_baggages} of them paid, paying with {payment_id}.",
        SLOTS,
    ),
    "update_reservation_flights": SentenceForm(
        "Please change reservation {reservation_id} to the {cabin} flights {flights}, paying or "
        "receiving the difference with {payment_id}.",
        SLOTS,
    ),
    "book_reservation": SentenceForm(
        "Please book for {user_id} a {flight_type} {cabin} trip from {origin} to {destination} "
        "on flights {flights} for {passengers}, with {total_baggages} checked bags "
        "({nonfree_baggages} of them paid) and insurance {insurance}, paying {payment_methods}.",
        SLOTS,
        _ENDED,
        "user_id origin destination flight_type cabin flights passengers payment_methods "
        "total_baggages nonfree_baggages insurance",
    ),
    "transfer_to_human_agents": SentenceForm(
        "Please transfer me to a human agent: {summary}", SLOTS, ""
    ),
}
"""The sentence of each write a customer asks for, tried in this order when reading."""
FREE_BAGS_QUESTION = "free_bags"
"""The name of a question about a reservation's free bag allowance (no tool of its own)."""
_FREE_BAGS = SentenceForm(
    "How many checked bags can I take free on reservation {reservation_id}?", SLOTS, ""
)
_SEARCH = re.compile(r"direct flights from ([A-Z]{3}) to ([A-Z]{3}) on " + _DATE, re.IGNORECASE)


def free_bags_question(reservation_id: str) -> str:
    """The question about ``reservation_id``'s free bag allowance, as the customer asks it."""
    return _FREE_BAGS.text({"reservation_id": reservation_id})


def request_text(name: str, kwargs: dict[str, Any], reason: str = "") -> str:
    """The sentence that asks for tool call ``name(**kwargs)`` (:data:`FORMS`), then ``reason``.
    Raises ValueError for a tool that is no customer request (a read)."""
    return write_request(FORMS, name, kwargs, reason)


def parse_request(text: str) -> Request | None:
    """The request ``text`` makes (see the module docstring), or None: a write, a question about
    free bags (:data:`FREE_BAGS_QUESTION`) or a direct flight search (``search_direct_flight``)."""
    found = read_request({**FORMS, FREE_BAGS_QUESTION: _FREE_BAGS}, text)
    search = _SEARCH.search(text)
    if found is not None or search is None:
        return found
    origin, destination, date = search.groups()
    args = {"origin": origin.upper(), "destination": destination.upper(), "date": date}
    return Request("search_direct_flight", args)


def parse_user_id(text: str) -> str | None:
    """The user id ``text`` gives, if any."""
    found = USER_ID.search(text)
    return found.group(0) if found else None
