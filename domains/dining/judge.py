"""Reading a dining plan from an agent's answer, and judging it guest by guest.

The answer is one JSON object (see :mod:`checkers.answers` for how it is found in the text)::

    {"restaurant": "r03", "time": "19:30"}

- ``restaurant`` (or ``restaurant_id``): the restaurant's id, or its exact name, compared as
  :func:`domains.dining.models.ref_form` reads both (case, spacing, full-width and invisible
  characters ignored). Giving both keys for different restaurants (or one the catalog does not
  hold) is ``conflicting_restaurant``; the same restaurant by name and id is one answer.
- ``time`` (or ``start_time``): the dinner's start in 24-hour ``HH:MM``; ``HH:MM:SS`` is accepted
  when the seconds are ``00``. ``7pm``, ``7:00``, ``24:00``, ``19:00:30`` and datetimes are
  ``unparseable_time``: the checker does not guess what the agent meant. Both keys at the same
  minute (``17:30`` and ``17:30:00``) are one answer; at different ones, ``conflicting_time``.
- Keys are read as :func:`checkers.answers.key_form` reads them: ``"TIME"`` is ``time``.
- Other keys (a reason, a list of dishes) are ignored and listed in the verdict's notes, except
  a party key (``party_size``, ``guests``, :data:`PARTY_KEYS`): a count or list of guests other
  than the group's size says the plan is for part of the group (below).

A missing or unreadable field is an answer problem: the checks that need that field are
``incomplete`` and the plan cannot pass; the checks that do not need it still report, so a plan
with an unknown time still says who could eat at the restaurant.

An object nested in the answer that holds a plan key with other values (``"options": [{...}]``)
is a second plan: ``several_json_objects`` (see :mod:`checkers.answers`).

**What was booked** is held against what is said (:mod:`domains.dining.booking`): where the agent
called ``book_table``, the stated plan must be the table booked, for the whole group; see
:func:`judge_everyone_ate`.

**The final word.** The prose around the plan (and the strings inside its object) must stand by
it: an answer that takes it back ("Actually, skip dinner"), denies it ("we did NOT book r05",
"r05 is fully booked"), corrects it ("Correction: 19:00") or offers another ("Alternatively, Umi
at 18:30", a ``backup`` key) is ``plan_withdrawn``, ``plan_negated``, ``plan_corrected`` or
``several_plans``, and "no restaurant works" beside a plan is ``plan_and_no_plan`` (see
:mod:`checkers.final_word`; this module gives only the plan's words: :data:`PLAN_NOUNS`, its
restaurant by id and name, its time).

**A language the readers read.** A sentence anywhere in the answer in another language or
script ("Raj kann leider nicht kommen", "杰瑞不能参加") may deny the plan in words no reader
reads: the answer is ``unread_language`` (:mod:`checkers.unread_language`; the scenario's own
names, dishes and cuisines in any language count for nothing).

**A dinner of the group's length.** An answer that gives its dinner another length, under a
key of its JSON (``"duration_minutes": 60``, ``"end": "18:30"``), in words ("Duration: 1 hour",
"a one-hour dinner") or as a range from its start ("Dinner runs 17:30 - 18:30"), or says that
it, its table or its restaurant ends or closes inside it ("Green Fork closes at 18:30", "We
have the table until 18:30" of a dinner to 19:30) states another plan than the one judged:
``plan_other_length`` (:mod:`checkers.plan_length`).

**A plan for the whole group.** An answer that says its plan leaves a guest out is
``plan_for_part_of_group``, however well the plan scores: a party key of another size, a
booking said to be for another number ("a table for 5", "Guests: 5"), "works for 5 of the 6
guests", "suits everyone except Raj", a roster of some of the group ("Invites sent to" five of six,
"RSVP: ... Zoë ❌": :mod:`checkers.roster`), "this plan (its restaurant, its time) does
not satisfy Raj", "Raj can't make it", "leaves out Raj". A guest's constraint is no such word ("Raj
can't eat peanuts", "José can't make it before 17:00"), nor a restaurant weighed and set aside
("I considered Ember & Oak, but it doesn't suit Ana"), nor words said of another plan, its
restaurant or time the last plan part named before them in their sentence ("Ember & Oak at
19:30 leaves out Ana", "Marigold fits everyone except José"; :func:`_said_of_another`).
A guest late, there for part of the dinner or making do, all but a guest or some of the group
served, a guest's limit passed ("José will be a bit late", "Everyone except Björn can eat
there", "suits most of the group", "Ana can just have a side salad", "over Zoë's budget") are
read by :mod:`domains.dining.left_out` (through :mod:`checkers.left_out`, as scheduling reads
its slot), as are a claim beside the plan that no plan suits everyone ("There's no perfect
option": ``plan_and_no_plan``) and the plan on a guest's change ("provided Ana is okay with
the salad": ``plan_on_a_condition``).

**Saying that no plan satisfies everyone** (:func:`read_answer`; the metric
``everyone_ate_or_says_infeasible`` scores it) is one answer of its own, said plainly:

- a JSON object ``{"no_plan": true}`` without ``restaurant`` or ``time`` keys (other keys, such as
  a ``reason``, are allowed), or a final text holding no JSON object that contains the words
  "no plan satisfies everyone" (after :func:`checkers.text.fold`; case and spacing ignored);
- the words stand as a clause of their own: nothing but punctuation between them and the start
  of their clause (``.``, ``!``, ``:``, ``;``, ``,``, a line break) and between them and its end,
  which is not ``?``; but an apology or a link word may lead in ("I'm sorry, but", "So"), the
  words may go on to whose requirements ("everyone's requirements") and a bracketed reason may
  follow that takes nothing back ("(Lena's 1.5 km limit rules out every halal place)").
  "It is simply false that no plan satisfies everyone", "no plan satisfies everyone (not
  really)" or "no plan satisfies everyone?" is ``no_plan_claim_not_plain``;
- the answer offers no plan with it: a claim next to a plan object, ``"no_plan"`` next to a plan
  key, a claim that names a restaurant of the catalog (by id or name: "book r04"), or one beside
  a sentence offering a plan by its time ("Still, I'd go with the steakhouse at 19:00", "the
  19:00 slot at the first restaurant works for the others") is two answers,
  ``plan_and_no_plan``. Name the guests left out and why, not a restaurant or a time to meet
  (a time in a reason, "Lena is free until 18:00", offers nothing);
- the claim is not taken back or corrected ("Scratch that": ``plan_withdrawn``).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from checkers.answers import JsonScan, fields, read_json_object
from checkers.committed import Stated
from checkers.final_word import (
    Mention,
    Phrases,
    PlanVocabulary,
    claim_final_word,
    final_word,
    phrase_mentions,
    phrases,
    plan_span,
)
from checkers.need_relaxed import need_relaxed
from checkers.plan_length import (
    ended_otherwise,
    held_shorter,
    json_length_otherwise,
    length_said_otherwise,
)
from checkers.plan_words import SENTENCE_CUT, TIME_LIKE
from checkers.results import AnswerProblem, RequirementResult, SubjectResult, Verdict
from checkers.roster import roster_leaves_out
from checkers.session_context import once_per_session
from checkers.text import fold, fold_answer, sentences
from checkers.transcript import Transcript
from checkers.unread_language import unread_language
from domains.dining import left_out
from domains.dining.booking import Booking, hold_to_booking, stated_booking
from domains.dining.checks import TIME_KINDS, DiningContext, check_single_dish, checks
from domains.dining.models import OpeningHours, Restaurant, Scenario, parse_clock, ref_form
from domains.dining.needs_broken import PLAN_SUBJECT, needs_of

EXAMPLE_ANSWER = '{"restaurant": "r01", "time": "19:00"}'
RESTAURANT_KEYS = ("restaurant", "restaurant_id")
TIME_KEYS = ("time", "start_time")
NO_PLAN_KEY = "no_plan"
NO_PLAN_WORDS = "no plan satisfies everyone"
PLAN_KEYS = (*RESTAURANT_KEYS, *TIME_KEYS, NO_PLAN_KEY)
"""Keys that make a JSON object a plan (or a claim that there is none)."""
OPENING_HOURS = OpeningHours()
"""The requirement every guest holds: the restaurant is open for the whole dinner."""
P = TypeVar("P")


def _one_field(
    answer: dict[str, Any],
    keys: tuple[str, ...],
    what: str,
    resolve: Callable[[Any], object | None],
) -> Any | AnswerProblem:
    """The value of the field ``keys`` name, or the problem. Two keys agree when their values
    resolve to the same thing (``resolve``: a restaurant's id, a minute; None when a value does
    not resolve, and then only the very same value agrees with it)."""
    # Keys by their folded form, as checkers.answers compares them: "TIME" is the key "time".
    given = {k: v for k, v in fields(answer, keys).items() if v is not None}
    if not given:
        return AnswerProblem(
            code=f"missing_{what}",
            message=f"the plan has no {what} (expected key {keys[0]!r}, e.g. {EXAMPLE_ANSWER})",
        )
    if len(given) == 1:  # the usual answer: one key for the field, nothing to compare
        return next(iter(given.values()))
    meanings = {_meaning(v, resolve) for v in given.values()}
    if len(meanings) > 1:
        return AnswerProblem(
            code=f"conflicting_{what}",
            message=f"the plan gives different {what} values {given}; give one",
        )
    return next(iter(given.values()))


def _meaning(value: Any, resolve: Callable[[Any], object | None]) -> object:
    """What ``value`` stands for: what it resolves to, else the value as written."""
    resolved = resolve(value)
    return ("written", repr(value)) if resolved is None else ("resolved", resolved)


def read_restaurant(answer: dict[str, Any], scenario: Scenario) -> Restaurant | AnswerProblem:
    """The restaurant the plan names, or why it cannot be used. ``restaurant`` and
    ``restaurant_id`` may both be given when they name the same restaurant (its name and id)."""

    def restaurant_id(value: Any) -> str | None:
        place = scenario.restaurant(value) if isinstance(value, str) else None
        return None if place is None else place.id

    value = _one_field(answer, RESTAURANT_KEYS, "restaurant", restaurant_id)
    if isinstance(value, AnswerProblem):
        return value
    if not isinstance(value, str) or not value.strip():
        return AnswerProblem(
            code="bad_restaurant_type",
            message=f"restaurant must be a non-empty string id or name, got {value!r} "
            f"({type(value).__name__})",
        )
    restaurant = scenario.restaurant(value)
    if restaurant is None:
        known = ", ".join(r.id for r in scenario.restaurants[:5])
        return AnswerProblem(
            code="unknown_restaurant",
            message=f"restaurant {value[:80]!r} is not in the catalog "
            f"({len(scenario.restaurants)} restaurants, e.g. {known}); "
            "use an id or exact name from the catalog",
        )
    return restaurant


def read_time(answer: dict[str, Any]) -> int | AnswerProblem:
    """The plan's start time in minutes of the day, or why it cannot be used. ``time`` and
    ``start_time`` may both be given when they are the same minute (``17:30``, ``17:30:00``)."""
    value = _one_field(answer, TIME_KEYS, "time", _minute)
    if isinstance(value, AnswerProblem):
        return value
    minutes = parse_clock(value) if isinstance(value, str) else None
    if minutes is None:
        return AnswerProblem(
            code="unparseable_time",
            message=f"time {str(value)[:40]!r} is not a 24-hour HH:MM start time; "
            "write e.g. '19:00' for 7 pm",
        )
    return minutes


def _minute(value: Any) -> int | None:
    return parse_clock(value) if isinstance(value, str) else None


def judge_guest(ctx: DiningContext, opening: RequirementResult) -> SubjectResult:
    """Every requirement of the context's guest, after ``opening`` (the plan's opening-hours
    result, the same for every guest), then the single-dish rule."""
    requirements = ctx.guest.requirements
    if ctx.restaurant is None:
        results = (opening, *checks.check_each(requirements, ctx), check_single_dish(ctx))
    else:
        steady, single_dish = _steady_results(ctx)
        each = [
            checks.check(r, ctx) if held is None else held
            for r, held in zip(requirements, steady, strict=True)
        ]
        results = (opening, *each, single_dish)
    return SubjectResult.of(ctx.guest.id, ctx.guest.name, results)


_SteadyResults = tuple[tuple[RequirementResult | None, ...], RequirementResult]
_STEADY: dict[tuple[int, int], tuple[object, object, _SteadyResults]] = {}


def _steady_results(ctx: DiningContext) -> _SteadyResults:
    """The results of the guest's requirements that do not depend on the time (None in place of
    each of :data:`~domains.dining.checks.TIME_KINDS`) and the single-dish result, at the
    context's restaurant: judged once per guest and restaurant (the feasibility search judges
    every restaurant of a scenario, and each answer one or two of them again)."""
    guest, restaurant = ctx.guest, ctx.restaurant
    held = _STEADY.get((id(guest), id(restaurant)))
    # Each entry holds its guest and restaurant alive, so the ids in its key name no others.
    if held is None:
        if len(_STEADY) >= 4096:
            _STEADY.clear()
        steady = tuple(
            None if r.kind in TIME_KINDS else checks.check(r, ctx) for r in guest.requirements
        )
        held = _STEADY[(id(guest), id(restaurant))] = (
            guest,
            restaurant,
            (steady, check_single_dish(ctx)),
        )
    return held[2]


def _read_or_problem(part: P | AnswerProblem) -> tuple[P | None, AnswerProblem | None]:
    """A plan part as ``(value, None)``, or ``(None, problem)`` when it could not be read."""
    return (None, part) if isinstance(part, AnswerProblem) else (part, None)


def judge_plan(
    scenario: Scenario,
    answer: dict[str, Any] | None,
    restaurant: Restaurant | AnswerProblem,
    start: int | AnswerProblem,
    threshold: float,
    metric: str = "everyone_ate",
) -> Verdict:
    """Judge a plan whose parts were already read; problems are reported, never filled in."""
    problems = tuple(p for p in (restaurant, start) if isinstance(p, AnswerProblem))
    place, place_problem = _read_or_problem(restaurant)
    minute, time_problem = _read_or_problem(start)
    if place is not None and minute is not None:
        subjects = _plan_subjects(scenario, place, minute)
    else:
        subjects = judge_guests(scenario, place, minute, place_problem, time_problem)
    ignored = sorted(set(answer or {}) - set(fields(answer or {}, (*RESTAURANT_KEYS, *TIME_KEYS))))
    notes = (f"ignored answer fields: {', '.join(ignored)}",) if ignored else ()
    return Verdict.of(
        "dining",
        metric,
        scenario.id,
        threshold,
        subjects,
        answer=answer,
        problems=problems,
        notes=notes,
    )


def judge_guests(
    scenario: Scenario,
    place: Restaurant | None,
    minute: int | None,
    place_problem: AnswerProblem | None = None,
    time_problem: AnswerProblem | None = None,
) -> tuple[SubjectResult, ...]:
    """Every guest's results for a plan at ``place`` from ``minute`` (None: not read, for the
    reason its problem gives)."""
    contexts = [
        DiningContext(guest, scenario.group, place, minute, place_problem, time_problem)
        for guest in scenario.group.guests
    ]
    # Opening hours do not depend on the guest: judged once, held by every guest.
    opening = checks.check(OPENING_HOURS, contexts[0])
    return tuple([judge_guest(ctx, opening) for ctx in contexts])


_PLANS: dict[tuple[int, int, int], tuple[Scenario, Restaurant, tuple[SubjectResult, ...]]] = {}


def _plan_subjects(scenario: Scenario, place: Restaurant, minute: int) -> tuple[SubjectResult, ...]:
    """:func:`judge_guests` of a plan read whole, judged once per scenario, restaurant and start:
    the guests' results depend on nothing else, and answers to one scenario propose the same
    few plans (its best restaurants at the times its guests can meet), each of them judged
    again when the agent booked another. The results are frozen, so verdicts share them."""
    key = (id(scenario), id(place), minute)
    held = _PLANS.get(key)
    # Each entry holds its scenario and restaurant alive, so the ids in its key name no others.
    if held is None:
        if len(_PLANS) >= 4096:
            _PLANS.clear()
        held = _PLANS[key] = (scenario, place, judge_guests(scenario, place, minute))
    return held[2]


def _all_incomplete(scenario: Scenario, problem: AnswerProblem, threshold: float) -> Verdict:
    return judge_plan(scenario, None, problem, problem, threshold).model_copy(
        update={"problems": (problem,)}
    )


_CLAIM = re.compile(r"no\s+plan\s+satisfies\s+everyone")
_CLAUSE_ENDS = ".!:;,\n"


@dataclass(frozen=True)
class NoPlanClaim:
    """An answer that says, plainly, that no plan satisfies everyone (see the module docstring)."""

    answer: dict[str, Any] | None
    """The JSON object that says so (``{"no_plan": true, ...}``), or None for words in text."""
    as_plan: dict[str, Any] | AnswerProblem
    """What the same answer is when read as a plan (``everyone_ate`` judges this)."""


# What may stand in the claim's clause beside it and leave it plain: an apology or a link word
# before ("I'm sorry, but no plan ..."), whose requirements after ("... everyone's needs"), and
# a bracketed reason after that takes nothing back ("... everyone (Lena's limit rules out ...)").
_LEAD_IN = re.compile(
    r"(?:\W*\b(?:but|so|and|sadly|unfortunately|regrettably|however|honestly|in short|"
    r"in the end|overall|i'?m (?:sorry|afraid)|i am (?:sorry|afraid)|sorry|afraid))*\W*"
)
_WHOSE_NEEDS = re.compile(
    r"'s\s+(?:\w+\s+){0,2}?(?:requirements|needs|constraints|preferences|restrictions|"
    r"criteria|conditions|wishes)\b"
)
_ASIDE = re.compile(r"\s*\([^()?]*\)")
_TAKES_BACK = re.compile(
    r"\b(?:not|kidding|joke|joking|false|wrong|actually|maybe|perhaps|possibly|unless|except)\b|n't"
)


def _plain(folded: str, start: int, end: int) -> bool:
    """Whether the words at ``folded[start:end]`` stand as a clause of their own (beside only
    what :data:`_LEAD_IN`, :data:`_WHOSE_NEEDS` and :data:`_ASIDE` allow)."""
    before = start
    while before > 0 and folded[before - 1] not in _CLAUSE_ENDS:
        before -= 1
    after = end
    needs = _WHOSE_NEEDS.match(folded, end)
    if needs is not None:
        after = needs.end()
    aside = _ASIDE.match(folded, after)
    if aside is not None and _TAKES_BACK.search(aside.group()) is None:
        after = aside.end()
    tail = after
    while tail < len(folded) and folded[tail] not in _CLAUSE_ENDS:
        tail += 1
    lead_in = _LEAD_IN.fullmatch(folded[before:start]) is not None
    return lead_in and not any(c.isalnum() or c == "?" for c in folded[after:tail])


def _named_restaurant(folded: str, scenario: Scenario | None) -> str | None:
    """The first catalog restaurant ``folded`` names by id or name, if any."""
    if scenario is None:
        return None
    words = ref_form(folded)
    for place in scenario.restaurants:
        for ref in (place.id, place.name):
            wanted = ref_form(ref)
            if wanted and re.search(rf"(?<![a-z0-9]){re.escape(wanted)}(?![a-z0-9])", words):
                return f"{place.name} ({place.id})"
    return None


# A plan's start as an answer writes it: 24-hour ``19:00`` or 12-hour ``7 pm`` / ``7:30pm``.
_PLAN_TIME = re.compile(r"(?<![\d:])\d{1,2}(?::\d{2}(?!\d|:\d)|(?::\d{2})?\s*[ap]\.?m\b)")
# Words that offer a plan ("I'd go with ...", "... works for the others"), not a reason or a
# relaxation ("Lena is free until 18:00", "drop the distance limit").
_OFFERS = re.compile(
    r"\b(?:go(?:ing)? with|recommend\w*|suggest\w*|(?:my |i'?d )?pick|choose|opt for|book|"
    r"reserve|settle (?:for|on)|instead|fallback|compromise|closest|best (?:option|bet|choice|"
    r"plan|compromise|alternative|fit)|(?:would|could|will) (?:still )?work|"
    r"works? (?:for|out for) (?:the (?:others|rest)|everyone else|all (?:the )?others|most|"
    r"\d+|[a-z]+ of))\b"
)
_NEGATED_BEFORE = re.compile(
    r"(?:\b(?:no|not|nothing|none|never|neither|nor|cannot)|n't)\W+(?:\w+\W+)?$"
)


def _unnamed_plan(folded: str) -> str | None:
    """The first sentence of ``folded`` that offers a plan by its time without naming a
    restaurant of the catalog ("Still, I'd go with the steakhouse at 19:00"): a clock time and
    a word offering a plan that no negation takes back ("nothing works for Lena")."""
    for sentence in sentences(folded):
        if _PLAN_TIME.search(sentence) is None:
            continue
        for offer in _OFFERS.finditer(sentence):
            # Two words before the offer at most: a window keeps a long sentence linear.
            if _NEGATED_BEFORE.search(sentence[max(0, offer.start() - 40) : offer.start()]) is None:
                return sentence
    return None


def _two_answers(what: str) -> AnswerProblem:
    return AnswerProblem(
        code="plan_and_no_plan",
        message=f"the answer says no plan satisfies everyone and also {what}: that is two "
        f"answers, and the checker will not pick one; either propose one plan such as "
        f'{EXAMPLE_ANSWER}, or say only that no plan satisfies everyone (e.g. {{"no_plan": true}})'
        ", naming the guests left out and why, not a restaurant",
    )


PLAN_NOUNS = ("dinner", "restaurant", "place", "table", "venue", "meal", "spot")
"""Nouns a dining answer calls its plan by (see :class:`checkers.final_word.PlanVocabulary`)."""
# A clock time not inside a longer number or time: ``(?<![\d:])\d{1,2}:\d{2}(?!\d|:\d)``, with
# the look-behind after the first digit so that the search skips to digits at C speed. A colon
# after it is punctuation ("Umi Sushi Bar, 18:00: great option"), not seconds.
_CLOCK_MENTION = re.compile(r"\d(?<![\d:]\d)\d?:\d{2}(?!\d|:\d)")


_CATALOGS: dict[int, tuple[Scenario, Phrases, dict[str, list[str]]]] = {}
"""The catalog phrases and restaurant names of recent scenarios, by the scenario object's
identity (each held, so that its identity is not reused while it is here)."""
_NO_CATALOG = phrases(())


def _catalog_phrases(scenario: Scenario | None) -> Phrases:
    """The ids and names of the scenario's restaurants, prepared for finding mentions once per
    scenario: a case reads its scenario once and judges every answer of the case in it."""
    return _NO_CATALOG if scenario is None else _catalog(scenario)[0]


def _catalog(scenario: Scenario) -> tuple[Phrases, dict[str, list[str]]]:
    """The scenario's restaurant phrases and what an answer may call each restaurant (by id:
    :func:`_names`), made once per scenario."""
    held = _CATALOGS.get(id(scenario))
    if held is None or held[0] is not scenario:
        if len(_CATALOGS) >= 256:
            _CATALOGS.clear()
        words = [(r, _menu_words(r), _words(r.name)) for r in scenario.restaurants]
        names = {r.id: _names(r, words) for r in scenario.restaurants}
        refs = [ref for r in scenario.restaurants for ref in (r.id, *names[r.id])]
        held = _CATALOGS[id(scenario)] = (scenario, phrases(refs), names)
    return held[1], held[2]


# A string, split once: a list of a hundred one-word strings reads worse.
_COMMON_NAME_TEXT = (
    "the a an la le el los las il da de di du del house grill bar cafe diner kitchen bistro "
    "trattoria pizzeria taqueria smokehouse steakhouse tavern pub inn garden table place "
    "corner spot club room hall green red blue gold golden black white silver sunny night day "
    "morning evening harbor harbour river lake sea ocean bay hill park city town street "
    "little big old new good best happy lucky royal grand casa saffron chili spice salt "
    "pepper olive lemon bangkok seoul saigon oaxaca tokyo osaka paris rome napoli naples "
    "sicily beirut delhi mumbai havana lima"
)
_COMMON_NAME_WORDS = frozenset(_COMMON_NAME_TEXT.split())
"""Words a restaurant's name may start with that also say something else in an answer
("Green", "The", "Casa", "Saffron", a city a cuisine is named for: "Bangkok-style"): never a
restaurant's short name."""


_CatalogWords = Sequence[tuple[Restaurant, set[str], set[str]]]
"""Each restaurant of a catalog with the words of its cuisine and dishes and of its name."""


_WORD = re.compile(r"[^\W\d_]+")


def _words(text: str) -> set[str]:
    """The words (letters only) of ``text``, folded and casefolded."""
    return set(_WORD.findall(fold(text).casefold()))


def _menu_words(restaurant: Restaurant) -> set[str]:
    """The words of the restaurant's cuisine and dish names."""
    return _words(restaurant.cuisine).union(*(_words(dish.name) for dish in restaurant.menu))


def _short_name(restaurant: Restaurant, catalog: _CatalogWords) -> str | None:
    """The leading word a restaurant goes by ("Umi" for Umi Sushi Bar, "Zaytoun" for Zaytoun
    Halal Grill), if it says nothing else: a word no other restaurant's name holds, and no
    cuisine, dish or common word (:data:`_COMMON_NAME_WORDS`) of the catalog holds."""
    words = fold(restaurant.name).casefold().split()
    if len(words) < 2 or len(words[0]) < 3 or not words[0].isalpha():
        return None
    lead = words[0]
    if lead in _COMMON_NAME_WORDS:
        return None
    for other, menu, name in catalog:
        if lead in menu or (other is not restaurant and lead in name):
            return None
    return lead


def _names(restaurant: Restaurant, catalog: _CatalogWords) -> list[str]:
    """What an answer may call ``restaurant``: its name, with "and" for its "&" ("Ember and
    Oak"), and its short name (:func:`_short_name`)."""
    names = [restaurant.name]
    if "&" in restaurant.name:
        names.append(" ".join(restaurant.name.replace("&", " and ").split()))
    short = _short_name(restaurant, catalog)
    return names if short is None else [*names, short]


def plan_vocabulary(answer: dict[str, Any] | None, scenario: Scenario | None) -> PlanVocabulary:
    """The words for the plan ``answer`` states (None: a claim that there is no plan): its
    restaurant by id and name and its time are its own; the catalog's other restaurants and
    other clock times are other plans' parts."""
    own: list[str] = []
    times: set[int] = set()
    for value in fields(answer or {}, (*RESTAURANT_KEYS, *TIME_KEYS)).values():
        if isinstance(value, str):
            minutes = parse_clock(value)
            if minutes is None:
                own.append(value)
            else:
                # A clock time is found as every clock time is (below): as a phrase too, it
                # would be found twice and send the phrase search down its slow path.
                times.add(minutes)
    place = read_restaurant(answer, scenario) if answer and scenario else None
    if isinstance(place, Restaurant) and scenario is not None:
        own += [place.id, *_catalog(scenario)[1].get(place.id, [place.name])]
    places = phrase_mentions(own, _catalog_phrases(scenario))

    def mentions(text: str) -> list[Mention]:
        found = list(places(text))
        for match in _CLOCK_MENTION.finditer(text):
            own_time = parse_clock(match.group()) in times
            found.append(Mention(match.start(), match.end(), own_time))
        return found

    party = len(scenario.group.guests) if scenario is not None else None
    length = scenario.group.duration_minutes if scenario is not None else None
    return PlanVocabulary(
        nouns=PLAN_NOUNS, mentions=mentions, example=EXAMPLE_ANSWER, party=party, length=length
    )


# Every dining metric reads the same final answer: judging a recorded session, read it once.
@once_per_session
def read_answer(
    text: str | None, scenario: Scenario | None = None
) -> dict[str, Any] | NoPlanClaim | AnswerProblem:
    """The plan an answer proposes, its plain claim that no plan satisfies everyone, or the
    problem that stops both (see the module docstring). ``scenario`` gives the catalog whose
    restaurants a claim must not name (None: not checked). Never raises."""
    found, scan = read_json_object(text, EXAMPLE_ANSWER, plan_keys=PLAN_KEYS)
    if isinstance(found, AnswerProblem) and (found.code != "no_json_object" or text is None):
        return found
    unread = unread_language(text, EXAMPLE_ANSWER, _scenario_names(scenario))
    if unread is not None:
        return unread
    folded = fold_answer(text or "").casefold()
    claims = [(m.start(), m.end()) for m in _CLAIM.finditer(folded)]
    if isinstance(found, dict):
        plan = sorted(fields(found, (*RESTAURANT_KEYS, *TIME_KEYS)))
        # At most one: the reader calls two keys of one folded form duplicate_key.
        flag = next(iter(fields(found, (NO_PLAN_KEY,)).values()), False)
        if plan and (claims or flag not in (False, None)):
            return _two_answers(f"gives a plan ({', '.join(plan)})")
        if plan:
            return _stands_by(found, text or "", folded, scenario, scan)
        if flag is not True:
            return found
    elif not claims:
        return found
    named = _named_restaurant(folded, scenario)
    if named is not None:
        return _two_answers(f"names the restaurant {named}")
    offered = _unnamed_plan(folded)
    if offered is not None:
        return _two_answers(f"offers a plan ({offered[:80]!r})")
    if not all(_plain(folded, *claim) for claim in claims):
        return AnswerProblem(
            code="no_plan_claim_not_plain",
            message="the words 'no plan satisfies everyone' are part of a longer clause (negated, "
            "questioned or qualified), so the checker cannot read them as the answer; say it as a "
            'sentence of its own ("No plan satisfies everyone.") or as {"no_plan": true}',
        )
    taken_back = claim_final_word(text or "", plan_vocabulary(None, scenario))
    if taken_back is not None:
        return taken_back
    return NoPlanClaim(found if isinstance(found, dict) else None, found)


def _scenario_names(scenario: Scenario | None) -> Iterator[str]:
    """The names an answer may use of the scenario's own things: its guests, restaurants,
    cuisines and dishes (words :mod:`checkers.unread_language` never counts as another
    language's: "Trattoria Da Luigi", "pollo con arroz")."""
    if scenario is None:
        return
    yield from (guest.name for guest in scenario.group.guests)
    for restaurant in scenario.restaurants:
        yield restaurant.name
        yield restaurant.cuisine
        yield from (dish.name for dish in restaurant.menu)


PARTY_KEYS = (
    "party_size",
    "party",
    "group_size",
    "guests",
    "guest_count",
    "num_guests",
    "number_of_guests",
    "people",
    "covers",
    "diners",
    "headcount",
)
"""Keys under which an answer may say whom its plan is for: a count, or a list of guests."""


def _guest_alternatives(scenario: Scenario | None) -> tuple[str, ...] | None:
    """The group's names as :func:`_alternatives` (None: no scenario)."""
    if scenario is None or not scenario.group.guests:
        return None
    return _alternatives(tuple(g.name for g in scenario.group.guests))


def _member_forms(scenario: Scenario) -> tuple[tuple[str, ...], ...]:
    """Each guest's names as an answer may write them, folded and casefolded: the full name
    and the first ("bjorn berg", "bjorn")."""
    return _forms(tuple(g.name for g in scenario.group.guests))


@lru_cache(maxsize=1024)
def _forms(names: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    folded = (fold(name).casefold().strip() for name in names)
    return tuple(tuple(dict.fromkeys((full, full.split()[0]))) for full in folded if full)


def _alternation(names: tuple[str, ...]) -> str:
    """``names`` as one alternation (see :func:`_alternatives`)."""
    return "|".join(_alternatives(names))


@lru_cache(maxsize=4096)
def _alternatives(names: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` folded, casefolded and escaped for a pattern, longest first (cached: a group's
    names are the same for every answer to its scenario)."""
    folded = sorted({fold(n).casefold() for n in names}, key=len, reverse=True)
    return tuple(re.escape(n) for n in folded if n)


def _own_names(answer: dict[str, Any], scenario: Scenario | None) -> str | None:
    """The plan's restaurant, by id and name, and its time as one alternation for a pattern
    (None: neither read): "Green Fork doesn't suit Mei" and "17:30 doesn't suit Mei" say the
    same of the plan."""
    place = read_restaurant(answer, scenario) if scenario is not None else None
    names = _alternation((place.name, place.id)) if isinstance(place, Restaurant) else None
    start = read_time(answer)
    time = None if isinstance(start, AnswerProblem) else _time_subject(start)
    return "|".join(p for p in (names, time) if p) or None


# Words before a time that make it a bound of someone's ("anything before 17:30 doesn't suit
# Mei"), not the plan's own time as a subject.
_BOUND_BEFORE = "".join(
    f"(?<!{word} )" for word in ("before", "after", "until", "till", "than", "by", "from")
)


@lru_cache(maxsize=1440)
def _time_subject(minutes: int) -> str:
    """The plan's start as an answer may write it as a subject ("17:30", "5:30 pm", "the
    17:30 slot"), as a pattern: not after a word that makes it a bound."""
    hour, minute = divmod(minutes, 60)
    half = "pm" if hour >= 12 else "am"
    twelve = hour % 12 or 12
    forms = [f"{hour:02d}:{minute:02d}", f"{hour}:{minute:02d}"]
    forms += [f"{twelve}:{minute:02d} ?{half[0]}\\.?m\\.?"]
    if minute == 0:
        forms.append(f"{twelve} ?{half[0]}\\.?m\\.?")
    said = "|".join(dict.fromkeys(forms))
    noun = r"(?:\s+(?:slot|time|start|booking|reservation|table|dinner|sitting|seating))?"
    return rf"{_BOUND_BEFORE}(?<![\d:])(?:{said}){noun}"


def _party_count(value: Any) -> int | None:
    """How many the plan is for, under a party key: a whole number, its digits, or a list."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return len(value) if isinstance(value, list) else None


def _party_of_another_size(answer: dict[str, Any], scenario: Scenario | None) -> str | None:
    """A party key of the answer giving another size than the group's (``"party_size": 5`` for
    six, a list of five guests), as said, if any."""
    size = len(scenario.group.guests) if scenario is not None else None
    for key, value in fields(answer, PARTY_KEYS).items():
        count = _party_count(value)
        if count is not None and size is not None and count != size:
            return f"{key}={value!r}, for a group of {size}"
    return None


def _mention_start(mention: Mention) -> int:
    return mention.start


# A time after these, a few words on, is a limit ("leaves at 21:00", "past 21:00", "finishes
# work at 18:00"), not a plan's time as a subject.
_LIMIT_BEFORE = re.compile(
    r"\b(?:until|till|by|before|after|past|beyond|from|than|leaves?|leaving|ends?|closes?"
    r"|finish(?:es|ing)?|stops?|stopping|wraps? up|gets? off|done|free)\s+(?:[\w']+\s+){0,3}?$"
)
# A plan part after these (a few words on: "like Marigold at 19:00") is compared with the
# subject, not the subject ("Unlike Ember & Oak, it leaves out José").
_COMPARED_BEFORE = re.compile(
    r"\b(?:unlike|like|than|rather than|instead of|over|vs|versus|as with|similar to"
    r"|compared (?:with|to))\s+(?:[\w'&]+\s+){0,4}$"
)
# A relative clause after a plan part makes it the subject again ("unlike Ember & Oak, which
# leaves out Ana").
_RELATIVE_AFTER = re.compile(r"[\s,]*(?:which|that|who)\b")
# "..., and so does Green Fork", "Green Fork does too": the same said of the plan after it.
_SAME_OF_PLAN = re.compile(
    r"\b(?:so (?:does|do|did|would|will)|too|as well|also|likewise|same (?:goes )?(?:for|with)"
    r"|neither|nor|either)\b"
)


_BACK_REFERENCE_JUST_BEFORE = re.compile(
    r"\b(?:it|they)(?:'s|'re|\s+(?:is|are|was|were|would be|will be))\s+(?:\w+\s+){0,2}$"
)
"""A back reference right before the words ("..., though it is too far for José"): they are
said of the part named last before it, whatever word stands between ("Ember & Oak this, though
it is ...")."""
_CONCESSION_JUST_BEFORE = re.compile(
    r"\b(?:though|although|even though|but|yet)\s+"
    + _BACK_REFERENCE_JUST_BEFORE.pattern.removeprefix(r"\b")
)
"""A concession referring back right before the words ("..., though it is too far for José"):
they are said of the part named last before it, however it was named ("like Umi ...")."""


def _said_of_another(
    folded: str, mentions: Sequence[Mention], cuts: list[int], match: re.Match[str]
) -> bool:
    """Whether the words at ``match`` (a plan said to leave someone out) are said of another
    plan: the last plan part named before them in their sentence (a restaurant, or a time that
    is no limit: "leaves at 21:00" is one; not one compared with the subject: "Unlike Ember &
    Oak, it ...") is another plan's, with no plan subject ("this plan", "my pick") after it
    unless a back reference binds the words to it (:data:`_BACK_REFERENCE_JUST_BEFORE`; a
    concession referring back, :data:`_CONCESSION_JUST_BEFORE`, binds them to the part named
    last before it however it was named: "like Umi, though it is too far for José"),
    and nothing after them says the same of the stated plan ("..., and so does Green Fork").
    "Ember & Oak at 19:30 leaves out Ana, Björn and José" gives a reason for the plan; "Green
    Fork fits everyone except José" and "It leaves out José" (no part named) say the plan is
    for part of the group. ``mentions``: the text's plan parts, in order; ``cuts``: where its
    sentences end."""
    index = bisect.bisect_left(cuts, match.start())
    start = cuts[index - 1] + 1 if index > 0 else 0
    end = cuts[index] if index < len(cuts) else len(folded)
    subject = None
    low = bisect.bisect_left(mentions, start, key=_mention_start)
    high = bisect.bisect_left(mentions, match.end(), key=_mention_start)
    last = mentions[high - 1] if high > low else None
    if (
        last is not None
        and not last.own
        and _CONCESSION_JUST_BEFORE.search(folded, last.end, match.start())
    ):
        return True  # "like Umi, though it is too far for José": said of Umi
    for mention in mentions[low:high]:
        head = folded[max(start, mention.start - 30) : mention.start]
        timed = TIME_LIKE.fullmatch(folded, mention.start, mention.end) is not None
        compared = _COMPARED_BEFORE.search(head) and not _RELATIVE_AFTER.match(folded, mention.end)
        if not (compared or (timed and _LIMIT_BEFORE.search(head))):
            subject = mention
    if subject is None or subject.own:
        return False
    bound_back = _BACK_REFERENCE_JUST_BEFORE.search(folded, subject.end, match.start())
    if bound_back is None and re.search(rf"\b{PLAN_SUBJECT}\b", folded[subject.end : match.end()]):
        return False
    rest = folded[match.end() : end]
    after = mentions[high : bisect.bisect_left(mentions, end, key=_mention_start)]
    own_after = any(m.own for m in after) or re.search(rf"\b{PLAN_SUBJECT}\b", rest)
    return not (own_after and _SAME_OF_PLAN.search(rest))


def _stands_by(
    answer: dict[str, Any],
    text: str,
    folded: str,
    scenario: Scenario | None,
    scan: JsonScan | None,
) -> dict[str, Any] | AnswerProblem:
    """``answer``, or the problem when the text around it withdraws, denies, corrects or adds to
    it (see :mod:`checkers.final_word`), or says it is for part of the group
    (``plan_for_part_of_group``); ``folded`` is ``text`` folded and casefolded, ``scan`` the
    text's JSON scan, if read."""
    span = plan_span(text, scan)
    if span is None:
        problem = None
    else:
        vocabulary = plan_vocabulary(answer, scenario)
        if scan is not None and span in scan.values:  # the plan's JSON, as the reader read it
            problem = final_word(text, span, vocabulary, answer, scan.values[span])
        else:
            problem = final_word(text, span, vocabulary, answer)
    if problem is not None:
        return problem
    other_length = _other_length(answer, text, folded, scenario, span)
    if other_length is not None:
        return other_length
    listed = None if scenario is None else roster_leaves_out(folded, _member_forms(scenario))
    left = listed or need_relaxed(folded)  # a roster short of a guest, a guest's need relaxed
    if left is not None:
        return left_out.for_part_of_group(left)
    party = _party_of_another_size(answer, scenario)
    if party is not None:
        return left_out.for_part_of_group(party)
    said = _not_for_everyone(answer, folded, scenario)
    return answer if said is None else said


_LENGTH_NOUNS = "dinner|meal|seating"
"""What a dinner's length is said of ("a one-hour dinner", "Duration: 1 hour"): not a booking,
which may take minutes to make ("The reservation takes about 5 minutes to confirm")."""
_ENDING_SUBJECTS = (
    f"{_LENGTH_NOUNS}|reservation|booking|table|restaurant|kitchen|place|it|they|time|timing"
    "|when|hours"
)
"""What a dinner is said to end by, beside its restaurant's names ("the kitchen closes at"), or
the label of its time ("Time: 17:30 - 18:30")."""


def _other_length(
    answer: dict[str, Any],
    text: str,
    folded: str,
    scenario: Scenario | None,
    span: tuple[int, int] | None,
) -> AnswerProblem | None:
    """The ``plan_other_length`` problem when the answer gives its dinner a shorter length than
    the group's (:mod:`checkers.plan_length`: ``"duration_minutes": 60``, "Dinner runs 17:30 -
    18:30", "Green Fork closes at 18:30" of a dinner to 19:30; a longer one holds the group's),
    else None. ``folded`` is ``text`` folded and casefolded; ``span`` the plan's place in
    ``text``."""
    start = read_time(answer)
    place = None if scenario is None else read_restaurant(answer, scenario)
    if scenario is None or not isinstance(start, int) or not isinstance(place, Restaurant):
        return None
    length = scenario.group.duration_minutes
    said = json_length_otherwise(answer, start, length, at_least=True)
    if said is None and span is not None:
        after = text[span[1] :]
        said = length_said_otherwise(after, _LENGTH_NOUNS, length, at_least=True)
        said = said or held_shorter(after, length)
    if said is None:
        names = "|".join(re.escape(fold(n).casefold()) for n in _catalog(scenario)[1][place.id])
        said = ended_otherwise(folded, f"{_ENDING_SUBJECTS}|{names}", start, start + length)
    if said is None:
        return None
    return AnswerProblem(
        code="plan_other_length",
        message=f"the answer gives its dinner another length than the group's {length} minutes "
        f"({' '.join(said.split())[:60]!r}): that is another plan than the one judged, and "
        f"the checker will not pick one; state one plan for the whole dinner, e.g. "
        f"{EXAMPLE_ANSWER}",
    )


def _not_for_everyone(
    answer: dict[str, Any], folded: str, scenario: Scenario | None
) -> AnswerProblem | None:
    """The problem when ``folded`` says the plan is not for everyone in words
    :func:`domains.dining.left_out.said_not_for_everyone` reads (a guest not coming, late or
    making do, "works for 5 of the 6", all but a guest, "this plan doesn't suit Ana", a claim
    that no plan suits everyone, the plan on a guest's change), said of this plan, not of
    another (:func:`_said_of_another`; in a sentence naming none, by a back reference to the
    last one named: :func:`.left_out.said_of_the_last_named`; of the other plans, or with no
    subject after another plan: :func:`.left_out.said_of_others`). The plan's restaurant said
    to break a need of the group ("Green Fork has nothing vegetarian") is said of this plan;
    a word for the restaurant named last ("it", "the restaurant") binds the words to that
    restaurant (:func:`.left_out.said_of_another_restaurant`)."""
    size = len(scenario.group.guests) if scenario is not None else None
    start = read_time(answer)
    during = None
    if scenario is not None and isinstance(start, int):
        during = (start, start + scenario.group.duration_minutes)
    said = left_out.said_not_for_everyone(
        folded,
        _guest_alternatives(scenario),
        size,
        during,
        own=lambda: _own_names(answer, scenario),
        needs=needs_of(scenario) if scenario is not None else None,
    )
    if not said:
        return None
    mentions = sorted(plan_vocabulary(answer, scenario).mentions(folded), key=_mention_start)
    cuts = [c.start() for c in SENTENCE_CUT.finditer(folded)]
    for each in said:
        if each.back is not None:
            if not (
                left_out.said_of_another_restaurant(folded, mentions, each.back, each.match.end())
                or _names_another_restaurant(folded, cuts, each.back, answer, scenario)
            ):
                return left_out.problem(each)
            continue
        if each.of_this_plan:
            return left_out.problem(each)
        if _said_of_another(folded, mentions, cuts, each.match):
            continue
        if left_out.said_of_the_last_named(folded, mentions, cuts, each.match):
            continue
        if not left_out.said_of_others(folded, mentions, cuts, each.match):
            return left_out.problem(each)
    return None


def _names_another_restaurant(
    folded: str, cuts: list[int], at: int, answer: dict[str, Any], scenario: Scenario | None
) -> bool:
    """Whether the sentence of ``at`` names, before it, a catalog restaurant other than the
    plan's, written as :func:`.models.ref_form` reads it ("Ember  &  Oak is not an option:
    it has no vegetarian dish", spaced so that no plan part is found there): a word for a
    restaurant there ("it") is that one's. ``cuts``: where the text's sentences end."""
    if scenario is None:
        return False
    index = bisect.bisect_left(cuts, at)
    words = ref_form(folded[cuts[index - 1] + 1 if index > 0 else 0 : at])
    plan = read_restaurant(answer, scenario)
    for place in scenario.restaurants:
        if isinstance(plan, Restaurant) and place.id == plan.id:
            continue
        for ref in (place.id, place.name):
            wanted = ref_form(ref)
            if wanted and re.search(rf"(?<![a-z0-9]){re.escape(wanted)}(?![a-z0-9])", words):
                return True
    return False


def says_no_plan(
    text: str | None, scenario: Scenario | None = None
) -> tuple[bool, dict[str, Any] | None]:
    """Whether the final text says, plainly, that no plan satisfies everyone, and the JSON
    object it holds, if any (see :func:`read_answer`)."""
    read = read_answer(text, scenario)
    if isinstance(read, NoPlanClaim):
        return True, read.answer
    return False, read if isinstance(read, dict) else None


def stated_plan(
    scenario: Scenario, read: dict[str, Any] | NoPlanClaim | AnswerProblem
) -> Booking | Stated:
    """What the answer states, for holding it to a booking: its plan as a booking for the whole
    group, a claim that no plan fits, or UNREAD when its plan cannot be read whole."""
    if isinstance(read, NoPlanClaim):
        return Stated.NO_PLAN
    if isinstance(read, AnswerProblem):
        return Stated.UNREAD
    return _stated_parts(scenario, read_restaurant(read, scenario), read_time(read))


def _stated_parts(
    scenario: Scenario, restaurant: Restaurant | AnswerProblem, start: int | AnswerProblem
) -> Booking | Stated:
    """:func:`stated_plan` of a plan whose restaurant and time were already read."""
    if isinstance(restaurant, AnswerProblem) or isinstance(start, AnswerProblem):
        return Stated.UNREAD
    return stated_booking(scenario, restaurant, start)


# everyone_ate_or_says_infeasible judges a plan as everyone_ate does: in a recorded session, once.
@once_per_session
def judge_everyone_ate(scenario: Scenario, transcript: Transcript, threshold: float) -> Verdict:
    """``everyone_ate``: the share of guests whose every requirement the proposed plan meets.

    An answer that says no plan satisfies everyone proposes no plan, and is judged as one with
    no restaurant and no time; one that also offers a plan is ``plan_and_no_plan``. Where the
    agent called ``book_table`` (or a booking tool of its own), the plan is held to the booking
    (:mod:`domains.dining.booking`): a booked plan other than the stated one is judged in its
    place, and every disagreement between what was booked and what was said is an answer
    problem, an answer saying it booked when no booking stands included."""
    read = read_answer(transcript.final_text, scenario)
    answer = read.as_plan if isinstance(read, NoPlanClaim) else read
    if isinstance(answer, AnswerProblem):
        verdict = _all_incomplete(scenario, answer, threshold)
    else:
        restaurant, start = read_restaurant(answer, scenario), read_time(answer)
        verdict = judge_plan(scenario, answer, restaurant, start, threshold)
    if not transcript.tool_calls:
        return verdict  # no call at all, so no booking: the stated plan is judged alone
    if isinstance(answer, AnswerProblem):
        stated = stated_plan(scenario, read)
    elif isinstance(read, NoPlanClaim):
        stated = Stated.NO_PLAN
    else:
        stated = _stated_parts(scenario, restaurant, start)
    plan = answer if isinstance(answer, dict) else None

    def judge_booked(restaurant: Restaurant, start: int) -> Verdict:
        return judge_plan(scenario, plan, restaurant, start, threshold)

    return hold_to_booking(scenario, transcript, stated, verdict, judge_booked)
