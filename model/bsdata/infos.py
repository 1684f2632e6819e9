"""A selection's profiles and rules as the list makes them: what a sheet, an export or a
table tracker reads of a model's stats.

BattleScribe shows, for each selection (and each force, and each category of a
selection), the profiles and rules of its entry with their modifiers applied in the
selection's context: a Captain's Toughness raised by the armour he took, a weapon's
name with "(Relic)" appended, an ability hidden until an upgrade is chosen. Where
they come from, in this order (``SEMANTICS.md`` rule 34):

- the entry's own ``profiles``, ``rules``, ``infoGroups`` and ``infoLinks``, in the
  order the schema writes them; then, for an entry reached through an entry link, the
  link's own (as its children come after the target's, rule 2);
- an info group gives its profiles, rules, groups and links in the same order; a
  group hidden (as written, or by its modifiers, or by the link that reached it)
  hides everything in it;
- an ``infoLink`` gives its target (a shared profile, rule or info group), with the
  target's modifiers then the link's; the link's ``hidden`` hides it; its name, page
  and publication are the target's (BattleScribe's; New Recruit takes the link's
  publication).

Modifiers (``set``, ``increment``, ``decrement``, ``append``, with their conditions,
condition groups and repeats, through ``model.bsdata.modifiers.each_applying``) change
``name``, ``hidden``, a rule's ``description`` or a characteristic named by its type id.
``increment`` and ``decrement`` change a characteristic that is a number ("2" to "3")
or, as New Recruit does, one like "3+" or "D6" in its number, and leave any other
text as written; ``append`` adds a space and the text, once per time it applies (as
on a name: ``model.bsdata.modifiers.appended_times``); New Recruit's kinds and
the modifiers of other selections that reach a profile (``affects``) are
``model.bsdata.nr_extensions``'s and ``model.bsdata.nr_affects``'s.
Each value a modifier changed (it now differs from the data) is marked, so a sheet can
show the reader what the list's choices did.

Bounded whatever a file says: info groups are followed ``MAX_INFO_DEPTH`` deep and
never into themselves, a holder shows at most ``MAX_INFOS`` profiles and rules and
enters at most ``MAX_INFOS`` groups (however many links lead to them), a name
grows by ``append`` to ``MAX_NAME`` characters and a description or a characteristic
to ``MAX_TEXT`` (or its own length, if longer), as ``model.bsdata.modifiers`` bounds
names.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeAlias

from model.bsdata import nr_extensions
from model.bsdata.data import (
    CategoryEntry,
    ForceEntry,
    Info,
    InfoGroup,
    Modifier,
    Modifiers,
    Profile,
    Rule,
)
from model.bsdata.engine import Engine, run_engine
from model.bsdata.modifiers import (
    appended_times,
    changed_number,
    each_applying,
    number_value,
    text_changed,
)
from model.bsdata.nr_affects import affecting
from model.bsdata.queries import Counts, Ctx
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.bsdata.roster import BsRoster
    from model.bsdata.system import GameSystem

MAX_INFO_DEPTH = 10
"""The deepest nesting of info groups (written in place or linked) followed: real data
nests two or three."""

MAX_INFOS = 1000
"""The most profiles and rules one selection, force or category shows (a unit of the
biggest BSData games has about fifty): info groups linking each other many times over
could otherwise multiply without end."""

MAX_TEXT = 10_000
"""The most characters ``append`` grows a description or a characteristic to (unless
the data's own text is longer: it is never cut short)."""


@frozen_value
class ShownCharacteristic:
    """One value of a profile as the list makes it; ``changed`` when a modifier made it
    differ from the data's."""

    name: str
    type_id: str
    value: str
    changed: bool = False


@frozen_value
class ShownProfile:
    """A profile as the list makes it."""

    id: str
    name: str
    type_id: str
    type_name: str
    hidden: bool
    characteristics: tuple[ShownCharacteristic, ...]
    page: str = ""
    publication_id: str | None = None
    changed: frozenset[str] = frozenset()
    """Which of ``name`` and ``hidden`` a modifier changed (characteristics say their own)."""

    @property
    def any_changed(self) -> bool:
        """Whether anything a reader sees of it was changed by a modifier."""
        return "name" in self.changed or any(c.changed for c in self.characteristics)


@frozen_value
class ShownRule:
    """A rule as the list makes it."""

    id: str
    name: str
    description: str
    hidden: bool
    page: str = ""
    publication_id: str | None = None
    changed: frozenset[str] = frozenset()
    """Which of ``name``, ``description`` and ``hidden`` a modifier changed."""


@frozen_value
class Infos:
    """The profiles and rules of one selection, force or category, hidden ones included
    (``hidden`` set): a sheet shows ``visible()``."""

    profiles: tuple[ShownProfile, ...] = ()
    rules: tuple[ShownRule, ...] = ()

    def visible(self) -> Infos:
        """Only what BattleScribe shows: the profiles and rules not hidden."""
        return Infos(
            tuple(p for p in self.profiles if not p.hidden),
            tuple(r for r in self.rules if not r.hidden),
        )


NO_INFOS = Infos()


_KINDS: Mapping[type, str] = MappingProxyType(
    {Profile: "profile", Rule: "rule", InfoGroup: "infoGroup"}
)
"""What an ``infoLink``'s ``type`` says of each kind of target."""

_FLAGS = ("true", "false")

Reaching: TypeAlias = tuple[tuple[str, Modifier, int], ...]
"""Other selections' modifiers that reach a selection's profiles (New Recruit's
``affects``: ``model.bsdata.nr_affects``): profile type, modifier, times."""


@frozen_value
class _Found:
    """A profile or rule reached, before its modifiers: with the link's modifiers after
    its own, hidden as written (``own_hidden``, the link's too) and whether a group or
    link it came through hides it (``outer_hidden``)."""

    item: Profile | Rule
    modifiers: Modifiers
    own_hidden: bool
    outer_hidden: bool


class _Gatherer:
    """Walks info (an entry's, a group's, a link's target) into ``found``, in order."""

    def __init__(self, system: GameSystem, catalogue_id: str, ctx: Ctx, counts: Counts) -> None:
        self.system = system
        self.catalogue_id = catalogue_id
        self.ctx = ctx
        self.counts = counts
        self.found: list[_Found] = []
        self.entered = 0
        """Info groups entered: the walk stops at ``MAX_INFOS`` of them too, so groups
        that hold nothing but links to each other cannot make it long."""

    @property
    def stopped(self) -> bool:
        """Whether the walk is over: ``MAX_INFOS`` found, or groups entered."""
        return len(self.found) >= MAX_INFOS or self.entered >= MAX_INFOS

    def add(self, item: Profile | Rule, modifiers: Modifiers, hidden: bool, outer: bool) -> None:
        if len(self.found) < MAX_INFOS:
            self.found.append(_Found(item, modifiers, hidden, outer))

    def walk(self, info: Info, outer: bool, path: tuple[str, ...]) -> None:
        """Each step first asks whether the walk is over, so what is left of a long list
        is never looked at."""
        room = MAX_INFOS - len(self.found)
        for profile in info.profiles[:room]:
            self.add(profile, profile.modifiers, profile.hidden, outer)
        room = MAX_INFOS - len(self.found)
        for rule in info.rules[:room]:
            self.add(rule, rule.modifiers, rule.hidden, outer)
        for group in info.info_groups:
            if self.stopped:
                return
            self.group(group, group.modifiers, group.hidden, outer, path)
        for link in info.info_links:
            if self.stopped:
                return
            target = self.system.find(link.target_id, self.catalogue_id)
            if (
                not isinstance(target, (Profile, Rule, InfoGroup))
                or link.type != _KINDS[type(target)]
            ):
                continue  # a broken link, or one of the wrong kind: the catalogue check's
            modifiers = target.modifiers + link.modifiers
            hidden = target.hidden or link.hidden
            if isinstance(target, InfoGroup):
                self.group(target, modifiers, hidden, outer, path)
            else:
                self.add(target, modifiers, hidden, outer)

    def group(
        self,
        group: InfoGroup,
        modifiers: Modifiers,
        hidden: bool,
        outer: bool,
        path: tuple[str, ...],
    ) -> None:
        if len(path) >= MAX_INFO_DEPTH or group.id in path or self.stopped:
            return
        self.entered += 1
        hidden = _hidden_after(hidden, modifiers, self.ctx, self.counts)
        inner = Info(group.profiles, group.rules, group.info_links, group.info_groups)
        self.walk(inner, outer or hidden, (*path, group.id))


def _hidden_after(hidden: bool, modifiers: Modifiers, ctx: Ctx, counts: Counts) -> bool:
    state = [hidden]

    def leaf(modifier: Modifier, _: int) -> None:
        if modifier.field == "hidden" and modifier.type == "set" and modifier.value in _FLAGS:
            state[0] = modifier.value == "true"

    each_applying(modifiers, ctx, counts, leaf)
    return state[0]


def _number_text(value: float) -> str:
    """A modified number as data writes one: ``3``, ``2.5``."""
    return str(int(value)) if value == int(value) else f"{value:g}"


def _changed_text(modifier: Modifier, old: str, n: int, limit: int) -> str:
    """A text field (a characteristic, a description) after one modifier (New
    Recruit's kinds, and stats like "3+" or "D6": ``nr_extensions``)."""
    kind, text = modifier.type, modifier.value
    if kind == "set":
        return text
    if kind in nr_extensions.TEXT or (kind == "append" and modifier.join is not None):
        return nr_extensions.changed_text(kind, old, text, modifier.join, modifier.arg, limit)
    if kind == "append":
        return appended_times(old, text, n, max(limit, len(old)))
    if kind in ("increment", "decrement") or kind in nr_extensions.NUMERIC:
        before, by = number_value(old.strip()), number_value(text)
        if before is None:
            stat = nr_extensions.changed_stat(kind, old.strip(), by, n, kind)
            return old if stat is None else stat
        if by is None:
            if kind not in ("floor", "ceil", "triangular"):
                return old
            return _number_text(nr_extensions.changed_number(kind, before, None, n))
        return _number_text(changed_number(kind, before, by, n))
    return old


class _Fields:
    """What modifiers change on one profile or rule, while they apply."""

    def __init__(self, name: str, hidden: bool, texts: dict[str, str]) -> None:
        self.name = name
        self.hidden = hidden
        self.texts = texts
        """Per field (a characteristic type id, or ``description``): its text."""

    def apply(self, modifier: Modifier, n: int) -> None:
        kind, target, text = modifier.type, modifier.field, modifier.value
        if target == "name":
            name = text_changed(kind, self.name, text, n)
            self.name = self.name if name is None else name
        elif target == "hidden":
            if kind == "set" and text in _FLAGS:
                self.hidden = text == "true"
        elif target in self.texts:
            self.texts[target] = _changed_text(modifier, self.texts[target], n, MAX_TEXT)


def _shown(
    found: _Found, ctx: Ctx, counts: Counts, system: GameSystem, reaching: Reaching = ()
) -> ShownProfile | ShownRule:
    item = found.item
    if isinstance(item, Profile):
        texts = {c.type_id: c.value for c in item.characteristics}
    else:
        texts = {"description": item.description}
    fields = _Fields(item.name, found.own_hidden, dict(texts))
    each_applying(found.modifiers, ctx, counts, fields.apply)
    if reaching and isinstance(item, Profile):
        kinds = {item.type_id, item.type_name or _profile_type_name(system, item.type_id)}
        for kind, modifier, n in reaching:
            if kind in kinds:
                fields.apply(modifier, n)
    changed = frozenset(
        field
        for field, now, was in (
            ("name", fields.name, item.name),
            ("hidden", fields.hidden, found.own_hidden),
            ("description", fields.texts.get("description"), texts.get("description")),
        )
        if now != was
    )
    hidden = fields.hidden or found.outer_hidden
    if isinstance(item, Rule):
        return ShownRule(
            item.id,
            fields.name,
            fields.texts["description"],
            hidden,
            item.page,
            item.publication_id,
            changed,
        )
    return ShownProfile(
        item.id,
        fields.name,
        item.type_id,
        item.type_name or _profile_type_name(system, item.type_id),
        hidden,
        tuple(
            ShownCharacteristic(
                c.name, c.type_id, fields.texts[c.type_id], fields.texts[c.type_id] != c.value
            )
            for c in item.characteristics
        ),
        item.page,
        item.publication_id,
        changed - {"description"},
    )


def _profile_type_name(system: GameSystem, type_id: str) -> str:
    """The name of a profile type, for a profile that does not write its ``typeName``."""
    for file in (system.system, *system.catalogues):
        for profile_type in file.profile_types:
            if profile_type.id == type_id:
                return profile_type.name
    return ""


def _infos(
    system: GameSystem,
    infos: tuple[Info, ...],
    catalogue_id: str,
    ctx: Ctx,
    counts: Counts,
    reaching: Reaching = (),
) -> Infos:
    gatherer = _Gatherer(system, catalogue_id, ctx, counts)
    for info in infos:
        gatherer.walk(info, False, ())
    if not gatherer.found:
        return NO_INFOS
    shown = [_shown(f, ctx, counts, system, reaching) for f in gatherer.found]
    return Infos(
        tuple(s for s in shown if isinstance(s, ShownProfile)),
        tuple(s for s in shown if isinstance(s, ShownRule)),
    )


def selection_infos(engine: Engine, at: int) -> Infos:
    """The profiles and rules of selection ``at`` (its index in ``engine.tree``)."""
    placed = engine.tree.selections[at]
    node = placed.node
    if node is None:
        return NO_INFOS
    infos = (node.entry.info,) if node.link is None else (node.entry.info, node.link.info)
    catalogue_id = engine.tree.forces[placed.force].force.catalogue_id
    reaching = affecting(engine, at)
    return _infos(engine.system, infos, catalogue_id, engine.ctx_of(at), engine.counts, reaching)


def category_infos(engine: Engine, at: int, category_id: str) -> Infos:
    """The profiles and rules of category ``category_id`` as selection ``at`` has it:
    the category's own, its modifiers asked from the selection."""
    placed = engine.tree.selections[at]
    catalogue_id = engine.tree.forces[placed.force].force.catalogue_id
    category = engine.system.find(category_id, catalogue_id)
    if not isinstance(category, CategoryEntry):
        return NO_INFOS
    ctx = engine.ctx_of(at)
    return _infos(engine.system, (category.info,), catalogue_id, ctx, engine.counts)


def force_infos(engine: Engine, force: int) -> Infos:
    """The profiles and rules of force ``force`` (its index in ``engine.tree``): its
    force entry's, its modifiers asked from the force."""
    placed = engine.tree.forces[force]
    entry = placed.entry
    if not isinstance(entry, ForceEntry):
        return NO_INFOS
    ctx = Ctx(force, owner_force=True)
    return _infos(engine.system, (entry.info,), placed.force.catalogue_id, ctx, engine.counts)


@frozen_value(slots=False)
class RosterInfos:
    """Every selection's and force's profiles and rules, by id, hidden ones included."""

    selections: Mapping[str, Infos]
    forces: Mapping[str, Infos]

    def of(self, selection_id: str) -> Infos:
        """A selection's (none for an id not in the roster)."""
        return self.selections.get(selection_id, NO_INFOS)


def roster_infos(system: GameSystem, roster: BsRoster) -> RosterInfos:
    """The profiles and rules of every selection and force of ``roster``, worked out
    with BattleScribe's semantics (one evaluation of the roster, then each holder's)."""
    engine = run_engine(system, roster)
    selections = {
        placed.selection.id: selection_infos(engine, at)
        for at, placed in enumerate(engine.tree.selections)
    }
    forces = {
        placed.force.id: force_infos(engine, at) for at, placed in enumerate(engine.tree.forces)
    }
    return RosterInfos(MappingProxyType(selections), MappingProxyType(forces))
