"""Classes the hostile review of 2026-12-06 (``tests/test_review_probes_dining_1206e.py``) found
in dining's newest readings of a plan for part of the group, closed by class.

Beside story-six's plan (Green Fork at 17:30, a dinner of two hours, six guests), each passed
dining (false passes):

- a party of another size said with the count after "the" or "all" ("I reserved Green Fork
  for the five of you", "Table for all 5 of you") or in the trade's words ("a five-top",
  "5 covers", "for 5 pax" was read, "5 pax" alone was not), or as seats booked ("I've booked 5
  seats at Green Fork");
- a guest busy during the dinner in other words: in meetings, stuck or held at work, on a
  flight or train ("José is in meetings until 18:00", "José is stuck at work till 6 pm",
  "José has a flight at 18:00");
- a guest who skips the dinner or is absent ("José skips dinner", "José will be absent").

The same words said of the whole group's count, of busy time around the dinner, or denied,
pass.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.text import holds_any
from domains.dining import left_out as dining_left_out
from tests.test_review_probes_planning_1205 import FENCED, STORY, dining

GROUP = len(STORY.group.guests)
GUESTS = tuple(guest.name for guest in STORY.group.guests)
WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def placed(text: str, after_plan: bool) -> str:
    """The answer: the plan's JSON, and ``text`` after it or before it."""
    return f"{FENCED}\n\n{text}" if after_plan else f"{text}\n\n{FENCED}"


PARTY_FORMS = (
    "I reserved Green Fork for the {n} of you.",
    "Table for all {n} of you at 17:30.",
    "Booked it for all the {n} of you.",
    "I asked for a {n}-top by the window.",
    "Booked: {n} covers at 17:30.",
    "Green Fork, 17:30, {n} pax.",
    "I've booked {n} seats at Green Fork.",
    "I reserved {n} places for 17:30.",
)


@given(
    form=st.sampled_from(PARTY_FORMS),
    n=st.integers(2, 10),
    in_words=st.booleans(),
    after_plan=st.booleans(),
)
def test_a_party_of_another_size_in_other_words_is_for_part_of_the_group(
    form: str, n: int, in_words: bool, after_plan: bool
) -> None:
    text = form.format(n=WORDS[n - 1] if in_words else str(n))
    assert dining(placed(text, after_plan)) is (n == GROUP), text


NO_PARTY_FORMS = (
    "Of the two restaurants, I'd pick the cheaper reservation of the two.",
    "The booking for the 2 hours is confirmed.",
    "Table for the {g} of you, Green Fork at 17:30.",
    "I've booked {g} seats; the top 3 dishes are vegan.",
    "Green Fork covers {n} dietary needs.",
)
"""A count after "the" that is not a party's, and the group's own count said the new ways."""


@given(form=st.sampled_from(NO_PARTY_FORMS), n=st.integers(1, 10), after_plan=st.booleans())
def test_other_counts_and_the_groups_own_are_no_party_of_another_size(
    form: str, n: int, after_plan: bool
) -> None:
    text = form.format(n=n, g=GROUP)
    assert dining(placed(text, after_plan)), text


BUSY_UNTIL = (
    "{who} is in meetings until {t}.",
    "{who} is in a call until {t}.",
    "{who} is stuck at work till {t}.",
    "{who} is at the office until {t}.",
)
"""Busy time in other words, until a time in the dinner (17:30 - 19:30) or before it."""
BUSY_AT = ("{who} has a flight at {t}.", "{who} has a train at {t}.")
"""Busy at a time: in the dinner, the guest is away."""


@given(
    form=st.sampled_from(BUSY_UNTIL),
    who=st.sampled_from(GUESTS),
    hour=st.sampled_from((("18:00", True), ("19:00", True), ("17:00", False), ("17:30", False))),
)
def test_a_guest_busy_until_a_time_in_the_dinner_is_left_out(
    form: str, who: str, hour: tuple[str, bool]
) -> None:
    at, during = hour
    text = form.format(who=who, t=at)
    # before the plan: after it, a time alone may read as another plan (several_plans)
    assert dining(placed(text, after_plan=False)) is not during, text


@given(
    form=st.sampled_from(BUSY_AT),
    who=st.sampled_from(GUESTS),
    at=st.sampled_from(("17:30", "18:00", "19:00")),
)
def test_a_guest_away_at_a_time_in_the_dinner_is_left_out(form: str, who: str, at: str) -> None:
    text = form.format(who=who, t=at)
    assert not dining(placed(text, after_plan=False)), text


ABSENT_FORMS = (
    "{who} skips dinner.",
    "{who} will skip the dinner.",
    "{who} has to skip tonight's dinner.",
    "{who} will be absent.",
    "{who} is absent tonight.",
)
KEPT_FORMS = (
    "If {who} skips dinner, we'll save a plate.",
    "{who} never skips dinner.",
    "{who} was absent last week, but is in tonight.",
    "{who} skips dessert, as usual.",
)


@given(form=st.sampled_from(ABSENT_FORMS), who=st.sampled_from(GUESTS), after_plan=st.booleans())
def test_a_guest_who_skips_the_dinner_or_is_absent_is_left_out(
    form: str, who: str, after_plan: bool
) -> None:
    text = form.format(who=who)
    assert not dining(placed(text, after_plan)), text


@given(form=st.sampled_from(KEPT_FORMS), who=st.sampled_from(GUESTS), after_plan=st.booleans())
def test_skipping_or_absence_denied_or_of_other_things_leaves_no_one_out(
    form: str, who: str, after_plan: bool
) -> None:
    text = form.format(who=who)
    assert dining(placed(text, after_plan)), text


@settings(max_examples=300)
@given(data=st.data())
def test_every_text_the_counted_party_finds_holds_one_of_its_words(data: st.DataObject) -> None:
    """:data:`_PARTY_COUNTED` is tried only on a text holding one of its words: every text it
    finds holds one (the pre-filter loses no match)."""
    text = data.draw(st.from_regex(dining_left_out._PARTY_COUNTED))
    match = dining_left_out._PARTY_COUNTED.search(text)
    if match is not None:
        assert holds_any(match.group(), dining_left_out._PARTY_COUNTED_WORDS), text
