"""A new card's name box starts empty, "New unit" shown greyed as its placeholder (issue
16 point 13: typing in the designer's name box appended to "New unit").

Focus that does not come from Tab (a mouse click into the box, the terminal window
coming back to the front) selects nothing, so a box holding "New unit" kept it and the
typed name was added to it. With the name as a placeholder there is nothing to add to,
however the box got its focus; a box left empty keeps the card's name.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from tests.tui.driver import Folders, app_in, builder_of, keys
from tests.tui.test_designer import EMPTY as STEAM_WARS_EMPTY
from tests.tui.test_designer import top
from tests.tui.test_designer_entered import EMPTY as MINI_EMPTY
from tests.tui.test_designer_entered import designer_of, folders_with_mini
from tui.dialogs.prompt import PromptDialog


async def test_the_name_prompt_of_a_new_card_starts_empty(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = folders.roster("iron-legion.toml", STEAM_WARS_EMPTY)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        builder = builder_of(app)
        await keys(pilot, "u", "enter")  # the designer, Enter on its name row
        prompt = top(app)
        assert isinstance(prompt, PromptDialog)
        box = prompt.query_one("#prompt-input", Input)
        assert (box.value, box.placeholder) == ("", "New unit")
        await pilot.click("#prompt-input")  # a click puts the cursor, selects nothing
        await keys(pilot, "Scouts", "enter")
        assert designer_of(app).card.name == "Scouts"
        await keys(pilot, "enter", "enter")  # the prompt again, left as it is
        assert designer_of(app).card.name == "Scouts"
        await keys(pilot, "s")
        assert builder_of(app) is builder
        assert list(builder.roster.cards) == ["scouts"]


async def test_clicking_the_name_box_of_a_new_form_then_typing_names_it(tmp_path: Path) -> None:
    folders = folders_with_mini(tmp_path)
    path = folders.roster("brass.toml", MINI_EMPTY)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await keys(pilot, "u")
        dialog = designer_of(app)
        box = dialog.query_one("#design-name", Input)
        assert (box.value, box.placeholder) == ("", "New unit")
        await pilot.click("#design-name", offset=(3, 0))
        await keys(pilot, "Rifleman")
        assert box.value == "Rifleman"
        assert dialog.card.name == "Rifleman"
