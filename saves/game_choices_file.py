"""The players' once-per-game choices for a game with BattleScribe data, as a small
readable file in the user's config folder: ``games/<game>.toml``.

What a tracker needs to know of a game and its data cannot say (which characteristic
counts damage, the counters kept, the phases of a round) is chosen once per game
(``model.battle.game_choices``). The first battle of a game writes warband's proposal
here, with a comment listing the game's characteristics, so a player can confirm it or
change it by hand (or in the app); every later battle of the game starts from it. A
battle copies the choices into its own file, so it opens anywhere without this one::

    format = "warband.game/1"
    system = "gaslands"
    # damage: the characteristic ... one of: Weight, Hull Points, Handling ...
    damage = "Hull Points"

    [[counters]]
    id = "hazard"
    name = "Hazard tokens"
    short = "Haz"
    max = 6

Apart from the battle file: it is the user's, not a battle's, and is read and written
on its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from model.battle.game_choices import GameChoices
from model.core.problems import Problem, SaveError, WarbandError
from model.parse.schema_errors import problems_from
from model.parse.toml_text import parse
from saves.atomic import write_atomic
from saves.battle_errors import FileLines
from saves.battle_toml import toml_key, toml_literal, toml_string

FORMAT = "warband.game/1"
_FORMAT_RE = re.compile(r"warband\.game/([0-9]{1,9})")
MAX_BYTES = 64 * 1024
"""The most read of a choices file: a full one is under two kilobytes."""


class GameChoicesError(WarbandError):
    """A choices file that cannot be read: every problem, with its line and a fix."""


def choices_path(config_dir: Path, system_id: str) -> Path:
    """Where a game's choices are kept: ``<config>/games/<game>.toml``."""
    return config_dir / "games" / f"{system_id}.toml"


def read_game_choices(path: Path, system_id: str) -> GameChoices | None:
    """The choices in ``path``; None when there is no such file yet. Raises
    ``GameChoicesError`` naming the file, the line and the fix when it cannot be used."""
    name = str(path)
    try:
        if not path.is_file():
            return None
        with path.open("rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        raise GameChoicesError(
            f"cannot read {name}", [Problem(exc.strerror or str(exc), name)]
        ) from None
    if len(data) > MAX_BYTES:
        raise GameChoicesError(
            f"{name} is too large to be a game's choices",
            [Problem(f"it is over {MAX_BYTES:,} bytes", name, hint="delete it to start afresh")],
        )
    raw = parse(data, name, GameChoicesError)
    lines = FileLines(data)
    fmt = raw.pop("format", None)
    found = _FORMAT_RE.fullmatch(fmt) if isinstance(fmt, str) else None
    if found is None or int(found.group(1)) != 1:
        raise GameChoicesError(
            f"{name} is not a game's choices this warband reads",
            [
                Problem(
                    f"format is {fmt!r}" if fmt is not None else "required but missing",
                    name,
                    ("format",),
                    lines.line_of(("format",)),
                    hint=f'the first line of a game\'s choices is format = "{FORMAT}"',
                )
            ],
        )
    system = raw.pop("system", system_id)
    if system != system_id:
        raise GameChoicesError(
            f"{name} holds the choices of another game",
            [
                Problem(
                    f"system is {system!r}, not {system_id!r}",
                    name,
                    ("system",),
                    lines.line_of(("system",)),
                    hint=f'set system = "{system_id}", or move the file to {system}.toml',
                )
            ],
        )
    try:
        return GameChoices.model_validate(raw)
    except ValidationError as exc:
        problems = [
            p.at(file=name, line=lines.line_of(p.path))
            for p in problems_from(exc, raw, GameChoices, name)
        ]
        raise GameChoicesError(f"{name} has choices warband cannot use", problems) from None


def choices_text(system_id: str, choices: GameChoices, characteristics: Sequence[str]) -> str:
    """The file's text: every choice written out, defaults too, each with a comment
    saying what it does, so it can be changed by hand."""
    shown = ", ".join(characteristics[:40]) + (" ..." if len(characteristics) > 40 else "")
    out = [
        f"format = {toml_string(FORMAT)}\n",
        f"system = {toml_string(system_id)}\n",
        "\n# The characteristic of a model's profile its damage counts against; a model\n"
        '# without it (or damage = "") goes out of action at its first damage.\n',
        f"# This game's characteristics: {shown or 'none'}.\n" if characteristics else "",
        f"damage = {toml_string(choices.damage)}\n",
        "\n# The rounds a battle usually lasts (battle new --turns sets a battle's own).\n",
        f"rounds = {choices.rounds}\n",
        '\n# What is marked as having activated each round: "unit" or "model".\n',
        f"activation = {toml_string(choices.activation)}\n",
        "\n# The phases of a round, in order ([] : a round is one phase).\n",
        f"phases = {toml_literal(list(choices.phases))}\n",
        "\n# Counters kept in every battle: id, name, short (1-4 letters), scope (model or\n"
        '# side), kind (number or flag), max, clears ("never" or "end-of-turn").\n',
    ]
    for counter in choices.counters:
        out.append("\n[[counters]]\n")
        for key, value in counter.model_dump(exclude_none=True).items():
            out.append(f"{toml_key(key)} = {toml_literal(value)}\n")
    return "".join(out)


def write_game_choices(
    path: Path, system_id: str, choices: GameChoices, characteristics: Sequence[str]
) -> None:
    """Write the choices atomically (raises ``SaveError``), the folder made if need be."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(
            f"cannot write {path}", [Problem(exc.strerror or str(exc), str(path.parent))]
        ) from None
    write_atomic(path, choices_text(system_id, choices, characteristics).encode("utf-8"))
