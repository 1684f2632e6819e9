"""Share codes of rosters of BattleScribe game systems: ``WBS1-`` and the roster.

The code holds exactly what the roster's file holds (``model.bsdata.roster_toml``'s
document, ``format`` included), as compact JSON, deflated and base64url-encoded
without padding, like the codes of warband's own rosters (``saves.share_code``). The
prefix differs (``WBS1-``, not ``WB1-``) so ``warband import`` knows which it holds
before decoding anything; a later layout gets ``WBS2-`` and this one still reads.

A BattleScribe roster names its entries by ids of some twenty characters each, so its
code is longer than a warband roster's (a Gaslands team of 30 selections is about
2,000 characters): the caps are wider, and still bound every step. Decoding trusts
nothing: the code's length, the inflated size and the nesting are capped before the
JSON is parsed, every failure is a ``ShareCodeError`` saying what is wrong, and the
roster is checked by the same schema as a file, with the same messages.

The command line must look for this prefix before the other: a ``WBS1-`` code's
characters may, by chance, hold ``WB1-``.
"""

from __future__ import annotations

import base64
import itertools
import json
import re
import zlib
from typing import Any, NoReturn

from model.bsdata.roster_bounds import MAX_FORCE_DEPTH, MAX_SELECTION_DEPTH
from model.bsdata.roster_toml import BsRosterFile, roster_from_data, roster_to_data
from model.core.problems import Problem
from model.core.safe_text import clean_data
from saves.share_code import SOURCE, ShareCodeError, code_body, inflate, json_doc

PREFIX = "WBS1-"
VERSION = 1

MAX_CODE = 200_000
"""Characters a code may have: a 300-selection army is some 15,000."""

MAX_INFLATED = 2_000_000
"""Bytes the inflated JSON may have: the most a roster file may have
(``model.parse.toml_text.MAX_BYTES``)."""

MAX_DEPTH = 2 + 2 * (MAX_FORCE_DEPTH + MAX_SELECTION_DEPTH)
"""The roster's table, and a list and a table for each level of forces and selections."""

MAX_TRIES = 10
"""``WBS`` prefixes tried in one pasted text."""

_START = re.compile(r"WBS(\d+)-")


def encode_bs(saved: BsRosterFile) -> str:
    """The roster's share code."""
    raw = json.dumps(roster_to_data(saved), ensure_ascii=False, separators=(",", ":"))
    packed = base64.urlsafe_b64encode(zlib.compress(raw.encode("utf-8"), 9)).rstrip(b"=")
    return PREFIX + packed.decode("ascii")


def contains_bs_code(text: str) -> bool:
    """Whether ``text`` holds something that starts like such a code (``WBS1-``)."""
    return _START.search(text) is not None


def decode_bs(text: str) -> BsRosterFile:
    """The roster a code holds, found in ``text`` (a chat message, across line breaks),
    or ``ShareCodeError``. Where the text holds several ``WBS`` prefixes the first that
    decodes wins; when none does, the first one's problem is told."""
    starts = list(itertools.islice(_START.finditer(text), MAX_TRIES))
    if not starts:
        _fail(
            "no share code of a BattleScribe roster found",
            f"such a code starts with {PREFIX} (copy it whole from warband export)",
        )
    first: ShareCodeError | None = None
    for start in starts:
        try:
            return _decode_at(text, start)
        except ShareCodeError as exc:
            first = first or exc
    assert first is not None
    raise first


def _fail(message: str, hint: str | None = None) -> NoReturn:
    raise ShareCodeError("not a usable share code", [Problem(message, hint=hint)])


def _decode_at(text: str, start: re.Match[str]) -> BsRosterFile:
    body = code_body(text, start, "WBS", VERSION, MAX_CODE)
    doc = _parse(inflate(body, MAX_INFLATED, MAX_CODE))
    found = roster_from_data(doc, SOURCE)
    if isinstance(found, list):
        raise ShareCodeError("not a usable share code", found)
    return found


def _parse(raw: bytes) -> dict[str, Any]:
    doc = json_doc(raw, MAX_DEPTH)
    if not _whole_text(doc):
        _fail("the code is damaged (its contents are not readable)")
    if not isinstance(doc, dict):
        _fail("the code does not hold a roster")
    cleaned: dict[str, Any] = clean_data(doc)
    return cleaned


def _whole_text(doc: Any) -> bool:
    """Whether every text in ``doc`` can be written to a file: JSON can write half of a
    surrogate pair (``"\\ud800"``), which UTF-8 cannot hold. Walked with a list, not
    recursion; the code's size bounds the walk."""
    stack = [doc]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
    return True
