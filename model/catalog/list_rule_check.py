"""The catalog check's list rules and list settings: each rule id used once, its
selectors naming units, items and tags that exist, its measures naming the system's
stats, its message templates using only the placeholders its kind fills in, and every
setting a rule or the initiative reads declared by the system.

Each kind of rule checks its own fields (its ``check``, in its module of ``model.rules``)
through this class's ``check_selector``, ``check_measure``, ``unknown`` and ``add``: the
interface ``model.rules.kind.CatalogCheck``.

Apart from the checks of units, items and cards (``model.catalog.check``), which build
on this class: it also holds what every check reads (the catalog's stats, ids and tags)
and the problems found.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from model.core.messages import placeholders
from model.core.problems import KeyPath, Problem, did_you_mean

if TYPE_CHECKING:
    from model.catalog.schema import Catalog
    from model.rules.kinds import Constraint
    from model.rules.selectors import Selector


class ListRuleChecker:
    """What every check of a catalog reads and adds to, and the checks of its list rules
    and list settings."""

    def __init__(self, catalog: Catalog, files: Mapping[str, str], complete: bool) -> None:
        self.catalog = catalog
        self.files = files
        self.complete = complete
        self.problems: list[Problem] = []
        system = catalog.system_file
        self.stats = {s.id for s in system.system.stats}
        self.item_stats = {s.id for s in system.system.item_stats}
        every = [system, *catalog.factions.values()]
        self.all_units = {u for part in every for u in part.units}
        self.all_items = {i for part in every for i in part.items}
        self.all_tags = self._all_tags()

    def _all_tags(self) -> set[str]:
        tags: set[str] = set()
        for part in [self.catalog.system_file, *self.catalog.factions.values()]:
            for unit in part.units.values():
                tags |= unit.tags
            for item in part.items.values():
                tags |= item.tags
            for rule in part.rules.values():
                tags |= rule.tags
        design = self.catalog.system_file.design
        if design is not None:  # what designed units are tagged with (FactionView)
            tags |= design.unit_tags
        stats = self.catalog.system_file.system.profile_tags
        if stats:  # profile values as tags: roa:1
            for fid in self.catalog.factions:
                for iid in self.catalog.view(fid).items:
                    tags |= self.catalog.view(fid).item_tags(iid)
        return tags

    def add(self, file: str, path: KeyPath, message: str, hint: str | None = None) -> None:
        self.problems.append(Problem(message, file, path, hint=hint))

    def unknown(self, file: str, path: KeyPath, what: str, word: str, pool: Iterable[str]) -> None:
        self.add(file, path, f"unknown {what} '{word}'", did_you_mean(word, pool))

    def check_settings(self, sfile: str) -> None:
        """Every list setting is declared once, and what reads one (a list rule's
        ``max_setting``, the initiative's ``setting``) names a declared one: a rule reading
        an undeclared setting would stay off for ever, since no list could set it."""
        system = self.catalog.system_file
        declared: set[str] = set()
        for n, setting in enumerate(system.system.settings, start=1):
            if setting.id in declared:
                self.add(
                    sfile,
                    ("system", "settings", n, "id"),
                    f"the list setting '{setting.id}' is declared twice",
                    "declare each setting once",
                )
            declared.add(setting.id)
        parts = [(sfile, system.constraints)]
        for fid, faction in self.catalog.factions.items():
            parts.append((self.files.get(fid, f"factions/{fid}.toml"), faction.constraints))
        for file, constraints in parts:
            for n, rule in enumerate(constraints, start=1):
                named = getattr(rule, "max_setting", None)
                if named is not None and named not in declared:
                    self.unknown_setting(file, ("constraints", n, "max_setting"), named, declared)
        initiative = system.tracker.turns.initiative if system.tracker is not None else None
        named = initiative.setting if initiative is not None else None
        if named is not None and named not in declared:
            path = ("tracker", "turns", "initiative", "setting")
            self.unknown_setting(sfile, path, named, declared)

    def unknown_setting(self, file: str, path: KeyPath, word: str, declared: set[str]) -> None:
        hint = did_you_mean(word, declared) or (
            f"declare '{word}' under [[system.settings]] (id, name, min, max)"
        )
        self.add(file, path, f"'{word}' is not a list setting the system declares", hint)

    def check_constraints(
        self,
        file: str,
        constraints: tuple[Constraint, ...],
        units: Iterable[str],
        items: Iterable[str],
    ) -> None:
        unit_pool, item_pool = set(units), set(items)
        seen: set[str] = set()
        for n, rule in enumerate(constraints, start=1):
            here: KeyPath = ("constraints", n)
            if rule.id in seen:
                self.add(
                    file,
                    (*here, "id"),
                    f"rule id '{rule.id}' is used twice",
                    "give each rule its own id: findings use it as their code",
                )
            seen.add(rule.id)
            for key in ("message", "tolerance_message"):
                template = getattr(rule, key, None)
                if template is not None:
                    self.check_template(file, (*here, key), rule.placeholders, template)
            rule.check(self, file, here, unit_pool, item_pool)

    def check_selector(
        self, file: str, here: KeyPath, sel: Selector, units: Iterable[str], items: Iterable[str]
    ) -> None:
        unit_pool, item_pool = set(units), set(items)
        found_units, unit_tags, found_items, item_tags = sel.mentioned()
        for uid in sorted(found_units - unit_pool):
            self.unknown(file, (*here, "units"), "unit", uid, unit_pool)
        for iid in sorted(found_items - item_pool):
            self.unknown(file, (*here, "items"), "item", iid, item_pool)
        for tag in sorted((unit_tags | item_tags) - self.all_tags if self.complete else ()):
            self.add(
                file,
                (*here,),
                f"no unit, item or rule has the tag '{tag}'",
                did_you_mean(tag, self.all_tags),
            )

    def check_measure(self, file: str, here: KeyPath, measure: str) -> None:
        if measure.startswith("stat:") and measure[5:] not in self.stats:
            self.unknown(file, here, "stat", measure[5:], self.stats)

    def check_template(
        self, file: str, here: KeyPath, allowed: frozenset[str], template: str
    ) -> None:
        try:
            names = placeholders(template)
        except ValueError as exc:
            self.add(
                file,
                here,
                f"the message template is malformed: {exc}",
                "write placeholders as {name}, and {{ }} for literal braces",
            )
            return
        for name in sorted(names - allowed):
            self.add(
                file,
                here,
                f"unknown placeholder {{{name}}} in the message",
                did_you_mean(name, allowed) or "use one of " + ", ".join(sorted(allowed)),
            )
