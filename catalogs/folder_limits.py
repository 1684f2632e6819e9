"""How much of a catalog folder warband reads: how many game folders, and how many files
and bytes in one game of BattleScribe data.

In one place, with why: each is about ten times the biggest real data, so no real folder
meets them. The biggest BSData game, Warhammer 40,000 (10th edition), is 46 files and
24 MB; BSData publishes about 150 games in all; our own TOML systems are a handful of
files each. A folder made to be slow by its number of files (2,000 game folders, 10,000
catalogues in one game: each file small, every one under the size cap of a file) is
refused with a message naming the limit, instead of costing minutes on every command.
"""

from __future__ import annotations

MAX_GAME_FOLDERS = 1_000
"""The most game folders read from one catalog folder (the first, by name)."""

MAX_GAME_FILES = 500
"""The most BattleScribe files (``.gst``, ``.cat`` and zipped) in one game folder."""

MAX_GAME_BYTES = 250_000_000
"""The most bytes of BattleScribe files, as stored, in one game folder."""
