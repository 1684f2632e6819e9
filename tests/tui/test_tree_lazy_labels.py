"""The roster tree renumbers rows without making their labels: a row's label is made when
read, and must then be the label drawn from nothing, of the width the tree laid the row out
with; an item's row names its entry's place as it is now. History: issue 15."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len

from saves.roster_file import read_roster, roster_to_toml
from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in, keys
from tests.tui.test_steady_repaint import _shown, _shown_fresh
from tui.screens.builder.screen import BuilderScreen
from tui.widgets.roster_tree import RosterTree, TreeRef, _EntryNode


async def test_renumbered_rows_read_as_drawn_from_nothing(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    roster, _ = read_roster(FIXTURES / "rosters" / "gangers" / "legal-500.toml")
    long = roster.model_copy(update={"units": roster.units * 3, "points_limit": 1500})
    path = tmp_path / "list.toml"
    path.write_text(roster_to_toml(long), encoding="utf-8")
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, BuilderScreen)
        tree = builder.query_one(RosterTree)
        # copies at the top renumber every row below, past 9 and back; an undo, a removal
        for step in (["c"] * 4, ["ctrl+z"], ["down", "x"], ["ctrl+z", "ctrl+z"], ["c"]):
            await keys(pilot, *step)
            rows = list(tree.root.children)
            widths = [tree.get_label_width(n) for n in rows]
            assert _shown(builder) == _shown_fresh(builder), step  # reading makes them
            assert widths == [tree.get_label_width(n) for n in rows], step
            icon = cell_len(tree.ICON_NODE_EXPANDED)
            assert widths == [icon + cell_len(str(n.label)) for n in rows], step
            for index, node in enumerate(rows):
                assert node.data == TreeRef(index)
                for leaf in node.children:
                    tree.move_cursor(leaf)
                    ref = tree.ref
                    assert ref is not None and ref.index == index, step
                    assert leaf.data is not None and ref.item_id == leaf.data.item_id


async def test_rows_off_screen_are_not_labelled_until_read(tmp_path: Path) -> None:
    """A copy at the top of a long list leaves the rows below unlabelled until read."""
    folders = Folders(tmp_path)
    roster, _ = read_roster(FIXTURES / "rosters" / "gangers" / "legal-500.toml")
    long = roster.model_copy(update={"units": roster.units * 20, "points_limit": 10000})
    path = tmp_path / "list.toml"
    path.write_text(roster_to_toml(long), encoding="utf-8")
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, BuilderScreen)
        tree = builder.query_one(RosterTree)
        await keys(pilot, "c")
        last = tree.root.children[-1]
        assert isinstance(last, _EntryNode) and last._pending is not None
        assert f" {len(builder.roster.units)}. Scumbag" in f" {last.label}"
        assert last._pending is None
