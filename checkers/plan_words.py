"""The words an answer uses to take back, deny, correct or add to its own plan.

One vocabulary for every domain, matched on :func:`checkers.text.fold_lower` text; a domain adds
only the nouns its plan goes by (:func:`compiled`). :mod:`checkers.final_word` reads a text with
these words and says what the answer does to its plan; the meaning of each group is stated
there.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache

BASE_NOUNS = ("plan", "booking", "reservation", "option", "choice", "proposal", "time", "slot")
"""Nouns any domain's plan goes by; a domain adds its own."""


NEG = r"(?:\bnot\b|n't\b|\bnever\b|\bcannot\b|\bno longer\b)"
ACTION = (
    r"(?:book(?:s|ed|ing)?|reserv(?:e|es|ed|ing)|schedul(?:e|es|ed|ing)|confirm(?:s|ed|ing)?"
    r"|proceed(?:s|ed|ing)?|recommend(?:s|ed|ing)?|suggest(?:s|ed|ing)?|propos(?:e|es|ed|ing)"
    r"|choose|chose|chosen|choosing|pick(?:s|ed|ing)?|select(?:s|ed|ing)?"
    r"|seat(?:s|ed|ing)?|accommodat(?:e|es|ed|ing)|host(?:s|ed|ing)?"
    r"|(?:fit|take|squeeze) (?:us|you|them|everyone|the group|our group|a group|a party|six"
    r"|\d+|all)\b)"
)
"""Verbs that commit to a plan, as verbs only ("reservations" is a noun: "doesn't take
reservations for groups over 8" is a fact about the restaurant)."""
STATE = (
    r"(?:work\w*|happen\w*|valid|possible|feasible|available|suit(?:s|ed|able)?|final"
    r"|an option|make it|made it|fly|pan out|cut it)"
)
NEGATED = re.compile(
    rf"{NEG}(?:\s+\w+){{0,3}}?\s+(?:be\s+)?\b(?:(?P<action>{ACTION})|(?P<state>{STATE}))\b"
)
"""A commitment negated: an action ("did not book", "couldn't reserve") or a state ("is not
available", "won't work", and its idioms: "won't fly", "doesn't cut it"). Said of the plan, it
denies the plan."""
FIRST_PERSON = re.compile(r"\b(?:we|i|i'm|we're|we've|i've|we'd|i'd|us)\b")
OUR_SUBJECT = re.compile(
    r"\b(?:we|we're|we've|we'd|we'll|us|our (?:booking|reservation|table|request|hold|spot))"
    r"(?:\s+#?[\w']+){0,3}\s*$"
)
"""The party itself, a few words before a state ("we're waitlisted", "they put us on the
waitlist", "we're #4 on the waitlist", "our booking was declined"): a booking state said of it
is the plan's."""
BOOKING_STATE = re.compile(
    r"(?:on (?:the |a )?wait-?(?:ing )?list|wait-?listed|cancel+ed|rejected|declined|denied"
    r"|refused|unsuccessful|fell through|(?:didn't|did not) go through|fail(?:s|ed))"
)
"""The states of :data:`BAD_STATE` that only a booking can be in: said of the party
(:data:`OUR_SUBJECT`) they deny the plan."""
CONDITION_BEFORE = re.compile(r"\b(?:if|unless|in case|should|whether|once|when|until)\b")
"""A condition word before a state: the state is a case considered ("I'll call if we're
waitlisted"), not a fact."""
OBJECT = re.compile(r"\W*(?:[\w'-]+\W*){0,3}")
PREPOSITION_END = re.compile(r"\b(?:at|in|near|of|from|by|for|to|than|with|on)\s+$")
BUSY_WORDS = r"busy|blocked|occupied|unavailable"
"""Words that say a time is taken: said of the plan they deny it (:data:`BAD_STATE`); said of
a person they are busy time, which a scheduling reader reads as a reason for the slot."""
TOO_TIMING = r"late|early|long|short|tight"
"""What a time can be too much of to work, after "too" ("too late", "too short"): a reason
that rules a time out (:data:`RULED_OUT`)."""
BAD_STATE = re.compile(
    rf"\b(?:{BUSY_WORDS}|impossible|infeasible|unfeasible|invalid"
    r"|taken(?!\s+(?:longer|more|less|much|care|into|a\s+while|place|over|up|away|apart|note"
    r"|seriously|time|hours?|minutes?|a\s+(?:bit|little|lot)))"
    r"|fully booked|booked (?:up|out|solid)|double[- ]booked|sold[- ]out|cancel+ed|a no[- ]go"
    r"|(?:is|are|was|were|'s|'re|be|been) (?:\w+ )?(?:full|closed|off)"
    r"|(?:conflicts?|clash(?:es)?|overlaps?|collides?|coincides?) with"
    r"|fail(?:s|ed)|rejected|declined|denied|refused|unsuccessful|fell through"
    r"|(?:didn't|did not) go through"
    r"|no (?:more )?(?:tables?|availability|room|space|seats?|capacity|openings?|spots?)"
    r"(?: (?:left|available|free|open))?"
    r"|on (?:the |a )?wait-?(?:ing )?list|wait-?listed"
    r"|(?:is|are|was|were|'s|'re|be|been) (?:already )?at capacity|bought out"
    r"|(?:hosting|reserved for|closed for|booked for) (?:a )?private (?:party|event|function))"
    r"\b(?! of\b)"
)
"""What an answer can call its plan that denies it ("blocked", "fully booked", "sold out", "is
off", "they're closed", "on the waitlist", "conflicts with", "at capacity", "bought out",
"hosting a private party"), unless negated ("nobody is busy") or qualified ("a busy
restaurant")."""
ATTRIBUTIVE = re.compile(
    r"(?:\b(?:a|an|the|very|quite|too|less|more|most|so|how|their|his|her|our|your|my|its|any"
    r"|no|some|all|other|whose|avoids?|avoiding|outside|around|between)"
    r"|(?<!\bit)(?<!\bthat)(?<!\bthere)(?<!\bthis)'s|s')\s+$"
)
"""Words before a state word that make it describe a noun ("everyone's busy periods", "a busy
restaurant"), not the plan; "it's" and "that's" are a subject and a verb ("It's fully
booked")."""
STATE_NOUN = re.compile(
    r"\s+(?:periods?|times?|hours?|slots?|blocks?|spans?|days?|mornings?|afternoons?|evenings?"
    r"|nights?|schedules?|calendars?|windows?|meetings?|places?|restaurants?|season|weekends?)\b"
)
"""A noun right after a state word: the state describes it ("busy times"), not the plan."""
STATE_NEGATORS = re.compile(
    r"(?:\bnot\b|n't|\bnever\b|\bno\b|\bnobody\b|\bno one\b|\bnone\b|\bnothing\b|\bneither\b"
    r"|\bwithout\b|\bnor\b)(?:\s+\w+){0,3}\s*$"
)
NOTHING_AFTER = re.compile(r"\s*(?:with|for|by)\s+(?:no\b|nothing|nobody|none|no one)")
TIME_QUALIFIER = re.compile(
    r"(?:\s+\w+){0,3}?\s+(?:(?:before|after|until|till|prior to|earlier than|later than|from)"
    r"\s+\d|on \w*(?:days|weekends|holidays)\b|(?:in the|on|at|for|during) (?:the )?(?:mornings?"
    r"|afternoons?|lunch|lunchtime|weekends?|holidays?)\b)"
)
"""A state limited to other times ("closed before 17:00", "closed on Mondays") is a restriction
that explains the choice, not a denial of the plan."""
WITHDRAW = (
    r"\bscratch (?:that|it|this|all)\b|\bstrike (?:that|it)\b|\bscrap (?:that|it|this|all)\b"
    r"|\bforget (?:it|that|this|about|everything|all)\b|\bnever ?mind\b|\bdisregard\b"
    r"|\bignore (?:it|that|this|my|everything|all|what|the (?:above|previous|last|earlier))\b"
    r"|\btake (?:it|that|this) back\b|\bcancel (?:it|that|this|everything|all)\b"
    r"|\b(?:cancel|skip|scrap|scratch|drop|forget|call off) (?:the |our |my |this |that )?NOUN\b"
    r"|\bskip (?:it|that|this)\b|\bcall(?:ed|ing)? (?:it|that|this|the \w+) off\b"
    r"|\bcalled off\b|\b(?:do not|don't) (?:(?:go|come|show up)\b(?! (?:too )?(?:late|early"
    r"|before|after|until|without|more than|any (?:later|earlier))\b)|(?:book|reserve)\b"
    r"|bother\b(?! (?!(?:go|com|head|show|book|reserv|meet|attend|try)ing\b)\w+ing\b))"
    r"|\blet'?s not\b|\blet us not\b|\bnot going ahead\b"
    r"|\bno longer\b(?! (?:has|have|needs?) to (?!(?:go|come|book|reserve|meet|attend|eat|dine"
    r"|do|make|have|show)\b))"
    r"|\bwithdraw\w*|\bretract\w*|\brescind\w*|\bnull and void\b|\bis void\b"
    r"|\bjust kidding\b|\bkidding\b|\bjk\b|\bnot (?:really|seriously)\b"
)
"""Taking the plan back; ``NOUN`` stands for the plan nouns (see :func:`compiled`). Advice about
the plan is none: how to go ("don't show up late"), something not worth doing ("don't bother
bringing cash"), a need gone ("no longer has to rush"); see also :data:`POSSIBILITY_BEFORE`."""
POSSIBILITY_BEFORE = re.compile(
    r"\b(?:you|they|guests?|we|one|everyone)\s+(?:can|could|may|might|are free to|are able to)"
    r"\s+(?:\w+\s+)?$"
)
"""Words before a withdrawal phrase that make it a possibility the user keeps ("You can cancel
the booking free of charge up to 2 hours before"), not the plan taken back."""
TAKEN_BACK_OBJECT = re.compile(r"\bforget about\b")
"""Withdrawal phrases that take the plan back only when what follows names it ("forget about
it", "forget about Green Fork"), not something else ("forget about parking")."""
CORRECT = re.compile(
    r"\bcorrection\b|\bcorrected\b|\bcorrecting\b|\berrat(?:um|a)\b|\bi meant?\b|\btypo\b"
    r"|(?<!can )(?<!could )(?<!will )(?<!'ll )(?<!to )(?<!should )(?<!would )(?<!might )"
    r"\bmake (?:that|it) (?=\d|at\b|for\b|on\b(?! time\b))|\bmake that\b"
    r"|\b(?:change|switch|move|shift|update|push|bump)(?:d|ed|ing)? (?:it |that |this "
    r"|the \w+ )?to\b|\bon second thoughts?\b|\bwait\s*[,!-]|\bhold on\b|\boops\b"
    r"|\bmy (?:mistake|bad|error)\b|\bor rather\b|^\s*rather\b(?! than\b)|\binstead\s*$"
    r"|^\s*(?:update|edit|revised|revision|amended|amendment)\b|\bscratch that\b"
)
"""Correcting the plan after it was stated."""
RELAXED_TASK = re.compile(
    r"\s*(?:(?:another|other|some other|a different|different|a later|later|an earlier|earlier"
    r"|a new|a bigger|a larger|a higher|a wider|a longer|a more flexible|a less strict|next"
    r"|the following)\b(?:\s+[\w'-]+){0,2}|tomorrow|later|earlier|(?:a |the )?weekends?)"
    r"\s*(?=,?\s*\b(?:or|and|if|so|but|instead|unless|then|when|since|because)\b|[.;:!?()\n]|$)"
)
"""What a move "to" names when it changes the task, not the plan: another day, a later date,
a bigger budget, a different neighbourhood, up to the clause's end ("... or move to another
day."); not a place ("move to the hotel's restaurant tonight")."""
ALTERNATIVE = re.compile(
    r"\balternative(?:ly)?\b|\balternatives\s*(?::|are\b|include)|\bplan [b-z]\b"
    r"|\bback-?up\b|\bfall-?back\b|\bfall back\b|\bsecond (?:choice|option|best|pick)\b"
    r"|\b(?:another|other) (?:option|choice|possibility|pick)\b|\bfailing that\b"
    r"|\bif (?:that|this|it) (?:fails|doesn't work|does not work|is full|falls through"
    r"|is unavailable|is taken|is booked)\b|\bcontingency\b"
    r"|\bor thereabouts\b|\bgive or take\b|\bplus or minus\b|\+/?-\s*\d"
    r"|\b(?:time|timing|start|slot|schedule)(?:\s+is|'s)\s+(?:fairly\s+|pretty\s+|quite\s+"
    r"|somewhat\s+|very\s+)?flexible\b|\bflexible (?:on|about|with) (?:the )?tim(?:e|ing)\b"
    r"|(?<=\d)(?:\s*[ap]\.?m\.?)?-?ish\b"
)
"""Offering another plan; not when negated or limited ("no alternative", "the only option").
A plan's time hedged offers the times around it too ("17:30 or thereabouts", "give or take
half an hour", "the time is flexible", "about 17:30-ish", "\u00b1 15 min")."""
MENU_ALTERNATIVE = re.compile(
    r"(?:\b[a-z]+-(?:free|based|milk|friendly)|\b(?:vegan|vegetarian|veggie|meatless|meat|plant"
    r"|dairy|non-dairy|milk|halal|kosher|lactose|gluten|nut|soy|oat|almond|healthier|lighter"
    r"|low-\w+))\s+alternatives?\b"
    r"|\balternatives?\s+(?:for|to)\s+(?:\w+\s+){0,2}(?:dish|dishes|meal|meals|menu|items?|sauce"
    r"|butter|milk|cheese|cream|meat|dessert|drinks?|ingredients?|sides?)\b"
    r"|\balternative\s+(?:dish|dishes|meal|menu|ingredients?|milk|sauce|sides?)\b"
)
"""An alternative that is a dish or an ingredient ("a dairy-free alternative", "alternatives to
butter"): something on the menu, not another plan."""
ALTERNATIVE_NEGATORS = re.compile(
    r"(?:\bno\b|\bnot\b|n't|\bwithout\b|\bnever\b|\bonly\b|\bnone\b|\bneed\b)(?:\s+\w+){0,2}\s*$"
)
_NOT_AFTER_A_MAYBE = "".join(
    f"(?<!{modal} {also})" for modal in ("could", "might", "can") for also in ("", "also ")
)
"""Not right after "could", "might" or "can" (and "also"): "we could also go to Umi" names a
possibility, which a rejection after it rules out ("..., but Ana cannot eat there")."""
STATES_A_PLAN = re.compile(
    r"\b(?:final (?:answer|plan|choice|pick|decision)|my (?:answer|pick|choice|recommendation)"
    r"|(?:the|our|new|updated|revised) plan(?: is)?|let'?s (?:go|do|book|try|pick|meet)"
    rf"|{_NOT_AFTER_A_MAYBE}go (?:with|for|to)"
    r"|(?:i|we)(?:'d| would| will|'ll)? (?:recommend|suggest|pick|choose|go)"
    r"|(?:i|we)(?:'ll| will| have| just)? (?:book|booked|reserve|reserved|schedule|scheduled)"
    r"|book|reserve)\b"
)
"""Words that state a plan. After the stated plan, such a clause naming another plan's part
("Final answer: r20 at 19:00", "let's go to Umi") offers a second plan."""
REJECTED = re.compile(
    r"\b(?:than|of|over|not|unlike|except|vs|versus|instead of|rather than|skipping|skip)\s+"
    r"(?:\w+\s+){0,2}$"
)
"""Words before another plan's part that reject it ("rather than Ember & Oak", "instead of
r01"): a reason for the stated plan, not a second one."""
REJECTED_BEFORE = re.compile(
    r"\b(?:than|over|not|unlike|except|vs|versus|instead of|rather than|skipping|skip)\s+"
    r"(?:\w+\s+){0,2}$|\bavoid\w*\s+(?:[\w':]+[\s\u2013\u2014-]+){0,3}$"
)
"""Words just before another plan's part that reject it ("rather than 19:00", "over Umi", "avoids
Jerry's 16:00-17:00 block"): as :data:`REJECTED`, without "of" ("the menu of Umi" rejects
nothing)."""
OR_LEAD = re.compile(r"\s*(?:or|and/or|otherwise)\b")
EITHER = re.compile(r"\beither\b")
OR = re.compile(r"\bor\b")
OR_BEFORE = re.compile(r"\bor\s+(?:(?:maybe|perhaps|else|at|even)\s+)?$")
""""or" right before a plan part, maybe with one softening word ("or maybe Umi")."""
TURNED_DOWN = re.compile(r"\b(?:neither|nor|not|no|never|without|rather than|instead of)\b|n't\b")
"""Words in a clause that turn down the plans its "or" joins ("neither Umi or Marigold")."""
NOT_BEFORE = re.compile(r"\bnot\s+(?:at\s+|on\s+)?$")
_COMPARED = (
    r"(?:closer|nearer|cheaper|bigger|larger|quieter|calmer|roomier|shorter|longer|earlier"
    r"|later|more|less)"
)
"""Comparatives before a plan noun ("a closer restaurant", "a shorter slot"): one compared
with the plan."""
NO_PLAN = (
    r"\bno (?!other\b|else\b)(?:\w+ ){0,2}?(?:NOUN)s? (?:\w+ ){0,2}?"
    r"(?:works?|fits?|suits?|satisf\w*|is possible|exists?|is available|is free|will do"
    r"|can be found|for everyone|that works)\b|\bnothing (?:\w+ )?works\b"
    r"|\bnothing (?!else\b|other\b)(?:\w+ )?(?:fits|suits|satisf\w*)\b"
    r"|\bnone (?:of (?:them|these|those|the \w+) )?works?\b"
    r"|\b(?:impossible|unable|not possible) to (?:find|schedule|book|satisfy|plan|meet|fit)\b"
    r"(?! (?:a|an|any|anything|anywhere|one|something|somewhere)\b(?: [\w'-]+){0,3}? "
    rf"(?:{_COMPARED}|other|better|else)\b)"
    r"|\b(?:can't|cannot|couldn't|could not) (?:find|schedule|book) (?:a|any|one) "
    rf"(?:(?!other\b|else\b|better\b|{_COMPARED}\b)\w+ )?(?:NOUN)\b"
    r"(?!s?,? (?:that(?:'s| is| was)? |which "
    r"|with )?(?:\w+er than|closer|nearer|cheaper|better|bigger|larger|quieter|more|less"
    r"|as \w+ as)\b)"
)
"""Saying that no plan works ("no time works", "nothing works"); "no other restaurant works
for Ana" and "I couldn't find a restaurant closer to Mei" or "a closer restaurant" (one
compared with the plan) are reasons for this plan, not claims that none works."""
CONDITION = re.compile(r"^\s*(?:if|unless|in case|should you|provided|whether|as long as)\b")
CONDITION_AT = re.compile(r"\s*(?:if|unless|in case|should you|provided|whether|as long as)\b")
"""As :data:`CONDITION`, matched at a position (a clause's start inside a sentence)."""
CONDITION_END = re.compile(r",|\bthen\b")
INNER_CONDITION = re.compile(
    r"\b(?:if(?! anything\b| only\b)|unless|whether|in case|as long as|provided"
    r"|should (?:you|it|that|this|they|there|anyone|anything|we)\b)\b"
)
"""A condition opening inside a clause, after its first words ("let me know if 17:30 doesn't
work", "tell me in case it's full"); not "if anything" (an aside) or "if only" (a wish)."""
ASKED_BACK = re.compile(
    r"\b(?:let (?:me|us) know|tell (?:me|us)|ping (?:me|us)|shout|give (?:me|us) a shout"
    r"|get back to (?:me|us)|message (?:me|us)|text (?:me|us)|ask (?:me|us))[\s,]*$"
)
"""An ask-back right before a condition ("let me know if it doesn't work"): the user is asked to
report back; the condition offers no plan."""
COUNTERFACTUAL = re.compile(r"\b(?:were|weren't|hadn't|had not|had been)\b")
"""A condition contrary to fact ("if it weren't fully booked", "if they hadn't closed"): it says
what does not hold, so its words are read."""
CLAUSE_CUT = re.compile(
    r"[!?;\n()\[\]{}\"]|\.(?=\s|$)|:(?=\s|$)|,?\s+(?=(?:but|so|because|since|although|though"
    r"|however|whereas|while|which|where|when|and then|then|unless|except)\b)"
)
"""Where a clause ends: sentence ends, colons, semicolons, brackets, quotes, clause words. A
period or colon inside a number ("7.5", "14:30") does not end one."""
DETERMINERS = frozenset(
    {
        *("the", "this", "that", "our", "my", "your", "its", "same"),
        *("skip", "cancel", "scratch", "scrap", "book", "reserve", "schedule", "confirm"),
        *("forget", "drop", "for", "at", "to", "about", "of", "with", "and", "is", "was"),
        *("are", "'s"),
    }
)
"""Words that may stand before a plan noun when it names the stated plan ("the restaurant",
"skip dinner"); any other word before it qualifies it ("the closest restaurant")."""
OWN_SUBJECT = re.compile(
    r"^\W*(?P<det>(?:the|a|an)\s+)?(?P<np>(?:(?!(?:is|are|was|were|gets?|can|may|might|will"
    r"|could|would|tends)\b)[a-z][\w-]*\s+){1,3})(?P<tail>(?:is|are|was|were|gets?|can|may"
    r"|might|will|could|would|tends to)(?:\s+be)?\s+(?:\w+\s+)?)?$"
)
"""A clause's start that is a subject of its own ("the patio is", "street parking is often"):
inside the plan's object such a clause is about that, not the plan. Read by
:func:`checkers.final_word._own_subject`, which sets people and calendars apart."""
COPULA = re.compile(r"(?:is|are|was|were|gets?|can be|may be|might be|will be)\b")
PEOPLE_WORDS = frozenset(
    {
        *("everyone", "everybody", "nobody", "someone", "anyone", "both", "all", "and", "he"),
        *("she", "they", "we", "i", "you", "guest", "guests", "team", "group", "party"),
        *("people", "attendees", "participants", "members", "host", "organizer", "calendar"),
        *("calendars", "schedule", "schedules", "diary"),
    }
)
"""Words of a subject that is a person or a calendar: its bad state ("the team is busy") says
the plan does not work."""
PERSON_STATE = re.compile(r"\W*(?:busy|double|occupied|booked|conflict|clash|overlap|collide)")
"""Bad states said of people or their calendars, never set apart as about something else."""
PRONOUN = re.compile(r"\b(?:it|this|that|which|this one|that one)\b")
THEY = re.compile(r"\bthey\b")
"""The plan's place as a subject of a bad state ("They're fully booked"), unless another plan
was named just before."""
YET = re.compile(r"\byet\b")
ALTERNATIVE_KEYS = frozenset(
    {
        *("alternative", "alternatives", "alt", "alts", "backup", "backups", "fallback"),
        *("fallbacks", "contingency", "instead", "otherwise", "secondary"),
    }
)
ALTERNATIVE_WHOLE_KEYS = frozenset({"options", "choices", "others", "other", "or"})
PLAN_FIELD_WORDS = frozenset(
    {"id", "name", "start", "end", "time", "day", "date", "slot", "restaurant", "venue"}
)
"""Words of a key naming a field of a plan ("restaurant_id", "start_time", "day"): a domain's
reader reads its value and reports a value of the wrong type, so such a key holding a list is
not another plan's key."""
INNER_DOT = (
    r"(?-i:(?<=\d)\.(?=\d)|(?<=\b[aApP])\.(?=\s?[mM]\b)"
    r"|(?:(?<=\b[aApP]\.[mM])|(?<=\b[aApP]\. [mM]))\.(?=\s*[,;:()\[a-z\u2013\u2014-]))"
)
"""A dot that ends no sentence: between digits (a time, "15.00", or a number), inside "a.m." or
"p.m.", or last in one with the sentence going on after it (a word, a comma, a bracket, the dash
of a range: "9 a.m. - 3 p.m."). Case is read as written even in a pattern ignoring case: a
capital after "p.m." opens a new sentence."""
KEY_WORDS = re.compile(r"[a-z]+|[0-9]+[a-z]*")
CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
EMPTY_VALUES = frozenset({"", "none", "n/a", "na", "no", "null", "-"})
PLAN_HOLDS_KEYS = frozenset(
    {
        *("feasible", "available", "valid", "possible", "viable", "suitable", "workable"),
        *("works", "bookable", "satisfied", "ok", "okay", "fits"),
    }
)
"""Words of a key saying the plan holds ("feasible", "works_for_everyone"): false or "no" there
(or true after "not": "not_available") says it does not."""
PLAN_FAILS_KEYS = frozenset(
    {
        *("infeasible", "unavailable", "invalid", "impossible", "unsuitable", "unworkable"),
        *("conflict", "conflicts", "clash", "clashes", "excluded", "excludes", "absent"),
        *("absentees", "missing", "declined", "skipping", "without"),
    }
)
"""Words of a key saying the plan fails, or whom it leaves out ("conflicts", "excluded",
"not_attending" with "not"): any value there that is not empty says so."""
LEFT_OUT_AFTER_NOT = frozenset({"attending", "coming", "invited", "included", "served", "joining"})
"""Words of a key after "not" naming whom the plan leaves out ("not_attending")."""
NO_VALUES = frozenset({"no", "false", "nope", "n", "x", ":x:", "not really"})
"""A value saying no, folded (a cross mark folds to "x" or ":x:")."""
DENYING_STATUSES = frozenset(
    {
        *("infeasible", "not feasible", "unavailable", "not available", "rejected", "declined"),
        *("failed", "cancelled", "canceled", "invalid", "impossible", "full", "fully booked"),
        *("closed", "not possible", "no availability"),
    }
)
"""A plan's status saying it does not hold."""
HOLDS_SAID_NO = re.compile(
    r"\b(?:feasible|available|valid|possible|viable|suitable|workable|bookable"
    r"|works(?: for (?:everyone|all|everybody))?|everyone (?:fits|served|can come|can make it))"
    r"\s*[*_]{0,2}\s*[:=]\s*[*_]{0,2}\s*(?:no|false|nope|:x:|x)(?![\w'])"
)
"""A label of the plan holding answered no ("Feasible: no", "Works for everyone: false", a cross
mark, which folds to "x" or ":x:"), in folded text after the plan."""


# Cue words: a quick test that lets a reader skip a text none of the patterns above can match.
# Every match of each pattern named holds one of its cue words as a plain substring (a test
# draws matches of each pattern and checks), so a text holding none of them holds no match.
DENIAL_CUES = (
    *("no", "n't", "never"),  # NEG, so NEGATED and NOT_BEFORE ("not", "cannot", "no longer")
    *("unavailable", "impossible", "feasible", "invalid", "blocked", "occupied", "taken"),
    *("booked", "sold", "cancel", "busy", "full", "closed", "off", "conflict", "clash"),
    "overlap",
    *("collide", "coincide", "fail", "reject", "declin", "denied", "refus", "unsuccessful"),
    *("fell through", "go through", "wait", "shut", "n/a", "capacity", "bought", "private"),
)
"""Cues of :data:`NEGATED`, :data:`BAD_STATE`, :data:`BARE_STATE`, :data:`NOT_BEFORE` and
:data:`NEGATED_VERB`: what denies a plan."""
AFTER_CUES = (
    # WITHDRAW (whatever the plan nouns)
    *("scratch", "strike", "scrap", "forget", "never", "disregard", "ignore", "take", "cancel"),
    *("skip", "drop", "call", "no", "n't", "withdraw", "retract", "rescind", "void", "kidding"),
    "jk",
    # CORRECT
    *("correct", "errat", "i mean", "typo", "make", "change", "switch", "move", "shift"),
    *("update", "push", "bump", "second", "wait", "hold", "oops", "my ", "rather", "instead"),
    *("edit", "revis", "amend"),
    # NO_PLAN (whatever the plan nouns)
    *("impossible", "unable"),
    # ALTERNATIVE
    *("alternative", "plan ", "back", "fall", "other", "failing", "if ", "contingency"),
    *("thereabouts", "give or take", "plus or minus", "+", "flexible", "ish"),
)
"""Cues of :data:`WITHDRAW`, :data:`CORRECT`, :data:`NO_PLAN` and :data:`ALTERNATIVE`: what
takes back, corrects or adds to a plan, or says none works."""
OR_CUES = ("or", "otherwise", "either")
"""Cues of :data:`OR_LEAD`, :data:`OR_BEFORE` and :data:`EITHER`: another plan joined by
"or"."""
STATING_CUES = (
    *("final", "my ", "plan", "let", "go", "recommend", "suggest", "pick", "choose", "book"),
    *("reserve", "schedule"),
)
"""Cues of :data:`STATES_A_PLAN`: words that state a plan."""


OTHERS_SUBJECT = (
    r"\b(?:other|most|many|several|few|some|all(?: the)?(?: other)?|every other|no other"
    r"|the other|any other)\s+(?:[\w'-]+\s+)?(?:NOUN)(?:s|es)?\b"
    r"|\bnowhere else\b"
)
"""Other plans as a subject ("Other restaurants can't seat six at 17:30", "no other place
is open then"): what is denied of them is a reason for the plan, not a denial of it."""
LATE_WINDOW_CUES = ("from", "after", "only", "not before", "earlier", "starting")
"""Cues of :data:`WINDOW_EDGE`."""
WINDOW_EDGE = re.compile(
    r"\b(?P<edge>from|after|only at|not (?:before|until)|no earlier than|starting(?: at| from)?"
    r"|only from|only after)\s+$"
)
"""Words right before a time that make it the edge of when the plan's place or day can be had
("has tables from 18:00", "only at 19:00")."""
AVAILABILITY = re.compile(
    r"(?:only |just )?(?:(?:has|have|had|got)\s+(?:[\w'-]+\s+){0,2}?(?:tables?|room|space"
    r"|seats?|seating|availability|openings?|slots?|spots?)|(?:is|are|'s|'re|be|was|were)\s+"
    r"(?:only\s+)?(?:open|available|free|bookable)|opens?|(?:can|could|will)\s+(?:only\s+)?"
    r"(?:seat|take|fit|host|accommodate)|seats?|takes?\s+(?:bookings|reservations|groups))\b"
)
"""A predicate saying when the plan's place or day can be had; with a window's edge later than
the plan's start (:data:`WINDOW_EDGE`), it says the plan's time cannot."""


@dataclass(frozen=True)
class CompiledWords:
    """The patterns that hold a domain's plan nouns."""

    withdraw: re.Pattern[str]
    no_plan: re.Pattern[str]
    noun: re.Pattern[str]
    others: re.Pattern[str]
    """Other plans as a subject ("other restaurants", "no other place", "most slots")."""


@lru_cache(maxsize=32)
def compiled(nouns: tuple[str, ...]) -> CompiledWords:
    """The patterns for a domain whose plan also goes by ``nouns`` (lowered)."""
    words = "|".join(re.escape(n) for n in sorted({*BASE_NOUNS, *nouns}, key=len, reverse=True))
    return CompiledWords(
        withdraw=re.compile(WITHDRAW.replace("NOUN", f"(?:{words})")),
        no_plan=re.compile(NO_PLAN.replace("NOUN", f"(?:{words})")),
        noun=re.compile(rf"(?:\b([\w']+) )?\b(?:{words})\b(?![-\w])"),
        others=re.compile(OTHERS_SUBJECT.replace("NOUN", f"(?:{words})")),
    )


# --- another plan named: what rules it out (read by checkers.final_word._other_plans) ------------

NUMBER_WORDS = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
LATER_TIME = re.compile(
    r"\b(?:half an?|an?|a couple of|a few|\d+(?:\.\d+)?|" + NUMBER_WORDS + r")\s+"
    r"(?:hours?|hrs?|minutes?|mins?|days?|weeks?)\s+(?:later|earlier)\b"
    r"|\b(?:an?\s+)?(?:[a-z]+\s+)?(?:later|earlier)\s+(?:start|time|slot|one|meeting|dinner"
    r"|seating|table|reservation|booking|date|day|session|call)s?\b"
    r"|\b(?:a (?:bit|little|tad)|slightly|somewhat)\s+(?:later|earlier)\b"
)
"""A time said relative to the plan ("an hour later", "a later start"); every match holds
"later" or "earlier" (a reader looks for those first: the pattern is slow on long text)."""
WORD_TIME = re.compile(
    r"at(?<![a-z0-9]at)\s+" + NUMBER_WORDS + r"(?:\s+o'?clock|\s?[ap]\.?\s?m\b\.?|\s+thirty)?\b"
    r"(?!\s+(?:of\b|[a-z]+s\b))"
)
"""A time in words ("at three", "at seven o'clock"), not a count ("at three places")."""
SHIFTED_TIME = re.compile(
    r"\b(?:slid(?:e|ing)|shift(?:ing)?|push(?:ing)?|mov(?:e|ing)|bump(?:ing)?)\s+"
    r"(?:it|this|that|things|the (?:meeting|call|slot|start|booking|reservation|dinner))\s+"
    r"(?:(?:back|forward|up|down|later|earlier)\s+)?by\s+(?:half an? hour|an? hour|(?:\d+|"
    + NUMBER_WORDS
    + r")\s*(?:hours?|hrs?|minutes?|mins?))\b"
)
"""A time said as the plan moved ("sliding it by 30 minutes"), in the forms that offer a move,
not the past tense that explains the plan's own ("I moved it by an hour"); every match holds
"by" (a reader looks for it first: the pattern is tried at every word)."""
RELATIVE_TIME = re.compile(f"{LATER_TIME.pattern}|{WORD_TIME.pattern}|{SHIFTED_TIME.pattern}")
"""Another plan's time whatever the domain's own finder reads: :data:`LATER_TIME`,
:data:`WORD_TIME` or :data:`SHIFTED_TIME`."""
# What may follow an hour said bare ("at 6", "around six") for it to be a time: the sentence
# goes on as about a time ("at 6 works", "around six, if"), not a count ("at 6 km", "about
# one thing", "around five-minute walk").
_TIME_ENDS_HERE = (
    r"(?=\s*(?:[.,;:!?)]|$|(?:works?|would|could|is|also|too|as|then|tonight|today|tomorrow"
    r"|instead|or|and|if|might|should|will|sharp|pm|am)\b))"
)
SPOKEN_HOUR = re.compile(
    r"\b(?:" + NUMBER_WORDS + r"|\d{1,2})\s+o'?clock\b"
    r"|\b(?:(?<=at )|(?<=go )|(?<=meet )|(?<=start )|(?<=come )|(?<=eat ))(?:around|about)\s+"
    + NUMBER_WORDS
    + r"\b"
    + _TIME_ENDS_HERE
    + r"|\b(?:around|about)\s+"
    + NUMBER_WORDS
    + r"(?=\s+(?:works?|would|could|also|too|instead|tonight|today|tomorrow|sharp|pm|am)\b)"
    + r"|(?:(?<=also do )|(?<=could do )|(?<=let's say ))"
    + NUMBER_WORDS
    + r"\b"
    + _TIME_ENDS_HERE
)
"""An hour said in words ("six o'clock", "around six works", "go around six", "we could also
do three"), not a count
("about six of us", "we are around six", "seats about twelve, so"). Every match holds one of
:data:`SPOKEN_HOUR_CUES` (a reader looks for them first: the pattern is tried at every word)."""
SPOKEN_HOUR_CUES = ("clock", "around", "about", "do ", "say ")
# The patterns below start with a digit, their look-behind after it, so that the search skips
# to digits at C speed (as a pattern opening with a look-behind or a word boundary cannot).
BARE_HOUR = re.compile(
    r"(\d(?:(?<=\bat \d)|(?<=\baround \d)|(?<=\babout \d)|(?<=\balso do \d)|(?<=\bcould do \d)"
    r"|(?<=\blet's say \d)|(?<=\bshall we say \d))\d?)(?!\d|[:.,]\d)(?!\s?[ap]\.?\s?m\b)"
    + _TIME_ENDS_HERE
)
"""An hour said as a bare number after "at" ("at 6"), or offered as one ("We could also do
3.", "let's say 7"), its hour in group 1; not a count or a measure ("at 6 km", "at 4 stars",
"we could do 3 of them")."""
H_NOTATION = re.compile(r"(\d(?<!\w\d)\d?)h(\d{2})\b")
"""A clock time written the French way ("18h00"), hour and minutes in groups 1 and 2."""
H_NOTATION_CUE = re.compile(r"h\d")
"""What every match of :data:`H_NOTATION` holds: an "h" before a digit. Its search skips to
each "h" at C speed (the letter opens it); the pattern itself is tried at every digit of an
answer full of prices, some 50 us on 400 characters."""
MERIDIEM_TIME = re.compile(r"(\d(?<![\d:]\d)\d?)(?::(\d{2}))?\s?([ap])\.?\s?m\b\.?")
"""A 12-hour clock time ("6 pm", "5:30 p.m."), read as the 24-hour time it names."""
MERIDIEM_CUE = re.compile(r"m(?:(?<=[ap]m)|(?<=[ap]\.m)|(?<=[ap]\sm)|(?<=[ap]\.\sm))\b")
"""What every match of :data:`MERIDIEM_TIME` holds: an "m" ending a word after "a" or "p", a
dot and a space between allowed ("pm", "p.m", "a m"). Its search skips to each "m" at C speed;
the pattern itself is tried at every digit, some 60 us on an answer of 400 characters."""
TIME_LIKE = re.compile(
    r"\d{1,2}(?:[:.h]\d{2})?\s*(?:[ap]\.?\s?m\.?)?|noon|midnight|midday|"
    + RELATIVE_TIME.pattern
    + "|"
    + SPOKEN_HOUR.pattern
)
"""A mention that is a time (a bound or an arrival hint may qualify it), not a place or day."""
STRONG_BOUND = re.compile(
    r"\b(?:until|till|til|by|before|ends?|ending|ended|finish(?:es|ed|ing)?|latest|leaves?"
    r"|leaving|closes?|closing|shuts?|deadline|cut-?off|than|stops?|done"
    r"|(?:gets?|got|getting) (?:off|out of)|(?:clocks?|clocked|logs?|logged) (?:off|out)"
    r"|(?:signs?|signed) off|(?:heads?|headed|heading) (?:home|out)|goes home"
    r"|(?:leaves?|leaving|left) (?:the office|work|for the day))"
    r"\s+(?:[\w'&]+\s+){0,2}$"
    r"|\b(?:(?:opening )?hours|open(?:s|ing)? (?:daily|all day|every day|today|tonight))"
    r"\s*[:(]?\s*(?:from\s+)?$"
    r"|\b(?:done|wrap(?:s|ped|ping)? up|(?:is|be) over|ends?|finish(?:es|ed)?)\b"
    r"(?:[\s,']+(?!(?:so|and|but|or|which|then|because|since|hence|thus|therefore|meaning)\b)"
    r"[^\W\d]+){0,6}[\s,']*$"
)
"""Words before a time that make it a limit ("free until 21:00", "fills up by 18:30", "dinner
ends 19:30", "a hard stop at 21:00", "Hours: 08:00-21:00", "wraps up two hours later, at
19:30", someone's stop: "gets off work at 17:00", "leaves the office at 17:00"): a constraint or the
end of the plan, never a plan's start. An end reaches its time over words, but not over another
time or into the next clause: "ends at 5 pm, so 5 pm works as well" and "the class ends, so
18:00 works too" offer the time after "so"."""
_FINE_TOO = (
    r"(?:works?|suits?|fits?|do|(?:is|be) (?:fine|good|ok(?:ay)?|possible|available|an option))"
)
OFFERED_AFTER = re.compile(
    r"(?:\s?[ap]\.?\s?m\b\.?)?"
    r"(?:\s*,?\s*(?:which|that|and that|and it|it)\s+(?:(?:would|could|will|should|can|might)\s+)?"
    rf"(?:also\s+{_FINE_TOO}|is also (?:fine|good|ok(?:ay)?|possible|available|an option)"
    rf"|{_FINE_TOO}\s+(?:too|as well))"
    r"|\s+(?:also|too|as well)\s+(?:works?|suits?)\b)",
    re.I,
)
"""Words right after a time that offer it too ("ends at 17:00, which also works", "..., and
that works too", "which would also work", "which is also fine"): a time so offered is no limit
and is ruled out by no word before it, whatever bound or rejection precedes it. "Also" or "too"
is needed: "ends at 17:00, which works with the 17:30 start" explains the plan."""
WEAK_BOUND = re.compile(r"\b(?:after|from|between|opens?|opening|past)\s+(?:[\w'&]+\s+){0,2}$")
"""Words before a time that make it the edge of a window ("open from 17:00", "free after his
11:30 block"); a limit only in a sentence with no word of :data:`OFFERING`."""
REQUESTED = re.compile(
    r"\b(?:asked for|asked about|wanted|requested|request(?:ed)?|requests?|had in mind"
    r"|hoped for|originally|initially|(?:you|they|we) said)\b[^.!?\n]{0,30}$"
)
"""Words before a time that make it the one the user asked for, restated to explain the plan
("You asked for 19:30, but ...", "**Your request:** 6 people, 19:30", ``"requested_time"``):
no plan's."""
REQUESTED_AFTER = re.compile(
    r"\s*[(,\u2014-]?\s*(?:as |which )?(?:(?:your|the|their|our) )?(?:original |initial )?"
    r"(?:request|ask)(?:ed)?\b"
    r"|\s*,?\s*(?:is|was|being|which is|which was) (?:what|the time|the one|exactly what) "
    r"(?:you|they|the group|everyone) (?:asked for|requested|wanted|had in mind)"
)
"""Words right after a time that make it the requested one ("19:30 (your original request)",
"Ember & Oak at 19:30 is what you asked for")."""
RANGE_JOIN = re.compile(r"(?:\s?[ap]\.?\s?m\b\.?)?\s*(?:-|\u2013|\u2014|to|until|till|and)\s*$")
"""What joins the two ends of a window ("from 11:30 to 14:30", "between 9:00 and 10:00", "8:00
AM to 9:00 PM")."""
RANGE_JOINER = r"(?:-|\u2013|\u2014|to|until|till|-?>|=>)"
"""A word or mark joining a range's two ends, "and" aside ("17:30 - 19:30", "11:30 -> 14:30";
folding reads an arrow as ">")."""
OWN_RANGE_JOIN = re.compile(rf"\s*{RANGE_JOINER}\s*$")
"""What joins the plan's own time to the end of its range ("17:30 - 19:30"); not "and"
("17:30 and 18:00" are two times)."""
OFFERING = re.compile(
    r"\b(?:works?|fine|good|great|ok|okay|also|too|as well|possible|option|alternative"
    r"|instead|prefer\w*|better|either|could|would(?! have))\b"
)
"""Words that offer a window as a plan ("after 18:00 also works")."""
RULED_OUT = re.compile(
    r"\b(?:not|never|cannot|no(?! (?:problem|worries|need|doubt|issue)s?\b)|none|nothing"
    r"|nobody|neither|nor|without|lacks?|lacking|unable|fails?|failed|unlike|except"
    r"|instead of|rather than|versus|vs|compared|ruled? out|rules out|excluded?|excluding"
    r"|eliminat\w*|reject\w*|(?:skip\w*|avoid\w*) (?:it|them|that|this|there)|allerg\w*"
    rf"|intoleran\w*|farther|further away|too (?:{TOO_TIMING}|far|expensive|pricey|costly|small"
    r"|busy|crowded|loud|noisy|much|many|few|spicy|distant|rushed)"
    r"|(?:exceeds?|exceeding|beyond|outside|over|above|past) (?:of )?(?:\w+'s |her |his |their "
    r"|the |our |your |my |a |any )?"
    r"(?:[$\u20ac\u00a3]?\d+(?:\.\d+)? ?(?:km |mi |miles? |minutes? )?)?"
    r"(?:limit|budget|max\w*|range|radius|price range|cap|ceiling)|pricier|costlier"
    r"|more expensive|(?:is|are|'s) out(?! of)|no-go|conflicts?|clash\w*"
    r"|(?:left|leaves?|leaving) out|leave (?:\w+ )?out"
    r"|only (?:opens|serves|has|takes|seats|fits|does|open))\b|n't\b"
    # A cross mark as checkers.text.fold_lower leaves it: ✗ and ✘ become a bare "x" (read
    # only as a word of its own, not in "2 x 3"), ❌ ✖ ❎ ⛔ 🚫 their emoji names.
    r"|:(?:x|heavy_multiplication_x|negative_squared_cross_mark|no_entry(?:_sign)?):"
    r"|(?<![a-z0-9:])(?<!\d )x(?![a-z0-9:])(?! ?\d)"
)
"""Words in a clause (or what follows it in its sentence) that rule out the other plan it
names: a negation, a comparison against it, a reason it fails ("Umi is closer but has no vegan
dishes", "unlike Marigold", "too far", a cross mark in a table)."""
DRAWBACK = re.compile(
    r"\b(?:\d+(?:\.\d+)? ?(?:km|kilometers?|kilometres?|mi|miles?)|km|miles?)\b"
    r"|(?<!so )(?<!by )(?<!as )\bfar\b(?! (?:better|more|less|nicer|cheaper|superior))"
    r"|\b(?:closes|closing|shuts?|shutting|closed)\b|\bcontains?\b|\bcontaining\b"
    r"|\bin (?:every|each|all(?: the| its| their)?|most(?: of (?:the|its|their))?)"
    r" (?:dish|item|meal|plate|course)e?s?\b|\bpric(?:ey|ier|e)\b|\bexpensive\b|\bbudget\b"
)
"""Facts that rule out the other plan named only when said against it, after a contrast
("Marigold is also vegan-friendly but 12 km away", "Ember & Oak \u2014 butter in every dish");
elsewhere they are its details ("Umi at 18:00 works too (it closes at 22:30)", "Umi is 2 km
away")."""
CLOSING = re.compile(r"\b(?:closes|closing|shuts?|shutting|closed)\b")
"""A closing time: in a sentence that offers nothing it rules out the plan named ("Katz & Rye
shuts at 20:00.")."""
NOT_A_REJECTION = re.compile(
    r"(?:\bnot\b|n't|\bno\b|\bnever\b|\bnothing\b|\bnone\b|\bnobody\b|\bwithout\b)"
    r"(?:\s+[\w']+){0,3}?\s+(?:wrong|bad|worse|left out|rule (?:it |them |that |this )?out"
    r"|ruled out|exclud\w*|problems?|issues?|worr\w*|conflicts?|complaints?|downsides?"
    r"|concerns?|risk|harm|trouble|mistake|fuss|hassle|catch|clash\w*)\b"
    r"|\b[a-z]+-(?:friendly|free|safe)\b"
    r"|(?:\bnot|n't) (?:my|our|the) (?:first|top|number one|#1) (?:pick|choice)\b"
)
"""A rejecting word in praise or a mild preference ("no one is left out", "can't go wrong",
"not a bad backup", "allergy-friendly", "conflict-free", "not my first pick"): it does not rule
the other plan out."""
NEGATIVE_SUGGESTION = re.compile(
    r"\s*(?:(?:and|or|so|then|well|otherwise)\s*,?\s+)?"
    r"(?:why\s+(?:not|(?:do|does|would|wo|should|ca|could)n't"
    r"|(?:do|does|would|will|should|can|could)\s+(?:we|you|it|that|this|there|they)\s+not)"
    r"|(?:do|does|would|wo|is|are|could|ca|should)n't\b(?:\s+you\s+(?:think|say|agree))?"
    r"|(?:do|does|would|will|is|are|could|can|should)\s+(?:we|you|it|that|this|there|they)"
    r"\s+not)\b"
)
"""The opening of a suggestion put as a negative question ("Why not Umi at 18:00?", "Why
don't we try 18:00?", "Wouldn't 18:00 be nicer?", "Isn't 18:00 better?", "Couldn't we do
18:00?", "Don't you think 18:00 is better?"): in a sentence ending in "?", its negation asks
for agreement and rules nothing out, so a plan part named there is offered unless other words
rule it out ("Isn't 19:30 too late for José?")."""
CONTRAST = re.compile(
    r"\s*(?:but|though|although|however|except|yet|whereas|sadly|unfortunately|only|which"
    r"|whose)\b"
)
"""Words that open a clause saying something against what came before it, or about the part
just named ("r01 also, which Mei is allergic to")."""
COMMITMENT = re.compile(
    r"(?:\b(?:has|had)\s+an?|'s|\b(?:his|her|their))\s+(?:[\w-]+\s+)?"
    r"(?:call|meeting|appointment|stand-?up|interview)s?\b"
)
"""A person's commitment ("Dylan has a call at 13:30", "Jerry's next meeting is at 16:00"):
busy time, so a time named in its clause is ruled out; never "our meeting" or "have a meeting"
(the plan itself)."""
_LISTED_CLOCK = r"\d{1,2}(?::\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?"
_LISTED_SPAN = rf"{_LISTED_CLOCK}(?:\s*{RANGE_JOINER}\s*{_LISTED_CLOCK})?"
"""A time or a range in a list. A space is read as part of a time only before am/pm, so each
space or mark of a list is read one way only and a long list that fails to match fails in
linear time (a clock that took the spaces after it too took seconds to fail at a few times)."""
TIME_LIST_ITEM = re.compile(
    rf"\s*(?:and\s+)?{_LISTED_SPAN}(?:\s+and\s+{_LISTED_SPAN})*(?:\s*{RANGE_JOINER})?\s*[,.]?\s*"
)
"""A segment that is only more times of a list ("..., 11:30-14:30 and 16:00-17:00", "11:30 ->
14:30"): it goes on with what the segment before it says of them ("Jerry is busy 9:00-11:00,
..."). It may end in a range's join, the range's end standing in the next segment (a spaced
dash cuts a segment: ", 16:30 - " then "17:30")."""
TIME_LIST = re.compile(
    rf"\s*(?:and\s+)?{_LISTED_SPAN}(?:(?:\s*[,.]\s*|\s+)(?:and\s+)?{_LISTED_SPAN})*\s*[,.]?\s*"
)
"""Nothing but a list of times and ranges ("9:00 - 11:00, 11:30 -> 14:30 and 16:00")."""
CONTRAST_CUT = re.compile(r"[\u2014\u2013:]|\s-\s")
"""A dash or a colon before a clause: what follows it is said against what came before."""
CHECK_CELL = re.compile(r"\s*(?:v|:white_check_mark:|:heavy_check_mark:)(?![a-z0-9_])")
"""A check mark opening a segment (a table cell: "| \u2713 all |"): the row offers its plan."""
CROSS = re.compile(
    r":(?:x|heavy_multiplication_x|negative_squared_cross_mark|no_entry(?:_sign)?):"
    r"|(?<![a-z0-9:])(?<!\d )x(?![a-z0-9:])(?! ?\d)"
)
"""A cross mark as :func:`checkers.text.fold_lower` leaves it (a bare "x" for \u2717 and \u2718,
emoji names for the others): in a table row it rules the row's plan out wherever it stands."""
PRONOUN_SUBJECT = re.compile(r"\s*(?:it|that|they|this(?: one)?|that one)\b")
"""A sentence opening with a pronoun: its subject is the plan named just before."""
NARRATED = re.compile(
    r"\b(?:considered|looked (?:at|into)|checked|(?:first|initial) (?:thought|idea|instinct)"
    r"|thought (?:about|of)|tried|explored|went through|compared|at first|initially|first)\b"
)
"""Words of process narration before the plan ("I first considered Umi at 18:00", "Umi at
18:00 was my first thought"): the agent tells what it weighed, not what it offers."""
RECOMMENDING = re.compile(
    r"\b(?:recommend\w*|suggest\w*|propos\w*|best|top(?!-)|pick|choice|prefer\w*|go (?:with|for)"
    r"|winner|works? too|also (?:work|fit|suit|do)\w*|would (?:also )?(?:work|do)|equally)\b|\*\*"
)
"""Words that offer a plan even in narration ("I looked at Umi, and I'd recommend it")."""
REFERRING_OPENER = re.compile(
    r"\s*(?:it|that|they|this(?: one)?|that one|both(?: of them)?|neither(?: of them)?"
    r"|none of them|either|all of them|too|not|no|nothing|over|outside|way)\b"
)
"""How a sentence opens when it speaks of the plan just named: a pronoun ("Both fail
someone"), or a rejection with no subject ("Too far for Mei.")."""
CONTRAST_OPENER = re.compile(r"\s*(?:unfortunately|however|sadly|alas|but|though|that said)\b")
"""A sentence opening against what the one before said ("Unfortunately it is 4.5 km from
Mei.")."""
TURN_OF_DISCOVERY = re.compile(
    r"\b(?:until|till|but then|then) (?:i|we) (?:checked|saw|noticed|reali[sz]ed|found"
    r"|learn(?:ed|t)|remembered|looked|read|spotted|double-checked)\b"
)
"""The agent's discovery that turned it away ("... was my first thought, until I checked Mei's
distance")."""
COUNTERFACTUAL_WISH = re.compile(
    r"\b(?:would|'d)\b[^.;:!?]{0,60}?\bif (?!(?:you|we)\b)[^,.;:!?]{0,40}?"
    r"\b(?:could|couldn't|could not|didn't|did not|hadn't|had not|weren't|were not|wasn't"
    r"|was not|had to)\b"
)
"""A wish contrary to fact ("Marigold at 19:00 would be lovely if José could stay later"): the
plan does not hold, as the condition does not."""
BOOKED_OUT = re.compile(
    r"\b(?:is|are|was|were|'s|'re) (?:all |already |completely |totally )?booked\b"
    r"(?! (?:for|in) (?:you|us|your))"
)
"""Another plan said to be booked ("Ember & Oak and Marigold are booked at 19:30"): taken by
others, not a plan for the user."""
PRAISE_BY_COMPARISON = re.compile(
    r"\b(?:no|nobody|nothing|none|no one|nowhere)\b(?:\s+[\w']+){0,2}?\s+(?:else\b|comes? close"
    r"|compares?|beats?|matches|tops?)|\b(?:hard|can't|cannot|impossible) to beat\b"
)
"""A negation that praises by comparison ("Nobody else comes close", "hard to beat"): no
rejection of the plan just named."""
FAILS = re.compile(r"\bfail(?:s|ed|ing)?\b")
"""A plan said to fail ("Both fail someone"): a denial, as a bad state is."""
SENTENCE_CUT = re.compile(r"[!?;\n]|\.(?=\s|$)")
SCOPE_CUT = re.compile(
    CLAUSE_CUT.pattern + r"|,|\||\s[\u2014\u2013-]\s|\u2014|\s+(?=(?:if|in case|provided)\b)"
)
STRUCK = re.compile(r"~~[^~\n]*~~")
"""Struck-through text: what the answer crossed out."""
ARRIVAL_HINT = re.compile(
    r"\b(?:arriv\w*|get(?:ting)? there|be there|show(?:ing)? up|head(?:ing)? (?:over|out)"
    r"|leav(?:e|ing)|com(?:e|ing))\b"
)
ARRIVAL = re.compile(r"\barrival\b")
"""The arrival named as such ("arrival time", an ``arrival_time`` key): in a sentence offering
nothing, its time is when to get there, no plan's."""
EARLY = re.compile(r"\b(?:early|earlier|ahead|beforehand|before)\b")
"""With :data:`ARRIVAL_HINT` in a sentence: advice to arrive early, whose time is no plan."""
STATING_BEFORE = re.compile(
    STATES_A_PLAN.pattern + r"|\boption [a-z0-9]\b|\brecommend\w*|\bsuggest\w*|\bpropos\w*"
    r"|\bbest (?:bet|option|choice|pick)\b|\btop (?:pick|choice)\b|\bprefer\w*|\bhow about\b"
    r"|\bwhat about\b|\*\*|\balso (?:work|fit|suit|do)\w*|\bworks? too\b|\bequally\b"
    r"|\bas well\b|\b(?:would|could) (?:also )?(?:work|do|go)\b"
    r"|\beither (?:one|slot|time|option|place|restaurant|works|is|would|of)\b|\bpick either\b"
    r"|\bboth (?:\w+ )?(?:work|fit|suit|are (?:fine|good|great|ok|okay))\b|\bwhichever\b"
    r"|\bpick (?:one|any)\b|\byour (?:choice|call|pick)\b|\bup to you\b"
)
"""Before the plan: words that state or offer a plan in a sentence (also a question, a table
row, bold text), or leave the choice of two to the user ("Either slot works", "Both Umi and
Green Fork work, pick either", "your call"); naming another plan's part there offers a second
plan."""
OFFER = re.compile(
    r"\b(?:let me know if you(?:'d| would)? (?:like|want|need|prefer)"
    r"|(?:i|we)(?:'ll| will| can| could|'d be happy to| would be happy to|'m happy to"
    r"| am happy to) (?:also |gladly )?(?:find|look|search|suggest|check|come up with|hunt"
    r"|propose|dig|explore|pull)|(?:want|like) me to (?:find|look|search|suggest|check))\b"
)
"""An offer to look for another plan, naming none ("let me know if you want a backup option",
"I can look for another slot"): no plan."""
NO_PLAN_CUES = ("no", "n't", "impossible", "unable")
"""Cues of :data:`NO_PLAN` (whatever the plan nouns): "no", "nothing", "none", "cannot"."""


# --- a negated predicate: read by checkers.final_word._negated_predicate -------------------------

NEGATED_VERB = re.compile(
    r"\b(?:(?P<aux>is|are|was|were|am|do|does|did|ca|can|could|wo|will|would|should|shall|must"
    r"|may|might)(?:n't|\s+not)\b|(?P<cannot>cannot)\b|(?P<clitic>'s|'re|'m)\s+not\b)"
)
"""A verb negated by its auxiliary ("isn't", "can't", "won't", "does not", "cannot", "they're
not"); not "never" or "hasn't" (which say what has not happened so far: "Ana has never eaten
there"). Said of the plan with nothing but the plan after it, it denies the plan."""
BE_FORMS = frozenset({"is", "are", "was", "were", "am", "'s", "'re", "'m", "be", "been", "being"})
"""A negated auxiliary or a filler that makes the predicate a state ("isn't open", "won't be
available"): its word after the filler must say the plan can be had (:data:`AVAILABLE`)."""
PREDICATE_FILLER = frozenset(
    {
        *("be", "been", "being", "able", "to", "going", "really", "actually", "currently"),
        *("usually", "always", "even", "exactly", "quite", "likely", "probably", "possibly"),
        *("a", "an", "any", "enough"),
    }
)
"""Words between the negation and the predicate's head ("can't really seat", "won't be able to
make", "isn't a table")."""
AVAILABLE = frozenset(
    {
        *("open", "free", "available", "bookable", "possible", "feasible", "doable", "happening"),
        *("confirmed", "guaranteed", "accepted", "secured", "held", "reserved", "booked", "valid"),
        *("suitable", "on", "option", "go", "table", "tables", "room", "space", "seat", "seats"),
        *("availability", "capacity", "opening", "openings", "spot", "spots", "slot", "slots"),
    }
)
"""What a state predicate must say for its negation to deny the plan ("isn't open", "isn't
available", "there isn't room"): any other quality negated is a fact about the plan ("isn't
far", "isn't the closest", "17:30 isn't too early")."""
RESOURCE = frozenset(
    {
        *("table", "tables", "room", "space", "seat", "seats", "availability", "capacity"),
        *("opening", "openings", "spot", "spots", "slot", "slots"),
    }
)
"""What a plan needs that a place or a calendar has: "doesn't have a table for us" denies the
plan, "Jerry doesn't have a meeting at 14:30" says he is free."""
PRAISED_WHEN_NEGATED = re.compile(
    r"(?:mind|need|must|worr|regret|rush|hurr|wait|disappoint|matter|hurt|bother|miss|forget"
    r"|lose|overlap|clash|conflict|interfer|exceed|fail|affect|delay|stop|keep|limit|restrict"
    r"|exclud|leav|stress|inconvenienc|burden|collid|coincid|troubl|run|break|cost|charg"
    r"|requir|late|early)\w*"
)
"""Heads whose negation reassures ("won't mind 17:30", "doesn't need a reservation", "won't
rush anyone", "won't clash with the meeting"): no denial."""
NEGATED_PRAISE = re.compile(
    rf"(?:{NEG}|\bno(?:body| one)\b)(?:\s+[\w']+){{0,2}}?\s+(?:be\s+)?"
    rf"\b{PRAISED_WHEN_NEGATED.pattern}"
)
"""A negation that reassures ("You won't regret it", "Nobody will be disappointed"): praise of
the plan just named, no rejection of it."""
PLAN_TALK = frozenset(
    {
        *("at", "on", "in", "for", "to", "by", "of", "with", "into", "the", "a", "an", "this"),
        *("that", "these", "those", "our", "your", "their", "its", "my", "any", "all", "both"),
        *("whole", "entire", "then", "there", "here", "tonight", "today", "tomorrow"),
        *("evening", "night", "time", "now", "anymore", "longer", "again", "us", "you", "them"),
        *("me", "him", "her", "everyone", "everybody", "anyone", "anybody", "group", "groups"),
        *("party", "parties", "people", "persons", "guests", "diners", "pax", "size"),
        *("together", "it", "one", "one's", "ones"),
    }
)
"""Words of a predicate that say only where, when or for whom the plan is ("at 17:30", "for
us", "groups of six", "tonight"): a negated predicate holding nothing else says the plan does
not happen ("Green Fork doesn't take groups of six"); one holding anything else is a fact about
the plan ("doesn't serve meat", "isn't far from anyone")."""
PREDICATE_END = re.compile(
    r"[,;|()]|:(?=\s|$)|\s[\u2014\u2013-]\s|\u2014|\s(?:and|or|but|so|because|since|as|unless|if|when"
    r"|while|which|who|where|though|although)\b"
)
"""Where a predicate ends: a comma, a dash, a clause word."""
ADDITIVE_AFTER = re.compile(r"\s+(?:only|just|merely|simply)\b")
"""A negation that adds rather than denies ("not only open at 17:30 but ...")."""
NEGATIVE_BEFORE = re.compile(
    r"\b(?:not|never|no|nobody|no one|none|nothing|nowhere|hardly|without)\b|n't\b"
)
"""A negation earlier in the clause: a second one cancels it ("nothing Ana can't eat")."""
CLOCK_TIME = re.compile(r"\d{1,2}(?::\d{2}(?:\s?[ap]\.?\s?m\b\.?)?|\s?[ap]\.?\s?m\b\.?|h\d{2})")
"""A time written as a clock time ("18:00", "6 pm", "18h00"), the form a stated plan's time
takes; not a bare hour, a time in words or one relative to the plan."""
TWELVE_HOUR_CLOCK = re.compile(r"(?:[1-9]|1[012])[:.][0-5]\d")
"""A clock time as twelve-hour writing gives it: an hour from 1 to 12 with no leading zero and no
am or pm ("5:30", "8.30", "12:00"; not "08:30" nor "20:30"). Beside a plan it may mean the later
half of the day, twelve hours on (:data:`HALF_DAY`): "See you at 5:30" of a dinner at 17:30,
"Kitchen closes at 8:30", "Open until 12:00" (midnight, the day's end, 24:00)."""
HALF_DAY = 12 * 60
"""The minutes between the two readings of twelve-hour writing."""
END_LABEL = re.compile(
    r"\b(?:ends?|ending|end time|finish(?:es)?|finish(?:ing)? time|wrap[ -]?up(?: time)?"
    r"|done by)\s*[*_]{0,2}\s*:\s*[*_]{0,2}\s*$"
)
"""A label before a time that makes it an end ("End: 19:30", "Finish time: 7:30 PM", "Wrap-up
time: 7:30"): a limit, no plan's start."""
HOUR_ALONE = r"(?<![\d:.$])\b(?:1[0-2]|0?[1-9])(?![\d:]|\.\d)"
"""An hour of a twelve-hour clock written alone ("closes at 5", "9" and "11" of "9-11"), a
pattern to build on: the words after it say whether it is a time (:data:`NOT_AN_HOUR_AFTER`),
:func:`hour_alone_near` reads it."""
NOT_AN_HOUR_AFTER = (
    r"(?!\s*(?:%|[ap]\.?\s?m\b|(?:km|mi|miles|people|persons|guests|diners|of|seats?|dollars"
    r"|stars|minutes?|mins?|hours?|hrs?|days?|weeks?|times|more|others?|points?)\b))"
)
"""What after a number makes it no hour alone: am or pm (a clock time), a unit or a count
("6 people", "5 km", "2 hours", "3 of us")."""


def nearest(readings: Collection[int], window: tuple[int, int]) -> list[int]:
    """Those of ``readings`` (the minutes a time may mean: "3" is 03:00 or 15:00) nearest
    ``window`` (a plan's start and end; inside it is nearest of all): a time said of a plan is
    said around it."""
    start, end = window
    away = {m: max(start - m, m - end, 0) for m in readings}
    return [m for m in readings if away[m] == min(away.values())]


def clock_near(said: str, minutes: int, near: tuple[int, int]) -> list[int]:
    """The minutes a clock time said of a plan means (``said``: as written, with no am or pm
    after it; ``minutes``: its reading as written): for twelve-hour writing
    (:data:`TWELVE_HOUR_CLOCK`) the reading of the two nearest ``near`` (the plan's start and
    end; both when as near), so "arrive around 5:25" of a dinner at 17:30 is 17:25 and "Jerry
    leaves at 4:30" of a slot to 15:30 is 16:30; any other as written."""
    if TWELVE_HOUR_CLOCK.fullmatch(said.strip()) is None:
        return [minutes]
    return nearest((minutes, minutes + HALF_DAY), near)


def hour_alone_near(
    morning: int, near: tuple[int, int] | None = None, *, from_noon: bool = False
) -> list[int]:
    """The minutes an hour said alone (:data:`HOUR_ALONE`, or in words) may mean, given as its
    reading in the morning's half (``morning``, 0 to 719: "3" is 180, "12" 0, "half past
    twelve" 30): twelve hours apart (twelve o'clock near a plan also the midnight that ends the
    day, 24:00). ``from_noon`` gives the one reading after noon, as a place's hours are read:
    no restaurant closes at 7 in the morning, and "open till 12" is midnight. With ``near`` (a
    plan's start and end) only the readings nearest it (:func:`nearest`; both when the plan is
    as far from each): a time said of a plan is said around it, so "Jerry can join from 9" of
    a slot at 9:00 is no evening and "leave at quarter past 12" of a dinner at 00:00 no noon."""
    if from_noon:
        return [morning + HALF_DAY if morning >= 60 else morning + 2 * HALF_DAY]
    readings = [morning, morning + HALF_DAY]
    if near is None:
        return readings
    if morning < 60:
        readings.append(morning + 2 * HALF_DAY)  # twelve o'clock: also the day's last midnight
    return nearest(readings, near)


RANGE_JUST_BEFORE = re.compile(
    rf"(?P<first>{CLOCK_TIME.pattern})\s*{RANGE_JOINER}\s*{CLOCK_TIME.pattern}[\s(\[]*$"
)
"""A range of times right before a clause that opens with a bracket or a new word ("- Ana:
9:00 - 17:30 (blocked)"): a state said there with no subject is the range's."""
OFFER_CONDITION = re.compile(r"[\s,]*(?:if|in case|should)\b")
"""A condition opening a clause ("if anyone runs late", "in case ..."): the clause next to it
says what holds in that case, so a window's edge there is offered, not a limit."""
GENERAL_SUBJECT = re.compile(
    r"\b(?:most|many|other|others|few|several|lots|plenty|every|each|these|those|such)\b"
)
"""A subject of many places or people ("most places aren't open at 17:30, but Green Fork is"):
what it says of the plan's time is a contrast with the plan, not the plan denied."""


# --- the plan said to be unavailable: read by checkers.final_word._unavailable ------------------

UNAVAILABLE = re.compile(
    r"\b(?:(?:is|are|was|were|'s|'re|be|been)\s+(?:(?:now|already|all|long|completely|sadly"
    r"|unfortunately|just|probably|likely|totally)\s+)?(?:gone|shut(?: down)?|shuttered"
    r"|closed(?: down)?|out of the question|off the table|a non-?starter|a dead end)"
    r"|(?:falls?|fell|falling|fallen)\s+(?:apart|through|flat)"
    r"|(?:nothing|none)(?:\s+(?:is|was|are|were))?\s+(?:left|remaining|available|free|open)"
    r"(?!\s+(?:out|of|from|to)\b)"
    rf"|too\s+(?:{TOO_TIMING}|far|distant|expensive|pricey|costly|small|cramped)(?:\s+away)?"
    r"(?!\s+to\b))\b"
)
"""A state in which a plan cannot be had, said in words no other list holds: gone ("the 17:30
slot is gone"), shut or closed ("the kitchen is shut tonight"), out of the question, off the
table, falling apart or through, nothing left ("has nothing left at 17:30"), too far, too
expensive, too late ("Green Fork is too far for Mei"). Said of the plan's own parts
(:func:`checkers.final_word._unavailable`) it denies the plan; not "nothing left out", "too far
to walk", "nothing free of nuts"."""
UNAVAILABLE_CUES = (
    *("gone", "shut", "closed", "question", "off", "starter", "dead", "fall", "fell", "no"),
    *("too", "n't", "unable"),
)
"""Cues of :data:`UNAVAILABLE` and :data:`CANNOT_EAT` (read with :data:`DENIAL_CUES`): every
match of either holds one."""
NEEDS_A_SUBJECT = re.compile(r"too\b")
"""States of :data:`UNAVAILABLE` that must be said of the plan itself ("Green Fork is too far
for Mei"), never read from what follows them: "the gap is too short for the meeting" says
nothing of the meeting's slot."""
HEDGE_BEFORE = re.compile(r"\b(?:might|may|could|can)\s+(?:[\w']+\s+){0,3}$")
"""A hedge before a state ("17:30 might feel too early for some"): a caveat, not a denial."""
ESSENTIAL_PART = re.compile(
    r"(?:^|\b(?:the|its|their|[\w'&-]+'s)\s+)(?:kitchen|dining room|doors?|premises)\s*$"
)
"""A part of the plan's place without which it cannot serve, as a subject right before a
state ("the kitchen is shut tonight", "their kitchen closes at 17:00"): its state is the
plan's."""
CLOSING_EDGE = re.compile(
    r"\b(?:(?P<shut>clos(?:e|es|ing)|shuts?|shutting)|(?P<stop>stops?\s+(?:(?:seating|serving"
    r"|service)(?:\s+(?:guests|people|diners|customers|dinner|food|meals))?|accepting\s+[\w-]+|taking\s+(?:[\w-]+\s+)?(?:bookings|reservations|orders"
    r"|guests|tables|walk-ins)))|(?:(?:takes|has|does|serves|seats)\s+(?:its\s+|their\s+|the\s+)?)?last"
    r"\s+(?:seating|sitting|orders?|bookings?|reservations?|tables?|entry|admission)"
    r"(?:\s+(?:is|are|was|will be))?|(?:(?:is|are|'s|'re|stays?)\s+)?(?:only\s+)?(?:open|opens"
    r"|seats?|seating|serves?|serving"
    r"|service)\s+(?:only\s+)?(?:until|till|up to)|only\s+(?:until|till)"
    r"|(?P<closing>closing\s+time|closes)(?:\s+is|\s*:))"
    r"(?:\s+(?:at|around|by))?\s+$"
)
"""Words right before a time that make it when the plan's place stops taking people ("stops
seating at 17:00", "closes at 17:00", "last seating is at 17:00", "open until 17:00",
"Closing time is 17:00"): before the plan's start (or, for a closing or a stop, at it) it says
the plan's time cannot be had."""
VERB_ONLY = re.compile(
    r"[\s,-]*(?:is|are|was|were|has|have|had|will be|would be|'s|'re)(?:\s+(?:now|already|sadly"
    r"|unfortunately|currently|still))?\s*"
)
"""A clause's start that is only a verb ("is", "has", "is sadly"): after the plan's own part
named just before it on its line ("Green Fork (r03) is fully booked"), the plan is its
subject."""
BARE_STATE = re.compile(
    r"[\s*_]*(?:(?:sadly|unfortunately|currently|now|already)\b[\s,]*)?(?:full|closed|shut"
    r"|off|waitlist(?:ed)?(?: only)?|wait-?list only|no|nope|not possible|not available"
    r"|unavailable|n/a)[\s*_.!]*"
)
"""An aside right after the plan's own part that is a bad state alone ("Green Fork at 17:30
(full)", "(closed)", "(waitlist only)", "(no)"): said of the plan, where a full sentence would
need a subject ("is full")."""
ADVERBS_ONLY = re.compile(
    r"[\s,-]*(?:(?:sadly|unfortunately|regrettably|alas|currently|now|already|still|apparently)"
    r"\b[\s,-]*)*"
)
"""A clause's start that holds nothing but sentence adverbs ("sadly, ", "unfortunately "): a
state after it has no subject of its own ("Green Fork at 17:30 (sadly, fully booked)")."""
CLOSING_EDGE_CUES = ("clos", "shut", "stop", "last", "until", "till", "up to")
"""Cues of :data:`CLOSING_EDGE`."""
WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)"
DAY_RESTRICTION = re.compile(rf"\s*\bon\s+(?P<day>{WEEKDAY})days\b")
"""A restriction to a weekday ("closed on Sundays"): a reason, unless that day is the plan's."""
TODAY_IS = re.compile(
    rf"\b(?:today|tonight)(?:'s|\s+is)\s+(?:a\s+)?(?P<day>{WEEKDAY})day\b"
    rf"|\b(?:it|this)(?:'s|\s+is)\s+(?:a\s+)?(?P<its>{WEEKDAY})day\s+(?:today|tonight)\b"
    rf"|\b(?P<named>{WEEKDAY})day\s+is\s+(?:today|tonight)\b"
)
"""The day said to be today ("and today is Sunday", "it's Sunday today"): a restriction to that
day holds at the plan."""
CANNOT_EAT = re.compile(
    r"(?:\b(?:unable|not able)\s+to|" + NEGATED_VERB.pattern + r")"
    r"(?:\s+(?:be|able|to|really|actually|even|possibly))*"
    r"\s+(?P<verb>eat|dine|order|have(?=\s+(?:anything|any\s+(?:food|dish|meal)|a\s+(?:single\s+)?"
    r"(?:thing|dish|bite|meal))\b)|get(?=\s+(?:there|here|to|in)\b))\b"
)
"""A guest who cannot eat at, or get to, a place ("Ana won't be able to eat anything there",
"Mei can't get there"); "have" only with something to eat after it ("Jerry doesn't have a
meeting at 14:30" is no meal): with nothing after it but the plan's place
(:data:`EATING_TALK`), it says the plan leaves the guest out."""
EATING_TALK = frozenset(
    {
        *("anything", "a", "single", "thing", "things", "dish", "dishes", "bite", "meal"),
        *("meals", "food", "any", "one", "to", "eat", "on", "from", "off", "the", "their"),
        *("its", "menu", "there", "here", "at", "in", "time", "tonight", "all", "of"),
    }
)
"""The words of what a guest cannot eat, and where, that say nothing more than that."""
PLACE_REFERENCE = re.compile(r"\b(?:there|here|menu)\b")
"""Words pointing at the place just named ("there", "their menu"): after the plan, its own."""
WEEKDAY_NAME = re.compile(rf"(?P<day>{WEEKDAY})day")
"""A weekday's name (the plan's own day, as a domain names it)."""


# --- another plan offered with a mild trade-off: read by checkers.final_word._Sentence ----------

PUT_FORWARD = re.compile(
    r"\b(?:runner-?up|(?:second|next)[- ](?:best|choice|pick|option)|best (?:match|fit|overall)"
    r"|top (?:choice|pick)|doable|viable|(?:at|in) a pinch|honou?rable mention)\b"
)
"""Words that put a plan forward as an option the group could take, beyond the words that
offer a window (:data:`OFFERING`): "Runner-up:", "the best match overall", "Top choice:", "is
also doable", "at a pinch". Before the stated plan such a sentence states a plan, whatever
follows it ("..., but Green Fork at 17:30 is cheaper" compares two plans offered)."""
ALSO_GOOD = re.compile(
    r"\balso (?:a |an )?(?:great|good|fine|nice|lovely|solid|excellent|strong|perfect|ideal"
    r"|doable|viable|possible|option)\b|\b(?:great|good|fine|solid|perfect|ideal) (?:one |option "
    r"|choice |pick |fit )?(?:too|as well)\b"
)
"""Another plan called good as well as the stated one ("is also great", "a good option too"):
the stated plan named after it, even after "but" ("..., but Green Fork at 17:30 is cheaper"),
is a second option beside it, not the reason the agent turned away from it."""
PLAN_PRAISE = re.compile(
    r"\b(?:perfect|ideal|excellent|lovely|wonderful|fantastic|superb|terrific|brilliant|nice"
    r"|solid|strong|recommended)\b"
)
"""Praise that, beside another plan's name, puts it forward as much as :data:`OFFERING` does
("Umi at 18:00 is perfect, though pricier"); unlike :data:`PUT_FORWARD`, not enough alone to
state a plan before the JSON ("Umi is lovely. Unfortunately it is 4.5 km from Mei.")."""
_HEDGE = (
    r"(?:a (?:bit|little|touch|tad)(?: bit)?|slightly|somewhat|marginally|only slightly|just"
    r"|a little bit)\s+"
)
_TO_A_LIMIT = r"(?!\s+than\b[^,.;:!?]{0,30}\b(?:limit|budget|cap|max\w*|range|allows?)\b)"
MILD_TRADE_OFF = re.compile(
    rf"(?:\b(?:would|could|will|might|may)(?: also)? be\s+)?(?:\b{_HEDGE})?"
    r"\b(?:pricier|costlier|dearer|more (?:expensive|costly|pricey)|pricey|expensive|prices?"
    r"|(?:higher|steeper) (?:prices?|bill)|noisier|louder|busier|more crowded|livelier"
    r"|(?:rated|reviewed) (?:lower|less highly)|lower[- ]rated|lower (?:rating|score)s?)\b"
    rf"{_TO_A_LIMIT}"
    rf"|\b{_HEDGE}(?:[a-z]+er|more [a-z]+|less [a-z]+)(?: away| off)?\b{_TO_A_LIMIT}"
    r"|(?:\bnot|n't)\s+(?:quite\s+|nearly\s+)?as\s+(?:highly\s+|well\s+)?[a-z-]+\b"
)
"""A mild trade-off of a plan: a price, noise or rating comparison not held against a limit
("pricier", "a bit more expensive", "louder", "not quite as highly rated"), or any comparison
hedged ("slightly farther"); not "too pricey", "over Zoë's budget", "pricier than her budget
allows". In a sentence that puts the plan forward ("also great \u2014 though pricier") it rules
nothing out: what rules out a plan offered is a deal-breaker for the group (a distance, a
budget, a dish, a closing time, a rejection)."""
CHOSE = re.compile(
    r"\b(?:i|we)(?:'ve| have)? (?:went|gone|chose|chosen|picked|opted|settled|booked|stuck"
    r"|decided|selected|reserved|landed)\b(?: (?:with|for|on|to go with|instead))?"
)
"""The agent telling what it chose ("so I went with", "I picked", "we settled on"): followed by
the stated plan, it says the trade-off before it decided against the other plan."""
MILD_CUES = (
    *("pric", "cost", "dear", "expens", "bill", "nois", "loud", "busi", "crowd", "livel"),
    *("rated", "rating", "review", "score", "bit", "slight", "somewhat", "marginal", "little"),
    *("tad", "touch", "just", "as "),
)
"""Every match of :data:`MILD_TRADE_OFF` holds one of these: a sentence without any is not
searched."""
NEGATIVE_EVALUATION = re.compile(
    r"\s*(?:disappoint\w*|regret\w*|complain\w*|let (?:\w+ )?down|lag(?:s|ged|ging)?\b"
    r"|inferior\b|slouch\b|(?:say|said|saying|turn(?:s|ed|ing)?|pass(?:es|ed|ing)?)\s+"
    r"(?:no|it down|down|on it|up)\b)"
)
"""Words of a negative evaluation that the rejection lists do not hold ("disappoint", "let
down", "lag behind", "say no"): negated, they praise."""
_NEGATION_FILLER = (
    r"(?:\s+(?:be|been|really|ever|quite|going to|at all|likely to|all that|will|would|could|can))*"
)
NEGATION_HEAD = re.compile(rf"(?:{NEG}|\bno(?:body| one)\b){_NEGATION_FILLER}\s+")
"""A negation and the fillers before its head ("won't", "isn't really", "nobody will"): its
head is the word right after the match (:func:`checkers.final_word._negated_negatives`)."""


# --- the agent's own lack of a booking tool: read by checkers.final_word._agent_cannot -----------

_AGENT_ADVERB = r"(?:\s+(?:really|just|simply|currently|unfortunately|sadly|personally|actually"
_AGENT_ADVERB += r"|also|directly|myself|ourselves))?"
AGENT_INABILITY = re.compile(
    r"\b(?:i|we)"
    + _AGENT_ADVERB
    + r"(?:(?P<now>\s+(?:can't|cannot|can not)|(?:'m|'re|\s+am|\s+are)\s+(?:not able|unable)\s+to"
    r"|\s+(?:won't|will not) be able to"
    r"|\s+(?:don't|do not) have (?:the )?(?:ability|means|access|tools?|permissions?) to)"
    r"|(?P<then>\s+(?:couldn't|could not|didn't|did not|failed to)"
    r"|(?:\s+was|\s+were)\s+(?:not able|unable)\s+to|\s+(?:wasn't|weren't) able to))"
    + _AGENT_ADVERB
    + r"\s+(?:book|reserve|schedule|confirm|call|contact|phone|ring|hold|secure|submit|send"
    r"|(?:make|place|complete|finali[sz]e|process) (?:\w+ )?(?:reservation|booking)s?)\b"
)
"""The agent saying it cannot do the booking itself ("I can't book it for you", "I'm not able to
book tables", "I couldn't reserve the table"): read with the words around it
(:func:`checkers.final_word._agent_cannot`), not as the plan denied. ``now``: a capability
("can't", "am not able to"); ``then``: a past attempt ("couldn't", "wasn't able to"), which may
be a booking that failed."""
AGENT_LACKS_MEANS = re.compile(
    r"\bi(?:\s+\w+)?\s+(?:don't|do not)\s+have\s+(?:a |any |the )?(?:[\w-]+ )?"
    r"(?:(?:booking|reservation|scheduling|calendar)s? )?(?:tools?|access|abilit(?:y|ies)"
    r"|capabilit(?:y|ies)|means|way|system|functions?|functionality|integrations?"
    r"|permissions?)\b"
    r"|\bi have no (?:[\w-]+ )?(?:tools?|access|way|means|abilit(?:y|ies)"
    r"|capabilit(?:y|ies))\b"
    r"|\bno (?:[\w-]+ )?(?:booking|reservation|scheduling|calendar) (?:tools?|access|system"
    r"|capabilit(?:y|ies)|functions?|functionality|integrations?)\b"
    r"|\bwithout (?:a |any )?(?:booking|reservation|scheduling) (?:tools?|access|system)\b"
    r"|\bas an ai\b|\bi'm an ai\b|\bi am an ai\b"
)
"""The agent saying it has no means to book ("I don't have a booking tool", "I don't have
booking access", "no reservation system access", "as an AI"): in its sentence, an attempt it
says it could not make is that lack, not a booking that failed. Said by "I" only: "we" may be
the party ("We don't have access to the patio, so we couldn't book the table")."""
AGENT_LACKS_MEANS_CUES = ("have", "booking", "reservation", "scheduling", "calendar", "an ai")
"""Words one of which every match of :data:`AGENT_LACKS_MEANS` holds (a reader looks for them
first: the pattern is tried at every character)."""
AGENT_SERVICE = re.compile(
    r"\b(?:directly|myself|ourselves|personally|on your behalf|from here|for you"
    r"|(?:in|through|via|from) (?:this|our|the) (?:chat|conversation|app|interface))\b"
)
"""Words after the agent's "can't book" that make it a service the agent cannot give ("for
you", "directly", "on your behalf"), not a plan that cannot be had."""
AGENT_SERVICE_STRONG = re.compile(
    r"\b(?:directly|myself|ourselves|personally|on your behalf|from here"
    r"|(?:in|through|via|from) (?:this|our|the) (?:chat|conversation|app|interface))\b"
)
"""As :data:`AGENT_SERVICE` without "for you", which beside the plan's own time ("I can't book
17:30 for you") may say the time cannot be had."""
GENERIC_BOOKINGS = re.compile(
    r"\s+(?:tables|reservations|bookings|restaurants|meetings|appointments|events|invites"
    r"|invitations|calendar (?:events|invites|invitations)|anything|things)\b"
)
"""A bare plural object after the agent's "can't book" ("I'm not able to book tables"): what the
agent can do in general, not this plan."""
HANDOFF = re.compile(
    r"\b(?:please|you(?:'ll| will)? (?:need|have|want) to|you (?:can|could|should|may|might)"
    r"|i'd (?:suggest|recommend)|i (?:suggest|recommend)|just|best to)\s+(?:\w+\s+)?"
    r"(?:call|contact|phone|ring|book|reserv|e-?mail|messag|reach(?:ing)? out|us|go(?:ing)? through"
    r"|visit)\w*"
    r"|\b(?:their|the restaurant's) (?:phone )?(?:number|website|site|booking page)\b"
    r"|\b(?:book|reserve) (?:it |them )?(?:online|yourself|yourselves|directly)\b"
)
"""Handing the booking to the user ("please call them", "you'll need to book it yourself",
"their number is on their site"): beside the agent's "can't book", the agent has no tool."""
HANDOFF_CUES = (
    *("please", "you", "suggest", "recommend", "just", "best to"),
    *("number", "site", "booking page", "online", "directly"),
)
"""Words one of which every match of :data:`HANDOFF` holds: the words that open a handoff,
the restaurant's own channels, and where to book ("you" covers "yourself")."""


# --- the time of something else than a plan: read by checkers.final_word._offers_another --------

ARRIVAL_BEFORE = re.compile(
    r"\b(?:arriv(?:e|ing|al)|get(?:ting)? (?:there|in)|be there|show(?:ing)? up|turn(?:ing)? up"
    r"|head(?:ing)? (?:over|out|in)|check(?:ing)? in|aim(?:ing)? to be)"
    r"(?:\s+(?:at|around|about|near|by|close to|for|there|no later than|shortly before"
    r"|a bit before|just before|roughly|approximately|~))*\s*$"
)
"""Words right before a time that make it when to get there ("Arrive around 17:15", "show up
at 17:20"): advice, when the time falls shortly before the plan's start."""
ARRIVAL_LEAD = 60
"""How many minutes before the plan's start an arrival time may be and stay advice."""
EVENT_BEFORE = re.compile(
    r"\b(?:happy hours?|sunset|sunrise|dusk|golden hour|live (?:music|jazz|band|set)"
    r"|the (?:band|show|concert|game|match|movie|film|fireworks|parade|quiz|performance)"
    r"|fireworks|trivia|quiz night|the market|sundown|twilight|the tide|high tide|low tide)"
    r"(?:\s+(?:[\w'&]+))?\s+(?:is|are|was|will be|runs?|starts?|begins?|kicks? off|ends?|sets?"
    r"|rises?|opens?|closes?|at|from|around|about|until|till|goes|lasts?|happens?)"
    r"(?:\s+(?:at|around|about|from|until|till|by|roughly|approximately|~|between))*\s*$"
)
"""Words right before a time that make it an event's ("Happy hour runs 16:00-18:00", "Sunset
is around 19:45", "live music starts at 20:00"): the time of something else than a plan. Not
the restaurant's own service ("the kitchen opens at 18:00", "last orders at 17:00"): that may
deny the plan's time."""
PERSONAL_ENGAGEMENT = re.compile(
    r"\s+(?:[\w-]+\s+)?(?:commitment|engagement|appointment|flight|train|bus|ferry|show|concert"
    r"|curfew|shift|class|lecture|lesson|game|match|pickup|pick-up|drop-off|deadline|departure"
    r"|meeting|call|event|obligation)s?\b"
)
"""A noun of someone's own engagement right after a time ("his 21:00 commitment", "Ana's 8 pm
flight"): with a possessive before the time, the time is that engagement's, a limit."""
POSSESSIVE_BEFORE = re.compile(r"(?:\b(?:his|her|their|my|your)|[a-z]'s)\s+$")
"""A possessive right before a time ("his 21:00 ...", "José's 21:00 ..."); not "our" (the
party's own plan)."""


# --- the plan's time in relative or 12-hour words: read by checkers.final_word ------------------

THAN_REQUESTED = re.compile(
    r"\s+than\s+(?:(?:the|your)\s+)?(?:[\w:. ]{0,12}?\s+)?(?:what\s+)?"
    r"(?:(?:you|they|the group|everyone|we)\s+(?:originally\s+|initially\s+|first\s+)?"
    r"(?:asked|requested|wanted|had in mind|hoped|planned|said)"
    r"|(?:original(?:ly)?\s+|initial(?:ly)?\s+)?(?:request(?:ed)?|asked|planned|ask))\b"
)
"""Words after a relative time that measure it from the time the user asked for ("two hours
earlier than you asked", "2 hours earlier than the 7:30 pm you asked for"): said of the stated
plan, it tells how far the plan is from the request, no other plan."""
REQUESTED_BY_SOMEONE = re.compile(
    r"\s+(?:that\s+)?(?:you|they|the group|everyone|we)\s+(?:originally\s+|initially\s+)?"
    r"(?:asked for|asked about|requested|wanted|had in mind|hoped for)\b"
)
"""Words right after a time that make it the one asked for ("the 7:30 pm you asked for"): no
plan's."""
RANGE_START_BEFORE = re.compile(
    r"(?<![\d:])(\d{1,2})(?::(\d{2}))?\s*(?:-|\u2013|\u2014|to|until|till)\s*$"
)
"""A bare clock time opening a range that a 12-hour time ends ("5:30-7:30 pm"): it is of the
same half of the day as the end, unless that would put it after the end."""


# --- a table's column of issues: read by checkers.final_word._issue_in_its_column -----------------

ISSUE_HEADER = re.compile(
    r"\W*(?:main |key |the )?(?:issues?|problems?|drawbacks?|downsides?|cons|conflicts?|catch"
    r"|why not\??|deal-?breakers?|blockers?|ruled out(?: because| by| for)?|rejected(?: because)?"
    r"|excluded(?: because)?|reason(?:s)? (?:rejected|ruled out|excluded|not chosen)"
    r"|fails? (?:for|on|because)|problem for|who it fails)\W*"
)
"""A table header cell naming a column of what is wrong with each row's plan ("Issue",
"Drawback", "Why not"): a row with something in it sets that plan aside."""
NO_ISSUE_CELL = re.compile(
    r"\W*(?:none|no|nothing|n/?a|ok|okay|fine|-+|\u2013|\u2014|0|v|:white_check_mark:"
    r"|:heavy_check_mark:|no (?:issues?|problems?|conflicts?|drawbacks?))?\W*"
)
"""A cell of an issue column that names no issue ("none", "-", "n/a", a check mark)."""


# --- a booking the agent tried and failed: read by checkers.final_word._failed_booking ----------

_ATTEMPT_ADVERB = (
    r"(?:\s+(?:really|just|simply|unfortunately|sadly|also|still|even|ultimately|eventually"
    r"|actually))?"
)
FAILED_ATTEMPT = re.compile(
    r"(?:\b(?:i|we)\b" + _ATTEMPT_ADVERB + r"|^\W*?(?:(?:but|and|sadly|unfortunately)\b\W*?)?)"
    r"(?:(?P<now>\s*(?:can't|cannot|can not)|\s*(?:'m|'re|\s+am|\s+are)\s+(?:not able|unable)\s+to)"
    r"|\s*(?:couldn't|could not|failed to|(?:didn't|did not|never) manage(?:d)? to"
    r"|(?:was|were)\s+(?:not able|unable)\s+to|(?:wasn't|weren't) able to"
    r"|(?:haven't|have not|hadn't|had not)\s+(?:been able|managed)\s+to|'ve not been able to)"
    r"|^\W*(?:unable|not able|failed) to)"
    + _ATTEMPT_ADVERB
    + r"\s+(?P<verb>book|reserve|schedule|secure|hold|get|grab|snag|land|score|confirm"
    r"|(?:lock|nail|pin)(?:\s+(?:it|that|this|them))?\s+(?:in|down))\b"
)
"""The agent or the party saying a booking it tried did not happen, in any form of failing
("I was unable to reserve it", "I couldn't secure it", "we didn't manage to grab the 17:30
table", "Unable to lock in the table") and with any verb of getting a booking; read with what
follows it (:func:`checkers.final_word._failed_booking`): only the plan, a pronoun for it or
nothing denies the plan; anything else ("I couldn't find a closer restaurant", "couldn't get
an earlier table") is a reason for it. ``now``: a capability, which, beside the agent's lack of
a tool or a handoff to the user, is that lack."""
ATTEMPT_OBJECT = re.compile(r"\b(?:it|this|that|them|one)\b")
"""A pronoun after a failed booking's verb ("I couldn't secure it"): the plan just stated,
unless another plan was named before it."""
NEW_SUBJECT = re.compile(
    r"(?:[,;]\s*|\s(?:and|but|so|plus|yet)\s+)(?:(?:i|we|they|he|she|it|you|there|the \w+)\b|$)"
)
"""A new clause with its own subject inside a clause ("I don't have a booking tool, and I
couldn't get a table"), or a clause's words ending at a comma or a conjunction: a negation
before it is of another predicate and cancels none after it."""


# --- the plan's place opening after its start: read by checkers.final_word._late_opening -------

MEAL = r"(?:breakfast|brunch|lunch(?:time)?|dinner|supper|daytime|evenings?)"
"""A meal or a part of the day a place serves at ("lunch", "dinner", "evenings")."""
_FOR_A_MEAL = (
    rf"(?:(?:re)?opens?\s+for|(?:serves?|serving|starts?\s+serving))\s+{MEAL}(?:\s+service)?"
)
"""A place opening or serving for a meal ("opens for dinner", "serves dinner")."""
HOURS_BEFORE = re.compile(rf"\b{_FOR_A_MEAL}\s+(?:at|from)\s+$")
"""Words right before a time that make it when a place opens for a meal ("opens for dinner at
17:00", "serves dinner from 17:00"): in a sentence offering nothing, a place's hours, no
plan's time; of the plan's place after its start, a denial (:data:`OPENING_EDGE`)."""
OPENING_EDGE = re.compile(
    rf"\b(?:(?:only|just)\s+)?(?:{_FOR_A_MEAL}"
    r"|opens|opening(?:\s+time)?(?:\s+is)?|(?:doors?|they)\s+open"
    r"|(?:only|just)\s+open|(?:doesn't|does not|don't|do not|won't|will not)\s+open"
    r"(?:\s+(?:its|their) doors)?\s+(?:until|till|before)"
    r"|starts?\s+(?:seating|serving|service|taking\s+(?:[\w-]+\s+)?(?:bookings|reservations"
    r"|guests|tables))|begins?\s+(?:seating|serving|service)|(?:first|earliest)\s+(?:seating"
    r"|sitting|table|booking|reservation)s?(?:\s+(?:is|are|was|will be))?"
    r"|(?:seating|service|dinner service)\s+(?:starts|begins))"
    r"(?:\s+(?:only|again))?(?:\s+(?:at|around|from|by))?\s+$"
)
"""Words right before a time that make it when the plan's place starts taking people ("the
kitchen opens at 18:00", "Doors open at 18:00", "Green Fork only opens at 18:00", "first
seating is at 18:00"): after the plan's start it says the plan's time cannot be had; at or
before it, that it can."""
OPENING_CUES = ("open", "start", "begin", "first", "earliest", "serve", "serving")
"""Cues of :data:`OPENING_EDGE` ("serve", which "reservation" does not hold)."""
EXISTENTIAL_NONE_LEFT = re.compile(
    r"(?:\bthere(?:'s|\s+is|\s+are|'re|\s+was|\s+were)|^(?:[\w' ]{0,30},)?\W*"
    r"(?:(?:but|and|sadly|unfortunately)\b\W*)?)"
    r"(?:\s+(?:just|simply|now|sadly|unfortunately|already|literally))?\s*"
    r"no\s+(?:more\s+)?(?:tables?|seats?|seating|availability|room|space|spots?|openings?"
    r"|capacity|slots?)\s+(?:left|available|remaining|free|open)\b"
)
"""That nothing of what a plan needs is left, with no subject but "there" ("There's no table
left", "no seats left", after a short lead-in: "Just so you know, no tables left"): with
nothing after it but the plan's words, it is said of the plan just stated (the place named
before it, or nothing)."""
EXCEPTION_NEXT = re.compile(r"\s*,?\s*(?:except|save|but for|apart from|other than|besides)\b")
"""A clause that goes on with an exception ("no tables left, except at 17:30"): what is left
is the plan."""


# --- honest notes after the plan (2): read by checkers.final_word and the scheduling reader ------

STOP_EDGE = re.compile(
    rf"(?:{CLOSING_EDGE.pattern})"
    r"|(?:\b(?:stops?|stopping|stopped)\s+(?:[a-z'-]+ing\s+(?:[\w'-]+\s+){0,2}?)?"
    r"(?:for\s+the\s+day\s+)?"
    r"|\b(?:leaves?|leaving|heads?\s+(?:home|out)|goes\s+home"
    r"|(?:logs?|signs?|clocks?)\s+(?:off|out))"
    r"\s+(?:[\w'-]+\s+){0,3}?"
    r"|\blast\s+(?:orders?|call|service|seating|sitting|bookings?|reservations?|tables?"
    r"|entry|admission|walk-ins?)(?:\s+(?:is|are|was|will be))?\s+)"
    r"(?:(?:at|around|by|from)\s+)?$"
)
"""Words right before a time that make it when a place or a person stops doing something
("they stop taking reservations at 21:00", "Dylan stops taking calls at 17:00", "Jerry leaves
the office at 17:00", "he logs off at 17:00", "last orders are at 21:30", any
:data:`CLOSING_EDGE`): at or after the plan's end it is a limit the plan keeps, no plan's
time (before it, the plan may not be had: the reading stays fail-closed)."""
CROWD_STATE = re.compile(r"busy")
"""The state of :data:`BAD_STATE` that, said of a place, is a crowd ("it'll be busy"), not a
time taken."""
CROWD_ADVICE = re.compile(
    r"\b(?:(?:come|arriv(?:e|ing)|get(?:ting)? there|be there|show(?:ing)? up|turn(?:ing)? up"
    r"|head(?:ing)? (?:over|in|out)|plan(?:ning)? to arrive)"
    r"(?:\s+(?:a\s+(?:few|couple(?:\s+of)?)\s+minutes?|\d+(?:\s*-\s*\d+)?\s*min(?:ute)?s?"
    r"|a\s+(?:bit|little|touch|tad)|slightly|a\s+little\s+bit))?"
    r"\s+(?:early|earlier|on time|promptly|ahead(?: of time)?|in good time)"
    r"|be\s+(?:on time|punctual|prompt)"
    r"|(?:book|booking|reserv(?:e|ing)|call(?:ing)?)\s+(?:ahead|early|in advance)"
    r"|(?:do not|don't)\s+be\s+late)\b"
)
"""Advice to be there early or on time, or to book ahead ("so come early", "arrive a few
minutes early", "booking ahead is a good idea"): beside the plan's place said to be busy, the
busy is a crowd the plan keeps ("They'll be busy, so come early"), no denial."""
CROWD_ADVICE_CUES = (
    "earl",
    "on time",
    "prompt",
    "ahead",
    "good time",
    "punctual",
    "advance",
    "late",
)
"""Words one of which every match of :data:`CROWD_ADVICE` holds ("earl": "early", "earlier")."""
CROWD_TROUBLE = re.compile(r"(?!busy\b)" + BAD_STATE.pattern + "|" + UNAVAILABLE.pattern)
"""A bad state other than "busy" ("come early and get on the waitlist", "it's fully booked, so
come early"): in the sentence of the advice, the advice is how to cope with a plan not had."""
CROWD_SUBJECT = re.compile(
    r"\b(?:it|they|(?:the|this|that|their)\s+(?:place|restaurant|spot|bar|venue|dining room"
    r"|room|kitchen))\b"
)
"""A subject that is the plan's place ("it", "they", "the restaurant"), as a crowd's."""
TAKEN_TIME_NOUN = re.compile(
    r"\b(?:slots?|times?|windows?|bookings?|reservations?|tables?|meetings?|calls?"
    rf"|appointments?|hours?|calendars?|schedules?|days?|mornings?|afternoons?|evenings?|{WEEKDAY}day)"
    r"\b"
)
"""Nouns of a time, a day or a booking: "busy" said of them is a time taken ("Monday is busy"),
never a crowd."""
CHOICE_OPENER = re.compile(
    r"\s*(?:(?:so|and|but|still|ultimately|overall|in the end|that's why|which is why|hence"
    r"|therefore|thus|for that reason|on balance)\b[\s,]*)*"
)
"""What may open a sentence before the agent's choice ("so I went with", "In the end, I
chose")."""
INSTEAD_AFTER = re.compile(r"[\s)]*(?:\(\s*[\w-]+\s*\)\s*)?instead\b")
""""instead" right after the plan's part chosen ("I picked Green Fork instead"): the choice, no
offer."""
MERIDIEM_AFTER = re.compile(r"\s?[ap]\.?\s?m\b\.?")
"""A 12-hour mark right after a clock time ("10:30 pm", "9:00 p.m."): part of that time."""


# --- the plan's place shut at its time, too small, or the plan doubted: read by ----------------
# --- checkers.final_word._place_cannot ----------------------------------------------------------

HOURS_END = r"\d{1,2}(?:[:.]\d{2})?(?:\s?[ap]\.?\s?m\b\.?)?"
"""One end of a place's opening hours: a clock time or an hour alone, am or pm after it or
not ("08:00", "8", "3 PM")."""
_DAYS = r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?"
OPEN_HOURS = re.compile(
    r"(?:\b(?:(?:opening|business|operating|trading|kitchen|service)\s+)?hours?"
    r"(?:\s+(?:are|is|today|tonight))*|\b(?:open|opens|serving|serves|service\s+runs))"
    rf"(?:\s*[:\u2013\u2014-]?\s*(?:daily|today|tonight|only|every day|weekdays|{_DAYS}"
    rf"(?:\s*[\u2013-]\s*{_DAYS})?),?)*"
    r"(?:\s*:)?\s+(?:from\s+|between\s+)?"
    rf"(?P<open>{HOURS_END})\s*(?:-|\u2013|\u2014|to|until|till|and)\s*(?P<close>{HOURS_END})"
    r"(?![\d:])"
)
"""A place's opening hours given as a range ("Hours: 08:00\u201317:00", "Open 8\u20135", "is open
8 to 5", "opening hours 11-15", "open 8 AM\u20133 PM", "Open daily 11:00-23:00"): a plan's start
outside them cannot be had. Read as a whole sentence, across the label's colon."""
BUSY_LABEL = re.compile(
    r"[\s>*_#-]*(?:busy|blocked|booked|unavailable|occupied|conflicts?)\s+(?:for|of)\s+"
    r"[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?\s*[*_]{0,2}\s*"
)
"""A clause that is only a busy label and the person it is for, ended by its colon ("Busy for
Jerry:", "**Blocked for José:**"): it labels that person's times after it, which the readers of
who is busy weigh against the plan (:func:`checkers.busy_spans.busy_during`), and says nothing
of the plan itself."""
HOURS_LABEL = re.compile(
    r"(?:.*\b)?(?:(?:opening|business|operating|trading|kitchen|service)\s+)?hours?\s*$"
)
"""A clause that is only the label of opening hours, ended by its colon ("Hours:", "Opening
hours:"): the range in the clause after it is the place's hours."""
_MEALS = rf"{MEAL}(?:\s*(?:,|/|&|-|and|or|-and-)\s*{MEAL})*"
MEALS_ONLY = re.compile(
    r"\b(?:(?:is|are|'s|'re)\s+)?(?:only|just)\s+(?:open|opens|serves?|serving|does|do|offers?"
    rf"|caters?)\s+(?:for\s+|at\s+|during\s+|in\s+the\s+)?{_MEALS}\b"
    rf"|\b(?:(?:is|are|'s|'re)\s+)?(?:open|serves?|serving)\s+(?:for\s+)?{_MEALS}\s+only\b"
    rf"|\b{_MEALS}[\s-]only\b"
    r"|\b(?:is|are|'s|'re)\s+(?:an?\s+)?(?:breakfast|brunch|lunch|daytime)"
    r"(?:\s*(?:-|/|&|and|-and-)\s*(?:breakfast|brunch|lunch))+"
    r"[\s-](?:spot|place|caf\u00e9|cafe|joint|restaurant|venue|diner|bistro)\b"
)
"""A place said to serve only at some meals ("They're only open for lunch", "lunch only",
"serves breakfast and brunch only", "a breakfast-and-lunch spot"): a plan at another meal
cannot be had there. ``meals`` (or ``kind``) holds the meals."""
MEAL_SHUT = re.compile(
    r"\b(?:(?:is|are|'s|'re)\s+)?(?:closed|shut|not\s+open|(?:doesn't|does not|don't|do not)"
    r"\s+(?:open|serve|do|offer))\s+(?:for\s+|at\s+|during\s+|in\s+the\s+)?"
    rf"{_MEALS}(?:\s+service)?\b(?!\s+(?:on|at)\s)"
    rf"|\bno\s+{_MEALS}\s+service\b"
)
"""A place said to be shut at some meals ("closed for dinner", "doesn't serve dinner", "no
dinner service"): a plan at that meal cannot be had there. Not limited to other days ("closed
for dinner on Mondays": :data:`TIME_QUALIFIER`)."""
MEAL_WINDOWS = {
    "breakfast": (5 * 60, 11 * 60),
    "brunch": (9 * 60, 15 * 60),
    "lunch": (11 * 60, 16 * 60),
    "lunchtime": (11 * 60, 16 * 60),
    "daytime": (6 * 60, 17 * 60),
    "dinner": (16 * 60, 28 * 60),
    "supper": (16 * 60, 28 * 60),
    "evening": (16 * 60, 28 * 60),
    "evenings": (16 * 60, 28 * 60),
}
"""When each meal is, in minutes after midnight (start, end; dinner runs past midnight, to
04:00): a plan starting within a meal's window is at that meal. Lunch and dinner meet in the
afternoon (16:00) so that no plan's start is at neither."""
CLOSED_FOR_GOOD = re.compile(
    r"\b(?:(?:has|have|had)\s+(?:(?:now|since|already|sadly|unfortunately|permanently"
    r"|temporarily|recently|just|indefinitely)\s+)*(?:closed|shut)(?:\s+down)?"
    r"|(?:closed|shut|shuttered)\s+(?:down|(?:its|their)\s+doors)"
    r"|(?:permanently|temporarily|indefinitely)\s+(?:closed|shut)"
    r"|(?:closed|shut)(?:\s+down)?\s+(?:for\s+good|permanently|indefinitely"
    r"|until\s+further\s+notice|for\s+(?:the\s+)?(?:season|winter|holidays?|renovations?"
    r"|refurbishments?|remodel\w*|repairs?|maintenance|a\s+private\s+(?:event|party|function)))"
    r"|(?:went|gone|going|is|are|was|were|'s|'re)\s+out\s+of\s+business"
    r"|no\s+longer\s+(?:open|operating|operates|in\s+business|trading|exists?|around|serving"
    r"|taking\s+(?:bookings|reservations|guests))"
    r"|(?:doesn't|does not|don't|do not)\s+exist\s+(?:any\s*more|anymore)"
    r"|(?:is|are|was|were|'s|'re)\s+(?:now\s+)?defunct)\b"
    r"(?!\s+(?:at|around|by|from|on|between|until|till|before|after)\s+\d)"
)
"""A place said to be shut for good or for a while ("Green Fork has permanently closed",
"closed down", "shut its doors", "closed for renovations", "out of business", "no longer
operating"): no plan there can be had. Not with a time after it ("shut down at 17:00" is an
edge, :data:`CLOSING_EDGE`'s)."""
COUNT = rf"(?:\d{{1,3}}|{NUMBER_WORDS}|a dozen)"
_ROOM_VERB = r"(?:seat|fit|take|hold|accommodate|sit|host|handle|manage|book|do|serve)s?"
_PARTY_NOUN = r"(?:parties|groups|tables|bookings|reservations|people|guests|diners|persons)"
PARTY_LIMIT = re.compile(
    rf"\b(?:(?:can|could|will|would)\s+)?(?:only|just)\s+{_ROOM_VERB}\s+(?:up\s+to\s+"
    rf"|(?:parties|groups|tables)\s+of\s+|an?\s+(?:party|group|table)\s+of\s+)?{COUNT}\b"
    rf"|\b{_ROOM_VERB}\s+(?:only\s+|just\s+)?(?:up\s+to|at\s+most|a\s+maximum\s+of|a\s+max\s+of"
    rf"|no\s+more\s+than|max(?:imum)?)\s+{COUNT}\b"
    rf"|\b{_ROOM_VERB}\s+{COUNT}\s+(?:people\s+|guests\s+)?(?:at\s+most|max(?:imum)?)\b"
    rf"|\bmax(?:imum)?\.?\s+(?:party|group|table|booking|reservation)\s+size"
    rf"(?:\s+(?:is|of))?\s*:?\s*{COUNT}\b"
    rf"|\b(?:max(?:imum)?\.?|at\s+most|no\s+more\s+than|up\s+to)\s+(?:of\s+)?{COUNT}"
    r"\s+(?:people|guests|diners|persons|per\s+(?:table|party|group|booking|reservation))\b"
    rf"|\b(?:largest|biggest)\s+(?:table|booth|room|space)\s+(?:only\s+)?(?:seats|holds"
    rf"|takes|fits|sits|is\s+for|is\s+a)\s+{COUNT}\b"
    rf"|\b{_PARTY_NOUN}\s+(?:of\s+)?{COUNT}\s+or\s+(?:fewer|less|smaller|under)\b"
    rf"|\b{_PARTY_NOUN}\s+(?:of\s+)?(?:up\s+to|at\s+most)\s+{COUNT}\s+only\b"
    rf"|\b(?:seats|holds|accommodates|(?:can|could)\s+(?:seat|hold|accommodate))\s+{COUNT}"
    r"\b(?!\s*(?:more|extra|other|additional|others|at\s+(?:the\s+|a\s+)?(?:bar|counter|window)"
    r"|outside|on\s+the|in\s+the|inside|per|to\s+a|people\s+(?:at|on|in|outside)|[-:%.,]\d|\+))"
)
"""A place said to hold at most a number of people ("They can only seat four", "Max party size
is 4", "seats up to 4", "parties of 5 or fewer"), or said to hold a number, which is all it
holds ("Green Fork seats 4", "can seat four"; not "seats 4 at the bar", "seats 4 more"): a
party above it cannot be seated. The one number (:data:`COUNT`) of the match is the most it
holds."""
PARTYS_BOOKING_BEFORE = re.compile(
    r"\b(?:the|our|this|my|your)\s+(?:table|booth|booking|reservation)\s+$"
)
"""The party's own booking right before a limit ("Our table only seats 5", "the booking only
takes 5"): the count the party books, which a domain reads against its group, not the place's
room."""
_FOR_PARTY = r"(?:reservations?\s+for\s+|bookings?\s+for\s+|walk-ins\s+for\s+)?"
_PARTY_OF = r"(?:(?:parties|groups|tables)(?:\s+of)?\s+|an?\s+(?:party|group|table)\s+of\s+)"
PARTY_REFUSED = re.compile(
    r"\b(?:(?:don't|do\s+not|doesn't|does\s+not|won't|will\s+not|can't|cannot|can\s+not"
    r"|couldn't|could\s+not|unable\s+to|not\s+able\s+to)\s+(?:\w+\s+){0,2}?(?:take|accept"
    rf"|seat|book|accommodate|host|do|fit|handle|allow)\s+{_FOR_PARTY}{_PARTY_OF}?"
    rf"|no\s+{_FOR_PARTY}{_PARTY_OF})"
    r"(?P<over>(?:over|above|larger\s+than|bigger\s+than"
    rf"|more\s+than|exceeding)\s+)?(?:all\s+)?(?P<n>{COUNT})\b"
    r"(?P<more>\s*\+|\s+or\s+(?:more|larger|bigger|over)\b|\s+and\s+(?:up|over|above)\b)?"
    r"(?!\s*(?:%|km|mi\b|miles|minutes|mins|hours|stars|dollars|[:.]\d|[ap]\.?\s?m\b))"
)
"""A place said to refuse a party of a number ("They don't take reservations for parties of
six", "can't seat 6", "no groups of 6+", "They don't take groups over four"): a party of the
number ``n`` (or more, with ``more``; or above it, with ``over``) cannot be seated."""
DOUBT = re.compile(
    r"\b(?:not\s+(?:(?:entirely|fully|completely|totally|100%|quite|too|that|very|all\s+that"
    r"|at\s+all|really|so)\s+)*(?:sure|certain|confident|convinced|positive)"
    r"|unsure|uncertain|doubt(?:ful|s)?|skeptical|sceptical"
    r"|(?:can't|cannot|can\s+not|couldn't|could\s+not|unable\s+to|not\s+able\s+to)\s+"
    r"(?:fully\s+|really\s+|100%\s+)?(?:guarantee|promise|confirm|verify|vouch|be\s+sure"
    r"|be\s+certain|say\s+for\s+(?:sure|certain)))\b"
)
"""The agent saying it is not sure of something ("I'm not confident", "not sure", "I doubt",
"I can't guarantee"): of the plan working for the group (:data:`WORKS_FOR` after it), it
does not stand by the plan for all."""
DOUBT_NEGATED = re.compile(
    r"\b(?:no|never|without\s+(?:a|any)|don't|do\s+not|little|beyond)\s+(?:\w+\s+)?$"
)
"""Words before a doubt that deny it ("no doubt", "I don't doubt", "without a doubt")."""
YOUR_DOUBT = re.compile(r"\byou(?:'re|\s+are|\s+were|'d\s+be)?(?:\s+(?:still|really|also))?\s+$")
"""The user as the subject right before a doubt ("you're not sure", "you are not certain"):
not the agent's."""
WORKS_FOR = re.compile(
    r"\b(?:works?|working|suits?|suitable|fits?|serves?|covers?|meets?|satisf(?:y|ies)"
    r"|accommodates?|caters?|(?:is|are|be|'s|'re|being)\s+(?:\w+\s+)?(?:ok|okay|fine|right"
    r"|safe|good|feasible|a\s+(?:good\s+)?(?:fit|match))"
    r"|can\s+(?:\w+\s+)?(?:eat|have|make|get|come|attend|join|manage)"
    r"|for\s+(?:everyone|everybody|all|each|every\s+(?:guest|one|person)|the\s+(?:whole\s+)?"
    r"(?:group|party|table)|all\s+of\s+(?:you|us|them)))\b"
)
"""What says the plan holds for the group or for a guest ("this works for everyone", "it suits
Mei", "Mei can eat there", "is fine for all"): doubted, the plan is not stood by."""
PLACE_LIMIT_CUES = (
    *("hour", "open", "serv", "only", "breakfast", "brunch", "lunch", "dinner", "supper"),
    *("daytime", "evening", "closed", "shut", "business", "longer", "exist"),
    *("defunct", "seat", "max", "most", "up", "largest", "biggest", "fewer", "less"),
    *("smaller", "under", "over", "above", "than", "exceed", "n't", "not", "no"),
    *("sure", "certain", "confident", "convinced", "positive", "doubt", "skeptic", "sceptic"),
    "just",
    *("hold", "accommodat"),
    "unable",
)
"""Words one of which every match of :data:`OPEN_HOURS`, :data:`MEALS_ONLY`,
:data:`MEAL_SHUT`, :data:`CLOSED_FOR_GOOD`, :data:`PARTY_LIMIT`, :data:`PARTY_REFUSED`
and :data:`DOUBT` holds."""
