"""The builder of lists over BattleScribe data, driven like a person: a Gaslands list made
with ``warband new ... --points 50`` opened in the app, built with keys, checked as it
goes, saved, and read back by ``warband validate``.

The figures are the command line's for the same steps (``tests/cli/test_bs_rosters_cli.py``
works them out from Gaslands.gst): a Car costs 12 cans and has 2 build slots; a Machine
Gun costs 2 cans and takes 1 build slot, and comes with its default mounting (Front, 0
cans); the Sponsor, which every Team must hold, costs nothing. A selection costs its
number times its entry's cost and what it holds is counted once
(``model/bsdata/SEMANTICS.md`` rule 6), so two Cars with one Machine Gun are
2 x 12 + 2 = 26 cans, as ``warband add team.toml Car --number 2`` then
``add "Machine Gun" --into Car`` prints. A 125mm Cannon takes 3 build slots: with the
Machine Gun that is 4 in a Car that has 2, the finding the CLI prints as "Car has 4 Build
Slots in Options, at most 2", placed on the Car's first weapon.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from textual.content import Content
from textual.css.styles import RulesMap
from textual.dom import DOMNode
from textual.pilot import Pilot
from textual.strip import Strip
from textual.style import Style
from textual.widgets import Input, OptionList, Tree
from textual.widgets.option_list import Option

from model.bsdata.roster import Selection
from saves.bs_roster_file import read_bs_roster
from tests.tui.driver import Folders, app_in, keys
from tui.app import WarbandApp
from tui.cli import main
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.message import MessageDialog
from tui.dialogs.pick import PickDialog
from tui.dialogs.prompt import PromptDialog
from tui.screens.bsbuilder.add_dialog import AddDialog, PickList
from tui.screens.bsbuilder.places import Place
from tui.screens.bsbuilder.screen import BsBuilderScreen
from tui.screens.bsbuilder.status import BsStatusLine
from tui.screens.bsbuilder.tree import BsTree, _rows
from tui.screens.help import HelpScreen, help_markdown
from tui.screens.home import HomeScreen
from tui.widgets.findings_list import FindingsList


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    assert err.getvalue() == ""
    return code, out.getvalue()


def new_team(folders: Folders, name: str = "team.toml") -> Path:
    """A new 50-can Gaslands list, made as a player makes one: it holds the Sponsor."""
    path = folders.saves / name
    code, _ = run(
        "--catalog-dir", str(folders.catalogs), "new", "gaslands", "gaslands",
        "--points", "50", "-o", str(path),
    )  # fmt: skip
    assert code == 0
    return path


def builder(app: WarbandApp) -> BsBuilderScreen:
    screen = app.screen
    assert isinstance(screen, BsBuilderScreen), screen
    return screen


def status(app: WarbandApp) -> str:
    return str(builder(app).query_one(BsStatusLine).content)


def rows(app: WarbandApp) -> list[str]:
    """The tree's rows as shown, indented two spaces a level."""
    tree = builder(app).query_one(BsTree)
    out = []
    for node in tree.nodes_in_order():
        depth, parent = 0, node.parent
        while parent is not None and parent is not tree.root:
            depth, parent = depth + 1, parent.parent
        out.append("  " * depth + str(node.label))
    return out


def cursor_name(app: WarbandApp) -> str | None:
    """The name of the selection under the cursor (None on a force)."""
    place = builder(app).query_one(BsTree).place
    assert place is not None
    found = (
        s for s in _walk(builder(app).roster.forces[0].selections) if s.id == place.selection_id
    )
    return next((s.name for s in found), None)


def _walk(selections: tuple[Selection, ...]) -> list[Selection]:
    out: list[Selection] = []
    for s in selections:
        out += [s, *_walk(s.selections)]
    return out


async def picker(pilot: Pilot[None]) -> AddDialog:
    """``a``: the add dialog it opens."""
    await keys(pilot, "a")
    dialog = pilot.app.screen
    assert isinstance(dialog, AddDialog)
    return dialog


async def add(pilot: Pilot[None], typed: str) -> None:
    """``a``, type part of a name, Enter."""
    await picker(pilot)
    await keys(pilot, typed, "enter")


async def test_a_list_is_built_with_keys_as_the_command_line_builds_it(
    folders: Folders,
) -> None:
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert status(app) == "✓ valid · 0/50 Cans"
        assert rows(app) == ["Team (Gaslands)  0 Cans", "  1x Sponsor  0 Cans"]
        assert builder(app).title == "Gaslands"
        # On the force: a Car at the top of it; the cursor goes to the new Car.
        await add(pilot, "car")
        assert status(app) == "✓ valid · 12/50 Cans"
        assert cursor_name(app) == "Car"
        assert builder(app).title == "Gaslands *"
        # On the Car: a Machine Gun inside it, with its default mounting.
        await add(pilot, "machine gun")
        assert status(app) == "✓ valid · 14/50 Cans · 1 Build Slots"  # 12 + 2; 1 slot
        assert rows(app) == [
            "Team (Gaslands)  14 Cans",
            "  1x Sponsor  0 Cans",
            "  1x Car  12 Cans",
            "    1x Machine Gun  2 Cans",
            "      1x Front  0 Cans",
        ]
        # + on the Car: two Cars, their Machine Gun counted once: 2 x 12 + 2.
        await keys(pilot, "plus")
        assert status(app) == "✓ valid · 26/50 Cans · 1 Build Slots"
        assert rows(app)[2] == "  2x Car  24 Cans"
        await keys(pilot, "minus", "minus")  # never fewer than once
        assert rows(app)[2] == "  1x Car  12 Cans"
        assert status(app) == "✓ valid · 14/50 Cans · 1 Build Slots"
        # Undo and redo walk the same steps back and forth.
        await keys(pilot, "ctrl+z")
        assert status(app) == "✓ valid · 26/50 Cans · 1 Build Slots"
        await keys(pilot, "ctrl+z", "ctrl+z")
        assert status(app) == "✓ valid · 12/50 Cans"
        await keys(pilot, "ctrl+y")
        assert status(app) == "✓ valid · 14/50 Cans · 1 Build Slots"
        # Saved, the file reads back as the screen showed it.
        shown = status(app)
        await keys(pilot, "ctrl+s")
        assert builder(app).title == "Gaslands"
        saved, _ = read_bs_roster(path)
        assert saved.roster == builder(app).roster
    code, out = run("--catalog-dir", str(folders.catalogs), "validate", str(path))
    assert code == 0
    assert out.splitlines() == [
        "Gaslands: Gaslands, Gaslands (BattleScribe data, revision 25)",
        "14/50 Cans, 1 Build Slots: valid",
    ]
    assert shown == "✓ valid · 14/50 Cans · 1 Build Slots"


async def test_findings_say_what_is_wrong_and_lead_to_it(folders: Folders) -> None:
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "car")
        await add(pilot, "machine gun")
        await add(pilot, "125mm")  # 3 more build slots: 4 in a Car of 2
        assert status(app) == "✗ NOT VALID (1 error) · 20/50 Cans · 4 Build Slots"
        findings = builder(app).query_one(FindingsList)
        assert [str(findings.get_option_at_index(0).prompt)] == [
            "✗ Car has 4 Build Slots in Options, at most 2: remove 2 Build Slots in Options"
        ]
        assert rows(app)[3] == "    ✗ 1x Machine Gun  2 Cans"  # the finding's selection
        # f, Enter: the cursor goes to the selection the finding is about.
        assert cursor_name(app) == "Car"
        await keys(pilot, "f", "enter")
        assert cursor_name(app) == "Machine Gun"
        assert builder(app).query_one(BsTree).has_focus
        # x removes it (and its mounting); the cursor goes to the Car that held it. The
        # Cannon alone is still 3 slots of 2, and the finding now leads to it.
        await keys(pilot, "x")
        assert status(app) == "✗ NOT VALID (1 error) · 18/50 Cans · 3 Build Slots"
        assert cursor_name(app) == "Car"
        assert "Machine Gun" not in " ".join(rows(app))
        await keys(pilot, "f", "enter")
        assert cursor_name(app) == "125mm Cannon"
        await keys(pilot, "delete")
        assert status(app) == "✓ valid · 12/50 Cans"
        assert rows(app) == [
            "Team (Gaslands)  12 Cans",
            "  1x Sponsor  0 Cans",
            "  1x Car  12 Cans",
        ]
        assert str(findings.get_option_at_index(0).prompt) == (
            "No findings: the list follows every rule."
        )
        # Over the limit: a War Rig (40 cans) at the top of the force.
        await keys(pilot, "up", "up")  # Car, Sponsor, the force
        assert builder(app).query_one(BsTree).place == Place("f1")
        await add(pilot, "war rig")
        assert status(app) == "✗ NOT VALID (1 error) · 52/50 Cans"  # 12 + 40
        assert str(findings.get_option_at_index(0).prompt) == (
            "✗ The roster costs 52 Cans, over the limit of 50: remove 2 Cans "
            "or raise the limit to 52"
        )
        place = builder(app).query_one(BsTree).place
        await keys(pilot, "f", "enter")  # about the whole list: the cursor stays
        assert builder(app).query_one(BsTree).place == place


def fresh(app: WarbandApp) -> bool:
    """Whether every row's label as shown is the one made from the list as it is now,
    with no label kept from before (``tree._rows`` reuses the labels of rows whose
    words did not change)."""
    screen = builder(app)
    tree = screen.query_one(BsTree)
    made = _rows(screen.roster, screen.evaluation, screen.costing, {})
    return [node.label for node in tree.nodes_in_order()] == [row.label for row in made]


async def test_labels_kept_across_edits_are_never_stale(folders: Folders) -> None:
    """Each edit below changes one thing a row shows and nothing else of that row: its
    number, its custom name, its finding mark (the Machine Gun's, when the Cannon
    breaks a limit of the Car that holds both), and back again by undo and redo."""
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "car")
        await add(pilot, "machine gun")
        assert fresh(app)
        await add(pilot, "125mm")
        assert rows(app)[3] == "    ✗ 1x Machine Gun  2 Cans"
        assert fresh(app)
        await keys(pilot, "plus")  # on the Car: its number
        assert fresh(app)
        await keys(pilot, "r", "Rust Bucket", "enter")
        assert rows(app)[2] == "  2x Rust Bucket (Car)  24 Cans"
        assert fresh(app)
        for key in ("ctrl+z", "ctrl+z", "ctrl+z", "ctrl+y", "ctrl+y", "ctrl+y"):
            await keys(pilot, key)
            assert fresh(app), key
        assert rows(app)[3] == "    ✗ 1x Machine Gun  2 Cans"


async def test_closing_with_unsaved_changes_asks(folders: Folders) -> None:
    path = new_team(folders)
    before = path.read_bytes()
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "buggy")
        await keys(pilot, "q")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        # The builder's order: Save, Discard, then Cancel (focused, as Escape answers).
        assert [c[1] for c in dialog.choices] == ["save", "discard", "cancel"]
        await keys(pilot, "escape")  # Cancel: still building
        assert status(app) == "✓ valid · 6/50 Cans"
        await keys(pilot, "q")
        await pilot.click("#choice-discard")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert path.read_bytes() == before


def drawn_as_textual_draws(app: WarbandApp) -> bool:
    """Whether every line of the tree as shown (``OneLineTree`` keeps lines drawn by
    what they show) is, to the segment and its style (with the line number a click
    reads), the line ``Tree`` itself draws afresh."""
    tree = builder(app).query_one(BsTree)
    width = tree.size.width
    for y in range(tree.last_line + 1):
        kept = tree._render_line(y, 0, width, tree.rich_style)
        tree._line_cache.clear()
        drawn = Tree._render_line(tree, y, 0, width, tree.rich_style)
        if list(kept) != list(drawn) or kept.cell_length != drawn.cell_length:
            return False
    return True


async def test_tree_lines_kept_across_edits_are_drawn_as_textual_draws_them(
    folders: Folders,
) -> None:
    """Lines kept by what they show, moved down by an addition above them, up by a
    removal, with the cursor going and coming, are the lines Textual draws afresh."""
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for unit in ("car", "buggy", "car"):
            await keys(pilot, "home")
            await add(pilot, unit)
            await add(pilot, "machine gun")
            assert drawn_as_textual_draws(app), unit
        await keys(pilot, "home", "down", "down")
        await keys(pilot, "x")  # the first Car, and the lines under it move up
        assert drawn_as_textual_draws(app)
        await keys(pilot, "down", "down")
        assert drawn_as_textual_draws(app)
        for key in ("ctrl+z", "ctrl+z", "ctrl+y", "up"):
            await keys(pilot, key)
            assert drawn_as_textual_draws(app), key


def painted_as_textual_paints(app: WarbandApp) -> bool:
    """Whether the tree painted whole (its style worked out once for all its lines) is
    what ``Tree`` paints (the style worked out for each line), and whether repainting
    the cursor's node marks the lines ``Tree`` marks, each node's path as drawn."""
    tree = builder(app).query_one(BsTree)
    crop = tree.size.region
    tree._styles_cache.clear()
    ours = [list(strip) for strip in tree.render_lines(crop)]
    tree._styles_cache.clear()
    theirs = [list(strip) for strip in Tree.render_lines(tree, crop)]
    if ours != theirs:
        return False
    for node in (tree.cursor_node, tree.root.children[0]):
        assert node is not None
        marked = []
        for refresh in (tree._refresh_node, lambda n: Tree._refresh_node(tree, n)):
            tree._dirty_regions.clear()
            refresh(node)
            marked.append(set(tree._dirty_regions))
        if marked[0] != marked[1] or not marked[0]:
            return False
    return True


async def test_the_tree_is_painted_and_marked_as_textual_does(folders: Folders) -> None:
    """After additions (the cursor on the new unit and on the force), the tree painted
    and marked for repainting as Textual's ``Tree`` does."""
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for unit in ("car", "buggy"):
            await keys(pilot, "home")
            await add(pilot, unit)
            await add(pilot, "machine gun")
            assert painted_as_textual_paints(app), unit
        await keys(pilot, "home")
        assert painted_as_textual_paints(app)


async def test_a_saved_list_closes_without_asking_and_opens_from_home(folders: Folders) -> None:
    path = new_team(folders)
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.open_any(path)  # a recent file, chosen on the home screen
        await pilot.pause()
        await add(pilot, "buggy")
        await keys(pilot, "ctrl+s", "q")
        assert isinstance(app.screen, HomeScreen)
        assert app.settings.recent[0] == str(path)
        recent = app.screen.query_one("#recent", OptionList)
        label = str(recent.get_option_at_index(0).prompt)
        assert label == "Gaslands  Gaslands · BattleScribe data  saves/team.toml"
        await keys(pilot, "enter")  # the recent file, first on the home screen
        assert status(app) == "✓ valid · 6/50 Cans"


async def test_a_list_over_an_unknown_game_is_explained(folders: Folders) -> None:
    path = new_team(folders)
    path.write_text(path.read_text().replace('system = "gaslands"', 'system = "gaslandz"'))
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        assert dialog.title_text == "Cannot open the list"
        assert "unknown system 'gaslandz'; did you mean 'gaslands'?" in dialog.body


async def test_the_picker_filters_as_you_type_and_escape_adds_nothing(folders: Folders) -> None:
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        dialog = await picker(pilot)
        await keys(pilot, "car")
        assert [dialog.choices[n][0] for n in dialog.shown] == [
            "Car",
            "Performance Car",
            "Bike with Sidecar",
        ]
        await keys(pilot, "down")  # the arrows move through what is left
        assert dialog.query_one(Input).value == "car"
        await keys(pilot, "escape")
        assert builder(app).roster == builder(app).saved


async def test_the_picker_is_kept_and_opens_afresh_at_each_place(folders: Folders) -> None:
    """The add dialog is made once and kept while the list is open (closing it then
    removes no widget, and opening it again composes none): each opening shows the
    place it was opened at, what that place offers and an empty filter, as a new
    dialog would; closing the list lets it go."""
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        dialog = await picker(pilot)
        offered_at_force = [c[0] for c in dialog.choices]
        await keys(pilot, "car", "escape")
        await keys(pilot, "a")  # the same place again: everything offered, no filter
        assert isinstance(app.screen, AddDialog) and app.screen is dialog
        assert dialog.query_one(Input).value == ""
        assert [dialog.choices[n][0] for n in dialog.shown] == offered_at_force
        assert dialog.query_one(OptionList).option_count == len(offered_at_force)
        await keys(pilot, "car", "enter")
        assert cursor_name(app) == "Car"
        await keys(pilot, "a")  # inside the Car: its weapons, under its name
        assert isinstance(app.screen, AddDialog) and app.screen is dialog
        assert dialog.title_text == "Add to Car"
        assert "Machine Gun" in [c[0] for c in dialog.choices]
        assert "Performance Car" not in [c[0] for c in dialog.choices]
        assert dialog.query_one(Input).value == ""
        assert dialog.query_one(OptionList).highlighted == 0
        await keys(pilot, "machine gun", "enter")
        assert "    1x Machine Gun  2 Cans" in rows(app)
        await keys(pilot, "ctrl+s", "q")
        assert isinstance(app.screen, HomeScreen)
        assert not app.is_screen_installed(dialog)
        assert not dialog.is_attached


def picked_as_textual_draws(dialog: AddDialog) -> bool:
    """Whether each line of the picker's list, plain and highlighted, as kept
    (``PickList`` keeps lines drawn while the dialog is), is the line ``OptionList``
    itself draws afresh, to the segment, its style and the place a click reads."""
    listing = dialog.query_one(PickList)
    styles = [
        listing.get_visual_style("option-list--option"),
        listing.get_visual_style("option-list--option", "option-list--option-highlighted"),
    ]
    for option in listing.options:
        for style in styles:
            kept = listing._get_option_render(option, style)
            listing._option_render_cache.clear()
            drawn = OptionList._get_option_render(listing, option, style)
            if [list(s) for s in kept] != [list(s) for s in drawn]:
                return False
    return True


async def test_the_picker_opened_again_measures_and_draws_no_line_anew(
    folders: Folders, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kept add dialog opened again at the same place (Textual restyles it as it is
    shown) measures no entry's height again and draws no line of its list again: each
    is kept from before (a 40k force offers some 240), and what is kept, moved by the
    filter and back, is what Textual draws afresh."""
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        dialog = await picker(pilot)
        await keys(pilot, "car")
        assert picked_as_textual_draws(dialog)
        await keys(pilot, "escape")
        listing = dialog.query_one(PickList)
        measured: list[object] = []
        drawn: list[Option] = []
        height, draw = Content.get_height, OptionList._get_option_render

        def get_height(content: Content, rules: RulesMap, width: int) -> int:
            measured.append(content)
            return height(content, rules, width)

        def get_option_render(listing: OptionList, option: Option, style: Style) -> list[Strip]:
            drawn.append(option)
            return draw(listing, option, style)

        restyled: list[object] = []
        update_styles = app.update_styles

        def restyle(node: DOMNode, animate: bool = True) -> None:
            restyled.append(node)
            update_styles(node, animate=animate)

        monkeypatch.setattr(Content, "get_height", get_height)
        monkeypatch.setattr(OptionList, "_get_option_render", get_option_render)
        monkeypatch.setattr(app, "update_styles", restyle)
        await keys(pilot, "a")
        assert isinstance(app.screen, AddDialog) and app.screen is dialog
        assert dialog not in restyled  # the app's CSS did not change meanwhile
        assert listing.option_count == len(dialog.choices)
        visuals = {id(listing._get_visual(option)) for option in listing.options}
        assert [c for c in measured if id(c) in visuals] == []
        assert drawn == []
        monkeypatch.undo()
        assert picked_as_textual_draws(dialog)


def styles_of(dialog: AddDialog) -> list[tuple[object, object]]:
    """The colours of each of the dialog's widgets, and of each line of its list."""
    listing = dialog.query_one(PickList)
    return [(w.styles.background, w.styles.color) for w in dialog.walk_children()] + [
        (s.background, s.foreground)
        for s in (
            listing.get_visual_style("option-list--option"),
            listing.get_visual_style("option-list--option", "option-list--option-highlighted"),
        )
    ]


async def test_the_picker_kept_through_a_change_of_theme_opens_in_the_new_one(
    folders: Folders,
) -> None:
    """The kept add dialog, restyled as it is shown only when the app's CSS changed
    while it was closed, opens in a theme chosen meanwhile: styled as Textual styles
    it afresh, its lines drawn as Textual draws them."""
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        dialog = await picker(pilot)
        before = styles_of(dialog)
        await keys(pilot, "escape")
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        await keys(pilot, "a")
        assert isinstance(app.screen, AddDialog) and app.screen is dialog
        shown = styles_of(dialog)
        assert shown != before
        app.update_styles(dialog)
        assert styles_of(dialog) == shown
        assert picked_as_textual_draws(dialog)


async def test_help_lists_the_keys(folders: Folders) -> None:
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        text = help_markdown(builder_of(app))
        for key in (
            *("`a`", "`x`", "`+`", "`-`", "`r`", "`l`", "`n`", "`s`"),
            *("`Ctrl+Z`", "`Ctrl+Y`", "`Ctrl+S`", "`q`", "`f`"),
        ):
            assert key in text


def builder_of(app: WarbandApp) -> BsBuilderScreen:
    found = [s for s in app.screen_stack if isinstance(s, BsBuilderScreen)]
    assert found
    return found[0]


async def test_quitting_the_app_offers_to_save(folders: Folders) -> None:
    """Ctrl+Q with unsaved changes asks as closing does; Save writes the file, then quits."""
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "buggy")
        await keys(pilot, "ctrl+q")
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.click("#choice-save")
        await pilot.pause()
    code, out = run("--catalog-dir", str(folders.catalogs), "validate", str(path))
    assert (code, out.splitlines()[1]) == (0, "6/50 Cans: valid")


async def test_a_save_that_fails_is_explained_and_keeps_the_changes(folders: Folders) -> None:
    """The file became a folder under the list: the save is refused in a dialog, no
    traceback, and the list is still unsaved."""
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "buggy")
        path.unlink()
        path.mkdir()
        await keys(pilot, "ctrl+s")
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        assert dialog.title_text == "Not saved"
        await keys(pilot, "escape")
        assert builder(app).dirty
        assert builder(app).title == "Gaslands *"


async def test_a_selection_and_the_force_are_renamed_and_the_limit_changed(
    folders: Folders,
) -> None:
    """r names what is under the cursor (shown instead of the entry's name, the entry's
    kept beside it); l changes the list's limit of Cans, after choosing Cans among
    Gaslands' two costs, or takes it away (empty). Each is undone with the rest, and
    saved as BattleScribe keeps them (customName, a cost limit of -1 for none)."""
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "car")
        await keys(pilot, "r")
        dialog = app.screen
        assert isinstance(dialog, PromptDialog)
        await keys(pilot, "Rust Bucket", "enter")
        assert rows(app)[2] == "  1x Rust Bucket (Car)  12 Cans"
        await keys(pilot, "r", "escape")  # asked, then nothing done
        assert rows(app)[2] == "  1x Rust Bucket (Car)  12 Cans"
        await keys(pilot, "home", "r", "Hot Wheels", "enter")  # the force
        assert rows(app)[0] == "Hot Wheels (Gaslands)  12 Cans"
        # l: Gaslands costs Cans and Build Slots; Cans is chosen, its limit 50 changed.
        await keys(pilot, "l")
        assert isinstance(app.screen, PickDialog)
        await keys(pilot, "enter")
        prompt = app.screen
        assert isinstance(prompt, PromptDialog)
        assert prompt.query_one(Input).value == "50"
        await keys(pilot, "ctrl+u", "10", "enter")
        assert status(app) == "✗ NOT VALID (1 error) · 12/10 Cans"
        await keys(pilot, "l", "enter", "abc", "enter")  # refused in the prompt
        assert isinstance(app.screen, PromptDialog)
        await keys(pilot, "ctrl+u", "enter")  # empty: no limit
        assert status(app) == "✓ valid · 12 Cans"
        await keys(pilot, "ctrl+s")
        saved, _ = read_bs_roster(path)
        force = saved.roster.forces[0]
        assert force.custom_name == "Hot Wheels"
        assert [s.custom_name for s in force.selections] == ["", "Rust Bucket"]
        assert [(c.value) for c in saved.roster.cost_limits] == [-1.0]
        await keys(pilot, "ctrl+z", "ctrl+z")  # the limits back to 50
        assert status(app) == "✓ valid · 12/50 Cans"
    code, out = run("--catalog-dir", str(folders.catalogs), "validate", str(path))
    assert (code, out.splitlines()[-1]) == (0, "12 Cans: valid")


async def test_a_force_is_added_then_removed_with_keys(folders: Folders) -> None:
    """n offers Gaslands' one kind of force, a Team, and adds one after the first (the
    cursor on it; Gaslands' Sponsor is one per list, so it holds none); x on it removes
    it with all it holds; undo brings it back."""
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await keys(pilot, "n")
        picker = app.screen
        assert isinstance(picker, PickDialog)
        assert [label for label, _, _ in picker.choices] == ["Gaslands: Team"]
        await keys(pilot, "enter")
        roster = builder(app).roster
        assert [f.name for f in roster.forces] == ["Team", "Team"]
        assert rows(app) == [
            "Team (Gaslands)  0 Cans",
            "  1x Sponsor  0 Cans",
            "Team (Gaslands)  0 Cans",
        ]
        assert builder(app).query_one(BsTree).place == Place(roster.forces[1].id)
        await keys(pilot, "x")
        assert [f.id for f in builder(app).roster.forces] == [roster.forces[0].id]
        await keys(pilot, "ctrl+z")
        assert builder(app).roster == roster
        await keys(pilot, "ctrl+s")
    saved, _ = read_bs_roster(path)
    assert len(saved.roster.forces) == 2


async def test_the_list_is_shared_as_the_command_line_exports_it(folders: Folders) -> None:
    """s: the share code copied reads back as the list (``warband import`` takes it), and
    Markdown and a BattleScribe .ros saved to a file under the list's name in the saves
    folder are, byte for byte, what ``warband export`` prints for the saved list."""
    from saves.bs_share_code import decode_bs
    from saves.ros_file import ros_from_bytes

    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "car")
        await keys(pilot, "ctrl+s", "s")
        assert isinstance(app.screen, PickDialog)
        await keys(pilot, *["down"] * 4, "enter")  # Share code
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.click("#choice-copy")
        await pilot.pause()
        assert decode_bs(app.clipboard).roster == builder(app).roster
        for downs in (1, 5):  # Markdown, then the .ros
            await keys(pilot, "s", *["down"] * downs, "enter")
            await pilot.click("#choice-file")
            await pilot.pause()
            assert isinstance(app.screen, PromptDialog)
            await keys(pilot, "enter")  # the offered name: gaslands.<suffix>
    markdown = (folders.saves / "gaslands.md").read_text(encoding="utf-8")
    assert markdown.startswith("# Gaslands\n")
    assert "**12/50 Cans** · 1 model · ✓ valid" in markdown and "## 2. Car, 12 Cans" in markdown
    ros = (folders.saves / "gaslands.ros").read_bytes()
    assert ros_from_bytes(ros, "gaslands.ros") == read_bs_roster(path)[0].roster
    for fmt, suffix in (("markdown", "md"), ("ros", "ros")):
        code, out = run(
            "--catalog-dir", str(folders.catalogs), "export", str(path), "--format", fmt
        )
        assert code == 0
        assert (folders.saves / f"gaslands.{suffix}").read_text(encoding="utf-8") == out
