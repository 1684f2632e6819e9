"""The text of the details panel: a unit, an item or a special rule, in full."""

from __future__ import annotations

from rich.text import Text

from model.catalog.items import rule_id
from model.catalog.schema import Design, FactionView
from model.roster.describe import data_mark, profile_text, rules_text, stat_line


def rule_lines(view: FactionView, refs: tuple[str, ...], text: Text) -> None:
    """Append each rule of ``refs`` with our summary."""
    for ref in refs:
        rule = view.rules.get(rule_id(ref))
        if rule is None:
            continue
        text.append(f"\n  {rules_text(view, (ref,))}: ", style="bold")
        text.append(rule.summary)


def _problems_or_cost(design: Design, points: str, text: Text) -> bool:
    """A card's problems, or its cost line by line; whether the cost was shown."""
    if design.problems:
        text.append("\n\nProblems:", style="bold red")
        for p in design.problems:
            text.append(f"\n  {p.message}", style="red")
        return False
    if design.costing is None:
        return False
    text.append(f"\n\nCost ({points}):", style="bold")
    for line in design.costing.lines():
        text.append(f"\n  {line}")
    return True


def design_details(view: FactionView, card_id: str) -> Text:
    """A designed unit: its groups of models with what each carries, and the cost worked
    out line by line, so a player can check the house figures against the rules."""
    design, system = view.designs[card_id], view.system
    card, unit = design.card, design.unit
    spec = view.design_spec
    if spec is not None and spec.entered:
        return entered_details(view, card_id)
    text = Text(card.name, style="bold")
    text.append(f"  {unit.cost} {system.points} for {card.model_count} models")
    text.append(f"\n{stat_line(unit, system)}")
    if card.data == "example":
        text.append(
            "\nAn example from the rulebook's sample profiles: add it as it is, or press "
            "Shift+U to design your own from it.",
            style="yellow",
        )
    if card.summary:
        text.append(f"\n{card.summary}", style="italic")
    text.append("\n\nModels:", style="bold")
    for n, group in enumerate(card.models, start=1):
        text.append(f"\n  {n}. {group.name or card.name} x{group.count}")
        own = [
            f"{label} {value}"
            for label, value in (("type", group.type), ("RES", group.res), ("wounds", group.wounds))
            if value is not None
        ]
        if own:
            text.append(f" ({', '.join(own)})", style="dim")
        for label, ids in (("weapons", group.weapons), ("abilities", group.abilities)):
            if ids:
                names = ", ".join(view.items[i].name if i in view.items else i for i in ids)
                text.append(f"\n     {label}: {names}")
        for weapon, added in group.upgrades.items():
            rules = ", ".join(view.rule_costs[r].name for r in added if r in view.rule_costs)
            text.append(f"\n     + {rules} on {view.items[weapon].name}")
    if _problems_or_cost(design, system.points, text):
        spec = view.design_spec
        if spec is not None and spec.data == "house":
            text.append(
                "\nBase costs are house points (the rules publish none)"
                + (f": {spec.summary}" if spec.summary else "."),
                style="yellow",
            )
    if card.source:
        text.append(f"\n\nSource: {system.cited(card.source)}", style="dim")
    return text


def entered_details(view: FactionView, card_id: str) -> Text:
    """A card whose stats and points the player entered: the profile, the special
    ability, what the list rules count it as (officer, named) and where its points
    come from."""
    design, system, spec = view.designs[card_id], view.system, view.design_spec
    assert spec is not None
    card, unit = design.card, design.unit
    text = Text(card.name, style="bold")
    text.append(f"  {unit.cost} {system.points}")
    text.append(f"\n{stat_line(unit, system)}")
    if card.special:
        text.append(f"\n{spec.special or 'Special'}: ", style="bold")
        text.append(card.special)
    for ability in card.abilities:
        item = view.items.get(ability)
        text.append(f"\n{item.name if item else ability}: ", style="bold")
        text.append(item.summary or "" if item else "unknown ability")
    tags = spec.card_tags(card)
    if tags:
        text.append(f"\nCounts as: {', '.join(sorted(tags))}", style="dim")
    if card.data == "example":
        text.append(
            "\nAn example card: add it as it is, or press Shift+U to write your own from it.",
            style="yellow",
        )
    else:
        text.append("\nThe rules publish no unit cards: this one was written by a player.")
    if card.summary:
        text.append(f"\n{card.summary}", style="italic")
    _problems_or_cost(design, system.points, text)
    if card.source:
        text.append(f"\n\nSource: {system.cited(card.source)}", style="dim")
    return text


def unit_details(view: FactionView, unit_id: str) -> Text:
    """A unit's card: cost, profile, base gear, rules with summaries, options with prices."""
    if unit_id in view.designs:
        return design_details(view, unit_id)
    unit, system = view.units[unit_id], view.system
    text = Text(f"{unit.name}", style="bold")
    if system.priced:
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
        text.append(f"\n\nSource: {system.cited(unit.source)}", style="dim")
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
        text.append(f"\n\nSource: {system.cited(item.source)}", style="dim")
    return text
