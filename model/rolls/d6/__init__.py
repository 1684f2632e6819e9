"""The D6 rolls of Steam Wars 2.1 (rulebook 004), each showing its numbers, one module per roll.

The helpers follow ``model.rolls.dice``: the dice come from a ``DiceSource`` (a battle's seeded
``Dice`` or a player's ``FixedDice``), always with ``sides=6``; each helper returns a frozen
result that keeps every modifier by name and value, the number needed, the dice, the
outcome in words, and ``event()``: the ``Roll`` event for the battle's log.

Every roll here needs a number or more on a D6 ("4+"). Modifiers add to the die, so a
-1 makes a 4+ into a 5+; a natural 1 always fails whatever the modifiers (004 Dice
Modifiers), so nothing needs less than 2+, and a roll that needs 7+ cannot succeed: the
helper says so and rolls no dice.

* ``to_hit.to_hit_roll``: 004 Roll to Hit, Infantry Cover, Intervening Terrain (the cover
  table, read from the catalog's ``cover`` grid), Vehicle Cover, Blast Weapons, Indirect,
  Ranged In, Artillery Modifiers, Melee Attacks, Twin-Linked and Aggressive rerolls;
* ``wounds.wound_roll``: 004 Inflicting Wounds, Strength versus Resilience (the catalog's
  ``strength-vs-resilience`` grid where it has the cell, the rule in the text outside
  it), Boiler, Damage 2, Accurate;
* ``saves.save_roll``: 004 Infantry Saves, Take Cover, Shield, Heavy;
* ``checks.target_roll``: one D6 against a number: unpin (Leader, Inspire), Lucky Blighter, Medic,
  Engineer, projecting an Arctech power, the mechanical malfunction check (Conductor);
* ``checks.prototype_roll``: 004 Prototype (4+ works, a 1 breaks it);
* ``initiative.initiative_roll``: 004 Initiative, Who Goes First (-1 over the points limit).

What every one of them shares (the number needed after modifiers, dice rolled at once
with their rerolls, and their text) is in ``needs``.

Modifiers come from the catalog's ``[[tracker.modifiers]]``; the helpers take them as
``Modifier`` values by name, so the catalog gives the names and the numbers.
"""
