"""How ``no_fabrication`` binds a stated figure or status to the flight it is about
(``domains/airline/fabrication.py``): properties over generated sentences.

A figure or status bound to the wrong flight is checked against that flight's records, so a
false one passes when it is true of another flight. Each property builds what a search
returned about a few flights (distinct prices, departure times and statuses) and writes a reply
the way people do: one clause per flight, a list of flights, disguised letters. An honest reply
must pass; the same reply with two flights' facts swapped must not. The forms still bound
wrongly (one figure after a list of flights, a reservation's payment said of another) are
expected failures, each quoting its smallest reply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.text import LOOKALIKES, sentences
from domains.airline.checks import CallRecord
from domains.airline.data_files import bundled_database
from domains.airline.fabrication import (
    STATUS_NOUNS,
    STATUS_WORDS,
    Before,
    Evidence,
    sentence_problems,
)
from domains.airline.models import Available
from domains.airline.service import search_direct_flight

# Meta-tests: `checkers mutate` runs them against mutants of the code they reach.
pytestmark = pytest.mark.checkers_meta

PROPERTY = settings(meta_settings("ci"), max_examples=60)
"""The ``ci`` profile's fixed seed (the same replies on every run) and few examples."""


GIVEN = (30, 50, 100)
"""Dollar figures the policy gives (insurance, a bag, compensation): no price here is one of
them plus another price, so a price is never derived from another flight's."""

SAID = {
    status: [
        w
        for w in words.split("|")
        if "?" not in w
        and "[" not in w
        and sum(w in other.split("|") for other in STATUS_WORDS.values()) == 1
    ]
    for status, words in STATUS_WORDS.items()
}
"""Words stating each flight status (:data:`STATUS_WORDS`, the plain ones meaning that status
alone: "departed" says one of flying and landed)."""

JOINS = (" and ", ", ", "; ", ", while ", ", but ", ". ", "\n")
"""What a reply writes between what it says of one flight and of the next."""


@dataclass(frozen=True)
class Flight:
    """What a search returned about one flight."""

    number: str
    price: int
    hour: int
    status: str

    def record(self) -> dict[str, Any]:
        return {
            "flight_number": self.number,
            "status": self.status,
            "prices": {"economy": self.price},
            "scheduled_departure_time_est": f"{self.hour:02d}:00:00",
        }


@st.composite
def searched(draw: st.DrawFn, size: int = 2) -> list[Flight]:
    """``size`` flights with distinct numbers, prices (none derived from another's), departure
    hours and statuses."""
    numbers = draw(st.lists(st.integers(0, 999), min_size=size, max_size=size, unique=True))
    prices = draw(
        st.lists(
            st.integers(301, 599).filter(lambda p: p % 10 != 0),
            min_size=size,
            max_size=size,
            unique=True,
        )
    )
    assume(all(abs(p - q) not in GIVEN for p in prices for q in prices))
    hours = draw(st.lists(st.integers(0, 23), min_size=size, max_size=size, unique=True))
    statuses = draw(st.permutations(sorted(STATUS_WORDS)))[:size]
    return [
        Flight(f"HAT{n:03d}", p, h, s)
        for n, p, h, s in zip(numbers, prices, hours, statuses, strict=True)
    ]


def told(flights: list[Flight]) -> Evidence:
    """What the agent had been told once a search returned ``flights``."""
    db = bundled_database()
    evidence = Evidence()
    evidence.take_call(
        CallRecord(
            index=0,
            turn=0,
            name="search_direct_flight",
            args={},
            kind=None,
            ok=True,
            seen=[f.record() for f in flights],
            recorded=True,
            db_before=db,
            db_after=db,
        )
    )
    return evidence


def problems(reply: str, evidence: Evidence) -> list[str]:
    """The reason codes of what ``reply`` states unsupported, sentence by sentence as the check
    reads it."""
    codes, before = [], Before()
    for sentence in sentences(reply):
        found, before = sentence_problems(sentence, evidence, before)
        codes += [code for code, _ in found]
    return codes


def lookup(evidence: Evidence, reservation: dict[str, Any]) -> Evidence:
    """``evidence`` once a reservation lookup returned ``reservation``: the reservation the
    conversation is on."""
    db = bundled_database()
    evidence.take_call(
        CallRecord(1, 0, "get_reservation_details", {}, None, True, reservation, True, db, db)
    )
    return evidence


def booked(*numbers: str) -> dict[str, Any]:
    """Reservation ABC123 holding flights ``numbers``."""
    return {"reservation_id": "ABC123", "flights": [{"flight_number": n} for n in numbers]}


FACTS = {
    "amount": ("{f} costs ${x}", "amount_of_another_flight"),
    "amount first": ("${x} for {f}", "amount_of_another_flight"),
    "time": ("{f} leaves at {x}:00", "unsupported_time"),
    "time first": ("at {x}:00, {f} leaves", "unsupported_time"),
    "status": ("{f} {x}", "unsupported_status"),
}
"""Each kind of fact a reply states of a flight: how it is written (the figure after the flight
or before it), and the reason a fact of another flight gets."""


def fact(kind: str, flight: Flight, of: Flight, word: int) -> str:
    """``flight``'s clause stating fact ``kind`` of flight ``of`` (the ``word``-th way of
    saying a status)."""
    form, _ = FACTS[kind]
    if kind.startswith("amount"):
        return form.format(f=flight.number, x=of.price)
    if kind.startswith("time"):
        return form.format(f=flight.number, x=of.hour)
    words = SAID[of.status]
    return form.format(f=flight.number, x=words[word % len(words)])


@PROPERTY
@given(
    flights=searched(),
    kind=st.sampled_from(sorted(FACTS)),
    join=st.sampled_from(JOINS),
    word=st.integers(0, 9),
)
def test_each_flights_own_facts_pass_and_swapped_ones_do_not(
    flights: list[Flight], kind: str, join: str, word: int
) -> None:
    evidence, (a, b) = told(flights), flights
    honest = fact(kind, a, a, word) + join + fact(kind, b, b, word) + "."
    swapped = fact(kind, a, b, word) + join + fact(kind, b, a, word) + "."
    assert problems(honest, evidence) == []
    assert FACTS[kind][1] in problems(swapped, evidence), swapped


@PROPERTY
@given(
    flights=searched(3),
    kind=st.sampled_from(sorted(FACTS)),
    join=st.sampled_from(JOINS),
    word=st.integers(0, 9),
)
def test_a_fact_of_one_flight_said_of_another_is_caught_beside_true_ones(
    flights: list[Flight], kind: str, join: str, word: int
) -> None:
    """Two flights' own facts do not lend the third the one it is given of the first."""
    evidence, (a, b, c) = told(flights), flights
    reply = join.join([fact(kind, a, a, word), fact(kind, b, b, word), fact(kind, c, a, word)])
    assert FACTS[kind][1] in problems(reply + ".", evidence), reply


LIST_JOINS = (" and ", ", ", ", and ", " & ", "/", " as well as ")
"""What a reply writes between the flights of one list ("or" does not make one: "HAT188 or
HAT207 is delayed" is said of one of them)."""


@PROPERTY
@given(flights=searched(), join=st.sampled_from(LIST_JOINS), word=st.integers(0, 9))
def test_a_status_after_a_list_of_flights_must_be_true_of_each(
    flights: list[Flight], join: str, word: int
) -> None:
    evidence, (a, b) = told(flights), flights
    words = SAID[a.status]
    reply = f"{a.number}{join}{b.number} {words[word % len(words)]}."
    assert "unsupported_status" in problems(reply, evidence), reply
    assert problems(f"{a.number}{join}{a.number} {words[word % len(words)]}.", evidence) == []


@PROPERTY
@given(
    flights=searched(),
    kind=st.sampled_from(("amount", "time")),
    join=st.sampled_from(LIST_JOINS),
)
def test_one_figure_after_a_list_of_flights_must_be_true_of_each(
    flights: list[Flight], kind: str, join: str
) -> None:
    """One figure after a list of flights is said of each ("HAT188 and HAT207 cost $87"); one
    per flight, of each in order ("... cost $87 and $52", read as "respectively")."""
    evidence, (a, b) = told(flights), flights
    both = f"{a.number}{join}{b.number}"
    write = "cost ${} and ${}" if kind == "amount" else "leave at {}:00 and {}:00"
    x, y = (a.price, b.price) if kind == "amount" else (a.hour, b.hour)
    each, swapped = (f"{both} {write.format(*pair)}." for pair in ((x, y), (y, x)))
    one = f"{both} {write.split(' and ')[0].format(x)}."
    assert problems(one, evidence) != [], one
    assert problems(each, evidence) == [], each
    assert problems(swapped, evidence) != [], swapped


def known(*flights: tuple[str, int, int, str]) -> Evidence:
    return told([Flight(*f) for f in flights])


DELAYED_ON_TIME = known(("HAT188", 352, 6, "delayed"), ("HAT207", 487, 14, "on time"))

BOUND = [
    # Each flight's own status, in any order, passes; swapped, it does not.
    ("HAT188 is delayed and HAT207 is on time.", []),
    ("HAT207 is on time, while HAT188 is running late.", []),
    ("HAT188 is on time and HAT207 is delayed.", ["unsupported_status"] * 2),
    ("HAT188 is on schedule; HAT207 is behind schedule.", ["unsupported_status"] * 2),
    ("HAT188 is delayed and HAT207 is delayed too.", ["unsupported_status"]),
    # A status after a list is said of each flight of it.
    ("HAT188 and HAT207 are delayed.", ["unsupported_status"]),
    ("Flights HAT188 and HAT207 are both on time.", ["unsupported_status"]),
    # Said of some of them, it must be a status of one of them.
    ("One of HAT188 and HAT207 is delayed.", []),
    ("Either of the flights HAT188 and HAT207 is delayed.", []),
    ("HAT188 or HAT207 is delayed.", []),
    ("HAT188 or HAT207 is cancelled.", ["unsupported_status"]),
    # A label before a list is said of each flight of it.
    ("Delayed: HAT188, HAT207.", ["unsupported_status"]),
    ("Cancelled: HAT188, HAT207.", ["unsupported_status"] * 2),
    # A flight named beside a status is not lent it: the status is the nearest flight's.
    ("HAT207 is delayed, so you cannot take HAT188.", ["unsupported_status"]),
    ("HAT188 is delayed, so you cannot take HAT207.", []),
    ("Since HAT207 was delayed, I rebooked you on HAT188.", ["unsupported_status"]),
    ("HAT188 connects to HAT207, which is delayed.", ["unsupported_status"]),
    ("The delayed flights are HAT188 and HAT207.", ["unsupported_status"]),
    ("HAT207 along with HAT188 is on time.", ["unsupported_status"]),
    ("HAT207 is on time and likewise HAT188.", ["unsupported_status"]),
    ("None of HAT188 and HAT207 is cancelled.", []),
    ("None of HAT188 and HAT207 is delayed.", ["unsupported_status"]),
]


@pytest.mark.parametrize(("reply", "expected"), BOUND)
def test_each_status_is_checked_against_the_flights_it_is_said_of(
    reply: str, expected: list[str]
) -> None:
    assert problems(reply, DELAYED_ON_TIME) == expected


FIGURES_BOUND = [
    # A figure written before its flight is said of the flight after it.
    ("$352 for HAT188 and $487 for HAT207.", []),
    ("$487 for HAT188 and $352 for HAT207.", ["amount_of_another_flight"] * 2),
    ("At 14:00, HAT207 leaves, and at 6:00, HAT188 does.", []),
    ("At 6:00, HAT207 leaves, and at 14:00, HAT188 does.", ["unsupported_time"] * 2),
    # A clause naming one flight binds its figures to it, a total beside them to none.
    ("Cost: $352 for HAT188, plus $487 for HAT207, total $839.", []),
    ("Cost: $487 for HAT188, plus $352 for HAT207, total $839.", ["amount_of_another_flight"] * 2),
    # One figure per flight after a list is each one's in order ("respectively"); one alone
    # is each one's.
    ("HAT188 and HAT207 cost $352 and $487.", []),
    ("HAT188 and HAT207 cost $352 and $487 respectively.", []),
    ("HAT188 and HAT207 cost $487 and $352.", ["amount_of_another_flight"] * 2),
    ("HAT188 and HAT207 cost $352.", ["amount_of_another_flight"]),
    ("HAT188 or HAT207 costs $352.", []),
    ("HAT188 and HAT207 cost $352, $487 and $839 in all.", []),
]


@pytest.mark.parametrize(("reply", "expected"), FIGURES_BOUND)
def test_each_figure_is_checked_against_the_flight_it_is_said_of(
    reply: str, expected: list[str]
) -> None:
    assert problems(reply, DELAYED_ON_TIME) == expected


@st.composite
def reservations(draw: st.DrawFn) -> list[tuple[str, int]]:
    """Two reservations (id, amount paid) with amounts that do not derive from each other."""
    ids = draw(
        st.lists(
            st.from_regex(r"[A-Z]{5}[0-9]", fullmatch=True), min_size=2, max_size=2, unique=True
        )
    )
    paid = draw(
        st.lists(
            st.integers(301, 599).filter(lambda p: p % 10 != 0),
            min_size=2,
            max_size=2,
            unique=True,
        )
    )
    assume(abs(paid[0] - paid[1]) not in GIVEN)
    return list(zip(ids, paid, strict=True))


@PROPERTY
@given(booked=reservations())
def test_a_reservations_payment_said_of_another_does_not_pass(
    booked: list[tuple[str, int]],
) -> None:
    """An amount said of a reservation (and no flight) is one of its own amounts, never
    another reservation's (``amount_of_another_reservation``)."""
    db = bundled_database()
    evidence = Evidence()
    for index, (rid, paid) in enumerate(booked):
        seen = {"reservation_id": rid, "payment_history": [{"amount": paid}]}
        evidence.take_call(
            CallRecord(index, 0, "get_reservation_details", {}, None, True, seen, True, db, db)
        )
    (a, paid_a), (_, paid_b) = booked
    assert problems(f"Reservation {a} cost you ${paid_a}.", evidence) == []
    assert problems(f"Reservation {a} cost you ${paid_b}.", evidence) != []


ZERO_WIDTH = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad")
SIGHTED: dict[str, list[str]] = {}
for _code, _letter in LOOKALIKES.items():
    SIGHTED.setdefault(str(_letter), []).append(chr(_code))
"""For each ASCII letter, the letters of other scripts that look like it (:data:`LOOKALIKES`)."""


def disguised(text: str, choices: bytes) -> str:
    """``text`` as a reply can write it to look the same, character by character as ``choices``
    say (0 keeps a character): letters swapped for look-alikes of other scripts or full-width
    forms, digits in full width, no-break spaces, zero-width characters inside words and
    numbers."""
    out = []
    for char, after, choice in zip(text, [*text[1:], " "], choices, strict=True):
        forms = [char, *SIGHTED.get(char, ())]
        if char == " ":
            forms.append("\u00a0")
        elif char.isascii() and char.isalnum():
            forms.append(chr(ord(char) + 0xFEE0))
        hidden = ("", *ZERO_WIDTH)[choice // 16 % (len(ZERO_WIDTH) + 1)]
        out.append(forms[choice % 16 % len(forms)])
        out.append(hidden if char.isalnum() and after.isalnum() else "")
    return "".join(out)


@PROPERTY
@given(
    flights=searched(),
    kind=st.sampled_from(sorted(FACTS)),
    join=st.sampled_from(JOINS),
    word=st.integers(0, 9),
    data=st.data(),
)
def test_disguised_letters_bind_as_the_plain_reply_does(
    flights: list[Flight], kind: str, join: str, word: int, data: st.DataObject
) -> None:
    evidence, (a, b) = told(flights), flights
    for x, y in ((a, b), (b, a)):
        reply = fact(kind, a, x, word) + join + fact(kind, b, y, word) + "."
        choices = data.draw(st.binary(min_size=len(reply), max_size=len(reply)))
        assert problems(disguised(reply, choices), evidence) == problems(reply, evidence)


def test_the_customers_words_do_not_lend_a_status_beside_one_a_tool_returned() -> None:
    """With HAT188's status returned and none for HAT207, a status the customer said of their
    flight, HAT207 ("cancelled"), does not support it said of HAT207; with no status returned
    for any flight of the sentence, it does."""
    evidence = known(("HAT188", 352, 6, "on time"))
    evidence.flight("HAT207")
    evidence.take_heard("I'm booked on HAT207. My flight was cancelled.")
    assert problems("HAT188 is on time and HAT207 is cancelled.", evidence) == [
        "unsupported_status"
    ]
    assert problems("HAT207 is cancelled.", evidence) == []


LEFT_OUT = (
    ("{a} is {x} and {b} too.", True),
    ("{a} is {x}, and so is {b}.", True),
    ("{a} is {x}; {b} as well.", True),
    ("{a} is {x}, as is {b}.", True),
    ("{a} is {x} but {b} is not.", False),
    ("{a} is {x}, but {b} isn't.", False),
    # in the next sentence
    ("{a} is {x}. {b} too.", True),
    ("{a} is {x}. So is {b}.", True),
    ("{a} is {x}. The same goes for {b}.", True),
    ("{a} is {x}.\nLikewise {b}.", True),
    ("{a} is {x}. {b} is not.", False),
    # a double denial says the status
    ("It is false that {a} is not {x}, and {b} too.", True),
)
"""A status left out for the second flight: the same as the first's (True), or its denial."""


@PROPERTY
@given(flights=searched(), form=st.sampled_from(LEFT_OUT), word=st.integers(0, 5))
def test_a_status_left_out_is_the_one_before_or_its_denial(
    flights: list[Flight], form: tuple[str, bool], word: int
) -> None:
    """Said of the second flight by leaving the status out ("... and HAT207 too", "... but
    HAT207 is not"), a status is checked against that flight: the same status passes only if it
    is the second flight's too, a denial only if it is not."""
    first, second = flights
    template, same = form
    words = SAID[first.status]
    reply = template.format(a=first.number, b=second.number, x=words[word % len(words)])
    true_of_second = (first.status == second.status) == same
    assert (problems(reply, told(flights)) == []) == true_of_second, reply


DENIALS = (
    ("{a} is not {x}.", 1),
    ("{a} isn't {x}.", 1),
    ("{a} is no longer {x}.", 1),
    ("{a} has never been {x}.", 1),
    ("{a} is neither {x} nor {y}.", 1),
    ("Neither {a} nor {b} is {x}.", 2),
    ("Neither of {a} and {b} is {x}.", 2),
    ("{a} and {b} are not {x}.", 2),
    ("{a} isn't {x} and {b} isn't either.", 2),
    ("{a} is not {x}, nor is {b}.", 2),
    ("{a} is anything but {x}.", 1),
    ("{a} is not at all {x}.", 1),
    ("{a} is far from {x}.", 1),
    ("{a} is in no way {x}.", 1),
    ("{a} is by no means {x}.", 1),
    ("It is not true that {a} is {x}.", 1),
    ("It's false that {a} is {x}.", 1),
    ("It is not the case that {a} and {b} are {x}.", 2),
)
"""A status denied of the first flight, or of both (the number of flights it is denied of)."""


@PROPERTY
@given(
    flights=searched(),
    form=st.sampled_from(DENIALS),
    status=st.sampled_from(sorted(STATUS_WORDS)),
    word=st.integers(0, 5),
    data=st.data(),
)
def test_a_denied_status_passes_only_if_no_flight_it_is_denied_of_has_it(
    flights: list[Flight], form: tuple[str, int], status: str, word: int, data: st.DataObject
) -> None:
    """A denial ("HAT188 is not delayed", "Neither HAT188 nor HAT207 is delayed") is a statement
    too: false of a flight whose returned status it denies, in any spelling. Read as the status
    itself, it passed exactly when it was false."""
    template, denied_of = form
    other = sorted(set(STATUS_WORDS) - {status})[0]
    a, b = flights
    words = SAID[status]
    reply = template.format(a=a.number, b=b.number, x=words[word % len(words)], y=SAID[other][0])
    denied = {status, other} if "{y}" in template else {status}
    true = not any(f.status in denied for f in flights[:denied_of])
    choices = data.draw(st.binary(min_size=len(reply), max_size=len(reply)))
    for written in (reply, disguised(reply, choices)):
        assert (problems(written, told(flights)) == []) == true, written


DENIED = [
    ("HAT188 is not delayed.", ["unsupported_status"]),
    ("HAT188 is not on time.", []),
    ("HAT207 is no longer on time.", ["unsupported_status"]),
    ("HAT188 has not been cancelled.", []),
    ("HAT188 is delayed, not on time.", []),
    ("HAT188 is on time, not delayed.", ["unsupported_status"] * 2),
    ("HAT188 is delayed but HAT207 is not.", []),
    ("HAT188 isn't cancelled and HAT207 isn't either.", []),
    ("HAT188 isn't on time and HAT207 isn't either.", ["unsupported_status"]),
    ("Neither HAT188 nor HAT207 is cancelled.", []),
    ("Neither HAT188 nor HAT207 is delayed.", ["unsupported_status"]),
    ("Neither HAT188 nor HAT207 is cancelled; both are flying.", ["unsupported_status"] * 2),
    ("HAT188 is delayed and HAT207 is too.", ["unsupported_status"]),
]


@pytest.mark.parametrize(("reply", "expected"), DENIED)
def test_a_denial_is_checked_against_the_flights_it_is_said_of(
    reply: str, expected: list[str]
) -> None:
    assert problems(reply, DELAYED_ON_TIME) == expected


BESIDE = (
    ("{a} is {x}, so you cannot take {b}.", 1),
    ("Since {a} was {x}, I rebooked you on {b}.", 1),
    ("I moved you from {a}, which is {x}, to {b}.", 1),
    ("{b} connects to {a}, which is {x}.", 1),
    ("{a} is {x} and I booked {b} for you.", 1),
    ("{x}: {a}, {b}.", 2),
    ("{a} along with {b} is {x}.", 2),
    ("{a} together with {b} is {x}.", 2),
    ("The {x} flights are {a} and {b}.", 2),
    ("{a} is {x} and likewise {b}.", 2),
)
"""A status said of the first flight (1) or of both (2), with the other flight named beside
it without a status of its own."""


@PROPERTY
@given(
    flights=searched(),
    form=st.sampled_from(BESIDE),
    status=st.sampled_from(sorted(STATUS_WORDS)),
    word=st.integers(0, 5),
)
def test_a_status_is_never_lent_by_a_flight_named_beside_it(
    flights: list[Flight], form: tuple[str, int], status: str, word: int
) -> None:
    """A status passes only if it is true of every flight it is said of: a flight named in the
    same sentence ("..., so you cannot take HAT207") does not lend it its own. Checked against
    the sentence's flights together, it passed when true of either."""
    template, said_of = form
    words = SAID[status]
    a, b = flights
    reply = template.format(a=a.number, b=b.number, x=words[word % len(words)])
    true = all(f.status == status for f in flights[:said_of])
    assert (problems(reply, told(flights)) == []) == true, reply


@st.composite
def profile(draw: st.DrawFn) -> tuple[dict[str, Any], list[int], list[int]]:
    """A user's details as ``get_user_details`` returns them: numbers written in text (zip,
    suite, card's last four, year of birth) and a few gift card balances under 100, so that no
    plain arithmetic on the balances and the policy's figures (at most five times 300) makes
    one of the text's numbers."""
    zip_code = draw(st.integers(10000, 99999))
    suite, last_four = draw(st.lists(st.integers(2000, 9999), min_size=2, max_size=2))
    year = draw(st.integers(1940, 2005))
    amounts = draw(st.lists(st.integers(40, 99), min_size=1, max_size=3, unique=True))
    details = {
        "address": {"address2": f"Suite {suite}", "zip": str(zip_code)},
        "dob": f"{year}-05-27",
        "payment_methods": {
            f"gift_card_{i}": {"source": "gift_card", "amount": a} for i, a in enumerate(amounts)
        }
        | {"credit_card_1": {"source": "credit_card", "last_four": str(last_four)}},
    }
    return details, [zip_code, suite, last_four, year], amounts


AMOUNT_FORMS = ("Your refund will be ${n}.", "The change costs ${n}.", "The total comes to ${n}.")


@PROPERTY
@given(profile(), st.sampled_from(AMOUNT_FORMS))
def test_a_number_a_response_held_is_no_amount(
    given_profile: tuple[dict[str, Any], list[int], list[int]], form: str
) -> None:
    """A zip code, a suite, a card's last four digits or a year of birth stated as an amount is
    unsupported; the balances pass. Every number a response held counted as an amount before."""
    details, numbers, amounts = given_profile
    db = bundled_database()
    evidence = Evidence()
    evidence.take_call(CallRecord(0, 0, "get_user_details", {}, None, True, details, True, db, db))
    for n in numbers:
        assert "unsupported_amount" in problems(form.format(n=n), evidence), n
    for n in amounts:
        assert problems(form.format(n=n), evidence) == [], n


UNNAMED_FORMS = ("Your flight {x}.", "Your flights {x}.", "Good news: your trip {x}.", "It {x}.")
"""Sentences saying a status of no flight by number."""


@PROPERTY
@given(
    flights=searched(),
    status=st.sampled_from(["cancelled", "delayed", "on time"]),
    form=st.sampled_from(UNNAMED_FORMS),
    word=st.integers(0, 9),
)
def test_a_status_said_of_no_flight_by_number_needs_one_of_the_reservations_flights(
    flights: list[Flight], status: str, form: str, word: int
) -> None:
    """Said of "your flight", a status passes only if a tool returned it for one of the flights
    of the reservation the conversation is on. It was never checked before."""
    evidence = lookup(told(flights), booked(*(f.number for f in flights)))
    # a noun ("delay") says a status only of a flight named by number
    verbs = [w for w in SAID[status] if w not in STATUS_NOUNS]
    words = [w for w in verbs if not w.startswith(("is ", "are ", "was ", "were ", "be "))]
    reply = form.format(x=f"is {words[word % len(words)]}")
    true = any(f.status == status for f in flights)
    assert (problems(reply, evidence) == []) == true, reply


CONTRASTS = (
    "{a} is {x}, unlike {b}.",
    "Unlike {b}, {a} is {x}.",
    "{a} is {x}, not {b}.",
    "{a} is {x}, as opposed to {b}.",
    "In contrast to {b}, {a} is {x}.",
)
"""A status said of one flight and denied of another set against it."""


@PROPERTY
@given(
    flights=searched(),
    form=st.sampled_from(CONTRASTS),
    status=st.sampled_from(sorted(STATUS_WORDS)),
    word=st.integers(0, 5),
)
def test_a_flight_set_against_another_has_the_opposite_status(
    flights: list[Flight], form: str, status: str, word: int
) -> None:
    """ "HAT188 is delayed, unlike HAT207" says HAT207 is not delayed: it passes only when the
    first flight has the status and the second has not. Read as nothing of the second, it
    passed when the second was delayed too."""
    a, b = flights
    words = SAID[status]
    reply = form.format(a=a.number, b=b.number, x=words[word % len(words)])
    true = a.status == status and b.status != status
    assert (problems(reply, told(flights)) == []) == true, reply


def test_a_flight_set_against_another_with_the_same_status_fails() -> None:
    """The flights of the property above have different statuses; the same status said of one
    and denied of the other is false of the other."""
    evidence = known(("HAT188", 352, 6, "delayed"), ("HAT207", 353, 7, "delayed"))
    assert problems("HAT188 is delayed, unlike HAT207.", evidence) == ["unsupported_status"]
    assert problems("HAT188 is delayed, and so is HAT207.", evidence) == []


@PROPERTY
@given(
    flights=searched(),
    form=st.sampled_from(tuple(f.replace("{a} is", "your flight is") for f in CONTRASTS)),
    status=st.sampled_from(["cancelled", "delayed", "on time"]),
    word=st.integers(0, 5),
)
def test_a_status_set_against_a_flight_is_said_of_the_customers_flight(
    flights: list[Flight], form: str, status: str, word: int
) -> None:
    """ "Unlike HAT207, your flight is delayed" says the reservation's flight is delayed and
    HAT207 is not: it passes only when both hold. Read as said of HAT207 (the sentence's one
    flight number), it passed when HAT207 was delayed and the customer's flight was not."""
    mine, other = flights
    evidence = lookup(told(flights), booked(mine.number))
    verbs = [w for w in SAID[status] if w not in STATUS_NOUNS]
    words = [w for w in verbs if not w.startswith(("is ", "are ", "was ", "were ", "be "))]
    reply = form.format(b=other.number, x=words[word % len(words)])
    true = mine.status == status and other.status != status
    assert (problems(reply, evidence) == []) == true, reply


@st.composite
def fields(draw: st.DrawFn) -> dict[str, int]:
    """One flight's figures by field: an economy and a business price (neither derived from the
    other) and a departure and an arrival hour."""
    economy, business = draw(
        st.lists(
            st.integers(301, 599).filter(lambda p: p % 10 != 0), min_size=2, max_size=2, unique=True
        )
    )
    assume(abs(economy - business) not in GIVEN)
    departure, arrival = draw(st.lists(st.integers(0, 23), min_size=2, max_size=2, unique=True))
    return {"economy": economy, "business": business, "departure": departure, "arrival": arrival}


FIELD_FORMS = (
    ("{f} departs at {x}:00.", "departure"),
    ("{f} leaves JFK at {x}:00 and lands at {y}:00.", "departure"),
    ("Departure: {x}:00 on {f}.", "departure"),
    ("At {x}:00, {f} leaves.", "departure"),
    ("{f} departs at {x12}.", "departure"),
    ("{f} arrives at {x}:00.", "arrival"),
    ("{f} lands at {x12}.", "arrival"),
    ("{f} leaves at {y}:00, landing at {x}:00.", "arrival"),
    ("{f} costs ${x} in economy.", "economy"),
    ("The business fare of {f} is ${x}.", "business"),
    ("{f} in business class: ${x}.", "business"),
    ("For one passenger in economy, {f} costs ${x}.", "economy"),
    ("{f}: {x}:00.", None),
    ("{f} costs ${x}.", None),
)
"""A figure said of a flight as one field of it ("departs", "business"), or as none."""
KIND_OF = {"departure": "time", "arrival": "time", "economy": "amount", "business": "amount"}


@PROPERTY
@given(figures=fields(), form=st.sampled_from(FIELD_FORMS), data=st.data())
def test_a_figure_said_as_one_field_of_a_flight_must_be_that_fields(
    figures: dict[str, int], form: tuple[str, str | None], data: st.DataObject
) -> None:
    """A figure said as a field of a flight (its departure, its business fare) passes only if
    it is that field's; said as no field, any of the flight's figures of its kind passes. Bound
    to the flight alone, the arrival time passed as the departure and one cabin's fare as
    another's."""
    template, field = form
    kind = "time" if "{x}:00" in template or "{x12}" in template else "amount"
    said = data.draw(st.sampled_from([f for f, k in KIND_OF.items() if k == kind]))
    record = {
        "flight_number": "HAT188",
        "status": "available",
        "prices": {"economy": figures["economy"], "business": figures["business"]},
        "scheduled_departure_time_est": f"{figures['departure']:02d}:00:00",
        "scheduled_arrival_time_est": f"{figures['arrival']:02d}:00:00",
    }
    db = bundled_database()
    evidence = Evidence()
    evidence.take_call(
        CallRecord(0, 0, "search_direct_flight", {}, None, True, [record], True, db, db)
    )
    y = figures["arrival" if field == "departure" else "departure"]  # the other clause's, right
    x = figures[said]
    x12 = f"{x % 12 or 12} {'am' if x < 12 else 'pm'}"  # an hour alone ("6 pm")
    reply = template.format(f="HAT188", x=x, y=y, x12=x12)
    assert (problems(reply, evidence) == []) == (field in (None, said)), reply


def test_a_segments_price_is_the_fare_of_its_reservations_cabin() -> None:
    """The price a reservation paid for a flight is its cabin's fare: said as another cabin's
    (one a search returned for that flight), it fails."""
    evidence = lookup(
        known(("HAT188", 352, 6, "available")),
        {
            **booked("HAT188"),
            "cabin": "business",
            "flights": [{"flight_number": "HAT188", "price": 610}],
        },
    )
    assert problems("You paid $610 for HAT188 in business.", evidence) == []
    assert problems("You paid $610 for HAT188 in economy.", evidence) == ["amount_of_another_cabin"]
    assert problems("HAT188 costs $352 in business.", evidence) == ["amount_of_another_cabin"]


def db_search(number: str) -> list[dict[str, Any]]:
    """What ``search_direct_flight`` returns on the bundled database for flight ``number``'s
    route on the first date it is available: its real times and fares, none made up here."""
    db = bundled_database()
    flight = db.flights[number]
    date = next(d for d, day in flight.dates.items() if isinstance(day, Available))
    found, _ = search_direct_flight(db, flight.origin, flight.destination, date)
    assert isinstance(found, list)
    return found


SEARCHABLE = sorted(
    number
    for number, flight in bundled_database().flights.items()
    if any(isinstance(day, Available) for day in flight.dates.values())
)
"""The flights of the bundled database a search returns on some date."""


def searched_in_db(*numbers: str) -> tuple[Evidence, dict[str, dict[str, str]]]:
    """What the agent had been told once a search returned each of flights ``numbers``
    (:func:`db_search`), and each one's figures as a reply writes them: its departure and
    arrival ("22:00") and each cabin's fare ("$131")."""
    db = bundled_database()
    evidence, figures = Evidence(), {}
    for number in numbers:
        seen = db_search(number)
        evidence.take_call(
            CallRecord(0, 0, "search_direct_flight", {}, None, True, seen, True, db, db)
        )
        record = next(r for r in seen if r["flight_number"] == number)
        figures[number] = {
            "departure": record["scheduled_departure_time_est"][:5],
            "arrival": record["scheduled_arrival_time_est"][:5],
            **{cabin: f"${price}" for cabin, price in record["prices"].items()},
        }
    return evidence, figures


CARRIED = [
    # the field said of the flight before is the later flight's, its verb left out
    ("{A} arrives at {a[arrival]} and {B} at {b[arrival]}.", []),
    ("{A} arrives at {a[arrival]} and {B} at {b[departure]}.", ["unsupported_time"]),
    ("{A} departs at {a[departure]}, {B} at {b[departure]}.", []),
    ("{A} departs at {a[departure]}, {B} at {b[arrival]}.", ["unsupported_time"]),
    ("{A} lands at {a[arrival]}; while {B} at {b[departure]}.", ["unsupported_time"]),
    ("Departure: {a[departure]} on {A}, {b[departure]} on {B}.", []),
    ("Departure: {a[departure]} on {A}, {b[arrival]} on {B}.", ["unsupported_time"]),
    ("{A} and {B} depart at {a[departure]} and {b[departure]}.", []),
    ("{A} and {B} depart at {a[departure]} and {b[arrival]}.", ["unsupported_time"]),
    ("Economy on {A} is {a[economy]} and on {B} {b[economy]}.", []),
    ("Economy on {A} is {a[economy]} and on {B} {b[business]}.", ["amount_of_another_cabin"]),
    ("{A} costs {a[business]} in business and {B} {b[economy]}.", ["amount_of_another_cabin"]),
    # a field word given again is the later flight's own
    ("{A} arrives at {a[arrival]}, and {B} departs at {b[departure]}.", []),
    ("{A} arrives at {a[arrival]}, and {B} departs at {b[arrival]}.", ["unsupported_time"]),
    ("Economy on {A} is {a[economy]}, and {B} is {b[business]} in business.", []),
    # a clause with words of its own, or after both fields, carries none: any time of it
    ("{A} arrives at {a[arrival]}, so you can catch {B} at {b[departure]}.", []),
    ("{A} leaves at {a[departure]} and lands at {a[arrival]}, and {B} at {b[arrival]}.", []),
]


@pytest.mark.parametrize(("template", "expected"), CARRIED)
def test_a_field_said_of_one_flight_carries_to_the_next_without_its_verb(
    template: str, expected: list[str]
) -> None:
    """ "HAT112 arrives at 01:00 and HAT266 at 13:00" says 13:00 is HAT266's arrival: checked
    as any time of HAT266, its departure passed."""
    evidence, figures = searched_in_db("HAT112", "HAT266")
    reply = template.format(A="HAT112", B="HAT266", a=figures["HAT112"], b=figures["HAT266"])
    assert problems(reply, evidence) == expected, reply


TIME_WORDS = {"departure": ("departs", "leaves"), "arrival": ("arrives", "lands")}


@PROPERTY
@given(
    pair=st.lists(st.sampled_from(SEARCHABLE), min_size=2, max_size=2, unique=True),
    field=st.sampled_from(sorted(TIME_WORDS)),
    word=st.integers(0, 1),
    join=st.sampled_from((" and ", ", ", "; while ")),
    data=st.data(),
)
def test_a_time_after_the_next_flight_is_the_same_field_as_the_one_before(
    pair: list[str], field: str, word: int, join: str, data: st.DataObject
) -> None:
    """ "<F1> <field> at <t1> and <F2> at <t2>" passes exactly when t1 is F1's time of that
    field and t2 is F2's, each time drawn from both fields of both flights as a search of the
    bundled database returned them."""
    (a, b), (evidence, figures) = pair, searched_in_db(*pair)
    times = [figures[n][f] for n in pair for f in TIME_WORDS]
    t1, t2 = data.draw(st.sampled_from(times)), data.draw(st.sampled_from(times))
    reply = f"{a} {TIME_WORDS[field][word]} at {t1}{join}{b} at {t2}."
    true = t1 == figures[a][field] and t2 == figures[b][field]
    assert (problems(reply, evidence) == []) == true, reply


DEPARTED = ("{f} has departed.", "{f} has taken off.", "{f} took off an hour ago.",
            "Your flight has departed.", "Your flight has already taken off.",
            "It took off at 06:00.", "{f} has already flown.", "{f} was flown yesterday.",
            "Your flight has already flown.", "It was flown yesterday.")  # fmt: skip
NOT_DEPARTED = ("{f} has not departed yet.", "{f} hasn't taken off.", "{f} has not flown yet.")


@PROPERTY
@given(
    status=st.sampled_from(["flying", "landed", "on time", "delayed", "cancelled", "available"]),
    form=st.sampled_from(DEPARTED + NOT_DEPARTED),
)
def test_departed_says_flying_or_landed(status: str, form: str) -> None:
    """ "HAT188 has departed" (or "has taken off", "has flown", of the customer's flight too) is
    true when a tool returned the flight flying or landed, and false when it returned it
    scheduled, delayed or cancelled; its denial the reverse. "departed" was no status, "taken
    off" said flying alone (false of a landed flight, its denial true), and "flown" said
    nothing."""
    evidence = lookup(told([Flight("HAT188", 352, 6, status)]), booked("HAT188"))
    reply = form.format(f="HAT188")
    true = (status in ("flying", "landed")) == (form in DEPARTED)
    assert (problems(reply, evidence) == []) == true, reply


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # the booking was cancelled: its denial is false, of the reservation or "your flight"
        ("Reservation ABC123 has not been cancelled.", ["unsupported_status"]),
        ("Your booking was not cancelled.", ["unsupported_status"]),
        ("Reservation ABC123 has been cancelled.", []),
    ],
)
def test_a_denial_said_of_no_flight_by_number_must_be_true(reply: str, expected: list[str]) -> None:
    """A status denied of the flights a sentence means without a number is checked as a status
    said of them is, once any status of them is known."""
    cancelled = {**booked("HAT188"), "status": "cancelled"}
    assert problems(reply, lookup(known(("HAT188", 352, 6, "available")), cancelled)) == expected


def test_a_denial_of_flights_nothing_is_known_of_is_no_fabrication() -> None:
    """With no status known, "the airline has not cancelled your flight" is the agent's reading
    of the customer's request (a recorded gpt-4o run says so before a refusal), not a made-up
    status: a status said, not denied, needs one."""
    evidence = lookup(Evidence(), booked("HAT188"))
    assert problems("The airline has not cancelled your flight.", evidence) == []
    assert problems("The airline has cancelled your flight.", evidence) == ["unsupported_status"]


@pytest.mark.parametrize(
    "reply",
    ["Your flight was cancelled.", "Your flight has already taken off.", "It took off an hour ago.",
     "Your flight departed this morning.", "Your flight has already flown."],
)  # fmt: skip
def test_a_status_of_the_customers_flight_needs_one_returned_whatever_the_status(
    reply: str,
) -> None:
    """Said of no flight by number, "has taken off" is judged as "was cancelled" is: of the
    flights of the reservation the conversation is on, whose lookup returns no status, so
    neither has one to state."""
    assert problems(reply, lookup(Evidence(), booked("HAT188"))) == ["unsupported_status"]


FLOWN = [
    # "flown" said of a flight claims it flew
    ("HAT188 has already flown.", ["unsupported_status"]),
    ("HAT188 was flown yesterday.", ["unsupported_status"]),
    ("HAT188 and HAT207 have been flown.", ["unsupported_status"] * 2),
    ("Your flight has already flown.", ["unsupported_status"]),
    ("HAT188 has not flown yet.", []),
    # the customer's flying, or the policy's: no flight is said to have flown
    ("The segments you have flown cannot be refunded.", []),
    ("If any segment has been flown, you cannot cancel the trip.", []),
    ("Flown segments cannot be cancelled.", []),
    ("Thank you for having flown with us.", []),
    ("None of the segments has been flown, so I can cancel the trip.", []),
]


@pytest.mark.parametrize(("reply", "expected"), FLOWN)
def test_flown_says_a_flight_flew_only_of_a_flight(reply: str, expected: list[str]) -> None:
    """ "HAT188 has already flown" claims the flight flew (landed or flying, as "departed"); it
    was no status word, so it passed of a flight on time. Of no flight by number "flown" is
    read only with a flight as its subject: "the segments you have flown" is the customer's,
    and a condition states nothing."""
    flights = known(("HAT188", 352, 6, "delayed"), ("HAT207", 487, 14, "on time"))
    assert problems(reply, lookup(flights, booked("HAT188", "HAT207"))) == expected


@PROPERTY
@given(
    flights=searched(),
    same=st.sampled_from(
        (", and so does {b}", ", as does {b}", " and {b} does too", "; likewise {b}")
    ),
)
def test_a_price_left_out_for_a_second_flight_is_said_of_it_too(
    flights: list[Flight], same: str
) -> None:
    """ "HAT188 costs $301, and so does HAT207" says $301 of HAT207 too: true only if it is."""
    evidence, (a, b) = told(flights), flights
    reply = f"{a.number} costs ${a.price}" + same.format(b=b.number) + "."
    assert "amount_of_another_flight" in problems(reply, evidence) or (
        "unsupported_amount" in problems(reply, evidence)
    ), reply
