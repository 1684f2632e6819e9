"""The builder repaints only what an edit changes, and still shows everything it changed:
what the equip dialog did shows in the list once it closes, the findings and the status line
grow and shrink with what they hold, and the title follows the list. History: issue 15."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.widgets import Tree

from model.rules.findings import Report
from saves.roster_file import read_roster, roster_to_toml
from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in, keys
from tui.screens.builder.screen import BuilderScreen
from tui.textual_private import HeaderTitle
from tui.widgets.findings_list import FindingsList
from tui.widgets.roster_tree import RosterTree
from tui.widgets.status_line import StatusLine


def _open(tmp_path: Path, fixture: str) -> tuple[Folders, Path]:
    folders = Folders(tmp_path)
    roster, _ = read_roster(FIXTURES / "rosters" / fixture)
    path = tmp_path / "list.toml"
    path.write_text(roster_to_toml(roster), encoding="utf-8")
    return folders, path


def _shown(builder: BuilderScreen) -> list[str]:
    tree = builder.query_one(RosterTree)
    return [str(node.label) for node in tree.root.children]


async def test_what_the_equip_dialog_changed_shows_once_it_closes(tmp_path: Path) -> None:
    """While the dialog is open the list behind it waits; on closing it shows the item,
    the new points, the findings, the title and the keys of the list as it is now."""
    folders, path = _open(tmp_path, "gangers/legal-500.toml")
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, BuilderScreen)
        await keys(pilot, "e", "plus")
        assert builder.dirty
        await keys(pilot, "escape")
        assert builder.is_current
        status = str(builder.query_one(StatusLine).content)
        assert f"{builder.report.points}/{builder.report.points_limit}" in status
        title = builder.query_one(HeaderTitle)
        assert builder.roster.name + " *" in str(title.content)
        assert builder.check_action("save", ()) is True
        assert _shown(builder) == _shown_fresh(builder)


def _shown_fresh(builder: BuilderScreen) -> list[str]:
    """The rows a tree shows when it draws the list from nothing."""
    from model.roster.resolved import loadouts_of

    points = builder.view.system.points
    report: Report = builder.report
    flagged: dict[int, str] = {}
    for f in report.findings:
        if f.where.unit is not None and flagged.get(f.where.unit) != "error":
            flagged[f.where.unit] = f.severity
    return [
        str(RosterTree._entry_label(lo, flagged.get(lo.index), points))
        for lo in loadouts_of(builder.view, builder.roster)
    ]


async def test_findings_and_status_line_take_the_height_of_what_they_hold(
    tmp_path: Path,
) -> None:
    """Copies that break rule after rule make the findings grow to their maximum and the
    status line wrap; undoing them all shrinks both back."""
    folders, path = _open(tmp_path, "gangers/legal-500.toml")
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(96, 32)) as pilot:
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, BuilderScreen)
        findings = builder.query_one(FindingsList)
        status = builder.query_one(StatusLine)
        first = (findings.size.height, status.size.height)
        seen = {first}
        for key in ["c"] * 12 + ["ctrl+z"] * 12:
            await keys(pilot, key)
            # The height a layout gives what each holds now: the findings' lines and a
            # border, at most 8; the status line's wrapped lines, at most 2.
            width = status.content_region.width
            wrapped = status.visual.get_height(cast(RulesMap, status.styles), width)
            assert status.size.height == min(wrapped, 2)
            assert findings.outer_size.height == min(findings.virtual_size.height + 1, 8)
            seen.add((findings.size.height, status.size.height))
        assert (findings.size.height, status.size.height) == first
        assert len({f for f, _ in seen}) > 1 and len({s for _, s in seen}) > 1


def _lines(tree: RosterTree) -> tuple[list[tuple[tuple[int, ...], bool, int]], Size]:
    """The tree's lines (each node's path, whether it is its parent's last, its line) and
    its virtual size."""
    lines = [
        (tuple(id(n) for n in line.path), line.last, line.path[-1]._line)
        for line in tree._tree_lines
    ]
    return lines, tree.virtual_size


async def test_the_tree_lays_out_its_lines_as_from_nothing_after_edits(tmp_path: Path) -> None:
    """Entries renumbered past 9 (a row wider), copied, removed, equipped and undone: the
    lines the tree reuses are those ``Tree._build`` lays out from nothing."""
    folders, path = _open(tmp_path, "gangers/legal-500.toml")
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, BuilderScreen)
        tree = builder.query_one(RosterTree)
        builder.selected = len(builder.roster.units) - 1
        builder.refresh_view()
        # The last entry's row the widest, then renumbered from 8 to 9 and to 10.
        await keys(pilot, "r", "ctrl+u", "A name wider than any other row of the list", "enter")
        builder.selected = 0
        builder.refresh_view()
        for step in (["c"], ["c"], ["down", "x"], ["e", "plus", "escape"], ["ctrl+z"], ["c"]):
            await keys(pilot, *step)
            ours = _lines(tree)
            Tree._build(tree)  # the lines as Textual lays them out, every row measured
            assert ours == _lines(tree), step
