"""The words by which an answer says its plan is not for everyone, in every planning domain.

A plan (a meeting slot, a restaurant at a time) must serve the whole group. An answer that
states one and also says it is not for everyone does not stand by it for the whole group,
however it scores:

- someone left out of it, or out of part of it (:func:`absent`): cannot come, will miss it,
  will be late or leave early, can stay only part of it ("Jerry can't attend", "José will be a
  bit late"); made optional (:func:`optional`: "Mei is optional");
- the plan said to go on without someone (:func:`without`: "We'll go ahead without Jerry");
- the plan said to suit all but someone (:func:`all_but`: "Everyone except Björn can eat
  there") or only some (:func:`some_of`: "two of the three", "most of the group");
- a claim that no plan suits everyone beside the plan (:func:`no_plan_for_all`, read by
  :func:`claims_none_for_all`: "No slot works for everyone, so here's the best compromise");
- the plan said to hold only if someone changes what they do (:func:`on_someones_change`:
  "provided Jerry can move his call", "as long as José can leave work early").

Each domain builds these patterns once with its own words: who may be left out (a name or a
pronoun, as its text is written: scheduling reads names by their capital, dining by the group's
names; an empty pattern gives the words after someone, for a domain that finds the someone
first), what its plan is called (a slot, a restaurant) and what its event is (a meeting, a
dinner). The domain decides where in an answer they are read and what problem each one is.
"""

from __future__ import annotations

import re

HEDGE = re.compile(r"\b(?:if|unless|in case|whether|assuming|suppose|when|once)\b", re.I)
"""A condition before words about someone: a case considered ("if Jerry is late"), not a fact."""
CLAUSE_CUT = re.compile(r"[,;\u2013\u2014]|(?<!\d):(?!\d)|\s-\s")
"""Where a clause ends inside a sentence: a condition governs no later clause ("If you'd like,
I can send the invite; Jerry will be late." says Jerry will be). A colon inside a time
("17:30") ends none."""
_CLOSERS_OF_THE_DAY = (
    r"anyway|anymore|any more|tonight|today|after all|either|at all|then"
    r"|(?:this|that) (?:time|day|evening|night|afternoon|morning)|unfortunately|sadly|though"
    r"|tho|fyi|btw|alas|lah|lol|sry|sorry|I'm afraid|i'm afraid|I think|i think|it seems"
)
_ASIDE_CLOSERS = r"\s*\((?:sadly|unfortunately|alas|sorry|fyi|FYI|sigh|:\()\)"
NOT_COMING_CLOSERS = rf"(?:,?\s+(?:{_CLOSERS_OF_THE_DAY}|tomorrow)|{_ASIDE_CLOSERS})*"
"""Words that may close someone's not coming ("Jerry can't make it tonight", "... after
all", "... tho", "... (sadly)")."""


PLAN_OFF = (
    r"(?i:(?:if|in case|should|in the event(?: that)?)\s+(?:(?:the|our|my|this|that|your)\s+"
    r"(?:\S+\s+)?(?:booking|reservation|plan|table|slot|meeting|call|dinner|meal|invite|time"
    r"|restaurant|place|venue)|it|we|I|you|they)(?:'s|'re)?"
    r"(?:\s+(?!(?:not|never|no)\b)\w+(?<!n't)){0,3}?\s+"
    r"(?:fail(?:s|ed)?|falls? through|fell through|cancel\w*|moved?|moves|pushed|bumped"
    r"|changed?|changes|rescheduled|declined|lost|full|(?:\w+n't|\w+\s+not|cannot)\s+(?:be\s+)?"
    r"(?:go through|go ahead|confirm(?:ed)?|book(?:ed)?|reserved?|get|hold|happen|work out)"
    r"|(?<!\bor )(?:earlier|later)|instead|elsewhere|somewhere else)\b)"
)
"""A case in which the plan is not had: it fails, is cancelled, not booked, moved or another
("if the booking fails", "if the reservation doesn't go through", "if we can't get the table",
"if the slot moves", "if it's any later"). Words said of that case are of no plan the answer
gives: "José will miss dinner if the booking fails" (:func:`of_no_plan`) and "If the booking
fails, José will miss dinner" (:func:`hedged`) say nothing of this one. A case of the guest
("if he can't leave work") is none: the words stand, as "If he can't leave work, José will
miss it" does; nor is a case denied ("if we don't go elsewhere": this plan) or one reaching the
plan ("if it's at six or later")."""
_PLAN_OFF_IN_CLAUSE = re.compile(rf"\b{PLAN_OFF}")
_PLAN_OFF_OPENS = re.compile(rf"\s*(?i:only\s+)?{PLAN_OFF}")
_PLAN_OFF_CLAUSE = re.compile(rf"\s*(?i:only\s+)?{PLAN_OFF}[^,;\u2013\u2014]*(?:,|\s-)\s*$")
"""A clause of :data:`PLAN_OFF`, to the cut that ends it."""


def of_no_plan(text: str, end: int, stop: int | None = None) -> bool:
    """Whether words about someone ending at ``end`` are said of a case with no plan
    (:data:`PLAN_OFF`): the condition follows them in their clause ("José will miss dinner if
    the booking fails", "Raj can join for dessert if the booking fails") or opens the
    next ("Jerry can't make it, if the slot moves"), read up to ``stop`` (the sentence's end;
    the text's by default). A condition opening a later clause of its own ("..., but if the
    booking fails, ...") is of that clause."""
    stop = len(text) if stop is None else stop
    cut = CLAUSE_CUT.search(text, end, stop)
    if _PLAN_OFF_IN_CLAUSE.search(text, end, cut.start() if cut else stop):
        return True
    return cut is not None and _PLAN_OFF_OPENS.match(text, cut.end(), stop) is not None


def hedged(text: str, start: int, at: int) -> bool:
    """Whether a condition (:data:`HEDGE`) stands before ``at`` in its clause, read from
    ``start`` (the sentence's start) and cut at :data:`CLAUSE_CUT`: "If Jerry is late, ..." is
    a case considered; in "If needed, Jerry will join late" and "When you send it, Jerry will
    be late" the condition is of another clause, and the words are stated. A clause right
    before of a case in which the plan is not had (:data:`PLAN_OFF`: "If the booking fails,
    José will miss dinner") holds them back too."""
    cuts = [cut.end() for cut in CLAUSE_CUT.finditer(text, start, at)]
    clause = cuts[-1] if cuts else start
    if HEDGE.search(text, clause, at) is not None:
        return True
    before = cuts[-2] if len(cuts) > 1 else start
    return bool(cuts) and _PLAN_OFF_CLAUSE.match(text[before:clause]) is not None


QUALIFIED_CLAIM = re.compile(
    r"\b(?:earlier|later|other|else|before|after|than|besides|except|apart from|shorter|longer"
    r"|better|closer|cheaper|quieter|nearer|sooner|bigger|smaller|larger)\b",
    re.I,
)
"""A claim about some plans only ("No other slot works for everyone", "no earlier slot", "I
couldn't find a shorter slot that works for everyone"), read from the claim on: a reason for
this one, no claim that none is had."""
MODALS = r"(?:\s+(?:will|is going to|has to|have to|needs? to|must)|'ll)*"
"""Modals of a fact to come ("will", "has to"); never of a possibility ("might", "would")."""
COUNTS = {
    w: n
    for n, w in enumerate(
        ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), 1
    )
}
"""Counts in words, as :func:`some_of` reads them."""


_CLAUSE_END = r"(?=\s*(?:[.,;:!?)\]\n\u2014-]|$|but\b|so\b|and\b|too\b|as well\b))"
_ENDS_CLAUSE = rf"{NOT_COMING_CLOSERS}{_CLAUSE_END}"
"""The end of someone's clause, after the words that may close it: "Raj declined." says he
will not come; "Raj declined the wine pairing" does not."""
_ENDS_CLAUSE_TODAY = rf"(?:,?\s+(?:{_CLOSERS_OF_THE_DAY}))*{_CLAUSE_END}"
""":data:`_ENDS_CLAUSE` without "tomorrow": "Raj has a prior commitment tomorrow" is another
day's, where "Raj can't make it tomorrow" is said of the plan's day."""
_CONFLICT_ENDS = (
    r"(?:,?\s+(?:anyway|tonight|today|unfortunately|sadly|though|tho|I'm afraid|i'm afraid))*"
    rf"{_CLAUSE_END}"
)
""":data:`_ENDS_CLAUSE_TODAY` without "then" nor a part of the day: "Jerry has a conflict then"
after "We can't meet at 9:00:" and "Jerry has a conflict that morning" are another time's, which
the readers of busy time weigh against the plan."""
_ATTENDING = r"(?:come|join(?: us)?|attend|go|be there|make it|show up)"


def _declined(events: str) -> str:
    """The words after someone that decline the plan in plain terms, as an alternation:
    declined or opted out ("Raj declined.", "Jerry has opted out", "dropped out"), a preference
    not to come ("prefers not to come", "would rather skip this one"), a no ("said no", "is a
    no", "RSVP'd no"), passing on it ("is passing on this one", "will pass"), not wanting to
    ("doesn't want to join", "isn't interested"), other plans ("has other plans tonight", "has a
    prior commitment"), staying home, not invited ("wasn't invited", "isn't on the guest
    list"), a maybe ("is a maybe"), not needed or free to skip it ("doesn't need to come", "is
    welcome to skip"), or catching the recording. Each ends its clause (:data:`_ENDS_CLAUSE`)
    or names the plan, so a choice of something else ("declined the wine pairing", "said no to
    the tasting menu", "would rather sit by the window") is no decline. ``events``: what the
    plan's event is called."""
    plan = rf"(?:it|this|that|this one|tonight|today|(?:the |this |our |tonight's )?(?:{events}))"
    return (
        r"(?:\s+(?:has|have|had)|'s)?\s+(?:declined|opted out|dropped out|bowed out|pulled out"
        rf"|backed out)(?:\s+of\s+{plan}\b|{_ENDS_CLAUSE})"
        r"|\s+(?:prefers|would prefer|'d prefer|would rather|'d rather)\s+(?:not\s+to\s+"
        rf"{_ATTENDING}|not\s+{_ATTENDING}|(?:to\s+)?(?:skip|miss|sit out)\s+{plan})\b"
        rf"|(?:\s+(?:has|have)\s+)?\s+(?:said|says|answered|replied|RSVP'd|RSVPed|rsvp'd|rsvped)"
        rf"\s+no{_ENDS_CLAUSE}"
        rf"|(?:\s+is|'s)\s+a\s+(?:hard\s+|definite\s+|firm\s+)?no{_ENDS_CLAUSE}"
        rf"|(?:\s+is|'s|\s+will be|'ll be)\s+passing(?:\s+on\s+{plan}\b|{_ENDS_CLAUSE})"
        rf"|{MODALS}\s+pass(?:\s+on\s+{plan}\b|{_ENDS_CLAUSE})"
        rf"|\s+(?:doesn't|does not|didn't|did not)\s+want\s+to\s+{_ATTENDING}\b"
        rf"|\s+(?:isn't|is not|wasn't|was not)\s+interested(?:\s+in\s+(?:coming|joining"
        rf"|attending|going|{plan}\b)|{_ENDS_CLAUSE})"
        r"|\s+(?:has|'s got|has got)\s+other\s+plans\b(?!\s+(?:after(?! all)|later|afterwards"
        r"|for (?:later|tomorrow|the weekend)))"
        rf"|{MODALS}\s+stay\s+(?:home|at home|in){_ENDS_CLAUSE}"
        r"|\s+(?:wasn't|was not|isn't|is not|hasn't been|has not been)\s+(?:invited"
        rf"|on\s+the\s+(?:guest\s+|invite\s+)?list){_ENDS_CLAUSE}"
        rf"|(?:\s+is|'s)\s+a\s+maybe{_ENDS_CLAUSE}"
        r"|(?:\s+(?:has|had)|'s got)\s+a\s+prior\s+(?:commitment|engagement)"
        rf"{_ENDS_CLAUSE_TODAY}"
        rf"|\s+(?:doesn't|does not)\s+need\s+to\s+{_ATTENDING}{_ENDS_CLAUSE}"
        rf"|(?:\s+is|'s)\s+welcome\s+to\s+(?:skip|sit out)(?:\s+{plan}\b|{_ENDS_CLAUSE})"
        r"|(?:\s+(?:can|could|will)|'ll)\s+(?:catch|watch|view|get|review|read|see)"
        r"\s+(?:up\s+on\s+)?the\s+(?:recording|notes|minutes|summary|recap)(?:\s+(?:later|afterwards?))?"
        rf"{_ENDS_CLAUSE}"
    )


_AWAY_NOW = (
    r"(?:'s|'re|\s+is|\s+are|\s+will\s+be|'ll\s+be)"
    r"(?:\s+(?:still|also|now|actually|currently|unfortunately|sadly))?\s+(?:out(?:\s+sick"
    r"|\s+of\s+(?:town|the\s+office|office|the\s+country))?|away|abroad|overseas|travel+ing"
    r"|on\s+(?:leave|vacation|holiday|holidays|a\s+(?:business\s+)?trip|PTO|pto"
    r"|(?:sick|annual|parental|maternity|paternity)\s+leave)|off\s+sick|home\s+sick|sick|ill"
    r"|unwell|in\s+(?:the\s+)?hospital|at\s+(?:a|the)\s+conference|at\s+an\s+offsite|OOO|ooo"
    r"|down\s+with\s+(?:the\s+flu|a\s+cold|covid|COVID|a\s+fever|something)"
    r"|under\s+the\s+weather"
    r"|(?:stuck|still)\s+(?:in|at)\s+(?!(?:the|a|an|his|her|their|my|our|your|this|that)\b)"
    r"[^\W\d_][\w-]*)"
    r"|(?:\s+(?:has|has got)|'s got)\s+(?:the\s+flu|a\s+cold|covid|COVID|a\s+fever)"
)
"""Someone away or ill as things stand ("Raj is out of town", "Jerry is on vacation",
"Mei is sick", "José has the flu"), read by :func:`absent` only where the clause ends after
it (:data:`_AWAY_ENDS`): said with no other time, it is said of the plan; "out until 14:00",
"travelling next week" or "sick last week" are another time's."""
_AWAY_ENDS = (
    r"(?:\s+(?:today|tonight|this\s+(?:week|evening)|that\s+(?:day|week|evening|night)"
    r"|all\s+(?:day|week)|then|at\s+that\s+time|at\s+the\s+time"
    r"|at\s+the\s+moment"
    r"|right\s+now|currently|these\s+days|for\s+the\s+(?:week|day)))?"
    r"(?=\s*(?:[.!;:\n)\]]|$|,?\s+so\b|,\s+(?:sadly|unfortunately|I'm afraid)|\s-\s|[\u2013\u2014]"
    r"|,?\s+and\s+(?:won't|can't|cannot|will not|isn't|is not|won't be able to)\b))"
)
"""The end of an away clause: a sentence's end or "so" (a consequence), after words of now
("today", "this week"); never "but" ("Raj is travelling but back by 17:00" is no absence),
nor a morning or afternoon, which may be another part of the day than the plan's ("out this
morning"). In scheduling "tonight" and "today" name a day, and a sentence naming another day
than the slot's is not read of the slot (``domains/scheduling/answers.py``)."""


_STATUS_OF_ANYONE = (
    r"skipping|absent|away|sick|ill|unavailable|excused|not coming|not attending|not joining"
    r"|out sick|sends? regrets|regrets|bailed|bailing|no-show"
)
"""A status after someone and a colon or dash that says they are out ("Ana: skipping", "Raj -
out sick") in words no other label is written in: :func:`absent` reads it after any name
("Location: TBD" is no one's status, where "Jerry: TBD" is)."""
OUT_MARKS = (
    r"(?:[\u274c\u274e\u26d4\u2716\u2717\u2718\u23f3\u231b\U0001f6ab\U0001f44e\U0001f534"
    r"\U0001f6d1]\ufe0f?|:(?:x|no_entry|no_entry_sign|heavy_multiplication_x|thumbsdown"
    r"|negative_squared_cross_mark|hourglass|hourglass_flowing_sand|red_circle|stop_sign"
    r"|question|grey_question|person_shrugging|shrug):)"
)
"""A mark of someone out of the plan, or not settled in it, beside their name: a cross, a
no-entry sign, a thumbs-down, an hourglass, a question mark, as written or as
:func:`checkers.text.fold` names it (":x:"; a ballot cross folds to a bare "x", read by
:data:`OUT_STATUS`)."""
_LATE = r"(?:running|joining|arriving|coming|dialing in|dialling in|showing up|getting there)"
OUT_STATUS = (
    rf"(?i:{_STATUS_OF_ANYONE}|no|nope|nah|out|x|\?+|maybe|tentative|pending|tbd|tbc|tba"
    r"|unsure|undecided|unconfirmed|not confirmed|not sure|on the fence|declined|cancel+ed"
    rf"|late|{_LATE} late|late arrival|(?:leaving|leaves|has to leave|must leave) early"
    r"|early exit|partial(?:ly)?(?: (?:free|available))?|part(?:ial)? only|busy|conflict|clash"
    r"|not (?:free|available|ok|okay|in|going|there|able to (?:come|make it|attend|join))"
    r"|(?:can'?t|cannot|can not|won'?t|will not)(?: (?:make it|come|attend|join|go|be there))?"
    r"|no (?:response|reply|answer)(?: yet)?|awaiting (?:reply|response|confirmation)"
    r"|out of (?:town|office|the office)|travel+ing|on (?:leave|vacation|holiday|PTO|pto)"
    r"|dropped out|opted out|count me out|i'm out|i am out|not tonight|not this time"
    r"|i can'?t(?: make it| come)?|i won'?t(?: make it)?|i'll pass|pass|next time)"
)
"""A status that marks someone out of the plan, late to it, or not settled in it, as it is
written beside a name ("Raj: no", "Zoë: can't make it", "Raj (late)", "Raj: TBD", "Jerry -
joining late", a reply quoted: 'Raj: "count me out"'); read only where it ends its item
(:func:`marked`) and only after a member's name: after any capitalised word ("Location:
TBD", "Parking: no") it is no one's."""
_ITEM_ENDS = rf"[*_\"'\u201d\u2019]*{NOT_COMING_CLOSERS}(?=[*_]*\s*(?:[),;.!|\n]|$|\s-\s|\u2014))"
_BESIDE = r"[*_]*\s*(?:[:=\u2013\u2014\u2192>]|-+>|=>|\s-|\()\s*[*_]*[\"'\u201c\u2018]?\s*"
_BARE_IN_BRACKETS = (
    r"pending|tentative|tbd|tbc|tba|optional|maybe|out|late|absent|excused|declined|unconfirmed"
    r"|not coming|not confirmed|undecided"
)


def beside(status: str) -> str:
    """A domain's own ``status`` (a pattern) written beside someone, as :func:`marked` reads
    one of :data:`OUT_STATUS`: after a colon, dash, arrow or bracket, ending its item ("Raj:
    nothing to eat", "Raj (no suitable dishes)", "- Raj — no options")."""
    return rf"{_BESIDE}(?:{status}){_ITEM_ENDS}"


def marked(attendee: str) -> re.Pattern[str]:
    """Someone (``attendee``, a pattern for the group's own names: see :data:`OUT_STATUS`)
    marked out of the plan, late to it or undecided beside their name: a mark
    (:data:`OUT_MARKS`: "Raj \u274c", "Mei: \U0001f6ab", "Jerry \u23f3"), or a status
    (:data:`OUT_STATUS`) after a colon, dash, arrow or bracket that ends its item ("Raj:
    no", "Zoë: can't make it.", "Raj (not coming)", "Raj \u2192 no", "Raj: TBD"), a status in
    brackets with the name ("(Jerry pending)"), or the name struck through ("~~Raj~~").
    A note that goes on is none ("Björn (no dairy)", "Raj: no peanuts")."""
    return re.compile(
        rf"{attendee}(?:[*_]*\s*(?:[:\u2013\u2014\u2192>(]|-+>|\s-)?\s*{OUT_MARKS}"
        rf"|{_BESIDE}{OUT_STATUS}{_ITEM_ENDS}"
        rf"|\s+(?i:{_BARE_IN_BRACKETS})\s*\)"
        r"|~~(?=\s*(?:[),;.!|\n]|$))"
        r"|\s+x(?=\s|[),;.!|]|$))"
    )


_LIKELY = (
    r"(?:\s+(?:probably|likely|most likely|very likely|possibly|maybe|prob|def|definitely"
    r"|still|just|really|actually|now|sadly|unfortunately))?"
)
"""A word between someone and their not coming that leaves it said: a likelihood ("Raj probably
can't make it") does not stand by the plan for everyone any more than a fact does."""
_JOINING = r"be joining|be arriving|be coming|be getting there|be dialing in|be dialling in"
_SPAN = (
    r"(?:about\s+|around\s+|roughly\s+|~\s*)?(?:an?\s+(?:hour|half hour)|half an hour"
    r"|\d+\s*(?:minutes?|mins?|hours?|hrs?|h)\b|(?:ten|fifteen|twenty|thirty|forty|forty-five"
    r"|sixty|ninety)\s+min\w*)"
)
"""A length of time someone stays or waits ("an hour", "30 min", "~20 minutes")."""
_GOING = (
    r"leave|drop|drop off|head out|step out|duck out|hop off|jump off|sign off|log off|go"
    r"|take off|bounce|dip|head home|split"
)


def _not_coming_otherwise(events: str) -> str:
    """The words after someone that say they will not come, or come for part of the plan, in
    other words than :func:`absent`'s others: cancelled ("Raj cancelled.", "has to cancel"),
    regrets or apologies sent, flaked, not available or present ("isn't available tonight",
    "won't be present"), a conflict ("has a scheduling conflict"), dinner elsewhere, not
    included, unlikely or undecided ("is unlikely to come", "is tentative", "is on the
    fence", "hasn't confirmed"), late in other words ("is joining late", "joins late", "will
    be a few minutes behind"), leaving after a length ("will have to leave after an hour")
    or staying one ("can only stay an hour"), or a refusal reported or quoted ('said "count
    me out"', "Raj's reply: no."). Each ends its clause or names what it speaks of, so that a
    thing cancelled, sent or not included is none ("cancelled the cake order")."""
    return (
        rf"(?:\s+(?:has|had)|'s)?\s+cancel+ed(?:\s+on\s+(?:us|you|them|the group))?{_ENDS_CLAUSE}"
        rf"|{MODALS}\s+cancel(?:\s+on\s+(?:us|you|them))?{_ENDS_CLAUSE}"
        r"|\s+sends?\s+(?:(?:his|her|their)\s+)?(?:regrets|apologies|apologi[sz]es)"
        rf"{_ENDS_CLAUSE}"
        rf"|(?:\s+(?:has|had)|'s)?\s+flaked(?:\s+on\s+(?:us|you|it|this|them))?{_ENDS_CLAUSE}"
        r"|\s+(?:isn't|is not|won't be|will not be|isn't going to be|is not going to be"
        rf"|wasn't|was not)\s+(?:available|free|around|present|there|in town){_ENDS_CLAUSE}"
        r"|(?:\s+(?:has|had|has got)|'s got)\s+a\s+(?:scheduling\s+|calendar\s+|diary\s+"
        rf"|work\s+|family\s+)?(?:conflict|clash|emergency){_CONFLICT_ENDS}"
        r"|(?:\s+is|'s|\s+will be|'ll be)\s+(?:having|eating|getting)\s+(?:dinner\s+|a meal\s+"
        r"|food\s+|supper\s+)?(?:elsewhere|somewhere else|at home)\b"
        r"|\s+(?:is not|isn't|wasn't|was not|won't be|will not be)\s+(?:included|counted in"
        rf"|part of (?:it|this|the (?:{events}|group|plan))){_ENDS_CLAUSE}"
        r"|(?:\s+is|'s)\s+(?:very\s+|quite\s+)?unlikely\s+to\s+(?:come|make it|attend|join"
        r"|be there|show)\b"
        r"|(?:\s+is|'s)\s+(?:still\s+)?(?:tentative|undecided|unsure|on the fence|unconfirmed"
        rf"|not confirmed|iffy|50/50){_ENDS_CLAUSE}"
        r"|\s+(?:hasn't|has not)\s+(?:yet\s+)?(?:confirmed|replied|responded|rsvp'd|rsvped"
        rf"|RSVP'd|RSVPed|gotten back(?: to (?:us|me))?)(?:\s+yet)?{_ENDS_CLAUSE}"
        r"|(?:\s+is|'s)\s+(?:joining|arriving|coming|dialing in|dialling in|showing up)"
        r"\s+late\b"
        r"|\s+(?:joins|arrives|comes in|dials in|shows up|hops on|gets there|gets in|rolls in)"
        r"(?:\s+(?:a bit|a little|~?\s*\d+\s*min\w*))?\s+late\b"
        r"|(?:\s+(?:will|is going to)|'ll)?\s+be\s+(?:a few|a couple of|~?\s*\d+"
        r"|ten|fifteen|twenty|thirty)\s*-?\s*(?:minutes?|mins?)\s+behind\b"
        rf"|(?:{MODALS}|\s+(?:can|could|will)(?:\s+only)?)\s+(?:{_GOING})\s+after\s+{_SPAN}"
        r"|\s+(?:can|could|will)\s+only\s+(?:stay|be there|be here|be with us|join|make it"
        rf"|hang around|hang out)\s+(?:for\s+)?{_SPAN}"
        r"|(?:\s+(?:has\s+)?(?:said|says|answered|replied|wrote|texted|messaged|responded)"
        r"|'s\s+(?:reply|response|answer|rsvp|RSVP)(?:\s+(?:was|is))?)\s*:?\s*"
        rf"[\"'\u201c\u2018]?\s*{OUT_STATUS}{_ITEM_ENDS}"
    )


def absent(attendee: str, events: str) -> re.Pattern[str]:
    """Someone (``attendee``, a pattern) who will not attend the plan, or only part of it:
    cannot come ("Jerry can't attend", "won't be able to make it"), will miss it or part of it
    ("will have to miss this one", "will miss dinner", "will miss the first 15 minutes"), skips it
    or is absent ("skips dinner", "is skipping.", "will be absent"), bails ("bailed on us"), is
    marked so after a colon or dash ("Ana: skipping", "Raj - out sick"), will be late or leave
    early ("will be 15 minutes late", "can join a little late", "has to leave early", "is
    running late", "has a hard stop 30 minutes in", "will hop off halfway through"), can stay
    only part of it ("can only join for the last half hour", "will dial in for the second
    half"), sits it out, declined it (:func:`_declined`), is away or ill as things stand
    (:data:`_AWAY_NOW`), or sends someone in their place.
    ``events``: an alternation of what the plan's event is called ("meeting|call|slot"). A
    possibility or a counterfactual is no such statement ("he might be a minute late", "Jerry
    would miss it")."""
    return re.compile(
        rf"{attendee}(?:"
        rf"{_LIKELY}\s+(?:can't|cannot|can not|won't|will not|couldn't|could not|isn't able to"
        r"|is not able to|is unable to|won't be able to|will not be able to)"
        rf"\s+(?:make it|attend|join(?: us)?|come|be there|be at (?:the |this |our )?(?:{events}))"
        rf"{NOT_COMING_CLOSERS}(?=\s*(?:[.,;:!)\]\n\u2014-]|$|but\b|so\b|and\b|either\b"
        rf"|(?:to|for) (?:this|that|the|our) (?:one|{events})\b))"
        r"|(?:\s+(?:isn't|is not|won't be|will not be)|'s not)\s+(?:coming|joining|attending)\b"
        rf"|{MODALS}\s+miss(?:es)?\s+(?:it|this|that|part|some|half|out"
        rf"|the (?:{events}|start|beginning|end|first|last|second|final)|\d+|a few"
        rf"|(?:(?:our|tonight's|today's)\s+)?(?:{events}))\b"
        rf"|(?:{MODALS}\s+skip(?:s|ping)?|(?:\s+is|'s|\s+will be|'ll be)\s+skipping)"
        rf"(?:\s+(?:it|this one|(?:(?:the|this|our|tonight's|today's)\s+)?(?:{events}))\b"
        rf"|{_ENDS_CLAUSE})"
        rf"|(?:{MODALS}|\s+is|'s|\s+has)\s+bail(?:s|ed|ing)?(?:\s+out)?"
        rf"(?:\s+on\s+(?:us|you|them|the group|it|this|this one|(?:the |tonight's )?(?:{events}))\b"
        rf"|{_ENDS_CLAUSE})"
        rf"|\s*[:\u2013\u2014-]\s*(?:{_STATUS_OF_ANYONE})"
        r"(?=\s*(?:[),;.!\n]|$))"
        r"|(?:\s+is|'s|\s+will be|'ll be|\s+is going to be)\s+absent\b(?!-)"
        rf"|(?:{MODALS}|\s+can(?: only)?)\s+(?:be|arrive|join|come in|dial in|show up|{_JOINING}"
        r"|hop on|jump on|log on|get there|get in|roll in)"
        r"(?:\s+(?:about|around|roughly))?(?:\s+~?\s*(?:\d+(?:\s*-\s*\d+)?|a few|a couple of|ten"
        r"|fifteen|twenty"
        r"|thirty)\s*-?\s*(?:minutes?|mins?)|\s+a (?:bit|little|little bit)"
        r"|\s+(?:half|a quarter of) an hour|\s+an? (?:hour|half hour))?\s+late\b"
        r"(?!\s*-?\s*(?:in|on|that|this|morning|afternoon|day)\b)"
        rf"|{MODALS}\s+(?:leave|drop off|step out|head out|duck out|hop off|sign off)"
        r"(?:\s+(?:\d+ minutes|a (?:bit|little)))?\s+(?:early|before the end)\b"
        r"|\s+(?:can|will|could)\s+only\s+(?:(?:join|attend|make it|make|stay|be there|be in"
        r"|be on|sit in|sit through)(?:\s+for)?\s+(?:the\s+)?(?:first|last|final|second|part"
        r"|half|some|\d+\s*min)|do\s+(?:the\s+)?(?:first|last|final|second|part|half|some)\b)"
        # a verb contracted onto the name ("Jerry'll", "Jerry's") has no space before it
        r"|(?:\s+(?:can|will|could)|'ll)\s+(?:only\s+)?(?:join|attend|make it|stay|be there"
        r"|dial in|call in|pop in|drop in|drop by|hop on|jump on|log on|tune in)\s+(?:for\s+)?"
        r"(?:the\s+)?(?:first|last|final|second|latter)\s+(?:half|part|\d+|few|couple)\b"
        rf"|(?:{MODALS}\s+sit|\s+sits|\s+sat|(?:\s+is|'s|\s+will be|'ll be)\s+sitting)"
        rf"\s+(?:this one|this|it|(?:the\s+)?(?:{events}))\s+out\b"
        r"|(?:\s+(?:has|have)|'s got)\s+(?:a\s+)?hard\s+stop\s+(?:\d+\s*(?:minutes?|mins?)"
        r"|half an hour|an hour|halfway|partway|midway)\s*(?:in|through)\b"
        rf"|{MODALS}\s+(?:leave|drop off|step out|step away|head out"
        r"|duck out|hop off|jump off|sign off|log off)\s+(?:halfway|partway|midway)\b"
        r"|(?:\s+is|'s|\s+will be|'ll be)\s+running\s+(?:a (?:bit|little)\s+|\d+\s*(?:minutes?"
        r"|mins?)\s+)?(?:late|behind)\b"
        rf"|\s+(?:has\s+)?declined\s+(?:the|this|our|my)\s+(?:invite|invitation|{events})\b"
        r"|(?:\s+(?:can|could|will)|'ll)\s+send\s+(?:someone|somebody|a delegate|a deputy"
        r"|a colleague"
        r"|(?:his|her|their)\s+(?:deputy|delegate|assistant))\s+(?:in (?:his|her|their) place"
        r"|instead|on (?:his|her|their) behalf)\b"
        rf"|{_declined(events)}"
        rf"|{_not_coming_otherwise(events)}"
        rf"|(?:{_AWAY_NOW}){_AWAY_ENDS}"
        r")"
    )


def optional(attendee: str) -> re.Pattern[str]:
    """Someone made optional or to be told afterwards ("(Jerry optional)", "Jerry is optional
    for this one", "Jerry can be briefed afterwards", "Jerry can catch up from the
    recording"): the plan is not for them. When they are to be told ("later", "afterwards")
    is part of the match: a reader that takes "later" for another plan ("Any later and Jerry
    can't make it") must not take these words' own for one."""
    return re.compile(  # "Jerry's", "Jerry'll": contracted onto the name, no space before
        rf"{attendee}(?:\s+(?:is|will be|would be|can be|could be)|'s)?\s+(?:optional|excused"
        r"|(?i:fyi|cc'?d?|for info|for information)(?:\s+only)?(?=\s*(?:[.,;)]|$))"
        r"|not (?:required|needed|necessary)(?=\s*(?:[.,;)]|$|for (?:this|the)"
        r"|to (?:attend|join))))\b"
        rf"|{attendee}\s+(?:can|could|will)\s+be\s+(?:briefed|caught up|filled in|updated)"
        r"(?:\s+(?:later(?:\s+on)?|afterwards?))?\b"
        rf"|{attendee}(?:\s+(?:can|could|will)|'ll)\s+catch\s+up\s+(?:later|afterwards"
        r"|(?:on|from|via)\s+(?:the\s+)?(?:recording|notes|minutes|summary))\b"
    )


_REGRET = (
    r"sadly|unfortunately|regrettably|i'm afraid|i am afraid|this time|for now|though"
    r"|since|because|as (?:she|he|they)|who"
)
"""Words after "without" someone and a comma that go on about their absence ("Without Mei,
sadly."), not about what they did ("Without Ana, we'd never have found it")."""


def without(name: str) -> re.Pattern[str]:
    """The plan said to go on without someone ("We'll go ahead without Jerry", "We'd be without
    Raj for the first half"): a verb of going on, then "without" and ``name`` (a pattern for
    one person); or "without" and the person alone, opening a line, an aside or a clause and
    ending it ("Monday, 14:30 - 15:30 (without Jerry)", "..., without Jerry.", "Without Mei,
    sadly."; not "without Jerry needing to move", "Without Ana, we'd never have found it")."""
    return re.compile(
        r"\b(?:go ahead|proceed|start|begin|meet|carry on|be|run it|do it|manage|eat|dine"
        rf"|have (?:it|dinner|the meeting))\s+without\s+{name}"
        r"|(?:^|(?<=[\n(\[,;:\u2013\u2014-]))[ \t*_]*[Ww]ithout\s+"
        rf"(?:{name})(?=[ \t*_]*(?:[.;:)\]!?\n]|$|,\s*(?:{_REGRET})\b))"
    )


def left_behind(name: str) -> re.Pattern[str]:
    """Someone (``name``, a pattern for one person) counted out of the plan or told of it
    afterwards: "Count Mei out", "leave Raj out", "We'll loop Jerry in afterwards", "I'll
    send Jerry a recap", "I'll catch Jerry up later"; or the plan said to be bad for them
    ("14:30 is bad for Jerry")."""
    return re.compile(
        rf"\b(?i:count|leave|cross|mark|strike)\s+{name}\s+(?i:out|off)\b"
        rf"|\b(?i:loop|fill|bring)\s+{name}\s+(?i:in)\s+(?i:afterwards?|later|after)\b"
        rf"|\b(?i:catch|brief)\s+{name}\s+(?i:up\s+)?(?i:afterwards?|later|after)\b"
        rf"|\b(?i:send|forward|share with)\s+{name}\s+(?i:a |the )?(?i:recap|summary|notes"
        r"|minutes|recording)\b"
        r"|\b(?i:is|'s)\s+(?i:bad|no good|not good|tough|hard|difficult|impossible|a problem"
        rf"|tricky|not ideal|awkward|a no)\s+(?i:for)\s+{name}(?=\s*(?:[.,;:!)\n]|$))"
    )


def refuses_alone(name: str) -> re.Pattern[str]:
    """Someone (``name``, a pattern for one person) opening a sentence that says only that
    they cannot or will not ("Raj can't.", "Raj won't."): said after a plan, of the plan. An
    ellipsis inside a sentence is of what it names ("Ana can have the satay but Raj can't")."""
    return re.compile(
        rf"(?:^|(?<=\n)|(?<=[.!]\s))[ \t*_>-]*{name}\s+(?i:can't|cannot|can not|won't|will not)"
        rf"{NOT_COMING_CLOSERS}\s*(?=[.!]|\n|$)"
    )


_ONE_OF = r"(?i:one|person|guest|participant|attendee|member)"
"""What "the only one" counts among the group."""
_CANNOT = (
    r"(?i:can't|cannot|can not|won't|will not|couldn't|could not|isn't able to|is not able to"
    r"|is unable to|won't be able to|will not be able to|unable to|not able to)"
)
_CAN = r"(?i:can|could|is able to|will be able to|is going to|will)"
_COMES = (
    r"(?i:make it|attend|join(?: us)?|come|be there|show up|eat (?:there|here|anything)"
    r"|eat at (?:it|the \w+))"
)
_FREE = r"(?i:(?:free|available|busy|away|out)(?: then| at that time)?)"
_ONLY_ENDS = rf"{NOT_COMING_CLOSERS}(?=\s*(?:[.,;:!)\]\n\u2014-]|$|but\b|so\b|and\b|either\b))"


def only_one(name: str) -> re.Pattern[str]:
    """Someone (``name``, a pattern for one person) set apart from the rest as to coming: the
    only one who cannot come or is busy ("Jerry is the only one who can't make it", "Raj is
    the only person unable to join", "The only one who can't make it is Jerry"), or the only
    one who can ("Jerry is the only one available", "Only Raj can make it"), which leaves the
    others out. Either way the plan is not for everyone. Not a trait that sets someone apart
    ("Raj is the only one with a nut allergy"), nor coming at another time ("... the only one
    who can make it earlier": the clause must end after coming)."""
    the_only = rf"(?:(?i:\s+(?:is|was|will be))|'s)\s+(?i:the\s+)?(?i:only)\s+{_ONE_OF}"
    who = r"(?:\s+(?i:who|that)(?:\s+(?i:is|'s))?)?"
    coming = rf"(?:\s+(?:{_CANNOT}|{_CAN})\s+{_COMES}|\s+{_FREE})"
    return re.compile(
        rf"{name}{the_only}{who}(?:{coming}|\s+{_CANNOT}\s+{_COMES}){_ONLY_ENDS}"
        rf"|\b(?i:the\s+only)\s+{_ONE_OF}{who}{coming}\s+(?i:is|will be)\s+{name}"
        rf"|\b(?i:only)\s+{name}\s+(?:{_CAN}\s+{_COMES}|(?i:is|will be)\s+{_FREE}){_ONLY_ENDS}"
    )


def all_but(groups: str, name: str) -> re.Pattern[str]:
    """The plan said to suit all but someone ("Everyone except Jerry is free then", "All but
    Björn can eat there"): everyone, all or the whole group (``groups``: what the domain calls
    it, "team|group"), then within the clause an exception of ``name`` (a pattern for one
    person, never a thing: "except for Jerry's 16:00 meeting" is the domain's to exclude),
    "except" or "with one exception:" ("Everyone can eat here, with one exception: Björn")."""
    return re.compile(
        r"\b(?:[Ee]veryone|[Ee]verybody|[Aa]ll(?: of (?:us|them|you))?"
        rf"|[Tt]he (?:whole )?(?:{groups})|[Tt]he others)\b(?:\s+(?:but|except)"
        r"|[^.;!?\n]{0,40}?\b(?:except(?: for)?|apart from|other than|save for|but not"
        r"|with (?:one |a single |an |the (?:one |only )?)exception(?:\s+of|\s*:)?))\s+"
        rf"{name}"
    )


_ALMOST = (
    r"(?:almost|nearly|virtually|practically|pretty\s+much|just\s+about|very\s+nearly"
    r"|not\s+quite)"
)
"""Words that take a whole down to nearly all of it ("almost everyone", "pretty much all")."""
_SOME_FEW = r"(?:one|two|a\s+couple|a\s+few|1|2)"
"""How many an exception with no name leaves out ("everyone but one of you")."""


def some_of(wholes: str, not_counted: str) -> re.Pattern[str]:
    """The plan said to suit some of the group: "two of the three" (groups 1 and 2: the counts,
    read by :func:`fewer`), "most of the team" (``wholes``: what the group is called, "us",
    "team"), nearly all of it ("almost everyone", "pretty much all of the team"), or all but a
    few not named ("all but one guest", "everyone except one of you"). A count of
    ``not_counted`` things ("two of the three slots", "1 of 2 minutes", "all but one dish") is
    none."""
    return re.compile(
        r"\b(\d|one|two|three|four|five|six)\s+(?:of|out of)\s+(?:the\s+|all\s+|our\s+|you\s+)?"
        rf"(\d|two|three|four|five|six|seven)\b(?!\s*(?:[-:]|{not_counted})\b)"
        rf"|\b(?:most|the majority)\s+of\s+(?:the\s+)?(?:{wholes})\b"
        rf"|\b{_ALMOST}\s+(?:everyone|everybody|all\s+(?:of\s+)?(?:the\s+)?(?:{wholes}))\b"
        r"|\b(?:everyone|everybody|all)\s+(?:but|except(?:\s+for)?|save(?:\s+for)?|apart\s+from"
        rf"|other\s+than)\s+{_SOME_FEW}\b(?!\s*(?:[-:]|{not_counted})\b)",
        re.I,
    )


def fewer(match: re.Match[str]) -> bool:
    """Whether a :func:`some_of` match counts fewer than the whole ("two of the three")."""
    if match[1] is None:
        return True  # "most of the team"
    some, whole = (COUNTS.get(g.casefold(), 0) or int(g) for g in (match[1], match[2]))
    return 0 < some < whole


def no_plan_for_all(
    nouns: str, flat: str, not_after: str, verbs: str, compromise_not_before: str = ""
) -> re.Pattern[str]:
    """A claim that no plan is had: "No slot works for everyone", "I couldn't find a restaurant
    that suits all six", "It isn't possible to find a time that suits everyone". ``nouns``:
    what a plan is called ("slot|time|window"), not before ``not_after`` ("conflicts": "no
    time conflicts" is no claim); ``verbs``: what is not possible ("find|schedule"). The group
    ``flat`` says it of everyone by itself: "the best compromise", or the domain's ``flat``
    alternation ("no perfect slot"); ``compromise_not_before``: a look-ahead that keeps a
    compromise between things out ("the best compromise between price and distance")."""
    return re.compile(
        rf"(?P<flat>{flat}|\b(?:best|closest) compromise\b{compromise_not_before})"
        r"|\b(?:no|not (?:a|one|any|a single))\s+(?:\w+\s+){0,2}?"
        rf"(?:{nouns})s?\b(?!\s*-?\s*(?:{not_after}))"
        r"|\b(?:couldn't|could not|can't|cannot|wasn't able to|was not able to|was unable to"
        r"|were unable to|unable to|failed to)\s+find\s+(?:a|any|one)\s+(?:\w+\s+){0,2}?"
        rf"(?:{nouns})s?\b"
        rf"|\b(?:isn't|is not|wasn't|was not|not)\s+possible\s+to\s+(?:{verbs})\b"
        rf"|\bimpossible\s+to\s+(?:{verbs})\b",
        re.I,
    )


def everyone(members: str, wholes: str, more: str = "") -> re.Pattern[str]:
    """The whole group named: everyone, "all three", "all of us", "the whole team" (``members``:
    what its members are called, "participants"; ``wholes``: what it is called, "team|group";
    ``more``: the domain's other words for all of it, "every box")."""
    return re.compile(
        r"\b(?:everyone|everybody|all (?:three|four|five|six|seven"
        rf"|{members}|of (?:us|them|you))|all \d|the whole (?:{wholes})|both of them{more})\b",
        re.I,
    )


def claims_none_for_all(
    text: str, claim: re.Match[str], whole: re.Pattern[str], start: int = 0, end: int | None = None
) -> bool:
    """Whether a :func:`no_plan_for_all` match in the sentence ``text[start:end]`` (the whole
    text by default) claims that no plan suits everyone: not under a condition, not about some
    plans only (:data:`QUALIFIED_CLAIM`), and of everyone (``whole``, an :func:`everyone`
    pattern, said in the sentence, or by the claim itself: "no perfect slot"). The condition
    must stand in the claim's own clause (:func:`hedged`): in "If you'd like, I can book it;
    there's no perfect option" it is of the offer, and the claim is said."""
    end = len(text) if end is None else end
    if hedged(text, start, claim.start()):
        return False
    if QUALIFIED_CLAIM.search(text, claim.start(), end) is not None:
        return False
    return bool(claim["flat"] or whole.search(text, start, end))


CONDITIONS = (
    r"\b(?:provided(?: that)?|providing|as long as|so long as"
    r"|(?:but\s+)?only\s+(?:\w+\s+){0,2}?if"
    r"|pending|subject to|tentative(?:ly)? until"
    r"|on (?:the )?condition(?: that)?|assuming(?: that)?|contingent on"
    r"|depending on whether)\s+"
)
"""The words that make what follows a condition of the plan, as :func:`on_someones_change`
reads them: "provided", "as long as", "only if"."""


def on_someones_change(attendee: str, changes: str) -> re.Pattern[str]:
    """The plan said to hold only if someone (``attendee``) changes what they do: a condition
    ("provided", "as long as", "only if", "assuming", "subject to"), the person, up to three
    words, then one of ``changes`` ("mov(?:e|es|ing)", "agree\\w*"): "provided Jerry can move
    his afternoon call", "only if Jerry agrees to shorten his block". No plan everyone can keep
    as things stand."""
    return re.compile(rf"{CONDITIONS}{attendee}(?:'s)?\s+(?:[\w']+\s+){{0,3}}?(?:{changes})\b")
