"""The status line of a list over BattleScribe data: its verdict, then each cost against
its limit.

The same facts ``warband validate`` prints (``tui.cli.bs_rosters.verdict_text``: every
cost type's total, ``/limit`` where the list has one, valid or NOT VALID with the
counts of errors and warnings), laid out for one line of the screen: verdict first, so a
narrow terminal cuts off a cost rather than whether the list is legal.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual.widgets import Static

from model.bsdata.evaluate import Evaluation
from model.core.messages import number_text
from model.core.safe_text import terminal_safe
from tui.widgets.steady_layout import update_static


def counts_text(evaluation: Evaluation) -> str:
    """ "2 errors, 1 warning" ('' when there are no findings), as ``validate`` counts them."""
    errors = sum(1 for f in evaluation.findings if f.severity == "error")
    warnings = len(evaluation.findings) - errors
    return ", ".join(
        f"{n} {word}{'s' if n != 1 else ''}"
        for n, word in ((errors, "error"), (warnings, "warning"))
        if n
    )


def status_text(evaluation: Evaluation, cost_names: Mapping[str, str]) -> Text:
    """ "✓ valid · 14/50 Cans · 1 Build Slots", or "✗ NOT VALID (1 error) · 54/50 Cans ..."
    with a cost over its limit in red. Names from the data are stripped of control
    characters and never read as markup."""
    counts = counts_text(evaluation)
    text = Text()
    if evaluation.valid:
        text.append("✓ valid", style="bold green")
        if counts:
            text.append(f" ({counts})", style="yellow")
    else:
        text.append(f"✗ NOT VALID ({counts})", style="bold red")
    limits = {c.type_id: c.value for c in evaluation.limits if c.value >= 0}
    for cost in evaluation.shown_totals:
        name = terminal_safe(cost_names.get(cost.type_id, cost.type_id))
        text.append(" · ")
        if cost.type_id in limits:
            limit = limits[cost.type_id]
            over = cost.value > limit
            text.append(
                f"{number_text(cost.value)}/{number_text(limit)} {name}",
                style="bold red" if over else "bold",
            )
        else:
            text.append(f"{number_text(cost.value)} {name}")
    return text


class BsStatusLine(Static):
    """One line (two on a narrow terminal) above the list: where it stands now."""

    def show(self, evaluation: Evaluation, cost_names: Mapping[str, str]) -> None:
        """Show where the list stands, laying the screen out again only when the line
        takes another number of lines (``update_static``): ``update`` lays it out after
        every edit, which over a big list cost more than the edit's own drawing."""
        update_static(self, status_text(evaluation, cost_names))
