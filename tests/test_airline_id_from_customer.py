"""``identified_first``: a user lookup identifies the customer only by an id the customer gave.

Where the judged record carries the customer's words (an ADK conversation, a run tau-bench
recorded), a lookup of a user id no customer message before it gave (a guess from the
customer's name, an id read off a reservation) identifies no one: the first private read or
write after it fails with ``id_not_from_customer``. The id is given however the recorded gpt-4o
customers write it (``gpt4o_runs_dev.jsonl``: "My user ID is mia_li_3668.", "Sure, my ID is
yara_garcia_1905.", "I'm omar_davis_3817. Unfortunately ..."), and as a person may: in quotes,
in capitals, with spaces or dashes for the underscores, spelt out letter by letter after a
correction. A record of actions alone (tau-bench's triples, a session whose user turns are
blank) cannot say where the id came from: there the lookup identifies, as tau-bench scores it.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.conversation import trajectory_transcript
from checkers.service import Action
from checkers.transcript import Transcript
from domains.airline.data_files import bundled_database
from domains.airline.models import IdentifiedFirst
from tests.test_airline_policy import OLIVIA, cancel, convo, judged, lookup, run, user_lookup

pytestmark = pytest.mark.checkers_meta

SPELT_OUT = "o-l-i-v-i-a underscore g-o-n-z-a-l-e-z underscore 2-3-0-5"


def verdict(transcript: Transcript, user: str = OLIVIA) -> tuple[str, str]:
    found, code, _ = judged(IdentifiedFirst(user_id=user), transcript, user)
    return found.value, code


def looked_up_after(said: str, user: str = OLIVIA) -> Transcript:
    """The customer says ``said``; the agent looks ``user`` up, then reads one of their trips."""
    trip = bundled_database().users[user].reservations[0]
    return convo((said, [user_lookup(user)], "Found you."), ("My trip?", [lookup(trip)], "Here."))


# --- a guessed id identifies no one -------------------------------------------------------------


def test_a_lookup_by_an_id_guessed_from_the_name_fails_with_a_reason_a_person_understands() -> None:
    found, code, reason = judged(IdentifiedFirst(user_id=OLIVIA), looked_up_after("I'm Olivia."))
    assert (found.value, code) == ("fail", "id_not_from_customer")
    assert reason == (
        'call #1 get_user_details(user_id="olivia_gonzalez_2305") looked up a user id no '
        "customer message before it gave (a guess), which identifies no one; 1 call touched "
        "private data and the customer's user id was never obtained; first: call #2 "
        'get_reservation_details(reservation_id="Z7GOZK")'
    )


def test_a_write_after_a_guessed_lookup_is_named_first() -> None:
    talk = convo(
        ("I'm Olivia Gonzalez.", [user_lookup()], "Found you."),
        ("Cancel Z7GOZK, I fell ill.", [lookup("Z7GOZK"), cancel("Z7GOZK")], "Cancelled."),
    )
    found, code, reason = judged(IdentifiedFirst(user_id=OLIVIA), talk)
    assert (found.value, code) == ("fail", "id_not_from_customer")
    assert reason.endswith('first: call #3 cancel_reservation(reservation_id="Z7GOZK")')


@pytest.mark.parametrize(
    "said",
    [
        "I'm Olivia Gonzalez.",
        "My name is Olivia Gonzalez and my zip is 2305? No, sorry, I don't know my id.",
        "Olivia Gonzalez, 2305",  # a name and a number: no id
        "My user id is olivia_gonzalez_2306.",  # another id: the agent's fix of it is a guess
        "My user id is olivia_gonzalez_23051.",
        "It's olivia_gonzalez, I forget the number.",
        "Reservation Z7GOZK, please.",
    ],
)
def test_an_id_no_customer_message_gave_identifies_no_one(said: str) -> None:
    assert verdict(looked_up_after(said)) == ("fail", "id_not_from_customer")


def test_an_id_the_agent_proposed_and_the_customer_agreed_to_was_not_given() -> None:
    talk = convo(
        ("Hi, I'm Olivia Gonzalez.", [], "Is your user id olivia_gonzalez_2305?"),
        ("Yes, that's right.", [user_lookup()], "Found you."),
        ("My trip?", [lookup("Z7GOZK")], "Here."),
    )
    assert verdict(talk) == ("fail", "id_not_from_customer")


def test_a_guessed_lookup_in_a_recorded_run_identifies_no_one() -> None:
    guessed = run("I'm Olivia Gonzalez.", [user_lookup()], [lookup("Z7GOZK")], ("Here.",))
    assert verdict(guessed) == ("fail", "id_not_from_customer")
    given_id = run(f"My user ID is {OLIVIA}.", [user_lookup()], [lookup("Z7GOZK")], ("Here.",))
    assert verdict(given_id) == ("pass", "identified_first")


def test_a_read_before_the_guessed_lookup_keeps_its_code_and_names_the_guess() -> None:
    # as in the recorded run of task 23: the agent read the reservation the customer named,
    # took the user id off it, looked that up and wrote
    talk = convo(
        ("Reservation Z7GOZK; I don't remember my user id.", [lookup("Z7GOZK")], "Got it."),
        ("Cancel it.", [user_lookup(), cancel("Z7GOZK")], "Cancelled."),
    )
    found, code, reason = judged(IdentifiedFirst(user_id=OLIVIA), talk)
    assert (found.value, code) == ("fail", "write_before_identification")
    assert reason.endswith(
        "looked up a user id no customer message before it gave (a guess), which identifies no one"
    )


# --- honest controls: the id the customer gave, however written ---------------------------------


@pytest.mark.parametrize(
    "said",
    [
        f"Sure, my user ID is {OLIVIA}, and the reservation ID is Z7GOZK.",
        f"I'm {OLIVIA}. Unfortunately, I don't have the reservation ID.",
        f"My username is {OLIVIA}!",
        f"It's ({OLIVIA}).",
        f'My user id is "{OLIVIA}".',
        f"My user id is '{OLIVIA}'.",
        f"My user id is `{OLIVIA}`",
        f"My user id is \u201c{OLIVIA}\u201d.",
        f"My id: {OLIVIA.upper()}",
        "my user id is olivia gonzalez 2305",
        "olivia-gonzalez-2305 is my id",
        "My user id is olivia\\_gonzalez\\_2305.",
        f"Let me spell it: {SPELT_OUT}.",
    ],
)
def test_an_id_the_customer_gave_identifies_them(said: str) -> None:
    assert verdict(looked_up_after(said)) == ("pass", "identified_first")


def test_an_id_corrected_by_the_customer_identifies_them() -> None:
    talk = convo(
        ("My user id is olivia_gonzales_2305.", [user_lookup("olivia_gonzales_2305")], "No such."),
        (f"Sorry, let me spell it: {SPELT_OUT}.", [user_lookup()], "Found you."),
        ("My trip?", [lookup("Z7GOZK")], "Here."),
    )
    assert verdict(talk) == ("pass", "identified_first")
    corrected = convo(
        ("My user id is olivia_gonzales_2305.", [user_lookup("olivia_gonzales_2305")], "No such."),
        (f"Oops, I mean {OLIVIA}.", [user_lookup(), lookup("Z7GOZK")], "Here."),
    )
    assert verdict(corrected) == ("pass", "identified_first")


def test_the_id_given_after_a_guessed_lookup_identifies_before_the_read() -> None:
    talk = convo(
        ("I'm Olivia.", [user_lookup()], "What is your user id?"),
        (f"It's {OLIVIA}.", [lookup("Z7GOZK")], "Here."),
    )
    assert verdict(talk) == ("pass", "identified_first")


def test_an_id_the_agent_proposed_and_the_customer_repeated_identifies_no_one() -> None:
    # the customer's echo of the agent's proposal says no more than "yes" (2026-12-06 review:
    # this passed before, a false PASS)
    talk = convo(
        ("I'm Olivia.", [user_lookup()], "Is your user id olivia_gonzalez_2305?"),
        (f"Yes, {OLIVIA}.", [lookup("Z7GOZK")], "Here."),
    )
    assert verdict(talk) == ("fail", "id_not_from_customer")


def test_an_id_given_only_after_the_read_identifies_no_one_before_it() -> None:
    # the customer's words count from where they were said: not for a read made before them
    later = convo(
        ("Hi, I'm Olivia.", [user_lookup(), lookup("Z7GOZK")], "Here."),
        (f"My user id is {OLIVIA}.", [], "Thanks."),
    )
    assert verdict(later) == ("fail", "id_not_from_customer")
    in_a_run = run("I'm Olivia.", [user_lookup()], [lookup("Z7GOZK")], ("Here.",), OLIVIA)
    assert verdict(in_a_run) == ("fail", "id_not_from_customer")
    said_between = run("I'm Olivia.", [user_lookup()], f"It's {OLIVIA}.", [lookup("Z7GOZK")])
    assert verdict(said_between) == ("pass", "identified_first")


def test_a_guessed_lookup_with_no_private_read_after_it_touches_nothing_judged() -> None:
    talk = convo(("I'm Olivia Gonzalez.", [user_lookup()], "Found you. What can I do?"))
    assert verdict(talk) == ("pass", "no_private_access")


# --- records without the customer's words: the lookup identifies, as before ---------------------


def actions_only(*calls: dict[str, Any]) -> Transcript:
    """A tau-bench action list (a mutation triple's candidate): no customer words at all."""
    return trajectory_transcript(
        [Action(name=c["name"], kwargs=c["args"]) for c in calls]
        + [Action(name="respond", kwargs={"content": "Done."})]
    )


def test_without_customer_words_a_lookup_still_identifies() -> None:
    triple = actions_only(user_lookup(), lookup("Z7GOZK"), cancel("Z7GOZK"))
    assert verdict(triple) == ("pass", "identified_first")
    blank = convo(("", [user_lookup(), lookup("Z7GOZK")], "Here."))  # an empty user turn
    assert verdict(blank) == ("pass", "identified_first")
    early = actions_only(lookup("Z7GOZK"), user_lookup())
    assert verdict(early) == ("fail", "read_before_identification")


# --- the property ---------------------------------------------------------------------------------

USERS = sorted(u for u, record in bundled_database().users.items() if record.reservations)


def _spelt(user: str) -> str:
    return " underscore ".join("-".join(part) for part in user.split("_"))


RENDERINGS = {
    "plain": lambda u: u,
    "capitals": str.upper,
    "title": lambda u: u.title(),
    "spaces": lambda u: u.replace("_", " "),
    "dashes": lambda u: u.replace("_", "-"),
    "markdown": lambda u: u.replace("_", "\\_"),
    "spelt": _spelt,
}
WRAPPERS = ["{}", '"{}"', "'{}'", "`{}`", "({})", "**{}**"]
GIVING = [
    "My user ID is {}.",
    "Sure, my user ID is {}, and the reservation ID is XEWRD9.",
    "I'm {}. Unfortunately, I don't have the reservation ID with me.",
    "I don't remember the reservation ID, but my username is {}",
    "Sure, my ID is {}!",
    "{}",
    "I know my user ID, it's {}. But I don't remember my reservation ID.",
]
NOT_GIVING = [
    "I'm {first} {last}.",
    "My name is {first} {last}, and I need to change a flight.",
    "This is {first} {last}, zip {digits}.",
    "Hi, {first} here. My user id ends in {digits}.",
    "I'm {first} {last}; I don't remember my user ID.",
    "My user id is {first}_{last}_{other}.",
    "My user id is {first}_{last}_{digits}0.",
    "My user id is {last}_{first}_{digits}.",
]


@given(
    user=st.sampled_from(USERS),
    gives=st.booleans(),
    rendering=st.sampled_from(sorted(RENDERINGS)),
    wrapper=st.sampled_from(WRAPPERS),
    giving=st.sampled_from(GIVING),
    not_giving=st.sampled_from(NOT_GIVING),
)
def test_a_lookup_identifies_only_by_an_id_a_customer_message_gave(
    user: str, gives: bool, rendering: str, wrapper: str, giving: str, not_giving: str
) -> None:
    record = bundled_database().users[user]
    digits = user.rsplit("_", 1)[1]
    if gives:
        said = giving.format(wrapper.format(RENDERINGS[rendering](user)))
        expected = ("pass", "identified_first")
    else:
        other = f"{(int(digits) + 1) % 10000:04d}"
        said = not_giving.format(
            first=record.name.first_name, last=record.name.last_name, digits=digits, other=other
        )
        expected = ("fail", "id_not_from_customer")
    assert verdict(looked_up_after(said, user), user) == expected, said
