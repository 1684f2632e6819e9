"""A player's ``house.toml``: designed cards kept in their own catalog folder.

A card designed in a list lives in that list. Saving it to the user catalog puts it
in ``<catalog-dir>/<system-id>/house.toml``, which the library lays over the bundled
system (``catalogs.library``), so the card is offered to every new list as a unit.
The file is rewritten whole and atomically, keeping its other cards and its own
base-cost table; a file that cannot be read is never overwritten. A card of the same
id that differs is replaced only when the caller says so (the command line's
``--force``, the app's question), the previous file then kept as ``house.toml.bak``:
the card there may be the only copy of one a player designed in a list since deleted.
"""

from __future__ import annotations

import os
from pathlib import Path

import tomli_w
from pydantic import ValidationError

from model.catalog.design import UnitCard
from model.catalog.files import HouseFile
from model.core.problems import Problem, SaveError
from model.parse.schema_errors import problems_from
from model.parse.toml_text import parse
from saves.atomic import write_atomic
from saves.roster_file import card_to_toml

HOUSE_FILE = "house.toml"
"""The same name ``catalogs.library`` looks for (saves may not import catalogs)."""


def house_path(user_dir: Path, system_id: str) -> Path:
    """Where a system's house file lives in a user catalog folder."""
    return user_dir / system_id / HOUSE_FILE


def read_house(path: Path) -> HouseFile:
    """A house file, or ``SaveError`` naming what is wrong in it."""
    try:
        raw = parse(path.read_bytes(), str(path), SaveError)
    except OSError as exc:
        raise SaveError(
            f"cannot read {path}", [Problem(str(exc.strerror or exc), str(path))]
        ) from None
    try:
        return HouseFile.model_validate(raw)
    except ValidationError as exc:
        problems = problems_from(exc, raw, HouseFile, str(path))
        raise SaveError(f"{path} is not a house file warband can add to", problems) from None


def house_to_toml(house: HouseFile) -> str:
    """The file as a person would write it: the format, the base-cost table, the cards."""
    parts = ['format = "warband.catalog/1"\n']
    if house.design is not None:
        data = house.design.model_dump(mode="python", exclude_defaults=True)
        parts.append("\n" + tomli_w.dumps({"design": data}))
    parts.extend("\n" + card_to_toml(cid, card) for cid, card in house.cards.items())
    return "".join(parts)


def house_card(user_dir: Path, system_id: str, card_id: str) -> UnitCard | None:
    """The card the system's house file holds under ``card_id``, if any (``SaveError``
    when the file is there but cannot be read)."""
    path = house_path(user_dir, system_id)
    return read_house(path).cards.get(card_id) if os.path.lexists(path) else None


def save_card(
    user_dir: Path, system_id: str, card_id: str, card: UnitCard, *, replace: bool = False
) -> Path:
    """Add a card to the system's house file; returns the file's path.

    A different card already there under ``card_id`` is replaced only with ``replace``
    (the previous file kept as its backup); otherwise ``SaveError`` says so, naming the
    file and both cards. Saving the same card again changes nothing. Raises
    ``SaveError`` too when the existing file cannot be read (it is left as it is, so
    nothing the player wrote by hand is lost) or the new one cannot be written.
    """
    path = house_path(user_dir, system_id)
    house = read_house(path) if os.path.lexists(path) else HouseFile(format="warband.catalog/1")
    there = house.cards.get(card_id)
    if there == card:
        return path
    if there is not None and not replace:
        raise SaveError(
            f"{path} already holds a card '{card_id}'",
            [
                Problem(
                    f"'{there.name}' is kept there under the id '{card_id}'; "
                    f"'{card.name}' was not saved over it",
                    str(path),
                    ("cards", card_id),
                    hint="pass --force to replace it (the file is kept as house.toml.bak)",
                )
            ],
        )
    house = house.model_copy(update={"cards": house.cards.set(card_id, card)})
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, house_to_toml(house).encode("utf-8"), backup=there is not None)
    return path
