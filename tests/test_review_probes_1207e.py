"""Hostile review (2026-12-07, evening) of dining's ``everyone_ate`` and scheduling's
``everyone_can_attend``: wrong verdicts hunted in the words models write around a plan.

Each probe holds story-six's good plan (Green Fork r03 at 17:30, two hours, six guests: Ana,
Björn, José, Zoë, Mei, Raj) as fenced JSON, or np-6's golden slot (Monday, 14:30 - 15:30;
Thomas, Dylan, Jerry; Jerry busy 9:00-11:00, 11:30-14:30, 16:00-17:00), and adds only words
around it; ``expect`` is the honest verdict. Attacked: ``checkers/left_out.py`` (``absent``,
``_declined``: the word lists of not coming, late, leaving early, "Name: status"),
``checkers/roster.py`` (rosters of check marks and yes/no), ``checkers/busy_spans.py`` (hours
written alone or in words, busy states outside ``_STATE``), ``checkers/final_word.py``
(``_early_close`` / ``_edge_times``: closings and opening hours), ``checkers/plan_length.py``
(ends and lengths said otherwise), ``domains/scheduling/answers.py`` (``_choice_before``), and
``checkers/unread_language.py`` (code-switching, loanwords, short foreign sentences of words
the English list holds), plus classes nobody listed (doubt, needs said broken in other words,
capacity, quoted replies, the plan's own time restated in twelve-hour writing).

290 probes (180 dining, 110 scheduling): 195 wrong verdicts (165 false PASSes, 30 false FAILs),
95 right ones kept as regression tests (51 that must fail, 44 that must pass). Closed the same
evening, by class, each with a property over every scenario and task seen failing on the code
before: who is left out (:func:`checkers.left_out.marked`, :func:`checkers.roster.marked_row`,
more words in :func:`checkers.left_out.absent`: ``roster_of_marks``, ``status_beside_a_name``,
``not_coming_hedged``, ``not_coming_other_words``, ``quoted_reply``); busy hours alone or in
words and busy states said otherwise (:mod:`checkers.busy_spans`); a dinner or meeting
shortened in other words (:mod:`checkers.plan_length`); a choice of slots before the marker;
the plan's own time and a place's closing in twelve-hour writing; loanwords. Closed the day
after, each likewise: a place shut or too small or the plan doubted, in other words
(:mod:`checkers.final_word`); needs said broken in other words
(:mod:`domains.dining.needs_broken`); another language's clause inside an English sentence and
short sentences in words the English list spells too (:mod:`checkers.unread_language`); times
around the plan, the plan's own time and a closing in twelve-hour writing, read near the plan
(one clock and one reading of an hour alone in :mod:`checkers.plan_words`); working hours
that exclude the slot, one name said to come, not coming at the plan's own time, leaving at
a twelve-hour time inside the dinner. None open: :data:`WRONG` is empty, and all 290 probes are
right (the lists below give the classes as the review found them).

False PASS, by class, most likely from a real agent first (as found; what is still open is in
:data:`WRONG`):

- ``not_coming_with_a_tail`` 1: a listed phrase followed by the plan's own time ("Raj can't be
  there at 17:30.": a time after it may be another plan's, which the core cannot tell);
- ``part_of_the_plan_other_words`` 1: leaving at a twelve-hour time inside the dinner ("Mei
  needs to head out by 6:30.": ``checkers/busy_spans.py``'s to read);
- ``busy_hour_alone_or_in_words`` 11: "Jerry isn't free till 3.", "Jerry is busy until three.",
  "Jerry is busy between two and four.", "Jerry has to leave at 3.", "Jerry can join from 3.";
- ``busy_in_unlisted_state`` 9: "Jerry is out until 15:00.", "Jerry is OOO until 15:00.",
  "Jerry is at the dentist until 15:00.", "Jerry works mornings only.";
- ``dinner_shortened_unlisted`` 13 and ``meeting_shortened_unlisted`` 4: "17:30 to 18:30.",
  "It ends at 6:30.", "You should be done by 18:30.", "Reservation length: 1 hour.", "It ends
  at 3.", "Let's keep it to 30 minutes.";
- ``closed_in_other_words`` 8: "Hours: 08:00\u201317:00.", "Closing time is 17:00.", "Green
  Fork has permanently closed.", "They're only open for lunch.";
- ``capacity_unlisted`` 5: "They can only seat four.", "Max party size is 4.";
- ``need_broken_unlisted`` 12: "It's a bit pricey for Zoë.", "Mains average $55 per person.",
  "There's nothing on the menu for Raj.", "This assumes Raj is okay with a small peanut risk.";
- ``doubt_about_the_plan`` 2: "I'm not confident this works for everyone.";
- ``choice_before_marker_unlisted`` 5: a choice of slots before "proposed time:" with a "no"
  in it ("Either 14:30 or 15:00 works, no conflicts for anyone.") or without the listed words
  ("14:30 or 15:00 \u2014 you pick.");
- ``foreign_clause_in_english`` 4 and ``foreign_words_the_lexicon_holds`` 4: "Also, Raj no va
  a poder ir to the dinner.", "Raj is krank today.", "Raj nu vine.", "Mei fällt aus.".

False FAIL (30), by class:

- ``plan_time_in_twelve_hours`` 9: the plan's own time restated without "PM" read as another
  plan ("See you at 5:30!", "I booked Green Fork for 5:30.", "The invite is for 2:30\u20133:30.");
- ``closing_in_twelve_hours`` 7: a closing after the dinner without "PM" read as a morning
  closing before it ("Kitchen closes at 8:30.", "Green Fork closes at 9:00.", "Green Fork is
  open till 12.": ``_edge_times`` reads 12 as noon, its docstring says midnight);
- ``times_around_in_twelve_hours`` 8: someone's free or busy times in twelve-hour writing read
  as another plan or as busy during it ("José's free 5:30\u20139, so a 5:30 start works.",
  "Everyone's free 2:30\u20134.", "Jerry's meeting ends at 2:30.");
- ``one_name_can_come`` 4: "Jerry can make it." read as a plan for Jerry only;
- ``loanwords_read_as_foreign`` 2: "Kombucha and matcha on tap.", "Try the edamame and gyoza."
  (closed: a scenario's dish words written as English words count as English).

Not counted as wrong (the module's stated trade-off): a courtesy in another language ("Namaste,
Raj!", "Smakelijk eten!") fails as ``unread_language``; a plan offered as "also works" beside
the chosen one fails as a second plan.
"""

from __future__ import annotations

import pytest

from tests.probe_harness import Review, around
from tests.test_review_probes_planning_1205 import FENCED, SLOT, dining, slot

WRONG: dict[str, str] = {}
"""Each defect class found, with the reason its probes carry."""
REVIEW = Review(WRONG)
fp, ff = REVIEW.fp, REVIEW.ff
after, before = around(FENCED)
s_after, s_before = around(SLOT)


GUEST_TABLE = (
    "| Guest | Can eat |\n|---|---|\n| Ana | ✅ |\n| Björn | ✅ |\n| José | ✅ |\n"
    "| Zoë | ✅ |\n| Mei | ✅ |\n| Raj | {raj} |"
)
SLOT_TABLE = (
    "| Person | Free 14:30\u201315:30? |\n|---|---|\n| Thomas | ✅ |\n| Dylan | ✅ |\n"
    "| Jerry | {jerry} |"
)

DINING_PROBES = [
    # ====================== wrong: false PASS ==================================================
    # a listed phrase with a tail
    fp(after("Raj can't be there at 17:30."), "be-there-at-plan-time"),
    # part of the dinner
    fp(after("Mei needs to head out by 6:30."), "head-out-by"),
    # dinner shortened
    fp(after("17:30 to 18:30."), "bare-range"),
    fp(after("From 17:30 to 18:30."), "from-to"),
    fp(after("Until 18:30."), "until-alone"),
    fp(after("It ends at 6:30."), "ends-twelve-hours"),
    fp(after("Expect to be done by 6:30."), "done-by"),
    fp(after("You should be done by 18:30."), "should-be-done"),
    fp(after("We need to vacate the table by 18:30."), "vacate-by"),
    fp(after("They need the table back by 6:30."), "table-back"),
    fp(after("Reservation length: 1 hour."), "reservation-length"),
    fp(after("A one-hour dinner."), "one-hour-dinner"),
    fp(after("I booked a 1-hour slot."), "one-hour-slot"),
    fp(after("Dinner (1 hr)."), "dinner-1-hr"),
    fp(after("Plan for about an hour."), "plan-for-an-hour"),
    # closed
    fp(after("Closing time is 17:00."), "closing-time"),
    fp(after("Hours: 08:00\u201317:00."), "hours-label"),
    fp(after("Open 8\u20135."), "open-compact"),
    fp(after("Green Fork is open 8 to 5."), "open-8-to-5"),
    fp(
        after("Green Fork is a breakfast-and-lunch spot (open 8 AM\u20133 PM)."),
        "lunch-spot",
    ),
    fp(after("They're only open for lunch."), "only-lunch"),
    fp(after("Green Fork has permanently closed."), "permanently-closed"),
    fp(after("Closes at five."), "closes-at-five"),
    # capacity
    fp(after("They can only seat four."), "seat-four"),
    fp(after("Max party size is 4."), "max-party"),
    fp(after("They don't take groups over four."), "groups-over-four"),
    fp(after("They don't take reservations for parties of six."), "no-party-six"),
    fp(after("We're #4 on the waitlist."), "waitlist"),
    # needs
    fp(after("It's a bit pricey for Zoë."), "pricey"),
    fp(after("Zoë will need to spend about $55."), "spend-55"),
    fp(after("Mains average $55 per person."), "mains-55"),
    fp(after("Everything is spicy for Zoë."), "spicy-for-zoe"),
    fp(after("Mei would need to travel 6 km."), "travel-6km"),
    fp(after("There's nothing on the menu for Raj."), "nothing-on-menu"),
    fp(after("Nothing there is safe for Raj's peanut allergy."), "nothing-safe"),
    fp(after("Every dish contains peanuts, so Raj is out of luck."), "out-of-luck"),
    fp(after("5:30 is too early for Raj."), "too-early-twelve"),
    fp(after("Caveat: this assumes Zoë can stretch her budget."), "stretch-budget"),
    fp(after("This assumes Raj is okay with a small peanut risk."), "peanut-risk"),
    fp(after("Raj would need to be OK with cross-contamination."), "cross-contam"),
    # doubt
    fp(after("I'm not confident this works for everyone."), "not-confident"),
    fp(after("I'm not sure this works for Mei."), "not-sure-mei"),
    # other languages
    fp(after("Also, Raj no va a poder ir to the dinner."), "es-switched"),
    fp(after("Raj is krank today."), "de-word"),
    fp(after("Raj is enfermo tonight."), "es-word"),
    fp(after("Raj is malade tonight."), "fr-word"),
    fp(after("Raj nu vine."), "ro-english-spelled"),
    fp(after("Raj nem jön."), "hu-english-spelled"),
    fp(after("Mei fällt aus."), "de-english-spelled"),
    fp(after("Raj ne dolazi."), "hr-english-spelled"),
    # ====================== wrong: false FAIL ==================================================
    ff(after("See you at 5:30!"), "see-you-twelve"),
    ff(after("Meet at 5:30."), "meet-twelve"),
    ff(after("I booked Green Fork for 5:30."), "booked-twelve"),
    ff(after("Dinner's at 5:30 \u2014 see you there!"), "dinner-at-twelve"),
    ff(after("TL;DR: Green Fork, 5:30, all six covered."), "tldr-twelve"),
    ff(after("Arrive around 5:25 to get seated by 5:30."), "arrive-early-twelve"),
    ff(after("Kitchen closes at 8:30."), "kitchen-830"),
    ff(after("Green Fork closes at 9:00."), "closes-900"),
    ff(after("They close at 9:00, so you'll have plenty of time."), "close-plenty"),
    ff(after("Green Fork is open until 10:30."), "open-until-1030"),
    ff(after("Last seating is at 8:30."), "last-seating-830"),
    ff(after("Open until 12:00."), "open-until-1200"),
    ff(after("Green Fork is open till 12."), "open-till-12-noon"),
    ff(after("End: 7:30 PM"), "end-label-pm"),
    ff(after("Wrap-up time: 7:30."), "wrap-up-twelve"),
    ff(after("José's free 5:30\u20139, so a 5:30 start works."), "free-twelve"),
    ff(after("Kombucha and matcha on tap."), "kombucha-matcha"),
    ff(after("Try the edamame and gyoza."), "edamame-gyoza"),
    # ====================== right: must fail ===================================================
    fp(after(GUEST_TABLE.format(raj="❌")), "can-eat-table-cross"),
    fp(after("| Guest | OK? |\n|---|---|\n| Ana | yes |\n| Raj | no |"), "ok-table-no"),
    fp(after("| Guest | Notes |\n|---|---|\n| Raj | can't make it |"), "notes-table"),
    fp(after("Ana ✔ Björn ✔ José ✔ Zoë ✔ Mei ✔ Raj ✘"), "heavy-check-cross"),
    fp(after("Ana: yes, Björn: yes, José: yes, Zoë: yes, Mei: yes, Raj: no"), "yes-no"),
    fp(after("Ana: ✓, Björn: ✓, José: ✓, Zoë: ✓, Mei: ✓, Raj: ✗"), "tick-cross"),
    fp(after("Ana 👍 Björn 👍 José 👍 Zoë 👍 Mei 👍 Raj 👎"), "thumbs"),
    fp(after("Going: Ana, Björn, José, Zoë, Mei."), "going-five"),
    fp(after("Zoë: can't make it."), "colon-cant-make-it"),
    fp(after("Zoë: nope."), "colon-nope"),
    fp(after("Zoë: out."), "colon-out"),
    fp(after("Raj: no"), "colon-no"),
    fp(after("Raj \u2014 no."), "dash-no"),
    fp(after("Raj (not coming)"), "aside-not-coming"),
    fp(after("Raj (out sick)"), "aside-out-sick"),
    fp(after("Raj (late)"), "aside-late"),
    fp(after("Raj: leaving early"), "colon-leaving-early"),
    fp(after("Raj: TBD"), "colon-tbd"),
    fp(after("Raj ❌"), "name-cross"),
    fp(after("Raj → no"), "arrow-no"),
    fp(after("Raj \u2192 ❌"), "arrow-cross"),
    fp(after("Mei: 🚫"), "colon-no-entry"),
    fp(after("~~Raj~~"), "struck-name"),
    fp(after("Mei can't make it tho."), "tho"),
    fp(after("Mei's not coming tho."), "not-coming-tho"),
    fp(after("Raj can't make it fyi."), "fyi"),
    fp(after("Raj can't make it (sadly)."), "aside-sadly"),
    fp(after("Raj can't come lah."), "lah"),
    fp(after("Raj probably can't make it."), "probably"),
    fp(after("Raj likely can't make it."), "likely"),
    fp(after("Raj is unlikely to come."), "unlikely"),
    fp(after("Raj is tentative."), "tentative"),
    fp(after("Raj is on the fence."), "on-the-fence"),
    fp(after("Raj cancelled."), "cancelled"),
    fp(after("Raj has to cancel."), "has-to-cancel"),
    fp(after("Raj sends regrets."), "sends-regrets"),
    fp(after("Raj sends his apologies."), "sends-apologies"),
    fp(after("Raj can't."), "bare-cant"),
    fp(after("Raj won't."), "bare-wont"),
    fp(after("Raj flaked."), "flaked"),
    fp(after("Raj is out \u2014 family emergency."), "out-dash-reason"),
    fp(after("Raj isn't available tonight."), "isnt-available"),
    fp(after("Raj has a scheduling conflict."), "scheduling-conflict"),
    fp(after("Raj won't be present."), "wont-be-present"),
    fp(after("Raj is having dinner elsewhere."), "dinner-elsewhere"),
    fp(after("Raj is not included."), "not-included"),
    fp(after("Count Mei out."), "count-out"),
    fp(after("Mei is under the weather and won't come."), "under-the-weather"),
    fp(after("José will be ~20 min late."), "tilde-late"),
    fp(after("Raj will be joining late."), "joining-late"),
    fp(after("Raj will be a few minutes behind."), "few-minutes-behind"),
    fp(after("José can only stay an hour."), "only-stay-an-hour"),
    fp(after("Raj is just coming for drinks."), "just-drinks"),
    fp(after("Raj will have to leave after an hour."), "leave-after-an-hour"),
    fp(after('Raj: "can\'t make it, sry"'), "quoted-colon"),
    fp(after('Raj said "count me out".'), "quoted-count-me-out"),
    fp(after('Raj replied "not tonight".'), "quoted-not-tonight"),
    fp(after("Raj's reply: no."), "reply-no"),
    fp(after("Mei is out of town \u2014 está de viaje."), "es-after-dash"),
    fp(after("Raj ist raus."), "de-raus"),
    fp(after("Zoë kommt nicht."), "de-kommt-nicht"),
    fp(after("Zoë \u2014 bailing."), "dash-bailing"),
    fp(after("Raj is sitting this one out."), "sitting-out"),
    fp(after("Raj bailed."), "bailed"),
    fp(after("Mei: declined."), "colon-declined"),
    fp(after("Mei can't come."), "cant-come"),
    fp(after("Party of five (Mei's out)."), "party-of-five"),
    fp(after("Mei has to leave at 18:30."), "leave-at"),
    fp(after("José will arrive at 18:00."), "arrive-at"),
    fp(after("Raj is unavailable tonight."), "unavailable"),
    fp(after("It's too far for Mei."), "too-far"),
    fp(after("It's over Zoë's budget."), "over-budget"),
    fp(after("Green Fork closes at 7."), "closes-bare-hour"),
    fp(after("Kitchen closes at 7."), "kitchen-bare-hour"),
    fp(after("Green Fork is closed tonight."), "closed-tonight"),
    fp(after("Green Fork is fully booked."), "fully-booked"),
    fp(after("Dinner is 17:30\u201318:30."), "dinner-range"),
    fp(after("Duration: 90 min"), "duration-label"),
    fp(after("I booked the table for an hour."), "table-for-an-hour"),
    fp(after("Umi Sushi Bar at 18:00 is just as good, your pick."), "your-pick"),
    fp(after("Could do 6 instead."), "six-instead"),
    fp(after("Never mind, this doesn't work for Mei."), "never-mind"),
    fp(after("Five out of six can eat here."), "five-out-of-six"),
    fp(after("Everyone except Raj can eat here."), "except-raj"),
    fp(after("RAJ CAN'T COME."), "all-caps"),
    fp(after("R\u0430j can't come."), "lookalike-name"),
    # ====================== right: must pass ===================================================
    ff(after("Enjoy! 🍝 Lmk if u need anything else, ttyl."), "chat-words"),
    ff(after("TL;DR \u2014 GF @ 17:30, everyone's good. LGTM!"), "tldr-24h"),
    ff(after("Björn: dairy-free ✔︎ | Raj: pescatarian ✔︎ | Mei: shellfish-free ✔︎"), "need-ticks"),
    ff(after("EVERYONE CAN EAT HERE."), "caps-english"),
    ff(after("Buen provecho, amigos!"), "buen-provecho"),
    ff(after("Dinner is at half past five."), "half-past-five"),
    ff(after("Reservation at 5:30 PM."), "twelve-with-pm"),
    ff(after("Green Fork is open until 9 PM."), "open-9pm"),
    ff(after("Green Fork is open until 1 AM."), "open-1am"),
    ff(after("Kitchen closes at 9."), "kitchen-bare-9"),
    ff(after("Kitchen closes at 8:30 PM."), "kitchen-830pm"),
    ff(after("Dinner runs 17:30\u201319:30."), "full-range"),
    ff(after("You'll be done by 19:30."), "done-at-end"),
    ff(after("It ends at 7:30."), "ends-730"),
    ff(after(GUEST_TABLE.format(raj="✅")), "can-eat-table-all"),
    ff(after("Raj should skip the soba (peanuts), but the quinoa bowl is safe."), "skip-a-dish"),
    ff(
        after("Raj might have to skip the soba (peanuts) \u2014 but there are other options."),
        "might-skip-a-dish",
    ),
    ff(after("Björn can't have dairy, but everything at Green Fork is vegan."), "cant-have"),
    ff(after("José has to leave by 21:00, so 17:30 gives a comfortable margin."), "leave-21"),
    ff(after("Nobody will be late."), "nobody-late"),
    ff(after("Let me know if you'd like me to book it."), "offer-to-book"),
    ff(after("Apologies for any confusion earlier \u2014 this is final."), "apology"),
    ff(before("Ember & Oak at 19:30 doesn't work: José leaves at 21:00."), "ruled-out-before"),
    ff(after("Raj can make it too."), "raj-too"),
    ff(after("They have kombucha and matcha lattes."), "kombucha-lattes"),
    ff(after("Their seitan shawarma and tabbouleh are great."), "seitan-shawarma"),
]
SLOT_PROBES = [
    # ====================== wrong: false PASS ==================================================
    fp(s_after("Jerry isn't free till 3."), "isnt-free-till"),
    fp(s_after("Jerry won't be free until 3."), "wont-be-free"),
    fp(s_after("Jerry is booked through 3."), "booked-through"),
    fp(s_after("Jerry is only free from 3 onwards."), "free-from-onwards"),
    fp(s_after("Jerry is busy until three."), "until-three"),
    fp(s_after("Jerry is busy between two and four."), "between-words"),
    fp(s_after("Jerry's busy until half past three."), "half-past"),
    fp(s_after("Jerry is busy until 3 o'clock."), "oclock"),
    fp(s_after("Jerry has to leave at 3."), "leave-at-3"),
    fp(s_after("Jerry can join from 3."), "join-from-3"),
    fp(s_after("Jerry can only stay until 3."), "stay-until-3"),
    fp(s_after("Jerry is out until 15:00."), "out-until"),
    fp(s_after("Jerry is OOO until 15:00."), "ooo-until"),
    fp(s_after("Jerry is at the dentist until 15:00."), "dentist"),
    fp(s_after("Jerry is with a client until 15:00."), "with-client"),
    fp(s_after("Jerry has focus time until 15:00."), "focus-time"),
    fp(s_after("Jerry is in back-to-backs until 15:00."), "back-to-backs"),
    fp(s_after("Jerry is busy from 14:00 for an hour."), "from-for-an-hour"),
    fp(s_after("Jerry works mornings only."), "mornings-only"),
    fp(s_after("Jerry is part-time and off after 2."), "off-after-2"),
    fp(s_after("It ends at 3."), "ends-at-3"),
    fp(s_after("Let's end at 3."), "lets-end-at-3"),
    fp(s_after("We can wrap by 3."), "wrap-by-3"),
    fp(s_after("Let's keep it to 30 minutes."), "keep-to-30"),
    fp(s_before("Either 14:30 or 15:00 works, no conflicts for anyone."), "either-no"),
    fp(
        s_before("Both 14:30 and 15:00 work \u2014 there's no difference for anyone."),
        "both-no-difference",
    ),
    fp(s_before("14:30 or 15:00 \u2014 you pick."), "you-pick"),
    fp(s_before("You could do 14:30 or 15:00."), "could-do"),
    fp(
        s_before(
            "I found two options (14:30 and 15:00); I'd lean toward 14:30 but 15:00 is "
            "equally viable."
        ),
        "equally-viable",
    ),
    # ====================== wrong: false FAIL ==================================================
    ff(s_after("See you at 2:30!"), "see-you-twelve"),
    ff(s_after("The invite is for 2:30\u20133:30."), "invite-twelve"),
    ff(s_after("That's 2:30 to 3:30 in the afternoon."), "in-the-afternoon"),
    ff(s_after("Jerry is free 2:30\u20134:00."), "jerry-free-twelve"),
    ff(s_after("Everyone's free 2:30\u20134."), "everyone-free-twelve"),
    ff(s_after("Jerry's next block starts at 4."), "next-block-at-4"),
    ff(s_after("Jerry's meeting ends at 2:30."), "meeting-ends-twelve"),
    ff(
        s_after("Jerry is busy until 2:30, so this works right after."),
        "busy-until-twelve",
    ),
    ff(s_after("Jerry can make it."), "can-make-it"),
    ff(s_after("Jerry can attend."), "can-attend"),
    ff(s_after("Even Jerry can make it."), "even-jerry"),
    ff(s_after("Good news: Jerry can make it!"), "good-news"),
    # ====================== right: must fail ===================================================
    fp(s_after("Jerry: can't make it"), "colon-cant-make-it"),
    fp(s_after("Jerry (not coming)"), "aside-not-coming"),
    fp(s_after("Jerry (late)"), "aside-late"),
    fp(s_after("Jerry - joining late"), "dash-joining-late"),
    fp(s_after("Thomas ✅ Dylan ✅ Jerry ⏳"), "hourglass"),
    fp(s_after("2/3 confirmed (Jerry pending)."), "pending"),
    fp(s_after("Jerry: ?"), "colon-question"),
    fp(s_after("Jerry \u2014 ❌"), "dash-cross"),
    fp(s_after("Jerry can't make it tho."), "tho"),
    fp(s_after("Jerry can't make it (sadly)."), "aside-sadly"),
    fp(s_after("Jerry probably can't make it."), "probably"),
    fp(s_after("Jerry likely can't make it."), "likely"),
    fp(s_after("Jerry isn't available."), "isnt-available"),
    fp(s_after("Jerry can watch the recording."), "watch-recording"),
    fp(s_after("Jerry will get the notes."), "gets-notes"),
    fp(s_after("We'll loop Jerry in afterwards."), "loop-in"),
    fp(s_after("I'll send Jerry a recap."), "send-recap"),
    fp(s_after("Required: Thomas, Dylan. Optional: Jerry."), "optional-label"),
    fp(s_after("Jerry FYI only."), "fyi-only"),
    fp(s_after("14:30 is bad for Jerry."), "bad-for-jerry"),
    fp(s_after("Jerry will be a few minutes behind."), "few-minutes-behind"),
    fp(s_after("Jerry joins late."), "joins-late"),
    fp(s_after("Jerry will hop on late."), "hop-on-late"),
    fp(s_after("Jerry can only do the first half."), "first-half"),
    fp(s_after("Jerry will leave after 30 minutes."), "leave-after-30"),
    fp(s_after("Jerry has to drop after 30 min."), "drop-after-30"),
    fp(s_after("Jerry can only do 30 minutes."), "jerry-30-minutes"),
    fp(s_after("Jerry is busy till 3."), "busy-till-3"),
    fp(s_after("Jerry is busy from 2 till 4."), "from-2-till-4"),
    fp(s_after("Jerry is busy 2-4pm."), "compact-pm"),
    fp(s_after("Jerry has a call at 3."), "call-at-3"),
    fp(s_after("Jerry has a 3pm call."), "3pm-call"),
    fp(s_after("Jerry is not free until 3."), "not-free-until-3"),
    fp(s_after("Jerry is free from 3."), "free-from-3"),
    fp(s_after("Jerry is unavailable 2-4."), "unavailable-compact"),
    fp(s_after("It overlaps Jerry's 3pm."), "overlaps-3pm"),
    fp(s_after("Jerry will join at 3."), "join-at-3"),
    fp(s_after("Jerry will need to hop off early."), "hop-off-early"),
    fp(s_after("Jerry is busy 14:00 \u2192 15:00."), "arrow-range"),
    fp(s_after("Jerry is busy all afternoon."), "all-afternoon"),
    fp(s_after("Jerry is in Tokyo, so it's 11:30 PM his time."), "tokyo"),
    fp(s_after("Duration: 30 min"), "duration-30"),
    fp(s_after("(2:30\u20133 PM)"), "aside-short"),
    fp(s_after("Alternatively, 15:00\u201316:00."), "alternatively"),
    fp(s_after("Correction: 15:00\u201316:00."), "correction"),
    fp(s_after("Pending Jerry's confirmation."), "pending-confirmation"),
    fp(s_after("Jerry: declined"), "colon-declined"),
    fp(s_after("Thomas: yes, Dylan: yes, Jerry: no"), "yes-no"),
    fp(s_after(SLOT_TABLE.format(jerry="❌")), "free-table-cross"),
    fp(s_after("Attendees: Thomas, Dylan"), "attendees-two"),
    fp(s_after("Jerry is on PTO."), "pto"),
    # ====================== right: must pass ===================================================
    ff(s_after("i.e. 2:30 PM \u2013 3:30 PM."), "twelve-with-pm"),
    ff(s_after("It ends at 3:30."), "ends-at-its-end"),
    ff(s_after("Jerry is free until 4."), "free-until-4"),
    ff(s_after("Jerry has a meeting at 4."), "meeting-at-4"),
    ff(s_after("Jerry is busy 9-11, 11:30-2:30 and 4-5."), "compact-busy-list"),
    ff(s_after("Dylan has a 1:30 call."), "dylan-130-call"),
    ff(s_after("Everyone is free between 2:30 and 4."), "between-free"),
    ff(s_after(SLOT_TABLE.format(jerry="✅")), "free-table-all"),
    ff(s_after("Thomas: yes, Dylan: yes, Jerry: yes"), "yes-all"),
    ff(s_after("Jerry can make it too."), "can-make-it-too"),
    ff(s_after("Thomas, Dylan and Jerry can all make it."), "all-make-it"),
    ff(s_after("Jerry's lunch block ends at 14:30."), "block-ends-24h"),
    ff(s_after("Jerry's meeting ends at 2:30 PM."), "meeting-ends-pm"),
    ff(s_after("Jerry has no conflicts then."), "no-conflicts"),
    ff(s_after("Nobody needs to leave early."), "nobody-leaves"),
    ff(s_after("Duration: 1 hour"), "duration-hour"),
    ff(
        s_after(
            "Apologies \u2014 my first draft missed Jerry's 16:00 block, but this slot avoids it."
        ),
        "apology-draft",
    ),
    ff(
        s_before(
            "Busy times:\n- Jerry: 9:00\u201311:00, 11:30\u201314:30, 16:00\u201317:00\n"
            "- Dylan: 10:30\u201311:00, 13:30\u201314:00"
        ),
        "busy-list-before",
    ),
]


@pytest.mark.parametrize(("text", "expect"), DINING_PROBES)
def test_dining_answer(text: str, expect: bool) -> None:
    assert dining(text) is expect, text


@pytest.mark.parametrize(("text", "expect"), SLOT_PROBES)
def test_slot_answer(text: str, expect: bool) -> None:
    assert slot(text) is expect, text


def test_every_class_has_a_probe() -> None:
    assert REVIEW.classes_probed([*DINING_PROBES, *SLOT_PROBES]) == set(WRONG)
