"""The plan's restaurant said to break a need of the group, in dining's words: one reading
table (:data:`_FRAMES`) over the needs the group holds (:class:`GroupNeeds`).

"Green Fork has nothing vegetarian", "There's nothing dairy-free at Green Fork", "Everything at
Green Fork has peanuts", "Green Fork's food is too spicy", "It's over budget", "Green Fork
costs more than $40 a head", "Green Fork is outside our distance limit", "Green Fork is 5 km
from Mei" (farther than her limit): beside a plan for
Green Fork, each says the plan leaves out a guest whose need it is (read by
:func:`domains.dining.left_out.said_not_for_everyone`; ``plan_for_part_of_group``).

A figure is held to the limit of the guest it is said for, else to the group's smallest: a sum
("Mains average $55 per person", "Zoë will need to spend about $55", "The bill comes to
$300", read per guest) to a budget, a trip ("Mei would need to travel 6 km") to a distance
limit; a figure within the limit says nothing broken ("Mains average $25 per person"). A
need is said unmet in other words too: dear for a guest ("It's a bit pricey for Zoë", "a
stretch for her budget"), nothing or no dish for a guest or a guest's allergy ("There's
nothing on the menu for Raj", "Nothing there is safe for Raj's peanut allergy", "Raj's
allergy can't be accommodated", "Raj is out of luck"), every dish holding what a guest cannot
eat or too spicy, a risk of cross-contamination, the plan assuming a guest accepts a risk or
stretches a limit ("This assumes Raj is okay with a small peanut risk", "Raj would need to be
OK with cross-contamination"). Words that name no restaurant are said of the one named last
before them (:attr:`_Frame.placeless`).

Only the group's needs are read: a diet word breaks a guest's diet when nothing said to lack
it leaves a dish the guest eats (:data:`~domains.dining.models.DIET_SATISFIED_BY`: "nothing
vegetarian" leaves nothing for a vegan or a vegetarian, not for a pescatarian, who eats fish;
"nothing vegan" leaves vegetarian dishes for a vegetarian); an allergen, spice, a budget or a
distance only when a guest holds one. A need no guest holds is a fact about the place, not a
guest left out ("Green Fork has nothing vegan" to a group with no vegan).

The subject is the plan's own restaurant or time, the plan itself (:data:`PLAN_SUBJECT`:
"this place", "my pick"), or a word for the restaurant named last (group ``back``: "it", "they",
"the restaurant", "the place", "there"), which the caller binds to that restaurant. The
subject comes right before the verb, which is positive: "Green Fork isn't over budget", "is
not too spicy", "might be over budget" and "nothing at Green Fork has peanuts" say no need
broken. Questions, conditions and hedges are the caller's (:func:`.left_out._stated`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from types import MappingProxyType

from checkers.plan_words import NUMBER_WORDS
from checkers.requirements import Requirement
from checkers.text import fold, holds_any
from domains.dining.models import (
    DIET_SATISFIED_BY,
    Allergen,
    Allergy,
    Budget,
    Diet,
    DietRequirement,
    MaxDistance,
    Scenario,
    SpiceTolerance,
)

PLAN_SUBJECT = (
    r"(?:this(?: plan| option| choice| pick| booking| reservation| restaurant| place| one| spot|"
    r" time| slot| proposal)?|(?:the|my|our) (?:plan|pick|booking|reservation|proposal))"
)
"""The plan itself as the subject: not "it" or "that", which as often mean a restaurant weighed
and set aside ("I considered Ember & Oak, but it doesn't suit Ana")."""

DIET_WORDS: Mapping[Diet, tuple[str, ...]] = MappingProxyType(
    {
        "vegetarian": ("vegetarian", "veggie", "meat-free", "meatless"),
        "vegan": ("vegan", "plant-based"),
        "pescatarian": ("pescatarian", "pescetarian"),
        "halal": ("halal",),
        "kosher": ("kosher",),
        "gluten_free": ("gluten-free",),
    }
)
"""What an answer calls a dish of each diet ("nothing vegetarian", "no plant-based options")."""
DIET_BREAKERS: Mapping[Diet, tuple[str, ...]] = MappingProxyType(
    {
        "vegetarian": ("meat", "fish", "seafood"),
        "vegan": ("meat", "fish", "seafood", "dairy", "eggs", "cheese"),
        "pescatarian": ("meat",),
        "halal": ("pork",),
        "kosher": ("pork", "shellfish"),
        "gluten_free": ("gluten", "wheat"),
    }
)
"""What no dish of each diet holds: everything holding it leaves the diet nothing
("everything at Green Fork has meat")."""
ALLERGEN_WORDS: Mapping[Allergen, tuple[str, ...]] = MappingProxyType(
    {
        "peanut": ("peanut", "peanuts", "nut", "nuts"),
        "tree_nut": ("tree nut", "tree nuts", "nut", "nuts"),
        "dairy": ("dairy", "milk", "lactose", "cheese", "butter", "cream"),
        "egg": ("egg", "eggs"),
        "gluten": ("gluten", "wheat"),
        "shellfish": ("shellfish", "seafood", "shrimp", "prawns", "crab", "lobster"),
        "fish": ("fish", "seafood"),
        "soy": ("soy", "soya"),
        "sesame": ("sesame",),
    }
)
"""What an answer calls each allergen ("nuts" as either kind: fail closed): everything holding
it, or nothing free of it ("nothing dairy-free"), leaves the allergic guest nothing."""
SPICE_WORDS: Mapping[str, int] = MappingProxyType({"mild": 1, "non-spicy": 0})
"""Dishes at most this spicy: nothing of the kind leaves nothing for a guest who eats no
spicier ("nothing mild" to a guest whose limit is mild or not spicy)."""
BUDGET_WORDS = ("affordable", "cheap", "inexpensive", "budget-friendly")
"""What an answer calls a dish within a budget ("nothing affordable")."""


@dataclass(frozen=True)
class GroupNeeds:
    """The needs a group's guests hold, as the words that say a restaurant breaks them."""

    suitable: tuple[str, ...] = ()
    """Words for a dish some guest needs: none such leaves that guest nothing ("vegetarian",
    "dairy-free", "mild")."""
    offending: tuple[str, ...] = ()
    """Words for what some guest cannot eat: everything holding it leaves that guest nothing
    ("dairy", "peanuts", "meat")."""
    spice: bool = False
    """Some guest has a spice limit ("too spicy")."""
    budget: float | None = None
    """The smallest budget of a guest, if any ("over budget", "more than $40 a head")."""
    limits: tuple[tuple[str, float | None], ...] = ()
    """Each guest's name (folded, casefolded) and distance limit in km (None: no limit), for a
    distance said from one of them ("5 km from Mei"); one pair for every guest."""
    budgets: tuple[tuple[str, float | None], ...] = ()
    """Each guest's name (as in :attr:`limits`) and budget per person (None: no budget), for a
    sum said for one of them ("Zoë will need to spend about $55")."""

    @cached_property
    def distance(self) -> float | None:
        """The smallest distance limit of a guest in km, if any ("outside our distance limit",
        "5 km away")."""
        return min((limit for _, limit in self.limits if limit is not None), default=None)


@lru_cache(maxsize=256)
def needs_of(scenario: Scenario) -> GroupNeeds:
    """The needs of the scenario's group (cached per scenario)."""
    requirements = [r for guest in scenario.group.guests for r in guest.requirements]
    diets = {r.diet for r in requirements if isinstance(r, DietRequirement)}
    allergens = {r.allergen for r in requirements if isinstance(r, Allergy)}
    spices = [
        r.max_level for r in requirements if isinstance(r, SpiceTolerance) and r.max_level < 4
    ]
    budgets = [r.max_per_person for r in requirements if isinstance(r, Budget)]
    lacking = {
        said
        for said in DIET_WORDS
        for diet in diets
        if DIET_SATISFIED_BY[diet] <= DIET_SATISFIED_BY[said]
    }
    suitable = [word for said in sorted(lacking) for word in DIET_WORDS[said]]
    suitable += [f"{word}-free" for a in sorted(allergens) for word in ALLERGEN_WORDS[a]]
    suitable += [word for word, level in SPICE_WORDS.items() if spices and min(spices) <= level]
    suitable += BUDGET_WORDS if budgets else ()
    offending = [word for diet in sorted(diets) for word in DIET_BREAKERS[diet]]
    offending += [word for a in sorted(allergens) for word in ALLERGEN_WORDS[a]]
    return GroupNeeds(
        suitable=tuple(dict.fromkeys(suitable)),
        offending=tuple(dict.fromkeys(offending)),
        spice=bool(spices),
        budget=min(budgets) if budgets else None,
        limits=tuple(
            (fold(guest.name).casefold(), _limit_of(guest.requirements))
            for guest in scenario.group.guests
        ),
        budgets=tuple(
            (fold(guest.name).casefold(), _budget_of(guest.requirements))
            for guest in scenario.group.guests
        ),
    )


def _limit_of(requirements: Iterable[Requirement]) -> float | None:
    """The smallest distance limit among ``requirements`` (km), if any."""
    return min((r.max_km for r in requirements if isinstance(r, MaxDistance)), default=None)


def _budget_of(requirements: Iterable[Requirement]) -> float | None:
    """The smallest budget per person among ``requirements``, if any."""
    return min((r.max_per_person for r in requirements if isinstance(r, Budget)), default=None)


def _guest_limit(
    whom: str | None, limits: tuple[tuple[str, float | None], ...], smallest: float | None
) -> float | None:
    """The limit of the guest ``whom`` names by first name, from ``limits`` (a guest with none
    has none to break: None), or else the group's ``smallest`` (no name, a pronoun, "each
    person", or a first name two guests share)."""
    first = whom.split()[0] if whom else None
    named = [limit for name, limit in limits if first and name.split()[0] == first]
    return named[0] if len(named) == 1 else smallest


def _alternation(words: Iterable[str]) -> str:
    """``words`` as one alternation, longest first, a space or hyphen inside each read as
    either ("dairy-free", "dairy free")."""
    forms = sorted(set(words), key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\-", "[- ]").replace(r"\ ", "[- ]") for w in forms)


_BACK = r"it|they|the (?:restaurant|place|venue|spot)"
"""Words for the restaurant named last ("I chose Green Fork. It's over budget.")."""
_IS = r"(?:\s+(?:is|are|will be)|'s|'re)"
_ISNT = r"(?:\s+(?:isn't|is not|aren't|are not)|'s not|'re not)"
_DEGREE = (
    r"(?:\s+(?:all|just|still|also|definitely|clearly|unfortunately|sadly|a bit|a little"
    r"|a tad|slightly|somewhat|rather|quite|way|well|far|much|significantly|considerably))*"
)
_REALLY = r"(?:(?:real|proper|actual|good|decent|truly|genuinely|really|properly)\s+)?"
_DISH = (
    r"(?:\s+(?:options?|dish(?:es)?|mains?|main (?:courses?|dishes)|food|meals?|choices?"
    r"|(?:menu )?items?|entrees?|plates?|menu|alternatives?|selections?|offerings?|fare))?"
)
_ENDS = (
    r"(?=\s*(?:[.,;:!?)\]\n]|$|\s-\s|(?:for|at|on|in|and|or|but|so|there|here|tonight|today"
    r"|whatsoever|that|which|to|either|anymore|available|left|though|unfortunately|sadly"
    r"|really)\b))"
)
"""What may follow a dish said to be lacking: the clause's end or a word going on to for whom,
where or why ("nothing vegetarian for Ana", "no vegan options at all"); not another noun ("no
vegetarian surcharge", "no dairy-free desserts": a fee, one course)."""
_NOT_FREE = r"(?![\w-]|\s+free\b)"
"""Not "dairy-free", "dairy free": an allergen's word said of what a dish holds."""
_WHOSE = r"(?:the|our|your|their|his|her|its|the group's|everyone's|(?:{G})'s)\s+"
_MONEY_UNITS = r"\s?(?:dollars|euros|pounds|bucks|usd|eur|gbp)\b"
_PER_PERSON = (
    r"(?:\s+(?:a|per)\s+(?:head|person|guest|diner)\b|\s?/\s?(?:head|person|guest|pp)\b"
    r"|\s+each\b|\s?pp\b|\s+apiece\b)"
)
_AMOUNT = (
    r"(?P<currency>\$\s?|(?:usd|eur|gbp)\s?(?=\d))?"
    r"(?P<amount>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    rf"(?(currency)(?:{_MONEY_UNITS})?(?:{_PER_PERSON})?|(?:{_MONEY_UNITS}(?:{_PER_PERSON})?"
    rf"|{_PER_PERSON}))"
)
"""A sum of money ("$55", "55 dollars", "eur 40", "55 per person", "$1,200"; the euro and
pound signs fold to "eur" and "gbp"), group ``amount`` its number: a number with a currency,
a unit of money or "per person" (a number alone, "over 40", may be anything)."""
_SAID_PER_PERSON = re.compile(rf"(?:{_MONEY_UNITS})?{_PER_PERSON}")
"""A sum said per person, read right after its number."""
_ABOUT = (
    r"(?:(?P<more>more\s+than|over|above|at\s+least|upwards\s+of|north\s+of|just\s+over"
    r"|well\s+over)\s+|(?:about|around|roughly|approximately|approx\.?|nearly|almost"
    r"|close\s+to|some)\s+|~\s?)?"
)
"""Words before a sum or a distance that still state it; group ``more``: it is passed ("more
than $40 a head"). Not "up to", "under", "at most": a ceiling said, no price."""
_WHOLE_GROUP = (
    r"(?P<total>\s+(?:in\s+total|total|altogether|all\s+in|all\s+told|for\s+(?:the\s+"
    r"(?:whole\s+)?(?:group|table|party|lot)|everyone|everybody|us|you|them|all(?:\s+of\s+"
    r"(?:us|you|them))?|(?:all\s+)?(?:the\s+)?(?:\d+|" + NUMBER_WORDS + r")(?:\s+of\s+"
    r"(?:us|you|them)|\s+people|\s+guests|\s+diners)?))\b)"
)
"""Words after a sum saying it is the whole group's ("$240 in total", "$240 for the table"):
read per guest."""
_EXTRAS = (
    rf"(?!(?:{_MONEY_UNITS})?(?:{_PER_PERSON})?\s+(?:for|with|including|incl\.?|plus)\s+"
    r"(?:the\s+|a\s+)?(?:tasting|set|wine|drinks?|pairings?|desserts?|cocktails?|extras?"
    r"|parking|tips?|corkage|service|deposit)\b)"
)
"""Not a sum with extras in it ("$55 with wine", "$55 each including drinks"): the dinner
may cost less."""
_PRICED = rf"{_ABOUT}{_AMOUNT}{_EXTRAS}(?:{_WHOLE_GROUP}|\s+for\s+(?P<whom>{{G}})\b(?!'s))?"
"""A sum said ("about $55 per person"), for the whole group (group ``total``) or for one
guest (group ``whom``: "$55 for Zoë")."""


_SAYING_ADVERB = (
    r"(?:probably|likely|really|actually|sadly|unfortunately|also|currently|still|basically"
    r"|apparently|honestly|frankly)"
)
"""A word between the subject and its verb that still states ("Green Fork probably has nothing
vegetarian"); not "might" or "may", a possibility (:func:`.left_out._stated`)."""


def _subject(before: bool = True) -> str:
    """The subject: the plan's own parts or itself (group ``own``), or a word for the
    restaurant named last (group ``back``); ``before``: a subject before its verb (else after
    "at", "on", "in", or "there" alone: "There's nothing vegetarian there")."""
    if before:
        return (
            rf"(?<![\w'-])(?:(?P<own>{{OWN}})(?:\s+\([^()\n]{{0,40}}\))?|(?P<back>{_BACK}))"
            rf"(?=[\s'])(?:\s+{_SAYING_ADVERB}(?=\s))?"
        )
    return (
        rf"\s+(?:(?:at|on|in)\s+(?:(?P<own>{{OWN}})(?:\s+\([^()\n]{{0,40}}\))?"
        rf"|(?P<back>{_BACK}))(?:'s\s+menu)?"
        r"|(?P<there>there|here))(?!\w)"
    )


_S = _subject()
_AT_S = _subject(before=False)


@dataclass(frozen=True)
class _Frame:
    """One way of saying a restaurant breaks a need: ``patterns`` (alternatives, each with
    placeholders: ``{OWN}`` the plan's words, ``{X}`` :attr:`GroupNeeds.suitable`, ``{Y}``
    :attr:`GroupNeeds.offending`, ``{G}`` a guest), read only when the group holds ``need``
    and the text one of ``cues`` (every match holds one) and, for ``{X}`` or ``{Y}``, one of
    those words (:func:`need_words`)."""

    need: str
    """``suitable``, ``offending``, ``spice``, ``budget``, ``limit`` (budget or distance),
    ``distance`` or ``guest`` (any group)."""
    patterns: tuple[str, ...]
    cues: tuple[str, ...]
    stands: Callable[[re.Match[str], GroupNeeds], bool] = lambda match, needs: True
    placeless: bool = False
    """Its words may name no restaurant ("Mains average $55 per person", "There's nothing on
    the menu for Raj", "Every dish contains peanuts"): then they are said of the one named
    last before them, the plan's when none is (:attr:`Broken.back` at their start)."""


def _over_budget(match: re.Match[str], needs: GroupNeeds) -> bool:
    """Whether a sum said (:data:`_PRICED`: "more than $40 a head", "Mains average $55",
    "Zoë will need to spend about $55") is more than a budget, or at least one when said to be
    passed ("more than $40"): the budget of the guest named ("for Zoë"; a guest with none has
    none to break), else the group's smallest. A sum of the whole group's ("$240 for the
    table", "The bill comes to $240") is read per guest, unless said per person."""
    amount = _part(match, "amount")
    if amount is None:
        return False
    said = float(amount.replace(",", ""))
    per_person = _SAID_PER_PERSON.match(match.string, match.end(f"amount_{_key(match)}"))
    if per_person is None and (_part(match, "total") or _part(match, "whole")):
        said /= max(len(needs.budgets), 1)
    budget = _guest_limit(_part(match, "whom"), needs.budgets, needs.budget)
    more = _part(match, "more") is not None
    return budget is not None and (said > budget or (more and said >= budget))


_KM_PER = {"km": 1.0, "kms": 1.0, "kilometer": 1.0, "kilometre": 1.0, "mile": 1.609344}
_KM_PER |= {f"{unit}s": km for unit, km in _KM_PER.items() if not unit.endswith("s")}
_KM_PER |= {"mi": 1.609344, "meter": 0.001, "metre": 0.001, "meters": 0.001, "metres": 0.001}
_DISTANCE_UNITS = "|".join(sorted(_KM_PER, key=len, reverse=True))
_DISTANCE = (
    r"(?:(?P<dmore>over|more than|at least|a good|a full|just over|well over)\s+"
    r"|(?:about|around|roughly|some|nearly|almost)\s+)?(?P<dist>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d{1,2}(?!\d)|\.\d+)?)[\s-]?(?P<dunit>"
    + _DISTANCE_UNITS
    + r")\b\.?"
)
"""A distance in numbers ("5 km", "about 3.5 miles", "4,5 km", "1,200 metres", "2.7 mi."),
group ``dist`` its number (a comma before one or two digits is a decimal one, before three a
thousands one: :func:`_number`), ``dunit`` its unit (:data:`_KM_PER`) and ``dmore`` a word
saying it is passed ("more than 4 km")."""


def _number(said: str) -> float:
    """A distance's number as :data:`_DISTANCE` reads it: "4,5" is 4.5, "4,100" is 4100."""
    whole, comma, rest = said.partition(",")
    return float(f"{whole}.{rest}") if comma and len(rest) < 3 else float(said.replace(",", ""))


def _beyond_limit(match: re.Match[str], needs: GroupNeeds) -> bool:
    """Whether a distance said of the plan's restaurant ("5 km away", "Mei would need to travel
    6 km") is more than a guest's limit: the named guest's ("5 km from Mei"; a guest with none
    has none to break), or else the smallest of the group."""
    dist, unit = _part(match, "dist"), _part(match, "dunit")
    if dist is None or unit is None:
        return False
    said = _number(dist) * _KM_PER[unit]
    limit = _guest_limit(_part(match, "whom"), needs.limits, needs.distance)
    more = _part(match, "dmore") is not None
    return limit is not None and (said > limit or (more and said >= limit))


_THERE_IS_NO = (
    r"\bthere(?:'s|\s+is|\s+are|'re)\s+(?:nothing|no)\s+"
    r"|\bthere(?:\s+isn't|\s+is not|\s+aren't|\s+are not|'s not)\s+(?:anything|any)\s+"
)
_CLAUSE_OPENS = (
    r"(?:(?<![\s\S])|(?<=[\n:;.!?(\u2013\u2014])|(?<=[\n:;.!?(\u2013\u2014]\s)|(?<=\s-\s))"
)
"""Where a clause opens: the text's start, or after a stop, a colon, a bracket or a dash (a
note without a verb: "Green Fork at 17:30: nothing vegetarian there, sadly.")."""
_EVERYTHING = (
    r"(?<!not )(?<!almost )(?<!nearly )\b(?:everything|every (?:dish|item|meal)|each dish"
    r"|all (?:the |of the )?(?:dishes|food|mains|items|meals)|the (?:whole|entire) menu)"
)
"""Every dish ("everything", "all the mains"); not "not everything", "almost every dish"."""
_ON_THE_MENU = r"\s+on\s+(?:the|its|their)\s+menu"
_WHERE = rf"(?:{_AT_S}|{_ON_THE_MENU})?"
"""Where, if said ("at Green Fork", "there", "on the menu"): a placeless frame's words."""
_BUT = (
    r"(?!\s*,?\s*(?:except|but|apart\s+from|other\s+than|save|aside\s+from|besides|bar"
    r"|barring|unless|on\s+request|by\s+default|or\s+(?:mild|not))\b)"
)
"""Not before an exception ("everything is spicy except the salads", "unless you ask", "by
default"): that dish is left."""
_DISH_NOUN = r"(?:options?|dish(?:es)?|mains?|meals?|items?|choices?|food|entrees?|plates?)"
_THERE_IS_NONE = (
    rf"\bthere(?:'s|\s+is|\s+are|'re)\s+(?:nothing|no\s+{_DISH_NOUN})"
    r"|\bthere(?:\s+isn't|\s+is\s+not|\s+aren't|\s+are\s+not|'s\s+not)\s+(?:anything"
    rf"|any\s+{_DISH_NOUN})"
)
"""There is no dish at all ("there's nothing", "there aren't any options")."""
_FOR_GUEST = (
    r"\s+for\s+(?:{G})\b(?:'s\s+(?:[\w-]+\s+){0,2}?(?:allerg(?:y|ies)|diet|dietary\s+\w+"
    r"|needs?|restrictions?))?(?!'s)(?!\s+(?:to|that\s+(?:contains?|has|have|includes?|uses)"
    r"|with)\b)"
)
"""For a guest or a guest's need ("for Raj", "for Raj's peanut allergy"); not "for Raj to
worry about"."""
_IS_OR_WOULD = rf"(?:{_IS}|\s+(?:would|will)\s+be|'d\s+be|'ll\s+be)"
_PRICEY = (
    r"(?:too\s+|on\s+the\s+)?(?:pricey|pricy|expensive|costly|spendy|steep|dear"
    r"|(?:(?:a\s+bit|a\s+little|something|somewhat)\s+of\s+)?a\s+(?:stretch|splurge|reach)"
    r"|out\s+of\s+reach)(?:\s+side)?\s+for\s+(?:(?:{G})\b(?!'s)"
    rf"|{_WHOSE}(?:budget|wallet|price\s+range|means|pocket))(?!,?\s+(?:but|though|yet"
    r"|although)\s+(?:(?:still|it's|it\s+is|is|well|comfortably)\s+)*(?:within|under|inside"
    r"|in|fits)\b)"
)
"""Dear for a guest ("pricey for Zoë", "a stretch for her budget")."""
_LIMIT_NOUN = (
    r"(?:budget|limit|wallet|price\s+range|finances|diet|allerg(?:y|ies)|rules?|restrictions?"
    r"|radius|spice\s+(?:limit|tolerance))"
)
_GIVEN_UP = (
    r"(?:(?:a|an|the|some|any|that|this|its|their|his|her)\s+)?(?:(?:small|slight|minor|little"
    r"|higher|bigger|extra|possible|potential|real)\s+)?(?:[\w-]+\s+)?(?:risks?"
    r"|cross[- ]?contamination|cross[- ]?contact|traces?|exposure|spice|heat|spiciness|prices?"
    r"|costs?|bill|distance|budget|limit)\b|(?:a\s+)?(?:longer|long|further|farther|extra)\s+"
    r"(?:trip|walk|drive|ride|journey|way)\b|(?:going|goes|go)\s+over\b|(?:pay(?:ing)?"
    r"|spend(?:ing)?|travel(?:l?ing)?)\s+(?:more|extra|further|farther|over|above)\b"
    r"|(?:risk(?:ing)?|stretch(?:ing)?)\b"
)
"""What a guest gives up of a need (a risk, the price, a longer trip; going over, paying or
travelling more): not any object ("accept the booking", "okay with a window table", "okay
with paying $30")."""
_WHOSE_LIMIT = (
    rf"(?:(?:the|our|your|their|his|her|its|(?:{{G}})'s)\s+)?(?:[\w$.]+\s+)?{_LIMIT_NOUN}"
)
_ACCEPTS = (
    r"(?:(?:is|are|'s|'re|be)\s+(?:ok|okay|fine|happy|alright|all\s+right|comfortable|cool"
    r"|willing)\s+(?:with|to)|(?:doesn't|does\s+not|don't|do\s+not)\s+mind|accept\w*"
    rf"|tolerat\w*|liv(?:e|es|ing)\s+with|put(?:s|ting)?\s+up\s+with)\s+(?:{_GIVEN_UP})"
    r"|risk(?:s|ing)?\s+(?:it|an?\s+(?:allergic\s+)?reaction|(?:[\w-]+\s+)?exposure)"
    rf"|(?:stretch|exceed|bend|relax|waiv|ignor|overlook)\w*\s+{_WHOSE_LIMIT}"
    rf"|go(?:es|ing)?\s+over\s+{_WHOSE_LIMIT}|mak(?:e|es|ing)\s+an\s+exception"
    r"|(?:spend|pay|travel)\w*\s+(?:more|further|farther)|(?:eat|pick)\w*\s+around"
)
"""What a guest accepts for a plan to hold ("is okay with a small peanut risk", "can stretch
her budget", "would need to accept cross-contamination", "risk it"): the need, as things
stand, broken."""
_RISK = (
    r"(?:cross[- ]?contamination|cross[- ]?contact|contamination|exposure|traces?"
    r"|an?\s+(?:allergic\s+)?reaction)"
)
_RISKED = re.compile(
    r"(?:\b(?:no|zero|without|not|never|nor|free\s+(?:of|from)|avoids?|avoiding"
    r"|prevents?|preventing|minimi[sz]es?|eliminates?|rules?\s+out)|n't)\W+(?:[\w'-]+\W+){0,3}$"
)
"""A risk denied or kept off in the few words before it ("no risk of", "without any risk",
"free from cross-contamination")."""
_ALLERGEN_NAMES = frozenset(word for words in ALLERGEN_WORDS.values() for word in words)
_OF_WHAT = re.compile(r"\s+(?:with|from|of|involving|for)\s+(?:\w+\s+)?([\w-]+)")


def _risk_stands(match: re.Match[str], needs: GroupNeeds) -> bool:
    """Whether a risk said ("a risk of cross-contamination") is not denied before it
    (:data:`_RISKED`) and, if it names what it is a risk of right after, that is something
    a guest cannot eat ("with gluten" to a group none of whom avoids gluten is no need)."""
    text = match.string
    if _RISKED.search(text, max(0, match.start() - 40), match.start()) is not None:
        return False
    of = _OF_WHAT.match(text, match.end())
    return of is None or of[1] not in _ALLERGEN_NAMES or of[1] in needs.offending


_MONEY_CUES = (
    *("$", "usd", "eur", "gbp", "dollar", "euro", "pound", "buck", "head"),
    *("person", "guest", "diner", "pp", "each", "apiece"),
)
"""What every sum :data:`_AMOUNT` reads holds: its currency, unit or "per person"."""
_DISTANCE_CUES = ("km", "kilomet", "mi", "metre", "meter")
_TO_ANOTHER_PLACE = (
    r"(?!\s+to\s+(?!(?:{OWN})\b|(?:it|there|dinner|get|reach|make|join)\b|the\s+(?:restaurant"
    r"|place|venue|dinner)\b))"
)
"""Not a trip said to end elsewhere ("6 km to Umi Sushi Bar", "6 km to work"): a trip to the
plan's restaurant ("to Green Fork", "to get there") or to no place said."""
_NOT_SAFE_FOR = (
    rf"{{S}}{_ISNT}(?:\s+(?:really|entirely|completely))?\s+(?:safe|suitable|an option|right)"
    r"\s+for\s+"
)
_FRAMES = (
    _Frame(  # "Green Fork has nothing vegetarian", "can't do dairy-free", "lacks vegan dishes"
        "suitable",
        (
            rf"{{S}}\s+(?:(?:has|have|offers?|serves?)\s+(?:no|zero|nothing)\s+"
            r"|(?:doesn't|does not|don't|do not|won't|will not|can't|cannot|isn't able to"
            r"|is not able to)\s+(?:have|offer|serve|do|make|provide|guarantee|cater (?:to|for)"
            r"|accommodate)\s+(?:anything\s+|any\s+|an?\s+)?|lacks?\s+(?:any\s+)?)"
            rf"{_REALLY}(?:{{X}})s?{_DISH}{_ENDS}",
        ),
        ("no", "nothing", "zero", "n't", "not", "lack"),
    ),
    _Frame(  # "There's nothing vegetarian at Green Fork", "Nothing at Green Fork is vegetarian"
        "suitable",
        (
            rf"(?:{_THERE_IS_NO}){_REALLY}(?:{{X}})s?{_DISH}"
            rf"(?:\s+(?:on the menu|available|to (?:eat|order)))?{_AT_S}",
            rf"\bnothing{_AT_S}\s+(?:is|'s)\s+{_REALLY}(?:{{X}})(?![\w-])",
            rf"{_CLAUSE_OPENS}(?:nothing|no)\s+{_REALLY}(?:{{X}})s?{_DISH}"
            rf"(?:\s+(?:on the menu|available|to (?:eat|order)))?{_AT_S}",
        ),
        ("there", "nothing", "no"),
    ),
    _Frame(  # "There's no vegetarian dish", "Nothing on the menu is dairy-free" (no place named)
        "suitable",
        (
            rf"(?:{_THERE_IS_NO}){_REALLY}(?:{{X}})s?{_DISH}(?:\s+(?:on\s+(?:the|its|their)\s+menu"
            rf"|available|to\s+(?:eat|order)|at\s+all))?{_ENDS}{_BUT}",
            rf"\b(?:nothing|no\s+(?:single\s+)?{_DISH_NOUN}|none\s+of\s+(?:the|its|their)\s+"
            rf"{_DISH_NOUN}|not\s+(?:a\s+single|one)\s+{_DISH_NOUN})(?:{_ON_THE_MENU})?\s+"
            rf"(?:is|are|'s)\s+{_REALLY}(?:{{X}})(?![\w-]){_BUT}",
        ),
        ("there", "nothing", "no", "none", "not"),
        placeless=True,
    ),
    _Frame(  # "Green Fork isn't vegetarian-friendly"
        "suitable",
        (
            rf"{{S}}{_ISNT}(?:\s+(?:very|really|particularly|exactly|that|terribly|especially))?"
            r"\s+(?:{X})[- ]friendly",
        ),
        ("friendly",),
    ),
    _Frame(  # "Everything at Green Fork has dairy", "Green Fork cooks everything with peanuts"
        "offending",
        (
            rf"{_EVERYTHING}{_WHERE}\s+(?:has|have|contains?|includes?|uses|(?:is|are)\s+"
            r"(?:made|cooked|prepared|fried)\s+(?:with|in)|comes?\s+with)\s+(?:some\s+)?"
            rf"(?:{{Y}}){_NOT_FREE}{_BUT}",
            rf"{{S}}\s+(?:cooks|makes|prepares|fries)\s+(?:everything|every dish|all (?:of )?"
            rf"(?:its|their|the) (?:dishes|food))\s+(?:with|in)\s+(?:{{Y}}){_NOT_FREE}",
            r"{S}\s+uses\s+(?:{Y})\s+in\s+(?:everything|every dish|all)\b",
            rf"{{S}}(?:'s|s')\s+(?:dishes|food|mains|meals)\s+(?:all\s+)?(?:have|has|contain"
            rf"|contains|include|includes|use|uses)\s+(?:{{Y}}){_NOT_FREE}",
        ),
        ("every", "each", "all", "entire", "whole", "cook", "make", "prepare", "fries", "uses"),
        placeless=True,
    ),
    _Frame(  # "Green Fork isn't safe for Raj"
        "guest",
        (rf"{_NOT_SAFE_FOR}(?:{{G}})\b(?!'s)",),
        ("safe", "suitable", "option", "right"),
    ),
    _Frame(  # "Green Fork is not safe for Björn's dairy allergy"
        "offending",
        (
            rf"{_NOT_SAFE_FOR}(?:(?:{{G}})'s\s+|an?\s+|people with\s+|someone with\s+"
            r"|anyone with\s+|those with\s+)?(?:(?:severe|serious)\s+)?(?:{Y})\s+allerg",
        ),
        ("safe", "suitable", "option", "right"),
    ),
    _Frame(  # "Green Fork isn't suitable for vegetarians"
        "suitable",
        (rf"{_NOT_SAFE_FOR}(?:{{X}})s?\b",),
        ("safe", "suitable", "option", "right"),
    ),
    _Frame(  # "Green Fork has no options for Ana", "has nothing for her"
        "guest",
        (
            rf"{{S}}\s+(?:has|have|offers?)\s+(?:(?:no|zero){_DISH}|nothing(?:\s+\w+)?)"
            r"\s+for\s+(?:{G})\b(?!'s)",
        ),
        ("no", "zero", "nothing"),
    ),
    _Frame(  # "Green Fork's food is too spicy", "Green Fork is too spicy for Zoë"
        "spice",
        (
            rf"{{S}}(?:(?:'s|s')\s+(?:food|dishes|menu|mains|cooking|cuisine|meals))?{_IS}"
            rf"{_DEGREE}\s+too\s+(?:spicy|fiery|hot(?=\s+for\s+(?:{{G}})\b))",
            rf"{_EVERYTHING}{_WHERE}(?:\s+(?:is|are)|'s){_DEGREE}\s+(?:too\s+)?(?:spicy|fiery)"
            rf"(?![\w-]){_BUT}",
            rf"(?<!of )\b(?:the|their|its|all\s+(?:the|their|its))\s+(?:food|dishes|mains"
            rf"|cooking|cuisine|meals){_WHERE}{_IS}{_DEGREE}\s+too\s+(?:spicy|fiery"
            rf"|hot(?=\s+for\s+(?:{{G}})\b)){_BUT}",
            rf"{_CLAUSE_OPENS}(?:(?:but|though|sadly|unfortunately|and|also)\s*,?\s+)?"
            r"(?:(?:a\s+(?:bit|little|tad)|way|far|much|probably|likely)\s+)?too\s+(?:spicy"
            r"|fiery|hot)\s+for\s+(?:{G})\b(?!'s)",
        ),
        ("spic", "fiery", "hot"),
        placeless=True,
    ),
    _Frame(  # "Green Fork is over our budget", "exceeds the budget", "pricier than Zoë wants"
        "budget",
        (
            rf"{{S}}{_IS}{_DEGREE}\s+(?:over|above|beyond|outside(?:\s+of)?|out\s+of)\s+"
            rf"(?:{_WHOSE})?(?:[\w$.]+\s+)?(?:budget|price range|price limit|spending limit"
            r"|price cap)",
            rf"{{S}}\s+(?:exceeds|blows|breaks|busts|overshoots|(?:goes|runs)\s+over)\s+"
            rf"(?:{_WHOSE})?(?:[\w$.]+\s+)?budget",
            rf"{{S}}{_ISNT}\s+(?:within|inside|under|in)\s+(?:{_WHOSE})?budget",
            rf"{{S}}\s+(?:doesn't|does not|won't|will not)\s+fit\s+(?:into\s+|within\s+"
            rf"|in\s+)?(?:{_WHOSE})?budget",
            rf"{{S}}{_IS}{_DEGREE}\s+(?:pricier|more expensive|costlier|dearer)\s+than\s+"
            rf"(?:(?:{{G}})\b(?!'s)|(?:{_WHOSE})?budget|(?:we|you|they|she|he|(?:{{G}}))\s+"
            r"(?:wants?|wanted|can afford|budgeted|planned|hoped))",
            rf"{{S}}{_ISNT}(?:\s+really)?\s+affordable",
        ),
        ("budget", "pric", "expensive", "costlier", "dearer", "affordable", "spending"),
    ),
    _Frame(  # "It's a bit pricey for Zoë", "A stretch for her budget", "It strains Zoë's budget"
        "budget",
        (
            rf"{{S}}{_IS_OR_WOULD}{_DEGREE}\s+{_PRICEY}",
            rf"{_CLAUSE_OPENS}(?:(?:but|though|still|sadly|unfortunately|and|also)\s*,?\s+)?"
            rf"(?:(?:a\s+(?:bit|little|tad)|slightly|rather|quite|somewhat|way|far|much)\s+)?"
            rf"{_PRICEY}",
            rf"{{S}}\s+(?:(?:will|would|'ll|'d)\s+)?(?:stretch(?:es)?|strains?|pushes|push"
            rf"|squeezes?)\s+{_WHOSE}budget",
            r"(?:{G})\b(?!'s)\s+(?:can't|cannot|can\s+not|couldn't|could\s+not|won't\s+be\s+able"
            r"\s+to|will\s+not\s+be\s+able\s+to|isn't\s+able\s+to|is\s+not\s+able\s+to)\s+"
            r"(?:really\s+|quite\s+|easily\s+)?afford\s+(?:it|this|that|there|(?:the|this|that)"
            r"\s+(?:place|restaurant|spot|dinner|meal|bill|menu|prices)|dinner\s+there"
            r"|(?:{OWN}))\b",
        ),
        (
            *("pric", "expensive", "costly", "spendy", "steep", "dear", "stretch", "splurge"),
            *("reach", "strain", "push", "squeeze", "afford"),
        ),
        placeless=True,
    ),
    _Frame(  # "Green Fork costs more than $40 a head", "Mains average $55", "Zoë will spend $55"
        "budget",
        (
            rf"{{S}}(?:\s+(?:costs?|runs|averages|comes\s+(?:to|in\s+at)|works\s+out\s+(?:to"
            r"|at)|sets?\s+(?:you|us|them|her|him)\s+back)|(?:\s+(?:will|would|should)|'ll|'d)"
            r"\s+(?:cost|run|be|come\s+to|set\s+(?:you|us|them|her|him)\s+back)|"
            rf"{_IS}){_DEGREE}\s+{_PRICED}",
            r"(?:(?:the|their|its|most|all(?:\s+the)?)\s+)?(?:(?:average|typical|usual"
            r"|estimated)\s+)?(?:(?P<whole>bill|total|tab|check)|mains?|main\s+(?:courses?"
            r"|dishes)|dish(?:es)?|entrees?|plates?|meals?|dinner|food|prices?|costs?|spend)"
            rf"(?:\s+(?:per\s+(?:person|head|guest)|each|a\s+head))?{_WHERE}"
            r"(?:\s+(?:usually|typically|generally|mostly|all))?(?:\s+(?:averages?|runs?|costs?"
            r"|is|are|comes?\s+(?:to|in\s+at)|starts?\s+at|go(?:es)?\s+for|sits?\s+at"
            r"|hovers?\s+around|(?:will|would|should)\s+(?:be|run|cost|come\s+to|average))"
            rf"|'s|'re|\s*:)\s*{_PRICED}",
            r"(?:(?P<whom>{G})\b(?!'s)|we|each\s+(?:person|guest|diner|of\s+(?:us|you|them)))"
            r"(?:(?:\s+(?:will|would)|'ll|'d|\s+(?:is|are)\s+going\s+to)\s+)?(?:\s*(?:need"
            r"|needs|have|has)\s+to\s+|\s*must\s+|\s*(?:should|can)\s+expect\s+to\s+"
            r"|\s*be\s+)?\s*(?:spend(?:s|ing)?|pay(?:s|ing)?|shell(?:ing)?\s+out|fork(?:ing)?"
            rf"\s+out|cough(?:ing)?\s+up)\s+{_ABOUT}{_AMOUNT}{_EXTRAS}(?:{_WHOLE_GROUP})?",
            r"(?:(?P<whom>{G})'s|her|his|their|your|each\s+person's|everyone's)\s+(?:share"
            r"|meal|dinner|bill|tab|part|portion|cost|spend|order)(?:\s+(?:there|here))?"
            r"(?:\s+(?:(?:will|would|should)\s+(?:be|come\s+to|run)|is|comes\s+to|runs)|'d\s+be"
            rf"|'ll\s+be|\s*:)\s+{_ABOUT}{_AMOUNT}{_EXTRAS}",
            rf"{{S}}(?:\s+(?:will|would|should)|'ll|'d)?\s+(?:costs?|sets?)\s+(?P<whom>{{G}})"
            rf"\b(?!'s)\s+(?:back\s+)?{_ABOUT}{_AMOUNT}{_EXTRAS}",
            r"\b(?:that|which)(?:'s|\s+(?:is|works\s+out\s+(?:to|at)|comes\s+(?:to|out\s+at)"
            rf"|(?:would|will)\s+be))\s+{_PRICED}",
            r"\b(?:expect(?:s|ed)?|plan\s+on|figure\s+on|count\s+on|allow|budget\s+for)"
            rf"\s+(?:to\s+(?:pay|spend)\s+|paying\s+|spending\s+)?{_PRICED}",
        ),
        _MONEY_CUES,
        _over_budget,
        placeless=True,
    ),
    _Frame(  # "Green Fork is outside our distance limit", "beyond Mei's radius"
        "limit",
        (
            rf"{{S}}{_IS}{_DEGREE}\s+(?:outside(?:\s+of)?|beyond|over|past|above)\s+"
            rf"(?:{_WHOSE})?(?:(?:distance|travel|walking|price)\s+)?(?:limit|radius|range"
            r"|max(?:imum)?|cap)\b",
        ),
        ("limit", "radius", "range", "max", "cap"),
    ),
    _Frame(  # "Green Fork is 5 km away", "is more than 4 km from Mei" (or from Mei's home)
        "distance",
        (
            rf"{{S}}{_IS}{_DEGREE}\s+{_DISTANCE}(?:\s+(?:away|off))?"
            r"(?:\s+from\s+(?:where\s+)?(?P<whom>{G})\b(?:'s\s+(?:\w+\s+)?(?:home|house|place|flat|apartment"
            r"|office|work|workplace|hotel)\b|\s+(?:lives|works|is staying|stays)\b)?(?!'s)"
            r"|(?:(?<=away)|(?<=off))(?!\s+from\b))",
        ),
        _DISTANCE_CUES,
        _beyond_limit,
    ),
    _Frame(  # "Mei would need to travel 6 km", "Mei's trip is 6 km", "It's a 6 km walk for Mei"
        "distance",
        (
            r"(?P<whom>{G})\b(?!'s)(?:(?:\s+(?:will|would)|'ll|'d|\s+(?:is|are)\s+going\s+to)"
            r"\s+(?:(?:need|have)\s+to\s+|be\s+)?|\s+(?:needs|has)\s+to\s+|\s+must\s+)"
            r"(?:travel(?:l?ing)?|walk(?:ing)?|driv(?:e|ing)|rid(?:e|ing)|cycl(?:e|ing)"
            r"|bik(?:e|ing)|commut(?:e|ing)|trek(?:king)?|go(?:ing)?|com(?:e|ing)|journey(?:ing)?"
            rf"|schlep(?:ping)?|cover(?:ing)?)\s+(?:for\s+)?{_DISTANCE}{_TO_ANOTHER_PLACE}",
            r"(?P<whom>{G})'s\s+(?:trip|journey|walk|ride|drive|travel|distance|trek)"
            r"(?:\s+there)?(?:\s+(?:(?:will|would)\s+be|is|comes\s+to)|'d\s+be|'ll\s+be|\s*:)"
            rf"\s+{_DISTANCE}",
            rf"{{S}}{_IS_OR_WOULD}{_DEGREE}\s+(?:an?\s+)?{_DISTANCE}(?:\s+(?:trip|journey|walk"
            r"|ride|drive|commute|trek|away|off))?\s+for\s+(?P<whom>{G})\b(?!'s)",
        ),
        _DISTANCE_CUES,
        _beyond_limit,
        placeless=True,
    ),
    _Frame(  # "There's nothing on the menu for Raj", "The menu has no options for Raj's diet"
        "guest",
        (
            rf"(?:{_THERE_IS_NONE}){_WHERE}{_FOR_GUEST}{_BUT}",
            rf"{_CLAUSE_OPENS}(?:(?:but|sadly|unfortunately|and|also)\s*,?\s+)?(?:nothing|no\s+"
            rf"{_DISH_NOUN}){_WHERE}{_FOR_GUEST}{_BUT}",
            rf"\b(?:the|its|their)\s+menu\s+(?:has|offers|holds)\s+(?:nothing|no\s+{_DISH_NOUN})"
            rf"{_FOR_GUEST}{_BUT}",
            rf"{{S}}\s+(?:has|have|offers?)\s+(?:nothing|no\s+{_DISH_NOUN})(?:{_ON_THE_MENU})?"
            rf"{_FOR_GUEST}{_BUT}",
        ),
        ("no", "any"),
        placeless=True,
    ),
    _Frame(  # "Nothing there is safe for Raj's peanut allergy", "No dish is suitable for Ana"
        "guest",
        (
            rf"\b(?:nothing|no\s+(?:single\s+)?{_DISH_NOUN}|none\s+of\s+(?:the|its|their)\s+"
            rf"{_DISH_NOUN}|not\s+(?:a\s+single|one)\s+{_DISH_NOUN}){_WHERE}\s+(?:is|are|'s"
            r"|would\s+be|will\s+be|seems|looks)\s+(?:(?:really|truly|entirely|completely"
            r"|fully)\s+)?(?:safe|suitable|okay|ok|fine|right|edible|appropriate)"
            rf"(?:\s+enough)?{_FOR_GUEST}{_BUT}",
        ),
        ("no",),
        placeless=True,
    ),
    _Frame(  # "Raj's allergy can't be accommodated", "Raj is out of luck", "Zoë will go hungry"
        "guest",
        (
            r"(?<!\w)(?:{G})'s\s+(?:[\w-]+\s+){0,2}?(?:allerg(?:y|ies)|diet|dietary\s+(?:needs?"
            r"|restrictions?|requirements?)|needs?|restrictions?|budget|spice\s+(?:limit"
            r"|tolerance)|distance\s+limit)\s+(?:isn't|is\s+not|aren't|are\s+not|can't\s+be"
            r"|cannot\s+be|won't\s+be|will\s+not\s+be|wouldn't\s+be|would\s+not\s+be)\s+"
            r"(?:(?:fully|really|properly|quite)\s+)?(?:covered|met|accommodated|catered\s+(?:to"
            r"|for)|handled|respected|satisfied|served|guaranteed|safe|honou?red|addressed"
            r"|taken\s+care\s+of)",
            r"(?<!\w)(?:{G})\b(?!'s)(?:\s+(?:is|are|would\s+be|will\s+be)|'s|'re|'d\s+be"
            r"|'ll\s+be)\s+(?:(?:just|simply|sadly|basically|rather|pretty\s+much)\s+)?(?:out"
            r"\s+of\s+luck|left\s+(?:hungry|with\s+nothing)|going\s+(?:to\s+go\s+)?"
            r"hungry)",
            r"(?<!\w)(?:{G})\b(?!'s)(?:\s+(?:will|would)|'ll|'d)\s+go\s+hungry",
        ),
        ("n't", "not", "luck", "hungry", "nothing"),
        placeless=True,
    ),
    _Frame(  # "This assumes Raj is okay with a small peanut risk", "Zoë would need to stretch"
        "guest",
        (
            rf"\b(?:{PLAN_SUBJECT}|it|that|which)\s+(?:assumes|presumes|presupposes|relies\s+on"
            r"|counts\s+on|banks\s+on|hinges\s+on|depends\s+on|requires|needs)\s+(?:that\s+)?"
            rf"(?:{{G}})\b(?:'s)?\s+(?:[\w']+\s+){{0,3}}?(?:{_ACCEPTS})\b",
            r"(?<!\w)(?:{G})\b(?!'s)(?:(?:\s+(?:would|will)|'d|'ll)\s+(?:just\s+)?(?:need"
            r"|have)\s+to|\s+(?:is|are)\s+going\s+to\s+(?:need|have)\s+to|\s+needs\s+to"
            rf"|\s+has\s+to|\s+must)\s+(?:(?:just|simply)\s+)?(?:{_ACCEPTS})\b",
        ),
        (
            *("assum", "presum", "presuppos", "relies", "counts", "banks", "hinges", "depends"),
            *("requires", "need", "have", "has", "must"),
        ),
        placeless=True,
    ),
    _Frame(  # "There's a risk of cross-contamination", "Cross-contamination is possible"
        "offending",
        (
            rf"\b(?:risk|chance|possibility|danger)\s+of\s+(?:(?:some|any)\s+)?{_RISK}",
            r"\bcross[- ]?(?:contamination|contact)\s+(?:risk|is\s+(?:possible|likely|a\s+(?:risk"
            r"|concern|possibility))|can(?:'t|not)\s+be\s+(?:ruled\s+out|avoided|excluded)"
            r"|may\s+(?:happen|occur))",
        ),
        ("risk", "chance", "possib", "danger", "cross"),
        _risk_stands,
        placeless=True,
    ),
    _Frame(  # "a small peanut risk", "peanut cross-contamination"
        "offending",
        (r"\b(?:{Y})[- ](?:cross[- ]?contamination|cross[- ]?contact|risk|exposure)\b",),
        ("cross", "risk", "exposure"),
        _risk_stands,
        placeless=True,
    ),
)
"""The reading table: every way read of saying a restaurant breaks a need of the group."""
_GUEST_WORDS = (
    r"him|her|them|us|you|everyone|everybody|the group|some of (?:us|you|them)"
    r"|one (?:guest|of (?:us|you|them))"
)


def _held(frame: _Frame, needs: GroupNeeds) -> bool:
    """Whether the group holds the need ``frame`` reads."""
    return {
        "suitable": bool(needs.suitable),
        "offending": bool(needs.offending),
        "spice": needs.spice,
        "budget": needs.budget is not None,
        "limit": needs.budget is not None or needs.distance is not None,
        "distance": needs.distance is not None,
        "guest": True,
    }[frame.need]


def need_words(frame: _Frame, needs: GroupNeeds) -> tuple[str, ...]:
    """Words one of which a text must hold for ``frame`` to match, beside its cues: the words
    of the needs it reads (every "-free" form holds "free"), or none to look for."""
    words: list[str] = []
    if any("{X}" in pattern for pattern in frame.patterns):
        words += ["free" if w.endswith("-free") else w.split("-")[0] for w in needs.suitable]
    if any("{Y}" in pattern for pattern in frame.patterns):
        words += [w.split()[0] for w in needs.offending]
    return tuple(dict.fromkeys(words))


@lru_cache(maxsize=1024)
def _compiled(
    frames: tuple[int, ...], needs: GroupNeeds, names: str | None, own: str | None
) -> re.Pattern[str]:
    """The ``frames`` (indices of :data:`_FRAMES`) as one pattern, for a group's ``needs``,
    its guests' ``names`` (an alternation) and the plan's words ``own`` (an alternation),
    compiled once for each: the alternatives led by the subject after it, so that the text is
    scanned once (each alternative as group ``f<frame>_<alternative>``, the groups inside it
    numbered alike, ``amount_<frame>_<alternative>``: :func:`_part`)."""
    led, free = [], []
    for index in frames:
        for at, pattern in enumerate(_FRAMES[index].patterns):
            numbered = _GROUP.sub(rf"(?\g<1>\g<2>_{index}_{at}", pattern.removeprefix("{S}"))
            if pattern.startswith("{S}"):
                led.append(f"(?P<f{index}_{at}>{numbered})")
            else:
                free.append(f"(?P<f{index}_{at}>{numbered})")
    if led:
        free.insert(0, f"{_S}(?:{'|'.join(led)})")
    guests = f"{names}|{_GUEST_WORDS}" if names else _GUEST_WORDS
    # Every match opens a word (a subject, "there", "everything"): tried only there, the
    # pattern costs a third of what it does tried at every character.
    pattern = f"{_WORD_START}(?:{'|'.join(free)})"
    filled = (
        pattern.replace("{OWN}", f"{own}|{PLAN_SUBJECT}" if own else PLAN_SUBJECT)
        .replace("{X}", _alternation(needs.suitable) or "(?!)")
        .replace("{Y}", _alternation(needs.offending) or "(?!)")
        .replace("{G}", guests)
    )
    return re.compile(filled)


_WORD_START = r"(?<!\w)(?=\w)"
"""Where every match opens: a word's first letter or digit (a restaurant whose name opens on
a sign, "#1 Noodle", is not read as the subject)."""
_GROUP = re.compile(r"\(\?(P<|\()(\w+)(?=[>)])")
"""A group's name where it is set ("(?P<whom>") or tested ("(?(currency)"), numbered per
alternative (a name may stand once in a pattern)."""


def _frame(match: re.Match[str]) -> _Frame:
    """The frame whose alternative ``match`` is (its group ``f<frame>_<alternative>``, the
    last to close)."""
    return _FRAMES[int((match.lastgroup or "f0").split("_")[0][1:])]


def _key(match: re.Match[str]) -> str:
    """The ``<frame>_<alternative>`` of the alternative ``match`` is."""
    return (match.lastgroup or "f0_0")[1:]


def _part(match: re.Match[str], name: str) -> str | None:
    """What group ``name`` of the alternative ``match`` is holds, if it holds anything."""
    numbered = f"{name}_{_key(match)}"
    return match[numbered] if numbered in match.re.groupindex else None


def _where(match: re.Match[str], frame: _Frame) -> int | None:
    """Where the word for the restaurant named last stands in ``match``, if it is the subject
    or the place ("it", "there"), or where the words of a placeless frame start when they name
    no place (:attr:`_Frame.placeless`); None: said of the plan's own restaurant or time."""
    own = False
    for name, value in match.groupdict().items():
        if value is not None and name.startswith(("back", "there")):
            return match.start(name)
        own = own or (value is not None and name.startswith("own"))
    return match.start() if frame.placeless and not own else None


@dataclass(frozen=True)
class Broken:
    """Words saying a restaurant breaks a need of the group."""

    match: re.Match[str]
    back: int | None
    """Where the word for the restaurant named last stands ("it", "there"), when that is the
    subject: the caller binds the words to that restaurant; None: the plan's own."""


def said_broken(
    folded: str, needs: GroupNeeds, names: str | None, own: Callable[[], str | None]
) -> list[Broken]:
    """Every place in ``folded`` (folded and casefolded) saying the plan, its restaurant or
    the restaurant named last breaks a need of the group (``needs``; ``names``: the guests'
    alternation; ``own``: the plan's restaurant and time as an alternation, asked for only
    when a frame's words stand in the text), unsorted and not yet held to questions or
    conditions."""
    frames = tuple(
        index
        for index, frame in enumerate(_FRAMES)
        if _held(frame, needs)
        and holds_any(folded, frame.cues)
        and (not (words := need_words(frame, needs)) or holds_any(folded, words))
    )
    if not frames:
        return []
    pattern = _compiled(frames, needs, names, own())
    return [
        Broken(match, _where(match, frame))
        for match in pattern.finditer(folded)
        if (frame := _frame(match)).stands(match, needs)
    ]
