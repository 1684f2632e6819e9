"""``warband battle new|show|resume``: start a battle from two lists, see where it stands,
open it in the tracker; exit 2 with the reason for anything unreadable."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from model.battle.events import EndActivation, EndGame
from saves.battle_file import write_battle
from saves.battle_read import read_battle
from tests.conftest import FIXTURES
from tui.cli import main

BATTLES = FIXTURES / "battles"
BRIDGE = BATTLES / "bridge.toml"
GANGERS = FIXTURES / "rosters" / "gangers" / "legal-500.toml"
MUTARDS = FIXTURES / "rosters" / "mutards" / "legal-500.toml"


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([str(a) for a in argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


# --- new ---------------------------------------------------------------------------------------


def test_new_writes_the_battle_and_says_how_to_resume_it(tmp_path: Path) -> None:
    target = tmp_path / "bridge.toml"
    code, out, err = run(
        "battle", "new", GANGERS, MUTARDS, "--players", "Ann", "Bob", "--seed", "7",
        "--scenario", "The bridge", "-o", target,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out == (
        f"wrote {target}: Ann (Gangers: Rust Rats) against Bob (Mutards: Sewer Choir)\n"
        "Punkapocalyptic, 6 turns, The bridge; dice seed 7\n"
        f"resume it with: warband battle resume {target}\n"
    )
    battle = read_battle(target)
    assert not battle.events and not battle.undone
    # the fixture battle was started the same way: the same setup, but for the catalog's
    # tracker rules and version, which the fixture keeps as they were when it was written
    fixture = read_battle(BRIDGE).setup
    same = {"tracker": fixture.tracker, "catalog_version": fixture.catalog_version}
    assert battle.setup.model_copy(update=same) == fixture


def test_new_defaults_the_players_turns_and_a_printed_random_seed(tmp_path: Path) -> None:
    target = tmp_path / "b.toml"
    code, out, _ = run("battle", "new", GANGERS, MUTARDS, "-o", target)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"wrote {target}: Rust Rats (Gangers) against Sewer Choir (Mutards)"
    found = re.fullmatch(r"Punkapocalyptic, 6 turns; dice seed (\d+)", lines[1])
    assert found is not None
    setup = read_battle(target).setup
    assert setup.seed == int(found.group(1))
    assert [s.player for s in setup.sides] == ["Rust Rats", "Sewer Choir"]
    assert setup.scenario == ""
    code, out, _ = run("battle", "new", GANGERS, GANGERS, "--turns", "8", "-o", target, "--force")
    assert code == 0
    assert read_battle(target).setup.turn_limit == 8


def test_new_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    target = tmp_path / "b.toml"
    assert run("battle", "new", GANGERS, MUTARDS, "--seed", "1", "-o", target)[0] == 0
    first = target.read_bytes()
    code, out, err = run("battle", "new", MUTARDS, GANGERS, "-o", target)
    assert (code, out) == (2, "")
    assert (
        err == f"{target} already exists\n  {target}: not overwritten; pass --force to replace it\n"
    )
    assert target.read_bytes() == first
    code, _, _ = run("battle", "new", MUTARDS, GANGERS, "-o", target, "--force")
    assert code == 0
    assert (tmp_path / "b.toml.bak").read_bytes() == first  # the replaced battle is kept


def test_new_refuses_lists_of_two_games(tmp_path: Path) -> None:
    other = tmp_path / "steam.toml"
    other.write_text(
        'format = "warband.roster/1"\nsystem = "steam-wars"\nfaction = "testland"\n'
        'name = "Brass"\npoints_limit = 1000\n',
        encoding="utf-8",
    )
    code, out, err = run("battle", "new", GANGERS, other, "-o", tmp_path / "b.toml")
    assert (code, out) == (2, "")
    assert err == (
        "cannot start the battle: the lists are for different games\n"
        f"  {GANGERS}: system: a punkapocalyptic list\n"
        f"  {other}: system: a steam-wars list\n"
    )
    assert not (tmp_path / "b.toml").exists()


def test_new_needs_a_system_with_tracker_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WARBAND_CATALOG_DIR", str(FIXTURES / "catalogs"))
    roster = tmp_path / "steampocalypse.toml"
    roster.write_text(
        'format = "warband.roster/1"\nsystem = "steampocalypse-mini"\nfaction = "bac"\n'
        'name = "Brass"\npoints_limit = 1000\n\n[[units]]\nunit = "captain"\n',
        encoding="utf-8",
    )
    code, _, err = run("battle", "new", roster, roster, "-o", tmp_path / "b.toml")
    assert code == 2
    assert err == (
        "cannot start the battle\n  Steampocalypse 1909 (fixture) has no battle tracker rules yet\n"
    )


def test_new_checks_its_options_and_lists(tmp_path: Path) -> None:
    target = tmp_path / "b.toml"
    code, _, err = run("battle", "new", GANGERS, MUTARDS, "--turns", "0", "-o", target)
    assert (code, err) == (2, "cannot start the battle\n  --turns must be 1 or more, got 0\n")
    code, _, err = run("battle", "new", GANGERS, tmp_path / "nope.toml", "-o", target)
    assert code == 2
    assert "no such file" in err
    code, _, err = run("battle", "new", GANGERS, MUTARDS, "--players", "Ann", " ", "-o", target)
    assert (code, err) == (2, "cannot start the battle\n  player B needs a name\n")
    assert not target.exists()


def test_new_notes_a_list_that_breaks_the_rules(tmp_path: Path) -> None:
    scum = FIXTURES / "rosters" / "gangers" / "scumbags.toml"
    code, out, _ = run("battle", "new", scum, MUTARDS, "--seed", "3", "-o", tmp_path / "b.toml")
    assert code == 0
    assert out.startswith(f"note: Mostly Scum breaks 1 list rule; see: warband validate {scum}\n")


# --- show --------------------------------------------------------------------------------------


def test_show_prints_where_the_battle_stands() -> None:
    code, out, err = run("battle", "show", BRIDGE)
    assert (code, err) == (0, "")
    assert out == (BATTLES / "bridge.show.txt").read_text(encoding="utf-8")
    assert out.splitlines()[:7] == [
        "Punkapocalyptic battle (catalog 2026.11.1): The bridge",
        "Turn 1 of 6, Ag round 5: side B to act: B14",
        "21 events, 2 undone; dice seed 7",
        "Markers: 1 Fire (burning barrel)",
        "",
        "A: Ann (Gangers: Rust Rats)",
        "  1 victory point, 0 points lost, 8 of 8 models standing; Grumpy cat used",
    ]
    rows = {line.split()[0]: line for line in out.splitlines() if line.startswith(("  A", "  B"))}
    assert rows["A1"] == "  A1   Big Joe (Chief)          wounds 0/1  actions 2/3"
    assert rows["A4"].endswith("wounds 0/1  actions 0/2  Bullets 1; Shotgun: Jammed")
    assert rows["B18"].endswith("wounds 1/1  actions 2/2  OUT; Engaged")
    assert "  0 victory points, 20 points lost, 18 of 19 models standing" in out


def test_show_json_has_the_documented_shape() -> None:
    code, out, err = run("battle", "show", "--json", BRIDGE)
    assert (code, err) == (0, "")
    assert out == (BATTLES / "bridge.show.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(out)
    assert list(data) == [
        "format", "system", "system_name", "catalog_version", "scenario", "seed", "turn",
        "turn_limit", "round", "round_stat", "phase", "over", "active", "next", "events",
        "undone", "markers", "sides",
    ]  # fmt: skip
    assert (data["turn"], data["round"], data["round_stat"], data["phase"]) == (1, 5, "Ag", None)
    assert data["next"] == {"side": "B", "actors": ["B14"], "roll_off": False, "turn_over": False}
    assert (data["events"], data["undone"]) == (21, 2)
    a, b = data["sides"]
    assert {k: v for k, v in a.items() if k != "models"} == {
        "side": "A", "player": "Ann", "faction": "Gangers", "list": "Rust Rats",
        "victory_points": 1, "points_lost": 0, "standing": 8, "out": 0,
        "counters": {"grumpy-cat-used": 1},
    }  # fmt: skip
    assert a["models"][3] == {
        "id": "A4", "label": "Ganger", "unit": "ganger", "actor": "A4", "wounds": 0,
        "wounds_max": 1, "damage": None, "out": False, "fighting_on": False, "acted": False,
        "actions_used": 0, "actions": 2,
        "counters": {"bullets": 1}, "items": {"shotgun": {"jammed": 1}},
    }  # fmt: skip
    assert (b["points_lost"], b["standing"], b["out"]) == (20, 18, 1)
    assert b["models"][17]["out"] is True
    assert [m["actor"] for m in b["models"][1:6]] == ["B2"] * 5  # a pack of five acts as one


def test_show_an_active_model_and_the_end_of_the_game(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    battle = read_battle(BRIDGE).redo()  # B14 activates
    write_battle(path, battle)
    _, out, _ = run("battle", "show", path)
    assert out.splitlines()[1] == "Turn 1 of 6, Ag round 5: B14 Mutard is acting, 2 actions left"
    assert "  B14  Mutard                   wounds 0/1  actions 0/2  acting\n" in out
    battle = battle.record(EndActivation(kind="end-activation", actor="B14"))
    write_battle(path, battle.record(EndGame(kind="end-game")))
    _, out, _ = run("battle", "show", path)
    assert out.splitlines()[1] == "Turn 1 of 6: the game is over"
    data = json.loads(run("battle", "show", "--json", path)[1])
    assert (data["over"], data["round"], data["next"]["actors"]) == (True, None, [])


def test_show_a_damaged_battle_names_its_backup(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    path.write_bytes(BRIDGE.read_bytes())
    path.with_name("b.toml.bak").write_bytes(BRIDGE.read_bytes())
    text = BRIDGE.read_text(encoding="utf-8")
    path.write_text(text[: text.index("[[events]]  # 5")], encoding="utf-8")
    code, out, err = run("battle", "show", path)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"{path} is incomplete: it was cut short",
        f"  {path}: the file ends before its [end] table, which warband writes last: it was "
        "cut short; its last events may be lost",
        f"  a backup from the previous save is at {path}.bak; see it with: warband battle "
        f"show {path}.bak; go on from it with: warband battle resume --use-backup {path}",
    ]
    code, out, _ = run("battle", "show", f"{path}.bak")
    assert code == 0
    assert out == (BATTLES / "bridge.show.txt").read_text(encoding="utf-8")


# --- resume ------------------------------------------------------------------------------------


class FakeApp:
    def __init__(self, **kwargs: Any) -> None:
        self.kwargs = kwargs
        self.ran = False
        self.crash: str | None = None

    def run(self) -> None:
        self.ran = True


def test_resume_opens_the_app_on_the_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.app

    made: list[FakeApp] = []

    def make_app(
        *,
        catalog_dir: str | None = None,
        saves_dir: str | None = None,
        config_dir: str | None = None,
        battle_path: Path | None = None,
    ) -> FakeApp:
        made.append(FakeApp(battle_path=battle_path, saves_dir=saves_dir))
        return made[-1]

    monkeypatch.setattr(tui.app, "make_app", make_app)
    code, out, err = run("--saves-dir", "/somewhere", "battle", "resume", BRIDGE)
    assert (code, out, err) == (0, "", "")
    assert [(app.kwargs, app.ran) for app in made] == [
        ({"battle_path": BRIDGE, "saves_dir": "/somewhere"}, True)
    ]


def test_resume_goes_on_from_the_backup_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tui.app

    made: list[FakeApp] = []

    def make_app(**kwargs: Any) -> FakeApp:
        made.append(FakeApp(**kwargs))
        return made[-1]

    monkeypatch.setattr(tui.app, "make_app", make_app)
    path = tmp_path / "b.toml"
    damaged = BRIDGE.read_text(encoding="utf-8")
    damaged = damaged[: damaged.index("[[events]]  # 5")]
    path.write_text(damaged, encoding="utf-8")
    path.with_name("b.toml.bak").write_bytes(BRIDGE.read_bytes())
    code, _, err = run("battle", "resume", path)
    assert (code, made) == (2, [])
    assert "cut short" in err
    code, out, err = run("battle", "resume", "--use-backup", path)
    assert (code, err) == (0, "")
    assert out == f"going on from {path}.bak; the damaged file is kept as {path}.damaged\n"
    assert [app.kwargs["battle_path"] for app in made] == [path]
    assert path.read_bytes() == BRIDGE.read_bytes()
    assert path.with_name("b.toml.damaged").read_text(encoding="utf-8") == damaged


def test_resume_explains_a_damaged_file_before_starting_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tui.app

    monkeypatch.setattr(tui.app, "make_app", FakeApp)
    path = tmp_path / "b.toml"
    path.write_text('format = "warband.battle/9"\n', encoding="utf-8")
    code, _, err = run("battle", "resume", path)
    assert code == 2
    assert err == (
        f"{path} was saved by a newer warband\n"
        f"  {path}:1: format: warband.battle/9 is newer than this warband reads "
        "(warband.battle/3); update warband to open it; the file is unchanged\n"
    )


def test_use_backup_refuses_a_file_of_a_newer_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A newer file is whole: going on from the older backup would set it aside and lose
    what was played since, so both files stay as they are and the app does not start."""
    import tui.app

    made: list[FakeApp] = []
    monkeypatch.setattr(tui.app, "make_app", lambda **kw: made.append(FakeApp(**kw)))
    path = tmp_path / "b.toml"
    newer = b'format = "warband.battle/9"\n'
    path.write_bytes(newer)
    path.with_name("b.toml.bak").write_bytes(BRIDGE.read_bytes())
    code, out, err = run("battle", "resume", "--use-backup", path)
    assert (code, out, made) == (2, "", [])
    assert err == (
        f"{path} was saved by a newer warband\n"
        f"  {path}:1: format: warband.battle/9 is newer than this warband reads "
        "(warband.battle/3); update warband to open it; the file is unchanged\n"
        f"  {path}: --use-backup goes on from the backup only when the file is damaged; "
        "this one is whole, so it and its backup stay as they are; open the backup on its "
        f"own with: warband battle show {path}.bak\n"
    )
    assert path.read_bytes() == newer
    assert path.with_name("b.toml.bak").read_bytes() == BRIDGE.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.toml", "b.toml.bak"]


def test_battle_help_lists_its_actions(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["battle", "--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    for action in ("new", "show", "resume"):
        assert f"    {action}" in out
    with pytest.raises(SystemExit) as exited:
        main(["battle"])
    assert exited.value.code == 2
