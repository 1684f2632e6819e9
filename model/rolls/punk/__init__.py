"""Punkapocalyptic's rulebook rolls, each showing its numbers, one module per kind of roll.

The helpers follow the Punkapocalyptic rulebook (RB). Each returns a frozen result that
keeps its inputs, every modifier by name and value, the target or the totals, the dice,
the outcome in words, and ``event()``: the ``Roll`` event to put in the battle's log.

* ``attribute.attribute_roll``: RB ch.1 "Dice rolls", Attribute rolls;
* ``opposed.opposed_roll``: RB ch.1 "Dice rolls", Opposed rolls (and ch.2 "Combat");
* ``shooting.shooting_roll``: RB ch.2 "Shooting", "Ranges", "Aiming", "Ready defensive
  fire", "Cover", "Shooting into a combat"; ch.4 "Hard to use", "Pellets", "Camouflage",
  "Rider", "Indirect fire", "KABOOM!", "Template";
* ``wounds.wound_roll``: RB ch.2 "Hits", "Armours and weapon Penetration", "Cover",
  "Stacking covers"; ch.4 "Steam", "Shock", "Template", "Rust";
* ``steam.steam_roll``: RB ch.4 "Steam";
* ``falling.falling_roll``: RB ch.2 "Falling down", on the catalog's falling table.

Weapons, armour and range bands are read as every game reads them, by
``model.rolls.profiles``; any game's tables are rolled by ``model.rolls.tables``.

Shooting modifiers come from the catalog's ``[[tracker.modifiers]]`` (ids ``short-range``,
``long-range``, ``aimed``, ``defensive-fire``, ``into-combat``, ``hard-to-use``,
``pellets``, ``avoid-cover``, ``avoid-cover-camouflage``): the helper knows which rule
each id stands for, the catalog gives the names and values.
"""
