"""What every orders check shares: the registry, the context a check reads, the decorator that
registers a check, and what several rule families read of a conversation."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial

from checkers import service_checks
from checkers.headings import headed_labels, headed_things
from checkers.requirements import CheckRegistry, Req
from checkers.service_checks import ServiceCheck
from checkers.tables import by_column
from checkers.text import fold
from domains.orders import claims, facts
from domains.orders.conversation import Conversation, Message
from domains.orders.evidence import item_names
from domains.orders.models import Scenario

checks: CheckRegistry[OrdersContext] = CheckRegistry("orders")


@dataclass(frozen=True)
class OrdersContext:
    """What a check may look at: the scenario and the replayed conversation."""

    scenario: Scenario
    conversation: Conversation


REASONS: dict[str, dict[str, str]] = {}
"""Per requirement kind, every reason code its check gives and when: declared with the check
(:func:`check_for`), so the meta-tests fail on a code not listed here."""


def check_for(
    requirement_type: type[Req], reasons: Mapping[str, str]
) -> Callable[[ServiceCheck[Req, OrdersContext]], ServiceCheck[Req, OrdersContext]]:
    """Decorator: register the function as the check of ``requirement_type``, which gives the
    reason codes ``reasons`` (code -> when), answering ``no_agent_turn`` (incomplete) before it
    runs when the agent neither called a tool nor said anything
    (:func:`checkers.service_checks.check_for`, as every customer-service domain does)."""
    return service_checks.check_for(checks, REASONS, requirement_type, reasons)


def _orders_named(line: str, known: Collection[str]) -> list[str]:
    """The orders ``line`` names, one named by its last digits taken as the ``known`` order it
    ends ("**Order ending in 8665**", :func:`domains.orders.facts.order_id_marks`)."""
    return [name for _, _, name in facts.order_id_marks(line, known)]


def _items_named(cell: str, names: Collection[str]) -> list[str]:
    """The items (``names``, as tools gave them) ``cell`` names as whole words, case ignored."""
    lowered = fold(cell).lower()
    return [name for name in names if _item_word(name.lower()).search(lowered)]


@lru_cache(maxsize=4096)  # names come from tool responses: bounded on any traffic
def _item_word(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(name)}s?(?!\w)")


def agent_sentences(
    conversation: Conversation,
) -> Iterator[tuple[Message, str, list[claims.Bound], tuple[str, ...]]]:
    """Every agent sentence, in order, with its status claims bound to the orders they are
    about (:class:`domains.orders.claims.Thread`, fed the customer's messages and the orders
    the calls were about, in the order they happened), and the orders it stands under when it
    names none of its own but is a field under their heading ("**Order #W1**" over "- Status:
    Pending", :func:`checkers.headings.headed_things`): its statuses and figures are said of
    that order, or of each of several. A table of orders by column is read one row per order
    (:func:`checkers.tables.by_column`). A status label claims its status of the orders listed
    under it or after its colon ("Pending:" over "- #W1",
    :func:`domains.orders.claims.labelled`); so is one of items by column, the items any call
    before it described."""
    thread = claims.Thread()
    items: dict[str, None] = {}
    calls_read = 0
    # The order things happened in: per turn, the customer's words, the calls (in call order),
    # then the agent's reply. Sorting by turn alone keeps that order within a turn: sorted()
    # is stable, and the events are listed in it.
    heard = [(m.turn, m.text) for m in conversation.user_messages] + [
        (c.turn, c.arg("order_id") or "") for c in conversation.calls
    ]
    spoken = [(m.turn, m) for m in conversation.agent_messages]
    events: list[tuple[int, str | Message]] = [*heard, *spoken]
    for _, event in sorted(events, key=lambda e: e[0]):
        if isinstance(event, str):
            thread.hear(event)
            continue
        named = partial(_orders_named, known=tuple(thread.heard))
        for call in conversation.calls[calls_read : event.after_calls]:
            if call.ok:
                items.update(dict.fromkeys(item_names(call.seen)))
        calls_read = max(calls_read, event.after_calls)
        # a table of orders (or items) by column is read one row per order: its cells are theirs
        text = by_column(event.text, named)
        text = by_column(text, partial(_items_named, names=tuple(items)))
        said = facts.sentences(text)
        headed = headed_things(text, said, named)
        labels = headed_labels(text, said, named)
        previous = ""  # a status is passed on to the next sentence of its message only
        for sentence, under, label in zip(said, headed, labels, strict=True):
            bound = thread.bound(sentence, under, previous)
            previous = claims.passed_on(previous, sentence)
            # a status label lists its orders: "Pending:" over "- #W1", "Pending orders: #W1"
            bound += [
                claims.Bound(claim, thread.resolve(claim.orders), False)
                for claim in claims.labelled(sentence, label)
            ]
            yield event, sentence, bound, under
