"""The ``warband`` argument parser: every command, its arguments and their help.

Apart from the commands so that ``warband --help`` (and a usage error) loads no
command's code, and so that the whole command line can be read in one place.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

EXPORT_FORMATS = ("text", "markdown", "json", "html", "code", "ros", "rosz")
"""The formats ``warband export`` writes."""


EDIT_EXITS = (
    "It writes the list back and prints where it stands. Exit 0: the list is valid; 1: it "
    "breaks a rule (the edit is saved, the rules broken are listed); 2: the edit cannot "
    "be made (the file is left as it was)."
)
"""What each edit of a list over BattleScribe data does with the file, and its exits."""


def _edit(summary: str, example: str) -> dict[str, Any]:
    """The ``add_parser`` arguments of an edit of a list over BattleScribe data: its
    summary as the list of commands shows it, and, for its own ``--help``, the summary
    again with what it does to the file and its exit codes, and an example (without
    them, ``warband count --help`` said only what its arguments were)."""
    return {
        "help": summary,
        "description": f"{summary[0].upper()}{summary[1:]}. {EDIT_EXITS}",
        "epilog": f"example: {example}",
    }


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one sub-command per operation."""
    from tui.cli.terminal_out import SafeArgumentParser

    parser = SafeArgumentParser(
        prog="warband",
        description="Build, check and share lists for tabletop skirmish wargames.",
    )
    parser.add_argument(
        "--catalog-dir",
        metavar="DIR",
        help="folder of your own catalogs (default: $WARBAND_CATALOG_DIR, or the "
        "platform's data folder); a catalog there replaces a bundled one with the same id",
    )
    parser.add_argument(
        "--saves-dir",
        metavar="DIR",
        help="folder where lists are saved and the file picker opens (default: "
        "$WARBAND_SAVES_DIR, or the platform's data folder)",
    )
    parser.add_argument(
        "--config-dir",
        metavar="DIR",
        help="folder of the settings file (default: $WARBAND_CONFIG_DIR, or the "
        "platform's config folder)",
    )
    parser.add_argument(
        "--gallery",
        metavar="URL",
        dest="app_gallery",
        help="the BSData gallery the app's Games screen and `games` read (default: "
        "$WARBAND_GALLERY_URL, or BSData's); https:// only, or http:// on this machine",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("open", help="open a roster in the terminal app's builder")
    p.add_argument("file", type=Path, help="the roster (.toml)")

    p = sub.add_parser("validate", help="check a roster file: points and every list rule")
    p.add_argument("file", type=Path, help="the roster (.toml)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("show", help="print a roster as an army sheet")
    p.add_argument("file", type=Path, help="the roster (.toml)")
    p.add_argument("--width", type=int, default=None, help="sheet width in columns")

    p = sub.add_parser(
        "catalogs",
        help="list game systems, a system's factions or a faction's units; check a catalog",
    )
    p.add_argument(
        "system", nargs="?", help="a system id: list its factions (or BattleScribe catalogues)"
    )
    p.add_argument(
        "faction",
        nargs="?",
        help="a faction id (or BattleScribe catalogue name or file): list its units and prices",
    )
    p.add_argument(
        "--check",
        metavar="PATH",
        type=Path,
        help="check a catalog folder (or a folder of BattleScribe data) and report every "
        "problem in it. BattleScribe data exits 2 when unreadable (no game system, or its "
        "file is not data: the game is refused), 1 on errors (the game still loads, but a "
        "list may be costed or checked otherwise than the data means; such a list is told "
        "so), 0 with warnings only (loaded as BattleScribe and New Recruit load it)",
    )

    p = sub.add_parser("new", help="start an empty roster file")
    p.add_argument("system", help="game system id, e.g. punkapocalyptic")
    p.add_argument("faction", help="faction id, e.g. gangers")
    p.add_argument("--points", type=int, help="points limit (default: the system's usual)")
    p.add_argument("--name", help="the list's name (default: the faction's name)")
    p.add_argument("-o", "--output", type=Path, required=True, help="file to write")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")

    p = sub.add_parser("export", help="write a roster in a format to share")
    p.add_argument("file", type=Path, help="the roster (.toml)")
    p.add_argument(
        "--format",
        choices=EXPORT_FORMATS,
        default="code",
        help="text: for a chat message; markdown: for a forum, a table per entry; json: "
        "for other tools (schema: saves/schemas/list-export.schema.json); html: a "
        "printable army sheet in one file; code: a short "
        "share code that `warband import` turns back into the list (default); ros, rosz: "
        "a BattleScribe roster, for a list over BattleScribe data",
    )
    p.add_argument("-o", "--output", type=Path, help="file to write (default: print it)")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")

    p = sub.add_parser(
        "import", help="turn a share code or a BattleScribe roster (.ros, .rosz) into a roster file"
    )
    p.add_argument(
        "code",
        metavar="CODE|FILE",
        help="a share code, a file holding one, or a BattleScribe roster (.ros, .rosz)",
    )
    p.add_argument("-o", "--output", type=Path, required=True, help="roster file to write")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")

    p = sub.add_parser(
        "add",
        **_edit(
            "add an entry to a list over BattleScribe data, by its name",
            "warband add army.toml Gun --into Squad",
        ),
    )
    p.add_argument("file", type=Path, help="the list (.toml)")
    p.add_argument(
        "name",
        nargs="?",
        help="the entry's name, or its path Group/Name where two share a name (leave it out "
        "to list what can be added there); an entry hidden there is added too, and the "
        "list reports it",
    )
    p.add_argument(
        "--id",
        metavar="ENTRY_ID",
        help="the entry by its id instead of its name (the entry's, its link's, or the "
        "link::entry chain the listing shows where two share a name)",
    )
    p.add_argument("--into", metavar="SELECTION", help="inside this selection (name or id)")
    p.add_argument("--number", type=int, default=1, help="how many, 1 to 1,000,000 (default 1)")
    p.add_argument("--force-name", metavar="FORCE", help="the force (default: the first)")

    p = sub.add_parser(
        "add-force",
        **_edit(
            "add a force to a list over BattleScribe data, by its kind",
            "warband add-force army.toml Wing --in Army",
        ),
    )
    p.add_argument("file", type=Path, help="the list (.toml)")
    p.add_argument(
        "kind", nargs="?", help="the kind of force (leave it out to list the kinds there are)"
    )
    p.add_argument(
        "--catalogue",
        metavar="FACTION",
        help="the faction (catalogue) it comes from (default: the list's first force's, or "
        "with --in that force's)",
    )
    p.add_argument(
        "--in",
        dest="into",
        metavar="FORCE",
        help="inside this force (name or id), of a kind it holds (a detachment in an army)",
    )

    p = sub.add_parser(
        "remove",
        **_edit(
            "remove a selection, or a force, from a list over BattleScribe data",
            "warband remove army.toml Squad",
        ),
    )
    p.add_argument("file", type=Path, help="the list (.toml)")
    p.add_argument("selection", nargs="?", help="the selection's name or id")
    p.add_argument(
        "--force-name",
        metavar="FORCE",
        help="remove this force (name or id) with all it holds, instead of a selection",
    )

    p = sub.add_parser(
        "count",
        **_edit(
            "set how many of a selection a list over BattleScribe data takes",
            "warband count army.toml Squad 3",
        ),
    )
    p.add_argument("file", type=Path, help="the list (.toml)")
    p.add_argument("selection", help="the selection's name or id")
    p.add_argument("number", type=int, metavar="N", help="how many, 1 to 1,000,000")

    p = sub.add_parser(
        "duplicate",
        **_edit(
            "copy a selection, with all it holds, in a list over BattleScribe data",
            "warband duplicate army.toml Squad (the copy's id is printed first)",
        ),
    )
    p.add_argument("file", type=Path, help="the list (.toml)")
    p.add_argument("selection", help="the selection's name or id")

    p = sub.add_parser(
        "rename",
        **_edit(
            "give a selection, force or force's category of a list over BattleScribe data "
            "a name of its own, or notes",
            'warband rename army.toml Squad "Red Five" --notes "paint it red"; '
            "warband rename army.toml Army Command --category HQ",
        ),
    )
    p.add_argument("file", type=Path, help="the list (.toml)")
    p.add_argument("what", metavar="WHAT", help="the selection's or force's name or id")
    p.add_argument(
        "name", nargs="?", help='its own name, shown instead of the entry\'s ("" for none)'
    )
    p.add_argument("--notes", metavar="TEXT", help='notes of its own ("" for none)')
    p.add_argument(
        "--category",
        metavar="CATEGORY",
        help="name one of the force WHAT's categories instead (its name or id)",
    )

    p = sub.add_parser(
        "limit",
        **_edit(
            "set or remove a list's limit of a cost (BattleScribe data); show them",
            "warband limit army.toml pts 500; warband limit army.toml pts none; "
            "warband limit army.toml (shows them, exit 0)",
        ),
    )
    p.add_argument("file", type=Path, help="the list (.toml)")
    p.add_argument(
        "cost",
        nargs="?",
        metavar="COST",
        help="the cost type's name or id (leave it out to list the limits)",
    )
    p.add_argument("value", nargs="?", metavar="VALUE", help="the limit, or none for no limit")

    p = sub.add_parser(
        "card", help="a list's designed units: their cost worked out; save one to your catalog"
    )
    p.add_argument("file", type=Path, help="the roster (.toml)")
    p.add_argument("card", nargs="?", help="a card id (default: every card of the list)")
    p.add_argument(
        "--save",
        action="store_true",
        help="add the card to your own catalog (house.toml in the catalog folder), so every "
        "new list of the system can field it",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="with --save: replace a different card of the same id there (the file is kept "
        "as house.toml.bak)",
    )

    p = sub.add_parser("battle", help="start a battle between two lists, show it, resume it")
    battle = p.add_subparsers(dest="battle_command", metavar="ACTION", required=True)
    b = battle.add_parser("new", help="start a battle file between two roster files")
    b.add_argument(
        "rosters",
        nargs=2,
        type=Path,
        metavar="ROSTER",
        help="the two lists (.toml; lists over BattleScribe data also .ros or .rosz)",
    )
    b.add_argument(
        "--turns", type=int, metavar="N", help="turn limit (default: the system's usual)"
    )
    b.add_argument("--scenario", default="", metavar="TEXT", help="the scenario's name or notes")
    b.add_argument(
        "--seed", type=int, metavar="N", help="seed of the dice helper (default: random, printed)"
    )
    b.add_argument(
        "--players", nargs=2, metavar=("A", "B"), help="the players (default: the lists' names)"
    )
    b.add_argument(
        "-o", "--output", type=Path, required=True, metavar="FILE", help="battle file to write"
    )
    b.add_argument("--force", action="store_true", help="overwrite an existing file")
    b = battle.add_parser(
        "show", help="print a battle's state: turn, whose turn, each side and model"
    )
    b.add_argument("file", type=Path, help="the battle (.toml)")
    b.add_argument("--json", action="store_true", help="print one JSON object")
    b = battle.add_parser("report", help="a Markdown report of a finished or paused battle")
    b.add_argument("file", type=Path, help="the battle (.toml)")
    b.add_argument("-o", "--output", type=Path, help="file to write (default: print it)")
    b.add_argument("--force", action="store_true", help="overwrite an existing file")
    b = battle.add_parser("resume", help="open a battle in the terminal app's tracker")
    b.add_argument("file", type=Path, help="the battle (.toml)")
    b.add_argument(
        "--use-backup",
        action="store_true",
        help="if the file is damaged, go on from its backup (FILE.bak); the damaged file "
        "is kept as FILE.damaged",
    )

    _games(sub)

    p = sub.add_parser("serve", help="the app in a web browser, for a tablet or phone")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1, this machine only); any other lets "
        "anyone on the network use the app and the files it can reach",
    )
    p.add_argument(
        "--port", default="8000", help="port to listen on, or 0 for any free one (default: 8000)"
    )
    return parser


GAMES_EXITS = (
    "Exit 0: done (or already up to date); 1: no such game (not in the gallery, not "
    "installed from it, no game matching the words); 2: the gallery or a download cannot "
    "be read or used, or the catalog folder cannot be written (what was installed is left "
    "as it was)."
)


def _games(sub: Any) -> None:
    """``warband games``: the BSData gallery's games, installed in the catalog folder."""
    from tui.cli.terminal_out import SafeArgumentParser

    common = SafeArgumentParser(add_help=False)
    common.add_argument(
        "--gallery",
        metavar="URL",
        help="the gallery's address (default: $WARBAND_GALLERY_URL, or BSData's); https:// "
        "only, or http:// on this machine (127.0.0.1, localhost)",
    )
    common.add_argument(
        "--timeout",
        type=_seconds,
        default=30.0,
        metavar="SECONDS",
        help="how long to wait for the server each time, 0.1 to 600 (default: 30)",
    )
    p = sub.add_parser(
        "games",
        help="games from the BSData gallery: find, install, update and remove them",
        description="Find, install, update and remove BattleScribe games from the BSData "
        "gallery, in your catalog folder (--catalog-dir). " + GAMES_EXITS,
    )
    games = p.add_subparsers(
        dest="games_command", metavar="ACTION", required=True, parser_class=SafeArgumentParser
    )
    g = games.add_parser(
        "available",
        parents=[common],
        help="list the gallery's games (those matching WORDS): version, date, installed",
        epilog=GAMES_EXITS,
    )
    g.add_argument("words", nargs="*", metavar="WORDS", help="words in a game's name")
    g = games.add_parser(
        "install",
        parents=[common],
        help="download a game into the catalog folder",
        epilog=GAMES_EXITS,
    )
    g.add_argument("name", help="the game's name in the gallery, e.g. gaslands")
    g.add_argument(
        "--force",
        action="store_true",
        help="download it again even if up to date, or replace a folder of that name that "
        "was not installed from the gallery",
    )
    g = games.add_parser(
        "update",
        parents=[common],
        help="update a game installed from the gallery (every one, without NAME)",
        epilog=GAMES_EXITS,
    )
    g.add_argument("name", nargs="?", help="the game's name (default: every installed game)")
    g = games.add_parser(
        "remove", help="remove a game installed from the gallery", epilog=GAMES_EXITS
    )
    g.add_argument("name", help="the game's name")


def _seconds(text: str) -> float:
    """A time-out in seconds, 0.1 to 600."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0.1 <= value <= 600:
        raise argparse.ArgumentTypeError("give 0.1 to 600 seconds")
    return value
