"""Rolling a catalog's tests and tables and applying them to a model: the sheets' rolls.

Three of the rule documents are quick-reference sheets whose mechanics are tables and
tests: the colonial sheet's SUSTAIN roll and vehicle hit tables, Reikhammer's action and
rally tests, Steampocalypse 1909's dice pools. Their numbers are catalog data
(``[[tracker.tests]]``, ``[[tracker.tables]]``, ``[[tracker.modifiers]]``); these modules
only read them: each roll says every number it used, and returns a result whose
``event()`` is a ``Roll`` applied to the model (``applied.AppliedRoll``), so the tracker
changes the model's counters as it reads the log (``model.battle.roll_results.roll``) and
undo takes both back.

* ``catalog_tests.roll_test``: dice against a number (one die or a pool counting hits),
  with the modifiers the catalog offers for it; the ones the model's own counters or
  tags call for are found by ``modifiers.auto_modifiers``;
* ``tables.roll_table``: a table's row for a roll (rolled here or read from the table);
* ``tables.follow``: the rolls a result leads to ("roll on Penetrating Hit", "make an
  extra SUSTAIN roll now", a failed morale test's failure table), each on the state the
  one before left;
* ``attack_sequence.attack_roll`` then ``defence_roll``: an attack pool, then the defence
  dice the defender chooses after seeing its HITs (Steampocalypse 1909: HITs left after
  the defence are hit points lost); ``combat_roll`` rolls both at once;
* ``strategy.strategy_roll``: D6 + each army's strategy rating, ties to the previous
  loser (Reikhammer).
"""
