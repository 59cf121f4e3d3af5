"""Reading a dining plan from an agent's answer, and judging it guest by guest.

The answer is one JSON object (see :mod:`checkers.answers` for how it is found in the text)::

    {"restaurant": "r03", "time": "19:30"}

- ``restaurant`` (or ``restaurant_id``): the restaurant's id, or its exact name, compared as
  :func:`domains.dining.models.ref_form` reads both (case, spacing, full-width and invisible
  characters ignored). Giving both keys with different values is ``conflicting_restaurant``.
- ``time`` (or ``start_time``): the dinner's start in 24-hour ``HH:MM``; ``HH:MM:SS`` is accepted
  when the seconds are ``00``. ``7pm``, ``7:00``, ``24:00``, ``19:00:30`` and datetimes are
  ``unparseable_time``: the checker does not guess what the agent meant.
- Keys are read as :func:`checkers.answers.key_form` reads them: ``"TIME"`` is ``time``.
- Other keys (a reason, a list of dishes) are ignored and listed in the verdict's notes.

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

**Saying that no plan satisfies everyone** (:func:`read_answer`; the metric
``everyone_ate_or_says_infeasible`` scores it) is one answer of its own, said plainly:

- a JSON object ``{"no_plan": true}`` without ``restaurant`` or ``time`` keys (other keys, such as
  a ``reason``, are allowed), or a final text holding no JSON object that contains the words
  "no plan satisfies everyone" (after :func:`checkers.text.fold`; case and spacing ignored);
- the words stand as a clause of their own: nothing but punctuation between them and the start
  of their clause (``.``, ``!``, ``:``, ``;``, ``,``, a line break) and between them and its end,
  which is not ``?``. "It is simply false that no plan satisfies everyone" or "no plan satisfies
  everyone?" is ``no_plan_claim_not_plain``;
- the answer offers no plan with it: a claim next to a plan object, ``"no_plan"`` next to a plan
  key, or a claim that names a restaurant of the catalog (by id or name: "book r04") is two
  answers, ``plan_and_no_plan``. Name the guests left out and why, not a restaurant;
- the claim is not taken back or corrected ("Scratch that": ``plan_withdrawn``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
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
from checkers.results import AnswerProblem, RequirementResult, SubjectResult, Verdict
from checkers.session_context import once_per_session
from checkers.text import fold
from checkers.transcript import Transcript
from domains.dining.booking import Booking, hold_to_booking, stated_booking
from domains.dining.checks import DiningContext, check_single_dish, checks
from domains.dining.models import OpeningHours, Restaurant, Scenario, parse_clock, ref_form

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


def _one_field(answer: dict[str, Any], keys: tuple[str, ...], what: str) -> Any | AnswerProblem:
    # Keys by their folded form, as checkers.answers compares them: "TIME" is the key "time".
    given = {k: v for k, v in fields(answer, keys).items() if v is not None}
    if not given:
        return AnswerProblem(
            code=f"missing_{what}",
            message=f"the plan has no {what} (expected key {keys[0]!r}, e.g. {EXAMPLE_ANSWER})",
        )
    if len(given) == 1:  # the usual answer: one key for the field, nothing to compare
        return next(iter(given.values()))
    values = list(dict.fromkeys(repr(v) for v in given.values()))
    if len(values) > 1:
        return AnswerProblem(
            code=f"conflicting_{what}",
            message=f"the plan gives different {what} values {given}; give one",
        )
    return next(iter(given.values()))


def read_restaurant(answer: dict[str, Any], scenario: Scenario) -> Restaurant | AnswerProblem:
    """The restaurant the plan names, or why it cannot be used."""
    value = _one_field(answer, RESTAURANT_KEYS, "restaurant")
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
    """The plan's start time in minutes of the day, or why it cannot be used."""
    value = _one_field(answer, TIME_KEYS, "time")
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


def judge_guest(ctx: DiningContext, opening: RequirementResult) -> SubjectResult:
    """Every requirement of the context's guest, after ``opening`` (the plan's opening-hours
    result, the same for every guest), then the single-dish rule."""
    results = (opening, *checks.check_each(ctx.guest.requirements, ctx), check_single_dish(ctx))
    return SubjectResult.of(ctx.guest.id, ctx.guest.name, results)


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
    contexts = [
        DiningContext(guest, scenario.group, place, minute, place_problem, time_problem)
        for guest in scenario.group.guests
    ]
    # Opening hours do not depend on the guest: judged once, held by every guest.
    opening = checks.check(OPENING_HOURS, contexts[0])
    subjects = [judge_guest(ctx, opening) for ctx in contexts]
    ignored = sorted(set(answer or {}) - set(fields(answer or {}, (*RESTAURANT_KEYS, *TIME_KEYS))))
    notes = (f"ignored answer fields: {', '.join(ignored)}",) if ignored else ()
    return Verdict.of(
        "dining",
        metric,
        scenario.id,
        threshold,
        tuple(subjects),
        answer=answer,
        problems=problems,
        notes=notes,
    )


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


def _plain(folded: str, start: int, end: int) -> bool:
    """Whether the words at ``folded[start:end]`` stand as a clause of their own."""
    before = start
    while before > 0 and folded[before - 1] not in _CLAUSE_ENDS:
        before -= 1
    after = end
    while after < len(folded) and folded[after] not in _CLAUSE_ENDS:
        after += 1
    around = folded[before:start] + folded[end:after]
    return not any(c.isalnum() or c == "?" for c in around)


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
# A clock time not inside a longer number or time: ``(?<![\d:])\d{1,2}:\d{2}(?![\d:])``, with
# the look-behind after the first digit so that the search skips to digits at C speed.
_CLOCK_MENTION = re.compile(r"\d(?<![\d:]\d)\d?:\d{2}(?![\d:])")


_CATALOGS: dict[int, tuple[Scenario, Phrases]] = {}
"""The catalog phrases of recent scenarios, by the scenario object's identity (each held, so
that its identity is not reused while it is here)."""
_NO_CATALOG = phrases(())


def _catalog_phrases(scenario: Scenario | None) -> Phrases:
    """The ids and names of the scenario's restaurants, prepared for finding mentions once per
    scenario: a case reads its scenario once and judges every answer of the case in it."""
    if scenario is None:
        return _NO_CATALOG
    held = _CATALOGS.get(id(scenario))
    if held is None or held[0] is not scenario:
        if len(_CATALOGS) >= 256:
            _CATALOGS.clear()
        refs = [ref for r in scenario.restaurants for ref in (r.id, r.name)]
        held = _CATALOGS[id(scenario)] = (scenario, phrases(refs))
    return held[1]


def plan_vocabulary(answer: dict[str, Any] | None, scenario: Scenario | None) -> PlanVocabulary:
    """The words for the plan ``answer`` states (None: a claim that there is no plan): its
    restaurant by id and name and its time are its own; the catalog's other restaurants and
    other clock times are other plans' parts."""
    own: list[str] = []
    times: set[int] = set()
    for value in fields(answer or {}, (*RESTAURANT_KEYS, *TIME_KEYS)).values():
        if isinstance(value, str):
            own.append(value)
            minutes = parse_clock(value)
            if minutes is not None:
                times.add(minutes)
    place = read_restaurant(answer, scenario) if answer and scenario else None
    if isinstance(place, Restaurant):
        own += [place.id, place.name]
    places = phrase_mentions(own, _catalog_phrases(scenario))

    def mentions(text: str) -> list[Mention]:
        found = list(places(text))
        for match in _CLOCK_MENTION.finditer(text):
            own_time = parse_clock(match.group()) in times
            found.append(Mention(match.start(), match.end(), own_time))
        return found

    return PlanVocabulary(nouns=PLAN_NOUNS, mentions=mentions, example=EXAMPLE_ANSWER)


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
    folded = fold(text or "").casefold()
    claims = [(m.start(), m.end()) for m in _CLAIM.finditer(folded)]
    if isinstance(found, dict):
        plan = sorted(fields(found, (*RESTAURANT_KEYS, *TIME_KEYS)))
        # At most one: the reader calls two keys of one folded form duplicate_key.
        flag = next(iter(fields(found, (NO_PLAN_KEY,)).values()), False)
        if plan and (claims or flag not in (False, None)):
            return _two_answers(f"gives a plan ({', '.join(plan)})")
        if plan:
            return _stands_by(found, text or "", scenario, scan)
        if flag is not True:
            return found
    elif not claims:
        return found
    named = _named_restaurant(folded, scenario)
    if named is not None:
        return _two_answers(f"names the restaurant {named}")
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


def _stands_by(
    answer: dict[str, Any], text: str, scenario: Scenario | None, scan: JsonScan | None
) -> dict[str, Any] | AnswerProblem:
    """``answer``, or the problem when the text around it withdraws, denies, corrects or adds to
    it (see :mod:`checkers.final_word`); ``scan`` is the text's JSON scan, if read."""
    span = plan_span(text, scan)
    if span is None:
        return answer
    vocabulary = plan_vocabulary(answer, scenario)
    if scan is not None and span in scan.values:  # the plan's JSON, as the reader read it
        problem = final_word(text, span, vocabulary, answer, scan.values[span])
    else:
        problem = final_word(text, span, vocabulary, answer)
    return answer if problem is None else problem


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
    agent called ``book_table``, the plan is held to the booking (:mod:`domains.dining.booking`):
    a booked plan other than the stated one is judged in its place, and every disagreement
    between what was booked and what was said is an answer problem."""
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
