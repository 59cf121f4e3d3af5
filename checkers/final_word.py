"""The final word: an answer that takes back, denies, corrects or adds to its own plan.

An answer reader (:mod:`checkers.answers`, and each domain's) finds the one plan an answer
states. The prose around it can still say something else: "Actually, skip dinner", "we did NOT
book r05", "correction: 15:00", "no time works", "(that slot is blocked for Bob)",
"Alternatively, Umi at 18:30", ``"backup": "r04 at 20:00"``. Such an answer is not one plan the
agent stands by, and the checker will not decide which of its words count. :func:`final_word`
reads the text around the stated plan and names the first thing found:

- ``plan_withdrawn``: the plan is taken back (scratch that, never mind, forget it, cancel or skip
  the plan or one of the domain's plan nouns, call it off, no longer valid, disregard, ...);
- ``plan_corrected``: the plan is corrected after it was stated (correction, I meant, make that,
  change it to, switch to, on second thought, oops, my mistake, "... instead.", update:);
- ``several_plans``: another plan is offered (alternatively, plan B, backup, fallback, second
  choice, "or ..." right after the plan, "either ... or ..." naming a plan, a key such as
  ``backup`` or ``alternatives`` in the answer object holding a value). This reading fails
  closed: after the plan, any sentence naming another plan's part (another restaurant, another
  time, "an hour later", in a table row or a list item alike) offers it, whatever its words
  ("Runner-up:", "equally good", "See you at 19:30!"), unless the sentence plainly rules it out
  (see below); before the plan, so does a sentence that states, recommends or asks about a
  plan ("I recommend ...", "Option A:", bold text, a table row, "X or Y?") or names a whole
  other plan, a place and a clock time, whatever its words ("Winner: Umi at 18:00"); and so
  does a key of the answer object, whatever it is called, whose string value names another
  plan's part (``"runner_up": "r06"``);
- ``plan_negated``: the plan is denied (a commitment verb or "available"/"possible" negated in a
  clause about the plan: "we did NOT book r05", "that time doesn't work"; "not r05"; the plan
  called blocked, busy, unavailable, fully booked, cancelled, impossible; any verb negated
  whose predicate holds nothing but the plan, the party, its time and place: "isn't open at
  17:30", "doesn't take groups of six", "José can't make 17:30", "17:30 doesn't suit Mei"); a
  booking state said of the party ("They told me we're waitlisted"); the plan's place or day
  had only from a time later than its start ("Green Fork has tables from 18:00" for 17:30); the
  plan said to be in a state in which it cannot be had ("the 17:30 slot is gone", "has nothing
  left at 17:30", "the kitchen is shut tonight", "is too far for Mei"), its place closing
  before its start ("stops seating at 17:00"), a restriction to the day it falls on ("closed
  on Sundays -- and today is Sunday"); a guest unable to eat at or get to its place ("Ana won't
  be able to eat anything there").
  what is denied of other plans ("Other restaurants can't seat six at 17:30") is a reason);
- ``plan_and_no_plan``: the answer also says no plan works ("no time works", "nothing works",
  "impossible to find a slot").

How the text is read (all matching on :func:`checkers.text.fold_lower` text, so look-alike
letters and zero-width characters change nothing):

- The text is cut at the stated plan. What follows it (and the string values inside the plan's
  JSON object) is read for all five; what precedes it is the agent's reasoning, read only for a
  denial that names the plan itself ("We did NOT book r05." before ``{"restaurant": "r05"...}``),
  a claim naming no plan part that no plan works ("No restaurant works for all six of you,
  but here's the closest:"), and another plan stated or offered: a withdrawal or a correction
  before the plan is about an earlier idea. A domain whose answer follows a marker after free
  reasoning (scheduling's "Here is the proposed time:") gives :func:`final_word` what the
  marker opens, and the reasoning before it to :func:`denied_before`, which reads it for a
  denial of the plan alone ("14:30 is blocked for Jerry."); a time bounding a span up to the
  plan ("busy until 14:30", "slots before 14:30") names no plan there. Before the plan as after
  it, an aside opened right after the plan's own part is the plan's ("Green Fork at 17:30
  (fully booked)", "(full)"), and a range the plan's start opens right after its place is the
  plan's ("Green Fork 17:30 - 19:30 is unavailable").
- Another plan's part is ruled out by what is said against it, read by clause (clauses,
  commas, table cells and dashes cut a sentence): a rejection that is no praise in its own
  clause (a negation, "unlike", a bad state, "over her budget", "too far"; not "no one is left
  out", "can't go wrong", "allergy-friendly", nor a negation of a negative word: "won't
  disappoint", "isn't far behind", "wouldn't say no to"); a rejection or a drawback (a
  distance, a price, a dish, a closing time: "but 12 km away", "\u2014 butter in every dish")
  in a clause after it that contrasts ("but", "though", a dash, "which") or, when the sentence
  offers nothing, in any clause after it ("Katz & Rye shuts at 20:00."), except that in a
  sentence putting the plan forward ("is also great", "Runner-up:", a table row) a mild
  trade-off (a price, noise or rating comparison, or one hedged: "also great, though
  pricier") rules nothing out; a sentence right after it opening
  with a pronoun that denies it ("It doesn't work, though"); a cross mark in its table row; a
  rejecting word just before it ("rather than", "avoids"); or by being struck through. A
  rejection inside a condition ("works if Green Fork is full") rules nothing out. A time is no
  plan's when it is a limit ("until 21:00", "fills up by 18:30", "a hard stop at 21:00",
  "Hours: 08:00-21:00", "open from 17:00" in a sentence offering nothing, with no condition
  next to it: "tables from 18:00 if anyone runs late" offers 18:00), the end of the
  plan's own range ("17:30 - 19:30", "17:30 \u2192 19:30"), the time the user asked for
  restated ("You asked for 19:30, but ..."), or the arrival in advice to arrive early or named
  as such. An offer to look for another plan that names none ("let me know if you want a
  backup option") is no plan. The plan's own part struck through after it is
  ``plan_withdrawn``.
- A pronoun or a clause with no subject after another plan's part is about that plan ("Umi is
  rated highest, but it doesn't work for Ana" denies Umi, not the stated plan); a correction
  word that leads to the plan's own part is rationale ("I moved the time to 17:30", "I went
  with Green Fork instead").
- Clauses are cut at sentence ends, colons, semicolons, brackets and clause words (but, so,
  because, which, when...). A clause about something else is not about the plan: a clause that
  names another plan part (another restaurant, another time) is not read for a denial (``r01 is
  fully booked``, ``r03 is closed before 17:00, so 17:30``), and neither is a state qualified by
  a time (``not available before 18:00``).
- Honest prose keeps its verdict: "no peanuts", "not spicy" (no plan word), "does not open before
  17:00" (a restriction), "no other restaurant works for Ana" (a reason for this one), "if
  anyone is late, call us" (the condition of an ``if``/``unless``/``in case`` clause is not read),
  a question ("Shall I cancel it?") is not a withdrawal, "not booked yet" is pending, not denied.
- Notes that are no plan: the agent unable to book for the user, with no means to book, or with
  the booking handed over ("I can't book it for you", "I don't have a booking tool, so I couldn't
  reserve the table"; :func:`_agent_cannot`); an event's time, someone's own engagement and an
  arrival shortly before the start ("Happy hour runs 16:00-18:00", "his 21:00 commitment",
  "Arrive around 17:15"; :func:`_time_of_something_else`); a relative time measured from the
  request ("two hours earlier than you asked"); a bare time opening a range a 12-hour time
  closes is of its half of the day ("5:30-7:30 pm"); a table row with an issue in a column of
  issues ("| Umi Sushi Bar | 18:00 | 4.5 km from Mei |" under "Issue"; :func:`_issue_cells`).

Each domain supplies only its vocabulary (:class:`PlanVocabulary`): the nouns that name its plan
("dinner", "restaurant"; "meeting", "slot") and where a text mentions the plan's own parts or
other plans' (:class:`Mention`). :func:`phrase_mentions` builds that from plain phrases;
:class:`PlanVocabulary` completes it with the times a domain may not read (12-hour times, times
in words or relative to the plan). The words themselves are in :mod:`checkers.plan_words`.
Never raises; linear in the text's length up to a logarithm (each clause and each sentence
naming another plan is read by a bounded number of regular-expression passes, positions are
found by bisection, and look-behind is limited to a window of :data:`_WINDOW` characters).
"""

from __future__ import annotations

import bisect
import itertools
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from checkers import plan_words as vocab
from checkers.answers import JsonScan, plain_key, scan_json
from checkers.plan_words import BASE_NOUNS, CompiledWords, compiled
from checkers.results import AnswerProblem
from checkers.text import fold_answer, fold_lower, holds_any, lowered_words

__all__ = [
    "BASE_NOUNS",
    "Mention",
    "MentionFinder",
    "Phrases",
    "PlanVocabulary",
    "claim_final_word",
    "final_word",
    "phrase_mentions",
    "phrases",
    "plan_span",
]


@dataclass(frozen=True)
class Mention:
    """Where a text (folded, lowered) names a plan part: the stated plan's own, or another's."""

    start: int
    end: int
    own: bool


MentionFinder = Callable[[str], Iterable[Mention]]
"""Every plan-part mention in a folded, lowered text."""


@dataclass(frozen=True)
class PlanVocabulary:
    """A domain's words for its plan (see the module docstring)."""

    nouns: tuple[str, ...]
    """Nouns naming the plan or a part of it, lowered ("dinner", "restaurant", "table")."""
    mentions: MentionFinder
    """Where a text names the stated plan's parts (own) and other plans' parts."""
    example: str
    """A valid answer, quoted in problem messages."""
    party: int | None = None
    """How many people the plan must serve, if the domain knows (a place said to hold fewer
    cannot have the plan); None: a limit of room said of the plan's place is read as too
    small, fail-closed."""
    length: int | None = None
    """How long the plan lasts in minutes, if the domain knows: another place's opening hours
    that cannot hold the plan from its start to its end rule that place out ("Umi is open
    16:00-19:00" of a two-hour dinner at 17:30); None: only its start (or its own end) is
    held to them."""

    def __post_init__(self) -> None:
        # Every reader of the vocabulary (the clauses, the keys, the tests) sees the same
        # mentions: the domain's, completed with the times it does not read (see _completed).
        object.__setattr__(self, "mentions", _completed(self.mentions))


def _as_24_hour(hour: str, minute: str | None, half: str) -> str | None:
    """The 24-hour form of a 12-hour time ("5", "30", "p" -> "17:30"), None if no clock time."""
    value = int(hour)
    if not 1 <= value <= 12:
        return None
    value = value % 12 + (12 if half == "p" else 0)
    return f"{value:02d}:{minute or '00'}"


_HOUR_WORDS = {word: n for n, word in enumerate(vocab.NUMBER_WORDS[3:-1].split("|"), 1)}


def _spoken_hours(text: str, own_form: Callable[[str | None], bool]) -> list[Mention]:
    """The hours in ``text`` said in a form no clock reader reads ("at 6", "around six", "six
    o'clock", "18h00"): the plan's own when ``own_form`` takes a 24-hour form of it (an hour
    up to 12 may be either half of the day), another plan's otherwise."""
    found: list[Mention] = []
    if vocab.H_NOTATION_CUE.search(text) is not None:
        for match in vocab.H_NOTATION.finditer(text):
            found.append(Mention(*match.span(), own_form(f"{int(match[1]):02d}:{match[2]}")))
    hours = [(m.span(), m[1]) for m in vocab.BARE_HOUR.finditer(text)]
    if any(cue in text for cue in vocab.SPOKEN_HOUR_CUES):
        hours += [
            (m.span(), m.group().split()[-2 if "clock" in m.group() else -1])
            for m in vocab.SPOKEN_HOUR.finditer(text)
        ]
    for span, said in hours:
        hour = int(said) if said.isdigit() else _HOUR_WORDS.get(said, 0)
        forms = [hour, hour + 12] if 1 <= hour <= 12 else [hour]
        own = any(own_form(f"{h:02d}:00") for h in forms if h < 24)
        found.append(Mention(*span, own))
    return found


def _own_wins(found: list[Mention]) -> list[Mention]:
    """``found`` without the other plans' mentions that overlap one of the plan's own: a part a
    domain reads both ways (the answer's own "7:00", which its clock reader cannot place) is
    the plan's."""
    own = sorted((m.start, m.end) for m in found if m.own)
    if not own or len(own) == len(found):
        return found
    own_starts = [a for a, _ in own]
    # The furthest end among the own spans starting at or before each: a mention overlaps an
    # own span if one starting before the mention's end reaches past its start.
    reach = list(itertools.accumulate((b for _, b in own), max))
    kept = []
    for mention in found:
        at = bisect.bisect_left(own_starts, mention.end) - 1
        if mention.own or at < 0 or reach[at] <= mention.start:
            kept.append(mention)
    return kept


def _afternoon_own(text: str, mention: Mention, own_form: Callable[[str | None], bool]) -> Mention:
    """``mention``, the plan's own when it is a clock time of twelve-hour writing with no am or
    pm (:data:`~checkers.plan_words.TWELVE_HOUR_CLOCK`) whose afternoon form is ("See you at
    5:30!" of a plan at 17:30, "The invite is for 2:30" of a slot at 14:30): no one restates a
    plan by the morning twelve hours before it; or whose morning form, with its leading zero,
    is ("See you at 8:00" of a breakfast at 08:00)."""
    if mention.own or not vocab.TWELVE_HOUR_CLOCK.fullmatch(text, mention.start, mention.end):
        return mention
    if vocab.MERIDIEM_AFTER.match(text, mention.end) is not None:
        return mention  # "5:30 am" is the morning's
    hour, _, minute = text[mention.start : mention.end].replace(".", ":").partition(":")
    morning, afternoon = f"{int(hour):02d}:{minute}", f"{int(hour) + 12:02d}:{minute}"
    own = own_form(afternoon) or own_form(morning)
    return Mention(mention.start, mention.end, True) if own else mention


def _completed(finder: MentionFinder) -> MentionFinder:
    """``finder`` with what a domain's finder may not read: a 12-hour time ("5:30 pm", "6 pm")
    is the plan's own when its 24-hour form is, and another plan's otherwise; one with no am or
    pm is the plan's own when its afternoon form is (:func:`_afternoon_own`); a time said in
    words or relative to the plan ("an hour later", "a later start", "at three") is another
    plan's (:data:`~checkers.plan_words.RELATIVE_TIME`)."""
    if getattr(finder, "completed", False):
        return finder

    def own_form(form: str | None) -> bool:
        return form is not None and any(m.own for m in finder(form))

    def find(text: str) -> list[Mention]:
        found = [_afternoon_own(text, m, own_form) for m in sorted(finder(text), key=_start)]
        # The cue first: the pattern is tried at every digit (see MERIDIEM_CUE).
        meridiem = vocab.MERIDIEM_CUE.search(text) is not None
        if meridiem and vocab.MERIDIEM_TIME.search(text) is not None:
            ends = [m.end for m in found]
            starts = [m.start for m in found]
            for match in vocab.MERIDIEM_TIME.finditer(text):
                own = own_form(_as_24_hour(match[1], match[2], match[3]))
                # The domain's mention that this time starts inside of, if any ("5:30" of
                # "5:30 pm"): mentions do not overlap, so it is the last one starting before.
                at = bisect.bisect_right(starts, match.start()) - 1
                if at >= 0 and ends[at] > match.start():
                    if own and not found[at].own:
                        found[at] = Mention(found[at].start, found[at].end, True)
                elif not (at + 1 < len(starts) and starts[at + 1] < match.end()):
                    found.append(Mention(match.start(), match.end(), own))
                _own_range_start(text, match, found, starts, own_form)
        found += [Mention(*m.span(), False) for m in vocab.WORD_TIME.finditer(text)]
        if "later" in text or "earlier" in text:
            found += [Mention(*m.span(), False) for m in vocab.LATER_TIME.finditer(text)]
        if "by" in text:
            found += [Mention(*m.span(), False) for m in vocab.SHIFTED_TIME.finditer(text)]
        found += _spoken_hours(text, own_form)
        return _own_wins(found)

    find.completed = True  # type: ignore[attr-defined]
    return find


def _own_range_start(
    text: str,
    end: re.Match[str],
    found: list[Mention],
    starts: list[int],
    own_form: Callable[[str | None], bool],
) -> None:
    """Mark as the plan's own (in ``found``, the domain's mentions, ``starts`` their starts) a
    bare clock time opening a range that the 12-hour time ``end`` closes, when it is the
    plan's time in ``end``'s half of the day ("Dinner runs 5:30-7:30 pm": 17:30); a start that
    would fall after the end is of the other half ("11:30-1:30 pm")."""
    opening = vocab.RANGE_START_BEFORE.search(text, max(0, end.start() - 20), end.start())
    last = _as_24_hour(end[1], end[2], end[3])
    first = _as_24_hour(opening[1], opening[2], end[3]) if opening is not None else None
    if opening is None or last is None or first is None or (opening[2] is None and end[2]):
        return
    if first > last:
        first = _as_24_hour(opening[1], opening[2], "a" if end[3] == "p" else "p")
    if not own_form(first):
        return
    at = bisect.bisect_right(starts, opening.start()) - 1
    if at >= 0 and found[at].start == opening.start() and not found[at].own:
        found[at] = Mention(found[at].start, found[at].end, True)
    elif not (at >= 0 and found[at].end > opening.start()):
        found.append(Mention(opening.start(), opening.end(1 if opening[2] is None else 2), True))


def _phrase_form(phrase: str) -> str:
    """``phrase`` as :func:`phrase_mentions` matches it: folded, lowered, single-spaced."""
    return " ".join(fold_lower(phrase).split())


def _longest_first(phrase: str) -> tuple[int, str]:
    return -len(phrase), phrase


@lru_cache(maxsize=1024)
def _phrase_pattern(phrases: frozenset[str]) -> re.Pattern[str]:
    """One whole-word pattern for ``phrases``, longest first so a name wins over a phrase
    inside it (cached per phrase set: a catalog's).

    The phrases are grouped by their first character ("r(?:01|02)|m(?:arigold)"): the engine
    tries each alternative at every place of the text, and a group it passes over with one
    comparison (a catalog's 46 phrases read in about 0.6 of the time). The pattern finds what
    the flat alternation of the phrases, longest first, finds: phrases of two groups never
    match at one place, and each group keeps that order (``tests/test_fast_paths_3.py`` holds
    the two to the same matches)."""
    groups: dict[str, list[str]] = {}
    for phrase in sorted(phrases, key=_longest_first):
        groups.setdefault(phrase[0], []).append(re.escape(phrase[1:]))
    alternatives = "|".join(f"{re.escape(c)}(?:{'|'.join(rest)})" for c, rest in groups.items())
    return re.compile(r"(?<![a-z0-9])(?:" + alternatives + r")(?![a-z0-9])")


@dataclass(frozen=True)
class Phrases:
    """Fixed phrases (a catalog's ids and names) prepared once for :func:`phrase_mentions`:
    their matched forms and one whole-word pattern for all of them. Build it with
    :func:`phrases` once per catalog; compiling the pattern costs far more than reading an
    answer with it."""

    forms: frozenset[str]
    pattern: re.Pattern[str] | None


@lru_cache(maxsize=256)
def _prepared(texts: tuple[str, ...]) -> Phrases:
    forms = frozenset(_phrase_form(p) for p in texts) - {""}
    return Phrases(forms, _phrase_pattern(forms) if forms else None)


def phrases(texts: Iterable[str]) -> Phrases:
    """``texts`` prepared for :func:`phrase_mentions` (cached by content: a catalog's names
    are the same for every answer to its scenario). Empty phrases are ignored."""
    return _prepared(tuple(texts))


_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def _whole_word(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` stands as a whole word: no letter or digit touches it (the
    rule of :func:`_phrase_pattern`'s look-behind and look-ahead)."""
    return (start == 0 or text[start - 1] not in _WORD_CHARS) and (
        end == len(text) or text[end] not in _WORD_CHARS
    )


def _next_whole(text: str, phrase: str, at: int) -> int:
    """Where ``phrase`` next stands as a whole word in ``text`` from ``at`` on, or -1."""
    while True:
        found = text.find(phrase, at)
        if found < 0 or _whole_word(text, found, found + len(phrase)):
            return found
        at = found + 1


def _phrase_spans(
    text: str, pattern: re.Pattern[str] | None, extras: Sequence[str]
) -> Iterator[tuple[int, int]]:
    """The spans ``pattern`` (a :func:`_phrase_pattern`) finds in ``text``, as the pattern of
    its phrases and ``extras`` together would find them: at each point the leftmost whole-word
    phrase of either, the longest one where several start together, scanning on after it.

    The answer's own words (its time, its restaurant as written) are the extras: a pattern
    per answer would be compiled for every answer, a few milliseconds each. Linear: each
    phrase's next place is looked for again only once the scan has passed it."""
    if not extras:
        if pattern is not None:
            yield from (m.span() for m in pattern.finditer(text))
        return
    at = 0
    listed: tuple[int, int] | None = None
    next_extra = {e: _next_whole(text, e, 0) for e in extras}
    while True:
        if pattern is not None and (listed is None or listed[0] < at):
            # The first match from an earlier start that still lies ahead is the first from
            # here too: whether a phrase matches at a place does not depend on where the
            # search began.
            match = pattern.search(text, at)
            listed = match.span() if match is not None else (len(text) + 1, 0)
        best = listed if listed is not None and listed[0] <= len(text) else None
        for extra, start in next_extra.items():
            if 0 <= start < at:
                start = next_extra[extra] = _next_whole(text, extra, at)
            if start < 0:
                continue
            end = start + len(extra)
            if best is None or start < best[0] or (start == best[0] and end > best[1]):
                best = (start, end)
        if best is None:
            return
        yield best
        at = best[1]


def phrase_mentions(own: Iterable[str], others: Iterable[str] | Phrases) -> MentionFinder:
    """A mention finder for fixed phrases (ids, names), matched whole-word on folded text,
    the longest where several start at one place.

    ``others`` is a catalog's phrases, best prepared once with :func:`phrases`. A phrase in
    both lists is own. Empty phrases are ignored."""
    catalog = others if isinstance(others, Phrases) else phrases(others)
    own_set = {_phrase_form(p) for p in own} - {""}
    if not own_set and not catalog.forms:
        return lambda text: ()
    extras = sorted(own_set - catalog.forms, key=_longest_first)

    def find(text: str) -> Iterator[Mention]:
        for start, end in _phrase_spans(text, catalog.pattern, extras):
            yield Mention(start, end, text[start:end] in own_set)

    return find


def plan_span(text: str, scan: JsonScan | None = None) -> tuple[int, int] | None:
    """Where the first JSON object stands in ``text`` (the stated plan, once a reader found it).
    ``scan`` is :func:`checkers.answers.scan_json` of ``text`` when the reader has it."""
    for start, end in (scan or scan_json(text)).spans:
        if text[start] == "{":
            return start, end
    return None


# --- reading ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Clause:
    """One clause of folded text, with the plan mentions in it (positions within ``text``)."""

    text: str
    question: bool
    condition: str = ""
    """The leading ``if``/``unless`` condition left out of ``text`` (read for alternatives
    only: "if that fails, try r20")."""
    colon: bool = False
    """Whether the clause ends with a colon (what follows completes it: "Final answer: ...")."""
    mentions: tuple[Mention, ...] = ()
    about_plan: bool = False
    """Whether the clause is about the plan whatever it names (a string inside the plan's own
    JSON object)."""
    other_before: bool = False
    """Whether the last plan part named before the clause on its line is another plan's: a
    pronoun subject ("Umi is rated highest, but it doesn't work") or a clause with no subject
    refers to that plan, not to the stated one (:func:`_refers_to_other`)."""
    own_last: bool = False
    """Whether the last plan part named before the clause on its line is the plan's own ("I
    chose Green Fork (r03) instead": "instead" follows the plan itself)."""
    span_before: bool = False
    """Whether a range of times not starting at the plan's own time ends right before the
    clause ("- Ana: 9:00 - 17:30 (blocked)"): a state there with no subject is the range's."""
    lacks_means: bool = False
    """Whether the sentence holding the clause says the agent has no means to book ("I don't
    have a booking tool, so I couldn't reserve the table"): see :func:`_agent_cannot`."""
    hands_off: bool = False
    """Whether the sentence holding the clause hands the booking to the user ("..., so please
    call them"): see :func:`_agent_cannot`."""
    exception_next: bool = False
    """Whether the clause is cut before an exception ("There are no tables left, except at
    17:30"): what it says is left of nothing is not said of the plan (:func:`_none_left`)."""
    crowd_advice: bool = False
    """Whether the sentence holding the clause advises to come early or on time, or to book
    ahead ("..., so come early"), and holds no bad state but "busy"
    (:data:`~checkers.plan_words.CROWD_TROUBLE`): see :func:`_crowd_note`."""
    labels_times: bool = False
    """Whether the clause is only a busy label for someone, times after its colon ("Busy for
    Jerry: 16:00 - 17:00", :data:`~checkers.plan_words.BUSY_LABEL`): their times, no state of
    the plan."""
    aside_of_own: bool = False
    """Whether the clause names nothing and is an aside opened right after the plan's own part
    by a bracket, a brace, a quote, a colon or an ellipsis, past emphasis or a closing bracket
    ("Green Fork at 17:30 (fully booked)", "Monday 14:30: blocked", "**Green Fork (r03)**:
    fully booked", "17:30... fully booked"): what it says is said of the plan, before the plan
    as after it; a bad state alone is enough there ("(full)", "(closed)")."""

    @property
    def own(self) -> list[Mention]:
        return [m for m in self.mentions if m.own]

    def own_before(self, at: int) -> Iterator[Mention]:
        """Own mentions that start within :data:`_WINDOW` characters before ``at``."""
        starts = [m.start for m in self.mentions]
        low = bisect.bisect_left(starts, at - _WINDOW)
        for mention in self.mentions[low : bisect.bisect_left(starts, at)]:
            if mention.own:
                yield mention


_NOT_READ: Any = object()
"""``final_word``'s ``plan_json`` when the caller has not read the plan's JSON value."""
_WINDOW = 120
"""How far before a word its subject or its negation is looked for, in characters: a clause's
subject stands close to its verb, and a bounded window keeps the reading linear."""


_TIMES_NEXT = re.compile(r"\s*[*_]{0,2}\s*\d")


def _clauses(
    text: str, mentions: list[Mention], about_plan: bool = False, named_only: bool = False
) -> Iterator[_Clause]:
    """The clauses of folded text, whether each asks a question, and the mentions in each; the
    condition of a leading ``if``/``unless`` clause is set apart (up to its comma or
    ``then``). ``about_plan``: every clause is about the plan (see :class:`_Clause`).
    ``named_only``: only the clauses that hold a mention (the others are not made)."""
    starts = [m.start for m in mentions]
    line_starts = [m.end() for m in _NEWLINE.finditer(text)]
    lacking = _sentences_saying(text, vocab.AGENT_LACKS_MEANS, vocab.AGENT_LACKS_MEANS_CUES)
    handing = _sentences_saying(text, vocab.HANDOFF, vocab.HANDOFF_CUES)
    crowd_advised = _crowd_advised(text)
    at = 0
    for cut in [*vocab.CLAUSE_CUT.finditer(text), None]:
        end = len(text) if cut is None else cut.start()
        if (
            named_only
            and bisect.bisect_left(starts, at) == bisect.bisect_left(starts, end)
            and not _aside_of_own(text, mentions, starts, line_starts, at)
        ):
            # No mention starts between here and the cut, so none in the clause either (it
            # starts at or after ``at``), and it is no aside of the plan's own part.
            at = end if cut is None else cut.end()
            continue
        body = text[at:end]
        question = cut is not None and cut.group() == "?"
        condition = ""
        start = at
        if vocab.CONDITION.match(body):
            rest = vocab.CONDITION_END.search(body)
            offset = rest.end() if rest is not None else len(body)
            condition, body, start = body[:offset], body[offset:], at + offset
        if body.strip() or condition:
            inside = mentions[bisect.bisect_left(starts, start) : bisect.bisect_left(starts, end)]
            local = tuple(Mention(m.start - start, m.end - start, m.own) for m in inside)
            colon = cut is not None and cut.group().startswith(":")
            last = _named_before(mentions, starts, line_starts, start)
            yield _Clause(
                body,
                question,
                condition,
                colon,
                local,
                about_plan,
                other_before=last is not None and not last.own,
                own_last=last is not None and last.own,
                span_before=_span_before(text, mentions, starts, start),
                lacks_means=lacking(start),
                hands_off=handing(start),
                exception_next=cut is not None and _exception_at(text, cut.start()),
                crowd_advice=crowd_advised(start),
                labels_times=colon
                and vocab.BUSY_LABEL.fullmatch(body) is not None
                and _TIMES_NEXT.match(text, end + 1) is not None,
                aside_of_own=not inside and _aside_of_own(text, mentions, starts, line_starts, at),
            )
        at = end if cut is None else cut.end()


_NEWLINE = re.compile("\n")


def _never(at: int) -> bool:
    """No position is in such a sentence."""
    return False


def _sentences_saying(
    text: str, pattern: re.Pattern[str], cues: Sequence[str]
) -> Callable[[int], bool]:
    """For a position of ``text``: whether its sentence holds a match of ``pattern``, every
    match of which holds one of ``cues`` (a text holding none is not searched). One pass over
    the text, then a bisection per position."""
    if not holds_any(text, cues):
        return _never
    said = [m.start() for m in pattern.finditer(text)]
    if not said:
        return _never
    ends = [m.start() for m in vocab.SENTENCE_CUT.finditer(text)]
    lacking = {bisect.bisect_left(ends, at) for at in said}
    return lambda at: bisect.bisect_left(ends, at) in lacking


def _crowd_advised(text: str) -> Callable[[int], bool]:
    """For a position of ``text``: whether its sentence, or the next one that holds any word,
    advises to come early or on time or to book ahead (:data:`~checkers.plan_words.CROWD_ADVICE`)
    with no bad state but "busy" (:data:`~checkers.plan_words.CROWD_TROUBLE`) in either: "It
    gets busy. Arrive on time." A note and its advice are often two sentences; the advice still
    says how to keep the plan. One pass over the text, then a bisection per position."""
    if not holds_any(text, vocab.CROWD_ADVICE_CUES):
        return _never
    advice = [m.start() for m in vocab.CROWD_ADVICE.finditer(text)]
    if not advice:
        return _never
    ends = [m.start() for m in vocab.SENTENCE_CUT.finditer(text)]
    advising = {bisect.bisect_left(ends, at) for at in advice}
    troubled = {bisect.bisect_left(ends, m.start()) for m in vocab.CROWD_TROUBLE.finditer(text)}

    def advised(at: int) -> bool:
        index = bisect.bisect_left(ends, at)
        if index in troubled:
            return False
        if index in advising:
            return True
        following = _next_worded_sentence(text, ends, index)
        return following in advising and following not in troubled

    return advised


def _next_worded_sentence(text: str, ends: list[int], index: int) -> int | None:
    """The index of the first sentence after sentence ``index`` of ``text`` (``ends``: where
    each sentence cut starts) that holds a word, past the empty ones a line break makes."""
    for following in range(index + 1, len(ends) + 1):
        start = ends[following - 1] + 1
        end = ends[following] if following < len(ends) else len(text)
        if text[start:end].strip():
            return following
    return None


def _span_before(text: str, mentions: Sequence[Mention], starts: list[int], at: int) -> bool:
    """Whether a range of times ends right before ``at`` whose first time is not a mention of
    the plan's own (:data:`~checkers.plan_words.RANGE_JUST_BEFORE`: "- Ana: 9:00 - 17:30
    (blocked)" beside a plan at 17:30); "17:30 - 19:30 (blocked)" is the plan's range."""
    if at == 0 or (not text[at - 1].isspace() and text[at - 1] not in "(["):
        return False
    found = vocab.RANGE_JUST_BEFORE.search(text, max(0, at - 40), at)
    if found is None:
        return False
    index = bisect.bisect_left(starts, found.start("first"))
    first = mentions[index] if index < len(starts) else None
    return first is None or first.start != found.start("first") or not first.own


_ASIDE_OPENS = re.compile(r"[\s*_)\]]*(?:[(\[{:\"]|\.\.\.?|\u2026)[\s*_(\[{\"]*")


def _aside_of_own(
    text: str, mentions: Sequence[Mention], starts: list[int], line_starts: list[int], at: int
) -> bool:
    """Whether the clause starting at ``at`` opens right after the plan's own part with a
    bracket, a brace, a quote, a colon or an ellipsis (see :attr:`_Clause.aside_of_own`)."""
    last = _named_before(mentions, starts, line_starts, at)
    return last is not None and last.own and _ASIDE_OPENS.fullmatch(text, last.end, at) is not None


def _named_before(
    mentions: Sequence[Mention], starts: list[int], line_starts: list[int], at: int
) -> Mention | None:
    """The last mention starting before ``at`` if it stands on the same line (``line_starts``:
    where each line after the first starts): the antecedent of a pronoun at ``at``. A new line
    (a list item, a JSON string) starts a new topic."""
    last = bisect.bisect_left(starts, at) - 1
    if last < 0:
        return None
    line = bisect.bisect_right(line_starts, at) - 1
    return mentions[last] if line < 0 or line_starts[line] <= mentions[last].start else None


def _strings(value: Any) -> Iterator[str]:
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)


def _as_prose(text: str) -> str:
    """``text`` with each JSON value in it replaced by its string values, one sentence each."""
    if "{" not in text and "[" not in text:
        return text  # every JSON value scan_json finds starts at one of these
    parts, at = [], 0
    for start, end in scan_json(text).spans:
        try:
            value = json.loads(text[start:end])
        except (ValueError, RecursionError):
            continue
        parts += [text[at:start], "\n", *(f"{s}.\n" for s in _strings(value))]
        at = end
    parts.append(text[at:])
    return "".join(parts)


def _value_prose(value: Any) -> str:
    """:func:`_as_prose` of a text that is one JSON value, given the value itself (the text
    around it is empty)."""
    return "".join(["\n", *(f"{s}.\n" for s in _strings(value))])


def key_words(key: str) -> list[str]:
    """The words of a JSON key, folded: "endTime", "End Time", "end_time" are "end", "time"."""
    # A plain key has no capital for CAMEL to split, and folding leaves it as it is.
    return vocab.KEY_WORDS.findall(key if plain_key(key) else fold_lower(vocab.CAMEL.sub("_", key)))


def _empty(value: Any) -> bool:
    if isinstance(value, str):
        return fold_lower(value).strip() in vocab.EMPTY_VALUES
    return value is None or value is False or value == [] or value == {}


def _alternative_key(answer: Any) -> str | None:
    """The first key in ``answer`` (at any depth) that names another plan and holds a value."""
    for key, value in _key_values(answer):
        words = key_words(key)
        named = (
            bool(vocab.ALTERNATIVE_KEYS.intersection(words))
            or "".join(words) in vocab.ALTERNATIVE_WHOLE_KEYS
            or any(a == "plan" and b in {"b", "c", "2", "3"} for a, b in itertools.pairwise(words))
            or any(
                a in {"second", "2nd", "other", "another"}
                and b in {"choice", "option", "plan", "pick"}
                for a, b in itertools.pairwise(words)
            )
        )
        if named and not _empty(value):
            return str(key)
    return None


def _negating_key(answer: Any) -> str | None:
    """The first key in ``answer`` (at any depth), with its value, that says the plan does not
    hold: a word of it holding valued false or no (``"feasible": false``; true after "not":
    ``"not_available": true``), a status denying it (``"status": "rejected"``), or a word of it
    failing or of whom it leaves out holding anything (``"conflicts": ["Jerry"]``,
    ``"excluded": ["Mei"]``, ``"not_attending": ["Mei"]``)."""
    for key, value in _key_values(answer):
        words = set(key_words(str(key)))
        said = fold_lower(value).strip() if isinstance(value, str) else None
        no = value is False or said in vocab.NO_VALUES
        yes = value is True or (said is not None and not no and said not in vocab.EMPTY_VALUES)
        holds = bool(words & vocab.PLAN_HOLDS_KEYS)
        negated = "not" in words
        fails = bool(words & vocab.PLAN_FAILS_KEYS) or (
            negated and bool(words & vocab.LEFT_OUT_AFTER_NOT)
        )
        if (
            (holds and (yes if negated else no))
            or ("status" in words and said in vocab.DENYING_STATUSES)
            or (fails and not _empty(value))
        ):
            return f'"{key}": {json.dumps(value, ensure_ascii=False)[:40]}'
    return None


def _key_values(answer: Any) -> Iterator[tuple[Any, Any]]:
    """Each key of ``answer``'s objects, at any depth (in lists too), with its value."""
    pending: list[Any] = [answer]
    while pending:
        item = pending.pop()
        if isinstance(item, list):
            pending.extend(item)
        if not isinstance(item, dict):
            continue
        for key, value in item.items():
            yield key, value
            pending.append(value)


def _other_plan_key(answer: Any, vocabulary: PlanVocabulary) -> str | None:
    """The first key in ``answer`` (at any depth) whose string value names another plan's part
    and does not rule it out, read as a sentence after the plan that starts with the key's
    words (``"runner_up": "r06"``, ``"also_works": ["r19"]``, ``"option_2": "an hour
    later"``; not ``"notes": "Umi has no vegan dishes"`` or ``"leave_by": "21:00"``): another
    plan, whatever the key is called.

    A string naming only the plan's own part is the plan's field (or restates it); one naming
    it beside another plan's part is read like any line (``"ranking": ["r03", "r06"]``,
    ``"summary": "r03 at 17:30; r06 at 18:00 works too"`` offer a second plan). A key naming a
    field (:data:`~checkers.plan_words.PLAN_FIELD_WORDS`) with a value that is no string is the
    plan's: a value there that is not one plan ("7:00", ``["r19"]``) is the reader's to
    report. Every string is read in one text (one search for mentions), a line each."""
    lines: list[tuple[str, int, int, int]] = []  # key; where its line, its value and it end
    parts: list[str] = []
    at = 0
    for key, value in _keyed_strings(answer):
        words = " ".join(key_words(key))
        line = f"{words} {fold_lower(value)}".replace("\n", " ")
        parts.append(line)
        lines.append((key, at, at + len(words) + 1, at + len(line)))
        at += len(line) + 1
    if not lines:
        return None
    folded = "\n".join(parts)
    mentions = sorted(vocabulary.mentions(folded), key=_start)
    starts = [m.start for m in mentions]
    for key, line_start, _, end in lines:
        inside = mentions[bisect.bisect_left(starts, line_start) : bisect.bisect_left(starts, end)]
        if all(m.own for m in inside):
            continue
        local = [Mention(m.start - line_start, m.end - line_start, m.own) for m in inside]
        if next(_other_plans(folded[line_start:end], local, before=False), None) is not None:
            return key
    return None


def _keyed_strings(answer: Any) -> Iterator[tuple[str, str]]:
    """Each string in ``answer`` (at any depth) with the key it stands under (directly or in a
    list), except under a plan field's key holding no string (see :func:`_other_plan_key`)."""
    for key, value in _key_values(answer):
        if isinstance(value, str):
            yield str(key), value
        elif isinstance(value, list) and not (set(key_words(str(key))) <= vocab.PLAN_FIELD_WORDS):
            yield from ((str(key), v) for v in value if isinstance(v, str))


def _start(mention: Mention) -> int:
    return mention.start


@dataclass(frozen=True)
class _Finding:
    code: str
    phrase: str
    refused: tuple[int, int] | None = None
    """For a place said too small, the party sizes it cannot seat (from, to: a range), which
    :func:`final_word` holds against the domain's party; None: whatever the party."""


def _subject_ref(clause: _Clause, before: int, rx: CompiledWords) -> bool:
    """Whether the clause's text just before ``before`` names the plan as its subject: its own
    part (not after a preposition: "parking at r03" is about the parking), one of the domain's
    plan nouns with no qualifier of its own ("the restaurant", not "the closest restaurant"), or
    a pronoun. A string of the plan's own object, or a clause with no subject before the word
    ("(blocked for Jerry)" right after the plan; not after someone's range of times: "- Ana:
    9:00 - 17:30 (blocked)"), is about the plan."""
    low = max(0, before - _WINDOW)
    head = clause.text[low:before]
    for mention in clause.own_before(before):
        if not vocab.PREPOSITION_END.search(
            clause.text[max(0, mention.start - 20) : mention.start]
        ):
            return True
    if _noun_ref(head, rx):
        return True
    if _refers_to_other(clause, head):
        return False
    if clause.about_plan and not _own_subject(clause.text, before):
        return True
    if vocab.ADVERBS_ONLY.fullmatch(clause.text, 0, before) and not clause.span_before:
        return True
    if clause.own_last and vocab.VERB_ONLY.fullmatch(clause.text[:before]):
        return True  # "Green Fork (r03) is fully booked": the clause goes on from the plan
    return bool(vocab.PRONOUN.search(head) or vocab.THEY.search(head))


def _advice(clause: _Clause, withdrawal: re.Match[str], rx: CompiledWords) -> bool:
    """Whether a withdrawal phrase is advice about the plan rather than taking it back: a
    possibility the user keeps ("you can cancel the booking up to 2 hours before") or, for a
    phrase with an object, something other than the plan ("forget about parking")."""
    if vocab.POSSIBILITY_BEFORE.search(clause.text, 0, withdrawal.start()):
        return True
    return bool(vocab.TAKEN_BACK_OBJECT.fullmatch(withdrawal.group())) and not _object_ref(
        clause, withdrawal.end(), rx, first_person=True
    )


def _menu_alternative(text: str, alternative: re.Match[str]) -> bool:
    """Whether an ``ALTERNATIVE`` word is part of a dish or an ingredient ("a dairy-free
    alternative for most dishes"), not another plan."""
    return any(
        m.start() <= alternative.start() < m.end() for m in vocab.MENU_ALTERNATIVE.finditer(text)
    )


def _own_subject(text: str, before: int) -> bool:
    """Whether the words before ``before`` (a bad state) are a subject of their own that is
    neither a person nor a calendar ("The patio is unavailable in winter", "Street parking is
    often full" in the plan's notes): a noun after "the"/"a", or of two or three words, followed
    by a verb "to be"."""
    match = vocab.OWN_SUBJECT.match(text[:before])
    if match is None or vocab.PERSON_STATE.match(text, before):
        return False
    words = match.group("np").split()
    if vocab.PEOPLE_WORDS.intersection(words) or any("'" in w for w in words):
        return False
    if not (match.group("tail") or vocab.COPULA.match(text, before)):
        return False
    return bool(match.group("det")) or len(words) > 1


def _refers_to_other(clause: _Clause, head: str) -> bool:
    """Whether the subject of the words after ``head`` (the clause's text before them, which
    names neither the plan's own part nor a plan noun) is the other plan named just before the
    clause: the head is a pronoun ("it", "that") or nothing ("... Umi Sushi Bar (fully
    booked)")."""
    pronoun = vocab.PRONOUN.search(head) or vocab.THEY.search(head)
    return clause.other_before and (not head.strip(" -,") or pronoun is not None)


def _noun_ref(text: str, rx: CompiledWords) -> bool:
    return any(
        m.group(1) is None or m.group(1) in vocab.DETERMINERS for m in rx.noun.finditer(text)
    )


def _object_ref(clause: _Clause, after: int, rx: CompiledWords, first_person: bool) -> bool:
    """Whether the few words after ``after`` name the plan (own part, noun, pronoun,
    "anything"), or, when the agent speaks of itself ("we did not book."), nothing follows."""
    words = vocab.OBJECT.match(clause.text, after)
    if words is None:  # the pattern matches the empty string
        return False
    span = clause.text[after : words.end()]
    if not span.strip(" ,.!-"):
        return first_person
    if any(after <= m.start < words.end() for m in clause.own_before(words.end())):
        return True
    if _noun_ref(span, rx):
        return True
    pronoun = re.search(r"\b(?:it|this|that|anything|them)\b", span)
    # "we couldn't book it" after "I also looked at Umi": "it" is Umi.
    return pronoun is not None and not (clause.other_before and pronoun.group() != "anything")


def _denial(
    clause: _Clause, after: bool, rx: CompiledWords, plan_start: int | None = None
) -> _Finding | None:
    """A negated commitment or a bad state said of the plan in this clause. Before the plan
    (``after`` False) only a clause naming the plan's own part is read; a clause naming another
    plan's part is about that plan. A bad state over times that end where the plan starts
    (``plan_start``, in minutes) is busy time before it (:func:`_busy_until_start`)."""
    clause = _without_inner_condition(clause)
    text = clause.text
    own = clause.own
    if len(own) < len(clause.mentions) or clause.question:
        return None
    if not (own or after or clause.aside_of_own):
        return None
    if _DENIAL_CUES.search(text) is None:
        return None  # every match of the patterns below holds a cue (see _may_find)
    for match in vocab.NEGATED.finditer(text):
        end = match.end()
        if vocab.YET.search(text, end, end + 40) or vocab.TIME_QUALIFIER.match(text, end):
            continue
        if _others_subject(clause, match.start(), rx) or _agent_cannot(clause, match.start()):
            continue
        subject = _subject_ref(clause, match.start(), rx)
        if match["action"] is not None:
            first_person = bool(
                vocab.FIRST_PERSON.search(text, max(0, match.start() - _WINDOW), match.start())
            )
            if subject or _object_ref(clause, end, rx, first_person):
                return _Finding("plan_negated", match.group())
        elif subject:
            return _Finding("plan_negated", match.group())
    for match in vocab.BAD_STATE.finditer(text):
        head = text[max(0, match.start() - _WINDOW) : match.start()]
        if vocab.STATE_NEGATORS.search(head) or vocab.ATTRIBUTIVE.search(head[-30:]):
            continue
        if clause.labels_times:
            continue
        if (
            vocab.NOTHING_AFTER.match(text, match.end())
            or vocab.TIME_QUALIFIER.match(text, match.end())
            or vocab.STATE_NOUN.match(text, match.end())
        ):
            continue
        if (
            _crowd_note(clause, match)
            or _busy_until_start(clause, match.end(), plan_start)
            or _compact_hours_follow(text, match.end())
        ):
            continue
        if (
            _subject_ref(clause, match.start(), rx)
            or _state_of_plan(clause, match.end(), rx)
            or _our_state(clause, match, rx)
        ):
            return _Finding("plan_negated", match.group())
    for mention in own:
        negation = vocab.NOT_BEFORE.search(text, max(0, mention.start - 20), mention.start)
        if negation is not None:
            return _Finding("plan_negated", text[negation.start() : mention.end])
    if clause.aside_of_own and vocab.BARE_STATE.fullmatch(text):
        return _Finding("plan_negated", text.strip())
    return (
        _negated_predicate(clause, rx)
        or _unavailable(clause, rx)
        or _cannot_eat_there(clause, rx)
        or _failed_booking(clause, rx)
        or _none_left(clause, rx)
    )


def _agent_cannot(clause: _Clause, at: int) -> bool:
    """Whether the negation at ``at`` is the agent saying it cannot do the booking itself
    (:data:`~checkers.plan_words.AGENT_INABILITY`), which denies no plan: in a sentence that
    says the agent has no means to book ("I don't have a booking tool, so I couldn't reserve the
    table"), or, as a capability ("can't", "am not able to"; a past "couldn't" may be a booking
    that failed), for the user ("I can't book it for you", "directly", "on your behalf"), of
    bookings in general ("I'm not able to book tables"), or with the booking handed to the user
    ("..., so please call them"). "I can't book 17:30 for you" (the plan's own time beside a
    mere "for you") and "I couldn't book it" stay the plan denied."""
    text = clause.text
    for match in vocab.AGENT_INABILITY.finditer(text, max(0, at - 40), at + 80):
        if not match.start() <= at < match.end():
            continue
        if clause.lacks_means:
            return True
        if match["now"] is None:
            return False
        end = _predicate_end(text, match.end())
        rest = text[match.end() : end]
        own_time = any(
            m.start >= match.end() and vocab.TIME_LIKE.fullmatch(text, m.start, m.end)
            for m in clause.own_before(end)
        )
        return (
            clause.hands_off
            or vocab.AGENT_SERVICE_STRONG.search(match.group()) is not None
            or vocab.AGENT_SERVICE_STRONG.search(rest) is not None
            or (vocab.AGENT_SERVICE.search(rest) is not None and not own_time)
            or vocab.GENERIC_BOOKINGS.match(text, match.end()) is not None
        )
    return False


def _others_subject(clause: _Clause, at: int, rx: CompiledWords) -> bool:
    """Whether the subject before ``at`` (a negation) is other plans
    (:data:`~checkers.plan_words.OTHERS_SUBJECT`: "Other restaurants can't seat six at 17:30",
    "no other place is open then") with no part of the plan named after it: what is denied of
    them is a reason for the plan."""
    ends = [m.end() for m in rx.others.finditer(clause.text, max(0, at - _WINDOW), at)]
    return bool(ends) and not any(m.start >= ends[-1] for m in clause.own_before(at))


def _our_state(clause: _Clause, state: re.Match[str], rx: CompiledWords) -> bool:
    """Whether a bad state that only a booking can be in
    (:data:`~checkers.plan_words.BOOKING_STATE`) is said of the party itself ("They told me
    we're waitlisted", "our booking was declined"), as a fact, with nothing after it but the
    plan's words: the party's booking is the plan's, unless another plan was named just
    before (``other_before``) or a condition puts the state in a case ("if we're waitlisted,
    ...", "I'll call if we're waitlisted")."""
    text = clause.text
    if clause.other_before or not vocab.BOOKING_STATE.fullmatch(state.group()):
        return False
    head = text[max(0, state.start() - _WINDOW) : state.start()]
    ours = vocab.OUR_SUBJECT.search(head)
    if ours is None or vocab.CONDITION_BEFORE.search(head) is not None:
        return False
    stop = _predicate_end(text, state.end())
    return _plan_complement(clause, state.end(), stop, rx) is not None


def _late_window(clause: _Clause, rx: CompiledWords, plan_start: int) -> _Finding | None:
    """The plan's place or day said to be had only from a time later than the plan's start
    (``plan_start``, in minutes): "Green Fork has tables from 18:00" for a plan at 17:30,
    "Monday is free after 16:00" for a slot at 14:30; "only at" a time other than the start.
    An earlier edge ("open from 17:00") is the reason the plan's time works. Not read in a
    question or a clause with a condition ("from 18:00 if anyone runs late" offers 18:00)."""
    text = clause.text
    if clause.question or clause.condition or vocab.CONDITION_BEFORE.search(text):
        return None
    for mention in clause.mentions:
        if mention.own or vocab.CLOCK_TIME.fullmatch(text, mention.start, mention.end) is None:
            continue
        edge = vocab.WINDOW_EDGE.search(text, max(0, mention.start - 30), mention.start)
        minutes = _mention_minutes(text, mention)  # "from 7:30 pm" is 19:30
        if edge is None or minutes is None:
            continue
        if minutes == plan_start or (minutes < plan_start and "only at" not in edge["edge"]):
            continue
        head = text[max(0, edge.start() - _WINDOW) : edge.start()]
        for said in vocab.AVAILABILITY.finditer(head):
            at = edge.start() - len(head) + said.start()
            # No subject in the clause: the plan's part just before it ("Green Fork (r03) has").
            unsaid = clause.own_last and not text[:at].strip(" -,")
            if (unsaid or _plan_subject(clause, at, rx)) and not _others_subject(clause, at, rx):
                return _Finding("plan_negated", text[at : mention.end])
    return None


_CLOCK_PARTS = re.compile(r"(\d{1,2})(?:[:.h](\d{2}))?\s*(?:([ap])\.?\s?m)?")


def clock_minutes(said: str) -> int | None:
    """The minutes after midnight of a clock time as written ("18:00", "6 pm", "5:30 p.m.",
    "18h00"), None for a bare hour or no clock time."""
    match = _CLOCK_PARTS.match(said)
    if match is None or not (match[2] or match[3]):
        return None
    form = _as_24_hour(match[1], match[2], match[3]) if match[3] else f"{match[1]}:{match[2]}"
    if form is None:
        return None
    hour, minute = (int(part) for part in form.split(":"))
    return hour * 60 + minute if hour < 24 and minute < 60 else None


def _plan_bounds(plan_text: str, vocabulary: PlanVocabulary) -> tuple[int | None, int | None]:
    """The plan's start and end in minutes after midnight: the earliest and latest clock time
    among its own parts in ``plan_text`` (the plan as stated: "14:30 - 15:30"; one time is
    both; None, None when it states no clock time)."""
    folded = fold_lower(plan_text)
    times = [
        clock_minutes(folded[m.start : m.end])
        for m in vocabulary.mentions(folded)
        if m.own and vocab.CLOCK_TIME.fullmatch(folded, m.start, m.end)
    ]
    known = [t for t in times if t is not None]
    return min(known, default=None), max(known, default=None)


_CONDITION_CUES = ("if", "unless", "whether", "case", "long", "provided", "should")


def _without_inner_condition(clause: _Clause) -> _Clause:
    """``clause`` with each condition that opens after its first words blanked out up to the
    condition's end (a comma, "then", or the clause's end): "let me know if 17:30 doesn't work",
    "tell me if Green Fork isn't available". What a condition says may happen denies nothing,
    wherever it starts, as a leading one (set apart by :func:`_clauses`) denies nothing. A
    condition contrary to fact ("... if it weren't fully booked") says the plan does not hold
    and is kept. Blanks keep every mention's position."""
    text = clause.text
    if not any(cue in text for cue in _CONDITION_CUES):
        return clause  # every INNER_CONDITION match holds one of these
    parts, at = [], 0
    for match in vocab.INNER_CONDITION.finditer(text):
        if match.start() < at:
            continue  # inside a condition already blanked
        ends = vocab.CONDITION_END.search(text, match.end())
        end = len(text) if ends is None else ends.start()
        if vocab.COUNTERFACTUAL.search(text, match.start(), end) is None:
            parts += [text[at : match.start()], " " * (end - match.start())]
            at = end
    if not parts:
        return clause
    return replace(clause, text="".join([*parts, text[at:]]))


def _negated_predicate(clause: _Clause, rx: CompiledWords) -> _Finding | None:
    """The plan denied by the polarity of a clause about it, whatever its verb: a verb negated
    by its auxiliary (:data:`~checkers.plan_words.NEGATED_VERB`) whose predicate holds nothing
    but the plan's own parts, the party and plan nouns (:func:`_plan_only`: "Green Fork isn't
    open at 17:30", "doesn't take groups of six", "José can't make 17:30", "we can't get a
    table"), said of the plan (:func:`_plan_subject`) or naming its own part or a plan noun in
    the predicate (unless said of many: "most places aren't open at 17:30, but Green Fork is").
    A predicate saying anything else is a fact about the plan ("doesn't serve meat", "isn't far
    from anyone", "isn't the closest"); a state must say the plan can be had
    (:data:`~checkers.plan_words.AVAILABLE`); a head whose negation reassures ("won't mind",
    "doesn't need") denies nothing; nor does an imperative ("don't be late for 17:30"), a
    negation cancelled by another ("nothing Ana can't eat"), one that adds ("not only ..."),
    or one limited to other times ("isn't open before 17:00", "not booked yet")."""
    text = clause.text
    for match in vocab.NEGATED_VERB.finditer(text):
        start, end = match.span()
        head = text[max(0, start - _WINDOW) : start]
        if not head.strip(" -,") and match["aux"] in {"do", "does", "did"}:
            continue  # an imperative ("don't be late", "do not arrive after 17:30")
        if _earlier_negation(head) or vocab.ADDITIVE_AFTER.match(text, end):
            continue
        if vocab.YET.search(text, end, end + 40) or vocab.TIME_QUALIFIER.match(text, end):
            continue
        if _others_subject(clause, start, rx) or _agent_cannot(clause, start):
            continue
        stop = _predicate_end(text, end)
        state = match["aux"] in vocab.BE_FORMS or match["clitic"] is not None
        plan = _plan_only(clause, end, stop, state, rx)
        if plan is None:
            continue
        said_of_many = vocab.GENERAL_SUBJECT.search(head) is not None
        if (plan and not said_of_many) or _plan_subject(clause, start, rx):
            return _Finding("plan_negated", text[start:stop].strip())
    return None


def _plan_only(
    clause: _Clause, start: int, stop: int, state: bool, rx: CompiledWords
) -> bool | None:
    """Whether the predicate ``clause.text[start:stop]`` (after a negation) says no more than
    that the plan does not happen, and if so whether it names the plan (True) or only where,
    when or for whom (False); None when it says something else (:func:`_plan_complement`).
    ``state``: the negation stands on "to be", so its head must be a word of
    :data:`~checkers.plan_words.AVAILABLE`; "have" needs what a plan needs
    (:data:`~checkers.plan_words.RESOURCE`) after it."""
    text = clause.text
    for word in re.finditer(r"[a-z0-9'][\w'-]*", text[start:stop]):
        token = word.group()
        if token in vocab.PREDICATE_FILLER:
            # "won't be able to make": "able" makes the predicate a verb's again.
            state = (state or token in vocab.BE_FORMS) and token != "able"
            continue
        after = start + word.end()
        if _mention_at(clause, start + word.start()):
            after = start + word.start()  # no head: the predicate is the plan's part itself
        elif not _denying_head(token, state, text[after:stop]):
            # "wasn't answering bookings for 17:30": a verb's progressive, denying only what
            # it names of the plan.
            return (
                _progressive(token, state) and _plan_complement(clause, after, stop, rx)
            ) or None
        rest = _plan_complement(clause, after, stop, rx)
        return None if rest is None else rest or token in vocab.RESOURCE
    return None


def _denying_head(token: str, state: bool, rest: str) -> bool:
    """Whether a negated predicate's head ``token`` (``rest``: the words after it) can deny the
    plan: not a head whose negation reassures ("won't mind"); after "to be" (``state``) a word
    saying the plan can be had ("isn't open"); "have" only with what a plan needs after it
    ("doesn't have a table", not "doesn't have a meeting at 14:30")."""
    if vocab.PRAISED_WHEN_NEGATED.fullmatch(token):
        return False
    if state:
        return token in vocab.AVAILABLE
    if token in {"have", "has", "had", "got"}:
        return bool(vocab.RESOURCE.intersection(re.findall(r"[a-z]+", rest)))
    return True


def _plan_complement(clause: _Clause, start: int, stop: int, rx: CompiledWords) -> bool | None:
    """Whether ``clause.text[start:stop]`` holds only the plan's own parts, plan nouns, what a
    plan needs, the party and words of place and time (:data:`~checkers.plan_words.PLAN_TALK`,
    numbers), and if so whether it names the plan (an own part, a plan noun, a
    :data:`~checkers.plan_words.RESOURCE`: True) or not (False); None when it holds anything
    else."""
    text = clause.text
    # Where each plan noun ends (the pattern's match may hold the word before the noun).
    noun_ends = {m.end() for m in rx.noun.finditer(text, start, stop)}
    names_plan = plural = False
    for word in re.finditer(r"[a-z0-9'][\w'-]*", text[start:stop]):
        token = word.group()
        if _mention_at(clause, start + word.start()):
            names_plan = True
            continue
        if token in vocab.RESOURCE or start + word.end() in noun_ends:
            names_plan = True
        elif _plural_noun(token, rx):
            plural = True
        elif not (token in vocab.PLAN_TALK or token.isdigit() or _number_word(token)):
            return None
    # Plan nouns in the plural say what the plan is only beside its own part ("bookings for
    # 17:30"); alone they are a policy ("doesn't take reservations").
    return None if plural and not names_plan else names_plan


def _plural_noun(token: str, rx: CompiledWords) -> bool:
    """Whether ``token`` is a plan noun in the plural ("bookings", "reservations")."""
    return token.endswith("s") and rx.noun.fullmatch(token[:-1]) is not None


def _progressive(token: str, state: bool) -> bool:
    """Whether a negated predicate's head ``token`` after "to be" (``state``) is a verb's
    progressive ("isn't taking", "wasn't answering"): an action, not a quality; a head whose
    negation reassures ("isn't rushing anyone") is none."""
    return (
        state
        and len(token) > 4
        and token.endswith("ing")
        and vocab.PRAISED_WHEN_NEGATED.fullmatch(token) is None
    )


def _state_of_plan(clause: _Clause, after: int, rx: CompiledWords) -> bool:
    """Whether the words after a bad state up to the predicate's end name the plan and nothing
    else ("We're on the waitlist for 17:30", "José is busy at 17:30"): the state is the plan's,
    whoever its subject."""
    return bool(_plan_complement(clause, after, _predicate_end(clause.text, after), rx))


def _unavailable(clause: _Clause, rx: CompiledWords) -> _Finding | None:
    """The plan said to be in a state in which it cannot be had, in the words of
    :data:`~checkers.plan_words.UNAVAILABLE` ("The 17:30 slot is gone", "Green Fork has
    nothing left at 17:30", "is out of the question", "This plan falls apart for José", "Green
    Fork is too far for Mei"): said of the plan (:func:`_subject_ref`) or, a closing, of a part
    of its place it cannot serve without (:data:`~checkers.plan_words.ESSENTIAL_PART`: "the
    kitchen is shut tonight"); or, with no subject of its own, followed by the plan's words and
    nothing else ("There's nothing left at 17:30"). Not negated ("nothing is too far"), hedged
    ("might be too early for some"), limited to other times ("closed on Mondays"), said of other
    plans or describing a noun."""
    text = clause.text
    for match in vocab.UNAVAILABLE.finditer(text):
        start, end = match.span()
        head = text[max(0, start - _WINDOW) : start]
        if (
            vocab.STATE_NEGATORS.search(head)
            or vocab.ATTRIBUTIVE.search(head[-30:])
            or vocab.HEDGE_BEFORE.search(head)
            or vocab.TIME_QUALIFIER.match(text, end)
            or vocab.NOTHING_AFTER.match(text, end)
            or _others_subject(clause, start, rx)
        ):
            continue
        if _subject_ref(clause, start, rx):
            return _Finding("plan_negated", match.group())
        if vocab.NEEDS_A_SUBJECT.match(match.group()):
            continue
        if vocab.ESSENTIAL_PART.search(head) or (
            not _own_subject(text, start) and _state_of_plan(clause, end, rx)
        ):
            return _Finding("plan_negated", match.group())
    return None


def _cannot_eat_there(clause: _Clause, rx: CompiledWords) -> _Finding | None:
    """A guest said to be unable to eat at or get to the plan's place ("Ana won't be able to
    eat anything there", "Björn can't eat anything on their menu", "Mei can't get there"): a
    verb of eating or getting there negated (:data:`~checkers.plan_words.CANNOT_EAT`) with
    nothing after it but what and where (:data:`~checkers.plan_words.EATING_TALK`, the plan's
    words), the place named: its own part, a plan noun, or "there", "here", "their menu" with
    no other plan named before them. What a guest cannot eat ("Ana can't have dairy", "can't
    eat anything with nuts there") is a constraint, not a denial."""
    text = clause.text
    for match in vocab.CANNOT_EAT.finditer(text):
        head = text[max(0, match.start() - _WINDOW) : match.start()]
        if vocab.NEGATIVE_BEFORE.search(head) or _others_subject(clause, match.start(), rx):
            continue
        end = match.end()
        if vocab.YET.search(text, end, end + 40) or vocab.TIME_QUALIFIER.match(text, end):
            continue
        if _names_the_place(clause, end, _predicate_end(text, end), rx):
            return _Finding("plan_negated", text[match.start() : _predicate_end(text, end)])
    return None


def _names_the_place(clause: _Clause, start: int, stop: int, rx: CompiledWords) -> bool:
    """Whether ``clause.text[start:stop]`` holds only what and where one eats
    (:data:`~checkers.plan_words.EATING_TALK`) and the plan's words, and names the plan's place:
    its own part, a plan noun, what a plan needs, or a word pointing back to the place
    (:data:`~checkers.plan_words.PLACE_REFERENCE`) when no other plan was named before it."""
    text = clause.text
    noun_ends = {m.end() for m in rx.noun.finditer(text, start, stop)}
    named = False
    for word in re.finditer(r"[a-z0-9'][\w'-]*", text[start:stop]):
        token = word.group()
        if _mention_at(clause, start + word.start()):
            named = named or any(
                m.own and m.start <= start + word.start() < m.end for m in clause.mentions
            )
        elif token in vocab.RESOURCE or start + word.end() in noun_ends:
            named = True
        elif vocab.PLACE_REFERENCE.fullmatch(token):
            named = named or not clause.other_before
        elif not (token in vocab.EATING_TALK or token in vocab.PLAN_TALK or token.isdigit()):
            return False
    return named


def _early_close(clause: _Clause, rx: CompiledWords, plan_start: int) -> _Finding | None:
    """The plan's place said to stop taking people before the plan's start (``plan_start``, in
    minutes): "Green Fork stops seating at 17:00", "Last seating is at 17:00", "the kitchen
    closes at 17:00" for a plan at 17:30 (a closing or a stop at the start itself too: "they
    stop taking reservations at 17:30", "open until 17:30"; the last seating at it is the
    plan's). An hour written alone is read after noon ("open till 12": midnight), a small hour
    written as the night's ("open until 1 AM") after a plan from noon on is after it. A later edge
    ("closes at 22:00") is a detail of the plan. Said of the plan (its own part, a plan noun,
    a pronoun), of a part of its place it cannot serve without, or with no subject and no other
    plan named before; not in a question, under a condition or limited to other days."""
    text = clause.text
    if clause.question or clause.condition:
        return None
    for start, end, minutes in itertools.chain(_edge_times(clause, plan_start), _word_hours(text)):
        edge = vocab.CLOSING_EDGE.search(text, max(0, start - 50), start)
        if edge is None or minutes is None or minutes > plan_start:
            continue
        if "up to" in edge[0] and not vocab.CLOCK_TIME.fullmatch(text, start, end):
            continue  # "seats up to 8", "serves up to twelve": a count, no hour
        if _after_midnight(text[start:end], minutes, plan_start):
            continue
        # "last seating at 17:30" still takes the plan's time; "open until 17:30" closes at it
        seats_at_start = not (edge["shut"] or edge["stop"] or edge["closing"])
        seats_at_start = seats_at_start and "open" not in edge[0]
        if minutes == plan_start and seats_at_start:
            continue
        head = text[max(0, edge.start() - _WINDOW) : edge.start()]
        if _qualified(text, head, end):
            continue
        if _edge_of_plan(clause, edge.start(), head, rx):
            return _Finding("plan_negated", text[edge.start() : end])
    return None


_BARE_HOUR = re.compile(vocab.HOUR_ALONE + vocab.NOT_AN_HOUR_AFTER)
"""An hour written alone ("closes at 5"), read near the plan (:func:`_edge_times`)."""


def _edge_times(clause: _Clause, plan_start: int) -> Iterator[tuple[int, int, int | None]]:
    """The times of ``clause`` a place's edge may stand before, as (start, end, minutes): its
    clock mentions, and hours written alone read after noon
    (:func:`~checkers.plan_words.hour_alone_near`): "closes at 5" is 17:00 (no restaurant
    closes at 5 in the morning), "open until 12" midnight. Beside an evening plan (from 15:00,
    ``plan_start`` in minutes) a clock time of twelve-hour writing with no am or pm
    (:data:`~checkers.plan_words.TWELVE_HOUR_CLOCK`: "Kitchen closes at 8:30", "Open until
    12:00") is the evening's too; beside an earlier one it is read in the half of the day
    nearest the plan (:func:`_mention_near`): a closing at 11:30 of a lunch at 12:00 is before
    it, a last seating at 1:30 after it."""
    text = clause.text
    clocks = []
    for mention in clause.mentions:
        if vocab.CLOCK_TIME.fullmatch(text, mention.start, mention.end) is not None:
            clocks.append((mention.start, mention.end))
            minutes = _mention_minutes(text, mention)
            if minutes is not None and plan_start >= 15 * 60:
                twelve = vocab.TWELVE_HOUR_CLOCK.fullmatch(text, mention.start, mention.end)
                if twelve and not vocab.MERIDIEM_AFTER.match(text, mention.end):
                    minutes += vocab.HALF_DAY
            elif minutes is not None:
                minutes = _mention_near(text, mention, (plan_start, plan_start))
            yield mention.start, mention.end, minutes
    for bare in _BARE_HOUR.finditer(text):
        if not any(start <= bare.start() < end for start, end in clocks):
            morning = int(bare.group()) % 12 * 60
            yield (
                bare.start(),
                bare.end(),
                max(vocab.hour_alone_near(morning, from_noon=True)),
            )


_WORD_HOUR = re.compile(rf"\b{vocab.NUMBER_WORDS}(?:\s+o'?clock)?\b(?!\s*(?:[-:]|of\b|[a-z]+s\b))")
"""An hour said in words ("five", "ten o'clock"), not a count ("five of us", "six guests")."""


def _word_hours(text: str) -> Iterator[tuple[int, int, int | None]]:
    """The hours said in words in ``text``, as (start, end, minutes), read as a place's edge
    is: in the afternoon or evening ("closes at five" is 17:00, "open till twelve" midnight)."""
    for said in _WORD_HOUR.finditer(text):
        morning = _HOUR_WORDS[said.group().split()[0]] % 12 * 60
        yield said.start(), said.end(), vocab.hour_alone_near(morning, from_noon=True)[0]


_NIGHT_WRITTEN = re.compile(r"0\d?[:.]?\d{2}|\d{1,2}(?:[:.]\d{2})?\s*a\.?\s?m\b", re.I)
"""A small hour written as one of the night: a leading zero ("00:30", "01:00") or am ("1 AM")."""


def _after_midnight(said: str, minutes: int, plan_start: int) -> bool:
    """Whether an edge at ``minutes`` (written ``said``) is in the night after a plan starting
    in the afternoon or evening (``plan_start``): "open until 1 AM", "closes at 00:30" of a
    dinner at 17:30. A bare "1:00" stays ambiguous: in twelve-hour writing it is 13:00."""
    return plan_start >= 12 * 60 and minutes < 6 * 60 and _NIGHT_WRITTEN.match(said) is not None


def _qualified(text: str, head: str, after: int) -> bool:
    """Whether what is said right after ``head`` (a place's closing or opening, "no table
    left") is negated, under a condition or hedged there, or limited to other times at
    ``after`` ("on Sundays"): then it says nothing of the plan."""
    return bool(
        vocab.STATE_NEGATORS.search(head)
        or vocab.CONDITION_BEFORE.search(head)
        or vocab.HEDGE_BEFORE.search(head)
        or vocab.TIME_QUALIFIER.match(text, after)
    )


def _edge_of_plan(clause: _Clause, at: int, head: str, rx: CompiledWords) -> bool:
    """Whether an edge at ``at`` (``head``: the words before it) is said of the plan's place:
    of the plan (its own part, a plan noun, a pronoun), of a part of its place it cannot serve
    without ("the kitchen"), or with no subject and no other plan named before."""
    unsaid = not head.strip(" -,") and not clause.other_before
    return bool(unsaid or _plan_subject(clause, at, rx) or vocab.ESSENTIAL_PART.search(head))


def _days_at_the_plan(folded: str, mentions: Sequence[Mention]) -> set[str]:
    """The weekdays ``folded`` says the plan falls on: one said to be today ("and today is
    Sunday") or the plan's own day named ("Monday")."""
    if "day" not in folded:
        return set()
    days = {m["day"] or m["its"] or m["named"] for m in vocab.TODAY_IS.finditer(folded)}
    for mention in mentions:
        if mention.own:
            named = vocab.WEEKDAY_NAME.fullmatch(folded, mention.start, mention.end)
            if named is not None:
                days.add(named["day"])
    return days


def _days_said(text: str, plan: str, vocabulary: PlanVocabulary) -> frozenset[str]:
    """The weekdays the plan falls on as the whole answer ``text`` says them, for every region
    of it: the day said to be today anywhere ("Green Fork is closed on Sundays. [...] Today is
    Sunday.") and the day named in the plan itself (``plan``: "Monday, 14:30 - 15:30"). A
    restriction to that day (:func:`_restriction_met`) holds at the plan whichever sentence
    or side of the plan says the day."""
    folded = lowered_words(fold_answer(text))  # the whole answer: folded once a session
    if "day" not in folded:
        return frozenset()
    own = fold_lower(plan)
    days = _days_at_the_plan(own, list(vocabulary.mentions(own)))
    days.update(m["day"] or m["its"] or m["named"] for m in vocab.TODAY_IS.finditer(folded))
    return frozenset(days)


def _restriction_met(
    clause: _Clause, after: bool, rx: CompiledWords, days: set[str]
) -> _Finding | None:
    """A denial limited to a weekday the plan falls on (``days``): "Green Fork is closed on
    Sundays — and today is Sunday". A restriction to other times is a reason for the plan
    (:data:`~checkers.plan_words.TIME_QUALIFIER`); one to the plan's own day is none, so the
    clause is read again without it."""
    text = clause.text
    blanked = text
    for match in vocab.DAY_RESTRICTION.finditer(text):
        if match["day"] in days:
            width = match.end() - match.start()
            blanked = blanked[: match.start()] + " " * width + blanked[match.end() :]
    return None if blanked == text else _denial(replace(clause, text=blanked), after, rx)


def _busy_until_start(clause: _Clause, after: int, plan_start: int | None) -> bool:
    """Whether nothing but a list of times (:data:`~checkers.plan_words.TIME_LIST`) follows a
    bad state at ``after`` in ``clause``, and each of the plan's own parts in it ends a range
    (joined as :data:`~checkers.plan_words.OWN_RANGE_JOIN` joins one: a dash, "to", an arrow)
    at the plan's start (``plan_start``, in minutes): "- Jerry: busy 9:00 - 11:00, 11:30 ->
    14:30" for a slot from 14:30 is busy up to the slot, not in it; "busy 14:30 - 15:00" is
    busy in it."""
    text = clause.text
    if plan_start is None or not vocab.TIME_LIST.fullmatch(text, after):
        return False
    inside = [m for m in clause.own if m.start >= after]
    return bool(inside) and all(
        clock_minutes(text[m.start : m.end]) == plan_start
        and vocab.OWN_RANGE_JOIN.search(text, after, m.start) is not None
        for m in inside
    )


def _compact_hours_follow(text: str, at: int) -> bool:
    """Whether a range of hours written alone follows a bad state at ``at`` ("- Jerry: busy
    9-11"): a busy time of its own, which the readers of who is busy weigh against the plan
    (:func:`checkers.busy_spans.busy_during`), not the plan said busy."""
    return _compact_start().match(text, at) is not None


@lru_cache(maxsize=1)
def _compact_start() -> re.Pattern[str]:
    """An hour alone opening a range, after a bad state (:func:`_compact_hours_follow`)."""
    # busy_spans reads clock times with this module's reader: imported here, not at the top.
    from checkers.busy_spans import COMPACT_FIRST

    return re.compile(rf"\s*(?:from\s+|between\s+)?{COMPACT_FIRST}", re.I)


def _predicate_end(text: str, at: int) -> int:
    """Where the predicate starting at ``at`` ends (:data:`~checkers.plan_words.PREDICATE_END`),
    read within :data:`_WINDOW` characters so that many negations in one clause stay linear."""
    limit = min(len(text), at + _WINDOW)
    cut = vocab.PREDICATE_END.search(text, at, limit)
    return limit if cut is None else cut.start()


def _mention_at(clause: _Clause, at: int) -> bool:
    """Whether position ``at`` of the clause lies inside one of its mentions (by bisection:
    mentions are sorted and do not overlap)."""
    index = bisect.bisect_right(clause.mentions, at, key=_start) - 1
    return index >= 0 and at < clause.mentions[index].end


def _number_word(token: str) -> bool:
    return re.fullmatch(vocab.NUMBER_WORDS, token) is not None


def _plan_subject(clause: _Clause, at: int, rx: CompiledWords) -> bool:
    """Whether the subject just before ``at`` (a negated verb) is the plan: its own part ("Green
    Fork isn't", "Green Fork at 17:30 won't"), a plan noun ("the restaurant can't"), a pronoun
    not referring to another plan just named ("they're not", "it can't"), "there" ("there
    isn't room"), or nothing at all inside the plan's own object. A subject of its own ("the
    patio isn't", "Green Fork's patio isn't") is not."""
    text = clause.text
    head = text[max(0, at - _WINDOW) : at].rstrip(" ,")
    if not head.strip(" -"):
        return clause.about_plan
    for mention in clause.own_before(at):
        if not text[mention.end : at].strip(" ,"):
            return True
    last = re.search(r"(?:\b(?:this|that) (?:one|place)|[\w']+)$", head)
    if last is None:
        return False
    word = last.group()
    if word in {"it", "they", "this", "that", "this one", "that one", "this place", "there"}:
        return not clause.other_before
    nouns = list(rx.noun.finditer(head))
    return bool(nouns) and nouns[-1].end() == len(head) and _noun_ref(nouns[-1].group(), rx)


def _after_findings(
    clause: _Clause, rx: CompiledWords, introduced: str | None = None
) -> Iterator[_Finding]:
    """Withdrawal, correction, alternative and no-plan phrases in a clause after the plan, and
    another plan stated in it. ``introduced`` is the plan-stating words of the previous clause
    when it ended with a colon ("Final answer:"), which this clause completes."""
    text = clause.text
    named = bool(clause.mentions)
    if not clause.question:
        withdrawn = next(
            (m for m in rx.withdraw.finditer(text) if not _advice(clause, m, rx)), None
        )
        if withdrawn is not None:
            yield _Finding("plan_withdrawn", withdrawn.group())
        corrected = _correction(clause)
        if corrected is not None:
            yield _Finding("plan_corrected", corrected)
        match = rx.no_plan.search(text)
        if match is not None and _agent_cannot(clause, match.start()):
            match = None  # "I'm unable to book it for you": no claim that no plan works
        if match is not None and len(clause.own) == len(clause.mentions):
            yield _Finding("plan_and_no_plan", match.group())
    whole = f"{clause.condition}{text}"
    # An offer to look for another plan that names none is no plan ("let me know if you want
    # a backup option"); one that names a part ("... Umi at 18:00 as a backup") still is.
    offer = not clause.mentions and vocab.OFFER.search(whole) is not None
    for match in () if offer else vocab.ALTERNATIVE.finditer(whole):
        head = whole[max(0, match.start() - 40) : match.start()]
        if vocab.ALTERNATIVE_NEGATORS.search(head) or (clause.question and not named):
            continue
        if not named and _menu_alternative(whole, match):
            continue
        if _asked_back(clause, whole, match):
            continue
        yield _Finding("several_plans", match.group())
    other = [m for m in clause.mentions if not m.own]
    stated = vocab.STATES_A_PLAN.search(text) if other and not clause.question else None
    words = stated.group() if stated is not None else introduced
    negated = stated is not None and vocab.STATE_NEGATORS.search(text, 0, stated.start())
    if other and words is not None and not negated:
        for mention in other:
            if _time_limit(text, mention):
                continue
            if not vocab.REJECTED.search(text, max(0, mention.start - 30), mention.start):
                yield _Finding("several_plans", f"{words} ... {text[mention.start : mention.end]}")
                break
    if named:
        lead = vocab.OR_LEAD.match(text)
        either = vocab.EITHER.search(text)
        offered = _or_another(text, other)
        if lead is not None:
            yield _Finding("several_plans", lead.group().strip())
        elif either is not None and vocab.OR.search(text, either.end()):
            yield _Finding("several_plans", "either ... or")
        elif offered is not None:
            yield _Finding("several_plans", offered)


def _asked_back(clause: _Clause, whole: str, alternative: re.Match[str]) -> bool:
    """Whether an ``ALTERNATIVE`` condition ("if it doesn't work") opens right after an ask-back
    ("let me know", "tell me") in a clause naming no other plan: the user is asked to report
    back, no plan is offered ("Let me know if it doesn't work for you")."""
    if any(not m.own for m in clause.mentions):
        return False
    start = alternative.start()
    return vocab.ASKED_BACK.search(whole, max(0, start - 40), start) is not None


def _correction(clause: _Clause) -> str | None:
    """The first correction phrase (:data:`~checkers.plan_words.CORRECT`) in the clause that
    leads to no part of the plan itself: "I moved the time to 17:30" and "I went with Green
    Fork instead" explain the plan; "switch to 18:00" and "Umi instead." correct it."""
    text = clause.text
    starts = [m.start for m in clause.mentions]
    for match in vocab.CORRECT.finditer(text):
        if match.group().endswith("to"):
            at = bisect.bisect_left(starts, match.end())
            if (
                at < len(starts)
                and clause.mentions[at].own
                and not text[match.end() : starts[at]].strip()
            ):
                continue  # moved to the plan's own part
        elif match.group().startswith("instead"):
            last = bisect.bisect_left(starts, match.start()) - 1
            if clause.mentions[last].own if last >= 0 else clause.own_last:
                continue  # the plan chosen instead of something else
        return match.group()
    return None


def _time_limit(text: str, mention: Mention) -> bool:
    """Whether ``mention`` in ``text`` is a time that is no plan's: a limit ("fills up by
    18:30", "free until 21:00") or, in advice to arrive early, the arrival ("arrive 10 minutes
    early, around 17:20")."""
    if vocab.TIME_LIKE.fullmatch(text, mention.start, mention.end) is None:
        return False
    if vocab.OFFERED_AFTER.match(text, mention.end):
        return False  # "ends at 17:00, which also works": offered too
    if vocab.STRONG_BOUND.search(text, max(0, mention.start - 40), mention.start):
        return True
    return bool(vocab.ARRIVAL_HINT.search(text) and vocab.EARLY.search(text))


def _or_another(text: str, other: Sequence[Mention]) -> str | None:
    """An "or" put right before another plan's part ("here or Marigold at 19:00"), unless the
    clause turns it down ("neither Umi or Marigold", "not r03 or r04"): another plan offered."""
    for mention in other:
        before = text[max(0, mention.start - 30) : mention.start]
        offered = vocab.OR_BEFORE.search(before)
        if offered is not None and not vocab.TURNED_DOWN.search(text, 0, mention.start):
            return f"or {text[mention.start : mention.end]}"
    return None


def _literal_cues(*cues: str) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(c) for c in sorted(set(cues), key=_longest_first)))


_DENIAL_CUES = _literal_cues(*vocab.DENIAL_CUES, *vocab.UNAVAILABLE_CUES)
_AFTER_CUES = _literal_cues(*vocab.DENIAL_CUES, *vocab.UNAVAILABLE_CUES, *vocab.AFTER_CUES)
_OR_CUES = _literal_cues(*vocab.OR_CUES)
_STATING_CUES = _literal_cues(*vocab.STATING_CUES)
_NO_PLAN_CUES = _literal_cues(*vocab.NO_PLAN_CUES)
_MILD_CUES = _literal_cues(*vocab.MILD_CUES)


_PLACE_GAP = 12
"""How far the plan's place may stand before its time for a range of that time to be the plan's
("Green Fork (r03) at 17:30 - 19:30", "Green Fork from 17:30 to 19:30"), in characters."""


def _with_range_ends(
    folded: str, mentions: list[Mention], plan_start: int | None, plan_end: int | None
) -> list[Mention]:
    """``mentions`` (in order) with a time that ends a range the plan's own start opens, right
    after the plan's own place, marked the plan's own too ("Green Fork 17:30 - 19:30", "Green
    Fork from 17:30 to 19:30" of a dinner at 17:30): a clause saying "Green Fork 17:30 - 19:30
    is unavailable" is about the plan alone. A range with no place before it may be someone's
    ("Ana is busy 17:30 - 18:00": she is left out, the reader of who is says). A plan with an
    end of its own (``plan_end``, a meeting's) keeps only that end: "15:30 - 16:30" after a
    slot to 15:30, or "14:30 - 16:30", is another span."""
    if plan_start is None or plan_end not in (None, plan_start):
        return mentions
    marked = list(mentions)
    for index in range(2, len(marked)):
        place, before, mention = marked[index - 2], marked[index - 1], marked[index]
        if (
            place.own
            and not vocab.TIME_LIKE.fullmatch(folded, place.start, place.end)
            and before.start - place.end <= _PLACE_GAP
            and before.own
            and not mention.own
            and vocab.CLOCK_TIME.fullmatch(folded, before.start, before.end)
            and clock_minutes(folded[before.start : before.end]) == plan_start
            and vocab.TIME_LIKE.fullmatch(folded, mention.start, mention.end)
            and vocab.OWN_RANGE_JOIN.fullmatch(folded, before.end, mention.start)
        ):
            marked[index] = Mention(mention.start, mention.end, True)
    return marked


def _may_find(
    folded: str, mentions: Sequence[Mention], after: bool, plan_start: int | None = None
) -> bool:
    """False when no clause of ``folded`` can give a finding of :func:`_clause_findings`, so
    reading it clause by clause can be skipped. Every such finding needs a match, in a clause
    (a part of ``folded``), of a pattern of :mod:`checkers.plan_words`, and every match of one
    holds one of its cue words: a denial needs a cue of
    :data:`~checkers.plan_words.DENIAL_CUES` (and, before the plan, an own mention), a no-plan
    claim before the plan one of :data:`~checkers.plan_words.NO_PLAN_CUES`; after the plan, a
    withdrawal, correction, alternative or no-plan phrase one of
    :data:`~checkers.plan_words.AFTER_CUES`, an "or" offer a mention and an
    :data:`~checkers.plan_words.OR_CUES` cue, another plan stated another plan's mention and a
    :data:`~checkers.plan_words.STATING_CUES` cue."""
    if not after:
        own = any(m.own for m in mentions) and _DENIAL_CUES.search(folded) is not None
        return own or _NO_PLAN_CUES.search(folded) is not None
    if _AFTER_CUES.search(folded) is not None:
        return True
    if plan_start is not None and any(cue in folded for cue in vocab.LATE_WINDOW_CUES):
        return True
    if plan_start is not None and any(cue in folded for cue in vocab.CLOSING_EDGE_CUES):
        return True
    if plan_start is not None and any(cue in folded for cue in vocab.OPENING_CUES):
        return True
    if any(cue in folded for cue in vocab.PLACE_LIMIT_CUES):
        return True
    if mentions and _OR_CUES.search(folded) is not None:
        return True
    return any(not m.own for m in mentions) and _STATING_CUES.search(folded) is not None


def _region_findings(
    text: str,
    vocabulary: PlanVocabulary,
    rx: CompiledWords,
    after: bool,
    about_plan: bool = False,
    plan_start: int | None = None,
    plan_end: int | None = None,
    days_said: frozenset[str] = frozenset(),
) -> Iterator[_Finding]:
    """Findings in ``text``: before the plan (``after`` False) a denial naming the plan, a
    no-plan claim, another plan stated or offered; after it (or inside it: ``about_plan``)
    everything, a label of the plan holding answered no among it
    (:data:`~checkers.plan_words.HOLDS_SAID_NO`: "Feasible: no."). The clauses are read only
    when a cue word (:func:`_may_find`) says they may hold a finding;
    ``tests/test_final_word.py`` holds this to reading every clause."""
    folded = fold_lower(text)
    if after and not about_plan and (said_no := vocab.HOLDS_SAID_NO.search(folded)) is not None:
        yield _Finding("plan_negated", said_no.group())  # "Feasible: no." after the plan
    found = sorted(vocabulary.mentions(folded), key=_start)
    mentions = _with_range_ends(folded, found, plan_start, plan_end)
    if _may_find(folded, mentions, after, plan_start):
        yield from _clause_findings(folded, mentions, rx, after, about_plan, plan_start, days_said)
    needed = _time_needed(plan_start, plan_end, vocabulary.length)
    yield from _part_findings(folded, mentions, after, about_plan, plan_start, plan_end, needed)


def _time_needed(
    plan_start: int | None, plan_end: int | None, length: int | None
) -> tuple[int, int] | None:
    """From when to when the plan needs its place open, in minutes: its start to its own end
    or its start and ``length``, whichever is later; None when its start is not known."""
    if plan_start is None:
        return None
    return plan_start, max(plan_end or plan_start, plan_start + (length or 0))


def _clause_findings(
    folded: str,
    mentions: list[Mention],
    rx: CompiledWords,
    after: bool,
    about_plan: bool,
    plan_start: int | None = None,
    days_said: frozenset[str] = frozenset(),
) -> Iterator[_Finding]:
    """The findings read from the words of each clause (withdrawals, corrections, alternatives,
    no-plan claims, denials; after the plan, with its start ``plan_start`` known, its place had
    only later: :func:`_late_window`; its place shut or too small, or the plan doubted:
    :func:`_place_cannot`)."""
    introduced = None
    hours_label = False
    # Before the plan a denial is read only in a clause naming the plan's own part
    # (:func:`_denial`), and a no-plan claim only in a clause naming nothing.
    no_plan_before = not after and rx.no_plan.search(folded) is not None
    days = _days_at_the_plan(folded, mentions) | days_said
    for clause in _clauses(folded, mentions, about_plan, named_only=not (after or no_plan_before)):
        if after:
            yield from _after_findings(clause, rx, introduced)
        elif no_plan_before:
            no_plan = _no_plan_before(clause, rx)
            if no_plan is not None:
                yield no_plan
        stated = vocab.STATES_A_PLAN.search(clause.text) if clause.colon else None
        introduced = stated.group() if stated is not None else None
        denial = _denial(clause, after, rx, plan_start)
        if denial is None and days:
            denial = _restriction_met(clause, after, rx, days)
        if denial is None and after and plan_start is not None:
            # Read with no mention too: a closing hour alone or in words ("Closes at five.")
            # is no plan part; the windows and openings read only clock mentions.
            denial = (
                _late_window(clause, rx, plan_start)
                or _early_close(clause, rx, plan_start)
                or _late_opening(clause, rx, plan_start)
            )
        if denial is None and after:
            denial = _place_cannot(clause, rx, plan_start, hours_label)
        hours_label = clause.colon and vocab.HOURS_LABEL.fullmatch(clause.text) is not None
        if denial is not None:
            yield denial


def _part_findings(
    folded: str,
    mentions: Sequence[Mention],
    after: bool,
    about_plan: bool,
    plan_start: int | None = None,
    plan_end: int | None = None,
    needed: tuple[int, int] | None = None,
) -> Iterator[_Finding]:
    """The findings read from the plan parts named rather than from clause words: the plan's own
    part struck through after it, another plan's part offered (:func:`_other_plans`; ``needed``:
    from when to when the plan needs its place open, :func:`_time_needed`)."""
    if about_plan:
        return
    if after:
        yield from _struck_own(folded, mentions)
    yield from _other_plans(
        folded, mentions, before=not after, plan_start=plan_start, plan_end=plan_end, needed=needed
    )


def _no_plan_before(clause: _Clause, rx: CompiledWords) -> _Finding | None:
    """ "No restaurant works for all six of you" before the plan: the answer also says no plan
    works. A clause naming a plan part ("no slot works on Tuesday", "nothing works at 19:00")
    is a reason about that part, and a question or an ``if`` condition claims nothing."""
    if clause.question or clause.mentions:
        return None
    match = rx.no_plan.search(clause.text)
    if match is None or _agent_cannot(clause, match.start()):
        return None  # "I'm unable to book it for you": no claim that no plan works
    return _Finding("plan_and_no_plan", match.group())


def _struck_own(folded: str, mentions: Sequence[Mention]) -> Iterator[_Finding]:
    """The plan's own part struck through after the plan ("~~Green Fork at 17:30~~"): the
    answer crosses its plan out."""
    if "~~" not in folded:
        return
    starts = [m.start for m in mentions]
    for struck in vocab.STRUCK.finditer(folded):
        inside = mentions[
            bisect.bisect_left(starts, struck.start()) : bisect.bisect_left(starts, struck.end())
        ]
        if any(m.own for m in inside):
            yield _Finding("plan_withdrawn", struck.group())
            return


def _list_goes_on(text: str, bounds: list[tuple[int, int]], strong: list[bool]) -> list[bool]:
    """``strong`` (a rejection or bad state in each segment), with each segment that only lists
    more times (:data:`~checkers.plan_words.TIME_LIST_ITEM`) ruled out as the one before it is:
    "Jerry is busy 9:00-11:00, 11:30-14:30 and 16:00-17:00" is busy at every time listed."""
    marked = strong[:]
    for at in range(1, len(bounds)):
        start, end = bounds[at]
        if marked[at - 1] and vocab.TIME_LIST_ITEM.fullmatch(text, start, min(end, len(text))):
            marked[at] = True
    return marked


def _ends(pattern: re.Pattern[str], text: str) -> list[int]:
    """Where each of ``pattern``'s matches in ``text`` ends."""
    return [m.end() for m in pattern.finditer(text)]


_ROOM = r"(?:tables?|room|space|seats?|spots?|places?|availability|(?:\w+-)?tops?)\b"
"""What a place has room for the party in: a table, seats, a four-top."""
_ROOM_FOR_FEWER = re.compile(
    r"\bonly\s+(?:(?:had|has|have|got|offers?|offered)\s+(?:a\s+|one\s+|\w+\s+)?"
    rf"{_ROOM}"
    r"|(?:seat(?:s|ed)?|fit(?:s|ted)?|takes?|took|holds?|held|accommodate[sd]?|sits?|sat)\b)"
    rf"|\b(?:had|has|have)\s+(?:only|just)\s+(?:a\s+|one\s+|\w+\s+)?{_ROOM}"
    r"|\bmax(?:es|ed)?\s+out\s+at\b"
    r"|\b(?:largest|biggest)\s+(?:table|booth|room|space)\b"
    r"|\bmax(?:imum)?\s+(?:party|group|table|booking)\s+size\b"
    r"|\b(?:max(?:imum)?\s+of|at\s+most)\s+\w+\s+(?:guests|people|diners|per\s+table)\b"
    r"|\b(?:seats|takes|fits|holds)\s+\w+\s+at\s+most\b"
    r"|\btoo\s+few\s+(?:seats|tables|places|spots)\b"
)
"""A place said to hold fewer than the party, a reason that rules it out ("Ember & Oak only
had a table for 4", "could only fit 4", "can only take 4", "had just a table for 4", "its
largest table is for 4", "a max party size of 4", "seats 4 at most", "had only 4 seats left",
"maxes out at 4"): the tenses and words of room that :data:`~checkers.plan_words.RULED_OUT`
lacks ("too small", "only seats 4" are its). Read without the group's size, as those are: the
limit ("only", "at most", "largest") is what makes it a reason, not the number; "just" only
after "had" ("just seat us by the window", "it just has room for us" rule out nothing)."""
_REJECTIONS = (vocab.RULED_OUT, vocab.BAD_STATE, _ROOM_FOR_FEWER)
"""What rules out another plan named in its clause: a rejecting word, a bad state, no room."""


@dataclass(frozen=True)
class _Sentence:
    """One sentence of folded text, with what rules out the plans named in it."""

    text: str
    cut: str
    """The character that ends it ("?" for a question, "" at the end of the text)."""
    scope_cuts: list[int]
    """Where each clause, comma or table cell of it ends (the sentence's segments)."""
    strong: list[bool]
    """For each segment: whether it holds a rejection (:data:`~checkers.plan_words.RULED_OUT`,
    a bad state) that is no praise (:data:`~checkers.plan_words.NOT_A_REJECTION`)."""
    against: list[bool]
    """For each segment: whether it holds a rejection or a drawback
    (:data:`~checkers.plan_words.DRAWBACK`: a distance, a closing time, a dish)."""
    contrast: list[bool]
    """For each segment: whether it opens with a contrast ("but", "though", a dash)."""
    plain: list[bool]
    """For each segment: whether it holds a rejection or a closing time
    (:data:`~checkers.plan_words.CLOSING`), what rules out a plan named in a sentence that
    offers nothing ("Katz & Rye shuts at 20:00."); then, for each, whether a later one does."""
    contrasting_against: list[bool]
    """For each segment: whether it contrasts and holds a rejection or drawback; then, for
    each, whether a later one does (:func:`_with_after`)."""
    offered_ahead: list[bool]
    """For each segment: whether it or one after it before the next contrast offers a plan (an
    :data:`~checkers.plan_words.OFFERING` word outside a rejection, a check mark opening a
    table cell)."""
    offers: bool
    """Whether a segment that is no contrast offers a plan."""
    crossed: bool
    """Whether the sentence holds a cross mark (a table row's verdict)."""
    condition: list[bool]
    """For each segment: whether it is a condition ("if ...", "in case ..."); its rejections
    are not read, and a part named in it is ruled out with the clause it conditions."""
    struck: list[tuple[int, int]]
    """The struck-through spans ("~~Umi at 18:00~~"), in order."""
    asking: list[tuple[int, int]]
    """The negation opening a question that asks for agreement with a suggestion ("Why not
    18:00?"), as a span, or none (:func:`_asking_agreement`): read once, it rules out
    nothing."""
    hours: list[tuple[int, int]]
    """The spans of opening hours given as a range (:func:`_opening_hours_said`), in order."""

    @classmethod
    def read(
        cls,
        text: str,
        cut: str,
        names: Sequence[Mention] = (),
        chose_own: bool = False,
        needed: tuple[int, int] | None = None,
    ) -> _Sentence:
        """The sentence ``text`` (ended by ``cut``), ``names`` the plan parts it names: a word of
        praise that ends inside a name is part of that name ("not Harbor Catch at 11:00" says
        no "no catch"). ``chose_own``: the next sentence tells that the agent chose the stated
        plan (:func:`_chose_own_next`), as :func:`_chose_own` finds in the sentence itself.
        ``needed``: from when to when the plan needs its place open, if known: opening hours or
        meals that cannot hold it are a rejection (:func:`_hours_rule_out`)."""
        cuts = _ends(vocab.SCOPE_CUT, text)
        asking = _asking_agreement(text, cut)
        praise = _merged(
            [
                *(m.span() for m in vocab.NOT_A_REJECTION.finditer(text)),
                *_negated_negatives(text),
                *asking,
            ],
            names,
        )
        # A commitment ("Dylan has a call at 13:30") is busy time only in a sentence offering
        # nothing ("Umi's dinner meeting at 18:00 works too" offers Umi).
        rejections: tuple[re.Pattern[str], ...] = _REJECTIONS
        if vocab.OFFERING.search(text) is None:
            rejections = (*rejections, vocab.COMMITMENT)
        hours = _opening_hours_said(text)
        outs = sorted(
            [
                *(
                    match.span()
                    for pattern in rejections
                    for match in pattern.finditer(text)
                    if not _inside(praise, match.span())
                ),
                *(_hours_rule_out(text, hours, needed) if needed is not None else ()),
            ]
        )
        drawbacks = [
            m.span() for m in vocab.DRAWBACK.finditer(text) if not _inside(praise, m.span())
        ]
        bounds = list(itertools.pairwise([0, *cuts, len(text) + 1]))
        contrast = _contrasts(text, bounds)
        # A mild trade-off ("though pricier") rules out no plan the sentence puts forward.
        mild = (
            [m.span() for m in vocab.MILD_TRADE_OFF.finditer(text)]
            if _MILD_CUES.search(text) is not None
            else []
        )
        chosen = bool(mild) and (chose_own or _chose_own(text, names))
        if mild and not chosen and _puts_forward(text, bounds, contrast, outs + mild):
            outs = [span for span in outs if not _inside(mild, span)]
            drawbacks = [span for span in drawbacks if not _inside(mild, span)]
        elif chosen:
            # The agent chose the stated plan over it: the trade-off is why ("though louder, so
            # I chose Green Fork"), a drawback as any, even one no list of drawbacks holds.
            drawbacks = [*drawbacks, *mild]
        # A rejection in a condition is no rejection of the plan named: "Umi at 18:00 works if
        # Green Fork is full" offers Umi for when the stated plan fails.
        condition = [vocab.CONDITION_AT.match(text, start) is not None for start, _ in bounds]
        strong = _list_goes_on(
            text,
            bounds,
            [
                s and not c
                for s, c in zip(_marked(bounds, [end for _, end in outs]), condition, strict=True)
            ],
        )
        against = [
            (a or b) and not c
            for a, b, c in zip(
                strong, _marked(bounds, [end for _, end in drawbacks]), condition, strict=True
            )
        ]
        closing = _marked(bounds, _ends(vocab.CLOSING, text))
        plain = [(a or b) and not c for a, b, c in zip(strong, closing, condition, strict=True)]
        # An offering word inside a rejection ("too far") offers nothing.
        offering = [
            any(not _inside(outs, m.span()) for m in vocab.OFFERING.finditer(text, start, end))
            or vocab.CHECK_CELL.match(text, start, end) is not None
            for start, end in bounds
        ]
        offers = any(o and not c for o, c in zip(offering, contrast, strict=True))
        struck = [m.span() for m in vocab.STRUCK.finditer(text)] if "~~" in text else []
        crossed = vocab.CROSS.search(text) is not None
        contrasting = [a and c for a, c in zip(against, contrast, strict=True)]
        offered_ahead = offering[:]
        for at in range(len(offering) - 2, -1, -1):
            offered_ahead[at] = offering[at] or (not contrast[at + 1] and offered_ahead[at + 1])
        return cls(
            text=text,
            cut=cut,
            scope_cuts=cuts,
            strong=strong,
            against=against,
            contrast=contrast,
            plain=_with_after(plain),
            contrasting_against=_with_after(contrasting),
            offered_ahead=offered_ahead,
            offers=offers,
            crossed=crossed,
            condition=condition,
            struck=struck,
            asking=asking,
            hours=[match.span() for match in hours],
        )

    def asks_agreement(self) -> bool:
        """Whether the sentence is a suggestion put as a negative question ("Why not Umi?")."""
        return bool(self.asking)

    def rejects(self) -> bool:
        """Whether the sentence, opening with a pronoun, rejects what it refers to in its first
        segments ("It doesn't work, though: ..."): as :meth:`ruled_out` of a mention at its
        start."""
        return self._against_segment(0)

    def _against_segment(self, segment: int) -> bool:
        """Whether segment ``segment`` (the one naming a plan part) or one after it rules that
        part out: a rejection in it; beside an offer, a rejection or drawback in a later
        contrasting segment; in a sentence offering nothing, one anywhere after it."""
        if self.crossed or self.strong[segment]:
            return True
        # "Umi is fully booked even if we go at 18:00": 18:00 is ruled out with Umi.
        if self.condition[segment] and segment > 0 and self.strong[segment - 1]:
            return True
        if _any_after(self.contrasting_against, segment):
            return True
        return not self.offers and (self.plain[segment] or _any_after(self.plain, segment))

    def ruled_out(self, mention: Mention) -> bool:
        """Whether the sentence rules out the other plan's part at ``mention``: a rejection
        that is no praise in the mention's segment (clause, comma or table cell); a cross mark
        in the row; beside an offer, a rejection or drawback in a contrasting segment after it
        ("Umi at 18:00 works too, but it has no vegan dishes", "Marigold is also vegan-friendly
        but 12 km away"); in a sentence offering nothing, a rejection or drawback in its
        segment or after it ("Katz & Rye shuts at 20:00."); a rejecting word just before it
        ("rather than 19:00"); or the part struck through. A part offered right after itself
        (:data:`~checkers.plan_words.OFFERED_AFTER`) is ruled out by no word before it ("Ana is
        busy until 17:00, which also works" offers 17:00), only by a cross mark or a contrast
        after it ("Umi also works, though it is 4.5 km from Mei")."""
        segment = bisect.bisect_right(self.scope_cuts, mention.start)
        if vocab.OFFERED_AFTER.match(self.text, mention.end):
            return self.crossed or _any_after(self.contrasting_against, segment)
        if self._against_segment(segment):
            return True
        rejected = vocab.REJECTED_BEFORE.search(
            self.text, max(0, mention.start - 30), mention.start
        )
        if rejected is not None and not any(
            start <= rejected.start() < end for start, end in self.asking
        ):
            return True
        # Struck spans do not overlap: only the last one starting at or before the mention
        # can hold it.
        at = bisect.bisect_right(self.struck, (mention.start, len(self.text) + 1)) - 1
        return at >= 0 and self.struck[at][1] >= mention.end

    def bounded(self, mention: Mention, after_bound: int) -> bool:
        """Whether the time at ``mention`` is a limit, not a plan's time: after "until", "by",
        "ends" (:data:`~checkers.plan_words.STRONG_BOUND`) or an end's label ("End:",
        :data:`~checkers.plan_words.END_LABEL`); in a sentence that offers nothing, after "from"
        or "after", after words of a place's opening ("opens for dinner at",
        :data:`~checkers.plan_words.HOURS_BEFORE`) or inside its opening hours ("Their hours
        are 17:00-19:30", :data:`~checkers.plan_words.OPEN_HOURS`); or the end of a range whose
        start is a limit (``after_bound``: where the last limit ended, or -1)."""
        head = self.text[max(0, mention.start - 40) : mention.start]
        if vocab.OFFERED_AFTER.match(self.text, mention.end):
            return False  # "ends at 17:00, which also works": offered too, no limit
        if vocab.STRONG_BOUND.search(head) or vocab.END_LABEL.search(head):
            return True
        if self._requested(mention):
            return True
        if after_bound >= 0 and vocab.RANGE_JOIN.fullmatch(self.text, after_bound, mention.start):
            return True
        if vocab.RELATIVE_TIME.fullmatch(self.text, mention.start, mention.end):
            return False  # "from an hour later" is no window's edge
        edge = (
            vocab.WEAK_BOUND.search(head) is not None
            or vocab.HOURS_BEFORE.search(head) is not None
            or _inside(self.hours, (mention.start, mention.end))
        )
        return edge and not vocab.OFFERING.search(self.text) and not self.conditioned(mention)

    def conditioned(self, mention: Mention) -> bool:
        """Whether the clause naming ``mention`` has a condition right before or after it
        ("Green Fork has tables from 18:00 onwards if anyone runs late", "If anyone runs late,
        ... from 18:00"): what it says holds for that case, so it offers it; not a condition
        of a later clause ("open from 17:00, so if anyone is early they can wait at the bar")."""
        segment = bisect.bisect_right(self.scope_cuts, mention.start)
        starts = [
            0 if at == 0 else self.scope_cuts[at - 1]
            for at in (segment - 1, segment + 1)
            if 0 <= at <= len(self.scope_cuts)
        ]
        return any(vocab.OFFER_CONDITION.match(self.text, start) for start in starts)

    def _requested(self, mention: Mention) -> bool:
        """Whether the time at ``mention`` is the one the user asked for, restated to explain
        the plan (:data:`~checkers.plan_words.REQUESTED` before it,
        :data:`~checkers.plan_words.REQUESTED_AFTER` after it) with nothing offering it in its
        clause or the ones after it up to a contrast ("You asked for 19:30, but ... 17:30
        works", not "you wanted 18:00, and that works too")."""
        text = self.text
        requested = (
            vocab.REQUESTED.search(text, max(0, mention.start - 40), mention.start) is not None
            or vocab.REQUESTED_AFTER.match(text, mention.end) is not None
            or vocab.REQUESTED_BY_SOMEONE.match(text, mention.end) is not None
        )
        if not requested:
            return False
        # Up to the next contrast, nothing may offer it ("you wanted 18:00, and that works").
        return not self.offered_ahead[bisect.bisect_right(self.scope_cuts, mention.start)]

    def stating(self) -> bool:
        """Whether the sentence states or offers a plan, before the stated one: plan-stating
        words, a question, a table row, bold text."""
        return (
            self.cut == "?"
            or self.text.lstrip().startswith("|")
            or vocab.STATING_BEFORE.search(self.text) is not None
            or vocab.PUT_FORWARD.search(self.text) is not None
        )


_HOURS_CUES = ("hour", "open", "serv")
"""What every match of :data:`~checkers.plan_words.OPEN_HOURS` holds."""


def _opening_hours_said(text: str) -> list[re.Match[str]]:
    """Each place's opening hours ``text`` gives as a range
    (:data:`~checkers.plan_words.OPEN_HOURS`: "open 16:00-19:00", "hours are 17:00-19:30"), in
    order; read once for a sentence, whose times inside them are no plan's."""
    if not holds_any(text, _HOURS_CUES):
        return []
    return list(vocab.OPEN_HOURS.finditer(text))


def _hours_rule_out(
    text: str, said: Sequence[re.Match[str]], needed: tuple[int, int]
) -> Iterator[tuple[int, int]]:
    """Where ``text`` gives a place opening hours (``said``: :func:`_opening_hours_said`) that
    cannot hold the plan from ``needed[0]`` to ``needed[1]`` (minutes), or meals the plan's
    start is not at (:data:`~checkers.plan_words.MEALS_ONLY`: "a lunch-only spot") or is shut
    at (:data:`~checkers.plan_words.MEAL_SHUT`): a reason that rules out the place named with
    them, as a closing does."""
    start, end = needed
    for match in said:
        hours = opening_hours(match["open"], match["close"])
        if hours is not None and not (_within(hours, start) and _within(hours, end - 1)):
            yield match.span()
    if _MEAL_WORD.search(text) is None:
        return
    for match in vocab.MEALS_ONLY.finditer(text):
        if not _at_meals(match.group(), start):
            yield match.span()
    for match in vocab.MEAL_SHUT.finditer(text):
        if _at_meals(match.group(), start):
            yield match.span()


def _inside(spans: list[tuple[int, int]], span: tuple[int, int]) -> bool:
    """Whether ``span`` lies within the last of ``spans`` (sorted) starting at or before it."""
    at = bisect.bisect_right(spans, (span[0], sys.maxsize)) - 1
    return at >= 0 and spans[at][0] <= span[0] and span[1] <= spans[at][1]


def _contrasts(text: str, bounds: list[tuple[int, int]]) -> list[bool]:
    """For each segment of ``text`` (``bounds``: start, end), whether it contrasts with what
    came before: it follows a dash or a colon, or opens with "but", "though", ...; a contrast
    goes on past a comma ("but, sadly, 12 km away")."""
    contrast: list[bool] = []
    for start, _ in bounds:
        opens = start > 0 and (
            vocab.CONTRAST_CUT.search(text, max(0, start - 3), start) is not None
            or vocab.CONTRAST.match(text, start) is not None
        )
        goes_on = (
            bool(contrast) and contrast[-1] and text[max(0, start - 3) : start].rstrip()[-1:] == ","
        )
        contrast.append(opens or goes_on)
    return contrast


def _puts_forward(
    text: str,
    bounds: list[tuple[int, int]],
    contrast: list[bool],
    words_against: list[tuple[int, int]],
) -> bool:
    """Whether the sentence ``text`` (its segments ``bounds``, which of them ``contrast``) puts
    the plan it names forward as an option: it is a table row (a table lists options), or a
    segment that is no contrast holds a word that offers or praises
    (:data:`~checkers.plan_words.OFFERING`, :data:`~checkers.plan_words.PUT_FORWARD`,
    :data:`~checkers.plan_words.PLAN_PRAISE`) outside ``words_against`` (its rejections and
    trade-offs: "would" in "would be pricier" offers nothing)."""
    if text.lstrip().startswith("|"):
        return True
    spans = _merged(words_against, ())
    for (start, end), contrasting in zip(bounds, contrast, strict=True):
        if contrasting:
            continue
        for pattern in (vocab.OFFERING, vocab.PUT_FORWARD, vocab.PLAN_PRAISE):
            if any(not _inside(spans, m.span()) for m in pattern.finditer(text, start, end)):
                return True
    return False


def _chose_own(text: str, names: Sequence[Mention]) -> bool:
    """Whether the sentence ``text`` (naming ``names``) tells that the agent chose the stated
    plan ("Umi was nice but pricier, so I went with Green Fork"): the stated plan's own part
    right after a choice (:data:`~checkers.plan_words.CHOSE`)."""
    if not any(m.own for m in names):
        return False
    for chose in vocab.CHOSE.finditer(text):
        at = bisect.bisect_left(names, chose.end(), key=_start)
        if at < len(names) and names[at].own and names[at].start - chose.end() <= 20:
            return True
    return False


def _asking_agreement(text: str, cut: str) -> list[tuple[int, int]]:
    """The negation opening a question that asks for agreement with a suggestion
    (:data:`~checkers.plan_words.NEGATIVE_SUGGESTION`: "Why not 18:00?", "Wouldn't 18:00 be
    nicer?"), as a span, or none: it rules out nothing."""
    if cut != "?":
        return []
    found = vocab.NEGATIVE_SUGGESTION.match(text)
    return [] if found is None else [found.span()]


def _negated_negatives(text: str) -> list[tuple[int, int]]:
    """The negations in ``text`` whose head is itself negative, with that head: a rejection or
    a drawback (:data:`~checkers.plan_words.RULED_OUT`, :data:`~checkers.plan_words.DRAWBACK`:
    "isn't far behind", "isn't too far", "isn't over budget") or a negative
    evaluation (:data:`~checkers.plan_words.NEGATIVE_EVALUATION`: "won't disappoint",
    "wouldn't say no to"). Two negations make praise, no rejection."""
    spans = []
    for negation in vocab.NEGATION_HEAD.finditer(text):
        head = negation.end()
        for pattern in (vocab.NEGATIVE_EVALUATION, vocab.RULED_OUT, vocab.DRAWBACK):
            found = pattern.match(text, head)
            if found is not None:
                spans.append((negation.start(), found.end()))
                break
    return spans


def _merged(spans: Iterable[tuple[int, int]], names: Sequence[Mention]) -> list[tuple[int, int]]:
    """``spans`` sorted, overlapping ones merged, without one that ends inside a plan part's
    name (``names``: a word of praise ending inside "Harbor Catch" is part of the name), so
    that :func:`_inside` reads them."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if any(n.start < end <= n.end for n in names):
            continue
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _with_after(marks: list[bool]) -> list[bool]:
    """``marks`` followed by, for each segment, whether a later one is marked (read by
    :func:`_any_after` in constant time, so a sentence of many parts is read in linear time)."""
    later, after = [False] * len(marks), False
    for at in range(len(marks) - 1, -1, -1):
        later[at] = after
        after = after or marks[at]
    return marks + later


def _any_after(marks: list[bool], segment: int) -> bool:
    """Whether a segment after ``segment`` is marked, in a list made by :func:`_with_after`."""
    return marks[len(marks) // 2 + segment]


def _marked(bounds: list[tuple[int, int]], ends: list[int]) -> list[bool]:
    """For each segment (``bounds``: start, end), whether one of ``ends`` falls in it (after
    its start, at or before its end)."""
    ends = sorted(ends)
    return [
        bisect.bisect_right(ends, start) < bisect.bisect_right(ends, end) for start, end in bounds
    ]


def _other_plans(
    folded: str,
    mentions: Sequence[Mention],
    before: bool,
    plan_start: int | None = None,
    plan_end: int | None = None,
    needed: tuple[int, int] | None = None,
) -> Iterator[_Finding]:
    """Another plan's part named and not ruled out: after the plan (fail closed) any sentence
    naming one offers a second plan unless it plainly rules it out (:meth:`_Sentence.ruled_out`)
    or the part is a time that is a limit or an arrival hint; before the plan, a sentence that
    states or offers a plan (:meth:`_Sentence.stating`, or the line after one ending in a
    colon that states a plan: "My pick:") and names one. ``plan_start``: the plan's start in
    minutes, if known (an arrival shortly before it is advice: :func:`_time_of_something_else`);
    ``plan_end``: its end (or start), if known (when something stops after it is a limit:
    :func:`_stop_after_plan`); ``needed``: from when to when the plan needs its place open, if
    known (another place's hours or meals that cannot hold it rule that place out:
    :meth:`_Sentence.read`). A mild trade-off followed by the agent's choice of the stated
    plan in the next sentence is the reason it chose it (:func:`_chose_own_next`).

    Only the sentences holding another plan's part are made (each found by bisection among the
    sentence ends), so the cost is one pass over the text and one over each such sentence."""
    others = [m for m in mentions if not m.own]
    if not others:
        return
    cuts = [m.span() for m in vocab.SENTENCE_CUT.finditer(folded)]
    cut_starts = [a for a, _ in cuts]
    starts = [m.start for m in mentions]

    def bounds(index: int) -> tuple[int, int, str]:
        start = cuts[index - 1][1] if index > 0 else 0
        if index < len(cuts):
            return start, cuts[index][0], folded[cuts[index][0] : cuts[index][1]]
        return start, len(folded), ""

    headers = _table_headers(folded) if "|" in folded else None
    done = -1
    for other in others:
        index = bisect.bisect_right(cut_starts, other.start)
        if index == done:
            continue
        done = index
        start, end, cut = bounds(index)
        row = folded[start:end]
        issues = _issue_cells(folded, start, end, headers) if headers is not None else []
        if issues and _sets_aside(row, issues):
            continue
        inside = mentions[bisect.bisect_left(starts, start) : bisect.bisect_left(starts, end)]
        local = [Mention(m.start - start, m.end - start, m.own) for m in inside]
        # A "none" under "Issue" is no rejection of the row's plan: read the row without it.
        none = [(a, b) for a, b in issues if vocab.NO_ISSUE_CELL.fullmatch(row, a, b)]
        following = bounds(index + 1) if index < len(cuts) else None
        next_index = _next_worded_sentence(folded, cut_starts, index)
        said_next = None if next_index is None else bounds(next_index)
        chosen = said_next is not None and _chose_own_next(folded, mentions, said_next)
        sentence = _Sentence.read(
            _blanked(row, none) if none else row, cut, local, chose_own=chosen, needed=needed
        )
        if before and _narrated_away(folded, mentions, sentence, local, following):
            continue
        if before and not (
            sentence.stating()
            or (index > 0 and _introduces(folded, bounds(index - 1)))
            or _whole_other_plan(sentence, local)
        ):
            continue
        if _offers_another(sentence, local, plan_start, plan_end) and not (
            index < len(cuts) and _rejected_next(folded, bounds(index + 1), sentence)
        ):
            yield _Finding("several_plans", sentence.text.strip(" *|-")[:80])
            return


_TableHeaders = tuple[list[int], list[tuple[int, list[str]]]]
"""Where each table starts, and for each, where it ends and its header's cells."""


def _table_headers(folded: str) -> _TableHeaders:
    """Each markdown table of ``folded`` (a run of lines opening with "|"): where it starts,
    where it ends and its first line's cells. One pass over the lines."""
    starts: list[int] = []
    tables: list[tuple[int, list[str]]] = []
    at, inside = 0, False
    for line in folded.split("\n"):
        row = line.lstrip().startswith("|")
        if row and not inside:
            starts.append(at)
            tables.append((at + len(line), _cells(line)))
        elif row:
            tables[-1] = (at + len(line), tables[-1][1])
        inside = row
        at += len(line) + 1
    return starts, tables


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _issue_cells(
    folded: str, start: int, end: int, headers: _TableHeaders
) -> list[tuple[int, int]]:
    """The spans (in ``folded[start:end]``) of the cells under a column of issues
    (:data:`~checkers.plan_words.ISSUE_HEADER`: "Issue", "Drawback", "Why not") when that
    sentence is a row below its table's header, else none."""
    text = folded[start:end]
    if not text.lstrip().startswith("|"):
        return []
    table_starts, tables = headers
    at = bisect.bisect_right(table_starts, start) - 1
    if at < 0 or table_starts[at] == start or tables[at][0] < end:
        return []
    header = tables[at][1]
    pipes = [i for i, char in enumerate(text) if char == "|"]
    if text.rstrip().endswith("|"):
        pipes = pipes[:-1]
    spans = list(itertools.pairwise([*pipes, len(text)]))
    if len(spans) != len(header):
        return []
    return [
        (a + 1, b)
        for (a, b), cell in zip(spans, header, strict=True)
        if vocab.ISSUE_HEADER.fullmatch(cell)
    ]


def _sets_aside(row: str, issues: list[tuple[int, int]]) -> bool:
    """Whether a table row's cells under a column of issues (``issues``, from
    :func:`_issue_cells`) name one ("| Umi Sushi Bar | 18:00 | 4.5 km from Mei |"), in a row
    with no word that offers or recommends (:data:`~checkers.plan_words.OFFERING`,
    ``RECOMMENDING``): the table sets that plan aside, whatever the words of the cell; "none"
    or "-" there (:data:`~checkers.plan_words.NO_ISSUE_CELL`) sets nothing aside."""
    offering = (m for m in vocab.OFFERING.finditer(row) if not _intensifier(row, m))
    if next(offering, None) is not None or vocab.RECOMMENDING.search(row) is not None:
        return False  # "| Umi | 18:00 | pricier, but also works |" still offers Umi
    return any(vocab.NO_ISSUE_CELL.fullmatch(row, a, b) is None for a, b in issues)


def _intensifier(text: str, word: re.Match[str]) -> bool:
    """Whether an offering word is "too" before a word ("too far"), not "works too"."""
    return (
        word.group() == "too" and re.match(r" [a-z]", text[word.end() : word.end() + 2]) is not None
    )


def _blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with ``spans`` blanked out (positions kept): a "none" under "Issue" is no
    rejection of the row's plan."""
    parts, at = [], 0
    for a, b in spans:
        parts += [text[at:a], " " * (b - a)]
        at = b
    return "".join([*parts, text[at:]])


def _narrated_away(
    folded: str,
    mentions: Sequence[Mention],
    sentence: _Sentence,
    inside: Sequence[Mention],
    following: tuple[int, int, str] | None,
) -> bool:
    """Whether ``sentence`` (before the stated plan in ``folded``, whose plan parts are
    ``mentions``; ``inside``: its own mentions, positions in the sentence; ``following``: the
    next sentence's start, end and cut, if any) tells of
    another plan the agent weighed and turned away from, in words the lists of
    :func:`_turned_away` do not hold: the agent's discovery ("..., until I checked Mei's
    distance"), a wish contrary to fact ("would be lovely if José could stay later"), the plan
    said to be booked ("are booked at 19:30"), or a rejection in the next sentence
    (:func:`_rejected_in_next`). A sentence that recommends or offers ("I'd recommend Umi",
    "works too", a table row, bold text) is not narration and stays a plan."""
    text = sentence.text
    if text.lstrip().startswith("|") or vocab.RECOMMENDING.search(text) is not None:
        return False
    others = [m for m in inside if not m.own]
    if not others or any(m.own for m in inside):
        return False
    first = others[0].start
    if (
        vocab.TURN_OF_DISCOVERY.search(text, first) is not None
        or vocab.COUNTERFACTUAL_WISH.search(text, first) is not None
        or vocab.BOOKED_OUT.search(text, first) is not None
    ):
        return True
    named = {text[m.start : m.end] for m in others}
    return following is not None and _rejected_in_next(folded, mentions, following, sentence, named)


def _rejected_in_next(
    folded: str,
    mentions: Sequence[Mention],
    line: tuple[int, int, str],
    previous: _Sentence,
    named: set[str],
) -> bool:
    """Whether the sentence ``line`` (start, end, the character ending it) rejects the other
    plan named in ``previous`` (its parts as written: ``named``), in process narration before
    the stated plan: it names no plan part but those, and either opens with a contrast
    ("Unfortunately it is 4.5 km from Mei.") or follows a sentence telling what the agent
    considered ("I first considered Umi at 18:00. Mei lives 4.5 km away, which is over her
    limit.") and holds a rejection or a drawback, or opens by speaking of that plan (a pronoun,
    "Both", a rejection with no subject: "Too far for Mei.") and holds a rejection. After a
    sentence that offers ("I also looked at ... as well") only a denial counts (a bad state, a
    commitment negated, a failure: "Both fail someone")."""
    start, end, cut = line
    low = bisect.bisect_left(mentions, start, key=_start)
    high = bisect.bisect_left(mentions, end, key=_start)
    local = [Mention(m.start - start, m.end - start, m.own) for m in mentions[low:high]]
    sentence = _Sentence.read(folded[start:end], cut, local)
    for mention in local:
        timed = vocab.TIME_LIKE.fullmatch(sentence.text, mention.start, mention.end) is not None
        if timed and sentence.bounded(mention, -1):
            continue  # a limit ("José has to leave by 21:00")
        if mention.own or sentence.text[mention.start : mention.end] not in named:
            return False
    if (
        vocab.PRAISE_BY_COMPARISON.search(sentence.text) is not None
        or vocab.NEGATED_PRAISE.search(sentence.text) is not None
    ):
        return False
    contrast = vocab.CONTRAST_OPENER.match(folded, start, end) is not None
    narrated = vocab.NARRATED.search(previous.text) is not None
    if not (contrast or narrated or vocab.REFERRING_OPENER.match(folded, start, end)):
        return False
    if previous.offers:
        return (
            vocab.NEGATED.search(folded, start, end) is not None
            or vocab.BAD_STATE.search(folded, start, end) is not None
            or vocab.FAILS.search(folded, start, end) is not None
        )
    # A drawback ("4.5 km from Mei") turns away only in a contrast or after narration: said
    # of a plan just praised ("It is 4.5 km from Mei") it is a fact about it.
    return any(sentence.against if contrast or narrated else sentence.strong)


def _whole_other_plan(sentence: _Sentence, inside: Sequence[Mention]) -> bool:
    """Whether ``sentence`` (before the stated plan, with no word that states one) names a
    whole plan, whatever its words ("Umi Sushi Bar at 18:00 is perfect for your group.",
    "Winner: ...", a heading): a place or day and a clock time that is no limit
    (:data:`~checkers.plan_words.CLOCK_TIME`, not :meth:`_Sentence.bounded`), one of them
    another plan's, that no contrast after it turns away from (:func:`_turns_away`: "I first
    looked at Ember & Oak at 19:00, but José has to leave by 21:00" is the reasoning that led
    to the plan)."""
    text = sentence.text
    times = [
        m
        for m in inside
        if vocab.CLOCK_TIME.fullmatch(text, m.start, m.end) and not sentence.bounded(m, -1)
    ]
    places = [m for m in inside if vocab.TIME_LIKE.fullmatch(text, m.start, m.end) is None]
    others = [m for m in (*times, *places) if not m.own]
    if not (times and places and others):
        return False
    first = bisect.bisect_right(sentence.scope_cuts, min(m.start for m in others))
    return not _turned_away(sentence, inside, first)


def _turned_away(sentence: _Sentence, inside: Sequence[Mention], segment: int) -> bool:
    """Whether a segment of ``sentence`` after ``segment`` contrasts with what came before and
    gives a reason against it: a rejection or a drawback, a limit ("but José has to leave by
    21:00"), or the stated plan's own part ("..., but Green Fork at 17:30 gives José more
    slack"), unless a plan was called good as well before it (:func:`_also_good_end`)."""
    reasons = list(sentence.against)
    also_good = _also_good_end(sentence.text)
    for mention in inside:
        if (mention.own and mention.start < also_good) or sentence.bounded(mention, -1):
            reasons[bisect.bisect_right(sentence.scope_cuts, mention.start)] = True
    later = zip(sentence.contrast[segment + 1 :], reasons[segment + 1 :], strict=True)
    return any(contrast and reason for contrast, reason in later)


def _also_good_end(text: str) -> int:
    """Where ``text`` first calls a plan good as well (:data:`~checkers.plan_words.ALSO_GOOD`:
    "Umi at 18:00 is also great, but Green Fork at 17:30 is cheaper" offers both), or past its
    end: the stated plan's own part named after it is a second option, not a reason against
    the other."""
    found = vocab.ALSO_GOOD.search(text)
    return len(text) + 1 if found is None else found.end()


def _rejected_next(folded: str, line: tuple[int, int, str], previous: _Sentence) -> bool:
    """Whether the sentence ``line`` (start, end, the character ending it) opens with a pronoun
    (after a suggestion put as a negative question, any :data:`~checkers.plan_words
    .REFERRING_OPENER`: "Why not Umi? Nothing vegan for Ana.") and rejects what it refers to,
    the plan named in the sentence before (``previous``): "Ember & Oak tops the ratings. It
    doesn't work, though". After a sentence that offers ("I also
    considered Umi."), only a denial of it counts (a commitment or state negated, a bad state:
    "It was fully booked"), not any rejecting word ("It isn't far")."""
    start, end, cut = line
    # A suggestion put as a question may be answered by a rejection with no subject: "Why not
    # Umi? Nothing vegan for Ana."
    opener = vocab.REFERRING_OPENER if previous.asks_agreement() else vocab.PRONOUN_SUBJECT
    if opener.match(folded, start, end) is None:
        return False
    sentence = _Sentence.read(folded[start:end], cut)
    if not sentence.rejects():
        return False
    if not previous.offers:
        return True
    first = sentence.scope_cuts[0] + start if sentence.scope_cuts else end
    return (
        vocab.NEGATED.search(folded, start, first) is not None
        or vocab.BAD_STATE.search(folded, start, first) is not None
    )


def _introduces(folded: str, line: tuple[int, int, str]) -> bool:
    """Whether the sentence ``line`` (start, end, the character ending it) is a line ending in
    a colon that states a plan ("My pick:"), so that the next line completes it."""
    start, end, cut = line
    return (
        cut == "\n"
        and folded[start:end].rstrip(" *").endswith(":")
        and vocab.STATING_BEFORE.search(folded, start, end) is not None
    )


def _offers_another(
    sentence: _Sentence,
    inside: Sequence[Mention],
    plan_start: int | None = None,
    plan_end: int | None = None,
) -> bool:
    """Whether ``sentence`` names another plan's part (``inside``: its mentions, positions in
    the sentence) that is neither ruled out nor a time that is no plan's (``plan_start``: the
    plan's start in minutes, if known, for an arrival shortly before it; ``plan_end``: its end,
    for when something stops after it)."""
    text = sentence.text
    arrival = (vocab.ARRIVAL_HINT.search(text) and vocab.EARLY.search(text)) or (
        vocab.ARRIVAL.search(text) and not sentence.offers
    )
    after_bound = after_own = -1
    for mention in inside:
        timed = vocab.TIME_LIKE.fullmatch(sentence.text, mention.start, mention.end) is not None
        if timed and (
            sentence.bounded(mention, after_bound)
            or _edge_before_own(sentence, inside, mention)
            or _time_of_something_else(sentence, mention, plan_start)
            or _measured_from_request(sentence, mention)
            or _stop_after_plan(sentence, mention, plan_end)
        ):
            after_bound = mention.end
            continue
        if timed and mention.own:
            after_own = mention.end
        elif (
            timed
            and after_own >= 0
            and vocab.OWN_RANGE_JOIN.fullmatch(sentence.text, after_own, mention.start)
        ):
            continue  # the end of the plan's own range ("17:30 - 19:30", "from 17:30 to 19:30")
        if mention.own or (timed and arrival) or sentence.ruled_out(mention):
            continue
        if timed and _someones_busy_time(text, inside, mention):
            continue
        return True
    return False


def _someones_busy_time(text: str, inside: Sequence[Mention], mention: Mention) -> bool:
    """Whether the time at ``mention`` is someone's busy time, whatever the day, as the core
    reads one (:func:`checkers.busy_spans.is_busy_time`: "Ana works 12:00 - 12:30", "José has
    a train at 21:00", "José was busy 17:00 - 18:00 yesterday"), said of a person no plan part
    (``inside``: the sentence's mentions) names: a time a person is taken is no plan's time."""
    # busy_spans reads clock times with this module's reader: imported here, not at the top.
    from checkers.busy_spans import is_busy_time

    def offers(rest: str) -> bool:
        return vocab.OFFERING.search(rest) is not None

    parts = {m.start for m in inside}
    return is_busy_time(text, mention.start, mention.end, offers, parts)


def _measured_from_request(sentence: _Sentence, mention: Mention) -> bool:
    """Whether the time at ``mention`` is relative (:data:`~checkers.plan_words.RELATIVE_TIME`)
    and measured from the time the user asked for ("That's 5:30 pm, two hours earlier than you
    asked"), in a segment offering nothing up to the next contrast: it tells how far the stated
    plan is from the request; "an hour later than you asked would also work" offers a time."""
    text = sentence.text
    return (
        vocab.RELATIVE_TIME.fullmatch(text, mention.start, mention.end) is not None
        and vocab.THAN_REQUESTED.match(text, mention.end) is not None
        and not sentence.offered_ahead[bisect.bisect_right(sentence.scope_cuts, mention.start)]
    )


def _time_of_something_else(sentence: _Sentence, mention: Mention, plan_start: int | None) -> bool:
    """Whether the time at ``mention``, in a segment offering nothing up to the next contrast
    (:attr:`_Sentence.offered_ahead`), is the time of something else than a plan: an event's
    (:data:`~checkers.plan_words.EVENT_BEFORE`: "Happy hour runs 16:00-18:00", "Sunset is
    around 19:45"), someone's own engagement ("so José makes his 21:00 commitment"), or when to
    get there, up to :data:`~checkers.plan_words.ARRIVAL_LEAD` minutes before the plan's
    ``plan_start`` ("Arrive around 17:15 to get settled", "Arrive around 5:25" for 17:30:
    :func:`_mention_near`; "arrive at 19:00" is another plan's time)."""
    text = sentence.text
    if sentence.offered_ahead[bisect.bisect_right(sentence.scope_cuts, mention.start)]:
        return False
    head = text[max(0, mention.start - 60) : mention.start]
    if vocab.EVENT_BEFORE.search(head) is not None:
        return True
    if vocab.POSSESSIVE_BEFORE.search(head) and vocab.PERSONAL_ENGAGEMENT.match(text, mention.end):
        return True
    if plan_start is None or vocab.ARRIVAL_BEFORE.search(head) is None:
        return False
    minutes = _mention_near(text, mention, (plan_start, plan_start))
    return minutes is not None and plan_start - vocab.ARRIVAL_LEAD <= minutes <= plan_start


def _edge_before_own(sentence: _Sentence, inside: Sequence[Mention], mention: Mention) -> bool:
    """Whether the time at ``mention`` is a window's edge ("open from 17:00") at or before a
    time of the plan's own named later in the sentence ("..., so 17:30 works"): the window
    the plan's time falls in, no plan of its own, unless a condition offers it ("from 17:00 if
    anyone is early")."""
    text = sentence.text
    if vocab.WEAK_BOUND.search(text, max(0, mention.start - 40), mention.start) is None:
        return False
    edge = clock_minutes(text[mention.start : mention.end])
    if edge is None or sentence.conditioned(mention):
        return False
    for own in inside:
        if own.own and own.start > mention.end:
            minutes = clock_minutes(text[own.start : own.end])
            if minutes is not None and minutes >= edge:
                return True
    return False


_MESSAGES = {
    "plan_withdrawn": "after stating its plan the answer takes it back ({phrase!r}), so it "
    "proposes no plan it stands by",
    "plan_corrected": "the answer corrects its plan after stating it ({phrase!r}); the checker "
    "will not apply the correction for the agent",
    "several_plans": "besides its plan the answer offers another ({phrase!r}), and the checker "
    "will not pick one",
    "plan_negated": "the answer says its own plan does not hold ({phrase!r})",
    "plan_and_no_plan": "the answer states a plan and also says no plan works ({phrase!r}): that "
    "is two answers, and the checker will not pick one",
}


def _problem(finding: _Finding, example: str) -> AnswerProblem:
    phrase = " ".join(finding.phrase.split())[:60]
    return AnswerProblem(
        code=finding.code,
        message=_MESSAGES[finding.code].format(phrase=phrase)
        + f"; state exactly one final plan, e.g. {example}, and nothing that withdraws, "
        "denies, corrects or adds to it",
    )


# A code fence closing after the object is skipped like a bracket: "```\n\nEither ..." is read
# as "Either ..." right after a bare object.
_OR_AFTER_PLAN = re.compile(r"[\s,;:.)\]`-]*(?:or|and/or|either|otherwise)\b")


def final_word(
    text: str,
    plan: tuple[int, int],
    vocabulary: PlanVocabulary,
    answer: Any = None,
    plan_json: Any = _NOT_READ,
) -> AnswerProblem | None:
    """The problem when ``text`` withdraws, denies, corrects or adds to the plan it states at
    ``plan`` (``(start, end)`` in ``text``; a JSON object or the domain's written form), else
    None. ``answer`` is the plan's JSON value, if any: a key in it naming another plan
    (``backup``, ``alternatives``, ``plan_b``) with a value is ``several_plans``. ``plan_json``
    is the JSON value standing exactly at ``plan`` as a reader already decoded it (from
    :attr:`checkers.answers.JsonScan.values`), so that it is not read again; leave it out to
    have it read here. See the module docstring for the rule. Never raises."""
    rx = compiled(vocabulary.nouns)
    key = (
        None if answer is None else _alternative_key(answer) or _other_plan_key(answer, vocabulary)
    )
    if key is not None:
        return _problem(_Finding("several_plans", f'"{key}": ...'), vocabulary.example)
    negating = None if answer is None else _negating_key(answer)
    if negating is not None:
        return _problem(_Finding("plan_negated", negating), vocabulary.example)
    start, end = plan
    hidden = _plan_hidden(text, start, end)
    if hidden is not None:
        return _problem(_Finding("plan_withdrawn", hidden), vocabulary.example)
    lead = _OR_AFTER_PLAN.match(fold_lower(text[end : end + 60]))
    if lead is not None:
        return _problem(
            _Finding("several_plans", lead.group().strip(" ,;:.)]`-\n")), vocabulary.example
        )
    if text[start : start + 1] != "{":
        inner = text[start:end]
    elif plan_json is _NOT_READ:
        inner = _as_prose(text[start:end])
    else:
        inner = _value_prose(plan_json)
    regions = (
        (inner, True, True),
        (_as_prose(text[end:]), True, False),
        (_as_prose(text[:start]), False, False),
    )
    plan_start, plan_end = _plan_bounds(text[start:end], vocabulary)
    days = _days_said(text, text[start:end], vocabulary)
    for region, after, about_plan in regions:
        for finding in _region_findings(
            region, vocabulary, rx, after, about_plan, plan_start, plan_end, days
        ):
            if _seats_party(finding, vocabulary.party):
                continue  # "They can seat up to 8" of a party of six
            return _problem(finding, vocabulary.example)
    return None


def _seats_party(finding: _Finding, party: int | None) -> bool:
    """Whether ``finding``, a place said too small for some parties, leaves the ``party`` (None:
    unknown, so it may not) out of those it cannot seat."""
    if finding.refused is None or party is None:
        return False
    low, high = finding.refused
    return not low <= party < high


_HIDING = (("<!--", "-->"), ("<del>", "</del>"), ("<s>", "</s>"), ("<strike>", "</strike>"))
"""The marks of an HTML comment and of text struck through in HTML, opening and closing."""


def _plan_hidden(text: str, start: int, end: int) -> str | None:
    """The mark by which the whole plan at ``start:end`` is struck through ("~~", "<del>") or
    commented out ("<!--"), opened before it and closed after it, else None: a plan struck
    out or hidden is not stated ("~~```json {...}```~~", "Here is the proposed time:
    ~~Monday, 14:30 - 15:30~~")."""
    if "~~" not in text and "<" not in text:
        return None
    before, after = text[:start].lower(), text[end:].lower()
    if before.count("~~") % 2 == 1 and "~~" in after:
        return "~~"
    for opening, closing in _HIDING:
        at = before.rfind(opening)
        if at >= 0 and closing not in before[at:] and closing in after:
            return opening
    return None


def denied_before(
    text: str, plan: tuple[int, int], vocabulary: PlanVocabulary
) -> AnswerProblem | None:
    """The ``plan_negated`` problem when the text before the plan at ``plan`` denies the plan
    itself, in a clause naming the plan's own part ("14:30 is blocked for Jerry.", "The 14:30
    slot is unavailable."), else None. For a domain whose answer follows a marker after free
    reasoning (scheduling's "Here is the proposed time:"), where :func:`final_word` reads only
    what the marker opens: the reasoning names other plans by design, and only a denial of the
    plan stated after it is read there. Never raises."""
    start, end = plan
    folded = fold_lower(_as_prose(text[:start]))
    plan_start, plan_end = _plan_bounds(text[start:end], vocabulary)
    found = sorted(vocabulary.mentions(folded), key=_start)
    mentions = [
        Mention(m.start, m.end, False) if _bounds_a_span(folded, m, plan_start, plan_end) else m
        for m in _with_range_ends(folded, found, plan_start, plan_end)
    ]
    if not any(m.own for m in mentions) or _DENIAL_CUES.search(folded) is None:
        return None
    rx = compiled(vocabulary.nouns)
    for clause in _clauses(folded, mentions, named_only=True):
        denial = _denial(clause, False, rx, plan_start)
        if denial is not None:
            return _problem(denial, vocabulary.example)
    return None


_BOUND_BEFORE = re.compile(
    r"\b(?:before|until|till|to|by|up to|up until|prior to|(?:ends?|ending|ended)(?:\s+at)?)\s+$"
)
_BY_BEFORE = re.compile(r"\bby\s+$")


def _bounds_a_span(
    folded: str, mention: Mention, plan_start: int | None, plan_end: int | None
) -> bool:
    """Whether ``mention`` is the plan's own start bounding a span of time that ends where the
    plan begins ("blocked until 14:30", "Slots before 14:30 are taken", "busy 11:30 to 14:30",
    "his block ends at 14:30"), or its end as a deadline ("Thomas'll be gone by 15:30", leaving
    at the plan's end, as :mod:`checkers.busy_spans` reads a departure): a state of that span
    is not one of the plan. The end bounds nothing else ("busy until 15:30" of a slot to 15:30
    is busy in it)."""
    if not mention.own or plan_start is None:
        return False
    minutes = clock_minutes(folded[mention.start : mention.end])
    head = folded[max(0, mention.start - 20) : mention.start]
    if minutes == plan_start:
        return _BOUND_BEFORE.search(head) is not None
    return minutes == plan_end and _BY_BEFORE.search(head) is not None


def claim_final_word(text: str, vocabulary: PlanVocabulary) -> AnswerProblem | None:
    """For an answer that states no plan (a claim that none works): the problem when it takes
    the claim back or corrects it (``plan_withdrawn``, ``plan_corrected``), else None."""
    rx = compiled(vocabulary.nouns)
    folded = fold_lower(_as_prose(text))
    mentions = sorted(vocabulary.mentions(folded), key=_start)
    for clause in _clauses(folded, mentions):
        if clause.question:
            continue
        match = rx.withdraw.search(clause.text)
        if match is not None:
            return _problem(_Finding("plan_withdrawn", match.group()), vocabulary.example)
        corrected = _claim_correction(clause)
        if corrected is not None:
            return _problem(_Finding("plan_corrected", corrected), vocabulary.example)
    return None


def _claim_correction(clause: _Clause) -> str | None:
    """The first correction phrase in a clause after a claim that no plan works, except a move
    "to" the task itself changed, naming no plan part (:data:`~checkers.plan_words.RELAXED_TASK`:
    "Options: drop the distance limit, or move to another day" suggests how the user could
    relax the task); "switch to Umi at 18:00" and a move to a place the catalog does not hold
    ("move to the hotel's restaurant tonight") correct the claim into a plan."""
    for match in vocab.CORRECT.finditer(clause.text):
        if match.group().endswith("to") and _moves_the_task(clause, match.end()):
            continue
        return match.group()
    return None


def _moves_the_task(clause: _Clause, at: int) -> bool:
    """Whether the words after a move "to" at ``at`` change the task, not the plan: they end
    the clause (:data:`~checkers.plan_words.RELAXED_TASK`: "another day", "a later date", "a
    different neighbourhood") and name no plan part but a time in words ("a different time");
    a clock time or a place named after them is a plan."""
    text = clause.text
    relaxed = vocab.RELAXED_TASK.match(text, at)
    if relaxed is None:
        return False
    return all(
        m.end <= relaxed.end() and vocab.CLOCK_TIME.search(text, m.start, m.end) is None
        for m in clause.mentions
        if m.start >= at
    )


# --- a failed booking, nothing left, a late opening (false PASSes of 2026-12-06) ----------------


def _earlier_negation(head: str) -> bool:
    """Whether a negation in ``head`` (the clause's words before a second negation) cancels
    that one ("nothing Ana can't eat"): only one in the same predicate, after the last new
    subject (:data:`~checkers.plan_words.NEW_SUBJECT`); in "I don't have a booking tool, and I
    couldn't get a table" the first negation is of another predicate."""
    start = 0
    for subject in vocab.NEW_SUBJECT.finditer(head):
        start = subject.start()
    return vocab.NEGATIVE_BEFORE.search(head, start) is not None


def _exception_at(text: str, at: int) -> bool:
    """Whether the text at ``at`` (a clause cut) opens an exception ("..., except at 17:30")."""
    return vocab.EXCEPTION_NEXT.match(text, at) is not None


def _agent_lacks_tool(clause: _Clause, attempt: re.Match[str], stop: int) -> bool:
    """Whether a failed booking (:data:`~checkers.plan_words.FAILED_ATTEMPT`) is the agent's
    lack of a booking tool: as :func:`_agent_cannot` reads it (the verbs of booking itself), or,
    for a capability with any verb ("I can't get you a table directly"), beside words of that
    lack or a handoff, or for the user (unless the plan's own time is named: "I can't get 17:30
    for you")."""
    if _agent_cannot(clause, attempt.start("verb") - 1):
        return True
    if attempt["now"] is None:
        return False
    text = clause.text
    rest = text[attempt.end() : stop]
    own_time = any(
        m.start >= attempt.end() and vocab.TIME_LIKE.fullmatch(text, m.start, m.end)
        for m in clause.own_before(stop)
    )
    return (
        clause.lacks_means
        or clause.hands_off
        or vocab.AGENT_SERVICE_STRONG.search(rest) is not None
        or (vocab.AGENT_SERVICE.search(rest) is not None and not own_time)
    )


def _failed_booking(clause: _Clause, rx: CompiledWords) -> _Finding | None:
    """A booking the agent or the party tried and did not get, in any form of failing and any
    verb of getting a booking (:data:`~checkers.plan_words.FAILED_ATTEMPT`: "I was unable to
    reserve it", "I couldn't secure it", "we didn't manage to grab the 17:30 table"), with
    nothing after it but the plan's words (:func:`_plan_complement`) naming the plan, a pronoun
    for it or nothing at all (no other plan named before). Not the agent's lack of a tool
    (:func:`_agent_lacks_tool`), a negation cancelled by an earlier one, a "yet", a limit to
    other times, or what follows saying anything else ("I couldn't find a closer restaurant",
    "couldn't get an earlier table")."""
    text = clause.text
    for attempt in vocab.FAILED_ATTEMPT.finditer(text):
        start, end = attempt.span()
        if _earlier_negation(text[max(0, start - _WINDOW) : start]):
            continue
        if vocab.YET.search(text, end, end + 40) or vocab.TIME_QUALIFIER.match(text, end):
            continue
        stop = _predicate_end(text, end)
        named = _plan_complement(clause, end, stop, rx)
        if named is None or _agent_lacks_tool(clause, attempt, stop):
            continue
        rest = text[end:stop]
        # A blanked condition (spaces: "I couldn't confirm whether they have high chairs") is
        # what the verb was about, not nothing.
        bare = not rest.strip(" -.!") and "   " not in rest
        pointed = bare or vocab.ATTEMPT_OBJECT.search(rest) is not None
        if named or (pointed and not clause.other_before):
            return _Finding("plan_negated", text[start:stop].strip())
    return None


def _none_left(clause: _Clause, rx: CompiledWords) -> _Finding | None:
    """That nothing a plan needs is left, with "there" or nothing as its subject
    (:data:`~checkers.plan_words.EXISTENTIAL_NONE_LEFT`: "There's no table left", "no seats
    left"), with nothing after it but the plan's words: said of the plan just stated. Not after
    another plan named on its line, before an exception ("..., except at 17:30"), negated,
    hedged, under a condition or limited to other times."""
    if clause.other_before or clause.exception_next:
        return None
    text = clause.text
    for said in vocab.EXISTENTIAL_NONE_LEFT.finditer(text):
        start, end = said.span()
        if _qualified(text, text[max(0, start - _WINDOW) : start], end):
            continue
        stop = _predicate_end(text, end)
        if _plan_complement(clause, end, stop, rx) is not None:
            return _Finding("plan_negated", text[start:stop].strip())
    return None


def _late_opening(clause: _Clause, rx: CompiledWords, plan_start: int) -> _Finding | None:
    """The plan's place said to start taking people after the plan's start (``plan_start``, in
    minutes): "the kitchen opens at 18:00", "Doors open at 18:00", "Green Fork only opens at
    18:00" for a plan at 17:30 (:data:`~checkers.plan_words.OPENING_EDGE`); the mirror of
    :func:`_early_close`. An opening at or before the start is why the plan's time works. Said
    of the plan, of a part of its place it cannot serve without, or with no subject and no
    other plan named before; not of another part ("the patio opens at 18:00"), for something
    else ("opens at 18:00 for the tasting menu"), in a question, under a condition, negated,
    hedged or limited to other days."""
    text = clause.text
    if clause.question or clause.condition:
        return None
    for mention in clause.mentions:
        if mention.own or vocab.CLOCK_TIME.fullmatch(text, mention.start, mention.end) is None:
            continue
        edge = vocab.OPENING_EDGE.search(text, max(0, mention.start - 50), mention.start)
        # The clock time as written from the mention on: a finder may leave "pm" out of it.
        clock = vocab.CLOCK_TIME.match(text, mention.start)
        minutes = None if clock is None else clock_minutes(clock.group())
        if edge is None or clock is None or minutes is None or minutes <= plan_start:
            continue
        head = text[max(0, edge.start() - _WINDOW) : edge.start()]
        tail = max(clock.end(), mention.end)
        if _qualified(text, head, tail):
            continue
        # What the opening is for, if anything follows ("opens at 18:00 for the tasting menu"),
        # must be the plan's own words.
        if _plan_complement(clause, tail, _predicate_end(text, tail), rx) is None:
            continue
        if _edge_of_plan(clause, edge.start(), head, rx):
            return _Finding("plan_negated", text[edge.start() : clock.end()].strip())
    return None


# --- the plan's place shut at its time or too small, or the plan doubted -------------------------


def _place_cannot(
    clause: _Clause, rx: CompiledWords, plan_start: int | None, hours_label: bool = False
) -> _Finding | None:
    """After the plan, its place said shut at the plan's start in words that give no edge before
    a time (opening hours, meals served, closed for good), the plan doubted by the agent
    (:func:`_doubted`), or its place said too small for some parties (:func:`_too_small`, last:
    whether the party is among them is :func:`final_word`'s to tell). ``plan_start``: the
    plan's start in minutes, None if unknown (then hours and meals are not read);
    ``hours_label``: the clause before this one was a label of opening hours ("Hours:"). Not
    under a condition; only a doubt is read in a question ("Not sure this works for Mei?")."""
    if clause.condition:
        return None
    if clause.question:
        return _doubted(clause)
    found = _closed_for_good(clause, rx) or _doubted(clause)
    if found is None and plan_start is not None:
        found = _hours_exclude(clause, rx, plan_start, hours_label) or _meals_exclude(
            clause, rx, plan_start
        )
    return found or _too_small(clause, rx)


_VERB_BEFORE = re.compile(
    r"(?:'s|'re|\s+(?:is|are|was|were|has|have|had|can|could|will|would|does|do|did))?"
    r"(?:\s+(?:now|already|still|sadly|unfortunately|currently|apparently|only|just))*\s*$"
)
"""The verb and adverbs between a subject and what is said of it ("they're", "Green Fork has
now", "it can"): the subject ends before them."""
_POSSESSOR_BEFORE = re.compile(r"(?:\b(?P<pronoun>their|its)|'s|s')(?:\s+[\w-]+){0,3}$")
"""A possessor before a noun phrase ("their max party size", "Green Fork's largest table"):
what the noun phrase says is said of the possessor."""


def _said_of_place(clause: _Clause, at: int, rx: CompiledWords) -> bool:
    """Whether what clause.text says at ``at`` is said of the plan's place: its subject, before
    a verb (:data:`_VERB_BEFORE`) and through a possessor ("their", "Green Fork's"), is the
    plan (:func:`_edge_of_plan`: its own part, a plan noun, a pronoun not after another plan,
    a part it needs), or there is none and no other plan was named before; never other places
    ("Most places only seat four")."""
    text = clause.text
    if _others_subject(clause, at, rx):
        return False
    verb = _VERB_BEFORE.search(text, 0, at)
    end = len(text[: verb.start() if verb is not None else at].rstrip())
    owner = _POSSESSOR_BEFORE.search(text, 0, end)
    if owner is not None and owner["pronoun"]:
        return not clause.other_before
    if owner is not None:
        end = owner.start()
    return _edge_of_plan(clause, end, text[max(0, end - _WINDOW) : end], rx)


def _closed_for_good(clause: _Clause, rx: CompiledWords) -> _Finding | None:
    """The plan's place said to be shut for good or for a while
    (:data:`~checkers.plan_words.CLOSED_FOR_GOOD`: "Green Fork has permanently closed", "shut
    down for good", "closed for renovations"); not negated, hedged or limited to other times
    ("closed for renovations in January" is read as a fact: a plan's date is not known)."""
    return _first_of_place(clause, rx, vocab.CLOSED_FOR_GOOD.finditer(clause.text))


def _first_of_place(
    clause: _Clause, rx: CompiledWords, matches: Iterable[re.Match[str]]
) -> _Finding | None:
    """The denial of the first of ``matches`` (in ``clause.text``) said of the plan's place
    (:func:`_said_of_place`) as a fact: not negated, under a condition, hedged or limited to
    other times (:func:`_qualified`)."""
    text = clause.text
    for match in matches:
        head = text[max(0, match.start() - _WINDOW) : match.start()]
        if not _qualified(text, head, match.end()) and _said_of_place(clause, match.start(), rx):
            return _Finding("plan_negated", match.group())
    return None


def _count(said: str) -> int | None:
    """The number a count is said as ("4", "four", "a dozen"), None for none."""
    if said.isdigit():
        return int(said)
    return 12 if said == "a dozen" else _HOUR_WORDS.get(said)


_COUNT_IN = re.compile(vocab.COUNT)


def _too_small(clause: _Clause, rx: CompiledWords) -> _Finding | None:
    """The plan's place said to seat only some parties, with the sizes it cannot seat
    (:attr:`_Finding.refused`): a limit (:data:`~checkers.plan_words.PARTY_LIMIT`: "They can
    only seat four", "Max party size is 4" refuse five and more) or a refusal
    (:data:`~checkers.plan_words.PARTY_REFUSED`: "They don't take reservations for parties of
    six", "no groups over four"). Not negated, hedged, said of other places, or of the party's
    own table (:data:`~checkers.plan_words.PARTYS_BOOKING_BEFORE`: "Our table only seats 5" is
    the party's count, a domain's to read)."""
    text = clause.text
    said = itertools.chain(
        ((m, _limit_refuses(m.group())) for m in vocab.PARTY_LIMIT.finditer(text)),
        ((m, _refusal_refuses(m)) for m in vocab.PARTY_REFUSED.finditer(text)),
    )
    for match, refused in said:
        if refused is None or vocab.PARTYS_BOOKING_BEFORE.search(text, 0, match.start()):
            continue
        found = _first_of_place(clause, rx, (match,))
        if found is not None:
            return _Finding(found.code, found.phrase, refused)
    return None


_ANY_SIZE = 10**6
"""Past any party's size: the open end of the sizes a place refuses."""


def _limit_refuses(limit: str) -> tuple[int, int] | None:
    """The party sizes a limit refuses (those above the most it seats, the last count said in
    ``limit``: "seats up to 4" refuses 5 and more), None if it says no count."""
    said = [_count(m.group()) for m in _COUNT_IN.finditer(limit)]
    most = said[-1] if said else None
    return None if most is None else (most + 1, _ANY_SIZE)


def _refusal_refuses(refusal: re.Match[str]) -> tuple[int, int] | None:
    """The party sizes a refusal (:data:`~checkers.plan_words.PARTY_REFUSED`) refuses: those of
    its number, or from it on (``more``: "parties of 6+"), or above it (``over``: "groups over
    four"); None if its number is none."""
    number = _count(refusal["n"])
    if number is None:
        return None
    if refusal["over"]:
        return number + 1, _ANY_SIZE
    return (number, _ANY_SIZE) if refusal["more"] else (number, number + 1)


_DOUBT_SCOPE_END = re.compile(r",\s|\s(?:and|while|yet|plus)\s|\s[-\u2013\u2014]\s|\u2014")
"""Where what a doubt is about ends, inside its clause: a comma, a conjunction joining another
clause, a dash ("I can't confirm parking, and the menu suits everyone")."""


def _doubted(clause: _Clause) -> _Finding | None:
    """The agent doubting that the plan works for the group or a guest: a doubt
    (:data:`~checkers.plan_words.DOUBT`: "I'm not confident", "not sure", "I doubt", "I can't
    guarantee") followed in its clause, up to :data:`_DOUBT_SCOPE_END`, by what says the plan
    holds (:data:`~checkers.plan_words.WORKS_FOR`: "this works for everyone", "Mei can eat
    there"), naming no other plan after it. A doubt denied ("no doubt it suits everyone"),
    under a condition ("let me know if you're not sure ..."), the user's, or about something
    else ("Not sure about dessert, but the mains work for everyone": the clause ends at "but")
    says nothing of the plan."""
    text = clause.text
    for match in vocab.DOUBT.finditer(text):
        head = text[max(0, match.start() - 40) : match.start()]
        if vocab.DOUBT_NEGATED.search(head) or vocab.CONDITION_BEFORE.search(head):
            continue  # "no doubt it suits everyone", "let me know if you're not sure ..."
        if vocab.YOUR_DOUBT.search(head):
            continue  # "you're not sure it works for Mei?": the user's doubt, asked about
        if any(not m.own and m.start >= match.end() for m in clause.mentions):
            continue  # "I'm not sure Umi works for everyone": a reason about another plan
        scope = _DOUBT_SCOPE_END.search(text, match.end())
        works = vocab.WORKS_FOR.search(text, match.end(), scope.start() if scope else len(text))
        if works is not None:
            return _Finding("plan_negated", text[match.start() : works.end()])
    return None


def _hours_exclude(
    clause: _Clause, rx: CompiledWords, plan_start: int, hours_label: bool
) -> _Finding | None:
    """The plan's place given opening hours (:data:`~checkers.plan_words.OPEN_HOURS`: "Open
    8\u20135", "Hours: 08:00\u201317:00", "opening hours 11-15"; a range alone after a clause
    "Hours:", ``hours_label``) that close at or before the plan's start (``plan_start``, in
    minutes) or open after it. Not negated, hedged, under a condition or limited to other
    days."""
    text = clause.text
    found = [(m.start(), m["open"], m["close"], m.end()) for m in vocab.OPEN_HOURS.finditer(text)]
    if hours_label:
        alone = _LABELLED_RANGE.match(text)
        if alone is not None:
            found.append((0, alone["open"], alone["close"], alone.end()))
    for start, opens_said, closes_said, end in found:
        hours = opening_hours(opens_said, closes_said)
        if hours is None or _within(hours, plan_start):
            continue
        head = text[max(0, start - _WINDOW) : start]
        if _qualified(text, head, end):
            continue
        if _said_of_place(clause, start, rx):
            return _Finding("plan_negated", text[start:end].strip())
    return None


_MEAL_WORD = re.compile(rf"\b{vocab.MEAL}\b")


def _at_meals(said: str, plan_start: int) -> bool:
    """Whether a plan starting at ``plan_start`` (minutes) is at one of the meals ``said``
    names (:data:`~checkers.plan_words.MEAL_WINDOWS`)."""
    return any(_within(vocab.MEAL_WINDOWS[meal], plan_start) for meal in _MEAL_WORD.findall(said))


def _within(window: tuple[int, int], start: int) -> bool:
    """Whether a plan starting at ``start`` (minutes after midnight) falls in ``window`` (from,
    to; minutes, "to" past 24:00 for one running into the night): "18:00-02:00" holds 00:30."""
    low, high = window
    return low <= start < high or low <= start + 24 * 60 < high


def _meals_exclude(clause: _Clause, rx: CompiledWords, plan_start: int) -> _Finding | None:
    """The plan's place said to serve only at meals the plan's start (``plan_start``, minutes)
    is not at (:data:`~checkers.plan_words.MEALS_ONLY`: "They're only open for lunch", "lunch
    only", "a breakfast-and-lunch spot" of a dinner), or to be shut at the plan's meal
    (:data:`~checkers.plan_words.MEAL_SHUT`: "closed for dinner", "no dinner service"). Not
    negated, hedged, or limited to other days ("closed for dinner on Mondays")."""
    text = clause.text
    only = (m for m in vocab.MEALS_ONLY.finditer(text) if not _at_meals(m.group(), plan_start))
    shut = (m for m in vocab.MEAL_SHUT.finditer(text) if _at_meals(m.group(), plan_start))
    return _first_of_place(clause, rx, itertools.chain(only, shut))


_LABELLED_RANGE = re.compile(
    rf"\s*(?:(?:daily|today|tonight|every day)\s+)?(?P<open>{vocab.HOURS_END})\s*"
    rf"(?:-|\u2013|\u2014|to|until|till)\s*(?P<close>{vocab.HOURS_END})(?![\d:])"
)
"""A range of hours alone, as the value of a label "Hours:" ("08:00\u201317:00")."""
_AFTERNOON_OPENING = 6 * 60
"""A place's opening hour written alone before this (from 1 to 5) is the afternoon's: "5-11"
is 17:00-23:00, no restaurant opening at five in the morning."""


def _range_minutes(said: str) -> int | None:
    """The minutes after midnight of one end of opening hours: a clock time ("08:00", "3 pm")
    or an hour alone ("8")."""
    said = said.strip()
    if said.isdigit():
        return int(said) * 60 if int(said) <= 24 else None
    return clock_minutes(said)


def opening_hours(opens_said: str, closes_said: str) -> tuple[int, int] | None:
    """The opening hours a range gives, as minutes after midnight (open, close), or None if an
    end is no time. Without am or pm an hour is read as a day of service is: an opening hour
    from 1 to 5 written in twelve-hour form is the afternoon's ("5-11" is 17:00-23:00), and a
    close at or before the opening is twelve hours later, or a day later for one marked am
    ("8-5" is 08:00-17:00, "11-3" 11:00-15:00, "5 pm-1 am" 17:00-01:00 the next day)."""
    opens, closes = _range_minutes(opens_said), _range_minutes(closes_said)
    if opens is None or closes is None:
        return None
    marked = vocab.MERIDIEM_AFTER.search(opens_said) is not None
    twelve = not marked and not opens_said.startswith("0")
    if twelve and 60 <= opens < _AFTERNOON_OPENING:
        opens += 12 * 60
    step = 24 * 60 if vocab.MERIDIEM_AFTER.search(closes_said) else 12 * 60
    for _ in range(2):
        if closes <= opens:
            closes += step
    return opens, closes


# --- honest notes after the plan (2) -------------------------------------------------------------


def _stop_after_plan(sentence: _Sentence, mention: Mention, plan_end: int | None) -> bool:
    """Whether the time at ``mention`` is when a place or a person stops doing something
    (:data:`~checkers.plan_words.STOP_EDGE`: "they stop taking reservations at 21:00", "Dylan
    stops taking calls at 17:00", "last orders are at 21:30") at or after the plan's end
    ``plan_end`` (its start when it names no end; "Last seating is at 8:30" of a dinner at
    17:30: :func:`_mention_near`), in a segment offering nothing up to the next contrast and
    under no condition: a limit the plan keeps, no plan's time. An edge before the
    plan's end may say the plan cannot be had, so it is left to be read as fail-closed."""
    if plan_end is None:
        return False
    text = sentence.text
    if sentence.offered_ahead[bisect.bisect_right(sentence.scope_cuts, mention.start)]:
        return False
    if vocab.STOP_EDGE.search(text, max(0, mention.start - 50), mention.start) is None:
        return False
    minutes = _mention_near(text, mention, (plan_end, plan_end))
    return minutes is not None and minutes >= plan_end and not sentence.conditioned(mention)


def _chose_own_next(folded: str, mentions: Sequence[Mention], line: tuple[int, int, str]) -> bool:
    """Whether the sentence ``line`` (start, end, the character ending it) of ``folded`` tells
    that the agent chose the stated plan and nothing more: it opens with a choice
    (:data:`~checkers.plan_words.CHOICE_OPENER`, :data:`~checkers.plan_words.CHOSE`: "; I went
    with Green Fork", ". So I chose Green Fork instead") whose object is the plan's own part,
    names no other plan's part, and offers nothing after it ("..., but either works" does).
    After a mild trade-off ("Umi is also great, though pricier"), that is why the agent turned
    from the other plan."""
    start, end, _ = line
    low = bisect.bisect_left(mentions, start, key=_start)
    inside = mentions[low : bisect.bisect_left(mentions, end, key=_start)]
    if not inside or not all(m.own for m in inside):
        return False
    opener = vocab.CHOICE_OPENER.match(folded, start, end)
    chose = vocab.CHOSE.match(folded, opener.end() if opener else start, end)
    if chose is None or inside[0].start - chose.end() > 20:
        return False
    rest = inside[-1].end
    instead = vocab.INSTEAD_AFTER.match(folded, rest, end)
    rest = instead.end() if instead is not None else rest
    return vocab.OFFERING.search(folded, rest, end) is None


def _crowd_note(clause: _Clause, state: re.Match[str]) -> bool:
    """Whether the bad state ``state`` is a crowd at the plan's place, not a time taken: "busy"
    (:data:`~checkers.plan_words.CROWD_STATE`) said of the place ("it", "they", "the
    restaurant", its own part that is no time: :data:`~checkers.plan_words.CROWD_SUBJECT`) in
    a sentence that advises to come early or on time or to book ahead
    (:attr:`_Clause.crowd_advice`: "They'll be busy, so come early"). Advice on how to keep the
    plan says the plan stands. Not said of a time, a booking or a person ("The 17:30 slot is
    busy", "Ana is busy at 17:30, so come early")."""
    if not (clause.crowd_advice and vocab.CROWD_STATE.fullmatch(state.group())):
        return False
    head = clause.text[max(0, state.start() - _WINDOW) : state.start()]
    if vocab.TAKEN_TIME_NOUN.search(head):
        return False
    named = [m for m in clause.mentions if m.start < state.start()]
    if any(vocab.TIME_LIKE.fullmatch(clause.text, m.start, m.end) for m in named):
        return False
    return any(m.own for m in named) or vocab.CROWD_SUBJECT.search(head) is not None


def _mention_near(text: str, mention: Mention, near: tuple[int, int]) -> int | None:
    """The minutes of the clock time at ``mention`` as said of a plan from ``near[0]`` to
    ``near[1]`` (:func:`~checkers.plan_words.clock_near`: twelve-hour writing with no am or pm
    in the half of the day nearest it, the earlier when both are as near), None for no clock
    time."""
    minutes = _mention_minutes(text, mention)
    if minutes is None or vocab.MERIDIEM_AFTER.match(text, mention.end):
        return minutes
    return min(vocab.clock_near(text[mention.start : mention.end], minutes, near))


def _mention_minutes(text: str, mention: Mention) -> int | None:
    """The minutes after midnight of the clock time at ``mention``, with a 12-hour mark written
    right after it (:data:`~checkers.plan_words.MERIDIEM_AFTER`: "10:30 pm", which a domain's
    mention may end before) read as part of it: "closes at 10:30 pm" is 22:30, not 10:30."""
    said = text[mention.start : mention.end]
    meridiem = vocab.MERIDIEM_AFTER.match(text, mention.end)
    if meridiem is not None and vocab.CLOCK_TIME.fullmatch(said + meridiem.group()):
        said += meridiem.group()
    return clock_minutes(said)
