"""A list as chat text, Markdown or JSON, each written from one ``ListExport``.

Chat text is short enough for one chat message (a 500-point band is well under
Discord's 2000 characters): a line per entry with its gear, no profiles. Markdown
is for forums, a table of profile and gear per entry. Both end with the list's
share code, so whoever reads them can import the list. JSON is the document
itself, with a published schema.
"""

from __future__ import annotations

from model.core.messages import counted
from model.core.value import frozen_value
from saves.json_text import json_text
from saves.list_export import ExportEntry, ExportProfile, ListExport
from saves.markdown import cell, escape

SEP = " · "

CHANGED = "*"
"""Follows a value the list's choices changed (a BattleScribe modifier): ``T 5*``."""

LEGEND = f"{CHANGED} changed by the list's choices"


@frozen_value(slots=False)
class ProfileTable:
    """The profiles of one type an entry shows (its own and its items'), for a table:
    its columns are every characteristic name, in the order first met."""

    type: str
    columns: tuple[str, ...]
    profiles: tuple[ExportProfile, ...]


def marked(value: str, changed: bool) -> str:
    return value + CHANGED if changed else value


def entry_profiles(entry: ExportEntry) -> list[ExportProfile]:
    """Every profile an entry shows, its own then its items', each once (five models
    with the same weapon show it once)."""
    seen: dict[tuple[object, ...], ExportProfile] = {}
    for profile in (*entry.profiles, *(p for i in entry.items for p in i.profiles)):
        values = tuple((c.name, c.value, c.changed) for c in profile.characteristics)
        seen.setdefault((profile.name, profile.type, profile.changed, values), profile)
    return list(seen.values())


def profile_tables(entry: ExportEntry) -> list[ProfileTable]:
    """An entry's profiles grouped by type, the types in the order first met."""
    by_type: dict[str, list[ExportProfile]] = {}
    for profile in entry_profiles(entry):
        by_type.setdefault(profile.type, []).append(profile)
    return [
        ProfileTable(
            kind,
            tuple(dict.fromkeys(c.name for p in profiles for c in p.characteristics)),
            tuple(profiles),
        )
        for kind, profiles in by_type.items()
    ]


def profile_line(profile: ExportProfile) -> str:
    """``Bike (Vehicle): Hull Points 8*, Crew 2*``, a changed value marked."""
    values = ", ".join(
        f"{c.name} {marked(c.value, c.changed)}" for c in profile.characteristics if c.value
    )
    name = marked(profile.name, profile.changed) + (f" ({profile.type})" if profile.type else "")
    return f"{name}: {values}" if values else name


def any_changed(doc: ListExport) -> bool:
    """Whether some profile, characteristic or rule of the list was changed by a choice."""
    profiles = (p for e in doc.entries for p in entry_profiles(e))
    return any(g.changed for g in doc.glossary) or any(
        p.changed or any(c.changed for c in p.characteristics) for p in profiles
    )


def _verdict(doc: ListExport) -> str:
    if doc.valid:
        return "valid" + (f" ({_count(doc, 'warning')})" if doc.findings else "")
    return f"NOT VALID ({_count(doc, 'error')})"


def _count(doc: ListExport, severity: str) -> str:
    n = sum(1 for f in doc.findings if f.severity == severity)
    return f"{n} {severity}{'s' if n != 1 else ''}"


def _title(doc: ListExport) -> str:
    s = doc.system
    return f"{doc.faction.name}{SEP}{s.name} {s.edition}{SEP}catalog {s.catalog_version}"


def _gear(entry: ExportEntry) -> str:
    if entry.groups:  # a designed unit: who carries what
        return ", ".join(
            f"{g.count} {g.name} ({', '.join(g.carries) or 'unarmed'})" for g in entry.groups
        )
    return ", ".join(i.name + (f" x{i.count}" if i.count > 1 else "") for i in entry.items)


def _heading(entry: ExportEntry, points: str | None) -> str:
    """``3. Soldier x2, 34 points``; no points for a game without (``points`` None)."""
    name = entry.name
    if entry.name != entry.unit_name:
        name += f" ({entry.unit_name})"
    if entry.models > 1:
        name += f" x{entry.models}"
    return f"{entry.number}. {name}" + (f", {entry.cost} {points}" if points else "")


def _points_name(doc: ListExport) -> str | None:
    """What the sheets call points, None for a game that publishes none."""
    return doc.system.points_name if doc.system.priced else None


def _total(doc: ListExport) -> str:
    """``124/200 points · `` before the models; nothing for a game without points."""
    points = _points_name(doc)
    return f"{doc.points_shown} {points}{SEP}" if points else ""


def to_text(doc: ListExport, code: str) -> str:
    """Plain text for a chat message."""
    points = _points_name(doc)
    lines = [
        f"{doc.name}: {_title(doc)}",
        f"{_total(doc)}{counted(doc.models, 'model')}{SEP}{_verdict(doc)}",
    ]
    if doc.counts:
        lines.append(SEP.join(doc.counts))
    lines.append("")
    for entry in doc.entries:
        gear = _gear(entry)
        lines.append(_heading(entry, points) + (f": {gear}" if gear else ""))
        lines.extend(f"   {profile_line(p)}" for p in entry_profiles(entry))
    if doc.findings:
        lines.append("")
        lines.extend(f"{f.severity}: {f.message}" for f in doc.findings)
    if doc.not_published:
        marks = "; ".join(f"{n.name} ({n.mark})" for n in doc.not_published)
        lines += ["", f"Not from the published rules: {marks}"]
    if any_changed(doc):
        lines += ["", LEGEND]
    lines += ["", f"warband import {code}"]
    return "\n".join(lines) + "\n"


def _md_cell(text: str, changed: bool) -> str:
    """A table cell, with the mark (escaped: it is Markdown's emphasis) when changed."""
    return cell(text) + ("\\" + CHANGED if changed else "")


def to_markdown(doc: ListExport, code: str) -> str:
    """Markdown for a forum post: a profile and a gear table per entry."""
    points = _points_name(doc)
    verdict = ("✓ " if doc.valid else "✗ ") + _verdict(doc)
    out = [
        f"# {escape(doc.name)}",
        "",
        f"**{escape(doc.faction.name)}**{SEP}{escape(doc.system.name)} {escape(doc.system.edition)}"
        f"{SEP}catalog {escape(doc.system.catalog_version)}",
        "",
        f"**{_total(doc)}{counted(doc.models, 'model')}**{SEP}{verdict}"
        if not points
        else f"**{doc.points_shown} {points}**{SEP}{counted(doc.models, 'model')}{SEP}{verdict}",
    ]
    if doc.counts:
        out += ["", escape(SEP.join(doc.counts))]
    if doc.notes:
        out += ["", escape(doc.notes)]
    for entry in doc.entries:
        out += ["", f"## {escape(_heading(entry, points))}", ""]
        if entry.groups:  # a designed unit: a row per group of models
            out.append(
                "| Models | " + " | ".join(cell(s) for s in entry.stats) + " | Carries | Each |"
            )
            out.append("|---|" + "---|" * len(entry.stats) + "---|---:|")
            for g in entry.groups:
                stats = " | ".join(cell(v) for v in g.stats.values())
                carries = cell(", ".join(g.carries))
                out.append(f"| {g.count} {cell(g.name)} | {stats} | {carries} | {g.cost_each} |")
        elif tables := profile_tables(entry):  # BattleScribe's: a table per profile type
            for table in tables:
                out.append(
                    f"| {cell(table.type or 'Profile')} | "
                    + " | ".join(cell(c) for c in table.columns)
                    + " |"
                )
                out.append("|---|" + "---|" * len(table.columns))
                for p in table.profiles:
                    values = {c.name: _md_cell(c.value, c.changed) for c in p.characteristics}
                    row = " | ".join(values.get(c, " ") for c in table.columns)
                    out.append(f"| {_md_cell(p.name, p.changed)} | {row} |")
                out.append("")
            out.pop()
        elif entry.stats:  # a BattleScribe entry may have no profile
            out.append("| " + " | ".join(cell(s) for s in entry.stats) + " |")
            out.append("|" + "---|" * len(entry.stats))
            out.append("| " + " | ".join(cell(v) for v in entry.stats.values()) + " |")
        if entry.rules:
            out += ["", "Rules: " + escape(", ".join(entry.rules))]
        if entry.items:
            out += [
                "",
                "| Gear | Profile | Rules |" + (f" {points.capitalize()} |" if points else ""),
            ]
            out.append("|---|---|---|" + ("---:|" if points else ""))
            for item in entry.items:
                name = item.name + (f" x{item.count}" if item.count > 1 else "")
                cost = str(item.cost) if item.source == "bought" else item.source
                rules = ", ".join(item.rules)
                row = f"| {cell(name)} | {cell(item.profile)} | {cell(rules)} |"
                out.append(row + (f" {cost} |" if points else ""))
        if entry.data:
            out += [
                "",
                f"*{escape(entry.data)}*" + (f": {escape(entry.gaps)}" if entry.gaps else ""),
            ]
        if entry.notes:
            out += ["", f"> {escape(entry.notes)}"]
    if doc.findings:
        out += ["", "## Findings", ""]
        out += [f"- **{f.severity}** {escape(f.message)}" for f in doc.findings]
    if doc.glossary:
        out += ["", "## Special rules", ""]
        out += [
            f"- **{escape(marked(g.name, g.changed))}**: {escape(g.summary)}" for g in doc.glossary
        ]
    if doc.not_published:
        out += ["", "## Not from the published rules", ""]
        out += [
            f"- **{escape(n.name)}**: {escape(n.mark)}"
            + (f". {escape(n.detail)}" if n.detail else "")
            for n in doc.not_published
        ]
    if any_changed(doc):
        out += ["", escape(LEGEND)]
    out += ["", f"Import with warband: `{code}`"]
    return "\n".join(out) + "\n"


def to_json(doc: ListExport) -> str:
    """The document as JSON (see ``saves/schemas/list-export.schema.json``)."""
    return json_text(doc.model_dump(mode="json")) + "\n"
