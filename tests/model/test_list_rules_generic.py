"""The generic list rules as a player sees them: split hints for an entry with too many
models, an option group's per-model bounds, where a finding points, counts made model by
model, item-points and unit-points, a stat of "-", ratios' default message and findings'
order. Each test builds a small catalog (``rules_mini``: five units, a few items, only the
rule under test, passed through the catalog check as a bundled catalog is) and asserts what
a player sees, worked out by hand in the docstring.

History: mutation testing of ``model/roster/validate.py`` (issue 19) found these unchecked:
``mutmut run "model.roster.validate*"`` left changes alive in each of them.
"""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

from catalogs.loader import load_system
from model.catalog.design import UnitCard
from model.catalog.schema import FactionView
from model.roster.resolved import loadouts_of
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from model.rules.findings import Finding, Report
from tests.conftest import FIXTURES
from tests.helpers import entry, entry_with
from tests.model import test_design

SYSTEM = """format = "warband.catalog/1"

[system]
id = "rules-mini"
name = "Rules (fixture)"
edition = "1"
version = "fixture"
dice = "d6"
default_points_limit = 200
stats = [{ id = "M", name = "Move" }, { id = "W", name = "Wounds" }]
settings = [
  { id = "boss-limit", name = "Boss limit", max = 100 },
  { id = "squad-size", name = "Squad size", max = 100 },
]

[rules.sharp]
name = "Sharp"
summary = "Cuts."

[rules.heavy]
name = "Heavy"
summary = "Weighs."

[items.knife]
kind = "weapon"
use = "melee"
name = "Knife"
cost = 1
tags = ["blade"]

[items.axe]
kind = "weapon"
use = "melee"
name = "Axe"
cost = 4
rules = ["sharp", "heavy"]

[items.rifle]
kind = "weapon"
use = "ranged"
range = [12]
name = "Rifle"
cost = 4

[items.pistol]
kind = "weapon"
use = "ranged"
range = [12]
name = "Pistol"
cost = 3

[items.cloak]
kind = "equipment"
name = "Cloak"
cost = 2

[items.rope]
kind = "equipment"
name = "Rope"
cost = 1

[items.lamp]
kind = "equipment"
name = "Lamp"
cost = 1

[items.map]
kind = "equipment"
name = "Map"
cost = 1

[items.flag]
kind = "equipment"
name = "Flag"
cost = 1
"""

FACTION = """format = "warband.catalog/1"

[faction]
id = "f"
name = "F"

[units.boss]
name = "Boss"
cost = 20
stats = { M = 5, W = 2 }
tags = ["hero"]
base = ["knife"]

[units.trooper]
name = "Trooper"
cost = 5
stats = { M = "-", W = 1 }
models = { min = 2, max = 5 }
tags = ["infantry"]
base = ["knife"]

[[units.trooper.options]]
id = "guns"
name = "Guns"
max = 1
choices = { rifle = { max = 1 }, pistol = { max = 1 }, cloak = { max = 1 } }

[units.brute]
name = "Brute"
cost = 6
stats = { M = 4, W = 1 }
tags = ["tough"]
base = ["knife"]

[[units.brute.options]]
id = "blades"
name = "Blades"
choices = { knife = { max = 1 }, axe = { max = 1 }, pistol = { max = 1 } }

[units.guard]
name = "Guard"
cost = 4
stats = { M = 5, W = 1 }
models = { min = 1, max = 3 }
base = ["rifle"]

[[units.guard.options]]
id = "arms"
name = "Arms"
min = 1
max = 1
choices = { rifle = { max = 1 }, pistol = { max = 1 } }

[units.picker]
name = "Picker"
cost = 2
stats = { M = 5, W = 1 }
models = { min = 1, max = 2 }

[[units.picker.options]]
id = "kit"
name = "Kit"
min = 1
choices = { rope = 1, lamp = 1, map = 1, flag = 1, cloak = 2, pistol = 3 }

[units.scout]
name = "Scout"
cost = 2
stats = { M = 6, W = 1 }

[[units.scout.options]]
id = "tools"
name = "Tools"
min = 1
choices = { rope = 1, lamp = 1, map = 1, flag = 1, cloak = 2, pistol = 3, rifle = 4 }

[units.squad]
name = "Squad"
cost = 1
stats = { M = 5, W = 1 }
models = { min = 3, max = 5 }

[units.pair]
name = "Pair"
cost = 1
stats = { M = 5, W = 1 }
models = { min = 4, max = 5 }

[units.horde]
name = "Horde"
cost = 1
stats = { M = 5, W = 1 }
models = { min = 2, max = 3 }
"""


@cache
def rules_mini(*rules: str, boss_cost: int = 20) -> FactionView:
    """The fixture catalog with these ``[[constraints]]`` tables (TOML), loaded and checked
    (``boss_cost``: what a Boss costs, for a second catalog a roster is checked against)."""
    constraints = "".join(f"\n[[constraints]]\n{rule.strip()}\n" for rule in rules)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "rules-mini"
        (folder / "factions").mkdir(parents=True)
        (folder / "system.toml").write_text(SYSTEM + constraints)
        faction = FACTION.replace("cost = 20\n", f"cost = {boss_cost}\n", 1)
        (folder / "factions" / "f.toml").write_text(faction)
        return load_system(folder).view("f")


def run(view: FactionView, *units: RosterUnit, limit: int = 200, **settings: int) -> Report:
    roster = Roster(
        system="rules-mini",
        faction="f",
        name="Test",
        points_limit=limit,
        units=units,
        settings=settings,  # type: ignore[arg-type]
    )
    return validate(view, roster)


def seen(report: Report) -> list[tuple[str, str, int | None, str | None]]:
    """Code, message and place of every finding, in report order."""
    return [(f.code, f.message, f.where.unit, f.where.item) for f in report.findings]


def one(report: Report) -> Finding:
    (finding,) = report.findings
    return finding


def size(unit: str, models: int) -> str:
    """The unit-size message of one entry of ``models`` models, alone in a list."""
    return one(run(rules_mini(), entry(unit, models))).message


class TestSizeMessage:
    """An entry outside its unit's model range (each unit's ``models``): the hint says
    the number to set and, when too many, how to split the entry into legal ones."""

    def test_too_few_says_model_for_one_and_models_for_more(self) -> None:
        assert size("squad", 1) == (
            "Squad (unit 1) has 1 model; a Squad entry has 3 to 5: set models to 3"
        )
        assert size("squad", 2) == (
            "Squad (unit 1) has 2 models; a Squad entry has 3 to 5: set models to 3"
        )

    def test_even_split_at_the_unit_minimum(self) -> None:
        """6 Squad models: 2 entries of 3, and 3 is the least a Squad may have."""
        assert size("squad", 6) == (
            "Squad (unit 1) has 6 models; a Squad entry has 3 to 5: set models to 5, "
            "or split it into 2 entries of 3 and 3"
        )

    def test_uneven_split_puts_the_larger_entries_first(self) -> None:
        """7 = 4 + 3; 11 = 4 + 4 + 3."""
        assert size("squad", 7).endswith(", or split it into 2 entries of 4 and 3")
        assert size("squad", 11).endswith(", or split it into 3 entries of 4, 4 and 3")

    def test_four_entries_are_still_named_one_by_one(self) -> None:
        """20 Squad models: 4 entries of 5 (the most listed one by one)."""
        assert size("squad", 20).endswith(", or split it into 4 entries of 5, 5, 5 and 5")

    def test_more_entries_are_told_by_size_down_to_the_minimum(self) -> None:
        """13 Horde models (2 to 3): 5 entries, 3 of 3 and 2 of 2 (2 is the minimum)."""
        assert size("horde", 13) == (
            "Horde (unit 1) has 13 models; a Horde entry has 2 to 3: set models to 3, "
            "or split it into 5 entries: 3 of 3 and 2 of 2"
        )

    def test_no_split_when_the_parts_would_be_too_small(self) -> None:
        """6 Pair models (4 to 5): two entries of 3 would each be too few."""
        assert size("pair", 6) == (
            "Pair (unit 1) has 6 models; a Pair entry has 4 to 5: set models to 5"
        )

    def test_the_finding_points_at_the_entry(self) -> None:
        report = run(rules_mini(), entry("boss"), entry("squad", 2))
        assert [(f.code, f.where.unit) for f in report.findings] == [("unit-size", 1)]


class TestOptionGroups:
    """What each unit's option groups imply: per-model limits, base items counting toward
    a group, the hint naming what to add (at most six choices, then "...")."""

    def test_per_model_limits_scale_with_the_models(self) -> None:
        """Two Troopers may have a Rifle each (1 per model) and two from Guns (1 per model)."""
        assert run(rules_mini(), entry("trooper", 2, rifle=2)).findings == ()

    def test_a_base_item_counts_toward_its_group(self) -> None:
        """A Guard comes with a Rifle, one of its Arms (min 1): nothing to add."""
        assert run(rules_mini(), entry("guard", 2, rifle=2)).findings == ()

    def test_too_few_per_model_names_the_choices(self) -> None:
        """Two Pickers need two from Kit (min 1 per model); one Rope leaves one to add."""
        report = run(rules_mini(), entry("picker", 2, rope=1))
        assert seen(report) == [
            (
                "group-min",
                "Picker (unit 1) has 1 from Kit; at least 2 needed: "
                "add 1 (Rope, Lamp, Map, Flag, Cloak, Pistol)",
                0,
                None,
            )
        ]

    def test_more_than_six_choices_end_with_dots(self) -> None:
        report = run(rules_mini(), entry("scout"))
        assert one(report).message == (
            "Scout (unit 1) has 0 from Tools; at least 1 needed: "
            "add 1 (Rope, Lamp, Map, Flag, Cloak, Pistol, ...)"
        )

    def test_an_item_not_offered_does_not_hide_the_next_ones(self) -> None:
        """A Flag (not a Trooper's) then three Rifles for two models: each is reported, the
        item ones on the item."""
        report = run(rules_mini(), entry_with("trooper", {"flag": 1, "rifle": 3}, models=2))
        assert seen(report) == [
            (
                "not-offered",
                "Trooper (unit 1) cannot take Flag: it is not among a Trooper's options; remove it",
                0,
                "flag",
            ),
            ("choice-max", "Trooper (unit 1) has Rifle x3; at most 2: remove 1", 0, "rifle"),
            ("group-max", "Trooper (unit 1) has 3 from Guns; at most 2: remove 1", 0, None),
        ]


BOSS_WOUNDS = """
kind = "count"
id = "boss-wounds"
scope = "unit"
select = { units = ["boss"] }
measure = "stat:W"
max = 1
per_points = 100
per_model = true
message = "{unit} has {count} wounds; at most {max} per {per_points} points"
"""

PISTOL_EACH = """
kind = "count"
id = "pistol-each"
scope = "unit"
select = { units = ["trooper"], items = ["pistol"] }
measure = "items"
min = 1
per_model = true
"""


class TestUnitScopedCounts:
    """A count within each entry (``scope = "unit"``), scaled per complete 100 points and
    per model: the bounds multiply both, and the finding is the entry's."""

    def test_per_points_and_per_model_multiply(self) -> None:
        """A Boss (W 2, one model) may have 1 wound per model per 100 points: 2 at 200."""
        assert run(rules_mini(BOSS_WOUNDS), entry("boss"), limit=200).findings == ()

    def test_over_at_one_block(self) -> None:
        """At 100 points the Boss may have 1 wound; its 2 are over, on the Boss's entry."""
        report = run(rules_mini(BOSS_WOUNDS), entry("trooper", 2), entry("boss"), limit=100)
        assert seen(report) == [
            ("boss-wounds", "Boss (unit 2) has 2 wounds; at most 1 per 100 points", 1, None)
        ]

    def test_a_minimum_per_model_with_the_default_message(self) -> None:
        """A Pistol per Trooper: three Troopers with two are one short (default count-min
        message), on that entry; the Boss is not selected."""
        report = run(
            rules_mini(PISTOL_EACH),
            entry("boss"),
            entry_with("trooper", {"pistol": 2}, models=3),
        )
        assert seen(report) == [("pistol-each", "2; at least 3 needed: add 1", 1, None)]


FIRST_WHEN = """
kind = "count"
id = "kit-with-a-boss"
when = { units = ["boss"] }
select = { items = ["rifle", "pistol"] }
measure = "items"
group_by = "item"
min = 2
message = "{group}: {count}, {min} needed, {missing} missing{unit}"
"""


class TestListMinimum:
    """A list-wide minimum that applies because of some unit (``when``): it points at the
    first such unit, and at the item it counts when counted per item."""

    def test_each_item_short_points_at_the_first_unit_that_asks(self) -> None:
        report = run(
            rules_mini(FIRST_WHEN),
            entry("trooper", 2, rifle=1, pistol=1),
            entry("boss"),
            entry("boss", name="Big"),
        )
        assert seen(report) == [
            ("kit-with-a-boss", "Rifle: 1, 2 needed, 1 missing", 1, "rifle"),
            ("kit-with-a-boss", "Pistol: 1, 2 needed, 1 missing", 1, "pistol"),
        ]

    def test_no_finding_without_the_unit_that_asks(self) -> None:
        assert run(rules_mini(FIRST_WHEN), entry("trooper", 2, rifle=1)).findings == ()

    def test_the_default_message_without_when_points_nowhere(self) -> None:
        rule = 'kind = "count"\nid = "a-brute"\nselect = { units = ["brute"] }\nmin = 1'
        report = run(rules_mini(rule), entry("boss"))
        assert seen(report) == [("a-brute", "0; at least 1 needed: add 1", None, None)]


class TestListMaximum:
    """Where an over-full list count points: the last entry adding to it, preferring
    one that bought what is counted over one that came with it."""

    def test_per_unit_type_each_checked(self) -> None:
        """One entry per unit type: the Boss is fine, the second Trooper is over (on the
        last Trooper, not on an item); needed_limit is "-" without per_points."""
        rule = """
kind = "count"
id = "one-each"
measure = "entries"
group_by = "unit"
max = 1
message = "{group}: {count}, at most {max}: remove {excess} or raise the limit to {needed_limit}"
"""
        report = run(rules_mini(rule), entry("boss"), entry("trooper", 2), entry("trooper", 3))
        assert seen(report) == [
            ("one-each", "Trooper: 2, at most 1: remove 1 or raise the limit to -", 2, None)
        ]

    def test_a_further_term_finds_the_last_contributor(self) -> None:
        """Bosses plus Troopers (``plus``), one at most: the Trooper, last, is told."""
        rule = """
kind = "count"
id = "one-leader"
select = { units = ["boss"] }
measure = "entries"
plus = [{ select = { units = ["trooper"] }, measure = "entries" }]
max = 1
"""
        report = run(rules_mini(rule), entry("boss"), entry("trooper", 2))
        assert seen(report) == [("one-leader", "2; at most 1 allowed: remove 1", 1, None)]

    def test_the_entry_that_bought_it_over_the_one_it_came_with(self) -> None:
        """Two Knives at most: a Brute that bought a second (2) and a Boss's own (1). The
        Brute is told: the Boss cannot drop its Knife."""
        rule = """
kind = "count"
id = "two-knives"
select = { items = ["knife"] }
measure = "items"
max = 2
"""
        report = run(rules_mini(rule), entry("brute", knife=2), entry("boss"))
        assert seen(report) == [("two-knives", "3; at most 2 allowed: remove 1", 0, None)]

    def test_per_item_the_bought_item_must_be_the_one_counted(self) -> None:
        """Two of each at most: Knives are 3 (one bought by the first Brute); the second
        Brute bought a Pistol, not a Knife, so the first is told, on the Knife."""
        rule = """
kind = "count"
id = "two-each"
select = { items = ["knife", "pistol"] }
measure = "items"
group_by = "item"
max = 2
"""
        report = run(rules_mini(rule), entry("brute", knife=2), entry("brute", knife=1, pistol=1))
        assert seen(report) == [("two-each", "3; at most 2 allowed: remove 1", 0, "knife")]

    def test_when_every_one_came_with_its_unit_the_last_is_told(self) -> None:
        rule = """
kind = "count"
id = "two-knives"
select = { items = ["knife"] }
measure = "items"
max = 2
"""
        report = run(rules_mini(rule), entry("boss"), entry("boss"), entry("boss"))
        assert seen(report) == [("two-knives", "3; at most 2 allowed: remove 1", 2, None)]


def count_rule(rule_id: str, **fields: str) -> str:
    """A list-wide count rule in TOML: each field's value is written as given."""
    return f'kind = "count"\nid = "{rule_id}"\n' + "".join(
        f"{k} = {v}\n" for k, v in fields.items()
    )


class TestMeasures:
    """What a count adds up, entry by entry (``measure``, ``include_base``)."""

    def test_rules_on_a_weapon_per_unit_type(self) -> None:
        """An Axe has two special rules (Sharp, Heavy), one more than allowed on a Brute."""
        rule = count_rule(
            "axe-rules",
            select='{ units = ["brute"], unit_tags = ["tough"], items = ["axe"] }',
            measure='"item-rules"',
            group_by='"unit"',
            max="1",
            message='"{group}: {count} rules on a weapon; at most {max}"',
        )
        report = run(rules_mini(rule), entry("boss"), entry("brute", axe=1))
        assert seen(report) == [("axe-rules", "Brute: 2 rules on a weapon; at most 1", 1, None)]

    def test_a_weapon_without_rules_has_none(self) -> None:
        """A Knife has no special rules: none of the none allowed, counted per item."""
        rule = count_rule(
            "no-rules",
            select='{ items = ["knife"] }',
            measure='"item-rules"',
            group_by='"item"',
            max="0",
        )
        assert run(rules_mini(rule), entry("boss")).findings == ()

    def test_item_points_per_unit_type(self) -> None:
        """Two Brutes with an Axe (4 points each): 8 points of Axes, 5 allowed; the last
        Brute is told."""
        rule = count_rule(
            "axe-points",
            select='{ items = ["axe"] }',
            measure='"item-points"',
            group_by='"unit"',
            max="5",
            message='"{group}: {count} points of Axes; at most {max}"',
        )
        report = run(rules_mini(rule), entry("brute", axe=1), entry("brute", axe=1))
        assert seen(report) == [("axe-points", "Brute: 8 points of Axes; at most 5", 1, None)]

    def test_a_unit_matched_by_an_item_it_comes_with(self) -> None:
        """Models with a Knife: the Boss's own Knife counts unless only bought ones do."""
        with_base = count_rule(
            "knife-models",
            select='{ items = ["knife"] }',
            max="0",
            message='"{count} with a Knife"',
        )
        report = run(rules_mini(with_base), entry("boss"))
        assert seen(report) == [("knife-models", "1 with a Knife", 0, None)]
        bought = with_base + "include_base = false\n"
        assert run(rules_mini(bought), entry("boss")).findings == ()
        report = run(rules_mini(bought), entry("brute", knife=2))
        assert seen(report) == [("knife-models", "1 with a Knife", 0, None)]

    def test_unit_points(self) -> None:
        """Two Bosses at 20 points: 40 of 30 allowed in units."""
        rule = count_rule(
            "unit-points",
            measure='"unit-points"',
            max="30",
            message='"{count} points in units; at most {max}"',
        )
        report = run(rules_mini(rule), entry("boss"), entry("boss"))
        assert seen(report) == [("unit-points", "40 points in units; at most 30", 1, None)]

    def test_a_stat_of_dash_adds_nothing(self) -> None:
        """Move summed over models: Troopers have Move "-" (none), the Boss 5."""
        rule = count_rule("move", measure='"stat:M"', max="4", message='"Move {count}"')
        report = run(rules_mini(rule), entry("trooper", 2), entry("boss"))
        assert seen(report) == [("move", "Move 5", 1, None)]


class TestModelByModel:
    """Counts made model group by model group (``by_model``): the same measures on the
    groups that match, per unit type or per item."""

    def test_models_and_entries_per_unit_type(self) -> None:
        models = count_rule(
            "trooper-models",
            select='{ units = ["trooper"] }',
            by_model="true",
            group_by='"unit"',
            max="2",
            message='"{group}: {count} models"',
        )
        entries = count_rule(
            "trooper-entries",
            by_model="true",
            measure='"entries"',
            group_by='"unit"',
            max="1",
            message='"{group}: {count} entries"',
        )
        report = run(rules_mini(models, entries), entry("trooper", 3), entry("trooper", 2))
        assert seen(report) == [
            ("trooper-models", "Trooper: 5 models", 1, None),
            ("trooper-entries", "Trooper: 2 entries", 1, None),
        ]

    def test_a_stat_per_unit_type_with_a_dash(self) -> None:
        """Move per unit type: Troopers' "-" is 0, the Boss's 5 is over 1."""
        rule = count_rule(
            "move",
            by_model="true",
            measure='"stat:M"',
            group_by='"unit"',
            max="1",
            message='"{group}: Move {count}"',
        )
        report = run(rules_mini(rule), entry("trooper", 2), entry("boss"))
        assert seen(report) == [("move", "Boss: Move 5", 1, None)]

    def test_items_per_item_and_per_unit_type(self) -> None:
        """Two Troopers with a Pistol each: 2 Pistols, 1 allowed, counted either way."""
        per_item = count_rule(
            "pistols",
            select='{ items = ["pistol"] }',
            by_model="true",
            measure='"items"',
            group_by='"item"',
            max="1",
            message='"{group}: {count}"',
        )
        per_unit = per_item.replace('"pistols"', '"pistols-per-unit"').replace(
            'group_by = "item"', 'group_by = "unit"'
        )
        report = run(rules_mini(per_item, per_unit), entry("trooper", 2, pistol=2))
        assert seen(report) == [
            ("pistols", "Pistol: 2", 0, "pistol"),
            ("pistols-per-unit", "Trooper: 2", 0, None),
        ]

    def test_item_points_of_one_model(self) -> None:
        """A Brute's Pistol costs 3: over 2."""
        rule = count_rule(
            "pistol-points",
            select='{ items = ["pistol"] }',
            by_model="true",
            measure='"item-points"',
            max="2",
        )
        report = run(rules_mini(rule), entry("brute", pistol=1))
        assert seen(report) == [("pistol-points", "3; at most 2 allowed: remove 1", 0, None)]

    def test_item_points_of_a_group_of_models(self) -> None:
        """Two Troopers with a Pistol each (3 points a Pistol): 6 points of Pistols, counted
        model by model as across the entry. (Counted model by model it once said 3: one
        model's share.)"""
        rule = count_rule(
            "pistol-points",
            select='{ items = ["pistol"] }',
            by_model="true",
            measure='"item-points"',
            max="0",
        )
        report = run(rules_mini(rule), entry("trooper", 2, pistol=2))
        assert seen(report) == [("pistol-points", "6; at most 0 allowed: remove 6", 0, None)]
        across = rule.replace("by_model = true\n", "")
        assert across != rule
        report = run(rules_mini(across), entry("trooper", 2, pistol=2))
        assert seen(report) == [("pistol-points", "6; at most 0 allowed: remove 6", 0, None)]

    def test_items_a_model_comes_with(self) -> None:
        with_base = count_rule(
            "knives", select='{ items = ["knife"] }', by_model="true", measure='"items"', max="0"
        )
        report = run(rules_mini(with_base), entry("boss"))
        assert seen(report) == [("knives", "1; at most 0 allowed: remove 1", 0, None)]
        bought = with_base + "include_base = false\n"
        assert run(rules_mini(bought), entry("boss")).findings == ()

    def test_models_matched_by_item_kind(self) -> None:
        """Models with equipment: two Troopers with a Cloak each."""
        rule = count_rule(
            "cloaked", select='{ item_kinds = ["equipment"] }', by_model="true", max="1"
        )
        report = run(rules_mini(rule), entry("trooper", 2, cloak=2))
        assert seen(report) == [("cloaked", "2; at most 1 allowed: remove 1", 0, None)]

    def test_all_item_tags_exactly_carried(self) -> None:
        """The Boss carries only a Knife (tag blade): its tags are all the rule names."""
        rule = count_rule(
            "blades-only", select='{ all_item_tags = ["blade"] }', by_model="true", max="0"
        )
        report = run(rules_mini(rule), entry("boss"))
        assert seen(report) == [("blades-only", "1; at most 0 allowed: remove 1", 0, None)]


def ratio_rule(max_: str, message: str | None = None) -> str:
    """Troopers' models against Bosses' models, at most ``max_`` to one."""
    rule = (
        'kind = "ratio"\nid = "troopers-per-boss"\n'
        'numerator = { select = { units = ["trooper"] }, measure = "models" }\n'
        'denominator = { select = { units = ["boss"] }, measure = "models" }\n'
        f"max = {max_}\n"
    )
    return rule + (f'message = "{message}"\n' if message else "")


class TestRatio:
    """One count against another (``ratio``): the default message's numbers, the ratio
    as the catalog wrote it, on the last entry of what is limited."""

    def test_the_default_message(self) -> None:
        """5 Troopers for 1 Boss at 2 to 1: 2 allowed, remove 3 or add 2 Bosses (5 / 2 is
        2.5, so 3 Bosses)."""
        report = run(
            rules_mini(ratio_rule("2.0")),
            entry("boss"),
            entry("trooper", 3),
            entry("trooper", 2),
        )
        assert seen(report) == [
            (
                "troopers-per-boss",
                "5 against 1; at most 2 allowed: remove 3 or add 2",
                2,
                None,
            )
        ]

    def test_copies_of_one_entry_point_at_the_last_copy(self) -> None:
        """Two copies of a 2-model Trooper entry around a Boss: 4 against 1, at 2 to 1 two
        are allowed; the finding is on the last copy (unit 3), not the first."""
        trooper = entry("trooper", 2)
        report = run(rules_mini(ratio_rule("2.0")), trooper, entry("boss"), trooper)
        assert seen(report) == [
            ("troopers-per-boss", "4 against 1; at most 2 allowed: remove 2 or add 1", 2, None)
        ]

    def test_the_last_entry_of_any_kind_counted(self) -> None:
        """A 2-model Trooper entry, a 3-model one, then a copy of the first: the finding is
        on that copy (unit 3), the last Trooper entry, though its kind came first."""
        two = entry("trooper", 2)
        report = run(rules_mini(ratio_rule("2.0")), two, entry("trooper", 3), two, entry("boss"))
        assert seen(report) == [
            ("troopers-per-boss", "7 against 1; at most 2 allowed: remove 5 or add 3", 2, None)
        ]

    def test_the_ratio_is_shown_as_written(self) -> None:
        message = "{count} Troopers for {other} Bosses: at most {max} each"
        half = run(
            rules_mini(ratio_rule("1.5", message)),
            entry("trooper", 4),
            entry("boss"),
            entry("boss", name="Big"),
        )
        assert seen(half) == [
            ("troopers-per-boss", "4 Troopers for 2 Bosses: at most 1.5 each", 0, None)
        ]
        whole = run(rules_mini(ratio_rule("2.0", message)), entry("boss"), entry("trooper", 3))
        assert seen(whole) == [
            ("troopers-per-boss", "3 Troopers for 1 Bosses: at most 2 each", 1, None)
        ]


class TestSettingsAndTallies:
    """A maximum from the roster's settings (``max_setting``, Steam Wars' vehicle limit)
    turns the whole rule off while unset; a tally counted as one has no group name."""

    def test_a_rule_off_while_its_setting_is_unset_checks_no_minimum_either(self) -> None:
        rule = count_rule(
            "bosses", select='{ units = ["boss"] }', min="1", max_setting='"boss-limit"'
        )
        assert run(rules_mini(rule), entry("trooper", 2)).findings == ()
        report = run(rules_mini(rule), entry("trooper", 2), **{"boss-limit": 2})
        assert seen(report) == [("bosses", "0; at least 1 needed: add 1", None, None)]

    def test_a_unit_scoped_maximum_from_a_setting(self) -> None:
        rule = count_rule(
            "trooper-size",
            scope='"unit"',
            select='{ units = ["trooper"] }',
            max_setting='"squad-size"',
        )
        assert run(rules_mini(rule), entry("trooper", 3)).findings == ()
        report = run(rules_mini(rule), entry("trooper", 3), **{"squad-size": 2})
        assert seen(report) == [("trooper-size", "3; at most 2 allowed: remove 1", 0, None)]

    def test_a_tally_counted_as_one_has_no_group(self) -> None:
        rule = count_rule("entries", measure='"entries"', max="10", label='"Entries"')
        report = run(rules_mini(rule), entry("boss"), entry("trooper", 2))
        assert [(t.label, t.value, t.max, t.group) for t in report.tallies] == [
            ("Entries", 2, 10, None)
        ]


class TestOrder:
    """Findings are sorted errors first, then by entry, list-wide ones (no entry) first;
    an entry's own rules come before list rules pointing at the same entry."""

    def test_errors_by_entry_then_warnings(self) -> None:
        no_boss = count_rule("no-boss", select='{ units = ["boss"] }', max="0")
        wounds = count_rule(
            "boss-wounds",
            scope='"unit"',
            select='{ units = ["boss"] }',
            measure='"stat:W"',
            max="1",
        )
        a_brute = count_rule("a-brute", select='{ units = ["brute"] }', min="1")
        warned = count_rule(
            "boss-warning", select='{ units = ["boss"] }', max="0", severity='"warning"'
        )
        view = rules_mini(no_boss, wounds, a_brute, warned)
        report = run(view, entry("boss"), entry("trooper", 1))
        assert [(f.severity, f.code, f.where.unit) for f in report.findings] == [
            ("error", "a-brute", None),
            ("error", "boss-wounds", 0),
            ("error", "no-boss", 0),
            ("error", "unit-size", 1),
            ("warning", "boss-warning", 0),
        ]


def designer(*rules: str, leadership: bool = False) -> FactionView:
    """The designer fixture (tests/fixtures/catalogs/designer-mini) with these rules and,
    if asked, a fourth stat (Ld) in the system's profile that its cards do not fill in."""
    source = FIXTURES / "catalogs" / "designer-mini"
    text = (source / "system.toml").read_text()
    if leadership:
        wounds = '{ id = "Wnd", name = "Wounds" }'
        assert wounds + "]" in text
        text = text.replace(wounds + "]", wounds + ', { id = "Ld", name = "Leadership" }]')
    constraints = "".join(f"\n[[constraints]]\n{rule.strip()}\n" for rule in rules)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "designer-mini"
        (folder / "factions").mkdir(parents=True)
        (folder / "system.toml").write_text(text + constraints)
        for path in (source / "factions").glob("*.toml"):
            (folder / "factions" / path.name).write_text(path.read_text())
        return load_system(folder).view("any")


class TestSameStat:
    """Models that must share a stat with others (``same-stat``; Steam Wars' drones have
    their unit's RES, designer-mini's ``drone-like-unit``)."""

    def designed(self, view: FactionView, *cards: UnitCard) -> Report:
        r = test_design.roster(*cards)
        return validate(view.with_cards(r.cards), r)

    def test_the_finding_is_the_entry_s(self) -> None:
        plain = test_design.card("troops", 4, 1, {"count": 2})
        odd = test_design.card("troops", 4, 1, {"count": 4}, {"abilities": ["drone"], "res": 5})
        report = self.designed(test_design.view(), plain, odd)
        assert [(f.code, f.where.unit) for f in report.findings] == [("drone-like-unit", 1)]

    def test_nothing_to_match_against(self) -> None:
        """A unit of drones only: no other model to take the stat from."""
        drones = test_design.card("troops", 4, 1, {"count": 2, "abilities": ["drone"]})
        assert self.designed(test_design.view(), drones).findings == ()

    def test_only_the_models_named_by_like_are_matched(self) -> None:
        """A Sidekick has its Hero's RES, whatever other models have."""
        rule = (
            'kind = "same-stat"\nid = "sidekick"\nselect = { items = ["sidekick"] }\n'
            'like = { items = ["hero"] }\nstats = ["Res"]'
        )
        view = designer(rule)
        same = test_design.card(
            "troops",
            4,
            1,
            {"abilities": ["sidekick"], "res": 5},
            {"count": 2},
            {"abilities": ["hero"], "res": 5},
        )
        assert "sidekick" not in [f.code for f in self.designed(view, same).findings]
        other = test_design.card(
            "troops",
            5,
            1,
            {"abilities": ["sidekick"], "res": 4},
            {"count": 2, "res": 4},
            {"abilities": ["hero"]},
        )
        found = [f.message for f in self.designed(view, other).findings if f.code == "sidekick"]
        assert found == ["Unit (unit 1): Unit has Res 4; it must have 5, as the others"]


def test_per_model_does_not_scale_a_list_wide_count() -> None:
    """``per_model`` scales a count within each entry; a list-wide count has no entry's
    models to scale by, so one entry at most stays one (not one per model of some entry)."""
    rule = count_rule("one-entry", measure='"entries"', per_model="true", max="1")
    report = run(rules_mini(rule), entry("boss"), entry("trooper", 2))
    assert seen(report) == [("one-entry", "2; at most 1 allowed: remove 1", 1, None)]


def test_a_stat_a_designed_unit_does_not_have_counts_nothing_under_dash() -> None:
    """A derived card fills in Move, Res and Wnd only: in a system whose profile also has
    Ld (accepted by the catalog check), its two models add no Ld, whole or model by model,
    and are counted under "Ld -" in the status line."""
    whole = count_rule(
        "ld", measure='"stat:Ld"', group_by='"stat:Ld"', max="5", label='"Leadership"'
    )
    by_model = count_rule(
        "ld-models", by_model="true", measure='"stat:Ld"', max="5", label='"Ld by model"'
    )
    view = designer(whole, by_model, leadership=True)
    r = test_design.roster(test_design.card("troops", 4, 1, {"count": 2}))
    report = validate(view.with_cards(r.cards), r)
    assert [(t.label, t.value, t.group) for t in report.tallies if t.label != "Points"] == [
        ("Leadership", 0, "Ld -"),
        ("Ld by model", 0, None),
    ]


class TestCopiesAndReuse:
    """Validation reuses work: copies of an entry are resolved once and placed again, and
    the last roster resolved is not resolved again. What a player sees must not depend on
    it. History: commit 0fab11c."""

    def test_every_copy_is_checked_model_by_model(self) -> None:
        """Two copies of a Boss entry against a per-entry rule counted model by model."""
        rule = count_rule(
            "no-boss-models",
            scope='"unit"',
            select='{ units = ["boss"] }',
            by_model="true",
            max="0",
            message='"{unit} has {count} Boss models"',
        )
        boss = entry("boss")
        report = run(rules_mini(rule), boss, boss)
        assert seen(report) == [
            ("no-boss-models", "Boss (unit 1) has 1 Boss models", 0, None),
            ("no-boss-models", "Boss (unit 2) has 1 Boss models", 1, None),
        ]

    def test_a_copy_of_a_designed_entry_keeps_its_card(self) -> None:
        """The tracker starts battles from ``loadouts_of``: each copy carries the card."""
        c = test_design.card("troops", 4, 1, {"count": 2})
        r = test_design.roster(c)
        r = r.model_copy(update={"units": (*r.units, *r.units)})
        first, second = loadouts_of(test_design.view().with_cards(r.cards), r)
        assert (first.index, second.index) == (0, 1)
        assert first.design is not None and second.design is first.design
        assert second.groups == first.groups and len(second.groups) == 1

    def test_the_same_roster_checked_twice_gives_the_same_places(self) -> None:
        """Two 2-model Squads (3 at least): each finding names its own entry, the second
        time too (the builder resolves a list to show it and again to check it)."""
        view = rules_mini()
        squad = entry("squad", 2)
        roster = Roster(
            system="rules-mini", faction="f", name="T", points_limit=200, units=(squad, squad)
        )
        expected = [
            (
                "unit-size",
                f"Squad (unit {n}) has 2 models; a Squad entry has 3 to 5: set models to 3",
                n - 1,
                None,
            )
            for n in (1, 2)
        ]
        assert seen(validate(view, roster)) == expected
        assert [lo.index for lo in loadouts_of(view, roster)] == [0, 1]
        assert seen(validate(view, roster)) == expected

    def test_the_same_roster_against_another_catalog(self) -> None:
        """One roster object checked against a catalog where a Boss costs 20, then one
        where it costs 25 (a catalog edited, or house rules): the second costs 25."""
        roster = Roster(
            system="rules-mini", faction="f", name="T", points_limit=200, units=(entry("boss"),)
        )
        assert validate(rules_mini(), roster).points == 20
        assert validate(rules_mini(boss_cost=25), roster).points == 25
