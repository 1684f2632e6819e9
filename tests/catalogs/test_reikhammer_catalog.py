"""The bundled Reikhammer catalog: it loads and checks cleanly, its tracker is the rule page's
sequence of battle (003_05b6ec67e49ce153.txt) as data, every formation is marked as an
example (the page publishes none), and lists validate with no points at all.

The figures that are the page's (the phases, the modifiers of each test, which counters a
formation keeps) are asserted one by one, so an edit that changes a rule shows up here."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pydantic import ValidationError

from catalogs.loader import load_system
from catalogs.locations import bundled_dir
from model.catalog.items import Weapon
from model.catalog.schema import Catalog, FactionView
from model.catalog.tracker import Tracker
from model.catalog.tracker_check import check_tracker
from model.catalog.tracker_counters import RowEffect
from model.catalog.tracker_turns import TurnSpec
from model.rolls.sheets.kinds import STRATEGY, sheet_kinds
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from saves.roster_file import read_roster
from tests.conftest import FIXTURES, ROOT
from tui.cli import main

FOLDER = bundled_dir() / "reikhammer"
ROSTERS = FIXTURES / "rosters" / "reikhammer"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_system(FOLDER)


@pytest.fixture(scope="module")
def view(catalog: Catalog) -> FactionView:
    return catalog.view("any")


@pytest.fixture(scope="module")
def tracker(catalog: Catalog) -> Tracker:
    found = catalog.system_file.tracker
    assert found is not None
    return found


# --- loading --------------------------------------------------------------------------------


def test_check_reports_no_problems(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out, err = io.StringIO(), io.StringIO()
    code = main(["catalogs", "--check", "catalogs/reikhammer"], out=out, err=err)
    assert (code, err.getvalue()) == (0, "")
    assert out.getvalue().startswith("catalogs/reikhammer: no problems: Reikhammer (reikhammer)")


def test_the_tracker_names_only_counters_stats_and_tags_that_exist(
    catalog: Catalog, tracker: Tracker, view: FactionView
) -> None:
    stats = [s.id for s in catalog.system.stats]
    tags = {t for uid in view.units for t in view.unit_tags(uid)}
    assert check_tracker(tracker, stats, tags, "system.toml") == []


def test_system_heading(catalog: Catalog) -> None:
    s = catalog.system
    assert (s.id, s.name, s.dice, s.distance_unit) == ("reikhammer", "Reikhammer", "d6", "tiles")
    assert [x.id for x in s.stats] == ["CR", "SPD", "INT", "SV", "CC", "FF"]
    assert [x.id for x in s.item_stats] == ["AP", "AT", "MW"]
    assert list(catalog.factions) == ["any"]


def test_the_system_file_starts_with_the_schema_line_and_says_where_the_rating_lives() -> None:
    text = (FOLDER / "system.toml").read_text(encoding="utf-8")
    assert text.startswith("#:schema ../schema.json\n")
    # the strategy rating is a roster setting, and the catalog tells list writers so
    assert "[settings]\n#       strategy-rating = 2" in text
    assert "points: none published" in text


# --- example data: nothing here is published ---------------------------------------------------


def test_every_formation_is_an_example_that_costs_nothing(view: FactionView) -> None:
    assert view.faction.data == "example"
    units = dict(view.iter_units())
    assert sorted(units) == [
        "armoured-company",
        "infantry-company",
        "support-platoon",
        "war-engine",
    ]
    for uid, unit in units.items():
        assert (unit.data, unit.cost) == ("example", 0), uid
        assert unit.gaps is not None and "publishes no formations" in unit.gaps, uid
        assert "formation" in unit.tags, uid
        assert set(unit.stats) == {"CR", "SPD", "INT", "SV", "CC", "FF"}, uid
        assert all(isinstance(v, int) and 1 <= v <= 10 for v in unit.stats.values()), uid
    # a roll at or under CR must be able to fail and to pass on a D6
    assert sorted({u.stats["CR"] for u in units.values()}) == [4, 5]


def test_unit_types_come_from_the_rules_the_page_names(view: FactionView) -> None:
    assert "infantry" in view.unit_tags("infantry-company")
    assert "armoured-vehicle" in view.unit_tags("armoured-company")
    assert {"war-engine", "armoured-vehicle"} <= view.unit_tags("war-engine")
    assert view.units["war-engine"].models.max == 1


def test_every_weapon_is_an_example_with_ap_at_or_mw_values(view: FactionView) -> None:
    weapons = {iid: i for iid, i in view.items.items() if isinstance(i, Weapon)}
    assert sorted(weapons) == ["field-gun", "heavy-stubber", "lance-cannon", "side-arms"]
    assert all(w.data == "example" for w in weapons.values())
    assert weapons["field-gun"].profile == {"AP": 3, "AT": 2}
    assert weapons["field-gun"].range == (12,)
    assert "macro-weapon" in view.item_tags("lance-cannon")
    assert "small-arms" in view.item_tags("side-arms")


# --- lists: no points are published ---------------------------------------------------------


@pytest.mark.parametrize(("name", "models", "rating"), [("iron-line", 9, 2), ("steel-host", 8, 1)])
def test_the_fixture_armies_validate_with_no_points_and_carry_their_strategy_rating(
    view: FactionView, name: str, models: int, rating: int
) -> None:
    roster, _ = read_roster(Path(ROSTERS / f"{name}.toml"))
    report = validate(view, roster)
    assert (report.valid, report.points, report.points_limit) == (True, 0, 1)
    assert report.models == models
    assert report.findings == ()
    assert roster.settings == {"strategy-rating": rating}


def test_a_list_far_over_any_size_is_still_valid_as_no_points_rule_exists(
    view: FactionView,
) -> None:
    big = Roster(
        system="reikhammer",
        faction="any",
        name="Big",
        points_limit=1,
        units=tuple(RosterUnit(unit="armoured-company", models=8) for _ in range(20)),
    )
    report = validate(view, big)
    assert (report.valid, report.points, report.models) == (True, 0, 160)


def test_a_formation_below_its_example_size_is_reported(view: FactionView) -> None:
    small = Roster(
        system="reikhammer",
        faction="any",
        name="Small",
        points_limit=1,
        units=(RosterUnit(unit="infantry-company", models=2),),
    )
    report = validate(view, small)
    assert not report.valid
    assert [f.severity for f in report.findings] == ["error"]
    assert "Infantry company" in report.findings[0].message


# --- the tracker: the page's sequence of battle -------------------------------------------------


def test_a_formation_activates_as_one_with_one_action(tracker: Tracker) -> None:
    assert (tracker.activation, tracker.action_points) == ("unit", 1)
    used = tracker.counter(tracker.used_counter)
    assert (used.scope, used.clears) == ("actor", "end-of-activation")


def test_three_phases_and_only_the_action_phase_alternates(tracker: Tracker) -> None:
    turns = tracker.turns
    assert turns.kind == "phases"
    shape = [(p.id, p.activations, p.order) for p in turns.phases]
    assert shape == [
        ("strategy", False, "free"),
        ("action", True, "alternating"),
        ("end", False, "free"),
    ]
    strategy, action, end = (p.reminder or "" for p in turns.phases)
    assert "D6" in strategy and "strategy rating" in strategy and "tie" in strategy
    assert "Hold" in action and "retain" in action
    assert "within 8 tiles" in end and "victory conditions" in end


def test_the_strategy_roll_adds_the_roster_setting_and_ties_go_to_the_previous_loser(
    tracker: Tracker,
) -> None:
    spec = tracker.turns.initiative
    assert spec is not None
    assert (spec.dice, spec.setting, spec.ties) == ("1d6", "strategy-rating", "previous-loser")
    assert spec.phase == "strategy"


@pytest.mark.parametrize(
    ("phase", "offered"), [("strategy", True), ("action", False), ("end", False), (None, True)]
)
def test_the_dice_helper_offers_the_strategy_roll_in_the_strategy_phase_only(
    tracker: Tracker, phase: str | None, offered: bool
) -> None:
    """003 Sequence of Battle: the roll is the Strategy Phase. The helper's list for every
    phase (F1's, phase None) still names it."""
    kinds = {k.id for k in sheet_kinds(tracker, phase)}
    assert (STRATEGY in kinds) is offered


def test_an_initiative_rolled_in_a_phase_the_turn_lacks_is_refused(tracker: Tracker) -> None:
    turns = tracker.turns.model_dump()
    turns["initiative"]["phase"] = "deployment"
    with pytest.raises(ValidationError, match="'deployment', which is not one of"):
        TurnSpec.model_validate(turns)


def test_formation_counters(tracker: Tracker) -> None:
    shock = tracker.counter("shock")
    assert (shock.kind, shock.scope, shock.max) == ("number", "actor", None)
    assert shock.shows == "{value} unit(s) may not shoot"
    broken = tracker.counter("broken")
    assert (broken.kind, broken.scope, broken.stands, broken.out) == ("flag", "actor", True, False)
    assert broken.summary is not None and "does not say when a formation breaks" in broken.summary
    overwatch = tracker.counter("overwatch")
    assert (overwatch.scope, overwatch.clears) == ("actor", "never")
    withdrawn = tracker.counter("withdrawn")
    assert (withdrawn.scope, withdrawn.out) == ("actor", True)
    cohesion = tracker.counter("out-of-cohesion")
    assert cohesion.scope == "actor" and cohesion.reminder is not None


def test_each_unit_lost_adds_one_shock_to_its_formation(tracker: Tracker) -> None:
    damage = tracker.damage
    assert (damage.wounds, damage.out_counter) == (1, "lost")
    assert damage.on_out == (RowEffect(counter="shock", op="add", value=1),)


def test_every_action_of_the_page_and_overwatch_ends_only_by_another_action(
    tracker: Tracker,
) -> None:
    ids = [a.id for a in tracker.actions]
    assert ids == [
        "advance",
        "double",
        "engage",
        "march",
        "marshal",
        "overwatch",
        "sustained-fire",
        "hold",
        "special",
        "regain-cohesion",
        "overwatch-shot",
    ]
    for action in tracker.actions:
        ops = {e.counter: e.op for e in action.effects}
        expected = "set" if action.id == "overwatch" else "clear"
        assert ops["overwatch"] == expected, action.id
        assert action.summary, action.id
        assert action.cost == 1 and not action.ends_activation, action.id
    shot = tracker.action("overwatch-shot")
    assert (shot.interrupt, shot.spends_turn_if) == (True, "overwatch")
    assert [a.interrupt for a in tracker.actions].count(True) == 1


def test_modifiers_by_roll(tracker: Tracker) -> None:
    by_kind: dict[str, list[tuple[str, int, tuple[str, ...]]]] = {}
    for m in tracker.modifiers:
        by_kind.setdefault(m.roll, []).append((m.id, m.value, m.counters))
        assert m.source is not None and m.source.startswith("003"), m.id
    assert by_kind == {
        "action": [("any-shock", -1, ("shock",)), ("retain", -1, ())],
        "rally": [("rally-broken", -2, ("broken",)), ("enemy-near", -1, ())],
        "shooting": [
            ("cover", -1, ()),
            ("double", -1, ()),
            ("marshal", -1, ()),
            ("sustained-fire", 1, ()),
        ],
        "save": [("crossfire", -1, ())],
    }
    # any Shock at all is -1 once, not per point
    assert tracker.modifiers[0].per is None


def test_the_action_and_rally_tests_roll_under_the_command_rating(tracker: Tracker) -> None:
    action, rally = tracker.test("action"), tracker.test("rally")
    assert action is not None and rally is not None
    for test in (action, rally):
        assert (test.sides, test.count, test.target, test.passes, test.modify) == (
            6,
            1,
            "stat:CR",
            "at-most",
            "target",
        )
    assert action.modifiers == "action"
    assert action.on_pass == ()
    assert action.on_fail == (RowEffect(counter="shock", value=1),)
    assert "Hold" in action.fail_text
    assert rally.modifiers == "rally"
    assert rally.on_pass == (RowEffect(counter="shock", op="halve"),)
    assert rally.on_fail == (RowEffect(counter="withdrawn", op="set", value=1, if_set="broken"),)


def test_shooting_save_and_assault_tests(tracker: Tracker) -> None:
    shooting, save, assault = (tracker.test(t) for t in ("shooting", "save", "assault"))
    assert shooting is not None and save is not None and assault is not None
    # the player gives the target (the AP or AT value, the FF or CC value)
    assert (shooting.target, assault.target) == (None, None)
    assert shooting.passes == assault.passes == save.passes == "at-most"
    # shooting: 1 Shock to the target whether or not it hits
    shock = (RowEffect(counter="shock", value=1),)
    assert (shooting.modifiers, shooting.on_pass, shooting.on_fail) == ("shooting", shock, shock)
    # save: a failed one is a casualty
    assert (save.count, save.target, save.modifiers) == (1, "stat:SV", "save")
    assert save.on_fail == (RowEffect(counter="lost", op="set", value=1),)
    assert save.source is not None and "not published" in save.source
    # assault: no modifiers ever apply
    assert assault.modifiers is None and (assault.on_pass, assault.on_fail) == ((), ())


def test_the_victory_check_is_the_scenarios(tracker: Tracker) -> None:
    victory = tracker.victory
    assert victory.points_lost is False
    assert victory.summary is not None
    assert "victory conditions" in victory.summary and "Strategy Phase" in victory.summary
    assert victory.lose_without is None and victory.destroyed == ()
