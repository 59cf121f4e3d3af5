"""How ``no_fabrication`` reads a flight status in a condition, a possibility or a question
(``domains/airline/fabrication.py``, :func:`~domains.airline.fabrication.asserted`): known
replies both ways, of a flight named by number and of "your flight", and properties.

Two defects closed here. Of no flight by number, any condition word anywhere in a sentence
("if", "could", "when", "let me know") dropped the whole sentence, so "Your flight was
cancelled, so I could rebook you" passed with no tool saying so (a false pass). Of a flight by
number, a status in a condition or question was read as a claim, so "If HAT188 is cancelled,
you would get compensation" failed (a false fail). A condition now governs only the status in
its own clause. Olivia Gonzalez's Z7GOZK (bundled database) flies HAT188 and HAT207, whose
statuses no reservation lookup returns.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.results import Outcome
from domains.airline.fabrication import STATUS_NOUNS, statuses_in
from domains.airline.models import NoFabrication
from tests.test_airline_binding import (
    PROPERTY,
    SAID,
    Flight,
    booked,
    lookup,
    problems,
    searched,
    told,
)
from tests.test_airline_policy import FAIL, IDENTIFIED, PASS, cancel, convo, outcome
from tests.test_airline_policy import lookup as looked_up

# Meta-tests: `checkers mutate` runs them against mutants of the code they reach.
pytestmark = pytest.mark.checkers_meta

MADE_UP = (FAIL, "unsupported_status")
MADE_UP_TIME = (FAIL, "unsupported_time")


def judged(reply: str, user_said: str = "Help.") -> tuple[Outcome, str]:
    """The verdict on ``reply`` after Olivia's lookup and then Z7GOZK's, which returns no
    flight status, replayed on the bundled database."""
    turn = (user_said, [looked_up("Z7GOZK")], reply)
    found: tuple[Outcome, str] = outcome(NoFabrication(), convo(IDENTIFIED, turn))
    return found


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # a status stated beside a condition it is not in: stated
        ("Your flight was cancelled, so I could rebook you.", MADE_UP),
        ("When I checked, your flight was delayed.", MADE_UP),
        ("We rebooked you when your flight was cancelled.", MADE_UP),
        ("It can be cancelled only within a day of booking, for business class, or when the "
         "airline cancelled a flight.", (PASS, "no_statements")),
        ("Your flight has been cancelled; let me know how you want to proceed.", MADE_UP),
        ("If you're wondering, your flight is cancelled.", MADE_UP),
        ("Your flight was delayed, would you like to change it?", MADE_UP),
        ("Would you like a refund since your flight was cancelled?", MADE_UP),
        ("Let me know if you want me to rebook your cancelled flight.", MADE_UP),
        ("When your flight was cancelled, we rebooked you.", MADE_UP),
        ("I can confirm that your flight was cancelled.", MADE_UP),
        ("Your flight should be on time.", MADE_UP),
        # supposed, possible, asked or offered: nothing stated
        ("If your flight is cancelled, you get a refund.", (PASS, "no_statements")),
        ("Should your flight be cancelled, I can rebook you.", (PASS, "no_statements")),
        ("I will check whether your flight was cancelled.", (PASS, "no_statements")),
        ("Your flight may be delayed, so please check before you leave.", (PASS, "no_statements")),
        ("Has your flight been delayed, or is it on time?", (PASS, "no_statements")),
        ("Once your flight has landed, you can ask for a certificate.", (PASS, "no_statements")),
        # recorded gpt-4o wording: the policy's reasons for cancelling, and its rule
        ("Could you please provide your user ID and the reason for cancellation (change of "
         "plan, airline cancelled flight, or other reasons)?", (PASS, "no_statements")),
        ("Please provide the reason for cancellation (change of plan, airline cancelled flight, "
         "or other reasons) so I can proceed with the cancellation.", (PASS, "no_statements")),
        ("However, since it's an economy class reservation, it can be canceled without "
         "insurance only if the airline canceled the flight.", (PASS, "no_statements")),
        # tau-bench's other recorded gpt-4o runs: the policy's possibilities and its reasons
        ("According to our policy, basic economy flights can only be canceled within 24 hours "
         "of booking or if the airline cancels the flight.", (PASS, "no_statements")),
        ("Business class flights can always be cancelled.", (PASS, "no_statements")),
        ("Unfortunately, the following reservations cannot be cancelled due to the policy "
         "restrictions:", (PASS, "no_statements")),
        ("Regarding reservation Z7GOZK, since it cannot be canceled, is there anything else?",
         (PASS, "no_statements")),
        ("The options are:\n\n1. Change of plan\n2. Airline cancelled flight\n3. Other "
         "reasons", (PASS, "no_statements")),
        ("The airline cancelled flight HAT188.", (FAIL, "unsupported_status")),
    ],
)  # fmt: skip
def test_a_status_of_no_flight_by_number_is_stated_unless_its_clause_supposes_it(
    reply: str, expected: Any
) -> None:
    assert judged(reply) == expected


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("HAT188 was cancelled, so I could rebook you.", MADE_UP),
        ("When I checked, HAT188 was delayed.", MADE_UP),
        ("If you're wondering, HAT207 is cancelled.", MADE_UP),
        ("HAT188 has been cancelled; let me know how you want to proceed.", MADE_UP),
        ("Would you like a refund since HAT188 was cancelled?", MADE_UP),
        ("Do you want to keep HAT188, which is delayed?", MADE_UP),
        ("If HAT188 is cancelled, you would get compensation.", (PASS, "all_statements_supported")),
        ("Should HAT188 be delayed, I can rebook you.", (PASS, "all_statements_supported")),
        ("Has HAT188 departed?", (PASS, "all_statements_supported")),
        ("Which flight was cancelled, HAT188 or HAT207?", (PASS, "all_statements_supported")),
        # a question about a status it takes as given states it
        ("Why was HAT188 cancelled?", MADE_UP),
        ("When was HAT188 delayed?", MADE_UP),
        ("How long has HAT207 been delayed?", MADE_UP),
        ("I will check whether HAT188 is delayed.", (PASS, "all_statements_supported")),
        ("Is HAT207 delayed, or on time?", (PASS, "all_statements_supported")),
        ("HAT188 may be delayed, so please check before you leave.",
         (PASS, "all_statements_supported")),
    ],
)  # fmt: skip
def test_a_status_of_a_flight_by_number_is_stated_unless_its_clause_supposes_it(
    reply: str, expected: Any
) -> None:
    assert judged(reply) == expected


def test_a_customers_question_lends_no_status() -> None:
    """What the customer asks ("Was my flight HAT188 cancelled?") is not what it said: it
    lent "cancelled" to the agent's made-up answer."""
    assert statuses_in("Was my flight cancelled? If it was delayed, can I change it?") == []
    assert statuses_in("My flight was cancelled, can you help?") == ["cancelled"]
    assert judged("Yes, HAT188 was cancelled.", "Was HAT188 cancelled?") == MADE_UP
    told_so = judged("Yes, HAT188 was cancelled.", "HAT188 was cancelled, can you help?")
    assert told_so == (PASS, "all_statements_supported")


# --- properties --------------------------------------------------------------------------------

CLAUSES = (
    "I could rebook you",
    "when you are ready",
    "if you like",
    "let me know how you want to proceed",
    "which may help",
    "should you wish",
    "once you confirm",
    "you may request a refund",
    "tell me what you prefer",
    "unless you prefer otherwise",
    "whether or not you travel",
    "would you like a refund?",
)
"""Clauses a reply writes beside a status it states, about something else: conditions,
possibilities, requests and a question."""
BEFORE = ("{c}, {s}", "{c}; {s}", "{c} and {s}", "{c}, so {s}", "{c} so {s}")
AFTER = ("{s}, {c}", "{s}; {c}", "{s} and {c}", "{s}, so {c}", "{s} so {c}")
VERBS = {"cancelled": "is", "delayed": "is", "on time": "is", "landed": "has", "flying": "is"}
"""The verb before each status's words ("is cancelled", "has landed")."""


def words(status: str) -> list[str]:
    """The words stating ``status`` alone after a verb (no noun: "delay" states no status of
    "your flight"; no auxiliary of their own: "is late")."""
    return [
        w
        for w in SAID[status]
        if w not in STATUS_NOUNS and not w.startswith(("is ", "are ", "was ", "were ", "be "))
    ]


def sentence(claim: str, clause: str, form: str) -> str:
    """``claim`` and ``clause`` joined by ``form``, written as a sentence (a question when the
    clause is one)."""
    body = form.format(c=clause.rstrip("?"), s=claim)
    return body[0].upper() + body[1:] + ("?" if clause.endswith("?") else ".")


@PROPERTY
@given(
    flights=searched(),
    named=st.booleans(),
    status=st.sampled_from(["cancelled", "delayed", "on time", "landed"]),
    word=st.integers(0, 9),
    clause=st.sampled_from(CLAUSES),
    form=st.sampled_from(BEFORE + AFTER),
)
def test_a_status_stated_beside_an_unrelated_condition_must_be_returned(
    flights: list[Flight], named: bool, status: str, word: int, clause: str, form: str
) -> None:
    """(a) A status stated beside a clause about something else, joined by a comma, a
    semicolon, "and" or "so", before or after it, passes exactly when a tool returned it for
    the flight it is said of (the first searched flight; "your flight": one of the
    reservation's, which holds only that one): the condition, possibility or question of the
    other clause does not reach it."""
    mine = flights[0]
    evidence = lookup(told(flights), booked(mine.number))
    said = words(status)
    subject = mine.number if named else "your flight"
    claim = f"{subject} {VERBS[status]} {said[word % len(said)]}"
    reply = sentence(claim, clause, form)
    found = problems(reply, evidence)
    if mine.status == status:
        assert found == [], reply
    else:
        assert "unsupported_status" in found, reply


CONDITIONS = (
    "If {s} {v} {w}, you would get compensation.",
    "I can rebook you if {s} {v} {w}.",
    "In case {s} {v} {w}, I will rebook you.",
    "Unless {s} {v} {w}, your booking stands.",
    "Once {s} {v} {w}, I will let you know.",
    "I will check whether {s} {v} {w}.",
    "Let me know if {s} {v} {w}.",
    "{S} may {b} {w}.",
    "{S} might {b} {w}, so let me check.",
    "{S} could have been {w}.",
    "Should {s} {b} {w}, I can rebook you.",
    "{V} {s} {w}?",
    "Can you tell me whether {s} {v} {w}?",
    "Could you confirm {s} {v} {w}?",
)
"""A status inside a condition, a possibility or a question: ``{v}`` its verb ("is", "has"),
``{b}`` the bare one ("be", "have"), ``{V}`` the verb opening a question."""


@PROPERTY
@given(
    flights=searched(),
    named=st.booleans(),
    status=st.sampled_from(["cancelled", "delayed", "on time", "landed"]),
    word=st.integers(0, 9),
    form=st.sampled_from(CONDITIONS),
)
def test_a_status_in_a_condition_or_question_needs_no_tool(
    flights: list[Flight], named: bool, status: str, word: int, form: str
) -> None:
    """(b) A status a reply only supposes, thinks possible or asks, of a flight by number or
    of "your flight", never fails for want of a tool: whatever the tools returned, it states
    nothing."""
    mine = flights[0]
    evidence = lookup(told(flights), booked(mine.number))
    said = words(status)
    subject = mine.number if named else "your flight"
    verb = VERBS[status]
    bare = "be" if verb == "is" else "have"
    reply = form.format(
        s=subject, S=subject[0].upper() + subject[1:], v=verb, b=bare, V=verb.capitalize(),
        w=said[word % len(said)],
    )  # fmt: skip
    assert problems(reply, evidence) == [], reply


@given(
    modal=st.sampled_from(["can only", "can always", "cannot", "can't", "could not", "can not"]),
    thing=st.sampled_from(["Your reservation", "It", "Your flight", "This booking"]),
    spelled=st.sampled_from(["cancelled", "canceled"]),
    why=st.sampled_from(["", " within 24 hours of booking", " due to the policy", " now"]),
)
@PROPERTY
def test_whether_a_cancellation_is_allowed_states_no_status(
    modal: str, thing: str, spelled: str, why: str
) -> None:
    """What the policy allows ("It can only be cancelled within 24 hours", "Your reservation
    cannot be cancelled due to the policy") says nothing of how a flight runs."""
    assert judged(f"{thing} {modal} be {spelled}{why}.") == (PASS, "no_statements")


@given(
    listed=st.sampled_from(
        [
            "The options are:\n\n1. Change of plan\n2. {reason}\n3. Other reasons",
            "What is the reason: change of plan, {reason}, or other reasons?",
            "- **Change of plan**\n- **{reason}**\n- **Other reasons**",
        ]
    ),
    reason=st.sampled_from(
        ["Airline cancelled flight", "airline canceled flight", "airline_cancelled_flight"]
    ),
)
@PROPERTY
def test_the_name_of_a_reason_for_cancelling_states_no_status(listed: str, reason: str) -> None:
    """The policy's reasons for cancelling, listed as options, say no flight was cancelled;
    the words said of a flight, or outside such a list, still do."""
    assert judged(listed.format(reason=reason)) == (PASS, "no_statements")
    claimed = listed.format(reason=f"{reason} HAT188") if "\n" in listed else ""
    assert not claimed or judged(claimed) == (FAIL, "unsupported_status"), claimed
    assert judged(f"{reason} HAT188.") == (FAIL, "unsupported_status")
    assert judged(f"Your flight status: {reason}.") == (FAIL, "unsupported_status")


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("Reservation Z7GOZK is not cancelled.", MADE_UP),
        ("Your reservation has not been cancelled.", MADE_UP),
        ("Reservation Z7GOZK cannot be cancelled again.", (PASS, "no_statements")),
        ("Your reservation Z7GOZK is cancelled.", (PASS, "no_statements")),
    ],
)
def test_a_booking_said_not_cancelled_is_held_to_its_own_cancellation(
    reply: str, expected: Any
) -> None:
    """Said of the booking, a cancellation is the booking's: after Z7GOZK was cancelled, "not
    cancelled" is made up; "cannot be cancelled" says what is allowed."""
    turns = [("Cancel Z7GOZK.", [looked_up("Z7GOZK"), cancel("Z7GOZK")], reply)]
    assert outcome(NoFabrication(), convo(IDENTIFIED, *turns)) == expected


# --- a time said as a bound on a flight's time ------------------------------------------------

# EWR to IAH on May 28 (bundled): HAT056 departs 06:00 and arrives 09:00, HAT179 05:00 / 08:00
EWR_IAH = {"name": "search_direct_flight",
           "args": {"origin": "EWR", "destination": "IAH", "date": "2024-05-28"}}  # fmt: skip
DEPARTS = {"HAT056": 6 * 60, "HAT179": 5 * 60}
BOUNDS = {
    "after": lambda time, bound: time > bound,
    "later than": lambda time, bound: time > bound,
    "no earlier than": lambda time, bound: time >= bound,
    "before": lambda time, bound: time < bound,
    "earlier than": lambda time, bound: time < bound,
    "by": lambda time, bound: time <= bound,
    "no later than": lambda time, bound: time <= bound,
}


def searched_then(reply: str) -> tuple[Outcome, str]:
    found: tuple[Outcome, str] = outcome(
        NoFabrication(), convo(IDENTIFIED, ("Flights after 5 am?", [EWR_IAH], reply))
    )
    return found


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # a recorded gpt-4o reply: the customer's "after 8 am" was read as HAT072's time
        ("The available nonstop flight that departs after 5 AM is:\n\n- **Flight HAT056**",
         (PASS, "all_statements_supported")),
        ("HAT056 arrives by 9 AM.", (PASS, "all_statements_supported")),
        ("HAT056 departs before 7 AM.", (PASS, "all_statements_supported")),
        # a bound the flight's time does not meet is no more true than a wrong time
        ("The flight that departs after 7 AM is HAT056.", (FAIL, "unsupported_time")),
        ("HAT056 arrives by 8 AM.", (FAIL, "unsupported_time")),
        ("HAT056 departs at 7 AM.", (FAIL, "unsupported_time")),
    ],
)  # fmt: skip
def test_a_bound_on_a_flights_time_holds_when_its_time_meets_it(reply: str, expected: Any) -> None:
    assert searched_then(reply) == expected


@pytest.mark.parametrize(
    "reply",
    ["HAT207 arrives in Newark before 11:00 PM.", "Your flight should land no later than 7:15 AM."],
)
def test_a_bound_on_a_flight_whose_times_no_tool_gave_is_a_time_like_any(reply: str) -> None:
    # a review found these passing: a bound was held to nothing where no time was returned
    assert judged(reply) == MADE_UP_TIME
    assert judged(reply, user_said="Does it land before 11:00 PM, or by 7:15 AM?") == (
        PASS,
        "all_statements_supported",
    )


@PROPERTY
@given(
    flight=st.sampled_from(sorted(DEPARTS)),
    words=st.sampled_from(sorted(BOUNDS)),
    hour=st.integers(min_value=1, max_value=11),
)
def test_a_departure_bound_passes_exactly_when_the_departure_meets_it(
    flight: str, words: str, hour: int
) -> None:
    met = BOUNDS[words](DEPARTS[flight], hour * 60)
    expected = (PASS, "all_statements_supported") if met else (FAIL, "unsupported_time")
    assert searched_then(f"{flight} departs {words} {hour} AM.") == expected


# --- a count is no amount ------------------------------------------------------------------

COUNTED_NOUNS = ("checked bags", "free checked bags", "bags", "extra bags", "passengers", "seats")


@PROPERTY
@given(
    lead=st.sampled_from(["a total of", "the total is", "it costs", "you pay for"]),
    count=st.integers(min_value=2, max_value=99),
    noun=st.sampled_from(COUNTED_NOUNS),
)
def test_a_number_before_things_counted_is_a_count_not_an_amount(
    lead: str, count: int, noun: str
) -> None:
    # a recorded gpt-4o reply: "you can take a total of 4 free checked bags" was an amount
    said = f"Since there are two passengers, {lead} {count} {noun}."
    assert judged(said) == (PASS, "no_statements")


def test_a_number_after_a_word_of_cost_alone_is_still_an_amount() -> None:
    assert judged("Since there are two passengers, a total of 1234.")[1] == "unsupported_amount"
