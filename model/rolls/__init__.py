"""The games' dice rolls: seeded dice and each game family's rolls, each showing its numbers.

What every game shares:

* ``dice``: seeded ``Dice``, ``DiceSource``, ``Modifier``, ``Result`` (whose ``event()``
  is the battle log's ``Roll``);
* ``tables``: any game's tables, rolled or read;
* ``roll_off``: a die each, the highest going first;
* ``profiles``: weapons, armour and models as the rolls read them, and range bands;
* ``forms``: the dice helper's form as the rules read it (``Kind``: the fields a kind of
  roll asks for; ``Form``, ``SheetForm``: what the player chose);
* ``game``: ``Game``, what a roll reads from the battle (the state and each side's
  catalog view), the helpers several families use, and the line describing a model;
* ``follow_on``: ``FollowOn``, the roll that follows another, filled from it.

One interface over the families, and the one place that knows them all:

* ``family``: ``RollFamily``, what the dice helper asks of a family of rolls (its kinds,
  each kind's roll, modifiers, weapons, field choices, the roll that follows, the turn
  order a result sets);
* ``families``: ``FAMILIES``, the registry, and ``family_for`` a game's from its catalog
  (the first family it declares); the tracker's help asks only this module, the dice
  dialog this one and, for a catalog test's form, ``sheets`` (its ``kinds`` and
  ``modifiers``: any game's catalog may have tests), never another family.

The families, each with its kinds beside its rolls (``kinds``: the fields each kind
asks for and the ``RollFamily`` they make):

* ``punk``: Punkapocalyptic's rulebook rolls (d10: attribute, opposed, shooting, wounds ...);
* ``d6``: Steam Wars' D6 rolls (to hit, wounds, saves, checks, initiative);
* ``sheets``: the quick-reference sheets' tests and tables, applied to a model (every
  game's catalog tests);
* ``plain``: the game's own die, as many as asked, for a catalog that declares none of
  the above (the last family, so no game gets another game's rules).
"""
