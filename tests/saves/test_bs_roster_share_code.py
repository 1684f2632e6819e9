"""Share codes of BattleScribe rosters (``WBS1-``): a roster round-trips exactly, and a
stranger's code only ever gives a ``ShareCodeError`` with a reason."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import given, settings

from model.bsdata.roster import BsRoster
from model.bsdata.roster_toml import FORMAT, BsRosterFile
from saves.bs_share_code import (
    MAX_CODE,
    MAX_DEPTH,
    MAX_INFLATED,
    contains_bs_code,
    decode_bs,
    encode_bs,
)
from saves.share_code import ShareCodeError, contains_code
from tests.model.bsdata.test_ros_read import EXPECTED
from tests.saves.test_bs_roster_file import rosters

SAVED = BsRosterFile("scrap-derby", EXPECTED)


def packed(payload: bytes, prefix: str = "WBS1-") -> str:
    """A code around any bytes, as a hostile sender would make one."""
    return prefix + base64.urlsafe_b64encode(zlib.compress(payload)).decode().rstrip("=")


def reason(code: str) -> str:
    with pytest.raises(ShareCodeError) as caught:
        decode_bs(code)
    (problem,) = caught.value.problems
    return problem.message


def test_a_roster_round_trips_exactly() -> None:
    code = encode_bs(SAVED)
    assert code.startswith("WBS1-")
    assert set(code[5:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert decode_bs(code) == SAVED
    # the fixture's 6 selections in 2 forces, with their long ids, notes and names
    assert len(code) < 1200


def test_a_code_in_a_chat_message_over_several_lines() -> None:
    code = encode_bs(SAVED)
    wrapped = "\n".join(code[i : i + 50] for i in range(0, len(code), 50))
    assert decode_bs(f"our list for Sunday:\n{wrapped}\nsee you") == SAVED


def test_the_command_line_can_tell_the_two_kinds_of_code_apart() -> None:
    code = encode_bs(SAVED)
    assert contains_bs_code(code)
    assert not contains_bs_code("WB1-abc")
    # the other kind's pattern needs a digit after WB: the prefix alone never matches it
    assert not contains_code("WBS1-")


def test_a_roster_in_a_code_is_checked_like_a_file() -> None:
    doc: dict[str, object] = {"format": FORMAT, "system": "s", "name": "n", "game_system_id": "g"}
    doc["forces"] = [
        {"entry_id": "fe", "catalogue_id": "c", "selections": [{"entry_id": "a", "number": 0}]}
    ]
    with pytest.raises(ShareCodeError) as caught:
        decode_bs(packed(json.dumps(doc).encode()))
    assert [str(p) for p in caught.value.problems] == [
        "<share code>: forces[1].selections[1].number: must be a number from 1 to 1000000, got 0"
    ]


@pytest.mark.parametrize(
    ("code", "told"),
    [
        ("no code here", "no share code of a BattleScribe roster found"),
        ("WBS2-abcd", "the code is format WBS2; this warband reads WBS1"),
        ("WBS1-!!!!", "the code is cut short"),
        ("WBS1-abcd", "the code is damaged (it does not inflate)"),
        (packed(b"[1, 2]"), "the code does not hold a roster"),
        (packed(b'{"name": "\\ud800"}'), "the code is damaged (its contents are not readable)"),
        (packed(b"\xff\xfe"), "the code is damaged (its text is not UTF-8)"),
        (packed(b"{" * 10 + b"}" * 10), "the code is damaged (its contents are not readable)"),
        (
            packed(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1)),
            f"the code nests deeper than {MAX_DEPTH} levels; a roster never does",
        ),
        (
            packed(b" " * (MAX_INFLATED + 10)),
            f"the code inflates to more than {MAX_INFLATED:,} bytes; a roster is far less",
        ),
        (
            "WBS1-" + "A" * (MAX_CODE + 1),
            f"the code is over {MAX_CODE:,} characters; a share code has at most that",
        ),
    ],
)
def test_a_strangers_code_is_refused_with_a_reason(code: str, told: str) -> None:
    assert reason(code) == told


def test_a_number_of_thousands_of_digits_is_told_by_its_length() -> None:
    doc = (
        '{"format": "warband.bsroster/1", "system": "s", "name": "n", "game_system_id": "g",'
        ' "game_system_revision": ' + "9" * 5000 + "}"
    )
    with pytest.raises(ShareCodeError) as caught:
        decode_bs(packed(doc.encode()))
    assert [p.message for p in caught.value.problems] == [
        "must be a number from 0 to 1000000000, got a 5,000-digit number"
    ]


def test_control_characters_in_a_code_never_reach_a_terminal() -> None:
    doc = {"format": FORMAT, "system": "s", "name": "Hogs\u001b[2J", "game_system_id": "g"}
    assert decode_bs(packed(json.dumps(doc).encode())).roster.name == "Hogs[2J"


@settings(max_examples=100)
@given(rosters)
def test_any_roster_round_trips_through_its_code(roster: BsRoster) -> None:
    saved = BsRosterFile("scrap-derby", roster)
    assert decode_bs(encode_bs(saved)) == saved
