"""Details files are valid strict JSON and UTF-8 Markdown for any verdict, whatever the agent
wrote into it, and appear whole or not at all."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.details import MAX_DEPTH, writable, write_details
from checkers.results import AnswerProblem, RequirementResult, SubjectResult, Verdict

# Text with lone surrogates, format characters and markup: what an agent can put in a plan.
hostile_text = st.text(
    st.one_of(
        st.characters(codec=None),
        st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
        st.sampled_from("\u200b\u202e\ufeff<>|`&\n\x00"),
    ),
    max_size=30,
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(4400, 5000).map(lambda digits: -(10**digits)),  # too long for json to read
    st.floats(allow_nan=True, allow_infinity=True),
    hostile_text,
)
json_like = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(hostile_text, inner, max_size=4)
    ),
    max_leaves=20,
)


def _deep(levels: int) -> Any:
    value: Any = "bottom"
    for _ in range(levels):
        value = {"x": [value]}
    return value


def _verdict(answer: dict[str, Any], text: str) -> Verdict:
    result = RequirementResult.failed("diet", "no_dish", f"{text} cannot eat here")
    return Verdict(
        domain="dining",
        metric="everyone_ate",
        scenario_id=text or "s",
        threshold=1.0,
        subjects=(SubjectResult(subject_id=text, name=text, results=(result,)),),
        answer=answer,
        problems=(AnswerProblem(code="c", message=text),),
        notes=(text,),
    )


def _strict_load(path: Path) -> Any:
    def refuse(literal: str) -> Any:
        raise ValueError(f"{literal} in a details file")

    return json.loads(path.read_text(encoding="utf-8"), parse_constant=refuse)


@settings(max_examples=60, deadline=None)
@given(value=json_like)
def test_writable_values_are_strict_json(value: Any) -> None:
    text = json.dumps(writable(value), allow_nan=False)
    json.loads(text)
    text.encode("utf-8")


def test_writable_cuts_nesting_at_its_depth() -> None:
    cut = json.dumps(writable(_deep(5_000)))
    assert cut.count("[") <= MAX_DEPTH
    assert "omitted" in cut


@settings(max_examples=40, deadline=None)
@given(answer=st.dictionaries(hostile_text, json_like, max_size=4), text=hostile_text)
def test_details_files_are_valid_for_any_verdict(
    tmp_path_factory: Any, answer: dict[str, Any], text: str
) -> None:
    directory = tmp_path_factory.mktemp("details")
    path = write_details(directory, "everyone_ate", [_verdict(answer, text)], {"threshold": 1.0})
    loaded = _strict_load(path)
    assert loaded["invocations"][0]["metric"] == "everyone_ate"
    markdown = path.with_suffix(".md").read_text(encoding="utf-8")
    assert "<script" not in markdown.lower()
    assert sorted(p.suffix for p in directory.iterdir()) == [".json", ".md"]


def test_a_deeply_nested_answer_is_written_cut() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as name:
        path = write_details(Path(name), "m", [_verdict({"a": _deep(3_000)}, "t")], {})
        assert "omitted" in path.read_text(encoding="utf-8")


def test_a_run_of_4000_digits_in_agent_text_is_written_readable(tmp_path: Path) -> None:
    # A string of digits is not an integer, but the writer's check for long digit runs cannot
    # tell: it takes the slow, cleaning path, and the file must still read back whole. Runs one
    # digit short, or split by a space, take the fast path.
    for text in ("7" * 4_000, "7" * 3_999, "7" * 3_000 + " " + "7" * 3_000):
        path = write_details(tmp_path / str(len(text)), "m", [_verdict({"note": text}, "t")], {})
        answer = json.loads(path.read_text(encoding="utf-8"))["invocations"][0]["answer"]
        assert answer == {"note": text}
