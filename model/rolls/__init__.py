"""The games' dice rolls: seeded dice and each game family's rolls, each showing its numbers.

* ``dice``: what every family shares: seeded ``Dice``, ``DiceSource``, ``Modifier``,
  ``Result`` (whose ``event()`` is the battle log's ``Roll``);
* ``tables``: any game's tables, rolled or read;
* ``roll_off``: a die each, the highest going first;
* ``punk``: Punkapocalyptic's rulebook rolls (d10: attribute, opposed, shooting, wounds ...);
* ``d6``: Steam Wars' D6 rolls (to hit, wounds, saves, checks, initiative);
* ``sheets``: the quick-reference sheets' tests and tables, applied to a model.
"""
