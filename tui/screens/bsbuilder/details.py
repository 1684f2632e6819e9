"""The details of the selection (or force) under the cursor: its profiles and rules as
the list makes them, for a player checking a model's stats while building.

The same profiles and rules every export shows (``model.bsdata.infos``): every modifier
applied in the selection's place in the list, hidden ones left out, and each value the
list's choices changed marked with ``*`` in bold, as the sheets mark it. Worked out
when asked (one evaluation of the list), not on every cursor move.
"""

from __future__ import annotations

from rich.text import Text

from model.bsdata.engine import run_engine
from model.bsdata.infos import Infos, force_infos, selection_infos
from model.bsdata.roster import BsRoster
from model.bsdata.system import GameSystem
from model.core.safe_text import terminal_safe
from saves.export_formats import CHANGED, LEGEND

CHANGED_STYLE = "bold yellow"


def infos_at(
    system: GameSystem, roster: BsRoster, force_id: str, selection_id: str | None
) -> Infos:
    """The profiles and rules shown of a selection (or, with no selection, a force)."""
    engine = run_engine(system, roster)
    if selection_id is not None:
        at = engine.tree.by_id.get(selection_id)
        return selection_infos(engine, at).visible() if at is not None else Infos()
    for index, placed in enumerate(engine.tree.forces):
        if placed.force.id == force_id:
            return force_infos(engine, index).visible()
    return Infos()


def _value(text: Text, value: str, changed: bool) -> None:
    if changed:
        text.append(terminal_safe(value) + CHANGED, style=CHANGED_STYLE)
    else:
        text.append(terminal_safe(value))


def details_text(infos: Infos) -> Text:
    """Each profile (its name, type and characteristics), then each rule with its text;
    a changed value in bold with ``*``. Nothing from the data is read as markup."""
    text = Text()
    for profile in infos.profiles:
        if text:
            text.append("\n")
        _value(text, profile.name, "name" in profile.changed)
        if profile.type_name.strip():
            text.append(f"  {terminal_safe(profile.type_name.strip())}", style="dim")
        for c in profile.characteristics:
            text.append("\n  ")
            text.append(f"{terminal_safe(c.name)}: ", style="bold")
            _value(text, c.value, c.changed)
    if infos.rules:
        text.append("\n\n" if text else "")
        text.append("Rules", style="bold underline")
    for rule in infos.rules:
        text.append("\n")
        _value(text, rule.name, "name" in rule.changed)
        if rule.description:
            text.append("\n  ")
            _value(text, rule.description, "description" in rule.changed)
    changed = any(p.any_changed for p in infos.profiles) or any(
        r.changed & {"name", "description"} for r in infos.rules
    )
    if changed:
        text.append("\n\n")
        text.append(LEGEND, style=CHANGED_STYLE)
    if not text:
        text.append("No profiles or rules.", style="dim")
    return text
