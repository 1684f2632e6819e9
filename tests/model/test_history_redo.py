"""Undo history around redo: a redo puts the present back on the past, and undo after two
redos walks back through both.

History: mutation testing (issue 19) found these checks missing:
``mutmut run "model.roster.history*"`` left redo keeping the past unchanged alive: no test
looked at what undo reaches after a redo.
"""

from __future__ import annotations

from model.roster.history import History


def test_redo_puts_the_present_back_on_the_past() -> None:
    """a, b, c; undo twice to a; redo to b: a can be undone to again, and c redone."""
    history = History("a").push("b").push("c").undo().undo().redo()
    assert (history.present, history.past, history.future) == ("b", ("a",), ("c",))
    assert history.can_undo
    assert history.undo().present == "a"


def test_undo_after_two_redos_walks_back_through_both() -> None:
    history = History("a").push("b").push("c").undo().undo().redo().redo()
    assert (history.present, history.past, history.future) == ("c", ("a", "b"), ())
    assert history.undo().undo().present == "a"
