"""A list as a printable HTML army sheet: one self-contained file, no external assets.

Written from the same ``ListExport`` as the other formats. The page is laid out to
print on A4 or Letter: entries never break across pages, tables keep to the page
width (long profiles wrap), and the share code at the bottom wraps anywhere. All
text comes from the list or the catalog and is escaped; the page has no scripts.
"""

from __future__ import annotations

from html import escape

from model.core.messages import counted
from saves.export_formats import LEGEND, any_changed, marked, profile_tables
from saves.list_export import ExportEntry, ListExport

STYLE = """
:root { --ink: #111; --muted: #555; --line: #bbb; --bad: #a00; --warn: #8a5a00; }
* { box-sizing: border-box; }
body { font: 10.5pt/1.35 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: var(--ink);
       max-width: 190mm; margin: 8mm auto; padding: 0 4mm; }
h1 { font-size: 17pt; margin: 0 0 1mm; }
h2 { font-size: 12pt; margin: 0 0 1mm; }
h3 { font-size: 11pt; margin: 5mm 0 1mm; border-bottom: 1px solid var(--line); }
.meta, .counts, .muted { color: var(--muted); }
.verdict.ok { color: #060; font-weight: bold; }
.verdict.bad { color: var(--bad); font-weight: bold; }
section.entry { break-inside: avoid; page-break-inside: avoid; margin: 3mm 0;
                border: 1px solid var(--line); border-radius: 2mm; padding: 2mm 3mm; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; margin: 1mm 0; }
th, td { border-bottom: 1px solid #ddd; padding: 0.5mm 1.5mm; text-align: left;
         vertical-align: top; overflow-wrap: anywhere; }
table.stats th, table.stats td { text-align: center; }
td.cost, th.cost { text-align: right; width: 18mm; white-space: nowrap; }
col.gear { width: 34%; }
col.profile { width: 30%; }
col.cost { width: 18mm; }
.rules { font-style: italic; }
.changed { font-weight: bold; }
.mark { color: var(--warn); }
ul.findings li.error { color: var(--bad); }
ul.findings li.warning { color: var(--warn); }
dl.glossary dt { font-weight: bold; float: left; clear: left; margin-right: 2mm; }
dl.glossary dd { margin: 0 0 1mm 0; }
.code { font-family: "DejaVu Sans Mono", monospace; font-size: 8pt; overflow-wrap: anywhere;
        word-break: break-all; }
@page { size: A4; margin: 10mm; }
@media print {
  body { margin: 0; padding: 0; max-width: none; }
  a { color: inherit; text-decoration: none; }
}
"""


def to_html(doc: ListExport, code: str) -> str:
    """The whole page."""
    s = doc.system
    points = doc.system.points_name if doc.system.priced else None
    verdict_class = "ok" if doc.valid else "bad"
    verdict = "Valid" if doc.valid else "NOT VALID"
    problems = [f for f in doc.findings if f.severity == "error"]
    if problems:
        verdict += f" ({len(problems)} error{'s' if len(problems) != 1 else ''})"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(doc.name)}: {escape(doc.faction.name)}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        "<header>",
        f"<h1>{escape(doc.name)}</h1>",
        f'<p class="meta">{escape(doc.faction.name)} · {escape(s.name)} {escape(s.edition)}'
        f" · catalog {escape(s.catalog_version)}</p>",
        (f"<p><strong>{doc.points_shown} {escape(points)}</strong> · " if points else "<p>")
        + f"{counted(doc.models, 'model')} · "
        f'<span class="verdict {verdict_class}">{escape(verdict)}</span></p>',
    ]
    if doc.counts:
        parts.append(f'<p class="counts">{escape(" · ".join(doc.counts))}</p>')
    if doc.notes:
        parts.append(f"<p>{escape(doc.notes)}</p>")
    parts.append("</header>")
    parts.extend(_entry(e, points) for e in doc.entries)
    if doc.findings:
        parts.append('<h3>Findings</h3><ul class="findings">')
        parts.extend(
            f'<li class="{f.severity}"><strong>{f.severity}</strong>: {escape(f.message)}</li>'
            for f in doc.findings
        )
        parts.append("</ul>")
    if doc.glossary:
        parts.append('<h3>Special rules</h3><dl class="glossary">')
        parts.extend(
            f"<dt>{_marked(g.name, g.changed)}</dt><dd>{escape(g.summary)}</dd>"
            for g in doc.glossary
        )
        parts.append("</dl>")
    if any_changed(doc):
        parts.append(f'<p class="muted"><span class="changed">{escape(LEGEND)}</span></p>')
    if doc.not_published:
        parts.append("<h3>Not from the published rules</h3><ul>")
        for n in doc.not_published:
            detail = f": {escape(n.detail)}" if n.detail else ""
            parts.append(
                f'<li><span class="mark">{escape(n.name)} ({escape(n.mark)})</span>{detail}</li>'
            )
        parts.append("</ul>")
    parts += [
        "<footer>",
        '<h3>Share code</h3><p class="muted">Import with <code>warband import</code>:</p>',
        f'<p class="code">{escape(code)}</p>',
        "</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def _entry(entry: ExportEntry, points: str | None) -> str:
    """One entry: no points for a game without (``points`` None)."""
    name = escape(entry.name)
    if entry.name != entry.unit_name:
        name += f' <span class="muted">({escape(entry.unit_name)})</span>'
    if entry.models > 1:
        name += f" &times;{entry.models}"
    rows = [
        '<section class="entry">',
        f"<h2>{entry.number}. {name}"
        + (f' <span class="muted">{entry.cost} {escape(points)}</span>' if points else "")
        + "</h2>",
        _stats_table(entry),
    ]
    if entry.rules:
        rows.append(f'<p class="rules">Rules: {escape(", ".join(entry.rules))}</p>')
    if entry.items:
        rows.append(
            '<table class="gear"><colgroup><col class="gear"><col class="profile"><col>'
            + ('<col class="cost">' if points else "")
            + "</colgroup><tr><th>Gear</th><th>Profile</th><th>Rules</th>"
            + (f'<th class="cost">{escape(points.capitalize())}</th>' if points else "")
            + "</tr>"
        )
        for item in entry.items:
            label = escape(item.name) + (f" &times;{item.count}" if item.count > 1 else "")
            if item.data:
                label += f' <span class="mark">({escape(item.data)})</span>'
            cost = str(item.cost) if item.source == "bought" else item.source
            rows.append(
                f"<tr><td>{label}</td><td>{escape(item.profile)}</td>"
                f'<td class="rules">{escape(", ".join(item.rules))}</td>'
                + (f'<td class="cost">{escape(cost)}</td>' if points else "")
                + "</tr>"
            )
        rows.append("</table>")
    if entry.data:
        gaps = f": {escape(entry.gaps)}" if entry.gaps else ""
        rows.append(f'<p class="mark">{escape(entry.data)}{gaps}</p>')
    if entry.notes:
        rows.append(f"<p>{escape(entry.notes)}</p>")
    rows.append("</section>")
    return "\n".join(rows)


def _marked(text: str, changed: bool) -> str:
    """Escaped, and bold with the mark when the list's choices changed it."""
    if not changed:
        return escape(text)
    return f'<span class="changed">{escape(marked(text, changed))}</span>'


def _profile_tables(entry: ExportEntry) -> str:
    """BattleScribe's profiles (the entry's and its items'): a table per profile type."""
    out = []
    for table in profile_tables(entry):
        head = "".join(f"<th>{escape(c)}</th>" for c in table.columns)
        rows = [f'<table class="stats"><tr><th>{escape(table.type)}</th>{head}</tr>']
        for p in table.profiles:
            values = {c.name: c for c in p.characteristics}
            cells = "".join(
                f"<td>{_marked(values[c].value, values[c].changed)}</td>"
                if c in values
                else "<td></td>"
                for c in table.columns
            )
            rows.append(f"<tr><td>{_marked(p.name, p.changed)}</td>{cells}</tr>")
        out.append("".join(rows) + "</table>")
    return "".join(out)


def _stats_table(entry: ExportEntry) -> str:
    """The profile; for a designed unit, a row per group of models with what it carries."""
    if not entry.groups and (tables := _profile_tables(entry)):
        return tables
    if not entry.groups and not entry.stats:  # a BattleScribe entry may have no profile
        return ""
    if not entry.groups:
        return (
            '<table class="stats"><tr>'
            + "".join(f"<th>{escape(k)}</th>" for k in entry.stats)
            + "</tr><tr>"
            + "".join(f"<td>{escape(v)}</td>" for v in entry.stats.values())
            + "</tr></table>"
        )
    head = "".join(f"<th>{escape(k)}</th>" for k in entry.stats)
    rows = [f'<table class="stats"><tr><th>Models</th>{head}<th>Carries</th><th>Each</th></tr>']
    for g in entry.groups:
        cells = "".join(f"<td>{escape(v)}</td>" for v in g.stats.values())
        rows.append(
            f"<tr><td>{g.count} {escape(g.name)}</td>{cells}"
            f"<td>{escape(', '.join(g.carries))}</td><td>{g.cost_each}</td></tr>"
        )
    return "".join(rows) + "</table>"
