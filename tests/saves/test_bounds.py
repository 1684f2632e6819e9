"""Numbers crossing the file boundary are bounded as the schema says: a share code or a
battle file naming a huge number is refused with the key path and the range, quickly,
as warband's own error (never an OverflowError, a MemoryError or a traceback)."""

from __future__ import annotations

import base64
import zlib

import pytest
from pydantic import TypeAdapter

from model.core.problems import BattleError, RosterError
from saves.battle_document import BattleDocument
from saves.battle_read import battle_from_bytes
from saves.share_code import ShareCodeError, decode
from tests.conftest import FIXTURES
from tests.model.test_bounds import unbounded

BRIDGE = (FIXTURES / "battles" / "bridge.toml").read_text(encoding="utf-8")


def packed(doc: str) -> str:
    """A code holding this JSON text, as a hostile sender would make one."""
    return "WB1-" + base64.urlsafe_b64encode(zlib.compress(doc.encode(), 9)).decode().rstrip("=")


def refused(code: str) -> list[str]:
    with pytest.raises(ShareCodeError) as caught:
        decode(code)
    assert isinstance(caught.value, RosterError)
    assert caught.value.title == "not a usable share code"
    return [str(p) for p in caught.value.problems]


def band(limit: str = "500", entries: str = "[]") -> str:
    return f'[1,"punkapocalyptic","gangers","Rust Rats",{limit},null,{entries}]'


class TestShareCodes:
    def test_a_pack_of_a_billion_models(self) -> None:
        code = packed(band(entries='[["addler",null,1000000000,[],null]]'))
        assert len(code) < 120
        assert refused(code) == [
            "<share code>: units[1].models: must be a number from 1 to 200, got 1000000000"
        ]

    def test_a_number_too_long_for_python_to_read_at_once(self) -> None:
        assert refused(packed(band(limit="9" * 4301))) == [
            "<share code>: points_limit: must be a number from 1 to 100000, "
            "got a 4,301-digit number"
        ]

    def test_a_number_as_long_as_the_code_may_inflate_to(self) -> None:
        count = "-" + "9" * 150_000
        code = packed(band(entries=f'[["chief",null,1,[["bullet",{count}]],null]]'))
        assert refused(code) == [
            "<share code>: units[1].items.bullet: must be a number from 1 to 1000, "
            "got a 150,000-digit negative number"
        ]

    def test_every_problem_at_once_with_its_key_path(self) -> None:
        entries = '[["ganger",null,0,[["bullet",5000]],null],["ganger",null,201,[],null]]'
        assert refused(packed(band(limit="1e999", entries=entries))) == [
            "<share code>: points_limit: expected a whole number, got inf",
            "<share code>: units[1].models: must be a number from 1 to 200, got 0",
            "<share code>: units[1].items.bullet: must be a number from 1 to 1000, got 5000",
            "<share code>: units[2].models: must be a number from 1 to 200, got 201",
        ]


def test_a_battle_file_number_has_a_range() -> None:
    assert unbounded(TypeAdapter(BattleDocument).json_schema()) == []


class TestBattleFiles:
    def test_an_item_count_of_a_hundred_million(self) -> None:
        text = BRIDGE.replace("count = 3,", "count = 100000000,", 1)
        with pytest.raises(BattleError) as caught:
            battle_from_bytes(text.encode(), "bridge.toml")
        assert caught.value.render() == (
            "bridge.toml is not a valid battle\n"
            "  bridge.toml:67: models[1].items[3].count: must be a number from 1 to 1000, "
            "got 100000000\n"
            "  there is no backup (bridge.toml.bak) next to it"
        )

    def test_a_huge_count_at_the_end_is_told_by_its_length(self) -> None:
        text = BRIDGE.replace("[end]\nevents = 21", "[end]\nevents = " + "9" * 4300)
        with pytest.raises(BattleError) as caught:
            battle_from_bytes(text.encode(), "bridge.toml")
        assert str(caught.value.problems[0]) == (
            "bridge.toml:995: end.events: says a 4,300-digit number but the file holds "
            "21 [[events]]; the file was cut short or edited; if you removed or added "
            "[[events]] yourself, set events = 21"
        )

    @pytest.mark.parametrize(
        ("old", "new", "told"),
        [
            ("turn_limit = 6", "turn_limit = 0", "turn_limit: must be a number from 1 to 1000000"),
            ("seed = 7", "seed = 9223372036854775808", "seed: must be a number from"),
            ("side = 0\npoints = 1", "side = 4\npoints = 1", "side: must be a number from 0 to 3"),
        ],
    )
    def test_header_and_event_numbers(self, old: str, new: str, told: str) -> None:
        assert old in BRIDGE
        with pytest.raises(BattleError) as caught:
            battle_from_bytes(BRIDGE.replace(old, new, 1).encode(), "bridge.toml")
        assert told in caught.value.render()
