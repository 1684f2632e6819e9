"""Big lists over the real Warhammer 40,000 data in ``../shared/bsdata`` (never copied in),
for the builder's tests and benchmarks: a 2,000-point Space Marines list over the 10th
edition and a Necrons list over the 11th, each built as a player builds one, through
``model.bsdata.building`` (``choices`` names what a place offers, ``meant`` picks one by
name or ``Group/Name`` path, as ``warband add`` does).

The folder of games handed to the app holds a symbolic link to each edition's folder, so
the app's Library loads the data from ``../shared`` itself.

History: issue 33.
"""

from __future__ import annotations

from pathlib import Path

from catalogs.library import Library
from model.bsdata.building import add_selection, choices, new_force, remove_selection
from model.bsdata.picking import meant
from model.bsdata.roster import BsRoster, CostLimit, Selection
from model.bsdata.roster_toml import BsRosterFile
from model.bsdata.system import GameSystem
from saves.bs_roster_file import write_bs_roster
from tests.model.bsdata.shared_data import BSDATA

TENTH = "wh40k-10e"
ELEVENTH = "wh40k-11e"
SPACE_MARINES = "Imperium - Space Marines"
NECRONS = "Xenos - Necrons"
ARMY = "Army Roster"
POINTS = 2000

Step = tuple[str | None, str, int, str | None]
"""Wargear changed inside a unit: (the selection inside it to change, by name at any depth,
None for the unit itself; the entry to add there, by name or ``Group/Name``; how many; the
selection there it replaces, removed, or None)."""

SPACE_MARINE_UNITS: tuple[tuple[str, tuple[Step, ...]], ...] = (
    (
        "Captain",
        (
            (
                "Bolt Pistol, Master-crafted Bolter, Melee Weapon",
                "Power Fist",
                1,
                "Close Combat Weapon",
            ),
            (None, "Warlord", 1, None),
        ),
    ),
    ("Lieutenant", ()),
    ("Librarian", ()),
    ("Chaplain", ()),
    (
        "Intercessor Squad",
        (("Intercessor Sergeant", "Weapon 2/Power Weapon", 1, "Close Combat Weapon"),),
    ),
    (
        "Intercessor Squad",
        (("Intercessor Sergeant", "Weapon 2/Power Fist", 1, "Close Combat Weapon"),),
    ),
    (
        "Assault Intercessor Squad",
        (("Assault Intercessor Sergeant", "Weapon 2/Power Fist", 1, "Astartes Chainsword"),),
    ),
    ("Hellblaster Squad", (("Hellblaster Sergeant", "Plasma Pistol", 1, None),)),
    (
        "Terminator Squad",
        (
            ("Terminator Sergeant", "Chainfist", 1, "Power Fist"),
            (None, "Terminator w/ Power Fist", 4, None),
        ),
    ),
    ("Redemptor Dreadnought", ()),
    (
        "Bladeguard Veteran Squad",
        (("Bladeguard Veteran Sergeant", "Plasma Pistol", 1, "Heavy Bolt Pistol"),),
    ),
    ("Eradicator Squad", ((None, "Eradicator", 2, None),)),
    ("Repulsor", ()),
    ("Land Raider", ()),
    ("Infiltrator Squad", ()),
    ("Gladiator Lancer", ((None, "Two storm bolters", 1, None),)),
    ("Ballistus Dreadnought", ()),
)
"""Each unit taken at the top of the force, and its wargear changed (``Step``)."""


def games_folder(into: Path) -> Path:
    """A catalog folder holding a link to each Warhammer 40,000 edition in ``../shared``."""
    into.mkdir(parents=True, exist_ok=True)
    for edition in (TENTH, ELEVENTH):
        link = into / edition
        if not link.exists():
            link.symlink_to(BSDATA / edition, target_is_directory=True)
    return into


def has_data(edition: str) -> bool:
    return (BSDATA / edition).is_dir()


def walk(selections: tuple[Selection, ...]) -> list[Selection]:
    """Every selection, each followed by those inside it."""
    out: list[Selection] = []
    for one in selections:
        out += [one, *walk(one.selections)]
    return out


def take(
    system: GameSystem, roster: BsRoster, name: str, into: str | None = None, number: int = 1
) -> tuple[BsRoster, Selection]:
    """``roster`` with the entry ``name`` taken in its first force (inside the selection
    ``into`` when given), and the selection made."""
    force = roster.forces[0].id
    found = meant(choices(system, roster, force, into, every=True), name)
    assert len(found) >= 1, f"{name} is not offered"
    before = {s.id for s in walk(roster.forces[0].selections)}
    roster = add_selection(system, roster, force, into, found[0].entry_id, number)
    made = [s for s in walk(roster.forces[0].selections) if s.id not in before]
    return roster, made[0]


def inside(selection: Selection, name: str) -> Selection:
    """The selection called ``name`` in ``selection`` (itself included), at any depth."""
    return next(s for s in walk((selection,)) if s.name == name)


def army(system: GameSystem, catalogue: str) -> BsRoster:
    """A new 2,000-point list of ``catalogue``'s Army Roster, holding what it must."""
    cat = next(c for c in system.catalogues if c.name == catalogue)
    kind = next(f for f in system.forces(cat.id) if f.name == ARMY)
    points = next(t.id for t in system.cost_types() if t.name.strip() == "pts")
    roster = BsRoster("list", catalogue, system.id, cost_limits=(CostLimit(points, float(POINTS)),))
    return new_force(system, roster, cat.id, kind.id)


def space_marines(system: GameSystem) -> BsRoster:
    """About 2,000 points of Space Marines: a Detachment and a Battle Size chosen, four
    characters (the Captain the Warlord), and squads, some with their wargear changed."""
    roster = army(system, SPACE_MARINES)
    top = {s.name: s.id for s in roster.forces[0].selections}
    roster, _ = take(system, roster, "Gladius Task Force", top["Detachment"])
    roster, _ = take(system, roster, "2. Strike Force (2000 Point limit)", top["Battle Size"])
    for unit, wargear in SPACE_MARINE_UNITS:
        roster, made = take(system, roster, unit)
        for holder, item, number, replaced in wargear:
            made = _fresh(roster, made.id)
            at = made if holder is None else inside(made, holder)
            roster, _ = take(system, roster, item, at.id, number)
            if replaced is not None:
                roster = remove_selection(roster, inside(_fresh(roster, at.id), replaced).id)
    return roster


def necrons(system: GameSystem) -> BsRoster:
    """A Necrons list over the 11th edition: its Detachment and Battle Size chosen, an
    Overlord (the Warlord) and a few units."""
    roster = army(system, NECRONS)
    top = {s.name: s.id for s in roster.forces[0].selections}
    roster, _ = take(system, roster, "Awakened Dynasty", top["Detachment"])
    roster, _ = take(system, roster, "2. Strike Force (2000 Point limit)", top["Battle Size"])
    roster, overlord = take(system, roster, "Overlord")
    roster, _ = take(system, roster, "Warlord", overlord.id)
    for unit in ("Necron Warriors", "Immortals", "Lychguard", "Canoptek Wraiths"):
        roster, _ = take(system, roster, unit)
    return roster


def _fresh(roster: BsRoster, selection_id: str) -> Selection:
    """The selection ``selection_id`` as ``roster`` holds it now."""
    return next(s for s in walk(roster.forces[0].selections) if s.id == selection_id)


def written(folder: Path, system_id: str, roster: BsRoster, system: GameSystem) -> Path:
    """``roster`` written as a list file in ``folder``, as the app and CLI read one."""
    path = folder / "list.toml"
    write_bs_roster(path, BsRosterFile(system_id, roster), system.cost_names(), replace=True)
    return path


def load(folder: Path, edition: str) -> GameSystem:
    """The edition as the app's Library loads it from a folder made by ``games_folder``."""
    return Library(folder).load_battlescribe(edition)
