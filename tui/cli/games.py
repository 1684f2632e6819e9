"""``warband games``: the BSData gallery's games listed, installed, updated and removed
in the user catalog folder (``catalogs.gallery`` does the work).

Apart from the other commands because it is the one group that uses the network: its
failures (offline, a server that does not answer, a file refused) are one sentence on
stderr and exit 2 (``GalleryError`` is a ``WarbandError``), and nothing installed is
touched. Every text from the gallery was cleaned of control characters as it was read
(``model.bsdata.catpkg``) and the output stream cleans it again.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from model.core.messages import counted
from tui.cli.exits import EXIT_INVALID, EXIT_OK

if TYPE_CHECKING:
    from catalogs.gallery import InstallResult, Step
    from model.bsdata.catpkg import Gallery


def cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    """``warband games available|install|update|remove``."""
    from catalogs.locations import user_catalog_dir

    user_dir = user_catalog_dir(args.catalog_dir)
    action = args.games_command
    if action == "remove":
        return _remove(args.name, user_dir, out)
    if action == "available":
        return _available(_gallery(args), args.words, user_dir, out)
    if action == "install":
        return _install(args, user_dir, out)
    return _update(args, user_dir, out)


def _gallery(args: argparse.Namespace) -> Gallery:
    from catalogs.gallery import gallery_url, load_gallery

    return load_gallery(gallery_url(args.gallery or args.app_gallery), timeout=args.timeout)


def _available(gallery: Gallery, words: list[str], user_dir: Path, out: TextIO) -> int:
    from catalogs.gallery import installed_games, mark

    installed = installed_games(user_dir)
    games = gallery.search(words)
    for game in games:
        about = ", ".join(p for p in (game.version, game.date) if p)
        shown = mark(game, installed)
        print(
            f"{game.name}: {game.title}"
            + (f" ({about})" if about else "")
            + (f" [{shown}]" if shown else ""),
            file=out,
        )
    for problem in gallery.skipped:
        print(f"note: {problem}", file=out)
    if not games:
        wanted = " ".join(words)
        said = f"matches '{wanted}'" if words else "is listed"
        print(f"no game in {gallery.title} {said}", file=out)
        return EXIT_INVALID
    have = sum(g.name.casefold() in installed for g in games)
    stale = sum("update" in mark(g, installed) for g in games)
    print(
        f"{counted(len(games), 'game')} in {gallery.title}: {have} installed"
        + (f", {stale} with an update" if stale else "")
        + "; install one with: warband games install NAME",
        file=out,
    )
    return EXIT_OK


def _install(args: argparse.Namespace, user_dir: Path, out: TextIO) -> int:
    from catalogs.gallery import gallery_url, install, read_record

    url = gallery_url(args.gallery or args.app_gallery)
    gallery = _gallery(args)
    game = gallery.find(args.name)
    if game is None:
        return _unknown(gallery, args.name, out)
    record = read_record(user_dir / game.name)
    if record is not None and record.is_current(game) and not args.force:
        said = f"{game.title} {game.version} is installed and up to date ({record.folder})"
        print(said, file=out)
        return EXIT_OK
    result = install(
        game,
        user_dir,
        gallery=url,
        timeout=args.timeout,
        progress=_progress(),
        replace_own=args.force,
        fresh=args.force,
    )
    _said(result, user_dir, out)
    return EXIT_OK


def _update(args: argparse.Namespace, user_dir: Path, out: TextIO) -> int:
    from catalogs.gallery import gallery_url, install, installed_games
    from model.bsdata.catpkg import GalleryError
    from model.core.problems import Problem, WarbandError

    installed = installed_games(user_dir)
    if args.name is not None and args.name.casefold() not in installed:
        print(
            f"no game named '{args.name}' was installed from the gallery in {user_dir}; "
            "install it with: warband games install NAME",
            file=out,
        )
        return EXIT_INVALID
    if not installed:
        print(f"no game was installed from the gallery in {user_dir}", file=out)
        return EXIT_INVALID
    url = gallery_url(args.gallery or args.app_gallery)
    gallery = _gallery(args)
    chosen = [installed[args.name.casefold()]] if args.name else list(installed.values())
    code = EXIT_OK
    failed: list[WarbandError] = []
    for record in chosen:
        game = gallery.find(record.name)
        if game is None:
            print(f"{record.name}: no longer in {gallery.title}; kept as it is", file=out)
            code = max(code, EXIT_INVALID if args.name else EXIT_OK)
            continue
        if record.is_current(game):
            print(f"{game.title} {game.version} is up to date", file=out)
            continue
        try:
            result = install(
                game, user_dir, gallery=url, timeout=args.timeout, progress=_progress()
            )
        except WarbandError as exc:
            if args.name:
                raise
            failed.append(exc)  # the others are still updated
            continue
        _said(result, user_dir, out)
    if len(failed) == 1:
        raise failed[0]
    if failed:
        raise GalleryError(
            f"{len(failed)} games could not be updated (each is left as it was)",
            [Problem(exc.render()) for exc in failed],
        )
    return code


def _said(result: InstallResult, user_dir: Path, out: TextIO) -> None:
    """What an install did, with the id the game has in warband."""
    from catalogs.library import Library

    game = result.game
    entries = Library(user_dir).battlescribe_entries().values()
    ids = [e.id for e in entries if e.folder == result.folder]
    as_id = ids[0] if ids else game.name
    previous = result.previous
    if previous is None:
        done = f"installed {game.title} {game.version}"
    elif previous.version == game.version:
        done = f"installed {game.title} {game.version} again"
    else:
        was = previous.version or "an unknown version"
        done = f"updated {game.title} from {was} to {game.version}"
    files = counted(len(result.downloaded), "file") + " downloaded"
    if result.kept:
        files += f", {len(result.kept)} unchanged"
    print(f"{done} as {as_id}: {files} ({result.folder})", file=out)
    if result.warnings:
        print(
            f"  {counted(len(result.warnings), 'warning')}: warband catalogs --check "
            f"{result.folder}",
            file=out,
        )


def _remove(name: str, user_dir: Path, out: TextIO) -> int:
    from catalogs.gallery import installed_games, remove

    if name.casefold() not in installed_games(user_dir):
        print(
            f"no game named '{name}' was installed from the gallery in {user_dir} (warband "
            "removes only the games it installed)",
            file=out,
        )
        return EXIT_INVALID
    record = remove(name, user_dir)
    print(f"removed {record.title or record.name} {record.version} ({record.folder})", file=out)
    return EXIT_OK


def _unknown(gallery: Gallery, name: str, out: TextIO) -> int:
    from model.core.problems import did_you_mean

    hint = did_you_mean(name, [g.name for g in gallery.games])
    print(
        f"no game named '{name}' in {gallery.title}"
        + (f"; {hint}" if hint else "; list them with: warband games available"),
        file=out,
    )
    return EXIT_INVALID


def _progress() -> Callable[[Step], None] | None:
    """Each file's name on stderr as it starts downloading, on a terminal only."""
    if not sys.stderr.isatty():
        return None
    from model.core.safe_text import terminal_safe

    def told(step: Step) -> None:
        if step.got == 0 and step.size is None:
            print(f"  {terminal_safe(step.file)} ({step.index}/{step.count})", file=sys.stderr)

    return told
