"""Classes of orders' ``confirmed_before_writing`` closed after the 2026-12-05 review
(``tests/test_review_probes_orders_1205.py``), each a hypothesis property over its forms with
honest controls beside the misstated ones:

- a cancellation's reason in the listing's own words is read, either reason ("because you no
  longer need it", "since you ordered it by mistake"): the other one fails, the write's own
  passes wherever it stands, and a listing giving none keeps passing (the policy asks the
  customer for the reason, the listing reader never required it);
- "Yes or no?" after a listing asks what the sentence before it says, and a courtesy question
  ("Is there anything else you need?") after a request to go ahead is not the one a reply
  saying to go ahead answers, in both customer-service domains; a real other question (another
  request, "Also, would you like ...?") is still the one the yes answers;
- the action in other words: a payment change as "update order X to be paid with / to use your
  Mastercard", an item change as "this modification", and a second arrow's old value ("6mm →
  5mm, TPE, pink], $94.38 → $103.84") is not the first arrow's new one;
- a return of "all items", "everything (except X)" or "the entire order" names the items it
  does not set aside, and fails when the write carries more or fewer;
- "the refund goes to your original payment method" names the method the order was paid with.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.questions import last_question
from checkers.results import Outcome
from tests.test_last_question import BODIES
from tests.test_review_probes_orders_1205 import (
    BULB,
    CAMERA,
    CANCEL,
    CANCEL_MISTAKE,
    CHAIR,
    MEI,
    PAY_MC,
    PAYPAL,
    RET_S,
    RET_S_PAYPAL,
    SHOES,
    SOFIA,
    YOGA,
    Probe,
    ret,
    verdicts,
)
from tests.test_take_backs import DOMAINS

pytestmark = pytest.mark.checkers_meta


def _passes(listing: str, write: dict[str, Any], user: str = MEI, reply: str = "Yes.") -> bool:
    """Whether both the confirmation and what is said of orders and money pass."""
    return verdicts(Probe("case", listing, write, user, reply)) == ("pass", "pass")


# --- a cancellation's reason, in the listing's own words -------------------------------------

REASON_WORDS = {
    "no longer needed": (
        "no longer needed",
        "you no longer need it",
        "you don't need it anymore",
        "you do not need it any more",
        "it's not needed anymore",
        "you have no use for it",
        "you no longer want it",
        "it is no longer required",
    ),
    "ordered by mistake": (
        "ordered by mistake",
        "you ordered it by mistake",
        "it was ordered by mistake",
        "you placed it by mistake",
        "you accidentally ordered it",
        "you ordered it in error",
        "the order was a mistake",
        "you mistakenly placed it",
    ),
}
"""Each reason as agents give it: the policy's words and a customer's."""
REASON_FRAMES = (
    "I'll cancel order #W7017301 because {reason}. Shall I proceed?",
    "I'll cancel order #W7017301 since {reason}. Would you like me to go ahead?",
    "Since {reason}, I'll cancel order #W7017301. Shall I proceed?",
    "To confirm: cancel order #W7017301 (reason: {reason}). Proceed?",
)
WRITES = {"no longer needed": CANCEL, "ordered by mistake": CANCEL_MISTAKE}


@settings(meta_settings("ci"), max_examples=40)
@given(
    reason=st.sampled_from(sorted(WRITES)),
    frame=st.sampled_from(REASON_FRAMES),
    data=st.data(),
)
def test_the_other_reason_in_any_words_fails(reason: str, frame: str, data: st.DataObject) -> None:
    other = next(r for r in WRITES if r != reason)
    said = data.draw(st.sampled_from(REASON_WORDS[other]), label="said")
    assert not _passes(frame.format(reason=said), WRITES[reason])


@settings(meta_settings("ci"), max_examples=40)
@given(
    reason=st.sampled_from(sorted(WRITES)),
    frame=st.sampled_from(REASON_FRAMES),
    data=st.data(),
)
def test_the_writes_own_reason_in_any_words_passes(
    reason: str, frame: str, data: st.DataObject
) -> None:
    said = data.draw(st.sampled_from(REASON_WORDS[reason]), label="said")
    assert _passes(frame.format(reason=said), WRITES[reason])


@pytest.mark.parametrize("write", [CANCEL, CANCEL_MISTAKE])
@pytest.mark.parametrize(
    "listing",
    [
        "I'll cancel order #W7017301. Shall I proceed?",
        # a need or a mistake of something else gives no reason
        "I'll cancel order #W7017301; you don't need to do anything else. Shall I proceed?",
        "I'll cancel order #W7017301, and you no longer need to pay for it. Shall I proceed?",
        "Sorry, I was mistaken earlier: I'll cancel order #W7017301. Shall I proceed?",
    ],
)
def test_a_listing_giving_no_reason_keeps_passing(listing: str, write: dict[str, Any]) -> None:
    assert _passes(listing, write)


def test_a_reason_before_the_action_denies_nothing_but_a_negation_of_it_does() -> None:
    assert not _passes(
        "Since you no longer need it, I won't cancel order #W7017301. Shall I proceed?", CANCEL
    )


# --- the question a yes answers, in both domains ---------------------------------------------

PROMPTS = ("Yes or no?", "Yes/No?", "(yes/no)?", "Yes or No?", "Y/N?")
LEADS = ("Please confirm: ", "To confirm: ", "")
OTHER_REQUESTS = (
    "Would you like me to check your other orders?",
    "Would you like to add gift wrapping?",
    "Shall I also update your default address?",
)
REQUESTS = (
    "Please confirm that you'd like to proceed.",
    "Please let me know if you'd like me to go ahead.",
    "Shall I proceed?",
    "Reply yes to confirm.",
)
COURTESIES = (
    "Is there anything else you need?",
    "Anything else I can help you with today?",
    "Do you have any questions?",
    "Is there anything else I can help with?",
)
GO_AHEAD_REPLIES = ("Yes, please go ahead.", "Yes, please proceed.", "Yes, I confirm.")


def _body(domain: str, lead: str = "") -> str:
    """The domain's honest listing with no request in it ("To confirm:" asks for the go-ahead),
    after ``lead``."""
    body = BODIES[domain].removeprefix("To confirm: ")
    return f"{lead}{body[0].lower()}{body[1:]}" if lead else body


@settings(meta_settings("ci"), max_examples=40)
@given(
    domain=st.sampled_from(sorted(DOMAINS)),
    lead=st.sampled_from(LEADS),
    prompt=st.sampled_from(PROMPTS),
)
def test_yes_or_no_after_a_listing_asks_about_the_listing(
    domain: str, lead: str, prompt: str
) -> None:
    assert DOMAINS[domain]("Yes.", None, f"{_body(domain, lead)} {prompt}") is Outcome.PASS


@settings(meta_settings("ci"), max_examples=40)
@given(
    domain=st.sampled_from(sorted(DOMAINS)),
    other=st.sampled_from(OTHER_REQUESTS),
    prompt=st.sampled_from(PROMPTS),
)
def test_yes_or_no_after_another_request_asks_that_request(
    domain: str, other: str, prompt: str
) -> None:
    listing = f"{BODIES[domain]} {other} {prompt}"
    assert DOMAINS[domain]("Yes.", None, listing) is not Outcome.PASS


@settings(meta_settings("ci"), max_examples=40)
@given(
    domain=st.sampled_from(sorted(DOMAINS)),
    request=st.sampled_from(REQUESTS),
    courtesy=st.sampled_from(COURTESIES),
    reply=st.sampled_from(GO_AHEAD_REPLIES),
)
def test_a_courtesy_after_a_request_is_not_what_a_go_ahead_answers(
    domain: str, request: str, courtesy: str, reply: str
) -> None:
    listing = f"{BODIES[domain]} {request} {courtesy}"
    assert DOMAINS[domain](reply, None, listing) is Outcome.PASS


@settings(meta_settings("ci"), max_examples=40)
@given(
    domain=st.sampled_from(sorted(DOMAINS)),
    request=st.sampled_from(REQUESTS),
    courtesy=st.sampled_from(COURTESIES),
    other=st.sampled_from(OTHER_REQUESTS),
    reply=st.sampled_from(GO_AHEAD_REPLIES),
)
def test_another_request_between_is_what_the_yes_answers(
    domain: str, request: str, courtesy: str, other: str, reply: str
) -> None:
    listing = f"{BODIES[domain]} {request} {other} {courtesy}"
    assert DOMAINS[domain](reply, None, listing) is not Outcome.PASS


@pytest.mark.parametrize("domain", sorted(DOMAINS))
@pytest.mark.parametrize(
    ("ending", "reply"),
    [
        # a bare yes answers the courtesy question, as before
        ("Please confirm that you'd like to proceed. Is there anything else you need?", "Yes."),
        # no request before the courtesy question: nothing else was asked
        ("Is there anything else you need?", "Yes, please go ahead."),
        # a question of its own after the request, opened as an addition
        (
            "Shall I proceed? Also, would you like to switch to express shipping?",
            "Yes, please go ahead.",
        ),
        ("Shall I proceed? By the way, shall I update your default address?", "Yes, go ahead."),
        # a courtesy question inviting a change is no courtesy
        ("Please confirm. Is there anything else you'd like to change?", "Yes, please go ahead."),
    ],
)
def test_the_yes_still_answers_a_real_other_question(domain: str, ending: str, reply: str) -> None:
    assert DOMAINS[domain](reply, None, f"{_body(domain)} {ending}") is not Outcome.PASS


def test_the_last_question_read_alone_is_unchanged_without_a_reply() -> None:
    message = "Shall I proceed? Your refund goes to PayPal. Anything else I can help with?"
    assert last_question(message) == "Anything else I can help with?"
    assert last_question(message, "Yes, please go ahead.") == "Shall I proceed?"
    assert last_question("I'll return the chair. Yes or no?") == "I'll return the chair. Yes or no?"


# --- the action in other words -----------------------------------------------------------------

PAY_FRAMES = (
    "I'll update order #W8855135 to be paid with your {card}. Is that correct?",
    "I'll update order #W8855135 to use your {card} instead of your {old}. Shall I proceed?",
    "I'll switch order #W8855135 over to your {card}. Shall I proceed?",
    "I'll change order #W8855135 to your {card}. Shall I go ahead?",
    "For order #W8855135, I'll use your {card} going forward. Shall I proceed?",
    "Order #W8855135 will be paid with your {card} from now on. Shall I proceed?",
)
MC, VISA = "Mastercard ending in 8484", "Visa ending in 6791"


@settings(meta_settings("ci"), max_examples=30)
@given(frame=st.sampled_from(PAY_FRAMES))
def test_a_payment_change_in_other_words_names_the_action(frame: str) -> None:
    assert _passes(frame.format(card=MC, old=VISA), PAY_MC, SOFIA)
    assert not _passes(frame.format(card=VISA, old=MC), PAY_MC, SOFIA)  # another method


@pytest.mark.parametrize(
    "listing",
    [
        # what the order was paid with, or a method named alone, names no change of payment
        (
            "Order #W8855135 was paid with your Visa ending in 6791; your Mastercard ending in "
            "8484 is also on file. Shall I proceed?"
        ),
        "I'll cancel order #W8855135; the refund goes to your Mastercard ending in 8484. Proceed?",
        "I won't update order #W8855135 to use your Mastercard ending in 8484. Shall I proceed?",
        "I'll update order #W5416052 to be paid with your Mastercard ending in 8484. Proceed?",
        # the original method is the one replaced, not the one put in place
        "I'll change order #W8855135 back to your original payment method. Shall I proceed?",
    ],
)
def test_no_payment_change_is_listed(listing: str) -> None:
    assert not _passes(listing, PAY_MC, SOFIA)


YOGA_AS_SAID = {
    "modification": (
        "Order #W8855135 — Yoga Mat [{old}] → Yoga Mat [{new}], $94.38 → $103.84. The $9.46 "
        "difference will be charged to your Visa ending in 6791. Shall I proceed with this "
        "modification?"
    ),
    "heading": (
        "**Modification for order #W8855135**\n\n- **Yoga Mat**: {old} → **{new}**\n- "
        "**Additional charge:** $9.46 (Visa ending in 6791)\n\nReply **yes** to confirm."
    ),
    "one by one": (
        "Order #W8855135, Yoga Mat: {old_each}, $94.38 → $103.84, charged to your Visa ending "
        "in 6791. Shall I make this modification?"
    ),
}
YOGA_OLD, YOGA_NEW = ("6mm", "natural rubber", "pink"), ("5mm", "TPE", "pink")


def _yoga(frame: str, old: tuple[str, ...], new: tuple[str, ...]) -> str:
    each = ", ".join(f"{a} → {b}" if a != b else a for a, b in zip(old, new, strict=True))
    return YOGA_AS_SAID[frame].format(old=", ".join(old), new=", ".join(new), old_each=each)


@settings(meta_settings("ci"), max_examples=20)
@given(frame=st.sampled_from(sorted(YOGA_AS_SAID)))
def test_an_item_change_in_other_words_names_the_action(frame: str) -> None:
    assert _passes(_yoga(frame, YOGA_OLD, YOGA_NEW), YOGA, SOFIA)
    assert not _passes(_yoga(frame, YOGA_NEW, YOGA_OLD), YOGA, SOFIA)  # the other way round


# --- a return of everything --------------------------------------------------------------------

ITEMS = {
    CHAIR: "Office Chair",
    CAMERA: "Digital Camera",
    SHOES: "Running Shoes",
    BULB: "LED Light Bulb",
}
ALL_FRAMES = (
    "I'll process a return of all items in order #W5564375{but}, with the refund going back to "
    "PayPal. Shall I proceed?",
    "I'll return everything in order #W5564375{but}, refunding to PayPal. Do you want me to go "
    "ahead?",
    "I'll return all the items in order #W5564375{but}; the refund goes to PayPal. Shall I "
    "proceed?",
    "I'll return the entire order #W5564375{but}, refunded to PayPal. Shall I proceed?",
)


def _but(kept: list[str]) -> str:
    return f" except the {' and the '.join(ITEMS[i] for i in kept)}" if kept else ""


@settings(meta_settings("ci"), max_examples=40)
@given(
    frame=st.sampled_from(ALL_FRAMES),
    kept=st.lists(st.sampled_from(sorted(ITEMS)), max_size=2, unique=True),
)
def test_a_return_of_everything_names_the_items_not_set_aside(frame: str, kept: list[str]) -> None:
    returned = [i for i in ITEMS if i not in kept]
    assert _passes(frame.format(but=_but(kept)), ret("#W5564375", returned, PAYPAL))


@settings(meta_settings("ci"), max_examples=40)
@given(
    frame=st.sampled_from(ALL_FRAMES),
    kept=st.lists(st.sampled_from(sorted(ITEMS)), max_size=2, unique=True),
    data=st.data(),
)
def test_a_return_of_everything_fails_when_the_write_carries_more_or_fewer(
    frame: str, kept: list[str], data: st.DataObject
) -> None:
    returned = [i for i in ITEMS if i not in kept]
    other = data.draw(st.sampled_from(sorted(ITEMS)), label="other")
    written = [i for i in returned if i != other] if other in returned else [*returned, other]
    assert not _passes(frame.format(but=_but(kept)), ret("#W5564375", written, PAYPAL))


# --- the original payment method ---------------------------------------------------------------

ORIGINAL = (
    "your original payment method",
    "the original payment method",
    "your original form of payment",
    "the original card",
)


@settings(meta_settings("ci"), max_examples=20)
@given(original=st.sampled_from(ORIGINAL))
def test_the_original_method_names_the_one_that_paid_the_order(original: str) -> None:
    listing = (
        "I'll return the Pet Bed and Cycling Helmet from order #W5416052; the refund goes to "
        f"{original}. Shall I proceed?"
    )
    assert _passes(listing, RET_S, SOFIA)  # the Mastercard ending 8484 paid #W5416052
    assert not _passes(listing, RET_S_PAYPAL, SOFIA)  # PayPal did not
