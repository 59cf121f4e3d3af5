"""What an orders listing says of each value: put in place or replaced, whose address, which
address, which items.

The attack in ``tests/probes/orders_listing.json`` found listings that name the write's values in
the wrong role and still confirmed it. Each class below is a table of honest listings beside the
same listings misstated, one row each, and a hypothesis property over its frames that would have
found it:

- what a write puts in place must be named as the new value, never as the old or current one
  ("X → Y", "X will be replaced by Y", a Current|New table, "Was: X / Will be: Y", "your current
  address, X, will be changed to Y", "off X onto Y", "send back X and receive Y");
- the address a listing changes is the write's kind: an order's ("the shipping address of order
  #W1", "For order #W1: ...") or the account's ("your default shipping address", "the address
  on your profile");
- the address a listing writes is the write's alone: no other state after it, no other
  labelled number ("Apt 20", "ZIP 78702", "Building B"), no word of it written twice;
- a return of "everything", "all items" or "the rest" lists every item of the order it does
  not set aside.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers import roles
from checkers.meta import meta_settings
from tests.listing_slots import YESES
from tests.test_orders_confirmation_probes import (
    ADDR,
    EXCH,
    ITEMS,
    PAY_MC,
    RET1,
    S,
    W,
    judged,
)

pytestmark = pytest.mark.checkers_meta

M = "mei_martin_4260"
NEW = "100 Main Street, Apt 2, Austin, TX 78701"
"""The address :data:`ADDR` puts in place."""
OLDS = (
    "200 Oak Street, Apt 5, Dallas, TX 75201",
    "121 Cedar Avenue, Suite 971, Jacksonville, FL 32124",
    "9 Elm Road, Houston, TX 77002",
)
"""Addresses the write replaces."""
USER_ADDR = W(
    "modify_user_address", user_id=M, **{k: v for k, v in ADDR["args"].items() if k != "order_id"}
)


def _passes(write: dict[str, Any], user: str, listing: str, yes: str = "Yes, please.") -> bool:
    return judged(listing, write, yes, user)[0] == "pass"


# --- what is put in place is named as the new value ------------------------------------------

ROLE_FRAMES: dict[str, tuple[dict[str, Any], str, str, tuple[str, str]]] = {
    "from/to": (
        ADDR, M, "I'll change the shipping address of order #W7017301 from {old} to {new}. "
        "Shall I proceed?", (OLDS[0], NEW),
    ),
    "arrow": (
        ADDR, M, "Shipping address for order #W7017301: {old} → {new}. Shall I update it?",
        (OLDS[0], NEW),
    ),
    "before/after rows": (
        ADDR, M, "I'll update the shipping address of order #W7017301.\n\n| | Address |\n"
        "|---|---|\n| Before | {old} |\n| After | {new} |\n\nShall I proceed?", (OLDS[0], NEW),
    ),
    "current/new columns": (
        ADDR, M, "I'll update the shipping address of order #W7017301:\n\n| | Current | New |\n"
        "|---|---|---|\n| Address | {old} | {new} |\n\nShall I proceed?", (OLDS[0], NEW),
    ),
    "was/will be": (
        ADDR, M, "I'll update the shipping address of order #W7017301.\nWas: {old}\n"
        "Will be: {new}\nShall I proceed?", (OLDS[0], NEW),
    ),
    "current, will be changed to": (
        ADDR, M, "Your current address, {old}, will be changed to {new} for order #W7017301. "
        "Shall I proceed?", (OLDS[0], NEW),
    ),
    "on file, will be updated to": (
        ADDR, M, "The address on file, {old}, will be updated to {new} for order #W7017301. "
        "Shall I proceed?", (OLDS[0], NEW),
    ),
    "your address is": (
        ADDR, M, "Your address is {old} and I will change the shipping address of order "
        "#W7017301 to {new}. Shall I proceed?", (OLDS[0], NEW),
    ),
    "item replaced by": (
        ITEMS, M, "In order #W7017301, the green small {old} camera Backpack will be replaced "
        "by the green small {new} camera one, paid with PayPal. Shall I proceed?",
        ("polyester", "leather"),
    ),
    "option arrow": (
        ITEMS, M, "I'll change your Backpack in order #W7017301:\n- Color: green\n- Size: small\n"
        "- Material: {old} → {new}\n- Compartment: camera\nPaid with PayPal. Shall I proceed?",
        ("polyester", "leather"),
    ),
    "option columns": (
        ITEMS, M, "I'll change the Backpack in order #W7017301:\n\n| | Current | New |\n"
        "|---|---|---|\n| Material | {old} | {new} |\n\nStill green, small, camera "
        "compartment; paid with PayPal. Shall I proceed?", ("polyester", "leather"),
    ),
    "card replaced by": (
        PAY_MC, S, "For order #W8855135, your {old} will be replaced by your {new} as the "
        "payment method. Shall I proceed?", ("Visa ending in 6791", "Mastercard ending in 8484"),
    ),
    "off/onto": (
        PAY_MC, S, "I'll move the payment for order #W8855135 off your {old} and onto your "
        "{new}. Shall I proceed?", ("Visa ending in 6791", "Mastercard ending in 8484"),
    ),
    "send back/receive": (
        EXCH, M, "I'll exchange your Running Shoes from order #W5564375: you'll send back the "
        "{old} pair and receive a {new} pair. Difference via PayPal. Shall I proceed?",
        ("size 10, white, leather, EVA-sole", "size 9, white, mesh, rubber-sole"),
    ),
}  # fmt: skip
"""By name: a write, its customer, a listing naming an old and a new value, and the write's
(old, new) values: filled that way it confirms the write, reversed it must not."""


def _role_listing(
    frame: str, reversed_: bool, old: str | None = None
) -> tuple[dict[str, Any], str, str]:
    write, user, template, (own_old, own_new) = ROLE_FRAMES[frame]
    old = own_old if old is None else old
    pair = (own_new, old) if reversed_ else (old, own_new)
    return write, user, template.format(old=pair[0], new=pair[1])


@pytest.mark.parametrize("frame", sorted(ROLE_FRAMES))
def test_a_listing_naming_the_new_value_as_new_confirms_the_write(frame: str) -> None:
    write, user, listing = _role_listing(frame, reversed_=False)
    assert _passes(write, user, listing), listing


@pytest.mark.parametrize("frame", sorted(ROLE_FRAMES))
def test_a_listing_naming_the_new_value_as_the_old_one_does_not(frame: str) -> None:
    write, user, listing = _role_listing(frame, reversed_=True)
    assert judged(listing, write, "Yes, please.", user) == ("fail", "action_not_described"), listing


@settings(meta_settings("ci"), max_examples=60)
@given(
    st.sampled_from(sorted(ROLE_FRAMES)),
    st.booleans(),
    st.sampled_from(OLDS),
    YESES,
)
def test_a_listing_confirms_exactly_when_the_writes_value_is_named_as_the_new_one(
    frame: str, reversed_: bool, old_address: str, yes: str
) -> None:
    """Whichever frame names the old and the new value, and whichever address is replaced."""
    write = ROLE_FRAMES[frame][0]
    old = old_address if write is ADDR else None
    write, user, listing = _role_listing(frame, reversed_, old)
    assert _passes(write, user, listing, yes) is not reversed_, listing


# --- whose address -----------------------------------------------------------------------------

ORDERS_ADDRESS = (
    "the shipping address of order #W7017301",
    "the delivery address of your pending purchase #W7017301",
    "the shipping address of order #W7017301 on your account",
)
ACCOUNTS_ADDRESS = (
    "your default shipping address",
    "the default address on your account",
    "your profile address",
    "your saved shipping address",
)
WHOSE_FRAMES = (
    "I'll update {whose} to {new}. Shall I proceed?",
    "I will change {whose} to {new}. Please confirm (yes/no).",
)


@pytest.mark.parametrize(
    ("write", "listing", "confirms"),
    [
        (ADDR, "I'll update the shipping address of order #W7017301 to {new}.", True),
        (ADDR, "Order #W7017301 is pending. I will update your default shipping address on "
         "your account to {new}.", False),
        (ADDR, "I'll save {new} as the new shipping address of order #W7017301, so it ships "
         "there.", True),
        (ADDR, "I'll save {new} as the address on your profile, so future orders like the one "
         "after #W7017301 ship there.", False),
        (ADDR, "For order #W7017301: I'll change the delivery address to your new account "
         "address, {new}.", True),
        (USER_ADDR, "I'll update your default shipping address to {new}.", True),
        (USER_ADDR, "I'll update the shipping address of order #W7017301 on your account to "
         "{new}.", False),
        (USER_ADDR, "I'll update your address to {new} so future orders ship there.", True),
        (USER_ADDR, "I'll update the delivery address of your pending purchase to {new}.", False),
        (USER_ADDR, "For your account: I'll change the address to {new}.", True),
        (USER_ADDR, "For your pending order #W7017301: I'll change the address to {new}.", False),
    ],
)  # fmt: skip
def test_a_listing_of_the_other_kind_of_address_is_no_listing_of_the_write(
    write: dict[str, Any], listing: str, confirms: bool
) -> None:
    listing = listing.format(new=NEW) + " Shall I proceed?"
    assert _passes(write, M, listing) is confirms, listing


@settings(meta_settings("ci"), max_examples=60)
@given(
    st.sampled_from(
        [(ADDR, w) for w in ORDERS_ADDRESS] + [(USER_ADDR, w) for w in ACCOUNTS_ADDRESS]
    ),
    st.sampled_from(ORDERS_ADDRESS + ACCOUNTS_ADDRESS),
    st.sampled_from(WHOSE_FRAMES),
)
def test_a_listing_confirms_an_address_write_only_when_it_changes_that_kind_of_address(
    own: tuple[dict[str, Any], str], whose: str, frame: str
) -> None:
    """An order's address write is listed by the order's address alone, an account's by the
    account's alone, however each is called."""
    write, _ = own
    same_kind = (whose in ORDERS_ADDRESS) is (write is ADDR)
    listing = frame.format(whose=whose, new=NEW)
    assert _passes(write, M, listing) is same_kind, listing


# --- the address alone ------------------------------------------------------------------------

ALONE = (
    "I'll change the shipping address of order #W7017301 to {lead}{address}{tail}. Shall I proceed?"
)
HONEST_TAILS = ("", ", USA", ", United States", " as you asked", " for this order", ", Texas")
OTHER_TAILS = (
    ", California",
    ", Apt 5",
    " — second line Apt 22",
    " (ZIP 78702 for the apartment block)",
    ". Wait, correction: Apt 20",
    ", Suite 3",
)
HONEST_LEADS = ("", "the new address ", "this address: ")
OTHER_LEADS = ("Building B, ", "Unit 7, ")
REPEATED = "100 Main Street, Apt 2, Main Street Austin, TX 78701"
NO_LINE2 = dict(ADDR, args=dict(ADDR["args"], address2=""))
IN_DC = dict(
    ADDR, args=dict(ADDR["args"], address2="Suite 501", city="Washington", state="DC", zip="20001")
)
"""A city named as a state is ("Washington, DC"): no other state."""
IN_NY = dict(ADDR, args=dict(ADDR["args"], city="New York", state="NY", zip="10001"))


@pytest.mark.parametrize(
    ("write", "lead", "address", "tail", "confirms"),
    [
        (ADDR, "", NEW, ", USA", True),
        (ADDR, "", NEW, ", California", False),
        (ADDR, "", "100 Main Street, Apt 2, Austin 78701", ", Texas", True),
        (ADDR, "", "100 Main Street, Apt 2, Austin 78701", ", California", False),
        (ADDR, "", NEW, ", Apt 2", True),
        (ADDR, "", NEW, " — second line Apt 22", False),
        (ADDR, "", NEW, " (ZIP 78701 for the apartment block)", True),
        (ADDR, "", NEW, " (ZIP 78702 for the apartment block)", False),
        (ADDR, "", NEW, ". Wait, correction: Apt 2", True),
        (ADDR, "", NEW, ". Wait, correction: Apt 20", False),
        (ADDR, "Building B, ", NEW, "", False),
        (ADDR, "", NEW, "", True),
        (ADDR, "", REPEATED, "", False),
        (NO_LINE2, "", "100 Main Street, Austin, TX 78701", ", Apt 5", False),
        (NO_LINE2, "", "100 Main Street, Austin, TX 78701", "", True),
        (IN_DC, "", "100 Main Street, Suite 501, Washington, DC 20001", ", USA", True),
        (IN_NY, "", "100 Main Street, Apt 2, New York, NY 10001", "", True),
    ],
)  # fmt: skip
def test_a_listing_writing_another_address_beside_the_writes_is_no_listing_of_it(
    write: dict[str, Any], lead: str, address: str, tail: str, confirms: bool
) -> None:
    listing = ALONE.format(lead=lead, address=address, tail=tail)
    assert _passes(write, M, listing) is confirms, listing


@pytest.mark.xfail(strict=True, reason="a country is named by no vocabulary of the project")
def test_a_country_after_the_zip_that_is_not_the_writes_is_another_address() -> None:
    assert not _passes(ADDR, M, ALONE.format(lead="", address=NEW, tail=", Canada"))


@settings(meta_settings("ci"), max_examples=60)
@given(
    st.sampled_from(HONEST_LEADS + OTHER_LEADS),
    st.sampled_from(HONEST_TAILS + OTHER_TAILS),
)
def test_a_listing_confirms_an_address_write_only_when_it_writes_that_address_alone(
    lead: str, tail: str
) -> None:
    """Whatever comes before and after the new address: another state, unit, zip or building
    written with it is another address."""
    honest = lead in HONEST_LEADS and tail in HONEST_TAILS
    listing = ALONE.format(lead=lead, address=NEW, tail=tail)
    assert _passes(ADDR, M, listing) is honest, listing


# --- a return of everything ---------------------------------------------------------------------

ITEMS_OF_W5564375 = {
    "1793929609": "Office Chair",
    "7583936705": "Digital Camera",
    "1775591963": "Running Shoes",
    "5570660360": "LED Light Bulb",
}
ALL_BUT_FRAMES = (
    "I'll return everything but the {kept} from order #W5564375: {rest}, refunded to PayPal.",
    "I'll return all items in order #W5564375 except the {kept}: {rest}, refunded to PayPal.",
    "The {kept} is staying with you. I'll return the rest of order #W5564375 ({rest}), "
    "refunded to PayPal.",
)


def _all_but(kept: str, frame: str) -> str:
    rest = [name for name in ITEMS_OF_W5564375.values() if name != kept]
    named = ", ".join(f"the {name}" for name in rest[:-1]) + f" and the {rest[-1]}"
    return frame.format(kept=kept, rest=named) + " Shall I proceed?"


def _returning(*item_ids: str) -> dict[str, Any]:
    return dict(RET1, args=dict(RET1["args"], item_ids=list(item_ids)))


@pytest.mark.parametrize("frame", ALL_BUT_FRAMES)
def test_a_return_of_all_but_one_item_confirms_a_return_of_the_others_not_of_that_one(
    frame: str,
) -> None:
    listing = _all_but("Office Chair", frame)
    others = [i for i in ITEMS_OF_W5564375 if i != "1793929609"]
    assert _passes(_returning(*others), M, listing), listing
    assert not _passes(_returning("1793929609"), M, listing), listing


def test_a_return_of_everything_but_one_item_said_twice_is_no_return_of_that_item() -> None:
    """ "all but" and "everything but" rule the item out: "but" does not end their clause."""
    listing = (
        "I'll return all items in order #W5564375 except for the Office Chair... actually, let me "
        "return everything but the Office Chair, refunded to PayPal. Shall I proceed?"
    )
    assert not _passes(RET1, M, listing)


@settings(meta_settings("ci"), max_examples=40)
@given(
    st.sampled_from(sorted(ITEMS_OF_W5564375)),
    st.sampled_from(ALL_BUT_FRAMES),
    st.booleans(),
)
def test_a_return_of_all_but_an_item_confirms_exactly_the_return_of_the_others(
    kept: str, frame: str, of_the_others: bool
) -> None:
    """Whichever item is kept and however "all but" is said."""
    listing = _all_but(ITEMS_OF_W5564375[kept], frame)
    others = [i for i in ITEMS_OF_W5564375 if i != kept]
    write = _returning(*others) if of_the_others else _returning(kept)
    assert _passes(write, M, listing) is of_the_others, listing


# --- the readers of roles, on their own (what mutation testing found unheld) -------------------


def test_a_table_at_the_very_start_has_its_first_row_as_header() -> None:
    table = "| field | current | new |\n|---|---|---|\n| address | 100 main st | 200 oak st |"
    assert "100 main st" not in roles.without_old_lines(table)
    assert "200 oak st" in roles.without_old_lines(table)


@pytest.mark.parametrize(
    ("clause", "kept", "cut"),
    [
        # the subject of a passive change starts after the clause's last "and", "so" ...
        (
            "ship it and then to 100 main st, so 200 oak st is where it goes, and 300 elm st "
            "will be replaced by it",
            "200 oak st",
            "300 elm st",
        ),
        (
            "and 100 main st and then 200 oak st and 300 elm st will be replaced by it",
            "200 oak st",
            "300 elm st",
        ),
        # with none, at the clause's start
        ("leather will be replaced by polyester", "polyester", "leather"),
    ],
)
def test_the_subject_of_a_passive_change_is_cut_back_to_its_start(
    clause: str, kept: str, cut: str
) -> None:
    left = roles.in_place(clause)
    assert kept in left and cut not in left
    # cut from where the subject starts, right after the clause's last "and", else its start
    start = clause.rfind(" and ") + len(" and") if " and " in clause else 0
    assert left[:start] == clause[:start]
    assert left[start:].split() == clause.split()[-1:]  # all but what replaces it


ROLE_WORDS = st.sampled_from(
    [
        "from",
        "to",
        "change",
        "replaced by",
        "will be updated to",
        "->",
        "and",
        "so",
        "off",
        "onto",
        "send back",
        "receive",
        "for",
        "with",
        "old",
        "new",
        "\n",
    ]
)


@settings(meta_settings("ci"), max_examples=200)
@given(st.lists(ROLE_WORDS | st.from_regex(r"[a-z0-9 ,#]{1,12}", fullmatch=True), max_size=14))
def test_what_is_cut_is_blanked_in_place(words: list[str]) -> None:
    """Callers read positions in what is left: each character cut is a space, the rest stay
    where they were."""
    clause = " ".join(words)
    left = roles.in_place(clause)
    assert len(left) == len(clause)
    assert all(a == b or a == " " for a, b in zip(left, clause, strict=True))


# --- the current address named beside the new one (the review of 2026-12-05) -------------------

AS_IT_IS = [
    "**Current address:**\n{old}\n\n**New address:**\n{new}\n\nShall I make this change to order "
    "#W7017301?",
    "Order #W7017301 is currently set to ship to {old}. I'll change it to:\n\n{new}\n\nWould you "
    "like me to proceed?",
    "I'll change order #W7017301 to ship to {new}. This will replace the current address "
    "({old}). Shall I proceed?",
]
"""Honest listings stating the address as it is, before or after the new one."""


@settings(meta_settings("ci"), max_examples=40)
@given(st.sampled_from(AS_IT_IS), st.integers(3, 999), st.sampled_from(["Suite", "Unit", "Apt"]))
def test_the_address_as_it_is_beside_the_new_one_is_no_other_address(
    form: str, number: int, label: str
) -> None:
    old = f"121 Cedar Avenue, {label} {number}, Jacksonville, FL 32124"
    assert _passes(ADDR, M, form.format(old=old, new=NEW)), old
    # the same part written into the new address is another address
    crowded = NEW.replace("Austin", f"{label} {number}, Austin")
    assert not _passes(ADDR, M, form.format(old=OLDS[0], new=crowded)), crowded
