"""The rule for reading one JSON object out of an agent's final text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.answers import MAX_RESPONSE_CHARS, extract_json_object
from checkers.results import AnswerProblem
from checkers.text import fold_lower

PLAN = {"restaurant": "r01", "time": "19:00"}


@pytest.mark.parametrize(
    "text",
    [
        '{"restaurant": "r01", "time": "19:00"}',
        '  {"restaurant": "r01", "time": "19:00"}\n',
        'I suggest this plan: {"restaurant": "r01", "time": "19:00"}. Enjoy!',
        'Here you go:\n```json\n{"restaurant": "r01", "time": "19:00"}\n```\nBon appétit.',
        'Plan:\n```\n{"restaurant": "r01", "time": "19:00"}\n```',
        '{"restaurant": "r01", "time": "19:00"} and again {"restaurant": "r01", "time": "19:00"}',
    ],
    ids=["bare", "padded", "in-prose", "json-fence", "bare-fence", "identical-repeat"],
)
def test_reads_the_one_object(text: str) -> None:
    assert extract_json_object(text) == PLAN


def test_fenced_block_wins_over_braces_in_prose() -> None:
    text = (
        'Options like {curly} aside, my plan:\n```json\n{"restaurant": "r01", "time": "19:00"}\n```'
    )
    assert extract_json_object(text) == PLAN


def test_nested_objects_belong_to_their_parent() -> None:
    assert extract_json_object('{"plan": {"restaurant": "r01"}}') == {"plan": {"restaurant": "r01"}}


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (None, "no_final_response"),
        ("", "empty_response"),
        ("   \n\t", "empty_response"),
        ("Let's go to Luigi's at seven.", "no_json_object"),
        ('[{"restaurant": "r01", "time": "19:00"}]', "answer_not_object"),
        ('```json\n["r01", "19:00"]\n```', "answer_not_object"),
        ('"r01 at 19:00"', "answer_not_object"),
        ("null", "answer_not_object"),
        (
            '{"restaurant": "r01", "time": "19:00"} or {"restaurant": "r02", "time": "20:00"}',
            "several_json_objects",
        ),
        ('{"restaurant": "r01", "price": NaN}', "non_finite_number"),
        ('{"restaurant": "r01", "price": [1, -Infinity]}', "non_finite_number"),
        ('{"restaurant": "r01", "time": "19:00"', "no_json_object"),
        ("x" * (MAX_RESPONSE_CHARS + 1), "response_too_large"),
    ],
)
def test_problems_have_stable_codes(text: str | None, code: str) -> None:
    result = extract_json_object(text)
    assert isinstance(result, AnswerProblem)
    assert result.code == code
    assert result.message


def test_problem_message_quotes_the_callers_example() -> None:
    result = extract_json_object("nothing here", example='{"slot": "Monday 9:00"}')
    assert isinstance(result, AnswerProblem)
    assert '{"slot": "Monday 9:00"}' in result.message


def test_one_megabyte_of_braces_is_refused_quickly() -> None:
    result = extract_json_object("{" * 1_000_000)
    assert isinstance(result, AnswerProblem) and result.code == "response_too_large"


def test_deep_nesting_within_the_limit_does_not_crash() -> None:
    result = extract_json_object('{"a":' * 20_000 + "1" + "}" * 20_000)
    assert isinstance(result, AnswerProblem | dict)


@given(st.text(max_size=400))
def test_never_raises_on_any_text(text: str) -> None:
    result = extract_json_object(text)
    assert isinstance(result, AnswerProblem | dict)


def _distinct_keys(obj: dict[str, object]) -> bool:
    """Keys a reader tells apart: two keys that fold to one (``"a"``, ``"A "``) are a duplicate."""
    return len({fold_lower(k).strip() for k in obj}) == len(obj)


@given(
    st.dictionaries(st.text(max_size=8), st.integers() | st.text(max_size=8), max_size=4).filter(
        _distinct_keys
    ),
    st.text(alphabet="abc .,!\n", max_size=40),
    st.text(alphabet="abc .,!\n", max_size=40),
)
def test_one_object_in_any_prose_is_found(obj: dict[str, object], before: str, after: str) -> None:
    import json

    assert extract_json_object(before + json.dumps(obj) + after) == obj
