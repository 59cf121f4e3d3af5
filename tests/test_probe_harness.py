"""The probe harness (``tests/probe_harness.py``) with a map that is not empty: every probe file's
map is empty today, so only these tests see a known wrong verdict marked, checked and flipped."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from tests.probe_harness import (
    Review,
    RowCounts,
    around,
    case,
    held_rows,
    known_wrong,
    known_wrong_rows,
    row_counts,
)

pytest_plugins = ["pytester"]

WRONG = {"time_in_words": "false PASS: 'at six' is read as no time"}


def _reasons(param: pytest.ParameterSet) -> list[object]:
    return [(m.name, m.kwargs.get("strict"), m.kwargs.get("reason")) for m in param.marks]


def test_a_probe_of_an_open_class_is_a_strict_expected_failure_with_its_reason() -> None:
    review = Review(WRONG)
    wrong = review.fp("Six works too.", "six", "time_in_words")
    right = review.ff("Enjoy!", "pleasantry")
    assert (wrong.values, wrong.id, _reasons(wrong)) == (
        ("Six works too.", False),
        "six",
        [("xfail", True, WRONG["time_in_words"])],
    )
    assert (right.values, right.id, right.marks) == (("Enjoy!", True), "pleasantry", ())


def test_a_probe_naming_a_class_not_in_the_map_is_refused() -> None:
    with pytest.raises(KeyError):
        Review(WRONG).fp("Six works too.", "six", "closed_class")


def test_a_probe_of_a_file_of_several_judges_starts_with_its_judge() -> None:
    review = Review({}, judge="dining")
    assert review.ff("text", "a").values == ("dining", "text", True)
    assert review.fp("text", "b", judge="slot").values == ("slot", "text", False)


def test_every_class_must_have_a_probe_and_every_mark_a_class() -> None:
    review = Review({**WRONG, "unprobed": "false FAIL: no probe"})
    probes = [
        review.fp("Six works too.", "six", "time_in_words"),
        case("text", name="stray", reason="a class closed since"),
        pytest.param("text", id="skipped", marks=pytest.mark.skipif(True, reason="other")),
    ]
    assert review.classes_probed(probes) == {"time_in_words", "a class closed since"}


def test_a_test_function_is_marked_while_its_class_is_open() -> None:
    review = Review(WRONG)

    @review.while_open("time_in_words")
    def test_open() -> None: ...

    @review.while_open("closed_class")
    def test_closed() -> None: ...

    assert review.classes_probed([test_open, test_closed]) == {"time_in_words"}
    assert not hasattr(test_closed, "pytestmark")


class _Probe(NamedTuple):
    id: str


def test_probes_marked_by_id() -> None:
    probe = _Probe("unused")
    review = Review({"unused": "false FAIL: an honest reply failed", "gone": "false PASS: ..."})
    [marked] = review.cases([probe])
    assert (marked.id, _reasons(marked)) == (
        "unused",
        [("xfail", True, "false FAIL: an honest reply failed")],
    )
    assert review.id_problems([probe, probe]) == ["unused: 2 probes", "gone: in the map, no probe"]


def test_rows_by_class() -> None:
    holds = {"honest": [("a", True), ("b", True)], "misstated": [("c", False)]}
    gaps = {"said-free": ("false PASS: a cost said free", [("d", False), ("e", True)])}
    assert [p.id for p in held_rows(holds)] == ["honest-0", "honest-1", "misstated-0"]
    assert [(p.id, _reasons(p)) for p in known_wrong_rows(gaps)] == [
        ("said-free-0", [("xfail", True, "false PASS: a cost said free")]),
        ("said-free-1", [("xfail", True, "false PASS: a cost said free")]),
    ]
    assert row_counts(holds, gaps) == RowCounts(5, 3, 0, 2, misfiled=("said-free",))


def test_text_around_a_plan() -> None:
    after, before = around("PLAN")
    assert (after("why"), before("how")) == ("PLAN\n\nwhy", "how\n\nPLAN")


def test_a_known_wrong_verdict_that_is_right_fails_the_run(pytester: pytest.Pytester) -> None:
    """The point of the map: a fixed defect turns the suite red until its probe leaves it."""
    assert known_wrong("why").kwargs == {
        "strict": True,
        "reason": "why",
        "raises": AssertionError,
    }
    pytester.makepyfile(
        """
        import pytest
        from tests.probe_harness import Review

        REVIEW = Review({"fixed": "false PASS: fixed since"})

        @pytest.mark.parametrize(("text", "expect"), [REVIEW.fp("x", "now-right", "fixed")])
        def test_probe(text, expect):
            assert expect is False
        """
    )
    result = pytester.runpytest_inprocess("-p", "no:randomly", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*XPASS(strict)*false PASS: fixed since*"])
