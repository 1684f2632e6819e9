"""The README's "Games from the BSData gallery" section is a transcript that must stay
true: each ``$ warband ...`` line is run as written, against a gallery served on
127.0.0.1 (``WARBAND_GALLERY_URL``) that lists Gaslands at v1.0.0 for the first console
block and at v1.1.0 (a newer revision of its game system) for the second, and its output
is compared line by line with the README's (``...`` stands for any lines).
"""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from tests.catalogs.gallery_server import GalleryServer, newer
from tests.cli.test_readme_bsdata import _matches
from tui.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"


def _blocks() -> list[list[tuple[str, list[str]]]]:
    """Each console block of the section: its commands, each with the lines after it."""
    text = README.read_text()
    start = text.index("## Games from the BSData gallery")
    section = text[start : text.index("\n## ", start + 1)]
    blocks = []
    for block in re.findall(r"```console\n(.*?)```", section, re.DOTALL):
        steps: list[tuple[str, list[str]]] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
        blocks.append(steps)
    return blocks


def test_the_transcript_shows_every_games_action() -> None:
    commands = [c.split() for block in _blocks() for c, _ in block]
    actions = {words[4] for words in commands if words[3] == "games"}
    assert actions == {"available", "install", "update", "remove"}


def test_every_command_prints_what_the_readme_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gallery: GalleryServer
) -> None:
    monkeypatch.chdir(tmp_path)
    releases = [{}, newer()]
    blocks = _blocks()
    assert len(blocks) == len(releases)
    for release, block in zip(releases, blocks, strict=True):
        monkeypatch.setenv("WARBAND_GALLERY_URL", gallery.publish(**release))
        for command, expected in block:
            argv = shlex.split(command)
            assert argv[0] == "warband"
            out, err = io.StringIO(), io.StringIO()
            code = main(argv[1:], out=out, err=err)
            got = out.getvalue().rstrip("\n").splitlines()
            assert (code, err.getvalue()) == (0, ""), command
            assert _matches(expected, got), (command, got)
