"""Whether an agent's message lists THIS write: the action, its order and its details, not negated.

A customer's yes is consent only to what the agent put before them. :func:`listing_problem`
reads the agent's message before a write (folded: :func:`checkers.text.fold_lower`) and says why
it is not a listing of that write, or None when it is. The message lists the write when:

- one of its clauses (split at sentence ends, ``;``, ``:``, parentheses and "but", though not
  "all but" or "everything but", which rule out what follows) names the
  action (:data:`ACTION_WORDS`, or a phrase of :data:`ACTION_PHRASES`: "update order #W1 to use
  your Mastercard") and does not deny it (:func:`_denies`: a negation before the action's word
  or right before a word restating it): "I will NOT change the address" lists no address
  change, whatever follows, while "cancel it with the reason 'no longer needed'" and "since you
  no longer need it, I'll cancel it" do;
- that clause names the write's order, or names no order while the message names only the
  write's order (a listing of order #W1 is no listing of a write to #W2); for an address, the
  address it changes is the write's kind, an order's or the account's (:data:`_OTHER_ADDRESS`);
- the message names the write's details, as whole words: each item it returns, exchanges or
  changes (by item id, as written or in groups, "115-129-3680"; by all its options; or by its
  name, plural too, when no other item of the order goes by it), each new item (by item id,
  or by all of its options: a size "S" is not every "s"; an absent one also the customer's way,
  "no armrest", "not water-resistant", and a counted one before a noun, "8-hour battery":
  :mod:`domains.orders.options`; a return of "all items", "everything" or "the entire order"
  names each item of the order it does not set aside), the payment method (by id, or by its
  kind, a card by the last four digits, or as "the original payment method" when it paid the
  order), and for an address every part of it
  (:data:`~domains.orders.addresses.ADDRESS_PARTS`, in their usual short forms: "100 Main
  St., Apt. 2") and no other address beside it (:mod:`domains.orders.addresses`); what the
  write puts in place (a new item's changed options, the payment method, the address) is named
  as the new value, never as the old or current one (:mod:`checkers.roles`: "X → Y",
  "X will be replaced by Y", a Current|New table);
- the action clauses, and the sentences naming the action with the list lines and table rows
  right after them, name no item or payment method the write does not carry, no other item of
  its order by name, no other value of a new item's options ("- Color: Black" before a white
  pair; a value is read of the product it is said of, so the mesh of new Running Shoes is no
  other material of an Office Chair exchanged with them: :func:`other_values_said`) and no
  other cancellation reason, in the policy's words or its own ("because you no longer need
  it" before a write of "ordered by mistake": :func:`reasons_given`; a listing of two items is
  no listing of a return of one), and a return of "all items", "everything" or
  "the rest" lists every item of the order it does not set aside. A listing need give no
  cancellation reason (the policy has the agent ask for one; a listing without it still lists
  the cancellation);
- a cancellation takes every item of its order: naming them says what it takes ("cancel order
  #W1, which contains the Grill and ..."), but cancelling some alone or keeping some out
  ("cancel just the Grill", "the Bicycle will still ship", "except the Notebook") is no listing
  of it (:func:`_cancelled_apart`).

The amounts the write moves are not arguments of the write and are not required (a listing
without the price difference still lists the write); an amount stated is judged by
``no_fabrication``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import chain, repeat, takewhile
from typing import Any

from checkers import confirmation as core
from checkers import roles
from checkers.charges_said import Method, original_named
from checkers.confirmation import ASIDE
from checkers.text import fold_lower, phrase_pattern, sentences
from domains.orders import facts, options
from domains.orders.addresses import ADDRESS_PARTS, line2_named, more_than_the_address
from domains.orders.addresses import folded as _folded
from domains.orders.addresses import phrase as _phrase
from domains.orders.conversation import CallRecord
from domains.orders.models import (
    CANCEL_REASONS,
    CreditCard,
    Database,
    GiftCard,
    OrderItem,
    PaymentMethod,
    Product,
    Variant,
)

ACTION_WORDS: Mapping[str, tuple[str, ...]] = {
    "cancel_pending_order": ("cancel",),
    "modify_pending_order_address": ("address", "ship"),
    "modify_pending_order_payment": ("payment", "pay ", "charg"),
    "modify_pending_order_items": ("change", "modif", "swap", "replace", "switch", "updat"),
    "modify_user_address": ("address",),
    "return_delivered_order_items": ("return",),
    "exchange_delivered_order_items": ("exchange", "swap", "replac"),
}
"""Words that name each write's action, matched in the folded, lowered message."""
_METHOD = r"(?:(?:credit|debit|gift)\s+card|card|paypal|visa|mastercard)"
ACTION_PHRASES: Mapping[str, re.Pattern[str]] = {
    "modify_pending_order_payment": re.compile(
        r"\b(?:chang|updat|switch|swap|mov)\w*\b(?:(?!\b(?:and|but)\b)[^\n]){0,60}?"
        rf"\b(?:to|onto|over\s+to)\s+(?:use\s+|using\s+)?(?:(?:your|the)\s+)?(?:\w+\s+)?{_METHOD}\b"
        rf"|\b(?:use|using)\s+(?:your|the)\s+(?:\w+\s+)?{_METHOD}\b"
        r"|\b(?:be|gets?)\s+paid\s+(?:for\s+)?(?:with|by|using|via|through)\b"
    ),
}
"""Phrases that name a write's action without a word of :data:`ACTION_WORDS`: a change to a
payment method, its use, or what the order is to be paid with ("update order #W1 to use your
Mastercard", "switch it over to PayPal", "use your Visa ending in 6791 for it", "update order
#W1 to be paid with your Mastercard"); a method named alone ("the refund goes to your
Mastercard") or what the order was paid with ("it was paid with your Visa") names no change
of payment."""

RESTATES: Mapping[str, tuple[str, ...]] = {
    "cancel_pending_order": ("cancel",),
    "modify_pending_order_address": ("address", "chang", "updat", "modif", "ship"),
    "modify_pending_order_payment": ("pay", "chang", "updat", "switch", "modif"),
    "modify_pending_order_items": ("chang", "modif", "swap", "replac", "updat", "switch"),
    "modify_user_address": ("address", "chang", "updat", "modif"),
    "return_delivered_order_items": ("return", "refund"),
    "exchange_delivered_order_items": ("exchang", "swap", "replac"),
}
"""Stems of the words with which a customer's yes may restate each write ("Yes, please cancel
it"), passed to :func:`checkers.consent.classify` as the proposed action."""

_CLAUSE_END = re.compile(r"[.!?;:](?=\s|$)|[()\n]|(?<!\ball )(?<!\beverything )\bbut\b")
_NEGATION = core.NEGATION
_ITEM_ID = re.compile(r"(?<!\d)\d{10}(?!\d)")
_PAYMENT_ID = re.compile(r"\b(?:credit_card|gift_card|paypal)_\d+\b")


def clauses(message: str) -> list[str]:
    """The folded message cut into clauses (see the module docstring); empty ones dropped."""
    return [c.strip() for c in _CLAUSE_END.split(_folded(message)) if c.strip()]


_ACCOUNT = re.compile(r"\b(?:default|account|profile)\b")
_ACCOUNTS_OWN = re.compile(r"\b(?:default|profile|saved|primary)\b")
_ORDER_ID = re.compile(r"#w\d")
_ORDER = re.compile(rf"{_ORDER_ID.pattern}|\b(?:order|purchase)\b|\bship\w*")
_ORDERS_OWN = re.compile(
    rf"{_ORDER_ID.pattern}|\baddress\s+(?:of|on)\s+(?:\w+\s+){{0,2}}?(?:order|purchase)\b"
)
_OTHER_ADDRESS: Mapping[str, Callable[[str], bool]] = {
    "modify_pending_order_address": lambda c: bool(
        (_ACCOUNTS_OWN.search(c) and not _ORDERS_OWN.search(c))
        or (_ACCOUNT.search(c) and not _ORDER.search(c))
    ),
    "modify_user_address": lambda c: bool(_ORDERS_OWN.search(c) and not _ACCOUNTS_OWN.search(c)),
}
"""Per address write, whether what a clause changes (its words before "to" or "so", after its
heading: :func:`_names_action`) is the other address: the account's ("your default shipping
address", "the address on your profile", "the default address on your account" without an
order) before an order's, or an order's ("the shipping address of order #W1 on your account",
"the delivery address of your pending purchase", "For order #W1: I'll change the address")
before the account's. What it changes to may come from anywhere ("to your new account address",
"so future orders ship there")."""


_TO = re.compile(r"\b(?:to|so)\b")


def _changed(clause: str, action: int) -> str:
    """What ``clause`` changes: its words before the first "to" or "so" after the action's word
    at ``action`` (all of it when none; "I am going to update the default address to ..."
    changes the default; "save X as the address on your profile, so future orders ship there"
    changes the profile's)."""
    to = _TO.search(clause, action)
    return clause[: to.start()] if to else clause


def _action_starts(clause: str, name: str) -> list[int]:
    """Where ``clause`` names the action of the write ``name``: each word of
    :data:`ACTION_WORDS` and each phrase of :data:`ACTION_PHRASES` it holds."""
    starts = [clause.find(word) for word in ACTION_WORDS.get(name, ()) if word in clause]
    phrase = ACTION_PHRASES.get(name)
    found = phrase.search(clause) if phrase is not None else None
    return starts + ([found.start()] if found is not None else [])


def _names_action(clause: str, name: str, heading: str = "") -> bool:
    """Whether ``clause`` names the action of the write ``name`` (an address of the other kind
    is no address of this write: :data:`_OTHER_ADDRESS`, read in ``heading``, the clause a colon
    leads into this one from, and this one: "For your pending order #W1: I'll change the
    address to ...")."""
    starts = _action_starts(clause, name)
    if not starts:
        return False
    other = _OTHER_ADDRESS.get(name)
    return other is None or not other(f"{heading}\n{_changed(clause, min(starts))}")


def headed_clauses(message: str) -> list[tuple[str, str]]:
    """The clauses of ``message`` (:func:`clauses`), each with its heading: the clause right
    before it when a colon ends that one ("for your pending order #w1" before "ill change the
    address to ..."), else ""."""
    parts = re.split(f"({_CLAUSE_END.pattern})", _folded(message))
    found, heading = [], ""
    for n in range(0, len(parts), 2):
        clause = parts[n].strip()
        if clause:
            found.append((heading, clause))
        heading = clause if parts[n + 1 : n + 2] == [":"] else ""
    return found


def _denies(clause: str, name: str) -> bool:
    """Whether ``clause`` (naming the action of the write ``name``) says it will not be done: a
    negation before the action's word ("I will NOT change the address"), or one right before a
    word restating it after it ("the address won't be changed"). A negation elsewhere denies
    something else ("cancel it with the reason 'no longer needed'", "yes or no?", "the blue,
    not resistant ones"), and so does a cancellation's reason, wherever it stands ("Since you
    no longer need it, I'll cancel order #W1": :func:`_without_reasons`). The reading is the
    core's (:func:`checkers.confirmation.denies`), airline's listings are read by it too."""
    if name == "cancel_pending_order":
        clause = _without_reasons(clause)
    return core.denies(clause, _action_starts(clause, name), RESTATES.get(name, ()))


def _payment_named(method: PaymentMethod, text: str) -> bool:
    if method.id.lower() in text:
        return True
    if isinstance(method, CreditCard):  # "card ending in 8484", "the one ending in 8484"
        four = re.search(rf"(?<!\d){re.escape(method.last_four)}(?!\d)", text)
        said = rf"card\b|\bending\b|\b{re.escape(method.brand.lower())}\b"
        return four is not None and re.search(said, text) is not None
    kind = "gift card" if isinstance(method, GiftCard) else "paypal"
    return kind in text


def _payment_method(db: Database, method_id: str) -> PaymentMethod | None:
    return next(
        (u.payment_methods[method_id] for u in db.users.values() if method_id in u.payment_methods),
        None,
    )


def _original_named(call: CallRecord, method_id: str, text: str) -> bool:
    """Whether ``text`` names the method ``method_id`` as the one that paid the write's order
    ("the refund goes to your original payment method":
    :func:`checkers.charges_said.original_named`, not when the words set off after it name
    another), when it is that one; a change of payment puts another in its place, so there it
    names the old one."""
    order = call.db_before.orders.get(call.arg("order_id") or "")
    if call.name == "modify_pending_order_payment" or order is None or not order.payment_history:
        return False
    paid = order.payment_history[0].payment_method_id
    entry = _payment_method(call.db_before, method_id)
    return paid == method_id and original_named(text, Method.on_profile(method_id, entry))


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list | tuple) else []


def _named(phrase: str, text: str) -> bool:
    """Whether the folded ``text`` names ``phrase`` as whole words (folded the same way), its
    words also in their usual short forms ("100 Main St., Apt. 2")."""
    return re.search(_phrase(phrase), text) is not None


def _carried(call: CallRecord) -> list[str]:
    return _strings(call.args.get("item_ids"))


def _taken(call: CallRecord) -> list[str]:
    """The items the write takes out of its order: a cancellation's, every item of the order
    (naming them says what it cancels); any other write's, the items it carries."""
    if call.name != "cancel_pending_order":
        return _carried(call)
    order = call.db_before.orders.get(call.arg("order_id") or "")
    return [i.item_id for i in order.items] if order else []


def _old_item_named(item: OrderItem, others: Iterable[OrderItem], ids: set[str], text: str) -> bool:
    """Whether ``text`` names ``item``: by id, by all its options, or by its name when no item
    of the order the write leaves alone goes by that name (of two Water Bottles, "the Water
    Bottle" names neither)."""
    if item.item_id in ids or all(
        options.option_named(k, o, text) for k, o in item.options.items()
    ):
        return True
    return _item_named(item.name, text) and all(o.name != item.name for o in others)


_HOW_MANY = {"one": 1, "single": 1, "two": 2, "both": 2, "three": 3, "four": 4, "five": 5}
_HOW_MANY_SAID = re.compile(
    rf"\b(?P<n>{'|'.join(_HOW_MANY)})\s+(?:[\w-]+\s+){{0,2}}?$"
    r"|(?<!\bsize )(?<!\bsize: )(?<!\bno )(?<!#)(?<![\d.,$])\b(?P<d>\d{1,2})\s+$"
)
"""A number of items right before a product's name: a word with at most two words between
("both navy Fleece Jackets"), or digits right before it ("2 Fleece Jackets"; not "size 9").
More than one counts only before the name in the plural ("both the Office Chair and the
Digital Camera" says no two chairs)."""


def _counts_of(name: str, text: str) -> set[int]:
    """How many items of the product ``name`` the folded ``text`` says, right before the name
    with at most two words between ("one Fleece Jacket", "both navy Fleece Jackets")."""
    last = (fold_lower(name).split() or [""])[-1]
    pattern = phrase_pattern(_folded(name), {last: (f"{last}s", f"{last}es")})
    found = set()
    for match in re.finditer(pattern, text):
        said = _HOW_MANY_SAID.search(text, max(0, match.start() - 40), match.start())
        if said is not None:
            count = _HOW_MANY[said["n"]] if said["n"] else int(said["d"])
            if count == 1 or match.group(0).endswith("s"):
                found.add(count)
    return found


def _item_named(name: str, text: str) -> bool:
    """Whether ``text`` names a product ``name``, in the plural too ("both Fleece Jackets")."""
    return re.search(_item_pattern(name), text) is not None


def _item_pattern(name: str) -> str:
    """A product ``name`` as a regex of whole words in folded text, its last word in the plural
    too."""
    last = (fold_lower(name).split() or [""])[-1]
    return phrase_pattern(_folded(name), {last: (f"{last}s", f"{last}es")})


@lru_cache(maxsize=16)
def _absences(values: frozenset[OptionValue]) -> str:
    """The regex of the option ``values`` (a database's :attr:`~domains.orders.models.Database.
    option_values`) said as absences (:func:`domains.orders.options.absences`: "no armrest",
    "not water-resistant"); one per database, built once."""
    return options.absences(values)


@lru_cache(maxsize=8)
def _ruling_out(spared: str, keeping: bool) -> re.Pattern[str]:
    """What rules out what follows it (:func:`_not_ruled_out`), and with ``keeping`` what keeps
    it ("you'll keep the chair"), but for the option values in words that start with "not" or
    "without" (``spared``, :func:`domains.orders.options.absences`: "not resistant", "not
    water-resistant", "without extra features" name a value, they rule nothing out). The word
    ruling out is the group ``word``."""
    keeps = r"|keep(?:s|ing)?(?!\s+in\s+mind)" if keeping else ""
    return re.compile(
        rf"\b(?!{spared})(?P<word>(?:not|except|excluding|other than|without|rather than"
        rf"|instead of|in place of|apart from|aside from|save for|leaving out"
        rf"|(?:everything|all) but{keeps})\b)(?:(?!\s-+\s)[^,\n])*"
        r"|\b(?P<replacing>replacing)\b(?:(?!\b(?:with|by)\b)[^,\n])*"
    )


def _not_ruled_out(text: str, db: Database, keeping: bool = False, marked: bool = False) -> str:
    """``text`` (folded) less what each clause rules out (and with ``keeping``, keeps), from a
    negation, "except", "apart from", "in place of", "keep" ... to the next comma, dash or the
    clause's end ("the camera (not the Office Chair)", "everything except the chair", "you'll
    keep the chair"; "Instead of an exchange, I'll return the chair" and "instead of $924.50 —
    a difference of $132.74 charged to your PayPal" rule out what comes before the comma or
    the dash alone; a dash is spaced, "high-back" is one word), or what "replacing" names up to
    its "with" ("to 200 Oak Street, replacing 100 Main Street"): what is named there is not
    listed. "Keep in mind" keeps nothing. The option values of ``db``'s products may be written
    starting with "not" or "without" (:func:`domains.orders.options.absences`). With
    ``marked``, the words ruling out are kept ("rather than"), so that a reader of what follows
    them sees the text turn away."""
    ruling = _ruling_out(_absences(db.option_values), keeping)

    def blank(found: re.Match[str]) -> str:
        return f" {found['word'] or found['replacing']} " if marked else " "

    return "\n".join(ruling.sub(blank, c) for c in clauses(text))


def _missing_details(call: CallRecord, text: str, everything: bool = False) -> list[str]:
    """The write's details the folded ``text`` does not name (its items not where the text
    rules them out). With ``everything`` (the listing returns "all items", "everything" or
    "the rest" of the order: :func:`_returns_everything`), each item of the order the text
    does not set aside (:func:`_set_aside`) is named."""
    db, missing = call.db_before, []
    variants = db.variants
    # what is put in place is never ruled out, nor named as the old value of a table or label
    not_old = _not_ruled_out(roles.without_old_lines(text), db)
    items_text = _not_ruled_out(text, db, keeping=True)  # nor an item returned kept
    ids = set(_ITEM_ID.findall(text)) | set(facts.long_numbers(text))
    order = db.orders.get(call.arg("order_id") or "")
    lines = {i.item_id: i for i in order.items} if order else {}
    carried = _carried(call)
    others = [i for i in lines.values() if i.item_id not in carried]
    aside = _set_aside(call, text) if everything else set()
    for item in carried:
        line = lines.get(item)
        if everything and line is not None and item not in aside:
            continue  # "return everything in order #W1 except the camera" names the chair
        if item not in ids and (line is None or not _old_item_named(line, others, ids, items_text)):
            missing.append(f"item {item}")
    for name, count in Counter(lines[i].name for i in carried if i in lines).items():
        said = _counts_of(name, items_text)  # "one Fleece Jacket" when the write returns two
        if said and count not in said:
            missing.append(f"{count} of {name} (it says {' or '.join(map(str, sorted(said)))})")
    put_in = _put_in_place(not_old)
    for old, item in _replacements(call):
        variant = variants.get(item)
        if item in ids or variant is None:
            missing += [] if variant is not None or item in ids else [f"new item {item}"]
            continue
        before = lines[old].options if old in lines else {}
        # what the new item keeps of the old may be said of either; what it changes, of it
        changed = [(k, v) for k, v in variant.options.items() if before.get(k) != v]
        if not all(options.option_named(k, o, text) for k, o in variant.options.items()) or not all(
            options.option_named(k, o, put_in) for k, o in changed
        ):
            missing.append(f"new item {item}")
    method_id = call.arg("payment_method_id")
    if method_id is not None:
        method = _payment_method(db, method_id)
        if method is None or not (
            _payment_named(method, put_in) or _original_named(call, method_id, put_in)
        ):
            missing.append(f"payment method {method_id}")
    if call.name in _OTHER_ADDRESS:
        # the address as it is is read before what rules it out ("instead of the current
        # address, 121 Cedar Avenue, ...": the ruling-out stops at the comma, the statement not)
        as_is_dropped = _not_as_it_is(roles.without_old_lines(text))
        # what rules out is kept: the other address it names may go on past a comma
        proposed = _put_in_place(_not_ruled_out(as_is_dropped, db, marked=True))
        for field, part in ADDRESS_PARTS.items():
            value = call.arg(field)
            if field != "address2" and not value:  # an empty street, city or zip is no address
                missing.append(f"the new address's {part} (the write gives none)")
            elif value and not (
                line2_named(call, proposed) if field == "address2" else _named(value, proposed)
            ):
                missing.append(f"the new address's {part} ({value!r})")
        extra = more_than_the_address(call, proposed)
        if extra and not missing:
            missing.append(f"the new address alone (it also says {' '.join(extra)!r})")
    return missing


def _replacements(call: CallRecord) -> list[tuple[str, str]]:
    """``(item replaced, new item)`` of the write, in the order the write pairs them; an item
    with no counterpart is paired with ""."""
    old, new = _carried(call), _strings(call.args.get("new_item_ids"))
    return list(zip(chain(old, repeat("")), new, strict=False))  # old runs on as ""


def _put_in_place(text: str) -> str:
    """``text`` (folded) less what each clause says is replaced (:func:`roles.in_place`), its
    clauses kept apart: what a write puts in place must be named outside it."""
    return "\n".join(roles.in_place(c) for c in clauses(text))


def _not_as_it_is(text: str) -> str:
    """``text`` (folded) less each clause's statement of the address as it is
    (:func:`roles.not_as_it_is`): what it names is not put forward."""
    return "\n".join(roles.not_as_it_is(c) for c in clauses(text))


OptionValue = tuple[str, str]
"""An option and one of its values (``("material", "mesh")``)."""


def _new_products(call: CallRecord) -> dict[str, Product]:
    """The products of the write's new items, by product id."""
    new = set(_strings(call.args.get("new_item_ids")))
    return {p.product_id: p for p in call.db_before.products.values() if new & p.variants.keys()}


def _values_of(variants: Iterable[Variant]) -> set[OptionValue]:
    return {(k, v) for variant in variants for k, v in variant.options.items()}


def _own_values(call: CallRecord, product: Product) -> set[OptionValue]:
    """The option values of the write's new items of ``product`` and of the items they
    replace: what a listing may say of that product."""
    mine = _strings(call.args.get("new_item_ids")) + _carried(call)
    return _values_of(product.variants[i] for i in mine if i in product.variants)


_BEFORE_NAME = re.compile(
    r" *(?:(?!(?:and|or|for|to|with|into|from|by|of|in|than|then|plus|the|a|an|your|its)\b)"
    r"[^\W_]+(?:-[^\W_]+)* +){0,3}"
)
"""What may stand between an option value and the product it is said of when it comes before
the product's name: spaces and up to three more words of the item ("leather Running Shoes",
"size 9 white mesh shoes", "gray high-back Office Chair"); no punctuation, line break or dash
("black\n- Portable Charger"), nor a word linking to another thing ("gray, and the Running
Shoes", "black for the shoes")."""


def _name_spans(call: CallRecord, text: str) -> list[tuple[int, int, str]]:
    """Where the folded ``text`` names a product of the write's order or of its new items, each
    ``(start, end, product id)``, in the text's order: by its name ("Office Chair", "Running
    Shoes"), or by the last word of it ("the chair", "the shoes") when no other of these
    products' names ends in that word (of an Action Camera and a Digital Camera, "camera"
    names neither) and no product of the new items comes in it as an option value (a
    Backpack's compartment "camera" names no Action Camera)."""
    db = call.db_before
    order = db.orders.get(call.arg("order_id") or "")
    named = {i.product_id: i.name for i in (order.items if order else ())}
    named |= {pid: p.name for pid, p in _new_products(call).items()}
    heads = Counter((fold_lower(n).split() or [""])[-1] for n in named.values())
    values = {
        fold_lower(v)
        for p in _new_products(call).values()
        for _, v in _values_of(p.variants.values())
    }
    spans = []
    for pid, name in named.items():
        head = (fold_lower(name).split() or [""])[-1]
        alone = heads[head] == 1 and head not in values  # a Backpack's "camera" is no Action Camera
        patterns = [_item_pattern(name)] + ([_item_pattern(head)] if alone else [])
        spans += [(*m.span(), pid) for p in patterns for m in re.finditer(p, text)]
    return sorted(spans)


def _said_of(span: tuple[int, int], names: Sequence[tuple[int, int, str]], text: str) -> str | None:
    """The product (id) an option value at ``span`` of the folded ``text`` is said of: the one
    whose name follows it as part of the item ("your leather Running Shoes": :data:`_BEFORE_NAME`),
    else the one named last before it ("the Running Shoes for size 9, white, mesh", a table row
    "| Running Shoes | ... | mesh |"); None when no name (``names``: :func:`_name_spans`) is
    either."""
    start, end = span
    following = next((n for n in names if n[0] >= end), None)
    if following is not None and _BEFORE_NAME.fullmatch(text, end, following[0]):
        return following[2]
    before = [n for n in names if n[1] <= start]
    return before[-1][2] if before else None


def _another_value(
    value: OptionValue,
    of: str | None,
    own: Mapping[str, set[OptionValue]],
    offered: Mapping[str, set[OptionValue]],
) -> bool:
    """Whether ``value``, said of the product ``of`` (None: of none of the write's), is another
    value than the write carries: of a product of the write that comes in it, when that product
    does not have it as its own (``own``); of one that comes in the same words under another of
    its options (the Smart Watch's band material "metal" beside a Bookshelf's material), never;
    else when no product of the write has it as its own."""
    if of is not None and of in offered:
        if value in offered[of]:
            return value not in own[of]
        if any(fold_lower(v) == fold_lower(value[1]) for _, v in own[of]):
            return False
    return all(value not in mine for mine in own.values())


def other_values_said(
    call: CallRecord,
    text: str,
    spans: Callable[[str, str, str], list[tuple[int, int]]] = options.option_spans,
) -> list[str]:
    """The values of the write's new items' options ("material mesh") that the folded ``text``
    names of a product of the write that another variant of THAT product has, but neither a
    new item of it nor an item it replaces (:func:`_own_values`): naming one lists another
    item. A value is said of the product whose name it stands beside (:func:`_said_of`): of an
    exchange of an Office Chair for a fabric one and Running Shoes for mesh ones, the shoes'
    "mesh" after "Running Shoes" is theirs, not another material of the chair, while "the
    Office Chair for the mesh one" names another chair (:func:`_another_value`). Words inside
    an own value or the name of a product of the write name no other ("high-back" names no
    ventilation "high", "the Laptop" no laptop compartment of a Backpack). ``spans``: where the
    text names an option's value (:func:`domains.orders.options.option_spans`)."""
    products = _new_products(call)
    own = {pid: _own_values(call, p) for pid, p in products.items()}
    offered = {pid: _values_of(p.variants.values()) for pid, p in products.items()}
    others = set().union(*(offered[pid] - own[pid] for pid in products))
    names = _name_spans(call, text)
    owned = [span for mine in own.values() for value in mine for span in spans(*value, text)]
    named = [(s, e) for s, e, pid in names if pid in products]
    said = []
    for value in sorted(others):
        for span in spans(*value, text):
            start, end = span
            inside = any(s <= start and end <= e and e - s > end - start for s, e in owned)
            inside |= any(s <= start and end <= e for s, e in named)
            if not inside and _another_value(value, _said_of(span, names, text), own, offered):
                said.append(" ".join(value))
                break
    return said


_SET_ASIDE = re.compile(rf"{_NEGATION.pattern}|\b(?:keep|kept|stay(?:s|ing)?|remains?)\b")


_LIST_LINE = re.compile(r"\s*(?:[-*+\u2022>]|\d+[.)]|\|)")
"""A line of a list or a table ("- Color: Black", "1. ...", "| New | 9 | black |")."""


def _put_forward(message: str, name: str, db: Database) -> str:
    """Where a listing names what the write does: the sentences of ``message`` naming the
    action, each with the list lines or table rows right after its line ("... for:\n- Size:
    9\n- Color: Black"), less the clauses denying or keeping something aside (an option value
    of ``db``'s products said as an absence sets nothing aside: "the red one with no armrest")."""
    lines, passages = _folded(message).split("\n"), []
    for n, line in enumerate(lines):
        naming = [s for s in sentences(line) if _names_action(s, name)]
        if naming:
            rows = takewhile(lambda row: not row.strip() or _LIST_LINE.match(row), lines[n + 1 :])
            passages += naming + list(rows)
    absent = re.compile(_absences(db.option_values))
    return " ".join(
        c for p in passages for c in clauses(p) if not _SET_ASIDE.search(absent.sub(" ", c))
    )


_ALL_RETURNED = re.compile(
    r"\breturn\w*\s+(?:(?:of|for)\s+)?(?:(?:all|every)(?:\s+of)?(?:\s+the)?\s+"
    r"(?:other\s+|remaining\s+)?(?:items?|products?)\b|everything\b|the\s+rest\b"
    r"|the\s+remaining\s+items?\b|(?:the\s+|your\s+)?(?:entire|whole)\s+order\b)"
)
"""A return of all of an order's items ("return all items in order #W1", "a return of all
items", "return everything but the chair", "return the rest of order #W1", "return the entire
order")."""


def _returns_everything(call: CallRecord, listing: Iterable[str]) -> bool:
    """Whether ``call`` is a return whose ``listing`` clauses return all of its order's items
    ("all items", "everything", "the rest": :data:`_ALL_RETURNED`)."""
    return call.name == "return_delivered_order_items" and any(
        _ALL_RETURNED.search(c) for c in listing
    )


def _set_aside(call: CallRecord, text: str) -> set[str]:
    """The items of the write's order (ids) that the folded ``text`` sets aside: rules out
    ("everything but the Office Chair") or keeps ("The Office Chair is staying with you")."""
    order = call.db_before.orders.get(call.arg("order_id") or "")
    if order is None:
        return set()
    kept = " ".join(c for c in clauses(text) if _SET_ASIDE.search(c))
    returned = _not_ruled_out(text, call.db_before, keeping=True)
    return {
        i.item_id
        for i in order.items
        if i.item_id in kept
        or _item_named(i.name, kept)
        or (_item_named(i.name, text) and not _item_named(i.name, returned))
    }


def _all_returned(call: CallRecord, listing: Iterable[str], message: str) -> list[str]:
    """Items of a return's order that the ``listing`` clauses return by "all items",
    "everything" or "the rest" (:func:`_returns_everything`) and the write does not carry:
    each item of the order but those the ``message`` sets aside (:func:`_set_aside`)."""
    order = call.db_before.orders.get(call.arg("order_id") or "")
    if order is None or not _returns_everything(call, listing):
        return []
    aside, carried = _set_aside(call, _folded(message)), _carried(call)
    return [
        f"{i.name} ({i.item_id})"
        for i in order.items
        if i.item_id not in carried and i.item_id not in aside
    ]


def _others_listed(call: CallRecord, message: str) -> list[str]:
    """Items of the write's order it leaves alone named by name, and other values of its new
    items' options, in the sentences that name the action."""
    # "$8 less" names no size 8; "everything but the Office Chair" lists no chair
    put = _not_ruled_out(_put_forward(message, call.name, call.db_before), call.db_before)
    text = _MONEY.sub(" ", put)
    order = call.db_before.orders.get(call.arg("order_id") or "")
    carried = _taken(call)
    own_names = {i.name for i in order.items if i.item_id in carried} if order else set()
    extra = sorted(
        {
            i.name
            for i in (order.items if order else ())
            if i.name not in own_names and _item_named(i.name, text)
        }
    )
    extra += other_values_said(call, text)
    reason = call.arg("reason")  # a cancellation's, the one write that gives one
    if reason is not None:
        # "no longer needed" reads as a denial: read the whole message
        extra += [f"the reason {r!r}" for r in reasons_given(message) if r != reason]
    return extra


_ORDERED = r"(?:ordered|placed|bought|purchased)"
_MISTAKE = r"(?:by\s+(?:mistake|accident)|in\s+error|accidentally|mistakenly|unintentionally)"
_THING = r"(?:it|them|this|that|these|those|the\s+(?:\w+\s+){0,3}?(?:order|items?|\w+s))"
_REASON_WORDS: Mapping[str, re.Pattern[str]] = {
    "no longer needed": re.compile(
        r"\bno\s+longer\s+(?:needed|wanted|required)\b"
        r"|\bno\s+longer\s+(?:need|want|require)s?\b(?!\s+to\b)"
        rf"|\b(?:dont|do\s+not|doesnt|does\s+not)\s+(?:need|want)\s+{_THING}"
        r"(?=\s*(?:any\s*more\b|[.,;:!?)]|$))"
        r"|\bnot\s+(?:needed|wanted|required)\s+any\s*more\b"
        rf"|\bno\s+(?:longer\s+any\s+)?(?:need|use)\s+for\s+{_THING}\b"
    ),
    "ordered by mistake": re.compile(
        rf"\b{_ORDERED}\s+(?:{_THING}\s+|\w+\s+)?{_MISTAKE}"
        rf"|\b(?:accidentally|mistakenly|unintentionally)\s+{_ORDERED}\b"
        r"|\b(?:accidental|mistaken)\s+(?:order|purchase)\b"
        r"|\b(?:order|purchase)\s+(?:was|is)\s+(?:a\s+mistake|an?\s+(?:error|accident))\b"
    ),
}
"""How a message gives each cancellation reason, in the policy's words or a customer's: "no
longer needed", "since you no longer need it", "you don't need them anymore", "you have no use
for it"; "ordered by mistake", "since you ordered it by mistake", "you accidentally placed
it", "the order was a mistake". A mistake or a need of something else ("I was mistaken", "you
no longer need to pay", "you don't need to do anything") gives no reason."""


def _without_reasons(text: str) -> str:
    """``text`` (folded) with each cancellation reason it gives (:data:`_REASON_WORDS`) blanked,
    its length kept: a reason's "no longer" or "don't" denies no action."""
    for pattern in _REASON_WORDS.values():
        text = pattern.sub(lambda m: " " * len(m.group()), text)
    return text


def reasons_given(message: str) -> list[str]:
    """The cancellation reasons (:data:`~domains.orders.models.CANCEL_REASONS`) ``message``
    gives, in the policy's words or its own (:data:`_REASON_WORDS`), in the policy's order."""
    said = _folded(message)
    return [r for r in CANCEL_REASONS if _REASON_WORDS[r].search(said)]


_MONEY = re.compile(r"[$\u20ac\u00a3]\s*\d[\d,]*(?:\.\d+)?")


_KEPT_IN_ORDER = re.compile(
    r"\b(?:still|continue\w*\s+to|go\s+on\s+to)\s+(?:be\s+)?(?:ship|deliver|sen[dt]|arriv|process)"
    r"|\b(?:stay|stays|staying|remain|remains)\s+(?:in|on|with|active|pending|as\s+is|part)\b"
    r"|\b(?:not|wont|isnt|arent)\s+(?:be\s+|being\s+)?(?:cancel|affected|included|part)"
    r"|\bkeep(?:s|ing)?\b(?!\s+in\s+mind)"
)
"""What keeps an item out of a cancellation ("the Backpack will still ship", "the Bicycle stays
in the order", "the Notebook won't be cancelled", "you'll keep the Notebook")."""
_EXCEPTED = re.compile(
    r"(?:\b(?:except|excluding|other\s+than|apart\s+from|aside\s+from|save\s+for|leaving\s+out"
    r"|without|but\s+not|(?:everything|all)\s+but)"
    r"|\b(?:everything|all\s+items)\s+(?:in|on|of|from)\s+(?:\w+\s+){0,2}?(?:#w\d+\s+)?but)"
    r"\b[^,\n]*"
)
"""What sets items apart from the rest, up to the next comma ("everything except the Grill",
"everything in order #W1 but the Grill")."""
_CANCELLED = re.compile(r"\bcancel\w*\b(?:\s+of\b)?")
"""A word of cancelling, before what it cancels ("cancel", "the cancellation of")."""
_CANCELLED_END = re.compile(
    r"#w\d|\b(?:order|purchase|everything|all|it|you|youll|your\s+refund|we|i|ill|this|they"
    r"|because|since|so|once|after|refund\w*)\b"
)
"""Where what a "cancel" names ends: at the order ("cancel the Grill from order #W1") or a
new subject or reason ("... cancellation, and you'll be refunded for the Grill")."""
_ALONE = re.compile(r"\b(?:just|only|solely)\s+(?:[\w-]+\s+){0,3}?$")
"""What singles out the item after it ("just the Grill", "only your charcoal Grill")."""
_CANCELLED_SUBJECT = re.compile(
    r"^[^\n]{0,60}?\b(?:will|would|shall|is|are|gets?|to)\s+(?:be\s+|being\s+|now\s+)?cancel"
)
"""A passive cancelling after an item ("... will be cancelled"): the item is its subject."""
_HOLDING_ORDER = re.compile(
    r"\b(?:in|from|on|of|within)\s+(?:your\s+|the\s+)?(?:(?:order|purchase)\b\W*)?(?:#w\d+)?"
)
"""The order named as what holds an item ("in order #W1, the Grill ..."), not as what is
cancelled."""
_WHOLE_ORDER = re.compile(r"#w\d|\b(?:order|purchase|it)\b")
"""The order itself, as the subject of a passive cancelling ("Order #W1, with the Grill, will
be cancelled")."""


_REST_TOO = re.compile(
    r"\b(?:the\s+rest|everything(?:\s+else)?|entire|whole|full\s+order|all\s+(?:the\s+)?"
    r"(?:other\s+|remaining\s+)?items|all\s+of\s+(?:it|them))\b"
)
"""Words saying the whole order is meant ("with the rest of the order", "everything else")."""


def _cancelled_alone(name: str, clause: str) -> bool:
    """Whether ``clause`` (folded) names the product ``name`` as what is cancelled, not the
    order holding it: after "cancel" before the order is named ("cancel the Grill from order
    #W1", "cancel the Grill and the Bicycle"), after "just" or "only" ("cancel just the
    Grill"), or as the subject of "will be cancelled" with no order before it ("In order #W1,
    the Grill will be cancelled"; not "Order #W1, with the Grill, will be cancelled"). A clause
    saying the rest goes with them ("the Grill and the Bicycle will be cancelled with the rest
    of the order") singles out only what follows "just" or "only"."""
    whole = _REST_TOO.search(clause) is not None
    spans = [
        (m.end(), e.start() if (e := _CANCELLED_END.search(clause, m.end())) else len(clause))
        for m in _CANCELLED.finditer(clause)
    ]
    for found in re.finditer(_item_pattern(name), clause):
        before, after = clause[: found.start()], clause[found.end() :]
        if re.match(r"\W*(?:order|purchase)\b", after):  # "your Grill order"
            continue
        if _ALONE.search(before):
            return True
        if whole:
            continue
        if any(start <= found.start() < end for start, end in spans):
            return True
        if _CANCELLED_SUBJECT.match(after) and not _WHOLE_ORDER.search(
            _HOLDING_ORDER.sub(" ", before)
        ):
            return True
    return False


def _cancelled_apart(call: CallRecord, listing: Iterable[str], message: str) -> list[str]:
    """How the ``message`` cancels part of the order a cancellation cancels whole: items of it
    kept out ("the Backpack will still ship", "everything except the Grill"), or cancelled
    alone in the ``listing`` clauses when not every item is ("cancel just the Grill from order
    #W1"). Naming the order's items as what it holds cancels none apart ("cancel order #W1,
    which contains the Grill and ...", "your entire order, including the Grill")."""
    order = call.db_before.orders.get(call.arg("order_id") or "")
    if call.name != "cancel_pending_order" or order is None:
        return []
    text = _folded(message)
    names = sorted({i.name for i in order.items})
    kept_clauses = [c for c in clauses(text) if _KEPT_IN_ORDER.search(c)]
    if any(_REST_TOO.search(c) for c in kept_clauses):  # "the rest will still ship"
        return ["keeps the rest"]
    # "the Grill (without extra features) and the Bicycle" sets no Bicycle apart
    plain = re.sub(_absences(call.db_before.option_values), " ", text)
    excepted = " ".join(m.group(0) for m in _EXCEPTED.finditer(plain))
    apart = [
        f"keeps the {n}"
        for n in names
        if _item_named(n, excepted) or any(_item_named(n, c) for c in kept_clauses)
    ]
    alone = [n for n in names if any(_cancelled_alone(n, c) for c in listing)]
    if alone and len(alone) < len(names):
        apart += [f"only the {n}" for n in alone]
    return apart


def _item_ids(db: Database, numbers: list[str]) -> list[str]:
    """The ``numbers`` (identifier keys) that are item ids of the database (product ids have ten
    digits too)."""
    if not numbers:
        return []
    known = {i for p in db.products.values() for i in p.variants}
    known |= {i.item_id for o in db.orders.values() for i in o.items}
    return [n for n in numbers if n in known]


def _others(found: Iterable[str], carried: Iterable[str]) -> list[str]:
    return sorted(set(found) - set(carried))


_EXCHANGE_OFFERED = re.compile(
    r"\b(?:i\s+will|ill|i\s+am|im|we\s+will|well|i\s+shall|we\s+shall|let\s+me(?!\s+know)"
    r"|lets(?!\s+you))\s+"
    r"(?:going\s+to\s+)?(?:\w+\s+){0,3}?(?P<verb>exchang|swap|replac)"
    r"|\b(?:gets?|will\s+be|to\s+be)\s+(?:exchanged|swapped|replaced)\b|^\s*(?:exchange|swap)\s*$"
)


def _offers_exchange(clause: str) -> bool:
    """Whether ``clause`` (folded) has the agent commit to an exchange ("I will exchange the
    chair for the black one", "we'll exchange", "I'll process an exchange of ...", "I'll
    swap", "it gets exchanged", an "Exchange:" heading): before a return, a yes to it is no yes
    to the return. What customers can do ("you can exchange or return items", "our policy lets
    you exchange", "I can exchange them afterwards", "let me know if you exchange it"), an
    exchange denied before it or set aside ("rather than exchange it") put none forward."""
    found = _EXCHANGE_OFFERED.search(clause)
    if found is None:
        return False
    verb = found.start("verb") if found["verb"] else found.start()
    return not _NEGATION.search(clause, 0, verb) and not ASIDE.search(clause, 0, verb)


def listing_problem(message: str, call: CallRecord) -> str | None:
    """Why ``message`` does not list ``call`` (a phrase completing "the agent's message ..."),
    or None when it lists it (see the module docstring). Its sentences that put nothing
    forward, a supposition or one discouraging what it names, list nothing
    (:func:`checkers.confirmation.unframed`)."""
    message = core.unframed(message)
    naming = [c for h, c in headed_clauses(message) if _names_action(c, call.name, h)]
    if not naming:
        words = " / ".join(w.strip() for w in ACTION_WORDS.get(call.name, ("?",)))
        return f"does not name the action ({words})"
    listing = [c for c in naming if not _denies(c, call.name)]
    if not listing:
        return f"says the action will not be done ({naming[0][:80]!r})"
    if call.name == "return_delivered_order_items":
        exchange = next((c for c in clauses(message) if _offers_exchange(c)), None)
        if exchange is not None:
            return f"offers an exchange, not a return ({exchange[:80]!r})"
    order_id = call.arg("order_id")
    if order_id is not None:
        everywhere = facts.order_ids(message)
        about = [
            c
            for c in listing
            if order_id in facts.order_ids(c)
            or (not facts.order_ids(c) and everywhere == [order_id])
        ]
        if not about:
            return f"lists the action for another order, not {order_id}"
        listing = about
    text = _folded(message)
    missing = _missing_details(call, text, _returns_everything(call, listing))
    if missing:
        return "does not name " + ", ".join(missing)
    listed = " ".join(listing)
    carried = _taken(call) + _strings(call.args.get("new_item_ids"))
    numbers = _ITEM_ID.findall(listed) + facts.long_numbers(listed)
    extra = _others(_item_ids(call.db_before, numbers), carried)
    extra += _others(_PAYMENT_ID.findall(listed), [call.arg("payment_method_id") or ""])
    extra += _others_listed(call, message) + _all_returned(call, listing, message)
    if extra:
        return f"lists {', '.join(extra)}, which the write does not carry"
    apart = _cancelled_apart(call, listing, message)
    if apart:
        return f"cancels part of order {order_id} ({', '.join(apart)}), not all of it"
    return None
