"""The text of the details panel: a unit, an item or a special rule, in full."""

from __future__ import annotations

from rich.text import Text

from model.catalog import FactionView
from model.describe import data_mark, profile_text, rules_text, stat_line
from model.items import rule_id


def rule_lines(view: FactionView, refs: tuple[str, ...], text: Text) -> None:
    """Append each rule of ``refs`` with our summary."""
    for ref in refs:
        rule = view.rules.get(rule_id(ref))
        if rule is None:
            continue
        text.append(f"\n  {rules_text(view, (ref,))}: ", style="bold")
        text.append(rule.summary)


def unit_details(view: FactionView, unit_id: str) -> Text:
    """A unit's card: cost, profile, base gear, rules with summaries, options with prices."""
    unit, system = view.units[unit_id], view.system
    text = Text(f"{unit.name}", style="bold")
    text.append(f"  {unit.cost} {system.points} per model")
    if unit.models.max > 1:
        text.append(f", {unit.models.min} to {unit.models.max} models per entry")
    text.append(f"\n{stat_line(unit, system)}")
    if unit.summary:
        text.append(f"\n{unit.summary}", style="italic")
    mark = data_mark(unit.data, unit.gaps)
    if mark:
        text.append(f"\n[{mark}] {unit.gaps or ''}", style="yellow")
    if unit.base:
        text.append("\n\nComes with:", style="bold")
        for item_id in dict.fromkeys(unit.base):
            item = view.items[item_id]
            n = unit.base.count(item_id)
            detail = profile_text(item, system)
            text.append(
                f"\n  {item.name}{f' x{n}' if n > 1 else ''}{f'  {detail}' if detail else ''}"
            )
    if unit.rules:
        text.append("\n\nSpecial rules:", style="bold")
        rule_lines(view, unit.rules, text)
    for group in view.option_groups(unit_id):
        span = f"{group.min}-{group.max}" if group.max is not None else f"{group.min}+"
        text.append(f"\n\n{group.name} ({span}):", style="bold")
        for item_id in group.choices:
            text.append(f"\n  {view.items[item_id].name}  {view.choice_cost(group, item_id)}")
    if unit.source:
        text.append(f"\n\nSource: {unit.source}", style="dim")
    return text


def item_details(view: FactionView, item_id: str, extra_rules: tuple[str, ...] = ()) -> Text:
    """An item: kind, default cost, profile, summary, its rules with summaries, source."""
    item, system = view.items[item_id], view.system
    text = Text(item.name, style="bold")
    text.append(f"  ({item.kind}")
    text.append(f", {item.cost} {system.points})" if item.cost is not None else ")")
    detail = profile_text(item, system)
    if detail:
        text.append(f"\n{detail}")
    if item.summary:
        text.append(f"\n{item.summary}", style="italic")
    if item.gaps:
        text.append(f"\n[{data_mark(item.data, item.gaps)}] {item.gaps}", style="yellow")
    refs = (*item.rules, *extra_rules)
    if refs:
        text.append("\n\nSpecial rules:", style="bold")
        rule_lines(view, refs, text)
    if item.includes:
        text.append("\n\nComes with: " + ", ".join(view.items[i].name for i in item.includes))
    if item.source:
        text.append(f"\n\nSource: {item.source}", style="dim")
    return text
