"""What the offline airline agents, and the scripted customer, decide from the conversation so far.

- ``airline/careful`` follows the airline policy: it asks for the user id and looks the user up
  before anything private, acts only on the user's own reservations, reads a reservation before
  acting on it, refuses what the policy forbids (a cancellation outside 24 hours of booking
  without business class or insurance covering the reason, a flown trip, a basic economy flight
  change, bags removed or charged against the allowance, a passenger count changed; a booking
  with more than five passengers, too many payment methods of a kind, a method not in the
  profile or short of its amount, or payments that do not add up to the price), lists each
  write with its details and its cost (computed with the ``calculate`` tool, so every amount it
  states came from a tool) and waits for an explicit yes. It answers how many checked bags a
  reservation takes free. It decides by the policy's own rules (:mod:`domains.airline.policy`),
  the cabin flown now too (:func:`cabin_now`). When a lookup fails it says so.
- ``airline/flawed`` does the same work, but writes as soon as it is asked (no listing, no yes),
  checks no rule (so it cancels a non-refundable basic economy booking), and when a flight
  search fails it makes up a flight.
- ``airline/customer`` plays the customer for ADK's user simulation
  (:func:`checkers.adk.simulated_customer.plan_customer`).

Policies see only the conversation (user texts, tool calls and responses), never the database.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from checkers.adk.scripted_model import RequestView, Step, call, register_policy, say
from checkers.adk.service_agent import (
    amount_text,
    answer,
    calculated,
    consented,
    hand_off,
    latest_ok,
    ok,
    ok_calls,
    pending,
)
from checkers.adk.simulated_customer import CONFIRM_MARK, plan_customer
from checkers.request_sentences import Request
from checkers.service import HANDOFF
from domains.airline.policy import (
    FREE_BAGS,
    MAX_PASSENGERS,
    RULES,
    bags_due,
    cabin_flown,
    cancellable,
    over_limits,
)
from domains.airline.requests import (
    FORMS,
    FREE_BAGS_QUESTION,
    legs_text,
    parse_request,
    parse_user_id,
    people_text,
)
from domains.airline.service import BAG_PRICE, INSURANCE_PRICE, NOW

ASK_ID = "Before I can look at any reservation, please tell me your user id."
WRITES = frozenset(FORMS) - {HANDOFF}
"""The writes a customer asks for, and the careful agent makes after their yes."""
DONE = {"cancel_reservation": "cancelled", "book_reservation": "booked"}
"""What a write made of its reservation, when not "updated"."""
Response = dict[str, Any]

# --- reading the conversation -------------------------------------------------------------------


def _spaced(word: Any) -> str:
    """A value such as ``basic_economy`` as words."""
    return str(word).replace("_", " ")


def cabin_now(view: RequestView, reservation: Response) -> str:
    """The cabin ``reservation`` flies now (:func:`~domains.airline.policy.cabin_flown`), by the
    flight updates of it that went through in this conversation."""
    rid, updates = reservation["reservation_id"], ok_calls(view, "update_reservation_flights")
    return cabin_flown(
        reservation["cabin"], (a.get("cabin") for a, _ in updates if a.get("reservation_id") == rid)
    )


def _identified(view: RequestView) -> str | None:
    """The user id of the latest user lookup that found the user."""
    found = ok_calls(view, "get_user_details")
    return str(found[-1][0].get("user_id")) if found else None


# --- the policy's rules, as the careful agent applies them -------------------------------------


def _cancel_refusal(reservation: Response, reason: str, cabin: str) -> str | None:
    """Why ``reservation``, flying ``cabin`` now, may not be cancelled for ``reason``, or None
    (a flight's status is not in the reservation: one that left by its date is flown)."""
    rid, insured = reservation["reservation_id"], reservation.get("insurance") == "yes"
    if reservation.get("status") == "cancelled":
        return f"reservation {rid} is already cancelled"
    if any(str(s["date"]) <= NOW[:10] for s in reservation["flights"]):
        return f"a flight of reservation {rid} has already left or leaves today"
    if cancellable(str(reservation["created_at"]), cabin, insured, reason):
        return None
    why = (
        "its travel insurance covers only health or weather reasons"
        if insured
        else "it has no travel insurance"
    )
    return (
        f"reservation {rid} is a {_spaced(cabin)} booking made {reservation['created_at']}, more "
        f"than a day ago, and {why}; it can be cancelled only within a day of booking, for "
        "business class, or when the airline cancelled a flight"
    )


def _refusal(request: Request, reservation: Response, profile: Response, cabin: str) -> str | None:
    """Why the policy forbids ``request`` (None when it is allowed), from what was looked up;
    ``cabin`` is the one the passengers fly in now (:func:`cabin_now`)."""
    kw, people = request.kwargs, len(reservation["passengers"])
    if request.name == "cancel_reservation":
        return _cancel_refusal(reservation, request.reason, cabin)
    if request.name == "update_reservation_passengers":
        same = len(kw["passengers"]) == people
        return None if same else "the number of passengers of a reservation cannot change"
    if request.name == "update_reservation_baggages":
        total, paid = kw["total_baggages"], kw["nonfree_baggages"]
        if total < reservation["total_baggages"]:
            return f"{RULES['bags_removed']} (the reservation has {reservation['total_baggages']})"
        free, due = bags_due(profile["membership"], cabin, people, total)
        on = f"with {free} free bags on this reservation, {total} bags make {due} to pay"
        return None if paid == due else f"{on}, not {paid}"
    old = [(s["flight_number"], s["date"]) for s in reservation["flights"]]
    new = [(f["flight_number"], f["date"]) for f in kw["flights"]]
    if sorted(old) != sorted(new) and cabin == "basic_economy":
        return RULES["basic_economy_modified"]
    return None


def _booking_refusal(kw: Response, profile: Response) -> str | None:
    """Why the policy (or the customer's own balances) forbids booking ``kw``, or None."""
    people, paying = len(kw["passengers"]), kw["payment_methods"]
    if people > MAX_PASSENGERS:
        return f"{RULES['too_many_passengers']}, not {people}"
    methods = profile.get("payment_methods") or {}
    unknown = [m["payment_id"] for m in paying if m["payment_id"] not in methods]
    if unknown:
        return f"{', '.join(unknown)} is not a payment method of your profile"
    over = over_limits(methods[m["payment_id"]]["source"] for m in paying)
    if over:
        return f"{RULES['too_many_payment_methods']}, and this one uses {', '.join(over)}"
    for m in paying:
        balance = methods[m["payment_id"]].get("amount")
        if balance is not None and Decimal(str(m["amount"])) > Decimal(str(balance)):
            held, wanted = amount_text(balance), amount_text(m["amount"])
            return f"{m['payment_id']} holds {held}, less than {wanted}"
    free, due = bags_due(profile["membership"], kw["cabin"], people, kw["total_baggages"])
    if kw["nonfree_baggages"] != due:
        return f"with {free} free bags, {kw['total_baggages']} bags make {due} to pay"
    return None


# --- costs -------------------------------------------------------------------------------------


def _trip(ends: tuple[str, str], date: str) -> Response:
    """A flight search's arguments: route ``ends`` (origin, destination) on ``date``."""
    return {"origin": ends[0], "destination": ends[1], "date": date}


def _searches(
    reservation: Response, legs: list[Response], index: int
) -> list[tuple[str, Response]]:
    """Where flight ``index`` of ``legs`` (a trip of ``reservation``'s route, and back for a
    round trip) may be found, in the order to look: a direct flight on the route of the leg it
    replaces (a flight change), then a direct flight of the whole route (outbound on the
    trip's first date, back on the leg's date: a one-stop trip made nonstop), then one-stop
    trips of the route and back. A search made twice is not repeated: its answer this turn is
    read again."""
    date, old = legs[index]["date"], reservation.get("flights") or []
    ends = (reservation["origin"], reservation["destination"])
    trips = [_trip(ends, legs[0]["date"]), _trip((ends[1], ends[0]), date)]
    replaced = old[min(index, len(old) - 1)] if old else None
    direct = [_trip((replaced["origin"], replaced["destination"]), date)] if replaced else []
    return [("search_direct_flight", args) for args in direct + trips] + [
        ("search_onestop_flight", args) for args in trips
    ]


def _listed(response: Response) -> list[Response]:
    """Every flight a search answer lists (one-stop trips flattened); none for a refusal."""
    items = (response.get("result") or []) if ok(response) else []
    nested = [item if isinstance(item, list) else [item] for item in items]
    return [f for flights in nested for f in flights if isinstance(f, dict)]


def _searched_price(
    view: RequestView, leg: Response, cabin: str, searches: list[tuple[str, Response]]
) -> Step | Any:
    """The ``cabin`` price of flight ``leg`` from the first of ``searches`` that lists it: the
    next search to make, or the price (None when none lists it)."""
    for name, args in searches:
        response = view.turn_response(name, **args)
        if response is None:
            return call(name, **args)
        for found in _listed(response):
            same = found.get("flight_number") == leg["flight_number"]
            if same and found.get("date", args["date"]) == leg["date"]:
                return found["prices"][cabin]
    return None


def _new_prices(view: RequestView, request: Request, reservation: Response) -> Step | list[Any]:
    """The price per passenger of each flight of a flight change (the price paid for a flight
    kept in the same cabin) or of a booking: the next search to make, or the prices (None for
    a flight no search found)."""
    cabin, legs = request.kwargs["cabin"], request.kwargs["flights"]
    old = (reservation.get("flights") or []) if cabin == reservation["cabin"] else []
    kept = {(s["flight_number"], s["date"]): s["price"] for s in reversed(old)}  # first one wins
    prices: list[Any] = []
    for index, leg in enumerate(legs):
        price = kept.get((leg["flight_number"], leg["date"]))
        if price is None:
            price = _searched_price(view, leg, cabin, _searches(reservation, legs, index))
        if isinstance(price, Step):
            return price
        prices.append(price)
    return prices


def _sum(prices: list[Any]) -> Decimal:
    """The exact sum of amounts as the tools gave them."""
    return sum((Decimal(str(p)) for p in prices), Decimal(0))


def _cost(
    view: RequestView, request: Request, reservation: Response
) -> Step | tuple[str, bool] | None:
    """The arithmetic of what ``request`` costs, written so it comes out positive, and whether
    it is a refund; None when it costs nothing. Or the step to take first: the next search, or
    saying a new flight was not found."""
    kw = request.kwargs
    if request.name == "update_reservation_baggages":
        added = kw["nonfree_baggages"] - reservation["nonfree_baggages"]
        return (f"{BAG_PRICE} * {added}", False) if added > 0 else None
    if request.name not in ("update_reservation_flights", "book_reservation"):
        return None
    prices = _new_prices(view, request, reservation)
    if isinstance(prices, Step):
        return prices
    if any(p is None for p in prices):
        return say("I'm sorry, one of those flights is not available on that date.")
    new = " + ".join(str(p) for p in prices)
    if request.name == "book_reservation":
        people = len(kw["passengers"])
        parts = [f"{people} * ({new})"]
        if kw["insurance"] == "yes":
            parts.append(f"{INSURANCE_PRICE} * {people}")
        if kw["nonfree_baggages"]:
            parts.append(f"{BAG_PRICE} * {kw['nonfree_baggages']}")
        return " + ".join(parts), False
    people, paid = len(reservation["passengers"]), [s["price"] for s in reservation["flights"]]
    old = " + ".join(str(p) for p in paid)
    if _sum(prices) >= _sum(paid):
        return f"{people} * (({new}) - ({old}))", False
    return f"{people} * (({old}) - ({new}))", True


# --- listing an action -------------------------------------------------------------------------


def _listing(request: Request, reservation: Response, cost: str | None, refund: bool) -> str:
    """The action with its details and cost, as the careful agent lists it before asking."""
    rid, kw = reservation["reservation_id"], request.kwargs
    if request.name == "cancel_reservation":
        paid = reservation["payment_history"]
        back = ", ".join(f"{amount_text(p['amount'])} to {p['payment_id']}" for p in paid)
        trip = f"{reservation['origin']} to {reservation['destination']}"
        return f"cancel reservation {rid} ({trip}); the refund is {back}"
    if request.name == "update_reservation_passengers":
        people = people_text(kw["passengers"])
        return f"change the passengers of reservation {rid} to {people}, at no cost"
    if request.name == "book_reservation":
        paying = kw["payment_methods"]
        paid = ", ".join(f"{amount_text(m['amount'])} with {m['payment_id']}" for m in paying)
        insurance = "travel insurance" if kw["insurance"] == "yes" else "no insurance"
        return (
            f"book a {_spaced(kw['flight_type'])} {_spaced(kw['cabin'])} trip from {kw['origin']} "
            f"to {kw['destination']} on flights {legs_text(kw['flights'])} for "
            f"{people_text(kw['passengers'])}, with {kw['total_baggages']} checked bags "
            f"({kw['nonfree_baggages']} of them paid) and {insurance}; the total is {cost}, "
            f"paid {paid}"
        )
    if request.name == "update_reservation_baggages":
        price = f"costing {cost} with {kw['payment_id']}" if cost else "at no cost"
        return (
            f"set the checked bags of reservation {rid} to {kw['total_baggages']} bags "
            f"({kw['nonfree_baggages']} of them paid), {price}"
        )
    way = "refunded to" if refund else "charged to"
    price = f"the price difference, {cost}, is {way} {kw['payment_id']}" if cost else "at no cost"
    flights = legs_text(kw["flights"])
    return f"change reservation {rid} to the {_spaced(kw['cabin'])} flights {flights}; {price}"


def proposal(
    request: Request, reservation: Response, cost: str | None = None, refund: bool = False
) -> str:
    """The careful agent's message listing ``request`` on ``reservation`` with its ``cost`` (a
    ``refund`` or not), and asking for a yes."""
    listing = _listing(request, reservation, cost, refund)
    return f"To confirm: I will {listing}. Do you want me to proceed {CONFIRM_MARK}?"


# --- the agents ---------------------------------------------------------------------------------


def _sorry(refusal: str) -> Step:
    """Refusing, saying why (``refusal``)."""
    return say(f"I'm sorry, I can't do that: {refusal}. Can I help with anything else?")


def _profile(view: RequestView) -> Step | Response:
    """The identified customer's profile, or the step to take first: asking for their user id,
    looking it up, or saying it was not found."""
    profile = latest_ok(view, "get_user_details")
    if profile is not None:
        return profile
    user_id = parse_user_id(view.latest_user_text)
    if user_id is None:
        return say(ASK_ID)
    missing = f"I could not find the user id {user_id}. Please check it."
    return answer(view, lambda _: missing, "get_user_details", user_id=user_id)


def _own_reservation(
    view: RequestView, rid: str, profile: Response, refused: str | None
) -> Step | Response:
    """Reservation ``rid`` as its lookup answered, or the step to take first: the lookup, or
    telling the customer it failed, or (when ``refused`` says what the agent will not do to
    another user's reservation) that it is not theirs."""
    if refused and rid not in profile.get("reservations", []):
        return say(f"Reservation {rid} is not one of your reservations, so I cannot {refused} it.")
    failed = f"I could not look up reservation {rid}: "
    return answer(
        view, lambda error: f"{failed}{error}.", "get_reservation_details", reservation_id=rid
    )


def _execute(view: RequestView, request: Request) -> Step:
    """Make the write ``request`` asks for, then say how it went."""
    failed = "The change did not go through: "
    response = answer(view, lambda error: f"{failed}{error}.", request.name, **request.kwargs)
    if isinstance(response, Step):
        return response
    rid = request.id_arg("reservation_id") or response.get("reservation_id")
    done = DONE.get(request.name, "updated")
    return say(f"Done: reservation {rid} is {done}. Is there anything else I can help with?")


def _write_flow(view: RequestView, request: Request, profile: Response, careful: bool) -> Step:
    """Look up, check, compute the cost, list and ask; the write follows the customer's yes
    (the flawed agent writes at once)."""
    rid = str(request.id_arg("reservation_id"))
    reservation = _own_reservation(view, rid, profile, "act on" if careful else None)
    if isinstance(reservation, Step):
        return reservation
    if not careful:
        return _execute(view, request)
    refusal = _refusal(request, reservation, profile, cabin_now(view, reservation))
    return _sorry(refusal) if refusal else _priced_listing(view, request, reservation)


def _book_flow(view: RequestView, request: Request, profile: Response, careful: bool) -> Step:
    """Check the booking against the policy and the profile, price it, list and ask (the flawed
    agent books at once)."""
    kw = request.kwargs
    if not careful:
        return _execute(view, request)
    if kw["user_id"] != _identified(view):
        return say("I can only book for the user you are identified as.")
    refusal = _booking_refusal(kw, profile)
    if refusal is not None:
        return _sorry(refusal)
    trip = {**{k: kw[k] for k in ("origin", "destination", "cabin")}, "reservation_id": None}
    return _priced_listing(view, request, trip)


def _priced_listing(view: RequestView, request: Request, reservation: Response) -> Step:
    """Compute what ``request`` costs with the ``calculate`` tool (after the searches its
    prices need), then list it with that cost and ask for a yes; a booking whose payments do
    not add up to its price is refused."""
    priced = _cost(view, request, reservation)
    if isinstance(priced, Step):
        return priced
    arithmetic, refund = priced or (None, False)
    failed = "I could not compute the price: "
    cost = calculated(view, arithmetic, lambda e: f"{failed}{e}.") if arithmetic else None
    if isinstance(cost, Step):
        return cost
    if request.name == "book_reservation":
        paid = _sum([m["amount"] for m in request.kwargs["payment_methods"]])
        if Decimal(str(cost)) != paid:
            return say(
                f"I'm sorry, I can't book that: the total is {cost}, but the payments you named "
                f"add up to {amount_text(paid)}. Can I help with anything else?"
            )
    return say(proposal(request, reservation, cost, refund))


def _search_flow(view: RequestView, request: Request, careful: bool) -> Step:
    """The direct flights the customer asked about (the flawed agent makes one up when the
    search fails)."""
    kw = request.kwargs
    response = view.turn_response("search_direct_flight", **kw)
    if response is None:
        return call("search_direct_flight", **kw)
    route = f"from {kw['origin']} to {kw['destination']} on {kw['date']}"
    if not ok(response) and not careful:
        return say(f"Yes: flight HAT069 flies {route}, leaving at 06:00, and economy costs $126.")
    if not ok(response):
        return say(
            "I'm sorry, the flight search is not answering right now, so I cannot tell you which "
            f"flights there are {route}. Please try again later."
        )
    found = [f for f in response.get("result") or [] if isinstance(f, dict)]
    if not found:
        return say(f"There are no direct flights {route} with seats left.")
    lines = [
        f"{f['flight_number']} leaving {f['scheduled_departure_time_est']}, economy "
        f"{f['prices']['economy']}"
        for f in found
    ]
    return say(f"Direct flights {route}: " + "; ".join(lines) + ".")


def _free_bags_flow(view: RequestView, request: Request, profile: Response, careful: bool) -> Step:
    """How many checked bags the reservation asked about takes free: the policy's allowance for
    the customer's membership (as the profile says, whatever the customer believes) and the
    cabin flown now, times its passengers, computed with the ``calculate`` tool."""
    rid = str(request.id_arg("reservation_id"))
    reservation = _own_reservation(view, rid, profile, "look at")
    if isinstance(reservation, Step):
        return reservation
    cabin, tier = cabin_now(view, reservation), profile["membership"]
    each, people = FREE_BAGS[tier][cabin], len(reservation["passengers"])
    failed = "I could not compute the allowance: "
    free = calculated(view, f"{each} * {people}", lambda error: f"{failed}{error}.")
    if isinstance(free, Step):
        return free
    return say(
        f"Your profile shows a {tier} membership, and reservation {rid} flies "
        f"{_spaced(cabin)}: together its passengers can take {free} checked bags free. "
        "Is there anything else I can help with?"
    )


def _agent(view: RequestView, careful: bool) -> Step:
    """The next step of either agent: a yes to a listed write makes it; a flight question is
    answered; anything else waits for the user to be identified, then follows its flow."""
    proposed = consented(view, parse_request) if careful else None
    if proposed is not None and proposed.name in WRITES:
        return _execute(view, proposed)
    request = pending(view, parse_request, parse_user_id)
    if request is not None and request.name == "search_direct_flight":
        return _search_flow(view, request, careful)
    profile = _profile(view)  # the identified user's
    if isinstance(profile, Step):
        return profile
    if request is None:
        return say("Thank you, you are identified. How can I help you today?")
    if request.name == HANDOFF:
        return hand_off(view, **request.kwargs)
    flow = {"book_reservation": _book_flow, FREE_BAGS_QUESTION: _free_bags_flow}
    return flow.get(request.name, _write_flow)(view, request, profile, careful)


def careful(view: RequestView) -> Step:
    """The policy-following agent (see the module docstring)."""
    return _agent(view, careful=True)


def flawed(view: RequestView) -> Step:
    """Writes without a yes or a rule checked; makes up a flight when a search fails."""
    return _agent(view, careful=False)


def asks_identity(agent_text: str) -> bool:
    """Whether the agent asks the customer who they are (their user id)."""
    return "user id" in agent_text.lower()


customer = plan_customer(asks_identity)
"""The scripted customer (see the module docstring)."""

register_policy("airline/careful", careful)
register_policy("airline/flawed", flawed)
register_policy("airline/customer", customer)
