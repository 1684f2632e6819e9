"""The bundled Steampocalypse 1909 catalog: it loads cleanly, its stat line and tracker
say what the rules (000_d61becfa788857fc.txt) and the publisher's pages (research 000)
say, its units are marked as examples since no card is published, and each list rule
is broken by one small roster and kept by another, with a message that says how to fix
the list."""

from __future__ import annotations

import io
import json

import pytest

from catalogs.loader import load_system
from catalogs.locations import bundled_dir
from model.catalog.items import Trait
from model.catalog.schema import Catalog, FactionView
from model.catalog.tracker import Tracker
from model.core.base import FrozenMap
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from tests.conftest import FIXTURES, ROOT
from tests.helpers import check, codes, entry, only
from tui.cli import main

FOLDER = bundled_dir() / "steampocalypse-1909"
ROSTERS = FIXTURES / "rosters" / "steampocalypse-1909"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_system(FOLDER)


@pytest.fixture(scope="module")
def view(catalog: Catalog) -> FactionView:
    return catalog.view("bac")


@pytest.fixture(scope="module")
def tracker(catalog: Catalog) -> Tracker:
    found = catalog.system_file.tracker
    assert found is not None
    return found


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


# --- loading --------------------------------------------------------------------------------


def test_check_reports_no_problems(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, _ = run("catalogs", "--check", "catalogs/steampocalypse-1909")
    assert code == 0, out
    assert out.startswith("catalogs/steampocalypse-1909: no problems: Steampocalypse 1909")


def test_system_heading_counts_pv_to_50(catalog: Catalog) -> None:
    """PV is the points, and 50 PV (a starter army) the usual game (research 000)."""
    s = catalog.system
    assert (s.id, s.name, s.dice, s.points, s.default_points_limit, s.distance_unit) == (
        "steampocalypse-1909",
        "Steampocalypse 1909",
        "d6",
        "PV",
        50,
        "in",
    )
    assert [x.id for x in s.stats] == ["MOV", "HPT", "RCB", "RNG", "CCB", "DEF", "WIL", "OF"]
    assert list(catalog.factions) == ["bac"]


def test_every_unit_is_an_example_card(view: FactionView) -> None:
    """No unit card is published: every unit says its numbers are invented."""
    assert view.faction.data == "example"
    for uid, unit in view.units.items():
        assert unit.data == "example", uid
        assert unit.gaps is not None and "invented" in unit.gaps, uid


def test_the_rules_named_unit_and_the_officers(view: FactionView) -> None:
    """Oliver Brookwater is named and an officer; a conscript has no rank ("-")."""
    units = view.units
    assert units["oliver-brookwater"].name == "Oliver Brookwater, British Captain"
    assert view.unit_tags("oliver-brookwater") == {"officer", "named"}
    assert {uid: u.stats["OF"] for uid, u in units.items()} == {
        "oliver-brookwater": 3,
        "captain": 3,
        "lieutenant": 2,
        "conscript": "-",
    }
    assert view.unit_tags("conscript") == set()
    # 000 Named Units: 20 conscripts and an officer make a 50 PV army
    assert 20 * units["conscript"].cost + units["lieutenant"].cost <= 50


def test_special_abilities_are_ability_items_with_their_gaps(view: FactionView) -> None:
    """SP is not a stat column (profile values are numbers): the named abilities are
    items, and what the pages do not say is marked."""
    reach = view.items["reach"]
    assert isinstance(reach, Trait) and reach.kind == "ability"
    assert view.units["oliver-brookwater"].base == ("reach",)
    for iid in ("reach", "area-attack", "damage-over-time"):
        assert view.items[iid].gaps, iid


# --- tracker data ---------------------------------------------------------------------------


def test_tracker_turns_damage_and_victory(tracker: Tracker) -> None:
    assert (tracker.activation, tracker.action_points) == ("unit", 2)
    assert tracker.turns.kind == "alternating"
    assert tracker.turns.can_pass is False
    assert tracker.turns.initiative is not None
    assert tracker.turns.initiative.dice == "1d6"
    assert "higher roll chooses who starts" in tracker.turns.initiative.reminder
    assert tracker.damage.wounds == "stat:HPT"
    assert tracker.victory.lose_without == "officer"
    assert tracker.rolls == ("initiative",)


def test_counters_for_push_pool_and_states(tracker: Tracker) -> None:
    push, pushed = tracker.counter("push"), tracker.counter("pushed")
    assert (push.actions, push.clears) == (1, "end-of-activation")
    assert (pushed.stands, pushed.clears) == (True, "end-of-next-turn")
    pool = tracker.counter("defence-pool")
    assert (pool.kind, pool.start, pool.refresh) == ("number", "stat:DEF", "now:DEF")
    assert dict(tracker.counter("defending").modifiers) == {"DEF": 1}
    assert dict(tracker.counter("charged").modifiers) == {"DEF": -2}
    assert dict(tracker.counter("engaged").modifiers) == {"RCB": -2}
    for cid in ("defending", "charged", "failed-disengage"):
        assert tracker.counter(cid).clears == "start-of-activation", cid


def test_actions_cost_and_needs(tracker: Tracker) -> None:
    """Push is free but costs 1 HPT and only once; a ranged attack needs its reload; a
    unit that attacked cannot defend nor one defending attack; a charge is alone."""
    by_id = {a.id: a for a in tracker.actions}
    assert list(by_id) == [
        "move", "ranged-attack", "close-combat-attack", "defend", "reload",
        "special-ability", "charge", "push",
    ]  # fmt: skip
    push = by_id["push"]
    assert (push.cost, push.wounds, push.needs) == (0, 1, ("push", "pushed", "charged"))
    assert by_id["ranged-attack"].needs == ("needs-reload", "defending")
    assert by_id["close-combat-attack"].needs == ("defending",)
    assert by_id["defend"].needs == ("attacked",)
    charge = by_id["charge"]
    assert charge.ends_activation and charge.needs == ("actions-used", "push")
    assert all(a.cost == 1 for a in by_id.values() if a.id != "push")


def test_pool_tests_and_their_modifiers(tracker: Tracker) -> None:
    """A HIT is a 5 or 6 on every pool; the WIL roll needs two of them. The defence
    roll's dice are the defender's choice, given with each roll up to its pool (the
    catalog writes no count for it; TOML has no "none", so the schema's default shows)."""
    tests = {t.id: t for t in tracker.tests}
    numbers = {
        tid: ("chosen" if tid == "defence" else t.count, t.hit, t.passes, t.successes, t.modifiers)
        for tid, t in tests.items()
    }
    assert numbers == {
        "ranged-attack": ("now:RCB", 5, "at-least", 1, "ranged-attack"),
        "close-combat-attack": ("now:CCB", 5, "at-least", 1, "close-attack"),
        "defence": ("chosen", 5, "at-least", 1, "defence"),
        "disengage": ("now:WIL", 5, "at-least", 2, None),
    }
    # 000 Attack Sequence: each defence HIT cancels an attack HIT
    assert [t.defended_by for t in tests.values()] == ["defence", "defence", None, None]
    spend = [("defence-pool", "remove", "given")]
    for outcome in (tests["defence"].on_pass, tests["defence"].on_fail):
        assert [(e.counter, e.op, e.value) for e in outcome] == spend
    assert [(e.counter, e.op) for e in tests["disengage"].on_pass] == [("engaged", "clear")]
    assert [(e.counter, e.op) for e in tests["disengage"].on_fail] == [("failed-disengage", "set")]
    kinds = {
        kind: {m.id: (m.value, m.counters) for m in tracker.modifiers if m.roll == kind}
        for kind in ("ranged-attack", "close-attack", "defence")
    }
    assert kinds == {
        "ranged-attack": {"flanking-ranged": (1, ())},
        "close-attack": {
            "flanking-close": (1, ()),
            "charging": (2, ("charged",)),
            "failed-disengage": (1, ()),
        },
        "defence": {
            "light-cover": (1, ()),
            "full-cover": (2, ()),
            "flanked": (-1, ()),
        },
    }


# --- list rules -----------------------------------------------------------------------------


def test_pv_limit_broken_and_kept(view: FactionView) -> None:
    """50 PV exactly is allowed; one conscript more is 2 PV over."""
    legal = [entry("oliver-brookwater"), entry("lieutenant"), *[entry("conscript")] * 14]
    report = check(view, *legal)
    assert (report.points, codes(report)) == (50, [])
    over = check(view, *legal, entry("conscript"))
    assert over.points == 52
    assert only(over, "pv-limit").message == (
        "52 PV; the agreed army size is 50 PV: remove 2 PV of units or agree a larger game of 52 PV"
    )
    assert codes(over) == ["pv-limit"]


def test_an_officer_needed(view: FactionView) -> None:
    report = check(view, entry("conscript"), entry("conscript"))
    assert codes(report) == ["an-officer"]
    assert only(report, "an-officer").message == (
        "no officer in the army; it needs at least one (a unit with an OF rank): add an officer"
    )
    assert codes(check(view, entry("lieutenant"), entry("conscript"))) == []


def test_one_officer_of_each_rank(view: FactionView) -> None:
    """Two OF3 officers break it, named or not; an OF3 and an OF2 keep it."""
    report = check(view, entry("captain"), entry("oliver-brookwater"))
    assert codes(report) == ["one-officer-per-rank"]
    assert only(report, "one-officer-per-rank").message == (
        "2 officers of rank OF 3; an army starts with one officer of each rank at most: "
        "remove 1 or take an officer of another rank"
    )
    assert codes(check(view, entry("captain"), entry("lieutenant"))) == []


def test_a_named_unit_once(view: FactionView) -> None:
    """A second Oliver Brookwater is a second named unit and a second OF3 officer."""
    report = check(view, entry("oliver-brookwater"), entry("oliver-brookwater"))
    assert codes(report) == ["one-officer-per-rank", "named-once"]
    finding = only(report, "named-once")
    assert finding.message == (
        "Oliver Brookwater, British Captain is in the army 2 times; a named unit exists "
        "once: remove 1"
    )
    assert codes(check(view, entry("oliver-brookwater"), entry("lieutenant"))) == []


@pytest.mark.parametrize(
    ("case", "exit_code", "found"),
    [
        ("legal-50", 0, []),
        ("patrol-brookwater", 0, []),
        ("patrol-captain", 0, []),
        ("over-50", 1, ["pv-limit"]),
        ("no-officer", 1, ["an-officer"]),
        ("two-captains", 1, ["one-officer-per-rank"]),
        ("brookwater-twice", 1, ["one-officer-per-rank", "named-once"]),
    ],
)
def test_warband_validate_on_the_roster_fixtures(
    case: str, exit_code: int, found: list[str]
) -> None:
    """The command line agrees, file by file (the full JSON is pinned by
    tests/cli/test_validate_cases.py from each ``.expected.json``)."""
    code, out, err = run("validate", "--json", str(ROSTERS / f"{case}.toml"))
    assert (code, err) == (exit_code, "")
    assert [f["code"] for f in json.loads(out)["findings"]] == found


# --- cards players design for the bundled catalog ------------------------------------------


def _card(name: str, pv: int, rank: int | None = None, **more: object) -> dict[str, object]:
    stats = {"MOV": 4, "HPT": 3, "RCB": 2, "RNG": 12, "CCB": 2, "DEF": 2, "WIL": 3}
    if rank is not None:
        stats["OF"] = rank
    return {"name": name, "stats": stats, "points": pv, **more}


def _designed(view: FactionView, *cards: dict[str, object]) -> Roster:
    from model.catalog.design import UnitCard

    found = {f"card-{n}": UnitCard.model_validate(c) for n, c in enumerate(cards)}
    units = tuple(RosterUnit(unit=card_id) for card_id in found)
    return Roster(
        system="steampocalypse-1909",
        faction=view.faction.id,
        name="Designed",
        points_limit=50,
        units=units,
        cards=FrozenMap(found),
    )


def test_designed_cards_are_held_to_the_officer_and_named_rules(view: FactionView) -> None:
    two_majors = _designed(view, _card("Major Ames", 12, rank=2), _card("Major Bell", 11, rank=2))
    report = validate(view.with_cards(two_majors.cards), two_majors)
    assert codes(report) == ["one-officer-per-rank"]
    assert report.points == 23
    ranked = _designed(view, _card("Major Ames", 12, rank=2), _card("Colonel Cole", 14, rank=3))
    assert codes(validate(view.with_cards(ranked.cards), ranked)) == []
    named = _designed(view, _card("Major Ames", 12, rank=2, named=True))
    twice = named.model_copy(update={"units": named.units * 2})
    assert "named-once" in codes(validate(view.with_cards(twice.cards), twice))
    none = _designed(view, _card("Rifleman", 5))
    assert codes(validate(view.with_cards(none.cards), none)) == ["an-officer"]


def test_a_designed_force_plays_a_battle_with_its_card_stats(catalog: Catalog) -> None:
    from model.battle.battle import new_battle

    view = catalog.view("bac")
    mine = _designed(view, _card("Major Ames", 12, rank=2), _card("Rifleman", 5))
    mine_view = view.with_cards(mine.cards)  # what the app and the CLI pass
    game = new_battle(catalog, [("Ann", mine, mine_view), ("Bob", mine, mine_view)], seed=2)
    ames = game.state.model("A1")
    assert ("officer" in ames.tags, ames.stats["OF"], ames.cost) == (True, 2, 12)
    assert game.state.wounds_max("A1") == 3  # HPT from the card
    assert not game.state.defeated(0)
