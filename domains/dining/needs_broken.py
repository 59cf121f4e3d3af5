"""The plan's restaurant said to break a need of the group, in dining's words: one reading
table (:data:`_FRAMES`) over the needs the group holds (:class:`GroupNeeds`).

"Green Fork has nothing vegetarian", "There's nothing dairy-free at Green Fork", "Everything at
Green Fork has peanuts", "Green Fork's food is too spicy", "It's over budget", "Green Fork
costs more than $40 a head", "Green Fork is outside our distance limit", "Green Fork is 5 km
from Mei" (farther than her limit): beside a plan for
Green Fork, each says the plan leaves out a guest whose need it is (read by
:func:`domains.dining.left_out.said_not_for_everyone`; ``plan_for_part_of_group``).

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
    distance said from one of them ("5 km from Mei")."""

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
    )


def _limit_of(requirements: Iterable[Requirement]) -> float | None:
    """The smallest distance limit among ``requirements`` (km), if any."""
    return min((r.max_km for r in requirements if isinstance(r, MaxDistance)), default=None)


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
_AMOUNT = (
    r"(?P<currency>[$€£]\s?)?(?P<amount>\d+(?:\.\d+)?)"
    r"(?P<unit>\s?(?:dollars|euros|pounds|usd|eur|gbp)\b|\s+(?:a|per)\s+(?:head|person|guest"
    r"|diner)\b|\s+each\b|\s+pp\b)?"
)


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


def _over_budget(match: re.Match[str], needs: GroupNeeds) -> bool:
    """Whether an amount said to be passed ("more than $40 a head") is at least the smallest
    budget, said as money (a currency or per person: "over 40" alone may be anything)."""
    said = match["currency"] is not None or match["unit"] is not None
    return said and needs.budget is not None and float(match["amount"]) >= needs.budget


_KM_PER = {"km": 1.0, "kms": 1.0, "kilometer": 1.0, "kilometre": 1.0, "mile": 1.609344}
_KM_PER |= {f"{unit}s": km for unit, km in _KM_PER.items() if not unit.endswith("s")}
_KM_PER |= {"mi": 1.609344, "meter": 0.001, "metre": 0.001, "meters": 0.001, "metres": 0.001}
_DISTANCE_UNITS = "|".join(sorted(_KM_PER, key=len, reverse=True))
_DISTANCE = (
    r"(?:(?P<dmore>over|more than|at least|a good|a full|just over|well over)\s+"
    r"|(?:about|around|roughly|some|nearly|almost)\s+)?(?P<dist>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d{1,2}(?!\d)|\.\d+)?)\s?(?P<dunit>"
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
    """Whether a distance said of the plan's restaurant ("5 km away") is more than a guest's
    limit: the named guest's ("5 km from Mei"; a guest with none has none to break), or else
    the smallest of the group."""
    said = _number(match["dist"]) * _KM_PER[match["dunit"]]
    whom = match["whom"]
    named = [limit for name, limit in needs.limits if whom and name.split()[0] == whom.split()[0]]
    limit = named[0] if len(named) == 1 else needs.distance
    return limit is not None and (said > limit or (match["dmore"] is not None and said >= limit))


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
    r"\b(?:everything|every (?:dish|item|meal)|each dish|all (?:the |of the )?(?:dishes|food"
    r"|mains|items|meals)|the (?:whole|entire) menu)"
)
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
            rf"{_EVERYTHING}{_AT_S}\s+(?:has|have|contains?|includes?|uses|(?:is|are)\s+"
            r"(?:made|cooked|prepared|fried)\s+(?:with|in)|comes?\s+with)\s+(?:some\s+)?"
            rf"(?:{{Y}}){_NOT_FREE}",
            rf"{{S}}\s+(?:cooks|makes|prepares|fries)\s+(?:everything|every dish|all (?:of )?"
            rf"(?:its|their|the) (?:dishes|food))\s+(?:with|in)\s+(?:{{Y}}){_NOT_FREE}",
            r"{S}\s+uses\s+(?:{Y})\s+in\s+(?:everything|every dish|all)\b",
            rf"{{S}}(?:'s|s')\s+(?:dishes|food|mains|meals)\s+(?:all\s+)?(?:have|has|contain"
            rf"|contains|include|includes|use|uses)\s+(?:{{Y}}){_NOT_FREE}",
        ),
        ("every", "each", "all", "entire", "whole", "cook", "make", "prepare", "fries", "uses"),
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
            rf"{_EVERYTHING}{_AT_S}\s+(?:is|are){_DEGREE}\s+(?:too\s+)?(?:spicy|fiery)\b",
        ),
        ("spic", "fiery", "hot"),
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
    _Frame(  # "Green Fork costs more than $40 a head"
        "budget",
        (
            rf"{{S}}(?:\s+(?:costs?|runs|averages|comes\s+(?:to|in\s+at))|{_IS}){_DEGREE}"
            rf"\s+(?:more\s+than|over|above)\s+{_AMOUNT}(?!\s?(?:{_DISTANCE_UNITS})\b)",
        ),
        ("more", "over", "above"),
        _over_budget,
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
        ("km", "kilomet", "mi", "metre", "meter"),
        _beyond_limit,
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
    scanned once (each alternative as group ``f<frame>_<alternative>``, the subject's groups
    of the others numbered alike)."""
    led, free = [], []
    for index in frames:
        for at, pattern in enumerate(_FRAMES[index].patterns):
            if pattern.startswith("{S}"):
                led.append(f"(?P<f{index}_{at}>{pattern.removeprefix('{S}')})")
            else:
                numbered = _SUBJECT_GROUP.sub(rf"(?P<\g<1>_{index}_{at}>", pattern)
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
_SUBJECT_GROUP = re.compile(r"\(\?P<(own|back|there)>")
"""The subject's groups, numbered per alternative (a name may stand once in a pattern)."""


def _frame(match: re.Match[str]) -> _Frame:
    """The frame whose alternative ``match`` is (its group ``f<frame>_<alternative>``, the
    last to close)."""
    return _FRAMES[int((match.lastgroup or "f0").split("_")[0][1:])]


def _back(match: re.Match[str]) -> int | None:
    """Where the word for the restaurant named last stands in ``match``, if it is the
    subject."""
    for name, value in match.groupdict().items():
        if value is not None and name.startswith(("back", "there")):
            return match.start(name)
    return None


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
        Broken(match, _back(match))
        for match in pattern.finditer(folded)
        if _frame(match).stands(match, needs)
    ]
