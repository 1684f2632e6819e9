"""The keys about the game as a whole: markers on the table, victory points, notes, the
dice helper, the battle report and ending the game.

Apart from the turn's order and one model's keys: none of these is about whose turn it
is or about the model under the cursor.
"""

from __future__ import annotations

from textual import work

from model.battle.events import EndGame, Event, Note, PlaceMarker, RemoveMarker, Score
from model.battle.forces import SIDE_LETTERS
from model.core.bounds import MAX_COUNTER
from model.core.problems import WarbandError
from tui.dialogs.choice import ChoiceDialog, may_write
from tui.dialogs.message import MessageDialog
from tui.dialogs.pick import PickDialog
from tui.dialogs.prompt import PromptDialog
from tui.numbers import whole, whole_check
from tui.screens.tracker.recording import BattleRecorder


class GameKeys(BattleRecorder):
    """Keys about the table and the game as a whole."""

    @work
    async def action_marker(self) -> None:
        state = self.state
        choices: list[tuple[str, Event, str | None]] = [
            (f"Place {spec.name}", PlaceMarker(kind="marker", marker=spec.id), None)
            for spec in state.tracker.markers
        ]
        choices += [
            (
                f"Remove {state.marker_spec(m.marker).name} {m.number}"
                + (f" ({m.label})" if m.label else ""),
                RemoveMarker(kind="remove-marker", number=m.number),
                None,
            )
            for m in state.markers_down()
        ]
        if not choices:
            self.notify("This game has no markers")
            return
        picked = await self.app.push_screen_wait(PickDialog("Markers", choices))
        if picked is not None:
            self.record(picked)

    @work
    async def action_score(self) -> None:
        sides = self.battle.setup.sides
        side = await self.app.push_screen_wait(
            PickDialog(
                "Which side scores?",
                [(f"{SIDE_LETTERS[i]}: {s.player}", i, None) for i, s in enumerate(sides)],
            )
        )
        if side is None:
            return
        text = await self.app.push_screen_wait(
            PromptDialog(
                self.battle.setup.tracker.victory.vp_name,
                "Points (negative to take away):",
                "1",
                whole_check(-MAX_COUNTER, MAX_COUNTER),
            )
        )
        points = whole(text or "", -MAX_COUNTER, MAX_COUNTER)
        if points is not None:
            self.record(Score(kind="score", side=side, points=points))

    @work
    async def action_note(self) -> None:
        text = await self.app.push_screen_wait(PromptDialog("Note", "Note for the log:"))
        if text and text.strip():
            self.record(Note(kind="note", text=text.strip()))

    def action_dice(self) -> None:
        from tui.dialogs.dice.screen import DiceDialog

        if self.views is None:  # no catalog of ours (BattleScribe lists): the plain roller
            self._roll_pool()
            return
        try:
            views = self.views()
        except (WarbandError, KeyError) as exc:
            text = exc.render() if isinstance(exc, WarbandError) else str(exc)
            self.notify(f"The dice helper needs the game's catalog: {text}", severity="error")
            return
        setup = self.battle.setup
        version = views[0].system.version if views else setup.catalog_version
        if version != setup.catalog_version:
            # The battle keeps its own rules and lists, but the helper reads weapon
            # profiles and armour from the catalog as it is now.
            self.notify(
                f"The dice helper reads the {setup.system_name} catalog {version}; this "
                f"battle began with {setup.catalog_version}: check the profiles it shows.",
                severity="warning",
                timeout=10,
            )
        self.app.push_screen(DiceDialog(lambda: self.battle, self.record, views, self._model()))

    @work
    async def _roll_pool(self) -> None:
        """Dice for any game: NdX from the model's weapon or by hand, logged with every
        number (``tui/flows/pool_roll.py``)."""
        from tui.flows.pool_roll import pool_roll

        roll = await pool_roll(self.app, self.battle, self._model())
        if roll is not None and self.record(roll):
            self.notify(f"{roll.title}: {roll.outcome} ({roll.detail})", timeout=10)

    @work
    async def action_report(self) -> None:
        from saves.atomic import write_atomic
        from saves.battle_report import battle_report

        text = battle_report(self.battle)
        target = self.path.with_name(self.path.name.removesuffix(".toml") + ".report.md")
        where = await self.app.push_screen_wait(
            ChoiceDialog(
                "Battle report",
                f"A Markdown report of the battle so far ({len(text):,} characters).",
                [
                    ("Copy", "copy", "primary"),
                    (f"Save as {target.name}", "file", "default"),
                    ("Cancel", "cancel", "default"),
                ],
            )
        )
        if where == "copy":
            self.app.copy_to_clipboard(text)
            self.notify("Copied (through the terminal: if pasting gives nothing, save it)")
        elif where == "file":
            if not await may_write(self.app, target):  # an earlier report is there
                return
            try:
                write_atomic(target, text.encode("utf-8"))
            except WarbandError as exc:
                self.app.push_screen(MessageDialog("Not saved", exc.render(), error=True))
                return
            self.notify(f"Saved {target}", timeout=4)

    @work
    async def action_end_game(self) -> None:
        answer = await self.app.push_screen_wait(
            ChoiceDialog(
                "End the game?",
                "End the game now? Undo can bring it back.",
                [("End the game", "end", "error"), ("Cancel", "cancel", "default")],
            )
        )
        if answer == "end":
            self.record(EndGame(kind="end-game"))
