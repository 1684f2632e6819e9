"""List rules' counts: the points tally marked as the points, the entry an over-full count
is told on, and the model groups of an edited entry that became a copy of a later one. Each
test uses the small catalog of ``test_list_rules_generic`` (``rules_mini``) with only the
rules under test; every value is worked out by hand in the docstring.

History: the mutation run of ``model/roster/validate.py`` and
``model/roster/rule_counts.py`` after the split (issue 19) found these unchecked:
``mutmut run "model.roster.validate.*" "model.roster.rule_counts.*"`` left these changes
alive: the points tally no longer marked as the points (the status line would show it
twice), an over-full count told on the wrong entry (the last group met rather than the last
entry, an entry adding nothing, a whole entry counted as if it came with its unit) and
``edit_errors`` dropping the model groups of an edited entry that became a copy of a later
one.
"""

from __future__ import annotations

from model.roster.roster import Roster
from model.roster.validate import edit_errors
from model.rules.findings import Tally
from tests.helpers import entry
from tests.model.test_list_rules_generic import count_rule, rules_mini, run, seen

KNIVES = count_rule("two-knives-2", select='{ items = ["knife"] }', measure='"items"', max="2")
"""Two Knives at most in the list (a Boss and a Brute come with one each)."""


class TestPointsTally:
    def test_the_points_limit_tally_is_marked_as_points(self) -> None:
        """A Boss (20) and two Troopers (2 x 5): 30 of 50 points. The points limit's tally
        says it is the points (``of_points``: the status line, the sheet and the export
        show it as "30/50 points" and leave it out of the other counts); the Bosses' tally
        (1 of at most 1) does not."""
        points = 'kind = "points-limit"\nid = "points"\nlabel = "Points"'
        bosses = count_rule(
            "bosses", select='{ units = ["boss"] }', measure='"entries"', max="1", label='"Bosses"'
        )
        report = run(rules_mini(points, bosses), entry("boss"), entry("trooper", 2), limit=50)
        assert report.findings == ()
        assert report.tallies == (
            Tally("Points", 30, 50, None, of_points=True),
            Tally("Bosses", 1, 1, None, of_points=False),
        )


class TestWhereAnOverFullCountPoints:
    """The last entry adding to an over-full list count, preferring one that can be
    removed; copies of one entry are measured once and stand for their last copy."""

    def test_the_last_copy_of_a_buyer_beyond_another_buyer(self) -> None:
        """Brutes that bought a second Knife: one at 0, a named one at 1, a copy of the
        first at 2. 6 Knives, 2 at most: each bought one, and the last of them is entry 2
        (the copy), not the named Brute met after the first copy's group."""
        brute = entry("brute", knife=2)
        report = run(rules_mini(KNIVES), brute, entry("brute", name="Other", knife=2), brute)
        assert seen(report) == [("two-knives-2", "6; at most 2 allowed: remove 4", 2, None)]

    def test_the_last_copy_when_every_knife_came_with_its_unit(self) -> None:
        """Bosses, each with its own Knife: one at 0, a named one at 1, a copy of the first
        at 2. 3 Knives, 2 at most: none was bought, so the last of them, entry 2, is told."""
        boss = entry("boss")
        report = run(rules_mini(KNIVES), boss, entry("boss", name="Big"), boss)
        assert seen(report) == [("two-knives-2", "3; at most 2 allowed: remove 1", 2, None)]

    def test_an_entry_adding_nothing_is_never_told(self) -> None:
        """Two Bosses (a Knife each, none bought) and a Squad of 3 (no Knife) last: 2
        Knives, 1 at most. The last Boss, entry 1, is told, not the Squad at 2."""
        knife = count_rule(
            "one-knife-2", select='{ items = ["knife"] }', measure='"items"', max="1"
        )
        report = run(rules_mini(knife), entry("boss"), entry("boss"), entry("squad", 3))
        assert seen(report) == [("one-knife-2", "2; at most 1 allowed: remove 1", 1, None)]

    def test_a_whole_entry_counted_can_be_removed_like_a_bought_item(self) -> None:
        """Knives plus Squad entries (``plus``), 2 at most: a Brute that bought a second
        Knife (2) at 0, a Squad of 3 (1 entry) at 1: 3. Both can be removed (a bought
        Knife, a whole entry), so the last, the Squad, is told."""
        rule = count_rule(
            "knives-and-squads",
            select='{ items = ["knife"] }',
            measure='"items"',
            plus='[{ select = { units = ["squad"] }, measure = "entries" }]',
            max="2",
        )
        report = run(rules_mini(rule), entry("brute", knife=2), entry("squad", 3))
        assert seen(report) == [("knives-and-squads", "3; at most 2 allowed: remove 1", 1, None)]


class TestEditErrors:
    def test_an_entry_edited_into_a_copy_of_a_later_one_keeps_its_models(self) -> None:
        """A Trooper (2 models) at 0 and a Boss at 1; one Boss model at most, counted model
        by model. Would making entry 0 a Boss too break a rule? The Boss at 1 was resolved
        first, so entry 0 reuses its loadout placed again at 0, and must keep its one model
        group: 2 Boss models, 1 over, told on the last Boss (entry 1). The Boss itself has
        no finding of its own."""
        rule = count_rule(
            "one-boss-model-edited", select='{ units = ["boss"] }', by_model="true", max="1"
        )
        view = rules_mini(rule)
        roster = Roster(
            system="rules-mini",
            faction="f",
            name="T",
            points_limit=200,
            units=(entry("trooper", 2), entry("boss")),
        )
        errors = edit_errors(view, roster, 0, entry("boss"))
        assert [(f.code, f.message, f.where.unit, f.where.item) for f in errors] == [
            ("one-boss-model-edited", "2; at most 1 allowed: remove 1", 1, None)
        ]


class TestUnknownSettingNamesTheDeclaredOnes:
    """A setting the system does not declare, with no name close to it, is told with every
    setting the system has, quoted and joined by ", " (kills
    ``fixed_checks.x__setting_findings__mutmut_23``: ``"XX, XX".join``). The fixture
    system declares two, ``boss-limit`` and ``squad-size``; ``zzz`` is close to neither."""

    def test_the_declared_settings_are_listed(self) -> None:
        report = run(rules_mini(), entry("boss", 1), zzz=1)
        assert seen(report)[0] == (
            "unknown-setting",
            "setting 'zzz' = 1: Rules (fixture) has no such list setting "
            "(it has 'boss-limit', 'squad-size'): remove it",
            None,
            None,
        )
