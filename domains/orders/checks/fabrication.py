"""``no_fabrication``: every order id, status, amount and long number the agent states is backed
by what a tool returned or the customer said before it, about the entity it is stated about.

Each check declares its reason codes with it (``reasons=``, collected in
:data:`~domains.orders.checks.context.REASONS`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache

from checkers import consent, questions, tokens
from checkers.binding import (
    Group,
    Lists,
    Mark,
    bind,
    of_one_or_each,
    same_as,
    some_of,
    spans_of,
    unopposed,
)
from checkers.charges_said import Method, Moved, Paid, Terms
from checkers.done_claims import claims_without_write, handoff_without_call
from checkers.record_counts import COUNT_REASONS, count_problems
from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service import appended
from checkers.service_checks import NO_AGENT_MESSAGE, error_of, maker
from checkers.status_words import clause_of
from checkers.text import and_more, fold, plural
from checkers.write_promises import promise_pattern, promises, unkept_promises
from domains.orders import claims, facts
from domains.orders.checks.context import OrdersContext, agent_sentences, check_for
from domains.orders.conversation import CallRecord, Conversation, Message
from domains.orders.evidence import Evidence, claimed_states, records_of, reported_statuses
from domains.orders.models import Database, NoFabrication, Order, Transaction


@dataclass(frozen=True)
class _Read:
    """One agent sentence, read once for every rule below: the figures it states, by position
    on its folded lower-case form."""

    sentence: str
    lowered: str
    marks: list[Mark]
    """Where it names each order (an id, or its last digits, :func:`facts.order_id_marks`)."""
    ids: list[str]
    """The orders it names, in order, without repeats; naming none, the orders whose heading
    it stands under (:func:`checkers.headings.headed_things`)."""
    written_ids: list[str]
    """The order ids it writes out in full."""
    amounts: list[tokens.Quantity]
    numbers: tuple[tokens.Identifier, ...]
    """Its long numbers (tracking numbers, item ids)."""

    @classmethod
    def of(cls, sentence: str, known: Collection[str], under: Sequence[str] = ()) -> _Read:
        """``sentence`` read, an order named by its last digits taken as the ``known`` order
        ids it ends (the orders a tool described or the customer gave); one naming no order is
        about the orders ``under`` (whose heading it stands under, "- Total: $53.72")."""
        marks = facts.order_id_marks(sentence, known)
        return cls(
            sentence,
            fold(sentence).lower(),
            marks,
            list(dict.fromkeys(name for _, _, name in marks)) or list(under),
            facts.order_ids(sentence),
            facts.amount_quantities(sentence),
            tokens.identifiers(sentence),
        )

    @property
    def long_numbers(self) -> list[str]:
        return list(dict.fromkeys(number.key for number in self.numbers))


def _unsupported_values(read: _Read, evidence: Evidence) -> list[tuple[str, str]]:
    """Order ids, long numbers and amounts of a sentence that no tool returned and the
    customer did not give (an amount may also be derived, see :meth:`Evidence.derived`)."""
    problems = []
    for order_id in read.written_ids:
        if order_id not in evidence.order_ids and order_id not in evidence.told_ids:
            problems.append(
                (
                    "unsupported_order_id",
                    f"order {order_id} was never returned by a tool or given by the customer",
                )
            )
    for number in read.long_numbers:
        if number not in evidence.long_numbers and number not in evidence.told_long_numbers:
            problems.append(("unsupported_number", f"number {number} was never returned by a tool"))
    for quantity in read.amounts:
        text, value = quantity.text, quantity.value
        if not quantity.money and value in evidence.numbers:
            continue  # a bare number a tool returned in any field ("121 Cedar Avenue")
        if not evidence.supports_amount(value):
            problems.append(
                (
                    "unsupported_amount",
                    f"amount {text} was never returned by a tool, nor is it a sum of an order's "
                    "items or a price difference (if it was computed, compute it with the "
                    "calculate tool)",
                )
            )
    return problems


ITEM_LISTS = Lists(nouns=r"items?")
"""How an order's items are listed in a sentence (:class:`checkers.binding.Lists`)."""


@lru_cache(maxsize=4096)  # names come from tool responses: bounded on any traffic
def _item_name(name: str) -> re.Pattern[str]:
    """An item's name (lower case) as whole words, any run of spaces between them, a plural
    "s" allowed."""
    words = r"\s+".join(map(re.escape, name.split()))
    return re.compile(rf"(?<!\w){words}s?(?!\w)")


def _item_marks(lowered: str, names: Iterable[str]) -> list[Mark]:
    """Where ``lowered`` names each item (``names``, lower case) as whole words, any run of
    spaces between its words, a plural "s" allowed; a longer name first ("water bottle" before
    "bottle"), none overlapping another."""
    found: list[Mark] = []
    for name in sorted(names, key=len, reverse=True):
        for match in _item_name(name).finditer(lowered):
            if not any(s < match.end() and match.start() < e for s, e, _ in found):
                found.append((match.start(), match.end(), name))
    return sorted(found)


def _amounts_of_other_items(
    read: _Read, order_ids: Sequence[str], evidence: Evidence
) -> list[tuple[str, str]]:
    """Amounts stated about an item that are not a price of that item (nor of another option
    of its product) but the price of another item of the same orders: the fact belongs to
    another entity. Each amount is bound to the item it is said of
    (:func:`checkers.binding.bind`: "The grill costs $924.50 and the backpack $193.38", "$924.50
    for the grill and $193.38 for the backpack", "the grill and the backpack cost $924.50 and
    $193.38"); one bound to no one item is not checked here."""
    prices = evidence.item_prices(order_ids)
    options = evidence.item_options(order_ids)
    lowered = read.lowered
    marks = _item_marks(lowered, [name for name in prices if name])
    if not marks:
        return []
    placed = [q.start for q in read.amounts]
    groups = ITEM_LISTS.groups(lowered, marks)
    spans = spans_of(len(lowered), unopposed(marks, groups), placed)
    problems = []
    for quantity in (q for q in read.amounts if not tokens.negated(read.sentence, q.start)):
        _, items = bind(lowered, groups, spans, quantity.start, placed)
        items = (*items, *same_as(lowered, groups, items))
        found = [
            _another_items_price(quantity, item, prices)
            or _another_options_price(read, quantity, item, options)
            for item in items
        ]
        problems += of_one_or_each(found, some_of(groups, quantity.start))
    return problems


def _another_items_price(
    quantity: tokens.Quantity, item: str | None, prices: dict[str, set[Decimal]]
) -> list[tuple[str, str]]:
    """``unsupported_amount`` when ``quantity``, said of ``item``, is none of its prices but
    another item's; nothing for an amount said of no one item (None)."""
    if item is None or quantity.value in prices[item]:
        return []
    if not any(quantity.value in own for name, own in prices.items() if name != item):
        return []
    what = f"is stated about the {item}, but it is the price of another item of the order"
    return [("unsupported_amount", f"amount {quantity.text} {what}, not of the {item}")]


def _another_options_price(
    read: _Read,
    quantity: tokens.Quantity,
    item: str | None,
    options: dict[str, set[tuple[frozenset[str], Decimal]]],
) -> list[tuple[str, str]]:
    """``unsupported_amount`` when ``quantity``, said of ``item`` in a clause naming some of its
    options ("the leather one at $198.00"), is the price of another variant of its product but
    of none having those options (the black nylon one's). Not read when no described variant has
    every option the clause names (it names the old one and the new: "from polyester to
    leather"), nor in a clause of a change or another thing (:data:`_ANOTHER_ONE`: "replaces the
    one at $193.38")."""
    variants = options.get(item or "", set())
    if not variants:
        return []
    start, end = clause_of(read.lowered, quantity.start)
    if _ANOTHER_ONE.search(read.lowered, start, end):
        return []
    named = {
        v for values, _ in variants for v in values if _names_option(read.lowered, start, end, v)
    }
    if not named:
        return []
    fitting = {price for values, price in variants if named <= values}
    if not fitting or quantity.value in fitting:
        return []
    if not any(quantity.value == price for _, price in variants):
        return []
    what = f"is stated about the {' '.join(sorted(named))} {item}, but it is the price of another"
    return [("unsupported_amount", f"amount {quantity.text} {what} option of its product")]


_ANOTHER_ONE = re.compile(
    r"\b(?:replac\w*|instead|from|than|vs\.?|versus|old|previous\w*|current\w*|original\w*"
    r"|was|were|used\s+to|swap\w*|exchang\w*|chang\w*|other|or)\b"
)
"""Words of a clause that may set a price beside another variant's options: a change ("from
polyester to leather", "replaces"), a comparison ("than", "instead"), what was ("was")."""


def _names_option(lowered: str, start: int, end: int, value: str) -> bool:
    """Whether ``lowered[start:end]`` names the option ``value`` as whole words (a value of
    letters of three or more, not "none": a size "9" or "none" names nothing)."""
    if len(value) < 3 or value == "none" or not any(c.isalpha() for c in value):
        return False
    return _option_word(value).search(lowered, start, end) is not None


@lru_cache(maxsize=4096)  # values come from tool responses: bounded on any traffic
def _option_word(value: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(value)}(?!\w)")


ORDER_LISTS = Lists(nouns=r"orders?")
"""How orders are listed in a sentence (:class:`checkers.binding.Lists`)."""


def _facts_of_other_orders(read: _Read, evidence: Evidence) -> list[tuple[str, str]]:
    """Amounts and long numbers a sentence states about an order that the tools returned only
    about other orders ("#W1's tracking number is <#W2's>"). Each fact is bound to the one order
    it is said of (:func:`checkers.binding.bind`: "Order #W1 cost $53.72 and order #W2 cost
    $3048.69", "$53.72 for #W1 and $3048.69 for #W2"), else to every order the sentence names.
    What the customer said is theirs to repeat."""
    lowered, marks, order_ids = read.lowered, read.marks, read.ids
    amounts, numbers = read.amounts, read.numbers
    placed = {"amount": [q.start for q in amounts], "number": [i.start for i in numbers]}
    figures = placed["amount"] + placed["number"]
    groups = _order_groups(lowered, marks) or _headed_group(read, evidence)
    plain = unopposed(marks, groups)
    spans = {k: spans_of(len(lowered), plain, at, figures) for k, at in placed.items()}
    elsewhere: dict[tuple[str, ...], tuple[set[Decimal], set[str]]] = {}

    def about(kind: str, at: int) -> list[tuple[tuple[str, ...], set[Decimal], set[str]]]:
        """Each order (or, bound to none or to some of a list, the orders together) a figure
        is said of, with the figures that belong only to other orders than it. One said of a
        list ("#W1 and #W2 cost $53.72") is said of each: it must be true of every one."""
        _, of = bind(lowered, groups, spans[kind], at, placed[kind])
        each = [tuple(order_ids)]
        if len(of) == 1 and of[0] is not None:
            each = [(o,) for o in (of[0], *same_as(lowered, groups, of))]
        elif None not in of and not some_of(groups, at):
            each = [(o,) for o in of if o is not None]
        for orders in each:
            if orders not in elsewhere:
                elsewhere[orders] = evidence.belongs_elsewhere(orders)
        return [(orders, *elsewhere[orders]) for orders in each]

    problems = []
    for quantity in amounts:
        for orders, money, _ in about("amount", quantity.start):
            if quantity.value in money and quantity.value not in evidence.told_numbers:
                what = (
                    f"amount {quantity.text} belongs to another order, not to {', '.join(orders)}"
                )
                problems.append(("unsupported_amount", what))
    for number in numbers:
        for orders, _, others in about("number", number.start):
            if number.key in others and number.key not in evidence.told_long_numbers:
                what = f"number {number.key} belongs to another order, not to {', '.join(orders)}"
                problems.append(("unsupported_number", what))
    return list(dict.fromkeys(problems))


def _order_groups(lowered: str, marks: Sequence[Mark]) -> list[Group]:
    """The sentence's orders as lists (:data:`ORDER_LISTS`), a list cut after its first order
    where ", and" joins two clauses, not two orders ("I checked #W1, and #W2 has tracking
    number ...": :func:`domains.orders.claims.joins_clauses`), as its statuses are read."""
    ends = {start: end for start, end, _ in marks}
    found: list[Group] = []
    for group in ORDER_LISTS.groups(lowered, marks):
        first, second = group.at[0], group.at[1] if len(group.at) > 1 else -1
        gap = lowered[ends[first] : second]
        if second < 0 or not claims.joins_clauses(
            gap, (first, ends[first], group.names[:1]), lowered
        ):
            found.append(group)
            continue
        found.append(replace(group, end=ends[first], names=group.names[:1], at=group.at[:1]))
        found.append(replace(group, start=second, names=group.names[1:], at=group.at[1:]))
    return found


def _headed_group(read: _Read, evidence: Evidence) -> list[Group]:
    """The orders a sentence naming none stands under as a list written before its words, when
    its heading names several ("### Orders #W1 and #W2" over "- Total: $53.72"): no one of them
    is its figures' own, so they are bound as after a list ("#W1 and #W2 cost $53.72": one
    figure is said of each, as many as the orders pair with them in order). A line naming an
    item of theirs ("- Jigsaw Puzzle: $53.72") says its figure of that item, which is checked
    as an item's (:func:`_amounts_of_other_items`): then none, and the orders are taken
    together."""
    if read.marks or len(read.ids) < 2:
        return []
    items = [name for name in evidence.item_prices(read.ids) if name]
    if _item_marks(read.lowered, items):
        return []
    return [Group(0, 0, tuple(read.ids), some=False, at=(0,) * len(read.ids))]


def _figures_of_others(
    read: _Read, evidence: Evidence, current: Sequence[str]
) -> list[tuple[str, str]]:
    """The figures of a sentence said of an item or an order whose own they are not, but
    another's (:func:`_amounts_of_other_items`, :func:`_facts_of_other_orders`)."""
    problems = []
    if read.amounts:
        # a sentence naming no order is about the orders the conversation is on, else any
        # order a tool described (an item is named by its name alone)
        described = tuple(evidence.items)
        problems += _amounts_of_other_items(read, read.ids or current or described, evidence)
    ids = read.ids
    if ids and (read.amounts or read.numbers) and all(evidence.about(o) for o in ids):
        problems += _facts_of_other_orders(read, evidence)
    return problems


_SAYS_SAME = re.compile(r"\b(?:same|so|too|likewise|ditto|also|as\s+well|similarly)\b")
"""A word that may give a sentence's things the figures of the sentence before ("Same for
#W2.", "So is the grill.", "#W2 too.")."""


def _carried_figures(
    previous: _Read | None,
    read: _Read,
    known: Collection[str],
    evidence: Evidence,
    current: Sequence[str],
) -> list[tuple[str, str]]:
    """The figures of the sentence ``previous`` (of the same message) that ``read``, stating
    none, gives its things by leaving them out ("#W1 cost $53.72. Same for #W2.", "The puzzle
    is $53.72. So is the grill.") and that are not theirs: the two read as one sentence
    (:func:`checkers.binding.same_as` reads what is left out), less what ``previous`` says
    wrong alone (found when it was read). Read only when ``previous`` names an order or an
    item of its own, which its figures may be of."""
    if previous is None or read.amounts or read.numbers:
        return []
    if not (previous.amounts or previous.numbers) or not _SAYS_SAME.search(read.lowered):
        return []
    joined = _Read.of(f"{previous.sentence.rstrip(' .!')}; {read.sentence}", known)
    # a figure of no order or item named ("Your total is $53.72. #W2 is also pending.") is
    # given to none: an item's figure to items only, not to the order the next one names
    of_its_own = previous.marks or (not joined.marks and _names_item(previous, evidence, current))
    if not of_its_own:
        return []
    alone = set(_figures_of_others(previous, evidence, current))
    return [p for p in _figures_of_others(joined, evidence, current) if p not in alone]


def _names_item(read: _Read, evidence: Evidence, current: Sequence[str]) -> bool:
    """Whether ``read`` names an item of the orders it is about (or the conversation is on)."""
    orders = read.ids or current or tuple(evidence.items)
    return bool(_item_marks(read.lowered, [n for n in evidence.item_prices(orders) if n]))


def _sentence_problems(
    read: _Read,
    bound: Sequence[claims.Bound],
    evidence: Evidence,
    current: Sequence[str],
    promised: Mapping[str, set[str]],
    proposed: bool = False,
) -> list[tuple[str, str]]:
    """What a sentence states that the evidence before it does not support. ``current`` is
    the orders the conversation was on before it (for amounts about an item); ``promised`` the
    states the writes that follow its message report, by order (:func:`states_ahead`): a
    status said ahead ("will be refunded", :func:`claims.promises`) holds when they make it
    true. ``proposed``: its message asks the customer's go-ahead and no yes answered it
    (:func:`proposal_not_taken`); then a status said ahead of an order no write follows for is
    what the agent offered to do, no status of now ("#W1 will be cancelled. Shall I
    proceed?")."""
    problems = _unsupported_values(read, evidence) + count_problems(read.lowered, evidence.counts)
    ids = read.ids
    # Amounts and long numbers are about every order the sentence names; a status claim is
    # about the orders it is bound to (so "#W1 is pending and #W2 is processed" is checked
    # order by order, and a swap is caught).
    numbers_stated = bool(read.amounts or read.numbers)
    stated_about = list(ids) if numbers_stated else []
    stated_about += [o for b in bound for o in b.orders]
    for order_id in dict.fromkeys(stated_about):
        if evidence.about(order_id):
            continue
        failed = evidence.failed.get(order_id)
        if failed is not None:
            lookup = f"{failed.label()}: {error_of(failed)[:60]}"
            problems.append(
                (
                    "claim_about_failed_lookup",
                    f"it states facts about order {order_id}, whose lookup failed ({lookup})",
                )
            )
        else:
            problems.append(
                (
                    "claim_about_unverified_order",
                    f"it states facts about order {order_id}, which no tool described before",
                )
            )
    problems += _figures_of_others(read, evidence, current)
    for said in bound:
        status = said.claim.status
        ahead = claims.promises(read.sentence, said.claim)
        # offered, neither taken up nor done: a status said ahead of an order says nothing of now
        offered = ahead and proposed
        if said.about_customer:
            if offered and not promised:
                continue
            statuses = evidence.statuses | _all_of(promised) if ahead else evidence.statuses
            if not any(claims.holds(status, r) for r in statuses):
                problems.append(
                    (
                        "unsupported_status",
                        f"status {status!r} ({said.claim.phrase!r}) was not reported for any "
                        "order by any tool",
                    )
                )
            continue
        for order_id in said.orders:
            if offered and not promised.get(order_id):
                continue
            reported = evidence.reported_for(order_id)
            if ahead:
                reported = reported | promised.get(order_id, set())
            if evidence.about(order_id) and not any(claims.holds(status, r) for r in reported):
                states = claimed_states(reported)
                problems.append(
                    (
                        "unsupported_status",
                        f"status {status!r} ({said.claim.phrase!r}) was not reported for order "
                        f"{order_id} by any tool (reported: {', '.join(states) or 'none'})",
                    )
                )
    # An action on named orders needs a write to one of them; otherwise any write.
    problems += claims_without_write(
        claims.completion_claims(read.sentence),
        ids,
        evidence.written,
        evidence.wrote,
        KEPT_BY,
    )
    problems += handoff_without_call(read.sentence, evidence.handed_off)
    return problems


PROMISED = re.compile(promise_pattern(("cancel", "return", "exchange")))
"""Sentences promising a write ("I'll cancel order #W1 now", "Let me issue the refund", "You'll
receive a refund of $80": :mod:`checkers.write_promises`)."""
KEPT_BY = {
    "certificate": frozenset[str](),
    "refund": frozenset(
        {
            *("cancel_pending_order", "return_delivered_order_items"),
            *("exchange_delivered_order_items", "modify_pending_order_items"),
            "modify_pending_order_payment",
        }
    ),
    "cancel": frozenset({"cancel_pending_order"}),
    "return": frozenset({"return_delivered_order_items"}),
    "exchange": frozenset({"exchange_delivered_order_items"}),
}
"""The tools that make each kind of write a claim or promise names
(:func:`checkers.done_claims.kind_named`): a refund by a cancellation, a return, or a change
that refunds a difference (an exchange, other items, another payment method); no tool gives a
certificate or a voucher; a cancellation, a return and an exchange each by its own tool."""


def tried_after(conversation: Conversation, message: Message) -> tuple[set[str], set[str]]:
    """The tools of the writes tried after ``message``, and the orders they were to."""
    writes = [c for c in conversation.calls[message.after_calls :] if c.kind == "write"]
    return {c.name for c in writes}, {
        o for c in writes for o in facts.order_ids(c.arg("order_id") or "")
    }


def proposal_not_taken(conversation: Conversation, message: Message, later: Message | None) -> bool:
    """Whether ``message`` asks the customer's go-ahead with what it lists
    (:func:`checkers.questions.asks_go_ahead`) and the customer did not answer it with a plain
    yes (:func:`said_yes`: they declined, asked for something else, or said nothing more): what
    it says is to come was only offered."""
    return questions.asks_go_ahead(message.text) and not said_yes(conversation, message, later)


def _all_of(promised: Mapping[str, set[str]]) -> set[str]:
    """Every state promised, of any order (for a claim about "your" things, naming none)."""
    return {state for states in promised.values() for state in states}


def states_ahead(
    conversation: Conversation, message: Message, later: Message | None
) -> dict[str, set[str]]:
    """The states the writes after ``message`` and before the agent's next message ``later``
    (None: to the end) report for each order they changed ("cancelled", "exchange requested", a
    "refund" transaction): what a status ``message`` says ahead ("$4.24 will be refunded")
    promises of them."""
    states: dict[str, set[str]] = {}
    for call in _calls_between(conversation, message, later):
        if call.ok and call.kind == "write":
            for order_id, record in records_of(call.seen):
                states.setdefault(order_id, set()).update(reported_statuses([record]))
    return states


def _states_something(read: _Read) -> bool:
    return bool(
        read.written_ids
        or read.amounts
        or read.numbers
        or facts.statuses(read.sentence)
        or claims.completion_claims(read.sentence)
    )


def payments_added(call: CallRecord) -> tuple[Paid, ...]:
    """The payments a write that took effect added to the orders it changed, a refund
    negative, each with its method as the user's profile names it (a cancellation refunds each
    payment to the method that made it, a payment change refunds the old method, an item change
    pays or refunds the method its call gave: the service records each as the transaction's
    method); none for a return or an exchange, whose refund comes later."""
    if not call.ok:
        return ()
    changed = appended(call.db_before.orders, call.db_after.orders, lambda o: o.payment_history)
    return tuple(
        paid for order, entries in changed for paid in _paid(order, entries, call.db_after)
    )


def payments_due(call: CallRecord) -> tuple[Paid, ...]:
    """The money a return or an exchange that took effect will move once the items come back
    (:func:`payments_added` gives none of it): a return refunds each returned item's price, an
    exchange pays its price difference (refunds it when negative), each by the method its call
    gave, as the user's profile names it. A report or a listing saying it moved the other way
    ("$5.80 more, which has been charged" of a refund of 5.80), or moved another item's price,
    misstates it."""
    if not call.ok or call.name not in _DUE_LATER:
        return ()
    order = call.db_after.orders.get(str(call.args.get("order_id")))
    if order is None:
        return ()
    if call.name == "return_delivered_order_items":
        returned = order.return_items or ()
        amounts = [-Decimal(str(i.price)) for i in order.items if i.item_id in returned]
        method_id = order.return_payment_method_id
    else:
        difference = Decimal(str(order.exchange_price_difference or 0))
        amounts = [difference] if difference else []
        method_id = order.exchange_payment_method_id
    user = call.db_after.users.get(order.user_id)
    profile = user.payment_methods if user else {}
    paid_before = {t.payment_method_id for t in order.payment_history}
    method = Method.on_profile(method_id or "", profile.get(method_id or ""))
    original = method_id in paid_before if paid_before else None
    return tuple(Paid(a, method, original) for a in amounts)


_DUE_LATER = ("return_delivered_order_items", "exchange_delivered_order_items")
"""The writes whose money moves later, once the items come back (:func:`payments_due`)."""


def _paid(order: Order, entries: Sequence[Transaction], db: Database) -> list[Paid]:
    """The ``entries`` a write added to ``order``'s payments, each with its method on the
    profile of the order's user in ``db``, and whether that method paid the order before."""
    user = db.users.get(order.user_id)
    profile = user.payment_methods if user else {}
    earlier = order.payment_history[: len(order.payment_history) - len(entries)]
    paid_before = {t.payment_method_id for t in earlier if t.transaction_type == "payment"}
    return [
        Paid(
            Decimal(str(t.amount)) * (1 if t.transaction_type == "payment" else -1),
            Method.on_profile(t.payment_method_id, profile.get(t.payment_method_id)),
            t.payment_method_id in paid_before if paid_before else None,
        )
        for t in entries
    ]


WRITE_NAMES = {
    "cancel_pending_order": r"cancell?ation",
    "modify_pending_order_items": r"(?:items?|order|product)\s+(?:change|modification|swap)s?"
    r"|modification",
    "modify_pending_order_payment": r"payment\s+(?:method\s+)?(?:change|update|switch)",
    "exchange_delivered_order_items": r"exchange",
    "return_delivered_order_items": r"return",
}
"""The words naming what each write that may move money paid for (or refunded) as a whole ("a
$12.40 refund for the cancellation", "$55.97 for the item change"): an amount said for them is
held to that write's own payments (:func:`checkers.charges_writes.parts_misstated`)."""


def write_terms(call: CallRecord) -> Terms:
    """What a report may say of the money write ``call`` moved beyond its payments: a price per
    item is for the items it changed (those its call names; every item of the order it cancels
    or pays otherwise), and the words naming it (:data:`WRITE_NAMES`)."""
    items = call.args.get("item_ids")
    if not isinstance(items, list):
        order = call.db_before.orders.get(str(call.args.get("order_id")))
        items = list(order.items) if order else []
    counts = {"items": frozenset({len(items)})} if items else {}
    return Terms(counts, WRITE_NAMES.get(call.name, ""))


def moved_before(conversation: Conversation, last: Message | None, message: Message) -> Moved:
    """What the writes between the agent's ``last`` message (None: the start) and ``message``
    moved: what ``message``, their report, may say was charged or refunded, with what each write
    tells of it beyond its payments (:func:`write_terms`)."""
    moved, since = Moved(), last.after_calls if last else 0
    for call in conversation.calls[since : message.after_calls]:
        moved.take(call, payments_added(call) or payments_due(call), write_terms(call))
    return moved


def moved_after(conversation: Conversation, message: Message, later: Message | None) -> Moved:
    """What the writes ``message`` led to moved: those after it and before the agent's next
    message ``later`` (None: there is none), when every customer message between says a plain
    yes (:func:`checkers.consent.is_consent`: "Yes, please go ahead", "yes, cancel it"). Then
    ``message`` is the listing they answer, and what it says they will charge or refund is held
    to them (:meth:`checkers.charges_said.Moved.listed_problems`); a reply that may change the
    write ("yes, but use my Visa") leaves the listing to no write."""
    moved = Moved()
    calls = _calls_between(conversation, message, later)
    if not any(call.ok and call.kind == "write" for call in calls):
        return moved
    if not said_yes(conversation, message, later):
        return moved  # a reply that may change the write leaves the listing to none
    for call in calls:
        moved.take(call, payments_added(call) or payments_due(call), write_terms(call))
    return moved


def said_yes(conversation: Conversation, message: Message, later: Message | None) -> bool:
    """Whether the customer answered ``message`` with a plain yes: there is a customer message
    before the agent's next one ``later`` (None: to the end), and each says a plain yes
    (:func:`checkers.consent.is_consent`: "Yes, please go ahead", "yes, cancel it")."""
    # a customer message opens its turn: the one of the next agent message's turn is a reply
    last_turn = later.turn if later else float("inf")
    replies = [m.text for m in conversation.user_messages if message.turn < m.turn <= last_turn]
    return bool(replies) and all(consent.is_consent(r, _ACTION_STEMS) for r in replies)


def _calls_between(
    conversation: Conversation, message: Message, later: Message | None
) -> Sequence[CallRecord]:
    """The calls after ``message`` and before the agent's next message ``later`` (None: to the
    end)."""
    end = later.after_calls if later else len(conversation.calls)
    return conversation.calls[message.after_calls : end]


_ACTION_STEMS = ("cancel", "return", "exchang", "chang", "modif", "updat", "swap", "switch")
"""Stems of the words naming an orders write, which restate the proposal beside a yes ("yes,
cancel it")."""


@check_for(
    NoFabrication,
    reasons={
        "all_statements_supported": "pass: every stated fact came from a tool or the customer "
        "first",
        "no_statements": "pass: the agent stated no order id, status, amount or number",
        **COUNT_REASONS,
        "unsupported_order_id": "fail: an order id no tool returned and the customer did not give",
        "unsupported_number": "fail: a long number no tool returned about that order",
        "unsupported_amount": "fail: an amount no tool returned about that entity, nor derived",
        "unsupported_status": "fail: a status no tool reported for that order",
        "claim_about_failed_lookup": "fail: facts about an order whose lookup failed",
        "claim_about_unverified_order": "fail: facts about an order no tool described",
        "action_not_taken": "fail: an action said done that no successful write did",
        "amount_not_moved": "fail: an amount said as what was charged or refunded, in the "
        "message after writes, that they did not charge or refund (nor per unit, said so); or "
        "said in the listing a yes answered as what the writes would charge or refund, that they "
        "do not move that way",
        "method_not_moved": "fail: an amount the writes moved, said in the message after them "
        "(or in the listing they answer) as charged or refunded by a payment method (kind, brand, "
        "last four, the original one) that did not move it",
        **NO_AGENT_MESSAGE,
    },
)
def check_no_fabrication(req: NoFabrication, ctx: OrdersContext) -> RequirementResult:
    """Every stated order id, status, amount and long number is backed by an earlier response
    (or derived from returned amounts, see :class:`~domains.orders.evidence.Evidence`); a status
    is checked against the response about the order it is stated about, an amount about an
    item against that item; a completed action needs a write that succeeded. Linear in the
    conversation's length: the evidence grows call by call."""
    make, conversation = maker(req), ctx.conversation
    if not conversation.agent_messages:
        return make(ResultOutcome.INCOMPLETE, "no_agent_message", "the agent said nothing to judge")
    problems: list[tuple[str, str]] = []
    statements = 0
    evidence = Evidence(conversation)
    current: tuple[str, ...] = ()
    last: Message | None = None
    previous: _Read | None = None
    promised: dict[str, set[str]] = {}
    proposed = offered = False
    wrote_after: set[str] = set()
    to_after: set[str] = set()
    spoken = conversation.agent_messages
    following = {id(m): later for m, later in zip(spoken, [*spoken[1:], None], strict=True)}
    for message, sentence, bound, under in agent_sentences(conversation):
        if message is not last:
            previous = None  # a figure is carried to the next sentence of its message only
            moved, last = moved_before(conversation, last, message), message
            problems += moved.problems(message.text)
            later = following.get(id(message))
            problems += moved_after(conversation, message, later).listed_problems(message.text)
            promised = states_ahead(conversation, message, later)
            proposed = proposal_not_taken(conversation, message, later)
            offered = questions.asks_go_ahead(message.text)
            wrote_after, to_after = tried_after(conversation, message)
        evidence = evidence.advance(message.after_calls)
        known = evidence.order_ids | evidence.told_ids
        read = _Read.of(sentence, known, under)
        statements += _states_something(read)
        found = _sentence_problems(read, bound, evidence, current, promised, proposed)
        found += _carried_figures(previous, read, known, evidence, current)
        if not offered:
            said = promises(read.sentence, PROMISED)
            found += unkept_promises(said, read.ids, to_after, wrote_after, evidence.wrote, KEPT_BY)
        previous = read
        problems += [(code, f"{what}: {sentence[:100]!r}") for code, what in found]
        named = tuple(read.written_ids) or tuple(o for b in bound for o in b.orders)
        current = named or current
    if problems:
        code = problems[0][0]
        return make(
            ResultOutcome.FAIL, code, and_more([p[1] for p in problems], "unsupported statement")
        )
    if not statements:
        return make(
            ResultOutcome.PASS,
            "no_statements",
            "the agent stated no order id, status, amount or tracking number",
        )
    return make(
        ResultOutcome.PASS,
        "all_statements_supported",
        f"every order id, status, amount and number in {plural(statements, 'statement')} came "
        "from a tool or the customer before it was said",
    )
