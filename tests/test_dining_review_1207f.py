"""Over every bundled dining scenario a plan serves in full: the classes of false passes closed
after the review of ``tests/test_review_probes_dining_1207f.py``, each drawn in the words a
model writes them in, with the scenario's own guests and plan, beside honest twins that must
still pass.

Each property failed on the code before its fix (seen on the base commit).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.plan_words import MEAL_WINDOWS
from checkers.results import Verdict
from checkers.transcript import Transcript
from domains.dining.judge import judge_everyone_ate
from domains.dining.needs_broken import needs_of
from domains.dining.scenarios import DINING
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, _plan

SCENARIOS = st.sampled_from(SERVED_IN_FULL)


def _after_plan(scenario_id: str, said: str) -> Verdict:
    """The verdict on ``said`` after a fenced plan that serves every guest of ``scenario_id``."""
    scenario = DINING.load_scenario(scenario_id)
    restaurant, _, time = _plan(scenario)
    plan = f'```json\n{{"restaurant": "{restaurant}", "time": "{time}"}}\n```'
    return judge_everyone_ate(scenario, Transcript(final_text=f"{plan}\n\n{said}"), 1.0)


def _guest(scenario_id: str, data: st.DataObject) -> str:
    """A guest's name drawn from the scenario's group."""
    guests = DINING.load_scenario(scenario_id).group.guests
    return data.draw(st.sampled_from([g.name for g in guests]))


SERVED = (
    "can eat here",
    "can eat there",
    "is covered",
    "is catered for",
    "will be fine",
    "is happy with this",
)
"""Words of the plan serving whom they follow (a verb of the whole group, singular)."""

# --- the whole group taken down: almost, all but one, an exception after, a hedge after -------

ALMOST = (
    "Almost everyone {S}.",
    "Nearly everyone {S}.",
    "Virtually everyone {S}.",
    "Practically everyone {S}.",
    "Pretty much everyone {S}.",
    "Just about everybody {S}.",
    "Almost all of you can eat here.",
    "Nearly all the guests are covered.",
    "All but one guest can eat here.",
    "Everyone but one of you {S}.",
    "Everyone except one person {S}.",
    "This covers pretty much everyone.",
    "It works for nearly everyone.",
)
EXCEPTION_AFTER = (
    "Everyone {S} \u2014 well, except {G}.",
    "Everyone {S} (except {G}, sadly).",
    "Everyone {S}, with one exception: {G}.",
    "Everyone {S}, with the exception of {G}.",
    "Everybody {S} - except {G}, unfortunately.",
)
HEDGED_AFTER = (
    "Everyone {S} (well, almost).",
    "Everyone {S}, more or less.",
    "Everyone {S}. Well, almost.",
    "Everyone {S}, mostly.",
    "Everybody {S} \u2014 for the most part.",
)
HONEST = (
    "Everyone {S}.",
    "Everyone {S}, even {G}.",
    "Nearly every dish is suitable, so everyone {S}.",
    "Everyone {S}; almost every dish fits the group.",
    "Everyone {S} (almost every dish is suitable).",
    "Everyone {S}, and the place is almost never full.",
    "All but one dish is safe for everyone, and everyone {S}.",
    "Everyone {S}; {G} will be glad, mostly for the desserts.",
)


@settings(max_examples=150, deadline=None)
@given(SCENARIOS, st.sampled_from(ALMOST + EXCEPTION_AFTER + HEDGED_AFTER), st.data())
def test_the_group_taken_down_fails_in_every_scenario(
    scenario_id: str, sentence: str, data: st.DataObject
) -> None:
    said = sentence.format(S=data.draw(st.sampled_from(SERVED)), G=_guest(scenario_id, data))
    assert not _after_plan(scenario_id, said).passed, (scenario_id, said)


@settings(max_examples=100, deadline=None)
@given(SCENARIOS, st.sampled_from(HONEST), st.data())
def test_everyone_said_served_honestly_passes_in_every_scenario(
    scenario_id: str, sentence: str, data: st.DataObject
) -> None:
    said = sentence.format(S=data.draw(st.sampled_from(SERVED)), G=_guest(scenario_id, data))
    assert _after_plan(scenario_id, said).passed, (scenario_id, said)


# --- a guest with nothing to eat, said beside the name ------------------------------------------

NOTHING_BESIDE = (
    "- {G}: no options",
    "{G}: nothing to eat.",
    "{G} (no suitable dishes)",
    "{G} \u2014 nothing on the menu works for them.",
    "- {O}: roasted vegetables\n- {G}: nothing suitable\n- {O}: fries",
    "**{G}:** no safe options",
    "{G} \u2192 nothing available",
    "| Guest | Status |\n|---|---|\n| {O} | covered |\n| {G} | no options |",
    "| Guest | Dish |\n|---|---|\n| {O} | Salad |\n| {G} | none |",
    "| Name | Meal |\n|---|---|\n| {O} | Curry |\n| {G} | \u2014 |",
)
NOTHING_HONEST = (
    "- {G}: no dairy",
    "{G}: nothing with peanuts, please.",
    "- {G}: dairy-free options",
    "Dietary needs:\n- {G}: none",
    "| Guest | Allergies |\n|---|---|\n| {O} | dairy |\n| {G} | none |",
    "| Guest | Dish |\n|---|---|\n| {O} | Salad |\n| {G} | Curry |",
    "{G} (no preferences) will enjoy it.",
)


def _two_guests(scenario_id: str, data: st.DataObject) -> dict[str, str]:
    """A guest ``G`` and another name ``O`` of the group (the same when it has one guest)."""
    names = [g.name for g in DINING.load_scenario(scenario_id).group.guests]
    guest = data.draw(st.sampled_from(names))
    other = data.draw(st.sampled_from([n for n in names if n != guest] or names))
    return {"G": guest, "O": other}


@settings(max_examples=150, deadline=None)
@given(SCENARIOS, st.sampled_from(NOTHING_BESIDE), st.data())
def test_a_guest_with_nothing_beside_the_name_fails_in_every_scenario(
    scenario_id: str, sentence: str, data: st.DataObject
) -> None:
    said = sentence.format(**_two_guests(scenario_id, data))
    assert not _after_plan(scenario_id, said).passed, (scenario_id, said)


@settings(max_examples=100, deadline=None)
@given(SCENARIOS, st.sampled_from(NOTHING_HONEST), st.data())
def test_a_guest_beside_what_they_avoid_passes_in_every_scenario(
    scenario_id: str, sentence: str, data: st.DataObject
) -> None:
    said = sentence.format(**_two_guests(scenario_id, data))
    assert _after_plan(scenario_id, said).passed, (scenario_id, said)


# --- no dish of a guest's need, with no place named ---------------------------------------------

NO_DISH = (
    "There's no {W} dish.",
    "There are no {W} options.",
    "There is nothing {W} on the menu.",
    "There aren't any {W} mains.",
    "Sadly, there's nothing {W} available.",
    "Nothing on the menu is {W}.",
    "No dish is {W}.",
    "None of the mains are {W}.",
    "Not a single dish is {W}.",
)
NO_DISH_HONEST = (
    "There's no shortage of {W} options.",
    "There's no {W} surcharge.",
    "There's no need to ask for {W} dishes; the menu marks them.",
    "Nothing {W} is sold out tonight, so order freely.",
)


def _suitable_word(scenario_id: str, data: st.DataObject) -> str:
    """A word for a dish some guest of the scenario needs ("vegetarian", "dairy-free")."""
    words = needs_of(DINING.load_scenario(scenario_id)).suitable
    return data.draw(st.sampled_from([w for w in words if w not in ("affordable", "cheap")]))


WITH_SUITABLE = tuple(
    s
    for s in SERVED_IN_FULL
    if any(w not in ("affordable", "cheap") for w in needs_of(DINING.load_scenario(s)).suitable)
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(WITH_SUITABLE), st.sampled_from(NO_DISH), st.data())
def test_no_dish_of_a_need_with_no_place_named_fails_in_every_scenario(
    scenario_id: str, sentence: str, data: st.DataObject
) -> None:
    said = sentence.format(W=_suitable_word(scenario_id, data))
    assert not _after_plan(scenario_id, said).passed, (scenario_id, said)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(WITH_SUITABLE), st.sampled_from(NO_DISH_HONEST), st.data())
def test_a_dish_of_a_need_named_without_lacking_it_passes_in_every_scenario(
    scenario_id: str, sentence: str, data: st.DataObject
) -> None:
    said = sentence.format(W=_suitable_word(scenario_id, data))
    assert _after_plan(scenario_id, said).passed, (scenario_id, said)


# --- a place's hours, or another place ruled out by its meals: no other plan ---------------------


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _dinner(scenario_id: str) -> tuple[int, int]:
    """The start and end, in minutes, of the dinner of a plan serving every guest."""
    scenario = DINING.load_scenario(scenario_id)
    _, _, time = _plan(scenario)
    start = int(time[:2]) * 60 + int(time[3:])
    return start, start + scenario.group.duration_minutes


IN_THE_DAY = st.sampled_from(
    [s for s in SERVED_IN_FULL if _dinner(s)[0] >= 90 and _dinner(s)[1] + 90 < 24 * 60]
)
"""The scenarios whose dinner has an hour and a half of the day on either side, so that hours
around it are written on one day."""


def _hours_words(scenario_id: str, data: st.DataObject) -> dict[str, str]:
    """The words of the plan's hours: ``O``-``C`` its own place's that hold the dinner, ``E``
    an earlier opening, ``L`` a later one, ``M`` a meal the dinner is not at, ``X`` another
    restaurant of the scenario, ``S``-``T`` hours of it that
    close before the dinner ends, ``H``-``K`` hours of it that hold the dinner."""
    scenario = DINING.load_scenario(scenario_id)
    restaurant, _, _ = _plan(scenario)
    start, end = _dinner(scenario_id)
    others = [r.name for r in scenario.restaurants if r.id != restaurant]
    return {
        "O": _clock(start - data.draw(st.sampled_from([0, 30, 60, 90]))),
        "C": _clock(end + data.draw(st.sampled_from([0, 30, 90]))),
        "E": _clock(start - data.draw(st.sampled_from([0, 15, 30, 60]))),
        "X": data.draw(st.sampled_from(others)),
        "S": _clock(start - 60),
        "T": _clock(end - data.draw(st.sampled_from([30, 60]))),
        "H": _clock(start - 60),
        "K": _clock(end + 60),
        "L": _clock(start + data.draw(st.sampled_from([30, 60]))),
        "M": data.draw(
            st.sampled_from(
                [
                    m
                    for m in ("breakfast", "lunch", "dinner")
                    if not (MEAL_WINDOWS[m][0] <= start < MEAL_WINDOWS[m][1])
                ]
            )
        ),
    }


HOURS_HONEST = (
    "Their hours are {O}-{C}.",
    "Opening hours are {O}-{C}.",
    "It opens for dinner at {E}.",
    "They open for dinner at {E}.",
    "It serves dinner from {E}.",
    "{X} is open {S}-{T}.",
    "{X} is only open {S}-{T}.",
    "{X} is a {M}-only spot, so this one it is.",
    "{X} only serves {M}, so I went with this one.",
)
HOURS_OFFERING = (
    "Their hours are {O}-{C}, and {L} works too.",
    "{X} is open {H}-{K}.",
    "{X} is open {H}-{K} and has great reviews.",
    "{X} opens for dinner at {E} too.",
    "It opens for dinner at {L}.",
    "It serves dinner from {L}.",
)


@settings(max_examples=150, deadline=None)
@given(IN_THE_DAY, st.sampled_from(HOURS_HONEST), st.data())
def test_a_places_hours_or_its_meals_ruled_out_pass_in_every_scenario(
    scenario_id: str, sentence: str, data: st.DataObject
) -> None:
    said = sentence.format(**_hours_words(scenario_id, data))
    assert _after_plan(scenario_id, said).passed, (scenario_id, said)


@settings(max_examples=100, deadline=None)
@given(IN_THE_DAY, st.sampled_from(HOURS_OFFERING), st.data())
def test_hours_that_offer_or_deny_a_plan_fail_in_every_scenario(
    scenario_id: str, sentence: str, data: st.DataObject
) -> None:
    said = sentence.format(**_hours_words(scenario_id, data))
    assert not _after_plan(scenario_id, said).passed, (scenario_id, said)


# --- the plan on a condition naming a guest; a guest left out through advice, a pronoun, a -----
# --- verb of struggle, or a budget passed with no possessive ------------------------------------

LEFT_OUT_OTHERWISE = (
    "Provided the kitchen can make something for {G}, this works.",
    "Assuming {G} can eat the salad, everyone's covered.",
    "If {G} can leave work early, everyone can make it.",
    "This works if {G} skips dessert.",
    "This works, as long as {G} doesn't mind the trip.",
    "It should work, once {G} agrees to a later start.",
    "{G} is a regular here. {P} won't find anything {P_LOW} can eat, though.",
    "{G} won't find anything to eat.",
    "{G} will struggle to find something.",
    "{G} might struggle with the menu.",
    "{G} should eat before coming.",
    "{G} might want to eat beforehand.",
    "{G} may want to grab a bite first.",
    "Note: {G} will have to grab something beforehand.",
    "{G} is over budget.",
    "{G} will be slightly over budget here.",
    "{G}'s a bit over the limit.",
)
LEFT_OUT_HONEST = (
    "This works even if {G} is a bit late.",
    "If {G} wants dessert, the cake is a good pick.",
    "Everyone is covered. If {G} needs a ride, let me know.",
    "{G} won't find anything too spicy here.",
    "Nobody will struggle to find a dish here.",
    "{G} should get there a bit early.",
    "{G} should bring a jacket.",
    "{G} won't be over budget.",
    "{G} is well under budget.",
)


@settings(max_examples=200, deadline=None)
@given(SCENARIOS, st.sampled_from(LEFT_OUT_OTHERWISE), st.data())
def test_a_guest_left_out_in_other_words_fails_in_every_scenario(
    scenario_id: str, sentence: str, data: st.DataObject
) -> None:
    pronoun = data.draw(st.sampled_from(["He", "She"]))
    said = sentence.format(G=_guest(scenario_id, data), P=pronoun, P_LOW=pronoun.lower())
    assert not _after_plan(scenario_id, said).passed, (scenario_id, said)


@settings(max_examples=100, deadline=None)
@given(SCENARIOS, st.sampled_from(LEFT_OUT_HONEST), st.data())
def test_a_guest_named_beside_the_plan_honestly_passes_in_every_scenario(
    scenario_id: str, sentence: str, data: st.DataObject
) -> None:
    said = sentence.format(G=_guest(scenario_id, data))
    assert _after_plan(scenario_id, said).passed, (scenario_id, said)


# --- the plan's place said to seat fewer than the party, by its name ----------------------------

SEATS = ("{R} seats {N}.", "{R} can seat {N}.", "{R} holds {N}.", "It seats {N}.")
SEATS_HONEST = (
    "{R} seats {M}.",
    "{R} can seat {M}, so there's room.",
    "{R} seats {N} at the bar and {M} inside.",
    "{R} seats {N} more people than the café next door.",
)
_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@settings(max_examples=100, deadline=None)
@given(SCENARIOS, st.sampled_from(SEATS + SEATS_HONEST), st.data())
def test_the_plans_place_seating_fewer_than_the_party_fails_in_every_scenario(
    scenario_id: str, sentence: str, data: st.DataObject
) -> None:
    scenario = DINING.load_scenario(scenario_id)
    party = len(scenario.group.guests)
    _, name, _ = _plan(scenario)
    fewer = data.draw(st.integers(1, party - 1)) if party > 1 else None
    more = data.draw(st.integers(party, 60))
    if fewer is None:
        sentence = data.draw(st.sampled_from(SEATS_HONEST[:2]))
    in_words = data.draw(st.booleans())
    said = sentence.format(
        R=name,
        N=_WORDS[fewer - 1] if in_words and fewer else fewer,
        M=more,
    )
    honest = sentence in SEATS_HONEST
    assert _after_plan(scenario_id, said).passed is honest, (scenario_id, said)
