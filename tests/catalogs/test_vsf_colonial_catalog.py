"""The bundled colonial VSF catalog (``catalogs/vsf-colonial``, from the quick-reference
sheet ``../shared/rules/001_f1bbda9ebe4e4b6f.txt``): it loads and checks cleanly, it says
that no points or unit cards are published (every unit is a zero-cost example and any
list is legal), its stats and tags are the sheet's, and its tracker carries every phase,
modifier, test and table of the sheet with the sheet's numbers."""

from __future__ import annotations

import io

import pytest

from catalogs.loader import load_system
from catalogs.locations import bundled_dir
from model.catalog.schema import Catalog
from model.catalog.tracker import Tracker
from model.rules.points_limit import PointsLimit
from tests.conftest import ROOT
from tests.helpers import check, codes, entry
from tui.cli import main

FOLDER = bundled_dir() / "vsf-colonial"

VEHICLE_STATS = ["SUSTAIN", "SPIN", "SPEED", "ARMOR", "START", "SHOOT", "Melee", "CREW"]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_system(FOLDER)


@pytest.fixture(scope="module")
def tracker(catalog: Catalog) -> Tracker:
    found = catalog.system_file.tracker
    assert found is not None
    return found


# --- loading and the system ------------------------------------------------------------------


def test_check_reports_no_problems(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out, err = io.StringIO(), io.StringIO()
    code = main(["catalogs", "--check", "catalogs/vsf-colonial"], out=out, err=err)
    assert (code, err.getvalue()) == (0, ""), out.getvalue()
    assert out.getvalue().startswith(
        "catalogs/vsf-colonial: no problems: Colonial VSF (vsf-colonial)"
    )


def test_system_heading_and_stats(catalog: Catalog) -> None:
    s = catalog.system
    assert (s.id, s.dice, s.distance_unit) == ("vsf-colonial", "d10", "in")
    assert [x.id for x in s.stats] == [
        "Shoot", "Melee", "ROF", "Move", "Save",
        "SUSTAIN", "SPIN", "SPEED", "ARMOR", "START", "SHOOT", "CREW",
    ]  # fmt: skip
    assert sorted(catalog.factions) == ["british", "natives"]


def test_no_points_are_published_so_nothing_limits_a_list(catalog: Catalog) -> None:
    """The sheet has no points: the word says so, every unit costs 0 and no points-limit
    rule exists, so a list is legal at the nominal limit of 1 whatever it holds."""
    assert catalog.system.points == "points (none published)"
    assert catalog.system.default_points_limit == 1
    parts = [catalog.system_file, *catalog.factions.values()]
    assert not any(isinstance(c, PointsLimit) for part in parts for c in part.constraints)
    for fid in catalog.factions:
        view = catalog.view(fid)
        assert {u.cost for u in view.units.values()} == {0}
        everything = [entry(uid, u.models.max) for uid, u in view.units.items()]
        assert codes(check(view, *everything, *everything)) == []


def test_every_unit_is_an_example(catalog: Catalog) -> None:
    for faction in catalog.factions.values():
        assert faction.faction.data == "example"
        assert faction.units
        assert all(u.data == "example" for u in faction.units.values())


# the unit kinds and qualities the sheet tells apart, as the example units carry them
UNIT_TAGS = {
    ("british", "colonel"): {"army-commander", "notable"},
    ("british", "professor"): {"scientist", "notable"},
    ("british", "line-infantry"): {"infantry", "regular"},
    ("british", "volunteers"): {"infantry", "irregular", "green"},
    ("british", "lancers"): {"cavalry", "regular", "elite"},
    ("british", "gatling"): {"gun", "regular"},
    ("british", "marines"): {"infantry", "regular", "power-armour", "figures:2"},
    ("british", "ironclad"): {"vehicle", "large-vehicle"},
    ("natives", "war-chief"): {"army-commander", "notable"},
    ("natives", "engineer"): {"scientist", "notable"},
    ("natives", "warriors"): {"infantry", "irregular"},
    ("natives", "riflemen"): {"infantry", "irregular", "green"},
    ("natives", "guard"): {"infantry", "regular", "elite"},
    ("natives", "horsemen"): {"cavalry", "irregular"},
    ("natives", "automaton"): {"automaton"},
    ("natives", "crawler"): {"vehicle", "enormous-vehicle"},
}


def test_unit_tags(catalog: Catalog) -> None:
    seen = {(fid, uid) for fid, f in catalog.factions.items() for uid in f.units}
    assert seen == set(UNIT_TAGS)
    for (fid, uid), tags in UNIT_TAGS.items():
        assert catalog.view(fid).unit_tags(uid) == frozenset(tags), uid


def test_troops_have_no_vehicle_stats_and_vehicles_no_troop_stats(catalog: Catalog) -> None:
    for fid, faction in catalog.factions.items():
        for uid, unit in faction.units.items():
            tags = catalog.view(fid).unit_tags(uid)
            machine = bool(tags & {"vehicle", "automaton"})
            for stat in ("SUSTAIN", "SPIN", "SPEED", "ARMOR", "START", "SHOOT"):
                assert isinstance(unit.stats[stat], int) == machine, (uid, stat)
            for stat in ("Shoot", "Move"):
                assert isinstance(unit.stats[stat], int) == (not machine), (uid, stat)
            assert isinstance(unit.stats["Save"], int) == ("notable" in tags), uid
            # an automaton has no crew; a vehicle has
            assert isinstance(unit.stats["CREW"], int) == ("vehicle" in tags), uid


# --- the tracker: turn sequence, counters, damage -------------------------------------------


def test_turn_sequence_is_the_sheets_phases(tracker: Tracker) -> None:
    turns = tracker.turns
    assert turns.kind == "phases"
    assert [p.id for p in turns.phases] == [
        "orders", "reveal", "moves", "random-events", "shooting", "melee", "morale",
    ]  # fmt: skip
    assert [p.id for p in turns.phases if p.activations] == ["moves", "shooting", "melee"]
    assert all(p.order == "free" and p.reminder for p in turns.phases)
    assert "natives" in (turns.phases[3].reminder or "").lower()
    assert tracker.activation == "unit"


def test_order_chip_and_formation_counters(tracker: Tracker) -> None:
    order = tracker.counter("order")
    assert (order.kind, order.options) == ("choice", ("Not placed", "Moving", "Stationary"))
    assert (order.scope, order.hidden_until, order.clears) == ("actor", "reveal", "end-of-turn")
    formation = tracker.counter("formation")
    assert formation.options == ("Close order", "Loose order", "Skirmish order")
    assert formation.units is not None
    assert formation.units.unit_tags == {"infantry", "cavalry", "gun"}
    for cid in ("fired", "morale-tested", "penetrating-hit"):
        assert tracker.counter(cid).clears == "end-of-turn", cid


def test_damage_counters_lower_their_stat(tracker: Tracker) -> None:
    lost = {
        "sustain-lost": "SUSTAIN",
        "spin-lost": "SPIN",
        "speed-lost": "SPEED",
        "armor-lost": "ARMOR",
        "start-lost": "START",
        "shoot-lost": "SHOOT",
        "melee-lost": "Melee",
        "crew-lost": "CREW",
    }
    for cid, stat in lost.items():
        spec = tracker.counter(cid)
        assert (spec.kind, dict(spec.modifiers)) == ("number", {stat: -1}), cid


def test_states_that_stop_or_remove_a_unit(tracker: Tracker) -> None:
    standing = {c.id for c in tracker.counters if c.stands}
    assert standing == {"no-action-next-turn", "haywire-jammed"}
    assert tracker.counter("no-action-next-turn").clears == "end-of-next-turn"
    out = {c.id for c in tracker.counters if c.out}
    assert out == {"casualty", "fled", "disabled", "exploded", "abandoned", "captured"}
    for cid in ("no-power", "no-power-for-good"):
        assert tracker.counter(cid).clears == "count-down"
    assert tracker.damage.out_counter == "casualty"
    assert tracker.damage.zero_stats == tuple(VEHICLE_STATS)


def test_stationary_fire_is_once_a_turn_at_any_time(tracker: Tracker) -> None:
    fire = tracker.action("stationary-fire")
    assert fire.interrupt and fire.needs == ("fired",)
    assert tracker.action("shoot").needs == ("fired",)


# --- modifiers: every row of the sheet's modifier tables -------------------------------------

MODIFIERS = {
    # 001 Shooting
    "firer-moving": ("shooting", -2),
    "long-range": ("shooting", -1),
    "shooting-light-cover": ("shooting", -1),
    "shooting-heavy-cover": ("shooting", -2),
    "target-skirmish-or-crew": ("shooting", -1),
    "target-cavalry-close": ("shooting", 1),
    "target-enfiladed": ("shooting", 1),
    "volley-fire": ("shooting", 1),
    "target-elite": ("shooting", -1),
    "target-green": ("shooting", 1),
    "target-large-vehicle": ("shooting", 1),
    "target-enormous-vehicle": ("shooting", 3),
    # 001 MELEE
    "melee-light-cover": ("melee", -1),
    "melee-heavy-cover": ("melee", -2),
    "attacker-skirmish": ("melee", -1),
    # 001 Morale: infantry / cavalry / guns (x2 for power armour is the figures:2 tag)
    "attempting-charge": ("morale", -1),
    "infantry-charging-vehicle": ("morale", -2),
    "skirmish-receiving-charge": ("morale", -1),
    "morale-light-cover": ("morale", 1),
    "morale-heavy-cover": ("morale", 2),
    "army-commander-near": ("morale", -1),
    "gun-crew": ("morale", 6),
    # 001 Morale: vehicles
    "crew-casualty": ("vehicle-morale", -1),
    "attribute-reduction": ("vehicle-morale", -1),
    "penetrating-hit-this-turn": ("vehicle-morale", -2),
    # 001 Armor Saves
    "rifle-gatling": ("armour-save", -6),
    "light-gun": ("armour-save", -1),
    "medium-gun": ("armour-save", 0),
    "heavy-gun": ("armour-save", 2),
    # Reading: a melee save takes the melee rows only (issue 16)
    "infantry-melee": ("armour-save-melee", -5),
    "infantry-explosives": ("armour-save-melee", -2),
    "special-melee-weapon": ("armour-save-melee", 1),
}


def test_every_modifier_row_with_the_sheets_value(tracker: Tracker) -> None:
    found = {m.id: (m.roll, m.value) for m in tracker.modifiers}
    assert found == MODIFIERS
    assert all(m.source for m in tracker.modifiers)


def test_modifiers_that_apply_by_themselves(tracker: Tracker) -> None:
    """Only what the tested model itself shows applies by itself: its crew and stat losses,
    a penetrating hit, a gun crew's gun. The target's quality and size stay manual."""
    auto = {m.id: (m.counters, m.per, m.tags) for m in tracker.modifiers if m.counters or m.tags}
    stat_losses = (
        "sustain-lost", "spin-lost", "speed-lost", "armor-lost", "start-lost", "shoot-lost",
        "melee-lost",
    )  # fmt: skip
    assert auto == {
        "crew-casualty": (("crew-lost",), 1, frozenset()),
        "attribute-reduction": (stat_losses, 3, frozenset()),
        "penetrating-hit-this-turn": (("penetrating-hit",), None, frozenset()),
        "gun-crew": ((), None, frozenset({"gun"})),
    }


# --- tests and tables ------------------------------------------------------------------------

TESTS = {
    # id: (target, modify, modifiers, pass_table, fail_table)
    "shooting": ("stat:Shoot", "target", "shooting", None, None),
    "vehicle-shooting": ("now:SHOOT", "target", "shooting", None, None),
    "melee": ("stat:Melee", "target", "melee", None, None),
    "vehicle-melee": (None, "target", "melee", None, None),
    "notable-save": ("stat:Save", "target", None, None, None),
    "morale": ("unit:standing", "target", "morale", None, "morale-failure-non-vehicles"),
    "vehicle-morale": (9, "target", "vehicle-morale", None, "morale-failure-vehicles"),
    "sustain": ("now:SUSTAIN", "target", None, None, None),
    "automaton-sustain": ("now:SUSTAIN", "target", None, None, "haywire"),
    "start": ("now:START", "target", None, None, None),
    "armour-save-shooting": (
        "now:ARMOR",
        "roll",
        "armour-save",
        "vehicle-shooting-non-penetrating",
        "vehicle-shooting-penetrating",
    ),
    "armour-save-melee": (
        "now:ARMOR",
        "roll",
        "armour-save-melee",
        "vehicle-melee-dent",
        "vehicle-melee-crack",
    ),
    "automaton-armour-save": (
        "now:ARMOR",
        "roll",
        "armour-save",
        "automata-non-penetrating",
        "automata-penetrating",
    ),
    "automaton-armour-save-melee": (
        "now:ARMOR",
        "roll",
        "armour-save-melee",
        "automata-non-penetrating",
        "automata-penetrating",
    ),
    "scientist-repair": (None, "target", None, None, None),
}


def test_every_test_is_a_d10_roll_under(tracker: Tracker) -> None:
    found = {
        t.id: (t.target, t.modify, t.modifiers, t.pass_table, t.fail_table) for t in tracker.tests
    }
    assert found == TESTS
    assert all(t.sides == 10 and t.passes == "at-most" and t.hit is None for t in tracker.tests)
    # a vehicle rolls as many melee dice as its attack rating
    vehicle_melee = tracker.test("vehicle-melee")
    assert vehicle_melee is not None and vehicle_melee.count == "now:Melee"


TABLES = {
    # id: (column, units tag)
    "morale-failure-non-vehicles": ("Non-vehicles", None),
    "morale-failure-vehicles": ("Vehicle Results", "vehicle"),
    "vehicle-shooting-non-penetrating": ("Non-Penetrating Hit", "vehicle"),
    "vehicle-shooting-minor-damage": ("Non-Penetrating Hit, row 8", "vehicle"),
    "vehicle-shooting-penetrating": ("Penetrating Hit", "vehicle"),
    "vehicle-shooting-catastrophic": ("Catastrophic Hit", "vehicle"),
    "vehicle-melee-dent": ("Dent", "vehicle"),
    "vehicle-melee-crack": ("Crack", "vehicle"),
    "haywire": ("Effect", "automaton"),
    "automata-non-penetrating": ("Non-Penetrating Hit", "automaton"),
    "automata-penetrating": ("Penetrating Hit", "automaton"),
}


def test_one_table_per_column_of_the_sheet(tracker: Tracker) -> None:
    assert [t.id for t in tracker.tables] == list(TABLES)
    for table in tracker.tables:
        column, tag = TABLES[table.id]
        assert (table.column, table.dice) == (column, "1d10")
        assert table.units is not None
        if tag is None:  # the non-vehicle column: everything but vehicles and automata
            assert table.units.exclude is not None
            assert table.units.exclude.unit_tags == {"vehicle", "automaton"}
        else:
            assert table.units.unit_tags == {tag}
        assert table.source and table.source.startswith("001 ")


def test_every_table_covers_1_to_10_once(tracker: Tracker) -> None:
    for table in tracker.tables:
        covered = [n for row in table.rows for n in range((row.min or 0), (row.max or 0) + 1)]
        assert covered == list(range(1, 11)), table.id


def test_blank_cells_say_so_and_do_nothing(tracker: Tracker) -> None:
    blanks = {(t.id, r.min) for t in tracker.tables for r in t.rows if r.result.startswith("Blank")}
    assert blanks == {
        ("morale-failure-non-vehicles", 5),
        ("morale-failure-vehicles", 1),
        ("morale-failure-vehicles", 3),
        ("morale-failure-vehicles", 5),
        ("vehicle-shooting-non-penetrating", 7),
        ("vehicle-shooting-non-penetrating", 9),
        ("vehicle-shooting-penetrating", 3),
        ("vehicle-shooting-catastrophic", 2),
        ("vehicle-shooting-catastrophic", 7),
        ("vehicle-melee-crack", 10),
        ("automata-penetrating", 3),
    }
    for table in tracker.tables:
        for row in table.rows:
            if row.result.startswith("Blank"):
                assert not (row.effects or row.then or row.test), (table.id, row.min)
