"""Cross-reference checks of a loaded catalog: every id, stat, tag and template.

The schema checks each file on its own; this module checks that the files agree:
that every item a unit takes exists, every rule an item names is defined, every
stat is one the system declares, every tag a list rule selects is carried by
something, every message template only uses placeholders its rule kind fills
in, and the battle tracker's section agrees with itself (``tracker_check``). It
returns every problem found, never stopping at the first, each with its file and
key path and, for a misspelt id, a "did you mean".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from model.catalog.constraints import Constraint, CountRule, RatioRule, SameStatRule
from model.catalog.design import UnitCard
from model.catalog.items import Item, Trait, Weapon, rule_id
from model.catalog.schema import Catalog, FactionView
from model.catalog.selectors import Selector
from model.catalog.tracker_check import check_tracker
from model.catalog.units import OptionGroup, Unit
from model.core.messages import PLACEHOLDERS, placeholders
from model.core.problems import KeyPath, Problem, did_you_mean

ITEM_MEASURES = ("items", "item-points", "item-rules")
"""Measures that count item by item, so a count can be grouped by item."""


def check_catalog(
    catalog: Catalog, files: Mapping[str, str], complete: bool = True
) -> list[Problem]:
    """Every cross-reference problem of a catalog.

    Args:
        catalog: the system file and faction files, each already schema-valid.
        files: file name by part: ``"system"`` and each faction id.
        complete: False when some faction files failed to load; then ids and tags
            that only those files could define are not reported as unknown.
    """
    checker = _Checker(catalog, files, complete)
    checker.run()
    return checker.problems


class _Checker:
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

    def run(self) -> None:
        system = self.catalog.system_file
        sfile = self.files.get("system", "system.toml")
        sys_items, sys_rules = dict(system.items), dict(system.rules)
        self.check_rules(sfile, system.rules)
        self.check_items(sfile, system.items, sys_items, sys_rules)
        for uid, unit in system.units.items():
            self.check_unit(sfile, ("units", uid), unit, sys_items, sys_rules)
        for n, group in enumerate(system.options, start=1):
            self.check_group(sfile, ("options", n), group, sys_items, sys_rules, None)
        if self.complete:  # system rules may name any faction's units and items
            self.check_constraints(sfile, system.constraints, self.all_units, self.all_items)
        if system.design is not None:
            for n, stat in enumerate(system.design.stats, start=1):
                if stat.id not in self.stats:
                    self.unknown(sfile, ("design", "stats", n), "stat", stat.id, self.stats)
        self.check_settings(sfile)
        if system.tracker is not None:
            tags = self.all_tags if self.complete else None
            self.problems += check_tracker(system.tracker, self.stats, tags, sfile)
        for fid, faction in self.catalog.factions.items():
            ffile = self.files.get(fid, f"factions/{fid}.toml")
            if faction.faction.id != fid:
                self.add(
                    ffile,
                    ("faction", "id"),
                    f"the faction id '{faction.faction.id}' differs from its file name",
                    f"rename the file to {faction.faction.id}.toml or change the id",
                )
            for table in ("items", "rules", "units"):
                for key in getattr(faction, table):
                    if key in getattr(system, table):
                        self.add(
                            ffile,
                            (table, key),
                            f"'{key}' is already defined in {sfile}",
                            "use another id, or leave it to the system file",
                        )
            view = self.catalog.view(fid)
            self.check_rules(ffile, faction.rules)
            self.check_items(ffile, faction.items, view.items, view.rules)
            for uid, unit in faction.units.items():
                self.check_unit(ffile, ("units", uid), unit, view.items, view.rules, view)
            for n, group in enumerate(faction.options, start=1):
                self.check_group(ffile, ("options", n), group, view.items, view.rules, None)
            self.check_constraints(ffile, faction.constraints, view.units, view.items)
            self.check_cards(ffile, faction.cards, view)
        if self.catalog.factions and system.cards:
            self.check_cards(
                sfile, system.cards, self.catalog.view(next(iter(self.catalog.factions)))
            )

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

    def check_cards(self, file: str, cards: Mapping[str, UnitCard], view: FactionView) -> None:
        """A card's ids and values, as the unit designer would report them."""
        for cid in cards:
            design = view.designs.get(cid)
            for p in design.problems if design else ():
                self.problems.append(p.problem(cid).at(file=file))

    def check_rules(self, file: str, rules: Mapping[str, object]) -> None:
        for rid, rule in rules.items():
            for stat in getattr(rule, "modifiers", {}):
                if stat not in self.stats:
                    self.unknown(file, ("rules", rid, "modifiers", stat), "stat", stat, self.stats)

    def check_items(
        self,
        file: str,
        items: Mapping[str, Item],
        pool: Mapping[str, Item],
        rules: Mapping[str, object],
    ) -> None:
        for iid, item in items.items():
            here: KeyPath = ("items", iid)
            self.check_rule_refs(file, (*here, "rules"), item.rules, rules)
            for n, inc in enumerate(item.includes, start=1):
                if inc not in pool:
                    self.unknown(file, (*here, "includes", n), "item", inc, pool)
            for stat in item.modifiers:
                if stat not in self.stats:
                    self.unknown(file, (*here, "modifiers", stat), "stat", stat, self.stats)
            if isinstance(item, Weapon | Trait) and self.item_stats:
                for stat in item.profile:
                    if stat not in self.item_stats:
                        self.unknown(
                            file, (*here, "profile", stat), "profile stat", stat, self.item_stats
                        )
            if (
                isinstance(item, Weapon)
                and item.use != "melee"
                and not item.range
                and not item.range_formula
            ):
                self.add(
                    file,
                    (*here, "range"),
                    f"a {item.use} weapon needs its range bands",
                    'write range = [short, medium, long], or range_formula = "..."',
                )

    def check_rule_refs(
        self, file: str, path: KeyPath, refs: Iterable[str], rules: Mapping[str, object]
    ) -> None:
        for n, ref in enumerate(refs, start=1):
            if rule_id(ref) not in rules:
                self.unknown(file, (*path, n), "special rule", rule_id(ref), rules)

    def check_unit(
        self,
        file: str,
        here: KeyPath,
        unit: Unit,
        items: Mapping[str, Item],
        rules: Mapping[str, object],
        view: FactionView | None = None,
    ) -> None:
        for stat in unit.stats:
            if stat not in self.stats:
                self.unknown(file, (*here, "stats", stat), "stat", stat, self.stats)
        missing = [s.id for s in self.catalog.system.stats if s.id not in unit.stats]
        if missing:
            self.add(
                file,
                (*here, "stats"),
                "missing " + ", ".join(missing),
                'give every stat of the system\'s profile; write "-" for an unusable one',
            )
        for n, base in enumerate(unit.base, start=1):
            if base not in items:
                self.unknown(file, (*here, "base", n), "item", base, items)
        self.check_rule_refs(file, (*here, "rules"), unit.rules, rules)
        offered: dict[str, str] = {}
        ids: set[str] = set()
        for n, group in enumerate(unit.options, start=1):
            path = (*here, "options", n)
            if group.id in ids:
                self.add(file, (*path, "id"), f"option group '{group.id}' appears twice")
            ids.add(group.id)
            self.check_group(file, path, group, items, rules, unit)
            for item_id in group.choices:
                if item_id in offered:
                    self.add(
                        file,
                        (*path, "choices", item_id),
                        f"'{item_id}' is already offered by group '{offered[item_id]}'",
                        "offer each item through one group only",
                    )
                offered[item_id] = group.id

    def check_group(
        self,
        file: str,
        here: KeyPath,
        group: OptionGroup,
        items: Mapping[str, Item],
        rules: Mapping[str, object],
        unit: Unit | None,
    ) -> None:
        for item_id, choice in group.choices.items():
            path = (*here, "choices", item_id)
            if item_id not in items:
                self.unknown(file, path, "item", item_id, items)
                continue
            if choice.cost is None and items[item_id].cost is None:
                self.add(
                    file,
                    path,
                    f"no cost: '{item_id}' has no default cost",
                    f"write {item_id} = <cost>",
                )
            self.check_rule_refs(file, (*path, "rules"), choice.rules, rules)
        for n, replaced in enumerate(group.replaces, start=1):
            if unit is not None and replaced not in unit.base:
                self.add(
                    file,
                    (*here, "replaces", n),
                    f"'{replaced}' is not among the unit's base items",
                    did_you_mean(replaced, unit.base),
                )
        if group.units is not None:
            self.check_selector(file, (*here, "units"), group.units, self.all_units, items)

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
                    self.check_template(file, (*here, key), rule.kind, template)
            if isinstance(rule, CountRule):
                for sel, path in self._selectors(rule, here):
                    self.check_selector(file, path, sel, unit_pool, item_pool)
                for term in rule.terms():
                    self.check_measure(file, (*here, "measure"), term.measure)
                self.check_measure(file, (*here, "group_by"), rule.group_by)
                if rule.group_by == "item" and rule.measure not in ITEM_MEASURES:
                    self.add(
                        file,
                        (*here, "group_by"),
                        'group_by = "item" needs measure = "items", "item-points" or "item-rules"',
                    )
            elif isinstance(rule, SameStatRule):
                for key in ("select", "like"):
                    self.check_selector(
                        file, (*here, key), getattr(rule, key), unit_pool, item_pool
                    )
                for stat in rule.stats:
                    if stat not in self.stats:
                        self.unknown(file, (*here, "stats"), "stat", stat, self.stats)
            elif isinstance(rule, RatioRule):
                for key, term in (("numerator", rule.numerator), ("denominator", rule.denominator)):
                    self.check_selector(
                        file, (*here, key, "select"), term.select, unit_pool, item_pool
                    )
                    self.check_measure(file, (*here, key, "measure"), term.measure)

    @staticmethod
    def _selectors(rule: CountRule, here: KeyPath) -> Iterator[tuple[Selector, KeyPath]]:
        yield rule.select, (*here, "select")
        if rule.when is not None:
            yield rule.when, (*here, "when")
        for n, term in enumerate(rule.plus, start=1):
            yield term.select, (*here, "plus", n, "select")

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

    def check_template(self, file: str, here: KeyPath, kind: str, template: str) -> None:
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
        allowed = PLACEHOLDERS[kind]
        for name in sorted(names - allowed):
            self.add(
                file,
                here,
                f"unknown placeholder {{{name}}} in the message",
                did_you_mean(name, allowed) or "use one of " + ", ".join(sorted(allowed)),
            )
