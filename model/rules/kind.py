"""One interface for a kind of list rule: what the catalog, the validator and the edit
check ask of it.

A catalog's list rules come in a few kinds: a points limit, a count, a ratio, a same-stat
rule. Each kind's module in this package (``points_limit``, ``count``, ``ratio``,
``same_stat``) holds all there is of it: its schema (a ``RuleBase``, the fields a catalog
file gives and the placeholders its messages may use), its catalog check (``check``), and
how it checks a list (``planned``: one of the two shapes below), with its findings, the
shortcut for an edit of one entry and its default messages. ``model.rules.kinds`` lists
them in one line (the ``Constraint`` union the catalog parses); the catalog check
(``model.catalog.list_rule_check``) and the validator (``model.roster.validate``) call the
two methods on that union, so a kind without one fails ``mypy`` where it is called.

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
from typing import TYPE_CHECKING, ClassVar, Protocol

from model.core.base import Frozen, Id, Text
from model.core.value import frozen_value
from model.rules.findings import Severity

if TYPE_CHECKING:
    from model.core.problems import KeyPath
    from model.rules.entry import Entry, Limits, Names
    from model.rules.findings import Finding, Tally
    from model.rules.selectors import Selector


class RuleBase(Frozen):
    """Fields every list rule shares. A kind adds its own, a ``kind`` literal naming it in
    catalog files, and the two methods the rest of warband asks of it:

    * ``check(self, catalog: CatalogCheck, file, here, units, items)``: report, through
      ``catalog``, what the rule names that the catalog does not have;
    * ``planned(self) -> EntryRule | ListRule``: the rule as the validator runs it."""

    id: Id
    """Stable code carried by the findings this rule produces."""
    severity: Severity = "error"
    """An error makes the list illegal; a warning only informs."""
    message: Text | None = None
    """Template of the finding's message; it should say how to fix the list."""
    label: Text | None = None
    """When set, the rule's running count is shown in the status line under this label."""
    source: str | None = None
    """Where the rule comes from (document and section)."""

    placeholders: ClassVar[frozenset[str]]
    """The placeholders its kind fills in, which its message templates may use (the
    catalog check refuses any other)."""


class CatalogCheck(Protocol):
    """What a kind's catalog check may ask of the catalog being checked
    (``model.catalog.list_rule_check.ListRuleChecker``)."""

    @property
    def stats(self) -> set[str]:
        """The ids of the system's stats."""
        ...

    def add(self, file: str, path: KeyPath, message: str, hint: str | None = None) -> None:
        """Report a problem at ``path`` of ``file``."""

    def unknown(self, file: str, path: KeyPath, what: str, word: str, pool: Iterable[str]) -> None:
        """Report ``word`` as an unknown ``what``, with the nearest of ``pool`` as a hint."""

    def check_selector(
        self, file: str, here: KeyPath, sel: Selector, units: Iterable[str], items: Iterable[str]
    ) -> None:
        """Report the units, items and tags ``sel`` names that the catalog lacks."""

    def check_measure(self, file: str, here: KeyPath, measure: str) -> None:
        """Report a measure naming a stat the system lacks."""


@frozen_value(slots=False)
class Context:
    """A list as the rules read it: the catalog's names, the list's limit and settings, its
    points, and its entries grouped (those that resolve alike, once)."""

    view: Names
    roster: Limits
    points: int
    groups: tuple[Group, ...] = ()
    """The entries that resolve alike, once each: the list rules count by them."""


@frozen_value(slots=False)
class Group:
    """Entries of a list that resolve to the same loadout (copies of one entry)."""

    lo: Entry
    """The first of them (every one measures the same: only its place differs)."""
    count: int
    last: int
    """The place of the last of them."""


class EntryRule(ABC):
    """A list rule checked entry by entry."""

    @abstractmethod
    def findings(self, ctx: Context, lo: Entry) -> Iterable[Finding]:
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
    def findings(self, lo: Entry) -> list[Finding]:
        """The rule's findings with entry ``lo`` added to the others: those ``evaluate``
        gives over the whole list with ``lo`` in its place, in the same order."""

    @abstractmethod
    def tallies(self, lo: Entry) -> list[Tally]:
        """The running counts with entry ``lo`` added to the others: those ``evaluate``
        gives over the whole list with ``lo`` in its place, in the same order."""


class Off(Counted):
    """A rule that is off for this list (a maximum from a setting the list leaves unset):
    no findings whatever the edit."""

    def findings(self, lo: Entry) -> list[Finding]:
        return []

    def tallies(self, lo: Entry) -> list[Tally]:
        return []


def later(place: int | None, lo: Entry, counts: bool) -> int | None:
    """The later of ``place`` (among the other entries) and ``lo``'s, where ``lo``
    ``counts``: where a finding goes that sits on the last entry of some sort."""
    if not counts:
        return place
    return lo.index if place is None else max(place, lo.index)
