"""A request's sentence is declared once: written and read back from one form; words in square
brackets are said but not needed to read it."""

from __future__ import annotations

import pytest

from checkers.request_sentences import SentenceForm, Slot, read_request, write_request

FORMS = {
    "cancel_pending_order": SentenceForm(
        "[Please ]cancel order {order_id}[.]", {"order_id": Slot(r"(#W\d{7})")}, ""
    )
}


def test_words_in_brackets_are_written() -> None:
    written = write_request(FORMS, "cancel_pending_order", {"order_id": "#W1234567"})
    assert written == "Please cancel order #W1234567."


def test_words_in_brackets_are_not_needed_to_read_the_sentence() -> None:
    for text in ("Please cancel order #W1234567.", "Can you cancel order #W1234567?"):
        found = read_request(FORMS, text)
        assert found is not None, text
        assert (found.name, found.kwargs) == ("cancel_pending_order", {"order_id": "#W1234567"})
    assert read_request(FORMS, "Please cancel it.") is None


@pytest.mark.parametrize(
    ("template", "order", "message"),
    [
        ("[Please cancel {order_id}]now", "", r"slot \{order_id\} in \[Please cancel"),
        ("cancel {order_id} for {reason}", "order_id item_id", "order names item_id"),
    ],
)
def test_a_form_that_could_not_read_back_what_it_writes_is_refused(
    template: str, order: str, message: str
) -> None:
    """A slot inside brackets is written but never read (every later argument would be read
    into the wrong name); ``order`` naming no slot would read nothing."""
    with pytest.raises(ValueError, match=message):
        SentenceForm(template, {}, order=order)
