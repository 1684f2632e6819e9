"""The builder's one-line summary: points, miniatures, Rare weapons, verdict."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.css.styles import RulesMap
from textual.visual import visualize
from textual.widgets import Static

from model.roster.describe import tally_text

if TYPE_CHECKING:
    from model.rules.findings import Report


class StatusLine(Static):
    """Shows the running counts of a validation report, updated on every edit."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._measured: tuple[int, int] | None = None
        """The width the line was last measured at and its height there."""

    def show(self, report: Report, points_name: str | None = "points") -> None:
        """Display a report, verdict first: on a narrow terminal the end of the line is cut.
        ``points_name`` None: the game publishes no points, the line shows none."""
        text = Text()
        errors, warnings = len(report.errors), len(report.warnings)
        if errors:
            text.append(f"✗ {errors} error{'s' if errors != 1 else ''}", style="bold red")
        else:
            text.append("✓ valid", style="bold green")
        if warnings:
            text.append(f", {warnings} warning{'s' if warnings != 1 else ''}", style="yellow")
        if points_name is not None:
            over = report.points > report.points_limit
            text.append(" · ")
            text.append(
                f"{report.points}/{report.points_limit} {points_name}",
                style="bold red" if over else "bold",
            )
        others = tuple(t for t in report.tallies if not t.of_points)
        if others:
            text.append(" · " + tally_text(others))
        self.update(text, layout=self._resized(text))

    def _resized(self, text: Text) -> bool:
        """Whether ``text`` takes another number of lines than the line shown (or it is not
        laid out yet): only then must the screen be laid out again. Laying it out after
        every edit, as ``update`` does by default, cost more than the edit itself."""
        width = self.content_region.width
        if not width:
            self._measured = None
            return True
        height = visualize(self, text).get_height(cast(RulesMap, self.styles), width)
        measured, self._measured = self._measured, (width, height)
        return measured != (width, height)
