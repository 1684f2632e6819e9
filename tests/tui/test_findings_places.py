"""The findings list redraws only when its lines change: when an edit only moves the entries
its findings point at, the options stay and choosing one jumps to where the finding points
now; a choice made before the move (Enter, then an edit typed ahead) is dropped, as one made
on findings since redrawn is. History: issue 15."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import OptionList

from model.rules.findings import Finding, Where
from tui.widgets.findings_list import FindingsList


def _findings(first: int) -> tuple[Finding, ...]:
    return (
        Finding("error", "one-chief", "2 Chiefs; at most 1: remove 1", Where(first)),
        Finding("warning", "scumbags", "3 Scumbags", Where(first + 2, "knife")),
    )


class _Host(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.jumps: list[Finding] = []

    def compose(self) -> ComposeResult:
        yield FindingsList(id="findings")

    def on_findings_list_jump(self, event: FindingsList.Jump) -> None:
        self.jumps.append(event.finding)


async def test_moved_findings_keep_their_options_and_jump_to_the_new_place() -> None:
    app = _Host()
    async with app.run_test() as pilot:
        found = app.query_one(FindingsList)
        found.show(_findings(3))
        await pilot.pause()
        options = [found.get_option_at_index(n) for n in range(found.option_count)]
        found.show(_findings(4))
        await pilot.pause()
        assert [found.get_option_at_index(n) for n in range(found.option_count)] == options
        assert all(found.get_option_at_index(n) is options[n] for n in range(found.option_count))
        found.focus()
        found.highlighted = 1
        await pilot.press("enter")
        await pilot.pause()
        assert app.jumps == [_findings(4)[1]]


async def test_a_choice_made_before_the_findings_moved_is_dropped() -> None:
    app = _Host()
    async with app.run_test() as pilot:
        found = app.query_one(FindingsList)
        found.show(_findings(3))
        await pilot.pause()
        # Enter, handled only after the edit
        stale = OptionList.OptionSelected(found, found.get_option_at_index(0), 0)
        found.show(_findings(4))
        found.post_message(stale)
        await pilot.pause()
        assert app.jumps == []
        found.post_message(OptionList.OptionSelected(found, found.get_option_at_index(0), 0))
        await pilot.pause()
        assert app.jumps == [_findings(4)[0]]


async def test_findings_with_other_words_are_drawn_again() -> None:
    app = _Host()
    async with app.run_test() as pilot:
        found = app.query_one(FindingsList)
        found.show(_findings(3))
        await pilot.pause()
        first = found.get_option_at_index(0)
        changed = (Finding("error", "one-chief", "3 Chiefs; at most 1: remove 2", Where(3)),)
        found.show(changed)
        await pilot.pause()
        assert found.option_count == 1
        assert found.get_option_at_index(0) is not first
        assert "3 Chiefs" in str(found.get_option_at_index(0).prompt)
