"""The lists a battle is between, as both ways of starting one see them (``warband battle
new`` and the home screen's **b**): which kind a list file is (warband's own, or one over
BattleScribe data: a ``warband.bsroster``, or a ``.ros``/``.rosz``), a list over
BattleScribe data read with its game found in the catalog library, and the game's
once-per-game choices from the config folder, proposed and written there the first time.

Apart from the command line and the app's flow so that both say and do the same; in
``tui`` because it reads the catalog library (``catalogs``) and files (``saves``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from model.core.value import frozen_value

if TYPE_CHECKING:
    from catalogs.library import Library
    from model.battle.game_choices import GameChoices
    from model.bsdata.roster_toml import BsRosterFile
    from model.bsdata.system import GameSystem

ListKind = Literal["own", "battlescribe"]

ROS_SUFFIXES = (".ros", ".rosz")

KIND_WORDS = {
    "own": "a list of warband's own catalogs",
    "battlescribe": "a list over BattleScribe data",
}


def list_kind(path: Path) -> ListKind:
    """Whether a list file is one of warband's own or over BattleScribe data (a
    ``warband.bsroster`` by its ``format``, or a ``.ros``/``.rosz`` by its name). A file
    that cannot be read counts as our own: its reader says why."""
    from saves.peek import is_bs_roster

    if path.suffix.lower() in ROS_SUFFIXES or is_bs_roster(path):
        return "battlescribe"
    return "own"


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


@frozen_value(slots=False)
class Choices:
    """A game's choices, where they are kept, and whether warband has just proposed them
    (written there for the first time)."""

    choices: GameChoices
    path: Path
    proposed: bool

    def proposal_text(self, system: GameSystem) -> str:
        """What warband proposed, and where to change it."""
        damage = self.choices.damage or "a plain count"
        why = " (proposed from its name)" if self.choices.damage else " (none looks like one)"
        return (
            f"{system.name}: damage counts against {damage}{why}; change it, or add counters "
            f"and phases, in {self.path}"
        )


def proposal(system: GameSystem) -> tuple[GameChoices, tuple[str, ...]]:
    """warband's proposal for a game it has no choices for yet (the damage characteristic
    by its name), and the game's characteristic names it was chosen from."""
    from model.battle.bs_forces import characteristic_names
    from model.battle.game_choices import GameChoices, propose_damage

    names = characteristic_names(system)
    return GameChoices(damage=propose_damage(names)), names


def keep(config_dir: Path, system_id: str, choices: GameChoices, names: Sequence[str]) -> Path:
    """Write a game's choices to the config folder (``SaveError`` when it cannot be)."""
    from saves.game_choices_file import choices_path, write_game_choices

    path = choices_path(config_dir, system_id)
    write_game_choices(path, system_id, choices, names)
    return path


def known_choices(config_dir: Path, system_id: str) -> Choices | None:
    """The game's choices kept in the config folder; None when there are none yet.
    Raises ``GameChoicesError`` for a broken file (with its line)."""
    from saves.game_choices_file import choices_path, read_game_choices

    path = choices_path(config_dir, system_id)
    found = read_game_choices(path, system_id)
    return None if found is None else Choices(found, path, proposed=False)


def game_choices(config_dir: Path, system_id: str, system: GameSystem) -> Choices:
    """The game's choices from ``<config>/games/<game>.toml``; the first time, warband's
    proposal, written there to be confirmed or changed (the command line asks nothing).
    Raises ``GameChoicesError`` (a broken file, with its line) or ``SaveError``."""
    found = known_choices(config_dir, system_id)
    if found is not None:
        return found
    choices, names = proposal(system)
    return Choices(choices, keep(config_dir, system_id, choices, names), proposed=True)
