"""The command line with numbers no game needs: each is refused by the schema with exit
code 2 and one exact message naming the file, the key path and the range; none runs
for long, fills memory, prints megabytes or ends in a traceback."""

from __future__ import annotations

import base64
import io
import zlib
from pathlib import Path

from tests.conftest import FIXTURES
from tui.cli import main

GANGERS = FIXTURES / "rosters" / "gangers" / "legal-500.toml"
PACK = FIXTURES / "rosters" / "mutards" / "addler-pack-of-6.toml"
BRIDGE = FIXTURES / "battles" / "bridge.toml"


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([str(a) for a in argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def edited(source: Path, target: Path, old: str, new: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def test_models_of_ten_to_the_twentieth(tmp_path: Path) -> None:
    brute = 'unit = "brute"\n'
    path = edited(GANGERS, tmp_path / "fuzz.toml", brute, brute + "models = 1" + "0" * 20 + "\n")
    assert run("validate", path) == (
        2,
        "",
        f"{path} is not a valid roster\n"
        f"  {path}:29: units[3].models: must be a number from 1 to 200, "
        "got 100000000000000000000\n",
    )


def test_a_400_digit_points_limit(tmp_path: Path) -> None:
    limit = "points_limit = "
    path = edited(GANGERS, tmp_path / "big.toml", limit + "500", limit + "9" * 400)
    assert run("validate", path) == (
        2,
        "",
        f"{path} is not a valid roster\n"
        f"  {path}:16: points_limit: must be a number from 1 to 100000, got a 400-digit number\n",
    )


def test_a_4300_digit_item_count(tmp_path: Path) -> None:
    path = edited(GANGERS, tmp_path / "ammo.toml", "bullet = 3", "bullet = " + "9" * 4300)
    assert run("export", path, "--format", "text") == (
        2,
        "",
        f"{path} is not a valid roster\n"
        f"  {path}:21: units[1].items.bullet: must be a number from 1 to 1000, "
        "got a 4,300-digit number\n",
    )


def test_a_pack_of_a_hundred_million_is_refused_not_listed(tmp_path: Path) -> None:
    path = edited(PACK, tmp_path / "litter.toml", "models = 6", "models = 100000000")
    assert run("show", path) == (
        2,
        "",
        f"{path} is not a valid roster\n"
        f"  {path}:18: units[2].models: must be a number from 1 to 200, got 100000000\n",
    )


def test_a_pack_as_large_as_allowed_is_summarised(tmp_path: Path) -> None:
    path = edited(PACK, tmp_path / "litter.toml", "models = 6", "models = 200")
    code, out, err = run("validate", path)
    assert (code, err) == (1, "")
    assert (
        "Addler (unit 2) has 200 models; an Addler entry has 2 to 5: set models to 5, "
        "or split it into 40 entries of 5\n"
    ) in out
    assert len(out) < 2000


def code_of(doc: str) -> str:
    return "WB1-" + base64.urlsafe_b64encode(zlib.compress(doc.encode(), 9)).decode().rstrip("=")


def test_a_short_code_with_a_pack_of_a_billion(tmp_path: Path) -> None:
    pack = '["addler",null,1000000000,[],null]'
    code = code_of(f'[1,"punkapocalyptic","mutards","X",500,null,[{pack}]]')
    target = tmp_path / "x.toml"
    assert run("import", code, "-o", target) == (
        2,
        "",
        "not a usable share code\n"
        "  <share code>: units[1].models: must be a number from 1 to 200, got 1000000000\n",
    )
    assert not target.exists()


def test_a_code_with_a_4301_digit_number(tmp_path: Path) -> None:
    code = code_of('[1,"punkapocalyptic","gangers","X",' + "9" * 4301 + ",null,[]]")
    assert run("import", code, "-o", tmp_path / "x.toml") == (
        2,
        "",
        "not a usable share code\n"
        "  <share code>: points_limit: must be a number from 1 to 100000, "
        "got a 4,301-digit number\n",
    )


def test_a_battle_with_an_item_count_of_a_hundred_million(tmp_path: Path) -> None:
    path = edited(BRIDGE, tmp_path / "bridge.toml", "count = 3,", "count = 100000000,")
    told = (
        f"{path} is not a valid battle\n"
        f"  {path}:67: models[1].items[3].count: must be a number from 1 to 1000, "
        "got 100000000\n"
        f"  there is no backup (bridge.toml.bak) next to it\n"
    )
    assert run("battle", "show", path) == (2, "", told)
    assert run("battle", "report", path) == (2, "", told)


def test_a_battle_cannot_start_with_a_turn_limit_out_of_range(tmp_path: Path) -> None:
    target = tmp_path / "b.toml"
    code, out, err = run("battle", "new", GANGERS, PACK, "--turns", "2000000", "-o", target)
    assert (code, out) == (2, "")
    assert err == (
        "cannot start the battle\n  turn_limit: must be a number from 1 to 1000000, got 2000000\n"
    )
    assert not target.exists()
