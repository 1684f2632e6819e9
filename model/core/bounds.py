"""Every range a number in a file may have, stated once (DESIGN section 10).

Rosters, battles, share codes and catalogs come from strangers as much as from the
player: a roster may say ``models = 100000000000000000000``, a share code may hold a
4,000-digit limit, a catalog in the user's folder may ask for a billion dice. Left
unbounded, such a number becomes work (a battle makes one model snapshot per model,
a counter one target per carried item), a float overflow or a 60 MB error message.
So every whole number or decimal a file can carry is one of the aliases below, each
with the range a real game could need and generous room beyond it; the schema refuses
anything else before any code sees it, and ``model.parse.schema_errors`` says which file,
which key and which range ("units[1].models: must be a number from 1 to 200, got ...").

The generic ``Int``, ``Count``, ``Positive`` and ``Number`` of ``model.core.base`` are the
wide ranges here; fields that mean something narrower use a narrower alias. Lengths of
lists that code expands into work get a ``MAX_...`` here too. The constants are public
so that a screen asking for a number can ask within the same range.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, Strict

# --- the wide ranges: any number that has no narrower meaning -------------------------------

MAX_WHOLE = 1_000_000
"""No number of a game (a points cost, a stat, a count of anything on a table) reaches
a million; beyond it a number is a typo or an attack, and refusing it keeps every sum
exact, every message short and every float conversion finite."""

Int = Annotated[int, Strict(), Field(ge=-MAX_WHOLE, le=MAX_WHOLE)]
"""A whole number, within plus or minus a million (``MAX_WHOLE``)."""

Count = Annotated[int, Strict(), Field(ge=0, le=MAX_WHOLE)]
"""A whole number of things, zero to a million."""

Positive = Annotated[int, Strict(), Field(ge=1, le=MAX_WHOLE)]
"""A whole number of things, one to a million."""

Number = Annotated[float, Strict(), Field(ge=-MAX_WHOLE, le=MAX_WHOLE)]
"""A number, whole or not, within plus or minus a million; ``nan`` and ``inf`` (which
TOML can write) are outside every range and refused."""

# --- lists and their points -----------------------------------------------------------------

MAX_POINTS = 100_000
"""The largest games played (whole-club "apocalypse" battles) are some 20,000 points a
side; the skirmish games here are 200 to 2,000."""

Points = Annotated[int, Strict(), Field(ge=1, le=MAX_POINTS)]
"""A game size or a block of points: a list's ``points_limit``, a system's default,
"per 1000 points" in a list rule, "7 VP per 500 points"."""

Cost = Annotated[int, Strict(), Field(ge=0, le=MAX_POINTS)]
"""The price of one model, item, choice or card: never more than a whole game."""

CostChange = Annotated[int, Strict(), Field(ge=-MAX_POINTS, le=MAX_POINTS)]
"""A price that may also take points away (Steam Wars: Non-Combatant -5)."""

Percent = Annotated[int, Strict(), Field(ge=-100, le=1000)]
"""A cost change in percent: it cannot take away more than everything (-100), and no
rule multiplies a cost by more than ten."""

MAX_TOTAL = 10**12
"""Points one model's share can come to when every part of its entry is at its bound
(200 models of 100,000 points, 100 items of 1,000 copies at 100,000 each: some 10**10):
a battle snapshot keeps it, so its range must hold it; finite, so sums stay exact."""

PointsTotal = Annotated[int, Strict(), Field(ge=-MAX_TOTAL, le=MAX_TOTAL)]
"""Points worked out from bounded parts and kept in a battle file (a model's share)."""

MAX_MODELS = 200
"""Models in one roster entry or one designed card. The bundled games field 1 to 25 per
unit; the largest regiments of mass-battle games are some 60. A battle makes one
snapshot per model, so this (with ``MAX_LIST_MODELS``) is what a battle can cost."""

Models = Annotated[int, Strict(), Field(ge=1, le=MAX_MODELS)]
"""Models in a roster entry, a unit's model range, a designed card's group."""

MAX_ENTRIES = 1000
"""Entries (``[[units]]``) in one list: skirmish lists have 5 to 20, a 200-unit list is
the benchmark's worst case."""

MAX_LIST_MODELS = 1000
"""Models in one whole list: five times a large mass-battle army. A battle snapshots each
model of both lists (some 460 bytes of battle file each), so a file cannot make it build
more than this per side, and a battle of two full lists still fits in a battle file
(``model.toml_text.MAX_BYTES``)."""

MAX_ITEMS = 1000
"""Copies of one item an entry buys (or a model carries in a battle): five for each model
of the largest entry. A battle keeps one counter target per copy of an item a counter
applies to (the second pistol can jam on its own), so this bounds that too."""

Items = Annotated[int, Strict(), Field(ge=1, le=MAX_ITEMS)]
"""How many of an item an entry has (``items = { bullet = 3 }``), or a model carries."""

MAX_KINDS = 100
"""Different items one entry lists, or ids one catalog list repeats (a unit's ``base``
gear, a card's weapons): a model carries a handful."""

PerModel = Annotated[int, Strict(), Field(ge=0, le=MAX_KINDS)]
"""How many of a choice or an option group one model may take."""

Ratio = Annotated[float, Strict(), Field(gt=0, le=1000)]
"""How many of one thing a list may have for each of another ("no more Scumbags than all
other members" is 1): more than none, and a thousand for one is no rule of a game."""

# --- profiles ---------------------------------------------------------------------------------

MAX_STAT = 1000
"""Profiles print one- and two-digit values (Agility 6, Move 12, SUSTAIN 8); a thousand
leaves room for any game's scale and for every modifier added up."""

StatNumber = Annotated[int, Strict(), Field(ge=-MAX_STAT, le=MAX_STAT)]
"""A profile value or a change to one (``Ag = -1``), a move, a Resilience, a round."""

Rating = Annotated[int, Strict(), Field(ge=0, le=MAX_STAT)]
"""A profile value that cannot be negative: how far a model moves, an armour value."""

StatDecimal = Annotated[float, Strict(), Field(ge=-MAX_STAT, le=MAX_STAT)]
"""A profile value that is not whole (a template's 1.5)."""

Wounds = Annotated[int, Strict(), Field(ge=1, le=MAX_STAT)]
"""Wounds (hit points) of one model."""

MAX_DISTANCE = 10_000.0
"""Ranges are a few feet of table (48 in, 120 cm); ten thousand of any unit is a field."""

Distance = Annotated[float, Strict(), Field(ge=0, le=MAX_DISTANCE)]
"""A range band's limit in the system's distance unit."""

DICE_PATTERN = r"^([1-9][0-9]?)?[dD][1-9][0-9]{0,2}([+-][0-9]{1,3})?$"
"""At most 99 dice of at most 999 sides, plus or minus at most 999."""

Dice = Annotated[str, Strict(), Field(pattern=DICE_PATTERN)]
"""Dice a table or a roll-off rolls (``d10``, ``2d6+1``): at most 99 dice of at most 999
sides, since the dice helper rolls each die."""

# --- battles ----------------------------------------------------------------------------------

MAX_COUNTER = 10_000
"""Counters count markers, shocks, bullets, actions: tens at most; ten thousand is room."""

CounterValue = Annotated[int, Strict(), Field(ge=-MAX_COUNTER, le=MAX_COUNTER)]
"""A counter's value, a change to one, wounds taken or healed, an action's cost."""

Tally = Annotated[int, Strict(), Field(ge=0, le=MAX_COUNTER)]
"""A number of wounds or markers that cannot be negative (a pushed action costs 1 HPT)."""

VictoryPoints = Annotated[int, Strict(), Field(ge=-MAX_COUNTER, le=MAX_COUNTER)]
"""Victory points scored (or taken away) at once, or worth a destroyed unit."""

MAX_ROLL = 1000
"""Dice show 1 to 10 (``Dice`` allows 999 sides) and modifiers are a few points; a
thousand is room. A roll's total (a ``Roll`` event's row) is worked out from dice and
modifiers, so it keeps the wide ``Int`` range."""

RollValue = Annotated[int, Strict(), Field(ge=-MAX_ROLL, le=MAX_ROLL)]
"""A die's face, a modifier to a roll, a table row's bounds, a grid's cell."""

MAX_SIDES = 4
"""Sides a battle can have: model ids are lettered A to D."""

Side = Annotated[int, Strict(), Field(ge=0, le=MAX_SIDES - 1)]
"""A side, counted from 0 (A)."""

EntryIndex = Annotated[int, Strict(), Field(ge=0, le=MAX_ENTRIES - 1)]
"""A model's roster entry, counted from 0."""

MAX_EVENTS = 100_000
"""Events in a battle's log and its undone list together: a long evening is a few
hundred, a campaign a few thousand. The tracker records no event past it, so every
battle it saves opens again (``MAX_BATTLE_BYTES``)."""

EVENT_BYTES = 100
"""What one event takes in a battle file on average, at most: its ``[[events]]`` line,
its keys and a blank line come to 40 to 90 bytes (a note or a roll's text more)."""

MAX_BATTLE_BYTES = 2_000_000 + MAX_EVENTS * EVENT_BYTES
"""The largest battle file warband reads (12 MB): the size limit of any file for its
setup (``model.toml_text.MAX_BYTES``) and ``EVENT_BYTES`` for each event it may hold.
Saving a battle larger than this is refused with a message, so a battle warband wrote
always opens; a file over 2 MB is read only when its log is laid out as warband writes
it, which is read in time and memory bounded by its size."""

MAX_TURNS = 1_000_000
"""Games last 4 to 10 turns, but nothing is done per turn of the limit: the limit may be
far beyond any game (a battle's turns cannot outnumber its events, ``MAX_EVENTS``, as
each turn ends with one), so long test and benchmark games fit."""

TurnLimit = Annotated[int, Strict(), Field(ge=1, le=MAX_TURNS)]
"""The turns a battle lasts."""

Seed = Annotated[int, Strict(), Field(ge=-(2**63), le=2**63 - 1)]
"""The dice helper's seed: any signed 64-bit number, as other programs write seeds."""

MarkerNumber = Annotated[int, Strict(), Field(ge=1, le=MAX_TURNS)]
"""A marker's number in the list of markers: each was placed by an event, so it is below
``MAX_EVENTS``; files keep the wider range they were read with before."""
