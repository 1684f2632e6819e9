"""A BattleScribe roster (``.ros``, parsed XML) into a ``BsRoster``, with every problem.

The file's shape is the ``Roster`` type of BattleScribe's schema (``Catalogue.xsd`` 2.03,
in the namespace ``http://www.battlescribe.net/schema/rosterSchema``; research
``anchors_builders.md`` section 3): cost limits, forces (nested forces too) and their
selections, each selection nested in the one it was made in.

What a roster *chose* is read: ids, names, numbers, custom names and notes (of a
force's categories too). What the game data *says about* those choices is not: the
costs, categories, profiles and rules a ``.ros`` repeats for each selection are worked
out again by the engine from the game system (as BattleScribe itself does when it opens
a roster), so a roster whose data has a newer revision shows the newer costs, and a
hand-edited cost in a file changes nothing. Elements the schema has that warband does
not use (``tags``, ``publications``, ``comment``) and elements of newer versions are
skipped, as BattleScribe skips what it does not know.

Every problem names the element's place, as ``model.bsdata.read`` does for game data
(``roster "Road Hogs"/force "Team"/selection "Car": number is "0" ...``), and the whole
file is read so that all of them are told at once. Text is passed through
``without_controls`` as it comes in, as for every file (``model.core.safe_text``).
"""

from __future__ import annotations

import math
import re
from typing import Literal, TypeVar, cast
from xml.etree.ElementTree import Element

from model.bsdata.roster import BsRoster, CostLimit, CustomCategory, Force, Selection
from model.bsdata.roster_bounds import (
    MAX_COST_LIMITS,
    MAX_CUSTOM_CATEGORIES,
    MAX_FORCE_DEPTH,
    MAX_FORCES,
    MAX_LIMIT,
    MAX_NUMBER,
    MAX_SELECTION_DEPTH,
    MAX_SELECTIONS,
    MAX_TEXT,
    NO_LIMIT,
)
from model.core.problems import Problem
from model.core.safe_text import terminal_safe, without_controls
from model.parse.xml_guard import local_name
from model.parse.xml_places import PlacedReader, children

T = TypeVar("T")

NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
"""The namespace of a ``.ros`` file's elements."""

_VERSION = re.compile(r"([0-9]{1,4})\.([0-9]{1,4})")
SELECTION_TYPES = frozenset(("unit", "model", "upgrade"))


def read_ros(root: Element, file: str) -> BsRoster | list[Problem]:
    """The roster a ``.ros`` document holds, or every problem found in it."""
    tag = local_name(root.tag)
    namespace = root.tag[1:].partition("}")[0] if root.tag.startswith("{") else ""
    if tag != "roster":
        return [
            Problem(
                f"the root element is <{terminal_safe(tag[:40])}>, not <roster>",
                file,
                hint="is this a BattleScribe roster (.ros)? Game data (.gst, .cat) goes in "
                "the catalog folder",
            )
        ]
    if namespace not in ("", NAMESPACE):
        return [
            Problem(
                f"the roster's namespace is {terminal_safe(namespace[:80])!r}, "
                f"not BattleScribe's roster namespace",
                file,
                hint=f'a .ros file\'s root is <roster xmlns="{NAMESPACE}">',
            )
        ]
    reader = _Reader(file)
    refused = reader.version(root)
    if refused is not None:
        return [refused]
    roster = reader.roster(root)
    return reader.problems if reader.problems else roster


class _Reader(PlacedReader):
    """One roster file's read: what was seen so far (places and problems:
    ``PlacedReader``)."""

    def __init__(self, file: str) -> None:
        super().__init__(file)
        self.ids: dict[str, str] = {}
        self.selections = 0
        self.forces = 0

    # -- attributes ------------------------------------------------------------------

    def text(self, element: Element, name: str) -> str:
        """An attribute's text ("" when absent), bounded and made safe to show."""
        value = element.get(name, "")
        if len(value) > MAX_TEXT:
            self.problem(f"{name} is over {MAX_TEXT:,} characters long")
            return ""
        return without_controls(value)

    def required(self, element: Element, name: str) -> str:
        value = self.text(element, name)
        if not value:
            self.problem(f"has no {name}", hint=f"every {local_name(element.tag)} needs a {name}")
        return value

    def own_id(self, element: Element) -> str:
        """The element's ``id``, which no other force or selection of the roster has."""
        found = self.required(element, "id")
        if found and found in self.ids:
            self.problem(
                f"the id '{found[:60]}' is also the id of {self.ids[found]}",
                hint="each force and selection has its own id; was the file edited by hand?",
            )
        elif found:
            self.ids[found] = self.where()
        return found

    def notes(self, element: Element) -> str:
        """The text of a ``<customNotes>`` child, or ""."""
        for child in children(element, "customNotes"):
            text = child.text or ""
            if len(text) > MAX_TEXT:
                self.problem(f"customNotes is over {MAX_TEXT:,} characters long")
                return ""
            return without_controls(text)
        return ""

    def number(self, element: Element, name: str, low: float, high: float) -> float | None:
        raw = element.get(name)
        if raw is None:
            return None
        try:
            value = float(raw)
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or not low <= value <= high:
            shown = terminal_safe(raw[:40])
            self.problem(f'{name} is "{shown}", not a number from {low:,.0f} to {high:,.0f}')
            return None
        return value

    # -- the roster ---------------------------------------------------------------------

    def version(self, root: Element) -> Problem | None:
        """A problem when the file is of a BattleScribe version warband does not read."""
        raw = root.get("battleScribeVersion")
        if raw is None:
            return None
        found = _VERSION.fullmatch(raw.strip())
        shown = terminal_safe(raw[:20])
        if found is None:
            return Problem(f'battleScribeVersion is "{shown}", not a version', self.file)
        major = int(found.group(1))
        if major < 2:
            return Problem(
                f"the roster is of BattleScribe {shown}; warband reads rosters of 2.00 and later",
                self.file,
                hint="open it in BattleScribe 2 and save it again",
            )
        if major > 2:
            return Problem(
                f"the roster is of BattleScribe {shown}, newer than warband reads (2.03)",
                self.file,
                hint="update warband to import it; the file is unchanged",
            )
        return None

    def roster(self, root: Element) -> BsRoster:
        self.place.append("roster")
        roster_id = self.required(root, "id")
        name = self.required(root, "name")
        system_id = self.required(root, "gameSystemId")
        revision = self.number(root, "gameSystemRevision", 0, 1e9)
        if revision is not None and not revision.is_integer():
            self.problem(f"gameSystemRevision is {revision:g}, not a whole number")
            revision = None
        limits = self.cost_limits(root)
        forces = tuple(self.each(root, "forces", "force", lambda f: self.force(f, 1)))
        roster = BsRoster(
            id=roster_id,
            name=name,
            game_system_id=system_id,
            game_system_name=self.text(root, "gameSystemName"),
            game_system_revision=int(revision or 0),
            cost_limits=limits,
            forces=forces,
            custom_notes=self.notes(root),
        )
        self.leave()
        return roster

    def cost_limits(self, root: Element) -> tuple[CostLimit, ...]:
        out: dict[str, CostLimit] = {}

        def one(element: Element) -> None:
            type_id = self.required(element, "typeId")
            value = self.number(element, "value", NO_LIMIT, MAX_LIMIT)
            if element.get("value") is None:
                self.problem("has no value", hint="a cost limit needs a value (-1 for none)")
            elif value is not None and NO_LIMIT < value < 0:
                self.problem(f"value is {value:g}; a limit is -1 (none) or from 0")
            elif type_id in out:
                self.problem(f"a second limit of cost type '{type_id[:60]}'")
            elif len(out) == MAX_COST_LIMITS:
                self.problem(f"more than {MAX_COST_LIMITS} cost limits")
            elif type_id and value is not None:
                out[type_id] = CostLimit(type_id, value)

        self.each(root, "costLimits", "costLimit", one)
        return tuple(out.values())

    def force(self, element: Element, depth: int) -> Force:
        self.forces += 1
        if self.forces == MAX_FORCES + 1:
            self.problem(f"more than {MAX_FORCES} forces by here", hint="a roster has a few")
        force_id = self.own_id(element)
        entry_id = self.required(element, "entryId")
        catalogue_id = self.required(element, "catalogueId")
        name = self.text(element, "name")
        if depth > MAX_FORCE_DEPTH:
            self.problem(f"forces nest more than {MAX_FORCE_DEPTH} deep here")
            return Force(force_id, entry_id, catalogue_id, name)
        return Force(
            id=force_id,
            entry_id=entry_id,
            catalogue_id=catalogue_id,
            name=name,
            catalogue_name=self.text(element, "catalogueName"),
            custom_name=self.text(element, "customName"),
            note=self.notes(element),
            selections=self.each(
                element, "selections", "selection", lambda s: self.selection(s, 1)
            ),
            forces=self.each(element, "forces", "force", lambda f: self.force(f, depth + 1)),
            custom_categories=self.custom_categories(element),
        )

    def custom_categories(self, force: Element) -> tuple[CustomCategory, ...]:
        """The custom names and notes of a force's ``<categories>``, by category entry id;
        the rest of a category (its name, its id) is the game data's, worked out again."""
        out: dict[str, CustomCategory] = {}
        over = False

        def one(element: Element) -> None:
            nonlocal over
            name, notes = self.text(element, "customName"), self.notes(element)
            if not (name or notes):
                return
            entry_id = self.required(element, "entryId")
            if not entry_id:
                return
            if entry_id in out:
                self.problem(
                    f"a second category '{entry_id[:60]}' with a name or notes of its own",
                    hint="a force has each category once; was the file edited by hand?",
                )
            elif len(out) < MAX_CUSTOM_CATEGORIES:
                out[entry_id] = CustomCategory(entry_id, name, notes)
            elif not over:
                over = True
                self.problem(f"more than {MAX_CUSTOM_CATEGORIES:,} categories named")

        self.each(force, "categories", "category", one)
        return tuple(out.values())

    def selection(self, element: Element, depth: int) -> Selection:
        self.selections += 1
        if self.selections == MAX_SELECTIONS + 1:
            self.problem(
                f"more than {MAX_SELECTIONS:,} selections by here",
                hint="check that this is the right file: a big army has a few hundred",
            )
        selection_id = self.own_id(element)
        entry_id = self.required(element, "entryId")
        number = self.number(element, "number", 1, MAX_NUMBER)
        if element.get("number") is None:
            self.problem("has no number", hint="every selection needs a number (1 or more)")
        elif number is not None and not number.is_integer():
            self.problem(f"number is {number:g}, not a whole number")
        kind = element.get("type")
        if kind not in SELECTION_TYPES:
            shown = f'is "{terminal_safe(kind[:40])}"' if kind is not None else "is missing"
            self.problem(f"type {shown}", hint="a selection's type is unit, model or upgrade")
        group = self.text(element, "entryGroupId")
        inner: tuple[Selection, ...] = ()
        nested = any(True for _ in children(element, "selections"))
        if depth >= MAX_SELECTION_DEPTH and nested:
            self.problem(f"selections nest more than {MAX_SELECTION_DEPTH} deep here")
        else:
            inner = self.each(
                element, "selections", "selection", lambda s: self.selection(s, depth + 1)
            )
        return Selection(
            id=selection_id,
            entry_id=entry_id,
            name=self.text(element, "name"),
            number=int(number) if number is not None and number.is_integer() else 1,
            entry_group_id=group or None,
            type=cast(Literal["unit", "model", "upgrade"], kind)
            if kind in SELECTION_TYPES
            else "upgrade",
            custom_name=self.text(element, "customName"),
            note=self.notes(element),
            selections=inner,
        )
