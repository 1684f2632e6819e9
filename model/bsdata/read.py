"""Read a BattleScribe game system or catalogue (parsed XML) into ``model.bsdata.data``.

One pass over the element tree, building frozen values bottom-up. A file with several
mistakes reports them all: a missing id, a number that is not one or is out of range,
an unknown kind are each a ``Problem`` naming the file and the element's place (its path
from the root, with the name or id of each entry on the way), and the element is read
with a safe default so the rest of the file is still checked. Elements BattleScribe
writes but warband does not use (comments, readme, tags) are skipped.
"""

from __future__ import annotations

import math
from typing import Literal, TypeVar, cast, get_args
from xml.etree.ElementTree import Element

from model.bsdata.data import (
    NO_INFO,
    Catalogue,
    CatalogueLink,
    CategoryEntry,
    CategoryLink,
    Characteristic,
    Condition,
    ConditionGroup,
    ConditionGroupType,
    ConditionType,
    Constraint,
    Cost,
    CostType,
    Entry,
    EntryTag,
    EntryType,
    ForceEntry,
    Info,
    InfoGroup,
    InfoLink,
    LocalConditionGroup,
    Modifier,
    ModifierGroup,
    Modifiers,
    ModifierType,
    Profile,
    ProfileType,
    Publication,
    Query,
    Repeat,
    Rule,
)
from model.bsdata.nr_extensions import Unevaluated
from model.bsdata.versions import upgrade
from model.core.problems import Problem
from model.parse.xml_guard import local_name
from model.parse.xml_places import PlacedReader, children
from model.parse.xml_places import children as children_of

T = TypeVar("T")

MAX_NUMBER = 1e9
"""The largest number a BattleScribe file may write (costs, limits, constraint values);
beyond it a number is a typo or an attack, and refusing it keeps every sum finite."""

MAX_REPEATS = 1000
"""The most times a repeat may apply a modifier per bucket."""

CONDITION_TYPES = frozenset(
    ("lessThan", "greaterThan", "equalTo", "notEqualTo", "atLeast", "atMost",
     "instanceOf", "notInstanceOf", "always", "never", "before")
)  # fmt: skip
CONDITION_GROUP_TYPES = frozenset(get_args(ConditionGroupType))
MODIFIER_TYPES = frozenset(get_args(ModifierType))
ENTRY_TYPES = frozenset(("unit", "model", "upgrade"))


class _Reader(PlacedReader):
    """One catalogue file's read (places and problems: ``PlacedReader``)."""

    def __init__(self, file: str) -> None:
        super().__init__(file)
        self.unevaluated = Unevaluated()
        self.holders: list[str] = []
        """The ids of the entries and force entries being read, innermost last."""
        self.faults: dict[str, Problem] = {}
        """Per id of an entry or force entry: the first problem found inside it."""

    def problem(self, message: str, hint: str | None = None) -> None:
        """A problem here, touching the entry or force entry it is in (a value read as
        its default may change what a list holding it costs or is told)."""
        super().problem(message, hint)
        if self.holders and self.holders[-1]:
            self.faults.setdefault(self.holders[-1], self.problems[-1])

    # -- attributes ------------------------------------------------------------------

    def text(self, element: Element, name: str, default: str = "") -> str:
        return element.get(name, default)

    def required(self, element: Element, name: str) -> str:
        value = element.get(name)
        if not value:
            self.problem(f"has no {name}", hint=f"every {local_name(element.tag)} needs a {name}")
            return ""
        return value

    def flag(self, element: Element, name: str, default: bool = False) -> bool:
        value = element.get(name)
        if value is None:
            return default
        if value in ("true", "false"):
            return value == "true"
        self.problem(f'{name} is "{value[:40]}", not true or false')
        return default

    def number(self, element: Element, name: str, default: float = 0.0) -> float:
        value = element.get(name)
        if value is None or not value.strip():  # empty, as New Recruit writes an unset one
            return default
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if not math.isfinite(number) or abs(number) > MAX_NUMBER:
            self.problem(
                f'{name} is "{value[:40]}", not a number from {-MAX_NUMBER:,.0f} to '
                f"{MAX_NUMBER:,.0f}"
            )
            return default
        return number

    def whole(self, element: Element, name: str, default: int = 0, top: int = 1_000_000) -> int:
        number = self.number(element, name, float(default))
        if number != int(number) or not 0 <= number <= top:
            self.problem(f"{name} is {number:g}, not a whole number from 0 to {top:,}")
            return default
        return int(number)

    def choice(self, element: Element, name: str, allowed: frozenset[str], default: str) -> str:
        value = element.get(name)
        if value is None:
            return default
        if value not in allowed:
            self.problem(f'{name} is "{value[:40]}"', hint="one of " + ", ".join(sorted(allowed)))
            return default
        return value

    # -- queries, constraints, conditions, modifiers -----------------------------------

    def query(self, element: Element, child: bool) -> Query:
        return Query(
            field=self.required(element, "field"),
            scope=self.required(element, "scope"),
            child_id=element.get("childId") if child else None,
            shared=self.flag(element, "shared", True),
            include_child_selections=self.flag(element, "includeChildSelections"),
            include_child_forces=self.flag(element, "includeChildForces"),
            percent_value=self.flag(element, "percentValue"),
        )

    def constraint(self, element: Element) -> tuple[Constraint, ...]:
        """One constraint; New Recruit's ``exactly`` is a ``min`` and a ``max`` of one id
        (as New Recruit itself writes it for BattleScribe), so a modifier of that id
        changes both."""
        kind = self.choice(element, "type", frozenset(("min", "max", "exactly")), "max")
        ident = self.required(element, "id")
        value = self.number(element, "value")
        for flag in ("automatic", "negative"):
            if element.get(flag) == "true":
                self.unevaluated.element(f"constraint flag {flag}")
        query = self.query(element, child=False)
        kinds: tuple[Literal["min", "max"], ...] = (
            ("min", "max") if kind == "exactly" else (cast(Literal["min", "max"], kind),)
        )
        return tuple(Constraint(ident, k, value, query) for k in kinds)

    def constraints(self, element: Element) -> tuple[Constraint, ...]:
        read = self.each(element, "constraints", "constraint", self.constraint)
        return tuple(c for pair in read for c in pair)

    def condition(self, element: Element) -> Condition:
        kind = self.choice(element, "type", CONDITION_TYPES, "equalTo")
        return Condition(
            type=cast(ConditionType, kind),
            value=self.number(element, "value"),
            query=self.query(element, child=True),
        )

    def condition_group(self, element: Element) -> ConditionGroup:
        kind = self.choice(element, "type", CONDITION_GROUP_TYPES, "and")
        self.unevaluated.group(kind)
        conditions, groups = self.conditions(element)
        return ConditionGroup(
            cast(ConditionGroupType, kind), conditions, groups, self.number(element, "min", 1.0)
        )

    def conditions(
        self, element: Element
    ) -> tuple[tuple[Condition, ...], tuple[ConditionGroup, ...]]:
        """An element's conditions and condition groups; New Recruit's local condition
        groups are one more group, an ``and`` of them."""
        groups = self.each(element, "conditionGroups", "conditionGroup", self.condition_group)
        local = self.each(
            element, "localConditionGroups", "localConditionGroup", self.local_condition_group
        )
        if local:
            groups += (ConditionGroup("and", locals=local),)
        return self.each(element, "conditions", "condition", self.condition), groups

    def local_condition_group(self, element: Element) -> LocalConditionGroup:
        kind = self.choice(element, "type", CONDITION_TYPES, "atLeast")
        conditions, groups = self.conditions(element)
        return LocalConditionGroup(
            type=cast(ConditionType, kind),
            value=self.number(element, "value"),
            query=self.query(element, child=False),
            conditions=conditions,
            groups=groups,
        )

    def repeat(self, element: Element) -> Repeat:
        return Repeat(
            value=self.number(element, "value", 1.0),
            repeats=self.whole(element, "repeats", 1, MAX_REPEATS),
            round_up=self.flag(element, "roundUp"),
            query=self.query(element, child=True),
        )

    def modifier(self, element: Element) -> Modifier:
        kind = self.choice(element, "type", MODIFIER_TYPES, "set")
        self.unevaluated.modifier(kind, element.get("affects", ""), element.get("field", ""))
        conditions, groups = self.conditions(element)
        return Modifier(
            type=cast(ModifierType, kind),
            field=self.required(element, "field"),
            value=element.get("value", ""),
            conditions=conditions,
            groups=groups,
            repeats=self.each(element, "repeats", "repeat", self.repeat),
            affects=self.text(element, "affects"),
            scope=self.text(element, "scope"),
            join=element.get("join"),
            arg=self.text(element, "arg"),
        )

    def modifier_group(self, element: Element) -> ModifierGroup:
        conditions, groups = self.conditions(element)
        return ModifierGroup(
            modifiers=self.each(element, "modifiers", "modifier", self.modifier),
            nested=self.each(element, "modifierGroups", "modifierGroup", self.modifier_group),
            conditions=conditions,
            groups=groups,
            repeats=self.each(element, "repeats", "repeat", self.repeat),
        )

    def modifiers(self, element: Element) -> Modifiers:
        plain: Modifiers = self.each(element, "modifiers", "modifier", self.modifier)
        grouped = self.each(element, "modifierGroups", "modifierGroup", self.modifier_group)
        return plain + grouped

    # -- information ----------------------------------------------------------------------

    def profile(self, element: Element) -> Profile:
        values = self.each(element, "characteristics", "characteristic", self.characteristic)
        return Profile(
            id=self.required(element, "id"),
            name=self.text(element, "name"),
            type_id=self.required(element, "typeId"),
            type_name=self.text(element, "typeName"),
            hidden=self.flag(element, "hidden"),
            characteristics=values,
            modifiers=self.modifiers(element),
            page=self.text(element, "page"),
            publication_id=element.get("publicationId"),
        )

    def characteristic(self, element: Element) -> Characteristic:
        return Characteristic(
            name=self.text(element, "name"),
            type_id=self.required(element, "typeId"),
            value=(element.text or "").strip(),
        )

    def rule(self, element: Element) -> Rule:
        description = next(children(element, "description"), None)
        return Rule(
            id=self.required(element, "id"),
            name=self.text(element, "name"),
            description=(description.text or "").strip() if description is not None else "",
            hidden=self.flag(element, "hidden"),
            modifiers=self.modifiers(element),
            page=self.text(element, "page"),
            publication_id=element.get("publicationId"),
        )

    def info_link(self, element: Element) -> InfoLink:
        kind = self.choice(element, "type", frozenset(("profile", "rule", "infoGroup")), "rule")
        return InfoLink(
            id=self.required(element, "id"),
            target_id=self.required(element, "targetId"),
            type=cast(Literal["profile", "rule", "infoGroup"], kind),
            name=self.text(element, "name"),
            hidden=self.flag(element, "hidden"),
            modifiers=self.modifiers(element),
        )

    def info_group(self, element: Element) -> InfoGroup:
        info = self.info(element)
        return InfoGroup(
            id=self.required(element, "id"),
            name=self.text(element, "name"),
            hidden=self.flag(element, "hidden"),
            profiles=info.profiles,
            rules=info.rules,
            info_links=info.info_links,
            info_groups=info.info_groups,
            modifiers=self.modifiers(element),
        )

    def info(self, element: Element) -> Info:
        info = Info(
            profiles=self.each(element, "profiles", "profile", self.profile),
            rules=self.each(element, "rules", "rule", self.rule),
            info_links=self.each(element, "infoLinks", "infoLink", self.info_link),
            info_groups=self.each(element, "infoGroups", "infoGroup", self.info_group),
        )
        return NO_INFO if info == NO_INFO else info

    # -- entries -----------------------------------------------------------------------

    def cost(self, element: Element) -> Cost:
        return Cost(self.required(element, "typeId"), self.number(element, "value"))

    def category_link(self, element: Element) -> CategoryLink:
        # No id is no error: nothing links to a category link, and BattleScribe loads one
        # without (the catalogue check warns of it, ``check_walk.Walker.category_link``).
        return CategoryLink(
            id=self.text(element, "id"),
            target_id=self.required(element, "targetId"),
            primary=self.flag(element, "primary"),
            hidden=self.flag(element, "hidden"),
            name=self.text(element, "name"),
            constraints=self.constraints(element),
            modifiers=self.modifiers(element),
        )

    def entry(self, element: Element) -> Entry:
        self.holders.append(element.get("id", ""))
        try:
            return self._entry(element)
        finally:
            self.holders.pop()

    def _entry(self, element: Element) -> Entry:
        tag = cast(EntryTag, local_name(element.tag))
        target_id: str | None = None
        target_tag: Literal["selectionEntry", "selectionEntryGroup"] | None = None
        kind: str = "upgrade"
        if tag == "entryLink":
            target_id = self.required(element, "targetId")
            target_tag = cast(
                Literal["selectionEntry", "selectionEntryGroup"],
                self.choice(
                    element,
                    "type",
                    frozenset(("selectionEntry", "selectionEntryGroup")),
                    "selectionEntry",
                ),
            )
        elif tag == "selectionEntry":
            kind = self.choice(element, "type", ENTRY_TYPES, "upgrade")
        if next(children_of(element, "associations"), None) is not None:
            self.unevaluated.element("associations")
        children = (
            self.each(element, "selectionEntries", "selectionEntry", self.entry)
            + self.each(element, "selectionEntryGroups", "selectionEntryGroup", self.entry)
            + self.each(element, "entryLinks", "entryLink", self.entry)
        )
        return Entry(
            tag=tag,
            id=self.required(element, "id"),
            name=self.text(element, "name"),
            type=cast(EntryType, kind),
            target_id=target_id,
            target_tag=target_tag,
            default_id=element.get("defaultSelectionEntryId") or None,
            hidden=self.flag(element, "hidden"),
            collective=self.flag(element, "collective"),
            imported=self.flag(element, "import"),
            costs=self.each(element, "costs", "cost", self.cost),
            constraints=self.constraints(element),
            modifiers=self.modifiers(element),
            category_links=self.each(element, "categoryLinks", "categoryLink", self.category_link),
            children=children,
            info=self.info(element),
            page=self.text(element, "page"),
            publication_id=element.get("publicationId"),
        )

    def force(self, element: Element) -> ForceEntry:
        self.holders.append(element.get("id", ""))
        try:
            return self._force(element)
        finally:
            self.holders.pop()

    def _force(self, element: Element) -> ForceEntry:
        return ForceEntry(
            id=self.required(element, "id"),
            name=self.text(element, "name"),
            hidden=self.flag(element, "hidden"),
            category_links=self.each(element, "categoryLinks", "categoryLink", self.category_link),
            constraints=self.constraints(element),
            modifiers=self.modifiers(element),
            forces=self.each(element, "forceEntries", "forceEntry", self.force),
            info=self.info(element),
            page=self.text(element, "page"),
            publication_id=element.get("publicationId"),
        )

    def category(self, element: Element) -> CategoryEntry:
        self.holders.append(element.get("id", ""))
        try:
            return self._category(element)
        finally:
            self.holders.pop()

    def _category(self, element: Element) -> CategoryEntry:
        return CategoryEntry(
            id=self.required(element, "id"),
            name=self.text(element, "name"),
            hidden=self.flag(element, "hidden"),
            constraints=self.constraints(element),
            modifiers=self.modifiers(element),
            info=self.info(element),
        )

    # -- the file's top level ------------------------------------------------------------

    def cost_type(self, element: Element) -> CostType:
        return CostType(
            id=self.required(element, "id"),
            name=self.text(element, "name").strip(),
            default_limit=self.number(element, "defaultCostLimit", -1.0),
            hidden=self.flag(element, "hidden"),
        )

    def profile_type(self, element: Element) -> ProfileType:
        columns = self.each(
            element,
            "characteristicTypes",
            "characteristicType",
            lambda e: (self.required(e, "id"), self.text(e, "name")),
        )
        return ProfileType(
            self.required(element, "id"), self.text(element, "name").strip(), columns
        )

    def publication(self, element: Element) -> Publication:
        return Publication(
            self.required(element, "id"),
            self.text(element, "name"),
            self.text(element, "shortName"),
        )

    def catalogue_link(self, element: Element) -> CatalogueLink:
        return CatalogueLink(
            id=self.required(element, "id"),
            target_id=self.required(element, "targetId"),
            name=self.text(element, "name"),
            import_root_entries=self.flag(element, "importRootEntries"),
        )

    def catalogue(self, root: Element) -> Catalogue:
        tag = local_name(root.tag)
        return Catalogue(
            id=self.required(root, "id"),
            name=self.text(root, "name").strip() or self.file,
            file=self.file,
            revision=self.whole(root, "revision", 0, 10**9),
            battlescribe_version=self.text(root, "battleScribeVersion"),
            is_game_system=tag == "gameSystem",
            game_system_id=root.get("gameSystemId"),
            game_system_revision=self.whole(root, "gameSystemRevision", 0, 10**9),
            library=self.flag(root, "library"),
            author=self.text(root, "authorName"),
            publications=self.each(root, "publications", "publication", self.publication),
            cost_types=self.each(root, "costTypes", "costType", self.cost_type),
            profile_types=self.each(root, "profileTypes", "profileType", self.profile_type),
            categories=self.each(root, "categoryEntries", "categoryEntry", self.category),
            forces=self.each(root, "forceEntries", "forceEntry", self.force),
            catalogue_links=self.each(root, "catalogueLinks", "catalogueLink", self.catalogue_link),
            root_entries=self.each(root, "selectionEntries", "selectionEntry", self.entry)
            + self.each(root, "entryLinks", "entryLink", self.entry),
            shared_entries=self.each(root, "sharedSelectionEntries", "selectionEntry", self.entry)
            + self.each(root, "sharedSelectionEntryGroups", "selectionEntryGroup", self.entry),
            shared_rules=self.each(root, "sharedRules", "rule", self.rule),
            shared_profiles=self.each(root, "sharedProfiles", "profile", self.profile),
            shared_info_groups=self.each(root, "sharedInfoGroups", "infoGroup", self.info_group),
            root_rules=self.each(root, "rules", "rule", self.rule),
            unevaluated=self.unevaluated.summary(),  # last: counted while the rest is read
            read_faults=tuple(self.faults.items()),
        )


def read_catalogue(root: Element, file: str) -> tuple[Catalogue | None, list[Problem]]:
    """A game system or catalogue from its root element, and every problem found in it.

    The catalogue is None only when the root is not a BattleScribe game system or
    catalogue at all, or of a version refused; otherwise it is read whole (older 2.x
    upgraded: ``model.bsdata.versions``), with safe defaults where problems were.
    """
    reader = _Reader(file)
    tag = local_name(root.tag)
    if tag not in ("gameSystem", "catalogue"):
        return None, [
            Problem(
                f"the root element is <{tag[:40]}>, not <gameSystem> or <catalogue>",
                file,
                hint="is this a BattleScribe .gst or .cat file?",
            )
        ]
    if refused := upgrade(root, file):
        return None, refused
    catalogue = reader.catalogue(root)
    return catalogue, reader.problems
