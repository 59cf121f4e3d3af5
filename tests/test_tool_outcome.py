"""The tool-outcome model: known shapes, real ADK payloads, and properties through the rules.

- Known answers: each failure shape ADK 2.13, its plugins, MCP and the project's tools record,
  with the key that decides it; the shapes that are unknown; plain successes.
- Real payloads: built by ADK's own code where it can be imported, and every response the
  orders service and the tau-bench dev observations give (honest responses keep their verdict).
- Properties: a failed call in any known shape, with any extra keys, never counts as a success
  (for the model, ``menu_before_booking`` and the orders ``outcome`` / ``no_fabrication``
  checks); an unknown shape is never a success; any JSON value is read without raising, and
  ``menu_before_booking`` passes exactly when the model reads the menu call as a success.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from google.adk.flows.llm_flows.tools._error_handler import build_tool_not_found_response
from google.adk.plugins.reflect_retry_tool_plugin import ToolFailureResponse
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.conversation import observation_response
from checkers.tool_outcome import (
    FAILED_STATUSES,
    REFLECT_AND_RETRY_RESPONSE_TYPE,
    ToolStatus,
    error_text,
    tool_outcome,
)
from checkers.trajectory import (
    CalledAtLeast,
    CalledInOrder,
    NeverCalled,
    ToolMatch,
    response_succeeded,
)
from checkers.transcript import UNREADABLE_RESPONSE
from domains.orders import tools as order_tools
from domains.orders.checks import checks
from domains.orders.data_files import TRIPLES_FILE, bundled_database
from domains.orders.judge import context_for, requirements_for
from domains.orders.scenarios import ORDERS, parse_answer_text
from tests.test_trajectory import MENU_BEFORE_BOOKING, book, menu, transcript, verdict

# The model's own tests are meta-tests: ``checkers mutate --module checkers/tool_outcome.py``
# tries every mutant of the model against them.
pytestmark = pytest.mark.checkers_meta

FAILED, SUCCEEDED, UNKNOWN = ToolStatus.FAILED, ToolStatus.SUCCEEDED, ToolStatus.UNKNOWN

# --- known answers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("response", "status", "where"),
    [
        # ADK FunctionTool: missing argument, validation, rejected confirmation (function_tool.py)
        ({"error": "Invoking `get_menu()` failed as the following ..."}, FAILED, "error"),
        # ADK environment simulation fault injection (environment_simulation_engine.py)
        ({"error_code": 503, "error_message": "Service Unavailable"}, FAILED, "error_code"),
        ({"error_message": "timed out"}, FAILED, "error_message"),
        ({"errorCode": "NOT_FOUND"}, FAILED, "errorCode"),
        # ReflectAndRetryToolPlugin (plugins/reflect_retry_tool_plugin.py)
        (
            {"response_type": REFLECT_AND_RETRY_RESPONSE_TYPE, "retry_count": 1},
            FAILED,
            "response_type",
        ),
        # MCP CallToolResult: isError (1.x spelling), is_error (2.x), error text unflagged
        ({"isError": True, "content": [{"type": "text", "text": "x"}]}, FAILED, "isError"),
        ({"is_error": "true", "content": []}, FAILED, "is_error"),
        (
            {"isError": False, "content": [{"type": "text", "text": "HTTP 502 Bad Gateway"}]},
            FAILED,
            "content[0].text",
        ),
        (
            {"content": [{"type": "text", "text": "Error: no such table"}]},
            FAILED,
            "content[0].text",
        ),
        # The project's own shapes
        ({"status": "error", "error": "unknown restaurant"}, FAILED, "error"),
        ({"status": " Failed "}, FAILED, "status"),
        ({"status": "NOT_FOUND"}, FAILED, "status"),
        ({"status": "f\u0430iled"}, FAILED, "status"),  # a Cyrillic a
        ({"status": 404}, FAILED, "status"),
        ({"status_code": "500"}, FAILED, "status_code"),
        ({"success": False}, FAILED, "success"),
        ({"ok": "false"}, FAILED, "ok"),
        ({"exception": "TimeoutError"}, FAILED, "exception"),
        # Text results that are error messages (ADK wraps a text return as {"result": ...})
        ({"result": "Error: user not found"}, FAILED, "result"),
        ({"result": "Unknown action cancel_everything"}, FAILED, "result"),
        ({"result": "404 Not Found"}, FAILED, "result"),
        ({"result": "HTTP/1.1 500 Internal Server Error"}, FAILED, "result"),
        ({"result": "KeyError: 'menu'"}, FAILED, "result"),
        ({"result": "Order #W1 not found"}, FAILED, "result"),
        ({"message": "Unable to reach the calendar"}, FAILED, "message"),
        # One level down: tau-bench's {"result": <parsed JSON>}, MCP structuredContent
        ({"result": {"error": "locked"}}, FAILED, "result.error"),
        ({"structuredContent": {"status": "failed"}}, FAILED, "structuredContent.status"),
        # Any failure signal outweighs every success signal
        ({"status": "ok", "success": True, "error": "stale"}, FAILED, "error"),
        # Unknown: never a success
        (None, UNKNOWN, ""),
        ("ok", UNKNOWN, ""),
        ([{"status": "ok"}], UNKNOWN, ""),
        ({1: "ok"}, UNKNOWN, ""),
        ({UNREADABLE_RESPONSE: "[1]"}, UNKNOWN, ""),
        ({"success": "perhaps"}, UNKNOWN, "success"),
        ({"ok": 1}, UNKNOWN, "ok"),
        ({"isError": None, "content": {"text": "x"}}, UNKNOWN, "content"),
        ({"isError": False, "content": ["x"]}, UNKNOWN, "content[0]"),
        (
            {"result": {"result": {"result": {"result": {}}}}},
            UNKNOWN,
            "result.result.result.result",
        ),
        # Successes: an order's or a booking's status is not the call's
        ({}, SUCCEEDED, ""),
        ({"result": None}, SUCCEEDED, ""),
        ({"status": "pending", "order_id": "#W1"}, SUCCEEDED, ""),
        ({"status": "cancelled"}, SUCCEEDED, ""),
        ({"status": "ok", "error": None, "error_code": 0}, SUCCEEDED, ""),
        ({"result": "mei_martin_4260"}, SUCCEEDED, ""),
        ({"result": "Transfer successful"}, SUCCEEDED, ""),
        ({"isError": False, "content": [{"type": "text", "text": "3 tables free"}]}, SUCCEEDED, ""),
        ({"code": "SAVE10", "success": True}, SUCCEEDED, ""),
    ],
)
def test_known_outcomes(response: Any, status: ToolStatus, where: str) -> None:
    outcome = tool_outcome(response)
    assert (outcome.status, outcome.where) == (status, where), outcome.evidence
    assert outcome.evidence
    assert response_succeeded(response) is (status is SUCCEEDED)


def test_evidence_names_the_failure() -> None:
    outcome = tool_outcome({"error_code": 503, "error_message": "Service Unavailable"})
    assert outcome.evidence == 'error_code=503 ("Service Unavailable")'
    reflected = tool_outcome(
        {
            "response_type": REFLECT_AND_RETRY_RESPONSE_TYPE,
            "error_type": "ConnectionError",
            "error_details": "menu backend down",
        }
    )
    assert reflected.evidence == (
        "ADK's ReflectAndRetryToolPlugin recorded a failure: "
        'error_type="ConnectionError", error_details="menu backend down"'
    )
    assert tool_outcome({"success": "perhaps"}).evidence == (
        'success="perhaps" is neither true nor false, so the call may have failed'
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Error: order not found", "error"),
        ("  [ERROR] quota", "error"),
        ("requests.exceptions.HTTPError: 503", "requests.exceptions.httperror:"),
        ("the server said HTTP 503", "http 503"),
        ("got 429 Too Many Requests", "429 too many requests"),
        ("status code 500", "status code 500"),
        ("Traceback (most recent call last):", "traceback (most recent call last)"),
        ("E\u200brror: hidden", "error"),  # a zero-width space hides nothing
        ("Errors: none", None),
        ("Booked for 6 at 19:30", None),
        ("Table 404 is by the window", None),
        ("", None),
    ],
)
def test_error_text(text: str, words: str | None) -> None:
    assert error_text(text) == words


# --- real payloads -----------------------------------------------------------------------------


def test_payloads_built_by_adk_itself_are_failures() -> None:
    reflected = ToolFailureResponse(
        error_type="ValueError", error_details="bad id", retry_count=2
    ).model_dump(mode="json")
    assert tool_outcome(reflected).failed
    assert tool_outcome(build_tool_not_found_response("made_up", {})).failed


def test_every_orders_service_response_reads_as_what_it_is() -> None:
    """Every lookup on the bundled data (1,000 orders, 500 users, 50 products) is a success
    whatever the order's status; every refusal of the service is a failure."""
    context = SimpleNamespace(state={})
    db = bundled_database()
    for order_id in db.orders:
        for tool in (order_tools.get_order_details, order_tools.get_order_status):
            assert tool_outcome(tool(order_id, context)).succeeded, order_id
    for user_id in db.users:
        assert tool_outcome(order_tools.get_user_details(user_id, context)).succeeded
    for product_id in db.products:
        assert tool_outcome(order_tools.get_product_details(product_id, context)).succeeded
    assert tool_outcome(order_tools.list_all_product_types(context)).succeeded
    for refused in (
        order_tools.get_order_details("#W0000000", context),
        order_tools.get_order_details("W123", context),
        order_tools.get_user_details("nobody_1", context),
        order_tools.find_user_id_by_email("nobody@example.com", context),
    ):
        assert tool_outcome(refused).failed, refused


def test_tau_bench_observations_read_as_tau_bench_means_them() -> None:
    """Each observation of the dev triples is a failure exactly when tau-bench's environment
    wrote it as one ("Error: ..." / "Unknown action ...")."""
    seen = 0
    for line in TRIPLES_FILE.read_text(encoding="utf-8").splitlines():
        for observation in json.loads(line)["candidate"].get("observations") or []:
            if observation is None:
                continue
            seen += 1
            failed = isinstance(observation, str) and observation.startswith(
                ("Error", "Unknown action")
            )
            outcome = tool_outcome(observation_response(observation))
            assert outcome.status is (FAILED if failed else SUCCEEDED), observation
    assert seen > 1000


# --- strategies --------------------------------------------------------------------------------

_TEXT = st.text(max_size=30)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | _TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=8,
)
_ERROR_OPENINGS = [
    "Error: ",
    "ERROR ",
    "Failed to ",
    "Unknown action ",
    "ValueError: ",
    "HTTP 503 ",
    "404 Not Found ",
    "Unable to ",
    "Traceback (most recent call last):\n",
]


@st.composite
def error_texts(draw: st.DrawFn) -> str:
    """Text a tool returns as its error message."""
    return draw(st.sampled_from(_ERROR_OPENINGS)) + draw(_TEXT)


def _cased(status: str) -> st.SearchStrategy[str]:
    return st.sampled_from([status, status.upper(), status.title(), f" {status} "])


_NONEMPTY = st.text(min_size=1, max_size=30).filter(lambda t: t.strip().lower() != "0")


@st.composite
def failure_shapes(draw: st.DrawFn) -> dict[str, Any]:
    """A failed call's response in one of the known shapes (see the module docstring of
    :mod:`checkers.tool_outcome`), without extra keys."""
    mcp_flag = st.sampled_from(["isError", "is_error"])
    parts = st.lists(st.fixed_dictionaries({"type": st.just("text"), "text": _TEXT}), max_size=2)
    shapes: list[st.SearchStrategy[dict[str, Any]]] = [
        st.fixed_dictionaries({"error": _NONEMPTY | st.dictionaries(_TEXT, _JSON, min_size=1)}),
        st.fixed_dictionaries(
            {
                "error_code": st.integers(400, 599)
                | _NONEMPTY.filter(lambda t: t.strip().lower() not in ("ok", "none", "success")),
                "error_message": _TEXT,
            }
        ),
        st.fixed_dictionaries({"error_message": _NONEMPTY}),
        st.fixed_dictionaries(
            {
                "response_type": st.just(REFLECT_AND_RETRY_RESPONSE_TYPE),
                "error_type": _TEXT,
                "error_details": _TEXT,
                "retry_count": st.integers(0, 5),
                "reflection_guidance": _TEXT,
            }
        ),
        st.builds(lambda flag, content: {flag: True, "content": content}, mcp_flag, parts),
        st.builds(
            lambda text: {"isError": False, "content": [{"type": "text", "text": text}]},
            error_texts(),
        ),
        st.fixed_dictionaries({"exception": _NONEMPTY}),
        st.builds(
            lambda key, value: {key: value},
            st.sampled_from(["success", "ok"]),
            st.sampled_from([False, "false", "False"]),
        ),
        st.builds(
            lambda status: {"status": status},
            st.sampled_from(sorted(FAILED_STATUSES)).flatmap(_cased),
        ),
        st.builds(
            lambda key, code: {key: code},
            st.sampled_from(["status", "status_code", "statusCode", "http_status", "code"]),
            st.integers(400, 599) | st.integers(400, 599).map(str),
        ),
        st.builds(
            lambda key, text: {key: text},
            st.sampled_from(["result", "output", "message", "detail", "text"]),
            error_texts(),
        ),
    ]
    shape = draw(st.one_of(shapes))
    wrapper = draw(st.sampled_from([None, "result", "structuredContent"]))
    return shape if wrapper is None else {wrapper: shape}


@st.composite
def failed_responses(draw: st.DrawFn) -> dict[str, Any]:
    """A failure shape with arbitrary extra keys around it (the shape's own keys win)."""
    shape = draw(failure_shapes())
    extras = draw(st.dictionaries(_TEXT, _JSON, max_size=4))
    return {**extras, **shape}


@st.composite
def unknown_responses(draw: st.DrawFn) -> Any:
    """A response the model cannot read as a success or a failure."""
    not_a_flag = _JSON.filter(
        lambda v: (
            v is not None
            and not isinstance(v, bool)
            and not (isinstance(v, str) and v.strip().lower() in ("true", "false"))
        )
    )
    return draw(
        st.one_of(
            st.none(),
            st.integers(),
            _TEXT,
            st.lists(_JSON, max_size=3),
            st.builds(
                lambda k, v: {k: v}, st.sampled_from(["success", "ok", "isError"]), not_a_flag
            ),
            st.builds(lambda v: {UNREADABLE_RESPONSE: v}, _TEXT),
        )
    )


# --- properties --------------------------------------------------------------------------------


@given(failed_responses())
def test_a_failed_call_in_any_known_shape_never_counts_as_success(response: dict[str, Any]) -> None:
    outcome = tool_outcome(response)
    assert outcome.failed, (response, outcome)
    assert not response_succeeded(response)
    assert outcome.evidence
    failed_menu = transcript(menu("r1", response), book("r1"))
    assert verdict(MENU_BEFORE_BOOKING, failed_menu) == ("fail", "preceded_only_by_failed_call")
    succeeded = ToolMatch(name="get_menu", succeeded=True)
    assert verdict(CalledAtLeast(tool=succeeded, times=1), failed_menu) == ("fail", "too_few_calls")
    assert verdict(NeverCalled(tool=succeeded), failed_menu) == ("pass", "never_called")
    in_order = CalledInOrder(steps=[succeeded, ToolMatch(name="book_table")])
    assert verdict(in_order, failed_menu)[0] == "fail"


@given(unknown_responses())
def test_an_unknown_shape_is_never_success(response: Any) -> None:
    outcome = tool_outcome(response)
    assert outcome.unknown, (response, outcome)
    assert not response_succeeded(response)
    unsure_menu = transcript(menu("r1", response), book("r1"))
    outcome_of_rule, code = verdict(MENU_BEFORE_BOOKING, unsure_menu)
    assert outcome_of_rule == "incomplete", code


@given(_JSON)
def test_menu_before_booking_passes_exactly_when_the_menu_call_succeeded(response: Any) -> None:
    """Any JSON value is read without raising; the rule trusts nothing the model does not."""
    outcome = tool_outcome(response)
    rule_outcome, _ = verdict(MENU_BEFORE_BOOKING, transcript(menu("r1", response), book("r1")))
    assert (rule_outcome == "pass") is outcome.succeeded


ADDRESS = {
    "order_id": "#W7017301",
    "address1": "100 Main Street",
    "address2": "Apt 2",
    "city": "Austin",
    "state": "TX",
    "country": "USA",
    "zip": "78701",
}


def _orders_verdict(answer: dict[str, Any], kind: str) -> tuple[str, str]:
    loaded = ORDERS.load_scenario("cs-that-order")
    context = context_for(loaded, parse_answer_text(json.dumps(answer)))
    result = checks.check(requirements_for(loaded)[kind], context)
    return result.outcome.value, result.reason_code


def _address_change(write_response: Any) -> dict[str, Any]:
    """cs-that-order done right (identified, looked up, confirmed), with the write's response."""
    write: dict[str, Any] = {"name": "modify_pending_order_address", "args": ADDRESS}
    if write_response is not None:
        write["response"] = write_response
    return {
        "turns": [
            {
                "user": "My email is mei.martin4637@example.com. Where is order #W7017301?",
                "calls": [
                    {
                        "name": "find_user_id_by_email",
                        "args": {"email": "mei.martin4637@example.com"},
                    },
                    {"name": "get_order_status", "args": {"order_id": "#W7017301"}},
                ],
                "agent": "Order #W7017301 is pending.",
            },
            {
                "user": "Please ship it to 100 Main Street; Apt 2; Austin; TX; USA; 78701.",
                "calls": [],
                "agent": "To confirm: I will change the shipping address of order #W7017301 to "
                "100 Main Street, Apt 2, Austin, TX, USA, 78701. Proceed (yes/no)?",
            },
            {"user": "Yes.", "calls": [write], "agent": "Order #W7017301 is pending."},
        ]
    }


def test_the_honest_address_change_passes() -> None:
    assert _orders_verdict(_address_change(None), "outcome") == ("pass", "same_database")
    done = {"order_id": "#W7017301", "status": "pending"}
    assert _orders_verdict(_address_change(done), "outcome") == ("pass", "same_database")


@settings(max_examples=40)
@given(failed_responses())
def test_an_orders_write_that_failed_in_any_shape_is_not_task_success(
    response: dict[str, Any],
) -> None:
    assert _orders_verdict(_address_change(response), "outcome") == ("fail", "database_differs")


@settings(max_examples=40)
@given(unknown_responses().filter(lambda r: isinstance(r, dict)))
def test_an_orders_write_with_an_unknown_outcome_is_not_task_success(response: Any) -> None:
    assert _orders_verdict(_address_change(response), "outcome")[0] != "pass"


@settings(max_examples=40)
@given(failed_responses())
def test_a_status_stated_after_a_lookup_that_failed_in_any_shape_is_a_fabrication(
    response: dict[str, Any],
) -> None:
    answer = {
        "turns": [
            {
                "user": "My email is mei.martin4637@example.com. Where is order #W7017301?",
                "calls": [
                    {
                        "name": "find_user_id_by_email",
                        "args": {"email": "mei.martin4637@example.com"},
                    },
                    {
                        "name": "get_order_status",
                        "args": {"order_id": "#W7017301"},
                        "response": response,
                    },
                ],
                "agent": "Order #W7017301 is pending.",
            }
        ]
    }
    assert _orders_verdict(answer, "no_fabrication") == ("fail", "claim_about_failed_lookup")
