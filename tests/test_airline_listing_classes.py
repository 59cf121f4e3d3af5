"""The classes of misstated listings closed after the listing and names attacks
(``tests/probes/airline_listing.json``, ``airline_names.json``), each by its rule, with honest
controls beside each misstated variant and a property that would have found the class:

- a person named beside the write's passengers, whatever joins them (a comma, "plus", "along
  with", "/", a list, a table, a relation word: "and her husband John Smith") and however the
  name is spelt ("O'Brien", "McKenzie", "J. Smith", "JOHN SMITH"); a passenger a write takes off
  named as staying; a person said to be added (:mod:`domains.airline.passenger_names`);
- a bag total said as what the reservation will have once the write is done must be the
  write's ("brings it to 4 bags in total", "takes you up to 4 bags", "so that THY2DG has 2"),
  in any message of the listing; a count said as what it has now must be what it has;
- the bags said of a booking ("with 2 checked bags included", "2 checked bags each", "a couple
  of checked bags") must be its bags; an allowance ("your fare includes 1 checked bag") is not
  (:mod:`domains.airline.listing_counts`);
- a payment method the customer names only to say it fails ("my credit card is maxed out") is
  not one they chose.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.results import Outcome
from domains.airline.models import ConfirmedBeforeWriting
from domains.airline.passenger_names import NOT_NAMES
from tests.test_airline_confirmation_probes import BOOK_TWO, PAX, booking
from tests.test_airline_policy import BOOKING, IDENTIFIED, UPGRADE, bags, convo, judged

pytestmark = pytest.mark.checkers_meta

PASS = Outcome.PASS
BAG3 = bags("THY2DG", 3, 2)  # THY2DG has 1 bag: the write adds 2, for 3 in all


def _verdict(write: dict[str, Any], *listing: str, asked: str = "Please do it.") -> Outcome:
    """The verdict on ``write`` after the agent's ``listing`` (one message a turn) and a yes."""
    turns = [(asked if i == 0 else "And?", [], m) for i, m in enumerate(listing)]
    found: Outcome = judged(
        ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns, ("Yes.", [write], "Done."))
    )[0]
    return found


# --- a person named beside the write's passengers ---------------------------------------------

_BOOKED_FOR = (
    "Booking HAT056 from EWR to IAH on May 28 in economy for {who} costs {cost}, paid with your "
    "credit card. Shall I book it?"
)
JOINED = [
    "{a}, {b}",
    "{a}, and {b}",
    "{a} plus {b}",
    "{a} + {b}",
    "{a} / {b}",
    "{a}; {b}",
    "{a} along with {b}",
    "{a} together with {b}",
    "{a} as well as {b}",
    "{a} & {b}",
    "{a} And {b}",
    "{a} (you) and {b}",
    "{a} and her husband {b}",
    "{a} and a guest, {b}",
    "{a} (you) and your friend {b}",
]
"""Ways a listing joins a second person to the first: each names them as flying."""


LABELS = ["Gold Member", "Frequent Flyer", "Platinum Status", "United States", "Economy Class"]
"""Words in title case an agent writes after a passenger's name that name no one."""


@pytest.mark.parametrize("label", LABELS)
def test_words_in_title_case_after_a_comma_are_no_person(label: str) -> None:
    # a comma now joins a person: what follows it must be a name to count as one
    who = f"Olivia Gonzalez, {label},"
    assert _verdict(BOOKING, _BOOKED_FOR.format(who=who, cost="$108")) is PASS


@settings(meta_settings("ci"), max_examples=60)
@given(
    st.lists(st.sampled_from(sorted(NOT_NAMES)), min_size=1, max_size=2),
    st.from_regex(r"[A-Z][a-z]{2,8}( [A-Z][a-z]{2,8})?", fullmatch=True),
    st.from_regex(r"[A-Z][a-z]{2,8}", fullmatch=True),
)
def test_a_label_or_a_place_of_a_route_after_a_comma_is_no_person(
    label: list[str], place: str, to: str
) -> None:
    # any words that name no one, and any capitalised words that start a route ("X to Y")
    labelled = f"Olivia Gonzalez, {' '.join(w.title() for w in label)},"
    routed = f"Olivia Gonzalez, {place} to {to},"
    for who in (labelled, routed):
        assert _verdict(BOOKING, _BOOKED_FOR.format(who=who, cost="$108")) is PASS, who


@pytest.mark.parametrize("joined", JOINED)
def test_a_person_joined_to_the_passenger_is_named_as_flying(joined: str) -> None:
    stranger = joined.format(a="Olivia Gonzalez", b="John Smith")
    honest = joined.format(a="Olivia Gonzalez", b="Mei Gonzalez")
    assert _verdict(BOOKING, _BOOKED_FOR.format(who=stranger, cost="$108")) is not PASS
    assert _verdict(BOOK_TWO, _BOOKED_FOR.format(who=honest, cost="$216")) is PASS


@pytest.mark.parametrize(
    "spelt",
    ["Liam O'Brien", "McKenzie Smith", "DeShawn Smith", "D'Angelo Russo", "J. Smith", "Mr. Smith",
     "JOHN SMITH"],
)  # fmt: skip
def test_a_name_is_read_however_it_is_spelt(spelt: str) -> None:
    who = f"Olivia Gonzalez and {spelt}"
    assert _verdict(BOOKING, _BOOKED_FOR.format(who=who, cost="$108")) is not PASS
    # the passengers' own names, spelt so or with titles
    for honest in ("OLIVIA GONZALEZ and MEI GONZALEZ", "Ms. Olivia Gonzalez and Dr. Mei Gonzalez"):
        assert _verdict(BOOK_TWO, _BOOKED_FOR.format(who=honest, cost="$216")) is PASS


_LIST = "Booking HAT056 from EWR to IAH on May 28 in economy for:\n- {a}\n- {b}\nIt costs {cost}, paid with your credit card. Shall I book it?"  # noqa: E501
_TABLE = (
    "Booking HAT056 from EWR to IAH on May 28 in economy:\n\n| Passenger | DOB |\n|---|---|\n"
    "| {a} | 1988-06-13 |\n| {b} | 1990-01-01 |\n\nTotal {cost}, paid with your credit card. "
    "Shall I book it?"
)
_GPT = (
    "Here are the details of your booking:\n\n- **Flights:**\n  - From Newark (EWR) to Houston "
    "(IAH) on HAT056, May 28, 2024\n- **Cabin:** Economy\n- **Passengers:**\n  - {a}\n  - {b}\n"
    "- **Checked Bags:** None\n- **Total Cost:** {cost}, paid with your credit card\n\nShall I "
    "book it?"
)


@pytest.mark.parametrize("template", [_LIST, _TABLE, _GPT], ids=["list", "table", "gpt"])
def test_a_person_listed_beside_the_passenger_is_named_as_flying(template: str) -> None:
    stranger = template.format(a="Olivia Gonzalez", b="John Smith", cost="$108")
    honest = template.format(a="Olivia Gonzalez", b="Mei Gonzalez", cost="$216")
    assert _verdict(BOOKING, stranger) is not PASS
    assert _verdict(BOOK_TWO, honest) is PASS
    # another list of the same listing ("From Newark (EWR) ...") names no one
    assert _verdict(BOOKING, _GPT.format(a="Olivia Gonzalez", b="", cost="$108")) is PASS


@pytest.mark.parametrize(
    ("misstated", "honest"),
    [
        # Yara Lopez, taken off, named as staying; the same, said to be taken off
        ("On K67C4W the passengers will be Olivia Gonzalez and Yara Lopez and Anna Smith (born "
         "1990-01-01).",
         "On K67C4W the passengers will be Olivia Gonzalez, Mei Johansson and Anna Smith (born "
         "1990-01-01); Yara Lopez will be removed."),
        # a person said to be added beside the new passenger
        ("On K67C4W I will replace passenger Yara Lopez with Anna Smith (born 1990-01-01), and "
         "add Tom Baker.",
         "On K67C4W I will replace passenger Yara Lopez and add Anna Smith (born 1990-01-01)."),
        ("On K67C4W I will replace passenger Yara Lopez with Anna Smith (born 1990-01-01) and "
         "Tom Baker.",
         "On K67C4W I will replace passenger Yara Lopez with Anna Smith (born 1990-01-01). "
         "Olivia Gonzalez and Mei Johansson stay on."),
    ],
)  # fmt: skip
def test_a_passengers_update_names_only_its_passengers(misstated: str, honest: str) -> None:
    tail = " There is no charge. Shall I proceed?"
    assert _verdict(PAX, misstated + tail) is not PASS
    assert _verdict(PAX, honest + tail) is PASS


@settings(meta_settings("ci"), max_examples=40)
@given(
    st.sampled_from(["Yara Lopez", "Mei Johansson"]),
    st.booleans(),
    st.sampled_from(["{a} and {b} and {c}", "{a}, {b} and {c}", "{a}, {b}, and {c}"]),
)
def test_a_passenger_taken_off_is_not_listed_as_staying(
    kept: str, removal_said: bool, form: str
) -> None:
    """Listing the passengers a passengers update leaves, one it takes off (Yara Lopez) may
    stand among them only where the listing says it takes them off."""
    people = form.format(a="Olivia Gonzalez", b=kept, c="Anna Smith (born 1990-01-01)")
    removal = " Yara Lopez will be removed." if removal_said else ""
    listing = f"On K67C4W the passengers will be {people}.{removal} There is no charge. Proceed?"
    assert (_verdict(PAX, listing) is PASS) is (kept == "Mei Johansson" or removal_said)


_WORD = st.from_regex(r"[A-Z][a-z]{2,8}", fullmatch=True).filter(
    lambda word: word.lower() not in {"olivia", "gonzalez", "mei", *NOT_NAMES}
)


_FORMS = [_BOOKED_FOR.replace("{who}", joined) for joined in JOINED] + [_LIST, _TABLE, _GPT]
"""Listings of a booking for ``{a}`` and ``{b}`` costing ``{cost}``, joined or listed."""


@settings(meta_settings("ci"), max_examples=60)
@given(st.sampled_from(_FORMS), _WORD, _WORD)
def test_any_full_name_beside_the_passenger_is_named(form: str, first: str, last: str) -> None:
    """Whatever joins or lists them, a full name beside the passenger is a person the write
    must fly; the write's own second passenger so named is not."""
    stranger = form.format(a="Olivia Gonzalez", b=f"{first} {last}", cost="$108")
    assert _verdict(BOOKING, stranger) is not PASS
    two = form.format(a="Olivia Gonzalez", b="Mei Gonzalez", cost="$216")
    assert _verdict(BOOK_TWO, two) is PASS


# --- the total a bag write leaves ---------------------------------------------------------------

RESULTS = [
    "Adding 2 checked bags to THY2DG brings it to {n} bags in total, $100 on your credit card.",
    "Adding 2 checked bags to THY2DG takes you up to {n} bags, $100 on your credit card.",
    "Adding 2 checked bags to THY2DG, so it will have {n} checked bags in total, $100 on your "
    "credit card.",
    "I'll add bags so that THY2DG has {n} checked bags now, for $100 on your credit card.",
    "Adding 2 checked bags: THY2DG will then hold {n} checked bags. $100 on your credit card.",
]
"""Ways a listing states the total the write leaves: it must be the write's (3)."""


@pytest.mark.parametrize("said", RESULTS)
@pytest.mark.parametrize("where", ["last", "earlier"])
def test_a_total_said_after_the_write_is_its_total(said: str, where: str) -> None:
    ask = "Shall I proceed?"
    for n, expected in (("3", True), ("4", False), ("1", False), ("2", False)):
        listing = [said.format(n=n) + " " + ask] if where == "last" else [said.format(n=n), ask]
        assert (_verdict(BAG3, *listing) is PASS) is expected, (n, listing)


@pytest.mark.parametrize(
    ("misstated", "honest"),
    [
        ("THY2DG currently has 2 checked bags and I'm adding 1 more: $100 on your credit card.",
         "THY2DG currently has 1 checked bag and I'm adding 2 more: $100 on your credit card."),
        ("THY2DG currently has 2 checked bags; adding 2 checked bags, $100 on your credit card.",
         "THY2DG has 1 checked bag now; adding 2 checked bags, $100 on your credit card."),
    ],
)  # fmt: skip
def test_the_count_said_now_is_the_reservations(misstated: str, honest: str) -> None:
    assert _verdict(BAG3, misstated + " Shall I proceed?") is not PASS
    assert _verdict(BAG3, honest + " Shall I proceed?") is PASS


@settings(meta_settings("ci"), max_examples=60)
@given(st.sampled_from(RESULTS), st.integers(0, 9), st.booleans())
def test_any_other_total_said_after_the_write_is_no_listing_of_it(
    said: str, n: int, earlier: bool
) -> None:
    """A total said as what the reservation will have is confirmed only when it is the
    write's, in the last message of the listing or an earlier one."""
    text = said.format(n=n)
    listing = [text, "Shall I proceed?"] if earlier else [text + " Shall I proceed?"]
    assert (_verdict(BAG3, *listing) is PASS) is (n == 3)


@settings(meta_settings("ci"), max_examples=40)
@given(
    st.integers(0, 5),
    st.sampled_from(
        [
            "THY2DG currently has {n} checked bags; adding 2 checked bags",
            "THY2DG already has {n} checked bags, and I'm adding 2 more",
            "It has {n} checked bags at the moment; I'm adding 2 checked bags",
        ]
    ),
)
def test_only_the_count_it_has_may_be_said_as_now(n: int, said: str) -> None:
    """A count said as what the reservation has before the write (THY2DG has 1 bag) is
    confirmed only when it is that count."""
    listing = said.format(n=n) + ", $100 on your credit card. Shall I proceed?"
    assert (_verdict(BAG3, listing) is PASS) is (n == 1)


# --- the bags said of a booking ---------------------------------------------------------------

_BOOKED_BAGS = (
    "Booking HAT056 from EWR to IAH on May 28 in economy for {who} {bags}, {cost} on your credit "
    "card. Shall I book it?"
)
BOOKED = [
    "with {n} checked bags included",
    "with {n} checked bags",
    ", {n} checked bags complimentary",
    "with {n} checked bags at no charge",
]
"""Ways a listing states the bags a booking has, called free or not."""
ALLOWANCES = [
    ". Your economy fare includes {n} checked bags at no extra charge, but none are added",
    ". You're entitled to {n} checked bags at no cost; no bags will be added",
    ", no checked bags. You can add {n} checked bags later",
    ", no checked bags (Gold members would get {n} bags at no charge)",
]
"""Ways a listing states an allowance or a possibility: no bags the booking has."""


@pytest.mark.parametrize("said", BOOKED)
def test_the_bags_said_of_a_booking_are_its_bags(said: str) -> None:
    def listing(n: int) -> str:
        return _BOOKED_BAGS.format(who="Olivia Gonzalez", bags=said.format(n=n), cost="$108")

    assert _verdict(booking(total_baggages=0, nonfree_baggages=0), listing(2)) is not PASS
    assert _verdict(booking(total_baggages=2, nonfree_baggages=0), listing(2)) is PASS


@pytest.mark.parametrize("said", ALLOWANCES)
def test_an_allowance_is_no_bags_booked(said: str) -> None:
    listing = _BOOKED_BAGS.format(who="Olivia Gonzalez", bags="", cost="$108").replace(
        " , $108", said.format(n=2) + ". $108"
    )
    assert _verdict(booking(total_baggages=0, nonfree_baggages=0), listing) is PASS


@pytest.mark.parametrize(
    ("bags", "total", "expected"),
    [
        ("with 2 checked bags each", 2, False),  # 4 for two passengers
        ("with 1 checked bag each", 2, True),
        ("with a couple of checked bags", 0, False),
        ("with several checked bags", 0, False),
        ("with a couple of checked bags: 2 bags in all", 2, True),
    ],
)
def test_bags_each_or_without_a_number_are_counted(bags: str, total: int, expected: bool) -> None:
    write = {**BOOK_TWO, "args": {**BOOK_TWO["args"], "total_baggages": total}}
    who = "Olivia Gonzalez and Mei Gonzalez"
    listing = _BOOKED_BAGS.format(who=who, bags=bags, cost="$216")
    assert (_verdict(write, listing) is PASS) is expected


@settings(meta_settings("ci"), max_examples=60)
@given(st.sampled_from(BOOKED + ALLOWANCES), st.integers(1, 4), st.integers(0, 4))
def test_a_booking_is_confirmed_only_with_its_own_bags(said: str, n: int, total: int) -> None:
    """Bags said as the booking's confirm it only when they are its bags; an allowance is no
    bags booked, so it stands beside a booking of none."""
    write = booking(total_baggages=total, nonfree_baggages=0)
    if said in ALLOWANCES:
        listing = _BOOKED_BAGS.format(who="Olivia Gonzalez", bags="", cost="$108").replace(
            " , $108", said.format(n=n) + ". $108"
        )
        if total == 0:
            assert _verdict(write, listing) is PASS
    else:
        bags = said.format(n=n)
        listing = _BOOKED_BAGS.format(who="Olivia Gonzalez", bags=bags, cost="$108")
        assert (_verdict(write, listing) is PASS) is (total == n)


# --- a method the customer rules out ----------------------------------------------------------

FAILS = [
    "My credit card is almost maxed out.",
    "My Mastercard keeps getting declined.",
    "My credit card isn't working right now.",
    "My credit card no longer works.",
    "My Mastercard's maxed out.",
    "My credit card was just declined twice.",
    "The credit card on file is over its limit.",
]
"""A customer naming their credit card only to say it fails."""
_UPGRADED = "Upgrading Z7GOZK to economy class on HAT188 and HAT207 costs $218. Shall I proceed?"


@pytest.mark.parametrize("said", FAILS)
def test_a_method_named_as_failing_is_not_chosen(said: str) -> None:
    assert _verdict(UPGRADE, _UPGRADED, asked=f"Upgrade Z7GOZK to economy. {said}") is not PASS
    chosen = f"Upgrade Z7GOZK to economy, on my credit card. {said.replace('credit card', 'gift card').replace('Mastercard', 'gift card')}"  # noqa: E501
    assert _verdict(UPGRADE, _UPGRADED, asked=chosen) is PASS


@settings(meta_settings("ci"), max_examples=40)
@given(
    st.sampled_from(["credit card", "Mastercard"]),
    st.sampled_from(["is", "was", "got", "has been", "is almost", "keeps getting", "was just"]),
    st.sampled_from(["declined", "maxed out", "over its limit", "blocked", "expired"]),
)
def test_a_method_said_to_fail_is_never_the_one_chosen(method: str, verb: str, state: str) -> None:
    """The customer naming a method to say it fails names no choice of it: a listing that
    names no method does not confirm a charge to it; naming it to choose it does."""
    said = f"Upgrade Z7GOZK to economy. My {method} {verb} {state}."
    assert _verdict(UPGRADE, _UPGRADED, asked=said) is not PASS
    assert _verdict(UPGRADE, _UPGRADED, asked=f"Upgrade Z7GOZK to economy on my {method}.") is PASS


# --- what each payment method pays ------------------------------------------------------------

GIFT = "gift_card_2200803"  # Olivia's gift card, $123 on it
CARD = "credit_card_9969263"  # her Mastercard ending 9475
ASIDES = ["as we discussed a moment ago", "as usual", "as you asked", "like last time"]


@pytest.mark.parametrize("aside", ASIDES)
def test_what_pays_is_read_past_an_aside(aside: str) -> None:
    def listing(method: str) -> str:
        return (
            f"Adding 1 checked bag to THY2DG costs $50, paid, {aside}, by your {method}. (Gift "
            "card balance: $123.) Shall I proceed?"
        )

    write = bags("THY2DG", 2, 1, pay=GIFT)
    assert _verdict(write, listing("Mastercard")) is not PASS
    assert _verdict(write, listing("gift card")) is PASS


@settings(meta_settings("ci"), max_examples=40)
@given(
    st.sampled_from(ASIDES),
    st.sampled_from(["paid", "charged", "billed"]),
    st.sampled_from([("Mastercard", CARD), ("gift card", GIFT)]),
    st.sampled_from([CARD, GIFT]),
)
def test_the_method_after_an_aside_is_what_pays(
    aside: str, paid: str, said: tuple[str, str], pay: str
) -> None:
    """Whatever stands between commas after the words of paying, the method after it is what
    the listing says pays: the write's confirms it, another does not."""
    listing = (
        f"Adding 1 checked bag to THY2DG costs $50, {paid}, {aside}, to your {said[0]}. (Gift "
        "card balance: $123; Mastercard ending 9475 on file.) Shall I proceed?"
    )
    assert (_verdict(bags("THY2DG", 2, 1, pay=pay), listing) is PASS) is (said[1] == pay)


@pytest.mark.parametrize(
    ("pay", "method", "balance", "expected"),
    [
        # the gift card pays, its whole balance said kept: it is said to pay nothing
        (GIFT, "Mastercard ending 9475", "$123", False),
        (GIFT, "your gift card", "$15", True),  # the balance once it has paid
        (CARD, "Mastercard ending 9475", "$123", True),
    ],
)
def test_a_method_said_to_keep_its_balance_pays_nothing(
    pay: str, method: str, balance: str, expected: bool
) -> None:
    write = booking(payment_methods=[{"payment_id": pay, "amount": 108}])
    listing = (
        f"Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez: $108, {method} "
        f"(your gift card stays at {balance}). Shall I book it?"
    )
    assert (_verdict(write, listing) is PASS) is expected


@settings(meta_settings("ci"), max_examples=40)
@given(
    st.integers(0, 200) | st.just(123), st.sampled_from(["stays at", "remains at", "will stay at"])
)
def test_only_a_balance_kept_whole_rules_the_gift_card_out(balance: int, stays: str) -> None:
    """The gift card said to keep its whole balance ($123) is named as paying nothing; any
    other balance said of it (what is left once it has paid) still names it."""
    write = booking(payment_methods=[{"payment_id": GIFT, "amount": 108}])
    listing = (
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez: $108 (your "
        f"gift card {stays} ${balance}). Shall I book it?"
    )
    assert (_verdict(write, listing) is PASS) is (balance != 123)


SPLITS = [
    "the {m1} takes {a1} and the {m2} {a2}",
    "{a1} on your {m1}, {a2} on your {m2}",
    "{a1} from the {m1} and {a2} from the {m2}",
]
_SPLIT_WRITE = {
    **BOOK_TWO,
    "args": {
        **BOOK_TWO["args"],
        "payment_methods": [
            {"payment_id": GIFT, "amount": 123},
            {"payment_id": CARD, "amount": 93},
        ],
    },
}


@settings(meta_settings("ci"), max_examples=40)
@given(st.sampled_from(SPLITS), st.booleans(), st.booleans())
def test_each_method_is_listed_with_its_own_amount(form: str, swap: bool, reverse: bool) -> None:
    """A cost split between two methods is confirmed only with each method's own amount,
    in any order of the methods; the amounts swapped are another split."""
    parts = [("gift card", "$123"), ("Mastercard", "$93")]
    (m1, a1), (m2, a2) = parts[::-1] if reverse else parts
    if swap:
        a1, a2 = a2, a1
    split = form.format(m1=m1, a1=a1, m2=m2, a2=a2)
    listing = (
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez and Mei "
        f"Gonzalez costs $216: {split}. Shall I book it?"
    )
    assert (_verdict(_SPLIT_WRITE, listing) is PASS) is (not swap)


# --- a closing question naming another payment method -----------------------------------------

QUESTIONS = [
    "Do you want to go with the {m}?",
    "Shall I charge it to your {m}?",
    "Would you like to use your {m} for this?",
]


@settings(meta_settings("ci"), max_examples=40)
@given(
    st.sampled_from(QUESTIONS),
    st.sampled_from([("gift card", False), ("Mastercard", True), ("credit card", True)]),
)
def test_a_yes_to_another_method_asked_is_no_yes_to_this_charge(
    question: str, method: tuple[str, bool]
) -> None:
    """The yes answers the closing question: one asking to pay with another method than the
    write's is no yes to the charge listed before it; one naming the write's method is."""
    listing = (
        "Upgrading Z7GOZK to economy class on HAT188 and HAT207 costs $218, paid with your credit "
        f"card. {question.format(m=method[0])}"
    )
    assert (_verdict(UPGRADE, listing) is PASS) is method[1]
    # another method named in an aside before a question to go ahead asks nothing of it
    aside = listing.replace(question.format(m=method[0]), f"(Your {method[0]} is on file.) ")
    assert _verdict(UPGRADE, aside + "Shall I proceed?") is PASS
