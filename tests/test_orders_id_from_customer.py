"""``authenticated_first``: a lookup identifies the customer only by what the customer said.

Where the judged record carries the customer's words (an ADK conversation, a recorded run), a
``find_user_id_by_email`` whose email, or a ``find_user_id_by_name_zip`` whose first name, last
name or zip, no customer message before it gave (the agent guessed it, fixed a typo of it, read
it elsewhere, proposed it and heard "yes", or heard it only after the call) identifies no one:
the first private read or write after it fails with ``id_not_from_customer``, as airline's
``identified_first`` does for a guessed user id (``tests/test_airline_id_from_customer.py``;
the matching is said once in ``checkers/agent_conduct.py``).

How a customer gives each value (``domains.orders.checks.identity.GIVEN_AS``): an email in any
case, plainly or spelled out ("noah dot brown7922 at example dot com", "(at)", " @ ", markdown's
"\\."), the whole address only; a first and a last name as whole words in any case (accents
folded, spelt letter by letter too); a zip as its digits, together ("80279", "80279-1234",
"Denver, CO 80279") or each apart ("8 0 2 7 9"), never inside an amount ("$802.79"), an id or a
longer number. Each value may come in its own message, but before the call. A record of actions
alone (tau-bench's triples, a session whose user turns are blank) cannot say where the values
came from: there the lookup identifies, as tau-bench scores it.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from checkers.conversation import conversation_transcript, run_transcript, trajectory_transcript
from checkers.service import Action
from checkers.sessions import session_turns
from checkers.transcript import Transcript
from domains.orders.checks.identity import GIVEN_AS, check_authenticated_first
from domains.orders.judge import context_for
from domains.orders.models import AuthenticatedFirst, Scenario
from domains.orders.service import SERVICE

pytestmark = pytest.mark.checkers_meta

NOAH, EMAIL, ZIP, ORDER = "noah_brown_6181", "noah.brown7922@example.com", "80279", "#W7678072"

Turn = tuple[str | None, list[dict[str, Any]], str]


def by_email(email: str = EMAIL, found: str = NOAH) -> dict[str, Any]:
    return {
        "name": "find_user_id_by_email",
        "args": {"email": email},
        "response": {"result": found},
    }


def by_name(first: str = "Noah", last: str = "Brown", zip_code: str = ZIP) -> dict[str, Any]:
    args = {"first_name": first, "last_name": last, "zip": zip_code}
    return {"name": "find_user_id_by_name_zip", "args": args, "response": {"result": NOAH}}


READ = {"name": "get_order_details", "args": {"order_id": ORDER}}
CANCEL = {
    "name": "cancel_pending_order",
    "args": {"order_id": ORDER, "reason": "ordered by mistake"},
}


def convo(*turns: Turn) -> Transcript:
    """A conversation: per turn, what the customer said, the calls, and the agent's reply."""
    return conversation_transcript(
        {"turns": [{"user": u, "calls": c, "agent": a} for u, c, a in turns]}
    )


def judged(transcript: Transcript) -> tuple[str, str, str]:
    context = context_for(Scenario(id="id-probe", user_id=NOAH), transcript)
    result = check_authenticated_first(AuthenticatedFirst(), context)
    return result.outcome.value, result.reason_code, result.reason


def verdict(transcript: Transcript) -> tuple[str, str]:
    found, code, _ = judged(transcript)
    return found, code


def looked_up_after(said: str, lookup: dict[str, Any] | None = None) -> Transcript:
    """The customer says ``said``; the agent looks them up (by Noah's email unless ``lookup``)
    and reads Noah's order in the next turn."""
    return convo((said, [lookup or by_email()], "Found you."), ("My order?", [READ], "Here."))


PASSED = ("pass", "identified_first")
GUESSED = ("fail", "id_not_from_customer")


# --- a lookup by what the customer never said identifies no one -------------------------------


def test_a_lookup_by_a_guessed_email_fails_with_a_reason_a_person_understands() -> None:
    found, code, reason = judged(looked_up_after("Hi, I'm Noah Brown. Where is my order?"))
    assert (found, code) == GUESSED
    assert reason == (
        f'call #1 find_user_id_by_email(email="{EMAIL}") looked up the customer by an email no '
        "customer message before it gave (a guess), which identifies no one; 1 call touched "
        "private data and the customer was never identified by email, or by name and zip; "
        f'first: call #2 get_order_details(order_id="{ORDER}")'
    )


def test_a_lookup_by_a_guessed_zip_names_the_name_and_zip() -> None:
    found, code, reason = judged(looked_up_after("I'm Noah Brown.", by_name()))
    assert (found, code) == GUESSED
    assert reason.startswith(
        'call #1 find_user_id_by_name_zip(first_name="Noah", last_name="Brown", zip="80279") '
        "looked up the customer by a name and zip no customer message before it gave (a guess)"
    )


def test_a_write_after_a_guessed_lookup_is_named_first() -> None:
    talk = convo(
        ("Cancel my order, please.", [by_email()], "Found you."),
        (f"Yes, cancel {ORDER}.", [READ, CANCEL], "Cancelled."),
    )
    found, code, reason = judged(talk)
    assert (found, code) == GUESSED
    assert reason.startswith('call #1 find_user_id_by_email(email="noah.brown7922@example.com")')
    assert "; first write: call #3 cancel_pending_order(" in reason


@pytest.mark.parametrize(
    ("said", "lookup"),
    [
        ("Hi, I'm Noah Brown. Where is my order?", by_email()),
        ("My email is noah.brown7922@exmaple.com.", by_email()),  # the agent fixed the typo
        ("My email is noah.brown@example.com.", by_email()),
        ("My email is noah.brown7922@example.co.", by_email()),
        ("My email is xnoah.brown7922@example.com.", by_email()),
        ("My email is noah.brown7922 at example.", by_email()),
        (f"My zip is {ZIP}.", by_email()),
        ("I'm Noah Brown.", by_name()),  # the zip guessed
        (f"I'm Noah, zip {ZIP}.", by_name()),  # the last name guessed
        (f"Brown here, zip {ZIP}.", by_name()),
        ("I'm Noah Brown, zip 80278.", by_name()),  # the agent fixed a digit
        ("I'm Noah Brown, zip 802790.", by_name()),
        ("I'm Noah Brown and I paid $802.79.", by_name()),  # an amount is no zip
        ("I'm Noah Brown and I paid 80,279 points.", by_name()),
        ("I'm Noah Brown; my order is #W8027912.", by_name()),
        ("I'm Noah Browne, zip 80279.", by_name()),
        ("I'm Noahh Brown, zip 80279.", by_name()),
        (f"My email is {EMAIL}.", by_name()),  # another way to be identified, not this one
    ],
)
def test_values_no_customer_message_gave_identify_no_one(said: str, lookup: Any) -> None:
    assert verdict(looked_up_after(said, lookup)) == GUESSED


def test_values_the_agent_proposed_and_the_customer_agreed_to_were_not_given() -> None:
    talk = convo(
        ("Hi, I'm Noah Brown.", [], f"Is your email {EMAIL}?"),
        ("Yes, that's right.", [by_email()], "Found you."),
        ("My order?", [READ], "Here."),
    )
    assert verdict(talk) == GUESSED


# --- the customer's words must come before the call -----------------------------------------------


def test_an_email_given_after_the_lookup_does_not_identify() -> None:
    talk = convo(
        ("Where is my order?", [by_email()], "What is your email?"),
        (f"It's {EMAIL}.", [READ], "Here."),
    )
    assert verdict(talk) == GUESSED


def test_a_zip_given_after_the_lookup_does_not_identify() -> None:
    talk = convo(
        ("I'm Noah Brown.", [by_name()], "And your zip?"),
        (ZIP, [READ], "Here."),
    )
    assert verdict(talk) == GUESSED


def test_an_email_given_after_the_lookup_in_a_recorded_run_does_not_identify() -> None:
    lookup = {
        "id": "c1",
        "function": {"name": "find_user_id_by_email", "arguments": json.dumps({"email": EMAIL})},
    }
    read = {
        "id": "c2",
        "function": {"name": "get_order_details", "arguments": json.dumps({"order_id": ORDER})},
    }

    def traj(first: str, then: str) -> Transcript:
        return run_transcript(
            [
                {"role": "user", "content": first},
                {"role": "assistant", "content": None, "tool_calls": [lookup]},
                {
                    "role": "tool",
                    "tool_call_id": "c1",
                    "name": "find_user_id_by_email",
                    "content": NOAH,
                },
                {"role": "assistant", "content": "What is your email?"},
                {"role": "user", "content": then},
                {"role": "assistant", "content": None, "tool_calls": [read]},
                {
                    "role": "tool",
                    "tool_call_id": "c2",
                    "name": "get_order_details",
                    "content": "{}",
                },
                {"role": "assistant", "content": "Here."},
            ]
        )

    assert verdict(traj("Where is my order?", f"It's {EMAIL}.")) == GUESSED
    assert verdict(traj(f"My email is {EMAIL}.", "Thanks.")) == PASSED


def _event(author: str, role: str, part: dict[str, Any]) -> dict[str, Any]:
    return {"author": author, "content": {"role": role, "parts": [part]}}


def test_an_email_a_tool_returned_in_a_recorded_session_was_not_given() -> None:
    # ADK records a tool's response as a "user" event of the agent: not the customer's words
    listed = {"name": "list_all_product_types", "args": {}, "id": "c0"}
    note = {"name": "list_all_product_types", "response": {"note": f"ask {EMAIL}"}, "id": "c0"}
    lookup = {"name": "find_user_id_by_email", "args": {"email": EMAIL}, "id": "c1"}
    found = {"name": "find_user_id_by_email", "response": {"result": NOAH}, "id": "c1"}
    read = {"name": "get_order_details", "args": {"order_id": ORDER}, "id": "c2"}

    def session(first: str) -> Transcript:
        events = [
            _event("user", "user", {"text": first}),
            _event("a", "model", {"function_call": listed}),
            _event("a", "user", {"function_response": note}),
            _event("a", "model", {"function_call": lookup}),
            _event("a", "user", {"function_response": found}),
            _event("a", "model", {"function_call": read}),
            _event("a", "model", {"text": "Here."}),
        ]
        return Transcript.from_turns(session_turns(events))

    assert verdict(session("Where is my order?")) == GUESSED
    assert verdict(session(f"Where is my order? I'm {EMAIL}.")) == PASSED


def test_the_lookup_made_again_after_the_customer_gave_the_email_identifies() -> None:
    talk = convo(
        ("Where is my order?", [by_email()], "What is your email?"),
        (f"It's {EMAIL}.", [by_email(), READ], "Here."),
    )
    found, code, reason = judged(talk)
    assert (found, code) == PASSED
    assert reason.startswith(f"the customer was identified as {NOAH} at call #2 ")


def test_a_read_before_the_guessed_lookup_keeps_its_code_and_names_the_guess() -> None:
    # the agent read the order the customer named, took the email off its owner, looked that
    # up and wrote
    talk = convo(
        (f"Cancel {ORDER}; I forget which email I used.", [READ], "Got it."),
        ("Cancel it.", [by_email(), CANCEL], "Cancelled."),
    )
    found, code, reason = judged(talk)
    assert (found, code) == ("fail", "write_before_identification")
    assert reason.endswith(
        "looked up the customer by an email no customer message before it gave (a guess), "
        "which identifies no one"
    )


def test_a_guessed_lookup_with_no_private_read_after_it_touches_nothing_judged() -> None:
    assert verdict(convo(("Hi.", [by_email()], "Found you."))) == ("pass", "no_private_access")


# --- honest controls: the values the customer gave, however written ---------------------------


@pytest.mark.parametrize(
    "said",
    [
        f"My email is {EMAIL}.",
        f"My email is {EMAIL.upper()}!",
        "It's Noah.Brown7922@Example.com",
        f'Email: "{EMAIL}"',
        f"email: **{EMAIL}**",
        f"`{EMAIL}`",
        f"<{EMAIL}>",
        f"({EMAIL})",
        f"{EMAIL}, and I want to return something",
        "noah dot brown7922 at example dot com",
        "noah.brown7922 (at) example.com",
        "noah.brown7922 [at] example [dot] com",
        "noah.brown7922 AT example DOT com",
        "noah.brown7922 @ example.com",
        "noah\\.brown7922@example\\.com",
        f"[{EMAIL}](mailto:{EMAIL})",
    ],
)
def test_an_email_the_customer_gave_identifies_them(said: str) -> None:
    assert verdict(looked_up_after(said)) == PASSED


@pytest.mark.parametrize(
    "said",
    [
        f"I'm Noah Brown, zip code {ZIP}.",
        f"i'm noah brown, {ZIP}",
        f"NOAH BROWN {ZIP}",
        f"Brown, Noah; zip {ZIP}-1234.",
        "Noah Brown, 986 Sunset Drive, Denver, CO 80279.",
        "Noah Brown, zip 8 0 2 7 9",
        "Noah Brown, zip 8-0-2-7-9.",
        "N-O-A-H B-R-O-W-N, 80279",
        f"My name is Noah Brown and my zip is {ZIP}.",
    ],
)
def test_a_name_and_zip_the_customer_gave_identify_them(said: str) -> None:
    assert verdict(looked_up_after(said, by_name())) == PASSED


def test_a_name_and_zip_given_in_separate_messages_before_the_lookup_identify() -> None:
    talk = convo(
        ("Hi, I'm Noah Brown.", [], "What is your zip code?"),
        (f"It's {ZIP}.", [by_name()], "Found you."),
        ("My order?", [READ], "Here."),
    )
    assert verdict(talk) == PASSED


def test_a_lookup_in_the_agents_casing_of_the_customers_words_identifies() -> None:
    lookup = by_name("noah", "BROWN", ZIP)
    assert verdict(looked_up_after(f"I'm Noah Brown, zip {ZIP}.", lookup)) == PASSED
    shouted = by_email(EMAIL.upper())
    assert verdict(looked_up_after(f"My email is {EMAIL}.", shouted)) == PASSED


def test_names_of_several_words_identify_however_names_join_them() -> None:
    lookup = {
        "name": "find_user_id_by_name_zip",
        "args": {"first_name": "Mary-Jane", "last_name": "O'Brien", "zip": ZIP},
        "response": {"result": NOAH},
    }
    for said in (
        f"I'm Mary-Jane O'Brien, {ZIP}.",
        f"I'm Mary Jane O\u2019Brien, {ZIP}.",
        f"mary jane o'brien {ZIP}",
    ):
        assert verdict(looked_up_after(said, lookup)) == PASSED, said
    assert verdict(looked_up_after(f"I'm Mary O'Brien, {ZIP}.", lookup)) == GUESSED


# --- records without the customer's words: the lookup identifies, as before ---------------------


def actions_only(*calls: dict[str, Any]) -> Transcript:
    """A tau-bench action list (a mutation triple's candidate): no customer words at all."""
    return trajectory_transcript(
        [Action(name=c["name"], kwargs=c["args"]) for c in calls]
        + [Action(name="respond", kwargs={"content": "Done."})]
    )


def test_without_customer_words_a_lookup_still_identifies() -> None:
    assert verdict(actions_only(by_email(), READ)) == PASSED
    assert verdict(actions_only(by_name(), READ)) == PASSED
    assert verdict(convo(("", [by_email(), READ], "Here."))) == PASSED  # an empty user turn
    assert verdict(convo((None, [by_email(), READ], "Here."))) == PASSED  # none recorded
    assert verdict(actions_only(READ, by_email())) == ("fail", "read_before_identification")


def test_every_identification_tool_says_how_its_arguments_are_given() -> None:
    assert sorted(GIVEN_AS) == sorted(SERVICE.identify)


# --- the property -----------------------------------------------------------------------------

LABEL = st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=10).filter(
    lambda s: s not in {"at", "dot"}  # a part spelled "at" is unreadable spelled out
)
EMAILS = st.builds(
    lambda local, sep, more, domain, tld: f"{local}{sep}{more}@{domain}.{tld}",
    LABEL,
    st.sampled_from([".", "_", "-", "+", ""]),
    LABEL,
    LABEL,
    st.sampled_from(["com", "org", "co.uk", "example"]),
)
NAMES = st.builds(
    lambda first, rest: first + rest,
    st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    st.text("abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=9),
)
ZIPS = st.text("0123456789", min_size=5, max_size=5)

EMAIL_FORMS = {
    "plain": lambda e: e,
    "capitals": str.upper,
    "bold": lambda e: f"**{e}**",
    "quoted": lambda e: f'"{e}"',
    "angle": lambda e: f"<{e}>",
    "spelled": lambda e: e.replace("@", " at ").replace(".", " dot "),
    "bracketed": lambda e: e.replace("@", " (at) "),
}
NAME_FORMS = {"plain": lambda n: n, "lower": str.lower, "upper": str.upper}
ZIP_FORMS = {"plain": lambda z: z, "apart": " ".join, "plus four": lambda z: f"{z}-0420"}

# Where a value is: said in a message before the call (the first turn, or the turn of the call),
# said only after the call, proposed by the agent (the customer then says "yes"), never said,
# or a near miss said in its place.
GIVEN_PLACES = ("first turn", "lookup turn")
PLACES = (*GIVEN_PLACES, "after", "agent", "absent", "near miss")
FIRST, YES, AFTER = "Hi, I need help with an order.", "Yes, that's right.", "And so on:"
GO_ON = "Go on: your name and zip?"
"""The agent's reply proposing nothing: it asks for a name, so a last name said alone in the
next message answers it (said alone unasked, "Brown." may be a colour)."""
FRAME_WORDS = set(re.findall(r"[a-z]+", f"{FIRST} {YES} {AFTER} {GO_ON} thanks is it".lower()))


def _near_miss(kind: str, value: str) -> str:
    """Another value of the same kind, close to ``value``: a digit off, a letter more."""
    if kind == "zip":
        return value[:-1] + str((int(value[-1]) + 1) % 10)
    if kind == "email":
        local, domain = value.split("@")
        return f"{local}x@{domain}"
    return value + "e"


Placed = tuple[str, str, Any, str]
"""A value of a lookup: its kind, the value, how the customer writes it, and its place."""


def _conversation(values: list[Placed], lookup: dict[str, Any]) -> Transcript:
    """The customer's three messages, and the agent's first reply, with each value where its
    place puts it; the lookup is made in the second turn, a private read in the third."""
    said: dict[str, list[str]] = {"first turn": [], "lookup turn": [], "after": [], "agent": []}
    for kind, value, written, place in values:
        if place == "near miss":
            said["lookup turn"].append(written(_near_miss(kind, value)))
        elif place in said:
            said[place].append(written(value))
    proposed = ("Is it " + " and ".join(said["agent"]) + "?") if said["agent"] else GO_ON
    then = " ".join([YES] * bool(said["agent"]) + said["lookup turn"]) or "Thanks."
    return convo(
        (" ".join([FIRST, *said["first turn"]]), [], proposed),
        (then, [lookup], "Found you."),
        (" ".join([AFTER, *said["after"]]), [READ], "Here is it."),
    )


@given(email=EMAILS, form=st.sampled_from(sorted(EMAIL_FORMS)), place=st.sampled_from(PLACES))
def test_an_email_lookup_identifies_only_by_an_email_given_before_it(
    email: str, form: str, place: str
) -> None:
    transcript = _conversation([("email", email, EMAIL_FORMS[form], place)], by_email(email))
    expected = PASSED if place in GIVEN_PLACES else GUESSED
    assert verdict(transcript) == expected, (email, form, place)


@given(
    first=NAMES,
    last=NAMES,
    zip_code=ZIPS,
    name_form=st.sampled_from(sorted(NAME_FORMS)),
    zip_form=st.sampled_from(sorted(ZIP_FORMS)),
    places=st.tuples(*[st.sampled_from(PLACES)] * 3),
)
def test_a_name_and_zip_lookup_identifies_only_by_values_given_before_it(
    first: str,
    last: str,
    zip_code: str,
    name_form: str,
    zip_form: str,
    places: tuple[str, str, str],
) -> None:
    # a name the other name or the frame's words hold (near misses too) is given by them
    names = {first.lower(), last.lower()}
    assume(len(names) == 2 and not (names | {n + "e" for n in names}) & FRAME_WORDS)
    assume(last.lower() != first.lower() + "e" and first.lower() != last.lower() + "e")
    values: list[Placed] = [
        ("name", first, NAME_FORMS[name_form], places[0]),
        ("name", last, NAME_FORMS[name_form], places[1]),
        ("zip", zip_code, ZIP_FORMS[zip_form], places[2]),
    ]
    transcript = _conversation(values, by_name(first, last, zip_code))
    # the last name alone in the first message, unasked (neither the first name before it nor
    # the zip's digits after it there), is no last name: it may be a colour
    alone_unasked = places[1] == "first turn" and "first turn" not in (places[0], places[2])
    given = all(p in GIVEN_PLACES for p in places) and not alone_unasked
    assert verdict(transcript) == (PASSED if given else GUESSED), (values, places)
