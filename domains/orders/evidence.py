"""What the agent had been told at each point of a conversation, grown call by call.

``no_fabrication`` asks, for every agent sentence, whether each fact it states came from a tool
(or the customer) before it was said. :class:`Evidence` answers that in time linear in the
conversation: it takes in each call's response and each customer message once, in order
(:meth:`Evidence.advance`), and indexes what they told:

- **money**: amounts a tool returned as numbers (a price, a balance, a ``calculate`` result);
  digits in text fields (a zip code, an item id, the last four digits of a card) are not money,
  so ``$80217`` is not supported by a zip code;
- **derived money** (:meth:`Evidence.derived`): a figure plain arithmetic makes from returned
  amounts of one order: the sum of some of its items (a refund of the returned items, an
  order's total), or the difference between an item's price and another option of the same
  product (what an exchange costs or refunds);
- **identifiers** (tracking numbers, item ids: :func:`checkers.tokens.identifiers` keys), order
  ids, and the records each tool returned about each order, with the statuses they report;
- **items**: the name and price of each item of each order described, so an amount stated about
  one item can be checked against that item rather than any item of the order;
- the lookups that failed, per order id, and whether any write succeeded.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from itertools import combinations
from typing import Any

from checkers.record_counts import Counts
from checkers.text import fold_lower
from checkers.told import records_where
from domains.orders import claims, facts
from domains.orders.conversation import CallRecord, Conversation, Message

MAX_ITEMS_SUMMED = 10
"""Sums are taken over the subsets of at most this many items of one order (2**10 sums)."""
MAX_TOTALS_CHANGED = 2000
"""The most totals of one order with some items changed to other options that are derived
(:func:`totals_changed`): a bound on the work and on the figures an amount may chance to hit."""

_NOT_MONEY_KEYS = ("id", "ids", "zip", "last_four", "phone", "quantity", "count")


def _is_money_key(key: str) -> bool:
    lowered = key.lower()
    return not any(lowered == k or lowered.endswith("_" + k) for k in _NOT_MONEY_KEYS)


def money_values(value: Any, key: str = "") -> Iterator[Decimal]:
    """Amounts inside a JSON value: numbers (not booleans), and text that is one number written
    with a decimal point (``"41.92"``), except under keys that name identifiers (``*_id``,
    ``zip``, ``last_four``)."""
    if isinstance(value, dict):
        for child_key, child in value.items():
            yield from money_values(child, str(child_key))
    elif isinstance(value, list | tuple):
        for child in value:
            yield from money_values(child, key)
    elif not _is_money_key(key):
        return
    elif isinstance(value, int | float) and not isinstance(value, bool):
        amount = _price(value)  # a difference may be told without its sign
        if amount is not None:
            yield amount
    elif isinstance(value, str) and "." in value:
        number = facts.as_number(value)
        if number is not None:
            yield abs(number)


def reported_statuses(values: Iterable[Any]) -> set[str]:
    """Every state the text fields of ``values`` report (``"delivered"``), lower-cased."""
    found = set()
    for value in values:
        for scalar in facts.scalars(value):
            if isinstance(scalar, str):
                found.update(facts.statuses(scalar))
                found.add(scalar.lower())
    return found


def records_of(value: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """(order id, record) for every object inside ``value`` with an ``"order_id"`` field."""
    for record in records_where(value, lambda r: isinstance(r.get("order_id"), str)):
        yield facts.normal_order_id(record["order_id"]), record


def item_names(value: Any) -> Iterator[str]:
    """The name of every item of every order record inside ``value`` (a tool's response)."""
    for _, record in records_of(value):
        items = record.get("items")
        for item in items if isinstance(items, list) else ():
            if isinstance(item, dict) and item.get("name"):
                yield str(item["name"])


def _price(value: Any) -> Decimal | None:
    """The size of a number (not a bool) as an exact decimal (``41.92`` as written, not its
    binary float); None for NaN, an infinity, or anything else. An int is read whole, however
    long (``str()`` refuses one of more than 4,300 digits)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return abs(Decimal(value))
    if isinstance(value, float) and math.isfinite(value):
        return abs(Decimal(repr(value)))
    return None


@dataclass(frozen=True)
class Item:
    """An item of an order as a tool described it."""

    name: str
    product_id: str
    price: Decimal


@dataclass
class Evidence:
    """What the agent had been told before call ``position`` of ``conversation``.

    Start at the beginning (``Evidence(conversation)``) and :meth:`advance` to each message's
    ``after_calls`` in turn; each call and customer message is taken in once.
    """

    conversation: Conversation
    position: int = 0
    money: set[Decimal] = field(default_factory=set)
    long_numbers: set[str] = field(default_factory=set)
    order_ids: set[str] = field(default_factory=set)
    records: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    statuses_of: dict[str, set[str]] = field(default_factory=dict)
    statuses: set[str] = field(default_factory=set)
    failed: dict[str, CallRecord] = field(default_factory=dict)
    items: dict[str, list[Item]] = field(default_factory=dict)
    variants: dict[str, set[Decimal]] = field(default_factory=dict)
    options: dict[str, set[tuple[frozenset[str], Decimal]]] = field(default_factory=dict)
    """For each product, the option values (lower case) and price of each of its variants a
    tool described (a product's options, an order's item)."""
    numbers: set[Decimal] = field(default_factory=set)
    """Every number a tool returned, also inside text (a street number, a zip code)."""
    money_of: dict[str, set[Decimal]] = field(default_factory=dict)
    """Amounts inside each order's records."""
    numbers_of: dict[str, set[str]] = field(default_factory=dict)
    """Long numbers (tracking numbers, item ids) inside each order's records."""
    money_elsewhere: set[Decimal] = field(default_factory=set)
    """Amounts returned outside any order's record (product options, calculations, balances)."""
    numbers_elsewhere: set[str] = field(default_factory=set)
    """Long numbers returned outside any order's record (a product's item ids)."""
    wrote: set[str] = field(default_factory=set)
    """The tools of the writes that succeeded (empty: none did)."""
    handed_off: bool = False
    """Whether a transfer to a human agent succeeded."""
    written: set[str] = field(default_factory=set)
    """The orders a successful write changed."""
    told_ids: set[str] = field(default_factory=set)
    told_numbers: set[Decimal] = field(default_factory=set)
    told_long_numbers: set[str] = field(default_factory=set)
    counts: Counts = field(default_factory=Counts)
    """How many of the customer's records (orders, payment methods, an order's items) the
    tools listed and the customer said."""
    _heard: int = 0
    _derived: frozenset[Decimal] | None = None

    def advance(self, position: int) -> Evidence:
        """This evidence taken to call ``position`` (a fresh one when ``position`` is before
        where it stands: messages are met in order, so that happens only for odd input)."""
        if position < self.position:
            return Evidence(self.conversation).advance(position)
        for call in self.conversation.calls[self.position : position]:
            self._take(call)
        self.position = max(self.position, position)
        heard = self._heard_in_order
        while self._heard < len(heard) and heard[self._heard].after_calls <= self.position:
            text = heard[self._heard].text
            self.told_ids.update(facts.order_ids(text))
            self.told_numbers.update(facts.numbers(text))
            self.told_long_numbers.update(facts.long_numbers(text))
            self.counts.take_words(fold_lower(text))
            self._heard += 1
        return self

    @cached_property
    def _heard_in_order(self) -> list[Message]:
        return sorted(self.conversation.user_messages, key=lambda m: m.after_calls)

    def _take(self, call: CallRecord) -> None:
        self._derived = None
        if not call.ok:
            order_id = call.arg("order_id")
            if order_id is not None:
                self.failed[order_id] = call
            return
        self.handed_off = self.handed_off or call.kind == "handoff"
        self.counts.take_response(call.seen)
        if call.kind == "write":
            self.counts.take_write()
            self.wrote.add(call.name)
            self.written.update(facts.order_ids(call.arg("order_id") or ""))
        seen = call.seen
        returned = set(money_values(seen))
        self.money |= returned
        in_records: set[Decimal] = set()
        numbers_in_records: set[str] = set()
        returned_numbers: set[str] = set()
        for scalar in facts.scalars(seen):
            text = str(scalar)
            returned_numbers.update(facts.long_numbers(text))
            self.numbers.update(facts.numbers(text))
            if isinstance(scalar, str):
                self.order_ids.update(facts.order_ids(scalar))
        self.statuses |= reported_statuses([seen])
        for order_id, record in records_of(seen):
            self.records.setdefault(order_id, []).append(record)
            amounts = set(money_values(record))
            in_records |= amounts
            self.money_of.setdefault(order_id, set()).update(amounts)
            numbers = {
                n for scalar in facts.scalars(record) for n in facts.long_numbers(str(scalar))
            }
            numbers_in_records |= numbers
            self.numbers_of.setdefault(order_id, set()).update(numbers)
            self.statuses_of.setdefault(order_id, set()).update(reported_statuses([record]))
            items = record.get("items")
            if isinstance(items, list):
                self.items[order_id] = [
                    Item(str(i.get("name", "")), str(i.get("product_id", "")), price)
                    for i in items
                    if isinstance(i, dict) and (price := _price(i.get("price"))) is not None
                ]
                for entry in items:
                    self._take_options(entry.get("product_id"), entry)
        self.long_numbers |= returned_numbers
        self.money_elsewhere |= returned - in_records
        self.numbers_elsewhere |= returned_numbers - numbers_in_records
        if isinstance(seen, dict) and isinstance(seen.get("variants"), dict):
            prices = {
                p
                for v in seen["variants"].values()
                if isinstance(v, dict) and (p := _price(v.get("price"))) is not None
            }
            self.variants.setdefault(str(seen.get("product_id", "")), set()).update(prices)
            for variant in seen["variants"].values():
                self._take_options(seen.get("product_id"), variant)

    def _take_options(self, product_id: Any, variant: Any) -> None:
        """Take in one variant of ``product_id`` (a product's or an order's item): its option
        values and its price, when it gives both."""
        if not isinstance(variant, dict) or not isinstance(variant.get("options"), dict):
            return
        price = _price(variant.get("price"))
        if price is None:
            return
        values = frozenset(str(v).lower() for v in variant["options"].values())
        self.options.setdefault(str(product_id), set()).add((values, price))

    def derived(self) -> frozenset[Decimal]:
        """Figures plain arithmetic makes from the amounts of one order: sums of 2 or more of
        its items (at most :data:`MAX_ITEMS_SUMMED` items), and each item's price difference
        with another option of its product (computed once per position, on demand)."""
        if self._derived is None:
            found = self._derived_of(set(self.items))
            self._derived = frozenset(found)
        return self._derived

    def supports_amount(self, value: Decimal) -> bool:
        """Whether amount ``value`` was returned, told by the customer, or derived."""
        return value in self.money or value in self.told_numbers or value in self.derived()

    def item_prices(self, order_ids: Iterable[str]) -> dict[str, set[Decimal]]:
        """For each item name of the given orders (lower-cased): the prices it can be stated
        with (its own, and every option of its product)."""
        prices: dict[str, set[Decimal]] = {}
        for order_id in order_ids:
            for item in self.items.get(order_id, []):
                own = prices.setdefault(item.name.lower(), set())
                own.add(item.price)
                own.update(self.variants.get(item.product_id, ()))
        return prices

    def item_options(
        self, order_ids: Iterable[str]
    ) -> dict[str, set[tuple[frozenset[str], Decimal]]]:
        """For each item name of the given orders (lower-cased): the option values and price of
        each variant of its product a tool described."""
        found: dict[str, set[tuple[frozenset[str], Decimal]]] = {}
        for order_id in order_ids:
            for item in self.items.get(order_id, []):
                own = found.setdefault(item.name.lower(), set())
                own.update(self.options.get(item.product_id, ()))
        return found

    def belongs_elsewhere(self, order_ids: Iterable[str]) -> tuple[set[Decimal], set[str]]:
        """Amounts and long numbers that the tools returned only about orders other than
        ``order_ids`` (so stating them about these orders binds a fact to the wrong entity).
        What was returned outside any order (a product's options and item ids, a
        calculation), and figures derived from these orders, are not among them."""
        mine = set(order_ids)
        own_money = {v for o in mine for v in self.money_of.get(o, ())} | self.money_elsewhere
        own_money |= self._derived_of(mine)
        own_numbers = {n for o in mine for n in self.numbers_of.get(o, ())} | self.numbers_elsewhere
        other_money = {v for o, vs in self.money_of.items() if o not in mine for v in vs}
        other_numbers = {n for o, ns in self.numbers_of.items() if o not in mine for n in ns}
        return other_money - own_money, other_numbers - own_numbers

    def _derived_of(self, order_ids: set[str]) -> set[Decimal]:
        found: set[Decimal] = set()
        for order_id in order_ids:
            items = self.items.get(order_id, [])
            prices = [i.price for i in items[:MAX_ITEMS_SUMMED]]
            for size in range(2, len(prices) + 1):
                found.update(sum(c, Decimal(0)) for c in combinations(prices, size))
            for item in items:
                found.update(abs(item.price - p) for p in self.variants.get(item.product_id, ()))
            found |= totals_changed(items, self.variants)
        return found

    def reported_for(self, order_id: str) -> set[str]:
        """The states the tools reported for ``order_id``."""
        return self.statuses_of.get(order_id, set())

    def about(self, order_id: str) -> bool:
        """Whether a tool described ``order_id`` (returned a record of it)."""
        return bool(self.records.get(order_id))


def totals_changed(items: list[Item], variants: dict[str, set[Decimal]]) -> set[Decimal]:
    """The totals an order of ``items`` comes to once some of them are changed to another
    option of their product (``variants``: each product's option prices a tool gave), "bringing
    your new order total to $3,067.35": each item at its own price or one of its product's, at
    most :data:`MAX_TOTALS_CHANGED` totals (items taken in order until then)."""
    totals = {sum((i.price for i in items), Decimal(0))}
    for item in items:
        changes = {p - item.price for p in variants.get(item.product_id, ())} - {Decimal(0)}
        grown = totals | {t + c for t in totals for c in changes}
        if len(grown) > MAX_TOTALS_CHANGED:
            break
        totals = grown
    return totals


def claimed_states(reported: set[str]) -> list[str]:
    """The order states among ``reported``, sorted (for reasons)."""
    return sorted(r for r in reported if r in claims.ORDER_STATES)
