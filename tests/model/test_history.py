"""The builder's undo history (``model.roster.history``) as a value: push, undo, redo.

Plain strings stand in for rosters: the history only compares and keeps its values.
"""

from __future__ import annotations

from model.roster.history import LIMIT, History


def edited(*values: str) -> History[str]:
    """A history started at ``"a"`` with each of ``values`` pushed in turn."""
    history = History("a")
    for value in values:
        history = history.push(value)
    return history


def test_push_keeps_what_was_before() -> None:
    history = edited("b", "c")
    assert (history.present, history.past, history.future) == ("c", ("a", "b"), ())
    assert history.can_undo and not history.can_redo


def test_undo_then_redo_walks_back_and_forth() -> None:
    history = edited("b", "c").undo().undo()
    assert (history.present, history.past, history.future) == ("a", (), ("b", "c"))
    assert history.redo().present == "b"
    assert history.redo().redo().present == "c"


def test_a_new_edit_after_an_undo_drops_what_was_undone() -> None:
    """a, b, c; undo to b; edit to d: c can no longer be redone, and undo goes to b, a."""
    history = edited("b", "c").undo()
    assert (history.present, history.future) == ("b", ("c",))
    history = history.push("d")
    assert (history.present, history.past, history.future) == ("d", ("a", "b"), ())
    assert not history.can_redo
    assert history.redo() == history  # nothing to redo: unchanged
    assert history.undo().present == "b"
    assert history.undo().undo().present == "a"


def test_a_new_edit_after_several_undos_drops_them_all() -> None:
    history = edited("b", "c", "d").undo().undo().undo().push("e")
    assert (history.present, history.past, history.future) == ("e", ("a",), ())


def test_pushing_the_present_again_changes_nothing() -> None:
    """Not an edit: the redo stack is kept, and no undo step is added."""
    history = edited("b", "c").undo()
    assert history.push("b") == history
    assert history.push("b").can_redo


def test_undo_and_redo_at_the_ends_change_nothing() -> None:
    history = History("a")
    assert history.undo() == history
    assert history.redo() == history
    assert not history.can_undo and not history.can_redo


def test_only_the_last_edits_are_remembered() -> None:
    history = edited(*(str(n) for n in range(1, LIMIT + 2)))  # LIMIT + 1 edits after "a"
    assert len(history.past) == LIMIT
    assert history.past[0] == "1"  # "a" is forgotten
    assert history.past[-1] == str(LIMIT)
