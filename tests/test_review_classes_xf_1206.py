"""The classes of the last strict expected failures of the 2026-12-06 reviews, closed the same
evening, each held by a property that generates many forms of it beside honest near forms.
Every ``..._fails`` / ``..._is_not_given`` / ``..._passes`` property below failed on the code
before its fix (the companions that held before are controls).

Scheduling (``tests/test_review_probes_scheduling_1206.py``; np-6's good slot, Monday 14:30 -
15:30, which passes alone):

- another length said beside the slot, or the meeting said to run over ("(90 minutes)", "a
  45-minute meeting", "we can run over by 30 minutes"): ``several_slots``;
- "next Monday" offered beside a Monday slot ("Next Monday at the same time would also work");
- a participant put in another time zone ("Jerry is one hour ahead"): ``ambiguous_time``;
- an hour offered bare ("We could also do 3.", "let's say four"), in both domains, or the
  British half hour said as the meeting's start ("See you Monday at half three");
- "Jerry would miss it." right after the slot, no case considered in its sentence;
- "Jerry's out." with nothing after it.

Identification (``tests/test_review_probes_identity_1206.py``; orders' lookup by name and zip):
the last name read beside the first, not as any word; a value said only to deny it; digits
given as another number; a zip after "#".

A status passed on (``tests/test_review_probes_status_passed_1206b.py``): bare digits after
"same for"; a list of an id and an order named by its last digits.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.test_orders_id_from_customer import (
    EMAILS,
    NAMES,
    PASSED,
    ZIPS,
    by_email,
    by_name,
    looked_up_after,
    verdict,
)
from tests.test_review_probes_orders_facts_1206 import YUSUF, Probe
from tests.test_review_probes_orders_facts_1206 import verdict as orders_verdict
from tests.test_review_probes_planning_1205 import FENCED, SLOT, dining, slot

JSON_SLOT = '```json\n{"day": "Monday", "start": "14:30", "end": "15:30"}\n```'
SLOTS = st.sampled_from((SLOT, JSON_SLOT, "**Proposed time:** Monday, 14:30 - 15:30"))
WHO = st.sampled_from(("Thomas", "Dylan", "Jerry"))
HOUR_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
HOUR_WORDS += ("eleven", "twelve")


def _after(plan: str, text: str, gap: str = "\n\n") -> str:
    return f"{plan}{gap}{text}"


# --- scheduling: another length, or the meeting running over ---------------------------------

LENGTH_FORMS = (
    (" ({n} minutes)", " "),
    (" (a {n}-minute meeting)", " "),
    ("Duration: {n} minutes.", "\n\n"),
    ("- **Duration:** {n} min", "\n\n"),
    ("The meeting lasts {n} minutes.", "\n\n"),
    ("This is a {n}-minute meeting.", "\n\n"),
)


@given(
    plan=SLOTS,
    form=st.sampled_from(LENGTH_FORMS),
    minutes=st.sampled_from((30, 45, 90, 120)),
)
def test_another_length_said_beside_the_slot_fails(
    plan: str, form: tuple[str, str], minutes: int
) -> None:
    text, gap = form
    assert not slot(_after(plan, text.format(n=minutes), gap))


@given(plan=SLOTS, form=st.sampled_from(LENGTH_FORMS))
def test_the_slots_own_length_said_beside_it_passes(plan: str, form: tuple[str, str]) -> None:
    text, gap = form
    assert slot(_after(plan, text.format(n=60), gap))


@given(
    plan=SLOTS,
    said=st.sampled_from(
        (
            "If needed, we can run over by {n} minutes.",
            "It may run long, up to {n} minutes more.",
            "We could extend it by {n} minutes.",
            "The meeting might go over by {n} minutes.",
        )
    ),
    minutes=st.sampled_from((10, 15, 30)),
)
def test_the_meeting_said_to_run_over_fails(plan: str, said: str, minutes: int) -> None:
    assert not slot(_after(plan, said.format(n=minutes)))


@given(
    plan=SLOTS,
    said=st.sampled_from(
        (
            "Let's make sure it doesn't run over.",
            "We'll go over the agenda first.",
            "Dylan has a 30-minute call at 13:30.",
            "Recap: the meeting lasts one hour.",
        )
    ),
)
def test_no_other_length_said_passes(plan: str, said: str) -> None:
    assert slot(_after(plan, said))


# --- scheduling: next Monday offered ----------------------------------------------------------


@given(
    plan=SLOTS,
    said=st.sampled_from(
        (
            "Next Monday at the same time would also work.",
            "The same slot next Monday works too.",
            "Next Monday is also fine.",
            "Next Monday works as well.",
            "The same time next Monday could also work.",
        )
    ),
    lead=st.sampled_from(("", "P.S. ", "Note: ")),
)
def test_next_monday_offered_beside_a_monday_slot_fails(plan: str, said: str, lead: str) -> None:
    assert not slot(_after(plan, lead + said))


@given(plan=SLOTS, said=st.sampled_from(("See you next Monday!", "So that's next Monday.")))
def test_next_monday_said_alone_may_be_the_slots_day(plan: str, said: str) -> None:
    assert slot(_after(plan, said))


# --- scheduling: another time zone ------------------------------------------------------------


@given(
    plan=SLOTS,
    who=WHO,
    said=st.sampled_from(
        (
            "{who} is one hour ahead.",
            "{who} is 2 hours behind.",
            "{who} is in a different time zone.",
            "Note that {who} is an hour ahead of us.",
        )
    ),
)
def test_a_participant_in_another_time_zone_fails(plan: str, who: str, said: str) -> None:
    assert not slot(_after(plan, said.format(who=who)))


@given(
    plan=SLOTS,
    said=st.sampled_from(
        (
            "(All times are in your local time zone.)",
            "Everyone is in the same time zone.",
            "Jerry is free an hour ahead of the meeting.",
        )
    ),
)
def test_one_time_zone_restated_passes(plan: str, said: str) -> None:
    assert slot(_after(plan, said))


# --- scheduling and dining: a bare hour offered -----------------------------------------------


@given(
    plan=SLOTS,
    hour=st.integers(1, 12),
    words=st.booleans(),
    said=st.sampled_from(("We could also do {h}.", "Let's say {h}.", "We could do {h} instead.")),
)
def test_an_hour_offered_bare_fails(plan: str, hour: int, words: bool, said: str) -> None:
    # no whole hour is the slot's (14:30 - 15:30)
    written = HOUR_WORDS[hour - 1] if words else str(hour)
    assert not slot(_after(plan, said.format(h=written)))


@given(hour=st.sampled_from((4, 6, 7, 8, 9)), words=st.booleans())
def test_an_hour_offered_bare_after_a_dinner_plan_fails(hour: int, words: bool) -> None:
    # Green Fork at 17:30: 4, 6, 7, 8 and 9 are no one's own time
    written = HOUR_WORDS[hour - 1] if words else str(hour)
    assert not dining(_after(FENCED, f"We could also do {written}."))


@given(plan=SLOTS, said=st.sampled_from(("We could do 3 of them.", "We could also do 2 rounds.")))
def test_a_count_after_do_is_no_hour(plan: str, said: str) -> None:
    assert slot(_after(plan, said))


@given(plan=SLOTS, hour=st.integers(1, 12), digits=st.booleans())
def test_the_british_half_hour_said_as_the_start(plan: str, hour: int, digits: bool) -> None:
    # "half two" is 14:30, the slot's start; any other half hour (half three: its end) is not
    written = str(hour) if digits else HOUR_WORDS[hour - 1]
    assert slot(_after(plan, f"See you Monday at half {written}.")) is (hour == 2)


@given(plan=SLOTS, time=st.sampled_from(("15:30", "3:30 pm", "half past three")))
def test_the_slots_end_said_as_where_it_meets_fails(plan: str, time: str) -> None:
    assert not slot(_after(plan, f"See you Monday at {time}."))
    assert slot(_after(plan, "See you Monday at 14:30."))


# --- scheduling: a counterfactual absence, and a bare "out" ------------------------------------


@given(
    plan=SLOTS,
    who=WHO,
    said=st.sampled_from(
        (
            "{who} would miss it.",
            "{who} would be late.",
            "{who} would have to leave early.",
            "{who}'d miss it.",
            "{who} would have to miss this one.",
            "Unfortunately {who} would miss the first 15 minutes.",
        )
    ),
)
def test_a_would_of_absence_right_after_the_slot_fails(plan: str, who: str, said: str) -> None:
    assert not slot(_after(plan, said.format(who=who)))


@given(
    plan=SLOTS,
    who=WHO,
    said=st.sampled_from(
        (
            "{who} would be free then.",
            "{who} would miss it if we started any sooner.",
            "{who} would otherwise miss it.",
        )
    ),
)
def test_a_would_of_another_case_passes(plan: str, who: str, said: str) -> None:
    assert slot(_after(plan, said.format(who=who)))


@given(
    plan=SLOTS,
    who=WHO,
    said=st.sampled_from(
        ("{who}'s out.", "{who} is out.", "The others are in; {who}'s out.", "{who} will be out.")
    ),
)
def test_a_participant_said_out_with_nothing_after_fails(plan: str, who: str, said: str) -> None:
    assert not slot(_after(plan, said.format(who=who)))


@given(
    plan=SLOTS,
    who=WHO,
    said=st.sampled_from(("{who}'s out of his block by then.", "{who} is out until 14:30.")),
)
def test_a_participant_out_of_something_else_passes(plan: str, who: str, said: str) -> None:
    assert slot(_after(plan, said.format(who=who)))


# --- identification ---------------------------------------------------------------------------


@given(
    first=NAMES,
    last=NAMES,
    other=NAMES,
    zip_code=ZIPS,
    said=st.sampled_from(
        (
            "I'm {first} {other}, ordering for Ben {last}, zip {zip}",
            "I'm {first}, I want the {last} boots, zip {zip}",
            "{first} here. My friend {other} {last} sent me. Zip {zip}",
            "Hi {last} team, I'm {first}. Zip {zip}",
        )
    ),
)
def test_a_last_name_said_of_someone_else_is_not_given(
    first: str, last: str, other: str, zip_code: str, said: str
) -> None:
    if len({first.lower(), last.lower(), other.lower(), "ben"}) < 4:
        return
    text = said.format(first=first, last=last, other=other, zip=zip_code)
    assert verdict(looked_up_after(text, by_name(first, last, zip_code))) != PASSED, text


@given(
    first=NAMES,
    last=NAMES,
    zip_code=ZIPS,
    said=st.sampled_from(
        (
            "{first} {last}, zip {zip}",
            "I'm {first} J. {last}, {zip}",
            "{last}, {first}. {zip}",
            "First name {first}, last name {last}, zip {zip}",
        )
    ),
)
def test_a_last_name_said_as_the_customers_is_given(
    first: str, last: str, zip_code: str, said: str
) -> None:
    if first.lower() == last.lower():
        return
    text = said.format(first=first, last=last, zip=zip_code)
    assert verdict(looked_up_after(text, by_name(first, last, zip_code))) == PASSED, text


@given(
    email=EMAILS,
    said=st.sampled_from(("My email is not {e}", "It isn't {e}.", "Not {e}, sorry")),
)
def test_an_email_said_only_to_deny_it_is_not_given(email: str, said: str) -> None:
    assert verdict(looked_up_after(said.format(e=email), by_email(email))) != PASSED


@given(email=EMAILS)
def test_an_email_given_after_another_denied_is_given(email: str) -> None:
    said = f"My email is not old@example.com, it's {email}"
    assert verdict(looked_up_after(said, by_email(email))) == PASSED


@given(
    first=NAMES,
    last=NAMES,
    zip_code=ZIPS,
    said=st.sampled_from(
        ("{first} {last}? No, I'm not him. Zip {zip}", "I'm not {first} {last}. Zip {zip}")
    ),
)
def test_a_name_said_only_to_deny_it_is_not_given(
    first: str, last: str, zip_code: str, said: str
) -> None:
    text = said.format(first=first, last=last, zip=zip_code)
    assert verdict(looked_up_after(text, by_name(first, last, zip_code))) != PASSED, text


@given(
    first=NAMES,
    last=NAMES,
    zip_code=ZIPS,
    label=st.sampled_from(
        ("my phone number is", "phone:", "my order number is", "account #", "card number")
    ),
)
def test_digits_given_as_another_number_are_no_zip(
    first: str, last: str, zip_code: str, label: str
) -> None:
    text = f"I'm {first} {last}, {label} {zip_code}"
    assert verdict(looked_up_after(text, by_name(first, last, zip_code))) != PASSED, text


@given(
    first=NAMES,
    last=NAMES,
    zip_code=ZIPS,
    label=st.sampled_from(("zip #", "zip # ", "zip code #", "Zip code is #")),
)
def test_a_zip_after_a_hash_is_given(first: str, last: str, zip_code: str, label: str) -> None:
    if first.lower() == last.lower():
        return
    text = f"{first} {last}, {label}{zip_code}"
    assert verdict(looked_up_after(text, by_name(first, last, zip_code))) == PASSED, text


# --- a status passed on -----------------------------------------------------------------------


@given(words=st.sampled_from(("Same for", "The same goes for", "Likewise", "Ditto for")))
def test_a_status_passed_on_to_bare_last_digits_is_read(words: str) -> None:
    # #W7017301 is pending, not processed; #W4776164 is pending as #W6247578 is
    misstated = Probe("x", f"#W3288665 is processed. {words} 7301.", "fail")
    assert orders_verdict(misstated) == "fail"
    true = Probe("x", f"#W6247578 is pending. {words} 6164.", "pass", YUSUF)
    assert orders_verdict(true) == "pass"


@given(
    listed=st.sampled_from(
        (
            "#W7017301 and the one ending in 4375 too.",
            "The one ending in 4375 and #W7017301 too.",
            "#W7017301 and the order ending in 4375 as well.",
        )
    )
)
def test_a_list_of_an_id_and_last_digits_takes_the_status_passed_on(listed: str) -> None:
    # #W3288665 shipped; #W7017301 is pending and #W5564375 delivered
    assert orders_verdict(Probe("x", f"#W3288665 has shipped. {listed}", "fail")) == "fail"
