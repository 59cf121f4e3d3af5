"""The strict reply parser: every reply shape, however malformed or adversarial, and what it
becomes. Only the one allowed shape scores; nothing else is ever a "yes"."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.rubric.parser import MAX_REPLY_CHARS, parse_reply

IDS = ("explains:ana", "explains:bo")


def reply(*entries: dict[str, Any]) -> str:
    return json.dumps({"verdicts": list(entries)})


def entry(
    rubric_id: str = "explains:ana", verdict: Any = "yes", reason: Any = "ok"
) -> dict[str, Any]:
    return {"rubric_id": rubric_id, "verdict": verdict, "reason": reason}


GOOD = reply(
    entry("explains:ana", "yes", "names a vegetarian dish"), entry("explains:bo", "no", "-")
)

# Every shape that must be unscored, with the code it gets. Each one also goes through a whole
# rubric metric in tests/test_rubric_judges.py, where it must never pass.
BAD_REPLIES: list[tuple[str, str | None, str]] = [
    ("none", None, "reply_empty"),
    ("empty", "", "reply_empty"),
    ("whitespace", " \n\t ", "reply_empty"),
    ("too-long", " " * (MAX_REPLY_CHARS - 10) + GOOD, "reply_too_long"),
    ("bare-yes", "yes", "reply_not_json"),
    ("prose", "The answer explains Ana's needs well. Verdict: yes", "reply_not_json"),
    ("code-fence", f"```json\n{GOOD}\n```", "reply_not_json"),
    ("two-objects", GOOD + GOOD, "reply_not_json"),
    ("trailing-text", GOOD + " I hope this helps!", "reply_not_json"),
    ("leading-text", "Here is my verdict: " + GOOD, "reply_not_json"),
    ("truncated", GOOD[:-5], "reply_not_json"),
    ("byte-order-mark", "\ufeff" + GOOD, "reply_not_json"),
    ("single-quotes", GOOD.replace('"', "'"), "reply_not_json"),
    ("deep-nesting", "[" * 100_000 + "]" * 100_000, "reply_too_long"),
    ("nested-not-too-long", "[" * 5_000 + "]" * 5_000, "reply_not_json"),
    (
        "nan",
        '{"verdicts": [{"rubric_id": "explains:ana", "verdict": NaN, "reason": "x"}]}',
        "reply_non_finite",
    ),
    ("infinity", '{"verdicts": Infinity}', "reply_non_finite"),
    (
        "duplicate-verdict-key",
        '{"verdicts": [{"rubric_id": "explains:ana", "verdict": "no", "verdict": "yes", '
        '"reason": "x"}]}',
        "reply_duplicate_key",
    ),
    ("duplicate-top-key", '{"verdicts": [], "verdicts": []}', "reply_duplicate_key"),
    ("json-string-yes", '"yes"', "reply_wrong_shape"),
    ("json-true", "true", "reply_wrong_shape"),
    ("json-number", "1.0", "reply_wrong_shape"),
    ("json-null", "null", "reply_wrong_shape"),
    ("list-of-entries", json.dumps([entry()]), "reply_wrong_shape"),
    ("single-entry-object", json.dumps(entry()), "reply_wrong_shape"),
    ("score-field", '{"score": 1.0}', "reply_wrong_shape"),
    ("extra-top-key", json.dumps({"verdicts": [entry()], "overall": "yes"}), "reply_wrong_shape"),
    ("verdicts-object", json.dumps({"verdicts": {"explains:ana": "yes"}}), "reply_wrong_shape"),
    ("verdicts-string", json.dumps({"verdicts": "yes"}), "reply_wrong_shape"),
    (
        "entry-missing-reason",
        json.dumps({"verdicts": [{"rubric_id": "explains:ana", "verdict": "yes"}]}),
        "reply_wrong_shape",
    ),
    ("entry-extra-key", json.dumps({"verdicts": [{**entry(), "score": 1}]}), "reply_wrong_shape"),
    ("entry-is-string", json.dumps({"verdicts": ["yes"]}), "reply_wrong_shape"),
    ("rubric-id-number", reply(entry(rubric_id=1)), "reply_wrong_shape"),  # type: ignore[arg-type]
    ("reason-not-string", reply(entry(reason=["fine"])), "reply_wrong_shape"),
    ("reason-too-long", reply(entry(reason="x" * 2_001)), "reply_wrong_shape"),
    ("verdict-capitalised", reply(entry(verdict="Yes")), "reply_off_menu"),
    ("verdict-upper", reply(entry(verdict="YES")), "reply_off_menu"),
    ("verdict-padded", reply(entry(verdict=" yes")), "reply_off_menu"),
    ("verdict-period", reply(entry(verdict="yes.")), "reply_off_menu"),
    ("verdict-pass", reply(entry(verdict="pass")), "reply_off_menu"),
    ("verdict-maybe", reply(entry(verdict="maybe")), "reply_off_menu"),
    ("verdict-true", reply(entry(verdict=True)), "reply_off_menu"),
    ("verdict-one", reply(entry(verdict=1)), "reply_off_menu"),
    ("verdict-score", reply(entry(verdict=1.0)), "reply_off_menu"),
    ("verdict-null", reply(entry(verdict=None)), "reply_off_menu"),
    ("verdict-list", reply(entry(verdict=["yes"])), "reply_off_menu"),
    ("verdict-cyrillic-e", reply(entry(verdict="y\u0435s")), "reply_off_menu"),
    ("verdict-fullwidth", reply(entry(verdict="\uff59\uff45\uff53")), "reply_off_menu"),
    ("verdict-zero-width", reply(entry(verdict="ye\u200bs")), "reply_off_menu"),
    (
        "unknown-rubric-id",
        reply(entry("explains:eve"), entry("explains:ana")),
        "reply_unknown_rubric_id",
    ),
    (
        "rubric-by-text",
        reply(entry("The final message explains Ana's needs")),
        "reply_unknown_rubric_id",
    ),
    ("rubric-id-case", reply(entry("Explains:Ana")), "reply_unknown_rubric_id"),
    (
        "duplicate-rubric-id",
        reply(entry("explains:ana", "no"), entry("explains:ana", "yes")),
        "reply_duplicate_rubric_id",
    ),
    (
        "off-menu-beside-good",
        reply(entry("explains:ana", "yes"), entry("explains:bo", "pass")),
        "reply_off_menu",
    ),
]


@pytest.mark.parametrize(
    ("text", "code"), [(t, c) for _, t, c in BAD_REPLIES], ids=[n for n, _, _ in BAD_REPLIES]
)
def test_every_bad_reply_leaves_every_rubric_unscored_with_its_code(
    text: str | None, code: str
) -> None:
    parsed = parse_reply(text, IDS)
    assert set(parsed) == set(IDS)
    assert {s.verdict for s in parsed.values()} == {None}
    assert {s.code for s in parsed.values()} == {code}
    assert all(s.reason for s in parsed.values())


def test_the_allowed_shape_scores_each_rubric_by_id() -> None:
    parsed = parse_reply(GOOD, IDS)
    assert parsed["explains:ana"].verdict == "yes"
    assert parsed["explains:ana"].reason == "names a vegetarian dish"
    assert parsed["explains:bo"].verdict == "no"
    assert {s.code for s in parsed.values()} == {"judged"}


def test_verdicts_are_matched_by_id_not_by_position() -> None:
    swapped = reply(entry("explains:bo", "no"), entry("explains:ana", "yes"))
    parsed = parse_reply(swapped, IDS)
    assert (parsed["explains:ana"].verdict, parsed["explains:bo"].verdict) == ("yes", "no")


def test_whitespace_around_the_object_is_allowed() -> None:
    assert parse_reply(f"\n  {GOOD}\n", IDS)["explains:ana"].verdict == "yes"


def test_a_rubric_left_out_is_unscored_alone() -> None:
    parsed = parse_reply(reply(entry("explains:ana", "no")), IDS)
    assert parsed["explains:ana"].verdict == "no"
    assert parsed["explains:bo"].verdict is None
    assert parsed["explains:bo"].code == "reply_missing_verdict"


def test_messages_name_the_problem_and_the_expected_shape() -> None:
    (sample, _) = parse_reply("yes", IDS).values()
    assert sample.reason.startswith("the reply is not one JSON object (Expecting value at line 1")
    assert '{"verdicts": [{"rubric_id": "<id>", "verdict": "yes"' in sample.reason
    off = parse_reply(reply(entry(verdict="Yes")), IDS)["explains:ana"]
    assert off.reason == (
        "verdicts[0]: verdict 'Yes' for 'explains:ana' is off the menu (exactly \"yes\" or \"no\")"
    )
    unknown = parse_reply(reply(entry("explains:eve")), IDS)["explains:ana"]
    assert unknown.reason == (
        "verdicts[0] judges rubric 'explains:eve', which was not asked about "
        "(asked: explains:ana, explains:bo)"
    )


def _json_values() -> st.SearchStrategy[Any]:
    scalars = (
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
    )
    near = st.sampled_from(["yes", "no", "Yes", "pass", "explains:ana", "explains:bo", "verdict"])
    leaves = scalars | near
    return st.recursive(
        leaves,
        lambda children: (
            st.lists(children, max_size=3)
            | st.dictionaries(
                st.sampled_from(["verdicts", "rubric_id", "verdict", "reason", "score"])
                | st.text(max_size=5),
                children,
                max_size=4,
            )
        ),
        max_leaves=12,
    )


def _only_allowed_yes(text: str, rubric_id: str) -> bool:
    value = json.loads(text)
    entries = [e for e in value["verdicts"] if e["rubric_id"] == rubric_id]
    return set(value) == {"verdicts"} and len(entries) == 1 and entries[0]["verdict"] == "yes"


@given(value=_json_values())
def test_no_generated_json_scores_yes_unless_it_is_exactly_the_allowed_shape(value: Any) -> None:
    text = json.dumps(value)
    for rubric_id, sample in parse_reply(text, IDS).items():
        if sample.verdict == "yes":
            assert _only_allowed_yes(text, rubric_id)


@given(text=st.text(max_size=200))
def test_arbitrary_text_never_raises_and_scores_only_when_it_is_json(text: str) -> None:
    parsed = parse_reply(text, IDS)
    assert set(parsed) == set(IDS)
    if any(s.verdict is not None for s in parsed.values()):
        json.loads(text)
