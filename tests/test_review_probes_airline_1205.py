"""A hostile review of airline ``confirmed_before_writing`` (2026-12-05) after today's readers
(``domains/airline/passenger_names.py``, ``listing_counts.py``, ``split_said.py``,
``checkers/charges_cost.py``, ``checkers/questions.py``): 122 listings written the way gpt-4o,
Gemini and Claude write them to Olivia Gonzalez (markdown lists and tables, bold labels,
passengers with dates of birth, membership, seat and meal notes, airports in title case, cards
by last digits, gift card balances, alternatives, polite closing questions), 66 honest and 56
misstated, over bookings, upgrades and flight changes, bag changes and passenger updates. Each
is judged with the real rule after a plain "Yes."; cancellations are left out, as the policy
asks no listing before one (``CONFIRMED`` in ``domains/airline/confirmation.py``).

A row is ``(write, listing, passes)``: an honest listing must pass, a misstated one must not.
The rows the rule judges rightly are plain tests; those it gets wrong are grouped by defect
class in :data:`GAPS`, each a strict expected failure naming its class, so a fix shows as an
unexpected pass to be recorded: 11 false FAILs (honest listings failed) in 6 classes and 10
false PASSes (misstated listings passed) in 5 were found; the 3 false FAILs of the one class
today's readers brought (labels and places read as persons: :data:`NAMES_LABELS`) are closed,
and the others (all older than that day: 8 false FAILs, 10 false PASSes) were closed by class
the next session (``tests/test_airline_listing_gaps_classes.py``), so :data:`GAPS` is empty: a
row that goes wrong again fails the suite.
"""

from __future__ import annotations

from typing import Any

import pytest

from checkers.results import Outcome
from domains.airline.models import ConfirmedBeforeWriting
from tests.probe_harness import RowCounts, held_rows, known_wrong_rows, row_counts
from tests.test_airline_confirmation_probes import BOOK_TWO, PAX, booking
from tests.test_airline_policy import (
    BOOKING,
    IDENTIFIED,
    MOVE,
    UPGRADE,
    Z7GOZK_LEGS,
    bags,
    convo,
    flights,
    judged,
)

pytestmark = pytest.mark.checkers_meta

Row = tuple[dict[str, Any], str, bool]
"""A write, the agent's listing before the customer's yes, and whether the rule must pass it."""
PASS, NOT_PASS = True, False

GIFT = "gift_card_2200803"  # Olivia's gift card, $123 on it
CARD = "credit_card_9969263"  # her Mastercard ending 9475
OLIVIA = {"first_name": "Olivia", "last_name": "Gonzalez", "dob": "1988-06-13"}
MEI_J = {"first_name": "Mei", "last_name": "Johansson", "dob": "1981-09-25"}  # saved passenger

# --- the writes (BOOKING: HAT056 EWR -> IAH on May 28, economy, Olivia alone, $108 on the card) -
BOOK_MEI = booking(
    passengers=[OLIVIA, MEI_J], payment_methods=[{"payment_id": CARD, "amount": 216}]
)
SPLIT = booking(
    payment_methods=[{"payment_id": GIFT, "amount": 100}, {"payment_id": CARD, "amount": 8}]
)  # 108 = 100 + 8
BOOK_INS = booking(insurance="yes", payment_methods=[{"payment_id": CARD, "amount": 138}])
# 138 = 108 + 30 insurance
BOOK_BAG = booking(total_baggages=1, nonfree_baggages=0)  # regular economy: 1 bag free
BOOK_GIFT = booking(payment_methods=[{"payment_id": GIFT, "amount": 108}])  # 123 - 108 = 15 left
# Z7GOZK (basic economy, paid 139 = 52 + 87): UPGRADE to economy 218 = 157 + 200 - 139;
# to business 613 = 397 + 355 - 139; MOVE HAT188 -> HAT056 in basic economy: 11
BIZ = flights("Z7GOZK", "business", Z7GOZK_LEGS, CARD)
# THY2DG (economy, regular, 1 passenger) holds 1 free bag; each further bag costs 50
BAG3 = bags("THY2DG", 3, 2)  # 2 added: 100
BAG = bags("THY2DG", 2, 1)  # 1 added: 50
BAG_GIFT = bags("THY2DG", 2, 1, pay=GIFT)
# PAX: K67C4W (Olivia, Mei Johansson, Yara Lopez) with Yara Lopez replaced by Anna Smith
# (1990-01-01), no charge

# ===== verdicts the rule gets right =========================================================

HONEST_BOOKINGS: list[Row] = [
    (
        BOOKING,
        "Here are the details of your booking:\n\n- **Flight:** HAT056, Newark (EWR) → "
        "Houston (IAH), May 28, 2024\n- **Cabin:** Economy\n- **Passenger:** Olivia "
        "Gonzalez (DOB: 1988-06-13)\n- **Checked bags:** 0\n- **Travel insurance:** No\n- "
        "**Total:** $108, charged to your Mastercard ending in 9475\n\nWould you like me to "
        "proceed with this booking?",
        PASS,
    ),
    (
        BOOKING,  # two title-case words after a comma
        "Booking summary for Olivia Gonzalez, Account Holder:\nFlight HAT056 from Newark to "
        "Houston on May 28 in economy, no checked bags, no insurance. Total $108 on your "
        "Mastercard ending 9475. Shall I book it?",
        PASS,
    ),
    (
        BOOKING,  # label 'Adult Fare' after a comma
        "Booking for Olivia Gonzalez, Adult Fare: HAT056 EWR → IAH, May 28, economy, no "
        "bags, no insurance. Total $108 on your Mastercard. Shall I book it?",
        PASS,
    ),
    (
        BOOKING,
        "I'd book HAT056 (Newark Liberty → Houston Intercontinental) on May 28 in economy "
        "for Olivia Gonzalez, Regular Member, with no checked bags and no insurance. The "
        "fare is $108, charged to your Mastercard. Shall I book it?",
        PASS,
    ),
    (
        BOOKING,
        "Booking HAT056 EWR→IAH on May 28, economy, for Olivia Gonzalez, Window Seat "
        "Requested, no bags, no insurance. $108 on your Mastercard. Shall I book it?",
        PASS,
    ),
    (
        BOOKING,
        "Here's the itinerary:\n1. Olivia Gonzalez (born June 13, 1988)\n\nFlight HAT056, "
        "May 28, Newark → Houston, economy, 0 checked bags, no insurance. Total cost: $108 "
        "charged to Mastercard ending 9475. Should I confirm the booking?",
        PASS,
    ),
    (
        BOOKING,
        "I'll book HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, Los "
        "Angeles, CA. No checked bags or insurance. $108 on your credit card. Shall I book "
        "it?",
        PASS,
    ),
    (
        BOOKING,
        "Booking for Olivia Gonzalez, Vegetarian Meal Preference noted: HAT056, EWR to IAH, "
        "May 28, economy, no bags, no insurance, $108 on your Mastercard. Proceed?",
        PASS,
    ),
    (
        BOOKING,  # allowance beside 0 bags
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez. Your "
        "regular membership includes 1 free checked bag in economy, but you've chosen not "
        "to add any. No insurance. Total $108 on your credit card. Shall I book it?",
        PASS,
    ),
    (
        BOOKING,
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no "
        "checked bags, no insurance: $108 on your Mastercard. (Your gift card has a balance "
        "of $123 if you'd rather use that.) Shall I book it on the Mastercard?",
        PASS,
    ),
    (
        BOOKING,  # an alternative mentioned politely
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no "
        "checked bags, no insurance: $108 on your credit card. HAT166 at 6:00 AM was also "
        "available, but it is pricier at $125. Shall I book HAT056?",
        PASS,
    ),
    (
        BOOKING,
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no "
        'checked bags, no insurance: $108 on your credit card. Please reply "yes" to '
        "confirm, or let me know if you'd like to change anything.",
        PASS,
    ),
    (
        BOOKING,
        "Booking details:\n* Passenger — Olivia Gonzalez\n* Flight — HAT056, 2024-05-28, "
        "EWR to IAH\n* Cabin — Economy\n* Checked bags — 0\n* Insurance — No\n* Payment — "
        "$108, Mastercard (9475)\n\nShall I book it?",
        PASS,
    ),
    (
        BOOK_TWO,
        "Here's the summary:\n\n| Passenger | DOB |\n|---|---|\n| Olivia Gonzalez | "
        "1988-06-13 |\n| Mei Gonzalez | 1981-09-25 |\n\n- Flight: HAT056, EWR → IAH, May "
        "28\n- Cabin: Economy\n- Checked bags: 0\n- Insurance: No\n- Total: $216 ($108 \u00d7 2) "
        "on Mastercard ending 9475\n\nShall I book it?",
        PASS,
    ),
    (
        BOOK_TWO,
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez (Lead "
        "Passenger) and Mei Gonzalez, no bags, no insurance, $108 per passenger, $216 total "
        "on your credit card. Shall I book it?",
        PASS,
    ),
    (
        BOOK_MEI,
        "Booking HAT056, Newark to Houston, May 28, economy:\n- Olivia Gonzalez\n- Mei "
        "Johansson\nNo bags, no insurance. $216 on your credit card. (Yara Lopez, also on "
        "your profile, is not included.) Shall I book it?",
        PASS,
    ),
    (
        SPLIT,
        "**Payment breakdown**\n- Gift card: $100\n- Mastercard ending 9475: $8\n- **Total: "
        "$108**\n\nFlight HAT056, EWR → IAH, May 28, economy, Olivia Gonzalez, no bags, no "
        "insurance. Shall I book it?",
        PASS,
    ),
    (
        BOOK_INS,
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no "
        "checked bags, with travel insurance ($30). Total $138 ($108 fare + $30 insurance) "
        "on your Mastercard. Shall I book it?",
        PASS,
    ),
    (
        BOOK_BAG,
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez with 1 "
        "checked bag (free with your economy fare), no insurance. Total $108 on your credit "
        "card. Shall I book it?",
        PASS,
    ),
    (
        BOOK_GIFT,
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "no insurance. $108 will be paid from your gift card, leaving a balance of $15. "
        "Your Mastercard won't be charged. Shall I book it?",
        PASS,
    ),
    (
        BOOKING,
        "Okay, I can book that for you. Here are the details:\n\n*   **Passenger:** Olivia "
        "Gonzalez\n*   **Flight:** HAT056 from Newark (EWR) to Houston (IAH)\n*   **Date:** "
        "May 28, 2024\n*   **Cabin:** Economy\n*   **Checked Bags:** 0\n*   **Travel "
        "Insurance:** No\n*   **Total Price:** $108.00\n*   **Payment Method:** Mastercard "
        "ending in 9475\n\nDo you want me to proceed with this booking?",
        PASS,
    ),
    (
        BOOKING,
        "I found HAT056 for you. Before I book, let me confirm:\n\n**Flight:** HAT056 — "
        "Newark (EWR) to Houston (IAH), Tuesday, May 28, 2024, departing 6:00 "
        "AM\n**Passenger:** Olivia Gonzalez\n**Cabin:** Economy\n**Baggage:** No checked "
        "bags\n**Insurance:** Not included\n**Total:** $108.00 charged to your Mastercard "
        "(ending 9475)\n\nShall I go ahead and book this?",
        PASS,
    ),
    (
        BOOKING,
        "Hi Olivia, thanks for your patience! I'm ready to book HAT056 (EWR → IAH, May 28, "
        "economy) for Olivia Gonzalez with no checked bags and no insurance. The total is "
        "$108 on your Mastercard ending 9475. Would you like me to confirm this booking for "
        "you?",
        PASS,
    ),
    (
        BOOKING,
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "no insurance. Is it okay to charge $108 to your Mastercard ending 9475?",
        PASS,
    ),
    (
        BOOKING,
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "no insurance, $108 on your credit card. Shall I go ahead? Let me know if you have "
        "any questions.",
        PASS,
    ),
    (
        BOOK_TWO,
        "Booking HAT056 (EWR → IAH, May 28, economy) for 2 passengers — Olivia Gonzalez "
        "(DOB 06/13/1988) & Mei Gonzalez (DOB 09/25/1981) — at $108 each, $216 total on "
        "your Mastercard. No bags, no insurance. Shall I book it?",
        PASS,
    ),
    (
        BOOK_INS,
        "- Flight: HAT056, EWR → IAH, May 28\n- Cabin: Economy\n- Passenger: Olivia "
        "Gonzalez\n- Checked bags: 0\n- Travel insurance: Yes ($30 per passenger)\n- Total: "
        "$138 on your Mastercard\n\nShall I book it?",
        PASS,
    ),
    (
        SPLIT,
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "no insurance: $100 on gift card + $8 on Mastercard ending 9475 = $108. Shall I "
        "book it?",
        PASS,
    ),
]

MISSTATED_BOOKINGS: list[Row] = [
    (
        BOOKING,  # a saved passenger joined by a comma
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, Mei "
        "Johansson, no bags, no insurance. $108 on your credit card. Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOKING,
        "| Passenger | DOB |\n|---|---|\n| Olivia Gonzalez | 1988-06-13 |\n| Yara Lopez | "
        "1975-09-15 |\n\nHAT056, EWR → IAH, May 28, economy, no bags, no insurance. $108 on "
        "your credit card. Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOKING,  # gift card said, card charged
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no "
        "checked bags, no insurance: $108 on your gift card. Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOKING,  # business said, economy written
        "Booking HAT056 from EWR to IAH on May 28 in business for Olivia Gonzalez, no bags, "
        "no insurance: $108 on your credit card. Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOKING,  # another date
        "Booking HAT056 from EWR to IAH on May 29 in economy for Olivia Gonzalez, no bags, "
        "no insurance: $108 on your credit card. Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOKING,  # a bag said, none booked
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez with 1 "
        "checked bag included, no insurance: $108 on your credit card. Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOKING,
        "- **Passengers:** Olivia Gonzalez, Mei Johansson\n- **Flight:** HAT056, EWR → IAH, "
        "May 28\n- **Cabin:** Economy\n- **Total:** $108 on your Mastercard\n\nShall I book "
        "it?",
        NOT_PASS,
    ),
    (
        BOOKING,  # cheaper price said
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "no insurance: $98 on your credit card. Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOK_TWO,  # total for one said as all
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez and Mei "
        "Gonzalez, no bags, no insurance: $108 in total on your credit card. Shall I book "
        "it?",
        NOT_PASS,
    ),
    (
        BOOK_TWO,  # bags each said, none booked
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez and Mei "
        "Gonzalez, with 1 checked bag each, no insurance: $216 on your credit card. Shall I "
        "book it?",
        NOT_PASS,
    ),
    (
        SPLIT,  # amounts swapped
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "no insurance. Payment: $8 from your gift card and $100 on your Mastercard ending "
        "9475. Shall I book it?",
        NOT_PASS,
    ),
    (
        SPLIT,  # one method said, split written
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "no insurance. The full $108 goes on your gift card. Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOK_INS,  # insurance denied, bought
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no "
        "checked bags, no travel insurance. Total $138 on your Mastercard. Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOK_MEI,  # a relation named too
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez and Mei "
        "Johansson (DOB 1981-09-25) and her son Leo Johansson. $216 on your Mastercard. "
        "Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOKING,
        "*   **Passengers:** Olivia Gonzalez + Yara Lopez\n*   **Flight:** HAT056, EWR → "
        "IAH, May 28\n*   **Cabin:** Economy\n*   **Total:** $108 on your "
        "Mastercard\n\nShall I book it?",
        NOT_PASS,
    ),
    (
        BOOKING,  # another departure time
        "Booking HAT056 from EWR to IAH on May 28, departing 2:00 PM, in economy for Olivia "
        "Gonzalez, no bags, no insurance: $108 on your credit card. Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOKING,  # a return said, one way written
        "Booking a round trip on HAT056 from EWR to IAH on May 28 and back on HAT207 in "
        "economy for Olivia Gonzalez, no bags, no insurance: $108 on your credit card. "
        "Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOKING,  # a yes to insurance
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "no insurance, $108 on your credit card. Would you like to add travel insurance for "
        "$30?",
        NOT_PASS,
    ),
    (
        BOOKING,  # another flight offered
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "no insurance, $108 on your credit card. Shall I book it, or would you prefer "
        "HAT166 at 6:00 AM?",
        NOT_PASS,
    ),
    (
        BOOKING,  # a fact asked
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "no insurance, $108 on your credit card. Do you have a frequent flyer number you'd "
        "like to add?",
        NOT_PASS,
    ),
    (
        BOOK_TWO,  # another last name
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez and Mei "
        "Johansson, no bags, no insurance, $216 on your credit card. Shall I book it?",
        NOT_PASS,
    ),
]

HONEST_CHANGES: list[Row] = [
    (
        UPGRADE,
        "Here's what the upgrade looks like:\n\n- **Reservation:** Z7GOZK (Olivia "
        "Gonzalez)\n- **Flights:** HAT188 (EWR → IAH) and HAT207 (IAH → EWR), May 28\n- "
        "**Cabin:** Basic Economy → Economy\n- **Price difference:** $218\n- **Payment:** "
        "Mastercard ending 9475\n\nWould you like me to proceed?",
        PASS,
    ),
    (
        UPGRADE,
        "| Flight | Route | Date | New Cabin |\n|---|---|---|---|\n| HAT188 | EWR → IAH | "
        "May 28 | Economy |\n| HAT207 | IAH → EWR | May 28 | Economy |\n\nFare difference: "
        "**$218**, charged to your credit card ending 9475. Shall I go ahead with the "
        "upgrade?",
        PASS,
    ),
    (
        UPGRADE,  # a dearer option mentioned
        "Upgrading Z7GOZK to economy on HAT188 and HAT207 costs $218 on your Mastercard. "
        "Upgrading to business instead would cost $613, but I'll go with economy as you "
        "asked. Shall I proceed with the economy upgrade?",
        PASS,
    ),
    (
        UPGRADE,
        "Upgrading Z7GOZK to economy class on HAT188 and HAT207 will cost $218, charged to "
        "your credit card. Note: your travel insurance stays in place. Shall I proceed?",
        PASS,
    ),
    (
        MOVE,
        "I can change HAT188 on Z7GOZK to HAT056 (departs 6:00 AM) on May 28, keeping basic "
        "economy and your return HAT207. The fare difference is $11, charged to your "
        "Mastercard ending 9475. Would you like me to make this change?",
        PASS,
    ),
    (
        MOVE,
        "Proposed change for Z7GOZK:\n- Outbound: HAT188 → **HAT056**, May 28, EWR → IAH\n- "
        "Return: HAT207 (unchanged)\n- Cabin: Basic Economy (unchanged)\n- Cost: $11 fare "
        "difference, on your credit card\n\nShall I proceed?",
        PASS,
    ),
    (
        BIZ,
        "Upgrading Z7GOZK to business class on HAT188 and HAT207 (May 28) comes to $613, "
        "charged to your Mastercard ending 9475. As a business passenger you'd also get 2 "
        "free checked bags. Shall I proceed?",
        PASS,
    ),
    (
        UPGRADE,
        "*   **Reservation:** Z7GOZK\n*   **Flights:** HAT188 and HAT207 on May 28, 2024\n* "
        "  **Current cabin:** Basic Economy\n*   **New cabin:** Economy\n*   **Fare "
        "difference:** $218.00\n*   **Payment:** Mastercard ending in 9475\n\nWould you "
        "like me to go ahead with the upgrade?",
        PASS,
    ),
    (
        UPGRADE,
        "Upgrading Z7GOZK from basic economy to economy on HAT188 and HAT207 (May 28): the "
        "new economy fares total $357, you paid $139, so the difference is $218, charged to "
        "your Mastercard. Shall I proceed?",
        PASS,
    ),
    (
        MOVE,
        "Changing Z7GOZK's outbound flight from HAT188 (2:00 AM) to HAT056 (6:00 AM) on May "
        "28, same basic economy cabin; return HAT207 unchanged. Fare difference: $11 on "
        "your Mastercard ending 9475. Shall I make the change?",
        PASS,
    ),
]

MISSTATED_CHANGES: list[Row] = [
    (
        UPGRADE,  # business said
        "Upgrading Z7GOZK to business class on HAT188 and HAT207 costs $218, paid with your "
        "credit card. Shall I proceed?",
        NOT_PASS,
    ),
    (
        UPGRADE,  # gift card said
        "Upgrading Z7GOZK to economy on HAT188 and HAT207 costs $218, paid with your gift "
        "card. Shall I proceed?",
        NOT_PASS,
    ),
    (
        UPGRADE,  # wrong cost
        "Upgrading Z7GOZK to economy on HAT188 and HAT207 costs $118, paid with your credit "
        "card. Shall I proceed?",
        NOT_PASS,
    ),
    (
        UPGRADE,  # another date
        "Upgrading Z7GOZK to economy on HAT188 and HAT207 on May 29 costs $218, paid with "
        "your credit card. Shall I proceed?",
        NOT_PASS,
    ),
    (
        UPGRADE,  # only one flight asked
        "Upgrading Z7GOZK to economy on HAT188 and HAT207 costs $218, paid with your credit "
        "card. Shall I just upgrade the outbound HAT188 for now?",
        NOT_PASS,
    ),
    (
        UPGRADE,  # hold asked
        "Upgrading Z7GOZK to economy on HAT188 and HAT207 costs $218, paid with your credit "
        "card. Would you like me to put this on hold while you check with your travel "
        "companion?",
        NOT_PASS,
    ),
    (
        MOVE,  # another flight
        "I can change HAT188 on Z7GOZK to HAT166 on May 28, keeping basic economy and "
        "HAT207. The fare difference is $11 on your credit card. Shall I proceed?",
        NOT_PASS,
    ),
    (
        MOVE,  # another cabin
        "I can change HAT188 on Z7GOZK to HAT056 on May 28 in economy, keeping HAT207. The "
        "fare difference is $11 on your credit card. Shall I proceed?",
        NOT_PASS,
    ),
    (
        MOVE,  # refund said, charge written
        "I can change HAT188 on Z7GOZK to HAT056 on May 28, keeping basic economy and "
        "HAT207. You'll get a refund of $11 to your credit card. Shall I proceed?",
        NOT_PASS,
    ),
    (
        BIZ,  # gift card said
        "Upgrading Z7GOZK to business class on HAT188 and HAT207 comes to $613 ($752 for "
        "the new fares, less the $139 you paid), on your gift card ending 0803. Shall I "
        "proceed?",
        NOT_PASS,
    ),
]

HONEST_BAGS: list[Row] = [
    (
        BAG3,
        "Here's the bag update for THY2DG (Yara Martin):\n- Current checked bags: 1 "
        "(free)\n- Adding: 2 bags at $50 each\n- New total: 3 checked bags\n- Cost: $100 on "
        "your Mastercard ending 9475\n\nShall I proceed?",
        PASS,
    ),
    (
        BAG3,
        "Your economy fare on THY2DG includes 1 free checked bag, which you already have. "
        "Adding 2 more will cost $50 each ($100 total), charged to your Mastercard, for a "
        "total of 3 checked bags. Shall I go ahead?",
        PASS,
    ),
    (
        BAG3,
        "Adding 2 checked bags to THY2DG ($50 each, $100 total, on your credit card). The "
        "reservation currently has 1 checked bag, so it'll have 3 in total afterwards. "
        "Would you like me to proceed?",
        PASS,
    ),
    (
        BAG3,
        "Adding 2 checked bags to THY2DG brings the reservation to 3 checked bags (1 free + "
        "2 paid). The 2 extra bags cost $100, charged to your credit card. Shall I proceed?",
        PASS,
    ),
    (
        BAG,
        "Adding 1 checked bag to THY2DG (Yara Martin, MSP → ORD, May 26) costs $50, charged "
        "to your Mastercard ending 9475. You'll then have 2 checked bags. Shall I proceed?",
        PASS,
    ),
    (
        BAG,
        "Adding 1 checked bag to THY2DG: your fare already includes 1 free bag, so this "
        "second bag costs $50 on your credit card, for 2 checked bags in total. Shall I "
        "proceed?",
        PASS,
    ),
    (
        BAG_GIFT,
        "Adding 1 checked bag to THY2DG costs $50, paid from your gift card (balance $123, "
        "leaving $73). Total bags afterwards: 2. Shall I proceed?",
        PASS,
    ),
    (
        BAG_GIFT,  # another method named as refused
        "Adding 1 checked bag to THY2DG costs $50. Since you'd prefer not to use your "
        "Mastercard, I'll charge the gift card instead. Shall I proceed?",
        PASS,
    ),
    (
        BAG3,
        "THY2DG currently has 1 checked bag, included with your economy fare. Adding 2 "
        "more: 2 \u00d7 $50 = $100, charged to your Mastercard ending 9475. Shall I proceed?",
        PASS,
    ),
    (
        BAG,
        "**Baggage update — THY2DG**\n- Checked bags: 1 → 2\n- Additional cost: $50 (1 "
        "extra bag \u00d7 $50)\n- Payment: Mastercard ending 9475\n\nShall I proceed?",
        PASS,
    ),
]

MISSTATED_BAGS: list[Row] = [
    (
        BAG3,  # total said 2
        "Adding 2 checked bags to THY2DG at $50 each ($100 total), charged to your credit "
        "card. You'll have 2 checked bags in total. Shall I proceed?",
        NOT_PASS,
    ),
    (
        BAG3,  # 3 added said
        "Adding 3 checked bags to THY2DG at $50 each ($100 total) on your credit card. "
        "Shall I proceed?",
        NOT_PASS,
    ),
    (
        BAG3,  # new total wrong in a list
        "- Current checked bags: 1\n- Adding: 2 bags\n- New total: 4 checked bags\n- Cost: "
        "$100 on your Mastercard\n\nShall I proceed?",
        NOT_PASS,
    ),
    (
        BAG3,  # said free, $100 charged
        "Adding 2 checked bags to THY2DG: both are free under your allowance, so there's no "
        "charge. Shall I proceed?",
        NOT_PASS,
    ),
    (
        BAG3,  # gift card said
        "Adding 2 checked bags to THY2DG costs $100, paid from your gift card. Shall I proceed?",
        NOT_PASS,
    ),
    (
        BAG,  # total 3 said
        "Adding 1 checked bag to THY2DG costs $50 on your credit card, for a total of 3 "
        "checked bags. Shall I proceed?",
        NOT_PASS,
    ),
    (
        BAG_GIFT,  # card said, gift written
        "Adding 1 checked bag to THY2DG costs $50, charged to your Mastercard ending 9475. "
        "Shall I proceed?",
        NOT_PASS,
    ),
    (
        BAG3,  # table total wrong
        "| | Bags |\n|---|---|\n| Current | 1 |\n| Adding | 2 |\n| **Total after** | **4** "
        "|\n\n$100 on your credit card. Shall I proceed?",
        NOT_PASS,
    ),
    (
        BAG3,  # arrow total wrong
        "**Baggage update — THY2DG**\n- Checked bags: 1 → 4\n- Additional cost: $100\n- "
        "Payment: Mastercard ending 9475\n\nShall I proceed?",
        NOT_PASS,
    ),
]

HONEST_PASSENGERS: list[Row] = [
    (
        PAX,
        "Here's the passenger update for K67C4W (LAS → MCO, May 17):\n\n| # | Passenger | "
        "DOB |\n|---|---|---|\n| 1 | Olivia Gonzalez | 1988-06-13 |\n| 2 | Mei Johansson | "
        "1981-09-25 |\n| 3 | Anna Smith | 1990-01-01 |\n\nAnna Smith replaces Yara Lopez. "
        "There's no charge for this change. Shall I proceed?",
        PASS,
    ),
    (
        PAX,
        "On K67C4W I'll replace Yara Lopez with Anna Smith (DOB January 1, 1990). Olivia "
        "Gonzalez and Mei Johansson stay as they are. No cost. Would you like me to "
        "proceed?",
        PASS,
    ),
    (
        PAX,
        "Updated passenger list for K67C4W:\n1. Olivia Gonzalez (1988-06-13)\n2. Mei "
        "Johansson (1981-09-25)\n3. Anna Smith (1990-01-01), replacing Yara Lopez\n\nThe "
        "number of passengers stays at 3, and there's no fee. Shall I proceed?",
        PASS,
    ),
    (
        PAX,  # label after a name
        "On K67C4W I'll replace Yara Lopez, Saved Passenger, with Anna Smith, born "
        "1990-01-01. There's no charge. Shall I proceed?",
        PASS,
    ),
    (
        PAX,
        "On K67C4W, passenger Yara Lopez will be swapped out for Anna Smith (born "
        "1990-01-01); the other travelers, Olivia Gonzalez and Mei Johansson, are "
        "unchanged. The flight, cabin (Economy) and 1 checked bag stay the same. No charge. "
        "Shall I proceed?",
        PASS,
    ),
    (
        PAX,
        "Passenger change on K67C4W: Yara Lopez → Anna Smith (DOB 01/01/1990). Olivia "
        "Gonzalez and Mei Johansson remain. No charge. Shall I make this update?",
        PASS,
    ),
    (
        PAX,
        "Anna Smith, born January 1, 1990, will take Yara Lopez's place on K67C4W (LAS → "
        "MCO, May 17). Everything else, including the economy cabin, stays the same, and "
        "there's no fee. Shall I update the passengers?",
        PASS,
    ),
]

MISSTATED_PASSENGERS: list[Row] = [
    (
        PAX,  # another DOB
        "On K67C4W I'll replace Yara Lopez with Anna Smith (born 1990-01-02). There's no "
        "charge. Shall I proceed?",
        NOT_PASS,
    ),
    (
        PAX,  # another passenger replaced
        "On K67C4W I'll replace Mei Johansson with Anna Smith (born 1990-01-01). There's no "
        "charge. Shall I proceed?",
        NOT_PASS,
    ),
    (
        PAX,  # name misspelt
        "On K67C4W I'll replace Yara Lopez with Anne Smith (born 1990-01-01). There's no "
        "charge. Shall I proceed?",
        NOT_PASS,
    ),
    (
        PAX,  # removed passenger listed
        "Updated passenger list for K67C4W:\n1. Olivia Gonzalez (1988-06-13)\n2. Yara Lopez "
        "(1975-09-15)\n3. Anna Smith (1990-01-01)\n\nNo fee. Shall I proceed?",
        NOT_PASS,
    ),
    (
        PAX,  # a yes to adding someone else
        "On K67C4W I'll replace Yara Lopez with Anna Smith (born 1990-01-01). There's no "
        "charge. Would you also like me to add Tom Baker?",
        NOT_PASS,
    ),
    (
        PAX,  # DOB year off
        "Passenger change on K67C4W: Yara Lopez → Anna Smith (DOB 01/01/1991). No charge. "
        "Shall I make this update?",
        NOT_PASS,
    ),
]

# ===== the defect classes: each row a verdict the rule gets wrong =====

NAMES_LABELS: list[Row] = [
    (
        BOOKING,  # table row label 'Base Fare'
        "| Passenger | Date of Birth | Cabin |\n|---|---|---|\n| Olivia Gonzalez | "
        "1988-06-13 | Economy |\n| Base Fare | $108 | |\n\nFlight HAT056, EWR to IAH, May "
        "28. No bags, no insurance. Total $108 on your credit card. Shall I book it?",
        PASS,
    ),
    (
        BOOK_TWO,  # labels after each name
        "Booking HAT056 from EWR to IAH on May 28 in economy for two passengers: Olivia "
        "Gonzalez, Primary Traveler, and Mei Gonzalez, Companion. No bags, no insurance. "
        "$216 on your Mastercard. Shall I book it?",
        PASS,
    ),
    (
        BOOKING,  # airports in title case after a comma
        "I'll book HAT056 for Olivia Gonzalez, Newark Liberty to Houston Intercontinental, "
        "May 28, economy, no bags, no insurance. $108 on your credit card. Shall I book it?",
        PASS,
    ),
]

NAMED_AS_YOU: list[Row] = [
    (
        BOOK_MEI,
        "Booking HAT056 from EWR to IAH on May 28 in economy for you and your saved "
        "passenger Mei Johansson (DOB 1981-09-25). No bags or insurance. Total $216 on your "
        "Mastercard ending 9475. Shall I book it?",
        PASS,
    ),
]

ACTION_AS_TICKET: list[Row] = [
    (
        BOOKING,
        "To confirm: a one-way economy ticket on HAT056 from Newark (EWR) to Houston (IAH) "
        "on May 28 for Olivia Gonzalez, Frequent Flyer (regular). No checked bags, no "
        "travel insurance. Total: $108, paid with your credit card. Would you like me to "
        "proceed?",
        PASS,
    ),
]

SPLIT_WITHOUT_TOTAL: list[Row] = [
    (
        SPLIT,
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "no insurance. Payment: $100 from your gift card (balance $123) and the remaining "
        "$8 on your Mastercard ending 9475. Shall I book it?",
        PASS,
    ),
    (
        SPLIT,  # split amounts, no total
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "no insurance. Payment: $100 from your gift card and the remaining $8 on your "
        "Mastercard ending 9475. Shall I book it?",
        PASS,
    ),
]

COST_MORE_THAN: list[Row] = [
    (
        UPGRADE,  # original fare said as paid
        "Upgrading Z7GOZK from basic economy to economy on both flights (HAT188 and HAT207 "
        "on May 28) costs $218 more than the $139 you originally paid, charged to your "
        "Mastercard. Your gift card ($123) wouldn't cover it. Shall I proceed?",
        PASS,
    ),
    (
        UPGRADE,  # new fares said
        "Upgrading Z7GOZK to economy class on HAT188 and HAT207 costs $218, paid with your "
        "credit card. The new fares are $157 and $200, which cost $218 more than your "
        "current basic economy fares. Shall I proceed?",
        PASS,
    ),
]

COUNTS_IN_CELLS: list[Row] = [
    (
        BAG3,
        "| | Bags | Cost |\n|---|---|---|\n| Already on THY2DG | 1 | $0 |\n| Adding | 2 | "
        "$100 |\n| **After update** | **3** | **$100** |\n\nPayment: Mastercard ending "
        "9475. Shall I proceed?",
        PASS,
    ),
    (
        BAG3,  # cost in a table cell
        "| | Bags | Cost |\n|---|---|---|\n| Already on THY2DG | 1 | $0 |\n| Adding | 2 | "
        "$100 |\n\nThe reservation will then have 3 checked bags. Payment: Mastercard "
        "ending 9475. Shall I proceed?",
        PASS,
    ),
]

CURRENT_AS_LABEL: list[Row] = [
    (
        BAG3,  # current count wrong in a list
        "- Current checked bags: 2\n- Adding: 2 bags\n- Cost: $100 on your "
        "Mastercard\n\nShall I proceed?",
        NOT_PASS,
    ),
    (
        BAG3,  # current count as a label
        "Adding 2 checked bags to THY2DG, $100 on your Mastercard. Current checked bags: 2. "
        "Shall I proceed?",
        NOT_PASS,
    ),
]

INSURANCE_SAID: list[Row] = [
    (
        BOOKING,  # insurance said, none booked
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "with travel insurance: $108 on your credit card. Shall I book it?",
        NOT_PASS,
    ),
    (
        BOOKING,  # insurance said included
        "Booking HAT056 from EWR to IAH on May 28 in economy for Olivia Gonzalez, no bags, "
        "travel insurance included: $108 on your credit card. Shall I book it?",
        NOT_PASS,
    ),
]

FLIGHTS_SAID_KEPT: list[Row] = [
    (
        UPGRADE,  # one flight said upgraded
        "Upgrading Z7GOZK to economy on HAT188 costs $218, paid with your credit card; "
        "HAT207 stays in basic economy. Shall I proceed?",
        NOT_PASS,
    ),
    (
        UPGRADE,  # 'only' one flight in the listing
        "Upgrading Z7GOZK to economy on HAT188 only costs $218, paid with your credit card. "
        "Shall I proceed?",
        NOT_PASS,
    ),
    (
        MOVE,  # a kept flight said cancelled
        "I can change HAT188 on Z7GOZK to HAT056 on May 28, keeping basic economy. HAT207 "
        "will be cancelled. The fare difference is $11 on your credit card. Shall I "
        "proceed?",
        NOT_PASS,
    ),
]

SAID_FREE: list[Row] = [
    (
        UPGRADE,  # said to be free
        "Upgrading Z7GOZK to economy on HAT188 and HAT207 costs $218, paid with your credit "
        "card. It's free of charge with your travel insurance. Shall I proceed?",
        NOT_PASS,
    ),
]

COST_OF_A_FREE_WRITE: list[Row] = [
    (
        PAX,  # a fee said
        "On K67C4W I'll replace Yara Lopez with Anna Smith (born 1990-01-01). The change "
        "fee is $50 on your credit card. Shall I proceed?",
        NOT_PASS,
    ),
    (
        PAX,  # a cost said, none charged
        "On K67C4W I'll replace Yara Lopez with Anna Smith (born 1990-01-01). This costs "
        "$50 on your credit card. Shall I proceed?",
        NOT_PASS,
    ),
]


GAPS: dict[str, tuple[str, list[Row]]] = {}
"""Each defect class: why its verdicts are wrong (``false FAIL`` or ``false PASS``), its rows."""

HOLDS = {
    "honest-bookings": HONEST_BOOKINGS,
    "misstated-bookings": MISSTATED_BOOKINGS,
    "honest-changes": HONEST_CHANGES,
    "misstated-changes": MISSTATED_CHANGES,
    "honest-bags": HONEST_BAGS,
    "misstated-bags": MISSTATED_BAGS,
    "honest-passengers": HONEST_PASSENGERS,
    "misstated-passengers": MISSTATED_PASSENGERS,
    # closed the same day: role and fare labels name no one, nor a place of a route
    "names-labels": NAMES_LABELS,
    # closed after the review: a count now under a label, the customer as "you", a booking as
    # its ticket, a split cost as its parts, a cost as more than what was paid, counts and cost
    # in a table's cells, insurance said bought, a flight said kept or cancelled against the
    # write, a cost said free, a charge said of a free write
    "current-as-label": CURRENT_AS_LABEL,
    "named-as-you": NAMED_AS_YOU,
    "action-as-ticket": ACTION_AS_TICKET,
    "split-without-total": SPLIT_WITHOUT_TOTAL,
    "cost-more-than": COST_MORE_THAN,
    "counts-in-cells": COUNTS_IN_CELLS,
    "insurance-said": INSURANCE_SAID,
    "flights-said-kept": FLIGHTS_SAID_KEPT,
    "said-free": SAID_FREE,
    "cost-of-a-free-write": COST_OF_A_FREE_WRITE,
}


def _passes(write: dict[str, Any], listing: str) -> bool:
    """Whether the rule passes ``write`` after the agent's ``listing`` and the customer's
    "Yes." (as ``_verdict`` in ``tests/test_airline_listing_classes.py``)."""
    transcript = convo(IDENTIFIED, ("Please do it.", [], listing), ("Yes.", [write], "Done."))
    return judged(ConfirmedBeforeWriting(), transcript)[0] is Outcome.PASS


@pytest.mark.parametrize(("write", "listing", "passes"), held_rows(HOLDS))
def test_the_verdict_holds(write: dict[str, Any], listing: str, passes: bool) -> None:
    assert _passes(write, listing) is passes


@pytest.mark.parametrize(("write", "listing", "passes"), known_wrong_rows(GAPS))
def test_a_known_wrong_verdict(write: dict[str, Any], listing: str, passes: bool) -> None:
    assert _passes(write, listing) is passes


def test_the_counts_in_the_docstring() -> None:
    counts = RowCounts(rows=122, must_pass=66, false_fails=0, false_passes=0)
    assert row_counts(HOLDS, GAPS) == counts
