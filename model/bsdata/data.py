"""BattleScribe data as warband holds it: immutable values read from a ``.gst`` or ``.cat``.

The BSData community's files describe a game with a handful of element kinds (research
``anchors_builders.md`` section 3; the XML schema in ``bsdata/schemas``). They are held
here as frozen dataclasses, not pydantic models: a big catalogue has tens of thousands
of elements, and reading them must stay well under a second (issue 18), so the reader
(``model.bsdata.read``) builds these directly from the parsed XML, checking as it goes.

Three choices keep the engine small:

- Selection entries, selection entry groups and entry links are one class, ``Entry``,
  told apart by ``tag``: they share almost every field, and the engine walks all three
  the same way (a link is an entry whose children and fields come from its target, with
  its own fields laid over them).
- Constraints, conditions and repeats share their query (``Query``): what is counted
  (``field``), where (``scope``), which children (``child_id``) and how.
- Modifier groups stay groups (``ModifierGroup``), as written: the engine decides how a
  group's conditions and repeats combine with its children's, in one place.

Numbers are floats as in the files ("1.0", "-1.0"); a file's number is bounded when read.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, TypeAlias

from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.core.problems import Problem

EntryTag = Literal["selectionEntry", "selectionEntryGroup", "entryLink"]
"""Which XML element an ``Entry`` was read from."""

EntryType = Literal["unit", "model", "upgrade"]
"""A selection entry's ``type``; a group or a link to a group has ``upgrade``."""

ConditionType = Literal[
    "lessThan", "greaterThan", "equalTo", "notEqualTo", "atLeast", "atMost",
    "instanceOf", "notInstanceOf", "always", "never", "before",
]  # fmt: skip
"""BattleScribe's comparisons and instance tests; ``always``/``never``/``before`` are New
Recruit's (``model.bsdata.nr_extensions``)."""

ConditionGroupType = Literal[
    "and", "or", "not", "count", "add", "subtract", "multiply", "divide", "modulo", "power",
    "min", "max", "greater", "greaterOrEqual", "less", "lessOrEqual", "equal", "notEqual",
]  # fmt: skip
"""``and``/``or`` are BattleScribe's; the rest New Recruit's (``nr_extensions``)."""

ModifierType = Literal[
    "set", "increment", "decrement", "append", "add", "remove",
    "set-primary", "unset-primary",
    "multiply", "divide", "modulo", "power", "exponent", "triangular", "ceil", "floor",
    "cumulative-add", "cumulative-multiply", "cumulative-power", "prepend", "replace", "hide",
]  # fmt: skip
"""The first eight are BattleScribe's; the rest New Recruit's (``nr_extensions``)."""

UNLIMITED = -1.0
"""A ``max`` constraint or a cost limit of -1 means no limit (BattleScribe's convention)."""


@frozen_value
class Query:
    """What a constraint, condition or repeat counts.

    ``field`` is ``selections``, ``forces``, a cost type id (the sum of that cost) or
    ``limit::<costTypeId>`` (the roster's limit). ``scope`` is ``self``, ``parent``,
    ``ancestor``, ``force``, ``roster``, ``primary-category``, ``primary-catalogue``, or an
    entry or force entry id. ``child_id`` (conditions and repeats) narrows what is counted:
    an entry or category id, or ``any``/``unit``/``model``/``upgrade``; None counts the
    entry that owns the query.
    """

    field: str
    scope: str
    child_id: str | None = None
    shared: bool = True
    include_child_selections: bool = False
    include_child_forces: bool = False
    percent_value: bool = False


@frozen_value
class Constraint:
    """A ``min`` or ``max`` on what ``query`` counts; modifiers may change ``value`` by id."""

    id: str
    type: Literal["min", "max"]
    value: float
    query: Query


@frozen_value
class Condition:
    """Holds when what ``query`` counts compares to ``value`` as ``type`` says."""

    type: ConditionType
    value: float
    query: Query


COMPARISONS: dict[str, Callable[[float, float], bool]] = {
    "lessThan": operator.lt,
    "greaterThan": operator.gt,
    "equalTo": operator.eq,
    "notEqualTo": operator.ne,
    "atLeast": operator.ge,
    "atMost": operator.le,
}
"""What a comparing condition's ``type`` means: the count compared with the value (read by
``model.bsdata.conditions`` and by New Recruit's local condition groups, ``nr_local``)."""


@frozen_value
class ConditionGroup:
    """``and`` or ``or`` of conditions and nested groups (or one of New Recruit's kinds:
    ``not``, ``count`` at least ``min`` of them ...: ``nr_extensions``)."""

    type: ConditionGroupType
    conditions: tuple[Condition, ...] = ()
    groups: tuple[ConditionGroup, ...] = ()
    min: float = 1.0
    """For New Recruit's ``count``: how many of the parts must hold."""
    locals: tuple[LocalConditionGroup, ...] = ()
    """New Recruit's ``localConditionGroups``, parts like the conditions."""


@frozen_value
class LocalConditionGroup:
    """New Recruit's: holds when what ``query`` counts, of the selections for which every
    one of ``conditions`` and ``groups`` holds (asked from each of them), compares to
    ``value`` as ``type`` says (``model.bsdata.nr_extensions.local_holds``)."""

    type: ConditionType
    value: float
    query: Query
    conditions: tuple[Condition, ...] = ()
    groups: tuple[ConditionGroup, ...] = ()


@frozen_value
class Repeat:
    """Apply a modifier once per ``value`` of what ``query`` counts, ``repeats`` times each;
    ``round_up`` counts a part bucket as a whole one."""

    value: float
    repeats: int
    round_up: bool
    query: Query


@frozen_value
class Modifier:
    """Changes ``field`` (a constraint id, a cost type id, ``name``, ``hidden``, ``page``,
    ``annotation``, a category id ...) of the element that holds it, by ``type`` with
    ``value``, when every one of ``conditions`` and ``groups`` holds; ``repeats`` apply
    it more than once."""

    type: ModifierType
    field: str
    value: str
    conditions: tuple[Condition, ...] = ()
    groups: tuple[ConditionGroup, ...] = ()
    repeats: tuple[Repeat, ...] = ()
    affects: str = ""
    """New Recruit's: what the modifier changes instead of the element that holds it
    (``self.entries.recursive.profiles.Melee Weapons``: ``nr_affects``)."""
    scope: str = ""
    """New Recruit's: from which selection ``affects`` is followed (``model-or-unit`` ...)."""
    join: str | None = None
    """New Recruit's: what ``append``/``prepend`` put between the old text and the new."""
    arg: str = ""
    """New Recruit's: the text ``replace`` looks for (``value`` is what it puts instead)."""


@frozen_value
class ModifierGroup:
    """Modifiers (and nested groups) that apply only when the group's own conditions hold."""

    modifiers: tuple[Modifier, ...] = ()
    nested: tuple[ModifierGroup, ...] = ()
    conditions: tuple[Condition, ...] = ()
    groups: tuple[ConditionGroup, ...] = ()
    repeats: tuple[Repeat, ...] = ()


Modifiers: TypeAlias = tuple[Modifier | ModifierGroup, ...]
"""An element's modifiers and modifier groups, in the order written."""


@frozen_value
class Cost:
    """An amount of one cost type (``type_id`` names a ``CostType``)."""

    type_id: str
    value: float


@frozen_value
class CostType:
    """A currency a list is costed in ("pts", "Cans"); ``default_limit`` -1 is no limit."""

    id: str
    name: str
    default_limit: float = UNLIMITED
    hidden: bool = False


@frozen_value
class Characteristic:
    """One value on a profile, e.g. ``Handling 4``."""

    name: str
    type_id: str
    value: str


@frozen_value
class ProfileType:
    """A profile's columns, by characteristic type id and name."""

    id: str
    name: str
    characteristics: tuple[tuple[str, str], ...] = ()


@frozen_value
class Profile:
    """A stat line (a model's, a weapon's ...) of a profile type."""

    id: str
    name: str
    type_id: str
    type_name: str = ""
    hidden: bool = False
    characteristics: tuple[Characteristic, ...] = ()
    modifiers: Modifiers = ()
    page: str = ""
    publication_id: str | None = None


@frozen_value
class Rule:
    """A special rule's name and text."""

    id: str
    name: str
    description: str = ""
    hidden: bool = False
    modifiers: Modifiers = ()
    page: str = ""
    publication_id: str | None = None


@frozen_value
class InfoLink:
    """A link to a shared profile, rule or info group, with its own modifiers."""

    id: str
    target_id: str
    type: Literal["profile", "rule", "infoGroup"]
    name: str = ""
    hidden: bool = False
    modifiers: Modifiers = ()


@frozen_value
class InfoGroup:
    """A named bundle of profiles, rules and links to more."""

    id: str
    name: str
    hidden: bool = False
    profiles: tuple[Profile, ...] = ()
    rules: tuple[Rule, ...] = ()
    info_links: tuple[InfoLink, ...] = ()
    info_groups: tuple[InfoGroup, ...] = ()
    modifiers: Modifiers = ()


@frozen_value
class CategoryLink:
    """Puts an entry (or a force) in a category; ``primary`` decides where it is listed."""

    id: str
    target_id: str
    primary: bool = False
    hidden: bool = False
    name: str = ""
    constraints: tuple[Constraint, ...] = ()
    modifiers: Modifiers = ()


@frozen_value
class Info:
    """What an entry, a force or a category says about itself, for people: profiles,
    rules, links to shared ones and info groups."""

    profiles: tuple[Profile, ...] = ()
    rules: tuple[Rule, ...] = ()
    info_links: tuple[InfoLink, ...] = ()
    info_groups: tuple[InfoGroup, ...] = ()


NO_INFO = Info()


@frozen_value
class Entry:
    """A selection entry, a selection entry group or an entry link (``tag`` says which).

    - An entry (``selectionEntry``) is something a player selects: ``type`` is unit, model
      or upgrade; ``costs`` are what one costs.
    - A group (``selectionEntryGroup``) holds choices; ``default_id`` names the entry
      selected by default. A group is never a selection itself.
    - A link (``entryLink``) stands for the shared entry or group ``target_id`` names; its
      ``costs``, ``constraints``, ``modifiers``, ``category_links`` and ``info`` are laid over
      the target's, and its ``children`` added to the target's.

    ``children`` are the nested entries, groups and links, in the order written
    (``selectionEntries``, then ``selectionEntryGroups``, then ``entryLinks``).
    """

    tag: EntryTag
    id: str
    name: str
    type: EntryType = "upgrade"
    target_id: str | None = None
    target_tag: Literal["selectionEntry", "selectionEntryGroup"] | None = None
    """For a link: whether it points at an entry or a group."""
    default_id: str | None = None
    hidden: bool = False
    collective: bool = False
    imported: bool = False
    """``import``: whether a catalogue importing this one's root entries gets this one
    (false unless written, as the schema says)."""
    costs: tuple[Cost, ...] = ()
    constraints: tuple[Constraint, ...] = ()
    modifiers: Modifiers = ()
    category_links: tuple[CategoryLink, ...] = ()
    children: tuple[Entry, ...] = ()
    info: Info = NO_INFO
    page: str = ""
    publication_id: str | None = None


@frozen_value
class CategoryEntry:
    """A category ("HQ", "Vehicle"): forces constrain how many of each a list may hold."""

    id: str
    name: str
    hidden: bool = False
    constraints: tuple[Constraint, ...] = ()
    modifiers: Modifiers = ()
    info: Info = NO_INFO


@frozen_value
class ForceEntry:
    """A kind of force ("Team", "Patrol detachment"): which categories it holds, how many
    of each, and the forces that may nest in it."""

    id: str
    name: str
    hidden: bool = False
    category_links: tuple[CategoryLink, ...] = ()
    constraints: tuple[Constraint, ...] = ()
    modifiers: Modifiers = ()
    forces: tuple[ForceEntry, ...] = ()
    info: Info = NO_INFO
    page: str = ""
    publication_id: str | None = None
    """The book and page it is from, as written (a roster's force carries them)."""


@frozen_value
class CatalogueLink:
    """One catalogue using another; with ``import_root_entries`` its root entries too."""

    id: str
    target_id: str
    name: str = ""
    import_root_entries: bool = False


@frozen_value
class Publication:
    """A book or document that entries cite by id with a page."""

    id: str
    name: str
    short_name: str = ""


@frozen_value
class Catalogue:
    """One file: the game system (``is_game_system``) or a catalogue of it.

    A library catalogue (``library``) only lends its shared entries to others; it is
    never a faction a player picks.
    """

    id: str
    name: str
    file: str
    """The file it was read from, as the user would name it (for messages)."""
    revision: int = 0
    battlescribe_version: str = ""
    is_game_system: bool = False
    game_system_id: str | None = None
    game_system_revision: int = 0
    library: bool = False
    author: str = ""
    publications: tuple[Publication, ...] = ()
    cost_types: tuple[CostType, ...] = ()
    profile_types: tuple[ProfileType, ...] = ()
    categories: tuple[CategoryEntry, ...] = ()
    forces: tuple[ForceEntry, ...] = ()
    catalogue_links: tuple[CatalogueLink, ...] = ()
    root_entries: tuple[Entry, ...] = ()
    """``selectionEntries`` and ``entryLinks`` at the root: what a force may select."""
    shared_entries: tuple[Entry, ...] = ()
    """``sharedSelectionEntries`` and ``sharedSelectionEntryGroups``: what links point at."""
    shared_rules: tuple[Rule, ...] = ()
    shared_profiles: tuple[Profile, ...] = ()
    shared_info_groups: tuple[InfoGroup, ...] = ()
    root_rules: tuple[Rule, ...] = ()
    unevaluated: str = ""
    """What the file uses of New Recruit's extensions that warband reads but does not
    evaluate, with counts (``nr_extensions.Unevaluated``), for a warning; empty if none."""
    read_faults: tuple[tuple[str, Problem], ...] = ()
    """Per id of an entry, link, group or force entry: the first problem the reader found
    inside it (a value not read as written, read as its default), which a list holding
    it is told of (``GameSystem.faults``, ``bs-data-fault``)."""
