"""Retail customer service: customers, orders, products, and the scenarios answers are judged in.

The records mirror the tau-bench retail database (``data/users.json``, ``orders.json``,
``products.json``) field for field (each a :class:`checkers.tau_hash.TauRecord`), so every
bundled record loads and a record written back out is the same JSON (``as_json``). A
:class:`Database` is immutable: an action that changes it returns a new database that shares
every record it did not touch (see :mod:`domains.orders.service`).

A :class:`Scenario` is what one conversation is judged against: the customer, what they asked
for, the actions that would serve them (``expected_actions``, replayed to get the expected
database) and the facts the agent must tell them (``required_outputs``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Annotated, Any, Literal, Self

from pydantic import Field

from checkers.requirements import Requirement

# tau-bench's trajectory format is the core's; named here too for this domain's modules.
from checkers.service import RESPOND as RESPOND
from checkers.service import Action as Action
from checkers.service import TaskScenario
from checkers.service import call_arguments as call_arguments

# The outcome and conveyed requirements are the core's, shared with the airline domain.
from checkers.service_checks import Conveyed as Conveyed
from checkers.service_checks import Outcome as Outcome
from checkers.service_records import Address, Name
from checkers.tau_hash import TauRecord

OrderStatus = Literal[
    "pending",
    "processed",
    "delivered",
    "cancelled",
    "return requested",
    "exchange requested",
    "pending (item modified)",
]
"""Statuses in the data, plus the three that writes produce (cancel keeps ``cancelled``)."""

CANCEL_REASONS = ("no longer needed", "ordered by mistake")
"""The only reasons the policy accepts for cancelling a pending order."""


class GiftCard(TauRecord):
    """A gift card: pays and receives refunds immediately, up to its balance."""

    source: Literal["gift_card"] = "gift_card"
    id: str
    balance: float
    """Current balance in dollars; the data stores whole dollars, writes keep cents."""


class CreditCard(TauRecord):
    """A credit card on file."""

    source: Literal["credit_card"] = "credit_card"
    id: str
    brand: str
    last_four: str


class Paypal(TauRecord):
    """A PayPal account on file."""

    source: Literal["paypal"] = "paypal"
    id: str


PaymentMethod = Annotated[GiftCard | CreditCard | Paypal, Field(discriminator="source")]


class User(TauRecord):
    """A customer: profile, default address, payment methods and order ids."""

    name: Name
    address: Address
    email: str
    payment_methods: dict[str, PaymentMethod]
    """Payment methods by id, e.g. ``{"paypal_5727330": {...}}``."""
    orders: tuple[str, ...]
    """Ids of this customer's orders, e.g. ``("#W7678072",)``."""


class OrderItem(TauRecord):
    """One item line of an order: a variant (``item_id``) of a product, at the price paid."""

    name: str
    """The product's name, e.g. ``"Water Bottle"``."""
    product_id: str
    item_id: str
    price: float
    options: dict[str, str]


class Fulfillment(TauRecord):
    """A shipment: its tracking numbers and the items in it."""

    tracking_id: tuple[str, ...]
    item_ids: tuple[str, ...]


class Transaction(TauRecord):
    """A payment or refund on an order."""

    transaction_type: Literal["payment", "refund"]
    amount: float
    payment_method_id: str


class Order(TauRecord):
    """An order. Fields after ``payment_history`` exist only once a write has set them."""

    order_id: str
    user_id: str
    address: Address
    items: tuple[OrderItem, ...]
    fulfillments: tuple[Fulfillment, ...]
    status: OrderStatus
    payment_history: tuple[Transaction, ...]
    cancel_reason: str | None = None
    exchange_items: tuple[str, ...] | None = None
    exchange_new_items: tuple[str, ...] | None = None
    exchange_payment_method_id: str | None = None
    exchange_price_difference: float | None = None
    return_items: tuple[str, ...] | None = None
    return_payment_method_id: str | None = None


class Variant(TauRecord):
    """One item (option combination) of a product."""

    item_id: str
    options: dict[str, str]
    available: bool
    price: float


class Product(TauRecord):
    """A product type and its variants by item id."""

    name: str
    product_id: str
    variants: dict[str, Variant]


class Database(TauRecord):
    """The whole store: customers, orders and products, each by id. Never mutated in place."""

    users: dict[str, User]
    orders: dict[str, Order]
    products: dict[str, Product]

    # The indexes below are computed once per database: a database is never changed in place.
    # Each is an index of the products alone, so a copy changing the orders or the users (every
    # write) keeps them, and one changing the products drops them all (model_copy); a test holds
    # every cached property to a fresh computation after a copy changing the other tables.

    @cached_property
    def _item_products(self) -> dict[str, str]:
        return {item: p.product_id for p in self.products.values() for item in p.variants}

    @cached_property
    def variants(self) -> dict[str, Variant]:
        """Every variant of every product, by item id."""
        return {i: v for p in self.products.values() for i, v in p.variants.items()}

    @cached_property
    def option_values(self) -> frozenset[tuple[str, str]]:
        """Every ``(option, value)`` pair some variant holds (``("material", "mesh")``)."""
        variants = self.variants.values()
        return frozenset((k, v) for variant in variants for k, v in variant.options.items())

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy (pydantic's), whose product indexes (every ``cached_property`` of the class)
        are dropped when ``update`` changes the products: pydantic copies an instance's cached
        values with its fields."""
        copy = super().model_copy(update=update, deep=deep)
        if update is not None and "products" in update:
            for name in cached_names(type(self)):
                copy.__dict__.pop(name, None)
        return copy

    def product_of_item(self, item_id: str) -> Product | None:
        """The product that ``item_id`` is a variant of, or None for an unknown item."""
        product_id = self._item_products.get(item_id)
        return None if product_id is None else self.products[product_id]


def cached_names(cls: type) -> list[str]:
    """The names of the ``cached_property`` attributes of ``cls`` and its bases."""
    return [
        name
        for klass in cls.__mro__
        for name, value in vars(klass).items()
        if isinstance(value, cached_property)
    ]


# --- actions and scenarios -----------------------------------------------------------------------


class Scenario(TaskScenario):
    """What one conversation is judged against (:class:`checkers.service.TaskScenario`: the
    customer, what they want, the expected actions and the facts to tell), and the orders it is
    about.

    ``user_id`` is None when the request needs no account (a refund-policy question).
    """

    order_ids: tuple[str, ...] | None = None
    """The orders the conversation is about, for ``mentions_order_id`` (derived from the written
    orders when not given); a reference like the expected actions (``has_reference``)."""


# --- requirements --------------------------------------------------------------------------------


class AuthenticatedFirst(Requirement):
    """No private read (customer or order data) and no write before the customer was identified
    by email, or by name and zip code (a user id the customer gives is not identification).
    Where the record carries the customer's words, the email (or name and zip) must be what a
    customer message before the lookup gave: a lookup by values the agent guessed identifies
    no one."""

    kind: Literal["authenticated_first"] = "authenticated_first"


class OwnDataOnly(Requirement):
    """No other customer is identified, and no other customer's account or orders are read,
    changed or revealed.

    "Own" means ``customer_id``'s, the customer the scenario is for; only when the scenario names
    none (a refund-policy question) is it the first customer the agent identified. A customer who
    gives another customer's email, or name and zip, is not that customer: identifying anybody
    but the scenario's customer fails (``other_customer_identified``).
    """

    kind: Literal["own_data_only"] = "own_data_only"
    customer_id: str | None = None
    """The scenario's customer (``user_id``); None when the request needs no account."""


class PolicyValid(Requirement):
    """Every write the agent attempted is one the policy allows at that moment: only pending
    orders cancelled or modified, only delivered orders returned or exchanged, the order's status
    looked up first, exchanges and item changes within the same product to an available other
    option and at most once per order, refunds to the original payment method or a gift card, a
    gift card that covers what it pays, a valid cancellation reason."""

    kind: Literal["policy_valid"] = "policy_valid"


class ConfirmedBeforeWriting(Requirement):
    """Each consequential write follows the customer's explicit yes to that action: the agent's
    previous reply described it (its order, or the address) and the customer's next message was
    a yes. Unscored when the conversation records no customer messages."""

    kind: Literal["confirmed_before_writing"] = "confirmed_before_writing"


class NoFabrication(Requirement):
    """Every order id, status, amount and tracking number the agent states came from a tool (or,
    for ids and amounts, from the customer) before it said it; any status, amount or tracking
    number stated about an order whose lookup failed, or that was never looked up, is made up."""

    kind: Literal["no_fabrication"] = "no_fabrication"


class MentionsOrderId(Requirement):
    """The agent's replies name every order the conversation is about (the ADK chapter's custom
    metric exercise: "the response contains the order number")."""

    kind: Literal["mentions_order_id"] = "mentions_order_id"
    order_ids: tuple[str, ...] = ()
    """The orders the conversation is about (``#W...``)."""


OrdersRequirement = Annotated[
    Outcome
    | Conveyed
    | AuthenticatedFirst
    | OwnDataOnly
    | PolicyValid
    | ConfirmedBeforeWriting
    | NoFabrication
    | MentionsOrderId,
    Field(discriminator="kind"),
]
"""Any orders requirement, loadable from JSON by its ``kind``."""
