"""The list's settings: the numbers a game asks the players to agree for a list.

Reikhammer's strategy rating, the Steam Wars vehicle limit: each setting the system
declares is listed with its range, what it does and its value in this list, and the
list rules that read it say here what they find. Enter types a value (refused, with
the reason, outside the setting's range), + and - step it, Delete unsets it. Each
change is one edit of the list, undone with Ctrl+Z in the builder, and saved in the
list file's ``[settings]``.

A setting the list has but the system does not declare (a typo in a file written by
hand) is listed too, so Delete can take it away.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from model.core.value import frozen_value
from model.rules.count import CountRule
from tui.dialogs.prompt import PromptDialog
from tui.numbers import whole
from tui.toasts import Toasts
from tui.widgets.steady_layout import update_static

if TYPE_CHECKING:
    from model.catalog.schema import FactionView
    from model.catalog.system import ListSetting
    from model.roster.roster import Roster
    from model.rules.findings import Report


@frozen_value(slots=False)
class SettingRow:
    """One setting as the dialog shows it."""

    id: str
    setting: ListSetting | None
    """What the system declares; None for a setting the system does not have."""
    value: int | None
    """The list's value; None while unset."""
    findings: tuple[str, ...]
    """What the list's check says about it now (errors and warnings)."""
    source: str = ""
    """Where the setting comes from, spelled out for players (``System.cited``)."""


def setting_rows(view: FactionView, roster: Roster, report: Report) -> tuple[SettingRow, ...]:
    """Every declared setting in the catalog's order, then any the list has that the
    system does not declare; each with the findings of the rules that read it."""
    readers: dict[str, set[str]] = {}
    for rule in view.constraints:
        if isinstance(rule, CountRule) and rule.max_setting is not None:
            readers.setdefault(rule.max_setting, set()).add(rule.id)
    rows = []
    declared = view.system.settings
    for s in declared:
        value = roster.settings.get(s.id)
        codes = readers.get(s.id, set())
        found = [f.message for f in report.findings if f.code in codes]
        if value is not None and not s.min <= value <= s.max:
            found.insert(0, f"{value} is outside {s.min} to {s.max}: set it within that range")
        source = view.system.cited(s.source) if s.source else ""
        rows.append(SettingRow(s.id, s, value, tuple(found), source))
    ids = {s.id for s in declared}
    for sid, value in roster.settings.items():
        if sid not in ids:
            problem = f"{view.system.name} has no setting '{sid}': Delete removes it"
            rows.append(SettingRow(sid, None, value, (problem,)))
    return tuple(rows)


def range_text(setting: ListSetting) -> str:
    return f"{setting.min:,} to {setting.max:,}"


def value_check(setting: ListSetting) -> Callable[[str], str | None]:
    """A prompt check: blank (unset) or a whole number within the setting's range."""

    def check(text: str) -> str | None:
        if not text.strip() or whole(text, setting.min, setting.max) is not None:
            return None
        return (
            f"{setting.name} goes from {range_text(setting)}: type a whole number in that "
            f"range, or nothing to leave it unset."
        )

    return check


RowsSource = Callable[[], tuple[SettingRow, ...]]
"""The settings as the list has them now."""
Change = Callable[[str, int | None], None]
"""Set a setting (None: unset it); one undoable edit of the list."""


class SettingsDialog(ModalScreen[None]):
    """Enter sets a value, + and - step it, Delete unsets it, Escape closes."""

    DEFAULT_CSS = """
    #settings-options {
        height: auto;
        max-height: 12;
    }
    #settings-detail {
        height: auto;
        margin-bottom: 1;
    }
    """
    BINDINGS = [
        Binding("plus,equals_sign,right", "step(1)", "One more", id="settings-up"),
        Binding("minus,left", "step(-1)", "One less", id="settings-down"),
        Binding("delete,backspace", "unset", "Unset", id="settings-unset"),
        Binding("escape", "close", "Done", id="settings-close"),
    ]

    def __init__(self, title: str, source: RowsSource, change: Change) -> None:
        super().__init__()
        self.title_text = title
        self.source = source
        self.change = change
        self.rows: tuple[SettingRow, ...] = ()
        self._toasts = Toasts()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="settings-dialog"):
            yield Label(Text(self.title_text), classes="dialog-title")
            yield OptionList(id="settings-options")
            yield Static("", id="settings-detail")
            yield Label(
                "Enter types a value · +/- one more or less · Delete unsets · Escape done",
                classes="dialog-hint",
            )

    def on_mount(self) -> None:
        self.refill()
        self.query_one("#settings-options", OptionList).focus()

    def refill(self) -> None:
        """Show the settings as the list has them now, keeping the highlighted one."""
        self.rows = self.source()
        listing = self.query_one("#settings-options", OptionList)
        keep = listing.highlighted
        listing.clear_options()
        for n, row in enumerate(self.rows):
            listing.add_option(Option(self._label(row), id=str(n)))
        if self.rows:
            listing.highlighted = min(keep or 0, len(self.rows) - 1)
        self._detail()

    @staticmethod
    def _label(row: SettingRow) -> Text:
        setting = row.setting
        label = Text(setting.name if setting else row.id, style="" if setting else "red")
        label.append("  ")
        if row.value is None:
            label.append("not set", style="dim italic")
        else:
            label.append(f"{row.value:,}", style="bold cyan")
        if setting is not None:
            label.append(f"  ({range_text(setting)})", style="dim")
        if row.findings:
            label.append("  ✗", style="red")
        return label

    def current(self) -> SettingRow | None:
        listing = self.query_one("#settings-options", OptionList)
        index = listing.highlighted
        return None if index is None or index >= len(self.rows) else self.rows[index]

    @on(OptionList.OptionHighlighted)
    def _detail(self) -> None:
        row = self.current()
        text = Text()
        if row is not None and row.setting is not None:
            if row.setting.summary:
                text.append(row.setting.summary)
            if row.source:
                text.append(("\n" if text else "") + f"Source: {row.source}", "dim")
        for message in row.findings if row is not None else ():
            text.append(("\n" if text else "") + f"✗ {message}", "red")
        update_static(self.query_one("#settings-detail", Static), text)

    @on(OptionList.OptionSelected, "#settings-options")
    def _selected(self) -> None:
        row = self.current()
        if row is not None and self.is_active:
            self._ask(row)

    @work
    async def _ask(self, row: SettingRow) -> None:
        setting = row.setting
        if setting is None:
            self._toasts.show(
                self.app, "unknown", f"'{row.id}' is not a setting of this game: Delete removes it."
            )
            return
        shown = row.value if row.value is not None else setting.default
        answer = await self.app.push_screen_wait(
            PromptDialog(
                setting.name,
                f"{setting.name}, {range_text(setting)} (empty: not set):",
                "" if shown is None else str(shown),
                value_check(setting),
            )
        )
        if answer is None:
            return
        value = whole(answer, setting.min, setting.max) if answer.strip() else None
        self._set(row.id, value)

    def _set(self, setting_id: str, value: int | None) -> None:
        self.change(setting_id, value)
        self.refill()

    def action_step(self, by: int) -> None:
        row = self.current()
        if row is None or row.setting is None:
            return
        setting = row.setting
        if row.value is None:  # from unset: the usual value, else the least
            value = setting.default if setting.default is not None else setting.min
        else:
            value = min(max(row.value + by, setting.min), setting.max)
        if value == row.value:
            end = "most" if by > 0 else "least"
            self._toasts.show(
                self.app,
                "bound",
                f"{setting.name} is at its {end}: it goes from {range_text(setting)}.",
                severity="warning",
                timeout=3,
            )
            return
        self._set(row.id, value)

    def action_unset(self) -> None:
        row = self.current()
        if row is not None and row.value is not None:
            self._set(row.id, None)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_unmount(self) -> None:
        self._toasts.clear(self.app)
