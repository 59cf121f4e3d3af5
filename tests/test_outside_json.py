"""JSON that comes from outside is read by one fail-closed reader everywhere
(:func:`checkers.json_input.loads_unique`): text nested past the interpreter's recursion, a
number of thousands of digits or an object holding one key twice gets the reader's own error
naming the problem, never a traceback, and a key twice is never read as its last value.

Found by a hostile review (2026-12-07): ``checkers check orders --answer FILE`` ended in a
traceback (ValueError: more than 4,300 digits; RecursionError) where the batch path, reading
through ``loads_unique``, reported the line; a tau-bench observation, an ADK session's event
column, a review sheet's line and an eval config each had its own ``json.loads`` and caught
only some of these. The properties were seen failing on the code before.
"""

from __future__ import annotations

from pathlib import Path
from tempfile import TemporaryDirectory

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.cli import main
from checkers.conversation import observation_response, parse_answer_text
from checkers.data import numbered_jsonl
from checkers.errors import ConfigError, DataError
from checkers.export import _read_config
from checkers.review_read import sheet_cells

UNREADABLE_JSON = st.one_of(
    st.integers(100_000, 200_000).map(lambda depth: "[" * depth + "]" * depth),
    st.integers(100_000, 200_000).map(lambda depth: '{"a":' * depth + "1" + "}" * depth),
    st.integers(4400, 9000).map(lambda digits: '{"turns": [], "n": ' + "9" * digits + "}"),
)
"""JSON no reader can take as a value: nested past any recursion limit a test runner sets, or
a number too long to convert."""
NASTY_JSON = UNREADABLE_JSON | st.sampled_from(
    ('{"turns": [], "turns": []}', '[{"name": "respond", "name": "x"}]')
)
"""And JSON a fail-closed reader takes as no one value: a key twice (two answers in one)."""


@settings(max_examples=30, deadline=None)
@given(NASTY_JSON)
def test_an_answer_given_as_such_json_is_a_config_error_naming_it(text: str) -> None:
    with pytest.raises(ConfigError, match="does not parse"):
        parse_answer_text(text)


@settings(max_examples=30, deadline=None)
@given(NASTY_JSON)
def test_a_tool_observation_of_such_json_is_text(text: str) -> None:
    assert observation_response(text) == {"result": text}


@settings(max_examples=15, deadline=None)
@given(UNREADABLE_JSON)
def test_a_data_file_of_such_json_is_a_data_error(text: str) -> None:
    """The bundled data's reader takes a key twice as JSON does (the data is the project's)."""
    with TemporaryDirectory() as folder:
        lines = Path(folder) / "lines.jsonl"
        lines.write_text(text + "\n", encoding="utf-8")
        with pytest.raises(DataError):
            numbered_jsonl(lines)


@settings(max_examples=15, deadline=None)
@given(NASTY_JSON)
def test_a_review_sheet_or_an_eval_config_of_such_json_gets_the_readers_own_error(
    text: str,
) -> None:
    with TemporaryDirectory() as folder:
        sheet = Path(folder) / "sheet.jsonl"
        sheet.write_text(text + "\n", encoding="utf-8")
        with pytest.raises(DataError):
            list(sheet_cells(sheet))
        config = Path(folder) / "test_config.json"
        config.write_text(text, encoding="utf-8")
        with pytest.raises(ConfigError):
            _read_config(config)


@pytest.mark.parametrize(
    ("domain", "scenario"), [("orders", "cs-that-order"), ("airline", "task-1")]
)
def test_the_check_command_reports_such_an_answer_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], domain: str, scenario: str
) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text('{"turns": [], "n": ' + "9" * 5000 + "}", encoding="utf-8")
    code = main(["check", domain, "--scenario", scenario, "--answer", str(answer)])
    assert code == 2
    assert "does not parse" in capsys.readouterr().err
