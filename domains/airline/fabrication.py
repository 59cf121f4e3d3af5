"""``no_fabrication``: every flight number, reservation id, amount, time and flight status the agent
states came from a tool or the customer before it said it, about the entity it states it about.

What the agent had been told grows call by call (:class:`Evidence`, on :class:`checkers.told.
Told`): every response's numbers, the flight numbers and reservation ids it names, and per
flight the prices, times and statuses returned about it; the customer's numbers, ids and
statuses. Each agent sentence is then checked (:func:`sentence_problems`): an id must have been
returned or said; an amount must be a number returned, said or given by the policy
(:data:`POLICY_AMOUNTS`), or plain arithmetic on them (:meth:`checkers.told.Told.derived`); a
sentence naming one flight binds its amounts, times and statuses to that flight, one naming
several binds what it says of each flight in turn to that flight (a status after a list of
flights to each of them). The policy forbids giving information "not provided by the user or
available tools"; a figure computed without the ``calculate`` tool is accepted only as one of
those plain derivations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from checkers import tokens, told
from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service_checks import NO_AGENT_MESSAGE, check_for, maker
from checkers.service_fabrication import STATEMENTS_REASONS, statements_result
from checkers.status_words import NOT_AFTER, SAME_AFTER, SAME_BEFORE, negated
from checkers.text import fold, fold_lower, sentences
from checkers.told import times_in as times_in
from domains.airline.checks import REASONS, AirlineContext, CallRecord, checks
from domains.airline.models import NoFabrication
from domains.airline.policy import COMPENSATION, MAX_PASSENGERS
from domains.airline.service import BAG_PRICE, INSURANCE_PRICE

_FLIGHT = re.compile(r"\bHAT\d{3}\b")
_RESERVATION = re.compile(r"\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{6}\b")
STATUS_WORDS = {
    "cancelled": r"cancell?ed|called off|scrapped|scratched",
    "delayed": r"delayed|running late|running behind|behind schedule|pushed back",
    "on time": r"on time|on schedule|on-time",
    "landed": r"landed|touched down",
    "flying": r"flying|in the air|in flight|airborne|en route|took off|taken off",
}
"""The words that state each flight status, in any tense ("was called off", "is running
late"): a status claim is read by meaning, not by the one word the data uses."""
_STATUS = re.compile(r"\b(" + "|".join(STATUS_WORDS.values()) + r")\b")
_STATUS_OF = [(status, re.compile(rf"^(?:{words})$")) for status, words in STATUS_WORDS.items()]
POLICY_AMOUNTS = frozenset(Decimal(n) for n in (INSURANCE_PRICE, BAG_PRICE, *COMPENSATION.values()))
"""Dollar figures the policy itself gives the agent: insurance per passenger, a bag, the
compensation per passenger."""


_NEITHER_LIST = re.compile(
    r"\bneither\b(?:(?!;|\b(?:but|while|whereas|however|both|all|each)\b).)*$", re.DOTALL
)
"""A "neither" before a status in its clause: "Neither HAT188 nor HAT207 is delayed" denies it
of each. The clause ends at a semicolon, "but" and the like, or words that speak of the flights
together again ("..., and both are on time")."""


def _said(lowered: str) -> list[tuple[int, str, bool]]:
    """``(start, status, holds)`` for each flight status a lowered sentence states, by
    :data:`STATUS_WORDS`, in the data's words; ``holds`` is False for a denial ("is not
    delayed", "is no longer delayed", "neither delayed nor cancelled", "Neither HAT188 nor
    HAT207 is delayed": :func:`checkers.status_words.negated`)."""
    found = []
    for match in _STATUS.finditer(lowered):
        denied = negated(lowered, match.start(), match.group(0)) or bool(
            _NEITHER_LIST.search(lowered, 0, match.start())
        )
        found += [(match.start(), s, not denied) for s in _statuses_of(match.group(0))]
    return found


def statuses_in(text: str) -> list[str]:
    """The flight statuses ``text`` says hold (not the ones it denies), by
    :data:`STATUS_WORDS`, in the data's words."""
    return list(dict.fromkeys(s for _, s, holds in _said(fold_lower(text)) if holds))


def _prices(record: dict[str, Any]) -> set[Decimal]:
    """The prices a flight record gives: a segment's ``price``, a search result's ``prices``."""
    return told.numbers_in({k: v for k, v in record.items() if k in ("price", "prices")})


def _ids(text: str) -> list[str]:
    """The flight numbers and reservation ids ``text`` names."""
    return _FLIGHT.findall(text) + _RESERVATION.findall(text)


def _flight_records(value: Any) -> list[dict[str, Any]]:
    return list(told.records_where(value, lambda r: isinstance(r.get("flight_number"), str)))


@dataclass
class Flight:
    """What the tools returned about one flight number."""

    prices: set[Decimal] = field(default_factory=set)
    times: set[str] = field(default_factory=set)
    statuses: set[str] = field(default_factory=set)


@dataclass
class Evidence(told.Told):
    """What the agent had been told (:class:`checkers.told.Told`), with the flight numbers and
    reservation ids and, per flight, the prices, times and statuses returned about it."""

    given: frozenset[Decimal] = POLICY_AMOUNTS
    multiples: int = MAX_PASSENGERS
    ids: set[str] = field(default_factory=set)
    flights: dict[str, Flight] = field(default_factory=dict)
    heard_statuses: set[str] = field(default_factory=set)
    """Statuses the customer stated ("my flight was cancelled")."""

    def flight(self, number: str) -> Flight:
        """What was returned about flight ``number`` (nothing yet, the first time)."""
        return self.flights.setdefault(number, Flight())

    def take_call(self, call: CallRecord) -> None:
        """Take in what ``call`` returned; a refusal's text too ("total price is 375, but paid
        299" tells the agent 375). A cancelled reservation's flights are no longer flown."""
        seen, records = call.seen, _flight_records(call.seen)
        self.take_response(seen, {p for f in records for p in _prices(f)})
        for scalar in told.scalars(seen):
            self.ids.update(_ids(scalar) if isinstance(scalar, str) else ())
        for record in records:
            flight = self.flight(record["flight_number"])
            flight.prices |= _prices(record)
            flight.times |= told.times_of(record)
            status, dates = record.get("status"), record.get("dates")
            if isinstance(status, str):
                flight.statuses.add(status.lower())
            if isinstance(dates, dict):
                flight.statuses |= {
                    str(d.get("status")).lower() for d in dates.values() if isinstance(d, dict)
                }
        cancelled = told.records_where(
            seen, lambda r: r.get("status") == "cancelled" and isinstance(r.get("flights"), list)
        )
        for reservation in cancelled:
            for record in _flight_records(reservation.get("flights")):
                self.flight(record["flight_number"]).statuses.add("cancelled")

    def take_heard(self, text: str) -> None:
        """Take in what the customer said: numbers, times, statuses and ids."""
        folded = fold(text)
        self.take_words(folded)
        self.heard_statuses.update(statuses_in(folded))
        self.ids.update(_ids(folded.upper()))


def _bound_flights(folded: str, flights: list[str]) -> list[tuple[int, str]]:
    """``(start, flight)`` for each flight mention of a sentence naming several, when every
    mention is followed by its own figures before the next ("HAT188 costs $87 and HAT207 costs
    $52"): each figure is then said of the flight before it. Empty otherwise ("HAT188 and
    HAT207 cost $52 and $87" binds nothing)."""
    if len(flights) < 2:
        return []
    marks = [(m.start(), m.group(0)) for m in _FLIGHT.finditer(folded)]
    figures = [q.start for q in tokens.quantities(folded)] + [
        m.start() for m in told.CLOCK.finditer(folded)
    ]
    ends = [s for s, _ in marks[1:]] + [len(folded)]
    spans = zip(marks, ends, strict=True)
    if all(any(start < f < end for f in figures) for (start, _), end in spans):
        return marks
    return []


def _amount_problems(
    quantity: tokens.Quantity, about: str | None, evidence: Evidence
) -> list[tuple[str, str]]:
    """What is wrong with an amount stated about flight ``about`` (None: about no one flight):
    not a price of that flight for up to five passengers, but another flight's; or not
    derived at all."""
    value = quantity.value
    one = evidence.flights.get(about) if about is not None else None
    multiples = range(1, MAX_PASSENGERS + 1)
    if (
        one is not None
        and one.prices
        and all(value != p * k for p in one.prices for k in multiples)
    ):
        others = [n for n, f in evidence.flights.items() if n != about and value in f.prices]
        if others and value not in evidence.derived() - {
            p for n in others for p in evidence.flights[n].prices
        }:
            what = f"is stated about flight {about}, but it is a price of {', '.join(others[:3])}"
            return [("amount_of_another_flight", f"amount {quantity.text} {what}")]
    if value not in evidence.derived():
        what = "was never returned or told, nor is it a multiple, sum or difference of amounts"
        return [("unsupported_amount", f"amount {quantity.text} {what} that were")]
    return []


def _time_problems(time: str, about: str | None, evidence: Evidence) -> list[tuple[str, str]]:
    one = evidence.flights.get(about) if about is not None else None
    if one is not None and one.times and time not in one.times:
        return [("unsupported_time", f"time {time} is not a time returned for flight {about}")]
    return (
        [] if time in evidence.times else [("unsupported_time", f"time {time} was never returned")]
    )


_LIST_GAP = re.compile(r"\s*(?:,|/|&|\+)?\s*(?:(?:and|as well as|plus)\s+)?(?:flights?\s+)?")
"""What stands between the flights of one list ("HAT188, HAT207 and HAT301"); "or" does not
join a list here: "HAT188 or HAT207 is delayed" says it of one of them."""
_SPACE_RUN = re.compile(r"[ \t\u00a0]+")
_SOME_OF = re.compile(
    r"\b(?:one|either|neither|any|some|none|which|whichever)\s+of\s+(?:the\s+)?(?:flights?\s+)?$"
)
"""Words before a list that make what follows about some of its flights, not each."""


_SAME_AFTER = re.compile(rf"\s*,?\s*{SAME_AFTER}\s*[.!]?\s*")
"""A group's status left out, the same as the one before ("... and HAT207 too")."""
_SAME_BEFORE = re.compile(rf"\b{SAME_BEFORE}(?:flights?\s+)?$")
"""The same, said before the group ("... and so is HAT207", "as was HAT207")."""
_NOT_AFTER = re.compile(rf"\s*{NOT_AFTER}\s*[.!]?\s*")
"""A group's status left out and denied ("HAT188 is delayed but HAT207 is not"), or a denial
repeated ("HAT188 isn't delayed and HAT207 isn't either")."""

Bound = tuple[tuple[str, ...], str, bool]
"""(flights, status, whether it is said to hold: False for "... is not")."""


def _bound_statuses(sentence: str) -> list[Bound]:
    """``(flights, status, holds)`` for each status stated in a sentence whose every group of
    flights (one flight, or a list: "HAT188 and HAT207") is followed by its own status before the
    next group ("HAT188 is delayed and HAT207 is on time"; "HAT188 is not delayed" denies it),
    or leaves it out: the same as the status before ("... and HAT207 too", "... and so is
    HAT207") or its denial ("... but HAT207 is not"; after a denial, the same denial). Each
    status is then said of every flight of the group before it. Empty otherwise
    ("Delayed: HAT188", "one of HAT188 and HAT207 is delayed"): the statuses are then about the
    sentence's flights together."""
    cased = _SPACE_RUN.sub(" ", fold(sentence))  # fold_lower's text and positions, case kept
    lowered = cased.lower()
    groups: list[tuple[int, int, tuple[str, ...]]] = []
    for mark in _FLIGHT.finditer(cased):
        if groups and _LIST_GAP.fullmatch(lowered, groups[-1][1], mark.start()):
            start, _, numbers = groups[-1]
            groups[-1] = (start, mark.end(), (*numbers, mark.group(0)))
        else:
            groups.append((mark.start(), mark.end(), (mark.group(0),)))
    said = _said(lowered)
    ends = [start for start, _, _ in groups[1:]] + [len(lowered)]
    bound: list[Bound] = []
    previous: list[tuple[str, bool]] = []  # what the group before was said to be
    for (start, end, numbers), next_start in zip(groups, ends, strict=True):
        own = [(status, holds) for at, status, holds in said if end <= at < next_start]
        if _SOME_OF.search(lowered, 0, start) is not None:
            return []
        if own:
            previous = own
        elif previous and (
            _SAME_BEFORE.search(lowered, 0, start) is not None
            or _SAME_AFTER.fullmatch(lowered, end, next_start)
        ):
            pass  # the same as the group before, itself perhaps a denial
        elif previous and _NOT_AFTER.fullmatch(lowered, end, next_start):
            previous = [(status, False) for status, _ in previous]
        else:
            return []
        bound += [(numbers, status, holds) for status, holds in previous]
    return bound


def _statuses_of(words: str) -> list[str]:
    return [status for status, pattern in _STATUS_OF if pattern.match(words)]


def _status_problems(
    sentence: str, flights: list[str], evidence: Evidence
) -> list[tuple[str, str]]:
    """A status stated of a flight must be one returned for it; when no status of it was
    returned, one the customer stated. A status said of each flight of a sentence in turn
    (:func:`_bound_statuses`) is checked against that flight; one said of several flights
    together ("Delayed: HAT188, HAT207"), against all of them (it must be one of theirs)."""
    if not flights:
        return []
    bound = _bound_statuses(sentence)
    if bound:
        # The customer's words stand in only when no flight of the sentence has a status from a
        # tool: beside one that has, a flight with none has no status to state.
        any_returned = any(evidence.flights.get(n, Flight()).statuses for n in flights)
        heard = frozenset() if any_returned else evidence.heard_statuses
        problems = []
        for numbers, status, holds in bound:
            for number in numbers:
                returned = evidence.flights.get(number, Flight()).statuses
                known = returned or heard
                # A denial is supported only by a status known to be another one.
                if (status in known) if holds else (bool(known) and status not in known):
                    continue
                got = ", ".join(sorted(returned)) if returned else "no status of them"
                said = f"{'' if holds else 'not '}to be {status!r}"
                problems.append(
                    (
                        "unsupported_status",
                        f"flight {number} is said {said}; the tools returned {got}",
                    )
                )
        return problems
    returned = set().union(*(evidence.flights.get(n, Flight()).statuses for n in flights))
    allowed = returned or evidence.heard_statuses
    # A denial said of them together is supported only if every one of them is known to be
    # another status: "Neither HAT188 nor HAT207 is delayed" with HAT188 delayed is false, and
    # so unsupported when a flight beside one with a returned status has none.
    heard = frozenset() if returned else evidence.heard_statuses
    known_of = [evidence.flights.get(n, Flight()).statuses or heard for n in flights]
    who = f"flight {flights[0]}" if len(flights) == 1 else f"flights {', '.join(flights)}"
    got = ", ".join(sorted(returned)) if returned else "no status of them"
    claims = dict.fromkeys((status, holds) for _, status, holds in _said(fold_lower(sentence)))
    return [
        (
            "unsupported_status",
            f"{who} {'is' if len(flights) == 1 else 'are'} said {'' if holds else 'not '}to be "
            f"{status!r}; the tools returned {got}",
        )
        for status, holds in claims
        if (
            status not in allowed
            if holds
            else not all(statuses and status not in statuses for statuses in known_of)
        )
    ]


def sentence_problems(sentence: str, evidence: Evidence) -> list[tuple[str, str]]:
    """What ``sentence`` states that ``evidence`` does not support: (reason code, what). A
    sentence naming one flight binds its amounts and times to it; one naming several binds each
    figure to the flight just before it when every flight has its own figures
    (:func:`_bound_flights`), and each status likewise (:func:`_bound_statuses`)."""
    problems: list[tuple[str, str]] = []
    folded = fold(sentence)
    flights: list[str] = list(dict.fromkeys(_FLIGHT.findall(folded)))
    for number in flights:
        if number not in evidence.ids:
            problems.append(("unsupported_flight", f"flight {number} was never returned or told"))
    for reservation in dict.fromkeys(_RESERVATION.findall(folded)):
        if reservation not in flights and reservation not in evidence.ids:
            problems.append(
                ("unsupported_reservation", f"reservation {reservation} was never returned or told")
            )
    marks = _bound_flights(folded, flights)

    def about(position: int) -> str | None:
        if len(flights) == 1:
            return flights[0]
        return next((n for start, n in reversed(marks) if start < position), None)

    for quantity in tokens.quantities(sentence):
        if told.is_amount(sentence, quantity):
            problems += _amount_problems(quantity, about(quantity.start), evidence)
    for start, time in told.times_at(folded):  # a time not placed is said of the last flight
        problems += _time_problems(time, about(len(folded) if start is None else start), evidence)
    problems += _status_problems(sentence, flights, evidence)
    return list(dict.fromkeys(problems))


@check_for(
    checks,
    REASONS,
    NoFabrication,
    {
        **STATEMENTS_REASONS,
        "no_statements": "pass: the agent stated no flight, reservation id, amount, time or status",
        "unsupported_flight": "fail: a flight number no tool returned and the customer did not "
        "give",
        "unsupported_reservation": "fail: a reservation id no tool returned and the customer did "
        "not give",
        "unsupported_amount": "fail: an amount never returned or told, nor plainly derived",
        "amount_of_another_flight": "fail: an amount stated about a flight that is another "
        "flight's price",
        "unsupported_time": "fail: a time not returned (for that flight)",
        "unsupported_status": "fail: a status not returned for that flight",
        **NO_AGENT_MESSAGE,
    },
)
def check_no_fabrication(req: NoFabrication, ctx: AirlineContext) -> RequirementResult:
    """Each agent sentence against what the tools and the customer said before it
    (:func:`sentence_problems`)."""
    make, conversation = maker(req), ctx.conversation
    if not conversation.agent_messages:
        return make(ResultOutcome.INCOMPLETE, "no_agent_message", "the agent said nothing to judge")
    evidence, problems, statements = Evidence(), [], 0
    for kind, item in told.in_order(conversation):
        if kind == "heard":
            evidence.take_heard(item)
        elif kind == "call":
            evidence.take_call(item)
        else:
            for sentence in sentences(item):
                found = sentence_problems(sentence, evidence)
                statements += bool(
                    _FLIGHT.search(sentence)
                    or times_in(sentence)
                    or any(q.money for q in tokens.quantities(sentence))
                )
                problems += [(code, f"{what}: {sentence[:100]!r}") for code, what in found]
    return statements_result(
        make,
        problems,
        statements,
        "flight, reservation id, amount, time or status",
        "flight, reservation id, amount, time and status",
    )
