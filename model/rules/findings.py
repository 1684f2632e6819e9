"""What validation says about a list: findings, running tallies and the verdict.

A finding is an error (the list is illegal) or a warning, with a stable code a
script can match on, a message that says how to fix the list, and where it is
(the unit's position and the item), so the app can jump to it.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Literal

from model.core.value import frozen_value

Severity = Literal["error", "warning"]

OwnerType = Literal["roster", "force", "category", "selection"]
"""What a BattleScribe finding is on, in BattleScribe's words (``ownerType``)."""


@frozen_value
class Where:
    """The place a finding points at: a roster entry (from 0) and an item id, or (in a
    BattleScribe roster) the id of the selection that broke the rule."""

    unit: int | None = None
    item: str | None = None
    selection: str | None = None

    def as_dict(self) -> dict[str, Any] | None:
        if self.unit is None and self.item is None and self.selection is None:
            return None
        out: dict[str, Any] = {"unit": self.unit, "item": self.item}
        if self.selection is not None:
            out["selection"] = self.selection
        return out


@frozen_value
class Origin:
    """Which rule of BattleScribe data a finding comes from, and what BattleScribe hangs
    it on: the fields by which BattleScribe and New Recruit name a validation error
    (the BattleScribe-spec suite's ``on`` and ``from``), so a tool can match warband's
    findings with theirs. ``Where`` is where a player acts; this is the data's own
    address of the rule, placed as BattleScribe places it (``model/bsdata/SEMANTICS.md``
    rules 21 to 23)."""

    on: OwnerType
    on_id: str | None
    """The runtime id of the owner: a selection's id, or a force's (for a category, the
    force the category is in). None on the roster."""
    on_entry_id: str | None
    """The owner's entry id: the category's id, the force entry's id, or the selection's
    entry's own id (the last of its chain of links, as BattleScribe names it). None on
    the roster."""
    entry_id: str
    """The entry whose constraint broke (a selection entry, group, entry link, category,
    category link or force entry); ``costLimits`` for a cost limit."""
    constraint_id: str
    """The constraint's id; ``hidden`` for a hidden entry selected; the cost type's id for
    a cost limit."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "on": self.on,
            "on_id": self.on_id,
            "on_entry_id": self.on_entry_id,
            "entry_id": self.entry_id,
            "constraint_id": self.constraint_id,
        }


@frozen_value
class Finding:
    """One rule the list breaks (error) or should know about (warning)."""

    severity: Severity
    code: str
    """The rule's stable id, e.g. ``miniature-limit``."""
    message: str
    """What is wrong and how to fix it."""
    where: Where = Where()
    if_added: str | None = field(default=None, compare=False)
    """The finding as it reads before the edit that would cause it is made, where the
    rule can say so: "adding one would make 2 from Weapons; a Mutard takes at most 1"
    (the equip dialog's reason why an option is not allowed now; ``message`` tells the
    list after the edit, and its fix, "remove 1", is no answer to a player who has not
    added it: issue 31). None where only ``message`` can tell it."""
    origin: Origin | None = field(default=None, compare=False)
    """For a finding about BattleScribe data: the rule it comes from and what BattleScribe
    hangs it on (None for our own catalogs' findings)."""

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "where": self.where.as_dict(),
        }
        if self.origin is not None:
            out["origin"] = self.origin.as_dict()
        return out


@frozen_value
class Tally:
    """A running count shown in the status line: "Miniatures 12/15", "Rare: Pistol 2/3"."""

    label: str
    value: int
    max: int | None
    group: str | None = None
    """The item or unit the count is for, when the rule counts each separately."""
    of_points: bool = False
    """The points-limit rule's count: shown as "124/200 points" wherever a list shows its
    points, so the other counts leave it out (it read "50/50 PV · PV 50/50")."""


@frozen_value
class Report:
    """Everything validation found about a list."""

    points: int
    points_limit: int
    models: int
    """Models in the list (every model of a pack counts here)."""
    unit_points: tuple[int, ...]
    """Cost of each entry, in roster order."""
    findings: tuple[Finding, ...]
    tallies: tuple[Tally, ...]

    @property
    def valid(self) -> bool:
        """True when no error-level rule is broken."""
        return not any(f.severity == "error" for f in self.findings)

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "error")

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "warning")

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of ``warband validate --json`` (DESIGN section 4)."""
        return {
            "valid": self.valid,
            "points": self.points,
            "points_limit": self.points_limit,
            "models": self.models,
            "findings": [f.as_dict() for f in self.findings],
        }
