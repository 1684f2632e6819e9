"""A game system's heading: what the system is and how it counts (its stat line, the
item stat columns, the numbers players agree for a list) and its named special rules.

Apart from the units and the files: these are what every faction of a system shares,
and what the describer, the settings dialog and the dice read on their own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal

from pydantic import Field, model_validator

from model.core.base import Bool, Frozen, FrozenMap, Id, StatId, Tag, Text, empty_map
from model.core.bounds import CostChange, Int, Percent, Points, StatNumber


class Stat(Frozen):
    """One column of a profile."""

    id: StatId
    """Short name as printed (``Ag``)."""
    name: Text
    """Long name (``Agility``)."""
    unit_tags: frozenset[Tag] = frozenset()
    """Only units with one of these tags have this stat (the colonial sheet's vehicle
    stats, SUSTAIN to CREW): other units' profiles leave it out, instead of a row of
    dashes. Empty: every unit has it."""

    def applies(self, tags: frozenset[str]) -> bool:
        return not self.unit_tags or bool(self.unit_tags & tags)


class ListSetting(Frozen):
    """A whole number agreed for one list, declared by its system."""

    id: Id
    """The key in a roster's ``[settings]`` (``strategy-rating``)."""
    name: Text
    kind: Literal["number"] = "number"
    """What the players set: a whole number from ``min`` to ``max`` (the only kind so
    far; a later kind, a yes/no switch say, adds its name here)."""
    min: Int = 0
    max: Int
    default: Int | None = None
    """Offered when the list has none; None: unset until the players agree one (a rule
    that reads it is off while it is unset)."""
    summary: str | None = None
    source: str | None = None

    @model_validator(mode="after")
    def _in_order(self) -> ListSetting:
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        if self.default is not None and not self.min <= self.default <= self.max:
            raise ValueError(f"default {self.default} is outside {self.min} to {self.max}")
        return self


class System(Frozen):
    """What a game system is and how it counts."""

    id: Id
    """The system id rosters name (``punkapocalyptic``)."""
    name: Text
    edition: Text
    version: Text
    """This catalog's own version; exports state it so a list shows what it was built on."""
    dice: Text
    """The dice the game uses, e.g. ``d10``."""
    default_points_limit: Points
    """The usual game size, offered when a list is started."""
    points: Text = "points"
    """What the game calls its points (``points``, ``PV``)."""
    priced: Bool = True
    """False for a game that publishes no points at all: its units cost nothing, a list
    has no limit to keep to, and warband leaves points out wherever it shows a list
    (the builder, ``show``, the exports) instead of printing "0/1 points"."""
    settings: tuple[ListSetting, ...] = ()
    """The numbers the players agree for a list (Reikhammer's strategy rating, the
    Steam Wars vehicle limit), kept in a roster's ``[settings]`` and edited in the
    builder's settings dialog; list rules read them (``max_setting``)."""
    distance_unit: Literal["in", "cm", "tiles", "hexes"] = "in"
    """The unit of every range and move in this catalog."""
    stats: tuple[Stat, ...]
    """The model profile, in printed order."""
    item_stats: tuple[Stat, ...] = ()
    """The columns of weapon and item profiles."""
    profile_tags: tuple[StatId, ...] = ()
    """Item profile stats whose whole values become item tags (``RoA`` 1 tags the item
    ``roa:1``), so list rules can select on a profile ("Damage 2 only on RoA 1")."""
    summary: str | None = None
    source: str | None = None
    sources: FrozenMap[Text, Text] = Field(default_factory=empty_map)
    """The documents this catalog's ``source`` notes cite by a short code, each by a
    title a player can read (``BL`` = ``Punkapocalyptic band lists (warband's research
    notes)``): a code alone is the catalog author's shorthand, which no player can look
    up (issue 31)."""

    def stats_for(self, tags: frozenset[str]) -> tuple[Stat, ...]:
        """The profile's stats a unit with these tags has (``Stat.unit_tags``)."""
        return tuple(s for s in self.stats if s.applies(tags))

    def cited(self, source: str) -> str:
        """A ``source`` note of this catalog as players read it (``spelled_source``)."""
        return spelled_source(source, self.sources)


_SECTION = re.compile(r"§\s*(?=\d)")
_CHAPTER = re.compile(r"\bch\.\s*(?=\d)")
_HEADING = re.compile(r"\b((?:chapter|section) \d+) (?=[A-Z])")


def spelled_source(source: str, sources: Mapping[str, str]) -> str:
    """``source`` with each code of ``sources`` replaced by its title, and sections and
    chapters in words: ``BL §9 (S5)`` reads ``Punkapocalyptic band lists (warband's
    research notes), section 9 (the English MERCS document)``. A title is followed by a
    comma where the note goes on with a place in it (a section, a heading)."""
    if sources:
        codes = "|".join(re.escape(code) for code in sorted(sources, key=len, reverse=True))
        coded = re.compile(rf"(?<![\w§])({codes})(?!\w)( (?=[\w§]))?")

        def title(found: re.Match[str]) -> str:
            return sources[found.group(1)] + (", " if found.group(2) else "")

        source = coded.sub(title, source)
    source = _CHAPTER.sub("chapter ", _SECTION.sub("section ", source))
    return _HEADING.sub(r"\1, ", source)  # "chapter 4, Smoke"


class SpecialRule(Frozen):
    """A named special rule, summarised in our own words, with its mechanical tags."""

    name: Text
    summary: Text
    """What the rule does, briefly, in our words (never the rulebook's prose)."""
    parameter: Text | None = None
    """Name of the rule's parameter where it takes one (``X`` in Poison (X))."""
    tags: frozenset[Tag] = frozenset()
    """Tags given to every unit or item that has this rule."""
    modifiers: FrozenMap[StatId, StatNumber] = Field(default_factory=empty_map)
    """Permanent stat changes for the bearer (Cumbersome: ``{ Ag = -1 }``)."""
    cost: CostChange | None = None
    """Points for adding the rule to a designed weapon (Steam Wars: Boiler 2)."""
    percent: Percent | None = None
    """Or a change in percent of the weapon's cost (One Shot -75)."""
    source: str | None = None
