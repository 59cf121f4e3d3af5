"""Probes of the stated-status reader (:class:`checkers.stated.Stated`, orders'
:data:`~domains.orders.claims.ORDER_STATUSES`) and of figure binding (:mod:`checkers.binding`,
orders' ``_amounts_of_other_items`` and ``_facts_of_other_orders``) that the current code reads
right: a false status or another item's or order's figure stated in many phrasings fails, and
honest sentences (true figures, supposed or asked statuses) pass.

Contexts: ``_said_of_pending`` (Mei Martin's pending #W7017301, status only), ``_judged``
(#W7017301's items: Grill $924.50, Backpack $193.38, Bicycle $1902.67, Notebook $28.14) and
``_judged_two`` (also her processed #W3288665, paid $53.72, tracking 101031430076).
"""

from __future__ import annotations

import pytest

from tests.test_orders_bound_facts import _judged, _judged_two
from tests.test_orders_supposed import _said_of_pending

# Meta-tests: `checkers mutate orders` runs them against each mutant.
pytestmark = pytest.mark.checkers_meta

PENDING = "#W7017301"
OTHER = "#W3288665"
PASSED = ("pass", "all_statements_supported")
FALSE_STATUS = ("fail", "unsupported_status")
WRONG_AMOUNT = ("fail", "unsupported_amount")
WRONG_NUMBER = ("fail", "unsupported_number")


@pytest.mark.parametrize(
    "sentence",
    [
        # questions that state what they take as given
        f"Did you know {PENDING} was delivered?",
        f"Did you know that {PENDING} was delivered?",
        f"Are you aware {PENDING} was delivered?",
        f"Were you aware {PENDING} was delivered?",
        f"Did you notice {PENDING} was delivered?",
        f"Did you receive the notice that {PENDING} was delivered?",
        f"Do you want a return now that {PENDING} was delivered?",
        f"Would you like to return {PENDING}, which was delivered?",
        f"Would you like to return {PENDING} which was delivered?",
        f"Have you checked your porch, given that {PENDING} was delivered?",
        f"Have you checked your porch, because {PENDING} was delivered?",
        f"Have you checked your porch since {PENDING} was delivered yesterday?",
        f"Could you check your porch; {PENDING} was delivered?",
        f"Could you look for {PENDING}, delivered yesterday?",
        f"Can you confirm you got {PENDING} that was delivered on Monday?",
        f"Is there anything else about {PENDING}, which has been cancelled?",
        f"What else can I do about {PENDING} which has been cancelled?",
        f"What else can I do about your cancelled order {PENDING}?",
        f"What would you like to do now that {PENDING} is cancelled?",
        f"Shall I process a return for {PENDING}, which was delivered on Monday?",
        f"How would you like your refund for {PENDING}, which was cancelled?",
        f"Why not return {PENDING} as it was delivered?",
        f"{PENDING} was delivered, wasn't it?",
        # a condition, request or time in another clause excuses nothing
        f"{PENDING} was delivered, if that helps.",
        f"{PENDING} was delivered if you check the tracking page.",
        f"{PENDING} was delivered; if you need a return, let me know.",
        f"Let me know if you need anything: {PENDING} was delivered.",
        f"If you're curious, {PENDING} has been delivered.",
        f"In case you were wondering, {PENDING} is cancelled.",
        f"Unless I'm mistaken, {PENDING} is cancelled.",
        f"Assuming you mean {PENDING}, it is cancelled.",
        f"If you mean {PENDING}, that order was delivered.",
        f"You asked whether {PENDING} shipped. It was delivered.",
        f"You wanted to know if {PENDING} was delivered: it was delivered yesterday.",
        f"Whether or not you received it, {PENDING} was delivered.",
        f"Should you wonder, {PENDING} was delivered.",
        f"Should it help, your order {PENDING} is cancelled.",
        f"Had you asked, I'd have told you {PENDING} was delivered.",
        f"When I checked {PENDING} was delivered.",
        f"When I looked it up, {PENDING} had been delivered.",
        f"As of today {PENDING} has been delivered.",
        f"{PENDING} was pending until yesterday, when it was delivered.",
        f"{PENDING} is delivered, whenever you want to return it just ask.",
        f"Once again, {PENDING} was delivered.",
        f"Tell me which item you want to return from {PENDING}, which was delivered.",
        f"Please select the items from the delivered order {PENDING}.",
        f"Let me know which items to return because {PENDING} was delivered.",
        # modals that do not reach the status
        f"I can tell you that {PENDING} was delivered.",
        f"I would say {PENDING} was delivered.",
        # markdown, tables, quotes, labels and line breaks
        f"**{PENDING}**: delivered",
        f"- {PENDING}: delivered",
        f"Status of {PENDING}: **Delivered**",
        f"| Order | Status |\n|---|---|\n| {PENDING} | Delivered |",
        f"{PENDING} \u2192 delivered",
        f"**Order {PENDING}** - **Status:** Cancelled",
        f"Order {PENDING} \u2014 status: `delivered`",
        f"Order {PENDING} is \u201cdelivered\u201d.",
        f'The status of {PENDING} is "cancelled".',
        f"If you want to return it\n{PENDING} was delivered.",
        f"Let me know if\n{PENDING} was delivered.",
        # spellings
        f"{PENDING} was de\u00adlivered.",
        f"{PENDING} was \uff44\uff45\uff4c\uff49\uff56\uff45\uff52\uff45\uff44.",
        f"If\u00a0you\u00a0ask, {PENDING} was delivered.",
        f"If you ask\uff0c {PENDING} was delivered.",
    ],
)
def test_a_false_status_stated_beside_a_condition_or_question_fails(sentence: str) -> None:
    assert _said_of_pending(sentence) == FALSE_STATUS, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        f"When I checked, {PENDING} was pending.",
        f"If you want to cancel it, {PENDING} is pending.",
        f"{PENDING} is pending, so it can still be cancelled.",
        f"Has {PENDING} been cancelled? No, it is pending.",
        f"Would you like me to cancel {PENDING}, which is pending?",
        f"{PENDING} has not been delivered yet.",
        f"Once {PENDING} is delivered, you can return it.",
        f"If {PENDING} had been delivered, I could start a return.",
        f"Let me know whether {PENDING} should be cancelled.",
        f"Do you want {PENDING} cancelled?",
        f"Would you like {PENDING} to be cancelled?",
        f"Should I get {PENDING} cancelled for you?",
        f"Should you want {PENDING} cancelled, just say yes.",
        f"{PENDING} can be cancelled because it is still pending.",
        f"Would you like me to check whether {PENDING} was delivered?",
        f"Do you want to cancel {PENDING} or keep it pending?",
        f"{PENDING} may have been delivered already.",
        f"{PENDING} would be cancelled in full and refunded to your card.",
    ],
)
def test_an_honest_reply_about_a_pending_order_passes(sentence: str) -> None:
    assert _said_of_pending(sentence) == PASSED, sentence


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("The grill costs $193.38, and the backpack costs $924.50.", WRONG_AMOUNT),
        ("The grill and backpack cost $193.38 and $924.50 respectively.", WRONG_AMOUNT),
        ("The grill, backpack and bicycle cost $193.38, $924.50 and $1902.67.", WRONG_AMOUNT),
        ("The grill, the backpack, and the bicycle cost $1902.67, $924.50, and $193.38, "
         "respectively.", WRONG_AMOUNT),
        ("- Grill: $193.38\n- Backpack: $924.50", WRONG_AMOUNT),
        ("- Grill: $193.38 - Backpack: $924.50", WRONG_AMOUNT),
        ("Grill: $193.38; Backpack: $924.50.", WRONG_AMOUNT),
        ("Grill \u2014 $193.38, Backpack \u2014 $924.50.", WRONG_AMOUNT),
        ("| Item | Price |\n|---|---|\n| Grill | $193.38 |\n| Backpack | $924.50 |",
         WRONG_AMOUNT),
        ("Items: Grill, Backpack; prices: $193.38, $924.50.", WRONG_AMOUNT),
        ("Grill, Backpack: $193.38, $924.50.", WRONG_AMOUNT),
        ("Grill / Backpack: $193.38 / $924.50.", WRONG_AMOUNT),
        ("Grill ($193.38), Backpack ($924.50).", WRONG_AMOUNT),
        ("$193.38 (grill), $924.50 (backpack)", WRONG_AMOUNT),
        ("Grill = $193.38, Backpack = $924.50", WRONG_AMOUNT),
        ("\u2022 Grill \u2014 $193.38 \u2022 Backpack \u2014 $924.50", WRONG_AMOUNT),
        ("1. Grill: $193.38 2. Backpack: $924.50", WRONG_AMOUNT),
        ("Grill $193.38 / Backpack $924.50 / Bicycle $1902.67 / Notebook $28.14", WRONG_AMOUNT),
        ("Items: grill $193.38, backpack $924.50, bicycle $1902.67, notebook $28.14.",
         WRONG_AMOUNT),
        ("The black grill costs $193.38.", WRONG_AMOUNT),
        ("The grills cost $193.38.", WRONG_AMOUNT),
        ("GRILL: $193.38", WRONG_AMOUNT),
        ("Grill(s): $193.38", WRONG_AMOUNT),
        ("Your Grill (black, 30 inch) is $193.38.", WRONG_AMOUNT),
        ("The grill's price: $193.38.", WRONG_AMOUNT),
        ("The $193.38 grill is returnable.", WRONG_AMOUNT),
        ("The $193.38 grill and the $924.50 backpack are returnable.", WRONG_AMOUNT),
        ("The grill is priced at $193.38 while the backpack is $924.50.", WRONG_AMOUNT),
        ("For the grill you paid $193.38 and for the backpack $924.50.", WRONG_AMOUNT),
        ("The price of the grill is $193.38 and that of the backpack is $924.50.", WRONG_AMOUNT),
        ("The grill costs $193.38 (the backpack $924.50).", WRONG_AMOUNT),
        ("The backpack is cheaper ($924.50) than the grill ($193.38).", WRONG_AMOUNT),
        ("Of the grill and backpack, the first costs $193.38 and the second $924.50.",
         WRONG_AMOUNT),
        ("Both the grill and the backpack cost $193.38.", WRONG_AMOUNT),
        ("Grill and Backpack: $193.38 each.", WRONG_AMOUNT),
        ("Unlike the backpack, the grill costs $193.38.", WRONG_AMOUNT),
        ("The grill costs $193.38, same as the backpack.", WRONG_AMOUNT),
        ("Either the grill or the backpack costs $28.14.", WRONG_AMOUNT),
        ("The grill costs $924.50 and the backpack and notebook cost $28.14 and $193.38.",
         WRONG_AMOUNT),
        ("The grill is the most expensive at $193.38; next is the backpack at $924.50.",
         WRONG_AMOUNT),
        ("Your notebook and grill cost, respectively, $924.50 and $28.14.", WRONG_AMOUNT),
        ("The bicycle costs $1902.67 and the grill, which you asked about, $193.38.",
         WRONG_AMOUNT),
        ("The grill costs $193.38, and the backpack is black.", WRONG_AMOUNT),
        # honest: true prices in the same shapes
        ("The grill costs $924.50, and the backpack costs $193.38.", PASSED),
        ("The grill and backpack cost $924.50 and $193.38 respectively.", PASSED),
        ("The grill costs $924.50 \u2014 the backpack $193.38 \u2014 and the bicycle $1902.67.",
         PASSED),
        ("The grill costs $924.50, the backpack $193.38, the bicycle $1902.67, and the notebook "
         "$28.14.", PASSED),
        ("Grill: $924.50\nBackpack: $193.38", PASSED),
        ("Items - grill: $924.50; backpack: $193.38; bicycle: $1902.67; notebook: $28.14.",
         PASSED),
        ("The items are the grill ($924.50), the backpack ($193.38), the bicycle ($1902.67) "
         "and the notebook ($28.14).", PASSED),
        ("Returning the backpack would refund $193.38; the grill would refund $924.50.", PASSED),
        ("The $924.50 grill and the $193.38 backpack are returnable.", PASSED),
        ("The grill costs $924.50, which is more than the $193.38 backpack.", PASSED),
        ("The grill ($924.50) costs more than the backpack ($193.38).", PASSED),
        ("Both the backpack ($193.38) and the grill ($924.50) are eligible.", PASSED),
        ("The grill costs $924.50 whereas the backpack costs $193.38.", PASSED),
        ("The backpack costs $193.38, unlike the grill.", PASSED),
        ("The grill and the backpack together cost $1117.88.", PASSED),
        ("If you return the grill, you get $924.50 back, and the backpack would be $193.38.",
         PASSED),
        ("Returning the grill would refund $924.50 to your card, not the $193.38 of the "
         "backpack.", PASSED),
    ],
)  # fmt: skip
def test_an_items_price_is_bound_to_that_item(reply: str, expected: tuple[str, str]) -> None:
    assert _judged(reply) == expected, reply


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (f"{PENDING} ($53.72) and {OTHER} ($3048.69).", WRONG_AMOUNT),
        (f"{OTHER} and {PENDING} cost $3048.69 and $53.72, respectively.", WRONG_AMOUNT),
        (f"You paid $53.72 for order {PENDING}; order {OTHER} cost $3048.69.", WRONG_AMOUNT),
        (f"{PENDING}'s total of $53.72 was charged to your card.", WRONG_AMOUNT),
        ("Order W7017301 cost $53.72.", WRONG_AMOUNT),
        (f"The order ending in 7301 cost $53.72 and {OTHER} cost $3048.69.", WRONG_AMOUNT),
        (f"| {PENDING} | $53.72 |", WRONG_AMOUNT),
        (f"| Order | Total |\n|---|---|\n| {PENDING} | $53.72 |\n| {OTHER} | $3048.69 |",
         WRONG_AMOUNT),
        (f"- {PENDING}: $53.72\n- {OTHER}: $3048.69", WRONG_AMOUNT),
        (f"{PENDING}: $53.72 / {OTHER}: $3048.69", WRONG_AMOUNT),
        (f"{PENDING} \u2014 $53.72, {OTHER} \u2014 $3048.69", WRONG_AMOUNT),
        (f"{PENDING} cost $53.72, and {OTHER} was paid by card.", WRONG_AMOUNT),
        (f"Order {PENDING} cost $53.72; {OTHER} was paid by card.", WRONG_AMOUNT),
        (f"The tracking number 101031430076 belongs to {PENDING}.", WRONG_NUMBER),
        (f"{PENDING} (tracking 101031430076) and {OTHER} (no tracking yet).", WRONG_NUMBER),
        (f"{PENDING} \u2014 tracking: 101031430076.", WRONG_NUMBER),
        (f"For {OTHER} I have no tracking, but {PENDING}'s is 101031430076.", WRONG_NUMBER),
        (f"{PENDING} ships under tracking number 101031430076, and {OTHER} is processed.",
         WRONG_NUMBER),
        # honest
        (f"{PENDING} ($3048.69) and {OTHER} ($53.72).", PASSED),
        (f"{OTHER} and {PENDING} cost $53.72 and $3048.69, respectively.", PASSED),
        (f"Order {OTHER} cost $53.72, while {PENDING} cost $3048.69.", PASSED),
        (f"{OTHER} cost $53.72, while {PENDING}, which has no tracking yet, cost $3048.69.",
         PASSED),
        (f"{OTHER} (tracking 101031430076) cost $53.72; {PENDING} cost $3048.69.", PASSED),
        (f"Your refund of $53.72 for {OTHER} is separate from {PENDING}'s $3048.69.", PASSED),
        (f"{PENDING} is $3048.69, compared to $53.72 for {OTHER}.", PASSED),
        (f"{PENDING} is $3048.69, which is more than the $53.72 of {OTHER}.", PASSED),
        (f"{OTHER} at $53.72 is cheaper than {PENDING} at $3048.69.", PASSED),
        (f"{OTHER} shipped with tracking number 101031430076, and {PENDING} is pending.",
         PASSED),
        (f"The tracking number for {OTHER} is 101031430076, and {PENDING} is pending.", PASSED),
        (f"{PENDING} is pending and {OTHER}, paid $53.72, is processed.", PASSED),
        (f"Unlike {OTHER}, {PENDING} has no tracking number; {OTHER}'s is 101031430076.",
         PASSED),
    ],
)  # fmt: skip
def test_an_orders_figure_is_bound_to_that_order(reply: str, expected: tuple[str, str]) -> None:
    assert _judged_two(reply) == expected, reply
