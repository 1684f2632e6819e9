"""The command line's other commands: help, listings, new."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from saves.roster_file import read_roster
from tui.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: warband")
    for command in ("open", "validate", "show", "catalogs", "new"):
        assert command in out


def test_system_listing_names_factions_and_mercs() -> None:
    code, out, _ = run("catalogs", "punkapocalyptic")
    assert code == 0
    assert "  gangers: Gangers" in out
    assert "  crazy-mel: Crazy Mel, 75 points" in out
    assert "  eightfingers: Eightfingers, 88 points" in out


def test_faction_listing_gives_ids_and_troop_prices() -> None:
    code, out, _ = run("catalogs", "punkapocalyptic", "gangers")
    assert code == 0
    chief = out[out.index("chief: Chief") : out.index("badass: Badass")]
    assert chief.splitlines()[:4] == [
        "chief: Chief, 70 points per model",
        "  A 3 · C 6 · P 6 · Ag 6 · S 4 · T 4 · Tc 5",
        "  comes with: Hardened leather",
        "  Weapons (1 to 2):",
    ]
    assert "  Armour (0 to 1; replaces hardened-leather):" in chief
    assert "    metallic-armor = 10  Armour 4" in chief
    badass = out[out.index("badass: Badass") : out.index("brute: Brute")]
    assert "    metallic-armor = 15  Armour 4" in badass  # the same armour, a troop's own price
    assert "    bullet = 15 (any number)" in out


def test_unknown_faction_in_a_listing() -> None:
    code, _, err = run("catalogs", "punkapocalyptic", "ganger")
    assert code == 2
    assert "unknown faction 'ganger'; did you mean 'gangers'?" in err


def test_new_starts_an_empty_list_at_the_usual_size(tmp_path: Path) -> None:
    target = tmp_path / "band.toml"
    code, out, _ = run("new", "punkapocalyptic", "junkers", "-o", str(target))
    assert code == 0
    assert out == f"wrote {target}: an empty Junkers list of 500 points\n"
    roster, _ = read_roster(target)
    assert (roster.system, roster.faction, roster.name, roster.points_limit) == (
        "punkapocalyptic",
        "junkers",
        "Junkers",
        500,
    )
    assert roster.units == ()
    code, out, _ = run("validate", str(target))
    assert code == 0


def test_new_with_points_and_name(tmp_path: Path) -> None:
    target = tmp_path / "band.toml"
    assert (
        run(
            "new",
            "punkapocalyptic",
            "gangers",
            "--points",
            "300",
            "--name",
            "Rats",
            "-o",
            str(target),
        )[0]
        == 0
    )
    roster, _ = read_roster(target)
    assert (roster.name, roster.points_limit) == ("Rats", 300)


def test_new_refuses_unknown_ids(tmp_path: Path) -> None:
    code, _, err = run("new", "punkapocalyptic", "mutants", "-o", str(tmp_path / "x.toml"))
    assert code == 2
    assert "unknown faction 'mutants'" in err
    code, _, err = run("new", "steamwars", "x", "-o", str(tmp_path / "x.toml"))
    assert code == 2
    assert "unknown system 'steamwars'" in err
