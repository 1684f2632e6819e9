"""The findings of the list: each says how to fix it; choosing one jumps to its unit."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from model.findings import Finding, Where


class FindingsList(OptionList):
    """Errors first, then warnings; Enter on one asks the builder to jump to its place."""

    class Jump(Message):
        """Go to the place a finding points at."""

        def __init__(self, where: Where) -> None:
            super().__init__()
            self.where = where

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._findings: tuple[Finding, ...] = ()
        self._shown = 0
        """How many times the findings were redrawn: option ids carry it, so a choice
        made on findings since replaced (Enter, then an undo typed ahead) is dropped."""

    def show(self, findings: tuple[Finding, ...]) -> None:
        """Display findings (or a note that there are none); unchanged ones are left be."""
        if findings == self._findings and self.option_count:
            return
        self._findings = findings
        self._shown += 1
        self.clear_options()
        if not findings:
            self.add_option(
                Option(Text("No findings: the list follows every rule.", "green"), disabled=True)
            )
            return
        for n, f in enumerate(findings):
            error = f.severity == "error"
            text = Text.assemble(
                ("✗ " if error else "! ", "bold red" if error else "bold yellow"), f.message
            )
            self.add_option(Option(text, id=f"{self._shown}:{n}"))
        self.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        shown, _, n = (event.option.id or "").partition(":")
        if shown == str(self._shown):
            self.post_message(self.Jump(self._findings[int(n)].where))
