"""The walk of one file for ``model.bsdata.check``: every element, with its place.

Apart from ``check.py`` (what the check is for, its two severities and the file-level
questions) because it is the long part: one method per kind of element, each checking
what that element names and stepping into what it holds, as the reader stepped in.
Places are written as the reader writes them (``model.bsdata.read``, ``_Reader.enter``:
each step the element's kind and its name, else its id, else the id it links to), so a
problem found by either points at an element in the same words.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from model.bsdata.data import (
    Catalogue,
    CategoryEntry,
    CategoryLink,
    Condition,
    ConditionGroup,
    Constraint,
    Entry,
    ForceEntry,
    Info,
    InfoGroup,
    InfoLink,
    Modifier,
    ModifierGroup,
    Modifiers,
    Profile,
    ProfileType,
    Query,
    Repeat,
    Rule,
)
from model.core.problems import Problem
from model.parse.xml_places import step

if TYPE_CHECKING:
    from model.bsdata.system import GameSystem

SCOPES = frozenset(
    ("self", "parent", "ancestor", "force", "roster", "primary-category", "primary-catalogue")
)
"""The scopes that are words; any other scope is an id."""

CHILD_KINDS = frozenset(("any", "unit", "model", "upgrade"))
"""The childIds that are words; any other childId is an id."""

FIELDS = frozenset(("selections", "forces"))
"""What a query may count besides a cost type and a cost limit."""

MODIFIED = frozenset(
    ("name", "hidden", "page", "annotation", "category", "description", "publicationId")
)
"""The fields of an element a modifier may change, besides its constraints and costs (and a
profile's characteristics)."""

_KIND = {
    Entry: "an entry",
    Profile: "a profile",
    Rule: "a rule",
    InfoGroup: "an info group",
    CategoryEntry: "a category",
    ForceEntry: "a force entry",
}


def _kind(target: object) -> str:
    if isinstance(target, Entry):
        return "a group" if target.tag == "selectionEntryGroup" else "an entry"
    return _KIND.get(type(target), "something else")


class Walker:
    """One file's walk: where it is, and what it found."""

    def __init__(self, system: GameSystem, catalogue: Catalogue, ids: dict[str, str]) -> None:
        self.system = system
        self.file = catalogue.file
        self.cat = catalogue
        self.ids = ids
        self.place: list[str] = []
        self.errors: list[Problem] = []
        self.warnings: list[Problem] = []
        self.touched: dict[str, Problem] = {}
        """Per id of an entry, link, group, force entry or category: the first fault that
        can change what a list holding it costs or is told (``GameSystem.faults``)."""
        self.holders: list[str] = []
        """The ids of the entries, links, groups, force entries and categories the walk is
        in, innermost last: what a fault found here touches."""
        self.seen: dict[str, str] = {}
        files = self._reach()
        self.cost_types = {c.id: c.name for f in files for c in f.cost_types}
        self.profile_types: dict[str, ProfileType] = {}
        for f in files:
            for kind in f.profile_types:
                self.profile_types.setdefault(kind.id, kind)

    def _reach(self) -> list[Catalogue]:
        """This file, the catalogues it links to (and they to), then the game system."""
        out = [self.cat]
        queue = [link.target_id for link in self.cat.catalogue_links]
        while queue:
            found = self.system.catalogue(queue.pop(0))
            if found is not None and found not in out:
                out.append(found)
                queue.extend(link.target_id for link in found.catalogue_links)
        if self.system.system not in out:
            out.append(self.system.system)
        return out

    # -- places and problems -----------------------------------------------------------

    def _problem(self, message: str, hint: str | None) -> Problem:
        where = "/".join(self.place)
        return Problem(f"{where}: {message}" if where else message, self.file, hint=hint)

    def error(self, message: str, hint: str | None = None, *, touches: int = 0) -> None:
        """An error here; ``touches`` as for ``warning``."""
        problem = self._problem(message, hint)
        self.errors.append(problem)
        self._touch(problem, touches)

    def warning(self, message: str, hint: str | None = None, *, touches: int = 0) -> None:
        """A warning here. With ``touches`` 1 it touches the element the walk is in (a
        list holding that element is told: ``bs-data-fault``), with 2 the one holding
        that (a link's fault touches the entry the link is written in)."""
        problem = self._problem(message, hint)
        self.warnings.append(problem)
        self._touch(problem, touches)

    def _touch(self, problem: Problem, touches: int) -> None:
        if touches and len(self.holders) >= touches:
            self.touched.setdefault(self.holders[-touches], problem)

    @contextmanager
    def holding(self, id_: str) -> Iterator[None]:
        """Inside an element a list may hold (an entry, link, group, force entry,
        category): what is found in it touches it."""
        self.holders.append(id_)
        try:
            yield
        finally:
            self.holders.pop()

    @contextmanager
    def at(
        self, tag: str, name: str | None, id_: str | None = None, target_id: str | None = None
    ) -> Iterator[None]:
        """Inside an element, for the places of what is found there."""
        self.place.append(step(tag, name, id_, target_id))
        try:
            yield
        finally:
            self.place.pop()

    def _unique(self, id_: str) -> None:
        """Warn of an id already used in this file (links find the first)."""
        if not id_:
            return
        first = self.seen.get(id_)
        if first is None:
            self.seen[id_] = "/".join(self.place)
        else:
            self.warning(
                f'the id "{id_}" is also the id of {first}',
                hint="give each element its own id (BattleScribe's editor does)",
            )

    def _target(self, target_id: str) -> object | None:
        return self.system.find(target_id, self.cat.id)

    def _elsewhere(self, what: str, target_id: str, without: str) -> object | None:
        """A link's target this file does not reach: the target (its kind then checked as
        usual) with a warning for a link in the game system to a catalogue's element; a
        warning and None for a target found nowhere, or only in a catalogue this file does
        not link to. ``without`` says what the link's absence does (an entry not offered,
        a category with nothing in it, a profile or rule not shown).

        BattleScribe and New Recruit build and check lists without a link whose target is
        missing (real data has them: Warhammer 40,000's 10th edition links profiles that
        are not there, its 11th edition's catalogues link entries of catalogues a user may
        not have), so warband does too: the engine passes over the link
        (``model.bsdata.resolve``, ``model.bsdata.infos``), and a list that holds what it
        would have reached is told so (``bs-unknown-entry``).

        BattleScribe looks an id up from the force it is used in: the force's catalogue,
        those it links to, then the game system, whichever file the link is written in
        (so does warband: ``GameSystem.find`` with the force's catalogue). Every force
        uses the game system, so its link to a category of one catalogue (spec
        ``modifier-set-hidden-true``) is found in that catalogue's forces: usable, if
        only there. A catalogue's link to a catalogue it does not link to is found from
        none of its own forces."""
        file = self.ids.get(target_id)
        holder = next(
            (c for c in (self.system.system, *self.system.catalogues) if c.file == file), None
        )
        target = self.system.find(target_id, holder.id) if holder is not None else None
        if target is None or file == self.file:
            self.warning(
                f'links to "{target_id}", which is not found, so {without}',
                hint=f"no {what} has that id in this file, the catalogues it links to or the "
                "game system (a list is built and checked without it, as BattleScribe does)",
            )
            return None
        if not self.cat.is_game_system:
            self.warning(
                f'links to "{target_id}", which is not found, so {without}',
                hint=f"it is in {file}, which this file does not link to: add a catalogueLink",
            )
            return None
        self.warning(
            f'links to "{target_id}", which is in {file}: it is found only in forces of '
            f"{file} and of the catalogues that link to it",
            hint="if only those forces use it, nothing is wrong; else move what it links to "
            "into the game system",
        )
        return target

    # -- the file --------------------------------------------------------------------

    def catalogue(self) -> None:
        cat = self.cat
        for category in cat.categories:
            with self.at("categoryEntry", category.name, category.id), self.holding(category.id):
                self._unique(category.id)
                self.constraints(category.constraints)
                self.modifiers(category.modifiers, {c.id for c in category.constraints})
                self.info(category.info)
        for force in cat.forces:
            self.force(force)
        for entry in cat.root_entries + cat.shared_entries:
            self.entry(entry)
        self.info(Info(cat.shared_profiles, cat.shared_rules + cat.root_rules))
        for group in cat.shared_info_groups:
            self.info_group(group)

    def force(self, force: ForceEntry) -> None:
        with self.at("forceEntry", force.name, force.id), self.holding(force.id):
            self._unique(force.id)
            for link in force.category_links:
                self.category_link(link)
            self.constraints(force.constraints)
            self.modifiers(force.modifiers, {c.id for c in force.constraints})
            self.info(force.info)
            for inner in force.forces:
                self.force(inner)

    # -- entries -----------------------------------------------------------------------

    def entry(self, entry: Entry) -> None:
        with self.at(entry.tag, entry.name, entry.id, entry.target_id), self.holding(entry.id):
            self._unique(entry.id)
            constraint_ids = {c.id for c in entry.constraints}
            if entry.tag == "entryLink":
                constraint_ids |= self._link(entry)
            if entry.default_id and entry.tag == "selectionEntryGroup":
                choices = {c.id for c in entry.children} | {
                    c.target_id for c in entry.children if c.target_id
                }
                if entry.default_id not in choices:
                    self.warning(
                        f'the default entry "{entry.default_id}" is not one of the group\'s '
                        "entries",
                        hint="name one of its entries in defaultSelectionEntryId, or none",
                    )
            for cost in entry.costs:
                if cost.type_id not in self.cost_types:
                    self._uncounted_cost(cost.type_id)
            self.constraints(entry.constraints)
            self.modifiers(entry.modifiers, constraint_ids)
            for link in entry.category_links:
                self.category_link(link)
            self.info(entry.info)
            for child in entry.children:
                self.entry(child)

    def _link(self, link: Entry) -> set[str]:
        """Check an entry link's target; the ids of the target's constraints."""
        target_id = link.target_id or ""
        target = self._target(target_id) or self._elsewhere(
            "entry or group", target_id, "it is not offered"
        )
        if target is None:
            return set()
        if not isinstance(target, Entry):
            self.warning(
                f'links to "{target_id}", {_kind(target)}, not an entry or group, so it is '
                "not offered (a link to nothing)",
                hint="an entryLink's targetId names a selectionEntry or selectionEntryGroup",
                touches=2,
            )
            return set()
        if target.tag != link.target_tag:
            self.warning(
                f'is of type "{link.target_tag}", but "{target.name}" ({target_id}) is '
                f"{_kind(target)}: it is followed as what it links to is",
                hint=f'set type="{target.tag}"',
            )
        return {c.id for c in target.constraints}

    def category_link(self, link: CategoryLink) -> None:
        with self.at("categoryLink", link.name, link.id, link.target_id):
            if not link.id:
                self.warning(
                    "has no id (BattleScribe loads it, and nothing links to it)",
                    hint="give it an id, as BattleScribe's editor does",
                )
            target = self._target(link.target_id) or self._elsewhere(
                "category", link.target_id, "nothing is put in that category"
            )
            if target is not None and not isinstance(target, CategoryEntry):
                self.warning(
                    f'links to "{link.target_id}", {_kind(target)}, not a category, so it '
                    "puts nothing in a category (a link to nothing)",
                    hint="a categoryLink's targetId names a categoryEntry",
                    touches=1,
                )
            self.constraints(link.constraints)
            self.modifiers(link.modifiers, {c.id for c in link.constraints})

    def _uncounted_cost(self, type_id: str) -> None:
        """A cost of a type this file does not see: a warning, the game usable. A roster
        counts the cost types of its forces' catalogues and the files they link to
        (``GameSystem.cost_types``), so the cost is counted only in a roster with a force
        that sees the type, and never if no file declares it (a type since renamed: real
        data holds both, e.g. 40k's catalogues costing T'au Empire.cat's "Diplomatic
        Power" and an old "pl")."""
        holder = next(
            (
                f.file
                for f in (self.system.system, *self.system.catalogues)
                if any(c.id == type_id for c in f.cost_types)
            ),
            None,
        )
        if holder is None:
            self.warning(
                f'a cost of typeId "{type_id}", which no file declares: it is not counted',
                hint=self._cost_types_hint(),
            )
            return
        self.warning(
            f'a cost of typeId "{type_id}", declared in {holder}, which this file does not '
            f"link to: it is counted only in a roster with a force of {holder} or of a "
            "catalogue linking to it",
            hint=f"link to {holder}, or declare the cost type in the game system",
        )

    def _cost_types_hint(self) -> str:
        known = ", ".join(f'"{name}" ({id_})' for id_, name in self.cost_types.items())
        return f"cost types: {known}" if known else "the game system declares no cost types"

    # -- constraints, modifiers, conditions ---------------------------------------------

    def constraints(self, constraints: tuple[Constraint, ...]) -> None:
        for constraint in constraints:
            with self.at("constraint", None, constraint.id):
                self.query(constraint.query)

    def query(self, query: Query) -> None:
        """What a constraint, condition or repeat counts, and where, must exist."""
        field = query.field
        counted = field.removeprefix("limit::")
        if field not in FIELDS and counted not in self.cost_types:
            self.error(
                f'counts the field "{field}", which is not selections, forces, a cost type '
                "or limit::<cost type>: it counts nothing (a constraint of it is not checked)",
                hint=self._cost_types_hint(),
                touches=1,
            )
        if query.scope not in SCOPES and query.scope not in self.ids:
            self.warning(
                f'has the scope "{query.scope}", which names nothing in this folder',
                hint="a scope is self, parent, ancestor, force, roster, primary-category, "
                "primary-catalogue or the id of an entry or force entry",
            )
        child = query.child_id
        if child and child not in CHILD_KINDS and child not in self.ids:
            self.warning(
                f'has the childId "{child}", which names nothing in this folder',
                hint="a childId is any, unit, model, upgrade or the id of an entry, a "
                "category, a force entry or a catalogue",
            )

    def modifiers(self, modifiers: Modifiers, fields: set[str]) -> None:
        for modifier in modifiers:
            if isinstance(modifier, ModifierGroup):
                with self.at("modifierGroup", None):
                    self.conditions(modifier.conditions, modifier.groups, modifier.repeats)
                    self.modifiers(modifier.modifiers + modifier.nested, fields)
            else:
                self.modifier(modifier, fields)

    def modifier(self, modifier: Modifier, fields: set[str]) -> None:
        with self.at("modifier", None):
            field = modifier.field
            if field and not (field in MODIFIED or field in self.cost_types or field in fields):
                self.warning(
                    f'changes the field "{field}", which is not a field, a cost type or a '
                    "constraint of this element: it changes nothing",
                    hint="name one of the element's constraints by id, a cost type, or "
                    + ", ".join(sorted(MODIFIED)),
                )
            self.conditions(modifier.conditions, modifier.groups, modifier.repeats)

    def conditions(
        self,
        conditions: tuple[Condition, ...],
        groups: tuple[ConditionGroup, ...],
        repeats: tuple[Repeat, ...] = (),
    ) -> None:
        for condition in conditions:
            with self.at("condition", None):
                self.query(condition.query)
        for group in groups:
            with self.at("conditionGroup", None):
                self.conditions(group.conditions, group.groups)
        for repeat in repeats:
            with self.at("repeat", None):
                self.query(repeat.query)

    # -- information -------------------------------------------------------------------

    def info(self, info: Info) -> None:
        for profile in info.profiles:
            self.profile(profile)
        for rule in info.rules:
            with self.at("rule", rule.name, rule.id):
                self._unique(rule.id)
                self.modifiers(rule.modifiers, set())
        for link in info.info_links:
            self.info_link(link)
        for group in info.info_groups:
            self.info_group(group)

    def info_group(self, group: InfoGroup) -> None:
        with self.at("infoGroup", group.name, group.id):
            self._unique(group.id)
            self.modifiers(group.modifiers, set())
            self.info(Info(group.profiles, group.rules, group.info_links, group.info_groups))

    def profile(self, profile: Profile) -> None:
        with self.at("profile", profile.name, profile.id):
            self._unique(profile.id)
            kind = self.profile_types.get(profile.type_id)
            if kind is None:
                self.warning(
                    f'is of typeId "{profile.type_id}", which is not a profile type: it is '
                    "shown with its characteristics' own names",
                    hint="profile types: "
                    + ", ".join(f'"{k.name}" ({k.id})' for k in self.profile_types.values()),
                )
                columns: set[str] = set()
            else:
                columns = {id_ for id_, _ in kind.characteristics}
                for value in profile.characteristics:
                    if value.type_id not in columns:
                        self.warning(
                            f'the characteristic "{value.name}" is of typeId '
                            f'"{value.type_id}", which is not a characteristic of the '
                            f'profile type "{kind.name}": it is shown under its own name',
                            hint="its characteristics: "
                            + ", ".join(f'"{n}" ({i})' for i, n in kind.characteristics),
                        )
            self.modifiers(profile.modifiers, columns)

    def info_link(self, link: InfoLink) -> None:
        with self.at("infoLink", link.name, link.id, link.target_id):
            target = self._target(link.target_id) or self._elsewhere(
                link.type, link.target_id, "it shows nothing"
            )
            wanted = {"profile": Profile, "rule": Rule, "infoGroup": InfoGroup}[link.type]
            columns: set[str] = set()
            if target is None:
                columns = set()
            elif not isinstance(target, wanted):
                self.warning(
                    f'is of type "{link.type}", but "{link.target_id}" is {_kind(target)}, '
                    "so it shows nothing (a link to nothing)",
                    hint="set its type to what the target is, or link to another",
                )
            elif isinstance(target, Profile):
                kind = self.profile_types.get(target.type_id)
                columns = {i for i, _ in kind.characteristics} if kind else set()
            self.modifiers(link.modifiers, columns)
