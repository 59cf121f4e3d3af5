"""A scenario that does not load is remembered like one that does: named in every turn of every
case, it is looked up and read once (per version of its file), and a failure that may pass (a
file that could not be read) is tried again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.data import read_json
from checkers.errors import CheckersError, DataError, ScenarioNotFound
from checkers.memo import remembered
from checkers.metric import Domain, Metric, judge_turns
from checkers.results import Aggregation, Verdict
from checkers.scenarios import ScenarioStore, lasting
from checkers.transcript import Transcript, Turn


class Counting:
    """A scenario reader that counts how often it is asked, and refuses scenarios without a
    ``"name"`` (as a domain's validation refuses a bad field)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, value: Any, where: str) -> str:
        self.calls += 1
        if not isinstance(value, dict) or "name" not in value:
            raise DataError(f"{where}: name: field required")
        return str(value["name"])


class StoreDomain(Domain[str]):
    name = "counting"

    def __init__(self, store: ScenarioStore[str]) -> None:
        self.store = store

    def scenario_ids(self) -> list[str]:
        return self.store.ids()

    def load_scenario(self, ref: str) -> str:
        return self.store.load(ref)


def _judge(scenario: str, transcript: Transcript, threshold: float) -> Verdict:
    return Verdict(
        domain="counting",
        metric="m",
        scenario_id=scenario,
        threshold=threshold,
        subjects=(),
        aggregation=Aggregation.SUBJECTS,
    )


TURNS = [Turn(user_text=f"turn {n}", agent_text="ok") for n in range(5)]


def test_a_scenario_file_that_is_no_scenario_is_read_once_for_a_whole_case(
    tmp_path: Path,
) -> None:
    reader = Counting()
    store: ScenarioStore[str] = ScenarioStore(reader, dict)
    metric = Metric("m", StoreDomain(store), _judge)
    path = tmp_path / "broken.json"
    path.write_text('{"nom": "typo"}', encoding="utf-8")

    verdicts = judge_turns(metric, str(path), TURNS, 1.0)
    verdicts += judge_turns(metric, str(path), TURNS, 1.0)  # a second case names it too

    assert reader.calls == 1
    assert all(v.problems[0].code == "unknown_scenario" for v in verdicts)
    assert all("name: field required" in v.problems[0].message for v in verdicts)


def test_an_edited_file_is_read_again(tmp_path: Path) -> None:
    reader = Counting()
    store: ScenarioStore[str] = ScenarioStore(reader, dict)
    path = tmp_path / "scenario.json"
    path.write_text('{"nom": "typo"}', encoding="utf-8")
    with pytest.raises(DataError):
        store.load(str(path))
    path.write_text('{"name": "fixed now"}', encoding="utf-8")
    assert store.load(str(path)) == "fixed now"
    assert reader.calls == 2


def test_a_file_that_is_not_json_or_utf8_is_remembered_as_such(tmp_path: Path) -> None:
    store: ScenarioStore[str] = ScenarioStore(Counting(), dict)
    for name, data in [("a.json", b"{not json"), ("b.json", b'{"name": "\xff"}')]:
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(DataError) as first:
            store.load(str(path))
        with pytest.raises(DataError) as again:
            store.load(str(path))
        assert again.value is first.value  # remembered, not read again
    assert "not UTF-8 text" in str(again.value)


def test_broken_bundled_scenarios_are_read_once_but_an_unreadable_file_again(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bundled.json"
    reads = []

    def bundled() -> dict[str, str]:
        reads.append(path)
        value = read_json(path)
        if not isinstance(value, dict):
            raise DataError(f"{path} must hold an object of scenarios")
        return {str(k): str(v) for k, v in value.items()}

    store: ScenarioStore[str] = ScenarioStore(Counting(), bundled)
    # No file yet: a failure to read may pass, so it is not remembered.
    with pytest.raises(DataError, match="cannot read"):
        store.load("one")
    path.write_text("[]", encoding="utf-8")
    for _ in range(3):
        with pytest.raises(DataError, match="must hold an object"):
            store.load("one")
    assert len(reads) == 2


def test_an_unknown_id_is_looked_up_once_per_case_whatever_the_domain() -> None:
    asked = []

    class Unknown(Domain[str]):
        name = "unknown"

        def scenario_ids(self) -> list[str]:
            return []

        def load_scenario(self, ref: str) -> str:
            asked.append(ref)
            raise ScenarioNotFound(f"scenario {ref!r} not found; known ids: (none)")

    verdicts = judge_turns(Metric("m", Unknown(), _judge), "nope", TURNS, 1.0)
    assert asked == ["nope"]
    assert [v.problems[0].code for v in verdicts] == ["unknown_scenario"] * len(TURNS)


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.sampled_from(["value", "lasting", "transient"])),
        max_size=30,
    )
)
def test_remembered_calls_once_per_argument_unless_the_failure_may_pass(
    plan: list[tuple[int, str]],
) -> None:
    """Property: each argument's first outcome is what every later call gives; a transient
    failure is never remembered, so the function is called again for it."""
    outcome = dict.fromkeys(range(6), "value")
    outcome.update({key: kind for key, kind in plan})
    calls: list[int] = []

    def function(key: int) -> str:
        calls.append(key)
        if outcome[key] == "lasting":
            raise DataError(f"{key} is broken")
        if outcome[key] == "transient":
            raise DataError(f"{key} cannot be read") from OSError(13, "Permission denied")
        return f"scenario {key}"

    memo = remembered(function, maxsize=4, keep=lasting)
    first: dict[int, str] = {}
    for key, _ in plan:
        try:
            got = memo(key)
        except CheckersError as error:
            got = str(error)
        assert first.setdefault(key, got) == got
    asked = [key for key, _ in plan]
    for key in set(asked):
        if outcome[key] == "transient":
            assert calls.count(key) == asked.count(key)
        else:
            assert 1 <= calls.count(key) <= asked.count(key)


@given(
    turns=st.integers(1, 12),
    cases=st.integers(1, 4),
    content=st.sampled_from(['{"nom": "typo"}', "{not json", '["a", "list"]', '"just text"']),
)
def test_a_broken_scenario_file_is_read_once_however_many_turns_and_cases_name_it(
    tmp_path_factory: pytest.TempPathFactory, turns: int, cases: int, content: str
) -> None:
    """Property: a scenario file that is no scenario is read at most once per version, whatever
    the number of turns and cases that name it, and every turn fails with the reason."""
    reader = Counting()
    store: ScenarioStore[str] = ScenarioStore(reader, dict)
    metric = Metric("m", StoreDomain(store), _judge)
    path = tmp_path_factory.mktemp("broken") / "scenario.json"
    path.write_text(content, encoding="utf-8")
    one_case = [Turn(user_text=f"turn {n}", agent_text="ok") for n in range(turns)]
    verdicts = [v for _ in range(cases) for v in judge_turns(metric, str(path), one_case, 1.0)]
    assert reader.calls <= 1
    assert len(verdicts) == turns * cases
    assert {v.problems[0].code for v in verdicts} == {"unknown_scenario"}
