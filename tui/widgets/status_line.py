"""The builder's one-line summary: points, miniatures, Rare weapons, verdict."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from model.describe import tally_text
from model.findings import Report


class StatusLine(Static):
    """Shows the running counts of a validation report, updated on every edit."""

    def show(self, report: Report, points_name: str = "points") -> None:
        """Display a report, verdict first: on a narrow terminal the end of the line is cut."""
        text = Text()
        errors, warnings = len(report.errors), len(report.warnings)
        if errors:
            text.append(f"✗ {errors} error{'s' if errors != 1 else ''}", style="bold red")
        else:
            text.append("✓ valid", style="bold green")
        if warnings:
            text.append(f", {warnings} warning{'s' if warnings != 1 else ''}", style="yellow")
        text.append(" · ")
        over = report.points > report.points_limit
        text.append(
            f"{report.points}/{report.points_limit} {points_name}",
            style="bold red" if over else "bold",
        )
        others = tuple(t for t in report.tallies if t.label != "Points")
        if others:
            text.append(" · " + tally_text(others))
        self.update(text)
