"""``warband battle new`` over two lists of a game with BattleScribe data: warband's
``warband.bsroster`` files, or BattleScribe's own ``.ros``/``.rosz``.

Apart from ``tui/cli/battles.py``, which starts battles between lists of our own
catalogs: these need the game's data folder and the players' once-per-game choices
(``tui/battle_lists.py``, shared with the app) instead of a catalog and its tracker
rules. The refusal of two lists of different kinds is here too (``refuse_mixed``), so
``battle new`` asks once and hands over. History: written for issue 34.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from tui.battle_lists import KIND_WORDS, ListKind, game_choices, list_kind, read_bs_list
from tui.cli.exits import EXIT_OK
from tui.cli.files import open_library, refuse_overwrite


def refuse_mixed(paths: Sequence[Path]) -> ListKind:
    """The kind both lists are; ``BattleError`` naming each when they differ."""
    from model.core.problems import BattleError, Problem

    kinds = [list_kind(path) for path in paths]
    if kinds[0] == kinds[1]:
        return kinds[0]
    raise BattleError(
        "cannot start the battle: one list is of warband's own catalogs, the other of "
        "BattleScribe data",
        [
            Problem(
                KIND_WORDS[kind],
                str(path),
                hint="a battle is between two lists of one game: build both lists over the "
                "same data (warband new, or the app's New list)",
            )
            for path, kind in zip(paths, kinds, strict=True)
        ],
    )


def bs_battle_new(args: argparse.Namespace, out: TextIO) -> int:
    """``warband battle new LIST LIST ...`` for two lists over BattleScribe data: the
    game's choices read from the config folder (written there, as warband proposes
    them, the first time), then the battle file."""
    import random

    from model.battle.bs_forces import damage_value, new_bs_battle
    from model.core.problems import BattleError, Problem
    from saves.battle_file import write_battle
    from saves.locations import locations
    from tui.battle_status import written_text

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
    found = game_choices(locations(config_dir=args.config_dir).config_dir, system_id, system)
    choices = found.choices
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
    damage = choices.damage or "a plain count"
    if found.proposed:
        print(found.proposal_text(system), file=out)
    plain = [m.id for s in setup.sides for m in s.models if damage_value(m, setup.choices) is None]
    if plain and choices.damage:
        print(
            f"note: no {choices.damage} in the profile of {', '.join(plain)}: a plain count",
            file=out,
        )
    print(written_text(args.output, setup, f", damage against {damage}"), file=out)
    return EXIT_OK
