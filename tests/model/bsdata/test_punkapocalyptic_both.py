"""The Punkapocalyptic BSData (Spanish, ``../shared/bsdata/punkapocalyptic``, read in place)
against our own English catalog (``catalogs/punkapocalyptic``): the same bands built in
both, and every unit's and item's cost compared. Each difference found is a data conflict
written down, with its sources and which figure is more likely right, in
``tests/fixtures/bsdata/punkapocalyptic-conflicts.md``; the last test holds the note to the
differences this module finds.

Names are matched by meaning (research ``punkapocalyptic_bands.md`` §4-§10: Jefe = chief,
Filo medio = medium blade, Balas = bullet ...). The BSData bands are built as a player
would, through the engine (``new_force``, then ``add_selection`` of entries found by their
Spanish names among ``choices``), and costed by ``evaluate``; ours are our fixture rosters
costed by our validator.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache

from catalogs.bsdata import load_battlescribe
from model.bsdata.building import Choice, add_selection, choices, new_force
from model.bsdata.evaluate import Evaluation, evaluate
from model.bsdata.roster import BsRoster, CostLimit, Selection
from model.bsdata.system import GameSystem
from model.catalog.schema import FactionView
from model.roster.roster import Roster
from model.roster.validate import validate
from tests.conftest import FIXTURES
from tests.helpers import bundled
from tests.model.bsdata.shared_data import BSDATA

NOTE = FIXTURES / "bsdata" / "punkapocalyptic-conflicts.md"

POINTS = "6ba6-290e-2003-241d"
"""The game system's one cost type, "Puntos"."""

FACTIONS = {
    "gangers": "Pandilleros",
    "mutards": "Mutardos",
    "junkers": "Chatarreros",
    "black-blood-children": "Hijos de la Sangre Negra",
    "v-reich": "V Reich",
}
"""Our faction id: the BSData catalogue, whose force entry (in the .gst) has its name."""


@cache
def game() -> GameSystem:
    return load_battlescribe(BSDATA / "punkapocalyptic")


# -- building a band in the BSData by Spanish names ------------------------------------------


@dataclass(frozen=True)
class Pick:
    """``number`` of the entry named ``name`` where it is chosen, and picks inside it."""

    name: str
    number: int = 1
    inside: tuple[Pick, ...] = ()


def pick(name: str, *inside: Pick, number: int = 1) -> Pick:
    return Pick(name, number, inside)


def _selection(selections: tuple[Selection, ...], sid: str) -> Selection | None:
    for one in selections:
        if one.id == sid:
            return one
        found = _selection(one.selections, sid)
        if found is not None:
            return found
    return None


def _added(roster: BsRoster, parent: str | None) -> Selection:
    """The selection ``add_selection`` just made: the last one in its place."""
    force = roster.forces[0]
    if parent is None:
        return force.selections[-1]
    held = _selection(force.selections, parent)
    assert held is not None
    return held.selections[-1]


def _choice(roster: BsRoster, parent: str | None, name: str) -> Choice:
    offered = [c for c in choices(game(), roster, roster.forces[0].id, parent) if c.name == name]
    assert len(offered) == 1, (name, [c.name for c in offered])
    return offered[0]


def _add(roster: BsRoster, parent: str | None, one: Pick) -> BsRoster:
    entry = _choice(roster, parent, one.name).entry_id
    roster = add_selection(game(), roster, roster.forces[0].id, parent, entry, one.number)
    sid = _added(roster, parent).id
    for inner in one.inside:
        roster = _add(roster, sid, inner)
    return roster


def bs_band(faction: str, *picks: Pick) -> BsRoster:
    """A 500-point list of one force of ``faction``'s catalogue holding ``picks``."""
    system = game()
    name = FACTIONS[faction]
    catalogue = next(c.id for c in system.factions if c.name == name)
    force = next(f.id for f in system.forces(catalogue) if f.name == name)
    roster = BsRoster("r", name, system.id, cost_limits=(CostLimit(POINTS, 500),))
    roster = new_force(system, roster, catalogue, force)
    assert roster.forces[0].selections == ()  # no Punkapocalyptic force must hold anything
    for one in picks:
        roster = _add(roster, None, one)
    return roster


def points(result: Evaluation) -> float:
    return next(c.value for c in result.totals if c.type_id == POINTS)


def points_of(result: Evaluation, selection: Selection) -> float:
    """A selection's points with everything inside it."""
    own = next(c.value for c in result.selection_costs[selection.id] if c.type_id == POINTS)
    return own + sum(points_of(result, s) for s in selection.selections)


def our_band(path: str) -> tuple[FactionView, Roster]:
    """A fixture roster of ``tests/fixtures/rosters`` and its faction's view."""
    raw = tomllib.loads((FIXTURES / "rosters" / f"{path}.toml").read_text(encoding="utf-8"))
    raw.pop("format")
    roster = Roster.model_validate(raw)
    return bundled().view(roster.faction), roster


# -- (1) the same band in both -----------------------------------------------------------------


def test_the_gangers_legal_500_costs_485_in_both() -> None:
    """``gangers/legal-500`` (Rust Rats), hand-costed in its header at 485, built again in
    the BSData. Every price agrees (the BSData's all-in troop costs, Pandilleros.ST.cat):

    - Jefe 70 + Rifle automático 10 + Chaleco antibalas 10 + 3 Balas 45 (bought inside
      the rifle, 15 each)                                                    = 135
    - Curtido 40 + Rifle 8 (2 Balas 30) + Filo medio 10 + Cuero endurecido 5  =  93
    - Bruto 40 + Maza pesada 6 + Armadura metálica 10                         =  56
    - Pandillero 30 + Escopeta 6 (1 Bala 15) + Maza 5                         =  56
    - Pandillero 30 + Arco 10 + Filo pequeño 4                                =  44
    - Pandillero 30 + Ballesta 8 + Maza ligera 3                              =  41
    - Piltrafa 20 + 2 Cuchillos arrojadizos 6                                 =  26
    - Piltrafa 20 + Filo pequeño 4                                            =  24
    - Gato Amargado 10 (a band-level entry in the BSData, on the Scumbag in ours)
    total 135 + 93 + 56 + 56 + 44 + 41 + 26 + 24 + 10 = 485, and the BSData finds nothing
    wrong with the list either.
    """
    view, ours = our_band("gangers/legal-500")
    report = validate(view, ours)
    assert (report.points, report.valid) == (485, True)

    band = bs_band(
        "gangers",
        pick("Jefe", pick("Rifle automático", pick("Balas", number=3)), pick("Chaleco antibalas")),
        pick(
            "Curtido",
            pick("Rifle", pick("Balas", number=2)),
            pick("Filo medio"),
            pick("Cuero endurecido"),
        ),
        pick("Bruto", pick("Maza pesada"), pick("Armadura metálica")),
        pick("Pandillero", pick("Escopeta", pick("Balas")), pick("Maza")),
        pick("Pandillero", pick("Arco"), pick("Filo pequeño")),
        pick("Pandillero", pick("Ballesta"), pick("Maza ligera")),
        pick("Piltrafa", pick("Cuchillos arrojadizos", number=2)),
        pick("Piltrafa", pick("Filo pequeño")),
        pick("Gato Amargado"),
    )
    result = evaluate(game(), band)
    assert points(result) == report.points == 485
    assert result.findings == ()
    assert [points_of(result, s) for s in band.forces[0].selections] == [
        135, 93, 56, 56, 44, 41, 26, 24, 10,
    ]  # fmt: skip


def test_the_mutards_legal_500_is_30_points_cheaper_in_the_bsdata() -> None:
    """``mutards/legal-500`` (Sewer Choir): 496 in ours, 466 in the BSData. The one
    difference is the Pit beast (conflict "mutards, pit-beast, (unit)" in the note):

    - ours: Pit beast 70 all-in (Hunk, Resilient, Tough skin (5) included; BL §5, §11)
      + Brutal charge 8 + heavy mace 6 = 84;
    - BSData: Bestia del pozo 30, plus its mandatory Cachas (10: the link gives the
      shared entry's cost), Resistente and Piel dura (5) (links with no cost, so 0)
      = 40, + Carga brutal 8 + Maza pesada 6 = 54.

    Everything else agrees: Cabezón 80 + Filo pequeño 4 = 84; its two Grupos de pochos,
    5 x 6 = 30 and 3 x 6 = 18 (a group starts with its 2 default Pochos; 3 and 1 more are
    added); Mutardos 12 + mutations + weapon = 34, 38, 40, 30, 40, 30, 28; Perromorfos
    2 x 20 = 40. Total 84 + 30 + 18 + 54 + 34 + 38 + 40 + 30 + 40 + 30 + 28 + 40 = 466
    = 496 - 30, and the BSData finds nothing wrong with the list.
    """
    view, ours = our_band("mutards/legal-500")
    report = validate(view, ours)
    assert (report.points, report.valid) == (496, True)

    band = bs_band(
        "mutards",
        pick(
            "Cabezón",
            pick("Filo pequeño"),
            pick("Grupo de pochos", pick("Pocho", number=3)),
            pick("Grupo de pochos", pick("Pocho")),
        ),
        pick("Bestia del pozo", pick("Carga brutal"), pick("Maza pesada")),
        pick("Mutardo", pick("Cachas"), pick("Garras"), pick("Piel dura (3)")),
        pick("Mutardo", pick("Corredor"), pick("Espinas"), pick("Filo medio")),
        pick("Mutardo", pick("Rana"), pick("Miembros extra"), pick("Filo pequeño")),
        pick("Mutardo", pick("Sentidos aguzados"), pick("Mimetismo"), pick("Maza")),
        pick("Mutardo", pick("Capacitado"), pick("Piel dura (1)"), pick("Cuchillos arrojadizos")),
        pick("Mutardo", pick("Proyectil orgánico"), pick("Sónar"), pick("Maza ligera")),
        pick("Mutardo", pick("Garras envenenadas"), pick("Pegajoso")),
        pick("Perromorfo"),
        pick("Perromorfo"),
    )
    result = evaluate(game(), band)
    assert points(result) == 466 == report.points - 30
    assert result.findings == ()
    assert [points_of(result, s) for s in band.forces[0].selections] == [
        132, 54, 34, 38, 40, 30, 40, 30, 28, 20, 20,
    ]  # fmt: skip  # the Cabezón's 132 = 84 + 30 + 18
    pit_beast = band.forces[0].selections[1]
    assert [(s.name, points_of(result, s)) for s in pit_beast.selections] == [
        ("Cachas", 10), ("Piel dura (5)", 0), ("Resistente", 0),
        ("Carga brutal", 8), ("Maza pesada", 6),
    ]  # fmt: skip


def test_the_v_reich_legal_500_is_5_points_cheaper_in_the_bsdata() -> None:
    """``v-reich/legal-500`` (Sturmtrupp Asche): 491 in ours, 486 in the BSData. The one
    difference is the third Soldat's pistol (conflict "v-reich, soldat, pistol"): 5 in
    ours (RB ch.3's price, BL §8, §11), 0 in the BSData (V.Reich.ST.cat: the Soldat's link
    to the Pistola has no cost, and the game system's Pistola has none of its own).

    - Mariscal 60 (Walkie-talkie included) + Rifle automático 10 (2 Balas 30)
      + Filo medio 10 + Chaleco antibalas 10                                  = 120
    - Soldat 40 + Rifle 8 (1 Bala 15) + Walkie-talkie 8                      =  71
    - Soldat 40 + Escopeta 6 (1 Bala 15) + Filo pequeño 4 + Walkie-talkie 8
      + Mastín 9                                                              =  82
    - Soldat 40 + Pistola 0 + Cuchillos arrojadizos 3 + Walkie-talkie 8      =  51 (ours 56)
    - Übersoldat 50 + Maza pesada 6 + Armadura metálica 10 + Walkie-talkie 8 =  74
    - Sanitario 40 (Botiquín included) + Maza ligera 3 + Cuero endurecido 5  =  48
    - Subhumano 20 (Chapa metálica and Garras y dientes included), twice     =  40
    total 120 + 71 + 82 + 51 + 74 + 48 + 40 = 486 = 491 - 5; no finding in the BSData.
    """
    view, ours = our_band("v-reich/legal-500")
    report = validate(view, ours)
    assert (report.points, report.valid) == (491, True)

    band = bs_band(
        "v-reich",
        pick(
            "Mariscal",
            pick("Rifle automático", pick("Balas", number=2)),
            pick("Filo medio"),
            pick("Chaleco antibalas"),
        ),
        pick("Soldat", pick("Rifle", pick("Balas")), pick("Walkie-talkie")),
        pick(
            "Soldat",
            pick("Escopeta", pick("Balas")),
            pick("Filo pequeño"),
            pick("Walkie-talkie"),
            pick("Mastín"),
        ),
        pick("Soldat", pick("Pistola"), pick("Cuchillos arrojadizos"), pick("Walkie-talkie")),
        pick("Übersoldat", pick("Maza pesada"), pick("Armadura metálica"), pick("Walkie-talkie")),
        pick("Sanitario", pick("Maza ligera"), pick("Cuero endurecido")),
        pick("Subhumano"),
        pick("Subhumano"),
    )
    result = evaluate(game(), band)
    assert points(result) == 486 == report.points - 5
    assert result.findings == ()
    assert [points_of(result, s) for s in band.forces[0].selections] == [
        120, 71, 82, 51, 74, 48, 20, 20,
    ]  # fmt: skip


# -- (2) every unit and item of every faction in both --------------------------------------------

UNITS = {
    "Jefe": "chief",
    "Curtido": "badass",
    "Bruto": "brute",
    "Pandillero": "ganger",
    "Piltrafa": "scumbag",
    "Lord Homoeroticus": "lord-homoeroticus",
    "Cabezón": "bobblehead",
    "Pocho": "addler",  # inside the Cabezón's Grupo de pochos in the BSData
    "Mutardo": "mutard",
    "Bestia del pozo": "pit-beast",
    "Perromorfo": "mongrelmorph",
    "Kim & Bashinger": "kim-and-bashinger",
    "Sonda": "probe",
    "Pistón": "piston",
    "Engranaje": "gear",
    "Dinamo": "dynamo",
    "Caronte": "caronte",
    "Ceniza": "ash",
    "Quemado": "burnt",
    "Ascua": "ember",
    "Chispa": "spark",
    "Guardián de la llama": "flame-keeper",
    "Cunnilingus Igni": "cunnilingus-igni",
    "Momma Nutritora": "momma-nutritora",
    "Soldat": "soldat",
    "Übersoldat": "ubersoldat",
    "Sanitario": "medic",
    "Mariscal": "marshal",
    "Subhumano": "subhuman",
    "Ilse, la Loba del V Reich": "ilse",
    "Casco Rojo": "casco-rojo",
    'Edward Berhart "El Mariscal Oscuro"': "edward-berhart",
    "Aaron Schwartzmann": "aaron-schwartzmann",
    "Crazy Mel": "crazy-mel",
    "Ochodedos": "eightfingers",
}
"""BSData unit entry name: our unit id."""

ITEMS = {
    "Filo pequeño": "small-blade",
    "Filo medio": "medium-blade",
    "Filo pesado": "heavy-blade",
    "Maza": "mace",
    "Maza ligera": "light-mace",
    "Maza pesada": "heavy-mace",
    "Arco": "bow",
    "Ballesta": "crossbow",
    "Cuchillos arrojadizos": "throwing-knives",
    "Escopeta": "shotgun",
    "Pistola": "pistol",
    "Rifle": "rifle",
    "Rifle automático": "automatic-rifle",
    "Garras y dientes": "claws-and-teeth",
    "Ropa resistente": "thick-clothes",
    "Cuero endurecido": "hardened-leather",
    "Armadura metálica": "metallic-armor",
    "Chapa metálica": "metal-plate",
    "Chaleco antibalas": "bulletproof-vest",
    "Escudo": "shield",
    "Protección contra contaminación": "biohazard-protection",
    "Bayoneta": "bayonet",
    "Balas": "bullet",
    "Balas apañadas": "jury-rigged-bullet",
    "Gato Amargado": "grumpy-cat",
    # Mutards (BL §5)
    "Capacitado": "able",
    "Esputo ácido": "acid-spit",
    "Carga brutal": "brutal-charge",
    "Garras": "claws",
    "Miembros extra": "extra-limbs",
    "Rana": "frog",
    "Cachas": "hunk",
    "Mimetismo": "mimetism",
    "Proyectil orgánico": "organic-missile",
    "Garras envenenadas": "poisoned-claws",
    "Extremidad prensil": "prehensile-limb",
    "Resonancia psíquica": "psychic-echo",
    "Resistente": "resilient",
    "Corredor": "runner",
    "Sentidos aguzados": "sharp-senses",
    "Cola afilada": "sharp-tail",
    "Sónar": "sonar",
    "Pegajoso": "sticky",
    "Piernas seguras": "sure-feet",
    "Espinas": "thorns",
    "Piel dura (1)": "tough-skin-1",
    "Piel dura (3)": "tough-skin-3",
    "Piel dura (5)": "tough-skin-5",
    # Junkers (BL §6)
    "Chasqueador": "zapper",
    "Puño balístico": "ballistic-fist",
    "Bombeadora": "pump-gun",
    "Lanzaarpones": "harpoon-launcher",
    "Trabuco": "blunderbuss",
    "Vaporeta": "steam-gun",
    "Mira telescópica": "scope",
    "Cacharras de oficio": "tools",
    # Black Blood Children (BL §7)
    "Motosierra": "chainsaw",
    "Lanzallamas": "flamethrower",
    "Bidón gigante de gasofa": "giant-fuel-drum",
    "Motocicleta": "motorcycle",
    "Bomba Incendiaria": "incendiary-bomb",
    # V Reich (BL §8)
    "Walkie-talkie": "walkie-talkie",
    "Mastín": "mastiff",
    "Botiquin": "medkit",
    "Agentes de Kraken ": "kraken-agent",  # the trailing space is in the data
}
"""BSData item entry name: our item id."""

BOMB_PACK = re.compile(r"^(\d) Bombas? (Incendiarias?|de Humo|de Gas)$")
"""The Dinamo buys bombs in packs ("3 Bombas de Humo", 15 points): compared per bomb."""
BOMB_KINDS = {"Incendiaria": "incendiary-bomb", "Humo": "smoke-bomb", "Gas": "gas-bomb"}

CONTAINERS = {"Grupo de pochos"}
"""0-point entries that only hold others (an addler pack holds its Pochos): walked into."""
MARKERS = {"Bombas"}
"""0-point entries with nothing of ours to match: the Dinamo's "Bombas" only counts the
Dynamos that carry bombs (max 3 in the roster)."""
UNMATCHED = {"Ragnar"}
"""Items the BSData offers that our catalog has nothing for: compared by Spanish name."""

BAND_ITEMS = {"bullet", "jury-rigged-bullet", "grumpy-cat"}
"""Bought for the whole band in ours (RB ch.3 Ammunition; BL §2), so compared per
faction, not per unit: the BSData offers bullets inside each firearm and the cat at the
top of the list."""

BAND = "(band)"
UNIT = "(unit)"


@dataclass
class Offer:
    """What one unit costs and may take, on one side."""

    cost: float
    items: dict[str, set[float]]
    """Each item it may take (a choice, not included gear): its costs."""
    included: set[str]
    """The gear included in its cost (BSData: the defaults; ours: ``base``)."""


@dataclass
class Side:
    units: dict[str, Offer]
    band: dict[str, set[float]]


def _item(name: str, cost: float) -> tuple[str, float] | None:
    """Our id (or the Spanish name, for ``UNMATCHED``) and the cost of one, or None."""
    pack = BOMB_PACK.match(name)
    if pack:
        kind = next(k for k in BOMB_KINDS if k in pack.group(2))
        return BOMB_KINDS[kind], cost / int(pack.group(1))
    if name in UNMATCHED:
        return name, cost
    if name in ITEMS:
        return ITEMS[name], cost
    return None


class _Walk:
    """Every unit of one BSData force and what it may take, found through ``choices``:
    each unit added alone to the empty force, each of its choices added in turn to see
    what is offered inside (bullets and bayonets inside a firearm), three levels down."""

    def __init__(self, faction: str) -> None:
        self.side = Side({}, {})
        self.unknown: set[str] = set()
        self.others: list[tuple[str, float]] = []
        empty = bs_band(faction)
        self.force = empty.forces[0].id
        for choice in choices(game(), empty, self.force):
            cost = _cost(choice)
            if choice.name in UNITS:
                self._unit(empty, None, choice)
            elif ITEMS.get(choice.name) in BAND_ITEMS:
                self.side.band.setdefault(ITEMS[choice.name], set()).add(cost)
            else:
                self.others.append((choice.name, cost))

    def _unit(self, roster: BsRoster, parent: str | None, choice: Choice) -> None:
        uid = UNITS[choice.name]
        if uid in self.side.units:
            return
        roster = add_selection(game(), roster, self.force, parent, choice.entry_id)
        unit = _added(roster, parent)
        result = evaluate(game(), roster)
        included = {ITEMS.get(s.name, s.name) for s in unit.selections}
        offer = Offer(points_of(result, unit), {}, included)
        self.side.units[uid] = offer
        self._inside(roster, unit, offer, 1)

    def _inside(self, roster: BsRoster, held: Selection, offer: Offer, depth: int) -> None:
        defaults = {s.entry_id: s for s in held.selections}
        for choice in choices(game(), roster, self.force, held.id):
            if choice.name in UNITS:
                self._unit(roster, held.id, choice)
                continue
            default = defaults.get(choice.entry_id)
            if default is not None:  # included gear: only what it offers inside counts
                if depth < 3:
                    self._inside(roster, default, offer, depth + 1)
                continue
            if choice.name in MARKERS:
                continue
            if choice.name not in CONTAINERS:
                found = _item(choice.name, _cost(choice))
                if found is None:
                    self.unknown.add(choice.name)
                    continue
                item, cost = found
                into = self.side.band if item in BAND_ITEMS else offer.items
                into.setdefault(item, set()).add(cost)
            if depth < 3:
                more = add_selection(game(), roster, self.force, held.id, choice.entry_id)
                self._inside(more, _added(more, held.id), offer, depth + 1)


def _cost(choice: Choice) -> float:
    return next(c.value for c in choice.costs if c.type_id == POINTS)


@cache
def bs_side(faction: str) -> tuple[Side, frozenset[str], tuple[tuple[str, float], ...]]:
    """The BSData's units and band items of a faction, the names it could not match, and
    the top-level entries that are neither our units nor band items."""
    walk = _Walk(faction)
    return walk.side, frozenset(walk.unknown), tuple(walk.others)


def our_side(faction: str) -> Side:
    view = bundled().view(faction)
    side = Side({}, {})
    for uid, unit in view.iter_units():
        offer = Offer(unit.cost, {}, set(unit.base))
        for group in view.option_groups(uid):
            for item in group.choices:
                cost = view.choice_cost(group, item)
                into = side.band if item in BAND_ITEMS else offer.items
                into.setdefault(item, set()).add(cost)
        side.units[uid] = offer
    return side


Figure = float | None
"""One side's cost of something: None when that side does not offer it."""


def _figure(costs: set[float] | None) -> Figure:
    if costs is None:
        return None
    assert len(costs) == 1, costs  # one price per item and unit on each side, so far
    return next(iter(costs))


def differences(faction: str) -> list[tuple[str, str, str, Figure, Figure]]:
    """(faction, unit, item, ours, BSData) for each figure that differs: a unit's cost
    with what is included (item ``(unit)``), each item a unit may take as a choice on
    either side (included gear counts as 0 on the side that includes it), and what the
    band buys (unit ``(band)``)."""
    ours, (theirs, _, _) = our_side(faction), bs_side(faction)
    out: list[tuple[str, str, str, Figure, Figure]] = []
    for uid in sorted(ours.units.keys() | theirs.units.keys()):
        mine, other = ours.units.get(uid), theirs.units.get(uid)
        if mine is None or other is None:
            out.append(
                (
                    faction,
                    uid,
                    UNIT,
                    None if mine is None else mine.cost,
                    None if other is None else other.cost,
                )
            )
            continue
        if mine.cost != other.cost:
            out.append((faction, uid, UNIT, mine.cost, other.cost))
        for item in sorted(mine.items.keys() | other.items.keys()):
            a = _figure(mine.items.get(item, {0} if item in mine.included else None))
            b = _figure(other.items.get(item, {0} if item in other.included else None))
            if a != b:
                out.append((faction, uid, item, a, b))
    for item in sorted(ours.band.keys() | theirs.band.keys()):
        a, b = _figure(ours.band.get(item)), _figure(theirs.band.get(item))
        if a != b:
            out.append((faction, BAND, item, a, b))
    return out


DIFFERENCES = [
    # Hand-checked in the .gst (Pandilleros.ST.cat links its Lord Homoeroticus): he links
    # Protección contra contaminación at 5 and Bayoneta at 4; ours has no options.
    ("gangers", "lord-homoeroticus", "bayonet", None, 4),
    ("gangers", "lord-homoeroticus", "biohazard-protection", None, 5),
    # Hand-checked in Mutardos ST.cat: the Bestia del pozo costs 30; its link to Cachas
    # has no cost of its own, so the game system's 10 stands, while its links to
    # Resistente and "Piel dura (3)" (whose target is Piel dura (5)) add nothing: 40.
    # Its Mutaciones group links seven mutations, not Garras envenenadas.
    ("mutards", "pit-beast", UNIT, 70, 40),
    ("mutards", "pit-beast", "poisoned-claws", 8, None),
    # Hand-checked in Chatarreros.ST.cat: the Dinamo's Equipo links Mira telescópica at
    # 10 and Cacharras de oficio with no cost (the .gst's entry has none either).
    ("junkers", "caronte", "biohazard-protection", None, 0),
    ("junkers", "dynamo", "scope", None, 10),
    ("junkers", "dynamo", "tools", 3, 0),
    # Hand-checked in V.Reich.ST.cat: the Soldat's and the Sanitario's links to Pistola
    # carry no cost (the Mariscal's and the Übersoldat's carry 5); "Agentes de Kraken"
    # is an upgrade inside Casco Rojo at 15; Ragnar is an upgrade of Edward's at 0.
    ("v-reich", "casco-rojo", "bayonet", None, 4),
    ("v-reich", "casco-rojo", "biohazard-protection", None, 5),
    ("v-reich", "casco-rojo", "kraken-agent", None, 15),
    ("v-reich", "edward-berhart", "Ragnar", None, 0),
    ("v-reich", "ilse", "bayonet", None, 4),
    ("v-reich", "ilse", "biohazard-protection", None, 5),
    ("v-reich", "medic", "pistol", 5, 0),
    ("v-reich", "soldat", "kraken-agent", 15, None),
    ("v-reich", "soldat", "pistol", 5, 0),
    ("v-reich", "ubersoldat", "kraken-agent", 15, None),
]
"""Every difference between the two, each a conflict in the note."""


def all_differences() -> list[tuple[str, str, str, Figure, Figure]]:
    return [d for faction in FACTIONS for d in differences(faction)]


def test_every_unit_and_item_costs_the_same_but_the_listed_conflicts() -> None:
    """Over the five factions in both, every unit's cost and every item's cost agree but
    for the conflicts listed (``DIFFERENCES``); a change on either side shows up here.

    Agreeing, to pick a few checked by hand: the Curtido's Armadura metálica is 15 in both
    (a badass pays 15 where a chief pays 10, BL §3); Kim & Bashinger 135 in both (the
    BSData's 125 plus his Cachas at 10); Cunnilingus Igni 100 in both (90 plus his Chapa
    metálica at 10); a Pocho 6, as our addler per model; the Dinamo's bombs 5 each, bought
    in packs of 1 to 5 at 5 to 25; bullets 15 wherever the BSData sells them.
    """
    assert all_differences() == DIFFERENCES


def test_every_bsdata_name_is_matched() -> None:
    """No entry a player may choose in these five forces goes unmatched (a renamed or new
    entry in the data would show up here), and each of our units is found in the BSData."""
    for faction in FACTIONS:
        side, unknown, _ = bs_side(faction)
        assert unknown == frozenset(), faction
        assert side.units.keys() == our_side(faction).units.keys(), faction


BS_ONLY = {
    "Capitán Hammerica": 80,
    "Viejo Sajarratas": 15,
    "Imperatrix Rabiosa": 60,
    "Lizzy Deville": 80,
    "Magnus": 85,
    "Irina (beta)": 80,
    "Mongodrilo Dundee": 70,
}
"""Mercs of the .gst our catalog leaves out (BL §9 lists them with these costs)."""


def test_the_bsdata_mercs_we_leave_out() -> None:
    """Each force offers, besides its own troops and our two mercs, the other mercs of the
    .gst that its catalogue links: all seven, but V.Reich.ST.cat links neither Capitán
    Hammerica nor Mongodrilo Dundee."""
    for faction in FACTIONS:
        _, _, others = bs_side(faction)
        expected = dict(BS_ONLY)
        if faction == "v-reich":
            del expected["Capitán Hammerica"], expected["Mongodrilo Dundee"]
        assert dict(others) == expected, faction


# -- the note ----------------------------------------------------------------------------------


def _rows(text: str) -> list[list[str]]:
    """The cells of the note's conflict table (rows whose first cell is a faction id)."""
    out = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0].strip("`") in FACTIONS:
            out.append([c.strip("`") for c in cells])
    return out


def _shown(figure: Figure) -> str:
    return "not offered" if figure is None else f"{figure:g}"


def test_the_note_lists_every_difference_found() -> None:
    """``punkapocalyptic-conflicts.md`` has one row per difference, no more: faction,
    unit, item, then our figure and the BSData's, each cell the figure (or "not offered")
    before its explanation in brackets."""
    rows = _rows(NOTE.read_text(encoding="utf-8"))
    assert [tuple(r[:3]) for r in rows] == [d[:3] for d in DIFFERENCES]
    for row, (*_, ours, theirs) in zip(rows, DIFFERENCES, strict=True):
        assert row[3].split(" (")[0] == _shown(ours), row
        assert row[4].split(" (")[0] == _shown(theirs), row
    text = NOTE.read_text(encoding="utf-8")
    assert all(name in text for name in BS_ONLY)
