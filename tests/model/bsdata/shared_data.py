"""Where the BSData community's files are for tests: ``../shared/bsdata`` beside the
project (read-only, never copied in), or ``WARBAND_BSDATA`` if set."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
BSDATA = Path(os.environ.get("WARBAND_BSDATA", ROOT.parent / "shared" / "bsdata"))
SYSTEMS = ("gaslands", "punkapocalyptic", "zone-raiders")
"""The three game systems there, each a folder of one ``.gst`` and its ``.cat`` files."""


def data_files(system: str) -> list[Path]:
    """A shared system's game system and catalogue files, sorted."""
    folder = BSDATA / system
    return sorted(p for p in folder.iterdir() if p.suffix in (".gst", ".cat"))
