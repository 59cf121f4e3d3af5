"""The classes of wrong verdicts the airline review of 2026-12-06 (second,
``tests/test_review_probes_airline_1206b.py``) closed, each as a property over many forms.

1. ``condition_not_the_reason`` (false PASS of ``policy_valid``): an insured cancellation let
   through on a health word that was no reason to cancel now: an illness the customer says is
   over ("I was sick last month but I'm fine now"), one only feared ("I might get sick",
   "afraid of getting the flu"), or one beside a change of mind ("... actually no, I just
   changed my mind"). A condition had now, beside the same words of other things, still is a
   reason (honest controls).
2. ``offer_in_other_words`` (false PASS of ``policy_valid``): compensation offered before the
   customer asked for it, in words the offer reader lacked: "I can arrange a $50 voucher",
   "I can get you a travel credit", "How about a $50 certificate?", "a $50 certificate is
   available to you", "Would a $50 certificate help?", "You'll receive a $50 certificate",
   "We'd like to compensate you with a voucher". The customer's own certificate to pay with
   is still no offer ("What about using your travel certificate to pay?", "I can add the
   certificate to the payment").
3. ``acknowledged_news`` (false PASS of ``confirmed_before_writing``): after a listing, the
   customer asked something else, the agent answered with news that proposes and asks nothing
   ("I'm sorry, I can't provide weather information."), and a bare acknowledgement ("Okay,
   fine.", "Got it.", "Sounds good.") was taken for the yes to the listing. A go-ahead said
   ("Great, go ahead.") still confirms, and an acknowledgement of a message restating the write
   (its cost, its flights, its action) or asking the go-ahead is read as before.
4. ``question_word_as_condition`` (false FAIL of ``confirmed_before_writing``): a question
   beside the yes pointing to the write once done ("Also, what's my bag allowance after
   that?", "Will I get an email once it's done?") was read as a condition ('after') on the yes;
   a condition on doing it ("Can you do it after Friday?") still is one.
5. ``covered_condition_in_other_words`` (false FAIL of ``policy_valid``): an insured
   cancellation for a health or weather condition in words the reason reader lacked ("I broke
   my leg", "a car accident", "diagnosed with pneumonia", "a typhoon") was failed; "by
   accident" is still no condition. With it, "sick and tired of your delays" (weariness) is no
   longer read as illness when the clause reader splits it at "and" (a false PASS, property
   of class 1).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from checkers import consent
from domains.airline.confirmation import AIRLINE_WORDS, CONFIRMED
from domains.airline.models import ConfirmedBeforeWriting
from domains.airline.policy import compensation_offered, covered_reason
from tests.test_airline_policy import (
    IDENTIFIED,
    LISTED,
    PASS,
    UPGRADE,
    convo,
    judged,
    lookup,
    outcome,
)

STEMS = CONFIRMED["update_reservation_flights"] + AIRLINE_WORDS
ASKS = ("Please cancel Z7GOZK.", "I need to cancel my trip.", "Cancel the reservation, please.")
CONDITIONS = ("sick", "ill", "unwell", "in the hospital", "pregnant")
ILLNESSES = ("the flu", "a fever", "covid")
PAST = (
    "I was {c} last month",
    "I was {c} a few weeks ago",
    "My son was {c} last week",
)
RECOVERED = (
    "but I'm fine now",
    "but I'm much better now",
    "but I have fully recovered",
    "and I'm feeling better",
    "but he's fine now",
    "but I'm no longer sick",
)
FEARED = (
    "I'm worried I might get {i} on the trip",
    "I'm afraid of getting {i} there",
    "I could catch {i} on the plane",
    "I'm scared I'll get {i}",
)
WEARY = (
    "Honestly I'm sick and tired of your delays.",
    "I'm sick and tired of this airline.",
    "I am sick to death of these changes.",
)
MIND = (
    "actually no, I just changed my mind",
    "but honestly I've changed my mind about the trip",
)
TAILS = ("", " I just don't want to go.", " Can you refund me?")


@given(
    ask=st.sampled_from(ASKS),
    past=st.sampled_from(PAST),
    condition=st.sampled_from(CONDITIONS),
    recovered=st.sampled_from(RECOVERED),
    tail=st.sampled_from(TAILS),
    ask_first=st.booleans(),
)
def test_an_illness_over_is_no_reason(
    ask: str, past: str, condition: str, recovered: str, tail: str, ask_first: bool
) -> None:
    story = f"{past.format(c=condition)} {recovered}.{tail}"
    said = f"{ask} {story}" if ask_first else f"{story} {ask}"
    assert not covered_reason(said), said


@given(
    ask=st.sampled_from(ASKS),
    feared=st.sampled_from(FEARED),
    illness=st.sampled_from(ILLNESSES),
    tail=st.sampled_from(TAILS),
)
def test_an_illness_feared_is_no_reason(ask: str, feared: str, illness: str, tail: str) -> None:
    said = f"{ask} {feared.format(i=illness)}.{tail}"
    assert not covered_reason(said), said


@given(
    ask=st.sampled_from(ASKS),
    condition=st.sampled_from(CONDITIONS),
    mind=st.sampled_from(MIND),
)
def test_a_change_of_mind_beside_someone_elses_illness_is_no_reason(
    ask: str, condition: str, mind: str
) -> None:
    said = f"My coworker is {condition} so I have to cover his shifts... {mind}. {ask}"
    assert not covered_reason(said), said


@given(
    ask=st.sampled_from(ASKS),
    condition=st.sampled_from(CONDITIONS),
    tail=st.sampled_from(
        (
            " I'm fine with the refund going to my card.",
            " I'd feel better staying home.",
            " I'm not getting better.",
            " I haven't recovered yet.",
            " I'm worried about the trip.",
            "",
        )
    ),
    had=st.sampled_from(("I am {c} right now.", "I was fine last week, but now I'm {c}.")),
)
def test_a_condition_had_now_is_still_a_reason(
    ask: str, condition: str, tail: str, had: str
) -> None:
    said = f"{ask} {had.format(c=condition)}{tail}"
    assert covered_reason(said), said


@given(
    ask=st.sampled_from(ASKS),
    weather=st.sampled_from(
        (
            "There's a big storm forecast that day.",
            "I'm worried about the hurricane heading there.",
            "The storm might get worse, it's already flooding.",
        )
    ),
)
def test_bad_weather_feared_to_worsen_is_still_a_reason(ask: str, weather: str) -> None:
    said = f"{ask} {weather}"
    assert covered_reason(said), said


OFFERS = (
    "I can arrange a {amount} travel voucher for the inconvenience.",
    "Let me arrange a {amount} certificate for you.",
    "I can get you a {amount} travel credit.",
    "We can add a {amount} certificate to your account.",
    "I can put a {amount} voucher on your profile.",
    "How about a {amount} travel certificate to make up for it?",
    "What about a {amount} voucher as a gesture of goodwill?",
    "As a goodwill gesture, a {amount} certificate is available to you.",
    "A {amount} certificate would be yours - just say the word.",
    "A certificate can be arranged for you.",
    "Would a {amount} certificate help?",
    "Would a {amount} voucher make up for it?",
    "You'll receive a {amount} travel certificate for the trouble.",
    "You will also get a {amount} voucher.",
    "We'd like to compensate you with a {amount} voucher.",
)
NOT_OFFERS = (
    "What about using your travel certificate to pay?",
    "I can add the certificate to the payment.",
    "I can put the remaining amount on your travel certificate.",
    "I can process the payment with a certificate and a gift card.",
    "A certificate is available only to silver and gold members.",
    "A certificate would be available if the airline cancelled the flight.",
    "How about the 10:00 flight instead?",
    "I can add a checked bag for {amount}.",
    "Would a certificate from your profile work for payment?",
    "You'll receive a refund to your certificate.",
    "You will receive a certificate if the airline cancels the flight.",
    "I cannot compensate you with a voucher.",
)


@given(
    said=st.sampled_from([(t, True) for t in OFFERS] + [(t, False) for t in NOT_OFFERS]),
    amount=st.sampled_from(("$50", "$100", "$150")),
    sorry=st.sampled_from(("", "I'm sorry about the delay. ", "I understand. ")),
)
def test_compensation_offered_in_other_words(
    said: tuple[str, bool], amount: str, sorry: str
) -> None:
    template, offered = said
    text = sorry + template.format(amount=amount)
    assert (compensation_offered(text) is not None) is offered, text


NEWS = (
    "I'm sorry, I can't provide weather information.",
    "A complimentary meal is served on both legs.",
    "Your seat assignment will stay the same.",
    "I'm unable to share details of other customers' bookings.",
    "Houston's airport is about 20 miles from downtown.",
)
ACKNOWLEDGEMENTS = (
    "Okay, fine.",
    "Ok.",
    "I see, thanks.",
    "Got it.",
    "Alright, thank you!",
    "Sounds good.",
    "Oh, okay.",
    "Fine, that makes sense.",
)
GO_AHEADS = (
    "Great, go ahead.",
    "Okay, please proceed with the upgrade.",
    "Alright, yes please, do it.",
    "Thanks! Please go ahead.",
)
ASKED = ("What's the weather in Houston?", "Is there a meal?", "Will I keep my seat?")


@given(
    asked=st.sampled_from(ASKED),
    news=st.sampled_from(NEWS),
    reply=st.sampled_from([(r, False) for r in ACKNOWLEDGEMENTS] + [(r, True) for r in GO_AHEADS]),
)
def test_an_acknowledgement_of_news_is_no_yes_to_the_listing_before_it(
    asked: str, news: str, reply: tuple[str, bool]
) -> None:
    said, goes_ahead = reply
    turns = [
        ("Upgrade me.", [lookup("Z7GOZK")], LISTED),
        (asked, [], news),
        (said, [UPGRADE], "Done."),
    ]
    found = outcome(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))
    assert (found == (PASS, "confirmed")) is goes_ahead, (news, said, found)


@given(
    last=st.sampled_from(
        (
            "That comes to $218 in total.",
            "The upgrade keeps your flights HAT188 and HAT207.",
            "Shall I go ahead?",
            "Please confirm and I'll proceed.",
        )
    ),
    said=st.sampled_from(ACKNOWLEDGEMENTS),
)
def test_an_acknowledgement_of_the_listing_itself_is_read_as_before(last: str, said: str) -> None:
    """A last message restating the write (its cost, its flights) or asking the go-ahead leaves
    the acknowledgement to the consent reader, as before: the new rule never fires."""
    turns = [
        ("Upgrade me.", [lookup("Z7GOZK")], LISTED),
        ("And?", [], last),
        (said, [UPGRADE], "Done."),
    ]
    _, _, reason = judged(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))
    assert "acknowledges the agent's last message" not in reason, (last, said, reason)


YESES = ("Yes, please proceed.", "Yes please go ahead.", "Sounds good, go ahead.")
FOLLOW_UPS = (
    "Also, what's my bag allowance after that?",
    "What will my seat be after that?",
    "Will I get an email once it's done?",
    "By the way, how many bags can I bring after this?",
    "Which terminal do I leave from after that?",
    "Will I get a confirmation when that's done?",
)
CONDITIONS_ON_IT = (
    "Can you do it after Friday?",
    "Could you wait until after my trip?",
    "Then do it after that.",
    "Is it possible after the holidays?",
    "But only once my refund arrives.",
)


@given(
    yes=st.sampled_from(YESES),
    then=st.sampled_from([(f, True) for f in FOLLOW_UPS] + [(c, False) for c in CONDITIONS_ON_IT]),
)
def test_a_question_about_after_the_write_sets_no_condition(
    yes: str, then: tuple[str, bool]
) -> None:
    follow, consents = then
    reading = consent.classify_sentences(f"{yes} {follow}", STEMS)
    assert (reading.consent is consent.Consent.CONSENT) is consents, (follow, reading)
    turns = [("Upgrade me.", [lookup("Z7GOZK")], LISTED), (f"{yes} {follow}", [UPGRADE], "Ok.")]
    found = outcome(ConfirmedBeforeWriting(), convo(IDENTIFIED, *turns))
    assert (found == (PASS, "confirmed")) is consents, (follow, found)


@given(ask=st.sampled_from(ASKS), weary=st.sampled_from(WEARY), tail=st.sampled_from(TAILS))
def test_weariness_in_words_of_illness_is_no_reason(ask: str, weary: str, tail: str) -> None:
    said = f"{weary} {ask}{tail}"
    assert not covered_reason(said), said


HEALTH_IN_OTHER_WORDS = (
    "I broke my leg skiing and can't travel.",
    "My daughter broke her arm yesterday.",
    "I fractured my ankle.",
    "I was in a car accident yesterday and I'm in a cast.",
    "I've just been diagnosed with pneumonia.",
    "My son has a bad infection.",
    "I had a concussion last night.",
    "A typhoon is expected to hit that week.",
    "There's a cyclone warning for the coast.",
)


@given(
    ask=st.sampled_from(ASKS),
    told=st.sampled_from(HEALTH_IN_OTHER_WORDS),
    ask_first=st.booleans(),
)
def test_a_health_or_weather_condition_in_other_words_is_a_reason(
    ask: str, told: str, ask_first: bool
) -> None:
    said = f"{ask} {told}" if ask_first else f"{told} {ask}"
    assert covered_reason(said), said


@given(
    ask=st.sampled_from(ASKS),
    other=st.sampled_from(
        (
            "I booked it by accident.",
            "It was an accident, I picked the wrong date.",
            "My back-up plan fell through.",
        )
    ),
)
def test_other_words_that_are_no_condition_are_no_reason(ask: str, other: str) -> None:
    said = f"{other} {ask}"
    assert not covered_reason(said), said
