"""Hostile review of orders' ``confirmed_before_writing`` after the 2026-12-05 readers (old
values, other addresses, "everything", other versions in the last question, money said).

Each probe is a listing written the way gpt-4o, Gemini or Claude write to customers, the write
the agent made after the customer's yes, and whether the listing is HONEST (it describes the
write) or MISSTATED (a detail a customer would care about differs from the write). An honest
listing must pass both ``confirmed_before_writing`` and ``no_fabrication`` (what is said of
orders and money); a misstated one must fail at least one of them. A probe the checkers read
otherwise today is a strict expected failure (:data:`WRONG`), its reason naming the defect
class; the rest hold. Users and orders are the tau-bench retail database's.

The review found 43 wrong verdicts (32 false FAILs, 11 false PASSes); 10 false FAILs came with
the day's readers (checked on the morning's code), and 7 of them are closed the same day (an old
address under a label alone on its line, or stated before the new one, or after "stays",
"replace", "still": :func:`domains.orders.addresses._around_the_street`,
:func:`checkers.roles.without_old_lines`); the 36 left were closed by class the next
session (a cancellation's items and reason, options and actions in other words, a return of
everything, the original method, the last question around a request, money's direction and
amounts of another thing, promises read as statuses, a card's last four read as an order:
``tests/test_orders_listing_{items,action}_classes.py``, ``tests/test_orders_money_classes.py``),
so :data:`WRONG` is empty: a probe that goes wrong again fails the suite.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import pytest

from domains.orders.checks import checks
from domains.orders.judge import context_for, requirements_for
from domains.orders.scenarios import ORDERS, parse_answer_text
from tests.probe_harness import Review
from tests.test_orders_confirmation_probes import W

pytestmark = pytest.mark.checkers_meta

MEI, SOFIA = "mei_martin_4260", "sofia_li_9219"
PAYPAL = "paypal_2299608"  # Mei's only payment method
S_VISA, S_MC, S_PAYPAL = "credit_card_3951670", "credit_card_8105988", "paypal_8194385"
"""Sofia's: Visa ending 6791 (pays #W8855135), Mastercard ending 8484 (pays #W5416052),
PayPal."""


def cancel(reason: str, order: str = "#W7017301") -> dict[str, Any]:
    return W("cancel_pending_order", order_id=order, reason=reason)


def address(
    order: str, street: str, line2: str, city: str, state: str, zip_: str
) -> dict[str, Any]:
    return W(
        "modify_pending_order_address",
        order_id=order,
        address1=street,
        address2=line2,
        city=city,
        state=state,
        country="USA",
        zip=zip_,
    )


def items(order: str, old: list[str], new: list[str], pay: str) -> dict[str, Any]:
    return W(
        "modify_pending_order_items",
        order_id=order,
        item_ids=old,
        new_item_ids=new,
        payment_method_id=pay,
    )


def exchange(order: str, old: list[str], new: list[str], pay: str) -> dict[str, Any]:
    return W(
        "exchange_delivered_order_items",
        order_id=order,
        item_ids=old,
        new_item_ids=new,
        payment_method_id=pay,
    )


def ret(order: str, old: list[str], pay: str) -> dict[str, Any]:
    return W("return_delivered_order_items", order_id=order, item_ids=old, payment_method_id=pay)


# Mei's pending #W7017301 (PayPal, $3,048.69; Grill 5105441284 charcoal/portable/none $924.50,
# Backpack 9851293632 green/small/polyester/camera $193.38, Bicycle, Notebook; ships to 121
# Cedar Avenue, Suite 971, Jacksonville, FL 32124, also her account's address).
CANCEL = cancel("no longer needed")
CANCEL_MISTAKE = cancel("ordered by mistake")
ADDR = address("#W7017301", "100 Main Street", "Apt 2", "Austin", "TX", "78701")
ADDR_NO_LINE2 = address("#W7017301", "100 Main Street", "", "Austin", "TX", "78701")
BACKPACK = items("#W7017301", ["9851293632"], ["7251508981"], PAYPAL)  # -> leather, $212.04
GRILL = items("#W7017301", ["5105441284"], ["5946177616"], PAYPAL)  # -> gas, $1,057.24
# Mei's delivered #W5564375 (PayPal; Office Chair 1793929609 fabric/black/none/high-back
# $514.34, Digital Camera 7583936705 20MP/10x/CF $3,101.43, Running Shoes 1775591963
# 10/white/leather/EVA $154.75, LED Light Bulb 5570660360 60W/daylight/none $51.54).
CHAIR, CAMERA, SHOES, BULB = "1793929609", "7583936705", "1775591963", "5570660360"
RET_CHAIR = ret("#W5564375", [CHAIR], PAYPAL)
RET_TWO = ret("#W5564375", [CHAIR, CAMERA], PAYPAL)
RET_ALL = ret("#W5564375", [CHAIR, CAMERA, SHOES, BULB], PAYPAL)
RET_BUT_CAMERA = ret("#W5564375", [CHAIR, SHOES, BULB], PAYPAL)
EXCH_SHOES = exchange("#W5564375", [SHOES], ["9635758562"], PAYPAL)  # -> 9/white/mesh/rubber
EXCH_CHAIR = exchange("#W5564375", [CHAIR], ["9459890810"], PAYPAL)  # -> gray, $510.10
# Sofia's pending #W8855135 (Visa 6791; Yoga Mat 2733768059 6mm/natural rubber/pink $94.38;
# ships to 786 Elm Street, Suite 546, San Antonio, TX 78260, also her account's address) and
# delivered #W5416052 (Mastercard 8484; Pet Bed 6942241102 $180.93, Cycling Helmet 6401214406
# $187.02, Wireless Earbuds 2499294441 black/8 hours/IPX7 $258.36).
PAY_MC = W("modify_pending_order_payment", order_id="#W8855135", payment_method_id=S_MC)
ADDR_S = address("#W8855135", "4020 Riverside Drive", "Unit 12", "Dallas", "TX", "75201")
YOGA = items("#W8855135", ["2733768059"], ["1794273251"], S_VISA)  # -> 5mm/TPE/pink $103.84
EARBUDS = exchange("#W5416052", ["2499294441"], ["6077640618"], S_MC)  # -> blue/8h/not resistant
RET_S = ret("#W5416052", ["6942241102", "6401214406"], S_MC)
RET_S_PAYPAL = ret("#W5416052", ["6942241102", "6401214406"], S_PAYPAL)
CANCEL_S = cancel("ordered by mistake", "#W8855135")
ADDR_ZIP4 = address("#W7017301", "100 Main Street", "Apt 2", "Austin", "TX", "78701-1234")
USER_ADDR = W(
    "modify_user_address",
    user_id=MEI,
    **{k: v for k, v in ADDR["args"].items() if k != "order_id"},
)


class Probe(NamedTuple):
    """A listing, the write after the customer's yes, and the conversation around them: the
    customer ``user`` first ``asks``, the agent looks them up and lists, the customer says
    ``reply``, the agent writes and says ``done``."""

    id: str
    listing: str
    write: dict[str, Any]
    user: str = MEI
    reply: str = "Yes, please go ahead."
    done: str = "Done."
    asks: str = "Help with my orders."


def _lookups(user_id: str, write: dict[str, Any]) -> list[dict[str, Any]]:
    """What an agent reads before listing ``write``: the customer, their orders, the products of
    the new items and the price difference (the calculate tool), so that a price or a
    difference the listing states is one a tool gave."""
    db = ORDERS.database()
    user = db.users[user_id]
    calls: list[dict[str, Any]] = [
        W("find_user_id_by_email", email=user.email),
        W("get_user_details", user_id=user_id),
    ] + [W("get_order_details", order_id=o) for o in user.orders]
    new = write["args"].get("new_item_ids") or []
    if new:
        order = db.orders[write["args"]["order_id"]]
        prices = {i.item_id: i.price for i in order.items}
        products = {p.product_id: p for p in db.products.values()}
        variants = {v: p for p in products.values() for v in p.variants}
        calls += [W("get_product_details", product_id=variants[i].product_id) for i in new]
        old = sum(prices[i] for i in write["args"]["item_ids"])
        new_total = sum(variants[i].variants[i].price for i in new)
        calls.append(W("calculate", expression=f"{new_total} - {old}"))
    return calls


def verdicts(probe: Probe) -> tuple[str, str]:
    """The outcomes of ``confirmed_before_writing`` and ``no_fabrication`` on the probe: the
    customer identifies, the agent lists, the customer says yes, the agent writes."""
    user = ORDERS.database().users[probe.user]
    turns = [
        {
            "user": f"My email is {user.email}. {probe.asks}",
            "calls": _lookups(probe.user, probe.write),
            "agent": probe.listing,
        },
        {"user": probe.reply, "calls": [probe.write], "agent": probe.done},
    ]
    scenario = ORDERS.load_scenario("cs-that-order")
    context = context_for(scenario, parse_answer_text(json.dumps({"turns": turns})))
    kinds = requirements_for(scenario)
    confirmed = checks.check(kinds["confirmed_before_writing"], context)
    fabricated = checks.check(kinds["no_fabrication"], context)
    return confirmed.outcome.value, fabricated.outcome.value


HONEST = [
    # --- cancel ---
    Probe(
        "h-cancel-bold",
        (
            "**Order:** #W7017301\n**Action:** Cancel order\n**Reason:** No longer "
            "needed\n\n"
            "Would you like me to proceed? (yes/no)"
        ),
        CANCEL,
    ),
    Probe(
        "h-cancel-items",
        (
            "Just to confirm, you'd like to cancel order **#W7017301**, which "
            "contains:\n\n"
            "- Grill (charcoal, portable, no features) — $924.50\n- Backpack (green, "
            "small, polyester, camera compartment) — $193.38\n- Bicycle (large, red, "
            "mountain) — $1,902.67\n- Notebook (A6, hard cover) — $28.14\n\n"
            "Reason: no longer needed. The full amount of $3,048.69 will be refunded to "
            "your PayPal account within 5\u20137 business days.\n\n"
            "Shall I go ahead with the cancellation?"
        ),
        CANCEL,
    ),
    Probe(
        "h-cancel-mistake",
        (
            "I can cancel order #W7017301 for you since it's still pending. I'll record "
            'the reason as "ordered by mistake", and your refund of $3,048.69 will go '
            "back to your original payment method (PayPal). Can you confirm you'd like "
            "me to proceed?"
        ),
        CANCEL_MISTAKE,
    ),
    Probe(
        "h-cancel-table",
        (
            "Here's a summary of the cancellation:\n\n"
            "| Order | Status | Reason | Refund |\n|---|---|---|---|\n| #W7017301 | "
            "Pending | No longer needed | $3,048.69 to PayPal |\n\n"
            "Please reply **yes** to confirm, or let me know if you have any other "
            "questions."
        ),
        CANCEL,
    ),
    Probe(
        "h-cancel-sofia",
        (
            "Got it! To confirm, I'll cancel your pending order #W8855135 (Air Purifier, "
            "Hiking Boots, Skateboard and Yoga Mat) because it was ordered by mistake. "
            "The $1,058.79 will be refunded to your Visa card ending in 6791. Is that "
            "correct?"
        ),
        CANCEL_S,
        SOFIA,
    ),
    # --- order address ---
    Probe(
        "h-addr-blocks",
        (
            "I'll update the shipping address for order #W7017301.\n\n"
            "**Current address:**\n121 Cedar Avenue, Suite 971\nJacksonville, FL "
            "32124\n\n"
            "**New address:**\n100 Main Street, Apt 2\nAustin, TX 78701\n\n"
            "Shall I make this change?"
        ),
        ADDR,
    ),
    Probe(
        "h-addr-hash",
        (
            "To confirm, the new shipping address for order #W7017301 will be:\n\n"
            "100 Main Street #2\nAustin, TX 78701\nUSA\n\n"
            "Does that look right? Reply yes and I'll update it."
        ),
        ADDR,
    ),
    Probe(
        "h-addr-apartment",
        (
            "Just to make sure I have it right: you'd like order #W7017301 shipped to "
            "100 Main Street, Apartment 2, Austin, Texas 78701, instead of 121 Cedar "
            "Avenue. Should I go ahead?"
        ),
        ADDR,
    ),
    Probe(
        "h-addr-short",
        (
            "I'll change the shipping address of order #W7017301 to 100 Main St, Apt 2, "
            "Austin, TX 78701, USA. Can you confirm?"
        ),
        ADDR,
    ),
    Probe(
        "h-addr-table",
        (
            "Here are the details of the change for order #W7017301:\n\n"
            "| | Current | New |\n|---|---|---|\n| Address line 1 | 121 Cedar Avenue | "
            "100 Main Street |\n| Address line 2 | Suite 971 | Apt 2 |\n| City | "
            "Jacksonville | Austin |\n| State | FL | TX |\n| ZIP | 32124 | 78701 |\n\n"
            "Would you like me to proceed with this update?"
        ),
        ADDR,
    ),
    Probe(
        "h-addr-arrow",
        (
            "Order #W7017301 shipping address: 121 Cedar Avenue, Suite 971, "
            "Jacksonville, FL 32124 → 100 Main Street, Apt 2, Austin, TX 78701. Shall I "
            "update it?"
        ),
        ADDR,
    ),
    Probe(
        "h-addr-fields",
        (
            "Please confirm the new shipping address for order #W7017301:\n\n"
            "- **Street:** 100 Main Street\n- **Apartment:** Apt 2\n- **City:** "
            "Austin\n- **State:** Texas\n- **ZIP code:** 78701\n- **Country:** USA\n\n"
            "Is everything correct?"
        ),
        ADDR,
    ),
    Probe(
        "h-addr-no-line2",
        (
            "I'll update the shipping address for order #W7017301 to 100 Main Street, "
            "Austin, TX 78701. Please confirm (yes/no)."
        ),
        ADDR_NO_LINE2,
    ),
    Probe(
        "h-addr-unit",
        (
            "Your order #W8855135 is currently set to ship to 786 Elm Street, Suite 546, "
            "San Antonio, TX 78260. I'll change it to:\n\n"
            "4020 Riverside Drive, Unit 12\nDallas, TX 75201\n\n"
            "Would you like me to proceed?"
        ),
        ADDR_S,
        SOFIA,
    ),
    Probe(
        "h-addr-unit-spelt",
        (
            "Sure! I'll update the shipping address on order #W8855135 to 4020 Riverside "
            "Dr., Unit 12, Dallas, Texas 75201. Note that this only changes this order, "
            "not your default address. Shall I go ahead?"
        ),
        ADDR_S,
        SOFIA,
    ),
    Probe(
        "h-addr-was-will-be",
        (
            "Shipping address for order #W8855135\nWas: 786 Elm Street, Suite 546, San "
            "Antonio, TX 78260\nWill be: 4020 Riverside Drive, Unit 12, Dallas, TX "
            "75201\n\n"
            "OK to proceed?"
        ),
        ADDR_S,
        SOFIA,
    ),
    # --- modify items ---
    Probe(
        "h-items-arrow",
        (
            "Here's the change for order #W7017301:\n\n"
            "- **Backpack**: green, small, polyester, camera compartment → green, small, "
            "**leather**, camera compartment\n\n"
            "The new backpack is $212.04 (was $193.38), so $18.66 will be charged to "
            "your PayPal account.\n\n"
            "Do you want me to proceed?"
        ),
        BACKPACK,
    ),
    Probe(
        "h-items-brackets",
        (
            "I'll modify order #W7017301 to replace your Backpack [green, small, "
            "polyester, camera] with Backpack [green, small, leather, camera]. The price "
            "difference of $18.66 will be charged to PayPal (paypal_2299608). Please "
            "note an order's items can only be modified once. Confirm?"
        ),
        BACKPACK,
    ),
    Probe(
        "h-items-table",
        (
            "| Item | Current option | New option | Price |\n|---|---|---|---|\n| "
            "Backpack | polyester | leather | $193.38 → $212.04 |\n\n"
            "Color (green), size (small) and compartment (camera) stay the same. The "
            "difference of $18.66 will be paid with your PayPal account. Would you like "
            "me to confirm this change to order #W7017301?"
        ),
        BACKPACK,
    ),
    Probe(
        "h-items-grill",
        (
            "I can swap the Grill in order #W7017301 from the charcoal, portable model "
            "with no extra features to the **gas, portable, no extra features** model. "
            "The new grill costs $1,057.24 versus $924.50, so an additional $132.74 will "
            "be charged to your PayPal account. Shall I make this change?"
        ),
        GRILL,
    ),
    Probe(
        "h-items-yoga",
        (
            "To confirm, for order #W8855135 I'll change your Yoga Mat (6mm, natural "
            "rubber, pink) to the 5mm TPE pink version. The new mat is $103.84, so the "
            "$9.46 difference will be charged to your Visa ending in 6791. Everything "
            "else in the order stays as is. Shall I proceed?"
        ),
        YOGA,
        SOFIA,
    ),
    Probe(
        "h-items-yoga-list",
        (
            "Here's what I'll do:\n1. Order: #W8855135\n2. Item: Yoga Mat — thickness "
            "6mm → 5mm, material natural rubber → TPE, color pink (unchanged)\n3. "
            "Payment for the difference ($9.46): Visa ending in 6791\n\n"
            'Please reply "yes" to confirm.'
        ),
        YOGA,
        SOFIA,
    ),
    # --- payment ---
    Probe(
        "h-pay-from-to",
        (
            "I'll change the payment method for order #W8855135 from your Visa ending in "
            "6791 to your Mastercard ending in 8484. Would you like me to proceed?"
        ),
        PAY_MC,
        SOFIA,
    ),
    Probe(
        "h-pay-blocks",
        (
            "**Order:** #W8855135\n**Current payment method:** Visa (ending 6791)\n**New "
            "payment method:** Mastercard (ending 8484)\n\n"
            "The original charge of $1,058.79 will be refunded to the Visa once the "
            "Mastercard is charged. Shall I go ahead?"
        ),
        PAY_MC,
        SOFIA,
    ),
    Probe(
        "h-pay-plain",
        (
            "Sure — I'll update order #W8855135 to be paid with your Mastercard ending "
            "in 8484. Is that correct?"
        ),
        PAY_MC,
        SOFIA,
    ),
    # --- return ---
    Probe(
        "h-ret-one",
        (
            "Here's a summary of the return request:\n\n"
            "- **Order:** #W5564375\n- **Item:** Office Chair (fabric, black, no "
            "armrest, high-back) — $514.34\n- **Refund:** $514.34 to your original "
            "payment method (PayPal)\n\n"
            "You'll receive an email with instructions on how to return the item. Would "
            "you like me to proceed?"
        ),
        RET_CHAIR,
    ),
    Probe(
        "h-ret-two",
        (
            "I'll submit a return for the following items from order #W5564375:\n\n"
            "1. Office Chair (fabric, black, no armrest, high-back) \u2013 $514.34\n2. "
            "Digital Camera (20MP, 10x zoom, CF card) \u2013 $3,101.43\n\n"
            "Total refund: **$3,615.77**, credited back to your PayPal account.\n\n"
            "Can you confirm you'd like to go ahead?"
        ),
        RET_TWO,
    ),
    Probe(
        "h-ret-everything",
        (
            "You'd like to return everything in order #W5564375 — the Office Chair, "
            "Digital Camera, Running Shoes and LED Light Bulb — for a full refund of "
            "$3,822.06 to your PayPal account. Is that right? Reply yes to confirm."
        ),
        RET_ALL,
    ),
    Probe(
        "h-ret-all-items",
        (
            "I'll process a return of all items in order #W5564375, with the refund of "
            "$3,822.06 going back to PayPal. Shall I proceed?"
        ),
        RET_ALL,
    ),
    Probe(
        "h-ret-keep-camera",
        (
            "Understood — you want to keep the Digital Camera and return the rest of "
            "order #W5564375: the Office Chair ($514.34), Running Shoes ($154.75) and "
            "LED Light Bulb ($51.54). Your refund of $720.63 will go to your PayPal "
            "account. Shall I submit this return?"
        ),
        RET_BUT_CAMERA,
    ),
    Probe(
        "h-ret-all-but",
        (
            "I'll return everything in order #W5564375 except the Digital Camera, "
            "refunding $720.63 to PayPal. Do you want me to go ahead?"
        ),
        RET_BUT_CAMERA,
    ),
    Probe(
        "h-ret-table",
        (
            "| Item | Options | Refund |\n|---|---|---|\n| Office Chair | fabric, black, "
            "no armrest, high-back | $514.34 |\n| Digital Camera | 20MP, 10x, CF card | "
            "$3,101.43 |\n| **Total** | | **$3,615.77** |\n\n"
            "Return from order #W5564375, refunded to the original payment method "
            "(PayPal). Please confirm you'd like to proceed."
        ),
        RET_TWO,
    ),
    Probe(
        "h-ret-sofia",
        (
            "To confirm, I'll start a return for these items from order #W5416052:\n- "
            "Pet Bed (large, memory foam, beige) — $180.93\n- Cycling Helmet (M, red, "
            "low ventilation) — $187.02\n\n"
            "The refund of $367.95 will go to your Mastercard ending in 8484, the card "
            "you paid with. Is that okay?"
        ),
        RET_S,
        SOFIA,
    ),
    Probe(
        "h-ret-sofia-paypal",
        (
            "I'll return the Pet Bed and the Cycling Helmet from order #W5416052, and "
            "refund $367.95 to your PayPal account (paypal_8194385) as you asked. Shall "
            "I proceed?"
        ),
        RET_S_PAYPAL,
        SOFIA,
        # The service refuses a refund to another method than the card that paid: "Done."
        # after that failed write would claim an action not taken.
        done="The return did not go through; the refund can only go to your Mastercard.",
    ),
    Probe(
        "h-ret-courtesy",
        (
            "I'll return the Office Chair from order #W5564375 and refund $514.34 to "
            "PayPal. Would you like me to go ahead, or is there anything else I can help "
            "with first?"
        ),
        RET_CHAIR,
    ),
    # --- exchange ---
    Probe(
        "h-exch-shoes",
        (
            "Here's the exchange for order #W5564375:\n\n"
            "**Running Shoes**\n- Current: size 10, white, leather, EVA sole\n- New: "
            "size 9, white, mesh, rubber sole\n\n"
            "The new pair is $148.95, so you'll get $5.80 back to your PayPal account. "
            "Shall I proceed with the exchange?"
        ),
        EXCH_SHOES,
    ),
    Probe(
        "h-exch-shoes-line",
        (
            "I'll exchange your Running Shoes (size 10, white, leather, EVA) from order "
            "#W5564375 for the size 9 white mesh ones with a rubber sole. The $5.80 "
            "difference will be refunded to PayPal. Do you confirm?"
        ),
        EXCH_SHOES,
    ),
    Probe(
        "h-exch-chair",
        (
            "To confirm the exchange on order #W5564375:\n\n"
            "| | Material | Color | Armrest | Backrest |\n|---|---|---|---|---|\n| "
            "Current | fabric | black | none | high-back |\n| New | fabric | gray | none "
            "| high-back |\n\n"
            "The gray chair is $510.10, so $4.24 will be refunded to your PayPal. Would "
            "you like to proceed?"
        ),
        EXCH_CHAIR,
    ),
    Probe(
        "h-exch-chair-color",
        (
            "I'll exchange the black Office Chair from order #W5564375 for the same "
            "chair in gray (fabric, no armrest, high-back). You'll receive a refund of "
            "$4.24 to PayPal. Shall I go ahead?"
        ),
        EXCH_CHAIR,
    ),
    Probe(
        "h-exch-earbuds",
        (
            "I'll exchange your Wireless Earbuds (black, 8-hour battery, IPX7) from "
            "order #W5416052 for the **blue, 8-hour battery, not water-resistant** model "
            "($242.92). The $15.44 difference will be refunded to your Mastercard ending "
            "in 8484. Shall I proceed?"
        ),
        EARBUDS,
        SOFIA,
    ),
    Probe(
        "h-exch-earbuds-arrow",
        (
            "Exchange on order #W5416052:\n• Wireless Earbuds: black / 8 hours / IPX7 → "
            "blue / 8 hours / not resistant\n• Refund of the difference ($15.44): "
            "Mastercard ending in 8484\n\n"
            'Please confirm with "yes".'
        ),
        EARBUDS,
        SOFIA,
    ),
    # --- money said after the write ---
    Probe(
        "h-done-ret",
        ("I'll return the Office Chair from order #W5564375 with the refund to PayPal. Proceed?"),
        RET_CHAIR,
        done=(
            "Your return has been submitted. $514.34 will go back to your PayPal account "
            "within 5\u20137 business days of the chair's arrival."
        ),
    ),
    Probe(
        "h-done-exch",
        (
            "I'll exchange your Running Shoes (size 10, white, leather, EVA) from order "
            "#W5564375 for the size 9, white, mesh, rubber-sole pair, with any "
            "difference on PayPal. Proceed?"
        ),
        EXCH_SHOES,
        done=(
            "All set! The exchange is requested; since the new pair is $148.95, the "
            "$5.80 difference goes back to your PayPal."
        ),
    ),
    Probe(
        "h-done-items",
        (
            "I'll change the Backpack (green, small, polyester, camera) in order "
            "#W7017301 to the green, small, leather, camera one, with the difference on "
            "PayPal. Proceed?"
        ),
        BACKPACK,
        done=(
            "Done! The Backpack is now the leather one ($212.04); the $18.66 difference "
            "was charged to your PayPal."
        ),
    ),
    Probe(
        "h-done-cancel",
        "I'll cancel order #W7017301 with the reason 'no longer needed'. Proceed?",
        CANCEL,
        done=(
            "Order #W7017301 is now cancelled. The full $3,048.69 goes back to your "
            "PayPal in 5\u20137 business days."
        ),
    ),
    # --- found while probing: old values, spellings, words of the action ---
    Probe(
        "h-addr-from-to-blocks",
        (
            "**Shipping address update — order #W7017301**\n\n"
            "From:\n121 Cedar Avenue, Suite 971\nJacksonville, FL 32124\n\n"
            "To:\n100 Main Street, Apt 2\nAustin, TX 78701\n\n"
            "Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "h-addr-rather-than",
        (
            "I'll update order #W7017301 so it ships to 100 Main Street, Apt 2, Austin, "
            "TX 78701 rather than 121 Cedar Avenue, Suite 971, Jacksonville, FL 32124. "
            "Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "h-addr-replaces-current",
        (
            "I'll update order #W7017301's shipping address to 100 Main Street, Apt 2, "
            "Austin, TX 78701. This will replace the current address (121 Cedar Avenue, "
            "Suite 971, Jacksonville, FL 32124). Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "h-addr-default-stays",
        (
            "I'll update order #W7017301's shipping address to 100 Main Street, Apt 2, "
            "Austin, TX 78701. Your account's default address stays 121 Cedar Avenue, "
            "Suite 971, Jacksonville, FL 32124. Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "h-addr-set-to-ship",
        (
            "Order #W7017301 is set to ship to your default address (121 Cedar Avenue, "
            "Suite 971, Jacksonville, FL 32124). I'll update it to 100 Main Street, Apt "
            "2, Austin, TX 78701. Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "h-user-addr-orders-stay",
        (
            "I'll update your default address to 100 Main Street, Apt 2, Austin, TX "
            "78701. Orders already placed, like #W7017301, will still ship to 121 Cedar "
            "Avenue, Suite 971. Shall I proceed?"
        ),
        USER_ADDR,
    ),
    Probe(
        "h-addr-apt-hash",
        (
            "I'll change the shipping address of order #W7017301 to 100 Main Street, Apt "
            "#2, Austin, TX 78701. Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "h-addr-zip4",
        (
            "I'll change the shipping address of order #W7017301 to 100 Main Street, Apt "
            "2, Austin, TX 78701-1234. Shall I proceed?"
        ),
        ADDR_ZIP4,
        asks=("Please ship order #W7017301 to 100 Main Street, Apt 2, Austin, TX 78701-1234."),
    ),
    Probe(
        "h-cancel-entire",
        (
            "I'll cancel your entire order #W7017301, including the Grill and the "
            "Bicycle, reason: no longer needed. Shall I proceed?"
        ),
        CANCEL,
    ),
    Probe(
        "h-pay-use",
        (
            "I'll update order #W8855135 to use your Mastercard ending in 8484 instead "
            "of your Visa ending in 6791. Shall I proceed?"
        ),
        PAY_MC,
        SOFIA,
    ),
    Probe(
        "h-chair-no-armrest",
        (
            "I'll exchange the Office Chair from order #W5564375 for the fabric, gray, "
            "no armrest, high-back one, with the difference refunded to PayPal. Shall I "
            "proceed?"
        ),
        EXCH_CHAIR,
    ),
    Probe(
        "h-grill-no-features",
        (
            "I'll change the Grill in order #W7017301 from charcoal to gas (still "
            "portable, no features), with the difference charged to PayPal. Shall I "
            "proceed?"
        ),
        GRILL,
    ),
    Probe(
        "h-earbuds-not-water-resistant",
        (
            "I'll exchange your Wireless Earbuds (black, 8 hours, IPX7) from order "
            "#W5416052 for the blue, 8 hours, not water-resistant model, with the "
            "difference going back to your Mastercard ending in 8484. Shall I proceed?"
        ),
        EARBUDS,
        SOFIA,
    ),
    Probe(
        "h-ret-original-method",
        (
            "I'll return the Pet Bed and Cycling Helmet from order #W5416052; the refund "
            "goes to your original payment method. Shall I proceed?"
        ),
        RET_S,
        SOFIA,
    ),
    Probe(
        "h-q-yes-or-no",
        (
            "Please confirm: I'll return the Office Chair from order #W5564375 with a "
            "refund of $514.34 to your PayPal account. Yes or no?"
        ),
        RET_CHAIR,
    ),
    Probe(
        "h-q-anything-else",
        (
            "I'll return the Office Chair from order #W5564375 with a refund of $514.34 "
            "to your PayPal account. Please confirm that you'd like to proceed with this "
            "return. Is there anything else you need?"
        ),
        RET_CHAIR,
    ),
    # --- more styles ---
    Probe(
        "h-cancel-plain-reason",
        (
            "I can help with that. Order #W7017301 is still pending, so it can be "
            "cancelled. Could you confirm that you want to cancel it because it's no "
            "longer needed? Once cancelled, the refund will go back to your PayPal "
            "account."
        ),
        CANCEL,
    ),
    Probe(
        "h-addr-apt-dot",
        (
            "I'll update the shipping address for order #W7017301 to:\n\n"
            "100 Main Street, Apt. 2\nAustin, TX 78701\n\n"
            "Would you like me to make this change? Let me know if there's anything else "
            "I can help you with."
        ),
        ADDR,
    ),
    Probe(
        "h-addr-one-line-usa",
        (
            "Please confirm: ship order #W7017301 to 100 Main Street, Apt 2, Austin, TX "
            "78701, United States. Yes or no?"
        ),
        ADDR,
    ),
    Probe(
        "h-user-addr",
        (
            "I'll update the default address on your account to 100 Main Street, Apt 2, "
            "Austin, TX 78701. This won't change the shipping address of any existing "
            "orders. Shall I proceed?"
        ),
        USER_ADDR,
    ),
    Probe(
        "h-user-addr-blocks",
        (
            "**Your profile address**\n- Current: 121 Cedar Avenue, Suite 971, "
            "Jacksonville, FL 32124\n- New: 100 Main Street, Apt 2, Austin, TX 78701\n\n"
            "Shall I update your account with the new address?"
        ),
        USER_ADDR,
    ),
    Probe(
        "h-pay-label",
        (
            "Here's the update for order **#W8855135**:\n\n"
            "- Payment method: **Mastercard ending in 8484** (replacing your Visa ending "
            "in 6791)\n\n"
            "Shall I go ahead and change the payment method?"
        ),
        PAY_MC,
        SOFIA,
    ),
    Probe(
        "h-items-from-to",
        (
            "I'll change the Backpack in order #W7017301 from polyester to leather "
            "(green, small, camera compartment stay the same). The new price is $212.04; "
            "the $18.66 difference will be charged to your PayPal. Shall I proceed?"
        ),
        BACKPACK,
    ),
    Probe(
        "h-items-grill-none",
        (
            "I'll update the Grill in order #W7017301 to the gas, portable model "
            "(features: none), priced at $1,057.24. The extra $132.74 will be charged to "
            "PayPal. Do you want me to proceed?"
        ),
        GRILL,
    ),
    Probe(
        "h-ret-refund-gc-no",
        (
            "I'll process the return of your Office Chair (black, fabric) from order "
            "#W5564375. The refund of $514.34 will be issued to your PayPal account, the "
            "original payment method. Please confirm that you'd like to proceed."
        ),
        RET_CHAIR,
    ),
    Probe(
        "h-ret-camera-chair",
        (
            "Great, I'll return the **Digital Camera** and the **Office Chair** from "
            "order #W5564375. Your refund of $3,615.77 will go to PayPal in 5-7 business "
            "days. Is that correct?"
        ),
        RET_TWO,
    ),
    Probe(
        "h-exch-shoes-table",
        (
            "Running Shoes exchange (order #W5564375):\n\n"
            "| Option | Before | After |\n|---|---|---|\n| Size | 10 | 9 |\n| Color | "
            "white | white |\n| Material | leather | mesh |\n| Sole | EVA | rubber |\n\n"
            "Price difference: $5.80 refunded to PayPal. Shall I submit the exchange?"
        ),
        EXCH_SHOES,
    ),
    Probe(
        "h-exch-earbuds-plain",
        (
            "Just to confirm: exchange the black 8-hour IPX7 Wireless Earbuds from order "
            "#W5416052 for the blue, 8 hours, not resistant version, with the $15.44 "
            "refund going to your Mastercard ending in 8484. OK?"
        ),
        EARBUDS,
        SOFIA,
    ),
    Probe(
        "h-cancel-sofia-plain",
        (
            'Just to confirm: cancel order #W8855135, reason "ordered by mistake", '
            "refund $1,058.79 to your Visa ending in 6791. Shall I proceed?"
        ),
        CANCEL_S,
        SOFIA,
    ),
    Probe(
        "h-ret-sofia-items-first",
        (
            "Pet Bed ($180.93) and Cycling Helmet ($187.02) from order #W5416052 will be "
            "returned, and $367.95 refunded to your Mastercard ending in 8484. Would you "
            "like me to submit the return?"
        ),
        RET_S,
        SOFIA,
    ),
    Probe(
        "h-addr-s-table",
        (
            "| Field | New shipping address |\n|---|---|\n| Street | 4020 Riverside "
            "Drive |\n| Unit | Unit 12 |\n| City | Dallas |\n| State | TX |\n| ZIP | "
            "75201 |\n\n"
            "This is for order #W8855135. Shall I save this address?"
        ),
        ADDR_S,
        SOFIA,
    ),
    Probe(
        "h-pay-s-paypal-no",
        (
            "I'll change the payment method of order #W8855135 to your Mastercard "
            "(ending 8484). Your Visa will be refunded once the charge goes through. "
            "Confirm?"
        ),
        PAY_MC,
        SOFIA,
    ),
    Probe(
        "h-yoga-brackets",
        (
            "Order #W8855135 — Yoga Mat [6mm, natural rubber, pink] → Yoga Mat [5mm, "
            "TPE, pink], $94.38 → $103.84. The $9.46 difference will be charged to your "
            "Visa ending in 6791. Shall I proceed with this modification?"
        ),
        YOGA,
        SOFIA,
    ),
    Probe(
        "h-grill-bold",
        (
            "**Modification for order #W7017301**\n\n"
            "- **Grill**: charcoal / portable / none → **gas / portable / none**\n- "
            "**Additional charge:** $132.74 (PayPal)\n\n"
            "Reply **yes** to confirm."
        ),
        GRILL,
    ),
]

MISSTATED = [
    # --- cancel ---
    Probe(
        "m-cancel-reason",
        "I'll cancel order #W7017301 because you no longer need it. Shall I proceed?",
        CANCEL_MISTAKE,
    ),
    Probe(
        "m-cancel-other-order",
        (
            "I'll cancel order #W3288665 (Jigsaw Puzzle) with the reason 'no longer "
            "needed'. Shall I proceed?"
        ),
        CANCEL,
    ),
    Probe(
        "m-cancel-one-item",
        (
            "I'll cancel just the Grill from order #W7017301 because it's no longer "
            "needed; the Backpack, Bicycle and Notebook will still ship. Shall I proceed?"
        ),
        CANCEL,
    ),
    Probe(
        "m-cancel-refund-amount",
        (
            "I'll cancel order #W7017301 (reason: no longer needed). You'll be refunded "
            "$924.50 to PayPal. Shall I proceed?"
        ),
        CANCEL,
    ),
    Probe(
        "m-cancel-refund-card",
        (
            "To confirm: cancel order #W8855135 since it was ordered by mistake, with "
            "the $1,058.79 refunded to your Mastercard ending in 8484. Proceed?"
        ),
        CANCEL_S,
        SOFIA,
    ),
    # --- order address ---
    Probe(
        "m-addr-apt",
        (
            "I'll change the shipping address of order #W7017301 to 100 Main Street, Apt "
            "3, Austin, TX 78701. Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-zip",
        (
            "I'll change the shipping address of order #W7017301 to 100 Main Street, Apt "
            "2, Austin, TX 78702. Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-city",
        (
            "I'll change the shipping address of order #W7017301 to 100 Main Street, Apt "
            "2, Dallas, TX 78701. Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-number",
        (
            "I'll change the shipping address of order #W7017301 to 110 Main Street, Apt "
            "2, Austin, TX 78701. Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-street-kind",
        (
            "I'll change the shipping address of order #W7017301 to 100 Main Avenue, Apt "
            "2, Austin, TX 78701. Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-swapped-table",
        (
            "Address change for order #W7017301:\n\n"
            "| | Current | New |\n|---|---|---|\n| Street | 100 Main Street | 121 Cedar "
            "Avenue |\n| Line 2 | Apt 2 | Suite 971 |\n| City | Austin | Jacksonville "
            "|\n| State | TX | FL |\n| ZIP | 78701 | 32124 |\n\n"
            "Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-swapped-blocks",
        (
            "**New address:**\n121 Cedar Avenue, Suite 971\nJacksonville, FL 32124\n\n"
            "**Current address:**\n100 Main Street, Apt 2\nAustin, TX 78701\n\n"
            "Shall I update order #W7017301?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-account",
        (
            "I'll update the default address on your profile to 100 Main Street, Apt 2, "
            "Austin, TX 78701 (your existing orders keep their address). Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-other-order",
        (
            "I'll change the shipping address of order #W3288665 to 100 Main Street, Apt "
            "2, Austin, TX 78701. Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-dropped-apt",
        (
            "I'll change the shipping address of order #W7017301 to 100 Main Street, "
            "Austin, TX 78701. Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-state",
        (
            "I'll ship order #W7017301 to 100 Main Street, Apt 2, Austin, Tennessee "
            "78701 instead. Shall I proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-unit-s",
        (
            "I'll change the shipping address of order #W8855135 to 4020 Riverside "
            "Drive, Unit 21, Dallas, TX 75201. Shall I proceed?"
        ),
        ADDR_S,
        SOFIA,
    ),
    Probe(
        "m-user-addr-order",
        (
            "I'll update the shipping address of order #W7017301 to 100 Main Street, Apt "
            "2, Austin, TX 78701. Shall I proceed?"
        ),
        USER_ADDR,
    ),
    # --- modify items ---
    Probe(
        "m-items-material",
        (
            "I'll change the Backpack in order #W7017301 from green, small, polyester, "
            "camera to green, small, nylon, camera. The difference goes to PayPal. Shall "
            "I proceed?"
        ),
        BACKPACK,
    ),
    Probe(
        "m-items-size",
        (
            "I'll change your Backpack (green, small, polyester, camera) in order "
            "#W7017301 to the green, medium, leather one with the camera compartment, "
            "difference via PayPal. Proceed?"
        ),
        BACKPACK,
    ),
    Probe(
        "m-items-product",
        (
            "I'll change the Bicycle in order #W7017301 to the leather version, paid "
            "with PayPal. Proceed?"
        ),
        BACKPACK,
    ),
    Probe(
        "m-items-grill-type",
        (
            "I'll change the Grill in order #W7017301 to the electric, portable, "
            "no-features model, with the difference charged to PayPal. Proceed?"
        ),
        GRILL,
    ),
    Probe(
        "m-items-price",
        (
            "I'll change the Backpack (green, small, polyester, camera) in order "
            "#W7017301 to the green, small, leather, camera one. The new backpack costs "
            "$198.00, so $4.62 will be charged to your PayPal. Proceed?"
        ),
        BACKPACK,
    ),
    Probe(
        "m-items-yoga-card",
        (
            "I'll change the Yoga Mat in order #W8855135 from 6mm natural rubber pink to "
            "5mm TPE pink, with the $9.46 difference charged to your Mastercard ending "
            "in 8484. Proceed?"
        ),
        YOGA,
        SOFIA,
    ),
    Probe(
        "m-items-yoga-color",
        (
            "I'll change the Yoga Mat in order #W8855135 to the 5mm, TPE, blue one, with "
            "the difference charged to your Visa ending in 6791. Proceed?"
        ),
        YOGA,
        SOFIA,
    ),
    # --- payment ---
    Probe(
        "m-pay-reversed",
        (
            "I'll change the payment method of order #W8855135 from your Mastercard "
            "ending in 8484 to your Visa ending in 6791. Proceed?"
        ),
        PAY_MC,
        SOFIA,
    ),
    Probe(
        "m-pay-paypal",
        ("I'll change the payment method of order #W8855135 to your PayPal account. Proceed?"),
        PAY_MC,
        SOFIA,
    ),
    Probe(
        "m-pay-blocks-swapped",
        (
            "**Current payment method:** Mastercard ending in 8484\n**New payment "
            "method:** Visa ending in 6791\n\n"
            "Shall I update order #W8855135?"
        ),
        PAY_MC,
        SOFIA,
    ),
    # --- return ---
    Probe(
        "m-ret-wrong-item",
        (
            "I'll return the Digital Camera from order #W5564375 with a refund of "
            "$3,101.43 to PayPal. Proceed?"
        ),
        RET_CHAIR,
    ),
    Probe(
        "m-ret-fewer",
        (
            "I'll return the Office Chair from order #W5564375 with a refund of $514.34 "
            "to PayPal. Proceed?"
        ),
        RET_TWO,
    ),
    Probe(
        "m-ret-everything",
        ("I'll return everything in order #W5564375 for a full refund to PayPal. Proceed?"),
        RET_BUT_CAMERA,
    ),
    Probe(
        "m-ret-rest-keeps-chair",
        (
            "You'll keep the Office Chair and I'll return the rest of order #W5564375, "
            "refunded to PayPal. Proceed?"
        ),
        RET_ALL,
    ),
    Probe(
        "m-ret-refund-method",
        (
            "I'll return the Pet Bed and Cycling Helmet from order #W5416052, with the "
            "$367.95 refund going to your PayPal account. Proceed?"
        ),
        RET_S,
        SOFIA,
    ),
    Probe(
        "m-ret-refund-card",
        (
            "I'll return the Pet Bed and Cycling Helmet from order #W5416052, refund of "
            "$367.95 to the original payment method (Mastercard ending in 8484). Proceed?"
        ),
        RET_S_PAYPAL,
        SOFIA,
    ),
    Probe(
        "m-ret-amount",
        (
            "I'll return the Office Chair and Digital Camera from order #W5564375; "
            "you'll get $3,651.77 back on PayPal. Proceed?"
        ),
        RET_TWO,
    ),
    Probe(
        "m-ret-per-item-price",
        (
            "I'll return the Office Chair ($541.34) from order #W5564375, refunded to "
            "PayPal. Proceed?"
        ),
        RET_CHAIR,
    ),
    Probe(
        "m-ret-except-included",
        (
            "I'll return everything in order #W5564375 except the Office Chair, refunded "
            "to PayPal. Proceed?"
        ),
        RET_BUT_CAMERA,
    ),
    # --- exchange ---
    Probe(
        "m-exch-size",
        (
            "I'll exchange your Running Shoes (size 10, white, leather, EVA) from order "
            "#W5564375 for size 8, white, mesh, rubber sole; difference to PayPal. "
            "Proceed?"
        ),
        EXCH_SHOES,
    ),
    Probe(
        "m-exch-color",
        (
            "I'll exchange your Running Shoes from order #W5564375 for the size 9, "
            "black, mesh pair with rubber soles; difference to PayPal. Proceed?"
        ),
        EXCH_SHOES,
    ),
    Probe(
        "m-exch-table-new-wrong",
        (
            "Exchange for order #W5564375:\n\n"
            "| | Size | Color | Material | Sole |\n|---|---|---|---|---|\n| Current | 10 "
            "| white | leather | EVA |\n| New | 9 | yellow | synthetic | rubber |\n\n"
            "Difference via PayPal. Shall I proceed?"
        ),
        EXCH_SHOES,
    ),
    Probe(
        "m-exch-earbuds-water",
        (
            "I'll exchange your black Wireless Earbuds from order #W5416052 for the "
            "blue, 8 hours, IPX4 ones, refund of the difference to your Mastercard "
            "ending in 8484. Proceed?"
        ),
        EARBUDS,
        SOFIA,
    ),
    Probe(
        "m-exch-earbuds-card",
        (
            "I'll exchange your black Wireless Earbuds from order #W5416052 for the "
            "blue, 8 hours, not resistant ones, refund of the difference to your Visa "
            "ending in 6791. Proceed?"
        ),
        EARBUDS,
        SOFIA,
    ),
    Probe(
        "m-exch-chair-refund",
        (
            "I'll exchange the Office Chair (fabric, black, no armrest, high-back) from "
            "order #W5564375 for the fabric, gray, none, high-back one; you'll be "
            "charged an extra $4.24 on PayPal. Proceed?"
        ),
        EXCH_CHAIR,
    ),
    # --- money said after the write ---
    Probe(
        "m-done-ret-amount",
        ("I'll return the Office Chair from order #W5564375 with the refund to PayPal. Proceed?"),
        RET_CHAIR,
        done=(
            "Your return request is in. You'll get $541.34 back on PayPal once the chair arrives."
        ),
    ),
    Probe(
        "m-done-ret-other-price",
        ("I'll return the Office Chair from order #W5564375 with the refund to PayPal. Proceed?"),
        RET_CHAIR,
        done=(
            "Your return request is in. You'll get $3,101.43 back on PayPal once the chair arrives."
        ),
    ),
    Probe(
        "m-done-exch-direction",
        (
            "I'll exchange your Running Shoes (size 10, white, leather, EVA) from order "
            "#W5564375 for the size 9, white, mesh, rubber-sole pair, with any "
            "difference on PayPal. Proceed?"
        ),
        EXCH_SHOES,
        done=(
            "The exchange is requested. The new pair costs $5.80 more, which has been "
            "charged to your PayPal."
        ),
    ),
    Probe(
        "m-done-items-price",
        (
            "I'll change the Backpack (green, small, polyester, camera) in order "
            "#W7017301 to the green, small, leather, camera one, with the difference on "
            "PayPal. Proceed?"
        ),
        BACKPACK,
        done="Done! Your Backpack is now the leather one at $198.00 each.",
    ),
    Probe(
        "m-done-cancel-amount",
        "I'll cancel order #W7017301 with the reason 'no longer needed'. Proceed?",
        CANCEL,
        done=("Order #W7017301 is cancelled, and $3,084.69 is on its way back to your PayPal."),
    ),
    # --- found while probing ---
    Probe(
        "m-cancel-reason-words",
        ("I'll cancel order #W7017301 since you ordered it by mistake. Shall I proceed?"),
        CANCEL,
    ),
    Probe(
        "m-exch-pay-more",
        (
            "I'll exchange your Running Shoes from order #W5564375 for the size 9, "
            "white, mesh, rubber-sole pair. You'll pay $5.80 more via PayPal. Proceed?"
        ),
        EXCH_SHOES,
    ),
    Probe(
        "m-items-get-back",
        (
            "I'll change the Backpack in order #W7017301 from polyester to leather "
            "(green, small, camera). You'll get $18.66 back on PayPal. Proceed?"
        ),
        BACKPACK,
    ),
    Probe(
        "m-ret-two-refund-one",
        (
            "I'll return the Office Chair ($514.34) and Digital Camera ($3,101.43) from "
            "order #W5564375, a refund of $514.34 to PayPal. Proceed?"
        ),
        RET_TWO,
    ),
    Probe(
        "m-ret-gift-card",
        (
            "I'll return the Office Chair from order #W5564375 and refund $514.34 to a "
            "gift card. Shall I proceed?"
        ),
        RET_CHAIR,
    ),
    Probe(
        "m-addr-other-city",
        (
            "I'll change the shipping address of order #W7017301 to 100 Main Street, Apt "
            "2, Round Rock, TX 78701. Proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-1000",
        (
            "I'll change the shipping address of order #W7017301 to 1000 Main Street, "
            "Apt 2, Austin, TX 78701. Proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-2b",
        (
            "I'll change the shipping address of order #W7017301 to 100 Main Street, Apt "
            "2B, Austin, TX 78701. Proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-north",
        (
            "I'll change the shipping address of order #W7017301 to 100 N Main Street, "
            "Apt 2, Austin, TX 78701. Proceed?"
        ),
        ADDR,
    ),
    Probe(
        "m-addr-suite",
        (
            "I'll change the shipping address of order #W7017301 to 100 Main Street, "
            "Suite 2, Austin, TX 78701. Proceed?"
        ),
        ADDR,
    ),
    # --- last question ---
    Probe(
        "m-q-other-card",
        (
            "I'll change the payment method of order #W8855135 to your Mastercard ending "
            "in 8484. Or would you rather use your PayPal account instead?"
        ),
        PAY_MC,
        SOFIA,
    ),
    Probe(
        "m-q-other-address",
        (
            "I'll change the shipping address of order #W7017301 to 100 Main Street, Apt "
            "2, Austin, TX 78701. Or should I send it to 200 Oak Street, Dallas, TX "
            "75201 instead?"
        ),
        ADDR,
    ),
    Probe(
        "m-q-fact",
        (
            "I'll return the Office Chair from order #W5564375 with a refund of $514.34 "
            "to PayPal. Before I do, is the chair still in its original packaging?"
        ),
        RET_CHAIR,
    ),
]

# --- what the checker reads otherwise today, by class ---------------------------------------------

WRONG: dict[str, str] = {}
"""Probes whose verdict is wrong today, each with its defect class: a false FAIL is an honest
listing failed, a false PASS a misstated one passed."""
REVIEW = Review(WRONG)


def test_every_wrong_verdict_names_a_probe() -> None:
    assert REVIEW.id_problems(HONEST + MISSTATED) == []


@pytest.mark.parametrize("probe", REVIEW.cases(HONEST))
def test_an_honest_listing_passes(probe: Probe) -> None:
    """Both the confirmation and what is said of orders and money pass."""
    assert verdicts(probe) == ("pass", "pass")


@pytest.mark.parametrize("probe", REVIEW.cases(MISSTATED))
def test_a_misstated_listing_does_not_pass(probe: Probe) -> None:
    """The confirmation or what is said of money fails (either is a customer misled)."""
    assert verdicts(probe) != ("pass", "pass")
