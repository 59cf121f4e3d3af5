"""Hostile review (2026-12-06) of scheduling's own reading of a final answer.

Attacked: :func:`domains.scheduling.answers.read_answer` -- the "proposed time" marker and the
region it keeps, the written slot (``_SLOT``), rule 4 (another day or time named) and the final
word as scheduling feeds it (``_final``, ``_someone_away``, ``_someone_stops_early``). Every
probe is written the way gpt-4o, Gemini and Claude answer a NATURAL PLAN meeting task: a short
intro, reasoning over each person's schedule, the proposed time line (or a fenced JSON slot, or
markdown fields), caveats and a question back. Each holds np-6's good slot (Monday 14:30 -
15:30: Thomas free; Dylan busy 10:30-11:00, 13:30-14:00; Jerry busy 9:00-11:00, 11:30-14:30,
16:00-17:00), which passes alone, so the words around it are the only thing that may change the
verdict; ``expect`` is the right verdict.

90 probes: 56 wrong verdicts (48 false PASSes, 8 false FAILs) in 10 classes, 34 right ones kept
as controls. 71 probes were written first; a second round on full answers (after the first
fixes) found 19 more, mostly a clash or an absence admitted in words the first round had not
tried. Closed the same day, by class (``tests/test_scheduling_review_classes.py``, a property
for each, seen failing on the code before): 52 of the 56, then the 12-hour range with am/pm on
its end only (2 more, ``tests/test_scheduling_review_classes.py``), then the last 2 (the slot
for participants named, and the end said as a start in any clock form:
``tests/test_scheduling_named_subset.py``). Left (:data:`WRONG`): none.

False PASS (48):

- ``someone_left_out_after_the_slot`` 13 (closed) -- COMMON when a model misreads a calendar
  ("Jerry can't attend, but the other two can", "Jerry will have to miss this one", "Everyone
  except Jerry is free then", "two of the three participants are free", "works for most of the
  team", "Jerry will be 15 minutes late", "can only join for the last half hour", "can join
  for the second half only", "Jerry's block runs until 15:00, so he'll miss the first half
  hour"): ``_someone_away`` needed a reference to the slot after the state ("then", "at that
  time"), and the slot said to suit only some had no reading in scheduling (dining's
  ``_part_of_group`` is dining's). Now ``plan_for_part_of_group`` (``_not_for_everyone``).
- ``clash_or_absence_admitted`` 8 (closed; second round) -- COMMON in the same answers ("Jerry
  has a conflict, but he can probably move it", "Jerry is double-booked", "This slot overlaps
  slightly with Jerry's block", "Jerry is still in his 11:30-15:00 block at the start", "Jerry
  is the only one with a clash", "(Jerry optional)", "Jerry is optional for this one", "Jerry
  can be briefed afterwards"): ``_AWAY`` needs a reference to the slot and knows no clash
  with it. Now ``plan_for_part_of_group`` (``_CLASH``, ``_OPTIONAL``); a clash denied, avoided
  or bound elsewhere ("No one has a conflict", "to avoid a clash", "has a conflict at 16:00",
  "a conflict-free afternoon") is none.
- ``slot_for_named_participants`` 1 (closed) -- "Here is the proposed time: Monday, 14:30 -
  15:30 for Thomas and Dylan.": naming two of three participants needs the task's names,
  which :func:`~domains.scheduling.answers.read_answer` did not take (the judge has them). Now
  it takes them, and the slot said to be for only some of them by name ("for Thomas and
  Dylan", "Attendees: Thomas, Dylan", "Thomas and Dylan can make it", "only works for Thomas
  and Dylan", an ``attendees`` key) is ``plan_for_part_of_group``, unless everyone left out is
  said to be in too ("Jerry is free too"); a list with anyone else ("for you, Thomas and
  Dylan") says nothing of the kind.
- ``claim_before_the_marker`` 7 (closed) -- COMMON ("No slot works for everyone, so here's the
  best compromise.", "There's no perfect slot, but this is the closest:", "I couldn't find a
  time when all three are free." before "Here is the proposed time: ..."): ``answer_region``
  keeps only the text from the marker on, so the claim was never read. Now the text before the
  slot is read for a claim that no slot suits everyone (``plan_and_no_plan``) and, in a
  paragraph naming no other day or time, for someone left out.
- ``slot_on_a_condition`` 4 (closed) -- OCCASIONAL ("..., provided Jerry can move his afternoon
  call", "This only works if Dylan skips his afternoon stand-up", "(tentative until Jerry
  confirms he can drop his 14:30 hold)"): a condition was read as no claim. Now
  ``slot_on_a_condition`` when the condition is a participant's change of calendar.
- ``another_slot_relative_to_this_one`` 6 (closed) -- COMMON as a courtesy ("The next hour is
  free for everyone as well", "The slot after that works too", "P.S. The slot right after this
  one is also free"): ``plan_words.LATER_TIME`` knows "an hour later" and "a later slot", not a
  slot named by its place next to this one. Now another slot's time (``_RELATIVE_SLOT``).
- ``time_in_words`` 6 (closed) -- OCCASIONAL ("So the meeting is Monday from three to four",
  "I'd be just as happy with three pm", "We could do a quarter past three as well",
  "Four-thirty would be fine as well"): the final word reads "at three" and "three o'clock"; an
  hour in words in a range, before am/pm, with "quarter"/"half past" or as "four-thirty" was
  read by no one. Now read (``_WORDED_TIME``), the slot's own when it may mean its start or end.
- ``end_said_as_a_start`` 3 (closed) -- OCCASIONAL ("Starting at 15:30 would also work.",
  "A 15:30 start would be fine as well."): the slot's end time was its own wherever it stood,
  so another slot starting where this one ends read as the slot restated. Now the end said as
  a start with no one else's subject ("Starting at", "we could start at", "a 15:30 start") is
  another slot's time; "Dylan's next call starts at 15:30" is not. The 12-hour form ("Starting
  at 3:30 pm would also work") was left at first: the core's 12-hour completion
  (:func:`checkers.final_word._completed`) made a 12-hour time whose 24-hour form the domain
  calls its own the plan's own again. Now scheduling reads the end said as a start after the
  core's completion, in any clock form (12-hour, "15h30", "half past three").

False FAIL (8):

- ``day_apart_from_its_range`` 6 (closed) -- VERY COMMON in markdown answers ("**Monday**, 14:30
  - 15:30", "**Monday:** 14:30 \u2013 15:30", "Monday: 14:30 - 15:30", "**Day:** Monday /
  **Time:** 14:30 - 15:30", a bulleted "- Day: Monday / - Time: ..."): ``_SLOT`` allowed only a
  comma or "from/at/between" between the day and the range, so the slot was read as a bare
  range (``missing_day``). Now emphasis, a colon and a "Time:"/"When:" field are read.
- ``meridiem_on_the_end_only`` 2 (closed the same day) -- COMMON in 12-hour answers
  ("Monday, 2:30 - 3:30 PM"): a range with am/pm on one side was ``ambiguous_time`` by a
  documented choice; ordinary English gives the trailing "PM" to both times. Now the bare side
  shares the other's am/pm when the range then ends after it starts, else takes the other
  (``_shared_meridiem``: "11:30 - 12:30 PM" is 11:30 - 12:30).

Third round (2026-12-06 afternoon), 110 probes more: replies as a model writes them, with
pleasantries, a recap of the constraints, availability tables and check marks, markdown fields,
hedges, P.S. lines. 61 were wrong on the code before (52 false PASSes, 9 false FAILs); 49 were
right (controls). Closed the same day by class, each with a property seen failing on the code
before (``tests/test_scheduling_review_classes_1206.py``): 52 of the 61 (the last false FAIL,
a bulleted busy list ending at the slot's start, by the final word's
``_busy_until_start``). The last 9 false PASSes, in 6 classes, were closed in the evening
(``tests/test_review_classes_xf_1206.py``, a property for each seen failing on the code before):
a length said beside the slot that is not its own ("(90 minutes)", "(a 45-minute meeting)",
"we can run over by 30 minutes": ``several_slots``), "next Monday" offered beside a Monday slot
("Next Monday at the same time would also work": another day), a participant put in another
time zone ("Jerry is one hour ahead": ``ambiguous_time``), a bare hour offered ("We could also
do 3.", "half three" said as the meeting's start), "Jerry would miss it." right after the slot
(a counterfactual with no case considered) and "Jerry's out." with nothing after it
(``plan_negated``). Left (:data:`WRONG`): none.

Closed (false PASS):

- busy time over the slot 5 -- COMMON when a model misreads a calendar ("Jerry is busy until
  15:00", "Dylan is busy 15:00 - 15:30", "Jerry's lunch block runs until 15:00", "Jerry is
  only free from 15:00 to 16:00", "Jerry is free from 15:00"): a busy word made any time an
  explanation. Now a participant's busy span sharing a minute with the slot, or a free span
  starting or ending inside it, is ``plan_for_part_of_group`` (``_busy_during``).
- left out in new words 12 -- COMMON ("will sit this one out", "has a hard stop 30 minutes
  in", "will hop off halfway through", "will dial in for the second half", "can only make the
  second half hour", "is running late", "declined the invite", "can catch up from the
  recording", "can send someone in his place", "We'll go ahead without Jerry"): in
  :func:`checkers.left_out.absent`, :func:`~checkers.left_out.optional` and the new
  :func:`~checkers.left_out.without`, which dining reads too.
- away in new words 4 ("is OOO that day", "is on PTO Monday", "'s not free then", "needs to
  be out by 15:00"): scheduling's ``_AWAY`` and ``_STOPS_EARLY``.
- the slot tentative or pending 7 ("This slot is tentative", "Tentatively:", "(pending
  Jerry's confirmation)", "(to be confirmed)", "Jerry TBD", "Jerry hasn't confirmed",
  "Awaiting confirmation."): ``slot_on_a_condition`` (``_TENTATIVE``).
- the time hedged 3 ("or thereabouts", "give or take half an hour", "the time is flexible"):
  :data:`checkers.plan_words.ALTERNATIVE`, both domains.
- another day relative to the slot 2 ("the same slot next week", "the following Monday"): a
  relative day of ``_DAY_MENTION``.
- a participant marked out 6 ("| Jerry | No |", "\u274c Jerry", "Jerry: conflict",
  "**Jerry:** unavailable"): ``_marked_out``.
- absence as a possibility 3 ("Jerry might not make it", "may have to leave early", "I'm not
  100% sure Jerry is free then"): ``_MAY_BE_OUT``.
- a preference the slot breaks 1 ("Dylan prefers to avoid meetings before 15:00"): the
  preference's "before" read as a limit. Now ``_task_limit`` reads it against the slot.

Closed (false FAIL): work hours restated 2 ("within working hours (9:00 - 17:00)") and a
preference the slot keeps 2 ("Dylan would rather not meet before 14:00"): ``_task_limit``;
one participant said to join and how 2 ("Jerry will join remotely", "Jerry will make it,
though ..."): ``_one_joins_somehow``; the slot's start and end in fields of their own 2 ("-
**Start:** 14:30" / "- **End:** 15:30"): ``_SLOT``.
"""

from __future__ import annotations

import pytest

from tests.probe_harness import Review, around
from tests.test_review_probes_planning_1205 import SLOT, slot

JSON_SLOT = '```json\n{"day": "Monday", "start": "14:30", "end": "15:30"}\n```'

WRONG: dict[str, str] = {}
"""Each defect class found, with the reason its probes carry."""
REVIEW = Review(WRONG)
# ff: an honest one-slot answer that must pass; fp: an answer that does not commit to exactly
# one slot everyone can attend, which must fail.
probe, ff, fp = REVIEW.probe, REVIEW.ff, REVIEW.fp
after, before = around(SLOT)
after_json = around(JSON_SLOT).after


PROBES = [
    # ============================== false PASS =================================================
    # someone_left_out_after_the_slot
    fp(after("Jerry can't attend, but the other two can."), "cant-attend-other-two"),
    fp(after("Jerry will have to miss this one."), "will-have-to-miss"),
    fp(after("Jerry will miss the first 15 minutes."), "miss-first-minutes"),
    fp(after("Jerry will be 15 minutes late."), "will-be-late"),
    fp(after("Jerry can join a little late."), "join-a-little-late"),
    fp(f"{SLOT} (Jerry can only join for the last half hour).", "only-last-half"),
    fp(after("Everyone except Jerry is free then."), "everyone-except"),
    fp(after("All but Jerry are available then."), "all-but"),
    fp(
        after("This is the best I could find: two of the three participants are free."),
        "two-of-three",
    ),
    fp(after("This works for most of the team."), "most-of-the-team"),
    fp(after_json("Dylan won't be able to make it, unfortunately."), "json-wont-make-it"),
    fp(after("Jerry can join for the second half only."), "join-second-half-only"),
    fp(
        after("Jerry's block runs until 15:00, so he'll miss the first half hour."),
        "miss-first-half-hour-after-a-time",
    ),
    # clash_or_absence_admitted (found in a second round)
    fp(after("Jerry has a conflict, but he can probably move it."), "has-a-conflict"),
    fp(
        after("Jerry is double-booked, so he may need to decline his other meeting."),
        "double-booked",
    ),
    fp(after("This slot overlaps slightly with Jerry's block."), "overlaps-slightly"),
    fp(
        after("The only catch: Jerry is still in his 11:30-15:00 block at the start."),
        "still-in-his-block",
    ),
    fp(
        after("Thomas and Dylan are free; Jerry is the only one with a clash."),
        "only-one-with-a-clash",
    ),
    fp(after("Attendees: Thomas, Dylan (Jerry optional)."), "jerry-optional"),
    fp(after("Jerry is optional for this one."), "optional-for-this-one"),
    fp(
        "Proposed time: Monday, 14:30 - 15:30 for Thomas and Dylan. Jerry can be briefed "
        "afterwards.",
        "briefed-afterwards",
    ),
    fp(
        "Here is the proposed time: Monday, 14:30 - 15:30 for Thomas and Dylan.",
        "for-two-named-of-three",
    ),
    # claim_before_the_marker
    fp(
        before("No slot works for everyone, so here's the best compromise."),
        "no-slot-compromise",
    ),
    fp(before("There's no perfect slot, but this is the closest:"), "no-perfect-slot"),
    fp(before("I couldn't find a time when all three are free."), "couldnt-find"),
    fp(
        before("It isn't possible to find a time that suits everyone."),
        "not-possible-for-everyone",
    ),
    fp(
        before(
            "Unfortunately there is no time that works for everyone. The closest option "
            "(Jerry would miss part of it) is below."
        ),
        "no-time-closest-below",
    ),
    fp(
        before("Jerry is busy all afternoon, so he will have to miss the meeting."),
        "before-jerry-will-miss",
    ),
    fp(before("Everyone except Jerry can make the slot below."), "before-except"),
    # slot_on_a_condition
    fp(f"{SLOT}, provided Jerry can move his afternoon call.", "provided-jerry-moves"),
    fp(f"{SLOT}, but only if Jerry agrees to shorten his block.", "only-if-agrees"),
    fp(
        after("This only works if Dylan skips his afternoon stand-up."),
        "only-works-if-skips",
    ),
    fp(
        f"{SLOT} (tentative until Jerry confirms he can drop his 14:30 hold).",
        "tentative-until-drops",
    ),
    # another_slot_relative_to_this_one
    fp(f"{SLOT} (the following hour is open too).", "following-hour-too"),
    fp(after("The next hour is free for everyone as well."), "next-hour-as-well"),
    fp(after("The half hour after it is also open."), "half-hour-after-it"),
    fp(after("The slot after that works too."), "slot-after-that"),
    fp(
        after("P.S. The slot right after this one is also free for everyone."),
        "slot-right-after",
    ),
    fp(after("If not, the next available slot is right after."), "next-available"),
    # time_in_words
    fp(after("In other words, the meeting runs from three to four."), "from-three-to-four"),
    fp(after_json("So the meeting is Monday from three to four."), "json-three-to-four"),
    fp(after_json("I'd be just as happy with three pm."), "json-three-pm"),
    fp(after("We could do a quarter past three as well."), "quarter-past-three"),
    fp(after("Four-thirty would be fine as well."), "four-thirty"),
    fp(after("Half past four would suit everyone too."), "half-past-four"),
    # end_said_as_a_start
    fp(after("Starting at 15:30 would also work."), "start-at-the-end"),
    fp(after("A 15:30 start would be fine as well."), "a-start-at-the-end"),
    fp(after("Starting at 3:30 pm would also work."), "start-at-the-end-12-hour"),
    # ============================== false FAIL =================================================
    # day_apart_from_its_range
    ff("Here is the proposed time: **Monday**, 14:30 - 15:30", "bold-day"),
    ff("**Proposed time:** **Monday**, **14:30\u201315:30**", "bold-day-and-range"),
    ff("Here is the proposed time: Monday: 14:30 - 15:30", "day-colon"),
    ff("**Monday:** 14:30 \u2013 15:30", "bold-day-colon"),
    ff("**Day:** Monday\n**Time:** 14:30 - 15:30", "day-time-fields"),
    ff(
        "Proposed meeting:\n- Day: Monday\n- Time: 14:30 - 15:30\n- Duration: 1 hour",
        "day-time-list",
    ),
    # meridiem_on_the_end_only
    ff("Here is the proposed time: Monday, 2:30 - 3:30 PM", "pm-on-end"),
    ff("Here is the proposed time: Monday, 2:30\u20133:30 p.m.", "pm-on-end-en-dash"),
    # ============================== third round (2026-12-06 afternoon) ============================
    # busy_span_over_the_slot
    fp(after("Jerry is busy until 15:00."), "busy-until-inside"),
    fp(after("Dylan is busy 15:00 - 15:30."), "busy-range-inside"),
    fp(
        after("Jerry is only free from 15:00 to 16:00."),
        "only-free-later",
    ),
    fp(after("Jerry is free from 15:00."), "free-from-later"),
    fp(
        after("Jerry's lunch block runs until 15:00."),
        "block-runs-into",
    ),
    # left_out_in_new_words
    fp(after("Jerry will sit this one out."), "sit-this-one-out"),
    fp(after("Jerry has a hard stop 30 minutes in."), "hard-stop-in"),
    fp(
        after("Jerry will need to hop off halfway through."),
        "hop-off-halfway",
    ),
    fp(
        after("Jerry will dial in for the second half."),
        "dial-in-second-half",
    ),
    fp(
        after("Jerry will pop in for the last 20 minutes."),
        "pop-in-last-minutes",
    ),
    fp(
        after("Jerry can only make the second half hour."),
        "only-make-second-half",
    ),
    fp(after("We'll go ahead without Jerry."), "go-ahead-without"),
    fp(
        after("We'd be without Jerry for the first half."),
        "without-for-first-half",
    ),
    fp(
        after("Jerry can catch up from the recording."),
        "catch-up-recording",
    ),
    fp(
        after("Jerry can send someone in his place."),
        "someone-in-his-place",
    ),
    fp(after("Jerry declined the invite."), "declined-invite"),
    # away_in_new_words
    fp(after("Jerry is OOO that day."), "ooo-that-day"),
    fp(after("Jerry is on PTO Monday."), "pto-monday"),
    fp(after("Thomas and Dylan are in; Jerry's out."), "jerrys-out"),
    fp(after("Jerry's not free then."), "s-not-free-then"),
    fp(after("Jerry needs to be out by 15:00."), "out-by-inside"),
    fp(
        after("Jerry is running late from his previous meeting."),
        "running-late",
    ),
    # slot_said_tentative
    fp(after("This slot is tentative."), "slot-is-tentative"),
    fp("Tentatively: Monday, 14:30 - 15:30", "tentatively-heading"),
    fp(f"{SLOT} (pending Jerry's confirmation)", "pending-confirmation"),
    fp(f"{SLOT} (to be confirmed)", "to-be-confirmed"),
    fp(f"{SLOT} (Thomas, Dylan; Jerry TBD)", "jerry-tbd"),
    fp(after("Jerry hasn't confirmed he's free yet."), "not-confirmed-free"),
    # time_hedged
    fp(f"{SLOT} (or thereabouts)", "or-thereabouts"),
    fp(f"{SLOT}, give or take half an hour.", "give-or-take"),
    fp(f"{SLOT} (the time is flexible)", "time-flexible"),
    fp(after("If needed, we can run over by 30 minutes."), "run-over"),
    # duration_said_otherwise
    fp(f"{SLOT} (90 minutes)", "ninety-minutes"),
    fp(f"{SLOT} (a 45-minute meeting)", "forty-five-minute-meeting"),
    # another_week
    fp(after("P.S. The same slot next week works too."), "same-slot-next-week"),
    fp(after("The same time the following Monday is free too."), "following-monday"),
    fp(after("Or we could do it the day after."), "the-day-after"),
    fp(
        after("Next Monday at the same time would also work."),
        "next-monday-same-time",
    ),
    # availability_marks
    fp(
        after(
            "| Participant | Available? |\n|---|---|\n| Thomas | Yes |\n| Dylan | Yes |\n"
            "| Jerry | No |"
        ),
        "table-jerry-no",
    ),
    fp(after("\u2705 Thomas \u2705 Dylan \u274c Jerry"), "cross-mark-jerry"),
    fp(after("Jerry: conflict"), "label-conflict"),
    # another_time_zone
    fp(
        f"{SLOT} in Dylan's time zone; Jerry is one hour ahead.",
        "jerry-hour-ahead",
    ),
    # bare_hour_offered
    fp(after("We could also do 3."), "could-also-do-3"),
    fp(after_json("See you Monday at half three."), "half-three"),
    # absence_as_a_possibility
    fp(after("Jerry might not make it."), "might-not-make-it"),
    fp(after("Jerry may have to leave early."), "may-leave-early"),
    fp(after("Jerry would miss it."), "would-miss-it"),
    fp(
        after("I'm not 100% sure Jerry is free then."),
        "not-sure-free-then",
    ),
    # right today: two slots and left-out words in forms not tried before
    fp(
        "Here are the options:\n\n1. Monday, 14:30 - 15:30 (recommended)\n2. Monday, 15:00 - 16:00",
        "numbered-list-two",
    ),
    fp(
        after("| Option | Day | Time |\n|---|---|---|\n| Backup | Monday | 15:00 - 16:00 |"),
        "table-backup-row",
    ),
    fp("Here is the proposed time: Monday, 14:30 - 15:30 or 3:00 - 4:00 PM", "or-twelve-hour"),
    fp(
        "Here is the proposed time: Monday, 2:30 - 3:30 PM (alternatively 3 - 4 PM)",
        "alternatively-twelve-hour",
    ),
    fp("Here is the proposed time: Monday, any hour between 14:30 and 16:00", "any-hour-between"),
    fp("Here is the proposed time: Monday afternoon, 14:30 - 16:00", "wider-range"),
    fp(
        "## Option 1\nMonday, 14:30 - 15:30\n\n## Option 2\nMonday, 15:00 - 16:00",
        "two-headings",
    ),
    fp(
        "```\nMonday, 14:30 - 15:30\n```\n\nSo we'll meet Monday from 3 to 4 pm.",
        "code-block-prose-disagree",
    ),
    fp(after_json("I'd actually go for 3pm."), "json-then-3pm"),
    fp(after("We could also meet at 3 o'clock."), "three-oclock-digit"),
    fp(after("Or a bit later, if that suits Jerry better."), "or-a-bit-later"),
    fp(after("Another option is the late afternoon."), "another-option-late-afternoon"),
    fp("Here is the proposed time: Monday, 14:30 - 15:30 / 15:00 - 16:00", "slash-two-ranges"),
    fp(after("We can also shift it by half an hour."), "shift-half-hour"),
    fp(after("If Jerry prefers, we could start at three."), "start-at-three-words"),
    fp(after("Jerry has to leave at 15:00."), "leave-inside"),
    fp(after("Jerry will probably have to skip it."), "probably-skip"),
    fp(
        f"{SLOT} Pacific time.\n\nFor Dylan in New York that's 17:30 - 18:30.",
        "other-zone-times",
    ),
    fp(after("Everybody apart from Jerry can come."), "apart-from-jerry"),
    ff(after("| Person | Busy |\n|---|---|\n| Jerry | No |"), "busy-column-no"),
    ff(
        after("| Participant | Free 14:30-15:30? |\n|---|---|\n| Jerry | \u2705 Yes |"),
        "free-column-tick",
    ),
    fp(
        after_json("| Participant | Free? |\n|---|---|\n| Jerry | \u274c |"),
        "json-table-cross",
    ),
    fp(after("- Thomas \u2705\n- Dylan \u2705\n- Jerry \u274c"), "list-cross-after-name"),
    fp(after("**Jerry:** unavailable"), "bold-label-unavailable"),
    ff(after("Jerry: no conflicts."), "label-no-conflicts"),
    ff("Day: Monday\nStart time: 2:30 PM\nEnd time: 3:30 PM", "start-end-time-fields"),
    fp("- **Day:** Monday\n- **Start:** 14:30\n- **End:** 15:30\n\nOr Tuesday.", "fields-or-day"),
    fp("- **Day:** Monday\n- **Start:** 14:30\n- **End:** 16:00", "fields-too-long"),
    ff(after("I'm sure Jerry is free then."), "sure-free-then"),
    ff(after("Jerry might not need the whole hour."), "might-not-need-whole-hour"),
    ff(after("Conflicts: none. Jerry: OK."), "label-ok"),
    ff(after("- Jerry: busy 9:00 - 11:00, 11:30 - 14:30"), "busy-list-to-start"),
    fp(after("Dylan prefers to avoid meetings before 15:00."), "preference-broken"),
    ff(after("Dylan would rather not meet after 16:00."), "preference-kept"),
    ff(after("Jerry is busy on Monday morning."), "busy-monday-morning"),
    fp(after("Awaiting confirmation."), "awaiting-confirmation"),
    fp(after("It's tight for Jerry: he'll have to leave 15 minutes early."), "leave-early-tight"),
    fp(after("Jerry can stay for the first 30 minutes."), "stay-first-minutes"),
    fp(after("Jerry won't be joining."), "wont-be-joining"),
    # work_hours_recap (false FAIL)
    ff(
        after("This is within everyone's working hours (9:00 - 17:00)."),
        "working-hours-range",
    ),
    ff(
        after(
            "Recap of the constraints: the meeting lasts one hour and must be within work "
            "hours (9:00 - 17:00)."
        ),
        "constraints-recap",
    ),
    # preference_restated (false FAIL)
    ff(
        after("Dylan would rather not meet before 14:00, so this also respects his preference."),
        "rather-not-before",
    ),
    # one_name_joins (false FAIL)
    ff(after("Jerry will join remotely."), "join-remotely"),
    ff(
        after("Jerry will make it, though his previous block ends right at 14:30."),
        "will-make-it-though",
    ),
    # start_end_fields (false FAIL)
    ff(
        "**Proposed time**\n\n- **Day:** Monday\n- **Start:** 14:30\n- **End:** 15:30",
        "start-end-fields",
    ),
    # right today: honest replies
    ff(
        "Hi! I checked everyone's calendars.\n\n" + SLOT + "\n\nHave a great meeting! \U0001f60a",
        "pleasantries",
    ),
    ff(after("Jerry is free all afternoon, so 14:30 works."), "free-all-afternoon"),
    ff(after("Jerry is free after 14:30, so this works for everyone."), "free-after-start"),
    ff(
        before("Constraints: a one-hour meeting on Monday between 9:00 and 17:00."),
        "constraints-before",
    ),
    ff(after("The earliest time everyone is free is 14:30."), "earliest-free"),
    ff(after("That's 2:30 - 3:30 PM."), "twelve-hour-restated"),
    ff(
        after(
            "| Participant | Free at 14:30 - 15:30? |\n|---|---|\n| Thomas | \u2705 |\n"
            "| Dylan | \u2705 |\n| Jerry | \u2705 |"
        ),
        "table-all-ticks",
    ),
    ff(after("\u2705 Thomas \u2705 Dylan \u2705 Jerry"), "ticks-all"),
    ff(after("I'll send the calendar invite once you confirm."), "invite-once-you-confirm"),
    ff(
        after(
            "Dylan is busy 10:30 - 11:00 and 13:30 - 14:00; Jerry is busy 9:00 - 11:00, "
            "11:30 - 14:30 and 16:00 - 17:00."
        ),
        "whole-busy-recap",
    ),
    ff(
        after("Note: Jerry's calendar is packed, but he's free from 14:30 to 16:00."),
        "packed-but-free",
    ),
    ff(after("(All times are in your local time zone.)"), "local-time-zone"),
    ff(after("Duration: 60 minutes."), "duration-sixty"),
    ff(
        after(
            "Why this works:\n- Thomas: free all day\n- Dylan: free after 14:00\n"
            "- Jerry: free 14:30 - 16:00"
        ),
        "why-list",
    ),
    ff(
        after("Jerry's afternoon is blocked until 14:30, and he's busy again at 16:00."),
        "blocked-until-start",
    ),
    ff(after("This slot isn't tentative: everyone's calendar is clear."), "not-tentative"),
    ff(after("Nobody has a conflict."), "nobody-conflict"),
    # ============================== right today: controls =======================================
    ff(after("No one is left out: all three are free."), "no-one-left-out"),
    ff(after("No one has a conflict then."), "no-one-has-a-conflict"),
    ff(after("To avoid a clash with Jerry's block, it starts at 14:30."), "avoid-a-clash"),
    ff(after("Jerry has a conflict at 16:00, so we end by 15:30."), "conflict-at-16"),
    ff(after("Jerry is not required to prepare anything."), "not-required-to-prepare"),
    ff(after("Jerry's calendar shows a conflict-free afternoon."), "conflict-free-afternoon"),
    ff(after("Everyone, including Jerry, is free then."), "including-jerry"),
    ff(
        after("Jerry's block ends right at 14:30, so he might be a couple of minutes late."),
        "might-be-a-minute-late",
    ),
    ff(after("Jerry can't meet before 14:30, and Dylan is busy 13:30-14:00."), "cant-meet-before"),
    ff(after("Let me know if that doesn't work."), "let-me-know-if"),
    ff(after("If anything changes, I can look again."), "if-anything-changes"),
    ff(after("Would you like me to send the invite?"), "question-back"),
    ff(before("I found a time that works for everyone."), "before-works-for-everyone"),
    ff(before("Nothing works before 14:30 because of Jerry."), "before-nothing-before"),
    ff(before("No slot works in the morning."), "before-no-slot-in-the-morning"),
    ff(
        before(
            "Jerry is busy 11:30-14:30, and Dylan 13:30-14:00. After 14:30 everyone is free "
            "until 16:00."
        ),
        "before-busy-reasoning",
    ),
    ff(before("Monday, 9:00 - 10:00 is out because of Jerry."), "before-slot-ruled-out"),
    ff(after("Jerry is busy the hour before."), "busy-the-hour-before"),
    ff(after("This is the first slot after Jerry's block."), "first-slot-after-block"),
    ff(after("That is half past two to half past three."), "own-slot-in-words"),
    ff(after_json("So we'll meet on Monday at 2:30 pm."), "json-own-twelve-hour"),
    ff(f"{SLOT} (60 minutes)", "duration-note"),
    ff("Here is the proposed time: Monday, 14:30 \u2212 15:30", "minus-sign"),
    ff("Here is the proposed time: *Monday, 14:30 - 15:30*", "italic-slot"),
    ff("Here is the proposed time: `Monday, 14:30 - 15:30`", "code-span-slot"),
    fp(after("Jerry will be out then."), "jerry-out-then"),
    fp(after("Alternatively, three o'clock would also work."), "three-oclock"),
    fp(after("We could also push it back by 30 minutes if needed."), "push-back"),
    fp(after("Starting half an hour later would work just as well."), "half-hour-later"),
    fp(after("It could also be held an hour earlier."), "hour-earlier"),
    fp(
        "No slot works for everyone, so here's the best compromise.\n\n" + JSON_SLOT,
        "json-no-slot-before",
    ),
    fp("Here is the proposed time: Monday, 14:30 - 15:30 or 15:00 - 16:00", "two-ranges"),
    fp("**Day:** Monday\n**Time:** 14:30 - 15:30 or 15:00 - 16:00", "fields-two-ranges"),
    fp("Here is the proposed time: Monday, 2:30 - 3:30", "bare-twelve-hour-is-night"),
]


def test_the_slot_passes_alone() -> None:
    """The control: each probe's slot passes with nothing around it."""
    assert slot(SLOT) and slot(JSON_SLOT)


@pytest.mark.parametrize(("text", "expect"), PROBES)
def test_probe(text: str, expect: bool) -> None:
    assert slot(text) is expect, text


def test_every_class_has_a_probe() -> None:
    assert REVIEW.classes_probed(PROBES) == set(WRONG)
