"""The roster as a printed army sheet, rendered with Rich (``warband show``).

Header with the verdict and running counts, then one block per entry (profile,
everything it carries with profiles and rules, its cost), the findings, and a
glossary of every special rule the list uses, in our own summaries.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from model.catalog.items import rule_id
from model.catalog.schema import FactionView
from model.roster.describe import profile_text, rule_name, rules_text, tally_text, unit_mark
from model.roster.loadout import Loadout
from model.roster.resolved import loadouts_of
from model.roster.roster import Roster
from model.rules.findings import Report


def army_sheet(roster: Roster, view: FactionView, report: Report) -> RenderableType:
    """The whole sheet as one renderable."""
    loadouts = loadouts_of(view, roster)
    parts: list[RenderableType] = [_header(roster, view, report)]
    parts.extend(_unit_block(view, lo) for lo in loadouts)
    if not loadouts:
        parts.append(Text("No units yet.", style="italic"))
    if report.findings:
        parts.append(_findings(report))
    for section in (_glossary(view, loadouts), _gear(view, loadouts)):
        if section is not None:
            parts.append(section)
    return Group(*parts)


def _header(roster: Roster, view: FactionView, report: Report) -> RenderableType:
    system = view.system
    title = Text(roster.name, style="bold")
    title.append(f"  {view.faction.name} · {system.name} {system.edition}", style="dim")
    verdict = (
        Text("VALID", style="bold green") if report.valid else Text("NOT VALID", style="bold red")
    )
    models = f"{report.models} model{'s' if report.models != 1 else ''}"
    total = f"{report.points}/{report.points_limit} {system.points} · " if system.priced else ""
    counts = Text(f"{total}{models} · ")
    counts.append(verdict)
    shown = tuple(t for t in report.tallies if not t.of_points)
    lines = [title, counts]
    if shown:
        lines.append(Text(tally_text(shown), style="dim"))
    lines.append(Text(f"Catalog {system.id} {system.version}", style="dim"))
    return Group(*lines, Text(""))


def _unit_block(view: FactionView, lo: Loadout) -> RenderableType:
    unit, entry = lo.unit, lo.entry
    name = entry.name or unit.name
    heading = Text(f"{lo.index + 1}. {name}", style="bold")
    if entry.name and entry.name != unit.name:
        heading.append(f" ({unit.name})")
    if entry.models > 1:
        heading.append(f" x{entry.models}")
    if view.system.priced:
        heading.append(f"  {lo.cost} {view.system.points}", style="bold cyan")
    stats = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, pad_edge=False)
    if lo.design is not None:  # a designed unit: a profile, loadout and price per group
        stats.add_column("Models")
    shown = view.system.stats_for(view.unit_tags(entry.unit))  # no vehicle stats on infantry
    for stat in shown:
        stats.add_column(stat.id, justify="center")
    if lo.design is not None:
        stats.add_column("Carries")
        stats.add_column("each", justify="right")
        for g in lo.groups:
            gear = ", ".join(
                view.items[c.item_id].name + (f" x{c.count}" if c.count > 1 else "")
                for c in g.carried
                if c.source != "included"
            )
            stats.add_row(
                f"{g.count} {g.name}",
                *(str(g.stats.get(s.id, "-")) for s in shown),
                gear,
                str(g.cost),
            )
    else:
        stats.add_row(*(str(unit.stats.get(s.id, "-")) for s in shown))
    items = Table(box=None, padding=(0, 1), show_header=False, pad_edge=False)
    items.add_column("item", no_wrap=True)
    items.add_column("profile")
    items.add_column("rules")
    items.add_column("pts", justify="right", no_wrap=True)
    for c in lo.carried:
        item = view.items[c.item_id]
        label = item.name + (f" x{c.count}" if c.count > 1 else "")
        cost = str(c.cost) if c.source == "bought" else c.source
        rules = rules_text(view, (*item.rules, *c.extra_rules))
        items.add_row(label, profile_text(item, view.system), rules, cost)
    rows: list[RenderableType] = [heading, stats]
    if unit.rules:
        rows.append(Text("Rules: " + rules_text(view, unit.rules), style="italic"))
    if lo.carried:
        rows.append(items)
    mark = unit_mark(unit)
    if mark:
        rows.append(Text(f"[{mark}] {unit.gaps or ''}".rstrip(), style="yellow"))
    rows.append(Text(""))
    return Group(*rows)


def _findings(report: Report) -> RenderableType:
    lines: list[Text] = [Text("Findings", style="bold")]
    for f in report.findings:
        style = "red" if f.severity == "error" else "yellow"
        line = Text(f"{f.severity}", style=f"bold {style}")
        line.append(f" [{f.code}] {f.message}")
        lines.append(line)
    return Group(*lines, Text(""))


def _glossary(view: FactionView, loadouts: tuple[Loadout, ...]) -> RenderableType | None:
    refs: dict[str, str] = {}
    for lo in loadouts:
        for ref in lo.unit.rules:
            refs.setdefault(rule_id(ref), ref)
        for c in lo.carried:
            for ref in (*view.items[c.item_id].rules, *c.extra_rules):
                refs.setdefault(rule_id(ref), ref)
    known = {rid: ref for rid, ref in refs.items() if rid in view.rules}
    if not known:
        return None
    rows = []
    for rid in sorted(known, key=lambda r: view.rules[r].name.lower()):
        rule = view.rules[rid]
        name = rule_name(view, rid) if not rule.parameter else f"{rule.name} ({rule.parameter})"
        rows.append((name, Text(rule.summary)))
    return _glossary_table("Special rules", rows)


def _glossary_table(title: str, rows: list[tuple[str, Text]]) -> RenderableType:
    """A titled two-column list: a bold name and its explanation, wrapped."""
    table = Table(box=None, padding=(0, 1), show_header=False, pad_edge=False)
    table.add_column("name", style="bold", no_wrap=True)
    table.add_column("summary")
    for name, text in rows:
        table.add_row(name, text)
    return Group(Text(title, style="bold"), table)


def _gear(view: FactionView, loadouts: tuple[Loadout, ...]) -> RenderableType | None:
    """What the carried items, mutations and powers do, where the catalog says."""
    seen: dict[str, None] = {}
    for lo in loadouts:
        for c in lo.carried:
            seen.setdefault(c.item_id)
    described = [i for i in seen if view.items[i].summary or view.items[i].gaps]
    if not described:
        return None
    rows = []
    for item_id in sorted(described, key=lambda i: view.items[i].name.lower()):
        item = view.items[item_id]
        text = Text(item.summary or "")
        if item.gaps:
            text.append((" " if item.summary else "") + f"[{item.gaps}]", style="yellow")
        rows.append((item.name, text))
    return Group(Text(""), _glossary_table("Gear and abilities", rows))
