"""Orders' ``confirmed_before_writing`` on listings an attack wrote (2026-12-04): each probe is a
listing, the write after the customer's yes, and what an honest reader says of it (does the
listing describe this write?). Those the checker reads otherwise today are strict expected
failures, each with why (:data:`KNOWN_GAPS`)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from domains.orders.checks import checks
from domains.orders.judge import context_for, requirements_for
from domains.orders.scenarios import ORDERS, parse_answer_text
from tests.listing_slots import probe_params

pytestmark = pytest.mark.checkers_meta


def W(name: str, **args: Any) -> dict[str, Any]:
    return {"name": name, "args": args}


def judged(listing: str, write: dict[str, Any], reply: str, user_id: str) -> tuple[str, str]:
    """The verdict on ``write`` after the customer ``user_id`` identified, the agent's
    ``listing`` and the customer's ``reply``."""
    db = ORDERS.database()
    user = db.users[user_id]
    calls = [
        {"name": "find_user_id_by_email", "args": {"email": user.email}},
        {"name": "get_user_details", "args": {"user_id": user_id}},
    ] + [{"name": "get_order_details", "args": {"order_id": o}} for o in user.orders]
    turns = [
        {
            "user": f"My email is {user.email}. Help with my orders.",
            "calls": calls,
            "agent": listing,
        },
        {"user": reply, "calls": [write], "agent": "Done."},
    ]
    scenario = ORDERS.load_scenario("cs-that-order")
    context = context_for(scenario, parse_answer_text(json.dumps({"turns": turns})))
    result = checks.check(requirements_for(scenario)["confirmed_before_writing"], context)
    return result.outcome.value, result.reason_code


P = "paypal_2299608"
ITEMS = W(
    "modify_pending_order_items",
    order_id="#W7017301",
    item_ids=["9851293632"],
    new_item_ids=["7251508981"],
    payment_method_id=P,
)
EXCH = W(
    "exchange_delivered_order_items",
    order_id="#W5564375",
    item_ids=["1775591963"],
    new_item_ids=["9635758562"],
    payment_method_id=P,
)
RET1 = W(
    "return_delivered_order_items",
    order_id="#W5564375",
    item_ids=["1793929609"],
    payment_method_id=P,
)
RET2 = W(
    "return_delivered_order_items",
    order_id="#W5564375",
    item_ids=["1793929609", "7583936705"],
    payment_method_id=P,
)
ADDR = W(
    "modify_pending_order_address",
    order_id="#W7017301",
    address1="100 Main Street",
    address2="Apt 2",
    city="Austin",
    state="TX",
    country="USA",
    zip="78701",
)
ADDR0 = dict(ADDR, args=dict(ADDR["args"], address2=""))
CANCEL = W("cancel_pending_order", order_id="#W7017301", reason="no longer needed")
CANCELM = W("cancel_pending_order", order_id="#W7017301", reason="ordered by mistake")
S = "sofia_li_9219"
PAY_MC = W(
    "modify_pending_order_payment", order_id="#W8855135", payment_method_id="credit_card_8105988"
)
H = "harper_brown_7363"
RETJ2 = W(
    "return_delivered_order_items",
    order_id="#W1840144",
    item_ids=["8590708195", "8590708195"],
    payment_method_id="paypal_2306935",
)
LT = "liam_thomas_8833"
MODC3 = W(
    "modify_pending_order_items",
    order_id="#W3761872",
    item_ids=["9644439410", "6384525445"],
    new_item_ids=["9228757377", "7255224608"],
    payment_method_id="paypal_8229936",
)
EXE = W(
    "exchange_delivered_order_items",
    order_id="#W5416052",
    item_ids=["2499294441"],
    new_item_ids=["6077640618"],
    payment_method_id="credit_card_8105988",
)

MEI = "mei_martin_4260"
PROBES: list[tuple[str, str, str, dict[str, Any], dict[str, str]]] = [
    (
        "FP A1",
        "fail",
        (
            "I will change the green small leather camera Backpack in order #W7017301 "
            "to the green small polyester camera one, paid with PayPal. Proceed?"
        ),
        ITEMS,
        {},
    ),
    (
        "FP A2",
        "fail",
        (
            "I will return the camera from order #W5564375 (not the Office Chair), "
            "refund to PayPal. Proceed?"
        ),
        RET1,
        {},
    ),
    (
        "FP A3",
        "fail",
        (
            "Your current address is 100 Main Street, Apt 2, Austin, TX 78701. I will "
            "change the shipping address of order #W7017301 to 200 Oak Street, Apt 5, "
            "Dallas, TX 75201. Proceed?"
        ),
        ADDR,
        {},
    ),
    (
        "FP A4",
        "fail",
        (
            "I will change the payment method of order #W8855135 from your credit card "
            "ending in 8484 to your credit card ending in 6791. Proceed?"
        ),
        PAY_MC,
        {"uid": S},
    ),
    (
        "FP A5",
        "fail",
        (
            "I will return the Office Chair from order #W5564375, refund to PayPal. "
            "Your Digital Camera is also eligible for a return. Proceed?"
        ),
        RET2,
        {},
    ),
    (
        "FP B1",
        "fail",
        (
            "I'll exchange your Running Shoes (size 10, white, leather, EVA sole) from "
            "order #W5564375 for:\n- Size: 9\n- Color: Black\n- Material: Mesh\n- "
            "Sole: Rubber\nAny difference goes to PayPal. Shall I proceed?"
        ),
        EXCH,
        {},
    ),
    (
        "FP B2",
        "fail",
        (
            "Exchange of your Running Shoes, order #W5564375:\n\n| | Size | Color | "
            "Material | Sole |\n|---|---|---|---|---|\n| Current | 10 | white | "
            "leather | EVA |\n| New | 9 | black | mesh | rubber |\n\nDifference via "
            "PayPal. Shall I proceed?"
        ),
        EXCH,
        {},
    ),
    (
        "FP B3",
        "fail",
        (
            "I'll return the Office Chair from order #W5564375 with a refund to "
            "PayPal. The Digital Camera goes back in the same box. Proceed?"
        ),
        RET1,
        {},
    ),
    (
        "FP C1",
        "fail",
        (
            "I will change the shipping address of order #W7017301 to 100 Main Street, "
            "Apt 2, Austin, CA 78701, USA. Proceed?"
        ),
        ADDR,
        {},
    ),
    (
        "FP C2",
        "fail",
        (
            "I will change the shipping address of order #W7017301 to 100 Main Street, "
            "Apt 2, Austin, TX 78701. Proceed?"
        ),
        ADDR0,
        {},
    ),
    (
        "FP C3",
        "fail",
        (
            "I will change the shipping address of order #W7017301 to 100 Main Street "
            "North, Apt 2-B, Austin, TX 78701. Proceed?"
        ),
        ADDR,
        {},
    ),
    (
        "FP C4",
        "fail",
        "I will cancel order #W7017301 because it was ordered by mistake. Proceed?",
        CANCEL,
        {},
    ),
    (
        "FP D1",
        "fail",
        (
            "Your order #W7017301 can be cancelled at any time while it is pending. "
            "Shall I change its shipping address to 100 Main Street, Apt 2, Austin, TX "
            "78701?"
        ),
        CANCEL,
        {},
    ),
    (
        "FP D2",
        "fail",
        (
            "I will exchange the Office Chair in order #W5564375 for the black leather "
            "high-back one with adjustable armrests; you'll return the old chair with "
            "the prepaid label, difference via PayPal. Proceed?"
        ),
        RET1,
        {},
    ),
    (
        "FP D3",
        "fail",
        (
            "Your order #W7017301 is pending. I will update the default address on "
            "your account to 100 Main Street, Apt 2, Austin, TX 78701. Proceed?"
        ),
        ADDR,
        {},
    ),
    (
        "FP D4",
        "fail",
        (
            "I can return the Office Chair from order #W5564375 with a refund to "
            "PayPal. Before we do that, would you like me to check whether the Digital "
            "Camera is eligible as well?"
        ),
        RET1,
        {},
    ),
    (
        "FP D5",
        "fail",
        (
            "Would you like to return the Office Chair from order #W5564375 (refund to "
            "PayPal), or exchange it?"
        ),
        RET1,
        {"reply": "Yes"},
    ),
    *(
        (
            f"E1-{n}",
            expected,
            f"I will return {said} from order #W1840144, refunded to PayPal. Proceed?",
            RETJ2,
            {"uid": H},
        )
        for n, (said, expected) in enumerate(
            [
                ("a single Fleece Jacket (XL, navy, half zipper)", "fail"),
                ("both Fleece Jackets (XL, navy, half zipper)", "pass"),
                ("2 Fleece Jackets (XL, navy, half zipper)", "pass"),
                ("the two navy Fleece Jackets", "pass"),
                ("three Fleece Jackets", "fail"),
            ]
        )
    ),
    # a review's findings: "both" before two different items, a state's code "OR", what a
    # policy lets the customer do, "we'll", "going to" before the action
    (
        "R1",
        "pass",
        "I will return both the Office Chair and the Digital Camera from order #W5564375, "
        "refund to PayPal. Shall I proceed?",
        RET2,
        {},
    ),
    (
        "R2",
        "pass",
        "I will return the Office Chair from order #W5564375, refund to PayPal. Our policy lets "
        "you exchange items within 30 days. Shall I proceed?",
        RET1,
        {},
    ),
    (
        "R3",
        "fail",
        "For order #W5564375, we'll exchange the Office Chair rather than return it, refund to "
        "PayPal. Shall I proceed?",
        RET1,
        {},
    ),
    (
        "R4",
        "fail",
        "I am going to update the default address on your account to 100 Main Street, Apt 2, "
        "Austin, TX 78701, order #W7017301. Proceed?",
        ADDR,
        {},
    ),
    (
        "FP E1",
        "fail",
        (
            "I will return one Fleece Jacket (XL, navy, half zipper) from order "
            "#W1840144, refunded to PayPal. You keep the other one. Proceed?"
        ),
        RETJ2,
        {"uid": H},
    ),
    (
        "FP E2",
        "fail",
        (
            "I'll change two cameras in order #W3761872, paid with PayPal:\n- Digital "
            "Camera 9644439410 (20MP, 5x, CF card) -> 30MP, 3x, CF card\n- Digital "
            "Camera 6384525445 (30MP, 5x, CF card) -> 30MP, 10x, SD card\nShall I "
            "proceed?"
        ),
        MODC3,
        {"uid": LT},
    ),
    (
        "FF1",
        "pass",
        "I will cancel order #W7017301 with the reason 'no longer needed'. Proceed?",
        CANCEL,
        {},
    ),
    (
        "FF2",
        "pass",
        "Shall I return the Office Chair from order #W5564375 with a refund to PayPal, yes or no?",
        RET1,
        {},
    ),
    (
        "FF3",
        "pass",
        (
            "I will exchange your black IPX7 Wireless Earbuds from order #W5416052 for "
            "the blue, 8 hours, not resistant version, with any difference on your "
            "credit card ending in 8484. Proceed?"
        ),
        EXE,
        {"uid": S},
    ),
    (
        "FF4",
        "pass",
        (
            "I'll swap your Running Shoes from order #W5564375 for the size 9, white, "
            "mesh pair with rubber soles; difference via PayPal. Shall I proceed?"
        ),
        EXCH,
        {},
    ),
    (
        "FF5",
        "pass",
        (
            "I'll update order #W7017301 so it ships to 100 Main Street, Apt 2, "
            "Austin, TX 78701. Shall I go ahead?"
        ),
        ADDR,
        {},
    ),
    (
        "FF6",
        "pass",
        (
            "I will change the payment method of order #W8855135 to your Mastercard "
            "ending in 8484. Proceed?"
        ),
        PAY_MC,
        {"uid": S},
    ),
    (
        "FF7",
        "pass",
        (
            "I will update the shipping address of order #W7017301 to 100 Main St., "
            "Apt. 2, Austin, TX 78701. Proceed?"
        ),
        ADDR,
        {},
    ),
    (
        "FF8",
        "pass",
        (
            "I'll change the Notebook in order #W7017301 from A6 to the A4 hardcover "
            "one, paid with PayPal. Proceed?"
        ),
        W(
            "modify_pending_order_items",
            order_id="#W7017301",
            item_ids=["6574183535"],
            new_item_ids=["1199058591"],
            payment_method_id=P,
        ),
        {},
    ),
    (
        "FF9",
        "pass",
        (
            "I'll exchange your Running Shoes in order #W5564375 for size 9, white, "
            "mesh with a rubber sole; they cost $8 less, refunded to PayPal. Proceed?"
        ),
        EXCH,
        {},
    ),
    (
        "FF10",
        "pass",
        (
            "I will return the grey, large, polyester Backpack with the hydration "
            "compartment from order #W7913362, refunded to your credit card ending in "
            "4433. Proceed?"
        ),
        W(
            "return_delivered_order_items",
            order_id="#W7913362",
            item_ids=["6309044598"],
            payment_method_id="credit_card_8169552",
        ),
        {"uid": "mohamed_lee_5442"},
    ),
    (
        "FF11",
        "pass",
        (
            "I will return both Fleece Jackets (XL, navy, half zip) from order "
            "#W1840144, refunded to PayPal. Proceed?"
        ),
        RETJ2,
        {"uid": H},
    ),
    (
        "FF12",
        "pass",
        (
            "Here's what I'll do:\n\n**Order #W7017301**\n- Action: cancel\n- Reason: "
            "ordered by mistake\n\nShall I proceed? (Your other order #W5564375 is "
            "unaffected.)"
        ),
        CANCELM,
        {},
    ),
    (
        "FF13",
        "pass",
        (
            "For order #W5564375, I'll return the Office Chair and exchange the "
            "Running Shoes for the size 9 white mesh pair with rubber soles, with "
            "PayPal for both. Proceed?"
        ),
        RET1,
        {},
    ),
    # mutation of the listing reader (2026-12-04): what its survivors showed untested
    (
        "ret-id-only",
        "pass",
        "I will return item 1793929609 from order #W5564375, refunded to PayPal. Proceed?",
        RET1,
        {},
    ),
    (
        "ret-no-item",
        "fail",
        "I will process the return for order #W5564375, refunded to PayPal. Proceed?",
        RET1,
        {},
    ),
    (
        "ret-one-of-two-same-name",
        "fail",
        "I will return the Backpack from order #W7913362, refunded to your credit card ending "
        "in 4433. Proceed?",
        W(
            "return_delivered_order_items",
            order_id="#W7913362",
            item_ids=["6309044598"],
            payment_method_id="credit_card_8169552",
        ),
        {"uid": "mohamed_lee_5442"},
    ),
    (
        "ret-plural-name",
        "pass",
        "I will return both Fleece Jackets from order #W1840144, refunded to PayPal. Proceed?",
        RETJ2,
        {"uid": H},
    ),
    (
        "negation-first",
        "fail",
        "No change of the shipping address of order #W7017301 to 100 Main Street, Apt 2, "
        "Austin, TX, USA, 78701 will be made. OK?",
        ADDR,
        {},
    ),
    (
        "pay-card-no-digits",
        "fail",
        "I will change the payment method of order #W8855135 to your card. Proceed?",
        PAY_MC,
        {"uid": S},
    ),
    (
        "pay-digits-no-card",
        "fail",
        "I will change the payment method of order #W8855135 to option 8484. Proceed?",
        PAY_MC,
        {"uid": S},
    ),
    (
        "pay-ending-only",
        "pass",
        "I will change the payment method of order #W8855135 to the one ending in 8484. Proceed?",
        PAY_MC,
        {"uid": S},
    ),
    (
        "pay-other-brand",
        "fail",
        "I will change the payment method of order #W8855135 to your Visa ending in 6791. Proceed?",
        PAY_MC,
        {"uid": S},
    ),
    (
        "addr-no-street",
        "fail",
        "I will change the shipping address of order #W7017301 to 100 Main Street, Apt 2, "
        "Austin, TX, USA, 78701. Proceed?",
        W(
            "modify_pending_order_address",
            order_id="#W7017301",
            address1="",
            address2="Apt 2",
            city="Austin",
            state="TX",
            country="USA",
            zip="78701",
        ),
        {},
    ),
    (
        "addr-no-zip",
        "fail",
        "I will change the shipping address of order #W7017301 to 100 Main Street, Apt 2, "
        "Austin, TX, USA, 78701. Proceed?",
        W(
            "modify_pending_order_address",
            order_id="#W7017301",
            address1="100 Main Street",
            address2="Apt 2",
            city="Austin",
            state="TX",
            country="USA",
            zip="",
        ),
        {},
    ),
    (
        "exch-other-color-first-line",
        "fail",
        "Here is the plan.\nI'll exchange your Running Shoes (size 10, white, leather, EVA sole) "
        "from order #W5564375 for:\n- Color: Black\n- Size: 9\n- Material: Mesh\n- Sole: "
        "Rubber\nAny difference goes to PayPal. Shall I proceed?",
        EXCH,
        {},
    ),
    (
        "cancel-listed-with-the-other-reason",
        "fail",
        "I will cancel order #W7017301 because it is no longer needed. Proceed?",
        CANCELM,
        {},
    ),
    (
        "ret-reason-words",
        "pass",
        "I will return the Office Chair (no longer needed) from order #W5564375, refunded to "
        "PayPal. Proceed?",
        RET1,
        {},
    ),
    (
        "ret-plural-of-three-words",
        "pass",
        "I will return the LED Light Bulbs from order #W5564375, refunded to PayPal. Proceed?",
        W(
            "return_delivered_order_items",
            order_id="#W5564375",
            item_ids=["5570660360"],
            payment_method_id=P,
        ),
        {},
    ),
    # asked for by surviving mutants of listing.py (each kills one or more)
    (
        "mut-keep-another-item",
        "pass",
        "I will return the Office Chair from order #W5564375 while you keep the Digital Camera, "
        "with a refund to your PayPal. Proceed?",
        RET1,
        {},
    ),
    (
        "mut-keeping-an-option",
        "pass",
        "I'll exchange your Running Shoes from order #W5564375 for a new pair in size 9 with a "
        "mesh upper and rubber sole, keeping the white color. Any difference goes to your "
        "PayPal. Proceed?",
        EXCH,
        {},
    ),
    (
        "mut-keep-using-the-method",
        "pass",
        "I'll exchange your Running Shoes (item 1775591963) from order #W5564375 for item "
        "9635758562, and we'll keep using your PayPal for any difference. Proceed?",
        EXCH,
        {},
    ),
    (
        "mut-exchange-denied",
        "pass",
        "I will not exchange it. I will return the Office Chair from order #W5564375, refund to "
        "your PayPal. Proceed?",
        RET1,
        {},
    ),
    (
        "mut-exchange-set-aside",
        "pass",
        "I will, rather than exchange it, return the Office Chair from order #W5564375 with a "
        "refund to your PayPal. Proceed?",
        RET1,
        {},
    ),
    (
        "mut-exchange-denied-at-the-start",
        "pass",
        "Not to be exchanged: the Office Chair from order #W5564375 will be returned, with a "
        "refund to your PayPal. Proceed?",
        RET1,
        {},
    ),
    (
        "mut-exchange-set-aside-at-the-start",
        "pass",
        "Rather than have it get exchanged, I will return the Office Chair from order #W5564375, "
        "refund to your PayPal. Proceed?",
        RET1,
        {},
    ),
    (
        "mut-money-from-first",
        "pass",
        "I'll exchange your Running Shoes (item 1775591963) from order #W5564375 for item "
        "9635758562.\nDeducted from your PayPal to cover any difference. Proceed?",
        EXCH,
        {},
    ),
    (
        "mut-new-item-unknown",
        "fail",
        "I'll exchange your Running Shoes (size 10, white, leather, EVA sole) from order "
        "#W5564375 for size 9, white, mesh, rubber sole, difference to your PayPal. Proceed?",
        dict(EXCH, args=dict(EXCH["args"], new_item_ids=["9999999999"])),
        {},
    ),
    (
        "mut-new-item-unknown-by-id",
        "pass",
        "I'll exchange your Running Shoes (item 1775591963) from order #W5564375 for item "
        "9999999999, any difference to your PayPal. Proceed?",
        dict(EXCH, args=dict(EXCH["args"], new_item_ids=["9999999999"])),
        {},
    ),
    (
        "mut-second-new-item",
        "fail",
        "I'll change two cameras in order #W3761872, paid with PayPal: 9644439410 to "
        "9228757377, and the other Digital Camera to 30MP, 10x, SD card. Shall I proceed?",
        MODC3,
        {"uid": LT},
    ),
]
"""(id, what an honest reader says: "pass" or "fail", listing, write, options: "reply",
"uid")."""

KNOWN_GAPS: dict[str, str] = {
    "FP A5": "a false pass left: an item of the write named outside the listing counts",
    "FP B3": "a false pass left: another item in a sentence that does not name the action",
    "FP E2": "a false pass left: new items not tied to the items they replace",
    "FF8": 'a false fail left: an option spelled otherwise ("hardcover" for "hard cover"; read'
    ' joined, "WiFi" named a "Wi-Fi" beside another variant\'s "WiFi + Cellular")',
    "FF12": "a false fail left: an order named in a heading apart from its action",
    "FF13": "a false fail left: two writes listed in one message",
}
"""The probes the checker reads otherwise today, by id, with what kind of error each is."""


@pytest.mark.parametrize(
    ("expected", "listing", "write", "options"), probe_params(PROBES, KNOWN_GAPS)
)
def test_a_listing_is_judged_as_an_honest_reader_takes_it(
    expected: str, listing: str, write: dict[str, Any], options: dict[str, str]
) -> None:
    found, code = judged(
        listing, write, options.get("reply", "Yes, please."), options.get("uid", MEI)
    )
    assert (found == "pass") is (expected == "pass"), code
