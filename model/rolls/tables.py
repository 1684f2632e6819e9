"""Any game's tables: a catalog's ``TableSpec`` rolled (``table_roll``) or read (``table_lookup``).

Apart from the game families because tables are catalog data any game may have
(Punkapocalyptic's falling and cover tables, the sheets' hit tables); ``parse_dice`` reads
their dice (``2d6+1``) for the sheets' rolls too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.rolls.dice import DiceSource, Modifier, Result, formula_text, signed_terms

if TYPE_CHECKING:
    from model.catalog.tracker_rolls import TableRow, TableSpec


def find_table(tables: Iterable[TableSpec], table_id: str) -> TableSpec:
    """A table by id (``KeyError`` when the catalog has none)."""
    for table in tables:
        if table.id == table_id:
            return table
    raise KeyError(table_id)


def parse_dice(text: str) -> tuple[int, int, int]:
    """``2d6+1`` as ``(2, 6, 1)``: how many dice, their sides, and a number added."""
    found = re.fullmatch(r"\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*", text)
    if found is None:
        raise ValueError(f"{text!r} is not a dice expression like d10 or 2d6+1")
    count = int(found.group(1) or 1)
    sides = int(found.group(2))
    if count < 1 or sides < 1:
        raise ValueError(f"{text!r} rolls no dice")
    add = int(found.group(4) or 0) * (-1 if found.group(3) == "-" else 1)
    return count, sides, add


@dataclass(frozen=True, kw_only=True)
class TableResult(Result):
    """A table's row for a value: rolled (``table_roll``) or looked up (``table_lookup``)."""

    table: str
    value: int
    """The total rolled with its modifiers, or the value looked up."""
    modifiers: tuple[Modifier, ...]
    row: TableRow | None
    """None when no row holds the value."""


def table_roll(
    dice: DiceSource,
    table: TableSpec,
    modifiers: Sequence[Modifier] = (),
    *,
    title: str | None = None,
) -> TableResult:
    """Roll a table's dice (``2d6``, ``d10+1``), add the modifiers, and read its row."""
    if table.dice is None:
        raise ValueError(f"{table.name} is looked up ({table.lookup}), not rolled")
    count, sides, add = parse_dice(table.dice)
    rolled = tuple(dice.roll(sides) for _ in range(count))
    mods = tuple(modifiers)
    value = sum(rolled) + add + sum(m.value for m in mods)
    row = table.row_for(value)
    shown = " + ".join(str(d) for d in rolled)
    formula = f"{table.dice}: {shown}"
    if add:
        formula += f" {'+' if add > 0 else '-'} {abs(add)}"
    formula += signed_terms(mods)
    if len(rolled) > 1 or add or mods:
        formula += f" = {value}"
    return TableResult(
        title=title or f"{table.name} table",
        dice=rolled,
        detail=formula,
        outcome=row.result if row is not None else f"No row of the table for {value}",
        table=table.name,
        value=value,
        modifiers=mods,
        row=row,
    )


def table_lookup(
    table: TableSpec,
    value: int,
    modifiers: Sequence[Modifier] = (),
    *,
    title: str | None = None,
) -> TableResult:
    """Read a table's row for a value (a height fallen, a cover type), with no dice."""
    mods = tuple(modifiers)
    total = value + sum(m.value for m in mods)
    row = table.row_for(total)
    what = table.lookup or "Value"
    return TableResult(
        title=title or f"{table.name} table",
        dice=(),
        detail=formula_text(what, value, mods),
        outcome=row.result if row is not None else f"No row of the table for {total}",
        table=table.name,
        value=total,
        modifiers=mods,
        row=row,
    )
