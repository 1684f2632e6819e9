"""Starting a new battle: pick side A's list, side B's list (of the same game: both of
warband's own, or both over one game's BattleScribe data), and the battle file, then
write the battle.

Apart from the app because it is a sequence of questions of its own (each step asked
again, with the reason, when its answer cannot be used); the app only opens the
battle it wrote.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from model.core.value import frozen_value
from tui.battle_lists import KIND_WORDS, ListKind, list_kind, read_bs_list
from tui.flows.game_choices import settled_choices

if TYPE_CHECKING:
    from textual.app import App

    from catalogs.library import Library
    from model.battle.battle import Battle
    from model.battle.game_choices import GameChoices
    from model.bsdata.roster_toml import BsRosterFile
    from model.catalog.schema import FactionView
    from model.roster.roster import Roster


def playable(library: Library, catalog_dir: Path | None = None) -> str:
    """Which lists can be played, said before any is picked: those of warband's own games
    and those over the BattleScribe data in the catalog folder, each by name, and what
    cannot be: a list of a BattleScribe game whose folder is not there."""
    from tui.titles import battlescribe_titles, system_names

    games = ", ".join(system_names(library)) or "none found"
    found = sorted(
        title.removesuffix(" (BattleScribe data)")
        for title in battlescribe_titles(library).values()
    )
    where = f" ({catalog_dir})" if catalog_dir is not None else ""
    data = (
        f"or two lists over the BattleScribe data of the catalog folder{where} ({', '.join(found)})"
        if found
        else f"or, once a game's BattleScribe data is in the catalog folder{where}, two "
        "lists over it"
    )
    return (
        f"A battle is between two lists of one game: of warband's own ({games}), {data}. "
        "A list over BattleScribe data whose game's folder is not there cannot be played."
    )


@frozen_value(slots=False)
class _Side:
    """A list picked for a side: its game (``system``), its name, and the list as the
    battle of its kind takes it."""

    path: Path
    system: str
    name: str
    own: tuple[Roster, FactionView] | None = None
    bs: BsRosterFile | None = None

    @property
    def kind(self) -> ListKind:
        return "own" if self.own is not None else "battlescribe"


def _read_side(path: Path, library: Library) -> _Side:
    """The list in ``path`` as a side, of whichever kind it is (``WarbandError`` when it
    cannot be read or its game is not in the library)."""
    from saves.roster_file import read_roster, resolve

    if list_kind(path) == "battlescribe":
        saved = read_bs_list(path, library)
        library.load_battlescribe(saved.system)  # its game must be there to be played
        return _Side(path, saved.system, saved.roster.name, bs=saved)
    roster, source = read_roster(path)
    view = resolve(roster, source, library.load)
    return _Side(path, roster.system, roster.name, own=(roster, view))


def _start(library: Library, sides: list[_Side], choices: GameChoices | None) -> Battle:
    """The battle between the two sides (over BattleScribe data, with the game's
    ``choices``)."""
    import random

    from model.battle.battle import new_battle
    from model.battle.bs_forces import new_bs_battle

    seed = random.randrange(1_000_000)
    first = sides[0]
    if first.bs is None:
        catalog = library.load(first.system)
        players = [(s.name, *s.own) for s in sides if s.own is not None]
        return new_battle(catalog, players, seed=seed)
    if choices is None:
        raise ValueError(f"no choices for {first.system} were made")
    system = library.load_battlescribe(first.system)
    lists = [(s.name, s.bs) for s in sides if s.bs is not None]
    return new_bs_battle(system, first.system, lists, choices, seed=seed)


async def new_battle_file(
    app: App[Any], library: Library, root: Path, config_dir: Path | None = None
) -> Path | None:
    """Pick two list files, then start a battle file between them in ``root``: the file
    written, or None when the player stopped or it could not be written (explained). A
    battle over BattleScribe lists takes the game's choices from ``config_dir``."""
    from model.core.problems import WarbandError
    from saves.battle_file import write_battle
    from saves.free_name import NoFreeName, free_path, slug
    from tui.dialogs.choice import may_write
    from tui.dialogs.message import MessageDialog
    from tui.dialogs.open_file import Kind, OpenFileDialog, problem_text
    from tui.dialogs.prompt import PromptDialog

    root.mkdir(parents=True, exist_ok=True)
    note = playable(library, library.user_dir)
    sides: list[_Side] = []
    shown = root  # side B's picker opens beside side A's file
    for letter in ("A", "B"):
        error: str | None = None
        typed = ""
        while True:  # a list that cannot be used: the same step again, with the reason
            path = await app.push_screen_wait(
                OpenFileDialog(
                    shown,
                    f"Side {letter}'s list",
                    kind=Kind.ROSTER,
                    error=error,
                    typed=typed,
                    note=note if not sides else None,
                )
            )
            if path is None:
                return None
            typed = str(path)
            try:
                side = _read_side(path, library)
            except WarbandError as exc:
                error = problem_text(exc)
                continue
            if sides and side.kind != sides[0].kind:
                error = (
                    f"{path}: {KIND_WORDS[side.kind]}; side A plays "
                    f"{KIND_WORDS[sides[0].kind]}: choose a list of the same game"
                )
                continue
            if sides and side.system != sides[0].system:
                error = (
                    f"{path}: a {side.system} list; side A plays {sides[0].system}: "
                    "choose a list of the same game"
                )
                continue
            break
        sides.append(side)
        shown = path.parent
    choices: GameChoices | None = None
    if sides[0].kind == "battlescribe":
        try:
            choices = await settled_choices(app, library, sides[0].system, config_dir or root)
        except WarbandError as exc:
            app.push_screen(MessageDialog("Cannot start the battle", exc.render(), error=True))
            return None
        if choices is None:
            return None
    stem = f"{slug(sides[0].name)}-vs-{slug(sides[1].name)}"
    try:
        default = free_path(root, stem, ".battle.toml")
    except NoFreeName:
        default = root / f"{stem}.battle.toml"
    text = await app.push_screen_wait(
        PromptDialog(
            "New battle",
            "Battle file:",
            str(default),
            lambda t: None if t.strip() else "Type a file name.",
        )
    )
    if text is None:
        return None
    target = Path(text.strip()).expanduser()
    target = target if target.is_absolute() else root / target
    if not await may_write(app, target):  # a battle in progress is never replaced unasked
        return None
    try:
        write_battle(target, _start(library, sides, choices))
    except (WarbandError, ValueError) as exc:
        body = exc.render() if isinstance(exc, WarbandError) else str(exc)
        app.push_screen(MessageDialog("Cannot start the battle", body, error=True))
        return None
    return target
