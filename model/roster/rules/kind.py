"""One interface for a kind of list rule: what the validator and the edit check ask of it.

A catalog's list rules (``model.catalog.constraints``) come in a few kinds: a points
limit, a count, a ratio, a same-stat rule. Each kind's module in this package
(``points_limit``, ``count``, ``ratio``, ``same_stat``) holds all it takes to check a list
against a rule of that kind: where it runs, what it counts, the findings it gives, the
shortcut for an edit of one entry, and its default messages. ``model.roster.rules.kinds``
registers them and turns a catalog's rule into one of the two shapes below; the
validator (``model.roster.validate``) asks only those shapes, never a rule's kind.

* An ``EntryRule`` looks at one entry at a time (a same-stat rule, a count within each
  unit): its findings for an entry depend only on that entry, the points limit and the
  list's settings, so the validator keeps them per entry and checks again only what an
  edit changed.
* A ``ListRule`` looks at the whole list (the points limit, a list-wide count, a
  ratio). For the equip dialog's question (what would one more of each option break?)
  it can also count every entry but the edited one once (``counted``), then give each
  version's findings from what the edited entry adds (``Counted.findings``).

It is apart from the kinds so each depends on the interface, not on another kind; the
state every rule reads (``Context``, ``Group``) is here for the same reason.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.catalog.schema import FactionView
    from model.roster.findings import Finding, Tally
    from model.roster.loadout import Loadout
    from model.roster.roster import Roster


@dataclass(frozen=True)
class Context:
    """A list as the rules read it: its entries resolved, their points, and the entries
    that resolve alike grouped once."""

    view: FactionView
    roster: Roster
    loadouts: tuple[Loadout, ...]
    points: int
    groups: tuple[Group, ...] = ()
    """The entries that resolve alike, once each: the list rules count by them."""


@dataclass(frozen=True)
class Group:
    """Entries of a list that resolve to the same loadout (copies of one entry)."""

    lo: Loadout
    """The first of them (every one measures the same: only its place differs)."""
    count: int
    last: int
    """The place of the last of them."""


class EntryRule(ABC):
    """A list rule checked entry by entry."""

    @abstractmethod
    def findings(self, ctx: Context, lo: Loadout) -> Iterable[Finding]:
        """The rule's findings for entry ``lo`` of the list ``ctx`` (they may read only the
        entry, the points limit and the settings: the validator keeps them per entry)."""


class ListRule(ABC):
    """A list rule checked over the whole list."""

    @abstractmethod
    def evaluate(self, ctx: Context) -> tuple[list[Finding], list[Tally]]:
        """The rule's findings over the list ``ctx``, and the running counts it shows in
        the status line (its ``label``)."""

    @abstractmethod
    def counted(self, others: Context) -> Counted | None:
        """The rule counted over every entry but the edited one (``others``), to add each
        version of that entry to; None for a rule that is not a sum of what each entry
        adds (one that takes the worst of them), which only ``evaluate`` can tell."""


class Counted(ABC):
    """A list rule counted over the other entries, worked out once for every version of
    the edited one."""

    @abstractmethod
    def findings(self, lo: Loadout) -> list[Finding]:
        """The rule's findings with entry ``lo`` added to the others: those ``evaluate``
        gives over the whole list with ``lo`` in its place, in the same order."""


class Off(Counted):
    """A rule that is off for this list (a maximum from a setting the list leaves unset):
    no findings whatever the edit."""

    def findings(self, lo: Loadout) -> list[Finding]:
        return []


def later(place: int | None, lo: Loadout, counts: bool) -> int | None:
    """The later of ``place`` (among the other entries) and ``lo``'s, where ``lo``
    ``counts``: where a finding goes that sits on the last entry of some sort."""
    if not counts:
        return place
    return lo.index if place is None else max(place, lo.index)
