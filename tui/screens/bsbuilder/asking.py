"""The builder's keys that ask first, over a list of BattleScribe data: a name of its own
for the selection or force under the cursor (r), the list's limit of a cost type (l), a
new force (n), and a format to share the list in (s).

Apart from the screen's module, which holds the keys that edit at once, because each asks
in a dialog first and must then find the list as it was when the key came: keys typed
while a dialog is open can change it, and then nothing is done.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.markup import escape
from textual import work

from model.bsdata.building import new_force, set_cost_limit, set_custom_name
from model.bsdata.data import Catalogue, CostType, ForceEntry
from model.bsdata.engine import roster_limits
from model.bsdata.roster import BsRoster
from model.bsdata.roster_toml import BsRosterFile
from model.core.bounds import MAX_POINTS
from model.core.messages import number_text
from model.core.problems import WarbandError
from model.core.safe_text import one_line, terminal_safe
from tui.dialogs.pick import PickDialog
from tui.dialogs.prompt import PromptDialog
from tui.flows.share_text import share_text
from tui.numbers import whole
from tui.screens.bsbuilder.editing import BsListEditing
from tui.screens.bsbuilder.places import Place


def limit_check(text: str) -> str | None:
    """A prompt check: None for nothing (no limit) or a whole number the new-list dialog
    would take too, else what to type."""
    if not text.strip() or whole(text, 1, MAX_POINTS) is not None:
        return None
    return f"Type a whole number from 1 to {MAX_POINTS:,}, or nothing for no limit."


SHARED_AS = (
    ("Chat text: fits one message, ends with the share code", "text", ".txt"),
    ("Markdown: for a forum, a table per entry", "markdown", ".md"),
    ("JSON: for other tools", "json", ".json"),
    ("HTML: a printable army sheet, one file", "html", ".html"),
    ("Share code: warband import turns it back into this list", "code", ".code"),
    ("BattleScribe roster (.ros): for BattleScribe or New Recruit", "ros", ".ros"),
)
"""What Share offers: the picker's line, the format (``saves.bs_share``) and a file's suffix.
Warband's own builder offers the first five; a .ros is for the apps the data comes from."""


class AskingKeys(BsListEditing):
    """Rename (r), Limit (l), Force (n) and Share (s)."""

    def cost_types(self) -> tuple[CostType, ...]:
        """The cost types a limit can be set on: those the game shows, else all it has."""
        types = self.system.cost_types()
        return tuple(t for t in types if not t.hidden) or types

    @work
    async def action_rename(self) -> None:
        roster = self.roster
        found = self._at()
        if found is None:
            return
        place, force, selection = found
        own = selection.custom_name if selection is not None else force.custom_name
        name = selection.name if selection is not None else force.name
        text = await self.app.push_screen_wait(
            PromptDialog(
                "Rename", f"Name for this {_shown(name)} (empty for none):", terminal_safe(own)
            )
        )
        if text is None:
            return
        selection_id = selection.id if selection is not None else None
        self._apply_if_unchanged(
            roster, lambda: set_custom_name(roster, force.id, selection_id, text), lambda _: place
        )

    @work
    async def action_limit(self) -> None:
        roster = self.roster
        types = self.cost_types()
        if not types:
            self.notify("This game's data has no costs to limit.", timeout=4)
            return
        limits = {c.type_id: c.value for c in roster_limits(self.system, roster)}
        chosen: CostType | None = types[0]
        if len(types) > 1:
            chosen = await self.app.push_screen_wait(
                PickDialog(
                    "Limit which cost?",
                    [(_cost_line(t, limits.get(t.id)), t, None) for t in types],
                )
            )
        if chosen is None:
            return
        cost_type = chosen
        now = limits.get(cost_type.id)
        text = await self.app.push_screen_wait(
            PromptDialog(
                "Limit",
                f"The list's limit of {_shown(cost_type.name)} (empty for no limit):",
                number_text(now) if now is not None and now >= 0 else "",
                limit_check,
            )
        )
        if text is None:
            return
        value = whole(text, 1, MAX_POINTS) if text.strip() else None
        self._apply_if_unchanged(
            roster, lambda: set_cost_limit(roster, cost_type.id, value), lambda _: None
        )

    @work
    async def action_new_force(self) -> None:
        roster = self.roster
        kinds = self.force_kinds()
        if not kinds:
            self.notify("This game's data has no kind of force to add.", timeout=4)
            return
        chosen = await self.app.push_screen_wait(
            PickDialog(
                "Add which force?",
                [
                    (_force_line(catalogue, entry), (catalogue.id, entry.id), None)
                    for catalogue, entry in kinds
                ],
            )
        )
        if chosen is None:
            return
        catalogue_id, entry_id = chosen
        self._apply_if_unchanged(
            roster,
            lambda: new_force(self.system, roster, catalogue_id, entry_id),
            lambda after: Place(after.forces[-1].id),  # the new force is the last
        )

    @work
    async def action_share(self) -> None:
        """Choose a format, then the clipboard or a file (``tui.flows.share_text``)."""
        from saves.bs_share import bs_share_text

        chosen = await self.app.push_screen_wait(
            PickDialog(
                "Share the list as",
                [(line, (fmt, suffix), None) for line, fmt, suffix in SHARED_AS],
            )
        )
        if chosen is None:
            return
        fmt, suffix = chosen
        listed = BsRosterFile(self.system_id, self.roster)
        text = bs_share_text(fmt, self.system, listed, self.evaluation)
        folder = self.warband.locations.saves_dir
        await share_text(self, text, folder, self.roster.name, suffix)

    def force_kinds(self) -> list[tuple[Catalogue, ForceEntry]]:
        """The forces a player may add, by catalogue: the catalogues of the list's forces
        first (another force of the same army is the usual case), then the game's other
        factions; hidden force entries are left out, as BattleScribe leaves them out."""
        factions = self.system.factions
        used = [f.catalogue_id for f in self.roster.forces]
        ordered = sorted(factions, key=lambda c: used.index(c.id) if c.id in used else len(used))
        return [
            (catalogue, entry)
            for catalogue in ordered
            for entry in self.system.forces(catalogue.id)
            if not entry.hidden
        ]

    def _apply_if_unchanged(
        self,
        before: BsRoster,
        edit: Callable[[], BsRoster],
        at: Callable[[BsRoster], Place | None],
    ) -> None:
        """Apply ``edit`` of the list ``before`` (the one a dialog was opened over), with
        the cursor going to ``at`` of the list it makes, unless keys typed meanwhile
        changed the list; a change the rules refuse is said so."""
        if self.roster is not before:
            self.notify("The list changed meanwhile: nothing was done.", severity="warning")
            return
        try:
            after = edit()
        except WarbandError as exc:
            self.refused("Not done", exc)
            return
        self.apply(after, at(after))


def _shown(name: str) -> str:
    """A name from the data as a dialog's text shows it: one line, no control characters,
    and no square brackets read as markup."""
    return escape(one_line(name))


def _force_line(catalogue: Catalogue, entry: ForceEntry) -> str:
    """A kind of force in the picker: its catalogue and its name."""
    return one_line(f"{catalogue.name}: {entry.name}")


def _cost_line(cost_type: CostType, limit: float | None) -> str:
    """A cost type in the picker, with the list's limit of it where it has one."""
    name = one_line(cost_type.name)
    return f"{name}: {number_text(limit)}" if limit is not None and limit >= 0 else name
