"""``warband battle new`` over two lists of a game with BattleScribe data: warband's
``warband.bsroster`` files, or BattleScribe's own ``.ros``/``.rosz`` (issue 34).

Apart from ``tui/cli/battles.py``, which starts battles between lists of our own
catalogs: these need the game's data folder and the players' once-per-game choices
(``saves/game_choices_file.py``) instead of a catalog and its tracker rules. Which
kind a file is, and the refusal of two lists of different kinds, are here too
(``list_kinds``), so ``battle new`` asks once and hands over.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TextIO

from tui.cli.exits import EXIT_OK
from tui.cli.files import open_library, refuse_overwrite

if TYPE_CHECKING:
    from catalogs.library import Library
    from model.bsdata.roster_toml import BsRosterFile

ListKind = Literal["own", "battlescribe"]

ROS_SUFFIXES = (".ros", ".rosz")


def list_kind(path: Path) -> ListKind:
    """Whether a list file is one of warband's own or over BattleScribe data (a
    ``warband.bsroster`` by its ``format``, or a ``.ros``/``.rosz`` by its name). A file
    that cannot be read counts as our own: its reader says why."""
    from saves.peek import is_bs_roster

    if path.suffix.lower() in ROS_SUFFIXES or is_bs_roster(path):
        return "battlescribe"
    return "own"


def refuse_mixed(paths: Sequence[Path]) -> ListKind:
    """The kind both lists are; ``BattleError`` naming each when they differ."""
    from model.core.problems import BattleError, Problem

    kinds = [list_kind(path) for path in paths]
    if kinds[0] == kinds[1]:
        return kinds[0]
    words = {
        "own": "a list of warband's own catalogs",
        "battlescribe": "a list over BattleScribe data",
    }
    raise BattleError(
        "cannot start the battle: one list is of warband's own catalogs, the other of "
        "BattleScribe data",
        [
            Problem(
                words[kind],
                str(path),
                hint="a battle is between two lists of one game: build both lists over the "
                "same data (warband new, or the app's New list)",
            )
            for path, kind in zip(paths, kinds, strict=True)
        ],
    )


def read_bs_list(path: Path, library: Library) -> BsRosterFile:
    """A list over BattleScribe data from its file: a ``warband.bsroster``, or a ``.ros``
    or ``.rosz`` whose game is found among the library's BattleScribe folders."""
    from model.bsdata.roster_toml import BsRosterFile
    from saves.bs_roster_file import read_bs_roster
    from saves.ros_file import read_ros_file

    if path.suffix.lower() in ROS_SUFFIXES:
        roster = read_ros_file(path)
        system_id, _ = library.battlescribe_game_of(roster.game_system_id, str(path))
        return BsRosterFile(system_id, roster)
    return read_bs_roster(path)[0]


def bs_battle_new(args: argparse.Namespace, out: TextIO) -> int:
    """``warband battle new LIST LIST ...`` for two lists over BattleScribe data: the
    game's choices read from the config folder (written there, as warband proposes
    them, the first time), then the battle file."""
    import random

    from model.battle.bs_forces import characteristic_names, damage_value, new_bs_battle
    from model.battle.game_choices import GameChoices, propose_damage
    from model.core.problems import BattleError, Problem
    from saves.battle_file import write_battle
    from saves.game_choices_file import choices_path, read_game_choices, write_game_choices
    from saves.locations import locations
    from tui.battle_status import side_title

    refuse_overwrite(args.output, args.force, BattleError)
    library = open_library(args)
    lists = [read_bs_list(path, library) for path in args.rosters]
    if lists[0].system != lists[1].system:
        raise BattleError(
            "cannot start the battle: the lists are for different games",
            [
                Problem(f"a {saved.system} list", str(path), ("system",))
                for path, saved in zip(args.rosters, lists, strict=True)
            ],
        )
    system_id = lists[0].system
    system = library.load_battlescribe(system_id)
    names = args.players or [saved.roster.name for saved in lists]
    for n, name in enumerate(names):
        if not name.strip():
            raise BattleError(
                "cannot start the battle", [Problem(f"player {'AB'[n]} needs a name")]
            )
    path = choices_path(locations(config_dir=args.config_dir).config_dir, system_id)
    choices = read_game_choices(path, system_id)
    proposed = choices is None
    if choices is None:
        characteristics = characteristic_names(system)
        choices = GameChoices(damage=propose_damage(characteristics))
        write_game_choices(path, system_id, choices, characteristics)
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        battle = new_bs_battle(
            system,
            system_id,
            [(name, saved) for name, saved in zip(names, lists, strict=True)],
            choices,
            scenario=args.scenario,
            turn_limit=args.turns,
            seed=seed,
        )
    except ValueError as exc:
        raise BattleError("cannot start the battle", [Problem(str(exc))]) from None
    write_battle(args.output, battle)
    setup = battle.setup
    sides = [side_title(s.player, s.faction, s.list_name) for s in setup.sides]
    damage = choices.damage or "a plain count"
    if proposed:
        print(
            f"{system.name}: damage counts against {damage}"
            + (
                " (proposed from its name)"
                if choices.damage
                else " (no characteristic looks like one)"
            )
            + f"; change it, or add counters and phases, in {path}",
            file=out,
        )
    plain = [m.id for s in setup.sides for m in s.models if damage_value(m, setup.choices) is None]
    if plain and choices.damage:
        print(
            f"note: no {choices.damage} in the profile of {', '.join(plain)}: a plain count",
            file=out,
        )
    print(
        f"wrote {args.output}: {sides[0]} against {sides[1]}\n"
        f"{setup.system_name}, {setup.turn_limit} rounds, damage against {damage}"
        + (f", {setup.scenario}" if setup.scenario else "")
        + f"; dice seed {setup.seed}\n"
        f"resume it with: warband battle resume {args.output}",
        file=out,
    )
    return EXIT_OK
