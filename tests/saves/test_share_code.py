"""Share codes: every band round-trips exactly, and hostile codes only ever give a
``ShareCodeError`` with a reason (never a traceback, never unbounded work)."""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.core.safe_text import terminal_safe
from model.roster.roster import Roster, RosterUnit
from saves.roster_file import read_roster
from saves.share_code import MAX_CODE, MAX_INFLATED, ShareCodeError, decode, encode
from tests.conftest import FIXTURES
from tests.helpers import bundled

BANDS = sorted((FIXTURES / "rosters").glob("*/legal-500.toml"))
EXAMPLES = settings(max_examples=200, deadline=None)


def band(path: Path) -> Roster:
    roster, _ = read_roster(path)
    return roster


def packed(payload: bytes) -> str:
    """A code around any bytes, as a hostile sender would make one."""
    return "WB1-" + base64.urlsafe_b64encode(zlib.compress(payload)).decode().rstrip("=")


def reason(code: str) -> str:
    with pytest.raises(ShareCodeError) as caught:
        decode(code)
    (problem,) = caught.value.problems
    return problem.message


def test_there_is_a_legal_band_for_every_bundled_faction() -> None:
    factions = {f.faction.id for f in bundled().factions.values()}
    assert {p.parent.name.replace("-", "_") for p in BANDS} == {
        f.replace("-", "_") for f in factions
    }


@pytest.mark.parametrize("path", BANDS, ids=lambda p: p.parent.name)
def test_every_band_round_trips_to_the_identical_roster(path: Path) -> None:
    roster = band(path)
    code = encode(roster)
    assert decode(code) == roster
    # short enough for a chat message, and safe in a URL
    assert len(code) < 600
    assert set(code[4:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_a_code_in_a_message_wrapped_by_a_chat_program() -> None:
    roster = band(BANDS[0])
    code = encode(roster)
    wrapped = "\n".join(code[i : i + 40] for i in range(0, len(code), 40))
    assert decode(f"my band for Sunday:\n{wrapped}\nsee you there") == roster


ids = st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}", fullmatch=True)
texts = (
    st.text(min_size=1, max_size=40)
    .map(terminal_safe)
    .filter(lambda t: t.strip() == t and t.strip())
)
"""Control characters are dropped where a file or a code is read (``model.core.safe_text``),
so only texts without them can come back the same."""
units = st.builds(
    RosterUnit,
    unit=ids,
    name=st.none() | texts,
    models=st.integers(1, 20),
    items=st.dictionaries(ids, st.integers(1, 9), max_size=6),
    notes=st.none() | st.text(max_size=80).map(terminal_safe),
)
rosters = st.builds(
    Roster,
    system=ids,
    faction=ids,
    name=texts,
    points_limit=st.integers(1, 5000),
    units=st.lists(units, max_size=12).map(tuple),
    notes=st.none() | st.text(max_size=200).map(terminal_safe),
)


@EXAMPLES
@given(rosters)
def test_any_roster_round_trips(roster: Roster) -> None:
    assert decode(encode(roster)) == roster


@EXAMPLES
@given(st.text(max_size=300))
def test_random_text_is_refused_with_a_reason(text: str) -> None:
    try:
        decode(text)
    except ShareCodeError as exc:
        assert exc.problems
    # a random text that happens to be a roster's code is fine too


@EXAMPLES
@given(st.data())
def test_mutated_codes_decode_or_are_refused(data: st.DataObject) -> None:
    code = encode(band(data.draw(st.sampled_from(BANDS))))
    chars = list(code)
    for _ in range(data.draw(st.integers(1, 5))):
        at = data.draw(st.integers(4, len(chars) - 1))
        how = data.draw(st.sampled_from(["change", "drop", "add"]))
        letter = data.draw(st.sampled_from("AZaz09-_+/=!é"))
        if how == "change":
            chars[at] = letter
        elif how == "drop":
            del chars[at]
        else:
            chars.insert(at, letter)
    try:
        decoded = decode("".join(chars))
    except ShareCodeError as exc:
        assert exc.problems
    else:
        assert isinstance(decoded, Roster)


@EXAMPLES
@given(st.binary(max_size=400))
def test_any_bytes_behind_the_prefix_are_refused_or_a_roster(payload: bytes) -> None:
    try:
        decode(packed(payload))
    except ShareCodeError as exc:
        assert exc.problems


class TestHostileCodes:
    def test_a_zip_bomb_is_cut_off(self) -> None:
        bomb = packed(b" " * (MAX_INFLATED * 50))
        assert len(bomb) < MAX_CODE
        assert "inflates to more than" in reason(bomb)

    def test_deep_nesting_is_refused_before_parsing(self) -> None:
        assert "nests deeper" in reason(packed(b"[" * 100_000 + b"]" * 100_000))

    def test_a_huge_code_is_refused_by_its_length(self) -> None:
        assert "at most" in reason("WB1-" + "A" * (MAX_CODE + 1))

    def test_not_a_roster(self) -> None:
        assert reason(packed(b'{"system": "x"}')) == "the code does not hold a roster"
        assert reason(packed(b"[1,2,3]")) == "the code does not hold a roster"
        with pytest.raises(ShareCodeError) as caught:
            decode(packed(b'[1,"s","f","n",500,null,[["u",null,0,[],null]]]'))
        assert [str(p) for p in caught.value.problems] == [
            "<share code>: units[1].models: must be a number from 1 to 200, got 0"
        ]
        twice = b'[1,"s","f","n",500,null,[["u",null,1,[["a",1],["a",2]],null]]]'
        assert reason(packed(twice)) == "entry 1 of the code names an item twice"

    def test_damaged_codes(self) -> None:
        code = encode(band(BANDS[0]))
        assert reason(code[: len(code) // 2]) == "the code is cut short"
        assert reason("WB1-" + "%%%") == "the code is cut short"
        assert reason("WB1-AAAA") == "the code is damaged (it does not inflate)"

    def test_a_newer_format(self) -> None:
        assert reason("WB2-" + encode(band(BANDS[0]))[4:]) == (
            "the code is format WB2; this warband reads WB1"
        )

    def test_no_code_at_all(self) -> None:
        assert reason("hello there") == "no share code found"
