"""The core tool service and conversation replay, on a toy domain of their own (a counter): what
any customer-service domain gets by declaring its operations (orders' and airline's are tested
on their data in their own files)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict

from checkers.conversation import conversation_transcript, replay_conversation
from checkers.meta import meta_settings
from checkers.meta.hostile import HOSTILE_VALUES, hostile_strings
from checkers.service import Action, Service, ServiceError, text_argument


class Counter(BaseModel):
    model_config = ConfigDict(frozen=True)

    owner: str = "ana"
    value: int = 0


def whose(db: Counter, name: Any) -> tuple[str, Counter]:
    if text_argument("name", name) != db.owner:
        raise ServiceError(404, f"no counter of {name!r}")
    return db.owner, db


def read(db: Counter) -> tuple[int, Counter]:
    return db.value, db


def add(db: Counter, amount: Any) -> tuple[int, Counter]:
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise ServiceError(400, f"amount must be a whole number of at least 1, got {amount!r}")
    after = db.model_copy(update={"value": db.value + amount})
    return after.value, after


def broken(db: Counter) -> tuple[int, Counter]:
    return 1 // 0, db


SERVICE: Service[Counter] = Service(
    [(whose, "identify"), (read, "private_read"), (add, "write"), (broken, "public_read")],
    '{"amount": 1}',
)
START = Counter()


def test_operations_are_named_and_kinded_once() -> None:
    assert set(SERVICE.operations) == {"whose", "read", "add", "broken"}
    assert (SERVICE.writes, SERVICE.identify, SERVICE.private_reads) == (
        {"add"},
        {"whose"},
        {"read"},
    )
    assert SERVICE.kind_of("add") == "write" and SERVICE.kind_of("nope") is None


def test_a_refused_call_says_why_and_changes_nothing() -> None:
    cases = {
        ("add", '{"amount": 0}'): (400, "amount must be a whole number of at least 1, got 0"),
        ("add", "{}"): (400, "add takes amount; missing ['amount'] arguments"),
        ("read", '{"x": 1}'): (400, "read takes no arguments; unknown ['x'] arguments"),
        ("nope", "{}"): (404, 'unknown action "nope"; known: whose, read, add, broken'),
        ("add", "[1]"): (400, 'the arguments of add are not a JSON object (got "[1]"); send '),
        ("broken", "{}"): (500, "internal error in broken: ZeroDivisionError: integer division"),
    }
    for (name, args), (code, starts) in cases.items():
        step = SERVICE.apply(START, name, Action(name=name, kwargs=args).kwargs)
        assert (step.ok, step.error_code, step.db_after) == (False, code, START), (name, args)
        assert step.error is not None and step.error.startswith(starts), step.error


def test_replay_runs_each_call_on_what_the_one_before_left_and_skips_what_the_agent_said() -> None:
    actions = [
        Action(name="add", kwargs={"amount": 2}),
        Action(name="respond", kwargs={"content": "Added 2."}),
        Action(name="add", kwargs={"amount": 0}),
        Action(name="add", kwargs={"amount": 3}),
    ]
    steps = SERVICE.replay(START, actions)
    assert [s.value for s in steps] == [2, None, 5]
    assert SERVICE.final_database(START, actions).value == 5
    assert SERVICE.final_database(START, []) is START


@given(
    name=st.sampled_from(["whose", "read", "add", "broken", "nope"])
    | hostile_strings()
    | HOSTILE_VALUES,
    kwargs=st.dictionaries(
        hostile_strings(6) | st.sampled_from(["amount", "name"]), HOSTILE_VALUES
    ),
)
@meta_settings("ci")
def test_apply_never_raises_and_an_error_changes_nothing(name: Any, kwargs: dict[Any, Any]) -> None:
    # Names and argument keys come from the agent's calls: any JSON value may stand there.
    step = SERVICE.apply(START, name, kwargs)
    # Bad input is the caller's error (400, 404); 500 is only for the service's own bug.
    refused = {400, 404, 500} if name == "broken" else {400, 404}
    assert step.ok or (step.db_after is START and step.error_code in refused), step.error


def _replayed(turns: list[dict[str, Any]]) -> Any:
    return replay_conversation(conversation_transcript({"turns": turns}), START, SERVICE)


def test_a_conversation_is_replayed_call_by_call_with_what_the_agent_saw() -> None:
    conversation = _replayed(
        [
            {"user": "I am Ana.", "calls": [{"name": "whose", "args": {"name": "ana"}}]},
            {
                "user": "Add 2, please.",
                "calls": [
                    {"name": "add", "args": {"amount": 2}},
                    {"name": "get_weather", "args": {}},
                ],
                "agent": "Done: 2.",
            },
        ]
    )
    first, added, outside = conversation.calls
    assert (first.kind, first.ok, first.seen) == ("identify", True, "ana")
    assert (added.kind, added.seen, added.db_before.value, added.db_after.value) == (
        "write",
        2,
        0,
        2,
    )
    assert (outside.kind, outside.ok) == (None, False)
    assert conversation.outside_calls() == ["get_weather"]
    assert conversation.final_db.value == 2
    assert [m.text for m in conversation.user_messages] == ["I am Ana.", "Add 2, please."]
    assert conversation.agent_message_of_turn(1) is not None


def test_a_call_whose_recorded_response_failed_is_not_run_again() -> None:
    # The agent saw the failure (an injected fault): the write did not happen, whatever a replay
    # would have done.
    fault = {"error": "503 Service Unavailable"}
    conversation = _replayed(
        [{"user": "Add 2.", "calls": [{"name": "add", "args": {"amount": 2}, "response": fault}]}]
    )
    (call,) = conversation.calls
    assert (call.ok, call.recorded, call.seen, conversation.final_db.value) == (
        False,
        True,
        fault,
        0,
    )


def test_a_name_of_any_shape_has_no_kind() -> None:
    assert SERVICE.kind_of(["add"]) is None  # type: ignore[arg-type]
