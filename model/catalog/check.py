"""Cross-reference checks of a loaded catalog: every id, stat, tag and template.

The schema checks each file on its own; this module checks that the files agree:
that every item a unit takes exists, every rule an item names is defined, every
stat is one the system declares, every tag a list rule selects is carried by
something, every message template only uses placeholders its rule kind fills
in, and the battle tracker's section agrees with itself (``tracker_check``). It
returns every problem found, never stopping at the first, each with its file and
key path and, for a misspelt id, a "did you mean".

The checks of list rules and list settings, and what every check reads, are in
``model.catalog.list_rule_check``; this module adds those of units, items, special rules
and cards, and runs them all over the system file and each faction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from model.catalog.items import Item, Trait, Weapon, rule_id
from model.catalog.list_rule_check import ListRuleChecker
from model.catalog.tracker_check import check_tracker
from model.core.problems import KeyPath, Problem, did_you_mean

if TYPE_CHECKING:
    from model.catalog.design import UnitCard
    from model.catalog.schema import Catalog, FactionView
    from model.catalog.units import OptionGroup, Unit


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


class _Checker(ListRuleChecker):
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
