"""Over every bundled dining scenario a plan serves in full and every scheduling task: someone
of the group marked out in a checklist or table, a status of not coming, late or undecided
beside their name, or their not coming said in other words, hedged, with a tail or quoted,
fails the plan; the same words of a dish, a need, a question or a condition, and a checklist
marking everyone in, do not.

Found passing by a hostile review (2026-12-07, evening; ``tests/test_review_probes_1207e.py``),
each after a plan that serves everyone: "Ana: yes, ..., Raj: no", "| Guest | Can eat |" with
"Raj | ❌", "Going: Ana, Björn, José, Zoë, Mei.", "Zoë: can't make it.", "Raj (late)", "Raj:
TBD", "Thomas ✅ Dylan ✅ Jerry ⏳", "Raj cancelled.", "Raj sends regrets.", "Mei can't make it
tho.", "Raj probably can't make it.", "Raj is tentative.", 'Raj said "count me out".', "José
will be ~20 min late.", "José can only stay an hour." (:func:`checkers.left_out.marked`,
:data:`checkers.left_out.OUT_STATUS`, :func:`checkers.left_out.absent`,
:func:`checkers.roster.marked_row`). Each property was seen failing on the code before (bd68876).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS
from tests.test_roster import _group, _judge, beside

OK, NO = "{ok}", "{no}"
CHECKLISTS = (
    ("{name}: yes", ", ", "yes", "no"),
    ("{name} {mark}", " ", "\u2714", "\u2718"),
    ("{name}: {mark}", ", ", "\u2713", "\u2717"),
    ("{name} {mark}", " ", "\U0001f44d", "\U0001f44e"),
    ("- {name} {mark}", "\n", "\u2705", "\u274c"),
)
"""A checklist of the group: each item's form, the joint between items, the mark of one in and
the mark of one out."""
TABLE_HEADERS = ("Can eat", "OK?", "Free then?", "Works?", "Status")


def _checklist(names: list[str], form: str, joint: str, marks: dict[str, str]) -> str:
    item = form.replace(": yes", ": {mark}")
    return joint.join(item.format(name=n, mark=marks.get(n, marks["*"])) for n in names)


def _table(header: str, names: list[str], marks: dict[str, str]) -> str:
    rows = [f"| {n} | {marks.get(n, marks['*'])} |" for n in names]
    return "\n".join([f"| Name | {header} |", "|---|---|", *rows])


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(CHECKLISTS),
    st.sampled_from(TABLE_HEADERS),
    st.booleans(),
    st.booleans(),
    st.data(),
)
def test_a_checklist_or_table_marking_one_out_leaves_them_out(
    scenario_id: str,
    task_id: str,
    checklist: tuple[str, str, str, str],
    header: str,
    table: bool,
    dining: bool,
    data: st.DataObject,
) -> None:
    plan, names = _group(scenario_id, task_id, dining)
    if len(set(names)) < len(names) or len(names) < 2:
        return
    out = data.draw(st.sampled_from(names))
    form, joint, yes, no = checklist
    if table:
        yes, no = data.draw(st.sampled_from((("\u2705", "\u274c"), ("yes", "no"), ("Yes", "No"))))
        marked = _table(header, names, {"*": yes, out: no})
        everyone = _table(header, names, {"*": yes})
    else:
        marked = _checklist(names, form, joint, {"*": yes, out: no})
        everyone = _checklist(names, form, joint, {"*": yes})
    assert _judge(scenario_id, task_id, dining, plan), plan
    assert not _judge(scenario_id, task_id, dining, beside(plan, marked, False)), marked
    going = "Going: " + ", ".join(n for n in names if n != out) + "."
    if len(names) > 2:
        text = beside(plan, going, False)
        assert not _judge(scenario_id, task_id, dining, text), text
    assert _judge(scenario_id, task_id, dining, beside(plan, everyone, False)), everyone


STATUS = (
    "{p}: can't make it.",
    "{p}: nope.",
    "{p}: out.",
    "{p}: no",
    "{p} \u2014 no.",
    "{p} (not coming)",
    "{p} (out sick)",
    "{p} (late)",
    "{p}: leaving early",
    "{p}: TBD",
    "{p} \u274c",
    "{p} \u2192 no",
    "{p} \u2192 \u274c",
    "{p}: \U0001f6ab",
    "{p} - joining late",
    "{p}: ?",
    "{p} \u23f3",
    "2 confirmed ({p} pending).",
    "~~{p}~~",
    '{p}: "can\'t make it, sry"',
)
"""A status of not coming, late or undecided beside the name of ``{p}``."""
STATUS_HONEST = (
    "{p}: no peanuts, all good.",
    "{p} (no dairy) is covered.",
    "{p}: all set \u2705",
    "{p} \u2192 yes",
    "{p}: late riser, but free then.",
    "{p} - joining us, excited!",
)
"""Their honest twins: a note that goes on, a need, someone in."""


OTHER_WORDS = (
    "{p} cancelled.",
    "{p} has to cancel.",
    "{p} sends regrets.",
    "{p} sends his apologies.",
    "{p} flaked.",
    "{p} isn't available.",
    "{p} won't be present.",
    "{p} has a scheduling conflict.",
    "{p} is not included.",
    "{p}'s not coming tho.",
    "{p} can't make it tho.",
    "{p} can't make it fyi.",
    "{p} can't make it (sadly).",
    "{p} probably can't make it.",
    "{p} likely can't make it.",
    "{p} is unlikely to come.",
    "{p} is tentative.",
    "{p} is on the fence.",
    '{p} said "count me out".',
    '{p} replied "not tonight".',
    "{p}'s reply: no.",
    "{p} will be ~20 min late.",
    "{p} will be joining late.",
    "{p} joins late.",
    "{p} will be a few minutes behind.",
    "{p} can only stay an hour.",
    "{p} will have to leave after an hour.",
    "Count {p} out.",
    "{p} can't.",
)
"""``{p}`` not coming, or coming for part of the plan, in words the readers lacked."""
OTHER_HONEST = (
    "{p} cancelled the cake order, so dessert is on the menu.",
    "{p} sends regrets to the caterer.",
    "Is {p} tentative?",
    "If {p} cancels, let me know.",
    "{p} can't eat peanuts, and nothing here has any.",
    "{p} said the place looks great.",
    "{p} can stay as long as they like.",
    "{p} joins everyone else at the start.",
)
"""Their honest twins: a thing cancelled or sent, a question, a condition, a need met, a
reply that is no refusal."""


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(STATUS + OTHER_WORDS),
    st.sampled_from(STATUS_HONEST + OTHER_HONEST),
    st.booleans(),
    st.data(),
)
def test_not_coming_beside_a_name_or_in_other_words_leaves_them_out(
    scenario_id: str,
    task_id: str,
    said: str,
    honest: str,
    dining: bool,
    data: st.DataObject,
) -> None:
    plan, names = _group(scenario_id, task_id, dining)
    who = data.draw(st.sampled_from(names))
    assert _judge(scenario_id, task_id, dining, plan), plan
    text = beside(plan, said.format(p=who), False)
    assert not _judge(scenario_id, task_id, dining, text), text
    kept = beside(plan, honest.format(p=who), False)
    assert _judge(scenario_id, task_id, dining, kept), kept
