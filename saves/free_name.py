"""File names that replace nothing: what a save proposes before the player says where.

A list called "Gangers" is proposed ``gangers.toml``; when a file of that name is
already there (another Gangers list, an imported one), ``gangers-2.toml``, then
``gangers-3.toml`` ... Proposing a free name is the first half of "a save never
replaces a file the user did not choose to replace" (DESIGN section 10); the second
half is asking before writing over a name the player typed. The app and the command
line both name files from here, so they propose the same names.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

TRIES = 10_000
"""How many numbered names are tried before giving up (a folder with ten thousand
lists of one name is not a folder a person keeps)."""


class NoFreeName(Exception):
    """Every numbered name up to ``TRIES`` is taken."""


def slug(name: str) -> str:
    """A file-name part from a name: lowercase letters and digits, words joined by hyphens
    (``"Mad Max's 2nd"`` gives ``mad-max-s-2nd``); ``list`` when nothing is left."""
    words = "".join(c.lower() if c.isalnum() else " " for c in name).split()
    return "-".join(words) or "list"


def free_name(stem: str, suffix: str, taken: Callable[[str], bool]) -> str:
    """``stem + suffix`` unless ``taken`` says that name is used, else the first of
    ``stem-2 + suffix``, ``stem-3 + suffix`` ... that is not.

    Pure: ``taken`` is the only look at the world (``free_path`` asks a folder), so it is
    tested without files. ``suffix`` may have several parts (``.battle.toml``)."""
    first = stem + suffix
    if not taken(first):
        return first
    for n in range(2, TRIES + 1):
        name = f"{stem}-{n}{suffix}"
        if not taken(name):
            return name
    raise NoFreeName(f"{stem}{suffix} to {stem}-{TRIES}{suffix} are all taken")


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """The first free ``folder/stem[-n]suffix``. Anything at a name takes it: a file, a
    folder, a link, even a broken one (writing through it would create its target)."""
    return folder / free_name(stem, suffix, lambda name: os.path.lexists(folder / name))
