"""The findings of the list: each says how to fix it; choosing one jumps to its unit.

Redrawn only when what it shows changes: an edit above a finding's entry moves the place
it points at, not its words, and redrawing the options took a frame's tenth (issue 15).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui.textual_private import get_time
from tui.widgets.steady_layout import scrollbars, skip_layout

if TYPE_CHECKING:
    from model.rules.findings import Finding


class FindingsList(OptionList):
    """Errors first, then warnings; Enter on one asks the builder to jump to its place."""

    class Jump(Message):
        """Go to the place a finding points at (the finding, for one about the whole
        list: there is no place to go)."""

        def __init__(self, finding: Finding) -> None:
            super().__init__()
            self.finding = finding
            self.where = finding.where

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._findings: tuple[Finding, ...] = ()
        self._shown = 0
        """How many times the findings were redrawn: option ids carry it, so a choice
        made on findings since replaced (Enter, then an undo typed ahead) is dropped."""
        self._moved = 0.0
        """When findings last changed only their places (``get_time``, the clock messages
        are stamped with): a choice made before then is dropped as well."""

    def show(self, findings: tuple[Finding, ...]) -> None:
        """Display findings (or a note that there are none); unchanged ones are left be."""
        if findings == self._findings and self.option_count:
            return
        if findings and self.option_count and _words(findings) == _words(self._findings):
            self._findings = findings  # the same lines: only the places they jump to moved
            self._moved = get_time()
            self.highlighted = 0
            return
        self._findings = findings
        self._shown += 1
        bars, lines = scrollbars(self), self.virtual_size.height
        if not findings:
            self.set_options(
                [Option(Text("No findings: the list follows every rule.", "green"), disabled=True)]
            )
        else:
            options = []
            for n, f in enumerate(findings):
                error = f.severity == "error"
                text = Text.assemble(
                    ("✗ " if error else "! ", "bold red" if error else "bold yellow"), f.message
                )
                options.append(Option(text, id=f"{self._shown}:{n}"))
            self.set_options(options)
            self.highlighted = 0
        # The list is as high as its lines, up to its maximum, then it scrolls: its height
        # stays when its lines do, or when they overflow it before and after.
        height = self.scrollable_content_region.height
        now = self.virtual_size.height
        skip_layout(self, bars, same_size=now == lines or min(now, lines) > height)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        shown, _, n = (event.option.id or "").partition(":")
        if shown == str(self._shown) and event.time > self._moved:
            self.post_message(self.Jump(self._findings[int(n)]))


def _words(findings: tuple[Finding, ...]) -> list[tuple[str, str]]:
    """What the options show of each finding."""
    return [(f.severity, f.message) for f in findings]
