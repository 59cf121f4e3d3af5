"""Hostile review of the rule that a lookup identifies only by what the customer said
(orders' ``authenticated_first``, airline's ``identified_first``; the readers in
``checkers/agent_conduct.py`` and ``checkers.tokens.spelled_emails``), 2026-12-06.

Probes written as customers and agents write: honest customers who must pass (an email in
brackets, wrapped at its "@", spelled with "period"; a zip with its plus-four; a name with or
without its apostrophe ...) and lookups that must not identify (a value the agent proposed and
the customer echoed, a zip that is a group of a phone number ...). Each probe is a customer's
message and a scene around it (:data:`SCENES`: which lookup the agent makes, what the agent said
before). 77 probes, 6 known wrong in 4 classes (1 false FAIL: ``zip_after_hash``; 5 false
PASSES: ``name_words_of_two_people``, ``value_denied``, ``zip_as_other_number``), closed the
same evening (properties in ``tests/test_review_classes_xf_1206.py``, each seen failing on the
code before): the last name is read beside the first
(:func:`checkers.agent_conduct.says_surname`), and a customer message gives values as
:func:`checkers.agent_conduct.values_given` reads it (a value said only to deny it, digits
given as another number, blanked; a zip's "#" dropped). Left (:data:`WRONG`): none.

Closed in this review, each with a property below seen failing on the code before:
``email_wrapped_at_at``, ``email_spelled_period`` (false FAILs), ``name_apostrophe`` (false FAIL),
``zip_plus_four_unhyphenated`` (false FAIL), ``zip_in_grouped_number`` (false PASS),
``echo_of_proposal`` (false PASS, airline's user ids too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers import agent_conduct, tokens
from checkers.sessions import session_turns
from checkers.transcript import Transcript
from domains.airline.data_files import bundled_database
from domains.orders.judge import context_for
from domains.orders.models import Scenario
from tests.probe_harness import Review
from tests.test_airline_id_from_customer import verdict as airline_verdict
from tests.test_airline_policy import OLIVIA, lookup, user_lookup
from tests.test_airline_policy import convo as airline_convo
from tests.test_orders_id_from_customer import (
    EMAIL,
    EMAILS,
    NAMES,
    ORDER,
    READ,
    ZIP,
    ZIPS,
    by_email,
    by_name,
    convo,
    looked_up_after,
    verdict,
)

pytestmark = pytest.mark.checkers_meta

PASSED = ("pass", "identified_first")

WRONG: dict[str, str] = {}
REVIEW = Review(WRONG)


def _proposed(agent: str) -> Callable[[str, dict[str, Any]], Transcript]:
    """A scene where the agent said ``agent`` before the customer's message, then looked up."""

    def scene(said: str, lookup: dict[str, Any]) -> Transcript:
        return convo(
            ("Hi, I need help with my order.", [], agent),
            (said, [lookup], "Found you."),
            ("My order?", [READ], "Here."),
        )

    return scene


SCENES: dict[str, tuple[Callable[[str, dict[str, Any]], Transcript], dict[str, Any]]] = {
    "email": (looked_up_after, by_email()),
    "email+tag": (looked_up_after, by_email("noah.brown7922+shop@example.com")),
    "email as called in capitals": (looked_up_after, by_email(EMAIL.title())),
    "name": (looked_up_after, by_name()),
    "name O'Brown": (looked_up_after, by_name("Noah", "O'Brown")),
    "name OBrown": (looked_up_after, by_name("Noah", "OBrown")),
    "name Smith-Brown": (looked_up_after, by_name("Noah", "Smith-Brown")),
    "name Noé": (looked_up_after, by_name("Noé", "Brown")),
    "name zip+4": (looked_up_after, by_name(zip_code="80279-1234")),
    "email proposed": (_proposed(f"Is your email {EMAIL}?"), by_email()),
    "zip proposed": (_proposed(f"Is your zip code {ZIP}?"), by_name()),
    "brown boots first": (_proposed("Do you mean the brown boots?"), by_name()),
}
"""Per scene: how the conversation goes around the customer's message, and the lookup made."""


def judged(scene: str, said: str) -> bool:
    build, lookup = SCENES[scene]
    return verdict(build(said, lookup)) == PASSED


E = EMAIL
PROBES = [
    # --- emails an honest customer writes ---------------------------------------------------
    REVIEW.ff(f"My email is {E}.", "email-trailing-period", judge="email"),
    REVIEW.ff(f"My email is {E}...", "email-trailing-dots", judge="email"),
    REVIEW.ff(f"<{E}>", "email-angle-brackets", judge="email"),
    REVIEW.ff(f"'{E}'", "email-single-quotes", judge="email"),
    REVIEW.ff(f"\u201c{E}\u201d", "email-curly-quotes", judge="email"),
    REVIEW.ff(f"\u00ab{E}\u00bb", "email-guillemets", judge="email"),
    REVIEW.ff(f"mailto:{E}", "email-mailto", judge="email"),
    REVIEW.ff(f"Email:{E}", "email-after-colon", judge="email"),
    REVIEW.ff(f"email={E}", "email-after-equals", judge="email"),
    REVIEW.ff(f"{E}?", "email-question-mark", judge="email"),
    REVIEW.ff(f"{E};", "email-semicolon", judge="email"),
    REVIEW.ff(f"{E} (that's my email)", "email-aside", judge="email"),
    REVIEW.ff(E.upper(), "email-uppercase", judge="email"),
    REVIEW.ff(f"my email is\u00a0{E}\u00a0thanks", "email-nbsp", judge="email"),
    REVIEW.ff(f"{E}\u200b", "email-zero-width-space", judge="email"),
    REVIEW.ff("\uff4e\uff4f\uff41\uff48.brown7922@example.com", "email-fullwidth", judge="email"),
    REVIEW.ff("noah.brown7922\uff20example.com", "email-fullwidth-at", judge="email"),
    REVIEW.ff(
        "noah.brown\uff17\uff19\uff12\uff12@example.com", "email-fullwidth-digits", judge="email"
    ),
    REVIEW.ff("My email is noah.brown7922@\nexample.com", "email-wrapped-after-at", judge="email"),
    REVIEW.ff("My email is noah.brown7922\n@example.com", "email-wrapped-before-at", judge="email"),
    REVIEW.ff("noah.brown7922 at example dot com.", "email-spelled-period-end", judge="email"),
    REVIEW.ff("noah.brown7922 at example.com", "email-at-word", judge="email"),
    REVIEW.ff("noah period brown7922 at example period com", "email-spelled-period", judge="email"),
    REVIEW.ff(
        f"My email is noah.brown@example.com, sorry, I meant {E}", "email-corrected", judge="email"
    ),
    REVIEW.ff(
        f"Maybe {E}? Or noah@example.com, or nbrown@example.com",
        "email-among-guesses",
        judge="email",
    ),
    REVIEW.ff(
        f"I use a@example.com, b@example.com and {E} for shopping", "email-in-a-list", judge="email"
    ),
    REVIEW.ff(f"is it {E}? I'm not sure", "email-unsure", judge="email"),
    REVIEW.ff("noah.brown7922+shop@example.com", "email-plus-tag", judge="email+tag"),
    REVIEW.ff(f"my email: {E}", "email-called-in-other-case", judge="email as called in capitals"),
    # --- an email the customer did not give --------------------------------------------------
    REVIEW.fp("My email is noah.brown7922@exam-\nple.com", "email-broken-word", judge="email"),
    REVIEW.fp("noah.brown7922+shop@example.com", "email-tag-dropped", judge="email"),
    REVIEW.fp("It's noah.brown7922@example.co", "email-cut-short", judge="email"),
    REVIEW.fp("Yes, the one ending in brown", "email-partial-echo", judge="email proposed"),
    REVIEW.fp(f"Yes, {E}", "email-echoed", judge="email proposed"),
    REVIEW.fp(f"yes that's right, {E.upper()}!", "email-echoed-loudly", judge="email proposed"),
    REVIEW.fp(f"> Is your email {E}?\nYes", "email-quoting-the-agent", judge="email proposed"),
    REVIEW.fp(
        f'You said "{E}"... I guess so', "email-quoting-the-agent-inline", judge="email proposed"
    ),
    REVIEW.fp(f"My email is not {E}", "email-denied", judge="email"),
    # --- names and zips an honest customer writes --------------------------------------------
    REVIEW.ff("I'm Noah Brown, ZIP: 80279.", "zip-label-colon", judge="name"),
    REVIEW.ff("name: Noah Brown, zip 80279", "name-and-zip-one-line", judge="name"),
    REVIEW.ff("Noah Brown. My zip code is 80279", "zip-code-is", judge="name"),
    REVIEW.ff("Noah Brown, zip code: 80279-1234", "zip-plus-four", judge="name"),
    REVIEW.ff("Noah Brown, zip code: 802791234", "zip-plus-four-unhyphenated", judge="name"),
    REVIEW.ff("Noah Brown, zip 80279 1234", "zip-plus-four-spaced", judge="name"),
    REVIEW.ff("Noah Brown, zip=80279", "zip-after-equals", judge="name"),
    REVIEW.ff("Noah Brown (80279)", "zip-in-brackets", judge="name"),
    REVIEW.ff("Noah Brown, zip #80279", "zip-after-hash", judge="name"),
    REVIEW.ff("Noah Brown, zip \uff18\uff10\uff12\uff17\uff19", "zip-fullwidth", judge="name"),
    REVIEW.ff("Noah\u00a0Brown,\u00a0zip\u00a080279", "name-nbsp", judge="name"),
    REVIEW.ff("NOAH BROWN 80279", "name-capitals", judge="name"),
    REVIEW.ff("Noah James Brown, zip 80279", "name-with-middle-name", judge="name"),
    REVIEW.ff("Noah J. Brown, zip 80279", "name-with-middle-initial", judge="name"),
    REVIEW.ff("Brown, Noah. 80279", "name-last-first", judge="name"),
    REVIEW.ff("Noah Brown\nzip 80279", "name-and-zip-two-lines", judge="name"),
    REVIEW.ff("Noah Brown, Denver CO 80279, phone 303-555-0123", "zip-beside-phone", judge="name"),
    REVIEW.ff("Noé Brown, 80279", "name-accent", judge="name Noé"),
    REVIEW.ff("Noe Brown, 80279", "name-accent-dropped", judge="name Noé"),
    REVIEW.ff("Noah O'Brown, 80279", "name-apostrophe", judge="name O'Brown"),
    REVIEW.ff("Noah O\u2019Brown, 80279", "name-curly-apostrophe", judge="name O'Brown"),
    REVIEW.ff("Noah OBrown, 80279", "name-apostrophe-dropped", judge="name O'Brown"),
    REVIEW.ff("Noah O'Brown, 80279", "name-apostrophe-added", judge="name OBrown"),
    REVIEW.ff("Noah Smith-Brown, 80279", "name-hyphen", judge="name Smith-Brown"),
    REVIEW.ff("Noah Smith Brown, 80279", "name-hyphen-as-space", judge="name Smith-Brown"),
    REVIEW.ff("Noah Brown, 80279-1234", "lookup-with-plus-four", judge="name zip+4"),
    REVIEW.ff(
        "Hi, I'm Noah Brown, zip 80279. The brown ones.",
        "brown-said-by-both",
        judge="brown boots first",
    ),
    # --- names and zips the customer did not give --------------------------------------------
    REVIEW.fp("Noah Brown, 80279", "plus-four-added-by-the-agent", judge="name zip+4"),
    REVIEW.fp("I'm Noah Brown, phone 720-80279", "zip-group-of-phone", judge="name"),
    REVIEW.fp("I'm Noah Brown, phone 80279-12", "zip-first-group-of-phone", judge="name"),
    REVIEW.fp("I'm Noah Brown, phone 303-80279-12", "zip-middle-group", judge="name"),
    REVIEW.fp("I'm Noah Brown, I paid $802.79", "zip-as-amount", judge="name"),
    REVIEW.fp("I'm Noah Brown, zip 80278", "zip-one-digit-off", judge="name"),
    REVIEW.fp("I'm Noah Brown. Yes, 80279", "zip-echoed", judge="zip proposed"),
    REVIEW.fp("Noah Brown. Yes, 8 0 2 7 9.", "zip-echoed-spelt", judge="zip proposed"),
    REVIEW.fp(
        "I'm Noah Smith, ordering for Ben Brown, 80279",
        "last-name-of-another",
        judge="name",
    ),
    REVIEW.fp(
        "I'm Noah, I want the Brown boots, zip 80279",
        "last-name-a-colour",
        judge="name",
    ),
    REVIEW.fp("Noah Brown? No, I'm not him. Zip 80279", "name-denied", judge="name"),
    REVIEW.fp(
        "I'm Noah Brown, my phone number is 80279",
        "zip-as-phone",
        judge="name",
    ),
]


@pytest.mark.parametrize(("judge", "text", "expect"), PROBES)
def test_probe(judge: str, text: str, expect: bool) -> None:
    assert judged(judge, text) is expect, (judge, text)


def test_every_class_has_a_probe() -> None:
    assert REVIEW.classes_probed(PROBES) == set(WRONG)


# --- whole conversations -----------------------------------------------------------------------


def test_the_lookup_made_twice_identifies_at_the_call_made_with_the_customers_words() -> None:
    guessed_then_given = convo(
        ("Where is my order?", [by_email("noah@example.com")], "What is your email?"),
        (f"It's {EMAIL}.", [by_email(), READ], "Here."),
    )
    assert verdict(guessed_then_given) == PASSED
    read_between = convo(
        ("Where is my order?", [by_email(), READ], "What is your email?"),
        (f"It's {EMAIL}.", [by_email()], "Here."),
    )
    assert verdict(read_between) == ("fail", "id_not_from_customer")


def test_an_email_said_after_the_lookup_with_no_reply_between_does_not_identify() -> None:
    # the customer's next message, not the agent's reply, is what comes after the call: it is
    # still after it (a mutant reading on until the agent's first word after the call passed)
    talk = convo(("Where is my order?", [by_email()], ""), (f"It's {EMAIL}.", [READ], "Here."))
    assert verdict(talk) == ("fail", "id_not_from_customer")


def test_an_email_the_customer_gave_before_the_agent_repeated_it_is_given() -> None:
    talk = convo(
        (f"My email is {EMAIL}.", [], f"Thanks! Just to confirm: {EMAIL}?"),
        (f"Yes, {EMAIL}.", [by_email()], "Found you."),
        ("My order?", [READ], "Here."),
    )
    assert verdict(talk) == PASSED


def _event(author: str, role: str, part: dict[str, Any]) -> dict[str, Any]:
    return {"author": author, "content": {"role": role, "parts": [part]}}


def test_an_adk_session_reads_the_customers_words_in_the_order_they_came() -> None:
    lookup = {"name": "find_user_id_by_email", "args": {"email": EMAIL}, "id": "c1"}
    found = {"name": "find_user_id_by_email", "response": {"result": "noah_brown_6181"}, "id": "c1"}
    read = {"name": "get_order_details", "args": {"order_id": ORDER}, "id": "c2"}
    read_back = {"name": "get_order_details", "response": {"order_id": ORDER}, "id": "c2"}

    def session(*events: dict[str, Any]) -> Transcript:
        return Transcript.from_turns(session_turns(list(events)))

    # the email said in the customer's next turn, after the lookup: given too late
    late = session(
        _event("user", "user", {"text": "Where is my order?"}),
        _event("a", "model", {"function_call": lookup}),
        _event("a", "user", {"function_response": found}),
        _event("a", "model", {"text": "What is your email?"}),
        _event("user", "user", {"text": f"It's {EMAIL}."}),
        _event("a", "model", {"function_call": read}),
        _event("a", "user", {"function_response": read_back}),
        _event("a", "model", {"text": "Here."}),
    )
    assert verdict(late) == ("fail", "id_not_from_customer")
    # the email in a tool's response, which ADK records with the role "user": not the customer's
    echoed = session(
        _event("user", "user", {"text": "Where is my order?"}),
        _event("a", "model", {"function_call": read}),
        _event("a", "user", {"function_response": {**read_back, "response": {"email": EMAIL}}}),
        _event("a", "model", {"function_call": lookup}),
        _event("a", "user", {"function_response": found}),
        _event("a", "model", {"text": "Here."}),
    )
    assert verdict(echoed) == ("fail", "read_before_identification")


def test_a_user_id_the_airline_agent_proposed_and_the_customer_echoed_identifies_no_one() -> None:
    trip = bundled_database().users[OLIVIA].reservations[0]

    def proposed_then(agent: str, said: str) -> Transcript:
        return airline_convo(
            ("I'm Olivia Gonzalez.", [], agent),
            (said, [user_lookup(OLIVIA)], "Found you."),
            ("My trip?", [lookup(trip)], "Here."),
        )

    echoed = proposed_then(f"Is your user id {OLIVIA}?", f"Yes, {OLIVIA}.")
    assert airline_verdict(echoed) == ("fail", "id_not_from_customer")
    given_first = proposed_then("What is your user id?", f"It's {OLIVIA}.")
    assert airline_verdict(given_first) == ("pass", "identified_first")


# --- the properties of the classes closed here (each failed on the code before) -----------------


@given(email=EMAILS, where=st.sampled_from(["\n@", "@\n", " \n @ ", "@\r\n"]))
def test_an_email_wrapped_at_its_at_is_read(email: str, where: str) -> None:
    # class email_wrapped_at_at: "noah.brown@\nexample.com" was no address (false FAIL)
    wrapped = email.replace("@", where)
    assert email.lower() in tokens.spelled_emails(f"My email is {wrapped}.")


@given(email=EMAILS)
def test_an_email_spelled_with_period_is_read(email: str) -> None:
    # class email_spelled_period: "noah period brown at example period com" (false FAIL)
    spelled = email.replace("@", " at ").replace(".", " period ")
    assert email.lower() in tokens.spelled_emails(spelled)


@given(
    first=NAMES,
    rest=NAMES,
    said_with=st.booleans(),
    called_with=st.booleans(),
    quote=st.sampled_from(["'", "\u2019"]),
)
def test_a_name_is_given_with_its_apostrophe_or_without(
    first: str, rest: str, said_with: bool, called_with: bool, quote: str
) -> None:
    # class name_apostrophe: "OBrien" did not give "O'Brien", nor "O'Brien" "OBrien" (false FAIL)
    name_with, name_without = f"{first[0]}{quote}{rest}", f"{first[0]}{rest}"
    said = name_with if said_with else name_without
    called = name_with if called_with else name_without
    assert agent_conduct.says_name(called)(f"i'm {said}, zip 80279".lower())


@given(zip_code=ZIPS, plus=st.text("0123456789", min_size=4, max_size=4))
def test_a_zip_with_its_plus_four_unhyphenated_gives_the_zip(zip_code: str, plus: str) -> None:
    # class zip_plus_four_unhyphenated: "802791234" gave no zip (false FAIL)
    assert agent_conduct.says_digits(zip_code)(f"zip: {zip_code}{plus}.")


@given(
    zip_code=ZIPS,
    group=st.text("0123456789", min_size=1, max_size=3),
    before=st.booleans(),
)
def test_a_zip_that_is_one_group_of_a_longer_number_is_not_given(
    zip_code: str, group: str, before: bool
) -> None:
    # class zip_in_grouped_number: "phone 720-80279" or "80279-12" gave the zip (false PASS)
    number = f"{group}-{zip_code}" if before else f"{zip_code}-{group}"
    assert not agent_conduct.says_digits(zip_code)(f"my phone is {number}")


@given(
    email=EMAILS,
    zip_code=ZIPS,
    echo=st.sampled_from(["Yes, {}", "yes that's it: {}", "> Is it {}?\nyes", '"{}" -- sure']),
)
def test_a_value_the_agent_proposed_is_not_given_by_the_customers_echo(
    email: str, zip_code: str, echo: str
) -> None:
    # class echo_of_proposal: "Yes, noah.brown@example.com" after the agent proposed it
    # identified the customer (false PASS)
    by_mail = _proposed(f"Is your email {email}?")(echo.format(email), by_email(email))
    assert verdict(by_mail) == ("fail", "id_not_from_customer")
    by_zip = _proposed(f"Is your zip {zip_code}?")(
        "I'm Noah Brown. " + echo.format(zip_code), by_name(zip_code=zip_code)
    )
    assert verdict(by_zip) == ("fail", "id_not_from_customer")


def test_a_lookup_with_no_identifying_argument_is_given_by_nobody() -> None:
    # mutation run of 2026-12-06: no test reached the lookup a domain names no argument of
    transcript = looked_up_after(f"My email is {EMAIL}.")
    conversation = context_for(Scenario(id="id-probe"), transcript).conversation
    call = conversation.calls[0]
    assert agent_conduct.lookup_from_customer(
        conversation, call, {"email": agent_conduct.says_email}
    )
    assert not agent_conduct.lookup_from_customer(conversation, call, {})
