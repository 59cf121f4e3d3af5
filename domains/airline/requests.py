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
from dataclasses import dataclass, field
from typing import Any

_RESERVATION = r"([A-Z0-9]{6})"
_DATE = r"(\d{4}-\d{2}-\d{2})"
_PERSON = re.compile(r"([A-Z][\w'-]*) ([A-Z][\w'-]*) \(born " + _DATE + r"\)")
_LEG = re.compile(r"([A-Z]{3}\d{3}) on " + _DATE)
USER_ID = re.compile(r"\b[a-z]+_[a-z]+_\d{4}\b")
"""A user id as the database writes them (``sara_doe_4960``)."""

_PATTERNS = {
    "cancel_reservation": re.compile(rf"Please cancel reservation {_RESERVATION}\.(.*)", re.S),
    "update_reservation_passengers": re.compile(
        rf"Please change the passengers of reservation {_RESERVATION} to (.+?)\.(?:\s|$)(.*)", re.S
    ),
    "update_reservation_baggages": re.compile(
        rf"Please set the checked bags of reservation {_RESERVATION} to (\d+) in all, "
        r"(\d+) of them paid, paying with (\S+?)\.(.*)",
        re.S,
    ),
    "update_reservation_flights": re.compile(
        rf"Please change reservation {_RESERVATION} to the (\w+) flights (.+?), paying or "
        r"receiving the difference with (\S+?)\.(.*)",
        re.S,
    ),
    "book_reservation": re.compile(
        r"Please book for (\S+) a (one_way|round_trip) (\w+) trip from ([A-Z]{3}) to ([A-Z]{3}) "
        r"on flights (.+?) for (.+?), with (\d+) checked bags \((\d+) of them paid\) and insurance "
        r"(yes|no), paying (.+?)\.(?:\s|$)(.*)",
        re.S,
    ),
    "transfer_to_human_agents": re.compile(r"Please transfer me to a human agent: (.+)", re.S),
}
_PAYMENT = re.compile(r"(\d+(?:\.\d+)?) with ([a-z]+_[a-z_]*\d+)")
_SEARCH = re.compile(r"direct flights from ([A-Z]{3}) to ([A-Z]{3}) on " + _DATE, re.IGNORECASE)
FREE_BAGS_QUESTION = "free_bags"
"""The name of a question about a reservation's free bag allowance (no tool of its own)."""
_FREE_BAGS = re.compile(rf"How many checked bags can I take free on reservation {_RESERVATION}\?")


def free_bags_question(reservation_id: str) -> str:
    """The question about ``reservation_id``'s free bag allowance, as the customer asks it."""
    return f"How many checked bags can I take free on reservation {reservation_id}?"


@dataclass(frozen=True)
class Request:
    """One thing the customer asked for: a write (``name`` and ``kwargs`` of the tool call), a
    flight search (``search_direct_flight``) or a hand-off; ``reason`` is what they said
    besides (why they cancel)."""

    name: str
    kwargs: dict[str, Any] = field(default_factory=dict)
    reason: str = ""

    @property
    def reservation_id(self) -> str | None:
        value = self.kwargs.get("reservation_id")
        return value if isinstance(value, str) else None


def _people(passengers: list[dict[str, Any]]) -> str:
    return ", ".join(f"{p['first_name']} {p['last_name']} (born {p['dob']})" for p in passengers)


def _legs(flights: list[dict[str, Any]]) -> str:
    return ", ".join(f"{f['flight_number']} on {f['date']}" for f in flights)


def _payments(methods: list[dict[str, Any]]) -> str:
    return ", ".join(f"{m['amount']} with {m['payment_id']}" for m in methods)


def _number(text: str) -> int | float:
    """An amount as written: a whole number stays an int (as tau-bench's tasks write them)."""
    value = float(text)
    return int(value) if value.is_integer() else value


def _booking(groups: tuple[str, ...]) -> tuple[dict[str, Any], str]:
    user, trip, cabin, origin, destination, legs, people, total, paid, insurance, pay, reason = (
        groups
    )
    args: dict[str, Any] = {"user_id": user, "origin": origin, "destination": destination}
    args["flight_type"] = trip
    args |= {
        "cabin": cabin,
        "flights": [{"flight_number": n, "date": d} for n, d in _LEG.findall(legs)],
        "passengers": [
            {"first_name": f, "last_name": last, "dob": dob}
            for f, last, dob in _PERSON.findall(people)
        ],
        "payment_methods": [
            {"payment_id": pid, "amount": _number(amount)} for amount, pid in _PAYMENT.findall(pay)
        ],
        "total_baggages": int(total),
        "nonfree_baggages": int(paid),
        "insurance": insurance,
    }
    return args, reason


def request_text(name: str, kwargs: dict[str, Any], reason: str = "") -> str:
    """The sentence that asks for tool call ``name(**kwargs)``, then ``reason``. Raises
    ValueError for a tool that is no customer request (a read, a booking)."""
    rid = kwargs.get("reservation_id")
    texts = {
        "cancel_reservation": lambda: f"Please cancel reservation {rid}.",
        "update_reservation_passengers": lambda: (
            f"Please change the passengers of reservation {rid} to {_people(kwargs['passengers'])}."
        ),
        "update_reservation_baggages": lambda: (
            f"Please set the checked bags of reservation {rid} to {kwargs['total_baggages']} in "
            f"all, {kwargs['nonfree_baggages']} of them paid, paying with {kwargs['payment_id']}."
        ),
        "update_reservation_flights": lambda: (
            f"Please change reservation {rid} to the {kwargs['cabin']} flights "
            f"{_legs(kwargs['flights'])}, paying or receiving the difference with "
            f"{kwargs['payment_id']}."
        ),
        "book_reservation": lambda: (
            f"Please book for {kwargs['user_id']} a {kwargs['flight_type']} {kwargs['cabin']} "
            f"trip from {kwargs['origin']} to {kwargs['destination']} on flights "
            f"{_legs(kwargs['flights'])} "
            f"for {_people(kwargs['passengers'])}, with {kwargs['total_baggages']} checked bags "
            f"({kwargs['nonfree_baggages']} of them paid) and insurance {kwargs['insurance']}, "
            f"paying {_payments(kwargs['payment_methods'])}."
        ),
        "transfer_to_human_agents": lambda: (
            f"Please transfer me to a human agent: {kwargs.get('summary')}"
        ),
    }
    if name not in texts:
        raise ValueError(f"{name} is not something a customer asks for; known: {', '.join(texts)}")
    return f"{texts[name]()} {reason}".strip()


def _write(name: str, groups: tuple[str, ...]) -> tuple[dict[str, Any], str]:
    """The call's arguments and the reason given, from a pattern's groups."""
    if name == "cancel_reservation":
        return {"reservation_id": groups[0]}, groups[1]
    if name == "update_reservation_passengers":
        people = [
            {"first_name": f, "last_name": last, "dob": dob}
            for f, last, dob in _PERSON.findall(groups[1])
        ]
        return {"reservation_id": groups[0], "passengers": people}, groups[2]
    if name == "update_reservation_baggages":
        rid, total, paid, payment, reason = groups
        args = {"reservation_id": rid, "total_baggages": int(total)}
        return {**args, "nonfree_baggages": int(paid), "payment_id": payment}, reason
    if name == "update_reservation_flights":
        rid, cabin, legs, payment, reason = groups
        flights = [{"flight_number": n, "date": d} for n, d in _LEG.findall(legs)]
        return {"reservation_id": rid, "cabin": cabin, "flights": flights, "payment_id": payment}, (
            reason
        )
    if name == "book_reservation":
        return _booking(groups)
    return {"summary": groups[0]}, ""


def parse_request(text: str) -> Request | None:
    """The request ``text`` makes (see the module docstring), or None."""
    for name, pattern in _PATTERNS.items():
        match = pattern.search(text)
        if match is not None:
            kwargs, reason = _write(name, match.groups())
            return Request(name, kwargs, reason.strip())
    question = _FREE_BAGS.search(text)
    if question is not None:
        return Request(FREE_BAGS_QUESTION, {"reservation_id": question.group(1)})
    search = _SEARCH.search(text)
    if search is not None:
        origin, destination, date = search.groups()
        args = {"origin": origin.upper(), "destination": destination.upper(), "date": date}
        return Request("search_direct_flight", args)
    return None


def parse_user_id(text: str) -> str | None:
    """The user id ``text`` gives, if any."""
    found = USER_ID.search(text)
    return found.group(0) if found else None
