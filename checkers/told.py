"""What a customer-service conversation told the agent, for checking what it then stated.

``no_fabrication`` asks of every figure an agent states whether a tool or the customer gave it
first. The readers here are domain-agnostic: they walk JSON responses (:func:`scalars`,
:func:`records_where`), read numbers, amounts and times out of them and out of the customer's
words, and grow :class:`Told` in the order things happened (:func:`in_order`); a domain adds
its own entities (flights, orders) on top.

- **Times** are read by :func:`times_at` in ``H:MM`` 24-hour form: ``06:00:00``, ``6:00 AM``,
  ``6 am`` are ``6:00``; ``6:00 PM``, ``18:00``, ``6.00 pm``, ``18h00``, ``1800 hours`` are
  ``18:00``; noon ``12:00``, midnight ``0:00``.
- **Amounts** a sentence states (:func:`is_amount`): written with a currency or cents, or right
  after a word of cost ("costs 1234").
- **Arithmetic** an amount may come from (:meth:`Told.supports_amount`): a sum of one
  response's amounts, a multiple for up to five passengers or items, the sum or difference of
  two amounts. Only amounts: a zip code, a card's last four digits or a year of birth a response
  held is no amount an agent may state.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from checkers import tokens
from checkers.conversation import Conversation
from checkers.text import fold_lower

CLOCK = re.compile(
    r"\b([01]?\d|2[0-3]):([0-5]\d)(?::\d\d)?(?:\s*([AaPp])\.?[Mm]\b)?"
    r"|\b([01]?\d|2[0-3])\.([0-5]\d)\s*([AaPp])\.?[Mm]\b"
    r"|\b([01]?\d|2[0-3])h([0-5]\d)\b"
    r"|\b([01]\d|2[0-3])([0-5]\d)\s*(?:hours|hrs)\b"
    r"|(?<=\bat )(0\d)([0-5]\d)\b"
)
"""A time with minutes, in any way it is written: ``14:00``, ``2:00 PM``, ``06:00:00``,
``5.30 pm`` (a dot only with am or pm: ``5.30`` alone is a figure), ``17h30``, ``1730 hours``
and ``at 0530``. Each way captures the hours, the minutes and, where written, the "a" or "p" of
am or pm, in that order and nothing else (:func:`_clock_of` reads them so)."""
_HOUR = re.compile(r"(?<![:.\d])\b(1[0-2]|0?[1-9])\s*([AaPp])\.?[Mm]\b")
_NOON = re.compile(r"\b(noon|midday|midnight)\b", re.IGNORECASE)


def scalars(value: Any) -> Iterator[Any]:
    """Every string and number inside a JSON value, dict keys included (booleans left out)."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield key
            yield from scalars(child)
    elif isinstance(value, list | tuple):
        for child in value:
            yield from scalars(child)
    elif isinstance(value, str | int | float) and not isinstance(value, bool):
        yield value


def numbers_in(value: Any) -> set[Decimal]:
    """Every number inside a JSON value, as a size: numbers, and numbers written in its text."""
    found: set[Decimal] = set()
    for scalar in scalars(value):
        if isinstance(scalar, str):
            found |= tokens.numbers(scalar)
        else:
            number = tokens.to_decimal(str(scalar))
            if number is not None:
                found.add(abs(number))
    return found


def records_where(value: Any, test: Callable[[dict[str, Any]], bool]) -> Iterator[dict[str, Any]]:
    """Every object inside a JSON value that passes ``test``, outer ones first (a flight record:
    ``lambda r: isinstance(r.get("flight_number"), str)``; an order's: ``"order_id"``)."""
    if isinstance(value, dict):
        if test(value):
            yield value
        for child in value.values():
            yield from records_where(child, test)
    elif isinstance(value, list | tuple):
        for child in value:
            yield from records_where(child, test)


def amounts_under(value: Any, keys: tuple[str, ...] = ("amount", "price")) -> list[Decimal]:
    """The amounts a response gives under ``keys`` (balances, prices, payments), as sizes, in
    order; a dict or list under such a key is searched in turn."""
    found: list[Decimal] = []
    if isinstance(value, dict):
        for key, child in value.items():
            if key in keys and not isinstance(child, bool | dict | list):
                number = tokens.to_decimal(str(child))
                found += [abs(number)] if number is not None else []
            else:
                found += amounts_under(child, keys)
    elif isinstance(value, list | tuple):
        for child in value:
            found += amounts_under(child, keys)
    return found


def _computed(seen: Any) -> set[Decimal]:
    """The size of a response that is one number (``23553.0``, ``"-2580"``), else nothing."""
    if isinstance(seen, bool) or not isinstance(seen, int | float | str):
        return set()
    number = tokens.to_decimal(str(seen).strip())
    return {abs(number)} if number is not None else set()


def subset_sums(amounts: list[Decimal], limit: int = 10) -> set[Decimal]:
    """Every sum of one or more of ``amounts`` (the first ``limit``, so at most 2**limit)."""
    sums: set[Decimal] = set()
    for amount in amounts[:limit]:
        sums |= {amount + s for s in sums} | {amount}
    return sums


def _clock(hours: str, minutes: str, half: str) -> str:
    """A time as ``H:MM`` on the 24-hour clock: ``("05", "30", "p")`` -> ``17:30``."""
    hour = int(hours) % 12 + (12 if half.lower() == "p" else 0) if half else int(hours)
    return f"{hour}:{minutes}"


def _clock_of(match: re.Match[str]) -> str:
    """The time a :data:`CLOCK` match states, whichever way it was written."""
    hours, minutes, *half = (group for group in match.groups() if group is not None)
    return _clock(hours, minutes, "".join(half))


def times_at(text: str) -> list[tuple[int, str]]:
    """``(start, time)`` for each time ``text`` states (see the module docstring), each at its
    place: times with minutes first, then hours alone ("7 PM"), then noon or midnight."""
    found = [(m.start(), _clock_of(m)) for m in CLOCK.finditer(text)]
    found += [(m.start(), _clock(m.group(1), "00", m.group(2))) for m in _HOUR.finditer(text)]
    found += [
        (m.start(), "0:00" if m.group(1).lower() == "midnight" else "12:00")
        for m in _NOON.finditer(text)
    ]
    return found


def times_in(text: str) -> list[str]:
    """The times ``text`` states, in :func:`times_at`'s order and form."""
    return [time for _, time in times_at(text)]


def times_of(value: Any) -> set[str]:
    """Times inside the text of a JSON value (``"06:00:00"`` -> ``6:00``)."""
    return {t for s in scalars(value) if isinstance(s, str) for t in times_in(s)}


_MONEY_BEFORE = re.compile(
    r"\b(?:costs?|costing|priced?|fares?|totals?|totalling|pay|paid|pays|charged?|charges|"
    r"refund(?:ed)?|balance|amount|fee|comes to|worth)\b(?:\s+(?:of|is|was|will be|to|at|you|"
    r"be|only|just|a|an|the|total|about))*\s*$"
)
"""Words that make the bare number after them an amount ("it costs 1234", "the fare is 61")."""


COUNTED = re.compile(
    r"\s*(?:(?:more|free|empty|available|checked|extra|additional|carry-on|other)\s+){0,2}"
    r"(?:seats?|passengers?|people|persons?|travell?ers?|bags?|baggages?|pieces?|suitcases?"
    r"|items?|days?|hours?|minutes?|nights?|stops?|flights?|tickets?|points?|miles?|segments?"
    r"|legs?|reservations?|times?)\b"
)
"""Nouns after a plain number that make it a count, never an amount ("11 seats left", "a total
of 4 free checked bags")."""


TIMES_MONEY = re.compile(r"\s*[x\u00d7*]\s*(?:\$|usd\s*)\d")
"""A multiplication sign and an amount right after a number: the number is a count ("3 x
$50"); "999 x 2" keeps its first number an amount."""


def is_amount(sentence: str, quantity: tokens.Quantity) -> bool:
    """Whether ``quantity`` of ``sentence`` is an amount: written with a currency or cents, or
    right after a word of cost ("costs 1234": a currency left out is still a price) and not
    before a noun of things counted (:data:`COUNTED`: "a total of 4 free checked bags") nor a
    multiplication sign before money (:data:`TIMES_MONEY`: "charged 3 x $50")."""
    if quantity.money or "." in quantity.text:
        return True
    lowered = fold_lower(sentence)
    if COUNTED.match(lowered, quantity.end) or TIMES_MONEY.match(lowered, quantity.end):
        return False
    return _MONEY_BEFORE.search(lowered[max(0, quantity.start - 40) : quantity.start]) is not None


@dataclass
class Told:
    """The amounts and times the agent had been told, grown in order; a domain's
    evidence adds its entities. ``given`` are figures the policy itself gives the agent."""

    given: frozenset[Decimal] = frozenset()
    multiples: int = 5
    """Amounts may be multiplied by up to this (passengers, items)."""
    money: set[Decimal] = field(default_factory=set)
    """The amounts arithmetic may start from: amounts returned, the customer's numbers, the
    policy's figures (not dates, seat counts or dates of birth)."""
    totals: set[Decimal] = field(default_factory=set)
    """Sums of the amounts of one response (a fare, the balance of several gift cards)."""
    times: set[str] = field(default_factory=set)
    _amounts: frozenset[Decimal] | None = None

    def __post_init__(self) -> None:
        self.money |= self.given

    def take_response(self, seen: Any, money: set[Decimal] | None = None) -> None:
        """Take in what a tool returned: its times, the amounts under ``amount`` and
        ``price`` keys and their sums, a response that is one number (a ``calculate`` result:
        the agent computed it), and ``money`` (amounts the domain reads elsewhere)."""
        self._amounts = None
        amounts = amounts_under(seen)
        self.money |= set(amounts) | (money or set()) | _computed(seen)
        self.totals |= subset_sums(amounts)
        self.times |= times_of(seen)

    def take_words(self, folded: str) -> None:
        """Take in what the customer said (:func:`checkers.text.fold` form): its numbers, which
        may be amounts, and its times ("after 11am" tells 11:00)."""
        self._amounts = None
        self.times.update(times_in(folded))
        self.money |= tokens.numbers(folded)

    def supports_amount(self, value: Decimal) -> bool:
        """Whether ``value`` is an amount the agent could state: one of the amounts
        (:attr:`money`, :attr:`totals`), a multiple of one up to :attr:`multiples`, or the sum
        or difference of two. Never merely a number some response held (a zip code, a card's
        last four digits, a year of birth: those are in :attr:`numbers`, not amounts). Linear
        in the amounts known, so a response of thousands of prices costs no quadratic table."""
        if self._amounts is None:
            self._amounts = frozenset(self.money | self.totals)
        known = self._amounts
        if any(value / k in known for k in range(1, self.multiples + 1)):
            return True
        return any(value - a in known or a - value in known or a + value in known for a in known)


def in_order(conversation: Conversation[Any]) -> list[tuple[str, Any]]:
    """``("heard", text)``, ``("call", call)`` and ``("said", text)`` in the order they happened:
    by how many calls came before, then turn, then (in a turn) the call, the customer's words,
    the reply."""
    events: list[tuple[int, int, int, str, Any]] = [
        (m.after_calls, m.turn, 1, "heard", m.text) for m in conversation.user_messages
    ]
    events += [(c.index + 1, c.turn, 0, "call", c) for c in conversation.calls]
    events += [(m.after_calls, m.turn, 2, "said", m.text) for m in conversation.agent_messages]
    return [(kind, item) for *_, kind, item in sorted(events, key=lambda e: e[:3])]
